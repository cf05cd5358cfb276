"""Smoothing as a prior: Dirichlet and Beta pseudo-counts, Mitchell's m-estimate, and the estimates they give.

Every count model estimates a distribution over some values from counts:
the words of the vocabulary (multinomial), present or absent (Bernoulli),
the categories of one feature (categorical), the classes (the class prior).
With n_v the count of value v, N = sum_v n_v and K values,

* maximum likelihood is n_v / N;
* under a Dirichlet(a_1, ..., a_K) prior the posterior is Dirichlet(n_v + a_v),
  whose mean is (n_v + a_v) / (N + A) with A = sum_v a_v, and whose mode (the
  MAP estimate) is (n_v + a_v - 1) / (N + A - K);
* Mitchell's m-estimate (n_v + m p_v) / (N + m) is that posterior mean with
  a_v = m p_v: m pseudo-examples spread by the prior guess p.

So add-alpha smoothing is the posterior mean under Dirichlet(alpha), and the
MAP estimate under Dirichlet(alpha + 1): Laplace's add-one is the mean under
a uniform prior and the mode under Dirichlet(2) (Beta(2, 2) for two values).
The derivation is on docs/priors.md.

A prior object here says, for one class and one value, how many
pseudo-counts a_v it adds, and which point estimate a model takes from the
posterior (``estimate="posterior mean"`` or ``"map"``).  A model given one as
its ``alpha`` (``BernoulliNB(alpha=Beta(2, 2))``) asks it for the estimate
of each value with ``prior.theta(...)``.

>>> Dirichlet(1).theta(3, 10, 1, 4, 4)             # (3 + 1) / (10 + 4)
Fraction(2, 7)
>>> Dirichlet(2, estimate="map").theta(3, 10, 2, 8, 4)  # (3 + 2 - 1) / (10 + 8 - 4): add-one again
Fraction(2, 7)
>>> MEstimate(m=3, p=Fraction(1, 3)).theta(2, 5, 1, 3, 3)  # (2 + 3 * 1/3) / (5 + 3)
Fraction(3, 8)
"""

import math
from fractions import Fraction
from numbers import Real

from naivebayes.core.arithmetic import ratio
from naivebayes.plumbing.checks import MAX_SMOOTHING, shown_number
from naivebayes.plumbing.checks import check_smoothing

__all__ = ["Dirichlet", "Beta", "MEstimate", "ml_estimate", "posterior_mean", "map_estimate", "m_estimate"]

ESTIMATES = ("posterior mean", "map")


# --8<-- [start:eq-ml-estimate]
def ml_estimate(count, total):
    """theta_v = n_v / N: the maximum-likelihood estimate, the value's share of the counts.

    Formula: docs/priors.md#eq-ml-estimate
    """
    return ratio(count, total)
# --8<-- [end:eq-ml-estimate]


# --8<-- [start:eq-posterior-mean]
def posterior_mean(count, total, pseudo_count, pseudo_total):
    """theta_v = (n_v + a_v) / (N + A): the mean of the Dirichlet(n + a) posterior, A = sum_v a_v.

    Formula: docs/priors.md#eq-posterior-mean
    """
    return ratio(count + pseudo_count, total + pseudo_total)
# --8<-- [end:eq-posterior-mean]


# --8<-- [start:eq-map-estimate]
def map_estimate(count, total, pseudo_count, pseudo_total, n_values):
    """theta_v = (n_v + a_v - 1) / (N + A - K): the mode of the Dirichlet(n + a) posterior over K values.

    It is the mode only when every n_v + a_v >= 1; the prior checks its a_v.

    Formula: docs/priors.md#eq-map-estimate
    """
    return ratio(count + pseudo_count - 1, total + pseudo_total - n_values)
# --8<-- [end:eq-map-estimate]


# --8<-- [start:eq-m-estimate]
def m_estimate(count, total, m, p):
    """theta_v = (n_v + m p_v) / (N + m): Mitchell's m-estimate, m pseudo-examples spread as the prior guess p.

    Formula: docs/priors.md#eq-m-estimate
    """
    return ratio(count + m * p, total + m)
# --8<-- [end:eq-m-estimate]


