"""Kernel densities: R's quantiles and bandwidth, the density by hand, the sum over the near values against the exact sum.

The bandwidth is checked against the formula of R's bw.nrd0 written with
numpy (np.percentile's default "linear" method is R's type 7), and the
density against scipy's gaussian_kde given the same bandwidth; both skip
cleanly without numpy or scipy (and fail under --require-reference).
"""

import math
import random
from collections import Counter

import pytest

from naivebayes.naive_bayes.kernel import (
    KERNEL_CUTOFF,
    bandwidth_nrd0,
    kernel_log_density,
    kernel_log_density_near,
    quantile_type7,
    sorted_points,
)
from test_debugger_walk import in_package  # (the package by its folder, not by a name the checkout may share)

PHI_0 = 1 / math.sqrt(2 * math.pi)  # phi(0) = 0.398942...


def phi(z):
    return math.exp(-z * z / 2) / math.sqrt(2 * math.pi)


# ---------------------------------------------------------------------------
# The formulas, on numbers worked by hand
# ---------------------------------------------------------------------------


def test_eq_kernel_quantile_by_hand():
    # 1, 2, 3, 4: the lower quartile sits at index 1 + 3/4 = 1.75, between x_1 = 1 and x_2 = 2.
    assert quantile_type7([1, 2, 3, 4], 0.25) == 0.25 * 1 + 0.75 * 2 == 1.75
    assert quantile_type7([1, 2, 3, 4], 0.75) == 0.75 * 3 + 0.25 * 4 == 3.25
    assert quantile_type7([1, 2, 3, 4, 5], 0.25) == 2  # index 2 exactly: no interpolation
    assert quantile_type7([7], 0.75) == 7
    assert quantile_type7([1, 1, 1, 9], 0.5) == 1  # equal neighbours are not interpolated


def test_eq_kernel_bandwidth_by_hand():
    # 1..5: s = sqrt(10/4) = 1.5811, IQR = 4 - 2 = 2 and 2 / 1.34 = 1.4925 is the smaller.
    expected = 0.9 * (2 / 1.34) * 5 ** -0.2
    assert bandwidth_nrd0([1.0, 2.0, 3.0, 4.0, 5.0]) == pytest.approx(expected, rel=1e-15)
    assert round(expected, 6) == 0.973585


def test_eq_kernel_bandwidth_falls_back_as_r_does():
    # IQR = 0 but s > 0: min(s, 0) = 0, so R takes s = sqrt(67.5 / 5).
    assert bandwidth_nrd0([1, 1, 1, 1, 1, 10]) == pytest.approx(0.9 * math.sqrt(13.5) * 6 ** -0.2, rel=1e-15)
    # Every value 3: s = 0, so |x_1| = 3.
    assert bandwidth_nrd0([3.0, 3.0, 3.0, 3.0]) == pytest.approx(0.9 * 3 * 4 ** -0.2, rel=1e-15)
    assert bandwidth_nrd0([-2.5, -2.5]) == pytest.approx(0.9 * 2.5 * 2 ** -0.2, rel=1e-15)
    # Every value 0: 1.
    assert bandwidth_nrd0([0.0, 0.0, 0.0]) == pytest.approx(0.9 * 3 ** -0.2, rel=1e-15)


def test_eq_kernel_density_by_hand():
    # One value: phi(0) / h.
    assert math.exp(kernel_log_density(0.0, [0.0], 1.0)) == pytest.approx(PHI_0, rel=1e-15)
    assert math.exp(kernel_log_density(1.0, [1.0], 2.0)) == pytest.approx(PHI_0 / 2, rel=1e-15)
    # Halfway between 0 and 2 with h = 1: (phi(1) + phi(1)) / 2 = phi(1) = 0.241971.
    assert math.exp(kernel_log_density(1.0, [0.0, 2.0], 1.0)) == pytest.approx(phi(1), rel=1e-15)
    # 0 and 3, h = 2, at 1: (phi(1/2) + phi(1)) / (2 * 2).
    assert math.exp(kernel_log_density(1.0, [0.0, 3.0], 2.0)) == pytest.approx((phi(0.5) + phi(1)) / 4, rel=1e-15)


