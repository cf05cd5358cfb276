"""The small linear-algebra module, on matrices worked out by hand as Fractions.

Two features, three rows (class a of the docs page's example)::

    rows (1, 1), (2, 3), (3, 2)          mean (2, 2)
    deviations (-1, -1), (0, 1), (1, 0)
    scatter  S = [[2, 1], [1, 2]]        (1+0+1, 1+0+0; 1+1+0)
    covariance, ddof 0:  S / 3 = [[2/3, 1/3], [1/3, 2/3]]
               ddof 1:   S / 2 = [[1, 1/2], [1/2, 1]]
    LDL^T of S/3:  d_1 = 2/3,  l_21 = (1/3) / (2/3) = 1/2,
                   d_2 = 2/3 - (1/2)^2 (2/3) = 1/2;   det = 2/3 * 1/2 = 1/3 = 4/9 - 1/9

Three features::

    A = [[4, 2, 2], [2, 5, 3], [2, 3, 6]]
    d_1 = 4;  l_21 = 2/4 = 1/2,  l_31 = 2/4 = 1/2
    d_2 = 5 - (1/2)^2 4 = 4;  l_32 = (3 - (1/2)(1/2) 4) / 4 = 1/2
    d_3 = 6 - (1/2)^2 4 - (1/2)^2 4 = 4;   det = 64 = 4(30 - 9) - 2(12 - 6) + 2(6 - 10)
    A (1, 1, 1) = (8, 10, 11):  forward  z = (8, 10 - 4, 11 - 4 - 3) = (8, 6, 4)
                                z / d = (2, 3/2, 1);  back  x = (1, 1, 1)
    b^T A^-1 b = 8 + 10 + 11 = 29 = 8^2/4 + 6^2/4 + 4^2/4
"""

import math
import random
from fractions import Fraction

import pytest

from naivebayes.other_models.linalg import (
    SingularMatrixError,
    back_substitution,
    covariance_matrix,
    forward_substitution,
    ldl_decomposition,
    ldl_solve,
    log_determinant,
    matrix_vector_product,
    mean_vector,
    merge_scatter,
    pooled_covariance,
    quadratic_form,
    scatter_matrix,
)

F = Fraction
ROWS_A = [[1, 1], [2, 3], [3, 2]]
ROWS_B = [[6, 5], [8, 5], [7, 8]]  # mean (7, 6); deviations (-1,-1), (1,-1), (0,2); S = [[2, 0], [0, 6]]
A3 = [[4, 2, 2], [2, 5, 3], [2, 3, 6]]


# ----------------------------------------------------------------------
# One test per formula, on numbers worked out by hand
# ----------------------------------------------------------------------


def test_eq_mean_vector_of_the_rows():
    assert mean_vector(ROWS_A) == [2, 2] and all(type(m) is Fraction for m in mean_vector(ROWS_A))
    assert mean_vector([[1, 0], [2, 1]]) == [F(3, 2), F(1, 2)]
    assert mean_vector([[F(1, 2)], [F(1, 3)]]) == [F(5, 12)]
    assert mean_vector([[0.5, 1.0], [1.5, 2.0]]) == [1.0, 1.5]


def test_eq_mean_vector_of_a_constant_float_column_is_that_value_exactly():
    # fsum([0.1] * 3) / 3 is one unit in the last place above 0.1; the mean must be 0.1 itself,
    # so that the column's variance is exactly 0 (and the singular covariance is noticed).
    assert math.fsum([0.1] * 3) / 3 != 0.1
    assert mean_vector([[0.1], [0.1], [0.1]]) == [0.1]
    assert scatter_matrix([[0.1], [0.1], [0.1]], [0.1]) == [[0.0]]


