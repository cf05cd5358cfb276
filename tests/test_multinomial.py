"""Multinomial naive Bayes on the China example, worked by hand.

Training documents (class china: d1-d3, class japan: d4):
    d1 "Chinese Beijing Chinese", d2 "Chinese Chinese Shanghai", d3 "Chinese Macao",
    d4 "Tokyo Japan Chinese";  test: "Chinese Chinese Chinese Tokyo Japan".
V = {chinese, beijing, shanghai, macao, tokyo, japan}, |V| = 6.
china: 8 word occurrences, 5 of them "chinese"; japan: 3 occurrences, 1 "chinese".
"""

import math
from collections import Counter
from fractions import Fraction

import pytest

from naivebayes import MultinomialNB, ZeroProbabilityError
from naivebayes.datasets import load_china
from naivebayes.naive_bayes.multinomial import (
    add_multinomial_counts,
    multinomial_joint_log_likelihoods,
    multinomial_joint_probability,
    multinomial_likelihood,
    multinomial_log_likelihood,
    multinomial_log_likelihood_rows,
    multinomial_word_terms,
)

DOCUMENTS, LABELS, TEST_DOCUMENT = load_china()


@pytest.fixture
def model():
    return MultinomialNB().fit(DOCUMENTS, LABELS)


def test_eq_multinomial_count_adds_occurrences(model):
    table = {}
    assert add_multinomial_counts(table, {"chinese": 2, "beijing": 1}) == 3
    assert add_multinomial_counts(table, {"chinese": 2, "shanghai": 1, "macao": 0}) == 3
    assert table == {"chinese": 4, "beijing": 1, "shanghai": 1}  # a zero adds no entry
    assert model.feature_counts_ == {
        "china": {"chinese": 5, "beijing": 1, "shanghai": 1, "macao": 1},
        "japan": {"tokyo": 1, "japan": 1, "chinese": 1},
    }
    assert model.feature_totals_ == {"china": 8, "japan": 3}
    assert model.class_counts_ == {"china": 3, "japan": 1}
    assert model.vocabulary_ == {"chinese", "beijing", "shanghai", "macao", "tokyo", "japan"}


def test_maximum_likelihood_is_the_smoothed_estimate_with_alpha_zero():
    assert multinomial_likelihood(5, 8, 0, 6) == Fraction(5, 8)  # n_jc / n_c
    assert multinomial_likelihood(0, 8, 0, 6) == 0  # tokyo never occurs in china: the zero-frequency problem
    assert MultinomialNB(alpha=0).fit(DOCUMENTS, LABELS).likelihood("chinese", "china") == Fraction(5, 8)


def test_eq_multinomial_lidstone_on_the_china_example(model):
    assert multinomial_likelihood(5, 8, 1, 6) == Fraction(6, 14) == Fraction(3, 7)
    assert model.likelihood("chinese", "china") == Fraction(3, 7)
    assert model.likelihood("tokyo", "china") == Fraction(1, 14)
    assert model.likelihood("japan", "china") == Fraction(1, 14)
    assert model.likelihood("chinese", "japan") == Fraction(2, 9)
    assert model.likelihood("tokyo", "japan") == Fraction(2, 9)


def test_eq_multinomial_lidstone_with_other_alphas():
    assert multinomial_likelihood(5, 8, Fraction(1, 2), 6) == Fraction(11, 2) / 11 == Fraction(1, 2)
    assert multinomial_likelihood(5, 8, 0, 6) == Fraction(5, 8)  # no smoothing: n_jc / n_c
    assert multinomial_likelihood(5, 8, 1.0, 6) == 6 / 14 and isinstance(multinomial_likelihood(5, 8, 1.0, 6), float)


def test_smoothed_likelihoods_sum_to_one_over_the_vocabulary(model):
    for label in model.classes_:
        assert sum(model.likelihood(word, label) for word in model.vocabulary_) == 1


