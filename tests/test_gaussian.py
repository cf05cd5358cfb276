"""Gaussian naive Bayes on a four-row table, worked by hand.

    x:  class a: 1, 3        class b: 10, 14

    mu_a = (1 + 3)/2 = 2      M_a = (1-2)^2 + (3-2)^2 = 2     sigma_a^2 = 2/2 = 1   (ddof 0)
    mu_b = (10 + 14)/2 = 12   M_b = (10-12)^2 + (14-12)^2 = 8 sigma_b^2 = 8/2 = 4

    all four together: mean 7, M = 36 + 16 + 9 + 49 = 110, variance 110/4 = 55/2
"""

import copy
import math
from fractions import Fraction

import pytest

from naivebayes import GaussianNB
from naivebayes.naive_bayes.gaussian import (
    gaussian_log_density,
    gaussian_mean,
    gaussian_variance,
    merge_gaussian_statistics,
    squared_deviations,
    variance_floor,
)

ROWS = [{"x": 1}, {"x": 3}, {"x": 10}, {"x": 14}]
LABELS = ["a", "a", "b", "b"]


def public_state(model):
    return copy.deepcopy({name: value for name, value in vars(model).items() if name.endswith("_")})


@pytest.fixture
def model():
    return GaussianNB(var_smoothing=0).fit(ROWS, LABELS)


# ----------------------------------------------------------------------
# One test per formula, on numbers worked out by hand
# ----------------------------------------------------------------------


def test_eq_gaussian_mean_of_the_class(model):
    assert gaussian_mean([1, 2, 6]) == 3 and isinstance(gaussian_mean([1, 2, 6]), float)  # whole numbers: one division
    assert gaussian_mean([1, 2]) == 1.5
    assert gaussian_mean([10**20 + 1, 10**20 + 3]) == float(10**20 + 2)  # summed exactly, rounded once
    assert gaussian_mean([Fraction(1), 2]) == Fraction(3, 2)  # a Fraction asks for an exact mean
    assert gaussian_mean([Fraction(1, 2), Fraction(1, 3)]) == Fraction(5, 12)  # (3/6 + 2/6) / 2
    assert gaussian_mean([0.5, 1.5]) == 1.0 and isinstance(gaussian_mean([0.5, 1.5]), float)
    assert model.means_ == {"a": {"x": 2}, "b": {"x": 12}}
    assert all(isinstance(mean, float) for means in model.means_.values() for mean in means.values())


def test_eq_gaussian_squared_deviations_sum_the_squares(model):
    # [1, 2, 6], mean 3: 4 + 1 + 9 = 14; the whole-number form is 41 - 36**2/3... = (3*41 - 81)/3 = 14
    assert squared_deviations([1, 2, 6], 3) == 14
    assert squared_deviations([Fraction(1, 2), Fraction(3, 2)], 1) == Fraction(1, 2)  # 1/4 + 1/4
    assert squared_deviations([1.0, 2.0, 6.0], 3.0) == 14.0
    assert model.squared_deviations_ == {"a": {"x": 2}, "b": {"x": 8}}


def test_eq_gaussian_variance_divides_by_n_minus_ddof(model):
    assert gaussian_variance(14, 3, 0) == Fraction(14, 3)  # maximum likelihood
    assert gaussian_variance(14, 3, 1) == 7  # sample variance, 14 / 2
    assert model.variances_ == {"a": {"x": 1}, "b": {"x": 4}}
    sample = GaussianNB(var_smoothing=0, ddof=1).fit(ROWS, LABELS)
    assert sample.variances_ == {"a": {"x": 2}, "b": {"x": 8}}  # 2/1 and 8/1


