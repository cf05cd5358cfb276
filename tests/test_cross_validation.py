"""Folds, cross-validation, grid search and learning curves (naivebayes/evaluation/folds.py, cross_validation.py).

The folds and scores here are worked out by hand; tests/test_split_matches_sklearn.py
compares the folds with scikit-learn's on thousands of cases.
"""

import math
import re
import warnings
from fractions import Fraction

import pytest

from naivebayes import MultinomialNB
from naivebayes.plumbing.checks import NotFittedError
from naivebayes.datasets import load_spam
from naivebayes.evaluation.cross_validation import (
    CrossValidation,
    FoldScores,
    GridSearch,
    GridSearchCV,
    LearningCurve,
    cross_val_score,
    cross_validate,
    cross_validation_mean,
    cross_validation_spread,
    learning_curve,
    new_model,
    parameter_grid,
)
from naivebayes.evaluation.folds import KFold, ShuffleSplit, StratifiedKFold, StratifiedShuffleSplit, fold_sizes


class Majority:
    """A model with one setting: it predicts the most common training label (ties: the smallest), or ``always``."""

    def __init__(self, always=None):
        self.always = always

    def get_params(self):
        return {"always": self.always}

    def fit(self, X, y):
        counts = {label: y.count(label) for label in set(y)}
        self.label_ = self.always if self.always is not None else min(counts, key=lambda label: (-counts[label], label))
        self.n_fitted_ = len(y)
        return self

    def predict(self, X):
        return [self.label_ for _ in X]

    def score(self, X, y):
        return Fraction(sum(1 for label in y if label == self.label_), len(y))


# ---------------------------------------------------------------------------
# The two formulas
# ---------------------------------------------------------------------------


def test_eq_cross_validation_mean_by_hand():
    # (1/4)(1 + 1/2 + 3/4 + 3/4) = 3/4, exact
    assert cross_validation_mean([Fraction(1), Fraction(1, 2), Fraction(3, 4), Fraction(3, 4)]) == Fraction(3, 4)
    assert cross_validation_mean([0.5, 1.0]) == 0.75


def test_eq_cross_validation_spread_by_hand():
    # mean 3/4; squared gaps 1/16, 1/16, 0, 0; their mean 1/32; the spread sqrt(1/32)
    scores = [Fraction(1), Fraction(1, 2), Fraction(3, 4), Fraction(3, 4)]
    assert cross_validation_spread(scores) == math.sqrt(1 / 32)
    assert cross_validation_spread([0.5, 0.5]) == 0.0


# ---------------------------------------------------------------------------
# Folds, by hand
# ---------------------------------------------------------------------------


def test_fold_sizes_give_the_first_folds_one_more():
    assert fold_sizes(10, 3) == [4, 3, 3]
    assert fold_sizes(9, 3) == [3, 3, 3]
    assert sum(fold_sizes(101, 7)) == 101


def test_kfold_without_shuffle_cuts_in_order():
    folds = list(KFold(3).split(list(range(7))))
    assert folds == [
        ([3, 4, 5, 6], [0, 1, 2]),
        ([0, 1, 2, 5, 6], [3, 4]),
        ([0, 1, 2, 3, 4], [5, 6]),
    ]


def test_kfold_with_shuffle_cuts_numpys_permutation_and_sorts_each_fold():
    # RandomState(0).permutation(10) = [2, 8, 4, 9, 1, 6, 7, 3, 0, 5]; folds of 4, 3, 3, each sorted
    folds = list(KFold(3, shuffle=True, random_state=0).split(list(range(10))))
    assert [test for _, test in folds] == [[2, 4, 8, 9], [1, 6, 7], [0, 3, 5]]
    assert folds == list(KFold(3, shuffle=True, random_state=0).split(list(range(10))))  # a seed: the same folds


