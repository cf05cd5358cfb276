"""Choosing the vocabulary: keep the k words that say most about the class, or the k most common.

McCallum and Nigam, "A Comparison of Event Models for Naive Bayes Text
Classification" (AAAI-98 workshop), choose their vocabularies by the average
mutual information between the class and a word's presence in a document;
Cornell Tech's "Lecture 8: Naive Bayes" keeps the 1,000 words in most
documents (``CountVectorizer(binary=True, max_features=1000)``); Manning,
Raghavan and Schuetze, *Introduction to Information Retrieval*, chapter 13.5,
score each word against each class by chi-square or by expected mutual
information.  Each is a score per word computed from document counts, then
the k best:

* ``document_frequency_of_rows`` -- df_t, the training rows in which t has a count above 0;
* ``word_class_information`` -- I(C; W_t) from N_ct (documents of class c
  that contain t), N_c and N;
* ``chi_square`` and ``expected_mutual_information`` -- one word against one
  class, from the 2 x 2 table of document counts N11, N10, N01, N00;
* ``combined_class_score`` -- the per-class scores of a word made one: their
  largest or their mean.

``VocabularySelector(k, score=...)`` learns the scores from rows of counts and
keeps the k highest (ties broken by the word, so a run is repeatable);
``transform`` drops every other word from each row.  It knows no model.

>>> rows = [{"free": 1, "the": 2}, {"free": 3, "the": 1}, {"the": 1, "meeting": 1}, {"the": 2}]
>>> selector = VocabularySelector(1).fit(rows, ["spam", "spam", "ham", "ham"])
>>> selector.vocabulary_, selector.transform([{"free": 2, "the": 5}])
(['free'], [{'free': 2}])
"""

import math

from naivebayes.core.arithmetic import ratio
from naivebayes.plumbing.checks import as_list, check_choice, check_labels
from naivebayes.text.tfidf import check_count_rows

__all__ = [
    "VocabularySelector",
    "chi_square",
    "combined_class_score",
    "document_frequency_of_rows",
    "expected_mutual_information",
    "word_class_information",
]

SCORES = ("mutual_information", "document_frequency", "chi2", "expected_mutual_information")
COMBINATIONS = ("max", "average")


# --8<-- [start:eq-selection-document-frequency]
def document_frequency_of_rows(rows):
    """{word: df_t}: in how many rows word t has a count above 0.

    Formula: docs/vocabulary-selection.md#eq-selection-document-frequency
    """
    frequency = {}
    for row in rows:
        for word, count in row.items():
            if count:
                frequency[word] = frequency.get(word, 0) + 1
    return frequency
# --8<-- [end:eq-selection-document-frequency]


# --8<-- [start:eq-selection-information]
def word_class_information(class_document_counts, class_sizes):
    """I(C; W_t) = sum_c sum_{f in 0,1} P(c, f) log[P(c, f) / (P(c) P(f))], in nats, from document counts.

    ``class_document_counts`` is {label: N_ct}, the documents of each class
    that contain word t, and ``class_sizes`` is {label: N_c}.  With
    N_{c1} = N_ct and N_{c0} = N_c - N_ct, P(c, f) = N_cf / N and
    P(f) = N_f / N, each term is (N_cf / N) log(N_cf N / (N_c N_f)); a
    cell of 0 adds 0.

    Formula: docs/vocabulary-selection.md#eq-selection-information
    """
    n_documents = sum(class_sizes.values())  # N
    n_present = sum(class_document_counts.values())  # N_1: documents that contain t
    margins = {1: n_present, 0: n_documents - n_present}  # N_f
    terms = []
    for label, n_class in class_sizes.items():
        present = class_document_counts.get(label, 0)
        for f, n_cell in ((1, present), (0, n_class - present)):
            if n_cell:
                terms.append(n_cell / n_documents * math.log(n_cell * n_documents / (n_class * margins[f])))
    return max(math.fsum(terms), 0.0)  # never below 0 but for rounding
# --8<-- [end:eq-selection-information]


