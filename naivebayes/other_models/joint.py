"""The full joint distribution, and a Bayes classifier built on it: what the naive assumption saves.

Before it is naive, "Lecture #7: Naïve Bayes" learns P(x) with no assumption
at all.  Make a truth table with one row per combination of the features'
values, and fill in each row with the share of the records that match it:

    P(row) = records matching the row / total number of records

With d features of K_1, ..., K_d values the table has prod_j K_j rows, and
since they sum to 1, prod_j K_j - 1 free parameters: 2^d - 1 for d binary
features.  A classifier learns one such table per class, k (2^d - 1)
parameters, where naive Bayes needs k d.  This module has both:

* ``JointTable`` -- the lecture's truth table, learned from records: the
  probability of every combination, marginals P(A = a, B = b) and
  conditionals P(A = a | B = b), all exact Fractions, printed the way the
  lecture prints it;
* ``JointBayesClassifier`` -- the lecture's "Bayes classifier" with P(x | c)
  learned as the class's joint table: no independence assumption at all.

Twenty records that give the lecture's first table exactly:

>>> counts = {(0, 0, 0): 6, (0, 0, 1): 1, (0, 1, 0): 2, (0, 1, 1): 1,
...           (1, 0, 0): 1, (1, 0, 1): 2, (1, 1, 0): 5, (1, 1, 1): 2}
>>> records = [{"A": a, "B": b, "C": c} for (a, b, c), n in counts.items() for _ in range(n)]
>>> table = JointTable.from_rows(records)
>>> print(table)
A  B  C      Prob
-  -  -  --------
0  0  0  0.300000
0  0  1  0.050000
0  1  0  0.100000
0  1  1  0.050000
1  0  0  0.050000
1  0  1  0.100000
1  1  0  0.250000
1  1  1  0.100000
>>> table.probability({"A": 1, "B": 1}), table.conditional({"A": 1}, given={"B": 1})
(Fraction(7, 20), Fraction(7, 10))
>>> table.n_parameters
7

Why the names.  ``JointTable`` is the lecture's "JD table": a finite table
of counts that prints as a truth table (a "distribution" could be anything,
and ``joint_probability`` already names P(x, c) on every classifier).  The
classifier is not called "naive" because it is not: it is the Bayes
classifier of the lecture's first slides, with the joint as P(x | c).

Missing values.  A cell of a joint table names a value for every feature,
so a row with a missing value fits no cell: ``JointTable`` leaves it out
(and counts it in ``n_left_out``), and the classifier counts it for the
prior P(c) but not in its class's table.  When predicting, a missing value
is summed out of the class's table, which is exact: P(x_S | c) is the sum of
the cells that agree with the values that are there.  A value that training
never saw is left out the same way (``unseen="ignore"``) or refused
(``unseen="error"``), as in ``CategoricalNB``.
"""

import itertools
import math
import operator

from naivebayes.core.arithmetic import is_exact, log, ratio
from naivebayes.core.bayes import ZERO_PROBABILITY_HINT, ZeroProbabilityError
from naivebayes.core.priors import check_smoothing_or_prior
from naivebayes.plumbing.checks import is_number
from naivebayes.plumbing.display import html_table, markdown_table, text_table
from naivebayes.naive_bayes.base import TABLES_LOCK, Term, add_count, peek
from naivebayes.naive_bayes.categorical import (
    Categorical,
    add_categorical_counts,
    check_categories,
    check_hashable,
    sorted_categories,
)
from naivebayes.naive_bayes.generative import (
    cumulative_weights,
    draw_index,
    most_probable,
    ordered,
    predictive_mixture,
)
from naivebayes.naive_bayes.table_base import TableNaiveBayes, check_unseen
from naivebayes.tables.rows import check_rows, present_values

__all__ = [
    "JointTable",
    "JointBayesClassifier",
    "cell_probability",
    "matching_records",
    "conditional_probability",
    "joint_parameter_count",
    "naive_parameter_count",
    "empty_cell_share",
    "joint_likelihood",
    "joint_table_log_likelihood",
    "joint_draw_cell",
]

# A feature whose values are all numbers, with more than this many different
# ones, is a measurement, not a category: the classifier asks for a Discretizer.
MANY_NUMBERS = 20