def test_eq_gaussian_var_smoothing_floors_every_variance():
    assert variance_floor(Fraction(1, 10), [2, Fraction(14, 3)]) == Fraction(7, 15)  # 1/10 * 14/3
    assert variance_floor(0, [2, 5]) == 0 and type(variance_floor(0, [2.5])) is int
    assert variance_floor(1e-9, [2, 5]) == 5e-9
    # Overall variance of x is 55/2 (see the top); epsilon = 1/10 * 55/2 = 11/4,
    # so sigma_a^2 = 1 + 11/4 = 15/4 and sigma_b^2 = 4 + 11/4 = 27/4.
    model = GaussianNB(var_smoothing=Fraction(1, 10)).fit(ROWS, LABELS)
    assert model.epsilon_ == Fraction(11, 4)
    assert model.variances_ == {"a": {"x": Fraction(15, 4)}, "b": {"x": Fraction(27, 4)}}
    default = GaussianNB().fit(ROWS, LABELS)
    assert default.epsilon_ == pytest.approx(1e-9 * 27.5, rel=1e-15)
    assert default.variances_["a"]["x"] == pytest.approx(1 + 2.75e-8, rel=1e-15)


def test_eq_gaussian_var_smoothing_uses_the_largest_feature_variance():
    # x as above (variance 55/2); y: 0, 0, 0, 4 -> mean 1, M = 1+1+1+9 = 12, variance 3.
    rows = [{"x": 1, "y": 0}, {"x": 3, "y": 0}, {"x": 10, "y": 0}, {"x": 14, "y": 4}]
    model = GaussianNB(var_smoothing=Fraction(1, 5)).fit(rows, LABELS)
    assert model.epsilon_ == Fraction(11, 2)  # 1/5 * max(55/2, 3)
    assert model.variances_["a"]["y"] == Fraction(11, 2)  # 0 + 11/2: a constant feature is fine now
    assert model.variances_["b"]["y"] == 4 + Fraction(11, 2)  # b: 0, 4 -> mean 2, M = 8, 8/2 = 4


def test_eq_gaussian_merge_combines_two_groups():
    # a = (2, mu 2, M 2) from [1, 3];  b = (2, mu 12, M 8) from [10, 14].
    # delta = 10;  mu = 2 + 10 * 2/4 = 7;  M = 2 + 8 + 100 * 2 * 2 / 4 = 110  (as computed at the top)
    assert merge_gaussian_statistics((2, 2, 2), (2, 12, 8)) == (4, 7, 110)
    merged = merge_gaussian_statistics((2, 2, 2), (2, 12, 8))
    assert isinstance(merged[1], Fraction) and isinstance(merged[2], Fraction)
    assert merge_gaussian_statistics((2, 2.0, 2.0), (2, 12.0, 8.0)) == (4, 7.0, 110.0)
    assert merge_gaussian_statistics((0, None, None), (2, 12, 8)) == (2, 12, 8)
    assert merge_gaussian_statistics((2, 2, 2), (0, None, None)) == (2, 2, 2)
    # three values in pieces: [1, 2] (mu 3/2, M 1/2) + [6] (mu 6, M 0):
    # delta = 9/2; mu = 3/2 + 9/2 * 1/3 = 3;  M = 1/2 + 0 + 81/4 * 2/3 = 14, as for [1, 2, 6]
    assert merge_gaussian_statistics((2, Fraction(3, 2), Fraction(1, 2)), (1, 6, 0)) == (3, 3, 14)


def test_eq_gaussian_log_density_in_log_space(model):
    # N(3; 1, 4): -1/2 log(2 pi 4) - (3 - 1)^2 / (2 * 4) = -1/2 log(8 pi) - 1/2
    assert gaussian_log_density(3, 1, 4) == -0.5 * (math.log(2 * math.pi) + math.log(4)) - 0.5
    assert math.exp(gaussian_log_density(3, 1, 4)) == pytest.approx(math.exp(-0.5) / math.sqrt(8 * math.pi), rel=1e-14)
    # At the mean with sigma^2 = 1/(2 pi) the density is exactly 1
    assert gaussian_log_density(5, 5, 1 / (2 * math.pi)) == pytest.approx(0, abs=1e-15)
    # The model: x = 5; a: -1/2 log 2pi - 9/2;  b: -1/2 log 8pi - 49/8
    assert model.log_likelihood("x", 5, "a") == pytest.approx(-0.5 * math.log(2 * math.pi) - 4.5, abs=1e-14)
    assert model.log_likelihood("x", 5, "b") == pytest.approx(-0.5 * math.log(8 * math.pi) - 6.125, abs=1e-14)
    assert model.likelihood("x", 2, "a") == pytest.approx(1 / math.sqrt(2 * math.pi), rel=1e-14)
    assert model.feature_lookups_["x"] == (((2.0, 1.0), (12.0, 4.0)), None)  # (mean, variance) per class


