"""Choosing and checking a model: cross-validation, a grid search over settings, learning curves.

The names and arguments are scikit-learn's (``cross_val_score``,
``cross_validate``, ``GridSearchCV``, ``learning_curve``), and so are the
folds: ``cv=10`` means ``StratifiedKFold(10)``, as scikit-learn uses for a
classifier.  Any object with ``fit``, ``predict`` and ``score`` will do (the
library's models, or anything shaped like them); for each fold a new model is
made with the same settings, ``type(model)(**model.get_params())``, so the
model you pass is never trained.  The results print, and show in a notebook,
as tables (docs/model-selection.md):

    folds --fit on k-1 folds, score on the one left--> k scores --> mean and spread
    settings x folds --> a mean and spread per setting --> the best setting, refitted on everything

>>> from naivebayes import MultinomialNB
>>> from naivebayes.datasets import load_spam
>>> texts, labels = load_spam()
>>> scores = cross_val_score(MultinomialNB(), texts, labels, cv=5)
>>> scores.mean()
0.9727
"""

import inspect
import operator
import math
import time
from fractions import Fraction
from itertools import product

from naivebayes.plumbing.checks import NotFittedError, as_list, check_labels
from naivebayes.plumbing.display import Score, html_table, markdown_table, text_table
from naivebayes.plumbing.random_numpy import check_random_state
from naivebayes.evaluation.folds import KFold, StratifiedKFold
from naivebayes.evaluation.metrics import accuracy, f1_score, precision, recall

__all__ = [
    "cross_val_predict",
    "cross_val_score",
    "cross_validate",
    "cross_validation_mean",
    "cross_validation_spread",
    "GridSearchCV",
    "GridSearch",
    "learning_curve",
    "new_model",
    "check_fit_params",
]


# ---------------------------------------------------------------------------
# The two numbers cross-validation reports
# ---------------------------------------------------------------------------


# --8<-- [start:eq-cross-validation-mean]
def cross_validation_mean(scores):
    """The cross-validation estimate: the mean of the k fold scores, (1/k) sum_i s_i (exact for Fractions).

    Formula: docs/model-selection.md#eq-cross-validation-mean
    """
    k = len(scores)
    total = sum(scores, Fraction(0)) if all(isinstance(s, (int, Fraction)) for s in scores) else math.fsum(scores)
    mean = total / k  # (1/k) sum_i s_i
    return Score(mean) if isinstance(mean, Fraction) else mean


# --8<-- [end:eq-cross-validation-mean]


# --8<-- [start:eq-cross-validation-spread]
def cross_validation_spread(scores):
    """The spread of the fold scores: their standard deviation, sqrt((1/k) sum_i (s_i - mean)^2), as numpy's std.

    Formula: docs/model-selection.md#eq-cross-validation-spread
    """
    k = len(scores)
    mean = cross_validation_mean(scores)
    exact = all(isinstance(s, (int, Fraction)) for s in scores)
    squares = [(Fraction(s) - Fraction(mean)) ** 2 if exact else (s - mean) ** 2 for s in scores]
    variance = (sum(squares, Fraction(0)) if exact else math.fsum(squares)) / k  # (1/k) sum_i (s_i - mean)^2
    return math.sqrt(variance)


# --8<-- [end:eq-cross-validation-spread]


# ---------------------------------------------------------------------------
# Checks at the boundary: the model, the folds, the scoring
# ---------------------------------------------------------------------------


def new_model(model, settings=None):
    """A new, untrained model like ``model``, with ``settings`` changed: ``type(model)(**params)``.

    ``params`` is ``model.get_params()`` updated with ``settings``; a name that
    is not one of the model's settings is refused with the names it has.
    """
    if isinstance(model, type):
        raise TypeError(
            f"{model.__name__} is a class; pass a model made from it, such as {model.__name__}() "
            f"(with its settings in the brackets)"
        )
    if not hasattr(model, "get_params"):
        raise TypeError(
            f"{type(model).__name__} has no get_params(); cross-validation makes a new model for each fold "
            f"from type(model)(**model.get_params()): pass one of the library's models, or give yours get_params"
        )
    params = dict(model.get_params())
    for name, value in (settings or {}).items():
        if name not in params:
            raise ValueError(
                f"{name!r} is not a setting of {type(model).__name__}; its settings are {', '.join(params)}"
            )
        params[name] = value
    return type(model)(**params)


