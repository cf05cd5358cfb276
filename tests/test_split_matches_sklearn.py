"""The same rows as scikit-learn, in the same order, for thousands of splits (skipped without scikit-learn).

Each test walks a grid of (number of examples, test size, train size, seed,
stratification) and compares every part with scikit-learn's, position by
position.  Where scikit-learn refuses a combination (too few examples of a
class, sizes that do not fit), ours must refuse it too.  The counts of
compared combinations are asserted, so a grid that shrinks by mistake fails.
"""

import random

import pytest

from naivebayes.evaluation.split import train_test_split

SEEDS = (0, 1, 42, 2**32 - 1)


def plain(values):
    """numpy values as the Python values they hold."""
    return [value.item() if hasattr(value, "item") else value for value in values]


def both(sklearn_split, X, y, **settings):
    """(ours, theirs): the four parts, or None where the split is refused."""
    try:
        theirs = [plain(part) for part in sklearn_split(X, y, **settings)]
    except ValueError:
        theirs = None
    try:
        ours = list(train_test_split(X, y, **settings))
    except ValueError:
        ours = None
    return ours, theirs


def labels_for(n, n_classes, rng, kind):
    """n labels of n_classes classes: balanced round robin, drawn at random, or sorted runs."""
    names = ["setosa", "versicolor", "virginica", "spam", "ham", "other"][:n_classes]
    if kind == "round robin":
        return [names[i % n_classes] for i in range(n)]
    drawn = [rng.choice(names) for _ in range(n)]
    return sorted(drawn) if kind == "sorted" else drawn


