"""Calibration: are the probabilities right, not only the decisions?  And fixing them when they are not.

A classifier is *calibrated* when, of all the examples it gives a probability
of about 0.8, about 80 % are positive.  Naive Bayes multiplies the evidence of
features as if it were independent, so correlated features are counted more
than once and its probabilities are pushed towards 0 and 1 (Niculescu-Mizil
and Caruana, "Predicting good probabilities with supervised learning", ICML
2005).  This module measures that and repairs it, on plain lists: the true
labels and, for each example, the probability of the positive class (a
float) or the model's whole ``predict_proba`` row (a dict {label: p}).

Scores (lower is better):

* ``brier_score_loss`` -- the mean squared difference between p and the outcome;
* ``log_loss`` -- the mean of -log P(true class);
* ``expected_calibration_error`` -- the gap between predicted and observed
  frequencies, bin by bin, weighted by the bins' sizes;
* ``calibration_curve`` and ``reliability_table`` -- those bins themselves,
  scikit-learn's ``calibration_curve`` to the last bit.

Calibrators (fit on examples the model was *not* trained on):

* ``PlattCalibrator`` -- Platt's sigmoid: a one-feature logistic regression
  of the outcome on the model's probability, fitted by Newton's method;
* ``IsotonicRegression`` -- the best non-decreasing step function, by
  pool-adjacent-violators, read between its steps as scikit-learn does.

Every formula is one function below (docs/calibration.md derives them):

>>> y = ["spam", "ham", "spam", "ham"]
>>> p = [0.9, 0.4, 0.6, 0.1]            # P(spam) for each message
>>> round(brier_score_loss(y, p, pos_label="spam"), 12)   # (0.1^2 + 0.4^2 + 0.4^2 + 0.1^2) / 4
0.085
>>> round(log_loss(y, p, labels=["ham", "spam"]), 6)   # -(log 0.9 + log 0.6 + log 0.6 + log 0.9) / 4
0.308093
>>> IsotonicRegression().fit([0.1, 0.4, 0.6, 0.9], [0, 1, 0, 1]).predict([0.1, 0.5, 0.9])
[0.0, 0.5, 1.0]
"""

import bisect
import math
from collections.abc import Mapping
from numbers import Real

from naivebayes.core.bayes import sigmoid
from naivebayes.plumbing.checks import as_list, check_labels, sorted_labels
from naivebayes.tables.bins import STRATEGIES  # the names of the two ways to cut bins
from naivebayes.plumbing.display import html_table, markdown_table, text_table

__all__ = [
    "brier_score_loss",
    "log_loss",
    "expected_calibration_error",
    "calibration_curve",
    "reliability_table",
    "PlattCalibrator",
    "IsotonicRegression",
    "brier_score",
    "mean_log_loss",
    "calibration_error",
    "unit_interval_edges",
    "platt_targets",
    "platt_newton_step",
    "pool_adjacent_violators",
    "interpolate",
]

LARGE_SCORE = 30  # Platt: scores this large in size are rescaled first (scikit-learn's threshold)


# ---------------------------------------------------------------------------
# Reading the input: labels, and a probability per example
# ---------------------------------------------------------------------------


def check_probability(name, i, p):
    """``p`` as a float in [0, 1], or a clear error."""
    if isinstance(p, bool) or not isinstance(p, Real) or not 0 <= p <= 1:
        raise ValueError(f"{name}[{i}] = {p!r}; a probability must be a number between 0 and 1")
    return float(p)


def check_pos_label(pos_label):
    """A pos_label is a label, so it must be hashable: a list or a dict is refused by name."""
    try:
        hash(pos_label)
    except TypeError:
        raise TypeError(
            f"pos_label={pos_label!r} is a {type(pos_label).__name__}, which cannot be a label; name the positive "
            "class by its label, such as 'spam' or 1 (a tuple for a label that is a tuple)"
        ) from None
    return pos_label


