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

from fractions import Fraction

from naivebayes import (
    BernoulliNB, CategoricalNB, GridSearchCV, MixedNB, MultinomialNB, StratifiedKFold, Tokenizer, cross_validate, load,
    to_json,
)
from naivebayes.core.bayes import ZeroProbabilityError
from naivebayes.evaluation.cross_validation import cross_validation_mean, cross_validation_spread
from naivebayes.command_line import build_parser, main
from naivebayes.command_line.commands import typed_number
from naivebayes.command_line.inputs import Progress
from naivebayes.datasets import load_iris, load_play_tennis, load_spam

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ["train", "predict", "explain", "evaluate", "cross-validate", "demo", "assignment", "grade"]


def run(*argv, stdin=None):
    """``main(argv)``: (exit status, what it printed on stdout, on stderr); ``stdin`` stands for standard input."""
    out, err = io.StringIO(), io.StringIO()
    status = main([str(arg) for arg in argv], out=out, err=err, stdin=stdin)
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
    (["train", "{iris}", "-o", "{tmp}/m.json", "--model", "gaussian", "--alpha", "1"], "GaussianNB (--model gaussian) has none (it smooths variances)"),
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
    (["cross-validate", "{iris}", "--folds", "1"], "argument --folds: 1 fold(s): cross-validation needs at least 2"),
    (["cross-validate", "{iris}", "--folds", "ten"], "argument --folds: 'ten' is not a whole number of folds"),
    (["cross-validate", "{iris}", "--folds", "51"], "--folds 51: the class 'setosa' has only 50 example(s), so some folds "
                                                    "would test none of it; use --folds 50 or fewer"),
    (["cross-validate", "{iris}", "--param", "alpha=abc"], "--param alpha=abc: 'abc' is not a number such as 1"),
    (["cross-validate", "{iris}", "--param", "alpha=-1"], "--param alpha=-1: alpha must be a finite number >= 0"),
    (["cross-validate", "{iris}", "--param", "alpha"], "argument --param: 'alpha' is not NAME=VALUE,VALUE,..."),
    (["cross-validate", "{iris}", "--param", "alpha=1,,2"], "'alpha=1,,2' has an empty value"),
    (["cross-validate", "{iris}", "--param", "beta=1,2"], "--param beta: MixedNB has no setting beta; its settings are alpha,"),
    (["cross-validate", "{iris}", "--model", "gaussian", "--param", "alpha=1"],
     "--param alpha: GaussianNB (--model gaussian) has no setting alpha; its settings are var_smoothing, ddof, fit_prior"),
    (["cross-validate", "{iris}", "--param", "distributions=kernel"], "is not one value the command line can type"),
    (["cross-validate", "{iris}", "--param", "fit_prior=maybe"], "--param fit_prior=maybe: fit_prior is true or false"),
    (["cross-validate", "{iris}", "--param", "alpha=1", "--param", "alpha=2"], "--param alpha is given twice"),
    (["cross-validate", "{iris}", "--alpha", "1", "--param", "alpha=1,2"], "give alpha either with --alpha or as --param alpha=A,B"),
    (["cross-validate", "{iris}", "--seed", "3"], "--seed 3 has no effect without --shuffle"),
    (["cross-validate", "{iris}", "--scoring", "auc"], "argument --scoring: invalid choice: 'auc'"),
    (["cross-validate", "{tmp}/one-class"], "only the class 'only'"),
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

    assert [typed_number("1"), typed_number("1/2"), typed_number("0.5")] == [1, Fraction(1, 2), 0.5]
    assert type(typed_number("1")) is int and type(typed_number("0.5")) is float
    with pytest.raises(ArgumentTypeError, match="not a finite number"):  # argparse prints it as one line
        typed_number("inf")


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


# ---------------------------------------------------------------------------
# Issue 19: a tool, not a Python session, on files nobody prepared.
# ---------------------------------------------------------------------------

