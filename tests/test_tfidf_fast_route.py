"""The fast route to multinomial naive Bayes on TF-IDF rows (docs/tfidf.md#the-fast-route).

``MultinomialNB.fit_tfidf(counts, y, tfidf)`` and ``predict_tfidf(counts, tfidf)``
take the rows of counts and a fitted ``TfidfTransformer``, and never build the
``{term: weight}`` rows.  They must give what the reference path gives,
``fit(tfidf.transform(counts), y)`` and ``predict(tfidf.transform(counts))``:
the same tables float for float, scores within 1e-12, the same classes.
"""

import math
import random

import pytest

from naivebayes import BagOfWords, MultinomialNB, TfidfTransformer, Tokenizer
from naivebayes.datasets import load_spam
from naivebayes.naive_bayes import multinomial
from naivebayes.naive_bayes.multinomial import (
    add_multinomial_counts,
    add_multinomial_tfidf_counts,
    multinomial_joint_log_likelihoods,
    multinomial_log_likelihood_rows,
    multinomial_tfidf_joint_log_likelihoods,
    unshared_log_likelihood_rows,
)
from naivebayes.text.bag_of_words import bag_of_words, known_term_counts
from naivebayes.text.tfidf import l2_normalize, tfidf_weights, tfidf_weights_and_length
from naivebayes.text.tokenize import SKLEARN_PATTERN

TABLES = ("class_counts_", "n_examples_", "classes_", "feature_counts_", "feature_totals_", "document_lengths_",
          "vocabulary_", "input_form_", "priors_", "log_priors_", "log_likelihood_rows_")


# ----------------------------------------------------------------------
# The formulas, by hand
# ----------------------------------------------------------------------


def test_eq_tfidf_weights_and_length_of_a_three_four_five_row():
    terms, weights, length = tfidf_weights_and_length({"a": 3, "b": 4}, {"a": 1.0, "b": 1.0})
    assert (terms, weights, length) == (["a", "b"], [3.0, 4.0], 5.0)


def test_eq_tfidf_weights_and_length_multiplies_by_the_idf_and_drops_what_has_no_weight():
    # w = (3 * 2, 4 * 0.5) = (6, 2), ||w|| = sqrt(36 + 4) = sqrt(40); "c" has no idf, "d" a count of 0
    terms, weights, length = tfidf_weights_and_length({"a": 3, "c": 7, "b": 4, "d": 0}, {"a": 2.0, "b": 0.5, "d": 1.0})
    assert (terms, weights) == (["a", "b"], [6.0, 2.0])
    assert length == math.sqrt(40)
    assert tfidf_weights_and_length({}, {"a": 1.0}) == ([], [], 0.0)


def test_eq_tfidf_weights_and_length_are_the_floats_of_the_reference_row():
    counts = {"the": 2, "cat": 1, "saw": 1, "dog": 1}
    idf = TfidfTransformer().fit([{"the": 1, "cat": 1, "sat": 1}, counts, {"the": 1, "dog": 1, "barked": 1}]).idf_
    terms, weights, length = tfidf_weights_and_length(counts, idf)
    assert dict(zip(terms, weights)) == tfidf_weights(counts, idf)
    assert [weight / length for weight in weights] == list(l2_normalize(tfidf_weights(counts, idf)).values())
    assert round(length, 4) == 3.1911  # the worked example on docs/tfidf.md


def test_eq_multinomial_tfidf_count_adds_the_normalised_weights():
    table = {}
    n_c = add_multinomial_tfidf_counts(table, ["a", "b"], [3.0, 4.0], 5.0)  # the row (0.6, 0.8)
    assert table == {"a": 0.6, "b": 0.8}
    assert n_c == 0.6 + 0.8
    add_multinomial_tfidf_counts(table, ["b", "c"], [1.0, 1.0], math.sqrt(2))  # the row (0.7071, 0.7071)
    assert table == {"a": 0.6, "b": 0.8 + 1 / math.sqrt(2), "c": 1 / math.sqrt(2)}


