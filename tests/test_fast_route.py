"""The faster routes a user asks for by name (naivebayes/fast/) against the models' own default path.

* ``PackedScorer(model)`` (docs/performance.md#lanes): the same predictions as
  ``model.predict``, and joint log-likelihoods within 1e-12 relative, at every
  number of documents, with int, Fraction and float alpha, on a word no class
  counted, and on 20 Newsgroups when ../shared/data holds it;
* ``fit_counting_in_c(model, X, y)`` (docs/performance.md#counting-in-c): every
  table ``model.fit(X, y)`` gives, equal entry for entry, and the same
  predictions, on the China example, every input form, the spam corpus and
  20 Newsgroups when ../shared/data holds it;
* ``fit_tfidf(model, counts, y, tfidf)`` and ``predict_tfidf(model, counts, tfidf)``
  (docs/tfidf.md#the-fast-route) take the rows of counts and a fitted
  ``TfidfTransformer``, and never build the ``{term: weight}`` rows.  They must
  give what the default path gives, ``fit(tfidf.transform(counts), y)`` and
  ``predict(tfidf.transform(counts))``: the same tables float for float,
  scores within 1e-12, the same classes.
"""

import math
import random
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes import BagOfWords, BernoulliNB, ComplementNB, MultinomialNB, TfidfTransformer, Tokenizer
from naivebayes.datasets import load_china, load_spam
from naivebayes.fast.counting import fit_counting_in_c
from naivebayes.fast.lanes import Lanes, fixed_point_bits, lane_width, pack_lanes, to_fixed_point, unpack_lanes
from naivebayes.fast.packed import (
    PackedScorer,
    bernoulli_packed_rows,
    multinomial_packed_rows,
    packed_bernoulli_joint,
    packed_multinomial_joint,
)
from naivebayes.fast.tfidf import (
    add_multinomial_tfidf_counts,
    fit_tfidf,
    multinomial_tfidf_joint_log_likelihoods,
    predict_tfidf,
    tfidf_weights_and_length,
    weights_and_length,
)
from naivebayes.naive_bayes.multinomial import add_multinomial_counts, multinomial_joint_log_likelihoods
from naivebayes.text.bag_of_words import bag_of_words, known_term_counts
from naivebayes.text.tfidf import l2_normalize, tfidf_weights
from naivebayes.text.tokenize import SKLEARN_PATTERN

TABLES = ("class_counts_", "n_examples_", "classes_", "feature_counts_", "feature_totals_", "document_lengths_",
          "vocabulary_", "input_form_", "priors_", "log_priors_", "log_likelihood_rows_")


# ----------------------------------------------------------------------
# The formulas, by hand
# ----------------------------------------------------------------------


def test_eq_tfidf_weights_and_length_of_a_three_four_five_row():
    terms, weights, length = tfidf_weights_and_length({"a": 3, "b": 4}, {"a": 1.0, "b": 1.0})
    assert (terms, weights, length) == (["a", "b"], [3.0, 4.0], 5.0)


def test_eq_tfidf_weights_and_length_multiplies_by_the_idf_and_drops_what_has_no_idf():
    # w = (3 * 2, 4 * 0.5, 0 * 1) = (6, 2, 0), ||w|| = sqrt(36 + 4 + 0) = sqrt(40); "c" has no idf and is dropped,
    # "d" a count of 0: it stays with the weight 0, as in tfidf_weights
    terms, weights, length = tfidf_weights_and_length({"a": 3, "c": 7, "b": 4, "d": 0}, {"a": 2.0, "b": 0.5, "d": 1.0})
    assert (terms, weights) == (["a", "b", "d"], [6.0, 2.0, 0.0])
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
    # a weight of 0 (a count of 0) adds nothing and no entry, as add_multinomial_counts
    assert add_multinomial_tfidf_counts(table, ["d", "a"], [0.0, 2.0], 2.0) == 1.0
    assert table == {"a": 1.6, "b": 0.8 + 1 / math.sqrt(2), "c": 1 / math.sqrt(2)}


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
    # a row whose known terms all weigh 0 has length 0: it scores the priors, with no division by 0
    assert multinomial_tfidf_joint_log_likelihoods(["a", "b"], [0.0, 0.0], 0.0, rows, log_priors) == log_priors
    # a weight of 0 adds 0 to the sum: the hand-worked row above with a zero-count "b" appended
    joint = multinomial_tfidf_joint_log_likelihoods(["a", "b"], [3.0, 0.0], 3.0, rows, log_priors)
    assert joint == [half + half, half + quarter]
    # with alpha = 0 a log theta may be -inf: a weight of 0 times it adds nothing (not 0 * -inf = nan)
    unseen_in_0 = {"a": (-math.inf, quarter), "b": (half, half)}
    joint = multinomial_tfidf_joint_log_likelihoods(["a", "b"], [0.0, 2.0], 2.0, unseen_in_0, log_priors)
    assert joint == [half + half, half + half]