def test_stratified_kfold_deals_each_class_to_the_folds_in_blocks():
    # y = a a a b b, 2 folds.  Sorted codes [0, 0, 0, 1, 1]: fold 0 takes every 2nd from the 1st ->
    # [0, 0, 1] (2 a, 1 b), fold 1 -> [0, 1] (1 a, 1 b).  Class a's positions 0, 1, 2 go to folds
    # [0, 0, 1]; class b's positions 3, 4 to folds [0, 1].
    folder = StratifiedKFold(2)
    assert folder.test_folds(list("aaabb")) == [0, 0, 1, 0, 1]
    assert [test for _, test in folder.split(list(range(5)), list("aaabb"))] == [[0, 1, 3], [2, 4]]


def test_stratified_kfold_numbers_classes_by_first_appearance():
    # b appears first, so it is class 0 and is dealt first, whatever its sorted place
    assert StratifiedKFold(2).test_folds(list("bbaaa")) == [0, 1, 0, 0, 1]


def test_every_example_is_tested_exactly_once():
    y = ["spam"] * 7 + ["ham"] * 13
    for folder in (KFold(4), KFold(6, shuffle=True, random_state=3), StratifiedKFold(4, shuffle=True, random_state=1)):
        tested = sorted(i for _, test in folder.split(list(range(20)), y) for i in test)
        assert tested == list(range(20))


def test_stratified_kfold_warns_about_a_small_class_and_refuses_too_many_folds():
    with pytest.warns(UserWarning, match="only 2 members, which is less than n_splits=3"):
        list(StratifiedKFold(3).split(list(range(8)), list("aaaaaabb")))
    with pytest.raises(ValueError, match="more than the number of examples of every class"):
        list(StratifiedKFold(4).split(list(range(6)), list("aaabbb")))


def test_fold_settings_are_checked():
    with pytest.raises(ValueError, match="at least 2 folds"):
        KFold(1)
    with pytest.raises(TypeError, match="whole number of folds"):
        KFold(2.5)
    with pytest.raises(ValueError, match="no effect with shuffle=False"):
        KFold(5, random_state=0)
    with pytest.raises(TypeError, match="shuffle must be True or False"):
        StratifiedKFold(5, shuffle="yes")
    with pytest.raises(ValueError, match="a fold would be empty"):
        list(KFold(5).split([1, 2, 3]))


def test_shuffle_splits_draw_one_split_after_another():
    first, second = ShuffleSplit(2, test_size=3, random_state=0).split(list(range(10)))
    assert first[1] == [2, 8, 4]  # permutation(10) of seed 0, as train_test_split
    assert second[1] != first[1]
    y = ["a"] * 5 + ["b"] * 5
    for train, test in StratifiedShuffleSplit(3, test_size=4, random_state=0).split(list(range(10)), y):
        assert sorted(y[i] for i in test) == ["a", "a", "b", "b"]


# ---------------------------------------------------------------------------
# Cross-validation, by hand with the majority model
# ---------------------------------------------------------------------------

X12 = list(range(12))
Y12 = ["a"] * 8 + ["b"] * 4


def test_cross_val_score_by_hand():
    # KFold(3) without shuffle: folds 0-3, 4-7, 8-11.  Fold 1 trains on 4 a and 4 b -> 'a' (the tie's
    # smallest), scores 4/4 on a a a a; fold 2 trains on 4 a, 4 b -> 'a', 4/4; fold 3 trains on 8 a -> 'a',
    # 0/4 on b b b b.
    scores = cross_val_score(Majority(), X12, Y12, cv=KFold(3))
    assert list(scores) == [1, 1, 0]
    assert scores.mean() == Fraction(2, 3)
    assert scores.std() == math.sqrt(2 / 9)
    # the default, StratifiedKFold(5)... with 3 folds: each test fold holds 2 or 3 a and 1 or 2 b;
    # the training parts all vote 'a'
    stratified = cross_val_score(Majority(), X12, Y12, cv=3)
    assert list(stratified) == [Fraction(3, 4), Fraction(3, 4), Fraction(2, 4)]


def test_the_model_passed_is_never_fitted():
    model = Majority()
    cross_val_score(model, X12, Y12, cv=3)
    assert not hasattr(model, "label_")


