"""Mutual information and conditional mutual information, worked by hand.

A dependent 2 x 2 table, counts n_ab:

            b=0  b=1
    a=0      3    1      n_a = 4
    a=1      1    3      n_a = 4
    n_b      4    4      N = 8

I(A; B) = sum_ab P(a, b) log [P(a, b) / (P(a) P(b))]; P(a) = P(b) = 1/2, so
P(a) P(b) = 1/4 in every cell:

    cells 00 and 11: P = 3/8, ratio (3/8) / (1/4) = 3/2, term (3/8) log(3/2)
    cells 01 and 10: P = 1/8, ratio (1/8) / (1/4) = 1/2, term (1/8) log(1/2)
    I = (3/4) log(3/2) + (1/4) log(1/2)
      = (3/4) log 3 - (3/4) log 2 - (1/4) log 2
      = (3/4) log 3 - log 2 = 0.823959... - 0.693147... = 0.130812 nats

Conditional: class c0 holds the table above (8 rows), class c1 a table with
2 in every cell (8 rows), whose ratio is 1 everywhere, so I(A; B | C = c1) = 0:

    I(A; B | C) = sum_c P(c) I(A; B | C = c) = (1/2) 0.130812 + (1/2) 0 = 0.065406 nats

XOR: A and B fair coins, C = A xor B.  The four (a, b) pairs are equally
likely, so I(A; B) = 0; given C, B is a function of A: within each class two
cells of 1/2, each with ratio (1/2) / (1/2 * 1/2) = 2, so I(A; B | C = c) =
log 2, and I(A; B | C) = log 2.  Conditioning made them dependent.
"""

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from naivebayes.inspect.independence import (
    conditional_mutual_information,
    format_independence_table,
    independence_table,
    mutual_information,
    pair_counts,
    pair_counts_by_class,
    value_label_counts,
)

DEPENDENT = {(0, 0): 3, (0, 1): 1, (1, 0): 1, (1, 1): 3}
HAND_MI = 0.75 * math.log(3) - math.log(2)  # 0.130812...


def test_eq_mutual_information_on_a_table_worked_by_hand():
    assert round(HAND_MI, 6) == 0.130812
    assert mutual_information(DEPENDENT) == pytest.approx(HAND_MI, rel=1e-14)
    # the scale cancels: probabilities as exact Fractions give the same number
    as_fractions = {cell: Fraction(n, 8) for cell, n in DEPENDENT.items()}
    assert mutual_information(as_fractions) == pytest.approx(HAND_MI, rel=1e-14)
    # A = B: I(A; B) = H(A) = log 2
    assert mutual_information({(0, 0): 5, (1, 1): 5}) == pytest.approx(math.log(2), rel=1e-15)


def test_eq_mutual_information_of_an_independent_table_is_exactly_zero():
    # P(a, b) = P(a) P(b) with P(a) = (1/3, 2/3) and P(b) = (1/7, 2/7, 4/7): counts 1 2 4 / 2 4 8
    table = {(a, b): pa * pb for (a, pa), (b, pb) in product([(0, 1), (1, 2)], [("x", 1), ("y", 2), ("z", 4)])}
    value = mutual_information(table)
    assert value == 0.0 and math.copysign(1, value) == 1  # 0.0, not -0.0, nor 1e-17
    assert mutual_information({(0, 0): 7}) == 0.0


def test_eq_conditional_mutual_information_worked_by_hand():
    by_class = {"c0": DEPENDENT, "c1": {(0, 0): 2, (0, 1): 2, (1, 0): 2, (1, 1): 2}}
    assert conditional_mutual_information(by_class) == pytest.approx(HAND_MI / 2, rel=1e-14)
    assert round(conditional_mutual_information(by_class), 6) == 0.065406


def test_eq_conditional_mutual_information_is_exactly_zero_for_a_product_table():
    """Counts built as p(a | c) p(b | c) p(c) with exact fractions, then scaled to whole numbers."""
    p_c = {"c0": Fraction(1, 3), "c1": Fraction(2, 3)}
    p_a = {"c0": {0: Fraction(1, 4), 1: Fraction(3, 4)}, "c1": {0: Fraction(1, 2), 1: Fraction(1, 2)}}
    p_b = {"c0": {"x": Fraction(2, 5), "y": Fraction(3, 5)}, "c1": {"x": Fraction(1, 3), "y": Fraction(2, 3)}}
    p = {c: {(a, b): p_a[c][a] * p_b[c][b] * p_c[c] for a in (0, 1) for b in ("x", "y")} for c in p_c}
    scale = math.lcm(*(q.denominator for table in p.values() for q in table.values()))
    counts = {c: {cell: int(q * scale) for cell, q in table.items()} for c, table in p.items()}
    assert all(n == q * scale for c in p for cell, n in counts[c].items() for q in [p[c][cell]])
    value = conditional_mutual_information(counts)
    assert value == 0.0 and math.copysign(1, value) == 1
    assert conditional_mutual_information(p) == 0.0  # the Fractions themselves
    # ...yet A and B are not independent: sum out the class and they depend on each other.
    # P(a=0, b=x) = 1/30 + 1/9 = 13/90, but P(a=0) P(b=x) = (5/12)(16/45) = 4/27 = 13.33/90.
    merged = {}
    for table in counts.values():
        for cell, n in table.items():
            merged[cell] = merged.get(cell, 0) + n
    total = sum(merged.values())
    assert Fraction(merged[(0, "x")], total) == Fraction(13, 90)
    assert Fraction(merged[(0, "x")], total) != Fraction(5, 12) * Fraction(16, 45)
    assert mutual_information(merged) > 0


