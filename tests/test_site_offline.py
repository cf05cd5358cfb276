"""The built docs site works with no network: nothing a page loads comes from another server.

The formulas are rendered by MathJax 3.2.2, shipped with the site in
docs/javascripts/vendor/mathjax-3.2.2/ (see SOURCE.txt there), and the theme
loads no web font (``theme: {font: false}``).  These tests build the site the
way ``mkdocs build --strict`` does, into a temporary folder, and read every
page: no script, style sheet, image, font or frame may come from http(s):// or
a protocol-relative //, and no style sheet or script the pages load may pull
one in with ``url(...)`` or ``@import``.

One relaxation: the build here does not fail when a page is missing from the
nav, so a page being written while its nav entry waits does not hide an
offline problem.  ``mkdocs build --strict`` itself still fails on it.

If chromium is installed, one more test opens a few built pages in it with
the network cut off and checks that every formula was typeset and that the
pages logged no error; a chromium that crashes or hangs fails it.
"""

import hashlib
import html
import html.parser
import json
import re
import shutil
import subprocess
import sys
import tempfile
from importlib.util import find_spec
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MATHJAX = DOCS / "javascripts" / "vendor" / "mathjax-3.2.2"

pytestmark = pytest.mark.skipif(
    find_spec("mkdocs") is None or find_spec("material") is None,
    reason="could not import 'mkdocs': building the site needs mkdocs and mkdocs-material (pip install -e '.[docs]')",
)

BUILD = """
import json, logging, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config

config = load_config(config_file=sys.argv[1], site_dir=sys.argv[2], strict=True)
config["validation"]["nav"]["omitted_files"] = logging.INFO  # the nav is checked by a plain strict build
build(config)
print(json.dumps({"font": config["theme"]["font"], "extra_javascript": [str(p) for p in config["extra_javascript"]],
                  "extra_css": list(config["extra_css"])}))
"""

REMOTE = re.compile(r"^\s*(https?:)?//", re.IGNORECASE)
REMOTE_IN_CSS = re.compile(
    r"""(url\(\s*['"]?\s*(https?:)?//|@import\s+['"]?\s*(url\()?\s*['"]?\s*(https?:)?//)""", re.IGNORECASE
)

# Which attribute of which tag makes the browser fetch something.
LOADING_ATTRIBUTES = {
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "source": ("src", "srcset"),
    "iframe": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "video": ("src", "poster"),
    "audio": ("src",),
    "track": ("src",),
    "image": ("href", "xlink:href"),
    "use": ("href", "xlink:href"),
}


@pytest.fixture(scope="module")
def site():
    folder = Path(tempfile.mkdtemp(prefix="naivebayes-site-"))
    try:
        result = subprocess.run(
            [sys.executable, "-c", BUILD, str(ROOT / "mkdocs.yml"), str(folder / "site")],
            capture_output=True, text=True, cwd=folder, timeout=300,
        )
        assert result.returncode == 0, f"the docs did not build:\n{result.stderr[-3000:]}"
        settings = json.loads(result.stdout.strip().splitlines()[-1])
        yield folder / "site", settings
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class Loads(html.parser.HTMLParser):
    """Collects what a page makes the browser fetch: (tag, attribute, value), and inline CSS."""

    def __init__(self):
        super().__init__()
        self.fetched, self.css, self.in_style = [], [], False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in LOADING_ATTRIBUTES.get(tag, ()):
            if attrs.get(name):
                for value in attrs[name].split(",") if name == "srcset" else [attrs[name]]:
                    self.fetched.append((tag, name, value.strip().split(" ")[0]))
        if attrs.get("style"):
            self.css.append(attrs["style"])
        self.in_style = tag == "style"

    def handle_endtag(self, tag):
        self.in_style = False

    def handle_data(self, data):
        if self.in_style:
            self.css.append(data)


def pages(site_dir):
    return sorted(site_dir.rglob("*.html"))


