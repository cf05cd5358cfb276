"""Gaussian naive Bayes: each feature is a measurement with a bell curve per class.

The blog post on naive Bayes with TensorFlow Probability models each iris
measurement x_j in class c as a normal distribution N(mu_jc, sigma_jc^2) and
derives its maximum likelihood estimates: the class's mean of the feature,
and the mean squared deviation from it.  Training keeps, per class c and
feature j (missing values skipped):

* ``n_jc`` -- the class-c rows in which feature j is present (``feature_counts_[c][j]``);
* ``mu_jc`` -- their mean (``means_[c][j]``);
* ``M_jc`` -- the sum of squared deviations from the mean (``squared_deviations_[c][j]``),
  from which ``variances_[c][j] = M_jc / (n_jc - ddof) + epsilon``.

``ddof=0`` divides by n, the maximum likelihood estimate the blog post
derives (and scikit-learn uses); ``ddof=1`` divides by n - 1, the sample
variance (R's ``e1071`` and River use it).  ``epsilon`` is scikit-learn's
variance floor: ``var_smoothing`` times the largest variance of any feature
over all training rows.  Means and squared deviations are floats (whole
numbers are summed exactly and divided once), and exact Fractions when the
inputs are Fractions.

Prediction adds log densities, computed in log space, so a value far out in
a tail gives a very negative but finite term, never a density of 0.0 and
then log 0.

>>> rows = [[1], [3], [10], [14]]
>>> model = GaussianNB(var_smoothing=0).fit(rows, ["a", "a", "b", "b"])
>>> model.means_, model.variances_
({'a': {0: 2.0}, 'b': {0: 12.0}}, {'a': {0: 1.0}, 'b': {0: 4.0}})
>>> model.predict([[5], [9]])
['a', 'b']
"""

import math

from naivebayes.core.arithmetic import is_exact, ratio
from naivebayes.plumbing.checks import LARGEST_FLOAT, check_smoothing, refuse_date
from naivebayes.naive_bayes.generative import mixture_mean_variance
from naivebayes.naive_bayes.table_base import TableNaiveBayes
from naivebayes.tables.rows import check_fits_float

__all__ = [
    "GaussianNB",
    "Gaussian",
    "gaussian_mean",
    "squared_deviations",
    "gaussian_variance",
    "variance_floor",
    "merge_gaussian_statistics",
    "gaussian_log_density",
    "gaussian_draw",
]

LOG_TWO_PI = math.log(2 * math.pi)


# --8<-- [start:eq-gaussian-mean]
def gaussian_mean(values):
    """mu_jc = (1 / n_jc) * sum of x_j over the class-c rows: the maximum likelihood mean.

    Whole numbers are added exactly and divided once (int / int is exactly
    rounded); floats are added by ``math.fsum``, exactly rounded; with a
    Fraction among them the mean is an exact Fraction.

    Formula: docs/gaussian.md#eq-gaussian-mean
    """
    kinds = set(map(type, values))
    if kinds == {int}:
        return sum(values) / len(values)
    if kinds <= {int, float}:
        return math.fsum(values) / len(values)
    if is_exact(*values):
        return ratio(sum(values), len(values))
    return math.fsum(values) / len(values)
# --8<-- [end:eq-gaussian-mean]


# --8<-- [start:eq-gaussian-squared-deviations]
def squared_deviations(values, mean):
    """M_jc = sum over the class-c rows of (x_j - mu_jc)^2.

    For whole numbers this is computed as (n sum(x^2) - (sum x)^2) / n, which
    is the same number (expand the square), exact in integers until the one
    division.  For floats it takes the two-pass form above: the one-pass form
    would subtract two large, nearly equal numbers.  Fractions give an exact
    Fraction.

    Formula: docs/gaussian.md#eq-gaussian-squared-deviations
    """
    kinds = set(map(type, values))
    if kinds == {int}:
        total = sum(values)
        return (len(values) * sum([value * value for value in values]) - total * total) / len(values)
    if kinds <= {int, float} or not is_exact(*values):
        return math.fsum([(value - mean) ** 2 for value in values])
    return sum([(value - mean) ** 2 for value in values])  # Fractions: exact
