"""Histogram naive Bayes on five values, worked by hand.

    x:  class a: 0, 1, 4     class b: 3, 4          n_bins = 2, uniform

    edges: min 0, max 4, width (4 - 0)/2 = 2 -> [0, 2, 4]; bin 0 = [0, 2), bin 1 = [2, 4]
    counts n_jbc:  a [2, 1]  (0 and 1 in bin 0, 4 in bin 1);  b [0, 2]
    alpha = 1, B = 2:  P(bin | a) = 3/5, 2/5      P(bin | b) = 1/4, 3/4
    density = P(bin | c) / 2:        a 3/10, 1/5   b 1/8, 3/8
    prior: a 3/5, b 2/5

Passed as Fractions, the values give exact edges and densities, checked with
== against these numbers; passed as ints, they give float edges (worked out
exactly, rounded once) and float densities, checked against the floats of
the same formulas.
"""

import copy
import math
import random
from fractions import Fraction

import pytest

from naivebayes import CategoricalNB, Discretizer, HistogramNB
from naivebayes.naive_bayes.histogram import histogram_bin_probability, histogram_log_density, histogram_log_terms

ROWS = [[0], [1], [4], [3], [4]]
EXACT_ROWS = [[Fraction(x) for x in row] for row in ROWS]
LABELS = ["a", "a", "a", "b", "b"]


def public_state(model):
    return copy.deepcopy({name: value for name, value in vars(model).items() if name.endswith("_")})


@pytest.fixture
def model():
    return HistogramNB(n_bins=2).fit(ROWS, LABELS)


@pytest.fixture
def exact_model():
    return HistogramNB(n_bins=2).fit(EXACT_ROWS, LABELS)


def test_the_edges_and_counts(model, exact_model):
    assert model.bin_edges_ == {0: [0, 2, 4]}
    assert [type(edge) for edge in model.bin_edges_[0]] == [float, float, float]  # whole numbers give float edges
    assert exact_model.bin_edges_ == {0: [0, 2, 4]}
    assert [type(edge) for edge in exact_model.bin_edges_[0]] == [Fraction] * 3  # Fractions give exact edges
    for fitted in (model, exact_model):
        assert fitted.bin_counts_ == {"a": {0: [2, 1]}, "b": {0: [0, 2]}}
        assert fitted.feature_counts_ == {"a": {0: 3}, "b": {0: 2}}


def test_eq_histogram_bin_probability_is_categorical_over_the_bins(model):
    assert histogram_bin_probability(2, 3, 1, 2) == Fraction(3, 5)  # (2 + 1) / (3 + 2)
    assert histogram_bin_probability(0, 2, 1, 2) == Fraction(1, 4)  # (0 + 1) / (2 + 2)
    assert histogram_bin_probability(0, 2, 0, 2) == 0  # alpha = 0: an empty bin has probability 0
    assert histogram_bin_probability(2, 3, Fraction(1, 2), 2) == Fraction(5, 8)  # (5/2) / (4)
    assert isinstance(histogram_bin_probability(2, 3, 1.0, 2), float)


@pytest.mark.parametrize("fitted", ["model", "exact_model"])
def test_eq_histogram_term_reads_the_row_of_the_bin(fitted, request):
    # edges [0, 2, 4]: 1 is in bin 0 (a 3/10, b 1/8), 3 in bin 1 (a 1/5, b 3/8), by hand
    model = request.getfixturevalue(fitted)  # the width 2, or 2.0, gives the same log 2
    edges, rows = model.feature_lookups_[0]
    # log P(bin | c) - log w_b, each P(bin | c) = (n + 1) / (n_c + 2) taken as log(numerator) - log(denominator)
    half_width = math.log(2)
    assert histogram_log_terms(edges, rows, 1) == (
        (math.log(3) - math.log(5)) - half_width,  # log 3/10
        (math.log(1) - math.log(4)) - half_width,  # log 1/8
    )
    assert histogram_log_terms(edges, rows, 3) == (
        (math.log(2) - math.log(5)) - half_width,  # log 1/5
        (math.log(3) - math.log(4)) - half_width,  # log 3/8
    )
    assert histogram_log_terms(edges, rows, -7) == histogram_log_terms(edges, rows, 1)  # below the range: bin 0
    assert histogram_log_terms([0, 2, 4], [(-1.0,), (-2.0,)], 2) == (-2.0,)  # an edge belongs to the bin it opens


