"""Rows of named features: what the tabular models learn from.

A row is one example, in one of two forms:

* a dict ``{feature: value}``, such as ``{"outlook": "sunny", "windy": True}``;
* a list or tuple, such as ``[5.1, 3.5]``, whose features are the column
  numbers 0, 1, 2, ...

A value is missing when it is ``None`` or a float NaN (what pandas puts in an
empty cell); in a dict, a feature that is not there at all is missing too.
``present_values`` turns a row into the dict of the values that are present,
the form every tabular model counts and predicts from:

>>> present_values({"outlook": "sunny", "humidity": None}, "X[0]")
{'outlook': 'sunny'}
>>> present_values([5.1, float("nan"), 1.4], "X[0]")
{0: 5.1, 2: 1.4}

This module knows no model: it only checks the shape of rows and finds the
missing values.
"""

from collections.abc import Mapping

__all__ = ["check_rows", "present_values", "row_width"]


def check_rows(X, name="X"):
    """X as a list of rows, with a clear error for a single row or something that is not a list."""
    if isinstance(X, (str, bytes)):
        raise TypeError(f"{name} is a single string; pass a list of rows, each a dict or a list of values")
    if isinstance(X, Mapping):
        raise TypeError(
            f"{name} is a single dict; pass a list of rows: [row] for one row, one dict per example"
        )
    if isinstance(X, (set, frozenset)):
        raise TypeError(f"{name} is a set, which has no fixed order; pass a list of rows, one per example")
    try:
        return list(X)
    except TypeError:
        raise TypeError(f"{name} must be a list of rows, not {type(X).__name__}") from None


def row_width(row):
    """The number of columns of a list row, or None for a dict row."""
    return None if type(row) is dict or isinstance(row, Mapping) else len(row)


def present_values(row, where):
    """{feature: value} for the values of ``row`` that are present (not None, not NaN).

    ``value == value`` is False for NaN alone (NaN is the one value not equal
    to itself), so the test below is ``is_missing`` written out, at the speed
    of a comparison.
    """
    if type(row) is dict or isinstance(row, Mapping):  # (the first test is the quick one)
        return {feature: value for feature, value in row.items() if value is not None and value == value}
    if isinstance(row, (list, tuple)):
        return {column: value for column, value in enumerate(row) if value is not None and value == value}
    if isinstance(row, str):
        raise TypeError(
            f"{where} is a string; a tabular model takes rows of features, such as "
            "{'outlook': 'sunny'} or [5.1, 3.5] (for text use MultinomialNB or BernoulliNB)"
        )
    raise TypeError(
        f"{where} is a {type(row).__name__}; a row must be a dict {{feature: value}} "
        "or a list of values, one per column"
    )