def test_eq_kernel_density_far_away_is_finite():
    # 100 bandwidths from the only value: phi(100) underflows to 0.0, its log does not.
    assert kernel_log_density(100.0, [0.0], 1.0) == pytest.approx(-5000 - 0.5 * math.log(2 * math.pi), rel=1e-15)
    assert kernel_log_density(-1e6, [0.0, 1.0], 0.5) > -math.inf


def test_eq_kernel_window_agrees_with_the_exact_sum():
    generator = random.Random(23)
    for trial in range(40):
        n = generator.randint(1, 400)
        values = [round(generator.gauss(0, 3), generator.randint(0, 3)) for _ in range(n)]
        bandwidth = bandwidth_nrd0(values) if n > 1 else 0.7
        points, counts = sorted_points(Counter(values))
        for x in [generator.uniform(-15, 15) for _ in range(10)] + [min(values) - 50, max(values) + 1e4] + values[:3]:
            exact = kernel_log_density(x, values, bandwidth)
            near = kernel_log_density_near(x, points, counts, n, bandwidth)
            assert near == pytest.approx(exact, rel=1e-12, abs=n * math.exp(-KERNEL_CUTOFF)), (trial, x)


def test_eq_kernel_window_skips_far_values():
    # Values at 0 and at 1000 bandwidths: from 0, the window holds only the first, and the
    # second's term exp(-500000) is 0 to every digit: the two agree exactly.
    points, counts = [0.0, 1000.0], [3, 1]
    assert kernel_log_density_near(0.0, points, counts, 4, 1.0) == kernel_log_density(0.0, [0.0] * 3 + [1000.0], 1.0)


# ---------------------------------------------------------------------------
# Against independent computations: numpy (R's formula) and scipy's gaussian_kde
# ---------------------------------------------------------------------------


def samples(seed, count=60):
    """Samples of many shapes: bell curves, ties, a constant, two humps, tiny and large scales."""
    generator = random.Random(seed)
    found = []
    for k in range(count):
        n = generator.randint(2, 300)
        kind = k % 5
        if kind == 0:
            values = [generator.gauss(10, 2) for _ in range(n)]
        elif kind == 1:
            values = [float(generator.randint(0, 6)) for _ in range(n)]  # many ties
        elif kind == 2:
            values = [generator.choice([-3.0, 5.0]) + generator.gauss(0, 0.3) for _ in range(n)]
        elif kind == 3:
            values = [generator.expovariate(1 / 50_000) for _ in range(n)]
        else:
            values = [1.5] * n if k % 2 else [1.5] * (n - 1) + [9.0]
        found.append(values)
    return found


def test_bandwidth_agrees_with_r_s_formula_in_numpy():
    np = pytest.importorskip("numpy")
    for values in samples(5):
        x = np.array(values)
        s = np.std(x, ddof=1)
        lo = min(s, (np.percentile(x, 75) - np.percentile(x, 25)) / 1.34)  # type 7 is numpy's "linear"
        if not lo:
            lo = s or abs(x[0]) or 1.0
        assert bandwidth_nrd0(values) == pytest.approx(0.9 * lo * len(x) ** -0.2, rel=1e-12)


def test_quantiles_agree_with_numpy_linear():
    np = pytest.importorskip("numpy")
    for values in samples(6):
        ordered = sorted(values)
        for p in (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0):
            assert quantile_type7(ordered, p) == pytest.approx(float(np.percentile(values, 100 * p)), rel=1e-13)


def test_density_agrees_with_scipy_gaussian_kde():
    np = pytest.importorskip("numpy")
    stats = pytest.importorskip("scipy.stats")
    for values in samples(7, count=30):
        if len(set(values)) < 2:
            continue  # gaussian_kde needs a spread to scale
        h = bandwidth_nrd0(values)
        kde = stats.gaussian_kde(values, bw_method=h / np.std(values, ddof=1))  # kernel sd = factor * s = h
        xs = np.linspace(min(values) - 2 * h, max(values) + 2 * h, 25)
        points, counts = sorted_points(Counter(values))
        for x, theirs in zip(xs, kde.evaluate(xs)):
            ours = math.exp(kernel_log_density_near(float(x), points, counts, len(values), h))
            assert ours == pytest.approx(float(theirs), rel=1e-9)


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------

