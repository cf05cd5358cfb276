"""The companion of Almeida, Gómez Hidalgo and Yamakami's SMS spam paper (lectures/almeida_hidalgo_sms_spam.py).

Its local Matthews correlation coefficient and the paper's measures are
checked by hand (and against scikit-learn when it is installed).  The
reading of the paper's split, 509 spam and 3,391 ham in the test set, is
checked from the quoted percentages alone.  The run on the SMS Spam
Collection needs a local copy (NAIVEBAYES_SMS_SPAM_PATH, or ../shared/data
next to this checkout) and is skipped otherwise: the tests never download it.
"""

import importlib.util
import math
import re
from fractions import Fraction

import pytest

from test_lectures import ALMEIDA_HIDALGO, SMS_SPAM, run


def companion():
    """The companion imported as a module: it runs no step."""
    spec = importlib.util.spec_from_file_location("almeida_hidalgo_sms_spam", ALMEIDA_HIDALGO)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_matthews_correlation_by_hand():
    mcc = companion().matthews_correlation
    # TP 6, FP 2, FN 1, TN 11: (66 - 2) / sqrt(8 * 7 * 13 * 12) = 64 / sqrt(8736)
    assert mcc(6, 2, 1, 11) == pytest.approx(64 / math.sqrt(8736), rel=1e-15)
    assert mcc(5, 0, 0, 7) == 1.0  # every call right
    assert mcc(0, 7, 5, 0) == -1.0  # every call wrong
    assert mcc(0, 0, 5, 7) == 0.0  # nothing called spam: a zero factor, 0 as scikit-learn gives


def test_matthews_correlation_agrees_with_scikit_learn():
    metrics = pytest.importorskip("sklearn.metrics")
    module = companion()
    truth = ["spam"] * 7 + ["ham"] * 13
    predicted = ["spam"] * 6 + ["ham"] + ["spam"] * 2 + ["ham"] * 11
    tp, fp, fn, tn = module.outcome_table(truth, predicted)
    assert (tp, fp, fn, tn) == (6, 2, 1, 11)
    assert module.matthews_correlation(tp, fp, fn, tn) == pytest.approx(
        metrics.matthews_corrcoef(truth, predicted), abs=1e-15)


def test_the_papers_measures_by_hand():
    module = companion()
    truth = ["spam", "spam", "spam", "spam", "ham", "ham", "ham", "ham", "ham"]
    predicted = ["spam", "spam", "spam", "ham", "spam", "ham", "ham", "ham", "ham"]
    caught, blocked, accuracy, mcc = module.paper_measures(truth, predicted)
    assert caught == 75.0  # 3 of 4 spam caught
    assert blocked == 20.0  # 1 of 5 ham blocked
    assert accuracy == pytest.approx(float(Fraction(700, 9)))  # 7 of 9 right
    assert mcc == pytest.approx((3 * 4 - 1 * 1) / math.sqrt(4 * 4 * 5 * 5))


def test_the_two_tokenizers_on_a_message():
    module = companion()
    text = "Win £2,000.50 now: www.prize.co.uk!!! 18+"
    assert module.TOK1(text) == ["win", "2,000.50", "now", "www", "prize", "co", "uk", "18"]
    assert module.TOK2(text) == ["win", "£2", "000", "50", "now", "www", "prize", "co", "uk!!!", "18+"]


def test_only_509_spam_and_3391_ham_fit_the_quoted_naive_bayes_rows():
    """The companion's reading of the split: search every test set near 70% of the collection."""
    rows = [(52.06, 0.00, 93.74), (54.03, 0.00, 94.00), (98.04, 26.01, 77.13)]

    def fits(spam, ham, row):
        caught_percent, blocked_percent, accuracy_percent = row
        for caught in range(spam + 1):
            if abs(100 * caught / spam - caught_percent) > 0.005:
                continue
            for blocked in range(ham + 1):
                if abs(100 * blocked / ham - blocked_percent) <= 0.005 and \
                        abs(100 * (caught + ham - blocked) / (spam + ham) - accuracy_percent) <= 0.005:
                    return True
        return False

    found = [(spam, ham) for spam in range(500, 520) for ham in range(3370, 3410)
             if all(fits(spam, ham, row) for row in rows)]
    assert found == [(509, 3391)]
    assert f"{100 * 3391 / 3900:.2f}" == "86.95"  # the paper's trivial filter


def test_without_the_collection_it_says_so_and_runs_on_the_shipped_corpus():
    code, out, err = run(ALMEIDA_HIDALGO, "--no-sms")
    assert code == 0, err
    assert "Steps 1, 2, 4 and 6 need it and are skipped." in out
    assert "paper (as quoted)" not in out
    assert re.search(r"^accuracy on the \d+ test messages: \d+/\d+ = [01]\.\d{4}", out, re.M)


@pytest.mark.skipif(SMS_SPAM is None, reason="no local SMS Spam Collection")
def test_on_the_collection_the_split_is_the_papers():
    code, out, err = run(ALMEIDA_HIDALGO, "--sms", SMS_SPAM, "--skip-going-further")
    assert code == 0, err
    assert "ham   4,827 messages (86.60%)   paper: 4,827 (86.60%)" in out
    assert "training: 1,674 messages (30.03%), 238 spam" in out
    assert "test: 3,900 messages, 509 spam and 3,391 ham" in out
    # the trivial filter: ours and the paper's, to the digit
    assert re.search(r"^Trivial filter \(all ham\) +0\.00 +0\.00 +86\.95 +- +ours$", out, re.M)
    assert "trivial filter accuracy: ours 86.95, paper 86.95 -> the same test set" in out
    for name, paper in (("Multinomial term frequency NB + tok1", "52.06    0.00   93.74   0.697"),
                        ("Bernoulli NB + tok1", "54.03    0.00   94.00   0.711"),
                        ("Boolean NB + tok1", "98.04   26.01   77.13   0.507")):
        assert re.search(rf"^{re.escape(name)} +\d+\.\d\d +\d+\.\d\d +\d+\.\d\d +0\.\d{{3}} +ours\n +"
                         rf"{re.escape(paper)}   paper \(as quoted\)$", out, re.M), name
    assert re.search(r"^accuracy on the 3900 test messages: \d+/3900 = 0\.9\d{3}", out, re.M)


@pytest.mark.skipif(SMS_SPAM is None, reason="no local SMS Spam Collection")
def test_on_the_collection_scikit_learn_makes_the_same_predictions():
    pytest.importorskip("sklearn")
    code, out, err = run(ALMEIDA_HIDALGO, "--sms", SMS_SPAM, "--skip-going-further")
    assert code == 0, err
    for name in ("MultinomialNB", "BernoulliNB"):
        assert f"scikit-learn's {name}(alpha=1) on the same counts: the same prediction for 3900 of 3900" in out
