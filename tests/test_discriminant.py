"""Gaussian discriminant analysis (QDA, LDA, naive Bayes), on a six-row table worked by hand.

    class a: (1, 1), (2, 3), (3, 2)    mean (2, 2)   S_a = [[2, 1], [1, 2]]
    class b: (6, 5), (8, 5), (7, 8)    mean (7, 6)   S_b = [[2, 0], [0, 6]]

Full (QDA), ddof 0:  Sigma_a = [[2/3, 1/3], [1/3, 2/3]]  (L: l_21 = 1/2; pivots 2/3, 1/2; det 1/3)
                     Sigma_b = [[2/3, 0], [0, 2]]          (det 4/3)
At x = (4, 4):  x - mu_a = (2, 2):   z = (2, 2 - 1) = (2, 1),  q_a = 4/(2/3) + 1/(1/2) = 8
                x - mu_b = (-3, -2): q_b = 9/(2/3) + 4/2 = 31/2
  log P(x, a) - log P(x, b) = -1/2 (log 1/3 - log 4/3) - 1/2 (8 - 31/2) = log 2 + 15/4
  P(a | x) = 1 / (1 + e^(-15/4) / 2) = 0.98838

Shared (LDA), ddof 0:  Sigma = (S_a + S_b) / 6 = [[2/3, 1/6], [1/6, 4/3]]
  pivots 2/3 and 4/3 - (1/4)^2 (2/3) = 31/24;  det = 31/36;  Sigma^-1 = (36/31) [[4/3, -1/6], [-1/6, 2/3]]
  q_a = (36/31)(16/3 - 4/3 + 8/3) = 240/31,   q_b = (36/31)(12 - 2 + 8/3) = 456/31
  log-odds of b against a = -(456 - 240) / 62 = -108/31
  w = Sigma^-1 (5, 4) = (216/31, 66/31);  b = -1/2 w . (9, 8) = -1236/31;  w . (4, 4) + b = -108/31

Total, ddof 0:  all six rows, mean (9/2, 4), T = [[83/2, 31], [31, 32]], Sigma = T / 6
Diagonal:       Sigma_a = diag(2/3, 2/3),  Sigma_b = diag(2/3, 2): GaussianNB's variances
"""

import copy
import math
import random
from fractions import Fraction

import pytest

from naivebayes import GaussianNB
from naivebayes.other_models.linalg import SingularMatrixError, ldl_decomposition, quadratic_form
from naivebayes.datasets import load_iris
from naivebayes.other_models.discriminant import (
    GaussianDiscriminantAnalysis,
    keep_diagonal,
    linear_discriminant,
    log_density_terms,
    total_covariance,
)

F = Fraction
GDA = GaussianDiscriminantAnalysis
ROWS = [[1, 1], [2, 3], [3, 2], [6, 5], [8, 5], [7, 8]]
LABELS = ["a", "a", "a", "b", "b", "b"]
LOG_TWO_PI = math.log(2 * math.pi)

# "Lecture 8: Naive Bayes" prints these predictions of its LDA on the iris sepals
# (0 setosa, 1 versicolor, 2 virginica), 37 to a line as numpy wraps them.
LECTURE_PREDICTIONS = """
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
0 0 0 0 1 0 0 0 0 0 0 0 0 2 2 2 1 2 1 2 1 2 1 1 1 1 1 1 2 1 1 1 1 2 1 1 1
2 2 2 2 1 1 1 1 1 1 1 2 2 1 1 1 1 1 1 1 1 1 1 1 1 1 2 1 2 2 2 2 1 2 1 2 2
1 2 1 1 2 2 2 2 1 2 1 2 1 2 2 1 1 2 2 2 2 2 1 1 2 2 2 1 2 2 2 1 2 2 2 1 2
2 1
"""
LECTURE_CODES = [int(code) for code in LECTURE_PREDICTIONS.split()]
SPECIES = ["setosa", "versicolor", "virginica"]


def public_state(model):
    return copy.deepcopy({name: value for name, value in vars(model).items() if name.endswith("_")})


def sepals(exact=False):
    return load_iris(exact=exact).select(["sepal_length", "sepal_width"])


def random_table(seed, n_rows=80, n_features=3, labels=("a", "b", "c")):
    """Float rows whose mean and correlation depend on the label, so the classes differ."""
    rng = random.Random(seed)
    rows, y = [], []
    for _ in range(n_rows):
        label = rng.choice(labels)
        k = labels.index(label)
        base = [rng.gauss(k, 1 + 0.3 * k) for _ in range(n_features)]
        base[-1] += (k - 1) * base[0]  # a correlation that differs by class
        rows.append(base)
        y.append(label)
    for label in labels:  # every class at least n_features + 1 rows
        for _ in range(n_features + 1):
            rows.append([rng.gauss(labels.index(label), 1) for _ in range(n_features)])
            y.append(label)
    return rows, y


def held_out(seed, n_features=3):
    rng = random.Random(seed + 1000)
    return [[rng.gauss(1, 2) for _ in range(n_features)] for _ in range(25)]


# ----------------------------------------------------------------------
# One test per formula, on numbers worked out by hand
# ----------------------------------------------------------------------


def test_eq_gda_log_density_terms_at_the_hand_example():
    constant, log_det_term, distance_term = log_density_terms(2, math.log(1 / 3), 8)
    assert constant == pytest.approx(-LOG_TWO_PI, rel=1e-15)
    assert log_det_term == pytest.approx(0.5 * math.log(3), rel=1e-15)
    assert distance_term == -4
    model = GDA().fit(ROWS, LABELS)
    terms = model._log_likelihood_terms([4, 4])
    assert [term.step for term in terms] == ["constant", "log det", "distance"]
    assert terms[2].log_terms == (-4, -7.75)  # -q_a / 2 and -q_b / 2
    assert terms[1].log_terms == pytest.approx((0.5 * math.log(3), -0.5 * math.log(F(4, 3))), rel=1e-15)