def test_cross_validate_returns_scikit_learns_keys_and_prints_a_table():
    result = cross_validate(Majority(), X12, Y12, cv=KFold(3), return_train_score=True)
    assert isinstance(result, CrossValidation) and isinstance(result, dict)
    assert list(result) == ["fit_time", "score_time", "test_score", "train_score"]
    assert result["test_score"] == [1, 1, 0]
    assert result["train_score"] == [Fraction(4, 8), Fraction(4, 8), 1]
    assert (result.n_train, result.n_test) == ([8, 8, 8], [4, 4, 4])
    text = repr(result)
    assert text.splitlines()[0].split() == ["fold", "train", "test", "train", "score", "test", "score", "fit", "ms", "score", "ms"]
    assert "mean" in text and "spread" in text and "<table" in result._repr_html_()


def test_fold_scores_print_as_a_table():
    scores = cross_val_score(Majority(), X12, Y12, cv=KFold(3))
    assert isinstance(scores, FoldScores)
    assert repr(scores) == (
        "fold   score\n"
        "----  ------\n"
        "   1  1.0000\n"
        "   2  1.0000\n"
        "   3  0.0000\n"
        "mean 0.6667, spread (standard deviation) 0.4714 over 3 folds"
    )
    assert "<table" in scores._repr_html_()


def test_scoring_by_name_or_by_a_metric():
    from naivebayes import accuracy

    assert list(cross_val_score(Majority(), X12, Y12, cv=KFold(3), scoring=accuracy)) == [1, 1, 0]
    assert list(cross_val_score(Majority(), X12, Y12, cv=KFold(3), scoring="accuracy")) == [1, 1, 0]
    # fold 3 predicts 'a' for four b: precision of a is 0/4, of b 0/0 -> 0; macro 0
    assert cross_val_score(Majority(), X12, Y12, cv=KFold(3), scoring="precision_macro")[2] == 0
    with pytest.raises(ValueError, match="not a score this library knows"):
        cross_val_score(Majority(), X12, Y12, scoring="auc")
    from naivebayes import f1_score

    with pytest.raises(TypeError, match="returned a dict"):
        cross_val_score(Majority(), X12, Y12, cv=KFold(3), scoring=f1_score)


def test_cv_as_a_list_of_splits():
    scores = cross_val_score(Majority(), X12, Y12, cv=[(list(range(6)), [6, 7, 8, 9])])
    assert list(scores) == [Fraction(2, 4)]


def test_bad_models_and_data_are_refused():
    class NoParams:
        def fit(self, X, y):
            return self

    with pytest.raises(TypeError, match="has no get_params"):
        cross_val_score(NoParams(), X12, Y12)
    with pytest.raises(ValueError, match="X has 12 examples but y has 3 labels"):
        cross_val_score(Majority(), X12, ["a", "b", "a"])
    with pytest.raises(TypeError, match="cv="):
        cross_val_score(Majority(), X12, Y12, cv="ten")


# ---------------------------------------------------------------------------
# Grid search
# ---------------------------------------------------------------------------


def test_parameter_grid_is_in_scikit_learns_order():
    assert parameter_grid({"b": [1, 2], "a": ["x", "y"]}) == [
        {"a": "x", "b": 1}, {"a": "x", "b": 2}, {"a": "y", "b": 1}, {"a": "y", "b": 2},
    ]
    assert parameter_grid([{"a": [1]}, {"b": [2, 3]}]) == [{"a": 1}, {"b": 2}, {"b": 3}]
    with pytest.raises(TypeError, match="give a list of values"):
        parameter_grid({"alpha": 1})
    with pytest.raises(ValueError, match="is empty"):
        parameter_grid({"alpha": []})


