"""How good are the predictions?  Accuracy, the confusion matrix, precision, recall, F1.

Every score here is a ratio of counts, so with the usual integer counts it
comes back as an exact ``Fraction`` that a hand calculation can be checked
against with ``==``; it is a ``Score``, a Fraction that prints as four
decimals (``score.exact`` shows the fraction).  The tables (the confusion
matrix, ``precision_recall_f1``, the report) print as text tables and show
as HTML tables in a notebook, and stay a dict of dicts (or a str) to index.
Everything is built from the confusion matrix:

    confusion matrix  ->  TP, FP, FN per class  ->  precision, recall, F1
                      ->  macro / micro / weighted averages

>>> y_true = ["spam", "spam", "spam", "spam", "ham", "ham", "ham", "ham", "ham", "ham"]
>>> y_pred = ["spam", "spam", "spam", "ham", "ham", "ham", "ham", "ham", "spam", "spam"]
>>> accuracy(y_true, y_pred)
0.7000
>>> accuracy(y_true, y_pred).exact
Fraction(7, 10)
>>> confusion_matrix(y_true, y_pred)
true \\ predicted  ham  spam
----------------  ---  ----
ham                 4     2
spam                1     3
>>> confusion_matrix(y_true, y_pred)["spam"]
{'ham': 1, 'spam': 3}
>>> precision(y_true, y_pred)
{'ham': 0.8000, 'spam': 0.6000}
>>> f1_score(y_true, y_pred, average="micro") == accuracy(y_true, y_pred)  # micro F1 is the accuracy
True

Zero-division rule: a class that is never predicted has precision 0/0 and a
class that never occurs in ``y_true`` has recall 0/0.  Both are reported as 0,
as scikit-learn does by default (``zero_division=0``, there with a warning).
See docs/metrics.md for the formulas.
"""

from naivebayes.core.arithmetic import Fraction, ratio
from naivebayes.plumbing.checks import as_list, is_missing
from naivebayes.plumbing.display import Score, ShownAsTable, html_table, markdown_table

__all__ = [
    "Score",
    "accuracy",
    "confusion_matrix",
    "format_confusion_matrix",
    "outcome_counts",
    "precision_recall_f1",
    "precision",
    "recall",
    "f1_score",
    "classification_report",
    "precision_from_counts",
    "recall_from_counts",
    "f1_from_precision_recall",
    "macro_average",
    "micro_average",
    "weighted_average",
]

AVERAGES = (None, "macro", "micro", "weighted")


# ---------------------------------------------------------------------------
# Checking the inputs
# ---------------------------------------------------------------------------


def _as_label_list(name, labels):
    """Return ``labels`` as a list, or raise an error that says how to fix the call.

    A missing label (``None``, or a float NaN such as an empty pandas cell) is
    refused: NaN is not even equal to itself, so it would be counted as a
    wrong prediction against another NaN and give a wrong score.
    """
    labels = as_list(name, labels, what="labels (such as ['spam', 'ham', 'spam'])")
    for position, label in enumerate(labels):
        if is_missing(label):
            raise ValueError(
                f"{name}[{position}] is {label!r}, a missing label; every example needs its true "
                f"and its predicted label, so drop the examples whose label is missing (or fill it in)"
            )
        try:
            hash(label)
        except TypeError:
            raise TypeError(
                f"{name}[{position}] = {label!r} is a {type(label).__name__}, which cannot "
                f"be a label; use strings, numbers or tuples"
            ) from None
    return labels


def _check_pair(y_true, y_pred):
    """Return ``y_true, y_pred`` as two lists of the same, non-zero length."""
    y_true = _as_label_list("y_true", y_true)
    y_pred = _as_label_list("y_pred", y_pred)
    if len(y_true) != len(y_pred):
        raise ValueError(
            f"y_true has {len(y_true)} labels but y_pred has {len(y_pred)}; "
            f"they must pair up one to one (y_pred[i] is the prediction for y_true[i])"
        )
    if len(y_true) == 0:
        raise ValueError("y_true and y_pred are empty; pass at least one example")
    return y_true, y_pred


