"""Fitting the Gaussians by gradient (naivebayes/other_models/gradient.py), checked by hand and against the closed form.

The four-row table of tests/test_gaussian.py, worked by hand:

    x:  class a: 1, 3        class b: 10, 14        N = 4 rows, K = 2 classes, N K = 8

    sufficient statistics (n, mean, M):  a: (2, 2, 2)    b: (2, 12, 8)
    closed form:  mu_a = 2, sigma_a = 1;  mu_b = 12, sigma_b = 2

At the blog post's start, every mu = 1 and every sigma = 1:

    sum over a's rows of (x - mu)^2 = 0 + 4 = 4;   over b's rows: 81 + 169 = 250
    l_a = -2 log 1 - log(2 pi) - 4/2   = -log(2 pi) - 2
    l_b = -2 log 1 - log(2 pi) - 250/2 = -log(2 pi) - 125
    L   = -(l_a + l_b) / 8 = (2 log(2 pi) + 127) / 8 = 16.334469...

    d l_a / d mu    = (1 - 1) + (3 - 1)         = 2      dL/dmu_a    = -2/8   = -0.25
    d l_a / d sigma = (-1 + 0) + (-1 + 4)       = 2      dL/dsigma_a = -2/8   = -0.25
    d l_b / d mu    = 9 + 13                    = 22     dL/dmu_b    = -22/8  = -2.75
    d l_b / d sigma = (-1 + 81) + (-1 + 169)    = 248    dL/dsigma_b = -248/8 = -31
"""

import math
import random
import time
from fractions import Fraction

import pytest

from naivebayes import GaussianNB, train_test_split
from naivebayes.datasets import load_iris
from naivebayes.inspect.pictures import HistoryPlot
from naivebayes.naive_bayes.gaussian import gaussian_log_density
from naivebayes.other_models.gradient import (
    GradientFit,
    adam_step,
    d_log_density_d_mean,
    d_log_density_d_scale,
    d_mean_from_statistics,
    d_scale_from_statistics,
    fit_gaussians_by_gradient,
    fit_gaussians_by_gradient_from_statistics,
    gradient_descent_step,
    log_likelihood_from_statistics,
    loss_and_gradients,
    loss_and_gradients_per_row,
    mean_negative_log_likelihood,
    sufficient_statistics,
)

ROWS = [{"x": 1}, {"x": 3}, {"x": 10}, {"x": 14}]
LABELS = ["a", "a", "b", "b"]
A, B = ("a", "x"), ("b", "x")
LOG_TWO_PI = math.log(2 * math.pi)
START = {A: 1.0, B: 1.0}  # the blog post's start: every mean and every scale 1


def sepals():
    return load_iris().select(["sepal_length", "sepal_width"])


def closed_form(rows, labels):
    """{(label, feature): (mean, standard deviation)} by maximum likelihood (ddof 0), from GaussianNB."""
    model = GaussianNB(var_smoothing=0).fit(rows, labels)
    return {
        (label, feature): (float(model.means_[label][feature]), math.sqrt(model.variances_[label][feature]))
        for label in model.classes_
        for feature in model.features_
    }


def distance_to(fit, target):
    """The largest |mu - mu_hat| or |sigma - sigma_hat| over every class and feature."""
    return max(
        max(abs(fit.means_[label][feature] - mean), abs(fit.scales_[label][feature] - sd))
        for (label, feature), (mean, sd) in target.items()
    )


# ----------------------------------------------------------------------
# One test per formula, on numbers worked out by hand
# ----------------------------------------------------------------------


def test_eq_gradient_d_mean_of_one_row():
    # (x - mu) / sigma^2
    assert d_log_density_d_mean(Fraction(3), 1, 1) == 2
    assert d_log_density_d_mean(Fraction(3), 1, 2) == Fraction(1, 2)
    assert d_log_density_d_mean(Fraction(1), 3, 2) == Fraction(-1, 2)  # the mean is pulled down towards x
    assert d_log_density_d_mean(Fraction(5), 5, 3) == 0  # at x itself there is nothing to gain


