"""ROC and precision-recall curves as SVG pictures, the area under each curve in the legend.

``naivebayes.evaluation.curves`` computes the curves; these pictures draw
what it returns, one line per model, so two models on the same test set can
be compared at a glance:

* ``RocCurvePlot`` -- the true positive rate against the false positive
  rate, with the diagonal of a coin toss; the legend gives each curve's AUC;
* ``PrecisionRecallPlot`` -- precision against recall, drawn as the steps
  whose area is the average precision (AP, in the legend), with the share of
  positives, which a coin toss would reach, as a dashed line.

A curve is the ``(x, y, thresholds)`` triple that ``roc_curve`` or
``precision_recall_curve`` returns; its ``area`` attribute goes to the
legend (or pass ``areas={name: value}``).

>>> curve = ([0, 0, 0.5, 1], [0, 0.5, 1, 1], [float("inf"), 0.8, 0.4, 0.1])
>>> picture = RocCurvePlot({"model": curve}, areas={"model": 0.875})
>>> picture
RocCurvePlot(model: 4 points, area 0.8750)
>>> picture.to_svg().startswith("<svg")
True
"""

from collections.abc import Mapping
from numbers import Real

from naivebayes.inspect.svg import Axes, Canvas, Picture, class_style, draw_legend, legend_width, points_text, shorten

__all__ = ["RocCurvePlot", "PrecisionRecallPlot"]

SQUARE = 320  # the plot area, in pixels


def check_curve(name, curve, area):
    """(x, y, area) of one curve as floats, or a clear error."""
    if isinstance(curve, (str, bytes, Mapping)) or not hasattr(curve, "__len__") or len(curve) < 2:
        raise TypeError(f"curves[{name!r}] must be what roc_curve or precision_recall_curve returns, (x, y, thresholds)")
    first, second = list(curve[0]), list(curve[1])
    if len(first) != len(second) or not first:
        raise ValueError(f"curves[{name!r}] needs as many points in its first list as in its second, at least one")
    for part in (first, second):
        for value in part:
            if isinstance(value, bool) or not isinstance(value, Real) or not 0 <= value <= 1:
                raise ValueError(f"curves[{name!r}] holds {value!r}; every rate must lie in [0, 1]")
    area = getattr(curve, "area", None) if area is None else area
    if area is not None and (isinstance(area, bool) or not isinstance(area, Real) or not 0 <= area <= 1):
        raise ValueError(f"the area of {name!r} is {area!r}; it must lie in [0, 1]")
    return [float(v) for v in first], [float(v) for v in second], None if area is None else float(area)


class RocCurvePlot(Picture):
    """One ROC curve per model over the diagonal of a coin toss; the legend gives each AUC.

    ``curves`` is a dict {name: roc_curve(y_true, scores)}, drawn in the
    order given; ``areas`` a dict {name: area} for curves without ``.area``.
    """

    kind = "ROC"
    axis_labels = ("false positive rate", "true positive rate")
    area_name = "AUC"

    def __init__(self, curves, title=None, subtitle=None, areas=None):
        if not isinstance(curves, Mapping) or not curves:
            raise TypeError("curves must be a non-empty dict {name: roc_curve(y_true, scores)}")
        if areas is not None and not isinstance(areas, Mapping):
            raise TypeError("areas must be a dict {name: area}, or None to read each curve's .area")
        areas = areas or {}
        self.curves = {str(name): check_curve(name, curve, areas.get(name)) for name, curve in curves.items()}
        self.title = str(title) if title is not None else f"{self.kind} curve" + ("s" if len(curves) > 1 else "")
        self.subtitle = None if subtitle is None else str(subtitle)

    def __repr__(self):
        parts = ", ".join(
            f"{name}: {len(x)} points" + ("" if area is None else f", area {area:.4f}")
            for name, (x, _, area) in self.curves.items()
        )
        return f"{type(self).__name__}({parts})"

    def points(self, first, second):
        """The (x, y) points to join: (FPR, TPR) as they come."""
        return list(zip(first, second))

    def reference(self, axes):
        """The dashed line of a coin toss, and its legend label."""
        return [(axes.x(0), axes.y(0)), (axes.x(1), axes.y(1))], "coin toss (AUC 0.5)"

    def legend_label(self, name, area):
        """The name, cut short enough that the area after it always shows."""
        return shorten(name) if area is None else f"{shorten(name, 16)} ({self.area_name} {area:.3f})"

    def draw(self):
        names = list(self.curves)
        labels = [self.legend_label(name, area) for name, (_, _, area) in self.curves.items()]
        left, top = 62, 62 if self.subtitle else 46
        axes = Axes(left, top, SQUARE, SQUARE, (0, 1), (0, 1), max_x_ticks=6)
        reference, reference_label = self.reference(axes)
        legend_left = left + SQUARE + 24
        width = legend_left + legend_width(labels + [reference_label]) + 16
        canvas = Canvas(width, top + SQUARE + 56, self.title)
        canvas.text(left, 24, self.title, size=15, font_weight="bold")
        if self.subtitle:
            canvas.text(left, 42, self.subtitle, size=11.5, fill="#555555")
        axes.draw_grid(canvas)
        canvas.add("polyline", class_="reference", points=points_text(reference), fill="none", stroke="#888888",
                   stroke_width=1.2, stroke_dasharray="4 4")
        styles = [class_style(k) for k in range(len(names))]
        for name, style in zip(names, styles):
            first, second, _ = self.curves[name]
            pixels = [(axes.x(x), axes.y(y)) for x, y in self.points(first, second)]
            canvas.add("polyline", class_="curve", points=points_text(pixels), fill="none", stroke=style.colour,
                       stroke_width=2, stroke_dasharray=style.dash or None)
        axes.draw_frame(canvas, *self.axis_labels)
        grey = class_style(6)
        grey.colour, grey.dash = "#888888", "4 4"
        entries = [(label, style, "line") for label, style in zip(labels, styles)]
        draw_legend(canvas, legend_left, top, entries + [(reference_label, grey, "line")])
        return canvas


class PrecisionRecallPlot(RocCurvePlot):
    """One precision-recall curve per model, as steps; the legend gives each average precision.

    ``curves`` is a dict {name: precision_recall_curve(y_true, scores)}.
    Each curve is drawn as the steps whose area is its average precision:
    precision held level while recall falls to the next point.  The dashed
    line is the share of positives (the first point's precision), which
    calling every example positive reaches.
    """

    kind = "Precision-recall"
    axis_labels = ("recall", "precision")
    area_name = "AP"

    def points(self, first, second):
        """Steps through (recall, precision), precision first (scikit-learn's ``steps-post``)."""
        precision, recall = first, second
        steps = [(recall[0], precision[0])]
        for k in range(1, len(recall)):
            steps += [(recall[k], precision[k - 1]), (recall[k], precision[k])]
        return steps

    def reference(self, axes):
        share = next(iter(self.curves.values()))[0][0]  # precision when every example is called positive
        return [(axes.x(0), axes.y(share)), (axes.x(1), axes.y(share))], f"share of positives ({share:.3f})"
