"""The skips for want of a reference tool that ``--require-reference`` turns into failures (tests/conftest.py)."""

import re
from pathlib import Path

from conftest import REFERENCE_TOOLS, missing_reference_tool

TESTS = Path(__file__).resolve().parent


def test_every_skip_for_want_of_mkdocs_fails_under_require_reference():
    # issue 30: mkdocs and material are reference tools, so a site test skipped without them fails a --require-reference run
    assert {"mkdocs", "material"} <= set(REFERENCE_TOOLS)
    reasons = []
    for name in ("test_run_in_browser.py", "test_site_browser.py", "test_site_offline.py"):
        text = (TESTS / name).read_text(encoding="utf-8")
        reasons += [reason for reason in re.findall(r'reason="([^"]*)"', text) if "mkdocs" in reason]
    assert len(reasons) >= 4, reasons
    for reason in reasons:
        assert missing_reference_tool(reason) == "mkdocs", reason
    assert missing_reference_tool("could not import 'material': the theme") == "material"
    assert missing_reference_tool("building the site needs mkdocs") is None  # (the old reason slipped by)
