"""The checks every public method makes once, at the boundary, and the library's own errors.

A public method checks what a student passed in and raises one of these
errors with a message that names the problem and the fix.  Everything it then
calls trusts its arguments, so a debugger step into a formula is not three
checks deep.

>>> as_list("y", {"spam", "ham"})
Traceback (most recent call last):
...
TypeError: y is a set, which has no fixed order; pass a list of entries, one per example
>>> check_labels([None, "ham"], n_examples=2)
Traceback (most recent call last):
...
ValueError: y[0] is None, a missing label; every training example needs its class (drop the examples whose label is missing)

numpy arrays and pandas objects are welcome at the boundary, but this package
never imports numpy or pandas: it recognises them by what they can do (an
``ndim``, a ``tolist``, a ``to_dict``, ``columns``) and turns them into plain
Python lists, dicts and values there, so everything past the boundary sees
only plain Python.  The rules:

* a 1-D array or a Series becomes ``values.tolist()`` (plain ints, floats, strs);
* a numpy scalar such as ``np.int64(3)`` becomes ``value.item()``, the Python
  value it holds (``3``), so counts add up as Python ints, which never wrap
  around (two ``np.uint8(200)`` add up to 144, two ``200`` to 400);
* a missing value is ``None``, a NaN (``float("nan")``, ``np.nan``, ``pd.NaT``:
  any value not equal to itself) or ``pd.NA`` (whose ``==`` has no truth value);
* labels ``y`` given as a column, of shape (n, 1), are taken as the column
  after a warning, as scikit-learn does; more columns are an error;
* a model keeps (and saves) its classes as plain values, and ``predict``
  gives back the objects the user passed (``np.int64(1)`` for a label from
  an array: ``label_objects``); labels Python would take as one (``True``
  and ``1``) are refused, since a dict would make them one class.

How a table ``X`` becomes rows or documents is the business of the input layer
(``naivebayes/tables/rows.py``, ``naivebayes/text/documents.py``), which uses
the helpers here.
"""

import datetime
import math
import os
import sys
import warnings
from collections.abc import Mapping
from fractions import Fraction
from numbers import Rational, Real

__all__ = []  # (nothing here is called by a user: the models and the pages use it)


class NotFittedError(ValueError):
    """The model was asked for something that only training can give: call fit first."""


# The value types that need no conversion: what Python itself makes.
PLAIN_TYPES = frozenset({int, float, str, bool})


def ndim_of(values):
    """The number of dimensions of a numpy array or a pandas object; None for anything else (such as a list)."""
    ndim = getattr(values, "ndim", None)
    return ndim if type(ndim) is int and hasattr(values, "shape") else None


SPARSE_CELL_LIMIT = 20_000_000  # cells of a sparse matrix made dense: about 160 MB of list slots


def is_sparse_matrix(values):
    """True for a scipy sparse matrix (recognised by ``toarray`` and ``nnz``; scipy is never imported)."""
    return ndim_of(values) == 2 and hasattr(values, "toarray") and hasattr(values, "nnz")


def sparse_rows(name, matrix, what):
    """A scipy sparse matrix as dense list rows, as ``matrix.toarray().tolist()``, if it is small enough.

    A bag-of-words matrix from scikit-learn's ``CountVectorizer`` is sparse;
    its dense rows are what this package reads.  A matrix too large to make
    dense is refused, with what to pass instead.
    """
    n_rows, n_columns = matrix.shape
    if n_rows * n_columns > SPARSE_CELL_LIMIT:
        raise ValueError(
            f"{name} is a sparse matrix of shape {n_rows} x {n_columns}, too large to read as dense rows "
            f"(more than {SPARSE_CELL_LIMIT:,} cells); pass the {what} themselves instead (a text model "
            "counts texts with its own Tokenizer), or a slice of the columns"
        )
    return matrix.toarray().tolist()


def is_data_frame(values):
    """True for a pandas DataFrame (or anything with its shape): 2-D, with named ``columns`` and ``to_dict``."""
    return ndim_of(values) == 2 and hasattr(values, "columns") and hasattr(values, "to_dict")


