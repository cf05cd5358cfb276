"""Every form a student might pass ends as a right answer or a clear error that names the fix (plain Python).

The numpy and pandas versions of these are in ``test_numpy_pandas.py``; here
small stand-ins with the same few attributes (``ndim``, ``shape``, ``tolist``,
``item``, ``to_dict``, ``columns``) check the duck typing without either.
"""

import math
import warnings
from fractions import Fraction

import pytest

from naivebayes import BernoulliNB, CategoricalNB, GaussianNB, MixedNB, MultinomialNB
from naivebayes.plumbing.checks import as_list, check_labels, is_missing, plain_value
from naivebayes.tables.rows import check_rows, present_values, row_width
from naivebayes.text.documents import (
    all_plain_counts,
    check_documents,
    document_counts,
    document_form,
    is_dense_row,
)
from naivebayes.text.tokenize import Tokenizer

TEXT_MODELS = [MultinomialNB, BernoulliNB]
TABLE_MODELS = [CategoricalNB, GaussianNB, MixedNB]
TEXTS = ["chinese beijing chinese", "chinese chinese shanghai", "tokyo japan chinese"]
TEXT_LABELS = ["china", "china", "japan"]
ROWS = [[1.0, 2.0], [1.5, 2.5], [3.0, 0.5], [3.5, 1.0]]
ROW_LABELS = ["a", "a", "b", "b"]


# ----------------------------------------------------------------------
# Stand-ins for numpy and pandas: only the attributes the package looks at
# ----------------------------------------------------------------------


class FakeScalar:
    """Like ``np.int64(3)``: 0-d, ``item()`` gives the Python value; ``==`` does not give Python's True."""

    ndim, shape = 0, ()

    def __init__(self, value):
        self.value = value

    def item(self):
        return self.value

    def __eq__(self, other):
        return FakeBool(self.value == getattr(other, "value", other))

    def __hash__(self):
        return hash(self.value)

    def __repr__(self):
        return f"FakeScalar({self.value!r})"


class FakeBool:
    """Like ``np.True_``: truthy or falsy, but not the object ``True``."""

    def __init__(self, value):
        self.value = value

    def __bool__(self):
        return bool(self.value)


class FakeNA:
    """Like ``pd.NA``: ``NA == NA`` is NA again, and asking whether NA is true raises."""

    def __eq__(self, other):
        return self

    def __bool__(self):
        raise TypeError("boolean value of NA is ambiguous")

    def __hash__(self):
        return 0

    def __repr__(self):
        return "<NA>"


class FakeArray:
    """Like a numpy array: ``ndim``, ``shape``, ``dtype.kind``, ``tolist`` and ``len``."""

    def __init__(self, nested, kind="i"):
        self.nested = nested
        self.dtype = type("dtype", (), {"kind": kind})
        shape, level = [], nested
        while isinstance(level, list):
            shape.append(len(level))
            level = level[0] if level else None
        self.shape, self.ndim = tuple(shape), len(shape)

    def tolist(self):
        return self.nested

    def __len__(self):
        return self.shape[0]

    def __getitem__(self, i):
        return self.nested[i]

    def __iter__(self):
        return iter(self.nested)


class FakeFrame:
    """Like a pandas DataFrame: 2-D, named ``columns``, ``dtypes``, and ``to_dict("records")``."""

    ndim = 2

    def __init__(self, columns, rows, kinds=None):
        self.columns, self.rows = list(columns), rows
        self.shape = (len(rows), len(self.columns))
        self.dtypes = [type("dtype", (), {"kind": kind}) for kind in (kinds or ["i"] * len(self.columns))]

    def to_dict(self, orient):
        assert orient in ("records", "list")
        if orient == "list":
            return {column: [row[j] for row in self.rows] for j, column in enumerate(self.columns)}
        return [dict(zip(self.columns, row)) for row in self.rows]


# ----------------------------------------------------------------------
# X and y of the wrong kind are refused everywhere, saying what to pass
# ----------------------------------------------------------------------