def test_the_fast_route_skips_a_zero_weight_whose_log_theta_is_minus_infinity():
    # alpha = 0: "a" is 0 in every class-"y" row, so log theta_ay = -inf; a test row with a: 0 must still score "y"
    rows, labels = [{"a": 1, "b": 0, "c": 1}, {"a": 0, "b": 2, "c": 1}, {"a": 1, "b": 0, "c": 0}], ["x", "y", "x"]
    tfidf = TfidfTransformer().fit(rows)
    reference = MultinomialNB(alpha=0).fit(tfidf.transform(rows), labels)
    fast = fit_tfidf(MultinomialNB(alpha=0), rows, labels, tfidf)
    tests = [{"a": 0, "b": 1, "c": 1}, {"a": 1, "b": 0, "c": 0}, {"a": 0, "b": 0, "c": 0}]
    assert predict_tfidf(fast, tests, tfidf) == reference.predict(tfidf.transform(tests)) == ["y", "x", "x"]


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
    """1,500 training and 400 test texts of three classes."""
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
    fast = fit_tfidf(MultinomialNB(alpha=alpha), train_counts, train_labels, tfidf)
    reference = MultinomialNB(alpha=alpha).fit(tfidf.transform(train_counts), train_labels)
    assert_same_tables(fast, reference)


@pytest.mark.parametrize("alpha", [0.01, 1.0])
def test_predict_tfidf_gives_the_reference_classes_and_scores(corpus, alpha):
    bag, tfidf, train_counts, train_labels, test_counts = corpus
    model = fit_tfidf(MultinomialNB(alpha=alpha), train_counts, train_labels, tfidf)
    test_rows = tfidf.transform(test_counts)
    assert predict_tfidf(model, test_counts, tfidf) == model.predict(test_rows)
    for counts, reference in zip(test_counts, model.predict_joint_log_proba(test_rows)):
        fast = multinomial_tfidf_joint_log_likelihoods(
            *weights_and_length(tfidf, counts), model.log_likelihood_rows_, model.log_priors_
        )
        assert fast == pytest.approx([reference[label] for label in model.classes_], rel=1e-12)


def test_the_fast_route_leaves_the_rows_and_the_transformer_as_they_were(corpus):
    bag, tfidf, train_counts, train_labels, test_counts = corpus
    before = [dict(row) for row in test_counts], tfidf.idf_.copy(), repr(tfidf)
    predict_tfidf(fit_tfidf(MultinomialNB(alpha=0.01), train_counts, train_labels, tfidf), test_counts, tfidf)
    assert ([dict(row) for row in test_counts], tfidf.idf_, repr(tfidf)) == before


def test_the_spam_corpus_by_the_fast_route():
    texts, labels = load_spam()
    bag = BagOfWords()
    counts = bag.fit_transform(texts[:80])
    tfidf = TfidfTransformer().fit(counts)
    fast = fit_tfidf(MultinomialNB(alpha=0.01), counts, labels[:80], tfidf)
    reference = MultinomialNB(alpha=0.01).fit(tfidf.transform(counts), labels[:80])
    assert_same_tables(fast, reference)
    test_counts = bag.transform(texts[80:])
    assert predict_tfidf(fast, test_counts, tfidf) == reference.predict(tfidf.transform(test_counts))