def test_eq_gradient_d_scale_of_one_row():
    # -1/sigma + (x - mu)^2 / sigma^3
    assert d_log_density_d_scale(Fraction(3), 1, 1) == 3  # -1 + 4
    assert d_log_density_d_scale(Fraction(3), 1, Fraction(2)) == 0  # -1/2 + 4/8: sigma = |x - mu| is best
    assert d_log_density_d_scale(Fraction(1), 1, Fraction(1, 2)) == -2  # at x itself: -1/sigma, narrower is better


def test_eq_gradient_log_likelihood_from_statistics_of_class_a():
    # n = 2, mean 2, M = 2, at mu = 1, sigma = 1: -log(2 pi) - (2 + 2 * 1^2) / 2
    assert log_likelihood_from_statistics(2, 2.0, 2.0, 1.0, 1.0) == pytest.approx(-LOG_TWO_PI - 2, abs=1e-15)
    assert log_likelihood_from_statistics(2, 12.0, 8.0, 1.0, 1.0) == pytest.approx(-LOG_TWO_PI - 125, abs=1e-13)
    # at the closed form of b (mu 12, sigma 2): -2 log 2 - log(2 pi) - 8 / 8
    assert log_likelihood_from_statistics(2, 12.0, 8.0, 12.0, 2.0) == pytest.approx(
        -2 * math.log(2) - LOG_TWO_PI - 1, abs=1e-15
    )
    # the sum of the per-row log densities, which it replaces
    per_row = gaussian_log_density(1, 1.0, 1.0) + gaussian_log_density(3, 1.0, 1.0)
    assert log_likelihood_from_statistics(2, 2.0, 2.0, 1.0, 1.0) == pytest.approx(per_row, abs=1e-15)


def test_eq_gradient_sum_d_mean_is_the_sum_over_the_rows():
    # n (mean - mu) / sigma^2: class a at mu = 1, sigma = 1 gives 2 = 0 + 2; class b gives 22 = 9 + 13
    assert d_mean_from_statistics(2, Fraction(2), 1, 1) == 2
    assert d_mean_from_statistics(2, Fraction(12), 1, 1) == 22
    assert d_mean_from_statistics(2, Fraction(12), 12, 2) == 0  # zero at the closed form
    assert d_mean_from_statistics(2, Fraction(2), 1, 1) == d_log_density_d_mean(1, 1, 1) + d_log_density_d_mean(3, 1, 1)


def test_eq_gradient_sum_d_scale_is_the_sum_over_the_rows():
    # -n/sigma + (M + n (mean - mu)^2) / sigma^3: class a gives -2 + 4 = 2, class b -2 + 250 = 248
    assert d_scale_from_statistics(2, Fraction(2), Fraction(2), 1, 1) == 2
    assert d_scale_from_statistics(2, Fraction(12), Fraction(8), 1, 1) == 248
    assert d_scale_from_statistics(2, Fraction(12), Fraction(8), 12, Fraction(2)) == 0  # zero at the closed form
    per_row = d_log_density_d_scale(Fraction(10), 1, 1) + d_log_density_d_scale(Fraction(14), 1, 1)
    assert d_scale_from_statistics(2, Fraction(12), Fraction(8), 1, 1) == per_row


def test_eq_gradient_loss_divides_by_rows_times_classes():
    # -(l_a + l_b) / (N K) with N = 4, K = 2
    assert mean_negative_log_likelihood([Fraction(-3), Fraction(-5)], 4, 2) == 1
    loss = mean_negative_log_likelihood([-LOG_TWO_PI - 2, -LOG_TWO_PI - 125], 4, 2)
    assert loss == pytest.approx((2 * LOG_TWO_PI + 127) / 8, abs=1e-14)
    assert loss == pytest.approx(16.334469, abs=1e-6)


def test_eq_gradient_descent_step_moves_against_the_gradient():
    assert gradient_descent_step(1.0, -0.25, 0.1) == pytest.approx(1.025, abs=1e-15)
    assert gradient_descent_step(Fraction(1), Fraction(-31), Fraction(1, 100)) == Fraction(131, 100)


