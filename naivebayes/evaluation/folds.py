"""Folds for cross-validation: ``KFold`` and ``StratifiedKFold``, with scikit-learn's names, arguments and rows.

k-fold cross-validation cuts the examples into k parts, the folds; each fold
is the test part once, while the other k - 1 train.  Every example is tested
exactly once.  With ``shuffle=True`` and the same whole-number
``random_state``, the folds are the ones scikit-learn's ``KFold`` and
``StratifiedKFold`` make, position for position (the draws come from numpy's
legacy generator, rebuilt in ``naivebayes/plumbing/random_numpy.py``; see
docs/splitting.md).

>>> folds = KFold(n_splits=3)
>>> for train, test in folds.split(list("abcdefg")):
...     print(train, test)
[3, 4, 5, 6] [0, 1, 2]
[0, 1, 2, 5, 6] [3, 4]
[0, 1, 2, 3, 4] [5, 6]

``ShuffleSplit`` and ``StratifiedShuffleSplit`` draw ``n_splits`` separate
train/test splits from one generator, as ``train_test_split`` draws one.
"""

import warnings

from naivebayes.plumbing.checks import as_list, check_bool, check_label, plain_value
from naivebayes.plumbing.random_numpy import check_random_state
from naivebayes.evaluation.split import shuffle_split_positions, split_sizes, stratified_shuffle_split_positions

__all__ = ["KFold", "StratifiedKFold", "ShuffleSplit", "StratifiedShuffleSplit"]


def check_n_splits(n_splits):
    """``n_splits`` as an int >= 2, or a clear error."""
    n_splits = plain_value(n_splits)
    if isinstance(n_splits, bool) or not isinstance(n_splits, int):
        raise TypeError(f"n_splits={n_splits!r}; pass a whole number of folds such as 5 or 10")
    if n_splits < 2:
        raise ValueError(
            f"n_splits={n_splits}; cross-validation needs at least 2 folds (each fold is the test part once)"
        )
    return n_splits


def _check_shuffle_settings(shuffle, random_state):
    shuffle = check_bool("shuffle", shuffle, "False keeps the examples in their order")
    if not shuffle and random_state is not None:
        raise ValueError(
            f"random_state={random_state!r} has no effect with shuffle=False (as scikit-learn says too); "
            f"pass shuffle=True to shuffle with this seed, or leave random_state=None"
        )
    if random_state is not None:
        check_random_state(random_state)  # refuse a bad seed when the folds are made, not later
    return shuffle


def _n_examples(X):
    """How many examples X holds (X is a list of examples, an array, a frame...)."""
    return len(as_list("X", X))


