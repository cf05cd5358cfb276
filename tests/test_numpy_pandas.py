"""numpy arrays and pandas objects, passed the way students pass them, give the plain-Python answers.

The package never imports numpy or pandas: it converts them at the boundary
(``tolist``, ``to_dict("records")``, ``item``).  These tests need both
libraries and are skipped without them.
"""

import math
import warnings

import pytest

np = pytest.importorskip("numpy")
pd = pytest.importorskip("pandas")

from naivebayes import BernoulliNB, CategoricalNB, GaussianNB, MixedNB, MultinomialNB  # noqa: E402
from naivebayes.plumbing.checks import check_labels, is_missing, plain_value  # noqa: E402
from naivebayes.tables.rows import present_values  # noqa: E402
from naivebayes.text.documents import document_counts, document_form  # noqa: E402
from naivebayes.text.tokenize import Tokenizer  # noqa: E402

TEXT_MODELS = [MultinomialNB, BernoulliNB]
COUNTS = [[2, 1, 0], [2, 0, 1], [1, 0, 0], [0, 3, 1]]
COUNT_LABELS = ["china", "china", "japan", "japan"]
TEXTS = ["chinese beijing chinese", "chinese chinese shanghai", "chinese macao", "tokyo japan chinese"]
TEXT_LABELS = ["china", "china", "china", "japan"]


def same_tables(a, b):
    return a.class_counts_ == b.class_counts_ and a.feature_counts_ == b.feature_counts_


