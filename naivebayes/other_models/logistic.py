"""Logistic regression: the model class of naive Bayes' linear form, fitted by the other objective.

Naive Bayes with a linear form (docs/logistic-form.md) predicts with

    P(c | x) = exp(w_c^T x + b_c) / sum_k exp(w_k^T x + b_k),

and picks w and b by counting: the joint likelihood sum_i log P(x_i, y_i).
Logistic regression keeps the same form and picks w and b to maximise the
*conditional* likelihood sum_i log P(y_i | x_i), less an L2 penalty.  There
is no closed form, so this file holds the objective, its gradient, and the
optimiser, each a small function (docs/logistic-regression.md derives them):

1. ``examples_of`` -- x for every row, as {column: x_j}: a number is its own
   column, a category v of feature j the one-hot column (j, v) (x_(j,v) = 1);
   checked a row at a time, and ``sparse_vectors`` stores each x as the
   columns where x_j is not 0;
2. ``class_scores`` -- s_c = w_c^T x + b_c for every scored class;
3. ``example_loss`` -- -log P(y | x) = log sum_k exp(s_k) - s_y;
4. ``objective_and_gradient`` -- J = C sum_i -log P(y_i | x_i) + (1/2) sum w^2,
   and its gradient C sum_i (P(c | x_i) - [y_i = c]) x_i + w_c, scaled by
   1 / (C n) as scikit-learn scales it;
5. ``lbfgs_direction`` and ``enough_decrease`` -- L-BFGS with a backtracking
   (Armijo) line search, the quasi-Newton method scikit-learn's ``lbfgs``
   solver uses.

``C`` is scikit-learn's: the inverse strength of the penalty, so a large C
is a weak penalty.  With two classes there is one weight vector, for
``classes_[1]`` against ``classes_[0]`` (the sigmoid), as in scikit-learn;
with K > 2 there is one per class (the softmax).  The biases are not
penalised.

Why L-BFGS: plain gradient descent needs a step size that suits the worst
direction of the problem and then crawls along the others (hundreds to
thousands of passes over the data on one-hot census rows); Newton's method
converges in a handful of steps but needs the d x d Hessian of every pass.
L-BFGS builds a Newton-like step from the last ten steps and gradient
changes alone, at the cost of a few vector products per pass.

On the two points (1 -> "a", 3 -> "b"), with C = 1, the weight balances the
penalty against the loss:

>>> model = LogisticRegression(C=1.0).fit([[1.0], [3.0]], ["a", "b"])
>>> model.classes_, model.n_iter_ < 30
(['a', 'b'], True)
>>> round(model.coef_["b"][0], 5), round(model.intercept_["b"], 5)
(0.67483, -1.34966)
>>> model.predict([[0.5], [3.5]])
['a', 'b']
>>> {label: round(p, 4) for label, p in model.predict_proba([[2.0]])[0].items()}
{'a': 0.5, 'b': 0.5}
"""

import math
import operator

from naivebayes.core.bayes import sigmoid
from naivebayes.plumbing.checks import (
    CheckedSetting,
    LARGEST_FLOAT,
    NotFittedError,
    check_labels,
    is_missing,
    is_number,
    label_objects,
    plain_value,
    sorted_labels,
    warn_from_caller,
)
from naivebayes.naive_bayes.base import TABLES_LOCK
from naivebayes.naive_bayes.categorical import check_hashable
from naivebayes.naive_bayes.explanation import Explanation
from naivebayes.naive_bayes.linear_form import LinearForm, SoftmaxForm, softmax
from naivebayes.plumbing.display import Score, html_table
from naivebayes.tables.rows import (
    by_position_message,
    check_fits_float,
    check_rows,
    no_features_message,
    present_values,
    row_width,
)

__all__ = [
    "LogisticRegression",
    "class_scores",
    "example_loss",
    "objective_and_gradient",
    "binary_objective_and_gradient",
    "lbfgs_direction",
    "enough_decrease",
]

LBFGS_MEMORY = 10  # the (step, gradient change) pairs L-BFGS remembers, as scipy's default
ARMIJO = 1e-4  # a step must lower f by at least this share of what the slope promises
SMALLEST_STEP = 1e-20  # a line search that needs a shorter step has reached the rounding of f
F_TOLERANCE = 64 * 2.0 ** -52  # stop when a step lowers f by less than this share: scikit-learn's ftol


# ---------------------------------------------------------------------------
# x: a row as the vector the weights multiply
# ---------------------------------------------------------------------------