def positive_class(labels, pos_label):
    """The positive label of a binary problem, checked; ``pos_label`` None works for 0/1, -1/1 and False/True."""
    check_pos_label(pos_label)
    present = set(labels)
    if pos_label is None:
        if present <= {0, 1} or present <= {-1, 1}:
            pos_label = 1
        else:
            raise ValueError(
                f"the labels are {sorted_labels(present)}; say which class the probabilities are for, such as "
                f"pos_label={sorted_labels(present)[-1]!r}"
            )
    if pos_label not in present and len(present) == 2:
        raise ValueError(
            f"pos_label={pos_label!r} is not one of the labels {sorted_labels(present)}; name the class the "
            "probabilities are for"
        )
    if len(present - {pos_label}) > 1:
        raise ValueError(
            f"the labels are {sorted_labels(present)}: more than two classes; a probability of one class "
            "needs a problem with two (or pass each example's predict_proba dict)"
        )
    return pos_label


def check_rows_name_labels(rows, labels, name):
    """Refuse a true label that a probability row (a predict_proba dict) has no entry for.

    Such a label was not among the model's classes, so its probability is
    not known to be 0: it is a mistake (another model, or labels of another
    problem), and scikit-learn refuses it too.
    """
    for i, (row, label) in enumerate(zip(rows, labels)):
        if not isinstance(row, Mapping):
            raise TypeError(f"{name}[{i}] = {row!r}; give every example's probabilities in one form (all dicts)")
        if label not in row:
            raise ValueError(
                f"y_true[{i}] is {label!r}, which is not among the classes of {name}[{i}] "
                f"({', '.join(map(repr, sorted_labels(row)))}); pass probabilities from a model trained "
                "on these classes, or the true labels of these examples"
            )


def binary_input(y_true, y_prob, pos_label, name="y_prob"):
    """(outcomes o_i in {0, 1}, probabilities p_i of the positive class), from labels and floats or dicts."""
    check_pos_label(pos_label)
    y_prob = as_list(name, y_prob, "probabilities")
    labels = check_labels(y_true, len(y_prob), name="y_true", noun="probabilitie")
    if not labels:
        raise ValueError("y_true is empty; a score of no examples is undefined")
    if y_prob and isinstance(y_prob[0], Mapping):
        check_rows_name_labels(y_prob, labels, name)
        classes = sorted_labels({label for row in y_prob for label in row} | set(labels))
        if pos_label is None:
            if len(classes) != 2:
                raise ValueError(f"the classes are {classes}; name the positive one with pos_label=")
            pos_label = classes[1]  # the greater label, as scikit-learn's classes_[1]
        elif pos_label not in classes:
            raise ValueError(f"pos_label={pos_label!r} is not one of the classes {classes}; name one of them")
        y_prob = [row.get(pos_label, 0.0) for row in y_prob]
    else:
        pos_label = positive_class(labels, pos_label)
    probabilities = [check_probability(name, i, p) for i, p in enumerate(y_prob)]
    return [1 if label == pos_label else 0 for label in labels], probabilities


# ---------------------------------------------------------------------------
# Scores
# ---------------------------------------------------------------------------


# --8<-- [start:eq-brier-score]
def brier_score(outcomes, probabilities):
    """BS = (1/n) * sum_i (p_i - o_i)^2, with o_i = 1 for a positive example and 0 for a negative one.

    Formula: docs/calibration.md#eq-brier-score
    """
    return math.fsum((p - o) ** 2 for p, o in zip(probabilities, outcomes)) / len(outcomes)
# --8<-- [end:eq-brier-score]


def brier_score_loss(y_true, y_proba, pos_label=None):
    """The Brier score of the probabilities ``y_proba`` of the positive class (lower is better).

    ``y_proba`` holds a float per example, or the model's ``predict_proba``
    dicts: with two classes the positive class is ``pos_label`` (by default
    the greater label, as scikit-learn's ``classes_[1]``); with more, the
    score is (1/n) sum_i sum_c (P(c | x_i) - [y_i = c])^2, as scikit-learn's.
    """
    y_proba = as_list("y_proba", y_proba, "probabilities")
    if y_proba and isinstance(y_proba[0], Mapping):
        classes = sorted_labels({label for row in y_proba for label in row} | set(as_list("y_true", y_true)))
        if len(classes) > 2:
            labels = check_labels(y_true, len(y_proba), name="y_true", noun="probabilitie")
            check_rows_name_labels(y_proba, labels, "y_proba")
            return math.fsum(
                math.fsum((check_probability("y_proba", i, row.get(c, 0.0)) - (c == label)) ** 2 for c in classes)
                for i, (row, label) in enumerate(zip(y_proba, labels))
            ) / len(labels)
    outcomes, probabilities = binary_input(y_true, y_proba, pos_label, "y_proba")
    return brier_score(outcomes, probabilities)


