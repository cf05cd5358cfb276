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

The companion of "Lecture #7: Naïve Bayes" reads the UCI Adult census in
four of its steps: the tests pass ``--adult`` with the folder of adult.data
and adult.test (NAIVEBAYES_ADULT_PATH, or ../shared/data) and otherwise run
it with ``--no-adult`` and skip the census checks.
"""

import importlib.util
import math
import os
import random
import re
import subprocess
import sys
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LECTURES = ROOT / "lectures"
COMPANIONS = sorted(path for path in LECTURES.glob("*.py") if not path.name.startswith("_"))
FROM_SCRATCH = LECTURES / "from_scratch_multinomial.py"  # the blog post, after Jurafsky and Martin
CORNELL = LECTURES / "cornell_lecture_8_bernoulli.py"  # Cornell Tech, "Lecture 8: Naive Bayes"
PUDDING = LECTURES / "pudding_multinomial_tfidf.py"  # the Pudding documentation, "Naive Bayes"
RENNIE = LECTURES / "rennie_complement_naive_bayes.py"  # Rennie et al., "Tackling the Poor Assumptions ..." (ICML 2003)
NIGAM = LECTURES / "nigam_em_unlabeled_posts.py"  # Nigam et al., "Text Classification from Labeled and Unlabeled Documents using EM"
MCCALLUM = LECTURES / "mccallum_nigam_event_models.py"  # McCallum and Nigam, "A Comparison of Event Models ..."
NEEDS_NEWSGROUPS = {PUDDING, CORNELL, RENNIE, NIGAM, MCCALLUM}  # cannot run at all without the archive
MURPHY_MITCHELL = LECTURES / "murphy_mitchell_priors.py"  # Mitchell 6.9 and Murphy 9.3: smoothing as a prior
OPTIONAL_NEWSGROUPS = {FROM_SCRATCH, MURPHY_MITCHELL}  # a step or a sweep uses the archive; --no-newsgroups skips it


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


LECTURE_7 = LECTURES / "lecture_7_naive_bayes.py"  # "Lecture #7: Naïve Bayes" (course slides)
OPTIONAL_ADULT = {LECTURE_7}  # steps 3, 4, 5 and 8 read the Adult census; --no-adult skips them


def local_adult():
    """The folder of adult.data and adult.test to pass with --adult, or None.

    NAIVEBAYES_ADULT_PATH when it is set, else ../shared/data next to this
    checkout, spelt as docs/lectures.md spells it (the companions run from
    the repository root), so that the docs test and the tests below share
    one run.
    """
    named = os.environ.get("NAIVEBAYES_ADULT_PATH")
    candidates = [named] if named else []
    candidates.append("../shared/data")
    return next((folder for folder in candidates
                 if all((ROOT / folder / name).is_file() for name in ("adult.data", "adult.test"))), None)


ADULT = local_adult()
needs_adult = pytest.mark.skipif(ADULT is None, reason="no local adult.data and adult.test")


def adult_arguments(script):
    """--adult when the census is at hand; otherwise the Lecture #7 companion skips its census steps."""
    if script not in OPTIONAL_ADULT:
        return ()
    return ("--adult", ADULT) if ADULT is not None else ("--no-adult",)

IIR_CHAPTER_13 = LECTURES / "iir_chapter_13_reuters.py"  # Manning, Raghavan and Schütze, IIR chapter 13


def local_reuters():
    """A local reuters21578.tar.gz to pass with --reuters (NAIVEBAYES_REUTERS_PATH, or ../shared/data), or None."""
    named = os.environ.get("NAIVEBAYES_REUTERS_PATH")
    candidates = [Path(named)] if named else []
    candidates.append(ROOT.parent / "shared" / "data" / "reuters21578" / "reuters21578.tar.gz")
    return next((str(path) for path in candidates if path.is_file()), None)


REUTERS = local_reuters()


def reuters_arguments(script):
    """--reuters when a copy is at hand; otherwise the IIR chapter 13 companion runs its steps 1 to 4 only."""
    if script != IIR_CHAPTER_13:
        return ()
    return ("--reuters", REUTERS) if REUTERS is not None else ("--no-reuters",)


JURAFSKY_MARTIN_4 = LECTURES / "jurafsky_martin_chapter_4_sentiment.py"  # Jurafsky and Martin, SLP chapter 4


def sentiment_arguments(script):
    """--reviews, --lexicon and --sentences for local copies (the loaders' variables, or ../shared/data); without them the
    Jurafsky and Martin companion runs its steps 1 to 5 and says what it skipped."""
    if script != JURAFSKY_MARTIN_4:
        return ()
    arguments = ()
    for variable, relative, option in (
        ("NAIVEBAYES_MOVIE_REVIEWS_PATH", "movie-reviews/review_polarity.tar.gz", "--reviews"),
        ("NAIVEBAYES_OPINION_LEXICON_PATH", "opinion-lexicon/opinion_lexicon.zip", "--lexicon"),
        ("NAIVEBAYES_SENTENCE_POLARITY_PATH", "sentence-polarity/rt-polaritydata.tar.gz", "--sentences"),
    ):
        named = os.environ.get(variable)
        candidates = [Path(named)] if named else []
        candidates.append(ROOT.parent / "shared" / "data" / relative)
        found = next((str(path) for path in candidates if path.is_file()), None)
        arguments += (option, found) if found else ()
    return arguments


ALMEIDA_HIDALGO = LECTURES / "almeida_hidalgo_sms_spam.py"  # Almeida, Gómez Hidalgo and Yamakami, DocEng 2011


def local_sms_spam():
    """A local SMSSpamCollection to pass with --sms (NAIVEBAYES_SMS_SPAM_PATH, or ../shared/data), or None."""
    named = os.environ.get("NAIVEBAYES_SMS_SPAM_PATH")
    candidates = [Path(named)] if named else []
    candidates.append(ROOT.parent / "shared" / "data" / "sms-spam" / "SMSSpamCollection")
    return next((str(path) for path in candidates if path.is_file()), None)


