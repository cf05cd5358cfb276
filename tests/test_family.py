"""Every model of the family with every evaluation tool (issue 30).

The models are found from ``naivebayes.__all__`` (every class with ``fit``
and ``predict``), so a new model cannot be left out: it fails here until it
has data below and works with cross-validation, the grid search, learning
curves, the calibration scores and the metrics, has ``get_params`` and an
all-or-nothing ``set_params``, an ``explain`` whose posterior is
``predict_proba``'s, and a notebook display with its text's content.
"""

import html
import inspect
import math
import re

import pytest

import naivebayes
from naivebayes import Explanation, GridSearchCV, cross_val_score, cross_validate, learning_curve
from naivebayes.evaluation.calibration import (
    PlattCalibrator,
    brier_score_loss,
    calibration_curve,
    expected_calibration_error,
    log_loss,
    reliability_table,
)
from naivebayes.evaluation.metrics import accuracy, confusion_matrix, f1_score

NOT_MODELS = {
    "GridSearchCV": "a search over a model's settings, not a model of its own",
    "OneVsRestClassifier": "multi-label: a label set per example, not one label (tests/test_one_vs_rest.py)",
}

MODELS = sorted(
    name
    for name in naivebayes.__all__
    if inspect.isclass(getattr(naivebayes, name))
    and hasattr(getattr(naivebayes, name), "fit")
    and hasattr(getattr(naivebayes, name), "predict")
    and name not in NOT_MODELS
)

LABELS = ["a", "b"] * 6

TEXTS = [
    "sun beach sea", "rain snow cold", "sun sea sand", "snow cold wind", "beach sun warm", "rain wind grey",
    "sea sun beach", "cold rain snow", "sand warm sun", "wind grey rain", "sun warm sea", "snow rain sun",
]
NUMBERS = [[1.0, 2.0], [4.0, 3.5], [1.5, 1.8], [3.8, 4.2], [0.9, 2.6], [4.4, 3.1],
           [2.0, 2.2], [3.5, 3.9], [1.2, 1.4], [4.9, 4.0], [3.1, 2.5], [2.4, 3.3]]
COUNTS = [[1, 3], [4, 0], [0, 2], [5, 1], [2, 4], [3, 0], [1, 2], [6, 1], [0, 3], [4, 2], [2, 2], [3, 3]]
CATEGORIES = [["sun", "hot"], ["rain", "cold"], ["sun", "mild"], ["rain", "mild"], ["sun", "hot"], ["cloud", "cold"],
              ["cloud", "hot"], ["rain", "cold"], ["sun", "mild"], ["cloud", "cold"], ["rain", "hot"], ["sun", "cold"]]
MIXED = [[category[0], number[0]] for category, number in zip(CATEGORIES, NUMBERS)]

# model: (its rows, a setting with two values to search over, a setting the constructor refuses)
DATA = {
    "MultinomialNB": (TEXTS, {"alpha": [0.5, 1.0]}, {"alpha": -1}),
    "BernoulliNB": (TEXTS, {"alpha": [0.5, 1.0]}, {"alpha": -1}),
    "ComplementNB": (TEXTS, {"alpha": [0.5, 1.0]}, {"alpha": -1}),
    "SemiSupervisedNB": (TEXTS, {"alpha": [0.5, 1.0]}, {"unlabeled_weight": 2}),
    "CategoricalNB": (CATEGORIES, {"alpha": [0.5, 1.0]}, {"alpha": -1}),
    "GaussianNB": (NUMBERS, {"var_smoothing": [1e-9, 1e-3]}, {"var_smoothing": -1}),
    "PoissonNB": (COUNTS, {"alpha": [0.5, 1.0]}, {"alpha": -1}),
    "HistogramNB": (NUMBERS, {"n_bins": [2, 3]}, {"n_bins": 0}),
    "KernelNB": (NUMBERS, {"bandwidth": [0.5, 1.0]}, {"bandwidth": -1}),
    "TreeAugmentedNB": (CATEGORIES, {"alpha": [0.5, 1.0]}, {"alpha": -1}),
    "MixedNB": (MIXED, {"alpha": [0.5, 1.0]}, {"alpha": -1}),
    "GaussianDiscriminantAnalysis": (NUMBERS, {"covariance": ["full", "shared"]}, {"covariance": "round"}),
    "JointBayesClassifier": (CATEGORIES, {"alpha": [0.5, 1.0]}, {"alpha": -1}),
    "LogisticRegression": (MIXED, {"C": [0.5, 1.0]}, {"C": -1}),
}


def test_every_model_of_the_package_has_data_here():
    assert MODELS and sorted(DATA) == MODELS, "add the new model's data, settings and a refused setting to DATA"


def make(name):
    return getattr(naivebayes, name)()


def data(name):
    return DATA[name][0], LABELS


@pytest.mark.parametrize("name", MODELS)
def test_get_params_makes_the_same_model_again(name):
    model = make(name)
    params = model.get_params()
    assert list(params) == list(inspect.signature(type(model)).parameters)
    assert type(model)(**params).get_params() == params


