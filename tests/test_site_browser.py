"""The built site as a reader sees it, in a headless chromium: opened from disk and served.

What is checked, on every page of a fresh ``mkdocs build``:

* every internal link lands on a page file, never on a folder (opened from
  disk, a folder shows a listing: hence ``use_directory_urls: false``);
* no page scrolls sideways at 390 px, a phone's width (a wide table or
  formula scrolls inside its own box);
* no table hides columns at 1280 px;
* served over HTTP from 127.0.0.1, every page and every file it links to loads.

The link check needs no browser.  The others need Debian's ``chromium``: they
skip, saying "could not import 'chromium'", when it is not installed (and then
``--require-reference`` turns the skip into a failure, see conftest.py); once
chromium is there, a crash or a time-out fails the test.

The browser is driven over its DevTools pipe, with the standard library only.

Why this and not Playwright or Selenium: both are a new dependency that ships
(or downloads) its own driver, while Debian's ``chromium`` already speaks the
DevTools protocol.  ``--remote-debugging-pipe`` makes chromium read commands
from its file descriptor 3 and write answers to 4, one JSON message per
NUL-terminated line, so a page can be loaded at a given width, measured with
a line of JavaScript and photographed, with ``subprocess`` and ``json``.

Used by tests/test_site_browser.py, and by hand to look at pages:

    .venv/bin/python tests/site_browser.py /tmp/site-18 /tmp/shots 390 1280

Every failure here (chromium missing its answer, crashing, timing out) is an
exception: the tests let it fail them, they never turn it into a skip.
"""

