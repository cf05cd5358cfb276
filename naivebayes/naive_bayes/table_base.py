"""What the tabular models add to the shared skeleton: rows of named features, one distribution each.

A tabular model sees each example as a row, ``{feature: value}`` (see
``naivebayes/tables/rows.py``), and models each feature j with a distribution
of its own kind, fitted per class: categorical for categories, Gaussian for
measurements, Poisson for counts, a histogram for a piecewise-constant
density.  The naive assumption multiplies them:

    P(x | c) = prod over the features j present in x of p_j(x_j | c)

A missing value (None, NaN, or a feature absent from a dict row) is skipped
when counting, so ``feature_counts_[c][j]`` counts only the class-c rows in
which feature j is present, and it is left out of the product when
predicting, which is exactly marginalising it away (the missing-values docs
page derives this).

Tables every tabular model has:

* ``features_`` -- the feature names, in the order training first saw them;
* ``distributions_`` -- {feature: "categorical" | "gaussian" | "poisson" | "histogram"};
* ``feature_counts_[c][j]`` -- n_jc, the class-c rows in which feature j is present;
* ``n_columns_`` -- the width of list rows (None when the rows are dicts);
* ``feature_lookups_[j]`` -- what prediction looks up for feature j, built when training ends.

Each kind of distribution is a small class in its model's file (such as
``Categorical`` in ``categorical.py``) with the same few methods:

* ``count_tables``, ``feature_tables`` (learned by the first batch, then kept) and
  ``lookup_tables`` -- the kind's tables, each with its empty value; a model
  lists the tables of the kinds it uses among its own;
* ``continue_from(model, previous)`` -- carry over what a later batch must keep;
* ``plain_values(model, feature, values)`` -- True when a quick look shows every value is fine;
* ``check_value(model, feature, value, where, training)`` -- the value, or a clear error;
* ``check_values(model, values, where)`` -- one row's {feature: value} of this kind, checked to predict.
* ``count(model, feature, values_by_label)`` -- fill the kind's count tables for one feature;
* ``merge(merged, a, b, feature)`` -- the counts of two models, added;
* ``build_lookups(model, features)`` -- precompute what prediction looks up;
* ``log_terms(model, feature, value)`` -- log p_j(x_j | c) for every class (None: left out);
* ``likelihoods(model, feature, value)`` -- p_j(x_j | c) for every class, for explanations.
* ``draw(model, feature, label, generator)`` -- one value drawn from p_j(x_j | c) (``sample``);
* ``predictive(model, feature, weights)`` -- (the value to fill in, its distribution) under
  sum_c weights[c] p_j(x_j | c), the mixture ``impute`` uses.

A model names the kinds it may use in ``distribution_kinds``.
"""

import math

from naivebayes.core.arithmetic import is_exact
from naivebayes.core.bayes import bayes_rule, log_joint, log_posterior
from naivebayes.plumbing.checks import check_choice
from naivebayes.naive_bayes.base import TABLES_LOCK, NaiveBayes, Term, add_count, merge_class_counts, peek, plural
from naivebayes.tables.rows import (
    by_position_message,
    check_feature_names,
    check_rows,
    columns_by_class,
    declared_categories,
    no_features_message,
    present_values,
    row_width,
)
from naivebayes.plumbing.checks import warn_from_caller

__all__ = []  # (nothing here is called by a user: the models and the pages use it)


