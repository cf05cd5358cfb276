"""A model's repr fits in about 100 columns, on real data too, eliding with a count of what it leaves out."""

from pathlib import Path

import pytest

from naivebayes import CategoricalNB, MixedNB, MultinomialNB, TreeAugmentedNB
from naivebayes.naive_bayes.base import MAX_REPR_WIDTH, peek

SHARED_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"


def widest(text):
    return max(len(line) for line in text.splitlines())


def test_peek_within_a_width_counts_what_it_leaves_out():
    table = {f"word{k}": k for k in range(50)}
    assert peek(table) == "{'word0': 0, 'word1': 1, 'word2': 2, ...}"  # no width: as before
    assert peek(table, width=40) == "{'word0': 0, 'word1': 1, ... 48 more}"
    assert peek(table, width=10) == "{'word0': 0, ... 49 more}"  # at least one entry
    nested = {("outlook", "wind"): {("sunny", f"w{k}"): k for k in range(40)}, ("a", "b"): {}}
    assert peek(nested, width=60) == "{('outlook', 'wind'): {40 entries}, ... 1 more}"
    assert peek(nested, width=40) == "{('outlook…: {40 entries}, ... 1 more}"  # a long key is cut too
    assert peek(list(range(100)), width=20) == "[0, 1, ... 98 more]"
    assert peek({"a": 1}, width=5) == "{'a': 1}"


def wide_rows(n_features=12, n_values=30, n_rows=400):
    """Rows whose feature names and values are long, as Adult's are."""
    rows = [
        {f"a-rather-long-feature-name-{j}": f"value-{(i * (j + 3)) % n_values}-of-feature-{j}" for j in range(n_features)}
        for i in range(n_rows)
    ]
    labels = ["<=50K" if i % 3 else ">50K" for i in range(n_rows)]
    return rows, labels


@pytest.mark.parametrize("Model", [TreeAugmentedNB, CategoricalNB])
def test_a_model_of_wide_rows_has_a_repr_that_fits(Model):
    rows, labels = wide_rows()
    model = Model().fit(rows, labels)
    text = repr(model)
    assert widest(text) <= MAX_REPR_WIDTH, text
    assert "more}" in text  # elided, with a count
    # The HTML keeps the first entries (its cells wrap), and the tables themselves are whole.
    assert "a-rather-long-feature-name-2" in model._repr_html_()


def test_a_small_model_keeps_its_repr():
    model = MultinomialNB().fit(["Chinese Beijing Chinese", "Tokyo Japan Chinese"], ["china", "japan"])
    assert "{'chinese': 2, 'beijing': 1}" in repr(model) and "more" not in repr(model)


@pytest.mark.skipif(not (SHARED_DATA / "adult.data").exists(), reason="Adult is not at hand")
@pytest.mark.parametrize("Model", [MixedNB, TreeAugmentedNB])
def test_adult_reprs_fit(Model):
    from naivebayes.datasets import load_adult

    rows, labels, *_ = load_adult("train", path=SHARED_DATA / "adult.data")
    rows, labels = rows[:2000], labels[:2000]
    if Model is TreeAugmentedNB:
        rows = [{name: value for name, value in row.items() if type(value) is str} for row in rows]
    assert widest(repr(Model().fit(rows, labels))) <= MAX_REPR_WIDTH


@pytest.mark.skipif(not (SHARED_DATA / "20news-bydate.tar.gz").exists(), reason="20 Newsgroups is not at hand")
def test_a_20_newsgroups_repr_fits():
    from naivebayes.datasets import load_20newsgroups

    posts = load_20newsgroups("test", archive=SHARED_DATA / "20news-bydate.tar.gz")
    model = MultinomialNB().fit(posts.texts[:1500], posts.labels[:1500])
    assert widest(repr(model)) <= MAX_REPR_WIDTH
