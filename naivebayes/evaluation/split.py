"""Hold some examples back: split a data set into a training part and a test part.

``train_test_split`` takes scikit-learn's arguments and returns scikit-learn's
rows, in scikit-learn's order: with the same whole-number ``random_state``
the split is the one ``sklearn.model_selection.train_test_split`` makes, so a
student following notes that split "with ``random_state=42``" gets the same
training and test examples, without numpy.  The draws come from numpy's
legacy generator, rebuilt in ``naivebayes/plumbing/random_numpy.py``; the steps
are on docs/splitting.md.

* Without ``stratify``: permute the positions ``0 .. n-1``; the first
  ``n_test`` permuted positions are the test part, the next ``n_train`` the
  training part (scikit-learn's ``ShuffleSplit``).
* With ``stratify``: share the training and test sizes among the classes
  (``approximate_mode``), permute each class's positions and deal them out,
  then permute each part (scikit-learn's ``StratifiedShuffleSplit``).

>>> X = ["win cash", "meeting at 3", "cheap pills", "lunch?", "free prize", "see you"]
>>> y = ["spam", "ham", "spam", "ham", "spam", "ham"]
>>> X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=2, random_state=0)
>>> X_test                       # sklearn's train_test_split(X, y, test_size=2, random_state=0)
['see you', 'cheap pills']
>>> sorted(X_train + X_test) == sorted(X)  # every example lands in exactly one part
True
"""

import math
import operator

from naivebayes.plumbing.checks import as_list, check_bool, check_label, plain_value, sorted_labels
from naivebayes.plumbing.random_numpy import check_random_state

__all__ = ["train_test_split", "approximate_mode"]


# ---------------------------------------------------------------------------
# How many examples go to each part
# ---------------------------------------------------------------------------


def _size_setting(name, value, n):
    """``test_size`` or ``train_size`` as None, an int (a number of examples) or a float (a share)."""
    value = plain_value(value)
    if value is None:
        return None
    if isinstance(value, float):
        if not 0 < value < 1:
            raise ValueError(
                f"{name}={value!r}; a float is a share and must lie strictly between 0 and 1 "
                f"(pass an int to give a number of examples)"
            )
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(
            f"{name}={value!r}; pass a float between 0 and 1 (a share, such as 0.25) "
            f"or an int (a number of examples)"
        )
    value = operator.index(value)
    if not 0 < value < n:
        raise ValueError(
            f"{name}={value} gives {value} of {n} examples; an int {name} must lie between 1 and {n - 1}, "
            f"so that both the training and the test part hold an example"
        )
    return value


def split_sizes(n, test_size=None, train_size=None):
    """``(n_train, n_test)`` for ``n`` examples, as scikit-learn's ``_validate_shuffle_split`` works them out.

    A float ``test_size`` is rounded up (``ceil(test_size * n)``), a float
    ``train_size`` down (``floor(train_size * n)``); an int is a number of
    examples.  Given one of the two, the other part takes the rest; given
    neither, ``test_size`` is 0.25.  Given both, some examples may be left out.

    >>> split_sizes(10), split_sizes(10, test_size=0.33), split_sizes(10, train_size=0.75)
    ((7, 3), (6, 4), (7, 3))
    >>> split_sizes(10, test_size=2, train_size=5)
    (5, 2)
    """
    test_size = _size_setting("test_size", test_size, n)
    train_size = _size_setting("train_size", train_size, n)
    if test_size is None and train_size is None:
        test_size = 0.25
    if isinstance(test_size, float) and isinstance(train_size, float) and test_size + train_size > 1:
        raise ValueError(
            f"test_size={test_size} and train_size={train_size} add up to {test_size + train_size}, "
            f"more than the whole data set; make them add up to at most 1"
        )
    n_test = math.ceil(test_size * n) if isinstance(test_size, float) else test_size
    n_train = math.floor(train_size * n) if isinstance(train_size, float) else train_size
    if train_size is None:
        n_train = n - n_test
    elif test_size is None:
        n_test = n - n_train
    if n_train + n_test > n:
        raise ValueError(
            f"test_size={test_size!r} and train_size={train_size!r} ask for {n_test} test and {n_train} "
            f"training examples, {n_train + n_test} in all, but there are {n}; make them smaller"
        )
    if n_train == 0:
        raise ValueError(
            f"with {n} examples, test_size={test_size!r} and train_size={train_size!r} leave no training "
            f"example; make test_size smaller or train_size larger"
        )
    if n_test == 0:
        raise ValueError(
            f"with {n} examples, test_size={test_size!r} and train_size={train_size!r} leave no test "
            f"example; make test_size larger or train_size smaller"
        )
    return n_train, n_test


