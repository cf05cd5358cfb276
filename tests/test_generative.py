"""Sampling, imputing and log p(x): the three things Cornell Tech's "Lecture 8: Naive Bayes" says a generative model adds.

Three layers, as everywhere in the package:

* a test per formula id (``test_eq_<id>...``) on numbers worked out by hand,
  with a scripted generator standing in for ``random.Random`` where a formula
  draws;
* exact checks: ``impute`` on PlayTennis as Fractions, ``log_marginal``
  against the log of the summed exact joint probabilities;
* sampling checks with a fixed seed: every share or mean of a large sample
  lies within ``SIGMAS`` standard errors of what the model says
  (docs/generative.md#eq-sampling-tolerance).  Each check would fail for a
  random seed with probability about 5.7e-7 (``false_alarm_probability``);
  this file makes fewer than ``MAX_CHECKS`` of them, so for a random seed a
  correct sampler would fail some check with probability below 2e-3, and with
  the fixed seeds below it passes or fails the same way every time.
"""

import itertools
import math
import os
import random
import subprocess
import sys
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
    TfidfTransformer,
)
from naivebayes.core.bayes import log_sum_exp
from naivebayes.other_models.linalg import ldl_decomposition
from naivebayes.datasets import load_china, load_iris, load_play_tennis, load_spam
from naivebayes.inspect.outliers import OutlierDetector, quantile_threshold
from naivebayes.naive_bayes.bernoulli import bernoulli_present_positions
from naivebayes.other_models.discriminant import conditional_normal, multivariate_normal_draw
from naivebayes.naive_bayes.gaussian import gaussian_draw
from naivebayes.naive_bayes.generative import (
    cumulative_weights,
    draw_index,
    log_marginal_likelihood,
    mixture_mean_variance,
    per_word_score,
    predictive_mixture,
)
from naivebayes.naive_bayes.histogram import histogram_draw, histogram_mean_variance
from naivebayes.other_models.joint import joint_draw_cell
from naivebayes.naive_bayes.multinomial import multinomial_draw_document
from naivebayes.naive_bayes.poisson import poisson_draw, poisson_mixture_mode
from naivebayes.tables.bins import bin_index

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = Path(
    os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE") or ROOT.parent / "shared" / "data" / "20news-bydate.tar.gz"
)

SIGMAS = 5  # each sampling check allows 5 standard errors
MAX_CHECKS = 3000  # more than this file makes

ROWS, DAYS, TEST_DAY = load_play_tennis()
DOCUMENTS, LABELS, TEST_DOCUMENT = load_china()
IRIS = load_iris()

# The test day with its humidity missing (the missing-values page uses it too).
NO_HUMIDITY = {"outlook": "sunny", "temperature": "cool", "humidity": None, "wind": "strong"}


class Scripted:
    """A stand-in for ``random.Random`` that returns the numbers written down, in order."""

    def __init__(self, uniforms=(), normals=()):
        self.uniforms = list(uniforms)
        self.normals = list(normals)

    def random(self):
        return self.uniforms.pop(0)

    def gauss(self, mu, sigma):
        assert (mu, sigma) == (0.0, 1.0)
        return self.normals.pop(0)


# How close a sample comes, and how often a correct sampler fails a check by chance: the tests' own
# tools, not the models' (docs/generative.md shows them).
# --8<-- [start:sampling-tolerance]
def frequency_tolerance(probability, n, sigmas=5):
    """k sqrt(p (1 - p) / n): how far the share of n draws that land on an outcome of probability p may stray.

    The count of such draws is Binomial(n, p), whose share has mean p and
    standard error sqrt(p (1 - p) / n); the check allows k of them.

    (docs/generative.md#sampling-tolerance shows it.)
    """
    p = float(probability)
    return sigmas * math.sqrt(p * (1 - p) / n)
# --8<-- [end:sampling-tolerance]


# --8<-- [start:false-alarm]
def false_alarm_probability(sigmas=5, n_checks=1):
    """P(some check fails) <= m P(|Z| > k) = m erfc(k / sqrt 2), for m checks of k standard errors each.

    Z is a standard normal (the central limit theorem's approximation of a
    standardised share or mean); the m checks are added up with the union
    bound, which needs no independence.

    (docs/generative.md#false-alarm shows it.)
    """
    return min(1.0, n_checks * math.erfc(sigmas / math.sqrt(2)))
# --8<-- [end:false-alarm]


def assert_share_close(found, n, probability, what=""):
    """|found / n - p| <= SIGMAS standard errors of a share (eq-sampling-tolerance)."""
    share = found / n
    assert abs(share - float(probability)) <= frequency_tolerance(probability, n, SIGMAS), (
        f"{what}: {found} of {n} = {share:.5f}, but the model says {float(probability):.5f}"
    )


def assert_mean_close(values, mean, variance, what=""):
    """|sample mean - mu| <= SIGMAS sigma / sqrt(n): the mean of n draws has standard error sigma / sqrt(n)."""
    n = len(values)
    found = math.fsum(values) / n
    assert abs(found - float(mean)) <= SIGMAS * math.sqrt(float(variance) / n), f"{what}: mean {found}, expected {mean}"


def sample_variance(values):
    mean = math.fsum(values) / len(values)
    return math.fsum((value - mean) ** 2 for value in values) / (len(values) - 1)


# ---------------------------------------------------------------------------
# One test per formula, on numbers worked out by hand
# ---------------------------------------------------------------------------


