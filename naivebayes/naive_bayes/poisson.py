"""Poisson naive Bayes: each feature is a count, such as the number of links in an e-mail.

The blog post on naive Bayes with TensorFlow Probability names the Poisson
distribution, with its one parameter lambda, as a choice for count features.
P(x_j = k | c) = lambda_jc^k e^(-lambda_jc) / k!, and the maximum likelihood
lambda_jc is the class's mean count.  Training keeps, per class and feature:

* ``n_jc`` -- the class-c rows in which feature j is present (``feature_counts_[c][j]``);
* ``S_jc`` -- the sum of its counts there (``value_sums_[c][j]``);
* ``rates_[c][j] = (S_jc + alpha) / (n_jc + alpha)``, built when training ends.

A count is at most 2**53 (``MAX_COUNT``): beyond it a float cannot tell one
count from the next, and the probabilities are worked out in floats.

The smoothing adds alpha imaginary rows in which the feature counted 1.  It
matters for a class that only ever saw 0: its maximum likelihood rate is 0,
which gives any positive count probability 0 and so vetoes the class, the
zero-frequency problem again.  With alpha = 1 and 9 rows of zeros, the rate
is 1/10 instead.  ``alpha=0`` gives the maximum likelihood estimate.

>>> model = PoissonNB().fit([[0], [0], [1], [4], [6]], ["a", "a", "a", "b", "b"])
>>> model.rates_
{'a': {0: 0.5}, 'b': {0: 3.6666666666666665}}
>>> model.predict([[0], [3]])
['a', 'b']
"""

import heapq
import math

from naivebayes.core.arithmetic import log
from naivebayes.core.priors import check_smoothing_or_prior
from naivebayes.plumbing.checks import is_number, power_of_ten, refuse_date
from naivebayes.naive_bayes.generative import mixture_mean_variance
from naivebayes.naive_bayes.table_base import TableNaiveBayes

__all__ = [
    "PoissonNB",
    "Poisson",
    "poisson_rate",
    "poisson_log_pmf",
    "poisson_draw",
    "poisson_ptrs_draw",
    "poisson_mixture_mode",
]

# The largest count a feature may have: a float tells every whole number up to
# 2**53 from the next one, and no further (2**53 + 1 is the float 2**53).
MAX_COUNT = 2**53

# The largest rate drawn by inversion, whose search takes about lambda steps
# (and whose first term, e^-lambda, underflows a float beyond lambda = 745);
# a larger rate is drawn by transformed rejection, in a few steps whatever lambda is.
MAX_INVERSION_RATE = 500

HALF_LOG_TWO_PI = 0.5 * math.log(2 * math.pi)


# --8<-- [start:eq-poisson-smoothed]
def poisson_rate(value_sum, n, alpha):
    """lambda_jc = (S_jc + alpha) / (n_jc + alpha): as if alpha more rows had each counted 1.

    A float for whole numbers (``/`` divides them exactly rounded), an exact
    Fraction when the counts or alpha are Fractions.

    Formula: docs/poisson.md#eq-poisson-smoothed
    """
    return (value_sum + alpha) / (n + alpha)
# --8<-- [end:eq-poisson-smoothed]


# --8<-- [start:eq-poisson-log-pmf]
def poisson_log_pmf(k, rate):
    """log P(x_j = k | c) = k log lambda - lambda - log k!, with 0 log 0 = 0.

    ``math.lgamma(k + 1)`` is log k! without computing k! itself.

    Formula: docs/poisson.md#eq-poisson-log-pmf
    """
    if k == 0:
        return 0.0 - float(rate)  # lambda^0 = 1, even for lambda = 0 (and 0.0 - 0.0 is 0.0, not -0.0)
    return k * log(rate) - float(rate) - math.lgamma(k + 1)
# --8<-- [end:eq-poisson-log-pmf]


