"""Kernel density naive Bayes: each class's density of a measurement is a sum of small bell curves.

A Gaussian feature assumes one bell curve per class; a histogram cuts the
line into bins.  A kernel density estimate puts a small bell curve (the
kernel, here the standard normal density phi) of width h (the bandwidth) on
every training value of the class and averages them:

    p(x_j | c) = 1 / (n_jc h_jc) * sum over the class-c training values x_i of phi((x_j - x_i) / h_jc)

It follows the shape of the data (two humps, a long tail) without bins.  The
bandwidth is Silverman's rule of thumb, exactly as R's ``bw.nrd0`` computes
it (R's ``density`` and its ``naivebayes`` package with ``usekernel = TRUE``
use the same rule), or a number you give.

The price: the model keeps every training value, and a prediction adds up
one term per training value of the class.  ``kernel_log_density`` is that
sum, the reference the docs page derives; ``kernel_log_density_near`` is
the same sum as prediction takes it, visiting only the values close enough to
matter (found with ``bisect`` in the sorted values) and agrees with the
reference to about 1e-12.  docs/kernel.md has the formulas and the costs.

>>> values = [1.0, 2.0, 3.0, 4.0, 5.0]
>>> h = bandwidth_nrd0(values)
>>> round(h, 6)  # R: bw.nrd0(1:5)
0.973585
>>> round(math.exp(kernel_log_density(3.0, values, h)), 6)
0.198543
"""

import math
from bisect import bisect_left, bisect_right

from naivebayes.plumbing.checks import LARGEST_FLOAT, is_number, shown_number
from naivebayes.naive_bayes.base import add_count
from naivebayes.naive_bayes.gaussian import check_measurement, plain_measurements
from naivebayes.naive_bayes.generative import cumulative_weights, draw_index, mixture_mean_variance
from naivebayes.naive_bayes.table_base import TableNaiveBayes

__all__ = [
    "KernelNB",
    "Kernel",
    "quantile_type7",
    "bandwidth_nrd0",
    "kernel_log_density",
    "kernel_log_density_near",
    "kernel_block_moments",
    "kernel_log_density_blocks",
    "kernel_draw",
]

LOG_SQRT_TWO_PI = 0.5 * math.log(2 * math.pi)  # log sqrt(2 pi), phi's normalising constant
KERNEL_CUTOFF = 37.0  # a value whose term is below e^-37 (about 8.5e-17) times the largest term is skipped
TAYLOR_TERMS = 24  # the terms of e^(t s) kept in each block's expansion (|t s| <= 4.8 where it is used)
CROWDED = 200  # a window with more distinct values than this is summed block by block, if x is near the data


# --8<-- [start:eq-kernel-quantile]
def quantile_type7(sorted_values, p):
    """The p-quantile as R's quantile(type = 7) computes it: (1 - h) x_[lo] + h x_[hi] at index 1 + (n - 1) p.

    ``sorted_values`` are x_[1] <= ... <= x_[n] (1-based, as in R); lo and hi
    are the index rounded down and up, and h = index - lo.  R interpolates
    only when h > 0 and the two neighbours differ, and so does this.

    Formula: docs/kernel.md#eq-kernel-quantile
    """
    n = len(sorted_values)
    index = 1 + (n - 1) * p  # 1-based, as in R
    lo, hi = math.floor(index), math.ceil(index)
    low_value, high_value = sorted_values[lo - 1], sorted_values[hi - 1]
    if index > lo and high_value != low_value:
        h = index - lo
        return (1 - h) * low_value + h * high_value
    return low_value
# --8<-- [end:eq-kernel-quantile]


