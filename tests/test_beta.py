"""The Beta distribution's I_x(a, b), its quantiles and credible intervals (naivebayes/core/beta.py).

Checked against closed forms, against exact sums (for whole a and b,
I_x(a, b) is the chance of at least a successes in a + b - 1 trials), and
against scipy where scipy itself is accurate.  Where they disagree (b near a
million, x near 1 with a = b = 1/2), the exact sums side with this module.
"""

import itertools
import math
from decimal import Decimal, localcontext
from fractions import Fraction

import pytest

from naivebayes.core.beta import (
    beta_continued_fraction,
    beta_quantile,
    credible_interval,
    regularized_incomplete_beta,
)

I = regularized_incomplete_beta


def exact_incomplete_beta(x, a, b):
    """I_x(a, b) for whole a and b, to 50 digits: 1 - P(fewer than a successes in a + b - 1 trials of chance x)."""
    with localcontext() as context:
        context.prec = 60
        exact = Fraction(x)
        x_ = Decimal(exact.numerator) / Decimal(exact.denominator)
        n = a + b - 1
        if a <= b:  # fewer terms below a than from a up to n
            return float(1 - sum(Decimal(math.comb(n, j)) * x_ ** j * (1 - x_) ** (n - j) for j in range(a)))
        return float(sum(Decimal(math.comb(n, j)) * x_ ** j * (1 - x_) ** (n - j) for j in range(a, n + 1)))


def relative(got, expected):
    return abs(got - expected) / abs(expected)


# -- I_x(a, b) -------------------------------------------------------------------------------


def test_eq_regularized_incomplete_beta_on_hand_values():
    # Beta(2, 3): P(at least 2 successes of 4 at 1/2) = 11/16
    assert I(0.5, 2, 3) == pytest.approx(11 / 16, rel=1e-15)
    # Beta(1, 1) is uniform: I_x = x
    for x in (0.0, 1e-300, 0.1, 0.3, 0.5, 0.77, 1.0):
        assert I(x, 1, 1) == pytest.approx(x, rel=1e-13, abs=0)  # (x^1 by exp(log x): 1e-300's log is -690)
    # Beta(a, 1): I_x = x^a; Beta(1, b): I_x = 1 - (1 - x)^b
    for a, x in itertools.product((0.001, 0.5, 3, 250.5), (1e-8, 0.2, 0.6, 0.999)):
        if x ** a > 1e-300:  # (1e-8 ** 250.5 is below the smallest float)
            assert relative(I(x, a, 1), x ** a) < 1e-13
        assert relative(I(x, 1, a), -math.expm1(a * math.log1p(-x))) < 1e-13
    # symmetric shapes: half the mass below 1/2
    for a in (0.001, 0.5, 1, 7, 1e3, 1e6):
        assert I(0.5, a, a) == pytest.approx(0.5, rel=1e-13)
    # Beta(1/2, 1/2), the arcsine law: (2 / pi) asin(sqrt(x)), written 1 - (2 / pi) asin(sqrt(1 - x)) near 1
    for x in (1e-12, 0.01, 0.4):
        assert relative(I(x, 0.5, 0.5), 2 / math.pi * math.asin(math.sqrt(x))) < 1e-13
    for x in (0.9, 1 - 1e-12):  # (scipy 1.x's betainc is off by 3.5e-11 at the second)
        assert relative(I(x, 0.5, 0.5), 1 - 2 / math.pi * math.asin(math.sqrt(1 - x))) < 1e-13


def test_eq_regularized_incomplete_beta_ends_are_exact():
    assert I(0, 3, 4) == 0 and I(1, 3, 4) == 1
    assert I(Fraction(1, 2), 2, 2) == pytest.approx(0.5)


