"""Pictures of data and of fitted models, drawn as SVG files with the standard library only.

The blog post on naive Bayes with TensorFlow Probability looks at the iris
flowers in pictures: the training set, the loss and the parameters during a
gradient fit, each class's density, and the regions where each class wins.
Each picture here is a small class; make one, then ``save`` it or ask for its
text:

>>> from naivebayes import GaussianNB
>>> from naivebayes.datasets import load_iris
>>> iris = load_iris().select(["sepal_length", "sepal_width"])
>>> model = GaussianNB().fit(iris.rows, iris.labels)
>>> picture = ScatterPlot(iris.rows, iris.labels, "sepal_length", "sepal_width", model=model)
>>> picture
ScatterPlot(150 points, classes ['setosa', 'versicolor', 'virginica'], regions of GaussianNB)
>>> picture.to_svg().startswith("<svg")
True

(``picture.save("iris.svg")`` writes the file; in a notebook, a picture
that ends a cell is shown.)

=========================  ===================================================
``ScatterPlot``            two features by class; with ``model=``, the
                           decision regions of any fitted model behind them
``DensityPlot``            each class's density of one feature over a
                           histogram of the data: the model's Gaussian,
                           histogram or Poisson, or a kernel density estimate
``ContourPlot``            contour lines of each class's density of two
                           features, p(x, y | c) = P(x, y, c) / P(c)
``HistoryPlot``            a training history: loss, means, scales per epoch
``ConfusionMatrixPlot``    ``confusion_matrix`` output as a heat map
``InformativeFeaturesPlot``  ``most_informative_features`` output as bars
=========================  ===================================================

Every picture reads the model only through what it makes public (``predict``,
``predict_joint_log_proba``, ``log_prior``, ``likelihood``, ``classes_``,
``features_``, ``distributions_``, ``bin_edges_``), so it shows the very
numbers the model computes.  The same input always gives the same SVG text
(see ``svg.py``), and the helpers that do the arithmetic are plain functions
a test can check on numbers worked by hand: ``marching_squares``,
``kernel_density`` and ``silverman_bandwidth``.

A training history is a plain dict (``HistoryPlot`` has the details)::

    {"loss": [2.31, 1.87, ...],                          # one number per epoch
     "means": {"setosa sepal_length": [1.0, 1.2, ...], ...},   # one list per parameter
     "scales": {"setosa sepal_length": [1.0, 0.9, ...], ...}}
"""

import math
import statistics
from collections.abc import Mapping
from numbers import Real

from naivebayes.plumbing.checks import NotFittedError, as_list, check_labels, is_missing, plain_value, sorted_labels
from naivebayes.inspect.svg import (
    TEXT_COLOUR,
    Axes,
    Canvas,
    Picture,
    class_style,
    draw_legend,
    draw_marker,
    legend_width,
    nice_ticks,
    number,
    path_text,
    shorten,
    simplify,
    text_width,
    y_label_room,
)

__all__ = [
    "ScatterPlot",
    "DensityPlot",
    "ContourPlot",
    "HistoryPlot",
    "ConfusionMatrixPlot",
    "InformativeFeaturesPlot",
    "marching_squares",
    "kernel_density",
    "silverman_bandwidth",
]

SQRT_TWO_PI = math.sqrt(2 * math.pi)
PLOT_WIDTH, PLOT_HEIGHT = 440, 320  # the plot area of a single-plot picture, in pixels


# ---------------------------------------------------------------------------
# Arithmetic: a kernel density estimate, and contour lines
# ---------------------------------------------------------------------------


def kernel_density(x, values, bandwidth):
    """f(x) = (1 / (n h)) * sum over i of phi((x - x_i) / h): a Gaussian kernel density estimate.

    Each of the n values spreads a bell curve of width ``bandwidth`` (h)
    around itself; phi is the standard normal density.  Unlike a histogram it
    does not depend on where bins start.

    >>> round(kernel_density(0, [0], 1), 4)  # one value: phi(0)
    0.3989
    >>> round(kernel_density(1, [0, 2], 1), 4)  # halfway between two values: phi(1)
    0.242
    """
    total = math.fsum(math.exp(-0.5 * ((x - value) / bandwidth) ** 2) for value in values)
    return total / (len(values) * bandwidth * SQRT_TWO_PI)


def silverman_bandwidth(values):
    """h = 0.9 * min(s, IQR / 1.34) * n^(-1/5): Silverman's rule of thumb for ``kernel_density``.

    s is the sample standard deviation and IQR the interquartile range (B. W.
    Silverman, *Density Estimation for Statistics and Data Analysis*, 1986,
    equation 3.31).  If one of them is 0 (many equal values), the other is used.

    >>> round(silverman_bandwidth([1, 2, 3, 4, 5]), 4)
    1.0314
    """
    values = [float(value) for value in values]
    if len(values) < 2:
        raise ValueError(f"a bandwidth needs at least two values, not {len(values)}; give bandwidth=...")
    spread = statistics.stdev(values)
    quartiles = statistics.quantiles(values, n=4)
    iqr_spread = (quartiles[2] - quartiles[0]) / 1.34
    positive = [s for s in (spread, iqr_spread) if s > 0]
    if not positive:
        raise ValueError(f"every value is {values[0]}, so no bandwidth fits them; give bandwidth=... yourself")
    return 0.9 * min(positive) * len(values) ** -0.2


def crossing(a, b, level):
    """Where ``level`` crosses the edge from corner a to corner b, each (x, y, value): linear interpolation.

    The corners are put in a fixed order first, so the two cells that share
    an edge compute the very same point (and their lines join exactly).
    """
    if (a[1], a[0]) > (b[1], b[0]):
        a, b = b, a
    t = (level - a[2]) / (b[2] - a[2])
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


def cell_segments(corners, level):
    """The contour segments inside one grid cell: [(point, point)].

    ``corners`` are the cell's four (x, y, value) corners going round the
    cell; edge e joins corner e to corner e + 1.  A corner is inside when its
    value is >= level.  The line crosses every edge whose corners differ:
    none, two (one segment) or all four (a saddle).  In a saddle the value at
    the centre, the mean of the corners, decides which way the line turns:
    it cuts off the two corners on the other side than the centre.
    """
    inside = [value >= level for _, _, value in corners]
    crossed = [e for e in range(4) if inside[e] != inside[(e + 1) % 4]]
    if not crossed:
        return []
    points = {e: crossing(corners[e], corners[(e + 1) % 4], level) for e in crossed}
    if len(crossed) == 2:
        pairs = [tuple(crossed)]
    else:
        centre_inside = math.fsum(value for _, _, value in corners) / 4 >= level
        pairs = [((k - 1) % 4, k) for k in range(4) if inside[k] != centre_inside]  # the edges around corner k
    return [(points[e], points[f]) for e, f in pairs if points[e] != points[f]]