SHARED_DATA = ROOT.parent / "shared" / "data"
ADULT_LINES = (
    "39, State-gov, 77516, Bachelors, 13, Never-married, Adm-clerical, Not-in-family, White, Male, 2174, 0, 40, United-States, <=50K\n"
    "50, Self-emp-not-inc, 83311, Bachelors, 13, Married-civ-spouse, Exec-managerial, Husband, White, Male, 0, 0, 13, United-States, <=50K\n"
    "38, Private, 215646, HS-grad, 9, Divorced, Handlers-cleaners, Not-in-family, White, Male, 0, 0, 40, United-States, >50K\n"
    "53, Private, 234721, 11th, 7, Married-civ-spouse, Handlers-cleaners, Husband, Black, Male, 0, 0, 40, United-States, >50K\n"
)


def run_with_stdin(text, *argv):
    out, err = io.StringIO(), io.StringIO()
    status = main([str(arg) for arg in argv], out=out, err=err, stdin=io.StringIO(text))
    return status, out.getvalue(), err.getvalue()


def one_line_refusal(result, phrase):
    status, out, err = result
    assert (status, out) == (2, ""), err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert phrase in err, err
    return err


def test_alpha_0_with_a_class_without_words_is_one_line_not_a_traceback(tmp_path):
    folder = tmp_path / "texts"
    for label, texts in (("a", ["free prize", "prize"]), ("b", ["", "  "])):
        (folder / label).mkdir(parents=True)
        for number, text in enumerate(texts):
            (folder / label / f"{number}.txt").write_text(text, encoding="utf-8")
    err = one_line_refusal(run("train", folder, "-o", tmp_path / "m.json", "--alpha", "0"), "--alpha")
    assert "alpha > 0" not in err and "use --alpha above 0" in err
    assert not (tmp_path / "m.json").exists()


def test_an_unexpected_error_is_one_line_too(tmp_path, monkeypatch):
    import naivebayes.command_line.commands as commands

    def broken(*args, **kwargs):
        raise RuntimeError("something the library did not foresee")

    monkeypatch.setattr(commands, "save", broken)
    err = one_line_refusal(
        run("train", ROOT / "naivebayes" / "datasets" / "data" / "iris.csv", "-o", tmp_path / "m.json"),
        "an error the library did not expect (RuntimeError: something the library did not foresee)",
    )
    assert "NAIVEBAYES_TRACEBACK=1" in err


def test_a_file_without_a_header_is_refused_with_no_header(tmp_path):
    table = tmp_path / "adult.data"
    table.write_text(ADULT_LINES, encoding="utf-8")
    err = one_line_refusal(run("train", table, "-o", tmp_path / "m.json"), "the first line looks like data")
    assert "--no-header" in err and "header=False" not in err and "names=[" not in err
    status, out, err = run("train", table, "-o", tmp_path / "m.json", "--no-header", "--model", "categorical")
    assert status == 0 and "4 rows of 14 features" in out, err
    # The model remembers --no-header: predict and evaluate need only the model and the data.
    status, out, err = run("predict", tmp_path / "m.json", table)
    assert status == 0 and out.splitlines()[1].startswith("row 1\t"), err
    status, out, err = run("evaluate", tmp_path / "m.json", table)
    assert status == 0 and out.startswith("4 examples") and "very examples the model was trained on" in err


def test_names_are_remembered(tmp_path):
    rows, labels, _ = load_play_tennis()
    features = list(rows[0])
    table = tmp_path / "tennis.data"
    table.write_text("".join(",".join([*row.values(), label]) + "\n" for row, label in zip(rows, labels)))
    names = ",".join([*features, "play"])
    status, _, err = run("train", table, "-o", tmp_path / "m.json", "--names", names, "--model", "categorical")
    assert status == 0, err
    for command in ("predict", "evaluate"):
        status, out, err = run(command, tmp_path / "m.json", table)
        assert status == 0, err
    status, out, err = run("explain", tmp_path / "m.json", "--file", table, "--row", "3")
    assert status == 0 and out == str(CategoricalNB().fit(rows, labels).explain(rows[2])) + "\n"