def test_eq_scatter_matrix_sums_outer_products():
    assert scatter_matrix(ROWS_A, [2, 2]) == [[2, 1], [1, 2]]
    assert scatter_matrix(ROWS_B, [7, 6]) == [[2, 0], [0, 6]]
    # Three rows in three dimensions: (1,2,0), (3,2,4), (2,5,2), mean (2,3,2);
    # deviations (-1,-1,-2), (1,-1,2), (0,2,0).
    assert scatter_matrix([[1, 2, 0], [3, 2, 4], [2, 5, 2]], [2, 3, 2]) == [[2, 0, 4], [0, 6, 0], [4, 0, 8]]
    floats = scatter_matrix([[1.0, 1.0], [2.0, 3.0], [3.0, 2.0]], [2.0, 2.0])
    assert floats == [[2.0, 1.0], [1.0, 2.0]] and type(floats[0][1]) is float


def test_eq_covariance_matrix_divides_by_n_minus_ddof():
    assert covariance_matrix([[2, 1], [1, 2]], 3, 0) == [[F(2, 3), F(1, 3)], [F(1, 3), F(2, 3)]]
    assert covariance_matrix([[2, 1], [1, 2]], 3, 1) == [[1, F(1, 2)], [F(1, 2), 1]]
    assert covariance_matrix([[2.0, 1.0], [1.0, 2.0]], 3, 1) == [[1.0, 0.5], [0.5, 1.0]]


def test_eq_pooled_covariance_adds_the_scatters_of_every_class():
    # (S_a + S_b) / (3 + 3) = [[4, 1], [1, 8]] / 6; with ddof 1, / (2 + 2)
    scatters, counts = [[[2, 1], [1, 2]], [[2, 0], [0, 6]]], [3, 3]
    assert pooled_covariance(scatters, counts, 0) == [[F(2, 3), F(1, 6)], [F(1, 6), F(4, 3)]]
    assert pooled_covariance(scatters, counts, 1) == [[1, F(1, 4)], [F(1, 4), 2]]


def test_eq_scatter_merge_equals_the_scatter_of_all_rows():
    # a: n 3, mean (2, 2), S [[2,1],[1,2]];  b: n 3, mean (7, 6), S [[2,0],[0,6]]
    # delta = (5, 4); mean = (2, 2) + (5, 4) * 3/6 = (9/2, 4);
    # S = S_a + S_b + delta delta^T * 9/6 = [[4,1],[1,8]] + [[25,20],[20,16]] * 3/2 = [[83/2, 31], [31, 32]]
    merged = merge_scatter((3, [2, 2], [[2, 1], [1, 2]]), (3, [7, 6], [[2, 0], [0, 6]]))
    assert merged == (6, [F(9, 2), 4], [[F(83, 2), 31], [31, 32]])
    everything = ROWS_A + ROWS_B
    assert merged == (6, mean_vector(everything), scatter_matrix(everything, mean_vector(everything)))
    empty = (0, None, None)
    assert merge_scatter(empty, (3, [2, 2], [[2, 1], [1, 2]])) == (3, [2, 2], [[2, 1], [1, 2]])
    assert merge_scatter((3, [2, 2], [[2, 1], [1, 2]]), empty) == (3, [2, 2], [[2, 1], [1, 2]])


def test_eq_ldl_decomposition_of_the_2_by_2_covariance():
    lower, pivots = ldl_decomposition([[F(2, 3), F(1, 3)], [F(1, 3), F(2, 3)]])
    assert lower == [[1, 0], [F(1, 2), 1]]
    assert pivots == [F(2, 3), F(1, 2)]


def test_eq_ldl_decomposition_of_the_3_by_3_matrix():
    lower, pivots = ldl_decomposition(A3)
    assert lower == [[1, 0, 0], [F(1, 2), 1, 0], [F(1, 2), F(1, 2), 1]]
    assert pivots == [4, 4, 4]
    # L D L^T gives A back
    rebuilt = [[sum(lower[i][k] * pivots[k] * lower[j][k] for k in range(3)) for j in range(3)] for i in range(3)]
    assert rebuilt == A3


