"""Tests for naivebayes.metrics: every number below was worked out by hand.

The running example (also on docs/metrics.md): ten e-mails, four spam.

    true \\ predicted  ham  spam
    ----------------  ---  ----
    ham                 4     2
    spam                1     3

spam: TP 3, FP 2, FN 1, support 4 -> P 3/5, R 3/4, F1 2/3
ham:  TP 4, FP 1, FN 2, support 6 -> P 4/5, R 2/3, F1 8/11
"""

import math
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes.evaluation.metrics import (
    accuracy,
    classification_report,
    confusion_matrix,
    f1_from_precision_recall,
    f1_score,
    format_confusion_matrix,
    macro_average,
    micro_average,
    outcome_counts,
    precision,
    precision_from_counts,
    precision_recall_f1,
    recall,
    recall_from_counts,
    weighted_average,
)

Y_TRUE = ["spam", "spam", "spam", "spam", "ham", "ham", "ham", "ham", "ham", "ham"]
Y_PRED = ["spam", "spam", "spam", "ham", "ham", "ham", "ham", "ham", "spam", "spam"]

# Three classes; "c" is predicted once, never correctly.
#   true \ pred  a  b  c
#   a            2  1  0
#   b            0  1  1
#   c            1  0  0
ABC_TRUE = ["a", "a", "a", "b", "b", "c"]
ABC_PRED = ["a", "b", "a", "b", "c", "a"]


def random_labels(seed, n=200, classes=("x", "y", "z", "w")):
    """A reproducible random pair (y_true, y_pred) with some agreement."""
    rng = random.Random(seed)
    y_true = [rng.choice(classes) for _ in range(n)]
    y_pred = [y if rng.random() < 0.6 else rng.choice(classes) for y in y_true]
    return y_true, y_pred


# ---------------------------------------------------------------------------
# eq-accuracy
# ---------------------------------------------------------------------------


def test_eq_accuracy_on_the_spam_example():
    assert accuracy(Y_TRUE, Y_PRED) == Fraction(7, 10)
    assert isinstance(accuracy(Y_TRUE, Y_PRED), Fraction)


def test_eq_accuracy_on_three_classes():
    assert accuracy(ABC_TRUE, ABC_PRED) == Fraction(1, 2)


def test_eq_accuracy_all_right_and_all_wrong():
    assert accuracy(["a", "b"], ["a", "b"]) == 1
    assert accuracy(["a", "b"], ["b", "a"]) == 0


def test_eq_accuracy_accepts_tuples_and_numbers():
    assert accuracy((1, 2, 2), (1, 2, 1)) == Fraction(2, 3)


# ---------------------------------------------------------------------------
# eq-confusion-matrix
# ---------------------------------------------------------------------------


def test_eq_confusion_matrix_on_the_spam_example():
    assert confusion_matrix(Y_TRUE, Y_PRED) == {
        "ham": {"ham": 4, "spam": 2},
        "spam": {"ham": 1, "spam": 3},
    }


def test_eq_confusion_matrix_on_three_classes_keeps_zero_cells():
    C = confusion_matrix(ABC_TRUE, ABC_PRED)
    assert C == {
        "a": {"a": 2, "b": 1, "c": 0},
        "b": {"a": 0, "b": 1, "c": 1},
        "c": {"a": 1, "b": 0, "c": 0},
    }
    assert isinstance(C, dict) and all(type(row) is dict for row in C.values())  # a dict that prints as a table


def test_eq_confusion_matrix_labels_fix_the_order_and_may_add_classes():
    C = confusion_matrix(Y_TRUE, Y_PRED, labels=["spam", "ham", "eggs"])
    assert list(C) == ["spam", "ham", "eggs"]
    assert list(C["ham"]) == ["spam", "ham", "eggs"]
    assert C["spam"] == {"spam": 3, "ham": 1, "eggs": 0}
    assert C["eggs"] == {"spam": 0, "ham": 0, "eggs": 0}


def test_eq_confusion_matrix_labels_default_to_sorted_union():
    # "c" only ever appears as a prediction, "a" only as a true label
    C = confusion_matrix(["b", "a"], ["c", "b"])
    assert list(C) == ["a", "b", "c"]
    assert C["a"]["b"] == 1 and C["b"]["c"] == 1
    assert sum(sum(row.values()) for row in C.values()) == 2


