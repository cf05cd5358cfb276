"""Tests for naivebayes.evaluation.split: train_test_split, scikit-learn's rows without numpy.

The literal splits below were checked once against
``sklearn.model_selection.train_test_split`` with the same arguments; they run
without scikit-learn.  tests/test_split_matches_sklearn.py compares thousands
of splits with scikit-learn itself.
"""

import copy
import re

import pytest

from naivebayes.plumbing.random_numpy import RandomState
from naivebayes.evaluation.split import approximate_mode, split_sizes, train_test_split

X10 = [f"mail {i}" for i in range(10)]
Y10 = ["spam"] * 4 + ["ham"] * 6


class Draws:
    """A stand-in generator for approximate_mode's tie breaks: permutations from given 32-bit numbers."""

    def __init__(self, seed):
        self.generator = RandomState(seed)

    def choice(self, population, size, replace):
        return self.generator.choice(population, size=size, replace=replace)


# ---------------------------------------------------------------------------
# approximate_mode, by hand
# ---------------------------------------------------------------------------


def test_eq_approximate_mode_without_ties():
    # 3 draws from 4 spam and 8 ham: 3 * 4/12 = 1.0 and 3 * 8/12 = 2.0, nothing left over
    assert approximate_mode([4, 8], 3, RandomState(0)) == [1, 2]
    # 3 of 4 spam and 6 ham: 1.2 and 1.8, floors 1 + 1, the one left over to the larger remainder (0.8)
    assert approximate_mode([4, 6], 3, RandomState(0)) == [1, 2]


def test_eq_approximate_mode_breaks_ties_with_the_generator():
    # 2 draws from [2, 2, 2, 1]: 2 * 2/7 = 0.571 for the first three, 0.286 for the last; floors all 0.
    # The three tied classes 0, 1, 2 get one each for two of them: choice([0, 1, 2], 2) is the
    # first two of permutation(3).  Seed 0 draws 2357136044 & 3 = 0 (swap 2 and 0: [2, 1, 0]),
    # then 2546248239 & 1 = 1 (no swap): [2, 1] -> classes 1 and 2.  (sklearn's own docstring
    # gives [0, 1, 1, 0] for rng=0 and [1, 1, 0, 0] for rng=42.)
    assert approximate_mode([2, 2, 2, 1], 2, RandomState(0)) == [0, 1, 1, 0]
    assert approximate_mode([2, 2, 2, 1], 2, RandomState(42)) == [1, 1, 0, 0]
    assert approximate_mode([5, 2], 4, RandomState(0)) == [3, 1]


# ---------------------------------------------------------------------------
# The same rows as scikit-learn, checked by hand once
# ---------------------------------------------------------------------------


def test_the_split_is_scikit_learns_permutation():
    # numpy.random.RandomState(0).permutation(10) == [2, 8, 4, 9, 1, 6, 7, 3, 0, 5]:
    # the first three permuted positions are the test part, the rest train, in that order.
    X_train, X_test, y_train, y_test = train_test_split(list(range(10)), Y10, test_size=3, random_state=0)
    assert X_test == [2, 8, 4]
    assert X_train == [9, 1, 6, 7, 3, 0, 5]
    assert y_test == ["spam", "ham", "ham"]


def test_a_stratified_split_is_scikit_learns():
    # sklearn.model_selection.train_test_split(range(10), Y10, test_size=3, random_state=1, stratify=Y10)
    X_train, X_test, y_train, y_test = train_test_split(list(range(10)), Y10, test_size=3, random_state=1, stratify=Y10)
    assert X_test == [7, 9, 1]
    assert X_train == [8, 4, 0, 2, 5, 3, 6]
    assert stratify_true_is_y(Y10) == (X_train, X_test)


def stratify_true_is_y(y):
    X_train, X_test, _, _ = train_test_split(list(range(10)), y, test_size=3, random_state=1, stratify=True)
    return X_train, X_test


def test_iris_with_seed_0_gives_the_notes_class_counts():
    # The example: scikit-learn's split of iris with random_state=0 trains on 39/37/44 flowers.
    labels = ["setosa"] * 50 + ["versicolor"] * 50 + ["virginica"] * 50
    _, _, y_train, y_test = train_test_split(list(range(150)), labels, test_size=0.2, random_state=0)
    assert [y_train.count(name) for name in ("setosa", "versicolor", "virginica")] == [39, 37, 44]
    assert len(y_test) == 30


def test_shuffle_false_keeps_the_order():
    X_train, X_test, _, _ = train_test_split(list(range(10)), Y10, test_size=3, shuffle=False)
    assert (X_train, X_test) == (list(range(7)), [7, 8, 9])
    with pytest.raises(ValueError, match="stratify needs shuffle=True"):
        train_test_split(list(range(10)), Y10, shuffle=False, stratify=Y10)


