"""ROC and precision-recall curves, their areas and a threshold for a cost: hand-computed cases, then scikit-learn."""

import math
import random
from fractions import Fraction

import pytest

from naivebayes.evaluation.curves import (
    average_precision,
    average_precision_score,
    counts_at_thresholds,
    decision_cost,
    false_positive_rate,
    precision_recall_curve,
    roc_auc_score,
    roc_curve,
    threshold_for_cost,
    trapezoid_area,
)

Y = ["ham", "ham", "spam", "spam", "spam", "ham"]
P = [0.1, 0.4, 0.35, 0.8, 0.4, 0.7]  # P(spam); two messages tie at 0.4


# ---------------------------------------------------------------------------
# The formulas, by hand
# ---------------------------------------------------------------------------


def test_eq_counts_at_thresholds_by_hand():
    # highest first: 0.8 spam | 0.7 ham | 0.4 ham, 0.4 spam (one step) | 0.35 spam | 0.1 ham
    outcomes = [0, 0, 1, 1, 1, 0]
    assert counts_at_thresholds(outcomes, P) == ([0.8, 0.7, 0.4, 0.35, 0.1], [1, 1, 2, 3, 3], [0, 1, 2, 2, 3])


def test_eq_false_positive_rate_by_hand():
    assert false_positive_rate(2, 3) == Fraction(2, 3)
    assert false_positive_rate(0, 5) == 0


def test_eq_trapezoid_area_by_hand():
    # a square's lower-right half, then a staircase: 1/2 and (1/2)(1/2) + (1/2)(1) = 3/4
    assert trapezoid_area([0, 1], [0, 1]) == Fraction(1, 2)
    assert trapezoid_area([Fraction(0), Fraction(1, 2), Fraction(1, 2), Fraction(1)],
                          [Fraction(1, 2), Fraction(1, 2), Fraction(1), Fraction(1)]) == Fraction(3, 4)


def test_eq_average_precision_by_hand():
    # recall falls 1, 1/2, 0 with precision 2/3, 1, 1: AP = (1 - 1/2) 2/3 + (1/2 - 0) 1 = 5/6
    assert average_precision([Fraction(2, 3), 1, 1], [1, Fraction(1, 2), 0]) == Fraction(5, 6)


def test_eq_decision_cost_by_hand():
    assert decision_cost(2, 3, 10, 1) == 23
    assert decision_cost(0, 4, Fraction(1, 2), 3) == 12


# ---------------------------------------------------------------------------
# The curves, by hand
# ---------------------------------------------------------------------------


def test_roc_curve_by_hand_with_a_tie():
    fpr, tpr, thresholds = roc_curve(Y, P, pos_label="spam")
    # counts (TP, FP): (1,0) (1,1) (2,2) (3,2) (3,3), with (0,0) first; every point bends, so none is dropped
    assert fpr == [0, 0, Fraction(1, 3), Fraction(2, 3), Fraction(2, 3), 1]
    assert tpr == [0, Fraction(1, 3), Fraction(1, 3), Fraction(2, 3), 1, 1]
    assert thresholds == [math.inf, 0.8, 0.7, 0.4, 0.35, 0.1]
    # the area: 1/3 * 1/3 (flat at 1/3) + 1/3 * (1/3 + 2/3) / 2 (the tie's diagonal) + 1/3 * 1 = 2/3... worked:
    # [0,1/3] at 1/3: 1/9; [1/3,2/3] from 1/3 to 2/3: 1/6; [2/3,1] at 1: 1/3  -> 1/9 + 1/6 + 1/3 = 11/18
    assert roc_auc_score(Y, P, pos_label="spam") == Fraction(11, 18)
    assert roc_auc_score(Y, P, pos_label="spam").exact == Fraction(11, 18)


def test_roc_auc_is_the_share_of_positive_negative_pairs_ranked_right():
    # 9 pairs: spam 0.8 beats all 3 hams; spam 0.4 beats 0.1, ties 0.4 (half), loses to 0.7; spam 0.35 beats 0.1
    assert roc_auc_score(Y, P, pos_label="spam") == Fraction(3 + 1 + Fraction(1, 2) + 1, 9)