def test_eq_histogram_density_spreads_the_bin_over_its_width(model, exact_model):
    # log p = log 3/5 - log 2 = log 3/10
    assert histogram_log_density(2, 3, 1, 2, 2) == (math.log(3) - math.log(5)) - math.log(2)
    assert histogram_log_density(0, 2, 0, 2, 2) == -math.inf
    assert exact_model.likelihood(0, 1, "a") == Fraction(3, 10)
    assert exact_model.likelihood(0, 1, "b") == Fraction(1, 8)
    assert exact_model.likelihood(0, 3, "a") == Fraction(1, 5)
    assert exact_model.likelihood(0, 3, "b") == Fraction(3, 8)
    # whole numbers: the same formula in floats, (n_jbc + 1) / (n_jc + 2) / 2.0
    assert model.likelihood(0, 1, "a") == (2 + 1) / (3.0 + 2) / 2.0 == 0.3
    assert model.likelihood(0, 1, "b") == (0 + 1) / (2.0 + 2) / 2.0 == 0.125
    assert model.likelihood(0, 3, "a") == (1 + 1) / (3.0 + 2) / 2.0 == 0.2
    assert model.likelihood(0, 3, "b") == (2 + 1) / (2.0 + 2) / 2.0 == 0.375
    for fitted in (model, exact_model):
        assert fitted.log_likelihood(0, 1, "a") == (math.log(3) - math.log(5)) - math.log(2)
    # a density: the areas of the bins add up to 1 in every class (exactly, and in floats)
    for label in exact_model.classes_:
        assert exact_model.likelihood(0, 1, label) * 2 + exact_model.likelihood(0, 3, label) * 2 == 1
        assert model.likelihood(0, 1, label) * 2 + model.likelihood(0, 3, label) * 2 == pytest.approx(1, rel=1e-15)
    for fitted in (model, exact_model):
        edges, rows = fitted.feature_lookups_[0]
        assert edges == [0, 2, 4] and rows[0] == (histogram_log_density(2, 3, 1, 2, 2), histogram_log_density(0, 2, 1, 2, 2))


def test_the_posterior_by_hand(model, exact_model):
    # x = 1 (bin 0): a 3/5 * 3/10 = 9/50, b 2/5 * 1/8 = 1/20 -> a = 18/(18 + 5) = 18/23
    assert exact_model.joint_probability([1]) == {"a": Fraction(9, 50), "b": Fraction(1, 20)}
    assert exact_model.posterior([1]) == {"a": Fraction(18, 23), "b": Fraction(5, 23)}
    # x = 3 (bin 1): a 3/5 * 1/5 = 3/25, b 2/5 * 3/8 = 3/20 -> b = 15/27 = 5/9
    assert exact_model.posterior([3]) == {"a": Fraction(4, 9), "b": Fraction(5, 9)}
    # whole numbers: the same numbers in floats
    assert model.joint_probability([1]) == pytest.approx({"a": 9 / 50, "b": 1 / 20}, rel=1e-15)
    assert model.posterior([1]) == pytest.approx({"a": 18 / 23, "b": 5 / 23}, rel=1e-15)
    assert model.posterior([3]) == pytest.approx({"a": 4 / 9, "b": 5 / 9}, rel=1e-15)
    for fitted in (model, exact_model):
        assert fitted.predict_proba([[3]])[0] == pytest.approx({"a": 4 / 9, "b": 5 / 9}, rel=1e-12)
        assert fitted.predict([[1], [3]]) == ["a", "b"]


