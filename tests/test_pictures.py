"""The pictures drawn by naivebayes.inspect.pictures: well-formed, deterministic, and true to the model.

No golden files: each test parses the SVG and checks what it must hold (the
title, the legend, one marker per row, one rectangle per run of predictions),
and the arithmetic behind the pictures (ticks, contour lines, kernel density)
is checked on numbers worked by hand.  The one comparison with stored files
is the gallery's: docs/images/ must be exactly what docs/scripts/gallery.py
draws, so the docs cannot show pictures the code no longer makes.
"""

import importlib.util
import math
import os
import random
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes import (
    GaussianNB,
    HistogramNB,
    MixedNB,
    MultinomialNB,
    NotFittedError,
    PoissonNB,
    confusion_matrix,
    most_informative_features,
)
from naivebayes.datasets import load_china, load_iris
from naivebayes.inspect.informative import InformativeFeature
from naivebayes.inspect.pictures import (
    ConfusionMatrixPlot,
    ContourPlot,
    DensityPlot,
    HistoryPlot,
    InformativeFeaturesPlot,
    ScatterPlot,
    kernel_density,
    marching_squares,
    silverman_bandwidth,
)
from naivebayes.inspect.svg import (
    OKABE_ITO,
    Picture,
    class_style,
    escape,
    log_ticks,
    nice_step,
    nice_ticks,
    number,
    simplify,
)

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
X, Y = "sepal_length", "sepal_width"


@pytest.fixture(scope="module")
def iris():
    return load_iris().select([X, Y])


@pytest.fixture(scope="module")
def gaussian(iris):
    return GaussianNB().fit(iris.rows, iris.labels)


@pytest.fixture(scope="module")
def histogram(iris):
    return HistogramNB(n_bins=6).fit(iris.rows, iris.labels)


def parse(picture):
    """The picture's SVG as an element tree (this fails on text that is not well-formed XML)."""
    return ET.fromstring(picture.to_svg())


def texts(root):
    return [element.text for element in root.iter(SVG + "text")]


def groups(root, kind):
    return [g for g in root.iter(SVG + "g") if g.get("class") == kind]


def shapes(group):
    return [child for child in group if child.tag in (SVG + "circle", SVG + "rect", SVG + "path")]


# ---------------------------------------------------------------------------
# Numbers, text and ticks
# ---------------------------------------------------------------------------


def test_numbers_are_written_with_at_most_two_decimals():
    assert [number(v) for v in (0, 1.0, 2.5, 1 / 3, -0.004, 1234.5678, Fraction(1, 8), 100, -7)] == [
        "0", "1", "2.5", "0.33", "0", "1234.57", "0.12", "100", "-7"
    ]


def test_text_is_escaped_for_xml():
    assert escape("<a & 'b'>") == "&lt;a &amp; &#39;b&#39;&gt;"
    assert escape("bell\x07") == "bell\ufffd"  # a control character XML does not allow