def a_kind(value):
    """"a DataFrame", "an ndarray": the kind of ``value`` with its article, for messages."""
    kind = type(value).__name__
    return f"an {kind}" if kind[0] in "aeiouAEIOU" else f"a {kind}"


def frame_records(name, frame):
    """The rows of a DataFrame as dicts ``{column name: value}`` (``to_dict("records")``); its names must be unique."""
    seen = set()
    for column in frame.columns:
        if column in seen:
            raise ValueError(
                f"{name} has two columns named {column!r}; each feature needs a name of its own, "
                "so rename one (X.columns = [...])"
            )
        seen.add(column)
    return frame.to_dict("records")


def is_number(value):
    """True for a real number that is not a bool: an int, float or Fraction, or a numpy number (a bool is a yes/no category)."""
    kind = type(value)
    if kind is int or kind is float or kind is Fraction:  # the plain values, decided without an abstract class
        return True
    if kind is str or kind is bool or value is None:
        return False
    return isinstance(value, Real)  # (numpy's numbers, by what they register as)


def is_date_or_time(value):
    """True for a date, a time of day or a duration: ``datetime``'s date, datetime, time and timedelta
    (pandas' Timestamp and Timedelta are those), and numpy's datetime64 and timedelta64 (by their dtype kind, M or m).

    >>> is_date_or_time(datetime.date(2024, 3, 1)), is_date_or_time("2024-03-01")
    (True, False)
    """
    if isinstance(value, (datetime.date, datetime.time, datetime.timedelta)):
        return True
    return getattr(getattr(value, "dtype", None), "kind", None) in ("M", "m")


def refuse_date(where, feature, value):
    """A date or time in a table is refused, saying what to turn it into (every kind of feature calls this)."""
    if is_date_or_time(value):
        raise ValueError(
            f"{where}: feature {feature!r} has the value {value!r:.60}, a date or time, which a naive Bayes model "
            "cannot take as it is (each date would be a category of its own); convert it to a number, such as the "
            "day of the year, or to a category, such as the month, yourself"
        )


def plain_value(value):
    """A numpy scalar (``np.int64(3)``, ``np.float32(0.5)``, ``np.bool_(True)``) as the Python value it holds.

    ``.item()`` gives the Python int, float, bool or str; any other value is
    returned as it is.

    >>> plain_value(7), plain_value("seven")
    (7, 'seven')
    """
    if type(value) in PLAIN_TYPES:
        return value
    if ndim_of(value) == 0 and hasattr(value, "item"):  # a numpy scalar (or a 0-d array)
        if getattr(getattr(value, "dtype", None), "kind", None) in ("M", "m"):
            return value  # a numpy date or duration: its item() may be a bare count of nanoseconds
        return value.item()
    return value


def refuse_not_a_list(name, values, what):
    """Raise a clear error for a single string, a set or a dict (or other mapping) where a list is wanted.

    A pandas Series has ``keys`` and ``items`` too, but it is not a Mapping, so
    it is not taken for a dict here: it is a list of values (``tolist``).
    """
    kind = type(values)
    if kind is list or kind is tuple:  # the usual lists, decided without an abstract class
        return
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} is a single string ({values!r}); pass a list of {what}, one per example")
    if isinstance(values, (set, frozenset)) or isinstance(values, dict) or (
        ndim_of(values) is None and isinstance(values, Mapping)  # (an array or a pandas object is no Mapping)
    ):
        kind = type(values).__name__ if isinstance(values, (set, frozenset)) else "dict"
        raise TypeError(
            f"{name} is a {kind}, which has no fixed order; pass a list of {what}, one per example"
        )


def refuse_no_length(name, values, what):
    """Raise a clear error for something with no length, such as a generator (it can be read only once)."""
    if values is None:
        raise TypeError(f"{name} is None; pass a list of {what}")
    if not hasattr(values, "__len__") or not hasattr(values, "__iter__"):
        raise TypeError(
            f"{name} must be a list of {what}, got {type(values).__name__}; "
            "wrap it in list(...) if it is a generator"
        )


