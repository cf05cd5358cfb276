"""A small SVG writer for the library's pictures: text, shapes, axes, ticks, legends.

SVG is text, so a picture needs no plotting library: each shape is one line
such as ``<circle cx="105.2" cy="88.4" r="3.5"/>``.  This module holds what
every picture needs; ``pictures.py`` draws the pictures themselves.

Three rules make a picture a fixed string, so a test can compare it byte for
byte and a docs page can check that its images did not drift:

* every number is written by ``number()``, with at most two decimals;
* attributes are written in the order the code gives them, and anything taken
  from a dict is sorted first (by the caller);
* nothing depends on the time, a random id or the order of a set.

Text from the data (feature names, class labels) is escaped by ``escape``,
so a label such as ``"<none> & more"`` cannot break the file.

Colours are the Okabe-Ito palette (Okabe and Ito, *Color Universal Design*,
2002), which readers with any common form of colour blindness can tell
apart; each class also gets its own marker shape and dash pattern, so a
picture still reads in black and white.

>>> number(3.14159), number(2.0), number(-0.001), number(100)
('3.14', '2', '0', '100')
>>> escape('x < 1 & "y"')
'x &lt; 1 &amp; &quot;y&quot;'
>>> [label for _, label in nice_ticks(0, 1)]
['0', '0.2', '0.4', '0.6', '0.8', '1']
"""

import math
import os
import re
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

__all__ = ["Canvas", "Axes", "Picture", "class_style", "number", "draw_marker", "draw_legend"]

# The Okabe-Ito palette, in the order classes get their colours: blue, orange,
# bluish green, vermillion, reddish purple, sky blue, black, yellow (last, as
# it is hard to see on white).
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442")
MARKERS = ("circle", "square", "triangle", "diamond", "triangle-down", "cross")
DASHES = ("", "7 3", "2 2", "9 3 2 3", "4 4", "1 3")  # stroke-dasharray; "" is a solid line

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
FONT_SIZE = 12
TITLE_SIZE = 15
TEXT_COLOUR = "#222222"
GRID_COLOUR = "#E5E5E5"

# Characters XML 1.0 does not allow in a document (control characters but tab, newline, return).
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")  # (a lone surrogate is no XML either)


def number(value, digits=2):
    """A number as SVG text: at most ``digits`` decimals, no trailing zeros, never "-0"."""
    text = f"{float(value):.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def escape(text):
    """``text`` (anything, through ``str``) made safe for XML text and attribute values."""
    text = NOT_XML.sub("\ufffd", str(text))
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace('"', "&quot;").replace("'", "&#39;")
    )


def text_width(text, size=FONT_SIZE):
    """About how wide ``text`` is when drawn, in pixels (0.62 of the font size per character, a little generous)."""
    return 0.62 * size * len(str(text))


def shorten(text, most=28):
    """``str(text)``, cut to at most ``most`` characters with an ellipsis."""
    text = str(text)
    return text if len(text) <= most else text[: most - 1] + "\u2026"


# ---------------------------------------------------------------------------
# Ticks: round numbers, 1, 2 or 5 times a power of ten
# ---------------------------------------------------------------------------


def written_value(value):
    """``value`` as an exact Fraction of the decimal Python writes for it: 0.001 is 1/1000.

    (The float 0.001 is a hair above 1/1000, and a tick at 0.001 should still count as inside.)
    """
    return Fraction(repr(float(value))) if isinstance(value, float) else Fraction(value)


def nice_step(low, high, max_ticks=6):
    """The smallest step 1, 2 or 5 x 10^k (an exact Fraction) with at most ``max_ticks`` multiples from low to high.

    >>> nice_step(0, 1), nice_step(4.3, 7.9), nice_step(4.3, 7.9, max_ticks=8), nice_step(0, 250)
    (Fraction(1, 5), Fraction(1, 1), Fraction(1, 2), Fraction(50, 1))
    """
    low, high = written_value(low), written_value(high)
    span = float(high - low)
    if not span > 0 or not math.isfinite(span):
        raise ValueError(f"ticks need a range of positive, finite width, not {float(low)!r} to {float(high)!r}")
    if max_ticks < 2:
        raise ValueError(f"max_ticks must be at least 2, not {max_ticks!r}")
    exponent = math.floor(math.log10(span / max_ticks)) - 1
    while True:
        for mantissa in (1, 2, 5):
            step = mantissa * Fraction(10) ** exponent
            if math.floor(high / step) - math.ceil(low / step) + 1 <= max_ticks:
                return step
        exponent += 1


