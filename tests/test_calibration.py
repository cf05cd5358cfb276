"""Calibration (naivebayes/evaluation/calibration.py): each formula by hand, then against scikit-learn
on random predictions: metrics and the isotonic fit to 1e-12, Platt's sigmoid to scikit-learn's tolerance."""

import math
import random
from fractions import Fraction

import pytest

from naivebayes.evaluation.calibration import (
    IsotonicRegression,
    PlattCalibrator,
    brier_score,
    brier_score_loss,
    calibration_curve,
    calibration_error,
    expected_calibration_error,
    interpolate,
    log_loss,
    mean_log_loss,
    platt_newton_step,
    platt_targets,
    pool_adjacent_violators,
    reliability_table,
    unit_interval_edges,
)

# -- each formula on a number worked out by hand --------------------------------------------------


def test_eq_brier_score_by_hand():
    # (0.9 - 1)^2 + (0.4 - 0)^2 + (0.6 - 1)^2 + (0.1 - 0)^2 = 0.01 + 0.16 + 0.16 + 0.01 = 0.34; / 4
    assert brier_score([1, 0, 1, 0], [0.9, 0.4, 0.6, 0.1]) == pytest.approx(0.085, abs=1e-15)
    assert brier_score([1, 0], [Fraction(1, 2), Fraction(1, 4)]) == pytest.approx(5 / 32, abs=1e-15)


def test_eq_log_loss_by_hand():
    # -(log 0.9 + log 0.6 + log 0.6 + log 0.9) / 4 = -(log 0.54) / 2
    assert mean_log_loss([0.9, 0.6, 0.6, 0.9]) == pytest.approx(-math.log(0.54) / 2, abs=1e-15)
    assert mean_log_loss([0.5, 0.0]) == math.inf  # log 0 = -inf: no clipping


def test_eq_uniform_bins_are_numpys_linspace():
    assert unit_interval_edges(4) == [0.0, 0.25, 0.5, 0.75, 1.0]
    numpy = pytest.importorskip("numpy")
    for n_bins in range(1, 40):
        assert unit_interval_edges(n_bins) == numpy.linspace(0.0, 1.0, n_bins + 1).tolist()


def test_eq_expected_calibration_error_by_hand():
    # bin (0, 0.5]: 3 examples, mean p 0.25, one positive of 3; bin (0.5, 1]: 2, mean p 0.85, both positive
    # ECE = 3/5 |1/3 - 1/4| + 2/5 |1 - 0.85| = 3/5 * 1/12 + 2/5 * 0.15 = 0.05 + 0.06 = 0.11
    bins = [(3, 0.75, 1), (2, 1.7, 2)]
    assert calibration_error(bins, 5) == pytest.approx(0.11, abs=1e-15)
    y, p = [0, 0, 1, 1, 1], [0.1, 0.3, 0.35, 0.8, 0.9]
    assert expected_calibration_error(y, p, n_bins=2) == pytest.approx(0.11, abs=1e-15)


def test_eq_platt_targets_by_hand():
    # 3 positives, 5 negatives: t+ = 4/5, t- = 1/7
    assert platt_targets(3, 5) == (0.8, 1 / 7)


def test_eq_platt_newton_step_by_hand():
    # At a = b = 0 every q_i = 1/2 and q(1 - q) = 1/4.  Scores f = (-1, 1), targets t = (0, 1):
    # g = (sum (q - t) f, sum (q - t)) = (1/2 * -1 + -1/2 * 1, 0) = (-1, 0)
    # H = 1/4 [[sum f^2, sum f], [sum f, n]] = [[1/2, 0], [0, 1/2]], so the step is (2, 0).
    assert platt_newton_step(0.0, 0.0, [-1.0, 1.0], [0.0, 1.0]) == pytest.approx((2.0, 0.0), abs=1e-15)


def test_eq_isotonic_pav_by_hand():
    # 1, 3, 2, 4: the violators 3, 2 are pooled to 2.5
    assert pool_adjacent_violators([1.0, 3.0, 2.0, 4.0], [1.0] * 4) == [1.0, 2.5, 2.5, 4.0]
    # weights pool by weighted mean: (3 * 1 + 1 * 5) / 4 = 2, which then violates nothing
    assert pool_adjacent_violators([1.0, 5.0, 1.0, 3.0], [1.0, 1.0, 3.0, 1.0]) == [1.0, 2.0, 2.0, 3.0]
    # a pool that violates the block before it pools again: 4, 3, 1 -> 8/3 three times
    assert pool_adjacent_violators([4.0, 3.0, 1.0], [1.0] * 3) == pytest.approx([8 / 3] * 3, abs=1e-15)


