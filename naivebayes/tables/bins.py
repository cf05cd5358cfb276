"""Cut a numeric feature into intervals: bin edges, the bin of a value, and the ``Discretizer``.

"Lecture #7: Naïve Bayes" handles a continuous feature by discretizing it and
then treating the intervals as categories.  The edges are learned from the
training values of the feature, all classes together:

* ``strategy="uniform"``: B bins of equal width between the smallest and the
  largest value;
* ``strategy="quantile"``: B bins holding about the same number of values
  (edges at the k/B quantiles; repeated edges are merged, so there may be fewer).

A value belongs to bin b when ``edges[b] <= value < edges[b + 1]``; the
largest training value belongs to the last bin, and a value outside the
training range to the nearest end bin.  A missing value (None or NaN) is left
out when learning the edges and left as it is when transforming; an infinite
value, or a number too large for a float, cannot be cut and is refused.  B is
at most ``MAX_BINS``, a million.

>>> edges = uniform_edges([4.3, 5.0, 7.9], 5)
>>> [round(edge, 2) for edge in edges]
[4.3, 5.02, 5.74, 6.46, 7.18, 7.9]
>>> bin_index(edges, 5.1), bin_index(edges, 7.9), bin_index(edges, 99)
(1, 4, 4)
>>> [interval_label(edges, b) for b in range(5)]
['< 5.02', '[5.02, 5.74)', '[5.74, 6.46)', '[6.46, 7.18)', '>= 7.18']

Whole numbers give float edges, worked out exactly and rounded once (each
whole number falls in the bin the exact edge gives it: see ``float_edges``);
``Fraction`` values give exact edges, for a hand calculation to check with ``==``:

>>> uniform_edges([1, 2, 4], 3)
[1.0, 2.0, 3.0, 4.0]
>>> uniform_edges([0, 1], 3)
[0.0, 0.3333333333333333, 0.6666666666666666, 1.0]
>>> uniform_edges([Fraction(0), Fraction(1)], 3)
[Fraction(0, 1), Fraction(1, 3), Fraction(2, 3), Fraction(1, 1)]
"""

import math
from bisect import bisect_right
from collections.abc import Mapping

from decimal import Decimal

from naivebayes.core.arithmetic import Fraction, ratio
from naivebayes.plumbing.checks import NotFittedError, check_choice, is_missing, is_number, plain_value, shown_number
from naivebayes.tables.rows import check_fits_float, check_rows, present_values

__all__ = [
    "Discretizer",
    "MAX_BINS",
    "bin_index",
    "interval_label",
    "quantile_edges",
    "uniform_edges",
]

STRATEGIES = ("uniform", "quantile")

# The most bins a feature may be cut into.  Each bin needs training values to
# estimate its probability, so a million bins need millions of rows, more than
# this pure-Python package is made for; a larger n_bins is a slip (2**70).
MAX_BINS = 10**6


def as_written(value):
    """(numerator, denominator): a number as the decimal that Python prints for it, 2.8 as (14, 5), in whole numbers.

    ``Decimal(repr(value))`` reads the printed decimal exactly (in C, so a
    debugger steps into no Fraction); an int or a Fraction is its own ratio.
    """
    if type(value) is float:
        return Decimal(repr(value)).as_integer_ratio()
    return value.as_integer_ratio() if type(value) is not int else (value, 1)


def between(low, high, share):
    """low + (high - low) * share, worked out in the decimals low and high print as, then rounded once to a float.

    ``share`` is (p, q), the ratio p/q of whole numbers; a/b + (c/d - a/b) p/q
    is (a d q + (c b - a d) p) / (b d q), whose int division is exactly rounded.
    """
    (a, b), (c, d), (p, q) = as_written(low), as_written(high), share
    return (a * d * q + (c * b - a * d) * p) / (b * d * q)


# Whole numbers get float edges while the largest of them in size, times B, is below this (see float_edges).
WHOLE_NUMBERS_BELOW = 2**52