@pytest.mark.parametrize(
    "low, high, max_ticks, labels",
    [
        (0, 1, 6, ["0", "0.2", "0.4", "0.6", "0.8", "1"]),
        (0, 1, 11, ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"]),
        (4.3, 7.9, 6, ["5", "6", "7"]),
        (4.3, 7.9, 8, ["4.5", "5", "5.5", "6", "6.5", "7", "7.5"]),
        (0, 250, 6, ["0", "50", "100", "150", "200", "250"]),
        (-0.05, 0.12, 5, ["-0.05", "0", "0.05", "0.1"]),
        (0.001, 0.0042, 5, ["0.001", "0.002", "0.003", "0.004"]),
        (1e6, 3e6, 6, ["1000000", "1500000", "2000000", "2500000", "3000000"]),
    ],
)
def test_nice_ticks_by_hand(low, high, max_ticks, labels):
    assert [label for _, label in nice_ticks(low, high, max_ticks)] == labels


def test_nice_ticks_are_round_and_few_on_random_ranges():
    rng = random.Random(7)
    for _ in range(300):
        low = rng.uniform(-1000, 1000) * 10 ** rng.randint(-4, 3)
        high = low + rng.uniform(0.001, 1000) * 10 ** rng.randint(-3, 3)
        max_ticks = rng.randint(2, 10)
        step = nice_step(low, high, max_ticks)
        mantissa = step / Fraction(10) ** math.floor(math.log10(step))
        assert mantissa in (1, 2, 5)
        ticks = nice_ticks(low, high, max_ticks)
        assert len(ticks) <= max_ticks
        assert len(ticks) >= (2 if max_ticks >= 5 else 1 if max_ticks >= 3 else 0)
        assert all(low <= value <= high for value, _ in ticks)
        assert all(float(label) == pytest.approx(value, rel=1e-12, abs=1e-300) for value, label in ticks)
        smaller = {1: Fraction(1, 2), 2: Fraction(1, 2), 5: Fraction(2, 5)}[int(mantissa)] * step
        lo, hi = Fraction(repr(low)), Fraction(repr(high))
        assert math.floor(hi / smaller) - math.ceil(lo / smaller) + 1 > max_ticks  # the next smaller step: too many


def test_log_ticks():
    assert [label for _, label in log_ticks(1, 60)] == ["1", "2", "5", "10", "20", "50"]
    assert [label for _, label in log_ticks(0.05, 3)] == ["0.05", "0.1", "0.2", "0.5", "1", "2"]
    assert [label for _, label in log_ticks(1, 1e5, max_ticks=6)] == ["1", "10", "100", "1000", "10000", "100000"]


def test_bad_tick_ranges_are_refused():
    with pytest.raises(ValueError, match="positive, finite width"):
        nice_ticks(3, 3)
    with pytest.raises(ValueError, match="0 < low < high"):
        log_ticks(0, 10)


def test_every_class_gets_its_own_look():
    styles = [class_style(k) for k in range(24)]
    assert [style.colour for style in styles[:8]] == list(OKABE_ITO)
    assert len({(s.colour, s.marker, s.dash) for s in styles}) == 24


def test_simplify_drops_only_points_on_the_line():
    line = [(x, 2 * x + 1) for x in range(100)]
    assert simplify(line) == [line[0], line[-1]]
    corner = [(x, 0) for x in range(10)] + [(9, y) for y in range(1, 10)]
    assert simplify(corner) == [(0, 0), (9, 0), (9, 9)]


# ---------------------------------------------------------------------------
# Contour lines and the kernel density estimate, by hand
# ---------------------------------------------------------------------------


def test_marching_squares_traces_a_diamond_around_one_high_point():
    lines = marching_squares([[0, 0, 0], [0, 1, 0], [0, 0, 0]], 0.5)
    assert len(lines) == 1
    line = lines[0]
    assert line[0] == line[-1]  # closed
    assert sorted(set(line)) == [(0.5, 1.0), (1.0, 0.5), (1.0, 1.5), (1.5, 1.0)]


def test_marching_squares_interpolates_along_the_edges():
    # Values 0, 4 along x: the level 1 is crossed a quarter of the way.
    assert marching_squares([[0, 4], [0, 4]], 1) == [[(0.25, 0.0), (0.25, 1.0)]]
    # A ramp in x: one straight line at x = 2.5, joined from bottom to top.
    ramp = [[c for c in range(6)] for _ in range(5)]
    (line,) = marching_squares(ramp, 2.5)
    assert sorted(line) == [(2.5, float(r)) for r in range(5)]


def test_marching_squares_resolves_a_saddle_by_the_centre():
    # Corners 1 0 / 0 1: the centre (mean 0.5) is inside at level 0.5, so the
    # two high corners join through the middle and the low corners are cut off.
    lines = marching_squares([[1, 0], [0, 1]], 0.5)
    assert sorted(sorted(line) for line in lines) == [[(0.0, 0.5), (0.5, 1.0)], [(0.5, 0.0), (1.0, 0.5)]]
    # At level 0.6 the centre is outside: now the high corners are cut off.
    lines = marching_squares([[1, 0], [0, 1]], 0.6)
    assert sorted(sorted(line) for line in lines) == [[(0.0, 0.4), (0.4, 0.0)], [(0.6, 1.0), (1.0, 0.6)]]


def test_marching_squares_draws_a_circle_for_a_cone():
    n, centre, radius = 41, 20, 12.0
    grid = [[math.hypot(c - centre, r - centre) for c in range(n)] for r in range(n)]
    (line,) = marching_squares(grid, radius)
    assert line[0] == line[-1]
    assert all(abs(math.hypot(x - centre, y - centre) - radius) < 0.05 for x, y in line)
    assert len(line) > 60


def test_marching_squares_refuses_bad_grids():
    with pytest.raises(ValueError, match="equal length"):
        marching_squares([[0, 1], [0]], 0.5)
    with pytest.raises(ValueError, match="finite"):
        marching_squares([[0, -math.inf], [0, 1]], 0.5)


def test_kernel_density_by_hand_and_as_a_density():
    phi = lambda z: math.exp(-z * z / 2) / math.sqrt(2 * math.pi)  # noqa: E731
    assert kernel_density(1.0, [0.0, 3.0], 2.0) == pytest.approx((phi(0.5) + phi(1.0)) / (2 * 2.0))
    values = [1.0, 1.5, 4.0, 4.2, 7.0]
    step = 0.01
    area = sum(kernel_density(-10 + i * step, values, 0.8) for i in range(2700)) * step
    assert area == pytest.approx(1.0, abs=1e-6)


def test_silverman_bandwidth_by_hand():
    # s = sqrt(2.5) = 1.5811; IQR = 4.5 - 1.5 = 3, 3 / 1.34 = 2.2388; h = 0.9 * 1.5811 * 5^(-1/5)
    assert silverman_bandwidth([1, 2, 3, 4, 5]) == pytest.approx(0.9 * math.sqrt(2.5) * 5**-0.2)
    with pytest.raises(ValueError, match="every value is 2.0"):
        silverman_bandwidth([2, 2, 2])
    with pytest.raises(ValueError, match="at least two values"):
        silverman_bandwidth([2])


# ---------------------------------------------------------------------------
# Each picture: well-formed, deterministic, and what it says it shows
# ---------------------------------------------------------------------------


def every_picture(iris, gaussian, histogram):
    history = {"loss": [3.0, 2.0, 1.5, 1.25], "means": {"a": [1, 2, 3, 3], "b": [1, 1.5, 1.75, 1.8]}}
    features = [InformativeFeature("tokyo", "japan", "china", Fraction(31, 10)), ("chinese", "china", "japan", 1.9)]
    return [
        ScatterPlot(iris.rows, iris.labels, X, Y),
        ScatterPlot(iris.rows, iris.labels, X, Y, model=gaussian),
        DensityPlot(iris.rows, iris.labels, X, model=gaussian),
        DensityPlot(iris.rows, iris.labels, X, model=histogram),
        DensityPlot(iris.rows, iris.labels, Y),
        ContourPlot(iris.rows, iris.labels, X, Y, gaussian),
        HistoryPlot(history),
        ConfusionMatrixPlot({"a": {"a": 5, "b": 1}, "b": {"a": 2, "b": 7}}),
        InformativeFeaturesPlot(features),
    ]


def test_every_picture_is_well_formed_svg_with_a_title(iris, gaussian, histogram):
    for picture in every_picture(iris, gaussian, histogram):
        root = parse(picture)
        assert root.tag == SVG + "svg"
        title = root.find(SVG + "title").text
        assert title and title in texts(root)  # the visible title is the file's title
        assert float(root.get("width")) > 200 and float(root.get("height")) > 150


def test_the_same_input_gives_the_same_bytes(iris, gaussian, histogram):
    first = [picture.to_svg() for picture in every_picture(iris, gaussian, histogram)]
    again = [picture.to_svg() for picture in every_picture(iris, gaussian, histogram)]
    assert first == again
    # and nothing that changes from run to run: no dates, no random ids
    for text in first:
        assert ' id="' not in text
        assert not re.search(r"\d{4}-\d\d-\d\d", text)


def test_a_picture_shows_itself_in_a_notebook(iris):
    picture = ScatterPlot(iris.rows, iris.labels, X, Y)
    assert picture._repr_svg_() == picture.to_svg()
    assert repr(picture) == "ScatterPlot(150 points, classes ['setosa', 'versicolor', 'virginica'])"


def test_scatter_has_one_marker_per_row_and_a_legend_of_the_classes(iris):
    root = parse(ScatterPlot(iris.rows, iris.labels, X, Y, title="Training set"))
    points = groups(root, "points")
    assert [len(shapes(g)) for g in points] == [50, 50, 50]
    assert [g.get("fill") for g in points] == list(OKABE_ITO[:3])
    legend = groups(root, "legend")[0]
    assert [t.text for t in legend.iter(SVG + "text")] == ["setosa", "versicolor", "virginica"]
    assert "Training set" in texts(root) and X in texts(root) and Y in texts(root)
    assert groups(root, "regions") == []


def test_scatter_leaves_out_rows_with_a_missing_value():
    rows = [{X: 1.0, Y: 2.0}, {X: None, Y: 3.0}, {X: 2.0, Y: float("nan")}, {X: 3.0}, {X: 4, Y: 1}]
    picture = ScatterPlot(rows, ["a", "a", "b", "b", "b"], X, Y)
    assert picture.points == [(1.0, 2.0), (4.0, 1.0)]
    assert sum(len(shapes(g)) for g in groups(parse(picture), "points")) == 2


def test_the_axes_have_round_ticks(iris):
    root = parse(ScatterPlot(iris.rows, iris.labels, X, Y))
    labels = texts(root)
    for tick in ["5", "6", "7", "8", "2", "2.5", "3", "3.5", "4", "4.5"]:
        assert tick in labels
    x_ticks = [g for g in root.iter(SVG + "g") if g.get("class") == "x-ticks"][0]
    assert len(list(x_ticks)) == 4


def test_decision_regions_are_the_model_s_predictions(iris, gaussian):
    picture = ScatterPlot(iris.rows, iris.labels, X, Y, model=gaussian, resolution=40)
    n_columns, n_rows = picture.grid_size
    (x_low, x_high), (y_low, y_high) = picture.x_range, picture.y_range
    dx, dy = (x_high - x_low) / n_columns, (y_high - y_low) / n_rows
    covered = 0
    for first, count, runs in picture.regions:
        assert [start for start, _, _ in runs][0] == 0 and runs[-1][1] == n_columns - 1  # runs fill the row
        for r in range(first, first + count):
            for start, end, label in runs:
                centre = (x_low + (start + 0.5) * dx, y_low + (r + 0.5) * dy)
                assert gaussian.predict([{X: centre[0], Y: centre[1]}]) == [label]
                covered += end - start + 1
    assert covered == n_columns * n_rows
    root = parse(picture)
    rectangles = [rect for g in groups(root, "regions") for rect in g]
    assert len(rectangles) == sum(len(runs) for _, _, runs in picture.regions)
    assert len(rectangles) < n_columns * n_rows / 10  # merged, not one per cell
    area = sum(float(r.get("width")) * float(r.get("height")) for r in rectangles)
    assert area == pytest.approx(440 * 320, rel=1e-3)  # the shading covers the plot area exactly once


def test_decision_regions_of_any_model_with_predict(iris):
    class NearestMean:
        """A classifier that is not naive Bayes at all: the class whose mean is nearest."""

        classes_ = ["setosa", "versicolor", "virginica"]

        def __init__(self, rows, labels):
            self.means = {}
            for label in self.classes_:
                own = [row for row, l in zip(rows, labels) if l == label]
                self.means[label] = (sum(r[X] for r in own) / len(own), sum(r[Y] for r in own) / len(own))

        def predict(self, rows):
            return [
                min(self.classes_, key=lambda c: math.dist((row[X], row[Y]), self.means[c])) for row in rows
            ]

    picture = ScatterPlot(iris.rows, iris.labels, X, Y, model=NearestMean(iris.rows, iris.labels), resolution=20)
    assert {label for _, _, runs in picture.regions for *_, label in runs} == set(NearestMean.classes_)
    assert "NearestMean" in picture.to_svg()


def test_decision_regions_of_models_fitted_on_list_rows_and_on_counts():
    rows = [[1.0, 0], [1.2, 1], [0.8, 0], [3.0, 4], [3.3, 5], [2.9, 6]]
    labels = ["low", "low", "low", "high", "high", "high"]
    picture = ScatterPlot(rows, labels, 0, 1, model=GaussianNB().fit(rows, labels), resolution=10)
    assert {label for _, _, runs in picture.regions for *_, label in runs} == {"low", "high"}
    counts = [[int(a), b] for a, b in rows]
    picture = ScatterPlot(counts, labels, 0, 1, model=PoissonNB().fit(counts, labels), resolution=10)
    assert {label for _, _, runs in picture.regions for *_, label in runs} == {"low", "high"}


def test_gaussian_density_curves_peak_at_the_model_s_density(iris, gaussian):
    picture = DensityPlot(iris.rows, iris.labels, X, model=gaussian)
    for label in gaussian.classes_:
        peak = max(density for _, density in picture.curves[label])
        variance = float(gaussian.variances_[label][X])
        assert peak == pytest.approx(1 / math.sqrt(2 * math.pi * variance), rel=1e-3)
    root = parse(picture)
    assert len([p for p in root.iter(SVG + "path") if p.get("class") == "density"]) == 3
    assert len([p for p in root.iter(SVG + "path") if p.get("class") == "histogram"]) == 3
    assert "the Gaussians of GaussianNB" in picture.to_svg()


def test_the_data_histogram_is_a_density(iris):
    picture = DensityPlot(iris.rows, iris.labels, X, bins=7)
    widths = [b - a for a, b in zip(picture.edges, picture.edges[1:])]
    for heights in picture.histograms.values():
        assert sum(h * w for h, w in zip(heights, widths)) == pytest.approx(1.0)


def test_histogram_density_steps_are_the_model_s_bins(iris, histogram):
    picture = DensityPlot(iris.rows, iris.labels, X, model=histogram)
    edges = histogram.bin_edges_[X]
    for label in histogram.classes_:
        curve = picture.curves[label]
        assert curve[0] == (edges[0], 0.0) and curve[-1] == (edges[-1], 0.0)
        heights = curve[1:-1:2]
        assert [h for _, h in heights] == [
            float(histogram.likelihood(X, (a + b) / 2, label)) for a, b in zip(edges, edges[1:])
        ]


def test_kernel_density_curves_use_each_class_s_bandwidth(iris):
    picture = DensityPlot(iris.rows, iris.labels, X)
    setosa = [row[X] for row, label in zip(iris.rows, iris.labels) if label == "setosa"]
    assert picture.bandwidths["setosa"] == pytest.approx(silverman_bandwidth(setosa))
    fixed = DensityPlot(iris.rows, iris.labels, X, bandwidth=0.3)
    assert set(fixed.bandwidths.values()) == {0.3}
    assert "kernel density estimates" in fixed.to_svg()


def test_poisson_density_is_drawn_per_count():
    rows = [{"n": k} for k in (0, 1, 1, 2, 5, 6, 6, 7)]
    labels = ["a", "a", "a", "a", "b", "b", "b", "b"]
    model = PoissonNB().fit(rows, labels)
    picture = DensityPlot(rows, labels, "n", model=model)
    assert picture.edges == [k - 0.5 for k in range(0, 9)]
    steps = picture.curves["a"][1:-1:2]
    assert [round(x + 0.5) for x, _ in steps] == list(range(0, 9))
    assert steps[2][1] == pytest.approx(model.likelihood("n", 2, "a"))


def test_contour_points_lie_on_their_level(iris, gaussian):
    picture = ContourPlot(iris.rows, iris.labels, X, Y, gaussian, levels=(0.2, 0.6), resolution=50)
    for label in gaussian.classes_:
        log_prior = gaussian.log_prior(label)
        peak = max(
            scores[label] - log_prior
            for scores in gaussian.predict_joint_log_proba(
                [{X: x, Y: y} for x in picture_grid(picture.x_range, 50) for y in picture_grid(picture.y_range, 50)]
            )
        )
        for share, lines in picture.contours[label].items():
            assert lines, f"no line for {label} at {share}"
            for line in lines:
                for x, y in line[::7]:
                    log_density = gaussian.joint_log_likelihood({X: x, Y: y})[label] - log_prior
                    assert log_density == pytest.approx(peak + math.log(share), abs=0.02)
    root = parse(picture)
    paths = [p for g in groups(root, "contours") for p in g]
    assert len(paths) == sum(len(lines) for by_share in picture.contours.values() for lines in by_share.values())
    assert "at 20%, 60% of each class" in picture.to_svg()


def picture_grid(value_range, n):
    low, high = value_range
    return [low + (high - low) * i / (n - 1) for i in range(n)]


def test_history_has_the_blog_s_three_panels():
    history = {
        "scales": {"setosa x": [1.0, 0.8, 0.5], "setosa y": [1.0, 0.9, 0.4]},
        "loss": [5.0, 3.0, 2.5],
        "means": {("setosa", "y"): [1.0, 2.0, 3.4], ("setosa", "x"): [1.0, 3.0, 5.0]},
    }
    picture = HistoryPlot(history, y_labels={"loss": "negative log-likelihood"})
    assert [key for key, _, _ in picture.panels] == ["loss", "means", "scales"]
    assert list(picture.panels[1][1]) == ["setosa x", "setosa y"]  # sorted, tuples joined
    root = parse(picture)
    labels = texts(root)
    for text in ["Loss vs. epoch", "Means vs. epoch", "Scales vs. epoch", "negative log-likelihood", "epoch"]:
        assert text in labels
    assert [t.text for g in groups(root, "legend") for t in g.iter(SVG + "text")] == [
        "setosa x", "setosa y", "setosa x", "setosa y"
    ]
    assert len([p for p in root.iter(SVG + "path") if p.get("class") == "history"]) == 5
    assert repr(picture) == "HistoryPlot(3 epochs; 'loss': 1 line, 'means': 2 lines, 'scales': 2 lines)"


def test_a_long_history_is_thinned_out_but_keeps_its_ends():
    n = 10_000
    loss = [1 / (1 + k) + (0.5 if k == n - 1 else 0) for k in range(n)]
    picture = HistoryPlot({"loss": loss}, max_points=100)
    (path,) = [p for p in parse(picture).iter(SVG + "path") if p.get("class") == "history"]
    corners = path.get("d").count(" ") // 2 + 1
    assert corners <= 100
    assert len(picture.to_svg()) < 8000
    assert "10000" in texts(parse(picture))  # the last epoch is on the axis


def test_history_with_its_own_epoch_numbers():
    picture = HistoryPlot({"loss": [3, 2, 1], "epoch": [0, 50, 100]})
    assert picture.epochs == [0.0, 50.0, 100.0]
    assert "100" in texts(parse(picture))


def test_confusion_matrix_heat_map_writes_every_count(iris, gaussian):
    matrix = confusion_matrix(iris.labels, gaussian.predict(iris.rows))
    picture = ConfusionMatrixPlot(matrix)
    root = parse(picture)
    counts = [t.text for g in groups(root, "counts") for t in g]
    assert counts == [str(matrix[a][b]) for a in matrix for b in matrix]
    cells = [rect for g in groups(root, "cells") for rect in g]
    assert len(cells) == 9
    darkest = max(range(9), key=lambda k: int(counts[k]))
    assert cells[darkest].get("fill") == "#08306B"
    assert "predicted class" in texts(root) and "true class" in texts(root)
    correct = sum(matrix[label][label] for label in matrix)
    assert f"{correct} of 150 examples on the diagonal (predicted correctly)" in texts(root)


def test_informative_features_bars(iris):
    documents, labels, _ = load_china()
    model = MultinomialNB().fit(documents, labels)
    features = most_informative_features(model, 4)
    picture = InformativeFeaturesPlot(features)
    root = parse(picture)
    bars = [rect for rect in root.iter(SVG + "rect") if rect.get("class") == "bar"]
    assert len(bars) == 4
    widths = [float(bar.get("width")) for bar in bars]
    assert widths == sorted(widths, reverse=True)  # ranked, largest ratio on top
    assert [t for t in texts(root) if t in ("japan", "tokyo", "chinese")] == [f.feature for f in features][:3]
    assert "japan : china = 3.1 : 1" in texts(root)
    assert [t.text for g in groups(root, "legend") for t in g.iter(SVG + "text")] == [
        "more likely in china", "more likely in japan"
    ]


def test_an_infinite_ratio_reaches_the_edge():
    picture = InformativeFeaturesPlot([("never", "a", "b", math.inf), ("often", "b", "a", 4)])
    bars = [rect for rect in parse(picture).iter(SVG + "rect") if rect.get("class") == "bar"]
    assert float(bars[0].get("width")) == 360
    assert "a : b = infinite" in texts(parse(picture))


def test_labels_that_look_like_markup_stay_text():
    rows = [{"<x>": 1, "y & z": 2}, {"<x>": 2, "y & z": 1}, {"<x>": 3, "y & z": 3}]
    labels = ['"quoted"', "<b>bold</b>", '"quoted"']
    picture = ScatterPlot(rows, labels, "<x>", "y & z")
    root = parse(picture)
    assert {"<x>", "y & z", '"quoted"', "<b>bold</b>"} <= set(texts(root))
    matrix = {"<a>": {"<a>": 1, "&b": 0}, "&b": {"<a>": 2, "&b": 3}}
    assert {"<a>", "&b"} <= set(texts(parse(ConfusionMatrixPlot(matrix))))


# ---------------------------------------------------------------------------
# Saving
# ---------------------------------------------------------------------------


def test_save_writes_the_svg_and_leaves_no_temporary_file(tmp_path, iris):
    picture = ScatterPlot(iris.rows, iris.labels, X, Y)
    path = picture.save(tmp_path / "iris.svg")
    assert path == tmp_path / "iris.svg"
    assert path.read_bytes() == picture.to_svg().encode("utf-8")
    assert os.listdir(tmp_path) == ["iris.svg"]
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask  # the usual permissions, not a temp file's 0o600
    picture.save(str(tmp_path / "iris.svg"))  # a str path, over an old file
    assert path.read_bytes() == picture.to_svg().encode("utf-8")


def test_a_failed_save_keeps_the_old_file(tmp_path, iris, monkeypatch):
    path = tmp_path / "picture.svg"
    path.write_text("old", encoding="utf-8")

    class Broken(Picture):
        def draw(self):
            raise RuntimeError("cannot draw")

    with pytest.raises(RuntimeError, match="cannot draw"):
        Broken().save(path)
    assert path.read_text(encoding="utf-8") == "old"

    def refuse(source, target):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="disk full"):
        ScatterPlot(iris.rows, iris.labels, X, Y).save(path)
    assert path.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["picture.svg"]


