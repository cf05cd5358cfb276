"""Semi-supervised naive Bayes by EM (docs/semi-supervised.md): the formulas by hand, lambda = 0, the objective never falls."""

import math
import random
from fractions import Fraction

import pytest

from naivebayes import BernoulliNB, MultinomialNB, Tokenizer
from naivebayes.plumbing.checks import NotFittedError
from naivebayes.datasets import load_china, load_spam
from naivebayes.naive_bayes.semi_supervised import (
    EMHistory,
    SemiSupervisedNB,
    add_weighted_document,
    dirichlet_log_density,
    em_converged,
    em_objective,
    em_posteriors,
    em_vocabulary,
    fractional_word_rows,
    log_likelihood_rows_of,
    scaled_counts,
    word_columns,
)


def test_eq_em_scale_makes_every_document_as_long():
    assert scaled_counts({"a": 1, "b": 3}, 300) == {"a": 75.0, "b": 225.0}
    assert scaled_counts({"a": 2}, Fraction(1)) == {"a": 1}
    assert scaled_counts({}, 300) == {} and scaled_counts({"a": 0}, 300) == {}


def test_eq_em_e_step_posteriors_by_hand():
    posteriors, log_marginal = em_posteriors({"x": math.log(0.1), "y": math.log(0.3)})
    assert posteriors == pytest.approx({"x": 0.25, "y": 0.75})
    assert log_marginal == pytest.approx(math.log(0.4))


def test_eq_em_m_step_adds_fractional_counts():
    tables = {"class_counts": [0, 0], "totals": [0, 0], "word_rows": {}}  # classes x, y
    add_weighted_document(tables, {"a": 2, "b": 1}, [1, 0], "multinomial")
    add_weighted_document(tables, {"a": 1}, [0.25, 0.75], "multinomial")
    add_weighted_document(tables, {"b": 4, "c": 0}, [0, 1], "multinomial")
    assert tables["class_counts"] == [1.25, 1.75]
    assert tables["word_rows"] == {"a": [2.25, 0.75], "b": [1, 4]}  # n_ax = 2 + 0.25, n_ay = 0.75, ...
    assert tables["totals"] == [3.25, 4.75]
    bernoulli = {"class_counts": [0, 0], "word_rows": {}}
    add_weighted_document(bernoulli, {"a": 2, "b": 0}, [0.5, 0], "bernoulli")
    assert bernoulli["word_rows"] == {"a": [0.5, 0]} and bernoulli["class_counts"] == [0.5, 0]


def test_eq_em_dirichlet_by_hand():
    # Two classes, |V| = 2, alpha = 1: each class's theta ~ Dirichlet(2, 2), density Gamma(4) / (Gamma(2) Gamma(2)) theta_1 theta_2
    model = MultinomialNB().fit([{"a": 1}, {"b": 1}], ["x", "y"])  # theta_x = (2/3, 1/3), theta_y = (1/3, 2/3)
    by_hand = math.log(1) + 2 * (math.log(6) + math.log(2 / 3) + math.log(1 / 3))  # log Gamma(K = 2) = 0
    assert dirichlet_log_density(model, 1) == pytest.approx(by_hand)
    bernoulli = BernoulliNB().fit([{"a": 1}, {"b": 1}], ["x", "y"])  # p_ax = 2/3, p_bx = 1/3, and so on
    # Beta(2, 2) density 6 p (1 - p), four times with p (1 - p) = 2/9
    assert dirichlet_log_density(bernoulli, 1) == pytest.approx(4 * (math.log(6) + math.log(2 / 9)))


def test_eq_em_objective_adds_the_parts():
    assert em_objective([-1.0, -2.0], [-4.0], 0.5, 10.0) == -1.0 - 2.0 - 2.0 + 10.0


def test_eq_em_stop_on_a_small_relative_gain():
    assert em_converged(-100.0, -99.9999, 1e-5)
    assert not em_converged(-100.0, -99.0, 1e-5)


def china_split():
    documents, labels, test_document = load_china()
    return documents[:1] + documents[3:], ["china", "japan"], documents[1:3], test_document