def examples_of(rows, name="X"):
    """[x for every row], x as {column: x_j}: a number is x_j itself (column j), a category v is x_(j,v) = 1.

    Missing values (None, NaN, a feature not in a dict row) are left out, so
    they add nothing to w^T x, as for the linear form of naive Bayes.  Each
    row is checked as it is read: a plain int, float, str or bool is decided
    by its type, and only an unusual value (a numpy scalar, a Fraction,
    pandas' NA) is looked at by ``unusual_value``.

    >>> examples_of([{"age": 39, "sex": "Male", "job": None}, [1.5, "a"]])
    [{'age': 39.0, ('sex', 'Male'): 1.0}, {0: 1.5, (1, 'a'): 1.0}]
    """
    examples = []
    for i, row in enumerate(rows):
        kind = type(row)
        if kind is dict:
            items = row.items()
        elif kind is list or kind is tuple:
            items = enumerate(row)
        else:  # a numpy row, a pandas Series (or not a row: a clear error)
            items = present_values(row, f"{name}[{i}]").items()
        x = {}
        for feature, value in items:
            kind = type(value)
            if kind is float:
                if value != value:  # NaN: missing
                    continue
                if value - value != 0:  # inf - inf is NaN
                    raise not_finite(feature, value, f"{name}[{i}]")
                x[feature] = value
            elif kind is int:
                if abs(value) > LARGEST_FLOAT:
                    check_fits_float(feature, value, f"{name}[{i}]")  # (raises: no float holds it)
                x[feature] = float(value)
            elif kind is str or kind is bool:  # a category (a bool is yes or no, not a number)
                x[(feature, value)] = 1.0
            elif value is not None:
                unusual_value(x, feature, value, f"{name}[{i}]")
        examples.append(x)
    return examples


def unusual_value(x, feature, value, where):
    """Put a value that is not a plain int, float, str or bool into x: a numpy scalar as its Python value, a
    Fraction as a float; a missing one (pandas' NA, a numpy NaN) is left out."""
    value = plain_value(value)
    if is_missing(value):
        return
    if is_number(value):
        value = float(check_fits_float(feature, value, where))
        if not math.isfinite(value):
            raise not_finite(feature, value, where)
        x[feature] = value
    else:
        x[(feature, check_hashable(value, where, feature))] = 1.0


def not_finite(feature, value, where):
    """The error for an infinite value."""
    return ValueError(
        f"{where}: feature {feature!r} is {value}; logistic regression needs finite numbers "
        "(give a missing value as None or NaN, which adds nothing)"
    )


def sparse_vectors(examples, number):
    """Every x as (the column numbers j with x_j != 0, in order, and those x_j): what ``class_scores`` reads.

    ``number`` is {column: j}; a column not in it (one training never saw) is left out.
    """
    vectors = []
    for x in examples:
        pairs = sorted((number[column], x_j) for column, x_j in x.items() if x_j != 0 and column in number)
        vectors.append(([j for j, _ in pairs], [x_j for _, x_j in pairs]))
    return vectors


# ---------------------------------------------------------------------------
# The model: scores, loss, objective and gradient
# ---------------------------------------------------------------------------


# --8<-- [start:eq-logistic-regression-scores]
def class_scores(weights, biases, x):
    """[s_c = w_c^T x + b_c for every scored class c], for a sparse row x = (column numbers j, values x_j).

    Only the columns where x_j is not 0 are stored, so w_c^T x is the sum of
    w_jc x_j over them: ``map`` looks up each w_jc and multiplies, ``sum`` adds.

    Formula: docs/logistic-regression.md#eq-logistic-regression-scores
    """
    columns, values = x
    return [b_c + sum(map(operator.mul, map(w_c.__getitem__, columns), values)) for w_c, b_c in zip(weights, biases)]
# --8<-- [end:eq-logistic-regression-scores]


# --8<-- [start:eq-logistic-regression-loss]
def example_loss(scores, label):
    """-log P(y | x) = log sum_k exp(s_k) - s_y, for the scores of every class and the true class number y.

    The log-sum-exp is taken after subtracting the largest score, so nothing overflows.

    Formula: docs/logistic-regression.md#eq-logistic-regression-loss
    """
    largest = max(scores)
    log_total = largest + math.log(sum([math.exp(s - largest) for s in scores]))
    return log_total - scores[label]
# --8<-- [end:eq-logistic-regression-loss]


def all_scores(scores, binary):
    """The scores of every class: with two classes, class 0's score is fixed at 0 and class 1's is w^T x + b."""
    return [0.0] + scores if binary else scores