def check_fit_params(model, fit_params):
    """``fit_params`` checked: None or a dict of extra arguments that ``model.fit(X, y, ...)`` takes by name.

    They go, unchanged, to the fit of every fold, such as
    ``{"X_unlabeled": documents}`` for ``SemiSupervisedNB``; the one
    per-example list, ``sample_weight``, goes split: each fold's ``fit`` gets
    the weights of its own training examples (``fold_fit_params``).
    """
    if fit_params is None:
        return {}
    if not isinstance(fit_params, dict):
        raise TypeError(
            f"fit_params={fit_params!r}; pass a dict of extra arguments of fit by name, "
            f"such as {{'X_unlabeled': documents}}"
        )
    try:
        parameters = inspect.signature(model.fit).parameters
    except (TypeError, ValueError):  # no signature to read: let fit itself say
        return dict(fit_params)
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    names = [name for name, p in parameters.items() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    for name in fit_params:
        if name in names[:2] or not takes_any and name not in names[2:]:
            others = ", ".join(names[2:]) or "none"
            raise ValueError(
                f"fit_params names {name!r}, which is not an extra argument of {type(model).__name__}.fit "
                f"(X and y come from the folds; its extra arguments: {others})"
            )
    return dict(fit_params)


def check_cv(cv=5):
    """The folds to use: an int k is ``StratifiedKFold(k)`` (scikit-learn's choice for a classifier),
    an object with ``split`` is used as it is, and a list of ``(train, test)`` position pairs is taken as given."""
    if cv is None:
        cv = 5
    if isinstance(cv, (bool, str, bytes)):
        raise TypeError(f"cv={cv!r}; pass a number of folds such as 5 or 10, or a splitter such as KFold(10)")
    if isinstance(cv, int):
        return StratifiedKFold(cv)
    if hasattr(cv, "split"):
        return cv
    if isinstance(cv, (list, tuple)):
        return _GivenSplits(cv)
    raise TypeError(
        f"cv={cv!r} is a {type(cv).__name__}; pass a number of folds such as 10, a splitter such as "
        f"KFold(10, shuffle=True, random_state=0), or a list of (train, test) position lists"
    )


class _GivenSplits:
    """Splits given as a list of ``(train positions, test positions)`` pairs."""

    def __init__(self, pairs):
        if not pairs:
            raise ValueError("cv is an empty list of splits; give at least one (train positions, test positions) pair")
        self.pairs = []
        for number, pair in enumerate(pairs):
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise TypeError(f"cv[{number}] = {pair!r}; each split is a pair (train positions, test positions)")
            train, test = pair
            for name, positions in (("train", train), ("test", test)):
                if isinstance(positions, (str, bytes, dict)) or not hasattr(positions, "__iter__"):
                    raise TypeError(f"cv[{number}]: the {name} positions {positions!r} must be a list of whole numbers")
            self.pairs.append((list(train), list(test)))

    def split(self, X, y=None, groups=None):
        yield from self.pairs


def _position(value):
    """A position as an int (numpy's integers too), or None if it is not a whole number."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _checked_splits(splitter, X, y):
    """The splitter's ``(train, test)`` pairs as lists of positions of X, each part non-empty and in range."""
    n = len(X)
    splits = []
    for number, pair in enumerate(splitter.split(X, y)):
        if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2:
            raise TypeError(f"cv split {number} is {pair!r}; each split is a pair (train positions, test positions)")
        parts = []
        for name, positions in zip(("train", "test"), pair):
            if isinstance(positions, (str, bytes, dict)) or not hasattr(positions, "__iter__"):
                raise TypeError(f"cv split {number}: the {name} positions {positions!r} must be a list of whole numbers")
            positions = list(positions)
            if not positions:
                raise ValueError(f"cv split {number}: the {name} part is empty; each part needs an example")
            checked = [_position(p) for p in positions]
            wrong = [p for p, c in zip(positions, checked) if c is None or not 0 <= c < n]
            if wrong:
                raise ValueError(
                    f"cv split {number}: the {name} positions hold {wrong[0]!r}, not a position 0..{n - 1} of X"
                )
            parts.append(checked)
        splits.append(tuple(parts))
    if not splits:
        raise ValueError(f"cv gave no splits of the {n} examples; give a cv that makes at least one (train, test) pair")
    return splits


SCORING_NAMES = {
    "accuracy": (accuracy, None),
    "precision_macro": (precision, "macro"),
    "precision_micro": (precision, "micro"),
    "precision_weighted": (precision, "weighted"),
    "recall_macro": (recall, "macro"),
    "recall_micro": (recall, "micro"),
    "recall_weighted": (recall, "weighted"),
    "f1_macro": (f1_score, "macro"),
    "f1_micro": (f1_score, "micro"),
    "f1_weighted": (f1_score, "weighted"),
}


class _Scorer:
    """How one fold is scored: by ``model.score``, or by a metric of the true and predicted labels."""

    def __init__(self, scoring):
        self.scoring = scoring
        if scoring is None:
            self.name, self.metric, self.average = "score", None, None
        elif isinstance(scoring, str):
            if scoring not in SCORING_NAMES:
                raise ValueError(
                    f"scoring={scoring!r} is not a score this library knows; use one of "
                    f"{', '.join(SCORING_NAMES)}, a metric function f(y_true, y_pred), or None for model.score"
                )
            self.name = scoring
            self.metric, self.average = SCORING_NAMES[scoring]
        elif callable(scoring):
            self.name = getattr(scoring, "__name__", "score")
            self.metric, self.average = scoring, None
        else:
            raise TypeError(
                f"scoring={scoring!r}; pass None (the model's own score), a name such as 'f1_macro', "
                f"or a metric function f(y_true, y_pred) that returns one number"
            )

    def __call__(self, model, X, y):
        if self.metric is None:
            return model.score(X, y)
        y_pred = model.predict(X)
        value = self.metric(y, y_pred) if self.average is None else self.metric(y, y_pred, average=self.average)
        if isinstance(value, dict):
            raise TypeError(
                f"scoring={self.name} returned a dict (a score per class); pass a metric that returns one "
                f"number, such as 'f1_macro' or functools.partial(f1_score, average='macro')"
            )
        if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) or value != value:
            raise TypeError(
                f"scoring={self.name} returned {value!r}, not a number; pass a metric f(y_true, y_pred) "
                f"that returns one number, such as accuracy"
            )
        return value


