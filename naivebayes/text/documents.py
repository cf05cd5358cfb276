"""Turn a document, in any form the models accept, into a {feature: count} dict.

The models accept four forms of document, so that a student can start from
whatever the lecture has in hand:

* a raw string, tokenized by the model's tokenizer;
* a list of token strings, such as ``["chinese", "beijing", "chinese"]``;
* a mapping ``{feature: count}``, such as a row from ``BagOfWords``;
* a dense numeric row such as ``[2, 0, 1]``, as in numpy-based lecture code,
  whose features are the column numbers 0, 1, 2, ...

>>> document_counts(["chinese", "beijing", "chinese"], str.split)
{'chinese': 2, 'beijing': 1}
>>> document_counts([2, 0, 1], str.split)
{0: 2, 1: 0, 2: 1}

A raw string goes through the tokenizer.  The result of a tokenizer of your
own is checked (a list or tuple of strings, else an error that says what it
returned); the library's ``Tokenizer`` always returns a list of strings, so
its result is not checked again.

In a dense row, a zero still names a column: the column belongs to the
vocabulary, it just did not occur in this document.  The first three forms
name their words; a dense row numbers them (``document_form`` tells which), so
a model trained on one kind cannot read the other.

A count is a finite number >= 0: an int, a float (such as a TF-IDF weight)
or a Fraction.  What else could look like a count:

* a bool is refused: True is not a count but a yes/no value (the tabular
  models take it as a category), so a 0/1 presence row is written with 1 and 0
  (a numpy array of bools: ``X.astype(int)``);
* a float above 2**53 (such as 1e16) is refused: from there on floats cannot
  add 1 exactly (``1e16 + 1 == 1e16``), so the counts would not add up; whole
  counts passed as ints add up exactly, up to the next rule's bound;
* an int or a Fraction above the largest float (about 1.8e308, such as
  10**400) is refused: Python holds it exactly, but the formulas turn
  counts into floats (probabilities, weights), and it cannot become one;
* a missing count (None, NaN) is refused: fill it in, with 0 if the word
  does not occur (``df.fillna(0)``).

numpy and pandas, as students pass them (recognised by what they can do; this
package never imports either):

* a 2-D numpy array of counts is a list of dense rows, ``X.tolist()``, so
  the counts are Python ints, which never wrap around as ``np.uint8`` does;
* a scipy sparse matrix, such as scikit-learn's ``CountVectorizer`` returns,
  is a list of dense rows too (``X.toarray().tolist()``), when it has at
  most 20 million cells; a larger one is refused, with the hint to pass
  the texts themselves;
* a 1-D array or Series of texts is a list of texts, ``X.tolist()``; a 1-D
  array of numbers is refused (one document, or one count per document?);
* a pandas DataFrame of counts (a column per word, such as a document-term
  matrix) is a list of {column name: count} dicts, ``X.to_dict("records")``:
  its column names become the words.  A DataFrame with a column of text is
  refused, with the hint to pass that column, ``X["text"]``;
* one document given as a 1-D numpy array is a list (``.tolist()``: a dense
  row, or a token list), as a pandas Series a {word: count} dict
  (``.to_dict()``), and a numpy scalar count such as ``np.int64(3)`` the
  Python value it holds (``.item()``).
"""

import math
from collections import _count_elements  # Counter's counting loop, in C
from collections.abc import Mapping
from numbers import Rational, Real

from naivebayes.plumbing.checks import (
    LARGEST_FLOAT,
    a_kind,
    frame_records,
    is_data_frame,
    is_missing,
    is_sparse_matrix,
    ndim_of,
    plain_value,
    refuse_no_length,
    shown_number,
    sparse_rows,
)
from naivebayes.text.tokenize import Tokenizer

__all__ = ["count_tokens", "check_documents"]

# numpy's dtype.kind of numbers: signed and unsigned ints, floats, complex numbers, bools.
NUMBER_KINDS = frozenset("iufcb")

# The largest count of any kind is LARGEST_FLOAT, about 1.8e308.  An int or a
# Fraction may be larger, but the formulas turn counts into floats.

# The largest float count: 2**53.  Above it a float cannot hold every whole
# number (2**53 + 1 is rounded to 2**53), so float counts no longer add up.
MAX_FLOAT_COUNT = 2**53


