"""The tabular models and the Discretizer at the edges: huge numbers, mixed row forms, absurd settings.

Each test is a finding of the fuzzer (tests/fuzz/fuzz_public_api.py), shrunk
to a few lines: the call ends in a clear error of the library (a ValueError
or TypeError whose message names the problem and the fix) or in a correct,
finite result, and a call that fails leaves the model as it was.
"""

import copy
import math
import random
import statistics
import time
from fractions import Fraction

import pytest

from naivebayes import (
    CategoricalNB,
    Discretizer,
    GaussianDiscriminantAnalysis,
    GaussianNB,
    HistogramNB,
    JointBayesClassifier,
    MixedNB,
    PoissonNB,
)
from test_generative import frequency_tolerance  # (the tests' own tool: docs/generative.md#sampling-tolerance)
from naivebayes.naive_bayes.poisson import (
    poisson_draw,
    poisson_log_pmf,
    poisson_log_probability,
    poisson_mixture_mode,
    poisson_ptrs_draw,
)
from naivebayes.tables.bins import MAX_BINS, interval_label, uniform_edges

Y4 = ["a", "b", "a", "b"]
HUGE = 10**400  # a whole number beyond the largest float (about 1.8e308)
MEASUREMENT_MODELS = [GaussianNB, HistogramNB, MixedNB]


def state(model):
    """Everything a model has learned (or a Discretizer has fitted), as a deep copy to compare."""
    return copy.deepcopy({name: value for name, value in vars(model).items() if name.endswith("_")})


# ----------------------------------------------------------------------
# 1. Rows of one form: all dicts or all lists
# ----------------------------------------------------------------------


@pytest.mark.parametrize("model_class", [GaussianNB, MixedNB, JointBayesClassifier, GaussianDiscriminantAnalysis])
def test_a_dict_row_among_list_rows_is_refused(model_class):
    with pytest.raises(ValueError, match=r"X\[1\] is a dict row, but the rows before it are lists; give every row"):
        model_class().fit([[1.0], {"a": 1}, [2.0], [3.0]], Y4)
    with pytest.raises(ValueError, match=r"X\[2\] is a list row, but the rows before it are dicts; give every row"):
        model_class().fit([{"a": 1.0}, {"a": 2.0}, [2.0], {"a": 3.0}], Y4)


@pytest.mark.parametrize("model_class", [GaussianNB, PoissonNB, CategoricalNB, JointBayesClassifier])
def test_rows_of_the_other_form_than_training_are_refused_and_change_nothing(model_class):
    listed = model_class().fit([[1], [2], [1], [3]], Y4)
    before = state(listed)
    with pytest.raises(ValueError, match=r"X\[0\] is a dict row, but the model's rows are lists"):
        listed.partial_fit([{0: 1}], ["a"])
    assert state(listed) == before
    named = model_class().fit([{"x": 1}, {"x": 2}, {"x": 1}, {"x": 3}], Y4)
    with pytest.raises(ValueError, match=r"X\[0\] is a list row, but the model's rows are dicts"):
        named.partial_fit([[1]], ["a"])
    # Predicting learns nothing, and a dict row keyed by column numbers names the features of list rows.
    assert listed.predict([{0: 1}]) == listed.predict([[1]])


def test_models_trained_on_rows_of_different_forms_are_not_merged():
    from naivebayes import merge

    listed = GaussianNB().fit([[1.0], [2.0], [1.5], [3.0]], Y4)
    named = GaussianNB().fit([{"x": 1.0}, {"x": 2.0}, {"x": 1.5}, {"x": 3.0}], Y4)
    with pytest.raises(ValueError, match="cannot merge the second model, trained on dict rows, with the first model"):
        merge(listed, named)


def test_rows_of_one_form_still_train_and_save():
    from naivebayes.saving.model_files import from_json, to_json

    model = JointBayesClassifier().fit([["x", "u"], ["y", "v"], ["x", None], [None, "v"]], Y4)
    assert from_json(to_json(model)).predict([["x", "u"]]) == model.predict([["x", "u"]])


# ----------------------------------------------------------------------
# 2, 3. Numbers too large for a float
# ----------------------------------------------------------------------


@pytest.mark.parametrize("model_class", MEASUREMENT_MODELS + [GaussianDiscriminantAnalysis])
def test_a_whole_number_beyond_the_largest_float_is_refused_in_fit_and_predict(model_class):
    with pytest.raises(ValueError, match=r"X\[1\]: feature 0 has a value of about 10\*\*400, too large for a float"):
        model_class().fit([[3], [HUGE], [1], [2]], Y4)
    with pytest.raises(ValueError, match=r"about -10\*\*400, too large for a float.*rescale the feature"):
        model_class().fit([[3], [-HUGE], [1], [2]], Y4)
    model = model_class().fit([[3], [5], [1], [2]], Y4)
    before = state(model)
    with pytest.raises(ValueError, match=r"X\[0\]: feature 0 has a value of about 10\*\*399, too large for a float"):
        model.predict([[Fraction(HUGE, 7)]])
    assert state(model) == before