def quietly(function, *args):
    """Call ``function``, failing on any warning (conversions must not warn unless the tests ask)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return function(*args)


# ----------------------------------------------------------------------
# Text models
# ----------------------------------------------------------------------


@pytest.mark.parametrize("Model", TEXT_MODELS, ids=lambda m: m.__name__)
def test_a_2d_array_of_counts_is_a_list_of_dense_rows(Model):
    plain = Model().fit(COUNTS, COUNT_LABELS)
    for dtype in (np.int64, np.uint8, np.int32, np.float64, np.float32):
        model = quietly(Model().fit, np.array(COUNTS, dtype=dtype), np.array(COUNT_LABELS))
        assert same_tables(model, plain) and model.n_columns_ == 3
        assert model.predict_proba(np.array(COUNTS, dtype=dtype)) == plain.predict_proba(COUNTS)
    assert [type(label) for label in model.classes_] == [str, str]


def test_uint8_counts_do_not_wrap_around():
    """np.uint8(200) + np.uint8(200) is 144 in numpy; as Python ints they add up to 400."""
    X = np.array([[200, 0], [200, 1], [0, 3]], dtype=np.uint8)
    model = MultinomialNB().fit(X, ["a", "a", "b"])
    assert model.feature_counts_["a"] == {0: 400, 1: 1} and model.feature_totals_["a"] == 401
    assert all(type(count) is int for count in model.feature_counts_["a"].values())
    rows = MultinomialNB().fit(list(X), ["a", "a", "b"])  # a list of numpy rows
    assert same_tables(rows, model) and rows.n_columns_ == 2
    dicts = MultinomialNB().fit([{"w": np.uint8(200)}, {"w": np.uint8(200)}, {"v": np.uint8(1)}], ["a", "a", "b"])
    assert dicts.feature_counts_["a"] == {"w": 400}


def test_int8_negative_counts_get_the_usual_error():
    with pytest.raises(ValueError, match=r"X\[0\] has the value -2; .*not negative"):
        MultinomialNB().fit(np.array([[1, -2], [3, 4]], dtype=np.int8), ["a", "b"])
    with pytest.raises(ValueError, match=r"X\[0\] has the value -2; .*not negative"):
        MultinomialNB().fit([{"w": np.int8(-2)}, {"w": 1}], ["a", "b"])


@pytest.mark.parametrize("Model", TEXT_MODELS, ids=lambda m: m.__name__)
def test_numpy_scalar_counts_in_dicts_are_python_numbers(Model):
    scalars = [{"a": np.int64(2), "b": np.float32(0.5)}, {"a": np.uint8(1), "c": np.float64(1.5)}]
    plain = [{"a": 2, "b": 0.5}, {"a": 1, "c": 1.5}]
    model = quietly(Model().fit, scalars, ["x", "y"])
    assert same_tables(model, Model().fit(plain, ["x", "y"]))
    for table in model.feature_counts_.values():
        assert all(type(count) in (int, float) for count in table.values())
    counts = document_counts({"a": np.int64(3)}, Tokenizer())
    assert counts == {"a": 3} and type(counts["a"]) is int


@pytest.mark.parametrize("Model", TEXT_MODELS, ids=lambda m: m.__name__)
def test_a_numpy_bool_array_is_refused_with_the_fix(Model):
    presence = np.array(COUNTS) > 0
    with pytest.raises(ValueError, match=r"has the value True;.*not a count.*X\.astype\(int\)"):
        Model().fit(presence, COUNT_LABELS)
    with pytest.raises(ValueError, match=r"has the value True;.*not a count"):
        Model().fit([{"a": np.bool_(True)}, {"a": 1}], ["x", "y"])
    fixed = Model().fit(presence.astype(int), COUNT_LABELS)
    assert same_tables(fixed, Model().fit([[int(c > 0) for c in row] for row in COUNTS], COUNT_LABELS))


def test_a_float_count_above_2_to_the_53_is_refused_in_any_form():
    with pytest.raises(ValueError, match=r"a float above 2\*\*53.*pass whole counts as ints"):
        MultinomialNB().fit(np.array([[1e16, 0.0], [1.0, 2.0]]), ["x", "y"])
    with pytest.raises(ValueError, match=r"a float above 2\*\*53"):
        MultinomialNB().fit([{"a": np.float64(1e16)}, {"a": 1}], ["x", "y"])
    exact = MultinomialNB().fit(np.array([[10**16, 0], [10**16 + 1, 1]], dtype=np.int64), ["x", "y"])
    assert exact.feature_counts_["y"][0] == 10**16 + 1  # as an int, exactly


def test_a_series_of_texts_is_a_list_of_texts_whatever_its_index():
    texts = pd.Series(TEXTS, index=[10, 20, 30, 40])
    labels = pd.Series(TEXT_LABELS, index=["p", "q", "r", "s"])
    model = quietly(MultinomialNB().fit, texts, labels)
    plain = MultinomialNB().fit(TEXTS, TEXT_LABELS)
    assert same_tables(model, plain) and model.classes_ == ["china", "japan"]
    assert model.predict(texts) == plain.predict(TEXTS)
    assert model.score(texts, labels) == plain.score(TEXTS, TEXT_LABELS)
    assert MultinomialNB().fit(np.array(TEXTS), np.array(TEXT_LABELS)).class_counts_ == plain.class_counts_


def test_a_frame_of_counts_is_read_with_its_column_names_as_words():
    """The decision: a DataFrame of counts is a document-term matrix; its column names are the words."""
    frame = pd.DataFrame(COUNTS, columns=["chinese", "beijing", "tokyo"])
    model = quietly(MultinomialNB().fit, frame, COUNT_LABELS)
    dicts = [dict(zip(frame.columns, row)) for row in COUNTS]
    assert same_tables(model, MultinomialNB().fit(dicts, COUNT_LABELS))
    assert model.vocabulary_ == {"chinese", "beijing", "tokyo"} and model.n_columns_ is None
    assert model.predict(frame) == model.predict(dicts)


def test_a_frame_with_text_or_missing_counts_is_refused_with_the_fix():
    frame = pd.DataFrame({"text": TEXTS, "length": [len(text) for text in TEXTS]})
    with pytest.raises(TypeError, match=r"column 'text' does not hold numbers.*X\['text'\]"):
        MultinomialNB().fit(frame, TEXT_LABELS)
    assert MultinomialNB().fit(frame["text"], TEXT_LABELS).class_counts_ == {"china": 3, "japan": 1}
    gaps = pd.DataFrame({"a": [1, None], "b": [0, 2]})
    with pytest.raises(ValueError, match=r"X\[1\] has the value nan, a missing count;.*fillna\(0\)"):
        MultinomialNB().fit(gaps, ["x", "y"])
    nullable = pd.DataFrame({"a": pd.array([1, None], dtype="Int64"), "b": [0, 2]})
    with pytest.raises(ValueError, match=r"X\[1\] has the value .*, a missing count"):
        MultinomialNB().fit(nullable, ["x", "y"])


def test_arrays_of_the_wrong_shape_are_refused_for_text_models():
    with pytest.raises(ValueError, match=r"1-D ndarray of 3 numbers: one document, or one number per document\?"):
        MultinomialNB().fit(np.array([1, 2, 3]), ["a", "b", "c"])
    with pytest.raises(ValueError, match=r"X has 3 dimensions \(shape \(2, 2, 2\)"):
        MultinomialNB().fit(np.zeros((2, 2, 2)), ["a", "b"])
    model = MultinomialNB().fit(COUNTS, COUNT_LABELS)
    with pytest.raises(TypeError, match=r"the example has 2 dimensions .*not inside a list"):
        model.joint_log_likelihood(np.array(COUNTS))


def test_one_document_as_a_numpy_row_or_a_series():
    model = MultinomialNB().fit(COUNTS, COUNT_LABELS)
    row = np.array([1, 0, 2], dtype=np.uint8)
    assert model.joint_log_likelihood(row) == model.joint_log_likelihood([1, 0, 2])
    assert document_form(row) == "dense" and document_form(np.array(["a", "b"])) == "words"
    words = MultinomialNB().fit(pd.DataFrame(COUNTS, columns=["x", "y", "z"]), COUNT_LABELS)
    series = pd.Series({"x": 1, "z": 2})
    assert document_form(series) == "words"
    assert words.joint_log_likelihood(series) == words.joint_log_likelihood({"x": 1, "z": 2})


# ----------------------------------------------------------------------
# Labels
# ----------------------------------------------------------------------


def test_a_label_column_of_shape_n_by_1_is_ravelled_after_a_warning():
    y = np.array(COUNT_LABELS).reshape(-1, 1)
    with pytest.warns(UserWarning, match=r"y is a column of shape \(4, 1\).*y\.ravel\(\)") as caught:
        model = MultinomialNB().fit(COUNTS, y)
    assert caught[0].filename == __file__
    assert same_tables(model, MultinomialNB().fit(COUNTS, COUNT_LABELS))
    with pytest.warns(UserWarning, match=r"y\.iloc\[:, 0\]"):
        MultinomialNB().fit(COUNTS, pd.DataFrame({"label": COUNT_LABELS}))
    with pytest.raises(ValueError, match=r"shape \(4, 2\)"):
        MultinomialNB().fit(COUNTS, np.array([COUNT_LABELS, COUNT_LABELS]).T)


def test_numpy_labels_become_python_labels():
    """The model keeps (and saves) plain labels; predict gives back the user's own objects (issue 19)."""
    for y in (np.array([0, 1, 0, 1]), np.array([0, 1, 0, 1], dtype=np.uint8), [np.int64(0), np.int64(1)] * 2):
        model = quietly(MultinomialNB().fit, COUNTS, y)
        assert model.classes_ == [0, 1] and all(type(label) is int for label in model.classes_)
        predictions = model.predict(COUNTS)
        assert set(predictions) <= {0, 1} and all(type(label) is type(y[0]) for label in predictions)
    assert check_labels(np.array([True, False]), 2) == [True, False]