# --8<-- [start:eq-poisson-sample]
def poisson_draw(generator, rate):
    """k = the first k with u < F(k) = sum over i <= k of e^-lambda lambda^i / i!: inversion, one term at a time.

    ``u`` is one ``generator.random()``.  Each term is the one before times
    lambda / k, so no factorial is computed; the search takes about lambda
    steps, and e^-lambda underflows a float beyond lambda = 745.  So a rate
    above ``MAX_INVERSION_RATE`` (500) is drawn by ``poisson_ptrs_draw``
    instead, an exact rejection method whose cost does not grow with the
    rate (a rate of 1e9 by inversion took minutes).  Both are exact Poisson
    draws; inversion stays for small rates, where it is simplest and uses one
    uniform.

    Formula: docs/generative.md#eq-poisson-sample
    """
    if rate == 0:
        return 0  # nothing to draw
    if rate > MAX_INVERSION_RATE:
        return poisson_ptrs_draw(generator, rate)
    u = generator.random()
    k = 0
    probability = math.exp(-rate)  # P(0) = e^-lambda
    cumulative = probability  # F(0)
    while u >= cumulative and probability > 0:  # (> 0: rounding can leave F just below 1)
        k += 1
        probability *= rate / k  # P(k) = P(k - 1) lambda / k
        cumulative += probability  # F(k)
    return k
# --8<-- [end:eq-poisson-sample]


# --8<-- [start:eq-poisson-ptrs]
def poisson_ptrs_draw(generator, rate):
    """A count drawn from Poisson(lambda), lambda >= 10, by Hörmann's transformed rejection with squeeze (PTRS, 1993).

    Each try takes two uniforms, u - 1/2 and v, and proposes
    k = floor((2a / u_s + b) u + lambda + 0.43), with u_s = 1/2 - |u|: the
    inverse of a curve that hugs the Poisson's cumulative distribution.  Most
    tries are accepted by a quick test (the squeeze, u_s >= 0.07 and v <= v_r);
    the rest when log(v / alpha / (a / u_s^2 + b)) <= log P(k).  About 1.15 tries
    on average, whatever lambda is, and the draw is exactly Poisson: the
    rejection corrects the proposal with the exact probability (not a normal
    approximation).  log P(k) is taken in Loader's form
    (``poisson_log_probability``), accurate for any rate.

    Formula: docs/generative.md#eq-poisson-ptrs
    """
    b = 0.931 + 2.53 * math.sqrt(rate)
    a = -0.059 + 0.02483 * b
    inverse_alpha = 1.1239 + 1.1328 / (b - 3.4)
    v_r = 0.9277 - 3.6224 / (b - 2)
    while True:
        u = generator.random() - 0.5
        v = generator.random()
        u_s = 0.5 - abs(u)
        if u_s == 0:
            continue  # u = -1/2 exactly (probability 2**-53): a point of no weight, so skipping it changes nothing
        k = math.floor((2 * a / u_s + b) * u + rate + 0.43)
        if u_s >= 0.07 and v <= v_r:
            return k  # the squeeze: surely under the curve
        if k < 0 or (u_s < 0.013 and v > u_s):
            continue
        if log(v * inverse_alpha / (a / (u_s * u_s) + b)) <= poisson_log_probability(k, rate):
            return k
# --8<-- [end:eq-poisson-ptrs]


def poisson_log_probability(k, rate):
    """log P(k | lambda) = -(stirling_remainder(k) + poisson_deviance(k, lambda)) - (1/2) log(2 pi k), for float rates.

    Loader's form ("Fast and accurate computation of binomial
    probabilities", 2000).  The same number as ``poisson_log_pmf``, but with
    no cancellation: k log lambda and log k! are both about 3.6e17 for
    k = lambda = 1e16, so their difference, a number near -19, would keep no
    correct digit; here every term is small.  What sampling and the mixture's
    mode compare.
    """
    if rate == 0:
        return 0.0 if k == 0 else -math.inf
    if k == 0:
        return -float(rate)
    return -(stirling_remainder(k) + poisson_deviance(k, rate)) - HALF_LOG_TWO_PI - 0.5 * math.log(k)


def stirling_remainder(k):
    """log k! - ((k + 1/2) log k - k + (1/2) log 2 pi), k >= 1: what Stirling's formula leaves out, about 1/(12 k)."""
    if k < 30:
        return math.lgamma(k + 1) - (k + 0.5) * math.log(k) + k - HALF_LOG_TWO_PI
    s = 1 / (k * k)
    return (1 / 12 - (1 / 360 - (1 / 1260 - s / 1680) * s) * s) / k  # the series; its next term is below 1e-16


