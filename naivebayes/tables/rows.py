"""Rows of named features: what the tabular models learn from.

A row is one example, in one of two forms:

* a dict ``{feature: value}``, such as ``{"outlook": "sunny", "windy": True}``;
* a list or tuple, such as ``[5.1, 3.5]``, whose features are the column
  numbers 0, 1, 2, ...

A value is missing when it is ``None`` or a NaN (what pandas puts in an empty
cell; pandas' ``NaT`` and ``NA`` count too, see ``is_missing``); in a dict, a
feature that is not there at all is missing too.  ``present_values`` turns a
row into the dict of the values that are present, the form every tabular
model counts and predicts from:

>>> present_values({"outlook": "sunny", "humidity": None}, "X[0]")
{'outlook': 'sunny'}
>>> present_values([5.1, float("nan"), 1.4], "X[0]")
{0: 5.1, 2: 1.4}

numpy and pandas, as students pass them (recognised by what they can do; this
package never imports either):

* a pandas DataFrame is a list of dict rows, ``X.to_dict("records")``: its
  column names become the feature names (they must be unique);
* a 2-D numpy array is a list of list rows, ``X.tolist()``;
* a 1-D array or Series as X is refused: is it one row, or one feature?
  The message says how to reshape it;
* inside a row, a 1-D numpy array is a list row (``.tolist()``), a Series a
  dict row (``.to_dict()``), and a numpy scalar such as ``np.int64(3)`` the
  Python value it holds (``.item()``), so that 3 is a number to a Gaussian
  feature and not a category of its own.

All the rows of one table have one form, all dicts or all lists (the first
row decides; ``check_row_form``): a column number and a feature name never
name the same feature, so a mix would make one feature two.  A number must
fit in a float (``check_fits_float``): a whole number or Fraction beyond the
largest float, about 1.8e308, is refused, since every density and bin edge is
worked out in floats.

This module knows no model: it only checks the shape of rows and finds the
missing values.
"""

import difflib
from collections.abc import Mapping

from naivebayes.plumbing.checks import (
    LARGEST_FLOAT,
    a_kind,
    frame_records,
    is_data_frame,
    is_missing,
    is_sparse_matrix,
    ndim_of,
    plain_value,
    power_of_ten,
    refuse_no_length,
    sparse_rows,
)

__all__ = ["check_rows", "present_values"]


def check_rows(X, name="X"):
    """X as a list of rows, with a clear error for a single row or something that is not a list."""
    if type(X) is list:  # the usual X, decided quickly
        return list(X)
    ndim = ndim_of(X)
    if ndim is not None:  # a numpy array or a pandas DataFrame
        return table_rows(X, ndim, name)
    if isinstance(X, (str, bytes)):
        raise TypeError(f"{name} is a single string; pass a list of rows, each a dict or a list of values")
    if isinstance(X, dict) or type(X) is not tuple and isinstance(X, Mapping):
        raise TypeError(
            f"{name} is a single dict; pass a list of rows: [row] for one row, one dict per example"
        )
    if isinstance(X, (set, frozenset)):
        raise TypeError(f"{name} is a set, which has no fixed order; pass a list of rows, one per example")
    refuse_no_length(name, X, "rows")
    try:
        return list(X)
    except TypeError:
        raise TypeError(f"{name} must be a list of rows, not {type(X).__name__}") from None


def table_rows(X, ndim, name="X"):
    """The rows of a DataFrame (as dicts) or of a 2-D numpy array (as lists); any other shape is an error."""
    if is_data_frame(X):
        return frame_records(name, X)
    if is_sparse_matrix(X):
        return sparse_rows(name, X, "rows")
    if ndim == 2:
        if getattr(getattr(X, "dtype", None), "kind", None) in ("M", "m"):  # (tolist() would give bare nanoseconds)
            raise ValueError(
                f"{name} is an array of dates or times (dtype {X.dtype}), which a naive Bayes model cannot take as "
                "they are; convert them to numbers, such as the day of the year, or to categories, such as the month, yourself"
            )
        return X.tolist()
    if ndim == 1:
        if hasattr(X, "to_frame"):  # a pandas Series
            fix = "X.to_frame() if it is one feature, or X.to_frame().T if it is one row"
        else:
            fix = "X.reshape(-1, 1) if it is one feature, or X.reshape(1, -1) if it is one row"
        raise ValueError(
            f"{name} is a 1-D {type(X).__name__} of {len(X)} values: one row, or one feature? A tabular model "
            f"takes a table with one row per example and one column per feature; pass {fix}"
        )
    raise ValueError(
        f"{name} has {ndim} dimensions (shape {tuple(X.shape)}, {type(X).__name__}); a tabular model takes a "
        "2-D table, one row per example and one column per feature"
    )


def row_width(row):
    """The number of columns of a list row, or None for a dict row."""
    if type(row) is dict:
        return None
    if isinstance(row, (list, tuple)):
        return len(row)
    if isinstance(row, Mapping) or hasattr(row, "to_dict"):  # (a pandas Series is a dict row)
        return None
    return len(row)  # a 1-D numpy array