@pytest.mark.parametrize("factor", [2.0**1000, 2.0**-1070])
def test_extreme_rows_go_through_transform_row(factor):
    counts = [{"a": 2, "b": 1}, {"b": 3, "c": 1}, {"a": 1, "c": 2}, {"a": 1, "b": 1, "c": 1}]
    counts[1] = {term: count * factor for term, count in counts[1].items()}  # about 1e301 or 1e-322
    labels = ["x", "y", "x", "y"]
    tfidf = TfidfTransformer().fit(counts)
    assert weights_and_length(tfidf, counts[1]) is None
    fast = fit_tfidf(MultinomialNB(alpha=0.5), counts, labels, tfidf)
    reference = MultinomialNB(alpha=0.5).fit(tfidf.transform(counts), labels)
    assert_same_tables(fast, reference)
    assert predict_tfidf(fast, counts, tfidf) == reference.predict(tfidf.transform(counts))


@pytest.mark.parametrize("settings", [{"sublinear_tf": True}, {"norm": None}, {"smooth_idf": False}])
def test_other_settings_give_the_reference_results(corpus, settings):
    bag, _, train_counts, train_labels, test_counts = corpus
    tfidf = TfidfTransformer(**settings).fit(train_counts)
    fast = fit_tfidf(MultinomialNB(alpha=0.01), train_counts, train_labels, tfidf)
    reference = MultinomialNB(alpha=0.01).fit(tfidf.transform(train_counts), train_labels)
    assert_same_tables(fast, reference)
    assert predict_tfidf(fast, test_counts, tfidf) == reference.predict(tfidf.transform(test_counts))


def test_a_few_rows_give_the_tables_of_the_default_path():
    counts = BagOfWords().fit_transform(["free prize now", "lunch at noon", "free lunch"])
    tfidf = TfidfTransformer().fit(counts)
    fast = fit_tfidf(MultinomialNB(alpha=0.01), counts, ["spam", "ham", "ham"], tfidf)
    reference = MultinomialNB(alpha=0.01).fit(tfidf.transform(counts), ["spam", "ham", "ham"])
    assert_same_tables(fast, reference)
    assert predict_tfidf(fast, counts[:1], tfidf) == ["spam"]


def test_the_fast_route_checks_its_input(corpus):
    bag, tfidf, train_counts, train_labels, _ = corpus
    with pytest.raises(TypeError, match="not text"):
        fit_tfidf(MultinomialNB(), "free prize", ["spam"], tfidf)
    with pytest.raises(ValueError, match="finite numbers"):
        fit_tfidf(MultinomialNB(), [{"a": -1}] * 1200, ["x", "y"] * 600, tfidf)
    with pytest.raises(ValueError):
        fit_tfidf(MultinomialNB(), train_counts, train_labels[:10], tfidf)  # labels and rows differ in number
    with pytest.raises(ValueError, match="only one class"):
        fit_tfidf(MultinomialNB(), train_counts, ["a"] * len(train_counts), tfidf)
    unfitted = TfidfTransformer()
    with pytest.raises(Exception, match="not been fitted"):
        fit_tfidf(MultinomialNB(), train_counts, train_labels, unfitted)
    with pytest.raises(Exception, match="not been fitted"):
        predict_tfidf(MultinomialNB(), train_counts, tfidf)


# ----------------------------------------------------------------------
# PackedScorer: the packed rows against the model's own rows of floats
# ----------------------------------------------------------------------

DOCUMENTS, LABELS, TEST_DOCUMENT = load_china()
TEST_DOCUMENTS = [TEST_DOCUMENT, "Chinese Chinese Macao", "Tokyo Japan", "Osaka", {"chinese": 2, "tokyo": 1}, ""]