def poisson_deviance(k, rate):
    """k log(k / lambda) + lambda - k (>= 0), summed as a series when k is near lambda, where that form cancels.

    With v = (k - lambda) / (k + lambda) it is (k - lambda) v + 2 k sum_j v^(2j+1) / (2j + 1)
    (Loader's ``bd0``); |v| < 0.1 there, so a few terms reach full precision.
    """
    k = float(k)
    if abs(k - rate) >= 0.1 * (k + rate):
        return k * math.log(k / rate) + rate - k
    v = (k - rate) / (k + rate)
    total, term, j = (k - rate) * v, 2 * k * v, 1
    while True:
        term *= v * v
        larger = total + term / (2 * j + 1)
        if larger == total:
            return total
        total, j = larger, j + 1


# --8<-- [start:eq-poisson-mixture-mode]
def poisson_mixture_mode(weights, rates):
    """The most probable count of the mixture sum_c w_c Poisson(lambda_c): argmax_k sum_c w_c P(k | lambda_c).

    P(k | lambda) rises up to k = floor(lambda) and falls after it, so the
    mode lies between the smallest and the largest floor(lambda_c), and on a
    stretch of counts [low, high] class c's term is at most its value at the
    count of the stretch nearest floor(lambda_c): their sum bounds the
    mixture there.  The search halves the stretch of highest bound first
    (branch and bound), and stops when no stretch's bound beats the best
    count found: a few steps per halving, not one per count.  A tie goes to
    the smaller count (a tie as floats: near a rate of 1e15, counts a few
    apart have the same float probability).

    Formula: docs/generative.md#eq-poisson-mixture-mode
    """
    weighted = [(float(w), float(rate)) for w, rate in zip(weights, rates) if w > 0]
    modes = [math.floor(rate) for _, rate in weighted]

    def bound(low, high):  # sum_c w_c P(the count of [low, high] nearest floor(lambda_c) | lambda_c)
        nearest = [min(max(mode, low), high) for mode in modes]
        return math.fsum(w * math.exp(poisson_log_probability(k, rate)) for k, (w, rate) in zip(nearest, weighted))

    best, best_probability = None, -1.0
    stretches = [(-bound(min(modes), max(modes)), min(modes), max(modes))]  # a heap: highest bound first
    while stretches:
        negative_bound, low, high = heapq.heappop(stretches)
        if -negative_bound < best_probability or -negative_bound == best_probability and low > best:
            break  # no stretch left can beat the best count (on a tie, a smaller one)
        if low == high:  # one count: its bound is its probability
            best, best_probability = low, -negative_bound
            continue
        middle = (low + high) // 2
        for half in ((low, middle), (middle + 1, high)):
            heapq.heappush(stretches, (-bound(*half), *half))
    return best
# --8<-- [end:eq-poisson-mixture-mode]