def test_missing_labels_of_numpy_and_pandas_are_refused():
    for y in (np.array([1.0, np.nan]), pd.Series(["a", pd.NA], dtype=object), pd.Series(["a", None]),
              [1.0, np.float32("nan")], pd.Series([1, None], dtype="Int64")):
        with pytest.raises(ValueError, match=r"y\[1\] is .*, a missing label"):
            check_labels(y, 2)


# ----------------------------------------------------------------------
# Tabular models
# ----------------------------------------------------------------------

WEATHER = pd.DataFrame(
    {
        "outlook": ["sunny", "rain", "sunny", "overcast", "rain", "sunny"],
        "temperature": [30.5, 18.0, 27.0, 22.5, 16.0, 29.0],
        "windy": [False, True, False, True, True, False],
    }
)
PLAY = ["no", "yes", "no", "yes", "yes", "no"]


def test_a_frame_gives_rows_named_by_its_columns():
    model = quietly(MixedNB().fit, WEATHER, pd.Series(PLAY, index=range(100, 106)))
    plain = MixedNB().fit(WEATHER.to_dict("records"), PLAY)
    assert model.features_ == ["outlook", "temperature", "windy"]
    assert model.distributions_ == {"outlook": "categorical", "temperature": "gaussian", "windy": "categorical"}
    assert model.means_ == plain.means_ and model.feature_counts_ == plain.feature_counts_
    assert model.predict_proba(WEATHER) == plain.predict_proba(WEATHER.to_dict("records"))
    assert model.predict([row for _, row in WEATHER.iterrows()]) == model.predict(WEATHER)  # rows as Series