def test_values_beyond_the_training_range_fall_into_the_end_bins(model, exact_model):
    for fitted in (model, exact_model):
        assert fitted.posterior([-100]) == fitted.posterior([0])
        assert fitted.posterior([100]) == fitted.posterior([4])
        assert fitted.posterior([2]) == fitted.posterior([3])  # an inner edge belongs to the bin above


def test_a_constant_feature_is_one_bin_that_changes_nothing():
    model = HistogramNB().fit([[7, 0], [7, 1], [7, 5]], ["a", "a", "b"])
    assert model.bin_edges_[0] == [7, 7] and [type(edge) for edge in model.bin_edges_[0]] == [float, float]
    assert model.bin_counts_["a"][0] == [2] and model.bin_counts_["b"][0] == [1]
    # (n_jc + 1) / (n_jc + 1) = 1 over a width counted as 1: the term is log 1 = 0
    assert model.log_likelihood(0, 7, "a") == 0 and model.log_likelihood(0, 7, "b") == 0
    assert model.likelihood(0, 7, "a") == 1.0 and type(model.likelihood(0, 7, "a")) is float
    exact = HistogramNB().fit([[Fraction(7), 0], [Fraction(7), 1], [Fraction(7), 5]], ["a", "a", "b"])
    assert exact.bin_edges_[0] == [7, 7] and exact.likelihood(0, 7, "a") == Fraction(1)


def test_the_float_docstring_example():
    model = HistogramNB(n_bins=2).fit([[1.0], [1.5], [3.0], [2.5], [2.9]], ["a", "a", "a", "b", "b"])
    assert model.bin_edges_ == {0: [1.0, 2.0, 3.0]}
    assert model.bin_counts_ == {"a": {0: [2, 1]}, "b": {0: [0, 2]}}
    assert model.predict([[1.2], [2.7]]) == ["a", "b"]


def test_missing_values_are_skipped():
    rows = [[0], [None], [1], [4], [math.nan], [3], [4]]
    model = HistogramNB(n_bins=2).fit(rows, ["a", "a", "a", "a", "b", "b", "b"])
    assert model.bin_counts_ == {"a": {0: [2, 1]}, "b": {0: [0, 2]}}
    assert model.feature_counts_ == {"a": {0: 3}, "b": {0: 2}}
    # priors are now 4/7 and 3/7; a missing value leaves only them
    assert model.posterior([None]) == {"a": Fraction(4, 7), "b": Fraction(3, 7)}


def test_a_value_that_is_not_a_number_is_an_error():
    with pytest.raises(ValueError, match=r"X\[1\]: feature 0 has the value 'big', but a histogram feature takes numbers"):
        HistogramNB().fit([[1], ["big"], [3]], ["a", "a", "b"])
    with pytest.raises(ValueError, match="n_bins must be a whole number >= 1"):
        HistogramNB(n_bins=0)
    with pytest.raises(ValueError, match="strategy must be one of"):
        HistogramNB(strategy="kmeans")


def random_table(seed, n_rows=40, n_features=3):
    """Whole numbers in 0..20, about one in eight missing; class b runs higher."""
    rng = random.Random(seed)
    rows, labels = [], []
    for _ in range(n_rows):
        label = rng.choice("ab")
        shift = 5 if label == "b" else 0
        rows.append({f"x{j}": None if rng.random() < 0.125 else rng.randint(0, 15) + shift for j in range(n_features)})
        labels.append(label)
    return rows, labels


def as_fractions(rows):
    return [{feature: None if value is None else Fraction(value) for feature, value in row.items()} for row in rows]


