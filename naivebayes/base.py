"""What the multinomial and Bernoulli models share.

Both models learn the same way: count, then estimate, then score with Bayes'
rule.  This module holds the parts that do not depend on the event model:

* counting documents per class, N_c, and building the vocabulary V;
* the class prior P(c);
* turning joint log-likelihoods into posteriors and decisions.

The event models (``multinomial.py`` and ``bernoulli.py``) add what is their
own: how a document adds to ``feature_counts_``, the likelihood P(x_j | c) and
the joint log-likelihood log P(x, c).

The count tables are public plain dicts that a student can print:

* ``class_counts_[label]`` -- N_c, the number of training documents of class c;
* ``feature_counts_[label][feature]`` -- what the event model counts per class;
* ``vocabulary_`` -- the set V of every feature seen in training;
* ``classes_`` -- the labels, sorted; every per-class list follows this order.

Code that only reads a table uses ``.get`` and never inserts a key.
"""

import math
from collections.abc import Mapping
from itertools import repeat
from numbers import Real

from naivebayes.arithmetic import is_exact, log
from naivebayes.bayes import (
    ZERO_PROBABILITY_HINT,
    ZeroProbabilityError,
    bayes_rule,
    decision,
    log_posterior,
    prior_mle,
    uniform_prior,
)
from naivebayes.documents import check_documents, check_labels, document_counts
from naivebayes.explain import explain, most_informative_features
from naivebayes.tokenize import Tokenizer

__all__ = ["NaiveBayes", "add_count", "value_per_word"]


def add_count(table, key, amount=1):
    """table[key] += amount, starting from 0 for a new key (the one way tables grow)."""
    table[key] = table.get(key, 0) + amount


def value_per_word(table, positions, value_of_count):
    """A column with value_of_count(table.get(word, 0)) at ``positions[word]`` for every word.

    ``positions`` is {word: column number} for the whole vocabulary, and
    ``table`` holds the words whose count is not 0 (a class's count table).
    Most words share a few counts (0, 1, 2, ...), so the formula runs once
    per distinct count, not once per word; and only the table's words are
    visited, since every other word has count 0.
    """
    value = {count: value_of_count(count) for count in {0, *table.values()}}
    column = [value[0]] * len(positions)  # every word starts with the value of count 0 ...
    for word, count in table.items():
        column[positions[word]] = value[count]  # ... except those the table counted
    return column


def _is_dense_row(document):
    """True for a list of numbers such as [2, 0, 1] (its first item decides)."""
    return isinstance(document, (list, tuple)) and len(document) > 0 and not isinstance(document[0], str)