def as_list(name, values, what="entries"):
    """``values`` as a new list, or an error that says how to fix the call.

    Refuses a single string (a common slip for a list of labels), sets and
    dicts (they have no fixed order to pair up with another list) and
    generators.  A numpy array or pandas Series becomes ``values.tolist()``
    (a 2-D array: a list of rows), a DataFrame its rows as dicts
    (``to_dict("records")``).
    """
    refuse_not_a_list(name, values, what)
    ndim = ndim_of(values)
    if ndim is not None:
        if ndim == 0:
            raise TypeError(f"{name} is a single value ({values!r}); pass a list of {what}, one per example")
        if is_data_frame(values):
            return frame_records(name, values)
        return values.tolist()
    refuse_no_length(name, values, what)
    return list(values)


def is_missing(value):
    """True for a missing value: ``None``, a NaN, or pandas' ``NaT`` and ``NA``.

    A NaN (``float("nan")``, ``np.nan``, ``np.float32("nan")``) and ``pd.NaT``
    are the values not equal to themselves; ``pd.NA == pd.NA`` is ``pd.NA``
    again, whose truth value raises a TypeError, which marks it as missing too.

    >>> is_missing(None), is_missing(float("nan")), is_missing(0), is_missing("")
    (True, True, False, False)
    """
    if value is None:
        return True
    try:
        return not (value == value)
    except TypeError:  # pd.NA: "boolean value of NA is ambiguous"
        return True
    except ValueError:  # an array of several values: not a missing value (nor a label)
        return False


def warn_from_caller(message):
    """Warn with the line of the student's code that called into the package (not a line inside it).

    ``stacklevel`` counts frames up from ``warnings.warn``; the loop walks up
    past every frame whose file is inside this package (``fit`` reaches here
    through more frames than ``score`` does).
    """
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame, level = sys._getframe(1), 2  # stacklevel 1 is this function, 2 the one that called it, ...
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package + os.sep):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, UserWarning, stacklevel=level)


def label_column(name, y):
    """``y`` itself, or its one column if it is a 2-D array or DataFrame of shape (n, 1) (with a warning)."""
    ndim = ndim_of(y)
    if ndim is None or ndim < 2:
        return y
    shape = tuple(y.shape)
    if ndim > 2 or shape[1] != 1:
        fix = "df['label']" if is_data_frame(y) else "y[:, 0]"
        raise ValueError(
            f"{name} has the shape {shape}, but a classifier takes a 1-D list of labels, one per "
            f"example; pass the one column (or row) that holds them, such as {fix}"
        )
    fix = "y.iloc[:, 0] (or df['label'])" if is_data_frame(y) else "y.ravel()"
    warn_from_caller(
        f"{name} is a column of shape {shape}, but a classifier takes a 1-D list of labels; "
        f"its one column was used: pass {fix} to say so"
    )
    if is_data_frame(y):
        return next(iter(y.to_dict("list").values()))
    return [row[0] for row in y.tolist()]


def check_label(name, i, label):
    """One label as a plain Python value, or a clear error if it is missing or cannot be a label."""
    label = plain_value(label)
    if is_missing(label):
        raise ValueError(
            f"{name}[{i}] is {label!r}, a missing label; every training example needs its class "
            "(drop the examples whose label is missing)"
        )
    try:
        hash(label)
    except TypeError:
        raise TypeError(
            f"{name}[{i}] = {label!r} cannot be a label: labels must be hashable, such as strings or numbers"
        ) from None
    return label


