"""Fitting the Gaussians by gradient: climb the log-likelihood one small step at a time.

``GaussianNB`` computes each class's means and variances in closed form.  The
blog post on naive Bayes with TensorFlow Probability reaches them the long
way, as a first lesson in fitting by gradient: it starts every mean and every
scale at 1 and lets Adam minimise the negative log-likelihood for 10,000
epochs, plotting the loss and the parameters as they go.  This module does the
same in plain Python.  Every epoch:

1. the loss and its gradient with respect to every mean mu_jc and scale
   sigma_jc, from each class's sufficient statistics (n, mean, M) alone;
2. a record of the loss and every parameter, in ``history_``;
3. one step for every parameter: Adam as Keras takes it, or plain gradient descent;
4. a check that every scale is still above 0.

The scale sigma itself is what is learned, as ``scale_diag`` is in the blog
post's ``MultivariateNormalDiag``, not log sigma, so the steps are the blog's.

A four-row table (class a: 1, 3; class b: 10, 14), fitted from the blog post's
start (``docs/fitting-by-gradient.md`` works it by hand):

>>> X = [{"length": 1}, {"length": 3}, {"length": 10}, {"length": 14}]
>>> fit = fit_gaussians_by_gradient(X, ["a", "a", "b", "b"])
>>> {label: round(means["length"], 9) for label, means in fit.means_.items()}
{'a': 2.0, 'b': 12.0}
>>> {label: round(scales["length"], 9) for label, scales in fit.scales_.items()}
{'a': 1.0, 'b': 2.0}
>>> fit.predict([{"length": 5}, {"length": 9}])
['a', 'b']
"""

import math
from collections.abc import Mapping

from naivebayes.core.arithmetic import log
from naivebayes.core.bayes import decision, log_posterior, prior_mle
from naivebayes.plumbing.checks import check_choice, check_labels, is_missing, is_number, plain_value, sorted_labels
from naivebayes.naive_bayes.gaussian import LOG_TWO_PI, gaussian_log_density, gaussian_mean, squared_deviations
from naivebayes.tables.rows import check_rows, present_values, row_width

__all__ = [
    "fit_gaussians_by_gradient",
    "fit_gaussians_by_gradient_from_statistics",
    "GradientFit",
    "sufficient_statistics",
    "mean_negative_log_likelihood",
    "d_log_density_d_mean",
    "d_log_density_d_scale",
    "log_likelihood_from_statistics",
    "d_mean_from_statistics",
    "d_scale_from_statistics",
    "gradient_descent_step",
    "adam_step",
    "loss_and_gradients",
    "loss_and_gradients_per_row",
]

OPTIMIZERS = ("adam", "gradient-descent")


# ---------------------------------------------------------------------------
# The objective: the blog post's loss
# ---------------------------------------------------------------------------


# --8<-- [start:eq-gradient-loss]
def mean_negative_log_likelihood(log_likelihoods, n_rows, n_classes):
    """L = -(1 / (N K)) * sum over classes c and features j of l_jc: the blog post's loss.

    Each l_jc is the log-likelihood of one class and feature, the sum of
    log N(x_j; mu_jc, sigma_jc^2) over the class-c rows.  The blog post's
    ``nll`` averages the N-by-K table log p(x | k) * onehot(y)_k over all
    N K entries: each row counts once, under its own class.

    Formula: docs/fitting-by-gradient.md#eq-gradient-loss
    """
    return -math.fsum(log_likelihoods) / (n_rows * n_classes)
# --8<-- [end:eq-gradient-loss]


# ---------------------------------------------------------------------------
# The gradients of one row's log density
# ---------------------------------------------------------------------------


# --8<-- [start:eq-gradient-d-mean]
def d_log_density_d_mean(x, mean, scale):
    """d/dmu log N(x; mu, sigma^2) = (x - mu) / sigma^2: the mean is pulled towards x.

    Formula: docs/fitting-by-gradient.md#eq-gradient-d-mean
    """
    return (x - mean) / scale**2
# --8<-- [end:eq-gradient-d-mean]


# --8<-- [start:eq-gradient-d-scale]
def d_log_density_d_scale(x, mean, scale):
    """d/dsigma log N(x; mu, sigma^2) = -1/sigma + (x - mu)^2 / sigma^3: zero at sigma = |x - mu|.

    Formula: docs/fitting-by-gradient.md#eq-gradient-d-scale
    """
    return -1 / scale + (x - mean) ** 2 / scale**3
