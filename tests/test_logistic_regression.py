"""Logistic regression (naivebayes/other_models/logistic.py): each formula by hand, the gradient by finite
differences, the fit against scikit-learn, and the model beside naive Bayes' linear form."""

import math
import random
import statistics
import warnings
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes import CategoricalNB, NotFittedError
from naivebayes.datasets import load_iris, load_play_tennis
from naivebayes.other_models.logistic import (
    LogisticRegression,
    TrainingData,
    binary_objective_and_gradient,
    class_scores,
    enough_decrease,
    example_loss,
    examples_of,
    lbfgs_direction,
    objective_and_gradient,
    sparse_vectors,
)

ROOT = Path(__file__).resolve().parent.parent
ADULT_FOLDER = ROOT.parent / "shared" / "data"
NUMERIC = ["age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week"]


# -- each formula on a number worked out by hand --------------------------------------------------


def test_eq_logistic_regression_scores_by_hand():
    # s = b + w_0 x_0 + w_2 x_2 = 0.5 + 1 * 3 + 2 * 4 for x = (3, 0, 4); x_1 = 0 is not stored
    x = ([0, 2], [3.0, 4.0])
    assert class_scores([[1.0, 9.0, 2.0], [0.0, 0.0, -1.0]], [0.5, 0.0], x) == [11.5, -4.0]


def test_eq_logistic_regression_loss_by_hand():
    # scores (0, log 3): P(class 1 | x) = 3 / (1 + 3) = 3/4, so -log P = log(4/3); class 0: log 4
    assert example_loss([0.0, math.log(3)], 1) == pytest.approx(math.log(4 / 3), abs=1e-15)
    assert example_loss([0.0, math.log(3)], 0) == pytest.approx(math.log(4), abs=1e-15)
    # huge scores do not overflow: -log P(y | x) = log(1 + e^-1000) = 0 to the last bit
    assert example_loss([0.0, 1000.0], 1) == 0.0
    assert example_loss([0.0, 1000.0], 0) == 1000.0


def two_point_data():
    """x = 1 (class 0) and x = 3 (class 1): the example of the docs page."""
    rows = sparse_vectors([{0: 1.0}, {0: 3.0}], {0: 0})
    return TrainingData(rows, [0, 1], 1, 2)


def test_eq_logistic_regression_gradient_at_zero_by_hand():
    # At w = b = 0 both P(b | x_i) are 1/2: J = C (log 2 + log 2); dJ/dw = (1/2 - 0) 1 + (1/2 - 1) 3 = -1,
    # dJ/db = 1/2 - 1/2 = 0.  f = J / (C n) with C = 1, n = 2.
    value, gradient = objective_and_gradient([0.0, 0.0], two_point_data(), 1.0)
    assert value == pytest.approx(math.log(2), abs=1e-15)
    assert gradient == pytest.approx([-0.5, 0.0], abs=1e-15)
    # with C = 2 the penalty term w is still 0 here, so the gradient of f = J / (C n) is the same
    assert objective_and_gradient([0.0, 0.0], two_point_data(), 2.0)[1] == pytest.approx([-0.5, 0.0], abs=1e-15)


def test_eq_logistic_regression_gradient_with_the_penalty_by_hand():
    # w = 1, b = -2: z = -1 and +1, P = sigmoid(-1) and sigmoid(1); with C = 1:
    # dJ/dw = sigmoid(-1) * 1 + (sigmoid(1) - 1) * 3 + 1 = sigmoid(-1) - 3 sigmoid(-1) + 1
    s = 1 / (1 + math.e)
    value, gradient = objective_and_gradient([1.0, -2.0], two_point_data(), 1.0)
    assert gradient[0] == pytest.approx((s - 3 * s + 1) / 2, abs=1e-15)
    assert gradient[1] == pytest.approx((s + (1 - s) - 1) / 2, abs=1e-15)
    assert value == pytest.approx((2 * math.log(1 + math.e ** -1) + 0.5) / 2, abs=1e-15)


