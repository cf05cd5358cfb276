"""Properties the tabular models must have on any table, checked on random ones (standard ``random`` only).

Each table mixes the four kinds of features and has missing values in all
three forms (None, NaN, a key left out).  Its first six rows are complete,
two per class, and hold the smallest (0) and largest (30) histogram value, so
that any first piece of a ``partial_fit`` gives a model that can be built (a
Gaussian feature needs values in every class) and fixes the histogram edges
one ``fit`` would learn.

"Exactly" below means ``==``: counts, and statistics of ints and Fractions.
Float statistics (Gaussian means and variances of float data) may differ in
the last bits when they are summed in another order, so they are compared
to 1e-12, relative.
"""

import copy
import math
import random
from fractions import Fraction

import pytest

from naivebayes import CategoricalNB, GaussianNB, HistogramNB, MixedNB, PoissonNB

LABELS = ("a", "b", "c")
RENAMED = {"a": "zebra", "b": "apple", "c": "mango"}  # a new sorted order, too
KINDS = {"colour": "categorical", "windy": "categorical", "height": "gaussian", "visits": "poisson", "score": "histogram"}


def random_table(seed, n_rows=60, exact=False, missing=0.15):
    """Rows of the five features of KINDS whose distributions depend on the class; labels."""
    rng = random.Random(seed)
    rows, labels = [], []
    for i in range(n_rows):
        label = LABELS[i % 3] if i < 6 else rng.choice(LABELS)
        k = LABELS.index(label)
        height = rng.gauss(1.5 + 0.2 * k, 0.1 + 0.05 * k)
        row = {
            "colour": rng.choice(["red", "green", "blue", "grey"][: 2 + k]),
            "windy": rng.random() < 0.3 + 0.2 * k,
            "height": Fraction(round(height * 100), 100) if exact else height,
            "visits": min(int(rng.expovariate(1 / (1 + 2 * k))), 20),
            "score": 0 if i == 0 else 30 if i == 1 else min(rng.randint(0, 20) + 5 * k, 30),
        }
        if i >= 6:  # the first six rows stay complete
            for feature in list(row):
                if rng.random() < missing:
                    form = rng.choice(["none", "nan", "absent"])
                    if form == "absent":
                        del row[feature]
                    else:
                        row[feature] = None if form == "none" else math.nan
        rows.append(row)
        labels.append(label)
    return rows, labels


def held_out(seed):
    rows, _ = random_table(seed + 1000, n_rows=20)
    return rows + [{}, {"colour": "purple", "height": 1.6}, {"score": -10, "visits": 50, "height": 9.0}]


def exact_scores(rows):
    """The rows with each whole-number score as a Fraction: ints give a histogram float edges and densities, Fractions exact ones."""
    return [{**row, "score": Fraction(row["score"])} if type(row.get("score")) is int else row for row in rows]


def columns(rows, features):
    """Only the named features of each dict row (anything else is left as it is, to be refused)."""
    return [
        {feature: row[feature] for feature in features if feature in row} if isinstance(row, dict) else row
        for row in rows
    ]


MIXED = {"visits": "poisson", "score": "histogram"}  # colour, windy and height are guessed


def make_models():
    """(name, a new unfitted model, the features it reads, whether its posterior is exact: for a histogram, with Fraction scores)."""
    return [
        ("mixed", MixedNB(distributions=MIXED, n_bins=5), list(KINDS), False),
        (
            "mixed-fractions",
            MixedNB(distributions=MIXED, alpha=Fraction(1, 2), var_smoothing=Fraction(1, 10**6), ddof=1),
            list(KINDS),
            False,
        ),
        # (a setting naming a feature the rows lack, such as visits here, is refused at fit: issue 19)
        ("mixed-exact-kinds", MixedNB(distributions={"score": "histogram"}, n_bins=4), ["colour", "windy", "score"], True),
        ("mixed-quantile", MixedNB(distributions=MIXED, strategy="quantile", fit_prior=False), list(KINDS), False),
        ("categorical", CategoricalNB(alpha=Fraction(1, 3)), ["colour", "windy"], True),
        ("gaussian", GaussianNB(), ["height"], False),
        ("gaussian-ddof1", GaussianNB(ddof=1, var_smoothing=1e-3), ["height"], False),
        ("poisson", PoissonNB(), ["visits"], False),
        ("histogram", HistogramNB(n_bins=6), ["score"], True),
        ("histogram-quantile", HistogramNB(n_bins=3, strategy="quantile", alpha=2), ["score"], True),
    ]