def test_eq_isotonic_interpolation_by_hand():
    thresholds, values = [0.0, 0.5, 1.0], [0.0, 0.2, 1.0]
    assert interpolate(0.25, thresholds, values) == pytest.approx(0.1, abs=1e-15)
    assert interpolate(0.75, thresholds, values) == pytest.approx(0.6, abs=1e-15)
    assert interpolate(-3.0, thresholds, values) == 0.0 and interpolate(7.0, thresholds, values) == 1.0


def test_the_module_example_and_a_reliability_table():
    y, p = ["spam", "ham", "spam", "ham"], [0.9, 0.4, 0.6, 0.1]
    assert brier_score_loss(y, p, pos_label="spam") == pytest.approx(0.085, abs=1e-15)
    dicts = [{"spam": q, "ham": 1 - q} for q in p]
    assert brier_score_loss(y, dicts) == pytest.approx(0.085, abs=1e-15)  # the greater label, "spam"
    assert log_loss(y, dicts) == pytest.approx(-math.log(0.54) / 2, abs=1e-15)
    table = reliability_table([0, 0, 1, 1, 1], [0.1, 0.3, 0.35, 0.8, 0.9], n_bins=2)
    assert [row["count"] for row in table] == [3, 2]
    assert "<table" in table._repr_html_() and "mean predicted" in str(table)


def test_bad_input_is_refused_clearly():
    with pytest.raises(ValueError, match="pos_label="):
        brier_score_loss(["a", "b"], [0.2, 0.7])
    with pytest.raises(ValueError, match="between 0 and 1"):
        brier_score_loss([0, 1], [0.2, 1.7])
    with pytest.raises(ValueError, match="must match"):
        log_loss([0, 1, 1], [0.2, 0.7])
    with pytest.raises(ValueError, match="n_bins"):
        expected_calibration_error([0, 1], [0.2, 0.7], n_bins=0)
    with pytest.raises(ValueError, match="strategy"):
        calibration_curve([0, 1], [0.2, 0.7], strategy="even")
    with pytest.raises(ValueError, match="sums to"):
        log_loss(["a", "b"], [{"a": 0.2, "b": 0.7}, {"a": 0.5, "b": 0.5}])


# -- against scikit-learn, on random predictions --------------------------------------------------


def random_predictions(seed, n):
    rng = random.Random(seed)
    p = [rng.random() for _ in range(n)]
    if seed % 3 == 0:  # some probabilities pushed to the ends, as naive Bayes pushes them
        p = [q ** 4 if q < 0.5 else 1 - (1 - q) ** 4 for q in p]
    if seed % 5 == 0:  # ties
        p = [round(q, 1) for q in p]
    y = [int(rng.random() < q ** 0.7) for q in p]
    return y, p


SEEDS = range(40)


@pytest.mark.parametrize("seed", SEEDS)
def test_scores_agree_with_scikit_learn(seed):
    metrics = pytest.importorskip("sklearn.metrics")
    y, p = random_predictions(seed, n=5 + 37 * seed)
    if len(set(y)) < 2:
        y[0] = 1 - y[0]
    clipped = [min(max(q, 1e-9), 1 - 1e-9) for q in p]  # scikit-learn clips at 2.2e-16; keep away from it
    assert brier_score_loss(y, p) == pytest.approx(metrics.brier_score_loss(y, p), abs=1e-12, rel=0)
    assert log_loss(y, clipped) == pytest.approx(metrics.log_loss(y, clipped), abs=1e-12, rel=0)
    labels = ["no" if o == 0 else "yes" for o in y]
    assert brier_score_loss(labels, p, pos_label="yes") == pytest.approx(
        metrics.brier_score_loss(labels, p, pos_label="yes"), abs=1e-12, rel=0)


def test_multiclass_scores_agree_with_scikit_learn():
    metrics = pytest.importorskip("sklearn.metrics")
    rng = random.Random(3)
    classes = ["a", "b", "c"]
    rows, labels = [], []
    for _ in range(300):
        weights = [rng.random() ** 3 for _ in classes]
        rows.append({c: w / sum(weights) for c, w in zip(classes, weights)})
        labels.append(rng.choice(classes))
    matrix = [[row[c] for c in classes] for row in rows]
    assert brier_score_loss(labels, rows) == pytest.approx(metrics.brier_score_loss(labels, matrix), abs=1e-12)
    assert log_loss(labels, rows) == pytest.approx(metrics.log_loss(labels, matrix), abs=1e-12)