def _check_data(X, y):
    X = as_list("X", X)
    y = check_labels(y, len(X))
    if len(X) < 2:
        raise ValueError(f"X holds {len(X)} examples; cross-validation needs at least two")
    return X, y


def fold_fit_params(fit_params, train, n_examples):
    """The extra arguments of one fold's ``fit``: ``sample_weight`` cut to the fold's training positions."""
    if not fit_params or "sample_weight" not in fit_params or fit_params["sample_weight"] is None:
        return fit_params or {}
    weights = as_list("fit_params['sample_weight']", fit_params["sample_weight"], "weights")
    if len(weights) != n_examples:
        raise ValueError(f"fit_params['sample_weight'] holds {len(weights)} weights for {n_examples} examples; "
                         f"give one weight per example of X")
    return {**fit_params, "sample_weight": [weights[i] for i in train]}


def _fit_and_score(model, settings, X, y, train, test, scorer, train_score=False, fit_params=None):
    """Fit a new model on the training positions, score it on the test positions; the times in seconds."""
    fitted = new_model(model, settings)
    X_train, y_train = [X[i] for i in train], [y[i] for i in train]
    X_test, y_test = [X[i] for i in test], [y[i] for i in test]
    start = time.perf_counter()
    fitted.fit(X_train, y_train, **fold_fit_params(fit_params, train, len(X)))
    fit_time = time.perf_counter() - start
    start = time.perf_counter()
    test_score = scorer(fitted, X_test, y_test)
    score_time = time.perf_counter() - start
    result = {"fit_time": fit_time, "score_time": score_time, "test_score": test_score}
    if train_score:
        result["train_score"] = scorer(fitted, X_train, y_train)
    return result