def test_roc_curve_drops_points_on_a_straight_run():
    y = [1, 1, 1, 0, 0]
    s = [0.9, 0.8, 0.7, 0.6, 0.5]
    fpr, tpr, thresholds = roc_curve(y, s)
    # (TP, FP): (1,0) (2,0) (3,0) (3,1) (3,2); 0.8 and 0.6 lie in the middle of straight runs
    assert (fpr, tpr, thresholds) == ([0, 0, 0, 1], [0, Fraction(1, 3), 1, 1], [math.inf, 0.9, 0.7, 0.5])
    fpr, tpr, thresholds = roc_curve(y, s, drop_intermediate=False)
    assert len(thresholds) == 6


def test_precision_recall_curve_by_hand():
    precision, recall, thresholds = precision_recall_curve(Y, P, pos_label="spam")
    # lowest threshold first: 0.1 (3/6), 0.35 (3/5), 0.4 (2/4), 0.7 (1/2), 0.8 (1/1), then (recall 0, precision 1)
    assert precision == [Fraction(1, 2), Fraction(3, 5), Fraction(1, 2), Fraction(1, 2), 1, 1]
    assert recall == [1, 1, Fraction(2, 3), Fraction(1, 3), Fraction(1, 3), 0]
    assert thresholds == [0.1, 0.35, 0.4, 0.7, 0.8]
    # AP = (1 - 2/3) 3/5 + (2/3 - 1/3) 1/2 + (1/3 - 0) 1 = 1/5 + 1/6 + 1/3 = 7/10
    assert average_precision_score(Y, P, pos_label="spam") == Fraction(7, 10)


def test_predict_proba_dicts_give_the_same_curve():
    rows = [{"ham": 1 - p, "spam": p} for p in P]
    assert roc_curve(Y, rows) == roc_curve(Y, P, pos_label="spam")  # spam: the greater label
    assert roc_curve(Y, rows, pos_label="ham") == roc_curve(Y, [1 - p for p in P], pos_label="ham")


def test_one_class_against_the_rest():
    y = ["a", "b", "c", "a"]
    rows = [{"a": 0.6, "b": 0.3, "c": 0.1}, {"a": 0.2, "b": 0.7, "c": 0.1},
            {"a": 0.5, "b": 0.1, "c": 0.4}, {"a": 0.9, "b": 0.05, "c": 0.05}]
    assert roc_auc_score(y, rows, pos_label="a") == 1
    assert roc_auc_score(y, [0.6, 0.2, 0.5, 0.9], pos_label="a") == 1


def test_a_curve_shows_as_a_table_and_keeps_its_area():
    curve = roc_curve(Y, P, pos_label="spam")
    assert curve.area == Fraction(11, 18)
    text = str(curve)
    assert text.splitlines()[0].split() == ["threshold", "false", "positive", "rate", "true", "positive", "rate"]
    assert "inf" in text and "<table" in curve._repr_html_()
    rows = precision_recall_curve(Y, P, pos_label="spam").rows()
    assert len(rows) == 1 + 6 and rows[-1] == ["", "1.0000", "0.0000"]  # the last point, which has no threshold


@pytest.mark.parametrize("call, error, phrase", [
    (lambda: roc_curve(["a", "a"], [0.1, 0.2], pos_label="a"), ValueError, "only examples of the positive class"),
    (lambda: roc_curve(["a", "b"], [0.1, 0.2], pos_label="c"), ValueError, "not one of the labels"),
    (lambda: roc_curve(["a", "b"], [0.1, 0.2]), ValueError, "say which class"),
    (lambda: roc_curve([0, 1], [0.1]), ValueError, "match one to one"),
    (lambda: roc_curve([0, 1], [0.1, math.nan]), ValueError, "finite number"),
    (lambda: roc_curve([0, 1], [0.1, "high"]), ValueError, "finite number"),
    (lambda: roc_curve([], []), ValueError, "empty"),
    (lambda: precision_recall_curve([0, 0], [0.1, 0.2]), ValueError, "no example of the positive class"),
    (lambda: roc_curve([0, 1], [{0: 0.5, 1: 0.5}, 0.3]), TypeError, "one form"),
    (lambda: roc_curve([0, 1], [0.3, {0: 0.5, 1: 0.5}]), TypeError, "one form"),
    (lambda: threshold_for_cost([0, 1], [0.1, 0.2], -1, 1), ValueError, "cost must be"),
    (lambda: threshold_for_cost([0, 1], [0.1, 0.2], 1, "x"), ValueError, "cost must be"),
])
def test_bad_input_gets_a_clear_error(call, error, phrase):
    with pytest.raises(error, match=phrase):
        call()