# --8<-- [start:eq-chi-square]
def chi_square(n11, n10, n01, n00):
    """X^2(t, c) = N (N11 N00 - N10 N01)^2 / ((N11 + N01)(N11 + N10)(N10 + N00)(N01 + N00)).

    The counts are documents: the first digit says whether a document
    contains word t (1) or not (0), the second whether it is in class c.
    So N10 counts the documents that contain t but are not in c, and
    N = N11 + N10 + N01 + N00.  This is the sum over the four cells of
    (observed - expected)^2 / expected, in one fraction.  Whole counts give
    an exact Fraction.  When a margin is 0 (t in every document or in none,
    c holding every document or none), the statistic is 0/0; it is taken as
    0: the table gives no sign that t and c depend on each other.

    Formula: docs/vocabulary-selection.md#eq-chi-square
    """
    n = n11 + n10 + n01 + n00  # N
    margins = (n11 + n01) * (n11 + n10) * (n10 + n00) * (n01 + n00)  # N_.1 N_1. N_.0 N_0.
    if margins == 0:
        return ratio(0 * n, 1)  # 0/0 taken as 0 (a Fraction for whole counts)
    return ratio(n * (n11 * n00 - n10 * n01) ** 2, margins)
# --8<-- [end:eq-chi-square]


# --8<-- [start:eq-expected-mutual-information]
def expected_mutual_information(n11, n10, n01, n00):
    """I(U_t; C_c) in bits: the sum over the four cells of (N_ij / N) log2(N N_ij / (N_i. N_.j)).

    The counts are documents, as for ``chi_square``: i = 1 when a document
    contains word t, j = 1 when it is in class c.  N_i. and N_.j are the
    row and column sums.  A cell of 0 adds 0 (0 log 0 = 0).

    Formula: docs/vocabulary-selection.md#eq-expected-mutual-information
    """
    n = n11 + n10 + n01 + n00  # N
    with_word, without_word = n11 + n10, n01 + n00  # N_1., N_0.
    in_class, not_in_class = n11 + n01, n10 + n00  # N_.1, N_.0
    terms = []
    for cell, row, column in ((n11, with_word, in_class), (n10, with_word, not_in_class),
                              (n01, without_word, in_class), (n00, without_word, not_in_class)):
        if cell:
            terms.append(cell / n * math.log2(n * cell / (row * column)))
    return max(math.fsum(terms), 0.0)  # never below 0 but for rounding
# --8<-- [end:eq-expected-mutual-information]


# --8<-- [start:eq-selection-combined]
def combined_class_score(class_scores, combine="max"):
    """A(t) = max_c A(t, c), or the mean (1/K) sum_c A(t, c), from a word's K per-class scores.

    Formula: docs/vocabulary-selection.md#eq-selection-combined
    """
    if combine == "max":
        return max(class_scores)
    return math.fsum(class_scores) / len(class_scores)
# --8<-- [end:eq-selection-combined]


PER_CLASS_SCORES = ("chi2", "expected_mutual_information")  # the scores worked out for each class


