"""Ranking the examples by a score: ROC and precision-recall curves, their areas, a threshold for a cost.

A classifier that gives each example a score (the probability of the
positive class, or any number that grows with it) becomes a decision once
a threshold t is chosen: "positive" when the score is at least t.  Each
threshold gives its own counts of true and false positives; a curve shows
them all at once.

    scores --sort, highest first--> TP(t), FP(t) for every distinct score t
           --> (FPR, TPR) points: the ROC curve --trapezoids--> its area
           --> (recall, precision) points: the PR curve --steps--> average precision
           --> c_FP FP(t) + c_FN FN(t): the cheapest threshold

The conventions are scikit-learn's (``roc_curve`` drops the points on a
straight run of the curve, the first threshold is infinity, ties form one
point), so the lists agree with it.  The rates are exact Fractions that
print as four decimals (``Score``):

>>> y = ["ham", "ham", "spam", "spam"]
>>> p = [0.1, 0.4, 0.35, 0.8]                 # P(spam) for each message
>>> fpr, tpr, thresholds = roc_curve(y, p, pos_label="spam")
>>> fpr, tpr, thresholds
([0.0000, 0.0000, 0.5000, 0.5000, 1.0000], [0.0000, 0.5000, 0.5000, 1.0000, 1.0000], [inf, 0.8, 0.4, 0.35, 0.1])
>>> roc_auc_score(y, p, pos_label="spam")
0.7500
>>> average_precision_score(y, p, pos_label="spam").exact
Fraction(5, 6)

The scores may also be a model's ``predict_proba`` output, one dict per
example; ``pos_label`` names the class whose probability is the score.
docs/curves-and-significance.md derives each formula.
"""

import math
from collections.abc import Mapping

from naivebayes.core.arithmetic import ratio
from naivebayes.evaluation.calibration import check_pos_label, check_rows_name_labels, check_score
from naivebayes.evaluation.metrics import precision_from_counts, recall_from_counts
from naivebayes.plumbing.checks import as_list, check_labels, sorted_labels
from naivebayes.plumbing.display import Score, ShownAsTable

__all__ = [
    "roc_curve",
    "precision_recall_curve",
    "roc_auc_score",
    "average_precision_score",
    "threshold_for_cost",
    "counts_at_thresholds",
    "false_positive_rate",
    "trapezoid_area",
    "average_precision",
    "decision_cost",
]


# ---------------------------------------------------------------------------
# Reading the input: labels, and a score per example
# ---------------------------------------------------------------------------


def outcomes_and_scores(y_true, scores, pos_label):
    """(o_i in {0, 1}, s_i as floats, the positive label), from labels and numbers or predict_proba dicts.

    ``pos_label`` None means 1 for labels 0/1 or -1/1, and for dicts of two
    classes the greater one (scikit-learn's ``classes_[1]``).  With more than
    two classes ``pos_label`` must be given: that class against the rest.
    """
    check_pos_label(pos_label)
    scores = as_list("scores", scores, "scores")
    labels = check_labels(y_true, len(scores), name="y_true", noun="score", examples_name="scores")
    if not labels:
        raise ValueError("y_true is empty; a curve needs at least one example of each class")
    present = set(labels)
    if scores and isinstance(scores[0], Mapping):
        check_rows_name_labels(scores, labels, "scores")
        classes = sorted_labels({label for row in scores for label in row} | present)
        if pos_label is None:
            if len(classes) != 2:
                raise ValueError(f"the classes are {classes}; name the positive one with pos_label=")
            pos_label = classes[1]
        elif pos_label not in classes:
            raise ValueError(f"pos_label={pos_label!r} is not one of the classes {classes}; name one of them")
        scores = [row.get(pos_label, 0.0) for row in scores]
    else:
        for i, s in enumerate(scores):
            if isinstance(s, Mapping):
                raise TypeError(f"scores[{i}] = {s!r}; give every example's score in one form (all numbers or all dicts)")
        if pos_label is None:
            if present <= {0, 1} or present <= {-1, 1}:
                pos_label = 1
            else:
                raise ValueError(
                    f"the labels are {sorted_labels(present)}; say which class the scores are for, such as "
                    f"pos_label={sorted_labels(present)[-1]!r}"
                )
        elif pos_label not in present and len(present) >= 2:
            raise ValueError(
                f"pos_label={pos_label!r} is not one of the labels {sorted_labels(present)}; name the class "
                "the scores are for"
            )
    scores = [float(check_score(i, s)) for i, s in enumerate(scores)]
    return [1 if label == pos_label else 0 for label in labels], scores, pos_label