def test_train_test_split_matches_scikit_learn_on_a_grid():
    model_selection = pytest.importorskip("sklearn.model_selection")
    rng = random.Random(2024)
    compared = refused = 0
    for n in range(2, 61):
        X = list(range(n))
        for test_size in (None, 0.1, 0.2, 0.25, 0.3, 1 / 3, 0.5, 0.8, 1, n // 2 or 1):
            for seed in SEEDS:
                for stratify in (False, True):
                    y = labels_for(n, 1 + n % 3 if stratify else 2, rng, ("round robin", "random", "sorted")[n % 3])
                    settings = {"test_size": test_size, "random_state": seed, "stratify": y if stratify else None}
                    ours, theirs = both(model_selection.train_test_split, X, y, **settings)
                    assert ours == theirs, (n, settings)
                    if theirs is None:
                        refused += 1
                    else:
                        compared += 1
    print(f"train_test_split grid: {compared} splits the same as scikit-learn's, {refused} refused by both")
    assert compared > 4000 and refused < compared / 4, (compared, refused)


def test_train_test_split_matches_scikit_learn_on_random_draws():
    model_selection = pytest.importorskip("sklearn.model_selection")
    rng = random.Random(7)
    compared = 0
    for _ in range(600):
        n = rng.choice([rng.randint(2, 40), rng.randint(2, 400), rng.randint(2, 3000)])
        y = labels_for(n, rng.randint(1, 6), rng, rng.choice(["round robin", "random", "sorted"]))
        settings = {
            "test_size": rng.choice([None, rng.random(), rng.randint(1, max(1, n - 1)), 0.2]),
            "train_size": rng.choice([None, None, rng.random(), rng.randint(1, max(1, n - 1))]),
            "random_state": rng.choice([0, 42, rng.randint(0, 2**32 - 1)]),
            "stratify": y if rng.random() < 0.5 else None,
        }
        ours, theirs = both(model_selection.train_test_split, list(range(n)), y, **settings)
        assert ours == theirs, (n, settings)
        compared += theirs is not None
    print(f"train_test_split random draws: {compared} splits the same as scikit-learn's")
    assert compared > 400


def test_unshuffled_splits_match_scikit_learn():
    model_selection = pytest.importorskip("sklearn.model_selection")
    for n in range(2, 30):
        for test_size in (0.25, 0.5, 1):
            X = list(range(n))
            ours, theirs = both(model_selection.train_test_split, X, X, test_size=test_size, shuffle=False)
            assert ours == theirs


# ---------------------------------------------------------------------------
# Folds: KFold, StratifiedKFold, ShuffleSplit, StratifiedShuffleSplit
# ---------------------------------------------------------------------------


def folds_of(splitter, X, y):
    """The (train, test) lists of every fold, or None where the splitter refuses."""
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # StratifiedKFold warns about a class smaller than n_splits
            return [(plain(train), plain(test)) for train, test in splitter.split(X, y)]
    except ValueError:
        return None


def test_kfold_and_stratified_kfold_match_scikit_learn_on_a_grid():
    model_selection = pytest.importorskip("sklearn.model_selection")
    from naivebayes.evaluation.folds import KFold, StratifiedKFold

    rng = random.Random(11)
    compared = refused = 0
    for n in range(2, 61):
        X = list(range(n))
        for n_splits in (2, 3, 5, 10):
            y = labels_for(n, 1 + n % 4, rng, ("round robin", "random", "sorted")[(n + n_splits) % 3])
            for shuffle, seed in ((False, None), (True, 0), (True, 42), (True, 2**32 - 1)):
                for ours_class, theirs_class in ((KFold, model_selection.KFold),
                                                 (StratifiedKFold, model_selection.StratifiedKFold)):
                    theirs = folds_of(theirs_class(n_splits, shuffle=shuffle, random_state=seed), X, y)
                    ours = folds_of(ours_class(n_splits, shuffle=shuffle, random_state=seed), X, y)
                    assert ours == theirs, (ours_class.__name__, n, n_splits, shuffle, seed)
                    compared += theirs is not None
                    refused += theirs is None
    print(f"KFold and StratifiedKFold grid: {compared} fold sets the same as scikit-learn's, {refused} refused by both")
    assert compared > 1500


def test_folds_and_repeated_splits_match_scikit_learn_on_random_draws():
    model_selection = pytest.importorskip("sklearn.model_selection")
    from naivebayes.evaluation import folds

    rng = random.Random(5)
    compared = 0
    for _ in range(250):
        n = rng.choice([rng.randint(2, 30), rng.randint(2, 300), rng.randint(2, 2000)])
        y = labels_for(n, rng.randint(1, 5), rng, rng.choice(["round robin", "random", "sorted"]))
        X = list(range(n))
        seed = rng.choice([0, 42, rng.randint(0, 2**32 - 1)])
        n_splits = rng.choice([2, 3, 5, 10, rng.randint(2, 20)])
        for name in ("KFold", "StratifiedKFold"):
            theirs = folds_of(getattr(model_selection, name)(n_splits, shuffle=True, random_state=seed), X, y)
            ours = folds_of(getattr(folds, name)(n_splits, shuffle=True, random_state=seed), X, y)
            assert ours == theirs, (name, n, n_splits, seed)
            compared += theirs is not None
        test_size = rng.choice([None, 0.2, 0.5, rng.randint(1, max(1, n - 1))])
        for name in ("ShuffleSplit", "StratifiedShuffleSplit"):
            settings = {"test_size": test_size, "random_state": seed}
            try:
                theirs = folds_of(getattr(model_selection, name)(3, **settings), X, y)
            except ValueError:
                theirs = None
            try:
                ours = folds_of(getattr(folds, name)(3, **settings), X, y)
            except ValueError:
                ours = None
            assert ours == theirs, (name, n, settings)
            compared += theirs is not None
    print(f"folds and repeated splits, random draws: {compared} the same as scikit-learn's")
    assert compared > 700


def test_stratifying_by_rows_of_labels_matches_scikit_learn():
    # Several labels per example: scikit-learn joins each row into one string ("10 a") and sorts those.
    model_selection = pytest.importorskip("sklearn.model_selection")
    rng = random.Random(19)
    kinds = [[1, 2, 10, 21], [0.5, 2.0, 10.0], ["a", "b", "10"], [True, False], [1, 2.5, "x"]]
    compared = 0
    for trial in range(300):
        cells = kinds[trial % len(kinds)]
        width = rng.randint(1, 3)
        rows = [[rng.choice(cells) for _ in range(width)] for _ in range(6)]
        y = [rng.choice(rows) for _ in range(40)]
        ours, theirs = both(model_selection.train_test_split, list(range(40)), [tuple(row) for row in y],
                            test_size=0.3, random_state=trial, stratify=y)
        theirs = theirs and theirs[:2]
        assert (ours and ours[:2]) == theirs, (trial, y[:3])
        compared += theirs is not None
    assert compared > 200