# ---------------------------------------------------------------------------
# Clear errors for bad input
# ---------------------------------------------------------------------------


def test_a_model_trained_on_other_features_is_refused(iris):
    all_four = load_iris()
    model = GaussianNB().fit(all_four.rows, all_four.labels)
    with pytest.raises(ValueError, match=r"trained on 4 features .* data.select\(\['sepal_length', 'sepal_width'\]\)"):
        ScatterPlot(iris.rows, iris.labels, X, Y, model=model)
    petals = all_four.select(["petal_length", "petal_width"])
    model = GaussianNB().fit(petals.rows, petals.labels)
    with pytest.raises(ValueError, match="which do not include 'sepal_length'"):
        ContourPlot(iris.rows, iris.labels, X, Y, model)
    with pytest.raises(ValueError, match="which do not include 'sepal_length'"):
        DensityPlot(iris.rows, iris.labels, X, model=model)


def test_a_one_feature_model_cannot_draw_two_features(iris):
    one = load_iris().select([X])
    model = GaussianNB().fit(one.rows, one.labels)
    with pytest.raises(ValueError, match=r"\['sepal_length'\], which do not include 'sepal_width'"):
        ScatterPlot(iris.rows, iris.labels, X, Y, model=model)
    DensityPlot(iris.rows, iris.labels, X, model=model)  # but one feature is fine


