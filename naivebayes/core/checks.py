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
"""

import math
from numbers import Real

__all__ = [
    "NotFittedError",
    "as_list",
    "check_labels",
    "check_smoothing",
    "MAX_SMOOTHING",
    "check_choice",
    "is_missing",
    "sorted_labels",
]


class NotFittedError(ValueError):
    """The model was asked for something that only training can give: call fit first."""


def as_list(name, values, what="entries"):
    """``values`` as a new list, or an error that says how to fix the call.

    Refuses a single string (a common slip for a list of labels) and sets or
    dicts (they have no fixed order to pair up with another list).
    """
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} is a single string ({values!r}); pass a list of {what}, one per example")
    if isinstance(values, (set, frozenset, dict)):
        raise TypeError(
            f"{name} is a {type(values).__name__}, which has no fixed order; pass a list of {what}, one per example"
        )
    if not hasattr(values, "__len__") or not hasattr(values, "__iter__"):
        raise TypeError(
            f"{name} must be a list of {what}, got {type(values).__name__}; "
            "wrap it in list(...) if it is a generator"
        )
    return list(values)


def is_missing(value):
    """True for the two ways a value can be missing: ``None``, or a float NaN (an empty pandas cell)."""
    return value is None or (isinstance(value, float) and value != value)


def check_labels(y, n_examples, name="y", noun="example"):
    """``y`` as a list of ``n_examples`` hashable, present labels (``noun``: what X holds)."""
    y = as_list(name, y, what="labels")
    if len(y) != n_examples:
        raise ValueError(
            f"X has {n_examples} {noun}s but {name} has {len(y)} labels; they must match one to one"
        )
    for i, label in enumerate(y):
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
    return y


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


# The largest pseudo-count accepted: 2**53.  Beyond it a float can no longer tell
# alpha from alpha + 1, so adding a real count to it changes nothing and the
# training data would be ignored.
MAX_SMOOTHING = 2**53


def check_smoothing(name, value, hint="1 is Laplace smoothing"):
    """A smoothing pseudo-count: a real number from 0 to 2**53 (int, Fraction or float; not a bool)."""
    if isinstance(value, bool) or not isinstance(value, Real) or not value >= 0 or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number >= 0 ({hint}), not {value!r}")
    if value > MAX_SMOOTHING:
        raise ValueError(
            f"{name}={value!r} is larger than 2**53 (about 9.0e15), where a float can no longer tell "
            f"{name} from {name} + 1, so the training counts would change nothing; use a smaller {name} ({hint})"
        )
    return value


def check_choice(name, value, choices):
    """``value`` if it is one of ``choices``, else an error that lists them."""
    if value not in choices:
        listed = ", ".join(repr(choice) for choice in choices)
        raise ValueError(f"{name} must be one of {listed}; got {value!r}")
    return value