def _shown(value):
    """A score as four decimals."""
    return f"{float(value):.4f}"


# ---------------------------------------------------------------------------
# cross_validate and cross_val_score
# ---------------------------------------------------------------------------


class FoldScores(list):
    """The score of each fold (a list), printed and shown in a notebook as a table with the mean and spread."""

    def mean(self):
        """The mean of the fold scores (``cross_validation_mean``), exact for exact scores."""
        return cross_validation_mean(self)

    def std(self):
        """The spread: the standard deviation of the fold scores (``cross_validation_spread``), as numpy's std."""
        return cross_validation_spread(self)

    def _table(self):
        header = ["fold", "score"]
        rows = [[str(i + 1), _shown(score)] for i, score in enumerate(self)]
        footer = f"mean {_shown(self.mean())}, spread (standard deviation) {self.std():.4f} over {len(self)} folds"
        return header, rows, footer

    def to_text(self):
        header, rows, footer = self._table()
        return text_table(header, rows, footer=footer)

    def to_markdown(self):
        header, rows, _ = self._table()
        return markdown_table(header, rows)

    def __repr__(self):
        return self.to_text()

    __str__ = __repr__

    def _repr_html_(self):
        header, rows, footer = self._table()
        return html_table(header, rows, footer=footer)


class CrossValidation(dict):
    """What ``cross_validate`` returns: ``{"fit_time": [...], "score_time": [...], "test_score": [...]}``
    (and ``"train_score"``), one entry per fold as scikit-learn's; printed and shown as a table."""

    def __init__(self, results, n_train, n_test):
        super().__init__(results)
        self.n_train = n_train  # training examples in each fold
        self.n_test = n_test  # test examples in each fold

    def _table(self):
        keys = [key for key in ("train_score", "test_score") if key in self]
        header = ["fold", "train", "test"] + [key.replace("_", " ") for key in keys] + ["fit ms", "score ms"]
        rows = []
        for i in range(len(self["test_score"])):
            row = [str(i + 1), str(self.n_train[i]), str(self.n_test[i])]
            row += [_shown(self[key][i]) for key in keys]
            row += [f"{1000 * self['fit_time'][i]:.1f}", f"{1000 * self['score_time'][i]:.1f}"]
            rows.append(row)
        mean = ["mean", "", ""] + [_shown(cross_validation_mean(self[key])) for key in keys]
        spread = ["spread", "", ""] + [f"{cross_validation_spread(self[key]):.4f}" for key in keys]
        rows += [mean + ["", ""], spread + ["", ""]]
        return header, rows

    def to_text(self):
        header, rows = self._table()
        return text_table(header, rows)

    def to_markdown(self):
        header, rows = self._table()
        return markdown_table(header, rows)

    def __repr__(self):
        return self.to_text()

    __str__ = __repr__

    def _repr_html_(self):
        header, rows = self._table()
        return html_table(header, rows, marked_rows=[len(rows) - 2])


