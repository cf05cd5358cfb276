"""Categorical naive Bayes: each feature takes one of a few values, such as "sunny" or "rain".

"Lecture #7: Naïve Bayes" extends the Bernoulli spam filter to features with
K_j values: P(x_j = v | c) becomes a categorical distribution with one
probability per value.  Training counts, per class c and feature j:

* ``n_jvc`` -- the class-c rows in which feature j has the value v
  (``value_counts_[c][j][v]``);
* ``n_jc``  -- the class-c rows in which feature j is present at all
  (``feature_counts_[c][j]``, the sum of the n_jvc);
* ``P(x_j = v | c) = (n_jvc + alpha) / (n_jc + alpha K_j)``, where K_j is the
  number of values of feature j (seen in training, or given in ``categories``).

The values can be anything hashable: strings, booleans, numbers, tuples,
never integer codes that you first have to make up.  A value that training
never saw is left out of the product, the rule the text models use for
unseen words (``unseen="ignore"``), or refused (``unseen="error"``).

The PlayTennis example (Mitchell, *Machine Learning*, 1997), worked by hand on the docs page:

>>> from naivebayes.datasets import load_play_tennis
>>> rows, labels, test_row = load_play_tennis()
>>> model = CategoricalNB().fit(rows, labels)
>>> model.prior("yes"), model.likelihood("outlook", "sunny", "yes")
(Fraction(9, 14), Fraction(1, 4))
>>> model.predict([test_row])
['no']
"""

from naivebayes.core.arithmetic import log, ratio
from naivebayes.core.priors import Dirichlet, MEstimate, Prior, check_prior_denominator, check_smoothing_or_prior, prior_pseudo_counts
from naivebayes.plumbing.checks import as_setting, refuse_bools_equal_to_numbers, refuse_date
from naivebayes.naive_bayes.base import add_count
from naivebayes.naive_bayes.linear_form import LinearForm, SoftmaxForm, check_finite, per_class, two_classes
from naivebayes.naive_bayes.generative import cumulative_weights, draw_index, most_probable, predictive_mixture
from naivebayes.naive_bayes.table_base import TableNaiveBayes, check_unseen
from naivebayes.tables.rows import present_values

__all__ = [
    "CategoricalNB",
    "Categorical",
    "add_categorical_counts",
    "categorical_likelihood",
    "categorical_log_likelihood",
    "categorical_log_likelihood_rows",
    "categorical_log_terms",
    "categorical_linear_form",
]


# --8<-- [start:eq-categorical-count]
def add_categorical_counts(value_counts, values):
    """n_jvc += 1 for the value v of feature j in each class-c row where it is present.

    ``value_counts`` is the table ``value_counts_[c][j]``; ``values`` are the
    feature's present values in the class's rows.

    Formula: docs/categorical.md#eq-categorical-count
    """
    for value in values:
        value_counts[value] = value_counts.get(value, 0) + 1
# --8<-- [end:eq-categorical-count]


# --8<-- [start:eq-categorical-lidstone]
def categorical_likelihood(count, total, alpha, n_categories):
    """P(x_j = v | c) = (n_jvc + alpha) / (n_jc + alpha K_j): alpha pseudo-rows for each of the K_j values.

    Formula: docs/categorical.md#eq-categorical-lidstone
    """
    return ratio(count + alpha, total + alpha * n_categories)
# --8<-- [end:eq-categorical-lidstone]


# --8<-- [start:eq-categorical-log-likelihood]
def categorical_log_likelihood(count, total, alpha, n_categories):
    """log P(x_j = v | c) = log(n_jvc + alpha) - log(n_jc + alpha K_j), with log 0 = -inf.

    Formula: docs/categorical.md#eq-categorical-log-likelihood
    """
    return log(count + alpha) - log(total + alpha * n_categories)
# --8<-- [end:eq-categorical-log-likelihood]


# --8<-- [start:eq-categorical-rows]
def categorical_log_likelihood_rows(value_counts, totals, categories, alpha):
    """{v: (log P(x_j = v | c) for each class c)} for one feature j: its lookup table.

    ``value_counts`` is [n_jvc tables, one per class] and ``totals`` is
    [n_jc, one per class], both in ``classes_`` order; ``categories`` lists the
    K_j values.  Prediction then costs one dictionary lookup per feature.

    Formula: docs/categorical.md#eq-categorical-rows
    """
    n_categories = len(categories)
    return {
        value: tuple(
            categorical_log_likelihood(counts.get(value, 0), total, alpha, n_categories)
            for counts, total in zip(value_counts, totals)
        )
        for value in categories
    }
