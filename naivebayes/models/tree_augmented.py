"""Tree-augmented naive Bayes (TAN): each feature may depend on one other feature as well as the class.

Naive Bayes multiplies P(x_j | c) over the features, as if they were
independent given the class.  The full joint table assumes nothing and needs
a cell for every combination.  Friedman, Geiger and Goldszmidt ("Bayesian
Network Classifiers", Machine Learning 29, 1997) go one step from the naive
end: every feature but one (the root) gets one other feature as a parent,

    P(x | c) = P(x_root | c) * prod over the other features i of P(x_i | c, x_parent(i)),

and the parents are chosen as a tree that keeps as much of the dependence
between features as a tree can: the maximum spanning tree of the
conditional mutual information I(X_i; X_j | C) (Chow and Liu, 1968).

The steps, each a small function below and a section of docs/tree-augmented.md:

1. count every pair of features in every class (``add_pair_counts``);
2. weigh every pair with I(X_i; X_j | C) (``naivebayes.core.information``);
3. keep the heaviest tree (``maximum_spanning_tree``, Prim's algorithm) and
   point its edges away from the root (``tree_parents``);
4. estimate P(x_i = v | c, x_parent = u) with Lidstone smoothing
   (``tan_log_likelihood_rows``);
5. predict: each feature's term given its parent's value (``tan_log_terms``),
   added to log P(c) and normalised as in every model.

XOR, where naive Bayes cannot do better than a coin:

>>> pair_counts = {"different": {("a", "b"): {(0, 1): 1, (1, 0): 1}},
...                "same": {("a", "b"): {(0, 0): 1, (1, 1): 1}}}
>>> weights = pair_weights(["a", "b"], pair_counts)
>>> weights
{('a', 'b'): 0.6931471805599453}
>>> tree_parents(maximum_spanning_tree(["a", "b"], weights))
{'a': None, 'b': 'a'}
"""

from naivebayes.core.information import conditional_mutual_information
from naivebayes.models.categorical import categorical_likelihood, categorical_log_likelihood

__all__ = [
    "add_pair_counts",
    "pair_weights",
    "maximum_spanning_tree",
    "tree_parents",
    "tan_log_likelihood_rows",
    "tan_likelihood",
    "tan_log_terms",
    "tan_parameter_count",
    "oriented_pair_counts",
]


# --8<-- [start:eq-tan-pair-count]
def add_pair_counts(pair_counts, pairs):
    """n_{(i,j) u v c} += 1 for each pair of present values (x_i, x_j) = (u, v) in the class-c rows.

    ``pair_counts`` is the table ``pair_counts_[c][(i, j)]``, {(u, v): n};
    ``pairs`` are the (x_i, x_j) of the class's rows where both are present.

    Formula: docs/tree-augmented.md#eq-tan-pair-count
    """
    for pair in pairs:
        pair_counts[pair] = pair_counts.get(pair, 0) + 1
# --8<-- [end:eq-tan-pair-count]


def pair_weights(features, pair_counts):
    """{(i, j): I(X_i; X_j | C)} for every pair of ``features`` (i before j), from label-major pair counts.

    ``pair_counts[c][(i, j)]`` is {(u, v): n}, keyed by the pair in the order of
    ``features``.  A pair that no row has both values of weighs 0.0.
    """
    weights = {}
    for k, a in enumerate(features):
        for b in features[k + 1 :]:
            by_class = {}
            for label, tables in pair_counts.items():
                table = tables.get((a, b))
                if table and any(table.values()):
                    by_class[label] = table
            weights[(a, b)] = conditional_mutual_information(by_class) if by_class else 0.0
    return weights


# --8<-- [start:eq-tan-spanning-tree]
def maximum_spanning_tree(features, weights, root=None):
    """The tree over ``features`` with the largest total weight, grown by Prim's algorithm from ``root``.

    ``weights[(i, j)]`` is the weight of the edge between i and j (i before j in
    ``features``).  Start with the root alone (the first feature by default);
    then, until every feature is in the tree, add the heaviest edge from a
    feature in the tree to one outside it.  A tie goes to the edge whose new
    feature comes first in ``features``, then whose tree feature joined first.
    Returns the edges [(in the tree, new)] in the order they were added.

    Formula: docs/tree-augmented.md#eq-tan-spanning-tree
    """
    root = features[0] if root is None else root
    in_tree = [root]
    outside = [feature for feature in features if feature != root]
    position = {feature: k for k, feature in enumerate(features)}
    edges = []
    while outside:
        best = None  # (weight, tree feature, new feature)
        for new in outside:
            for old in in_tree:
                pair = (old, new) if position[old] < position[new] else (new, old)
                weight = weights[pair]  # I(X_old; X_new | C)
                if best is None or weight > best[0]:
                    best = (weight, old, new)
        _, old, new = best
        edges.append((old, new))
        in_tree.append(new)
        outside.remove(new)
    return edges
