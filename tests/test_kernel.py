"""Kernel densities: R's quantiles and bandwidth, the density by hand, the fast path against the exact sum.

The bandwidth is checked against the formula of R's bw.nrd0 written with
numpy (np.percentile's default "linear" method is R's type 7), and the
density against scipy's gaussian_kde given the same bandwidth; both skip
cleanly without numpy or scipy (and fail under --require-reference).
"""

import math
import random
from collections import Counter

import pytest

from naivebayes.models.kernel import (
    KERNEL_CUTOFF,
    bandwidth_nrd0,
    kernel_log_density,
    kernel_log_density_near,
    quantile_type7,
    sorted_points,
)

PHI_0 = 1 / math.sqrt(2 * math.pi)  # phi(0) = 0.398942...


def phi(z):
    return math.exp(-z * z / 2) / math.sqrt(2 * math.pi)


# ---------------------------------------------------------------------------
# The formulas, on numbers worked by hand
# ---------------------------------------------------------------------------


def test_eq_kernel_quantile_by_hand():
    # 1, 2, 3, 4: the lower quartile sits at index 1 + 3/4 = 1.75, between x_1 = 1 and x_2 = 2.
    assert quantile_type7([1, 2, 3, 4], 0.25) == 0.25 * 1 + 0.75 * 2 == 1.75
    assert quantile_type7([1, 2, 3, 4], 0.75) == 0.75 * 3 + 0.25 * 4 == 3.25
    assert quantile_type7([1, 2, 3, 4, 5], 0.25) == 2  # index 2 exactly: no interpolation
    assert quantile_type7([7], 0.75) == 7
    assert quantile_type7([1, 1, 1, 9], 0.5) == 1  # equal neighbours are not interpolated


def test_eq_kernel_bandwidth_by_hand():
    # 1..5: s = sqrt(10/4) = 1.5811, IQR = 4 - 2 = 2 and 2 / 1.34 = 1.4925 is the smaller.
    expected = 0.9 * (2 / 1.34) * 5 ** -0.2
    assert bandwidth_nrd0([1.0, 2.0, 3.0, 4.0, 5.0]) == pytest.approx(expected, rel=1e-15)
    assert round(expected, 6) == 0.973585


def test_eq_kernel_bandwidth_falls_back_as_r_does():
    # IQR = 0 but s > 0: min(s, 0) = 0, so R takes s = sqrt(67.5 / 5).
    assert bandwidth_nrd0([1, 1, 1, 1, 1, 10]) == pytest.approx(0.9 * math.sqrt(13.5) * 6 ** -0.2, rel=1e-15)
    # Every value 3: s = 0, so |x_1| = 3.
    assert bandwidth_nrd0([3.0, 3.0, 3.0, 3.0]) == pytest.approx(0.9 * 3 * 4 ** -0.2, rel=1e-15)
    assert bandwidth_nrd0([-2.5, -2.5]) == pytest.approx(0.9 * 2.5 * 2 ** -0.2, rel=1e-15)
    # Every value 0: 1.
    assert bandwidth_nrd0([0.0, 0.0, 0.0]) == pytest.approx(0.9 * 3 ** -0.2, rel=1e-15)


def test_eq_kernel_density_by_hand():
    # One value: phi(0) / h.
    assert math.exp(kernel_log_density(0.0, [0.0], 1.0)) == pytest.approx(PHI_0, rel=1e-15)
    assert math.exp(kernel_log_density(1.0, [1.0], 2.0)) == pytest.approx(PHI_0 / 2, rel=1e-15)
    # Halfway between 0 and 2 with h = 1: (phi(1) + phi(1)) / 2 = phi(1) = 0.241971.
    assert math.exp(kernel_log_density(1.0, [0.0, 2.0], 1.0)) == pytest.approx(phi(1), rel=1e-15)
    # 0 and 3, h = 2, at 1: (phi(1/2) + phi(1)) / (2 * 2).
    assert math.exp(kernel_log_density(1.0, [0.0, 3.0], 2.0)) == pytest.approx((phi(0.5) + phi(1)) / 4, rel=1e-15)


