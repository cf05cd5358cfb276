"""The command line, run as a new user would: on a folder of texts and on CSV tables made here.

Every result is checked against the same model trained in Python, so the
command line can only add reading and printing, never numbers of its own.
Every refusal must exit with status 2, print exactly one line that names the
problem, and write no model file.
"""

import io
import json
from argparse import ArgumentTypeError
import subprocess
import sys
from pathlib import Path

import pytest

from naivebayes import CategoricalNB, MixedNB, MultinomialNB, Tokenizer, load, to_json
from naivebayes.command_line import build_parser, main
from naivebayes.command_line.commands import number
from naivebayes.command_line.inputs import Progress
from naivebayes.datasets import load_iris, load_play_tennis, load_spam

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ["train", "predict", "explain", "evaluate", "demo"]


def run(*argv):
    """``main(argv)``: (exit status, what it printed on stdout, on stderr)."""
    out, err = io.StringIO(), io.StringIO()
    status = main([str(arg) for arg in argv], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def spam():
    texts, labels = load_spam()
    return texts, labels


@pytest.fixture
def text_folder(tmp_path, spam):
    """The spam corpus as a folder of class subfolders, one file per message."""
    texts, labels = spam
    folder = tmp_path / "messages"
    for number, (text, label) in enumerate(zip(texts, labels)):
        (folder / label).mkdir(parents=True, exist_ok=True)
        (folder / label / f"{number:04}.txt").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def iris_csv(tmp_path):
    iris = load_iris()
    path = tmp_path / "flowers.csv"
    lines = [",".join(iris.features + ["species"])]
    lines += [",".join([*(repr(row[f]) for f in iris.features), label]) for row, label in zip(iris.rows, iris.labels)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def tennis_csv(tmp_path):
    rows, labels, _ = load_play_tennis()
    path = tmp_path / "tennis.csv"
    features = list(rows[0])
    lines = [",".join(["day", *features, "play"])]
    lines += [",".join([f"D{n}", *(row[f] for f in features), label]) for n, (row, label) in enumerate(zip(rows, labels), 1)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def sorted_files(folder):
    return sorted(path for path in folder.rglob("*.txt"))


# ---------------------------------------------------------------------------
# A folder of texts
# ---------------------------------------------------------------------------


def test_train_on_a_folder_writes_the_model_python_would_fit(text_folder, tmp_path):
    status, out, err = run("train", text_folder, "-o", tmp_path / "spam.json")
    assert (status, err) == (0, "")
    assert out.startswith("trained MultinomialNB on 110 texts in 2 classes")
    files = sorted_files(text_folder)
    texts = [path.read_text(encoding="utf-8") for path in files]
    labels = [path.parent.name for path in files]
    expected = MultinomialNB(tokenizer=Tokenizer()).fit(texts, labels)
    saved = json.loads((tmp_path / "spam.json").read_text(encoding="utf-8"))
    metadata = saved.pop("metadata")
    assert saved == {**json.loads(to_json(expected)), "format_version": 2}
    assert metadata["command_line"]["data"] == "folder" and metadata["training_data"]["examples"] == 110


def test_predict_prints_what_the_model_predicts_for_each_file(text_folder, tmp_path):
    model_file = tmp_path / "spam.json"
    run("train", text_folder, "-o", model_file, "--model", "bernoulli", "--alpha", "1/2")
    status, out, err = run("predict", model_file, text_folder, "--probabilities")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "input\tprediction\tP(ham)\tP(spam)"
    model = load(model_file)
    files = sorted_files(text_folder)
    texts = [path.read_text(encoding="utf-8") for path in files]
    probabilities = model.predict_proba(texts)
    assert len(lines) == len(files) + 1
    for line, path, prediction, p in zip(lines[1:], files, model.predict(texts), probabilities):
        name, predicted, p_ham, p_spam = line.split("\t")
        assert name == str(path.relative_to(text_folder))
        assert predicted == prediction
        assert float(p_ham) == pytest.approx(float(p["ham"]), rel=1e-5)
        assert float(p_spam) == pytest.approx(float(p["spam"]), rel=1e-5)


def test_predict_reads_one_text_per_line_with_lines(text_folder, tmp_path):
    model_file = tmp_path / "spam.json"
    run("train", text_folder, "-o", model_file)
    messages = tmp_path / "new.txt"
    messages.write_text("Claim your free prize now\n\nsee you at lunch tomorrow\n", encoding="utf-8")
    status, out, _ = run("predict", model_file, messages, "--lines")
    assert status == 0
    assert out.splitlines() == ["input\tprediction", "line 1\tspam", "line 3\tham"]
    status, out, _ = run("predict", model_file, messages)  # the whole file is one text
    assert out.splitlines()[1:] == [f"new.txt\t{load(model_file).predict([messages.read_text()])[0]}"]


def test_explain_prints_the_models_own_explanation(text_folder, tmp_path):
    model_file = tmp_path / "spam.json"
    run("train", text_folder, "-o", model_file)
    status, out, err = run("explain", model_file, "Claim", "your", "free", "prize")
    assert (status, err) == (0, "")
    assert out == str(load(model_file).explain("Claim your free prize")) + "\n"
    text_file = tmp_path / "one.txt"
    text_file.write_text("Claim your free prize", encoding="utf-8")
    assert run("explain", model_file, "--file", text_file)[1] == out


def test_evaluate_prints_accuracy_report_and_confusion_matrix(text_folder, tmp_path):
    model_file = tmp_path / "spam.json"
    run("train", text_folder, "-o", model_file)
    status, out, err = run("evaluate", model_file, text_folder)
    assert status == 0 and err.startswith("note: these are the very examples the model was trained on")
    files = sorted_files(text_folder)
    model = load(model_file)
    predictions = model.predict([path.read_text(encoding="utf-8") for path in files])
    correct = sum(p == path.parent.name for p, path in zip(predictions, files))
    assert out.splitlines()[0] == f"{len(files)} examples, accuracy {correct / len(files):.4f}"
    assert "precision" in out and "true \\ predicted" in out


def test_a_file_that_is_not_utf8_is_read_as_latin1_and_said_so(tmp_path):
    folder = tmp_path / "texts"
    (folder / "a").mkdir(parents=True)
    (folder / "b").mkdir()
    (folder / "a" / "1.txt").write_bytes("café au lait".encode("latin-1"))
    (folder / "b" / "1.txt").write_text("tea with milk", encoding="utf-8")
    (folder / "b" / ".DS_Store").write_bytes(b"\x00\x01")  # hidden files are left out
    status, _, err = run("train", folder, "-o", tmp_path / "m.json")
    assert status == 0
    assert err.splitlines() == [f"note: 1 of 2 files were not UTF-8 and were read as Latin-1 (the first: {folder / 'a' / '1.txt'})"]
    assert "café" in load(tmp_path / "m.json").vocabulary_


def test_stop_words_and_stemming_are_saved_with_the_model(text_folder, tmp_path):
    run("train", text_folder, "-o", tmp_path / "m.json", "--stop-words", "--stem")
    model = load(tmp_path / "m.json")
    assert model.tokenizer("The offers are slowly expiring") == ["offer", "slowli", "expir"]


# ---------------------------------------------------------------------------
# CSV tables
# ---------------------------------------------------------------------------


def test_train_on_a_table_fits_mixed_naive_bayes_on_the_last_column(iris_csv, tmp_path):
    status, out, _ = run("train", iris_csv, "-o", tmp_path / "iris.json")
    assert status == 0 and out.startswith("trained MixedNB on 150 rows of 4 features in 3 classes")
    iris = load_iris()
    expected = MixedNB().fit(iris.rows, iris.labels)
    loaded = load(tmp_path / "iris.json")
    assert loaded.predict_proba(iris.rows) == expected.predict_proba(iris.rows)


def test_table_predict_explain_and_evaluate(tennis_csv, tmp_path):
    model_file = tmp_path / "tennis.json"
    rows, labels, test_row = load_play_tennis()
    # The day names are a feature of the file; leave them out by training on a copy without them.
    plain = tmp_path / "plain.csv"
    plain.write_text("\n".join(line.split(",", 1)[1] for line in tennis_csv.read_text().splitlines()) + "\n")
    status, _, _ = run("train", plain, "-o", model_file, "--model", "categorical")
    assert status == 0
    expected = CategoricalNB().fit(rows, labels)

    status, out, _ = run("predict", model_file, plain)  # the one column the model does not know is left out
    assert out.splitlines()[1:] == [f"row {n}\t{p}" for n, p in enumerate(expected.predict(rows), 1)]

    pairs = [f"{feature}={value}" for feature, value in test_row.items()]
    status, out, _ = run("explain", model_file, *pairs)
    assert (status, out) == (0, str(expected.explain(test_row)) + "\n")
    assert "5/14" in out  # exact fractions, as in Python
    status, out, _ = run("explain", model_file, "--file", plain, "--row", "3")
    assert out == str(expected.explain(rows[2])) + "\n"

    status, out, _ = run("evaluate", model_file, plain)
    assert status == 0 and out.startswith("14 examples, accuracy")


def test_a_table_of_texts_trains_a_text_model(tmp_path, spam):
    texts, labels = spam
    table = tmp_path / "messages.csv"
    import csv

    with open(table, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["label", "message"])
        writer.writerows(zip(labels, texts))
    status, out, _ = run("train", table, "-o", tmp_path / "m.json", "--model", "multinomial")
    assert status == 0 and "110 texts in 2 classes" in out
    assert to_json(load(tmp_path / "m.json")) == to_json(MultinomialNB(tokenizer=Tokenizer()).fit(texts, labels))
    status, out, _ = run("predict", tmp_path / "m.json", table, "--label", "label")
    assert out.splitlines()[1:3] == ["row 1\tham", "row 2\tspam"]


# ---------------------------------------------------------------------------
# Help, refusals, progress
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", [[], *[[name] for name in COMMANDS]])
def test_help_exits_0(command, capsys):
    assert main([*command, "--help"]) == 0
    assert "usage: naivebayes" in capsys.readouterr().out


def write_broken_files(tmp_path):
    (tmp_path / "broken.json").write_text('{"format": "naivebayes model", "format_version": 1', encoding="utf-8")
    (tmp_path / "one-class" / "only").mkdir(parents=True)
    (tmp_path / "one-class" / "only" / "a.txt").write_text("hello", encoding="utf-8")
    (tmp_path / "loose").mkdir()
    (tmp_path / "loose" / "a.txt").write_text("hello", encoding="utf-8")
    (tmp_path / "wide.csv").write_text("a,b,label\n1,2,x\n3\n", encoding="utf-8")
    ids = "id,colour,label\n" + "".join(f"{n},red,{n}\n" for n in range(30))
    (tmp_path / "ids.csv").write_text(ids, encoding="utf-8")


BAD_CALLS = [
    # (arguments, a phrase of the one-line message)
    (["train"], "the following arguments are required: DATA, -o/--output"),
    (["train", "{tmp}/nowhere", "-o", "{tmp}/m.json"], "does not exist: give the path of"),
    (["train", "{tmp}/loose", "-o", "{tmp}/m.json"], "files outside any class subfolder"),
    (["train", "{tmp}/one-class", "-o", "{tmp}/m.json"], "only the class 'only'"),
    (["train", "{iris}", "-o", "{tmp}/no/such/folder/m.json"], "does not exist; create it first"),
    (["train", "{iris}", "-o", "{tmp}"], "is a folder; --output takes the name of the model file"),
    (["train", "{iris}", "-o", "{tmp}/m.json", "--label", "specie"], "Did you mean 'species'?"),
    (["train", "{iris}", "-o", "{tmp}/m.json", "--alpha", "lots"], "argument --alpha: 'lots' is not a number such as 1"),
    (["train", "{iris}", "-o", "{tmp}/m.json", "--alpha", "1/0"], "argument --alpha: '1/0' is not a fraction"),
    (["train", "{iris}", "-o", "{tmp}/m.json", "--alpha", "-1"], "alpha must be a finite number >= 0"),
    (["train", "{iris}", "-o", "{tmp}/m.json", "--model", "gaussian", "--alpha", "1"], "gaussian naive Bayes has none"),
    (["train", "{iris}", "-o", "{tmp}/m.json", "--model", "forest"], "invalid choice: 'forest'"),
    (["train", "{tmp}/loose", "-o", "{tmp}/m.json", "--model", "gaussian"], "is for tables"),
    (["train", "{tmp}/wide.csv", "-o", "{tmp}/m.json"], "wide.csv, line 3: 1 fields, but the table has 3 columns"),
    (["train", "{tmp}/ids.csv", "-o", "{tmp}/m.json"], "not classes to learn"),
    (["train", "{iris}", "-o", "{tmp}/m.json", "--model", "multinomial"], "which column of"),
    (["predict", "{tmp}/broken.json", "{iris}"], "broken.json"),
    (["predict", "{iris}", "{iris}"], "not valid JSON"),
    (["predict", "{tmp}/missing.json", "{iris}"], "does not exist"),
    (["explain", "{tmp}/broken.json"], "broken.json"),
    (["evaluate", "{tmp}/missing.json", "{iris}"], "does not exist"),
    (["demo", "forest"], "invalid choice: 'forest'"),
    (["forest"], "invalid choice: 'forest'"),
    (["--alpha", "1"], "invalid choice"),
]


@pytest.mark.parametrize("arguments, phrase", BAD_CALLS, ids=[" ".join(a) for a, _ in BAD_CALLS])
def test_a_bad_argument_or_file_exits_2_with_one_line(arguments, phrase, tmp_path, iris_csv):
    write_broken_files(tmp_path)
    argv = [arg.format(tmp=tmp_path, iris=iris_csv) for arg in arguments]
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1, err
    assert phrase in err
    assert not (tmp_path / "m.json").exists()


def test_refusals_of_a_trained_model(iris_csv, text_folder, tmp_path):
    run("train", iris_csv, "-o", tmp_path / "iris.json")
    run("train", text_folder, "-o", tmp_path / "spam.json")
    cases = [
        (["explain", tmp_path / "iris.json", "petal=3"], "the model has no feature 'petal'"),
        (["explain", tmp_path / "iris.json", "petal_length"], "is not a feature=value pair"),
        (["explain", tmp_path / "iris.json"], "give the row to explain"),
        (["explain", tmp_path / "iris.json", "--file", iris_csv, "--row", "151"], "has rows 1 to 150"),
        (["explain", tmp_path / "spam.json"], "give the text to explain"),
        (["predict", tmp_path / "spam.json", iris_csv], "which column of"),
        (["predict", tmp_path / "iris.json", text_folder], "is a folder; give a table"),
        (["predict", tmp_path / "iris.json", iris_csv, "--lines"], "are for text models"),
        (["evaluate", tmp_path / "spam.json", iris_csv, "--text", "species"], "none of the labels in"),
    ]
    headerless = tmp_path / "partial.csv"
    headerless.write_text("sepal_length,sepal_width\n5.1,3.5\n", encoding="utf-8")
    cases.append((["predict", tmp_path / "iris.json", headerless], "no column for the model's feature(s) petal_length"))
    for arguments, phrase in cases:
        status, out, err = run(*arguments)
        assert (status, out) == (2, ""), arguments
        assert len(err.splitlines()) == 1 and phrase in err, (arguments, err)


def test_progress_shows_on_a_terminal_only():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal, pipe = Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        progress = Progress("reading files", 250, stream)
        for done in range(1, 251):
            progress.update(done)
        progress.finish()
    assert "\rreading files: 250 of 250" in terminal.getvalue()
    assert pipe.getvalue() == ""


def test_alpha_is_read_as_python_would_keep_it_exact():
    from fractions import Fraction

    assert [number("1"), number("1/2"), number("0.5")] == [1, Fraction(1, 2), 0.5]
    assert type(number("1")) is int and type(number("0.5")) is float
    with pytest.raises(ArgumentTypeError, match="not a finite number"):  # argparse prints it as one line
        number("inf")


def test_every_command_has_a_parser():
    parser = build_parser()
    subcommands = parser._subparsers._group_actions[0].choices
    assert list(subcommands) == COMMANDS


def test_the_old_worked_example_names_still_run(capsys):
    assert main(["categorical"]) == 0
    assert "5/14" in capsys.readouterr().out


def test_python_dash_m_runs_the_command_line():
    ok = subprocess.run([sys.executable, "-m", "naivebayes", "train", "--help"], capture_output=True, text=True)
    assert ok.returncode == 0 and "usage: python -m naivebayes train" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "naivebayes", "train"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1


def test_the_console_script_is_declared():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'naivebayes = "naivebayes.command_line:main_script"' in text


def test_names_reads_a_table_without_a_header_line(tmp_path):
    # UCI's files, such as adult.data, have no header line: --names gives the columns their names.
    rows, labels, day = load_play_tennis()
    features = list(rows[0])
    table = tmp_path / "tennis.data"
    table.write_text("".join(",".join([*row.values(), label]) + "\n" for row, label in zip(rows, labels)))
    names = ",".join([*features, "play"])
    status, out, _ = run("train", table, "-o", tmp_path / "m.json", "--names", names, "--model", "categorical")
    assert status == 0 and "14 rows of 4 features" in out
    assert load(tmp_path / "m.json").predict_proba(rows) == CategoricalNB().fit(rows, labels).predict_proba(rows)
    status, out, _ = run("evaluate", tmp_path / "m.json", table, "--names", names)
    assert status == 0 and out.startswith("14 examples")
    status, _, err = run("train", table, "-o", tmp_path / "n.json", "--names", "a,,b")
    assert status == 2 and "has an empty name" in err


def test_a_table_of_texts_that_is_not_utf8_is_named(tmp_path):
    table = tmp_path / "latin.csv"
    table.write_bytes("label,text\nx,café au lait\ny,tea\n".encode("latin-1"))
    status, _, err = run("train", table, "-o", tmp_path / "m.json", "--model", "multinomial")
    assert status == 2 and "latin.csv, line 2: the file is not UTF-8 text (the byte 0xe9" in err and "Save it again as UTF-8" in err
