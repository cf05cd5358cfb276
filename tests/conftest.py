"""Shared test settings: ``--require-reference`` makes a missing reference tool a failure.

The tests that compare with scikit-learn, numpy and pandas skip cleanly when
those are not installed, so that the README's test command works anywhere.
CI installs them (the ``reference`` extra) and runs the tests again with
``--require-reference``, so that none of those comparisons can pass by
being skipped.
"""

import importlib.util
import os
import re
from pathlib import Path

import pytest

REFERENCE_TOOLS = ("numpy", "pandas", "sklearn", "scipy")
# What the browser and notebook tests need; .ci/run installs them before its --require-reference run.
REFERENCE_TOOLS += ("chromium", "jupytext", "nbclient", "ipykernel", "nbformat")
# Weka (Debian's weka package) checks tree-augmented naive Bayes; .ci/run installs it too.
REFERENCE_TOOLS += ("weka",)
# The engines of docs/many-cores.md (tests/test_engines.py): the "engines" extra and a Java runtime for Spark.
REFERENCE_TOOLS += ("pyspark", "dask", "distributed", "java")
# NLTK (the Porter stemmer's reference) and R's e1071 (whose skip says "Rscript with the e1071 package is
# not installed"); .ci/run installs both in its extras step.
REFERENCE_TOOLS += ("nltk", "e1071", "Rscript")
# The Pyodide runtime of the docs' Run buttons (tests/test_run_in_browser.py), fetched by
# docs/scripts/get_pyodide.py, which .ci/run runs before its docs build.  Without it the docs build stops
# and says what to run; the tests that build the site then build it without Run buttons, on purpose.
REFERENCE_TOOLS += ("pyodide",)
_GET_PYODIDE = importlib.util.spec_from_file_location(
    "get_pyodide", Path(__file__).resolve().parent.parent / "docs" / "scripts" / "get_pyodide.py")
get_pyodide = importlib.util.module_from_spec(_GET_PYODIDE)
_GET_PYODIDE.loader.exec_module(get_pyodide)
if not get_pyodide.runtime_is_present():
    os.environ.setdefault("NAIVEBAYES_DOCS_WITHOUT_RUNTIME", "1")
MISSING_TOOL = re.compile(r"could not import '(\w+)|\b(e1071|Rscript)\b")


def missing_reference_tool(reason):
    """The reference tool a skip's reason says is missing, or None."""
    missing = MISSING_TOOL.search(reason)
    if missing is None:
        return None
    tool = (missing.group(1) or missing.group(2)).split(".")[0]
    return tool if tool in REFERENCE_TOOLS else None


def skip_reason(report):
    return str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else str(report.longrepr)


def pytest_addoption(parser):
    parser.addoption(
        "--require-reference",
        action="store_true",
        help="fail, instead of skipping, a test whose reference tool (numpy, pandas, scikit-learn) is missing",
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if not report.skipped or not item.config.getoption("--require-reference"):
        return
    reason = skip_reason(report)
    if missing_reference_tool(reason):
        report.outcome = "failed"
        report.longrepr = f"--require-reference: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    """A whole module skipped at collection (a module-level ``pytest.importorskip``) fails too."""
    outcome = yield
    report = outcome.get_result()
    if not report.skipped or not collector.config.getoption("--require-reference"):
        return
    reason = skip_reason(report)
    if missing_reference_tool(reason):
        report.outcome = "failed"
        report.longrepr = f"--require-reference: the whole of {collector.nodeid} was skipped: {reason}"