def test_grid_search_by_hand():
    # always='b' scores 0, 0, 1 on KFold(3): mean 1/3; always='a' 1, 1, 0: mean 2/3; None (majority) as 'a'.
    search = GridSearch(Majority(), {"always": [None, "b", "a"]}, cv=KFold(3)).fit(X12, Y12)
    means = [row["mean_test_score"] for row in search.cv_results_]
    assert means == [Fraction(2, 3), Fraction(1, 3), Fraction(2, 3)]
    assert [row["rank_test_score"] for row in search.cv_results_] == [1, 3, 1]
    assert search.best_index_ == 0 and search.best_params_ == {"always": None}  # a tie: the first, as scikit-learn
    assert search.best_score_ == Fraction(2, 3)
    assert search.best_estimator_.n_fitted_ == 12  # refitted on everything
    assert search.predict([100]) == ["a"]
    assert search.cv_results_[1]["split2_test_score"] == 1
    assert GridSearch is GridSearchCV
    text = repr(search)
    assert "best always=None, mean score 0.6667" in text and "rank" in text
    assert "font-weight:bold" in search._repr_html_()


def test_grid_search_refuses_an_unknown_setting_and_predicting_before_fit():
    with pytest.raises(ValueError, match="'beta' is not a setting of Majority; its settings are always"):
        GridSearch(Majority(), {"beta": [1]})
    with pytest.raises(NotFittedError, match="call fit"):
        GridSearch(Majority(), {"always": ["a"]}).predict([1])


def test_new_model_rebuilds_from_get_params():
    model = MultinomialNB(alpha=0.5)
    copy = new_model(model, {"fit_prior": False})
    assert type(copy) is MultinomialNB and copy is not model
    assert copy.get_params()["alpha"] == 0.5 and copy.get_params()["fit_prior"] is False


def test_choose_alpha_by_10_fold_cross_validation_on_spam():
    texts, labels = load_spam()
    search = GridSearchCV(MultinomialNB(), {"alpha": [0.01, 0.1, 1, 10]}, cv=10).fit(texts, labels)
    assert len(search.cv_results_) == 4 and search.n_splits_ == 10
    assert search.best_params_["alpha"] in (0.01, 0.1, 1, 10)
    assert search.cv_results_[-1]["mean_test_score"] < search.best_score_  # alpha = 10 smooths too much
    assert search.best_estimator_.get_params()["alpha"] == search.best_params_["alpha"]


# ---------------------------------------------------------------------------
# Learning curves
# ---------------------------------------------------------------------------


def test_learning_curve_by_hand():
    # KFold(3) on X12: the first fold's training part has 8 positions; shares 0.25, 0.5, 1 -> 2, 4, 8.
    # Fold 1 trains on positions 4.. (a a a a b b b b): its first 2 are a a -> 'a', tested on a a a a: 1.
    sizes, train, test = learning_curve(Majority(), X12, Y12, train_sizes=[0.25, 0.5, 1.0], cv=KFold(3))
    assert sizes == [2, 4, 8]
    assert [row[0] for row in test] == [1, 1, 1]
    assert [row[2] for row in test] == [0, 0, 0]  # fold 3 trains on a's only
    assert train[2] == [Fraction(1, 2), Fraction(1, 2), 1]


def test_learning_curve_sizes_and_shuffle():
    curve = learning_curve(Majority(), list(range(10)), ["x", "y"] * 5, train_sizes=[1, 3, 3], cv=KFold(2))
    assert isinstance(curve, LearningCurve) and curve.train_sizes == [1, 3]  # repeats dropped
    with pytest.raises(ValueError, match="must lie in 1..5"):
        learning_curve(Majority(), list(range(10)), ["a", "b"] * 5, train_sizes=[6], cv=KFold(2))
    with pytest.raises(ValueError, match="must lie in \\(0, 1\\]"):
        learning_curve(Majority(), list(range(10)), ["a", "b"] * 5, train_sizes=[0.0, 1.0], cv=KFold(2))
    shuffled = learning_curve(Majority(), X12, Y12, train_sizes=[2], cv=KFold(3), shuffle=True, random_state=0)
    again = learning_curve(Majority(), X12, Y12, train_sizes=[2], cv=KFold(3), shuffle=True, random_state=0)
    assert shuffled == again
    assert "training examples" in repr(shuffled)