def test_unfitted_text_and_categorical_models_are_refused(iris):
    with pytest.raises(NotFittedError, match="call fit"):
        ScatterPlot(iris.rows, iris.labels, X, Y, model=GaussianNB())
    documents, labels, _ = load_china()
    with pytest.raises(TypeError, match="classifies documents"):
        ScatterPlot(iris.rows, iris.labels, X, Y, model=MultinomialNB().fit(documents, labels))
    with pytest.raises(TypeError, match="a fitted classifier with a predict method"):
        ScatterPlot(iris.rows, iris.labels, X, Y, model="GaussianNB")
    rows = [{"size": 1.0, "colour": "red"}, {"size": 2.0, "colour": "blue"}]
    mixed = MixedNB().fit(rows, ["a", "b"])
    with pytest.raises(ValueError, match="treats 'colour' as categories"):
        DensityPlot(rows, ["a", "b"], "colour", model=mixed)


def test_bad_rows_and_features_are_refused(iris, gaussian):
    with pytest.raises(ValueError, match="two different ones"):
        ScatterPlot(iris.rows, iris.labels, X, X)
    with pytest.raises(ValueError, match="X has 150 rows but labels has 3 labels"):
        ScatterPlot(iris.rows, iris.labels[:3], X, Y)
    with pytest.raises(ValueError, match="no row has the feature 'petal'"):
        ScatterPlot(iris.rows, iris.labels, X, "petal")
    with pytest.raises(ValueError, match="rows is empty"):
        ScatterPlot([], [], X, Y)
    with pytest.raises(ValueError, match=r"rows\[1\]: feature 'sepal_width' has the value 'wide'"):
        ScatterPlot([{X: 1, Y: 2}, {X: 2, Y: "wide"}], ["a", "b"], X, Y)
    with pytest.raises(ValueError, match="column number from 0 to 1"):
        ScatterPlot([[1, 2], [2, 3]], ["a", "b"], 0, 2)
    with pytest.raises(ValueError, match="which the model never saw"):
        ScatterPlot(iris.rows, ["rose"] + iris.labels[1:], X, Y, model=gaussian)
    with pytest.raises(ValueError, match="resolution"):
        ScatterPlot(iris.rows, iris.labels, X, Y, model=gaussian, resolution=1)
    with pytest.raises(ValueError, match="levels must be shares"):
        ContourPlot(iris.rows, iris.labels, X, Y, gaussian, levels=(0.5, 1.5))
    with pytest.raises(ValueError, match="bandwidth must be a number > 0"):
        DensityPlot(iris.rows, iris.labels, X, bandwidth=0)