# --8<-- [end:eq-gaussian-squared-deviations]


# --8<-- [start:eq-gaussian-variance]
def gaussian_variance(squared_deviation, n, ddof):
    """sigma_jc^2 = M_jc / (n_jc - ddof): ddof = 0 is the maximum likelihood variance, 1 the sample variance.

    Formula: docs/gaussian.md#eq-gaussian-variance
    """
    return ratio(squared_deviation, n - ddof)
# --8<-- [end:eq-gaussian-variance]


# --8<-- [start:eq-gaussian-var-smoothing]
def variance_floor(var_smoothing, overall_variances):
    """epsilon = var_smoothing * max_j Var(x_j), the largest variance of any feature over all rows.

    Added to every sigma_jc^2, so no variance is 0 (a constant feature) or so
    small that its density towers over everything else.

    Formula: docs/gaussian.md#eq-gaussian-var-smoothing
    """
    if var_smoothing == 0:
        return 0  # an exact 0 keeps exact variances exact
    return var_smoothing * max(overall_variances)
# --8<-- [end:eq-gaussian-var-smoothing]


# --8<-- [start:eq-gaussian-merge]
def merge_gaussian_statistics(a, b):
    """(n, mu, M) of two groups together, from each group's (n, mu, M) (Chan, Golub and LeVeque, 1979).

    n = n_a + n_b;  delta = mu_b - mu_a;  mu = mu_a + delta n_b / n;
    M = M_a + M_b + delta^2 n_a n_b / n.  Exact for Fractions, and stable for
    floats, so ``partial_fit`` in pieces gives what one ``fit`` gives.

    Formula: docs/gaussian.md#eq-gaussian-merge
    """
    n_a, mean_a, squares_a = a
    n_b, mean_b, squares_b = b
    if n_a == 0:
        return b
    if n_b == 0:
        return a
    n = n_a + n_b
    delta = mean_b - mean_a
    if is_exact(mean_a, mean_b, squares_a, squares_b):  # Fractions: exact
        return n, mean_a + delta * ratio(n_b, n), squares_a + squares_b + delta * delta * ratio(n_a * n_b, n)
    mean = mean_a + delta * (n_b / n)
    squares = squares_a + squares_b + delta * delta * (n_a * n_b / n)
    return n, mean, squares
# --8<-- [end:eq-gaussian-merge]


# --8<-- [start:eq-gaussian-log-density]
def gaussian_log_density(x, mean, variance):
    """log N(x; mu, sigma^2) = -(1/2) log(2 pi sigma^2) - (x - mu)^2 / (2 sigma^2).

    Computed in log space: far from the mean this is a large negative number,
    where the density itself would underflow to 0.0.

    Formula: docs/gaussian.md#eq-gaussian-log-density
    """
    return -0.5 * (LOG_TWO_PI + math.log(variance)) - (x - mean) ** 2 / (2 * variance)
# --8<-- [end:eq-gaussian-log-density]


# --8<-- [start:eq-gaussian-sample]
def gaussian_draw(generator, mean, variance):
    """x = mu_jc + sigma_jc z, with z drawn from the standard normal N(0, 1): a draw from N(mu_jc, sigma_jc^2).

    Formula: docs/generative.md#eq-gaussian-sample
    """
    z = generator.gauss(0.0, 1.0)
    return mean + math.sqrt(variance) * z
# --8<-- [end:eq-gaussian-sample]


def standardized_log_density(x, mean, variance):
    """log N(x; mu, sigma^2) with z = (x - mu) / sigma squared, for an x whose (x - mu)^2 overflows a float.

    -inf when even z^2 / 2 is beyond the largest float: a density of 0.0.
    """
    z = (x - mean) / math.sqrt(variance)
    return -0.5 * (LOG_TWO_PI + math.log(variance)) - 0.5 * z * z


def plain_measurements(values):
    """True when every value is a plain int or float and none is infinite (checked in C)."""
    if not set(map(type, values)) <= {int, float}:
        return False
    try:
        return math.isfinite(math.fsum(values))
    except (OverflowError, ValueError):  # an int too large for a float, or inf + -inf: the slow check decides
        return False


