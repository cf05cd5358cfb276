"""Tests for naivebayes.split.train_test_split."""

import copy
import math
import re

import pytest

from naivebayes.evaluation.split import train_test_split

X10 = [f"mail {i}" for i in range(10)]
Y10 = ["spam"] * 4 + ["ham"] * 6


def test_the_same_seed_gives_the_same_split():
    first = train_test_split(X10, Y10, test_size=0.3, random_state=7)
    second = train_test_split(X10, Y10, test_size=0.3, random_state=7)
    assert first == second


def test_a_seed_names_one_split_on_every_machine():
    # random.Random(0).shuffle(list(range(10))) == [7, 8, 1, 5, 3, 4, 2, 0, 9, 6];
    # the first three shuffled positions are the test part.
    X_train, X_test, y_train, y_test = train_test_split(list(range(10)), Y10, test_size=3, random_state=0)
    assert X_test == [7, 8, 1]
    assert X_train == [5, 3, 4, 2, 0, 9, 6]
    assert y_test == ["ham", "ham", "spam"]


def test_different_seeds_give_different_splits():
    X = list(range(20))
    y = ["a", "b"] * 10
    test_parts = {tuple(train_test_split(X, y, random_state=seed)[1]) for seed in range(5)}
    assert len(test_parts) == 5


def test_without_a_seed_the_sizes_are_still_right():
    X_train, X_test, y_train, y_test = train_test_split(X10, Y10, test_size=0.3)
    assert (len(X_train), len(X_test), len(y_train), len(y_test)) == (7, 3, 7, 3)


@pytest.mark.parametrize(
    "test_size, n_test",
    [(0.25, 3), (0.3, 3), (0.5, 5), (0.01, 1), (0.85, 9), (1, 1), (4, 4), (9, 9)],
)
def test_sizes_a_float_share_is_rounded_up_an_int_is_a_count(test_size, n_test):
    X_train, X_test, y_train, y_test = train_test_split(X10, Y10, test_size=test_size, random_state=0)
    assert len(X_test) == len(y_test) == n_test
    assert len(X_train) == len(y_train) == 10 - n_test


def test_the_default_test_size_is_a_quarter_rounded_up():
    X_train, X_test, _, _ = train_test_split(list(range(7)), list("aabbccd"), random_state=0)
    assert (len(X_train), len(X_test)) == (5, 2)  # ceil(0.25 * 7) = 2


def test_every_example_lands_in_exactly_one_part_with_its_label():
    X = list(range(23))
    y = [f"label {i % 3}" for i in X]
    for stratify in (False, True):
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.4, random_state=3, stratify=stratify)
        assert sorted(X_train + X_test) == X
        assert not set(X_train) & set(X_test)
        assert all(label == f"label {x % 3}" for x, label in zip(X_train, y_train))
        assert all(label == f"label {x % 3}" for x, label in zip(X_test, y_test))


def test_inputs_are_never_modified():
    X = [[1, 2], [3], [4, 5], [6], [7]]
    y = ["a", "b", "a", "b", "a"]
    X_before, y_before = copy.deepcopy(X), list(y)
    for stratify in (False, True):
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
        X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25, random_state=seed, stratify=True)
        assert (y_test.count("spam"), y_test.count("ham")) == (10, 15)
        assert (y_train.count("spam"), y_train.count("ham")) == (30, 45)


def test_stratify_gives_the_left_over_example_to_the_largest_remainder():
    # 3 test examples: spam's share 3 * 4/10 = 1.2, ham's 3 * 6/10 = 1.8 -> 1 spam, 2 ham
    _, _, _, y_test = train_test_split(X10, Y10, test_size=3, random_state=0, stratify=True)
    assert sorted(y_test) == ["ham", "ham", "spam"]
    # 4 of 9 with three equal classes: 4/3 each, the tie goes to the first label seen ("b")
    y = ["b", "a", "c"] * 3
    _, _, _, y_test = train_test_split(list(range(9)), y, test_size=4, random_state=0, stratify=True)
    assert sorted(y_test) == ["a", "b", "b", "c"]