# --8<-- [start:eq-logistic-regression-gradient]
def objective_and_gradient(parameters, data, C):
    """(f, the gradient of f) for f = J / (C n), J = C sum_i -log P(y_i | x_i) + (1/2) sum_c |w_c|^2.

    dJ/dw_jc = C sum_i (P(c | x_i) - [y_i = c]) x_ij + w_jc, and dJ/db_c the
    same sum without x_ij (the biases are not penalised).  Dividing J by
    C n (as scikit-learn does) changes no minimum and makes the gradient
    tolerance mean the same for every C and n.  ``data`` is a ``TrainingData``.

    Formula: docs/logistic-regression.md#eq-logistic-regression-gradient
    """
    d, n_scored, n = data.n_columns, data.n_scored, len(data.rows)
    weights = [parameters[c * d:(c + 1) * d] for c in range(n_scored)]
    biases = parameters[n_scored * d:]
    total_loss = 0.0
    residuals = [[0.0] * n for _ in range(n_scored)]  # P(c | x_i) - [y_i = c]
    for i, (x, y) in enumerate(zip(data.rows, data.labels)):
        scores = all_scores(class_scores(weights, biases, x), data.binary)
        total_loss += example_loss(scores, y)
        largest = max(scores)
        exps = [math.exp(s - largest) for s in scores]
        total = sum(exps)
        for c in range(n_scored):
            k = c + 1 if data.binary else c  # the class whose score w_c scores
            residuals[c][i] = exps[k] / total - (y == k)
    penalty = 0.5 * math.fsum(w * w for w in parameters[: n_scored * d])
    scale = 1.0 / (C * n)
    value = scale * (C * total_loss + penalty)
    gradient = []
    for c in range(n_scored):
        r = residuals[c]
        for j in range(d):
            rows_j, values_j = data.columns[j]
            gradient.append(scale * (C * sum(map(operator.mul, map(r.__getitem__, rows_j), values_j))
                                     + weights[c][j]))
    gradient.extend(scale * C * sum(r) for r in residuals)
    return value, gradient
# --8<-- [end:eq-logistic-regression-gradient]


# --8<-- [start:eq-logistic-regression-binary-gradient]
def binary_objective_and_gradient(parameters, data, C):
    """``objective_and_gradient`` for two classes, written with one score per row: z_i = w^T x_i + b.

    P(classes_[1] | x_i) = sigmoid(z_i), the residual is sigmoid(z_i) - y_i,
    and -log P(y_i | x_i) is log(1 + e^-z_i) for y_i = 1 and log(1 + e^z_i)
    for y_i = 0, written as ``softplus`` so that exp never overflows.  The
    same (f, gradient) as the K-class formula with class 0's score at 0.

    Formula: docs/logistic-regression.md#eq-logistic-regression-binary-gradient
    """
    d, n = data.n_columns, len(data.rows)
    w, b = parameters[:d], parameters[d]
    total_loss = 0.0
    residuals = [0.0] * n  # P(classes_[1] | x_i) - y_i
    for i, ((columns, values), y) in enumerate(zip(data.rows, data.labels)):
        z = b + sum(map(operator.mul, map(w.__getitem__, columns), values))
        residuals[i] = sigmoid(z) - y
        total_loss += softplus(-z if y else z)
    scale = 1.0 / (C * n)
    value = scale * (C * total_loss + 0.5 * math.fsum(w_j * w_j for w_j in w))
    gradient = [scale * (C * sum(map(operator.mul, map(residuals.__getitem__, rows_j), values_j)) + w_j)
                for (rows_j, values_j), w_j in zip(data.columns, w)]
    gradient.append(scale * C * sum(residuals))
    return value, gradient
# --8<-- [end:eq-logistic-regression-binary-gradient]


def softplus(z):
    """log(1 + e^z), without overflow for a large z."""
    return z + math.log1p(math.exp(-z)) if z > 0 else math.log1p(math.exp(z))


class TrainingData:
    """The training rows as the objective reads them.

    * ``rows`` -- each row sparse, (its column numbers j with x_j != 0, those x_j);
    * ``labels`` -- each row's class number;
    * ``columns`` -- for every column j, (the rows i with x_ij != 0, their x_ij): the sums over i of the gradient;
    * ``n_scored`` -- the classes with weights: 1 with two classes (class 0 scores 0), else K;
    * ``binary`` -- whether there are two classes.
    """

    def __init__(self, rows, labels, n_columns, n_classes):
        self.rows = rows
        self.labels = labels
        self.n_columns = n_columns
        self.binary = n_classes == 2
        self.n_scored = 1 if self.binary else n_classes
        columns = [([], []) for _ in range(n_columns)]
        for i, (row_columns, row_values) in enumerate(rows):
            for j, x_j in zip(row_columns, row_values):
                columns[j][0].append(i)
                columns[j][1].append(x_j)
        self.columns = columns