# The most rows ``JointTable.to_text`` and ``to_markdown`` print (2^12).
MAX_PRINTED_ROWS = 4096


# ---------------------------------------------------------------------------
# The formulas
# ---------------------------------------------------------------------------


# --8<-- [start:eq-joint-cell]
def cell_probability(n_matching, n_records):
    """P(row) = records matching the row / total number of records.

    Formula: docs/why-naive.md#eq-joint-cell
    """
    return ratio(n_matching, n_records)
# --8<-- [end:eq-joint-cell]


# --8<-- [start:eq-joint-marginal]
def matching_records(cell_counts, where):
    """n(A = a, B = b) = the sum of n_x over the cells x with A = a and B = b: the records that match.

    ``cell_counts`` is {cell: records}, a cell being a tuple of values;
    ``where`` is {position in the cell: value}; an empty ``where`` matches
    every record.  Divided by N (``cell_probability``) it is P(A = a, B = b).

    Formula: docs/why-naive.md#eq-joint-marginal
    """
    if not where:
        return sum(cell_counts.values())
    pick = operator.itemgetter(*where)  # cell -> its values at those positions (one value if one position)
    wanted = tuple(where.values()) if len(where) > 1 else next(iter(where.values()))
    return sum(n for cell, n in cell_counts.items() if pick(cell) == wanted)
# --8<-- [end:eq-joint-marginal]


# --8<-- [start:eq-joint-conditional]
def conditional_probability(p_both, p_given):
    """P(A = a | B = b) = P(A = a, B = b) / P(B = b).

    Formula: docs/why-naive.md#eq-joint-conditional
    """
    return ratio(p_both, p_given)
# --8<-- [end:eq-joint-conditional]


# --8<-- [start:eq-joint-parameters]
def joint_parameter_count(n_values, n_classes=1):
    """k (prod_j K_j - 1): one probability per combination, less one per table since each sums to 1.

    ``n_values`` lists K_j for each feature; for d binary features this is k (2^d - 1).

    Formula: docs/why-naive.md#eq-joint-parameters
    """
    return n_classes * (math.prod(n_values) - 1)
# --8<-- [end:eq-joint-parameters]


# --8<-- [start:eq-naive-parameters]
def naive_parameter_count(n_values, n_classes):
    """k sum_j (K_j - 1): one categorical distribution per feature and class; k d for binary features.

    Formula: docs/why-naive.md#eq-naive-parameters
    """
    return n_classes * sum(n - 1 for n in n_values)
# --8<-- [end:eq-naive-parameters]


# --8<-- [start:eq-empty-cells]
def empty_cell_share(n_seen, n_cells):
    """The share of the cells that no record fills: (cells - cells seen) / cells.

    Formula: docs/why-naive.md#eq-empty-cells
    """
    return ratio(n_cells - n_seen, n_cells)
# --8<-- [end:eq-empty-cells]


# --8<-- [start:eq-joint-lidstone]
def joint_likelihood(n_matching, n_complete, alpha, n_combinations, n_completions=1):
    """P(x | c) = (n_xc + alpha f) / (m_c + alpha prod_j K_j): alpha pseudo-rows in every combination.

    ``n_matching`` is n_xc, the class-c rows that agree with every value of x;
    ``n_complete`` is m_c, the class-c rows with no missing value;
    ``n_completions`` is f, the number of cells x agrees with: 1 when every
    value of x is there, the product of the K_j of the missing features when
    some are not (the cells are summed: the missing values are marginalised).
    With f = 1 this is ``categorical_likelihood`` with K = prod_j K_j: the
    joint is one categorical feature whose values are the combinations.

    Formula: docs/why-naive.md#eq-joint-lidstone
    """
    return ratio(n_matching + alpha * n_completions, n_complete + alpha * n_combinations)
# --8<-- [end:eq-joint-lidstone]


# --8<-- [start:eq-joint-log-likelihood]
def joint_table_log_likelihood(n_matching, n_complete, alpha, n_combinations, n_completions=1):
    """log P(x | c) = log(n_xc + alpha f) - log(m_c + alpha prod_j K_j), with log 0 = -inf.

    Formula: docs/why-naive.md#eq-joint-log-likelihood
    """
    return log(n_matching + alpha * n_completions) - log(n_complete + alpha * n_combinations)