def test_bad_histories_are_refused():
    with pytest.raises(ValueError, match="the history is empty"):
        HistoryPlot({})
    with pytest.raises(ValueError, match=r"history\['loss'\] is empty"):
        HistoryPlot({"loss": []})
    with pytest.raises(TypeError, match="must be a dict"):
        HistoryPlot([1.0, 0.5])
    with pytest.raises(ValueError, match="one number per epoch, but 'loss' in 'loss' has 3 and 'a' in 'means' has 2"):
        HistoryPlot({"loss": [3, 2, 1], "means": {"a": [1, 2]}})
    with pytest.raises(ValueError, match=r"history\['loss'\]\[1\] is nan"):
        HistoryPlot({"loss": [3, float("nan")]})
    with pytest.raises(TypeError, match=r"history\['means'\]\['a'\] must be a list of numbers"):
        HistoryPlot({"means": {"a": 1.5}})
    with pytest.raises(ValueError, match=r"history\['means'\] is an empty dict"):
        HistoryPlot({"means": {}})


def test_bad_matrices_and_feature_lists_are_refused():
    with pytest.raises(ValueError, match="empty"):
        ConfusionMatrixPlot({})
    with pytest.raises(ValueError, match="one column per class"):
        ConfusionMatrixPlot({"a": {"a": 1}, "b": {"a": 0, "b": 2}})
    with pytest.raises(ValueError, match=r"matrix\['a'\]\['b'\] is -1, not a count"):
        ConfusionMatrixPlot({"a": {"a": 1, "b": -1}, "b": {"a": 0, "b": 2}})
    with pytest.raises(TypeError, match="as confusion_matrix returns"):
        ConfusionMatrixPlot([[1, 0], [0, 1]])
    with pytest.raises(ValueError, match="features is empty"):
        InformativeFeaturesPlot([])
    with pytest.raises(ValueError, match="a number >= 1"):
        InformativeFeaturesPlot([("word", "a", "b", 0.5)])


