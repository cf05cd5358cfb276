"""Bernoulli naive Bayes on the China example, worked by hand.

N_china = 3, N_japan = 1.  Documents containing each word:
    china: chinese 3, beijing 1, shanghai 1, macao 1, tokyo 0, japan 0
    japan: chinese 1, tokyo 1, japan 1, the others 0
With add-one smoothing p_jc = (N_jc + 1) / (N_c + 2):
    china: chinese 4/5, beijing = shanghai = macao 2/5, tokyo = japan 1/5
    japan: chinese = tokyo = japan 2/3, beijing = shanghai = macao 1/3
The test document contains chinese, tokyo and japan.
"""

import math
from fractions import Fraction

import pytest

from naivebayes import BernoulliNB, ZeroProbabilityError
from naivebayes.naive_bayes.bernoulli import (
    add_bernoulli_counts,
    bernoulli_absent_log_sum,
    bernoulli_joint_log_likelihoods,
    bernoulli_joint_probability,
    bernoulli_likelihood,
    bernoulli_log_likelihood,
    bernoulli_log_odds_rows,
    bernoulli_word_terms,
    words_per_count,
)
from naivebayes.datasets import load_china

DOCUMENTS, LABELS, TEST_DOCUMENT = load_china()
CHINA_P = {"chinese": Fraction(4, 5), "beijing": Fraction(2, 5), "shanghai": Fraction(2, 5),
           "macao": Fraction(2, 5), "tokyo": Fraction(1, 5), "japan": Fraction(1, 5)}  # fmt: skip
JAPAN_P = {"chinese": Fraction(2, 3), "tokyo": Fraction(2, 3), "japan": Fraction(2, 3),
           "beijing": Fraction(1, 3), "shanghai": Fraction(1, 3), "macao": Fraction(1, 3)}  # fmt: skip


@pytest.fixture
def model():
    return BernoulliNB().fit(DOCUMENTS, LABELS)


def test_eq_bernoulli_count_counts_documents_not_occurrences(model):
    table = {}
    add_bernoulli_counts(table, {"chinese": 2, "beijing": 1, "macao": 0})
    add_bernoulli_counts(table, {"chinese": 5})
    assert table == {"chinese": 2, "beijing": 1}
    assert model.feature_counts_ == {
        "china": {"chinese": 3, "beijing": 1, "shanghai": 1, "macao": 1},
        "japan": {"tokyo": 1, "japan": 1, "chinese": 1},
    }


def test_maximum_likelihood_is_the_smoothed_estimate_with_alpha_zero():
    assert bernoulli_likelihood(3, 3, 0) == 1  # N_jc / N_c: every china document says "chinese"
    assert bernoulli_likelihood(1, 3, 0) == Fraction(1, 3)


def test_eq_bernoulli_laplace_adds_one_and_two(model):
    assert bernoulli_likelihood(3, 3, 1) == Fraction(4, 5)
    assert bernoulli_likelihood(0, 1, 1) == Fraction(1, 3)
    assert bernoulli_likelihood(3, 3, 0) == Fraction(3, 3)  # no smoothing: N_jc / N_c
    for word in model.vocabulary_:
        assert model.likelihood(word, "china") == CHINA_P[word]
        assert model.likelihood(word, "japan") == JAPAN_P[word]
        assert model.likelihood(word, "china", present=False) == 1 - CHINA_P[word]


def test_eq_bernoulli_joint_probability_on_the_china_example(model):
    joint = model.joint_probability(TEST_DOCUMENT)
    # china: 3/4 * 4/5 * 1/5 * 1/5 * (1 - 2/5)^3;  japan: 1/4 * (2/3)^3 * (1 - 1/3)^3
    assert joint["china"] == Fraction(3, 4) * Fraction(4, 5) * Fraction(1, 25) * Fraction(3, 5) ** 3
    assert joint["china"] == Fraction(81, 15625)  # about 0.005
    assert joint["japan"] == Fraction(1, 4) * Fraction(2, 3) ** 6 == Fraction(16, 729)  # about 0.022
    p = {"a": Fraction(1, 2), "b": Fraction(1, 4)}
    assert bernoulli_joint_probability(1, {"a", "zzz"}, p) == Fraction(1, 2) * Fraction(3, 4)


def test_posterior_and_predict_proba_on_the_china_example(model):
    assert model.posterior(TEST_DOCUMENT) == {"china": Fraction(59049, 309049), "japan": Fraction(250000, 309049)}
    (probabilities,) = model.predict_proba([TEST_DOCUMENT])
    assert probabilities["china"] == pytest.approx(59049 / 309049, rel=1e-12)
    # Unlike the multinomial model, the Bernoulli model chooses japan: it counts the
    # three absent china words against china and ignores that "chinese" occurs 3 times.
    assert model.predict([TEST_DOCUMENT]) == ["japan"]


def test_eq_bernoulli_log_likelihood_for_both_outcomes(model):
    assert bernoulli_log_likelihood(True, 3, 3, 1) == math.log(4) - math.log(5)
    assert bernoulli_log_likelihood(False, 1, 3, 1) == math.log(3) - math.log(5)  # 1 - 2/5
    assert model.log_likelihood("beijing", "china", present=False) == math.log(3) - math.log(5)
    assert bernoulli_log_likelihood(False, 3, 3, 0) == -math.inf


