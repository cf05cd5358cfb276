"""The API reference page (docs/api.md) lists every public name with the code's own signature.

The page is written at build time by docs/scripts/api_reference.py (through
the mkdocs hook in docs/scripts/hooks.py), from ``naivebayes.__all__`` and each
subpackage's ``__all__``.  These tests check the generator against the
package directly, so a new name, a renamed parameter or a changed default
shows on the page, and that each "Derived on" link names a real page.
tests/test_site_browser.py checks the built page itself.
"""

import importlib
import importlib.util
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import naivebayes

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


api_reference = load("api_reference", DOCS / "scripts" / "api_reference.py")


def every_public_name():
    """[(module, name)] from naivebayes.__all__ and the subpackages' own __all__, found independently."""
    names = [("naivebayes", name) for name in naivebayes.__all__]
    for info in pkgutil.iter_modules(naivebayes.__path__):
        if info.ispkg:
            module = importlib.import_module(f"naivebayes.{info.name}")
            names += [(module.__name__, name) for name in getattr(module, "__all__", ())]
    return names


@pytest.fixture(scope="module")
def reference():
    return api_reference.reference_markdown()


def entry(reference, module, name):
    """The text of one name's entry on the page."""
    heading = f"### `{name}` {{#{api_reference.anchor(module, name)}}}"
    assert heading in reference, f"{module}.{name} has no entry"
    return reference.split(heading, 1)[1].split("\n### ", 1)[0]


def test_the_page_is_in_the_nav_and_filled_by_the_hook():
    assert re.search(r"^\s*- API reference: api\.md\s*$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    assert api_reference.MARKER in page
    hooks = load("hooks", DOCS / "scripts" / "hooks.py")

    class Page:
        class file:
            src_uri = "api.md"

    filled = hooks.on_page_markdown(page, Page, None, None)
    assert api_reference.MARKER not in filled
    assert "### `MultinomialNB` {#multinomialnb}" in filled


def test_every_public_name_has_an_entry(reference):
    names = every_public_name()
    assert len(names) > 60
    for module, name in names:
        obj = getattr(importlib.import_module(module), name)
        text = entry(reference, module, name) if f"### `{name}` {{#{api_reference.anchor(module, name)}}}" in \
            reference else None
        if text is None:  # listed again by a subpackage: a pointer to the first entry of the same object
            assert f"* `{module}.{name}`: the same object as" in reference, f"{module}.{name} is missing"
            continue
        assert f"defined in `{obj.__module__}`" in text


def test_every_parameter_and_default_is_the_codes_own(reference):
    checked = 0
    for module, name in every_public_name():
        obj = getattr(importlib.import_module(module), name)
        heading = f"### `{name}` {{#{api_reference.anchor(module, name)}}}"
        if heading not in reference or (inspect.isclass(obj) and issubclass(obj, BaseException)):
            continue
        text = entry(reference, module, name)
        for parameter in inspect.signature(obj).parameters.values():
            default = parameter.default
            if inspect.isfunction(default) or inspect.isclass(default):  # shown by name, not by its address
                default = api_reference.ByName(default)
            shown = "required" if parameter.default is parameter.empty else f"`{repr(default).replace('|', chr(92) + '|')}`"
            prefix = {parameter.VAR_POSITIONAL: "*", parameter.VAR_KEYWORD: "**"}.get(parameter.kind, "")
            assert re.search(rf"^\| `{re.escape(prefix + parameter.name)}`[^|]* \| {re.escape(shown)} \|$", text, re.M), \
                f"{name}: {parameter.name}"
            checked += 1
    assert checked > 150


def test_a_class_lists_its_public_methods(reference):
    text = entry(reference, "naivebayes", "MultinomialNB")
    for method in ("fit(X, y, sample_weight=None)", "predict_proba(X)", "explain(", "partial_fit(X, y, sample_weight=None)"):
        assert f".{method}" in text


def test_each_name_links_to_the_page_that_derives_it(reference):
    links = re.findall(r"^Derived on: \[(.+?)\]\(([\w-]+\.md)\)\.$", reference, re.M)
    assert len(links) > 50
    for title, page in links:
        assert (DOCS / page).is_file(), page
    assert "Derived on: [Multinomial model](multinomial.md)." in entry(reference, "naivebayes", "MultinomialNB")
    assert "(metrics.md)" in entry(reference, "naivebayes", "train_test_split")
    assert "(tokenizing.md)" in entry(reference, "naivebayes", "Tokenizer")


def test_a_new_default_shows_on_the_page():
    """The page is the code's: a function with a changed default reads differently, with no file to edit."""

    def sample(X, alpha=0.5, *, seed=None):
        """One line."""

    assert api_reference.parameters_of(sample) == [("X", None, False), ("alpha", "0.5", False), ("seed", "None", True)]
    assert api_reference.signature_of("sample", sample) == "sample(X, alpha=0.5, *, seed=None)"


def test_the_hook_splits_the_notation_pages_wide_tables_in_two():
    """The notation page's 'quantity | code | these docs | notes...' tables show as two tables on the site."""
    hooks = load("hooks", DOCS / "scripts" / "hooks.py")
    table = ("<table>\n<thead>\n<tr>" + "".join(f"<th>h{i}</th>" for i in range(8)) + "</tr>\n</thead>\n<tbody>\n"
             "<tr>" + "".join(f'<td align="left">c{i}</td>' for i in range(8)) + "</tr>\n</tbody>\n</table>")
    split = hooks.split_wide_tables(f"<p>x</p>{table}", keep=3)
    assert split.count("<table>") == 2
    first, second = split.split("</table>")[:2]
    assert "h0" in first and "h2" in first and "h3" not in first
    assert "h0" in second and "h3" in second and "h7" in second and "h1" not in second
    assert '<td align="left">c7</td>' in second
    narrow = "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>"
    assert hooks.split_wide_tables(narrow, keep=3) == narrow
    assert "notation.md" in hooks.SPLIT_PAGES


def test_the_hook_lets_long_names_in_table_cells_wrap_at_dots_and_underscores():
    hooks = load("hooks", DOCS / "scripts" / "hooks.py")
    cell = "<table><tbody><tr><td><code>GaussianNB.means_[c][j]</code> and <code>fit(X, y)</code></td></tr></tbody></table>"
    html = hooks.breakable_table_code(cell + "<p><code>model.fit(X)</code></p>")
    assert "<code>GaussianNB.<wbr>means_<wbr>[c][j]</code>" in html
    assert "<code>fit(<wbr>X,<wbr> y)</code>" not in html and "<code>fit(<wbr>X, y)</code>" in html
    assert "<p><code>model.fit(X)</code></p>" in html  # outside tables, nothing changes
    assert re.sub("<wbr>", "", html) == cell + "<p><code>model.fit(X)</code></p>"
