"""The edges the default path, the fast routes and scikit-learn were never all given at once.

Planted bugs survived where the reference path and a fast route (or
scikit-learn) were never handed the same edge case.  The worst: a word that no
class counted (a column of zeros in dense rows) is still in the vocabulary, so
its alpha still counts in every class's denominator; a route that drops it
gives other answers than scikit-learn and still passes every other test.  Here
each edge goes to every path at once:

* a column no training row counted, given as dense rows;
* an empty document (a row of zeros), in training and in testing;
* a class whose documents hold no word at all;
* a one-word vocabulary;
* alpha as an int, a ``Fraction`` and a float;
* huge counts.

For ``MultinomialNB``, ``BernoulliNB`` and ``ComplementNB`` (``norm`` False
and True) the default path is compared with scikit-learn's model (fed the same
dense rows as a numpy array), and for the first two with ``PackedScorer`` and
``fit_counting_in_c`` too.  For TF-IDF, ``fit_tfidf``/``predict_tfidf`` are
compared with ``fit(tfidf.transform(rows))`` and both with scikit-learn's
``TfidfTransformer`` and ``MultinomialNB``.  The comparisons with scikit-learn
skip, saying "could not import 'sklearn'", where it is not installed
(``--require-reference`` turns that into a failure).
"""

import math
from fractions import Fraction

import pytest

from naivebayes import BernoulliNB, ComplementNB, MultinomialNB, TfidfTransformer
from naivebayes.fast import PackedScorer, fit_counting_in_c, fit_tfidf, predict_tfidf

# Column 3 is zero in every training row; row 4 is an empty document and the only one of class "c",
# so "c" is a class with no words.  Column 4 is zero everywhere, in the test rows too.
X = [[2, 0, 1, 0, 0], [3, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 2, 1, 0, 0], [0, 0, 0, 0, 0]]
Y = ["a", "a", "b", "b", "c"]
# the unseen column alone, every column, an empty document, the unseen column with others
TESTS = [[0, 0, 0, 5, 0], [1, 1, 0, 1, 0], [0, 0, 0, 0, 0], [4, 0, 2, 7, 0]]

ONE_WORD = ([[1], [0], [3], [2]], ["a", "a", "b", "b"], [[0], [1], [5]])
HUGE = ([[10**6, 0, 3], [2, 0, 10**5], [0, 0, 1], [7, 0, 0]], ["a", "b", "a", "b"],
        [[10**5, 0, 1], [0, 0, 0], [0, 10**6, 0], [3, 9, 10**4]])  # fmt: skip
CASES = {"zero-columns": (X, Y, TESTS), "one-word": ONE_WORD, "huge-counts": HUGE}
ALPHAS = [1, Fraction(1, 2), 0.5, 2.0]


def sklearn_model(name, **settings):
    naive_bayes = pytest.importorskip("sklearn.naive_bayes")
    return getattr(naive_bayes, name)(**settings)


def as_array(rows):
    numpy = pytest.importorskip("numpy")
    return numpy.array(rows, dtype=float)


def assert_same_as_sklearn(ours, theirs, X_test, their_X_test, *, predictions=True):
    """The same classes, probabilities within 1e-9 and joint log-likelihoods within 1e-9 relative."""
    assert ours.classes_ == theirs.classes_.tolist()
    if predictions:
        assert ours.predict(X_test) == theirs.predict(their_X_test).tolist()
    for mine, their_row in zip(ours.predict_proba(X_test), theirs.predict_proba(their_X_test)):
        assert [mine[label] for label in ours.classes_] == pytest.approx(their_row.tolist(), abs=1e-9)
    if hasattr(theirs, "predict_joint_log_proba") and not isinstance(ours, ComplementNB):
        for mine, their_row in zip(ours.predict_joint_log_proba(X_test), theirs.predict_joint_log_proba(their_X_test)):
            assert [mine[label] for label in ours.classes_] == pytest.approx(their_row.tolist(), rel=1e-9)


def assert_fast_routes_agree(Model, alpha, X_train, y, X_test):
    """PackedScorer and fit_counting_in_c give what the model's own fit and predict give."""
    model = Model(alpha=alpha).fit(X_train, y)
    counted = fit_counting_in_c(Model(alpha=alpha), X_train, y)
    assert counted.vocabulary_ == model.vocabulary_ == set(range(len(X_train[0])))
    rows = "log_likelihood_rows_" if Model is MultinomialNB else "log_odds_rows_"
    assert getattr(counted, rows) == getattr(model, rows)
    assert counted.predict_joint_log_proba(X_test) == model.predict_joint_log_proba(X_test)
    scorer = PackedScorer(model)
    assert scorer.predict(X_test) == model.predict(X_test)
    for packed, floats in zip(scorer.predict_joint_log_proba(X_test), model.predict_joint_log_proba(X_test)):
        assert [packed[label] for label in model.classes_] == pytest.approx(
            [floats[label] for label in model.classes_], rel=1e-12, abs=1e-12)
    return model