# --8<-- [end:eq-categorical-rows]


# --8<-- [start:eq-categorical-term]
def categorical_log_terms(log_likelihood_rows, value):
    """(log P(x_j = v | c) for every class c): the row of v in feature j's table, built when training ended.

    ``log_likelihood_rows`` is the table ``categorical_log_likelihood_rows``
    made; a value training never saw has no row, so the result is None and
    prediction leaves the feature out.

    Formula: docs/categorical.md#eq-categorical-term
    """
    return log_likelihood_rows.get(value)
# --8<-- [end:eq-categorical-term]


# --8<-- [start:eq-categorical-linear-form]
def categorical_linear_form(feature_lookups, positive, negative):
    """w_(j,v) = log P(x_j = v | c_1) - log P(x_j = v | c_0), on the one-hot indicators x_(j,v); the bias is 0.

    ``positive`` and ``negative`` are the positions of c_1 and c_0 in
    ``classes_``; ``feature_lookups[j][v]`` holds log P(x_j = v | c) for every
    class.  A missing feature sets no indicator and a value never seen has no
    weight, so each adds 0: the rule the model follows.

    Formula: docs/logistic-form.md#eq-categorical-linear-form
    """
    return {
        (feature, value): row[positive] - row[negative]
        for feature, lookup in feature_lookups.items()
        for value, row in lookup.items()
    }
# --8<-- [end:eq-categorical-linear-form]


def sorted_categories(values):
    """The values sorted, or in the order first seen when they cannot be compared (say str and None)."""
    try:
        return sorted(values)
    except TypeError:
        return list(values)


def refuse_counted_values_outside(feature, value_counts, categories):
    """Raise a clear error if training counted a value of ``feature`` that ``categories`` leaves out (its counts would be lost)."""
    allowed = set(categories)
    for counts in value_counts:
        for value in counts:
            if value not in allowed:
                raise ValueError(
                    f"categories[{feature!r}] = {categories} leaves out {value!r}, which training counted, so its "
                    f"counts would be lost; list every value the feature has (add {value!r}), or train a new model"
                )


def refuse_a_bool_for_a_number(model, feature, value, where):
    """Raise a clear error for True given where training saw 1 (or 1 where it saw True): a dict takes them as one."""
    for category in model.categories_.get(feature, ()):
        if category == value and (type(category) is bool) != (type(value) is bool):
            raise ValueError(
                f"{where}: feature {feature!r} has the value {value!r}, but training saw {category!r}, which Python "
                f"takes as the same value ({value!r} == {category!r}); pass the values as training had them"
            )


def categorical_prior_thetas(prior, label, feature, counts, total, categories, exact=True):
    """{v: prior.theta(n_jvc, n_jc, a_v, A, K_j)} over feature j's categories in class c, with alpha a prior.

    The prior's values are ``(feature, category)`` pairs; A is the sum of the
    a_v over the K_j categories (pairs it names for other values are
    ignored).  With ``exact=False`` worked out in floats (the lookup rows).
    """
    n_categories = len(categories)
    pairs = [(feature, value) for value in categories]
    pseudo_counts = prior_pseudo_counts(prior, label, pairs, f"feature {feature!r}'s categories")  # a_v
    pseudo_total = sum(pseudo_counts)  # A
    check_prior_denominator(prior, total, pseudo_total, n_categories, f"feature {feature!r} in class {label!r}")
    if not exact:
        total, pseudo_total, pseudo_counts = float(total), float(pseudo_total), [float(a) for a in pseudo_counts]
    return {
        value: prior.theta(counts.get(value, 0) if exact else float(counts.get(value, 0)), total, a, pseudo_total, n_categories)
        for value, a in zip(categories, pseudo_counts)
    }


def check_hashable(value, where, feature):
    """The value, or a clear error if it cannot be a category: not a dict key, or a date (one category per date)."""
    try:
        hash(value)
    except TypeError:
        raise TypeError(
            f"{where}: feature {feature!r} has the value {value!r}, which cannot be a category "
            "(categories must be hashable, such as strings, numbers or tuples)"
        ) from None
    refuse_date(where, feature, value)
    return value


