"""Bernoulli naive Bayes: a document is the set of vocabulary words it contains.

The event model ("Lecture #7: Naïve Bayes"'s spam filter, and the psi_jk of
Cornell Tech's "Lecture 8: Naive Bayes"): to write a document of class c,
flip one biased coin per vocabulary word j, with P(x_j = 1 | c) = p_jc, and
include the word if the coin comes up 1.  How often a word occurs does not
matter, only whether it does; and every word of the vocabulary takes part,
the absent ones through the factor 1 - p_jc.

* ``N_c``  -- training documents of class c (``class_counts_[c]``);
* ``N_jc`` -- documents of class c that contain word j (``feature_counts_[c][j]``);
* ``p_jc = (N_jc + alpha) / (N_c + 2 alpha)`` -- (N_jc + 1) / (N_c + 2) with
  Laplace smoothing, as on the lecture's slide.

The China example, the Bernoulli way (the docs page works it by hand):

>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> model = BernoulliNB().fit(documents, labels)
>>> model.likelihood("chinese", "china"), model.likelihood("tokyo", "china")
(Fraction(4, 5), Fraction(1, 5))
>>> model.likelihood("beijing", "japan", present=False)
Fraction(2, 3)
>>> model.predict([test_document])
['japan']

Run ``python -m naivebayes demo bernoulli`` to print the whole computation.
"""

import math

from naivebayes.core.arithmetic import log, ratio
from naivebayes.core.bayes import log_joint
from naivebayes.core.priors import Beta, Dirichlet, MEstimate, Prior
from naivebayes.naive_bayes.base import TABLES_LOCK, Term, add_count
from naivebayes.naive_bayes.linear_form import LinearForm, SoftmaxForm, check_finite, in_feature_order, per_class, two_classes
from naivebayes.naive_bayes.generative import ordered
from naivebayes.naive_bayes.text_base import TextNaiveBayes, shared_rows

__all__ = [
    "BernoulliNB",
    "add_bernoulli_counts",
    "bernoulli_likelihood",
    "bernoulli_joint_probability",
    "bernoulli_log_likelihood",
    "bernoulli_word_terms",
    "bernoulli_absent_log_sum",
    "bernoulli_log_odds_rows",
    "bernoulli_joint_log_likelihoods",
    "bernoulli_linear_form",
    "bernoulli_present_positions",
]


# --8<-- [start:eq-bernoulli-count]
def add_bernoulli_counts(document_counts, counts):
    """N_jc += 1 for each word j that one class-c document contains (x_j > 0).

    ``document_counts`` is the class's table ``feature_counts_[c]``.

    Formula: docs/bernoulli.md#eq-bernoulli-count
    """
    for word, count in counts.items():
        if count > 0:  # present; how many times does not matter
            document_counts[word] = document_counts.get(word, 0) + 1
# --8<-- [end:eq-bernoulli-count]


# --8<-- [start:eq-bernoulli-laplace]
def bernoulli_likelihood(document_count, class_count, alpha):
    """p_jc = (N_jc + alpha) / (N_c + 2 alpha); with alpha = 1, (N_jc + 1) / (N_c + 2).

    Two outcomes (present, absent) each get alpha pseudo-documents.

    Formula: docs/bernoulli.md#eq-bernoulli-laplace
    """
    return ratio(document_count + alpha, class_count + 2 * alpha)
# --8<-- [end:eq-bernoulli-laplace]


# --8<-- [start:eq-bernoulli-joint-probability]
def bernoulli_joint_probability(prior, present, likelihoods):
    """P(x, c) = P(c) * prod over every j in V of p_jc if x_j = 1, else (1 - p_jc).

    ``present`` is the set of words the document contains; ``likelihoods`` is
    {word: p_jc} for this class and every word of V.  Words outside V are ignored.

    Formula: docs/bernoulli.md#eq-bernoulli-joint-probability
    """
    joint = prior
    for word, p in likelihoods.items():
        joint *= p if word in present else 1 - p
    return joint
# --8<-- [end:eq-bernoulli-joint-probability]