SMS_SPAM = local_sms_spam()


def sms_spam_arguments(script):
    """--sms when a copy is at hand; otherwise the SMS spam companion runs on the shipped corpus (--no-sms)."""
    if script != ALMEIDA_HIDALGO:
        return ()
    return ("--sms", SMS_SPAM) if SMS_SPAM is not None else ("--no-sms",)


NLTK_CHAPTER_6 = LECTURES / "nltk_chapter_6_names.py"  # the NLTK book, chapter 6, section 1 (names)


def names_arguments(script):
    """--names for a local names.zip (NAIVEBAYES_NAMES_PATH, or ../shared/data); without one the NLTK chapter 6
    companion cannot run without a download, so its run is skipped."""
    if script != NLTK_CHAPTER_6:
        return ()
    named = os.environ.get("NAIVEBAYES_NAMES_PATH")
    candidates = [Path(named)] if named else []
    candidates.append(ROOT.parent / "shared" / "data" / "names" / "names.zip")
    found = next((str(path) for path in candidates if path.exists()), None)
    if found is None:
        pytest.skip("no local copy of NLTK's names.zip (NAIVEBAYES_NAMES_PATH)")
    return ("--names", found)


D2L_DIGITS = LECTURES / "d2l_naive_bayes_digits.py"  # d2l's naive Bayes section, on UCI's digits


def optdigits_arguments(script):
    """--optdigits for a local copy of UCI's digits (NAIVEBAYES_OPTDIGITS_PATH, or ../shared/data); without one the
    d2l digits companion and the Mitchell and Murphy companion cannot run without a download, so their runs are
    skipped."""
    if script not in (D2L_DIGITS, MURPHY_MITCHELL):
        return ()
    named = os.environ.get("NAIVEBAYES_OPTDIGITS_PATH")
    candidates = [Path(named)] if named else []
    candidates.append(ROOT.parent / "shared" / "data" / "optdigits")
    found = next((str(path) for path in candidates if (path / "optdigits.tra").is_file()), None)
    if found is None:
        pytest.skip("no local copy of UCI's optdigits.tra and optdigits.tes (NAIVEBAYES_OPTDIGITS_PATH)")
    return ("--optdigits", found)


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
    code, out, err = run(script, "--limit", str(SLICE), *newsgroups_arguments(script), *adult_arguments(script),
                         *reuters_arguments(script), *sentiment_arguments(script), *sms_spam_arguments(script),
                         *names_arguments(script), *optdigits_arguments(script))
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


def test_from_scratch_takes_the_log_before_smoothing_as_the_blog_post_does():
    """The post: log space against underflow, then 'another problem', log 0, then add-one smoothing."""
    out = from_scratch_output()
    assert out.index("Step 4. Why log space") < out.index("Step 5. Add-one smoothing")
    rows = dict(re.findall(r"^  (ham|spam) +0\.0 +\d+ \(\S+\) +(P\(w \| c\) = 0|underflow) +(?:-inf|-\d+\.\d{4})$",
                           out, re.M))
    assert sorted(rows.values()) == ["P(w | c) = 0", "underflow"]
    assert "naivebayes.train_test_split(test_size=0.25, random_state=0), the blog post makes none)" in out


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
    """The lecture's steps 1 to 7 and going further A and B on every training post (C has its own quick test)."""
    code, out, err = run(CORNELL, "--skip-logistic", "--archive", ARCHIVE)
    assert code == 0, err
    return out


@needs_archive
def test_cornell_reproduces_the_lectures_printed_numbers():
    out = cornell_full_output()
    assert "training posts: 2257   (lecture: 2257)" in out
    assert "columns of 'church': 8609, 'computer': 9338   (lecture:" in out
    assert "post 3 contains: {'church': 1, 'computer': 0, 'doctor': 0, 'important': 1}   (lecture:" in out
    assert "X_train: 2257 posts x 1000 words" in out
    assert "phis = [0.21267169 0.25875055 0.26318121 0.26539654]" in out
    assert "'OpenGL on the GPU is fast' => comp.graphics   (clipped" in out


@needs_archive
def test_cornell_follows_the_lecture_in_its_order_and_keeps_going_further_apart():
    out = cornell_full_output()
    steps = re.findall(r"^(Step \d|Going further [A-C])\. ", out, re.M)
    assert steps == [f"Step {n}" for n in range(1, 8)] + ["Going further A", "Going further B"]
    lecture, further = out.split("Going further: experiments the lecture does not make", 1)
    assert "Step " not in further
    # The headline comes first, plainly, with why a run can differ.
    first_lines = out.splitlines()[:5]
    assert "The lecture's headline figure: training accuracy 0.8692955250332299 = 1962/2257 (step 6)." in first_lines
    assert "lecture's test posts" not in out  # the lecture has no test set
    assert "the lecture has no test set" in lecture


@needs_archive
def test_cornell_step_3_is_the_lectures_logistic_regression_with_c_1e5():
    out = cornell_full_output()
    assert "with lambda = 1/C = 1e-05: the lecture's C = 1e5" in out
    assert "'God is love' => soc.religion.christian   (lecture: soc.religion.christian)" in out
    assert "'OpenGL on the GPU is fast' => comp.graphics   (lecture: comp.graphics)" in out
    if importlib.util.find_spec("sklearn") is not None:
        assert re.search(r"^scikit-learn's LogisticRegression\(C=1e5\) on the same posts \(\d+ iterations\): "
                         r"soc\.religion\.christian, comp\.graphics: the same predictions$", out, re.M)