import base64
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def chromium_path():
    """The chromium executable on the PATH, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


class BrowserError(RuntimeError):
    """Chromium did not answer as the DevTools protocol says: crashed, hung or refused."""


class Browser:
    """One headless chromium; ``open`` gives a tab of a given width.  Use as a context manager."""

    def __init__(self, executable=None, timeout=60, offline=True):
        executable = executable or chromium_path()
        if executable is None:
            raise BrowserError("no chromium on the PATH (Debian: apt-get install chromium)")
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="naivebayes-chromium-")
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()
        arguments = [
            executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", f"--user-data-dir={self.profile}", "--remote-debugging-pipe",
        ]
        if offline:  # nothing but this machine: a remote request fails instead of hanging
            arguments += ["--proxy-server=127.0.0.1:9",  # loopback bypasses it: the served test uses 127.0.0.1
                          "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
        arguments.append("about:blank")

        def pipes_on_3_and_4():  # in the child, before exec
            read_end, write_end = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        self.process = subprocess.Popen(
            arguments, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            preexec_fn=pipes_on_3_and_4, close_fds=False,  # closing would close 3 and 4 after the hook
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self._events = []

    # -- the protocol ---------------------------------------------------------

    def send(self, method, params=None, session=None):
        """Send one command and wait for its answer; raise BrowserError on an error or a time-out."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self._events.append(answer)

    def wait_for(self, method, session, timeout=None):
        """Wait for the event ``method`` of ``session`` (one already received counts)."""
        for index, event in enumerate(self._events):
            if event.get("method") == method and event.get("sessionId") == session:
                return self._events.pop(index)
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            event = self._read(deadline)
            if event.get("method") == method and event.get("sessionId") == session:
                return event
            self._events.append(event)

    def _read(self, deadline=None):
        deadline = deadline or time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError(f"chromium gave no answer within {self.timeout} s")
            ready, _, _ = select.select([self._from_browser], [], [], left)
            if ready:
                chunk = os.read(self._from_browser, 1 << 20)
                if not chunk:
                    error = self.process.stderr.read().decode(errors="replace")[-1500:] if self.process.poll() is not None else ""
                    raise BrowserError(f"chromium closed its pipe (exit code {self.process.poll()}): {error}")
                self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    # -- pages ----------------------------------------------------------------

    def open(self, width, height=900):
        """A new tab whose window is ``width`` CSS pixels wide: a Tab."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable", session=session)
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}, session)
        return Tab(self, session, target)

    def close(self):
        try:
            self.process.terminate()
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
        for fd in (self._to_browser, self._from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Tab:
    """One tab: ``go`` to a URL, ``evaluate`` JavaScript, take a ``screenshot``."""

    def __init__(self, browser, session, target):
        self.browser, self.session, self.target = browser, session, target

    def go(self, url, settle=0.3):
        """Load ``url`` and wait for its load event (and MathJax, when the page has it)."""
        self.browser._events = [e for e in self.browser._events if e.get("sessionId") != self.session]
        answer = self.browser.send("Page.navigate", {"url": url}, self.session)
        if answer.get("errorText"):
            raise BrowserError(f"{url}: {answer['errorText']}")
        self.browser.wait_for("Page.loadEventFired", self.session)
        self.evaluate("window.MathJax && MathJax.startup && MathJax.startup.promise "
                      "? MathJax.startup.promise.then(() => MathJax.typesetPromise()).then(() => true) : true")
        time.sleep(settle)

    def evaluate(self, expression):
        """The value of a JavaScript expression (a promise is awaited), as JSON turns it into Python."""
        answer = self.browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                        "awaitPromise": True}, self.session)
        if "exceptionDetails" in answer:
            raise BrowserError(f"the page's JavaScript failed: {answer['exceptionDetails'].get('text')}"
                               f" {answer['exceptionDetails'].get('exception', {}).get('description', '')}")
        return answer["result"].get("value")

    def screenshot(self, path, full_page=True):
        """Save a PNG of the page (the whole page when ``full_page``, up to 6,000 pixels tall)."""
        params = {"format": "png"}
        if full_page:
            width, height = self.evaluate("[document.documentElement.clientWidth,"
                                          " Math.min(document.documentElement.scrollHeight, 6000)]")
            params.update(captureBeyondViewport=True, clip={"x": 0, "y": 0, "width": width, "height": height,
                                                            "scale": 1})
        data = self.browser.send("Page.captureScreenshot", params, self.session)["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def close(self):
        self.browser.send("Target.closeTarget", {"targetId": self.target})


# What a reader would notice, measured in the page.
MEASURE = r"""
(() => {
  const root = document.documentElement;
  const width = root.clientWidth;
  const scrolls = (el) => { for (let e = el.parentElement; e; e = e.parentElement) {
      const s = getComputedStyle(e).overflowX; if ((s === "auto" || s === "scroll" || s === "hidden") && e !== document.body && e !== root) return true; }
    return false; };
  const sticking = [];
  document.querySelectorAll(".md-content *").forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > width + 1 && !scrolls(el) && sticking.length < 5)
      sticking.push(el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : "") + " " + (el.textContent || "").trim().slice(0, 40));
  });
  const tables = [];
  document.querySelectorAll(".md-typeset table").forEach((table, i) => {
    const box = table.closest(".md-typeset__scrollwrap") || table.parentElement;
    const hidden = table.scrollWidth - box.clientWidth;
    if (hidden > 1) tables.push({table: i, header: (table.querySelector("th") || table).textContent.trim().slice(0, 30),
                                 hidden: hidden, width: table.scrollWidth, box: box.clientWidth});
  });
  const folders = [...document.querySelectorAll("a[href]")].map((a) => a.href)
    .filter((h) => h.startsWith(location.protocol) && !h.includes("#") && h.endsWith("/"));
  return {width: width, scrollWidth: root.scrollWidth, sticking: sticking, tables: tables,
          folders: [...new Set(folders)], images: [...document.images].filter((i) => !i.complete || !i.naturalWidth).map((i) => i.src),
          raw_math: [...document.querySelectorAll(".arithmatex")].filter((e) => !e.querySelector("mjx-container")).length};
})()
"""


def look(site, out, widths):
    """Screenshot and measure every page of a built site at each width; print what a reader would notice."""
    site, out = Path(site), Path(out)
    out.mkdir(parents=True, exist_ok=True)
    pages = sorted(p for p in site.glob("*.html") if p.name != "404.html")
    with Browser() as browser:
        for width in widths:
            tab = browser.open(width)
            for page in pages:
                tab.go(page.as_uri())
                found = tab.evaluate(MEASURE)
                tab.screenshot(out / f"{page.stem}-{width}.png")
                notes = []
                if found["scrollWidth"] > found["width"]:
                    notes.append(f"scrolls sideways by {found['scrollWidth'] - found['width']} px {found['sticking']}")
                if found["tables"]:
                    notes.append(f"tables cut: {found['tables']}")
                for key in ("folders", "images"):
                    if found[key]:
                        notes.append(f"{key}: {found[key][:3]}")
                if found["raw_math"]:
                    notes.append(f"raw math: {found['raw_math']}")
                print(f"{width:5} {page.name:28} {'; '.join(notes) or 'ok'}")


# ---------------------------------------------------------------------------
# The tests
# ---------------------------------------------------------------------------

if __name__ != "__main__":
    import functools
    import html.parser
    import http.server
    import threading
    import urllib.parse
    import urllib.request
    from importlib.util import find_spec

    import pytest

    ROOT = Path(__file__).resolve().parent.parent

    pytestmark = pytest.mark.skipif(
        find_spec("mkdocs") is None or find_spec("material") is None,
        reason="could not import 'mkdocs': building the site needs mkdocs and mkdocs-material (pip install -e '.[docs]')",
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

    @pytest.fixture(scope="module")
    def site(tmp_path_factory):
        folder = tmp_path_factory.mktemp("site") / "site"
        result = subprocess.run([sys.executable, "-c", BUILD, str(ROOT / "mkdocs.yml"), str(folder)],
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, f"the docs did not build:\n{result.stderr[-3000:]}"
        return folder

    def site_pages(site):
        return sorted(p for p in site.glob("*.html") if p.name != "404.html")  # 404 is for servers only

    class Links(html.parser.HTMLParser):
        def __init__(self):
            super().__init__()
            self.links = []

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            for name in ("href", "src"):
                if tag in ("a", "img", "link", "script") and attrs.get(name):
                    self.links.append(attrs[name])

    def internal_links(page):
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.links:
            parts = urllib.parse.urlsplit(link)
            if parts.scheme or link.startswith(("//", "#")):
                continue
            yield link, (page.parent / urllib.parse.unquote(parts.path)).resolve()

    def test_the_site_is_built_with_page_files_not_folders():
        config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
        assert re.search(r"^use_directory_urls:\s*false\s*$", config, re.M)

    def test_every_internal_link_from_disk_lands_on_a_file(site):
        pages = site_pages(site)
        assert len(pages) > 20
        problems, count = [], 0
        for page in pages:
            for link, target in internal_links(page):
                count += 1
                if not target.is_file():
                    problems.append(f"{page.name}: {link} -> {'a folder' if target.is_dir() else 'nothing'}")
        assert count > 500
        assert problems == []

    def test_the_built_api_page_has_an_entry_for_every_public_name(site):
        import importlib
        import pkgutil

        import naivebayes

        page = (site / "api.html").read_text(encoding="utf-8")
        names = list(naivebayes.__all__)
        for info in pkgutil.iter_modules(naivebayes.__path__):
            if info.ispkg:
                names += getattr(importlib.import_module(f"naivebayes.{info.name}"), "__all__", [])
        ids = set(re.findall(r'<h3 id="([^"]+)"', page))
        assert len(ids) >= len(set(names)) - 5  # a subpackage's repeat of a top-level name points at it
        for name in names:
            assert f"<code>{name}</code>" in page, name

    @pytest.fixture(scope="module")
    def browser():
        with Browser(timeout=90) as running:
            yield running

    @needs_chromium
    def test_no_page_scrolls_sideways_at_390_px(site, browser):
        tab = browser.open(390, 844)
        problems = {}
        for page in site_pages(site):
            tab.go(page.as_uri())
            found = tab.evaluate(MEASURE)
            assert found["width"] == 390
            if found["scrollWidth"] > found["width"]:
                problems[page.name] = (found["scrollWidth"], found["sticking"])
        tab.close()
        assert problems == {}

    @needs_chromium
    def test_no_table_hides_columns_at_1280_px_and_every_picture_and_formula_shows(site, browser):
        tab = browser.open(1280, 900)
        problems = {}
        for page in site_pages(site):
            tab.go(page.as_uri())
            found = tab.evaluate(MEASURE)
            bad = {key: found[key] for key in ("tables", "folders", "images") if found[key]}
            if found["raw_math"] or found["scrollWidth"] > found["width"]:
                bad["raw math or sideways"] = (found["raw_math"], found["scrollWidth"])
            if bad:
                problems[page.name] = bad
        tab.close()
        assert problems == {}

    class QuietHandler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments):
            pass

    @needs_chromium
    def test_served_from_127_0_0_1_every_page_and_its_links_load(site, browser):
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            missing = []
            for page in site_pages(site):
                for link, target in internal_links(page):
                    url = urllib.parse.urljoin(base + page.name, link).split("#")[0]
                    try:
                        with urllib.request.urlopen(url, timeout=10) as answer:
                            if url.endswith("/") or "text/html" in answer.headers.get("Content-Type", "") and \
                                    b"Directory listing" in answer.read(2000):
                                missing.append(f"{page.name}: {link} is a folder listing")
                    except OSError as error:
                        missing.append(f"{page.name}: {link}: {error}")
            assert missing == []
            tab = browser.open(1280)
            for name in ("index.html", "why-naive.html", "api.html"):
                tab.go(base + name)
                found = tab.evaluate(MEASURE)
                assert found["images"] == [] and found["raw_math"] == 0 and found["folders"] == []
                assert tab.evaluate("document.querySelector('.md-content h1').textContent.length") > 3
            tab.close()
        finally:
            server.shutdown()


if __name__ == "__main__":
    look(sys.argv[1], sys.argv[2], [int(w) for w in sys.argv[3:]] or [390, 1280])
