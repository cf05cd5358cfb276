"""The paired bootstrap test (Jurafsky and Martin, section 4.9.1): hand cases, and numpy with the same draws."""

import random
from fractions import Fraction

import pytest

from naivebayes.evaluation.metrics import f1_score
from naivebayes.evaluation.significance import bootstrap_p_value, bootstrap_sample, paired_bootstrap_test
from naivebayes.plumbing.random_numpy import RandomState

# The chapter's ten documents (its Figure 4.8): A right on 7, B on 5, delta = .20
Y = ["pos"] * 10
A = ["pos", "pos", "neg", "pos", "pos", "neg", "pos", "pos", "neg", "pos"]
B = ["pos", "neg", "pos", "neg", "neg", "pos", "pos", "neg", "neg", "pos"]


def test_eq_bootstrap_sample_draws_numpys_positions():
    # numpy.random.RandomState(0).randint(0, 10, size=10) is [5, 0, 3, 3, 7, 9, 3, 5, 2, 4]
    assert bootstrap_sample(10, RandomState(0)) == [5, 0, 3, 3, 7, 9, 3, 5, 2, 4]
    assert bootstrap_sample(1, RandomState(0)) == [0]


def test_eq_bootstrap_p_value_by_hand():
    # delta = 1/5: samples beating 2/5 strictly: 1/2 and 3/5 (2/5 itself does not count, as in Figure 4.9)
    deltas = [Fraction(0), Fraction(2, 5), Fraction(1, 2), Fraction(-1, 10), Fraction(3, 5)]
    assert bootstrap_p_value(deltas, Fraction(1, 5)) == Fraction(2, 5)
    assert bootstrap_p_value([0, 0], 0) == 0


def test_the_chapters_example_by_hand_with_two_samples():
    result = paired_bootstrap_test(Y, A, B, n_samples=2, random_state=0)
    assert result.delta == Fraction(1, 5)
    # the two samples' positions, as numpy draws them from the seed 0, and their deltas worked out by hand
    generator = RandomState(0)
    first, second = bootstrap_sample(10, generator), bootstrap_sample(10, generator)
    assert first == [5, 0, 3, 3, 7, 9, 3, 5, 2, 4]
    a_right = [a == "pos" for a in A]
    b_right = [b == "pos" for b in B]
    # first sample: A right at 0, 3, 3, 7, 9, 3, 4 = 7, wrong at 5, 5, 2; B right at 2, 5, 5, 9, 0 = 5
    assert sum(a_right[j] for j in first) == 7 and sum(b_right[j] for j in first) == 5
    expected = [Fraction(sum(a_right[j] for j in s) - sum(b_right[j] for j in s), 10) for s in (first, second)]
    assert result.sample_deltas == expected
    assert result.p_value == sum(d > Fraction(2, 5) for d in expected) / Fraction(2)


def test_it_repeats_with_a_seed_and_prints_its_numbers():
    first = paired_bootstrap_test(Y, A, B, n_samples=200, random_state=3)
    again = paired_bootstrap_test(Y, A, B, n_samples=200, random_state=3)
    assert (first.p_value, first.sample_deltas) == (again.p_value, again.sample_deltas)
    text = repr(first)
    assert "delta = accuracy(A) - accuracy(B) = 0.2000 on 10 examples" in text
    assert f"{first.n_beating:,} of 200 samples" in text and f"p-value = {float(first.p_value):.4f}" in text


def test_equal_classifiers_are_never_significant():
    result = paired_bootstrap_test(Y, A, A, n_samples=50)
    assert result.delta == 0 and result.p_value == 0  # every sample's delta is 0, never > 0


def test_any_metric_can_be_compared():
    y = ["pos", "neg"] * 5
    result = paired_bootstrap_test(y, y, ["pos"] * 10, metric=lambda t, p: f1_score(t, p, average="macro"),
                                   n_samples=20)
    assert result.delta > 0 and "M(A) - M(B)" in repr(result)


def test_agrees_with_numpy_drawing_the_same_samples():
    np = pytest.importorskip("numpy")
    rng = random.Random(1)
    n = 40
    y = [rng.choice("ab") for _ in range(n)]
    a = [label if rng.random() < 0.75 else "x" for label in y]
    b = [label if rng.random() < 0.65 else "x" for label in y]
    result = paired_bootstrap_test(y, a, b, n_samples=300, random_state=7)
    # numpy's version of Figure 4.9, in whole numbers: n delta = (A right) - (B right)
    right_a = np.array([p == t for p, t in zip(a, y)], dtype=int)
    right_b = np.array([p == t for p, t in zip(b, y)], dtype=int)
    observed = int(right_a.sum() - right_b.sum())
    generator = np.random.RandomState(7)
    beating = 0
    sample_counts = []
    for _ in range(300):
        positions = generator.randint(0, n, size=n)
        count = int(right_a[positions].sum() - right_b[positions].sum())
        sample_counts.append(count)
        beating += count > 2 * observed
    assert result.delta == Fraction(observed, n)
    assert result.sample_deltas == [Fraction(count, n) for count in sample_counts]
    assert result.p_value == Fraction(beating, 300)