def check_measurement(feature, value, where, kind):
    """``value`` if it is a finite number (int, float or Fraction; not a bool) that fits a float, else a clear error."""
    if type(value) is float and math.isfinite(value) or type(value) is int and abs(value) <= LARGEST_FLOAT:
        return value  # the usual case, decided quickly
    if isinstance(value, bool) or not (isinstance(value, (int, float)) or is_exact(value)):
        refuse_date(where, feature, value)
        raise ValueError(
            f"{where}: feature {feature!r} has the value {value!r}, but {kind} feature takes numbers; "
            f"for a feature of categories use CategoricalNB, or MixedNB with distributions="
            f"{{{feature!r}: 'categorical'}}"
        )
    check_fits_float(feature, value, where)
    if not math.isfinite(value):
        raise ValueError(f"{where}: feature {feature!r} has the value {value!r}; measurements must be finite")
    return value


def check_measurement_row(values, where, kind):
    """One row's measurements checked to predict: a finite float or int passes at a glance, any other goes to check_measurement."""
    for feature, value in values.items():
        if not (type(value) is float and math.isfinite(value) or type(value) is int and abs(value) <= LARGEST_FLOAT):
            values[feature] = check_measurement(feature, value, where, kind)
    return values


def is_finite_float(value):
    """True when ``value`` (a float, int or Fraction) becomes a finite float."""
    try:
        return math.isfinite(value)  # (this converts an int or a Fraction to a float)
    except OverflowError:
        return False


def too_large(feature, label):
    """The error for a feature whose squared deviations (in class ``label``, or in all: None) overflow a float."""
    where = "over all classes together" if label is None else f"in class {label!r}"
    fix = ", or pass var_smoothing=0 (the variance floor needs it)" if label is None else ""
    return ValueError(
        f"feature {feature!r} {where} has values too large for their squares to be finite floats: the "
        "variance sums squared deviations from the mean, and a float stops at about 1.8e308; rescale "
        f"the feature, such as dividing it by a power of ten or measuring it in larger units{fix}"
    )


