"""Bad input gets a clear error that names the problem and the fix, and leaves the model as it was."""

import copy
import math
from fractions import Fraction

import pytest

from naivebayes import BernoulliNB, MultinomialNB, most_informative_features
from naivebayes.datasets import load_china

DOCUMENTS, LABELS, TEST_DOCUMENT = load_china()
MODELS = [MultinomialNB, BernoulliNB]


@pytest.fixture(params=MODELS, ids=lambda m: m.__name__)
def Model(request):
    return request.param


def test_empty_training_set(Model):
    with pytest.raises(ValueError, match="training set is empty"):
        Model().fit([], [])


def test_mismatched_lengths(Model):
    with pytest.raises(ValueError, match="4 documents but y has 3 labels"):
        Model().fit(DOCUMENTS, LABELS[:3])


def test_a_single_class(Model):
    with pytest.raises(ValueError, match="only one class.*at least two"):
        Model().fit(DOCUMENTS[:3], LABELS[:3])


def test_negative_counts(Model):
    with pytest.raises(ValueError, match=r"X\[1\] has the value -2.*not negative"):
        Model().fit([{"a": 1}, {"a": -2}], ["x", "y"])
    with pytest.raises(ValueError, match=r"X\[0\].*-1"):
        Model().fit([[1, -1], [0, 1]], ["x", "y"])


def test_nan_and_infinite_counts(Model):
    for bad in (math.nan, math.inf, "3", True):
        with pytest.raises(ValueError, match="finite numbers"):
            Model().fit([{"a": bad}, {"a": 1}], ["x", "y"])


def test_a_bad_value_after_good_ones_is_named(Model):
    """Rows of plain ints and floats take a quick check; anything else the value-by-value one."""
    with pytest.raises(ValueError, match=r"X\[1\] has the value nan"):
        Model().fit([{"a": 0.5, "b": 2}, {"a": 1.5, "b": math.nan}], ["x", "y"])
    with pytest.raises(ValueError, match=r"X\[0\] has the value True"):
        Model().fit([{"a": 0.5, "b": True}, {"a": 1}], ["x", "y"])
    exact = Model().fit([{"a": Fraction(1, 3), "b": 2}, {"a": 1, "b": 0.25}], ["x", "y"])
    assert exact.classes_ == ["x", "y"]


def test_unknown_label_in_prior_and_likelihood(Model):
    model = Model().fit(DOCUMENTS, LABELS)
    with pytest.raises(KeyError, match="'korea' is not a class.*'china', 'japan'"):
        model.prior("korea")
    with pytest.raises(KeyError, match="'korea' is not a class"):
        model.likelihood("chinese", "korea")


def test_unknown_feature_in_likelihood(Model):
    model = Model().fit(DOCUMENTS, LABELS)
    with pytest.raises(KeyError, match="'osaka' is not in the vocabulary.*ignores it"):
        model.likelihood("osaka", "china")


def test_non_string_tokens(Model):
    with pytest.raises(TypeError, match=r"X\[1\] mixes strings with 3"):
        Model().fit([["a", "b"], ["a", 3]], ["x", "y"])


def test_documents_of_an_unknown_kind(Model):
    with pytest.raises(TypeError, match=r"X\[0\] is a set; a document must be"):
        Model().fit([{"a", "b"}, ["a"]], ["x", "y"])


def test_a_single_document_instead_of_a_list(Model):
    model = Model().fit(DOCUMENTS, LABELS)
    with pytest.raises(TypeError, match=r"wrap one document in a list: \[document\]"):
        model.predict(TEST_DOCUMENT)
    with pytest.raises(TypeError, match="list of labels"):
        Model().fit(DOCUMENTS, "chinajapan")


def test_unhashable_and_mixed_labels(Model):
    with pytest.raises(TypeError, match=r"y\[0\].*hashable"):
        Model().fit(DOCUMENTS[:2], [["a"], ["b"]])
    with pytest.raises(TypeError, match="cannot be sorted.*one kind"):
        Model().fit(DOCUMENTS[:2], ["a", 1])


def test_bad_alpha(Model):
    for bad in (-1, math.nan, math.inf, "1", True, None):
        with pytest.raises(ValueError, match="alpha must be a finite number >= 0"):
            Model(alpha=bad)


def test_predict_before_fit(Model):
    with pytest.raises(ValueError, match="not been fitted yet.*fit"):
        Model().predict([TEST_DOCUMENT])
    with pytest.raises(ValueError, match="not been fitted"):
        Model().prior("china")


def test_bad_class_prior(Model):
    with pytest.raises(ValueError, match="sums to"):
        Model(class_prior=[0.5, 0.6]).fit(DOCUMENTS, LABELS)
    with pytest.raises(ValueError, match="2 classes"):
        Model(class_prior=[1.0]).fit(DOCUMENTS, LABELS)
    with pytest.raises(ValueError, match="exactly one prior per class"):
        Model(class_prior={"china": 0.5, "korea": 0.5}).fit(DOCUMENTS, LABELS)
    with pytest.raises(ValueError, match="not a probability"):
        Model(class_prior=[1.5, -0.5]).fit(DOCUMENTS, LABELS)


def test_dense_rows_must_keep_their_width(Model):
    with pytest.raises(ValueError, match=r"X\[1\] has 2 columns.*3"):
        Model().fit([[1, 0, 2], [0, 1]], ["x", "y"])
    model = Model().fit([[1, 0, 2], [0, 1, 0]], ["x", "y"])
    with pytest.raises(ValueError, match="has 4 columns"):
        model.predict([[1, 0, 0, 1]])


def test_a_bad_tokenizer(Model):
    with pytest.raises(TypeError, match="tokenizer must be callable"):
        Model(tokenizer="english")


def test_a_failed_fit_leaves_the_model_as_it_was(Model):
    model = Model().fit(DOCUMENTS, LABELS)
    before = copy.deepcopy(vars(model))
    with pytest.raises(ValueError):
        model.fit(DOCUMENTS + [{"x": -1}], LABELS + ["china"])
    with pytest.raises(ValueError):
        model.partial_fit(DOCUMENTS + [{"x": -1}], LABELS + ["china"])
    after = vars(model)
    assert {k: v for k, v in after.items() if k != "tokenizer"} == {
        k: v for k, v in before.items() if k != "tokenizer"
    }
    assert model.predict([TEST_DOCUMENT]) == Model().fit(DOCUMENTS, LABELS).predict([TEST_DOCUMENT])


def test_most_informative_features_needs_a_positive_n(Model):
    model = Model().fit(DOCUMENTS, LABELS)
    with pytest.raises(ValueError, match="whole number >= 1"):
        most_informative_features(model, 0)


def test_fit_starts_over_with_a_new_dense_width(Model):
    model = Model().fit([[1, 0, 2], [0, 1, 0]], ["x", "y"])
    model.fit([[1, 0], [0, 1]], ["x", "y"])  # a new fit forgets the old width
    assert model.n_columns_ == 2
    with pytest.raises(ValueError, match="has 3 columns"):
        model.partial_fit([[1, 0, 2]], ["x"])  # partial_fit keeps it