def test_eq_gradient_adam_step_first_step_by_hand():
    # t = 1: m = 0.1 g, v = 0.001 g^2, m_hat = g, v_hat = g^2, and eps enters as eps / sqrt(1 - 0.999):
    # step = lr g / (|g| + 1e-7 / sqrt(0.001)) = lr g / (|g| + 3.1623e-6): almost exactly lr sign(g).
    g = -0.25
    parameter, m, v = adam_step(1.0, g, 0.0, 0.0, 1, 0.005, 0.9, 0.999, 1e-7)
    assert m == pytest.approx(-0.025, rel=1e-12)
    assert v == pytest.approx(0.0000625, rel=1e-12)
    assert parameter == pytest.approx(1 + 0.005 * 0.25 / (0.25 + 1e-7 / math.sqrt(0.001)), abs=1e-16)
    assert parameter == pytest.approx(1.0049999367552, abs=1e-13)
    assert 1.005 - parameter == pytest.approx(6.3246e-8, rel=1e-4)  # 0.005 * 3.1623e-6 / 0.25
    # Keras writes the same step as lr * sqrt(1 - beta2^t) / (1 - beta1^t) * m / (sqrt(v) + eps)
    keras = 1.0 - 0.005 * math.sqrt(1 - 0.999) / (1 - 0.9) * m / (math.sqrt(v) + 1e-7)
    assert parameter == pytest.approx(keras, abs=1e-16)
    # The size of the gradient hardly matters: -31 moves the parameter by the same 0.005
    assert adam_step(1.0, -31.0, 0.0, 0.0, 1, 0.005, 0.9, 0.999, 1e-7)[0] == pytest.approx(1.005, abs=1e-9)


def test_eq_gradient_adam_step_second_step_with_the_same_gradient():
    # m = 0.9 (-0.025) + 0.1 (-0.25) = -0.0475, m_hat = -0.0475 / 0.19 = -0.25;
    # v = 0.999 * 6.25e-5 + 0.001 * 0.0625 = 1.249375e-4, v_hat = 1.249375e-4 / 0.001999 = 0.0625
    parameter, m, v = adam_step(1.005, -0.25, -0.025, 0.0000625, 2, 0.005, 0.9, 0.999, 1e-7)
    assert m == pytest.approx(-0.0475, rel=1e-12)
    assert v == pytest.approx(1.249375e-4, rel=1e-12)
    assert parameter == pytest.approx(1.005 + 0.005 * 0.25 / (0.25 + 1e-7 / math.sqrt(1 - 0.999**2)), abs=1e-15)


# ----------------------------------------------------------------------
# The loss and its gradients: by hand, by finite differences, row by row
# ----------------------------------------------------------------------


def test_loss_and_gradients_at_the_start_by_hand():
    statistics = sufficient_statistics(ROWS, LABELS)
    assert statistics == {A: (2, 2.0, 2.0), B: (2, 12.0, 8.0)}
    loss, d_means, d_scales = loss_and_gradients(statistics, START, START, 4, 2)
    assert loss == pytest.approx((2 * LOG_TWO_PI + 127) / 8, abs=1e-13)
    assert d_means == {A: -0.25, B: -2.75}
    assert d_scales == {A: -0.25, B: -31.0}


def test_the_per_row_path_is_the_blog_s_nll_by_hand():
    loss, d_means, d_scales = loss_and_gradients_per_row(ROWS, LABELS, START, START)
    assert loss == pytest.approx((2 * LOG_TWO_PI + 127) / 8, abs=1e-13)
    assert d_means == {A: -0.25, B: -2.75}
    assert d_scales == {A: -0.25, B: -31.0}


def random_parameters(statistics, generator):
    means = {key: mean + generator.uniform(-1, 1) for key, (_, mean, _) in statistics.items()}
    scales = {key: math.sqrt(squares / n) * generator.uniform(0.5, 2) for key, (n, _, squares) in statistics.items()}
    return means, scales


