"""A homework's fit and predict walk the derivation at every size: 2 examples, 50, a whole test set.

tests/test_debugger_walk.py follows one example through the pipeline page.
These tests follow what a homework script calls most, ``fit`` on a training
set and then ``predict`` (or ``predict_proba``) on a whole test set, with
``sys.settrace``, for every model, and check, at every size:

* the first formula function is reached within about ten library calls of
  the public method (after one check at the boundary);
* no frame lies outside the package's own source: not Python's regular
  expression compiler, ``inspect``, ``<frozen abc>`` (an ``isinstance``
  against an abstract class), ``fractions.py`` (the data are plain ints,
  floats and strings), generated code or a lambda;
* the same formula functions run at every size: one default path, never a
  route that only two or more examples take;
* ``explain`` makes at most about 150 calls in all.

The whole of 20 Newsgroups (11,314 training posts, 7,532 test posts) and of
the UCI Adult census are added with ``NAIVEBAYES_SLOW_TESTS=1`` when
../shared/data holds them; the small sizes run everywhere.
"""

import functools
import os
from pathlib import Path

import pytest

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    ComplementNB,
    GaussianDiscriminantAnalysis,
    GaussianNB,
    HistogramNB,
    JointBayesClassifier,
    KernelNB,
    LogisticRegression,
    MixedNB,
    MultinomialNB,
    PoissonNB,
    TreeAugmentedNB,
)
from naivebayes.datasets import load_china, load_iris, load_spam
from test_debugger_walk import FORMULAS, MOST_CALLS_BEFORE_A_FORMULA, calls_made_by, library_calls

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
SLOW = os.environ.get("NAIVEBAYES_SLOW_TESTS") == "1"
MOST_CALLS_TO_EXPLAIN = 150


# ---------------------------------------------------------------------------
# What a walk shows
# ---------------------------------------------------------------------------


EXACT_ARITHMETIC = ("fractions.py", "numbers.py")  # Fraction's own code


def exact_arithmetic(call):
    """A frame of ``Fraction`` arithmetic: in fractions.py or numbers.py, or an abstract-class check they make."""
    return call.filename.endswith(EXACT_ARITHMETIC) or (
        call.filename == "<frozen abc>" and call.caller.endswith((*EXACT_ARITHMETIC, "<frozen abc>"))
    )


def frames_outside_the_package(calls, exact_asked=False):
    """{file: how many frames} for every frame outside the package's own source files.

    With ``exact_asked`` (``explain`` shows 3/7 as a student works it by hand)
    the frames of ``Fraction`` arithmetic are allowed, and nothing else.
    """
    outside = {}
    for call in calls:
        if not call.in_package and not (exact_asked and exact_arithmetic(call)):
            outside[call.filename] = outside.get(call.filename, 0) + 1
    return outside


def formulas_passed(calls):
    """The set of formula functions the call passes."""
    return {call.name for call in library_calls(calls) if call.name in FORMULAS}


def calls_before_the_first_formula(calls):
    """Library calls between the public method and its first formula function (None: no formula)."""
    steps = library_calls(calls)
    for position, call in enumerate(steps):
        if call.name in FORMULAS:
            return position - 1
    return None


def problems_of_a_walk(calls, what, exact_asked=False):
    problems = []
    n = calls_before_the_first_formula(calls)
    if n is None:
        problems.append(f"{what}: no formula function is reached")
    elif n > MOST_CALLS_BEFORE_A_FORMULA:
        first = [call.name for call in library_calls(calls)][: n + 2]
        problems.append(f"{what}: {n} library calls before the first formula: {first}")
    outside = frames_outside_the_package(calls, exact_asked)
    if outside:
        problems.append(f"{what}: frames outside the package's source: {outside}")
    return problems


# ---------------------------------------------------------------------------
# The data: the spam corpus, iris, a table of Adult-like rows (and the real corpora, slow)
# ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def spam():
    texts, labels = load_spam()
    return texts[::2], labels[::2], texts[1::2]  # 55 to train on, 55 to predict


@functools.lru_cache(maxsize=None)
def iris():
    data = load_iris()
    return data.rows, data.labels, data.rows[::3]


@functools.lru_cache(maxsize=None)
def iris_counts():
    rows, labels, test = iris()
    def in_millimetres(row):
        return {name: round(10 * length) for name, length in row.items()}

    return [in_millimetres(row) for row in rows], labels, [in_millimetres(row) for row in test]


ADULT_LIKE = ["age", "workclass", "education", "hours-per-week", "sex", "native-country"]