class Categorical:
    """The categorical distribution of one feature: one probability per value, per class.

    Count table ``value_counts_[c][j]`` = {v: n_jvc}; lookup tables
    ``categories_[j]`` (the K_j values) and, in ``feature_lookups_[j]``,
    {v: (log P(x_j = v | c) for c in classes_)}.
    """

    name = "categorical"
    count_tables = {"value_counts_": {}}  # {label: {feature: {value: n_jvc}}}
    feature_tables = {}
    lookup_tables = {"categories_": {}}  # {feature: [its K_j values]}, built when training ends
    exact = True  # every probability is a ratio of counts
    holds = "probability"  # what an explanation shows beside a term
    leaves_unseen_out = True  # a value training never saw has no row: its log_terms are None

    @staticmethod
    def continue_from(model, previous):
        pass  # nothing: the categories are worked out again from all the counts

    @staticmethod
    def plain_values(model, feature, values):
        """True when every value can be a category (and is among the categories given, if any)."""
        try:
            distinct = set(values)
        except TypeError:  # an unhashable value: check_value names it
            return False
        if not set(map(type, distinct)) <= {str, int, float, bool}:
            return False  # (a tuple, a date...: check_value looks at each)
        given = (model.categories or {}).get(feature)
        return given is None or distinct <= set(given)

    @staticmethod
    def check_value(model, feature, value, where, training):
        if type(value) not in (str, int, float, bool):  # (plain values are hashable: no call for them)
            check_hashable(value, where, feature)
        given = (model.categories or {}).get(feature)
        if training and given is not None and value not in given:
            raise ValueError(
                f"{where}: feature {feature!r} has the value {value!r}, which is not among its "
                f"categories {given}; add it to categories={{{feature!r}: [...]}}"
            )
        if not training and (type(value) is bool or type(value) in (int, float) and value in (0, 1)
                             and bool in map(type, model.categories_[feature])):  # (only a bool category can clash)
            refuse_a_bool_for_a_number(model, feature, value, where)  # True == 1: one row of the table for both
        if not training and model.unseen == "error" and value not in model.feature_lookups_[feature]:
            raise ValueError(
                f"{where}: feature {feature!r} has the value {value!r}, which training never saw "
                f"(its values are {model.categories_[feature]}); pass unseen='ignore' to leave such "
                "values out of the product"
            )
        return value

    @staticmethod
    def check_values(model, values, where):
        """One row's categorical values checked to predict: a string or a number passes at a glance, others take check_value."""
        any_value = model.unseen != "error"
        for feature, value in values.items():
            kind = type(value)  # a str passes at a glance; so does a number, unless it is 0 or 1 and a bool is a category
            plain = kind is str or (kind is float or kind is int) and (
                value != 0 and value != 1 or bool not in map(type, model.categories_[feature]))
            if not (plain and (any_value or value in model.feature_lookups_[feature])):
                values[feature] = Categorical.check_value(model, feature, value, where, training=False)
        return values

    @staticmethod
    def count(model, feature, values_by_label):
        kinds = set()
        for values in values_by_label.values():
            kinds.update(map(type, values))  # (in C: the usual column of strings costs one pass)
        if bool in kinds and len(kinds) > 1:
            refuse_bools_equal_to_numbers(
                f"feature {feature!r}", [value for values in values_by_label.values() for value in values], "category",
                "write the values of one feature in one kind, such as the strings 'True' and '1'",
            )
        for label, values in values_by_label.items():
            value_counts = {}
            add_categorical_counts(value_counts, values)  # n_jvc
            model.value_counts_.setdefault(label, {})[feature] = value_counts

    @staticmethod
    def merge(merged, a, b, feature):
        for label in merged.class_counts_:
            value_counts = {}
            for model in (a, b):
                for value, n in model.value_counts_.get(label, {}).get(feature, {}).items():
                    add_count(value_counts, value, n)
            merged.value_counts_.setdefault(label, {})[feature] = value_counts

    @staticmethod
    def build_lookups(model, features):
        given = model.categories or {}
        for feature in features:
            value_counts = [model.value_counts_[label][feature] for label in model.classes_]
            totals = [model.feature_counts_[label][feature] for label in model.classes_]  # n_jc
            if feature in given:
                categories = list(given[feature])
                refuse_counted_values_outside(feature, value_counts, categories)  # (categories assigned after fit)
            else:
                seen = {}  # every value any class saw, in the order first seen
                for counts in value_counts:
                    seen.update(dict.fromkeys(counts))
                categories = sorted_categories(seen)
            if isinstance(model.alpha, Prior):  # each class's estimates from the prior, checked, then their logs
                model.categories_[feature] = categories
                thetas = [
                    categorical_prior_thetas(model.alpha, label, feature, counts, total, categories, exact=False)
                    for label, counts, total in zip(model.classes_, value_counts, totals)
                ]
                model.feature_lookups_[feature] = {
                    value: tuple(log(of_class[value]) for of_class in thetas) for value in categories
                }
                continue
            for label, total in zip(model.classes_, totals):
                if total + model.alpha * len(categories) == 0:
                    raise ValueError(
                        f"feature {feature!r} has no values in class {label!r}, so with alpha = 0 its "
                        "probabilities are 0/0; use alpha > 0, or drop the feature"
                    )
            model.categories_[feature] = categories
            model.feature_lookups_[feature] = categorical_log_likelihood_rows(
                value_counts, totals, categories, model.alpha
            )

    @staticmethod
    def log_terms(model, feature, value):
        return categorical_log_terms(model.feature_lookups_[feature], value)

    @staticmethod
    def likelihoods(model, feature, value):
        n_categories = len(model.categories_[feature])
        if isinstance(model.alpha, Prior):
            return tuple(
                categorical_prior_thetas(
                    model.alpha, label, feature, model.value_counts_[label][feature],
                    model.feature_counts_[label][feature], model.categories_[feature],
                )[value]
                for label in model.classes_
            )
        likelihoods = []
        for label in model.classes_:
            count, total = model.value_counts_[label][feature].get(value, 0), model.feature_counts_[label][feature]
            likelihoods.append(categorical_likelihood(count, total, model.alpha, n_categories))  # (n_jvc + alpha) / (n_jc + alpha K_j)
        return tuple(likelihoods)

    @staticmethod
    def draw(model, feature, label, generator):
        """A value v drawn with P(x_j = v | c) = (n_jvc + alpha) / (n_jc + alpha K_j), over ``categories_[j]``."""
        categories = model.categories_[feature]
        value_counts = model.value_counts_[label][feature]
        if isinstance(model.alpha, Prior):  # n_jvc + a_v (less 1 for the MAP estimate): proportional to the estimate
            prior, n_categories = model.alpha, len(categories)
            weights = [
                prior.weight(value_counts.get(value, 0), prior.pseudo_count(label, (feature, value), n_categories))
                for value in categories
            ]
        else:
            weights = [value_counts.get(value, 0) + model.alpha for value in categories]  # n_jvc + alpha
        return categories[draw_index(generator.random(), cumulative_weights(weights))]

    @staticmethod
    def predictive(model, feature, weights):
        """(the most probable value, {v: sum_c P(c | observed) P(x_j = v | c)}) over ``categories_[j]``."""
        likelihoods = {value: Categorical.likelihoods(model, feature, value) for value in model.categories_[feature]}
        distribution = predictive_mixture(weights, likelihoods)
        return most_probable(distribution), distribution