# ----------------------------------------------------------------------
# By hand first: the unseen column still counts in every denominator
# ----------------------------------------------------------------------


def test_eq_multinomial_a_column_no_class_counted_keeps_its_alpha_in_the_denominator():
    # class "a": counts (5, 0, 1, 0, 0), total 6; with alpha 1 and |V| = 5: theta = (n + 1) / (6 + 5)
    model = MultinomialNB(alpha=Fraction(1)).fit(X, Y)
    assert model.vocabulary_ == {0, 1, 2, 3, 4}
    assert math.exp(model.log_likelihood_rows_[3][model.classes_.index("a")]) == pytest.approx(1 / 11, rel=1e-15)
    # class "c" has no words: every word gets 1 / 5
    assert math.exp(model.log_likelihood_rows_[0][model.classes_.index("c")]) == pytest.approx(1 / 5, rel=1e-15)
    # dropping column 4 (zero everywhere) would make it 1 / 10 for class "a"
    assert math.exp(model.log_likelihood_rows_[0][model.classes_.index("a")]) == pytest.approx(6 / 11, rel=1e-15)


def test_eq_bernoulli_a_column_no_class_counted_still_multiplies_in_its_absence():
    # class "a": 2 documents, column 3 in none: P(absent | a) = 1 - (0 + 1) / (2 + 2) = 3/4
    model = BernoulliNB(alpha=Fraction(1)).fit(X, Y)
    empty = model.predict_joint_log_proba([[0, 0, 0, 0, 0]])[0]
    # a: prior 2/5, absent probabilities: col0 1-3/4, col1 1-1/4, col2 1-2/4, col3 3/4, col4 3/4
    by_hand = Fraction(2, 5) * Fraction(1, 4) * Fraction(3, 4) * Fraction(1, 2) * Fraction(3, 4) * Fraction(3, 4)
    assert empty["a"] == pytest.approx(math.log(by_hand), rel=1e-14)


# ----------------------------------------------------------------------
# Default path against the fast routes, on every edge
# ----------------------------------------------------------------------


@pytest.mark.parametrize("alpha", ALPHAS, ids=str)
@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
@pytest.mark.parametrize("case", CASES)
def test_the_fast_routes_give_the_default_path_on_every_edge(case, Model, alpha):
    X_train, y, X_test = CASES[case]
    assert_fast_routes_agree(Model, alpha, X_train, y, X_test)


def test_the_packed_scorer_refuses_counts_a_lane_cannot_add():
    model = MultinomialNB().fit(X, Y)
    with pytest.raises(ValueError, match="own predict"):
        PackedScorer(model).predict([[2**32, 0, 0, 0, 0]])
    assert model.predict([[2**32, 0, 0, 0, 0]]) == ["a"]


# ----------------------------------------------------------------------
# Default path and fast routes against scikit-learn
# ----------------------------------------------------------------------


@pytest.mark.parametrize("alpha", ALPHAS, ids=str)
@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
@pytest.mark.parametrize("case", CASES)
def test_dense_rows_with_zero_columns_match_scikit_learn(case, Model, alpha):
    X_train, y, X_test = CASES[case]
    theirs = sklearn_model(Model.__name__, alpha=float(alpha)).fit(as_array(X_train), y)
    ours = assert_fast_routes_agree(Model, alpha, X_train, y, X_test)
    assert_same_as_sklearn(ours, theirs, X_test, as_array(X_test))
    assert PackedScorer(ours).predict(X_test) == theirs.predict(as_array(X_test)).tolist()


@pytest.mark.parametrize("norm", [False, True])
@pytest.mark.parametrize("alpha", ALPHAS, ids=str)
@pytest.mark.parametrize("case", CASES)
def test_complement_on_all_zero_columns_matches_scikit_learn(case, alpha, norm):
    X_train, y, X_test = CASES[case]
    if norm and case == "one-word":
        pytest.skip("one word has weight log 1 = 0 in every class: norm divides by 0 (the next test)")
    ours = ComplementNB(alpha=alpha, norm=norm).fit(X_train, y)
    assert ours.vocabulary_ == set(range(len(X_train[0])))
    theirs = sklearn_model("ComplementNB", alpha=float(alpha), norm=norm).fit(as_array(X_train), y)
    assert_same_as_sklearn(ours, theirs, X_test, as_array(X_test))


