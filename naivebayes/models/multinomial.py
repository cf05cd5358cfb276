"""Multinomial naive Bayes: a document is a bag of word occurrences.

The event model (the Pudding documentation's "multinomial event model", and
the classifier of the blog post on multinomial naive Bayes from scratch): to
write a document of class c, draw each of its words independently from one
distribution over the vocabulary, theta_c.  A word that occurs x_j times
contributes theta_jc ** x_j to P(x | c).

Training is counting, then one ratio per word and class:

* ``n_jc`` -- how often word j occurs in the training documents of class c
  (``feature_counts_[c][j]``);
* ``n_c``  -- how many word occurrences class c has in all
  (``feature_totals_[c]``);
* ``theta_jc = (n_jc + alpha) / (n_c + alpha |V|)`` -- the smoothed estimate.

Prediction adds log P(c) and x_j * log theta_jc over the document's words.
Words never seen in training are ignored.

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

from naivebayes.core.arithmetic import log, ratio
from naivebayes.models.base import Term, add_count
from naivebayes.models.text_base import TextNaiveBayes, value_per_word

__all__ = [
    "MultinomialNB",
    "add_multinomial_counts",
    "multinomial_mle",
    "multinomial_likelihood",
    "multinomial_joint_probability",
    "multinomial_log_likelihood",
    "multinomial_word_terms",
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
def multinomial_joint_probability(prior, counts, likelihoods):
    """P(x, c) = P(c) * prod over known words j of theta_jc ** x_j (unseen words ignored).

    ``likelihoods`` is {word: theta_jc} for this class and every word of the
    vocabulary.  Exact with Fractions; with floats, long documents underflow
    to 0.0 (the log form does not).

    Formula: docs/multinomial.md#eq-multinomial-joint-probability
    """
    joint = prior
    for word, count in counts.items():
        if word in likelihoods:  # a word never seen in training is left out
            joint *= likelihoods[word] ** count
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
def multinomial_word_terms(counts, vocabulary, classes, feature_counts, feature_totals, alpha):
    """x_j * log theta_jc for each known word j of one document and each class c.

    These are the terms that log P(x, c) = log P(c) + sum_j x_j log theta_jc
    adds up.  A word never seen in training is ignored, and a word with x_j = 0
    adds nothing (0 * -inf would be nan), so neither gets a term.

    Formula: docs/multinomial.md#eq-multinomial-joint-log
    """
    vocabulary_size = len(vocabulary)
    terms = []
    for word, count in counts.items():
        if count and word in vocabulary:
            log_terms = tuple(
                count * multinomial_log_likelihood(
                    feature_counts[label].get(word, 0), feature_totals[label], alpha, vocabulary_size
                )
                for label in classes
            )
            terms.append(Term("word", word, count, log_terms))
    return terms
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
        log_theta_of_count = {
            count: multinomial_log_likelihood(count, total, alpha, vocabulary_size)
            for count in {0, *feature_counts[label].values()}
        }
        columns.append(value_per_word(feature_counts[label], positions, log_theta_of_count))
    return dict(zip(words, zip(*columns)))  # transpose: one tuple of K values per word
# --8<-- [end:eq-multinomial-rows]


# --8<-- [start:eq-multinomial-joint-rows]
def multinomial_joint_log_likelihoods(counts, rows, log_priors):
    """[log P(x, c) for every class c] = log pi + sum over known words j of x_j * row_j.

    One dictionary lookup per word fetches the row of all K classes; the sums
    run in C (``map``, ``zip`` and ``math.fsum``).  The products and the set of
    terms are the same as in ``multinomial_word_terms``, and fsum is exactly
    rounded, so the results are identical to the last bit.

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


