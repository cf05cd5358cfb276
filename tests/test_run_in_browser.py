"""The docs' Run buttons: every doctest example runs in the reader's browser, offline, with this checkout's library.

What is checked (docs/run-in-browser.md says it for readers; the hook is
docs/scripts/run_in_browser.py, the page side docs/javascripts/run-in-browser.js):

* the wheel the build writes holds every file of the package and imports;
* without the runtime the build stops and says what to run, and a build
  without it on purpose (NAIVEBAYES_DOCS_WITHOUT_RUNTIME=1) gives pages that
  differ from the full build's only by the two tags that load the Run buttons:
  the static examples and their output stay on the page;
* the site ships the pinned runtime (checked file by file), its licence and
  the wheel, and states its version, licence and size;
* in Debian's chromium with the network cut off, over the site served from
  127.0.0.1: Run on the China example (docs/multinomial.md) prints what its
  doctest expects, a later example on the page shares its variables, an
  edited example runs as edited, and a picture example (docs/gallery.md)
  draws an inline SVG; the boot time and the first run's are printed
  (``-s`` shows them);
* opened from disk, Run says that running needs the served site;
* with NAIVEBAYES_BROWSER_EVERY_EXAMPLE=1, every example of every page runs
  in the browser and prints what its doctest expects (290 examples on 34
  pages, 10 minutes on 2 busy cores: too long for every CI run), but for the
  differences between Python versions listed in KNOWN_DIFFERENCES.

The browser is tests/test_site_browser.py's (chromium over its DevTools
pipe).  The browser tests skip, saying "could not import 'chromium'", without
chromium, and the runtime tests, saying "could not import 'pyodide'", when
docs/scripts/get_pyodide.py has not fetched the runtime; --require-reference
turns both skips into failures (conftest.py).  Once they run, a crash or a
time-out fails them.
"""

import doctest
import functools
import hashlib
import http.server
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import textwrap
import threading
import time
import zipfile
from importlib.util import find_spec
from pathlib import Path

import pytest

from test_site_browser import Browser, chromium_path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _load(name):
    spec = importlib.util.spec_from_file_location(name, DOCS / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


get_pyodide = _load("get_pyodide")
VERSION = get_pyodide.VERSION
VENDOR = f"javascripts/vendor/pyodide-{VERSION}"

needs_mkdocs = pytest.mark.skipif(
    find_spec("mkdocs") is None or find_spec("material") is None,
    reason="could not import 'mkdocs': building the site needs mkdocs and mkdocs-material (pip install -e '.[docs]')",
)
needs_runtime = pytest.mark.skipif(
    not get_pyodide.runtime_is_present(),
    reason=f"could not import 'pyodide': the Run buttons need the Pyodide {VERSION} runtime; "
           f"fetch it with {get_pyodide.COMMAND}",
)
needs_chromium = pytest.mark.skipif(
    chromium_path() is None,
    reason="could not import 'chromium': the browser checks need Debian's chromium (apt-get install chromium)",
)

BUILD = """
import logging, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
config = load_config(config_file=sys.argv[1], site_dir=sys.argv[2], strict=True)
config["validation"]["nav"]["omitted_files"] = logging.INFO  # the nav is checked by a plain strict build
build(config)
"""


def build_site(folder, checkout=ROOT, **environment):
    env = {key: value for key, value in os.environ.items()
           if key not in ("NAIVEBAYES_DOCS_WITHOUT_RUNTIME", "NAIVEBAYES_PYODIDE_DIR")}
    env.update({"NAIVEBAYES_PYODIDE_DIR": str(get_pyodide.RUNTIME)}, **environment)
    return subprocess.run([sys.executable, "-c", BUILD, str(checkout / "mkdocs.yml"), str(folder)],
                          capture_output=True, text=True, timeout=600, env=env)


@pytest.fixture(scope="module")
def checkout(tmp_path_factory):
    """A copy of the work tree to build from: others may edit a page while these tests run."""
    copy = tmp_path_factory.mktemp("checkout") / "naivebayes"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
        ".git", ".venv", ".pyodide", "site", "__pycache__", "*.egg-info", ".pytest_cache", "build", "dist"))
    return copy


# ---------------------------------------------------------------------------
# The wheel
# ---------------------------------------------------------------------------

