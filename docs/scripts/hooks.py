"""mkdocs hooks (mkdocs.yml: ``hooks:``): doctest output as Python prints it, and the API reference.

The API reference (docs/api.md) is written from the package at every build
by docs/scripts/api_reference.py: ``on_page_markdown`` puts it in place of
the page's marker, so the page cannot fall behind the code.

The notation page's tables have a column per lecture note beside the code's
names and these docs' symbols: eight columns, too many to read at 1280 px.
``on_page_content`` shows each as two tables, the code and these docs, then
the notes, each keeping the first column; the Markdown stays one table, so
whoever adds a row or a note edits one place.

A name in code inside a table cell (``GaussianDiscriminantAnalysis.covariance_matrices_[c]``)
is one long word that cannot wrap, and a few of them make a table wider than
the page.  ``on_page_content`` puts an invisible break opportunity (``<wbr>``)
after each ".", "_", "/", "(", "," and "=" of such a name, so the browser may
wrap it there when the table needs the room, and only then; what is copied
stays the same text.

The doctest output:

A doctest cannot expect an empty line in printed output, so the examples on
the pages write it as ``<BLANKLINE>``.  The examples stay that way in the
Markdown (``pytest --doctest-glob='*.md'`` runs them), but a reader of the
built page should see what ``print`` shows: an empty line.  Pygments'
``pycon`` highlighter puts each line of output in its own
``<span class="go">``; this hook empties the ones that hold only the marker,
so the copy button copies the empty line too.  A ``<BLANKLINE>`` anywhere
else (in prose, or in a code block that is not doctest output) is left alone.
"""

import importlib.util
import re
from pathlib import Path

_SPEC = importlib.util.spec_from_file_location("api_reference", Path(__file__).with_name("api_reference.py"))
api_reference = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(api_reference)

BLANKLINE_OUTPUT = re.compile(r'^(<span class="go">)&lt;BLANKLINE&gt;(</span>)$', re.MULTILINE)


TABLE_CODE = re.compile(r"(<t[hd][^>]*>)(.*?)(</t[hd]>)", re.S)
INLINE_CODE = re.compile(r"<code>([^<]*)</code>")
BREAK_AFTER = re.compile(r"([._/(,=])(?=[^\s])")


def breakable_table_code(html):
    """Inline code in table cells with a <wbr> after each . _ / ( , = so that long names can wrap there."""
    def in_cell(match):
        start, body, end = match.groups()
        return start + INLINE_CODE.sub(lambda code: "<code>" + BREAK_AFTER.sub(r"\1<wbr>", code.group(1)) + "</code>",
                                       body) + end
    return TABLE.sub(lambda table: "<table>" + TABLE_CODE.sub(in_cell, table.group(1)) + "</table>", html)


def on_page_content(html, page, config, files):
    """The page's HTML with every doctest ``<BLANKLINE>`` output line made empty, and wide tables split."""
    html = BLANKLINE_OUTPUT.sub(r"\1\2", html)
    html = breakable_table_code(html)
    if page.file.src_uri in SPLIT_PAGES:
        html = split_wide_tables(html, SPLIT_PAGES[page.file.src_uri])
    return html


def on_page_markdown(markdown, page, config, files):
    """docs/api.md with its marker replaced by the reference written from the code; other pages as they are."""
    if page.file.src_uri == "api.md":
        return api_reference.fill(markdown)
    return markdown


# The notation page: "quantity | code | these docs | <one column per note>".
SPLIT_PAGES = {"notation.md": 3}  # page -> how many leading columns the first table keeps
TABLE = re.compile(r"<table>(.*?)</table>", re.S)
ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
CELL = re.compile(r"<(t[hd])([^>]*)>(.*?)</\1>", re.S)


def split_table(table_html, keep):
    """One <table> as two: columns [0, keep) and then column 0 with columns [keep, ...)."""
    parts = ([], [])
    for row in ROW.findall(table_html):
        cells = CELL.findall(row)
        if len(cells) <= keep + 1:
            return None  # not a wide table: leave it alone
        for part, chosen in zip(parts, (cells[:keep], cells[:1] + cells[keep:])):
            part.append("<tr>" + "".join(f"<{tag}{attrs}>{text}</{tag}>" for tag, attrs, text in chosen) + "</tr>")
    tables = []
    for rows in parts:
        head, body = rows[0], rows[1:]
        tables.append(f"<table>\n<thead>\n{head}\n</thead>\n<tbody>\n" + "\n".join(body) + "\n</tbody>\n</table>")
    return "\n".join(tables)


def split_wide_tables(html, keep):
    """Every table of more than keep + 1 columns, shown as two narrower ones."""
    def replace(match):
        split = split_table(match.group(1), keep)
        return split if split is not None else match.group(0)
    return TABLE.sub(replace, html)