def test_eq_confusion_matrix_counts_add_up_to_n():
    y_true, y_pred = random_labels(seed=3)
    C = confusion_matrix(y_true, y_pred)
    assert sum(sum(row.values()) for row in C.values()) == len(y_true)
    assert sum(C[k][k] for k in C) == accuracy(y_true, y_pred) * len(y_true)


def test_outcome_counts_read_the_matrix():
    counts = outcome_counts(confusion_matrix(Y_TRUE, Y_PRED))
    assert counts == {
        "ham": {"tp": 4, "fp": 1, "fn": 2, "support": 6},
        "spam": {"tp": 3, "fp": 2, "fn": 1, "support": 4},
    }


def test_format_confusion_matrix_rows_are_true_labels():
    text = format_confusion_matrix(confusion_matrix(Y_TRUE, Y_PRED))
    assert text == (
        "true \\ predicted  ham  spam\n"
        "----------------  ---  ----\n"
        "ham                 4     2\n"
        "spam                1     3"
    )


def test_format_confusion_matrix_widens_columns_for_long_labels_and_big_counts():
    matrix = {"a very long label": {"a very long label": 12345, "b": 0}, "b": {"a very long label": 1, "b": 2}}
    lines = format_confusion_matrix(matrix).splitlines()
    assert lines[0] == "true \\ predicted   a very long label  b"
    assert lines[2] == "a very long label              12345  0"
    assert lines[3] == "b                                  1  2"


# ---------------------------------------------------------------------------
# eq-precision, eq-recall, eq-f1
# ---------------------------------------------------------------------------


def test_eq_precision_from_counts():
    assert precision_from_counts(3, 2) == Fraction(3, 5)
    assert precision_from_counts(4, 1) == Fraction(4, 5)
    assert isinstance(precision_from_counts(3, 2), Fraction)


def test_eq_precision_is_zero_for_a_class_never_predicted():
    assert precision_from_counts(0, 0) == 0
    table = precision_recall_f1(["a", "a", "b", "c"], ["a", "a", "b", "b"])
    assert table["c"]["precision"] == 0  # 0/0: never predicted
    assert table["b"]["precision"] == Fraction(1, 2)


def test_eq_precision_per_class_on_the_spam_example():
    assert precision(Y_TRUE, Y_PRED) == {"ham": Fraction(4, 5), "spam": Fraction(3, 5)}


def test_eq_precision_per_class_on_three_classes():
    assert precision(ABC_TRUE, ABC_PRED) == {"a": Fraction(2, 3), "b": Fraction(1, 2), "c": 0}


def test_eq_recall_from_counts():
    assert recall_from_counts(3, 1) == Fraction(3, 4)
    assert recall_from_counts(4, 2) == Fraction(2, 3)
    assert recall_from_counts(0, 0) == 0


def test_eq_recall_is_zero_for_a_class_that_never_occurs():
    table = precision_recall_f1(["a", "b"], ["a", "b"], labels=["a", "b", "eggs"])
    assert table["eggs"] == {"precision": 0, "recall": 0, "f1": 0, "support": 0}
    assert table["a"]["recall"] == 1


def test_eq_recall_per_class_on_the_spam_example():
    assert recall(Y_TRUE, Y_PRED) == {"ham": Fraction(2, 3), "spam": Fraction(3, 4)}


def test_eq_f1_of_precision_and_recall():
    assert f1_from_precision_recall(Fraction(3, 5), Fraction(3, 4)) == Fraction(2, 3)
    assert f1_from_precision_recall(Fraction(4, 5), Fraction(2, 3)) == Fraction(8, 11)
    # harmonic, not arithmetic mean: 2 * 1 * (1/100) / (101/100) = 2/101
    assert f1_from_precision_recall(1, Fraction(1, 100)) == Fraction(2, 101)


def test_eq_f1_is_zero_when_precision_and_recall_are_zero():
    assert f1_from_precision_recall(0, 0) == 0
    assert precision_recall_f1(["s", "h", "h"], ["h", "h", "h"])["s"] == {
        "precision": 0,
        "recall": 0,
        "f1": 0,
        "support": 1,
    }


