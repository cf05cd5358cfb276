"""A model's smoothing given as a prior (issue 33): hand-computed estimates, identities, settings and refusals.

Every expected number below is worked out by hand from the counts of a tiny
training set, as exact Fractions.  The priors are those of
``naivebayes.core.priors``; a prior given as ``alpha`` makes each estimate
``prior.theta(count, total, pseudo_count, pseudo_total, n_values)``.
"""

import math
import pickle
from fractions import Fraction

import pytest

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    ComplementNB,
    HistogramNB,
    MixedNB,
    MultinomialNB,
    PoissonNB,
    SemiSupervisedNB,
    TreeAugmentedNB,
)
from naivebayes.core.priors import Beta, Dirichlet, MEstimate
from naivebayes.datasets import load_china, load_play_tennis
from naivebayes.evaluation.cross_validation import GridSearchCV, cross_val_score
from naivebayes.fast import PackedScorer, fit_tfidf
from naivebayes.naive_bayes.merging import merge
from naivebayes.other_models.joint import JointBayesClassifier
from naivebayes.saving.model_files import from_json, load, save, to_json

# Multinomial: class "a" has x twice and y once (n_a = 3), class "b" has y and z (n_b = 2); V = {x, y, z}.
WORD_DOCUMENTS, WORD_LABELS = ["x x y", "y z"], ["a", "b"]
# Bernoulli: N_a = 2 (x in both, y in one), N_b = 1 (y); V = {x, y}.
PRESENCE_DOCUMENTS, PRESENCE_LABELS = ["x y", "x", "y"], ["a", "a", "b"]
# Categorical: feature f is u, u in class a and v in class b; K_f = 2.
ROWS, ROW_LABELS = [{"f": "u"}, {"f": "u"}, {"f": "v"}], ["a", "a", "b"]


def close(a, b):
    return a == pytest.approx(b, rel=1e-12, abs=1e-12)


# -- hand-computed estimates, one tiny example per model ----------------------------


def test_multinomial_per_word_dirichlet_by_hand():
    # a_x = 3, a_y = a_z = 1, so A = 5 in both classes; "elsewhere" is not in V and is ignored.
    model = MultinomialNB(alpha=Dirichlet(1, per_value={"x": 3, "elsewhere": 100})).fit(WORD_DOCUMENTS, WORD_LABELS)
    assert [model.likelihood(w, "a") for w in "xyz"] == [Fraction(5, 8), Fraction(2, 8), Fraction(1, 8)]
    assert [model.likelihood(w, "b") for w in "xyz"] == [Fraction(3, 7), Fraction(2, 7), Fraction(2, 7)]
    assert model.pseudo_totals_ == {"a": 5, "b": 5}
    # P(x z, a) = 1/2 * 5/8 * 1/8 = 5/128 and P(x z, b) = 1/2 * 3/7 * 2/7 = 3/49
    assert model.joint_probability("x z") == {"a": Fraction(5, 128), "b": Fraction(3, 49)}
    assert model.posterior("x z")["a"] == Fraction(245, 629)
    assert close(model.predict_proba(["x z"])[0]["a"], 245 / 629)
    assert close(model.log_likelihood("x", "b"), math.log(3 / 7))
    assert close(model.log_likelihood_table()["z"][1], math.log(2 / 7))


def test_multinomial_per_class_dirichlet_by_hand():
    # only class b gives z 4 pseudo-counts: A_b = 1 + 1 + 4 = 6, A_a = 3
    model = MultinomialNB(alpha=Dirichlet(1, per_class={"b": {"z": 4}})).fit(WORD_DOCUMENTS, WORD_LABELS)
    assert model.likelihood("z", "b") == Fraction(5, 8)  # (1 + 4) / (2 + 6)
    assert model.likelihood("y", "b") == Fraction(2, 8)
    assert model.likelihood("x", "a") == Fraction(1, 2)  # (2 + 1) / (3 + 3)
    explanation_terms = model.explain("z")
    assert close(explanation_terms.joint["b"], math.log(1 / 2) + math.log(5 / 8))