@functools.lru_cache(maxsize=None)
def adult_like(numbers=True):
    """120 rows of six Adult-like features (numbers and categories, or categories only), two classes."""
    rows = [
        {
            name: (float(18 + (i * 7 + 3 * j) % 50) if numbers and j in (0, 3) else f"{name[:3]}{(i * (j + 2)) % (j + 3)}")
            for j, name in enumerate(ADULT_LIKE)
        }
        for i in range(120)
    ]
    labels = [">50K" if (i * 5) % 7 < 2 else "<=50K" for i in range(120)]
    return rows[:80], labels[:80], rows[80:]


@functools.lru_cache(maxsize=None)
def newsgroups():
    from naivebayes.datasets import load_20newsgroups

    archive = DATA / "20news-bydate.tar.gz"
    train = load_20newsgroups(subset="train", archive=archive)
    test = load_20newsgroups(subset="test", archive=archive)
    return train.texts, train.labels, test.texts


@functools.lru_cache(maxsize=None)
def adult(numbers=True):
    from naivebayes.datasets import load_adult

    train = load_adult(subset="train", path=DATA)
    test = load_adult(subset="test", path=DATA)
    if numbers:
        return train.rows, train.labels, test.rows
    categories = [name for name in train.features if type(train.rows[0][name]) is str]
    select = lambda rows: [{name: row[name] for name in categories} for row in rows]  # noqa: E731
    return select(train.rows), train.labels, select(test.rows)


# (name, model maker, data) -- every model a homework fits, on the data it takes
MODELS = [
    ("multinomial", MultinomialNB, spam),
    ("bernoulli", BernoulliNB, spam),
    ("complement", ComplementNB, spam),
    ("categorical", CategoricalNB, functools.partial(adult_like, False)),
    ("tree-augmented", TreeAugmentedNB, functools.partial(adult_like, False)),
    ("joint", JointBayesClassifier, functools.partial(adult_like, False)),
    ("mixed", MixedNB, adult_like),
    ("gaussian", GaussianNB, iris),
    ("histogram", HistogramNB, iris),
    ("kernel", KernelNB, iris),
    ("poisson", PoissonNB, iris_counts),
    ("discriminant", GaussianDiscriminantAnalysis, iris),
    ("logistic", LogisticRegression, iris),
]
IDS = [name for name, _, _ in MODELS]
WHOLE = {"multinomial": newsgroups, "bernoulli": newsgroups, "complement": newsgroups,
         "mixed": adult, "categorical": functools.partial(adult, False)}  # fmt: skip


def whole_data(name):
    if not SLOW:
        pytest.skip("the whole corpora: set NAIVEBAYES_SLOW_TESTS=1")
    if name not in WHOLE:
        pytest.skip(f"{name} is walked on the small data only")
    if not DATA.is_dir() or not any(DATA.iterdir()):
        pytest.skip("../shared/data is not here")
    return WHOLE[name]()


def a_few_of_each_class(X, y, n=6):
    """The first ``n`` examples of each class, and their labels: a small training set with every class (and more rows than iris has features)."""
    taken, few, labels = {}, [], []
    for x, label in zip(X, y):
        if taken.get(label, 0) < n:
            taken[label] = taken.get(label, 0) + 1
            few.append(x)
            labels.append(label)
    return few, labels


@functools.lru_cache(maxsize=None)
def fitted(name):
    _, Model, data = MODELS[IDS.index(name)]
    X, y, _ = data()
    return Model().fit(X, y)


# ---------------------------------------------------------------------------
# The tests
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", IDS)
def test_fit_reaches_a_formula_at_once_and_stays_in_the_package(name):
    _, Model, data = MODELS[IDS.index(name)]
    X, y, _ = data()
    model = Model()
    assert problems_of_a_walk(calls_made_by(model.fit, X, y), f"{name}.fit") == []


@pytest.mark.parametrize("name", IDS)
def test_fit_passes_the_same_formulas_on_a_few_examples_and_on_all(name):
    _, Model, data = MODELS[IDS.index(name)]
    X, y, _ = data()
    small = formulas_passed(calls_made_by(Model().fit, *a_few_of_each_class(X, y)))
    large = formulas_passed(calls_made_by(Model().fit, X, y))
    assert small == large


@functools.lru_cache(maxsize=None)
def walk_of_one(name, method):
    """The calls of ``method`` on the first test example alone, traced once for the three sizes."""
    _, _, data = MODELS[IDS.index(name)]
    _, _, X_test = data()
    return tuple(calls_made_by(getattr(fitted(name), method), X_test[:1]))


