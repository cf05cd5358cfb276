"""Pictures of images and of per-pixel tables: a digit, P(pixel on | class), a log odds ratio.

A model trained on images as dense rows (``load_optdigits`` gives 8x8 images
as lists of 64 numbers) has one number per pixel and class: the chance that
the pixel is on, its mean, its theta.  Laid out as the image, such a table
shows what the model learned.  Every picture here is an SVG grid of coloured
squares that a notebook shows, and a text form that ``print`` shows:

>>> print(show_digit([0, 4, 8, 16] * 16, title="stripes"))
stripes (grey levels 0..16)
+--------+
| :+@ :+@|
| :+@ :+@|
| :+@ :+@|
| :+@ :+@|
| :+@ :+@|
| :+@ :+@|
| :+@ :+@|
| :+@ :+@|
+--------+
>>> picture = pixel_picture([0.5, 1, 0, 0.25], shape=(2, 2), title="P(on | c)")
>>> print(picture)
P(on | c)
0.50  1.00
0.00  0.25
>>> picture.to_svg().startswith("<svg")
True

=============================  ===========================================
``show_digit(row)``            one image: grey squares, white 0 to black 16
``pixel_picture(table)``       any per-pixel table: a list of numbers, a
                               {pixel index: number} dict, or a dict of
                               {class: table} for a row of small pictures
``class_pictures(model)``      one picture per class of what the model
                               learned per pixel
``odds_ratio_picture(model,    the log of the odds ratio (or likelihood
c1, c2)``                      ratio) of each pixel, c1 against c2
=============================  ===========================================

Colours: a table of probabilities or means is drawn on a sequential scale,
white (0) to dark blue; a table with negative numbers (a log ratio) on a
diverging scale around 0, purple below and orange above, both of which
readers with the common forms of colour blindness tell apart.  Every picture
has a colour bar with its scale.  ``diverging=True`` or ``False`` chooses the
scale yourself.
"""

import math
from collections.abc import Mapping
from numbers import Real

from naivebayes.plumbing.checks import plain_value
from naivebayes.inspect.odds import odds_ratios
from naivebayes.inspect.pictures import blend, draw_colour_bar, heading_width, shade, text_colour_on
from naivebayes.inspect.svg import Canvas, Picture, nice_ticks, number, shorten, text_width
from naivebayes.naive_bayes.bernoulli import BernoulliNB
from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.naive_bayes.gaussian import GaussianNB
from naivebayes.naive_bayes.multinomial import MultinomialNB

__all__ = ["PixelPicture", "pixel_picture", "show_digit", "class_pictures", "odds_ratio_picture", "expected_value"]

DIGIT_SHAPE = (8, 8)
GREY_TOP = 16  # optdigits' grey levels run from 0 to 16
GREY_CHARACTERS = " .:-=+*#%@"  # the text form of a digit: one character per band of grey levels
# A diverging scale (ColorBrewer's PuOr ends): purple below 0, near-white at 0, orange above.
PURPLE, MIDDLE, ORANGE = (84, 39, 136), (247, 247, 247), (179, 88, 6)
MOST_PIXELS = 10**6  # the largest picture: one SVG square per pixel
SMALLEST_SPAN = 1e-300  # a colour bar spans at least this (its ticks are powers of ten: 10^-324 has none)
MISSING_FILL = "#D9D9D9"  # a pixel a {pixel index: number} dict leaves out
PANELS_PER_LINE = 5


# --8<-- [start:eq-expected-grey-level]
def expected_value(probabilities):
    """E[x | c] = sum over v of v * P(x = v | c): the mean of a value drawn from ``probabilities``.

    ``probabilities`` is ``{value: P(x = v | c)}``, such as a categorical
    model's chances of each grey level of one pixel in one class.

    Formula: docs/digits.md#eq-expected-grey-level
    """
    return sum(value * p for value, p in probabilities.items())
# --8<-- [end:eq-expected-grey-level]


# ---------------------------------------------------------------------------
# Reading a table
# ---------------------------------------------------------------------------