def test_multinomial_m_estimate_with_a_prior_guess_that_is_not_uniform():
    # m = 4, p = (1/2, 1/4, 1/4): a = (2, 1, 1)
    prior = MEstimate(m=4, p={"x": Fraction(1, 2), "y": Fraction(1, 4), "z": Fraction(1, 4)})
    model = MultinomialNB(alpha=prior).fit(WORD_DOCUMENTS, WORD_LABELS)
    assert [model.likelihood(w, "a") for w in "xyz"] == [Fraction(4, 7), Fraction(2, 7), Fraction(1, 7)]
    assert [model.likelihood(w, "b") for w in "xyz"] == [Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)]


def test_multinomial_m_estimate_whose_p_does_not_add_up_to_one_is_refused():
    prior = MEstimate(m=4, p={"x": Fraction(1, 2), "y": Fraction(1, 4), "z": Fraction(1, 2)})
    with pytest.raises(ValueError, match="adds up to 5/4"):
        MultinomialNB(alpha=prior).fit(WORD_DOCUMENTS, WORD_LABELS)
    with pytest.raises(ValueError, match="no prior guess for 'z'"):
        MultinomialNB(alpha=MEstimate(4, p={"x": 0.5, "y": 0.5})).fit(WORD_DOCUMENTS, WORD_LABELS)


def test_bernoulli_beta_2_3_by_hand():
    model = BernoulliNB(alpha=Beta(2, 3)).fit(PRESENCE_DOCUMENTS, PRESENCE_LABELS)
    assert model.likelihood("x", "a") == Fraction(4, 7)  # (2 + 2) / (2 + 5)
    assert model.likelihood("y", "a") == Fraction(3, 7)  # (1 + 2) / 7
    assert model.likelihood("x", "b") == Fraction(1, 3)  # (0 + 2) / (1 + 5)
    assert model.likelihood("y", "b") == Fraction(1, 2)  # (1 + 2) / 6
    assert model.likelihood("x", "a", present=False) == Fraction(3, 7)  # (2 - 2 + 3) / 7
    assert model.likelihood("x", "b", present=False) == Fraction(2, 3)  # (1 - 0 + 3) / 6
    # the document "y": x absent, y present.  P(y, a) = 2/3 * 3/7 * 3/7 = 6/49, P(y, b) = 1/3 * 2/3 * 1/2 = 1/9
    assert model.joint_probability("y") == {"a": Fraction(6, 49), "b": Fraction(1, 9)}
    assert model.posterior("y")["a"] == Fraction(54, 103)
    assert close(model.predict_proba(["y"])[0]["a"], 54 / 103)
    assert close(model.joint_log_likelihood("y")["b"], math.log(1 / 9))
    assert close(model.predict_joint_log_proba(["y"])[0]["a"], math.log(6 / 49))
    # the empty document: every word absent
    assert close(model.predict_joint_log_proba([""])[0]["a"], math.log(Fraction(2, 3) * Fraction(3, 7) * Fraction(4, 7)))


def test_bernoulli_beta_map_and_per_feature_by_hand():
    model = BernoulliNB(alpha=Beta(2, 3, estimate="map")).fit(PRESENCE_DOCUMENTS, PRESENCE_LABELS)
    assert model.likelihood("x", "a") == Fraction(3, 5)  # (2 + 2 - 1) / (2 + 5 - 2)
    assert model.likelihood("x", "a", present=False) == Fraction(2, 5)  # (0 + 3 - 1) / 5
    model = BernoulliNB(alpha=Beta(1, 1, per_feature={"x": (5, 1)}, per_class={"a": {"y": (1, 3)}}))
    model.fit(PRESENCE_DOCUMENTS, PRESENCE_LABELS)
    assert model.likelihood("x", "b") == Fraction(5, 7)  # (0 + 5) / (1 + 6)
    assert model.likelihood("y", "a") == Fraction(2, 6)  # (1 + 1) / (2 + 4)
    assert model.likelihood("y", "b") == Fraction(2, 3)  # (1 + 1) / (1 + 2)


def test_bernoulli_m_estimate_with_a_prior_guess():
    # P(present) guessed 1/4 with m = 4: (a, b) = (1, 3)
    model = BernoulliNB(alpha=MEstimate(4, p=Fraction(1, 4))).fit(PRESENCE_DOCUMENTS, PRESENCE_LABELS)
    assert model.likelihood("x", "a") == Fraction(3, 6)  # (2 + 1) / (2 + 4)
    assert model.likelihood("y", "b") == Fraction(2, 5)  # (1 + 1) / (1 + 4)
    assert model.likelihood("y", "b", present=False) == Fraction(3, 5)