# --8<-- [end:eq-gradient-d-scale]


# ---------------------------------------------------------------------------
# The same sums over a class's rows, from its sufficient statistics (n, mean, M)
# ---------------------------------------------------------------------------


# --8<-- [start:eq-gradient-log-likelihood-from-statistics]
def log_likelihood_from_statistics(n, sample_mean, squares, mean, scale):
    """l = sum_i log N(x_i; mu, sigma^2) = -n log sigma - (n/2) log 2 pi - (M + n (xbar - mu)^2) / (2 sigma^2).

    ``n``, ``sample_mean`` (xbar) and ``squares`` (M, the squared deviations
    from xbar) are the class's statistics; ``mean`` and ``scale`` are the
    parameters mu and sigma being learned.

    Formula: docs/fitting-by-gradient.md#eq-gradient-log-likelihood-from-statistics
    """
    squared_distance = squares + n * (sample_mean - mean) ** 2  # sum_i (x_i - mu)^2
    return -n * math.log(scale) - n * LOG_TWO_PI / 2 - squared_distance / (2 * scale**2)
# --8<-- [end:eq-gradient-log-likelihood-from-statistics]


# --8<-- [start:eq-gradient-sum-d-mean]
def d_mean_from_statistics(n, sample_mean, mean, scale):
    """sum_i d/dmu log N(x_i; mu, sigma^2) = n (xbar - mu) / sigma^2.

    Formula: docs/fitting-by-gradient.md#eq-gradient-sum-d-mean
    """
    return n * (sample_mean - mean) / scale**2
# --8<-- [end:eq-gradient-sum-d-mean]


# --8<-- [start:eq-gradient-sum-d-scale]
def d_scale_from_statistics(n, sample_mean, squares, mean, scale):
    """sum_i d/dsigma log N(x_i; mu, sigma^2) = -n/sigma + (M + n (xbar - mu)^2) / sigma^3.

    Formula: docs/fitting-by-gradient.md#eq-gradient-sum-d-scale
    """
    squared_distance = squares + n * (sample_mean - mean) ** 2  # sum_i (x_i - mu)^2
    return -n / scale + squared_distance / scale**3
# --8<-- [end:eq-gradient-sum-d-scale]


# ---------------------------------------------------------------------------
# One step
# ---------------------------------------------------------------------------


# --8<-- [start:eq-gradient-descent-step]
def gradient_descent_step(parameter, gradient, learning_rate):
    """theta <- theta - lr * dL/dtheta: a step downhill on the loss, uphill on the log-likelihood.

    Formula: docs/fitting-by-gradient.md#eq-gradient-descent-step
    """
    return parameter - learning_rate * gradient
# --8<-- [end:eq-gradient-descent-step]


# --8<-- [start:eq-gradient-adam-step]
def adam_step(parameter, gradient, first_moment, second_moment, t, learning_rate, beta1, beta2, epsilon):
    """Adam's step t (Kingma and Ba, 2015), with epsilon where Keras puts it; returns (theta, m, v).

    m <- beta1 m + (1 - beta1) g;  v <- beta2 v + (1 - beta2) g^2;
    theta <- theta - lr * m_hat / (sqrt(v_hat) + epsilon / sqrt(1 - beta2^t)),
    with m_hat = m / (1 - beta1^t) and v_hat = v / (1 - beta2^t).

    Formula: docs/fitting-by-gradient.md#eq-gradient-adam-step
    """
    first_moment = beta1 * first_moment + (1 - beta1) * gradient  # m_t: a running mean of g
    second_moment = beta2 * second_moment + (1 - beta2) * gradient**2  # v_t: a running mean of g^2
    m_hat = first_moment / (1 - beta1**t)  # bias-corrected: m and v start at 0
    v_hat = second_moment / (1 - beta2**t)
    # Keras adds epsilon to sqrt(v) before the correction (the paper's "epsilon hat"): in terms of v_hat,
    # that is epsilon / sqrt(1 - beta2^t)
    epsilon_t = epsilon / math.sqrt(1 - beta2**t)
    step = learning_rate * m_hat / (math.sqrt(v_hat) + epsilon_t)
    return parameter - step, first_moment, second_moment
# --8<-- [end:eq-gradient-adam-step]