def test_eq_inverse_cdf_on_weights_one_two_one():
    # W = (1, 3, 4): index 0 owns [0, 1), index 1 [1, 3), index 2 [3, 4) of u * 4.
    cumulative = cumulative_weights([1, 2, 1])
    assert cumulative == [1.0, 3.0, 4.0]
    assert [draw_index(u, cumulative) for u in (0.0, 0.1, 0.25, 0.3, 0.74, 0.75, 0.999)] == [0, 0, 1, 1, 1, 2, 2]
    # An index of weight 0 owns an empty stretch: never drawn, not even at its edge.
    with_zeros = cumulative_weights([0, 1, 0, 1])  # (0, 1, 1, 2)
    assert [draw_index(u, with_zeros) for u in (0.0, 0.49, 0.5, 0.999)] == [1, 1, 3, 3]


def test_eq_predictive_mixture_on_play_tennis_humidity():
    # P(c | sunny, cool, strong) = (55/97, 42/97) (the missing-values page), and
    # P(high | no) = (4 + 1)/(5 + 2) = 5/7, P(high | yes) = (3 + 1)/(9 + 2) = 4/11:
    # 55/97 * 5/7 + 42/97 * 4/11 = (275 * 11 + 168 * 7) / (97 * 77) = 4201/7469.
    weights = [Fraction(55, 97), Fraction(42, 97)]
    likelihoods = {"high": [Fraction(5, 7), Fraction(4, 11)], "normal": [Fraction(2, 7), Fraction(7, 11)]}
    assert predictive_mixture(weights, likelihoods) == {"high": Fraction(4201, 7469), "normal": Fraction(3268, 7469)}


def test_eq_mixture_moments_by_hand():
    # E = 1/4 * 0 + 3/4 * 4 = 3; E[x^2] = 1/4 (1 + 0) + 3/4 (2 + 16) = 55/4; Var = 55/4 - 9 = 19/4.
    assert mixture_mean_variance([Fraction(1, 4), Fraction(3, 4)], [0, 4], [1, 2]) == (3, Fraction(19, 4))
    # One class: its own mean and variance.
    assert mixture_mean_variance([1], [Fraction(5, 2)], [Fraction(1, 3)]) == (Fraction(5, 2), Fraction(1, 3))


def test_eq_log_marginal_is_the_log_of_the_summed_joints():
    # P(x, a) = 1/8 and P(x, b) = 3/8, so p(x) = 1/2.
    assert log_marginal_likelihood([math.log(1 / 8), math.log(3 / 8)]) == pytest.approx(math.log(1 / 2), abs=1e-15)
    assert log_marginal_likelihood([-math.inf, -math.inf]) == -math.inf


def test_eq_per_word_score_by_hand():
    assert per_word_score(-12.0, 4) == -3.0
    assert per_word_score(0.0, 0) == -math.inf  # an empty document


def test_eq_sampling_tolerance_by_hand():
    assert frequency_tolerance(Fraction(1, 2), 100, sigmas=5) == 5 * 0.05  # sqrt(1/4 / 100) = 1/20
    assert frequency_tolerance(0.1, 10_000, sigmas=3) == pytest.approx(3 * 0.003)  # sqrt(0.09 / 10^4) = 0.003
    assert frequency_tolerance(0, 50) == 0.0  # an impossible outcome must not appear at all


def test_eq_false_alarm_by_hand():
    assert false_alarm_probability(5) == pytest.approx(5.733e-7, rel=1e-3)  # 2 (1 - Phi(5))
    assert false_alarm_probability(2) == pytest.approx(0.0455, rel=1e-3)
    assert false_alarm_probability(1, n_checks=10) == 1.0  # the union bound, capped
    assert false_alarm_probability(SIGMAS, MAX_CHECKS) < 2e-3  # this file's claim


def test_eq_multinomial_sample_with_scripted_draws():
    # Lengths 2 (1 document) and 3 (1 document): u = 0.9 falls in [1, 2) of u * 2, so L = 3.
    # theta = (1/3, 2/3) for (a, b): u = 0.1 -> 0.3 < 1: a; 0.6 -> 1.8: b; 0.1: a.
    generator = Scripted(uniforms=[0.9, 0.1, 0.6, 0.1])
    document = multinomial_draw_document(generator, [2, 3], [1.0, 2.0], ["a", "b"], [1.0, 3.0])
    assert document == {"a": 2, "b": 1}
    assert generator.uniforms == []  # one draw for the length and one per word


def test_eq_bernoulli_sample_with_scripted_draws():
    # p = 1/2, log(1 - p) = log 1/2.  u = 0.8: floor(log 0.2 / log 0.5) = floor(2.32) = 2 absent, then word 2;
    # u = 0.3: floor(0.51) = 0, word 3; u = 0.99: floor(6.64) = 6, position 10: past the last word.
    assert bernoulli_present_positions(Scripted(uniforms=[0.8, 0.3, 0.99]), 10, 0.5) == [2, 3]
    assert bernoulli_present_positions(Scripted(), 10, 0.0) == []
    assert bernoulli_present_positions(Scripted(), 3, 1.0) == [0, 1, 2]


def test_eq_gaussian_sample_with_a_scripted_normal():
    assert gaussian_draw(Scripted(normals=[1.5]), 2, 4) == 2 + 2 * 1.5  # mu + sigma z


def test_eq_poisson_sample_with_scripted_draws():
    # lambda = 1: F(0) = e^-1 = 0.368, F(1) = 0.736, F(2) = 0.920.
    assert [poisson_draw(Scripted(uniforms=[u]), 1) for u in (0.3, 0.5, 0.9)] == [0, 1, 2]
    assert poisson_draw(Scripted(), 0) == 0  # nothing to draw
    generator = Scripted(uniforms=[0.5, 0.5])
    poisson_draw(generator, 1000)  # above 500: one pair of uniforms, which PTRS's squeeze takes
    assert generator.uniforms == []