def row_form(row):
    """"dict" for a dict row (or a pandas Series), "list" for a list row (a list, tuple or 1-D numpy array)."""
    return "dict" if row_width(row) is None else "list"


def check_row_form(row, where, form, before):
    """The form of ``row``, or a clear error if it is not ``form`` (None: any form will do).

    ``before`` says where ``form`` comes from, such as "the rows before it
    are" or "the model's rows are".  Check the row with ``present_values``
    first: this takes it to be a row.
    """
    found = row_form(row)
    if form is not None and found != form:
        raise ValueError(row_form_message(where, found, form, before))
    return found


def row_form_message(where, found, form, before):
    """The error for a row of one form ("dict" or "list") among rows of the other."""
    return (
        f"{where} is a {found} row, but {before} {form}s; give every row in one form: dicts "
        "{feature: value}, or lists of values, one per column"
    )


def row_width_message(where, found, width):
    """The error for a list row of ``found`` values among rows of ``width``."""
    return (
        f"{where} has {found} values, but the model's rows have {width}; "
        "every list row needs one value per column (None for a missing one)"
    )


def columns_by_class(rows, labels, classes, form=None, width=None):
    """The table read by columns, in one pass: ({feature: {label: [its present values in the class's rows]}}, form, width).

    The features come in the order the rows first show them, and each has a
    list, perhaps empty, for every label of ``classes``.  A missing value
    (None, NaN, pandas' NA) is left out; a numpy scalar becomes the Python
    value it holds.  ``form`` ("dict" or "list") and ``width`` are those of
    the rows the model has seen already (None: none yet); every row must
    have the same, or the error names it.  A plain dict, list or tuple row
    is read here, value by value, without a call; any other row (a numpy
    row, a pandas Series) goes through ``present_values``.
    """
    before = "the model's rows are"
    by_class = {label: {} for label in classes}  # {label: {feature: [values]}} while reading
    features = {}  # the features, in the order first seen
    for i, (row, label) in enumerate(zip(rows, labels)):
        kind = type(row)
        if kind is dict:
            found, items = "dict", row.items()
        elif kind is list or kind is tuple:
            found, items = "list", enumerate(row)
        else:  # a numpy row, a pandas Series, a dict or list of another class (or not a row: the error says so)
            items = present_values(row, f"X[{i}]").items()
            found = row_form(row)
        if found == "list":
            n_values = len(row) if kind is list or kind is tuple else row_width(row)
            if width is None:
                width = n_values
            elif n_values != width:
                raise ValueError(row_width_message(f"X[{i}]", n_values, width))
        if found != form:
            if form is not None:
                raise ValueError(row_form_message(f"X[{i}]", found, form, before))
            form, before = found, "the rows before it are"
        columns = by_class[label]
        for feature, value in items:
            if value is None:
                continue
            if (value == value) is not True:  # a NaN, or a value of numpy or pandas (its == gives np.True_ or NA)
                if type(value) is float:
                    continue  # a NaN (pandas' empty cell): missing
                value = plain_value(value)
                if is_missing(value):
                    continue
            values = columns.get(feature)
            if values is None:
                values = columns[feature] = []
                features[feature] = None
            values.append(value)
    table = {feature: {label: by_class[label].get(feature, []) for label in classes} for feature in features}
    return table, form, width


def check_fits_float(feature, value, where):
    """``value`` (a number) if a float can hold it, else a clear error: beyond about 1.8e308 there is none.

    An int or a Fraction can be far larger than the largest float; such a
    value is named by its power of ten (10**400 has 401 digits, too many to print).
    """
    if type(value) is float or abs(value) <= LARGEST_FLOAT:
        return value
    raise ValueError(
        f"{where}: feature {feature!r} has a value of {power_of_ten(value)}, too large for a float "
        "(the largest is about 1.8e308); rescale the feature, such as measuring it in larger units or "
        "taking its logarithm"
    )