# ----------------------------------------------------------------------
# Predicting
# ----------------------------------------------------------------------


def test_the_posterior_at_x_equals_5_by_hand(model):
    # log P(x, a) - log P(x, b) = (-1/2 log 2pi - 9/2) - (-1/2 log 8pi - 49/8) = log 2 + 13/8
    joint = model.joint_log_likelihood({"x": 5})
    assert joint["a"] - joint["b"] == pytest.approx(math.log(2) + 1.625, abs=1e-13)
    p_a = 1 / (1 + math.exp(-1.625) / 2)  # ~ 0.9191
    (probabilities,) = model.predict_proba([{"x": 5}])
    assert probabilities == pytest.approx({"a": p_a, "b": 1 - p_a}, rel=1e-12)
    assert model.predict([{"x": 5}, {"x": 9}]) == ["a", "b"]
    # posterior() states it too: floats from the log joint (a density has no exact value), not a refusal.
    assert model.posterior({"x": 5}) == pytest.approx({"a": p_a, "b": 1 - p_a}, rel=1e-12)


def test_a_value_far_in_the_tail_gives_a_finite_very_negative_term(model):
    # (1e6 - 2)^2 / 2 ~ 5e11: the density underflows to 0.0, its log does not
    term = model.log_likelihood("x", 1e6, "a")
    assert math.isfinite(term) and term == pytest.approx(-0.5 * math.log(2 * math.pi) - (1e6 - 2) ** 2 / 2, rel=1e-15)
    assert model.likelihood("x", 1e6, "a") == 0.0  # exp(term) underflows, the term itself did not
    far = model.log_likelihood("x", 1e100, "b")  # about -1e200 / 8
    assert math.isfinite(far) and far < -1e199
    (probabilities,) = model.predict_proba([{"x": 1e6}])
    assert probabilities["b"] == 1.0 and probabilities["a"] == 0.0  # the wider class wins far out
    assert model.predict([{"x": -1e100}]) == ["b"]


def test_missing_values_are_skipped_and_left_out():
    rows = [{"x": 1, "y": 5}, {"x": None, "y": 7}, {"x": 3}, {"x": 10, "y": math.nan}, {"x": 14, "y": 0}, {"y": 2}]
    labels = ["a", "a", "a", "b", "b", "b"]
    model = GaussianNB(var_smoothing=0).fit(rows, labels)
    # x: a 1, 3 (n 2); b 10, 14 (n 2).  y: a 5, 7 (n 2, mean 6, M 2, var 1); b 0, 2 (n 2, mean 1, M 2, var 1)
    assert model.feature_counts_ == {"a": {"x": 2, "y": 2}, "b": {"x": 2, "y": 2}}
    assert model.class_counts_ == {"a": 3, "b": 3}
    assert model.means_ == {"a": {"x": 2, "y": 6}, "b": {"x": 12, "y": 1}}
    assert model.variances_ == {"a": {"x": 1, "y": 1}, "b": {"x": 4, "y": 1}}
    # A missing y is left out: log P(c) + the x term only
    joint = model.joint_log_likelihood({"x": 5, "y": None})
    for label in model.classes_:
        assert joint[label] == math.log(Fraction(1, 2)) + math.fsum([model.log_likelihood("x", 5, label)])
    assert model.joint_log_likelihood({"x": 5}) == joint
    assert model.explain({"x": 5, "y": None}).ignored == {"y": "missing"}