@pytest.mark.parametrize("a, b", [(1, 1), (2, 3), (30, 10**6), (10, 10**5), (3, 10**6), (500, 700), (10**5, 4)])
def test_eq_regularized_incomplete_beta_against_exact_binomial_sums(a, b):
    mean = a / (a + b)
    spread = math.sqrt(a * b / ((a + b) ** 2 * (a + b + 1)))
    for k in (-3, -1, -0.2, 0, 0.5, 2, 4):
        x = min(max(mean + k * spread, 1e-9), 1 - 1e-9)
        assert relative(I(x, a, b), exact_incomplete_beta(x, a, b)) < 1e-13, (x, a, b)


def test_eq_beta_continued_fraction_gives_the_hand_value():
    # I_x(a, b) = x^a (1 - x)^b / B(a, b) * F: with a = 2, b = 3, x = 1/4, B = 1/12, I = 67/256
    x, a, b = 0.25, 2, 3
    front = x ** a * (1 - x) ** b * 12
    assert front * beta_continued_fraction(x, 1 - x, a, b) == pytest.approx(67 / 256, rel=1e-15)


def test_the_continued_fraction_keeps_its_digits_near_one_with_a_huge_a():
    # x just below the switch point with a = a million: the form with lambda loses nothing here
    x, a = 0.9999980857884554, 10**6
    assert relative(I(x, a, 1), x ** a) < 1e-12
    assert relative(I(x, a, 2), exact_incomplete_beta(x, a, 2)) < 1e-12


SCIPY_SHAPES = [0.001, 0.01, 0.1, 0.5, 1, 2, 3.5, 9.9, 10, 30, 100, 1e3, 1e4]


def test_eq_regularized_incomplete_beta_against_scipy_on_a_grid():
    special = pytest.importorskip("scipy.special")
    worst = 0
    for a, b in itertools.product(SCIPY_SHAPES, SCIPY_SHAPES):
        mean = a / (a + b)
        spread = math.sqrt(a * b / ((a + b) ** 2 * (a + b + 1)))
        xs = {1e-100, 1e-10, 0.001, 0.1, 0.3, 0.5, 0.7, 0.9, 0.999}
        xs |= {min(max(mean + k * spread, 1e-12), 1 - 1e-9) for k in (-3, -1, 0, 0.3, 2)}
        for x in xs:
            expected = float(special.betainc(a, b, x))
            if expected < 1e-290:
                continue
            worst = max(worst, relative(I(x, a, b), expected))
    assert worst < 1e-11  # (the largest gap is where the shapes are 1e-3 and x is near 1: below 1e-11)


def test_regularized_incomplete_beta_is_monotone_in_x():
    for a, b in [(0.01, 0.01), (0.5, 3), (40, 2), (1e4, 1e4), (3, 1e6)]:
        values = [I(k / 500, a, b) for k in range(501)]
        assert all(low <= high for low, high in zip(values, values[1:]))
        assert values[0] == 0 and values[-1] == 1


def test_a_shape_below_1e_16_is_not_lost_in_the_continued_fraction():
    # Found by tests/fuzz/fuzz_public_api.py.  I_x(1, b) = 1 - (1 - x)^b exactly; with b tiny and x past the switch
    # point, the fraction runs with the tiny shape first, where a + n - 1 once rounded to n - 1 and lost it:
    # I_0.9(1, 1e-10) came out 30 times too large, and I_0.9(3, 1e-17) as -0.04.
    for b in (1e-5, 1e-8, 1e-10, 1e-12, 1e-17, 1e-100):
        exact = -math.expm1(b * math.log1p(-0.9))
        assert abs(I(0.9, 1, b) - exact) <= 1e-14 + 1e-9 * exact
        assert abs(I(0.1, b, 1) - (1 - exact)) <= 1e-14  # the same, by symmetry
    # I_x(3, b) = 1 - (1 - x)^b [1 + b x + b (b + 1) x^2 / 2] (a = 3 whole: the negative binomial sum ends there).
    # With b = 1e-8 it is about 1e-8, and 1 - F keeps it to 1e-6 relative; past that the answer is ~0 to 1e-13.
    b, x = 1e-8, 0.9
    exact = -math.expm1(b * math.log1p(-x)) - math.exp(b * math.log1p(-x)) * (b * x + b * (b + 1) * x * x / 2)
    assert relative(I(0.9, 3, b), exact) < 1e-6
    for b in (1e-17, 1e-150, 1e-300):
        assert 0 <= I(0.9, 3, b) <= 1e-12 and 1 - 1e-12 <= I(0.1, b, 3) <= 1