@pytest.mark.parametrize("name", MODELS)
def test_set_params_is_all_or_nothing(name):
    model = make(name)
    (setting, values), refused = next(iter(DATA[name][1].items())), DATA[name][2]
    assert model.set_params(**{setting: values[0]}) is model
    assert model.get_params()[setting] == values[0]
    before = model.get_params()
    with pytest.raises(ValueError, match=f"no setting 'no_such_setting'; its settings are {list(before)[0]}"):
        model.set_params(**{setting: values[1], "no_such_setting": 1})
    with pytest.raises((ValueError, TypeError), match=list(refused)[0]):
        model.set_params(**{setting: values[1]}, **refused)
    assert model.get_params() == before  # neither call changed anything
    with pytest.raises((ValueError, TypeError)):
        type(model)(**refused)


@pytest.mark.parametrize("name", MODELS)
def test_explain_gives_the_posterior_predict_proba_gives(name):
    X, y = data(name)
    model = make(name).fit(X, y)
    explanation = model.explain(X[1])
    assert isinstance(explanation, Explanation)
    proba = model.predict_proba([X[1]])[0]
    assert explanation.posterior == pytest.approx(proba, abs=1e-12)
    assert explanation.prediction == model.predict([X[1]])[0]


def words(text):
    return set(re.findall(r"[A-Za-z_]+|\d+(?:\.\d+)?", text))


@pytest.mark.parametrize("name", MODELS)
def test_a_notebook_shows_what_the_text_shows(name):
    X, y = data(name)
    model = make(name)
    for stage in ("not fitted", "fitted"):
        if stage == "fitted":
            model.fit(X, y)
        shown = model._repr_html_()
        assert isinstance(shown, str) and "<table" in shown, stage
        text = html.unescape(re.sub(r"<[^>]+>", " ", shown))
        # (the text may peek at fewer entries of a wide table and count the rest, "... 7 more"; the HTML wraps)
        missing = words(re.sub(r"\.\.\. \d+ more", "", repr(model))) - words(text)
        assert not missing, (stage, sorted(missing)[:5])


@pytest.mark.parametrize("name", MODELS)
def test_cross_validation_of_every_model(name):
    X, y = data(name)
    model = make(name)
    scores = cross_val_score(model, X, y, cv=3)
    assert len(scores) == 3 and all(0 <= score <= 1 for score in scores)
    results = cross_validate(model, X, y, cv=3, scoring="f1_macro", return_train_score=True)
    assert len(results["test_score"]) == len(results["train_score"]) == 3
    assert not hasattr(model, "classes_") or not model.classes_  # the model passed is never trained


@pytest.mark.parametrize("name", MODELS)
def test_grid_search_of_every_model(name):
    X, y = data(name)
    grid = DATA[name][1]
    search = GridSearchCV(make(name), grid, cv=3).fit(X, y)
    assert len(search.cv_results_) == 2
    assert search.best_params_ in [{key: value} for key, values in grid.items() for value in values]
    assert search.best_estimator_.get_params()[next(iter(grid))] == search.best_params_[next(iter(grid))]
    assert len(search.predict(X)) == len(X)


@pytest.mark.parametrize("name", MODELS)
def test_learning_curve_of_every_model(name):
    X, y = data(name)
    sizes, train_scores, test_scores = learning_curve(make(name), X, y, cv=3, train_sizes=[0.75, 1.0])
    assert sizes == [6, 8] and len(train_scores) == len(test_scores) == 2  # (the first 6 of a fold: 3 of each class)
    assert all(len(scores) == 3 and all(0 <= score <= 1 for score in scores) for scores in train_scores + test_scores)


@pytest.mark.parametrize("name", MODELS)
def test_metrics_and_calibration_of_every_model(name):
    X, y = data(name)
    model = make(name).fit(X[:8], y[:8])
    X_test, y_test = X[8:], y[8:]
    predicted = model.predict(X_test)
    proba = model.predict_proba(X_test)
    assert accuracy(y_test, predicted) == model.score(X_test, y_test)
    matrix = confusion_matrix(y_test, predicted)
    assert sum(sum(row.values()) for row in matrix.values()) == len(y_test)
    assert 0 <= f1_score(y_test, predicted, average="macro") <= 1
    loss = log_loss(y_test, proba)
    assert loss >= 0 and (math.isfinite(loss) or any(row[label] == 0 for row, label in zip(proba, y_test)))
    assert 0 <= brier_score_loss(y_test, proba) <= 1
    assert 0 <= expected_calibration_error(y_test, proba, n_bins=2) <= 1
    assert len(calibration_curve(y_test, proba, n_bins=2)[0]) >= 1
    table = reliability_table(y_test, proba, n_bins=2)
    assert sum(row["count"] for row in table) == len(y_test)
    platt = PlattCalibrator().fit([row["b"] for row in proba], y_test, pos_label="b")
    assert all(0 < p < 1 for p in platt.predict([row["b"] for row in proba]))


@pytest.mark.parametrize("name", MODELS)
def test_the_class_itself_where_a_model_belongs_is_refused_in_one_line(name):
    X, y = data(name)
    with pytest.raises(TypeError, match=rf"^{name} is a class; pass a model made from it, such as {name}\(\)"):
        cross_val_score(getattr(naivebayes, name), X, y, cv=3)