MODELS = {name: (model, features, exact) for name, model, features, exact in make_models()}


def fitted(name, rows, labels):
    model, features, _ = MODELS[name]
    return copy.deepcopy(model).fit(columns(rows, features), labels)


def public_state(model):
    """Every table training sets (the names ending in _), deep-copied."""
    return copy.deepcopy({name: value for name, value in vars(model).items() if name.endswith("_")})


def whole_state(model):
    """Everything the model holds, settings too, deep-copied."""
    return copy.deepcopy(vars(model))


def assert_same(a, b, where="state", rel=0.0):
    """a == b, except that floats may differ by ``rel`` (relative); dicts compared key by key."""
    if rel and (isinstance(a, float) or isinstance(b, float)):
        assert isinstance(a, (float, int, Fraction)) and isinstance(b, (float, int, Fraction)), where
        assert a == pytest.approx(b, rel=rel, abs=1e-300), where
    elif isinstance(a, dict):
        assert isinstance(b, dict) and set(a) == set(b), where
        for key in a:
            assert_same(a[key], b[key], f"{where}[{key!r}]", rel)
    elif isinstance(a, (list, tuple)):
        assert type(a) is type(b) and len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same(x, y, f"{where}[{i}]", rel)
    else:
        assert type(a) is type(b) and a == b, where  # (so a float never stands in for a Fraction)


def float_rel(name, exact_data=False):
    """The tolerance for a model's floats: 0 (exactly equal) unless it has Gaussian statistics of float data."""
    uses_gaussian = "height" in MODELS[name][1]
    return 1e-12 if uses_gaussian and not exact_data else 0.0


# ----------------------------------------------------------------------


@pytest.mark.parametrize("name", list(MODELS))
@pytest.mark.parametrize("seed", range(4))
def test_posteriors_sum_to_one(name, seed):
    model = fitted(name, *random_table(seed))
    for probabilities in model.predict_proba(columns(held_out(seed), MODELS[name][1])):
        assert math.fsum(probabilities.values()) == pytest.approx(1, abs=1e-12)
        assert all(0 <= p <= 1 for p in probabilities.values())


@pytest.mark.parametrize("name", [name for name, (_, _, exact) in MODELS.items() if exact])
@pytest.mark.parametrize("seed", range(3))
def test_exact_posteriors_are_the_oracle_of_predict_proba(name, seed):
    rows, labels = random_table(seed)
    model = fitted(name, exact_scores(rows), labels)
    tests = columns(exact_scores(held_out(seed)), MODELS[name][1])
    for row, probabilities in zip(tests, model.predict_proba(tests)):
        exact = model.posterior(row)
        assert sum(exact.values()) == 1
        for label, p in probabilities.items():
            assert p == pytest.approx(float(exact[label]), rel=1e-12, abs=1e-300)


@pytest.mark.parametrize("name", list(MODELS))
@pytest.mark.parametrize("seed", range(4))
def test_relabelling_classes_changes_nothing(name, seed):
    rows, labels = random_table(seed)
    original = fitted(name, rows, labels)
    relabelled = fitted(name, rows, [RENAMED[label] for label in labels])
    assert relabelled.classes_ == ["apple", "mango", "zebra"]
    for table in ("class_counts_", "feature_counts_", "value_counts_", "value_sums_", "bin_counts_"):
        if hasattr(original, table):
            before = {RENAMED[label]: counts for label, counts in getattr(original, table).items()}
            assert getattr(relabelled, table) == before, table
    tests = columns(held_out(seed), MODELS[name][1])
    rel = float_rel(name)  # the Gaussian floor adds the classes' variances in another order
    for before, after in zip(original.predict_proba(tests), relabelled.predict_proba(tests)):
        assert_same({RENAMED[label]: p for label, p in before.items()}, after, "posterior", rel)
    if MODELS[name][2]:  # exact posteriors: with the scores as Fractions (a histogram of ints is in floats)
        original = fitted(name, exact_scores(rows), labels)
        relabelled = fitted(name, exact_scores(rows), [RENAMED[label] for label in labels])
        for row in exact_scores(tests):
            before = {RENAMED[label]: p for label, p in original.posterior(row).items()}
            assert relabelled.posterior(row) == before