def test_eq_multinomial_joint_probability_on_the_china_example(model):
    joint = model.joint_probability(TEST_DOCUMENT)
    assert joint["china"] == Fraction(3, 4) * Fraction(3, 7) ** 3 * Fraction(1, 14) ** 2 == Fraction(81, 268912)
    assert joint["japan"] == Fraction(1, 4) * Fraction(2, 9) ** 3 * Fraction(2, 9) ** 2 == Fraction(8, 59049)
    likelihoods = {"a": Fraction(1, 2), "b": Fraction(1, 4)}
    assert multinomial_joint_probability(Fraction(1, 3), {"a": 2, "b": 1, "z": 5}, likelihoods) == (
        Fraction(1, 3) * Fraction(1, 4) * Fraction(1, 4)
    )


def test_posterior_and_predict_proba_on_the_china_example(model):
    assert model.posterior(TEST_DOCUMENT) == {
        "china": Fraction(4782969, 6934265),
        "japan": Fraction(2151296, 6934265),
    }
    (probabilities,) = model.predict_proba([TEST_DOCUMENT])
    assert probabilities["china"] == pytest.approx(4782969 / 6934265, rel=1e-12)
    assert probabilities["japan"] == pytest.approx(2151296 / 6934265, rel=1e-12)
    assert model.predict([TEST_DOCUMENT]) == ["china"]


def test_eq_multinomial_log_likelihood_is_a_difference_of_logs(model):
    assert multinomial_log_likelihood(5, 8, 1, 6) == math.log(6) - math.log(14)
    assert model.log_likelihood("tokyo", "china") == math.log(1) - math.log(14)
    assert multinomial_log_likelihood(0, 8, 0, 6) == -math.inf


def test_eq_multinomial_joint_log_on_the_china_example(model):
    joint = model.joint_log_likelihood(TEST_DOCUMENT)
    expected_china = math.log(3 / 4) + 3 * math.log(3 / 7) + 2 * math.log(1 / 14)
    expected_japan = math.log(1 / 4) + 5 * math.log(2 / 9)
    assert joint["china"] == pytest.approx(expected_china, abs=1e-12)  # -8.1077
    assert joint["japan"] == pytest.approx(expected_japan, abs=1e-12)  # -8.9067
    # One term per known word with a count: x_j log theta_jc for each class.  An unseen
    # word and a zero count give no term.  Here n_a = 1 of n = 3 occurrences, |V| = 2, alpha = 1.
    terms = multinomial_word_terms(
        {"a": 2, "b": 0, "zzz": 4}, {"a", "b"}, ["x"], {"x": {"a": 1, "b": 2}}, {"x": 3}, 1
    )
    assert [(term.feature, term.value) for term in terms] == [("a", 2)]
    assert terms[0].log_terms == (2 * (math.log(2) - math.log(5)),)  # 2 log (1 + 1)/(3 + 2)


def test_eq_multinomial_rows_hold_every_class_per_word(model):
    rows = multinomial_log_likelihood_rows(
        model.feature_counts_, model.feature_totals_, model.classes_, model.vocabulary_, model.alpha
    )
    assert rows["chinese"] == (math.log(6) - math.log(14), math.log(2) - math.log(9))
    assert rows["macao"] == (math.log(2) - math.log(14), math.log(1) - math.log(9))
    assert set(rows) == model.vocabulary_
    for word, row in rows.items():
        assert row == tuple(model.log_likelihood(word, label) for label in model.classes_)


def test_eq_multinomial_joint_rows_agree_with_the_reference(model):
    rows = {"a": (math.log(0.5), math.log(0.25)), "b": (math.log(0.5), math.log(0.75))}
    # Two terms per class: sum and fsum both round a + b once, so these are exact.
    assert multinomial_joint_log_likelihoods({"a": 2, "b": 1, "z": 3}, rows, [-1.0, -2.0]) == [
        -1.0 + math.fsum([2 * math.log(0.5), math.log(0.5)]),
        -2.0 + math.fsum([2 * math.log(0.25), math.log(0.75)]),
    ]
    assert multinomial_joint_log_likelihoods({"z": 3}, rows, [-1.0, -2.0]) == [-1.0, -2.0]
    rows_sum = model.predict_joint_log_proba([dict(Counter(TEST_DOCUMENT.lower().split()))])[0]
    assert rows_sum == model.joint_log_likelihood(TEST_DOCUMENT)  # the very terms, added by fsum: the same floats