# ---------------------------------------------------------------------------
# The gallery on the docs pages
# ---------------------------------------------------------------------------


def load_gallery():
    spec = importlib.util.spec_from_file_location("gallery", ROOT / "docs" / "scripts" / "gallery.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_gallery_images_are_what_the_code_draws(tmp_path):
    """Every picture docs/scripts/gallery.py draws is in docs/images/, as it draws it: run it after changing a picture.

    (docs/images/ also holds pictures of data the package does not ship, such as
    the Adult census, drawn by their own scripts and checked by their own tests.)
    """
    written = load_gallery().main(tmp_path)
    committed = ROOT / "docs" / "images"
    missing = [path.name for path in written if not (committed / path.name).is_file()]
    assert missing == [], "run .venv/bin/python docs/scripts/gallery.py and commit: " + ", ".join(missing)
    stale = [path.name for path in written if path.read_bytes() != (committed / path.name).read_bytes()]
    assert stale == [], "run .venv/bin/python docs/scripts/gallery.py to redraw: " + ", ".join(stale)


def test_the_gallery_page_shows_every_image(tmp_path):
    """The gallery page shows every picture gallery.py draws, and some docs page shows every committed picture."""
    page = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\]\(images/([\w.-]+\.svg)\)", page))
    drawn = {path.name for path in load_gallery().main(tmp_path)}
    assert drawn <= shown
    pages = [other.read_text(encoding="utf-8") for other in (ROOT / "docs").glob("*.md")]
    unshown = [path.name for path in (ROOT / "docs" / "images").glob("*.svg")
               if not any(f"images/{path.name}" in text for text in pages)]  # fmt: skip
    assert unshown == []
