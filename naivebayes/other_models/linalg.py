"""Just enough linear algebra for Gaussian discriminant analysis: means, covariances, and the LDL^T factor.

A multivariate Gaussian N(mu, Sigma) needs three things from its covariance
matrix Sigma: its log-determinant, the quadratic form (x - mu)^T Sigma^-1 (x - mu),
and, for the linear form of LDA, the solution w of Sigma w = mu_1 - mu_0.
None of them needs the inverse Sigma^-1 itself.  This module factors Sigma
once, as

    Sigma = L D L^T,  L unit lower triangular (ones on the diagonal), D diagonal,

and reads all three off the factor.  That is the Cholesky factorisation with
its square roots taken out: the Cholesky factor is L sqrt(D).  Without square
roots every step is a sum, a product or a quotient, so a matrix of ints and
Fractions gives an exact factor, an exact solution and an exact quadratic
form; exactness stops only at the logarithm of the determinant.

A vector is a list of numbers and a matrix a list of rows (lists of lists).
Every function is exact for ints and Fractions and uses floats, added with
``math.fsum``, as soon as one value is a float.

>>> lower, pivots = ldl_decomposition([[4, 2], [2, 5]])
>>> lower, pivots
([[1, 0], [Fraction(1, 2), 1]], [4, Fraction(4, 1)])
>>> quadratic_form((lower, pivots), [2, 1])  # (2, 1) Sigma^-1 (2, 1)^T
Fraction(1, 1)

A covariance matrix is singular when one feature is a linear combination of
others (or constant).  Then a pivot of D vanishes, and the error says which
column and which combination of the earlier columns it equals:

>>> ldl_decomposition([[1, 1, 2], [1, 2, 3], [2, 3, 5]])
Traceback (most recent call last):
...
naivebayes.other_models.linalg.SingularMatrixError: the matrix is singular: pivot 2 vanished, so column 2 = 1 * column 0 + 1 * column 1 (the variance of column 2 that the earlier columns do not explain is 0)

This module is arithmetic only: it knows nothing of rows, features or models.
"""

import math

from naivebayes.core.arithmetic import add_up, is_exact, log, ratio

__all__ = [
    "SingularMatrixError",
    "mean_vector",
    "scatter_matrix",
    "covariance_matrix",
    "pooled_covariance",
    "merge_scatter",
    "ldl_decomposition",
    "forward_substitution",
    "back_substitution",
    "ldl_solve",
    "log_determinant",
    "quadratic_form",
]

# A float pivot d_j counts as 0 when d_j <= PIVOT_TOLERANCE * a_jj.  The ratio
# d_j / a_jj is the share of column j's variance that the earlier columns do
# not explain (1 - R^2 of a regression on them); 1e-10 means that they explain
# all but one part in 10^10, far beyond any real measurement, and far above the
# rounding error of the factorisation (about 10^-16 times a_jj per step).
PIVOT_TOLERANCE = 1e-10


class SingularMatrixError(ValueError):
    """A pivot of the LDL^T factorisation vanished: column ``index`` is a combination of the earlier ones.

    ``coefficients[i]`` is the weight of column i < index: column ``index``
    minus its mean equals the sum of coefficients[i] * (column i minus its
    mean).  All zero: the column does not vary at all.
    """

    def __init__(self, index, coefficients, message=None):
        self.index = index
        self.coefficients = coefficients
        if message is None:
            combination = " + ".join(f"{c} * column {i}" for i, c in enumerate(coefficients) if c != 0)
            if combination:
                what = f"column {index} = {combination}"
            else:
                what = f"column {index} does not vary"
            message = (
                f"the matrix is singular: pivot {index} vanished, so {what} (the variance of column "
                f"{index} that the earlier columns do not explain is 0)"
            )
        super().__init__(message)


def matrix_vector_product(matrix, vector):
    """A v: the list of each row's dot product with v."""
    return [add_up(a * v for a, v in zip(row, vector)) for row in matrix]


