"""The companion of the NLTK book's chapter 6, section 1 (lectures/nltk_chapter_6_names.py).

Its helpers are checked on numbers worked by hand in fractions: NLTK's
smoothed prior, its Lidstone-1/2 likelihoods, and the one rule where NLTK and
CategoricalNB part (a value never seen in training).  NLTK's own classifier
is the reference where it is installed (the tests skip without it).  With a
local copy of the names corpus (NAIVEBAYES_NAMES_PATH or ../shared/data), the
book's split is rebuilt and the book's numbers are checked; the whole run is
a slower check.
"""

import importlib.util
import os
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "lectures" / "nltk_chapter_6_names.py"


def local_names():
    named = os.environ.get("NAIVEBAYES_NAMES_PATH")
    candidates = [Path(named)] if named else []
    candidates.append(ROOT.parent / "shared" / "data" / "names" / "names.zip")
    return next((str(path) for path in candidates if path.exists()), None)


NAMES = local_names()
needs_names = pytest.mark.skipif(NAMES is None, reason="no local copy of NLTK's names.zip")


@pytest.fixture(scope="module")
def companion():
    spec = importlib.util.spec_from_file_location("nltk_chapter_6_names", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # only the definitions run: the steps sit under __name__ == "__main__"
    return module


# Three training names: two female ending in "a", one male ending in "k".
TINY_ROWS = [{"last_letter": "a"}, {"last_letter": "a"}, {"last_letter": "k"}]
TINY_LABELS = ["female", "female", "male"]


def test_nltk_prior_is_lidstone_one_half_over_the_classes(companion):
    # (2 + 1/2) / (3 + 1/2 * 2) = 5/8 and (1 + 1/2) / 4 = 3/8
    assert companion.nltk_prior(TINY_LABELS) == {"female": Fraction(5, 8), "male": Fraction(3, 8)}


def test_the_likelihoods_and_posterior_worked_by_hand(companion):
    model = companion.nltk_like_model(TINY_ROWS, TINY_LABELS)
    # K = 2 values (a, k): P(a | female) = (2 + 1/2) / (2 + 1), P(a | male) = (0 + 1/2) / (1 + 1)
    assert model.likelihood("last_letter", "a", "female") == Fraction(5, 6)
    assert model.likelihood("last_letter", "a", "male") == Fraction(1, 4)
    assert model.likelihood("last_letter", "k", "male") == Fraction(3, 4)
    # 5/8 * 5/6 = 50/96 against 3/8 * 1/4 = 9/96
    posterior = model.predict_proba([{"last_letter": "a"}])[0]
    assert posterior["female"] == pytest.approx(50 / 59, abs=1e-15)
    # an unseen letter is left out of the product: the posterior is the prior
    unseen = model.predict_proba([{"last_letter": "z"}])[0]
    assert unseen["female"] == pytest.approx(5 / 8, abs=1e-15)


def test_nltk_agrees_on_seen_values_and_multiplies_in_unseen_ones(companion):
    nltk_naivebayes = pytest.importorskip("nltk.classify.naivebayes")
    classifier = nltk_naivebayes.NaiveBayesClassifier.train(list(zip(TINY_ROWS, TINY_LABELS)))
    model = companion.nltk_like_model(TINY_ROWS, TINY_LABELS)
    ours = model.predict_proba([{"last_letter": "a"}, {"last_letter": "k"}])
    for row, posterior in zip(({"last_letter": "a"}, {"last_letter": "k"}), ours):
        assert abs(classifier.prob_classify(row).prob("female") - posterior["female"]) < 1e-12
    # NLTK: P(z | female) = (1/2) / 3, P(z | male) = (1/2) / 2: 5/8 * 1/6 = 10/96 against 3/8 * 1/4 = 9/96
    assert classifier.prob_classify({"last_letter": "z"}).prob("female") == pytest.approx(10 / 19, abs=1e-12)


def test_gender_features2_has_the_books_54_features(companion):
    features = companion.gender_features2("John")
    assert len(features) == 2 + 2 * 26
    assert (features["first_letter"], features["last_letter"]) == ("j", "n")
    assert (features["count(j)"], features["count(o)"], features["has(d)"], features["has(h)"]) == (1, 1, False, True)


def test_the_extractors_keep_the_names_capitals_as_the_book_does(companion):
    assert companion.gender_features(["Shrek"]) == [{"last_letter": "k"}]
    assert companion.suffix_features(["Jo", "Kathryn"]) == [{"suffix1": "o", "suffix2": "Jo"},
                                                           {"suffix1": "n", "suffix2": "yn"}]


def test_shuffled_is_random_seed_then_random_shuffle(companion):
    names, labels = [f"n{i}" for i in range(30)], ["a", "b"] * 15
    expected = list(zip(names, labels))
    state = random.getstate()
    try:
        random.seed(7)
        random.shuffle(expected)
    finally:
        random.setstate(state)
    assert companion.shuffled(names, labels, 7) == expected


@needs_names
def test_the_books_split_gives_its_accuracy_and_nltks_posteriors(companion):
    from naivebayes.datasets import load_names
    names, labels = load_names(NAMES)
    pairs = companion.shuffled(names, labels, companion.BOOK_SEED)
    test, train = pairs[:500], pairs[500:]
    train_rows = companion.gender_features([n for n, _ in train])
    model = companion.nltk_like_model(train_rows, [g for _, g in train])
    test_rows = companion.gender_features([n for n, _ in test])
    predictions = model.predict(test_rows)
    assert sum(p == g for p, (_, g) in zip(predictions, test)) == 385  # the book's 0.77
    assert model.predict(companion.gender_features(["Neo", "Trinity"])) == ["male", "female"]
    ratio = model.likelihood("last_letter", "a", "female") / model.likelihood("last_letter", "a", "male")
    assert f"{float(ratio):.1f}" == "33.2"
    nltk_naivebayes = pytest.importorskip("nltk.classify.naivebayes")
    classifier = nltk_naivebayes.NaiveBayesClassifier.train(list(zip(train_rows, [g for _, g in train])))
    for row, posterior in zip(test_rows, model.predict_proba(test_rows)):
        theirs = classifier.prob_classify(row)
        assert all(abs(posterior[c] - theirs.prob(c)) < 1e-12 for c in model.classes_)


@needs_names
def test_the_whole_run_prints_the_books_numbers_beside_ours():
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    completed = subprocess.run([sys.executable, str(SCRIPT), "--names", NAMES], cwd=ROOT, capture_output=True,
                               text=True, env=environment, timeout=300)
    assert completed.returncode == 0, completed.stderr
    out = completed.stdout
    assert "accuracy on the 500 test names: 385/500 = 0.7700   (book: 0.77)" in out
    assert "accuracy on the 500 test names: 384/500 = 0.7680   (book: 0.768)" in out
    assert "accuracy on the 1000 dev-test names: 750/1000 = 0.7500   (book: 0.75)" in out
    assert "(book: 0.782)" in out
    for line in ("last_letter = 'a'            female : male   =     33.2 : 1.0",
                 "last_letter = 'f'              male : female =     17.3 : 1.0"):
        assert out.count(line) == 2  # ours, then the book's
    steps = [out.index(f"Step {k}. ") for k in range(1, 8)]
    assert steps == sorted(steps) and out.index("Going further.") > steps[-1]
