"""The command line reads a path the same way in every command, never writes over its inputs, and names every model.

Issue 30, part D.  Each command gets each kind of argument (an existing file,
a missing file, a folder, ``-`` and a word that is not a path) and must
either do what the same data does in Python or refuse with exit status 2 and
one line that names the problem and the fix.  ``train -o`` must refuse to
write over DATA or --unlabeled (the same file by any name, a link to it, or
a file the next training on a folder would read), and write nothing.
"""

import io
import os
import warnings
from fractions import Fraction
from pathlib import Path

import pytest

import naivebayes
from naivebayes import (
    GaussianDiscriminantAnalysis, JointBayesClassifier, KernelNB, LogisticRegression, SemiSupervisedNB, StratifiedKFold,
    Tokenizer, cross_validate, load,
)
from naivebayes.command_line import main
from naivebayes.datasets import load_iris, load_play_tennis, load_spam
from naivebayes.evaluation.cross_validation import cross_validation_mean
from naivebayes.naive_bayes.base import NaiveBayes
from naivebayes.text.bag_of_words import bag_of_words


def run(*argv, stdin=""):
    """``main(argv)`` with ``stdin`` as standard input: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    status = main([str(arg) for arg in argv], out=out, err=err, stdin=io.StringIO(stdin))
    return status, out.getvalue(), err.getvalue()


def refused(result, *phrases):
    """Exit status 2, nothing on stdout, one line on stderr holding every phrase."""
    status, out, err = result
    assert (status, out) == (2, ""), (status, out, err)
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    for phrase in phrases:
        assert phrase in err, err
    return err


def tennis_table():
    rows, labels, _ = load_play_tennis()
    features = list(rows[0])
    return ",".join([*features, "play"]) + "\n" + "".join(
        ",".join([*(row[f] for f in features), label]) + "\n" for row, label in zip(rows, labels)
    )


def iris_table():
    iris = load_iris()
    return ",".join([*iris.features, "species"]) + "\n" + "".join(
        ",".join([*(repr(row[f]) for f in iris.features), label]) + "\n" for row, label in zip(iris.rows, iris.labels)
    )


@pytest.fixture
def place(tmp_path, monkeypatch):
    """A working folder as a user has it: texts/ (the spam corpus by class), tennis.csv, iris.csv, one.txt, and the models.

    The commands run from inside it, so relative paths such as ``new/a.txt`` mean what they mean to a user.
    """
    monkeypatch.chdir(tmp_path)
    texts, labels = load_spam()
    for number, (text, label) in enumerate(zip(texts, labels)):
        (tmp_path / "texts" / label).mkdir(parents=True, exist_ok=True)
        (tmp_path / "texts" / label / f"{number:04}.txt").write_text(text, encoding="utf-8")
    (tmp_path / "tennis.csv").write_text(tennis_table(), encoding="utf-8")
    (tmp_path / "iris.csv").write_text(iris_table(), encoding="utf-8")
    (tmp_path / "one.txt").write_text("Claim your free prize now", encoding="utf-8")
    (tmp_path / "spam.tsv").write_text(
        "label\ttext\n" + "".join(f"{label}\t{text}\n" for label, text in zip(labels, texts)), encoding="utf-8"
    )
    assert run("train", "texts", "-o", "text.json")[0] == 0
    assert run("train", "tennis.csv", "-o", "table.json", "--model", "categorical")[0] == 0
    return tmp_path


def folder_texts(folder):
    """(texts, labels) of a class-subfolder folder, in the order the command line reads them."""
    files = sorted(path for path in Path(folder).rglob("*.txt"))
    return [path.read_text(encoding="utf-8") for path in files], [path.parent.name for path in files]


# ---------------------------------------------------------------------------
# One reading of a path in every command: an existing file, a missing file, a folder, -, a word
# ---------------------------------------------------------------------------

KINDS = ["existing file", "missing file", "folder", "-", "word"]


@pytest.mark.parametrize("command", ["train", "cross-validate"])
@pytest.mark.parametrize("kind", KINDS)
def test_labeled_data_read_by_train_and_cross_validate(command, kind, place):
    argument, stdin = {"existing file": ("tennis.csv", ""), "missing file": ("new/a.csv", ""), "folder": ("texts", ""),
                       "-": ("-", tennis_table()), "word": ("prize", "")}[kind]
    options = ["-o", "out.json"] if command == "train" else ["--folds", "2"]
    result = run(command, argument, *options, stdin=stdin)
    if kind in ("missing file", "word"):
        refused(result, f"{Path(argument)} does not exist: give the path of a folder with one subfolder of texts per class")
        assert not (place / "out.json").exists()
        return
    status, out, err = result
    assert status == 0, err
    expected = {"existing file": "MixedNB on 14 rows", "-": "MixedNB on 14 rows", "folder": "MultinomialNB on 110 texts"}[kind]
    assert expected in out
    if command == "train":
        assert type(load(place / "out.json")).__name__ == expected.split()[0]


@pytest.mark.parametrize("command", ["predict", "evaluate"])
@pytest.mark.parametrize("kind", KINDS)
def test_data_read_by_predict_and_evaluate(command, kind, place):
    argument, stdin = {"existing file": ("spam.tsv" if command == "evaluate" else "one.txt", ""),
                       "missing file": ("new/a.txt", ""), "folder": ("texts", ""),
                       "-": ("-", (place / ("spam.tsv" if command == "evaluate" else "one.txt")).read_text()),
                       "word": ("prize", "")}[kind]
    options = ["--delimiter", "tab"] if command == "evaluate" and kind == "-" else []  # (standard input has no name ending .tsv)
    result = run(command, "text.json", argument, *options, stdin=stdin)
    if kind in ("missing file", "word"):
        refused(result, f"{Path(argument)} does not exist: give the path of")
        return
    status, out, err = result
    assert status == 0, err
    model = load(place / "text.json")
    if command == "evaluate":
        assert out.startswith("110 examples, accuracy ")
        return
    if kind == "folder":
        texts, _ = folder_texts(place / "texts")
        assert [line.split("\t")[1] for line in out.splitlines()[1:]] == model.predict(texts)
    else:
        name = "one.txt" if kind == "existing file" else "standard input"
        assert out.splitlines() == ["input\tprediction", f"{name}\t{model.predict(['Claim your free prize now'])[0]}"]


EXPLAIN_WORDS = [
    # (the word after MODEL, what explain says)
    ("one.txt", ["one.txt is a file", "--file one.txt"]),
    ("new/a.txt", ["'new/a.txt' looks like a path", "--file new/a.txt", "--file -"]),
    ("new/a", ["'new/a' looks like a path"]),  # (20 Newsgroups' files have no extension)
    ("notes.txt", ["'notes.txt' looks like a path"]),
    ("texts", ["texts is a folder", "predict"]),
    ("-", ["'-' is standard input only after --file", "--file -"]),
]


@pytest.mark.parametrize("word, phrases", EXPLAIN_WORDS, ids=[word for word, _ in EXPLAIN_WORDS])
def test_explain_refuses_a_path_among_the_words_of_the_text(word, phrases, place):
    """The words after MODEL are the text: a path there is refused with the option that reads it, never explained as words."""
    refused(run("explain", "text.json", word), *phrases)
    if word in ("new/a.txt", "new/a", "notes.txt"):  # a path that does not exist is a path only when it is all the text
        assert run("explain", "text.json", "see", word)[0] == 0
    else:  # an existing path, or -, anywhere among the words
        refused(run("explain", "text.json", "free", word), phrases[0])


@pytest.mark.parametrize("words", [["prize"], ["Claim", "your", "free", "prize"], ["Claim your free prize"],
                                   ["see", "www.example.com/win", "now"], ["I/O", "error"], ["."], ["~"]])
def test_explain_reads_words_that_are_not_paths_as_the_text(words, place):
    status, out, err = run("explain", "text.json", *words)
    assert (status, err) == (0, "")
    assert out == str(load(place / "text.json").explain(" ".join(words))) + "\n"


@pytest.mark.parametrize("kind", KINDS)
def test_explain_file_reads_one_file_or_standard_input(kind, place):
    argument, stdin = {"existing file": ("one.txt", ""), "missing file": ("new/a.txt", ""), "folder": ("texts", ""),
                       "-": ("-", "Claim your free prize now"), "word": ("prize", "")}[kind]
    result = run("explain", "text.json", "--file", argument, stdin=stdin)
    if kind in ("missing file", "word"):
        refused(result, f"{Path(argument)} does not exist: give the path of a text file or a table of texts")
    elif kind == "folder":
        refused(result, "--file texts is a folder", "give one text file", "predict")
    else:
        status, out, err = result
        assert (status, err) == (0, "")
        assert out == str(load(place / "text.json").explain("Claim your free prize now")) + "\n"


def test_explain_of_a_table_model_names_file_for_a_path(place):
    refused(run("explain", "table.json", "tennis.csv"), "'tennis.csv' is not a feature=value pair",
            "--file tennis.csv --row N")
    refused(run("explain", "table.json", "sunny"), "'sunny' is not a feature=value pair")
    refused(run("explain", "table.json", "--file", "texts"), "texts is a folder")
    status, out, _ = run("explain", "table.json", "--file", "tennis.csv", "--row", "1")
    rows, _, _ = load_play_tennis()
    assert (status, out) == (0, str(load(place / "table.json").explain(rows[0])) + "\n")


@pytest.mark.parametrize("command", ["predict", "explain", "evaluate"])
@pytest.mark.parametrize("model, phrase", [
    ("one.txt", "not valid JSON"), ("new/a.json", "does not exist"), ("texts", "is a folder; give the model file"),
    ("-", "the model must be a file"), ("prize", "does not exist"),
])
def test_the_model_argument_is_read_the_same_way_by_every_command(command, model, phrase, place):
    refused(run(command, model, "one.txt"), phrase)


def test_the_rule_is_in_explains_help(capsys):
    assert main(["explain", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "a word that names a file or folder, or -, is refused" in help_text
    assert "--file" in help_text


# ---------------------------------------------------------------------------
# train -o never writes over an input
# ---------------------------------------------------------------------------


def unchanged_after(place, argv, phrases, stdin=""):
    """Run ``argv``; it must be refused, and no file of ``place`` may change or appear."""
    before = {path: path.read_bytes() for path in place.rglob("*") if path.is_file()}
    refused(run(*argv, stdin=stdin), *phrases)
    assert {path: path.read_bytes() for path in place.rglob("*") if path.is_file()} == before


def test_train_refuses_to_write_the_model_over_its_data(place):
    unchanged_after(place, ["train", "tennis.csv", "-o", "tennis.csv"],
                    ["-o tennis.csv is DATA tennis.csv", "write the model to another file"])
    unchanged_after(place, ["train", "tennis.csv", "--output", "./texts/../tennis.csv"], ["is DATA tennis.csv"])
    unchanged_after(place, ["train", str(place / "tennis.csv"), "-o", "tennis.csv"], ["is DATA"])


def test_a_link_to_the_data_is_the_data(place):
    os.symlink(place / "tennis.csv", place / "soft.json")
    os.link(place / "tennis.csv", place / "hard.json")
    unchanged_after(place, ["train", "tennis.csv", "-o", "soft.json"], ["-o soft.json is DATA tennis.csv"])
    unchanged_after(place, ["train", "tennis.csv", "-o", "hard.json"], ["-o hard.json is DATA tennis.csv"])
    unchanged_after(place, ["train", "soft.json", "-o", "tennis.csv"], ["-o tennis.csv is DATA soft.json"])
    (place / "linked").symlink_to(place, target_is_directory=True)
    unchanged_after(place, ["train", "tennis.csv", "-o", "linked/tennis.csv"], ["is DATA tennis.csv"])


@pytest.mark.parametrize("output", ["texts/spam/model.json", "texts/model.json", "texts/ham/deeper/model.json"])
def test_train_refuses_a_model_file_its_training_folder_would_read(output, place):
    (place / output).parent.mkdir(exist_ok=True)  # (the folder must be there: train refuses a missing one first)
    unchanged_after(place, ["train", "texts", "-o", output],
                    [f"-o {Path(output)} is inside the training folder texts", "write it outside the folder"])


def test_a_hidden_model_file_in_the_training_folder_is_not_read_so_it_is_allowed(place):
    assert run("train", "texts", "-o", "texts/.model.json")[0] == 0
    assert run("train", "texts", "-o", "texts/spam/.model.json")[0] == 0
    status, out, err = run("train", "texts", "-o", "again.json")  # the hidden files are not read as texts
    assert (status, err) == (0, "") and "on 110 texts" in out
    assert load(place / "again.json").class_counts_ == load(place / "texts" / ".model.json").class_counts_


def test_train_refuses_to_write_over_the_unlabeled_texts(place):
    (place / "unlabeled").mkdir()
    (place / "unlabeled" / "a.txt").write_text("free prize\n", encoding="utf-8")
    (place / "lines.txt").write_text("free prize\nlunch at noon\n", encoding="utf-8")
    unchanged_after(place, ["train", "texts", "-o", "unlabeled/m.json", "--unlabeled", "unlabeled"],
                    ["-o unlabeled/m.json is inside the --unlabeled folder unlabeled"])
    unchanged_after(place, ["train", "texts", "-o", "lines.txt", "--unlabeled", "lines.txt"],
                    ["-o lines.txt is --unlabeled lines.txt"])


def test_the_rule_is_in_trains_help(capsys):
    assert main(["train", "--help"]) == 0
    assert "never DATA or --unlabeled themselves (by any name or link)" in " ".join(capsys.readouterr().out.split())


def test_writing_over_an_old_model_or_beside_the_data_is_fine(place):
    status, out, err = run("train", "tennis.csv", "-o", "table.json")  # table.json is no input: replaced
    assert (status, err) == (0, "") and type(load(place / "table.json")).__name__ == "MixedNB"
    status, _, err = run("train", "-", "-o", "tennis.json", stdin=tennis_table())
    assert (status, err) == (0, "")


# ---------------------------------------------------------------------------
# Every public model has a name on the command line
# ---------------------------------------------------------------------------

MODEL_CLASSES = sorted(
    {value for value in vars(naivebayes).values()
     if isinstance(value, type) and (issubclass(value, NaiveBayes) or value in (LogisticRegression, SemiSupervisedNB))},
    key=lambda model_class: model_class.__name__,
)


@pytest.mark.parametrize("model_class", MODEL_CLASSES, ids=[model_class.__name__ for model_class in MODEL_CLASSES])
def test_train_help_names_every_model(model_class, capsys):
    assert main(["train", "--help"]) == 0
    assert model_class.__name__ in capsys.readouterr().out


def test_the_list_of_models_is_the_whole_list():
    assert {model_class.__name__ for model_class in MODEL_CLASSES} >= {
        "MultinomialNB", "BernoulliNB", "ComplementNB", "SemiSupervisedNB", "CategoricalNB", "GaussianNB", "PoissonNB",
        "HistogramNB", "KernelNB", "MixedNB", "TreeAugmentedNB", "JointBayesClassifier",
        "GaussianDiscriminantAnalysis", "LogisticRegression",
    }


@pytest.mark.parametrize("name, model_class, table, options", [
    ("kernel", KernelNB, "iris.csv", []),
    ("discriminant", GaussianDiscriminantAnalysis, "iris.csv", []),
    ("joint", JointBayesClassifier, "tennis.csv", ["--alpha", "1/2"]),
])
def test_the_other_table_models_train_predict_explain_and_evaluate(name, model_class, table, options, place):
    data = load_iris() if table == "iris.csv" else None
    if data is not None:
        rows, labels = data.rows, data.labels
    else:
        rows, labels, _ = load_play_tennis()
    settings = {"alpha": Fraction(1, 2)} if options else {}
    expected = model_class(**settings).fit(rows, labels)
    status, out, err = run("train", table, "-o", "m.json", "--model", name, *options)
    assert (status, err) == (0, ""), err
    assert out.startswith(f"trained {model_class.__name__} on {len(rows)} rows")
    model = load(place / "m.json")
    assert type(model) is model_class and model.predict(rows) == expected.predict(rows)
    status, out, _ = run("predict", "m.json", table)
    assert [line.split("\t")[1] for line in out.splitlines()[1:]] == expected.predict(rows)
    status, out, _ = run("explain", "m.json", "--file", table, "--row", "3")
    assert (status, out) == (0, str(expected.explain(rows[2])) + "\n")
    assert run("evaluate", "m.json", table)[1].startswith(f"{len(rows)} examples, accuracy")


def test_the_joint_model_on_measurements_names_the_models_for_them(place):
    err = refused(run("train", "iris.csv", "-o", "m.json", "--model", "joint"),
                  "has 35 different numbers", "--model joint is for a few columns of categories; for a table with "
                  "measurements use --model mixed, or --model discriminant")
    assert "Discretizer" not in err and "categories=" not in err


def test_alpha_is_refused_by_a_model_without_a_pseudo_count(place):
    refused(run("train", "iris.csv", "-o", "m.json", "--model", "kernel", "--alpha", "1"),
            "--alpha is a pseudo-count; KernelNB (--model kernel) has none")
    refused(run("cross-validate", "iris.csv", "--model", "logistic", "--alpha", "1"),
            "--alpha is a pseudo-count; LogisticRegression (--model logistic) has none", "--C")
    refused(run("cross-validate", "texts", "--model", "logistic", "--alpha", "1"), "LogisticRegression (--model logistic) has none")
    refused(run("cross-validate", "iris.csv", "--model", "logistic", "--C", "1", "--param", "C=1,2"),
            "give C either with --C or as --param C=A,B,..., not both")
    assert not (place / "m.json").exists()


def word_count_rows(texts):
    tokenizer = Tokenizer()
    return [bag_of_words(tokenizer(text)) for text in texts]


def fold_scores(out):
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:3] == ["fold", "train", "test"]) + 2
    return [line.split()[3] for line in lines[start:] if line.split() and line.split()[0].isdigit()]


def test_cross_validate_logistic_regression_on_word_counts(place):
    """A folder of texts: each text is its {word: count} row (bag_of_words of the tokenizer), as logistic regression reads words."""
    texts, labels = folder_texts(place / "texts")
    status, out, err = run("cross-validate", "texts", "--model", "logistic", "--folds", "3", "--C", "10")
    assert (status, err) == (0, ""), err
    assert out.startswith("3-fold cross-validation of LogisticRegression on 110 texts in 2 classes")
    expected = cross_validate(LogisticRegression(C=10.0), word_count_rows(texts), labels, cv=StratifiedKFold(3))
    assert fold_scores(out) == [f"{float(score):.4f}" for score in expected["test_score"]]


def test_cross_validate_logistic_regression_on_a_table_with_its_settings(place):
    iris = load_iris()
    status, out, err = run("cross-validate", "iris.csv", "--model", "logistic", "--folds", "3", "--max-iter", "50",
                           "--tolerance", "1e-4", "--param", "C=0.1,1")
    assert status == 0, err
    for C in (0.1, 1):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (50 iterations do not converge: the command line said so in a note)
            result = cross_validate(LogisticRegression(C=C, max_iter=50, tol=1e-4), iris.rows, iris.labels, cv=StratifiedKFold(3))
        line = next(line.split() for line in out.splitlines() if line.split()[:1] == [str(C)])
        assert line[1] == f"{float(cross_validation_mean(result['test_score'])):.4f}"


@pytest.mark.parametrize("options, phrase", [
    (["--C", "10"], "--C is a setting of --model logistic"),
    (["--max-iter", "10"], "--max-iter is a setting of --model logistic"),
    (["--model", "logistic", "--C", "0"], "argument --C: '0' is not a number above 0"),
    (["--model", "logistic", "--max-iter", "0"], "argument --max-iter: '0' is not a whole number >= 1"),
    (["--model", "logistic", "--tolerance", "0"], "--tolerance 0: logistic regression stops when every partial derivative"),
    (["--model", "bernoulli", "--tolerance", "1e-3"], "--tolerance is a setting of --model logistic"),
])
def test_logistic_settings_are_checked(options, phrase, place):
    refused(run("cross-validate", "texts", *options), phrase)
    if "--tolerance" not in options:  # (train's --tolerance is EM's too: test_tolerance_without_unlabeled_or_logistic_names_both)
        refused(run("train", "texts", "-o", "m.json", *options), phrase)
        assert not (place / "m.json").exists()


def test_tolerance_without_unlabeled_or_logistic_names_both(place):
    refused(run("train", "texts", "-o", "m.json", "--tolerance", "0"),
            "--tolerance is a setting of EM over unlabeled texts: give them with --unlabeled FOLDER", "--model logistic")


def test_train_logistic_saves_the_model(place):
    status, out, err = run("train", "texts", "-o", "m.json", "--model", "logistic")
    assert (status, err) == (0, "") and out.startswith("trained LogisticRegression on 110 texts")
    assert type(load(place / "m.json")) is LogisticRegression


def test_logistic_regression_on_texts_through_every_command(place):
    texts, labels = folder_texts(place / "texts")
    tokenizer = Tokenizer(stop_words="english")
    rows = [bag_of_words(tokenizer(text)) for text in texts]
    expected = LogisticRegression(C=10.0).fit(rows, labels)
    status, out, err = run("train", "texts", "-o", "m.json", "--model", "logistic", "--C", "10", "--stop-words")
    assert (status, err) == (0, ""), err
    assert out.startswith("trained LogisticRegression on 110 texts in 2 classes")
    assert load(place / "m.json").predict_proba(rows) == expected.predict_proba(rows)  # the real file, bit for bit
    status, out, err = run("predict", "m.json", "texts")
    assert [line.split("\t")[1] for line in out.splitlines()[1:]] == expected.predict(rows)
    status, out, err = run("explain", "m.json", "Claim", "the", "free", "prize")
    assert (status, out) == (0, str(expected.explain(bag_of_words(tokenizer("Claim the free prize")))) + "\n")
    assert run("explain", "m.json", "--file", "one.txt")[1] == str(expected.explain(bag_of_words(tokenizer("Claim your free prize now")))) + "\n"
    status, out, err = run("evaluate", "m.json", "texts")
    assert out.startswith(f"110 examples, accuracy {float(expected.score(rows, labels)):.4f}")
    assert err.startswith("note: these are the very examples the model was trained on")


def test_logistic_regression_on_a_table_through_every_command(place):
    iris = load_iris()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = LogisticRegression(max_iter=30).fit(iris.rows, iris.labels)
    status, out, err = run("train", "iris.csv", "-o", "m.json", "--model", "logistic", "--max-iter", "30")
    assert status == 0 and out.startswith("trained LogisticRegression on 150 rows of 4 features"), err
    assert load(place / "m.json").predict_proba(iris.rows) == expected.predict_proba(iris.rows)  # the real file, bit for bit
    status, out, _ = run("predict", "m.json", "iris.csv")
    assert [line.split("\t")[1] for line in out.splitlines()[1:]] == expected.predict(iris.rows)
    status, out, _ = run("explain", "m.json", "--file", "iris.csv", "--row", "3")
    assert (status, out) == (0, str(expected.explain(iris.rows[2])) + "\n")
    pairs = [f"{feature}={value!r}" for feature, value in iris.rows[0].items()]
    assert run("explain", "m.json", *pairs)[1] == str(expected.explain(iris.rows[0])) + "\n"
    refused(run("explain", "m.json", "petal=3"), "the model has no feature 'petal'; its features are: sepal_length")
    assert run("evaluate", "m.json", "iris.csv")[1].startswith(f"150 examples, accuracy {float(expected.score(iris.rows, iris.labels)):.4f}")


def test_kernel_is_not_mixed_with_kernel_distributions(place):
    """--model kernel is KernelNB (every column a measurement); --model mixed --distribution kernel keeps words categorical."""
    run("train", "iris.csv", "-o", "k.json", "--model", "kernel")
    run("train", "iris.csv", "-o", "mk.json", "--model", "mixed", "--distribution", "kernel")
    assert type(load(place / "k.json")) is KernelNB
    assert load(place / "mk.json").distributions_ == dict.fromkeys(load_iris().features, "kernel")
    refused(run("train", "tennis.csv", "-o", "x.json", "--model", "kernel"), "a kernel density feature takes numbers",
            "--model mixed")


def test_semi_supervised_nb_is_named_in_train_help(capsys):
    assert main(["train", "--help"]) == 0
    assert "--unlabeled" in (out := " ".join(capsys.readouterr().out.split())) and "SemiSupervisedNB" in out


# ---------------------------------------------------------------------------
# cross-validate's fold check at its boundary
# ---------------------------------------------------------------------------


def small_folder(place, sizes):
    for label, size in sizes.items():
        (place / "small" / label).mkdir(parents=True)
        for number in range(size):
            (place / "small" / label / f"{number}.txt").write_text(f"{label} word{number} {label}", encoding="utf-8")
    return "small"


def small_table(place, sizes):
    lines = ["colour,label"] + [f"{'red' if number % 2 else 'blue'},{label}"
                                for label, size in sizes.items() for number in range(size)]
    (place / "small.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return "small.csv"


@pytest.mark.parametrize("make", [small_folder, small_table])
def test_folds_as_many_as_the_smallest_class_work_and_one_more_is_refused(make, place):
    data = make(place, {"a": 3, "b": 5})
    status, out, err = run("cross-validate", data, "--folds", "3")
    assert (status, err) == (0, ""), err
    assert out.startswith("3-fold cross-validation") and len(fold_scores(out)) == 3
    refused(run("cross-validate", data, "--folds", "4"),
            "--folds 4: the class 'a' has only 3 example(s), so some folds would test none of it; use --folds 3 or fewer")


@pytest.mark.parametrize("make", [small_folder, small_table])
def test_a_class_of_one_example_is_refused_at_any_number_of_folds(make, place):
    data = make(place, {"a": 1, "b": 5})
    refused(run("cross-validate", data, "--folds", "2"), "the class 'a' has only 1 example", "remove it from the data")


IRIS = Path(naivebayes.__file__).resolve().parent / "datasets" / "data" / "iris.csv"
IRIS_ROW = ["sepal_length=5.0", "sepal_width=3.5", "petal_length=1.4", "petal_width=0.2"]


def test_explain_shows_the_rows_and_classes_asked_for(tmp_path):
    model_file = tmp_path / "iris.json"
    assert run("train", IRIS, "-o", model_file)[0] == 0
    status, out, err = run("explain", model_file, *IRIS_ROW, "--classes", "setosa,virginica", "--top", "2")
    assert status == 0, err
    assert "showing 2 of 3 classes" in out and "versicolor" not in out.split("\n", 1)[1]
    assert "rest       2 other features" in out


@pytest.mark.parametrize("option, message", [
    (["--classes", "rose"], "--classes names 'rose', which is not a class of this model"),
    (["--top", "-1"], "--top -1: give how many rows to show"),
])
def test_explain_refuses_classes_and_top_it_cannot_show(tmp_path, option, message):
    model_file = tmp_path / "iris.json"
    assert run("train", IRIS, "-o", model_file)[0] == 0
    refused(run("explain", model_file, *IRIS_ROW, *option), message)
