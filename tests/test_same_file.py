"""The same model writes the same file, byte for byte, however it was assembled (issue 30).

The promise, precisely: two models of one class with the same settings and
*equal count tables* (value for value and type for type, the order of a
dict's keys aside) give the same bytes from ``to_json``, and so from
``save``.  For count models the tables are equal however the model was put
together: one ``fit``; ``partial_fit`` in pieces, in any order; ``merge`` in
any order; a tree of merges as Spark's ``treeReduce`` makes.  Float sums
(a Gaussian's statistics of floats, TF-IDF weights) may differ in their last
bits when added in another order; then the tables are not equal and the
promise says nothing, so those models are given here as Fractions or whole
numbers, and the promise itself is tested on every kind of model by
shuffling the order of every dict of its tables.

One thing is part of the model and so kept: ``features_`` is the order in
which the model first saw its features, the order its predictions add them
up in.  The rows below list their features in one order, and the first
row of each piece has every feature, so every way of assembling sees them
in that order (a piece whose first rows lack a feature sees it later).
"""

import itertools
import random
from fractions import Fraction

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
    SemiSupervisedNB,
    TreeAugmentedNB,
)
from naivebayes.core.priors import Beta, Dirichlet, MEstimate
from naivebayes.datasets import load_china, load_iris, load_play_tennis
from naivebayes.naive_bayes.merging import merge
from naivebayes.saving.model_files import from_json, load, save, to_json

LABELS = ("b", "a", "c")  # (not in sorted order: the first label seen is not the first class)
WORDS = [f"w{i}" for i in range(25)] + ["zeta", "alpha", "Émile", "10", "9"]


def texts(rng, n):
    rows, labels = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        shift = LABELS.index(label) * 7
        rows.append(" ".join(WORDS[(shift + int(rng.expovariate(0.3))) % len(WORDS)] for _ in range(rng.randint(1, 8))))
        labels.append(label)
    return rows, labels


def categories(rng, n):
    rows, labels = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        rows.append({
            "size": rng.choice(["S", "M", "L"] + [None] * bool(rows)),  # (the first row has every feature)
            "colour": rng.choice(["red", "green", "blue"][: 2 + (label == "c")]),
            "shape": rng.choice([("round", 1), ("square", 2), 3]),
        })  # fmt: skip
        labels.append(label)
    return rows, labels


def counts(rng, n):
    rows, labels = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        rows.append({"links": rng.choice([0, 1, 2, 5 * LABELS.index(label)] + [None] * bool(rows)), "caps": rng.randint(0, 9)})
        labels.append(label)
    return rows, labels


def fractions(rng, n):
    rows, labels = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        rows.append([Fraction(rng.randint(-20, 20), rng.randint(1, 4)) + LABELS.index(label), Fraction(rng.randint(0, 9))])
        labels.append(label)
    return rows, labels


def whole_numbers(rng, n):
    rows, labels = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        rows.append([rng.randint(0, 6) + 3 * LABELS.index(label), rng.randint(-5, 5), rng.randint(0, 3)])
        labels.append(label)
    return rows, labels


def measurements(rng, n):
    rows, labels = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        rows.append({"length": round(rng.gauss(LABELS.index(label), 1), 1), "width": rng.choice([0.5, 1.5, 2.5])})
        labels.append(label)
    return rows, labels


def mixed(rng, n):
    rows, labels = [], []
    for _ in range(n):
        label = rng.choice(LABELS)
        rows.append({
            "colour": rng.choice(["red", "blue"] + [None] * bool(rows)),
            "length": Fraction(rng.randint(0, 30), 7) + LABELS.index(label),
            "links": rng.randint(0, 4),
            "weight": rng.randint(1, 9),
        })  # fmt: skip
        labels.append(label)
    return rows, labels


def histogram_rows(rng, n):
    rows, labels = whole_numbers(rng, n)
    return [[-50, -50, -50], [50, 50, 50]] + rows, [labels[0], labels[1]] + labels


def mixed_histogram_rows(rng, n):
    rows, labels = mixed(rng, n)
    low, high = dict(rows[0], weight=-100), dict(rows[1], weight=100)
    return [low, high] + rows, [labels[0], labels[1]] + labels