class TableNaiveBayes(NaiveBayes):
    """Rows of named features, each with its own distribution; the skeleton of every tabular model."""

    example_noun = "row"
    feature_noun = "feature"
    distribution_kinds = {}  # {name: kind class}; each model names its own, and lists their tables
    count_tables = {
        **NaiveBayes.count_tables,
        "features_": [],  # the feature names, in the order first seen
        "distributions_": {},  # {feature: the name of its distribution}
        "feature_counts_": {},  # n_jc: {label: {feature: rows of the class where it is present}}
        "n_columns_": None,  # the width of list rows, if the rows are lists
    }
    class_tables = NaiveBayes.class_tables + ("feature_counts_",)
    lookup_tables = {**NaiveBayes.lookup_tables, "feature_lookups_": {}}  # {feature: what prediction looks up}

    def _continue_from(self, model):
        """A later batch keeps the features, their distributions and the width of list rows.

        They are added after those this model has already (merging continues
        from both models: the first one's features, then the second's new ones).
        """
        for feature in model.features_:
            if feature not in self.distributions_:
                self.features_.append(feature)
                self.distributions_[feature] = model.distributions_[feature]
        if self.n_columns_ is None:
            self.n_columns_ = model.n_columns_
        for kind in self.distribution_kinds.values():
            kind.continue_from(self, model)

    def _kind(self, feature):
        """The distribution class of one feature."""
        return self.distribution_kinds[self.distributions_[feature]]

    def _choose_distribution(self, feature, values):
        """The distribution name for a feature seen for the first time (each model decides)."""
        return next(iter(self.distribution_kinds))

    # The settings that name features, {setting: what each name is given}: each name must be a feature.
    feature_settings = {"categories": "its categories"}

    def _read_declared_types(self, X):
        """The columns a DataFrame declares as categories (dtype ``category``): modelled as categories, or said."""
        self.declared_categories = declared_categories(X)

    def _check_something_learned(self, fitting):
        """No feature in the first batch (no columns, or every value missing): nothing to learn from.

        (A later ``partial_fit`` batch may have only missing values: the model has its features already.)
        """
        if not self.features_:
            raise ValueError(no_features_message(self.n_columns_))
        if fitting:  # (a first partial_fit batch may lack a feature that later batches bring)
            self._check_named_features()

    def _check_named_features(self):
        """Every feature named by a setting (``categories``, ``distributions``, ...) is one of the model's features."""
        known = [*self.features_, *(column for column in range(self.n_columns_ or 0) if column not in self.features_)]
        for setting in self.feature_settings:
            check_feature_names(setting, getattr(self, setting, None), known)

    def _say_declared_types(self):
        """One line for the declared category columns that this model models otherwise (a Gaussian, ...)."""
        declared = getattr(self, "declared_categories", ())
        other = [f"{feature!r} as {self.distributions_[feature]}" for feature in self.features_
                 if feature in declared and self.distributions_[feature] != "categorical"]
        if other:
            warn_from_caller(
                f"X declares {len(other)} column(s) as pandas categories, but {type(self).__name__} models "
                f"{', '.join(other)}; to model them as categories use CategoricalNB, or MixedNB"
            )

    # ------------------------------------------------------------------
    # Checking rows
    # ------------------------------------------------------------------

    _check_examples = staticmethod(check_rows)  # X as a list of rows, or a clear error

    def _check_example(self, row, where, training=False):
        """The row's present values as {feature: value}, each checked by its feature's distribution."""
        values = present_values(row, where)
        width = len(row) if type(row) is list else None if type(row) is dict else row_width(row)
        if width is not None:
            if self.n_columns_ is None and training:
                self.n_columns_ = width
            elif self.n_columns_ is not None and width != self.n_columns_:
                raise ValueError(
                    f"{where} has {width} values, but the model's rows have {self.n_columns_}; "
                    "every list row needs one value per column (None for a missing one)"
                )
            elif self.n_columns_ is None and self.features_ and self.features_ != list(range(width)):
                raise ValueError(by_position_message(where, width, self.features_))
        if training:
            return values  # checked in _count, once each feature has its distribution
        by_kind = {}  # one call per kind of distribution, not one per feature
        for feature, value in values.items():
            if feature not in self.distributions_:
                return self._check_each_value(values, where)  # names the unknown feature (or an earlier bad value)
            by_kind.setdefault(self.distributions_[feature], {})[feature] = value
        try:
            checked = [self.distribution_kinds[kind].check_values(self, group, where) for kind, group in by_kind.items()]
        except Exception:
            checked = None
        if checked is None:  # a bad value: checked one by one, so the first one in the row is named
            return self._check_each_value(values, where)
        for group in checked:
            values.update(group)  # (the row's order is kept)
        return values

    def _check_each_value(self, values, where):
        """The row's values checked one by one, in the row's order: the first problem is the one named."""
        kinds, distributions = self.distribution_kinds, self.distributions_
        for feature, value in values.items():
            if feature not in distributions:
                raise ValueError(
                    f"{where} has the feature {feature!r}, which training never saw; the model's "
                    f"features are {self.features_}"
                )
            values[feature] = kinds[distributions[feature]].check_value(self, feature, value, where, training=False)
        return values

    def _row_form(self):
        """"list" or "dict": the form of the rows the model was trained on (None if it has no features yet)."""
        if self.n_columns_ is not None:
            return "list"
        return "dict" if self.features_ else None

    def _check_one_example(self, row, method):
        """``[row]``, a list holding one row as ``predict`` wants, is not one row."""
        if isinstance(row, (list, tuple)) and row and all(isinstance(value, (dict, list, tuple)) for value in row):
            raise TypeError(
                f"{method} takes one row, but this is a list of {len(row)} rows, the form predict wants; "
                f"pass the row itself: model.{method}(row)"
            )

    def _ignored_features(self, row):
        """Features left out of the product: missing from the row, or with a value training never saw."""
        ignored = {feature: "missing" for feature in self.features_ if feature not in row}
        kinds, distributions = self.distribution_kinds, self.distributions_
        for feature, value in row.items():
            if kinds[distributions[feature]].leaves_unseen_out and value not in self.feature_lookups_[feature]:
                ignored[feature] = "unseen"  # (a categorical feature's table has a row for each value training saw)
        return ignored

    def _check_feature(self, feature):
        if feature not in self.distributions_:
            raise KeyError(f"{feature!r} is not a feature of this model; its features are {self.features_}")

    # ------------------------------------------------------------------
    # Counting
    # ------------------------------------------------------------------

    def _count(self, rows, labels):
        """Read the table by columns (once), then count each feature with its distribution's formula.

        Each feature's present values are checked a column at a time
        (``plain_values``, a quick look); only a column with an unusual value
        (a Fraction, a bad value) is checked value by value, naming the row.
        """
        columns, _, self.n_columns_ = columns_by_class(
            rows, labels, self.class_counts_, self._row_form(), self.n_columns_
        )
        new = [feature for feature in columns if feature not in self.distributions_]
        self.features_.extend(new)  # the features, in the order first seen
        for feature in self.features_:
            by_label = columns.get(feature) or {label: [] for label in self.class_counts_}
            values = [value for values in by_label.values() for value in values]
            if feature not in self.distributions_:  # seen for the first time: its distribution is chosen now
                self.distributions_[feature] = self._choose_distribution(feature, values)
            kind = self.distribution_kinds[self.distributions_[feature]]
            if not kind.plain_values(self, feature, values):
                by_label = self._checked_column(rows, labels, feature, kind)  # names the bad row, or converts
            for label, values in by_label.items():
                self.feature_counts_.setdefault(label, {})[feature] = len(values)  # n_jc
            kind.count(self, feature, by_label)
        if new:
            self._say_declared_types()

    def _checked_column(self, rows, labels, feature, kind):
        """One feature's values per label, each checked (and converted) on its own, naming a bad row."""
        by_label = {label: [] for label in self.class_counts_}
        for i, (row, label) in enumerate(zip(rows, labels)):
            value = present_values(row, f"X[{i}]").get(feature)
            if value is not None:
                by_label[label].append(kind.check_value(self, feature, value, f"X[{i}]", training=True))
        return by_label

    def _merge(self, other):
        """A new model holding the counts of both ``self`` and ``other``."""
        merged = type(self)(**self.get_params())
        merge_class_counts(merged, self, other)
        merged._continue_from(self)
        merged._continue_from(other)  # the features only ``other`` has come after ours
        for feature in merged.features_:
            counts = {}
            for model in (self, other):
                for label, n in model.class_counts_.items():
                    add_count(counts, label, model.feature_counts_.get(label, {}).get(feature, 0))
            for label, n in counts.items():
                merged.feature_counts_.setdefault(label, {})[feature] = n
            merged._kind(feature).merge(merged, self, other, feature)
        return merged

    def _check_mergeable(self, other, ours, theirs):
        """The features both models have agree: the same distribution, and the same tables learned by the first batch.

        Such a table (``feature_tables`` of a kind, such as a histogram's bin
        edges) is learned once and then kept, so counts made over different
        ones cannot be added.
        """
        super()._check_mergeable(other, ours, theirs)
        forms = self._row_form(), other._row_form()
        if None not in forms and forms[0] != forms[1]:
            raise ValueError(
                f"cannot merge {theirs}, trained on {forms[1]} rows, with {ours}, trained on {forms[0]} rows; "
                "a column number and a feature name are different features, so train both on rows of one form"
            )
        if None not in (self.n_columns_, other.n_columns_) and self.n_columns_ != other.n_columns_:
            raise ValueError(
                f"cannot merge {theirs}, trained on list rows of {other.n_columns_} columns, with {ours}, "
                f"whose rows have {self.n_columns_}; a column is a feature, so both need the same columns"
            )
        for feature in other.features_:
            if feature not in self.distributions_:
                continue  # a feature only one model has is simply added
            name, other_name = self.distributions_[feature], other.distributions_[feature]
            if name != other_name:
                raise ValueError(
                    f"cannot merge models that model the feature {feature!r} differently: it is {name} in {ours} "
                    f"and {other_name} in {theirs}; name its distribution in both, "
                    f"distributions={{{feature!r}: {name!r}}}"
                )
            for table in self._kind(feature).feature_tables:
                value, other_value = getattr(self, table)[feature], getattr(other, table)[feature]
                if value != other_value:
                    raise ValueError(
                        f"cannot merge models with different {table}[{feature!r}]: {value} in {ours} and "
                        f"{other_value} in {theirs}; it is learned by a model's first batch and then kept, "
                        "so counts made over different ones cannot be added"
                    )

    def _build_lookup_tables(self):
        """log P(c), then each kind's lookup tables for its features."""
        super()._build_lookup_tables()
        for name, kind in self.distribution_kinds.items():
            features = [feature for feature in self.features_ if self.distributions_[feature] == name]
            if features:
                kind.build_lookups(self, features)

    # ------------------------------------------------------------------
    # One row, step by step
    # ------------------------------------------------------------------

    def _log_likelihood_terms(self, row):
        """One Term per present feature: log p_j(x_j | c) for every class, looked up in its tables."""
        kinds, distributions = self.distribution_kinds, self.distributions_
        terms = []
        for feature, value in row.items():
            log_terms = kinds[distributions[feature]].log_terms(self, feature, value)
            if log_terms is not None:  # None: a value training never saw, left out
                terms.append(Term("feature", feature, value, log_terms))
        return terms

    def _term_likelihoods(self, term):
        """p_j(x_j | c) for every class: a ratio of counts worked out anew (exact when it can be), or a density, e^(the term)."""
        kind = self.distribution_kinds[self.distributions_[term.feature]]
        if kind.exact:
            return kind.likelihoods(self, term.feature, term.value)
        return tuple([math.exp(log_term) if log_term < 709 else math.inf for log_term in term.log_terms])  # (beyond e^709: inf)

    def _likelihood_holds(self, terms):
        """Each term's kind of likelihood ("probability" or "density"), from its feature's distribution."""
        kinds, distributions = self.distribution_kinds, self.distributions_
        model_holds = {kinds[name].holds for name in distributions.values()}
        if len(model_holds) == 1:  # every feature alike (all but a MixedNB of counts and measurements)
            return model_holds.pop()
        return [kinds[distributions[term.feature]].holds for term in terms]

    def likelihood(self, feature, value, label):
        """p_j(x_j = value | c): a probability for counts and categories, a density for measurements."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            return self._likelihoods_of(feature, value, label)[self.classes_.index(label)]

    def log_likelihood(self, feature, value, label):
        """log p_j(x_j = value | c), the term this value adds to log P(x, c)."""
        self._likelihoods_of(feature, value, label)  # the same checks
        return self._kind(feature).log_terms(self, feature, value)[self.classes_.index(label)]

    def _likelihoods_of(self, feature, value, label):
        self._check_label(label)
        self._check_feature(feature)
        kind = self._kind(feature)
        value = kind.check_value(self, feature, value, "the value", training=False)
        if kind.log_terms(self, feature, value) is None:
            raise KeyError(
                f"feature {feature!r} never had the value {value!r} in training, so the model has no "
                "estimate for it and leaves it out when predicting"
            )
        return kind.likelihoods(self, feature, value)

    def posterior(self, row):
        """P(c | x) for one row: exact when every estimate it uses is a ratio of counts, else floats.

        A density (Gaussian, kernel) or a Poisson probability has pi or e in
        it, so there is no exact P(x, c): the posterior then comes from the
        joint log-likelihoods by log-sum-exp, as ``predict_proba`` does.
        """
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_can_predict()
            self._check_one_example(row, "posterior")
            x = self._check_example(row, "the row")
            if all(self._kind(feature).exact for feature in x):
                return super().posterior(row)  # Bayes' rule on the exact joint probabilities
            return dict(zip(self.classes_, self._observed_posterior(row, x)))

    def joint_probability(self, row):
        """{label: P(x, c)} for one row, exact when every feature's probability is a ratio of counts."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_can_predict()
            values = self._check_example(row, "the row")
            for feature in values:
                if not self._kind(feature).exact:
                    raise TypeError(
                        f"feature {feature!r} is {self.distributions_[feature]}, whose density is not a "
                        "ratio of counts, so there is no exact P(x, c); use predict_proba or joint_log_likelihood"
                    )
            joint = {label: self.prior(label) for label in self.classes_}
            for feature, value in values.items():
                kind = self._kind(feature)
                if kind.log_terms(self, feature, value) is None:
                    continue  # a value never seen in training is left out
                for label, probability in zip(self.classes_, kind.likelihoods(self, feature, value)):
                    joint[label] *= probability
            return joint

    # ------------------------------------------------------------------
    # A generative model: drawing rows, filling in missing values (docs/generative.md)
    # ------------------------------------------------------------------

    def _draw_example(self, label, tables, generator):
        """One row drawn from P(x | c): every feature of ``features_``, in that order, from its own distribution.

        The row has the form of the training rows: a dict, or a list when
        they were lists (a column that training never saw a value of is None).
        """
        values = {feature: self._kind(feature).draw(self, feature, label, generator) for feature in self.features_}
        return self._in_training_form(values)

    def _in_training_form(self, values):
        """{feature: value} as a dict row, or as a list row when the training rows were lists."""
        if self.n_columns_ is None:
            return values
        return [values.get(column) for column in range(self.n_columns_)]

    def impute(self, row, distribution=False):
        """The row with every missing value filled in, or with ``distribution=True`` what it was filled from.

        First the posterior P(c | observed) from the values that are there
        (the missing ones left out, as ``predict`` leaves them out); then, for
        each missing feature j, the predictive distribution
        P(x_j | observed) = sum_c P(c | observed) P(x_j | c).  A category takes
        its most probable value, a measurement the mean and a count its most
        probable value.  With ``distribution=True`` the result is
        {feature: {value: probability}} for a categorical feature and
        {feature: {"mean": ..., "variance": ...}} for a numeric one, for the
        missing features only.  Exact Fractions when every estimate is a ratio
        of counts with an int or Fraction alpha.
        """
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_can_predict()
            self._check_one_example(row, "impute")
            x = self._check_example(row, "the row")  # the values that are there
            weights = self._observed_posterior(row, x)  # P(c | observed), in classes_ order
            predictions = {
                feature: self._predictive(feature, x, weights) for feature in self.features_ if feature not in x
            }
            if distribution:
                return {feature: predicted for feature, (_, predicted) in predictions.items()}
            filled = {feature: x[feature] if feature in x else predictions[feature][0] for feature in self.features_}
            width = row_width(row)
            if width is None:
                return filled
            return [filled.get(column) for column in range(width)]

    def _observed_posterior(self, row, x):
        """[P(c | observed) for c in classes_]: exact from the joint probabilities when they are exact, else from logs."""
        if all(self._kind(feature).exact for feature in x):
            joint = self.joint_probability(row)
            if is_exact(*joint.values()):
                posterior = bayes_rule(joint)
                return [posterior[label] for label in self.classes_]
        joint = dict(zip(self.classes_, log_joint(self.log_priors_, self._log_likelihood_terms(x))))
        posterior = log_posterior(joint)
        return [math.exp(posterior[label]) for label in self.classes_]

    def _predictive(self, feature, x, weights):
        """(the value to fill in, its distribution) for one missing feature; naive: it depends on x only through the weights."""
        return self._kind(feature).predictive(self, feature, weights)

    def _table_peeks(self):
        """The features with their distributions, and a peek at each table of every kind the model uses."""
        peeks = [("distributions_", plural(len(self.features_), "feature"), peek(self.distributions_))]
        used = set(self.distributions_.values())
        for name, kind in self.distribution_kinds.items():
            if name not in used:
                continue
            for table in [*kind.count_tables, *kind.feature_tables, *kind.lookup_tables]:
                value = getattr(self, table)
                if type(value) is not dict:
                    continue
                if list(value) == self.classes_:  # a table per class: one row each
                    for label in self.classes_:
                        peeks.append((f"{table}[{label!r}]", plural(len(value[label]), "feature"), peek(value[label])))
                else:
                    peeks.append((table, plural(len(value), "feature"), peek(value)))
        return peeks


def check_unseen(unseen):
    """"ignore" (leave an unseen value out of the product) or "error" (refuse the row)."""
    return check_choice("unseen", unseen, ("ignore", "error"))