def both_classes(outcomes, pos_label, what):
    """(P, N), the numbers of positive and negative examples; a clear error when one of them is 0."""
    n_positive = sum(outcomes)
    n_negative = len(outcomes) - n_positive
    if n_positive == 0:
        raise ValueError(
            f"y_true has no example of the positive class {pos_label!r}, so the true positive rate "
            f"(recall) is 0/0 and {what} is undefined; score a set that holds both classes"
        )
    if n_negative == 0 and what.startswith("the ROC"):
        raise ValueError(
            f"y_true has only examples of the positive class {pos_label!r}, so the false positive rate "
            f"is 0/0 and {what} is undefined; score a set that holds both classes"
        )
    return n_positive, n_negative


# ---------------------------------------------------------------------------
# Counting at every threshold
# ---------------------------------------------------------------------------


# --8<-- [start:eq-counts-at-thresholds]
def counts_at_thresholds(outcomes, scores):
    """For every distinct score t, highest first: TP(t) = #{i : s_i >= t, o_i = 1}, FP(t) = #{i : s_i >= t, o_i = 0}.

    Sort the examples by score, highest first, and count as you go; examples
    that share a score are one step (a threshold cannot split them).
    Returns (thresholds, TP list, FP list).

    Formula: docs/curves-and-significance.md#eq-counts-at-thresholds
    """
    order = sorted(range(len(scores)), key=scores.__getitem__, reverse=True)
    thresholds, true_positives, false_positives = [], [], []
    tp = fp = 0
    for k, i in enumerate(order):
        tp += outcomes[i]
        fp += 1 - outcomes[i]
        if k + 1 == len(order) or scores[order[k + 1]] != scores[i]:  # the last example with this score
            thresholds.append(scores[i])
            true_positives.append(tp)
            false_positives.append(fp)
    return thresholds, true_positives, false_positives
# --8<-- [end:eq-counts-at-thresholds]


# --8<-- [start:eq-false-positive-rate]
def false_positive_rate(false_positives, n_negative):
    """FPR = FP / N: the share of the negative examples that are called positive.

    Formula: docs/curves-and-significance.md#eq-false-positive-rate
    """
    return ratio(false_positives, n_negative)
# --8<-- [end:eq-false-positive-rate]


def corners_only(thresholds, true_positives, false_positives):
    """Drop the points in the middle of a straight run (scikit-learn's ``drop_intermediate=True``).

    A point is kept when it is the first or the last, or when the curve bends
    there: the second difference of FP or of TP at it is not 0.
    """
    last = len(thresholds) - 1
    keep = [k for k in range(len(thresholds))
            if k in (0, last)
            or false_positives[k - 1] - 2 * false_positives[k] + false_positives[k + 1] != 0
            or true_positives[k - 1] - 2 * true_positives[k] + true_positives[k + 1] != 0]
    return ([thresholds[k] for k in keep], [true_positives[k] for k in keep], [false_positives[k] for k in keep])


class Curve(ShownAsTable, tuple):
    """A curve as three lists, (x, y, thresholds), that unpacks like scikit-learn's answer and shows as a table.

    ``area`` is the area under it (the ROC AUC, or the average precision for a
    precision-recall curve); ``kind`` is "roc" or "precision-recall".
    """

    def __new__(cls, x, y, thresholds, area, kind):
        curve = super().__new__(cls, (x, y, thresholds))
        curve.area, curve.kind = area, kind
        return curve

    def __reduce__(self):
        return Curve, (*self, self.area, self.kind)

    def names(self):
        """The names of the three lists."""
        return ("false positive rate", "true positive rate") if self.kind == "roc" else ("precision", "recall")

    align = "rrr"

    def rows(self):
        """One row per point; the first row is the header."""
        first, second = self.names()
        x, y, thresholds = self
        thresholds = list(thresholds) + [""] * (len(x) - len(thresholds))  # (the last PR point has none)
        return [["threshold", first, second]] + [
            [repr(t) if isinstance(t, float) else str(t), str(a), str(b)] for a, b, t in zip(x, y, thresholds)
        ]

    def __repr__(self):
        return "(" + ", ".join(repr(list(part)) for part in self) + ")"

    __str__ = ShownAsTable.to_text