# name -> (a new model, rows); every table of these models is counted or exact, so any assembling gives equal tables
CASES = {
    "multinomial": (MultinomialNB, texts),
    "bernoulli": (lambda: BernoulliNB(alpha=Fraction(1, 2)), texts),
    "complement": (lambda: ComplementNB(norm=True), texts),
    "categorical": (CategoricalNB, categories),
    "poisson": (PoissonNB, counts),
    "gaussian, fractions": (GaussianNB, fractions),
    "histogram": (lambda: HistogramNB(n_bins=4), histogram_rows),
    "mixed": (lambda: MixedNB(distributions={"weight": "histogram", "links": "poisson"}, n_bins=3), mixed_histogram_rows),
    "joint": (JointBayesClassifier, categories),
    "tree-augmented": (TreeAugmentedNB, categories),
    "kernel": (KernelNB, measurements),
    "discriminant, whole numbers": (GaussianDiscriminantAnalysis, whole_numbers),
}


def pieces_of(data, n_pieces, seed):
    """``n_pieces`` pieces of rows (each made by ``data``), and all their rows together."""
    rng = random.Random(seed)
    pieces = [data(rng, rng.randint(6, 25)) for _ in range(n_pieces)]
    rows = [row for piece_rows, _ in pieces for row in piece_rows]
    labels = [label for _, piece_labels in pieces for label in piece_labels]
    return pieces, rows, labels


def tree_reduce(models, width):
    """Spark's treeReduce at depth 2: model i goes to group i mod ``width``; each group, then the groups, merged in order."""
    groups = [models[start::width] for start in range(width)]
    return merge(*[merge(*group) for group in groups if group])


# ---------------------------------------------------------------------------
# fit, partial_fit, merge, treeReduce: one file
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("name", CASES)
def test_partial_fit_in_pieces_in_any_order_writes_the_file_of_one_fit(name, seed):
    make, data = CASES[name]
    pieces, _, _ = pieces_of(data, 4, seed)
    rng = random.Random(seed)
    for _ in range(3):
        order = rng.sample(pieces, len(pieces))
        rows = [row for piece_rows, _ in order for row in piece_rows]
        labels = [label for _, piece_labels in order for label in piece_labels]
        expected = to_json(make().fit(rows, labels))
        model = make()
        for piece_rows, piece_labels in order[::-1]:  # (the pieces in the other order)
            model.partial_fit(piece_rows, piece_labels)
        assert to_json(model) == expected


@pytest.mark.parametrize("name", CASES)
def test_merging_in_every_order_writes_one_file(name):
    make, data = CASES[name]
    pieces, rows, labels = pieces_of(data, 4, seed=11)
    models = [make().partial_fit(*piece) for piece in pieces]
    expected = to_json(make().fit(rows, labels))
    files = {to_json(merge(*order)) for order in itertools.permutations(models)}
    files.add(to_json(merge(merge(models[2], models[0]), merge(models[3], models[1]))))
    assert files == {expected}


@pytest.mark.parametrize("name", CASES)
def test_a_tree_of_merges_writes_the_file_of_one_fit(name):
    make, data = CASES[name]
    pieces, rows, labels = pieces_of(data, 9, seed=5)
    models = [make().partial_fit(*piece) for piece in pieces]
    expected = to_json(make().fit(rows, labels))
    assert to_json(tree_reduce(models, width=3)) == expected
    assert to_json(tree_reduce(models, width=2)) == expected


def test_the_pieces_really_come_in_another_order():
    """The tests above could not fail if every way of assembling left the dicts in one order: they do not."""
    make, data = CASES["multinomial"]
    pieces, rows, labels = pieces_of(data, 4, seed=11)
    a, b = merge(*[make().partial_fit(*piece) for piece in pieces]), merge(*[make().partial_fit(*piece) for piece in pieces[::-1]])
    assert a.feature_counts_ == b.feature_counts_
    assert any(list(a.feature_counts_[label]) != list(b.feature_counts_[label]) for label in a.classes_)


# ---------------------------------------------------------------------------
# The promise itself: equal tables, whatever the order of their dicts, give equal bytes
# ---------------------------------------------------------------------------


def reordered(value, rng):
    """The same value with the keys of every dict in it, all the way down, in a shuffled order."""
    if isinstance(value, dict):
        keys = rng.sample(list(value), len(value))
        return {key: reordered(value[key], rng) for key in keys}
    if isinstance(value, list):
        return [reordered(item, rng) for item in value]
    return value