from naivebayes.naive_bayes.kernel import KernelNB, kernel_draw  # noqa: E402


def test_eq_kernel_sample_by_hand():
    # Values 1 (twice) and 5 (once), h = 0.5: the draw takes u = random() to pick 1 when 3u < 2, then adds 0.5 z.
    generator, replay = random.Random(7), random.Random(7)
    x = kernel_draw(generator, [1.0, 5.0], [2.0, 3.0], 0.5)
    u = replay.random()
    centre = 1.0 if 3 * u < 2 else 5.0
    assert x == centre + 0.5 * replay.gauss(0.0, 1.0)


def test_kernel_nb_by_hand():
    # Class a: 0 and 2; class b: 4.  bandwidth 1: p(1 | a) = phi(1), p(1 | b) = phi(3).
    model = KernelNB(bandwidth=1.0).fit([{"x": 0.0}, {"x": 2.0}, {"x": 4.0}], ["a", "a", "b"])
    assert model.likelihood("x", 1.0, "a") == pytest.approx(phi(1), rel=1e-15)
    assert model.likelihood("x", 1.0, "b") == pytest.approx(phi(3), rel=1e-15)
    joint_a, joint_b = 2 / 3 * phi(1), 1 / 3 * phi(3)
    assert model.predict_proba([{"x": 1.0}])[0]["a"] == pytest.approx(joint_a / (joint_a + joint_b), rel=1e-14)
    assert model.kernel_counts_ == {"a": {"x": {0.0: 1, 2.0: 1}}, "b": {"x": {4.0: 1}}}
    assert model.bandwidths_ == {"a": {"x": 1.0}, "b": {"x": 1.0}}


def test_kernel_nb_uses_each_class_s_bandwidth():
    rows = [{"x": float(v)} for v in [1, 2, 3, 4, 5, 10, 20, 30]]
    model = KernelNB().fit(rows, ["a"] * 5 + ["b"] * 3)
    assert model.bandwidths_["a"]["x"] == bandwidth_nrd0([1.0, 2.0, 3.0, 4.0, 5.0])
    assert model.bandwidths_["b"]["x"] == bandwidth_nrd0([10.0, 20.0, 30.0])


def test_kernel_nb_posteriors_agree_with_scipy():
    np = pytest.importorskip("numpy")
    stats = pytest.importorskip("scipy.stats")
    generator = random.Random(31)
    for trial in range(8):
        n = generator.randint(10, 80)
        labels = [generator.choice(["a", "b", "c"]) for _ in range(n)]
        rows = [
            {"u": generator.gauss({"a": 0, "b": 1, "c": 3}[label], 1.5), "v": float(generator.randint(0, 9))}
            for label in labels
        ]
        if min(labels.count(c) for c in "abc") < 2:
            continue
        model = KernelNB().fit(rows, labels)
        tests = [{"u": generator.uniform(-5, 8), "v": generator.uniform(-2, 11)} for _ in range(20)]
        ours = model.predict_proba(tests)
        kdes = {}
        for c in "abc":
            kdes[c] = {}
            for f in "uv":
                x = np.array([row[f] for row, label in zip(rows, labels) if label == c])
                s = np.std(x, ddof=1)
                lo = min(s, (np.percentile(x, 75) - np.percentile(x, 25)) / 1.34) or s or abs(x[0]) or 1.0
                h = 0.9 * lo * len(x) ** -0.2
                # gaussian_kde scales its kernel by the data's s; a constant column has none, so shift it
                kdes[c][f] = (stats.gaussian_kde(x, bw_method=h / s) if s > 0 else None, x, h)
        for test_row, posterior in zip(tests, ours):
            joint = {}
            for c in "abc":
                p = labels.count(c) / n
                for f in "uv":
                    kde, x, h = kdes[c][f]
                    p *= float(kde.evaluate([test_row[f]])[0]) if kde is not None else float(
                        np.mean(np.exp(-0.5 * ((test_row[f] - x) / h) ** 2)) / (h * math.sqrt(2 * math.pi))
                    )
                joint[c] = p
            total = sum(joint.values())
            if total < 1e-250:
                continue  # scipy's densities underflow where ours are kept in logs
            assert posterior == pytest.approx({c: p / total for c, p in joint.items()}, rel=1e-8, abs=1e-12)