def decimals_of(step):
    """How many decimals it takes to write every multiple of ``step`` exactly."""
    places = 0
    while (step * 10**places).denominator != 1:
        places += 1
    return places


def nice_ticks(low, high, max_ticks=6):
    """[(value, label)] for the multiples of a nice step between ``low`` and ``high``.

    The step is 1, 2 or 5 times a power of ten, the smallest that gives at
    most ``max_ticks`` ticks; values are computed as exact multiples, so a
    label reads "0.3", never "0.30000000000000004".

    >>> nice_ticks(4.3, 7.9)
    [(5.0, '5'), (6.0, '6'), (7.0, '7')]
    >>> nice_ticks(-0.05, 0.12, max_ticks=5)
    [(-0.05, '-0.05'), (0.0, '0'), (0.05, '0.05'), (0.1, '0.1')]
    """
    low, high = written_value(low), written_value(high)
    step = nice_step(low, high, max_ticks)
    places = decimals_of(step)
    first, last = math.ceil(low / step), math.floor(high / step)
    ticks = []
    for i in range(first, last + 1):
        value = i * step
        ticks.append((float(value), number(value, places)))
    return ticks


def log_ticks(low, high, max_ticks=8):
    """[(value, label)] for 1, 2, 5 x 10^k (or only 10^k, if those are too many) from ``low`` to ``high`` > 0.

    >>> [label for _, label in log_ticks(1, 30)]
    ['1', '2', '5', '10', '20']
    >>> [label for _, label in log_ticks(1, 5000, max_ticks=5)]
    ['1', '10', '100', '1000']
    """
    if not 0 < low < high:
        raise ValueError(f"a log scale needs 0 < low < high, not {low!r} and {high!r}")
    low, high = written_value(low), written_value(high)
    for mantissas in ((1, 2, 5), (1,)):
        ticks = []
        for exponent in range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1):
            for mantissa in mantissas:
                value = mantissa * Fraction(10) ** exponent
                if low <= value <= high:
                    ticks.append((float(value), number(value, decimals_of(value))))
        if len(ticks) <= max_ticks:
            return ticks
    return ticks


# ---------------------------------------------------------------------------
# The canvas: a list of SVG elements
# ---------------------------------------------------------------------------


def attribute_text(attributes):
    """' name="value"' for each attribute; ``stroke_width`` is written stroke-width, ``class_`` class."""
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        name = name.rstrip("_").replace("_", "-")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = number(value)
        parts.append(f' {name}="{escape(value)}"')
    return "".join(parts)