@needs_archive
def test_cornell_says_which_tied_words_would_still_tie_counted_with_repeats():
    """Counted with repeats, 60 and decided (65 each) and eyes and lab (76 each) still tie."""
    out = cornell_full_output()
    assert "these words would not tie" not in out
    assert "some still would: 60 and decided (65 each); eyes and lab (76 each)." in out
    occurrences = dict(re.findall(r"^  (\w+) +55 +(\d+)   (?:yes|no)$", out, re.M))
    assert len(occurrences) == 15 and occurrences["60"] == occurrences["decided"] == "65"


@needs_archive
def test_cornell_blames_the_gap_on_both_the_ties_and_the_vocabulary():
    out = cornell_full_output()
    assert "And this copy of the archive has 35789 words,\nnot 35788" in out
    assert "which\ntied words are kept, and, through numpy's sort, the one word this copy has more." in out


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
    assert laplace and int(laplace[1]) < int(clipped[1])  # going further B: smoothing costs here


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
    """The shortcut of going further A (only the tied words' terms change) agrees with fitting each choice."""
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


# -- Cornell, going further C: the same model class, logistic regression against naive Bayes --

CORNELL_QUICK = ("--limit", "300", "--quick", "--logistic-iterations", "30")  # two sizes, 30 iterations


@needs_archive
def test_cornell_going_further_c_compares_naive_bayes_with_logistic_regression():
    code, out, err = run(CORNELL, *CORNELL_QUICK, "--archive", ARCHIVE)
    assert code == 0, err
    assert "Going further C. The same model class, another objective: logistic regression" in out
    assert "This logistic regression is not step 3's" in out
    assert "with lambda = 1.0" in out and "(at most 30 iterations)" in out
    number = r"([01]\.\d{4})"
    rows = re.findall(rf"^ +(\d+) +1 +{number} +{number} +{number} +{number} +(\d+)$", out, re.M)
    assert [size for size, *_ in rows] == ["50", "200"]
    for _, *accuracies, iterations in rows:
        assert all(0.3 < float(accuracy) < 1 for accuracy in accuracies)  # four classes: chance is 1/4
        assert int(iterations) <= 30
    wins = re.findall(r"^  (clipped|Bernoulli|multinomial) NB +at (\d) of 2 sizes: ", out, re.M)
    assert [name for name, _ in wins] == ["clipped", "Bernoulli", "multinomial"]
    differences = re.findall(r"every training post: largest difference (\S+)$", out, re.M)
    assert len(differences) == 2 and all(float(difference) < 1e-12 for difference in differences)
    assert out.count("its predict and the argmax of its form agree on 1502 of the 1502 test posts") == 2
    assert re.search(r"^  logistic regression +0\.\d{4} +\d\.\d{4}$", out, re.M)
    assert re.search(r"^going further C took \d+ s of processor time$", out, re.M)
    # docs/logistic-form.md shows the full run's table: it must still be the table the companion prints.
    page = (ROOT / "docs" / "logistic-form.md").read_text(encoding="utf-8")
    table = page.split("<!-- the table below is printed by: python lectures/cornell_lecture_8_bernoulli.py")[1]
    quoted = table.split("```text\n")[1].split("```")[0].splitlines()
    for line in quoted[:3] + ["Where naive Bayes beats logistic regression:", quoted[-9], quoted[-1]]:
        assert line in out.splitlines()


@needs_archive
def test_cornell_skip_logistic_leaves_going_further_c_out():
    assert "Going further C" not in cornell_full_output()


def small_binary_problem(seed, n_posts=40, n_features=8, n_classes=3):
    """Posts as sorted feature numbers, with labels that depend on the features."""
    rng = random.Random(seed)
    posts, labels = [], []
    for _ in range(n_posts):
        label = rng.randrange(n_classes)
        favoured = range(label * 2, label * 2 + 3)
        post = {j for j in range(n_features) if rng.random() < (0.6 if j in favoured else 0.2)}
        posts.append(sorted(post))
        labels.append(label)
    return posts, labels


def test_cornell_logistic_gradient_is_the_derivative_of_the_objective():
    """Central differences of J / n agree with the gradient the companion works out by hand."""
    cornell = load_companion(CORNELL)
    n_features, n_classes = 8, 3
    posts, labels = small_binary_problem(1, n_features=n_features, n_classes=n_classes)
    containing = cornell.posts_per_word(posts, n_features)
    rng = random.Random(2)
    parameters = [rng.uniform(-1, 1) for _ in range(n_classes * (n_features + 1))]

    def value(point):
        return cornell.logistic_objective(point, posts, labels, containing, 0.7, n_classes)[0]

    _, gradient = cornell.logistic_objective(parameters, posts, labels, containing, 0.7, n_classes)
    step = 1e-6
    for i in range(len(parameters)):
        up, down = list(parameters), list(parameters)
        up[i] += step
        down[i] -= step
        assert gradient[i] == pytest.approx((value(up) - value(down)) / (2 * step), abs=1e-8)


def test_cornell_logistic_regression_reaches_scikit_learns_optimum():
    """The companion's L-BFGS and scikit-learn's LogisticRegression(C=1) give the same probabilities."""
    np = pytest.importorskip("numpy")
    linear_model = pytest.importorskip("sklearn.linear_model")
    cornell = load_companion(CORNELL)
    n_features, n_classes = 8, 3
    posts, labels = small_binary_problem(3, n_features=n_features, n_classes=n_classes)
    weights, biases, iterations = cornell.fit_logistic(posts, labels, n_features, n_classes, 1.0, 500, tolerance=1e-10)
    assert iterations < 500
    X = np.zeros((len(posts), n_features))
    for i, post in enumerate(posts):
        X[i, post] = 1
    theirs = linear_model.LogisticRegression(C=1.0, tol=1e-12, max_iter=10000).fit(X, labels)
    for post, expected in zip(posts, theirs.predict_proba(X)):
        ours, _ = cornell.softmax_and_loss(cornell.class_scores(weights, biases, post), 0)
        assert ours == pytest.approx(expected.tolist(), abs=1e-7)