def fitted_models():
    documents, labels, _ = load_china()
    tennis, play, _ = load_play_tennis()
    iris, species, _ = load_iris()
    weighted = [{"cat": 0.5, "dog": 1.25}, {"cat": 2.0}, {"fish": 0.1, "dog": 0.3}, {"fish": 1e-9}]
    yield "multinomial", MultinomialNB().fit(documents, labels)
    yield "multinomial, weights", MultinomialNB(alpha=0.5).fit(weighted, [1, 1, 2, 2])
    yield "bernoulli", BernoulliNB().fit(documents, labels)
    yield "complement", ComplementNB().fit(documents, labels)
    yield "categorical", CategoricalNB().fit(tennis, play)
    yield "gaussian, floats", GaussianNB().fit(iris, species)
    yield "poisson", PoissonNB().fit([[0, 1], [3, 2], [1, 0], [5, 5]], list("abab"))
    yield "histogram", HistogramNB(n_bins=3).fit(iris, species)
    yield "mixed", MixedNB(distributions={"petal_width": "kernel", "sepal_width": "histogram"}).fit(iris, species)
    yield "joint", JointBayesClassifier().fit(tennis, play)
    yield "tree-augmented", TreeAugmentedNB().fit(tennis, play)
    yield "kernel", KernelNB().fit(iris, species)
    yield "discriminant", GaussianDiscriminantAnalysis().fit(iris, species)
    yield "semi-supervised", SemiSupervisedNB().fit(documents, labels, ["chinese tokyo japan", "beijing chinese"])
    yield from prior_models()


def prior_models():
    """Models whose smoothing and class prior are priors (issue 33), with tables in each prior."""
    documents, labels, _ = load_china()
    tennis, play, _ = load_play_tennis()
    words = {"chinese": 3, "tokyo": Fraction(1, 2), "macao": 0.25, "japan": 2}
    dirichlet = Dirichlet(1, per_value=words, per_class={"japan": {"tokyo": 4, "beijing": 2}, "china": {"macao": 3}})
    yield "multinomial, Dirichlet", MultinomialNB(alpha=dirichlet, class_prior=Dirichlet(1, per_value={"japan": 2, "china": 3})).fit(documents, labels)
    beta = Beta(2, 3, per_feature={"tokyo": (1, 2), "chinese": (Fraction(1, 2), 4)}, per_class={"japan": {"japan": (3, 1), "beijing": (1, 5)}})
    guess = MEstimate(2, p={"japan": 0.25, "china": 0.75})
    yield "bernoulli, Beta", BernoulliNB(alpha=beta, class_prior=guess).fit(documents, labels)
    values = {feature: sorted({row[feature] for row in tennis}) for feature in tennis[0]}
    p = {(feature, value): Fraction(1, len(seen)) for feature, seen in values.items() for value in seen}
    yield "categorical, m-estimate", CategoricalNB(alpha=MEstimate(5, p=p)).fit(tennis, play)


FITTED = dict(fitted_models())


def key_orders(value):
    """The order of the keys of every dict in ``value``, all the way down."""
    if isinstance(value, dict):
        return [list(map(repr, value)), *[key_orders(item) for item in value.values()]]
    if isinstance(value, list):
        return [key_orders(item) for item in value]
    return None


@pytest.mark.parametrize("name", FITTED)
def test_equal_tables_in_another_order_give_the_same_bytes(name):
    model = FITTED[name]
    expected = to_json(model)
    inner = model.model_ if isinstance(model, SemiSupervisedNB) else model
    before = {table: key_orders(getattr(inner, table)) for table in inner.count_tables}
    rng = random.Random(1)
    for _ in range(3):
        for table in inner.count_tables:
            if table != "classes_":  # (a list: its order is part of the model)
                setattr(inner, table, reordered(getattr(inner, table), rng))
        assert to_json(model) == expected
    after = {table: key_orders(getattr(inner, table)) for table in inner.count_tables}
    assert after != before  # (the order did change, so the check above could fail)


@pytest.mark.parametrize("name", FITTED)
def test_saving_a_loaded_file_again_gives_the_same_bytes(name, tmp_path):
    path = save(FITTED[name], tmp_path / "model.json")
    first = path.read_bytes()
    again = save(load(path, trust_pattern=True), tmp_path / "again.json")
    assert again.read_bytes() == first


@pytest.mark.parametrize("name", [name for name, _ in prior_models()])
def test_a_prior_whose_dicts_were_filled_in_another_order_writes_the_same_bytes(name):
    model = FITTED[name]
    expected = to_json(model)
    for setting in ("alpha", "class_prior"):
        prior = getattr(model, setting)
        if isinstance(prior, (Dirichlet, Beta, MEstimate)):
            shuffled = type(prior)(**{field: reversed_dicts(value) for field, value in vars(prior).items()})
            assert shuffled == prior and key_orders(vars(shuffled)) != key_orders(vars(prior))  # (the check below could fail)
            setattr(model, setting, shuffled)
    assert to_json(model) == expected


