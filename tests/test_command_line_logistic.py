"""The command line with model files: logistic regression saved by train and read by every command, and the options
that read a model file on purpose when load would refuse it (--trust-pattern, --max-bytes).

Issue 30, follow-up to parts C and D.  tests/test_command_line_paths.py runs
logistic regression on a folder of texts and on the iris table through every
command; here it runs on a table of categories, and a changed file is
refused in one line that names the field.
"""

import json
from pathlib import Path

import pytest

from naivebayes import LogisticRegression, MultinomialNB, Tokenizer, load
from naivebayes.command_line import main
from naivebayes.datasets import load_play_tennis
from naivebayes.saving import save
from test_command_line_paths import refused, run


@pytest.fixture
def place(tmp_path, monkeypatch):
    """A folder with tennis.csv, a text model whose token pattern is not the library's, and a text to predict."""
    monkeypatch.chdir(tmp_path)
    rows, labels, _ = load_play_tennis()
    features = list(rows[0])
    (tmp_path / "tennis.csv").write_text(
        ",".join([*features, "play"]) + "\n"
        + "".join(",".join([*(row[f] for f in features), label]) + "\n" for row, label in zip(rows, labels)),
        encoding="utf-8",
    )
    own = MultinomialNB(tokenizer=Tokenizer(pattern="[a-z]+")).fit(["free prize", "lunch at noon", "win a prize"],
                                                                    ["spam", "ham", "spam"])
    save(own, tmp_path / "own.json")
    (tmp_path / "one.txt").write_text("free prize at noon", encoding="utf-8")
    (tmp_path / "labeled").mkdir()
    for label, text in [("spam", "free prize"), ("ham", "lunch at noon")]:
        (tmp_path / "labeled" / label).mkdir()
        (tmp_path / "labeled" / label / "a.txt").write_text(text, encoding="utf-8")
    return tmp_path


# ---------------------------------------------------------------------------
# Logistic regression on a table of categories, saved for real
# ---------------------------------------------------------------------------


def test_logistic_regression_on_categories_through_every_command(place):
    rows, labels, test_row = load_play_tennis()
    expected = LogisticRegression(C=2.0).fit(rows, labels)
    status, out, err = run("train", "tennis.csv", "-o", "m.json", "--model", "logistic", "--C", "2")
    assert (status, err) == (0, ""), err
    assert out.startswith("trained LogisticRegression on 14 rows")
    model = load(place / "m.json")
    assert type(model) is LogisticRegression and model.C == 2.0
    assert model.predict_proba(rows) == expected.predict_proba(rows)  # the file's model is the fitted one, bit for bit
    status, out, _ = run("predict", "m.json", "tennis.csv", "--probabilities")
    lines = [line.split("\t") for line in out.splitlines()[1:]]
    assert [line[1] for line in lines] == expected.predict(rows)
    assert [line[2] for line in lines] == [f"{p['no']:.6g}" for p in expected.predict_proba(rows)]
    pairs = [f"{feature}={value}" for feature, value in test_row.items()]
    assert run("explain", "m.json", *pairs)[1] == str(expected.explain(test_row)) + "\n"
    status, out, _ = run("evaluate", "m.json", "tennis.csv")
    assert out.startswith(f"14 examples, accuracy {float(expected.score(rows, labels)):.4f}")


def test_a_changed_logistic_regression_file_is_refused_in_one_line_naming_the_field(place):
    assert run("train", "tennis.csv", "-o", "m.json", "--model", "logistic")[0] == 0
    document = json.loads((place / "m.json").read_text(encoding="utf-8"))
    document["tables"]["coef_"]["yes"].pop()
    (place / "m.json").write_text(json.dumps(document), encoding="utf-8")
    for command in (["predict", "m.json", "tennis.csv"], ["explain", "m.json", "outlook=sunny"],
                    ["evaluate", "m.json", "tennis.csv"]):
        refused(run(*command), "m.json: tables.coef_['yes'] has", "weights, but columns_ has")


# ---------------------------------------------------------------------------
# --trust-pattern and --max-bytes: in every command that reads a model file
# ---------------------------------------------------------------------------

READERS = {
    "predict": ["predict", "own.json", "one.txt"],
    "explain": ["explain", "own.json", "free", "prize"],
    "evaluate": ["evaluate", "own.json", "labeled"],
}


@pytest.mark.parametrize("command", READERS)
def test_a_pattern_of_your_own_is_refused_and_the_message_names_the_option(command, place):
    err = refused(run(*READERS[command]), "own.json: settings.tokenizer.pattern is \"[a-z]+\"", "give --trust-pattern")
    assert "load(path" not in err and "from_json" not in err  # (the command line's option, not Python's argument)


@pytest.mark.parametrize("command", READERS)
def test_trust_pattern_loads_it(command, place):
    status, out, err = run(*READERS[command], "--trust-pattern")
    assert status == 0, err
    model = load(place / "own.json", trust_pattern=True)
    if command == "predict":
        assert out.splitlines()[1] == f"one.txt\t{model.predict(['free prize at noon'])[0]}"
    elif command == "explain":
        assert out == str(model.explain("free prize")) + "\n"
    else:
        assert out.startswith("2 examples, accuracy 1.0000")


@pytest.mark.parametrize("command", READERS)
def test_max_bytes_limits_what_is_read_and_says_how_to_raise_it(command, place):
    size = (place / "own.json").stat().st_size
    assert run(*READERS[command], "--trust-pattern", "--max-bytes", size)[0] == 0  # exactly at the limit: read
    refused(run(*READERS[command], "--trust-pattern", "--max-bytes", size - 1),
            f"own.json has more than {size - 1:,} bytes", f"raise the limit: --max-bytes {2 * (size - 1)}")


@pytest.mark.parametrize("command", READERS)
@pytest.mark.parametrize("value", ["0", "-5", "lots", "1.5"])
def test_max_bytes_is_a_whole_number_of_at_least_one(command, value, place):
    refused(run(*READERS[command], "--max-bytes", value), f"argument --max-bytes: '{value}' is not a whole number of bytes >= 1")


@pytest.mark.parametrize("command", READERS)
def test_the_help_of_every_command_that_reads_a_model_names_both_options(command, capsys):
    assert main([command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--max-bytes N read a model file of at most N bytes (default 1,073,741,824, 1 GiB)" in text
    assert "--trust-pattern run the file's token pattern even if it is not one of the library's own" in text


def test_train_and_cross_validate_read_no_model_file_and_take_neither_option(place):
    refused(run("train", "tennis.csv", "-o", "m.json", "--trust-pattern"), "unrecognized arguments: --trust-pattern")
    refused(run("cross-validate", "tennis.csv", "--max-bytes", "10"), "unrecognized arguments: --max-bytes 10")
    assert not Path("m.json").exists()