def test_poisson_counts_above_2_to_the_53_are_refused():
    with pytest.raises(ValueError, match=r"X\[1\]: feature 0 has a count of about 10\*\*400, larger than 2\*\*53"):
        PoissonNB().fit([[0], [HUGE], [0], [1]], Y4)
    model = PoissonNB().fit([[0], [2**53], [0], [1]], Y4)  # the largest count a float tells from its neighbours
    assert model.predict([[2**53]]) == ["b"]
    with pytest.raises(ValueError, match=r"X\[0\]: feature 0 has the count 1.797.*e\+308.*larger than 2\*\*53"):
        model.predict([[1.7976931348623157e308]])


def test_a_fitted_poisson_model_with_huge_counts_answers_every_call():
    model = PoissonNB().fit([[0], [2**53], [0], [1]], Y4)
    assert all(math.isfinite(value) for value in model.log_marginal([[3], [2**52]]))
    rows, _ = model.sample(3, label="b", random_state=0)
    assert all(isinstance(row[0], int) and 0 <= row[0] <= 2**54 for row in rows)
    assert model.impute([None])[0] >= 0


def test_discretizer_refuses_a_number_too_large_for_a_float_and_stays_unfitted():
    discretizer = Discretizer()
    with pytest.raises(ValueError, match=r"X\[1\]: feature 0 has a value of about 10\*\*400, too large for a float"):
        discretizer.fit([[3], [HUGE]])
    assert discretizer.edges_ is None and discretizer.categories_ is None
    discretizer.fit([[3], [5]])
    before = state(discretizer)
    with pytest.raises(ValueError, match="too large for a float"):
        discretizer.fit([[3], [HUGE]])
    assert state(discretizer) == before


@pytest.mark.parametrize("bad", [-math.inf, math.inf])
def test_discretizer_refuses_an_infinite_value(bad):
    with pytest.raises(ValueError, match=r"X\[1\]: feature 0 has the value -?inf; only finite numbers can be cut"):
        Discretizer().fit([[0.0], [bad], [1.0]])


def test_discretizer_leaves_nan_out_as_a_missing_value():
    discretizer = Discretizer(n_bins=2).fit([[0.0], [math.nan], [1.0]])  # (rows.py: NaN is missing)
    assert discretizer.edges_ == {0: [0.0, 0.5, 1.0]}


# ----------------------------------------------------------------------
# 4. Squares that overflow: a rule, not an OverflowError or an inf
# ----------------------------------------------------------------------


@pytest.mark.parametrize("model_class", [GaussianNB, MixedNB])
def test_values_whose_squares_overflow_are_refused_with_the_feature_and_class(model_class):
    with pytest.raises(ValueError, match=r"feature 0 in class 'a' has values too large for their squares .*rescale"):
        model_class().fit([[1e308], [2], [-1e308], [3]], Y4)
    with pytest.raises(ValueError, match=r"feature 0 in class 'a' has values too large"):  # the sum overflows
        model_class().fit([[1e308], [2], [1e308], [3]], Y4)
    with pytest.raises(ValueError, match=r"feature 0 in class 'a' has values too large"):  # exact ints, too
        model_class().fit([[10**300], [2], [-(10**300)], [3]], Y4)


def test_the_variance_floor_over_all_classes_must_be_finite_too():
    # Each class on its own is fine; together their squared deviations overflow.
    rows = [[1e154], [-1e154], [1.1e154], [-1.1e154]]
    with pytest.raises(ValueError, match=r"feature 0 over all classes together has values too large.*var_smoothing=0"):
        GaussianNB().fit(rows, Y4)
    model = GaussianNB(var_smoothing=0).fit(rows, Y4)
    # (x - mu)^2 of the other class overflows a float; its log density, -(x - mu)^2 / 2 sigma^2, does not.
    assert model.predict([[1e154], [-1e154]]) == ["a", "b"]


def test_partial_fit_that_would_overflow_changes_nothing():
    model = GaussianNB().fit([{"a": 1, "b": 3.4}, {"a": 4, "b": -0.7}, {"a": 2, "b": 3.2}, {"a": 6, "b": 0.1}], Y4)
    before = state(model)
    with pytest.raises(ValueError, match=r"feature 'a' in class 'b' has values too large"):
        model.partial_fit([{"a": 1e300, "b": None}], ["b"])
    assert state(model) == before


