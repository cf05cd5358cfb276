"""Properties that must hold on any data, checked on random corpora (standard ``random`` only)."""

import copy
from collections import Counter
import math
import random
from fractions import Fraction

import pytest

from naivebayes import BernoulliNB, MultinomialNB, most_informative_features

MODELS = [MultinomialNB, BernoulliNB]
WORDS = [f"w{i}" for i in range(40)]


def random_corpus(seed, n_documents=60, labels=("a", "b", "c")):
    """Token-list documents whose word choice depends on the label, so classes differ."""
    rng = random.Random(seed)
    documents, y = [], []
    for _ in range(n_documents):
        label = rng.choice(labels)
        bias = labels.index(label) * 10
        length = rng.randint(0, 12)
        documents.append([WORDS[(bias + int(rng.expovariate(0.2))) % len(WORDS)] for _ in range(length)])
        y.append(label)
    return documents, y


def held_out_documents(seed):
    documents, _ = random_corpus(seed + 1000, n_documents=25)
    return documents + [["never-seen", "w1"], []]


def public_state(model):
    return copy.deepcopy({name: value for name, value in vars(model).items() if name.endswith("_")})


@pytest.mark.parametrize("Model", MODELS)
@pytest.mark.parametrize("alpha", [1, 0.5, Fraction(1, 3)])
@pytest.mark.parametrize("seed", range(5))
def test_posteriors_sum_to_one(Model, alpha, seed):
    model = Model(alpha=alpha).fit(*random_corpus(seed))
    for probabilities in model.predict_proba(held_out_documents(seed)):
        assert math.fsum(probabilities.values()) == pytest.approx(1, abs=1e-12)
        assert all(0 <= p <= 1 for p in probabilities.values())


@pytest.mark.parametrize("Model", MODELS)
@pytest.mark.parametrize("seed", range(5))
def test_relabelling_classes_changes_nothing(Model, seed):
    documents, y = random_corpus(seed)
    renamed = {"a": "zebra", "b": "apple", "c": "mango"}  # a new sorted order, too
    original = Model().fit(documents, y)
    relabelled = Model().fit(documents, [renamed[label] for label in y])
    for before, after in zip(original.predict_proba(held_out_documents(seed)), relabelled.predict_proba(held_out_documents(seed))):
        for label, p in before.items():
            assert after[renamed[label]] == pytest.approx(p, rel=1e-12, abs=1e-300)
    # Decisions agree wherever there is no exact tie (a tie goes to the first label in order).
    for document, before, after in zip(
        held_out_documents(seed), original.predict(held_out_documents(seed)), relabelled.predict(held_out_documents(seed))
    ):
        scores = sorted(original.predict_joint_log_proba([document])[0].values())
        if scores[-1] != scores[-2]:
            assert renamed[before] == after


@pytest.mark.parametrize("Model", MODELS)
@pytest.mark.parametrize("seed", range(5))
def test_partial_fit_in_pieces_equals_one_fit(Model, seed):
    documents, y = random_corpus(seed)
    whole = Model().fit(documents, y)
    pieces = Model()
    rng = random.Random(seed)
    cuts = sorted(rng.sample(range(1, len(documents)), 3))
    for start, end in zip([0] + cuts, cuts + [len(documents)]):
        pieces.partial_fit(documents[start:end], y[start:end])
    assert public_state(pieces) == public_state(whole)
    assert pieces.predict_proba(held_out_documents(seed)) == whole.predict_proba(held_out_documents(seed))


def test_partial_fit_can_start_with_one_class():
    model = MultinomialNB().partial_fit([["spam", "win"]], ["spam"])
    with pytest.raises(ValueError, match="only the class 'spam'"):
        model.predict([["win"]])
    model.partial_fit([["hello"]], ["ham"])
    assert model.predict([["win"]]) == ["spam"]


@pytest.mark.parametrize("Model", MODELS)
@pytest.mark.parametrize("seed", range(3))
def test_predicting_leaves_the_model_unchanged(Model, seed):
    model = Model().fit(*random_corpus(seed))
    before = public_state(model)
    documents = held_out_documents(seed) + [{"unseen-key": 3, "w2": 1}, "free text with unseen words"]
    model.predict(documents)
    model.predict_proba(documents)
    model.predict_log_proba(documents)
    for document in documents:
        model.joint_log_likelihood(document)
        model.explain(document)
    most_informative_features(model, 5)
    assert public_state(model) == before  # no key inserted, no count changed


@pytest.mark.parametrize("Model", MODELS)
@pytest.mark.parametrize("seed", range(3))
def test_exact_and_float_paths_agree(Model, seed):
    documents, y = random_corpus(seed, n_documents=20)
    model = Model(alpha=1).fit(documents, y)
    for document in held_out_documents(seed)[:8]:
        exact = model.posterior(document)  # Fractions, from the product formula
        (floats,) = model.predict_proba([document])
        for label in model.classes_:
            assert isinstance(exact[label], Fraction)
            assert floats[label] == pytest.approx(float(exact[label]), rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("alpha", [1, 0.5, Fraction(1, 3), 0.01, 0])
@pytest.mark.parametrize("seed", range(5))
def test_multinomial_fast_path_agrees_with_the_reference(alpha, seed):
    model = MultinomialNB(alpha=alpha).fit(*random_corpus(seed))
    documents = held_out_documents(seed)
    documents += [dict(Counter(document)) for document in documents]  # the counts path as well as the tokens path
    fast = model.predict_joint_log_proba(documents)
    for document, scores in zip(documents, fast):
        reference = model.joint_log_likelihood(document)
        for label in model.classes_:
            # predict adds the rows, joint_log_likelihood the terms (Bernoulli's rows rearrange the sum): to about 1e-15.
            assert scores[label] == pytest.approx(reference[label], rel=1e-12)


@pytest.mark.parametrize("alpha", [1, 0.5, Fraction(1, 3), 0.01])
@pytest.mark.parametrize("seed", range(5))
def test_bernoulli_fast_path_agrees_with_the_reference(alpha, seed):
    model = BernoulliNB(alpha=alpha).fit(*random_corpus(seed))
    documents = held_out_documents(seed)
    fast = model.predict_joint_log_proba(documents)
    for document, scores in zip(documents, fast):
        reference = model.joint_log_likelihood(document)
        for label in model.classes_:
            # A rearranged sum rounds differently, so not bit for bit, but to about 1e-15.
            assert scores[label] == pytest.approx(reference[label], rel=1e-12)


@pytest.mark.parametrize("Model", MODELS)
def test_a_forty_thousand_token_document_has_finite_posteriors(Model):
    model = Model().fit(*random_corpus(0))
    rng = random.Random(7)
    long_document = [rng.choice(WORDS) for _ in range(40_000)]
    (joint,) = model.predict_joint_log_proba([long_document])
    if Model is MultinomialNB:
        assert all(value < -10_000 for value in joint.values())  # far below float's smallest
        known = [w for w in long_document if w in model.vocabulary_][:400]
        assert math.prod(float(model.likelihood(w, "a")) for w in known) == 0.0  # floats underflow
    (probabilities,) = model.predict_proba([long_document])
    assert all(math.isfinite(p) for p in probabilities.values())
    assert math.fsum(probabilities.values()) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize("Model", MODELS)
def test_fit_twice_starts_over(Model):
    documents, y = random_corpus(0)
    once = Model().fit(documents, y)
    twice = Model().fit(*random_corpus(1)).fit(documents, y)
    assert public_state(twice) == public_state(once)