def test_one_list_or_three():
    train, test = train_test_split(list(range(10)), test_size=3, random_state=0)
    assert test == [2, 8, 4]
    parts = train_test_split(list(range(10)), Y10, [i * i for i in range(10)], test_size=3, random_state=0)
    assert len(parts) == 6 and parts[5] == [4, 64, 16]


def test_a_generator_goes_on_drawing():
    generator = RandomState(0)
    first = train_test_split(X10, Y10, random_state=generator)
    second = train_test_split(X10, Y10, random_state=generator)
    assert first != second
    assert first == train_test_split(X10, Y10, random_state=0)


def test_numpy_ints_are_seeds_and_sizes():
    np = pytest.importorskip("numpy")
    assert train_test_split(X10, Y10, test_size=np.int64(3), random_state=np.int64(0)) == train_test_split(
        X10, Y10, test_size=3, random_state=0
    )


# ---------------------------------------------------------------------------
# Sizes
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "test_size, n_test",
    [(0.25, 3), (0.3, 3), (0.5, 5), (0.01, 1), (0.85, 9), (1, 1), (4, 4), (9, 9)],
)
def test_sizes_a_float_share_is_rounded_up_an_int_is_a_count(test_size, n_test):
    X_train, X_test, y_train, y_test = train_test_split(X10, Y10, test_size=test_size, random_state=0)
    assert len(X_test) == len(y_test) == n_test
    assert len(X_train) == len(y_train) == 10 - n_test


def test_train_size_is_rounded_down_and_both_may_leave_examples_out():
    assert split_sizes(10, train_size=0.75) == (7, 3)  # floor(7.5) = 7
    assert split_sizes(10, train_size=4) == (4, 6)
    assert split_sizes(10, test_size=0.2, train_size=0.5) == (5, 2)
    X_train, X_test, _, _ = train_test_split(X10, Y10, test_size=2, train_size=5, random_state=0)
    assert (len(X_train), len(X_test)) == (5, 2)
    # the share is rounded as floats round, as scikit-learn does: 0.28 * 25 = 7.000000000000001 -> 8
    assert split_sizes(25, test_size=0.28) == (17, 8)


def test_the_default_test_size_is_a_quarter_rounded_up():
    X_train, X_test, _, _ = train_test_split(list(range(7)), list("aabbccd"), random_state=0)
    assert (len(X_train), len(X_test)) == (5, 2)  # ceil(0.25 * 7) = 2


def test_every_example_lands_in_exactly_one_part_with_its_label():
    X = list(range(23))
    y = [f"label {i % 3}" for i in X]
    for stratify in (None, y):
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.4, random_state=3, stratify=stratify)
        assert sorted(X_train + X_test) == X
        assert not set(X_train) & set(X_test)
        assert all(label == f"label {x % 3}" for x, label in zip(X_train, y_train))
        assert all(label == f"label {x % 3}" for x, label in zip(X_test, y_test))


def test_inputs_are_never_modified():
    X = [[1, 2], [3], [4, 5], [6], [7], [8]]
    y = ["a", "b", "a", "b", "a", "b"]
    X_before, y_before = copy.deepcopy(X), list(y)
    for stratify in (None, y):
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=2, random_state=1, stratify=stratify)
        y_train.append("changed")
        X_test.clear()
    assert X == X_before and y == y_before


def test_tuples_are_accepted_and_lists_come_back():
    parts = train_test_split(tuple(X10), tuple(Y10), random_state=0)
    assert all(type(part) is list for part in parts)


def test_stratify_keeps_each_labels_share():
    y = ["spam"] * 40 + ["ham"] * 60
    X = list(range(100))
    for seed in range(5):
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=seed, stratify=y)
        assert (y_test.count("spam"), y_test.count("ham")) == (10, 15)
        assert (y_train.count("spam"), y_train.count("ham")) == (30, 45)


def test_without_stratify_shares_may_drift():
    # the point of stratify: the plain split of seed 0 puts only one spam in a test part of 4
    _, _, _, y_test = train_test_split(list(range(10)), Y10, test_size=4, random_state=0)
    assert y_test.count("spam") == 1
    _, _, _, y_test = train_test_split(list(range(10)), Y10, test_size=4, random_state=0, stratify=Y10)
    assert y_test.count("spam") == 2  # 4 * 4/10 = 1.6 -> 2 (the larger remainder)


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


def test_lengths_must_match():
    with pytest.raises(ValueError, match="X has 3 examples but y has 2"):
        train_test_split([1, 2, 3], ["a", "b"])
    with pytest.raises(ValueError, match="stratify has 2 labels but there are 3 examples"):
        train_test_split([1, 2, 3], ["a", "b", "a"], stratify=["a", "b"])


def test_empty_or_single_input_is_rejected():
    with pytest.raises(ValueError, match="0 examples; a split needs at least two"):
        train_test_split([], [])
    with pytest.raises(ValueError, match="1 examples; a split needs at least two"):
        train_test_split(["x"], ["a"])
    with pytest.raises(TypeError, match="at least one list"):
        train_test_split()