@pytest.mark.parametrize("exact", [True, False], ids=["fractions", "ints"])
@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("alpha", [1, Fraction(1, 2)])
@pytest.mark.parametrize("seed", range(4))
def test_the_bin_width_cancels(strategy, alpha, seed, exact):
    """HistogramNB gives the posterior of CategoricalNB over the Discretizer's bins:
    the width w_b divides P(x, c) of every class alike, and Bayes' rule divides it out.

    Exactly with Fraction values (exact edges and densities); to rounding with
    whole numbers (float edges and densities), which fall in the very same bins."""
    rows, labels = random_table(seed)
    tests, _ = random_table(seed + 100, n_rows=15)
    tests += [{"x0": -50, "x1": 99, "x2": None}]
    if exact:
        rows, tests = as_fractions(rows), as_fractions(tests)
    histogram = HistogramNB(n_bins=4, strategy=strategy, alpha=alpha).fit(rows, labels)
    discretizer = Discretizer(n_bins=4, strategy=strategy).fit(rows)
    assert discretizer.edges_ == histogram.bin_edges_
    edge_types = {type(edge) for edges in histogram.bin_edges_.values() for edge in edges}
    assert edge_types <= ({Fraction, int} if exact else {float})
    categorical = CategoricalNB(alpha=alpha, categories=discretizer.categories_)
    categorical.fit(discretizer.transform(rows), labels)
    for row, binned in zip(tests, discretizer.transform(tests)):
        if exact:
            assert histogram.posterior(row) == categorical.posterior(binned)
        else:
            assert histogram.posterior(row) == pytest.approx(categorical.posterior(binned), rel=1e-12, abs=1e-300)
    assert histogram.predict(tests) == categorical.predict(discretizer.transform(tests))
    for mine, theirs in zip(histogram.predict_proba(tests), categorical.predict_proba(discretizer.transform(tests))):
        assert mine == pytest.approx(theirs, rel=1e-12, abs=1e-300)


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("seed", range(4))
def test_whole_numbers_fall_in_the_bins_of_the_exact_edges(strategy, seed):
    """The float edges of ints put every row in the bin the exact edges (of the same values as Fractions) put it in."""
    rows, labels = random_table(seed)
    ints = HistogramNB(n_bins=7, strategy=strategy).fit(rows, labels)
    exact = HistogramNB(n_bins=7, strategy=strategy).fit(as_fractions(rows), labels)
    assert ints.bin_counts_ == exact.bin_counts_
    for feature, edges in exact.bin_edges_.items():
        assert ints.bin_edges_[feature] == [float(edge) for edge in edges]  # each the exact edge rounded once
    tests = [{"x0": x, "x1": x, "x2": x} for x in range(-2, 23)]
    assert ints.predict(tests) == exact.predict(as_fractions(tests))


def test_partial_fit_keeps_the_first_batch_edges():
    whole = HistogramNB(n_bins=2).fit(ROWS, LABELS)
    # The first piece holds the smallest (0) and largest (4) value, so its edges are the whole fit's.
    pieces = HistogramNB(n_bins=2).partial_fit([[0], [4]], ["a", "b"])
    pieces.partial_fit([[1], [4], [3]], ["a", "a", "b"])
    assert public_state(pieces) == public_state(whole)
    # A first piece without the extremes fixes narrower edges, and later values go to the end bins.
    narrow = HistogramNB(n_bins=2).partial_fit([[1], [3]], ["a", "b"])
    narrow.partial_fit([[0], [4], [4]], ["a", "a", "b"])
    assert narrow.bin_edges_ == {0: [1, 2, 3]}
    assert narrow.bin_counts_ == {"a": {0: [2, 1]}, "b": {0: [0, 2]}}  # 0 -> bin 0, 4 -> bin 1


def test_repr_shows_the_tables(model):
    assert repr(model) == (
        'HistogramNB(n_bins=2, alpha=1)\n'
        'table             size       first entries\n'
        '----------------  ---------  ----------------\n'
        "class 'a'         3 rows     P(c) = 3/5\n"
        "class 'b'         2 rows     P(c) = 2/5\n"
        "distributions_    1 feature  {0: 'histogram'}\n"
        "bin_counts_['a']  1 feature  {0: [2, 1]}\n"
        "bin_counts_['b']  1 feature  {0: [0, 2]}\n"
        'bin_edges_        1 feature  {0: [0, 2, 4]}\n'
        'histogram naive Bayes, fitted on 5 rows'
    )