def test_cornell_naive_bayes_as_logistic_regression_is_its_posterior():
    """Naive Bayes's softmax form, put into the logistic regression's parameters, scores as predict_proba."""
    cornell = load_companion(CORNELL)
    from naivebayes import BernoulliNB, MultinomialNB

    posts, numbers = small_binary_problem(4)
    words = [f"w{j}" for j in range(8)]
    classes = ["a", "b", "c"]
    rows = [{words[j]: 1 for j in post} for post in posts]
    labels = [classes[k] for k in numbers]
    for model_class in (BernoulliNB, MultinomialNB):
        model = model_class().fit(rows, labels)
        weights, biases = cornell.naive_bayes_as_logistic(model, words, classes)
        for post, row, posterior in zip(posts, rows, model.predict_proba(rows)):
            ours, _ = cornell.softmax_and_loss(cornell.class_scores(weights, biases, post), 0)
            assert ours == pytest.approx([posterior[label] for label in classes], abs=1e-12)
        assert cornell.largest_form_difference(model, rows) < 1e-12


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


# -- The blog post on naive Bayes with TensorFlow Probability: Gaussians by gradient on iris --

TFP_BLOG = LECTURES / "tfp_blog_gaussian_iris.py"  # the blog post on naive Bayes with TensorFlow Probability
CORNELL_LDA = LECTURES / "cornell_lecture_8_lda.py"  # Cornell Tech, "Lecture 8: Naive Bayes": LDA on iris
TFP_BLOG_PICTURES = {"training-history.svg", "training-set.svg", "densities-sepal-length.svg",
                     "densities-sepal-width.svg", "density-contours.svg", "decision-regions.svg"}
CORNELL_LDA_PICTURES = {"lecture-lda-regions.svg", "textbook-lda-regions.svg", "naive-bayes-regions.svg"}


@lru_cache(maxsize=None)
def run_with_pictures(script):
    """Run a companion with --out in a fresh temporary folder: (stdout, the folder)."""
    import tempfile

    out = Path(tempfile.mkdtemp(prefix=f"{script.stem}-"))
    code, stdout, err = run(script, "--out", str(out))
    assert code == 0, err
    return stdout, out


def well_formed_svg(path):
    """True when the file parses as XML and its root is an <svg> element."""
    import xml.etree.ElementTree as ElementTree

    return ElementTree.parse(path).getroot().tag == "{http://www.w3.org/2000/svg}svg"


def test_there_are_companions_for_the_tfp_blog_post_and_cornells_lda():
    assert {TFP_BLOG, CORNELL_LDA} <= set(COMPANIONS)


def test_tfp_blog_class_sizes_are_read_off_the_posts_means():
    """n x mean has one decimal: the closed form came from 43/37/40 flowers, the Adam run from 41/40/39."""
    out, _ = run_with_pictures(TFP_BLOG)
    assert "    setosa      closed form: n in [43]   Adam: n in [41]" in out
    assert "    versicolor  closed form: n in [37]   Adam: n in [10, 20, 30, 40, 50]" in out
    assert "    virginica   closed form: n in [20, 40]   Adam: n in [39]" in out
    assert "    With 120 training flowers: closed form 43/37/40, Adam 41/40/39." in out
    tfp = load_companion(TFP_BLOG)
    closed = [tfp.class_sizes([float(m) for m in means], 1e-4) for means in tfp.POST_CLOSED_MEANS]
    adam = [tfp.class_sizes([float(m) for m in means], 1e-3) for means in tfp.POST_ADAM_MEANS]
    assert tfp.the_size_that_makes_120(closed) == [43, 37, 40]
    assert tfp.the_size_that_makes_120(adam) == [41, 40, 39]


def test_tfp_blog_priors_are_the_adam_splits_shares():
    out, _ = run_with_pictures(TFP_BLOG)
    assert "    [0.34166667 0.33333333 0.32500000]   post: [0.34166667 0.33333333 0.325]" in out
    assert "    the post's priors, to every digit printed: True" in out
    assert [f"{n / 120:.8f}" for n in (41, 40, 39)] == ["0.34166667", "0.33333333", "0.32500000"]


def test_tfp_blog_sums_of_squares_land_on_two_decimals():
    out, _ = run_with_pictures(TFP_BLOG)
    sums = re.findall(r"^    (Adam|closed form) +(\w+) +(\d+) +([\d.]+) +([\d.]+) +([\d.]+) +([\d.]+)   (\S+)$", out, re.M)
    assert len(sums) == 6
    assert ("Adam", "setosa", "41", "205.1", "1030.93", "140.4", "486.66") == sums[0][:7]
    assert ("closed form", "virginica", "40", "265.4", "1779.84", "119.0", "358.74") == sums[5][:7]
    assert all(float(gap) < 1e-4 for *_, gap in sums)  # a value still on its way lands anywhere within 0.005


def test_tfp_blog_refit_from_its_split_reproduces_the_posts_adam_output_to_1e_6():
    """fit_gaussians_by_gradient_from_statistics on the post's own split's n, sum x and sum x^2."""
    from naivebayes.other_models.gradient import fit_gaussians_by_gradient_from_statistics

    tfp = load_companion(TFP_BLOG)
    statistics, _ = tfp.statistics_of_a_split([41, 40, 39], tfp.POST_ADAM_MEANS, tfp.POST_ADAM_SDS)
    refit = fit_gaussians_by_gradient_from_statistics(statistics)  # the post's settings are the defaults
    for k, species in enumerate(tfp.SPECIES):
        for j, feature in enumerate(tfp.FEATURES):
            assert abs(refit.means_[species][feature] - float(tfp.POST_ADAM_MEANS[k][j])) < 1e-6
            assert abs(refit.scales_[species][feature] - float(tfp.POST_ADAM_SDS[k][j])) < 1e-6
    out, _ = run_with_pictures(TFP_BLOG)
    printed = re.findall(r"^    [\w ]{11} (?:means|sds  ) \[(\S+)  (\S+)\] +post: \[(\S+)  (\S+)\] +steps: "
                         r"([+-]\d+) ([+-]\d+)$", out, re.M)
    assert len(printed) == 6
    for mine_0, mine_1, post_0, post_1, *steps in printed:
        assert abs(float(mine_0) - float(post_0)) < 1e-6 and abs(float(mine_1) - float(post_1)) < 1e-6
        assert all(abs(int(step)) <= 4 for step in steps)  # a few steps of a 32-bit float
    assert "    setosa      means [5.002439  3.4243903]    post: [5.002439  3.42439]      steps: +0 +1" in out


