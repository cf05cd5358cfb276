"""The Exercises page (docs/exercises.md), the links to it from the formulas, and its Check buttons.

The page and the links are written at build time from the registry
(``naivebayes.exercises.exercises()``) by docs/scripts/exercises_page.py;
the Check buttons are the exercise part of docs/javascripts/run-in-browser.js.
What is checked:

* every exercise has one section on the page, ``#ex-<name>``, under the first
  note that derives it, the notes in the order the course meets them, with
  its formula, a link to the formula's section and the stub to fill in;
* every formula with an exercise has the link "Exercise: write it yourself"
  in its section, under its code, and the exercise's LaTeX is the formula
  that section displays;
* the Python that Check runs in the browser, run here in CPython: a wrong
  function gets the report with its hint, a right one passes, code that does
  not compile or lacks the function gets an error that says so;
* (slower, in chromium with the network cut off) Check on the built page,
  served from 127.0.0.1, grades a wrong and a right ``prior_mle``, shows the
  report as a table, and nothing on the page scrolls sideways at 390 px;
  opened from disk, Check says it needs the served site.

The doctests of the page itself run with the docs (``pytest docs/exercises.md``).
"""

import functools
import http.server
import importlib.util
import json
import logging
import re
import threading
import types
from pathlib import Path

import pytest