# --8<-- [end:eq-joint-log-likelihood]


# --8<-- [start:eq-joint-sample]
def joint_draw_cell(generator, cells, cell_cumulative, n_complete, alpha, categories):
    """A combination x drawn with P(x | c) = (n_xc + alpha) / (m_c + alpha M), M = prod_j K_j, without listing all M.

    The smoothed table is a mixture: with probability m_c / (m_c + alpha M)
    the combination of one of the class's m_c complete rows (``cells``, with
    the running totals of their counts n_xc), else one of all M combinations,
    each equally likely (every feature's value uniform over its K_j values):
    m_c/(m_c + alpha M) * n_xc/m_c + alpha M/(m_c + alpha M) * 1/M is P(x | c).

    Formula: docs/generative.md#eq-joint-sample
    """
    n_combinations = math.prod(len(values) for values in categories)  # M
    if generator.random() * float(n_complete + alpha * n_combinations) < n_complete:
        return cells[draw_index(generator.random(), cell_cumulative)]  # as one of the training rows
    return tuple(values[min(int(generator.random() * len(values)), len(values) - 1)] for values in categories)
# --8<-- [end:eq-joint-sample]


def joint_log_likelihood_rows(cell_counts, complete_counts, alpha, n_combinations):
    """{cell: (log P(cell | c) for each class c)} for every cell some class saw: the lookup table.

    ``cell_counts`` is [n_xc tables, one per class] and ``complete_counts`` is
    [m_c, one per class], both in ``classes_`` order.
    """
    seen = {}  # every cell any class saw, in the order first seen
    for counts in cell_counts:
        seen.update(dict.fromkeys(counts))
    return {
        cell: tuple(
            joint_table_log_likelihood(counts.get(cell, 0), n_complete, alpha, n_combinations)
            for counts, n_complete in zip(cell_counts, complete_counts)
        )
        for cell in seen
    }


# ---------------------------------------------------------------------------
# The truth table
# ---------------------------------------------------------------------------