def test_eq_poisson_mixture_mode_by_hand():
    # 1/10 Poisson(1/2) + 9/10 Poisson(4).  Poisson(4) has P(3) = P(4) = 0.1954; the other class
    # gives 3 more: 1/10 * e^-0.5 0.5^3/3! = 0.00126 against 0.00016 for 4.  So the mode is 3.
    assert poisson_mixture_mode([Fraction(1, 10), Fraction(9, 10)], [Fraction(1, 2), 4]) == 3
    assert poisson_mixture_mode([Fraction(1, 2), Fraction(1, 2)], [Fraction(1, 2), 4]) == 0


def test_eq_histogram_sample_with_scripted_draws():
    # Edges (0, 1, 3), bin weights (1, 3): u = 0.7 -> 2.8 is in [1, 4): bin 1; then 1 + 0.5 * 2 = 2.
    assert histogram_draw(Scripted(uniforms=[0.7, 0.5]), [0, 1, 3], [1.0, 4.0]) == 2.0


def test_eq_histogram_moments_by_hand():
    # Bins [0, 1) and [1, 3) with P = 1/4, 3/4: middles 1/2 and 2, w^2/12 = 1/12 and 1/3.
    # mean = 1/8 + 3/2 = 13/8; E[x^2] = 1/4 (1/12 + 1/4) + 3/4 (1/3 + 4) = 10/3; Var = 10/3 - 169/64 = 133/192.
    assert histogram_mean_variance([Fraction(1, 4), Fraction(3, 4)], [0, 1, 3]) == (Fraction(13, 8), Fraction(133, 192))


def test_eq_joint_sample_with_scripted_draws():
    # m_c = 3 complete rows, alpha = 1, M = 2 * 2 = 4: a training row with probability 3/7.
    cells, cumulative = [(0, 0), (1, 1)], [2.0, 3.0]  # n_xc = 2 and 1
    categories = [[0, 1], [0, 1]]
    # u = 0.2: 0.2 * 7 = 1.4 < 3, a row; u = 0.5: 1.5 < 2, the first cell.
    assert joint_draw_cell(Scripted(uniforms=[0.2, 0.5]), cells, cumulative, 3, 1, categories) == (0, 0)
    # u = 0.9: 6.3 >= 3, uniform: 0.3 -> value 0, 0.8 -> value 1.
    assert joint_draw_cell(Scripted(uniforms=[0.9, 0.3, 0.8]), cells, cumulative, 3, 1, categories) == (0, 1)


def test_eq_gda_sample_with_scripted_normals():
    # Sigma = L D L^T with L = [[1, 0], [1/2, 1]], D = (4, 1); z = (1, 2): sqrt(D) z = (2, 2),
    # x = mu + L (2, 2) = (1 + 2, 1 + 1 + 2).
    lower, pivots = [[1, 0], [0.5, 1]], [4, 1]
    assert multivariate_normal_draw(Scripted(normals=[1.0, 2.0]), [1, 1], lower, pivots) == [3.0, 4.0]


def test_eq_gda_conditional_by_hand():
    # mu = (2, 2), Sigma = [[2/3, 1/3], [1/3, 2/3]], x_0 = 3 observed:
    # mean 2 + (1/3)/(2/3) (3 - 2) = 5/2, variance 2/3 - (1/3)^2/(2/3) = 1/2.
    third = Fraction(1, 3)
    covariance = [[2 * third, third], [third, 2 * third]]
    factor = ldl_decomposition([[2 * third]])
    assert conditional_normal([2, 2], covariance, [0], [3], factor) == {1: (Fraction(5, 2), Fraction(1, 2))}
    # Nothing observed: the marginal.
    assert conditional_normal([2, 2], covariance, [], [], ldl_decomposition([])) == {
        0: (2, 2 * third),
        1: (2, 2 * third),
    }


def test_eq_outlier_threshold_by_hand():
    assert quantile_threshold([5, 1, 4, 2, 3], 0.4) == 2  # k = ceil(0.4 * 5) = 2: the second smallest
    assert quantile_threshold(list(range(100)), 0.07) == 6  # k = 7, not ceil(7.000000000000001) = 8
    assert quantile_threshold([3.0, 1.0], 0.01) == 1.0  # k is at least 1: the smallest


# ---------------------------------------------------------------------------
# impute
# ---------------------------------------------------------------------------


def test_impute_on_play_tennis_is_exact():
    # By hand: P(sunny, cool, strong | no) P(no) = 5/14 * 4/7 * 2/7 * 4/7 ... the missing-values page gives
    # the posterior (55/97, 42/97) from the three observed values.  Then
    # P(high | observed) = 55/97 * (4 + 1)/(5 + 2) + 42/97 * (3 + 1)/(9 + 2) = 4201/7469 = 0.5625 > 1/2.
    model = CategoricalNB().fit(ROWS, DAYS)
    assert model.impute(NO_HUMIDITY) == {**NO_HUMIDITY, "humidity": "high"}
    assert model.impute(NO_HUMIDITY, distribution=True) == {
        "humidity": {"high": Fraction(4201, 7469), "normal": Fraction(3268, 7469)}
    }


def test_impute_fills_every_missing_feature_and_keeps_the_rest():
    model = CategoricalNB().fit(ROWS, DAYS)
    row = {"outlook": "overcast"}  # three features absent
    filled = model.impute(row)
    assert list(filled) == model.features_ and filled["outlook"] == "overcast"
    predicted = model.impute(row, distribution=True)
    assert set(predicted) == {"temperature", "humidity", "wind"}
    for feature, distribution in predicted.items():
        assert sum(distribution.values()) == 1
        assert filled[feature] == max(distribution, key=distribution.get)
    assert model.impute(TEST_DAY) == TEST_DAY and model.impute(TEST_DAY, distribution=True) == {}


