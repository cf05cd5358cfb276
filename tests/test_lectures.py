"""The lecture companions in lectures/ run, and print what their lecture claims.

Each companion is run the way a student runs it, as a script in a fresh
Python process (``python lectures/seed_....py --limit N``), on a small slice
of the shipped data so the run is quick and needs no network.
"""

import os
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LECTURES = ROOT / "lectures"
COMPANIONS = sorted(LECTURES.glob("seed_*.py"))
SEED_004 = LECTURES / "seed_004_multinomial_from_scratch.py"

# The first 40 training texts of the spam split hold both classes, and their
# longest class is long enough that a float product underflows (step 5).
SLICE = 40
TIMEOUT = 120  # seconds; a run takes well under one


@lru_cache(maxsize=None)
def run(script, *arguments):
    """Run one companion from the repository root: (exit code, stdout, stderr)."""
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    environment["PYTHONIOENCODING"] = "utf-8"  # the seed's sentence has "…" in it
    completed = subprocess.run(
        [sys.executable, str(script), *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=environment,  # no PYTHONPATH: the script must find the package by itself
        timeout=TIMEOUT,
    )
    return completed.returncode, completed.stdout, completed.stderr


def test_there_is_a_companion_for_seed_004():
    assert SEED_004 in COMPANIONS


@pytest.mark.parametrize("script", COMPANIONS, ids=[path.stem for path in COMPANIONS])
def test_every_companion_runs_on_a_slice(script):
    code, out, err = run(script, "--limit", str(SLICE))
    assert code == 0, err
    assert re.search(r"^accuracy on the \d+ test \w+: \d+/\d+ = [01]\.\d{4}$", out, re.M), out


def seed_004_output():
    code, out, err = run(SEED_004, "--limit", str(SLICE))
    assert code == 0, err
    return out


def test_seed_004_bag_of_words_is_the_seeds_14_words():
    out = seed_004_output()
    assert "bag of words: 14 words, 12 distinct" in out
    assert re.search(r"^  the +3$", out, re.M)
    assert "same bag as seed 004's list of 14 words: True" in out


def test_seed_004_priors_are_exact_fractions():
    out = seed_004_output()
    assert f"training documents: N = {SLICE} " in out
    priors = re.findall(r"^  P\((\w+)\) = N_c / N = (\d+)/(\d+)", out, re.M)
    assert sorted(label for label, _, _ in priors) == ["ham", "spam"]
    assert sum(int(n_c) for _, n_c, _ in priors) == SLICE
    assert all(int(n) == SLICE for _, _, n in priors)


def test_seed_004_unsmoothed_likelihood_shows_a_zero():
    out = seed_004_output()
    assert re.search(r"^  P\('[^']+' \| \w+\) = 0/\d+ = 0$", out, re.M)


def test_seed_004_hand_and_library_add_one_values_agree():
    out = seed_004_output()
    agreed = r"^hand-computed and library values agree for all \d+ \(word, class\) pairs\.$"
    assert re.search(agreed, out, re.M)
    # every printed hand value equals the library's value, shown on the same line
    smoothed = r"^  P\(.*\) = \(\d+ \+ 1\)/\(\d+ \+ \d+\) = (.*?) ~ [\d.]+   model\.likelihood: (\S+)$"
    lines = re.findall(smoothed, out, re.M)
    assert lines
    for by_hand, by_library in lines:
        assert by_hand.split(" = ")[-1] == by_library


def test_seed_004_float_product_underflows_but_log_sum_is_finite():
    out = seed_004_output()
    assert "Every float product underflowed to 0.0" in out
    log_sums = re.findall(r"^  (?:ham|spam) +0\.0 +\d+ \(\S+\) +(-\d+\.\d{4}) +10\^-\d+\.\d$", out, re.M)
    assert len(log_sums) == 2


def test_seed_004_unseen_words_are_ignored():
    out = seed_004_output()
    assert re.search(r"^ignored as unseen: \['\S+.*\]$", out, re.M)
    assert "scores and prediction unchanged when the unseen words are removed: True" in out


def test_seed_004_prints_a_classification_report():
    out = seed_004_output()
    assert re.search(r"^ +ham( +[01]\.\d{4}){3} +\d+$", out, re.M)
    assert re.search(r"^ +accuracy +[01]\.\d{4} +\d+$", out, re.M)


def test_seed_004_says_where_20_newsgroups_went():
    out = seed_004_output()
    assert "20 Newsgroups part of this lecture needs that corpus" in out
    assert "a later version of this companion adds it" in out


@pytest.mark.parametrize("limit", ["0", "1"])
def test_seed_004_refuses_a_limit_that_leaves_one_class(limit):
    code, out, err = run(SEED_004, "--limit", limit)
    assert code == 2
    assert "--limit" in err
    assert "Step 2" not in out


def test_seed_004_output_quoted_on_the_docs_page_is_current():
    """Every line of the ``text`` block on docs/lectures.md appears in a full run's output."""
    page = (ROOT / "docs" / "lectures.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```text\n(.*?)^```", page, re.M | re.S)
    assert blocks, "docs/lectures.md should quote the companion's key output in a ```text block"
    code, out, err = run(SEED_004)
    assert code == 0, err
    printed = set(out.splitlines())
    quoted = [line for block in blocks for line in block.splitlines() if line.strip()]
    missing = [line for line in quoted if line not in printed]
    assert missing == []