def test_the_wheel_holds_every_file_of_the_package_and_imports(tmp_path):
    pytest.importorskip("mkdocs", reason="could not import 'mkdocs': the hook imports it (pip install -e '.[docs]')")
    hook = _load("run_in_browser")
    data = hook.build_wheel()
    assert data == hook.build_wheel()  # the same bytes for the same files
    wheel_path = tmp_path / hook.wheel_name()
    wheel_path.write_bytes(data)
    with zipfile.ZipFile(wheel_path) as wheel:
        names = set(wheel.namelist())
        wheel.extractall(tmp_path / "site-packages")
    expected = {path.relative_to(ROOT).as_posix() for path in hook.package_files()}
    assert {"naivebayes/__init__.py", "naivebayes/datasets/data/spam.tsv"} <= expected
    dist_info = hook.wheel_name()[: -len("-py3-none-any.whl")] + ".dist-info"
    assert names == expected | {f"{dist_info}/{name}" for name in ("METADATA", "WHEEL", "RECORD")}
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)
    record = (tmp_path / "site-packages" / dist_info / "RECORD").read_text(encoding="utf-8")
    assert len(record.splitlines()) == len(names)
    check = ("import naivebayes; from naivebayes.datasets import load_china; from naivebayes import MultinomialNB; "
             "d, l, t = load_china(); print(naivebayes.__file__); print(MultinomialNB().fit(d, l).predict([t]))")
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(tmp_path / "site-packages")},
                            cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [str(tmp_path / "site-packages" / "naivebayes" / "__init__.py"), "['china']"]


# ---------------------------------------------------------------------------
# The build, with and without the runtime
# ---------------------------------------------------------------------------

@needs_mkdocs
def test_without_the_runtime_the_build_stops_and_says_what_to_run(tmp_path):
    empty = tmp_path / "no-runtime"
    empty.mkdir()
    env = {key: value for key, value in os.environ.items() if key != "NAIVEBAYES_DOCS_WITHOUT_RUNTIME"}
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
                             "-d", str(tmp_path / "site")], capture_output=True, text=True, timeout=600,
                            env={**env, "NAIVEBAYES_PYODIDE_DIR": str(empty)})
    assert result.returncode != 0
    assert f"Pyodide {VERSION}" in result.stderr and get_pyodide.COMMAND in result.stderr
    assert "NAIVEBAYES_DOCS_WITHOUT_RUNTIME=1" in result.stderr
    assert not (tmp_path / "site" / "index.html").exists()


# The pages' Markdown as the site was built from it (others may edit a page while the browser tests run).
MARKDOWN = {}


@pytest.fixture(scope="module")
def site(tmp_path_factory, checkout):
    folder = tmp_path_factory.mktemp("site-with-runtime") / "site"
    MARKDOWN.update({page.name: page.read_text(encoding="utf-8") for page in (checkout / "docs").glob("*.md")})
    result = build_site(folder, checkout)
    assert result.returncode == 0, f"the docs did not build:\n{result.stderr[-3000:]}"
    return folder


@pytest.fixture(scope="module")
def site_without_runtime(tmp_path_factory, checkout):
    empty = tmp_path_factory.mktemp("no-runtime")
    folder = tmp_path_factory.mktemp("site-without-runtime") / "site"
    result = build_site(folder, checkout, NAIVEBAYES_PYODIDE_DIR=str(empty), NAIVEBAYES_DOCS_WITHOUT_RUNTIME="1")
    assert result.returncode == 0, f"the docs did not build:\n{result.stderr[-3000:]}"
    return folder


RUN_TAGS = re.compile(r'<link rel="stylesheet" href="[^"]*stylesheets/run-in-browser\.css">\n'
                      r'|<script src="[^"]*javascripts/run-in-browser\.js"[^>]*></script>\n')


def markdown_with_examples():
    pages = MARKDOWN or {page.name: page.read_text(encoding="utf-8") for page in DOCS.glob("*.md")}
    return {name for name, text in pages.items() if re.search(r"^[ \t]*>>>( |$)", text, re.M)}