def test_eq_logistic_regression_binary_gradient_by_hand():
    # The two points at w = 1, b = -2: z = -1 (y = 0) and z = +1 (y = 1), so both residuals are
    # sigmoid(-1) - 0 = s and sigmoid(1) - 1 = -s, with s = 1 / (1 + e); each loss is log(1 + e^-1).
    # f = (C (2 log(1 + e^-1)) + w^2 / 2) / (C n), df/dw = (s * 1 - s * 3 + w) / 2, df/db = (s - s) / 2 = 0.
    s = 1 / (1 + math.e)
    value, gradient = binary_objective_and_gradient([1.0, -2.0], two_point_data(), 1.0)
    assert value == pytest.approx((2 * math.log(1 + math.e ** -1) + 0.5) / 2, abs=1e-15)
    assert gradient == pytest.approx([(s - 3 * s + 1) / 2, 0.0], abs=1e-15)


def test_examples_are_read_a_row_at_a_time_with_missing_values_left_out():
    from fractions import Fraction

    assert examples_of([{"age": 39, "sex": "Male", "job": None}, [1.5, "a", float("nan"), True, Fraction(1, 2)]]) == [
        {"age": 39.0, ("sex", "Male"): 1.0},
        {0: 1.5, (1, "a"): 1.0, (3, True): 1.0, 4: 0.5},
    ]
    with pytest.raises(ValueError, match="needs finite numbers"):
        examples_of([[float("inf")]])
    with pytest.raises(ValueError, match="too large for a float"):
        examples_of([[10**400]])
    with pytest.raises(TypeError, match="is a string"):
        examples_of(["a row"])


def test_eq_lbfgs_direction_by_hand():
    # No pair yet: d = -g / |g|, a first step of length 1.
    assert lbfgs_direction([3.0, 4.0], [], []) == pytest.approx([-0.6, -0.8], abs=1e-15)
    # On f = (3/2) x^2 one pair (s, y) = (1, 3) gives H = 1/3: the Newton step -g / 3.
    assert lbfgs_direction([6.0], [[1.0]], [[3.0]]) == pytest.approx([-2.0], abs=1e-15)
    # The secant condition H y = s: the direction for the gradient y is -s.
    s, y = [1.0, 2.0], [3.0, 1.0]
    assert lbfgs_direction(y, [s], [y]) == pytest.approx([-1.0, -2.0], abs=1e-15)


def test_eq_armijo_by_hand():
    # f(0) = 1, slope g^T d = -2, t = 1/2: the bound is 1 + 1e-4 * 1/2 * (-2) = 0.9999
    assert enough_decrease(0.9999, 1.0, 0.5, -2.0)
    assert not enough_decrease(0.99995, 1.0, 0.5, -2.0)


def test_the_two_point_optimum_solves_its_equation():
    """By symmetry b = -2w, and dJ/dw = 0 reads w = 2 sigmoid(-w) (docs/logistic-regression.md)."""
    model = LogisticRegression(C=1.0, tol=1e-12).fit([[1.0], [3.0]], ["a", "b"])
    w, b = model.coef_["b"][0], model.intercept_["b"]
    assert b == pytest.approx(-2 * w, abs=1e-10)
    assert w == pytest.approx(2 / (1 + math.exp(w)), abs=1e-10)
    assert model.converged_


# -- the gradient against finite differences ------------------------------------------------------


def random_data(n_classes, seed, n=40):
    rng = random.Random(seed)
    rows = [{"a": rng.gauss(0, 1), "b": rng.uniform(-2, 2), "colour": rng.choice(["red", "green", "blue"])}
            for _ in range(n)]
    labels = [rng.randrange(n_classes) for _ in range(n)]
    examples = examples_of(rows)
    columns = sorted({column for x in examples for column in x}, key=repr)
    number = {column: j for j, column in enumerate(columns)}
    return TrainingData(sparse_vectors(examples, number), labels, len(columns), n_classes), rng