def test_exact_means_and_variances_for_fraction_inputs():
    rows = [[Fraction(1, 2)], [Fraction(3, 2)], [Fraction(1, 3)], [1]]
    model = GaussianNB(var_smoothing=0).fit(rows, ["a", "a", "b", "b"])
    # a: mean 1, M = 1/4 + 1/4 = 1/2, var 1/4;  b: mean 2/3, M = (1/3)^2 * 2 = 2/9, var 1/9
    assert model.means_ == {"a": {0: 1}, "b": {0: Fraction(2, 3)}}
    assert model.squared_deviations_ == {"a": {0: Fraction(1, 2)}, "b": {0: Fraction(2, 9)}}
    assert model.variances_ == {"a": {0: Fraction(1, 4)}, "b": {0: Fraction(1, 9)}}
    assert all(isinstance(v, Fraction) for table in model.variances_.values() for v in table.values())


def test_float_inputs_give_float_statistics():
    model = GaussianNB(var_smoothing=0).fit([[1.0], [3.0], [10.0], [14.0]], LABELS)
    assert model.means_ == {"a": {0: 2.0}, "b": {0: 12.0}}
    assert model.variances_ == {"a": {0: 1.0}, "b": {0: 4.0}}
    assert isinstance(model.means_["a"][0], float)


# ----------------------------------------------------------------------
# Errors, each clear, each leaving the model as it was
# ----------------------------------------------------------------------


def test_a_constant_feature_with_var_smoothing_zero_is_a_clear_error_when_its_density_is_needed():
    # Training keeps the statistics (more rows may still mend a variance of 0); a prediction
    # that needs the density says which feature and class, and why.
    rows = [{"x": 1, "flat": 5}, {"x": 2, "flat": 5}, {"x": 3, "flat": 7}, {"x": 5, "flat": 8}]
    model = GaussianNB(var_smoothing=0).fit(rows, LABELS)
    assert model.means_["a"]["flat"] == 5 and model.variances_["a"]["flat"] is None
    before = public_state(model)
    with pytest.raises(ValueError, match=r"feature 'flat' in class 'a': every training value is 5.0, so the variance is 0"):
        model.predict([{"x": 1, "flat": 5}])
    with pytest.raises(ValueError, match="use var_smoothing > 0"):
        model.predict_proba([{"x": 1, "flat": 6}])
    assert public_state(model) == before  # the failed prediction changed nothing
    assert model.predict([{"x": 1}]) == ["a"]  # a row without the feature does not need its density
    assert GaussianNB().fit(rows, LABELS).variances_["a"]["flat"] > 0  # the default floor saves it


def test_ddof_one_with_one_value_in_a_class_is_an_error_when_predicting():
    model = GaussianNB(ddof=1).fit([[1], [2], [3]], ["a", "a", "b"])
    with pytest.raises(ValueError, match=r"feature 0 in class 'b': one value, and ddof=1 divides by n - 1 = 0"):
        model.predict([[2]])
    with pytest.raises(ValueError, match="ddof must be 0"):
        GaussianNB(ddof=2)


@pytest.mark.parametrize("value", ["tall", True, None])
def test_a_value_that_is_not_a_number_is_an_error(value):
    if value is None:  # None is a missing value, not an error
        assert GaussianNB().fit([[1], [value], [3], [4]], LABELS).feature_counts_["a"][0] == 1
        return
    message = rf"X\[1\]: feature 0 has the value {value!r}, but a Gaussian feature takes numbers"
    with pytest.raises(ValueError, match=message):
        GaussianNB().fit([[1], [value], [3], [4]], LABELS)
    model = GaussianNB().fit([[1], [2], [3], [4]], LABELS)
    with pytest.raises(ValueError, match="a Gaussian feature takes numbers"):
        model.predict([[value]])