def test_eq_f1_table_on_the_spam_example():
    assert precision_recall_f1(Y_TRUE, Y_PRED) == {
        "ham": {"precision": Fraction(4, 5), "recall": Fraction(2, 3), "f1": Fraction(8, 11), "support": 6},
        "spam": {"precision": Fraction(3, 5), "recall": Fraction(3, 4), "f1": Fraction(2, 3), "support": 4},
    }
    assert f1_score(Y_TRUE, Y_PRED) == {"ham": Fraction(8, 11), "spam": Fraction(2, 3)}


# ---------------------------------------------------------------------------
# eq-macro-average, eq-micro-average, eq-weighted-average
# ---------------------------------------------------------------------------


def test_eq_macro_average_is_the_plain_mean():
    assert macro_average([Fraction(4, 5), Fraction(3, 5)]) == Fraction(7, 10)
    assert macro_average([1, 0, 0]) == Fraction(1, 3)


def test_eq_macro_average_on_the_spam_example():
    assert precision(Y_TRUE, Y_PRED, average="macro") == Fraction(7, 10)
    assert recall(Y_TRUE, Y_PRED, average="macro") == Fraction(17, 24)
    assert f1_score(Y_TRUE, Y_PRED, average="macro") == Fraction(23, 33)


def test_eq_macro_average_f1_is_not_the_f1_of_the_averages():
    f1_of_macro_precision_and_recall = f1_from_precision_recall(Fraction(7, 10), Fraction(17, 24))
    assert f1_of_macro_precision_and_recall == Fraction(119, 169)
    assert f1_score(Y_TRUE, Y_PRED, average="macro") != f1_of_macro_precision_and_recall


def test_eq_macro_average_on_three_classes_counts_the_zero_class():
    assert precision(ABC_TRUE, ABC_PRED, average="macro") == Fraction(7, 18)


def test_eq_micro_average_pools_the_counts():
    # spam example: sum TP = 4 + 3, sum FP = 1 + 2
    assert micro_average([4, 3], [1, 2]) == Fraction(7, 10)
    # per class 1/(1+0) and 1/(1+3) would average to 5/8; pooled it is 2/(2+3)
    assert micro_average([1, 1], [0, 3]) == Fraction(2, 5)


def test_eq_micro_average_equals_accuracy_on_the_spam_example():
    for score in (precision, recall, f1_score):
        assert score(Y_TRUE, Y_PRED, average="micro") == Fraction(7, 10) == accuracy(Y_TRUE, Y_PRED)


@pytest.mark.parametrize("seed", range(20))
def test_eq_micro_average_equals_accuracy_for_single_label_problems(seed):
    y_true, y_pred = random_labels(seed, n=30 + seed)
    expected = accuracy(y_true, y_pred)
    assert precision(y_true, y_pred, average="micro") == expected
    assert recall(y_true, y_pred, average="micro") == expected
    assert f1_score(y_true, y_pred, average="micro") == expected


def test_eq_weighted_average_weights_by_support():
    assert weighted_average([Fraction(4, 5), Fraction(3, 5)], [6, 4]) == Fraction(18, 25)
    assert weighted_average([1, 0], [3, 1]) == Fraction(3, 4)


def test_eq_weighted_average_on_the_spam_example():
    assert precision(Y_TRUE, Y_PRED, average="weighted") == Fraction(18, 25)
    assert recall(Y_TRUE, Y_PRED, average="weighted") == Fraction(7, 10)
    assert f1_score(Y_TRUE, Y_PRED, average="weighted") == Fraction(116, 165)


def test_eq_weighted_average_on_three_classes():
    # (3 * 2/3 + 2 * 1/2 + 1 * 0) / 6
    assert precision(ABC_TRUE, ABC_PRED, average="weighted") == Fraction(1, 2)


@pytest.mark.parametrize("seed", range(5))
def test_eq_weighted_average_recall_equals_accuracy(seed):
    y_true, y_pred = random_labels(seed)
    assert recall(y_true, y_pred, average="weighted") == accuracy(y_true, y_pred)


# ---------------------------------------------------------------------------
# The printable report
# ---------------------------------------------------------------------------


def test_classification_report_on_the_spam_example():
    expected = (
        "              precision    recall  f1-score   support\n"
        "\n"
        "         ham     0.8000    0.6667    0.7273         6\n"
        "        spam     0.6000    0.7500    0.6667         4\n"
        "\n"
        "    accuracy                         0.7000        10\n"
        "   macro avg     0.7000    0.7083    0.6970        10\n"
        "weighted avg     0.7200    0.7000    0.7030        10"
    )
    assert classification_report(Y_TRUE, Y_PRED) == expected