def join_segments(segments):
    """Chain segments that share end points into polylines (a closed one ends where it starts)."""
    ends = {}  # point -> the indices of the segments that end there
    for i, (p, q) in enumerate(segments):
        ends.setdefault(p, []).append(i)
        ends.setdefault(q, []).append(i)
    used = [False] * len(segments)

    def walk(line):
        """Extend ``line`` at its last point while an unused segment starts there."""
        while True:
            nxt = next((i for i in ends[line[-1]] if not used[i]), None)
            if nxt is None:
                return line
            used[nxt] = True
            p, q = segments[nxt]
            line.append(q if p == line[-1] else p)

    lines = []
    for i, (p, q) in enumerate(segments):
        if used[i]:
            continue
        used[i] = True
        forward = walk([p, q])
        if forward[-1] != forward[0]:  # not closed: there may be more of it before p
            backward = walk([p])
            forward = backward[::-1] + forward[1:]
        lines.append(forward)
    return lines


def marching_squares(grid, level):
    """The contour lines where the values of ``grid`` cross ``level``, as polylines of (x, y) points.

    ``grid[r][c]`` is the value at the point x = c, y = r (rows of equal
    length, finite numbers).  Each square of four neighbouring points gets
    the segments of ``cell_segments``, with the crossings placed by linear
    interpolation along the edges; segments that meet are joined into
    polylines.  A closed line ends with its first point again.

    One high point in the middle of a 3 x 3 grid gives a diamond:

    >>> marching_squares([[0, 0, 0], [0, 1, 0], [0, 0, 0]], 0.5)
    [[(1.0, 0.5), (0.5, 1.0), (1.0, 1.5), (1.5, 1.0), (1.0, 0.5)]]
    """
    if not grid or not grid[0] or any(len(row) != len(grid[0]) for row in grid):
        raise ValueError("grid must be a non-empty list of rows of equal length")
    for row in grid:
        for value in row:
            if not math.isfinite(value):
                raise ValueError(f"grid values must be finite numbers, not {value!r} (clip -inf to a low number)")
    segments = []
    for r in range(len(grid) - 1):
        for c in range(len(grid[0]) - 1):
            corners = [
                (c, r, grid[r][c]),
                (c + 1, r, grid[r][c + 1]),
                (c + 1, r + 1, grid[r + 1][c + 1]),
                (c, r + 1, grid[r + 1][c]),
            ]
            segments.extend(cell_segments(corners, level))
    return [[(float(x), float(y)) for x, y in line] for line in join_segments(segments)]


# ---------------------------------------------------------------------------
# Reading the inputs (checked once, here at the boundary)
# ---------------------------------------------------------------------------


def value_of(row, feature):
    """The value of ``feature`` in one row: a dict row by name, a list row by column number."""
    if isinstance(row, Mapping):
        return row.get(feature)
    if hasattr(row, "to_dict"):  # a pandas Series
        return row.to_dict().get(feature)
    if hasattr(row, "tolist"):  # a numpy row
        row = row.tolist()
    if isinstance(row, (list, tuple)):
        if isinstance(feature, int) and not isinstance(feature, bool) and 0 <= feature < len(row):
            return row[feature]
        raise ValueError(
            f"the rows are lists, so a feature is a column number from 0 to {len(row) - 1}, not {feature!r}"
        )
    raise TypeError(f"a row must be a dict {{feature: value}} or a list of values, not {type(row).__name__}")


def as_measurement(value, feature, i):
    """``value`` as a float, or an error naming the row and feature."""
    value = plain_value(value)
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ValueError(
            f"rows[{i}]: feature {feature!r} has the value {value!r}, but this picture places rows by "
            "their measurements, so it needs numbers"
        )
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"rows[{i}]: feature {feature!r} has the value {value!r}; measurements must be finite")
    return value


def measurements(rows, labels, features):
    """([(value of each feature) for each row], [its label]): rows missing any of the features are left out."""
    rows = as_list("rows", rows, what="rows")
    labels = check_labels(labels, len(rows), name="labels", noun="row")
    if not rows:
        raise ValueError("rows is empty: a picture of the data needs at least one row")
    for feature in features:
        if all(isinstance(row, Mapping) and feature not in row for row in rows):
            names = list(rows[0]) if isinstance(rows[0], Mapping) else []
            raise ValueError(f"no row has the feature {feature!r}; the rows' features are {names}")
    points, kept = [], []
    for i, (row, label) in enumerate(zip(rows, labels)):
        values = [value_of(row, feature) for feature in features]
        if any(is_missing(value) for value in values):
            continue  # a row with a missing value has no place in the picture
        points.append(tuple(as_measurement(value, feature, i) for value, feature in zip(values, features)))
        kept.append(label)
    if not points:
        raise ValueError(f"no row has a value for every one of the features {list(features)}")
    return points, kept


def check_two_features(x, y):
    """Two different features for a picture of two features."""
    if x == y:
        raise ValueError(f"x and y are both {x!r}; a picture of two features needs two different ones")


def check_model(model, features, only=True):
    """The classes of a fitted model trained on ``features`` (and, if ``only``, on no others); else a clear error."""
    if not hasattr(model, "predict"):
        raise TypeError(f"model must be a fitted classifier with a predict method, not {type(model).__name__}")
    classes = list(getattr(model, "classes_", None) or [])
    if not classes:
        raise NotFittedError(f"this {type(model).__name__} has not been fitted yet: call fit(X, y) first")
    if getattr(model, "example_noun", "row") == "document":
        raise TypeError(
            f"{type(model).__name__} classifies documents; this picture places rows by measurements, "
            "so it needs a model of rows such as GaussianNB"
        )
    model_features = getattr(model, "features_", None)
    if model_features is not None:
        unknown = [feature for feature in features if feature not in model_features]
        if unknown:
            raise ValueError(
                f"the model was trained on the features {list(model_features)}, which do not include "
                f"{unknown[0]!r}; fit it on rows with the features {list(features)}"
            )
        extra = [feature for feature in model_features if feature not in features]
        if extra and only:
            raise ValueError(
                f"the model was trained on {len(model_features)} features {list(model_features)}, but the "
                f"picture shows only {list(features)}; fit a model on those alone (for a Dataset: "
                f"data.select({list(features)!r}))"
            )
    for feature in features:
        kind = getattr(model, "distributions_", {}).get(feature)
        if kind == "categorical":
            raise ValueError(
                f"the model treats {feature!r} as categories; this picture needs a feature of measurements"
            )
    return classes