def test_categorical_per_feature_and_category_dirichlet_by_hand():
    # a_u = 1, a_v = 3 (A = 4); pairs of another feature or value are ignored
    prior = Dirichlet(1, per_value={("f", "v"): 3, ("g", "u"): 50, ("f", "w"): 50})
    model = CategoricalNB(alpha=prior).fit(ROWS, ROW_LABELS)
    assert model.likelihood("f", "u", "a") == Fraction(1, 2)  # (2 + 1) / (2 + 4)
    assert model.likelihood("f", "v", "a") == Fraction(1, 2)  # (0 + 3) / 6
    assert model.likelihood("f", "u", "b") == Fraction(1, 5)  # (0 + 1) / (1 + 4)
    assert model.likelihood("f", "v", "b") == Fraction(4, 5)
    # P(u, a) = 2/3 * 1/2 = 1/3, P(u, b) = 1/3 * 1/5 = 1/15
    assert model.joint_probability({"f": "u"}) == {"a": Fraction(1, 3), "b": Fraction(1, 15)}
    assert close(model.predict_proba([{"f": "u"}])[0]["a"], 5 / 6)
    assert close(model.log_likelihood("f", "v", "b"), math.log(4 / 5))
    # the m-estimate with m = 4, p = (1/4, 3/4) has the same pseudo-counts
    same = CategoricalNB(alpha=MEstimate(4, p={("f", "u"): Fraction(1, 4), ("f", "v"): Fraction(3, 4)})).fit(ROWS, ROW_LABELS)
    assert same.likelihood("f", "v", "b") == Fraction(4, 5)
    assert same.predict_proba([{"f": "v"}]) == model.predict_proba([{"f": "v"}])


def test_categorical_categories_given_count_in_k():
    # categories=[u, v, w]: K = 3, a = 1 each; P(w | b) = (0 + 1) / (1 + 3)
    model = CategoricalNB(alpha=Dirichlet(1), categories={"f": ["u", "v", "w"]}).fit(ROWS, ROW_LABELS)
    assert model.likelihood("f", "w", "b") == Fraction(1, 4)
    assert model.likelihood("f", "u", "a") == Fraction(3, 5)


def test_class_prior_dirichlet_by_hand():
    # N_a = N_b = 1
    model = MultinomialNB(class_prior=Dirichlet(1, per_value={"a": 3})).fit(WORD_DOCUMENTS, WORD_LABELS)
    assert model.prior("a") == Fraction(2, 3) and model.prior("b") == Fraction(1, 3)  # (1 + 3) / (2 + 4)
    assert close(model.log_prior("a"), math.log(2 / 3))
    assert close(model.predict_proba([""])[0]["a"], 2 / 3)  # no known word: the prior
    model = MultinomialNB(class_prior=Dirichlet(2, estimate="map")).fit(WORD_DOCUMENTS, WORD_LABELS)
    assert model.prior("a") == Fraction(1, 2)  # (1 + 2 - 1) / (2 + 4 - 2)
    model = BernoulliNB(class_prior=MEstimate(2, p={"a": Fraction(1, 4), "b": Fraction(3, 4)}))
    model.fit(PRESENCE_DOCUMENTS, PRESENCE_LABELS)  # N_a = 2, N_b = 1, N = 3
    assert model.prior("a") == Fraction(5, 10)  # (2 + 1/2) / (3 + 2)
    model = CategoricalNB(class_prior=Dirichlet(1)).fit(ROWS, ROW_LABELS)
    assert model.prior("a") == Fraction(3, 5)  # (2 + 1) / (3 + 2)


def test_class_prior_a_prior_refuses_what_it_cannot_be():
    with pytest.raises(TypeError, match="class_prior takes a Dirichlet or MEstimate"):
        MultinomialNB(class_prior=Beta(2, 2))
    with pytest.raises(ValueError, match="per_class has no meaning"):
        MultinomialNB(class_prior=Dirichlet(1, per_class={"a": {"b": 1}}))
    with pytest.raises(ValueError, match="adds up to 1/2"):
        MultinomialNB(class_prior=MEstimate(2, p={"a": Fraction(1, 4), "b": Fraction(1, 4)})).fit(WORD_DOCUMENTS, WORD_LABELS)


# -- identities: a prior that is add-alpha gives the answers of alpha -------------------


