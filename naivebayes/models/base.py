"""What every naive Bayes classifier shares: the classes, the prior, training, Bayes' rule.

A naive Bayes classifier is a generative model.  It learns the prior P(c) and
the class-conditional P(x | c), multiplies them into the joint P(x, c) and
turns the joints into the posterior P(c | x) with Bayes' rule.  This module
holds every part of that which does not depend on what an example x is or
on how P(x | c) is modelled:

* the class tables ``classes_``, ``class_counts_`` (N_c) and ``n_examples_`` (N);
* the prior P(c) (``prior``, ``log_prior``);
* training: count into a new, empty model, then take its tables over, so a
  call that fails changes nothing (``fit``, ``partial_fit``);
* predicting: add each feature's log term to log P(c), then normalise.

What a kind of data adds lives next door (``text_base.py`` for documents and a
vocabulary, ``table_base.py`` for rows of named features), and what a model
adds, its formulas and its tables, lives in the model's own file.

One prediction goes through these steps, in this order, the same steps as on
the docs pages (a debugger stepping into ``predict_proba`` sees them):

1. ``_check_example``: check the input and turn it into ``{feature: value}``;
2. ``_log_likelihood_terms``: each feature's term log P(x_j | c), looked up in
   the tables that training built;
3. ``add_log_terms``: log P(x, c) = log P(c) + the sum of the terms;
4. ``log_posterior``: Bayes' rule, normalised with log-sum-exp.

Text models take a faster route through steps 2 and 3 in ``predict`` (their
docs pages explain it); ``joint_log_likelihood`` and ``explain`` always take
the steps above, and the tests check that both routes agree.
"""

import copy
import functools
import inspect
import math
from collections.abc import Mapping
from numbers import Real
from typing import NamedTuple

from naivebayes.core.arithmetic import is_exact, log, ratio
from naivebayes.core.bayes import (
    ZERO_PROBABILITY_HINT,
    ZeroProbabilityError,
    bayes_rule,
    decision,
    log_posterior,
    prior_mle,
    uniform_prior,
)
from naivebayes.core.checks import NotFittedError, as_list, check_bool, check_labels, sorted_labels
from naivebayes.core.explanation import Explanation
from naivebayes.models.generative import (
    check_sample_size,
    cumulative_weights,
    draw_index,
    log_marginal_likelihood,
    random_generator,
)

__all__ = ["NaiveBayes", "Term", "add_count", "add_log_terms"]


class Term(NamedTuple):
    """One feature's part of log P(x | c), for every class at once.

    ``log_terms[k]`` belongs to ``classes_[k]``.  ``step`` says what kind of
    feature it is ("word", "feature", or "absent" for Bernoulli's words that a
    document does not contain); ``value`` is x_j as the model saw it.
    """

    step: str
    feature: object
    value: object
    log_terms: tuple


@functools.lru_cache(maxsize=None)
def setting_names(model_class):
    """The names of a model class's settings: the parameters of its ``__init__``."""
    return tuple(name for name in inspect.signature(model_class.__init__).parameters if name != "self")


def snapshot(settings):
    """A copy of the settings that later changes to them cannot reach (values that cannot be copied stay as they are)."""
    copied = {}
    for name, value in settings.items():
        try:
            copied[name] = copy.deepcopy(value)
        except Exception:  # such as a tokenizer object holding a lock: compared by identity then
            copied[name] = value
    return copied


def add_count(table, key, amount=1):
    """table[key] += amount, starting from 0 for a new key (the one way count tables grow)."""
    table[key] = table.get(key, 0) + amount


def add_log_terms(log_priors, terms):
    """[log P(c) + sum over the terms of log P(x_j | c), for every class c]: the joint log-likelihoods.

    ``math.fsum`` adds each class's terms exactly rounded, so the order of the
    features does not change the result.
    """
    columns = zip(*(term.log_terms for term in terms)) if terms else [()] * len(log_priors)
    return [log_prior + math.fsum(column) for log_prior, column in zip(log_priors, columns)]