# --8<-- [start:eq-bernoulli-log-likelihood]
def bernoulli_log_likelihood(present, document_count, class_count, alpha):
    """log P(x_j | c): log(N_jc + alpha) - log(N_c + 2 alpha) if present, else with N_c - N_jc.

    1 - p_jc = (N_c - N_jc + alpha) / (N_c + 2 alpha), so both outcomes are a
    ratio of counts and neither needs a subtraction of probabilities.

    Formula: docs/bernoulli.md#eq-bernoulli-log-likelihood
    """
    matching = document_count if present else class_count - document_count
    return log(matching + alpha) - log(class_count + 2 * alpha)
# --8<-- [end:eq-bernoulli-log-likelihood]


def words_per_count(document_counts, vocabulary_size):
    """{N: how many vocabulary words have N_jc = N} for one class, counting the unseen words at N = 0."""
    histogram = {0: vocabulary_size - len(document_counts)}
    for n in document_counts.values():
        add_count(histogram, n)
    return histogram


# --8<-- [start:eq-bernoulli-absent-sum]
def bernoulli_absent_log_sum(words_per_count, class_count, alpha):
    """sum over absent words j of log(1 - p_jc), with ``words_per_count`` = {N_jc: number of such words}.

    Words that share a document count N_jc share the term log(1 - p_jc), so
    the term is worked out once per distinct count and multiplied by how many
    absent words have it.  With every word of V absent this is A_c, the
    log-likelihood of an empty document.

    Formula: docs/bernoulli.md#eq-bernoulli-absent-sum
    """
    terms = [
        n_words * bernoulli_log_likelihood(False, n, class_count, alpha)
        for n, n_words in words_per_count.items()
        if n_words  # no absent word has this count (0 * -inf would be nan)
    ]
    return math.fsum(terms)
# --8<-- [end:eq-bernoulli-absent-sum]


# --8<-- [start:eq-bernoulli-joint-log]
def bernoulli_word_terms(present, classes, feature_counts, class_counts, alpha, words_per_count):
    """The terms of log P(x | c): log p_jc for each present known word, and one for all absent words.

    log P(x, c) = log P(c) + sum over j in V of log P(x_j | c), and the words of
    V split into those the document contains (x_j = 1, a term log p_jc each)
    and the rest (x_j = 0, log(1 - p_jc) each, added up by
    ``bernoulli_absent_log_sum``).  ``present`` holds the known words only;
    ``words_per_count[c]`` is {N_jc: number of words of V with that count}.

    Formula: docs/bernoulli.md#eq-bernoulli-joint-log
    """
    terms, absent = [], []
    for word in present:
        terms.append(
            Term(
                "word",
                word,
                1,
                tuple(
                    bernoulli_log_likelihood(True, feature_counts[label].get(word, 0), class_counts[label], alpha)
                    for label in classes
                ),
            )
        )
    for label in classes:
        absent_per_count = dict(words_per_count[label])
        for word in present:  # the present words are not absent
            absent_per_count[feature_counts[label].get(word, 0)] -= 1
        absent.append(bernoulli_absent_log_sum(absent_per_count, class_counts[label], alpha))
    n_absent = sum(words_per_count[classes[0]].values()) - len(present)
    terms.append(Term("absent", f"{n_absent} words", 0, tuple(absent)))
    return terms
# --8<-- [end:eq-bernoulli-joint-log]


def bernoulli_log_odds_of_counts(feature_counts, class_counts, classes, alpha):
    """Per class, {N_jc: w_jc} for each distinct document count N_jc of the class (0 included).

    w_jc = log p_jc - log(1 - p_jc) depends on N_jc only, so the formula runs
    once per distinct count.
    """
    log_odds_of_counts = []
    for label in classes:
        n_class = class_counts[label]
        log_odds_of_counts.append({
            n: bernoulli_log_likelihood(True, n, n_class, alpha) - bernoulli_log_likelihood(False, n, n_class, alpha)
            for n in {0, *feature_counts[label].values()}
        })
    return log_odds_of_counts


# --8<-- [start:eq-bernoulli-rows]
def bernoulli_log_odds_rows(feature_counts, class_counts, classes, vocabulary, alpha):
    """{word: (w_{j c_1}, ..., w_{j c_K})}, w_jc = log p_jc - log(1 - p_jc): a present word's change.

    Formula: docs/bernoulli.md#eq-bernoulli-rows
    """
    log_odds_of_counts = bernoulli_log_odds_of_counts(feature_counts, class_counts, classes, alpha)
    tables = [feature_counts[label] for label in classes]
    return shared_rows(tables, vocabulary, log_odds_of_counts)  # words with the same counts share a row