# ---------------------------------------------------------------------------
# The loss and its gradients: from the sufficient statistics, and row by row
# ---------------------------------------------------------------------------


def loss_and_gradients(statistics, means, scales, n_rows, n_classes):
    """(L, {key: dL/dmu}, {key: dL/dsigma}) from the sufficient statistics; keys are (label, feature).

    The work per epoch is a few operations per class and feature, however
    many rows there are.  Since L = -(1 / (N K)) * sum of l_jc, every
    gradient of L is -1 / (N K) times the gradient of its own l_jc.
    """
    d_loss_d_log_likelihood = -1 / (n_rows * n_classes)
    log_likelihoods, d_means, d_scales = [], {}, {}
    for key, (n, sample_mean, squares) in statistics.items():
        mean, scale = means[key], scales[key]
        log_likelihoods.append(log_likelihood_from_statistics(n, sample_mean, squares, mean, scale))
        d_means[key] = d_loss_d_log_likelihood * d_mean_from_statistics(n, sample_mean, mean, scale)
        d_scales[key] = d_loss_d_log_likelihood * d_scale_from_statistics(n, sample_mean, squares, mean, scale)
    loss = mean_negative_log_likelihood(log_likelihoods, n_rows, n_classes)
    return loss, d_means, d_scales


def loss_and_gradients_per_row(rows, labels, means, scales):
    """The same (L, dL/dmu, dL/dsigma), the long way: row by row, class by class, as the blog's ``nll``.

    For every row and every class k: the row's log density under class k
    (the sum over its features, as ``MultivariateNormalDiag.log_prob``
    gives it), times the one-hot entry [y = k].  The reference that the
    form on the sufficient statistics is tested against; ``rows`` are dicts of numbers.
    """
    classes = sorted_labels({label for label, _ in means})
    n_rows, n_classes = len(rows), len(classes)
    d_loss_d_log_likelihood = -1 / (n_rows * n_classes)
    terms = []  # log p(x_i | k) * onehot(y_i)_k, N K of them
    d_means, d_scales = dict.fromkeys(means, 0.0), dict.fromkeys(scales, 0.0)
    for row, label in zip(rows, labels):
        for k in classes:
            one_hot = 1 if k == label else 0  # onehot(y_i)_k
            log_density = math.fsum(  # log p(x_i | k), summed over the features
                gaussian_log_density(x, means[(k, j)], scales[(k, j)] ** 2) for j, x in row.items()
            )
            terms.append(log_density * one_hot)
            for j, x in row.items():
                mean, scale = means[(k, j)], scales[(k, j)]
                d_means[(k, j)] += d_loss_d_log_likelihood * one_hot * d_log_density_d_mean(x, mean, scale)
                d_scales[(k, j)] += d_loss_d_log_likelihood * one_hot * d_log_density_d_scale(x, mean, scale)
    loss = -math.fsum(terms) / (n_rows * n_classes)  # tf.reduce_mean over all N K entries
    return loss, d_means, d_scales


# ---------------------------------------------------------------------------
# Training
# ---------------------------------------------------------------------------


def fit_gaussians_by_gradient(
    X,
    y,
    epochs=10_000,
    learning_rate=0.005,
    optimizer="adam",
    initial_mean=1.0,
    initial_scale=1.0,
    beta1=0.9,
    beta2=0.999,
    epsilon=1e-7,
):
    """Fit each class's Gaussian of each feature by gradient; returns a ``GradientFit``.

    The defaults are the blog post's: Adam with learning rate 0.005 for 10,000
    epochs, every mean and scale starting at 1, and Keras's beta1 = 0.9,
    beta2 = 0.999, epsilon = 1e-7.  ``optimizer="gradient-descent"`` takes
    plain steps theta <- theta - lr * dL/dtheta instead (its learning rate
    wants to be about 100 times larger).

    ``X`` is a list of rows (dicts ``{feature: number}`` or lists of numbers),
    every row with every feature; ``y`` their labels.  The priors are the
    class shares of the rows, as in ``GaussianNB``; only the Gaussians are
    learned by gradient.
    """
    settings = check_settings(epochs, learning_rate, optimizer, initial_mean, initial_scale, beta1, beta2, epsilon)
    rows, labels = check_training_set(X, y)
    statistics = count_statistics(rows, labels)
    check_has_a_maximum(statistics)
    return climb(statistics, settings)