@pytest.mark.parametrize("Model", TEXT_MODELS + TABLE_MODELS, ids=lambda m: m.__name__)
def test_x_as_a_set_a_dict_a_generator_or_a_string_is_refused(Model):
    X = TEXTS if Model in TEXT_MODELS else ROWS
    y = TEXT_LABELS if Model in TEXT_MODELS else ROW_LABELS
    with pytest.raises(TypeError, match="set, which has no fixed order; pass a list"):
        Model().fit(set(map(str, X)), y)
    with pytest.raises(TypeError, match=r"single dict|wrap one document in a list"):
        Model().fit({"a": 1}, y[:1])
    with pytest.raises(TypeError, match=r"got generator; wrap it in list\(\.\.\.\)"):
        Model().fit((x for x in X), y)
    with pytest.raises(TypeError, match="single str"):
        Model().fit("chinese beijing", y[:1])
    model = Model().fit(X, y)
    with pytest.raises(TypeError, match=r"got generator; wrap it in list\(\.\.\.\)"):
        model.predict(x for x in X)
    assert model.predict(list(X)) == model.predict(tuple(X))


@pytest.mark.parametrize("Model", TEXT_MODELS + TABLE_MODELS, ids=lambda m: m.__name__)
def test_y_as_a_set_a_dict_a_generator_or_a_string_is_refused(Model):
    X = TEXTS if Model in TEXT_MODELS else ROWS
    y = TEXT_LABELS if Model in TEXT_MODELS else ROW_LABELS
    with pytest.raises(TypeError, match="y is a set, which has no fixed order; pass a list of labels"):
        Model().fit(X, set(y))
    with pytest.raises(TypeError, match="y is a dict, which has no fixed order"):
        Model().fit(X, dict(enumerate(y)))
    with pytest.raises(TypeError, match=r"y must be a list of labels, got generator; wrap it in list"):
        Model().fit(X, (label for label in y))
    with pytest.raises(TypeError, match="y is a single string"):
        Model().fit(X, "".join(y))
    with pytest.raises(TypeError, match="y is a set"):
        Model().fit(X, y).score(X, set(y))


def test_missing_labels_of_every_kind_are_refused():
    for missing in (None, math.nan, FakeNA(), FakeScalar(math.nan)):
        with pytest.raises(ValueError, match=r"y\[1\] is .*, a missing label; .*drop the examples"):
            check_labels(["a", missing], 2)


def test_labels_are_made_plain_and_the_usual_ones_are_returned_as_they_are():
    labels = ["spam", "ham"]
    assert check_labels(labels, 2) == labels
    checked = check_labels([FakeScalar(1), FakeScalar(0), 2.5], 3)
    assert checked == [1, 0, 2.5] and [type(label) for label in checked] == [int, int, float]
    assert check_labels([FakeScalar(True), False], 2) == [True, False]
    with pytest.raises(ValueError, match="y holds both 1 and True, which Python takes as one value"):
        check_labels([FakeScalar(1), FakeScalar(0), True], 3)  # two labels a dict would make one (issue 19)
    with pytest.raises(TypeError, match=r"y\[0\] = \['a'\] cannot be a label"):
        check_labels([["a"], "b"], 2)


def test_a_column_of_labels_is_taken_with_a_warning_and_more_columns_are_an_error():
    column = FakeArray([["a"], ["b"], ["a"]], kind="U")
    with pytest.warns(UserWarning, match=r"y is a column of shape \(3, 1\).*y\.ravel\(\)") as caught:
        assert check_labels(column, 3) == ["a", "b", "a"]
    assert caught[0].filename == __file__  # the warning points at the caller's line
    with pytest.raises(ValueError, match=r"shape \(3, 2\).*1-D list of labels, one per example.*y\[:, 0\]"):
        check_labels(FakeArray([["a", "b"]] * 3, kind="U"), 3)
    frame = FakeFrame(["label"], [["a"], ["b"]], kinds=["O"])
    with pytest.warns(UserWarning, match=r"y\.iloc\[:, 0\]"):
        assert check_labels(frame, 2) == ["a", "b"]


def test_a_warning_from_fit_points_at_the_line_that_called_fit():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        MultinomialNB().fit(TEXTS, FakeArray([[label] for label in TEXT_LABELS], kind="U"))
    assert [warning.filename for warning in caught] == [__file__]


