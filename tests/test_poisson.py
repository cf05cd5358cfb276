"""Poisson naive Bayes on five rows of counts, worked by hand.

    x:  class a: 0, 0, 1     class b: 4, 6

    S_a = 1, n_a = 3;  S_b = 10, n_b = 2
    alpha = 0: lambda_a = 1/3,               lambda_b = 10/2 = 5
    alpha = 1: lambda_a = (1+1)/(3+1) = 1/2, lambda_b = (10+1)/(2+1) = 11/3
"""

import copy
import math
from fractions import Fraction

import pytest

from naivebayes import PoissonNB, ZeroProbabilityError
from naivebayes.naive_bayes.poisson import poisson_log_pmf, poisson_rate

ROWS = [[0], [0], [1], [4], [6]]
LABELS = ["a", "a", "a", "b", "b"]


def public_state(model):
    return copy.deepcopy({name: value for name, value in vars(model).items() if name.endswith("_")})


@pytest.fixture
def model():
    return PoissonNB().fit(ROWS, LABELS)


def test_eq_poisson_smoothed_with_alpha_zero_is_the_mean_count():
    assert poisson_rate(1, 3, 0) == 1 / 3  # the maximum likelihood rate S / n: the model's own function, alpha = 0
    assert poisson_rate(10, 2, 0) == 5
    assert poisson_rate(0, 9, 0) == 0  # only zeros: the rate is 0
    assert poisson_rate(Fraction(1), 3, 0) == Fraction(1, 3)  # exact when a Fraction is passed
    model = PoissonNB(alpha=0).fit(ROWS, LABELS)
    assert model.value_sums_ == {"a": {0: 1}, "b": {0: 10}}
    assert model.feature_counts_ == {"a": {0: 3}, "b": {0: 2}}
    assert model.rates_ == {"a": {0: 1 / 3}, "b": {0: 5.0}}


def test_eq_poisson_smoothed_adds_alpha_rows_that_counted_one(model):
    assert poisson_rate(1, 3, 1) == 0.5  # (1 + 1) / (3 + 1)
    assert poisson_rate(10, 2, 1) == 11 / 3  # (10 + 1) / (2 + 1), a float for whole numbers
    assert poisson_rate(0, 9, 1) == 0.1  # nine rows of zeros: 1/10, not 0
    assert poisson_rate(1, 3, Fraction(1, 2)) == Fraction(3, 7)  # (3/2) / (7/2): exact for a Fraction alpha
    assert model.rates_ == {"a": {0: 0.5}, "b": {0: 11 / 3}}
    assert model.feature_lookups_[0] == (0.5, 11 / 3)


def test_eq_poisson_log_pmf_by_hand(model):
    # P(2; 3) = 3^2 e^-3 / 2! = 4.5 e^-3 ~ 0.2240
    assert poisson_log_pmf(2, 3) == 2 * math.log(3) - 3.0 - math.lgamma(3)
    assert math.exp(poisson_log_pmf(2, 3)) == pytest.approx(4.5 * math.exp(-3), rel=1e-14)
    assert poisson_log_pmf(0, Fraction(1, 10)) == -0.1  # P(0) = e^-lambda
    assert poisson_log_pmf(0, 0) == 0  # lambda^0 = 1 even for lambda = 0
    assert poisson_log_pmf(3, 0) == -math.inf  # a rate of 0 rules out any positive count
    # The model at x = 3: a: 3 log(1/2) - 1/2 - log 6;  b: 3 log(11/3) - 11/3 - log 6
    assert model.log_likelihood(0, 3, "a") == pytest.approx(3 * math.log(1 / 2) - 0.5 - math.log(6), abs=1e-14)
    assert model.log_likelihood(0, 3, "b") == pytest.approx(3 * math.log(11 / 3) - 11 / 3 - math.log(6), abs=1e-14)
    assert model.likelihood(0, 0, "a") == pytest.approx(math.exp(-0.5), rel=1e-15)
    # the probabilities of every count add up to 1
    assert math.fsum(math.exp(poisson_log_pmf(k, Fraction(11, 3))) for k in range(100)) == pytest.approx(1, abs=1e-14)


def test_the_posterior_by_hand(model):
    # x = 0: log P(x, a) = log 3/5 - 1/2;  log P(x, b) = log 2/5 - 11/3
    joint = model.joint_log_likelihood([0])
    assert joint["a"] == pytest.approx(math.log(3 / 5) - 0.5, abs=1e-14)
    assert joint["b"] == pytest.approx(math.log(2 / 5) - 11 / 3, abs=1e-14)
    p_a = 1 / (1 + (2 / 3) * math.exp(0.5 - 11 / 3))
    assert model.predict_proba([[0]])[0] == pytest.approx({"a": p_a, "b": 1 - p_a}, rel=1e-12)
    assert model.predict([[0], [3]]) == ["a", "b"]


