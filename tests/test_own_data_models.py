"""Issue 19, the model-level part: a student's own data, taken exactly as given.

These cases are left for after issue 17's restructuring of ``naivebayes/models/``,
``naivebayes/text/documents.py``, ``naivebayes/tables/rows.py`` and
``naivebayes/core/bayes.py``.  Each is written failing-first and marked
``xfail(strict=True)``: it must fail today, and the engineer who fixes it
removes the mark (a case that starts to pass while still marked fails the run,
so none can be forgotten).  Each case ends in one of the outcomes the issue
allows: a clear error that names the fix, a warning that names it, or the
right answer.

The last tests are not marked: they hold today and must go on holding (one
decision rule through every Python door).
"""

import warnings

import pytest

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    GaussianNB,
    MixedNB,
    MultinomialNB,
)
from naivebayes.core.bayes import decision

DOCUMENTS = ["free prize now", "meeting at noon", "win cash now", "lunch at noon"]
LABELS = ["spam", "ham", "spam", "ham"]


def clear_error_or_right(call, right, phrases):
    """``call()`` must return ``right``, or raise a ValueError/TypeError whose message holds one of ``phrases``."""
    try:
        result = call()
    except (ValueError, TypeError) as error:
        assert any(phrase in str(error) for phrase in phrases), str(error)
        return
    assert result == right


# ---------------------------------------------------------------------------
# Names and positions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("Model", [CategoricalNB, GaussianNB, MixedNB])
def test_a_frame_with_integer_names_out_of_order_then_an_array(Model):
    """``df[[1, 0]]`` trains by name; the same data as an array is read by position: every prediction flipped."""
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({0: [1.0, 1.1, 5.0, 5.2, 1.2, 5.1], 1: [9.0, 9.5, 0.0, 0.2, 9.1, 0.1]})
    labels = ["a", "a", "b", "b", "a", "b"]
    reordered = frame[[1, 0]]
    model = Model().fit(reordered, labels)
    by_name = model.predict(reordered)
    clear_error_or_right(
        lambda: model.predict(reordered.to_numpy()), by_name, ["by name", "column names", "columns", "DataFrame"]
    )


@pytest.mark.parametrize("Model", [CategoricalNB, MixedNB])
def test_dict_rows_then_list_rows_of_a_model_trained_on_names(Model):
    rows = [{"b": "x", "a": "p"}, {"b": "y", "a": "q"}, {"b": "x", "a": "p"}, {"b": "y", "a": "q"}]
    model = Model().fit(rows, LABELS)
    clear_error_or_right(lambda: model.predict([["p", "x"]]), model.predict([{"a": "p", "b": "x"}]), ["names", "dict"])


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_texts_as_an_n_by_1_array_are_refused_with_the_fix(Model):
    """``df[["text"]].to_numpy()`` is a column of texts, which today becomes one "word" per whole text."""
    np = pytest.importorskip("numpy")
    column = np.array(DOCUMENTS, dtype=object).reshape(-1, 1)
    with pytest.raises((ValueError, TypeError)) as raised:
        Model().fit(column, LABELS)
    assert any(fix in str(raised.value) for fix in ("[:, 0]", "ravel", "df['text']", "one column"))


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_texts_as_a_2d_list_are_refused_with_the_fix(Model):
    with pytest.raises((ValueError, TypeError)) as raised:
        Model().fit([[text] for text in DOCUMENTS], LABELS)
    assert any(fix in str(raised.value) for fix in ("[:, 0]", "ravel", "one column", "a list of texts"))


# ---------------------------------------------------------------------------
# Nothing to learn from
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("Model", [GaussianNB, CategoricalNB, MixedNB])
def test_an_array_with_no_columns_is_refused_at_fit(Model):
    np = pytest.importorskip("numpy")
    with pytest.raises(ValueError, match="no features|no columns|nothing to learn"):
        Model().fit(np.empty((4, 0)), LABELS)


@pytest.mark.parametrize("Model", [GaussianNB, CategoricalNB, MixedNB])
def test_a_frame_whose_select_dtypes_left_nothing_is_refused_at_fit(Model):
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"colour": ["red", "blue", "red", "blue"]}).select_dtypes("number")
    with pytest.raises(ValueError, match="no features|no columns|nothing to learn"):
        Model().fit(frame, LABELS)