@pytest.mark.parametrize("event_model,Model", [("multinomial", MultinomialNB), ("bernoulli", BernoulliNB)])
@pytest.mark.parametrize("length", [None, 300])
def test_lambda_zero_is_plain_naive_bayes_exactly(event_model, Model, length):
    texts, labels = load_spam()
    labeled, y, unlabeled, test = texts[:30], labels[:30], texts[30:80], texts[80:]
    em = SemiSupervisedNB(event_model, unlabeled_weight=0, document_length=length).fit(labeled, y, unlabeled)
    if event_model == "multinomial" and length is not None:
        reader = MultinomialNB(tokenizer=em.tokenizer)  # the same words: EM's default leaves out English stop words
        labeled = [scaled_counts(reader._check_example(text, "t", training=True), length) for text in labeled]
        test = [scaled_counts(reader._check_example(text, "t", training=True), length) for text in test]
    plain = Model(tokenizer=em.tokenizer).fit(labeled, y)
    assert em.model_.feature_counts_ == plain.feature_counts_
    assert em.model_.class_counts_ == plain.class_counts_ and em.model_.vocabulary_ == plain.vocabulary_
    assert em.model_.predict_proba(test) == plain.predict_proba(test)
    assert len(em.history_) == 1 and em.converged_


@pytest.mark.parametrize("event_model", ["multinomial", "bernoulli"])
@pytest.mark.parametrize("weight", [1.0, 0.3])
def test_the_objective_never_decreases(event_model, weight):
    texts, labels = load_spam()
    generator = random.Random(1)
    order = list(range(len(texts)))
    generator.shuffle(order)
    labeled = [texts[i] for i in order[:8]]
    y = [labels[i] for i in order[:8]]
    unlabeled = [texts[i] for i in order[8:]]
    model = SemiSupervisedNB(event_model, unlabeled_weight=weight, max_iterations=30, tolerance=0).fit(
        labeled, y, unlabeled, X_check=texts, y_check=labels
    )
    objectives = [row["objective"] for row in model.history_]
    assert len(objectives) > 2
    for before, after in zip(objectives, objectives[1:]):
        assert after >= before - 1e-9 * abs(before), objectives
    assert all(0 <= row["accuracy"] <= 1 for row in model.history_)
    for row in model.history_:
        assert row["objective"] == pytest.approx(row["log_likelihood"] + row["log_prior"])


def test_the_china_run_and_its_display():
    labeled, y, unlabeled, test_document = china_split()
    model = SemiSupervisedNB(document_length=None).fit(labeled, y, unlabeled)
    assert model.predict([test_document]) == ["china"]
    assert model.classes_ == ["china", "japan"]
    assert sum(model.predict_proba([test_document])[0].values()) == pytest.approx(1)
    assert isinstance(model.history_, EMHistory) and "<table" in model._repr_html_()
    assert "objective" in str(model.history_)
    # The unlabeled documents' fractional counts are in the tables: more than the one labeled china document's
    assert model.model_.feature_totals_["china"] > 3


def test_bad_settings_and_calls_get_clear_errors():
    with pytest.raises(ValueError, match="unlabeled_weight"):
        SemiSupervisedNB(unlabeled_weight=2)
    with pytest.raises(ValueError, match="document_length"):
        SemiSupervisedNB(document_length=0)
    with pytest.raises(ValueError, match="event_model"):
        SemiSupervisedNB("gaussian")
    with pytest.raises(NotFittedError):
        SemiSupervisedNB().predict(["a"])
    with pytest.raises(ValueError, match="two classes"):
        SemiSupervisedNB().fit(["a b", "c"], ["x", "x"], ["d"])
    model = SemiSupervisedNB()
    with pytest.raises(ValueError, match="X_labeled has 2 documents but y has 1 labels"):
        model.fit(["a b", "c"], ["x"], ["d"])  # one label for two documents
    with pytest.raises(TypeError, match="X_unlabeled must be a list of documents, but it is a single str"):
        model.fit(["a b", "c"], ["x", "y"], "d e")
    with pytest.raises(ValueError, match="X_check has 1 documents but y_check has 2 labels"):
        model.fit(["a b", "c"], ["x", "y"], ["d"], ["a"], ["x", "y"])
    assert model.model_ is None and model.history_ == []


