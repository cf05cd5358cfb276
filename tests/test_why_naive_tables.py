"""The census tables on docs/why-naive.md must be what the library computes today.

The Adult census is not shipped, so those tables are printed by
``docs/scripts/why_naive_tables.py`` and pasted into the page, where they
would drift silently if the library changed.  Both tests skip when the data
is not at hand:

* the lecture's joint table (sex x hours-per-week > 40.5 x income, all 48,842
  people) is learned again here and looked for on the page, line by line;
  it takes about two seconds;
* the whole script (about 20 seconds) runs when ``NAIVEBAYES_SLOW_TESTS=1``
  is set, and every table line it prints must be on the page.
"""

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes.other_models.joint import JointTable

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"
PAGE = ROOT / "docs" / "why-naive.md"

needs_the_data = pytest.mark.skipif(
    not (SHARED_DATA / "adult.data").exists() or not (SHARED_DATA / "adult.test").exists(),
    reason="the Adult files are not at hand",
)


def page_lines():
    return PAGE.read_text(encoding="utf-8").splitlines()


@needs_the_data
def test_the_lectures_joint_table_is_on_the_page():
    from naivebayes.datasets import load_adult

    everyone = load_adult("all", path=SHARED_DATA)
    records = [
        {"sex": row["sex"], "hours-per-week > 40.5": row["hours-per-week"] > 40.5, "income": label}
        for row, label in zip(everyone.rows, everyone.labels)
    ]
    table = JointTable.from_rows(records)
    assert (table.n_records, table.n_left_out, table.n_combinations, table.empty_share) == (48842, 0, 8, 0)
    # counted with awk on the two files: 12,363 women working at most 40 hours earn at most 50K
    assert table.counts[("Female", False, "<=50K")] == 12363
    assert table.probability({"income": ">50K"}) == Fraction(11687, 48842)
    missing = [line for line in table.to_markdown().splitlines() if line not in page_lines()]
    assert missing == []


@pytest.mark.skipif(os.environ.get("NAIVEBAYES_SLOW_TESTS") != "1", reason="takes 20 s; set NAIVEBAYES_SLOW_TESTS=1")
@needs_the_data
def test_every_census_table_is_what_the_script_prints():
    result = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "scripts" / "why_naive_tables.py")],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "NAIVEBAYES_ADULT_PATH": str(SHARED_DATA)},
    )
    printed = [line for line in result.stdout.splitlines() if line.startswith("|")]
    assert len(printed) > 100
    page = set(page_lines())
    assert [line for line in printed if line not in page] == []