def test_kernel_nb_in_pieces_is_one_fit():
    generator = random.Random(2)
    rows = [{"x": round(generator.gauss(0, 1), 2), "y": generator.random()} for _ in range(60)]
    labels = [("a" if row["x"] > 0 else "b") if generator.random() < 0.8 else "c" for row in rows]
    whole = KernelNB().fit(rows, labels)
    pieces = KernelNB().partial_fit(rows[:20], labels[:20]).partial_fit(rows[20:], labels[20:])
    assert pieces.bandwidths_ == whole.bandwidths_
    assert pieces.predict_proba(rows[:5]) == whole.predict_proba(rows[:5])


def test_kernel_nb_far_values_and_clear_errors():
    model = KernelNB().fit([{"x": 0.0}, {"x": 1.0}, {"x": 10.0}, {"x": 12.0}], ["a", "a", "b", "b"])
    far = model.predict_proba([{"x": 1e6}])[0]  # both densities underflow as floats; their logs do not
    assert far["b"] == pytest.approx(1.0) and far["a"] < 1e-300
    one = KernelNB().fit([{"x": 0.0}, {"x": 1.0}, {"x": 10.0}], ["a", "a", "b"])
    with pytest.raises(ValueError, match="bandwidth"):
        one.predict([{"x": 3.0}])
    assert KernelNB(bandwidth=2.0).fit([{"x": 0.0}, {"x": 1.0}, {"x": 10.0}], ["a", "a", "b"]).predict([{"x": 9.0}]) == ["b"]
    for wrong in (0, -1.0, float("inf"), "1", True):
        with pytest.raises(ValueError, match="bandwidth must be"):
            KernelNB(bandwidth=wrong)
    with pytest.raises(ValueError, match="takes numbers"):
        KernelNB().fit([{"x": "tall"}, {"x": 1.0}], ["a", "b"])


def test_a_prediction_walks_the_named_steps_and_builds_nothing():
    import sys

    model = KernelNB().fit([[1.0], [1.5], [3.0], [2.5], [2.0], [3.5]], list("aaabbb"))
    names = []

    def tracer(frame, event, argument):
        if event == "call" and in_package(frame.f_code.co_filename):
            names.append(frame.f_code.co_name)

    sys.settrace(tracer)
    try:
        model.predict_proba([[2.0]])
        model.explain([2.0])
    finally:
        sys.settrace(None)
    steps = ["_check_example", "check_values", "_log_likelihood_terms", "kernel_log_density_near", "log_posterior"]
    position = 0
    for name in names:
        if position < len(steps) and name == steps[position]:
            position += 1
    assert position == len(steps), names
    assert "<lambda>" not in names and "build_lookups" not in names and "bandwidth_nrd0" not in names


# ---------------------------------------------------------------------------
# Crowded windows: the blocks' Taylor expansion against the exact sum
# ---------------------------------------------------------------------------

from naivebayes.naive_bayes.kernel import CROWDED, TAYLOR_TERMS, kernel_block_moments, kernel_log_density_blocks  # noqa: E402


def test_eq_kernel_block_moments_by_hand():
    # 0 once and 0.25 twice, h = 1: one block, centre 0.5; s = -1/2 and -1/4.
    centres, moments = kernel_block_moments([0.0, 0.25], [1, 2], 1.0)
    assert centres == [0.5] and len(moments[0]) == TAYLOR_TERMS
    a, b = math.exp(-0.125), 2 * math.exp(-0.03125)
    assert moments[0][:3] == pytest.approx([a + b, -0.5 * a - 0.25 * b, 0.125 * a + 0.03125 * b], rel=1e-15)
    # values 1 apart with h = 0.4 fall in blocks [0, 0.4), [0.8, 1.2), [2.0, 2.4)
    centres, _ = kernel_block_moments([0.0, 1.0, 2.0], [1, 1, 1], 0.4)
    assert centres == pytest.approx([0.2, 1.0, 2.2])