class Gaussian:
    """The normal distribution of one feature, per class: a mean and a variance.

    Count tables ``means_[c][j]`` and ``squared_deviations_[c][j]`` (with
    ``feature_counts_[c][j]``, the statistics that partial_fit and merging
    combine); lookup tables ``variances_[c][j]``, ``epsilon_`` and, in
    ``feature_lookups_[j]``, the (mean, variance) pairs as floats, in
    ``classes_`` order.
    """

    name = "gaussian"
    count_tables = {"means_": {}, "squared_deviations_": {}}  # {label: {feature: mu_jc}}, {label: {feature: M_jc}}
    feature_tables = {}
    lookup_tables = {"variances_": {}, "epsilon_": 0}  # {label: {feature: sigma_jc^2 + epsilon}}; the variance floor
    exact = False  # a density with pi and exp is not a ratio of counts
    holds = "density"  # what an explanation shows beside a term: N(x; mu, sigma^2), not a probability
    leaves_unseen_out = False  # every value has a density

    @staticmethod
    def continue_from(model, previous):
        pass

    @staticmethod
    def plain_values(model, feature, values):
        return plain_measurements(values)

    @staticmethod
    def check_value(model, feature, value, where, training):
        return check_measurement(feature, value, where, "a Gaussian")

    @staticmethod
    def check_values(model, values, where):
        return check_measurement_row(values, where, "a Gaussian")

    @staticmethod
    def count(model, feature, values_by_label):
        for label, values in values_by_label.items():
            try:
                mean = gaussian_mean(values) if values else None
                squares = squared_deviations(values, mean) if values else None
            except OverflowError:  # a sum or a square beyond the largest float
                raise too_large(feature, label) from None
            model.means_.setdefault(label, {})[feature] = mean
            model.squared_deviations_.setdefault(label, {})[feature] = squares

    @staticmethod
    def statistics(model, label, feature):
        """(n_jc, mu_jc, M_jc) of one class and feature; (0, None, None) when it has none."""
        if label not in model.class_counts_:
            return 0, None, None
        return (  # (.get: a batch may hold no Gaussian feature at all, or none of this class's rows)
            model.feature_counts_.get(label, {}).get(feature, 0),
            model.means_.get(label, {}).get(feature),
            model.squared_deviations_.get(label, {}).get(feature),
        )

    @staticmethod
    def merge(merged, a, b, feature):
        for label in merged.class_counts_:
            _, mean, squares = merge_gaussian_statistics(
                Gaussian.statistics(a, label, feature), Gaussian.statistics(b, label, feature)
            )
            merged.means_.setdefault(label, {})[feature] = mean
            merged.squared_deviations_.setdefault(label, {})[feature] = squares

    @staticmethod
    def build_lookups(model, features):
        for feature in features:  # first each class's own statistics: merging batches may have overflowed them
            for label in model.classes_:
                n, mean, squares = Gaussian.statistics(model, label, feature)
                if n and not (is_finite_float(mean) and is_finite_float(squares)):
                    raise too_large(feature, label)
        overall = []  # each feature's variance over all training rows, all classes together
        for feature in features:
            together = (0, None, None)
            for label in model.classes_:
                together = merge_gaussian_statistics(together, Gaussian.statistics(model, label, feature))
            n, _, squares = together
            overall.append(gaussian_variance(squares, n, 0))
            if model.var_smoothing != 0 and not is_finite_float(overall[-1]):
                raise too_large(feature, None)
        epsilon = variance_floor(model.var_smoothing, overall)
        model.epsilon_ = epsilon
        for feature in features:
            pairs, problem = [], None
            for label in model.classes_:
                n, mean, squares = Gaussian.statistics(model, label, feature)
                variance, why = Gaussian.smoothed_variance(model, n, mean, squares, epsilon)
                if why is None and not is_finite_float(variance):  # M / (n - ddof) + epsilon, past the largest float
                    raise too_large(feature, label)
                model.variances_.setdefault(label, {})[feature] = variance
                if why is None:
                    pairs.append((float(mean), float(variance)))
                else:  # kept, and said when the density is needed: more rows may still mend it
                    pairs.append(None)
                    problem = problem or f"feature {feature!r} in class {label!r}: {why}"
            model.feature_lookups_[feature] = (tuple(pairs), problem)

    @staticmethod
    def smoothed_variance(model, n, mean, squares, epsilon):
        """(sigma_jc^2 + epsilon, None), or (None, why it cannot be a variance)."""
        if n == 0:
            return None, (
                "no training row of the class has this feature, so its mean is undefined; train on "
                "rows of the class that have it, or drop the feature"
            )
        if n - model.ddof <= 0:
            return None, (
                f"one value, and ddof={model.ddof} divides by n - {model.ddof} = 0; use ddof=0, "
                "or train on more rows of the class"
            )
        variance = gaussian_variance(squares, n, model.ddof) + epsilon
        if variance == 0:
            if model.var_smoothing == 0:
                floor, fix = "with var_smoothing=0 nothing is added", "use var_smoothing > 0 (the default is 1e-9)"
            else:  # epsilon is 0 too: every Gaussian feature has had one value so far (say, one row)
                floor, fix = "epsilon is 0 too, as every feature has had a single value so far", "train on more rows"
            return None, (
                f"every training value is {mean}, so the variance is 0, and {floor}; a density with "
                f"variance 0 is undefined: {fix}, or drop the feature"
            )
        return variance, None

    @staticmethod
    def log_terms(model, feature, value):
        pairs, problem = model.feature_lookups_[feature]
        if problem is not None:
            raise ValueError(problem)
        try:
            return tuple([gaussian_log_density(value, mean, variance) for mean, variance in pairs])
        except OverflowError:  # (x - mu)^2 is beyond the largest float, yet divided by sigma^2 it may not be
            terms = tuple(standardized_log_density(value, mean, variance) for mean, variance in pairs)
        if all(term == -math.inf for term in terms):
            raise ValueError(
                f"feature {feature!r} has the value {value!r}, so far from every class's mean that its log "
                "density is below the smallest float; check the value (a mistake in its units?)"
            )
        return terms  # a class with -inf has density 0.0 here; the others decide

    @staticmethod
    def likelihoods(model, feature, value):
        return tuple(math.exp(term) for term in Gaussian.log_terms(model, feature, value))

    @staticmethod
    def check_densities(model, feature):
        """Raise the reason, if some class's variance of this feature could not be worked out."""
        _, problem = model.feature_lookups_[feature]
        if problem is not None:
            raise ValueError(problem)

    @staticmethod
    def draw(model, feature, label, generator):
        """A value drawn from N(mu_jc, sigma_jc^2)."""
        Gaussian.check_densities(model, feature)
        mean, variance = model.means_[label][feature], model.variances_[label][feature]
        return gaussian_draw(generator, float(mean), float(variance))

    @staticmethod
    def predictive(model, feature, weights):
        """(the mean, {"mean": ..., "variance": ...}) of the mixture sum_c P(c | observed) N(mu_jc, sigma_jc^2)."""
        Gaussian.check_densities(model, feature)
        means = [model.means_[label][feature] for label in model.classes_]
        variances = [model.variances_[label][feature] for label in model.classes_]
        mean, variance = mixture_mean_variance(weights, means, variances)
        if not is_finite_float(variance):  # sum_c w_c (sigma_c^2 + mu_c^2) beyond the largest float
            raise ValueError(
                f"feature {feature!r} has values too large for the variance of the mixture (a sum of squared "
                "means) to be a finite float; rescale the feature, such as dividing it by a power of ten"
            )
        return mean, {"mean": mean, "variance": variance}