def test_eq_multinomial_tfidf_count_is_add_multinomial_counts_of_the_row():
    weights = {"x": 0.3, "y": 1.7, "z": 2.9}
    length = math.sqrt(math.fsum(w * w for w in weights.values()))
    fast, reference = {"x": 0.25}, {"x": 0.25}
    n_fast = add_multinomial_tfidf_counts(fast, list(weights), list(weights.values()), length)
    n_reference = add_multinomial_counts(reference, l2_normalize(weights))
    assert (fast, n_fast) == (reference, n_reference)


def test_eq_multinomial_tfidf_joint_by_hand():
    half, quarter = math.log(0.5), math.log(0.25)
    rows = {"a": (half, quarter), "b": (quarter, half)}
    log_priors = [half, half]
    # class 0: log 1/2 + (3 log 1/2 + 4 log 1/4) / 5 = -(1 + 11/5) ln 2 = -16/5 ln 2
    # class 1: log 1/2 + (3 log 1/4 + 4 log 1/2) / 5 = -(1 + 10/5) ln 2 = -3 ln 2
    joint = multinomial_tfidf_joint_log_likelihoods(["a", "b", "unseen"], [3.0, 4.0, 9.0], 5.0, rows, log_priors)
    assert joint == pytest.approx([-16 / 5 * math.log(2), -3 * math.log(2)], rel=1e-15)
    assert multinomial_tfidf_joint_log_likelihoods([], [], 0.0, rows, log_priors) == log_priors
    assert multinomial_tfidf_joint_log_likelihoods(["unseen"], [1.0], 1.0, rows, log_priors) == log_priors


def test_eq_multinomial_tfidf_joint_agrees_with_the_joint_of_the_row():
    rows = {"a": (-1.5, -0.25, -3.0), "b": (-0.5, -2.0, -1.0), "c": (-4.0, -0.1, -0.7)}
    weights = {"a": 1.3, "b": 0.2, "c": 2.2}
    length = math.sqrt(math.fsum(w * w for w in weights.values()))
    log_priors = [-1.0, -1.2, -1.1]
    fast = multinomial_tfidf_joint_log_likelihoods(list(weights), list(weights.values()), length, rows, log_priors)
    reference = multinomial_joint_log_likelihoods(l2_normalize(weights), rows, log_priors)
    assert fast == pytest.approx(reference, rel=1e-14)


# ----------------------------------------------------------------------
# The fast route against the reference path
# ----------------------------------------------------------------------


def random_corpus(n_documents, seed):
    """Texts of three classes, each drawing its words more often from its own part of a 300-word vocabulary."""
    generator = random.Random(seed)
    words = [f"w{i}" for i in range(300)]
    texts, labels = [], []
    for _ in range(n_documents):
        label = generator.choice("abc")
        own = words[100 * "abc".index(label) : 100 * "abc".index(label) + 100]
        length = generator.randint(0, 60)
        tokens = [generator.choice(own if generator.random() < 0.6 else words) for _ in range(length)]
        texts.append(" ".join(tokens))
        labels.append(label)
    return texts, labels


@pytest.fixture(scope="module")
def corpus():
    """1,500 training and 400 test texts: more than SMALL_TRAINING_SET, so fit_tfidf takes the fast route."""
    train_texts, train_labels = random_corpus(1500, seed=21)
    test_texts, test_labels = random_corpus(400, seed=22)
    test_texts.append("words never seen anywhere")  # a row with no known term
    bag = BagOfWords(tokenizer=Tokenizer(pattern=SKLEARN_PATTERN))
    train_counts = bag.fit_transform(train_texts)
    tfidf = TfidfTransformer().fit(train_counts)
    return bag, tfidf, train_counts, train_labels, bag.transform(test_texts)