def check_known_labels(labels, classes):
    """Every label of the rows must be one of the model's classes."""
    unknown = sorted({str(label) for label in labels} - {str(label) for label in classes})
    if unknown:
        raise ValueError(
            f"the rows have the label {unknown[0]!r}, which the model never saw (its classes are {classes}); "
            "draw the rows the model was trained or tested on"
        )


def padded_range(values, share=0.05):
    """(low, high) of the values, widened by ``share`` of their span at each end (by 1 if they are all equal)."""
    low, high = min(values), max(values)
    pad = (high - low) * share if high > low else 1.0
    return low - pad, high + pad


def model_name(model):
    return type(model).__name__


def grid_rows(model, x, y, points):
    """Rows the model can predict, one per (x value, y value): dicts, or lists for a model fitted on lists."""
    width = getattr(model, "n_columns_", None)
    rows = []
    for vx, vy in points:
        if width is None:
            rows.append({x: vx, y: vy})
        else:
            row = [None] * width
            row[x], row[y] = vx, vy
            rows.append(row)
    return rows


def as_model_value(model, feature, value):
    """A grid value as the model takes it: the nearest count, >= 0, for a Poisson feature."""
    if getattr(model, "distributions_", {}).get(feature) == "poisson":
        return max(0, round(value))
    return value


# ---------------------------------------------------------------------------
# Layout shared by the single-plot pictures
# ---------------------------------------------------------------------------


def single_plot_canvas(title, subtitle, x_range, y_range, legend_labels, plot_width=PLOT_WIDTH,
                       plot_height=PLOT_HEIGHT, legend_heading=None):
    """A canvas with one plot area, room for a title and subtitle above and a legend on the right."""
    y_labels = [label for _, label in nice_ticks(*y_range)]
    left = y_label_room(y_labels) + 12
    top = 58 if subtitle else 42
    right = legend_width(legend_labels, legend_heading) + 48
    width = max(left + plot_width + right, left + heading_width(title, subtitle) + 16)
    legend_height = 18 * (len(legend_labels) + (1 if legend_heading else 0))
    height = top + max(plot_height + 56, legend_height + 10)
    canvas = Canvas(width, height, title)
    canvas.text(left, 22, title, size=15, font_weight="bold")
    if subtitle:
        canvas.text(left, 40, subtitle, size=11.5, fill="#555555")
    axes = Axes(left, top, plot_width, plot_height, x_range, y_range)
    return canvas, axes


def heading_width(title, subtitle=None):
    """The width a picture's bold title and its subtitle take."""
    return max(text_width(title, 16.5), text_width(subtitle or "", 11.5))


def feature_label(feature, given):
    return str(feature) if given is None else str(given)


# ---------------------------------------------------------------------------
# Two features by class, and the decision regions of a model
# ---------------------------------------------------------------------------


def decision_regions(model, x, y, x_range, y_range, n_columns, n_rows):
    """The class the model predicts in each cell of a grid, merged into bands of runs.

    Returns [(first row, number of rows, [(first column, last column, label)])]:
    rows of cells count from the bottom, and consecutive rows that predict
    the same runs are one band, so a picture needs few rectangles.
    """
    x_low, x_high = x_range
    y_low, y_high = y_range
    dx, dy = (x_high - x_low) / n_columns, (y_high - y_low) / n_rows
    centres = [
        (as_model_value(model, x, x_low + (c + 0.5) * dx), as_model_value(model, y, y_low + (r + 0.5) * dy))
        for r in range(n_rows)
        for c in range(n_columns)
    ]
    predicted = model.predict(grid_rows(model, x, y, centres))
    bands = []
    for r in range(n_rows):
        row = predicted[r * n_columns : (r + 1) * n_columns]
        runs, start = [], 0
        for c in range(1, n_columns + 1):
            if c == n_columns or row[c] != row[start]:
                runs.append((start, c - 1, row[start]))
                start = c
        if bands and bands[-1][2] == runs:
            first, count, _ = bands[-1]
            bands[-1] = (first, count + 1, runs)
        else:
            bands.append((r, 1, runs))
    return bands


class ScatterPlot(Picture):
    """Two features of the rows, one marker per row in its class's colour and shape.

    With ``model=`` (any fitted classifier of these two features) the plane
    behind the markers is shaded by the class the model predicts at each
    point of a ``resolution`` x ``resolution`` grid, so the borders between
    the shades are the model's decision boundaries.  Rows missing either
    feature are left out.  Feature names ``x`` and ``y`` are dict keys, or
    column numbers for list rows.
    """

    def __init__(self, rows, labels, x, y, model=None, resolution=100, title=None, x_label=None, y_label=None):
        check_two_features(x, y)
        self.x, self.y = x, y
        self.model = model
        if model is not None:
            self.classes = check_model(model, [x, y])
        self.points, self.labels = measurements(rows, labels, [x, y])
        if model is None:
            self.classes = sorted_labels(set(self.labels))
        else:
            check_known_labels(self.labels, self.classes)
        if isinstance(resolution, bool) or not isinstance(resolution, int) or not 2 <= resolution <= 400:
            raise ValueError(f"resolution must be a whole number of grid cells from 2 to 400, not {resolution!r}")
        self.x_range = padded_range([px for px, _ in self.points])
        self.y_range = padded_range([py for _, py in self.points])
        self.x_label, self.y_label = feature_label(x, x_label), feature_label(y, y_label)
        if title is None:
            if model is None:
                title = f"{self.y_label} against {self.x_label}"
            else:
                title = f"Decision regions of {model_name(model)}"
        self.title = title
        self.regions = None
        if model is not None:
            n_rows = max(2, round(resolution * PLOT_HEIGHT / PLOT_WIDTH))
            self.grid_size = (resolution, n_rows)
            self.regions = decision_regions(model, x, y, self.x_range, self.y_range, resolution, n_rows)

    def __repr__(self):
        regions = "" if self.model is None else f", regions of {model_name(self.model)}"
        return f"ScatterPlot({len(self.points)} points, classes {self.classes}{regions})"

    def draw(self):
        subtitle = None
        if self.model is not None:
            subtitle = f"shaded: the class that {model_name(self.model)} predicts at each point"
        canvas, axes = single_plot_canvas(self.title, subtitle, self.x_range, self.y_range,
                                          [str(label) for label in self.classes], legend_heading="class")
        styles = {label: class_style(k) for k, label in enumerate(self.classes)}
        if self.regions is not None:
            self.draw_regions(canvas, axes, styles)
        else:
            axes.draw_grid(canvas)
        for label in self.classes:
            style = styles[label]
            with canvas.group(class_="points", fill=style.colour, stroke="#FFFFFF", stroke_width=0.6):
                for (px, py), row_label in zip(self.points, self.labels):
                    if row_label == label:
                        draw_marker(canvas, style.marker, axes.x(px), axes.y(py))
        axes.draw_frame(canvas, self.x_label, self.y_label)
        entries = [(label, styles[label], "marker") for label in self.classes]
        draw_legend(canvas, axes.right + 20, axes.top, entries, heading="class")
        return canvas

    def draw_regions(self, canvas, axes, styles):
        """One rectangle per run of equal predictions, grouped by class."""
        n_columns, n_rows = self.grid_size
        (x_low, x_high), (y_low, y_high) = self.x_range, self.y_range
        dx, dy = (x_high - x_low) / n_columns, (y_high - y_low) / n_rows
        for label in self.classes:
            style = styles[label]
            with canvas.group(class_="regions", fill=style.colour, fill_opacity=0.22, shape_rendering="crispEdges"):
                for first, count, runs in self.regions:
                    top = axes.y(y_low + (first + count) * dy)
                    bottom = axes.y(y_low + first * dy)
                    for start, end, predicted in runs:
                        if predicted == label:
                            left, right = axes.x(x_low + start * dx), axes.x(x_low + (end + 1) * dx)
                            canvas.add("rect", x=left, y=top, width=right - left, height=bottom - top)