def test_tfp_blog_float32_helpers():
    tfp = load_companion(TFP_BLOG)
    assert tfp.float32_text(3.4243902439) == "3.4243903"  # as numpy prints np.float32(3.4243902439)
    assert tfp.float32_text(0.325) == "0.325"
    assert tfp.float32_steps(1.0, 1.0) == 0
    assert tfp.float32_steps(1.0 + 2**-23, 1.0) == 1  # the next 32-bit float above 1
    assert tfp.float32_steps(-1.0, 1.0) < 0


def test_tfp_blog_closed_form_comes_exactly_from_its_other_split():
    out, _ = run_with_pictures(TFP_BLOG)
    assert "    virginica   means [6.63500000  2.97500000]   post: [6.635  2.975]" in out
    assert "    setosa      means [5.00930233  3.41860465]   post: [5.00930233  3.41860465]" in out
    assert "    every digit the post prints: True" in out


def test_tfp_blog_accuracy_0_8667_is_26_of_30():
    out, _ = run_with_pictures(TFP_BLOG)
    assert "(f) The accuracy.  0.8667 = 26/30: the only k/30 that prints so" in out
    assert "    The Adam split leaves 9 setosa, 10 versicolor, 11 virginica to test on;" in out
    assert [k for k in range(31) if f"{k / 30:.4f}" == "0.8667"] == [26]


def test_tfp_blog_gradient_reaches_the_closed_form_on_the_seeded_split():
    out, _ = run_with_pictures(TFP_BLOG)
    assert "120 training flowers, 30 test flowers, from" in out
    # Whose split: this library's, and (checked against scikit-learn when it is installed) whether it is scikit-learn's.
    source = re.search(r"^  naivebayes\.train_test_split\(test_size=0\.2, random_state=0\)(.*)$", out, re.M)
    assert source, "the companion does not say where its split comes from"
    if importlib.util.find_spec("sklearn") is not None:
        from sklearn.model_selection import train_test_split as sklearn_split

        from naivebayes import train_test_split

        rows = list(range(150))
        same = train_test_split(rows, [0] * 150, test_size=0.2, random_state=0)[1] == \
            [int(i) for i in sklearn_split(rows, test_size=0.2, random_state=0)[1]]
        said_same = source[1].startswith(": the same test rows, in the same order, as scikit-learn's")
        assert said_same == same
    else:
        assert "scikit-learn is not installed to compare" in source[1]
    assert "Going further. How much the split alone moves the accuracy" in out
    assert out.index("Step 7.") < out.index("Going further:")
    steps = re.findall(r"^Step (\d)\. ", out, re.M)
    assert steps == ["1", "2", "3", "4", "5", "6", "7"]
    assert "Step 2. The Gaussians by gradient" in out and "Step 6. The closed form" in out  # the post's order
    gap = re.search(r"^largest gap after 10000 epochs: (\S+)$", out, re.M)
    assert gap and float(gap[1]) < 1e-12  # docs/fitting-by-gradient.md: to 1e-14
    assert "accuracy on the 30 test flowers: 22/30 = 0.7333   (post: 0.8667 on its own split, step 7)" in out
    assert "the closed form predicts the same class for every test flower: True" in out


def test_tfp_blog_writes_its_pictures_as_well_formed_svg():
    out, folder = run_with_pictures(TFP_BLOG)
    assert {path.name for path in folder.iterdir()} == TFP_BLOG_PICTURES
    assert all(well_formed_svg(folder / name) for name in TFP_BLOG_PICTURES)
    assert f"pictures go to {folder}" in out


@pytest.mark.parametrize("script", [TFP_BLOG, CORNELL_LDA], ids=["tfp-blog", "cornell-lda"])
def test_iris_companions_write_their_pictures_outside_the_repository_by_default(script):
    default = load_companion(script).default_out()
    assert default.is_absolute() and ROOT not in default.parents


# -- Cornell Tech, "Lecture 8: Naive Bayes", the iris part: LDA with the lecture's covariance --

# The lecture's print(idx), as the note shows it: 0 setosa, 1 versicolor, 2 virginica.
CORNELL_LDA_PRINTED = """\
[0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
 0 0 0 0 1 0 0 0 0 0 0 0 0 2 2 2 1 2 1 2 1 2 1 1 1 1 1 1 2 1 1 1 1 2 1 1 1
 2 2 2 2 1 1 1 1 1 1 1 2 2 1 1 1 1 1 1 1 1 1 1 1 1 1 2 1 2 2 2 2 1 2 1 2 2
 1 2 1 1 2 2 2 2 1 2 1 2 1 2 2 1 1 2 2 2 2 2 1 1 2 2 2 1 2 2 2 1 2 2 2 1 2
 2 1]"""


def test_cornell_lda_prints_the_lectures_means():
    out, _ = run_with_pictures(CORNELL_LDA)
    assert "print(mus):\n[[5.006 3.428]\n [5.936 2.77 ]\n [6.588 2.974]]\n" in out
    assert "the lecture's printed means, character for character: True" in out


def test_cornell_lda_reproduces_the_lectures_150_predictions():
    out, _ = run_with_pictures(CORNELL_LDA)
    assert load_companion(CORNELL_LDA).LECTURE_PREDICTIONS == CORNELL_LDA_PRINTED
    assert f"print(idx):\n{CORNELL_LDA_PRINTED}\n" in out
    assert "the same as the lecture's printed array: 150 of 150 flowers, character for character" in out
    assert "right: 118 of 150 = 0.7867" in out