# --8<-- [start:eq-log-loss]
def mean_log_loss(true_class_probabilities):
    """LL = -(1/n) * sum_i log P(y_i | x_i): the mean surprise at the true class (log 0 = -inf, so LL = inf).

    Formula: docs/calibration.md#eq-log-loss
    """
    total = 0.0
    for p in true_class_probabilities:
        if p == 0:
            return math.inf
        total += math.log(p)
    return -total / len(true_class_probabilities)
# --8<-- [end:eq-log-loss]


def log_loss(y_true, y_pred, labels=None):
    """The mean of -log P(true class) (natural log; lower is better).

    ``y_pred`` holds, per example, the model's ``predict_proba`` dict, or a
    float: the probability of the greater of the two labels (of ``labels``
    when given), as in scikit-learn.  A true class given probability 0 makes
    the loss infinite: scikit-learn clips every probability to
    [2.2e-16, 1 - 2.2e-16] instead, and reports 36.04 for such an example.
    """
    y_pred = as_list("y_pred", y_pred, "probabilities")
    truth = check_labels(y_true, len(y_pred), name="y_true", noun="prediction")
    if not truth:
        raise ValueError("y_true is empty; a score of no examples is undefined")
    if y_pred and isinstance(y_pred[0], Mapping):
        check_rows_name_labels(y_pred, truth, "y_pred")
        chosen = []
        for i, (row, label) in enumerate(zip(y_pred, truth)):
            total = math.fsum(row.values())
            if abs(total - 1) > 1e-9:
                raise ValueError(f"y_pred[{i}] sums to {total}, not 1; pass each example's predict_proba dict")
            chosen.append(check_probability("y_pred", i, row.get(label, 0.0)))
        return mean_log_loss(chosen)
    if isinstance(labels, (str, bytes)):
        raise TypeError(f"labels={labels!r} is a single string; pass the two classes as a list, such as ['ham', 'spam']")
    classes = sorted_labels(set(truth) if labels is None else set(as_list("labels", labels, "labels")))
    if len(classes) != 2 or not set(truth) <= set(classes):
        raise ValueError(
            f"the labels are {classes}; a single probability per example needs exactly two classes "
            "(pass labels= with both, or each example's predict_proba dict)"
        )
    chosen = []
    for i, (p, label) in enumerate(zip(y_pred, truth)):
        p = check_probability("y_pred", i, p)
        chosen.append(p if label == classes[1] else 1 - p)
    return mean_log_loss(chosen)


# ---------------------------------------------------------------------------
# Bins: the calibration curve, the reliability table, the expected calibration error
# ---------------------------------------------------------------------------


# --8<-- [start:eq-uniform-bins]
def unit_interval_edges(n_bins):
    """e_k = k / B for k = 0 .. B: B bins of equal width (computed as numpy's ``linspace`` computes them).

    An example with probability p falls in bin k when e_k < p <= e_(k+1) (bin 0 also takes p = 0).

    Formula: docs/calibration.md#eq-uniform-bins
    """
    step = 1.0 / n_bins
    return [k * step for k in range(n_bins)] + [1.0]
# --8<-- [end:eq-uniform-bins]


def probability_quantiles(probabilities, n_bins):
    """The k/B quantiles of the probabilities, k = 0 .. B: bins holding about equally many examples.

    numpy's ``percentile`` (method "linear"): the quantile q lies at position
    h = q (n - 1) of the sorted values, between x_floor(h) and the next one.
    """
    ordered = sorted(probabilities)
    n = len(ordered)
    edges = []
    for q in unit_interval_edges(n_bins):
        q = q * 100 / 100  # (numpy takes percentages and divides them by 100 again)
        h = q * (n - 1)
        below = min(int(math.floor(h)), n - 1)
        above = min(below + 1, n - 1)
        t = h - below
        a, b = ordered[below], ordered[above]
        edges.append(b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t)
    return edges


def bin_of(p, inner_edges):
    """The number k of the bin that holds p: how many inner edges lie strictly below p."""
    return bisect.bisect_left(inner_edges, p)


