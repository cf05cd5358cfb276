"""posterior(example) on every model that can state P(c | x), and a clear refusal from the one that cannot.

The count models give exact Fractions (Bayes' rule on exact joint
probabilities); a model with a density or a Poisson probability (pi and e
are no ratios of counts) gives floats, from log P(x, c) by log-sum-exp, the
same numbers predict_proba gives.
"""

import math
from fractions import Fraction

import pytest

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    ComplementNB,
    GaussianDiscriminantAnalysis,
    GaussianNB,
    HistogramNB,
    JointBayesClassifier,
    KernelNB,
    MixedNB,
    MultinomialNB,
    PoissonNB,
    SemiSupervisedNB,
    TreeAugmentedNB,
)
from naivebayes.datasets import load_china, load_play_tennis

LENGTHS = [{"length": Fraction(n)} for n in (1, 2, 4, 6, 9)]
LENGTH_LABELS = ["a", "a", "a", "b", "b"]


def normal_log_density(x, mean, variance):
    return -0.5 * math.log(2 * math.pi * variance) - (x - mean) ** 2 / (2 * variance)


def test_gaussian_posterior_by_hand():
    # docs/gaussian.md: a has mean 7/3 and variance 14/9, b mean 15/2 and variance 9/4; priors 3/5 and 2/5.
    model = GaussianNB(var_smoothing=0).fit(LENGTHS, LENGTH_LABELS)
    joint_a = math.log(3 / 5) + normal_log_density(5, 7 / 3, 14 / 9)
    joint_b = math.log(2 / 5) + normal_log_density(5, 15 / 2, 9 / 4)
    expected_b = 1 / (1 + math.exp(joint_a - joint_b))
    posterior = model.posterior({"length": 5})
    assert posterior["b"] == pytest.approx(expected_b, rel=1e-12) and round(posterior["b"], 4) == 0.5761
    assert posterior["a"] + posterior["b"] == pytest.approx(1, rel=1e-15)
    assert posterior == pytest.approx(model.predict_proba([{"length": 5}])[0], rel=1e-15)


def test_poisson_posterior_by_hand():
    # Smoothed rates (S + 1) / (n + 1): a (1 + 2 + 4 + 1) / 4 = 2, b (6 + 9 + 1) / 3 = 16/3;
    # P(k | rate) = e^-rate rate^k / k!.
    counts = [{"length": int(row["length"])} for row in LENGTHS]
    model = PoissonNB().fit(counts, LENGTH_LABELS)
    joint = {
        "a": 3 / 5 * math.exp(-2) * 2**5 / math.factorial(5),
        "b": 2 / 5 * math.exp(-16 / 3) * (16 / 3) ** 5 / math.factorial(5),
    }
    total = sum(joint.values())
    assert model.posterior({"length": 5}) == pytest.approx({label: p / total for label, p in joint.items()}, rel=1e-12)


@pytest.mark.parametrize("Model", [GaussianNB, KernelNB, HistogramNB, MixedNB, GaussianDiscriminantAnalysis])
def test_every_model_of_measurements_states_a_posterior(Model):
    X = [{"x": float(v), "y": float(v * v % 7)} for v in range(12)]
    y = ["low"] * 6 + ["high"] * 6
    model = Model().fit(X, y)
    posterior = model.posterior({"x": 2.5, "y": 6.25})
    assert set(posterior) == {"low", "high"} and all(type(p) is float for p in posterior.values())
    assert math.fsum(posterior.values()) == pytest.approx(1, rel=1e-12)
    assert posterior == pytest.approx(model.predict_proba([{"x": 2.5, "y": 6.25}])[0], rel=1e-12)
    with pytest.raises(TypeError, match="one"):
        model.posterior([{"x": 2.5, "y": 6.25}])  # a list of rows is not one row


def test_the_count_models_state_an_exact_posterior():
    documents, labels, test_document = load_china()
    assert MultinomialNB().fit(documents, labels).posterior(test_document) == {
        "china": Fraction(4782969, 6934265), "japan": Fraction(2151296, 6934265)}
    rows, tennis_labels, _ = load_play_tennis()
    for Model in (CategoricalNB, TreeAugmentedNB, JointBayesClassifier):
        posterior = Model().fit(rows, tennis_labels).posterior(rows[0])
        assert all(type(p) is Fraction for p in posterior.values()) and sum(posterior.values()) == 1, Model.__name__
    assert all(type(p) is Fraction for p in BernoulliNB().fit(documents, labels).posterior(test_document).values())


def test_semi_supervised_posterior_is_its_predict_proba():
    documents, labels, test_document = load_china()
    model = SemiSupervisedNB().fit(documents, labels, [test_document, "Tokyo Japan"])
    assert model.posterior(test_document) == pytest.approx(model.predict_proba([test_document])[0], rel=1e-15)


def test_complement_refuses_and_says_to_use_predict_proba():
    documents, labels, test_document = load_china()
    with pytest.raises(TypeError, match="no posterior .* predict_proba"):
        ComplementNB().fit(documents, labels).posterior(test_document)