def test_the_report_on_the_docs_page_is_what_classification_report_prints():
    # docs/metrics.md shows the report as a text block (its blank lines would
    # need <BLANKLINE> markers in a doctest); this keeps the block true.
    page = (Path(__file__).resolve().parent.parent / "docs" / "metrics.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```text\n(.*?)\n```$", page, flags=re.DOTALL | re.MULTILINE)
    assert classification_report(Y_TRUE, Y_PRED) in blocks


def test_the_docs_page_has_no_blank_lines_in_doctest_output():
    page = (Path(__file__).resolve().parent.parent / "docs" / "metrics.md").read_text(encoding="utf-8")
    assert "<BLANKLINE>" not in page


def test_classification_report_digits_and_long_labels():
    report = classification_report(["a long label name", "b"], ["a long label name", "a long label name"], digits=1)
    lines = report.splitlines()
    assert lines[2] == "a long label name        0.5       1.0       0.7         1"
    assert lines[5] == "         accuracy                            0.5         2"


# ---------------------------------------------------------------------------
# Errors that tell the student what to do
# ---------------------------------------------------------------------------


def test_a_single_string_is_rejected_with_a_hint():
    with pytest.raises(TypeError, match="single string.*list of labels"):
        accuracy("spam", "spam")
    with pytest.raises(TypeError, match="y_pred is a single string"):
        precision(["spam"], "spam")


def test_lengths_must_match():
    with pytest.raises(ValueError, match="y_true has 3 labels but y_pred has 2"):
        accuracy(["a", "b", "c"], ["a", "b"])


def test_empty_input_is_rejected():
    with pytest.raises(ValueError, match="empty"):
        confusion_matrix([], [])


def test_unordered_or_unsized_input_is_rejected():
    with pytest.raises(TypeError, match="set.*no fixed order"):
        accuracy({"a", "b"}, ["a", "b"])
    with pytest.raises(TypeError, match=r"list\(\.\.\.\)"):
        accuracy((label for label in "ab"), ["a", "b"])
    with pytest.raises(TypeError, match="must be a list"):
        accuracy(5, [5])


def test_unhashable_labels_are_rejected():
    with pytest.raises(TypeError, match=r"y_true\[1\] = \['b'\]"):
        accuracy(["a", ["b"]], ["a", "b"])


MISSING = [None, math.nan, float("nan")]
LABEL_FUNCTIONS = [accuracy, confusion_matrix, precision_recall_f1, precision, recall, f1_score, classification_report]


@pytest.mark.parametrize("missing", MISSING, ids=["None", "math.nan", "float('nan')"])
@pytest.mark.parametrize("function", LABEL_FUNCTIONS, ids=lambda function: function.__name__)
def test_a_missing_label_is_an_error_naming_its_position(function, missing):
    with pytest.raises(ValueError, match=r"y_true\[2\] is (None|nan), a missing label; .*drop"):
        function(["a", "b", missing], ["a", "b", "b"])
    with pytest.raises(ValueError, match=r"y_pred\[0\] is (None|nan), a missing label"):
        function(["a", "b", "b"], [missing, "b", "b"])


@pytest.mark.parametrize("missing", MISSING, ids=["None", "math.nan", "float('nan')"])
def test_a_missing_number_label_is_an_error_not_a_wrong_score(missing):
    # NaN != NaN, so without the check accuracy([1, 2, nan], [1, 2, nan]) would be 2/3.
    with pytest.raises(ValueError, match=r"y_true\[2\]"):
        accuracy([1, 2, missing], [1, 2, missing])


def test_a_missing_label_in_labels_is_an_error():
    with pytest.raises(ValueError, match=r"labels\[1\] is None, a missing label"):
        confusion_matrix(Y_TRUE, Y_PRED, labels=["ham", None, "spam"])


def test_labels_must_cover_every_label_that_occurs():
    with pytest.raises(ValueError, match="labels misses 'spam'"):
        confusion_matrix(Y_TRUE, Y_PRED, labels=["ham"])


