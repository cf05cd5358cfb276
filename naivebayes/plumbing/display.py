"""Showing a table: as aligned plain text, as Markdown, or as a small static HTML ``<table>``.

Every object a student looks at (an explanation, a confusion matrix, the
informative features...) builds its rows of already-formatted strings and
hands them to one of these three printers.  A notebook shows the HTML form of
a cell's last value (``_repr_html_``), ``print`` shows the text form, and the
two hold the same rows.

>>> header = ["class", "count", "P(c)"]
>>> rows = [["china", "3", "3/4"], ["japan", "1", "1/4"]]
>>> print(text_table(header, rows, title="the prior", footer="4 documents"))
the prior
class  count  P(c)
-----  -----  ----
china      3   3/4
japan      1   1/4
4 documents
>>> print(markdown_table(header, rows))
| class | count | P(c) |
|---|---:|---:|
| china | 3 | 3/4 |
| japan | 1 | 1/4 |

Columns whose cells are all numbers (``3``, ``-0.2877``, ``3/7``, ``-inf``)
are aligned to the right, the others to the left; ``align="lrr"`` says it
column by column instead.

``Score`` is an exact ``Fraction`` that reads as the decimal a student
expects:

>>> score = Score(1096, 1115)
>>> score
0.9830
>>> score.exact
Fraction(1096, 1115)
>>> score == Fraction(1096, 1115), score > 0.98
(True, True)
"""

import html
import re
from fractions import Fraction

__all__ = ["Score"]


def reads_as_number(cell):
    """Does this cell read as a number: ``3``, ``-0.2877``, ``3/7``, ``1e-05``, ``-inf``?

    A ratio of two whole numbers (what a Fraction prints as) or anything
    ``float`` reads, decided without parsing a Fraction.
    """
    numerator, slash, denominator = cell.partition("/")
    try:
        if slash:
            int(numerator)  # (a ValueError if it is not a whole number)
            return int(denominator) != 0
        float(cell)
        return True
    except ValueError:
        return False


def _alignments(header, rows, align):
    """One letter per column, "l" or "r": ``align`` if given, else "r" for the columns of numbers."""
    if align is not None:
        if len(align) != len(header) or set(align) - {"l", "r"}:
            raise ValueError(f"align={align!r} needs one letter, 'l' or 'r', per column ({len(header)})")
        return align
    letters = ""
    for i in range(len(header)):
        cells = [row[i] for row in rows if row[i] != ""]
        letters += "r" if cells and all([reads_as_number(cell) for cell in cells]) else "l"
    return letters


def _check_rows(header, rows):
    for number, row in enumerate(rows):
        if len(row) != len(header):
            raise ValueError(f"row {number} has {len(row)} cells but the header has {len(header)}")


def text_table(header, rows, title=None, footer=None, *, align=None):
    """The table as aligned plain text: title, header, a rule of dashes, the rows, footer.

    Columns are two spaces apart and trailing spaces are dropped.

    >>> print(text_table(["word", "n"], [["chinese", "3"], ["tokyo", "1"]]))
    word     n
    -------  -
    chinese  3
    tokyo    1
    """
    _check_rows(header, rows)
    align = _alignments(header, rows, align)
    table = [list(header)] + [list(row) for row in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]

    def line(cells):
        parts = [
            cell.ljust(width) if letter == "l" else cell.rjust(width)
            for cell, width, letter in zip(cells, widths, align)
        ]
        return "  ".join(parts).rstrip()

    lines = [] if title is None else [title]
    lines += [line(table[0]), line(["-" * width for width in widths])]
    lines += [line(row) for row in table[1:]]
    if footer is not None:
        lines.append(footer)
    return "\n".join(lines)


_MARKUP_START = re.compile(r"<(?=[A-Za-z/!?])|&(?=#[0-9]+;|#[xX][0-9A-Fa-f]+;|[A-Za-z][A-Za-z0-9]*;)")


def _markdown_cell(text):
    """One cell's text for a Markdown table: ``|`` escaped, and a ``<`` or ``&`` that would start a tag or an entity."""
    return _MARKUP_START.sub(lambda found: "&lt;" if found.group() == "<" else "&amp;", text).replace("|", "\\|")


def markdown_table(header, rows, *, align=None):
    """The table in Markdown (GitHub's pipe tables), numbers aligned to the right.

    A ``|`` inside a cell is escaped as ``\\|``, and so is what Markdown would
    read as HTML: a ``<`` that starts a tag (before a letter, ``/``, ``!`` or
    ``?``) becomes ``&lt;``, and a ``&`` that starts an entity (``&amp;``,
    ``&#60;``) becomes ``&amp;``.  Text such as ``<=50K`` or ``a&b`` stays as
    it is written.

    >>> print(markdown_table(["word", "n"], [["a|b", "3"], ["<b> <=50K", "4"]]))
    | word | n |
    |---|---:|
    | a\\|b | 3 |
    | &lt;b> <=50K | 4 |
    """
    _check_rows(header, rows)
    align = _alignments(header, rows, align)

    def line(cells):
        return "| " + " | ".join(_markdown_cell(cell) for cell in cells) + " |"

    rule = "|" + "|".join("---" if letter == "l" else "---:" for letter in align) + "|"
    return "\n".join([line(header), rule] + [line(row) for row in rows])


# Inline styles only (no stylesheet, no script).  Each cell says its own
# alignment: the notebook's and the docs' style sheets align cells (Jupyter
# to the right, MkDocs to the left), and only a cell's own style beats them.
_ALIGN = {"l": ' style="text-align:left"', "r": ' style="text-align:right"'}
_MARKED_ROW = ' style="font-weight:bold"'


