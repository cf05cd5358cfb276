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
the fast path prediction takes, which visits only the values close enough to
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

__all__ = [
    "quantile_type7",
    "bandwidth_nrd0",
    "kernel_log_density",
    "kernel_log_density_near",
    "sorted_points",
    "KERNEL_CUTOFF",
]

LOG_SQRT_TWO_PI = 0.5 * math.log(2 * math.pi)  # log sqrt(2 pi), phi's normalising constant
KERNEL_CUTOFF = 37.0  # a value whose term is below e^-37 (about 8.5e-17) times the largest term is skipped


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
    """([the distinct values, sorted], [how many times each occurs]) from {value: n}: what the fast path reads."""
    points = sorted(value_counts)
    return points, [value_counts[point] for point in points]


# --8<-- [start:eq-kernel-window]
def kernel_log_density_near(x, points, counts, n_values, bandwidth, cutoff=KERNEL_CUTOFF):
    """The same log p(x), from the values within sqrt(z_min^2 + 2 cutoff) bandwidths of x only.

    ``points`` are the distinct training values, sorted, ``counts`` how
    often each occurs (equal values share one term, times its count) and
    ``n_values`` their sum, n.  The
    nearest value is found by bisection; a value further out than the window
    has a term below e^-cutoff times the nearest one's, so leaving out all
    of them changes log p(x) by less than n e^-cutoff (about 2e-12 for
    n = 25,000 and the default cutoff 37).

    Formula: docs/kernel.md#eq-kernel-window
    """
    k = bisect_left(points, x)
    nearest = min(abs(x - points[j]) for j in (k - 1, k) if 0 <= j < len(points)) / bandwidth
    reach = math.sqrt(nearest * nearest + 2 * cutoff) * bandwidth  # the window's half-width
    first, last = bisect_left(points, x - reach), bisect_right(points, x + reach)
    shift = nearest * nearest  # z_min^2
    total = math.fsum(
        n * math.exp(-0.5 * (((x - point) / bandwidth) ** 2 - shift))
        for point, n in zip(points[first:last], counts[first:last])
    )
    return math.log(total) - 0.5 * shift - math.log(n_values * bandwidth) - LOG_SQRT_TWO_PI
# --8<-- [end:eq-kernel-window]
