"""Cutting numbers into intervals: bin edges, bin labels and the ``Discretizer``, by hand."""

import math
import random
from fractions import Fraction

import pytest

from naivebayes import CategoricalNB, Discretizer, NotFittedError
from naivebayes.tables.bins import WHOLE_NUMBERS_BELOW, bin_index, interval_label, quantile_edges, uniform_edges


def fractions(values):
    return [Fraction(value) for value in values]


def types(edges):
    return {type(edge) for edge in edges}


def test_uniform_edges_by_hand():
    # 0 .. 10 in 4 bins of width 10/4 = 5/2: 0, 5/2, 5, 15/2, 10 -- exact for Fractions, their floats for ints
    assert uniform_edges(fractions([10, 0, 3]), 4) == [0, Fraction(5, 2), 5, Fraction(15, 2), 10]
    assert types(uniform_edges(fractions([10, 0, 3]), 4)) == {Fraction}
    assert uniform_edges([10, 0, 3], 4) == [0.0, 2.5, 5.0, 7.5, 10.0]
    assert types(uniform_edges([10, 0, 3], 4)) == {float}
    # 0 .. 1 in 3 bins: 1/3 and 2/3 exactly for Fractions, rounded once for ints
    assert uniform_edges(fractions([0, 1]), 3) == [0, Fraction(1, 3), Fraction(2, 3), 1]
    assert uniform_edges([0, 1], 3) == [0.0, 1 / 3, 2 / 3, 1.0]
    assert uniform_edges([0.0, 1.0], 2) == [0.0, 0.5, 1.0]
    assert uniform_edges([3, 3, 3], 5) == [3, 3]  # a constant feature: one bin
    assert types(uniform_edges([3, 3, 3], 5)) == {float} and types(uniform_edges(fractions([3, 3]), 5)) == {Fraction}


def test_quantile_edges_by_hand():
    # [1, 2, 3, 4, 5], 2 bins: positions 0, 2, 4 among the sorted values -> 1, 3, 5
    assert quantile_edges([5, 1, 4, 2, 3], 2) == [1, 3, 5]
    assert types(quantile_edges([5, 1, 4, 2, 3], 2)) == {float}
    # [1, 1, 1, 2], 4 bins: positions 0, 3/4, 3/2, 9/4, 3 -> 1, 1, 1, 1 + (2 - 1) * 1/4, 2;
    # repeated edges merge: [1, 5/4, 2]  (numpy.quantile gives 1, 1, 1, 1.25, 2)
    assert quantile_edges(fractions([1, 1, 1, 2]), 4) == [1, Fraction(5, 4), 2]
    assert types(quantile_edges(fractions([1, 1, 1, 2]), 4)) == {Fraction}
    assert quantile_edges([1, 1, 1, 2], 4) == [1.0, 1.25, 2.0]
    assert types(quantile_edges([1, 1, 1, 2], 4)) == {float}
    assert quantile_edges([4, 4], 3) == [4, 4]


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
def test_the_float_edges_of_whole_numbers_give_the_bins_of_the_exact_edges(strategy):
    """Every int falls in the same bin by the float edges as by the exact edges of the same values as Fractions.

    Up to the limit, with whole numbers as large as it allows: each exact edge
    N / B is checked at the whole numbers next to it, where a rounded edge
    could go wrong."""
    edges_of = uniform_edges if strategy == "uniform" else quantile_edges
    rng = random.Random(7)
    for _ in range(200):
        n_bins = rng.choice([2, 3, 7, 10, 999])
        largest = (WHOLE_NUMBERS_BELOW - 1) // n_bins  # M with M B < 2**52
        size = rng.choice([10, 10**6, largest])
        values = [rng.randint(-size, size) for _ in range(rng.choice([2, 5]))]
        values.append(rng.choice([size, -size]))  # the extreme size
        floats, exact = edges_of(values, n_bins), edges_of(fractions(values), n_bins)
        assert types(floats) == {float} and types(exact) <= {Fraction}
        assert floats == [float(edge) for edge in exact]  # each the exact edge rounded once
        for edge in exact[1:-1]:
            for x in range(math.floor(edge) - 1, math.ceil(edge) + 2):
                assert bin_index(floats, x) == bin_index(exact, x), (values, n_bins, edge, x)