def check_pseudo_count(name, value, at_least=0):
    """A pseudo-count: a finite real number >= ``at_least`` (int, Fraction or float; not a bool), else a clear error."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{name} must be a number (a pseudo-count), not {value!r:.60}")
    if not (isinstance(value, (int, Fraction)) or math.isfinite(value)) or not value >= at_least:
        hint = "the MAP estimate needs a_v >= 1, or some estimate is negative" if at_least else "a count"
        raise ValueError(f"{name} must be a finite number >= {at_least} ({hint}), not {value!r}")
    if value > MAX_SMOOTHING:  # (an int too large for a float would end in an OverflowError inside fit)
        raise ValueError(
            f"{name}={shown_number(value)} is larger than 2**53 (about 9.0e15), where a float can no longer tell a count "
            f"from the count + 1, so the training counts would change nothing; use a smaller pseudo-count"
        )
    return value


def check_pseudo_table(name, table, check_value):
    """A {key: value} table (a dict, or anything with .items() such as a pandas Series), checked, as a plain dict."""
    if isinstance(table, (str, bytes)) or not callable(getattr(table, "items", None)):
        raise TypeError(f"{name} must be a dict, not {type(table).__name__}")
    return {key: check_value(f"{name}[{key!r}]", value) for key, value in table.items()}


class Prior:
    """What the three priors share: the point estimate, and how a model reads a pseudo-count."""

    estimate = "posterior mean"

    def check_estimate(self, estimate):
        if estimate not in ESTIMATES:
            raise ValueError(f"estimate must be 'posterior mean' or 'map', not {estimate!r}")
        return estimate

    def theta(self, count, total, pseudo_count, pseudo_total, n_values):
        """The estimate of one value: the posterior mean, or the MAP estimate with ``estimate="map"``."""
        if self.estimate == "map":
            return map_estimate(count, total, pseudo_count, pseudo_total, n_values)
        return posterior_mean(count, total, pseudo_count, pseudo_total)

    def weight(self, count, pseudo_count):
        """n_v + a_v (less 1 for the MAP estimate): the numerator of theta, to which a drawn value is proportional."""
        return count + pseudo_count - (1 if self.estimate == "map" else 0)

    def __eq__(self, other):
        return type(self) is type(other) and vars(self) == vars(other)

    def __hash__(self):
        return hash(type(self).__name__)

    def __repr__(self):
        settings = {key: value for key, value in vars(self).items() if key != "estimate" and value is not None}
        if self.estimate != "posterior mean":
            settings["estimate"] = self.estimate
        shown = ", ".join(f"{key}={value!r}" for key, value in settings.items())
        return f"{type(self).__name__}({shown})"


class Dirichlet(Prior):
    """Dirichlet pseudo-counts: ``a`` for every value, unless ``per_value`` or ``per_class`` names it.

    * ``Dirichlet(1)`` -- one number: Laplace smoothing, alpha = 1;
    * ``Dirichlet(1, per_value={"the": 50})`` -- one per value or word (a
      categorical model's values are ``(feature, category)`` pairs);
    * ``Dirichlet(1, per_class={"spam": {"free": 5}})`` -- one per class and value.

    ``per_class`` wins over ``per_value``, which wins over ``a``.  For binary
    features (``BernoulliNB``) a word's pseudo-count goes to both outcomes,
    present and absent: a symmetric Beta(a_j, a_j).
    """

    def __init__(self, a=1, *, per_value=None, per_class=None, estimate="posterior mean"):
        self.estimate = self.check_estimate(estimate)
        at_least = 1 if estimate == "map" else 0
        self.a = check_pseudo_count("a", a, at_least)
        self.per_value = None if per_value is None else check_pseudo_table(
            "per_value", per_value, lambda name, value: check_pseudo_count(name, value, at_least)
        )
        self.per_class = None if per_class is None else check_pseudo_table(
            "per_class", per_class,
            lambda name, table: check_pseudo_table(name, table, lambda inner, value: check_pseudo_count(inner, value, at_least)),
        )

    def pseudo_count(self, label, value, n_values):
        """a_v for ``value`` in class ``label`` (``n_values``, K, is not needed here; the m-estimate needs it)."""
        if self.per_class is not None and value in self.per_class.get(label, ()):
            return self.per_class[label][value]
        if self.per_value is not None and value in self.per_value:
            return self.per_value[value]
        return self.a

    def binary_pseudo_counts(self, label, feature):
        """(a, b): pseudo-counts for ``feature`` present and absent -- the same number for both."""
        a = self.pseudo_count(label, feature, 2)
        return a, a


class Beta(Prior):
    """Beta(a, b) for a binary feature: ``a`` pseudo-examples with it present, ``b`` with it absent.

    ``per_feature={"free": (3, 1)}`` and ``per_class={"spam": {"free": (3, 1)}}``
    give other pairs for some features (``per_class`` first).  Only models of
    binary features (``BernoulliNB``) take a Beta prior.
    """

    def __init__(self, a=1, b=1, *, per_feature=None, per_class=None, estimate="posterior mean"):
        self.estimate = self.check_estimate(estimate)
        at_least = 1 if estimate == "map" else 0
        self.a = check_pseudo_count("a", a, at_least)
        self.b = check_pseudo_count("b", b, at_least)

        def check_pair(name, pair):
            if not isinstance(pair, (tuple, list)) or len(pair) != 2:  # (kept as a tuple; a model file writes a list)
                raise TypeError(f"{name} must be a pair (a, b) of pseudo-counts, not {pair!r:.60}")
            return check_pseudo_count(f"{name}[0]", pair[0], at_least), check_pseudo_count(f"{name}[1]", pair[1], at_least)

        self.per_feature = None if per_feature is None else check_pseudo_table("per_feature", per_feature, check_pair)
        self.per_class = None if per_class is None else check_pseudo_table(
            "per_class", per_class, lambda name, table: check_pseudo_table(name, table, check_pair)
        )

    def binary_pseudo_counts(self, label, feature):
        """(a, b) for ``feature`` in class ``label``."""
        if self.per_class is not None and feature in self.per_class.get(label, ()):
            return self.per_class[label][feature]
        if self.per_feature is not None and feature in self.per_feature:
            return self.per_feature[feature]
        return self.a, self.b


class MEstimate(Prior):
    """Mitchell's m-estimate: ``m`` pseudo-examples, spread over the values as the prior guess ``p``.

    ``p`` is None (uniform: 1/K for K values, 1/2 for a binary feature), one
    number (P(present) for a binary feature), or ``{value: p}`` (for a
    categorical model, ``{(feature, category): p}``).  Over one
    distribution's values the p_v must add up to 1, which the model checks.
    Its pseudo-counts are a_v = m p_v, and its estimate is always
    (n_v + m p_v) / (N + m), the posterior mean under Dirichlet(m p).
    """

    def __init__(self, m, p=None):
        self.m = check_pseudo_count("m", m)
        if p is None or isinstance(p, dict):
            self.p = None if p is None else check_pseudo_table("p", p, self.check_probability)
        else:
            self.p = self.check_probability("p", p)

    @staticmethod
    def check_probability(name, value):
        check_pseudo_count(name, value)
        if value > 1:
            raise ValueError(f"{name} must be a probability in [0, 1], not {value!r}")
        return value

    def prior_guess(self, value, n_values):
        """p_v: the guess for ``value`` among ``n_values`` values."""
        if self.p is None:
            return Fraction(1, n_values)
        if isinstance(self.p, dict):
            if value not in self.p:
                raise ValueError(
                    f"MEstimate's p gives no prior guess for {value!r}; give p for every value, "
                    "or p=None for the uniform guess 1/K"
                )
            return self.p[value]
        return self.p

    def pseudo_count(self, label, value, n_values):
        """a_v = m p_v; m / K for the uniform guess."""
        if self.p is None:
            return ratio(self.m, n_values)  # (exact for a whole m, and no Fraction arithmetic on the way)
        return self.prior_guess(value, n_values) * self.m

    def binary_pseudo_counts(self, label, feature):
        """(m p, m (1 - p)) with p the guess that ``feature`` is present; (m / 2, m / 2) for the uniform guess."""
        if self.p is None:
            half = ratio(self.m, 2)
            return half, half
        p = self.prior_guess(feature, 2)
        return p * self.m, self.m - p * self.m

    def theta(self, count, total, pseudo_count, pseudo_total, n_values):
        """(n_v + m p_v) / (N + m), with p_v = a_v / m (so a model passes the same pseudo-counts as for a Dirichlet)."""
        p = ratio(pseudo_count, self.m) if self.m else 0
        return m_estimate(count, total, self.m, p)


# -- how a model takes a prior: the checks it makes ---------------------------------


def check_smoothing_or_prior(alpha, model_name, kinds):
    """``alpha`` as a model keeps it: a number (checked as before), or a prior of one of ``kinds``; else a clear error.

    ``kinds`` are the prior classes the model can take (none for a model whose
    smoothing is no pseudo-count of a distribution over values).
    """
    if not isinstance(alpha, Prior):
        if kinds and hasattr(alpha, "__len__") and not isinstance(alpha, (str, bytes)):  # (scikit-learn takes an array)
            raise TypeError(
                f"alpha is a {type(alpha).__name__}; one pseudo-count per word or value is a prior here: "
                "alpha=Dirichlet(1, per_value={word: a, ...}) (docs/priors.md)"
            )
        return check_smoothing("alpha", alpha)
    if isinstance(alpha, kinds):
        return alpha
    if not kinds:
        raise TypeError(
            f"{model_name} takes a number as alpha, not the prior {alpha!r}; MultinomialNB, BernoulliNB and "
            "CategoricalNB take a prior as their smoothing"
        )
    named = " or ".join(kind.__name__ for kind in kinds)
    reason = " (a Beta prior is for binary features: BernoulliNB)" if isinstance(alpha, Beta) else ""
    raise TypeError(f"{model_name} takes a number or a {named} prior as alpha, not {alpha!r}{reason}")


def check_class_prior_kind(prior):
    """A prior given as ``class_prior``: a Dirichlet or an MEstimate over the classes (a Beta is for binary features)."""
    if not isinstance(prior, (Dirichlet, MEstimate)):
        raise TypeError(
            f"class_prior takes a Dirichlet or MEstimate prior over the classes, not {prior!r} "
            "(a Beta prior is for binary features); or give {label: P(c)}"
        )
    if isinstance(prior, Dirichlet) and prior.per_class is not None:
        raise ValueError(
            "class_prior=Dirichlet(...) gives one pseudo-count per class with per_value={label: b_c}; "
            "per_class has no meaning there"
        )
    return prior


def prior_pseudo_counts(prior, label, values, what):
    """[a_v for each of ``values``] in class ``label``: the pseudo-counts of one distribution, checked.

    An ``MEstimate`` whose p is given must add up to 1 over ``values`` (a
    clear error naming the sum, and ``what`` the values are, otherwise).
    """
    n_values = len(values)
    if isinstance(prior, MEstimate) and prior.p is None:  # the uniform guess: m / K for every value, worked out once
        return [prior.pseudo_count(label, None, n_values)] * n_values
    pseudo_counts = [prior.pseudo_count(label, value, n_values) for value in values]
    if isinstance(prior, MEstimate) and prior.p is not None and prior.m:
        total = sum(prior.prior_guess(value, n_values) for value in values)
        exact = all(isinstance(value, (int, Fraction)) for value in (prior.p.values() if isinstance(prior.p, dict) else [prior.p]))
        if (total != 1) if exact else not abs(total - 1) <= 1e-9:
            raise ValueError(
                f"MEstimate's p must add up to 1 over {what}, but it adds up to {total}; give p for every one "
                "of them (p for a value outside them is ignored), or p=None for the uniform guess"
            )
    return pseudo_counts


def check_prior_denominator(prior, total, pseudo_total, n_values, where):
    """A clear error if the estimate's denominator, N + A (or N + A - K for the MAP estimate), is not > 0."""
    denominator = total + pseudo_total - (n_values if prior.estimate == "map" else 0)
    if not denominator > 0:
        if prior.estimate == "map":
            raise ValueError(
                f"{where}: the MAP estimate's denominator N + A - K = {total} + {pseudo_total} - {n_values} is not > 0, "
                "so it has no mode to take; use pseudo-counts above 1, or the posterior mean (estimate='posterior mean')"
            )
        raise ValueError(
            f"{where} has no counts and {prior!r} adds no pseudo-counts, so the estimates are 0/0; "
            "give pseudo-counts > 0"
        )