def test_learning_curve_matches_scikit_learns_sizes_and_folds():
    model_selection = pytest.importorskip("sklearn.model_selection")
    from sklearn.dummy import DummyClassifier

    X = [[i] for i in range(30)]
    y = ["a"] * 18 + ["b"] * 12
    theirs, _, _ = model_selection.learning_curve(DummyClassifier(), X, y, cv=5)
    ours, _, _ = learning_curve(Majority(), X, y, cv=5)
    assert ours == theirs.tolist()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs, _, _ = model_selection.learning_curve(DummyClassifier(), X, y, cv=5, train_sizes=[0.01, 0.5, 0.5])
    assert learning_curve(Majority(), X, y, cv=5, train_sizes=[0.01, 0.5, 0.5])[0] == theirs.tolist()


def test_a_learning_curve_on_sorted_data_says_to_shuffle():
    from naivebayes import GaussianNB
    from naivebayes.datasets import load_iris

    iris = load_iris()  # sorted by species: the first training flowers are all setosa
    with pytest.raises(ValueError, match="first 5 training examples of fold 1 are all of one class.*shuffle=True"):
        learning_curve(GaussianNB(), iris.rows, iris.labels, train_sizes=[5, 10], cv=5)
    sizes, _, test = learning_curve(GaussianNB(), iris.rows, iris.labels, train_sizes=[5, 120], cv=5,
                                    shuffle=True, random_state=0)
    assert sizes == [5, 120] and cross_validation_mean(test[1]) > cross_validation_mean(test[0])


def test_parameter_grid_order_is_scikit_learns():
    model_selection = pytest.importorskip("sklearn.model_selection")
    grids = [
        {"alpha": [0.1, 1, 10], "fit_prior": [True, False]},
        {"zeta": [1, 2], "alpha": [3], "beta": ["x", "y"]},
        [{"alpha": [1, 2]}, {"fit_prior": [False], "alpha": [5, 6]}],
    ]
    for grid in grids:
        assert parameter_grid(grid) == list(model_selection.ParameterGrid(grid))


def test_given_splits_are_checked():
    with pytest.raises(TypeError, match=r"cv\[0\]: the train positions 1 must be a list of whole numbers"):
        cross_val_score(Majority(), X12, Y12, cv=[(1, 2)])
    with pytest.raises(ValueError, match=r"cv split 0: the test positions hold 99, not a position 0..11"):
        cross_val_score(Majority(), X12, Y12, cv=[([0, 1], [99])])
    with pytest.raises(ValueError, match=r"cv split 0: the test part is empty"):
        cross_val_score(Majority(), X12, Y12, cv=[([0, 1], [])])


class NoSplits:
    """A splitter that makes no splits at all."""

    def split(self, X, y=None, groups=None):
        return iter(())


class OneSplit:
    """A splitter that makes the one split it is given."""

    def __init__(self, train, test):
        self.train, self.test = train, test

    def split(self, X, y=None, groups=None):
        yield self.train, self.test


def test_bad_splits_are_refused_by_every_function_that_takes_cv():
    # fuzzer round 1750: GridSearchCV(cv=[]).fit raised ZeroDivisionError: Fraction(0, 0)
    calls = [
        lambda cv: cross_val_score(Majority(), X12, Y12, cv=cv),
        lambda cv: cross_validate(Majority(), X12, Y12, cv=cv),
        lambda cv: learning_curve(Majority(), X12, Y12, cv=cv, train_sizes=[2]),
        lambda cv: GridSearchCV(Majority(), {"always": [None]}, cv=cv).fit(X12, Y12),
    ]
    cases = [
        ([], ValueError, r"cv is an empty list of splits"),
        (NoSplits(), ValueError, r"cv gave no splits of the 12 examples"),
        ([([], [0, 1])], ValueError, r"cv split 0: the train part is empty"),
        (OneSplit([0, 1], []), ValueError, r"cv split 0: the test part is empty"),
        ([([0, 1], [12])], ValueError, r"cv split 0: the test positions hold 12, not a position 0..11"),
        ([([0, -1], [5])], ValueError, r"cv split 0: the train positions hold -1, not a position 0..11"),
        ([([0, 1.0], [5])], ValueError, r"cv split 0: the train positions hold 1.0, not a position"),
        ([([0, True], [5])], ValueError, r"cv split 0: the train positions hold True, not a position"),
        (OneSplit([0, "1"], [5]), ValueError, r"cv split 0: the train positions hold '1', not a position"),
        (OneSplit(3, [5]), TypeError, r"cv split 0: the train positions 3 must be a list of whole numbers"),
        ([([0, 1], {5: 1})], TypeError, r"cv\[0\]: the test positions \{5: 1\} must be a list"),
    ]
    for call in calls:
        for cv, kind, message in cases:
            with pytest.raises(kind, match=message):
                call(cv)