# ---------------------------------------------------------------------------
# One feature: each class's density over a histogram of the data
# ---------------------------------------------------------------------------


def histogram_heights(values, edges):
    """The density of ``values`` in each bin between ``edges``: count / (n * width); the last bin is closed."""
    counts = [0] * (len(edges) - 1)
    for value in values:
        for b in range(len(counts)):
            if edges[b] <= value < edges[b + 1] or (b == len(counts) - 1 and value == edges[-1]):
                counts[b] += 1
                break
    return [count / (len(values) * (high - low)) for count, (low, high) in zip(counts, zip(edges, edges[1:]))]


def steps(edges, heights):
    """The outline of a histogram: (x, height) corners from the first edge on the axis to the last."""
    points = [(edges[0], 0.0)]
    for low, high, height in zip(edges, edges[1:], heights):
        points += [(low, height), (high, height)]
    return points + [(edges[-1], 0.0)]


class DensityPlot(Picture):
    """Each class's density of one feature: a curve over a histogram of the rows of that class.

    The histogram of each class is scaled to area 1 (count / (n_c * bin
    width)), so it can be compared with a density.  The curves are:

    * with a model whose feature is Gaussian (``GaussianNB``, ``MixedNB``):
      the bell curve N(x; mu_c, sigma_c^2), read from ``model.likelihood``;
    * histogram (``HistogramNB``): the model's piecewise-constant density over its bins;
    * Poisson (``PoissonNB``): the probability of each count, drawn as a bar of width 1;
    * kernel (``KernelNB``, or ``MixedNB`` with ``"kernel"``): the model's kernel density, from ``model.likelihood``;
    * with no model: a Gaussian ``kernel_density`` estimate of each class,
      with ``bandwidth`` (default: ``silverman_bandwidth`` of each class).

    ``bins`` is the number of histogram bins (counts always get one bin per count).
    """

    def __init__(self, rows, labels, feature, model=None, bins=12, bandwidth=None, title=None, x_label=None):
        self.feature = feature
        self.model = model
        if model is None:
            self.kind = "kde"
        else:
            self.classes = check_model(model, [feature], only=False)  # each feature has a density of its own
            self.kind = getattr(model, "distributions_", {}).get(feature)
            if self.kind not in ("gaussian", "histogram", "poisson", "kernel"):
                raise ValueError(
                    f"{model_name(model)} gives {feature!r} no density of measurements this picture can draw; "
                    "it draws Gaussian, histogram, Poisson and kernel features (or, with no model, a kernel density estimate)"
                )
        points, self.labels = measurements(rows, labels, [feature])
        self.values = [value for (value,) in points]
        if model is None:
            self.classes = sorted_labels(set(self.labels))
        else:
            check_known_labels(self.labels, self.classes)
        if isinstance(bins, bool) or not isinstance(bins, int) or bins < 1:
            raise ValueError(f"bins must be a whole number >= 1, not {bins!r}")
        if bandwidth is not None and (
            isinstance(bandwidth, bool) or not isinstance(bandwidth, Real) or not bandwidth > 0
        ):
            raise ValueError(f"bandwidth must be a number > 0, not {bandwidth!r}")
        self.by_class = {label: [v for v, l in zip(self.values, self.labels) if l == label] for label in self.classes}
        self.x_label = feature_label(feature, x_label)
        self.x_range = self.find_x_range()
        self.edges = self.histogram_edges(bins)
        self.histograms = {
            label: histogram_heights(values, self.edges) for label, values in self.by_class.items() if values
        }
        self.bandwidth = bandwidth  # None: each class's silverman_bandwidth
        self.bandwidths = {}  # {label: the bandwidth its curve used}, for a kernel density estimate
        self.curves = {label: self.curve(label) for label in self.classes}
        self.title = title if title is not None else f"The density of {self.x_label} in each class"

    def __repr__(self):
        return f"DensityPlot({self.feature!r}, {len(self.values)} values, classes {self.classes}, curves: {self.kind})"

    def find_x_range(self):
        values = list(self.values)
        if self.kind == "histogram":
            values += [float(edge) for edge in (self.model.bin_edges_[self.feature][0],
                                                 self.model.bin_edges_[self.feature][-1])]
        if self.kind == "poisson":
            return min(values) - 1, max(values) + 1
        return padded_range(values, share=0.08)

    def histogram_edges(self, bins):
        """The bin edges of the data's histogram: one bin per count for counts, else ``bins`` equal bins."""
        low, high = min(self.values), max(self.values)
        if self.kind == "poisson":
            return [k - 0.5 for k in range(round(low), round(high) + 2)]
        if high == low:
            low, high = low - 0.5, high + 0.5
        return [low + (high - low) * b / bins for b in range(bins + 1)]

    def curve(self, label):
        """[(x, density)] of one class: a smooth curve, or the corners of steps."""
        model, feature = self.model, self.feature
        low, high = self.x_range
        if self.kind == "histogram":
            edges = [float(edge) for edge in model.bin_edges_[feature]]
            heights = [float(model.likelihood(feature, (a + b) / 2, label)) for a, b in zip(edges, edges[1:])]
            return steps(edges, heights)
        if self.kind == "poisson":
            counts = range(max(0, math.ceil(low)), math.floor(high) + 1)
            heights = [float(model.likelihood(feature, k, label)) for k in counts]
            return steps([k - 0.5 for k in counts] + [counts[-1] + 0.5], heights) if counts else []
        xs = [low + (high - low) * i / 200 for i in range(201)]
        if self.kind in ("gaussian", "kernel"):  # the model's own density, read from model.likelihood
            return [(x, float(model.likelihood(feature, x, label))) for x in xs]
        values = self.by_class[label]
        if self.bandwidth is not None:
            bandwidth = float(self.bandwidth)
        else:
            try:
                bandwidth = silverman_bandwidth(values)
            except ValueError as error:
                raise ValueError(f"class {label!r}: {error}") from None
        self.bandwidths[label] = bandwidth
        return [(x, kernel_density(x, values, bandwidth)) for x in xs]

    def draw(self):
        described = {
            "gaussian": f"the Gaussians of {model_name(self.model)}",
            "histogram": f"the histograms of {model_name(self.model)}",
            "poisson": f"the Poisson probabilities of {model_name(self.model)}",
            "kernel": f"the kernel densities of {model_name(self.model)}",
            "kde": "kernel density estimates",
        }[self.kind]
        subtitle = f"shaded: the rows of each class, as a density; lines: {described}"
        heights = [h for curve in self.curves.values() for _, h in curve]
        heights += [h for histogram in self.histograms.values() for h in histogram]
        y_range = (0.0, max(heights) * 1.08 if max(heights) > 0 else 1.0)
        canvas, axes = single_plot_canvas(self.title, subtitle, self.x_range, y_range,
                                          [str(label) for label in self.classes], legend_heading="class")
        axes.draw_grid(canvas)
        styles = {label: class_style(k) for k, label in enumerate(self.classes)}
        for label in self.classes:
            if label in self.histograms:
                style = styles[label]
                corners = [(axes.x(x), axes.y(h)) for x, h in steps(self.edges, self.histograms[label])]
                canvas.add("path", class_="histogram", d=path_text(corners, closed=True), fill=style.colour,
                           fill_opacity=0.15, stroke=style.colour, stroke_opacity=0.5, stroke_width=1)
        for label in self.classes:
            style = styles[label]
            curve = simplify([(axes.x(x), axes.y(h)) for x, h in self.curves[label]])
            if curve:
                canvas.add("path", class_="density", d=path_text(curve), fill="none", stroke=style.colour,
                           stroke_width=2.2, stroke_dasharray=style.dash or None, stroke_linejoin="round")
        axes.draw_frame(canvas, self.x_label, "density")
        entries = [(label, styles[label], "line") for label in self.classes]
        draw_legend(canvas, axes.right + 20, axes.top, entries, heading="class")
        return canvas