@pytest.mark.parametrize("n_classes", [2, 3, 4])
def test_the_gradient_agrees_with_finite_differences(n_classes):
    data, rng = random_data(n_classes, seed=n_classes)
    size = data.n_scored * (data.n_columns + 1)
    for C in (0.3, 1.0, 10.0):
        theta = [rng.gauss(0, 1) for _ in range(size)]
        _, gradient = objective_and_gradient(theta, data, C)
        h = 1e-6
        for k in range(size):
            up, down = list(theta), list(theta)
            up[k] += h
            down[k] -= h
            numeric = (objective_and_gradient(up, data, C)[0] - objective_and_gradient(down, data, C)[0]) / (2 * h)
            assert gradient[k] == pytest.approx(numeric, abs=1e-8)


def test_the_two_class_form_agrees_with_the_k_class_formula():
    data, rng = random_data(2, seed=7, n=200)
    for C in (0.1, 1.0, 100.0):
        theta = [rng.gauss(0, 2) for _ in range(data.n_columns + 1)]
        value, gradient = objective_and_gradient(theta, data, C)
        fast_value, fast_gradient = binary_objective_and_gradient(theta, data, C)
        assert fast_value == pytest.approx(value, rel=1e-12, abs=1e-12)
        assert fast_gradient == pytest.approx(gradient, rel=1e-12, abs=1e-12)


def test_the_fit_reaches_a_zero_gradient_for_three_classes():
    data, _ = random_data(3, seed=11, n=60)
    rng = random.Random(11)
    rows = [{"a": rng.gauss(0, 1), "b": rng.uniform(-2, 2), "colour": rng.choice(["red", "green", "blue"])}
            for _ in range(60)]
    labels = [rng.randrange(3) for _ in range(60)]
    model = LogisticRegression(C=2.0, tol=1e-9).fit(rows, labels)
    assert model.converged_
    # the weights of each column sum to 0 over the classes (the penalty's gradient balances the loss's)
    for column in model.columns_:
        assert abs(sum(model.coef_[label][column] for label in model.classes_)) < 1e-7


# -- the model ------------------------------------------------------------------------------------


def test_the_module_example():
    model = LogisticRegression().fit([[1.0], [3.0]], ["a", "b"])
    assert model.predict([[0.5], [3.5]]) == ["a", "b"]
    probabilities = model.predict_proba([[2.0], [10.0]])
    assert all(abs(sum(p.values()) - 1) < 1e-12 for p in probabilities)
    assert probabilities[0]["b"] == pytest.approx(0.5, abs=1e-6)
    assert model.score([[0.0], [4.0]], ["a", "b"]) == 1.0


def test_categories_are_one_hot_and_missing_values_add_nothing():
    rows = [{"outlook": "sunny", "temp": 30}, {"outlook": "rain", "temp": 18}, {"outlook": "sunny", "temp": None},
            {"outlook": "overcast", "temp": 22}]
    model = LogisticRegression().fit(rows, ["no", "yes", "no", "yes"])
    assert model.columns_ == ["temp", ("outlook", "overcast"), ("outlook", "rain"), ("outlook", "sunny")]
    w, b = model.coef_["yes"], model.intercept_["yes"]
    p = model.predict_proba([{"outlook": "rain"}, {"outlook": "snow", "temp": 10}])
    assert p[0]["yes"] == pytest.approx(1 / (1 + math.exp(-(b + w[("outlook", "rain")]))), abs=1e-12)
    assert p[1]["yes"] == pytest.approx(1 / (1 + math.exp(-(b + 10 * w["temp"]))), abs=1e-12)  # snow: unseen


def test_list_rows_numpy_and_pandas_give_the_same_model():
    rows, labels, features = load_iris()
    lists = [[row[f] for f in features] for row in rows]
    reference = LogisticRegression(C=0.5).fit(lists, labels)
    numpy = pytest.importorskip("numpy")
    from_array = LogisticRegression(C=0.5).fit(numpy.array(lists), numpy.array(labels))
    assert from_array.coef_ == reference.coef_
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(lists, columns=[0, 1, 2, 3])
    from_frame = LogisticRegression(C=0.5).fit(frame, pandas.Series(labels))
    assert from_frame.coef_ == reference.coef_


