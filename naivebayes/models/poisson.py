"""Poisson naive Bayes: each feature is a count, such as the number of links in an e-mail.

The blog post on naive Bayes with TensorFlow Probability names the Poisson
distribution, with its one parameter lambda, as a choice for count features.
P(x_j = k | c) = lambda_jc^k e^(-lambda_jc) / k!, and the maximum likelihood
lambda_jc is the class's mean count.  Training keeps, per class and feature:

* ``n_jc`` -- the class-c rows in which feature j is present (``feature_counts_[c][j]``);
* ``S_jc`` -- the sum of its counts there (``value_sums_[c][j]``);
* ``rates_[c][j] = (S_jc + alpha) / (n_jc + alpha)``, built when training ends.

The smoothing adds alpha imaginary rows in which the feature counted 1.  It
matters for a class that only ever saw 0: its maximum likelihood rate is 0,
which gives any positive count probability 0 and so vetoes the class, the
zero-frequency problem again.  With alpha = 1 and 9 rows of zeros, the rate
is 1/10 instead.  ``alpha=0`` gives the maximum likelihood estimate.

>>> model = PoissonNB().fit([[0], [0], [1], [4], [6]], ["a", "a", "a", "b", "b"])
>>> model.rates_
{'a': {0: Fraction(1, 2)}, 'b': {0: Fraction(11, 3)}}
>>> model.predict([[0], [3]])
['a', 'b']
"""

import math

from naivebayes.core.arithmetic import is_exact, log, ratio
from naivebayes.core.checks import check_smoothing
from naivebayes.models.generative import mixture_mean_variance
from naivebayes.models.table_base import TableNaiveBayes

__all__ = [
    "PoissonNB",
    "Poisson",
    "poisson_mle",
    "poisson_rate",
    "poisson_log_pmf",
    "poisson_draw",
    "poisson_mixture_mode",
]

# The largest rate drawn in one piece: e^-lambda, the first term of the
# inversion, underflows a float beyond lambda = 745, so a larger rate is drawn
# as a sum of pieces (a sum of independent Poisson counts is a Poisson count).
MAX_RATE_PER_DRAW = 500


# --8<-- [start:eq-poisson-mle]
def poisson_mle(value_sum, n):
    """lambda_jc = S_jc / n_jc: the mean count of feature j in class c.

    Formula: docs/poisson.md#eq-poisson-mle
    """
    return ratio(value_sum, n)
# --8<-- [end:eq-poisson-mle]


# --8<-- [start:eq-poisson-smoothed]
def poisson_rate(value_sum, n, alpha):
    """lambda_jc = (S_jc + alpha) / (n_jc + alpha): as if alpha more rows had each counted 1.

    Formula: docs/poisson.md#eq-poisson-smoothed
    """
    return ratio(value_sum + alpha, n + alpha)
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
    steps.  A rate above ``MAX_RATE_PER_DRAW`` is drawn in pieces and the
    counts added, since e^-lambda would underflow.

    Formula: docs/generative.md#eq-poisson-sample
    """
    count = 0
    while rate > 0:
        piece = min(rate, MAX_RATE_PER_DRAW)
        rate -= piece
        u = generator.random()
        k = 0
        probability = math.exp(-piece)  # P(0) = e^-lambda
        cumulative = probability  # F(0)
        while u >= cumulative and probability > 0:  # (> 0: rounding can leave F just below 1)
            k += 1
            probability *= piece / k  # P(k) = P(k - 1) lambda / k
            cumulative += probability  # F(k)
        count += k
    return count
# --8<-- [end:eq-poisson-sample]


# --8<-- [start:eq-poisson-mixture-mode]
def poisson_mixture_mode(weights, rates):
    """The most probable count of the mixture sum_c w_c Poisson(lambda_c): argmax_k sum_c w_c P(k | lambda_c).

    P(k | lambda) rises up to k = floor(lambda) and falls after it, so below
    the smallest floor(lambda_c) every class's term rises and above the
    largest every one falls: only the counts between them need a look.  A
    tie goes to the smaller count.

    Formula: docs/generative.md#eq-poisson-mixture-mode
    """
    weighted = [(float(w), rate) for w, rate in zip(weights, rates) if w > 0]
    low = math.floor(min(rate for _, rate in weighted))
    high = math.floor(max(rate for _, rate in weighted))
    best, best_probability = low, -1.0
    for k in range(low, high + 1):
        probability = math.fsum(w * math.exp(poisson_log_pmf(k, rate)) for w, rate in weighted)
        if probability > best_probability:
            best, best_probability = k, probability
    return best
# --8<-- [end:eq-poisson-mixture-mode]


class Poisson:
    """The Poisson distribution of one count feature, per class: one rate.

    Count table ``value_sums_[c][j]`` (S_jc); lookup tables ``rates_[c][j]``
    and, in ``feature_lookups_[j]``, the rates in ``classes_`` order.
    """

    name = "poisson"
    count_tables = ("value_sums_",)
    feature_tables = ()
    lookup_tables = ("rates_",)
    exact = False  # e^(-lambda) is not a ratio of counts

    @staticmethod
    def start_empty(model):
        model.value_sums_ = {}  # {label: {feature: S_jc}}
        model.rates_ = {}  # {label: {feature: lambda_jc}}, built when training ends

    @staticmethod
    def continue_from(model, previous):
        pass

    @staticmethod
    def plain_values(model, feature, values):
        """True when every value is a plain int >= 0 (a float such as 3.0 takes the slow check, which makes it 3)."""
        return set(map(type, values)) <= {int} and min(values, default=0) >= 0

    @staticmethod
    def check_value(model, feature, value, where, training):
        if type(value) is int and value >= 0:
            return value  # the usual case, decided quickly
        is_number = not isinstance(value, bool) and (isinstance(value, (int, float)) or is_exact(value))
        if not is_number or not math.isfinite(value) or value < 0 or value != int(value):
            raise ValueError(
                f"{where}: feature {feature!r} has the value {value!r}, but a Poisson feature takes "
                "counts, whole numbers >= 0 (use GaussianNB for measurements)"
            )
        return int(value)

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
        return tuple(poisson_log_pmf(value, rate) for rate in model.feature_lookups_[feature])

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

    def __init__(self, alpha=1, fit_prior=True, class_prior=None):
        self.alpha = check_smoothing("alpha", alpha)
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)
