"""The package's shape: standard library only, and layers that import only the layers below them.

The pipeline page lists the layers.  A layer may import itself and the layers
it builds on, never one above it: the models do not import the explainer that
reads them, and nothing in the package imports numpy, pandas or scikit-learn
(students' numpy arrays and pandas frames are taken by duck typing).
"""

import ast
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "naivebayes"
NUMERIC = {"numpy", "scipy", "pandas", "sklearn", "matplotlib", "torch", "tensorflow", "nltk"}

# folder -> the folders of naivebayes/ it may import from
ALLOWED = {
    "plumbing": {"plumbing"},
    "core": {"plumbing", "core"},
    "text": {"plumbing", "core", "text"},
    "tables": {"plumbing", "core", "tables"},
    "naive_bayes": {"plumbing", "core", "text", "tables", "naive_bayes"},
    "other_models": {"plumbing", "core", "text", "tables", "naive_bayes", "other_models"},
    "inspect": {"plumbing", "core", "naive_bayes", "other_models", "inspect"},
    "evaluation": {"plumbing", "core", "tables", "evaluation"},
    "datasets": {"plumbing", "core", "datasets"},
    "fast": {"plumbing", "core", "text", "naive_bayes", "fast"},
    "saving": {"plumbing", "core", "text", "tables", "naive_bayes", "other_models", "saving"},
    # The exercises check a student's function against the library's and run the real models with it.
    "exercises": {
        "plumbing", "core", "text", "tables", "naive_bayes", "other_models",
        "inspect", "evaluation", "datasets", "exercises",
    },
    # The command line sits on top of everything: it may use every layer.
    "command_line": {
        "plumbing", "core", "text", "tables", "naive_bayes", "other_models",
        "inspect", "evaluation", "datasets", "fast", "saving", "exercises", "command_line",
    },
}


def imports_of(path):
    """Every module name that ``path`` imports, at any depth of the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_numeric_library_is_imported(path):
    assert not [name for name in imports_of(path) if name.split(".")[0] in NUMERIC]


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_each_layer_imports_only_the_layers_below(layer):
    problems = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for name in imports_of(path):
            parts = name.split(".")
            if parts[0] == "naivebayes" and len(parts) > 1 and parts[1] not in ALLOWED[layer]:
                problems.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert problems == []


def test_every_file_of_the_package_is_in_a_layer():
    top_level = {path.name for path in PACKAGE.glob("*.py")}
    assert top_level == {"__init__.py", "__main__.py"}
    assert {path.name for path in PACKAGE.iterdir() if path.is_dir() and path.name != "__pycache__"} == set(ALLOWED)


def test_importing_the_package_loads_no_numeric_library():
    code = (
        "import sys, naivebayes, naivebayes.datasets; "
        f"print(sorted(name for name in sys.modules if name.split('.')[0] in {sorted(NUMERIC)!r}))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_the_layer_check_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import numpy as np\nfrom naivebayes.inspect import informative\n", encoding="utf-8")
    assert imports_of(bad) == ["numpy", "naivebayes.inspect"]


# ---------------------------------------------------------------------------
# One name, one definition; __all__ lists what a user calls; formulas are called
# ---------------------------------------------------------------------------


def top_level_definitions(path):
    """The functions, classes and module constants that ``path`` defines at its top level (imports left out)."""
    names = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [target.id for target in targets if isinstance(target, ast.Name) and target.id != "__all__"]
    return names


def definitions_in_two_files(paths):
    """{name: [files]} for every top-level name defined in more than one of ``paths``."""
    where = {}
    for path in paths:
        for name in top_level_definitions(path):
            where.setdefault(name, []).append(str(path.relative_to(PACKAGE.parent)))
    return {name: files for name, files in where.items() if len(files) > 1}


def test_each_name_is_defined_once_in_the_package():
    assert definitions_in_two_files(sorted(PACKAGE.rglob("*.py"))) == {}


def test_the_check_of_one_definition_can_fail(tmp_path):
    for name in ("a.py", "b.py"):
        (tmp_path / name).write_text("def is_number(value):\n    return True\n", encoding="utf-8")
    global PACKAGE
    package, PACKAGE = PACKAGE, tmp_path / "package"
    try:
        assert list(definitions_in_two_files([tmp_path / "a.py", tmp_path / "b.py"])) == ["is_number"]
    finally:
        PACKAGE = package


def names_in_all(path):
    """The names a module's ``__all__`` lists (empty if it has none)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return [element.value for element in node.value.elts]
    return []


def documented_words():
    """Every identifier that the docs pages, the README and the lecture companions mention."""
    root = PACKAGE.parent
    texts = [path.read_text(encoding="utf-8") for path in [*sorted((root / "docs").glob("*.md")), root / "README.md"]]
    texts += [path.read_text(encoding="utf-8") for path in sorted((root / "lectures").glob("*.py"))]
    words = set()
    for text in texts:
        words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    return words


def test_every_name_a_module_exports_is_one_the_docs_tell_a_user_to_call():
    """``__all__`` lists what a user calls: each name is shown on a docs page (by name, or as a formula's code), the README or a companion."""
    words = documented_words() | set(formula_functions())
    undocumented = [
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name in names_in_all(path)
        if name not in words
    ]
    assert undocumented == []


def formula_functions():
    """{function name: file} for every function wrapped in snippet markers."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"# --8<-- \[start:eq-[\w-]+\]\n(?:@.*\n)*def (\w+)", text):
            found[match.group(1)] = path
    return found


def test_every_formula_function_is_one_the_package_calls():
    """No twin kept for the docs: each formula function is called somewhere in the package, not only defined."""
    uses_of = Counter()  # each identifier's uses, read once: not followed by "=" (an assignment, or a keyword's value)
    for path in PACKAGE.rglob("*.py"):
        uses_of.update(re.findall(r"\b([A-Za-z_]\w*)\b(?!\s*=)", path.read_text(encoding="utf-8")))
    never_called = []
    for name, home in formula_functions().items():
        uses = uses_of[name]
        exported = names_in_all(home).count(name)
        if uses - 1 - exported < 1:  # (its def, and its name in __all__, are not calls)
            never_called.append(f"{name} ({home.relative_to(PACKAGE)})")
    assert never_called == []