def test_whole_numbers_beyond_the_limit_keep_exact_edges():
    # M B >= 2**52: a float edge could put a whole number in the neighbouring bin, so the edges stay exact
    n_bins = 3
    below = [0, (WHOLE_NUMBERS_BELOW - 1) // n_bins]
    beyond = [0, WHOLE_NUMBERS_BELOW // n_bins + 1]
    assert types(uniform_edges(below, n_bins)) == {float}
    assert types(uniform_edges(beyond, n_bins)) == {int, Fraction}
    assert types(quantile_edges([-x for x in beyond], n_bins)) == {int, Fraction}
    # 0 .. 3 * 2**60 + 1 in 3 bins: the edge 2**60 + 1/3 is a float 2**60, below the whole number 2**60
    huge = [0, 3 * 2**60 + 1]
    edges = uniform_edges(huge, 3)
    assert edges[1] == Fraction(3 * 2**60 + 1, 3) and float(edges[1]) == 2**60
    assert bin_index(edges, 2**60) == 0  # by the float edge 2**60 it would be bin 1
    assert float(2**60 + Fraction(1, 3)) <= 2**60


def test_bin_index_and_labels():
    edges = [0, Fraction(5, 2), 5, Fraction(15, 2), 10]
    assert [bin_index(edges, x) for x in [-3, 0, 2.4, 2.5, 5, 9.99, 10, 99]] == [0, 0, 0, 1, 2, 3, 3, 3]
    assert [interval_label(edges, b) for b in range(4)] == ["< 2.5", "[2.5, 5)", "[5, 7.5)", ">= 7.5"]
    assert interval_label([3, 3], 0) == "any value"


ROWS = [
    {"length": 0, "colour": "red", "windy": True},
    {"length": 10, "colour": "blue", "windy": False},
    {"length": None, "colour": "red", "windy": True},
    {"length": 3, "colour": None, "windy": False},
]


def test_fit_chooses_the_numeric_features_and_labels_their_bins():
    discretizer = Discretizer(n_bins=4).fit(ROWS)
    # colour is text and windy is a yes/no category (bools are not numbers here)
    assert discretizer.edges_ == {"length": [0.0, 2.5, 5.0, 7.5, 10.0]}  # whole numbers: floats
    assert types(discretizer.edges_["length"]) == {float}
    exact_rows = [{**row, "length": None if row["length"] is None else Fraction(row["length"])} for row in ROWS]
    exact = Discretizer(n_bins=4).fit(exact_rows)
    assert exact.edges_ == {"length": [0, Fraction(5, 2), 5, Fraction(15, 2), 10]}  # Fractions: exact
    assert types(exact.edges_["length"]) == {Fraction} and exact.categories_ == discretizer.categories_
    assert discretizer.categories_ == {"length": ["< 2.5", "[2.5, 5)", "[5, 7.5)", ">= 7.5"]}
    assert discretizer.transform(ROWS) == [
        {"length": "< 2.5", "colour": "red", "windy": True},
        {"length": ">= 7.5", "colour": "blue", "windy": False},
        {"length": None, "colour": "red", "windy": True},  # a missing value stays missing
        {"length": "[2.5, 5)", "colour": None, "windy": False},
    ]
    assert discretizer.transform([{"length": 99}, {"length": -1}]) == [{"length": ">= 7.5"}, {"length": "< 2.5"}]


def test_list_rows_keep_their_shape_and_missing_values():
    rows = [[4.3, "x"], [5.0, "y"], [7.9, None]]
    discretizer = Discretizer(n_bins=3)
    # 4.3 .. 7.9 in 3 bins of width 1.2: edges 4.3, 5.5, 6.7, 7.9
    transformed = discretizer.fit_transform(rows)
    assert transformed == [["< 5.5", "x"], ["< 5.5", "y"], [">= 6.7", None]]
    assert discretizer.categories_ == {0: ["< 5.5", "[5.5, 6.7)", ">= 6.7"]}
    nan_row = discretizer.transform([[math.nan, "z"]])[0]
    assert math.isnan(nan_row[0]) and nan_row[1] == "z"


def test_quantile_strategy():
    rows = [[x] for x in [1, 2, 3, 4, 5]]
    discretizer = Discretizer(n_bins=2, strategy="quantile").fit(rows)
    assert discretizer.edges_ == {0: [1, 3, 5]}
    assert discretizer.transform(rows) == [["< 3"], ["< 3"], [">= 3"], [">= 3"], [">= 3"]]


def test_features_named_explicitly():
    discretizer = Discretizer(n_bins=2, features=["length"]).fit(ROWS)
    assert list(discretizer.edges_) == ["length"]
    with pytest.raises(ValueError, match="feature 'colour' has the value 'red'; only numbers"):
        Discretizer(features=["colour"]).fit(ROWS)
    with pytest.raises(ValueError, match="feature 'height' has no values"):
        Discretizer(features=["height"]).fit(ROWS)


def test_errors_are_clear():
    with pytest.raises(NotFittedError, match="has not been fitted yet: call fit"):
        Discretizer().transform(ROWS)
    with pytest.raises(ValueError, match="n_bins must be a whole number >= 1"):
        Discretizer(n_bins=2.5)
    with pytest.raises(ValueError, match="strategy must be one of"):
        Discretizer(strategy="kmeans")
    with pytest.raises(ValueError, match="fit needs at least one row"):
        Discretizer().fit([])
    discretizer = Discretizer(n_bins=2).fit(ROWS)
    with pytest.raises(ValueError, match=r"X\[0\]: feature 'length' has the value 'long', which is not a number"):
        discretizer.transform([{"length": "long"}])


def test_categories_give_categorical_nb_every_bin_even_an_empty_one():
    # length 0, 10, 3 in 4 bins: bins 0, 3, 1 are used, bin 2 ([5, 7.5)) is empty
    rows = [row for row in ROWS if row["length"] is not None]
    discretizer = Discretizer(n_bins=4).fit(rows)
    model = CategoricalNB(categories=discretizer.categories_).fit(discretizer.transform(rows), ["a", "b", "a"])
    assert model.categories_["length"] == ["< 2.5", "[2.5, 5)", "[5, 7.5)", ">= 7.5"]  # K = 4
    # [5, 7.5) | a: (0 + 1) / (2 + 4) = 1/6
    assert model.likelihood("length", "[5, 7.5)", "a") == Fraction(1, 6)
    without = CategoricalNB().fit(discretizer.transform(rows), ["a", "b", "a"])
    assert len(without.categories_["length"]) == 3  # only the bins training saw


def test_repr():
    assert repr(Discretizer()) == "Discretizer(n_bins=5, strategy='uniform', not fitted)"
    assert repr(Discretizer(n_bins=2).fit(ROWS)) == "Discretizer(n_bins=2, strategy='uniform', 1 features)"


def test_close_edges_get_labels_that_tell_them_apart():
    # 1000000.0 .. 1000000.4 in 4 bins: edges 1000000, 1000000.1, 1000000.2, 1000000.3, 1000000.4.
    # Six significant digits would print each as 1e+06 and give two bins the label "[1e+06, 1e+06)".
    rows = [[1000000.0], [1000000.4]]
    discretizer = Discretizer(n_bins=4).fit(rows)
    labels = discretizer.categories_[0]
    assert labels == ["< 1000000.1", "[1000000.1, 1000000.2)", "[1000000.2, 1000000.3)", ">= 1000000.3"]
    assert discretizer.transform([[1000000.15], [1000000.25]]) == [[labels[1]], [labels[2]]]
    CategoricalNB(categories=discretizer.categories_).fit(discretizer.transform(rows), ["a", "b"])


# --- settings and failed calls (issue 19) -----------------------------------------------


def test_a_fit_transform_whose_transform_fails_leaves_the_discretizer_as_it_was(monkeypatch):
    discretizer = Discretizer(n_bins=2).fit([{"x": 1}, {"x": 3}])
    before = {name: (dict(value) if isinstance(value, dict) else value) for name, value in vars(discretizer).items()}

    def failing(*args):
        raise ValueError("transform failed")

    monkeypatch.setattr(discretizer, "_transform_row", failing)
    with pytest.raises(ValueError, match="transform failed"):
        discretizer.fit_transform([{"x": 10}, {"x": 30}])
    monkeypatch.undo()
    assert {name: value for name, value in vars(discretizer).items()} == before


@pytest.mark.parametrize("n_bins", [10**6 + 1, 10**9, 2**70, pytest.param(10**5000, id="10**5000")])
def test_a_bin_count_beyond_the_limit_is_refused_before_any_work(n_bins):
    with pytest.raises(ValueError, match="MAX_BINS"):
        Discretizer(n_bins=n_bins)


@pytest.mark.parametrize("n_bins", [2.0, "5", None, True])
def test_a_bin_count_that_is_not_a_whole_number_is_refused(n_bins):
    with pytest.raises(ValueError, match="n_bins must be a whole number"):
        Discretizer(n_bins=n_bins)


def test_a_numpy_bin_count_is_a_whole_number():
    np = pytest.importorskip("numpy")
    assert Discretizer(n_bins=np.int64(3)).n_bins == 3


def test_a_setting_assigned_after_construction_is_checked_at_the_next_fit():
    discretizer = Discretizer()
    discretizer.n_bins = 10**9
    with pytest.raises(ValueError, match="MAX_BINS"):
        discretizer.fit([{"x": 1}, {"x": 2}])
    discretizer.n_bins, discretizer.strategy = 2, "kmeans"
    with pytest.raises(ValueError, match="strategy must be one of"):
        discretizer.fit([{"x": 1}, {"x": 2}])
    assert discretizer.edges_ is None


def test_features_given_as_a_single_name_are_refused():
    with pytest.raises(TypeError, match="list of feature names"):
        Discretizer(features="length")