@pytest.mark.parametrize("setting, value, phrase", [
    ("C", 0, "positive, finite number"),
    ("C", float("inf"), "positive, finite number"),
    ("C", True, "positive, finite number"),
    ("tol", -1e-6, "positive, finite number"),
    ("max_iter", 0, "whole number from 1 to"),
    ("max_iter", 2.5, "whole number from 1 to"),
])
def test_bad_settings_are_refused_clearly(setting, value, phrase):
    with pytest.raises(ValueError, match=phrase):
        LogisticRegression(**{setting: value}).fit([[1.0], [2.0]], ["a", "b"])


@pytest.mark.parametrize("setting, value, phrase", [
    ("C", 10**400, r"C=a whole number of about 400 digits; it must be a positive, finite number that a float can hold"),
    ("C", 10**5000, r"C=a whole number of about 5000 digits"),
    ("C", Fraction(10**400, 3), r"C=Fraction\(.*positive, finite number that a float can hold"),
    ("tol", -(10**400), r"tol=a whole number of about 400 digits"),
    ("C", "1.0", r"C='1.0'; it must be a positive, finite number"),
    ("C", float("nan"), r"C=nan; it must be a positive, finite number"),
    ("max_iter", -1, r"max_iter=-1; it must be a whole number from 1 to 9223372036854775807"),
    ("max_iter", 2.5, r"max_iter=2.5; it must be a whole number from 1 to"),
    ("max_iter", 2**63, r"max_iter=9223372036854775808; it must be a whole number from 1 to 9223372036854775807"),
], ids=lambda value: "huge" if type(value) is int and value.bit_length() > 1000 else None)
def test_a_bad_setting_is_refused_where_it_is_given(setting, value, phrase):
    # fuzzer: set_params(C=10**400) raised OverflowError; m.max_iter = -1 was kept and to_json wrote a file load refused
    with pytest.raises(ValueError, match=phrase):
        LogisticRegression(**{setting: value})
    model = LogisticRegression(C=2.0, max_iter=50, tol=1e-4).fit([[1.0], [3.0]], ["a", "b"])
    before = dict(vars(model))
    with pytest.raises(ValueError, match=phrase):
        model.set_params(**{setting: value})
    with pytest.raises(ValueError, match=phrase):
        setattr(model, setting, value)
    assert vars(model) == before


def test_a_good_setting_assigned_is_kept_as_given():
    model = LogisticRegression()
    model.C, model.max_iter, model.tol = 3, 20, Fraction(1, 1000)
    assert model.get_params() == {"C": 3, "max_iter": 20, "tol": Fraction(1, 1000)}
    assert type(model.C) is int  # kept as given, as the constructor keeps it
    assert not hasattr(type(LogisticRegression.__dict__["C"]), "__get__")  # reading model.C starts no frame


def test_bad_input_is_refused_and_a_failed_fit_changes_nothing():
    model = LogisticRegression().fit([[1.0], [3.0]], ["a", "b"])
    before = (model.coef_, model.intercept_, model.classes_)
    with pytest.raises(ValueError, match="at least two classes"):
        model.fit([[1.0], [2.0]], ["a", "a"])
    with pytest.raises(ValueError, match="must match one to one"):
        model.fit([[1.0], [2.0]], ["a"])
    with pytest.raises(ValueError, match="numbers and the category"):
        model.fit([{"x": 1.0}, {"x": "big"}], ["a", "b"])
    with pytest.raises(TypeError, match="single string"):
        model.fit("abc", ["a", "b", "c"])
    assert (model.coef_, model.intercept_, model.classes_) == before
    with pytest.raises(ValueError, match="a numeric feature in training"):
        model.predict([["big"]])
    with pytest.raises(NotFittedError, match="call fit"):
        LogisticRegression().predict([[1.0]])


