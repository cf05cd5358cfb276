"""The skeleton every naive Bayes classifier shares: the classes, the prior, training, Bayes' rule.

A naive Bayes classifier is a generative model.  It learns the prior P(c) and
the class-conditional P(x | c), multiplies them into the joint P(x, c) and
turns the joints into the posterior P(c | x) with Bayes' rule.  This module
holds every part of that which does not depend on what an example x is or on
how P(x | c) is modelled; a model fills in the few hooks listed in
``NaiveBayes`` (river's ``BaseNB`` and scikit-learn's ``_BaseDiscreteNB`` have
the same shape).

One prediction of one example goes through these steps, in this order, the
same steps as on docs/pipeline.md (a debugger stepping into ``predict``,
``predict_proba`` or ``explain`` meets them in turn):

1. ``_check_example``: check the input, once, and turn it into ``{feature: value}``;
2. ``_log_likelihood_terms``: each feature's term log P(x_j | c), for every class,
   computed by the model's formula from the tables that training built;
3. ``log_joint``: log P(x, c) = log P(c) + the sum of the terms;
4. ``decision`` (``predict``) or ``log_posterior`` (``predict_proba``): Bayes' rule.

The text models add the same terms in their vector form (one row of log
probabilities per word, built when training ends) for one document and for
many alike; ``explain`` shows the terms one by one.  A faster route is never
taken by default: ``naivebayes/fast/`` holds it, for a user who asks for it
by name (docs/performance.md).
"""

import math
import sys
import threading
from collections.abc import Mapping

from naivebayes.core.arithmetic import Fraction, is_exact, log
from naivebayes.core.priors import Prior, check_class_prior_kind, check_prior_denominator, prior_pseudo_counts
from naivebayes.core.bayes import (
    ZERO_PROBABILITY_HINT,
    ZeroProbabilityError,
    bayes_rule,
    decision,
    log_joint,
    log_posterior,
    prior_mle,
    uniform_prior,
)
from naivebayes.plumbing.checks import (
    NotFittedError,
    SettingDict,
    as_list,
    as_setting,
    check_bool,
    check_labels,
    is_number,
    label_objects,
    plain_value,
    sorted_labels,
)
from naivebayes.plumbing.display import Score, html_table, markdown_table, text_table
from naivebayes.naive_bayes.explanation import Explanation
from naivebayes.naive_bayes.generative import (
    check_sample_size,
    cumulative_weights,
    draw_index,
    log_marginal_likelihood,
    random_generator,
)

__all__ = ["NaiveBayes", "Term", "Setting", "count_classes", "weighted_class_counts"]

# One lock for every model (docs/threads.md): training holds it while it changes a
# model's tables or settings, and each prediction while it reads them, so a
# prediction sees one state of the model, never part of two.  Under the GIL it
# costs next to nothing, and a model does not hold it, so pickling, copying and
# saving a model are as before.  Reentrant: ``score`` holds it and calls ``predict``.
TABLES_LOCK = threading.RLock()


class Term:
    """One feature's part of log P(x | c), for every class at once: ``log_terms[k]`` belongs to ``classes_[k]``.

    ``step`` says what kind of feature it is ("word", "feature", or "absent"
    for Bernoulli's words that a document does not contain); ``value`` is x_j
    as the model saw it.
    """

    def __init__(self, step, feature, value, log_terms):
        self.step = step
        self.feature = feature
        self.value = value
        self.log_terms = log_terms

    def __repr__(self):
        return f"Term({self.step!r}, {self.feature!r}, {self.value!r}, {self.log_terms!r})"

    def __eq__(self, other):
        return type(other) is Term and vars(other) == vars(self)


def add_count(table, key, amount=1):
    """table[key] += amount, starting from 0 for a new key (the one way count tables grow)."""
    table[key] = table.get(key, 0) + amount


# --8<-- [start:eq-class-counts]
def count_classes(labels):
    """{c: N_c}: how many training examples have each label (N, their sum, is ``len(labels)``).

    Formula: docs/pipeline.md#eq-class-counts
    """
    class_counts = {}
    for label in labels:
        class_counts[label] = class_counts.get(label, 0) + 1  # N_c += 1
    return class_counts
# --8<-- [end:eq-class-counts]


# --8<-- [start:eq-weighted-class-counts]
def weighted_class_counts(labels, weights):
    """{c: N_c}, N_c the sum of the weights w_i of the class's examples (``sample_weight``); all weights 1 give ``count_classes``.

    Formula: docs/pipeline.md#eq-weighted-class-counts
    """
    class_counts = {}
    for label, weight in zip(labels, weights):
        class_counts[label] = class_counts.get(label, 0) + weight  # N_c += w_i
    return class_counts
# --8<-- [end:eq-weighted-class-counts]


