"""Our tabular models against trusted implementations: scikit-learn and R's e1071.

Neither is a dependency: each test skips when its tool is absent.

* scikit-learn ``GaussianNB()`` and ours with the defaults use the same
  estimates: the maximum likelihood variance (ddof 0) plus
  epsilon = 1e-9 * (the largest variance of any feature over all rows).
* scikit-learn ``CategoricalNB(alpha=1)`` takes integer codes; with the codes
  of ``OrdinalEncoder`` fitted on the training table, its K_j (``n_categories_``,
  the largest code + 1) is the number of distinct training values, as ours.
* R's ``e1071::naiveBayes(x, y, laplace=1)`` (read from its source,
  ``e1071:::naiveBayes.default`` and ``e1071:::predict.naiveBayes``, version 1.7):

  - a factor feature gets ``(table(y, x) + laplace) / (rowSums(table(y, x)) + laplace * nlevels(x))``.
    ``table`` leaves NA out, so its row sums are our n_jc (the rows where the
    feature is present), and ``nlevels`` is our K_j.  But K_j counts the
    *levels of the factor*, not the values seen: a level declared and never
    observed counts too, and a logical column is always given the two levels
    FALSE and TRUE.  Our ``categories=`` says the same thing explicitly.
  - a numeric feature gets ``mean(x, na.rm=TRUE)`` and ``sd(x, na.rm=TRUE)``;
    ``sd`` divides by n - 1 (our ``ddof=1``), and nothing is added to the
    variance (our ``var_smoothing=0``).  ``laplace`` is not used for them.
  - the prior is ``table(y)``, the class counts N_c (rows with missing
    features count), used unnormalised inside the log, which Bayes' rule
    divides out.  (The formula interface, ``naiveBayes(label ~ ., data)``,
    keeps rows with NA too: its ``na.action`` defaults to ``na.pass``.  With
    ``na.action = na.omit`` a row with any NA would be dropped whole, and
    the numbers would no longer be ours.)
  - predicting, an NA (or a level never declared, which ``factor()`` turns
    into NA) contributes log 1 = 0: it is left out, as ours (``unseen="ignore"``).
  - it multiplies densities, not log densities: ``log(dnorm(x, mean, sd))``.
    Any probability or density ``<= eps`` (default 0) is replaced by
    ``threshold`` (default 0.001), and so is an sd ``<= eps``.  Ours has no
    such floor (log space instead, and a variance of 0 is an error), so the
    tables below are chosen where it never bites: every class has at least
    two different values of each numeric feature, and every test value lies
    within a few standard deviations of every class mean, so no density
    underflows to 0.
  - ``type="raw"`` computes each posterior as 1 / sum(exp(L - L_c)).
"""

import csv
import math
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from naivebayes import CategoricalNB, GaussianNB, MixedNB

ROOT = Path(__file__).resolve().parent.parent
SHARED_IRIS = ROOT.parent / "shared" / "data" / "iris.csv"
IRIS_FEATURES = ["sepal_length", "sepal_width", "petal_length", "petal_width"]


def iris():
    """(rows as dicts, labels): from naivebayes.datasets if it has load_iris, else the shared CSV."""
    try:
        from naivebayes.datasets import load_iris
    except ImportError:
        load_iris = None
    if load_iris is not None:
        rows, labels, _ = load_iris()
        return rows, labels
    if not SHARED_IRIS.exists():
        pytest.skip("no iris data: neither naivebayes.datasets.load_iris nor ../shared/data/iris.csv")
    with SHARED_IRIS.open(newline="") as file:
        records = list(csv.DictReader(file))
    return [{name: float(record[name]) for name in IRIS_FEATURES} for record in records], [r["species"] for r in records]


def random_float_table(seed, n_rows=200, n_features=5):
    rng = random.Random(seed)
    rows, labels = [], []
    for _ in range(n_rows):
        k = rng.randrange(3)
        rows.append([rng.gauss(k * (j + 1) * 0.4, 1 + 0.5 * k + 0.1 * j) for j in range(n_features)])
        labels.append("abc"[k])
    return rows, labels


def assert_probabilities_match(ours, theirs_matrix, classes, tolerance=1e-9):
    worst = max(abs(mine[label] - row[k]) for mine, row in zip(ours, theirs_matrix) for k, label in enumerate(classes))
    assert worst < tolerance, f"probabilities differ by up to {worst}"


# ----------------------------------------------------------------------
# scikit-learn
# ----------------------------------------------------------------------


def compare_gaussian(rows, labels, test_rows, features):
    np = pytest.importorskip("numpy")
    sklearn_nb = pytest.importorskip("sklearn.naive_bayes")
    X = np.array([[row[j] for j in features] for row in rows], dtype=float)
    X_test = np.array([[row[j] for j in features] for row in test_rows], dtype=float)
    theirs = sklearn_nb.GaussianNB().fit(X, labels)
    ours = GaussianNB().fit(rows, labels)
    assert ours.classes_ == theirs.classes_.tolist()
    assert ours.epsilon_ == pytest.approx(theirs.epsilon_, rel=1e-12)
    for k, label in enumerate(ours.classes_):
        for i, feature in enumerate(features):
            assert ours.means_[label][feature] == pytest.approx(theirs.theta_[k, i], rel=1e-12, abs=1e-15)
            assert ours.variances_[label][feature] == pytest.approx(theirs.var_[k, i], rel=1e-12)
    assert ours.predict(test_rows) == theirs.predict(X_test).tolist()
    assert_probabilities_match(ours.predict_proba(test_rows), theirs.predict_proba(X_test), ours.classes_)