def loads_of(page):
    parser = Loads()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def test_no_page_loads_anything_from_the_network(site):
    site_dir, _ = site
    problems = []
    for page in pages(site_dir):
        loads = loads_of(page)
        for tag, attribute, value in loads.fetched:
            if REMOTE.match(value):
                problems.append(f"{page.relative_to(site_dir)}: <{tag} {attribute}={value!r}>")
        for css in loads.css:
            remote = REMOTE_IN_CSS.search(css)
            if remote:
                problems.append(f"{page.relative_to(site_dir)}: inline CSS loads {remote.group(0)!r}")
    assert len(pages(site_dir)) > 20
    assert problems == []


def test_no_style_sheet_or_script_the_pages_load_pulls_in_a_remote_file(site):
    site_dir, _ = site
    loaded = set()
    for page in pages(site_dir):
        for tag, attribute, value in loads_of(page).fetched:
            if tag in ("script", "link") and not REMOTE.match(value) and not value.startswith("data:"):
                value = value.split("?")[0].split("#")[0]
                target = (site_dir / value.lstrip("/") if value.startswith("/") else page.parent / value).resolve()
                if target.suffix in (".css", ".js"):
                    loaded.add(target)
    names = {path.name for path in loaded}
    assert {"mathjax.js", "tex-svg.js", "extra.css"} <= names
    problems = []
    for path in sorted(loaded):
        assert path.is_file(), f"a page loads {path}, which the build did not make"
        match = REMOTE_IN_CSS.search(path.read_text(encoding="utf-8", errors="replace"))
        if match:
            problems.append(f"{path.relative_to(site_dir)}: {match.group(0)!r}")
    assert problems == []


def test_no_page_needs_what_the_theme_would_fetch_from_a_cdn(site):
    """mkdocs-material fetches mermaid.js from unpkg for a diagram, and web fonts unless font is false."""
    site_dir, settings = site
    assert settings["font"] is False
    for page in pages(site_dir):
        text = page.read_text(encoding="utf-8")
        assert 'class="mermaid"' not in text, f"{page}: a mermaid diagram would load mermaid.js from unpkg"
        assert "fonts.googleapis.com" not in text and "fonts.gstatic.com" not in text


def test_the_math_renderer_is_the_pinned_mathjax(site):
    site_dir, settings = site
    assert settings["extra_javascript"] == ["javascripts/mathjax.js", "javascripts/vendor/mathjax-3.2.2/es5/tex-svg.js"]
    assert (MATHJAX / "LICENSE").read_text(encoding="utf-8").lstrip().startswith("Apache License")
    recorded = dict(
        reversed(line.split("  ./", 1))
        for line in (MATHJAX / "SOURCE.txt").read_text(encoding="utf-8").splitlines()
        if re.match(r"^[0-9a-f]{64}  \./", line)
    )
    shipped = {path.relative_to(MATHJAX / "es5").as_posix(): path for path in (MATHJAX / "es5").rglob("*.js")}
    assert set(recorded) == set(shipped)
    for name, path in shipped.items():
        assert hashlib.sha256(path.read_bytes()).hexdigest() == recorded[name], f"{name} differs from MathJax 3.2.2"
    assert sum(path.stat().st_size for path in MATHJAX.rglob("*")) < 3_000_000
    gaussian = (site_dir / "gaussian.html").read_text(encoding="utf-8")
    config_at, renderer_at = gaussian.index("javascripts/mathjax.js"), gaussian.index("mathjax-3.2.2/es5/tex-svg.js")
    assert config_at < renderer_at  # the configuration first, then the renderer that reads it
    assert gaussian.count('class="arithmatex"') > 50


def test_doctest_blank_lines_are_blank_on_the_built_pages(site):
    site_dir, _ = site
    assert "<BLANKLINE>" in (DOCS / "datasets.md").read_text(encoding="utf-8")  # so the hook has work to do
    for page in pages(site_dir):
        assert "BLANKLINE" not in page.read_text(encoding="utf-8"), page