def test_every_missing_value_of_a_frame_is_missing():
    frame = pd.DataFrame(
        {
            "colour": pd.Series(["red", None, "blue", pd.NA, "red", "blue"], dtype=object),
            "size": [1.0, np.nan, 3.0, 2.5, np.nan, 4.0],
            "count": pd.array([1, None, 3, 2, 4, None], dtype="Int64"),
            "when": pd.to_datetime(["2020-01-01", None, "2020-01-02", "2020-01-01", None, "2020-01-02"]),
        }
    )
    labels = ["a", "a", "b", "b", "a", "b"]
    with pytest.raises(ValueError, match="feature 'when' has the value Timestamp.*a date or time"):
        MixedNB(distributions={"when": "categorical"}).fit(frame, labels)  # (a date is named, not made a category)
    model = MixedNB().fit(frame.assign(when=frame["when"].dt.month_name()), labels)  # NaT: a missing month (NaN)
    assert model.feature_counts_ == {
        "a": {"colour": 2, "size": 1, "count": 2, "when": 1},
        "b": {"colour": 2, "size": 3, "count": 2, "when": 3},
    }
    for row in frame.to_dict("records"):
        assert all(not is_missing(value) for value in present_values(row, "X[0]").values())
    assert present_values({"a": pd.NA, "b": pd.NaT, "c": np.nan, "d": None, "e": np.float32("nan"), "f": 1}, "X[0]") == {"f": 1}


def test_numpy_scalars_in_rows_are_python_values():
    rows = [
        {"n": np.int64(3), "x": np.float32(0.5), "flag": np.bool_(True), "c": np.str_("red")},
        {"n": np.int64(5), "x": np.float32(1.5), "flag": np.bool_(False), "c": np.str_("blue")},
        {"n": np.int64(4), "x": np.float32(2.5), "flag": np.bool_(False), "c": np.str_("red")},
        {"n": np.int64(9), "x": np.float32(3.5), "flag": np.bool_(True), "c": np.str_("blue")},
    ]
    plain = [{key: plain_value(value) for key, value in row.items()} for row in rows]
    assert [type(value) for value in plain[0].values()] == [int, float, bool, str]
    model = quietly(MixedNB().fit, rows, ["p", "q", "p", "q"])
    reference = MixedNB().fit(plain, ["p", "q", "p", "q"])
    assert model.distributions_ == {"n": "gaussian", "x": "gaussian", "flag": "categorical", "c": "categorical"}
    assert model.means_ == reference.means_ and model.value_counts_ == reference.value_counts_
    assert model.joint_log_likelihood(rows[0]) == reference.joint_log_likelihood(plain[0])