@pytest.mark.parametrize("seed", SEEDS)
def test_calibration_curve_agrees_with_scikit_learn(seed):
    calibration = pytest.importorskip("sklearn.calibration")
    y, p = random_predictions(seed, n=5 + 37 * seed)
    if len(set(y)) < 2:
        y[0] = 1 - y[0]
    for strategy in ("uniform", "quantile"):
        for n_bins in (1, 3, 5, 10, 17):
            true, predicted = calibration.calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
            ours = calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
            assert len(ours[0]) == len(true)
            assert ours[0] == pytest.approx(true.tolist(), abs=1e-12)
            assert ours[1] == pytest.approx(predicted.tolist(), abs=1e-12)


@pytest.mark.parametrize("seed", SEEDS)
def test_isotonic_regression_agrees_with_scikit_learn(seed):
    isotonic = pytest.importorskip("sklearn.isotonic")
    y, p = random_predictions(seed, n=5 + 37 * seed)
    rng = random.Random(seed)
    weights = [0.5 + rng.random() for _ in p] if seed % 2 else None
    reference = isotonic.IsotonicRegression(out_of_bounds="clip").fit(p, y, sample_weight=weights)
    ours = IsotonicRegression().fit(p, y, sample_weight=weights)
    assert ours.X_thresholds_ == pytest.approx(reference.X_thresholds_.tolist(), abs=1e-12)
    assert ours.y_thresholds_ == pytest.approx(reference.y_thresholds_.tolist(), abs=1e-12)
    new = [rng.uniform(-0.1, 1.1) for _ in range(200)] + p
    assert ours.predict(new) == pytest.approx(reference.predict(new).tolist(), abs=1e-12)
    # real-valued targets too, not only 0 and 1
    y_real = [rng.gauss(q, 0.3) for q in p]
    reference = isotonic.IsotonicRegression(out_of_bounds="clip").fit(p, y_real)
    assert IsotonicRegression().fit(p, y_real).predict(new) == pytest.approx(
        reference.predict(new).tolist(), abs=1e-12)


@pytest.mark.parametrize("seed", range(10))
def test_platt_agrees_with_scikit_learns_sigmoid(seed):
    """scikit-learn's L-BFGS stops at gtol=1e-6; our Newton's method at the rounding. So: to 1e-5."""
    calibration = pytest.importorskip("sklearn.calibration")
    numpy = pytest.importorskip("numpy")
    y, p = random_predictions(seed, n=50 + 97 * seed)
    if len(set(y)) < 2:
        y[0] = 1 - y[0]
    A, B = calibration._sigmoid_calibration(numpy.array(p), numpy.array(y))
    ours = PlattCalibrator().fit(p, y)
    assert ours.a_ == pytest.approx(-A, abs=1e-5)
    assert ours.b_ == pytest.approx(-B, abs=1e-5)


def test_platt_reaches_the_minimum():
    y, p = random_predictions(4, n=500)
    model = PlattCalibrator().fit(p, y)
    t_positive, t_negative = platt_targets(sum(y), len(y) - sum(y))
    targets = [t_positive if o else t_negative for o in y]
    da, db = platt_newton_step(model.a_, model.b_, p, targets)
    assert abs(da) < 1e-9 and abs(db) < 1e-9
    calibrated = model.predict(p)
    assert all(0 < q < 1 for q in calibrated)


# -- the reliability diagram ----------------------------------------------------------------------


def test_a_reliability_diagram_draws_every_table_and_refuses_bad_ones():
    from naivebayes.inspect.reliability import ReliabilityDiagram

    y, p = random_predictions(4, n=300)
    tables = {"model": reliability_table(y, p), "isotonic": reliability_table(y, IsotonicRegression().fit(p, y).predict(p))}
    svg = ReliabilityDiagram(tables, title="A & B").to_svg()
    assert svg.startswith("<svg") and svg.count('class="reliability"') == 2 and "A &amp; B" in svg
    assert ReliabilityDiagram(tables).to_svg() == ReliabilityDiagram(tables).to_svg()  # a fixed string
    with pytest.raises(TypeError, match="non-empty dict"):
        ReliabilityDiagram([])
    with pytest.raises(ValueError, match="must be a dict with"):
        ReliabilityDiagram({"model": [{"bin": (0, 1)}]})
    with pytest.raises(ValueError, match="no examples"):
        ReliabilityDiagram({"model": [{"bin": (0, 1), "count": 0, "mean predicted": None, "observed": None}]})


# -- the Adult numbers on docs/calibration.md -----------------------------------------------------

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
ADULT = ROOT.parent / "shared" / "data"