class Canvas:
    """An SVG picture being drawn: its size, its title, and its elements, one per line.

    >>> canvas = Canvas(100, 50, title="A & B")
    >>> canvas.add("circle", cx=10, cy=20.1256, r=3)
    >>> print(canvas.to_svg())  # doctest: +ELLIPSIS
    <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50" ...>
    <title>A &amp; B</title>
    <rect x="0" y="0" width="100" height="50" fill="#FFFFFF"/>
    <circle cx="10" cy="20.13" r="3"/>
    </svg>
    <BLANKLINE>
    """

    def __init__(self, width, height, title):
        self.width = width
        self.height = height
        self.title = str(title)
        self.lines = [f"<title>{escape(self.title)}</title>"]
        self.add("rect", x=0, y=0, width=width, height=height, fill="#FFFFFF")

    def add(self, tag, text=None, **attributes):
        """One element ``<tag .../>``, or ``<tag ...>text</tag>`` when it holds text."""
        attrs = attribute_text(attributes)
        if text is None:
            self.lines.append(f"<{tag}{attrs}/>")
        else:
            self.lines.append(f"<{tag}{attrs}>{escape(text)}</{tag}>")

    @contextmanager
    def group(self, **attributes):
        """``with canvas.group(fill="red"):`` puts what is drawn inside into one ``<g>``."""
        self.lines.append(f"<g{attribute_text(attributes)}>")
        yield
        self.lines.append("</g>")

    def text(self, x, y, text, size=FONT_SIZE, anchor="start", **attributes):
        """A line of text whose baseline starts (or is centred, or ends: ``anchor``) at (x, y)."""
        self.add("text", text, x=x, y=y, font_size=size, text_anchor=anchor if anchor != "start" else None,
                 **attributes)

    def to_svg(self):
        """The whole picture as the text of an SVG file."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{number(self.width)}" height="{number(self.height)}" '
            f'viewBox="0 0 {number(self.width)} {number(self.height)}" font-family="{escape(FONT)}" '
            f'fill="{TEXT_COLOUR}" role="img">'
        )
        return "\n".join([head] + self.lines + ["</svg>", ""])


def points_text(points):
    """"x,y x,y ..." for a polyline or polygon."""
    return " ".join(f"{number(x)},{number(y)}" for x, y in points)


def simplify(points, tolerance=0.25):
    """``points`` without those closer than ``tolerance`` pixels to the line through their neighbours.

    The Ramer-Douglas-Peucker algorithm: keep both ends; find the point
    farthest from the straight line between them; if it is farther than the
    tolerance, keep it and look at each half the same way, else drop every
    point in between.  A smooth curve of 400 points keeps a few dozen, and
    looks the same.

    >>> simplify([(0, 0), (1, 0.1), (2, 0), (3, 5)])
    [(0, 0), (2, 0), (3, 5)]
    """
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    pending = [(0, len(points) - 1)]
    while pending:
        first, last = pending.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        length = math.hypot(x2 - x1, y2 - y1)
        farthest, distance = None, tolerance
        for i in range(first + 1, last):
            x, y = points[i]
            if length == 0:
                d = math.hypot(x - x1, y - y1)
            else:
                d = abs((x2 - x1) * (y1 - y) - (x1 - x) * (y2 - y1)) / length
            if d > distance:
                farthest, distance = i, d
        if farthest is not None:
            keep[farthest] = True
            pending += [(first, farthest), (farthest, last)]
    return [point for point, kept in zip(points, keep) if kept]


def path_text(points, closed=False):
    """"M x y L x y x y ... [Z]": a path through ``points``."""
    head, *rest = points
    text = f"M{number(head[0])} {number(head[1])}"
    if rest:
        text += "L" + " ".join(f"{number(x)} {number(y)}" for x, y in rest)
    return text + ("Z" if closed else "")


# ---------------------------------------------------------------------------
# How each class is drawn: colour, marker, dash pattern
# ---------------------------------------------------------------------------


class Style:
    """The colour, marker and dash pattern of one class (or one line of a chart)."""

    def __init__(self, colour, marker, dash):
        self.colour = colour
        self.marker = marker
        self.dash = dash

    def __repr__(self):
        return f"Style(colour={self.colour!r}, marker={self.marker!r}, dash={self.dash!r})"


def class_style(k):
    """The style of the k-th class (counting from 0): every class differs in colour, marker or dash.

    >>> class_style(0), class_style(8).marker
    (Style(colour='#0072B2', marker='circle', dash=''), 'triangle')
    """
    return Style(OKABE_ITO[k % len(OKABE_ITO)], MARKERS[k % len(MARKERS)], DASHES[k % len(DASHES)])


def draw_marker(canvas, kind, x, y, size=4, **attributes):
    """One marker of shape ``kind`` centred on (x, y); ``size`` is about its radius."""
    s = size
    if kind == "circle":
        canvas.add("circle", cx=x, cy=y, r=s, **attributes)
    elif kind == "square":
        canvas.add("rect", x=x - 0.9 * s, y=y - 0.9 * s, width=1.8 * s, height=1.8 * s, **attributes)
    elif kind == "cross":
        w = 0.35 * s  # an X drawn as one filled outline, so it takes the fill colour like the others
        outline = [(x - s, y - s + w), (x - s + w, y - s), (x, y - w), (x + s - w, y - s), (x + s, y - s + w),
                   (x + w, y), (x + s, y + s - w), (x + s - w, y + s), (x, y + w), (x - s + w, y + s),
                   (x - s, y + s - w), (x - w, y)]
        canvas.add("path", d=path_text(outline, closed=True), **attributes)
    else:
        r = 1.2 * s
        corners = {
            "triangle": [(x, y - r), (x + r * 0.866, y + r / 2), (x - r * 0.866, y + r / 2)],
            "triangle-down": [(x, y + r), (x + r * 0.866, y - r / 2), (x - r * 0.866, y - r / 2)],
            "diamond": [(x, y - r), (x + r * 0.8, y), (x, y + r), (x - r * 0.8, y)],
        }[kind]
        canvas.add("path", d=path_text(corners, closed=True), **attributes)


def draw_legend(canvas, x, y, entries, heading=None):
    """A legend at (x, y), top left: one row per (label, style, how), ``how`` being "marker", "line" or "patch".

    Returns the height it took.
    """
    row = 18
    top = y
    if heading:
        canvas.text(x, y + 12, heading, font_weight="bold")
        y += row
    with canvas.group(class_="legend"):
        for label, style, how in entries:
            middle = y + row / 2
            if how == "marker":
                draw_marker(canvas, style.marker, x + 9, middle, fill=style.colour, stroke="#FFFFFF",
                            stroke_width=0.6)
            elif how == "line":
                canvas.add("line", x1=x, y1=middle, x2=x + 22, y2=middle, stroke=style.colour, stroke_width=2.2,
                           stroke_dasharray=style.dash or None)
            else:  # a patch, as for a shaded region or a bar
                canvas.add("rect", x=x + 1, y=middle - 6, width=16, height=12, fill=style.colour, fill_opacity=0.35,
                           stroke=style.colour)
            canvas.text(x + 28, middle + 4, shorten(label))
            y += row
    return y - top


def legend_width(labels, heading=None):
    """The width a legend of these labels takes."""
    widest = max([text_width(shorten(label)) for label in labels] + [0])
    if heading:
        widest = max(widest - 28, text_width(heading) - 28)
    return 28 + widest


# ---------------------------------------------------------------------------
# Axes: from data coordinates to pixels, with ticks and labels
# ---------------------------------------------------------------------------


class Axes:
    """A plot area on a canvas: where a data point goes, and the frame, ticks and labels around it.

    ``x_range`` and ``y_range`` are the data values at the edges of the area
    (``left`` .. ``left + width`` and ``top + height`` .. ``top``: y grows upwards).
    With ``x_log=True`` the x axis is logarithmic (the range must be positive).
    """

    def __init__(self, left, top, width, height, x_range, y_range, x_log=False, max_x_ticks=7, max_y_ticks=6):
        self.left, self.top, self.width, self.height = left, top, width, height
        self.x_log = x_log
        self.x_range = tuple(float(v) for v in x_range)
        self.y_range = tuple(float(v) for v in y_range)
        for name, (low, high) in (("x", self.x_range), ("y", self.y_range)):
            if not (math.isfinite(low) and math.isfinite(high) and low < high):
                raise ValueError(f"the {name} range must be two finite numbers, low < high, not {(low, high)}")
        if x_log:
            self.x_ticks = log_ticks(*self.x_range, max_ticks=max_x_ticks)
        else:
            self.x_ticks = nice_ticks(*self.x_range, max_ticks=max_x_ticks)
        self.y_ticks = nice_ticks(*self.y_range, max_ticks=max_y_ticks)

    @property
    def right(self):
        return self.left + self.width

    @property
    def bottom(self):
        return self.top + self.height

    def x(self, value):
        """The pixel column of the data value ``value`` on the x axis."""
        low, high = self.x_range
        if self.x_log:
            value, low, high = math.log10(value), math.log10(low), math.log10(high)
        return self.left + (value - low) / (high - low) * self.width

    def y(self, value):
        """The pixel row of the data value ``value`` on the y axis."""
        low, high = self.y_range
        return self.bottom - (value - low) / (high - low) * self.height

    def draw_grid(self, canvas):
        """Light lines at the ticks, drawn first so the data lies over them."""
        with canvas.group(class_="grid", stroke=GRID_COLOUR, stroke_width=1):
            for value, _ in self.x_ticks:
                canvas.add("line", x1=self.x(value), y1=self.top, x2=self.x(value), y2=self.bottom)
            for value, _ in self.y_ticks:
                canvas.add("line", x1=self.left, y1=self.y(value), x2=self.right, y2=self.y(value))

    def draw_frame(self, canvas, x_label=None, y_label=None, title=None):
        """The frame, the ticks with their labels, the axis labels and the plot's title."""
        with canvas.group(class_="axes"):
            canvas.add("rect", x=self.left, y=self.top, width=self.width, height=self.height, fill="none",
                       stroke="#444444", stroke_width=1)
            with canvas.group(class_="x-ticks", stroke="#444444"):
                for value, _ in self.x_ticks:
                    canvas.add("line", x1=self.x(value), y1=self.bottom, x2=self.x(value), y2=self.bottom + 5)
            for value, label in self.x_ticks:
                canvas.text(self.x(value), self.bottom + 18, label, anchor="middle")
            with canvas.group(class_="y-ticks", stroke="#444444"):
                for value, _ in self.y_ticks:
                    canvas.add("line", x1=self.left - 5, y1=self.y(value), x2=self.left, y2=self.y(value))
            for value, label in self.y_ticks:
                canvas.text(self.left - 8, self.y(value) + 4, label, anchor="end")
            if x_label:
                canvas.text(self.left + self.width / 2, self.bottom + 38, x_label, size=13, anchor="middle")
            if y_label:
                widest = max([text_width(label) for _, label in self.y_ticks] + [0])
                x = self.left - 16 - widest
                canvas.text(x, self.top + self.height / 2, y_label, size=13, anchor="middle",
                            transform=f"rotate(-90 {number(x)} {number(self.top + self.height / 2)})")
            if title:
                canvas.text(self.left + self.width / 2, self.top - 10, title, size=13, anchor="middle",
                            font_weight="bold")