@pytest.mark.parametrize("exact_data", [False, True])
@pytest.mark.parametrize("name", list(MODELS))
@pytest.mark.parametrize("seed", range(4))
def test_training_order_changes_nothing(name, seed, exact_data):
    rows, labels = random_table(seed, exact=exact_data)
    order = list(range(len(rows)))
    random.Random(seed).shuffle(order)
    original = fitted(name, rows, labels)
    shuffled = fitted(name, [rows[i] for i in order], [labels[i] for i in order])
    before, after = public_state(original), public_state(shuffled)
    # features_ lists the features in the order training first saw them; the set is what must agree
    assert sorted(before.pop("features_")) == sorted(after.pop("features_"))
    assert_same(before, after, "state", float_rel(name, exact_data))
    tests = columns(held_out(seed), MODELS[name][1])
    for p, q in zip(original.predict_proba(tests), shuffled.predict_proba(tests)):
        assert_same(p, q, "posterior", float_rel(name, exact_data))


def pieces_of(n_rows, seed, n_cuts=3):
    """[start, end) pieces of 0 .. n_rows; the first piece holds at least the six complete rows."""
    cuts = sorted(random.Random(seed).sample(range(6, n_rows), n_cuts))
    return list(zip([0] + cuts, cuts + [n_rows]))


PARTIAL_FIT_MODELS = [name for name in MODELS if "quantile" not in name]


@pytest.mark.parametrize("exact_data", [False, True])
@pytest.mark.parametrize("name", PARTIAL_FIT_MODELS)
@pytest.mark.parametrize("seed", range(4))
def test_partial_fit_in_pieces_equals_one_fit(name, seed, exact_data):
    rows, labels = random_table(seed, exact=exact_data)
    rows = columns(rows, MODELS[name][1])
    whole = copy.deepcopy(MODELS[name][0]).fit(rows, labels)
    pieces = copy.deepcopy(MODELS[name][0])
    for start, end in pieces_of(len(rows), seed):
        pieces.partial_fit(rows[start:end], labels[start:end])
    before, after = public_state(whole), public_state(pieces)
    assert sorted(before.pop("features_")) == sorted(after.pop("features_"))
    # Gaussian float statistics go through the Chan merge: equal to 1e-12; everything else exactly
    assert_same(after, before, "state", float_rel(name, exact_data))
    tests = columns(held_out(seed), MODELS[name][1])
    for p, q in zip(pieces.predict_proba(tests), whole.predict_proba(tests)):
        assert_same(p, q, "posterior", float_rel(name, exact_data))


@pytest.mark.parametrize("name", [name for name in MODELS if "quantile" in name])
def test_quantile_edges_are_kept_from_the_first_piece(name):
    """Quantile edges depend on every value, so pieces need not give one fit's edges: the first piece's stay."""
    rows, labels = random_table(0)
    rows = columns(rows, MODELS[name][1])
    pieces = copy.deepcopy(MODELS[name][0]).partial_fit(rows[:10], labels[:10])
    first_edges = copy.deepcopy(pieces.bin_edges_)
    pieces.partial_fit(rows[10:], labels[10:])
    assert pieces.bin_edges_ == first_edges
    assert pieces.class_counts_ == copy.deepcopy(MODELS[name][0]).fit(rows, labels).class_counts_


