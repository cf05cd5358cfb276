"""Keep every formula on the docs pages tied to the code that computes it.

The convention (see docs/wiring.md) is that one id such as
``eq-multinomial-lidstone`` appears in four places:

1. a heading on a docs page: ``### Lidstone smoothing {#eq-multinomial-lidstone}``,
   followed by a display formula (``$$ ... $$``) and then an include of
2. a snippet section in the source, wrapped around one small function:
   ``# --8<-- [start:eq-multinomial-lidstone]`` ... ``# --8<-- [end:...]``,
3. that function's docstring, which links back with
   ``Formula: docs/multinomial.md#eq-multinomial-lidstone``,
4. the name of a test that checks the formula on a hand-computed number:
   ``def test_eq_multinomial_lidstone...``.

These tests fail when any of the four is missing or points at the wrong place.
"""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PACKAGE = ROOT / "naivebayes"

MARKER = re.compile(r"^\s*#\s*--8<--\s*\[(start|end):([a-z][-_0-9a-z]*)\]\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{#([^}\s]+)\})?\s*$")
INCLUDE = re.compile(r'^\s*--8<--\s*"([^":]+):([a-z][-_0-9a-z]*)"\s*$')
BACKLINK = re.compile(r"Formula:\s*(docs/[\w/.-]+\.md)#([\w-]+)")


def source_sections():
    """{section id: (file, start line, end line)} for every snippet section in naivebayes/."""
    sections, problems = {}, []
    for path in sorted(PACKAGE.rglob("*.py")):
        open_sections = {}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = MARKER.match(line)
            if not match:
                continue
            kind, name = match.groups()
            where = f"{path.relative_to(ROOT)}:{number}"
            if kind == "start":
                if name in open_sections or name in sections:
                    problems.append(f"{where}: section {name!r} starts twice")
                open_sections[name] = number
            else:
                if name not in open_sections:
                    problems.append(f"{where}: end of {name!r} without a start")
                    continue
                sections[name] = (path, open_sections.pop(name), number)
        for name, number in open_sections.items():
            problems.append(f"{path.relative_to(ROOT)}:{number}: section {name!r} never ends")
    return sections, problems


def docs_blocks():
    """Walk the docs pages; yield (page, heading anchor, prose lines, fenced lines) per heading.

    A code fence opens with three or more backticks and closes with at least as
    many, so a ````markdown example may hold ```python fences inside it.
    """
    for page in sorted(DOCS.rglob("*.md")):
        anchor, prose, fenced, fence = None, [], [], None
        for line in page.read_text(encoding="utf-8").splitlines():
            ticks = re.match(r"^\s*(`{3,})", line)
            if fence is None and ticks:
                fence = ticks.group(1)
                continue
            if fence is not None:
                if ticks and len(ticks.group(1)) >= len(fence) and not line.strip().strip("`"):
                    fence = None
                else:
                    fenced.append(line)
                continue
            heading = HEADING.match(line)
            if heading:
                yield page, anchor, prose, fenced
                anchor, prose, fenced = heading.group(3), [], []
            else:
                prose.append(line)
        yield page, anchor, prose, fenced


def docs_formulas():
    """Every display formula and every include, with the anchor of the heading above it."""
    formulas, includes, anchors = [], [], {}
    for page, anchor, prose, fenced in docs_blocks():
        if anchor:
            anchors.setdefault(page, set()).add(anchor)
        n_formulas = sum(1 for line in prose if line.strip().startswith("$$")) // 2
        block_includes = [m.groups() for m in map(INCLUDE.match, fenced) if m]
        formulas.append((page, anchor, n_formulas, block_includes))
        includes.extend((page, anchor, path, name) for path, name in block_includes)
    return formulas, includes, anchors


def test_every_section_is_well_formed():
    _, problems = source_sections()
    assert problems == []


def test_every_formula_is_followed_by_its_code():
    formulas, _, _ = docs_formulas()
    problems = []
    for page, anchor, n_formulas, block_includes in formulas:
        if n_formulas == 0:
            continue
        where = f"{page.relative_to(ROOT)} under #{anchor}"
        if not anchor or not anchor.startswith("eq-"):
            problems.append(f"{where}: a display formula needs a heading with an {{#eq-...}} anchor")
        elif (f"naivebayes", anchor) not in {(p.split("/")[0], n) for p, n in block_includes}:
            problems.append(f"{where}: the formula is not followed by the snippet section {anchor!r}")
        if n_formulas > 1:
            problems.append(f"{where}: {n_formulas} display formulas under one heading; give each its own")
    assert problems == []