def test_eq_kernel_blocks_by_hand():
    # one value 0 and h = 1, evaluated at 1: phi(1), through the block of centre 0.5 (t = 1/2, s = -1/2)
    blocks = kernel_block_moments([0.0], [1], 1.0)
    assert math.exp(kernel_log_density_blocks(1.0, blocks, 1, 1.0, reach=9.0)) == pytest.approx(phi(1), rel=1e-14)


def test_eq_kernel_blocks_agree_with_the_exact_sum_on_crowded_data():
    generator = random.Random(41)
    for trial in range(4):
        n = [1_000, 5_000, 20_000, 400][trial]
        values = [generator.gauss(180_000, 100_000) if generator.random() < 0.9 else generator.uniform(0, 1e6) for _ in range(n)]
        points, counts = sorted_points(Counter(values))
        h = bandwidth_nrd0(values)
        blocks = kernel_block_moments(points, counts, h)
        xs = [generator.choice(values) + generator.gauss(0, h) for _ in range(8)] + [-3e5, 2e6, values[0]]
        for x in xs:
            exact = kernel_log_density(x, values, h)
            assert kernel_log_density_near(x, points, counts, n, h, blocks) == pytest.approx(exact, rel=1e-12, abs=1e-12)
    assert CROWDED == 200


def test_a_crowded_feature_is_summed_by_blocks_in_the_model():
    generator = random.Random(5)
    rows = [{"w": generator.gauss(0, 1)} for _ in range(3000)]
    labels = ["a" if row["w"] + generator.gauss(0, 1) > 0 else "b" for row in rows]
    model = KernelNB().fit(rows, labels)
    per_class, _ = model.feature_lookups_["w"]
    assert all(blocks is not None for *_, blocks in per_class)  # thousands of distinct values: blocks built
    for x in (-2.0, 0.1, 1.7):
        for k, label in enumerate(model.classes_):
            values = [row["w"] for row, l in zip(rows, labels) if l == label]
            assert model.log_likelihood("w", x, label) == pytest.approx(
                kernel_log_density(x, values, model.bandwidths_[label]["w"]), abs=1e-12
            )


def test_mixed_nb_with_kernel_features_is_kernel_nb_where_they_agree():
    from naivebayes import CategoricalNB, MixedNB
    from naivebayes.datasets import load_iris

    iris = load_iris()
    everything = MixedNB(distributions={feature: "kernel" for feature in iris.features}).fit(iris.rows, iris.labels)
    alone = KernelNB().fit(iris.rows, iris.labels)
    assert everything.predict_proba(iris.rows[::7]) == alone.predict_proba(iris.rows[::7])
    assert everything.bandwidths_ == alone.bandwidths_
    # a category beside a kernel feature: the two terms of naive Bayes, each its own model's
    rows = [{"colour": c, "size": s} for c, s in [("red", 1.0), ("red", 1.4), ("blue", 2.0), ("blue", 5.0), ("red", 4.2), ("blue", 6.1)]]
    labels = ["a", "a", "a", "b", "b", "b"]
    mixed = MixedNB(distributions={"size": "kernel"}, bandwidth=0.5).fit(rows, labels)
    kernel = KernelNB(bandwidth=0.5).fit([{"size": r["size"]} for r in rows], labels)
    categorical = CategoricalNB().fit([{"colour": r["colour"]} for r in rows], labels)
    row = {"colour": "red", "size": 3.0}
    for label in mixed.classes_:
        assert mixed.joint_log_likelihood(row)[label] == pytest.approx(
            categorical.joint_log_likelihood({"colour": "red"})[label] + kernel.log_likelihood("size", 3.0, label)
        )
    assert mixed.distributions_ == {"colour": "categorical", "size": "kernel"}
    with pytest.raises(ValueError, match="bandwidth must be"):
        MixedNB(bandwidth=-1)


def test_values_beyond_a_float_s_reach_get_a_clear_error_not_a_stray_one():
    model = KernelNB().fit([[0.0], [1.0], [5.0], [6.0]], list("aabb"))
    assert model.predict_proba([[1e6]])[0]["b"] == pytest.approx(1.0)  # far, yet z^2 is a float: b is nearer
    with pytest.raises(ValueError, match="so far from every class"):
        model.predict_proba([[1e200]])