def test_eq_gda_diagonal_keeps_only_the_variances():
    assert keep_diagonal([[F(2, 3), F(1, 3)], [F(1, 3), F(2, 3)]]) == [[F(2, 3), 0], [0, F(2, 3)]]
    model = GDA(covariance="diagonal").fit(ROWS, LABELS)
    assert model.covariance_matrices_ == {"a": [[F(2, 3), 0], [0, F(2, 3)]], "b": [[F(2, 3), 0], [0, 2]]}


def test_eq_total_covariance_is_the_scatter_of_all_rows_around_the_overall_mean():
    statistics = [(3, [2, 2], [[2, 1], [1, 2]]), (3, [7, 6], [[2, 0], [0, 6]])]
    assert total_covariance(statistics, 0) == [[F(83, 12), F(31, 6)], [F(31, 6), F(16, 3)]]
    assert total_covariance(statistics, 1) == [[F(83, 10), F(31, 5)], [F(31, 5), F(32, 5)]]
    model = GDA(covariance="total").fit(ROWS, LABELS)
    assert model.covariance_matrices_["a"] == model.covariance_matrices_["b"] == total_covariance(statistics, 0)


def test_eq_lda_linear_form_by_hand():
    factor = ldl_decomposition([[F(2, 3), F(1, 6)], [F(1, 6), F(4, 3)]])
    weights, bias, log_prior_ratio = linear_discriminant([2, 2], [7, 6], factor, math.log(0.5), math.log(0.5))
    assert weights == [F(216, 31), F(66, 31)]
    assert bias == F(-1236, 31)
    assert log_prior_ratio == 0
    # The textbook form of b: -1/2 (mu_1' Sigma^-1 mu_1 - mu_0' Sigma^-1 mu_0), the same number exactly.
    assert -F(1, 2) * (quadratic_form(factor, [7, 6]) - quadratic_form(factor, [2, 2])) == bias


def test_eq_lda_linear_form_of_the_model_equals_its_log_odds():
    model = GDA(covariance="shared").fit(ROWS, LABELS)
    form = model.linear_form()
    assert (form.positive, form.negative) == ("b", "a")
    assert form.weights == {0: F(216, 31), 1: F(66, 31)} and form.bias == F(-1236, 31)
    assert form.log_odds([4, 4]) == pytest.approx(-108 / 31, rel=1e-15)
    log_posterior = model.predict_log_proba([[4, 4]])[0]
    assert log_posterior["b"] - log_posterior["a"] == pytest.approx(-108 / 31, rel=1e-13)
    # Unequal priors move only the intercept, by log(pi_b / pi_a).
    tilted = GDA(covariance="shared", class_prior={"a": F(1, 4), "b": F(3, 4)}).fit(ROWS, LABELS)
    assert tilted.linear_form().weights == form.weights
    assert tilted.linear_form().intercept == pytest.approx(-1236 / 31 + math.log(3), rel=1e-15)


# ----------------------------------------------------------------------
# The tables of the hand example
# ----------------------------------------------------------------------


def test_the_count_tables_are_exact():
    model = GDA().fit(ROWS, LABELS)
    assert model.features_ == [0, 1] and model.n_columns_ == 2
    assert model.mean_vectors_ == {"a": [2, 2], "b": [7, 6]}
    assert all(type(m) is Fraction for mean in model.mean_vectors_.values() for m in mean)
    assert model.scatter_matrices_ == {"a": [[2, 1], [1, 2]], "b": [[2, 0], [0, 6]]}


def test_full_covariance_by_hand():
    model = GDA(covariance="full").fit(ROWS, LABELS)
    assert model.covariance_matrices_ == {
        "a": [[F(2, 3), F(1, 3)], [F(1, 3), F(2, 3)]],
        "b": [[F(2, 3), 0], [0, 2]],
    }
    assert model.ldl_factors_["a"] == ([[1, 0], [F(1, 2), 1]], [F(2, 3), F(1, 2)])
    assert model.log_determinants_["a"] == pytest.approx(math.log(1 / 3), rel=1e-15)
    assert model.log_determinants_["b"] == pytest.approx(math.log(4 / 3), rel=1e-15)
    p_a = 1 / (1 + math.exp(-3.75) / 2)
    assert model.predict_proba([[4, 4]])[0]["a"] == pytest.approx(p_a, rel=1e-14)
    assert round(p_a, 5) == 0.98838


def test_ddof_one_divides_by_n_minus_one():
    model = GDA(ddof=1).fit(ROWS, LABELS)
    assert model.covariance_matrices_["a"] == [[1, F(1, 2)], [F(1, 2), 1]]  # S_a / 2
    shared = GDA(covariance="shared", ddof=1).fit(ROWS, LABELS)
    assert shared.covariance_matrices_["a"] == [[1, F(1, 4)], [F(1, 4), 2]]  # (S_a + S_b) / (6 - 2)


def test_shared_covariance_by_hand():
    model = GDA(covariance="shared").fit(ROWS, LABELS)
    assert model.covariance_matrices_["a"] == [[F(2, 3), F(1, 6)], [F(1, 6), F(4, 3)]]
    assert model.covariance_matrices_["b"] is model.covariance_matrices_["a"]
    assert model.ldl_factors_["a"][1] == [F(2, 3), F(31, 24)]
    assert model.log_determinants_["a"] == pytest.approx(math.log(31 / 36), rel=1e-14)
    joint = model.joint_log_likelihood([4, 4])
    assert joint["a"] - joint["b"] == pytest.approx(108 / 31, rel=1e-14)  # (456 - 240) / 62


def test_explain_shows_the_terms_the_model_adds():
    model = GDA().fit(ROWS, LABELS)
    explanation = model.explain([4, 4])
    assert explanation.model == "quadratic discriminant analysis"
    assert explanation.joint == model.joint_log_likelihood([4, 4])
    assert [row.step for row in explanation.terms] == ["constant", "log det", "distance"]
    assert explanation.terms[2].log_term == {"a": -4.0, "b": -7.75}
    text = str(explanation)
    assert "prediction: a" in text and "log det" in text
    assert GDA(covariance="shared").fit(ROWS, LABELS).explain([4, 4]).model == "linear discriminant analysis"


# ----------------------------------------------------------------------
# Singular covariance matrices: a clear error that names the feature
# ----------------------------------------------------------------------