def test_a_fit_that_stops_early_warns():
    rows, labels, features = load_iris()
    with pytest.warns(UserWarning, match="raise max_iter"):
        LogisticRegression(max_iter=3).fit([[row[f] for f in features] for row in rows], labels)


# -- the same model class as naive Bayes ----------------------------------------------------------


def test_the_linear_form_is_the_models_own_probability():
    rows, labels, _ = load_play_tennis()
    model = LogisticRegression(C=10.0).fit(rows, labels)
    form = model.linear_form()
    naive_bayes = CategoricalNB().fit(rows, labels).linear_form()
    assert form.encoding == naive_bayes.encoding == "one-hot"
    assert set(form.weights) == set(naive_bayes.weights)  # weight for weight: the same columns
    for row, p in zip(rows, model.predict_proba(rows)):
        assert form.probability(row) == pytest.approx(p["yes"], abs=1e-12)
    every = model.softmax_form()
    for row, p in zip(rows, model.predict_proba(rows)):
        assert every.probabilities(row) == pytest.approx(p, abs=1e-12)


def test_conditional_likelihood_beats_naive_bayes_on_its_own_objective():
    """Logistic regression maximises sum log P(y | x) (less the penalty); naive Bayes' point scores lower on it."""
    rows, labels, _ = load_play_tennis()
    model = LogisticRegression(C=1e6, tol=1e-9, max_iter=5000).fit(rows, labels)
    naive_bayes = CategoricalNB().fit(rows, labels)

    def log_likelihood(probabilities):
        return sum(math.log(p[label]) for p, label in zip(probabilities, labels))

    assert log_likelihood(model.predict_proba(rows)) > log_likelihood(naive_bayes.predict_proba(rows))


# -- against scikit-learn -------------------------------------------------------------------------


def standardised_iris():
    rows, labels, features = load_iris()
    columns = [[row[f] for row in rows] for f in features]
    means = [statistics.fmean(c) for c in columns]
    spreads = [statistics.pstdev(c) for c in columns]
    return [[(row[f] - m) / s for f, m, s in zip(features, means, spreads)] for row in rows], labels


def compare_with_scikit_learn(rows, labels, C):
    numpy = pytest.importorskip("numpy")
    linear_model = pytest.importorskip("sklearn.linear_model")
    model = LogisticRegression(C=C, tol=1e-10).fit(rows, labels)
    matrix = numpy.array([[x.get(column, 0.0) for column in model.columns_] for x in examples_of(rows)])
    reference = linear_model.LogisticRegression(C=C, tol=1e-12, max_iter=100000).fit(matrix, labels)
    assert list(reference.classes_) == model.classes_
    scored = list(model.coef_)
    ours = numpy.array([[model.coef_[label][column] for column in model.columns_] for label in scored])
    intercepts = numpy.array([model.intercept_[label] for label in scored])
    probabilities = numpy.array([[p[label] for label in model.classes_] for p in model.predict_proba(rows)])
    return (numpy.abs(ours - reference.coef_).max(), numpy.abs(intercepts - reference.intercept_).max(),
            numpy.abs(probabilities - reference.predict_proba(matrix)).max())


@pytest.mark.parametrize("C, within", [(0.1, 1e-6), (1.0, 1e-6), (10.0, 1e-5)])
def test_iris_agrees_with_scikit_learn(C, within):
    """The four measurements as z-scores, three classes.

    Both fits stop where a step no longer lowers f by more than its rounding
    (scikit-learn's ftol): with C = 10 the largest partial derivatives left are
    about 4e-9 (scikit-learn) and 2e-8 (ours), and the weaker the penalty the
    flatter f, so the coefficients then agree to 5e-6, not 1e-6.
    """
    rows, labels = standardised_iris()
    coefficients, intercepts, probabilities = compare_with_scikit_learn(rows, labels, C)
    assert coefficients < within and intercepts < within and probabilities < 1e-6