# --8<-- [start:eq-mean-vector]
def mean_vector(rows):
    """mu = (1/n) * sum_i x_i, one mean per column of the rows.

    For floats the sum adds each value's difference from the column's first
    value: a column whose values are all equal then gets exactly that value
    back (``math.fsum(column) / n`` can be one unit in the last place off),
    so its variance is exactly 0.

    Formula: docs/discriminant-analysis.md#eq-mean-vector
    """
    n = len(rows)
    columns = list(zip(*rows))
    if all(is_exact(*column) for column in columns):
        return [ratio(sum(column), n) for column in columns]
    return [column[0] + math.fsum(value - column[0] for value in column) / n for column in columns]
# --8<-- [end:eq-mean-vector]


# --8<-- [start:eq-scatter-matrix]
def scatter_matrix(rows, mean):
    """S = sum_i (x_i - mu)(x_i - mu)^T: entry (j, k) sums the products of the deviations of columns j and k.

    The matrix is symmetric, so each entry below the diagonal is computed
    once and copied above it.

    Formula: docs/discriminant-analysis.md#eq-scatter-matrix
    """
    deviations = [[value - m for value, m in zip(row, mean)] for row in rows]
    columns = list(zip(*deviations))
    size = len(mean)
    scatter = [[0] * size for _ in range(size)]
    for j in range(size):
        for k in range(j + 1):
            scatter[j][k] = scatter[k][j] = add_up(a * b for a, b in zip(columns[j], columns[k]))
    return scatter
# --8<-- [end:eq-scatter-matrix]


# --8<-- [start:eq-covariance-matrix]
def covariance_matrix(scatter, n, ddof):
    """Sigma = S / (n - ddof): ddof = 0 is the maximum likelihood covariance, 1 the sample covariance.

    Formula: docs/discriminant-analysis.md#eq-covariance-matrix
    """
    return [[ratio(value, n - ddof) for value in row] for row in scatter]
# --8<-- [end:eq-covariance-matrix]


# --8<-- [start:eq-pooled-covariance]
def pooled_covariance(scatters, counts, ddof):
    """Sigma = (sum_c S_c) / (sum_c (n_c - ddof)): every class's scatter around its own mean, pooled.

    ddof = 0 divides by N, the maximum likelihood estimate of a covariance
    shared by all classes; ddof = 1 by N - K, the unbiased pooled covariance.

    Formula: docs/discriminant-analysis.md#eq-pooled-covariance
    """
    size = len(scatters[0])
    summed = [[add_up(scatter[j][k] for scatter in scatters) for k in range(size)] for j in range(size)]
    return covariance_matrix(summed, sum(counts), ddof * len(counts))
# --8<-- [end:eq-pooled-covariance]


# --8<-- [start:eq-scatter-merge]
def merge_scatter(a, b):
    """(n, mu, S) of two groups together, from each group's (n, mu, S) (Chan, Golub and LeVeque, for vectors).

    n = n_a + n_b;  delta = mu_b - mu_a;  mu = mu_a + delta n_b / n;
    S = S_a + S_b + delta delta^T n_a n_b / n.  An empty group is (0, None, None).

    Formula: docs/discriminant-analysis.md#eq-scatter-merge
    """
    n_a, mean_a, scatter_a = a
    n_b, mean_b, scatter_b = b
    if n_a == 0:
        return b
    if n_b == 0:
        return a
    n = n_a + n_b
    delta = [m_b - m_a for m_a, m_b in zip(mean_a, mean_b)]
    mean = [m_a + d * ratio(n_b, n) for m_a, d in zip(mean_a, delta)]
    weight = ratio(n_a * n_b, n)
    scatter = [
        [s_a + s_b + d_j * d_k * weight for s_a, s_b, d_k in zip(row_a, row_b, delta)]
        for row_a, row_b, d_j in zip(scatter_a, scatter_b, delta)
    ]
    return n, mean, scatter
# --8<-- [end:eq-scatter-merge]