def test_cornell_lda_reads_the_lectures_density_code():
    """Its argmax is the nearest mean; the closest call is far above rounding; unequal priors would show the bugs."""
    out, _ = run_with_pictures(CORNELL_LDA)
    assert "predictions agree on 150 of 150, and all are the lecture's: True" in out
    from fractions import Fraction

    closest = re.search(r"^by (\S+) \(exactly (\d+)/(\d+)\)", out, re.M)
    assert closest and closest[1] == "3.51e-04"
    assert Fraction(1, 3000) < Fraction(int(closest[2]), int(closest[3])) < Fraction(1, 2000)
    assert "The closest call: flower  91 (6.1, 3.0) versicolor" in out
    counts = dict(re.findall(r"^  (the code, equal priors|the code, \(0\.1, 0\.1, 0\.8\)|Bayes' rule, "
                             r"\(0\.1, 0\.1, 0\.8\)) +(\d+)$", out, re.M))
    assert counts == {"the code, equal priors": "47", "the code, (0.1, 0.1, 0.8)": "13",
                      "Bayes' rule, (0.1, 0.1, 0.8)": "119"}


def test_cornell_lda_lecture_score_is_negative_and_picks_the_nearest_mean():
    cornell = load_companion(CORNELL_LDA)
    assert cornell.lecture_score(0.0, 0.5, 1 / 3) < 0
    assert cornell.lecture_score(2.0, 0.5, 1 / 3) < cornell.lecture_score(1.0, 0.5, 1 / 3)
    equal = [math.log(1 / 3)] * 3
    assert cornell.lecture_choice([3.0, 1.0, 2.0], equal) == cornell.correct_choice([3.0, 1.0, 2.0], equal) == 1
    skewed = [math.log(0.1), math.log(0.1), math.log(0.8)]
    # The nearest mean has the largest prior: Bayes' rule picks it, the code's score turns the prior against it.
    assert cornell.correct_choice([2.0, 5.0, 1.0], skewed) == 2
    assert cornell.lecture_choice([2.0, 5.0, 1.0], skewed) == 0


def test_cornell_lda_textbook_lda_disagrees_on_14_flowers():
    out, _ = run_with_pictures(CORNELL_LDA)
    assert "right: the lecture's 118/150, textbook 120/150; they disagree on 14 flowers:" in out
    flowers = [int(i) for i in re.findall(r"^  flower +(\d+) \(", out, re.M)]
    assert flowers == [56, 68, 70, 72, 85, 87, 100, 108, 111, 123, 133, 136, 146, 148]  # as tests/test_discriminant.py
    assert "Textbook LDA is right on 8 of them, the lecture's on 6." in out
    assert "Dividing by n or n - 1 (n - K) changes no prediction, for either matrix: True" in out


def test_cornell_lda_keeps_what_the_lecture_does_not_do_in_going_further():
    out, _ = run_with_pictures(CORNELL_LDA)
    steps = re.findall(r"^(Step \d|Going further [A-C])\. ", out, re.M)
    assert steps == ["Step 1", "Step 2", "Step 3", "Step 4", "Step 5",
                     "Going further A", "Going further B", "Going further C"]
    assert re.search(r"^  naivebayes\.train_test_split\(test_size=0\.2, random_state=0\)", out, re.M)


def test_cornell_lda_compares_gaussian_naive_bayes():
    out, _ = run_with_pictures(CORNELL_LDA)
    assert 'GaussianNB and covariance="diagonal" predict alike on all 150: True' in out
    assert re.search(r"^  Gaussian naive Bayes +117/150   same as the lecture's on 145$", out, re.M)
    assert re.search(r"^  LDA, total covariance \(the lecture\) +118/150   same as the lecture's on 150$", out, re.M)


def test_cornell_lda_writes_its_pictures_as_well_formed_svg():
    out, folder = run_with_pictures(CORNELL_LDA)
    assert {path.name for path in folder.iterdir()} == CORNELL_LDA_PICTURES
    assert all(well_formed_svg(folder / name) for name in CORNELL_LDA_PICTURES)
    assert f"pictures go to {folder}" in out


@pytest.mark.parametrize("limit", ["0", "1"])
def test_from_scratch_refuses_a_limit_that_leaves_one_class(limit):
    code, out, err = run(FROM_SCRATCH, "--limit", limit)
    assert code == 2
    assert "--limit" in err
    assert "Step 2" not in out


# -- "Lecture #7: Naïve Bayes" (course slides): the joint table, Bernoulli spam, Mahalanobis --


def lecture_7_output(*arguments):
    code, out, err = run(LECTURE_7, *arguments)
    assert code == 0, err
    return out


def test_lecture_7_has_a_companion():
    assert LECTURE_7 in COMPANIONS


def test_lecture_7_truth_table_is_the_slides():
    """The slide's A, B, C table: 20 records, each row records matching / total, as the slide prints it."""
    out = lecture_7_output("--no-adult")
    rows = re.findall(r"^([01]) ([01]) ([01]) +(\d+)/20 = (0\.\d\d)   (0\.\d\d)$", out, re.M)
    slide = ["0.30", "0.05", "0.10", "0.05", "0.05", "0.10", "0.25", "0.10"]
    assert [printed for *_, printed, _ in rows] == slide
    assert [shown for *_, shown in rows] == slide
    assert [f"{int(n) / 20:.2f}" for _, _, _, n, _, _ in rows] == slide
    assert "the slide's example row, A and B true but C false: 5/20 = 0.25   (slide: 0.25)" in out


