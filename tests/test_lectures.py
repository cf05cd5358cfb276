"""The lecture companions in lectures/ run, and print what their lecture claims.

Each companion is run the way a student runs it, as a script in a fresh
Python process (``python lectures/<companion>.py --limit N``), on a small
slice so the run is quick and needs no network.  A companion is any ``*.py``
in lectures/ whose name does not start with an underscore; it is named after
the note it follows.

The companions of the Pudding documentation "Naive Bayes" and of Cornell
Tech's "Lecture 8: Naive Bayes" need the 20 Newsgroups archive, and step 8 of
the from-scratch blog post's companion uses it too.  The tests pass a local
copy with ``--archive`` when there is one (the NAIVEBAYES_20NEWS_ARCHIVE
variable, or ../shared/data next to this checkout) and otherwise skip those
runs (the from-scratch companion runs with ``--no-newsgroups``); nothing is
ever downloaded.  With the archive present, the Pudding and Cornell
companions also run in full and must print the notes' numbers.
"""

import importlib.util
import math
import os
import random
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LECTURES = ROOT / "lectures"
COMPANIONS = sorted(path for path in LECTURES.glob("*.py") if not path.name.startswith("_"))
FROM_SCRATCH = LECTURES / "from_scratch_multinomial.py"  # the blog post, after Jurafsky and Martin
CORNELL = LECTURES / "cornell_lecture_8_bernoulli.py"  # Cornell Tech, "Lecture 8: Naive Bayes"
PUDDING = LECTURES / "pudding_multinomial_tfidf.py"  # the Pudding documentation, "Naive Bayes"
NEEDS_NEWSGROUPS = {PUDDING, CORNELL}  # cannot run at all without the archive
OPTIONAL_NEWSGROUPS = {FROM_SCRATCH}  # its last step uses the archive; --no-newsgroups skips it


def local_archive():
    """A local 20news-bydate.tar.gz to pass with --archive, or None."""
    named = os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE")
    candidates = [Path(named)] if named else []
    candidates.append(ROOT.parent / "shared" / "data" / "20news-bydate.tar.gz")
    return next((str(path) for path in candidates if path.is_file()), None)


ARCHIVE = local_archive()
needs_archive = pytest.mark.skipif(ARCHIVE is None, reason="no local 20news-bydate.tar.gz")


def newsgroups_arguments(script):
    """--archive when there is one; otherwise the from-scratch companion skips its 20 Newsgroups step."""
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
    environment["PYTHONIOENCODING"] = "utf-8"  # the blog post's sentence has "…" in it
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


def test_there_is_a_companion_for_the_pudding_cornell_and_from_scratch_notes():
    assert {PUDDING, CORNELL, FROM_SCRATCH} <= set(COMPANIONS)


def test_no_companion_is_named_by_a_number():
    """Students know the notes by their titles, so the files are named after them."""
    numbered = [path.name for path in COMPANIONS if re.search(r"seed|\d{3}", path.name)]
    assert numbered == []


@pytest.mark.parametrize("script", COMPANIONS, ids=[path.stem for path in COMPANIONS])
def test_every_companion_runs_on_a_slice(script):
    code, out, err = run(script, "--limit", str(SLICE), *newsgroups_arguments(script))
    assert code == 0, err
    assert re.search(r"^accuracy on the \d+ test \w+: \d+/\d+ = [01]\.\d{4}", out, re.M), out


def from_scratch_output():
    code, out, err = run(FROM_SCRATCH, "--limit", str(SLICE), "--no-newsgroups")
    assert code == 0, err
    return out


def test_from_scratch_bag_of_words_is_the_blog_posts_14_words():
    out = from_scratch_output()
    assert "bag of words: 14 words, 12 distinct" in out
    assert re.search(r"^  the +3$", out, re.M)
    assert "same bag as the blog post's list of 14 words: True" in out