def test_samples_of_large_but_finite_values_are_finite_and_predictable():
    model = GaussianNB().fit([[9e153], [1.0], [-9e153], [2.0]], Y4)
    rows, labels = model.sample(200, random_state=0)
    assert all(math.isfinite(row[0]) for row in rows)
    for probabilities in model.predict_proba(rows):
        assert math.fsum(probabilities.values()) == pytest.approx(1)
    distribution = model.impute([None], distribution=True)[0]
    assert math.isfinite(distribution["mean"]) and math.isfinite(distribution["variance"])


def test_a_histogram_range_wider_than_the_largest_float_is_refused():
    with pytest.raises(ValueError, match=r"feature 0 ranges from -1.7e\+308 to 1.7e\+308.*rescale"):
        HistogramNB().fit([[-1.7e308], [0.0], [1.7e308], [1.0]], Y4)
    model = HistogramNB(n_bins=2).fit([[-8e307], [0.0], [8e307], [1.0]], Y4)
    rows, _ = model.sample(50, random_state=0)
    assert all(math.isfinite(row[0]) for row in rows)


# ----------------------------------------------------------------------
# 5. Discriminant analysis names the feature whose values are too large
# ----------------------------------------------------------------------

GDA_ROWS = [[1, 2], [2, 1], [3, 5], [0, 1e300], [4, 4], [0, 1], [5, 3], [2, 2]]


@pytest.mark.parametrize("covariance", ["full", "shared", "diagonal", "total"])
def test_gda_says_the_values_are_too_large_not_that_they_do_not_vary(covariance):
    with pytest.raises(ValueError, match=r"x\[1\] .*too large for a float.*rescale") as error:
        GaussianDiscriminantAnalysis(covariance=covariance).fit(GDA_ROWS, list("aaaabbbb"))
    assert "does not vary" not in str(error.value)


def test_gda_partial_fit_whose_merge_overflows_changes_nothing():
    model = GaussianDiscriminantAnalysis().fit([[1, 2], [2, 1], [3, 5], [5, 3], [2, 2], [4, 4]], list("aaabbb"))
    before = state(model)
    with pytest.raises(ValueError, match=r"x\[0\] .*too large for a float"):
        model.partial_fit([[1e300, 2], [-1e300, 3]], ["a", "a"])
    assert state(model) == before


def test_gda_names_a_row_whose_distance_overflows_on_the_way():
    rows = [[i % 5, 2 * (i % 5) + (i % 3) / 10, -3 * (2 * (i % 5) + (i % 3) / 10) + (i % 4) / 10] for i in range(30)]
    model = GaussianDiscriminantAnalysis().fit(rows, ["a", "b"] * 15)
    # Forward substitution meets +inf and -inf in one sum here (a bare "-inf + inf in fsum" before).
    with pytest.raises(ValueError, match="so far from every class's mean"):
        model.predict([[-1.7e308, 1e154, 1e154]])


# ----------------------------------------------------------------------
# 6. Many bins: linear labels, and a stated bound
# ----------------------------------------------------------------------


def test_discretizer_labels_of_many_bins_are_made_in_linear_time():
    rows = [[float(i)] for i in range(10)]
    start = time.perf_counter()
    discretizer = Discretizer(n_bins=20_000).fit(rows)
    assert time.perf_counter() - start < 5  # quadratic, this took hours
    labels = discretizer.categories_[0]
    assert len(labels) == len(set(labels)) == 20_000
    edges = discretizer.edges_[0]
    assert [labels[b] for b in (0, 1, 9999)] == [interval_label(edges, b) for b in (0, 1, 9999)]


@pytest.mark.parametrize("make", [Discretizer, HistogramNB, MixedNB])
def test_an_absurd_number_of_bins_is_refused_with_the_bound(make):
    with pytest.raises(ValueError, match=r"n_bins=1180591620717411303424 is more than 10\*\*6"):
        make(n_bins=2**70)
    assert make(n_bins=MAX_BINS).n_bins == MAX_BINS


def test_uniform_edges_are_unchanged_by_the_label_speed_up():
    assert uniform_edges([0.0, 1.0], 4) == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert Discretizer(n_bins=3).fit([[0.0], [3.0]]).categories_ == {0: ["< 1", "[1, 2)", ">= 2"]}


# ----------------------------------------------------------------------
# 8, 9. Settings that are not what they should be
# ----------------------------------------------------------------------