def test_complement_norm_on_a_one_word_vocabulary_is_refused_clearly():
    # One word: theta = (n~_c + alpha) / (n~_c + alpha * 1) = 1 for every class, so w = log 1 = 0 and the sum is 0.
    X_train, y, _ = ONE_WORD
    plain = ComplementNB(norm=False).fit(X_train, y)
    assert plain.likelihood(0, "a") == plain.likelihood(0, "b") == 1
    assert plain.weight_sums_ == {"a": 0.0, "b": 0.0}
    with pytest.raises(ValueError, match="one word"):
        plain.norm = True  # a setting changed after fit rebuilds the weights: refused the same way, nothing changed
    assert plain.norm is False and plain.predict_proba([[2]]) == [{"a": 0.5, "b": 0.5}]
    model = ComplementNB(norm=True).fit(X, Y)
    before = {name: getattr(model, name) for name in ("vocabulary_", "weight_sums_", "weight_rows_", "classes_")}
    for alpha in (1, Fraction(1, 2), 0.5):
        with pytest.raises(ValueError, match=r"sum for class 'a' is 0: with a vocabulary of one word.*log 1 = 0.*norm=False"):
            ComplementNB(alpha=alpha, norm=True).fit(X_train, y)
    with pytest.raises(ValueError, match="one word"):
        model.fit(X_train, y)  # refused before the model changed
    assert {name: getattr(model, name) for name in before} == before
    with pytest.raises(ValueError, match="one word"):
        ComplementNB(norm=True).fit(["spam", "spam spam", "spam"], ["x", "y", "x"])  # as text: one token


def test_complement_norm_on_a_one_word_vocabulary_is_nan_in_scikit_learn():
    # Why refuse: scikit-learn divides 0 by 0 and every score, every probability is NaN.
    numpy = pytest.importorskip("numpy")
    X_train, y, X_test = ONE_WORD
    theirs = sklearn_model("ComplementNB", norm=True)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        theirs.fit(as_array(X_train), y)
        assert numpy.isnan(theirs.feature_log_prob_).all()
        assert numpy.isnan(theirs.predict_proba(as_array(X_test))).all()


def test_complement_norm_ties_are_ties_in_both():
    # With norm each class's weights add up to 1, so a row of ones scores 1 for every class: a tie that
    # rounding breaks either way; the probabilities must still be equal.
    ours = ComplementNB(norm=True).fit(X, Y)
    theirs = sklearn_model("ComplementNB", norm=True).fit(as_array(X), Y)
    assert_same_as_sklearn(ours, theirs, [[1] * 5], as_array([[1] * 5]), predictions=False)
    assert list(ours.predict_proba([[1] * 5])[0].values()) == pytest.approx([1 / 3] * 3, abs=1e-12)


# ----------------------------------------------------------------------
# TF-IDF: the default path, the fast route and scikit-learn
# ----------------------------------------------------------------------


def as_dicts(rows):
    """Dense rows as {column: count} dicts that keep the zeros: the same columns, nothing dropped."""
    return [dict(enumerate(row)) for row in rows]


@pytest.mark.parametrize("settings", [{}, {"sublinear_tf": True}, {"norm": None}, {"smooth_idf": False}], ids=str)
@pytest.mark.parametrize("alpha", [0.01, 1, Fraction(1, 2)], ids=str)
@pytest.mark.parametrize("case", CASES)
def test_tfidf_fast_route_gives_the_default_path_on_every_edge(case, alpha, settings):
    X_train, y, X_test = (as_dicts(rows) if isinstance(rows[0], list) else rows for rows in CASES[case])
    counted = {term for row in X_train for term, count in row.items() if count}
    if settings == {"smooth_idf": False} and len(counted) < len(X_train[0]):
        # ln(N / 0) has no value: the unsmoothed idf refuses a column no row counted (scikit-learn stores inf)
        with pytest.raises(ValueError, match=r"count 0 in every row.*smooth_idf=True"):
            TfidfTransformer(**settings).fit(X_train)
        X_train = [{term: count for term, count in row.items() if term in counted} for row in X_train]
    tfidf = TfidfTransformer(**settings).fit(X_train)
    reference = MultinomialNB(alpha=alpha).fit(tfidf.transform(X_train), y)
    fast = fit_tfidf(MultinomialNB(alpha=alpha), X_train, y, tfidf)
    for name in ("vocabulary_", "feature_counts_", "feature_totals_", "log_likelihood_rows_", "log_priors_"):
        assert getattr(fast, name) == getattr(reference, name), name
    assert predict_tfidf(fast, X_test, tfidf) == reference.predict(tfidf.transform(X_test))