def test_every_code_section_is_shown_under_its_formula():
    sections, _ = source_sections()
    _, includes, _ = docs_formulas()
    shown = {}
    problems = []
    for page, anchor, path, name in includes:
        if not path.startswith("naivebayes/"):
            continue  # a section of a docs script (docs/scripts/): not a formula; mkdocs --strict checks it exists
        if name not in sections:
            problems.append(f"{page.relative_to(ROOT)} includes {path}:{name}, which does not exist")
            continue
        if sections[name][0] != ROOT / path:
            problems.append(f"{page.relative_to(ROOT)}: {name!r} lives in {sections[name][0]}, not {path}")
        if anchor != name:
            problems.append(f"{page.relative_to(ROOT)}: section {name!r} sits under #{anchor}, not #{name}")
        shown[name] = page
    for name in sections:
        if name not in shown:
            problems.append(f"section {name!r} is not shown on any docs page")
    assert problems == []


def section_docstrings():
    """{section id: docstring of the function or class the section wraps}."""
    sections, _ = source_sections()
    found = {}
    for name, (path, start, end) in sections.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes = [
            node
            for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and start < node.lineno < end
        ]
        found[name] = [ast.get_docstring(node) or "" for node in nodes]
    return found


def test_every_section_wraps_one_documented_function():
    problems = [
        f"section {name!r} wraps {len(docs)} top-level functions; wrap exactly one"
        for name, docs in section_docstrings().items()
        if len(docs) != 1
    ]
    assert problems == []


def test_every_function_links_back_to_its_anchor():
    _, includes, anchors = docs_formulas()
    page_of = {name: page for page, _, _, name in includes}
    problems = []
    for name, docstrings in section_docstrings().items():
        links = [m.groups() for doc in docstrings for m in BACKLINK.finditer(doc)]
        if not links:
            problems.append(f"{name}: the docstring has no 'Formula: docs/<page>.md#{name}' line")
            continue
        for page, anchor in links:
            target = ROOT / page
            if anchor != name:
                problems.append(f"{name}: the docstring links to #{anchor}")
            if anchor not in anchors.get(target, set()):
                problems.append(f"{name}: {page}#{anchor} is not an anchor on that page")
            if name in page_of and page_of[name] != target:
                problems.append(f"{name}: links to {page}, but is shown on {page_of[name].name}")
    assert problems == []


def test_every_formula_has_a_hand_checked_test():
    sections, _ = source_sections()
    test_names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        test_names |= {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    missing = [
        name
        for name in sections
        if not any(t.startswith("test_" + name.replace("-", "_")) for t in test_names)
    ]
    assert missing == [], "formulas without a test named test_<id>...: " + ", ".join(missing)


@pytest.mark.parametrize("page", sorted(DOCS.rglob("*.md")), ids=lambda p: p.name)
def test_anchor_links_between_pages_exist(page):
    """A link such as (multinomial.md#eq-multinomial-lidstone) must name a real anchor."""
    _, _, anchors = docs_formulas()
    problems = []
    for target, anchor in re.findall(r"\]\(([\w/.-]+\.md)#([\w-]+)\)", page.read_text(encoding="utf-8")):
        if anchor.startswith("eq-") and anchor not in anchors.get((page.parent / target).resolve(), set()):
            problems.append(f"{page.name} links to {target}#{anchor}, which does not exist")
    assert problems == []


def test_the_registry_catches_a_broken_tree(tmp_path, monkeypatch):
    """The checks above must be able to fail: run them on a tree with each kind of mistake."""
    (tmp_path / "naivebayes").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "naivebayes" / "m.py").write_text(
        "# --8<-- [start:eq-good]\n"
        "def good():\n"
        '    """Formula: docs/p.md#eq-good"""\n'
        "# --8<-- [end:eq-good]\n"
        "# --8<-- [start:eq-unended]\n"
        "def unended():\n"
        '    """No back-link."""\n',
        encoding="utf-8",
    )
    (tmp_path / "docs" / "p.md").write_text(
        "### Good {#eq-good}\n\n$$\nx\n$$\n\n```python\n--8<-- \"naivebayes/m.py:eq-good\"\n```\n\n"
        "### Bare {#eq-bare}\n\n$$\ny\n$$\n\n"
        "### Fenced example\n\n````markdown\n$$\nz\n$$\n````\n",
        encoding="utf-8",
    )
    module = __import__(__name__, fromlist=["ROOT"])
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "DOCS", tmp_path / "docs")
    monkeypatch.setattr(module, "PACKAGE", tmp_path / "naivebayes")

    sections, problems = source_sections()
    assert list(sections) == ["eq-good"]
    assert problems == ["naivebayes/m.py:5: section 'eq-unended' never ends"]
    formulas, includes, anchors = docs_formulas()
    counted = {anchor: n for _, anchor, n, _ in formulas if n}
    assert counted == {"eq-good": 1, "eq-bare": 1}  # the fenced $$ is an example, not a formula
    assert [name for _, _, _, name in includes] == ["eq-good"]
    with pytest.raises(AssertionError, match="not followed by the snippet section 'eq-bare'"):
        test_every_formula_is_followed_by_its_code()
