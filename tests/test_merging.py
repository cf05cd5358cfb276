"""merge: the models of the shards of a data set, merged, are the model of the whole data set.

For every model, random data (standard ``random`` only) is cut into shards,
one model is trained on each shard, and the merged model is compared with
one ``fit`` on all the rows: count tables and Fractions exactly equal, and
predictions equal with ``==``; Gaussian statistics, pooled with Chan's update
where ``fit`` sums directly, equal to 1e-12.  Then the properties a reduce
step needs (the order of the models does not matter, nor how they are
grouped), the errors for models that cannot be merged, and real corpora: the
shipped spam messages always, 20 Newsgroups when its archive is there.
"""

import copy
import math
import os
import random
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    GaussianDiscriminantAnalysis,
    GaussianNB,
    HistogramNB,
    JointBayesClassifier,
    MixedNB,
    MultinomialNB,
    NotFittedError,
    PoissonNB,
    Tokenizer,
)
from naivebayes.datasets import load_20newsgroups, load_spam
from naivebayes.naive_bayes.merging import merge
from naivebayes.saving.model_files import load, save

LABELS = ("a", "b", "c")
WORDS = [f"w{i}" for i in range(30)]


# ---------------------------------------------------------------------------
# Random data for every kind of model (the label shifts what is drawn)
# ---------------------------------------------------------------------------


def documents(rng, n):
    X, y = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        shift = LABELS.index(label) * 8
        X.append(" ".join(WORDS[(shift + int(rng.expovariate(0.25))) % len(WORDS)] for _ in range(rng.randint(0, 9))))
        y.append(label)
    return X, y


def weighted_documents(rng, n):
    """Float weights, as TF-IDF gives: their sums depend on the order of adding, so they agree to rounding."""
    X, y = documents(rng, n)
    return [{word: rng.random() for word in text.split()} for text in X], y


def category_rows(rng, n):
    X, y = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        row = {"colour": rng.choice(["red", "green", "blue"][: 2 + (label == "c")]), "size": rng.choice("SML")}
        if rng.random() < 0.2:
            row["size"] = None  # missing
        row["shape"] = rng.choice([("round", 1), ("square", 2)])
        X.append(row)
        y.append(label)
    return X, y


def whole_number_rows(rng, n):
    X, y = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        shift = LABELS.index(label) * 3
        X.append([rng.randint(0, 6) + shift, rng.randint(0, 10), rng.randint(-5, 5) * (1 + shift)])
        y.append(label)
    return X, y


def measurement_rows(rng, n):
    X, y = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        shift = LABELS.index(label) * 1.5
        X.append({"length": rng.gauss(5 + shift, 1), "width": rng.uniform(0, 3) + shift, "depth": rng.gauss(0, 1e3)})
        y.append(label)
    return X, y


def count_rows(rng, n):
    X, y = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        X.append({"links": int(rng.expovariate(0.5 + LABELS.index(label))), "caps": rng.randint(0, 20)})
        if rng.random() < 0.1:
            X[-1]["links"] = None
        y.append(label)
    return X, y


def mixed_rows(rng, n):
    X, y = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        X.append(
            {
                "colour": rng.choice(["red", "blue"] if label == "a" else ["blue", "green"]),
                "length": rng.gauss(LABELS.index(label), 1),
                "links": rng.randint(0, 4),
                "weight": rng.randint(1, 9),
            }
        )
        y.append(label)
    return X, y


def binned(data, features):
    """Each shard begins with a row at the least and one at the greatest value of the histogram features,
    so the uniform bins learned from a shard are those learned from all rows."""

    def rows_of(rng, n):
        X, y = data(rng, n)
        low, high = copy.copy(X[0]), copy.copy(X[1])
        for feature in features:
            low[feature], high[feature] = -100, 100
        return [low, high] + X, y[:2] + y

    return rows_of


# name -> (a new model, the data, its shards are equal to one fit exactly (True) or to rounding)
CASES = {
    "multinomial": (MultinomialNB, documents, True),
    "multinomial, weights": (lambda: MultinomialNB(alpha=0.5), weighted_documents, False),
    "bernoulli": (lambda: BernoulliNB(alpha=Fraction(1, 2)), documents, True),
    "categorical": (CategoricalNB, category_rows, True),
    "gaussian, whole numbers": (GaussianNB, whole_number_rows, False),  # (float statistics: equal to rounding)
    "gaussian, floats": (GaussianNB, measurement_rows, False),
    "poisson": (PoissonNB, count_rows, True),
    "histogram": (lambda: HistogramNB(n_bins=4), binned(whole_number_rows, [0, 1, 2]), True),
    "mixed": (lambda: MixedNB(distributions={"weight": "histogram", "links": "poisson"}, n_bins=3),
              binned(mixed_rows, ["weight"]), False),
    "joint": (JointBayesClassifier, category_rows, True),
    "discriminant, whole numbers": (GaussianDiscriminantAnalysis, whole_number_rows, True),
    "discriminant, floats": (lambda: GaussianDiscriminantAnalysis(covariance="shared"), measurement_rows, False),
}