from naivebayes.exercises import exercise, exercises
from test_formula_registry import docs_blocks

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _load(name):
    spec = importlib.util.spec_from_file_location(name, DOCS / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


page_hook = _load("exercises_page")
SOURCE = (DOCS / "exercises.md").read_text(encoding="utf-8")
HEADING = re.compile(r"^(#{2,3}) (.*?) \{#([^}]+)\}$", re.M)


def filled():
    return page_hook.fill(SOURCE)


def sections(markdown):
    """{anchor: the Markdown from its heading to the next heading of level 2 or 3}."""
    found = list(HEADING.finditer(markdown))
    return {match.group(3): markdown[match.start():(found[i + 1].start() if i + 1 < len(found) else len(markdown))]
            for i, match in enumerate(found)}


# ---------------------------------------------------------------------------
# The page
# ---------------------------------------------------------------------------

def test_the_registry_has_the_finished_exercises():
    names = [item.name for item in exercises()]
    assert {"class-counts", "prior", "log-sum-exp", "log-posterior", "decision"} <= set(names)


def test_every_exercise_has_one_section_with_its_formula_its_links_and_its_stub():
    markdown = filled()
    assert page_hook.MARKER not in markdown and page_hook.INSTRUCTORS_MARKER not in markdown
    by_anchor = sections(markdown)
    for item in exercises():
        assert markdown.count(f"{{#ex-{item.name}}}") == 1, item.name
        section = by_anchor[f"ex-{item.name}"]
        assert section.startswith(f"### {item.title} {{#ex-{item.name}}}")
        assert f"$$\n{item.latex}\n$$" in section
        assert f"]({item.page}#{item.formula_id})" in section
        assert f"```python\n{item.stub()}\n```\n" in section
        assert (f'<div class="nb-exercise" data-exercise="{item.name}" data-function="{item.function_name}"></div>'
                in section)
        assert f'exercise("{item.name}").check({item.function_name})' in section
        assert "The notes that derive it: " in section or "All five notes derive it." in section


def test_the_sections_follow_the_notes_in_the_courses_order():
    markdown = filled()
    order = [match.group(3) for match in HEADING.finditer(markdown)]
    notes = [anchor for anchor in order if anchor.startswith("note-")]
    course = [note[0] for note in page_hook.course_order()]  # the five notes, the textbooks, then the rest
    assert notes == [anchor for anchor in course if anchor in notes]
    assert notes[0] == "note-pudding"  # the Bayes exercises are derived in every note: under the first
    # Each exercise under the first note (in the course's order) that derives it, in the registry's order within it.
    placed, note = {}, None
    for anchor in order:
        if anchor.startswith("note-"):
            note = anchor
        elif anchor.startswith("ex-"):
            placed[anchor[3:]] = note
    registry = [item.name for item in exercises()]
    assert list(placed) == sorted(placed, key=lambda name: (course.index(placed[name]), registry.index(name)))
    for item in exercises():
        derived = [page_hook.note_of(title)[0] for title in item.notes]
        assert placed[item.name] == next((anchor for anchor in course if anchor in derived), "note-other")
    assert placed["log-sum-exp"] == "note-cornell-8"  # derived by Cornell and the from-scratch post only


def fake(name, notes, page="pipeline.md", formula_id="eq-prior-mle"):
    return types.SimpleNamespace(name=name, notes=tuple(notes), page=page, formula_id=formula_id)


def test_an_exercise_goes_under_the_first_note_that_derives_it_however_the_note_is_named():
    spelled = [
        ("the Pudding library's \"Naive Bayes\"", "note-pudding"),
        ('"Naive Bayes", the documentation of the Pudding machine-learning library', "note-pudding"),
        ("Lecture #7: Naïve Bayes", "note-lecture-7"),
        ("the blog post on a naive Bayes classifier with TensorFlow Probability", "note-tfp-blog"),
        ("Cornell Tech's Lecture 8: Naive Bayes", "note-cornell-8"),
        ('"Lecture 8: Naive Bayes", Applied Machine Learning, Cornell Tech', "note-cornell-8"),
        ("the blog post implementing multinomial naive Bayes from scratch", "note-from-scratch"),
        ("McCallum and Nigam (1998)", "note-other"),
    ]
    for title, anchor in spelled:
        assert page_hook.note_of(title)[0] == anchor, title
    groups = page_hook.grouped([
        fake("late", ["the blog post implementing multinomial naive Bayes from scratch", "Cornell Tech's Lecture 8"]),
        fake("early", ["Cornell Tech's Lecture 8", "Lecture #7: Naïve Bayes"]),
        fake("past", ["McCallum and Nigam (1998)"]),
        fake("also-late", ["Cornell Tech's Lecture 8"]),
    ])
    assert [(note[0], [item.name for item in items]) for note, items in groups] == [
        ("note-lecture-7", ["early"]), ("note-cornell-8", ["late", "also-late"]), ("note-other", ["past"])]
    assert page_hook.derived_in(fake("x", ["Cornell Tech's Lecture 8", "Lecture #7: Naïve Bayes", "Someone else"])) \
        == ['"Lecture #7: Naïve Bayes" (course slides)', '"Lecture 8: Naive Bayes", Applied Machine Learning, Cornell Tech',
            "Someone else"]


def test_the_page_links_the_instructors_page_once_it_exists(tmp_path):
    assert "assignments.md" not in page_hook.instructors_link(tmp_path)
    (tmp_path / "assignments.md").write_text("# Assignments\n", encoding="utf-8")
    assert "](assignments.md)" in page_hook.instructors_link(tmp_path)


def test_the_page_has_a_doctest_example_so_the_check_buttons_load():
    # docs/scripts/run_in_browser.py loads run-in-browser.js only on a page with a >>> line.
    assert re.search(r"^>>> ", SOURCE, re.M)
    assert "## How to check your function {#checking}" in SOURCE


# ---------------------------------------------------------------------------
# The links from the formulas
# ---------------------------------------------------------------------------

def test_every_formula_with_an_exercise_links_to_it_under_its_code():
    for item in exercises():
        text = (DOCS / item.page).read_text(encoding="utf-8")
        linked = page_hook.add_links(text, item.page)
        line = f"[Exercise: write it yourself](exercises.md#ex-{item.name})"
        assert linked.count(line) == 1, item.name
        lines = linked.split("\n")
        at = lines.index(line)
        heading = max(number for number in range(at) if re.match(r"^#{1,6} ", lines[number]))
        assert f"{{#{item.formula_id}}}" in lines[heading], (item.name, lines[heading])
        assert any(f':{item.formula_id}"' in lines[number] for number in range(heading, at)), item.name
        assert lines[at - 2].strip().startswith("```") and lines[at - 1] == ""  # right under the code's fence
    assert page_hook.add_links("# A page\n", "no-exercise.md") == "# A page\n"


PAGE = """# A page

## Has code {#eq-one}

$$
x = 1
$$

```python
--8<-- "naivebayes/a.py:eq-one"
```

Prose after the code.

## Has no code {#eq-two}

$$
y = 2
$$

Prose.

## Another {#eq-three}
"""


def test_the_link_goes_under_the_code_or_else_under_the_formula(caplog):
    items = [fake("one", [], "a.md", "eq-one"), fake("two", [], "a.md", "eq-two"), fake("gone", [], "a.md", "eq-gone")]
    with caplog.at_level(logging.WARNING, logger="mkdocs.hooks.exercises_page"):
        linked = page_hook.add_links(PAGE, "a.md", items)
    assert ('--8<-- "naivebayes/a.py:eq-one"\n```\n\n[Exercise: write it yourself](exercises.md#ex-one)\n\n'
            'Prose after the code.') in linked
    assert "y = 2\n$$\n\n[Exercise: write it yourself](exercises.md#ex-two)\n\nProse." in linked
    assert "ex-gone" not in linked
    assert "'gone' names the formula a.md#eq-gone, which has no section there" in caplog.text


def test_each_exercises_latex_is_the_formula_its_section_displays():
    displayed = {}
    for page, anchor, prose, _ in docs_blocks():
        lines = [line.strip() for line in prose]
        if anchor and "$$" in lines:
            start = lines.index("$$")
            end = lines.index("$$", start + 1)
            displayed[(page.name, anchor)] = "\n".join(prose[start + 1:end]).strip()
    for item in exercises():
        shown = displayed.get((item.page, item.formula_id))
        assert shown is not None, f"{item.page}#{item.formula_id} shows no display formula"
        assert " ".join(item.latex.split()) == " ".join(shown.split()), item.name


# ---------------------------------------------------------------------------
# The Python that Check runs in the browser, run here
# ---------------------------------------------------------------------------

def browser_python():
    """The runner and the checker that run-in-browser.js writes into Pyodide, as one module."""
    script = (DOCS / "javascripts" / "run-in-browser.js").read_text(encoding="utf-8")
    module = types.ModuleType("_run_in_browser")
    for name in ("RUNNER", "CHECKER"):
        array = re.search(r"var " + name + r" = \[\n(.*?)\n  \]\.join", script, re.S).group(1)
        lines = [json.loads(line.strip().rstrip(",")) for line in array.split("\n") if line.strip().startswith('"')]
        exec(compile("\n".join(lines), name, "exec"), module.__dict__)
    return module


def test_check_as_the_browser_runs_it():
    checker = browser_python()
    wrong = "def prior_mle(class_count, n_documents):\n    print('called')\n    return n_documents / class_count\n"
    answer = json.loads(checker.check("prior", "prior_mle", wrong))
    assert answer["verdict"] == "failed"
    kinds = [kind for kind, _ in answer["parts"]]
    assert kinds == ["html", "text"]
    report = answer["parts"][0][1]
    assert report.startswith("<table>") and "not yet right" in report and "FAILED" in report
    assert "check the order of the arguments" in report  # the hint, in the first wrong answer
    assert answer["parts"][1][1].startswith("What your code printed:\ncalled\n")

    right = "import math\n\ndef prior_mle(class_count, n_documents):\n    return math.exp(math.log(class_count) - math.log(n_documents)) if class_count else 0.0\n"
    answer = json.loads(checker.check("prior", "prior_mle", right))
    assert answer["verdict"] == "passed" and [kind for kind, _ in answer["parts"]] == ["html"]
    assert "prior_mle (prior): passed" in answer["parts"][0][1]

    answer = json.loads(checker.check("prior", "prior_mle", "def prior_mle(class_count, n_documents:\n"))
    assert answer["verdict"] == "error" and answer["parts"][0][0] == "error"
    assert "SyntaxError" in answer["parts"][0][1] and 'File "<example>", line 1' in answer["parts"][0][1]

    answer = json.loads(checker.check("prior", "prior_mle", "def prior(a, b):\n    return a / b\n"))
    assert answer["verdict"] == "error"
    assert "defines no function called prior_mle" in answer["parts"][0][1]

    answer = json.loads(checker.check("prior", "prior_mle", "raise RuntimeError('on purpose')\n"))
    assert answer["verdict"] == "error" and "RuntimeError: on purpose" in answer["parts"][0][1]


def test_what_a_function_prints_is_cut_short():
    checker = browser_python()
    noisy = "def prior_mle(class_count, n_documents):\n    print('x' * 1000)\n    return class_count / n_documents\n"
    answer = json.loads(checker.check("prior", "prior_mle", noisy))
    assert answer["verdict"] == "passed"
    printed = answer["parts"][1][1]
    assert len(printed) < checker.PRINTED_LIMIT + 200 and "characters more)" in printed


# ---------------------------------------------------------------------------
# In chromium, with the network cut off (slower checks: conftest.SLOW_TESTS)
# ---------------------------------------------------------------------------

CHECK = """
new Promise((resolve) => {
  const box = document.querySelector('.nb-exercise[data-exercise="%(name)s"]');
  const editor = box.querySelector("textarea"), button = box.querySelector(".nb-check-button");
  const status = box.querySelector(".nb-run-status");
  const checks = window.__runInBrowser.checks.length;
  %(edit)s
  button.click();
  const started = performance.now();
  const poll = () => {
    const done = window.__runInBrowser.checks.length > checks || /^(Could not|Checking needs)/.test(status.textContent);
    if (!done && performance.now() - started < %(timeout)d) return setTimeout(poll, 50);
    const report = box.querySelector(".nb-exercise-report");
    resolve({status: status.textContent, done: done, editor: editor.value,
             rows: report ? [...report.querySelectorAll("tbody tr")].map((row) => row.textContent) : [],
             text: report ? report.textContent : null,
             scrollWidth: document.documentElement.scrollWidth,
             record: window.__runInBrowser,
             remote: performance.getEntriesByType("resource").map((e) => e.name).filter((n) => !n.startsWith(location.origin))});
  };
  poll();
})
"""


def click_check(tab, name, code=None, timeout=180):
    edit = "" if code is None else f"editor.value = {json.dumps(code)};"
    return tab.evaluate(CHECK % {"name": name, "edit": edit, "timeout": timeout * 1000})


def _browser_tools():
    import test_run_in_browser as run

    return run


@pytest.fixture(scope="module")
def built_site(tmp_path_factory):
    run = _browser_tools()
    if not run.get_pyodide.runtime_is_present():
        pytest.skip(f"could not import 'pyodide': Check needs the Pyodide {run.VERSION} runtime; "
                    f"fetch it with {run.get_pyodide.COMMAND}")
    pytest.importorskip("mkdocs", reason="could not import 'mkdocs': building the site needs it (pip install -e '.[docs]')")
    if run.chromium_path() is None:
        pytest.skip("could not import 'chromium': the browser checks need Debian's chromium (apt-get install chromium)")
    import shutil

    checkout = tmp_path_factory.mktemp("checkout") / "naivebayes"  # others may edit a page meanwhile
    shutil.copytree(ROOT, checkout, ignore=shutil.ignore_patterns(
        ".git", ".venv", ".pyodide", "site", "__pycache__", "*.egg-info", ".pytest_cache", "build", "dist"))
    folder = tmp_path_factory.mktemp("site") / "site"
    result = run.build_site(folder, checkout)
    assert result.returncode == 0, f"the docs did not build:\n{result.stderr[-3000:]}"
    return folder


@pytest.fixture(scope="module")
def served_site(built_site):
    run = _browser_tools()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(run.QuietHandler, directory=str(built_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def offline_browser():
    run = _browser_tools()
    with run.Browser(timeout=240) as running:  # offline: a dead proxy, and no name resolves but 127.0.0.1
        yield running


def test_check_on_the_exercises_page_grades_a_function_offline(built_site, served_site, offline_browser):
    page = (built_site / "exercises.html").read_text(encoding="utf-8")
    assert page.count('class="nb-exercise"') == len(exercises())
    tab = offline_browser.open(1280, 900)
    tab.go(served_site + "exercises.html")
    assert tab.evaluate("window.__runInBrowser.exercises") == len(exercises())
    assert tab.evaluate("document.querySelectorAll('.nb-exercise textarea').length") == len(exercises())

    untouched = click_check(tab, "prior")  # the stub as it stands: not written yet
    assert untouched["done"], untouched["status"]
    assert "def prior_mle(class_count, n_documents):" in untouched["editor"]
    assert untouched["status"].startswith("Not yet right"), untouched["status"]
    assert "not written yet" in untouched["text"]
    print(f"\nCheck in chromium, served from 127.0.0.1 with no network: Python started in "
          f"{untouched['record']['bootMs'] / 1000:.1f} s, the first check took {untouched['record']['checks'][0]['ms'] / 1000:.2f} s")

    wrong = click_check(tab, "prior", "def prior_mle(class_count, n_documents):\n    return n_documents / class_count\n")
    assert wrong["status"].startswith("Not yet right"), wrong["status"]
    assert any("FAILED" in row for row in wrong["rows"]), wrong["rows"]
    assert "check the order of the arguments" in wrong["text"]

    right = click_check(tab, "prior", "def prior_mle(class_count, n_documents):\n    return class_count / n_documents\n")
    assert right["status"].startswith("Passed every check"), (right["status"], right["text"])
    assert [row for row in right["rows"] if "in the model" in row] and not any("FAILED" in row for row in right["rows"])
    assert right["record"]["checks"][-1] == {**right["record"]["checks"][-1], "exercise": "prior", "verdict": "passed"}

    broken = click_check(tab, "decision", "def decision(scores)\n    return 1\n")
    assert broken["status"].startswith("Your code could not be checked") and "SyntaxError" in broken["text"]
    assert right["remote"] == [] and broken["remote"] == []

    # Every exercise passes in the browser with the library's own function, the model runs included.
    for item in exercises():
        code = (f"from {item.function.__module__} import {item.function_name} as library_version\n\n"
                f"def {item.function_name}(*arguments):\n    return library_version(*arguments)\n")
        answer = click_check(tab, item.name, code)
        assert answer["status"].startswith("Passed every check"), (item.name, answer["status"], answer["text"])
        assert any("in the model" in row for row in answer["rows"]), item.name
    tab.close()

    phone = offline_browser.open(390, 844)
    phone.go(served_site + "exercises.html")
    failed = click_check(phone, "prior", "def prior_mle(class_count, n_documents):\n    return n_documents / class_count\n")
    assert failed["status"].startswith("Not yet right"), failed["status"]
    assert failed["scrollWidth"] <= 390  # the report and its hint fit a phone's width
    phone.close()


def test_opened_from_disk_check_says_it_needs_the_served_site(built_site, offline_browser):
    tab = offline_browser.open(1280, 900)
    tab.go((built_site / "exercises.html").as_uri())
    answer = click_check(tab, "prior", timeout=20)
    assert answer["status"].startswith("Checking needs the site served over HTTP"), answer["status"]
    assert answer["record"]["bootMs"] is None and answer["text"] is None
    tab.close()