def cross_validate(model, X, y, *, cv=5, scoring=None, return_train_score=False, fit_params=None):
    """k-fold cross-validation: fit a new model on k-1 folds, score it on the one left, for each fold.

    ``cv`` is a number of folds (``StratifiedKFold(cv)``, as scikit-learn), a
    splitter such as ``KFold(10, shuffle=True, random_state=0)``, or a list
    of ``(train, test)`` position lists.  ``scoring`` is None (the model's own
    ``score``, the accuracy for the library's models), a name such as
    ``"f1_macro"``, or a metric ``f(y_true, y_pred)``.  Returns
    ``{"fit_time", "score_time", "test_score"}`` (and ``"train_score"``),
    lists with one entry per fold, which prints as a table.  ``fit_params``
    is a dict of extra arguments given, by name and unchanged, to every
    fold's ``fit``, such as ``{"X_unlabeled": documents}`` for
    ``SemiSupervisedNB`` (scikit-learn's ``params``).
    """
    splitter = check_cv(cv)
    scorer = _Scorer(scoring)
    new_model(model)  # refuse a model without get_params before any fitting
    fit_params = check_fit_params(model, fit_params)
    if not isinstance(return_train_score, bool):
        raise TypeError(f"return_train_score must be True or False, not {return_train_score!r}")
    X, y = _check_data(X, y)
    results = {"fit_time": [], "score_time": [], "test_score": []}
    if return_train_score:
        results["train_score"] = []
    n_train, n_test = [], []
    for train, test in _checked_splits(splitter, X, y):
        fold = _fit_and_score(model, None, X, y, train, test, scorer, return_train_score, fit_params)
        for key, value in fold.items():
            results[key].append(value)
        n_train.append(len(train))
        n_test.append(len(test))
    return CrossValidation(results, n_train, n_test)


def cross_val_score(model, X, y, *, cv=5, scoring=None, fit_params=None):
    """The test score of each fold of k-fold cross-validation, as a list that prints as a table.

    The arguments are ``cross_validate``'s; ``scores.mean()`` and
    ``scores.std()`` give the mean and the spread, as for scikit-learn's array.
    """
    return FoldScores(cross_validate(model, X, y, cv=cv, scoring=scoring, fit_params=fit_params)["test_score"])


def cross_val_predict(model, X, y, *, cv=5, method="predict", fit_params=None):
    """Each example's prediction by the fold model that did not see it, in the order of ``X``.

    The arguments are ``cross_validate``'s; ``method`` is ``"predict"`` (a
    label per example) or ``"predict_proba"`` (a {label: P(c | x)} dict per
    example).  The folds' test parts must cover every example exactly once,
    as k-fold splits do.  Two classifiers' predictions made this way on the
    same folds are what a paired test such as ``paired_bootstrap_test``
    compares.
    """
    splitter = check_cv(cv)
    new_model(model)  # refuse a model without get_params before any fitting
    fit_params = check_fit_params(model, fit_params)
    if method not in ("predict", "predict_proba"):
        raise ValueError(f"method={method!r}; use 'predict' (labels) or 'predict_proba' (probabilities)")
    X, y = _check_data(X, y)
    predictions, tested = [None] * len(y), [False] * len(y)
    for train, test in _checked_splits(splitter, X, y):
        fitted = new_model(model)
        fitted.fit([X[i] for i in train], [y[i] for i in train], **fold_fit_params(fit_params, train, len(X)))
        for i, answer in zip(test, getattr(fitted, method)([X[i] for i in test])):
            if tested[i]:
                raise ValueError(f"example {i} is in more than one test fold; cross_val_predict needs folds "
                                 f"whose test parts cover each example once, as KFold and StratifiedKFold make")
            predictions[i], tested[i] = answer, True
    untested = tested.count(False)
    if untested:
        raise ValueError(f"{untested} examples are in no test fold (the first is example {tested.index(False)}); "
                         f"cross_val_predict needs folds whose test parts cover every example once")
    return predictions


# ---------------------------------------------------------------------------
# A grid search over settings
# ---------------------------------------------------------------------------