# ---------------------------------------------------------------------------
# Two features: contour lines of each class's density
# ---------------------------------------------------------------------------


class ContourPlot(Picture):
    """Contour lines of each class's density p(x, y | c) of two features, over the rows.

    The log density comes from the model's public scores, for any model:
    log p(x, y | c) = log P(x, y, c) - log P(c), that is
    ``model.predict_joint_log_proba`` minus ``model.log_prior``, on a grid of
    ``resolution`` x ``resolution`` points.  For naive Bayes it is the sum
    log p(x | c) + log p(y | c), so each Gaussian class draws ellipses whose
    axes are parallel to the feature axes.  Each class gets a line at each of
    ``levels``, given as shares of its highest density on the grid; the
    lines are traced by ``marching_squares``.
    """

    def __init__(self, rows, labels, x, y, model, levels=(0.1, 0.5, 0.9), resolution=60, title=None, x_label=None,
                 y_label=None):
        check_two_features(x, y)
        self.x, self.y = x, y
        self.model = model
        self.classes = check_model(model, [x, y])
        self.points, self.labels = measurements(rows, labels, [x, y])
        check_known_labels(self.labels, self.classes)
        for attribute in ("predict_joint_log_proba", "log_prior"):
            if not hasattr(model, attribute):
                raise TypeError(f"{model_name(model)} has no {attribute}(), which this picture needs")
        levels = list(levels)
        if not levels or any(isinstance(f, bool) or not isinstance(f, Real) or not 0 < f < 1 for f in levels):
            raise ValueError(f"levels must be shares of the highest density, each between 0 and 1, not {levels!r}")
        self.levels = sorted(levels)
        if isinstance(resolution, bool) or not isinstance(resolution, int) or not 3 <= resolution <= 300:
            raise ValueError(f"resolution must be a whole number of grid points from 3 to 300, not {resolution!r}")
        self.x_range = padded_range([px for px, _ in self.points])
        self.y_range = padded_range([py for _, py in self.points])
        self.x_label, self.y_label = feature_label(x, x_label), feature_label(y, y_label)
        self.title = title if title is not None else f"The density of each class ({model_name(model)})"
        self.contours = self.trace(resolution)

    def __repr__(self):
        n_lines = sum(len(lines) for by_level in self.contours.values() for lines in by_level.values())
        return f"ContourPlot({len(self.points)} points, classes {self.classes}, {n_lines} contour lines)"

    def trace(self, n):
        """{label: {share: [polyline of (x, y) data points]}}: each class's contour lines."""
        (x_low, x_high), (y_low, y_high) = self.x_range, self.y_range
        xs = [x_low + (x_high - x_low) * c / (n - 1) for c in range(n)]
        ys = [y_low + (y_high - y_low) * r / (n - 1) for r in range(n)]
        model = self.model
        nodes = [(as_model_value(model, self.x, vx), as_model_value(model, self.y, vy)) for vy in ys for vx in xs]
        joint = model.predict_joint_log_proba(grid_rows(model, self.x, self.y, nodes))
        contours = {}
        for label in self.classes:
            log_prior = float(model.log_prior(label))
            log_density = [scores[label] - log_prior for scores in joint]  # log p(x, y | c)
            peak = max(log_density)
            if not math.isfinite(peak):
                raise ValueError(f"class {label!r} has density 0 everywhere on the grid; there is nothing to draw")
            floor = peak + math.log(self.levels[0]) - 30  # far below the lowest line: -inf becomes a number
            grid = [[max(value, floor) for value in log_density[r * n : (r + 1) * n]] for r in range(n)]
            contours[label] = {}
            for share in self.levels:
                lines = marching_squares(grid, peak + math.log(share))
                contours[label][share] = [
                    [(xs[0] + (xs[-1] - xs[0]) * gx / (n - 1), ys[0] + (ys[-1] - ys[0]) * gy / (n - 1)) for gx, gy in line]
                    for line in lines  # grid coordinates (column, row) back to data values
                ]
        return contours

    def draw(self):
        shares = ", ".join(f"{number(100 * share, 1)}%" for share in self.levels)
        subtitle = f"lines: p({self.x_label}, {self.y_label} | class) at {shares} of each class's highest density"
        canvas, axes = single_plot_canvas(self.title, subtitle, self.x_range, self.y_range,
                                          [str(label) for label in self.classes], legend_heading="class")
        axes.draw_grid(canvas)
        styles = {label: class_style(k) for k, label in enumerate(self.classes)}
        for label in self.classes:
            style = styles[label]
            with canvas.group(class_="points", fill=style.colour, fill_opacity=0.45):
                for (px, py), row_label in zip(self.points, self.labels):
                    if row_label == label:
                        draw_marker(canvas, style.marker, axes.x(px), axes.y(py), size=2.5)
        for label in self.classes:
            style = styles[label]
            with canvas.group(class_="contours", fill="none", stroke=style.colour,
                              stroke_dasharray=style.dash or None, stroke_linejoin="round"):
                for k, share in enumerate(self.levels):
                    for line in self.contours[label][share]:
                        corners = simplify([(axes.x(px), axes.y(py)) for px, py in line])
                        closed = len(corners) > 2 and line[0] == line[-1]
                        canvas.add("path", d=path_text(corners[:-1] if closed else corners, closed=closed),
                                   stroke_width=1.2 + 0.6 * k)
        axes.draw_frame(canvas, self.x_label, self.y_label)
        entries = [(label, styles[label], "line") for label in self.classes]
        draw_legend(canvas, axes.right + 20, axes.top, entries, heading="class")
        return canvas


