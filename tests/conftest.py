"""Shared test settings: ``--require-reference`` makes a missing reference tool a failure.

The tests that compare with scikit-learn, numpy and pandas skip cleanly when
those are not installed, so that the README's test command works anywhere.
CI installs them (the ``reference`` extra) and runs the tests again with
``--require-reference``, so that none of those comparisons can pass by
being skipped.
"""

import re

import pytest

REFERENCE_TOOLS = ("numpy", "pandas", "sklearn", "scipy")
# What the browser and notebook tests need; .ci/run installs them before its --require-reference run.
REFERENCE_TOOLS += ("chromium", "jupytext", "nbclient", "ipykernel", "nbformat")
# Weka (Debian's weka package) checks tree-augmented naive Bayes; .ci/run installs it too.
REFERENCE_TOOLS += ("weka",)
MISSING_TOOL = re.compile(r"could not import '(\w+)")


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
    reason = str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else str(report.longrepr)
    missing = MISSING_TOOL.search(reason)
    if missing and missing.group(1).split(".")[0] in REFERENCE_TOOLS:
        report.outcome = "failed"
        report.longrepr = f"--require-reference: {reason}"
