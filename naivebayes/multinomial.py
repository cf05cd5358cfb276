"""Multinomial naive Bayes: a document is a bag of word occurrences.

The event model (seed 000's "multinomial event model", seed 004's classifier):
to write a document of class c, draw each of its words independently from one
distribution over the vocabulary, theta_c.  A word that occurs x_j times
contributes theta_jc ** x_j to P(x | c).

Training is counting, then one ratio per word and class:

* ``n_jc`` -- how often word j occurs in the training documents of class c
  (``feature_counts_[c][j]``);
* ``n_c``  -- how many word occurrences class c has in all
  (``feature_totals_[c]``);
* ``theta_jc = (n_jc + alpha) / (n_c + alpha |V|)`` -- the smoothed estimate.

Prediction adds log P(c) and x_j * log theta_jc over the document's words.
Words never seen in training are ignored (seed 004's rule).

The worked example is the "China" example on the docs page:

>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> model = MultinomialNB().fit(documents, labels)
>>> model.prior("china"), model.likelihood("chinese", "china")
(Fraction(3, 4), Fraction(3, 7))
>>> model.likelihood("tokyo", "china"), model.likelihood("tokyo", "japan")
(Fraction(1, 14), Fraction(2, 9))
>>> model.predict([test_document])
['china']
>>> round(model.predict_proba([test_document])[0]["china"], 4)
0.6898

Run ``python -m naivebayes multinomial`` to print the whole computation.
"""

import math
from itertools import repeat
from operator import mul

from naivebayes.arithmetic import log, ratio
from naivebayes.base import NaiveBayes, add_count, value_per_word

__all__ = [
    "MultinomialNB",
    "add_multinomial_counts",
    "multinomial_mle",
    "multinomial_likelihood",
    "multinomial_joint_probability",
    "multinomial_log_likelihood",
    "multinomial_joint_log_likelihood",
    "multinomial_log_likelihood_rows",
    "multinomial_joint_log_likelihoods",
]


# --8<-- [start:eq-multinomial-count]
def add_multinomial_counts(word_counts, counts):
    """n_jc += x_j for each word j of one class-c document; returns sum_j x_j, its part of n_c.

    ``word_counts`` is the class's table ``feature_counts_[c]``; ``counts`` is
    the document as {word: x_j}.

    Formula: docs/multinomial.md#eq-multinomial-count
    """
    for word, count in counts.items():
        if count:  # an occurrence count of 0 adds nothing, so it adds no entry either
            word_counts[word] = word_counts.get(word, 0) + count
    return sum(counts.values())
# --8<-- [end:eq-multinomial-count]


# --8<-- [start:eq-multinomial-mle]
def multinomial_mle(count, total):
    """theta_jc = n_jc / n_c: the share of class c's word occurrences that are word j.

    Formula: docs/multinomial.md#eq-multinomial-mle
    """
    return ratio(count, total)
# --8<-- [end:eq-multinomial-mle]


# --8<-- [start:eq-multinomial-lidstone]
def multinomial_likelihood(count, total, alpha, vocabulary_size):
    """theta_jc = (n_jc + alpha) / (n_c + alpha |V|): Lidstone smoothing (Laplace when alpha = 1).

    Formula: docs/multinomial.md#eq-multinomial-lidstone
    """
    return ratio(count + alpha, total + alpha * vocabulary_size)
# --8<-- [end:eq-multinomial-lidstone]


# --8<-- [start:eq-multinomial-joint-probability]
def multinomial_joint_probability(prior, counts, likelihood, vocabulary):
    """P(x, c) = P(c) * prod over known words j of theta_jc ** x_j (unseen words ignored).

    ``likelihood(word)`` gives theta_jc for this class.  Exact with Fractions;
    with floats, long documents underflow to 0.0 (use the log form instead).

    Formula: docs/multinomial.md#eq-multinomial-joint-probability
    """
    joint = prior
    for word, count in counts.items():
        if word in vocabulary:  # a word never seen in training is left out
            joint *= likelihood(word) ** count
    return joint