# --8<-- [start:eq-kernel-bandwidth]
def bandwidth_nrd0(values):
    """h = 0.9 min(s, IQR / 1.34) n^(-1/5): Silverman's rule of thumb, as R's bw.nrd0 computes it.

    s is the sample standard deviation (divisor n - 1) and IQR the
    interquartile range of R's type-7 quantiles.  When min(s, IQR / 1.34) is
    0, R falls back to s, then to |x_1| (the first value), then to 1; so does
    this.  At least two values.

    Formula: docs/kernel.md#eq-kernel-bandwidth
    """
    n = len(values)
    mean = math.fsum(values) / n
    s = math.sqrt(math.fsum((value - mean) ** 2 for value in values) / (n - 1))  # sd(x)
    ordered = sorted(values)
    iqr = quantile_type7(ordered, 0.75) - quantile_type7(ordered, 0.25)  # IQR(x)
    spread = min(s, iqr / 1.34)  # lo
    if not spread:
        spread = s or abs(values[0]) or 1.0  # R's fallbacks, in R's order
    return 0.9 * spread * n ** -0.2
# --8<-- [end:eq-kernel-bandwidth]


# --8<-- [start:eq-kernel-density]
def kernel_log_density(x, values, bandwidth):
    """log p(x) = log[1 / (n h) sum_i phi((x - x_i) / h)], phi(z) = exp(-z^2 / 2) / sqrt(2 pi): every value's term.

    The terms are added after taking out the largest, exp(-z_min^2 / 2), so a
    value far from every training value still gets a finite log density
    (log-sum-exp), not log 0.

    Formula: docs/kernel.md#eq-kernel-density
    """
    squares = [((x - value) / bandwidth) ** 2 for value in values]  # z_i^2
    nearest = min(squares)  # z_min^2: the largest term is exp(-z_min^2 / 2)
    total = math.fsum(math.exp(-0.5 * (square - nearest)) for square in squares)
    return math.log(total) - 0.5 * nearest - math.log(len(values) * bandwidth) - LOG_SQRT_TWO_PI
# --8<-- [end:eq-kernel-density]


def sorted_points(value_counts):
    """([the distinct values, sorted], [how many times each occurs]) from {value: n}: what the sum over the near values reads."""
    points = sorted(value_counts)
    return points, [value_counts[point] for point in points]


# --8<-- [start:eq-kernel-window]
def kernel_log_density_near(x, points, counts, n_values, bandwidth, blocks=None, cutoff=KERNEL_CUTOFF):
    """The same log p(x), from the values within sqrt(z_min^2 + 2 cutoff) bandwidths of x only.

    ``points`` are the distinct training values, sorted, ``counts`` how
    often each occurs (equal values share one term, times its count) and
    ``n_values`` their sum, n.  The nearest value is found by bisection; a
    value further out than the window has a term below e^-cutoff times the
    nearest one's, so leaving out all of them changes log p(x) by less than
    n e^-cutoff (about 2e-12 for n = 25,000 and the default cutoff 37).  A
    crowded window near the data is added up block by block instead
    (``blocks``, see ``kernel_log_density_blocks``).

    Formula: docs/kernel.md#eq-kernel-window
    """
    k = bisect_left(points, x)
    nearest, j = min([(abs(x - points[j]) / bandwidth, j) for j in (k - 1, k) if 0 <= j < len(points)])  # z_min
    if nearest > 1e150:
        return -math.inf  # z_min^2 / 2 is beyond the largest float: a density of 0.0 even in logs
    reach = math.sqrt(nearest * nearest + 2 * cutoff) * bandwidth  # the window's half-width
    first, last = bisect_left(points, x - reach), bisect_right(points, x + reach)
    first, last = min(first, j), max(last, j + 1)  # (far out, x - reach may round past the nearest value)
    if blocks is not None and last - first > CROWDED and nearest <= 3:
        return kernel_log_density_blocks(x, blocks, n_values, bandwidth, reach)
    shift = nearest * nearest  # z_min^2
    distances = [abs(x - point) / bandwidth for point in points[first:last]]  # z_i, for the values in the window
    total = math.fsum([
        n * math.exp(-0.5 * (z - nearest) * (z + nearest)) for z, n in zip(distances, counts[first:last])
    ])  # z^2 - z_min^2 as (z - z_min)(z + z_min): exact 0 for the nearest value, even 1e20 bandwidths away
    return math.log(total) - 0.5 * shift - math.log(n_values * bandwidth) - LOG_SQRT_TWO_PI