def test_alpha_zero_shows_the_zero_frequency_problem():
    model = PoissonNB(alpha=0).fit([[0], [0], [0], [2], [3]], LABELS)
    assert model.rates_["a"][0] == 0  # class a only ever saw 0
    assert model.joint_log_likelihood([1])["a"] == -math.inf
    assert model.predict_proba([[1]])[0] == {"a": 0.0, "b": 1.0}
    smoothed = PoissonNB(alpha=1).fit([[0], [0], [0], [2], [3]], LABELS)
    assert smoothed.rates_["a"][0] == 0.25  # (0 + 1) / (3 + 1)
    assert math.isfinite(smoothed.joint_log_likelihood([1])["a"])
    with pytest.raises(ZeroProbabilityError):  # both classes only saw 0: a count of 1 has probability 0 in each
        PoissonNB(alpha=0).fit([[0], [0], [0], [0]], ["a", "a", "b", "b"]).predict([[1]])


def test_missing_values_are_skipped():
    rows = [[0, 2], [None, 0], [1, math.nan], [4, 1], [6, None]]
    model = PoissonNB().fit(rows, LABELS)
    # feature 0: a has 0, 1 (n 2, S 1) -> (1+1)/(2+1) = 2/3;  b as before: 11/3
    # feature 1: a has 2, 0 (n 2, S 2) -> 3/3 = 1;           b has 1 (n 1, S 1) -> 2/2 = 1
    assert model.feature_counts_ == {"a": {0: 2, 1: 2}, "b": {0: 2, 1: 1}}
    assert model.rates_ == {"a": {0: 2 / 3, 1: 1.0}, "b": {0: 11 / 3, 1: 1.0}}
    assert model.joint_log_likelihood([3, None]) == model.joint_log_likelihood([3, math.nan])
    assert model.explain([3, None]).ignored == {1: "missing"}


@pytest.mark.parametrize("value", [-1, 2.5, "3", True, math.inf, Fraction(1, 2)])
def test_a_value_that_is_not_a_count_is_an_error(value):
    with pytest.raises(ValueError, match=r"X\[1\]: feature 0 has the value .*, but a Poisson feature takes counts"):
        PoissonNB().fit([[0], [value], [4]], ["a", "a", "b"])
    model = PoissonNB().fit(ROWS, LABELS)
    before = public_state(model)
    with pytest.raises(ValueError, match="a Poisson feature takes counts"):
        model.predict([[value]])
    with pytest.raises(ValueError, match="a Poisson feature takes counts"):
        model.partial_fit([[1], [value]], ["a", "b"])
    assert public_state(model) == before


def test_whole_numbers_in_other_types_are_counts():
    model = PoissonNB().fit([[0.0], [0], [Fraction(2, 2)], [4.0], [6]], LABELS)
    assert model.value_sums_ == {"a": {0: 1}, "b": {0: 10}}
    assert model.rates_ == PoissonNB().fit(ROWS, LABELS).rates_
    assert model.predict([[3.0]]) == ["b"]


def test_alpha_zero_with_a_feature_absent_from_a_class_is_an_error():
    with pytest.raises(ValueError, match="feature 'y' has no values in class 'a'"):
        PoissonNB(alpha=0).fit([{"x": 1}, {"x": 2, "y": 1}], ["a", "b"])


def test_partial_fit_in_pieces_equals_one_fit():
    whole = PoissonNB().fit(ROWS, LABELS)
    pieces = PoissonNB()
    for start in range(len(ROWS)):  # one row at a time: counts merge exactly
        pieces.partial_fit(ROWS[start : start + 1], LABELS[start : start + 1])
    assert public_state(pieces) == public_state(whole)


def test_repr_shows_the_tables(model):
    assert repr(model) == (
        'PoissonNB(alpha=1)\n'
        'table             size       first entries\n'
        '----------------  ---------  --------------\n'
        "class 'a'         3 rows     P(c) = 3/5\n"
        "class 'b'         2 rows     P(c) = 2/5\n"
        "distributions_    1 feature  {0: 'poisson'}\n"
        "value_sums_['a']  1 feature  {0: 1}\n"
        "value_sums_['b']  1 feature  {0: 10}\n"
        "rates_['a']       1 feature  {0: 0.5}\n"
        "rates_['b']       1 feature  {0: 3.66667}\n"
        'Poisson naive Bayes, fitted on 5 rows'
    )