def test_as_list_turns_arrays_into_lists_and_refuses_a_single_value():
    assert as_list("X", FakeArray([1, 2, 3])) == [1, 2, 3]
    assert as_list("X", FakeArray([[1, 2], [3, 4]])) == [[1, 2], [3, 4]]
    assert as_list("X", FakeFrame(["a", "b"], [[1, 2]])) == [{"a": 1, "b": 2}]
    with pytest.raises(TypeError, match="single value"):
        as_list("y", FakeScalar(3))


# ----------------------------------------------------------------------
# Values: numpy scalars become Python values; NaN, None and NA are missing
# ----------------------------------------------------------------------


def test_plain_value_and_is_missing():
    assert plain_value(FakeScalar(3)) == 3 and type(plain_value(FakeScalar(3))) is int
    assert plain_value("x") == "x" and plain_value(Fraction(1, 3)) == Fraction(1, 3)
    for missing in (None, math.nan, FakeNA()):
        assert is_missing(missing)
    for present in (0, 0.0, "", False, Fraction(0), (math.nan,)):
        assert not is_missing(present)


def test_present_values_converts_scalars_and_drops_every_kind_of_missing_value():
    row = {"a": FakeScalar(3), "b": FakeNA(), "c": None, "d": math.nan, "e": "x", "f": FakeScalar(math.nan)}
    present = present_values(row, "X[0]")
    assert present == {"a": 3, "e": "x"} and type(present["a"]) is int
    assert present_values([FakeScalar(1.5), FakeNA(), 2], "X[0]") == {0: 1.5, 2: 2}
    plain = {"a": 1, "b": None, "c": math.nan, "d": "x", "e": True}
    assert present_values(plain, "X[0]") == {"a": 1, "d": "x", "e": True}


def test_present_values_returns_a_new_dict():
    row = {"a": 1, "b": "x"}
    present = present_values(row, "X[0]")
    assert present == row and present is not row


def test_rows_given_as_arrays():
    assert present_values(FakeArray([1.0, 2.0]), "X[0]") == {0: 1.0, 1: 2.0}
    assert row_width(FakeArray([1.0, 2.0])) == 2 and row_width({"a": 1}) is None and row_width((1, 2, 3)) == 3
    with pytest.raises(TypeError, match=r"X\[0\] has 2 dimensions .*pass a 2-D array as X itself"):
        present_values(FakeArray([[1.0], [2.0]]), "X[0]")


def test_tables_as_arrays_and_frames():
    assert check_rows(FakeArray([[1, 2], [3, 4]])) == [[1, 2], [3, 4]]
    assert check_rows(FakeFrame(["x", "y"], [[1, 2]])) == [{"x": 1, "y": 2}]
    with pytest.raises(ValueError, match=r"1-D FakeArray of 2 values: one row, or one feature\?.*X\.reshape\(-1, 1\)"):
        check_rows(FakeArray([1, 2]))
    with pytest.raises(ValueError, match=r"X has 3 dimensions \(shape \(1, 1, 2\)"):
        check_rows(FakeArray([[[1, 2]]]))
    with pytest.raises(ValueError, match="two columns named 'x'; each feature needs a name of its own"):
        check_rows(FakeFrame(["x", "x"], [[1, 2]]))


def test_numpy_like_values_in_rows_are_numbers_not_categories():
    rows = [{"size": FakeScalar(value), "colour": colour} for value, colour in [(1, "r"), (2, "g"), (5, "r"), (6, "g")]]
    model = MixedNB().fit(rows, ROW_LABELS)
    assert model.distributions_ == {"size": "gaussian", "colour": "categorical"}
    assert model.means_ == MixedNB().fit([{"size": v, "colour": c} for v, c in [(1, "r"), (2, "g"), (5, "r"), (6, "g")]], ROW_LABELS).means_


# ----------------------------------------------------------------------
# Documents
# ----------------------------------------------------------------------