def test_the_sufficient_statistics_path_equals_the_per_row_path_on_iris():
    iris = sepals()
    statistics = sufficient_statistics(iris.rows, iris.labels)
    generator = random.Random(7)
    for _ in range(20):
        means, scales = random_parameters(statistics, generator)
        fast = loss_and_gradients(statistics, means, scales, 150, 3)
        slow = loss_and_gradients_per_row(iris.rows, iris.labels, means, scales)
        assert fast[0] == pytest.approx(slow[0], rel=1e-12)
        for fast_gradients, slow_gradients in zip(fast[1:], slow[1:]):
            assert fast_gradients.keys() == slow_gradients.keys()
            for key in fast_gradients:
                assert fast_gradients[key] == pytest.approx(slow_gradients[key], rel=1e-9, abs=1e-12)


def test_the_gradients_match_finite_differences():
    iris = sepals()
    statistics = sufficient_statistics(iris.rows, iris.labels)
    generator = random.Random(3)
    h = 1e-6
    for _ in range(5):
        means, scales = random_parameters(statistics, generator)
        _, d_means, d_scales = loss_and_gradients(statistics, means, scales, 150, 3)
        for key in statistics:
            for parameters, gradients in ((means, d_means), (scales, d_scales)):
                up, down = dict(parameters), dict(parameters)
                up[key] += h
                down[key] -= h
                if parameters is means:
                    loss_up = loss_and_gradients_per_row(iris.rows, iris.labels, up, scales)[0]
                    loss_down = loss_and_gradients_per_row(iris.rows, iris.labels, down, scales)[0]
                else:
                    loss_up = loss_and_gradients_per_row(iris.rows, iris.labels, means, up)[0]
                    loss_down = loss_and_gradients_per_row(iris.rows, iris.labels, means, down)[0]
                numeric = (loss_up - loss_down) / (2 * h)
                assert gradients[key] == pytest.approx(numeric, rel=1e-5, abs=1e-8), (key, parameters is means)


def test_the_per_row_formulas_match_finite_differences():
    h = 1e-6
    for x, mean, scale in [(3.0, 1.0, 1.0), (5.1, 5.006, 0.35), (-2.0, 4.0, 3.0)]:
        numeric_mean = (gaussian_log_density(x, mean + h, scale**2) - gaussian_log_density(x, mean - h, scale**2)) / (
            2 * h
        )
        numeric_scale = (
            gaussian_log_density(x, mean, (scale + h) ** 2) - gaussian_log_density(x, mean, (scale - h) ** 2)
        ) / (2 * h)
        assert d_log_density_d_mean(x, mean, scale) == pytest.approx(numeric_mean, rel=1e-6)
        assert d_log_density_d_scale(x, mean, scale) == pytest.approx(numeric_scale, rel=1e-6)


def test_the_gradients_vanish_at_the_closed_form():
    iris = sepals()
    statistics = sufficient_statistics(iris.rows, iris.labels)
    means = {key: mean for key, (_, mean, _) in statistics.items()}
    scales = {key: math.sqrt(squares / n) for key, (n, _, squares) in statistics.items()}
    _, d_means, d_scales = loss_and_gradients(statistics, means, scales, 150, 3)
    assert max(map(abs, d_means.values())) < 1e-14
    assert max(map(abs, d_scales.values())) < 1e-14


# ----------------------------------------------------------------------
# The fit: Adam's first epoch, the history, convergence
# ----------------------------------------------------------------------


def test_the_first_epoch_moves_every_parameter_up_by_almost_exactly_the_learning_rate():
    fit = fit_gaussians_by_gradient(ROWS, LABELS, epochs=1)
    epsilon_hat = 1e-7 / math.sqrt(1 - 0.999)
    for key, gradient in ((A, 0.25), (B, 2.75)):  # |dL/dmu|
        assert fit.history_["means"][key] == [1.0, pytest.approx(1 + 0.005 * gradient / (gradient + epsilon_hat))]
    for key, gradient in ((A, 0.25), (B, 31.0)):  # |dL/dsigma|
        assert fit.history_["scales"][key] == [1.0, pytest.approx(1 + 0.005 * gradient / (gradient + epsilon_hat))]
    assert fit.means_ == {"a": {"x": fit.history_["means"][A][1]}, "b": {"x": fit.history_["means"][B][1]}}