# --8<-- [end:eq-kernel-window]


# --8<-- [start:eq-kernel-block-moments]
def kernel_block_moments(points, counts, bandwidth):
    """Blocks of width h with centres c_b, and M_bk = sum over the block's values of n_i e^(-s_i^2/2) s_i^k / k!.

    s_i = (x_i - c_b) / h lies in [-1/2, 1/2].  Worked out once, when
    training ends; ``kernel_log_density_blocks`` reads them.  Returns
    ([c_b], [[M_b0, ..., M_b(K-1)]]) with K = ``TAYLOR_TERMS``.

    Formula: docs/kernel.md#eq-kernel-block-moments
    """
    low = points[0]
    centres, moments = [], []
    for point, n in zip(points, counts):
        centre = low + (math.floor((point - low) / bandwidth) + 0.5) * bandwidth  # c_b
        if not centres or centres[-1] != centre:
            centres.append(centre)
            moments.append([0.0] * TAYLOR_TERMS)
        s = (point - centre) / bandwidth
        term, row = n * math.exp(-0.5 * s * s), moments[-1]
        for k in range(TAYLOR_TERMS):
            row[k] += term  # n_i e^(-s^2/2) s^k / k!
            term *= s / (k + 1)
    return centres, moments
# --8<-- [end:eq-kernel-block-moments]


# --8<-- [start:eq-kernel-blocks]
def kernel_log_density_blocks(x, blocks, n_values, bandwidth, reach):
    """log p(x) from the blocks within ``reach`` of x: sum_b e^(-t_b^2/2) sum_k t_b^k M_bk, t_b = (x - c_b) / h.

    Each value's term splits as e^(-(t - s)^2/2) = e^(-t^2/2) e^(t s) e^(-s^2/2),
    and e^(t s) is its Taylor series; the block's moments hold the rest.

    Formula: docs/kernel.md#eq-kernel-blocks
    """
    centres, moments = blocks
    half = 0.5 * bandwidth
    first, last = bisect_left(centres, x - reach - half), bisect_right(centres, x + reach + half)
    terms = []
    for centre, row in zip(centres[first:last], moments[first:last]):
        t = (x - centre) / bandwidth  # t_b
        series = 0.0
        for moment in reversed(row):  # Horner: sum_k t^k M_bk
            series = series * t + moment
        terms.append(math.exp(-0.5 * t * t) * series)
    return math.log(math.fsum(terms)) - math.log(n_values * bandwidth) - LOG_SQRT_TWO_PI
# --8<-- [end:eq-kernel-blocks]


# --8<-- [start:eq-kernel-sample]
def kernel_draw(generator, points, cumulative, bandwidth):
    """x = x_i + h z: a training value x_i drawn with its share of the class's values, plus h times z ~ N(0, 1).

    ``cumulative`` holds the running totals of the values' counts (see
    ``cumulative_weights``).  The density of such an x is the kernel density
    estimate itself: a mixture of n bell curves of width h, one per value.

    Formula: docs/kernel.md#eq-kernel-sample
    """
    centre = points[draw_index(generator.random(), cumulative)]  # x_i, with P(x_i) = n_i / n
    return centre + bandwidth * generator.gauss(0.0, 1.0)
# --8<-- [end:eq-kernel-sample]


def rule_of_thumb(feature, label, values):
    """``bandwidth_nrd0(values)``, or a clear error when the values are too large or too close together for it in floats."""
    try:
        bandwidth = bandwidth_nrd0(values)
    except OverflowError:
        bandwidth = math.inf
    if 0 < bandwidth < math.inf:
        return bandwidth
    if bandwidth <= 0:  # (rounding denormal values can even make it negative)
        problem = f"so close together that Silverman's bandwidth comes out as {bandwidth!r} (it must be > 0)"
        fix = "multiplying"
    else:
        problem = "too large for Silverman's bandwidth: its sums (of the values, and of their squared deviations) overflow a float"
        fix = "dividing"
    raise ValueError(
        f"feature {feature!r} in class {label!r} has values {problem}; rescale the feature, such as {fix} it "
        "by a power of ten, or give bandwidth=..."
    )