def test_text_models_take_arrays_and_frames_of_counts():
    dense = [[2, 1, 0], [2, 0, 1], [1, 0, 0]]
    expected = MultinomialNB().fit(dense, TEXT_LABELS)
    model = MultinomialNB().fit(FakeArray(dense), TEXT_LABELS)
    assert model.feature_counts_ == expected.feature_counts_ and model.n_columns_ == 3
    framed = MultinomialNB().fit(FakeFrame(["chinese", "beijing", "shanghai"], dense), TEXT_LABELS)
    assert framed.feature_counts_ == {"china": {"chinese": 4, "beijing": 1, "shanghai": 1}, "japan": {"chinese": 1}}
    assert framed.vocabulary_ == {"chinese", "beijing", "shanghai"} and framed.n_columns_ is None


def test_a_frame_with_a_column_of_text_is_refused_with_the_column_to_pass():
    frame = FakeFrame(["text", "n"], [["a b", 1]], kinds=["O", "i"])
    with pytest.raises(TypeError, match=r"column 'text' does not hold numbers.*pass the column of texts itself, X\['text'\]"):
        check_documents(frame)


def test_one_dimensional_arrays_of_texts_and_of_numbers():
    assert check_documents(FakeArray(["a b", "c"], kind="U")) == ["a b", "c"]
    with pytest.raises(ValueError, match=r"1-D FakeArray of 3 numbers: one document, or one number per document\?.*reshape\(1, -1\)"):
        check_documents(FakeArray([1, 2, 3]))
    with pytest.raises(ValueError, match="X has 3 dimensions"):
        check_documents(FakeArray([[[1]]]))


def test_a_list_of_array_rows_keeps_the_width_check():
    model = MultinomialNB().fit([FakeArray([1, 0]), FakeArray([0, 1])], ["x", "y"])
    assert model.n_columns_ == 2 and model.feature_counts_ == {"x": {0: 1}, "y": {1: 1}}
    with pytest.raises(ValueError, match=r"X\[0\] has 3 columns, but the model's dense rows have 2"):
        model.predict([FakeArray([1, 0, 0])])


def test_scalar_counts_are_made_python_ints_so_they_never_wrap_around():
    counts = document_counts({"a": FakeScalar(200), "b": FakeScalar(1.5)}, Tokenizer())
    assert counts == {"a": 200, "b": 1.5} and type(counts["a"]) is int
    model = MultinomialNB().fit([{"a": FakeScalar(200)}, {"a": FakeScalar(200)}, {"b": 1}], ["x", "x", "y"])
    assert model.feature_counts_["x"] == {"a": 400}


@pytest.mark.parametrize("Model", TEXT_MODELS, ids=lambda m: m.__name__)
def test_boolean_presence_rows_are_refused_saying_why_and_what_to_write(Model):
    """A bool is a yes/no value, not a count (the tabular models take it as a category)."""
    with pytest.raises(ValueError, match=r"X\[0\] has the value True;.*not a count.*1 and 0.*X\.astype\(int\)"):
        Model().fit([[True, False], [False, True]], ["x", "y"])
    with pytest.raises(ValueError, match=r"X\[0\] has the value False;.*not a count"):
        Model().fit([{"a": False}, {"a": 1}], ["x", "y"])
    zero_one = Model().fit([[1, 0], [0, 1]], ["x", "y"])
    assert zero_one.feature_counts_ == {"x": {0: 1}, "y": {1: 1}}


@pytest.mark.parametrize("Model", TEXT_MODELS, ids=lambda m: m.__name__)
def test_missing_counts_and_missing_documents(Model):
    with pytest.raises(ValueError, match=r"X\[1\] has the value None, a missing count;.*fillna\(0\)"):
        Model().fit([[1, 0], [None, 1]], ["x", "y"])
    with pytest.raises(ValueError, match=r"X\[0\] has the value <NA>, a missing count"):
        Model().fit([{"a": FakeNA()}, {"a": 1}], ["x", "y"])
    with pytest.raises(TypeError, match=r"X\[1\] is nan, a missing document; drop it, or pass ''"):
        Model().fit(["a b", math.nan], ["x", "y"])


