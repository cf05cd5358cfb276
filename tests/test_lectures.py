"""The lecture companions in lectures/ run, and print what their lecture claims.

Each companion is run the way a student runs it, as a script in a fresh
Python process (``python lectures/seed_....py --limit N``), on a small slice
so the run is quick and needs no network.

Seeds 000 and 003 need the 20 Newsgroups archive, and seed 004's step 8 uses
it too.  The tests pass a local copy with ``--archive`` when there is one
(the NAIVEBAYES_20NEWS_ARCHIVE variable, or ../shared/data next to this
checkout) and otherwise skip those runs (seed 004 runs with
``--no-newsgroups``); nothing is ever downloaded.  With the archive present,
seeds 000 and 003 also run in full and must print the lectures' numbers.
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
SEED_003 = LECTURES / "seed_003_bernoulli_newsgroups.py"
SEED_000 = LECTURES / "seed_000_multinomial_tfidf.py"
NEEDS_NEWSGROUPS = {SEED_000, SEED_003}  # cannot run at all without the archive
OPTIONAL_NEWSGROUPS = {SEED_004}  # its last step uses the archive; --no-newsgroups skips it


def local_archive():
    """A local 20news-bydate.tar.gz to pass with --archive, or None."""
    named = os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE")
    candidates = [Path(named)] if named else []
    candidates.append(ROOT.parent / "shared" / "data" / "20news-bydate.tar.gz")
    return next((str(path) for path in candidates if path.is_file()), None)


ARCHIVE = local_archive()
needs_archive = pytest.mark.skipif(ARCHIVE is None, reason="no local 20news-bydate.tar.gz")


def newsgroups_arguments(script):
    """--archive when there is one; otherwise seed 004 skips its 20 Newsgroups step."""
    if ARCHIVE is not None and script in NEEDS_NEWSGROUPS | OPTIONAL_NEWSGROUPS:
        return ("--archive", ARCHIVE)
    if script in OPTIONAL_NEWSGROUPS:
        return ("--no-newsgroups",)
    if script in NEEDS_NEWSGROUPS:
        pytest.skip("no local 20news-bydate.tar.gz, and the tests never download it")
    return ()

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


def test_there_is_a_companion_for_seeds_000_003_and_004():
    assert {SEED_000, SEED_003, SEED_004} <= set(COMPANIONS)


@pytest.mark.parametrize("script", COMPANIONS, ids=[path.stem for path in COMPANIONS])
def test_every_companion_runs_on_a_slice(script):
    code, out, err = run(script, "--limit", str(SLICE), *newsgroups_arguments(script))
    assert code == 0, err
    assert re.search(r"^accuracy on the \d+ test \w+: \d+/\d+ = [01]\.\d{4}", out, re.M), out


def seed_004_output():
    code, out, err = run(SEED_004, "--limit", str(SLICE), "--no-newsgroups")
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


def test_seed_004_says_why_steps_1_to_7_use_the_spam_corpus():
    out = seed_004_output()
    assert "Steps 1 to 7 run on the small spam corpus" in out
    assert "Step 8" not in out  # --no-newsgroups


@needs_archive
def test_seed_004_step_8_trains_on_20_newsgroups():
    code, out, err = run(SEED_004, "--limit", str(SLICE), "--archive", ARCHIVE)
    assert code == 0, err
    assert re.search(rf"^trained on {SLICE} posts of 20 groups: \|V\| = \d+ distinct words", out, re.M)
    assert re.search(r"^test words never seen in training, and so ignored: \d+ of \d+", out, re.M)
    assert re.search(r"^accuracy on the 7532 test posts: \d+/7532 = 0\.\d{4}$", out, re.M)


def test_seed_004_step_8_fails_clearly_without_an_archive(tmp_path):
    code, out, err = run(SEED_004, "--limit", str(SLICE), "--archive", str(tmp_path / "missing.tar.gz"))
    assert code == 1
    assert "step 8 could not load 20 Newsgroups" in err
    assert "missing.tar.gz" in err
    assert "--no-newsgroups" in err
    assert "Traceback" not in err


# -- seed 003: Bernoulli naive Bayes on four newsgroups --------------------------------


@needs_archive
def test_seed_003_reproduces_the_lectures_training_accuracy():
    code, out, err = run(SEED_003, "--archive", ARCHIVE)
    assert code == 0, err
    assert "X_train: 2257 posts x 1000 words" in out
    assert "phis = [0.21267169 0.25875055 0.26318121 0.26539654]" in out
    clipped = re.search(r"^training accuracy, clipped: (\d+)/2257 = (0\.\d{4})", out, re.M)
    assert clipped and abs(int(clipped[1]) / 2257 - 0.8693) <= 0.005
    assert "within 0.005 of the lecture's figure: True" in out
    laplace = re.search(r"^training accuracy, Laplace: (\d+)/2257 = (0\.\d{4})", out, re.M)
    assert laplace and int(laplace[1]) < int(clipped[1])  # step 5's point: smoothing costs here
    assert "'OpenGL on the GPU is fast' => comp.graphics   (clipped" in out


@needs_archive
def test_seed_003_matches_the_lectures_first_ten_predictions():
    """The shuffle reproduces numpy's, so the first ten posts are the lecture's."""
    code, out, err = run(SEED_003, "--archive", ARCHIVE)
    assert code == 0, err
    assert "first ten predictions: [1 1 3 0 3 3 3 2 2 2]" in out


# -- seed 000: TF-IDF and multinomial naive Bayes --------------------------------------


@needs_archive
def test_seed_000_reproduces_the_lectures_macro_f1():
    code, out, err = run(SEED_000, "--archive", ARCHIVE, "--no-sklearn")
    assert code == 0, err
    assert "training posts: 11314, test posts: 7532, groups: 20" in out
    macro_f1 = re.search(r"^macro-F1: (0\.\d{3})", out, re.M)
    assert macro_f1 and abs(float(macro_f1[1]) - 0.683) <= 0.01
    assert re.search(r"^sum over all n words of phi_c\^k = (1\.0{12}|0\.9{12})", out, re.M)


@pytest.mark.parametrize("script", [SEED_000, SEED_003], ids=["seed_000", "seed_003"])
def test_newsgroups_companions_fail_clearly_without_an_archive(script, tmp_path):
    code, out, err = run(script, "--archive", str(tmp_path / "missing.tar.gz"))
    assert code == 1
    assert "could not load 20 Newsgroups" in err
    assert "Traceback" not in err


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
    code, out, err = run(SEED_004, "--no-newsgroups")
    assert code == 0, err
    printed = set(out.splitlines())
    quoted = [line for block in blocks for line in block.splitlines() if line.strip()]
    missing = [line for line in quoted if line not in printed]
    assert missing == []
