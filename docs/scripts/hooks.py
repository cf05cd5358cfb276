"""An mkdocs hook (mkdocs.yml: ``hooks:``) that shows doctest output as Python prints it.

A doctest cannot expect an empty line in printed output, so the examples on
the pages write it as ``<BLANKLINE>``.  The examples stay that way in the
Markdown (``pytest --doctest-glob='*.md'`` runs them), but a reader of the
built page should see what ``print`` shows: an empty line.  Pygments'
``pycon`` highlighter puts each line of output in its own
``<span class="go">``; this hook empties the ones that hold only the marker,
so the copy button copies the empty line too.  A ``<BLANKLINE>`` anywhere
else (in prose, or in a code block that is not doctest output) is left alone.
"""

import re

BLANKLINE_OUTPUT = re.compile(r'^(<span class="go">)&lt;BLANKLINE&gt;(</span>)$', re.MULTILINE)


def on_page_content(html, page, config, files):
    """The page's HTML with every doctest ``<BLANKLINE>`` output line made empty."""
    return BLANKLINE_OUTPUT.sub(r"\1\2", html)