def test_eq_tfidf_a_column_no_row_counted_keeps_its_idf_and_its_alpha():
    # N = 5; columns 0, 1 and 2 are each in 2 rows: idf = ln(6/3) + 1; columns 3 and 4 in none: ln(6/1) + 1
    tfidf = TfidfTransformer().fit(as_dicts(X))
    assert tfidf.document_frequency_ == {0: 2, 1: 2, 2: 2, 3: 0, 4: 0}
    assert tfidf.idf_ == {0: math.log(2) + 1, 1: math.log(2) + 1, 2: math.log(2) + 1, 3: math.log(6) + 1, 4: math.log(6) + 1}
    assert tfidf.transform(as_dicts(TESTS[:1])) == [{0: 0.0, 1: 0.0, 2: 0.0, 3: 1.0, 4: 0.0}]
    # class "a": row 0 weighs (2, 0, 1) (ln 2 + 1), length sqrt(5) (ln 2 + 1), so (2/sqrt 5, 0, 1/sqrt 5); row 1 is (1, 0, 0)
    # n_a = 1 + 3/sqrt 5; with alpha 1 and |V| = 5: theta_3a = 1 / (1 + 3/sqrt 5 + 5) (dropping 3 and 4 would give + 3)
    model = MultinomialNB(alpha=1).fit(tfidf.transform(as_dicts(X)), Y)
    assert model.vocabulary_ == {0, 1, 2, 3, 4}
    assert model.likelihood(3, "a") == pytest.approx(1 / (6 + 3 / math.sqrt(5)), rel=1e-15)
    assert model.likelihood(3, "c") == pytest.approx(1 / 5, rel=1e-15)  # "c" has only the empty row: 1 / |V|
    fast = fit_tfidf(MultinomialNB(alpha=1), as_dicts(X), Y, tfidf)
    assert fast.vocabulary_ == model.vocabulary_ and fast.feature_counts_ == model.feature_counts_


def test_tfidf_on_a_column_no_row_counted_matches_scikit_learn():
    text = pytest.importorskip("sklearn.feature_extraction.text")
    theirs_tfidf = text.TfidfTransformer().fit(as_array(X))
    tfidf = TfidfTransformer().fit(as_dicts(X))
    assert [tfidf.idf_.get(j) for j in range(5)] == pytest.approx(theirs_tfidf.idf_.tolist(), rel=1e-12)
    ours = MultinomialNB(alpha=0.01).fit(tfidf.transform(as_dicts(X)), Y)
    theirs = sklearn_model("MultinomialNB", alpha=0.01).fit(theirs_tfidf.transform(as_array(X)), Y)
    their_tests = theirs_tfidf.transform(as_array(TESTS))
    assert_same_as_sklearn(ours, theirs, tfidf.transform(as_dicts(TESTS)), their_tests)
    fast = fit_tfidf(MultinomialNB(alpha=0.01), as_dicts(X), Y, tfidf)
    assert predict_tfidf(fast, as_dicts(TESTS), tfidf) == theirs.predict(their_tests).tolist()


def test_tfidf_where_every_column_is_counted_matches_scikit_learn():
    # The same rows without the unseen columns 3 and 4: here both paths and scikit-learn must agree.
    text = pytest.importorskip("sklearn.feature_extraction.text")
    rows = [row[:3] for row in X[:4]] + [[0, 0, 1]]
    tests = [[1, 1, 0], [0, 0, 0], [4, 0, 2], [0, 3, 0]]
    theirs_tfidf = text.TfidfTransformer().fit(as_array(rows))
    tfidf = TfidfTransformer().fit(as_dicts(rows))
    assert [tfidf.idf_[j] for j in range(3)] == pytest.approx(theirs_tfidf.idf_.tolist(), rel=1e-12)
    ours = MultinomialNB(alpha=0.01).fit(tfidf.transform(as_dicts(rows)), Y)
    theirs = sklearn_model("MultinomialNB", alpha=0.01).fit(theirs_tfidf.transform(as_array(rows)), Y)
    their_tests = theirs_tfidf.transform(as_array(tests))
    assert_same_as_sklearn(ours, theirs, tfidf.transform(as_dicts(tests)), their_tests)
    fast = fit_tfidf(MultinomialNB(alpha=0.01), as_dicts(rows), Y, tfidf)
    assert predict_tfidf(fast, as_dicts(tests), tfidf) == theirs.predict(their_tests).tolist()