class VocabularySelector:
    """Keep the ``k`` best words by ``score``.

    ``score`` is one of:

    * "mutual_information" (the default): I(C; W_t) between the class and
      the word's presence, over all classes at once, in nats;
    * "document_frequency": in how many rows the word occurs (needs no labels);
    * "chi2" or "expected_mutual_information": one score per word and class
      (that class against all the others), made one score per word by
      ``combine`` ("max", the default, or "average"), or taken for one class
      with ``for_class=label``.

    ``fit(rows, labels)`` sets ``scores_`` ({word: score}), ``vocabulary_``
    (the kept words, best first) and, for the per-class scores,
    ``class_scores_`` ({label: {word: score}}); ``transform(rows)`` returns
    each row with only the kept words.  Rows are ``{word: count}`` dicts, as
    ``BagOfWords`` makes them.
    """

    def __init__(self, k, score="mutual_information", combine="max", for_class=None):
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"k must be a whole number of words >= 1, not {k!r}")
        check_choice("score", score, SCORES)
        check_choice("combine", combine, COMBINATIONS)
        if for_class is not None and score not in PER_CLASS_SCORES:
            raise ValueError(
                f"for_class={for_class!r} needs a score per class: score='chi2' or "
                f"score='expected_mutual_information', not {score!r}"
            )
        self.k = k
        self.score = score
        self.combine = combine
        self.for_class = for_class
        self.scores_ = None
        self.class_scores_ = None
        self.vocabulary_ = None

    def fit(self, rows, labels=None):
        """Score every word of the rows and keep the k best; returns the selector."""
        rows = check_count_rows(rows, "fit")
        class_scores = None
        if self.score == "document_frequency":
            scores = document_frequency_of_rows(rows)
        else:
            if labels is None:
                raise ValueError(f"selecting by {self.score} needs the labels: fit(rows, labels)")
            labels = check_labels(as_list("labels", labels, what="labels"), len(rows), noun="row")
            if self.for_class is not None and self.for_class not in labels:
                raise ValueError(
                    f"for_class={self.for_class!r} is not among the labels; "
                    "name a class the training rows have"
                )
            if self.score == "mutual_information":
                scores = self.information_scores(rows, labels)
            else:
                formula = chi_square if self.score == "chi2" else expected_mutual_information  # (read when fit runs)
                class_scores = self.per_class_scores(rows, labels, formula)
                if self.for_class is not None:
                    scores = class_scores[self.for_class]
                else:
                    scores = {word: combined_class_score([table[word] for table in class_scores.values()], self.combine)
                              for word in next(iter(class_scores.values()))}
        ranked = sorted(scores, key=lambda word: (-scores[word], str(word)))
        self.scores_, self.class_scores_, self.vocabulary_ = scores, class_scores, ranked[: self.k]
        self._kept = set(self.vocabulary_)
        return self

    @staticmethod
    def document_counts(rows, labels):
        """({label: N_c}, {word: {label: N_ct}}): the documents of each class, and of each class that contain each word."""
        class_sizes, per_word = {}, {}
        for row, label in zip(rows, labels):
            class_sizes[label] = class_sizes.get(label, 0) + 1  # N_c
            for word, count in row.items():
                if count:
                    counts = per_word.setdefault(word, {})
                    counts[label] = counts.get(label, 0) + 1  # N_ct
        return class_sizes, per_word

    @classmethod
    def information_scores(cls, rows, labels):
        """{word: I(C; W_t)}: each word's document counts per class, then ``word_class_information``."""
        class_sizes, per_word = cls.document_counts(rows, labels)
        return {word: word_class_information(counts, class_sizes) for word, counts in per_word.items()}

    @classmethod
    def per_class_scores(cls, rows, labels, formula):
        """{label: {word: formula(N11, N10, N01, N00)}}, the word t against class c, for every pair.

        N11 = N_ct, N10 = N_t - N_ct, N01 = N_c - N_ct and N00 = N - N_t - N_c + N_ct,
        where N_t is the number of documents that contain t.  N is a float
        here, so the scores are floats: ranking needs no exact fractions.
        """
        class_sizes, per_word = cls.document_counts(rows, labels)
        n = float(len(rows))  # N
        scores = {label: {} for label in class_sizes}
        known = {}  # {(N11, N_t, N_c): score}: many words have the same counts, so each table is scored once
        for word, counts in per_word.items():
            n_word = sum(counts.values())  # N_t
            for label, n_class in class_sizes.items():
                n11 = counts.get(label, 0)
                table = (n11, n_word, n_class)
                if table not in known:
                    known[table] = formula(n11, n_word - n11, n_class - n11, n - n_word - n_class + n11)
                scores[label][word] = known[table]
        return scores

    def transform(self, rows):
        """Each row with only the kept words (a row may become {})."""
        if self.vocabulary_ is None:
            raise ValueError("this VocabularySelector has not been fitted: call fit(rows, labels) first")
        rows = check_count_rows(rows, "transform")
        kept = self._kept
        return [{word: count for word, count in row.items() if word in kept} for row in rows]

    def fit_transform(self, rows, labels=None):
        """``fit(rows, labels)``, then ``transform(rows)``."""
        return self.fit(rows, labels).transform(rows)

    def __repr__(self):
        settings = f"k={self.k}, score={self.score!r}"
        if self.score in PER_CLASS_SCORES:
            settings += f", combine={self.combine!r}" if self.for_class is None else f", for_class={self.for_class!r}"
        fitted = "" if self.vocabulary_ is None else f": {len(self.vocabulary_)} words kept of {len(self.scores_)}"
        return f"VocabularySelector({settings}){fitted}"