def all_plain_counts(values):
    """The quick check for the usual row: only ints and floats, none negative, nan or too large.

    ``map``, ``set``, ``min`` and ``fsum`` each run in C, so a TF-IDF row of
    hundreds of floats costs a few microseconds; anything unusual (a Fraction,
    a bool, a numpy scalar, a bad value) goes to the slow check, which names
    the bad value.  The values are >= 0, so a sum of at most 2**53 means that
    no float is above 2**53 (and none is inf or nan).
    """
    if not set(map(type, values)) <= {int, float}:
        return False
    try:
        return min(values, default=0) >= 0 and math.fsum(values) <= MAX_FLOAT_COUNT
    except OverflowError:  # a huge int: let the slow check decide
        return False


def checked_count(value, where):
    """One count as a plain Python number, or a clear error (the slow check of ``all_plain_counts``)."""
    value = plain_value(value)  # a numpy scalar: the Python number it holds
    if isinstance(value, bool):
        raise ValueError(
            f"{where} has the value {value!r}; counts and weights must be finite numbers that are not "
            "negative, and a bool is a yes/no value, not a count: write a 0/1 presence row with 1 and 0 "
            "(a numpy array of bools: X.astype(int))"
        )
    if is_missing(value):
        raise ValueError(
            f"{where} has the value {value!r}, a missing count; counts and weights must be finite "
            "numbers that are not negative: fill it in, with 0 if the word does not occur (df.fillna(0))"
        )
    exact = isinstance(value, Rational)  # an int or a Fraction: finite, however large (math.isfinite may overflow)
    if isinstance(value, Real) and value < 0:
        raise ValueError(
            f"{where} has the value {value!r}; counts and weights must be finite numbers that are not "
            "negative (a FeatureHasher gives negative values unless alternate_sign=False)"
        )
    if not isinstance(value, Real) or not value >= 0 or not (exact or math.isfinite(value)):
        raise ValueError(
            f"{where} has the value {value!r}; counts and weights must be finite numbers "
            "that are not negative"
        )
    if exact and value > LARGEST_FLOAT:
        raise ValueError(too_large_count_message(value, where))
    if isinstance(value, float) and value > MAX_FLOAT_COUNT:
        raise ValueError(
            f"{where} has the count {value!r}, a float above 2**53, where floats can no longer add 1 "
            "exactly (1e16 + 1 == 1e16), so the counts would not add up; pass whole counts as ints, "
            "which add up exactly"
        )
    return value


def too_large_count_message(value, where, what="the count"):
    """Why an exact count above the largest float is refused, and what to do (``what``: the count, or a sum of them)."""
    return (
        f"{where} has {what} {shown_number(value)}, larger than the largest float (about 1.8e308): "
        "Python holds it exactly, but the formulas turn counts into floats (probabilities, weights), "
        "and this one cannot become one; scale the counts down (divide them by a common factor), or "
        "check how they were made"
    )


def checked_counts(values, where):
    """``values`` itself if the quick check passes, else a list of each value checked and made a plain number."""
    if all_plain_counts(values):
        return values
    return [checked_count(value, where) for value in values]


def is_dense_row(document):
    """True for a row of numbers such as [2, 0, 1] or a 1-D numpy array of numbers (its first item decides)."""
    if isinstance(document, (list, tuple)):
        return len(document) > 0 and not isinstance(document[0], str)
    if type(document) is str or type(document) is dict:  # the usual forms, decided quickly
        return False
    if ndim_of(document) == 1 and not hasattr(document, "to_dict"):  # a numpy row, read as a list
        return len(document) > 0 and not isinstance(document[0], str)
    return False


def count_tokens(tokens):
    """{token: x_t}, how often each token occurs in one document, as a plain dict in order of first occurrence.

    ``_count_elements`` is the loop ``Counter.update`` runs, written in C:
    ``counts[t] = counts.get(t, 0) + 1`` for each token t, without a step of
    the interpreter per token and without a frame outside this package.

    >>> count_tokens(["chinese", "beijing", "chinese"])
    {'chinese': 2, 'beijing': 1}
    """
    counts = {}
    _count_elements(counts, tokens)  # counts[t] = counts.get(t, 0) + 1, for each token t
    return counts


def document_form(document, where="the document"):
    """"words" for a text, a token list or a {word: count} dict; "dense" for a row of numbers.

    A model trained on one form cannot read the other: the words of a dense
    row are column numbers, and the words of the other forms are strings
    (or a dict's keys).

    >>> document_form("Chinese Beijing"), document_form({"tokyo": 1}), document_form([2, 0, 1])
    ('words', 'words', 'dense')
    """
    if type(document) is str or type(document) is dict:  # the usual forms, by their type
        return "words"
    if is_dense_row(document):
        return "dense"
    if isinstance(document, (str, list, tuple, Mapping)):  # (an empty list is an empty token list)
        return "words"
    if ndim_of(document) == 1:  # a pandas Series {word: count}, or a 1-D numpy array of strings
        return "words"
    raise unknown_form_error(document, where)