# --8<-- [end:eq-bernoulli-rows]


# --8<-- [start:eq-bernoulli-joint-rows]
def bernoulli_joint_log_likelihoods(present, rows, base_scores):
    """[log P(x, c) for every c] = (log P(c) + A_c) + sum over present known words j of w_jc.

    ``base_scores[k]`` is log P(c_k) + A_{c_k}, the score of an empty document
    (every word of V absent); each word the document contains swaps its
    factor 1 - p_jc for p_jc, which adds w_jc = log p_jc - log(1 - p_jc), read
    from its row (``bernoulli_log_odds_rows``, built when training ends).  The
    cost is one lookup per distinct word of the document, whatever |V| is:
    ``zip(*rows)`` turns the rows of the present words into K columns, and
    ``math.fsum`` adds each class's column.  Words outside V have no row.

    Formula: docs/bernoulli.md#eq-bernoulli-joint-rows
    """
    word_rows = [rows[word] for word in present if word in rows]  # (w_j1, ..., w_jK) for each present known word
    if not word_rows:  # the document holds no word of V: the empty document's score
        return list(base_scores)
    columns = zip(*word_rows)  # class k's column: w_jk for each present word j
    return [base + math.fsum(column) for base, column in zip(base_scores, columns)]
# --8<-- [end:eq-bernoulli-joint-rows]


# --8<-- [start:eq-bernoulli-linear-form]
def bernoulli_linear_form(log_odds_rows, absent_log_sums, positive, negative):
    """w_j = log(p_j1 / p_j0) - log((1 - p_j1) / (1 - p_j0)) and the bias sum_j log((1 - p_j1) / (1 - p_j0)).

    ``positive`` and ``negative`` are the positions of c_1 and c_0 in
    ``classes_``.  ``log_odds_rows[j]`` holds log p_jc - log(1 - p_jc) for
    every class, so w_j is the difference of two of its entries;
    ``absent_log_sums[k]`` is A_c = sum_j log(1 - p_jc), so the bias is
    A_1 - A_0.  The intercept b adds log(pi_1 / pi_0) to the bias.

    Formula: docs/logistic-form.md#eq-bernoulli-linear-form
    """
    weights = {word: row[positive] - row[negative] for word, row in log_odds_rows.items()}  # w_j
    bias = absent_log_sums[positive] - absent_log_sums[negative]  # A_1 - A_0
    return weights, bias
# --8<-- [end:eq-bernoulli-linear-form]


# --8<-- [start:eq-bernoulli-sample]
def bernoulli_present_positions(generator, n_words, p):
    """Which of n words, each present with probability p on its own, are present: the gaps G = floor(log(1 - u) / log(1 - p)).

    Flipping a coin per word, the number of absent words before the next
    present one is geometric, P(G = g) = (1 - p)^g p, and the G drawn from
    one ``generator.random()`` u has just that distribution.  So the result
    is that of n coin flips, at the cost of one draw per present word (plus
    one), not one per word: cheap for the many rare words of a vocabulary.

    Formula: docs/generative.md#eq-bernoulli-sample
    """
    if p <= 0:
        return []
    if p >= 1:
        return list(range(n_words))
    log_absent = math.log1p(-p)  # log(1 - p)
    positions = []
    position = -1
    while True:
        gap = math.floor(math.log1p(-generator.random()) / log_absent)  # absent words before the next present one
        position += gap + 1
        if position >= n_words:
            return positions
        positions.append(position)
# --8<-- [end:eq-bernoulli-sample]


# Why alpha = 0 can leave a Bernoulli model without a linear form: some p_jc is 0 or 1.
CERTAIN_WORD_LOG_ZERO_HINT = (
    "with alpha = 0 some p_jc is exactly 0 or 1, and its log is infinite; use alpha > 0 "
    "(Laplace smoothing, alpha = 1, is the default)"
)


