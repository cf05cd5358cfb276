"""The companion of Jurafsky and Martin's chapter 4 (naive Bayes and sentiment).

Its helpers are checked on cases worked by hand, and its printed lines against
the chapter's numbers.  The runs on Pang and Lee's reviews and the opinion
lexicon use local copies (NAIVEBAYES_MOVIE_REVIEWS_PATH and
NAIVEBAYES_OPINION_LEXICON_PATH, or ../shared/data) and skip without them.
"""

import importlib.util
import os
import re
import subprocess
from functools import lru_cache
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "lectures" / "jurafsky_martin_chapter_4_sentiment.py"


def local_copy(variable, relative):
    named = os.environ.get(variable)
    candidates = [Path(named)] if named else []
    candidates.append(ROOT.parent / "shared" / "data" / relative)
    return next((str(path) for path in candidates if path.is_file()), None)


REVIEWS = local_copy("NAIVEBAYES_MOVIE_REVIEWS_PATH", "movie-reviews/review_polarity.tar.gz")
LEXICON = local_copy("NAIVEBAYES_OPINION_LEXICON_PATH", "opinion-lexicon/opinion_lexicon.zip")
SENTENCES = local_copy("NAIVEBAYES_SENTENCE_POLARITY_PATH", "sentence-polarity/rt-polaritydata.tar.gz")
needs_reviews = pytest.mark.skipif(REVIEWS is None, reason="no local review_polarity.tar.gz")
needs_lexicon = pytest.mark.skipif(LEXICON is None, reason="no local opinion_lexicon.zip")


def load_companion():
    spec = importlib.util.spec_from_file_location("jurafsky_martin_companion", COMPANION)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # runs no step: the steps sit under __name__ == "__main__"
    return module


companion = load_companion()


def run(*arguments):
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    completed = subprocess.run([sys.executable, str(COMPANION), *arguments], cwd=ROOT, capture_output=True,
                               text=True, timeout=300, env=environment)
    return completed.returncode, completed.stdout, completed.stderr


def data_arguments():
    arguments = []
    if REVIEWS:
        arguments += ["--reviews", REVIEWS]
    if LEXICON:
        arguments += ["--lexicon", LEXICON]
    if SENTENCES:
        arguments += ["--sentences", SENTENCES]
    return arguments


@lru_cache(maxsize=None)
def slice_output():
    """One run on 40 reviews (about 3 s), shared by the tests that read its lines."""
    code, out, err = run("--limit", "40", "--samples", "200", *data_arguments())
    assert code == 0, err
    return out


# -- section 4.3, the worked example --


def test_worked_example_scores_are_the_chapters_fractions():
    # P(-) P(S|-) = 3/5 * (1+1)/(14+20) * (1+1)/(14+20) * (0+1)/(14+20) = 12/196520 = 3/49130
    # P(+) P(S|+) = 2/5 * (0+1)/(9+20) * (0+1)/(9+20) * (1+1)/(9+20) = 4/121945
    model = companion.step_1_worked_example()
    joint = model.joint_probability(companion.WORKED_TEST)
    assert joint == {"-": Fraction(3, 49130), "+": Fraction(4, 121945)}
    assert f"{float(joint['-']):.1e}" == "6.1e-05"  # the chapter: 6.1 x 10^-5
    assert float(joint["+"]) == pytest.approx(3.28e-5, abs=1e-7)  # the chapter prints 3.2 x 10^-5, cut, not rounded
    assert model.predict([companion.WORKED_TEST]) == ["-"]


def test_worked_example_lines_sit_beside_the_chapters():
    out = slice_output()
    assert "priors: P(-) = 3/5, P(+) = 2/5   (chapter: 3/5 and 2/5)" in out
    assert "P(-)P(S|-) = 3/49130 ~ 6.106e-05   (chapter: 6.1 x 10^-5)" in out
    assert "P(+)P(S|+) = 4/121945 ~ 3.280e-05   (chapter: 3.2 x 10^-5)" in out
    assert "dropped as unseen: ['with']" in out


# -- section 4.4 --


def test_binary_counts_clip_each_document_at_one():
    assert companion.binarized({"great": 2, "scenes": 1}) == {"great": 1, "scenes": 1}
    out = slice_output()
    assert "rows equal to the chapter's Figure 4.3: 16 of 16" in out
    assert re.search(r"^great +3 +1 +2 +1 +\(3, 1, 2, 1\)$", out, re.M)


def test_review_tokens_drop_punctuation_after_marking():
    assert companion.review_tokens("it isn't good , really .", negation=True) == ["it", "isn't", "NOT_good", "really"]
    assert companion.review_tokens("it isn't good , really .") == ["it", "isn't", "good", "really"]
    # a bracket or a quote does not end the scope (the library's mark_negation), but is not kept as a feature
    assert companion.review_tokens("not ( really ) good .", negation=True) == ["not", "NOT_really", "NOT_good"]


def test_negation_step_prints_the_chapters_example():
    out = slice_output()
    assert "ours:    didn't NOT_like NOT_this NOT_movie , but I" in out
    assert "chapter: didn't NOT_like NOT_this NOT_movie , but I" in out
    assert "the same: True" in out


@needs_lexicon
def test_the_lexicon_has_hu_and_lius_sizes():
    positive, negative = companion.load_lexicon(LEXICON)
    assert (len(positive), len(negative)) == (2006, 4783)
    assert positive & negative == {"envious", "enviously", "enviousness"}
    out = slice_output()
    assert "  + 'great scenes great film': {'lexicon:positive': 2, 'lexicon:negative': 0}" in out