def test_numpy_positions_are_whole_numbers():
    np = pytest.importorskip("numpy")
    split = [(np.arange(6), np.array([6, 7, 8, 9]))]
    assert list(cross_val_score(Majority(), X12, Y12, cv=split)) == [Fraction(2, 4)]


# ---------------------------------------------------------------------------
# Extra arguments of fit, and what is refused at the call (issue 30)
# ---------------------------------------------------------------------------


class Voting(Majority):
    """``Majority`` whose fit also takes extra labels by name, counted with the training labels."""

    def fit(self, X, y, votes=()):
        self.votes_seen_ = list(votes)
        return super().fit(X, list(y) + list(votes))


def test_fit_params_go_unchanged_to_every_folds_fit():
    # train on positions 0..5 ("a" x 6): the majority is "a", 2 of the 4 test labels ("a", "a", "b", "b") right
    split = [(list(range(6)), [6, 7, 8, 9])]
    assert list(cross_val_score(Voting(), X12, Y12, cv=split)) == [Fraction(2, 4)]
    # the test part 8..11 is "b" x 4: "a" (8 of 8 training labels) gets 0/4, "b" with 9 extra votes gets 4/4
    split = [(list(range(8)), [8, 9, 10, 11])]
    assert list(cross_val_score(Voting(), X12, Y12, cv=split)) == [0]
    assert list(cross_val_score(Voting(), X12, Y12, cv=split, fit_params={"votes": ["b"] * 9})) == [1]


def test_fit_params_reach_the_grid_search_and_the_learning_curve():
    search = GridSearchCV(Voting(), {"always": [None]}, cv=[(list(range(8)), [8, 9, 10, 11])])
    search.fit(X12, Y12, votes=["b"] * 9)
    assert search.best_score_ == 1 and search.best_estimator_.votes_seen_ == ["b"] * 9
    curve = learning_curve(Voting(), X12, Y12, cv=[(list(range(8)), [8, 9, 10, 11])], train_sizes=[8],
                           fit_params={"votes": ["b"] * 9})
    assert curve.test_scores == [[1]]


def test_the_semi_supervised_model_is_cross_validated_with_or_without_unlabeled_documents():
    from naivebayes import SemiSupervisedNB, Tokenizer

    texts, labels = load_spam()
    texts, labels = texts[:40], labels[:40]
    unlabeled = load_spam()[0][40:80]
    folds = list(StratifiedKFold(4).split(texts, labels))
    for fit_params in ({}, {"X_unlabeled": unlabeled}):
        scores = cross_val_score(SemiSupervisedNB(), texts, labels, cv=4, fit_params=fit_params)
        by_hand = []
        for train, test in folds:
            model = SemiSupervisedNB().fit([texts[i] for i in train], [labels[i] for i in train], **fit_params)
            by_hand.append(model.score([texts[i] for i in test], [labels[i] for i in test]))
        assert list(scores) == by_hand
    # without unlabeled documents: multinomial naive Bayes (its tokenizer, raw counts) on each training part
    plain = cross_val_score(MultinomialNB(tokenizer=Tokenizer(stop_words="english")), texts, labels, cv=4)
    semi = cross_val_score(SemiSupervisedNB(document_length=None, min_word_count=1), texts, labels, cv=4)
    assert list(semi) == list(plain)