# Why alpha = 0 can leave a model without a linear form.
CATEGORICAL_ALPHA_ZERO_HINT = (
    "with alpha = 0 a value that a class never saw has P(x_j = v | c) = 0, and log 0 is infinite; "
    "use alpha > 0 (Laplace smoothing, alpha = 1, is the default)"
)


class CategoricalNB(TableNaiveBayes):
    """Naive Bayes over categorical features, with any hashable values.

    Parameters
    ----------
    alpha : int, Fraction, float or a prior, default 1
        Pseudo-rows per value: 1 is Laplace smoothing, 0 the maximum
        likelihood estimate.  With an int or a Fraction every probability is
        an exact Fraction.  A ``Dirichlet`` or ``MEstimate`` prior
        (``naivebayes.core.priors``) gives pseudo-rows per value, keyed by
        ``(feature, category)`` pairs, and P(x_j = v | c) is
        prior.theta(n_jvc, n_jc, a_v, A_j, K_j); pairs naming no category
        of the feature are ignored.
    fit_prior, class_prior
        As for every model: learn P(c), use 1/K, or use the priors given.
    unseen : "ignore" or "error", default "ignore"
        What to do with a value that training never saw: leave it out of the
        product, or refuse the row.
    categories : dict, optional
        {feature: [every value it can take]}: K_j is then the length of the
        list, whether or not training saw every value.

    Tables: ``value_counts_[c][j][v]`` (n_jvc), ``feature_counts_[c][j]`` (n_jc),
    ``categories_[j]``, and those of every tabular model.
    """

    model_name = "categorical naive Bayes"
    distribution_kinds = {"categorical": Categorical}
    count_tables = {**TableNaiveBayes.count_tables, **Categorical.count_tables}
    class_tables = TableNaiveBayes.class_tables + tuple(Categorical.count_tables)
    lookup_tables = {**TableNaiveBayes.lookup_tables, **Categorical.lookup_tables}

    def __init__(self, alpha=1, fit_prior=True, class_prior=None, unseen="ignore", categories=None):
        self.alpha = check_smoothing_or_prior(alpha, "CategoricalNB", (Dirichlet, MEstimate))
        self.unseen = check_unseen(unseen)
        self.categories = check_categories(categories)
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)

    # -- counting with sample_weight ------------------------------------------

    takes_sample_weight = True

    def _count_weighted(self, rows, labels, weights):
        """``_count`` with ``sample_weight``: n_jvc and n_jc add each row's weight w, not 1.

        The rows are first counted as without weights, which checks every value
        and names the features; then the counts are made again, weighted.  A
        value seen only in rows of weight 0 keeps an entry of 0, so it is still
        one of the feature's K_j categories (as in scikit-learn).
        """
        self._count(rows, labels)
        value_counts = {label: {feature: {} for feature in self.features_} for label in self.class_counts_}
        for i, (row, label, weight) in enumerate(zip(rows, labels, weights)):
            for feature, value in present_values(row, f"X[{i}]").items():
                value = Categorical.check_value(self, feature, value, f"X[{i}]", training=True)
                add_count(value_counts[label][feature], value, weight)  # n_jvc += w
        self.value_counts_ = value_counts
        self.feature_counts_ = {  # n_jc, the sum of the n_jvc
            label: {feature: sum(counts.values()) for feature, counts in by_feature.items()}
            for label, by_feature in value_counts.items()
        }

    # -- the linear form (docs/logistic-form.md) -----------------------------

    def linear_form(self, positive=None, negative=None):
        """log P(positive | x) - log P(negative | x) = w^T x + b on the one-hot x_(j,v): a ``LinearForm``.

        x_(j,v) = 1 when feature j has the value v.  With two classes the
        defaults are ``classes_[1]`` against ``classes_[0]``.  A missing feature,
        or a value training never saw, adds 0, as ``predict`` leaves it out
        (with ``unseen="error"`` the model refuses such a value; the form still adds 0).
        """
        self._check_can_predict()
        positive, negative = two_classes(self.classes_, positive, negative)
        k1, k0 = self.classes_.index(positive), self.classes_.index(negative)
        weights = categorical_linear_form(self.feature_lookups_, k1, k0)
        check_finite(weights, 0, CATEGORICAL_ALPHA_ZERO_HINT)
        log_prior_ratio = self.log_priors_[k1] - self.log_priors_[k0]  # log(pi_1 / pi_0)
        return LinearForm(positive, negative, weights, 0, log_prior_ratio, "one-hot")

    def softmax_form(self):
        """P(c | x) = softmax_c(w_c^T x + b_c), w_(j,v)c = log P(x_j = v | c), b_c = log P(c): a ``SoftmaxForm``."""
        self._check_can_predict()
        one_hot_rows = {
            (feature, value): row for feature, lookup in self.feature_lookups_.items() for value, row in lookup.items()
        }
        weights = per_class(one_hot_rows, self.classes_)
        for label in self.classes_:
            check_finite(weights[label], 0, CATEGORICAL_ALPHA_ZERO_HINT)
        biases = {label: 0 for label in self.classes_}
        return SoftmaxForm(self.classes_, weights, biases, dict(zip(self.classes_, self.log_priors_)), "one-hot")


def check_categories(categories):
    """None, or {feature: a list of distinct values}."""
    if categories is None:
        return None
    if not isinstance(categories, dict):
        raise TypeError("categories must be a dict {feature: [values]}, such as {'outlook': ['sunny', 'rain']}")
    for feature, values in categories.items():
        if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
            raise TypeError(f"categories[{feature!r}] must be a list of values, not {values!r}")
        values = list(values)
        for value in values:
            try:
                hash(value)
            except TypeError:
                raise TypeError(
                    f"categories[{feature!r}] has the value {value!r}, which cannot be a category (categories "
                    "must be hashable, such as strings, numbers or tuples)"
                ) from None
        if len(set(values)) != len(values) or not values:
            raise ValueError(f"categories[{feature!r}] must list each value once, and at least one: {values!r}")
    return as_setting(categories)
