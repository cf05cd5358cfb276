"""sample_weight in fit and partial_fit of the count models: scikit-learn's meaning, kept exact.

A weight multiplies what one example adds to every count (docs/pipeline.md#sample-weight):
a weight of 2 is the example twice, to the last table entry, and whole weights keep
every estimate a Fraction.
"""

import math
import random
from fractions import Fraction

import pytest

from naivebayes import BernoulliNB, CategoricalNB, ComplementNB, GaussianNB, MultinomialNB
from naivebayes.datasets import load_china, load_play_tennis
from naivebayes.naive_bayes.base import weighted_class_counts
from naivebayes.naive_bayes.text_base import weighted_counts
from naivebayes.saving.model_files import from_json, to_json

TEXT_MODELS = [MultinomialNB, BernoulliNB, ComplementNB]
DOCUMENTS = ["a a b", "b c", "a c c", "c", "b b b a"]
LABELS = ["x", "x", "y", "y", "x"]
ROWS = [
    {"colour": "red", "size": "big"},
    {"colour": "green", "size": "big"},
    {"colour": "red", "size": None},
    {"colour": "green", "size": "small"},
    {"colour": "blue", "size": "small"},
]


def repeated(examples, labels, weights):
    """Each example repeated as many times as its (whole) weight."""
    pairs = [(example, label) for example, label, weight in zip(examples, labels, weights) for _ in range(weight)]
    return [example for example, _ in pairs], [label for _, label in pairs]


def tables(model):
    return {name: getattr(model, name) for name in model.count_tables}


# ---------------------------------------------------------------------------
# The two formulas, by hand
# ---------------------------------------------------------------------------


def test_eq_weighted_class_counts_by_hand():
    # China example, Japan's document weighted 3: N_japan = 3, N_china = 1 + 1 + 1 = 3.
    assert weighted_class_counts(["china", "china", "china", "japan"], [1, 1, 1, 3]) == {"china": 3, "japan": 3}
    # Fractional weights: N_a = 1/2 + 1/4 = 3/4, N_b = 2.
    counts = weighted_class_counts(["a", "b", "a"], [Fraction(1, 2), 2, Fraction(1, 4)])
    assert counts == {"a": Fraction(3, 4), "b": 2}
    assert type(counts["a"]) is Fraction


def test_eq_weighted_counts_by_hand():
    assert weighted_counts({"chinese": 2, "tokyo": 1}, 3) == {"chinese": 6, "tokyo": 3}
    assert weighted_counts({"chinese": 2, "tokyo": 1}, Fraction(1, 2)) == {"chinese": 1, "tokyo": Fraction(1, 2)}
    assert weighted_counts({"chinese": 2}, 0) == {"chinese": 0}


def test_the_china_example_weighted_by_hand():
    documents, labels, test_document = load_china()
    model = MultinomialNB().fit(documents, labels, sample_weight=[1, 1, 1, 3])
    # N_c: 3 and 3, so P(japan) = 1/2.  Japan's document "Tokyo Japan Chinese" three times:
    # n_japan = 9, n_tokyo,japan = 3, |V| = 6: (3 + 1) / (9 + 6) = 4/15; chinese in china stays (5 + 1)/(8 + 6).
    assert model.prior("japan") == Fraction(1, 2)
    assert model.likelihood("tokyo", "japan") == Fraction(4, 15)
    assert model.likelihood("chinese", "china") == Fraction(3, 7)
    bernoulli = BernoulliNB().fit(documents, labels, sample_weight=[1, 1, 1, 3])
    # N_tokyo,japan = 3 documents of weight: (3 + 1) / (3 + 2) = 4/5.
    assert bernoulli.likelihood("tokyo", "japan") == Fraction(4, 5)
    assert bernoulli.likelihood("tokyo", "china") == Fraction(1, 5)


# ---------------------------------------------------------------------------
# A weight of 2 is the example twice, exactly
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("model_class", TEXT_MODELS)
def test_whole_weights_equal_repeated_documents_exactly(model_class):
    weights = [2, 1, 3, 1, 0]
    weighted = model_class().fit(DOCUMENTS, LABELS, sample_weight=weights)
    documents, labels = repeated(DOCUMENTS, LABELS, weights)
    plain = model_class().fit(documents, labels)
    # (the weight-0 document's words stay in the vocabulary, as a dense row's zero columns do)
    plain_tables, weighted_tables = tables(plain), tables(weighted)
    for name in ("vocabulary_",):
        plain_tables.pop(name), weighted_tables.pop(name)
    if model_class is MultinomialNB:  # a weight-0 document is a document of its length counted 0 times
        weighted_tables["document_lengths_"]["x"].pop(4)
    assert weighted_tables == plain_tables
    assert weighted.prior("x") == plain.prior("x")
    assert weighted.class_counts_ == {"x": 3, "y": 4}  # x: 2 + 1 + 0, y: 3 + 1