def test_alpha_zero_shows_the_zero_frequency_problem(model):
    unsmoothed = MultinomialNB(alpha=0).fit(DOCUMENTS, LABELS)
    assert unsmoothed.likelihood("tokyo", "china") == 0
    # China never saw "tokyo" or "japan", so P(x | china) = 0 and japan wins outright,
    # although "chinese" occurs three times.
    assert unsmoothed.joint_log_likelihood(TEST_DOCUMENT)["china"] == -math.inf
    assert unsmoothed.predict_proba([TEST_DOCUMENT]) == [{"china": 0.0, "japan": 1.0}]
    assert unsmoothed.predict([TEST_DOCUMENT]) == ["japan"]
    assert model.predict([TEST_DOCUMENT]) == ["china"]  # smoothing gives the sensible answer


def test_alpha_zero_when_no_class_can_have_produced_the_document():
    unsmoothed = MultinomialNB(alpha=0).fit(DOCUMENTS, LABELS)
    # "beijing" rules out japan and "tokyo" rules out china: P(x) = 0.
    with pytest.raises(ZeroProbabilityError, match=r"X\[0\].*zero-frequency"):
        unsmoothed.predict(["Beijing Tokyo"])
    with pytest.raises(ZeroProbabilityError, match="alpha > 0"):
        unsmoothed.predict_proba(["Beijing Tokyo"])
    explanation = unsmoothed.explain("Beijing Tokyo")
    assert explanation.prediction is None and explanation.posterior is None
    assert explanation.joint == {"china": -math.inf, "japan": -math.inf}
    assert "zero-frequency" in str(explanation)


def test_alpha_zero_with_an_empty_class_is_a_clear_error_and_changes_nothing():
    model = MultinomialNB(alpha=0)
    with pytest.raises(ZeroDivisionError, match="no word occurrences"):
        model.fit([["a"], []], ["x", "y"])
    assert model.classes_ == []  # the failed fit left the model as it was


def test_unseen_words_are_ignored(model):
    with_unseen = model.predict_joint_log_proba([TEST_DOCUMENT + " Osaka Kyoto"])
    assert with_unseen == model.predict_joint_log_proba([TEST_DOCUMENT])
    assert model.explain(TEST_DOCUMENT + " Osaka").ignored == {"osaka": "unseen"}


def test_the_four_input_forms_give_the_same_model():
    words = sorted({w for d in DOCUMENTS for w in d.lower().split()})
    tokens = [d.lower().split() for d in DOCUMENTS]
    mappings = [{w: t.count(w) for w in set(t)} for t in tokens]
    dense = [[t.count(w) for w in words] for t in tokens]
    from_text = MultinomialNB().fit(DOCUMENTS, LABELS)
    assert MultinomialNB().fit(tokens, LABELS).feature_counts_ == from_text.feature_counts_
    assert MultinomialNB().fit(mappings, LABELS).feature_counts_ == from_text.feature_counts_
    from_dense = MultinomialNB().fit(dense, LABELS)
    column = {w: j for j, w in enumerate(words)}
    assert from_dense.feature_counts_ == {
        label: {column[w]: n for w, n in table.items()} for label, table in from_text.feature_counts_.items()
    }
    test_row = [TEST_DOCUMENT.lower().split().count(w) for w in words]
    assert from_dense.predict_proba([test_row]) == from_text.predict_proba([TEST_DOCUMENT])


def test_weights_such_as_tf_idf_are_accepted():
    model = MultinomialNB(alpha=0.5).fit([{"a": 0.5, "b": 0.25}, {"b": 1.5}], ["x", "y"])
    assert model.feature_totals_ == {"x": 0.75, "y": 1.5}
    assert model.likelihood("a", "x") == (0.5 + 0.5) / (0.75 + 0.5 * 2)


def test_class_prior_and_fit_prior():
    uniform = MultinomialNB(fit_prior=False).fit(DOCUMENTS, LABELS)
    assert uniform.prior("china") == uniform.prior("japan") == Fraction(1, 2)
    given = MultinomialNB(class_prior={"china": Fraction(1, 10), "japan": Fraction(9, 10)}).fit(DOCUMENTS, LABELS)
    assert given.prior("japan") == Fraction(9, 10)
    as_list = MultinomialNB(class_prior=[0.1, 0.9]).fit(DOCUMENTS, LABELS)
    assert as_list.prior("japan") == 0.9
    # With a strong prior for japan, the decision flips.
    assert given.predict([TEST_DOCUMENT]) == ["japan"]