def test_plain_gradient_descent_takes_lr_times_the_gradient():
    fit = fit_gaussians_by_gradient(ROWS, LABELS, epochs=1, optimizer="gradient-descent", learning_rate=0.01)
    assert fit.history_["means"] == {A: [1.0, 1.0025], B: [1.0, 1.0275]}
    assert fit.history_["scales"] == {A: [1.0, 1.0025], B: [1.0, 1.31]}


def test_the_history_has_one_entry_per_epoch_and_one_more_for_the_start():
    fit = fit_gaussians_by_gradient(ROWS, LABELS, epochs=5)
    history = fit.history_
    assert list(history) == ["epoch", "loss", "means", "scales"]
    assert history["epoch"] == [0, 1, 2, 3, 4, 5]
    assert len(history["loss"]) == 6 and all(type(value) is float for value in history["loss"])
    assert list(history["means"]) == [A, B] and list(history["scales"]) == [A, B]
    assert all(len(values) == 6 for entry in ("means", "scales") for values in history[entry].values())
    assert history["loss"][0] == pytest.approx((2 * LOG_TWO_PI + 127) / 8, abs=1e-13)
    assert history["loss"][-1] == fit.loss_
    assert history["means"][A][-1] == fit.means_["a"]["x"] and history["scales"][B][-1] == fit.scales_["b"]["x"]
    assert history["loss"] == sorted(history["loss"], reverse=True)  # every early step lowers the loss here
    # plain lists and dicts, which the history picture takes as they are
    assert repr(HistoryPlot(history)) == "HistoryPlot(6 epochs; 'loss': 1 line, 'means': 2 lines, 'scales': 2 lines)"


def test_the_small_example_converges_to_the_closed_form():
    fit = fit_gaussians_by_gradient(ROWS, LABELS)  # the blog post's settings
    assert distance_to(fit, {A: (2, 1), B: (12, 2)}) < 1e-9
    assert fit.variances_ == {"a": {"x": pytest.approx(1)}, "b": {"x": pytest.approx(4)}}
    # L at the closed form: l_a = -log(2 pi) - 2/2, l_b = -2 log 2 - log(2 pi) - 8/8
    best = (2 * LOG_TWO_PI + 2 + 2 * math.log(2)) / 8
    assert fit.loss_ == pytest.approx(best, abs=1e-12)


def test_plain_gradient_descent_converges_too():
    fit = fit_gaussians_by_gradient(ROWS, LABELS, epochs=3000, optimizer="gradient-descent", learning_rate=0.5)
    assert distance_to(fit, {A: (2, 1), B: (12, 2)}) < 1e-9


def test_iris_with_the_blog_s_settings_reaches_the_closed_form():
    iris = sepals()
    X_train, _, y_train, _ = train_test_split(iris.rows, iris.labels, test_size=0.2, random_state=0)
    started = time.perf_counter()
    fit = fit_gaussians_by_gradient(X_train, y_train)  # Adam, lr 0.005, 10,000 epochs, means and scales from 1
    assert time.perf_counter() - started < 30  # about a second on a laptop; generous for a slow CI machine
    assert (fit.epochs, fit.learning_rate, fit.optimizer, fit.initial_mean, fit.initial_scale) == (
        10_000, 0.005, "adam", 1.0, 1.0)
    target = closed_form(X_train, y_train)
    assert distance_to(fit, target) < 1e-3
    assert distance_to(fit, target) < 1e-10  # in fact to rounding


def test_iris_all_150_rows_reach_the_closed_form_and_when():
    iris = sepals()
    fit = fit_gaussians_by_gradient(iris.rows, iris.labels)
    target = closed_form(iris.rows, iris.labels)
    assert distance_to(fit, target) < 1e-10
    errors = [
        max(
            max(abs(fit.history_["means"][key][t] - mean), abs(fit.history_["scales"][key][t] - sd))
            for key, (mean, sd) in target.items()
        )
        for t in range(len(fit.history_["epoch"]))
    ]
    first_within = next(t for t, error in enumerate(errors) if error < 1e-3)
    assert 3000 < first_within < 4000  # the docs page gives the number
    assert max(errors[first_within:]) < 1e-3  # and it stays there up to epoch 10,000