def expanded(points, counts):
    """Every training value as often as it occurs, sorted: the sample the bandwidth rule reads."""
    return [point for point, n in zip(points, counts) for _ in range(n)]


class Kernel:
    """The kernel density estimate of one feature, per class: the class's training values and a bandwidth.

    Count table ``kernel_counts_[c][j]`` = {value: how many class-c rows have it};
    lookup tables ``bandwidths_[c][j]`` (h_jc) and, in ``feature_lookups_[j]``,
    (one (points, counts, n, h) per class in ``classes_`` order, or None, and
    the reason when some class has no density).
    """

    name = "kernel"
    count_tables = {"kernel_counts_": {}}  # {label: {feature: {value: n}}}
    feature_tables = {}
    lookup_tables = {"bandwidths_": {}}  # {label: {feature: h_jc}}
    exact = False  # a sum of exponentials is not a ratio of counts
    holds = "density"  # what an explanation shows beside a term: the average of the kernels, not a probability
    leaves_unseen_out = False  # every value has a density

    @staticmethod
    def continue_from(model, previous):
        pass  # nothing: the bandwidths are worked out again from all the values

    @staticmethod
    def plain_values(model, feature, values):
        return plain_measurements(values)

    @staticmethod
    def check_value(model, feature, value, where, training):
        if type(value) is float and math.isfinite(value):
            return value  # the usual measurement, decided quickly
        return float(check_measurement(feature, value, where, "a kernel density"))

    @staticmethod
    def check_values(model, values, where):
        """One row's kernel values checked to predict: a finite float passes here, anything else goes to check_value."""
        for feature, value in values.items():
            if not (type(value) is float and math.isfinite(value)):  # the usual measurement needs no call
                values[feature] = Kernel.check_value(model, feature, value, where, training=False)
        return values

    @staticmethod
    def count(model, feature, values_by_label):
        for label, values in values_by_label.items():
            counts = {}
            for value in values:  # (a plain loop: no step per value)
                value = float(value)
                counts[value] = counts.get(value, 0) + 1
            model.kernel_counts_.setdefault(label, {})[feature] = counts

    @staticmethod
    def merge(merged, a, b, feature):
        for label in merged.class_counts_:
            counts = {}
            for model in (a, b):
                for value, n in model.kernel_counts_.get(label, {}).get(feature, {}).items():
                    add_count(counts, value, n)
            merged.kernel_counts_.setdefault(label, {})[feature] = counts

    @staticmethod
    def build_lookups(model, features):
        for feature in features:
            per_class, problem = [], None
            for label in model.classes_:
                points, counts = sorted_points(model.kernel_counts_.get(label, {}).get(feature, {}))
                n = sum(counts)
                if n == 0 or (n == 1 and model.bandwidth is None):
                    per_class.append(None)  # kept, and said when the density is needed: more rows may mend it
                    problem = problem or (
                        f"feature {feature!r} has {n} value{'' if n == 1 else 's'} in class {label!r}, and a "
                        "kernel density needs at least one value and a bandwidth (Silverman's rule needs two "
                        "values); train on more rows of the class, or give bandwidth=..."
                    )
                    continue
                bandwidth = float(model.bandwidth) if model.bandwidth is not None else rule_of_thumb(
                    feature, label, expanded(points, counts)
                )
                model.bandwidths_.setdefault(label, {})[feature] = bandwidth
                blocks = kernel_block_moments(points, counts, bandwidth) if len(points) > CROWDED else None
                per_class.append((points, counts, n, bandwidth, blocks))
            model.feature_lookups_[feature] = (tuple(per_class), problem)

    @staticmethod
    def check_densities(model, feature):
        """Raise the reason, if some class has no kernel density of this feature."""
        _, problem = model.feature_lookups_[feature]
        if problem is not None:
            raise ValueError(problem)

    @staticmethod
    def log_terms(model, feature, value):
        per_class, problem = model.feature_lookups_[feature]
        if problem is not None:
            raise ValueError(problem)
        terms = tuple([
            kernel_log_density_near(value, points, counts, n, bandwidth, blocks)  # log p(x_j | c)
            for points, counts, n, bandwidth, blocks in per_class
        ])
        if all(term == -math.inf for term in terms):
            raise ValueError(
                f"feature {feature!r} has the value {value!r}, so far from every class's training values that "
                "its log density is below the smallest float in every class; check the value (a mistake in its units?)"
            )
        return terms

    @staticmethod
    def likelihoods(model, feature, value):
        # (a density may be larger than the largest float, with a tiny bandwidth: shown as inf)
        return tuple(math.exp(term) if term < 709 else math.inf for term in Kernel.log_terms(model, feature, value))

    @staticmethod
    def draw(model, feature, label, generator):
        """A value drawn from the class's kernel density: a training value plus h z."""
        Kernel.check_densities(model, feature)
        per_class, _ = model.feature_lookups_[feature]
        points, counts, _, bandwidth, _ = per_class[model.classes_.index(label)]
        return kernel_draw(generator, points, cumulative_weights(counts), bandwidth)

    @staticmethod
    def predictive(model, feature, weights):
        """(the mean, {"mean": ..., "variance": ...}) of the mixture sum_c P(c | observed) p(x_j | c).

        Each class's kernel density has the mean of its values and their
        variance (divisor n) plus h^2, the kernel's own.
        """
        Kernel.check_densities(model, feature)
        per_class, _ = model.feature_lookups_[feature]
        means, variances = [], []
        for points, counts, n, bandwidth, _ in per_class:
            if bandwidth * bandwidth == math.inf:
                raise ValueError(
                    f"feature {feature!r} has the bandwidth {bandwidth:.4g}, whose square, the kernel's variance, is "
                    "beyond the largest float: impute it in smaller units (divide the values and the bandwidth by 1e100)"
                )
            mean = math.fsum(point * k for point, k in zip(points, counts)) / n
            means.append(mean)
            variances.append(math.fsum(k * (point - mean) ** 2 for point, k in zip(points, counts)) / n + bandwidth * bandwidth)
        mean, variance = mixture_mean_variance(weights, means, variances)
        return mean, {"mean": mean, "variance": variance}