@pytest.mark.parametrize("event_model", ["multinomial", "bernoulli"])
def test_without_unlabeled_documents_fit_is_plain_naive_bayes_on_the_labeled_ones(event_model):
    """X_unlabeled left out (or empty): no EM, only iteration 0, the naive Bayes model of the labeled documents."""
    documents, labels, test_document = load_china()
    plain = {"multinomial": MultinomialNB, "bernoulli": BernoulliNB}[event_model](tokenizer=Tokenizer())
    expected = plain.fit(documents, labels).predict_proba([test_document])
    for unlabeled in ({}, {"X_unlabeled": None}, {"X_unlabeled": []}):
        model = SemiSupervisedNB(event_model, document_length=None, tokenizer=Tokenizer(), min_word_count=1)
        model.fit(documents, labels, **unlabeled)
        assert model.predict_proba([test_document]) == expected
        assert [row["iteration"] for row in model.history_] == [0] and model.n_iterations_ == 0


def test_set_params_checks_every_value_before_keeping_any():
    model = SemiSupervisedNB()
    assert model.set_params(alpha=0.5, unlabeled_weight=0.1) is model
    assert (model.alpha, model.unlabeled_weight) == (0.5, 0.1)
    with pytest.raises(ValueError, match="unlabeled_weight"):
        model.set_params(alpha=2, unlabeled_weight=3)
    with pytest.raises(ValueError, match="no setting 'C'; its settings are event_model, alpha"):
        model.set_params(alpha=2, C=1)
    assert (model.alpha, model.unlabeled_weight) == (0.5, 0.1)


@pytest.mark.parametrize("event_model", ["multinomial", "bernoulli"])
def test_alpha_zero_is_refused_with_the_reason_at_construction_and_at_fit(event_model):
    # With alpha = 0, EM used to end in nan (multinomial) or "math domain error" (Bernoulli).
    with pytest.raises(ValueError, match=r"needs alpha > 0.*0/0 is undefined"):
        SemiSupervisedNB(event_model, alpha=0)
    model = SemiSupervisedNB(event_model)
    with pytest.raises(ValueError, match=r"needs alpha > 0"):
        model.alpha = 0  # assigned after construction: refused there
    model.__dict__["alpha"] = 0  # past that check: fit checks it again, and changes nothing
    with pytest.raises(ValueError, match=r"needs alpha > 0"):
        model.fit(["apple banana", "cherry date"], ["a", "b"], ["apple cherry"])
    assert model.model_ is None and model.history_ == []


def test_the_default_tokenizer_leaves_out_english_stop_words_as_the_paper_did():
    model = SemiSupervisedNB()
    assert model.tokenizer == Tokenizer(stop_words="english")
    assert model.tokenizer("The cat and the hat") == ["cat", "hat"]
    kept = SemiSupervisedNB(tokenizer=Tokenizer()).fit(["the cat", "a dog"], ["c", "d"], ["the dog"])
    assert "the" in kept.model_.vocabulary_


def test_dense_rows_are_refused_with_the_dict_form_to_use():
    with pytest.raises(TypeError, match=r"X_labeled holds dense rows of numbers.*enumerate\(row\)"):
        SemiSupervisedNB().fit([[1, 0, 2], [0, 1, 1]], ["a", "b"], [[1, 1, 0]])
    # The form the message gives works: columns as the words.
    model = SemiSupervisedNB().fit([{0: 3, 2: 1}, {1: 3, 2: 1}], ["a", "b"], [{0: 2}, {1: 2}])
    assert model.predict([{0: 2}, {1: 2}]) == ["a", "b"]