# -- section 4.7 --


def test_figure_4_5_precisions_and_averages_are_the_chapters():
    out = slice_output()
    # precision = diagonal / row sum: 8/19, 60/115 = 12/23, 200/233; micro = 268/367
    assert "urgent  precision 8/19 = 0.42 (chapter: .42)   recall 1/2 = 0.50" in out
    assert "normal  precision 12/23 = 0.52 (chapter: .52)   recall 3/5 = 0.60" in out
    assert "spam    precision 200/233 = 0.86 (chapter: .86)   recall 200/251 = 0.80" in out
    assert "micro-averaged precision: 268/367 = 0.73   (chapter: .73)" in out
    macro = (Fraction(8, 19) + Fraction(12, 23) + Fraction(200, 233)) / 3
    assert f"macro-averaged precision: {float(macro):.2f}   (chapter: .60)" in out
    assert "accuracy on the 367 test emails: 268/367 = 0.7302" in out


# -- section 4.9, the paired bootstrap --


def test_bootstrap_counts_both_of_the_chapters_rules(capsys):
    # differences (1, 0): delta = 1/2; a sample of two has delta_i = 1 = 2 delta (both draws the first)
    # with probability 1/4, and never more: equation 4.22's >= counts about a quarter, Figure 4.9's > none
    result = companion.step_7_bootstrap(["a", "a"], ["b", "a"], ["a", "a"], 4000, 3)
    out = capsys.readouterr().out
    assert result.delta.exact == Fraction(1, 2)
    assert "delta(x) = accuracy(A) - accuracy(B) = 1/2 = +0.5000" in out
    assert "samples with delta(x_i) > 2 delta(x):  0, p-value = 0.0000" in out
    at_least = int(re.search(r"delta\(x_i\) >= 2 delta\(x\): (\d+),", out).group(1))
    assert at_least == sum(sample == 1 for sample in result.sample_deltas)
    assert at_least / 4000 == pytest.approx(0.25, abs=0.03)


def test_bootstrap_says_when_a_is_not_ahead(capsys):
    companion.step_7_bootstrap(["a", "b"], ["a", "b"], ["a", "a"], 50, 0)
    out = capsys.readouterr().out
    assert "A is not ahead on these reviews" in out
    assert "samples with delta(x_i) >= 2 delta(x): 50, p-value = 1.0000" in out  # delta = -1/2: every sample


# -- section 4.8 on Pang and Lee's reviews --


@needs_reviews
def test_reviews_keep_the_datasets_own_ten_folds():
    texts, labels, folds = companion.load_reviews(REVIEWS, per_class_per_fold=2)
    assert len(texts) == 40 and labels.count("pos") == 20
    assert sorted(set(folds)) == list(range(10)) and all(folds.count(fold) == 4 for fold in range(10))


@needs_reviews
def test_slice_run_prints_the_cross_validation_and_the_bootstrap():
    out = slice_output()
    assert "40 reviews (20 positive, 20 negative), 10 folds of 4" in out
    assert re.search(r"^accuracy on the 40 test reviews: \d+/40 = [01]\.\d{4}", out, re.M)
    assert out.count("(the chapter reports no accuracy here)") == 2
    assert re.search(r"^samples with delta\(x_i\) >= 2 delta\(x\): \d+, p-value = [01]\.\d{4} \(equation 4\.22\)$",
                     out, re.M)
    assert out.index("Step 7.") < out.index("Going further A.") < out.index("Going further B.")


@pytest.mark.skipif(SENTENCES is None, reason="no local rt-polaritydata.tar.gz")
def test_going_further_b_runs_on_a_balanced_slice_of_the_snippets():
    out = slice_output()
    assert "40 snippets (20 neg, 20 pos)" in out
    assert re.search(r"^binary NB with negation +\d+/40 = [01]\.\d{4}$", out, re.M)


@needs_reviews
def test_full_run_on_all_2000_reviews_agrees_with_scikit_learn():
    code, out, err = run(*data_arguments())
    assert code == 0, err
    assert "2000 reviews (1000 positive, 1000 negative), 10 folds of 200" in out
    assert "plain multinomial NB         1632/2000 = 0.8160" in out
    assert "binary multinomial NB        1662/2000 = 0.8310" in out
    assert "delta(x) = accuracy(A) - accuracy(B) = 3/200 = +0.0150" in out
    assert "samples with delta(x_i) > 2 delta(x):  59, p-value = 0.0059 (Figure 4.9, paired_bootstrap_test)" in out
    assert "binary NB + negation + lexicon   1694/2000 = 0.8470" in out
    if SENTENCES:
        assert "10662 snippets (5331 neg, 5331 pos)" in out
        assert "binary NB with negation          8309/10662 = 0.7793" in out
    pytest.importorskip("sklearn")
    assert "the same prediction as scikit-learn on 2000 of 2000 reviews" in out


def test_a_missing_reviews_file_is_a_clear_error(tmp_path):
    code, out, err = run("--limit", "40", "--reviews", str(tmp_path / "missing.tar.gz"))
    assert code == 1
    assert "could not read Pang and Lee's reviews" in err and "missing.tar.gz" in err
    assert "Traceback" not in err


def test_a_limit_below_one_review_per_class_and_fold_is_refused():
    code, out, err = run("--limit", "10")
    assert code == 2 and "--limit must be at least 20" in err
