"""Turn a document, in any form the models accept, into a {feature: count} dict.

The models accept four forms of document, so that a student can start from
whatever the lecture has in hand:

* a raw string, tokenized by the model's tokenizer;
* a list of token strings, such as ``["chinese", "beijing", "chinese"]``;
* a mapping ``{feature: count}``, such as a row from ``BagOfWords``;
* a dense numeric row such as ``[2, 0, 1]``, as in numpy-based lecture code,
  whose features are the column numbers 0, 1, 2, ...

>>> document_counts(["chinese", "beijing", "chinese"], str.split)
Counter({'chinese': 2, 'beijing': 1})
>>> document_counts([2, 0, 1], str.split)
{0: 2, 1: 0, 2: 1}

In a dense row, a zero still names a column: the column belongs to the
vocabulary, it just did not occur in this document.
"""

import math
from collections import Counter
from collections.abc import Mapping
from numbers import Real

__all__ = ["all_plain_counts", "document_counts", "check_documents", "is_dense_row"]


def _is_count(value):
    """A count or weight: a real number that is finite and not negative (not a bool)."""
    return (
        isinstance(value, Real)
        and not isinstance(value, bool)
        and value >= 0
        and math.isfinite(value)
    )


def all_plain_counts(values):
    """The quick check for the usual row: only ints and floats, none negative, inf or nan.

    ``map``, ``set``, ``min`` and ``fsum`` each run in C, so a TF-IDF row of
    hundreds of floats costs a few microseconds; anything unusual (a Fraction,
    a bool, a bad value) goes to the slow check, which names the bad value.
    """
    if not set(map(type, values)) <= {int, float}:
        return False
    try:
        return min(values, default=0) >= 0 and math.isfinite(math.fsum(values))
    except OverflowError:  # a huge int: let the slow check decide
        return False


def _check_values(values, where):
    """Raise a clear error unless every value is a finite count >= 0."""
    if all_plain_counts(values):
        return
    for value in values:
        if not _is_count(value):
            raise ValueError(
                f"{where} has the value {value!r}; counts and weights must be finite numbers "
                "that are not negative"
            )


def is_dense_row(document):
    """True for a list of numbers such as [2, 0, 1] (its first item decides)."""
    return isinstance(document, (list, tuple)) and len(document) > 0 and not isinstance(document[0], str)


def document_counts(document, tokenizer, where="the document"):
    """The {feature: count} form of one document (see the module docstring for the forms)."""
    if isinstance(document, str):
        return Counter(tokenizer(document))
    if isinstance(document, Mapping):
        _check_values(document.values(), where)
        return document
    if isinstance(document, (list, tuple)):
        if all(isinstance(item, str) for item in document):  # a token list (or empty)
            return Counter(document)
        if not any(isinstance(item, str) for item in document):  # a dense numeric row
            _check_values(document, where)
            return dict(enumerate(document))
        token = next(item for item in document if not isinstance(item, str))
        raise TypeError(
            f"{where} mixes strings with {token!r}; a token list must hold only strings "
            "(a dense row only numbers)"
        )
    raise TypeError(
        f"{where} is a {type(document).__name__}; a document must be a string, a list of "
        "token strings, a {feature: count} dict, or a list of numbers"
    )


def check_documents(X, name="X"):
    """X as a list of documents, with a clear error for a single document or a non-list."""
    if isinstance(X, (str, bytes, Mapping)):
        raise TypeError(
            f"{name} must be a list of documents, but it is a single "
            f"{type(X).__name__}; wrap one document in a list: [document]"
        )
    try:
        return list(X)
    except TypeError:
        raise TypeError(f"{name} must be a list of documents, not {type(X).__name__}") from None