def bins_of(outcomes, probabilities, n_bins, strategy):
    """[(count, sum of p, sum of o) for every bin], and the edges."""
    if isinstance(n_bins, bool) or not isinstance(n_bins, int) or n_bins < 1:
        raise ValueError(f"n_bins={n_bins!r}; it must be a whole number >= 1, such as 10")
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy={strategy!r}; it must be one of {list(STRATEGIES)}")
    edges = unit_interval_edges(n_bins) if strategy == "uniform" else probability_quantiles(probabilities, n_bins)
    sums = [[0, 0.0, 0.0] for _ in range(n_bins)]
    for o, p in zip(outcomes, probabilities):
        k = bin_of(p, edges[1:-1])
        sums[k][0] += 1
        sums[k][1] += p
        sums[k][2] += o
    return sums, edges


def calibration_curve(y_true, y_prob, n_bins=5, strategy="uniform", pos_label=None):
    """(prob_true, prob_pred): for every non-empty bin, the share of positives and the mean probability.

    scikit-learn's ``calibration_curve``, the same bins and the same sums:
    ``strategy="uniform"`` cuts [0, 1] into ``n_bins`` equal widths,
    ``"quantile"`` at the quantiles of ``y_prob``.
    """
    outcomes, probabilities = binary_input(y_true, y_prob, pos_label)
    sums, _ = bins_of(outcomes, probabilities, n_bins, strategy)
    prob_true = [positives / count for count, _, positives in sums if count]
    prob_pred = [total / count for count, total, _ in sums if count]
    return prob_true, prob_pred


# --8<-- [start:eq-expected-calibration-error]
def calibration_error(bins, n):
    """ECE = sum_b (n_b / n) * |o_b - p_b|: each bin's gap between the share of positives and the mean p, weighted.

    ``bins`` holds (n_b, sum of p in b, sum of o in b) for every bin.

    Formula: docs/calibration.md#eq-expected-calibration-error
    """
    return math.fsum(count / n * abs(positives / count - total / count) for count, total, positives in bins if count)
# --8<-- [end:eq-expected-calibration-error]


def expected_calibration_error(y_true, y_prob, n_bins=10, strategy="uniform", pos_label=None):
    """The expected calibration error of the probabilities of the positive class, over ``n_bins`` bins.

    0 for perfectly calibrated probabilities (in every bin the mean
    probability is the share of positives); at most 1.  It depends on the
    bins: more bins show more of the noise of small ones.
    """
    outcomes, probabilities = binary_input(y_true, y_prob, pos_label)
    sums, _ = bins_of(outcomes, probabilities, n_bins, strategy)
    return calibration_error(sums, len(outcomes))


class ReliabilityTable(list):
    """The bins of a reliability diagram, one dict per bin: what ``ReliabilityDiagram`` draws.

    Each row: ``bin`` (from, to], ``count``, ``mean predicted`` (the mean
    probability, None for an empty bin) and ``observed`` (the share of
    positives).  Prints as a table; a notebook shows it as HTML.
    """

    def rows(self):
        header = ["bin", "count", "mean predicted", "observed", "gap"]
        body = []
        for row in self:
            low, high = row["bin"]
            cells = [f"({low:.3g}, {high:.3g}]", str(row["count"])]
            if row["count"]:
                cells += [f"{row['mean predicted']:.4f}", f"{row['observed']:.4f}",
                          f"{row['observed'] - row['mean predicted']:+.4f}"]
            else:
                cells += ["", "", ""]
            body.append(cells)
        return header, body

    def to_text(self):
        return text_table(*self.rows(), align="lrrrr")

    def to_markdown(self):
        return markdown_table(*self.rows(), align="lrrrr")

    def _repr_html_(self):
        return html_table(*self.rows(), align="lrrrr")

    def __repr__(self):
        return self.to_text()

    __str__ = __repr__


def reliability_table(y_true, y_prob, n_bins=10, strategy="uniform", pos_label=None):
    """The bins of the calibration curve, every one (empty ones too), as a ``ReliabilityTable``.

    >>> table = reliability_table([0, 0, 1, 1, 1], [0.1, 0.3, 0.35, 0.8, 0.9], n_bins=2)
    >>> print(table)
    bin       count  mean predicted  observed      gap
    --------  -----  --------------  --------  -------
    (0, 0.5]      3          0.2500    0.3333  +0.0833
    (0.5, 1]      2          0.8500    1.0000  +0.1500
    """
    outcomes, probabilities = binary_input(y_true, y_prob, pos_label)
    sums, edges = bins_of(outcomes, probabilities, n_bins, strategy)
    table = ReliabilityTable()
    for k, (count, total, positives) in enumerate(sums):
        table.append({
            "bin": (edges[k], edges[k + 1]),
            "count": count,
            "mean predicted": total / count if count else None,
            "observed": positives / count if count else None,
        })
    return table