def parameter_grid(param_grid):
    """Every combination of settings, in scikit-learn's order (``ParameterGrid``).

    ``param_grid`` is ``{name: [values]}``, or a list of such dicts (each a
    grid of its own).  Within a grid the names are sorted and the last one
    changes fastest.

    >>> parameter_grid({"alpha": [0.5, 1], "fit_prior": [True, False]})
    [{'alpha': 0.5, 'fit_prior': True}, {'alpha': 0.5, 'fit_prior': False}, {'alpha': 1, 'fit_prior': True}, {'alpha': 1, 'fit_prior': False}]
    """
    grids = [param_grid] if isinstance(param_grid, dict) else param_grid
    if not isinstance(grids, (list, tuple)) or not grids:
        raise TypeError(
            f"param_grid={param_grid!r}; pass a dict of lists of values, such as {{'alpha': [0.1, 0.5, 1]}}"
        )
    settings = []
    for grid in grids:
        if not isinstance(grid, dict):
            raise TypeError(f"param_grid holds {grid!r}; each grid is a dict {{setting name: [values]}}")
        names = sorted(grid)
        for name in names:
            values = grid[name]
            if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
                raise TypeError(
                    f"param_grid[{name!r}] = {values!r}; give a list of values to try, such as [{values!r}]"
                )
            if len(list(values)) == 0:
                raise ValueError(f"param_grid[{name!r}] is empty; give at least one value to try")
        for values in product(*(list(grid[name]) for name in names)):
            settings.append(dict(zip(names, values)))
    return settings


class SettingScores(list):
    """One row (a plain dict) per setting: its scores on each fold, their mean and spread, and its rank.

    Each row has ``params``, ``mean_test_score``, ``std_test_score``,
    ``rank_test_score``, ``split0_test_score`` ... and ``mean_fit_time``, as
    scikit-learn's ``cv_results_`` has (there as columns; a list of rows such
    as this one makes the same pandas ``DataFrame``).  It prints, and shows in
    a notebook, as a table with the best setting marked.
    """

    def _table(self):
        names = []
        for row in self:
            names += [name for name in row["params"] if name not in names]
        header = names + ["mean score", "spread", "rank"]
        rows = []
        for row in self:
            cells = [repr(row["params"][name]) if name in row["params"] else "" for name in names]
            cells += [_shown(row["mean_test_score"]), f"{row['std_test_score']:.4f}", str(row["rank_test_score"])]
            rows.append(cells)
        best = [i for i, row in enumerate(self) if row["rank_test_score"] == 1][:1]
        return header, rows, best

    def to_text(self):
        header, rows, best = self._table()
        return text_table(header, rows)

    def to_markdown(self):
        header, rows, _ = self._table()
        return markdown_table(header, rows)

    def __repr__(self):
        return self.to_text()

    __str__ = __repr__

    def _repr_html_(self):
        header, rows, best = self._table()
        return html_table(header, rows, marked_rows=best)


def _ranks(means):
    """Rank 1 for the highest mean; equal means share the better rank (scikit-learn's ``rankdata(method="min")``)."""
    return [1 + sum(1 for other in means if other > mean) for mean in means]


