"""The Beta distribution's cumulative probability and its inverse: how sure an estimate is.

Under a Beta(a, b) prior, a feature seen in n of N examples has the posterior
Beta(n + a, N - n + b).  Its cumulative probability is the regularized
incomplete beta function I_x(a, b); its inverse gives quantiles, and two
quantiles give an equal-tailed credible interval.  Under a Dirichlet prior
each theta_v is Beta(n_v + a_v, N + A - n_v - a_v) on its own, so the same
interval serves every count model.  docs/priors.md derives it.

* ``regularized_incomplete_beta(x, a, b)`` -- I_x(a, b), by the continued
  fraction of Numerical Recipes (``betacf``), two steps at a time;
* ``beta_quantile(q, a, b)`` -- the x with I_x(a, b) = q, by bisection over
  the floats, to the last bit;
* ``credible_interval(count, total, a, b, level=0.95)`` -- the equal-tailed
  interval of the posterior Beta(count + a, total - count + b).

>>> round(regularized_incomplete_beta(0.5, 2, 3), 12)  # 11/16: at least 2 successes in 4 tries at 1/2
0.6875
>>> round(beta_quantile(0.5, 3, 3), 12)
0.5
>>> low, high = credible_interval(3, 10, 1, 1)  # 3 of 10, uniform prior: posterior Beta(4, 8)
>>> round(low, 4), round(high, 4)
(0.1093, 0.6097)
"""

import math
import struct
from fractions import Fraction

__all__ = ["beta_continued_fraction", "regularized_incomplete_beta", "beta_quantile", "credible_interval"]

CONVERGED = 1e-15  # the continued fraction stops when a step changes it by less than this, relatively
STIRLING_FROM = 10.0  # a shape parameter at least this large takes Stirling's series, not math.lgamma
LARGEST_SHAPE = 1e10  # a shape parameter above this is refused: the continued fraction would take seconds
SMALLEST_SHAPE = 1e-300  # and one below this: 1 / a would overflow in the continued fraction's first step
ONE_BITS = struct.unpack("<q", struct.pack("<d", 1.0))[0]  # the float 1.0 as a whole number: the floats in [0, 1] are 0..this


def check_beta_shape(name, value):
    """A shape parameter of a Beta distribution: a number from SMALLEST_SHAPE to LARGEST_SHAPE, as a float (else a clear error)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise TypeError(f"{name} must be a number > 0 (a Beta shape parameter), not {value!r:.60}")
    if not value > 0 or value == math.inf:  # (NaN fails the first test; a huge int is compared, never made a float)
        raise ValueError(f"{name} must be a finite number > 0 (a Beta shape parameter), not {value!r:.60}")
    if value > LARGEST_SHAPE:
        raise ValueError(
            f"{name} is {value!r:.60}, above {LARGEST_SHAPE:.0e}: the continued fraction of I_x(a, b) takes about "
            f"sqrt({name}) steps near the mean, too long for a shape that large (its interval is narrower than "
            "1e-5 there, so a normal approximation with the Beta's mean and variance serves)"
        )
    if value < SMALLEST_SHAPE:
        raise ValueError(
            f"{name} is {value!r:.60}, below {SMALLEST_SHAPE:.0e}: so close to 0 the floats cannot hold "
            "I_x(a, b)'s terms; a Beta with so small a shape puts nearly all its weight at 0 or 1"
        )
    return float(value)


def check_probability_level(name, value, ends="[0, 1]"):
    """A number in [0, 1] (or in (0, 1) with ``ends="(0, 1)"``), as a float (else a clear error)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise TypeError(f"{name} must be a number in {ends}, not {value!r:.60}")
    inside = 0 < value < 1 if ends == "(0, 1)" else 0 <= value <= 1
    if not inside:
        raise ValueError(f"{name} must be a number in {ends}, not {value!r}")
    return float(value)