class KernelNB(TableNaiveBayes):
    """Naive Bayes over measurements, each class's density a Gaussian kernel density estimate.

    Parameters
    ----------
    bandwidth : float, optional
        The kernel's width h, for every feature and class.  None (the
        default): Silverman's rule of thumb for each class and feature, as R's
        ``bw.nrd0`` computes it (``bandwidths_`` holds them).
    fit_prior, class_prior
        As for every model.

    Tables: ``kernel_counts_[c][j]`` ({value: n}, every training value of the
    class), ``feature_counts_[c][j]`` (n_jc), ``bandwidths_[c][j]`` (h_jc), and
    those of every tabular model.  A prediction adds one term per distinct
    training value near x (see ``kernel_log_density_near`` and docs/kernel.md).
    """

    model_name = "kernel density naive Bayes"
    distribution_kinds = {"kernel": Kernel}
    count_tables = {**TableNaiveBayes.count_tables, **Kernel.count_tables}
    class_tables = TableNaiveBayes.class_tables + tuple(Kernel.count_tables)
    lookup_tables = {**TableNaiveBayes.lookup_tables, **Kernel.lookup_tables}

    def __init__(self, bandwidth=None, fit_prior=True, class_prior=None):
        self.bandwidth = check_bandwidth(bandwidth)
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)


def check_bandwidth(bandwidth):
    """None (Silverman's rule, R's bw.nrd0) or a finite number > 0."""
    if bandwidth is None:
        return None
    if not is_number(bandwidth) or not 0 < bandwidth <= LARGEST_FLOAT:  # (NaN, inf and an int too large for a float fail)
        raise ValueError(
            f"bandwidth must be a number > 0 (the width of each bell curve, in the feature's units), or None "
            f"for Silverman's rule of thumb (R's bw.nrd0), not {shown_number(bandwidth):.60}"
        )
    return bandwidth