def test_impute_with_nothing_observed_mixes_by_the_prior():
    model = CategoricalNB().fit(ROWS, DAYS)
    predicted = model.impute({}, distribution=True)
    prior = [model.prior(label) for label in model.classes_]
    for feature, distribution in predicted.items():
        for value, p in distribution.items():
            assert p == sum(w * model.likelihood(feature, value, label) for w, label in zip(prior, model.classes_))


def test_impute_a_list_row_gives_a_list_row():
    rows = [[row["outlook"], row["wind"]] for row in ROWS]
    model = CategoricalNB().fit(rows, DAYS)
    assert model.impute(["sunny", None]) in (["sunny", "weak"], ["sunny", "strong"])
    assert list(model.impute(["sunny", None], distribution=True)) == [1]


def test_impute_gaussian_with_nothing_observed_is_the_overall_mean_and_variance():
    # Mixing the classes' maximum likelihood means by their shares N_c / N gives the overall mean, and
    # the mixture's variance is the law of total variance: within the classes plus between them.
    iris = load_iris(exact=True)
    model = GaussianNB(var_smoothing=0).fit(iris.rows, iris.labels)
    predicted = model.impute({}, distribution=True)
    for feature in iris.features:
        column = [row[feature] for row in iris.rows]
        mean = sum(column) / len(column)
        assert predicted[feature]["mean"] == mean
        assert predicted[feature]["variance"] == sum((value - mean) ** 2 for value in column) / len(column)


def test_impute_gaussian_fills_in_the_posterior_mixture_mean():
    model = GaussianNB().fit(IRIS.rows, IRIS.labels)
    row = {"sepal_length": 5.0, "sepal_width": 3.4, "petal_length": None, "petal_width": 0.2}
    posterior = model.predict_proba([row])[0]
    expected = sum(posterior[label] * model.means_[label]["petal_length"] for label in model.classes_)
    assert model.impute(row)["petal_length"] == pytest.approx(expected, rel=1e-12)


def test_impute_poisson_fills_in_a_whole_count():
    model = PoissonNB().fit([[0], [0], [1], [4], [6]], ["a", "a", "a", "b", "b"])  # rates 1/2 and 11/3
    assert model.impute([None]) == [0]  # 3/5 Poisson(1/2) + 2/5 Poisson(11/3): 0 is most probable
    # mean 3/5 * 1/2 + 2/5 * 11/3 = 53/30; E[x^2] = 3/5 (1/2 + 1/4) + 2/5 (11/3 + 121/9) = 9/20 + 616/90
    predicted = model.impute([None], distribution=True)[0]
    assert predicted == {"mean": pytest.approx(53 / 30, rel=1e-15), "variance": pytest.approx(313 / 75, rel=1e-15)}
    exact = PoissonNB(alpha=Fraction(1)).fit([[0], [0], [1], [4], [6]], ["a", "a", "a", "b", "b"])  # Fraction rates
    assert exact.impute([None], distribution=True) == {0: {"mean": Fraction(53, 30), "variance": Fraction(313, 75)}}


def test_impute_histogram_is_exact_with_exact_edges():
    model = HistogramNB(n_bins=2).fit([[Fraction(x)] for x in [1, 2, 3, 3]], ["a", "a", "b", "b"])  # edges 1, 2, 3
    # Both classes 1/2; P(bins | a) = (1 + 1)/(2 + 2), (1 + 1)/4 = (1/2, 1/2); P(bins | b) = (1/4, 3/4).
    # Mixture: P = (3/8, 5/8) over middles 3/2 and 5/2: mean 3/8 * 3/2 + 5/8 * 5/2 = 17/8.
    assert model.impute([None]) == [Fraction(17, 8)]
    # whole numbers give float edges (1.0, 2.0, 3.0): the same mean as a float
    assert HistogramNB(n_bins=2).fit([[1], [2], [3], [3]], ["a", "a", "b", "b"]).impute([None]) == [17 / 8]


def test_impute_mixed_uses_each_features_own_kind():
    rows = [{"outlook": "sunny", "temperature": 30.0}, {"outlook": "rain", "temperature": 18.0},
            {"outlook": "sunny", "temperature": 27.0}, {"outlook": "rain", "temperature": 15.0}]
    model = MixedNB().fit(rows, ["beach", "home", "beach", "home"])
    assert model.impute({"outlook": "sunny"})["temperature"] > 25  # mostly the beach days' 28.5
    assert model.impute({"temperature": 29.0})["outlook"] == "sunny"


def test_impute_joint_conditions_on_the_observed_values_within_a_class():
    model = JointBayesClassifier().fit(ROWS, DAYS)
    row = {"outlook": "rain", "temperature": "mild", "humidity": "high"}
    predicted = model.impute(row, distribution=True)["wind"]
    # Brute force: P(wind = v | observed) = sum_c P(observed, v, c) / sum_c P(observed, c).
    total = sum(model.joint_probability(row).values())
    for value in model.categories_["wind"]:
        assert predicted[value] == sum(model.joint_probability({**row, "wind": value}).values()) / total
    assert sum(predicted.values()) == 1


@pytest.mark.parametrize("alpha", [5e-324, 1e-310, 1e-3])
def test_impute_joint_sums_to_1_with_a_tiny_float_alpha(alpha):
    # The fuzzer's seed 6, round 2008, shrunk: the observed (a, b) = (x, v) is a combination no class saw, so
    # P(observed | c) = (0 + alpha 2) / (2 + alpha 4) and P(observed, c = w | c) = (0 + alpha) / (2 + alpha 4)
    # are subnormal floats (0 and 5e-324 at alpha = 5e-324), and their ratio was 0 for both values of c.  By
    # hand: P(c = w | observed, class) = (0 + alpha) / (0 + alpha 2) = 1/2 in each class, so 1/2 for each value.
    rows = [{"a": "x", "b": "u", "c": 1}, {"a": "x", "b": "u", "c": 1},
            {"a": "y", "b": "v", "c": 2}, {"a": "y", "b": "v", "c": 2}]
    model = JointBayesClassifier(alpha=alpha).fit(rows, ["p", "p", "q", "q"])
    assert model.impute({"a": "x", "b": "v"}, distribution=True) == {"c": {1: 0.5, 2: 0.5}}