def assert_scorer_agrees(model, documents):
    scorer = PackedScorer(model)
    assert scorer.predict(documents) == model.predict(documents)
    for packed, floats in zip(scorer.predict_joint_log_proba(documents), model.predict_joint_log_proba(documents)):
        for label in model.classes_:
            assert packed[label] == pytest.approx(floats[label], rel=1e-12, abs=1e-12)
    for packed, floats in zip(scorer.predict_proba(documents), model.predict_proba(documents)):
        assert packed == pytest.approx(floats, rel=1e-9)
    assert scorer.score(documents[:3], model.predict(documents[:3])) == 1


def test_eq_multinomial_packed_rows_hold_every_class_exactly():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    packed, lanes = multinomial_packed_rows(
        model.feature_counts_, model.feature_totals_, model.classes_, model.vocabulary_, model.alpha
    )
    assert set(packed) == model.vocabulary_
    # "tokyo": log(0 + 1)/(8 + 6) in china, log(1 + 1)/(3 + 6) in japan, each exactly.
    tokyo = [lane / 2**lanes.bits for lane in unpack_lanes(packed["tokyo"], 2, lanes.width)]
    assert tokyo == [math.log(1) - math.log(14), math.log(2) - math.log(9)]
    for word in model.vocabulary_:
        unpacked = tuple(lane / 2**lanes.bits for lane in unpack_lanes(packed[word], 2, lanes.width))
        assert unpacked == model.log_likelihood_rows_[word]


def test_eq_bernoulli_packed_rows_hold_the_log_odds_exactly():
    model = BernoulliNB().fit(DOCUMENTS, LABELS)
    packed, lanes = bernoulli_packed_rows(model.feature_counts_, model.class_counts_, model.classes_, model.vocabulary_, 1)
    # tokyo: log(1/5) - log(4/5) in china (negative), log(2/3) - log(1/3) in japan: both lanes, signs and all.
    tokyo = [lane / 2**lanes.bits for lane in unpack_lanes(packed["tokyo"], 2, lanes.width)]
    assert tokyo == pytest.approx([math.log(1 / 4), math.log(2)], abs=1e-15)
    for word, row in model.log_odds_rows_.items():
        assert tuple(lane / 2**lanes.bits for lane in unpack_lanes(packed[word], 2, lanes.width)) == row


def packed_by_hand(rows):
    """{word: packed row} and the Lanes for small float rows, with the library's three lane helpers."""
    values = [value for row in rows.values() for value in row]
    bits = fixed_point_bits(values)
    width = lane_width([to_fixed_point(value, bits) for value in values])
    packed = {word: pack_lanes([to_fixed_point(value, bits) for value in row], width) for word, row in rows.items()}
    return packed, Lanes(bits, width)


def test_eq_multinomial_joint_tokens_adds_a_row_per_occurrence():
    packed, lanes = packed_by_hand({"a": (math.log(0.5), math.log(0.25)), "b": (math.log(0.5), math.log(0.75))})
    # "a a b z": a's row twice, b's once, z has none; the exact sum, rounded once, as fsum gives it.
    assert packed_multinomial_joint(["a", "a", "b", "z"], packed, lanes, [-1.0, -2.0]) == [
        -1.0 + math.fsum([math.log(0.5), math.log(0.5), math.log(0.5)]),
        -2.0 + math.fsum([math.log(0.25), math.log(0.25), math.log(0.75)]),
    ]
    assert packed_multinomial_joint(["z"], packed, lanes, [-1.0, -2.0]) == [-1.0, -2.0]


def test_eq_bernoulli_packed_joint_adds_each_present_word_once():
    packed, lanes = packed_by_hand({"a": (1.0, 2.0), "b": (-1.0, 0.5)})
    assert packed_bernoulli_joint({"a": None, "b": None, "zzz": None}, packed, lanes, [-10.0, -20.0]) == [-10.0, -17.5]
    assert packed_bernoulli_joint({"zzz": None}, packed, lanes, [-10.0, -20.0]) == [-10.0, -20.0]