def _check_label_order(labels, y_true, y_pred):
    """The rows and columns to report: ``labels`` if given, else the sorted labels seen."""
    seen = set(y_true) | set(y_pred)
    if labels is None:
        try:
            return sorted(seen)
        except TypeError:
            raise TypeError(
                f"the labels {sorted(map(repr, seen))} cannot be sorted into one order "
                f"(mixed types?); pass labels=[...] in the order you want"
            ) from None
    labels = _as_label_list("labels", labels)
    if not labels:
        raise ValueError("labels is empty; pass the class labels, or leave labels=None")
    for label in labels:
        if labels.count(label) > 1:
            raise ValueError(f"labels lists {label!r} twice; list each class once")
    known = set(labels)
    missing = [label for label in y_true + y_pred if label not in known]
    if missing:
        raise ValueError(
            f"labels misses {missing[0]!r}, which occurs in y_true or y_pred; "
            f"add it to labels (or leave labels=None to use every label seen)"
        )
    return labels


# ---------------------------------------------------------------------------
# Accuracy and the confusion matrix
# ---------------------------------------------------------------------------


# --8<-- [start:eq-accuracy]
def accuracy(y_true, y_pred):
    """Accuracy = (1/n) * #{i : y_i = yhat_i}, the share of correct predictions.

    Formula: docs/metrics.md#eq-accuracy
    """
    y_true, y_pred = _check_pair(y_true, y_pred)
    n = len(y_true)
    n_correct = sum(1 for y, y_hat in zip(y_true, y_pred) if y == y_hat)
    return Score(n_correct, n)  # an exact Fraction that prints as 0.7000
# --8<-- [end:eq-accuracy]


# --8<-- [start:eq-confusion-matrix]
def confusion_matrix(y_true, y_pred, labels=None):
    """C[a][b] = #{i : y_i = a and yhat_i = b}; rows are true labels, columns predicted.

    Every pair of labels is present, zeros included.  ``labels`` fixes the
    order (default: the sorted labels of both lists) and must contain every
    label that occurs.

    Formula: docs/metrics.md#eq-confusion-matrix
    """
    y_true, y_pred = _check_pair(y_true, y_pred)
    labels = _check_label_order(labels, y_true, y_pred)
    C = {a: {b: 0 for b in labels} for a in labels}
    for y, y_hat in zip(y_true, y_pred):
        C[y][y_hat] += 1
    return ConfusionMatrix(C)  # the same dict, printed as a table
# --8<-- [end:eq-confusion-matrix]


def _check_matrix(matrix):
    """Raise unless ``matrix`` looks like the dict of dicts from ``confusion_matrix``."""
    if not isinstance(matrix, dict) or not matrix:
        raise TypeError("pass the non-empty dict of dicts returned by confusion_matrix(y_true, y_pred)")
    labels = list(matrix)
    for row_label, row in matrix.items():
        if not isinstance(row, dict) or list(row) != labels:
            raise ValueError(
                f"row {row_label!r} of the matrix does not have one column per row label "
                f"{labels}; pass the dict returned by confusion_matrix(y_true, y_pred)"
            )


class ConfusionMatrix(ShownAsTable, dict):
    """The confusion matrix ``C[a][b]``: a dict of dicts (index it, compare it) that shows as a table.

    Rows are true labels, columns predicted labels; ``print`` and the REPL
    show the text table, a notebook the same table in HTML.
    """

    @property
    def align(self):
        """The label column on the left, the counts on the right."""
        return "l" + "r" * len(self)

    def rows(self):
        """The table as rows of strings; the first row is the header."""
        header = ["true \\ predicted"] + [str(b) for b in self]
        return [header] + [[str(a)] + [str(self[a][b]) for b in self] for a in self]


def format_confusion_matrix(matrix):
    r"""The confusion matrix as a text table: one row per true label, one column per prediction.

    >>> print(format_confusion_matrix({"ham": {"ham": 4, "spam": 2}, "spam": {"ham": 1, "spam": 3}}))
    true \ predicted  ham  spam
    ----------------  ---  ----
    ham                 4     2
    spam                1     3
    """
    _check_matrix(matrix)
    return ConfusionMatrix(matrix).to_text()


