"""Gaussian discriminant analysis: one multivariate normal per class, naive Bayes as its special case.

"Lecture 8: Naive Bayes" (Cornell Tech) sets up Gaussian discriminant
analysis: the rows of class c are drawn from a multivariate normal
N(mu_c, Sigma_c), whose covariance matrix Sigma_c also says how the features
vary *together*.  What is assumed about Sigma_c gives four models:

* ``covariance="full"`` -- every class its own Sigma_c: quadratic
  discriminant analysis (QDA), the lecture's GDA;
* ``covariance="shared"`` -- one Sigma, pooled from every class's scatter
  around its own mean: linear discriminant analysis (LDA);
* ``covariance="diagonal"`` -- every class its own Sigma_c, with every
  covariance between two features set to 0: Gaussian naive Bayes;
* ``covariance="total"`` -- one Sigma, the covariance of all rows around the
  overall mean, the choice the lecture's own LDA code makes.

Training keeps, per class, the count n_c, the mean vector mu_c
(``mean_vectors_[c]``) and the scatter matrix S_c (``scatter_matrices_[c]``):
exact Fractions for int and Fraction rows.  When training ends, each
covariance matrix is built from them, factored as L D L^T
(``ldl_factors_``) and its log-determinant taken (``log_determinants_``).
Prediction adds, for every class,

    log N(x; mu_c, Sigma_c) = -(d/2) log 2 pi - (1/2) log det Sigma_c - (1/2) (x - mu_c)^T Sigma_c^-1 (x - mu_c)

to log P(c), with the quadratic form read off the factor, never an inverse.

>>> rows = [[1, 1], [2, 3], [3, 2], [6, 5], [8, 5], [7, 8]]
>>> model = GaussianDiscriminantAnalysis().fit(rows, ["a", "a", "a", "b", "b", "b"])
>>> model.covariance_matrices_["a"]
[[Fraction(2, 3), Fraction(1, 3)], [Fraction(1, 3), Fraction(2, 3)]]
>>> model.predict([[4, 4], [6, 6]])
['a', 'b']
"""

import math

from naivebayes.core.arithmetic import ratio
from naivebayes.core.bayes import log_posterior
from naivebayes.plumbing.checks import LARGEST_FLOAT, check_choice
from naivebayes.other_models.linalg import (
    SingularMatrixError,
    add_up,
    covariance_matrix,
    ldl_decomposition,
    ldl_solve,
    log_determinant,
    mean_vector,
    merge_scatter,
    pooled_covariance,
    quadratic_form,
    scatter_matrix,
)
from naivebayes.naive_bayes.base import TABLES_LOCK, NaiveBayes, Term, merge_class_counts, peek
from naivebayes.naive_bayes.gaussian import LOG_TWO_PI, check_ddof, check_measurement, is_finite_float
from naivebayes.naive_bayes.linear_form import LinearForm, SoftmaxForm, two_classes
from naivebayes.naive_bayes.generative import mixture_mean_variance
from naivebayes.tables.rows import (
    by_position_message,
    check_fits_float,
    check_row_form,
    check_rows,
    present_values,
    row_width,
)

__all__ = [
    "GaussianDiscriminantAnalysis",
    "log_density_terms",
    "keep_diagonal",
    "total_covariance",
    "linear_discriminant",
    "lda_class_weights",
    "multivariate_normal_draw",
    "conditional_normal",
]

MEASUREMENT_KIND = "a discriminant analysis"  # what messages call a feature: "a discriminant analysis feature takes numbers"

# covariance= -> the name explanations and messages use
COVARIANCES = {
    "full": "quadratic discriminant analysis",
    "shared": "linear discriminant analysis",
    "diagonal": "Gaussian naive Bayes (diagonal covariance)",
    "total": "linear discriminant analysis (total covariance)",
}


# --8<-- [start:eq-gda-log-density]
def log_density_terms(n_features, log_det, squared_distance):
    """The three terms of log N(x; mu, Sigma) = -(d/2) log 2 pi - (1/2) log det Sigma - (1/2) (x - mu)^T Sigma^-1 (x - mu).

    ``squared_distance`` is the quadratic form, the squared Mahalanobis
    distance of x from mu.  The model adds the three terms to log P(c).

    Formula: docs/discriminant-analysis.md#eq-gda-log-density
    """
    return -0.5 * n_features * LOG_TWO_PI, -0.5 * log_det, -0.5 * squared_distance