def reversed_dicts(value):
    """The same value with the keys of every dict in it, all the way down, in reverse order."""
    if isinstance(value, dict):
        return {key: reversed_dicts(value[key]) for key in reversed(list(value))}
    return value


def test_minus_zero_is_written_as_zero():
    """-0.0 == 0.0, so two tables that differ only there are equal and must give one file."""
    model = GaussianNB().fit([[-1.0], [1.0], [2.0], [4.0]], ["a", "a", "b", "b"])
    expected = to_json(model)
    model.means_["a"][0] = -0.0
    assert model.means_["a"][0] == 0.0 and to_json(model) == expected


def test_keys_of_every_kind_are_written_in_one_order_whatever_order_they_came_in():
    """sorted() of ("a", 1) and ("a", "x") fails or not depending on which pairs it compares: the file's order never does."""
    from naivebayes.saving.json_values import in_key_order

    keys = ["b", 2, None, ("a", 1), 1.5, "a", ("a", "x"), True, Fraction(1, 3), ("a", None), ("b",), -3]
    orders = {tuple(map(repr, in_key_order(shuffled))) for shuffled in itertools.permutations(keys[:7])}
    assert len(orders) == 1
    rng = random.Random(2)
    expected = in_key_order(keys)
    assert all(in_key_order(rng.sample(keys, len(keys))) == expected for _ in range(200))
    assert expected == [None, True, -3, Fraction(1, 3), 1.5, 2, "a", "b", ("a", None), ("a", 1), ("a", "x"), ("b",)]


# ---------------------------------------------------------------------------
# Logistic regression and text models with words no class counted: the same bytes again
# ---------------------------------------------------------------------------


def logistic_regressions():
    """(name, a new model, rows, labels): L-BFGS converges on each, so no warning."""
    tennis, play, _ = load_play_tennis()
    iris = load_iris()
    words = [{"free": 2, "prize": 1}, {"lunch": 1, "noon": 1}, {"free": 1, "lunch": 1}, {"prize": 3, "noon": 0}]
    yield "categories", LogisticRegression, tennis, play
    yield "numbers, three classes", lambda: LogisticRegression(C=0.5), iris.rows, iris.labels
    yield "word counts", lambda: LogisticRegression(C=100.0), words, [1, 0, 0, 1]


LOGISTIC = {name: (make, rows, labels) for name, make, rows, labels in logistic_regressions()}


@pytest.mark.parametrize("name", LOGISTIC)
def test_a_logistic_regression_loaded_and_saved_again_gives_the_same_bytes_and_predictions(name, tmp_path):
    make, rows, labels = LOGISTIC[name]
    model = make().fit(rows, labels)
    path = save(model, tmp_path / "model.json")
    loaded = load(path)
    assert save(loaded, tmp_path / "again.json").read_bytes() == path.read_bytes()
    assert loaded.predict_proba(rows) == model.predict_proba(rows)  # exactly, not approximately
    assert loaded.predict(rows) == model.predict(rows)


@pytest.mark.parametrize("name", LOGISTIC)
def test_fitting_a_logistic_regression_again_on_the_same_rows_writes_the_same_file(name):
    make, rows, labels = LOGISTIC[name]
    assert to_json(make().fit(rows, labels)) == to_json(make().fit(list(rows), list(labels)))


def test_uncounted_words_are_written_in_one_order_whatever_order_they_came_in():
    """A text model whose words no class counted: the set's order does not reach the file."""
    rows = [{"b": 1, "zeta": 0, "alpha": 0, "m": 0}, {"c": 2, "k": 0}]
    expected = to_json(MultinomialNB().fit(rows, ["x", "y"]))
    assert '"uncounted_words": ["alpha", "k", "m", "zeta"]' in expected
    for order in itertools.permutations(["zeta", "alpha", "m"]):
        shuffled = [{"b": 1, **dict.fromkeys(order, 0)}, {"k": 0, "c": 2}]
        model = MultinomialNB().fit(shuffled, ["x", "y"])
        assert to_json(model) == expected
        assert to_json(load_again(model)) == expected


def load_again(model):
    return from_json(to_json(model))