def same_answers(model, other, examples, sample=True):
    """Both fitted models answer alike: exact estimates equal, float answers to the last few bits."""
    assert model.predict(examples) == other.predict(examples)
    for ours, theirs in zip(model.predict_proba(examples), other.predict_proba(examples)):
        assert ours.keys() == theirs.keys() and all(close(ours[c], theirs[c]) for c in ours)
    explained, other_explained = model.explain(examples[0]), other.explain(examples[0])
    assert [(t.feature, t.value) for t in explained.terms] == [(t.feature, t.value) for t in other_explained.terms]
    for term, other_term in zip(explained.terms, other_explained.terms):
        assert all(close(term.log_term[c], other_term.log_term[c]) for c in model.classes_)
        assert term.likelihood == other_term.likelihood  # exact Fractions
    assert model.joint_probability(examples[0]) == other.joint_probability(examples[0])
    form, other_form = model.linear_form(), other.linear_form()
    assert form.weights.keys() == other_form.weights.keys()
    assert all(close(form.weights[j], other_form.weights[j]) for j in form.weights)
    assert close(form.bias, other_form.bias) and close(form.intercept, other_form.intercept)
    softmax, other_softmax = model.softmax_form(), other.softmax_form()
    for c in model.classes_:
        assert all(close(softmax.weights[c][j], other_softmax.weights[c][j]) for j in softmax.weights[c])
    if sample:
        assert model.sample(20, random_state=7) == other.sample(20, random_state=7)


@pytest.mark.parametrize("alpha", [1, Fraction(1, 2), 0.5, 3])
def test_dirichlet_alpha_is_add_alpha_in_every_answer(alpha):
    documents, labels, test_document = load_china()
    for model_class in (MultinomialNB, BernoulliNB):
        ours = model_class(alpha=Dirichlet(alpha)).fit(documents, labels)
        theirs = model_class(alpha=alpha).fit(documents, labels)
        same_answers(ours, theirs, [test_document, "tokyo macao unseen"])
    rows, row_labels, test_row = load_play_tennis()
    ours = CategoricalNB(alpha=Dirichlet(alpha)).fit(rows, row_labels)
    theirs = CategoricalNB(alpha=alpha).fit(rows, row_labels)
    same_answers(ours, theirs, [test_row, rows[0]])


@pytest.mark.parametrize("alpha", [1, Fraction(1, 2), 2])
def test_dirichlet_alpha_plus_one_map_is_add_alpha(alpha):
    documents, labels, test_document = load_china()
    for model_class in (MultinomialNB, BernoulliNB):
        ours = model_class(alpha=Dirichlet(alpha + 1, estimate="map")).fit(documents, labels)
        same_answers(ours, model_class(alpha=alpha).fit(documents, labels), [test_document])
    rows, row_labels, test_row = load_play_tennis()
    ours = CategoricalNB(alpha=Dirichlet(alpha + 1, estimate="map")).fit(rows, row_labels)
    same_answers(ours, CategoricalNB(alpha=alpha).fit(rows, row_labels), [test_row])


def test_beta_2_2_map_is_laplace_and_the_m_estimate_with_m_2_too():
    documents, labels, test_document = load_china()
    laplace = BernoulliNB(alpha=1).fit(documents, labels)
    same_answers(BernoulliNB(alpha=Beta(2, 2, estimate="map")).fit(documents, labels), laplace, [test_document])
    same_answers(BernoulliNB(alpha=MEstimate(m=2)).fit(documents, labels), laplace, [test_document])
    # on the multinomial model, m = |V| with the uniform guess is add-one
    vocabulary_size = len(MultinomialNB().fit(documents, labels).vocabulary_)
    same_answers(
        MultinomialNB(alpha=MEstimate(m=vocabulary_size)).fit(documents, labels),
        MultinomialNB(alpha=1).fit(documents, labels),
        [test_document],
    )


def test_class_prior_dirichlet_zero_is_the_fitted_prior():
    documents, labels, test_document = load_china()
    ours = MultinomialNB(class_prior=Dirichlet(0)).fit(documents, labels)
    assert ours.exact_priors() == MultinomialNB().fit(documents, labels).exact_priors()
    ones = MultinomialNB(class_prior=Dirichlet(1)).fit(documents, labels)
    assert ones.prior("china") == Fraction(4, 6)  # (3 + 1) / (4 + 2)