# ---------------------------------------------------------------------------
# A training history: loss and parameters per epoch
# ---------------------------------------------------------------------------

PANEL_ORDER = ("loss", "means", "scales")


def check_series(key, name, values):
    """One series of a history as a list of floats, or an error naming it."""
    where = f"history[{key!r}]" + ("" if name is None else f"[{name!r}]")
    if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__len__"):
        raise TypeError(f"{where} must be a list of numbers, one per epoch, not {type(values).__name__}")
    values = list(values)
    if not values:
        raise ValueError(f"{where} is empty; a history needs at least one epoch")
    floats = []
    for epoch, value in enumerate(values):
        value = plain_value(value)
        if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
            raise ValueError(f"{where}[{epoch}] is {value!r}; every value must be a finite number")
        floats.append(float(value))
    return floats


def series_name(name):
    """A series name as text: a tuple such as ("setosa", "sepal_length") becomes "setosa sepal_length"."""
    return " ".join(map(str, name)) if isinstance(name, tuple) else str(name)


def thin_out(n, most):
    """At most ``most`` evenly spread indices of range(n), always with the first and the last."""
    if n <= most:
        return list(range(n))
    return sorted({round(i * (n - 1) / (most - 1)) for i in range(most)})


class HistoryPlot(Picture):
    """A training history as line charts side by side, one panel per entry: loss, means, scales per epoch.

    ``history`` is a plain dict.  Each entry is either a list of numbers, one
    per epoch (a panel with one line, such as ``"loss"``), or a dict
    ``{name: list of numbers}`` (a panel with one line per name, such as
    ``"means"`` with one line per class and feature).  Every list has one
    number per epoch, so all have the same length; epochs are numbered from
    1, unless the history has an ``"epoch"`` entry listing their numbers.
    Panels come in the order loss, means, scales, then any other entries in
    sorted order; lines are sorted by name.  ``y_labels`` maps an entry to its
    axis label (default: the entry's name).  A long history is drawn through
    at most ``max_points`` evenly spread epochs per line (first and last kept).
    """

    def __init__(self, history, title="Training history", y_labels=None, max_points=400):
        if not isinstance(history, Mapping):
            raise TypeError(f"history must be a dict such as {{'loss': [...], 'means': {{name: [...]}}}}, "
                            f"not {type(history).__name__}")
        keys = [key for key in history if key != "epoch"]
        if not keys:
            raise ValueError("the history is empty: give at least one entry, such as {'loss': [2.3, 1.9, 1.6]}")
        ordered = [key for key in PANEL_ORDER if key in keys] + sorted(
            (key for key in keys if key not in PANEL_ORDER), key=str)
        self.panels = []  # [(key, {line name: [values]}, whether the entry named its lines)]
        lengths = {}
        for key in ordered:
            entry = history[key]
            if isinstance(entry, Mapping):
                if not entry:
                    raise ValueError(f"history[{key!r}] is an empty dict; give it at least one list")
                lines = {series_name(name): check_series(key, name, values) for name, values in entry.items()}
                lines = dict(sorted(lines.items()))
            else:
                lines = {str(key): check_series(key, None, entry)}
            for name, values in lines.items():
                lengths[(key, name)] = len(values)
            self.panels.append((key, lines, isinstance(entry, Mapping)))
        (first_key, first_name), n_epochs = next(iter(lengths.items()))
        for (key, name), n in lengths.items():
            if n != n_epochs:
                raise ValueError(
                    f"every list of a history has one number per epoch, but {first_name!r} in {first_key!r} "
                    f"has {n_epochs} and {name!r} in {key!r} has {n}"
                )
        self.n_epochs = n_epochs
        if "epoch" in history:
            self.epochs = check_series("epoch", None, history["epoch"])
            if len(self.epochs) != self.n_epochs:
                raise ValueError(
                    f"history['epoch'] has {len(self.epochs)} numbers, but there are {self.n_epochs} epochs"
                )
        else:
            self.epochs = [float(i + 1) for i in range(self.n_epochs)]
        if y_labels is not None and not isinstance(y_labels, Mapping):
            raise TypeError("y_labels must be a dict {entry: axis label}")
        self.y_labels = dict(y_labels or {})
        if isinstance(max_points, bool) or not isinstance(max_points, int) or max_points < 2:
            raise ValueError(f"max_points must be a whole number >= 2, not {max_points!r}")
        self.max_points = max_points
        self.title = str(title)

    def __repr__(self):
        panels = ", ".join(
            f"{key!r}: {len(lines)} line{'s' if len(lines) != 1 else ''}" for key, lines, _ in self.panels
        )
        return f"HistoryPlot({self.n_epochs} epochs; {panels})"

    def draw(self):
        plot_width, plot_height = 230, 190
        keep = thin_out(self.n_epochs, self.max_points)
        epochs = [self.epochs[i] for i in keep]
        x_range = (epochs[0], epochs[-1]) if epochs[-1] > epochs[0] else (epochs[0] - 0.5, epochs[0] + 0.5)
        layouts, left = [], 0
        for key, lines, named in self.panels:
            values = [v for line in lines.values() for v in line]
            low, high = min(values), max(values)
            pad = (high - low) * 0.05 if high > low else max(abs(low) * 0.1, 0.5)
            y_range = (low - pad, high + pad)
            room = y_label_room([label for _, label in nice_ticks(*y_range)]) + 10
            legend = list(lines) if named else []  # a dict's lines are named in a legend
            panel_width = max(room + plot_width + 20, room + legend_width(legend) + 20)
            layouts.append((key, lines, y_range, left + room, legend))
            left += panel_width
        legend_rows = max(len(legend) for *_, legend in layouts)
        top = 72
        height = top + plot_height + 56 + (18 * legend_rows + 10 if legend_rows else 0)
        canvas = Canvas(max(left + 10, layouts[0][3] + heading_width(self.title) + 16), height, self.title)
        canvas.text(layouts[0][3], 24, self.title, size=15, font_weight="bold")
        first, last = self.epochs[0], self.epochs[-1]
        span = f"epochs {first:g} to {last:g}" if first != last else f"epoch {first:g}"
        canvas.text(layouts[0][3], 42, span, size=11.5, fill="#555555")
        for key, lines, y_range, plot_left, legend in layouts:
            axes = Axes(plot_left, top, plot_width, plot_height, x_range, y_range, max_x_ticks=5)
            axes.draw_grid(canvas)
            styles = {name: class_style(k) for k, name in enumerate(lines)}
            for name, values in lines.items():
                style = styles[name]
                corners = simplify([(axes.x(epoch), axes.y(values[i])) for epoch, i in zip(epochs, keep)])
                canvas.add("path", class_="history", d=path_text(corners), fill="none", stroke=style.colour,
                           stroke_width=1.8, stroke_dasharray=style.dash or None, stroke_linejoin="round")
            title = f"{str(key).capitalize()} vs. epoch"
            axes.draw_frame(canvas, "epoch", self.y_labels.get(key, str(key)), title=title)
            if legend:
                draw_legend(canvas, plot_left, axes.bottom + 50, [(name, styles[name], "line") for name in legend])
        return canvas


