"""The list of slower checks in conftest.py names only tests that exist, and skips them by default.

A slower check (a browser, a notebook kernel, R, Weka, a whole corpus) is
skipped by the README's test command and run by CI's later step with
NAIVEBAYES_SLOW_TESTS=1.  If a test in the list is renamed, it would silently
run in the quick command (or a module would vanish from the list): this file
catches both.
"""

import ast
from pathlib import Path

import conftest

TESTS = Path(__file__).resolve().parent


def functions_named_test_in(module):
    tree = ast.parse((TESTS / f"{module}.py").read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def test_every_slow_module_is_a_test_file():
    for module in conftest.SLOW_MODULES:
        assert (TESTS / f"{module}.py").is_file(), f"conftest.SLOW_MODULES names {module}, which is not in tests/"


def test_every_slow_test_is_defined_in_some_test_file():
    defined = set()
    for path in TESTS.glob("test_*.py"):
        defined |= functions_named_test_in(path.stem)
    missing = sorted(conftest.SLOW_TESTS - defined)
    assert not missing, f"conftest.SLOW_TESTS names tests that no file defines: {missing}"


class Item:
    def __init__(self, path, name):
        self.fspath, self.originalname = path, name


def test_slow_checks_are_recognised_by_module_and_by_name():
    assert conftest.is_slow_check(Item(TESTS / "test_site_browser.py", "test_anything"))
    assert conftest.is_slow_check(Item(TESTS / "test_lectures.py", "test_every_companion_runs_on_a_slice"))
    assert not conftest.is_slow_check(Item(TESTS / "test_lectures.py", "test_every_companion_is_listed"))