def test_eq_kernel_density_far_away_is_finite():
    # 100 bandwidths from the only value: phi(100) underflows to 0.0, its log does not.
    assert kernel_log_density(100.0, [0.0], 1.0) == pytest.approx(-5000 - 0.5 * math.log(2 * math.pi), rel=1e-15)
    assert kernel_log_density(-1e6, [0.0, 1.0], 0.5) > -math.inf


def test_eq_kernel_window_agrees_with_the_exact_sum():
    generator = random.Random(23)
    for trial in range(40):
        n = generator.randint(1, 400)
        values = [round(generator.gauss(0, 3), generator.randint(0, 3)) for _ in range(n)]
        bandwidth = bandwidth_nrd0(values) if n > 1 else 0.7
        points, counts = sorted_points(Counter(values))
        for x in [generator.uniform(-15, 15) for _ in range(10)] + [min(values) - 50, max(values) + 1e4] + values[:3]:
            exact = kernel_log_density(x, values, bandwidth)
            near = kernel_log_density_near(x, points, counts, n, bandwidth)
            assert near == pytest.approx(exact, rel=1e-12, abs=n * math.exp(-KERNEL_CUTOFF)), (trial, x)


def test_eq_kernel_window_skips_far_values():
    # Values at 0 and at 1000 bandwidths: from 0, the window holds only the first, and the
    # second's term exp(-500000) is 0 to every digit: the two agree exactly.
    points, counts = [0.0, 1000.0], [3, 1]
    assert kernel_log_density_near(0.0, points, counts, 4, 1.0) == kernel_log_density(0.0, [0.0] * 3 + [1000.0], 1.0)


# ---------------------------------------------------------------------------
# Against independent computations: numpy (R's formula) and scipy's gaussian_kde
# ---------------------------------------------------------------------------


def samples(seed, count=60):
    """Samples of many shapes: bell curves, ties, a constant, two humps, tiny and large scales."""
    generator = random.Random(seed)
    found = []
    for k in range(count):
        n = generator.randint(2, 300)
        kind = k % 5
        if kind == 0:
            values = [generator.gauss(10, 2) for _ in range(n)]
        elif kind == 1:
            values = [float(generator.randint(0, 6)) for _ in range(n)]  # many ties
        elif kind == 2:
            values = [generator.choice([-3.0, 5.0]) + generator.gauss(0, 0.3) for _ in range(n)]
        elif kind == 3:
            values = [generator.expovariate(1 / 50_000) for _ in range(n)]
        else:
            values = [1.5] * n if k % 2 else [1.5] * (n - 1) + [9.0]
        found.append(values)
    return found


def test_bandwidth_agrees_with_r_s_formula_in_numpy():
    np = pytest.importorskip("numpy")
    for values in samples(5):
        x = np.array(values)
        s = np.std(x, ddof=1)
        lo = min(s, (np.percentile(x, 75) - np.percentile(x, 25)) / 1.34)  # type 7 is numpy's "linear"
        if not lo:
            lo = s or abs(x[0]) or 1.0
        assert bandwidth_nrd0(values) == pytest.approx(0.9 * lo * len(x) ** -0.2, rel=1e-12)


def test_quantiles_agree_with_numpy_linear():
    np = pytest.importorskip("numpy")
    for values in samples(6):
        ordered = sorted(values)
        for p in (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0):
            assert quantile_type7(ordered, p) == pytest.approx(float(np.percentile(values, 100 * p)), rel=1e-13)


def test_density_agrees_with_scipy_gaussian_kde():
    np = pytest.importorskip("numpy")
    stats = pytest.importorskip("scipy.stats")
    for values in samples(7, count=30):
        if len(set(values)) < 2:
            continue  # gaussian_kde needs a spread to scale
        h = bandwidth_nrd0(values)
        kde = stats.gaussian_kde(values, bw_method=h / np.std(values, ddof=1))  # kernel sd = factor * s = h
        xs = np.linspace(min(values) - 2 * h, max(values) + 2 * h, 25)
        points, counts = sorted_points(Counter(values))
        for x, theirs in zip(xs, kde.evaluate(xs)):
            ours = math.exp(kernel_log_density_near(float(x), points, counts, len(values), h))
            assert ours == pytest.approx(float(theirs), rel=1e-9)
