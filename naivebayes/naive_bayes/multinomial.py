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
from itertools import chain, repeat
from operator import add, mul, sub, truediv

from naivebayes.core.arithmetic import log, ratio
from naivebayes.core.bayes import decision
from naivebayes.plumbing.checks import LARGEST_FLOAT, check_labels
from naivebayes.fast.lanes import MOST_TERMS, unpack_lanes
from naivebayes.naive_bayes.base import BuiltOnFirstRead, Term, add_count
from naivebayes.naive_bayes.linear_form import LinearForm, SoftmaxForm, check_finite, in_feature_order, per_class, two_classes
from naivebayes.naive_bayes.generative import (
    cumulative_weights,
    draw_index,
    log_marginal_likelihood,
    ordered,
    per_word_score,
)
from naivebayes.naive_bayes.text_base import SMALL_TRAINING_SET, TextNaiveBayes, packed_rows, shared_rows
from naivebayes.text.documents import count_tokens, too_large_count_message

__all__ = [
    "MultinomialNB",
    "add_multinomial_counts",
    "multinomial_mle",
    "multinomial_likelihood",
    "multinomial_joint_probability",
    "multinomial_log_likelihood",
    "multinomial_word_terms",
    "multinomial_log_likelihoods_of_counts",
    "multinomial_log_likelihood_rows",
    "multinomial_packed_rows",
    "unshared_log_likelihood_rows",
    "multinomial_joint_log_likelihoods",
    "multinomial_joint_log_likelihoods_of_tokens",
    "add_multinomial_tfidf_counts",
    "multinomial_tfidf_joint_log_likelihoods",
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


# --8<-- [start:eq-multinomial-packed-rows]
def multinomial_packed_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    """The fast path's table: ({word: P_j}, lanes), P_j holding log theta_jc for every class in one integer.

    The numbers of ``multinomial_log_likelihood_rows``, each exactly, packed
    side by side (``packed_rows``): adding the P_j of a document's tokens adds
    every class's log-likelihoods at once.  ``({}, None)`` when some
    log theta_jc is -inf (alpha = 0), which cannot be packed.

    Formula: docs/multinomial.md#eq-multinomial-packed-rows
    """
    log_theta_of_counts = multinomial_log_likelihoods_of_counts(
        feature_counts, feature_totals, classes, len(vocabulary), alpha
    )
    tables = [feature_counts[label] for label in classes]
    return packed_rows(tables, vocabulary, log_theta_of_counts)
# --8<-- [end:eq-multinomial-packed-rows]


def unshared_log_likelihood_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    """The rows of ``multinomial_log_likelihood_rows`` for fractional counts (TF-IDF weights), built a class at a time in C.

    Sums of weights are almost never equal, so there are as many distinct
    counts as entries and words never share a row: computing the formula
    once per distinct count, and sharing, would only cost time.  Here each
    class's log(n_jc + alpha) - log(n_c + alpha |V|) is one ``map`` of
    ``math.log`` over the class's own entries, and log(alpha) - log(n_c +
    alpha |V|) once for the words it never saw.  For a float alpha > 0 (every
    sum is then a float > 0) these are the floats ``multinomial_log_likelihood``
    gives, bit for bit; the tests check it.
    """
    words = list(vocabulary)
    n_words = len(words)
    columns = []
    for label in classes:
        counts = feature_counts[label]
        log_denominator = math.log(feature_totals[label] + alpha * n_words)  # log(n_c + alpha |V|)
        log_numerators = map(math.log, map(add, counts.values(), repeat(alpha)))  # log(n_jc + alpha)
        seen = dict(zip(counts, map(sub, log_numerators, repeat(log_denominator))))
        unseen = math.log(0 + alpha) - log_denominator  # n_jc = 0
        columns.append(map(seen.get, words, repeat(unseen, n_words)))
    return dict(zip(words, zip(*columns)))


# --8<-- [start:eq-multinomial-joint-rows]
def multinomial_joint_log_likelihoods(counts, rows, log_priors):
    """[log P(x, c) for every class c] = log pi + sum over known words j of x_j * row_j.

    One dictionary lookup per word fetches the row of all K classes; the sums
    run in C (``map``, ``zip`` and ``sum``).  The terms are those of
    ``multinomial_word_terms``, but a plain ``sum`` is not exactly rounded as
    the reference path's ``math.fsum`` is: the two agree to about 1e-13
    relative (the tests check 1e-12), and ``sum`` is several times faster.

    Formula: docs/multinomial.md#eq-multinomial-joint-rows
    """
    if rows.keys() >= counts.keys() and min(counts.values(), default=1) > 0:
        # The usual row (every word known, every count above 0) is read in C.
        known_counts = list(counts.values())
        flat = list(chain.from_iterable(map(rows.__getitem__, counts)))  # class k's entries: flat[k::K]
    else:
        known_counts, flat = [], []
        for word, count in counts.items():
            row = rows.get(word)  # None for a word never seen in training: ignored
            if row is not None and count:
                known_counts.append(count)
                flat.extend(row)  # the rows end to end: class k's entries are flat[k::K]
    n_classes = len(log_priors)
    return [
        log_prior + sum(map(mul, known_counts, flat[k::n_classes])) for k, log_prior in enumerate(log_priors)
    ]
# --8<-- [end:eq-multinomial-joint-rows]


# --8<-- [start:eq-multinomial-joint-tokens]
def multinomial_joint_log_likelihoods_of_tokens(tokens, packed, lanes, log_priors):
    """[log P(x, c) for every class c] = log pi_c + sum over the document's tokens t of log theta_tc.

    Read off the list of tokens, not the counts: a word that occurs x_j
    times is listed x_j times, so adding its row at each occurrence adds
    x_j log theta_jc, and the document never needs counting.  Each token's
    packed row (``multinomial_packed_rows``) holds its log theta_tc for all
    K classes, so one ``sum`` of whole numbers, in C, adds every class's
    terms at once; tokens never seen in training have no row (``get`` gives
    None, which ``filter`` drops).  Lane k of the total is class k's sum,
    exact, in units of 2**-f; dividing by 2**f rounds it once.

    Formula: docs/multinomial.md#eq-multinomial-joint-tokens
    """
    total = sum(filter(None, map(packed.get, tokens)))  # every class's sum, side by side
    sums = unpack_lanes(total, len(log_priors), lanes.width)  # class k's sum, in units of 2**-f
    scale = 1 << lanes.bits
    return [log_prior + lane_sum / scale for log_prior, lane_sum in zip(log_priors, sums)]
# --8<-- [end:eq-multinomial-joint-tokens]


# --8<-- [start:eq-multinomial-tfidf-count]
def add_multinomial_tfidf_counts(word_counts, terms, weights, length):
    """n_jc += w_dj / ||w_d|| for each term j of one class-c row; returns sum_j w_dj / ||w_d||, its part of n_c.

    ``terms`` and ``weights`` are the row's TF-IDF weights w_dj = x_dj idf_j
    and ``length`` their l2 length (``tfidf_weights_and_length``): the row
    ``TfidfTransformer.transform`` would give is w_dj / ||w_d||, and this adds
    it to the class's table the way ``add_multinomial_counts`` adds that row,
    the same divisions and additions in the same order, so the tables are
    the same floats, without a dict of weights built for the document.

    Formula: docs/tfidf.md#eq-multinomial-tfidf-count
    """
    for term, weight in zip(terms, weights):
        word_counts[term] = word_counts.get(term, 0) + weight / length  # n_jc += w_dj / ||w_d||
    return sum(map(truediv, weights, repeat(length)))  # sum_j w_dj / ||w_d||
# --8<-- [end:eq-multinomial-tfidf-count]


# --8<-- [start:eq-multinomial-tfidf-joint]
def multinomial_tfidf_joint_log_likelihoods(terms, weights, length, rows, log_priors):
    """[log P(x, c) for every class c] = log pi_c + (sum over known terms j of w_dj log theta_jc) / ||w_d||.

    The TF-IDF row is x_dj = w_dj / ||w_d||, and the length divides every
    term of every class alike, so it comes out of the sum: one division per
    class and document instead of one per word.  One lookup fetches a term's
    row of log theta_jc for all K classes; ``zip(*rows)`` turns the rows of
    the document's terms into K columns, and each class's sum of w_dj times
    its column runs in C.  Terms the model never saw are ignored; a row with
    no known term (length 0) scores log pi_c.

    Formula: docs/tfidf.md#eq-multinomial-tfidf-joint
    """
    term_rows = list(map(rows.get, terms))  # None for a term never seen in training
    if None in term_rows:  # keep the known terms only
        known = [(weight, row) for weight, row in zip(weights, term_rows) if row is not None]
        weights, term_rows = [weight for weight, _ in known], [row for _, row in known]
    if not term_rows:
        return list(log_priors)
    columns = zip(*term_rows)  # class k's column: log theta_jk for each known term j
    return [
        log_prior + sum(map(mul, weights, column)) / length for log_prior, column in zip(log_priors, columns)
    ]
# --8<-- [end:eq-multinomial-tfidf-joint]


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


# Why alpha = 0 can leave a model without a linear form.
ALPHA_ZERO_HINT = (
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
    * ``packed_rows_`` and ``lanes_`` -- built when training ends: each word's log theta_jc for
      every class packed in one integer, what ``predict`` adds up (``lanes_`` is None when they
      cannot be packed, with alpha = 0);
    * ``log_likelihood_rows_`` -- {word: (log theta_jc for c in classes_)}, the same numbers as
      floats to read, built the first time it is asked for.
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
        "packed_rows_": {},  # {word: log theta_jc for every class, packed in one int}
        "lanes_": None,  # how they are packed
        "_log_likelihood_rows": None,  # a BuiltOnFirstRead: {word: (log theta_jc, ...)} once log_likelihood_rows_ is read
    }

    # -- counting ---------------------------------------------------------

    def _add_document(self, counts, label):
        n_words = add_multinomial_counts(self._class_counter(label), counts)  # n_jc
        add_count(self.feature_totals_, label, n_words)  # n_c
        add_count(self.document_lengths_.setdefault(label, {}), n_words)  # one more document of this length

    def _add_tokens(self, tokens, label):
        """The fast path of ``_add_document``: each token adds 1 to its n_jc, counted in C."""
        self._class_counter(label).update(tokens)  # n_jc += x_j, one token at a time
        add_count(self.feature_totals_, label, len(tokens))  # n_c
        add_count(self.document_lengths_.setdefault(label, {}), len(tokens))

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
            if self.feature_totals_[label] + self.alpha * len(self.vocabulary_) == 0:
                raise ZeroDivisionError(
                    f"class {label!r} has no word occurrences, so with alpha = 0 its estimates "
                    "P(w | c) = 0/0 are undefined; use alpha > 0"
                )
        self._log_likelihood_rows = BuiltOnFirstRead()  # the rows of floats, from these counts, when first read
        if self._fitted_on_weights():  # (each word its own sums: predicting takes the rows of floats)
            self.packed_rows_, self.lanes_ = {}, None
            return
        self.packed_rows_, self.lanes_ = multinomial_packed_rows(
            self.feature_counts_, self.feature_totals_, self.classes_, self.vocabulary_, self.alpha
        )

    def _fitted_on_weights(self):
        """True for counts that are sums of float weights (such as TF-IDF): no two words share a row then."""
        return type(self.alpha) is float and self.alpha > 0 and all(
            type(total) is float for total in self.feature_totals_.values()
        )

    @property
    def log_likelihood_rows_(self):
        """{word: (log theta_jc for c in classes_)}: every estimate as floats, built the first time it is read."""
        if self._log_likelihood_rows is None:  # not trained yet
            return {}
        build_rows = unshared_log_likelihood_rows if self._fitted_on_weights() else multinomial_log_likelihood_rows
        return self._log_likelihood_rows.read(
            build_rows, self.feature_counts_, self.feature_totals_, self.classes_, self.vocabulary_, self.alpha
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
        check_finite(weights, 0, ALPHA_ZERO_HINT)
        log_prior_ratio = self.log_priors_[k1] - self.log_priors_[k0]  # log(pi_1 / pi_0)
        return LinearForm(positive, negative, in_feature_order(weights), 0, log_prior_ratio, "word counts", self.tokenizer)

    def softmax_form(self):
        """P(c | x) = softmax_c(w_c^T x + b_c) with w_jc = log theta_jc and b_c = log P(c): a ``SoftmaxForm``."""
        self._check_can_predict()
        weights = per_class(in_feature_order(self.log_likelihood_rows_), self.classes_)
        for label in self.classes_:
            check_finite(weights[label], 0, ALPHA_ZERO_HINT)
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
        return multinomial_word_terms(
            counts, self.vocabulary_, self.classes_, self.feature_counts_, self.feature_totals_, self.alpha
        )

    def _term_likelihoods(self, term):
        vocabulary_size = len(self.vocabulary_)
        return tuple(
            multinomial_likelihood(
                self.feature_counts_[label].get(term.feature, 0), self.feature_totals_[label], self.alpha, vocabulary_size
            )
            for label in self.classes_
        )

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

    def _fast_log_joint(self, bag):
        """The fast path, on the rows built in training: from a text's tokens, or from counts."""
        if type(bag) is list and self.lanes_ is not None and len(bag) < MOST_TERMS:
            return multinomial_joint_log_likelihoods_of_tokens(bag, self.packed_rows_, self.lanes_, self.log_priors_)
        counts = count_tokens(bag) if type(bag) is list else bag
        return multinomial_joint_log_likelihoods(counts, self.log_likelihood_rows_, self.log_priors_)

    # -- TF-IDF rows, fast (docs/tfidf.md#the-fast-route) ----------------------

    def fit_tfidf(self, counts, y, tfidf):
        """``fit(tfidf.transform(counts), y)``, without building the TF-IDF rows: the same tables, float for float.

        ``counts`` are rows of counts (from ``BagOfWords``) and ``tfidf`` a
        ``TfidfTransformer`` fitted on them.  Each row is weighed once
        (``tfidf_weights_and_length``) and added to its class's table by
        ``add_multinomial_tfidf_counts``; no ``{term: weight}`` dict is made.
        A handful of rows, ``sublinear_tf``, ``norm=None`` or extreme counts
        take the reference path, ``fit(tfidf.transform(counts), y)``.
        """
        rows = tfidf.checked_count_rows(counts, "fit_tfidf")
        if len(rows) <= SMALL_TRAINING_SET or tfidf.sublinear_tf or tfidf.norm != "l2":
            return self.fit(tfidf.transform(rows), y)  # the reference path, step by step
        labels = check_labels(y, len(rows), noun=self.example_noun)
        counted = type(self)(**self.get_params())
        for label in labels:  # N_c, and N
            add_count(counted.class_counts_, label)
        counted.n_examples_ = len(labels)
        counted.input_form_ = "words"
        counted._count_tfidf(rows, labels, tfidf)
        counted._sort_classes()
        if len(counted.classes_) < 2:
            raise ValueError(
                f"y has only one class ({counted.classes_[0]!r}); a classifier needs at least two "
                "classes to choose between"
            )
        self._take_tables(counted)
        return self

    def _count_tfidf(self, rows, labels, tfidf):
        """Count each row's TF-IDF weights into the class tables, as ``_count`` counts the rows of ``transform``."""
        for row, label in zip(rows, labels):
            weighed = tfidf.weights_and_length(row)
            if weighed is None:  # an extreme row: transform_row scales it first
                normalized = tfidf.transform_row(row)
                self.vocabulary_.update(normalized)
                self._add_document(normalized, label)
                continue
            terms, weights, length = weighed
            table = self._class_counter(label)
            n_words = add_multinomial_tfidf_counts(table, terms, weights, length) if length else 0
            add_count(self.feature_totals_, label, n_words)  # n_c
            add_count(self.document_lengths_.setdefault(label, {}), n_words)
        for label, table in self.feature_counts_.items():
            self.vocabulary_.update(table)  # every term weighed in training joins V
            self.feature_counts_[label] = dict(table)

    def predict_tfidf(self, counts, tfidf):
        """``predict(tfidf.transform(counts))``, without building the TF-IDF rows: the class of each row.

        Each row is weighed once (``tfidf_weights_and_length``) and scored by
        ``multinomial_tfidf_joint_log_likelihoods``, which divides by the
        row's length once per class.  The scores agree with ``predict``'s to
        about 1e-15 relative (the tests check 1e-12, and the classes).  One
        row, ``sublinear_tf``, ``norm=None`` or extreme counts take
        ``predict(tfidf.transform(counts))``.
        """
        rows = tfidf.checked_count_rows(counts, "predict_tfidf")
        self._check_can_predict()
        if len(rows) <= 1 or tfidf.sublinear_tf or tfidf.norm != "l2":
            return self.predict(tfidf.transform(rows))  # the reference path, step by step
        predictions = []
        for i, row in enumerate(rows):
            weighed = tfidf.weights_and_length(row)
            if weighed is None:  # an extreme row: transform_row scales it first
                joint = multinomial_joint_log_likelihoods(tfidf.transform_row(row), self.log_likelihood_rows_, self.log_priors_)
            else:
                joint = multinomial_tfidf_joint_log_likelihoods(*weighed, self.log_likelihood_rows_, self.log_priors_)
            best = decision(dict(zip(self.classes_, joint)))  # the class with the largest log P(x, c)
            if joint[self.classes_.index(best)] == -math.inf:  # every class has probability 0
                raise self._zero_probability_error(row, f"X[{i}]")
            predictions.append(best)
        return predictions

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
            word_counts, alpha = self.feature_counts_[label], float(self.alpha)
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
        """
        documents = self._check_examples(X)
        self._check_can_predict()
        vocabulary_size = len(self.vocabulary_)
        unseen_log_theta = [  # log theta of a word with count 0, per class
            multinomial_log_likelihood(0, self.feature_totals_[label], self.alpha, vocabulary_size)
            for label in self.classes_
        ]
        scores = []
        for i, document in enumerate(documents):
            counts = self._check_example(document, f"X[{i}]")
            log_joint = self._fast_log_joint(counts)  # log P(x, c) over the known words
            n_words = sum(counts.values())
            n_unseen = n_words - sum(count for word, count in counts.items() if word in self.vocabulary_)
            if n_unseen:
                log_joint = [value + n_unseen * term for value, term in zip(log_joint, unseen_log_theta)]
            scores.append(per_word_score(log_marginal_likelihood(log_joint), n_words))
        return scores