class Poisson:
    """The Poisson distribution of one count feature, per class: one rate.

    Count table ``value_sums_[c][j]`` (S_jc); lookup tables ``rates_[c][j]``
    and, in ``feature_lookups_[j]``, the rates in ``classes_`` order.
    """

    name = "poisson"
    count_tables = {"value_sums_": {}}  # {label: {feature: S_jc}}
    feature_tables = {}
    lookup_tables = {"rates_": {}}  # {label: {feature: lambda_jc}}, built when training ends
    exact = False  # e^(-lambda) is not a ratio of counts
    holds = "probability"  # what an explanation shows beside a term: P(count = k), a probability
    leaves_unseen_out = False  # every count has a probability

    @staticmethod
    def continue_from(model, previous):
        pass

    @staticmethod
    def plain_values(model, feature, values):
        """True when every value is a plain int from 0 to 2**53 (a float such as 3.0 takes the slow check: it makes it 3)."""
        return set(map(type, values)) <= {int} and min(values, default=0) >= 0 and max(values, default=0) <= MAX_COUNT

    @staticmethod
    def check_value(model, feature, value, where, training):
        if type(value) is int and 0 <= value <= MAX_COUNT:
            return value  # the usual case, decided quickly
        not_finite = isinstance(value, float) and not math.isfinite(value)  # inf or NaN
        if not is_number(value) or not_finite or value < 0 or value != int(value):
            refuse_date(where, feature, value)
            raise ValueError(
                f"{where}: feature {feature!r} has the value {value!r}, but a Poisson feature takes "
                "counts, whole numbers >= 0 (use GaussianNB for measurements)"
            )
        if value > MAX_COUNT:
            if isinstance(value, float):
                shown = f"the count {value!r}"
            else:  # (an int of hundreds of digits is shown by its size)
                shown = f"a count of {power_of_ten(value)}"
            raise ValueError(
                f"{where}: feature {feature!r} has {shown}, larger than 2**53 (about 9.0e15), where "
                "a float can no longer tell one count from the next; count in larger units (thousands, "
                "millions), or use GaussianNB for the feature"
            )
        return int(value)

    @staticmethod
    def check_values(model, values, where):
        """One row's Poisson values checked to predict: a plain count passes at a glance, others take check_value."""
        for feature, value in values.items():
            if not (type(value) is int and 0 <= value <= MAX_COUNT):
                values[feature] = Poisson.check_value(model, feature, value, where, training=False)
        return values

    @staticmethod
    def count(model, feature, values_by_label):
        for label, values in values_by_label.items():
            model.value_sums_.setdefault(label, {})[feature] = sum(values)  # S_jc

    @staticmethod
    def merge(merged, a, b, feature):
        for label in merged.class_counts_:
            total = 0
            for model in (a, b):
                total += model.value_sums_.get(label, {}).get(feature, 0)
            merged.value_sums_.setdefault(label, {})[feature] = total

    @staticmethod
    def build_lookups(model, features):
        for feature in features:
            rates = []
            for label in model.classes_:
                n = model.feature_counts_[label][feature]
                if n + model.alpha == 0:
                    raise ValueError(
                        f"feature {feature!r} has no values in class {label!r}, so with alpha = 0 its "
                        "rate is 0/0; use alpha > 0, or drop the feature"
                    )
                rate = poisson_rate(model.value_sums_[label][feature], n, model.alpha)
                model.rates_.setdefault(label, {})[feature] = rate
                rates.append(rate)
            model.feature_lookups_[feature] = tuple(rates)

    @staticmethod
    def log_terms(model, feature, value):
        return tuple([poisson_log_pmf(value, rate) for rate in model.feature_lookups_[feature]])

    @staticmethod
    def likelihoods(model, feature, value):
        return tuple(math.exp(term) for term in Poisson.log_terms(model, feature, value))

    @staticmethod
    def draw(model, feature, label, generator):
        """A count drawn from Poisson(lambda_jc)."""
        return poisson_draw(generator, float(model.rates_[label][feature]))

    @staticmethod
    def predictive(model, feature, weights):
        """(the most probable count, {"mean": ..., "variance": ...}) of sum_c P(c | observed) Poisson(lambda_jc).

        A count is filled in with a whole number, the mixture's mode; a
        Poisson's variance is its rate, so the rates serve as both.
        """
        rates = [model.rates_[label][feature] for label in model.classes_]
        mean, variance = mixture_mean_variance(weights, rates, rates)
        return poisson_mixture_mode(weights, rates), {"mean": mean, "variance": variance}


class PoissonNB(TableNaiveBayes):
    """Naive Bayes over counts: one Poisson rate per class and feature.

    Parameters
    ----------
    alpha : int, Fraction or float, default 1
        alpha imaginary rows that each counted 1 are added to every class, so
        a class that only saw 0 does not rule out a positive count; 0 gives
        the maximum likelihood rate.
    fit_prior, class_prior
        As for every model.
    """

    model_name = "Poisson naive Bayes"
    distribution_kinds = {"poisson": Poisson}
    count_tables = {**TableNaiveBayes.count_tables, **Poisson.count_tables}
    class_tables = TableNaiveBayes.class_tables + tuple(Poisson.count_tables)
    lookup_tables = {**TableNaiveBayes.lookup_tables, **Poisson.lookup_tables}

    def __init__(self, alpha=1, fit_prior=True, class_prior=None):
        self.alpha = check_smoothing_or_prior(alpha, "PoissonNB", ())  # (a number: no prior here)
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)