# At most this many cells go into one HTML table (a long table shows its first
# and last rows around a "more rows" line), so that a notebook holding the
# explanation of a long post stays small; print() still shows every row.
MAX_HTML_CELLS = 900
_TAIL_ROWS = 5


def html_table(header, rows, title=None, footer=None, marked_rows=(), *, align=None, marked_columns=()):
    """The table as one static HTML ``<table>``: a caption, a header row, the rows, a footer row.

    ``marked_rows`` (row indices) are shown in bold; the header cells of
    ``marked_columns`` (column indices) and the cells where a marked row
    meets a marked column are highlighted with ``<mark>``.  Every cell is
    escaped, so a word such as ``<b>`` shows as written.  A table of more
    than ``MAX_HTML_CELLS`` cells shows its first rows and its last five.

    >>> print(html_table(["word", "n"], [["<b>", "3"], ["tokyo", "1"]], marked_rows=[0]))
    <table>
    <thead><tr><th style="text-align:left">word</th><th style="text-align:right">n</th></tr></thead>
    <tbody>
    <tr style="font-weight:bold"><td style="text-align:left">&lt;b&gt;</td><td style="text-align:right">3</td></tr>
    <tr><td style="text-align:left">tokyo</td><td style="text-align:right">1</td></tr>
    </tbody>
    </table>
    """
    _check_rows(header, rows)
    align = _alignments(header, rows, align)
    marked_rows, marked_columns = set(marked_rows), set(marked_columns)

    def cell(tag, text, column, marked):
        style = _ALIGN[align[column]]
        text = html.escape(text)
        if marked:
            text = f"<mark>{text}</mark>"
        return f"<{tag}{style}>{text}</{tag}>"

    def row_line(number):
        marked = number in marked_rows
        cells = "".join(cell("td", text, i, marked and i in marked_columns) for i, text in enumerate(rows[number]))
        return f"<tr{_MARKED_ROW if marked else ''}>{cells}</tr>"

    def full_width(text):
        return f'<td colspan="{len(header)}" style="text-align:left">{html.escape(text)}</td>'

    lines = ["<table>"]
    if title is not None:
        lines.append(f'<caption style="text-align:left">{html.escape(title)}</caption>')
    head = "".join(cell("th", text, i, i in marked_columns) for i, text in enumerate(header))
    lines += [f"<thead><tr>{head}</tr></thead>", "<tbody>"]
    shown = max(MAX_HTML_CELLS // len(header), 2 * _TAIL_ROWS)
    if len(rows) <= shown:
        lines += [row_line(number) for number in range(len(rows))]
    else:
        head_rows, hidden = shown - _TAIL_ROWS, len(rows) - shown
        lines += [row_line(number) for number in range(head_rows)]
        lines.append(f"<tr>{full_width(f'⋮ {hidden} more rows (print() shows every row)')}</tr>")
        lines += [row_line(number) for number in range(len(rows) - _TAIL_ROWS, len(rows))]
    lines.append("</tbody>")
    if footer is not None:
        lines.append(f"<tfoot><tr>{full_width(footer)}</tr></tfoot>")
    lines.append("</table>")
    return "\n".join(lines)


class ShownAsTable:
    """What every table a student looks at shares: ``print``, the REPL and a notebook show the same table.

    A subclass (put first among the bases, before ``dict`` or ``list``, so that
    its ``__repr__`` wins) gives ``rows(...)``, the table as rows of strings
    with the header first, and ``align``, one letter per column.  Options
    given to ``to_text``, ``to_markdown`` or ``to_html`` go on to ``rows``.
    """

    align = None  # such as "lrr": left, right, right

    def to_text(self, *options, **named_options):
        header, *rows = self.rows(*options, **named_options)
        return text_table(header, rows, align=self.align)

    def to_markdown(self, *options, **named_options):
        header, *rows = self.rows(*options, **named_options)
        return markdown_table(header, rows, align=self.align)

    def to_html(self, *options, **named_options):
        header, *rows = self.rows(*options, **named_options)
        return html_table(header, rows, align=self.align)

    def __repr__(self):
        return self.to_text()

    __str__ = __repr__

    def _repr_html_(self):
        return self.to_html()

    def _repr_markdown_(self):
        return self.to_markdown()


class Score(Fraction):
    """An exact score (a ``Fraction``) that prints as four decimals, such as ``0.9830``.

    Comparisons and arithmetic are the Fraction's, exact (a sum of two scores
    is a plain ``Fraction``); ``score.exact`` or ``Fraction(score)`` gives the
    fraction itself, and ``float(score)`` the float.

    >>> score = Score(7, 10)
    >>> print(score)
    0.7000
    >>> score.exact, score + Fraction(1, 10), float(score)
    (Fraction(7, 10), Fraction(4, 5), 0.7)
    >>> f"{score:.1%}", f"{score}"
    ('70.0%', '0.7000')
    """

    __slots__ = ()

    @property
    def exact(self):
        """The score as a plain ``Fraction``: ``Score(1096, 1115).exact == Fraction(1096, 1115)``."""
        return Fraction(self.numerator, self.denominator)

    def __repr__(self):
        return f"{float(self):.4f}"

    __str__ = __repr__

    def __format__(self, spec):
        """``f"{score}"`` is ``str(score)``; a format such as ``.2f`` or ``.1%`` formats the float."""
        return str(self) if spec == "" else format(float(self), spec)
