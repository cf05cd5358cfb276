"""The API reference (docs/api.md), written from the package itself: names, signatures, docstrings.

Every public name is listed: ``naivebayes.__all__`` and the ``__all__`` of
each subpackage that has one.  For each: its signature as ``inspect`` reads
it (so the parameters and defaults are the code's own), the first paragraph
of its docstring, its public methods for a class, and a link to the docs
page that derives it (the page that shows it most often in code, or the page
its docstring's ``Formula:`` line names).

The mkdocs hook (docs/scripts/hooks.py) puts this text in place of the
marker on docs/api.md at every build, so the page cannot fall behind the
code; tests/test_site_api.py checks it.  To read it without building:

    .venv/bin/python docs/scripts/api_reference.py
"""

import importlib
import inspect
import pkgutil
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
DOCS = ROOT / "docs"
MARKER = "<!-- api-reference: written by docs/scripts/api_reference.py at build time -->"

# Pages that mention everything and derive nothing: never the "derived on" page.
NOT_DERIVING = {"api.md", "index.md", "lectures.md", "performance.md", "notation.md", "wiring.md"}
FORMULA_LINK = re.compile(r"Formula:\s*docs/([\w-]+\.md)")


def public_names():
    """[(module name, name, object)]: naivebayes.__all__, then each subpackage's own __all__, in order."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    package = importlib.import_module("naivebayes")
    listed = [("naivebayes", name, getattr(package, name)) for name in package.__all__]
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.ispkg:
            module = importlib.import_module(f"naivebayes.{info.name}")
            listed += [(module.__name__, name, getattr(module, name)) for name in getattr(module, "__all__", ())]
    return listed


def anchor(module, name):
    """The heading id of a name: ``multinomialnb``, or ``datasets-load-iris`` outside the top level."""
    prefix = "" if module == "naivebayes" else module.split(".", 1)[1].replace("_", "-") + "-"
    return (prefix + name).lower().replace("_", "-")


def page_titles():
    """{page file name: its first heading}, for every docs page."""
    titles = {}
    for page in sorted(DOCS.glob("*.md")):
        heading = re.search(r"^# (.+?)(\s*\{[^}]*\})?\s*$", page.read_text(encoding="utf-8"), re.M)
        titles[page.name] = heading.group(1) if heading else page.stem
    return titles


def deriving_page(name, obj, texts):
    """The docs page that derives ``name``.

    In this order: the page named after it (``MultinomialNB``: multinomial.md);
    the page its own docstring's ``Formula:`` line names; a page named in
    ``DERIVED_ON``; else the page that shows it in code most often.
    """
    stem = name.lower().removesuffix("nb")
    if f"{stem}.md" in texts and stem + ".md" not in NOT_DERIVING:
        return f"{stem}.md"
    linked = FORMULA_LINK.findall(inspect.getdoc(obj) or "")
    if linked:
        return max(set(linked), key=linked.count)
    if name in DERIVED_ON:
        return DERIVED_ON[name]
    pattern = re.compile(r"`(?:naivebayes\.)?(?:[\w.]+\.)?" + re.escape(name) + r"\b")
    counts = {page: len(pattern.findall(text)) for page, text in texts.items() if page not in NOT_DERIVING}
    best = max(counts, key=counts.get, default=None)
    return best if best and counts[best] else None


# Where the page that shows a name most often is not the one that explains it.
DERIVED_ON = {
    "train_test_split": "metrics.md", "precision": "metrics.md", "recall": "metrics.md", "f1_score": "metrics.md",
    "GradientFit": "fitting-by-gradient.md", "SoftmaxForm": "logistic-form.md", "LinearForm": "logistic-form.md",
    "JointBayesClassifier": "why-naive.md", "to_json": "saving.md", "NotFittedError": "pipeline.md",
    "BagOfWords": "tokenizing.md", "GaussianDiscriminantAnalysis": "discriminant-analysis.md",
}


class ByName:
    """A default that is a function or a class, shown by its name: its repr holds a memory address,
    which would make the page differ from one build to the next."""

    def __init__(self, value):
        self.name = value.__qualname__

    def __repr__(self):
        return self.name


def readable(signature):
    """The signature with every function or class default replaced by its name."""
    parameters = [
        parameter.replace(default=ByName(parameter.default))
        if parameter.default is not parameter.empty
        and (inspect.isfunction(parameter.default) or inspect.isclass(parameter.default))
        else parameter
        for parameter in signature.parameters.values()
    ]
    return signature.replace(parameters=parameters)


def signature_of(name, obj):
    """``name(parameters)`` as inspect reads it, or the class line of an exception."""
    if inspect.isclass(obj) and issubclass(obj, BaseException):
        bases = ", ".join(base.__name__ for base in obj.__bases__)
        return f"class {name}({bases})"
    try:
        signature = readable(inspect.signature(obj))
    except (TypeError, ValueError):
        return name
    if len(f"{name}{signature}") <= 60:
        return f"{name}{signature}"
    # One parameter a line, so that the signature reads on a phone without scrolling.
    annotation = "" if signature.return_annotation is inspect.Signature.empty else \
        f" -> {inspect.formatannotation(signature.return_annotation)}"
    lines = [str(parameter) for parameter in signature.parameters.values()]
    shown = [f"    {line}," for line in lines]
    kinds = [parameter.kind for parameter in signature.parameters.values()]
    if inspect.Parameter.KEYWORD_ONLY in kinds and inspect.Parameter.VAR_POSITIONAL not in kinds:
        shown.insert(kinds.index(inspect.Parameter.KEYWORD_ONLY), "    *,")  # the bare * before them
    if inspect.Parameter.POSITIONAL_ONLY in kinds:
        shown.insert(len(kinds) - kinds[::-1].index(inspect.Parameter.POSITIONAL_ONLY), "    /,")
    ending = ")" + annotation
    return "\n".join([f"{name}(", *shown, ending])


def parameters_of(obj):
    """[(parameter, default or None, kind)] of a function or a class's constructor."""
    if inspect.isclass(obj) and issubclass(obj, BaseException):
        return []
    try:
        signature = readable(inspect.signature(obj))
    except (TypeError, ValueError):
        return []
    rows = []
    for parameter in signature.parameters.values():
        if parameter.name == "self":
            continue
        prefix = {inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.VAR_KEYWORD: "**"}.get(parameter.kind, "")
        default = None if parameter.default is inspect.Parameter.empty else repr(parameter.default)
        keyword_only = parameter.kind == inspect.Parameter.KEYWORD_ONLY
        rows.append((prefix + parameter.name, default, keyword_only))
    return rows