def fit_gaussians_by_gradient_from_statistics(
    statistics,
    epochs=10_000,
    learning_rate=0.005,
    optimizer="adam",
    initial_mean=1.0,
    initial_scale=1.0,
    beta1=0.9,
    beta2=0.999,
    epsilon=1e-7,
):
    """The same fit from ``{(label, feature): (n, mean, M)}`` alone, the numbers the gradient depends on.

    With the statistics of a table, this is ``fit_gaussians_by_gradient`` on
    the table, epoch for epoch.  It also refits a data set of which only
    these numbers are known, such as the blog post's random split.
    """
    settings = check_settings(epochs, learning_rate, optimizer, initial_mean, initial_scale, beta1, beta2, epsilon)
    statistics = check_sufficient_statistics(statistics)
    check_has_a_maximum(statistics)
    return climb(statistics, settings)


def climb(statistics, settings):
    """The training loop: for every epoch the loss and gradients, a record, a step, a check."""
    class_counts = class_counts_of(statistics)
    n_rows, n_classes = sum(class_counts.values()), len(class_counts)  # N and K
    means = dict.fromkeys(statistics, settings["initial_mean"])  # mu_jc, the blog's `mus`
    scales = dict.fromkeys(statistics, settings["initial_scale"])  # sigma_jc, the blog's `scales`
    moments = {key: (0.0, 0.0, 0.0, 0.0) for key in statistics}  # Adam's (m, v) of mu_jc, then of sigma_jc
    history = {
        "epoch": [],
        "loss": [],
        "means": {key: [] for key in statistics},
        "scales": {key: [] for key in statistics},
    }
    for epoch in range(1, settings["epochs"] + 1):
        loss, d_means, d_scales = loss_and_gradients(statistics, means, scales, n_rows, n_classes)  # 1.
        record(history, epoch - 1, loss, means, scales)  # 2. the state after epoch - 1 steps
        for key in statistics:  # 3. one step for every parameter
            m_mean, v_mean, m_scale, v_scale = moments[key]
            means[key], m_mean, v_mean = take_step(means[key], d_means[key], m_mean, v_mean, epoch, settings)
            scales[key], m_scale, v_scale = take_step(scales[key], d_scales[key], m_scale, v_scale, epoch, settings)
            moments[key] = (m_mean, v_mean, m_scale, v_scale)
        check_still_a_gaussian(means, scales, epoch, statistics, settings)  # 4.
    loss, _, _ = loss_and_gradients(statistics, means, scales, n_rows, n_classes)
    record(history, settings["epochs"], loss, means, scales)
    return GradientFit(statistics, means, scales, loss, history, settings)


def take_step(parameter, gradient, first_moment, second_moment, t, settings):
    """One step of the chosen optimizer: (new parameter, m, v); plain steps keep no moments."""
    if settings["optimizer"] == "adam":
        return adam_step(
            parameter, gradient, first_moment, second_moment, t,
            settings["learning_rate"], settings["beta1"], settings["beta2"], settings["epsilon"],
        )
    return gradient_descent_step(parameter, gradient, settings["learning_rate"]), first_moment, second_moment


def record(history, epoch, loss, means, scales):
    """Append one epoch to the history: the loss, and every mean and scale, all plain floats."""
    history["epoch"].append(epoch)
    history["loss"].append(loss)
    for key, mean in means.items():
        history["means"][key].append(mean)
    for key, scale in scales.items():
        history["scales"][key].append(scale)


# ---------------------------------------------------------------------------
# The sufficient statistics
# ---------------------------------------------------------------------------


def sufficient_statistics(X, y):
    """{(label, feature): (n, mean, M)} as floats: the numbers the gradient needs, and GaussianNB keeps.

    n is the number of class-c rows, mean their mean of feature j, and M the
    sum of squared deviations from it (``gaussian_mean`` and
    ``squared_deviations`` of the Gaussian model: floats, summed exactly and
    divided once, and exact for Fractions until they are made floats here).  Classes in sorted order, features in the
    order of the rows.
    """
    rows, labels = check_training_set(X, y)
    return count_statistics(rows, labels)