@pytest.mark.skipif(not (ADULT / "adult.test").is_file(), reason="no local adult.data and adult.test")
def test_the_adult_numbers_on_the_docs_page_are_the_scripts(tmp_path, capsys):
    import importlib.util
    import re

    spec = importlib.util.spec_from_file_location("calibrate_adult", ROOT / "docs" / "scripts" / "calibrate_adult.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    picture = tmp_path / "adult-reliability.svg"
    script.main(["--adult", str(ADULT), "--svg", str(picture)])
    printed = set(capsys.readouterr().out.splitlines())
    page = (ROOT / "docs" / "calibration.md").read_text(encoding="utf-8")
    quoted = re.search(r"<!-- printed by: python docs/scripts/calibrate_adult.py .*? -->\n```text\n(.*?)```", page,
                       re.S).group(1).splitlines()
    assert [line for line in quoted if line not in printed] == []
    committed = (ROOT / "docs" / "images" / "adult-reliability.svg").read_text(encoding="utf-8")
    assert picture.read_text(encoding="utf-8") == committed


def test_platt_with_equal_scores_fits_the_bias_alone():
    model = PlattCalibrator().fit([0.5, 0.5, 0.5, 0.5], [0, 1, 1, 1])
    t_positive, t_negative = platt_targets(3, 1)
    assert model.a_ == 0.0
    assert model.predict([0.5])[0] == pytest.approx((3 * t_positive + t_negative) / 4, abs=1e-12)


@pytest.mark.parametrize("size", [50.0, 1e6, 1e300])
def test_platt_on_large_scores_agrees_with_scikit_learn(size):
    """Scores of 30 or more are divided by the largest first, as scikit-learn does; a is scaled back."""
    calibration = pytest.importorskip("sklearn.calibration")
    numpy = pytest.importorskip("numpy")
    y, p = random_predictions(7, n=400)
    scores = [(q - 0.5) * size for q in p]
    A, B = calibration._sigmoid_calibration(numpy.array(scores), numpy.array(y))
    ours = PlattCalibrator().fit(scores, y)
    assert ours.a_ * size == pytest.approx(-A * size, abs=1e-5)
    assert ours.b_ == pytest.approx(-B, abs=1e-5)


# -- a true label the probabilities have no entry for (issue 30) ---------------------------------


@pytest.mark.parametrize("score", ["log_loss", "brier_score_loss", "calibration_curve", "expected_calibration_error"])
def test_a_true_label_without_a_probability_is_refused_with_the_label_and_the_classes(score):
    from naivebayes.evaluation import calibration

    rows = [{"a": 0.75, "b": 0.25}, {"a": 0.5, "b": 0.5}]
    with pytest.raises(ValueError, match=r"y_true\[1\] is 'c', which is not among the classes of y_\w+\[1\] \('a', 'b'\)"):
        getattr(calibration, score)(["a", "c"], rows)


def test_log_loss_of_known_labels_is_unchanged_and_zero_probability_is_still_infinite():
    from naivebayes.evaluation.calibration import log_loss

    rows = [{"a": 0.75, "b": 0.25}, {"a": 0.5, "b": 0.5}]
    assert log_loss(["a", "b"], rows) == pytest.approx(-(math.log(0.75) + math.log(0.5)) / 2)
    assert log_loss(["b"], [{"a": 1.0, "b": 0.0}]) == math.inf


def test_three_class_brier_score_refuses_a_label_no_row_has():
    from naivebayes.evaluation.calibration import brier_score_loss

    rows = [{"a": 0.5, "b": 0.25, "d": 0.25}] * 2
    with pytest.raises(ValueError, match=r"y_true\[0\] is 'c'"):
        brier_score_loss(["c", "a"], rows)


def test_a_pos_label_that_is_no_class_is_refused():
    from naivebayes.evaluation.calibration import calibration_curve

    with pytest.raises(ValueError, match=r"pos_label='z' is not one of the classes \['a', 'b'\]"):
        calibration_curve(["a", "b"], [{"a": 0.75, "b": 0.25}, {"a": 0.5, "b": 0.5}], pos_label="z")


@pytest.mark.parametrize("settings, phrase", [
    ({"max_iter": "5"}, "max_iter='5'"), ({"max_iter": 0}, "max_iter=0"), ({"max_iter": True}, "max_iter=True"),
    ({"tol": "small"}, "tol='small'"), ({"tol": -1}, "tol=-1"), ({"tol": False}, "tol=False"),
])
def test_platt_settings_are_checked_at_construction(settings, phrase):
    from naivebayes.evaluation.calibration import PlattCalibrator

    with pytest.raises(ValueError, match=phrase):
        PlattCalibrator(**settings)


def test_scikit_learn_refuses_a_true_label_outside_the_classes_too():
    metrics = pytest.importorskip("sklearn.metrics")
    with pytest.raises(ValueError):
        metrics.log_loss(["a", "c"], [[0.75, 0.25], [0.5, 0.5]], labels=["a", "b"])


def test_a_pos_label_outside_two_labels_and_a_string_of_labels_are_refused():
    from naivebayes.evaluation.calibration import brier_score_loss, log_loss

    y = ["a", "b", "a", "b"]
    with pytest.raises(ValueError, match=r"pos_label='z' is not one of the labels \['a', 'b'\]"):
        brier_score_loss(y, [0.5] * 4, pos_label="z")
    assert brier_score_loss(["a", "a"], [0.5, 0.25], pos_label="z") == (0.25 + 0.0625) / 2  # every example negative
    with pytest.raises(TypeError, match="labels='ab' is a single string; pass the two classes as a list"):
        log_loss(y, [0.5] * 4, labels="ab")


@pytest.mark.parametrize("pos_label", [[1], {"a": 1}, {"a"}])
def test_an_unhashable_pos_label_is_refused_by_name(pos_label):
    # fuzzer: pos_label=[1] raised Python's own "unhashable type: 'list'" from a set lookup
    message = r"pos_label=.* is a (list|dict|set), which cannot be a label; name the positive class by its label"
    labels, floats, rows = ["a", "b", "a"], [0.25, 0.75, 0.5], [{"a": 0.75, "b": 0.25}] * 3
    calls = [
        lambda: brier_score_loss(labels, floats, pos_label=pos_label),
        lambda: brier_score_loss(labels, rows, pos_label=pos_label),
        lambda: calibration_curve(labels, floats, pos_label=pos_label),
        lambda: reliability_table(labels, floats, pos_label=pos_label),
        lambda: expected_calibration_error(labels, floats, pos_label=pos_label),
        lambda: PlattCalibrator().fit([0.5, -1.0, 2.0], labels, pos_label=pos_label),
    ]
    for call in calls:
        with pytest.raises(TypeError, match=message):
            call()


@pytest.mark.parametrize("score, shown", [
    (10**400, r"scores\[1\] = a whole number of over 300 digits; a score must be a finite number that a float can hold"),
    (10**5000, r"scores\[1\] = a whole number of over 300 digits; a score must be a finite number"),
    (Fraction(10**5000, 3), r"scores\[1\] = a Fraction too large to write out; a score must be a finite number"),
    (-(10**400), r"scores\[1\] = a whole number of over 300 digits; a score must be a finite number"),
], ids=["10**400", "10**5000", "Fraction(10**5000, 3)", "-10**400"])
def test_a_score_too_large_for_a_float_is_refused(score, shown):
    # fuzzer (seed 2, round 1230): IsotonicRegression().fit(x, [10**400, ...]) raised OverflowError in math.isfinite
    with pytest.raises(ValueError, match=shown):
        IsotonicRegression().fit([0.25, 0.5, 0.75], [0.0, score, 1.0])
    with pytest.raises(ValueError, match=shown):
        PlattCalibrator().fit([0.25, score, 0.75], ["a", "b", "a"], pos_label="b")


@pytest.mark.parametrize("labels, pos_label", [
    ([0, 0, 0, 0], None),
    ([0, -0.0, 0, -0.0], 0),  # (fuzzer, seed 2, round 8542: 0 and -0.0 are one label; ZeroDivisionError)
    (["a", "a", "a", "a"], "a"),
])
def test_platt_scaling_of_one_class_is_refused(labels, pos_label):
    with pytest.raises(ValueError, match=r"y_true has \d examples of the positive class .* needs held-out examples of both"):
        PlattCalibrator().fit([0.25, 0.5, 0.75, 1.0], labels, pos_label=pos_label)


def test_the_isotonic_fit_never_falls_by_rounding():
    # fuzzer (seed 3, round 9600): slope * (x - x_low) + y_low at x = 0.3513 gave 0.6666666666666667, one ulp above
    # the next threshold's 0.6666666666666666, so the fitted values fell
    x, y = [0.2129, 0.702, 0.3513, 0.6487, 0.0, 0.1361], [0, 0, 1, 1, 0, 0]
    model = IsotonicRegression().fit(x, y)
    assert model.y_thresholds_[-2:] == [2 / 3, 2 / 3]
    fitted = model.predict(sorted(x))
    assert fitted == sorted(fitted)
    assert fitted[3] == 2 / 3  # x = 0.3513, a threshold: exactly its value