def float_edges(values, n_bins):
    """True when the edges of ``values`` are floats (worked out exactly by ``between``, rounded once), False when exact.

    Floats give float edges; ``Fraction`` values (with ints, no float) give
    exact ``Fraction`` edges, for a student who wants to check a hand
    calculation with ``==``.  Whole numbers give float edges, so fitting and
    predicting compare an int with a float, in C, and never step into
    fractions.py; each int still falls in the bin the exact edge gives it:

    Every edge of whole numbers is low + (high - low) k / B (or, for a
    quantile, between two values r / B of the way), a whole number N divided
    by B.  The float edge f is that exact edge e rounded once.  An int x falls
    in the same bin by f as by e when f <= x exactly when e <= x:

    * an e that is a whole number below 2**53 is a float: f = e;
    * any other e lies at least 1/B from every whole number, and f lies
      within half a float's spacing of e, at most |e| / 2**53.  While
      |e| B < 2**52 that is less than 1/(2B): f stays on e's side of every
      whole number.  (And the spacing, below 1/B, keeps edges 1/B apart
      distinct floats: no bin shrinks to width 0.)

    Every edge lies between the smallest and the largest value, so whole
    numbers whose largest size M has M B < 2**52 (about 4.5e15 / B: 4.5e14
    for 10 bins, 4.5e9 for a million) get float edges.  Beyond that, a float
    edge could put a whole number in the neighbouring bin (floats are 2 or
    more apart above 2**53, and cannot even hold every whole number), so such
    a column keeps exact Fraction edges, as it always did: correct, slower,
    and stepping into fractions.py.  A float value, as always, is binned by
    the float edge: the float is the edge (a float within rounding of the
    exact k/B point may fall on the other side of it).
    """
    kinds = set(map(type, values))  # (in C: no step per value)
    if float in kinds:
        return True
    if Fraction in kinds:
        return False  # the student passed Fractions: exact edges
    largest = max(-min(values), max(values))  # M, the largest whole number in size
    return largest * n_bins < WHOLE_NUMBERS_BELOW


def uniform_edges(values, n_bins):
    """B + 1 edges, from min to max in steps of (max - min) / B: floats for ints and floats, exact for Fractions.

    The inner edges are worked out exactly, from the decimals the values
    print as, then rounded to the nearest float: 2.0 + (4.4 - 2.0) / 3 in
    float arithmetic is 2.8000000000000003, so a flower measured 2.8 would fall
    below the edge that a label prints as 2.8; worked out in decimals it is
    exactly the float 2.8.  Whole numbers give the floats of exact edges
    (1 + (4 - 1) / 3 is 2.0), and bin as the exact edges do (``float_edges``).
    """
    low, high = min(values), max(values)
    if low == high:  # a constant feature: one bin that holds every value
        return [float(low), float(high)] if float_edges(values, n_bins) else [low, high]
    if float_edges(values, n_bins):
        inner = [between(low, high, (k, n_bins)) for k in range(1, n_bins)]
        return [float(low)] + inner + [float(high)]  # (a whole number below 2**52 is a float exactly)
    width = ratio(high - low, n_bins)  # Fractions (or whole numbers too large for float edges): exact
    return [low] + [low + k * width for k in range(1, n_bins)] + [high]


def quantile_edges(values, n_bins):
    """The k/B quantiles for k = 0 .. B (linear interpolation, as numpy's default), repeats merged.

    Floats for ints and floats (interpolated as ``uniform_edges`` does), exact for Fractions.
    """
    ordered = sorted(values)
    last = len(ordered) - 1
    in_floats = float_edges(ordered, n_bins)
    edges = []
    for k in range(n_bins + 1):
        below, remainder = divmod(k * last, n_bins)  # the k/B quantile falls at k (n - 1) / B among the sorted values
        above = min(below + 1, last)
        low, high = ordered[below], ordered[above]
        if in_floats:  # between two values: interpolated in decimals, rounded once; at a value: that value as a float
            edge = between(low, high, (remainder, n_bins)) if remainder else float(low)
        else:  # Fractions (or whole numbers too large for float edges): exact
            edge = low + (high - low) * ratio(remainder, n_bins) if remainder else low
        if not edges or edge > edges[-1]:
            edges.append(edge)
    if len(edges) == 1:  # every value is the same
        edges.append(edges[0])
    return edges


