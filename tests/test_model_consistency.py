"""A model is never half-changed or inconsistent: failed calls change nothing, changed settings apply everywhere."""

import copy
import math
from fractions import Fraction

import pytest

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    GaussianNB,
    HistogramNB,
    MixedNB,
    MultinomialNB,
    PoissonNB,
    ZeroProbabilityError,
)
from naivebayes.datasets import load_china, load_play_tennis

DOCUMENTS, LABELS, TEST_DOCUMENT = load_china()
ROWS, DAYS, TEST_DAY = load_play_tennis()


def state(model):
    return copy.deepcopy(vars(model))


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_a_failed_partial_fit_leaves_the_model_as_it_was(Model):
    model = Model().fit(DOCUMENTS, LABELS)
    before = state(model)
    for _ in range(2):  # a retry must not add the counts twice either
        with pytest.raises(TypeError, match="labels of different kinds"):
            model.partial_fit(["c"], [1])  # an int label after string labels
        assert state(model) == before
    with pytest.raises(TypeError, match="mixes strings"):
        model.partial_fit([["a"], ["b", 3]], ["china", "japan"])  # the second document is bad
    assert state(model) == before


def test_a_failed_partial_fit_of_a_table_model_leaves_it_as_it_was():
    model = MixedNB().fit(ROWS, DAYS)
    before = state(model)
    with pytest.raises(TypeError, match="labels of different kinds"):
        model.partial_fit([ROWS[0]], [0])
    assert state(model) == before


def test_changing_alpha_after_fit_takes_effect_in_every_method():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    model.alpha = 1000
    fresh = MultinomialNB(alpha=1000).fit(DOCUMENTS, LABELS)
    assert model.likelihood("tokyo", "china") == fresh.likelihood("tokyo", "china") == Fraction(0 + 1000, 8 + 1000 * 6)
    assert model.predict_proba([TEST_DOCUMENT]) == fresh.predict_proba([TEST_DOCUMENT])
    assert model.joint_log_likelihood(TEST_DOCUMENT) == fresh.joint_log_likelihood(TEST_DOCUMENT)
    assert str(model.explain(TEST_DOCUMENT)) == str(fresh.explain(TEST_DOCUMENT))


def test_changing_class_prior_after_fit_takes_effect_in_every_method():
    model = CategoricalNB().fit(ROWS, DAYS)
    model.class_prior = {"no": Fraction(1, 2), "yes": Fraction(1, 2)}
    fresh = CategoricalNB(class_prior={"no": Fraction(1, 2), "yes": Fraction(1, 2)}).fit(ROWS, DAYS)
    assert model.prior("yes") == Fraction(1, 2)
    assert model.predict_proba([TEST_DAY]) == fresh.predict_proba([TEST_DAY])
    assert model.posterior(TEST_DAY) == fresh.posterior(TEST_DAY)


def test_changing_a_setting_inside_a_dict_is_refused_and_a_new_dict_is_applied():
    given = {"no": 0.5, "yes": 0.5}
    model = CategoricalNB(class_prior=given).fit(ROWS, DAYS)
    given["no"], given["yes"] = 0.25, 0.75  # the caller's dict: the model holds its own copy
    assert model.prior("yes") == 0.5
    with pytest.raises(TypeError, match="cannot be changed in place; assign a new one"):
        model.class_prior["no"] = 0.25
    assert model.class_prior == {"no": 0.5, "yes": 0.5} and model.prior("yes") == 0.5
    model.class_prior = {"no": 0.25, "yes": 0.75}
    assert model.prior("yes") == 0.75
    listed = CategoricalNB(class_prior=[0.5, 0.5]).fit(ROWS, DAYS)  # a list is kept as a tuple
    with pytest.raises(TypeError):
        listed.class_prior[0] = 0.25
    assert listed.prior("no") == 0.5
    assert model.predict_joint_log_proba([TEST_DAY])[0]["yes"] == pytest.approx(
        model.joint_log_likelihood(TEST_DAY)["yes"], abs=1e-12
    )


@pytest.mark.parametrize(
    "Model, setting, value, message",
    [
        (MultinomialNB, "alpha", -5, "alpha must be a finite number >= 0"),
        (BernoulliNB, "alpha", math.nan, "alpha must be a finite number >= 0"),
        (CategoricalNB, "unseen", "drop", "unseen must be one of 'ignore', 'error'"),
        (GaussianNB, "ddof", 2, "ddof must be 0"),
        (HistogramNB, "n_bins", 0, "n_bins must be a whole number >= 1"),
        (PoissonNB, "alpha", 1e300, "larger than 2\\*\\*53"),
    ],
)
def test_a_bad_setting_changed_after_fit_is_refused_and_changes_nothing(Model, setting, value, message):
    X, y = (DOCUMENTS, LABELS) if Model in (MultinomialNB, BernoulliNB) else ([[1, 2], [2, 0], [3, 5], [5, 4]], "aabb")
    y = list(y)
    model = Model().fit(X, y)
    predictions = model.predict(X)
    tables = {name: copy.deepcopy(value) for name, value in vars(model).items() if name.endswith("_")}
    with pytest.raises(ValueError, match=message):
        setattr(model, setting, value)  # refused where it is assigned
    assert getattr(model, setting) == Model().get_params()[setting]
    assert model.predict(X) == predictions
    assert {name: value for name, value in vars(model).items() if name.endswith("_")} == tables
    setattr(model, setting, Model().get_params()[setting])  # put it back: all is well again
    assert model.predict(X) == predictions


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB, CategoricalNB, PoissonNB, HistogramNB, MixedNB])
def test_an_alpha_too_large_to_be_useful_is_refused_with_the_bound(Model):
    with pytest.raises(ValueError, match=r"larger than 2\*\*53 \(about 9.0e15\)"):
        Model(alpha=9e307)
    assert Model(alpha=2**53).alpha == 2**53  # the bound itself is allowed