# --8<-- [end:eq-gda-log-density]


# --8<-- [start:eq-gda-diagonal]
def keep_diagonal(matrix):
    """diag(Sigma): every covariance between two different features set to 0, the naive assumption.

    Formula: docs/discriminant-analysis.md#eq-gda-diagonal
    """
    return [[value if j == k else 0 for k, value in enumerate(row)] for j, row in enumerate(matrix)]
# --8<-- [end:eq-gda-diagonal]


# --8<-- [start:eq-total-covariance]
def total_covariance(statistics, ddof):
    """Sigma_total = T / (N - ddof), T = sum_c S_c + sum_c n_c (mu_c - mu)(mu_c - mu)^T.

    T is the scatter of all rows around the overall mean mu: the classes'
    (n_c, mu_c, S_c) merged into one group.

    Formula: docs/discriminant-analysis.md#eq-total-covariance
    """
    merged = (0, None, None)
    for group in statistics:
        merged = merge_scatter(merged, group)
    n, _, scatter = merged
    return covariance_matrix(scatter, n, ddof)
# --8<-- [end:eq-total-covariance]


# --8<-- [start:eq-lda-linear-form]
def linear_discriminant(mean_0, mean_1, factor, log_prior_0, log_prior_1):
    """w = Sigma^-1 (mu_1 - mu_0) and b = -(1/2) w^T (mu_0 + mu_1) + log(pi_1 / pi_0): log-odds = w^T x + b.

    Returns (w, the exact part of b, log(pi_1 / pi_0)); ``factor`` is the
    L D L^T factor of the shared Sigma.

    Formula: docs/discriminant-analysis.md#eq-lda-linear-form
    """
    difference = [m_1 - m_0 for m_0, m_1 in zip(mean_0, mean_1)]
    weights = ldl_solve(factor, difference)  # Sigma w = mu_1 - mu_0
    bias = -ratio(1, 2) * add_up(w * (m_0 + m_1) for w, m_0, m_1 in zip(weights, mean_0, mean_1))
    return weights, bias, log_prior_1 - log_prior_0
# --8<-- [end:eq-lda-linear-form]


# --8<-- [start:eq-lda-softmax-form]
def lda_class_weights(mean, factor):
    """w_c = Sigma^-1 mu_c and the bias -(1/2) mu_c^T Sigma^-1 mu_c = -(1/2) w_c^T mu_c: class c's score is w_c^T x + b_c.

    ``factor`` is the L D L^T factor of the shared Sigma; b_c adds log P(c)
    to the bias.  Exact when the means and Sigma are.

    Formula: docs/logistic-form.md#eq-lda-softmax-form
    """
    weights = ldl_solve(factor, mean)  # Sigma w_c = mu_c
    bias = -ratio(1, 2) * add_up(w * m for w, m in zip(weights, mean))
    return weights, bias
# --8<-- [end:eq-lda-softmax-form]


# --8<-- [start:eq-gda-sample]
def multivariate_normal_draw(generator, mean, lower, pivots):
    """x = mu + L sqrt(D) z, with z a vector of independent standard normals: a draw from N(mu, Sigma), Sigma = L D L^T.

    L sqrt(D) is the Cholesky factor of Sigma, and Cov(L sqrt(D) z) =
    L sqrt(D) I sqrt(D) L^T = Sigma.  One ``generator.gauss(0.0, 1.0)`` per feature.

    Formula: docs/generative.md#eq-gda-sample
    """
    scaled = [math.sqrt(pivot) * generator.gauss(0.0, 1.0) for pivot in pivots]  # sqrt(D) z
    return [m + math.fsum(l * y for l, y in zip(row, scaled)) for m, row in zip(mean, lower)]  # mu + L sqrt(D) z
# --8<-- [end:eq-gda-sample]