def test_float_counts_above_2_to_the_53_are_refused_and_ints_stay_exact():
    with pytest.raises(ValueError, match=r"X\[0\] has the count 1e\+16, a float above 2\*\*53.*pass whole counts as ints"):
        MultinomialNB().fit([{"a": 1e16}, {"a": 1}], ["x", "y"])
    with pytest.raises(ValueError, match=r"X\[1\] has the count 1e\+16"):
        MultinomialNB().fit([[1.5, 0.5], [1e16, 0.0]], ["x", "y"])
    assert MultinomialNB().fit([{"a": 2.0**53}, {"a": 1}], ["x", "y"]).feature_counts_["x"] == {"a": 2.0**53}
    big = 10**16 + 1
    model = MultinomialNB().fit([{"a": big}, {"a": big}, {"b": 1}], ["x", "x", "y"])
    assert model.feature_counts_["x"] == {"a": 2 * big} and model.feature_totals_["x"] == 2 * big
    # A count too large for a float adds up exactly as an int, but no probability can be made of it.
    with pytest.raises(ValueError, match="larger than the largest float"):
        MultinomialNB().fit([{"a": 10**400}, {"b": 1}], ["x", "y"])


def test_the_quick_check_passes_the_usual_rows_and_sends_the_rest_to_the_slow_one():
    assert all_plain_counts([1, 2.5, 0]) and all_plain_counts([]) and all_plain_counts([2**53])
    for unusual in ([1, True], [1, -1], [math.nan], [math.inf], [1e16], [Fraction(1, 2)], [10**400]):
        assert not all_plain_counts(unusual)


def test_inf_and_nan_counts_are_still_refused():
    for bad in (math.inf, math.nan, -1, "3"):
        with pytest.raises(ValueError, match="finite numbers that are not negative"):
            document_counts({"a": bad}, Tokenizer(), "X[0]")


@pytest.mark.parametrize(
    "tokenizer, returned",
    [(str.lower, r"returned a str \('a b'\), not a list of tokens; a tokenizer \(here str.lower\)"),
     (lambda text: None, "returned None, not a list of tokens; a tokenizer \\(here .*<lambda>\\)")],
)
def test_a_tokenizer_that_returns_no_list_is_named(tokenizer, returned):
    with pytest.raises(TypeError, match=rf"X\[0\]: the tokenizer {returned}.*list of strings, such as Tokenizer\(\)"):
        MultinomialNB(tokenizer=tokenizer).fit(["A b", "c"], ["x", "y"])


def test_a_tokenizer_that_returns_non_strings_is_named():
    def lengths(text):
        return [len(word) for word in text.split()]

    with pytest.raises(TypeError, match=r"the tokenizer returned a list holding 1 \(int\), not only strings; a tokenizer \(here .*lengths\)"):
        MultinomialNB(tokenizer=lengths).fit(["a bb", "c"], ["x", "y"])
    model = MultinomialNB(tokenizer=lengths)
    with pytest.raises(TypeError, match=r"returned a list holding 1 .*here .*lengths"):
        model.fit(["a", "b"], ["x", "y"])


def test_a_custom_tokenizer_returning_a_tuple_of_strings_or_of_str_subclasses_is_fine():
    class Word(str):
        pass

    def words(text):
        return tuple(text.split())

    def subclassed(text):
        return [Word(word) for word in text.split()]

    assert document_counts("a b a", words) == {"a": 2, "b": 1}
    assert document_counts("a b a", subclassed) == {"a": 2, "b": 1}
    with pytest.raises(TypeError, match=r"returned a list holding None \(NoneType\)"):
        document_counts("a b", lambda text: ["a", None], "X[0]")


# ----------------------------------------------------------------------
# document_form: words or a dense row
# ----------------------------------------------------------------------


def test_document_form():
    for words in ("a b", "", ["a", "b"], [], ("a",), {"a": 1}, {0: 1}, FakeArray(["a", "b"], kind="U")):
        assert document_form(words) == "words"
    for dense in ([2, 0, 1], (0.5,), [True], FakeArray([1, 0])):
        assert document_form(dense) == "dense"
        assert is_dense_row(dense)
    with pytest.raises(TypeError, match=r"the document is a set; a document must be"):
        document_form({"a"})
    with pytest.raises(TypeError, match=r"X\[3\] is None, a missing document"):
        document_form(None, "X[3]")