def test_a_2d_array_and_a_list_of_numpy_rows_are_list_rows():
    X = np.array([[1.0, 2.0], [1.5, 2.5], [3.0, 0.5], [3.5, 1.0]], dtype=np.float32)
    y = np.array(["a", "a", "b", "b"])
    model = quietly(GaussianNB().fit, X, y)
    plain = GaussianNB().fit(X.tolist(), y.tolist())
    assert model.means_ == plain.means_ and model.n_columns_ == 2
    listed = GaussianNB().fit(list(X), y)
    assert listed.means_ == plain.means_ and listed.n_columns_ == 2
    with pytest.raises(ValueError, match=r"X\[0\] has 3 values, but the model's rows have 2"):
        model.predict(np.zeros((1, 3)))
    categories = CategoricalNB().fit(np.array([["a", "x"], ["b", "y"]]), [0, 1])
    assert categories.features_ == [0, 1] and categories.predict(np.array([["a", "x"]])) == [0]


def test_a_1d_array_or_series_as_x_of_a_tabular_model_asks_which_it_is():
    with pytest.raises(ValueError, match=r"1-D ndarray of 2 values: one row, or one feature\?.*X\.reshape\(-1, 1\)"):
        GaussianNB().fit(np.array([1.0, 2.0]), ["a", "b"])
    with pytest.raises(ValueError, match=r"1-D Series of 2 values: one row, or one feature\?.*X\.to_frame\(\)"):
        GaussianNB().fit(pd.Series([1.0, 2.0]), ["a", "b"])
    with pytest.raises(ValueError, match=r"X has 3 dimensions"):
        GaussianNB().fit(np.zeros((2, 2, 2)), ["a", "b"])
    model = GaussianNB().fit(np.array([[1.0], [1.2], [3.0], [3.3]]), ["a", "a", "b", "b"])
    assert model.predict(np.array([1.1, 3.1]).reshape(-1, 1)) == ["a", "b"]


def test_a_frame_with_repeated_column_names_is_refused():
    with pytest.raises(ValueError, match="two columns named 'a'; each feature needs a name of its own"):
        GaussianNB().fit(pd.DataFrame([[1.0, 2.0], [3.0, 4.0]], columns=["a", "a"]), ["x", "y"])


def test_partial_fit_on_arrays_learns_what_fit_learns():
    X = np.array([[1.0, 2.0], [1.5, 2.5], [3.0, 0.5], [3.5, 1.0]])
    y = np.array(["a", "a", "b", "b"])
    whole = GaussianNB().fit(X, y)
    pieces = GaussianNB().partial_fit(X[:2], y[:2]).partial_fit(X[2:], y[2:])
    assert pieces.means_ == whole.means_ and pieces.classes_ == whole.classes_
    assert math.isclose(pieces.score(X, pd.Series(y)), 1)


def test_a_scipy_sparse_matrix_is_read_as_its_dense_rows():
    # CountVectorizer().fit_transform(texts) is sparse: the same predictions as its dense rows.
    sparse = pytest.importorskip("scipy.sparse")
    dense = [[2, 0, 1], [0, 3, 0], [1, 1, 0], [0, 0, 4]]
    labels = ["a", "b", "a", "b"]
    X = sparse.csr_matrix(np.array(dense))
    for model_class in (MultinomialNB, BernoulliNB, GaussianNB):
        from_sparse = model_class().fit(X, labels)
        from_lists = model_class().fit(dense, labels)
        assert from_sparse.predict_proba(X) == from_lists.predict_proba(dense)
    assert MultinomialNB().fit(X, labels).feature_counts_ == {"a": {0: 3, 2: 1, 1: 1}, "b": {1: 3, 2: 4}}


def test_a_sparse_matrix_too_large_to_make_dense_is_refused():
    sparse = pytest.importorskip("scipy.sparse")
    huge = sparse.csr_matrix((5_000, 5_000), dtype=np.int64)  # 25 million cells, none stored
    with pytest.raises(ValueError, match=r"sparse matrix of shape 5000 x 5000, too large .* pass the texts themselves"):
        MultinomialNB().fit(huge, ["a", "b"] * 2_500)
    with pytest.raises(ValueError, match="pass the rows themselves"):
        GaussianNB().fit(huge, ["a", "b"] * 2_500)