class GridSearchCV:
    """Try every combination of settings by cross-validation; keep the best, refitted on all the data.

    ``GridSearchCV(model, {"alpha": [0.1, 0.5, 1]}, cv=10).fit(X, y)`` makes,
    for each setting, new models ``type(model)(**params)`` with ``params``
    from ``model.get_params()`` and the setting, and scores them on the same
    folds.  Then:

    * ``cv_results_``: the table of every setting's fold scores, mean, spread
      and rank;
    * ``best_params_``, ``best_score_`` (the highest mean; the first such
      setting on a tie, as scikit-learn), ``best_index_``;
    * ``best_estimator_``: a new model with the best setting, fitted on all of
      ``X`` and ``y`` (unless ``refit=False``); ``predict``, ``predict_proba``
      and ``score`` use it.
    """

    def __init__(self, estimator, param_grid, *, cv=5, scoring=None, refit=True):
        self.estimator = estimator
        self.param_grid = param_grid
        self.settings_ = parameter_grid(param_grid)
        for settings in self.settings_:
            new_model(estimator, settings)  # every name a setting of the model, every value accepted
        self.cv = cv
        self.splitter = check_cv(cv)
        self.scoring = scoring
        self.scorer = _Scorer(scoring)
        if not isinstance(refit, bool):
            raise TypeError(f"refit must be True or False (False keeps no fitted model), not {refit!r}")
        self.refit = refit

    def __repr__(self):
        head = f"{type(self).__name__}({type(self.estimator).__name__}, {self.param_grid!r}, cv={self.cv!r})"
        if not hasattr(self, "cv_results_"):
            return head
        best = ", ".join(f"{name}={value!r}" for name, value in self.best_params_.items())
        return f"{head}: best {best}, mean score {_shown(self.best_score_)}\n{self.cv_results_.to_text()}"

    def _repr_html_(self):
        if not hasattr(self, "cv_results_"):
            return None
        return self.cv_results_._repr_html_()

    def fit(self, X, y, **fit_params):
        """Cross-validate every setting on the same folds, then refit the best on all of ``X`` and ``y``.

        Extra arguments by name go to every ``fit``, as ``fit_params`` of ``cross_validate``.
        """
        fit_params = check_fit_params(self.estimator, fit_params)
        X, y = _check_data(X, y)
        splits = _checked_splits(self.splitter, X, y)
        results = SettingScores()
        for settings in self.settings_:
            folds = [
                _fit_and_score(self.estimator, settings, X, y, train, test, self.scorer, False, fit_params)
                for train, test in splits
            ]
            scores = [fold["test_score"] for fold in folds]
            row = {"params": settings}
            row.update({f"split{i}_test_score": score for i, score in enumerate(scores)})
            row["mean_test_score"] = cross_validation_mean(scores)
            row["std_test_score"] = cross_validation_spread(scores)
            row["mean_fit_time"] = math.fsum(fold["fit_time"] for fold in folds) / len(folds)
            results.append(row)
        for row, rank in zip(results, _ranks([row["mean_test_score"] for row in results])):
            row["rank_test_score"] = rank
        self.best_index_ = next(i for i, row in enumerate(results) if row["rank_test_score"] == 1)
        self.best_params_ = results[self.best_index_]["params"]
        self.best_score_ = results[self.best_index_]["mean_test_score"]
        self.n_splits_ = len(splits)
        if self.refit:
            self.best_estimator_ = new_model(self.estimator, self.best_params_).fit(X, y, **fit_params)
        self.cv_results_ = results
        return self

    def _best(self):
        if not hasattr(self, "best_estimator_"):
            raise NotFittedError(
                "this grid search has no refitted model: call fit(X, y) first (with refit=True)"
            )
        return self.best_estimator_

    def predict(self, X):
        """The best model's predictions."""
        return self._best().predict(X)

    def predict_proba(self, X):
        """The best model's probabilities."""
        return self._best().predict_proba(X)

    def score(self, X, y):
        """The best model's score on ``X`` and ``y``."""
        return self._best().score(X, y)


GridSearch = GridSearchCV  # the name for it


# ---------------------------------------------------------------------------
# Learning curves
# ---------------------------------------------------------------------------


def _training_sizes(train_sizes, n_max):
    """Absolute training sizes, as scikit-learn's ``_translate_train_sizes``: shares of the largest
    training fold (rounded down, at least 1), or numbers of examples; sorted, without repeats."""
    if isinstance(train_sizes, (str, bytes, dict)) or not hasattr(train_sizes, "__iter__"):
        raise TypeError(
            f"train_sizes={train_sizes!r}; give a list of training-set sizes: shares in (0, 1] such as "
            f"[0.1, 0.5, 1.0], or whole numbers of examples"
        )
    sizes = list(train_sizes)
    if not sizes:
        raise ValueError("train_sizes is empty; give the training-set sizes to try, such as [0.1, 0.5, 1.0]")
    if all(isinstance(size, int) and not isinstance(size, bool) for size in sizes):
        if min(sizes) <= 0 or max(sizes) > n_max:
            raise ValueError(
                f"train_sizes {sizes} are numbers of training examples and must lie in 1..{n_max}, "
                f"the size of the smallest first training fold"
            )
        absolute = sizes
    else:
        if any(isinstance(size, bool) or not isinstance(size, (int, float)) for size in sizes):
            raise TypeError(f"train_sizes={sizes!r}; give shares in (0, 1] or whole numbers of examples")
        if not all(0 < size <= 1 for size in sizes):  # (NaN too)
            raise ValueError(f"train_sizes {sizes} are shares of the training folds and must lie in (0, 1]")
        absolute = [min(max(int(size * n_max), 1), n_max) for size in sizes]
    return sorted(set(absolute))