def assert_same_tables(fast, reference):
    for name in TABLES:
        assert getattr(fast, name) == getattr(reference, name), name


@pytest.mark.parametrize("alpha", [0.01, 1.0, 1])
def test_fit_tfidf_gives_the_reference_tables_float_for_float(corpus, alpha):
    bag, tfidf, train_counts, train_labels, _ = corpus
    fast = MultinomialNB(alpha=alpha).fit_tfidf(train_counts, train_labels, tfidf)
    reference = MultinomialNB(alpha=alpha).fit(tfidf.transform(train_counts), train_labels)
    assert_same_tables(fast, reference)


@pytest.mark.parametrize("alpha", [0.01, 1.0])
def test_predict_tfidf_gives_the_reference_classes_and_scores(corpus, alpha):
    bag, tfidf, train_counts, train_labels, test_counts = corpus
    model = MultinomialNB(alpha=alpha).fit_tfidf(train_counts, train_labels, tfidf)
    test_rows = tfidf.transform(test_counts)
    assert model.predict_tfidf(test_counts, tfidf) == model.predict(test_rows)
    for counts, reference in zip(test_counts, model.predict_joint_log_proba(test_rows)):
        fast = multinomial_tfidf_joint_log_likelihoods(
            *tfidf.weights_and_length(counts), model.log_likelihood_rows_, model.log_priors_
        )
        assert fast == pytest.approx([reference[label] for label in model.classes_], rel=1e-12)


def test_the_fast_route_leaves_the_rows_and_the_transformer_as_they_were(corpus):
    bag, tfidf, train_counts, train_labels, test_counts = corpus
    before = [dict(row) for row in test_counts], tfidf.idf_.copy(), repr(tfidf)
    MultinomialNB(alpha=0.01).fit_tfidf(train_counts, train_labels, tfidf).predict_tfidf(test_counts, tfidf)
    assert ([dict(row) for row in test_counts], tfidf.idf_, repr(tfidf)) == before


def test_weighed_tables_are_built_by_the_unshared_rows_bit_for_bit(corpus):
    bag, tfidf, train_counts, train_labels, _ = corpus
    model = MultinomialNB(alpha=0.01).fit_tfidf(train_counts, train_labels, tfidf)
    arguments = (model.feature_counts_, model.feature_totals_, model.classes_, model.vocabulary_, model.alpha)
    assert unshared_log_likelihood_rows(*arguments) == multinomial_log_likelihood_rows(*arguments)
    assert model.log_likelihood_rows_ == multinomial_log_likelihood_rows(*arguments)


def test_the_spam_corpus_by_the_fast_route(monkeypatch):
    monkeypatch.setattr(multinomial, "SMALL_TRAINING_SET", 0)  # take the fast route on 110 texts
    texts, labels = load_spam()
    bag = BagOfWords()
    counts = bag.fit_transform(texts[:80])
    tfidf = TfidfTransformer().fit(counts)
    fast = MultinomialNB(alpha=0.01).fit_tfidf(counts, labels[:80], tfidf)
    reference = MultinomialNB(alpha=0.01).fit(tfidf.transform(counts), labels[:80])
    assert_same_tables(fast, reference)
    test_counts = bag.transform(texts[80:])
    assert fast.predict_tfidf(test_counts, tfidf) == reference.predict(tfidf.transform(test_counts))


@pytest.mark.parametrize("factor", [2.0**1000, 2.0**-1070])
def test_extreme_rows_go_through_transform_row(monkeypatch, factor):
    monkeypatch.setattr(multinomial, "SMALL_TRAINING_SET", 0)
    counts = [{"a": 2, "b": 1}, {"b": 3, "c": 1}, {"a": 1, "c": 2}, {"a": 1, "b": 1, "c": 1}]
    counts[1] = {term: count * factor for term, count in counts[1].items()}  # about 1e301 or 1e-322
    labels = ["x", "y", "x", "y"]
    tfidf = TfidfTransformer().fit(counts)
    assert tfidf.weights_and_length(counts[1]) is None
    fast = MultinomialNB(alpha=0.5).fit_tfidf(counts, labels, tfidf)
    reference = MultinomialNB(alpha=0.5).fit(tfidf.transform(counts), labels)
    assert_same_tables(fast, reference)
    assert fast.predict_tfidf(counts, tfidf) == reference.predict(tfidf.transform(counts))