# --8<-- [start:eq-ldl-decomposition]
def ldl_decomposition(matrix, tolerance=PIVOT_TOLERANCE):
    """A = L D L^T, column by column: d_j = a_jj - sum_{k<j} l_jk^2 d_k, l_ij = (a_ij - sum_{k<j} l_ik l_jk d_k) / d_j.

    Returns (L, the pivots d_1..d_d).  For a covariance matrix d_j is the
    variance of column j that columns 1..j-1 do not explain; when it
    vanishes (exactly 0 for ints and Fractions, at most ``tolerance * a_jj``
    for floats) the matrix is singular, and a ``SingularMatrixError`` names
    the column and the combination of the earlier columns that it equals.

    Formula: docs/discriminant-analysis.md#eq-ldl-decomposition
    """
    size = len(matrix)
    exact = all(is_exact(*row) for row in matrix)
    lower = [[1 if i == j else 0 for j in range(size)] for i in range(size)]
    pivots = []
    for j in range(size):
        pivot = add_up([matrix[j][j]] + [-lower[j][k] * lower[j][k] * pivots[k] for k in range(j)])  # d_j
        if pivot <= (0 if exact else tolerance * matrix[j][j]):  # the pivot vanished
            raise SingularMatrixError(j, dependence_on_earlier_columns(lower, j))
        pivots.append(pivot)
        for i in range(j + 1, size):
            above = add_up([matrix[i][j]] + [-lower[i][k] * lower[j][k] * pivots[k] for k in range(j)])
            lower[i][j] = ratio(above, pivot)  # l_ij
    return lower, pivots
# --8<-- [end:eq-ldl-decomposition]


def dependence_on_earlier_columns(lower, j):
    """The coefficients b with (column j) = sum_i b_i (column i) + constant, when pivot j has vanished.

    They solve A' b = a, where A' is the leading j x j block and a the part
    of column j above the diagonal.  With A' = L' D' L'^T and a = L' D' l
    (l: row j of L left of the diagonal), b = L'^-T l: one back substitution.
    """
    leading = [row[:j] for row in lower[:j]]
    return back_substitution(leading, lower[j][:j])


# --8<-- [start:eq-forward-substitution]
def forward_substitution(lower, b):
    """z with L z = b, L unit lower triangular: z_i = b_i - sum_{k<i} l_ik z_k, from the first row down.

    Formula: docs/discriminant-analysis.md#eq-forward-substitution
    """
    z = []
    for i, row in enumerate(lower):
        z.append(add_up([b[i]] + [-row[k] * z[k] for k in range(i)]))
    return z
# --8<-- [end:eq-forward-substitution]


# --8<-- [start:eq-back-substitution]
def back_substitution(lower, y):
    """x with L^T x = y, L unit lower triangular: x_i = y_i - sum_{k>i} l_ki x_k, from the last row up.

    Formula: docs/discriminant-analysis.md#eq-back-substitution
    """
    size = len(y)
    x = [0] * size
    for i in reversed(range(size)):
        x[i] = add_up([y[i]] + [-lower[k][i] * x[k] for k in range(i + 1, size)])
    return x
# --8<-- [end:eq-back-substitution]


# --8<-- [start:eq-ldl-solve]
def ldl_solve(factor, b):
    """Sigma^-1 b = L^-T D^-1 L^-1 b: a forward substitution, a division by each pivot, a back substitution.

    ``factor`` is (L, pivots) from ``ldl_decomposition``.

    Formula: docs/discriminant-analysis.md#eq-ldl-solve
    """
    lower, pivots = factor
    z = forward_substitution(lower, b)  # L z = b
    y = [ratio(z_i, d_i) for z_i, d_i in zip(z, pivots)]  # D y = z
    return back_substitution(lower, y)  # L^T x = y
# --8<-- [end:eq-ldl-solve]


# --8<-- [start:eq-log-determinant]
def log_determinant(pivots):
    """log det Sigma = sum_j log d_j: det L = 1, so det Sigma = det D, the product of the pivots.

    Each log is taken of an exact pivot when it is one (a Fraction as
    log(numerator) - log(denominator)), so a tiny determinant stays finite.

    Formula: docs/discriminant-analysis.md#eq-log-determinant
    """
    return math.fsum(log(pivot) for pivot in pivots)
# --8<-- [end:eq-log-determinant]


# --8<-- [start:eq-quadratic-form]
def quadratic_form(factor, v):
    """v^T Sigma^-1 v = |L_chol^-1 v|^2 = sum_j z_j^2 / d_j, where L z = v and L_chol = L sqrt(D).

    Formula: docs/discriminant-analysis.md#eq-quadratic-form
    """
    lower, pivots = factor
    z = forward_substitution(lower, v)
    return add_up(ratio(z_j * z_j, d_j) for z_j, d_j in zip(z, pivots))
# --8<-- [end:eq-quadratic-form]