def test_log_marginal_per_word_under_a_prior():
    documents, labels, test_document = load_china()
    ours = MultinomialNB(alpha=Dirichlet(1)).fit(documents, labels)
    theirs = MultinomialNB(alpha=1).fit(documents, labels)
    for a, b in zip(ours.log_marginal_per_word([test_document, "new words only"]), theirs.log_marginal_per_word([test_document, "new words only"])):
        assert close(a, b)
    guessed = MultinomialNB(alpha=MEstimate(2, p={w: Fraction(1, 6) for w in theirs.vocabulary_})).fit(documents, labels)
    with pytest.raises(ValueError, match="outside it has no estimate"):
        guessed.log_marginal_per_word(["new words"])


def test_a_word_prior_changes_the_prediction():
    # add-one: P(x z | a) = 3/6 * 1/6 = 1/12 beats P(x z | b) = 1/5 * 2/5 = 2/25; 20 pseudo-counts
    # on y in class a leave x and z less: 3/25 * 1/25 = 3/625, so b wins
    documents, labels = WORD_DOCUMENTS, WORD_LABELS
    assert MultinomialNB(alpha=1).fit(documents, labels).predict(["x z"]) == ["a"]
    model = MultinomialNB(alpha=Dirichlet(1, per_class={"a": {"y": 20}})).fit(documents, labels)
    assert model.joint_probability("x z") == {"a": Fraction(3, 1250), "b": Fraction(1, 25)}
    assert model.predict(["x z"]) == ["b"]


def test_scikit_learn_per_feature_alpha_is_a_per_value_dirichlet():
    np = pytest.importorskip("numpy")
    naive_bayes = pytest.importorskip("sklearn.naive_bayes")
    rows = [[3, 0, 1, 0], [2, 1, 0, 0], [0, 2, 0, 4], [1, 3, 1, 2], [0, 0, 5, 1]]
    labels = [0, 0, 1, 1, 1]
    alphas = [0.5, 2.0, 1.0, 3.0]
    reference = naive_bayes.MultinomialNB(alpha=np.array(alphas)).fit(np.array(rows), labels)
    ours = MultinomialNB(alpha=Dirichlet(1, per_value=dict(enumerate(alphas)))).fit(rows, labels)
    for j in range(4):
        for k, label in enumerate(ours.classes_):
            assert close(ours.log_likelihood(j, label), reference.feature_log_prob_[k][j])
    tests = [[1, 1, 1, 1], [0, 4, 0, 0], [2, 0, 3, 1]]
    expected = reference.predict_proba(np.array(tests))
    for got, row in zip(ours.predict_proba(tests), expected):
        assert close(got[0], row[0]) and close(got[1], row[1])


# -- settings -------------------------------------------------------------------------


def test_assigning_a_prior_after_fit_rebuilds_the_tables():
    model = BernoulliNB().fit(PRESENCE_DOCUMENTS, PRESENCE_LABELS)
    assert model.likelihood("x", "a") == Fraction(3, 4)
    model.alpha = Beta(2, 3)
    assert model.likelihood("x", "a") == Fraction(4, 7)
    assert close(model.predict_proba(["y"])[0]["a"], 54 / 103)
    model.set_params(alpha=1)
    assert model.likelihood("x", "a") == Fraction(3, 4)
    assert close(model.predict_proba(["y"])[0]["a"], BernoulliNB().fit(PRESENCE_DOCUMENTS, PRESENCE_LABELS).predict_proba(["y"])[0]["a"])
    model.set_params(alpha=Beta(2, 3), class_prior=Dirichlet(1))
    assert model.get_params()["alpha"] == Beta(2, 3) and model.get_params()["class_prior"] == Dirichlet(1)
    assert model.prior("a") == Fraction(3, 5)
    text = repr(model)
    assert "alpha=Beta(a=2, b=3)" in text and "class_prior=Dirichlet(a=1)" in text
    assert repr(MultinomialNB(alpha=Dirichlet(1, estimate="map"))) == "MultinomialNB(alpha=Dirichlet(a=1, estimate='map')) (not fitted)"