def present_values(row, where):
    """{feature: value} for the values of ``row`` that are present (not None, not NaN).

    The quick test keeps a value when ``(value == value) is True``: NaN is the
    one value not equal to itself, so this leaves NaN out at the speed of a
    comparison (and ``value is not None`` leaves None out).  A value that fails
    the test is asked ``plainly_missing``: None and a float NaN are left out,
    and anything else (a numpy scalar, whose ``==`` gives ``np.True_``, or
    pandas' ``NA``) sends the row to ``converted_present_values``, which looks
    at it value by value.  So a row of Python's own values never takes the slow
    path, and a missing value costs one call.
    """
    try:
        kind = type(row)
        if kind is dict:  # (the first tests are the quick ones: no abstract class for a dict, a list or a tuple)
            return {
                feature: value
                for feature, value in row.items()
                if value is not None and (value == value) is True or not plainly_missing(value)
            }
        if kind is list or kind is tuple:
            return {
                column: value
                for column, value in enumerate(row)
                if value is not None and (value == value) is True or not plainly_missing(value)
            }
        if isinstance(row, Mapping) or isinstance(row, (list, tuple)):  # (a subclass: an OrderedDict, a named tuple)
            return present_values(dict(row.items()) if isinstance(row, Mapping) else list(row), where)
    except UnusualValue:
        return converted_present_values(row.items() if type(row) is dict or isinstance(row, Mapping) else enumerate(row))
    if isinstance(row, str):
        raise TypeError(
            f"{where} is a string; a tabular model takes rows of features, such as "
            "{'outlook': 'sunny'} or [5.1, 3.5] (for text use MultinomialNB or BernoulliNB)"
        )
    ndim = ndim_of(row)
    if ndim == 1:  # a numpy row (values by column number) or a pandas Series (values by name)
        return present_values(row.to_dict() if hasattr(row, "to_dict") else row.tolist(), where)
    if ndim is not None:
        raise TypeError(
            f"{where} has {ndim} dimensions ({type(row).__name__}); a row is one example, a 1-D "
            "list of values (pass a 2-D array as X itself, not inside a list)"
        )
    raise TypeError(
        f"{where} is {a_kind(row)}; a row must be a dict {{feature: value}} "
        "or a list of values, one per column"
    )


class UnusualValue(Exception):
    """A value that is neither plainly present nor plainly missing: the row takes the slow path."""


def plainly_missing(value):
    """True for None and a float NaN; any other value that failed the quick test raises UnusualValue.

    (A plain float that failed ``(value == value) is True`` is a NaN.)
    """
    if value is None or type(value) is float:
        return True
    raise UnusualValue(value)


def converted_present_values(items):
    """{feature: value} for the present values among ``items``, each numpy scalar made a Python value."""
    present = {}
    for feature, value in items:
        value = plain_value(value)
        if not is_missing(value):
            present[feature] = value
    return present


def present_rows(rows):
    """[present_values(row)] for every row, a table at a time: a plain dict or list row is read here, without a call.

    The rows have been checked already (``columns_by_class``); a row with a
    NaN, a numpy value or pandas' NA, or of another class, goes through ``present_values``.
    """
    present = []
    for i, row in enumerate(rows):
        kind = type(row)
        items = row.items() if kind is dict else enumerate(row) if kind is list or kind is tuple else None
        if items is not None:
            x, unusual = {}, False
            for feature, value in items:
                if value is None:
                    continue  # missing
                if (value == value) is True:
                    x[feature] = value
                elif type(value) is not float:  # not a NaN: a numpy value or pandas' NA, for present_values
                    unusual = True
                    break
            if not unusual:
                present.append(x)
                continue
        present.append(present_values(row, f"X[{i}]"))
    return present


def by_position_message(where, width, features):
    """Why a row of values by position cannot go to a model trained on named columns, and how to pass it.

    Position j is column j only when the names are 0, 1, 2, ... in that order;
    a frame ``df[[1, 0]]`` has integer names out of order, and reading the same
    data as an array by position would swap the columns without a word.
    """
    shown = features if len(features) <= 8 else [*features[:8], "..."]
    return (
        f"{where} is a row of {width} values by position, but the model was trained on named columns "
        f"{shown} (a DataFrame or dict rows), so a position is not a name; pass a DataFrame with these "
        "columns, or dict rows {name: value}"
    )


def no_features_message(n_columns):
    """The error for training rows with no feature to learn from (``n_columns``: their width, None for dicts)."""
    if n_columns:
        found = f"every value of its {n_columns} column(s) is missing"
    else:
        found = "its rows have no columns (such as a DataFrame that select_dtypes left empty, or an array of shape (n, 0))"
    return f"X has no features to learn from: {found}; pass the columns that hold the features"


def check_feature_names(setting, named, known):
    """Raise a clear error for a name in a setting {feature: ...} that is not one of the ``known`` features.

    A name spelt differently (``"Size"`` for ``size``) would otherwise be
    ignored without a word; the message names the feature it probably meant.
    """
    if not named:
        return
    known_set = set(known)
    for name in named:
        if name in known_set:
            continue
        texts = {str(feature): feature for feature in known}
        close = [texts[text] for text in difflib.get_close_matches(str(name), texts, n=1, cutoff=0.6)]
        close += [feature for feature in known if str(feature).lower() == str(name).lower() and feature not in close]
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        shown = known if len(known) <= 12 else [*known[:12], "..."]
        raise ValueError(
            f"{setting} names the feature {name!r}, which X does not have{hint}; the features are {shown}: "
            f"use their names exactly as in X"
        )


def declared_categories(X):
    """The names of a DataFrame's columns whose dtype is ``category`` (pandas' declared categories); () for anything else."""
    if ndim_of(X) != 2 or not hasattr(X, "columns") or not hasattr(X, "dtypes"):
        return ()
    return frozenset(column for column, dtype in zip(X.columns, X.dtypes) if str(dtype) == "category")