def test_a_constant_feature_in_a_class_is_named_when_predicting():
    rows = [{"x": 1, "c": 5}, {"x": 2, "c": 5}, {"x": 4, "c": 5}, {"x": 6, "c": 1}, {"x": 9, "c": 3}, {"x": 7, "c": 2}]
    model = GDA().fit(rows, LABELS)  # kept: more rows may mend it
    assert "a" in model.covariance_problems_ and "b" not in model.covariance_problems_
    with pytest.raises(SingularMatrixError, match=r"class 'a' is singular.*'c' does not vary: every training row of class 'a' has c = 5"):
        model.predict([{"x": 3, "c": 5}])
    # one more row of class a with another value of c, and the matrix is regular
    model.partial_fit([{"x": 3, "c": 4}], ["a"])
    assert model.covariance_problems_ == {}
    assert model.predict([{"x": 3, "c": 5}]) == ["a"]


def test_a_feature_that_is_the_sum_of_two_others_is_named_with_the_sum():
    rows = [[1, 0, 1], [0, 1, 1], [2, 1, 3], [1, 3, 4], [3, 3, 6], [5, 1, 0], [6, 3, 1], [4, 4, 3], [7, 0, 2], [5, 5, 4]]
    rows = [{"x1": a, "x2": b, "x3": c} for a, b, c in rows]
    y = ["a"] * 5 + ["b"] * 5
    model = GDA().fit(rows, y)
    with pytest.raises(SingularMatrixError, match=r"'x3' is a linear combination .*: x3 = x1 \+ x2 on every training row of class 'a'"):
        model.predict([{"x1": 1, "x2": 1, "x3": 2}])
    with pytest.raises(SingularMatrixError) as caught:
        model.explain({"x1": 1, "x2": 1, "x3": 2})
    assert caught.value.index == 2 and caught.value.coefficients == [1, 1]
    # Shifted by a constant within each class, x3 is still a combination for the shared matrix.
    shifted = [dict(row, x3=row["x1"] + row["x2"] + (10 if label == "b" else 0)) for row, label in zip(rows, y)]
    with pytest.raises(SingularMatrixError, match=r"shared covariance matrix is singular.*x3 = x1 \+ x2 \+ a constant of each class"):
        GDA(covariance="shared").fit(shifted, y).predict([{"x1": 1, "x2": 1, "x3": 2}])
    # The diagonal covariance never sees the dependence.
    assert GDA(covariance="diagonal").fit(shifted, y).predict([{"x1": 1, "x2": 1, "x3": 2}]) == ["a"]


def test_a_combination_with_a_constant_and_fractions_is_written_out():
    # x3 = 2 x1 - x2/2 + 1 on every row of class a
    rows = [[x1, x2, 2 * x1 - F(x2, 2) + 1] for x1, x2 in [(0, 0), (1, 2), (3, 1), (2, 5), (4, 4)]]
    rows += [[9, 1, 2], [7, 3, 1], [8, 8, 8], [6, 2, 5], [5, 6, 3]]
    model = GDA().fit(rows, ["a"] * 5 + ["b"] * 5)
    with pytest.raises(SingularMatrixError, match=r"x\[2\] = 2 \* x\[0\] - 1/2 \* x\[1\] \+ 1 on every training row of class 'a'"):
        model.predict([[1, 1, 1]])


def test_a_class_with_fewer_rows_than_features_says_how_many_it_needs():
    rows = [[1, 2, 0], [3, 2, 4], [2, 5, 2], [6, 1, 1], [7, 3, 0], [9, 9, 9], [5, 4, 2], [8, 0, 3]]
    model = GDA().fit(rows, ["a"] * 3 + ["b"] * 5)
    with pytest.raises(SingularMatrixError, match=r"class 'a' has only 3 rows for 3 features, and a full covariance matrix needs at least 4"):
        model.predict([[1, 1, 1]])
    assert GDA(covariance="shared").fit(rows, ["a"] * 3 + ["b"] * 5).predict([[1, 1, 1]]) in (["a"], ["b"])


def test_a_float_constant_feature_is_exactly_constant():
    rows = [[0.1, 1.5], [0.1, 2.5], [0.1, 2.0], [0.3, 7.0], [0.7, 8.5], [0.2, 9.0]]
    with pytest.raises(SingularMatrixError, match=r"the feature x\[0\] does not vary: every training row of class 'a' has x\[0\] = 0.1"):
        GDA().fit(rows, LABELS).predict([[0.1, 2.0]])


def test_ddof_one_with_a_single_row_in_a_class_is_an_error_when_predicting():
    model = GDA(ddof=1).fit([[1, 2], [3, 1], [2, 2], [5, 5]], ["a", "b", "b", "b"])
    with pytest.raises(ValueError, match=r"class 'a' has 1 row, and ddof=1 divides its scatter by n - 1 = 0"):
        model.predict([[1, 1]])
    two = GDA(ddof=1).fit([[1, 2], [3, 1], [2, 2]], ["a", "b", "c"])  # every class a single row
    assert [problem[2][:9] for problem in two.covariance_problems_.values()] == ["class 'a'", "class 'b'", "class 'c'"]


def test_a_row_without_features_is_refused():
    with pytest.raises(ValueError, match="X\\[0\\] has no features"):
        GDA().fit([{}, {}], ["a", "b"])


def test_numpy_arrays_are_taken_as_tables():
    np = pytest.importorskip("numpy")
    X, y = np.array(ROWS, dtype=float), np.array(LABELS)
    model = GDA().fit(X, y)
    assert model.features_ == [0, 1] and model.classes_ == ["a", "b"]
    assert model.predict(np.array([[4.0, 4.0]])) == ["a"]
    assert model.predict_proba(np.array([[4.0, 4.0]]))[0]["a"] == pytest.approx(1 / (1 + math.exp(-3.75) / 2), rel=1e-13)


# ----------------------------------------------------------------------
# Far from every mean, the log density stays finite
# ----------------------------------------------------------------------