def test_a_refused_prior_leaves_the_model_as_it_was():
    model = MultinomialNB(alpha=Dirichlet(2)).fit(WORD_DOCUMENTS, WORD_LABELS)
    before = (model.alpha, model.likelihood("x", "a"), model.predict_proba(["x z"]), dict(model.log_likelihood_rows_))
    for bad in (Beta(2, 2), MEstimate(3, p={"x": 1.0}), "Dirichlet(1)"):
        with pytest.raises((TypeError, ValueError)):
            model.alpha = bad
        with pytest.raises((TypeError, ValueError)):
            model.set_params(alpha=bad)
    with pytest.raises(ValueError, match="adds up to"):
        model.set_params(alpha=MEstimate(3, p=0.5))  # p = 1/2 for each of 3 words
    after = (model.alpha, model.likelihood("x", "a"), model.predict_proba(["x z"]), dict(model.log_likelihood_rows_))
    assert after == before
    with pytest.raises(TypeError, match="Beta prior is for binary features"):
        CategoricalNB(alpha=Beta(1, 1))
    with pytest.raises(TypeError, match="Beta prior is for binary features"):
        MultinomialNB(alpha=Beta(1, 1))


def test_the_map_estimate_with_no_mode_is_refused_at_fit():
    # class b has no word at all: N + A - K = 0 + 3 - 3 = 0
    documents, labels = ["x y z", ""], ["a", "b"]
    model = MultinomialNB(alpha=Dirichlet(1, estimate="map"))
    with pytest.raises(ValueError, match="MAP estimate's denominator"):
        model.fit(documents, labels)
    assert model.classes_ == []
    fitted = MultinomialNB(alpha=Dirichlet(1)).fit(documents, labels)
    assert fitted.likelihood("x", "b") == Fraction(1, 3)
    with pytest.raises(ValueError, match="MAP estimate's denominator"):
        fitted.alpha = Dirichlet(1, estimate="map")
    assert fitted.alpha == Dirichlet(1) and fitted.likelihood("x", "b") == Fraction(1, 3)
    # a categorical feature missing from every row of a class
    rows, labels = [{"f": "u", "g": 1}, {"g": 2}], ["a", "b"]
    with pytest.raises(ValueError, match="feature 'f' in class 'b'"):
        CategoricalNB(alpha=Dirichlet(1, estimate="map")).fit(rows, labels)
    # no counts and no pseudo-counts: 0/0
    with pytest.raises(ValueError, match="0/0"):
        MultinomialNB(alpha=Dirichlet(0)).fit(documents, labels)


def test_clone_cross_validation_and_grid_search_take_priors():
    documents, labels, _ = load_china()
    documents, labels = documents * 3, labels * 3
    model = BernoulliNB(alpha=Beta(2, 2, estimate="map"))
    copy = type(model)(**model.get_params())
    assert copy.alpha == model.alpha
    assert pickle.loads(pickle.dumps(model.fit(documents, labels))).likelihood("tokyo", "japan") == model.likelihood("tokyo", "japan")
    scores = cross_val_score(model, documents, labels, cv=3)
    laplace_scores = cross_val_score(BernoulliNB(alpha=1), documents, labels, cv=3)
    assert list(scores) == list(laplace_scores)
    search = GridSearchCV(BernoulliNB(), {"alpha": [Dirichlet(1), Beta(2, 2, estimate="map"), Beta(1, 5)]}, cv=3)
    search.fit(documents, labels)
    assert search.best_params_["alpha"] in (Dirichlet(1), Beta(2, 2, estimate="map"), Beta(1, 5))
    assert search.best_estimator_.alpha == search.best_params_["alpha"]


def test_the_fast_tfidf_route_reads_the_prior_rows():
    from naivebayes.text.bag_of_words import BagOfWords
    from naivebayes.text.tfidf import TfidfTransformer

    documents, labels, test_document = load_china()
    counts = BagOfWords().fit_transform(documents)
    tfidf = TfidfTransformer().fit(counts)
    fast = fit_tfidf(MultinomialNB(alpha=Dirichlet(1, per_value={"chinese": 5})), counts, labels, tfidf)
    slow = MultinomialNB(alpha=Dirichlet(1, per_value={"chinese": 5})).fit(tfidf.transform(counts), labels)
    assert fast.feature_counts_.keys() == slow.feature_counts_.keys()
    assert all(close(a, b) for word in slow.vocabulary_ for a, b in zip(fast.log_likelihood_rows_[word], slow.log_likelihood_rows_[word]))


# -- what cannot take a prior refuses it in one sentence ---------------------------------


@pytest.mark.parametrize(
    "model_class", [ComplementNB, SemiSupervisedNB, PoissonNB, MixedNB, HistogramNB, TreeAugmentedNB, JointBayesClassifier]
)
def test_models_whose_smoothing_is_no_prior_refuse_one(model_class):
    with pytest.raises(TypeError, match=f"{model_class.__name__} takes a number as alpha, not the prior Dirichlet"):
        model_class(alpha=Dirichlet(1))