def test_impute_discriminant_analysis_uses_the_conditional_normal():
    rows = [[1, 1], [2, 3], [3, 2], [6, 5], [8, 5], [7, 8]]
    model = GaussianDiscriminantAnalysis().fit(rows, ["a", "a", "a", "b", "b", "b"])
    # Class a: x_1 | x_0 = 3 is N(5/2, 1/2) (test_eq_gda_conditional_by_hand).  Class b has mu = (7, 6),
    # Sigma = [[2/3, 0], [0, 2]]: x_1 | x_0 is N(6, 2).  Both give x_0 the variance 2/3, so the log-odds
    # of a against b is (3 - 7)^2 / (4/3) - (3 - 2)^2 / (4/3) = 12 - 3/4 = 45/4: P(b | x_0 = 3) = 1 / (1 + e^11.25).
    w_b = 1 / (1 + math.exp(11.25))
    mean = (1 - w_b) * 2.5 + w_b * 6
    variance = (1 - w_b) * (0.5 + 2.5**2) + w_b * (2 + 6**2) - mean**2
    predicted = model.impute([3, None], distribution=True)[1]
    assert predicted["mean"] == pytest.approx(mean, rel=1e-12)
    assert predicted["variance"] == pytest.approx(variance, rel=1e-9)
    assert model.impute([3, None]) == [3, predicted["mean"]]


def test_impute_with_a_diagonal_covariance_matches_gaussian_naive_bayes():
    row = {"sepal_length": 6.0, "sepal_width": None, "petal_length": 4.5, "petal_width": None}
    naive = GaussianNB(var_smoothing=0).fit(IRIS.rows, IRIS.labels).impute(row, distribution=True)
    diagonal = GaussianDiscriminantAnalysis(covariance="diagonal").fit(IRIS.rows, IRIS.labels)
    for feature, moments in diagonal.impute(row, distribution=True).items():
        assert moments["mean"] == pytest.approx(naive[feature]["mean"], rel=1e-9)
        assert moments["variance"] == pytest.approx(naive[feature]["variance"], rel=1e-9)


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_a_text_model_refuses_to_impute(Model):
    model = Model().fit(DOCUMENTS, LABELS)
    with pytest.raises(TypeError, match="a document has none: a word it does not contain is absent"):
        model.impute(TEST_DOCUMENT)


def test_impute_checks_its_input():
    with pytest.raises(NotFittedError):
        CategoricalNB().impute(NO_HUMIDITY)
    model = CategoricalNB().fit(ROWS, DAYS)
    with pytest.raises(TypeError, match="impute takes one row"):
        model.impute([NO_HUMIDITY])
    with pytest.raises(ValueError, match="which training never saw"):
        model.impute({"colour": "red"})
    with pytest.raises(NotFittedError):
        GaussianDiscriminantAnalysis().impute([1, None])


# ---------------------------------------------------------------------------
# log p(x)
# ---------------------------------------------------------------------------


def exact_models():
    return [
        (CategoricalNB().fit(ROWS, DAYS), [TEST_DAY, NO_HUMIDITY, {"outlook": "overcast"}]),
        (JointBayesClassifier().fit(ROWS, DAYS), [TEST_DAY, NO_HUMIDITY]),
        (MultinomialNB().fit(DOCUMENTS, LABELS), [TEST_DOCUMENT, "Tokyo Tokyo Macao", ""]),
        (BernoulliNB().fit(DOCUMENTS, LABELS), [TEST_DOCUMENT, "Tokyo Tokyo Macao", ""]),
        (HistogramNB(n_bins=2).fit([[Fraction(x)] for x in [1, 2, 3, 3]], ["a", "a", "b", "b"]), [[1], [2.5], [None]]),
    ]


@pytest.mark.parametrize("model, examples", exact_models(), ids=["categorical", "joint", "multinomial", "bernoulli", "histogram"])
def test_log_marginal_is_the_log_of_the_summed_exact_joints(model, examples):
    for example, found in zip(examples, model.log_marginal(examples)):
        joint = model.joint_probability(example)
        assert all(isinstance(p, Fraction) for p in joint.values())
        assert found == pytest.approx(math.log(sum(joint.values())), rel=1e-12, abs=1e-12)


def test_log_marginal_of_a_row_with_a_missing_value_sums_it_out():
    model = CategoricalNB().fit(ROWS, DAYS)
    [found] = model.log_marginal([NO_HUMIDITY])
    summed = sum(math.exp(value) for value in model.log_marginal([{**NO_HUMIDITY, "humidity": v} for v in ("high", "normal")]))
    assert found == pytest.approx(math.log(summed), rel=1e-12)


@pytest.mark.parametrize(
    "model",
    [
        GaussianNB().fit(IRIS.rows, IRIS.labels),
        GaussianDiscriminantAnalysis().fit(IRIS.rows, IRIS.labels),
        PoissonNB().fit([[0], [0], [1], [4], [6]], ["a", "a", "a", "b", "b"]),
    ],
    ids=["gaussian", "discriminant", "poisson"],
)
def test_log_marginal_is_the_log_sum_exp_of_the_joint_log_likelihoods(model):
    examples = IRIS.rows[::30] if not isinstance(model, PoissonNB) else [[0], [3], [9]]
    for example, found in zip(examples, model.log_marginal(examples)):
        assert found == log_sum_exp(list(model.joint_log_likelihood(example).values()))


