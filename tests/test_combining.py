"""Combining models trained on different features of the same rows: P(c | x_A, x_B) ∝ P(c | x_A) P(c | x_B) / P(c).

The check that matters: two models, one on features A and one on features B,
combined, give exactly the posterior of one model trained on A and B
together, and the plain product of their posteriors does not.
"""

import math
from fractions import Fraction as F

import pytest

from naivebayes import CategoricalNB, GaussianNB, MultinomialNB, NotFittedError
from naivebayes.datasets import load_china, load_iris, load_play_tennis
from naivebayes.naive_bayes.combining import (
    combine_posteriors,
    combine_predict_proba,
    combined_log_posterior,
    combined_posterior,
)

A, B = ["outlook", "temperature"], ["humidity", "wind"]


def part(row, features):
    return {feature: row[feature] for feature in features}


@pytest.fixture(scope="module")
def tennis():
    return load_play_tennis()


def test_eq_combined_posterior_by_hand():
    # Prior (1/4, 3/4); model A says (1/2, 1/2), model B (3/5, 2/5).
    # Unnormalised: a: (1/2)(3/5)/(1/4) = 6/5, b: (1/2)(2/5)/(3/4) = 4/15; sum 22/15.
    prior = {"a": F(1, 4), "b": F(3, 4)}
    combined = combined_posterior([{"a": F(1, 2), "b": F(1, 2)}, {"a": F(3, 5), "b": F(2, 5)}], prior)
    assert combined == {"a": F(9, 11), "b": F(2, 11)}
    # The plain product counts the prior twice: (1/2)(3/5) : (1/2)(2/5) = 3/5 : 2/5.
    assert combined != {"a": F(3, 5), "b": F(2, 5)}


def test_eq_combined_posterior_with_three_models_divides_by_the_prior_squared():
    prior = {"a": F(1, 3), "b": F(2, 3)}
    same = {"a": F(1, 3), "b": F(2, 3)}  # each model learned nothing beyond the prior
    assert combined_posterior([same, same, same], prior) == prior


def test_a_class_with_prior_zero_stays_at_zero():
    prior = {"a": F(0), "b": F(1)}
    assert combined_posterior([{"a": F(0), "b": F(1)}] * 2, prior) == {"a": 0, "b": 1}
    log_prior = {"a": -math.inf, "b": 0.0}
    assert combined_log_posterior([{"a": -math.inf, "b": 0.0}] * 2, log_prior) == {"a": -math.inf, "b": 0.0}


def test_eq_combined_log_posterior_agrees_with_the_exact_rule():
    prior = {"a": F(1, 4), "b": F(3, 4)}
    posteriors = [{"a": F(1, 2), "b": F(1, 2)}, {"a": F(3, 5), "b": F(2, 5)}]
    logs = combined_log_posterior(
        [{label: math.log(p) for label, p in posterior.items()} for posterior in posteriors],
        {label: math.log(p) for label, p in prior.items()},
    )
    assert math.exp(logs["a"]) == pytest.approx(9 / 11, rel=1e-15)
    assert math.exp(logs["b"]) == pytest.approx(2 / 11, rel=1e-15)


def test_play_tennis_split_in_two_equals_one_model_exactly(tennis):
    rows, labels, day = tennis
    on_a = CategoricalNB().fit([part(row, A) for row in rows], labels)
    on_b = CategoricalNB().fit([part(row, B) for row in rows], labels)
    whole = CategoricalNB().fit(rows, labels)
    combined = combine_posteriors([on_a, on_b], [part(day, A), part(day, B)])
    assert combined == whole.posterior(day)
    # By hand: no: 5/14 · 1/2 · 1/4 · 5/7 · 4/7,  yes: 9/14 · 1/4 · 1/3 · 4/11 · 4/11 (Laplace smoothing).
    no, yes = F(5, 14) * F(1, 2) * F(1, 4) * F(5, 7) * F(4, 7), F(9, 14) * F(1, 4) * F(1, 3) * F(4, 11) * F(4, 11)
    assert combined == {"no": no / (no + yes), "yes": yes / (no + yes)}
    for row in rows:  # every day of the table, not only the test day
        assert combine_posteriors([on_a, on_b], [part(row, A), part(row, B)]) == whole.posterior(row)


def test_the_plain_product_of_posteriors_is_wrong(tennis):
    rows, labels, day = tennis
    on_a = CategoricalNB().fit([part(row, A) for row in rows], labels)
    on_b = CategoricalNB().fit([part(row, B) for row in rows], labels)
    a, b = on_a.posterior(part(day, A)), on_b.posterior(part(day, B))
    total = a["no"] * b["no"] + a["yes"] * b["yes"]
    plain = {label: a[label] * b[label] / total for label in a}
    assert plain != CategoricalNB().fit(rows, labels).posterior(day)


def test_text_and_metadata_combined_equal_the_product_of_likelihoods():
    # A text model on the China documents and a categorical model on made-up metadata of the same documents.
    documents, labels, test_document = load_china()
    metadata = [{"sent": "day"}, {"sent": "day"}, {"sent": "night"}, {"sent": "night"}]
    text = MultinomialNB().fit(documents, labels)
    meta = CategoricalNB().fit(metadata, labels)
    combined = combine_posteriors([text, meta], [test_document, {"sent": "night"}])
    joint = {
        label: text.joint_probability(test_document)[label] * meta.likelihood("sent", "night", label)
        for label in text.classes_
    }
    total = sum(joint.values())
    assert combined == {label: p / total for label, p in joint.items()}


def test_gaussian_models_on_iris_combine_to_the_whole_model():
    # var_smoothing=0: the variance floor depends on the largest variance among a model's features.
    iris = load_iris()
    sepals, petals = ["sepal_length", "sepal_width"], ["petal_length", "petal_width"]
    on_sepals = GaussianNB(var_smoothing=0).fit(iris.select(sepals).rows, iris.labels)
    on_petals = GaussianNB(var_smoothing=0).fit(iris.select(petals).rows, iris.labels)
    whole = GaussianNB(var_smoothing=0).fit(iris.rows, iris.labels)
    combined = combine_predict_proba([on_sepals, on_petals], [iris.select(sepals).rows, iris.select(petals).rows])
    for got, expected in zip(combined, whole.predict_proba(iris.rows)):
        for label in expected:
            assert got[label] == pytest.approx(expected[label], rel=1e-9, abs=1e-300)


def test_what_cannot_be_combined(tennis):
    rows, labels, day = tennis
    on_a = CategoricalNB().fit([part(row, A) for row in rows], labels)
    on_fewer = CategoricalNB().fit([part(row, B) for row in rows[:10]], labels[:10])
    with pytest.raises(ValueError, match="same prior"):
        combine_posteriors([on_a, on_fewer], [part(day, A), part(day, B)])
    with pytest.raises(ValueError, match="one part per model"):
        combine_posteriors([on_a, on_a], [part(day, A)])
    with pytest.raises(TypeError, match="at least two fitted models"):
        combine_posteriors([on_a], [part(day, A)])
    with pytest.raises(NotFittedError, match=r"models\[1\] has not been fitted"):
        combine_posteriors([on_a, CategoricalNB()], [part(day, A), part(day, B)])
    other_classes = CategoricalNB().fit([part(row, B) for row in rows], ["x" if l == "no" else "y" for l in labels])
    with pytest.raises(ValueError, match="same classes"):
        combine_posteriors([on_a, other_classes], [part(day, A), part(day, B)])
    with pytest.raises(ValueError, match="same examples"):
        combine_predict_proba([on_a, on_a], [[part(day, A)], [part(day, A)] * 2])