def fold_sizes(n, n_splits):
    """The sizes of the k folds of n examples: n // k each, the first n % k folds one more (as scikit-learn)."""
    return [n // n_splits + (1 if i < n % n_splits else 0) for i in range(n_splits)]


def _train_and_test(n, test):
    """(train, test) positions, each in increasing order, from the set of test positions."""
    test_set = set(test)
    return [i for i in range(n) if i not in test_set], sorted(test_set)


class KFold:
    """k folds of consecutive examples (after one shuffle if ``shuffle=True``), as scikit-learn's ``KFold``.

    ``split(X)`` yields ``(train, test)`` pairs of lists of positions, each
    in increasing order; the folds hold ``n // k`` examples each, the first
    ``n % k`` of them one more.  With ``shuffle=True`` the positions are
    shuffled once first, by numpy's legacy ``RandomState(random_state).shuffle``;
    a whole-number ``random_state`` gives the same folds on every call.
    """

    def __init__(self, n_splits=5, *, shuffle=False, random_state=None):
        self.n_splits = check_n_splits(n_splits)
        self.shuffle = _check_shuffle_settings(shuffle, random_state)
        self.random_state = random_state

    def __repr__(self):
        return f"KFold(n_splits={self.n_splits}, shuffle={self.shuffle}, random_state={self.random_state!r})"

    def get_n_splits(self, X=None, y=None, groups=None):
        """The number of folds."""
        return self.n_splits

    def _check_size(self, n):
        if self.n_splits > n:
            raise ValueError(
                f"n_splits={self.n_splits} folds of {n} examples: a fold would be empty; "
                f"use at most {n} folds"
            )

    def split(self, X, y=None, groups=None):
        """Yield ``(train, test)`` for each fold: two lists of positions into ``X``."""
        n = _n_examples(X)
        self._check_size(n)
        positions = list(range(n))
        if self.shuffle:
            check_random_state(self.random_state).shuffle(positions)
        start = 0
        for size in fold_sizes(n, self.n_splits):
            yield _train_and_test(n, positions[start : start + size])
            start += size


class StratifiedKFold(KFold):
    """k folds that keep each class's share, as scikit-learn's ``StratifiedKFold``.

    Each class's examples are dealt out to the folds in blocks: with the
    labels sorted (classes in the order they first appear in ``y``), the i-th
    fold gets every k-th of them, starting at the i-th, so the folds' sizes
    differ by at most one and each class is spread as evenly as whole numbers
    allow.  With ``shuffle=True``, which fold each example of a class goes to
    is shuffled, class by class (one ``RandomState`` for the whole call).
    """

    def __repr__(self):
        return f"StratifiedKFold(n_splits={self.n_splits}, shuffle={self.shuffle}, random_state={self.random_state!r})"

    def test_folds(self, y):
        """The fold of each example: a list of numbers 0 .. k-1, one per label in ``y``."""
        labels = as_list("y", y, what="labels")
        self._check_size(len(labels))
        codes, positions_of = [], {}  # classes numbered in order of first appearance
        for i, label in enumerate(labels):
            positions_of.setdefault(check_label("y", i, label), []).append(i)
        counts = [len(positions) for positions in positions_of.values()]
        if all(self.n_splits > count for count in counts):
            raise ValueError(
                f"n_splits={self.n_splits} is more than the number of examples of every class "
                f"(at most {max(counts)}); use fewer folds"
            )
        if self.n_splits > min(counts):
            warnings.warn(
                f"The least populated class in y has only {min(counts)} members, which is less than "
                f"n_splits={self.n_splits}: some folds will have none of it",
                UserWarning,
                stacklevel=3,
            )
        codes = sorted(code for code, count in enumerate(counts) for _ in range(count))  # y sorted by class
        allocation = [[0] * len(counts) for _ in range(self.n_splits)]  # allocation[fold][class]
        for fold in range(self.n_splits):
            for code in codes[fold :: self.n_splits]:
                allocation[fold][code] += 1
        generator = check_random_state(self.random_state) if self.shuffle else None
        fold_of = [0] * len(labels)
        for code, positions in enumerate(positions_of.values()):
            folds_for_class = [fold for fold in range(self.n_splits) for _ in range(allocation[fold][code])]
            if self.shuffle:
                generator.shuffle(folds_for_class)
            for position, fold in zip(positions, folds_for_class):
                fold_of[position] = fold
        return fold_of

    def split(self, X, y, groups=None):
        """Yield ``(train, test)`` for each fold: two lists of positions, each in increasing order."""
        n = _n_examples(X)
        labels = as_list("y", y, what="labels")
        if len(labels) != n:
            raise ValueError(f"X has {n} examples but y has {len(labels)} labels; they must pair up one to one")
        fold_of = self.test_folds(labels)
        for fold in range(self.n_splits):
            test = [i for i in range(n) if fold_of[i] == fold]
            yield _train_and_test(n, test)


class ShuffleSplit:
    """``n_splits`` random train/test splits drawn one after another from one generator, as scikit-learn's.

    Each split is a ``train_test_split`` without stratification; the sizes
    follow ``test_size`` and ``train_size`` (default: a tenth is held out).
    Unlike k folds, an example may be tested in several splits or in none.
    """

    default_test_size = 0.1

    def __init__(self, n_splits=10, *, test_size=None, train_size=None, random_state=None):
        self.n_splits = plain_value(n_splits)
        if isinstance(self.n_splits, bool) or not isinstance(self.n_splits, int) or self.n_splits < 1:
            raise ValueError(f"n_splits={n_splits!r}; pass a whole number of splits, 1 or more")
        for name, size in (("test_size", test_size), ("train_size", train_size)):
            size = plain_value(size)
            if isinstance(size, float) and not 0 < size < 1 or type(size) is int and size < 1:
                raise ValueError(
                    f"{name}={size!r}; a float is a share strictly between 0 and 1, an int a number of examples >= 1"
                )
            if size is not None and type(size) not in (int, float):
                raise TypeError(
                    f"{name}={size!r}; pass a float between 0 and 1 (a share, such as 0.25), "
                    f"an int (a number of examples) or None"
                )
        self.test_size = test_size
        self.train_size = train_size
        if random_state is not None:
            check_random_state(random_state)
        self.random_state = random_state

    def __repr__(self):
        return (
            f"{type(self).__name__}(n_splits={self.n_splits}, test_size={self.test_size!r}, "
            f"train_size={self.train_size!r}, random_state={self.random_state!r})"
        )

    def get_n_splits(self, X=None, y=None, groups=None):
        """The number of splits."""
        return self.n_splits

    def _sizes(self, n):
        test_size = self.test_size
        if test_size is None and self.train_size is None:
            test_size = self.default_test_size
        return split_sizes(n, test_size, self.train_size)

    def split(self, X, y=None, groups=None):
        """Yield ``(train, test)`` position lists, in the order they were drawn."""
        n = _n_examples(X)
        n_train, n_test = self._sizes(n)
        generator = check_random_state(self.random_state)
        for _ in range(self.n_splits):
            yield shuffle_split_positions(n, n_train, n_test, generator)


class StratifiedShuffleSplit(ShuffleSplit):
    """``n_splits`` random stratified train/test splits from one generator, as scikit-learn's."""

    def split(self, X, y, groups=None):
        """Yield ``(train, test)`` position lists that keep each class's share."""
        n = _n_examples(X)
        labels = as_list("y", y, what="labels")
        if len(labels) != n:
            raise ValueError(f"X has {n} examples but y has {len(labels)} labels; they must pair up one to one")
        n_train, n_test = self._sizes(n)
        generator = check_random_state(self.random_state)
        for _ in range(self.n_splits):
            yield stratified_shuffle_split_positions(labels, n_train, n_test, generator, name="y")