def test_the_fit_predicts_what_gaussian_nb_predicts():
    iris = sepals()
    X_train, X_test, y_train, y_test = train_test_split(iris.rows, iris.labels, test_size=0.2, random_state=0)
    fit = fit_gaussians_by_gradient(X_train, y_train)
    model = GaussianNB(var_smoothing=0).fit(X_train, y_train)
    assert fit.predict(X_test) == model.predict(X_test)
    for ours, theirs in zip(fit.predict_proba(X_test), model.predict_proba(X_test)):
        assert math.fsum(ours.values()) == pytest.approx(1)
        for label in model.classes_:
            assert ours[label] == pytest.approx(theirs[label], abs=1e-9)
    assert fit.class_counts_ == model.class_counts_
    joint = fit.joint_log_likelihood(X_test[0])
    assert joint == {label: pytest.approx(model.joint_log_likelihood(X_test[0])[label]) for label in model.classes_}


def test_a_missing_value_is_left_out_of_a_prediction():
    fit = fit_gaussians_by_gradient([[1, 5], [3, 7], [10, 5], [14, 8]], LABELS)
    assert fit.features_ == [0, 1]
    assert fit.joint_log_likelihood([2, None]) == fit.joint_log_likelihood({0: 2})
    # feature 1: a has 5, 7 (mean 6, scale 1), b has 5, 8 (mean 6.5, scale 1.5): at 6, a's curve is higher
    assert fit.predict([[2, None], [13, float("nan")], [None, 6]]) == ["a", "b", "a"]
    assert fit.predict_proba([[None, None]]) == [{"a": pytest.approx(0.5), "b": pytest.approx(0.5)}]  # the priors


def test_the_blog_s_printed_parameters_are_reproduced_from_its_statistics():
    """The blog post's split had 41, 40 and 39 flowers (its priors); its printed means give the sums,
    its printed standard deviations the sums of squares.  From these alone, the fit lands on its numbers."""
    printed_means = {"setosa": (5.002439, 3.42439), "versicolor": (5.89, 2.78), "virginica": (6.5179486, 2.9307692)}
    printed_sds = {
        "setosa": (0.34675348, 0.37855995),
        "versicolor": (0.5309426, 0.31796226),
        "virginica": (0.5808357, 0.28025055),
    }
    sums = {  # (n, sum of x, sum of x^2) per feature
        "setosa": (41, ("205.1", "1030.93"), ("140.4", "486.66")),
        "versicolor": (40, ("235.6", "1398.96"), ("111.2", "313.18")),
        "virginica": (39, ("254.2", "1670.02"), ("114.3", "338.05")),
    }
    statistics = {}
    for label, (n, *features) in sums.items():
        for feature, (total, squares) in zip(("sepal_length", "sepal_width"), features):
            total, squares = Fraction(total), Fraction(squares)
            statistics[(label, feature)] = (n, total / n, squares - total * total / n)
    fit = fit_gaussians_by_gradient_from_statistics(statistics)
    assert fit.class_counts_ == {"setosa": 41, "versicolor": 40, "virginica": 39}
    assert [round(math.exp(log_prior), 8) for log_prior in fit.log_priors_] == [0.34166667, 0.33333333, 0.325]
    for label in fit.classes_:
        for j, feature in enumerate(fit.features_):
            assert fit.means_[label][feature] == pytest.approx(printed_means[label][j], abs=1e-6)
            assert fit.scales_[label][feature] == pytest.approx(printed_sds[label][j], abs=1e-6)


def test_statistics_give_the_same_fit_as_the_rows():
    iris = sepals()
    by_rows = fit_gaussians_by_gradient(iris.rows, iris.labels, epochs=200)
    by_statistics = fit_gaussians_by_gradient_from_statistics(sufficient_statistics(iris.rows, iris.labels), epochs=200)
    assert by_rows.history_ == by_statistics.history_
    assert by_rows.means_ == by_statistics.means_


def test_exact_and_list_rows_give_the_statistics_as_floats():
    exact = sufficient_statistics([[Fraction(1)], [Fraction(3)], [10], [14]], LABELS)
    assert exact == {("a", 0): (2, 2.0, 2.0), ("b", 0): (2, 12.0, 8.0)}
    assert all(type(value) is float for statistics in exact.values() for value in statistics[1:])