@pytest.mark.parametrize("size", [1, 2, 50])
@pytest.mark.parametrize("method", ["predict", "predict_proba"])
@pytest.mark.parametrize("name", IDS)
def test_predicting_a_test_set_walks_the_same_formulas_at_every_size(name, method, size):
    _, _, data = MODELS[IDS.index(name)]
    _, _, X_test = data()
    one = list(walk_of_one(name, method))
    many = one if size == 1 else calls_made_by(getattr(fitted(name), method), X_test[:size])
    assert problems_of_a_walk(many, f"{name}.{method} of {size}") == []
    assert formulas_passed(many) == formulas_passed(one)


@pytest.mark.parametrize("name", [name for name in IDS if name != "logistic"])
def test_explain_takes_few_calls(name):
    """At most about 150 calls: a text model explains the China document (the calls grow with its distinct words)."""
    _, Model, data = MODELS[IDS.index(name)]
    if data is spam:
        documents, labels, example = load_china()
        model = Model().fit(documents, labels)
    else:
        model, example = fitted(name), data()[2][0]
    calls = calls_made_by(model.explain, example)
    assert problems_of_a_walk(calls, f"{name}.explain", exact_asked=True) == []
    assert len(calls) <= MOST_CALLS_TO_EXPLAIN, f"{len(calls)} calls"


@pytest.mark.parametrize("name", sorted(WHOLE))
def test_the_whole_corpus_walks_the_formulas_of_one_example(name):
    X, y, X_test = whole_data(name)
    Model = MODELS[IDS.index(name)][1]
    fit = calls_made_by(Model().fit, X, y)
    assert problems_of_a_walk(fit, f"{name}.fit on {len(y)}") == []
    model = Model().fit(X, y)
    one = calls_made_by(model.predict, X_test[:1])
    every = calls_made_by(model.predict, X_test)
    assert problems_of_a_walk(every, f"{name}.predict of {len(X_test)}") == []
    assert formulas_passed(every) == formulas_passed(one)


# ---------------------------------------------------------------------------
# The checks can fail
# ---------------------------------------------------------------------------


def test_the_check_of_frames_outside_the_package_can_fail():
    import fractions

    model = MultinomialNB().fit(["a b", "c d"], ["x", "y"])
    calls = calls_made_by(lambda: (model.predict(["a"]), fractions.Fraction(1, 3) + 1))
    assert any("fractions" in path for path in frames_outside_the_package(calls))


def test_the_check_of_one_path_at_every_size_can_fail():
    class SwitchesRoute(MultinomialNB):  # the old way: many documents take another route
        def predict(self, X):
            if len(X) > 1:
                return [self.classes_[0] for _ in X]
            return super().predict(X)

    model = SwitchesRoute().fit(["a b", "c d"], ["x", "y"])
    assert formulas_passed(calls_made_by(model.predict, ["a", "c"])) != formulas_passed(calls_made_by(model.predict, ["a"]))


@pytest.mark.parametrize("event_model", ["multinomial", "bernoulli"])
def test_semi_supervised_fit_walks_to_a_formula_and_stays_in_the_package(event_model):
    """EM's fit: labels checked and counted first (N_c, where iteration 0 starts), then each text read once."""
    from naivebayes import SemiSupervisedNB

    X, y, X_test = spam()
    model = SemiSupervisedNB(event_model=event_model, document_length=None)
    assert problems_of_a_walk(calls_made_by(model.fit, X[:10], y[:10], X[10:]), f"SemiSupervisedNB({event_model}).fit") == []
    model.fit(X[:10], y[:10], X[10:])
    many = calls_made_by(model.predict, X_test[:50])
    assert frames_outside_the_package(many) == {}
    assert formulas_passed(many) == formulas_passed(calls_made_by(model.predict, X_test[:1]))


# ---------------------------------------------------------------------------
# Whole numbers cut into bins: float edges, no fractions.py
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
def test_histogram_of_whole_numbers_fits_and_predicts_without_fractions(strategy):
    """Iris lengths in millimetres (ints): float edges (each an exact edge rounded once), so no Fraction frames."""
    X, y, X_test = iris_counts()
    model = HistogramNB(strategy=strategy)
    assert problems_of_a_walk(calls_made_by(model.fit, X[::3], y[::3]), "histogram.fit of 50 whole-number rows") == []
    assert problems_of_a_walk(calls_made_by(model.fit, X, y), "histogram.fit of 150 whole-number rows") == []
    assert {type(edge) for edges in model.bin_edges_.values() for edge in edges} == {float}
    for method in ("predict", "predict_proba"):
        walk = calls_made_by(getattr(model, method), X_test[:50])
        assert problems_of_a_walk(walk, f"histogram.{method} of 50 whole-number rows") == []