@pytest.mark.parametrize("Model", [GaussianNB, CategoricalNB, MixedNB])
def test_rows_without_any_feature_are_refused_at_fit(Model):
    with pytest.raises(ValueError, match="no features|nothing to learn"):
        Model().fit([{}, {}, {}, {}], LABELS)


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_texts_without_any_word_are_refused_at_fit(Model):
    with pytest.raises(ValueError, match="no words|no tokens|nothing to learn"):
        Model().fit(["", "  ", "...", "!"], LABELS)


# ---------------------------------------------------------------------------
# Settings are what they say
# ---------------------------------------------------------------------------


def test_mixed_distributions_naming_an_unknown_feature_are_refused():
    rows = [{"size": 1.0}, {"size": 2.0}, {"size": 5.0}, {"size": 6.0}]
    with pytest.raises(ValueError, match="'Size'") as raised:
        MixedNB(distributions={"Size": "histogram"}).fit(rows, LABELS)
    assert "size" in str(raised.value)  # names the feature it probably meant


def test_categories_naming_an_unknown_feature_are_refused():
    rows = [{"colour": "red"}, {"colour": "blue"}, {"colour": "red"}, {"colour": "blue"}]
    with pytest.raises(ValueError, match="'Colour'"):
        CategoricalNB(categories={"Colour": ["red", "blue"]}).fit(rows, LABELS)


# ---------------------------------------------------------------------------
# What comes back is what the user gave
# ---------------------------------------------------------------------------


def test_true_and_1_as_labels_stay_apart_or_are_refused():
    try:
        model = MultinomialNB().fit(DOCUMENTS, [True, 1, True, 1])
    except (ValueError, TypeError) as error:
        assert "True" in str(error) and "1" in str(error)
        return
    assert len(model.classes_) == 2


def test_true_and_1_as_category_values_stay_apart_or_are_refused():
    rows = [[True], [1], [True], [1]]
    try:
        model = CategoricalNB().fit(rows, LABELS)
    except (ValueError, TypeError) as error:
        assert "True" in str(error)
        return
    assert model.predict([[True]]) == ["spam"] and model.predict([[1]]) == ["ham"]


def test_labels_come_back_as_the_numpy_values_given():
    np = pytest.importorskip("numpy")
    labels = np.array([1.5, 2.5, 1.5, 2.5])
    predictions = MultinomialNB().fit(DOCUMENTS, labels).predict(DOCUMENTS)
    assert [type(label) for label in predictions] == [type(label) for label in labels]


def test_a_category_dtype_column_of_numbers_is_modelled_as_categories():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"grade": pd.Series([1, 3, 1, 3], dtype="category")})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = MixedNB().fit(frame, LABELS)
    assert model.distributions_["grade"] == "categorical" or any("category" in str(w.message) for w in caught)


# ---------------------------------------------------------------------------
# One decision rule through every Python door (holds today; keep it so)
# ---------------------------------------------------------------------------

TIES = [
    (MultinomialNB, ["a", "b"], ["y", "x"], ["c"]),
    (BernoulliNB, ["a", "b"], ["y", "x"], ["c"]),
    (CategoricalNB, [[1], [2]], ["y", "x"], [[3]]),
    (MultinomialNB, ["a b", "b a"], ["spam", "ham"], ["a"]),
]


@pytest.mark.parametrize("Model, X, y, probe", TIES, ids=[f"{case[0].__name__}-{i}" for i, case in enumerate(TIES)])
@pytest.mark.parametrize("alpha", [1, 0.3])
def test_a_tie_is_broken_the_same_way_by_predict_predict_proba_and_explain(Model, X, y, probe, alpha):
    model = Model(alpha=alpha).fit(X, y)
    probabilities = model.predict_proba(probe)[0]
    assert len(set(probabilities.values())) == 1  # a tie
    predicted = model.predict(probe)[0]
    assert predicted == decision(probabilities) == decision(model.predict_log_proba(probe)[0])
    explanation = model.explain(probe[0])
    assert f"prediction: {predicted}" in str(explanation)