def test_gaussian_matches_scikit_learn_on_iris():
    rows, labels = iris()
    compare_gaussian(rows, labels, rows, IRIS_FEATURES)


@pytest.mark.parametrize("seed", range(3))
def test_gaussian_matches_scikit_learn_on_a_random_table(seed):
    rows, labels = random_float_table(seed)
    test_rows, _ = random_float_table(seed + 100, n_rows=60)
    compare_gaussian(rows, labels, test_rows, list(range(5)))


@pytest.mark.parametrize("seed", range(3))
def test_categorical_matches_scikit_learn(seed):
    np = pytest.importorskip("numpy")
    sklearn_nb = pytest.importorskip("sklearn.naive_bayes")
    preprocessing = pytest.importorskip("sklearn.preprocessing")
    rng = random.Random(seed)
    values = [["red", "green", "blue"], ["s", "m", "l", "xl"], ["yes", "no"], list("pqrstu")]

    def table(n_rows):
        rows, labels = [], []
        for _ in range(n_rows):
            k = rng.randrange(3)
            rows.append([rng.choice(options[: len(options) - (k % 2)] + options[:k]) for options in values])
            labels.append(["cat", "dog", "eel"][k])
        return rows, labels

    rows, labels = table(150)
    test_rows, _ = table(50)
    encoder = preprocessing.OrdinalEncoder(dtype=np.int64).fit(rows)
    X, X_test = encoder.transform(rows), encoder.transform(test_rows)
    theirs = sklearn_nb.CategoricalNB(alpha=1).fit(X, labels)
    ours = CategoricalNB(alpha=1).fit(rows, labels)
    assert [len(ours.categories_[j]) for j in range(4)] == theirs.n_categories_.tolist()  # the same K_j
    for j in range(4):
        for code, value in enumerate(encoder.categories_[j].tolist()):
            for k, label in enumerate(ours.classes_):
                assert ours.log_likelihood(j, value, label) == pytest.approx(
                    theirs.feature_log_prob_[j][k, code], rel=1e-12
                )
    assert ours.predict(test_rows) == theirs.predict(X_test).tolist()
    assert_probabilities_match(ours.predict_proba(test_rows), theirs.predict_proba(X_test), ours.classes_)


# ----------------------------------------------------------------------
# R's e1071
# ----------------------------------------------------------------------

R_SCRIPT = r"""
args <- commandArgs(trailingOnly = TRUE)
suppressPackageStartupMessages(library(e1071))
classes <- c(colour = "factor", shape = "factor", height = "numeric", weight = "numeric", label = "factor")
train <- read.csv(args[1], colClasses = classes, na.strings = "NA")
test <- read.csv(args[2], colClasses = classes[1:4], na.strings = "NA")
if (length(args) > 3) {  # declare one more colour level than the training rows show
  train$colour <- factor(train$colour, levels = c(levels(train$colour), args[4]))
}
model <- naiveBayes(train[, c("colour", "shape", "height", "weight")], train$label, laplace = 1)
raw <- predict(model, test, type = "raw")
predicted <- as.character(predict(model, test))
lines <- c(paste(c("predicted", colnames(raw)), collapse = ","))
for (i in seq_len(nrow(raw))) {
  lines <- c(lines, paste(c(predicted[i], sprintf("%.17g", raw[i, ])), collapse = ","))
}
writeLines(lines, args[3])
"""


def e1071_available():
    rscript = shutil.which("Rscript")
    if rscript is None:
        return None
    check = subprocess.run([rscript, "-e", "library(e1071)"], capture_output=True, text=True)
    return rscript if check.returncode == 0 else None


def mixed_table(seed, n_rows=80):
    """Two factors and two numbers per row, some NA; class means a few sds apart, never constant."""
    rng = random.Random(seed)
    rows, labels = [], []
    for i in range(n_rows):
        k = i % 3 if i < 9 else rng.randrange(3)  # the first nine rows: three of each class, complete
        row = {
            "colour": rng.choice(["red", "green", "blue"][: 2 + (k > 0)] + ["red"] * k),
            "shape": rng.choice(["round", "square", "star"] if k == 2 else ["round", "square"]),
            "height": round(rng.gauss(10 + 2 * k, 1.5 + 0.5 * k), 2),
            "weight": round(rng.gauss(50 - 5 * k, 4 + k), 2),
        }
        if i >= 9:
            for feature in row:
                if rng.random() < 0.12:
                    row[feature] = None
        rows.append(row)
        labels.append("abc"[k])
    return rows, labels