def test_repr_shows_the_settings_and_the_result():
    fit = fit_gaussians_by_gradient(ROWS, LABELS, epochs=3)
    assert repr(fit).startswith("GradientFit(optimizer='adam', learning_rate=0.005, epochs=3, loss=")
    assert repr(fit).endswith("class_counts={'a': 2, 'b': 2}, features=['x'])")
    assert isinstance(fit, GradientFit)


def test_fitting_does_not_change_its_input():
    rows = [dict(row) for row in ROWS]
    labels = list(LABELS)
    fit_gaussians_by_gradient(rows, labels, epochs=3)
    assert rows == ROWS and labels == LABELS


# ----------------------------------------------------------------------
# Clear errors
# ----------------------------------------------------------------------


def test_a_class_with_one_row_has_no_maximum():
    with pytest.raises(ValueError, match=r"class 'b' has 1 row.*grows without bound as its scale shrinks to 0"):
        fit_gaussians_by_gradient([{"x": 1}, {"x": 3}, {"x": 10}], ["a", "a", "b"])


def test_a_constant_feature_in_a_class_has_no_maximum():
    with pytest.raises(ValueError, match=r"feature 'x' takes the one value 10 in all 2 rows of class 'b'"):
        fit_gaussians_by_gradient([{"x": 1}, {"x": 3}, {"x": 10}, {"x": 10}], LABELS)


def test_a_scale_stepping_past_zero_is_caught_and_explained():
    # Class a's closed-form scale is 0.0005; Adam's steps of about 0.005 cannot settle on it.
    rows = [{"x": 5.0}, {"x": 5.001}, {"x": 10}, {"x": 14}]
    with pytest.raises(ValueError, match=r"epoch \d+: the scale of feature 'x' in class 'a' stepped to -"):
        fit_gaussians_by_gradient(rows, LABELS, initial_mean=5.0005)


def test_plain_gradient_descent_with_too_large_a_step_is_caught():
    # at mu_a = 2, sigma_a = 3: dL/dsigma_a = -(1/8) (-2/3 + 2/27) = 2/27, and 3 - 50 * 2/27 = -0.7037
    message = r"epoch 1: the scale of feature 'x' in class 'a' stepped to -0.7037 .*learning_rate"
    with pytest.raises(ValueError, match=message):
        fit_gaussians_by_gradient(
            ROWS, LABELS, optimizer="gradient-descent", learning_rate=50.0, initial_mean=2.0, initial_scale=3.0
        )


def test_values_must_be_numbers():
    with pytest.raises(ValueError, match=r"X\[2\]: feature 'x' has the value 'ten'; .* a finite number"):
        fit_gaussians_by_gradient([{"x": 1}, {"x": 3}, {"x": "ten"}, {"x": 14}], LABELS)
    with pytest.raises(ValueError, match=r"X\[0\]: feature 'x' has the value True"):
        fit_gaussians_by_gradient([{"x": True}, {"x": 3}, {"x": 10}, {"x": 14}], LABELS)
    with pytest.raises(ValueError, match=r"X\[3\]: feature 'x' has the value inf"):
        fit_gaussians_by_gradient([{"x": 1}, {"x": 3}, {"x": 10}, {"x": math.inf}], LABELS)


def test_every_training_row_needs_every_feature():
    with pytest.raises(ValueError, match=r"X\[1\] has no value for 'y'"):
        fit_gaussians_by_gradient([{"x": 1, "y": 2}, {"x": 3}, {"x": 10, "y": 1}, {"x": 14, "y": 0}], LABELS)
    with pytest.raises(ValueError, match=r"X\[2\] has the feature 'z', which X\[0\] does not have"):
        fit_gaussians_by_gradient([{"x": 1}, {"x": 3}, {"x": 10, "z": 1}, {"x": 14}], LABELS)