@pytest.mark.parametrize("length", [None, 300])
@pytest.mark.parametrize("method", ["predict", "predict_proba", "explain"])
def test_a_debugger_walks_the_pipeline_from_predict(method, length):
    """The checkers of tests/test_debugger_walk.py: a formula soon, the page's order, no frame without source, nothing built."""
    from test_debugger_walk import (
        LAST_STEP,
        calls_made_by,
        problems_building,
        problems_reaching_a_formula,
        problems_with_order,
        problems_without_source,
    )

    labeled, y, unlabeled, test_document = china_split()
    model = SemiSupervisedNB(document_length=length).fit(labeled, y, unlabeled)
    calls = calls_made_by(getattr(model, method), test_document if method == "explain" else [test_document])
    assert problems_reaching_a_formula(calls) == []
    # predict adds the rows of log theta (the vector form); explain shows the per-feature terms and their sum
    terms = ["multinomial_word_terms", "log_joint"] if method == "explain" else ["multinomial_joint_log_likelihoods"]
    steps = (["scaled_counts"] if length else []) + terms + LAST_STEP[method]
    assert problems_with_order(calls, steps) == []
    assert problems_without_source(calls) == []
    assert problems_building(calls) == []


def test_eq_em_scale_over_the_vocabulary_only():
    # "c" is not in V: the known words a and b (1 + 3 = 4 of them) are scaled to 300
    assert scaled_counts({"a": 1, "b": 3, "c": 4}, 300, {"a", "b"}) == {"a": 75.0, "b": 225.0}
    assert scaled_counts({"c": 4}, 300, {"a"}) == {}


def test_eq_em_vocabulary_keeps_labeled_words_and_words_seen_often_enough():
    labeled = [{"a": 1, "z": 0}, {"b": 1}]
    unlabeled = [{"a": 1, "c": 1, "d": 2}, {"c": 1, "e": 1}]
    # a, b: labeled; c: twice in all; d: twice in one document; e: once only; z: counted 0 times
    assert em_vocabulary(labeled, unlabeled, 2) == {"a", "b", "c", "d"}
    assert em_vocabulary(labeled, unlabeled, 1) == {"a", "b", "c", "d", "e"}
    assert em_vocabulary(labeled, unlabeled, 3) == {"a", "b"}
    assert em_vocabulary(labeled, [], 2) == {"a", "b"}


def random_documents(generator, n, words="abcdefgh"):
    return [{word: generator.randint(0, 3) * generator.random() for word in generator.sample(words, 3)} for _ in range(n)]


def test_eq_em_word_columns_add_the_same_counts_as_add_weighted_document():
    generator = random.Random(5)
    documents = random_documents(generator, 40)
    weights = [tuple(generator.random() * (generator.random() < 0.7) for _ in range(3)) for _ in documents]
    tables = {"class_counts": [0] * 3, "totals": [0] * 3, "word_rows": {}}
    for counts, weight in zip(documents, weights):
        add_weighted_document(tables, counts, list(weight), "multinomial")
    fast = fractional_word_rows(word_columns(documents), weights, 3)
    assert fast.keys() == {word for word, row in tables["word_rows"].items()}
    for word, row in tables["word_rows"].items():
        assert fast[word] == pytest.approx(row, rel=1e-12, abs=1e-300)
    assert word_columns([{"a": 2, "b": 0}, {"a": 1}]) == {"a": ([0, 1], [2, 1])}


def test_eq_em_rows_are_the_multinomial_models_log_estimates():
    model = MultinomialNB(alpha=0.5).fit([{"a": 2.5, "b": 1.0}, {"b": 0.5, "c": 3.0}, {"a": 1.0}], ["x", "y", "x"])
    word_rows = {word: [model.feature_counts_[label].get(word, 0) for label in model.classes_] for word in model.vocabulary_}
    totals = [model.feature_totals_[label] for label in model.classes_]
    rows = log_likelihood_rows_of(word_rows, totals, model.vocabulary_, 0.5)
    assert rows.keys() == model.log_likelihood_rows_.keys()
    for word, row in rows.items():
        assert row == pytest.approx(model.log_likelihood_rows_[word], rel=1e-15)
    # a in class x, by hand: n_ax = 2.5 + 1, n_x = 3.5 + 1, |V| = 3, so (3.5 + 0.5) / (4.5 + 3 * 0.5) = 2/3
    assert rows["a"][0] == pytest.approx(math.log(2 / 3), rel=1e-15)