@pytest.mark.skipif(not (SHARED_DATA / "adult.data").is_file(), reason="the shared data folder is not present")
def test_uci_adult_as_a_new_user_would_use_it(tmp_path):
    model = tmp_path / "adult.json"
    one_line_refusal(run("train", SHARED_DATA / "adult.data", "-o", model), "--no-header")
    status, out, err = run("train", SHARED_DATA / "adult.data", "-o", model, "--no-header", "--test-size", "0.2")
    assert status == 0, err
    assert "trained MixedNB on 26,048 rows of 14 features in 2 classes" in out
    assert "held out 6,513 of 32,561 examples (--test-size 0.2, stratified, --seed 0): accuracy" in out
    status, out, err = run("evaluate", model, SHARED_DATA / "adult.test")
    # adult.test starts with a banner line and ends its labels with a full stop: both are refused clearly.
    assert status == 2 and len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_stray_quote_in_a_message_file_is_refused_with_no_quotes(tmp_path):
    texts, labels = load_spam()
    lines = [f"{label}\t{text}" for label, text in zip(labels, texts)]
    lines[3] = lines[3].split("\t")[0] + '\t"Quoted start of a message that never closes'
    table = tmp_path / "messages.tsv"
    table.write_text("label\ttext\n" + "\n".join(lines) + "\n", encoding="utf-8")
    err = one_line_refusal(run("train", table, "-o", tmp_path / "m.json", "--model", "multinomial"), "--no-quotes")
    assert "quoting=False" not in err
    status, out, err = run("train", table, "-o", tmp_path / "m.json", "--model", "multinomial", "--no-quotes")
    assert status == 0 and "110 texts" in out, err
    status, out, err = run("evaluate", tmp_path / "m.json", table)  # --no-quotes is remembered
    assert status == 0 and out.startswith("110 examples"), err


def test_a_file_without_an_extension_and_another_delimiter(tmp_path):
    rows, labels, _ = load_play_tennis()
    table = tmp_path / "tennis"
    table.write_text("outlook|temperature|humidity|wind|play\n" + "".join(
        "|".join([*row.values(), label]) + "\n" for row, label in zip(rows, labels)))
    err = one_line_refusal(run("train", table, "-o", tmp_path / "m.json"), "--delimiter '|'")
    assert "delimiter='|'" not in err and ".csv" not in err
    status, out, err = run("train", table, "-o", tmp_path / "m.json", "--delimiter", "|", "--model", "categorical")
    assert status == 0 and "14 rows of 4 features" in out, err
    status, out, err = run("evaluate", tmp_path / "m.json", table)  # the delimiter is remembered
    assert status == 0, err


def test_tab_is_a_delimiter_typed_as_a_word(tmp_path):
    table = tmp_path / "tennis.txt"
    rows, labels, _ = load_play_tennis()
    table.write_text("outlook\ttemperature\thumidity\twind\tplay\n" + "".join(
        "\t".join([*row.values(), label]) + "\n" for row, label in zip(rows, labels)))
    for typed in ("tab", "\\t", "\t"):
        status, out, err = run("train", table, "-o", tmp_path / "m.json", "--delimiter", typed, "--model", "categorical")
        assert status == 0, err
    one_line_refusal(run("train", table, "-o", tmp_path / "m.json", "--delimiter", ";;"), "is not one character")


