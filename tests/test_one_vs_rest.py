"""Multi-label classification one class against the rest, and the multi-label F1 averages (IIR chapter 13).

The hand-checked numbers are worked out in the comments; the cross-checks with
scikit-learn's OneVsRestClassifier, MultiLabelBinarizer and f1_score skip
themselves without scikit-learn.
"""

import functools
import random
from fractions import Fraction

import pytest

from naivebayes import BernoulliNB, GaussianNB, MultinomialNB
from naivebayes.evaluation.cross_validation import cross_val_score
from naivebayes.evaluation.folds import KFold
from naivebayes.evaluation.multilabel import (
    multilabel_f1,
    multilabel_outcome_counts,
    multilabel_precision,
    multilabel_precision_recall_f1,
    multilabel_recall,
)
from naivebayes.naive_bayes.one_vs_rest import OneVsRestClassifier
from naivebayes.plumbing.checks import NotFittedError

DOCUMENTS = ["wheat harvest grain", "grain prices", "profit rose", "wheat exports", "profit fell", "grain wheat profit"]
LABEL_SETS = [["grain", "wheat"], ["grain"], ["earn"], ["wheat"], ["earn"], []]


# ---------------------------------------------------------------------------
# The contingency tables and the averages, by hand
# ---------------------------------------------------------------------------

Y_TRUE = [["grain", "wheat"], ["earn"], ["grain"], []]
Y_PRED = [["grain"], ["earn"], ["grain", "wheat"], ["earn"]]


def test_eq_multilabel_counts_by_hand():
    counts = multilabel_outcome_counts([set(s) for s in Y_TRUE], [set(s) for s in Y_PRED], ["earn", "grain", "wheat"])
    # earn: right on story 1, predicted for story 3 which has no class: TP 1, FP 1, FN 0, TN 2.
    assert counts["earn"] == {"tp": 1, "fp": 1, "fn": 0, "tn": 2, "support": 1}
    # grain: stories 0 and 2 both found: TP 2, TN 2.
    assert counts["grain"] == {"tp": 2, "fp": 0, "fn": 0, "tn": 2, "support": 2}
    # wheat: story 0 missed, story 2 wrongly given it: TP 0, FP 1, FN 1.
    assert counts["wheat"] == {"tp": 0, "fp": 1, "fn": 1, "tn": 2, "support": 1}


def test_per_class_and_averaged_scores_by_hand():
    assert multilabel_f1(Y_TRUE, Y_PRED) == {"earn": Fraction(2, 3), "grain": 1, "wheat": 0}
    assert multilabel_precision(Y_TRUE, Y_PRED) == {"earn": Fraction(1, 2), "grain": 1, "wheat": 0}
    assert multilabel_recall(Y_TRUE, Y_PRED) == {"earn": 1, "grain": 1, "wheat": 0}
    # macro: the mean of the per-class F1, (2/3 + 1 + 0) / 3 = 5/9.
    assert multilabel_f1(Y_TRUE, Y_PRED, average="macro") == Fraction(5, 9)
    # micro: the pooled table TP 3, FP 2, FN 1: P = 3/5, R = 3/4, F1 = 2 * 3 / (2 * 3 + 2 + 1) = 2/3.
    assert multilabel_precision(Y_TRUE, Y_PRED, average="micro") == Fraction(3, 5)
    assert multilabel_recall(Y_TRUE, Y_PRED, average="micro") == Fraction(3, 4)
    assert multilabel_f1(Y_TRUE, Y_PRED, average="micro") == Fraction(2, 3)
    # weighted by support 1, 2, 1: (2/3 + 2 + 0) / 4 = 2/3.
    assert multilabel_f1(Y_TRUE, Y_PRED, average="weighted") == Fraction(2, 3)


def test_classes_limit_the_table_and_the_averages():
    # the two classes IIR-style "largest classes" would keep: grain (F1 1) and earn (F1 2/3)
    assert multilabel_f1(Y_TRUE, Y_PRED, classes=["grain", "earn"], average="macro") == Fraction(5, 6)
    # pooled over grain and earn: TP 3, FP 1, FN 0: 6 / 7
    assert multilabel_f1(Y_TRUE, Y_PRED, classes=["grain", "earn"], average="micro") == Fraction(6, 7)
    table = multilabel_precision_recall_f1(Y_TRUE, Y_PRED, classes=["grain", "earn"])
    assert list(table) == ["grain", "earn"]
    assert table["earn"]["support"] == 1


def test_a_class_never_predicted_and_one_never_present_score_0():
    f1 = multilabel_f1([["a"], ["a"]], [["a"], ["b"]])
    assert f1 == {"a": Fraction(2, 3), "b": 0}
    assert multilabel_precision([["a"]], [[]], classes=["a"]) == {"a": 0}