# ---------------------------------------------------------------------------
# The optimiser: L-BFGS with a backtracking line search
# ---------------------------------------------------------------------------


def dot(a, b):
    """a^T b, exactly rounded."""
    return math.fsum(map(operator.mul, a, b))


# --8<-- [start:eq-lbfgs-direction]
def lbfgs_direction(gradient, steps, changes):
    """d = -H g: the L-BFGS step direction, H the inverse-Hessian estimate from the steps s_k and changes y_k.

    The two-loop recursion (Nocedal and Wright, *Numerical Optimization*,
    algorithm 7.4): H is never built, only applied.  It starts from
    H_0 = (s^T y / y^T y) I with the newest pair; with no pair yet, from
    I / |g|, so that the first step is 1 long.

    Formula: docs/logistic-regression.md#eq-lbfgs-direction
    """
    q = list(gradient)
    alphas = []
    for s, y in reversed(list(zip(steps, changes))):  # the newest pair first
        rho = 1.0 / dot(y, s)
        alpha = rho * dot(s, q)
        q = [q_i - alpha * y_i for q_i, y_i in zip(q, y)]
        alphas.append((rho, alpha, s, y))
    if steps:
        gamma = dot(steps[-1], changes[-1]) / dot(changes[-1], changes[-1])
    else:
        gamma = 1.0 / max(math.sqrt(dot(gradient, gradient)), 1e-300)
    r = [gamma * q_i for q_i in q]
    for rho, alpha, s, y in reversed(alphas):  # the oldest pair first
        beta = rho * dot(y, r)
        r = [r_i + (alpha - beta) * s_i for r_i, s_i in zip(r, s)]
    return [-r_i for r_i in r]
# --8<-- [end:eq-lbfgs-direction]


# --8<-- [start:eq-armijo]
def enough_decrease(new_value, value, step, slope):
    """f(theta + t d) <= f(theta) + c_1 t g^T d: the step t lowers f by at least c_1 of what the slope promises.

    Formula: docs/logistic-regression.md#eq-armijo
    """
    return new_value <= value + ARMIJO * step * slope
# --8<-- [end:eq-armijo]


def shorter_step(step, value, new_value, slope):
    """The next step to try after ``step`` failed: the minimum of the parabola through f(0), f'(0) and f(step).

    Kept within [step / 10, step / 2], so that the search neither stalls nor jumps past where it was.
    """
    curvature = new_value - value - slope * step  # > 0 when the step failed
    best = -slope * step * step / (2 * curvature) if curvature > 0 else step / 2
    return min(max(best, step / 10), step / 2)


def minimise_lbfgs(objective, data, C, start, tol, max_iter):
    """Minimise f = ``objective(theta, data, C)`` (which gives (f, gradient)) from ``start``: (theta, f, iterations, converged).

    Each iteration: stop if every partial derivative is at most ``tol``, or
    if the last step lowered f by no more than ``F_TOLERANCE`` of its size
    (the rounding of f, as scikit-learn tells scipy; that stop counts as
    converged when every partial derivative is at most sqrt(tol), and
    otherwise means the features' scale defeats the arithmetic); else take the L-BFGS
    direction d, shorten the step t from 1 until f falls enough, and
    remember (s, y) = (t d, the change of the gradient), keeping the last
    ``LBFGS_MEMORY`` pairs with s^T y > 0 (H must stay positive definite).
    """
    theta = list(start)
    value, gradient = objective(theta, data, C)
    steps, changes = [], []
    for iteration in range(max_iter):
        if max(map(abs, gradient)) <= tol:
            return theta, value, iteration, True
        direction = lbfgs_direction(gradient, steps, changes)
        slope = dot(gradient, direction)
        if slope >= 0:  # not a descent direction (rounding): start the memory again
            steps, changes = [], []
            direction = lbfgs_direction(gradient, steps, changes)
            slope = dot(gradient, direction)
        step = 1.0
        while True:
            candidate = [t + step * d for t, d in zip(theta, direction)]
            new_value, new_gradient = objective(candidate, data, C)
            if enough_decrease(new_value, value, step, slope):
                break
            step = shorter_step(step, value, new_value, slope)
            if step < SMALLEST_STEP:  # f cannot be lowered any more at this precision
                return theta, value, iteration, max(map(abs, gradient)) <= math.sqrt(tol)
        s = [a - b for a, b in zip(candidate, theta)]
        y = [a - b for a, b in zip(new_gradient, gradient)]
        if dot(s, y) > 0:
            steps.append(s)
            changes.append(y)
            if len(steps) > LBFGS_MEMORY:
                del steps[0], changes[0]
        decrease = value - new_value
        theta, value, gradient = candidate, new_value, new_gradient
        if decrease <= F_TOLERANCE * max(abs(value), abs(value + decrease), 1.0):
            # at the rounding of f: a minimum if the gradient is small too (far from one, it is a scale problem)
            return theta, value, iteration + 1, max(map(abs, gradient)) <= math.sqrt(tol)
    return theta, value, max_iter, max(map(abs, gradient)) <= tol