def test_standard_input_is_read_with_a_dash(tmp_path, iris_csv):
    text = iris_csv.read_text(encoding="utf-8")
    status, out, err = run_with_stdin(text, "train", "-", "-o", tmp_path / "iris.json")
    assert status == 0 and "150 rows of 4 features" in out, err
    status, out, err = run_with_stdin(text, "predict", tmp_path / "iris.json", "-")
    assert status == 0 and len(out.splitlines()) == 151, err
    status, out, err = run_with_stdin(text, "evaluate", tmp_path / "iris.json", "-")
    assert status == 0 and out.startswith("150 examples"), err
    # A text model reads one text from standard input, or one per line with --lines.
    status, _, err = run_with_stdin("", "train", ROOT / "no such folder", "-o", tmp_path / "x.json")
    assert status == 2
    texts, labels = load_spam()
    table = "label,text\n" + "".join(f'{label},"{text}"\n' for label, text in zip(labels, texts))
    status, out, err = run_with_stdin(table, "train", "-", "-o", tmp_path / "spam.json", "--model", "multinomial")
    assert status == 0, err
    status, out, err = run_with_stdin("Claim your free prize\nLunch at noon?\n", "predict", tmp_path / "spam.json", "-", "--lines")
    assert status == 0 and [line.split("\t")[0] for line in out.splitlines()] == ["input", "line 1", "line 2"], err


def test_train_test_size_holds_out_a_seeded_stratified_part(iris_csv, tmp_path):
    from naivebayes import train_test_split

    status, out, err = run("train", iris_csv, "-o", tmp_path / "iris.json", "--test-size", "0.2", "--seed", "7")
    assert status == 0, err
    assert "trained MixedNB on 120 rows" in out and "held out 30 of 150 examples (--test-size 0.2, stratified, --seed 7)" in out
    iris = load_iris()
    train_at, test_at, _, _ = train_test_split(list(range(150)), iris.labels, test_size=0.2, random_state=7, stratify=iris.labels)
    expected = MixedNB().fit([iris.rows[i] for i in train_at], [iris.labels[i] for i in train_at])
    assert load(tmp_path / "iris.json").predict_proba(iris.rows) == expected.predict_proba(iris.rows)
    assert sorted(iris.labels[i] for i in test_at).count("setosa") == 10  # stratified: a third of each class
    status, out, err = run("evaluate", tmp_path / "iris.json", iris_csv)
    assert status == 0 and "this is the data the model was trained on: 120 of these 150" in err
    one_line_refusal(run("train", iris_csv, "-o", tmp_path / "x.json", "--test-size", "1.5"), "--test-size")


def test_none_of_the_labels_is_a_class_shows_the_labels_found(text_folder, tmp_path):
    run("train", text_folder, "-o", tmp_path / "spam.json")
    table = tmp_path / "other.csv"
    table.write_text("label,text\nurgent,Call now\nnormal,See you\n", encoding="utf-8")
    err = one_line_refusal(run("evaluate", tmp_path / "spam.json", table), "none of the labels in")
    assert "the labels found are normal, urgent" in err and "the classes are ham, spam" in err


def test_errors_count_rows_from_1_as_row_does(tmp_path):
    table = tmp_path / "sizes.csv"
    table.write_text("size,label\n1,x\n2,y\ntall,x\n3,y\n", encoding="utf-8")
    err = one_line_refusal(run("train", table, "-o", tmp_path / "m.json", "--model", "gaussian"), "row 3")
    assert "X[2]" not in err and "CategoricalNB" not in err and "--model categorical" in err


def test_explain_advice_is_a_command_not_python(tmp_path):
    table = tmp_path / "t.csv"
    table.write_text("colour,label\nred,x\nblue,y\n", encoding="utf-8")
    run("train", table, "-o", tmp_path / "m.json", "--model", "categorical", "--alpha", "0")
    status, out, err = run("predict", tmp_path / "m.json", tmp_path / "t.csv")
    assert status == 0
    bad = tmp_path / "u.csv"
    bad.write_text("colour\ngreen\n", encoding="utf-8")
    status, out, err = run("predict", tmp_path / "m.json", bad)
    if status == 2:
        assert "model.explain" not in err and "alpha > 0" not in err and "row 1" in err