@pytest.mark.parametrize("column", [[1, math.inf, 3, 4], [1, math.inf, -math.inf, 4]])
def test_infinite_values_are_an_error(column):
    # (inf and -inf together make math.fsum raise "-inf + inf in fsum"; the message must still name the row)
    with pytest.raises(ValueError, match=r"X\[1\]: feature 0 has the value inf; measurements must be finite"):
        GaussianNB().fit([[value] for value in column], LABELS)


def test_a_class_without_values_of_a_feature_is_an_error_when_predicting():
    model = GaussianNB().fit([{"x": 1}, {"x": 2}, {"x": 3, "y": 1}, {"x": 4, "y": 2}], LABELS)
    with pytest.raises(ValueError, match="feature 'y' in class 'a': no training row of the class has this feature"):
        model.predict([{"x": 1, "y": 1}])
    assert model.predict([{"x": 1}]) == ["a"]


def test_a_value_too_far_out_for_a_float_log_density_is_named():
    model = GaussianNB().fit([[1.0], [2.0], [3.0], [5.0]], LABELS)
    assert model.predict([[1e100]]) == ["b"]  # far out, yet every log term is a finite float
    with pytest.raises(ValueError, match=r"feature 0 has the value 1e\+200, so far from every class's mean"):
        model.predict([[1e200]])


def test_partial_fit_in_pieces_equals_one_fit_exactly():
    whole = GaussianNB(var_smoothing=Fraction(1, 100)).fit(ROWS, LABELS)
    pieces = GaussianNB(var_smoothing=Fraction(1, 100))
    pieces.partial_fit(ROWS[:2], LABELS[:2])  # one class first
    pieces.partial_fit(ROWS[2:3], LABELS[2:3])  # class b has one value so far: variance 0 + epsilon
    pieces.partial_fit(ROWS[3:], LABELS[3:])
    assert public_state(pieces) == public_state(whole)


def test_variance_zero_with_var_smoothing_says_why_epsilon_is_zero():
    # One row: its variance is 0, and so is the largest variance of any feature, so epsilon = 1e-9 * 0
    model = GaussianNB().partial_fit(ROWS[:1], LABELS[:1])
    with pytest.raises(ValueError, match=r"feature 'x' in class 'a': every training value is 1.0, so the variance "
                       r"is 0, and epsilon is 0 too, as every feature has had a single value so far"):  # fmt: skip
        model.log_likelihood("x", 1, "a")


def test_partial_fit_one_row_at_a_time():
    # The blog post on TensorFlow Probability lists updating one example at a time as a strength.
    pieces = GaussianNB()
    for row, label in zip(ROWS, LABELS):
        pieces.partial_fit([row], [label])
    whole = GaussianNB().fit(ROWS, LABELS)
    assert pieces.means_ == whole.means_ and pieces.squared_deviations_ == whole.squared_deviations_
    assert pieces.predict([{"x": 5}, {"x": 9}]) == whole.predict([{"x": 5}, {"x": 9}])


def test_repr_shows_the_tables(model):
    assert repr(model) == str(model) == (  # its means and variances, as NormalDist shows mu and sigma
        'GaussianNB(var_smoothing=0)\n'
        'table                     size       first entries\n'
        '------------------------  ---------  -----------------\n'
        "class 'a'                 2 rows     P(c) = 1/2\n"
        "class 'b'                 2 rows     P(c) = 1/2\n"
        "distributions_            1 feature  {'x': 'gaussian'}\n"
        "means_['a']               1 feature  {'x': 2}\n"
        "means_['b']               1 feature  {'x': 12}\n"
        "squared_deviations_['a']  1 feature  {'x': 2}\n"
        "squared_deviations_['b']  1 feature  {'x': 8}\n"
        "variances_['a']           1 feature  {'x': 1}\n"
        "variances_['b']           1 feature  {'x': 4}\n"
        'Gaussian naive Bayes, fitted on 4 rows'
    )
    assert repr(GaussianNB()) == "GaussianNB() (not fitted)"