@needs_mkdocs
@needs_runtime
def test_pages_with_examples_load_the_run_buttons_and_are_otherwise_unchanged(site, site_without_runtime):
    with_examples = {name[:-3] + ".html" for name in markdown_with_examples()}
    assert {"multinomial.html", "gallery.html", "index.html", "run-in-browser.html"} <= with_examples
    pages = sorted(path.name for path in site.glob("*.html"))
    assert pages == sorted(path.name for path in site_without_runtime.glob("*.html"))
    for name in pages:
        full = (site / name).read_text(encoding="utf-8")
        plain = (site_without_runtime / name).read_text(encoding="utf-8")
        assert "run-in-browser.js" not in plain and "run-in-browser.css" not in plain
        tags = RUN_TAGS.findall(full)
        if name in with_examples:
            assert len(tags) == 2, name
            assert f'data-pyodide="{VENDOR}/"' in full
        else:
            assert tags == [], name
        # (the API page shows some defaults as Python prints them, with a memory address that differs by build)
        address = re.compile(r"0x[0-9a-f]{6,}")
        assert address.sub("0x", RUN_TAGS.sub("", full)) == address.sub("0x", plain), \
            f"{name} differs from the build without Run buttons"
    assert not (site_without_runtime / VENDOR / "pyodide.asm.wasm").exists()


@needs_mkdocs
@needs_runtime
def test_the_site_ships_the_pinned_runtime_its_licences_and_the_wheel(site):
    hook_source = (DOCS / VENDOR / "SOURCE.txt").read_text(encoding="utf-8")
    recorded = dict(reversed(line.split("  ")) for line in hook_source.splitlines() if re.match(r"^[0-9a-f]{64}  ", line))
    assert set(recorded) == set(get_pyodide.CORE_FILES)
    for name in get_pyodide.CORE_FILES:
        assert hashlib.sha256((site / VENDOR / name).read_bytes()).hexdigest() == recorded[name], name
    assert get_pyodide.INTEGRITY in hook_source
    assert (site / VENDOR / "LICENSE").read_text(encoding="utf-8").startswith("Mozilla Public License Version 2.0")
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in (site / VENDOR / "LICENSE-CPython.txt").read_text(encoding="utf-8")
    wheels = list((site / "javascripts").glob("naivebayes-*-py3-none-any.whl"))
    assert len(wheels) == 1
    with zipfile.ZipFile(wheels[0]) as wheel:
        assert "naivebayes/naive_bayes/multinomial.py" in wheel.namelist()

    # What the page says: the version, the licences and the sizes, as built.
    page = (DOCS / "run-in-browser.md").read_text(encoding="utf-8")
    assert f"**{VERSION}**" in page and "Mozilla Public License 2.0" in page and "Python Software Foundation" in page
    runtime = sum((site / VENDOR / name).stat().st_size for name in get_pyodide.CORE_FILES) / 1e6
    total = sum(path.stat().st_size for path in site.rglob("*") if path.is_file()) / 1e6
    stated = re.search(r"\| the runtime: .*\| ([\d.]+) MB \|", page)
    assert stated and abs(float(stated.group(1)) - runtime) < 0.1, (stated and stated.group(1), runtime)
    stated_wheel = float(re.search(r"\| the library's wheel \| ([\d.]+) MB \|", page).group(1))
    assert abs(stated_wheel - wheels[0].stat().st_size / 1e6) < 0.15
    stated_total = float(re.search(r"\| the whole site, runtime included \| about ([\d.]+) MB \|", page).group(1))
    assert abs(stated_total - total) / total < 0.25, (stated_total, total)  # the site grows as pages are written


# ---------------------------------------------------------------------------
# In chromium, with the network cut off
# ---------------------------------------------------------------------------

FENCE = re.compile(r"^([ \t]*)```[ \t]*(?:pycon|python|py)[ \t]*\n(.*?)^\1```", re.M | re.S)


def doctest_blocks(page):
    """The examples of each doctest session (a fenced block that starts with >>>) of docs/<page>, in order."""
    text = MARKDOWN.get(page) or (DOCS / page).read_text(encoding="utf-8")
    parser, blocks = doctest.DocTestParser(), []
    for indent, body in FENCE.findall(text):
        body = textwrap.dedent(body)
        if body.lstrip().startswith(">>>"):
            blocks.append(parser.get_examples(body))
    return blocks


def expected_output(examples):
    return "".join(example.want for example in examples).replace("<BLANKLINE>", "")


def same_text(shown, expected):
    """Equal as the doctests compare (NORMALIZE_WHITESPACE, pyproject.toml)."""
    return " ".join(shown.split()) == " ".join(expected.split())


