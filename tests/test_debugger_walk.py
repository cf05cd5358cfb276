"""A debugger walks the docs: one prediction passes through the named steps of the docs pages, in order.

The pipeline page lists the steps every model takes for one example: check the
input, look up each feature's term, add the terms to the log prior, normalise.
These tests record, with ``sys.settrace``, which of the library's functions a
prediction calls, in the order a debugger stepping into it would meet them,
and check that order.  They also check what a debugger must *not* meet: a
lookup table being built during a prediction, or a frame called ``<lambda>``.
"""

import sys

import pytest

from naivebayes import BernoulliNB, CategoricalNB, GaussianNB, HistogramNB, MixedNB, MultinomialNB, PoissonNB
from naivebayes.datasets import load_china, load_play_tennis


def calls_made_by(action):
    """The names of the naivebayes functions that ``action()`` calls, in the order they start."""
    names = []

    def tracer(frame, event, argument):
        if event == "call" and "/naivebayes/" in frame.f_code.co_filename.replace("\\", "/"):
            names.append(frame.f_code.co_name)
        return None

    sys.settrace(tracer)
    try:
        action()
    finally:
        sys.settrace(None)
    return names


def in_order(names, steps):
    """True when ``steps`` occur in ``names`` in this order (other calls may come between)."""
    position = 0
    for name in names:
        if position < len(steps) and name == steps[position]:
            position += 1
    return position == len(steps)


def text_models():
    documents, labels, test_document = load_china()
    return [
        (MultinomialNB().fit(documents, labels), test_document, "multinomial_word_terms", "multinomial_joint_log_likelihoods_of_tokens"),
        (BernoulliNB().fit(documents, labels), test_document, "bernoulli_word_terms", "bernoulli_joint_log_likelihoods"),
    ]


def table_models():
    rows, labels, test_row = load_play_tennis()
    numbers = [[1.0, 2], [1.5, 0], [3.0, 5], [2.5, 4]]
    y = ["a", "a", "b", "b"]
    return [
        (CategoricalNB().fit(rows, labels), test_row),
        (MixedNB().fit(rows, labels), test_row),
        (GaussianNB().fit([[x] for x, _ in numbers], y), [2.0]),
        (PoissonNB().fit([[k] for _, k in numbers], y), [3]),
        (HistogramNB(n_bins=2).fit([[x] for x, _ in numbers], y), [2.0]),
    ]


@pytest.mark.parametrize("model, document, terms, fast", text_models(), ids=["multinomial", "bernoulli"])
def test_a_text_prediction_walks_the_named_steps(model, document, terms, fast):
    reference = calls_made_by(lambda: model.joint_log_likelihood(document))
    assert in_order(reference, ["_check_example", "document_bag", "_log_likelihood_terms", terms, "add_log_terms"])
    predicted = calls_made_by(lambda: model.predict_proba([document]))
    assert in_order(predicted, ["_check_bag", "document_bag", "_joint_log_likelihoods", fast, "log_posterior", "log_sum_exp"])
    explained = calls_made_by(lambda: model.explain(document))
    assert in_order(explained, ["_check_example", "_log_likelihood_terms", terms, "add_log_terms", "from_terms", "log_posterior"])


@pytest.mark.parametrize("model, row", table_models(), ids=["categorical", "mixed", "gaussian", "poisson", "histogram"])
def test_a_table_prediction_walks_the_named_steps(model, row):
    predicted = calls_made_by(lambda: model.predict_proba([row]))
    assert in_order(
        predicted,
        ["_check_example", "present_values", "check_value", "_log_likelihood_terms", "log_terms", "add_log_terms", "log_posterior"],
    )


@pytest.mark.parametrize("model, example", [m[:2] for m in text_models()] + table_models())
def test_a_prediction_builds_nothing_and_meets_no_lambda(model, example):
    names = calls_made_by(lambda: (model.predict([example]), model.explain(example)))
    assert "_build_lookup_tables" not in names and "build_lookups" not in names  # built when training ended
    assert "<lambda>" not in names


def test_the_walk_check_can_fail():
    assert not in_order(["a", "c", "b"], ["a", "b", "c"])
    assert in_order(["a", "x", "b", "y", "c"], ["a", "b", "c"])