def check_labels(y, n_examples, name="y", noun="example", examples_name="X"):
    """``y`` as a list of ``n_examples`` hashable, present labels (``noun``: what X holds).

    Labels that are all strs or ints are decided by one quick look (neither
    can be missing or unhashable); any other label is checked on its own, and
    a numpy scalar becomes the Python value it holds.
    """
    y = list(y) if type(y) is list else as_list(name, label_column(name, y), what="labels")
    if len(y) != n_examples:
        raise ValueError(
            f"{examples_name} has {n_examples} {noun}s but {name} has {len(y)} labels; they must match one to one"
        )
    if set(map(type, y)) <= {str, int}:  # the usual labels, checked in C
        return y
    labels = [check_label(name, i, label) for i, label in enumerate(y)]
    refuse_bools_equal_to_numbers(name, labels, "class", "give the labels one kind, such as all strings")
    return labels


def refuse_bools_equal_to_numbers(name, values, what, fix):
    """Raise a clear error when ``values`` hold a bool and a number equal to it (True and 1, False and 0.0).

    Python takes them as one value (``True == 1`` and ``hash(True) == hash(1)``),
    so a dict would make them one ``what`` without a word.
    """
    kinds = set(map(type, values))
    if bool not in kinds or len(kinds) == 1:
        return
    first = {}
    for value in values:
        seen = first.setdefault(value, value)
        if (type(seen) is bool) != (type(value) is bool):
            raise ValueError(
                f"{name} holds both {seen!r} and {value!r}, which Python takes as one value ({seen!r} == {value!r}), "
                f"so they would become one {what}; {fix}"
            )


def label_objects(y, labels):
    """{label: the object the user passed for it}, for the labels that are not the plain Python value the model keeps.

    A numpy array of labels holds numpy scalars (``np.int64(1)``); the model
    keeps and saves their plain values (``1``), and ``predict`` gives back the
    user's own objects.  Empty when every label is already plain (the usual case).
    """
    if type(y) is not list:
        if ndim_of(y) != 1 or hasattr(y, "to_dict"):  # (a pandas Series gives plain values already)
            return {}
        y = list(y)  # the array's own scalars
    if set(map(type, y)) <= PLAIN_TYPES:
        return {}
    return {label: given for given, label in zip(y, labels) if type(given) is not type(label)}


def sorted_labels(labels):
    """The labels in sorted order, with a clear error when they cannot be compared."""
    try:
        return sorted(labels)
    except TypeError:
        kinds = sorted({type(label).__name__ for label in labels})
        raise TypeError(
            f"labels of different kinds ({', '.join(kinds)}) cannot be sorted into classes_; "
            "use labels of one kind, such as all strings"
        ) from None


# The largest float, about 1.8e308: an int or a Fraction beyond it has no float.
LARGEST_FLOAT = sys.float_info.max


def power_of_ten(value):
    """"about 10**400" (or "about -10**400"): an int or Fraction too long to print, named by its size.

    >>> power_of_ten(3 * 10**400), power_of_ten(-10**399)
    ('about 10**400', 'about -10**399')
    """
    numerator, denominator = value.numerator, value.denominator
    exponent = math.floor(math.log10(abs(numerator)) - math.log10(denominator))
    return f"about {'-' if value < 0 else ''}10**{exponent}"


def shown_number(value):
    """``repr(value)`` for a message, or "about 2.0e400" for an int too long to show in one.

    (Python refuses to turn an int of more than 4,300 digits into text at all.)

    >>> shown_number(12), shown_number(2 * 10**400)
    ('12', 'about 2.0e400')
    """
    if isinstance(value, int) and abs(value) > 10**50:
        exponent = math.floor(math.log10(abs(value)))
        return f"about {value / 10**exponent:.1f}e{exponent}"  # (int / int is exactly rounded, however large)
    return repr(value)


def sorted_keys(keys):
    """The keys sorted; keys of kinds that cannot be compared (say str and int) by kind first.

    >>> sorted_keys(["b", "a"]), sorted_keys(["b", None, 3, "a"])
    (['a', 'b'], [None, 3, 'a', 'b'])
    """
    try:
        return sorted(keys)
    except TypeError:
        return sorted(keys, key=kind_and_repr)


def kind_and_repr(key):
    """("int", "3"): a sort key that any two keys have."""
    return type(key).__name__, repr(key)