class NaiveBayes:
    """Counting, priors and Bayes' rule, shared by ``MultinomialNB`` and ``BernoulliNB``.

    Parameters
    ----------
    alpha : int, Fraction or float, default 1
        The smoothing pseudo-count: 1 is Laplace (add-one) smoothing, other
        values are Lidstone smoothing, and 0 is the unsmoothed maximum
        likelihood estimate.  With an int or a Fraction, ``prior`` and
        ``likelihood`` return exact Fractions.
    fit_prior : bool, default True
        Learn P(c) from the class counts; with False, every class gets 1/K.
    class_prior : dict or list, optional
        Fixed priors, as ``{label: P(c)}`` or a list in ``classes_`` order.
        They must be non-negative and sum to 1.  Overrides ``fit_prior``.
    tokenizer : callable, optional
        Turns a raw-string document into a list of tokens; default
        ``Tokenizer()``.
    """

    model_name = "NaiveBayes"

    def __init__(self, alpha=1, fit_prior=True, class_prior=None, tokenizer=None):
        if isinstance(alpha, bool) or not isinstance(alpha, Real) or not alpha >= 0 or alpha == math.inf:
            raise ValueError(
                f"alpha must be a finite number >= 0 (1 is Laplace smoothing), not {alpha!r}"
            )
        if tokenizer is not None and not callable(tokenizer):
            raise TypeError("tokenizer must be callable: text -> list of tokens, such as Tokenizer()")
        self.alpha = alpha
        self.fit_prior = fit_prior
        self.class_prior = class_prior
        self.tokenizer = Tokenizer() if tokenizer is None else tokenizer
        self._start_empty()

    def _start_empty(self):
        """Empty count tables: the state before any training."""
        self.class_counts_ = {}  # N_c
        self.feature_counts_ = {}  # per class: {feature: count}, meaning set by the event model
        self.vocabulary_ = set()  # V
        self.classes_ = []
        self.n_documents_ = 0  # N
        self.n_columns_ = None  # the width of dense training rows, if any
        self._fast_tables = None  # the fast path's lookup tables, built on first use

    # ------------------------------------------------------------------
    # Training
    # ------------------------------------------------------------------

    def fit(self, X, y):
        """Learn the count tables from documents ``X`` and their labels ``y``."""
        counted = self._count(X, y, n_columns=None)  # a fresh model that has counted X and y
        if len(counted.classes_) < 2:
            raise ValueError(
                f"y has only one class ({counted.classes_[0]!r}); a classifier needs at least two "
                "classes to choose between (partial_fit accepts one class at a time)"
            )
        counted._given_priors()  # check class_prior against the classes now, not at predict time
        vars(self).update(vars(counted))  # nothing of ours changed until everything counted
        return self

    def partial_fit(self, X, y):
        """Add the counts of more documents; fitting in pieces gives the same tables as one fit."""
        counted = self._count(X, y, n_columns=self.n_columns_)
        self._merge(counted)
        return self

    def _count(self, X, y, n_columns):
        """A new, empty model of the same kind and settings that has counted X and y.

        ``n_columns`` is the width dense rows must have (None: any, set by the first).
        """
        X = check_documents(X)
        y = check_labels(X, y)
        counted = self._empty_copy()
        counted.n_columns_ = n_columns
        for i, (document, label) in enumerate(zip(X, y)):
            counts = counted._counts(document, f"X[{i}]", training=True)
            counted._add_document(counts, label)
        counted._sort_tables()
        return counted

    def _empty_copy(self):
        return type(self)(
            alpha=self.alpha,
            fit_prior=self.fit_prior,
            class_prior=self.class_prior,
            tokenizer=self.tokenizer,
        )

    def _counts(self, document, where, training=False):
        """{feature: count} for one document; dense rows must keep the training width."""
        if _is_dense_row(document):
            if self.n_columns_ is None and training:
                self.n_columns_ = len(document)
            elif self.n_columns_ is not None and len(document) != self.n_columns_:
                raise ValueError(
                    f"{where} has {len(document)} columns, but the model's dense rows have "
                    f"{self.n_columns_}; every dense row must have one column per feature"
                )
        return document_counts(document, self.tokenizer, where)

    def _add_document(self, counts, label):
        """Count one training document of class ``label``: N_c, N and V.

        Each event model extends this with its own ``feature_counts_``.
        """
        add_count(self.class_counts_, label)  # N_c += 1
        self.n_documents_ += 1  # N += 1
        self.vocabulary_.update(counts)  # every feature seen in training joins V

    def _merge(self, counted):
        """Add the tables of ``counted`` to ours."""
        for label, n in counted.class_counts_.items():
            add_count(self.class_counts_, label, n)
        for label, table in counted.feature_counts_.items():
            ours = self.feature_counts_.setdefault(label, {})
            for feature, count in table.items():
                add_count(ours, feature, count)
        self.vocabulary_ |= counted.vocabulary_
        self.n_documents_ += counted.n_documents_
        self.n_columns_ = counted.n_columns_
        self._sort_tables()
        self._fast_tables = None  # the counts changed, so the lookup tables must be rebuilt

    def _sort_tables(self):
        """Set ``classes_`` and keep the per-class tables in that order, for printing."""
        self.classes_ = _sorted_labels(self.class_counts_)
        self.class_counts_ = {label: self.class_counts_[label] for label in self.classes_}
        self.feature_counts_ = {label: self.feature_counts_[label] for label in self.classes_}

    # ------------------------------------------------------------------
    # The prior, P(c)
    # ------------------------------------------------------------------

    def prior(self, label):
        """P(c): N_c / N by default, 1/K with ``fit_prior=False``, or the given ``class_prior``."""
        self._check_label(label)
        if self.class_prior is not None:
            return self._given_priors()[label]
        if not self.fit_prior:
            return uniform_prior(len(self.classes_))
        return prior_mle(self.class_counts_[label], self.n_documents_)

    def log_prior(self, label):
        """log P(c), with log 0 = -inf."""
        return log(self.prior(label))

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
            raise ValueError(f"this {type(self).__name__} has not been fitted yet: call fit(X, y) first")

    def _check_label(self, label):
        self._check_fitted()
        if label not in self.class_counts_:
            raise KeyError(f"{label!r} is not a class of this model; its classes are {self.classes_}")

    def _check_feature(self, feature):
        if feature not in self.vocabulary_:
            raise KeyError(
                f"{feature!r} is not in the vocabulary (it never occurred in training), so the "
                "model has no estimate for it and ignores it when predicting"
            )

    def _check_can_predict(self):
        self._check_fitted()
        if len(self.classes_) < 2:
            raise ValueError(
                f"the model has seen only the class {self.classes_[0]!r}; train it on at least "
                "two classes before predicting"
            )

    # ------------------------------------------------------------------
    # Prediction: Bayes' rule on the joint log-likelihoods
    # ------------------------------------------------------------------

    def joint_log_likelihood(self, document):
        """log P(x, c) for one document, computed step by step: {label: value}."""
        raise NotImplementedError

    def _fast_joint(self, counts):
        raise NotImplementedError

    def predict_joint_log_proba(self, X):
        """log P(x, c) = log P(c) + log P(x | c) for each document: a list of {label: value}.

        This uses the fast path described on the model's docs page; it gives
        the same numbers as ``joint_log_likelihood(document)``, which follows
        the derivation one word at a time.
        """
        X = check_documents(X)
        self._check_can_predict()
        classes = self.classes_
        return [
            dict(zip(classes, self._fast_joint(self._counts(document, f"X[{i}]"))))
            for i, document in enumerate(X)
        ]

    def predict_log_proba(self, X):
        """log P(c | x) for each document: a list of {label: value} dicts."""
        results = []
        for i, joint in enumerate(self.predict_joint_log_proba(X)):
            try:
                results.append(log_posterior(joint))
            except ZeroProbabilityError as error:
                raise ZeroProbabilityError(f"X[{i}]: {error}") from None
        return results

    def predict_proba(self, X):
        """P(c | x) for each document: a list of {label: probability} dicts that sum to 1."""
        return [
            {label: math.exp(value) for label, value in log_probabilities.items()}
            for log_probabilities in self.predict_log_proba(X)
        ]

    def predict(self, X):
        """The most probable class of each document (a tie goes to the first in ``classes_``)."""
        predictions = []
        for i, joint in enumerate(self.predict_joint_log_proba(X)):
            best = decision(joint)
            if joint[best] == -math.inf:  # every class has probability 0: none can be chosen
                raise ZeroProbabilityError(f"X[{i}]: {ZERO_PROBABILITY_HINT}")
            predictions.append(best)
        return predictions

    def posterior(self, document):
        """P(c | x) for one document from the exact joint probabilities (small examples)."""
        return bayes_rule(self.joint_probability(document))

    def explain(self, document):
        """The step-by-step computation for one document, as an ``Explanation``."""
        return explain(self, document)

    def most_informative_features(self, n=10):
        """The n features whose likelihood differs most between two classes."""
        return most_informative_features(self, n)

    def __repr__(self):
        settings = f"alpha={self.alpha!r}"
        if not self.fit_prior:
            settings += ", fit_prior=False"
        if self.class_prior is not None:
            settings += f", class_prior={self.class_prior!r}"
        if not self.classes_:
            return f"{type(self).__name__}({settings}) (not fitted)"
        return (
            f"{type(self).__name__}({settings}, class_counts={self.class_counts_!r}, "
            f"vocabulary_size={len(self.vocabulary_)})"
        )


def _sorted_labels(class_counts):
    """The labels in sorted order, with a clear error when they cannot be compared."""
    try:
        return sorted(class_counts)
    except TypeError:
        kinds = sorted({type(label).__name__ for label in class_counts})
        raise TypeError(
            f"labels of different kinds ({', '.join(kinds)}) cannot be sorted into classes_; "
            "use labels of one kind, such as all strings"
        ) from None