def bin_counts(edges, values):
    """[n_b for each bin b]: how many of ``values`` fall in each bin, bin by ``bin_index``'s rule, a column at a time."""
    counts = [0] * (len(edges) - 1)
    last = len(edges) - 2
    for value in values:
        b = bisect_right(edges, value) - 1  # edges[b] <= value < edges[b + 1] (in C: no step per value)
        counts[min(max(b, 0), last)] += 1  # values beyond the ends go to the end bins
    return counts


def bin_index(edges, value):
    """The bin b with edges[b] <= value < edges[b + 1]; values beyond the ends go to the end bins."""
    b = bisect_right(edges, value) - 1
    return min(max(b, 0), len(edges) - 2)


def _format_edge(edge, digits=6):
    return f"{float(edge):.{digits}g}"


def _edge_digits(edges):
    """6 significant digits, or more if 6 would print two different edges alike (1000000.1 and 1000000.2)."""
    n_distinct = len(set(map(float, edges)))
    digits = 6
    while digits < 17 and len({_format_edge(edge, digits) for edge in edges}) < n_distinct:
        digits += 1
    return digits


def interval_label(edges, b, digits=None):
    """A readable name for bin b: '< 5.02' for the first, '[5.02, 5.74)' inside, '>= 7.18' for the last.

    ``digits`` is ``_edge_digits(edges)``, worked out here unless given
    (``interval_labels`` works it out once for every bin).
    """
    n_bins = len(edges) - 1
    if n_bins == 1:
        return "any value"
    if digits is None:
        digits = _edge_digits(edges)
    if b == 0:
        return f"< {_format_edge(edges[1], digits)}"
    if b == n_bins - 1:
        return f">= {_format_edge(edges[b], digits)}"
    return f"[{_format_edge(edges[b], digits)}, {_format_edge(edges[b + 1], digits)})"


def interval_labels(edges):
    """The label of every bin, in order: ``interval_label`` with the digits worked out once, not once per bin."""
    digits = _edge_digits(edges)
    return [interval_label(edges, b, digits) for b in range(len(edges) - 1)]


def all_numbers(values):
    """True when every value is a number (not a bool): a column of plain ints and floats at a glance, else value by value."""
    return set(map(type, values)) <= {int, float} or all(map(is_number, values))


def check_n_bins(n_bins):
    """A whole number of bins from 1 to ``MAX_BINS`` (a numpy int as the Python int it holds)."""
    n_bins = plain_value(n_bins)
    if isinstance(n_bins, bool) or not isinstance(n_bins, int) or n_bins < 1:
        raise ValueError(f"n_bins must be a whole number >= 1, not {shown_number(n_bins):.60}")
    if n_bins > MAX_BINS:
        raise ValueError(
            f"n_bins={shown_number(n_bins)} is more than 10**6 bins (MAX_BINS); each bin needs training values to "
            "estimate its probability, so use far fewer, such as 5 to 50"
        )
    return n_bins


def check_features(features):
    """None, or the names of the features to cut, as a list (any iterable of hashable names; not a string)."""
    if features is None:
        return None
    if isinstance(features, (str, bytes)) or not hasattr(features, "__iter__"):
        raise TypeError(
            f"features must be a list of feature names, such as ['length'] or [0, 2], not {features!r}"
        )
    features = list(features)
    for feature in features:
        try:
            hash(feature)
        except TypeError:
            raise TypeError(
                f"features must be a list of feature names, such as ['length'] or [0, 2]; {feature!r} "
                "cannot be a feature's name (a name is a string or a number)"
            ) from None
    return features


def check_cuttable(feature, value, where):
    """``value`` if it is a finite number that a float can hold, else a clear error."""
    check_fits_float(feature, value, where)
    if not math.isfinite(value):
        raise ValueError(
            f"{where}: feature {feature!r} has the value {value!r}; only finite numbers can be cut into "
            "intervals (None or NaN marks a missing value)"
        )
    return value


