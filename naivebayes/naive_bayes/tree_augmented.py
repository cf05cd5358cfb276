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

from naivebayes.core.priors import check_smoothing_or_prior
from naivebayes.plumbing.display import html_table, markdown_table, text_table
from naivebayes.core.information import conditional_mutual_information
from naivebayes.naive_bayes.base import TABLES_LOCK, Term, add_count, peek, plural
from naivebayes.naive_bayes.categorical import (
    Categorical,
    categorical_likelihood,
    categorical_log_likelihood,
    check_categories,
)
from naivebayes.naive_bayes.generative import cumulative_weights, draw_index
from naivebayes.naive_bayes.table_base import TableNaiveBayes, check_unseen
from naivebayes.tables.rows import present_rows

TIE = 1e-12  # nats: two pair weights closer than this are equal (rounding), and feature order decides

__all__ = [
    "TreeAugmentedNB",
    "add_pair_counts",
    "maximum_spanning_tree",
    "tree_parents",
    "tan_log_likelihood_rows",
    "tan_log_terms",
    "tan_parameter_count",
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
    feature comes first in ``features``, then whose tree feature joined first;
    weights within ``TIE`` (1e-12 nats) of each other are a tie, since equal
    real numbers can come out as floats a last bit apart.  Returns the edges
    [(in the tree, new)] in the order they were added.

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
                if best is None or weight > best[0] + TIE:
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
    total = 0  # n_{iuc}
    for (u, _), n in parent_counts.items():
        if u == parent_value:
            total += n
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


class TreeStructure(list):
    """The tree of a ``TreeAugmentedNB``: a list of (feature, parent, I(feature; parent | class)), root first.

    A plain list a student can index; it prints, and shows in a notebook, as
    a table of the features with their parents (the root's parent is only
    the class).
    """

    header = ["feature", "parent", "I(feature; parent | class)"]

    def rows(self):
        return [
            [str(feature), "(class only)" if parent is None else str(parent), "" if weight is None else f"{weight:.4f}"]
            for feature, parent, weight in self
        ]

    def __str__(self):
        return text_table(self.header, self.rows(), title="tree: each feature with its parent (and the class)")

    __repr__ = __str__

    def to_markdown(self):
        return markdown_table(self.header, self.rows())

    def _repr_html_(self):
        return html_table(self.header, self.rows(), title="tree: each feature with its parent (and the class)")


class TreeAugmentedNB(TableNaiveBayes):
    """Tree-augmented naive Bayes (Friedman, Geiger and Goldszmidt, 1997) over categorical features.

    Each feature but the root has one other feature as a parent besides the
    class, chosen as the maximum spanning tree of I(X_i; X_j | C):
    P(x | c) = P(x_root | c) prod_i P(x_i | c, x_parent(i)).

    Parameters
    ----------
    alpha : int, Fraction or float, default 1
        Pseudo-rows per value in every table, P(x_i | c) and P(x_i | c, u)
        alike: 1 is Laplace smoothing, 0 the maximum likelihood estimate.
        With an int or a Fraction every probability is an exact Fraction.
    root : optional
        The feature the tree grows from (the first feature by default).
    fit_prior, class_prior, unseen, categories
        As for ``CategoricalNB``.

    Tables: ``pair_counts_[c][(i, j)]`` ({(x_i, x_j): n}, every pair of features,
    i before j in ``features_``), those of ``CategoricalNB`` (``value_counts_``,
    ``feature_counts_``, ``categories_``), and, built when training ends,
    ``pair_weights_`` (I(X_i; X_j | C)), ``parents_``, ``tree_`` (the tree as a
    table) and ``tree_lookups_[i]`` ({u: {v: (log P(x_i = v | c, u) per class)}}).

    A missing value is left out of the product, as in naive Bayes; a feature
    whose parent is missing (or has a value training never saw) falls back to
    its naive term P(x_i | c).
    """

    model_name = "tree-augmented naive Bayes"
    distribution_kinds = {"categorical": Categorical}
    count_tables = {**TableNaiveBayes.count_tables, **Categorical.count_tables, "pair_counts_": {}}
    class_tables = TableNaiveBayes.class_tables + tuple(Categorical.count_tables) + ("pair_counts_",)
    lookup_tables = {
        **TableNaiveBayes.lookup_tables,
        **Categorical.lookup_tables,
        "pair_weights_": {},  # {(i, j): I(X_i; X_j | C)}
        "parents_": {},  # {feature: its parent, None for the root}
        "tree_": [],  # TreeStructure: (feature, parent, weight), root first
        "tree_lookups_": {},  # {feature: {u: {v: (log P(x_i = v | c, x_parent = u) per class)}}}
    }

    def __init__(self, alpha=1, root=None, fit_prior=True, class_prior=None, unseen="ignore", categories=None):
        self.alpha = check_smoothing_or_prior(alpha, "TreeAugmentedNB", ())  # (a number: no prior here)
        self.root = check_root(root)
        self.unseen = check_unseen(unseen)
        self.categories = check_categories(categories)
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)

    # -- counting ------------------------------------------------------------

    def _count(self, rows, labels):
        """The counts of categorical naive Bayes, then n_{(i,j) u v c} for every pair of features."""
        super()._count(rows, labels)  # N_c, n_jc, n_jvc; every row checked there
        by_label = {}
        for x, label in zip(present_rows(rows), labels):  # (the rows were checked above)
            by_label.setdefault(label, []).append(x)
        features = self.features_
        for label, class_rows in by_label.items():
            tables = self.pair_counts_.setdefault(label, {})
            for k, a in enumerate(features):
                for b in features[k + 1 :]:
                    table = tables.setdefault((a, b), {})
                    add_pair_counts(table, ((x[a], x[b]) for x in class_rows if a in x and b in x))
                    if not table:
                        del tables[(a, b)]  # no row of the class has both

    def _merge(self, other):
        merged = super()._merge(other)  # the features of both, in order; the categorical counts added
        for model in (self, other):
            for label, tables in model.pair_counts_.items():
                target = merged.pair_counts_.setdefault(label, {})
                for (a, b), table in tables.items():
                    flip = merged.features_.index(a) > merged.features_.index(b)
                    key = (b, a) if flip else (a, b)
                    cells = target.setdefault(key, {})
                    for (u, v), n in table.items():
                        add_count(cells, (v, u) if flip else (u, v), n)
        return merged

    # -- when training ends: the tree and its tables -------------------------

    def _build_lookup_tables(self):
        super()._build_lookup_tables()  # P(c), and each feature's naive table P(x_i | c)
        features, classes = self.features_, self.classes_
        root = features[0] if self.root is None else self.root
        if isinstance(root, bool) or root not in features:  # (True == 1: a bool would pick column 1 without a word)
            raise ValueError(f"root={self.root!r} is not a feature; the features are {features}")
        if None in features:  # (None is the root's parent, "only the class", in parents_ and tree_)
            raise ValueError(
                f"a feature is named None (the features are {features}); TreeAugmentedNB uses None for the "
                f"root's missing parent, so give that feature a name, such as 'None' as text"
            )
        unequal = [feature for feature in features if feature != feature]  # NaN: the tree could not find it again
        if unequal:
            raise ValueError(
                f"a feature is named {unequal[0]!r}, which is not equal to itself (the features are {features}); "
                f"TreeAugmentedNB finds features by ==, so give that feature a name, such as 'nan' as text"
            )
        self.pair_weights_ = pair_weights(features, self.pair_counts_)  # I(X_i; X_j | C)
        edges = maximum_spanning_tree(features, self.pair_weights_, root)
        self.parents_ = tree_parents(edges, root)
        structure = [(root, None, None)]
        self.tree_lookups_ = {}
        for parent, feature in edges:
            parent_counts = [
                oriented_pair_counts(self.pair_counts_.get(label, {}), parent, feature, features) for label in classes
            ]
            self.tree_lookups_[feature] = tan_log_likelihood_rows(
                parent_counts, self.categories_[feature], self.categories_[parent], self.alpha,
                self.feature_lookups_[feature],
            )  # fmt: skip
            pair = (parent, feature) if features.index(parent) < features.index(feature) else (feature, parent)
            structure.append((feature, parent, self.pair_weights_[pair]))
        self.tree_ = TreeStructure(structure)

    # -- one row, step by step -------------------------------------------------

    def _log_likelihood_terms(self, row):
        """One Term per present feature: log P(x_i | c, x_parent), or log P(x_i | c) for the root and a missing parent."""
        terms = []
        for feature, value in row.items():
            parent = self.parents_[feature]
            parent_value = None if parent is None else row.get(parent)  # None: the root, or a missing parent
            conditional = self.tree_lookups_.get(feature)  # None for the root
            log_terms = tan_log_terms(conditional, self.feature_lookups_[feature], value, parent_value)
            if log_terms is not None:  # None: a value training never saw, left out
                given = parent_value if conditional is not None and parent_value in conditional else None
                terms.append(TreeTerm(feature, value, parent, given, log_terms))
        return terms

    def _term_likelihoods(self, term):
        return self._tree_likelihoods(term.name, term.x, term.parent_value)

    def _tree_likelihoods(self, feature, value, parent_value):
        """(P(x_i = v | c, x_parent = u) for every class), or the naive P(x_i = v | c) when u is None."""
        if parent_value is None:
            return Categorical.likelihoods(self, feature, value)
        parent, n_categories = self.parents_[feature], len(self.categories_[feature])
        conditional, undefined = [], False
        for label in self.classes_:
            counts = oriented_pair_counts(self.pair_counts_.get(label, {}), parent, feature, self.features_)
            p = tan_likelihood(counts, value, parent_value, self.alpha, n_categories)
            undefined = undefined or p is None
            conditional.append(p)
        if undefined:  # 0/0 with alpha = 0: the naive term stands in
            naive = Categorical.likelihoods(self, feature, value)
            conditional = [naive[k] if p is None else p for k, p in enumerate(conditional)]
        return tuple(conditional)

    def joint_probability(self, row):
        """{label: P(x, c)} for one row: P(c) times each present feature's probability given its parent; exact Fractions."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_can_predict()
            self._check_one_example(row, "joint_probability")
            x = self._check_example(row, "the row")
            joint = dict(zip(self.classes_, self.exact_priors()))
            for term in self._log_likelihood_terms(x):
                for label, probability in zip(self.classes_, self._term_likelihoods(term)):
                    joint[label] *= probability
            return joint

    def _table_peeks(self):
        """Naive Bayes's tables, then the tree (each feature's parent) and the pair counts it was chosen from."""
        peeks = super()._table_peeks()
        peeks.append(("parents_", plural(len(self.parents_), "feature"), peek(self.parents_)))
        for label in self.classes_:
            pairs = self.pair_counts_.get(label, {})
            peeks.append((f"pair_counts_[{label!r}]", plural(len(pairs), "pair"), peek(pairs)))
        return peeks

    def parameter_count(self):
        """The free parameters of the class-conditional tables: k sum_i K_parent(i) (K_i - 1)."""
        self._check_fitted()
        n_values = {feature: len(self.categories_[feature]) for feature in self.features_}
        return tan_parameter_count(n_values, self.parents_, len(self.classes_))

    # -- a generative model ----------------------------------------------------

    def _draw_example(self, label, tables, generator):
        """One row drawn from P(x | c): the root from P(x_root | c), then each feature given its parent's draw."""
        k = self.classes_.index(label)
        values = {}
        for feature, parent, _ in self.tree_:  # the root first, then each feature after its parent
            if parent is None:
                values[feature] = Categorical.draw(self, feature, label, generator)
                continue
            categories = self.categories_[feature]
            weights = [self._tree_likelihoods(feature, value, values[parent])[k] for value in categories]
            values[feature] = categories[draw_index(generator.random(), cumulative_weights(weights))]
        return self._in_training_form({feature: values[feature] for feature in self.features_})

    def impute(self, row, distribution=False):
        """Not for a tree: filling in one feature would need the features it is tied to, summed out together."""
        raise TypeError(
            "TreeAugmentedNB cannot impute: a missing value depends on its parent and children in the tree, "
            "not on the class alone; use CategoricalNB(...).impute, or sample() for whole rows"
        )


class TreeTerm(Term):
    """A feature's term, and the parent's value it was conditioned on (None: the root, or the naive fallback)."""

    def __init__(self, feature, value, parent, parent_value, log_terms):
        if parent is None:
            shown, step = feature, "feature"
        elif parent_value is None:
            shown, step = f"{feature} | {parent} unknown", "feature"
        else:
            shown, step = f"{feature} | {parent} = {parent_value}", "given parent"
        super().__init__(step, shown, value, log_terms)
        self.name, self.x, self.parent, self.parent_value = feature, value, parent, parent_value


def check_root(root):
    """None (the first feature) or a feature name (a hashable value)."""
    try:
        hash(root)
    except TypeError:
        raise TypeError(f"root must be a feature name, such as 'outlook', not {root!r}") from None
    return root