# ---------------------------------------------------------------------------
# The classifier
# ---------------------------------------------------------------------------


def check_regression_settings(C, max_iter, tol):
    """(C, max_iter, tol) checked: C and tol positive numbers a float can hold, max_iter a whole number >= 1."""
    for name, value, hint in (
        ("C", C, "the inverse strength of the penalty, as in scikit-learn; 1.0 is the default"),
        ("tol", tol, "the largest partial derivative allowed at the end, such as 1e-6"),
    ):
        kind = type(value)
        number = kind is float or kind is int or kind is not bool and is_number(value)
        try:
            as_float = float(value) if number else math.nan
        except (OverflowError, ValueError, TypeError):  # (10**400: too large for a float)
            as_float = math.inf
        if not math.isfinite(as_float) or as_float <= 0:
            raise ValueError(
                f"{name}={setting_shown(value)}; it must be a positive, finite number that a float can hold "
                f"(at most about 1.8e308): {hint}"
            )
    if type(max_iter) is not int or not 1 <= max_iter <= MAX_ITER_LIMIT:
        raise ValueError(
            f"max_iter={setting_shown(max_iter)}; it must be a whole number from 1 to {MAX_ITER_LIMIT} "
            f"(at most this many L-BFGS iterations)"
        )
    return float(C), max_iter, float(tol)


MAX_ITER_LIMIT = 2**63 - 1  # (as a C long: a model file keeps max_iter as a JSON number)