# --8<-- [start:eq-beta-continued-fraction]
def beta_continued_fraction(x, y, a, b):
    """The continued fraction F with I_x(a, b) = x^a y^b / B(a, b) * F, for x below (a + 1) / (a + b + 2); y = 1 - x.

    F = 1 / (beta_0 + alpha_1 / (beta_1 + alpha_2 / (beta_2 + ...))), with
    beta_0 = a (lambda + 1) / (a + 1), lambda = a - (a + b) x, and for n >= 1
    alpha_n = (a + n - 1)(a + b + n - 1) n (b - n) x^2 / (a + 2n - 1)^2,
    beta_n = n + n (b - n) x / (a + 2n - 1) + (a + n)(lambda + 1 + n (1 + y)) / (a + 2n + 1):
    Numerical Recipes' fraction taken two steps at a time, in DiDonato and
    Morris's form, where lambda is worked out without cancellation.  It is
    evaluated by the recurrence of its convergents top_n / bottom_n.

    Formula: docs/priors.md#eq-beta-continued-fraction
    """
    lam = a - (a + b) * x if x <= 0.5 else (a + b) * y - b  # 1 - x is exact only for x >= 1/2
    before_top, before_bottom, top, bottom = 0.0, 1.0, 1.0, a * (lam + 1) / (a + 1)
    value = top / bottom
    for n in range(1, 100 + 10 * int(math.sqrt(max(a, b)))):
        # (a + (n - 1), not a + n - 1: with a below 1e-16, a + 1 - 1 would be 0 and lose a altogether)
        alpha = (a + (n - 1)) * (a + b + (n - 1)) * n * (b - n) * x * x / (a + (2 * n - 1)) ** 2
        beta = n + n * (b - n) * x / (a + (2 * n - 1)) + (a + n) * (lam + 1 + n * (1 + y)) / (a + (2 * n + 1))
        before_top, top = top, alpha * before_top + beta * top
        before_bottom, bottom = bottom, alpha * before_bottom + beta * bottom
        last, value = value, top / bottom
        if abs(value - last) <= CONVERGED * value:
            return value
        before_top, before_bottom, top, bottom = before_top / bottom, before_bottom / bottom, value, 1.0  # rescaled
    raise ArithmeticError(f"the continued fraction of I_x(a, b) did not converge for x={x}, a={a}, b={b}")
# --8<-- [end:eq-beta-continued-fraction]


def log_ratio_less_linear(a, x, log_of_x, share):
    """a log(x / s) - a (x - s) / s for s = ``share``, which is never positive: a times -(t - log(1 + t)), t = x / s - 1.

    For small t the series t^2/2 - t^3/3 + ... keeps every digit (TOMS 708's
    rlog1); ``log_of_x`` is log x, passed in so that log(1 - x) can be taken
    as log1p(-x).
    """
    t = (x - share) / share
    if abs(t) >= 0.5:
        return a * (log_of_x - math.log(share)) - a * t
    total, power, k = 0.0, t * t, 2
    while True:  # t^2/2 - t^3/3 + t^4/4 - ...
        term = power / k
        total += term
        if abs(term) <= 1e-17 * abs(total):
            return -a * total
        power *= -t
        k += 1


def stirling_correction(z):
    """log Gamma(z) - [(z - 1/2) log z - z + log(2 pi) / 2], for z >= 10, from Stirling's series."""
    z2 = z * z
    return (1 / 12 - (1 / 360 - (1 / 1260 - (1 / 1680 - (1 / 1188 - (691 / 360360 - 1 / (156 * z2)) / z2)
                                             / z2) / z2) / z2) / z2) / z


def log_beta_front(x, a, b):
    """log[x^a (1 - x)^b / B(a, b)] for 0 < x < 1, kept accurate when a or b is large.

    With both a and b large, math.lgamma's answers (about a log a) cancel and
    lose digits; Stirling's series instead writes it as
    -a rlog1(d / a) - b rlog1(-d / b) + log(ab / (a + b)) / 2 - log(2 pi) / 2
    plus the series' small corrections, with d = (a + b) x - a.
    """
    if a >= STIRLING_FROM and b >= STIRLING_FROM:
        total = a + b
        return (log_ratio_less_linear(a, x, math.log(x), a / total)
                + log_ratio_less_linear(b, 1 - x, math.log1p(-x), b / total)
                + 0.5 * math.log(a / total * b) - 0.5 * math.log(2 * math.pi)
                - stirling_correction(a) - stirling_correction(b) + stirling_correction(total))
    if a >= STIRLING_FROM or b >= STIRLING_FROM:  # one large: log Gamma(L) - log Gamma(s + L) by Stirling
        small, large = (b, a) if a >= STIRLING_FROM else (a, b)
        gamma_ratio = (-(large - 0.5) * math.log1p(small / large) - small * math.log(small + large) + small
                       + stirling_correction(large) - stirling_correction(small + large))
        return a * math.log(x) + b * math.log1p(-x) - math.lgamma(small) - gamma_ratio
    return a * math.log(x) + b * math.log1p(-x) - math.lgamma(a) - math.lgamma(b) + math.lgamma(a + b)