def count_statistics(rows, labels):
    """{(label, feature): (n, mean, M)} of checked rows (dicts of numbers, all with the same features)."""
    features = list(rows[0])
    statistics = {}
    for label in sorted_labels(set(labels)):
        class_rows = [row for row, row_label in zip(rows, labels) if row_label == label]
        for feature in features:
            values = [row[feature] for row in class_rows]
            mean = gaussian_mean(values)
            squares = squared_deviations(values, mean)
            statistics[(label, feature)] = (len(values), float(mean), float(squares))
    return statistics


def class_counts_of(statistics):
    """{label: n_c}, read from the statistics of each class's first feature."""
    counts = {}
    for (label, _), (n, _, _) in statistics.items():
        counts.setdefault(label, n)
    return counts


# ---------------------------------------------------------------------------
# The fitted Gaussians, and predictions from them
# ---------------------------------------------------------------------------


class GradientFit:
    """Gaussians fitted by gradient: the parameters, the history of the fit, and predictions.

    Label-major tables as in ``GaussianNB``: ``means_[c][j]`` (mu),
    ``scales_[c][j]`` (sigma) and ``variances_[c][j]`` (sigma^2), with
    ``classes_``, ``features_``, ``class_counts_`` and ``statistics_``
    (the sufficient statistics the fit read).  ``loss_`` is the loss at
    the fitted parameters.

    ``history_`` is a dict of plain lists, one entry per epoch and one more
    for the start, so entry t is the state after t steps::

        {"epoch": [0, 1, ..., E],
         "loss": [L_0, L_1, ..., L_E],
         "means": {(label, feature): [mu_0, mu_1, ..., mu_E], ...},
         "scales": {(label, feature): [sigma_0, ..., sigma_E], ...}}

    ``predict`` and its kin add the log prior log(N_c / N) to each feature's
    ``gaussian_log_density`` and normalise, as ``GaussianNB`` does; a
    missing value is left out of the sum.
    """

    def __init__(self, statistics, means, scales, loss, history, settings):
        for name, value in settings.items():  # epochs, learning_rate, optimizer, ...
            setattr(self, name, value)
        self.statistics_ = dict(statistics)
        self.class_counts_ = class_counts_of(statistics)
        self.classes_ = list(self.class_counts_)
        self.features_ = [feature for label, feature in statistics if label == self.classes_[0]]
        self.n_rows_ = sum(self.class_counts_.values())
        self.means_ = {label: {j: means[(label, j)] for j in self.features_} for label in self.classes_}
        self.scales_ = {label: {j: scales[(label, j)] for j in self.features_} for label in self.classes_}
        self.variances_ = {label: {j: scales[(label, j)] ** 2 for j in self.features_} for label in self.classes_}
        self.log_priors_ = [log(prior_mle(self.class_counts_[label], float(self.n_rows_))) for label in self.classes_]  # (floats: N_c / N)
        self.loss_ = loss
        self.history_ = history

    def __repr__(self):
        return (
            f"GradientFit(optimizer={self.optimizer!r}, learning_rate={self.learning_rate!r}, "
            f"epochs={self.epochs!r}, loss={self.loss_:.6g}, class_counts={self.class_counts_!r}, "
            f"features={self.features_!r})"
        )

    def joint_log_likelihood(self, row):
        """{label: log P(x, c)} for one row: log P(c) plus each present feature's log density."""
        x = self._check_row(row, "the row")  # 1. check the input
        return self._joint_log_likelihood(x)

    def _joint_log_likelihood(self, x):
        joint = {}
        for label, log_prior in zip(self.classes_, self.log_priors_):
            terms = [  # 2. each feature's term
                gaussian_log_density(value, self.means_[label][feature], self.variances_[label][feature])
                for feature, value in x.items()
            ]
            joint[label] = log_prior + math.fsum(terms)  # 3. log P(c) + the sum of the terms
        return joint

    def predict_log_proba(self, X):
        """log P(c | x) for each row: a list of {label: value} dicts."""
        rows = self._check_rows(X)
        return [log_posterior(self._joint_log_likelihood(x)) for x in rows]  # 4. normalise

    def predict_proba(self, X):
        """P(c | x) for each row: a list of {label: probability} dicts that sum to 1."""
        return [{label: math.exp(value) for label, value in row.items()} for row in self.predict_log_proba(X)]

    def predict(self, X):
        """The most probable class of each row (a tie goes to the first in ``classes_``)."""
        rows = self._check_rows(X)
        return [decision(self._joint_log_likelihood(x)) for x in rows]

    def _check_rows(self, X):
        """Every row's present values as {feature: number}, or a clear error: the check at the boundary."""
        checked = []
        for i, row in enumerate(check_rows(X)):
            checked.append(self._check_row(row, f"X[{i}]"))
        return checked

    def _check_row(self, row, where):
        """The row's present values as {feature: number}, or a clear error; plain values decided by their type."""
        values = present_values(row, where)
        known = self.features_
        for feature, value in values.items():
            if feature not in known:
                raise ValueError(
                    f"{where} has the feature {feature!r}, which training never saw; the features are {self.features_}"
                )
            if not (type(value) is float and value - value == 0 or type(value) is int):
                values[feature] = check_number(feature, value, where)
        return values