def check_shape(shape):
    """``shape`` as (rows, columns) of positive ints, or a clear error."""
    if (not isinstance(shape, (tuple, list)) or len(shape) != 2
            or any(isinstance(k, bool) or not isinstance(plain_value(k), int) or k < 1 for k in shape)):
        raise ValueError(f"shape must be (rows, columns), two whole numbers >= 1, such as (8, 8); not {shape!r:.80}")
    if shape[0] * shape[1] > MOST_PIXELS:
        raise ValueError(
            f"shape={shape!r:.80} has {shape[0] * shape[1]:.3g} pixels; a picture draws one square per pixel, "
            f"so it takes at most {MOST_PIXELS:,} (1000 x 1000)"
        )
    return int(shape[0]), int(shape[1])


def pixel_number(value, where):
    """``value`` as a float, or None for a missing pixel; NaN, infinities and non-numbers are refused."""
    value = plain_value(value)
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{where} is {value!r:.60}, not a number; a per-pixel table holds one number per pixel")
    try:
        value = float(value)
    except OverflowError:  # (a whole number or Fraction past the largest float, about 1.8e308)
        raise ValueError(f"{where} is {value!r:.60}, too large for a float; a colour scale needs numbers "
                         "below about 1e308") from None
    if math.isnan(value):
        raise ValueError(f"{where} is NaN; a per-pixel table needs a number for every pixel it names")
    if math.isinf(value):
        raise ValueError(
            f"{where} is {value}; a colour scale cannot hold an infinite value (a log ratio of a model "
            "trained with alpha=0 can be infinite: train it with alpha > 0)"
        )
    return value


def pixel_values(table, shape, name="table"):
    """``table`` (a list, a nested list of rows, or a {pixel index: number} dict) as a flat list of floats or None."""
    rows, columns = shape
    size = rows * columns
    if isinstance(table, Mapping):
        values = [None] * size
        for key, value in table.items():
            key = plain_value(key)
            if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < size:
                raise KeyError(
                    f"{name} has the key {key!r}; a {{pixel index: number}} dict's keys are the pixel numbers "
                    f"0 to {size - 1} of a {rows}x{columns} image (row r, column c is {columns} * r + c)"
                )
            values[key] = pixel_number(value, f"{name}[{key!r}]")
        if all(value is None for value in values):
            raise ValueError(f"{name} is empty; give at least one pixel's number")
        return values
    if isinstance(table, (str, bytes)) or not hasattr(table, "__len__"):
        raise TypeError(
            f"{name} must be a list of {size} numbers or a {{pixel index: number}} dict, not "
            f"{type(table).__name__}"
        )
    table = table.tolist() if hasattr(table, "tolist") else list(table)
    if len(table) == rows and all(hasattr(row, "__len__") and not isinstance(row, (str, bytes)) for row in table):
        if all(len(row) == columns for row in table):  # a nested list of rows, as a 2-D array gives
            table = [value for row in table for value in row]
    if len(table) != size:
        raise ValueError(
            f"{name} has {len(table)} numbers, but shape={shape} needs {size} ({rows} rows of {columns}); "
            "give one number per pixel, row by row, or pass the shape of your images"
        )
    return [pixel_number(value, f"{name}[{i}]") for i, value in enumerate(table)]


def is_table_of_tables(table):
    """True for a {class: table} dict (its values are lists or dicts), False for one table."""
    return isinstance(table, Mapping) and bool(table) and all(
        isinstance(value, Mapping) or (hasattr(value, "__len__") and not isinstance(value, (str, bytes)))
        for value in table.values()
    )


# ---------------------------------------------------------------------------
# Colours
# ---------------------------------------------------------------------------


def diverging_colour(value, largest):
    """Purple for -largest, near-white for 0, orange for +largest (clipped beyond)."""
    share = max(-1.0, min(1.0, value / largest))
    return blend(MIDDLE, ORANGE, share) if share >= 0 else blend(MIDDLE, PURPLE, -share)


def grey_colour(value, top):
    """White for 0, black for ``top``."""
    level = round(255 * (1 - max(0.0, min(1.0, value / top))))
    return f"#{level:02X}{level:02X}{level:02X}"


def scale_of(values, diverging):
    """(kind, low, high): "diverging" from -m to m, or "sequential" from low to high (0..1 for probabilities)."""
    present = [value for value in values if value is not None]
    low, high = min(present), max(present)
    if diverging is None:
        diverging = low < 0
    if diverging:
        largest = max(abs(low), abs(high))
        largest = largest if largest >= SMALLEST_SPAN else 1.0  # (all about 0: a bar of -1 to 1, all white)
        return "diverging", -largest, largest
    if low >= 0 and high <= 1:
        return "sequential", 0.0, 1.0
    low = min(low, 0.0)
    return "sequential", low, high if high - low >= SMALLEST_SPAN else low + 1