@pytest.mark.parametrize(
    "y_true, y_pred, kwargs, error, message",
    [
        (["earn", "grain"], [["earn"], ["grain"]], {}, TypeError, r"y_true\[0\] is 'earn', not a list of labels"),
        ([["earn"]], [["earn"], ["grain"]], {}, ValueError, "y_true has 1 examples but y_pred has 2 label sets"),
        ([["earn"]], [[["nested"]]], {}, TypeError, "labels must be hashable"),
        ([[]], [[]], {}, ValueError, "no example has a label"),
        ([], [], {}, ValueError, "y_true is empty"),
        ([["a"]], [["a"]], {"average": "samples"}, ValueError, "average='samples' is not known"),
        ([["a"]], [["a"]], {"classes": ["a", "a"]}, ValueError, "names a class twice"),
        ([["a"]], [["a"]], {"classes": []}, ValueError, "classes is empty"),
        ([["a"]], [["a"]], {"classes": ["b"], "average": "weighted"}, ValueError, "weights of a weighted average"),
    ],
)
def test_bad_label_sets_are_refused_clearly(y_true, y_pred, kwargs, error, message):
    with pytest.raises(error, match=message):
        multilabel_f1(y_true, y_pred, **kwargs)


# ---------------------------------------------------------------------------
# The classifier
# ---------------------------------------------------------------------------


def test_each_class_model_is_a_two_class_model_of_in_or_not_in_it():
    model = OneVsRestClassifier(MultinomialNB()).fit(DOCUMENTS, LABEL_SETS)
    assert model.classes_ == ["earn", "grain", "wheat"]
    wheat = model.estimators_["wheat"]
    alone = MultinomialNB().fit(DOCUMENTS, [True, False, False, True, False, False])
    assert wheat.feature_counts_ == alone.feature_counts_
    # P(wheat) = 2/6; "wheat" occurs twice in the 5 words of the wheat stories, |V| = 8: (2 + 1) / (5 + 8)
    assert wheat.prior(True) == Fraction(1, 3)
    assert wheat.likelihood("wheat", True) == Fraction(3, 13)


def test_predict_gives_every_class_whose_model_says_yes():
    model = OneVsRestClassifier(MultinomialNB()).fit(DOCUMENTS, LABEL_SETS)
    tests = ["wheat harvest", "profit", "nothing known", "grain and wheat"]
    predicted = model.predict(tests)
    probabilities = model.predict_proba(tests)
    for guess, row, test in zip(predicted, probabilities, tests):
        for label in model.classes_:
            says_yes = model.estimators_[label].predict([test])[0]
            assert (label in guess) == says_yes
            assert row[label] == model.estimators_[label].predict_proba([test])[0][True]
    assert predicted[0] == ["grain", "wheat"] and predicted[1] == ["earn"]
    assert predicted[3] == []  # P(grain | x) = 0.46 < 1/2: "grain wheat profit", in no class, pulls it down


def test_a_class_every_example_has_or_none_has_is_answered_without_a_model():
    label_sets = [["news", "grain"], ["news"], ["news", "earn"], ["news"]]
    model = OneVsRestClassifier(BernoulliNB(), classes=["news", "grain", "earn", "copper"])
    model.fit(DOCUMENTS[:4], label_sets)
    assert model.classes_ == ["news", "grain", "earn", "copper"]  # the order given
    assert model.estimators_["news"] is None and model.constant_["news"] is True
    assert model.estimators_["copper"] is None and model.constant_["copper"] is False
    row = model.predict_proba(["grain"])[0]
    assert row["news"] == 1.0 and row["copper"] == 0.0
    assert "news" in model.predict(["anything"])[0]


def test_sample_weight_reaches_every_class_model():
    weighted = OneVsRestClassifier(MultinomialNB()).fit(DOCUMENTS, LABEL_SETS, sample_weight=[1, 2, 1, 1, 3, 1])
    repeated = OneVsRestClassifier(MultinomialNB()).fit(
        DOCUMENTS + [DOCUMENTS[1], DOCUMENTS[4], DOCUMENTS[4]], LABEL_SETS + [LABEL_SETS[1], LABEL_SETS[4], LABEL_SETS[4]]
    )
    for label in weighted.classes_:
        assert weighted.estimators_[label].feature_counts_ == repeated.estimators_[label].feature_counts_
        assert weighted.estimators_[label].class_counts_ == repeated.estimators_[label].class_counts_


def test_score_is_the_share_of_exactly_right_label_sets():
    model = OneVsRestClassifier(MultinomialNB()).fit(DOCUMENTS, LABEL_SETS)
    predicted = model.predict(DOCUMENTS)
    expected = Fraction(sum(set(p) == set(t) for p, t in zip(predicted, LABEL_SETS)), len(DOCUMENTS))
    assert model.score(DOCUMENTS, LABEL_SETS) == expected


def test_cross_validation_with_label_sets_as_tuples():
    label_sets = [tuple(labels) for labels in LABEL_SETS] * 2
    documents = DOCUMENTS * 2
    micro_f1 = functools.partial(multilabel_f1, average="micro")
    scores = cross_val_score(OneVsRestClassifier(MultinomialNB()), documents, label_sets, cv=KFold(3), scoring=micro_f1)
    assert len(scores) == 3
    for score, (train, test) in zip(scores, KFold(3).split(documents)):
        model = OneVsRestClassifier(MultinomialNB()).fit([documents[i] for i in train], [label_sets[i] for i in train])
        assert score == micro_f1([label_sets[i] for i in test], model.predict([documents[i] for i in test]))