# ---------------------------------------------------------------------------
# The ROC curve and its area
# ---------------------------------------------------------------------------


def roc_curve(y_true, scores, pos_label=None, drop_intermediate=True):
    """(fpr, tpr, thresholds): the ROC curve, a point per threshold, from (0, 0) at t = inf to (1, 1).

    ``scores`` holds a number per example (higher: more likely positive) or
    the model's ``predict_proba`` dicts.  An example counts as positive when
    its score is at least the threshold.  As scikit-learn's ``roc_curve``:
    the points in the middle of a straight run are dropped unless
    ``drop_intermediate=False``.  The answer unpacks into the three lists,
    has the area under the curve as ``.area`` and prints as a table.
    """
    outcomes, scores, pos_label = outcomes_and_scores(y_true, scores, pos_label)
    n_positive, n_negative = both_classes(outcomes, pos_label, "the ROC curve")
    thresholds, true_positives, false_positives = counts_at_thresholds(outcomes, scores)
    if drop_intermediate and len(thresholds) > 2:
        thresholds, true_positives, false_positives = corners_only(thresholds, true_positives, false_positives)
    fpr = [Score(0)] + [Score(false_positive_rate(fp, n_negative)) for fp in false_positives]
    tpr = [Score(0)] + [Score(recall_from_counts(tp, n_positive - tp)) for tp in true_positives]
    return Curve(fpr, tpr, [math.inf] + thresholds, Score(trapezoid_area(fpr, tpr)), "roc")


# --8<-- [start:eq-trapezoid-area]
def trapezoid_area(x, y):
    """AUC = sum_k (x_(k+1) - x_k) (y_k + y_(k+1)) / 2: the area under the polyline through the points, trapezoid by trapezoid.

    Formula: docs/curves-and-significance.md#eq-trapezoid-area
    """
    total = sum((x[k + 1] - x[k]) * (y[k] + y[k + 1]) for k in range(len(x) - 1))
    return ratio(total, 2)
# --8<-- [end:eq-trapezoid-area]


def roc_auc_score(y_true, scores, pos_label=None):
    """The area under the ROC curve: the chance that a random positive example scores above a random negative one.

    (A tie counts one half.)  It is the area under ``roc_curve``, by
    trapezoids, an exact Fraction when the scores give one: 1 ranks every
    positive first, 0.5 is a coin.
    """
    return roc_curve(y_true, scores, pos_label).area


# ---------------------------------------------------------------------------
# The precision-recall curve and average precision
# ---------------------------------------------------------------------------


def precision_recall_curve(y_true, scores, pos_label=None):
    """(precision, recall, thresholds): a point per distinct score, lowest threshold first, then (recall 0, precision 1).

    As scikit-learn's ``precision_recall_curve``: recall falls along the
    lists, the last point (1, 0) has no threshold, and every distinct score
    is a threshold.  ``.area`` is the average precision.
    """
    outcomes, scores, pos_label = outcomes_and_scores(y_true, scores, pos_label)
    n_positive, _ = both_classes(outcomes, pos_label, "the precision-recall curve")
    thresholds, true_positives, false_positives = counts_at_thresholds(outcomes, scores)
    precisions = [Score(precision_from_counts(tp, fp)) for tp, fp in zip(true_positives, false_positives)]
    recalls = [Score(recall_from_counts(tp, n_positive - tp)) for tp in true_positives]
    precisions, recalls = precisions[::-1] + [Score(1)], recalls[::-1] + [Score(0)]
    return Curve(precisions, recalls, thresholds[::-1], Score(average_precision(precisions, recalls)),
                 "precision-recall")


# --8<-- [start:eq-average-precision]
def average_precision(precisions, recalls):
    """AP = sum_k (R_k - R_(k+1)) P_k: each gain in recall times the precision where it was gained (no interpolation).

    The points come as ``precision_recall_curve`` gives them, recall falling
    to 0 at the last one.

    Formula: docs/curves-and-significance.md#eq-average-precision
    """
    return sum((recalls[k] - recalls[k + 1]) * precisions[k] for k in range(len(recalls) - 1))