def write_csv(path, rows, labels=None):
    features = ["colour", "shape", "height", "weight"]
    with path.open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(features + (["label"] if labels is not None else []))
        for i, row in enumerate(rows):
            values = [row.get(feature) for feature in features]
            cells = ["NA" if value is None else repr(value) if isinstance(value, float) else value for value in values]
            writer.writerow(cells + ([labels[i]] if labels is not None else []))


def run_e1071(tmp_path, rows, labels, test_rows, extra_level=None):
    rscript = e1071_available()
    if rscript is None:
        pytest.skip("Rscript with the e1071 package is not installed")
    write_csv(tmp_path / "train.csv", rows, labels)
    write_csv(tmp_path / "test.csv", test_rows)
    (tmp_path / "nb.R").write_text(R_SCRIPT, encoding="utf-8")
    arguments = [str(tmp_path / name) for name in ("train.csv", "test.csv", "out.csv")]
    command = [rscript, str(tmp_path / "nb.R")] + arguments + ([extra_level] if extra_level else [])
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Warning" not in result.stderr, result.stderr
    with (tmp_path / "out.csv").open(newline="") as file:
        records = list(csv.reader(file))
    classes = records[0][1:]
    predictions = [record[0] for record in records[1:]]
    probabilities = [[float(cell) for cell in record[1:]] for record in records[1:]]
    return classes, predictions, probabilities


def new_rows(seed):
    """New rows near the training data, with NA, an unseen colour, and a row that is all NA."""
    rows, _ = mixed_table(seed + 500, n_rows=30)
    rows[0]["colour"] = "purple"  # no such level: R's factor() makes it NA, ours leaves it out
    rows.append({"colour": None, "shape": None, "height": None, "weight": None})
    rows.append({"colour": "blue", "shape": None, "height": 13.0, "weight": None})
    return rows


@pytest.mark.parametrize("seed", range(3))
def test_mixed_matches_e1071_with_missing_values(tmp_path, seed):
    rows, labels = mixed_table(seed)
    tests = new_rows(seed)
    classes, predictions, probabilities = run_e1071(tmp_path, rows, labels, tests)
    ours = MixedNB(alpha=1, ddof=1, var_smoothing=0).fit(rows, labels)
    assert ours.distributions_ == {
        "colour": "categorical", "shape": "categorical", "height": "gaussian", "weight": "gaussian"
    }  # fmt: skip
    assert ours.classes_ == classes
    assert ours.predict(tests) == predictions
    assert_probabilities_match(ours.predict_proba(tests), probabilities, classes)
    # the all-NA row is left with the prior alone, N_c / N, in both
    assert probabilities[-2] == pytest.approx([labels.count(c) / len(labels) for c in classes], rel=1e-12)


def test_e1071_k_j_is_the_number_of_factor_levels(tmp_path):
    """A level declared on R's factor but never observed counts in K_j: our categories= does the same."""
    rows, labels = mixed_table(0)
    tests = new_rows(0)
    classes, predictions, probabilities = run_e1071(tmp_path, rows, labels, tests, extra_level="yellow")
    colours = sorted({row["colour"] for row in rows if row["colour"] is not None}) + ["yellow"]
    declared = MixedNB(alpha=1, ddof=1, var_smoothing=0, categories={"colour": colours}).fit(rows, labels)
    assert len(declared.categories_["colour"]) == 4
    assert declared.predict(tests) == predictions
    assert_probabilities_match(declared.predict_proba(tests), probabilities, classes)
    # Without categories=, K_colour is 3, and the numbers differ from R's (by far more than 1e-9).
    seen_only = MixedNB(alpha=1, ddof=1, var_smoothing=0).fit(rows, labels)
    worst = max(
        abs(mine[label] - row[k])
        for mine, row in zip(seen_only.predict_proba(tests), probabilities)
        for k, label in enumerate(classes)
    )
    assert worst > 1e-6


def test_categorical_and_gaussian_alone_match_e1071(tmp_path):
    """MixedNB's numbers are those of CategoricalNB and GaussianNB on their own features (and so R's)."""
    rows, labels = mixed_table(1)
    tests = new_rows(1)
    classes, _, probabilities = run_e1071(tmp_path, rows, labels, tests)
    categorical = CategoricalNB(alpha=1).fit([{j: row[j] for j in ("colour", "shape")} for row in rows], labels)
    gaussian = GaussianNB(ddof=1, var_smoothing=0).fit([{j: row[j] for j in ("height", "weight")} for row in rows], labels)
    for row, theirs in zip(tests, probabilities):
        joint = {}
        categorical_joint = categorical.joint_log_likelihood({j: row[j] for j in ("colour", "shape")})
        gaussian_joint = gaussian.joint_log_likelihood({j: row[j] for j in ("height", "weight")})
        for label in classes:  # each model adds log P(c) once: take it away from one of them
            joint[label] = categorical_joint[label] + gaussian_joint[label] - categorical.log_priors_[classes.index(label)]
        largest = max(joint.values())
        total = math.fsum(math.exp(value - largest) for value in joint.values())
        for k, label in enumerate(classes):
            assert math.exp(joint[label] - largest) / total == pytest.approx(theirs[k], abs=1e-9)