class JointTable:
    """The lecture's truth table: every combination of the features' values, with its probability.

    ``counts`` is {cell: records}, a cell being a tuple of values in
    ``features`` order; the counts may be whole numbers or exact Fractions
    (probabilities that sum to 1 are a table of one "record").  Usually you
    learn it from rows with ``JointTable.from_rows(rows, features)``.

    Attributes: ``features``; ``categories`` ({feature: its K_j values, sorted});
    ``counts`` (the cells that have records); ``n_records`` (N);
    ``n_left_out`` (rows left out for a missing value); ``n_combinations``
    (prod_j K_j); ``n_parameters`` (prod_j K_j - 1); ``n_seen`` (cells with
    records) and ``empty_share`` (the share of cells without).
    """

    def __init__(self, features, counts, categories=None, n_left_out=0):
        self.features = list(features)
        if len(set(self.features)) != len(self.features):
            raise ValueError(f"features {self.features} names a feature twice; name each once")
        for cell, n in counts.items():
            if not isinstance(cell, tuple) or len(cell) != len(self.features):
                raise ValueError(
                    f"the cell {cell!r} has {len(cell) if isinstance(cell, tuple) else 1} values, but the "
                    f"table has {len(self.features)} features {self.features}; give one value per feature"
                )
            if isinstance(n, bool) or not is_exact(n) or n < 0:
                raise TypeError(
                    f"the count of {cell!r} is {n!r}; counts must be whole numbers or Fractions "
                    "(>= 0), so that every probability is exact"
                )
        if categories is None:
            categories = {
                feature: sorted_categories(dict.fromkeys(cell[j] for cell in counts))
                for j, feature in enumerate(self.features)
            }
        else:
            categories = check_categories(categories)
            categories = {
                feature: list(categories[feature]) if feature in categories else
                sorted_categories(dict.fromkeys(cell[j] for cell in counts))
                for j, feature in enumerate(self.features)
            }
            for cell in counts:
                for feature, value in zip(self.features, cell):
                    if value not in categories[feature]:
                        raise ValueError(
                            f"the cell {cell!r} has {feature} = {value!r}, which is not among its "
                            f"categories {categories[feature]}"
                        )
        self.categories = categories
        self.counts = {cell: n for cell, n in counts.items() if n}  # the cells that have records
        self.n_records = sum(self.counts.values())  # N
        if not self.n_records:
            raise ValueError("the table has no records: every count is 0")
        self.n_left_out = n_left_out
        n_values = [len(categories[feature]) for feature in self.features]  # K_j
        self.n_combinations = math.prod(n_values)  # prod_j K_j
        self.n_parameters = joint_parameter_count(n_values)
        self.n_seen = len(self.counts)
        self.empty_share = empty_cell_share(self.n_seen, self.n_combinations)

    @classmethod
    def from_rows(cls, rows, features=None, categories=None):
        """Learn the table from rows (dicts or lists): each cell's count is the rows that match it.

        ``features`` names the features to use, in the table's column order
        (default: every feature, in the order first seen).  A row with a
        missing value among them fits no cell and is left out.
        """
        rows = check_rows(rows, "rows")
        if not rows:
            raise ValueError("rows is empty: a joint table needs at least one record")
        present = [present_values(row, f"rows[{i}]") for i, row in enumerate(rows)]
        if features is None:
            features = list(dict.fromkeys(feature for values in present for feature in values))
        features = list(features)
        cells, n_left_out = [], 0
        for i, values in enumerate(present):
            if not all(feature in values for feature in features):
                n_left_out += 1  # a missing value: the row fits no cell
                continue
            cells.append(tuple(check_hashable(values[feature], f"rows[{i}]", feature) for feature in features))
        if not cells:
            raise ValueError(
                f"every row has a missing value among {features}, so no row fits a cell of the "
                "joint table; choose features that the rows have"
            )
        counts = {}
        add_categorical_counts(counts, cells)  # each combination is one value of one big categorical feature
        return cls(features, counts, categories=categories, n_left_out=n_left_out)

    # -- queries ------------------------------------------------------------

    def _where(self, assignment, name):
        """{feature: value} as {position in a cell: value}, each feature and value checked."""
        if not isinstance(assignment, dict):
            raise TypeError(f"{name} must be a dict {{feature: value}}, such as {{'sex': 'Male'}}")
        where = {}
        for feature, value in assignment.items():
            if feature not in self.categories:
                raise KeyError(f"{feature!r} is not a feature of this table; its features are {self.features}")
            if value not in self.categories[feature]:
                raise KeyError(
                    f"{feature!r} never has the value {value!r} in this table; its values are "
                    f"{self.categories[feature]}"
                )
            where[self.features.index(feature)] = value
        return where

    def probability(self, assignment):
        """P(A = a, B = b, ...) for ``{A: a, B: b, ...}``, an exact Fraction (the empty dict gives 1)."""
        n_matching = matching_records(self.counts, self._where(assignment, "assignment"))
        return cell_probability(n_matching, self.n_records)  # records matching / total records

    def conditional(self, assignment, given):
        """P(A = a | B = b) for ``assignment={A: a}`` and ``given={B: b}``, an exact Fraction."""
        self._where(assignment, "assignment")
        p_given = self.probability(given)  # P(B = b)
        if p_given == 0:
            raise ValueError(
                f"no record has {given}, so P({given}) = 0 and P(... | {given}) is 0/0, undefined"
            )
        if any(feature in given and given[feature] != value for feature, value in assignment.items()):
            return ratio(0, 1)  # asks for A = a where A = a' is given
        p_both = self.probability({**given, **assignment})  # P(A = a, B = b)
        return conditional_probability(p_both, p_given)

    def marginal(self, features):
        """The joint table of fewer features: each of their combinations sums the cells that agree."""
        for feature in features:
            if feature not in self.categories:
                raise KeyError(f"{feature!r} is not a feature of this table; its features are {self.features}")
        positions = [self.features.index(feature) for feature in features]
        counts = {}
        for cell, n in self.counts.items():
            add_count(counts, tuple(cell[position] for position in positions), n)
        categories = {feature: self.categories[feature] for feature in features}
        return JointTable(features, counts, categories=categories, n_left_out=self.n_left_out)

    def truth_table(self):
        """[(cell, P(cell))] for every combination, in truth-table order (the unseen ones with 0)."""
        combinations = itertools.product(*(self.categories[feature] for feature in self.features))
        return [(cell, cell_probability(self.counts.get(cell, 0), self.n_records)) for cell in combinations]

    # -- printing ------------------------------------------------------------

    def _printed_rows(self, digits):
        if self.n_combinations > MAX_PRINTED_ROWS:
            raise ValueError(
                f"the table has {self.n_combinations} combinations, more than {MAX_PRINTED_ROWS} rows to "
                "print; print a table of fewer features, table.marginal([...])"
            )
        header = [str(feature) for feature in self.features] + ["Prob"]
        rows = [[str(value) for value in cell] + [f"{float(p):.{digits}f}"] for cell, p in self.truth_table()]
        return header, rows

    def to_text(self, digits=6):
        """The truth table as plain text: one column per feature, then Prob to ``digits`` decimals."""
        header, rows = self._printed_rows(digits)
        return text_table(header, rows, align=self._align())

    def to_markdown(self, digits=6):
        """The truth table as a Markdown table."""
        header, rows = self._printed_rows(digits)
        return markdown_table(header, rows, align=self._align())

    def to_html(self, digits=6):
        """The truth table as a small static HTML table (what a notebook shows)."""
        header, rows = self._printed_rows(digits)
        return html_table(header, rows, align=self._align())

    def _align(self):
        return "l" * len(self.features) + "r"  # the values to the left (they may be words), Prob to the right

    def _summary(self):
        left_out = f", {self.n_left_out} left out for a missing value" if self.n_left_out else ""
        return (
            f"JointTable(features={self.features!r}, {self.n_records} records{left_out}, "
            f"{self.n_seen} of {self.n_combinations} combinations seen)"
        )

    def __repr__(self):
        """The truth table, as ``print`` shows it; a table too long to print says what it holds instead."""
        if self.n_combinations > MAX_PRINTED_ROWS:
            return self._summary()
        return self.to_text()

    __str__ = __repr__

    def _repr_html_(self):
        return None if self.n_combinations > MAX_PRINTED_ROWS else self.to_html()  # None: the notebook shows repr

    def _repr_markdown_(self):
        return None if self.n_combinations > MAX_PRINTED_ROWS else self.to_markdown()