def test_posterior_with_a_float_alpha_on_a_long_document_says_why():
    model = MultinomialNB(alpha=1.0).fit(DOCUMENTS, LABELS)
    long_document = " ".join(["Chinese Tokyo Japan Beijing"] * 200)
    with pytest.raises(ZeroProbabilityError, match="with a float alpha they are floats, whose product underflows"):
        model.posterior(long_document)
    exact = MultinomialNB(alpha=1).fit(DOCUMENTS, LABELS).posterior(long_document)
    assert sum(exact.values()) == 1  # int alpha: exact, however long


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_explain_refuses_a_list_holding_one_document(Model):
    model = Model().fit(DOCUMENTS, LABELS)
    with pytest.raises(TypeError, match=r"explain takes one document, but this is a list holding one text"):
        model.explain([TEST_DOCUMENT])
    with pytest.raises(TypeError, match=r"pass the text itself: model.joint_log_likelihood\(text\)"):
        model.joint_log_likelihood([TEST_DOCUMENT])
    assert model.explain(["chinese"]).terms[0].feature == "chinese"  # a one-token list is still a document


def test_explain_refuses_a_list_holding_one_row():
    model = CategoricalNB().fit(ROWS, DAYS)
    with pytest.raises(TypeError, match=r"explain takes one row, but this is a list of 1 rows"):
        model.explain([TEST_DAY])


# ---------------------------------------------------------------------------
# What a model holds shows as one table: text (repr and str), HTML, Markdown
# ---------------------------------------------------------------------------


def every_fitted_model():
    from naivebayes import GaussianDiscriminantAnalysis, JointBayesClassifier

    numbers = [[1.0, 2], [1.5, 0], [3.0, 5], [2.5, 4]]
    return [
        MultinomialNB().fit(DOCUMENTS, LABELS),
        BernoulliNB().fit(DOCUMENTS, LABELS),
        CategoricalNB().fit(ROWS, DAYS),
        GaussianNB().fit(numbers, list("aabb")),
        PoissonNB().fit([[2], [0], [5], [4]], list("aabb")),
        HistogramNB(n_bins=2).fit(numbers, list("aabb")),
        MixedNB().fit(ROWS, DAYS),
        GaussianDiscriminantAnalysis().fit(numbers + [[2.0, 1.0], [3.5, 4.5]], list("aabbab")),
        JointBayesClassifier().fit(ROWS, DAYS),
    ]


@pytest.mark.parametrize("model", every_fitted_model(), ids=lambda model: type(model).__name__)
def test_a_fitted_model_shows_one_table_as_text_html_and_markdown(model):
    import html

    text = repr(model)
    assert text == str(model)
    lines = text.splitlines()
    assert lines[0].startswith(type(model).__name__ + "(") and lines[-1].endswith(f"fitted on {model.n_examples_} {model.example_noun}s")
    page = model._repr_html_()
    assert page.startswith("<table") and page.rstrip().endswith("</table>") and "<script" not in page.lower()
    markdown = model._repr_markdown_()
    rows = [line.split("  ")[0] for line in lines[3:-1]]  # each row's first cell, such as "class 'china'"
    assert rows and all(row.startswith("class ") for row in rows[: len(model.classes_)])
    for row in rows:
        assert html.escape(row) in page and f"| {row} |" in markdown
    assert len(page) < 10_000


def test_a_model_shows_what_it_holds():
    gaussian = GaussianNB(var_smoothing=0).fit([[1], [3], [10], [14]], list("aabb"))
    text = repr(gaussian)
    assert "means_['a']" in text and "{0: 2}" in text and "variances_['b']" in text and "{0: 4}" in text
    spam = MultinomialNB().fit(DOCUMENTS, LABELS)
    assert "6 words" in repr(spam) and "{'chinese': 5, 'beijing': 1, 'shanghai': 1, ...}" in repr(spam)
    assert repr(MultinomialNB()) == "MultinomialNB(alpha=1) (not fitted)"
    assert "not fitted" in MultinomialNB()._repr_html_() and MultinomialNB()._repr_markdown_() == "MultinomialNB(alpha=1) (not fitted)"
