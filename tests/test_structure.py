"""The package's shape: standard library only, and layers that import only the layers below them.

The pipeline page lists the layers.  A layer may import itself and the layers
it builds on, never one above it: the models do not import the explainer that
reads them, and nothing in the package imports numpy, pandas or scikit-learn
(students' numpy arrays and pandas frames are taken by duck typing).
"""

import ast
import subprocess
import sys
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
    # The command line sits on top of everything: it may use every layer.
    "command_line": {
        "plumbing", "core", "text", "tables", "naive_bayes", "other_models",
        "inspect", "evaluation", "datasets", "fast", "saving", "command_line",
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