def test_conditional_independence_is_not_independence_xor():
    by_class = {0: {(0, 0): 1, (1, 1): 1}, 1: {(0, 1): 1, (1, 0): 1}}
    merged = {cell: n for table in by_class.values() for cell, n in table.items()}
    assert mutual_information(merged) == 0.0  # independent...
    assert conditional_mutual_information(by_class) == pytest.approx(math.log(2), rel=1e-15)  # ...but not given C


def test_counts_from_rows_skip_missing_values():
    rows = [{"a": 1, "b": "x"}, {"a": 1, "b": "x"}, {"a": 0, "b": None}, {"b": "y"}, {"a": 0, "b": "y"}]
    labels = ["p", "q", "p", "q", "q"]
    assert pair_counts(rows, "a", "b") == {(1, "x"): 2, (0, "y"): 1}
    assert pair_counts_by_class(rows, labels, "a", "b") == {"p": {(1, "x"): 1}, "q": {(1, "x"): 1, (0, "y"): 1}}
    assert value_label_counts(rows, labels, "a") == {(1, "p"): 1, (1, "q"): 1, (0, "p"): 1, (0, "q"): 1}
    assert pair_counts([[1, 2], [1, float("nan")]], 0, 1) == {(1, 2): 1}


def double_counted_rows():
    """x and its copy y, and a coin z; class p: x = a a a b, class q: x = a b b b."""
    xs = {"p": "aaab", "q": "abbb"}
    rows, labels = [], []
    for label, values in xs.items():
        for i, x in enumerate(values):
            rows.append({"x": x, "y": x.upper(), "z": i % 2})
            labels.append(label)
    return rows, labels


def test_the_pair_table_puts_a_copied_feature_first():
    """I(x; copy of x | C) = H(x | C) = H(1/4, 3/4) = log 4 - (3/4) log 3 = 0.562335 nats."""
    rows, labels = double_counted_rows()
    table = independence_table(rows, labels)
    assert [(row["feature_a"], row["feature_b"]) for row in table] == [("x", "y"), ("x", "z"), ("y", "z")]
    first = table[0]
    assert first["conditional_mutual_information"] == pytest.approx(math.log(4) - 0.75 * math.log(3), rel=1e-14)
    assert first["mutual_information"] == pytest.approx(math.log(2), rel=1e-14)  # x is a fair coin overall
    assert first["n_rows"] == 8
    # z: 0 1 0 1 in each class, x: a a a b / a b b b, so I(x; z | C) = 2 (1/2) [...]: worked out as below
    # class p: cells (a,0):2 (a,1):1 (b,1):1; n_a=3 n_b=1 n_0=2 n_1=2; terms (2/4)log(4/3) + (1/4)log(2/3) + (1/4)log 2
    p_term = 0.5 * math.log(4 / 3) + 0.25 * math.log(2 / 3) + 0.25 * math.log(2)
    assert table[1]["conditional_mutual_information"] == pytest.approx(p_term, rel=1e-12)  # class q mirrors p
    markdown = format_independence_table(table).splitlines()
    assert markdown[0] == "| A | B | I(A; B) | I(A; B \\| class) |"
    assert markdown[2] == "| x | y | 0.6931 | 0.5623 |"
    assert len(format_independence_table(table, n=1).splitlines()) == 3


def test_the_pair_table_rejects_a_bad_call():
    rows, labels = double_counted_rows()
    with pytest.raises(ValueError, match="8 rows but labels has 3 labels"):
        independence_table(rows, labels[:3])
    with pytest.raises(ValueError, match="at least two features"):
        independence_table(rows, labels, features=["x"])
    with pytest.raises(TypeError, match="whole numbers or Fractions"):
        mutual_information({(0, 0): 0.5, (1, 1): 0.5})
    with pytest.raises(ValueError, match="no counts"):
        mutual_information({})


@pytest.mark.parametrize("seed", range(5))
def test_mutual_information_matches_scikit_learn(seed):
    metrics = pytest.importorskip("sklearn.metrics")
    rng = random.Random(seed)
    a = [rng.choice("xyz") for _ in range(200)]
    b = [rng.choice("pq") if x != "x" else "p" for x in a]
    counts = pair_counts([{"a": x, "b": y} for x, y in zip(a, b)], "a", "b")
    assert mutual_information(counts) == pytest.approx(metrics.mutual_info_score(a, b), rel=1e-10)


@pytest.mark.parametrize("seed", range(5))
def test_conditional_mutual_information_is_the_textbook_triple_sum(seed):
    """sum_abc P(a,b,c) log [P(a,b,c) P(c) / (P(a,c) P(b,c))], summed the long way."""
    rng = random.Random(seed)
    triples = [(rng.choice("xy"), rng.choice("uvw"), rng.choice("pq")) for _ in range(300)]
    by_class = {}
    for a, b, c in triples:
        table = by_class.setdefault(c, {})
        table[(a, b)] = table.get((a, b), 0) + 1
    n = len(triples)
    n_abc = Counter(triples)
    n_c = Counter(c for _, _, c in triples)
    n_ac = Counter((a, c) for a, _, c in triples)
    n_bc = Counter((b, c) for _, b, c in triples)
    long_way = 0.0
    for (a, b, c), count in n_abc.items():
        long_way += count / n * math.log(count * n_c[c] / (n_ac[(a, c)] * n_bc[(b, c)]))
    assert conditional_mutual_information(by_class) == pytest.approx(long_way, rel=1e-10)