# --8<-- [start:eq-gda-conditional]
def conditional_normal(mean, covariance, observed, values, factor):
    """{m: (mu_m + Sigma_mo Sigma_oo^-1 (x_o - mu_o), Sigma_mm - Sigma_mo Sigma_oo^-1 Sigma_om)} for each missing m.

    The mean and variance of a missing feature m of N(mu, Sigma), given the
    values ``values`` of the features at the positions ``observed`` (o);
    ``factor`` is the L D L^T factor of Sigma_oo.  Exact for Fractions.

    Formula: docs/generative.md#eq-gda-conditional
    """
    deviation = [x - mean[o] for x, o in zip(values, observed)]  # x_o - mu_o
    conditionals = {}
    for m in range(len(mean)):
        if m in observed:
            continue
        cross = [covariance[m][o] for o in observed]  # Sigma_mo
        weights = ldl_solve(factor, cross)  # Sigma_oo^-1 Sigma_om
        conditional_mean = mean[m] + add_up(w * d for w, d in zip(weights, deviation))
        conditional_variance = covariance[m][m] - add_up(w * c for w, c in zip(weights, cross))
        conditionals[m] = (conditional_mean, conditional_variance)
    return conditionals
# --8<-- [end:eq-gda-conditional]


def feature_names(row):
    """The features a row names: a dict's keys, or the column numbers 0, 1, ... of a list row."""
    width = row_width(row)
    if width is not None:
        return list(range(width))
    return list(row.to_dict() if hasattr(row, "to_dict") else row)


def coefficient_text(value):
    """A coefficient for a message: a Fraction as 3/2, a float to six significant digits."""
    return f"{value:.6g}" if isinstance(value, float) else str(value)


def combination_text(names, coefficients, constant):
    """ "x1 + 2 * x2 - 1/2" for the coefficients of the named features and a constant (None: a word)."""
    parts = []
    for name, coefficient in zip(names, coefficients):
        text = coefficient_text(coefficient)
        if text in ("0", "-0"):
            continue
        sign, text = ("-", text[1:]) if text.startswith("-") else ("+", text)
        parts.append(f"{sign} {name}" if text == "1" else f"{sign} {text} * {name}")
    if constant is None:
        parts.append("+ a constant of each class")
    elif coefficient_text(constant) not in ("0", "-0"):
        text = coefficient_text(constant)
        parts.append(f"- {text[1:]}" if text.startswith("-") else f"+ {text}")
    joined = " ".join(parts)
    return joined[2:] if joined.startswith("+ ") else "-" + joined[2:]