def check_sample_weight(sample_weight, n_examples, model):
    """``sample_weight`` as a list of plain numbers, one per example, each finite and >= 0; None stays None.

    A clear error for anything else, before the model changes: a weight that
    is a string, a bool, nan or negative, or a list of the wrong length.
    """
    if sample_weight is None:
        return None
    if not getattr(model, "takes_sample_weight", False):
        raise TypeError(
            f"{type(model).__name__} does not take sample_weight; the count models do (MultinomialNB, "
            "BernoulliNB, ComplementNB); or repeat an example to give it more weight"
        )
    weights = as_list("sample_weight", sample_weight, "weights")
    if len(weights) != n_examples:
        raise ValueError(
            f"sample_weight has {len(weights)} weights but X has {n_examples} examples; give one weight per example"
        )
    for i, weight in enumerate(weights):
        weight = plain_value(weight)
        if not is_number(weight):
            raise TypeError(f"sample_weight[{i}] is {weight!r:.60}, not a number; a weight is a number >= 0, such as 1 or 2.5")
        if not (0 <= weight < math.inf):  # (nan fails both)
            raise ValueError(f"sample_weight[{i}] is {weight!r}; a weight is a finite number >= 0 (0 leaves the example out)")
        if weight > sys.float_info.max:  # (a whole number can be; the counts and logs would overflow)
            raise ValueError(f"sample_weight[{i}] is too large for a float (over 1.8e308); divide every weight by one number")
        weights[i] = weight
    if sum(weights) > sys.float_info.max:
        raise ValueError("the weights add up to more than a float holds (1.8e308); divide every weight by one number")
    if not any(weights):
        raise ValueError("every weight in sample_weight is 0, so there is nothing to learn; give some examples a weight > 0")
    return weights


def refuse_weightless_class(model):
    """A clear error if a class has N_c = 0: every one of its examples has sample_weight 0, so it could never be predicted."""
    for label, n in model.class_counts_.items():
        if not n:
            raise ValueError(
                f"every example of class {label!r} has sample_weight 0, so the class would have P(c) = 0; "
                "give some of its examples a weight > 0, or leave them out"
            )


def setting_names(model_class):
    """The names of a model class's settings: the parameters of its ``__init__``, in order (read once, when the class is made)."""
    code = model_class.__init__.__code__
    return code.co_varnames[1 : code.co_argcount + code.co_kwonlyargcount]  # (position 0 is self)


class Setting:
    """One setting of a model, such as ``alpha``: assigning it checks it, and after training rebuilds what depends on it.

    ``model.alpha = 2`` after ``fit`` is checked by the constructor's own check
    (so ``MultinomialNB(alpha=-5)`` and ``model.alpha = -5`` give one error),
    and the lookup tables are rebuilt at once; a refused value leaves the model
    exactly as it was.  Reading ``model.alpha`` is a plain attribute read (this
    class has no ``__get__``), so a debugger never stops here on a read, and
    training, which assigns tables, never comes here at all.
    """

    def __init__(self, name):
        self.name = name

    def __set__(self, model, value):
        if "classes_" not in model.__dict__:  # the constructor is storing the value it has checked
            model.__dict__[self.name] = value
        else:
            change_settings(model, {self.name: value})

    def __repr__(self):
        return f"Setting({self.name!r})"


def change_settings(model, settings):
    """Give ``model`` the new ``settings`` ({name: value}), checked, and rebuild its lookup tables; all or nothing.

    The new values go through the constructor (its checks, and the form it
    keeps them in); a fitted model's lookup tables are built on a copy first,
    so values the counts cannot go with (alpha = 0 with a class that has no
    words) raise before anything has changed.
    """
    with TABLES_LOCK:  # (a prediction sees the old settings and tables or the new ones)
        changed = type(model)(**{**model.get_params(), **settings})  # raises here if a value is wrong
        if model.classes_:
            refuse_counted_change(model, changed, settings)
            for table in model.count_tables:
                changed.__dict__[table] = model.__dict__[table]
            changed._check_named_features()  # a setting naming features names the model's own
            changed._build_lookup_tables()  # raises here if the counts cannot go with it
            for table in model.lookup_tables:
                model.__dict__[table] = changed.__dict__[table]
        for name in settings:
            model.__dict__[name] = changed.__dict__[name]  # as the constructor keeps it


def refuse_counted_change(model, changed, settings):
    """A clear error if ``settings`` change one the counts were made with (``n_bins``, ``tokenizer``): only training again can.

    ``model.counted_settings`` is {setting: the kind of distribution whose
    counts it shapes, or None for every count}.
    """
    for name, kind in model.counted_settings.items():
        if name not in settings or kind is not None and kind not in model.distributions_.values():
            continue
        old, new = model.__dict__[name], changed.__dict__[name]
        if old is not new and old != new:
            raise ValueError(
                f"{name} cannot change once {type(model).__name__} is trained: its counts were made with "
                f"{name}={old!r:.60}; train a new model with it: {type(model).__name__}({name}={new!r:.60}).fit(X, y)"
            )


def unfitted_copy(model):
    """A new model with ``model``'s settings (checked when they were given) and every table empty: what ``fit`` counts into."""
    copy = object.__new__(type(model))
    for name in model.settings:
        copy.__dict__[name] = model.__dict__[name]
    copy.__dict__.update(empty_tables(model))
    copy.label_objects_ = {}
    return copy


def empty_tables(model):
    """{table: its empty value} for every count and lookup table the model declares (each dict, set or list a new one)."""
    tables = {**model.count_tables, **model.lookup_tables}
    return {name: empty.copy() if type(empty) in (dict, set, list) else empty for name, empty in tables.items()}


