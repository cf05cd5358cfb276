"""Hold some examples back: split a data set into a training part and a test part.

The split shuffles the positions ``0 .. n-1`` with ``random.Random(random_state)``
and puts the first ``n_test`` shuffled positions in the test part.  Only
``Random.shuffle`` is used, whose results for a given seed are the same on
every machine and Python version, so a seed names one split for everybody.

>>> X = ["win cash", "meeting at 3", "cheap pills", "lunch?", "free prize", "see you"]
>>> y = ["spam", "ham", "spam", "ham", "spam", "ham"]
>>> X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=2, random_state=0)
>>> len(X_train), len(X_test)
(4, 2)
>>> sorted(X_train + X_test) == sorted(X)  # every example lands in exactly one part
True
"""

import math
import random
from fractions import Fraction

from naivebayes.core.checks import as_list

__all__ = ["train_test_split"]


def _number_of_test_items(test_size, n):
    """How many of the ``n`` examples go to the test part (a share is rounded up)."""
    if isinstance(test_size, bool) or not isinstance(test_size, (int, float)):
        raise TypeError(
            f"test_size={test_size!r}; pass a float between 0 and 1 (a share, such as 0.25) "
            f"or an int (a number of test examples)"
        )
    if isinstance(test_size, float):
        if not 0 < test_size < 1:
            raise ValueError(
                f"test_size={test_size!r}; a float is a share and must lie strictly between 0 and 1 "
                f"(pass an int to give a number of test examples)"
            )
        n_test = math.ceil(test_size * n)  # as scikit-learn rounds
    else:
        n_test = test_size
    if not 1 <= n_test <= n - 1:
        raise ValueError(
            f"test_size={test_size!r} gives {n_test} test examples out of {n}; "
            f"both the training and the test part need at least one example"
        )
    return n_test


def _check_random_state(random_state):
    """``None`` or a whole number >= 0: each allowed seed names a split of its own."""
    if random_state is None:
        return
    if isinstance(random_state, bool) or not isinstance(random_state, int):
        raise TypeError(
            f"random_state={random_state!r} is a {type(random_state).__name__}; pass a whole number "
            f"seed such as 0 or 42, or None for a new split on every call"
        )
    if random_state < 0:
        # random.Random seeds with abs(seed), so -1 would quietly repeat the split of 1.
        raise ValueError(
            f"random_state={random_state} is negative, and random.Random uses only its size, so the "
            f"split would be the same as with {-random_state}; pass a seed >= 0 such as 0 or 42, or None"
        )


def _test_quota_per_label(y, n_test):
    """{label: test examples for it}: shares of n_test by label, largest remainders get the rest."""
    n = len(y)
    n_per_label = {}
    for position, label in enumerate(y):  # labels in order of first appearance
        try:
            n_per_label[label] = n_per_label.get(label, 0) + 1
        except TypeError:
            raise TypeError(
                f"y[{position}] = {label!r} cannot be a label to stratify by; use strings, numbers or tuples"
            ) from None
    exact_quota = {label: Fraction(n_test * n_k, n) for label, n_k in n_per_label.items()}
    quota = {label: math.floor(share) for label, share in exact_quota.items()}
    left_over = n_test - sum(quota.values())
    by_remainder = sorted(exact_quota, key=lambda label: exact_quota[label] - quota[label], reverse=True)
    for label in by_remainder[:left_over]:  # sorted() is stable: ties keep first-appearance order
        quota[label] += 1
    return quota


def train_test_split(X, y, test_size=0.25, random_state=None, stratify=False):
    """Split ``X`` and ``y`` into ``X_train, X_test, y_train, y_test`` (four new lists).

    ``test_size`` is a share of the examples when it is a float in (0, 1)
    (rounded up: ``ceil(test_size * n)``, as scikit-learn does) or a number of
    examples when it is an int.  ``random_state`` is the seed; ``None`` gives a
    different split on every call.  With ``stratify=True`` each label keeps
    (as nearly as whole numbers allow) its share in both parts.  The input
    lists are never modified.

    >>> y = ["spam"] * 4 + ["ham"] * 8
    >>> X = list(range(12))
    >>> X_train, X_test, y_train, y_test = train_test_split(
    ...     X, y, test_size=0.25, random_state=1, stratify=True)
    >>> y_test.count("spam"), y_test.count("ham")
    (1, 2)
    """
    _check_random_state(random_state)  # the settings first, then the data
    X = as_list("X", X)
    y = as_list("y", y)
    if len(X) != len(y):
        raise ValueError(
            f"X has {len(X)} examples but y has {len(y)} labels; "
            f"they must pair up one to one (y[i] is the label of X[i])"
        )
    n = len(X)
    if n == 0:
        raise ValueError("X and y are empty; there is nothing to split")
    if n == 1:
        raise ValueError("X and y hold one example; a split needs at least two")
    n_test = _number_of_test_items(test_size, n)

    shuffled = list(range(n))
    random.Random(random_state).shuffle(shuffled)

    if stratify:
        quota = _test_quota_per_label(y, n_test)
        test_positions, train_positions = [], []
        for i in shuffled:  # per label, its first quota[label] shuffled examples go to the test part
            if quota[y[i]] > 0:
                test_positions.append(i)
                quota[y[i]] -= 1
            else:
                train_positions.append(i)
    else:
        test_positions, train_positions = shuffled[:n_test], shuffled[n_test:]

    X_train = [X[i] for i in train_positions]
    X_test = [X[i] for i in test_positions]
    y_train = [y[i] for i in train_positions]
    y_test = [y[i] for i in test_positions]
    return X_train, X_test, y_train, y_test
