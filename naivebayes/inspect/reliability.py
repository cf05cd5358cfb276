"""A reliability diagram: predicted probability against how often the class really occurred, bin by bin.

``naivebayes.evaluation.calibration.reliability_table`` cuts the examples
into bins by their predicted probability of the positive class and reports,
per bin, the mean prediction and the share of positives.  This picture draws
one such table per model (or per calibrator) as a line over the diagonal
y = x, which is where calibrated probabilities lie: a line below the
diagonal on the right and above it on the left means probabilities pushed
too far towards 1 and 0.  A second panel below shows how many examples each
bin holds, so an odd point over a nearly empty bin is seen for what it is.

It reads the tables as plain data (dicts with "bin", "count", "mean predicted"
and "observed"), so it works with any list of such rows.

>>> table = [{"bin": (0.0, 0.5), "count": 3, "mean predicted": 0.25, "observed": 1 / 3},
...          {"bin": (0.5, 1.0), "count": 2, "mean predicted": 0.85, "observed": 1.0}]
>>> diagram = ReliabilityDiagram({"model": table})
>>> diagram
ReliabilityDiagram(model: 2 bins, 5 examples)
>>> diagram.to_svg().startswith("<svg")
True
"""

from collections.abc import Mapping
from numbers import Real

from naivebayes.inspect.svg import Axes, Canvas, Picture, class_style, draw_legend, draw_marker, legend_width

__all__ = ["ReliabilityDiagram"]

PLOT_SIZE = 320  # the square plot area, in pixels
COUNT_HEIGHT = 90  # the panel of counts below it


def check_table(name, table):
    """The rows of one table as (low, high, count, mean predicted, observed), or a clear error."""
    if isinstance(table, (str, bytes, Mapping)) or not hasattr(table, "__iter__"):
        raise TypeError(f"tables[{name!r}] must be a list of bins, such as reliability_table(y, p)")
    rows = []
    for k, row in enumerate(table):
        if not isinstance(row, Mapping) or not {"bin", "count", "mean predicted", "observed"} <= set(row):
            raise ValueError(
                f"tables[{name!r}][{k}] must be a dict with 'bin', 'count', 'mean predicted' and 'observed', "
                "as reliability_table gives"
            )
        low, high = row["bin"]
        count = row["count"]
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"tables[{name!r}][{k}]['count'] = {count!r}; it must be a whole number >= 0")
        predicted, observed = row["mean predicted"], row["observed"]
        if count:
            for key, value in (("mean predicted", predicted), ("observed", observed)):
                if isinstance(value, bool) or not isinstance(value, Real) or not 0 <= value <= 1:
                    raise ValueError(f"tables[{name!r}][{k}][{key!r}] = {value!r}; it must lie in [0, 1]")
        rows.append((float(low), float(high), count, predicted, observed))
    if not any(count for _, _, count, _, _ in rows):
        raise ValueError(f"tables[{name!r}] has no examples in any bin")
    return rows


class ReliabilityDiagram(Picture):
    """One line per table over the diagonal of perfect calibration, and the bins' counts below.

    ``tables`` is a dict {name: reliability table}, such as
    ``{"naive Bayes": reliability_table(y, p), "after isotonic": reliability_table(y, q)}``,
    drawn in the order given.  ``subtitle`` is a line of small text under the title.
    """

    def __init__(self, tables, title="Reliability diagram", subtitle=None):
        if not isinstance(tables, Mapping) or not tables:
            raise TypeError("tables must be a non-empty dict {name: reliability_table(y_true, y_prob)}")
        self.tables = {str(name): check_table(name, table) for name, table in tables.items()}
        self.title = str(title)
        self.subtitle = None if subtitle is None else str(subtitle)

    def __repr__(self):
        parts = ", ".join(f"{name}: {len(rows)} bins, {sum(r[2] for r in rows)} examples"
                          for name, rows in self.tables.items())
        return f"ReliabilityDiagram({parts})"

    def draw(self):
        names = list(self.tables)
        left, top = 62, 62 if self.subtitle else 46
        legend_left = left + PLOT_SIZE + 24
        width = legend_left + legend_width(names + ["perfectly calibrated"]) + 16
        height = top + PLOT_SIZE + 40 + COUNT_HEIGHT + 48
        canvas = Canvas(width, height, self.title)
        canvas.text(left, 24, self.title, size=15, font_weight="bold")
        if self.subtitle:
            canvas.text(left, 42, self.subtitle, size=11.5, fill="#555555")
        axes = Axes(left, top, PLOT_SIZE, PLOT_SIZE, (0, 1), (0, 1), max_x_ticks=6)
        axes.draw_grid(canvas)
        canvas.add("line", class_="diagonal", x1=axes.x(0), y1=axes.y(0), x2=axes.x(1), y2=axes.y(1),
                   stroke="#888888", stroke_width=1.2, stroke_dasharray="4 4")
        styles = {name: class_style(k) for k, name in enumerate(names)}
        for name in names:
            style = styles[name]
            points = [(axes.x(p), axes.y(o)) for _, _, count, p, o in self.tables[name] if count]
            canvas.add("polyline", class_="reliability", points=" ".join(f"{x:.2f},{y:.2f}" for x, y in points),
                       fill="none", stroke=style.colour, stroke_width=2, stroke_dasharray=style.dash or None)
            for x, y in points:
                draw_marker(canvas, style.marker, x, y, size=3.5, fill=style.colour, stroke="#FFFFFF",
                            stroke_width=0.6)
        axes.draw_frame(canvas, "mean predicted probability", "observed frequency")
        entries = [(name, styles[name], "line") for name in names]
        grey = class_style(6)
        grey.colour, grey.dash = "#888888", "4 4"
        draw_legend(canvas, legend_left, top, entries + [("perfectly calibrated", grey, "line")])
        self.draw_counts(canvas, left, top + PLOT_SIZE + 58, names, styles)
        return canvas

    def draw_counts(self, canvas, left, top, names, styles):
        """Below the plot: each bin's share of the examples, one thin bar per table, side by side."""
        shares = {}
        for name in names:
            rows = self.tables[name]
            total = sum(count for _, _, count, _, _ in rows)
            shares[name] = [(low, high, count / total) for low, high, count, _, _ in rows]
        largest = max(share for rows in shares.values() for _, _, share in rows)
        axes = Axes(left, top, PLOT_SIZE, COUNT_HEIGHT, (0, 1), (0, max(largest, 1e-9)), max_x_ticks=6,
                    max_y_ticks=3)
        axes.draw_grid(canvas)
        for k, name in enumerate(names):
            for low, high, share in shares[name]:
                if share == 0:
                    continue
                slot = (axes.x(high) - axes.x(low)) / len(names)
                x = axes.x(low) + k * slot
                canvas.add("rect", x=x + 0.5, y=axes.y(share), width=max(slot - 1, 0.5),
                           height=axes.y(0) - axes.y(share), fill=styles[name].colour, fill_opacity=0.7)
        axes.draw_frame(canvas, None, "share")