def outcome_counts(matrix):
    """Per label: true positives, false positives, false negatives and support from C.

    TP_k = C[k][k],  FP_k = (column k total) - TP_k,  FN_k = (row k total) - TP_k,
    support_k = row k total (how often k is the true label).

    >>> outcome_counts({"ham": {"ham": 4, "spam": 2}, "spam": {"ham": 1, "spam": 3}})["spam"]
    {'tp': 3, 'fp': 2, 'fn': 1, 'support': 4}
    """
    _check_matrix(matrix)
    counts = {}
    for k in matrix:
        true_positives = matrix[k][k]
        predicted_k = sum(matrix[a][k] for a in matrix)  # column total
        actually_k = sum(matrix[k][b] for b in matrix)  # row total
        counts[k] = {
            "tp": true_positives,
            "fp": predicted_k - true_positives,
            "fn": actually_k - true_positives,
            "support": actually_k,
        }
    return counts


# ---------------------------------------------------------------------------
# Precision, recall and F1 of one class
# ---------------------------------------------------------------------------


# --8<-- [start:eq-precision]
def precision_from_counts(true_positives, false_positives):
    """Precision = TP / (TP + FP), and 0 when the class is never predicted (TP + FP = 0).

    Formula: docs/metrics.md#eq-precision
    """
    predicted_positives = true_positives + false_positives
    if predicted_positives == 0:
        return Fraction(0)  # zero-division rule, as scikit-learn's zero_division=0
    return ratio(true_positives, predicted_positives)
# --8<-- [end:eq-precision]


# --8<-- [start:eq-recall]
def recall_from_counts(true_positives, false_negatives):
    """Recall = TP / (TP + FN), and 0 when the class never occurs (TP + FN = 0).

    Formula: docs/metrics.md#eq-recall
    """
    actual_positives = true_positives + false_negatives
    if actual_positives == 0:
        return Fraction(0)  # zero-division rule, as scikit-learn's zero_division=0
    return ratio(true_positives, actual_positives)
# --8<-- [end:eq-recall]


# --8<-- [start:eq-f1]
def f1_from_precision_recall(precision, recall):
    """F1 = 2 P R / (P + R), the harmonic mean of precision and recall; 0 when P + R = 0.

    Formula: docs/metrics.md#eq-f1
    """
    if precision + recall == 0:
        return Fraction(0)
    return ratio(2 * precision * recall, precision + recall)
# --8<-- [end:eq-f1]


def precision_recall_f1(y_true, y_pred, labels=None):
    """Per label: {"precision": P, "recall": R, "f1": F1, "support": n_k}, exact Fractions.

    A class that is never predicted gets precision 0 and a class that never
    occurs gets recall 0 (the zero-division rule); F1 is then 0 when both are.

    >>> table = precision_recall_f1(["a", "a", "b"], ["a", "b", "b"])
    >>> table
    class  precision  recall      f1  support
    -----  ---------  ------  ------  -------
    a         1.0000  0.5000  0.6667        2
    b         0.5000  1.0000  0.6667        1
    >>> table["a"]["f1"], table["a"]["f1"].exact
    (0.6667, Fraction(2, 3))
    """
    return score_table(outcome_counts(confusion_matrix(y_true, y_pred, labels)))


def score_table(counts):
    """The ``ScoreTable`` of ``{label: {"tp", "fp", "fn", "support"}}``: each class's precision, recall and F1."""
    table = ScoreTable()
    for label, count in counts.items():
        P = precision_from_counts(count["tp"], count["fp"])
        R = recall_from_counts(count["tp"], count["fn"])
        table[label] = {
            "precision": Score(P),
            "recall": Score(R),
            "f1": Score(f1_from_precision_recall(P, R)),
            "support": count["support"],
        }
    return table