# --8<-- [end:eq-average-precision]


def average_precision_score(y_true, scores, pos_label=None):
    """Average precision: the precision at each threshold, weighted by the recall gained there.

    scikit-learn's ``average_precision_score`` (a sum of steps, not the
    trapezoids under the precision-recall curve, which would be too hopeful).
    """
    return precision_recall_curve(y_true, scores, pos_label).area


# ---------------------------------------------------------------------------
# A threshold for a cost
# ---------------------------------------------------------------------------


# --8<-- [start:eq-decision-cost]
def decision_cost(false_positives, false_negatives, cost_false_positive, cost_false_negative):
    """cost(t) = c_FP FP(t) + c_FN FN(t): what the mistakes at threshold t cost in all.

    Formula: docs/curves-and-significance.md#eq-decision-cost
    """
    return cost_false_positive * false_positives + cost_false_negative * false_negatives
# --8<-- [end:eq-decision-cost]


def check_cost(name, value):
    """A cost: a finite number >= 0, or a clear error."""
    try:
        good = not isinstance(value, bool) and value >= 0 and math.isfinite(value)
    except (TypeError, OverflowError):
        good = False
    if not good:
        raise ValueError(f"{name}={value!r}; a cost must be a finite number >= 0, such as 1 or 10")
    return value


class CostTable(ShownAsTable, list):
    """One dict per threshold (threshold, false positives, false negatives, cost), and the cheapest one.

    ``threshold``, ``cost``, ``false_positives`` and ``false_negatives`` are
    the cheapest row's.  Printing shows the rows around it (``rows(every=True)``
    gives them all).
    """

    align = "rrrrl"
    SHOWN = 5  # rows shown either side of the cheapest

    def rows(self, every=False):
        """The table as rows of strings, the cheapest one marked; the first row is the header."""
        best = self.index(self.best)
        first, last = (0, len(self)) if every else (max(best - self.SHOWN, 0), min(best + self.SHOWN + 1, len(self)))
        body = [[repr(row["threshold"]), str(row["false positives"]), str(row["false negatives"]),
                 str(row["cost"]), "<- cheapest" if k == best else ""] for k, row in enumerate(self) if first <= k < last]
        return [["threshold", "false positives", "false negatives", "cost", ""]] + body

    def to_text(self, every=False):
        text = ShownAsTable.to_text(self, every)
        if not every and len(self) > 2 * self.SHOWN + 1:
            text += f"\n({len(self)} thresholds in all; rows(every=True) lists every one)"
        return text

    __repr__ = __str__ = to_text


def threshold_for_cost(y_true, scores, cost_false_positive, cost_false_negative, pos_label=None):
    """The threshold t with the smallest total cost c_FP FP(t) + c_FN FN(t) on these examples, with every threshold's cost.

    Predict the positive class when the score is at least t.  The candidates
    are every distinct score, and infinity (never positive).  Of thresholds
    that cost the same, the highest wins (the fewest positive calls).  For a
    spam filter, with spam the positive class, losing a real message (a
    false positive) usually costs more than letting a spam through.
    """
    check_cost("cost_false_positive", cost_false_positive)
    check_cost("cost_false_negative", cost_false_negative)
    outcomes, scores, pos_label = outcomes_and_scores(y_true, scores, pos_label)
    n_positive = sum(outcomes)
    thresholds, true_positives, false_positives = counts_at_thresholds(outcomes, scores)
    table = CostTable()
    for t, tp, fp in zip([math.inf] + thresholds, [0] + true_positives, [0] + false_positives):
        fn = n_positive - tp
        cost = decision_cost(fp, fn, cost_false_positive, cost_false_negative)
        table.append({"threshold": t, "false positives": fp, "false negatives": fn, "cost": cost})
    table.best = min(table, key=lambda row: row["cost"])  # the first of equal costs: the highest threshold
    table.threshold, table.cost = table.best["threshold"], table.best["cost"]
    table.false_positives, table.false_negatives = table.best["false positives"], table.best["false negatives"]
    return table