@pytest.mark.parametrize("make", [CategoricalNB, MixedNB, JointBayesClassifier])
def test_an_unhashable_category_is_named(make):
    with pytest.raises(TypeError, match=r"categories\[0\] has the value \[1\], which cannot be a category"):
        make(categories={0: [[1]]})


@pytest.mark.parametrize("features", [5, "length", [["length"]]])
def test_discretizer_features_must_be_a_list_of_names(features):
    with pytest.raises(TypeError, match=r"features must be a list of feature names, such as \['length'\]"):
        Discretizer(features=features)


def test_discretizer_features_as_a_tuple_or_set_still_work():
    rows = [{"length": 1.0, "width": 2.0}, {"length": 3.0, "width": 4.0}]
    assert list(Discretizer(n_bins=2, features=("length",)).fit(rows).edges_) == ["length"]
    assert list(Discretizer(n_bins=2, features={"width"}).fit(rows).edges_) == ["width"]


# ----------------------------------------------------------------------
# 10. Poisson draws and modes in time that does not grow with the rate
# ----------------------------------------------------------------------


def poisson_moments_are_close(rate, n, seed):
    """The mean and variance of n draws, each within 5 standard errors of the rate.

    For a Poisson count, Var = lambda and the fourth central moment is
    lambda + 3 lambda^2, so the sample variance has standard error about
    sqrt((lambda + 2 lambda^2) / n).
    """
    generator = random.Random(seed)
    draws = [poisson_draw(generator, rate) for _ in range(n)]
    assert all(isinstance(k, int) and k >= 0 for k in draws)
    mean, variance = statistics.fmean(draws), statistics.variance(draws)
    assert abs(mean - rate) <= 5 * math.sqrt(rate / n), (rate, mean)
    assert abs(variance - rate) <= 5 * math.sqrt((rate + 2 * rate**2) / n), (rate, variance)


@pytest.mark.parametrize("rate", [3.5, 499.5, 500.5, 1e6, 2.0**53])
def test_eq_poisson_sample_has_the_mean_and_variance_of_the_rate(rate):
    poisson_moments_are_close(rate, 4000, seed=7)


class Scripted:
    """A stand-in for ``random.Random`` whose ``random()`` returns the numbers written down, in order."""

    def __init__(self, uniforms):
        self.uniforms = list(uniforms)

    def random(self):
        return self.uniforms.pop(0)


def test_eq_poisson_ptrs_with_scripted_draws():
    # lambda = 1000: b = 0.931 + 2.53 sqrt(1000) = 80.937, a = -0.059 + 0.02483 b = 1.9507,
    # 1/alpha = 1.1239 + 1.1328 / (b - 3.4) = 1.1385, v_r = 0.9277 - 3.6224 / (b - 2) = 0.8818.
    # u = 0.5 - 0.5 = 0, u_s = 0.5: k = floor(lambda + 0.43) = 1000, and v = 0.5 <= v_r: the squeeze takes it.
    assert poisson_ptrs_draw(Scripted([0.5, 0.5]), 1000.0) == 1000
    # u = -0.3, u_s = 0.2: k = floor((2a / 0.2 + b)(-0.3) + 1000.43) = 970; v = 0.9 > v_r, so the exact test:
    # log(0.9 * 1.1385 / (a / 0.04 + b)) = -4.841 <= log P(970 | 1000) = -4.812: taken.
    assert poisson_ptrs_draw(Scripted([0.2, 0.9]), 1000.0) == 970
    # u = 0.45, u_s = 0.05: k = 1071, and log(0.9 * 1.1385 / (a / 0.0025 + b)) = -6.734 > log P(1071) = -6.870:
    # rejected, so a second pair is drawn, which the squeeze takes.
    generator = Scripted([0.95, 0.9, 0.5, 0.5])
    assert poisson_ptrs_draw(generator, 1000.0) == 1000 and generator.uniforms == []
    assert poisson_draw(Scripted([0.5, 0.5]), 1000.0) == 1000  # above 500, poisson_draw hands over to PTRS


def test_poisson_log_probability_is_the_log_pmf_without_its_cancellation():
    for k, rate in [(0, 3.5), (1, 1.0), (3, 4.0), (30, 29.5), (5, 100.0), (1000, 1000.0)]:
        assert poisson_log_probability(k, rate) == pytest.approx(poisson_log_pmf(k, rate), abs=1e-12)
    assert poisson_log_probability(3, 0.0) == -math.inf and poisson_log_probability(0, 0.0) == 0.0
    # k = 1e15, lambda = k + 1e7: -(1/2) log(2 pi k) - (k - lambda)^2 / (2 lambda) = -18.188 - 0.05, where
    # k log lambda - lambda - log k! subtracts numbers near 3.4e16 and keeps no correct digit.
    expected = -0.5 * math.log(2 * math.pi * 1e15) - 0.05
    assert poisson_log_probability(10**15, 1e15 + 1e7) == pytest.approx(expected, abs=1e-6)