def setting_shown(value):
    """A setting's value for a message: its repr, shortened (a whole number of 400 digits by its size)."""
    if type(value) is int and value.bit_length() > 200:
        return f"a whole number of about {round(value.bit_length() * math.log10(2))} digits"  # (no huge repr)
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class LogisticRegression:
    """Multinomial logistic regression with an L2 penalty, fitted by L-BFGS (docs/logistic-regression.md).

    * ``C`` -- the inverse strength of the L2 penalty (scikit-learn's C; default 1.0);
    * ``max_iter`` -- at most this many L-BFGS iterations (default 1000);
    * ``tol`` -- stop when every partial derivative of J / (C n) is at most this (default 1e-6).

    Rows are dicts or lists, as for the table models (numpy arrays and
    pandas frames too): a number is a column of its own, any other value
    (a string, a bool) a category, one-hot encoded as the column
    (feature, value).  A missing value adds nothing.

    After ``fit``: ``classes_``; ``columns_`` (the columns of x, in order);
    ``coef_`` {label: {column: w_jc}} and ``intercept_`` {label: b_c} for the
    scored classes (with two classes only ``classes_[1]``, whose score is
    w^T x + b against 0 for ``classes_[0]``); ``n_iter_``; ``objective_``
    (J / (C n) at the end); ``converged_``.
    """

    def __init__(self, C=1.0, max_iter=1000, tol=1e-6):
        check_regression_settings(C, max_iter, tol)  # a wrong setting is refused here, not at fit
        self.C = C
        self.max_iter = max_iter
        self.tol = tol

    settings = ("C", "max_iter", "tol")
    C = CheckedSetting("C")
    max_iter = CheckedSetting("max_iter")
    tol = CheckedSetting("tol")

    def get_params(self):
        """The settings, as ``{name: value}``: what ``type(model)(**model.get_params())`` is made again from."""
        return {name: getattr(self, name) for name in self.settings}

    def set_params(self, **settings):
        """Change settings by name (``model.set_params(C=10)``); returns the model.

        All the new values are checked before any is kept: a refused value
        changes nothing.  As in scikit-learn, a fitted model keeps its weights
        until the next ``fit``.
        """
        unknown = [name for name in settings if name not in self.settings]
        if unknown:
            raise ValueError(
                f"LogisticRegression has no setting {unknown[0]!r}; its settings are {', '.join(self.settings)}"
            )
        merged = {**self.get_params(), **settings}
        check_regression_settings(merged["C"], merged["max_iter"], merged["tol"])
        for name, value in settings.items():
            setattr(self, name, value)
        return self

    def __repr__(self):
        head = f"LogisticRegression(C={self.C!r}, max_iter={self.max_iter!r}, tol={self.tol!r})"
        if not hasattr(self, "classes_"):
            return head
        return (f"{head}, fitted: classes={self.classes_!r}, {len(self.columns_)} columns, "
                f"{self.n_iter_} iterations, J/(Cn)={self.objective_:.6g}")

    def _repr_html_(self):
        """A notebook shows the same text as ``repr``, in a one-cell table."""
        return html_table(["model"], [[repr(self)]])

    # -- training ------------------------------------------------------------

    def fit(self, X, y):
        """Learn w and b from rows ``X`` and labels ``y``; returns the model."""
        C, max_iter, tol = check_regression_settings(self.C, self.max_iter, self.tol)
        rows = check_rows(X)
        labels = check_labels(y, len(rows), noun="row")
        if not rows:
            raise ValueError("X has no rows; logistic regression needs at least one row of each of two classes")
        classes = sorted_labels(set(labels))
        if len(classes) < 2:
            raise ValueError(f"every label is {classes[0]!r}; logistic regression needs at least two classes")
        examples = examples_of(rows)  # x_i, each row checked
        columns, names, n_columns = training_columns(rows, examples)
        number = {column: j for j, column in enumerate(columns)}
        class_number = {label: k for k, label in enumerate(classes)}
        data = TrainingData(
            sparse_vectors(examples, number),
            [class_number[label] for label in labels],
            len(columns),
            len(classes),
        )
        start = [0.0] * (data.n_scored * (data.n_columns + 1))
        objective = binary_objective_and_gradient if data.binary else objective_and_gradient
        theta, value, iterations, converged = minimise_lbfgs(objective, data, C, start, tol, max_iter)
        if not all(math.isfinite(t) for t in theta) or not math.isfinite(value):
            raise ValueError(
                "the fit overflowed (a weight or the objective is not a finite number): the numeric features "
                "are too large; rescale them, such as to [0, 1], and fit again"
            )
        if not converged:
            warn_from_caller(
                f"L-BFGS stopped after {iterations} iterations with a partial derivative above tol={tol}; "
                "raise max_iter, or rescale large numeric features (such as to [0, 1])"
            )
        scored = classes[1:] if data.binary else classes
        d = data.n_columns
        # Everything is computed; only now does the model change.
        with TABLES_LOCK:  # (a prediction in another thread sees the old model or the new one, whole)
            self.classes_ = classes
            self.columns_ = columns
            self.named_features_ = names  # the names of dict rows (None for list rows), to refuse rows by position
            self.n_columns_ = n_columns  # the width of list rows (None for dict rows)
            self.label_objects_ = label_objects(y, labels)  # {class: the user's own object for it}, when not a plain value
            self.coef_ = {label: dict(zip(columns, theta[c * d:(c + 1) * d])) for c, label in enumerate(scored)}
            self.intercept_ = {label: theta[len(scored) * d + c] for c, label in enumerate(scored)}
            self.n_iter_ = iterations
            self.objective_ = value
            self.converged_ = converged
            # the lookup tables prediction reads: w_c as a list in column order, and b_c
            self.column_numbers_ = number
            self.numeric_features_ = {column for column in columns if type(column) is not tuple}
            self.weight_rows_ = [theta[c * d:(c + 1) * d] for c in range(len(scored))]
            self.bias_row_ = theta[len(scored) * d:]
        return self

    # -- prediction ----------------------------------------------------------

    def _check_fitted(self):
        if not hasattr(self, "classes_"):
            raise NotFittedError("this LogisticRegression is not fitted yet; call fit(X, y) first")

    def _vectors(self, X):
        """Every row of X as the sparse x that ``class_scores`` reads, after the checks (made once, here)."""
        self._check_fitted()
        rows = check_rows(X)
        examples = examples_of(rows)
        self._check_like_training(rows, examples)
        return sparse_vectors(examples, self.column_numbers_)  # (columns training never saw add nothing)

    def _check_like_training(self, rows, examples):
        """Rows of the form training had (dicts by name, or lists of its width), numbers where it had numbers."""
        names, n_columns = self.named_features_, self.n_columns_
        by_name = names is not None and names != list(range(len(names)))
        for i, row in enumerate(rows):
            kind = type(row)
            width = None if kind is dict else len(row) if kind is list or kind is tuple else row_width(row)
            if width is None:
                continue
            if by_name:  # trained by name: a row by position cannot match
                raise ValueError(by_position_message(f"X[{i}]", width, names))
            if n_columns is not None and width != n_columns:
                raise ValueError(
                    f"X[{i}] has {width} values, but the model's rows have {n_columns}; every list row "
                    "needs one value per column (None for a missing one)"
                )
        numeric = self.numeric_features_
        for i, x in enumerate(examples):
            for column in x:
                if type(column) is tuple and column[0] in numeric:
                    raise ValueError(
                        f"X[{i}] has the category {column[1]!r} for {column[0]!r}, a numeric feature in "
                        "training; give it a number"
                    )

    def _all_scores(self, x):
        """[s_c for every class]: ``class_scores`` of the sparse x (with two classes, class 0's score is 0)."""
        return all_scores(class_scores(self.weight_rows_, self.bias_row_, x), len(self.classes_) == 2)

    def predict_proba(self, X):
        """[{label: P(c | x)} for every row]: the softmax (the sigmoid with two classes) of the scores."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            return [softmax(dict(zip(self.classes_, self._all_scores(x)))) for x in self._vectors(X)]

    def predict(self, X):
        """[the class of the highest score, for every row] (the first in ``classes_`` wins a tie)."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            predictions = []
            for x in self._vectors(X):
                scores = self._all_scores(x)
                predictions.append(self.classes_[scores.index(max(scores))])
            objects = self.label_objects_
            if objects:  # the labels as the user gave them (such as numpy scalars)
                return [objects.get(label, label) for label in predictions]
            return predictions

    def score(self, X, y):
        """The accuracy on rows ``X`` with true labels ``y``: the share predicted right, an exact fraction as
        the naive Bayes models give it (printed as 0.9667)."""
        predictions = self.predict(X)
        labels = check_labels(y, len(predictions), noun="row")
        if not labels:
            raise ValueError("X has no rows; the accuracy of nothing is undefined")
        return Score(sum(p == t for p, t in zip(predictions, labels)), len(labels))

    def explain(self, example, top=None, classes=None):
        """The scores behind one prediction, as an ``Explanation`` table: what ``predict`` adds up, row by row.

        A row per column j with x_j != 0 holds w_cj and the term w_cj x_j
        for every class; the bias row holds b_c; the sum is the score
        s_c = w_c^T x + b_c, and the posterior is the softmax of the scores.
        Logistic regression has no prior, so the prior row's log term is 0.
        With two classes ``classes_[0]`` scores 0 throughout.  The row after
        the terms holds the score s_c (logistic regression has no joint
        probability).  ``top`` and ``classes`` are the naive Bayes models'
        (docs/explain.md): the k rows that matter most, the classes shown.
        """
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_fitted()
            if isinstance(example, (list, tuple)) and example and all(isinstance(v, (dict, list, tuple)) for v in example):
                raise TypeError(
                    f"explain takes one row, but this is a list of {len(example)} rows, the form predict wants; "
                    "pass the row itself: model.explain(row)"
                )
            (x,) = self._vectors([example])
            scores = self._all_scores(x)  # the very scores predict compares
            ignored = {
                column[0] if type(column) is tuple else column: "unseen"
                for column in examples_of([example])[0]
                if column not in self.column_numbers_
            }
            n_classes = len(self.classes_)
            rows = self.weight_rows_ if n_classes > 2 else [[0.0] * len(self.columns_)] + self.weight_rows_
            biases = self.bias_row_ if n_classes > 2 else [0.0] + self.bias_row_
            columns, values = x
            terms, weights = [], []
            for j, x_j in zip(columns, values):
                column = self.columns_[j]
                feature, value = (column, x_j) if type(column) is not tuple else column
                terms.append(LinearTerm("weight", feature, value, [w_c[j] * x_j for w_c in rows]))
                weights.append([w_c[j] for w_c in rows])
            terms.append(LinearTerm("bias", "", 1, list(biases)))
            weights.append(list(biases))
            return Explanation.from_terms(
                model="logistic regression",
                noun="term",
                classes=self.classes_,
                prior=None,
                log_prior=None,  # (no prior row: the score has none)
                terms=terms,
                likelihoods=weights,
                ignored=ignored,
                joint=dict(zip(self.classes_, scores)),
                holds="weight",
                top=top,
                shown_classes=classes,
            )

    # -- the linear form, to set beside naive Bayes' --------------------------

    def _encoding(self):
        kinds = {isinstance(column, tuple) for column in self.columns_}
        if kinds == {True}:
            return "one-hot"
        if kinds == {False}:
            return "values"
        raise ValueError(
            "this model has numeric and one-hot columns, and a LinearForm holds one kind of x; "
            "read coef_ and intercept_ instead"
        )

    def linear_form(self, positive=None, negative=None):
        """The log-odds w^T x + b of two classes as a ``LinearForm``, as naive Bayes' ``linear_form()`` gives it.

        With two classes the weights are ``coef_[classes_[1]]``; with more,
        ``w_positive - w_negative``.  The whole intercept is in ``bias``
        (logistic regression has no separate prior: ``log_prior_ratio`` is 0).
        """
        self._check_fitted()
        encoding = self._encoding()
        if positive is None and negative is None:
            if len(self.classes_) != 2:
                raise ValueError(f"the model has {len(self.classes_)} classes; name the two to compare")
            negative, positive = self.classes_
        for label in (positive, negative):
            if label not in self.classes_:
                raise KeyError(f"{label!r} is not a class of this model; its classes are {self.classes_}")
        zero = dict.fromkeys(self.columns_, 0.0)
        w_pos, w_neg = self.coef_.get(positive, zero), self.coef_.get(negative, zero)
        weights = {column: w_pos[column] - w_neg[column] for column in self.columns_}
        bias = self.intercept_.get(positive, 0.0) - self.intercept_.get(negative, 0.0)
        return LinearForm(positive, negative, weights, bias, 0.0, encoding=encoding)

    def softmax_form(self):
        """Every class's scores w_c^T x + b_c as a ``SoftmaxForm`` (class 0 at w = 0, b = 0 with two classes)."""
        self._check_fitted()
        encoding = self._encoding()
        zero = dict.fromkeys(self.columns_, 0.0)
        weights = {label: dict(self.coef_.get(label, zero)) for label in self.classes_}
        biases = {label: self.intercept_.get(label, 0.0) for label in self.classes_}
        return SoftmaxForm(self.classes_, weights, biases, dict.fromkeys(self.classes_, 0.0), encoding=encoding)