def test_the_command_line_gives_numbers_a_kernel(tmp_path):
    import io

    from naivebayes import load
    from naivebayes.command_line import main

    table = tmp_path / "days.csv"
    table.write_text("outlook,temperature,play\nsunny,30.5,no\nrain,18,yes\nsunny,27,no\nrain,15,yes\novercast,21,yes\nsunny,22,yes\n")
    out, err = io.StringIO(), io.StringIO()
    assert main(["train", str(table), "-o", str(tmp_path / "m.json"), "--distribution", "kernel"], out=out, err=err) == 0
    model = load(tmp_path / "m.json")
    assert model.distributions_ == {"outlook": "categorical", "temperature": "kernel"}
    assert main(["train", str(table), "-o", str(tmp_path / "x.json"), "--model", "categorical", "--distribution",
                 "kernel"], out=io.StringIO(), err=err) == 2  # fmt: skip
    assert "--distribution is for --model mixed" in err.getvalue()


def test_a_mixed_model_file_from_before_the_kernel_kind_still_loads():
    import json

    from naivebayes import MixedNB, ModelFileError, from_json, to_json
    from naivebayes.datasets import load_play_tennis

    rows, labels, test_row = load_play_tennis()
    model = MixedNB().fit(rows, labels)
    document = json.loads(to_json(model))
    del document["tables"]["kernel_counts_"]  # as files were written before "kernel" existed
    assert from_json(json.dumps(document)).posterior(test_row) == model.posterior(test_row)
    kernel = MixedNB(distributions={"x": "kernel"}).fit([{"x": v} for v in [1.0, 2.0, 5.0, 6.0]], list("aabb"))
    document = json.loads(to_json(kernel))
    del document["tables"]["kernel_counts_"]  # a kernel feature without its values: refused
    with pytest.raises(ModelFileError, match="kernel_counts_"):
        from_json(json.dumps(document))


def test_a_value_far_beyond_the_data_gets_the_nearest_values_class():
    # x = 1e20 or 2**53 + 1: z^2 - z_min^2 computed as a difference of two 1e40s lost every digit (a "math domain
    # error" from log(0)); as (z - z_min)(z + z_min) the nearest value's term is exactly 1
    model = KernelNB(bandwidth=1.0).fit([[-1.0], [3.5], [0.0], [2.0]], ["ham", "ham", "spam", "spam"])
    for far in (10**8, 2**40 + 1, 1e12):
        assert model.predict_proba([[far]])[0]["ham"] == 1.0  # 3.5 is nearer than 2.0
        assert model.predict_proba([[-far]])[0]["ham"] == 1.0  # -1.0 is nearer than 0.0
    for far in (10**20, 2**53 + 1, 1e20):  # beyond a float's resolution 1e20 - 3.5 == 1e20 - 2.0: an answer, not an error
        assert math.isclose(sum(model.predict_proba([[far]])[0].values()), 1.0)
    # by hand, at x = 100: log p = -z_min^2 / 2 + log(e^0 + e^-((z-z_min)(z+z_min))/2) - log(n h) - log sqrt(2 pi)
    x, near, other = 100, 3.5, -1.0
    expected = -0.5 * (x - near) ** 2 + math.log(1 + math.exp(-0.5 * ((x - other) - (x - near)) * ((x - other) + (x - near)))) \
        - math.log(2) - 0.5 * math.log(2 * math.pi)
    assert math.isclose(model.joint_log_likelihood([x])["ham"] - model.log_prior("ham"), expected, rel_tol=1e-12)



def test_imputing_with_a_bandwidth_whose_square_is_no_float_says_so():
    # imputing adds h^2 to each class's variance: 1e300 ** 2 raised OverflowError from inside impute (fuzzer)
    model = KernelNB(bandwidth=1e300).fit([[0.0, 1.0], [1.0, 2.0]], ["a", "b"])
    with pytest.raises(ValueError, match="bandwidth 1e[+]300, whose square, the kernel's variance, is beyond the largest"):
        model.impute([None, 1.5], distribution=True)
    model.bandwidth = 1e150
    assert math.isclose(model.impute([None, 1.5], distribution=True)[0]["variance"], 1e300)  # h^2 (+ the spread 1/4)