def test_semi_supervised_refuses_a_prior_assigned_later():
    model = SemiSupervisedNB()
    with pytest.raises(TypeError, match="takes a number as alpha"):
        model.alpha = Dirichlet(1)


def test_packed_scorer_refuses_a_prior_model_files_and_merge_take_one(tmp_path):
    documents, labels, test_document = load_china()
    model = MultinomialNB(alpha=Dirichlet(1, per_value={"tokyo": 2})).fit(documents, labels)
    with pytest.raises(TypeError, match="PackedScorer packs the rows of a model whose alpha is a number"):
        PackedScorer(model)
    loaded = load(save(model, tmp_path / "model.json"))  # (tests/test_saving.py checks every kind of prior)
    assert loaded.alpha == model.alpha
    assert loaded.likelihood("tokyo", "japan") == Fraction(1 + 2, 3 + 7)  # n = 1, n_c = 3, A = 5 + 2
    assert loaded.predict_proba([test_document]) == model.predict_proba([test_document])
    classes = BernoulliNB(class_prior=Dirichlet(1)).fit(documents, labels)
    assert from_json(to_json(classes)).prior("china") == Fraction(3 + 1, 4 + 2)
    other = MultinomialNB(alpha=Dirichlet(1)).fit(documents, labels)
    with pytest.raises(ValueError, match="cannot merge models with different settings: alpha"):
        merge(model, other)
    same = MultinomialNB(alpha=Dirichlet(1, per_value={"tokyo": 2})).fit(documents, labels)
    merged = merge(model, same)
    assert merged.likelihood("tokyo", "japan") == Fraction(1 + 1 + 2, 6 + 7)  # n = 2, n_c = 6, A = 5 + 2


def test_priors_with_no_pseudo_counts_give_the_answers_of_alpha_0():
    # Beta(0, 0), and Beta(1, 1) read as MAP, are maximum likelihood: some p_jc is 0 or 1, as with alpha = 0
    documents, labels, test_document = load_china()
    unsmoothed = BernoulliNB(alpha=0).fit(documents, labels)
    examples = [test_document, "chinese beijing", "tokyo"]
    for prior in (Beta(0, 0), Beta(1, 1, estimate="map"), Dirichlet(0)):
        model = BernoulliNB(alpha=prior).fit(documents, labels)
        assert model.predict_joint_log_proba(examples) == unsmoothed.predict_joint_log_proba(examples)
        assert model.likelihood("tokyo", "japan") == 1 and model.likelihood("tokyo", "china") == 0
    model = MultinomialNB(alpha=Dirichlet(0)).fit(documents, labels)
    assert model.predict_proba(["chinese beijing"]) == MultinomialNB(alpha=0).fit(documents, labels).predict_proba(["chinese beijing"])


@pytest.mark.parametrize("make", [lambda: Dirichlet(10**400), lambda: MEstimate(10**400), lambda: Beta(1, 2**60),
                                  lambda: Dirichlet(1, per_value={"tokyo": 1e300})],
                         ids=["Dirichlet 10**400", "MEstimate 10**400", "Beta b 2**60", "per_value 1e300"])
def test_a_pseudo_count_too_large_for_a_float_to_see_the_counts_is_refused_where_it_is_given(make):
    with pytest.raises(ValueError, match="larger than 2\\*\\*53"):
        make()


def test_an_alpha_array_is_refused_with_the_prior_that_gives_one_pseudo_count_per_word():
    with pytest.raises(TypeError, match=r"alpha=Dirichlet\(1, per_value="):
        MultinomialNB(alpha=[1.0, 2.0])


def test_a_pandas_series_of_pseudo_counts_reads_as_a_dict():
    pandas = pytest.importorskip("pandas")
    documents, labels, test_document = load_china()
    from_series = MultinomialNB(alpha=Dirichlet(1, per_value=pandas.Series({"tokyo": 2.0}))).fit(documents, labels)
    from_dict = MultinomialNB(alpha=Dirichlet(1, per_value={"tokyo": 2.0})).fit(documents, labels)
    assert from_series.alpha == from_dict.alpha
    assert from_series.predict_proba([test_document]) == from_dict.predict_proba([test_document])