def tie_model_file(tmp_path):
    folder = tmp_path / "tie"
    for label, text in (("spam", "prize"), ("ham", "lunch")):
        (folder / label).mkdir(parents=True)
        (folder / label / "1.txt").write_text(text, encoding="utf-8")
    run("train", folder, "-o", tmp_path / "tie.json", "--alpha", "0.3")
    return tmp_path / "tie.json"


def test_a_tie_is_broken_the_same_way_through_every_door(tmp_path):
    from naivebayes.core.bayes import decision

    model_file = tie_model_file(tmp_path)
    model = load(model_file)
    text = tmp_path / "unseen.txt"
    text.write_text("nothing either class saw", encoding="utf-8")
    probabilities = model.predict_proba(["nothing either class saw"])[0]
    assert probabilities["ham"] == probabilities["spam"]  # a 0.5/0.5 tie
    python = model.predict(["nothing either class saw"])[0]
    plain = run("predict", model_file, text)[1].splitlines()[1].split("\t")[1]
    with_probabilities = run("predict", model_file, text, "--probabilities")[1].splitlines()[1].split("\t")[1]
    explained = run("explain", model_file, "nothing", "either", "class", "saw")[1]
    assert python == plain == with_probabilities == decision(probabilities) == "ham"
    assert "prediction: ham" in explained


def test_a_message_file_without_header_or_extension_as_a_new_user_meets_it(tmp_path):
    texts, labels = load_spam()
    lines = [f"{label}\t{text}" for label, text in zip(labels, texts)]
    lines[5] = lines[5].split("\t")[0] + '\t"Yes!! ' + lines[5].split("\t")[1]
    messages = tmp_path / "msgs"
    messages.write_text("\n".join(lines) + "\n", encoding="utf-8")
    model = tmp_path / "m.json"
    err = one_line_refusal(run("train", messages, "-o", model, "--model", "multinomial"), "--no-header")
    assert "Pass --delimiter tab" in err
    one_line_refusal(run("train", messages, "-o", model, "--model", "multinomial", "--delimiter", "tab"), "--no-quotes")
    one_line_refusal(run("train", messages, "-o", model, "--model", "multinomial", "--delimiter", "tab", "--no-quotes"),
                     "--no-header")
    status, out, err = run("train", messages, "-o", model, "--model", "multinomial", "--delimiter", "tab", "--no-header", "--no-quotes")
    assert status == 0 and "110 texts" in out, err
    # The labels are the short column, the texts the long one, without --label or --text.
    assert load(model).classes_ == ["ham", "spam"]
    status, out, err = run("evaluate", model, messages)
    assert status == 0 and out.startswith("110 examples"), err
    status, out, err = run_with_stdin("Claim your free prize now\n", "predict", model, "-")
    assert status == 0 and out.splitlines()[1].startswith("standard input\t"), err
    status, out, err = run("explain", model, "--file", messages, "--row", "6")
    assert status == 0 and out == str(load(model).explain('"Yes!! ' + texts[5])) + "\n", err


def test_a_headerless_table_of_words_is_not_taken_as_its_own_header(tmp_path):
    rows, labels, _ = load_play_tennis()
    table = tmp_path / "tennis.data"
    table.write_text("".join(",".join([*row.values(), label]) + "\n" for row, label in zip(rows, labels)))
    err = one_line_refusal(run("train", table, "-o", tmp_path / "m.json", "--model", "categorical"), "--no-header")
    assert "are values of their own columns in the rows below" in err
    status, out, err = run("train", table, "-o", tmp_path / "m.json", "--model", "categorical", "--no-header")
    assert status == 0 and "14 rows of 4 features" in out, err