def test_labels_must_not_repeat_or_be_empty():
    with pytest.raises(ValueError, match="'ham' twice"):
        confusion_matrix(Y_TRUE, Y_PRED, labels=["ham", "spam", "ham"])
    with pytest.raises(ValueError, match="labels is empty"):
        precision_recall_f1(Y_TRUE, Y_PRED, labels=[])
    with pytest.raises(TypeError, match="single string"):
        precision_recall_f1(Y_TRUE, Y_PRED, labels="spam")


def test_mixed_label_types_ask_for_an_explicit_order():
    with pytest.raises(TypeError, match="cannot be sorted.*labels="):
        confusion_matrix([1, "a"], [1, "a"])
    assert confusion_matrix([1, "a"], [1, "a"], labels=["a", 1]) == {"a": {"a": 1, 1: 0}, 1: {"a": 0, 1: 1}}


def test_unknown_average_is_rejected():
    with pytest.raises(ValueError, match="'binary' is not known.*'macro'"):
        f1_score(Y_TRUE, Y_PRED, average="binary")


def test_format_confusion_matrix_needs_a_matrix():
    with pytest.raises(TypeError, match="confusion_matrix"):
        format_confusion_matrix([[4, 2], [1, 3]])
    with pytest.raises(ValueError, match="row 'spam'"):
        format_confusion_matrix({"ham": {"ham": 4, "spam": 2}, "spam": {"ham": 1}})


def test_classification_report_rejects_bad_digits():
    with pytest.raises(ValueError, match="digits"):
        classification_report(Y_TRUE, Y_PRED, digits=2.5)


def test_inputs_are_not_modified():
    y_true, y_pred = list(Y_TRUE), list(Y_PRED)
    labels = ["spam", "ham"]
    classification_report(y_true, y_pred, labels=labels)
    assert (y_true, y_pred, labels) == (Y_TRUE, Y_PRED, ["spam", "ham"])


# ---------------------------------------------------------------------------
# Cross-check against scikit-learn (skipped when it is not installed)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_agrees_with_scikit_learn_on_a_random_multiclass_example(seed):
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    y_true, y_pred = random_labels(seed, n=97, classes=("ant", "bee", "cat", "dog", "eel"))
    labels = sorted(set(y_true) | set(y_pred))

    assert abs(float(accuracy(y_true, y_pred)) - sklearn_metrics.accuracy_score(y_true, y_pred)) < 1e-12

    expected_matrix = sklearn_metrics.confusion_matrix(y_true, y_pred, labels=labels)
    ours = confusion_matrix(y_true, y_pred)
    assert [[ours[a][b] for b in labels] for a in labels] == expected_matrix.tolist()

    P, R, F, support = sklearn_metrics.precision_recall_fscore_support(y_true, y_pred, average=None)
    table = precision_recall_f1(y_true, y_pred)
    for i, label in enumerate(labels):
        assert abs(float(table[label]["precision"]) - P[i]) < 1e-12
        assert abs(float(table[label]["recall"]) - R[i]) < 1e-12
        assert abs(float(table[label]["f1"]) - F[i]) < 1e-12
        assert table[label]["support"] == support[i]

    for average in ("macro", "micro", "weighted"):
        P, R, F, _ = sklearn_metrics.precision_recall_fscore_support(y_true, y_pred, average=average)
        assert abs(float(precision(y_true, y_pred, average=average)) - P) < 1e-12
        assert abs(float(recall(y_true, y_pred, average=average)) - R) < 1e-12
        assert abs(float(f1_score(y_true, y_pred, average=average)) - F) < 1e-12

    assert classification_report(y_true, y_pred) == sklearn_metrics.classification_report(y_true, y_pred, digits=4).rstrip("\n")


def test_zero_division_agrees_with_scikit_learn():
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    y_true, y_pred = ["a", "a", "b", "c", "c"], ["a", "b", "b", "b", "a"]  # "c" never predicted
    for average in (None, "macro", "micro", "weighted"):
        expected = sklearn_metrics.precision_recall_fscore_support(y_true, y_pred, average=average, zero_division=0)
        ours = [score(y_true, y_pred, average=average) for score in (precision, recall, f1_score)]
        for mine, theirs in zip(ours, expected[:3]):
            mine = list(mine.values()) if average is None else [mine]
            theirs = list(theirs) if average is None else [theirs]
            assert [float(value) for value in mine] == pytest.approx(theirs, abs=1e-12)