# ---------------------------------------------------------------------------
# Which positions go to each part
# ---------------------------------------------------------------------------


def shuffle_split_positions(n, n_train, n_test, generator):
    """``(train, test)`` positions: permute 0..n-1, the first ``n_test`` are the test part, the next ``n_train`` train.

    This is scikit-learn's ``ShuffleSplit`` (one split of it).
    """
    permutation = generator.permutation(n)
    return permutation[n_test : n_test + n_train], permutation[:n_test]


# --8<-- [start:eq-approximate-mode]
def approximate_mode(class_counts, n_draws, generator):
    """Per class, how many of ``n_draws`` it gets: floor(n_draws N_c / N), then one more each by largest remainder.

    Classes whose remainders r_c = n_draws N_c / N - floor(...) tie are picked
    at random (``generator.choice`` without replacement), the largest
    remainders first, until the counts add up to ``n_draws``.  This is
    scikit-learn's ``_approximate_mode`` (floats and all, so that its ties are
    the same ties), which its stratified splits use.

    Formula: docs/splitting.md#eq-approximate-mode
    """
    total = sum(class_counts)  # N
    continuous = [count / total * n_draws for count in class_counts]  # n_draws N_c / N, as numpy rounds it
    floored = [math.floor(share) for share in continuous]
    need_to_add = n_draws - sum(floored)
    if need_to_add > 0:
        remainder = [share - whole for share, whole in zip(continuous, floored)]  # r_c
        for value in sorted(set(remainder), reverse=True):
            tied = [c for c, r in enumerate(remainder) if r == value]
            add_now = min(len(tied), need_to_add)
            for c in generator.choice(tied, size=add_now, replace=False):
                floored[c] += 1
            need_to_add -= add_now
            if need_to_add == 0:
                break
    return floored


# --8<-- [end:eq-approximate-mode]


def _row_as_text(row, kind):
    """A row of labels (one example's several labels) as numpy writes it: its cells as text, joined by spaces."""
    if kind == "float":
        return " ".join(str(float(cell)) for cell in row)
    if kind == "int":
        return " ".join(str(int(cell)) for cell in row)
    return " ".join(str(cell) for cell in row)


def _rows_sort_key(rows):
    """How numpy orders rows of labels of one length (scikit-learn joins each row into one string),
    or None when the rows differ in length (numpy then compares them as Python tuples)."""
    if len({len(row) for row in rows}) != 1:
        return None
    cells = [cell for row in rows for cell in row]
    if any(isinstance(cell, str) for cell in cells) or not all(isinstance(cell, (int, float)) for cell in cells):
        kind = "text"  # numpy makes every cell a string
    elif any(isinstance(cell, float) for cell in cells):
        kind = "float"  # numpy makes every cell a float: 2 is written 2.0
    elif all(isinstance(cell, bool) for cell in cells):
        kind = "text"  # True, False
    else:
        kind = "int"  # True is written 1
    return {row: _row_as_text(row, kind) for row in rows}


def _classes_and_positions(labels, name):
    """The classes in sorted order (as numpy's ``unique`` sorts them) and each one's positions, ascending.

    A label that is a row (a list or tuple: several labels per example) is
    one class per distinct row; rows of one length are ordered as
    scikit-learn orders them, by the text of the row.
    """
    positions = {}
    for i, label in enumerate(labels):
        if isinstance(label, list):
            label = tuple(label)
        positions.setdefault(check_label(name, i, label), []).append(i)
    rows = [label for label in positions if isinstance(label, tuple)]
    key = _rows_sort_key(rows) if rows and len(rows) == len(positions) else None
    if key is not None:
        classes = sorted(positions, key=key.__getitem__)
    else:
        try:
            classes = sorted_labels(positions)
        except TypeError as error:
            raise TypeError(f"{name}: {error}") from None
    return classes, [positions[label] for label in classes]