class GaussianDiscriminantAnalysis(NaiveBayes):
    """One multivariate normal per class: QDA, LDA, or naive Bayes, by the choice of covariance.

    Parameters
    ----------
    covariance : "full", "shared", "diagonal" or "total", default "full"
        "full": a covariance matrix per class (QDA).  "shared": one matrix,
        the classes' scatters pooled (LDA).  "diagonal": per class, with the
        covariances between features set to 0 (Gaussian naive Bayes).
        "total": one matrix, the covariance of all rows around the overall
        mean, as in the LDA code of "Lecture 8: Naive Bayes".
    ddof : 0 or 1, default 0
        Divide each scatter by n - ddof: per class n_c - ddof ("full",
        "diagonal"); N - K ddof for the pooled matrix ("shared"); N - ddof
        ("total").  0 is maximum likelihood; 1 gives the sample covariance
        (numpy's ``np.cov``) and the unbiased pooled covariance.
    fit_prior, class_prior
        As for every model.

    Rows are dicts or lists of numbers, and every row needs every feature:
    a joint Gaussian has no density for a row with a value missing.
    """

    example_noun = "row"
    feature_noun = "term"  # explanations show the terms of log N(x; mu_c, Sigma_c), not one row per feature
    shown_settings = ("covariance",)
    count_tables = {
        **NaiveBayes.count_tables,
        "features_": [],  # the feature names, in the order of the first row
        "n_columns_": None,  # the width of list rows (None for dict rows)
        "mean_vectors_": {},  # mu_c: {label: [mean of each feature, in features_ order]}
        "scatter_matrices_": {},  # S_c: {label: d x d matrix}
    }
    class_tables = NaiveBayes.class_tables + ("mean_vectors_", "scatter_matrices_")
    lookup_tables = {
        **NaiveBayes.lookup_tables,
        "covariance_matrices_": {},  # Sigma_c: {label: d x d matrix}
        "ldl_factors_": {},  # {label: (L, pivots)} with Sigma_c = L D L^T
        "log_determinants_": {},  # {label: log det Sigma_c}
        "covariance_problems_": {},  # {label: why Sigma_c has no factor}
        "density_lookups_": [],  # per class, in classes_ order: (mu, L, pivots, log det) as floats
    }

    def __init__(self, covariance="full", ddof=0, fit_prior=True, class_prior=None):
        self.covariance = check_choice("covariance", covariance, tuple(COVARIANCES))
        self.ddof = check_ddof(ddof)
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)

    @property
    def model_name(self):
        """What explanations call the model: QDA, LDA or naive Bayes, by the covariance."""
        return COVARIANCES[self.covariance]

    def _continue_from(self, model):
        """A later batch keeps the features and the width of list rows."""
        self.features_ = list(model.features_)
        self.n_columns_ = model.n_columns_

    def _check_mergeable(self, other, ours, theirs):
        """The mean vectors and scatter matrices of both models are over the same features, in the same order."""
        super()._check_mergeable(other, ours, theirs)
        if self.features_ and (other.features_, other.n_columns_) != (self.features_, self.n_columns_):
            raise ValueError(
                f"cannot merge models over different features: {ours} has {self.features_} and {theirs} "
                f"{other.features_}; the means and scatter matrices of both must be over the same features, "
                "in the same order"
            )


    # ------------------------------------------------------------------
    # Checking rows: every feature present, every value a number
    # ------------------------------------------------------------------

    _check_examples = staticmethod(check_rows)  # X as a list of rows, or a clear error

    def _check_example(self, row, where, training=False, before="the model's rows are"):
        """The row as a vector [x_1, ..., x_d] in ``features_`` order, or a clear error.

        A training row must have the form (dict or list) of the model's rows,
        or in the first batch that of the rows ``before`` it.
        """
        values = present_values(row, where)
        if training:
            check_row_form(row, where, "dict" if self.n_columns_ is None else "list", before)
        kind = type(row)
        width = None if kind is dict else len(row) if kind is list or kind is tuple else row_width(row)
        if width is not None and self.n_columns_ is None and self.features_:  # trained by name, given by position
            raise ValueError(by_position_message(where, width, self.features_))
        if width is not None and width != self.n_columns_:
            expected = "dicts of named features" if self.n_columns_ is None else f"{self.n_columns_} values"
            raise ValueError(
                f"{where} has {width} values, but the model's rows are {expected}; every list row "
                "needs one value per column"
            )
        known = set(self.features_)
        for feature in values:
            if feature not in known:
                seen = "the first training row does not have" if training else "training never saw"
                raise ValueError(
                    f"{where} has the feature {feature!r}, which {seen}; the model's features are {self.features_}"
                )
        if len(values) < len(self.features_):
            missing = next(feature for feature in self.features_ if feature not in values)
            raise ValueError(
                f"{where} has no value for the feature {missing!r} (None, NaN or absent); discriminant "
                "analysis models all features jointly, so every row needs every value: drop the row, "
                "fill the value in, or use GaussianNB, which leaves a missing feature out"
            )
        x = [values[feature] for feature in self.features_]
        for value in x:  # the usual values decided by their type; anything else is checked (or refused) by name
            if not (type(value) is float and value - value == 0 or type(value) is int and abs(value) <= LARGEST_FLOAT):
                x = [check_measurement(feature, value, where, MEASUREMENT_KIND) for feature, value in zip(self.features_, x)]
                break
        return x

    def posterior(self, row):
        """P(c | x) for one row, from log P(x, c) by log-sum-exp: a Gaussian density has no exact value, so floats."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_one_example(row, "posterior")
            return self.predict_proba([row])[0]

    def _check_one_example(self, row, method):
        """``[row]``, a list holding one row as ``predict`` wants, is not one row."""
        if isinstance(row, (list, tuple)) and row and all(isinstance(value, (dict, list, tuple)) for value in row):
            raise TypeError(
                f"{method} takes one row, but this is a list of {len(row)} rows, the form predict wants; "
                f"pass the row itself: model.{method}(row)"
            )

    # ------------------------------------------------------------------
    # Counting: n_c, mu_c and S_c per class
    # ------------------------------------------------------------------

    def _count(self, rows, labels):
        """N_c and N, then per class the mean vector and the scatter matrix of its rows."""
        before = "the model's rows are"
        if not self.features_:  # the first row names the features
            present_values(rows[0], "X[0]")  # (a clear error for a row that is not a row)
            self.features_ = feature_names(rows[0])
            self.n_columns_ = row_width(rows[0])
            before = "the rows before it are"
            if not self.features_:
                raise ValueError("X[0] has no features; every row needs at least one measurement")
        vectors = {label: [] for label in self.class_counts_}
        for i, (row, label) in enumerate(zip(rows, labels)):
            vectors[label].append(self._check_example(row, f"X[{i}]", training=True, before=before))
        for label, class_rows in vectors.items():
            try:
                mean = mean_vector(class_rows)  # mu_c
                scatter = scatter_matrix(class_rows, mean)  # S_c
            except (OverflowError, ValueError):  # math.fsum beyond the largest float, or inf - inf
                columns = range(len(self.features_))
                largest = max(columns, key=lambda j: max(abs(row[j]) for row in class_rows))
                raise self._too_large(largest, label) from None
            self.mean_vectors_[label] = mean
            self.scatter_matrices_[label] = scatter

    def _statistics(self, label):
        """(n_c, mu_c, S_c) of one class; (0, None, None) when this model has no rows of it."""
        if label not in self.class_counts_:
            return 0, None, None
        return self.class_counts_[label], self.mean_vectors_[label], self.scatter_matrices_[label]

    def _merge(self, other):
        """A new model holding both models' rows: each class's (n, mu, S) merged (Chan et al.)."""
        merged = type(self)(**self.get_params())
        merge_class_counts(merged, self, other)
        merged._continue_from(other)
        for label in merged.class_counts_:
            _, mean, scatter = merge_scatter(self._statistics(label), other._statistics(label))
            merged.mean_vectors_[label] = mean
            merged.scatter_matrices_[label] = scatter
        return merged

    # ------------------------------------------------------------------
    # When training ends: Sigma_c, its factor and its log-determinant
    # ------------------------------------------------------------------

    def _build_lookup_tables(self):
        """log P(c); then per class Sigma_c, its L D L^T factor, log det Sigma_c, and float copies.

        A covariance matrix that cannot be factored (a class with too few
        rows, a constant feature, a feature that is a combination of others)
        is kept with the reason, which prediction raises: more rows through
        ``partial_fit`` may still mend it.
        """
        super()._build_lookup_tables()
        self.covariance_matrices_ = self._covariances()
        self._check_finite()
        self.ldl_factors_, self.log_determinants_, self.covariance_problems_ = {}, {}, {}
        self.density_lookups_ = []
        factored = {}  # id(matrix) -> (factor, problem): a shared matrix is factored once
        for label in self.classes_:
            matrix = self.covariance_matrices_[label]
            if matrix is None or id(matrix) not in factored:
                factored[id(matrix)] = self._factor(label, matrix)
            factor, problem = factored[id(matrix)]
            if problem is not None:  # kept, and raised when a prediction needs it
                self.covariance_problems_[label] = problem
                self.density_lookups_.append(None)
                continue
            lower, pivots = factor
            self.ldl_factors_[label] = factor  # Sigma_c = L D L^T
            self.log_determinants_[label] = log_determinant(pivots)  # log det Sigma_c
            self.density_lookups_.append(
                (
                    [float(m) for m in self.mean_vectors_[label]],
                    [[float(value) for value in row] for row in lower],
                    [float(pivot) for pivot in pivots],
                    self.log_determinants_[label],
                )
            )

    def _check_finite(self):
        """Raise a clear error if a mean or a covariance is beyond the largest float (its values are too large)."""
        per_class = self.covariance in ("full", "diagonal")
        for label in self.classes_:
            matrix = self.covariance_matrices_[label]
            for j, mean in enumerate(self.mean_vectors_[label]):
                row = [] if matrix is None else matrix[j]
                if not (is_finite_float(mean) and all(map(is_finite_float, row))):
                    raise self._too_large(j, label if per_class else None)

    def _too_large(self, j, label):
        """The error for feature j, whose values (in class ``label``, or over all rows: None) overflow a float."""
        feature = f"x[{self.features_[j]}]" if self.n_columns_ is not None else repr(self.features_[j])
        where = "over all training rows" if label is None else f"in class {label!r}"
        return ValueError(
            f"the feature {feature} {where} has values too large for a float: the covariance matrix sums "
            "products of deviations from the mean, and these pass the largest float, about 1.8e308; "
            "rescale the feature, such as dividing it by a power of ten or measuring it in larger units"
        )

    def _factor(self, label, matrix):
        """(the L D L^T factor of ``matrix``, None), or (None, the problem as (index, coefficients, message))."""
        if matrix is None:
            return None, (None, None, self._too_few_rows(label))
        try:
            return ldl_decomposition(matrix), None
        except SingularMatrixError as error:
            return None, (error.index, error.coefficients, self._singular_message(label, error))

    def _covariances(self):
        """{label: Sigma_c} by the ``covariance`` setting (None where n - ddof leaves nothing to divide by)."""
        ddof = self.ddof
        if self.covariance in ("full", "diagonal"):
            matrices = {}
            for label in self.classes_:
                n = self.class_counts_[label]
                if n - ddof <= 0:
                    matrices[label] = None
                    continue
                matrix = covariance_matrix(self.scatter_matrices_[label], n, ddof)  # S_c / (n_c - ddof)
                matrices[label] = keep_diagonal(matrix) if self.covariance == "diagonal" else matrix
            return matrices
        statistics = [self._statistics(label) for label in self.classes_]
        if self.covariance == "shared":
            if self.n_examples_ - ddof * len(self.classes_) <= 0:
                return {label: None for label in self.classes_}
            shared = pooled_covariance(
                [scatter for _, _, scatter in statistics], [n for n, _, _ in statistics], ddof
            )
        else:  # "total"
            if self.n_examples_ - ddof <= 0:
                return {label: None for label in self.classes_}
            shared = total_covariance(statistics, ddof)
        return {label: shared for label in self.classes_}  # one matrix, the same for every class

    def _too_few_rows(self, label):
        if self.covariance in ("full", "diagonal"):
            return (
                f"class {label!r} has {self.class_counts_[label]} row, and ddof={self.ddof} divides its "
                f"scatter by n - {self.ddof} = 0; use ddof=0, or train on more rows of the class"
            )
        return (
            f"{self.n_examples_} training rows, and ddof={self.ddof} leaves nothing to divide the "
            "scatter by; use ddof=0, or train on more rows"
        )

    def _singular_message(self, label, error):
        """Say which feature made Sigma singular, and why, in the words of the features."""
        if self.n_columns_ is None:  # dict rows: the features' own names
            names, quoted = [str(feature) for feature in self.features_], [repr(f) for f in self.features_]
        else:  # list rows: x[0], x[1], ...
            names = quoted = [f"x[{column}]" for column in self.features_]
        j, coefficients = error.index, error.coefficients
        feature, quoted_feature = names[j], quoted[j]
        per_class = self.covariance in ("full", "diagonal")
        if per_class:
            mean = self.mean_vectors_[label]
            rows_of = f"every training row of class {label!r}"
            matrix = f"the covariance matrix of class {label!r}"
        elif self.covariance == "total":
            _, mean, _ = self._total_statistics()
            rows_of, matrix = "every training row", "the total covariance matrix"
        else:
            mean, rows_of, matrix = None, "every training row", "the shared covariance matrix"
        if not any(coefficients):
            if mean is None:
                what = f"the feature {quoted_feature} does not vary within any class (each class has one value of it)"
            else:
                what = f"the feature {quoted_feature} does not vary: {rows_of} has {feature} = {coefficient_text(mean[j])}"
        else:
            constant = None if mean is None else mean[j] - add_up(c * m for c, m in zip(coefficients, mean))
            equation = combination_text(names, coefficients, constant)
            what = (
                f"the feature {quoted_feature} is a linear combination of the features before it: "
                f"{feature} = {equation} on {rows_of}"
            )
        message = (
            f"{matrix} is singular, so there is no Gaussian density: {what}. Drop the feature "
            f"{quoted_feature}" + ("" if not any(coefficients) else " (or one that it depends on)")
        )
        if per_class and self.class_counts_[label] <= len(names):
            message += (
                f"; class {label!r} has only {self.class_counts_[label]} rows for {len(names)} features, "
                f"and a full covariance matrix needs at least {len(names) + 1}: train on more rows, or "
                "use covariance='shared' or 'diagonal'"
            )
        return message

    def _total_statistics(self):
        merged = (0, None, None)
        for label in self.classes_:
            merged = merge_scatter(merged, self._statistics(label))
        return merged

    def _raise_problem(self, label):
        index, coefficients, message = self.covariance_problems_[label]
        if index is None:
            raise ValueError(message)
        raise SingularMatrixError(index, coefficients, message)

    def _check_densities(self):
        """Raise the first class's problem, if any covariance matrix could not be factored."""
        for label in self.classes_:
            if label in self.covariance_problems_:
                self._raise_problem(label)

    # ------------------------------------------------------------------
    # One row, step by step
    # ------------------------------------------------------------------

    def _log_likelihood_terms(self, x):
        """Three Terms, each for every class: -(d/2) log 2 pi, -(1/2) log det Sigma_c, -(1/2) the quadratic form."""
        if self.covariance_problems_:
            self._check_densities()  # (raises the first class's problem)
        constants, log_dets, distances = [], [], []
        for mean, lower, pivots, log_det in self.density_lookups_:
            deviation = [value - m for value, m in zip(x, mean)]  # x - mu_c
            try:
                squared_distance = quadratic_form((lower, pivots), deviation)  # (x - mu_c)^T Sigma_c^-1 (x - mu_c)
            except (OverflowError, ValueError):  # math.fsum past the largest float, or inf - inf on the way
                squared_distance = math.inf
            if math.isinf(squared_distance):
                raise ValueError(
                    f"the row {x} is so far from every class's mean that its squared distance overflows a "
                    "float; check its values (a mistake in their units?)"
                )
            constant, log_det_term, distance_term = log_density_terms(len(x), log_det, squared_distance)
            constants.append(constant)
            log_dets.append(log_det_term)
            distances.append(distance_term)
        return [
            Term("constant", "-(d/2) log 2pi", len(x), tuple(constants)),
            Term("log det", "-(1/2) log det Sigma_c", "", tuple(log_dets)),
            Term("distance", "-(1/2) (x-mu_c)' Sigma_c^-1 (x-mu_c)", "", tuple(distances)),
        ]

    def _ignored_features(self, x):
        return {}  # every row has every feature

    # ------------------------------------------------------------------
    # The linear form of LDA
    # ------------------------------------------------------------------

    def linear_form(self, positive=None, negative=None):
        """The log-odds log P(positive | x) - log P(negative | x) = w^T x + b, as a ``LinearForm``.

        Only a shared covariance ("shared" or "total") makes the log-odds
        linear in x.  With two classes the defaults are the second class
        against the first (``classes_[1]`` against ``classes_[0]``).
        ``bias`` is -(1/2) w^T (mu_0 + mu_1), exact when the means are.
        """
        self._check_linear()
        positive, negative = two_classes(self.classes_, positive, negative)
        index = self.classes_.index
        weights, bias, log_prior_ratio = linear_discriminant(
            self.mean_vectors_[negative],
            self.mean_vectors_[positive],
            self.ldl_factors_[positive],
            self.log_priors_[index(negative)],
            self.log_priors_[index(positive)],
        )
        return LinearForm(positive, negative, dict(zip(self.features_, weights)), bias, log_prior_ratio)

    def softmax_form(self):
        """P(c | x) = softmax_c(w_c^T x + b_c), w_c = Sigma^-1 mu_c, b_c = -(1/2) mu_c^T Sigma^-1 mu_c + log P(c).

        The terms of log P(x, c) that every class shares, -(1/2) x^T Sigma^-1 x
        among them, cancel in the softmax (docs/logistic-form.md).
        """
        self._check_linear()
        weights, biases = {}, {}
        for label in self.classes_:
            class_weights, bias = lda_class_weights(self.mean_vectors_[label], self.ldl_factors_[label])
            weights[label] = dict(zip(self.features_, class_weights))
            biases[label] = bias
        return SoftmaxForm(self.classes_, weights, biases, dict(zip(self.classes_, self.log_priors_)))

    def _check_linear(self):
        """The checks of ``linear_form`` and ``softmax_form``: fitted, one shared covariance, with a factor."""
        self._check_can_predict()
        if self.covariance not in ("shared", "total"):
            raise ValueError(
                f"with covariance={self.covariance!r} every class has its own covariance matrix, so the "
                "log-odds is quadratic in x, not linear; a linear form needs covariance='shared' or 'total'"
            )
        self._check_densities()

    # ------------------------------------------------------------------
    # A generative model: drawing rows, filling in missing values (docs/generative.md)
    # ------------------------------------------------------------------

    def _sampling_tables(self):
        """{label: (mu_c, L, pivots) as floats}, after checking that every covariance matrix has a factor."""
        self._check_densities()
        return {
            label: (mean, lower, pivots)
            for label, (mean, lower, pivots, _) in zip(self.classes_, self.density_lookups_)
        }

    def _draw_example(self, label, tables, generator):
        """A row drawn from N(mu_c, Sigma_c), as a dict, or a list when the training rows were lists."""
        x = multivariate_normal_draw(generator, *tables[label])
        if self.n_columns_ is None:
            return dict(zip(self.features_, x))
        return x

    def impute(self, row, distribution=False):
        """The row with every missing value filled in with its mean given the observed values, all features together.

        For each class, the observed values x_o give the density
        N(x_o; mu_o, Sigma_oo) (the marginal of the class's normal) and so the
        posterior P(c | x_o); each missing feature's value given x_o is normal
        with the mean and variance of ``conditional_normal``.  The value filled
        in is the mean of the mixture over the classes; ``distribution=True``
        gives {feature: {"mean": ..., "variance": ...}} for the missing features.
        """
        self._check_can_predict()
        self._check_one_example(row, "impute")
        self._check_densities()
        values = present_values(row, "the row")
        for feature, value in values.items():
            if feature not in self.features_:
                raise ValueError(
                    f"the row has the feature {feature!r}, which training never saw; the model's "
                    f"features are {self.features_}"
                )
            values[feature] = check_measurement(feature, value, "the row", MEASUREMENT_KIND)
        observed = [j for j, feature in enumerate(self.features_) if feature in values]  # o
        x_observed = [values[self.features_[j]] for j in observed]  # x_o
        log_joint, conditionals = {}, []
        for label, log_prior in zip(self.classes_, self.log_priors_):
            mean, matrix = self.mean_vectors_[label], self.covariance_matrices_[label]
            factor = ldl_decomposition([[matrix[i][k] for k in observed] for i in observed])  # Sigma_oo = L D L^T
            deviation = [x - mean[j] for x, j in zip(x_observed, observed)]
            terms = log_density_terms(len(observed), log_determinant(factor[1]), quadratic_form(factor, deviation))
            log_joint[label] = log_prior + math.fsum(terms)  # log P(c) + log N(x_o; mu_o, Sigma_oo)
            conditionals.append(conditional_normal(mean, matrix, observed, x_observed, factor))
        posterior = log_posterior(log_joint)
        weights = [math.exp(posterior[label]) for label in self.classes_]  # P(c | x_o)
        predicted = {}
        for j, feature in enumerate(self.features_):
            if j not in observed:
                means = [per_class[j][0] for per_class in conditionals]
                variances = [per_class[j][1] for per_class in conditionals]
                mean, variance = mixture_mean_variance(weights, means, variances)
                predicted[feature] = {"mean": mean, "variance": variance}
        if distribution:
            return predicted
        filled = {
            feature: values[feature] if feature in values else predicted[feature]["mean"] for feature in self.features_
        }
        if row_width(row) is None:
            return filled
        return [filled[column] for column in self.features_]

    def _table_peeks(self):
        """The features, and a peek at each class's mean vector and covariance matrix."""
        peeks = [("features_", f"{len(self.features_)} features", peek(self.features_))]
        for label in self.classes_:
            peeks.append((f"mean_vectors_[{label!r}]", f"{len(self.features_)} means", peek(self.mean_vectors_[label])))
            peeks.append((f"covariance_matrices_[{label!r}]", f"{len(self.features_)} x {len(self.features_)}", peek(self.covariance_matrices_.get(label, []))))
        return peeks