def merge_class_counts(merged, *models):
    """Put N_c and N of ``models`` into ``merged``, a new, empty model (the start of every ``_merge``)."""
    for model in models:
        for label, n in model.class_counts_.items():
            add_count(merged.class_counts_, label, n)
        merged.n_examples_ += model.n_examples_
        merged.label_objects_.update(model.label_objects_)


def class_priors(class_prior, fit_prior, class_counts, classes, exact=True):
    """[P(c) for c in classes]: the given ``class_prior`` (checked), else N_c / N, else 1/K.

    With ``exact`` the ratios of whole numbers are Fractions (3/4), as a
    student asks for them; without it they are floats (0.75), as training
    keeps them in the lookup tables that prediction adds up.
    """
    if isinstance(class_prior, Prior):  # a Dirichlet (or m-estimate) prior on the class counts
        return prior_class_priors(class_prior, class_counts, classes, exact)
    if class_prior is not None:
        given = checked_class_prior(class_prior, classes)
        return [given[label] if exact or type(given[label]) is float else float(given[label]) for label in classes]
    n_classes = len(classes) if exact else float(len(classes))
    if not fit_prior:
        return [uniform_prior(n_classes) for _ in classes]
    n_examples = sum(class_counts.values())  # N
    if not exact:
        n_examples = float(n_examples)
    return [prior_mle(class_counts[label], n_examples) for label in classes]


def prior_class_priors(prior, class_counts, classes, exact=True):
    """[P(c) for c in classes] under a prior on the class counts: prior.theta(N_c, N, b_c, sum of the b, K).

    With ``Dirichlet(b)`` that is (N_c + b_c) / (N + sum_c b_c), the posterior
    mean (or the MAP estimate with ``estimate="map"``); ``per_value`` keys are
    class labels, and labels that are not classes are ignored.
    """
    pseudo_counts = prior_pseudo_counts(prior, None, classes, "the classes")  # b_c
    pseudo_total, n_examples = sum(pseudo_counts), sum(class_counts.values())
    check_prior_denominator(prior, n_examples, pseudo_total, len(classes), "the class counts")
    priors = [
        prior.theta(class_counts[label], n_examples, b, pseudo_total, len(classes))
        for label, b in zip(classes, pseudo_counts)
    ]
    return priors if exact else [float(p) for p in priors]


def check_class_prior(given):
    """``class_prior`` as given, if it is None or priors that can be one: each in [0, 1], summing to 1 (a clear error if not).

    Whether they name the training classes only ``fit`` can tell (``checked_class_prior``).
    """
    if given is None:
        return None
    if isinstance(given, Prior):
        return check_class_prior_kind(given)
    if type(given) is dict or type(given) is SettingDict or type(given) not in (list, tuple) and isinstance(given, Mapping):
        priors = dict(given)
    elif type(given) in (list, tuple):
        priors = dict(enumerate(given))
    else:
        raise TypeError(
            f"class_prior must be a {{label: probability}} dict or a list in classes_ order, not {given!r:.60}"
        )
    for label, p in priors.items():
        if not is_number(p) or not 0 <= p <= 1:
            raise ValueError(f"class_prior[{label!r}] = {p!r:.60} is not a probability in [0, 1]")
    total = sum(priors.values())
    if (total != 1) if is_exact(*priors.values()) else not abs(total - 1) <= 1e-9:
        raise ValueError(f"class_prior must sum to 1, but it sums to {total}")
    return given


def checked_class_prior(given, classes):
    """``class_prior`` as a {label: P(c)} dict, or a clear error (one prior per class, each in [0, 1], summing to 1)."""
    check_class_prior(given)
    if type(given) in (list, tuple):
        if len(given) != len(classes):
            raise ValueError(
                f"class_prior has {len(given)} values but there are {len(classes)} "
                f"classes {classes}; give one prior per class, in classes_ order"
            )
        priors = dict(zip(classes, given))
    else:
        priors = dict(given)
    if set(priors) != set(classes):
        raise ValueError(
            f"class_prior names the classes {sorted(priors, key=repr)}, but the training "
            f"labels are {classes}; give exactly one prior per class"
        )
    return priors


# scikit-learn's settings that these models do not have, and what to do instead.
SCIKIT_LEARN_SETTINGS = {
    "binarize": "the text models read words, present or absent; a table of 0/1 values goes to CategoricalNB",
    "priors": "give the class prior as class_prior={label: P(c)}",
}


def unknown_setting_message(model, name, settings):
    """The message for a setting a model does not have: its settings, and scikit-learn's meaning where it has one."""
    hint = f" (scikit-learn's {name!r}: {SCIKIT_LEARN_SETTINGS[name]})" if name in SCIKIT_LEARN_SETTINGS else ""
    return f"{model} has no setting {name!r}; its settings are {', '.join(settings)}{hint}"