def stratified_shuffle_split_positions(labels, n_train, n_test, generator, name="stratify"):
    """``(train, test)`` positions that keep each class's share, drawn as scikit-learn's ``StratifiedShuffleSplit``.

    1. Share the sizes: ``n_i = approximate_mode(N_c, n_train)``, then
       ``t_i = approximate_mode(N_c - n_i, n_test)``.
    2. For each class in sorted order, permute its positions; the first n_i go
       to the training part, the next t_i to the test part.
    3. Permute the training part, then the test part.
    """
    classes, class_positions = _classes_and_positions(labels, name)
    class_counts = [len(positions) for positions in class_positions]
    rare = [label for label, count in zip(classes, class_counts) if count < 2]
    if rare:
        raise ValueError(
            f"{name}: the classes {rare!r} have only one example each; a stratified split needs at least "
            f"two of every class (drop those examples, or split without stratify)"
        )
    for part, size in (("training", n_train), ("test", n_test)):
        if size < len(classes):
            raise ValueError(
                f"{name}: the {part} part has {size} examples, fewer than the {len(classes)} classes; "
                f"a stratified split needs at least one example of every class in each part"
            )
    n_train_per_class = approximate_mode(class_counts, n_train, generator)
    left = [count - taken for count, taken in zip(class_counts, n_train_per_class)]
    n_test_per_class = approximate_mode(left, n_test, generator)
    train, test = [], []
    for positions, n_i, t_i in zip(class_positions, n_train_per_class, n_test_per_class):
        shuffled = [positions[k] for k in generator.permutation(len(positions))]
        train.extend(shuffled[:n_i])
        test.extend(shuffled[n_i : n_i + t_i])
    return generator.permutation(train), generator.permutation(test)


# ---------------------------------------------------------------------------
# train_test_split
# ---------------------------------------------------------------------------


def _stratify_labels(stratify, arrays, n):
    """The labels to stratify by, or None: a list of labels, True (the second list, y), or None/False."""
    if stratify is None or stratify is False:
        return None
    if stratify is True:
        if len(arrays) < 2:
            raise ValueError(
                "stratify=True stratifies by the second list (y), but only one list was given; "
                "pass the labels: stratify=y"
            )
        return arrays[1]
    labels = as_list("stratify", stratify, what="labels")
    if len(labels) != n:
        raise ValueError(f"stratify has {len(labels)} labels but there are {n} examples; give one label per example")
    return labels


def train_test_split(*arrays, test_size=None, train_size=None, random_state=None, shuffle=True, stratify=None):
    """Split each list into a training and a test part: the tuple ``X_train, X_test, y_train, y_test`` for ``(X, y)``.

    The arguments are scikit-learn's: ``test_size`` and ``train_size`` are a
    share (a float in (0, 1)) or a number of examples (an int); with neither,
    a quarter is held out (``ceil(0.25 * n)``).  ``random_state`` is a whole
    number seed 0 .. 2**32 - 1 (the same seed, the same rows as
    scikit-learn's), a ``RandomState`` to draw on from, or None for a new split
    on every call.  ``shuffle=False`` takes the first examples for training
    and the next for testing.  ``stratify`` is a list of labels (usually
    ``y``) whose shares both parts keep; ``stratify=True`` is short for
    ``stratify=y``, the second list.  The parts come back as new lists; the
    inputs are never modified.

    >>> y = ["spam"] * 4 + ["ham"] * 8
    >>> X = list(range(12))
    >>> X_train, X_test, y_train, y_test = train_test_split(
    ...     X, y, test_size=0.25, random_state=1, stratify=y)
    >>> X_test, y_test.count("spam"), y_test.count("ham")
    ([1, 7, 9], 1, 2)
    """
    generator = check_random_state(random_state)  # the settings first, then the data
    shuffle = check_bool("shuffle", shuffle, "False keeps the order: the first examples train, the next test")
    if not arrays:
        raise TypeError("train_test_split needs at least one list to split, such as train_test_split(X, y)")
    names = ["X", "y"] + [f"list {i + 1}" for i in range(2, len(arrays))]
    arrays = [as_list(name, array) for name, array in zip(names, arrays)]
    n = len(arrays[0])
    for name, array in zip(names[1:], arrays[1:]):
        if len(array) != n:
            raise ValueError(
                f"X has {n} examples but {name} has {len(array)}; they must pair up one to one "
                f"({name}[i] belongs to X[i])"
            )
    if n < 2:
        raise ValueError(f"X holds {n} examples; a split needs at least two")
    labels = _stratify_labels(stratify, arrays, n)
    n_train, n_test = split_sizes(n, test_size, train_size)

    if not shuffle:
        if labels is not None:
            raise ValueError(
                "stratify needs shuffle=True (as in scikit-learn): a stratified split draws each class's examples"
            )
        train, test = list(range(n_train)), list(range(n_train, n_train + n_test))
    elif labels is None:
        train, test = shuffle_split_positions(n, n_train, n_test, generator)
    else:
        train, test = stratified_shuffle_split_positions(labels, n_train, n_test, generator)

    parts = []
    for array in arrays:
        parts.append([array[i] for i in train])
        parts.append([array[i] for i in test])
    return tuple(parts)  # X_train, X_test, y_train, y_test (scikit-learn returns the same parts in a list)