class LearningCurve(tuple):
    """``(train_sizes, train_scores, test_scores)``, as scikit-learn's ``learning_curve`` returns them
    (``train_scores[i][j]``: size i, fold j); it unpacks as that tuple and prints as a table of means and spreads."""

    def __new__(cls, train_sizes, train_scores, test_scores):
        return super().__new__(cls, (train_sizes, train_scores, test_scores))

    @property
    def train_sizes(self):
        return self[0]

    @property
    def train_scores(self):
        return self[1]

    @property
    def test_scores(self):
        return self[2]

    def _table(self):
        header = ["training examples", "train mean", "train spread", "test mean", "test spread"]
        rows = []
        for size, train, test in zip(*self):
            rows.append(
                [
                    str(size),
                    _shown(cross_validation_mean(train)),
                    f"{cross_validation_spread(train):.4f}",
                    _shown(cross_validation_mean(test)),
                    f"{cross_validation_spread(test):.4f}",
                ]
            )
        return header, rows

    def to_text(self):
        header, rows = self._table()
        return text_table(header, rows, footer=f"each mean over {len(self[2][0])} folds")

    def to_markdown(self):
        header, rows = self._table()
        return markdown_table(header, rows)

    def __repr__(self):
        return self.to_text()

    __str__ = __repr__

    def _repr_html_(self):
        header, rows = self._table()
        return html_table(header, rows, footer=f"each mean over {len(self[2][0])} folds")


def learning_curve(
    model, X, y, *, train_sizes=(0.1, 0.325, 0.55, 0.775, 1.0), cv=5, scoring=None, shuffle=False, random_state=None,
    fit_params=None,
):
    """Train and test scores against the number of training examples, as scikit-learn's ``learning_curve``.

    For each fold of ``cv`` and each size n, a new model is fitted on the
    first n training positions of the fold and scored on the fold's training
    part used and on its test part.  ``train_sizes`` are shares of the first
    fold's training part (rounded down) or numbers of examples.  The training
    positions come in increasing order, so on data sorted by class the small
    sizes hold one class only: ``shuffle=True`` permutes each fold's training
    positions first (numpy's legacy ``permutation``, seeded by ``random_state``).
    ``fit_params`` go to every ``fit``, as for ``cross_validate``.
    """
    splitter = check_cv(cv)
    scorer = _Scorer(scoring)
    new_model(model)
    fit_params = check_fit_params(model, fit_params)
    if not isinstance(shuffle, bool):
        raise TypeError(f"shuffle must be True or False, not {shuffle!r}")
    generator = check_random_state(random_state)  # the seed checked before any fitting
    X, y = _check_data(X, y)
    splits = _checked_splits(splitter, X, y)
    sizes = _training_sizes(train_sizes, len(splits[0][0]))
    if shuffle:
        splits = [(generator.permutation(train), test) for train, test in splits]
    train_scores = [[] for _ in sizes]
    test_scores = [[] for _ in sizes]
    for number, (train, test) in enumerate(splits, 1):
        for i, size in enumerate(sizes):
            try:
                fold = _fit_and_score(model, None, X, y, train[:size], test, scorer, True, fit_params)
            except ValueError as error:
                classes = {y[position] for position in train[:size]}
                if len(classes) > 1:
                    raise
                raise ValueError(
                    f"{error}.  Here the first {size} training examples of fold {number} are all of one class "
                    f"({classes.pop()!r}): the training positions come in the data's order, so pass "
                    f"shuffle=True (with a random_state) or larger train_sizes"
                ) from error
            train_scores[i].append(fold["train_score"])
            test_scores[i].append(fold["test_score"])
    return LearningCurve(sizes, train_scores, test_scores)