def test_thousands_separators_are_named_with_the_option_and_remembered(tmp_path):
    table = tmp_path / "money.csv"
    table.write_text('income,city,label\n"1,234",Paris,x\n"12,500",Rome,y\n"2,000",Paris,x\n"15,000",Rome,y\n')
    status, out, err = run("train", table, "-o", tmp_path / "m.json")
    assert status == 0 and err.count("\n") == 1 and "pass --thousands ','" in err and "thousands=" not in err
    status, out, err = run("train", table, "-o", tmp_path / "m.json", "--thousands", ",")
    assert status == 0 and err == "" and load(tmp_path / "m.json").distributions_["income"] == "gaussian"
    status, out, err = run("explain", tmp_path / "m.json", "income=1,234", "city=Paris")
    assert status == 0 and out.rstrip().endswith("prediction: x"), err
    one_line_refusal(run("train", table, "-o", tmp_path / "m.json", "--decimal", ",,"), "argument --decimal")


def test_na_in_a_column_of_numbers_is_named_with_missing_and_remembered(tmp_path):
    table = tmp_path / "ages.csv"
    table.write_text("age,label\n39,x\nNA,y\n50,x\n41,y\n20,x\n60,y\n")
    status, out, err = run("train", table, "-o", tmp_path / "m.json")
    assert "pass --missing ?,NA" in err and "missing=(" not in err
    status, out, err = run("train", table, "-o", tmp_path / "m.json", "--missing", "?,NA")
    assert status == 0 and err == "" and load(tmp_path / "m.json").distributions_["age"] == "gaussian", err
    status, out, err = run("evaluate", tmp_path / "m.json", table)
    assert status == 0 and "--missing" not in err, err


# ---------------------------------------------------------------------------
# cross-validate (issue 20): every printed score is naivebayes.evaluation's, computed again here
# ---------------------------------------------------------------------------


def spam_table(tmp_path):
    """The shipped spam corpus as a tab-separated table label<TAB>text, as a student would write it out."""
    texts, labels = load_spam()
    table = tmp_path / "messages.tsv"
    table.write_text("label\ttext\n" + "".join(f"{label}\t{text}\n" for label, text in zip(labels, texts)), encoding="utf-8")
    return table