class NaiveBayes:
    """Classes, priors, training and Bayes' rule, shared by every model in the package.

    A model subclasses one of the two kinds of data (``TextNaiveBayes`` or
    ``TableNaiveBayes``), lists its tables once (``count_tables``,
    ``class_tables``, ``lookup_tables``), stores each setting of its
    ``__init__`` under its own name (each becomes a ``Setting``), and fills
    in the hooks below, marked "hook": each says in one line what the model
    must compute.  A text model fills in two more, declared in
    ``TextNaiveBayes`` (``_add_document``, the counting formula, and
    ``_log_joint_from_rows``, the vector form of the terms); a tabular model
    names the kinds of distribution it uses, each a small class in its own file.
    """

    model_name = "naive Bayes"  # how explanations and messages name the model
    feature_noun = "feature"  # what explanations call one feature ("word" for text)
    example_noun = "example"  # what messages call one example ("document", "row")

    # The tables, each with its empty value.  Counting fills the count tables
    # (a model file holds them); the lookup tables are built from the counts
    # and the settings when training ends.  ``class_tables`` are the count
    # tables keyed by class label, kept in ``classes_`` order.
    count_tables = {"classes_": [], "class_counts_": {}, "n_examples_": 0}  # the labels; N_c; N
    class_tables = ("class_counts_",)
    lookup_tables = {"priors_": [], "log_priors_": []}  # P(c) and log P(c), in classes_ order
    settings = ("fit_prior", "class_prior")  # a model's are its __init__'s parameters (__init_subclass__ below)
    counted_settings = {}  # {setting: kind of distribution or None}: those the counts were made with (refuse_counted_change)
    fit_prior = Setting("fit_prior")
    class_prior = Setting("class_prior")
    shown_settings = ("alpha",)  # the settings its repr always shows (the others when they differ from the default)

    def __init__(self, fit_prior=True, class_prior=None):
        self.fit_prior = check_bool("fit_prior", fit_prior, "False gives every class the prior 1/K")
        self.class_prior = as_setting(check_class_prior(class_prior))  # a dict is kept as a copy that cannot be changed in place
        self.__dict__.update(empty_tables(self))  # every table, empty: a model that has seen nothing
        self.label_objects_ = {}  # {class: the user's own object for it}, when that is not a plain value (a numpy scalar)

    # ------------------------------------------------------------------
    # The hooks a model fills in
    # ------------------------------------------------------------------

    def _check_examples(self, X):
        """Hook: X as a list of examples, or a clear error (a single example, a set, a generator)."""
        return as_list("X", X, what="examples")

    def _check_example(self, example, where, training=False):
        """Hook: one example as {feature: value}, or a clear error naming ``where`` it is."""
        raise NotImplementedError

    def _count(self, examples, labels):
        """Hook: add the examples (not yet checked one by one) and their labels to the empty count tables."""
        raise NotImplementedError

    takes_sample_weight = False  # True for the models that fill in ``_count_weighted``

    def _count_weighted(self, examples, labels, weights):
        """Hook: ``_count``, each example's counts multiplied by its weight (``sample_weight``)."""
        raise NotImplementedError

    def _read_declared_types(self, X):
        """Hook: note what X declares about its columns (a DataFrame's dtypes) before counting (nothing by default)."""

    def _check_named_features(self):
        """Hook: a clear error if a setting names a feature the model does not have (``categories={"Colour": ...}``)."""

    def _check_something_learned(self, fitting):
        """Hook: after the first batch is counted (by ``fit`` if ``fitting``), a clear error if it held nothing to learn from."""

    def _merge(self, other):
        """Hook: a new model holding the counts of both ``self`` and ``other``."""
        raise NotImplementedError

    def _build_lookup_tables(self):
        """Hook: compute from the counts and the settings what prediction looks up, as floats (models extend this)."""
        self.priors_ = class_priors(self.class_prior, self.fit_prior, self.class_counts_, self.classes_, exact=False)
        self.log_priors_ = [log(p) for p in self.priors_]

    def exact_priors(self):
        """[P(c) for c in classes_], as exact Fractions where the counts are whole numbers (3/4, not 0.75)."""
        return class_priors(self.class_prior, self.fit_prior, self.class_counts_, self.classes_)

    def _log_likelihood_terms(self, x):
        """Hook: [Term] for one checked example, each log P(x_j | c) for every class, by the model's formula."""
        raise NotImplementedError

    def _draw_example(self, label, tables, generator):
        """Hook: one example drawn from P(x | c) for c = ``label`` (``tables``: what ``_sampling_tables`` gave)."""
        raise TypeError(f"{type(self).__name__} cannot draw examples")

    def _sampling_tables(self):
        """Hook: what drawing one example looks up, worked out once per ``sample`` call (None: nothing)."""
        return None

    def _term_likelihoods(self, term):
        """Hook: (P(x_j | c) for every class) shown beside a term in an explanation (None: no single probability)."""
        return None

    def _likelihood_holds(self, terms):
        """Hook: what ``_term_likelihoods`` gives, as the explanation heads it: "probability" (or one word per term)."""
        return "probability"

    def _ignored_features(self, x):
        """Hook: {feature: why} for the features of a checked example that prediction leaves out."""
        return {}

    def _zero_probability_error(self, example, where):
        """Hook: the error for an example that every class gives probability 0 (a model may say why in its own words)."""
        return ZeroProbabilityError(f"{where}: {ZERO_PROBABILITY_HINT}")

    def _check_one_example(self, example, method):
        """Hook: refuse a list holding one example where one example is wanted (each kind of data knows how)."""

    def _continue_from(self, model):
        """Hook: carry over from ``model`` what checking its next examples needs (partial_fit; nothing by default)."""

    def _check_mergeable(self, other, ours, theirs):
        """Hook: raise a clear error unless ``other``'s counts can be added to ours (models add what must agree)."""
        if type(other) is not type(self):
            raise TypeError(
                f"cannot merge {theirs}, a {type(other).__name__}, with {ours}, a {type(self).__name__}: "
                "merging adds up the counts of models of one kind"
            )
        settings, other_settings = self.get_params(), other.get_params()
        for name, value in settings.items():
            if other_settings[name] != value:
                raise ValueError(
                    f"cannot merge models with different settings: {name} is {value!r} in {ours} and "
                    f"{other_settings[name]!r} in {theirs}; give them the same {name} before merging "
                    f"(model.{name} = ...), or train them with the same settings"
                )

    # ------------------------------------------------------------------
    # Settings and tables
    # ------------------------------------------------------------------

    def __init_subclass__(cls, **kwargs):
        """When a model class is defined: its settings are its ``__init__``'s parameters, each one a ``Setting``."""
        super().__init_subclass__(**kwargs)
        cls.settings = setting_names(cls)
        for name in cls.settings:
            if not isinstance(cls.__dict__.get(name), Setting):
                setattr(cls, name, Setting(name))

    def __new__(cls, *args, **settings):
        """A setting the model does not have is named here, before ``__init__`` (whose own error names a base class)."""
        unknown = [name for name in settings if name not in cls.settings]
        if unknown:
            raise TypeError(unknown_setting_message(cls.__name__, unknown[0], cls.settings))
        return super().__new__(cls)

    def get_params(self):
        """The settings this model was made with, as ``{name: value}`` (the parameters of its ``__init__``)."""
        return {name: self.__dict__[name] for name in self.settings}

    def set_params(self, **settings):
        """Change settings by name (``model.set_params(alpha=2)``), as assigning them would; returns the model.

        All the new values are checked, and a fitted model's tables rebuilt,
        before any of them is kept: a refused value changes nothing.
        """
        unknown = [name for name in settings if name not in self.settings]
        if unknown:
            raise ValueError(unknown_setting_message(type(self).__name__, unknown[0], self.settings))
        change_settings(self, settings)
        return self

    # ------------------------------------------------------------------
    # Training: count into a new model, then take its tables over
    # ------------------------------------------------------------------

    def fit(self, X, y, sample_weight=None):
        """Learn the tables from examples ``X`` and their labels ``y``; returns the model.

        Refitting forgets everything learned before.  If anything is wrong with
        X or y, the model is left exactly as it was.  ``sample_weight``, one
        number >= 0 per example (count models only), multiplies each example's
        counts by its weight, as scikit-learn's does: a weight of 2 counts it twice.
        """
        with TABLES_LOCK:  # (a prediction waits, then sees the new tables whole)
            counted = self._counted(X, y, previous=None, sample_weight=sample_weight)
            counted._check_something_learned(fitting=True)  # no features, no words: nothing to learn from
            refuse_weightless_class(counted)
            if len(counted.classes_) < 2:
                raise ValueError(
                    f"y has only one class ({counted.classes_[0]!r}); a classifier needs at least two "
                    "classes to choose between (partial_fit accepts one class at a time)"
                )
            self._take_tables(counted)
            return self

    def partial_fit(self, X, y, sample_weight=None):
        """Add more examples to what the model has learned; in pieces it learns what one ``fit`` would.

        If anything is wrong with X or y, the model is left exactly as it was.
        ``sample_weight`` is as for ``fit``.
        """
        with TABLES_LOCK:  # (two batches at once: one after the other, none lost)
            counted = self._counted(X, y, previous=self if self.classes_ else None, sample_weight=sample_weight)
            if not self.classes_:
                counted._check_something_learned(fitting=False)
            if self.classes_:
                counted = self._merge(counted)
                counted._sort_classes()
            refuse_weightless_class(counted)
            self._take_tables(counted)
            return self

    def _counted(self, X, y, previous, sample_weight=None):
        """A new model with our settings that has counted X and y (ours are untouched).

        ``previous`` is the model that ``partial_fit`` goes on from (None for
        ``fit``); ``sample_weight``, if given, weighs each example's counts.
        """
        examples = self._check_examples(X)
        labels = check_labels(y, len(examples), noun=self.example_noun)
        if not examples:
            raise ValueError("the training set is empty: give at least one example and its label")
        weights = check_sample_weight(sample_weight, len(examples), self)
        counted = unfitted_copy(self)  # our settings, empty tables: ours stay as they are until the end
        if weights is None:
            counted.class_counts_ = count_classes(labels)  # N_c
            counted.n_examples_ = len(labels)  # N
        else:
            counted.class_counts_ = weighted_class_counts(labels, weights)  # N_c, the sum of the class's weights
            counted.n_examples_ = sum(weights)  # N
        if previous is not None:
            counted._continue_from(previous)
        counted.label_objects_ = label_objects(y, labels)
        counted._read_declared_types(X)
        if weights is None:
            counted._count(examples, labels)
        else:
            counted._count_weighted(examples, labels, weights)
        counted._sort_classes()
        return counted

    def _sort_classes(self):
        """Set ``classes_`` to the sorted labels and keep every per-class table in that order."""
        self.classes_ = sorted_labels(self.class_counts_)
        for name in self.class_tables:
            table = getattr(self, name)
            if table:  # (a mixed model's table for a kind of distribution it does not use stays empty)
                setattr(self, name, {label: table[label] for label in self.classes_})

    def _take_tables(self, counted):
        """Build the lookup tables on ``counted``, then make its tables ours.

        The lookup tables are built first, so a problem found there (such as
        alpha = 0 with a class that has no words) raises before this model has
        changed.
        """
        with TABLES_LOCK:  # (merge's new model comes here without fit)
            counted._build_lookup_tables()
            for name in [*self.count_tables, *self.lookup_tables]:
                setattr(self, name, getattr(counted, name))
            self.label_objects_ = counted.label_objects_

    # ------------------------------------------------------------------
    # The prior, P(c)
    # ------------------------------------------------------------------

    def prior(self, label):
        """P(c): N_c / N by default, 1/K with ``fit_prior=False``, or the given ``class_prior``; exact for whole counts."""
        with TABLES_LOCK:  # one state of the model
            return self.exact_priors()[self._check_label(label)]

    def log_prior(self, label):
        """log P(c), with log 0 = -inf."""
        with TABLES_LOCK:  # one state of the model
            return self.log_priors_[self._check_label(label)]

    # ------------------------------------------------------------------
    # Checks at the public boundary
    # ------------------------------------------------------------------

    def _check_fitted(self):
        if not self.classes_:
            raise NotFittedError(f"this {type(self).__name__} has not been fitted yet: call fit(X, y) first")

    def _check_can_predict(self):
        if not self.classes_:
            raise NotFittedError(f"this {type(self).__name__} has not been fitted yet: call fit(X, y) first")
        if len(self.classes_) < 2:
            raise ValueError(
                f"the model has seen only the class {self.classes_[0]!r}; train it on at least "
                "two classes before predicting"
            )

    def _check_label(self, label):
        """The position of ``label`` in ``classes_``, or a clear error if it is not a class."""
        self._check_fitted()
        try:
            known = label in self.class_counts_
        except TypeError:  # unhashable, such as a list: no label can be one
            known = False
        if not known:
            raise KeyError(f"{label!r} is not a class of this model; its classes are {self.classes_}")
        return self.classes_.index(label)

    # ------------------------------------------------------------------
    # One example, step by step (the reference path, docs/pipeline.md)
    # ------------------------------------------------------------------

    def _log_joints(self, examples):
        """[log P(x, c) for c in classes_] for each example: steps 1 to 3 of the pipeline, one example at a time."""
        joints = []
        for i, example in enumerate(examples):
            x = self._check_example(example, f"X[{i}]")  # 1. check the input: {feature: value}
            terms = self._log_likelihood_terms(x)  # 2. each feature's term, for every class
            joints.append(log_joint(self.log_priors_, terms))  # 3. log P(c) + the sum of the terms
        return joints

    def joint_log_likelihood(self, example):
        """{label: log P(x, c)} for one example, step by step: the terms, then their sum."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_can_predict()
            self._check_one_example(example, "joint_log_likelihood")
            x = self._check_example(example, "the example")  # 1. check the input
            terms = self._log_likelihood_terms(x)  # 2. each feature's term, for every class
            return dict(zip(self.classes_, log_joint(self.log_priors_, terms)))  # 3. their sum with log P(c)

    def posterior(self, example):
        """P(c | x) for one example from the exact joint probabilities (small, hand-checkable examples)."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            joint = self.joint_probability(example)
            if not is_exact(*joint.values()) and not any(joint.values()):
                raise ZeroProbabilityError(
                    "every joint probability P(x, c) came out as 0.0: posterior() multiplies probabilities, "
                    "and with a float alpha they are floats, whose product underflows for a long example; "
                    "for exact posteriors use an int or Fraction alpha, and for long examples predict_proba, "
                    "which works with logarithms"
                )
            return bayes_rule(joint)

    def joint_probability(self, example):
        """{label: P(x, c)} for one example, exact when every factor is a ratio of counts."""
        raise TypeError(
            f"{type(self).__name__} has no exact joint probability; use predict_proba, "
            "or joint_log_likelihood for log P(x, c)"
        )

    def explain(self, example, top=None, classes=None):
        """The whole computation behind one prediction, as an ``Explanation`` (print it, or show it in a notebook).

        ``top=k`` shows the k rows that matter most (whose log terms differ
        most between the classes shown) and adds up the rest in one row;
        ``classes=[...]`` shows only those classes' columns (the posterior is
        still over every class).  The explanation's attributes hold every
        term either way; docs/explain.md shows both.
        """
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_can_predict()
            self._check_one_example(example, "explain")
            x = self._check_example(example, "the example")  # 1. check the input
            terms = self._log_likelihood_terms(x)  # 2. the very terms predict adds up
            joint = log_joint(self.log_priors_, terms)  # 3. their sum with log P(c)
            return Explanation.from_terms(  # 4. Bayes' rule, and the table
                model=self.model_name,
                noun=self.feature_noun,
                classes=self.classes_,
                prior=dict(zip(self.classes_, self.exact_priors())),  # (3/4, as a student works it by hand)
                log_prior=dict(zip(self.classes_, self.log_priors_)),
                terms=terms,
                likelihoods=[self._term_likelihoods(term) for term in terms],
                ignored=self._ignored_features(x),
                joint=dict(zip(self.classes_, joint)),
                holds=self._likelihood_holds(terms),  # "probability", "density"...: what the likelihoods are
                top=top,
                shown_classes=classes,
            )

    # ------------------------------------------------------------------
    # Many examples: Bayes' rule on the joint log-likelihoods
    # ------------------------------------------------------------------

    def predict(self, X):
        """The most probable class of each example (a tie goes to the first in ``classes_``)."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            examples = self._check_examples(X)
            self._check_can_predict()
            predictions = []
            for i, joint in enumerate(self._log_joints(examples)):
                best = decision(dict(zip(self.classes_, joint)))  # 4. the class with the largest log P(x, c)
                if joint[self.classes_.index(best)] == -math.inf:  # every class has probability 0: none can be chosen
                    raise self._zero_probability_error(examples[i], f"X[{i}]")
                predictions.append(best)
            if self.label_objects_:  # the labels as the user gave them (such as numpy scalars), not their plain values
                return [self.label_objects_.get(label, label) for label in predictions]
            return predictions

    def predict_proba(self, X):
        """P(c | x) for each example: a list of {label: probability} dicts that sum to 1."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            examples = self._check_examples(X)
            self._check_can_predict()
            results = []
            for i, joint in enumerate(self._log_joints(examples)):
                try:
                    log_probabilities = log_posterior(dict(zip(self.classes_, joint)))  # 4. Bayes' rule
                except ZeroProbabilityError:
                    raise self._zero_probability_error(examples[i], f"X[{i}]") from None
                results.append({label: math.exp(value) for label, value in log_probabilities.items()})
            return results

    def predict_log_proba(self, X):
        """log P(c | x) for each example: a list of {label: value} dicts."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            examples = self._check_examples(X)
            self._check_can_predict()
            results = []
            for i, joint in enumerate(self._log_joints(examples)):
                try:
                    results.append(log_posterior(dict(zip(self.classes_, joint))))  # 4. Bayes' rule
                except ZeroProbabilityError:
                    raise self._zero_probability_error(examples[i], f"X[{i}]") from None
            return results

    def predict_joint_log_proba(self, X):
        """log P(x, c) = log P(c) + log P(x | c) for each example: a list of {label: value} dicts."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            examples = self._check_examples(X)
            self._check_can_predict()
            return [dict(zip(self.classes_, joint)) for joint in self._log_joints(examples)]

    def score(self, X, y):
        """Accuracy on X and y, the share of examples predicted correctly, as an exact Fraction."""
        examples = self._check_examples(X)
        labels = check_labels(y, len(examples), noun=self.example_noun)
        if not examples:
            raise ValueError("score needs at least one example and its label")
        predictions = self.predict(examples)
        n_correct = sum(1 for label, predicted in zip(labels, predictions) if label == predicted)
        return Score(n_correct, len(labels))  # exact, printed as 0.9667, like naivebayes.accuracy

    # ------------------------------------------------------------------
    # A generative model: sampling and log p(x) (docs/generative.md)
    # ------------------------------------------------------------------

    def sample(self, n, label=None, random_state=None):
        """Draw ``n`` examples from the model: ``(examples, labels)``, two lists of length n.

        Each example is drawn in turn: its class c from the prior P(c) (one
        ``random()``), unless ``label`` fixes it, then the example from
        P(x | c).  ``random_state`` is a seed (a whole number >= 0), a
        ``random.Random`` to go on with, or None; the same seed gives the same
        sample, and the first k examples of a sample of n are the sample of k.
        What an example is (a row, a document) each kind of model says.
        """
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_fitted()
            n = check_sample_size(n)
            if label is not None:
                self._check_label(label)
            generator = random_generator(random_state)
            tables = self._sampling_tables()  # worked out once per call, from the model's estimates
            class_cumulative = cumulative_weights(self.priors_)  # P(c), as running totals
            examples, labels = [], []
            for _ in range(n):
                c = label if label is not None else self.classes_[draw_index(generator.random(), class_cumulative)]
                examples.append(self._draw_example(c, tables, generator))  # x ~ P(x | c)
                labels.append(c)
            return examples, labels

    def log_marginal(self, X):
        """log p(x) = log sum_c P(c) P(x | c) for each example: how probable the model finds it.

        The same joint log-likelihoods that ``predict`` compares, added up over
        the classes with log-sum-exp.  What the model leaves out when
        predicting (a missing value, an unseen word) it leaves out here too,
        so this is the probability of the rest.
        """
        return [log_marginal_likelihood(list(joint.values())) for joint in self.predict_joint_log_proba(X)]

    # ------------------------------------------------------------------
    # What the model holds: its repr, and its table in a notebook
    # ------------------------------------------------------------------

    def _table_peeks(self):
        """[(table, its size, a peek at its first entries)]: what the model holds, each model its own."""
        return []

    def __repr__(self):
        if not self.classes_:
            return f"{settings_text(self)} (not fitted)"
        title, header, rows, footer = model_table(self, MAX_REPR_WIDTH)
        return text_table(header, rows, title=title, footer=footer, align="lll")

    def _repr_html_(self):
        if not self.classes_:
            return html_table(["model"], [[repr(self)]])
        title, header, rows, footer = model_table(self)
        return html_table(header, rows, title=title, footer=footer, align="lll")

    def _repr_markdown_(self):
        if not self.classes_:
            return repr(self)
        title, header, rows, footer = model_table(self)
        return f"#### {title}\n" + markdown_table(header, rows + [["", footer, ""]], align="lll")