class LinearTerm:
    """One row of ``explain``: a column's feature and value, and per class its term w_cj x_j (or the bias b_c)."""

    def __init__(self, step, feature, value, log_terms):
        self.step = step
        self.feature = feature
        self.value = value
        self.log_terms = log_terms


def training_columns(rows, examples):
    """(the columns of x in a fixed order, the feature names of dict rows, the width of list rows).

    The columns: numbers first by feature, then the one-hot columns, sorted
    where possible.  The names are those of dict rows in the order first seen
    (None when the rows are lists, read by position); the width is None for
    dict rows.  Rows of two widths or two forms, a feature with numbers and
    categories, or no columns at all are clear errors.
    """
    widths = []
    for row in rows:
        kind = type(row)
        widths.append(None if kind is dict else len(row) if kind is list or kind is tuple else row_width(row))
    kinds = set(widths)
    if len(kinds) > 1:
        if None in kinds:
            raise ValueError(
                "X mixes dict rows and list rows; give every row in one form: dicts {feature: value}, or lists "
                "of values, one per column"
            )
        i = next(i for i, width in enumerate(widths) if width != widths[0])
        raise ValueError(
            f"X[{i}] has {widths[i]} values, but X[0] has {widths[0]}; every list row needs one "
            "value per column (None for a missing one)"
        )
    seen = {}
    for x in examples:
        for column in x:
            seen.setdefault(column, None)
    numeric = [column for column in seen if type(column) is not tuple]
    one_hot = [column for column in seen if type(column) is tuple]
    numeric_features = set(numeric)
    for feature, value in one_hot:
        if feature in numeric_features:
            raise ValueError(
                f"feature {feature!r} has numbers and the category {value!r}; give a feature numbers only "
                "(a column of x) or categories only (one-hot columns)"
            )
    if not seen:  # no columns, or every value missing: nothing to learn from
        raise ValueError(no_features_message(widths[0] if len(kinds) == 1 else None))
    try:
        numeric.sort()
    except TypeError:
        pass
    one_hot.sort(key=repr)  # (feature, value) pairs of any kinds: sorted by how they print
    names = None
    if None in kinds:  # dict rows: their names, in the order first seen
        names = list(dict.fromkeys(column[0] if type(column) is tuple else column for column in seen))
    return numeric + one_hot, names, widths[0]