def as_doctest_would_pass(shown, examples):
    """Whether a block's output is what its doctests expect, with the flags the doctests use
    (NORMALIZE_WHITESPACE, and a block's own ELLIPSIS); an expected exception matches Python's traceback,
    whose frames the doctest leaves out."""
    expected, flags = [], doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    for example in examples:
        if example.exc_msg is not None:
            expected.append("Traceback (most recent call last):\n..." + example.exc_msg)
        else:
            expected.append(example.want)
    return doctest.OutputChecker().check_output("".join(expected).replace("<BLANKLINE>", ""), shown, flags)


# Click Run on example ``index`` and wait for its end: what it showed and what the page recorded.
RUN = """
new Promise((resolve) => {
  const bars = document.querySelectorAll(".nb-run-bar");
  const bar = bars[%(index)d], button = bar.querySelector(".nb-run-button"), status = bar.querySelector(".nb-run-status");
  const runs = window.__runInBrowser.runs.length;
  %(before)s
  button.click();
  const started = performance.now();
  const poll = () => {
    const record = window.__runInBrowser;
    const done = record.runs.length > runs || /^(Could not|Running needs)/.test(status.textContent);
    if (!done && performance.now() - started < %(timeout)d) return setTimeout(poll, 50);
    const output = bar.nextElementSibling && bar.nextElementSibling.classList.contains("nb-run-output") ? bar.nextElementSibling : null;
    resolve({record: record, status: status.textContent, done: done,
             text: output ? [...output.querySelectorAll(".nb-run-text")].map((p) => p.textContent).join("") : null,
             svgs: output ? output.querySelectorAll(".nb-run-picture > svg").length : 0,
             error: output ? output.classList.contains("nb-run-output--error") : null,
             editor: bar.previousElementSibling.tagName === "TEXTAREA" ? bar.previousElementSibling.value : null,
             remote: performance.getEntriesByType("resource").map((e) => e.name).filter((n) => !n.startsWith(location.origin))});
  };
  poll();
})
"""


def run_example(tab, index, before="", timeout=120):
    return tab.evaluate(RUN % {"index": index, "before": before, "timeout": timeout * 1000})


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


@pytest.fixture(scope="module")
def served(site):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser():
    with Browser(timeout=180) as running:  # offline: a dead proxy, and no name resolves but 127.0.0.1
        yield running


@needs_mkdocs
@needs_runtime
@needs_chromium
def test_run_the_china_example_offline_as_its_doctest_prints_it(site, served, browser):
    blocks = doctest_blocks("multinomial.md")
    tab = browser.open(1280, 900)
    started = time.monotonic()
    tab.go(served + "multinomial.html")
    assert tab.evaluate("window.__runInBrowser.examples") == len(blocks)
    assert tab.evaluate("document.querySelectorAll('.highlight').length") >= len(blocks)

    first = run_example(tab, 0)
    assert first["done"], first["status"]
    record = first["record"]
    print(f"\nPyodide {VERSION} in chromium, served from 127.0.0.1 with no network: boot {record['bootMs'] / 1000:.2f} s, "
          f"first run (the China example, importing the library) {record['runs'][0]['ms'] / 1000:.2f} s; "
          f"click to output {time.monotonic() - started:.1f} s")
    assert "load_china()" in first["editor"] and ">>>" not in first["editor"]
    assert first["error"] is False, first["text"]
    assert same_text(first["text"], expected_output(blocks[0])), first["text"]
    assert "Fraction(4782969, 6934265)" in first["text"]
    assert first["remote"] == []

    # A later example uses the names of those above it: they run first, once, in the same Python.
    last = len(blocks) - 1
    later = run_example(tab, last)
    assert later["done"] and later["error"] is False, (later["status"], later["text"])
    assert same_text(later["text"], expected_output(blocks[last])), later["text"]
    assert later["record"]["runs"][-1]["before"] == last - 1
    print(f"the page's last example: {later['record']['runs'][-1]['ms'] / 1000:.2f} s for itself, once the "
          f"{last - 1} examples between ran first")

    # Edited, it runs as edited.
    edit = ("const box = bar.previousElementSibling;"
            "box.value = box.value.replace('model = MultinomialNB()', 'model = MultinomialNB(alpha=0.5)');")
    edited = run_example(tab, 0, before=edit)
    assert edited["error"] is False and "MultinomialNB(alpha=0.5)" in edited["text"]
    assert "Fraction(4782969, 6934265)" not in edited["text"]
    assert edited["remote"] == []
    tab.close()