@pytest.mark.parametrize("fit_params, error, phrase", [
    ("votes", TypeError, "fit_params='votes'; pass a dict of extra arguments of fit by name"),
    ({"weights": [1]}, ValueError, "fit_params names 'weights', which is not an extra argument of Voting.fit .* votes"),
    ({"y": [1]}, ValueError, "fit_params names 'y', which is not an extra argument of Voting.fit"),
])
def test_bad_fit_params_are_refused_before_any_fitting(fit_params, error, phrase):
    with pytest.raises(error, match=phrase):
        cross_val_score(Voting(), X12, Y12, fit_params=fit_params)


def test_a_model_without_extra_arguments_refuses_every_fit_param():
    with pytest.raises(ValueError, match=r"'X_unlabeled', which is not an extra argument of Majority.fit .*: none\)"):
        cross_val_score(Majority(), X12, Y12, cv=2, fit_params={"X_unlabeled": ["c"]})
    with pytest.raises(ValueError, match=r"'X_unlabeled', .* MultinomialNB.fit .*: sample_weight\)"):
        cross_val_score(MultinomialNB(), ["a b"] * 4, ["x", "y"] * 2, cv=2, fit_params={"X_unlabeled": ["c"]})


def test_sample_weight_is_split_by_fold_as_the_examples_are():
    from naivebayes import cross_val_predict
    from naivebayes.evaluation.folds import KFold

    texts = ["a a b", "a b", "c d", "c c d", "a c", "d d", "b b a", "c d d"]
    labels = ["x", "x", "y", "y", "x", "y", "x", "y"]
    weights = [1, 3, 2, 1, 5, 1, 2, 4]
    folds = list(KFold(4).split(texts, labels))
    predicted = cross_val_predict(MultinomialNB(), texts, labels, cv=folds, method="predict_proba",
                                  fit_params={"sample_weight": weights})
    for train, test in folds:  # by hand: each fold's model with its own examples' weights
        model = MultinomialNB().fit([texts[i] for i in train], [labels[i] for i in train],
                                    sample_weight=[weights[i] for i in train])
        assert [predicted[i] for i in test] == model.predict_proba([texts[i] for i in test])
    scores = cross_val_score(MultinomialNB(), texts, labels, cv=folds, fit_params={"sample_weight": weights})
    assert len(scores) == 4
    with pytest.raises(ValueError, match="holds 3 weights for 8 examples"):
        cross_val_score(MultinomialNB(), texts, labels, cv=folds, fit_params={"sample_weight": [1, 2, 3]})


@pytest.mark.parametrize("weights, phrase", [(2.0, "must be a list of weights, got float"),
                                             ("12", "is a single string"), ({1, 2}, "is a set")])
def test_sample_weight_in_fit_params_that_is_not_a_list_is_refused(weights, phrase):
    # A float gave "'float' object is not iterable" from inside the fold split (found by the fuzzer).
    from naivebayes import cross_val_predict

    texts, labels = ["a", "b", "a", "b"], ["x", "y", "x", "y"]
    with pytest.raises(TypeError, match=r"fit_params\['sample_weight'\] " + phrase):
        cross_val_predict(MultinomialNB(), texts, labels, cv=2, fit_params={"sample_weight": weights})


def test_a_class_where_a_model_belongs_is_refused():
    with pytest.raises(TypeError, match=r"^MultinomialNB is a class; pass a model made from it, such as MultinomialNB\(\)"):
        cross_val_score(MultinomialNB, X12, Y12)
    with pytest.raises(TypeError, match="MultinomialNB is a class"):
        GridSearchCV(MultinomialNB, {"alpha": [1]})
    with pytest.raises(TypeError, match="MultinomialNB is a class"):
        learning_curve(MultinomialNB, X12, Y12)