def test_shapes_past_what_the_floats_can_hold_are_refused_clearly():
    # Found by tests/fuzz/fuzz_public_api.py: 10**400 raised OverflowError, a = b = 1e20 took 36 s for one I_x
    # (the fraction needs about sqrt(a) steps near the mean), 1e300 overflowed, and 5e-324 did not converge.
    for shape in (10**400, Fraction(10**400, 3), 1e300, 1e20, 1e10 * (1 + 1e-15)):
        with pytest.raises(ValueError, match="above 1e[+]10"):
            I(0.5, shape, 1)
        with pytest.raises(ValueError, match="above 1e[+]10"):
            beta_quantile(0.5, 1, shape)
    for shape in (5e-324, 1e-310, 1e-301):
        with pytest.raises(ValueError, match="below 1e-300"):
            I(0.5, shape, shape)
    assert I(0.5, 1e10, 1e10) == pytest.approx(0.5, abs=1e-9) and I(0.5, 1e-300, 1e-300) == pytest.approx(0.5)
    with pytest.raises(ValueError, match="at most 1e[+]10"):
        credible_interval(10**400, 10**401, 1.0, 1)
    with pytest.raises(TypeError, match="count must be a number"):
        credible_interval("3", 10, 1, 1)
    with pytest.raises(TypeError, match="b must be a number"):
        credible_interval(3, 10, 1, None)


@pytest.mark.parametrize("call, error, phrase", [
    (lambda: I(0.5, 0, 1), ValueError, "a must be a finite number > 0"),
    (lambda: I(0.5, 1, -2), ValueError, "b must be a finite number > 0"),
    (lambda: I(0.5, math.inf, 1), ValueError, "finite"),
    (lambda: I(0.5, math.nan, 1), ValueError, "finite"),
    (lambda: I(1.5, 1, 1), ValueError, r"x must be a number in \[0, 1\]"),
    (lambda: I(-0.1, 1, 1), ValueError, r"x must be a number in \[0, 1\]"),
    (lambda: I("0.5", 1, 1), TypeError, "x must be a number"),
    (lambda: I(0.5, True, 1), TypeError, "a must be a number"),
    (lambda: beta_quantile(1.01, 2, 2), ValueError, r"q must be a number in \[0, 1\]"),
    (lambda: beta_quantile(-1e-9, 2, 2), ValueError, r"q must be a number in \[0, 1\]"),
    (lambda: beta_quantile(0.5, 0, 2), ValueError, "a must be"),
    (lambda: credible_interval(3, 2, 1, 1), ValueError, "count must be between 0 and total"),
    (lambda: credible_interval(-1, 2, 1, 1), ValueError, "count must be between 0 and total"),
    (lambda: credible_interval(1, 2, 1, 1, level=1), ValueError, r"level must be a number in \(0, 1\)"),
    (lambda: credible_interval(1, 2, 1, 1, level=0), ValueError, r"level must be a number in \(0, 1\)"),
    (lambda: credible_interval(0, 2, 0, 1), ValueError, "count \\+ a must be a finite number > 0"),
])
def test_bad_input_is_refused_with_what_to_do(call, error, phrase):
    with pytest.raises(error, match=phrase):
        call()


# -- quantiles -------------------------------------------------------------------------------