def settings_text(model):
    """``MultinomialNB(alpha=1)``: the model's name and the settings worth showing (those always shown, and any not the default)."""
    defaults = type(model)().get_params()  # (as the constructor keeps them: tokenizer=None is Tokenizer())
    shown = [
        f"{name}={value!r}"
        for name, value in model.get_params().items()
        if name in model.shown_settings or value is not defaults[name] and value != defaults[name]
    ]
    return f"{type(model).__name__}({', '.join(shown)})"


def model_table(model, width=None):
    """(title, header, rows, footer) of what a fitted model holds: its classes with their counts and priors, then its tables.

    With ``width`` (the text repr: MAX_REPR_WIDTH) a table too wide for it
    peeks at fewer entries and counts the rest; the HTML, whose cells wrap,
    keeps the first entries.
    """
    rows = [
        [f"class {label!r}", plural(model.class_counts_[label], model.example_noun), f"P(c) = {shorter(prior)}"]
        for label, prior in zip(model.classes_, model.exact_priors())
    ]
    rows += [[name, size, first] for name, size, first in model._table_peeks()]
    # A row wider than MAX_REPR_WIDTH (a big model: Adult's pair counts, a vocabulary of 100,000 words) peeks
    # again at as many entries as fit, and says how many it leaves out.
    room = (width or 0) - 4 - max(len(row[0]) for row in rows) - max(len(row[1]) for row in rows)
    if width is not None and any(len(row[2]) > room for row in rows):
        for row in rows:
            if type(row[2]) is PeekText:
                row[2] = peek(row[2].table, row[2].n, width=max(room, 30))
    footer = f"{model.model_name}, fitted on {plural(model.n_examples_, model.example_noun)}"
    return settings_text(model), ["table", "size", "first entries"], rows, footer


