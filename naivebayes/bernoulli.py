"""Bernoulli naive Bayes: a document is the set of vocabulary words it contains.

The event model (seed 001's spam filter, seed 003's ``psi_jk``): to write a
document of class c, flip one biased coin per vocabulary word j, with
P(x_j = 1 | c) = p_jc, and include the word if the coin comes up 1.  How often
a word occurs does not matter, only whether it does; and every word of the
vocabulary takes part, the absent ones through the factor 1 - p_jc.

* ``N_c``  -- training documents of class c (``class_counts_[c]``);
* ``N_jc`` -- documents of class c that contain word j (``feature_counts_[c][j]``);
* ``p_jc = (N_jc + alpha) / (N_c + 2 alpha)`` -- (N_jc + 1) / (N_c + 2) with
  Laplace smoothing, as in seed 001.

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

Run ``python -m naivebayes bernoulli`` to print the whole computation.
"""

import math

from naivebayes.arithmetic import log, ratio
from naivebayes.base import NaiveBayes, value_per_word

__all__ = [
    "BernoulliNB",
    "add_bernoulli_counts",
    "bernoulli_mle",
    "bernoulli_likelihood",
    "bernoulli_joint_probability",
    "bernoulli_log_likelihood",
    "bernoulli_joint_log_likelihood",
    "bernoulli_absent_log_sum",
    "bernoulli_log_odds_rows",
    "bernoulli_joint_log_likelihoods",
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


# --8<-- [start:eq-bernoulli-mle]
def bernoulli_mle(document_count, class_count):
    """p_jc = N_jc / N_c: the share of class-c documents that contain word j.

    Formula: docs/bernoulli.md#eq-bernoulli-mle
    """
    return ratio(document_count, class_count)
# --8<-- [end:eq-bernoulli-mle]


# --8<-- [start:eq-bernoulli-laplace]
def bernoulli_likelihood(document_count, class_count, alpha):
    """p_jc = (N_jc + alpha) / (N_c + 2 alpha); with alpha = 1, (N_jc + 1) / (N_c + 2).

    Two outcomes (present, absent) each get alpha pseudo-documents.

    Formula: docs/bernoulli.md#eq-bernoulli-laplace
    """
    return ratio(document_count + alpha, class_count + 2 * alpha)
# --8<-- [end:eq-bernoulli-laplace]


# --8<-- [start:eq-bernoulli-joint-probability]
def bernoulli_joint_probability(prior, present, likelihood, vocabulary):
    """P(x, c) = P(c) * prod over every j in V of p_jc if x_j = 1, else (1 - p_jc).

    ``present`` is the set of words the document contains; ``likelihood(word)``
    gives p_jc for this class.  Words outside V are ignored.

    Formula: docs/bernoulli.md#eq-bernoulli-joint-probability
    """
    joint = prior
    for word in vocabulary:
        p = likelihood(word)
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


# --8<-- [start:eq-bernoulli-joint-log]
def bernoulli_joint_log_likelihood(log_prior, present, log_likelihood, vocabulary):
    """log P(x, c) = log P(c) + sum over every j in V of log P(x_j | c).

    ``log_likelihood(word, is_present)`` gives log P(x_j | c) for this class.
    This loops over the whole vocabulary: it is the derivation, and it costs
    time in |V| for every document.

    Formula: docs/bernoulli.md#eq-bernoulli-joint-log
    """
    terms = [log_likelihood(word, word in present) for word in vocabulary]
    return log_prior + math.fsum(terms)
# --8<-- [end:eq-bernoulli-joint-log]


# --8<-- [start:eq-bernoulli-absent-sum]
def bernoulli_absent_log_sum(document_counts, class_count, vocabulary, alpha):
    """A_c = sum over every j in V of log(1 - p_jc): the log-likelihood of an empty document.

    Computed once per class at training time.  Every word the class never
    saw (N_jc = 0) adds the same term, so each distinct N_jc is worked out once.

    Formula: docs/bernoulli.md#eq-bernoulli-absent-sum
    """
    log_absent = {
        n: bernoulli_log_likelihood(False, n, class_count, alpha) for n in {0, *document_counts.values()}
    }
    n_unseen = len(vocabulary) - len(document_counts)  # the words of V with N_jc = 0
    terms = [log_absent[0]] * n_unseen + [log_absent[n] for n in document_counts.values()]
    return math.fsum(terms)  # exactly rounded, so the order of the terms does not matter
# --8<-- [end:eq-bernoulli-absent-sum]


# --8<-- [start:eq-bernoulli-rows]
def bernoulli_log_odds_rows(feature_counts, class_counts, classes, vocabulary, alpha):
    """{word: (w_{j c_1}, ..., w_{j c_K})}, w_jc = log p_jc - log(1 - p_jc): a present word's change.

    Formula: docs/bernoulli.md#eq-bernoulli-rows
    """
    words = list(vocabulary)
    positions = {word: j for j, word in enumerate(words)}
    columns = []
    for label in classes:
        n_class = class_counts[label]

        def log_odds(n):
            return bernoulli_log_likelihood(True, n, n_class, alpha) - bernoulli_log_likelihood(False, n, n_class, alpha)

        columns.append(value_per_word(feature_counts[label], positions, log_odds))
    return dict(zip(words, zip(*columns)))
# --8<-- [end:eq-bernoulli-rows]


# --8<-- [start:eq-bernoulli-joint-rows]
def bernoulli_joint_log_likelihoods(present, rows, base_scores):
    """[log P(x, c) for every c] = (log P(c) + A_c) + sum over present known words j of w_jc.

    ``base_scores[k]`` is log P(c_k) + A_{c_k}, the score of an empty document;
    each word the document contains swaps its factor 1 - p_jc for p_jc.  The
    cost is one lookup per distinct word of the document, whatever |V| is.

    Formula: docs/bernoulli.md#eq-bernoulli-joint-rows
    """
    known_rows = [rows[word] for word in present if word in rows]  # unseen words ignored
    if not known_rows:
        return list(base_scores)
    return [base + math.fsum(column) for base, column in zip(base_scores, zip(*known_rows))]
# --8<-- [end:eq-bernoulli-joint-rows]


class BernoulliNB(NaiveBayes):
    """Bernoulli naive Bayes over word presence: a feature is present when its value is > 0.

    Tables, besides those of ``NaiveBayes``:

    * ``feature_counts_[c][j]`` -- N_jc, training documents of class c that contain j.
    """

    model_name = "Bernoulli naive Bayes"

    def _add_document(self, counts, label):
        super()._add_document(counts, label)  # N_c, N and the vocabulary
        add_bernoulli_counts(self.feature_counts_.setdefault(label, {}), counts)  # N_jc

    @staticmethod
    def _present(counts):
        """The set of words with x_j = 1 (count > 0)."""
        return {word for word, count in counts.items() if count > 0}

    # -- the estimates ------------------------------------------------------

    def likelihood(self, feature, label, present=True):
        """P(x_j = 1 | c) = (N_jc + alpha) / (N_c + 2 alpha), or 1 minus it with present=False."""
        self._check_label(label)
        self._check_feature(feature)
        p = bernoulli_likelihood(self.feature_counts_[label].get(feature, 0), self.class_counts_[label], self.alpha)
        return p if present else 1 - p

    def log_likelihood(self, feature, label, present=True):
        """log P(x_j = 1 | c), or log P(x_j = 0 | c) with present=False."""
        self._check_label(label)
        self._check_feature(feature)
        count = self.feature_counts_[label].get(feature, 0)
        return bernoulli_log_likelihood(present, count, self.class_counts_[label], self.alpha)

    # -- one document, step by step (the reference path) --------------------

    def joint_probability(self, document):
        """{label: P(x, c)} for one document, over the whole vocabulary (small examples)."""
        self._check_can_predict()
        present = self._present(self._counts(document, "the document"))
        return {
            label: bernoulli_joint_probability(
                self.prior(label), present, lambda word: self.likelihood(word, label), self.vocabulary_
            )
            for label in self.classes_
        }

    def joint_log_likelihood(self, document):
        """{label: log P(x, c)} for one document, summing over every vocabulary word."""
        self._check_can_predict()
        return self._reference_joint(self._counts(document, "the document"))

    def _reference_joint(self, counts):
        present = self._present(counts)
        joint = {}
        for label in self.classes_:
            document_counts, n_class = self.feature_counts_[label], self.class_counts_[label]

            def log_likelihood(word, is_present):
                return bernoulli_log_likelihood(is_present, document_counts.get(word, 0), n_class, self.alpha)

            joint[label] = bernoulli_joint_log_likelihood(
                self.log_prior(label), present, log_likelihood, self.vocabulary_
            )
        return joint

    # -- many documents, fast ------------------------------------------------

    def _fast_joint(self, counts):
        """The fast path: ``bernoulli_joint_log_likelihoods`` with tables built once.

        With alpha = 0 some p_jc are exactly 0 or 1, and the rewrite would
        subtract -inf from -inf; the model then takes the reference path.
        """
        if self.alpha == 0:
            return list(self._reference_joint(counts).values())
        if self._fast_tables is None:
            rows = bernoulli_log_odds_rows(
                self.feature_counts_, self.class_counts_, self.classes_, self.vocabulary_, self.alpha
            )
            base_scores = [
                self.log_prior(label)
                + bernoulli_absent_log_sum(
                    self.feature_counts_[label], self.class_counts_[label], self.vocabulary_, self.alpha
                )
                for label in self.classes_
            ]
            self._fast_tables = (rows, base_scores)
        rows, base_scores = self._fast_tables
        return bernoulli_joint_log_likelihoods(self._present(counts), rows, base_scores)

    def _log_likelihood_rows(self):
        """{word: (log P(x_j = 1 | c) for c in classes_)}, for most_informative_features."""
        words = list(self.vocabulary_)
        positions = {word: j for j, word in enumerate(words)}
        columns = []
        for label in self.classes_:
            n_class = self.class_counts_[label]
            columns.append(
                value_per_word(
                    self.feature_counts_[label], positions, lambda n: bernoulli_log_likelihood(True, n, n_class, self.alpha)
                )
            )
        return dict(zip(words, zip(*columns)))

    def _explanation_terms(self, counts):
        """A row per present known word, and the summed log(1 - p_jc) of the absent ones."""
        present = self._present(counts)
        terms = []
        for word in counts:
            if word in present and word in self.vocabulary_:
                probability = {label: self.likelihood(word, label) for label in self.classes_}
                log_term = {label: self.log_likelihood(word, label) for label in self.classes_}
                terms.append((word, 1, probability, log_term))
        absent = {}
        for label in self.classes_:
            document_counts, n_class = self.feature_counts_[label], self.class_counts_[label]
            absent[label] = math.fsum(
                bernoulli_log_likelihood(False, document_counts.get(word, 0), n_class, self.alpha)
                for word in self.vocabulary_
                if word not in present
            )
        return terms, absent