class Discretizer:
    """Turn numeric features into interval categories, such as ``"[5.02, 5.74)"``, for ``CategoricalNB``.

    ``fit`` learns the edges of each numeric feature (or of the ``features``
    named); ``transform`` replaces each value of those features by the label
    of its bin and leaves every other value, and missing values, as they are.
    ``categories_`` lists every label per feature, in order, ready for
    ``CategoricalNB(categories=discretizer.categories_)``.

    >>> rows = [{"length": 4.3, "colour": "red"}, {"length": 5.0, "colour": "blue"}, {"length": 7.9, "colour": "red"}]
    >>> discretizer = Discretizer(n_bins=3).fit(rows)
    >>> discretizer.transform(rows)
    [{'length': '< 5.5', 'colour': 'red'}, {'length': '< 5.5', 'colour': 'blue'}, {'length': '>= 6.7', 'colour': 'red'}]
    >>> discretizer.categories_
    {'length': ['< 5.5', '[5.5, 6.7)', '>= 6.7']}
    """

    def __init__(self, n_bins=5, strategy="uniform", features=None):
        self.n_bins = check_n_bins(n_bins)
        self.strategy = check_choice("strategy", strategy, STRATEGIES)
        self.features = check_features(features)
        self.edges_ = None  # {feature: [edges]}, set by fit
        self.categories_ = None  # {feature: [labels]}, set by fit

    def fit(self, X):
        """Learn the bin edges of each numeric feature from the rows ``X``; returns self.

        Everything is worked out first and set at the end, so a fit that
        fails leaves the Discretizer as it was.  The settings are checked
        again first, in case one was assigned since the Discretizer was made.
        """
        n_bins, strategy = check_n_bins(self.n_bins), check_choice("strategy", self.strategy, STRATEGIES)
        wanted = check_features(self.features)
        rows = check_rows(X)
        if not rows:
            raise ValueError("fit needs at least one row")
        columns, positions = {}, {}  # {feature: its present values}, {feature: the row number of each}
        for i, row in enumerate(rows):
            for feature, value in present_values(row, f"X[{i}]").items():
                columns.setdefault(feature, []).append(value)
                positions.setdefault(feature, []).append(i)
        if wanted is None:
            chosen = [feature for feature, values in columns.items() if all_numbers(values)]
        else:
            chosen = wanted
            for feature in chosen:
                if feature not in columns:
                    raise ValueError(f"feature {feature!r} has no values in the rows; check its name")
                wrong = next((value for value in columns[feature] if not is_number(value)), None)
                if wrong is not None:
                    raise ValueError(
                        f"feature {feature!r} has the value {wrong!r}; only numbers can be cut into intervals"
                    )
        for feature in chosen:
            for value, i in zip(columns[feature], positions[feature]):
                check_cuttable(feature, value, f"X[{i}]")
        edges_of = uniform_edges if strategy == "uniform" else quantile_edges
        edges = {feature: edges_of(columns[feature], n_bins) for feature in chosen}
        categories = {feature: interval_labels(feature_edges) for feature, feature_edges in edges.items()}
        self.n_bins, self.strategy, self.features = n_bins, strategy, wanted
        self.edges_, self.categories_ = edges, categories
        return self

    def transform(self, X):
        """The rows with each discretized feature's value replaced by its interval label."""
        if self.edges_ is None:
            raise NotFittedError("this Discretizer has not been fitted yet: call fit (or fit_transform) before transform")
        rows = check_rows(X)
        return [self._transform_row(row, f"X[{i}]") for i, row in enumerate(rows)]

    def fit_transform(self, X):
        """``fit(X)``, then ``transform(X)``; if either fails, the Discretizer is left as it was."""
        before = dict(vars(self))
        try:
            return self.fit(X).transform(X)
        except BaseException:
            vars(self).clear()
            vars(self).update(before)  # the edges and settings the Discretizer had before the call
            raise

    def _transform_row(self, row, where):
        present_values(row, where)  # checks the row's form
        items = row.items() if type(row) is dict or isinstance(row, Mapping) else enumerate(row)
        new = {}
        for feature, value in items:
            if feature in self.edges_ and not is_missing(value):
                if not is_number(value):
                    raise ValueError(f"{where}: feature {feature!r} has the value {value!r}, which is not a number")
                new[feature] = self.categories_[feature][bin_index(self.edges_[feature], value)]  # its label
            else:
                new[feature] = value
        return new if type(row) is dict or isinstance(row, Mapping) else [new[column] for column in range(len(row))]

    def __repr__(self):
        fitted = "not fitted" if self.edges_ is None else f"{len(self.edges_)} features"
        return f"Discretizer(n_bins={self.n_bins}, strategy={self.strategy!r}, {fitted})"