# --8<-- [end:eq-tan-spanning-tree]


# --8<-- [start:eq-tan-directed-tree]
def tree_parents(edges, root=None):
    """{feature: its parent} for a tree grown from its root: pa(new) = the tree feature it was joined to.

    ``edges`` are [(in the tree, new)] as ``maximum_spanning_tree`` returns
    them; every edge points away from the root, whose parent is None (only
    the class).

    Formula: docs/tree-augmented.md#eq-tan-directed-tree
    """
    root = edges[0][0] if root is None else root
    parents = {root: None}
    for old, new in edges:
        parents[new] = old  # the edge old -> new points away from the root
    return parents
# --8<-- [end:eq-tan-directed-tree]


def oriented_pair_counts(pair_counts, first, second, features):
    """{(x_first, x_second): n}: one class's counts of a pair, whichever order the table keeps it in."""
    if features.index(first) < features.index(second):
        return pair_counts.get((first, second), {})
    return {(u, v): n for (v, u), n in pair_counts.get((second, first), {}).items()}


# --8<-- [start:eq-tan-lidstone]
def tan_log_likelihood_rows(parent_counts, categories, parent_categories, alpha, naive_rows):
    """{u: {v: (log P(x_i = v | c, x_parent = u) for each class c)}}: feature i's table, a row per parent value.

    P(x_i = v | c, x_parent = u) = (n_{ivuc} + alpha) / (n_{iuc} + alpha K_i): the
    categorical estimate, counted only in the class-c rows whose parent has
    the value u.  ``parent_counts`` is [{(u, v): n_{ivuc}} for each class, in
    ``classes_`` order]; ``naive_rows`` is feature i's naive table
    {v: (log P(x_i = v | c))}, used for a class with no such rows when
    alpha = 0 (0/0: the estimate with one condition fewer).

    Formula: docs/tree-augmented.md#eq-tan-lidstone
    """
    n_categories = len(categories)  # K_i
    parent_totals = [parent_value_totals(counts) for counts in parent_counts]  # {u: n_{iuc}} per class
    table = {}
    for u in parent_categories:
        totals = [by_parent.get(u, 0) for by_parent in parent_totals]  # n_{iuc}
        table[u] = {
            v: tuple(
                categorical_log_likelihood(counts.get((u, v), 0), total, alpha, n_categories)  # n_{ivuc}, n_{iuc}
                if total + alpha * n_categories
                else naive_rows[v][k]
                for k, (counts, total) in enumerate(zip(parent_counts, totals))
            )
            for v in categories
        }
    return table
# --8<-- [end:eq-tan-lidstone]


def parent_value_totals(parent_counts):
    """{u: n_{iuc}}: the class's rows with x_parent = u and x_i present, from {(u, v): n_{ivuc}}."""
    totals = {}
    for (u, _), n in parent_counts.items():
        totals[u] = totals.get(u, 0) + n
    return totals


def tan_likelihood(parent_counts, value, parent_value, alpha, n_categories):
    """P(x_i = v | c, x_parent = u) for one class, exact with an int or Fraction alpha (None: 0/0, no estimate)."""
    total = sum(n for (u, _), n in parent_counts.items() if u == parent_value)  # n_{iuc}
    if total + alpha * n_categories == 0:
        return None
    return categorical_likelihood(parent_counts.get((parent_value, value), 0), total, alpha, n_categories)


# --8<-- [start:eq-tan-term]
def tan_log_terms(conditional_rows, naive_rows, value, parent_value):
    """log P(x_i = v | c, x_parent = u) for every class; log P(x_i = v | c) when the parent is missing or unseen.

    ``conditional_rows`` is feature i's table {u: {v: (log terms)}} (None for
    the root) and ``naive_rows`` its naive table {v: (log terms)}.  A parent
    value that is missing (None) or that training never saw says nothing, so
    the term falls back to the naive one, P(x_i | c) = sum over u of
    P(x_i | c, u) P(u | c).  None: x_i's own value was never seen, and it is
    left out of the product, as in naive Bayes.

    Formula: docs/tree-augmented.md#eq-tan-term
    """
    if conditional_rows is not None and parent_value is not None:
        row = conditional_rows.get(parent_value)
        if row is not None:
            return row.get(value)
    return naive_rows.get(value)
# --8<-- [end:eq-tan-term]


# --8<-- [start:eq-tan-parameters]
def tan_parameter_count(n_values, parents, n_classes):
    """k [sum over features i of K_parent(i) (K_i - 1)], with K_parent = 1 for the root: one table per parent value.

    ``n_values`` is {feature: K_i} and ``parents`` {feature: parent or None}.

    Formula: docs/tree-augmented.md#eq-tan-parameters
    """
    return n_classes * sum(
        (1 if parents[feature] is None else n_values[parents[feature]]) * (n - 1) for feature, n in n_values.items()
    )
# --8<-- [end:eq-tan-parameters]
