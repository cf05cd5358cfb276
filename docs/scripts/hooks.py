"""mkdocs hooks (mkdocs.yml: ``hooks:``): doctest output as Python prints it, and the API reference.

The API reference (docs/api.md) is written from the package at every build
by docs/scripts/api_reference.py: ``on_page_markdown`` puts it in place of
the page's marker, so the page cannot fall behind the code.

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


def on_page_content(html, page, config, files):
    """The page's HTML with every doctest ``<BLANKLINE>`` output line made empty."""
    return BLANKLINE_OUTPUT.sub(r"\1\2", html)


def on_page_markdown(markdown, page, config, files):
    """docs/api.md with its marker replaced by the reference written from the code; other pages as they are."""
    if page.file.src_uri == "api.md":
        return api_reference.fill(markdown)
    return markdown