class MultinomialNB(TextNaiveBayes):
    """Multinomial naive Bayes over word counts (or any non-negative weights, such as TF-IDF).

    Tables, besides those of ``TextNaiveBayes``:

    * ``feature_counts_[c][j]`` -- n_jc, occurrences of word j in class c;
    * ``feature_totals_[c]`` -- n_c, all word occurrences in class c;
    * ``log_likelihood_rows_`` -- built when training ends: {word: (log theta_jc for c in classes_)}.
    """

    model_name = "multinomial naive Bayes"

    def _start_empty(self):
        super()._start_empty()
        self.feature_totals_ = {}  # n_c
        self.log_likelihood_rows_ = {}  # lookup table for prediction

    def _count_table_names(self):
        return super()._count_table_names() + ["feature_totals_"]

    def _lookup_table_names(self):
        return super()._lookup_table_names() + ["log_likelihood_rows_"]

    def _class_table_names(self):
        return super()._class_table_names() + ["feature_totals_"]

    # -- counting ---------------------------------------------------------

    def _add_document(self, counts, label):
        class_word_counts = self.feature_counts_.setdefault(label, {})
        n_words = add_multinomial_counts(class_word_counts, counts)  # n_jc
        add_count(self.feature_totals_, label, n_words)  # n_c

    def _merge(self, other):
        merged = super()._merge(other)
        for model in (self, other):
            for label, n_words in model.feature_totals_.items():
                add_count(merged.feature_totals_, label, n_words)
        return merged

    def _build_lookup_tables(self):
        """log P(c) per class, and log theta_jc per word and class, once, when training ends."""
        super()._build_lookup_tables()
        for label in self.classes_:
            if self.feature_totals_[label] + self.alpha * len(self.vocabulary_) == 0:
                raise ZeroDivisionError(
                    f"class {label!r} has no word occurrences, so with alpha = 0 its estimates "
                    "P(w | c) = 0/0 are undefined; use alpha > 0"
                )
        self.log_likelihood_rows_ = multinomial_log_likelihood_rows(
            self.feature_counts_, self.feature_totals_, self.classes_, self.vocabulary_, self.alpha
        )

    # -- the estimates ------------------------------------------------------

    def likelihood(self, feature, label):
        """P(w | c) = (n_wc + alpha) / (n_c + alpha |V|); exact when alpha is an int or Fraction."""
        self._check_label(label)
        self._check_feature(feature)
        count = self.feature_counts_[label].get(feature, 0)
        return multinomial_likelihood(count, self.feature_totals_[label], self.alpha, len(self.vocabulary_))

    def log_likelihood(self, feature, label):
        """log P(w | c), computed as log(n_wc + alpha) - log(n_c + alpha |V|)."""
        self._check_label(label)
        self._check_feature(feature)
        count = self.feature_counts_[label].get(feature, 0)
        return multinomial_log_likelihood(count, self.feature_totals_[label], self.alpha, len(self.vocabulary_))

    def log_likelihood_table(self):
        """{word: (log P(w | c) for c in classes_)} for the whole vocabulary."""
        self._check_fitted()
        return self.log_likelihood_rows_

    # -- one document, step by step (the reference path) --------------------

    def _log_likelihood_terms(self, counts):
        return multinomial_word_terms(
            counts, self.vocabulary_, self.classes_, self.feature_counts_, self.feature_totals_, self.alpha
        )

    def _term_likelihoods(self, term):
        return tuple(self.likelihood(term.feature, label) for label in self.classes_)

    def joint_probability(self, document):
        """{label: P(x, c)} for one document, exact for int or Fraction alpha (small examples)."""
        self._check_can_predict()
        counts = self._check_example(document, "the document")
        known = [word for word in counts if word in self.vocabulary_]
        return {
            label: multinomial_joint_probability(
                self.prior(label), counts, {word: self.likelihood(word, label) for word in known}
            )
            for label in self.classes_
        }

    # -- many documents, fast ------------------------------------------------

    def _joint_log_likelihoods(self, counts):
        """The fast path: ``multinomial_joint_log_likelihoods`` on the rows built in training."""
        return multinomial_joint_log_likelihoods(counts, self.log_likelihood_rows_, self.log_priors_)