@pytest.mark.parametrize("call, error, phrase", [
    (lambda: paired_bootstrap_test([], [], []), ValueError, "empty"),
    (lambda: paired_bootstrap_test(["a"], ["a", "b"], ["a"]), ValueError, "predictions_a has 2"),
    (lambda: paired_bootstrap_test(["a"], ["a"], ["a"], n_samples=0), ValueError, "n_samples"),
    (lambda: paired_bootstrap_test(["a"], ["a"], ["a"], metric="accuracy"), TypeError, "not a function"),
    (lambda: paired_bootstrap_test(["a"], ["a"], ["a"], metric=lambda t, p: "high"), TypeError, "return a number"),
    (lambda: paired_bootstrap_test(["a"], ["a"], ["a"], random_state=-1), ValueError, "seed"),
])
def test_bad_input_gets_a_clear_error(call, error, phrase):
    with pytest.raises(error, match=phrase):
        call()


# ---------------------------------------------------------------------------
# misclassified: the errors, each with its explanation
# ---------------------------------------------------------------------------

from naivebayes import GaussianNB, MultinomialNB  # noqa: E402
from naivebayes.evaluation.errors import misclassified  # noqa: E402

TEXTS = ["good fun", "good film", "bad plot", "bad acting", "good grief bad"]
LABELS = ["pos", "pos", "neg", "neg", "neg"]


def test_misclassified_lists_the_wrong_predictions_with_their_explanations():
    model = MultinomialNB().fit(TEXTS, LABELS)
    X, y = ["good film", "not good", "bad plot", "bad fun"], ["pos", "neg", "neg", "pos"]
    errors = misclassified(model, X, y)
    assert [(row["index"], row["true"], row["predicted"]) for row in errors] == [(1, "neg", "pos"), (3, "pos", "neg")]
    assert errors.n_wrong == 2 and errors.n_examples == 4
    for row in errors:
        assert row["explanation"] == model.explain(row["example"], top=8)
        p = model.predict_proba([row["example"]])[0][row["predicted"]]
        assert f"{float(p):.4f}" in str(errors)
    # "not good": P(pos | x) by hand. Counts: pos {good 2, fun 1, film 1} (4 words), neg {bad 3, plot 1, acting 1,
    # good 1, grief 1} (7 words); 7 words in the vocabulary, alpha 1; "not" is unseen and left out.
    # P(good | pos) P(pos) = (3/11)(2/5) = 6/55, P(good | neg) P(neg) = (2/14)(3/5) = 3/35: P(pos | x) = 14/25
    assert errors[0]["explanation"].posterior["pos"] == pytest.approx(14 / 25, abs=1e-12)
    html = errors._repr_html_()
    assert html.count("<details>") == 2 and "<table" in html


def test_misclassified_limit_and_without_explanations():
    model = MultinomialNB().fit(TEXTS, LABELS)
    errors = misclassified(model, ["not good", "bad fun", "good bad"], ["neg", "pos", "pos"], limit=1, explain=False)
    assert len(errors) == 1 and errors.n_wrong == 3 and errors[0]["explanation"] is None
    assert "3 of 3 examples misclassified (the first 1 shown)" in str(errors)
    assert misclassified(model, TEXTS, LABELS) == []  # a model right on all its training texts


def test_misclassified_works_for_rows_too():
    rows = [{"x": 1.0}, {"x": 1.2}, {"x": 3.0}, {"x": 3.3}]
    model = GaussianNB().fit(rows, ["a", "a", "b", "b"])
    errors = misclassified(model, [{"x": 1.1}, {"x": 3.1}], ["b", "b"])
    assert [row["index"] for row in errors] == [0]


@pytest.mark.parametrize("call, error, phrase", [
    (lambda m: misclassified("model", ["a"], ["pos"]), TypeError, "no predict"),
    (lambda m: misclassified(m, ["a"], ["pos", "neg"]), ValueError, "match one to one"),
    (lambda m: misclassified(m, ["a"], ["pos"], limit=-1), ValueError, "limit"),
    (lambda m: misclassified(m, "good fun", ["pos"]), TypeError, "string"),
])
def test_misclassified_bad_input(call, error, phrase):
    model = MultinomialNB().fit(TEXTS, LABELS)
    with pytest.raises(error, match=phrase):
        call(model)