@pytest.mark.parametrize("model_class", TEXT_MODELS)
def test_weights_of_two_equal_every_document_twice(model_class):
    weighted = model_class().fit(DOCUMENTS, LABELS, sample_weight=[2] * 5)
    plain = model_class().fit(DOCUMENTS * 2, LABELS * 2)
    assert tables(weighted) == tables(plain)
    assert weighted.predict_proba(["a b z"]) == plain.predict_proba(["a b z"])
    assert type(weighted.likelihood("a", "x")) is Fraction


def test_categorical_whole_weights_equal_repeated_rows_exactly():
    rows, labels, _ = load_play_tennis()
    weights = [1 + i % 3 for i in range(len(rows))]
    weighted = CategoricalNB().fit(rows, labels, sample_weight=weights)
    plain = CategoricalNB().fit(*repeated(rows, labels, weights))
    assert tables(weighted) == tables(plain)
    feature = weighted.features_[0]
    value = rows[0][feature]
    assert weighted.likelihood(feature, value, "yes") == plain.likelihood(feature, value, "yes")
    assert type(weighted.likelihood(feature, value, "yes")) is Fraction


def test_categorical_missing_values_carry_no_weight():
    weighted = CategoricalNB().fit(ROWS, LABELS, sample_weight=[2, 1, 5, 1, 1])
    # class x: rows 0, 1, 4 (weights 2, 1, 1); class y: rows 2 (size missing), 3.
    assert weighted.value_counts_["y"]["size"] == {"small": 1}
    assert weighted.feature_counts_["y"] == {"colour": 6, "size": 1}
    assert weighted.value_counts_["x"]["colour"] == {"red": 2, "green": 1, "blue": 1}


# ---------------------------------------------------------------------------
# partial_fit in pieces, model files
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("model_class", [*TEXT_MODELS, CategoricalNB])
def test_partial_fit_in_pieces_with_weights_equals_one_fit(model_class):
    examples = ROWS if model_class is CategoricalNB else DOCUMENTS
    weights = [Fraction(1, 2), 3, 1, Fraction(5, 2), 2]
    whole = model_class().fit(examples, LABELS, sample_weight=weights)
    pieces = model_class()
    pieces.partial_fit(examples[:2], LABELS[:2], sample_weight=weights[:2])
    pieces.partial_fit(examples[2:3], LABELS[2:3], sample_weight=weights[2:3])
    pieces.partial_fit(examples[3:], LABELS[3:], sample_weight=weights[3:])
    assert tables(pieces) == tables(whole)
    assert pieces.predict_proba(examples) == whole.predict_proba(examples)


@pytest.mark.parametrize("model_class", [*TEXT_MODELS, CategoricalNB])
def test_a_weighted_model_saves_and_loads(model_class):
    examples = ROWS if model_class is CategoricalNB else DOCUMENTS
    model = model_class().fit(examples, LABELS, sample_weight=[0.5, 1.25, 2, 0.1, 3])
    loaded = from_json(to_json(model))
    assert tables(loaded) == tables(model)
    assert loaded.predict_proba(examples) == model.predict_proba(examples)


@pytest.mark.parametrize(
    "values, weights",
    [
        (["x", "y", "x"], [0.7, 0.1, 0.5]),  # n_jc sums 1.3, N_c 1.2999999999999998
        (["y", "z", "x", "z"], [0.1, 0.2, 0.3, 0.3]),  # the n_jvc add up to 0.9, n_jc is 0.8999999999999999
    ],
)
def test_float_weights_summed_in_another_order_still_load(values, weights):
    # The file's checks compared sums of float weights exactly, so a model's own file was refused
    # for a last-digit rounding difference (found by the fuzzer).
    rows = [{"a": value} for value in values] + [{"a": "x"}]
    model = CategoricalNB().fit(rows, ["c"] * len(values) + ["d"], sample_weight=weights + [1])
    loaded = from_json(to_json(model))
    assert tables(loaded) == tables(model)


# ---------------------------------------------------------------------------
# Bad weights: a clear error, and the model as it was
# ---------------------------------------------------------------------------