# --8<-- [end:eq-multinomial-joint-probability]


# --8<-- [start:eq-multinomial-log-likelihood]
def multinomial_log_likelihood(count, total, alpha, vocabulary_size):
    """log theta_jc = log(n_jc + alpha) - log(n_c + alpha |V|), with log 0 = -inf.

    Formula: docs/multinomial.md#eq-multinomial-log-likelihood
    """
    return log(count + alpha) - log(total + alpha * vocabulary_size)
# --8<-- [end:eq-multinomial-log-likelihood]


# --8<-- [start:eq-multinomial-joint-log]
def multinomial_joint_log_likelihood(log_prior, counts, log_likelihood, vocabulary):
    """log P(x, c) = log P(c) + sum over known words j of x_j * log theta_jc.

    ``log_likelihood(word)`` gives log theta_jc for this class.  Words with
    x_j = 0 add nothing and are skipped (0 * -inf would be nan).

    Formula: docs/multinomial.md#eq-multinomial-joint-log
    """
    terms = [
        count * log_likelihood(word)
        for word, count in counts.items()
        if count and word in vocabulary  # unseen words are ignored (seed 004)
    ]
    return log_prior + math.fsum(terms)  # fsum: exactly rounded, whatever the order
# --8<-- [end:eq-multinomial-joint-log]


# --8<-- [start:eq-multinomial-rows]
def multinomial_log_likelihood_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    """The fast path's table: {word: (log theta_{j c_1}, ..., log theta_{j c_K})}, one row per word.

    Each entry is ``multinomial_log_likelihood`` itself, computed once per
    distinct count of the class (``value_per_word``).

    Formula: docs/multinomial.md#eq-multinomial-rows
    """
    words = list(vocabulary)
    positions = {word: j for j, word in enumerate(words)}
    vocabulary_size = len(words)
    columns = []
    for label in classes:
        total = feature_totals[label]
        columns.append(
            value_per_word(
                feature_counts[label],
                positions,
                lambda count: multinomial_log_likelihood(count, total, alpha, vocabulary_size),
            )
        )
    return dict(zip(words, zip(*columns)))  # transpose: one tuple of K values per word
# --8<-- [end:eq-multinomial-rows]


# --8<-- [start:eq-multinomial-joint-rows]
def multinomial_joint_log_likelihoods(counts, rows, log_priors):
    """[log P(x, c) for every class c] = log pi + sum over known words j of x_j * row_j.

    One dictionary lookup per word fetches the row of all K classes; the sums
    run in C (``map``, ``zip`` and ``math.fsum``).  The products and the set of
    terms are the same as in ``multinomial_joint_log_likelihood``, and fsum is
    exactly rounded, so the results are identical to the last bit.

    Formula: docs/multinomial.md#eq-multinomial-joint-rows
    """
    known_counts, known_rows = [], []
    for word, count in counts.items():
        row = rows.get(word)  # None for a word never seen in training: ignored
        if row is not None and count:
            known_counts.append(count)
            known_rows.append(row)
    columns = zip(*known_rows) if known_rows else repeat((), len(log_priors))
    return [
        log_prior + math.fsum(map(mul, known_counts, column))
        for log_prior, column in zip(log_priors, columns)
    ]
# --8<-- [end:eq-multinomial-joint-rows]