# ---------------------------------------------------------------------------
# The classifier
# ---------------------------------------------------------------------------


class JointBayesClassifier(TableNaiveBayes):
    """The Bayes classifier with P(x | c) learned as the class's full joint table: nothing naive.

    Parameters
    ----------
    alpha : int, Fraction or float, default 1
        Pseudo-rows per combination: P(x | c) = (n_xc + alpha) / (m_c +
        alpha prod_j K_j).  0 is the lecture's table (records matching /
        total), under which a combination that no class saw has probability 0
        in every class and cannot be classified; 1, the default of every model
        in this package, gives each of the prod_j K_j combinations one
        imaginary row, so every combination gets an answer.
    fit_prior, class_prior
        As for every model: learn P(c), use 1/K, or use the priors given.
    unseen : "ignore" or "error", default "ignore"
        A value training never saw: sum it out like a missing value, or refuse the row.
    categories : dict, optional
        {feature: [every value it can take]}: K_j is then the length of the list.

    Tables: ``cell_counts_[c][x]`` (n_xc, only the combinations class c has),
    ``complete_counts_[c]`` (m_c, the class-c rows with no missing value),
    ``n_combinations_`` (prod_j K_j), ``n_parameters_`` (k (prod_j K_j - 1)),
    ``empty_share_`` (the share of the k prod_j K_j cells no row fills), and
    ``cell_lookups_`` ({x: (log P(x | c) for c in classes_)} for every seen x).
    It also keeps what ``CategoricalNB`` counts from the same rows, the
    per-feature ``value_counts_[c][j][v]``, the marginals of the joint table,
    with ``categories_`` (the K_j values) and ``feature_lookups_``.
    """

    model_name = "joint Bayes classifier"
    feature_noun = "combination"
    distribution_kinds = {"categorical": Categorical}  # each feature's values and per-feature counts

    count_tables = {
        **TableNaiveBayes.count_tables,
        **Categorical.count_tables,
        "cell_counts_": {},  # n_xc: {label: {combination: rows}}
        "complete_counts_": {},  # m_c: {label: rows with no missing value}
    }
    class_tables = TableNaiveBayes.class_tables + (*Categorical.count_tables, "cell_counts_", "complete_counts_")
    lookup_tables = {
        **TableNaiveBayes.lookup_tables,
        **Categorical.lookup_tables,
        "n_combinations_": 0,  # prod_j K_j
        "n_parameters_": 0,  # k (prod_j K_j - 1)
        "empty_share_": 0,  # the share of the k prod_j K_j cells that no row fills
        "cell_lookups_": {},  # {combination: (log P(x | c) for c in classes_)}
        "unseen_cell_log_terms_": (),  # log P(x | c) of a combination no class saw
    }

    def __init__(self, alpha=1, fit_prior=True, class_prior=None, unseen="ignore", categories=None):
        self.alpha = check_smoothing_or_prior(alpha, "JointBayesClassifier", ())  # (a number: no prior here)
        self.unseen = check_unseen(unseen)
        self.categories = check_categories(categories)
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)

    # -- counting --------------------------------------------------------------

    def _count(self, rows, labels):
        """N_c and each feature's values (as CategoricalNB counts them), then n_xc for every complete row."""
        features_before = list(self.features_)  # those of the earlier batches, for partial_fit
        super()._count(rows, labels)
        if features_before and self.features_ != features_before:
            new = [feature for feature in self.features_ if feature not in features_before]
            raise ValueError(
                f"X has the feature(s) {new}, which the earlier batches did not have; the cells of a "
                f"joint table are combinations of the features of the first batch, {features_before}"
            )
        cells_by_label = {label: [] for label in self.class_counts_}
        for i, (row, label) in enumerate(zip(rows, labels)):
            values = present_values(row, f"X[{i}]")
            if len(values) == len(self.features_):  # a complete row: it fills one cell
                cells_by_label[label].append(tuple(values[feature] for feature in self.features_))
        for label, cells in cells_by_label.items():
            add_categorical_counts(self.cell_counts_.setdefault(label, {}), cells)  # n_xc
            add_count(self.complete_counts_, label, len(cells))  # m_c

    def _merge(self, other):
        merged = super()._merge(other)  # its features_ are ours, in our order
        for model in (self, other):
            # A model that first saw the features in another order has its cells' values in that order.
            reordered = model.cell_counts_ and model.features_ != merged.features_
            positions = [model.features_.index(feature) for feature in merged.features_] if reordered else None
            for label, cells in model.cell_counts_.items():
                merged_cells = merged.cell_counts_.setdefault(label, {})
                for cell, n in cells.items():
                    if positions is not None:
                        cell = tuple(cell[j] for j in positions)
                    add_count(merged_cells, cell, n)
                add_count(merged.complete_counts_, label, model.complete_counts_[label])
        return merged

    def _check_mergeable(self, other, ours, theirs):
        """A cell is a combination of values of every feature, so both models need the same features."""
        super()._check_mergeable(other, ours, theirs)
        if self.features_ and set(other.features_) != set(self.features_):
            raise ValueError(
                f"cannot merge joint tables over different features: {ours} has the cells of "
                f"{self.features_} and {theirs} those of {other.features_}; train both on rows with the "
                "same features"
            )

    def _build_lookup_tables(self):
        """log P(c) and each feature's K_j values, then log P(x | c) for every combination seen."""
        for label in self.classes_:
            if self.alpha == 0 and self.complete_counts_[label] == 0:
                raise ValueError(
                    f"class {label!r} has no complete row (each has a missing value), so with alpha = 0 "
                    "its joint table is 0/0; use alpha > 0, or fewer features"
                )
        super()._build_lookup_tables()
        given = self.categories or {}
        for feature in self.features_:
            values = self.categories_[feature]
            if feature not in given and len(values) > MANY_NUMBERS and all(map(is_number, values)):
                raise ValueError(
                    f"feature {feature!r} has {len(values)} different numbers, so the joint table has a "
                    f"row for each of them times every other combination (K = {len(values)}); a "
                    "measurement is better cut into a few intervals first: "
                    f"Discretizer(n_bins=5, features=[{feature!r}]).fit(rows).transform(rows), "
                    f"or name its values in categories={{{feature!r}: [...]}}"
                )
        n_values = [len(self.categories_[feature]) for feature in self.features_]  # K_j
        self.n_combinations_ = math.prod(n_values)
        self.n_parameters_ = joint_parameter_count(n_values, len(self.classes_))
        n_seen = sum(len(self.cell_counts_[label]) for label in self.classes_)
        n_cells = len(self.classes_) * self.n_combinations_
        self.empty_share_ = empty_cell_share(n_seen, float(n_cells))  # a float (JointTable keeps the exact share)
        cell_counts = [self.cell_counts_[label] for label in self.classes_]
        complete_counts = [self.complete_counts_[label] for label in self.classes_]
        self.cell_lookups_ = joint_log_likelihood_rows(cell_counts, complete_counts, self.alpha, self.n_combinations_)
        self.unseen_cell_log_terms_ = tuple(
            joint_table_log_likelihood(0, n_complete, self.alpha, self.n_combinations_) for n_complete in complete_counts
        )

    # -- one row, step by step ---------------------------------------------------

    def _observed(self, row):
        """(features, values) of a checked row that the table can use: present, and seen in training."""
        lookups = self.feature_lookups_
        features = tuple(feature for feature in self.features_ if feature in row and row[feature] in lookups[feature])
        return features, tuple(row[feature] for feature in features)

    def _matching_counts(self, features, values):
        """([n_xc for each class], f): the class-c rows agreeing with x, and the cells x agrees with."""
        if len(features) == len(self.features_):
            return [self.cell_counts_[label].get(values, 0) for label in self.classes_], 1
        where = {self.features_.index(feature): value for feature, value in zip(features, values)}
        counts = [matching_records(self.cell_counts_[label], where) for label in self.classes_]
        n_completions = math.prod(len(self.categories_[f]) for f in self.features_ if f not in features)
        return counts, n_completions

    def _log_likelihood_terms(self, row):
        """One Term for the whole combination: log P(x | c) for every class, looked up or summed."""
        features, values = self._observed(row)
        if not features:
            return []  # nothing observed: P(x | c) = 1, and the prior decides alone
        counts, n_completions = self._matching_counts(features, values)  # n_xc, or the cells x agrees with
        log_terms = tuple(
            joint_table_log_likelihood(n, self.complete_counts_[label], self.alpha, self.n_combinations_, n_completions)
            for n, label in zip(counts, self.classes_)
        )
        return [Term("combination", features, values, log_terms)]

    def _likelihoods(self, features, values):
        """(P(x | c) for each class c), exact when alpha is."""
        counts, n_completions = self._matching_counts(features, values)
        return tuple(
            joint_likelihood(n, self.complete_counts_[label], self.alpha, self.n_combinations_, n_completions)
            for n, label in zip(counts, self.classes_)
        )

    def _term_likelihoods(self, term):
        return self._likelihoods(term.feature, term.value)

    def likelihood_of(self, row, label):
        """P(x | c) for one row: its cell of class c's joint table (summed over the missing values)."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_label(label)
            features, values = self._observed(self._check_example(row, "the row"))
            return self._likelihoods(features, values)[self.classes_.index(label)]

    def likelihood(self, feature, value, label):
        """P(x_j = v | c), the marginal of class c's (smoothed) joint table."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_label(label)
            self._check_feature(feature)
            if value not in self.feature_lookups_[feature]:
                raise KeyError(
                    f"feature {feature!r} never had the value {value!r} in training, so the model has no "
                    "estimate for it and leaves it out when predicting"
                )
            return self.likelihood_of({feature: value}, label)

    def log_likelihood(self, feature, value, label):
        """log P(x_j = v | c), the marginal of class c's (smoothed) joint table."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            return log(self.likelihood(feature, value, label))

    def joint_probability(self, row):
        """{label: P(c) P(x | c)} for one row, exact when alpha is a whole number or a Fraction."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_can_predict()
            self._check_one_example(row, "joint_probability")
            features, values = self._observed(self._check_example(row, "the row"))
            likelihoods = self._likelihoods(features, values) if features else [1] * len(self.classes_)
            return {label: self.prior(label) * p for label, p in zip(self.classes_, likelihoods)}

    def joint_table(self, label):
        """Class c's joint table, unsmoothed: P(x | c) = n_xc / m_c for every combination."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_label(label)
            return JointTable(self.features_, self.cell_counts_[label], categories=self.categories_)

    # -- the lecture's zero ------------------------------------------------------

    def _zero_probability_error(self, row, where):
        """The ZeroProbabilityError for a row no class has seen, in the lecture's words."""
        features, values = self._observed(self._check_example(row, where))
        counts, _ = self._matching_counts(features, values)
        if any(counts):  # some class saw it: the zero comes from the priors, not from the table
            return ZeroProbabilityError(f"{where}: {ZERO_PROBABILITY_HINT}")
        combination = dict(zip(features, values))
        return ZeroProbabilityError(
            f"{where}: the combination {combination} never occurred in the training rows of any class, "
            "so with alpha = 0 the joint table gives P(x | c) = 0 for every class c, and P(c | x) = 0/0. "
            '"Lecture #7: Naïve Bayes" warns of this: with d features most of the prod_j K_j combinations '
            "are never seen, just as its new word \"Mahalanobis\" gets probability 0 in every class. Use "
            "alpha > 0, which gives every combination a probability (one that no class saw goes to the larger "
            "classes), or naive Bayes (CategoricalNB), which needs each value to have been seen, not each combination"
        )

    def posterior(self, row):
        """P(c | x) for one row, exact when alpha is a whole number or a Fraction."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            try:
                return super().posterior(row)
            except ZeroProbabilityError:
                raise self._zero_probability_error(row, "the row") from None

    # -- a generative model (docs/generative.md) ------------------------------------

    def _sampling_tables(self):
        """Each class's seen combinations (sorted) with running totals of their counts, worked out when first drawn."""
        return {}

    def _draw_example(self, label, tables, generator):
        """A row drawn from the class's smoothed joint table: every feature at once, as one combination."""
        if label not in tables:
            cells = ordered(self.cell_counts_[label])
            tables[label] = (cells, cumulative_weights(self.cell_counts_[label][cell] for cell in cells))
        cells, cell_cumulative = tables[label]
        categories = [self.categories_[feature] for feature in self.features_]
        cell = joint_draw_cell(generator, cells, cell_cumulative, self.complete_counts_[label], self.alpha, categories)
        return self._in_training_form(dict(zip(self.features_, cell)))

    def _smoothed_counts(self, features, values):
        """(n_xc + alpha f for each class c): the numerator of ``joint_likelihood``, P(x | c) (m_c + alpha prod_j K_j)."""
        counts, n_completions = self._matching_counts(features, values)
        return tuple(n + self.alpha * n_completions for n in counts)

    def _predictive(self, feature, x, weights):
        """(the most probable value, {v: sum_c P(c | observed) P(x_j = v | observed, c)}): nothing naive about it.

        P(x_j = v | observed, c) = P(x_j = v, observed | c) / P(observed | c),
        both summed from the class's joint table, so the missing value depends
        on the observed ones within a class too.  Both are divided by the
        same m_c + alpha prod_j K_j, which cancels: the ratio is taken of the
        smoothed counts n + alpha f, since two probabilities rounded apart
        (subnormal at a tiny float alpha) give conditionals that do not sum to 1.
        """
        given = self._smoothed_counts(*self._observed(x))  # P(observed | c), times m_c + alpha prod_j K_j
        conditionals = {}
        for value in self.categories_[feature]:
            both = self._smoothed_counts(*self._observed({**x, feature: value}))  # P(x_j = v, observed | c), same
            conditionals[value] = [
                conditional_probability(p_both, p_given) if p_given else 0 for p_both, p_given in zip(both, given)
            ]
        distribution = predictive_mixture(weights, conditionals)
        return most_probable(distribution), distribution

    def _table_peeks(self):
        """The features' values, then each class's complete rows and a peek at its cells."""
        peeks = [("categories_", f"{self.n_combinations_} combinations", peek(self.categories_))]
        for label in self.classes_:
            cells = self.cell_counts_[label]
            peeks.append((f"cell_counts_[{label!r}]", f"{len(cells)} cells, {self.complete_counts_[label]} rows", peek(cells)))
        return peeks