def test_a_poisson_log_marginal_sums_to_one_over_the_counts():
    model = PoissonNB().fit([[0], [0], [1], [4], [6]], ["a", "a", "a", "b", "b"])
    total = math.fsum(math.exp(value) for value in model.log_marginal([[k] for k in range(60)]))
    assert total == pytest.approx(1, abs=1e-12)


def test_the_per_word_score_divides_by_every_word_and_counts_unseen_words():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    [known] = model.log_marginal_per_word(["Chinese Chinese Tokyo"])
    assert known == pytest.approx(model.log_marginal(["Chinese Chinese Tokyo"])[0] / 3)
    # An unseen word counts as a word no class used: theta = (0 + 1)/(8 + 6) in china, (0 + 1)/(3 + 6) in japan.
    [with_unseen] = model.log_marginal_per_word(["Chinese Chinese Tokyo Paris"])
    joint = model.joint_probability("Chinese Chinese Tokyo")
    expected = math.log(joint["china"] * Fraction(1, 14) + joint["japan"] * Fraction(1, 9)) / 4
    assert with_unseen == pytest.approx(expected, rel=1e-12)
    assert model.log_marginal_per_word([""]) == [-math.inf]


# ---------------------------------------------------------------------------
# The outlier detector
# ---------------------------------------------------------------------------


def test_the_detector_flags_at_most_a_share_q_of_its_training_rows():
    two_species = [row for row, label in zip(IRIS.rows, IRIS.labels) if label != "virginica"]
    labels = [label for label in IRIS.labels if label != "virginica"]
    model = GaussianNB().fit(two_species, labels)
    for quantile in (0.01, 0.05, 0.2):
        detector = OutlierDetector(model, quantile=quantile).fit(two_species)
        assert sum(detector.is_outlier(two_species)) < quantile * len(two_species)
    impossible = {"sepal_length": 5.1, "sepal_width": 3.5, "petal_length": 14.0, "petal_width": 0.2}
    assert detector.is_outlier([impossible]) == [True]


def test_the_detector_scores_text_per_word_only_for_the_multinomial_model():
    assert OutlierDetector(MultinomialNB().fit(DOCUMENTS, LABELS)).per_word
    assert not OutlierDetector(BernoulliNB().fit(DOCUMENTS, LABELS)).per_word
    with pytest.raises(TypeError, match="needs a MultinomialNB"):
        OutlierDetector(BernoulliNB().fit(DOCUMENTS, LABELS), per_word=True)
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        OutlierDetector(GaussianNB(), quantile=1)
    with pytest.raises(NotFittedError, match="call fit"):
        OutlierDetector(GaussianNB()).is_outlier([[1.0]])


# ---------------------------------------------------------------------------
# sample: shapes, seeds and errors
# ---------------------------------------------------------------------------


def fitted_models():
    numbers = [[1.0, 2], [1.5, 0], [3.0, 5], [2.5, 4], [2.0, 1], [3.5, 6]]
    y = ["a", "a", "b", "b", "a", "b"]
    mixed_rows = [{**row, "hours": float(i), "calls": i % 3} for i, row in enumerate(ROWS)]
    return {
        "multinomial": MultinomialNB().fit(DOCUMENTS, LABELS),
        "bernoulli": BernoulliNB().fit(DOCUMENTS, LABELS),
        "categorical": CategoricalNB().fit(ROWS, DAYS),
        "gaussian": GaussianNB().fit(IRIS.rows, IRIS.labels),
        "poisson": PoissonNB().fit([[k] for _, k in numbers], y),
        "histogram": HistogramNB(n_bins=3).fit([[x] for x, _ in numbers], y),
        "mixed": MixedNB(distributions={"calls": "poisson"}).fit(mixed_rows, DAYS),
        "joint": JointBayesClassifier().fit(ROWS, DAYS),
        "discriminant": GaussianDiscriminantAnalysis().fit(IRIS.rows, IRIS.labels),
    }


MODELS = fitted_models()


@pytest.mark.parametrize("name", MODELS)
def test_a_seed_names_one_sample(name):
    model = MODELS[name]
    first = model.sample(30, random_state=7)
    assert model.sample(30, random_state=7) == first
    assert model.sample(30, random_state=8) != first
    assert model.sample(10, random_state=7) == (first[0][:10], first[1][:10])  # a prefix of the longer sample
    generator = random.Random(7)
    assert model.sample(10, random_state=generator) == (first[0][:10], first[1][:10])
    assert model.sample(20, random_state=generator) == (first[0][10:], first[1][10:])  # goes on where it stopped


@pytest.mark.parametrize("name", MODELS)
def test_a_sample_is_what_the_model_predicts_from(name):
    model = MODELS[name]
    examples, labels = model.sample(20, random_state=0)
    assert len(examples) == len(labels) == 20 and set(labels) <= set(model.classes_)
    model.predict(examples)  # the examples have the form the model takes
    type(model)(**model.get_params()).fit(examples + model.sample(20, random_state=1)[0], labels + labels)


@pytest.mark.parametrize("name", MODELS)
def test_sample_with_a_label_draws_only_that_class(name):
    model = MODELS[name]
    label = model.classes_[-1]
    examples, labels = model.sample(15, label=label, random_state=3)
    assert labels == [label] * 15 and len(examples) == 15