def test_repr_shows_the_counts(model):
    assert repr(model) == str(model) == (
        'MultinomialNB(alpha=1)\n'
        'table                     size         first entries\n'
        '------------------------  -----------  ------------------------------------------------\n'
        "class 'china'             3 documents  P(c) = 3/4\n"
        "class 'japan'             1 document   P(c) = 1/4\n"
        "vocabulary_               6 words      ['beijing', 'chinese', 'japan', ...]\n"
        "feature_counts_['china']  4 words      {'chinese': 5, 'beijing': 1, 'shanghai': 1, ...}\n"
        "feature_counts_['japan']  3 words      {'tokyo': 1, 'japan': 1, 'chinese': 1}\n"
        'multinomial naive Bayes, fitted on 4 documents'
    )
    assert repr(MultinomialNB(alpha=0.5)) == "MultinomialNB(alpha=0.5) (not fitted)"


def test_running_the_module_prints_the_worked_example(capsys):
    from naivebayes.__main__ import main

    main(["multinomial"])
    printed = capsys.readouterr().out
    assert "3/7" in printed and "1/14" in printed and "prediction: china" in printed


def test_multinomial_fits_tfidf_weights_and_its_rows_match_the_terms():
    # TF-IDF rows are {word: float weight}; the model treats the weights as fractional counts.
    # Both compute the same products count * log theta_jc: predict adds the rows, explain the terms.
    from naivebayes.text.bag_of_words import BagOfWords
    from naivebayes.datasets import load_spam
    from naivebayes.evaluation.split import train_test_split
    from naivebayes.text.tfidf import TfidfTransformer

    texts, labels = load_spam()
    train_texts, test_texts, train_labels, _ = train_test_split(texts, labels, test_size=0.3, random_state=1)
    bag, tfidf = BagOfWords(), TfidfTransformer()
    train_rows = tfidf.fit_transform(bag.fit_transform(train_texts))
    test_rows = tfidf.transform(bag.transform(test_texts))
    model = MultinomialNB(alpha=0.01).fit(train_rows, train_labels)
    assert all(isinstance(total, float) for total in model.feature_totals_.values())
    fast = model.predict_joint_log_proba(test_rows)
    assert len(fast) == len(test_rows) > 0
    for row, scores in zip(test_rows, fast):
        reference = model.joint_log_likelihood(row)
        assert scores == pytest.approx(reference, rel=1e-12)


def test_the_rows_are_built_when_training_ends_and_again_after_a_new_setting():
    fitted = MultinomialNB().fit(DOCUMENTS, LABELS)
    assert set(fitted.log_likelihood_rows_) == fitted.vocabulary_  # fit built them, before any prediction
    fitted.alpha = 2  # a new setting rebuilds the lookup tables where it is assigned
    # tokyo in china: (0 + 2) / (8 + 2 * 6), by hand
    assert fitted.log_likelihood_rows_["tokyo"][0] == math.log(2) - math.log(20)
    assert MultinomialNB().log_likelihood_rows_ == {}  # nothing learned, nothing to read


@pytest.mark.parametrize("alpha", [1, Fraction(1, 2), 0.5, 0])
@pytest.mark.parametrize("size", [1, 2, 50])
def test_predict_adds_the_terms_explain_shows_at_every_size(size, alpha):
    model = MultinomialNB(alpha=alpha).fit(DOCUMENTS, LABELS)
    documents = ([TEST_DOCUMENT, "Chinese Chinese Macao", "Tokyo Japan Osaka", {"chinese": 2, "tokyo": 1}] * 13)[:size]
    for document, joint in zip(documents, model.predict_joint_log_proba(documents)):
        assert joint == model.explain(document).joint  # bit for bit: explain's terms, added by fsum, are predict's sums
        assert joint == model.joint_log_likelihood(document)
