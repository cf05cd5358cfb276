"""Tree-augmented naive Bayes: its formulas by hand, its tree by brute force, its predictions by counting.

The model's structure is also compared with Weka's BayesNet with the TAN
search (Debian's ``weka`` package), which skips cleanly when Weka is not
installed (and fails under --require-reference).
"""

import itertools
import math
from fractions import Fraction

import pytest

from naivebayes.core.information import conditional_mutual_information
from naivebayes.models.categorical import categorical_log_likelihood_rows
from naivebayes.models.tree_augmented import (
    add_pair_counts,
    maximum_spanning_tree,
    pair_weights,
    tan_likelihood,
    tan_log_likelihood_rows,
    tan_log_terms,
    tan_parameter_count,
    tree_parents,
)

FEATURES = ["A", "B", "C", "D"]
WEIGHTS = {("A", "B"): 0.5, ("A", "C"): 0.1, ("A", "D"): 0.2, ("B", "C"): 0.4, ("B", "D"): 0.05, ("C", "D"): 0.3}


def spanning_trees(features):
    """Every spanning tree of the complete graph, as a set of frozenset edges (brute force)."""
    edges = list(itertools.combinations(features, 2))
    for chosen in itertools.combinations(edges, len(features) - 1):
        joined = {feature: {feature} for feature in features}
        for a, b in chosen:
            if joined[a] is joined[b]:
                break  # a cycle
            merged = joined[a] | joined[b]
            for feature in merged:
                joined[feature] = merged
        else:
            yield chosen


# ---------------------------------------------------------------------------
# The formulas, by hand
# ---------------------------------------------------------------------------


def test_eq_tan_pair_count_by_hand():
    counts = {}
    add_pair_counts(counts, [("sunny", "hot"), ("sunny", "hot"), ("rain", "mild")])
    assert counts == {("sunny", "hot"): 2, ("rain", "mild"): 1}
    add_pair_counts(counts, [("rain", "mild")])
    assert counts == {("sunny", "hot"): 2, ("rain", "mild"): 2}


def test_eq_tan_spanning_tree_by_hand():
    # From A: B (0.5) beats D (0.2) and C (0.1); then C through B (0.4) beats D through A (0.2);
    # then D through C (0.3).  Total 1.2.
    edges = maximum_spanning_tree(FEATURES, WEIGHTS)
    assert edges == [("A", "B"), ("B", "C"), ("C", "D")]
    best = max(sum(WEIGHTS[edge] for edge in tree) for tree in spanning_trees(FEATURES))
    assert sum(WEIGHTS[tuple(sorted(edge))] for edge in edges) == pytest.approx(best) == pytest.approx(1.2)
    assert len(list(spanning_trees(FEATURES))) == 16  # Cayley: 4^(4-2)


def test_eq_tan_spanning_tree_from_another_root_is_the_same_tree():
    edges = maximum_spanning_tree(FEATURES, WEIGHTS, root="D")
    assert edges == [("D", "C"), ("C", "B"), ("B", "A")]
    assert {frozenset(edge) for edge in edges} == {frozenset(edge) for edge in maximum_spanning_tree(FEATURES, WEIGHTS)}


def test_eq_tan_spanning_tree_breaks_ties_by_feature_order():
    # Every weight 0: each new feature in turn, joined to the root, which joined the tree first.
    zeros = {pair: 0.0 for pair in itertools.combinations(FEATURES, 2)}
    assert maximum_spanning_tree(FEATURES, zeros) == [("A", "B"), ("A", "C"), ("A", "D")]
    # B-C and A-D tie at the top; from A, D is reachable first (A-D), and then C through D.
    tied = {**zeros, ("B", "C"): 1.0, ("A", "D"): 1.0, ("C", "D"): 0.5}
    assert maximum_spanning_tree(FEATURES, tied) == [("A", "D"), ("D", "C"), ("C", "B")]


def test_eq_tan_spanning_tree_is_the_heaviest_on_random_weights():
    import random

    generator = random.Random(4)
    features = list("abcde")
    for _ in range(50):
        weights = {pair: generator.random() for pair in itertools.combinations(features, 2)}
        edges = maximum_spanning_tree(features, weights)
        ours = sum(weights[tuple(sorted(edge))] for edge in edges)
        assert ours == pytest.approx(max(sum(weights[e] for e in tree) for tree in spanning_trees(features)))


def test_eq_tan_directed_tree_by_hand():
    assert tree_parents([("A", "B"), ("B", "C"), ("C", "D")]) == {"A": None, "B": "A", "C": "B", "D": "C"}
    assert tree_parents([("A", "B"), ("A", "C"), ("A", "D")]) == {"A": None, "B": "A", "C": "A", "D": "A"}
    assert tree_parents([], root="A") == {"A": None}  # one feature: naive Bayes