class MultinomialNB(NaiveBayes):
    """Multinomial naive Bayes over word counts (or any non-negative weights, such as TF-IDF).

    Tables, besides those of ``NaiveBayes``:

    * ``feature_counts_[c][j]`` -- n_jc, occurrences of word j in class c;
    * ``feature_totals_[c]`` -- n_c, all word occurrences in class c.
    """

    model_name = "multinomial naive Bayes"

    def _start_empty(self):
        super()._start_empty()
        self.feature_totals_ = {}  # n_c

    def _add_document(self, counts, label):
        super()._add_document(counts, label)  # N_c, N and the vocabulary
        class_word_counts = self.feature_counts_.setdefault(label, {})
        n_words = add_multinomial_counts(class_word_counts, counts)  # n_jc
        add_count(self.feature_totals_, label, n_words)  # n_c

    def _merge(self, counted):
        for label, n_words in counted.feature_totals_.items():
            add_count(self.feature_totals_, label, n_words)
        super()._merge(counted)

    def _sort_tables(self):
        super()._sort_tables()
        self.feature_totals_ = {label: self.feature_totals_[label] for label in self.classes_}

    # -- the estimates ------------------------------------------------------

    def _check_estimable(self, label):
        if self.feature_totals_[label] + self.alpha * len(self.vocabulary_) == 0:
            raise ZeroDivisionError(
                f"class {label!r} has no word occurrences, so with alpha = 0 its estimates "
                "P(w | c) = 0/0 are undefined; use alpha > 0"
            )

    def likelihood(self, feature, label):
        """P(w | c) = (n_wc + alpha) / (n_c + alpha |V|); exact when alpha is an int or Fraction."""
        self._check_label(label)
        self._check_feature(feature)
        self._check_estimable(label)
        count = self.feature_counts_[label].get(feature, 0)
        return multinomial_likelihood(count, self.feature_totals_[label], self.alpha, len(self.vocabulary_))

    def log_likelihood(self, feature, label):
        """log P(w | c), computed as log(n_wc + alpha) - log(n_c + alpha |V|)."""
        self._check_label(label)
        self._check_feature(feature)
        self._check_estimable(label)
        count = self.feature_counts_[label].get(feature, 0)
        return multinomial_log_likelihood(count, self.feature_totals_[label], self.alpha, len(self.vocabulary_))

    # -- one document, step by step (the reference path) --------------------

    def joint_probability(self, document):
        """{label: P(x, c)} for one document, exact for int or Fraction alpha (small examples)."""
        self._check_can_predict()
        counts = self._counts(document, "the document")
        return {
            label: multinomial_joint_probability(
                self.prior(label), counts, lambda word: self.likelihood(word, label), self.vocabulary_
            )
            for label in self.classes_
        }

    def joint_log_likelihood(self, document):
        """{label: log P(x, c)} for one document, one word at a time, as the derivation goes."""
        self._check_can_predict()
        counts = self._counts(document, "the document")
        return {
            label: multinomial_joint_log_likelihood(
                self.log_prior(label), counts, lambda word: self.log_likelihood(word, label), self.vocabulary_
            )
            for label in self.classes_
        }

    # -- many documents, fast ------------------------------------------------

    def _fast_table(self):
        """(rows, log priors) for the fast path, built from the counts once and then reused."""
        if self._fast_tables is None:
            for label in self.classes_:
                self._check_estimable(label)
            rows = multinomial_log_likelihood_rows(
                self.feature_counts_, self.feature_totals_, self.classes_, self.vocabulary_, self.alpha
            )
            log_priors = [self.log_prior(label) for label in self.classes_]
            self._fast_tables = (rows, log_priors)
        return self._fast_tables

    def _fast_joint(self, counts):
        """The fast path: ``multinomial_joint_log_likelihoods`` on the prebuilt rows."""
        rows, log_priors = self._fast_table()
        return multinomial_joint_log_likelihoods(counts, rows, log_priors)

    def _log_likelihood_rows(self):
        """{word: (log P(w | c) for c in classes_)}, for most_informative_features."""
        rows, _ = self._fast_table()
        return rows

    def _explanation_terms(self, counts):
        """One (word, x_j, {c: theta_jc}, {c: x_j log theta_jc}) row per known word."""
        terms = []
        for word, count in counts.items():
            if count and word in self.vocabulary_:
                probability = {label: self.likelihood(word, label) for label in self.classes_}
                log_term = {label: count * self.log_likelihood(word, label) for label in self.classes_}
                terms.append((word, count, probability, log_term))
        return terms, None