# ---------------------------------------------------------------------------
# Platt's sigmoid
# ---------------------------------------------------------------------------


# --8<-- [start:eq-platt-targets]
def platt_targets(n_positive, n_negative):
    """(t_+, t_-) = ((N_+ + 1) / (N_+ + 2), 1 / (N_- + 2)): Platt's targets in place of 1 and 0.

    Formula: docs/calibration.md#eq-platt-targets
    """
    return (n_positive + 1) / (n_positive + 2), 1 / (n_negative + 2)
# --8<-- [end:eq-platt-targets]


def platt_loss(a, b, scores, targets):
    """sum_i -[t_i log q_i + (1 - t_i) log(1 - q_i)] with q_i = sigmoid(a f_i + b), computed without log 0."""
    total = 0.0
    for f, t in zip(scores, targets):
        z = a * f + b
        # -log sigmoid(z) = log(1 + e^-z), -log(1 - sigmoid(z)) = log(1 + e^z)
        log_1_plus_exp_minus_z = (math.log1p(math.exp(-z)) if z > 0 else -z + math.log1p(math.exp(z)))
        total += t * log_1_plus_exp_minus_z + (1 - t) * (log_1_plus_exp_minus_z + z)
    return total


# --8<-- [start:eq-platt-newton-step]
def platt_newton_step(a, b, scores, targets):
    """(da, db) = -H^-1 g for L(a, b): g = sum_i (q_i - t_i) (f_i, 1), H = sum_i q_i (1 - q_i) (f_i, 1)(f_i, 1)^T.

    q_i = sigmoid(a f_i + b).  The 2 x 2 system is solved by Cramer's rule.

    Formula: docs/calibration.md#eq-platt-newton-step
    """
    g_a = g_b = h_aa = h_ab = h_bb = 0.0
    for f, t in zip(scores, targets):
        q = sigmoid(a * f + b)
        r, s = q - t, q * (1 - q)
        g_a += r * f
        g_b += r
        h_aa += s * f * f
        h_ab += s * f
        h_bb += s
    determinant = h_aa * h_bb - h_ab * h_ab
    if determinant <= 0:  # every f_i the same: a cannot be told from b, so only b moves
        return 0.0, -g_b / h_bb
    return -(h_bb * g_a - h_ab * g_b) / determinant, -(h_aa * g_b - h_ab * g_a) / determinant
# --8<-- [end:eq-platt-newton-step]