def y_label_room(y_ticks_labels):
    """The room left of a plot area that its y tick labels and y axis label need."""
    return 34 + max([text_width(label) for label in y_ticks_labels] + [0])


# ---------------------------------------------------------------------------
# A picture: draw it, show it, save it
# ---------------------------------------------------------------------------


def new_temporary_file(path):
    """(file descriptor, name) of a new, empty file next to ``path``, made with the usual permissions.

    (``tempfile.mkstemp`` would make it readable by its owner only, and the
    picture would keep that after the rename.)
    """
    for attempt in range(1000):
        temporary = path.with_name(f".{path.name}.{os.getpid()}.{attempt}.tmp")
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), temporary
        except FileExistsError:
            continue
    raise FileExistsError(f"could not make a temporary file next to {path}")


class Picture:
    """What every picture can do: ``to_svg()``, ``save(path)``, and show itself in a notebook.

    A picture checks its inputs when it is made (so a mistake is reported
    where it was made) and draws itself in ``draw()``, which returns a Canvas.
    """

    def draw(self):
        raise NotImplementedError

    def to_svg(self):
        """The picture as the text of an SVG file (the same input gives the same text)."""
        return self.draw().to_svg()

    def save(self, path):
        """Write the picture to ``path`` as an SVG file; returns the path.

        The file is written next to its final place under a temporary name
        and then renamed (``os.replace``), so a reader never sees half a
        picture and a failed write leaves any old file as it was.
        """
        path = Path(path)
        text = self.to_svg()  # drawn first: a picture that cannot be drawn writes nothing
        handle, temporary = new_temporary_file(path)
        try:
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
                file.write(text)
            os.replace(temporary, path)
        except BaseException:
            if os.path.exists(temporary):
                os.remove(temporary)
            raise
        return path

    def _repr_svg_(self):
        """Jupyter shows a picture that is the last value of a cell."""
        return self.to_svg()
