"""Two small helpers that let one formula serve both exact and float answers.

Every estimate in this library is a ratio of counts.  When the counts and the
smoothing constant are whole numbers (or ``Fraction`` values) the ratio is
returned as an exact ``fractions.Fraction``, so a hand calculation can be
checked with ``==``.  As soon as a float is involved (``alpha=1.0``, TF-IDF
weights) the same formula gives a float.

>>> ratio(6, 14)
Fraction(3, 7)
>>> ratio(6, 14.0)
0.42857142857142855
>>> log(0)
-inf
>>> round(log(Fraction(1, 10**400)), 6)  # far below the smallest float, yet finite
-921.034037
"""

import math
from fractions import Fraction
from numbers import Rational

__all__ = ["Fraction", "ratio", "log"]


def is_exact(*values):
    """True when every value is an ``int`` or a ``Fraction`` (no floats)."""
    for value in values:  # int, Fraction and float by their type (a debugger steps into no abstract class)
        kind = type(value)
        if kind is int or kind is Fraction or kind is bool:
            continue
        if kind is float or kind is str or not isinstance(value, Rational):  # (a numpy int registers as Rational)
            return False
    return True


def ratio(numerator, denominator):
    """``numerator / denominator``: a ``Fraction`` if both are exact, else a float.

    A zero denominator is a mistake in the caller's formula, so it raises
    ``ZeroDivisionError`` rather than inventing a value.
    """
    if type(numerator) is int and type(denominator) is int or is_exact(numerator, denominator):  # (ints: at a glance)
        return Fraction(numerator, denominator)
    return numerator / denominator


def log(value):
    """Natural logarithm with ``log(0) == -inf`` (probability zero, not an error).

    A ``Fraction`` is taken as ``log(numerator) - log(denominator)`` so that a
    tiny exact probability such as ``1/10**400`` does not underflow to 0.0 on
    the way.  Negative values are never probabilities and raise ``ValueError``.
    """
    if type(value) is float and value > 0:
        return math.log(value)  # the usual case, decided quickly
    if type(value) is Fraction and value.numerator > 0:  # (compared as whole numbers: a debugger stays in this file)
        return math.log(value.numerator) - math.log(value.denominator)
    if type(value) is int and value > 0:
        return math.log(value)
    if value == 0:
        return -math.inf
    if value < 0:
        raise ValueError(f"log of a negative number ({value}) is undefined")
    if isinstance(value, Fraction):
        return math.log(value.numerator) - math.log(value.denominator)
    return math.log(value)


def add_up(values):
    """The sum of ``values``: exact for ints and Fractions, else ``math.fsum`` (exactly rounded once)."""
    values = list(values)
    if is_exact(*values):
        return sum(values)
    return math.fsum(values)