def test_the_packed_sums_are_fsums_on_a_long_document():
    """Many tokens, 3 classes: every class's packed score is log P(c) + fsum of its log theta, bit for bit."""
    generator = random.Random(11)
    words = [f"w{i}" for i in range(300)]
    documents = [" ".join(generator.choices(words, k=generator.randint(5, 80))) for _ in range(60)]
    labels = [("a", "b", "c")[i % 3] for i in range(60)]
    model = MultinomialNB(alpha=0.5).fit(documents, labels)
    scorer = PackedScorer(model)
    tokens = generator.choices(words + ["unseen"], k=5000)
    packed = packed_multinomial_joint(tokens, scorer.packed_rows_, scorer.lanes_, model.log_priors_)
    rows = model.log_likelihood_rows_
    for k, log_prior in enumerate(model.log_priors_):
        assert packed[k] == log_prior + math.fsum(rows[token][k] for token in tokens if token in rows)


@pytest.mark.parametrize("alpha", [1, Fraction(1, 2), 0.5, 2.0])
@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
@pytest.mark.parametrize("size", [1, 2, 6])
def test_the_packed_scorer_agrees_with_the_model(Model, alpha, size):
    model = Model(alpha=alpha).fit(DOCUMENTS, LABELS)
    assert_scorer_agrees(model, TEST_DOCUMENTS[:size])


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_the_packed_scorer_on_dense_rows_with_a_column_no_class_counted(Model):
    rows = [[2, 0, 1, 0], [3, 0, 0, 0], [0, 1, 0, 0], [0, 2, 1, 0]]  # column 3: zero in every training row
    model = Model().fit(rows, ["a", "a", "b", "b"])
    assert 3 in model.vocabulary_
    assert_scorer_agrees(model, [[0, 0, 0, 5], [1, 1, 1, 1], [0, 0, 0, 0], [4, 0, 2, 7]])


def test_the_packed_scorer_on_the_spam_corpus():
    texts, labels = load_spam()
    for Model in (MultinomialNB, BernoulliNB):
        model = Model().fit(texts[::2], labels[::2])
        assert_scorer_agrees(model, texts[1::2])


def test_the_packed_scorer_refuses_what_it_cannot_pack():
    with pytest.raises(ValueError, match="alpha = 0"):
        PackedScorer(MultinomialNB(alpha=0).fit(DOCUMENTS, LABELS))
    with pytest.raises(TypeError, match="ComplementNB"):
        PackedScorer(ComplementNB().fit(DOCUMENTS, LABELS))
    with pytest.raises(Exception, match="not been fitted"):
        PackedScorer(MultinomialNB())
    weighted = MultinomialNB().fit([{"a": 0.5, "b": 1.5}, {"b": 0.25}], ["x", "y"])
    with pytest.raises(ValueError, match="whole counts"):
        PackedScorer(weighted)
    scorer = PackedScorer(MultinomialNB().fit(DOCUMENTS, LABELS))
    with pytest.raises(ValueError, match="whole number"):
        scorer.predict([{"chinese": 0.5}])


@pytest.mark.parametrize("change", ["fit", "partial_fit", "alpha"])
def test_the_packed_scorer_refuses_a_model_changed_since_it_was_built(change):
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    scorer = PackedScorer(model)
    assert scorer.predict([TEST_DOCUMENT]) == ["china"]
    if change == "fit":
        model.fit(DOCUMENTS[:1] + DOCUMENTS[3:], ["china", "japan"])
    elif change == "partial_fit":
        model.partial_fit(["Tokyo Tokyo"], ["japan"])
    else:
        model.alpha = 2
    with pytest.raises(ValueError, match="build a new one"):
        scorer.predict([TEST_DOCUMENT])
    assert PackedScorer(model).predict([TEST_DOCUMENT]) == model.predict([TEST_DOCUMENT])


# ----------------------------------------------------------------------
# fit_counting_in_c: the tables of fit, counted in C
# ----------------------------------------------------------------------