def test_lecture_7_bayes_rule_and_parameter_counts():
    out = lecture_7_output("--no-adult")
    assert re.search(r"^generative: .* = 2/7 ", out, re.M)  # P(C=1 | A=1, B=1): (2/20) / (2/20 + 5/20)
    assert re.search(r"^discriminative: .* = 2/7 ", out, re.M)
    counts = dict(re.findall(r"^ +(\d+) +([\d,]+) +\d+$", out, re.M))
    assert counts["30"] == f"{2 * (2**30 - 1):,}" and counts["10"] == "2,046"


def test_lecture_7_thunder_is_conditionally_independent_but_not_independent():
    out = lecture_7_output("--no-adult")
    assert "p(thunder | raining, lightning) = 4/5 = p(thunder | lightning) = 4/5" in out
    assert "p(thunder | raining) = 13/25 but p(thunder) = 11/40" in out
    assert re.search(r"I\(raining; thunder \| lightning\) = 0\.0$", out, re.M)
    assert "I(A; B) = 0.0, I(A; B | C) = 0.693147 = log 2" in out


def spam_document_counts(words):
    """{(word, label): N_{i|y}} and {label: N_y}, counted from the training messages without the companion."""
    from naivebayes import Tokenizer, train_test_split
    from naivebayes.datasets import load_spam

    texts, labels = load_spam()
    X_train, _, y_train, _ = train_test_split(texts, labels, test_size=0.25, random_state=0)
    tokenize = Tokenizer(stop_words="english")
    in_class = {(word, label): 0 for word in words for label in set(y_train)}
    for text, label in zip(X_train, y_train):
        tokens = set(tokenize(text))
        for word in words:
            in_class[(word, label)] += word in tokens
    return in_class, {label: y_train.count(label) for label in set(y_train)}


def test_lecture_7_mle_and_laplace_fractions():
    """N_{i|y}/N_y and (N_{i|y} + 1)/(N_y + 2), recounted here from the spam corpus."""
    out = lecture_7_output("--no-adult")
    line = (r"^  '(\w+)' +(ham|spam) +MLE (\d+)/(\d+) = [\d.]+ +Laplace \((\d+) \+ 1\)/\((\d+) \+ 2\) = "
            r"(\d+(?:/\d+)?) = ([\d.]+)$")
    estimates = re.findall(line, out, re.M)
    assert len(estimates) == 8  # four words, two classes
    in_class, class_counts = spam_document_counts({word for word, *_ in estimates})
    for word, label, n_word, n_class, n_word_again, n_class_again, laplace, shown in estimates:
        assert (int(n_word), int(n_class)) == (in_class[(word, label)], class_counts[label])
        assert (n_word_again, n_class_again) == (n_word, n_class)
        assert Fraction(laplace) == Fraction(int(n_word) + 1, int(n_class) + 2)
        assert shown == f"{(int(n_word) + 1) / (int(n_class) + 2):.4f}"
    assert "  'free'       spam  MLE 18/41 = 0.4390   Laplace (18 + 1)/(41 + 2) = 19/43 = 0.4419" in out
    assert "  'claim'      ham   MLE 0/41 = 0.0000   Laplace (0 + 1)/(41 + 2) = 1/43 = 0.0233" in out
    assert "dictionary: 294 words (350 before stop words are removed; 'the' in it: False, 'and' in it: False)" in out


def test_lecture_7_mahalanobis_is_zero_in_both_classes_until_laplace():
    out = lecture_7_output("--no-adult")
    assert "  MLE:     P(x_n+1 = 1 | y = spam) = 0/41 = 0" in out
    assert "  MLE:     P(x_n+1 = 1 | y = ham) = 0/41 = 0" in out
    assert "  P(x | y) P(y) = 0 for spam and 0 for ham: P(x | y) = 0 for both classes" in out
    assert re.search(r"^  posterior: ZeroProbabilityError: .*0/0 is undefined\.$", out, re.M)
    assert "  Laplace: P(x_n+1 = 1 | y = spam) = (0 + 1)/(41 + 2) = 1/43" in out
    assert "  Laplace: P(x_n+1 = 1 | y = ham) = (0 + 1)/(41 + 2) = 1/43" in out
    assert "(explain lists it as ['mahalanobis'])" in out


def test_lecture_7_without_the_census_says_so_and_runs_the_rest():
    out = lecture_7_output("--no-adult")
    assert "(--no-adult: steps 3 and 7 and going further A to D are skipped)" in out
    assert "Step 3." not in out and "Step 7." not in out and "Going further A." not in out
    assert re.search(r"^accuracy on the 28 test messages: 25/28 = 0\.8929", out, re.M)


def test_lecture_7_follows_the_slides_in_their_order_and_keeps_going_further_apart():
    """The slides' order: ... prediction, discrete and continuous features, Mahalanobis, Laplace, summary."""
    out = lecture_7_output("--adult", ADULT) if ADULT else lecture_7_output("--no-adult")
    steps = re.findall(r"^(Step \d+|Going further [A-E])\. ", out, re.M)
    slides = [f"Step {n}" for n in range(1, 11) if ADULT or n not in (3, 7)]
    further = [f"Going further {letter}" for letter in ("ABCDE" if ADULT else "E")]
    assert steps == slides + further
    lecture, extra = out.split("Going further: experiments the slides do not make", 1)
    assert "Laplace" not in lecture.split("Step 9.")[0].split("Step 6.")[1]  # smoothing comes after the MLE problem
    assert "P(income = >50K | sex = Male)" not in lecture  # the census queries are not the slides'
    assert "favours the class with fewer training\nmessages (ham, 41 against 41)" not in out  # equal classes


def test_lecture_7_fails_clearly_without_the_census(tmp_path):
    code, out, err = run(LECTURE_7, "--adult", str(tmp_path / "missing"))
    assert code == 1
    assert "could not load the UCI Adult census" in err
    assert "--adult path/to/folder" in err and "--no-adult" in err
    assert "Traceback" not in err