@pytest.mark.skipif(not (ADULT_FOLDER / "adult.data").is_file(), reason="no local adult.data")
def test_an_adult_subset_agrees_with_scikit_learn():
    """2,000 people: the eight categories one-hot, the six numbers scaled to [0, 1]: 99 columns, two classes."""
    from naivebayes.datasets import load_adult

    rows, labels, _ = load_adult(subset="train", path=str(ADULT_FOLDER), download_if_missing=False)
    rows, labels = rows[:2000], labels[:2000]
    low = {f: min(row[f] for row in rows) for f in NUMERIC}
    high = {f: max(row[f] for row in rows) for f in NUMERIC}
    scaled = [{f: (v - low[f]) / (high[f] - low[f]) if f in low else v for f, v in row.items()} for row in rows]
    coefficients, intercepts, probabilities = compare_with_scikit_learn(scaled, labels, 0.1)
    assert coefficients < 1e-6 and intercepts < 2e-6 and probabilities < 1e-6


def test_numbers_a_float_cannot_hold_or_infinite_are_refused_and_absurd_scales_warn():
    with pytest.raises(ValueError, match="finite numbers"):
        LogisticRegression().fit([[float("inf")], [1.0]], ["a", "b"])
    with pytest.raises(ValueError, match="too large for a float"):
        LogisticRegression().fit([[10 ** 400], [1]], ["a", "b"])
    model = LogisticRegression().fit([[1.0], [3.0]], ["a", "b"])
    with pytest.raises(ValueError, match="finite numbers"):
        model.predict([[float("-inf")]])
    # at 1e308 every step overflows f: the fit stops at once, and says so instead of claiming a minimum
    with pytest.warns(UserWarning, match="rescale"):
        LogisticRegression().fit([[1e308], [-1e308]], ["a", "b"])


# -- one of the family: settings, explain, a notebook display (issue 30) --------------------------


@pytest.mark.parametrize("setting, value", [("C", "1.0"), ("tol", "small"), ("max_iter", "100"), ("max_iter", True)])
def test_a_string_or_a_flag_where_a_number_belongs_is_refused_at_construction(setting, value):
    with pytest.raises(ValueError, match=f"{setting}={value!r}"):
        LogisticRegression(**{setting: value})


def test_get_params_and_set_params_all_or_nothing():
    model = LogisticRegression(C=0.5)
    assert model.get_params() == {"C": 0.5, "max_iter": 1000, "tol": 1e-6}
    assert LogisticRegression(**model.get_params()).get_params() == model.get_params()
    assert model.set_params(C=2, tol=1e-8) is model and model.get_params() == {"C": 2, "max_iter": 1000, "tol": 1e-8}
    with pytest.raises(ValueError, match="max_iter=0"):
        model.set_params(C=3, max_iter=0)
    with pytest.raises(ValueError, match="no setting 'penalty'; its settings are C, max_iter, tol"):
        model.set_params(C=3, penalty="l1")
    assert model.get_params() == {"C": 2, "max_iter": 1000, "tol": 1e-8}  # neither call changed anything


def test_set_params_keeps_the_weights_until_the_next_fit_as_scikit_learn():
    model = LogisticRegression(C=1.0).fit([[1.0], [3.0]], ["a", "b"])
    weights = dict(model.coef_["b"])
    model.set_params(C=100.0)
    assert model.coef_["b"] == weights
    model.fit([[1.0], [3.0]], ["a", "b"])
    assert model.coef_["b"][0] > weights[0]  # a weaker penalty, a larger weight


def test_get_params_and_set_params_behave_as_scikit_learns():
    linear_model = pytest.importorskip("sklearn.linear_model")
    theirs = linear_model.LogisticRegression(C=0.5)
    ours = LogisticRegression(C=0.5)
    assert set(ours.get_params()) <= set(theirs.get_params())
    assert ours.get_params()["C"] == theirs.get_params()["C"]
    assert ours.set_params(C=2.0) is ours and theirs.set_params(C=2.0) is theirs
    assert ours.get_params()["C"] == theirs.get_params()["C"] == 2.0
    with pytest.raises(ValueError):
        theirs.set_params(no_such_setting=1)
    with pytest.raises(ValueError):
        ours.set_params(no_such_setting=1)