MAX_REPR_WIDTH = 100  # a model's repr fits in this many columns


def cut(text, width):
    """``text``, or its first characters and "…" when it is longer than ``width`` (at least 10 are kept)."""
    width = max(width, 10)
    return text if len(text) <= width else text[: width - 1] + "…"


class PeekText(str):
    """What ``peek`` gives: the text, and the table and count it was made from (so a repr can peek again, shorter)."""

    def __new__(cls, text, table, n):
        peeked = super().__new__(cls, text)
        peeked.table, peeked.n = table, n
        return peeked


def peek(table, n=3, width=None):
    """The first ``n`` entries of a dict (or items of a list or set) as short text, "..." after them if there are more.

    With ``width``, only as many entries as fit in about that many
    characters, and a count of the rest: "{'a': 1, ... 41 more}".
    """
    if width is not None:
        return peek_within(table, n, width)
    if type(table) is dict:
        items = [f"{key!r}: {peek(value, 2) if type(value) is dict else shorter(value)}" for key, value in list(table.items())[:n]]
        return PeekText("{" + ", ".join(items) + (", ...}" if len(table) > n else "}"), table, n)
    items = sorted(table, key=repr)[:n] if type(table) is set else list(table)[:n]
    return PeekText("[" + ", ".join(shorter(item) for item in items) + (", ...]" if len(table) > n else "]"), table, n)