def test_eq_bernoulli_joint_log_on_the_china_example(model):
    joint = model.joint_log_likelihood(TEST_DOCUMENT)
    assert joint["china"] == pytest.approx(math.log(81 / 15625), abs=1e-12)
    assert joint["japan"] == pytest.approx(math.log(16 / 729), abs=1e-12)
    # One class of N_c = 3 documents; V = {a, b, c} with N_a = 3, N_b = 1, N_c = 0; alpha = 1.
    # The document holds "a": its term is log 4/5, and b and c are absent: log 3/5 + log 4/5.
    histogram = words_per_count({"a": 3, "b": 1}, 3)
    assert histogram == {0: 1, 3: 1, 1: 1}
    terms = bernoulli_word_terms(["a"], ["k"], {"k": {"a": 3, "b": 1}}, {"k": 3}, 1, {"k": histogram})
    assert [(term.step, term.feature) for term in terms] == [("word", "a"), ("absent", "2 words")]
    assert terms[0].log_terms == (math.log(4) - math.log(5),)
    assert terms[1].log_terms[0] == pytest.approx(math.log(3 / 5) + math.log(4 / 5), abs=1e-15)


def test_eq_bernoulli_absent_sum_is_the_empty_document(model):
    absent = bernoulli_absent_log_sum(words_per_count(model.feature_counts_["china"], 6), 3, 1)
    expected = math.log(1 / 5) + 3 * math.log(3 / 5) + 2 * math.log(4 / 5)
    assert absent == pytest.approx(expected, abs=1e-12)
    assert model.log_prior("china") + absent == pytest.approx(model.joint_log_likelihood("")["china"], abs=1e-12)


def test_eq_bernoulli_rows_hold_the_log_odds(model):
    rows = bernoulli_log_odds_rows(model.feature_counts_, model.class_counts_, model.classes_, model.vocabulary_, 1)
    # chinese in china: log(4/5) - log(1/5) = log 4;  in japan: log(2/3) - log(1/3) = log 2
    assert rows["chinese"] == pytest.approx((math.log(4), math.log(2)), abs=1e-15)
    assert rows["tokyo"] == pytest.approx((math.log(1 / 4), math.log(2)), abs=1e-15)


def test_eq_bernoulli_joint_rows_agree_with_the_reference(model):
    rows = {"a": (1.0, 2.0), "b": (-1.0, 0.5)}
    # -10 + 1 - 1 and -20 + 2 + 0.5: each class's base score plus the rows of the present words
    assert bernoulli_joint_log_likelihoods(["a", "b", "zzz"], rows, [-10.0, -20.0]) == [-10.0, -17.5]
    assert bernoulli_joint_log_likelihoods(["zzz"], rows, [-10.0, -20.0]) == [-10.0, -20.0]
    for document in [TEST_DOCUMENT, "", "Macao Osaka", "Beijing Shanghai Macao Tokyo Japan Chinese"]:
        (fast,) = model.predict_joint_log_proba([document])
        reference = model.joint_log_likelihood(document)
        for label in model.classes_:
            assert fast[label] == pytest.approx(reference[label], rel=1e-13, abs=1e-13)


def test_the_rewrite_is_an_identity_in_exact_arithmetic(model):
    # prod_j p^x (1-p)^(1-x) == prod_j (1-p) * prod_{present j} p / (1-p), exactly.
    present = {"chinese", "tokyo", "japan"}
    for label, p in (("china", CHINA_P), ("japan", JAPAN_P)):
        direct = math.prod(p[w] if w in present else 1 - p[w] for w in p)
        rewritten = math.prod(1 - p[w] for w in p) * math.prod(p[w] / (1 - p[w]) for w in present)
        assert direct == rewritten


def test_counts_above_one_mean_present(model):
    once = model.predict_proba(["Chinese Tokyo Japan"])
    many = model.predict_proba(["Chinese Chinese Chinese Chinese Tokyo Japan"])
    assert once == many


def test_alpha_zero_uses_the_reference_path_and_may_give_zero():
    unsmoothed = BernoulliNB(alpha=0).fit(DOCUMENTS, LABELS)
    # Every china document contains "chinese" and none contains "tokyo": p = 1 and p = 0.
    assert unsmoothed.likelihood("chinese", "china") == 1
    assert unsmoothed.likelihood("tokyo", "china") == 0
    # The one japan document has exactly chinese, tokyo and japan, so only it is possible.
    assert unsmoothed.predict_proba(["Chinese Tokyo Japan"]) == [{"china": 0.0, "japan": 1.0}]
    with pytest.raises(ZeroProbabilityError):
        unsmoothed.predict(["Chinese Tokyo"])  # japan requires "japan" too (p = 1)
    with pytest.raises(ZeroProbabilityError):
        unsmoothed.predict(["Beijing Tokyo"])  # japan never saw beijing, china never saw tokyo


def test_unseen_words_are_ignored(model):
    assert model.predict_proba(["Chinese Osaka"]) == model.predict_proba(["Chinese"])
    explanation = model.explain("Chinese Osaka")
    assert explanation.ignored == {"osaka": "unseen"}
    assert explanation.terms[-1].feature == "5 words"  # the absent ones


def test_running_the_module_prints_the_worked_example(capsys):
    from naivebayes.__main__ import main

    main(["bernoulli"])
    printed = capsys.readouterr().out
    assert "4/5" in printed and "absent" in printed and "prediction: japan" in printed


@pytest.mark.parametrize("alpha", [1, Fraction(1, 2), 0.5, 0])
@pytest.mark.parametrize("size", [1, 2, 50])
def test_predict_adds_up_what_explain_shows_at_every_size(size, alpha):
    model = BernoulliNB(alpha=alpha).fit(DOCUMENTS, LABELS)
    documents = ([TEST_DOCUMENT, "Chinese Chinese Macao", "Japan Osaka", {"chinese": 2, "tokyo": 1}] * 13)[:size]
    for document, joint in zip(documents, model.predict_joint_log_proba(documents)):
        explained = model.explain(document).joint  # the per-feature terms, one by one, added up
        for label in model.classes_:
            assert joint[label] == pytest.approx(explained[label], rel=1e-13, abs=1e-13)