# ---------------------------------------------------------------------------
# A threshold for a cost
# ---------------------------------------------------------------------------


def test_threshold_for_cost_by_hand():
    # P = 3 spam. Threshold: inf (FP 0, FN 3), 0.8 (0, 2), 0.7 (1, 2), 0.4 (2, 1), 0.35 (2, 0), 0.1 (3, 0).
    # With c_FP = 5, c_FN = 1: costs 3, 2, 7, 11, 10, 15 -> 0.8 is cheapest.
    table = threshold_for_cost(Y, P, cost_false_positive=5, cost_false_negative=1, pos_label="spam")
    assert [row["cost"] for row in table] == [3, 2, 7, 11, 10, 15]
    assert (table.threshold, table.cost, table.false_positives, table.false_negatives) == (0.8, 2, 0, 2)
    # With c_FP = 1, c_FN = 5: costs 15, 10, 11, 7, 2, 3 -> 0.35 (catch every spam, one ham lost... two).
    table = threshold_for_cost(Y, P, 1, 5, pos_label="spam")
    assert (table.threshold, table.cost) == (0.35, 2)
    assert "<- cheapest" in str(table)


def test_threshold_for_cost_breaks_a_tie_by_the_highest_threshold():
    table = threshold_for_cost([0, 1], [0.2, 0.9], 1, 1)
    # inf: FN 1 (cost 1); 0.9: 0 (cost 0); 0.2: FP 1 (cost 1)
    assert table.threshold == 0.9
    table = threshold_for_cost([0, 1], [0.2, 0.9], 0, 0)
    assert table.threshold == math.inf


def test_threshold_for_cost_shows_a_long_table_around_its_cheapest_row():
    rng = random.Random(3)
    y = [rng.randint(0, 1) for _ in range(60)]
    s = [rng.random() for _ in range(60)]
    table = threshold_for_cost(y, s, 1, 1)
    assert len(table) == 61
    assert len(str(table).splitlines()) < 16 and "61 thresholds in all" in str(table)
    assert len(table.rows(every=True)) == 62


# ---------------------------------------------------------------------------
# scikit-learn, on random inputs with ties
# ---------------------------------------------------------------------------


def random_cases():
    rng = random.Random(0)
    for case in range(36):
        n = rng.randint(2, 80)
        y = [rng.randint(0, 1) for _ in range(n)]
        y[0], y[1] = 0, 1
        if case % 3 == 0:
            s = [rng.randint(0, 5) / 5 for _ in range(n)]  # many ties
        elif case % 3 == 1:
            s = [rng.random() for _ in range(n)]
        else:
            s = [rng.gauss(0, 3) for _ in range(n)]  # scores that are not probabilities
        yield y, s


def test_agrees_with_scikit_learn_to_1e_12():
    metrics = pytest.importorskip("sklearn.metrics")
    for case, (y, s) in enumerate(random_cases()):
        for drop in (True, False) if case % 2 else (True,):
            fpr, tpr, thresholds = roc_curve(y, s, drop_intermediate=drop)
            ref = metrics.roc_curve(y, s, drop_intermediate=drop)
            assert [float(v) for v in fpr] == ref[0].tolist()
            assert [float(v) for v in tpr] == ref[1].tolist()
            assert thresholds == ref[2].tolist()
        precision, recall, thresholds = precision_recall_curve(y, s)
        ref = metrics.precision_recall_curve(y, s)
        assert [float(v) for v in precision] == ref[0].tolist()
        assert [float(v) for v in recall] == ref[1].tolist()
        assert thresholds == ref[2].tolist()
        assert abs(float(roc_auc_score(y, s)) - metrics.roc_auc_score(y, s)) < 1e-12
        assert abs(float(average_precision_score(y, s)) - metrics.average_precision_score(y, s)) < 1e-12


