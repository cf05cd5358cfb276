"""Mutual information: how far a table of counts is from the product of its margins.

* I(A; B) = sum over a, b of P(a, b) log [P(a, b) / (P(a) P(b))] is 0 exactly
  when the table of A and B is the product of its margins (independence);
* I(A; B | C) = sum over c of P(c) I(A; B | C = c) is 0 exactly when the
  table of each class is such a product (conditional independence, the
  naive assumption, when C is the class).

Both are in nats and read only counts, so they sit in the core layer: the
independence tables (``naivebayes/inspect/independence.py``) measure features
with them, and tree-augmented naive Bayes (``naivebayes/naive_bayes/tree_augmented.py``)
chooses its tree with them.  The "Why naive" page derives them.

>>> conditional_mutual_information({0: {(0, 0): 1, (1, 1): 1}, 1: {(0, 1): 1, (1, 0): 1}})  # XOR: log 2
0.6931471805599453
"""

import math
from collections.abc import Mapping

from naivebayes.core.arithmetic import is_exact, log, ratio

__all__ = ["mutual_information", "conditional_mutual_information"]


# --8<-- [start:eq-mutual-information]
def mutual_information(pair_counts):
    """I(A; B) = sum_{a,b} P(a, b) log [P(a, b) / (P(a) P(b))], in nats, from {(a, b): n_ab}.

    With counts, P(a, b) / (P(a) P(b)) = n_ab N / (n_a n_b): an exact ratio,
    whose log is taken only when it is not exactly 1.

    Formula: docs/why-naive.md#eq-mutual-information
    """
    check_counts(pair_counts)
    n_a, n_b = {}, {}  # the margins n_a and n_b
    for (a, b), n in pair_counts.items():
        n_a[a] = n_a.get(a, 0) + n
        n_b[b] = n_b.get(b, 0) + n
    total = sum(pair_counts.values())  # N
    terms = []
    whole = all(type(n) is int for n in pair_counts.values())  # (the usual counts: no Fraction is made)
    for (a, b), n in pair_counts.items():
        if n == 0:
            continue  # 0 log 0 = 0
        joint, product = n * total, n_a[a] * n_b[b]  # P(a, b) / (P(a) P(b)) = joint / product, exact
        if joint == product:
            continue  # a cell that factorizes adds exactly 0
        if whole:
            common = math.gcd(joint, product)  # the ratio in lowest terms, as a Fraction would keep it
            terms.append(n / total * (math.log(joint // common) - math.log(product // common)))  # (int / int: exactly rounded)
        else:
            terms.append(share_of(n, total) * log(ratio(joint, product)))
    information = math.fsum(terms)
    return max(information, 0.0)  # never negative (Gibbs' inequality): below 0 is only rounding
# --8<-- [end:eq-mutual-information]


# --8<-- [start:eq-conditional-mutual-information]
def conditional_mutual_information(pair_counts_by_class):
    """I(A; B | C) = sum_c P(c) I(A; B | C = c), in nats, from label-major {c: {(a, b): n_abc}}.

    Formula: docs/why-naive.md#eq-conditional-mutual-information
    """
    check_counts(pair_counts_by_class, "pair_counts_by_class", by_class=True)
    class_totals = {c: sum(table.values()) for c, table in pair_counts_by_class.items()}  # n_c
    total = sum(class_totals.values())  # N
    terms = [
        share_of(class_totals[c], total) * mutual_information(table)  # P(c) I(A; B | C = c)
        for c, table in pair_counts_by_class.items()
        if class_totals[c]
    ]
    return math.fsum(terms)
# --8<-- [end:eq-conditional-mutual-information]


def share_of(part, whole):
    """part / whole as a float: int / int is exactly rounded, as float(Fraction(part, whole)) is, without a Fraction."""
    if type(part) is int and type(whole) is int:
        return part / whole
    return float(ratio(part, whole))


def check_counts(pair_counts, name="pair_counts", by_class=False):
    """A non-empty {(a, b): n} dict of whole numbers or Fractions >= 0 (``by_class``: {c: such a dict})."""
    if not (type(pair_counts) is dict or isinstance(pair_counts, Mapping)) or not pair_counts:
        shape = "{c: {(a, b): n_abc}}" if by_class else "{(a, b): n_ab}"
        raise ValueError(f"{name} has no counts; give a dict {shape} with at least one cell")
    if by_class:
        for c, table in pair_counts.items():
            check_counts(table, f"{name}[{c!r}]")
        return
    for cell, n in pair_counts.items():
        if type(n) is int and n >= 0:
            continue  # the usual count, decided quickly
        if isinstance(n, bool) or not is_exact(n) or n < 0:
            raise TypeError(
                f"{name}[{cell!r}] = {n!r}; counts must be whole numbers or Fractions (>= 0), so that "
                "a table that factorizes gives exactly 0"
            )