@pytest.mark.parametrize("name", MODELS)
def test_sample_checks_its_arguments(name):
    model = MODELS[name]
    assert model.sample(0, random_state=0) == ([], [])
    with pytest.raises(ValueError, match="n = -1 is negative"):
        model.sample(-1)
    with pytest.raises(TypeError, match="n must be a whole number"):
        model.sample(2.5)
    with pytest.raises(TypeError, match="n must be a whole number"):
        model.sample(True)
    with pytest.raises(KeyError, match="is not a class of this model"):
        model.sample(3, label="no such class")
    with pytest.raises(TypeError, match="random_state='x' is a str"):
        model.sample(3, random_state="x")
    with pytest.raises(ValueError, match="is negative"):
        model.sample(3, random_state=-1)
    with pytest.raises(NotFittedError):
        type(model)().sample(3)


def test_a_table_model_samples_every_feature_even_one_missing_in_training():
    rows = [dict(row) for row in ROWS]
    for row in rows[:10]:
        del row["wind"]
    model = CategoricalNB().fit(rows, DAYS)
    examples, _ = model.sample(50, random_state=0)
    assert all(list(example) == model.features_ for example in examples)


def test_list_rows_are_sampled_as_list_rows():
    model = GaussianNB().fit([[1.0, 2.0], [1.5, 2.5], [3.0, 5.0], [2.5, 4.0]], ["a", "a", "b", "b"])
    examples, _ = model.sample(5, random_state=0)
    assert all(isinstance(example, list) and len(example) == 2 for example in examples)
    [gda_example], _ = GaussianDiscriminantAnalysis().fit([[1, 1], [2, 3], [3, 2], [6, 5], [8, 5], [7, 8]], list("aaabbb")).sample(1)
    assert isinstance(gda_example, list) and len(gda_example) == 2


def test_multinomial_document_lengths_are_counted_and_merged():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    # China: "Chinese Beijing Chinese", "Chinese Chinese Shanghai" (3 words), "Chinese Macao" (2); Japan: 3 words.
    assert model.document_lengths_ == {"china": {3: 2, 2: 1}, "japan": {3: 1}}
    pieces = MultinomialNB().partial_fit(DOCUMENTS[:1], LABELS[:1]).partial_fit(DOCUMENTS[1:], LABELS[1:])
    assert pieces.document_lengths_ == model.document_lengths_
    examples, labels = model.sample(200, random_state=0)
    for document, label in zip(examples, labels):
        assert sum(document.values()) in model.document_lengths_[label]


def test_a_model_trained_on_weights_refuses_to_sample():
    counts = [{"a": 2, "b": 1}, {"b": 3}, {"a": 1, "c": 1}]
    weights = TfidfTransformer().fit_transform(counts)
    model = MultinomialNB().fit(weights, ["x", "y", "x"])
    with pytest.raises(ValueError, match="trained on weights \\(such as TF-IDF\\), not counts"):
        model.sample(1)


def test_a_gaussian_whose_variance_is_zero_cannot_be_sampled():
    model = GaussianNB(var_smoothing=0).fit([[1.0], [1.0], [2.0], [3.0]], ["a", "a", "b", "b"])
    with pytest.raises(ValueError, match="the variance is 0"):
        model.sample(1, label="a")


# ---------------------------------------------------------------------------
# sample: the shares and means of a large sample, within the bound
# ---------------------------------------------------------------------------


def test_the_classes_are_drawn_by_the_prior():
    model = CategoricalNB().fit(ROWS, DAYS)
    n = 20_000
    _, labels = model.sample(n, random_state=1)
    for label in model.classes_:
        assert_share_close(labels.count(label), n, model.prior(label), label)


def test_categorical_value_shares_match_the_smoothed_likelihoods():
    model = CategoricalNB().fit(ROWS, DAYS)
    n = 20_000
    for label in model.classes_:
        examples, _ = model.sample(n, label=label, random_state=2)
        for feature in model.features_:
            column = [example[feature] for example in examples]
            for value in model.categories_[feature]:
                assert_share_close(column.count(value), n, model.likelihood(feature, value, label), f"{feature}={value}")


def test_bernoulli_word_presence_matches_p_jc():
    texts, labels = load_spam()
    model = BernoulliNB().fit(texts, labels)
    n = 5_000
    for label in model.classes_:
        examples, _ = model.sample(n, label=label, random_state=3)
        present = {}
        for document in examples:
            for word in document:
                present[word] = present.get(word, 0) + 1
        for word in model.vocabulary_:
            assert_share_close(present.get(word, 0), n, model.likelihood(word, label), word)


def test_multinomial_word_shares_match_theta_and_lengths_match_training():
    texts, labels = load_spam()
    model = MultinomialNB().fit(texts, labels)
    n = 4_000
    for label in model.classes_:
        examples, _ = model.sample(n, label=label, random_state=4)
        words = {}
        for document in examples:
            for word, count in document.items():
                words[word] = words.get(word, 0) + count
        n_words = sum(words.values())  # given the lengths, each word is one of n_words draws from theta_c
        for word in model.vocabulary_:
            assert_share_close(words.get(word, 0), n_words, model.likelihood(word, label), word)
        lengths = [sum(document.values()) for document in examples]
        n_documents = model.class_counts_[label]
        for length, n_with_length in model.document_lengths_[label].items():
            assert_share_close(lengths.count(length), n, Fraction(n_with_length, n_documents), f"length {length}")


def test_gaussian_means_and_variances_are_within_their_standard_errors():
    model = GaussianNB().fit(IRIS.rows, IRIS.labels)
    n = 20_000
    for label in model.classes_:
        examples, _ = model.sample(n, label=label, random_state=5)
        for feature in model.features_:
            values = [example[feature] for example in examples]
            mean, variance = model.means_[label][feature], model.variances_[label][feature]
            assert_mean_close(values, mean, variance, f"{label} {feature}")
            # (n - 1) s^2 / sigma^2 is chi-squared with n - 1 degrees of freedom: s^2 has standard error sigma^2 sqrt(2/(n-1)).
            assert abs(sample_variance(values) - variance) <= SIGMAS * variance * math.sqrt(2 / (n - 1))