# ---------------------------------------------------------------------------
# The pictures
# ---------------------------------------------------------------------------

from naivebayes.inspect.curve_pictures import PrecisionRecallPlot, RocCurvePlot  # noqa: E402


def test_roc_picture_draws_each_curve_with_its_area_in_the_legend():
    curves = {"naive Bayes": roc_curve(Y, P, pos_label="spam"),
              "reversed": roc_curve(Y, [1 - p for p in P], pos_label="spam")}
    picture = RocCurvePlot(curves, title="Two rankings")
    svg = picture.to_svg()
    assert svg == RocCurvePlot(curves, title="Two rankings").to_svg()  # the same input, the same file
    assert svg.count('class="curve"') == 2
    assert "naive Bayes (AUC 0.611)" in svg and "reversed (AUC 0.389)" in svg  # 11/18 and 7/18
    assert "coin toss" in picture._repr_svg_()
    assert repr(picture) == "RocCurvePlot(naive Bayes: 6 points, area 0.6111, reversed: 6 points, area 0.3889)"


def test_precision_recall_picture_draws_the_steps_of_average_precision():
    curve = precision_recall_curve(Y, P, pos_label="spam")
    picture = PrecisionRecallPlot({"naive Bayes": curve})
    # precision [1/2, 3/5, 1/2, 1/2, 1, 1] at recall [1, 1, 2/3, 1/3, 1/3, 0]: one point, then two per step
    assert len(picture.points(*picture.curves["naive Bayes"][:2])) == 1 + 2 * 5
    svg = picture.to_svg()
    assert "naive Bayes (AP 0.700)" in svg and "share of positives (0.500)" in svg


def test_a_plain_triple_with_its_area_given():
    picture = RocCurvePlot({"m": ([0, 1], [0, 1], [math.inf, 0.5])}, areas={"m": 0.5})
    assert "m (AUC 0.500)" in picture.to_svg()
    assert "m (AUC" not in RocCurvePlot({"m": ([0, 1], [0, 1], [math.inf, 0.5])}).to_svg()


@pytest.mark.parametrize("curves, error, phrase", [
    ({}, TypeError, "non-empty dict"),
    ({"m": "curve"}, TypeError, "what roc_curve"),
    ({"m": ([0, 1], [0], [1])}, ValueError, "as many points"),
    ({"m": ([0, 2], [0, 1], [1, 2])}, ValueError, r"\[0, 1\]"),
])
def test_picture_bad_input(curves, error, phrase):
    with pytest.raises(error, match=phrase):
        RocCurvePlot(curves)


def test_pictures_are_well_formed_svg_with_their_names_escaped():
    import xml.dom.minidom

    name = "<naive> & Bayes"
    for picture in (RocCurvePlot({name: roc_curve(Y, P, pos_label="spam")}),
                    PrecisionRecallPlot({name: precision_recall_curve(Y, P, pos_label="spam")})):
        svg = picture.to_svg()
        document = xml.dom.minidom.parseString(svg)  # (raises on a broken file)
        assert document.getElementsByTagName("title")
        assert "&lt;naive&gt; &amp; Bayes" in svg and "<naive>" not in svg


def test_the_roc_line_runs_from_the_bottom_left_to_the_top_right_corner():
    import re

    svg = RocCurvePlot({"m": roc_curve(Y, P, pos_label="spam")}).to_svg()
    points = re.search(r'<polyline class="curve" points="([^"]+)"', svg).group(1).split()
    frame = re.search(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="none"', svg)
    left, top, width, height = (float(v) for v in frame.groups())
    assert points[0] == f"{left:g},{top + height:g}" and points[-1] == f"{left + width:g},{top:g}"
    assert len(points) == 6