def test_from_scratch_priors_are_exact_fractions():
    out = from_scratch_output()
    assert f"training documents: N = {SLICE} " in out
    priors = re.findall(r"^  P\((\w+)\) = N_c / N = (\d+)/(\d+)", out, re.M)
    assert sorted(label for label, _, _ in priors) == ["ham", "spam"]
    assert sum(int(n_c) for _, n_c, _ in priors) == SLICE
    assert all(int(n) == SLICE for _, _, n in priors)


def test_from_scratch_unsmoothed_likelihood_shows_a_zero():
    out = from_scratch_output()
    assert re.search(r"^  P\('[^']+' \| \w+\) = 0/\d+ = 0$", out, re.M)


def test_from_scratch_hand_and_library_add_one_values_agree():
    out = from_scratch_output()
    agreed = r"^hand-computed and library values agree for all \d+ \(word, class\) pairs\.$"
    assert re.search(agreed, out, re.M)
    # every printed hand value equals the library's value, shown on the same line
    smoothed = r"^  P\(.*\) = \(\d+ \+ 1\)/\(\d+ \+ \d+\) = (.*?) ~ [\d.]+   model\.likelihood: (\S+)$"
    lines = re.findall(smoothed, out, re.M)
    assert lines
    for by_hand, by_library in lines:
        assert by_hand.split(" = ")[-1] == by_library


def test_from_scratch_float_product_underflows_but_log_sum_is_finite():
    out = from_scratch_output()
    assert "Every float product underflowed to 0.0" in out
    log_sums = re.findall(r"^  (?:ham|spam) +0\.0 +\d+ \(\S+\) +(-\d+\.\d{4}) +10\^-\d+\.\d$", out, re.M)
    assert len(log_sums) == 2


def test_from_scratch_unseen_words_are_ignored():
    out = from_scratch_output()
    assert re.search(r"^ignored as unseen: \['\S+.*\]$", out, re.M)
    assert "scores and prediction unchanged when the unseen words are removed: True" in out


def test_from_scratch_prints_a_classification_report():
    out = from_scratch_output()
    assert re.search(r"^ +ham( +[01]\.\d{4}){3} +\d+$", out, re.M)
    assert re.search(r"^ +accuracy +[01]\.\d{4} +\d+$", out, re.M)


def test_from_scratch_says_why_steps_1_to_7_use_the_spam_corpus():
    out = from_scratch_output()
    assert "Steps 1 to 7 run on the small spam corpus" in out
    assert "Step 8" not in out  # --no-newsgroups


@needs_archive
def test_from_scratch_step_8_trains_on_20_newsgroups():
    code, out, err = run(FROM_SCRATCH, "--limit", str(SLICE), "--archive", ARCHIVE)
    assert code == 0, err
    assert re.search(rf"^trained on {SLICE} posts of 20 groups: \|V\| = \d+ distinct words", out, re.M)
    assert re.search(r"^test words never seen in training, and so ignored: \d+ of \d+", out, re.M)
    assert re.search(r"^accuracy on the 7532 test posts: \d+/7532 = 0\.\d{4}$", out, re.M)


def test_from_scratch_step_8_fails_clearly_without_an_archive(tmp_path):
    code, out, err = run(FROM_SCRATCH, "--limit", str(SLICE), "--archive", str(tmp_path / "missing.tar.gz"))
    assert code == 1
    assert "step 8 could not load 20 Newsgroups" in err
    assert "missing.tar.gz" in err
    assert "--no-newsgroups" in err
    assert "Traceback" not in err


# -- Cornell Tech, "Lecture 8: Naive Bayes": Bernoulli naive Bayes on four newsgroups --


def cornell_full_output():
    code, out, err = run(CORNELL, "--archive", ARCHIVE)
    assert code == 0, err
    return out


@needs_archive
def test_cornell_reproduces_the_lectures_printed_numbers():
    out = cornell_full_output()
    assert "training posts: 2257   (lecture: 2257;" in out
    assert "columns of 'church': 8609, 'computer': 9338   (lecture:" in out
    assert "post 3 contains: {'church': 1, 'computer': 0, 'doctor': 0, 'important': 1}   (lecture:" in out
    assert "X_train: 2257 posts x 1000 words" in out
    assert "phis = [0.21267169 0.25875055 0.26318121 0.26539654]" in out
    assert "'OpenGL on the GPU is fast' => comp.graphics   (clipped" in out