def document_bag(document, tokenizer, where="the document"):
    """One document as a bag of words: its list of tokens, or its {feature: count} dict.

    A text gives the tokenizer's list and a token list gives itself (every
    occurrence of a word listed once); the other forms give their counts.
    Both are bags: a word's count is how often the list holds it.
    """
    if type(document) is str:
        tokens = tokenizer(document)
        if type(tokenizer) is not Tokenizer:  # our own Tokenizer always gives a list of strings
            check_tokenizer_output(tokens, tokenizer, where)
        return tokens
    if type(document) is list and set(map(type, document)) <= {str}:  # a token list, checked in C
        return document
    return document_counts(document, tokenizer, where)


def document_counts(document, tokenizer, where="the document"):
    """The {feature: count} form of one document (see the module docstring for the forms)."""
    if isinstance(document, str):
        tokens = tokenizer(document)
        if type(tokenizer) is not Tokenizer:  # our own Tokenizer always gives a list of strings
            check_tokenizer_output(tokens, tokenizer, where)
        return count_tokens(tokens)
    if type(document) is dict or type(document) is not list and isinstance(document, Mapping):
        values = document.values()
        counts = checked_counts(values, where)
        return document if counts is values else dict(zip(document, counts))
    if isinstance(document, (list, tuple)):
        if all(isinstance(item, str) for item in document):  # a token list (or empty)
            return count_tokens(document)
        if not any(isinstance(item, str) for item in document):  # a dense numeric row
            return dict(enumerate(checked_counts(document, where)))
        token = next(item for item in document if not isinstance(item, str))
        raise TypeError(
            f"{where} mixes strings with {token!r}; a token list must hold only strings "
            "(a dense row only numbers)"
        )
    if ndim_of(document) == 1:  # a numpy row (a list of counts) or a pandas Series ({word: count})
        plain = document.to_dict() if hasattr(document, "to_dict") else document.tolist()
        return document_counts(plain, tokenizer, where)
    raise unknown_form_error(document, where)


def unknown_form_error(document, where):
    """The error for a document that is none of the four forms."""
    if isinstance(document, bytes):
        return TypeError(
            f"{where} is bytes ({document[:20]!r}); decode it into a string first: document.decode('utf-8')"
        )
    if is_missing(document):
        return TypeError(
            f"{where} is {document!r}, a missing document; drop it, or pass '' for an empty text"
        )
    ndim = ndim_of(document)
    if ndim is not None and ndim != 1:
        return TypeError(
            f"{where} has {ndim} dimensions ({type(document).__name__}); a document is one row "
            "(pass a 2-D array of counts as X itself, not inside a list)"
        )
    return TypeError(
        f"{where} is a {type(document).__name__}; a document must be a string, a list of "
        "token strings, a {feature: count} dict, or a list of numbers"
    )


def check_tokenizer_output(tokens, tokenizer, where):
    """Raise a clear error unless a custom tokenizer gave a list (or tuple) of strings."""
    if (type(tokens) is list or type(tokens) is tuple) and set(map(type, tokens)) <= {str}:
        return  # the usual result, checked in C
    name = getattr(tokenizer, "__qualname__", None) or repr(tokenizer)
    fix = f"a tokenizer (here {name}) must turn one text into a list of strings, such as Tokenizer()"
    if not isinstance(tokens, (list, tuple)):
        returned = "None" if tokens is None else f"{a_kind(tokens)} ({tokens!r:.40})"
        raise TypeError(f"{where}: the tokenizer returned {returned}, not a list of tokens; {fix}")
    for token in tokens:  # (a str subclass, such as numpy's str_, is a string too)
        if not isinstance(token, str):
            raise TypeError(
                f"{where}: the tokenizer returned a list holding {token!r} ({type(token).__name__}), "
                f"not only strings; {fix}"
            )