@pytest.mark.parametrize("test_size", [0.0, 1.0, 1.5, -0.2])
def test_a_float_test_size_must_be_a_share(test_size):
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        train_test_split(X10, Y10, test_size=test_size)


@pytest.mark.parametrize("test_size", [0, 10, 11, -1])
def test_an_int_test_size_must_leave_both_parts_non_empty(test_size):
    with pytest.raises(ValueError, match="between 1 and 9"):
        train_test_split(X10, Y10, test_size=test_size)


def test_a_share_that_rounds_up_to_everything_is_rejected():
    with pytest.raises(ValueError, match="leave no training example"):
        train_test_split(["x", "y"], ["a", "b"], test_size=0.9)  # ceil(1.8) = 2


def test_sizes_that_add_up_to_more_than_everything_are_rejected():
    with pytest.raises(ValueError, match="add up to .*more than the whole"):
        train_test_split(X10, Y10, test_size=0.6, train_size=0.6)
    with pytest.raises(ValueError, match="12 in all, but there are 10"):
        train_test_split(X10, Y10, test_size=6, train_size=6)


@pytest.mark.parametrize("test_size", ["0.25", True, [3]])
def test_test_size_must_be_a_number(test_size):
    with pytest.raises(TypeError, match="test_size"):
        train_test_split(X10, Y10, test_size=test_size)


def test_strings_and_sets_are_rejected_with_a_hint():
    with pytest.raises(TypeError, match="X is a single string"):
        train_test_split("win cash now", ["spam"] * 12)
    with pytest.raises(TypeError, match="y is a single string"):
        train_test_split(["a", "b"], "sh")
    with pytest.raises(TypeError, match="no fixed order"):
        train_test_split({1, 2, 3}, ["a", "b", "c"])
    with pytest.raises(TypeError, match="stratify is a single string"):
        train_test_split(["a", "b"], ["c", "d"], stratify="yes")


@pytest.mark.parametrize("random_state", ["42", 1.0, 0.5, True, False, [1]])
def test_random_state_must_be_an_int_or_none(random_state):
    with pytest.raises(TypeError, match=re.escape(f"random_state={random_state!r}") + ".*such as 0.*or None"):
        train_test_split(X10, Y10, random_state=random_state)


@pytest.mark.parametrize("random_state", [-1, -2, 2**32, 2**70])
def test_a_seed_outside_numpys_range_is_refused(random_state):
    # numpy takes seeds 0 .. 2**32 - 1 only, so there is no scikit-learn split to match.
    with pytest.raises(ValueError, match=re.escape(f"random_state={random_state}") + r".*between 0 and 2\*\*32 - 1"):
        train_test_split(X10, Y10, random_state=random_state)


def test_seed_zero_and_the_largest_seed_are_fine():
    for seed in (0, 1, 2**32 - 1):
        assert len(train_test_split(X10, Y10, random_state=seed)[1]) == 3


def test_shuffle_must_be_a_bool():
    with pytest.raises(TypeError, match="shuffle must be True or False"):
        train_test_split(X10, Y10, shuffle="no")


def test_stratify_needs_hashable_labels_of_one_kind():
    with pytest.raises(TypeError, match=r"stratify\[0\]"):
        train_test_split([1, 2, 3, 4], [{"a"}, {"b"}, {"a"}, {"b"}], test_size=2, stratify=True)
    with pytest.raises(TypeError, match="different kinds"):
        train_test_split([1, 2, 3, 4], ["a", 1, "a", 1], test_size=2, stratify=True)


def test_stratify_needs_two_of_every_class_and_room_for_each():
    with pytest.raises(ValueError, match=r"classes \['c'\] have only one example"):
        train_test_split(list(range(5)), ["a", "a", "b", "b", "c"], test_size=2, stratify=True)
    with pytest.raises(ValueError, match="test part has 1 examples, fewer than the 2 classes"):
        train_test_split(X10, Y10, test_size=1, stratify=True)
    with pytest.raises(ValueError, match="only one list was given"):
        train_test_split(X10, stratify=True)


def test_the_parts_come_back_as_a_tuple_of_lists():
    parts = train_test_split(X10, Y10, random_state=0)
    assert type(parts) is tuple and len(parts) == 4 and all(type(part) is list for part in parts)


def test_rows_of_labels_are_ordered_as_scikit_learn_orders_them():
    # scikit-learn stratifies by the text of each row: "1 b" < "10 a" < "2 a", not (1, 'b') < (2, 'a') < (10, 'a')
    y = [(1, "b"), (10, "a"), (2, "a"), (1, "b")] * 5
    _, X_test, _, _ = train_test_split(list(range(20)), y, test_size=0.3, random_state=0, stratify=y)
    assert X_test == [13, 0, 17, 11, 7, 2]  # sklearn's train_test_split(..., stratify=y)
    lists = [list(row) for row in y]
    assert train_test_split(list(range(20)), y, test_size=0.3, random_state=0, stratify=lists)[1] == X_test