# Pages being written by others as this check arrived: their doctests are still ```python fences.
FENCES_STILL_TO_SWITCH = {"lectures.md", "why-naive.md", "discriminant-analysis.md", "tokenizing.md", "tfidf.md",
                          "metrics.md"}


def test_doctests_are_fenced_as_console_sessions():
    """```pycon colours only the >>> lines; ```python would colour the printed output as code."""
    problems = []
    for page in sorted(DOCS.glob("*.md")):
        if page.name in FENCES_STILL_TO_SWITCH:
            continue
        lines = page.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            fence = re.fullmatch(r"\s*```(\w+)\s*", line)
            if fence and number + 1 < len(lines) and lines[number + 1].lstrip().startswith(">>>"):
                if fence.group(1) != "pycon":
                    problems.append(f"{page.name}:{number + 1}: a doctest in a ```{fence.group(1)} fence")
    assert problems == []


def test_wide_code_scrolls_and_shell_commands_wrap():
    css = (DOCS / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    assert re.search(r"\.language-bash pre > code[^{]*\{[^}]*white-space:\s*pre-wrap", css, re.S)
    assert re.search(r"pre > code[^{]*\{[^}]*overflow-x:\s*auto", css, re.S)


# ---------------------------------------------------------------------------
# In a real browser with no network (skipped without chromium)
# ---------------------------------------------------------------------------

PROBE = """<script>
window.__problems = [];
window.addEventListener("error", function (e) {
  var t = e.target;
  window.__problems.push(t && (t.src || t.href) ? "failed to load " + (t.src || t.href) : "error: " + e.message);
}, true);
var __error = console.error;
console.error = function () { window.__problems.push("console.error: " + Array.prototype.join.call(arguments, " ")); __error.apply(console, arguments); };
function report() {
    var raw = [];
    document.querySelectorAll(".arithmatex").forEach(function (el) { if (!el.querySelector("mjx-container")) raw.push(el.textContent.slice(0, 60)); });
    var report = {formulas: document.querySelectorAll(".arithmatex").length, raw: raw,
                  errors: document.querySelectorAll("mjx-merror, [data-mjx-error]").length, problems: window.__problems,
                  remote: performance.getEntriesByType("resource").map(function (e) { return e.name; }).filter(function (n) { return !/^(file|data|blob):/.test(n); })};
    var out = document.createElement("pre"); out.id = "probe-report"; out.textContent = JSON.stringify(report); document.body.appendChild(out);
}
window.addEventListener("load", function () {
  if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
    MathJax.startup.promise.then(function () { return MathJax.typesetPromise(); }).then(report, report);
  } else {
    window.__problems.push("MathJax is not loaded");
    report();
  }
});
</script>"""


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


# Skipped only when chromium is not installed (and then --require-reference fails it: see conftest.py);
# once it is, a crash, a time-out or an empty page fails the test.
@pytest.mark.skipif(chromium() is None, reason="could not import 'chromium': the browser test needs Debian's chromium")
@pytest.mark.parametrize("page", ["gaussian", "notation", "missing-values"])
def test_formulas_render_in_a_browser_with_no_network(site, page, tmp_path):
    site_dir, _ = site
    path = site_dir / f"{page}.html"
    probe = path.with_name("probe.html")
    probe.write_text(path.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>", 1), encoding="utf-8")
    command = [
        chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}", "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
        "--host-resolver-rules=MAP * ~NOTFOUND", "--virtual-time-budget=20000", "--dump-dom", probe.as_uri(),
    ]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        pytest.fail(f"chromium did not run: {error}")
    assert "<html" in result.stdout, f"chromium gave no page (exit code {result.returncode}): {result.stderr[-500:]}"
    found = re.search(r'<pre id="probe-report">(.*?)</pre>', result.stdout, re.S)
    assert found, "the page never finished typesetting"
    report = json.loads(html.unescape(found.group(1)))
    assert report["formulas"] > 5
    assert report["raw"] == [] and report["errors"] == 0
    assert report["problems"] == [] and report["remote"] == []

