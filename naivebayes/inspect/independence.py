"""How far two features are from independent, with and without the class: mutual information.

"Lecture #7: Naïve Bayes" assumes that the features are conditionally
independent given the class, p(x, y | z) = p(x | z) p(y | z), and warns that
this is not independence, p(x, y) = p(x) p(y).  Mutual information measures
how far a table is from each:

* I(A; B) = sum over a, b of P(a, b) log [P(a, b) / (P(a) P(b))] is 0 exactly
  when the table of A and B is the product of its margins (independence);
* I(A; B | C) = sum over c of P(c) I(A; B | C = c) is 0 exactly when the
  table of each class is such a product (conditional independence, the
  naive assumption, when C is the class).

Both are in nats (natural logarithms) and never negative.  The counts may be
whole numbers or exact Fractions; each term takes the log of an exact ratio
and a term whose ratio is exactly 1 adds exactly nothing, so a table that
factorizes gives exactly 0.0, not a rounding error such as 1e-17.

A common cause makes two features dependent that are independent given it;
here C is a fair coin, and given C, A and B are independent:

>>> by_class = {"c0": {(0, 0): 9, (0, 1): 3, (1, 0): 3, (1, 1): 1},
...             "c1": {(0, 0): 1, (0, 1): 3, (1, 0): 3, (1, 1): 9}}
>>> conditional_mutual_information(by_class)
0.0
>>> merged = {(0, 0): 10, (0, 1): 6, (1, 0): 6, (1, 1): 10}
>>> round(mutual_information(merged), 6)
0.031584

This module reads rows as plain dicts (or lists); it knows nothing about a
model.  ``independence_table`` measures every pair of features of a table,
and the list it returns prints (and shows in a notebook) as a table:

>>> rows = [{"a": 0, "b": 0, "c": 0}, {"a": 0, "b": 0, "c": 1}, {"a": 1, "b": 1, "c": 0}, {"a": 1, "b": 1, "c": 1}]
>>> independence_table(rows, ["x", "y", "x", "y"])  # b copies a, c is the class
A  B  I(A; B)  I(A; B | class)
-  -  -------  ---------------
a  b   0.6931           0.6931
a  c   0.0000           0.0000
b  c   0.0000           0.0000
"""

import itertools
from collections.abc import Mapping

from naivebayes.plumbing.checks import as_list, check_labels, is_missing
from naivebayes.plumbing.display import ShownAsTable
from naivebayes.core.information import conditional_mutual_information, mutual_information

__all__ = ["mutual_information", "conditional_mutual_information", "independence_table"]


def value_or_none(row, feature):
    """The value of ``feature`` in a dict or list row, or None when it is missing."""
    if type(row) is dict or type(row) is not list and isinstance(row, Mapping):
        value = row.get(feature)
    else:
        value = row[feature] if 0 <= feature < len(row) else None
    return None if is_missing(value) else value


def pair_counts(rows, a, b):
    """{(x_a, x_b): n}: how many rows have each pair of values (rows missing either are skipped)."""
    counts = {}
    for row in as_list("rows", rows, what="rows"):
        x_a, x_b = value_or_none(row, a), value_or_none(row, b)
        if x_a is not None and x_b is not None:
            counts[(x_a, x_b)] = counts.get((x_a, x_b), 0) + 1
    return counts


def pair_counts_by_class(rows, labels, a, b):
    """{c: {(x_a, x_b): n}}: the pair counts of each class (rows missing either value are skipped)."""
    rows = as_list("rows", rows, what="rows")
    labels = check_labels(labels, len(rows), name="labels", noun="row")
    counts = {}
    for row, label in zip(rows, labels):
        x_a, x_b = value_or_none(row, a), value_or_none(row, b)
        if x_a is not None and x_b is not None:
            table = counts.setdefault(label, {})
            table[(x_a, x_b)] = table.get((x_a, x_b), 0) + 1
    return counts


def value_label_counts(rows, labels, feature):
    """{(x, c): n}: a feature against the class, for I(X; C), how much the feature says about the class."""
    rows = as_list("rows", rows, what="rows")
    labels = check_labels(labels, len(rows), name="labels", noun="row")
    counts = {}
    for row, label in zip(rows, labels):
        x = value_or_none(row, feature)
        if x is not None:
            counts[(x, label)] = counts.get((x, label), 0) + 1
    return counts


def independence_table(rows, labels, features=None):
    """I(A; B) and I(A; B | class) for every pair of features, the largest I(A; B | class) first.

    Returns a list of plain dicts with the keys ``feature_a``, ``feature_b``,
    ``mutual_information``, ``conditional_mutual_information`` and
    ``n_rows`` (the rows where both are present).  A pair high in the list
    breaks the naive assumption: naive Bayes counts what the two say twice.
    The list prints as a table and shows as one in a notebook.
    """
    rows = as_list("rows", rows, what="rows")
    labels = check_labels(labels, len(rows), name="labels", noun="row")
    if features is None:
        features = {}  # every feature, in the order first seen (column numbers for list rows)
        for row in rows:
            features.update(dict.fromkeys(row if isinstance(row, Mapping) else range(len(row))))
    features = list(features)
    if len(features) < 2:
        raise ValueError(f"features {features} has fewer than two features; a pair needs at least two features")
    table = IndependenceTable()
    for a, b in itertools.combinations(features, 2):
        by_class = pair_counts_by_class(rows, labels, a, b)
        merged = {}  # the class summed out: the pair's own table
        for counts in by_class.values():
            for cell, n in counts.items():
                merged[cell] = merged.get(cell, 0) + n
        table.append(
            {
                "feature_a": a,
                "feature_b": b,
                "mutual_information": mutual_information(merged) if merged else 0.0,
                "conditional_mutual_information": conditional_mutual_information(by_class) if merged else 0.0,
                "n_rows": sum(merged.values()),
            }
        )
    table.sort(key=lambda row: -row["conditional_mutual_information"])  # stable: ties keep the pair order
    return table


class IndependenceTable(ShownAsTable, list):
    """The list of plain dicts ``independence_table`` returns, printed (and shown in a notebook) as a table."""

    align = "llrr"

    def rows(self, n=None, digits=4):
        """The first ``n`` pairs (all by default) as rows of strings; the first row is the header."""
        header = ["A", "B", "I(A; B)", "I(A; B | class)"]
        return [header] + [
            [
                str(row["feature_a"]),
                str(row["feature_b"]),
                f"{row['mutual_information']:.{digits}f}",
                f"{row['conditional_mutual_information']:.{digits}f}",
            ]
            for row in self[:n]
        ]


def format_independence_table(table, n=None, digits=4):
    """The first ``n`` rows of ``independence_table`` (all by default) as a Markdown table."""
    return IndependenceTable(table).to_markdown(n, digits)