@pytest.mark.parametrize(
    "training_counts, rate, n", [([0, 1], Fraction(1, 2), 20_000), ([4], 4, 20_000), ([800], 800, 2_000)]
)
def test_poisson_counts_match_the_probabilities(training_counts, rate, n):
    rows = [[k] for k in training_counts] + [[0]]
    model = PoissonNB(alpha=0).fit(rows, ["a"] * len(training_counts) + ["b"])
    assert model.rates_["a"][0] == rate  # the mean count of class a (800 is drawn in two pieces)
    examples, _ = model.sample(n, label="a", random_state=6)
    counts = [example[0] for example in examples]
    assert_mean_close(counts, rate, rate, f"lambda = {rate}")
    for k in range(int(rate) + 3):
        probability = math.exp(k * math.log(rate) - rate - math.lgamma(k + 1))
        if n * probability >= 10:  # (where the normal approximation of the share holds)
            assert_share_close(counts.count(k), n, probability, f"P({k})")


def test_histogram_bins_match_and_values_spread_evenly_within_them():
    model = HistogramNB(n_bins=5).fit(IRIS.select(["petal_length"]).rows, IRIS.labels)
    edges = model.bin_edges_["petal_length"]
    n = 20_000
    for label in model.classes_:
        examples, _ = model.sample(n, label=label, random_state=7)
        values = [example["petal_length"] for example in examples]
        assert min(values) >= edges[0] and max(values) <= edges[-1]
        probabilities = [
            Fraction(count + 1, model.feature_counts_[label]["petal_length"] + 5)
            for count in model.bin_counts_[label]["petal_length"]
        ]
        for b, probability in enumerate(probabilities):
            low, high = edges[b], edges[b + 1]
            inside = [value for value in values if bin_index(edges, value) == b]
            assert_share_close(len(inside), n, probability, f"bin {b}")
            lower_half = sum(1 for value in inside if value < (low + high) / 2)
            assert_share_close(lower_half, len(inside), Fraction(1, 2), f"lower half of bin {b}")


def test_joint_cells_match_the_smoothed_joint_table():
    model = JointBayesClassifier().fit(ROWS, DAYS)
    n = 20_000
    for label in model.classes_:
        examples, _ = model.sample(n, label=label, random_state=8)
        cells = {}
        for example in examples:
            cell = tuple(example[feature] for feature in model.features_)
            cells[cell] = cells.get(cell, 0) + 1
        total = 0
        for values in itertools.product(*(model.categories_[f] for f in model.features_)):
            probability = model.likelihood_of(dict(zip(model.features_, values)), label)
            total += probability
            assert_share_close(cells.get(values, 0), n, probability, f"{values}")
        assert total == 1  # every one of the 36 combinations was checked


def test_discriminant_analysis_means_and_covariances_are_within_their_standard_errors():
    model = GaussianDiscriminantAnalysis().fit(IRIS.rows, IRIS.labels)
    n = 20_000
    for label in model.classes_:
        examples, _ = model.sample(n, label=label, random_state=9)
        columns = [[example[feature] for example in examples] for feature in model.features_]
        mean, sigma = model.mean_vectors_[label], model.covariance_matrices_[label]
        centred = []
        for j, column in enumerate(columns):
            assert_mean_close(column, mean[j], sigma[j][j], f"{label} mean {j}")
            column_mean = math.fsum(column) / n
            centred.append([value - column_mean for value in column])
        for j in range(len(columns)):
            for k in range(j + 1):
                found = math.fsum(a * b for a, b in zip(centred[j], centred[k])) / (n - 1)
                # The sample covariance of normal data has variance (sigma_jj sigma_kk + sigma_jk^2) / (n - 1).
                error = math.sqrt(float(sigma[j][j] * sigma[k][k] + sigma[j][k] ** 2) / (n - 1))
                assert abs(found - float(sigma[j][k])) <= SIGMAS * error, f"{label} covariance {j}, {k}"


def test_mixed_features_are_each_drawn_from_their_own_kind():
    model = MODELS["mixed"]
    n = 20_000
    examples, _ = model.sample(n, label="yes", random_state=10)
    assert model.distributions_ == {
        "outlook": "categorical", "temperature": "categorical", "humidity": "categorical",
        "wind": "categorical", "hours": "gaussian", "calls": "poisson",
    }
    outlook = [example["outlook"] for example in examples]
    assert_share_close(outlook.count("overcast"), n, model.likelihood("outlook", "overcast", "yes"), "overcast")
    assert_mean_close([e["hours"] for e in examples], model.means_["yes"]["hours"], model.variances_["yes"]["hours"])
    assert_mean_close([e["calls"] for e in examples], model.rates_["yes"]["calls"], model.rates_["yes"]["calls"])
    assert all(type(e["calls"]) is int for e in examples)


# ---------------------------------------------------------------------------
# The 20 Newsgroups numbers on the docs page
# ---------------------------------------------------------------------------


@pytest.mark.skipif(not ARCHIVE.exists(), reason="the 20 Newsgroups archive is not at hand")
def test_the_newsgroups_outlier_table_is_what_its_script_prints():
    result = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "scripts" / "newsgroups_outliers.py")],
        capture_output=True, text=True, check=True, cwd=ROOT,
        env={**os.environ, "NAIVEBAYES_20NEWS_ARCHIVE": str(ARCHIVE), "PYTHONHASHSEED": "random"},
    )
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    page = (ROOT / "docs" / "generative.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 11
    assert [line for line in lines if line not in page] == []