# ---------------------------------------------------------------------------
# A confusion matrix as a heat map
# ---------------------------------------------------------------------------

# A blue scale from near-white to navy (ColorBrewer's "Blues" end and middle colours):
# lightness alone carries the count, so it reads in any colour vision and in grey.
BLUES = ((247, 251, 255), (107, 174, 214), (8, 48, 107))


def blend(a, b, t):
    """The colour ``t`` (0 to 1) of the way from rgb ``a`` to rgb ``b``, as "#RRGGBB"."""
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(a, b))


def shade(share):
    """The colour of a cell holding ``share`` (0 to 1) of the largest count: blend along ``BLUES``."""
    if share <= 0.5:
        return blend(BLUES[0], BLUES[1], share * 2)
    return blend(BLUES[1], BLUES[2], share * 2 - 1)


def draw_colour_bar(canvas, left, top, height, colour_at, ticks, legend, legend_gap=14):
    """A picture's colour legend: a bar of 20 steps, bottom to top, and its ticks.

    ``colour_at(share)`` is the colour a share of the way up the bar (0 at the
    bottom, 1 at the top); ``ticks`` are (share, label) pairs; ``legend``
    names the scale above the bar.
    """
    steps = 20
    with canvas.group(class_="colour-bar", shape_rendering="crispEdges"):
        for k in range(steps):
            canvas.add("rect", x=left, y=top + height * (steps - 1 - k) / steps, width=16,
                       height=height / steps, fill=colour_at((k + 0.5) / steps))
    canvas.add("rect", x=left, y=top, width=16, height=height, fill="none", stroke="#444444")
    for share, label in ticks:
        y = top + height - share * height
        canvas.add("line", x1=left + 16, y1=y, x2=left + 21, y2=y, stroke="#444444")
        canvas.text(left + 24, y + 4, label)
    canvas.text(left, top - legend_gap, legend, size=11.5)