def test_eq_ldl_decomposition_in_floats_matches_the_exact_one():
    lower, pivots = ldl_decomposition([[4.0, 2.0, 2.0], [2.0, 5.0, 3.0], [2.0, 3.0, 6.0]])
    assert lower == [[1, 0, 0], [0.5, 1, 0], [0.5, 0.5, 1]] and pivots == [4.0, 4.0, 4.0]


def test_eq_forward_substitution_solves_the_unit_lower_system():
    lower, _ = ldl_decomposition(A3)
    assert forward_substitution(lower, [8, 10, 11]) == [8, 6, 4]


def test_eq_back_substitution_solves_the_transposed_system():
    lower, _ = ldl_decomposition(A3)
    # L^T x = (2, 3/2, 1): x_3 = 1, x_2 = 3/2 - 1/2 = 1, x_1 = 2 - 1/2 - 1/2 = 1
    assert back_substitution(lower, [2, F(3, 2), 1]) == [1, 1, 1]


def test_eq_ldl_solve_gives_the_inverse_times_a_vector():
    factor = ldl_decomposition(A3)
    assert ldl_solve(factor, [8, 10, 11]) == [1, 1, 1]
    # The 2x2 covariance [[2/3, 1/3], [1/3, 2/3]] has the inverse [[2, -1], [-1, 2]].
    factor = ldl_decomposition([[F(2, 3), F(1, 3)], [F(1, 3), F(2, 3)]])
    assert ldl_solve(factor, [1, 0]) == [2, -1] and ldl_solve(factor, [0, 1]) == [-1, 2]


def test_eq_log_determinant_adds_the_logs_of_the_pivots():
    assert log_determinant([4, 4, 4]) == pytest.approx(math.log(64), rel=1e-15)
    assert log_determinant([F(2, 3), F(1, 2)]) == pytest.approx(math.log(1 / 3), rel=1e-15)
    # A tiny exact determinant stays finite: log(10**-400) is far below the smallest float.
    assert log_determinant([F(1, 10**200), F(1, 10**200)]) == pytest.approx(-400 * math.log(10), rel=1e-15)


def test_eq_quadratic_form_through_the_factor():
    assert quadratic_form(ldl_decomposition(A3), [8, 10, 11]) == 29  # 16 + 9 + 4
    # (2, 2) against [[2/3, 1/3], [1/3, 2/3]]: z = (2, 1), 4/(2/3) + 1/(1/2) = 6 + 2 = 8
    factor = ldl_decomposition([[F(2, 3), F(1, 3)], [F(1, 3), F(2, 3)]])
    assert quadratic_form(factor, [2, 2]) == 8
    # the same as v^T Sigma^-1 v with the inverse [[2, -1], [-1, 2]]: 8 - 8 + 8
    assert quadratic_form(factor, [-3, 1]) == 2 * 9 + 2 * 3 + 2 * 1  # 18 + 6 + 2 = 26


# ----------------------------------------------------------------------
# Singular matrices: which pivot vanished, and the combination it stands for
# ----------------------------------------------------------------------


def test_a_zero_variance_is_a_vanished_first_pivot():
    with pytest.raises(SingularMatrixError) as caught:
        ldl_decomposition([[0, 0], [0, 1]])
    assert caught.value.index == 0 and caught.value.coefficients == []


def test_a_constant_column_after_others_has_no_combination():
    with pytest.raises(SingularMatrixError) as caught:
        ldl_decomposition([[2, 1, 0], [1, 2, 0], [0, 0, 0]])
    assert caught.value.index == 2 and caught.value.coefficients == [0, 0]


def test_a_column_that_is_the_sum_of_two_earlier_ones_is_named_with_its_coefficients():
    # x3 = x1 + x2: its covariances are the sums of theirs.
    rows = [[1, 0, 1], [0, 1, 1], [2, 1, 3], [1, 3, 4], [3, 3, 6]]
    mean = mean_vector(rows)
    with pytest.raises(SingularMatrixError) as caught:
        ldl_decomposition(scatter_matrix(rows, mean))
    assert caught.value.index == 2 and caught.value.coefficients == [1, 1]
    assert "column 2 = 1 * column 0 + 1 * column 1" in str(caught.value)