class PlattCalibrator:
    """Platt scaling: P(positive | f) = sigmoid(a f + b), a one-feature logistic regression on the score f.

    ``fit(scores, y_true, pos_label=None)`` learns a and b from held-out
    examples (f: the model's probability of the positive class, or any
    score), with Platt's targets, by Newton's method with step halving from
    Platt's start (a = 0, b = log((N_- + 1) / (N_+ + 1))).  ``predict(scores)``
    gives the calibrated probabilities.  scikit-learn's
    ``CalibratedClassifierCV(method="sigmoid")`` fits the same a and b (it
    writes 1 / (1 + exp(A f + B)), so A = -a and B = -b).
    """

    def __init__(self, max_iter=100, tol=1e-12):
        if type(max_iter) is not int or max_iter < 1:
            raise ValueError(f"max_iter={max_iter!r}; it must be a whole number >= 1 (at most this many Newton steps)")
        if isinstance(tol, bool) or not isinstance(tol, (int, float)) or not 0 < tol < math.inf:
            raise ValueError(f"tol={tol!r}; it must be a positive number, such as 1e-12")
        self.max_iter = max_iter
        self.tol = tol

    def __repr__(self):
        if not hasattr(self, "a_"):
            return "PlattCalibrator()"
        return f"PlattCalibrator(a={self.a_:.6g}, b={self.b_:.6g}: P(positive | f) = sigmoid(a f + b))"

    def fit(self, scores, y_true, pos_label=None):
        """Learn a and b; returns the calibrator."""
        scores = [float(check_score(i, f)) for i, f in enumerate(as_list("scores", scores, "scores"))]
        labels = check_labels(y_true, len(scores), name="y_true", noun="score")
        if not labels:
            raise ValueError("y_true is empty; Platt scaling needs held-out examples of both classes")
        pos_label = positive_class(labels, pos_label)
        outcomes = [1 if label == pos_label else 0 for label in labels]
        n_positive = sum(outcomes)
        n_negative = len(outcomes) - n_positive
        if not n_positive or not n_negative:
            raise ValueError(
                f"y_true has {n_positive} examples of the positive class {pos_label!r} and {n_negative} of the "
                "other; Platt scaling needs held-out examples of both classes"
            )
        t_positive, t_negative = platt_targets(n_positive, n_negative)
        targets = [t_positive if o else t_negative for o in outcomes]
        # Scores of 30 or more in size are divided by the largest first, as scikit-learn does: the
        # optimum is the same line (a is scaled back at the end), and f^2 in the Hessian cannot overflow.
        scale = max(abs(f) for f in scores)
        scale = scale if scale >= LARGE_SCORE else 1.0
        scores = [f / scale for f in scores]
        a, b = 0.0, math.log((n_negative + 1) / (n_positive + 1))
        loss = platt_loss(a, b, scores, targets)
        for iteration in range(self.max_iter):
            da, db = platt_newton_step(a, b, scores, targets)
            step = 1.0
            while step > 1e-10:
                new_loss = platt_loss(a + step * da, b + step * db, scores, targets)
                if new_loss <= loss + 1e-12 * abs(loss):
                    break
                step /= 2
            a, b, loss = a + step * da, b + step * db, new_loss
            if max(abs(step * da), abs(step * db)) <= self.tol * max(1.0, abs(a), abs(b)):
                break
        self.a_, self.b_, self.n_iter_, self.pos_label_ = a / scale, b, iteration + 1, pos_label
        return self

    def predict(self, scores):
        """[sigmoid(a f + b) for every score f]: the calibrated probabilities of the positive class."""
        if not hasattr(self, "a_"):
            raise ValueError("this PlattCalibrator is not fitted yet; call fit(scores, y_true) first")
        scores = as_list("scores", scores, "scores")
        return [sigmoid(self.a_ * float(check_score(i, f)) + self.b_) for i, f in enumerate(scores)]


def check_score(i, f):
    """Score i, checked: a finite number that a float can hold (10**400 is refused, not an OverflowError)."""
    try:
        finite = not isinstance(f, bool) and isinstance(f, Real) and math.isfinite(f)
    except OverflowError:  # (an int or Fraction beyond the largest float)
        finite = False
    if not finite:
        try:
            shown = repr(f) if type(f) is not int or f.bit_length() < 1000 else "a whole number of over 300 digits"
        except ValueError:  # (a Fraction of more than 4300 digits has no repr)
            shown = f"a {type(f).__name__} too large to write out"
        raise ValueError(f"scores[{i}] = {shown}; a score must be a finite number that a float can hold")
    return f


# ---------------------------------------------------------------------------
# Isotonic regression
# ---------------------------------------------------------------------------


# --8<-- [start:eq-isotonic-pav]
def pool_adjacent_violators(values, weights):
    """The non-decreasing y minimising sum_i w_i (y_i - v_i)^2: pool neighbours that violate the order.

    Walk left to right keeping blocks (weighted mean, total weight, length);
    while the last block's mean is not below the one before, merge the two
    into their weighted mean.  Each block's mean is the fitted value of all
    its points.

    Formula: docs/calibration.md#eq-isotonic-pav
    """
    blocks = []  # [mean, weight, how many values]
    for v, w in zip(values, weights):
        blocks.append([v, w, 1])
        while len(blocks) > 1 and blocks[-2][0] >= blocks[-1][0]:
            mean_2, weight_2, n_2 = blocks.pop()
            mean_1, weight_1, n_1 = blocks.pop()
            weight = weight_1 + weight_2
            blocks.append([(weight_1 * mean_1 + weight_2 * mean_2) / weight, weight, n_1 + n_2])
    fitted = []
    for mean, _, n in blocks:
        fitted.extend([mean] * n)
    return fitted
# --8<-- [end:eq-isotonic-pav]