# --8<-- [start:eq-regularized-incomplete-beta]
def regularized_incomplete_beta(x, a, b):
    """I_x(a, b) = x^a (1 - x)^b / B(a, b) times the continued fraction; 1 - I_(1-x)(b, a) past (a + 1) / (a + b + 2).

    The probability that a Beta(a, b) variable is at most x.  The continued
    fraction converges fast only below x = (a + 1) / (a + b + 2), so above it
    the symmetry I_x(a, b) = 1 - I_(1-x)(b, a) is used.

    Formula: docs/priors.md#eq-regularized-incomplete-beta
    """
    x = check_probability_level("x", x)
    a, b = check_beta_shape("a", a), check_beta_shape("b", b)
    if x == 0 or x == 1:
        return x
    front = math.exp(log_beta_front(x, a, b))
    if x < (a + 1) / (a + b + 2):
        return min(1.0, front * beta_continued_fraction(x, 1 - x, a, b))
    return max(0.0, 1 - front * beta_continued_fraction(1 - x, x, b, a))  # (rounding can take 1 - F a hair below 0)
# --8<-- [end:eq-regularized-incomplete-beta]


def float_of_bits(bits):
    """The float whose bit pattern is the whole number ``bits`` (0 is 0.0, ONE_BITS is 1.0)."""
    return struct.unpack("<d", struct.pack("<q", bits))[0]


# --8<-- [start:eq-beta-quantile]
def beta_quantile(q, a, b):
    """The smallest float x with I_x(a, b) >= q: the q-quantile of Beta(a, b), by bisection.

    The positive floats, read as whole numbers, keep their order, so the
    bisection halves the 2^62 floats of [0, 1] and ends on one float after 62
    steps: every bit is right (as far as I_x itself is), whatever a and b are.
    q = 0 gives 0 and q = 1 gives 1, exactly.

    Formula: docs/priors.md#eq-beta-quantile
    """
    q = check_probability_level("q", q)
    a, b = check_beta_shape("a", a), check_beta_shape("b", b)
    if q == 0 or q == 1:
        return q
    low, high = 0, ONE_BITS  # I at float_of_bits(low) is below q, at float_of_bits(high) it is not
    while high - low > 1:
        middle = (low + high) // 2
        if regularized_incomplete_beta(float_of_bits(middle), a, b) < q:
            low = middle
        else:
            high = middle
    return float_of_bits(high)
# --8<-- [end:eq-beta-quantile]


def posterior_shapes(count, total, a, b):
    """(count + a, total - count + b), the posterior's shapes, checked: numbers, 0 <= count <= total (else a clear error)."""
    for name, value in (("count", count), ("total", total), ("a", a), ("b", b)):
        if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
            raise TypeError(f"{name} must be a number (of examples or pseudo-counts), not {value!r:.60}")
    if not 0 <= count <= total:
        raise ValueError(f"count must be between 0 and total, not count={count!r:.60} of total={total!r:.60}")
    try:
        after, against = count + a, total - count + b
    except OverflowError:  # (a huge int or Fraction added to a float: far past LARGEST_SHAPE)
        raise ValueError(f"count, total, a and b must be at most {LARGEST_SHAPE:.0e}, not count={count!r:.60}, "
                         f"total={total!r:.60}, a={a!r:.60}, b={b!r:.60}") from None
    return check_beta_shape("count + a", after), check_beta_shape("total - count + b", against)


# --8<-- [start:eq-credible-interval]
def credible_interval(count, total, a, b, level=0.95):
    """(low, high): the equal-tailed ``level`` interval of the posterior Beta(count + a, total - count + b).

    ``count`` of ``total`` examples had the value; a and b are the prior's
    pseudo-counts for it and against it.  Each end leaves (1 - level) / 2
    of the posterior outside.

    Formula: docs/priors.md#eq-credible-interval
    """
    after, against = posterior_shapes(count, total, a, b)
    level = check_probability_level("level", level, ends="(0, 1)")
    tail = (1 - level) / 2
    return beta_quantile(tail, after, against), beta_quantile(1 - tail, after, against)
# --8<-- [end:eq-credible-interval]