def test_the_training_set_needs_two_classes_and_matching_labels():
    with pytest.raises(ValueError, match="only one class"):
        fit_gaussians_by_gradient(ROWS, ["a"] * 4)
    with pytest.raises(ValueError, match="4 rows but y has 3 labels"):
        fit_gaussians_by_gradient(ROWS, ["a", "a", "b"])
    with pytest.raises(ValueError, match="empty"):
        fit_gaussians_by_gradient([], [])


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"epochs": 0}, "epochs must be a whole number >= 1"),
        ({"epochs": 2.5}, "epochs must be a whole number >= 1"),
        ({"epochs": True}, "epochs must be a whole number >= 1"),
        ({"learning_rate": 0}, "learning_rate must be a finite number > 0"),
        ({"learning_rate": -0.1}, "learning_rate must be a finite number > 0"),
        ({"learning_rate": math.inf}, "learning_rate must be a finite number > 0"),
        ({"learning_rate": "0.1"}, "learning_rate must be a finite number > 0"),
        ({"optimizer": "sgd"}, "optimizer must be one of 'adam', 'gradient-descent'"),
        ({"initial_scale": 0}, "initial_scale must be a finite number > 0"),
        ({"initial_mean": math.nan}, "initial_mean must be a finite number"),
        ({"beta1": 1.0}, r"beta1 must be a number in \[0, 1\)"),
        ({"beta2": -0.1}, r"beta2 must be a number in \[0, 1\)"),
        ({"epsilon": 0}, "epsilon must be a finite number > 0"),
    ],
)
def test_bad_settings_are_refused_before_any_work(settings, message):
    with pytest.raises(ValueError, match=message):
        fit_gaussians_by_gradient(ROWS, LABELS, **settings)


def test_bad_statistics_are_refused():
    with pytest.raises(ValueError, match=r"statistics\[\('a', 'x'\)\] must be \(n, mean, M\)"):
        fit_gaussians_by_gradient_from_statistics({A: (2, 2.0), B: (2, 12.0, 8.0)})
    with pytest.raises(ValueError, match="class 'b' has 3 rows for feature 'y' but 2 for 'x'"):
        fit_gaussians_by_gradient_from_statistics(
            {A: (2, 2.0, 2.0), ("a", "y"): (2, 0.0, 1.0), B: (2, 12.0, 8.0), ("b", "y"): (3, 0.0, 1.0)}
        )
    with pytest.raises(ValueError, match="class 'b' has no statistics for feature 'y'"):
        fit_gaussians_by_gradient_from_statistics({A: (2, 2.0, 2.0), ("a", "y"): (2, 0.0, 1.0), B: (2, 12.0, 8.0)})
    with pytest.raises(ValueError, match="class 'a' has no statistics for feature 'y'"):
        fit_gaussians_by_gradient_from_statistics({A: (2, 2.0, 2.0), B: (2, 12.0, 8.0), ("b", "y"): (2, 0.0, 1.0)})
    with pytest.raises(ValueError, match=r"statistics\[\('a', 'x'\)\]: n must be a whole number of rows >= 1"):
        fit_gaussians_by_gradient_from_statistics({A: (0, 2.0, 2.0), B: (2, 12.0, 8.0)})
    with pytest.raises(ValueError, match=r"M a finite number >= 0"):
        fit_gaussians_by_gradient_from_statistics({A: (2, 2.0, -1.0), B: (2, 12.0, 8.0)})
    with pytest.raises(ValueError, match="only one class"):
        fit_gaussians_by_gradient_from_statistics({A: (2, 2.0, 2.0)})
    with pytest.raises(ValueError, match="class 'b' has 1 row"):
        fit_gaussians_by_gradient_from_statistics({A: (2, 2.0, 2.0), B: (1, 12.0, 0.0)})
    with pytest.raises(TypeError, match="statistics must be a dict"):
        fit_gaussians_by_gradient_from_statistics([(2, 2.0, 2.0)])


def test_predicting_checks_its_rows():
    fit = fit_gaussians_by_gradient(ROWS, LABELS, epochs=3)
    with pytest.raises(ValueError, match=r"X\[0\] has the feature 'y', which training never saw"):
        fit.predict([{"y": 1}])
    with pytest.raises(ValueError, match=r"X\[1\]: feature 'x' has the value 'big'"):
        fit.predict([{"x": 1}, {"x": "big"}])
    with pytest.raises(TypeError, match="single dict"):
        fit.predict({"x": 1})