# --8<-- [start:eq-isotonic-interpolation]
def interpolate(x, thresholds, values):
    """y(x) on the line between the thresholds x_k < x <= x_(k+1): y_k + (y_(k+1) - y_k)(x - x_k) / (x_(k+1) - x_k).

    Outside [x_0, x_last] x is clipped to the nearest end.  (scipy's
    ``interp1d``, which scikit-learn uses, computes the same line as
    slope * (x - x_k) + y_k.)

    Formula: docs/calibration.md#eq-isotonic-interpolation
    """
    if len(thresholds) == 1:
        return values[0]
    x = min(max(x, thresholds[0]), thresholds[-1])
    k = min(max(bisect.bisect_left(thresholds, x), 1), len(thresholds) - 1)
    x_low, x_high, y_low, y_high = thresholds[k - 1], thresholds[k], values[k - 1], values[k]
    slope = (y_high - y_low) / (x_high - x_low)
    return min(slope * (x - x_low) + y_low, y_high)  # (rounding may step one ulp past y_high: the fit never falls)
# --8<-- [end:eq-isotonic-interpolation]


class IsotonicRegression:
    """The non-decreasing function of x closest to y in squared error, as scikit-learn's ``IsotonicRegression``.

    ``fit(x, y, sample_weight=None)``: sort by x, replace the points that
    share an x by their weighted mean, pool adjacent violators; keep the
    thresholds ``X_thresholds_`` and their values ``y_thresholds_`` (only the
    ends of each flat step).  ``predict(x)`` reads the line between the two
    thresholds around x, and clips x outside the training range
    (scikit-learn's ``out_of_bounds="clip"``).  As a calibrator: x the
    model's probabilities on held-out examples, y their outcomes 0 or 1.
    """

    def __repr__(self):
        if not hasattr(self, "X_thresholds_"):
            return "IsotonicRegression()"
        return f"IsotonicRegression({len(self.X_thresholds_)} thresholds on [{self.X_min_:.4g}, {self.X_max_:.4g}])"

    def fit(self, x, y, sample_weight=None):
        """Learn the non-decreasing step function; returns the regression."""
        x = [float(check_score(i, v)) for i, v in enumerate(as_list("x", x, "values"))]
        y = as_list("y", y, "values")
        if len(y) != len(x) or not x:
            raise ValueError(f"x has {len(x)} values and y {len(y)}; give the same, positive number of each")
        y = [float(check_score(i, v)) for i, v in enumerate(y)]
        if sample_weight is None:
            weights = [1.0] * len(x)
        else:
            weights = as_list("sample_weight", sample_weight, "weights")
            if len(weights) != len(x) or any(check_score(i, w) <= 0 for i, w in enumerate(weights)):
                raise ValueError("sample_weight needs one positive weight per value of x")
            weights = [float(w) for w in weights]
        order = sorted(range(len(x)), key=lambda i: (x[i], y[i]))  # scikit-learn's lexsort((y, x))
        unique_x, mean_y, total_w = [], [], []
        for i in order:
            if unique_x and x[i] - unique_x[-1] < RESOLUTION:  # the same x: pool its points first
                mean_y[-1] += weights[i] * y[i]
                total_w[-1] += weights[i]
            else:
                unique_x.append(x[i])
                mean_y.append(weights[i] * y[i])
                total_w.append(weights[i])
        mean_y = [s / w for s, w in zip(mean_y, total_w)]
        fitted = pool_adjacent_violators(mean_y, total_w)
        keep = [k for k in range(len(fitted))
                if k in (0, len(fitted) - 1) or fitted[k - 1] != fitted[k] or fitted[k] != fitted[k + 1]]
        self.X_thresholds_ = [unique_x[k] for k in keep]
        self.y_thresholds_ = [fitted[k] for k in keep]
        self.X_min_, self.X_max_ = unique_x[0], unique_x[-1]
        return self

    def predict(self, x):
        """[the fitted function at every x]: the line between thresholds, x clipped to the training range."""
        if not hasattr(self, "X_thresholds_"):
            raise ValueError("this IsotonicRegression is not fitted yet; call fit(x, y) first")
        return [interpolate(float(check_score(i, v)), self.X_thresholds_, self.y_thresholds_)
                for i, v in enumerate(as_list("x", x, "values"))]


RESOLUTION = 1e-15  # numpy's float64 resolution: x values closer than this are one x to scikit-learn