def text_colour_on(fill):
    """White or near-black, whichever contrasts more with the colour ``fill`` ("#RRGGBB").

    Uses the relative luminance L of WCAG 2: white wins when L < 0.179, where
    both contrasts, (1.05) / (L + 0.05) and (L + 0.05) / 0.05, are equal.
    """
    channels = [int(fill[k : k + 2], 16) / 255 for k in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#FFFFFF" if luminance < 0.179 else TEXT_COLOUR


class ConfusionMatrixPlot(Picture):
    """A confusion matrix as a grid of cells, darker for larger counts, each with its count written in.

    ``matrix`` is what ``naivebayes.evaluation.metrics.confusion_matrix``
    returns, ``{true label: {predicted label: count}}``; rows (true classes)
    and columns (predicted classes) keep its order.  The diagonal holds the
    correct predictions.
    """

    def __init__(self, matrix, title="Confusion matrix"):
        if not isinstance(matrix, Mapping) or not all(isinstance(row, Mapping) for row in matrix.values()):
            raise TypeError("matrix must be {true label: {predicted label: count}}, as confusion_matrix returns")
        if not matrix:
            raise ValueError("the confusion matrix is empty; it needs at least one class")
        self.labels = list(matrix)
        for true, row in matrix.items():
            if set(row) != set(self.labels):
                raise ValueError(
                    f"row {true!r} has the columns {sorted(map(str, row))}, but a confusion matrix has one column "
                    f"per class {[str(label) for label in self.labels]}, zeros included"
                )
            for predicted, count in row.items():
                if isinstance(count, bool) or not isinstance(plain_value(count), int) or count < 0:
                    raise ValueError(f"matrix[{true!r}][{predicted!r}] is {count!r}, not a count (a whole number >= 0)")
        self.counts = [[int(matrix[true][predicted]) for predicted in self.labels] for true in self.labels]
        self.title = str(title)

    def __repr__(self):
        return f"ConfusionMatrixPlot({len(self.labels)} classes, {sum(map(sum, self.counts))} examples)"

    def draw(self):
        n = len(self.labels)
        names = [shorten(label, 16) for label in self.labels]
        cell = min(110, max(52, max(text_width(name) for name in names) + 14))
        left = 44 + max(text_width(name) for name in names) + 12
        top = 72  # room for the title, the subtitle, and the colour bar's heading under them
        most = max(max(row) for row in self.counts)
        bar_left = left + n * cell + 30
        bar_ticks = nice_ticks(0, most, max_ticks=5) if most > 0 else [(0.0, "0")]
        correct = sum(self.counts[k][k] for k in range(n))
        total = sum(map(sum, self.counts))
        subtitle = f"{correct} of {total} examples on the diagonal (predicted correctly)"
        width = max(bar_left + 20 + 10 + max(text_width(label) for _, label in bar_ticks) + 16,
                    left + heading_width(self.title, subtitle) + 16)
        height = top + n * cell + 56
        canvas = Canvas(width, height, self.title)
        canvas.text(left, 22, self.title, size=15, font_weight="bold")
        canvas.text(left, 40, subtitle, size=11.5, fill="#555555")
        with canvas.group(class_="cells", stroke="#FFFFFF", stroke_width=1):
            for r in range(n):
                for c in range(n):
                    share = self.counts[r][c] / most if most else 0.0
                    canvas.add("rect", x=left + c * cell, y=top + r * cell, width=cell, height=cell, fill=shade(share))
        with canvas.group(class_="counts", text_anchor="middle"):
            for r in range(n):
                for c in range(n):
                    share = self.counts[r][c] / most if most else 0.0
                    canvas.add("text", str(self.counts[r][c]), x=left + (c + 0.5) * cell, y=top + (r + 0.5) * cell + 5,
                               font_size=14, fill=text_colour_on(shade(share)))
        for k, name in enumerate(names):
            canvas.text(left - 8, top + (k + 0.5) * cell + 4, name, anchor="end")
            canvas.text(left + (k + 0.5) * cell, top + n * cell + 18, name, anchor="middle")
        canvas.text(left + n * cell / 2, top + n * cell + 40, "predicted class", size=13, anchor="middle")
        middle = top + n * cell / 2
        canvas.text(18, middle, "true class", size=13, anchor="middle", transform=f"rotate(-90 18 {number(middle)})")
        shares = [(value / most if most else 0, label) for value, label in bar_ticks]  # (the shades go from 0 to most)
        draw_colour_bar(canvas, bar_left, top, n * cell, shade, shares, "count")
        return canvas


# ---------------------------------------------------------------------------
# The most informative features as bars
# ---------------------------------------------------------------------------


class InformativeFeaturesPlot(Picture):
    """The most informative features as bars: how many times likelier each is in one class than another.

    ``features`` is what ``most_informative_features`` returns (a list of
    ``InformativeFeature``), or tuples (feature, label, versus, ratio).  Bars
    keep its order, top to bottom; their length is the likelihood ratio
    P(f | label) / P(f | versus) on a log scale (log 1 = 0: no information),
    and their colour is the class the feature points to.  An infinite ratio
    (alpha = 0) reaches the right edge and says so.
    """

    def __init__(self, features, title="Most informative features"):
        features = as_list("features", features, what="informative features")
        if not features:
            raise ValueError("features is empty; pass what most_informative_features(model, n) returns")
        self.rows = []  # [(feature, label, versus, ratio as a float)]
        for i, item in enumerate(features):
            if hasattr(item, "ratio"):
                item = (item.feature, item.label, item.versus, item.ratio)
            if not isinstance(item, tuple) or len(item) != 4:
                raise TypeError(f"features[{i}] must be an InformativeFeature or (feature, label, versus, ratio)")
            feature, label, versus, ratio = item
            ratio = plain_value(ratio)
            if isinstance(ratio, bool) or not isinstance(ratio, Real) or math.isnan(ratio) or ratio < 1:
                raise ValueError(f"features[{i}] has the ratio {ratio!r}; a likelihood ratio here is a number >= 1")
            self.rows.append((feature, label, versus, float(ratio)))
        self.classes = sorted_labels({label for _, label, _, _ in self.rows})
        self.title = str(title)

    def __repr__(self):
        return f"InformativeFeaturesPlot({len(self.rows)} features, classes {self.classes})"

    def draw(self):
        finite = [ratio for *_, ratio in self.rows if math.isfinite(ratio)]
        high = max(finite + [2.0]) * 1.15
        names = [shorten(feature, 24) for feature, *_ in self.rows]
        notes = [
            f"{label} : {versus} = " + ("infinite" if not math.isfinite(ratio) else f"{ratio:.1f} : 1")
            for _, label, versus, ratio in self.rows
        ]
        bar = 22
        left = max(text_width(name) for name in names) + 24
        top = 58
        plot_width = 360
        notes_width = max(text_width(note, 11) for note in notes) + 24  # a column of ratios right of the bars
        legend_labels = [f"more likely in {label}" for label in self.classes]
        subtitle = "bar: the likelihood ratio P(feature | class) / P(feature | other class), log scale"
        width = max(left + plot_width + notes_width + legend_width(legend_labels) + 30,
                    left + heading_width(self.title, subtitle) + 16)
        height = top + bar * len(self.rows) + 64
        canvas = Canvas(width, height, self.title)
        canvas.text(left, 22, self.title, size=15, font_weight="bold")
        canvas.text(left, 40, subtitle, size=11.5, fill="#555555")
        y_range = (0.0, float(len(self.rows)))
        axes = Axes(left, top, plot_width, bar * len(self.rows), (1.0, high), y_range, x_log=True)
        axes.y_ticks = []  # the rows are named instead
        axes.draw_grid(canvas)
        styles = {label: class_style(k) for k, label in enumerate(self.classes)}
        for k, (name, note, (_, label, _, ratio)) in enumerate(zip(names, notes, self.rows)):
            y = top + k * bar
            end = axes.right if not math.isfinite(ratio) else axes.x(ratio)
            style = styles[label]
            canvas.add("rect", class_="bar", x=axes.left, y=y + 4, width=end - axes.left, height=bar - 8,
                       fill=style.colour, fill_opacity=0.8)
            canvas.text(axes.left - 8, y + bar / 2 + 4, name, anchor="end")
            canvas.text(axes.right + 10, y + bar / 2 + 4, note, size=11, fill="#444444")
        axes.draw_frame(canvas, "likelihood ratio (log scale)", None)
        entries = [(f"more likely in {label}", styles[label], "patch") for label in self.classes]
        draw_legend(canvas, axes.right + notes_width + 16, top, entries)
        return canvas

