"""Tables on the docs pages that a script computed must be what the script prints today.

A table that is not a doctest drifts silently when the library changes.  The
scripts live in ``docs/scripts/`` (the page includes them), and these tests
run them and look for every line they print on the page.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"


def printed_lines(script, environment=None):
    result = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "scripts" / script)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, **(environment or {})},
    )
    return [line for line in result.stdout.splitlines() if line.strip()]


def test_the_iris_table_is_what_its_script_prints():
    page = (ROOT / "docs" / "choosing-distributions.md").read_text(encoding="utf-8").splitlines()
    lines = printed_lines("iris_table.py")
    assert len(lines) == 11
    assert [line for line in lines if line not in page] == []


@pytest.mark.skipif(os.environ.get("NAIVEBAYES_SLOW_TESTS") != "1", reason="takes 40 s; set NAIVEBAYES_SLOW_TESTS=1")
@pytest.mark.skipif(not (SHARED_DATA / "adult.data").exists(), reason="the Adult files are not at hand")
def test_the_adult_tables_are_what_their_script_prints():
    page = (ROOT / "docs" / "choosing-distributions.md").read_text(encoding="utf-8").splitlines()
    lines = printed_lines("adult_table.py", {"NAIVEBAYES_ADULT_PATH": str(SHARED_DATA)})
    assert [line for line in lines if line.startswith("|") and line not in page] == []