class NaiveBayes:
    """Classes, priors, training and Bayes' rule, shared by every model in the package.

    A model subclasses one of the two kinds of data (``TextNaiveBayes`` or
    ``TableNaiveBayes``) and adds its own settings, tables and formulas:

    * ``__init__`` stores each setting under its own name (``get_params`` reads them back);
    * ``_count_table_names`` and ``_lookup_table_names`` list the tables that counting
      fills and those built from them when training ends;
    * ``_count(examples, labels)`` counts checked examples into the (empty) tables;
    * ``_merge(other)`` returns a new model holding both models' counts;
    * ``_build_lookup_tables()`` precomputes what prediction looks up;
    * ``_log_likelihood_terms(x)`` gives the terms of one checked example;
    * ``_draw_example(label, tables, generator)`` draws one example of a class for
      ``sample`` (``_sampling_tables()`` works out, once per call, what it looks up).
    """

    model_name = "naive Bayes"  # how explanations and messages name the model
    feature_noun = "feature"  # what explanations call one feature ("word" for text)
    example_noun = "example"  # what messages call one example ("document", "row")

    def __init__(self, fit_prior=True, class_prior=None):
        self.fit_prior = check_bool("fit_prior", fit_prior, "False gives every class the prior 1/K")
        self.class_prior = class_prior
        self._start_empty()

    def _start_empty(self):
        """The tables of a model that has seen nothing yet."""
        self.classes_ = []  # the labels, sorted; every per-class list follows this order
        self.class_counts_ = {}  # N_c, training examples per class
        self.n_examples_ = 0  # N
        self.log_priors_ = []  # lookup table: log P(c) for c in classes_

    def _count_table_names(self):
        """The attributes that counting fills (each model adds its own)."""
        return ["classes_", "class_counts_", "n_examples_"]

    def _lookup_table_names(self):
        """The attributes built from the counts and the settings when training ends."""
        return ["log_priors_"]

    def _table_names(self):
        """Everything training sets: the count tables, then the lookup tables built from them."""
        return self._count_table_names() + self._lookup_table_names()

    def get_params(self):
        """The settings this model was made with, as ``{name: value}`` (read from ``__init__``)."""
        return {name: getattr(self, name) for name in setting_names(type(self))}

    def _unfitted_copy(self):
        """A new model with the same settings and empty tables."""
        return type(self)(**self.get_params())

    # ------------------------------------------------------------------
    # Training
    # ------------------------------------------------------------------

    def fit(self, X, y):
        """Learn the tables from examples ``X`` and their labels ``y``; returns the model.

        Refitting forgets everything learned before.  If anything is wrong with
        X or y, the model is left exactly as it was.
        """
        counted = self._counted(X, y, previous=None)
        if len(counted.classes_) < 2:
            raise ValueError(
                f"y has only one class ({counted.classes_[0]!r}); a classifier needs at least two "
                "classes to choose between (partial_fit accepts one class at a time)"
            )
        self._take_tables(counted)
        return self

    def partial_fit(self, X, y):
        """Add more examples to what the model has learned; in pieces it learns what one ``fit`` would.

        If anything is wrong with X or y, the model is left exactly as it was.
        """
        counted = self._counted(X, y, previous=self if self.classes_ else None)
        if self.classes_:
            counted = self._merge(counted)
            counted._sort_classes()
        self._take_tables(counted)
        return self

    def _counted(self, X, y, previous):
        """A new model with our settings that has counted X and y (ours are untouched).

        ``previous`` is the model that ``partial_fit`` goes on from (None for ``fit``).
        """
        examples = self._check_examples(X)
        labels = check_labels(y, len(examples), noun=self.example_noun)
        if not examples:
            raise ValueError("the training set is empty: give at least one example and its label")
        counted = self._unfitted_copy()
        if previous is not None:
            counted._continue_from(previous)
        counted._count(examples, labels)
        counted._sort_classes()
        return counted

    def _continue_from(self, model):
        """Carry over from ``model`` what checking its next examples needs (nothing, by default).

        ``partial_fit`` counts new examples in a new model; a model whose
        examples must keep a shape (such as the width of dense rows) copies
        that shape here.
        """

    def _count_classes(self, labels):
        """N_c += 1 for the label of every example, and N += the number of examples."""
        for label in labels:
            add_count(self.class_counts_, label)
        self.n_examples_ += len(labels)

    def _sort_classes(self):
        """Set ``classes_`` to the sorted labels and keep every per-class table in that order."""
        self.classes_ = sorted_labels(self.class_counts_)
        for name in self._class_table_names():
            table = getattr(self, name)
            if table:  # (a mixed model's table for a kind of distribution it does not use stays empty)
                setattr(self, name, {label: table[label] for label in self.classes_})

    def _class_table_names(self):
        """The count tables keyed by class label (printed in ``classes_`` order)."""
        return ["class_counts_"]

    def _merge_classes(self, other, merged):
        """Put N_c and N of both models into ``merged`` (a new, empty model)."""
        for model in (self, other):
            for label, n in model.class_counts_.items():
                add_count(merged.class_counts_, label, n)
            merged.n_examples_ += model.n_examples_

    def _check_mergeable(self, other, ours, theirs):
        """Raise a clear error unless ``other``'s counts can be added to ours (``merge`` asks before merging).

        ``ours`` and ``theirs`` name the two models in the message, such as
        "the first model" and "the second model".  Each kind of data adds
        what else must agree (the tokenizer, the features, the bin edges).
        """
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

    def _take_tables(self, counted):
        """Build the lookup tables on ``counted``, then make its tables ours.

        The lookup tables are built first, so a problem found there (such as
        alpha = 0 with a class that has no words) raises before this model has
        changed.  The settings they were built with are remembered, so that a
        setting changed later (``model.alpha = 0.5``) is noticed.
        """
        counted._check_class_prior()
        counted._build_lookup_tables()
        for name in self._table_names():
            setattr(self, name, getattr(counted, name))
        self._lookup_settings = snapshot(counted.get_params())

    def _follow_changed_settings(self):
        """Rebuild the lookup tables if a setting was changed after training, checking it first.

        Making a new model with the current settings runs every check of the
        constructor, so ``model.alpha = -5`` gets the same error as
        ``MultinomialNB(alpha=-5)``; the counts are kept, and only what depends
        on the settings is built again.
        """
        current = self.get_params()
        # Types count too: Decimal("1") == 1, but Decimal is not an alpha the checks would take.
        if current == self._lookup_settings and all(
            type(current[name]) is type(value) for name, value in self._lookup_settings.items()
        ):
            return
        rebuilt = self._unfitted_copy()  # raises here if a new setting is wrong
        for name in self._count_table_names():
            setattr(rebuilt, name, getattr(self, name))
        self._take_tables(rebuilt)

    def _build_lookup_tables(self):
        """Precompute what prediction looks up; each model extends this with its own tables."""
        self.log_priors_ = [log(self._prior(label)) for label in self.classes_]

    # ------------------------------------------------------------------
    # The prior, P(c)
    # ------------------------------------------------------------------

    def prior(self, label):
        """P(c): N_c / N by default, 1/K with ``fit_prior=False``, or the given ``class_prior``."""
        self._check_label(label)
        return self._prior(label)

    def _prior(self, label):
        if self.class_prior is not None:
            return self._given_priors()[label]
        if not self.fit_prior:
            return uniform_prior(len(self.classes_))
        return prior_mle(self.class_counts_[label], self.n_examples_)

    def log_prior(self, label):
        """log P(c), with log 0 = -inf."""
        return log(self.prior(label))

    def _check_class_prior(self):
        """Check ``class_prior`` against the classes as soon as they are known."""
        self._given_priors()

    def _given_priors(self):
        """``class_prior`` as a checked {label: P(c)} dict (None when it is not set)."""
        given = self.class_prior
        if given is None:
            return None
        if isinstance(given, Mapping):
            priors = dict(given)
        elif isinstance(given, (list, tuple)):
            if len(given) != len(self.classes_):
                raise ValueError(
                    f"class_prior has {len(given)} values but there are {len(self.classes_)} "
                    f"classes {self.classes_}; give one prior per class, in classes_ order"
                )
            priors = dict(zip(self.classes_, given))
        else:
            raise TypeError("class_prior must be a {label: probability} dict or a list in classes_ order")
        if set(priors) != set(self.classes_):
            raise ValueError(
                f"class_prior names the classes {sorted(priors, key=repr)}, but the training "
                f"labels are {self.classes_}; give exactly one prior per class"
            )
        for label, p in priors.items():
            if isinstance(p, bool) or not isinstance(p, Real) or not 0 <= p <= 1:
                raise ValueError(f"class_prior[{label!r}] = {p!r} is not a probability in [0, 1]")
        total = sum(priors.values())
        if (total != 1) if is_exact(*priors.values()) else abs(total - 1) > 1e-9:
            raise ValueError(f"class_prior must sum to 1, but it sums to {total}")
        return {label: priors[label] for label in self.classes_}

    # ------------------------------------------------------------------
    # Checks shared by the public methods
    # ------------------------------------------------------------------

    def _check_fitted(self):
        if not self.classes_:
            raise NotFittedError(f"this {type(self).__name__} has not been fitted yet: call fit(X, y) first")
        self._follow_changed_settings()

    def _check_label(self, label):
        self._check_fitted()
        try:
            known = label in self.class_counts_
        except TypeError:  # unhashable, such as a list: no label can be one
            known = False
        if not known:
            raise KeyError(f"{label!r} is not a class of this model; its classes are {self.classes_}")

    def _check_can_predict(self):
        self._check_fitted()
        if len(self.classes_) < 2:
            raise ValueError(
                f"the model has seen only the class {self.classes_[0]!r}; train it on at least "
                "two classes before predicting"
            )

    def _check_one_example(self, example, method):
        """Refuse a list that holds one example where one example is wanted (each kind of data knows how)."""

    def _check_examples(self, X):
        """X as a list of examples, with a clear error for a single example or a non-list."""
        return as_list("X", X, what="examples")

    # ------------------------------------------------------------------
    # One example, step by step (the reference path)
    # ------------------------------------------------------------------

    def joint_log_likelihood(self, example):
        """{label: log P(x, c)} for one example, step by step: the terms, then their sum."""
        self._check_can_predict()
        self._check_one_example(example, "joint_log_likelihood")
        x = self._check_example(example, "the example")  # 1. check the input
        terms = self._log_likelihood_terms(x)  # 2. each feature's term, per class
        joint = add_log_terms(self.log_priors_, terms)  # 3. log P(c) + the sum of the terms
        return dict(zip(self.classes_, joint))

    def posterior(self, example):
        """P(c | x) for one example from the exact joint probabilities (small, hand-checkable examples)."""
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

    def explain(self, example):
        """The whole computation behind one prediction, as an ``Explanation`` (print it)."""
        self._check_can_predict()
        self._check_one_example(example, "explain")
        x = self._check_example(example, "the example")
        terms = self._log_likelihood_terms(x)  # the very terms joint_log_likelihood adds up
        joint = dict(zip(self.classes_, add_log_terms(self.log_priors_, terms)))
        return Explanation.from_terms(
            model=self.model_name,
            noun=self.feature_noun,
            classes=self.classes_,
            prior={label: self.prior(label) for label in self.classes_},
            log_prior=dict(zip(self.classes_, self.log_priors_)),
            terms=terms,
            likelihoods=[self._term_likelihoods(term) for term in terms],
            ignored=self._ignored_features(x),
            joint=joint,
        )

    def _term_likelihoods(self, term):
        """{label: P(x_j | c)} shown beside a term in an explanation (None: no single probability)."""
        return None

    def _ignored_features(self, x):
        """{feature: why} for the features of a checked example that prediction leaves out (such as unseen words)."""
        return {}

    # ------------------------------------------------------------------
    # Many examples: Bayes' rule on the joint log-likelihoods
    # ------------------------------------------------------------------

    def _prediction_input(self, example, where):
        """Step 1 for ``predict``: the checked example, in the form the fast path reads (here the same)."""
        return self._check_example(example, where)

    def _joint_log_likelihoods(self, x):
        """[log P(x, c) for c in classes_] for one checked example: steps 2 and 3.

        Text models replace this with their fast path.
        """
        return add_log_terms(self.log_priors_, self._log_likelihood_terms(x))

    def predict_joint_log_proba(self, X):
        """log P(x, c) = log P(c) + log P(x | c) for each example: a list of {label: value} dicts."""
        examples = self._check_examples(X)
        self._check_can_predict()
        classes = self.classes_
        return [
            dict(zip(classes, self._joint_log_likelihoods(self._prediction_input(example, f"X[{i}]"))))
            for i, example in enumerate(examples)
        ]

    def predict_log_proba(self, X):
        """log P(c | x) for each example: a list of {label: value} dicts."""
        results = []
        for i, joint in enumerate(self.predict_joint_log_proba(X)):
            try:
                results.append(log_posterior(joint))
            except ZeroProbabilityError as error:
                raise ZeroProbabilityError(f"X[{i}]: {error}") from None
        return results

    def predict_proba(self, X):
        """P(c | x) for each example: a list of {label: probability} dicts that sum to 1."""
        return [
            {label: math.exp(value) for label, value in log_probabilities.items()}
            for log_probabilities in self.predict_log_proba(X)
        ]

    def predict(self, X):
        """The most probable class of each example (a tie goes to the first in ``classes_``)."""
        predictions = []
        for i, joint in enumerate(self.predict_joint_log_proba(X)):
            best = decision(joint)
            if joint[best] == -math.inf:  # every class has probability 0: none can be chosen
                raise ZeroProbabilityError(f"X[{i}]: {ZERO_PROBABILITY_HINT}")
            predictions.append(best)
        return predictions

    def score(self, X, y):
        """Accuracy on X and y, the share of examples predicted correctly, as an exact Fraction."""
        examples = self._check_examples(X)
        labels = check_labels(y, len(examples), noun=self.example_noun)
        if not examples:
            raise ValueError("score needs at least one example and its label")
        predictions = self.predict(examples)
        n_correct = sum(1 for label, predicted in zip(labels, predictions) if label == predicted)
        return ratio(n_correct, len(labels))  # exact, like naivebayes.accuracy

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
        self._check_fitted()
        n = check_sample_size(n)
        if label is not None:
            self._check_label(label)
        generator = random_generator(random_state)
        tables = self._sampling_tables()  # worked out once per call, from the model's estimates
        class_cumulative = cumulative_weights([self._prior(c) for c in self.classes_])  # P(c), as running totals
        examples, labels = [], []
        for _ in range(n):
            c = label if label is not None else self.classes_[draw_index(generator.random(), class_cumulative)]
            examples.append(self._draw_example(c, tables, generator))  # x ~ P(x | c)
            labels.append(c)
        return examples, labels

    def _sampling_tables(self):
        """What drawing one example looks up, worked out once per ``sample`` call (None: nothing)."""
        return None

    def _draw_example(self, label, tables, generator):
        """One example drawn from P(x | c) for c = ``label`` (each kind of model its own way)."""
        raise TypeError(f"{type(self).__name__} cannot draw examples")

    def log_marginal(self, X):
        """log p(x) = log sum_c P(c) P(x | c) for each example: how probable the model finds it.

        The same joint log-likelihoods that ``predict`` compares, added up over
        the classes with log-sum-exp.  What the model leaves out when
        predicting (a missing value, an unseen word) it leaves out here too,
        so this is the probability of the rest.
        """
        return [log_marginal_likelihood(list(joint.values())) for joint in self.predict_joint_log_proba(X)]

    # ------------------------------------------------------------------
    # Printing
    # ------------------------------------------------------------------

    def _settings_repr(self):
        """The settings worth showing (alpha, and any that differ from the default), as ``name=value``."""
        return ", ".join(
            f"{name}={value!r}" for name, value in self.get_params().items() if self._shows_setting(name, value)
        )

    def _shows_setting(self, name, value):
        default = inspect.signature(type(self).__init__).parameters[name].default
        return name == "alpha" or value is not default and value != default

    def _tables_repr(self):
        """The tables worth a glance after fitting; each kind of data adds its own."""
        return f"class_counts={self.class_counts_!r}"

    def __repr__(self):
        settings = self._settings_repr()
        if not self.classes_:
            return f"{type(self).__name__}({settings}) (not fitted)"
        joined = ", ".join(part for part in (settings, self._tables_repr()) if part)
        return f"{type(self).__name__}({joined})"
