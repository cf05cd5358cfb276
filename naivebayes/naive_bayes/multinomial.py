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

Run ``python -m naivebayes demo multinomial`` to print the whole computation.
"""

import math
from itertools import repeat

from naivebayes.core.arithmetic import log, ratio
from naivebayes.core.priors import MEstimate, Prior, check_prior_denominator, prior_pseudo_counts
from naivebayes.plumbing.checks import LARGEST_FLOAT
from naivebayes.naive_bayes.base import TABLES_LOCK, Term, add_count
from naivebayes.naive_bayes.linear_form import LinearForm, SoftmaxForm, check_finite, in_feature_order, per_class, two_classes
from naivebayes.naive_bayes.generative import (
    cumulative_weights,
    draw_index,
    log_marginal_likelihood,
    ordered,
    per_word_score,
)
from naivebayes.naive_bayes.text_base import TextNaiveBayes, shared_rows, weighted_counts
from naivebayes.text.documents import too_large_count_message

__all__ = [
    "MultinomialNB",
    "add_multinomial_counts",
    "multinomial_likelihood",
    "multinomial_joint_probability",
    "multinomial_log_likelihood",
    "multinomial_word_terms",
    "multinomial_log_likelihood_rows",
    "multinomial_joint_log_likelihoods",
    "multinomial_linear_form",
    "multinomial_draw_document",
]

LONGEST_SAMPLED_DOCUMENT = 10**7  # sample draws word by word: longer documents would take minutes each


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


def multinomial_log_likelihoods_of_counts(feature_counts, feature_totals, classes, vocabulary_size, alpha):
    """Per class, {n_jc: log theta_jc} for each distinct count n_jc of the class (0 included).

    Within a class, log theta_jc depends on the count n_jc only, and most
    words share a few small counts (0, 1, 2, ...), so the formula,
    ``multinomial_log_likelihood`` itself, runs once per distinct count.
    """
    log_theta_of_counts = []
    for label in classes:
        counts = {0, *feature_counts[label].values()}  # each distinct count once
        total, n_counts = feature_totals[label], len(counts)
        log_thetas = map(
            multinomial_log_likelihood, counts, repeat(total, n_counts), repeat(alpha, n_counts),
            repeat(vocabulary_size, n_counts),
        )
        log_theta_of_counts.append(dict(zip(counts, log_thetas)))
    return log_theta_of_counts


# --8<-- [start:eq-multinomial-rows]
def multinomial_log_likelihood_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    """The table to read: {word: (log theta_{j c_1}, ..., log theta_{j c_K})}, one row per word.

    Each entry is ``multinomial_log_likelihood`` itself, computed once per
    distinct count of the class; words with the same counts in every class
    share one row (``shared_rows``).

    Formula: docs/multinomial.md#eq-multinomial-rows
    """
    log_theta_of_counts = multinomial_log_likelihoods_of_counts(
        feature_counts, feature_totals, classes, len(vocabulary), alpha
    )
    tables = [feature_counts[label] for label in classes]
    return shared_rows(tables, vocabulary, log_theta_of_counts)
# --8<-- [end:eq-multinomial-rows]


# --8<-- [start:eq-multinomial-joint-rows]
def multinomial_joint_log_likelihoods(counts, rows, log_priors):
    """[log P(x, c) for every class c] = log pi_c + sum over known words j of x_j * log theta_jc, read from the rows.

    The vector form of ``multinomial_word_terms``: one lookup fetches word j's
    row (log theta_jc for all K classes, built when training ends), scaled by
    x_j when the word occurs more than once; ``zip(*word_rows)`` turns the
    rows into K columns, one per class, and ``math.fsum`` adds each column as
    ``log_joint`` adds the terms, so both give the same float.  A word never
    seen in training has no row and is ignored, and a word with x_j = 0 adds
    nothing (0 * -inf would be nan).

    Formula: docs/multinomial.md#eq-multinomial-joint-rows
    """
    word_rows = []
    for word, count in counts.items():
        row = rows.get(word)  # (log theta_j1, ..., log theta_jK); None for a word never seen in training
        if row is not None and count:
            word_rows.append(row if count == 1 else [count * log_theta for log_theta in row])  # x_j log theta_jc
    if not word_rows:  # no word the model knows: log P(x, c) = log pi_c
        return list(log_priors)
    columns = zip(*word_rows)  # class k's column: x_j log theta_jk for each known word j
    return [log_prior + math.fsum(column) for log_prior, column in zip(log_priors, columns)]
# --8<-- [end:eq-multinomial-joint-rows]


# --8<-- [start:eq-multinomial-linear-form]
def multinomial_linear_form(log_likelihood_rows, positive, negative):
    """w_j = log(theta_j1 / theta_j0) = log theta_j1 - log theta_j0, on the word counts x_j; the bias is 0.

    ``positive`` and ``negative`` are the positions of c_1 and c_0 in
    ``classes_``, and ``log_likelihood_rows[j]`` holds log theta_jc for every
    class.  A word outside the vocabulary has no row, so no weight: it adds 0.

    Formula: docs/logistic-form.md#eq-multinomial-linear-form
    """
    return {word: row[positive] - row[negative] for word, row in log_likelihood_rows.items()}
# --8<-- [end:eq-multinomial-linear-form]


# --8<-- [start:eq-multinomial-sample]
def multinomial_draw_document(generator, lengths, length_cumulative, words, word_cumulative):
    """A document of class c as {word: x_j}: a length L drawn from the class's training lengths, then L words from theta_c.

    ``lengths`` are the distinct lengths of the class's training documents
    and ``length_cumulative`` the running totals of how many documents had
    each; ``words`` is the vocabulary and ``word_cumulative`` the running
    totals of n_jc + alpha, proportional to theta_jc.  One
    ``generator.random()`` for the length and one per word.

    Formula: docs/generative.md#eq-multinomial-sample
    """
    length = lengths[draw_index(generator.random(), length_cumulative)]  # L ~ P(L | c), as in training
    counts = {}
    for _ in range(length):
        word = words[draw_index(generator.random(), word_cumulative)]  # w ~ theta_c
        counts[word] = counts.get(word, 0) + 1
    return counts
# --8<-- [end:eq-multinomial-sample]


# Why alpha = 0 can leave a multinomial model without a linear form: a word a class never saw has log 0.
UNSEEN_WORD_LOG_ZERO_HINT = (
    "with alpha = 0 a word that a class never saw has theta_jc = 0, and log 0 is infinite; use alpha > 0 "
    "(Laplace smoothing, alpha = 1, is the default)"
)


class MultinomialNB(TextNaiveBayes):
    """Multinomial naive Bayes over word counts (or any non-negative weights, such as TF-IDF).

    Tables, besides those of ``TextNaiveBayes``:

    * ``feature_counts_[c][j]`` -- n_jc, occurrences of word j in class c;
    * ``feature_totals_[c]`` -- n_c, all word occurrences in class c;
    * ``document_lengths_[c]`` -- {L: training documents of class c with L word occurrences},
      the lengths ``sample`` draws from;
    * ``log_likelihood_rows_`` -- built when training ends: {word: (log theta_jc for c in
      classes_)}, the rows ``predict`` adds up (``multinomial_joint_log_likelihoods``).

    With a prior as ``alpha`` (``Dirichlet(1, per_value={"the": 50})``, or
    ``MEstimate(m, p)``), theta_jc = prior.theta(n_jc, n_c, a_jc, A_c, |V|):
    (n_jc + a_jc) / (n_c + A_c), A_c the sum of the a_jc over the vocabulary
    (``pseudo_totals_[c]``), or the MAP estimate with ``estimate="map"``.
    Words the prior names that are not in the vocabulary are ignored, and an
    ``MEstimate``'s p must add up to 1 over the vocabulary.
    """

    model_name = "multinomial naive Bayes"
    count_tables = {
        **TextNaiveBayes.count_tables,
        "feature_totals_": {},  # n_c
        "document_lengths_": {},  # {label: {L: documents of the class with L word occurrences}}
    }
    class_tables = TextNaiveBayes.class_tables + ("feature_totals_", "document_lengths_")
    lookup_tables = {
        **TextNaiveBayes.lookup_tables,
        "log_likelihood_rows_": {},  # {word: (log theta_jc for c in classes_)}
        "pseudo_totals_": {},  # {label: A_c}, the prior's pseudo-counts over V (alpha a prior only)
    }

    # -- counting ---------------------------------------------------------

    def _add_document(self, counts, label):
        n_words = add_multinomial_counts(self.feature_counts_.setdefault(label, {}), counts)  # n_jc
        add_count(self.feature_totals_, label, n_words)  # n_c
        add_count(self.document_lengths_.setdefault(label, {}), n_words)  # one more document of this length

    def _add_weighted_document(self, counts, label, weight):
        n_words = add_multinomial_counts(self.feature_counts_.setdefault(label, {}), weighted_counts(counts, weight))
        add_count(self.feature_totals_, label, n_words)  # n_c += w sum_j x_j
        add_count(self.document_lengths_.setdefault(label, {}), sum(counts.values()), weight)  # w documents of this length

    def _merge(self, other):
        merged = super()._merge(other)
        for model in (self, other):
            for label, n_words in model.feature_totals_.items():
                add_count(merged.feature_totals_, label, n_words)
            for label, lengths in model.document_lengths_.items():
                merged_lengths = merged.document_lengths_.setdefault(label, {})
                for length, n_documents in lengths.items():
                    add_count(merged_lengths, length, n_documents)
        return merged

    def _build_lookup_tables(self):
        """log P(c) per class, and log theta_jc per word and class, once, when training ends."""
        super()._build_lookup_tables()
        if not self.vocabulary_:  # theta_jc would be (0 + alpha) / (0 + alpha * 0), whatever alpha is
            raise ValueError(
                "the training documents hold no tokens at all (the tokenizer found no words in any text, "
                "and any token lists or {word: count} dicts are empty), so there is nothing to learn; check "
                "that X holds the documents, and the tokenizer's pattern, min_length and stop_words"
            )
        for label in self.classes_:
            if self.feature_totals_[label] > LARGEST_FLOAT:  # each count fits in a float, but their sum does not
                raise ValueError(
                    too_large_count_message(self.feature_totals_[label], f"class {label!r}", "word counts adding up to")
                )
            if isinstance(self.alpha, Prior):
                continue  # (checked with its pseudo-counts below)
            if self.feature_totals_[label] + self.alpha * len(self.vocabulary_) == 0:
                raise ZeroDivisionError(
                    f"class {label!r} has no word occurrences, so with alpha = 0 its estimates "
                    "P(w | c) = 0/0 are undefined; use alpha > 0"
                )
        if isinstance(self.alpha, Prior):
            self._build_prior_rows()
            return
        self.log_likelihood_rows_ = multinomial_log_likelihood_rows(
            self.feature_counts_, self.feature_totals_, self.classes_, self.vocabulary_, self.alpha
        )

    def _build_prior_rows(self):
        """With a prior as alpha: A_c per class, then log theta_jc = log prior.theta(...) per word and class.

        Each word may have its own pseudo-count, so the rows are made word by
        word (in floats); the estimate itself is worked out once per distinct
        (n_jc, a_jc) of a class, as most words share both.
        """
        prior, words = self.alpha, ordered(self.vocabulary_)
        pseudo_counts = {}
        for label in self.classes_:
            pseudo_counts[label] = prior_pseudo_counts(prior, label, words, "the vocabulary")  # a_jc
            self.pseudo_totals_[label] = sum(pseudo_counts[label])  # A_c
            check_prior_denominator(prior, self.feature_totals_[label], self.pseudo_totals_[label], len(words), f"class {label!r}")
        size = len(words)
        columns = []
        for label in self.classes_:
            counts, total, pseudo_total = self.feature_counts_[label], float(self.feature_totals_[label]), float(self.pseudo_totals_[label])
            log_theta_of = {}  # {(n_jc, a_jc): log theta_jc}
            column = []
            for word, a in zip(words, pseudo_counts[label]):
                key = (counts.get(word, 0), a)
                if key not in log_theta_of:
                    log_theta_of[key] = log(prior.theta(float(key[0]), total, float(a), pseudo_total, size))
                column.append(log_theta_of[key])
            columns.append(column)
        shared = {}  # words with the same row share one tuple (as shared_rows makes them)
        self.log_likelihood_rows_ = {word: shared.setdefault(row, row) for word, row in zip(words, zip(*columns))}

    def _prior_theta(self, label, word):
        """theta_wc = prior.theta(n_wc, n_c, a_wc, A_c, |V|), with alpha a prior; exact for whole counts."""
        size = len(self.vocabulary_)
        pseudo_count = self.alpha.pseudo_count(label, word, size)
        count = self.feature_counts_[label].get(word, 0)
        return self.alpha.theta(count, self.feature_totals_[label], pseudo_count, self.pseudo_totals_[label], size)

    # -- the estimates ------------------------------------------------------

    def likelihood(self, feature, label):
        """P(w | c) = (n_wc + alpha) / (n_c + alpha |V|); exact when alpha is an int or Fraction."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_label(label)
            self._check_feature(feature)
            if isinstance(self.alpha, Prior):
                return self._prior_theta(label, feature)
            count = self.feature_counts_[label].get(feature, 0)
            return multinomial_likelihood(count, self.feature_totals_[label], self.alpha, len(self.vocabulary_))

    def log_likelihood(self, feature, label):
        """log P(w | c), computed as log(n_wc + alpha) - log(n_c + alpha |V|)."""
        self._check_label(label)
        self._check_feature(feature)
        if isinstance(self.alpha, Prior):
            return log(self._prior_theta(label, feature))
        count = self.feature_counts_[label].get(feature, 0)
        return multinomial_log_likelihood(count, self.feature_totals_[label], self.alpha, len(self.vocabulary_))

    def log_likelihood_table(self):
        """{word: (log P(w | c) for c in classes_)} for the whole vocabulary."""
        self._check_fitted()
        return self.log_likelihood_rows_

    # -- the linear form (docs/logistic-form.md) -----------------------------

    def linear_form(self, positive=None, negative=None):
        """log P(positive | x) - log P(negative | x) = w^T x + b on the word counts x_j: a ``LinearForm``.

        With two classes the defaults are ``classes_[1]`` against ``classes_[0]``.
        The bias is 0, so b = log(pi_1 / pi_0); a word outside the vocabulary adds 0.
        """
        self._check_can_predict()
        positive, negative = two_classes(self.classes_, positive, negative)
        k1, k0 = self.classes_.index(positive), self.classes_.index(negative)
        weights = multinomial_linear_form(self.log_likelihood_rows_, k1, k0)
        check_finite(weights, 0, UNSEEN_WORD_LOG_ZERO_HINT)
        log_prior_ratio = self.log_priors_[k1] - self.log_priors_[k0]  # log(pi_1 / pi_0)
        return LinearForm(positive, negative, in_feature_order(weights), 0, log_prior_ratio, "word counts", self.tokenizer)

    def softmax_form(self):
        """P(c | x) = softmax_c(w_c^T x + b_c) with w_jc = log theta_jc and b_c = log P(c): a ``SoftmaxForm``."""
        self._check_can_predict()
        weights = per_class(in_feature_order(self.log_likelihood_rows_), self.classes_)
        for label in self.classes_:
            check_finite(weights[label], 0, UNSEEN_WORD_LOG_ZERO_HINT)
        return SoftmaxForm(
            self.classes_,
            weights,
            {label: 0 for label in self.classes_},
            dict(zip(self.classes_, self.log_priors_)),
            "word counts",
            self.tokenizer,
        )

    # -- one document, step by step (the reference path) --------------------

    def _log_likelihood_terms(self, counts):
        if isinstance(self.alpha, Prior):  # x_j log theta_jc, read from the rows the prior's estimates made
            rows = self.log_likelihood_rows_
            return [
                Term("word", word, count, tuple(count * log_theta for log_theta in rows[word]))
                for word, count in counts.items() if count and word in rows
            ]
        return multinomial_word_terms(
            counts, self.vocabulary_, self.classes_, self.feature_counts_, self.feature_totals_, self.alpha
        )

    def _term_likelihoods(self, term):
        if isinstance(self.alpha, Prior):
            return tuple(self._prior_theta(label, term.feature) for label in self.classes_)
        vocabulary_size = len(self.vocabulary_)
        return tuple(
            multinomial_likelihood(
                self.feature_counts_[label].get(term.feature, 0), self.feature_totals_[label], self.alpha, vocabulary_size
            )
            for label in self.classes_
        )

    def joint_probability(self, document):
        """{label: P(x, c)} for one document, exact for int or Fraction alpha (small examples)."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_can_predict()
            counts = self._check_example(document, "the document")
            known = [word for word in counts if word in self.vocabulary_]
            return {
                label: multinomial_joint_probability(
                    self.prior(label), counts, {word: self.likelihood(word, label) for word in known}
                )
                for label in self.classes_
            }

    # -- every document predict scores: the vector form ----------------------

    def _log_joint_from_rows(self, counts):
        """[log P(x, c) for c in classes_]: the document's rows of log theta summed with log P(c)."""
        return multinomial_joint_log_likelihoods(counts, self.log_likelihood_rows_, self.log_priors_)

    # -- a generative model (docs/generative.md) ------------------------------

    def _sampling_tables(self):
        """The sorted vocabulary, and each class's running totals, worked out when a class is first drawn."""
        for label in self.classes_:
            for length in self.document_lengths_[label]:
                if length != int(length):
                    raise ValueError(
                        f"class {label!r} has a training document of {length} words: the model was trained "
                        "on weights (such as TF-IDF), not counts, and a drawn document needs a whole "
                        "number of words; fit a model on word counts to sample from it"
                    )
                if length > LONGEST_SAMPLED_DOCUMENT:
                    raise ValueError(
                        f"class {label!r} has a training document of {length:.3g} words, and sample draws a "
                        f"document one word at a time: at most {LONGEST_SAMPLED_DOCUMENT:,} words a document. "
                        "Fit the model on documents of a readable length (word counts of real texts) to sample"
                    )
        return {"words": ordered(self.vocabulary_), "classes": {}}

    def _class_sampling_table(self, label, tables):
        """(lengths, their running totals, running totals of n_jc + alpha over the sorted vocabulary) of one class."""
        if label not in tables["classes"]:
            words = tables["words"]
            document_lengths = self.document_lengths_[label]
            lengths = ordered(document_lengths)
            word_counts = self.feature_counts_[label]
            if isinstance(self.alpha, Prior):  # n_jc + a_jc (less 1 for the MAP estimate): proportional to theta_jc
                prior, size = self.alpha, len(words)
                weights = [float(prior.weight(word_counts.get(word, 0), prior.pseudo_count(label, word, size))) for word in words]
            else:
                alpha = float(self.alpha)
                weights = [word_counts.get(word, 0) + alpha for word in words]  # n_jc + alpha
            tables["classes"][label] = (
                [int(length) for length in lengths],
                cumulative_weights(document_lengths[length] for length in lengths),
                cumulative_weights(weights),
            )
        return tables["classes"][label]

    def _draw_example(self, label, tables, generator):
        """A document drawn from class c: {word: count}, its length one of the class's training lengths."""
        lengths, length_cumulative, word_cumulative = self._class_sampling_table(label, tables)
        return multinomial_draw_document(generator, lengths, length_cumulative, tables["words"], word_cumulative)

    def log_marginal_per_word(self, X):
        """log p(x) / n for each document of n words: the outlier score for text (docs/generative.md).

        log p(x) adds a negative term for every word, so a long ordinary
        document scores below a short odd one; divided by its length, a
        document is scored by how probable its words are on average.  Unlike
        ``log_marginal``, a word that training never saw is not left out here
        (new words are what makes a document strange): it counts as a word
        that no class has used, with theta_c = alpha / (n_c + alpha |V|).
        With a prior as alpha, such a word gets the pseudo-count of a word the
        prior does not name: theta_c = prior.theta(0, n_c, a, A_c, |V|).
        """
        documents = self._check_examples(X)
        self._check_can_predict()
        vocabulary_size = len(self.vocabulary_)
        if isinstance(self.alpha, Prior):
            unseen_log_theta = [log(theta) for theta in self._unseen_word_thetas()]
        else:
            unseen_log_theta = [  # log theta of a word with count 0, per class
                multinomial_log_likelihood(0, self.feature_totals_[label], self.alpha, vocabulary_size)
                for label in self.classes_
            ]
        scores = []
        for i, document in enumerate(documents):
            counts = self._check_example(document, f"X[{i}]")
            log_joint = self._log_joint_from_rows(counts)  # log P(x, c) over the known words
            n_words = sum(counts.values())
            n_unseen = n_words - sum(count for word, count in counts.items() if word in self.vocabulary_)
            if n_unseen:
                log_joint = [value + n_unseen * term for value, term in zip(log_joint, unseen_log_theta)]
            scores.append(per_word_score(log_marginal_likelihood(log_joint), n_words))
        return scores

    def _unseen_word_thetas(self):
        """[theta_c of a word outside the vocabulary, per class] with alpha a prior: a word the prior does not name."""
        prior, size = self.alpha, len(self.vocabulary_)
        if isinstance(prior, MEstimate) and isinstance(prior.p, dict):
            raise ValueError(
                "MEstimate's p gives a guess for the vocabulary's words only, so a word outside it has no estimate "
                "here; use p=None (or one number), or a Dirichlet prior, to score documents with new words"
            )
        return [  # (no word is None: the pseudo-count of a word the prior does not name)
            prior.theta(0, self.feature_totals_[label], prior.pseudo_count(label, None, size), self.pseudo_totals_[label], size)
            for label in self.classes_
        ]