def test_bad_input_is_refused_and_the_model_unchanged():
    model = OneVsRestClassifier(MultinomialNB()).fit(DOCUMENTS, LABEL_SETS)
    before = dict(model.estimators_)
    with pytest.raises(TypeError, match=r"y\[0\] is 'grain', not a list of labels"):
        model.fit(DOCUMENTS, ["grain", "grain", "earn", "wheat", "earn", "earn"])
    with pytest.raises(ValueError, match="X has 6 examples but y has 2 label sets"):
        model.fit(DOCUMENTS, LABEL_SETS[:2])
    with pytest.raises(ValueError, match=r"sample_weight\[0\] is -1"):
        model.fit(DOCUMENTS, LABEL_SETS, sample_weight=[-1, 1, 1, 1, 1, 1])
    with pytest.raises(ValueError, match="no training example has a label"):
        model.fit(DOCUMENTS, [[]] * 6)
    assert model.estimators_ == before
    with pytest.raises(TypeError, match="GaussianNB does not take sample_weight"):
        OneVsRestClassifier(GaussianNB()).fit([[1.0], [2.0]], [["a"], ["b"]], sample_weight=[1, 1])
    with pytest.raises(TypeError, match="pass a model made from it, such as MultinomialNB()"):
        OneVsRestClassifier(MultinomialNB)
    with pytest.raises(NotFittedError, match="call fit"):
        OneVsRestClassifier(MultinomialNB()).predict(["grain"])


# ---------------------------------------------------------------------------
# scikit-learn's OneVsRestClassifier(MultinomialNB()) and f1_score (skipped without scikit-learn)
# ---------------------------------------------------------------------------


def random_problem(seed, n_rows=60, n_columns=12, classes="abcde"):
    generator = random.Random(seed)
    rows = [[generator.randrange(4) for _ in range(n_columns)] for _ in range(n_rows)]
    label_sets = [sorted(generator.sample(classes, generator.randrange(0, 3))) for _ in range(n_rows)]
    return rows, label_sets


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_one_vs_rest_agrees_with_scikit_learn(seed):
    multiclass = pytest.importorskip("sklearn.multiclass")
    preprocessing = pytest.importorskip("sklearn.preprocessing")
    sklearn_nb = pytest.importorskip("sklearn.naive_bayes")
    np = pytest.importorskip("numpy")
    rows, label_sets = random_problem(seed)
    binarizer = preprocessing.MultiLabelBinarizer()
    indicator = binarizer.fit_transform(label_sets)
    theirs = multiclass.OneVsRestClassifier(sklearn_nb.MultinomialNB(alpha=0.5)).fit(np.array(rows), indicator)
    ours = OneVsRestClassifier(MultinomialNB(alpha=0.5)).fit(rows, label_sets)
    assert ours.classes_ == binarizer.classes_.tolist()
    tests, _ = random_problem(seed + 100, n_rows=40)
    their_predictions = binarizer.inverse_transform(theirs.predict(np.array(tests)))
    assert ours.predict(tests) == [list(labels) for labels in their_predictions]
    their_probabilities = theirs.predict_proba(np.array(tests))
    worst = max(
        abs(row[label] - their_row[k])
        for row, their_row in zip(ours.predict_proba(tests), their_probabilities)
        for k, label in enumerate(ours.classes_)
    )
    assert worst < 1e-12


@pytest.mark.parametrize("seed", range(5))
def test_multilabel_scores_agree_with_scikit_learn(seed):
    metrics = pytest.importorskip("sklearn.metrics")
    preprocessing = pytest.importorskip("sklearn.preprocessing")
    y_true, _ = [], None
    _, y_true = random_problem(seed)
    _, y_pred = random_problem(seed + 50)
    binarizer = preprocessing.MultiLabelBinarizer().fit(y_true + y_pred)
    true, pred = binarizer.transform(y_true), binarizer.transform(y_pred)
    for ours, theirs in [(multilabel_f1, metrics.f1_score), (multilabel_precision, metrics.precision_score),
                         (multilabel_recall, metrics.recall_score)]:  # fmt: skip
        for average in ("micro", "macro", "weighted"):
            expected = theirs(true, pred, average=average, zero_division=0)
            assert abs(float(ours(y_true, y_pred, average=average)) - expected) < 1e-12
        per_class = theirs(true, pred, average=None, zero_division=0)
        mine = ours(y_true, y_pred)
        assert list(mine) == binarizer.classes_.tolist()
        assert max(abs(float(mine[label]) - value) for label, value in zip(mine, per_class)) < 1e-12


def test_a_tokenizer_of_your_own_is_used_by_every_class_model():
    model = OneVsRestClassifier(MultinomialNB(tokenizer=str.split)).fit(DOCUMENTS, LABEL_SETS)
    alone = MultinomialNB(tokenizer=str.split).fit(DOCUMENTS, ["grain" in labels for labels in LABEL_SETS])
    assert model.estimators_["grain"].feature_counts_ == alone.feature_counts_
    assert model.predict(["wheat harvest"]) == [["grain", "wheat"]]