def test_far_from_every_mean_the_log_densities_stay_finite():
    model = GDA().fit(ROWS, LABELS)
    far = [1e6, -1e6]
    joint = model.joint_log_likelihood(far)
    assert all(math.isfinite(value) and value < -1e11 for value in joint.values())
    # The density itself underflows to 0 in both classes: exp of about -10^12.
    assert all(math.exp(value) == 0.0 for value in joint.values())
    probabilities = model.predict_proba([far])[0]
    assert math.fsum(probabilities.values()) == pytest.approx(1, abs=1e-12)
    # The exact quadratic forms decide: q_a = (x - mu_a)' [[2, -1], [-1, 2]] (x - mu_a)
    q_a = 2 * (1e6 - 2) ** 2 + 2 * (1e6 - 2) * (1e6 + 2) + 2 * (1e6 + 2) ** 2
    q_b = (1e6 - 7) ** 2 * 1.5 + (1e6 + 6) ** 2 * 0.5
    assert -0.5 * q_b > -0.5 * q_a and model.predict([far]) == ["b"]


def test_a_row_whose_distance_overflows_is_named():
    with pytest.raises(ValueError, match="so far from every class's mean"):
        GDA().fit(ROWS, LABELS).predict([[1e200, 1e200]])


# ----------------------------------------------------------------------
# Naive Bayes as the special case: covariance="diagonal" is GaussianNB
# ----------------------------------------------------------------------