@needs_archive
def test_cornell_matches_the_lectures_first_ten_predictions():
    """The shuffle reproduces numpy's, so the first ten posts are the lecture's."""
    assert "first ten predictions: [1 1 3 0 3 3 3 2 2 2]" in cornell_full_output()


@needs_archive
def test_cornell_explains_the_lectures_training_accuracy_to_the_digit():
    """15 words tie for 7 places; 2,117 of the 6,435 choices give 1,962; numpy's sort picks one of them."""
    out = cornell_full_output()
    assert "993 words are in more than 55 posts; 15 words are in exactly 55," in out
    assert "C(15, 7) = 6435 possible choices." in out
    tally = dict(re.findall(r"^  (\d{4})/2257 +(\d+)", out, re.M))
    assert tally == {"1958": "22", "1959": "211", "1960": "1005", "1961": "1960",
                     "1962": "2117", "1963": "987", "1964": "133"}
    assert sum(int(n) for n in tally.values()) == math.comb(15, 7)
    library = re.search(r"^training accuracy, clipped: (\d+)/2257", out, re.M)
    assert library[1] == "1963"  # the alphabetically first seven
    lecture = (
        "  numpy's quicksort (replayed) on 35788 words: becomes, dave, doctors, illinois, instance, lab, mike\n"
        "      -> 1962/2257 = 0.8692955250332299\n"
    )
    assert lecture in out
    assert "  lecture: 35788 words, 0.8692955250332299" in out


@needs_archive
def test_cornell_laplace_smoothing_costs_training_accuracy():
    out = cornell_full_output()
    clipped = re.search(r"^training accuracy, clipped: (\d+)/2257", out, re.M)
    laplace = re.search(r"^training accuracy, Laplace: (\d+)/2257 = 0\.7962", out, re.M)
    assert laplace and int(laplace[1]) < int(clipped[1])  # step 6's point: smoothing costs here