class BernoulliNB(TextNaiveBayes):
    """Bernoulli naive Bayes over word presence: a feature is present when its value is > 0.

    Tables, besides those of ``TextNaiveBayes``:

    * ``feature_counts_[c][j]`` -- N_jc, training documents of class c that contain j;
    * built when training ends: ``words_per_count_[c]`` ({N_jc: number of words}),
      ``log_odds_rows_`` ({word: (w_jc for c in classes_)}, w_jc = log p_jc - log(1 - p_jc))
      and ``empty_document_scores_`` ([log P(c) + A_c for c in classes_]): ``predict``
      adds the rows of a document's words to those scores.

    With a prior as ``alpha`` (``Beta(a, b)``, a ``Dirichlet`` or an
    ``MEstimate``), P(x_j = 1 | c) = prior.theta(N_jc, N_c, a, a + b, 2) and
    P(x_j = 0 | c) = prior.theta(N_c - N_jc, N_c, b, a + b, 2), with (a, b)
    the prior's pseudo-counts for word j in class c.  Words the prior names
    that are not in the vocabulary are ignored.  The words then do not share
    their terms by count, so the absent words' terms are added word by word.
    """

    model_name = "Bernoulli naive Bayes"
    prior_kinds = (Beta, Dirichlet, MEstimate)
    lookup_tables = {
        **TextNaiveBayes.lookup_tables,
        "words_per_count_": {},  # per class: {N_jc: how many words of V have it}
        "log_odds_rows_": {},  # {word: (w_jc for c in classes_)}
        "empty_document_scores_": [],  # [log P(c) + A_c for c in classes_]
    }

    def _add_document(self, counts, label):
        add_bernoulli_counts(self.feature_counts_.setdefault(label, {}), counts)  # N_jc

    def _add_weighted_document(self, counts, label, weight):
        present = {}
        add_bernoulli_counts(present, counts)  # 1 for each word the document contains
        document_counts = self.feature_counts_.setdefault(label, {})
        if weight:  # (a document of weight 0 adds no entry)
            for word, one in present.items():
                add_count(document_counts, word, weight * one)  # N_jc += w

    def _build_lookup_tables(self):
        """Per class: how many words share each N_jc, the log-odds rows and log P(c) + A_c."""
        super()._build_lookup_tables()
        if isinstance(self.alpha, Prior):
            self._build_prior_rows()
            return
        vocabulary_size = len(self.vocabulary_)
        self.words_per_count_ = {
            label: words_per_count(self.feature_counts_[label], vocabulary_size) for label in self.classes_
        }
        self.log_odds_rows_ = bernoulli_log_odds_rows(
            self.feature_counts_, self.class_counts_, self.classes_, self.vocabulary_, self.alpha
        )
        self.empty_document_scores_ = [
            log_prior + bernoulli_absent_log_sum(self.words_per_count_[label], self.class_counts_[label], self.alpha)
            for label, log_prior in zip(self.classes_, self.log_priors_)
        ]

    def _build_prior_rows(self):
        """With a prior as alpha: w_jc = log p_jc - log(1 - p_jc) per word and class, and log P(c) + A_c word by word."""
        words = ordered(self.vocabulary_)
        columns, scores = [], []
        for label, log_prior in zip(self.classes_, self.log_priors_):  # (N_c > 0, so N_c + a + b - 2 > 0 even for MAP)
            counts, logs_of = self.feature_counts_[label], {}  # {(N_jc, a, b): (log p_jc, log(1 - p_jc))}, each once
            n_class = float(self.class_counts_[label])
            present, absent = [], []
            for word in words:
                key = (counts.get(word, 0), *self.alpha.binary_pseudo_counts(label, word))
                if key not in logs_of:  # most words share their count and pseudo-counts
                    count, a, b = (float(value) for value in key)
                    logs_of[key] = (
                        log(self.alpha.theta(count, n_class, a, a + b, 2)),  # p_jc
                        log(self.alpha.theta(n_class - count, n_class, b, a + b, 2)),  # 1 - p_jc
                    )
                present.append(logs_of[key][0])
                absent.append(logs_of[key][1])
            columns.append([p - q for p, q in zip(present, absent)])
            scores.append(log_prior + math.fsum(absent))
        self.empty_document_scores_ = scores
        shared = {}  # words with the same row share one tuple (as shared_rows makes them)
        self.log_odds_rows_ = {word: shared.setdefault(row, row) for word, row in zip(words, zip(*columns))}

    def _prior_theta(self, label, word, present=True, exact=True):
        """P(x_j = 1 | c) = prior.theta(N_jc, N_c, a, a + b, 2), or P(x_j = 0 | c) with N_c - N_jc and b, alpha a prior.

        Exact for whole counts; with ``exact=False`` worked out in floats (the rows).
        """
        a, b = self.alpha.binary_pseudo_counts(label, word)
        count, total = self.feature_counts_[label].get(word, 0), self.class_counts_[label]
        if not exact:
            count, total, a, b = float(count), float(total), float(a), float(b)
        if present:
            return self.alpha.theta(count, total, a, a + b, 2)
        return self.alpha.theta(total - count, total, b, a + b, 2)

    def _prior_absent_log_sum(self, label, absent_words):
        """sum over the absent words j of log P(x_j = 0 | c), with alpha a prior: one term per word."""
        return math.fsum(log(self._prior_theta(label, word, False, exact=False)) for word in absent_words)

    @staticmethod
    def _present(counts):
        """The words with x_j = 1 (count > 0), in the document's order."""
        return [word for word, count in counts.items() if count > 0]

    # -- the estimates ------------------------------------------------------

    def likelihood(self, feature, label, present=True):
        """P(x_j = 1 | c) = (N_jc + alpha) / (N_c + 2 alpha), or 1 minus it with present=False."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_label(label)
            self._check_feature(feature)
            if isinstance(self.alpha, Prior):
                return self._prior_theta(label, feature, present)
            p = bernoulli_likelihood(self.feature_counts_[label].get(feature, 0), self.class_counts_[label], self.alpha)
            return p if present else 1 - p

    def log_likelihood(self, feature, label, present=True):
        """log P(x_j = 1 | c), or log P(x_j = 0 | c) with present=False."""
        self._check_label(label)
        self._check_feature(feature)
        if isinstance(self.alpha, Prior):
            return log(self._prior_theta(label, feature, present))
        count = self.feature_counts_[label].get(feature, 0)
        return bernoulli_log_likelihood(present, count, self.class_counts_[label], self.alpha)

    def log_likelihood_table(self):
        """{word: (log P(x_j = 1 | c) for c in classes_)} for the whole vocabulary."""
        self._check_fitted()
        if isinstance(self.alpha, Prior):
            return {
                word: tuple(log(self._prior_theta(label, word, exact=False)) for label in self.classes_)
                for word in ordered(self.vocabulary_)
            }
        log_p_of_counts = []
        for label in self.classes_:
            n_class = self.class_counts_[label]
            log_p_of_counts.append({
                n: bernoulli_log_likelihood(True, n, n_class, self.alpha)
                for n in {0, *self.feature_counts_[label].values()}
            })
        tables = [self.feature_counts_[label] for label in self.classes_]
        return shared_rows(tables, self.vocabulary_, log_p_of_counts)

    # -- the linear form (docs/logistic-form.md) -----------------------------

    def _absent_log_sums(self):
        """[A_c = sum over the words j of V of log(1 - p_jc), for c in classes_]: log P(x | c) of an empty document."""
        if isinstance(self.alpha, Prior):
            return [self._prior_absent_log_sum(label, self.vocabulary_) for label in self.classes_]
        return [
            bernoulli_absent_log_sum(self.words_per_count_[label], self.class_counts_[label], self.alpha)
            for label in self.classes_
        ]

    def linear_form(self, positive=None, negative=None):
        """log P(positive | x) - log P(negative | x) = w^T x + b, x_j = 1 when word j occurs: a ``LinearForm``.

        With two classes the defaults are ``classes_[1]`` against ``classes_[0]``.
        A word outside the vocabulary has no weight, so it adds 0, as in ``predict``.
        """
        self._check_can_predict()
        positive, negative = two_classes(self.classes_, positive, negative)
        k1, k0 = self.classes_.index(positive), self.classes_.index(negative)
        weights, bias = bernoulli_linear_form(self.log_odds_rows_, self._absent_log_sums(), k1, k0)
        check_finite(weights, bias, CERTAIN_WORD_LOG_ZERO_HINT)
        log_prior_ratio = self.log_priors_[k1] - self.log_priors_[k0]  # log(pi_1 / pi_0)
        return LinearForm(
            positive, negative, in_feature_order(weights), bias, log_prior_ratio, "word presence", self.tokenizer
        )

    def softmax_form(self):
        """P(c | x) = softmax_c(w_c^T x + b_c), w_jc = log p_jc - log(1 - p_jc), b_c = log P(c) + A_c: a ``SoftmaxForm``."""
        self._check_can_predict()
        absent = self._absent_log_sums()  # A_c
        weights = per_class(in_feature_order(self.log_odds_rows_), self.classes_)
        for label, bias in zip(self.classes_, absent):
            check_finite(weights[label], bias, CERTAIN_WORD_LOG_ZERO_HINT)
        return SoftmaxForm(
            self.classes_,
            weights,
            dict(zip(self.classes_, absent)),
            dict(zip(self.classes_, self.log_priors_)),
            "word presence",
            self.tokenizer,
        )

    # -- one document, step by step (the reference path) --------------------

    def _log_likelihood_terms(self, counts):
        present = [word for word, count in counts.items() if count > 0 and word in self.vocabulary_]  # x_j = 1, known
        if not isinstance(self.alpha, Prior):
            return bernoulli_word_terms(
                present, self.classes_, self.feature_counts_, self.class_counts_, self.alpha, self.words_per_count_
            )
        # alpha a prior: log p_jc per present word, and the absent words' sum word by word
        terms = [
            Term("word", word, 1, tuple(log(self._prior_theta(label, word, exact=False)) for label in self.classes_))
            for word in present
        ]
        absent_words = self.vocabulary_.difference(present)
        absent = tuple(self._prior_absent_log_sum(label, absent_words) for label in self.classes_)
        terms.append(Term("absent", f"{len(absent_words)} words", 0, absent))
        return terms

    def _term_likelihoods(self, term):
        if term.step == "absent":
            return None  # many words, so no single probability
        if isinstance(self.alpha, Prior):
            return tuple(self._prior_theta(label, term.feature) for label in self.classes_)
        return tuple(
            bernoulli_likelihood(self.feature_counts_[label].get(term.feature, 0), self.class_counts_[label], self.alpha)
            for label in self.classes_
        )

    def joint_probability(self, document):
        """{label: P(x, c)} for one document, over the whole vocabulary (small examples)."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_can_predict()
            present = set(self._present(self._check_example(document, "the document")))
            return {
                label: bernoulli_joint_probability(
                    self.prior(label), present, {word: self.likelihood(word, label) for word in self.vocabulary_}
                )
                for label in self.classes_
            }

    # -- every document predict scores: the vector form ----------------------

    def _log_joint_from_rows(self, counts):
        """[log P(x, c) for c in classes_]: log P(c) + A_c, plus the rows of the words the document contains.

        With alpha = 0 a word in every (or no) training document of a class has
        p_jc = 1 (or 0), so A_c or w_jc is infinite and the rows would add
        -inf to +inf; the model then adds the per-feature terms themselves
        (``bernoulli_word_terms``), which never do.
        """
        if self.alpha == 0 or -math.inf in self.empty_document_scores_:  # (a prior with a 0 pseudo-count: the same)
            return log_joint(self.log_priors_, self._log_likelihood_terms(counts))
        return bernoulli_joint_log_likelihoods(self._present(counts), self.log_odds_rows_, self.empty_document_scores_)

    # -- a generative model (docs/generative.md) ------------------------------

    def _sampling_tables(self):
        """The sorted vocabulary; each class's words grouped by N_jc, worked out when the class is first drawn."""
        return {"words": ordered(self.vocabulary_), "classes": {}}

    def _class_sampling_table(self, label, tables):
        """[(p_jc, the words that share it)] for one class: words with the same N_jc share p_jc."""
        if label not in tables["classes"]:
            if isinstance(self.alpha, Prior):  # words with the same p_jc share it
                words_of_p = {}
                for word in tables["words"]:
                    words_of_p.setdefault(float(self._prior_theta(label, word, exact=False)), []).append(word)
                tables["classes"][label] = sorted(words_of_p.items())
                return tables["classes"][label]
            document_counts = self.feature_counts_[label]
            words_of_count = {}  # {N_jc: [words]}, each list in sorted order
            for word in tables["words"]:
                words_of_count.setdefault(document_counts.get(word, 0), []).append(word)
            n_class = self.class_counts_[label]
            tables["classes"][label] = [
                (float(bernoulli_likelihood(n, n_class, self.alpha)), words_of_count[n]) for n in sorted(words_of_count)
            ]
        return tables["classes"][label]

    def _draw_example(self, label, tables, generator):
        """A document drawn from class c: {word: 1} for each word whose coin came up present, in sorted order."""
        present = []
        for p, words in self._class_sampling_table(label, tables):
            present.extend(words[position] for position in bernoulli_present_positions(generator, len(words), p))
        return {word: 1 for word in ordered(present)}