class ScoreTable(ShownAsTable, dict):
    """``{label: {"precision": P, "recall": R, "f1": F1, "support": n_k}}``, shown as a table."""

    align = "lrrrr"

    def rows(self):
        """The table as rows of strings; the first row is the header."""
        header = ["class", "precision", "recall", "f1", "support"]
        return [header] + [
            [str(label)] + [str(row[name]) for name in ("precision", "recall", "f1", "support")]
            for label, row in self.items()
        ]


# ---------------------------------------------------------------------------
# One number for all classes: macro, micro and weighted averages
# ---------------------------------------------------------------------------


# --8<-- [start:eq-macro-average]
def macro_average(values):
    """Macro average = (1/K) * sum_k m_k, the plain mean over the K classes.

    Formula: docs/metrics.md#eq-macro-average
    """
    values = list(values)
    return ratio(sum(values), len(values))
# --8<-- [end:eq-macro-average]


# --8<-- [start:eq-micro-average]
def micro_average(true_positives, false_counts):
    """Micro average = sum_k TP_k / (sum_k TP_k + sum_k F_k), F = FP for precision, FN for recall.

    The counts of all classes are pooled first, then divided.  For single-label
    problems both pooled sums of mistakes are n - (number correct), so micro
    precision = micro recall = micro F1 = accuracy.

    Formula: docs/metrics.md#eq-micro-average
    """
    pooled_true_positives = sum(true_positives)
    pooled_false = sum(false_counts)
    return precision_from_counts(pooled_true_positives, pooled_false)
# --8<-- [end:eq-micro-average]


# --8<-- [start:eq-weighted-average]
def weighted_average(values, supports):
    """Weighted average = sum_k n_k m_k / sum_k n_k, each class weighted by its support n_k.

    Formula: docs/metrics.md#eq-weighted-average
    """
    values, supports = list(values), list(supports)
    weighted_sum = sum(n_k * m_k for n_k, m_k in zip(supports, values))
    return ratio(weighted_sum, sum(supports))
# --8<-- [end:eq-weighted-average]


def _check_average(average):
    """Raise unless ``average`` is one of None, "macro", "micro", "weighted"."""
    if average not in AVERAGES:
        raise ValueError(
            f"average={average!r} is not known; use None (one value per class), "
            f"'macro', 'micro' or 'weighted'"
        )


def _micro_scores(counts):
    """Micro precision, recall and F1 from the per-label outcome counts."""
    true_positives = [count["tp"] for count in counts.values()]
    micro_precision = micro_average(true_positives, [count["fp"] for count in counts.values()])
    micro_recall = micro_average(true_positives, [count["fn"] for count in counts.values()])
    return {
        "precision": micro_precision,
        "recall": micro_recall,
        "f1": f1_from_precision_recall(micro_precision, micro_recall),
    }


def _score(metric, y_true, y_pred, labels, average):
    """One metric ("precision", "recall" or "f1") per class or averaged."""
    _check_average(average)
    table = precision_recall_f1(y_true, y_pred, labels)
    per_class = {label: row[metric] for label, row in table.items()}
    if average is None:
        return per_class
    if average == "macro":
        return Score(macro_average(per_class.values()))
    if average == "weighted":
        return Score(weighted_average(per_class.values(), [row["support"] for row in table.values()]))
    counts = outcome_counts(confusion_matrix(y_true, y_pred, labels))
    return Score(_micro_scores(counts)[metric])


def precision(y_true, y_pred, labels=None, average=None):
    """Precision per class (``average=None``) or averaged ("macro", "micro", "weighted").

    >>> precision(["a", "a", "b"], ["a", "b", "b"], average="macro")
    0.7500
    """
    return _score("precision", y_true, y_pred, labels, average)


def recall(y_true, y_pred, labels=None, average=None):
    """Recall per class (``average=None``) or averaged ("macro", "micro", "weighted").

    >>> recall(["a", "a", "b"], ["a", "b", "b"])
    {'a': 0.5000, 'b': 1.0000}
    """
    return _score("recall", y_true, y_pred, labels, average)