def shards_of(rng, data, n_shards):
    """The rows of ``n_shards`` shards, each made by ``data``, and all of them together in shard order."""
    shards = [data(rng, rng.randint(8, 40)) for _ in range(n_shards)]
    X = [row for shard_X, _ in shards for row in shard_X]
    y = [label for _, shard_y in shards for label in shard_y]
    return shards, X, y


def trained(make, shard):
    """A model trained on one shard (``partial_fit``: a shard may hold a single class)."""
    return make().partial_fit(*shard)


def close(a, b):
    """Equal, with floats equal to 1e-12 (relative, or absolute near 0)."""
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(close(a[key], b[key]) for key in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    return a == b


def assert_same_model(merged, whole, X, exact):
    """The merged model holds the counts of ``whole``, and predicts what it predicts."""
    assert type(merged) is type(whole)
    for table in whole.count_tables:
        if exact:
            assert getattr(merged, table) == getattr(whole, table), table
        else:
            assert close(getattr(merged, table), getattr(whole, table)), table
    if exact:
        assert merged.predict_proba(X) == whole.predict_proba(X)
    else:
        assert close(merged.predict_proba(X), whole.predict_proba(X))
    assert merged.predict(X) == whole.predict(X)


# ---------------------------------------------------------------------------
# Merged shards are one fit
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("name", CASES)
def test_merged_shards_are_one_fit_on_all_the_rows(name, seed):
    make, data, exact = CASES[name]
    rng = random.Random(seed)
    shards, X, y = shards_of(rng, data, n_shards=3)
    merged = merge(*[trained(make, shard) for shard in shards])
    assert_same_model(merged, make().fit(X, y), X, exact)


@pytest.mark.parametrize("name", CASES)
def test_the_order_and_grouping_of_the_models_do_not_matter(name):
    make, data, exact = CASES[name]
    shards, X, _ = shards_of(random.Random(7), data, n_shards=3)
    a, b, c = [trained(make, shard) for shard in shards]
    reference = merge(a, b, c)
    for other in (merge(b, a, c), merge(c, b, a), merge(merge(a, b), c), merge(a, merge(b, c))):
        for table in reference.count_tables:
            value, other_value = getattr(reference, table), getattr(other, table)
            if table == "features_":  # the features in the order the models first saw them
                assert sorted(map(repr, value)) == sorted(map(repr, other_value))
            elif table == "cell_counts_":  # a cell's values in that order too
                assert named_cells(reference) == named_cells(other)
            elif exact:
                assert value == other_value, table
            else:
                assert close(value, other_value), table
        assert other.predict(X) == reference.predict(X)
        if exact:
            assert other.predict_proba(X) == reference.predict_proba(X)


def named_cells(model):
    """The joint tables with each cell as {feature: value}, whatever the order of the features."""
    return {
        label: {frozenset(zip(model.features_, cell)): n for cell, n in cells.items()}
        for label, cells in model.cell_counts_.items()
    }


@pytest.mark.parametrize("name", CASES)
def test_merging_changes_none_of_the_models(name):
    make, data, _ = CASES[name]
    shards, X, _ = shards_of(random.Random(3), data, n_shards=2)
    models = [trained(make, shard) for shard in shards]
    before = [{table: repr(getattr(model, table)) for table in [*model.count_tables, *model.lookup_tables]} for model in models]
    merge(*models)
    assert [{table: repr(getattr(model, table)) for table in [*model.count_tables, *model.lookup_tables]} for model in models] == before


def test_merging_one_model_gives_a_copy():
    shards, X, y = shards_of(random.Random(1), documents, n_shards=1)
    model = MultinomialNB().fit(X, y)
    copy = merge(model)
    assert copy is not model and copy.feature_counts_ is not model.feature_counts_
    assert_same_model(copy, model, X, exact=True)


def test_a_merged_model_goes_on_with_partial_fit():
    make, data, exact = CASES["gaussian, whole numbers"]
    shards, X, y = shards_of(random.Random(5), data, n_shards=3)
    merged = merge(trained(make, shards[0]), trained(make, shards[1]))
    merged.partial_fit(*shards[2])
    assert_same_model(merged, make().fit(X, y), X, exact=exact)


def test_shards_saved_to_files_merge_as_well(tmp_path):
    """The map step of a job writes each shard's model to a file; the reduce step loads and merges them."""
    shards, X, y = shards_of(random.Random(2), documents, n_shards=3)
    paths = [save(trained(MultinomialNB, shard), tmp_path / f"shard-{i}.json") for i, shard in enumerate(shards)]
    merged = merge(*[load(path) for path in paths])
    assert_same_model(merged, MultinomialNB().fit(X, y), X, exact=True)


def test_exact_statistics_stay_exact_fractions():
    rows = [[Fraction(x)] for x in (1, 3, 10, 14, 2, 20)]  # Fractions ask for exact statistics
    labels = ["a", "a", "b", "b", "a", "b"]
    merged = merge(GaussianNB(var_smoothing=0).fit(rows[:4], labels[:4]), GaussianNB(var_smoothing=0).fit(rows[4:], labels[4:]))
    assert merged.means_ == {"a": {0: Fraction(2)}, "b": {0: Fraction(44, 3)}}
    assert merged.variances_ == GaussianNB(var_smoothing=0).fit(rows, labels).variances_
    assert all(isinstance(value, Fraction) for table in merged.variances_.values() for value in table.values())


def test_features_that_only_one_model_has_are_added():
    first = CategoricalNB().fit([{"colour": "red"}, {"colour": "blue"}], ["a", "b"])
    second = CategoricalNB().fit([{"colour": "red", "size": "L"}, {"size": "S"}], ["a", "b"])
    merged = merge(first, second)
    whole = CategoricalNB().fit(
        [{"colour": "red"}, {"colour": "blue"}, {"colour": "red", "size": "L"}, {"size": "S"}], ["a", "b", "a", "b"]
    )
    assert merged.features_ == ["colour", "size"]
    assert_same_model(merged, whole, [{"colour": "red", "size": "S"}], exact=True)


# ---------------------------------------------------------------------------
# Models that cannot be merged
# ---------------------------------------------------------------------------

TEXTS, TEXT_LABELS = ["Chinese Beijing", "Tokyo Japan"], ["china", "japan"]


def test_models_of_different_kinds_are_refused():
    with pytest.raises(
        TypeError, match="cannot merge the second model, a BernoulliNB, with the first model, a MultinomialNB"
    ):
        merge(MultinomialNB().fit(TEXTS, TEXT_LABELS), BernoulliNB().fit(TEXTS, TEXT_LABELS))


def test_models_with_different_settings_are_refused():
    with pytest.raises(
        ValueError, match="different settings: alpha is 1 in the first model and 0.5 in the second model"
    ):
        merge(MultinomialNB().fit(TEXTS, TEXT_LABELS), MultinomialNB(alpha=0.5).fit(TEXTS, TEXT_LABELS))


def test_text_models_with_different_tokenizers_are_refused():
    with pytest.raises(ValueError, match="cannot merge text models with different tokenizers: the first model has Tok"):
        merge(
            MultinomialNB().fit(TEXTS, TEXT_LABELS),
            MultinomialNB(tokenizer=Tokenizer(stop_words="english")).fit(TEXTS, TEXT_LABELS),
        )


def test_histograms_over_different_bins_are_refused():
    first = HistogramNB(n_bins=2).fit([[0], [4]], ["a", "b"])
    second = HistogramNB(n_bins=2).fit([[0], [6]], ["a", "b"])
    with pytest.raises(ValueError, match=r"different bin_edges_\[0\]: \[0\.0, 2\.0, 4\.0\] in the first model"):
        merge(first, second)


def test_a_feature_modelled_differently_is_refused():
    first = MixedNB().fit([{"x": 1.0}, {"x": 2.0}], ["a", "b"])
    second = MixedNB().fit([{"x": "low"}, {"x": "high"}], ["a", "b"])
    with pytest.raises(ValueError, match="the feature 'x' differently: it is gaussian in the first model and categorical"):
        merge(first, second)


def test_rows_of_different_widths_are_refused():
    with pytest.raises(ValueError, match="list rows of 3 columns, with the first model, whose rows have 2"):
        merge(GaussianNB().fit([[1, 2], [3, 4]], ["a", "b"]), GaussianNB().fit([[1, 2, 3], [3, 4, 5]], ["a", "b"]))
    with pytest.raises(ValueError, match="dense rows of 3 columns, with the first model, whose rows have 2"):
        merge(MultinomialNB().fit([[1, 2], [3, 4]], ["a", "b"]), MultinomialNB().fit([[1, 2, 3], [3, 4, 5]], ["a", "b"]))


def test_joint_tables_over_different_features_are_refused():
    first = JointBayesClassifier().fit([{"x": 1, "y": 2}, {"x": 2, "y": 1}], ["a", "b"])
    second = JointBayesClassifier().fit([{"x": 1, "z": 2}, {"x": 2, "z": 1}], ["a", "b"])
    with pytest.raises(ValueError, match=r"the cells of \['x', 'y'\] and the second model those of \['x', 'z'\]"):
        merge(first, second)


def test_joint_tables_whose_features_came_in_another_order_are_merged():
    rows = [{"x": 1, "y": 2}, {"x": 2, "y": 1}, {"y": 1, "x": 2}, {"y": 2, "x": 1}, {"y": 2, "x": 2}]
    labels = ["a", "b", "a", "b", "a"]
    merged = merge(JointBayesClassifier().fit(rows[:2], labels[:2]), JointBayesClassifier().fit(rows[2:], labels[2:]))
    assert merged.features_ == ["x", "y"]
    assert_same_model(merged, JointBayesClassifier().fit(rows, labels), rows, exact=True)


def test_discriminant_models_over_different_features_are_refused():
    first = GaussianDiscriminantAnalysis(covariance="diagonal").fit([[1, 2], [3, 5], [2, 1], [4, 4]], list("aabb"))
    second = GaussianDiscriminantAnalysis(covariance="diagonal").fit([[1], [3], [2], [5]], list("aabb"))
    with pytest.raises(ValueError, match=r"over different features: the first model has \[0, 1\] and the second model \[0\]"):
        merge(first, second)


def test_the_models_are_named_by_their_place():
    models = [MultinomialNB().fit(TEXTS, TEXT_LABELS) for _ in range(2)] + [MultinomialNB(alpha=2).fit(TEXTS, TEXT_LABELS)]
    with pytest.raises(ValueError, match="alpha is 1 in models 1 to 2 and 2 in model 3"):
        merge(*models)


def test_what_is_not_a_fitted_model_is_refused():
    with pytest.raises(TypeError, match="merge takes the fitted models to merge"):
        merge()
    with pytest.raises(TypeError, match="argument 2 is 'dict'"):
        merge(MultinomialNB().fit(TEXTS, TEXT_LABELS), {})
    with pytest.raises(NotFittedError):
        merge(MultinomialNB().fit(TEXTS, TEXT_LABELS), MultinomialNB())


# ---------------------------------------------------------------------------
# Real corpora
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_the_shipped_spam_corpus_in_shards(Model):
    texts, labels = load_spam()
    models = [Model().partial_fit(texts[i::4], labels[i::4]) for i in range(4)]
    whole = Model().fit([text for i in range(4) for text in texts[i::4]], [label for i in range(4) for label in labels[i::4]])
    assert_same_model(merge(*models), whole, texts, exact=True)


REAL_ARCHIVE = Path(
    os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE")
    or Path(__file__).resolve().parents[2] / "shared" / "data" / "20news-bydate.tar.gz"
)
SLOW = os.environ.get("NAIVEBAYES_SLOW_TESTS") == "1"
TWO_GROUPS = ["comp.graphics", "sci.med"]


@pytest.mark.skipif(not REAL_ARCHIVE.is_file(), reason=f"no 20 Newsgroups archive at {REAL_ARCHIVE}")
@pytest.mark.parametrize(
    "categories",
    [
        pytest.param(TWO_GROUPS, id="two groups"),
        pytest.param(None, id="all 20 groups", marks=pytest.mark.skipif(not SLOW, reason="NAIVEBAYES_SLOW_TESTS=1")),
    ],
)
def test_20_newsgroups_in_shards_is_one_fit(categories):
    train = load_20newsgroups("train", categories=categories, archive=REAL_ARCHIVE)
    test = load_20newsgroups("test", categories=categories, archive=REAL_ARCHIVE)
    n_shards = 4
    size = -(-len(train.texts) // n_shards)
    models = [
        MultinomialNB().partial_fit(train.texts[i : i + size], train.labels[i : i + size])
        for i in range(0, len(train.texts), size)
    ]
    merged, whole = merge(*models), MultinomialNB().fit(train.texts, train.labels)
    for table in whole.count_tables:
        assert getattr(merged, table) == getattr(whole, table), table
    assert merged.log_likelihood_rows_ == whole.log_likelihood_rows_
    assert merged.predict(test.texts) == whole.predict(test.texts)