def fold_lines(out):
    """The fold table's rows as (fold, train, test, score text), and its footer, from the first fold table printed."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:3] == ["fold", "train", "test"]) + 2
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("mean "))
    return [tuple(line.split()) for line in lines[start:end]], lines[end]


def expected_fold_lines(result, scoring="accuracy"):
    scores = result["test_score"]
    rows = [(str(i), f"{n_train:,}", f"{n_test:,}", f"{float(score):.4f}")
            for i, (score, n_train, n_test) in enumerate(zip(scores, result.n_train, result.n_test), 1)]
    footer = (f"mean {scoring} {float(cross_validation_mean(scores)):.4f}, spread (standard deviation) "
              f"{cross_validation_spread(scores):.4f} over {len(scores)} folds")
    return rows, footer


def test_cross_validate_prints_the_scores_of_cross_validate_on_stratified_folds(tmp_path):
    texts, labels = load_spam()
    status, out, err = run("cross-validate", spam_table(tmp_path), "--model", "multinomial", "--folds", "10")
    assert (status, err) == (0, "")
    assert out.startswith("10-fold cross-validation of MultinomialNB on 110 texts in 2 classes: stratified folds, "
                          "in the data's order")
    expected = cross_validate(MultinomialNB(tokenizer=Tokenizer()), texts, labels, cv=StratifiedKFold(10), scoring="accuracy")
    assert fold_lines(out) == expected_fold_lines(expected)
    # The numbers of docs/model-selection.md: three folds of 11 miss one message each, 107/110 = 0.9727.
    assert fold_lines(out)[1] == "mean accuracy 0.9727, spread (standard deviation) 0.0417 over 10 folds"


def test_cross_validate_on_a_table_with_f1_macro_and_shuffled_folds(iris_csv):
    iris = load_iris()
    status, out, err = run("cross-validate", iris_csv, "--folds", "4", "--scoring", "f1_macro", "--shuffle", "--seed", "7")
    assert (status, err) == (0, "")
    assert "stratified folds, shuffled with --seed 7" in out
    folds = StratifiedKFold(4, shuffle=True, random_state=7)
    expected = cross_validate(MixedNB(), iris.rows, iris.labels, cv=folds, scoring="f1_macro")
    assert fold_lines(out) == expected_fold_lines(expected, "f1_macro")
    unshuffled = cross_validate(MixedNB(), iris.rows, iris.labels, cv=StratifiedKFold(4), scoring="f1_macro")
    assert expected_fold_lines(unshuffled, "f1_macro") != fold_lines(out)  # the seed did change the folds


def test_cross_validate_param_is_grid_search_cv(tmp_path):
    texts, labels = load_spam()
    status, out, err = run("cross-validate", spam_table(tmp_path), "--model", "multinomial", "--folds", "5", "--shuffle",
                           "--param", "fit_prior=true,false", "--param", "alpha=1/2,2,10")
    assert (status, err) == (0, "")
    search = GridSearchCV(MultinomialNB(tokenizer=Tokenizer()), {"alpha": [Fraction(1, 2), 2, 10], "fit_prior": [True, False]},
                          cv=StratifiedKFold(5, shuffle=True, random_state=0), scoring="accuracy", refit=False)
    search.fit(texts, labels)
    lines = out.splitlines()
    assert lines[0].endswith("shuffled with --seed 0; 6 settings, each on the same folds")
    assert lines[2].split() == ["alpha", "fit_prior", "mean", "accuracy", "spread", "rank"]
    shown = {Fraction(1, 2): "1/2", 2: "2", 10: "10", True: "true", False: "false"}
    table = [line.split() for line in lines[4:10]]
    assert table == [
        [shown[row["params"]["alpha"]], shown[row["params"]["fit_prior"]], f"{float(row['mean_test_score']):.4f}",
         f"{row['std_test_score']:.4f}", str(row["rank_test_score"])]
        for row in search.cv_results_
    ]
    best = search.cv_results_[search.best_index_]
    best_text = f"alpha={shown[best['params']['alpha']]}, fit_prior={shown[best['params']['fit_prior']]}"
    assert f"best: {best_text}, mean accuracy {float(search.best_score_):.4f}" in out
    rows, footer = fold_lines(out.split("The folds of the best setting")[1])
    assert [row[3] for row in rows] == [f"{float(best[f'split{i}_test_score']):.4f}" for i in range(5)]
    assert footer.startswith(f"mean accuracy {float(search.best_score_):.4f}, spread (standard deviation) "
                             f"{best['std_test_score']:.4f}")


def test_cross_validate_folds_are_scikit_learns_stratified_k_fold(iris_csv):
    model_selection = pytest.importorskip("sklearn.model_selection")
    from naivebayes.command_line.commands import stratified_folds

    iris = load_iris()
    for folds, shuffle, seed in ((10, False, None), (10, True, 0), (3, True, 42), (7, True, 5)):
        args = build_parser().parse_args(["cross-validate", str(iris_csv), "--folds", str(folds)]
                                         + ["--shuffle"] * shuffle + ([] if seed is None else ["--seed", str(seed)]))
        theirs = model_selection.StratifiedKFold(folds, shuffle=shuffle, random_state=seed).split(iris.rows, iris.labels)
        theirs = [(train.tolist(), test.tolist()) for train, test in theirs]
        assert stratified_folds(args, iris.rows, iris.labels) == theirs
        # and the printed scores are those of the folds scikit-learn makes
        status, out, err = run(*args_of(args))
        expected = cross_validate(MixedNB(), iris.rows, iris.labels, cv=theirs, scoring="accuracy")
        assert (status, err) == (0, "") and fold_lines(out) == expected_fold_lines(expected)


def args_of(args):
    return ["cross-validate", args.data, "--folds", args.folds] + ["--shuffle"] * args.shuffle + (
        [] if args.seed is None else ["--seed", args.seed])


def test_cross_validate_names_the_setting_fold_and_row_that_failed(tmp_path):
    texts, labels = load_spam()
    err = one_line_refusal(run("cross-validate", spam_table(tmp_path), "--model", "multinomial", "--param", "alpha=1,0"),
                           "--param alpha=0, fold 1 of 5 (test part): row ")
    assert "Give --param alpha only values above 0" in err and "--alpha 0" not in err and "X[" not in err
    row = int(err.split("(test part): row ")[1].split(":")[0])
    train, test = next(StratifiedKFold(5).split(texts, labels))
    assert row - 1 in test
    model = MultinomialNB(alpha=0).fit([texts[i] for i in train], [labels[i] for i in train])
    with pytest.raises(ZeroProbabilityError):
        model.predict([texts[row - 1]])


def test_cross_validate_a_folder_of_texts(text_folder):
    status, out, err = run("cross-validate", text_folder, "--folds", "3", "--model", "bernoulli", "--param", "alpha=0.5,1")
    assert (status, err) == (0, ""), err
    files = sorted_files(text_folder)
    texts = [path.read_text(encoding="utf-8") for path in files]
    labels = [path.parent.name for path in files]
    search = GridSearchCV(BernoulliNB(tokenizer=Tokenizer()), {"alpha": [0.5, 1]}, cv=StratifiedKFold(3), refit=False)
    search.fit(texts, labels)
    assert [line.split()[1] for line in out.splitlines()[4:6]] == [
        f"{float(row['mean_test_score']):.4f}" for row in search.cv_results_]


@pytest.mark.skipif(not (SHARED_DATA / "adult.data").is_file(), reason="the shared data folder is not present")
def test_cross_validate_uci_adult_as_a_student_would(tmp_path):
    from naivebayes.datasets import read_csv

    names = ("age,workclass,fnlwgt,education,education-num,marital-status,occupation,relationship,race,sex,"
             "capital-gain,capital-loss,hours-per-week,native-country,income")
    one_line_refusal(run("cross-validate", SHARED_DATA / "adult.data", "--folds", "3"), "--no-header")
    status, out, err = run("cross-validate", SHARED_DATA / "adult.data", "--no-header", "--names", names, "--folds", "2",
                           "--model", "categorical", "--param", "alpha=0.5,1")
    assert status == 0, err
    assert out.startswith("2-fold cross-validation of CategoricalNB on 32,561 rows of 14 features in 2 classes")
    adult = read_csv(SHARED_DATA / "adult.data", "income", header=False, names=names.split(","))
    search = GridSearchCV(CategoricalNB(), {"alpha": [0.5, 1]}, cv=StratifiedKFold(2), scoring="accuracy", refit=False)
    search.fit(adult.rows, adult.labels)
    assert [line.split()[1] for line in out.splitlines()[4:6]] == [
        f"{float(row['mean_test_score']):.4f}" for row in search.cv_results_]


def test_the_shipped_spam_file_names_its_comment_lines(tmp_path):
    # The corpus the demo reads starts with two '# ...' lines: a student pointing at it is told to remove them,
    # not that the table has a single column.
    shipped = ROOT / "naivebayes" / "datasets" / "data" / "spam.tsv"
    err = one_line_refusal(run("cross-validate", shipped, "--model", "multinomial", "--no-header"),
                           "spam.tsv, line 1 has a single field, but line 3 has 2: is line 1 a title or a comment")
    assert "single column" not in err
    without_comments = tmp_path / "spam.tsv"
    without_comments.write_text("".join(line for line in shipped.read_text(encoding="utf-8").splitlines(True)
                                        if not line.startswith("#")), encoding="utf-8")
    status, out, err = run("cross-validate", without_comments, "--model", "multinomial", "--no-header", "--folds", "10")
    assert status == 0 and fold_lines(out)[1].startswith("mean accuracy 0.9727"), err