def peek_within(table, n, width):
    """``peek`` in about ``width`` characters: entries while they fit (at least one), then "... k more"."""
    is_dict = type(table) is dict
    entries = list(table.items()) if is_dict else sorted(table, key=repr) if type(table) is set else list(table)
    opening, closing = "{}" if is_dict else "[]"
    items = []
    for entry in entries[:n]:
        used = len(", ".join(items)) + 2 + len(f", ... {len(entries)} more")
        if is_dict:
            key, value = entry
            text = cut(f"{key!r}", width - used - 16) + ": "  # (room kept for a short value)
            if type(value) in (dict, list, set):
                room = max(width - used - len(text), 20)
                inner = peek_within(value, 2, room)
                brackets = "[]" if type(value) is list else "{}"
                text += inner if len(inner) <= room else f"{brackets[0]}{len(value)} entries{brackets[1]}"
            else:
                text += cut(shorter(value), max(width - used - len(text), 10))
        else:
            text = cut(shorter(entry), width - used)
        if items and used + 2 + len(text) > width:
            break
        items.append(text)
    left = len(entries) - len(items)
    return opening + ", ".join(items) + (f", ... {left} more" if left else "") + closing


def plural(n, noun):
    """"1 document", "3 documents"; a fractional count (EM's weighted documents) in at most 6 digits: "26.9787 documents"."""
    return f"{shorter(n)} {noun}" if n == 1 else f"{shorter(n)} {noun}s"


def shorter(value):
    """A number in at most 6 significant digits, anything else as its repr."""
    if type(value) is float:
        return f"{value:.6g}"
    if type(value) is Fraction:
        return str(value)  # 3/4
    if type(value) in (list, tuple):
        opening, closing = "[]" if type(value) is list else "()"
        return opening + ", ".join(shorter(item) for item in value[:3]) + (", ..." if len(value) > 3 else "") + closing
    return repr(value)