@pytest.mark.parametrize("length,weight", [(300, 1.0), (None, 0.4), (50, 0.0)])
def test_the_fast_path_runs_the_reference_paths_em(monkeypatch, length, weight):
    import naivebayes.naive_bayes.semi_supervised as semi_supervised

    texts, labels = load_spam()
    labeled, y, unlabeled = texts[:12], labels[:12], texts[12:]
    settings = dict(unlabeled_weight=weight, document_length=length, max_iterations=6, tolerance=0)
    fast = SemiSupervisedNB(**settings).fit(labeled, y, unlabeled, X_check=texts, y_check=labels)
    monkeypatch.setattr(semi_supervised, "WORD_COLUMN_EVENT_MODELS", set())
    reference = SemiSupervisedNB(**settings).fit(labeled, y, unlabeled, X_check=texts, y_check=labels)
    assert len(fast.history_) == len(reference.history_)
    assert len(fast.history_) > 2 if weight else len(fast.history_) == 1
    for ours, theirs in zip(fast.history_, reference.history_):
        assert ours["iteration"] == theirs["iteration"] and ours["accuracy"] == theirs["accuracy"]
        for name in ("log_likelihood", "log_prior", "objective"):
            assert ours[name] == pytest.approx(theirs[name], rel=1e-11)
    assert fast.model_.vocabulary_ == reference.model_.vocabulary_
    for label in fast.classes_:
        assert fast.model_.class_counts_[label] == pytest.approx(reference.model_.class_counts_[label], rel=1e-12)
        counts, theirs = fast.model_.feature_counts_[label], reference.model_.feature_counts_[label]
        assert counts.keys() == theirs.keys()
        assert counts == pytest.approx(theirs, rel=1e-11)
    assert fast.predict(texts) == reference.predict(texts)
    assert (fast.n_iterations_, fast.converged_) == (reference.n_iterations_, reference.converged_)


def test_min_word_count_drops_the_unlabeled_documents_rare_words():
    labeled, y, unlabeled, _ = china_split()
    every_word = SemiSupervisedNB(min_word_count=1).fit(labeled, y, unlabeled)
    paper = SemiSupervisedNB().fit(labeled, y, unlabeled)
    dropped = every_word.model_.vocabulary_ - paper.model_.vocabulary_
    words_of_labeled = {word for text in labeled for word in text.lower().split()}
    assert dropped and not dropped & words_of_labeled
    with pytest.raises(ValueError, match="min_word_count"):
        SemiSupervisedNB(min_word_count=0)


@pytest.mark.parametrize("fast", [True, False])
def test_nothing_to_learn_gets_the_models_clear_error_on_both_paths(monkeypatch, fast):
    import naivebayes.naive_bayes.semi_supervised as semi_supervised

    if not fast:
        monkeypatch.setattr(semi_supervised, "WORD_COLUMN_EVENT_MODELS", set())
    model = SemiSupervisedNB()
    with pytest.raises(ValueError, match="no tokens at all"):
        model.fit(["", "!!"], ["x", "y"], ["...", ""])
    assert model.model_ is None


@pytest.mark.parametrize("setting, value, phrase", [
    ("alpha", -1, "alpha"),
    ("alpha", 0, "needs alpha > 0"),
    ("max_iterations", 2.5, "max_iterations must be a whole number >= 0"),
    ("tolerance", "x", "tolerance must be a number >= 0"),
    ("unlabeled_weight", 2, "unlabeled_weight"),
    ("event_model", "gaussian", "event_model"),
    ("min_word_count", 0, "min_word_count must be a whole number >= 1"),
])
def test_a_setting_assigned_after_construction_is_checked_there(setting, value, phrase):
    # issue 30: m.max_iterations = 2.5 was kept, and only fit (or a saved file's load) refused it
    model = SemiSupervisedNB(alpha=0.5, max_iterations=3)
    before = dict(vars(model))
    with pytest.raises(ValueError, match=phrase):
        setattr(model, setting, value)
    assert vars(model) == before


def test_a_good_setting_assigned_is_kept_and_read_without_a_call():
    model = SemiSupervisedNB()
    model.unlabeled_weight = 0.1
    model.max_iterations = 7
    assert model.get_params()["unlabeled_weight"] == 0.1 and model.max_iterations == 7
    assert not hasattr(type(SemiSupervisedNB.__dict__["alpha"]), "__get__")  # reading model.alpha starts no frame