def test_the_three_rows_in_three_dimensions_are_singular_with_x3_equal_to_2_x1():
    # Above: deviations of x3 are twice those of x1, so x3 = 2 x1 + constant.
    with pytest.raises(SingularMatrixError) as caught:
        ldl_decomposition([[2, 0, 4], [0, 6, 0], [4, 0, 8]])
    assert caught.value.index == 2 and caught.value.coefficients == [2, 0]


def test_a_float_dependence_is_found_within_the_tolerance():
    rng = random.Random(3)
    rows = [[rng.gauss(0, 1), rng.gauss(0, 1)] for _ in range(20)]
    rows = [[x1, x2, x1 - 0.5 * x2] for x1, x2 in rows]  # rounded, so only nearly dependent
    with pytest.raises(SingularMatrixError) as caught:
        ldl_decomposition(scatter_matrix(rows, mean_vector(rows)))
    assert caught.value.index == 2
    assert caught.value.coefficients == pytest.approx([1, -0.5], abs=1e-9)


# ----------------------------------------------------------------------
# Exact and float agree; the factor agrees with numpy
# ----------------------------------------------------------------------


def random_covariance(rng, size, n_rows=12):
    rows = [[rng.randint(-9, 9) for _ in range(size)] for _ in range(n_rows)]
    return covariance_matrix(scatter_matrix(rows, mean_vector(rows)), n_rows, 0)


@pytest.mark.parametrize("seed", range(5))
def test_exact_and_float_paths_agree(seed):
    rng = random.Random(seed)
    exact = random_covariance(rng, 5)
    floats = [[float(value) for value in row] for row in exact]
    vector = [rng.randint(-20, 20) for _ in range(5)]
    exact_factor, float_factor = ldl_decomposition(exact), ldl_decomposition(floats)
    assert float_factor[1] == pytest.approx([float(p) for p in exact_factor[1]], rel=1e-12)
    assert quadratic_form(float_factor, vector) == pytest.approx(float(quadratic_form(exact_factor, vector)), rel=1e-12)
    assert log_determinant(float_factor[1]) == pytest.approx(log_determinant(exact_factor[1]), rel=1e-12, abs=1e-12)
    solution = ldl_solve(exact_factor, vector)
    assert matrix_vector_product(exact, solution) == vector  # exactly


@pytest.mark.parametrize("seed", range(3))
def test_the_factor_is_numpys_cholesky_times_the_root_of_the_pivots(seed):
    np = pytest.importorskip("numpy")
    rng = random.Random(seed)
    exact = random_covariance(rng, 4)
    lower, pivots = ldl_decomposition(exact)
    cholesky = [[float(lower[i][j]) * math.sqrt(pivots[j]) for j in range(4)] for i in range(4)]
    assert np.allclose(cholesky, np.linalg.cholesky(np.array(exact, dtype=float)), rtol=1e-12, atol=1e-12)
    sign, numpy_log_det = np.linalg.slogdet(np.array(exact, dtype=float))
    assert sign == 1 and log_determinant(pivots) == pytest.approx(numpy_log_det, rel=1e-12)
    vector = [rng.randint(-5, 5) for _ in range(4)]
    numpy_solution = np.linalg.solve(np.array(exact, dtype=float), np.array(vector, dtype=float))
    assert np.allclose([float(v) for v in ldl_solve((lower, pivots), vector)], numpy_solution, rtol=1e-12)


def test_covariance_matches_numpy_cov_with_its_ddof():
    np = pytest.importorskip("numpy")
    rng = random.Random(7)
    rows = [[rng.uniform(0, 10) for _ in range(3)] for _ in range(15)]
    scatter = scatter_matrix(rows, mean_vector(rows))
    for ddof in (0, 1):
        assert np.allclose(covariance_matrix(scatter, 15, ddof), np.cov(np.array(rows).T, ddof=ddof), rtol=1e-13)