# ---------------------------------------------------------------------------
# Checks at the public boundary
# ---------------------------------------------------------------------------


def check_settings(epochs, learning_rate, optimizer, initial_mean, initial_scale, beta1, beta2, epsilon):
    """The settings as a dict of plain values, or a clear error naming the first bad one."""
    if type(epochs) is not int or epochs < 1:
        raise ValueError(f"epochs must be a whole number >= 1 (the blog post uses 10000), not {epochs!r}")
    for name, value, what in (
        ("learning_rate", learning_rate, "a finite number > 0"),
        ("initial_scale", initial_scale, "a finite number > 0"),
        ("epsilon", epsilon, "a finite number > 0"),
        ("initial_mean", initial_mean, "a finite number"),
        ("beta1", beta1, "a number in [0, 1) (Keras uses 0.9 and 0.999)"),
        ("beta2", beta2, "a number in [0, 1) (Keras uses 0.9 and 0.999)"),
    ):
        kind = type(value)  # a plain float or int is a number by its type; anything else is asked is_number
        if kind is not float and kind is not int and not is_number(value):
            raise ValueError(f"{name} must be {what}, not {value!r}")
        if name.startswith("beta"):
            ok = 0 <= value < 1
        else:
            ok = math.isfinite(value) and (name == "initial_mean" or value > 0)
        if not ok:
            raise ValueError(f"{name} must be {what}, not {value!r}")
    check_choice("optimizer", optimizer, OPTIMIZERS)
    return {
        "epochs": epochs,
        "learning_rate": float(learning_rate),
        "optimizer": optimizer,
        "initial_mean": float(initial_mean),
        "initial_scale": float(initial_scale),
        "beta1": float(beta1),
        "beta2": float(beta2),
        "epsilon": float(epsilon),
    }


def check_number(feature, value, where):
    """``value`` if it is a finite number (int, float or Fraction; not a bool), else a clear error."""
    if not is_number(value) or not math.isfinite(value):
        raise ValueError(
            f"{where}: feature {feature!r} has the value {value!r}; a Gaussian is fitted to every feature, "
            "so every value must be a finite number"
        )
    return value


def check_training_set(X, y):
    """(rows as dicts of numbers, labels): every row with the same features, at least two classes."""
    rows = check_rows(X)
    labels = check_labels(y, len(rows), noun="row")
    if not rows:
        raise ValueError("the training set is empty: give at least one row and its label")
    checked = []
    for i, row in enumerate(rows):
        where = f"X[{i}]"
        kind = type(row)
        if kind is dict:  # the usual rows, read as they are
            given = row
        elif kind is list or kind is tuple:
            given = dict(enumerate(row))
        else:  # a numpy row or a pandas Series (or not a row: a clear error)
            present = present_values(row, where)
            width = row_width(row)
            given = {feature: present.get(feature) for feature in (range(width) if width is not None else row.keys())}
        values = {}
        for feature, value in given.items():
            if type(value) is float and value - value == 0 or type(value) is int:  # the usual values
                values[feature] = value
                continue
            value = plain_value(value)  # (a numpy scalar as the Python value it holds)
            if is_missing(value):  # None, NaN, pandas' NA
                raise ValueError(
                    f"{where} has no value for {feature!r}; a fit by gradient needs every value of every row "
                    "(drop the rows with missing values)"
                )
            values[feature] = check_number(feature, value, where)
        if checked and values.keys() != checked[0].keys():
            missing = [feature for feature in checked[0] if feature not in values]
            if missing:
                raise ValueError(f"{where} has no value for {missing[0]!r}; every row needs the features of X[0]")
            extra = next(feature for feature in values if feature not in checked[0])
            raise ValueError(
                f"{where} has the feature {extra!r}, which X[0] does not have; every row needs the same features"
            )
        checked.append(values)
    if len(set(labels)) < 2:
        raise ValueError(
            f"y has only one class ({labels[0]!r}); a classifier needs at least two classes to choose between"
        )
    return checked, labels