# ---------------------------------------------------------------------------
# The picture
# ---------------------------------------------------------------------------


class PixelPicture(Picture):
    """One or more per-pixel tables drawn as grids of coloured squares, with a colour bar.

    Make one with ``pixel_picture``, ``show_digit``, ``class_pictures`` or
    ``odds_ratio_picture``.  ``panels`` is [(label or None, values)], each
    ``values`` a flat list (None for a pixel left out).  ``str()`` (and the
    console) show the numbers as a table; a notebook shows the SVG.
    """

    def __init__(self, panels, shape=DIGIT_SHAPE, title=None, diverging=None, mark=None, legend=None, ends=None,
                 grey_top=None):
        self.shape = check_shape(shape)
        self.panels = [(label, pixel_values(values, self.shape, "table" if label is None else f"table[{label!r}]"))
                       for label, values in panels]
        if diverging not in (None, True, False):
            raise TypeError(f"diverging must be True, False or None (chosen by the values), not {diverging!r}")
        everything = [value for _, values in self.panels for value in values]
        self.grey_top = grey_top
        if grey_top is None:
            self.kind, self.low, self.high = scale_of(everything, diverging)
            if not math.isfinite(self.high - self.low):
                raise ValueError(
                    f"the numbers run from {min(v for v in everything if v is not None)!r} to "
                    f"{max(v for v in everything if v is not None)!r}, a span past the largest float (about 1.8e308); "
                    "scale them down (divide by a power of ten) to draw them"
                )
        else:
            self.kind, self.low, self.high = "grey", 0.0, float(grey_top)
        self.mark = check_mark(mark, self.shape)
        self.title = "" if title is None else str(title)
        self.legend = legend
        self.ends = ends  # (text under the low end, text over the high end) of a diverging bar

    def colour(self, value):
        if value is None:
            return MISSING_FILL
        if self.kind == "grey":
            return grey_colour(value, self.high)
        if self.kind == "diverging":
            return diverging_colour(value, self.high)
        return shade((value - self.low) / (self.high - self.low))

    # The text form ------------------------------------------------------

    def __repr__(self):
        return self.to_text()

    __str__ = __repr__

    def to_text(self):
        """The picture as text: each table's numbers, rounded, laid out as the image; a digit as characters."""
        lines = [self.title] if self.title else []
        if self.kind == "grey":
            if lines:
                lines[0] += f" (grey levels 0..{number(self.high)})"
            for label, values in self.panels:
                if label is not None:
                    lines.append(str(label))
                lines.extend(self.character_block(values))
            return "\n".join(lines)
        present = [value for _, values in self.panels for value in values if value is not None]
        if all(value == int(value) for value in present):
            written = lambda value: str(int(value))  # noqa: E731
        else:
            places = 2 if max(abs(value) for value in present) < 100 else 0
            written = lambda value: f"{value:.{places}f}"  # noqa: E731
        width = max(len(written(value)) for value in present)
        rows, columns = self.shape
        for label, values in self.panels:
            if label is not None:
                lines.append(str(label))
            for r in range(rows):
                cells = values[r * columns:(r + 1) * columns]
                lines.append("  ".join("." .rjust(width) if v is None else written(v).rjust(width) for v in cells))
        if self.mark:
            columns = self.shape[1]
            lines.append("marked, first to last: " + ", ".join(
                f"{pixel} (row {pixel // columns}, column {pixel % columns})" for pixel in self.mark))
        return "\n".join(lines)

    def character_block(self, values):
        """A digit as characters in a frame: one of " .:-=+*#%@" per pixel, darker for more ink."""
        rows, columns = self.shape
        top = len(GREY_CHARACTERS) - 1
        block = ["+" + "-" * columns + "+"]
        for r in range(rows):
            block.append("|" + "".join(
                "?" if v is None else GREY_CHARACTERS[math.floor(max(0.0, min(1.0, v / self.high)) * top + 0.5)]
                for v in values[r * columns:(r + 1) * columns]
            ) + "|")
        block.append(block[0])
        return block

    # The SVG ------------------------------------------------------------

    def subtitle(self):
        if self.kind == "grey":
            return f"white 0 to black {number(self.high)}"
        if self.kind == "diverging":
            return f"colour: {number(self.low, 3)} (purple) to 0 (white) to {number(self.high, 3)} (orange)"
        return f"colour: {number(self.low, 3)} (white) to {number(self.high, 3)} (dark blue)"

    def draw(self):
        rows, columns = self.shape
        many = len(self.panels) > 1
        cell = max(8, min(30, (150 if many else 240) // max(rows, columns)))
        labelled = any(label is not None for label, _ in self.panels)
        per_line = min(len(self.panels), PANELS_PER_LINE)
        lines_of_panels = math.ceil(len(self.panels) / per_line)
        panel_width, gap = columns * cell, 18
        panel_height = rows * cell + (18 if labelled else 0)
        left, top = 16, 68
        grid_right = left + per_line * panel_width + (per_line - 1) * gap
        bar_left = grid_right + 30
        bar_height = rows * cell
        ticks = nice_ticks(self.low, self.high, max_ticks=5)
        tick_width = max(text_width(label) for _, label in ticks)
        legend = self.legend or ("grey level" if self.kind == "grey" else "value")
        subtitle = self.subtitle()
        ends = [shorten(text, 40) for text in self.ends] if self.ends else []
        width = max(bar_left + 16 + 8 + tick_width + 16, bar_left + text_width(legend, 11.5) + 16,
                    left + heading_width(self.title, subtitle) + 16,
                    *(bar_left + text_width(text, 11) + 16 for text in ends))
        height = top + lines_of_panels * panel_height + (lines_of_panels - 1) * gap + 20 + (26 if ends else 0)
        canvas = Canvas(width, height, self.title or "Per-pixel table")
        if self.title:
            canvas.text(left, 22, self.title, size=15, font_weight="bold")
        canvas.text(left, 40, subtitle, size=11.5, fill="#555555")
        for k, (label, values) in enumerate(self.panels):
            x0 = left + (k % per_line) * (panel_width + gap)
            y0 = top + (k // per_line) * (panel_height + gap)
            if label is not None:
                canvas.text(x0 + panel_width / 2, y0 + 12, shorten(label, 18), anchor="middle", font_weight="bold")
                y0 += 18
            self.draw_grid(canvas, values, x0, y0, cell)
        self.draw_colour_bar(canvas, bar_left, top + (18 if labelled else 0), bar_height, ticks, legend, ends)
        return canvas

    def draw_grid(self, canvas, values, x0, y0, cell):
        """One table's squares, its frame, and its marked pixels with their ranks."""
        rows, columns = self.shape
        with canvas.group(class_="pixels", shape_rendering="crispEdges"):
            for i, value in enumerate(values):
                canvas.add("rect", x=x0 + (i % columns) * cell, y=y0 + (i // columns) * cell,
                           width=cell, height=cell, fill=self.colour(value))
        canvas.add("rect", x=x0, y=y0, width=columns * cell, height=rows * cell, fill="none", stroke="#444444")
        if self.mark:
            with canvas.group(class_="marked", fill="none", stroke="#000000", stroke_width=2):
                for pixel in self.mark:
                    canvas.add("rect", x=x0 + (pixel % columns) * cell + 1, y=y0 + (pixel // columns) * cell + 1,
                               width=cell - 2, height=cell - 2)
            with canvas.group(class_="ranks", text_anchor="middle"):
                for rank, pixel in enumerate(self.mark, start=1):
                    canvas.add("text", str(rank), x=x0 + (pixel % columns + 0.5) * cell,
                               y=y0 + (pixel // columns + 0.5) * cell + 4, font_size=10,
                               fill=text_colour_on(self.colour(values[pixel])))

    def draw_colour_bar(self, canvas, left, top, height, ticks, legend, ends):
        """The legend of the colours: the shared bar from the low end to the high end, and what each end speaks for."""
        span = self.high - self.low
        shares = [((value - self.low) / span, label) for value, label in ticks]
        # (span times a share of at most 1: span * 19.5 before dividing by 20 could pass the largest float)
        draw_colour_bar(canvas, left, top, height, lambda share: self.colour(self.low + span * share), shares, legend,
                        legend_gap=8)
        if ends:
            canvas.text(left, top + height + 16, f"\u2191 {ends[1]}", size=11, fill="#555555")
            canvas.text(left, top + height + 30, f"\u2193 {ends[0]}", size=11, fill="#555555")


def check_mark(mark, shape):
    """The pixels to outline, as a list of distinct pixel numbers in rank order."""
    if mark is None:
        return []
    size = shape[0] * shape[1]
    if isinstance(mark, (str, bytes, Mapping)) or not hasattr(mark, "__iter__"):
        raise TypeError(f"mark must be a list of pixel numbers (largest first), not {type(mark).__name__}")
    mark = [plain_value(pixel) for pixel in mark]
    for pixel in mark:
        if isinstance(pixel, bool) or not isinstance(pixel, int) or not 0 <= pixel < size:
            raise ValueError(f"mark holds {pixel!r}, not a pixel number from 0 to {size - 1}")
    if len(set(mark)) != len(mark):
        raise ValueError("mark names a pixel twice; name each pixel once")
    return mark


# ---------------------------------------------------------------------------
# What a student calls
# ---------------------------------------------------------------------------


def pixel_picture(table, shape=DIGIT_SHAPE, title=None, diverging=None, mark=None, legend=None):
    """A picture of any per-pixel table: one grid, or one small grid per class.

    * ``table``: a list of numbers, one per pixel row by row (a nested list
      of rows works too), or a {pixel index: number} dict (pixels it leaves
      out are grey); a dict {class: table} draws one grid per class, side by
      side, on one colour scale.
    * ``shape``: (rows, columns) of the image, (8, 8) by default.
    * ``diverging``: None chooses the scale by the values (diverging around 0
      when one is negative); True or False chooses it yourself.
    * ``mark``: pixel numbers to outline and number 1, 2, 3, ... (say, the
      largest first).  ``legend``: the heading of the colour bar.

    Raises ``ValueError`` for a table of the wrong length for the shape, NaN
    or an infinite number, ``TypeError`` for something that is not a number,
    and ``KeyError`` for a dict key that is not a pixel number.
    """
    shape = check_shape(shape)
    if is_table_of_tables(table):
        panels = list(table.items())
    else:
        panels = [(None, table)]
    return PixelPicture(panels, shape, title, diverging, mark, legend)


def show_digit(row, title=None, shape=DIGIT_SHAPE):
    """A picture of one image: grey squares, white for 0 and black for 16 (or for 1 in a 0/1 row).

    ``row`` is a list of grey levels, row by row, as ``load_optdigits``
    gives it.  ``print`` shows it as characters, one of " .:-=+*#%@" per
    pixel from light to dark; a notebook shows the SVG.
    """
    shape = check_shape(shape)
    values = pixel_values(row, shape, "row")
    present = [value for value in values if value is not None]  # (a {pixel: grey level} dict may leave some out)
    if any(value < 0 or value > GREY_TOP for value in present):
        raise ValueError(
            f"row holds {min(present)} to {max(present)}, but grey levels run from 0 to {GREY_TOP}; "
            "for a table of other numbers use pixel_picture(table)"
        )
    top = 1 if set(present) <= {0.0, 1.0} else GREY_TOP
    return PixelPicture([(None, row)], shape, title, grey_top=top, legend="grey level")


def dense_columns(model, shape):
    """The pixel columns 0..n-1 of a model trained on dense rows of n = rows * columns numbers, or a clear error."""
    if not isinstance(model, (BernoulliNB, MultinomialNB, GaussianNB, CategoricalNB)):
        raise TypeError(
            "class_pictures and odds_ratio_picture read a BernoulliNB, MultinomialNB, GaussianNB or "
            f"CategoricalNB trained on images as rows of numbers, not a {type(model).__name__}"
        )
    model._check_fitted()
    size = shape[0] * shape[1]
    if getattr(model, "n_columns_", None) != size:
        found = getattr(model, "n_columns_", None)
        what = "documents of words or rows of named features" if found is None else f"rows of {found} numbers"
        raise ValueError(
            f"the model was trained on {what}, but shape={shape} has {size} pixels; train it on the images as "
            "lists of numbers (as load_optdigits gives them), or pass the shape of your images"
        )
    return list(range(size))


def chosen_classes(model, classes):
    """The classes to draw, in order: all of the model's, or the ones named (each one it has)."""
    if classes is None:
        return list(model.classes_)
    if isinstance(classes, (str, bytes)) or not hasattr(classes, "__iter__"):
        classes = [classes]
    classes = list(classes)
    for label in classes:
        if label not in model.classes_:
            raise KeyError(f"{label!r} is not one of the model's classes {model.classes_}")
    if not classes:
        raise ValueError(f"classes is empty; name some of the model's classes {model.classes_}, or leave it out")
    return classes


def class_table(model, label, columns):
    """One class's number per pixel: what ``class_pictures`` draws, and its legend."""
    if isinstance(model, GaussianNB):
        return [model.means_[label][j] for j in columns]
    if isinstance(model, CategoricalNB):
        table = []
        for j in columns:
            values = model.categories_[j]
            if any(isinstance(v, bool) or not isinstance(plain_value(v), Real) for v in values):
                raise TypeError(f"pixel {j} has the values {values!r}; an expected grey level needs numbers")
            table.append(expected_value({v: model.likelihood(j, v, label) for v in values}))
        return table
    return [model.likelihood(j, label) for j in columns]


CLASS_LEGENDS = {
    BernoulliNB: ("P(pixel on | class)", "P(pixel on | class) of"),
    MultinomialNB: ("theta", "theta = P(pixel's count | class) of"),
    GaussianNB: ("mean", "the class means of"),
    CategoricalNB: ("E[grey level]", "the expected grey level per class of"),
}


def class_pictures(model, classes=None, shape=DIGIT_SHAPE, title=None):
    """One small picture per class of what ``model`` learned about each pixel.

    * a ``BernoulliNB``: P(pixel on | c);
    * a ``MultinomialNB``: theta, the share of the class's ink in each pixel;
    * a ``GaussianNB``: the class mean of each pixel;
    * a ``CategoricalNB``: the expected grey level, the sum of v * P(v | c).

    The model must be trained on images as rows of numbers (``shape`` gives
    their size).  ``classes`` picks some classes, in that order.
    """
    shape = check_shape(shape)
    columns = dense_columns(model, shape)
    classes = chosen_classes(model, classes)
    legend, what = next(texts for kind, texts in CLASS_LEGENDS.items() if isinstance(model, kind))
    panels = [(label, class_table(model, label, columns)) for label in classes]
    if title is None:
        title = f"{what} {type(model).__name__}"
    return PixelPicture(panels, shape, title, diverging=False, legend=legend)


def odds_ratio_picture(model, c1, c2, kind="odds", top=None, shape=DIGIT_SHAPE, title=None):
    """The log of each pixel's odds ratio (``kind="odds"``) or likelihood ratio, class ``c1`` against ``c2``.

    Orange pixels speak for ``c1``, purple ones for ``c2``, white ones for
    neither (log 1 = 0).  With ``top=k`` the k pixels with the largest
    ratios are outlined and numbered, the very ones
    ``odds_ratios(model, c1, c2, top=k, kind=kind)`` ranks.  The model is a
    ``BernoulliNB`` (either kind) or a ``MultinomialNB`` (``kind="likelihood"``)
    trained on images as rows of numbers.
    """
    shape = check_shape(shape)
    if isinstance(model, (GaussianNB, CategoricalNB)):
        raise TypeError(
            f"odds_ratio_picture needs one probability per pixel, P(pixel on | c); a {type(model).__name__} "
            "has none (a CategoricalNB has one per grey level). Train a BernoulliNB on binary rows, "
            "e.g. load_optdigits(binary_threshold=8)"
        )
    dense_columns(model, shape)
    ranked = odds_ratios(model, c1, c2, top=None, kind=kind)
    if top is not None and (isinstance(top, bool) or not isinstance(top, int) or top < 1):
        raise ValueError(f"top must be a whole number >= 1, or None to mark no pixel; not {top!r}")
    for r in ranked:
        if not math.isfinite(r.ratio) or r.ratio <= 0:
            raise ValueError(
                f"pixel {r.feature} has the ratio {r.ratio} (a probability of 0 or 1 in one class), whose log "
                "no colour can show; train the model with alpha > 0"
            )
    table = {r.feature: math.log(r.ratio) for r in ranked}
    mark = None if top is None else [r.feature for r in ranked[:top]]
    if title is None:
        title = f"log {kind} ratio per pixel, {c1} against {c2}"
    return PixelPicture([(None, table)], shape, title, diverging=True, mark=mark, legend=f"log {kind} ratio",
                        ends=(f"speaks for {c2}", f"speaks for {c1}"))
