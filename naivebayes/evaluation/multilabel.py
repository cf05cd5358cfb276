"""Precision, recall and F1 when each example has a list of classes (multi-label), per class and averaged.

Introduction to Information Retrieval (chapter 13) evaluates a classifier of
Reuters stories this way.  Each class c is its own two-class problem, "c or
not c", with its own contingency table: TP_c stories both in c and predicted
in c, FP_c predicted in c but not in it, FN_c in c but not predicted.  From
each table come the class's precision, recall and F1, by the formulas of
``metrics.py``.  Two averages make one number of them:

* the macro average is the plain mean of the per-class values: every class
  counts the same, the small ones as much as *earn*;
* the micro average pools the K tables into one (sum_c TP_c, sum_c FP_c,
  sum_c FN_c) and computes the value of the pooled table: every decision
  counts the same, so the large classes dominate.

>>> y_true = [["grain", "wheat"], ["earn"], ["grain"], []]
>>> y_pred = [["grain"], ["earn"], ["grain", "wheat"], ["earn"]]
>>> multilabel_f1(y_true, y_pred)
{'earn': 0.6667, 'grain': 1.0000, 'wheat': 0.0000}
>>> multilabel_f1(y_true, y_pred, average="macro").exact
Fraction(5, 9)
>>> multilabel_f1(y_true, y_pred, average="micro").exact
Fraction(2, 3)

A label set is a list of labels, ``[]`` for an example in no class.  A
class that is never predicted has precision 0, and one that never occurs
recall 0 (the zero-division rule of ``metrics.py``, as scikit-learn's
``zero_division=0``).  docs/multi-label.md shows the formulas.
"""

from naivebayes.plumbing.display import Score
from naivebayes.plumbing.label_sets import check_class_list, check_label_sets, classes_of
from naivebayes.evaluation.metrics import (
    f1_from_precision_recall,
    macro_average,
    micro_average,
    precision_from_counts,
    recall_from_counts,
    score_table,
    weighted_average,
)

__all__ = [
    "multilabel_outcome_counts",
    "multilabel_precision_recall_f1",
    "multilabel_precision",
    "multilabel_recall",
    "multilabel_f1",
]

MULTILABEL_AVERAGES = (None, "macro", "micro", "weighted")


# --8<-- [start:eq-multilabel-counts]
def multilabel_outcome_counts(true_sets, predicted_sets, classes):
    """{c: {"tp", "fp", "fn", "tn", "support"}}: each class's own two-class contingency table.

    TP_c = #{i : c in Y_i and c in Ŷ_i}, FP_c = #{i : c not in Y_i, c in Ŷ_i},
    FN_c = #{i : c in Y_i, c not in Ŷ_i}, and TN_c the examples in neither;
    ``support`` is TP_c + FN_c, the examples that are in c.

    Formula: docs/multi-label.md#eq-multilabel-counts
    """
    counts = {c: {"tp": 0, "fp": 0, "fn": 0, "tn": 0} for c in classes}
    for true, predicted in zip(true_sets, predicted_sets):
        for c in classes:
            in_truth, in_prediction = c in true, c in predicted
            outcome = ("tp" if in_prediction else "fn") if in_truth else ("fp" if in_prediction else "tn")
            counts[c][outcome] += 1
    for count in counts.values():
        count["support"] = count["tp"] + count["fn"]
    return counts
# --8<-- [end:eq-multilabel-counts]


def checked_outcome_counts(y_true, y_pred, classes):
    """The outcome counts of the checked label sets, over ``classes`` (all the labels of both, sorted, if None)."""
    true_sets = check_label_sets("y_true", y_true)
    predicted_sets = check_label_sets("y_pred", y_pred, len(true_sets), examples_name="y_true")
    if not true_sets:
        raise ValueError("y_true is empty: give at least one example's labels")
    classes = check_class_list(classes)
    if classes is None:
        classes = classes_of(true_sets, predicted_sets)
        if not classes:
            raise ValueError("no example has a label in y_true or y_pred, so there is no class to score")
    true_sets = [set(labels) for labels in true_sets]
    predicted_sets = [set(labels) for labels in predicted_sets]
    return multilabel_outcome_counts(true_sets, predicted_sets, classes)


def multilabel_precision_recall_f1(y_true, y_pred, classes=None):
    """Per class: {"precision": P, "recall": R, "f1": F1, "support": n_c}, exact, from each class's own table.

    ``classes`` limits the table (and the averages) to those classes, such as
    the ten largest; by default every label of ``y_true`` and ``y_pred``.

    >>> multilabel_precision_recall_f1([["a", "b"], ["b"]], [["a"], ["a", "b"]])
    class  precision  recall      f1  support
    -----  ---------  ------  ------  -------
    a         0.5000  1.0000  0.6667        1
    b         1.0000  0.5000  0.6667        2
    """
    return score_table(checked_outcome_counts(y_true, y_pred, classes))


def multilabel_score(metric, y_true, y_pred, classes, average):
    """One metric ("precision", "recall" or "f1") per class, or its macro, micro or weighted average."""
    if average not in MULTILABEL_AVERAGES:
        raise ValueError(
            f"average={average!r} is not known; use None (one value per class), 'macro' (the mean over the "
            "classes), 'micro' (the pooled contingency table) or 'weighted' (the mean weighted by support)"
        )
    counts = checked_outcome_counts(y_true, y_pred, classes)
    if average == "micro":  # pool the K tables, then divide
        true_positives = [count["tp"] for count in counts.values()]
        P = micro_average(true_positives, [count["fp"] for count in counts.values()])
        R = micro_average(true_positives, [count["fn"] for count in counts.values()])
        return Score({"precision": P, "recall": R, "f1": f1_from_precision_recall(P, R)}[metric])
    per_class = {}
    for label, count in counts.items():
        P = precision_from_counts(count["tp"], count["fp"])
        R = recall_from_counts(count["tp"], count["fn"])
        per_class[label] = Score({"precision": P, "recall": R, "f1": f1_from_precision_recall(P, R)}[metric])
    if average is None:
        return per_class
    if average == "macro":
        return Score(macro_average(per_class.values()))
    supports = [count["support"] for count in counts.values()]
    if not any(supports):
        raise ValueError("no example of y_true is in any of the classes, so the weights of a weighted average are all 0")
    return Score(weighted_average(per_class.values(), supports))


def multilabel_precision(y_true, y_pred, classes=None, average=None):
    """Precision per class (``average=None``), or its "macro", "micro" or "weighted" average, for label sets."""
    return multilabel_score("precision", y_true, y_pred, classes, average)


def multilabel_recall(y_true, y_pred, classes=None, average=None):
    """Recall per class (``average=None``), or its "macro", "micro" or "weighted" average, for label sets."""
    return multilabel_score("recall", y_true, y_pred, classes, average)


def multilabel_f1(y_true, y_pred, classes=None, average=None):
    """F1 per class (``average=None``), or its average: "macro" (mean of the per-class F1), "micro" (F1 of the pooled table), "weighted".

    For cross-validation, ``functools.partial(multilabel_f1, average="micro")``
    is a scoring function.
    """
    return multilabel_score("f1", y_true, y_pred, classes, average)