@pytest.mark.parametrize("name", list(MODELS))
@pytest.mark.parametrize("seed", range(3))
def test_predicting_changes_nothing(name, seed):
    model = fitted(name, *random_table(seed))
    before = whole_state(model)
    tests = columns(held_out(seed), MODELS[name][1])
    model.predict(tests)
    model.predict_proba(tests)
    model.predict_log_proba(tests)
    model.predict_joint_log_proba(tests)
    model.score(tests[:5], ["a", "b", "c", "a", "b"])
    for row in tests:
        model.joint_log_likelihood(row)
        str(model.explain(row))
        if MODELS[name][2]:
            model.posterior(row)
    for feature in model.features_:
        for label in model.classes_:
            value = {"colour": "red", "windy": True, "height": 1.5, "visits": 2, "score": 10}[feature]
            model.likelihood(feature, value, label)
            model.log_likelihood(feature, value, label)
    repr(model)
    assert whole_state(model) == before


def test_a_refused_prediction_changes_nothing():
    rows, labels = random_table(5)
    model = CategoricalNB(unseen="error").fit(columns(rows, ["colour", "windy"]), labels)
    before = whole_state(model)
    with pytest.raises(ValueError, match=r"X\[1\]: feature 'colour' has the value 'purple'"):
        model.predict([{"colour": "red"}, {"colour": "purple"}])
    with pytest.raises(ValueError, match="training never saw"):
        model.predict([{"shape": "round"}])
    assert whole_state(model) == before


def bad_batches():
    """(what is wrong, rows, labels) for batches that every model must refuse."""
    rows, labels = random_table(7, n_rows=12)
    return [
        ("a label is missing", rows[:4], ["a", None, "b", "c"]),
        ("fewer labels than rows", rows[:4], ["a", "b"]),
        ("a single dict", rows[0], ["a"]),
        ("a row is a string", rows[:2] + ["sunny"], ["a", "b", "c"]),
        ("an empty batch", [], []),
    ]


@pytest.mark.parametrize("name", list(MODELS))
def test_a_failed_fit_or_partial_fit_changes_nothing(name):
    model = fitted(name, *random_table(3))
    before = whole_state(model)
    features = MODELS[name][1]
    wrong_value = {"colour": ["un", "hashable"], "windy": ["x"], "height": "tall", "visits": -1, "score": "high"}
    batches = [(what, columns(rows, features) if isinstance(rows, list) else rows, y) for what, rows, y in bad_batches()]
    good_rows, good_labels = random_table(4, n_rows=6)
    good_rows = columns(good_rows, features)
    for feature in features:  # one bad value of each feature, in the middle of a good batch
        bad = copy.deepcopy(good_rows)
        bad[3][feature] = wrong_value[feature]
        batches.append((f"a wrong {feature}", bad, good_labels))
    batches.append(("one class only (fit)", good_rows[:2], ["a", "a"]))
    for what, rows, y in batches:
        for method in (model.fit, model.partial_fit):
            if what.endswith("(fit)") and method == model.partial_fit:
                continue
            with pytest.raises((ValueError, TypeError)):
                method(rows, y)
            assert whole_state(model) == before, f"{method.__name__} with {what} changed the model"


def test_a_failed_partial_fit_of_list_rows_of_another_width_changes_nothing():
    model = MixedNB().fit([[1.0, "x"], [2.0, "y"], [3.5, "x"], [4.0, "y"]], ["a", "a", "b", "b"])
    before = whole_state(model)
    with pytest.raises(ValueError, match=r"X\[1\] has 3 values, but the model's rows have 2"):
        model.partial_fit([[1.5, "x"], [2.5, "y", 7]], ["a", "b"])
    assert whole_state(model) == before


def test_a_failed_prediction_from_variance_zero_changes_nothing():
    model = GaussianNB(var_smoothing=0).fit([[1.0], [2.0], [3.0], [5.0]], ["a", "a", "b", "b"])
    model.partial_fit([[4.0], [4.0]], ["c", "c"])  # a new class with a constant value: kept, not refused
    before = whole_state(model)
    with pytest.raises(ValueError, match="feature 0 in class 'c': every training value is 4.0, so the variance is 0"):
        model.predict([[4.0]])
    assert whole_state(model) == before