@needs_mkdocs
@needs_runtime
@needs_chromium
def test_a_picture_example_draws_an_inline_svg(site, served, browser):
    blocks = doctest_blocks("gallery.md")
    tab = browser.open(1280, 900)
    tab.go(served + "gallery.html")
    first = run_example(tab, 0)
    assert first["done"] and first["error"] is False, (first["status"], first["text"])
    assert same_text(first["text"], expected_output(blocks[0])), first["text"]
    assert first["svgs"] == 1  # `picture` shows its repr, as the doctest expects, and the picture
    regions = run_example(tab, 1)  # uses X_train and y_train from the first example
    assert regions["error"] is False and same_text(regions["text"], expected_output(blocks[1]))
    assert regions["svgs"] == 1
    svg = tab.evaluate("document.querySelectorAll('.nb-run-output')[1].querySelector('svg').outerHTML")
    assert svg.startswith("<svg") and svg.count("<path") + svg.count("<rect") + svg.count("<polygon") > 10
    box = tab.evaluate("(() => { const r = document.querySelectorAll('.nb-run-picture svg')[1].getBoundingClientRect();"
                       " return [r.width, r.height]; })()")
    assert box[0] > 200 and box[1] > 150  # drawn at a readable size
    print(f"\ngallery: boot {first['record']['bootMs'] / 1000:.2f} s, first run {first['record']['runs'][0]['ms'] / 1000:.2f} s")
    assert regions["remote"] == []
    tab.close()


@needs_mkdocs
@needs_runtime
@needs_chromium
def test_opened_from_disk_run_says_it_needs_the_served_site(site, browser):
    tab = browser.open(390, 844)
    tab.go((site / "multinomial.html").as_uri())
    answer = run_example(tab, 0, timeout=20)
    assert answer["status"].startswith("Running needs the site served over HTTP")
    assert "python3 -m http.server" in answer["status"]
    assert answer["text"] is None and answer["record"]["bootMs"] is None
    # The static example is still there, and nothing scrolls sideways on a phone.
    assert tab.evaluate("getComputedStyle(document.querySelector('.language-pycon.highlight')).display") != "none"
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    tab.close()


@needs_mkdocs
@needs_runtime
@needs_chromium
def test_with_scripts_off_the_examples_read_as_before(site, browser):
    tab = browser.open(1280, 900)
    browser.send("Emulation.setScriptExecutionDisabled", {"value": True}, tab.session)
    tab.browser._events = []
    browser.send("Page.navigate", {"url": (site / "multinomial.html").as_uri()}, tab.session)
    browser.wait_for("Page.loadEventFired", tab.session)
    browser.send("Emulation.setScriptExecutionDisabled", {"value": False}, tab.session)  # to measure, not to run the page
    found = tab.evaluate("[document.querySelectorAll('.nb-run-bar').length,"
                         " document.querySelector('.language-pycon code').textContent.includes('Fraction(4782969, 6934265)')]")
    assert found == [0, True]
    tab.close()


# Where the browser's Python (3.13) prints something else than the doctests' (the Python running pytest):
# (page, example number from 1) -> why.  The test fails if one of these comes out as the doctest again.
KNOWN_DIFFERENCES = {}  # none: the Data sets page adds its floats in a loop, the same on every version


@needs_mkdocs
@needs_runtime
@needs_chromium
@pytest.mark.skipif(os.environ.get("NAIVEBAYES_BROWSER_EVERY_EXAMPLE") != "1",
                    reason="every example of every page in the browser: 10 minutes on 2 busy cores, so only with "
                           "NAIVEBAYES_BROWSER_EVERY_EXAMPLE=1")
def test_every_example_on_every_page_runs_in_the_browser_as_its_doctest_says(site, served, browser):
    problems, count = [], 0
    for page in sorted(markdown_with_examples()):
        blocks = doctest_blocks(page)
        tab = browser.open(1280, 900)
        tab.go(served + page.replace(".md", ".html"))
        assert tab.evaluate("window.__runInBrowser.examples") == len(blocks), page
        for index, examples in enumerate(blocks):
            answer = run_example(tab, index, timeout=300)
            assert answer["done"], f"{page} example {index + 1}: {answer['status']}"
            count += 1
            passes = as_doctest_would_pass(answer["text"] or "", examples)
            if passes == ((page, index + 1) in KNOWN_DIFFERENCES):
                problems.append(f"{page} example {index + 1}: {(answer['text'] or '')[-400:]}")
            assert answer["remote"] == []
        tab.close()
    print(f"\n{count} examples run in the browser")
    assert count > 200
    assert problems == []