def raw_adult_joint(folder):
    """{(sex, hours-per-week > 40.5, income): records}, counted from the two raw files with string operations."""
    counts = {}
    for name in ("adult.data", "adult.test"):
        with open(ROOT / folder / name, encoding="utf-8") as file:
            for line in file:
                if not line.strip() or line.startswith("|"):  # a blank line, or adult.test's banner
                    continue
                fields = [field.strip() for field in line.split(",")]
                sex, hours, income = fields[9], int(fields[12]), fields[14].rstrip(".")
                key = (sex, str(hours > 40.5), income)
                counts[key] = counts.get(key, 0) + 1
    return counts


@needs_adult
def test_lecture_7_joint_table_is_the_census_counted_by_hand():
    """The eight probabilities of step 3, recomputed here from adult.data and adult.test."""
    out = lecture_7_output("--adult", ADULT)
    rows = re.findall(r"^  (Female|Male) +(False|True) +(<=50K|>50K) +([\d,]+)  (0\.\d{6})$", out, re.M)
    assert len(rows) == 8
    counts = raw_adult_joint(ADULT)
    total = sum(counts.values())
    assert total == 48842
    for sex, long_hours, income, records, probability in rows:
        n = counts[(sex, long_hours, income)]
        assert int(records.replace(",", "")) == n
        assert probability == f"{n / total:.6f}"
    assert "records: 32,561 of adult.data + 16,281 of adult.test = 48,842   (none left out: True)" in out
    assert "  P(income = >50K | sex = Male, hours-per-week > 40.5) = 5,174/11,724 = 0.441317" in out


@needs_adult
def test_lecture_7_census_numbers_agree_with_the_docs_pages():
    """The numbers that docs/why-naive.md and docs/choosing-distributions.md print too."""
    out = lecture_7_output("--adult", ADULT)
    # why-naive.md: the lecture's table, and the overfitting run on the first 1,000 people
    assert "I(sex; hours-per-week > 40.5 | income) = 0.013783: income explains part of the dependence, not all." in out
    assert re.search(r"^   12         8,190     24  0\.9565  0\.1832       0\.8120      0\.7813       0\.8170"
                     r"      0\.8214$", out, re.M)
    assert re.search(r"^  hours-per-week > 40\.5  capital-gain > 0 +0\.0036 +0\.0003$", out, re.M)
    # choosing-distributions.md: CategoricalNB on the eight categorical features
    assert "CategoricalNB, P(x_i = j | y) for the 8 categorical columns: test accuracy 0.7972" in out


@needs_adult
def test_lecture_7_reports_the_discretizing_experiment_whichever_way_it_goes():
    out = lecture_7_output("--adult", ADULT)
    gaussian = re.search(r"^\+ the three numbers, each a Gaussian per class \(MixedNB\): +(0\.\d{4})$", out, re.M)
    one_at_a_time = dict(re.findall(r"^  ([\w-]+) +discretized: (0\.\d{4})   ", out, re.M))
    assert gaussian and set(one_at_a_time) == {"age", "hours-per-week", "capital-gain"}
    helped = [f for f, score in one_at_a_time.items() if float(score) > float(gaussian[1])]
    assert re.search(rf"^What the data says: .*discretizing helped {' and '.join(helped) or 'no feature'} ",
                     out, re.M)


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
    if "--adult" in arguments:  # the page names ../shared/data; use the local copy, or skip
        if ADULT is None:
            pytest.skip("no local adult.data and adult.test, and the tests never download them")
        at = arguments.index("--adult") + 1
        arguments = (*arguments[:at], ADULT, *arguments[at + 1:])
    if "--names" in arguments:  # the same for the names corpus (the NLTK chapter 6 companion)
        at = arguments.index("--names") + 1
        arguments = (*arguments[:at], *names_arguments(NLTK_CHAPTER_6)[1:], *arguments[at + 1:])
    if "--optdigits" in arguments:  # the same for UCI's digits (the d2l digits and the Mitchell and Murphy companions)
        at = arguments.index("--optdigits") + 1
        arguments = (*arguments[:at], *optdigits_arguments(script)[1:], *arguments[at + 1:])
    code, out, err = run(script, *arguments)
    assert code == 0, err
    printed = set(out.splitlines())
    missing = [line for line in quoted if line not in printed]
    assert missing == []


def companion_docstring(script):
    """The module docstring of a companion, read without running it."""
    import ast

    return ast.get_docstring(ast.parse(script.read_text(encoding="utf-8")))


def test_nigam_states_the_papers_stopping_rule_and_ours_and_lists_the_difference():
    text = NIGAM.read_text(encoding="utf-8")
    protocol = companion_docstring(NIGAM)
    # the paper's rule (its section 5.1 and Table 1), and that its threshold has no value in the preprint
    assert "Equation 10" in protocol and "threshold" in protocol and "gives no value" in protocol
    # ours, with the numbers SemiSupervisedNB's defaults use
    assert "1e-4" in protocol and "50 iterations" in protocol
    from naivebayes import SemiSupervisedNB

    defaults = SemiSupervisedNB()
    assert (defaults.tolerance, defaults.max_iterations) == (1e-4, 50)
    step_7 = text[text.index("## Step 7."):text.index("## Going further A.")]
    assert "the stopping rule" in step_7 and 'print("stopping rule: the paper stops' in step_7


def test_rennie_says_where_each_figure_of_the_paper_can_be_checked():
    protocol = companion_docstring(RENNIE)
    assert "a copy of its PDF" not in protocol  # a copy no reader can find
    assert "616-623" in protocol and "https://people.csail.mit.edu/jrennie/papers/icml03-nb.pdf" in protocol
    for figure in ("Table 2 (section 3.3)", "Table 3 (section 4.4)", "0.848", "0.857", "0.861", "0.862"):
        assert figure in protocol
    companion = load_companion(RENNIE)
    for name, (value, where) in companion.PAPER.items():
        assert f"{value:.3f}" in protocol and where.split()[-1] in protocol, name