def test_document_form_agrees_with_what_document_counts_makes():
    for document in ("a b", ["a"], {"a": 1}, [1, 0], FakeArray([1, 2])):
        counts = document_counts(document, Tokenizer())
        keys_are_columns = all(isinstance(key, int) for key in counts)
        assert (document_form(document) == "dense") == (keys_are_columns and bool(counts))


def test_a_document_of_bytes_is_refused_with_the_decode_to_call():
    with pytest.raises(TypeError, match=r"X\[0\] is bytes \(b'free prize'\); decode it into a string first"):
        MultinomialNB().fit([b"free prize", "lunch"], ["x", "y"])
    with pytest.raises(TypeError, match="wrap one document in a list"):
        MultinomialNB().fit(b"free prize", ["x"])


# ----------------------------------------------------------------------
# Dates and times in a table are named, never taken as categories (issue 30)
# ----------------------------------------------------------------------

import datetime  # noqa: E402

from naivebayes import HistogramNB, JointBayesClassifier, KernelNB, PoissonNB, TreeAugmentedNB  # noqa: E402

EVERY_TABLE_MODEL = [CategoricalNB, GaussianNB, PoissonNB, HistogramNB, KernelNB, MixedNB, JointBayesClassifier, TreeAugmentedNB]
DATE_LABELS = ["a", "b", "a", "b"]


class FakeDate:
    """Like ``np.datetime64("2024-01-01")``: a 0-d numpy value whose dtype kind is M (``item()`` may give nanoseconds)."""

    ndim, shape = 0, ()

    class dtype:
        kind = "M"

    def item(self):
        return 1704067200000000000

    def __repr__(self):
        return "FakeDate('2024-01-01')"


DATES_AND_TIMES = [
    pytest.param(lambda i: datetime.date(2024, 1, i + 1), id="date"),
    pytest.param(lambda i: datetime.datetime(2024, 1, i + 1, 12), id="datetime"),
    pytest.param(lambda i: datetime.time(i), id="time"),
    pytest.param(lambda i: datetime.timedelta(days=i), id="timedelta"),
    pytest.param(lambda i: FakeDate(), id="numpy-datetime64"),
]


@pytest.mark.parametrize("Model", EVERY_TABLE_MODEL)
@pytest.mark.parametrize("make", DATES_AND_TIMES)
def test_a_date_or_time_in_a_table_is_refused_by_fit_and_predict(Model, make):
    rows = [[make(i), 1 + i % 2] for i in range(4)]
    with pytest.raises(ValueError, match="a date or time.*day of the year"):
        Model().fit(rows, DATE_LABELS)
    model = Model().fit([[1, 1], [2, 2], [1, 2], [2, 1]], DATE_LABELS)
    with pytest.raises(ValueError, match=r"X\[0\]: feature 0 has the value .*a date or time"):
        model.predict([[make(0), 1]])


def test_a_numpy_date_is_not_made_a_count_of_nanoseconds():
    value = FakeDate()
    assert plain_value(value) is value


def test_pandas_and_numpy_dates_are_refused_naming_the_column():
    np = pytest.importorskip("numpy")
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"when": pd.to_datetime(["2024-01-01", "2024-01-02", "2024-03-01", "2024-03-02"]), "n": [1, 2, 1, 2]})
    for Model in (CategoricalNB, GaussianNB, MixedNB):
        with pytest.raises(ValueError, match="feature 'when' has the value Timestamp"):
            Model().fit(frame, DATE_LABELS)
    array = np.array(["2024-01-01", "2024-01-02", "2024-03-01", "2024-03-02"], dtype="datetime64[ns]").reshape(-1, 1)
    with pytest.raises(ValueError, match=r"X is an array of dates or times \(dtype datetime64\[ns\]\)"):
        GaussianNB().fit(array, DATE_LABELS)
    durations = pd.DataFrame({"took": pd.to_timedelta([1, 2, 3, 4], unit="D")})
    with pytest.raises(ValueError, match="feature 'took' .*a date or time"):
        MixedNB().fit(durations, DATE_LABELS)