def test_eq_beta_quantile_of_beta_2_2_solves_the_cubic():
    # I_x(2, 2) = 3x^2 - 2x^3: at x = 1/4 it is 5/32, at 3/4 it is 27/32
    assert beta_quantile(0.5, 2, 2) == pytest.approx(0.5, rel=1e-15)  # (to I's last bit)
    assert beta_quantile(5 / 32, 2, 2) == pytest.approx(0.25, rel=1e-15)
    assert beta_quantile(27 / 32, 2, 2) == pytest.approx(0.75, rel=1e-15)
    for q in (0.01, 0.2, 0.9):
        x = beta_quantile(q, 2, 2)
        assert 3 * x * x - 2 * x ** 3 == pytest.approx(q, rel=1e-14)


def test_eq_beta_quantile_ends_and_closed_forms():
    assert beta_quantile(0, 3, 5) == 0.0 and beta_quantile(1, 3, 5) == 1.0
    assert beta_quantile(0.025, 1, 1) == pytest.approx(0.025, rel=1e-15)  # uniform: the quantile is q itself
    for a, q in itertools.product((0.01, 0.5, 4, 1000), (0.001, 0.3, 0.975)):
        assert relative(beta_quantile(q, a, 1), q ** (1 / a)) < 1e-11  # x^a = q (1/a magnifies I's last digit)


def test_beta_quantile_is_the_smallest_float_at_or_past_q():
    for q, a, b in [(0.025, 4, 8), (0.975, 4, 8), (0.3, 0.2, 0.7), (0.5, 1e4, 3)]:
        x = beta_quantile(q, a, b)
        assert I(x, a, b) >= q > I(math.nextafter(x, 0), a, b)


def test_beta_quantile_is_monotone_in_q():
    xs = [beta_quantile(k / 100, 0.7, 3) for k in range(101)]
    assert all(low < high for low, high in zip(xs, xs[1:]))


def test_eq_beta_quantile_against_scipy_on_a_grid():
    stats = pytest.importorskip("scipy.stats")
    shapes = [0.1, 0.5, 1, 2, 3.5, 10, 30, 100, 1e3, 1e4]
    for a, b in itertools.product(shapes, shapes):
        for q in (0.001, 0.025, 0.5, 0.975, 0.999):
            expected = float(stats.beta.ppf(q, a, b))
            if expected < 1e-300:
                continue
            assert relative(beta_quantile(q, a, b), expected) < 1e-12, (q, a, b)


# -- credible intervals ----------------------------------------------------------------------


def test_eq_credible_interval_of_3_in_10_under_a_uniform_prior():
    # posterior Beta(4, 8); its 2.5% and 97.5% points
    low, high = credible_interval(3, 10, 1, 1)
    assert I(low, 4, 8) == pytest.approx(0.025, rel=1e-13)
    assert I(high, 4, 8) == pytest.approx(0.975, rel=1e-13)
    assert (round(low, 4), round(high, 4)) == (0.1093, 0.6097)


def test_eq_credible_interval_with_no_data_is_the_prior_s():
    low, high = credible_interval(0, 0, 1, 1, level=0.5)
    assert (low, high) == pytest.approx((0.25, 0.75), rel=1e-15)  # uniform: the middle half


def test_eq_credible_interval_against_scipy():
    stats = pytest.importorskip("scipy.stats")
    for count, total, a, b, level in [(3, 10, 1, 1, 0.95), (0, 50, 0.5, 0.5, 0.9), (120, 121, 2, 2, 0.99),
                                      (7, 3000, 1, 1, 0.95), (0, 5, Fraction(1, 100), 1, 0.8)]:
        low, high = credible_interval(count, total, a, b, level)
        expected = stats.beta.interval(level, count + float(a), total - count + float(b))
        assert relative(low, expected[0]) < 1e-12 and relative(high, expected[1]) < 1e-12


def test_credible_intervals_narrow_as_the_counts_grow():
    widths = [credible_interval(n // 4, n, 1, 1)[1] - credible_interval(n // 4, n, 1, 1)[0] for n in (4, 40, 400, 4000)]
    assert all(wide > narrow for wide, narrow in zip(widths, widths[1:]))
    assert widths[-1] == pytest.approx(2 * 1.96 * math.sqrt(0.25 * 0.75 / 4000), rel=0.01)  # the normal's width