def test_eq_poisson_sample_gives_each_count_its_probability_above_the_inversion_range():
    rate, n = 1000.0, 20_000
    generator = random.Random(3)
    draws = [poisson_draw(generator, rate) for _ in range(n)]
    for low, high in [(0, 960), (960, 990), (990, 1000), (1000, 1010), (1010, 1040), (1040, 10**6)]:
        probability = math.fsum(math.exp(poisson_log_pmf(k, rate)) for k in range(low, min(high, 2000)))
        share = sum(low <= k < high for k in draws) / n
        assert abs(share - probability) <= frequency_tolerance(probability, n), (low, high, share, probability)


def test_eq_poisson_sample_of_a_huge_rate_takes_well_under_a_second():
    generator = random.Random(0)
    start = time.perf_counter()
    draws = [poisson_draw(generator, 1e9) for _ in range(100)]
    assert time.perf_counter() - start < 0.5
    assert all(abs(k - 1e9) < 10 * math.sqrt(1e9) for k in draws)


def test_sample_and_impute_of_a_rate_of_a_billion_are_quick():
    model = PoissonNB().fit([[0], [10**9], [0], [1]], Y4)
    start = time.perf_counter()
    rows, _ = model.sample(1, label="b", random_state=0)
    filled = model.impute([None])
    assert time.perf_counter() - start < 1
    assert abs(rows[0][0] - 10**9 / 3) < 10 * math.sqrt(10**9)
    assert filled[0] == 0  # the mixture's mode: class a, with rate 1/3, weighs as much and peaks far higher


def brute_force_mode(weights, rates):
    """The mixture's mode by looking at every count between the smallest and the largest class mode.

    The probabilities are worked out as ``poisson_mixture_mode`` works them
    out, so that a tie of two counts (an integer rate lambda has
    P(lambda - 1) = P(lambda)) is the same float tie, won by the smaller count.
    """
    weighted = [(float(w), float(rate)) for w, rate in zip(weights, rates) if w > 0]
    modes = [math.floor(rate) for _, rate in weighted]
    counts = range(min(modes), max(modes) + 1)
    probabilities = [math.fsum(w * math.exp(poisson_log_probability(k, rate)) for w, rate in weighted) for k in counts]
    return counts[probabilities.index(max(probabilities))]


def test_eq_poisson_mixture_mode_agrees_with_looking_at_every_count():
    generator = random.Random(11)
    for _ in range(300):
        n_classes = generator.randint(1, 4)
        rates = [generator.choice([Fraction(1, 2), 4, 0]) if generator.random() < 0.2 else
                 generator.uniform(0, 300) for _ in range(n_classes)]
        weights = [generator.random() for _ in range(n_classes)]
        weights[0] += 0.01  # at least one class with weight > 0
        total = sum(weights)
        weights = [w / total for w in weights]
        assert poisson_mixture_mode(weights, rates) == brute_force_mode(weights, rates), (weights, rates)


def test_eq_poisson_mixture_mode_of_huge_rates_is_quick_and_in_range():
    start = time.perf_counter()
    assert poisson_mixture_mode([0.5, 0.5], [1e9, 1e9]) == 10**9
    assert poisson_mixture_mode([0.9, 0.1], [1e9, 2e9]) == 10**9
    assert poisson_mixture_mode([0.1, 0.9], [1e9, 2e9]) in (2 * 10**9 - 1, 2 * 10**9)  # P(lambda - 1) = P(lambda)
    # Two rates a standard deviation apart, weighed alike: the mode lies between them.
    mode = poisson_mixture_mode([0.5, 0.5], [1e12, 1e12 + 1e6])
    assert 1e12 < mode < 1e12 + 1e6
    assert poisson_mixture_mode([0.3, 0.7], [1.0, 2.0**53]) == 1  # P(1 | 1) = 1/e, far above any P(k | 2**53)
    # Near 2**53, log P(k) is about -19.3, whose rounding (3.6e-15) hides the fall 1 - (k - lambda)^2 / 2 lambda
    # of the probability within about sqrt(2 lambda 3.6e-15) = 8 counts of the mode: they tie as floats.
    assert abs(poisson_mixture_mode([1e-9, 1 - 1e-9], [1.0, 2.0**53]) - 2**53) <= 8
    assert time.perf_counter() - start < 1