def every_table(model):
    """{name: table} of everything fit gives a text model: the count tables, the lookup tables, the labels' objects."""
    names = [*model.count_tables, *model.lookup_tables, "label_objects_"]
    return {name: getattr(model, name) for name in names}


def assert_fits_as_fit(Model, X, y, test_documents=(), **settings):
    fast = fit_counting_in_c(Model(**settings), X, y)
    reference = Model(**settings).fit(X, y)
    assert every_table(fast) == every_table(reference)
    for label in reference.classes_:  # new words enter each class's table in the same order
        assert list(fast.feature_counts_[label]) == list(reference.feature_counts_[label])
    if test_documents:
        assert fast.predict(test_documents) == reference.predict(test_documents)
        assert fast.predict_joint_log_proba(test_documents) == reference.predict_joint_log_proba(test_documents)
    return fast


@pytest.mark.parametrize("alpha", [1, Fraction(1, 2), 0.5, 0])
@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_fit_counting_in_c_gives_the_tables_of_fit_on_the_china_example(Model, alpha):
    fast = assert_fits_as_fit(Model, DOCUMENTS, LABELS, TEST_DOCUMENTS if alpha else (), alpha=alpha)
    if Model is MultinomialNB:  # the hand-computed numbers of docs/multinomial.md
        assert fast.feature_counts_["china"]["chinese"] == 5 and fast.feature_totals_ == {"china": 8, "japan": 3}
        assert fast.document_lengths_ == {"china": {3: 2, 2: 1}, "japan": {3: 1}}
    else:  # docs/bernoulli.md: "chinese" is in all three China documents, "tokyo" in the Japan one
        assert fast.feature_counts_["china"]["chinese"] == 3 and fast.feature_counts_["japan"]["tokyo"] == 1


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_fit_counting_in_c_takes_every_form_fit_takes(Model):
    tokens = [["free", "prize", "free"], ["lunch", "at", "noon"], [], ["free", "lunch"]]
    labels = ["spam", "ham", "ham", "spam"]
    assert_fits_as_fit(Model, tokens, labels, [["free"], ["noon", "zzz"]])
    counts = [{"free": 2, "prize": 1, "never": 0}, {"lunch": 1}, {"lunch": 2, "free": 1}]
    assert_fits_as_fit(Model, counts, ["spam", "ham", "ham"], [{"free": 1}])
    mixed = ["Free prize, FREE!", ["lunch", "at", "noon"], {"free": 1, "lunch": 3}]  # texts, token lists and dicts
    assert_fits_as_fit(Model, mixed, ["spam", "ham", "ham"], ["free lunch"])
    rows = [[2, 0, 1, 0], [3, 0, 0, 0], [0, 1, 0, 0], [0, 2, 1, 0]]  # dense rows; column 3 counted nowhere
    fast = assert_fits_as_fit(Model, rows, ["a", "a", "b", "b"], [[0, 0, 0, 5], [1, 1, 1, 1]])
    assert 3 in fast.vocabulary_
    tokenizer = Tokenizer(stop_words="english", ngram_range=(1, 2))  # any tokenizer: the model's own
    assert_fits_as_fit(Model, DOCUMENTS, LABELS, TEST_DOCUMENTS, tokenizer=tokenizer)


def test_fit_counting_in_c_forgets_what_the_model_learned_before():
    model = MultinomialNB().fit(["a b", "c d"], ["x", "y"])
    fit_counting_in_c(model, DOCUMENTS, LABELS)
    assert every_table(model) == every_table(MultinomialNB().fit(DOCUMENTS, LABELS))


def test_fit_counting_in_c_on_the_spam_corpus():
    texts, labels = load_spam()
    for Model in (MultinomialNB, BernoulliNB):
        assert_fits_as_fit(Model, texts[::2], labels[::2], texts[1::2])
        model = fit_counting_in_c(Model(), texts[::2], labels[::2])
        assert PackedScorer(model).predict(texts[1::2]) == Model().fit(texts[::2], labels[::2]).predict(texts[1::2])