@pytest.mark.parametrize("n_classes", [2, 3])
def test_explain_rows_add_up_exactly_to_the_scores_predict_compares(n_classes):
    rows = [[1.0, "x", 0.5], [3.0, "y", None], [2.0, "x", 1.5], [4.0, "z", 2.0], [0.5, "y", 1.0], [2.5, "z", 0.0]]
    labels = ["a", "b", "c", "a", "b", "c"] if n_classes == 3 else ["a", "b", "a", "b", "a", "b"]
    model = LogisticRegression().fit(rows, labels)
    example = [2.0, "y", 1.5]
    explanation = model.explain(example)
    weights = [term for term in explanation.terms if term.step == "weight"]
    (bias,) = [term for term in explanation.terms if term.step == "bias"]
    assert [(term.feature, term.value) for term in weights] == [(0, 2.0), (2, 1.5), (1, "y")]
    for label in model.classes_:
        w = model.coef_.get(label, {})
        b = model.intercept_.get(label, 0.0)
        for term in weights:
            column = term.feature if type(term.value) is float else (term.feature, term.value)
            x_j = term.value if type(term.value) is float else 1.0
            assert term.likelihood[label] == w.get(column, 0.0)  # the weight column holds w_cj
            assert term.log_term[label] == w.get(column, 0.0) * x_j
        assert bias.log_term[label] == b
        # the score as predict adds it: b_c + (w_c0 x_0 + w_c2 x_2 + w_c(1,y) * 1)
        assert explanation.joint[label] == bias.log_term[label] + sum(term.log_term[label] for term in weights)
    assert explanation.prediction == model.predict([example])[0]
    assert explanation.posterior == pytest.approx(model.predict_proba([example])[0], abs=1e-15)
    assert "a: weight" in str(explanation) and "bias" in str(explanation)
    assert explanation.log_prior is None and "prior" not in str(explanation)  # the score has no prior: no prior row
    assert str(explanation).splitlines()[1].split()[3:5] == ["a:", "weight"] and "log term" not in str(explanation)


def test_explain_refuses_what_predict_refuses():
    model = LogisticRegression().fit([[1.0], [3.0]], ["a", "b"])
    with pytest.raises(ValueError, match="a numeric feature in training"):
        model.explain(["big"])
    with pytest.raises(NotFittedError, match="call fit"):
        LogisticRegression().explain([1.0])


def test_a_notebook_shows_the_text_of_repr():
    model = LogisticRegression(C=2.0)
    assert "LogisticRegression(C=2.0, max_iter=1000, tol=1e-06)" in model._repr_html_()
    model.fit([[1.0], [3.0]], ["a", "b"])
    assert "fitted: classes=[&#x27;a&#x27;, &#x27;b&#x27;], 1 columns" in model._repr_html_()


def test_explain_names_the_features_training_never_saw_and_refuses_a_list_of_rows():
    model = LogisticRegression().fit([{"x": 1.0, "c": "p"}, {"x": 3.0, "c": "q"}], ["a", "b"])
    explanation = model.explain({"x": 2.0, "c": "r", "z": 5.0})
    assert explanation.ignored == {"c": "unseen", "z": "unseen"}
    assert [term.feature for term in explanation.terms] == ["x", ""]  # the weight of x, then the bias
    assert explanation.joint == {"a": 0.0, "b": model.intercept_["b"] + model.coef_["b"]["x"] * 2.0}
    with pytest.raises(TypeError, match=r"explain takes one row, but this is a list of 1 rows"):
        model.explain([{"x": 2.0}])


def test_a_value_that_cannot_be_a_category_is_refused_clearly():
    model = LogisticRegression().fit([[1.0], [3.0]], ["a", "b"])
    with pytest.raises(TypeError, match=r"X\[0\]: feature 0 has the value \[1.0\], which cannot be a category"):
        model.predict([[[1.0]]])
    with pytest.raises(TypeError, match="which cannot be a category"):
        LogisticRegression().fit([[[1.0]], [[2.0]]], ["a", "b"])