def check_documents(X, name="X"):
    """X as a list of documents, with a clear error for a single document or a non-list."""
    if type(X) is list:  # the usual X, decided quickly
        if X and type(X[0]) in (list, tuple) and X[0] and isinstance(X[0][0], str):
            refuse_texts_in_a_column(X, name)  # [["a text"], ...]: columns of texts, not token lists
        return list(X)
    if isinstance(X, (str, bytes, Mapping)):
        raise TypeError(
            f"{name} must be a list of documents, but it is a single "
            f"{type(X).__name__}; wrap one document in a list: [document]"
        )
    if isinstance(X, (set, frozenset)):
        raise TypeError(
            f"{name} is a {type(X).__name__}, which has no fixed order; pass a list of documents, one per example"
        )
    ndim = ndim_of(X)
    if ndim is not None:
        return array_documents(X, ndim, name)
    refuse_no_length(name, X, "documents")
    try:
        return list(X)
    except TypeError:
        raise TypeError(f"{name} must be a list of documents, not {type(X).__name__}") from None


# The most words a token of a token list may hold: the Tokenizer's longest n-gram.  A longer
# "token" (or one with a line break) is a text.
MAX_WORDS_IN_A_TOKEN = 10


def refuse_texts_in_a_column(X, name="X"):
    """Raise a clear error for a list of one-element lists of texts, such as ``df[["text"]].values.tolist()``.

    Each would be a token list of one token, the whole text as one "word".  A
    list of one-word token lists (``[["spam"], ["ham"]]``) is fine: only a
    "token" holding a space, which no tokenizer makes, shows it is a text.
    """
    first = X[0]
    if len(first) > 1:  # [["a subject", "a body"], ...]: a token is never a whole text of many words or lines
        if any(type(item) is str and ("\n" in item or len(item.split()) > MAX_WORDS_IN_A_TOKEN) for item in first):
            raise TypeError(
                f"{name}[0] is a list of {len(first)} texts (such as df[['subject', 'body']].values.tolist()), "
                f"so each whole text would be one word; pass one text per document: [' '.join(row) for row in "
                f"{name}], or one column (df['body'])"
            )
        return
    for document in X:
        if type(document) not in (list, tuple) or len(document) != 1 or not isinstance(document[0], str):
            return
    if any(not document[0].strip() or any(character.isspace() for character in document[0]) for document in X):
        raise TypeError(
            f"{name} is one column of texts (a list of one-element lists, such as df[['text']].values.tolist()), "
            f"so each whole text would be one word; pass a list of texts, one per document: "
            f"[row[0] for row in {name}] (from a DataFrame, df['text'])"
        )


def array_documents(X, ndim, name="X"):
    """The documents of a numpy array or pandas object, as plain lists and dicts (see the module docstring)."""
    kind = type(X).__name__
    if is_sparse_matrix(X):  # such as CountVectorizer().fit_transform(texts)
        return sparse_rows(name, X, "texts")
    if is_data_frame(X):
        for column, dtype in zip(X.columns, X.dtypes):
            if getattr(dtype, "kind", None) not in NUMBER_KINDS:
                raise TypeError(
                    f"{name} is a DataFrame whose column {column!r} does not hold numbers; a text model "
                    f"takes a DataFrame of counts (a column per word), or texts: pass the column of "
                    f"texts itself, X[{column!r}]"
                )
        return frame_records(name, X)
    if ndim == 2:
        if getattr(getattr(X, "dtype", None), "kind", None) not in NUMBER_KINDS:  # (n, 1) of texts, from df[["text"]]
            one = "its one column: X[:, 0] or X.ravel()" if X.shape[1] == 1 else "one column, X[:, 0], or the columns joined"
            raise TypeError(
                f"{name} is a 2-D {kind} of shape {tuple(X.shape)} holding texts, but a text model takes a list "
                f"of texts, one per document; pass {one} (from a DataFrame, df['text'] rather than df[['text']])"
            )
        return X.tolist()  # dense rows of counts
    if ndim == 1:
        if getattr(getattr(X, "dtype", None), "kind", None) in NUMBER_KINDS:
            one = "X.to_frame().T" if hasattr(X, "to_frame") else "X.reshape(1, -1)"  # (a Series, an array)
            raise ValueError(
                f"{name} is a 1-D {kind} of {len(X)} numbers: one document, or one number per document? "
                f"A text model takes one document per row: a 2-D array of counts (for one document "
                f"{one}), or texts"
            )
        return X.tolist()  # texts (or token lists, or dicts)
    raise ValueError(
        f"{name} has {ndim} dimensions (shape {tuple(X.shape)}, {type(X).__name__}); a text model takes a "
        "list of documents, such as texts or a 2-D array of counts with one row per document"
    )