@pytest.mark.parametrize("ddof", [0, 1])
@pytest.mark.parametrize("exact", [False, True])
def test_diagonal_equals_gaussian_nb_on_iris(ddof, exact):
    iris = load_iris(exact=exact)
    diagonal = GDA(covariance="diagonal", ddof=ddof).fit(iris.rows, iris.labels)
    naive = GaussianNB(var_smoothing=0, ddof=ddof).fit(iris.rows, iris.labels)
    for label in diagonal.classes_:
        variances = [diagonal.covariance_matrices_[label][j][j] for j in range(4)]
        expected = [naive.variances_[label][feature] for feature in iris.features]
        if exact:
            assert variances == expected  # the same Fractions
        else:  # summed in another order: equal to the last digit or two
            assert variances == pytest.approx(expected, rel=1e-14)
    assert diagonal.predict(iris.rows) == naive.predict(iris.rows)
    for ours, theirs in zip(diagonal.predict_proba(iris.rows), naive.predict_proba(iris.rows)):
        for label in ours:
            assert ours[label] == pytest.approx(theirs[label], abs=1e-12)
    for ours, theirs in zip(diagonal.predict_log_proba(iris.rows[::10]), naive.predict_log_proba(iris.rows[::10])):
        for label in ours:
            assert ours[label] == pytest.approx(theirs[label], rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_diagonal_equals_gaussian_nb_on_random_tables(seed):
    rows, y = random_table(seed, n_features=4)
    diagonal = GDA(covariance="diagonal").fit(rows, y)
    naive = GaussianNB(var_smoothing=0).fit(rows, y)
    test_rows = held_out(seed, n_features=4)
    assert diagonal.predict(test_rows) == naive.predict(test_rows)
    for ours, theirs in zip(diagonal.predict_proba(test_rows), naive.predict_proba(test_rows)):
        for label in ours:
            assert ours[label] == pytest.approx(theirs[label], abs=1e-12)


# ----------------------------------------------------------------------
# The linear form of LDA against the posterior
# ----------------------------------------------------------------------


@pytest.mark.parametrize("covariance", ["shared", "total"])
def test_linear_form_is_the_log_odds_on_iris(covariance):
    iris = load_iris()
    model = GDA(covariance=covariance).fit(iris.rows, iris.labels)
    for positive, negative in [("versicolor", "setosa"), ("virginica", "versicolor"), ("setosa", "virginica")]:
        form = model.linear_form(positive, negative)
        assert list(form.weights) == iris.features
        for row, log_posterior in zip(iris.rows[::7], model.predict_log_proba(iris.rows[::7])):
            assert form.log_odds(row) == pytest.approx(log_posterior[positive] - log_posterior[negative], abs=1e-9)


@pytest.mark.parametrize("seed", range(3))
def test_linear_form_with_unequal_priors_on_random_tables(seed):
    rows, y = random_table(seed, labels=("a", "b"))
    model = GDA(covariance="shared", class_prior=[0.3, 0.7]).fit(rows, y)
    form = model.linear_form()
    for row, log_posterior in zip(held_out(seed), model.predict_log_proba(held_out(seed))):
        assert form.log_odds(row) == pytest.approx(log_posterior["b"] - log_posterior["a"], abs=1e-9)


def test_linear_form_needs_a_shared_covariance_and_two_named_classes():
    with pytest.raises(ValueError, match="quadratic in x, not linear"):
        GDA().fit(ROWS, LABELS).linear_form()
    iris = load_iris()
    with pytest.raises(ValueError, match="name the two to compare"):
        GDA(covariance="shared").fit(iris.rows, iris.labels).linear_form()
    with pytest.raises(KeyError, match="'rose' is not a class"):
        GDA(covariance="shared").fit(iris.rows, iris.labels).linear_form("rose", "setosa")


# ----------------------------------------------------------------------
# Agreement with scikit-learn where the estimators are the same
# ----------------------------------------------------------------------


def sklearn_tables():
    datasets = pytest.importorskip("sklearn.datasets")
    return {
        "iris": datasets.load_iris(return_X_y=True),
        "wine": datasets.load_wine(return_X_y=True),
        "breast_cancer": datasets.load_breast_cancer(return_X_y=True),
    }


def assert_same_predictions(ours, theirs, X):
    np = pytest.importorskip("numpy")
    rows = X.tolist()
    assert ours.predict(rows) == theirs.predict(X).tolist()
    ours_proba = np.array([[p[label] for label in ours.classes_] for p in ours.predict_proba(rows)])
    assert np.abs(ours_proba - theirs.predict_proba(X)).max() < 1e-9


def sklearn_version():
    sklearn = pytest.importorskip("sklearn")
    return tuple(int(part) for part in sklearn.__version__.split(".")[:2])


@pytest.mark.parametrize(
    "table, solver",
    [
        ("iris", "lsqr"), ("iris", "eigen"), ("iris", "svd"),
        ("wine", "lsqr"), ("wine", "eigen"), ("wine", "svd"),
        ("breast_cancer", "eigen"), ("breast_cancer", "svd"),
    ],
)
def test_shared_ddof_0_equals_sklearn_lda(table, solver):
    discriminant_analysis = pytest.importorskip("sklearn.discriminant_analysis")
    if solver == "svd" and sklearn_version() < (1, 9):
        pytest.skip("older releases' svd solver divided the pooled scatter by N - K (ddof=1)")
    X, y = sklearn_tables()[table]
    # (svd never forms the covariance matrix; store_covariance computes the one lsqr and eigen use, to compare)
    theirs = discriminant_analysis.LinearDiscriminantAnalysis(solver=solver, store_covariance=True).fit(X, y)
    ours = GDA(covariance="shared", ddof=0).fit(X, y.tolist())
    # sklearn's covariance_: sum over classes of prior_c * (S_c / n_c); with prior_c = n_c / N that is sum_c S_c / N.
    assert max(
        abs(float(ours.covariance_matrices_[0][j][k]) - theirs.covariance_[j][k])
        for j in range(X.shape[1])
        for k in range(X.shape[1])
    ) <= 1e-9 * abs(theirs.covariance_).max()
    assert_same_predictions(ours, theirs, X)


def test_breast_cancer_lda_against_sklearn_lsqr_and_an_exact_oracle():
    """On breast cancer the pooled covariance has a condition number near 3e11.

    Fitting the same model on the same float values turned into exact
    Fractions gives the exact posterior of those values.  Our float path is
    within 1e-12 of it; scikit-learn's lsqr solver (a least-squares solve
    with the covariance matrix) was 1.3e-9 away in scikit-learn 1.9.1, its
    eigen solver 4e-13.  So lsqr is compared at 1e-8, the others at 1e-9.
    """
    np = pytest.importorskip("numpy")
    discriminant_analysis = pytest.importorskip("sklearn.discriminant_analysis")
    X, y = sklearn_tables()["breast_cancer"]
    rows = X.tolist()
    ours = GDA(covariance="shared").fit(rows, y.tolist())
    oracle = GDA(covariance="shared").fit([[F(value) for value in row] for row in rows], y.tolist()).linear_form()
    exact = np.array([1 / (1 + math.exp(-float(exact_log_odds(oracle, row)))) for row in rows])
    ours_p1 = np.array([p[1] for p in ours.predict_proba(rows)])
    assert np.abs(ours_p1 - exact).max() < 1e-12
    theirs = discriminant_analysis.LinearDiscriminantAnalysis(solver="lsqr").fit(X, y)
    assert ours.predict(rows) == theirs.predict(X).tolist()
    assert np.abs(theirs.predict_proba(X)[:, 1] - exact).max() < 1e-8
    assert np.abs(theirs.predict_proba(X)[:, 1] - ours_p1).max() < 1e-8


def exact_log_odds(form, row):
    """w^T x + b with x turned into exact Fractions: the log-odds of the float values, exact but for the log prior."""
    return sum(w * F(row[j]) for j, w in form.weights.items()) + form.bias + F(form.log_prior_ratio)


def test_sklearn_lda_weights_its_class_covariances_by_the_given_priors():
    """With priors that are not the class shares, sklearn's covariance is no longer the pooled one."""
    np = pytest.importorskip("numpy")
    discriminant_analysis = pytest.importorskip("sklearn.discriminant_analysis")
    X, y = sklearn_tables()["wine"]
    priors = [0.5, 0.25, 0.25]
    theirs = discriminant_analysis.LinearDiscriminantAnalysis(solver="lsqr", priors=priors).fit(X, y)
    ours = GDA(covariance="shared", class_prior=priors).fit(X, y.tolist())
    weighted = sum(p * np.cov(X[y == k].T, ddof=0) for k, p in enumerate(priors))
    assert np.allclose(theirs.covariance_, weighted, rtol=1e-12)
    pooled = np.array(ours.covariance_matrices_[0], dtype=float)
    assert not np.allclose(theirs.covariance_, pooled, rtol=1e-3)
    # On iris every class has 50 flowers, so uniform priors are the class shares and the two agree.
    X, y = sklearn_tables()["iris"]
    theirs = discriminant_analysis.LinearDiscriminantAnalysis(solver="lsqr", priors=[1 / 3] * 3).fit(X, y)
    assert_same_predictions(GDA(covariance="shared", fit_prior=False).fit(X, y.tolist()), theirs, X)


def test_linear_form_equals_sklearn_binary_coef_and_intercept():
    np = pytest.importorskip("numpy")
    discriminant_analysis = pytest.importorskip("sklearn.discriminant_analysis")
    X, y = sklearn_tables()["breast_cancer"]
    theirs = discriminant_analysis.LinearDiscriminantAnalysis(solver="lsqr").fit(X, y)
    form = GDA(covariance="shared").fit(X, y.tolist()).linear_form()
    weights = np.array([float(form.weights[j]) for j in range(X.shape[1])])
    assert np.allclose(weights, theirs.coef_[0], rtol=1e-7, atol=1e-9 * np.abs(theirs.coef_).max())
    assert form.intercept == pytest.approx(theirs.intercept_[0], rel=1e-7)


def sklearn_qda_ddof():
    """The ddof of the installed scikit-learn's QDA covariance: 0 in 1.9.1 (n_c), 1 in older releases (n_c - 1)."""
    np = pytest.importorskip("numpy")
    discriminant_analysis = pytest.importorskip("sklearn.discriminant_analysis")
    X = np.array([[0.0, 0.0], [2.0, 1.0], [1.0, 3.0], [5.0, 5.0], [7.0, 6.0], [6.0, 9.0]])
    y = np.array([0, 0, 0, 1, 1, 1])
    stored = discriminant_analysis.QuadraticDiscriminantAnalysis(store_covariance=True).fit(X, y).covariance_[0]
    for ddof in (0, 1):
        if np.allclose(stored, np.cov(X[:3].T, ddof=ddof)):
            return ddof
    raise AssertionError(f"scikit-learn's QDA covariance {stored} is neither S/n nor S/(n-1)")


@pytest.mark.parametrize("table", ["iris", "wine", "breast_cancer"])
@pytest.mark.parametrize("solver", ["svd", "eigen"])
def test_full_equals_sklearn_qda(table, solver):
    discriminant_analysis = pytest.importorskip("sklearn.discriminant_analysis")
    X, y = sklearn_tables()[table]
    if solver == "eigen" and sklearn_version() < (1, 9):
        pytest.skip("compared from scikit-learn 1.9, whose QDA source the docs page describes")
    ddof = sklearn_qda_ddof() if solver == "svd" else 0  # eigen: sklearn.covariance.empirical_covariance, S_c / n_c
    # tol only decides when sklearn calls a class's covariance rank deficient (an error there);
    # the breast cancer features vary on scales down to 1e-6, below its default 1e-4.
    theirs = discriminant_analysis.QuadraticDiscriminantAnalysis(solver=solver, tol=1e-15).fit(X, y)
    ours = GDA(covariance="full", ddof=ddof).fit(X, y.tolist())
    assert_same_predictions(ours, theirs, X)


def test_the_installed_sklearn_qda_divides_by_n_c():
    """What the docs page states about scikit-learn 1.9.1: QDA's covariance is S_c / n_c (ddof 0)."""
    if sklearn_version() < (1, 9):
        pytest.skip("the docs page describes scikit-learn 1.9.1; older releases divided by n_c - 1")
    assert sklearn_qda_ddof() == 0


# ----------------------------------------------------------------------
# "Lecture 8: Naive Bayes": the LDA on the iris sepals, with the lecture's covariance
# ----------------------------------------------------------------------


def test_the_lecture_class_means():
    model = GDA(covariance="total", ddof=1).fit(sepals(exact=True).rows, sepals().labels)
    assert model.mean_vectors_ == {
        "setosa": [F("5.006"), F("3.428")],
        "versicolor": [F("5.936"), F("2.77")],
        "virginica": [F("6.588"), F("2.974")],
    }


def test_the_lecture_covariance_is_np_cov_of_all_the_rows():
    np = pytest.importorskip("numpy")
    data = sepals()
    model = GDA(covariance="total", ddof=1).fit(data.rows, data.labels)
    X = np.array([[row["sepal_length"], row["sepal_width"]] for row in data.rows])
    assert np.allclose(model.covariance_matrices_["setosa"], np.cov(X.T), rtol=1e-14)


@pytest.mark.parametrize("exact", [False, True])
def test_the_lecture_predictions_are_reproduced(exact):
    data = sepals(exact=exact)
    model = GDA(covariance="total", ddof=1).fit(data.rows, data.labels)
    assert [SPECIES.index(label) for label in model.predict(data.rows)] == LECTURE_CODES
    assert model.score(data.rows, data.labels) == F(118, 150)


def test_the_lecture_predictions_are_the_nearest_mean_in_exact_mahalanobis_distance():
    """With one Sigma and priors 1/3 each, argmax P(c | x) = argmin_c (x - mu_c)' Sigma^-1 (x - mu_c)."""
    data = sepals(exact=True)
    model = GDA(covariance="total", ddof=1).fit(data.rows, data.labels)
    factor = model.ldl_factors_["setosa"]
    smallest_gap = math.inf
    for row, code in zip(data.rows, LECTURE_CODES):
        x = [row["sepal_length"], row["sepal_width"]]
        distances = [quadratic_form(factor, [a - m for a, m in zip(x, model.mean_vectors_[s])]) for s in SPECIES]
        assert distances.index(min(distances)) == code
        first, second = sorted(distances)[:2]
        smallest_gap = min(smallest_gap, second - first)
    assert F(1, 3000) < smallest_gap < F(1, 2000)  # no near tie: floats cannot flip a decision


def lecture_density_as_coded(x, mean, covariance, prior):
    """The lecture's score for one class, as its code computes it, in plain Python.

    Its code multiplies by sqrt(|(2 pi)^d det Sigma|) where the density divides,
    and writes -.5 * exp(q) where the density has exp(-.5 * q):

        score = sqrt((2 pi)^d det Sigma) * (-1/2) * exp(q) * prior,   q = (x - mu)' Sigma^-1 (x - mu)
    """
    lower, pivots = ldl_decomposition(covariance)
    determinant = math.prod(float(pivot) for pivot in pivots)
    q = float(quadratic_form((lower, pivots), [a - m for a, m in zip(x, mean)]))
    return math.sqrt(abs((2 * math.pi) ** len(x) * determinant)) * -0.5 * math.exp(q) * prior


def lecture_predictions_as_coded(rows, means, covariance, priors):
    predictions = []
    for x in rows:
        scores = [lecture_density_as_coded(x, mean, covariance, prior) for mean, prior in zip(means, priors)]
        predictions.append(scores.index(max(scores)))
    return predictions


def test_the_lectures_formula_as_coded_gives_its_printed_predictions():
    data = sepals(exact=True)
    model = GDA(covariance="total", ddof=1).fit(data.rows, data.labels)
    rows = [[row["sepal_length"], row["sepal_width"]] for row in data.rows]
    means = [model.mean_vectors_[s] for s in SPECIES]
    covariance = model.covariance_matrices_["setosa"]
    # Every score is negative: the -.5 sits outside the exp.
    assert all(lecture_density_as_coded(x, means[0], covariance, F(1, 3)) < 0 for x in rows[:5])
    assert lecture_predictions_as_coded(rows, means, covariance, [F(1, 3)] * 3) == LECTURE_CODES


def test_the_lectures_formula_inverts_unequal_priors():
    """The bugs cancel only because the priors are equal: a larger prior makes the score more negative."""
    data = sepals(exact=True)
    model = GDA(covariance="total", ddof=1).fit(data.rows, data.labels)
    rows = [[row["sepal_length"], row["sepal_width"]] for row in data.rows]
    means = [model.mean_vectors_[s] for s in SPECIES]
    covariance = model.covariance_matrices_["setosa"]
    priors = [F(1, 10), F(1, 10), F(8, 10)]
    as_coded = lecture_predictions_as_coded(rows, means, covariance, priors)
    correct = GDA(covariance="total", ddof=1, class_prior=priors).fit(data.rows, data.labels)
    correct_codes = [SPECIES.index(label) for label in correct.predict(data.rows)]
    assert as_coded.count(2) < LECTURE_CODES.count(2) < correct_codes.count(2)


def test_the_lectures_code_in_numpy_gives_its_printed_predictions():
    """The lecture's computation written with numpy's det and inv, as its code does."""
    np = pytest.importorskip("numpy")
    data = sepals()
    X = np.array([[row["sepal_length"], row["sepal_width"]] for row in data.rows])
    labels = np.array([SPECIES.index(label) for label in data.labels])
    means = np.array([X[labels == k].mean(axis=0) for k in range(3)])
    sigma = np.cov(X.T)
    deviations = X[None, :, :] - means[:, None, :]  # (class, row, feature)
    q = np.einsum("kni,ij,knj->kn", deviations, np.linalg.inv(sigma), deviations)
    scores = np.sqrt(np.abs((2 * np.pi) ** 2 * np.linalg.det(sigma))) * -0.5 * np.exp(q) * (1 / 3)
    assert scores.argmax(axis=0).tolist() == LECTURE_CODES
    assert means.round(3).tolist() == [[5.006, 3.428], [5.936, 2.77], [6.588, 2.974]]


def test_textbook_lda_on_the_sepals_differs_from_the_lecture_on_14_flowers():
    data = sepals()
    pooled = GDA(covariance="shared").fit(data.rows, data.labels)
    codes = [SPECIES.index(label) for label in pooled.predict(data.rows)]
    assert [i for i, (a, b) in enumerate(zip(codes, LECTURE_CODES)) if a != b] == [
        56, 68, 70, 72, 85, 87, 100, 108, 111, 123, 133, 136, 146, 148,
    ]
    assert pooled.score(data.rows, data.labels) == F(120, 150)


# ----------------------------------------------------------------------
# Training in pieces, predicting changes nothing, settings
# ----------------------------------------------------------------------


@pytest.mark.parametrize("covariance", ["full", "shared", "diagonal", "total"])
def test_partial_fit_in_pieces_equals_one_fit_exactly(covariance):
    iris = load_iris(exact=True)
    whole = GDA(covariance=covariance).fit(iris.rows, iris.labels)
    pieces = GDA(covariance=covariance)
    for start in range(0, 150, 40):
        pieces.partial_fit(iris.rows[start:start + 40], iris.labels[start:start + 40])
    assert pieces.mean_vectors_ == whole.mean_vectors_
    assert pieces.scatter_matrices_ == whole.scatter_matrices_
    assert pieces.covariance_matrices_ == whole.covariance_matrices_
    assert pieces.ldl_factors_ == whole.ldl_factors_
    assert pieces.predict_proba(iris.rows) == whole.predict_proba(iris.rows)


def test_partial_fit_one_row_at_a_time_with_floats():
    rows, y = random_table(4)
    whole = GDA().fit(rows, y)
    pieces = GDA()
    for row, label in zip(rows, y):
        pieces.partial_fit([row], [label])
    for label in whole.classes_:
        for a, b in zip(pieces.mean_vectors_[label], whole.mean_vectors_[label]):
            assert a == pytest.approx(b, rel=1e-12, abs=1e-12)
        for row_a, row_b in zip(pieces.scatter_matrices_[label], whole.scatter_matrices_[label]):
            assert row_a == pytest.approx(row_b, rel=1e-10, abs=1e-10)
    assert pieces.predict(held_out(4)) == whole.predict(held_out(4))


@pytest.mark.parametrize("covariance", ["full", "shared", "diagonal", "total"])
def test_predicting_changes_nothing(covariance):
    iris = load_iris()
    model = GDA(covariance=covariance).fit(iris.rows, iris.labels)
    before = public_state(model)
    model.predict(iris.rows)
    model.predict_proba(iris.rows[:5])
    model.predict_log_proba(iris.rows[:5])
    model.joint_log_likelihood(iris.rows[0])
    model.explain(iris.rows[0])
    model.score(iris.rows, iris.labels)
    if covariance in ("shared", "total"):
        model.linear_form("setosa", "virginica")
    assert public_state(model) == before


def test_a_failed_fit_changes_nothing():
    model = GDA().fit(ROWS, LABELS)
    before = public_state(model)
    with pytest.raises(ValueError):
        model.fit([[1, 2], [3, None]], ["a", "b"])
    with pytest.raises(ValueError):
        model.partial_fit([[1, 2, 3]], ["a"])
    assert public_state(model) == before


def test_changing_a_setting_after_training_rebuilds_the_tables():
    iris = load_iris()
    model = GDA().fit(iris.rows, iris.labels)
    model.covariance = "shared"
    fresh = GDA(covariance="shared").fit(iris.rows, iris.labels)
    assert model.predict_proba(iris.rows[::10]) == fresh.predict_proba(iris.rows[::10])
    assert model.covariance_matrices_ == fresh.covariance_matrices_
    model.ddof = 1
    assert model.covariance_matrices_ != fresh.covariance_matrices_ or model.predict(iris.rows[:1])
    assert model.covariance_matrices_ == GDA(covariance="shared", ddof=1).fit(iris.rows, iris.labels).covariance_matrices_
    with pytest.raises(ValueError, match="covariance must be one of 'full', 'shared', 'diagonal', 'total'"):
        model.covariance = "spherical"  # refused where it is assigned
    assert model.covariance == "shared" and model.predict(iris.rows[:1])


def test_get_params_and_repr():
    model = GDA(covariance="shared", ddof=1)
    assert model.get_params() == {"covariance": "shared", "ddof": 1, "fit_prior": True, "class_prior": None}
    assert repr(model) == "GaussianDiscriminantAnalysis(covariance='shared', ddof=1) (not fitted)"
    model.fit(ROWS, LABELS)
    assert repr(model) == (
        "GaussianDiscriminantAnalysis(covariance='shared', ddof=1)\n"
        'table                      size        first entries\n'
        '-------------------------  ----------  --------------------\n'
        "class 'a'                  3 rows      P(c) = 1/2\n"
        "class 'b'                  3 rows      P(c) = 1/2\n"
        'features_                  2 features  [0, 1]\n'
        "mean_vectors_['a']         2 means     [2, 2]\n"
        "covariance_matrices_['a']  2 x 2       [[1, 1/4], [1/4, 2]]\n"
        "mean_vectors_['b']         2 means     [7, 6]\n"
        "covariance_matrices_['b']  2 x 2       [[1, 1/4], [1/4, 2]]\n"
        'linear discriminant analysis, fitted on 6 rows'
    )
    with pytest.raises(ValueError, match="ddof must be 0"):
        GDA(ddof=2)


# ----------------------------------------------------------------------
# Rows: dicts or lists, every value present and a number
# ----------------------------------------------------------------------


def test_dict_rows_and_list_rows_give_the_same_model():
    iris = load_iris()
    as_lists = [[row[feature] for feature in iris.features] for row in iris.rows]
    by_name = GDA().fit(iris.rows, iris.labels)
    by_column = GDA().fit(as_lists, iris.labels)
    assert by_name.features_ == iris.features and by_column.features_ == [0, 1, 2, 3]
    assert by_name.predict_proba(iris.rows[::9]) == by_column.predict_proba(as_lists[::9])


@pytest.mark.parametrize(
    "row, message",
    [
        ({"x": 1, "y": None}, r"X\[1\] has no value for the feature 'y' .*use GaussianNB, which leaves a missing feature out"),
        ({"x": 1}, r"X\[1\] has no value for the feature 'y'"),
        ({"x": 1, "y": float("nan")}, r"X\[1\] has no value for the feature 'y'"),
        ({"x": 1, "y": 2, "z": 3}, r"X\[1\] has the feature 'z', which the first training row does not have"),
        ({"x": 1, "y": "tall"}, r"feature 'y' has the value 'tall', but a discriminant analysis feature takes numbers"),
        ({"x": 1, "y": True}, r"feature 'y' has the value True"),
        ({"x": 1, "y": float("inf")}, r"measurements must be finite"),
    ],
)
def test_training_rows_are_checked(row, message):
    with pytest.raises(ValueError, match=message):
        GDA().fit([{"x": 0, "y": 0}, row, {"x": 5, "y": 1}], ["a", "a", "b"])


def test_prediction_rows_are_checked():
    model = GDA().fit(ROWS, LABELS)
    with pytest.raises(ValueError, match=r"X\[0\] has no value for the feature 1"):
        model.predict([[4, None]])
    with pytest.raises(ValueError, match=r"X\[0\] has 3 values, but the model's rows are 2 values"):
        model.predict([[4, 4, 4]])
    with pytest.raises(ValueError, match=r"X\[0\] has the feature 'x', which training never saw"):
        model.predict([{"x": 4}])
    with pytest.raises(TypeError, match="takes one row, but this is a list of 1 rows"):
        model.explain([[4, 4]])


def test_fraction_and_int_rows_at_prediction_agree_with_floats():
    model = GDA().fit(load_iris(exact=True).rows, load_iris().labels)
    floats = load_iris().rows[::13]
    exact = load_iris(exact=True).rows[::13]
    for a, b in zip(model.predict_proba(floats), model.predict_proba(exact)):
        for label in a:
            assert a[label] == pytest.approx(b[label], abs=1e-12)


@pytest.mark.parametrize("covariance", ["full", "shared", "diagonal", "total"])
def test_exact_and_float_training_agree(covariance):
    exact = GDA(covariance=covariance).fit(load_iris(exact=True).rows, load_iris().labels)
    floats = GDA(covariance=covariance).fit(load_iris().rows, load_iris().labels)
    rows = load_iris().rows
    assert exact.predict(rows) == floats.predict(rows)
    for a, b in zip(exact.predict_proba(rows), floats.predict_proba(rows)):
        for label in a:
            assert a[label] == pytest.approx(b[label], abs=1e-11)


# ----------------------------------------------------------------------
# Properties on random tables
# ----------------------------------------------------------------------


@pytest.mark.parametrize("covariance", ["full", "shared", "diagonal", "total"])
@pytest.mark.parametrize("seed", range(4))
def test_posteriors_sum_to_one(covariance, seed):
    model = GDA(covariance=covariance).fit(*random_table(seed))
    for probabilities in model.predict_proba(held_out(seed)):
        assert math.fsum(probabilities.values()) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize("covariance", ["full", "shared", "total"])
@pytest.mark.parametrize("seed", range(3))
def test_relabelling_classes_changes_nothing(covariance, seed):
    rows, y = random_table(seed)
    renamed = {"a": "zebra", "b": "apple", "c": "mango"}
    original = GDA(covariance=covariance).fit(rows, y)
    relabelled = GDA(covariance=covariance).fit(rows, [renamed[label] for label in y])
    for before, after in zip(original.predict_proba(held_out(seed)), relabelled.predict_proba(held_out(seed))):
        for label, p in before.items():
            assert after[renamed[label]] == pytest.approx(p, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_permuting_the_features_changes_nothing(seed):
    rows, y = random_table(seed)
    model = GDA().fit(rows, y)
    permuted = GDA().fit([[row[2], row[0], row[1]] for row in rows], y)
    test_rows = held_out(seed)
    for a, b in zip(model.predict_proba(test_rows), permuted.predict_proba([[r[2], r[0], r[1]] for r in test_rows])):
        for label in a:
            assert a[label] == pytest.approx(b[label], rel=1e-9, abs=1e-12)


def test_a_setting_assigned_after_fitting_is_checked_there():
    # issue 30: every model's settings are checked where they are assigned, so a saved file always loads
    model = GDA().fit(ROWS, LABELS)
    before = copy.deepcopy(vars(model))
    with pytest.raises(ValueError, match="ddof must be 0"):
        model.ddof = 2.5
    with pytest.raises(ValueError, match="covariance must be one of"):
        model.covariance = "spherical"
    assert vars(model) == before