def f1_score(y_true, y_pred, labels=None, average=None):
    """F1 per class (``average=None``) or averaged ("macro", "micro", "weighted").

    Macro and weighted F1 average the per-class F1 values; micro F1 is the F1
    of micro precision and micro recall (which equals the accuracy).

    >>> f1_score(["a", "a", "b"], ["a", "b", "b"], average="weighted").exact
    Fraction(2, 3)
    """
    return _score("f1", y_true, y_pred, labels, average)


# ---------------------------------------------------------------------------
# A printable report
# ---------------------------------------------------------------------------


def classification_report(y_true, y_pred, labels=None, digits=4):
    """A text table like scikit-learn's: per class, then accuracy, macro and weighted averages.

    The layout is scikit-learn's ``classification_report`` (without its final
    newline); the exact Fractions are rounded to ``digits`` decimals for display.
    It is a ``ClassificationReport``: a str to print or compare, which a
    notebook shows as the same table in HTML.

    >>> print(classification_report(["a", "a", "b"], ["a", "b", "b"], digits=2))
                  precision    recall  f1-score   support
    <BLANKLINE>
               a       1.00      0.50      0.67         2
               b       0.50      1.00      0.67         1
    <BLANKLINE>
        accuracy                           0.67         3
       macro avg       0.75      0.75      0.67         3
    weighted avg       0.83      0.67      0.67         3
    """
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 0:
        raise ValueError(f"digits={digits!r}; pass a whole number of decimals such as 2 or 4")
    table = precision_recall_f1(y_true, y_pred, labels)
    n = sum(row["support"] for row in table.values())
    averages = []
    for name, average in (("macro avg", "macro"), ("weighted avg", "weighted")):
        P = precision(y_true, y_pred, labels, average)
        R = recall(y_true, y_pred, labels, average)
        F = f1_score(y_true, y_pred, labels, average)
        averages.append((name, P, R, F))

    width = max(len("weighted avg"), digits, *(len(str(label)) for label in table))

    def line(name, P, R, F, support):
        """One row: the name right-aligned, three decimals, then a count."""
        numbers = "".join(f" {float(value):>9.{digits}f}" for value in (P, R, F))
        return f"{name:>{width}} " + numbers + f" {support:>9}"

    def cells(name, P, R, F, support):
        """The same row as cells of the HTML and Markdown table."""
        return [name] + ["" if value is None else f"{float(value):.{digits}f}" for value in (P, R, F)] + [str(support)]

    headers = ("precision", "recall", "f1-score", "support")
    lines = [" " * width + " " + "".join(f" {header:>9}" for header in headers), ""]
    rows = []
    for label, row in table.items():
        lines.append(line(str(label), row["precision"], row["recall"], row["f1"], row["support"]))
        rows.append(cells(str(label), row["precision"], row["recall"], row["f1"], row["support"]))
    lines.append("")
    accuracy_value = float(accuracy(y_true, y_pred))
    lines.append(f"{'accuracy':>{width}} " + " " * 20 + f" {accuracy_value:>9.{digits}f} {n:>9}")
    rows.append(cells("accuracy", None, None, accuracy_value, n))
    for name, P, R, F in averages:
        lines.append(line(name, P, R, F, n))
        rows.append(cells(name, P, R, F, n))
    return ClassificationReport("\n".join(lines), ["", *headers], rows)


class ClassificationReport(str):
    """The report's text (a str: print it, compare it, split it) that a notebook shows as an HTML table.

    ``header`` and ``rows`` hold the same table as strings, per class, then
    accuracy, macro and weighted averages; the text keeps scikit-learn's layout.
    """

    def __new__(cls, text, header, rows):
        report = super().__new__(cls, text)
        report.header, report.rows = header, rows
        return report

    def __repr__(self):
        return str.__str__(self)  # the table, not a quoted string with \n in it

    def __reduce__(self):  # pickle and copy: the text and the table
        return ClassificationReport, (str.__str__(self), self.header, self.rows)

    def to_markdown(self):
        return markdown_table(self.header, self.rows, align="lrrrr")

    def to_html(self):
        return html_table(self.header, self.rows, align="lrrrr")

    def _repr_html_(self):
        return self.to_html()

    def _repr_markdown_(self):
        return self.to_markdown()