BAD_WEIGHTS = [
    ("negative", [1, 1, -1, 1, 1], ValueError, r"sample_weight\[2\] is -1; a weight is a finite number >= 0"),
    ("nan", [1, float("nan"), 1, 1, 1], ValueError, r"sample_weight\[1\] is nan"),
    ("infinite", [1, 1, 1, 1, math.inf], ValueError, r"sample_weight\[4\] is inf"),
    ("beyond a float", [1, 10**400, 1, 1, 1], ValueError, r"sample_weight\[1\] is too large for a float"),
    ("a sum beyond a float", [1e308, 1e308, 1, 1, 1], ValueError, "the weights add up to more than a float holds"),
    ("too few", [1, 1, 1], ValueError, "sample_weight has 3 weights but X has 5 examples"),
    ("too many", [1] * 6, ValueError, "sample_weight has 6 weights but X has 5 examples"),
    ("a string", [1, "2", 1, 1, 1], TypeError, r"sample_weight\[1\] is '2', not a number"),
    ("a bool", [1, True, 1, 1, 1], TypeError, r"sample_weight\[1\] is True, not a number"),
    ("None inside", [1, 1, None, 1, 1], TypeError, r"sample_weight\[2\] is None, not a number"),
    ("one number", 2, TypeError, "sample_weight"),
    ("a set", {1, 2, 3, 4, 5}, TypeError, "sample_weight"),
    ("all zero", [0, 0, 0, 0, 0], ValueError, "every weight in sample_weight is 0"),
    ("a class all zero", [1, 1, 0, 0, 1], ValueError, "every example of class 'y' has sample_weight 0"),
]


@pytest.mark.parametrize("model_class", [*TEXT_MODELS, CategoricalNB])
@pytest.mark.parametrize("case, weights, error, message", BAD_WEIGHTS, ids=[case[0] for case in BAD_WEIGHTS])
def test_bad_weights_are_refused_and_change_nothing(model_class, case, weights, error, message):
    examples = ROWS if model_class is CategoricalNB else DOCUMENTS
    model = model_class().fit(examples[:2] + examples[3:4], ["x", "x", "y"])
    before = to_json(model)
    with pytest.raises(error, match=message):
        model.fit(examples, LABELS, sample_weight=weights)
    if case != "a class all zero":  # (partial_fit may: the model knows class y already, see below)
        with pytest.raises(error, match=message):
            model.partial_fit(examples, LABELS, sample_weight=weights)
    assert to_json(model) == before


def test_partial_fit_may_bring_a_class_whose_new_examples_weigh_nothing():
    model = MultinomialNB().fit(DOCUMENTS[:2] + DOCUMENTS[3:4], ["x", "x", "y"])
    model.partial_fit(DOCUMENTS, LABELS, sample_weight=[1, 1, 0, 0, 1])  # class y is known already
    assert model.class_counts_ == {"x": 5, "y": 1}


def test_a_model_without_weights_says_so():
    model = GaussianNB()
    with pytest.raises(TypeError, match="GaussianNB does not take sample_weight"):
        model.fit([[1.0], [2.0], [3.0], [4.0]], ["a", "a", "b", "b"], sample_weight=[1, 1, 1, 1])
    assert not model.classes_


def test_numpy_weights_are_plain_numbers():
    np = pytest.importorskip("numpy")
    model = MultinomialNB().fit(DOCUMENTS, LABELS, sample_weight=np.array([2, 1, 3, 1, 1]))
    assert model.class_counts_ == {"x": 4, "y": 4}
    assert type(model.class_counts_["x"]) is int
    assert type(model.likelihood("a", "x")) is Fraction


# ---------------------------------------------------------------------------
# scikit-learn's models with the same weights (skipped without scikit-learn)
# ---------------------------------------------------------------------------


def random_data(seed, n_rows=40, n_columns=7, top=4):
    generator = random.Random(seed)
    rows = [[generator.randrange(top) for _ in range(n_columns)] for _ in range(n_rows)]
    for k in range(top):  # every value in every column, so both count top categories per column
        rows[k] = [k] * n_columns
    labels = [generator.choice("abc") for _ in range(n_rows)]
    labels[:3] = ["a", "b", "c"]
    weights = [generator.choice([0, 0.5, 1, 2, 3.25, 7]) for _ in range(n_rows)]
    weights[:3] = [1, 1, 1]
    return rows, labels, weights


@pytest.mark.parametrize("name", ["MultinomialNB", "BernoulliNB", "ComplementNB", "CategoricalNB"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_weighted_models_agree_with_scikit_learn(name, seed):
    sklearn_nb = pytest.importorskip("sklearn.naive_bayes")
    np = pytest.importorskip("numpy")
    rows, labels, weights = random_data(seed)
    ours = {"MultinomialNB": MultinomialNB, "BernoulliNB": BernoulliNB, "ComplementNB": ComplementNB,
            "CategoricalNB": CategoricalNB}[name](alpha=0.5)  # fmt: skip
    theirs = getattr(sklearn_nb, name)(alpha=0.5)
    ours.fit(rows, labels, sample_weight=weights)
    theirs.fit(np.array(rows), labels, sample_weight=np.array(weights))
    their_probabilities = theirs.predict_proba(np.array(rows))
    assert ours.classes_ == theirs.classes_.tolist()
    worst = max(
        abs(mine[label] - their_row[k])
        for mine, their_row in zip(ours.predict_proba(rows), their_probabilities)
        for k, label in enumerate(ours.classes_)
    )
    assert worst < 1e-12
    assert [ours.class_counts_[label] for label in ours.classes_] == pytest.approx(theirs.class_count_.tolist(), abs=1e-12)