def test_fit_counting_in_c_refuses_what_fit_refuses_and_leaves_the_model_as_it_was():
    with pytest.raises(TypeError, match="ComplementNB"):
        fit_counting_in_c(ComplementNB(), DOCUMENTS, LABELS)
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    before = every_table(model)
    with pytest.raises(ValueError, match="empty"):
        fit_counting_in_c(model, [], [])
    with pytest.raises(ValueError, match="only one class"):
        fit_counting_in_c(model, DOCUMENTS, ["china"] * len(DOCUMENTS))
    with pytest.raises(ValueError):
        fit_counting_in_c(model, DOCUMENTS, LABELS[:2])  # labels and documents differ in number
    with pytest.raises(ValueError, match="no tokens"):
        fit_counting_in_c(model, ["", "!!"], ["x", "y"])
    with pytest.raises(ValueError, match="dense"):
        fit_counting_in_c(model, ["chinese tokyo", [1, 0, 2]], ["x", "y"])  # a text, then a dense row
    with pytest.raises(TypeError):
        fit_counting_in_c(model, "Chinese Beijing", ["china"])  # one text, not a list of them
    assert every_table(model) == before
    with pytest.raises(ZeroDivisionError):  # alpha = 0 and a class with no words, as fit says
        fit_counting_in_c(MultinomialNB(alpha=0), ["", "tokyo"], ["x", "y"])


NEWSGROUPS = Path(__file__).resolve().parents[2] / "shared" / "data" / "20news-bydate.tar.gz"


@pytest.fixture(scope="module")
def newsgroups():
    if not NEWSGROUPS.exists():
        pytest.skip("20 Newsgroups is not in ../shared/data")
    from naivebayes.datasets import load_20newsgroups

    train = load_20newsgroups(subset="train", archive=str(NEWSGROUPS))
    test = load_20newsgroups(subset="test", archive=str(NEWSGROUPS))
    return train, test


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_the_packed_scorer_on_20_newsgroups(newsgroups, Model):
    train, test = newsgroups
    model = Model(alpha=1.0, tokenizer=Tokenizer(pattern=SKLEARN_PATTERN)).fit(train.texts, train.labels)
    texts = test.texts[::4]  # a quarter of the test posts keeps the test quick
    scorer = PackedScorer(model)
    assert scorer.predict(texts) == model.predict(texts)
    for packed, floats in zip(scorer.predict_joint_log_proba(texts[:300]), model.predict_joint_log_proba(texts[:300])):
        assert [packed[label] for label in model.classes_] == pytest.approx([floats[label] for label in model.classes_], rel=1e-12)


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_the_whole_fast_route_on_20_newsgroups(newsgroups, Model):
    """fit_counting_in_c gives every table of fit, and PackedScorer the default path's predictions, on all 7,532 posts."""
    train, test = newsgroups
    tokenizer = Tokenizer(pattern=SKLEARN_PATTERN)
    fast = fit_counting_in_c(Model(alpha=1.0, tokenizer=tokenizer), train.texts, train.labels)
    reference = Model(alpha=1.0, tokenizer=tokenizer).fit(train.texts, train.labels)
    assert every_table(fast) == every_table(reference)
    assert PackedScorer(fast).predict(test.texts) == reference.predict(test.texts)


def test_the_tfidf_route_on_20_newsgroups(newsgroups):
    train, test = newsgroups
    bag = BagOfWords(tokenizer=Tokenizer(pattern=SKLEARN_PATTERN))
    counts = bag.fit_transform(train.texts[::3])
    tfidf = TfidfTransformer().fit(counts)
    labels = train.labels[::3]
    fast = fit_tfidf(MultinomialNB(alpha=0.01), counts, labels, tfidf)
    default = MultinomialNB(alpha=0.01).fit(tfidf.transform(counts), labels)
    assert_same_tables(fast, default)
    test_counts = bag.transform(test.texts[::4])
    assert predict_tfidf(fast, test_counts, tfidf) == default.predict(tfidf.transform(test_counts))


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
