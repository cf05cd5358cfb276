"""The tests that tell the package's frames from the rest work wherever the checkout is.

The debugger-walk tests (and the tracer tests of the joint table, KernelNB and
tree-augmented naive Bayes, and the fuzzer's report) keep only the frames of
the package's own source.  A filter by name, such as ``"/naivebayes/" in
path``, also keeps the tests' own frames when the checkout's folder is called
``naivebayes``: then a frame of the test counts as a library call and the walk
tests fail, or worse, pass for the wrong reason.  So the filter compares each
frame's resolved file with the resolved folder of the package imported.

Two checks here:

* the predicates themselves, on paths under ``a b é/naivebayes`` (a space and
  a non-ASCII letter in the parent, and a checkout named as the package);
* the walk tests and the tracer tests run from a copy of the checkout in such
  a folder, in a fresh process that imports the copy's package.
"""

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import naivebayes
from test_debugger_walk import PACKAGE, in_package

ROOT = Path(__file__).resolve().parent.parent
FUZZER = ROOT / "tests" / "fuzz" / "fuzz_public_api.py"


def old_name_filter(filename):
    """The filter that failed in a checkout called naivebayes: kept here to show the checks can fail."""
    return "/naivebayes/" in filename.replace(os.sep, "/")


@pytest.fixture
def checkout(tmp_path):
    """A checkout called naivebayes, under a parent with a space and an accent: package, tests, a stray sibling."""
    root = tmp_path / "a b é" / "naivebayes"
    for relative in ("naivebayes/__init__.py", "naivebayes/core/bayes.py", "tests/test_walk.py",
                     "naivebayes_extra/x.py", "naivebayes-old/naivebayes/core/bayes.py"):  # fmt: skip
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n", encoding="utf-8")
    return root


def fuzzer_predicate():
    spec = importlib.util.spec_from_file_location("fuzz_public_api_paths", FUZZER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.in_package_source


def test_the_walk_tests_look_for_the_package_imported():
    assert PACKAGE == Path(naivebayes.__file__).resolve().parent
    assert in_package(naivebayes.__file__) and in_package(sys.modules["naivebayes.core.bayes"].__file__)
    assert not in_package(__file__) and not in_package(pytest.__file__)
    assert not in_package("<string>") and not in_package("<frozen abc>") and not in_package("")


@pytest.mark.parametrize("predicate", ["walk", "fuzzer", "old name filter"])
def test_a_checkout_called_naivebayes_under_spaces_and_accents(checkout, predicate):
    package = checkout / "naivebayes"
    if predicate == "walk":
        def inside(filename):
            return in_package(filename, package)
    elif predicate == "fuzzer":
        def inside(filename):
            return fuzzer_predicate()(filename, package)
    else:
        inside = old_name_filter
    verdicts = {
        "package file": inside(str(package / "core" / "bayes.py")),
        "package, relative": None,
        "test file": inside(str(checkout / "tests" / "test_walk.py")),
        "sibling with the name as prefix": inside(str(checkout / "naivebayes_extra" / "x.py")),
        "another copy of the package": inside(str(checkout / "naivebayes-old" / "naivebayes" / "core" / "bayes.py")),
        "no file": inside("<string>"),
    }
    cwd = os.getcwd()
    try:
        os.chdir(checkout)
        verdicts["package, relative"] = inside(os.path.join("naivebayes", "core", "bayes.py"))
    finally:
        os.chdir(cwd)
    link = checkout.parent / "link to bayes.py"
    link.symlink_to(package / "core" / "bayes.py")
    verdicts["symlink to a package file"] = inside(str(link))
    expected = {"package file": True, "package, relative": True, "test file": False,
                "sibling with the name as prefix": False, "another copy of the package": False, "no file": False,
                "symlink to a package file": True}  # fmt: skip
    if predicate == "old name filter":  # the checks catch the old filter: it takes the tests for the package
        assert verdicts != expected and verdicts["test file"] is True
    else:
        assert verdicts == expected


# The tests that filter frames by the package's folder, run from a copy in such a folder.
TRACER_TESTS = [
    "tests/test_debugger_walk.py",
    "tests/test_joint.py::test_the_marginal_of_one_feature_and_list_rows",
    "tests/test_kernel.py::test_a_prediction_walks_the_named_steps_and_builds_nothing",
    "tests/test_tree_augmented.py::test_a_prediction_walks_the_named_steps_and_builds_nothing",
]


def test_the_tracer_tests_pass_from_a_checkout_called_naivebayes(tmp_path):
    copy = tmp_path / "a b é" / "naivebayes"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "benchmarks", "fuzz")
    shutil.copytree(ROOT / "naivebayes", copy / "naivebayes", ignore=ignore)
    shutil.copytree(ROOT / "tests", copy / "tests", ignore=ignore)
    shutil.copytree(ROOT / "docs" / "scripts", copy / "docs" / "scripts", ignore=ignore)  # conftest.py reads one
    environment = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1",
                   "NAIVEBAYES_DOCS_WITHOUT_RUNTIME": "1"}  # fmt: skip
    check = subprocess.run(
        [sys.executable, "-c", "import naivebayes; print(naivebayes.__file__)"],
        cwd=copy, env=environment, capture_output=True, text=True, encoding="utf-8", timeout=60,
    )
    assert Path(check.stdout.strip()).resolve() == (copy / "naivebayes" / "__init__.py").resolve(), check
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-o", "addopts=",
         "--rootdir", str(copy), *TRACER_TESTS],
        cwd=copy, env=environment, capture_output=True, text=True, encoding="utf-8", timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and " failed" not in run.stdout