def test_eq_tan_lidstone_by_hand():
    # Feature x (values 0, 1) with parent p (values u, w).  Class c1 has the rows (u, 0) twice,
    # (u, 1) once and (w, 1) once; class c2 has (w, 0) once.  With alpha = 1:
    # P(x = 0 | c1, u) = (2 + 1) / (3 + 2) = 3/5, P(x = 1 | c1, w) = (1 + 1) / (1 + 2) = 2/3,
    # and c2 never saw u: (0 + 1) / (0 + 2) = 1/2.
    c1 = {("u", 0): 2, ("u", 1): 1, ("w", 1): 1}
    c2 = {("w", 0): 1}
    naive = categorical_log_likelihood_rows([{0: 2, 1: 2}, {0: 1}], [4, 1], [0, 1], 1)
    rows = tan_log_likelihood_rows([c1, c2], [0, 1], ["u", "w"], 1, naive)
    assert rows["u"][0] == pytest.approx((math.log(Fraction(3, 5)), math.log(Fraction(1, 2))))
    assert rows["w"][1] == pytest.approx((math.log(Fraction(2, 3)), math.log(Fraction(1, 3))))
    assert tan_likelihood(c1, 0, "u", 1, 2) == Fraction(3, 5)
    assert tan_likelihood(c1, 1, "w", 1, 2) == Fraction(2, 3)
    assert tan_likelihood(c2, 1, "u", 1, 2) == Fraction(1, 2)
    # alpha = 0: c2 never saw u, so 0/0; its naive term P(x | c2) = 1 for x = 0 stands in.
    naive_0 = categorical_log_likelihood_rows([{0: 2, 1: 2}, {0: 1}], [4, 1], [0, 1], 0)
    rows_0 = tan_log_likelihood_rows([c1, c2], [0, 1], ["u", "w"], 0, naive_0)
    assert rows_0["u"][0] == pytest.approx((math.log(Fraction(2, 3)), 0.0))
    assert rows_0["u"][1][1] == -math.inf
    assert tan_likelihood(c2, 0, "u", 0, 2) is None


def test_eq_tan_term_falls_back_to_the_naive_term():
    conditional = {"u": {0: (-1.0, -2.0), 1: (-3.0, -4.0)}}
    naive = {0: (-0.5, -0.6), 1: (-0.7, -0.8)}
    assert tan_log_terms(conditional, naive, 1, "u") == (-3.0, -4.0)  # the parent's value is known
    assert tan_log_terms(conditional, naive, 1, None) == (-0.7, -0.8)  # missing parent: P(x_i | c)
    assert tan_log_terms(conditional, naive, 1, "never seen") == (-0.7, -0.8)  # unseen parent value: the same
    assert tan_log_terms(None, naive, 0, None) == (-0.5, -0.6)  # the root
    assert tan_log_terms(conditional, naive, 7, "u") is None  # an unseen value of x_i: left out
    assert tan_log_terms(conditional, naive, 7, None) is None


def test_eq_tan_parameters_by_hand():
    # A (2 values, the root), B (3 values, parent A), C (2 values, parent B), 2 classes:
    # 2 [(2 - 1) + 2 (3 - 1) + 3 (2 - 1)] = 2 [1 + 4 + 3] = 16.
    n_values = {"A": 2, "B": 3, "C": 2}
    assert tan_parameter_count(n_values, {"A": None, "B": "A", "C": "B"}, 2) == 16
    # A star from A: 2 [1 + 2 * 2 + 2 * 1] = 14; with no parents at all it is naive Bayes's 2 (1 + 2 + 1) = 8.
    assert tan_parameter_count(n_values, {"A": None, "B": "A", "C": "A"}, 2) == 14
    assert tan_parameter_count(n_values, {"A": None, "B": None, "C": None}, 2) == 8


def test_pair_weights_are_conditional_mutual_information():
    counts = {
        "no": {("a", "b"): {(0, 0): 3, (1, 1): 1}, ("a", "c"): {(0, 0): 2, (0, 1): 2}, ("b", "c"): {}},
        "yes": {("a", "b"): {(0, 1): 2, (1, 0): 2}, ("a", "c"): {(1, 1): 4}},
    }
    weights = pair_weights(["a", "b", "c"], counts)
    assert weights[("a", "b")] == conditional_mutual_information(
        {"no": counts["no"][("a", "b")], "yes": counts["yes"][("a", "b")]}
    )
    assert weights[("a", "c")] == 0.0  # each class's table factorizes
    assert weights[("b", "c")] == 0.0  # no row has both