def first_paragraph(obj):
    """The first paragraph of the docstring, on one line."""
    doc = inspect.getdoc(obj) or ""
    if inspect.isclass(obj) and not doc:
        doc = inspect.getdoc(obj.__init__) or ""
    return " ".join(doc.split("\n\n", 1)[0].split()) or "(no docstring)"


def public_methods(cls):
    """[signature] of the public methods and properties a class defines or inherits from naivebayes."""
    lines = []
    for member_name, member in inspect.getmembers(cls):
        if member_name.startswith("_"):
            continue
        owner = next((klass for klass in cls.__mro__ if member_name in vars(klass)), None)
        if owner is None or not owner.__module__.startswith("naivebayes"):
            continue
        raw = vars(owner)[member_name]
        if isinstance(raw, property):
            lines.append(f".{member_name}  (property)")
        elif isinstance(raw, (staticmethod, classmethod)) or inspect.isfunction(raw):
            function = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
            try:
                signature = str(inspect.signature(function)).replace("(self, ", "(").replace("(self)", "()")
                signature = signature.replace("(cls, ", "(").replace("(cls)", "()")
            except (TypeError, ValueError):
                signature = "(...)"
            lines.append(f".{member_name}{signature}")
    return lines


def escape_cell(text):
    return text.replace("|", "\\|")


def reference_markdown():
    """The generated part of docs/api.md."""
    texts = {page.name: page.read_text(encoding="utf-8") for page in DOCS.glob("*.md")}
    titles = page_titles()
    listed = public_names()
    seen = {}  # id(object) -> (module, name) of its first entry
    out = []
    current = None
    for module, name, obj in listed:
        if module != current:
            current = module
            if module == "naivebayes":
                out += ["## `naivebayes` {#top-level}", "",
                        "Everything a student imports with `from naivebayes import ...`.", ""]
            else:
                out += [f"## `{module}` {{#{module.split('.', 1)[1].replace('_', '-')}}}", ""]
        first = seen.get(id(obj))
        if first is not None and first[1] == name:
            out += [f"* `{module}.{name}`: the same object as [`{first[0]}.{name}`](#{anchor(*first)}).", ""]
            continue
        seen.setdefault(id(obj), (module, name))
        kind = "exception" if inspect.isclass(obj) and issubclass(obj, BaseException) else (
            "class" if inspect.isclass(obj) else "function")
        out += [f"### `{name}` {{#{anchor(module, name)}}}", ""]
        out += ["```python", signature_of(name, obj), "```", ""]
        out += [f"*{kind}, defined in `{obj.__module__}`.* {first_paragraph(obj)}", ""]
        parameters = parameters_of(obj)
        if parameters:
            out += ["| parameter | default |", "|---|---|"]
            for parameter, default, keyword_only in parameters:
                shown = f"`{escape_cell(default)}`" if default is not None else "required"
                out.append(f"| `{parameter}`{' (keyword only)' if keyword_only else ''} | {shown} |")
            out.append("")
        if kind == "class":
            methods = public_methods(obj)
            if methods:
                out += ["Methods and properties:", "", "```python", *methods, "```", ""]
        page = deriving_page(name, obj, texts)
        if page:
            out += [f"Derived on: [{titles.get(page, page)}]({page}).", ""]
    return "\n".join(out).rstrip() + "\n"


def fill(markdown):
    """docs/api.md's text with the marker replaced by the reference (unchanged without the marker)."""
    if MARKER not in markdown:
        return markdown
    return markdown.replace(MARKER, reference_markdown(), 1)


if __name__ == "__main__":
    print(reference_markdown())