@pytest.mark.parametrize("settings", [{"sublinear_tf": True}, {"norm": None}, {"smooth_idf": False}])
def test_other_settings_give_the_reference_results(corpus, settings):
    bag, _, train_counts, train_labels, test_counts = corpus
    tfidf = TfidfTransformer(**settings).fit(train_counts)
    fast = MultinomialNB(alpha=0.01).fit_tfidf(train_counts, train_labels, tfidf)
    reference = MultinomialNB(alpha=0.01).fit(tfidf.transform(train_counts), train_labels)
    assert_same_tables(fast, reference)
    assert fast.predict_tfidf(test_counts, tfidf) == reference.predict(tfidf.transform(test_counts))


def test_a_few_rows_take_the_reference_path():
    counts = BagOfWords().fit_transform(["free prize now", "lunch at noon", "free lunch"])
    tfidf = TfidfTransformer().fit(counts)
    fast = MultinomialNB(alpha=0.01).fit_tfidf(counts, ["spam", "ham", "ham"], tfidf)
    reference = MultinomialNB(alpha=0.01).fit(tfidf.transform(counts), ["spam", "ham", "ham"])
    assert_same_tables(fast, reference)
    assert fast.predict_tfidf(counts[:1], tfidf) == ["spam"]


def test_the_fast_route_checks_its_input(corpus):
    bag, tfidf, train_counts, train_labels, _ = corpus
    with pytest.raises(TypeError, match="not text"):
        MultinomialNB().fit_tfidf("free prize", ["spam"], tfidf)
    with pytest.raises(ValueError, match="finite numbers"):
        MultinomialNB().fit_tfidf([{"a": -1}] * 1200, ["x", "y"] * 600, tfidf)
    with pytest.raises(ValueError):
        MultinomialNB().fit_tfidf(train_counts, train_labels[:10], tfidf)  # labels and rows differ in number
    with pytest.raises(ValueError, match="only one class"):
        MultinomialNB().fit_tfidf(train_counts, ["a"] * len(train_counts), tfidf)
    unfitted = TfidfTransformer()
    with pytest.raises(Exception, match="not been fitted"):
        MultinomialNB().fit_tfidf(train_counts, train_labels, unfitted)
    with pytest.raises(Exception, match="not been fitted"):
        MultinomialNB().predict_tfidf(train_counts, tfidf)


# ----------------------------------------------------------------------
# BagOfWords: the rows share the vocabulary's strings
# ----------------------------------------------------------------------


@pytest.mark.parametrize("binary", [False, True])
def test_known_term_counts_is_bag_of_words_with_a_vocabulary(binary):
    generator = random.Random(5)
    vocabulary = {f"w{i}": i for i in range(0, 40, 2)}
    known_terms = dict(zip(vocabulary, vocabulary))
    for _ in range(200):
        tokens = [f"w{generator.randrange(50)}" for _ in range(generator.randrange(30))]
        fast = known_term_counts(tokens, known_terms, binary)
        reference = bag_of_words(tokens, vocabulary, binary)
        assert fast == reference and list(fast) == list(reference)  # the same counts, in the same order
        assert all(term is known_terms[term] for term in fast)


def test_rows_hold_one_string_per_term(corpus):
    bag, _, train_counts, _, test_counts = corpus
    terms = {term: term for term in bag.vocabulary_}
    for row in [*train_counts[:50], *test_counts[:50]]:
        assert all(term is terms[term] for term in row)