def load_companion(path):
    """Import a companion as a module, to test one of its functions."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", range(5))
def test_cornell_replay_of_numpys_quicksort_is_numpys_own(seed):
    """numpy sorts int16 with its own quicksort on every processor (no SIMD sort for int16)."""
    numpy = pytest.importorskip("numpy")
    replay = load_companion(CORNELL).numpy_quicksort_argsort
    rng = random.Random(seed)
    for size in (0, 1, 2, 15, 16, 17, 100, 1000, rng.randrange(2000, 40000)):
        values = [rng.randrange(-60, 0) for _ in range(size)]  # many ties, as among word frequencies
        assert replay(values) == numpy.argsort(numpy.array(values, dtype=numpy.int16), kind="quicksort").tolist()


def test_cornell_replay_of_numpys_quicksort_sorts():
    replay = load_companion(CORNELL).numpy_quicksort_argsort
    values = [3, 1, 2, 1, 3, 0] * 7
    order = replay(values)
    assert sorted(order) == list(range(len(values)))
    assert [values[i] for i in order] == sorted(values)


def test_cornell_every_choice_of_tied_words_scores_as_a_model_fitted_on_it():
    """The shortcut of step 5 (only the tied words' terms change) agrees with fitting each choice."""
    cornell = load_companion(CORNELL)
    from naivebayes import BernoulliNB

    rng = random.Random(7)
    words = [f"w{i}" for i in range(30)]
    labels = [rng.choice("abc") for _ in range(60)]
    texts = [" ".join(rng.sample(words[: 10 + "abc".index(y) * 10], 6) + rng.sample(words, 3)) for y in labels]
    everything = cornell.lecture_vectorizer()
    all_rows = everything.fit_transform(texts)
    df = everything.document_frequency_
    cuts = (cornell.tied_at_the_cut(df, n_features) for n_features in range(5, len(df)))
    cut, above, tied, places = next(
        (cut, above, tied, places) for cut, above, tied, places in cuts
        if 0 < places < len(tied) and math.comb(len(tied), places) <= 300  # a real tie at the cut
    )
    model = BernoulliNB(alpha=0).fit(all_rows, labels)
    shortcut, _, _ = cornell.accuracy_of_every_choice(model, all_rows, labels, above, tied, places)
    assert len(shortcut) == math.comb(len(tied), places)
    for chosen, correct in shortcut.items():
        features = set(above) | set(chosen)
        rows = [{word: 1 for word in row if word in features} for row in all_rows]
        fitted = BernoulliNB(alpha=0).fit(rows, labels)
        psis = cornell.clipped_parameters(fitted, sorted(features))
        assert cornell.count_correct(labels, cornell.predict_clipped(fitted, psis, rows)) == correct


# -- The Pudding documentation "Naive Bayes": TF-IDF and multinomial naive Bayes --------


@needs_archive
def test_pudding_reproduces_scikit_learns_macro_f1():
    code, out, err = run(PUDDING, "--archive", ARCHIVE, "--no-sklearn")
    assert code == 0, err
    assert "training posts: 11314, test posts: 7532, groups: 20" in out
    macro_f1 = re.search(r"^macro-F1: (0\.\d{3})", out, re.M)
    assert macro_f1 and macro_f1[1] == "0.683"  # as the notes' script prints scikit-learn's, '%0.3f'
    assert re.search(r"^sum over all n words of phi_c\^k = (1\.0{12}|0\.9{12})", out, re.M)


@pytest.mark.parametrize("script", [PUDDING, CORNELL], ids=["pudding", "cornell"])
def test_newsgroups_companions_fail_clearly_without_an_archive(script, tmp_path):
    code, out, err = run(script, "--archive", str(tmp_path / "missing.tar.gz"))
    assert code == 1
    assert "could not load 20 Newsgroups" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("limit", ["0", "1"])
def test_from_scratch_refuses_a_limit_that_leaves_one_class(limit):
    code, out, err = run(FROM_SCRATCH, "--limit", limit)
    assert code == 2
    assert "--limit" in err
    assert "Step 2" not in out


QUOTED_OUTPUT = re.compile(r"^<!-- output of lectures/(\S+\.py)(.*?) -->\n+```text\n(.*?)^```", re.M | re.S)


def quoted_outputs():
    """(companion, its arguments, the quoted lines) for each quoted run on docs/lectures.md."""
    page = (ROOT / "docs" / "lectures.md").read_text(encoding="utf-8")
    return [
        (LECTURES / name, tuple(arguments.split()), [line for line in block.splitlines() if line.strip()])
        for name, arguments, block in QUOTED_OUTPUT.findall(page)
    ]


def test_docs_page_quotes_companion_output():
    quoted = quoted_outputs()
    assert quoted, "docs/lectures.md should quote the companions' key output in ```text blocks"
    for script, _, _ in quoted:
        assert script in COMPANIONS, f"docs/lectures.md quotes the output of {script.name}, which is not a companion"
    blocks = re.findall(r"^```text\n", (ROOT / "docs" / "lectures.md").read_text(encoding="utf-8"), re.M)
    assert len(blocks) == len(quoted), "every ```text block on docs/lectures.md says which run it quotes"


@pytest.mark.parametrize("index", range(len(quoted_outputs())))
def test_output_quoted_on_the_docs_page_is_current(index):
    """Every line of a quoted ``text`` block on docs/lectures.md appears in that run's output.

    A block is preceded by ``<!-- output of lectures/NAME.py ARGUMENTS -->``;
    the companions that need 20 Newsgroups get ``--archive`` too.
    """
    script, arguments, quoted = quoted_outputs()[index]
    if script in NEEDS_NEWSGROUPS | OPTIONAL_NEWSGROUPS and "--no-newsgroups" not in arguments:
        if ARCHIVE is None:
            pytest.skip("no local 20news-bydate.tar.gz, and the tests never download it")
        arguments = (*arguments, "--archive", ARCHIVE)
    code, out, err = run(script, *arguments)
    assert code == 0, err
    printed = set(out.splitlines())
    missing = [line for line in quoted if line not in printed]
    assert missing == []