class GaussianNB(TableNaiveBayes):
    """Naive Bayes over measurements: one normal distribution per class and feature.

    Parameters
    ----------
    var_smoothing : float, default 1e-9
        epsilon = var_smoothing * (the largest variance of any feature over all
        training rows) is added to every variance, as in scikit-learn.  With 0,
        nothing is added; a variance of 0 is kept in training (more rows may
        mend it) and is a clear error when a prediction needs its density.
    ddof : 0 or 1, default 0
        Divide the squared deviations by n - ddof: 0 is the maximum likelihood
        estimate, 1 the sample variance (R's e1071).
    fit_prior, class_prior
        As for every model.
    """

    model_name = "Gaussian naive Bayes"
    distribution_kinds = {"gaussian": Gaussian}
    count_tables = {**TableNaiveBayes.count_tables, **Gaussian.count_tables}
    class_tables = TableNaiveBayes.class_tables + tuple(Gaussian.count_tables)
    lookup_tables = {**TableNaiveBayes.lookup_tables, **Gaussian.lookup_tables}

    def __init__(self, var_smoothing=1e-9, ddof=0, fit_prior=True, class_prior=None):
        self.var_smoothing = check_smoothing("var_smoothing", var_smoothing, hint="1e-9 is scikit-learn's default")
        self.ddof = check_ddof(ddof)
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)

    def linear_form(self, positive=None, negative=None):
        """Gaussian naive Bayes has no linear form: its log-odds is quadratic in x (docs/logistic-form.md)."""
        raise TypeError(NO_LINEAR_FORM)

    def softmax_form(self):
        """Gaussian naive Bayes has no softmax form: its scores are quadratic in x (docs/logistic-form.md)."""
        raise TypeError(NO_LINEAR_FORM)


# Why GaussianNB has no linear_form, when the text and categorical models do.
NO_LINEAR_FORM = (
    "Gaussian naive Bayes has no linear form: each feature adds -(x_j - mu_jc)^2 / (2 sigma_jc^2) to "
    "log P(x, c), and with a variance per class the x_j^2 terms do not cancel between two classes, so the "
    "log-odds is quadratic in x, not linear; GaussianDiscriminantAnalysis(covariance='shared') shares one "
    "covariance between the classes and has a linear form"
)


def check_ddof(ddof):
    """0 (divide by n) or 1 (divide by n - 1)."""
    if ddof not in (0, 1) or isinstance(ddof, bool) or not isinstance(ddof, int):
        raise ValueError(f"ddof must be 0 (maximum likelihood, divide by n) or 1 (sample variance), not {ddof!r}")
    return ddof