def check_sufficient_statistics(statistics):
    """{(label, feature): (n, mean, M)} with float mean and M, classes sorted, or a clear error."""
    if type(statistics) is not dict and not isinstance(statistics, Mapping) or not statistics:
        raise TypeError(
            "statistics must be a dict {(label, feature): (n, mean, M)}, such as sufficient_statistics gives"
        )
    counts = {}  # {label: {feature: n}}
    for key, value in statistics.items():
        if not (type(key) is tuple and len(key) == 2):
            raise ValueError(f"every key of statistics must be a pair (label, feature), not {key!r}")
        if not (type(value) in (tuple, list) and len(value) == 3):
            raise ValueError(f"statistics[{key!r}] must be (n, mean, M), three numbers, not {value!r}")
        n, mean, squares = value
        if type(n) is not int or n < 1:
            raise ValueError(f"statistics[{key!r}]: n must be a whole number of rows >= 1, not {n!r}")
        if not all(is_number(number) and math.isfinite(number) for number in (mean, squares)) or squares < 0:
            raise ValueError(f"statistics[{key!r}]: the mean must be a finite number, and M a finite number >= 0")
        counts.setdefault(key[0], {})[key[1]] = n
    classes = sorted_labels(counts)
    if len(classes) < 2:
        raise ValueError(f"statistics hold only one class ({classes[0]!r}); a classifier needs at least two")
    features = list(counts[classes[0]])
    for label in classes:
        for feature in features + [feature for feature in counts[label] if feature not in features]:
            lacking = next((c for c in (label, classes[0]) if feature not in counts[c]), None)
            if lacking is not None:
                raise ValueError(f"class {lacking!r} has no statistics for feature {feature!r}")
            if counts[label][feature] != counts[label][features[0]]:
                raise ValueError(
                    f"class {label!r} has {counts[label][feature]} rows for feature {feature!r} but "
                    f"{counts[label][features[0]]} for {features[0]!r}; every row of a class has every feature"
                )
    checked = {}
    for label in classes:
        for feature in features:
            n, mean, squares = statistics[(label, feature)]
            checked[(label, feature)] = (n, float(mean), float(squares))
    return checked


def check_has_a_maximum(statistics):
    """Refuse a class and feature whose log-likelihood has no maximum: all its values equal (M = 0)."""
    for (label, feature), (n, mean, squares) in statistics.items():
        if squares != 0:
            continue
        if n == 1:
            what = f"class {label!r} has 1 row, so feature {feature!r} takes one value there ({mean:g})"
        else:
            what = f"feature {feature!r} takes the one value {mean:g} in all {n} rows of class {label!r}"
        raise ValueError(
            f"{what}: at mu = {mean:g} its log-likelihood -n log sigma - (n/2) log 2 pi grows without bound "
            "as its scale shrinks to 0, so there is no maximum to climb to, and the gradient would push "
            "sigma to 0 and past it. Give the class at least two different values of the feature, or drop it"
        )


def check_still_a_gaussian(means, scales, epoch, statistics, settings):
    """After a step: every scale still > 0 and every parameter finite, or a clear error with a way out."""
    for key, scale in scales.items():
        if scale > 0 and math.isfinite(scale) and math.isfinite(means[key]):
            continue
        label, feature = key
        n, _, squares = statistics[key]
        target = math.sqrt(squares / n)
        if settings["optimizer"] == "adam":
            why = (
                f"Adam's steps are of the order of learning_rate={settings['learning_rate']:g}, too coarse for the "
                f"maximum likelihood scale {target:.3g} it heads for"
            )
        else:
            why = f"the step learning_rate * gradient was too large (learning_rate={settings['learning_rate']:g})"
        raise ValueError(
            f"epoch {epoch}: the scale of feature {feature!r} in class {label!r} stepped to {scale:.4g} "
            f"(mean {means[key]:.4g}), and a scale must be > 0: {why}; use a smaller learning_rate"
        )