@pytest.mark.parametrize("train_sizes", [None, 0.5, "0.5", {"a": 1}])
def test_train_sizes_that_are_not_a_list_are_refused(train_sizes):
    with pytest.raises(TypeError, match=f"train_sizes={train_sizes!r}; give a list of training-set sizes"):
        learning_curve(Majority(), X12, Y12, cv=2, train_sizes=train_sizes)


@pytest.mark.parametrize("value", ["good", None, True, float("nan"), [0.5]])
def test_a_scoring_function_that_gives_no_number_is_refused(value):
    def odd(y_true, y_pred):
        return value

    with pytest.raises(TypeError, match=re.escape(f"scoring=odd returned {value!r}, not a number")):
        cross_val_score(Majority(), X12, Y12, cv=2, scoring=odd)


@pytest.mark.parametrize("call", [
    lambda: cross_validate(Majority(), X12, Y12, return_train_score="yes"),
    lambda: learning_curve(Majority(), X12, Y12, shuffle=True, random_state="seed"),
    lambda: learning_curve(Majority(), X12, Y12, random_state=-1),
])
def test_loose_settings_are_refused_before_any_fitting(call):
    with pytest.raises((TypeError, ValueError), match="return_train_score must be True or False|random_state="):
        call()


@pytest.mark.parametrize("settings, error, phrase", [
    ({"test_size": "x"}, TypeError, "test_size='x'; pass a float between 0 and 1"),
    ({"train_size": True}, TypeError, "train_size=True; pass a float"),
    ({"test_size": 1.5}, ValueError, "test_size=1.5; a float is a share strictly between 0 and 1"),
    ({"train_size": 0}, ValueError, "train_size=0; a float is a share strictly between 0 and 1, an int a number"),
])
def test_shuffle_split_sizes_are_checked_when_the_splitter_is_made(settings, error, phrase):
    for splitter in (ShuffleSplit, StratifiedShuffleSplit):
        with pytest.raises(error, match=phrase):
            splitter(3, **settings)


def test_a_share_that_is_not_a_number_is_refused():
    with pytest.raises(ValueError, match=r"train_sizes \[0.5, nan\] are shares of the training folds"):
        learning_curve(Majority(), X12, Y12, cv=2, train_sizes=[0.5, float("nan")])


def test_cross_val_predict_gives_each_example_the_prediction_of_the_fold_that_left_it_out():
    from naivebayes import MultinomialNB, cross_val_predict
    from naivebayes.evaluation.folds import KFold

    texts = ["a a b", "a b", "c d", "c c d", "a c", "d d", "b b a", "c d d"]
    labels = ["x", "x", "y", "y", "x", "y", "x", "y"]
    folds = list(KFold(4).split(texts, labels))
    predicted = cross_val_predict(MultinomialNB(), texts, labels, cv=folds)
    for train, test in folds:  # each example, by hand: the model fitted without its fold
        model = MultinomialNB().fit([texts[i] for i in train], [labels[i] for i in train])
        assert [predicted[i] for i in test] == model.predict([texts[i] for i in test])
    probabilities = cross_val_predict(MultinomialNB(), texts, labels, cv=folds, method="predict_proba")
    assert all(set(row) == {"x", "y"} and abs(sum(row.values()) - 1) < 1e-12 for row in probabilities)


def test_cross_val_predict_refuses_folds_that_miss_or_repeat_an_example():
    from naivebayes import MultinomialNB, cross_val_predict

    texts, labels = ["a", "b", "a", "b"], ["x", "y", "x", "y"]
    with pytest.raises(ValueError, match="in no test fold"):
        cross_val_predict(MultinomialNB(), texts, labels, cv=[([0, 1, 2], [3])])
    with pytest.raises(ValueError, match="more than one test fold"):
        cross_val_predict(MultinomialNB(), texts, labels, cv=[([0, 1], [2, 3]), ([2, 3], [0, 1]), ([0, 1], [2, 3])])
    with pytest.raises(ValueError, match="method="):
        cross_val_predict(MultinomialNB(), texts, labels, cv=2, method="decision_function")