# The largest pseudo-count accepted: 2**53.  Beyond it a float can no longer tell
# alpha from alpha + 1, so adding a real count to it changes nothing and the
# training data would be ignored.
MAX_SMOOTHING = 2**53


def check_smoothing(name, value, hint="1 is Laplace smoothing"):
    """A smoothing pseudo-count: a real number from 0 to 2**53 (int, Fraction or float; not a bool)."""
    kind = type(value)
    if kind is int or kind is float or kind is Fraction:  # the usual values, decided without an abstract class
        exact, real = kind is not float, True
    else:  # (a numpy number, by what it registers as)
        exact, real = isinstance(value, Rational), kind is not bool and isinstance(value, Real)
    # an int or a Fraction is finite, however large (math.isfinite may overflow)
    if not real or not value >= 0 or not (exact or math.isfinite(value)):
        raise ValueError(f"{name} must be a finite number >= 0 ({hint}), not {value!r}")
    if value > MAX_SMOOTHING:
        raise ValueError(
            f"{name}={shown_number(value)} is larger than 2**53 (about 9.0e15), where a float can no longer tell "
            f"{name} from {name} + 1, so the training counts would change nothing; use a smaller {name} ({hint})"
        )
    return value


def check_bool(name, value, hint):
    """``value`` as a plain True or False (a numpy bool too), else a clear error; ``hint`` says what False does."""
    value = plain_value(value)
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False ({hint}), not {shown_number(value):.60}")
    return value


def check_choice(name, value, choices):
    """``value`` if it is one of ``choices``, else an error that lists them."""
    if value not in choices:
        listed = ", ".join(repr(choice) for choice in choices)
        raise ValueError(f"{name} must be one of {listed}; got {value!r}")
    return value


class SettingDict(dict):
    """A setting given as a dict (``class_prior``, ``categories``): read and printed as a dict, never changed in place.

    A model checks a setting and builds its lookup tables from it when it is
    assigned (``model.class_prior = {...}``).  A change made inside the dict
    would skip both, so it is refused with the fix: assign a new dict.
    """

    def _refuse(self, *args, **kwargs):
        raise TypeError(
            "a model's setting cannot be changed in place; assign a new one instead, such as "
            "model.class_prior = {'spam': 0.5, 'ham': 0.5}, so that the model checks it and rebuilds its tables"
        )

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def copy(self):
        return dict(self)

    def __reduce__(self):  # (copy, deepcopy and pickle make a new one from a plain dict)
        return type(self), (dict(self),)


def as_setting(value):
    """A dict setting as a ``SettingDict``, a list one as a tuple: copies that cannot be changed in place.

    (Later changes to the caller's dict or list cannot reach the model either.)
    """
    if isinstance(value, dict):
        return SettingDict(value)
    return tuple(value) if type(value) is list else value


def warn_from_caller_as(category, message):
    """``warn_from_caller`` with a warning class of its own (such as a table reader's), so it can be filtered."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame, level = sys._getframe(1), 2
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package + os.sep):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, category, stacklevel=level)


class CheckedSetting:
    """A setting of a model outside the naive Bayes skeleton (logistic regression, EM), checked when assigned.

    ``model.alpha = -1`` after construction is refused at once.

    The new value goes through the model's constructor with the model's other
    settings (its checks, and the form it keeps the value in); a refused value
    changes nothing.  While the constructor stores its settings (not all of
    them are there yet) the value is stored as it is: the constructor checks
    them itself.  Reading ``model.alpha`` is a plain attribute read (this class
    has no ``__get__``), so a debugger never stops here on a read.
    """

    def __init__(self, name):
        self.name = name

    def __set__(self, model, value):
        if all(name in model.__dict__ for name in type(model).settings):
            checked = type(model)(**{**model.get_params(), self.name: value})  # raises here if the value is wrong
            value = checked.__dict__[self.name]
        model.__dict__[self.name] = value

    def __repr__(self):
        return f"CheckedSetting({self.name!r})"