def test_stratify_uses_the_same_number_of_test_examples():
    y = ["a"] * 7 + ["b"] * 5 + ["c"] * 3
    for test_size in (0.2, 0.33, 0.5, 0.8, 6):
        plain = train_test_split(list(range(15)), y, test_size=test_size, random_state=0)
        stratified = train_test_split(list(range(15)), y, test_size=test_size, random_state=0, stratify=True)
        assert len(stratified[1]) == len(plain[1])


def test_without_stratify_shares_may_drift():
    # the point of stratify: the plain split of seed 1 puts no spam at all in the test part
    _, _, _, y_test = train_test_split(list(range(10)), Y10, test_size=3, random_state=1)
    assert y_test.count("spam") == 0
    _, _, _, y_test = train_test_split(list(range(10)), Y10, test_size=3, random_state=1, stratify=True)
    assert y_test.count("spam") == 1


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


def test_lengths_must_match():
    with pytest.raises(ValueError, match="X has 3 examples but y has 2 labels"):
        train_test_split([1, 2, 3], ["a", "b"])


def test_empty_or_single_input_is_rejected():
    with pytest.raises(ValueError, match="empty"):
        train_test_split([], [])
    with pytest.raises(ValueError, match="one example"):
        train_test_split(["x"], ["a"])


@pytest.mark.parametrize("test_size", [0.0, 1.0, 1.5, -0.2])
def test_a_float_test_size_must_be_a_share(test_size):
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        train_test_split(X10, Y10, test_size=test_size)


@pytest.mark.parametrize("test_size", [0, 10, 11, -1])
def test_an_int_test_size_must_leave_both_parts_non_empty(test_size):
    with pytest.raises(ValueError, match="at least one example"):
        train_test_split(X10, Y10, test_size=test_size)


def test_a_share_that_rounds_up_to_everything_is_rejected():
    with pytest.raises(ValueError, match="gives 2 test examples out of 2"):
        train_test_split(["x", "y"], ["a", "b"], test_size=0.9)  # ceil(1.8) = 2


@pytest.mark.parametrize("test_size", ["0.25", True, None])
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


@pytest.mark.parametrize("random_state", ["42", 1.0, 0.5, True, False, [1]])
def test_random_state_must_be_an_int_or_none(random_state):
    with pytest.raises(TypeError, match=re.escape(f"random_state={random_state!r}") + ".*such as 0.*or None"):
        train_test_split(X10, Y10, random_state=random_state)


@pytest.mark.parametrize("random_state", [-1, -2, -(2**70)])
def test_a_negative_random_state_is_refused(random_state):
    # random.Random(-1) uses abs(-1), so it would silently be the split of seed 1.
    with pytest.raises(ValueError, match=f"random_state={random_state} is negative.*same as with {-random_state}.*>= 0"):
        train_test_split(X10, Y10, random_state=random_state)


def test_seed_zero_and_large_seeds_are_fine():
    for seed in (0, 1, 2**70):
        assert len(train_test_split(X10, Y10, random_state=seed)[1]) == 3


def test_stratify_needs_hashable_labels():
    with pytest.raises(TypeError, match=r"y\[0\]"):
        train_test_split([1, 2, 3], [["a"], ["b"], ["a"]], test_size=1, stratify=True)


# ---------------------------------------------------------------------------
# Cross-check the sizes against scikit-learn (skipped when it is not installed)
# ---------------------------------------------------------------------------


def test_sizes_agree_with_scikit_learn():
    model_selection = pytest.importorskip("sklearn.model_selection")
    for n in range(2, 60):
        for test_size in (0.1, 0.2, 0.25, 0.3, 1 / 3, 0.5, 0.7, 0.9):
            if math.ceil(test_size * n) >= n:
                continue
            X = list(range(n))
            theirs = model_selection.train_test_split(X, test_size=test_size, random_state=0)
            ours = train_test_split(X, X, test_size=test_size, random_state=0)
            assert (len(ours[0]), len(ours[1])) == (len(theirs[0]), len(theirs[1])), (n, test_size)
