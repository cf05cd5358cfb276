"""Choosing the vocabulary: keep the k words that say most about the class, or the k most common.

McCallum and Nigam, "A Comparison of Event Models for Naive Bayes Text
Classification" (AAAI-98 workshop), choose their vocabularies by the average
mutual information between the class and a word's presence in a document;
Cornell Tech's "Lecture 8: Naive Bayes" keeps the 1,000 words in most
documents (``CountVectorizer(binary=True, max_features=1000)``).  Both are a
score per word computed from document counts, then the k best:

* ``document_frequency_of_rows`` -- df_t, the training rows in which t has a count above 0;
* ``word_class_information`` -- I(C; W_t) from N_ct (documents of class c
  that contain t), N_c and N.

``VocabularySelector(k, by=...)`` learns the scores from rows of counts and
keeps the k highest (ties broken by the word, so a run is repeatable);
``transform`` drops every other word from each row.  It knows no model.

>>> rows = [{"free": 1, "the": 2}, {"free": 3, "the": 1}, {"the": 1, "meeting": 1}, {"the": 2}]
>>> selector = VocabularySelector(1).fit(rows, ["spam", "spam", "ham", "ham"])
>>> selector.vocabulary_, selector.transform([{"free": 2, "the": 5}])
(['free'], [{'free': 2}])
"""

import math

from naivebayes.plumbing.checks import as_list, check_choice, check_labels
from naivebayes.text.tfidf import check_count_rows

__all__ = ["VocabularySelector", "document_frequency_of_rows", "word_class_information"]

SCORES = ("mutual_information", "document_frequency")


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


class VocabularySelector:
    """Keep the ``k`` best words by ``by``: "mutual_information" (with the class) or "document_frequency".

    ``fit(rows, labels)`` sets ``scores_`` ({word: score}) and
    ``vocabulary_`` (the kept words, best first); ``transform(rows)``
    returns each row with only those words.  Rows are ``{word: count}``
    dicts, as ``BagOfWords`` makes them; labels are needed only for the
    mutual information.
    """

    def __init__(self, k, by="mutual_information"):
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"k must be a whole number of words >= 1, not {k!r}")
        check_choice("by", by, SCORES)
        self.k = k
        self.by = by
        self.scores_ = None
        self.vocabulary_ = None

    def fit(self, rows, labels=None):
        """Score every word of the rows and keep the k best; returns the selector."""
        rows = check_count_rows(rows, "fit")
        if self.by == "document_frequency":
            scores = document_frequency_of_rows(rows)
        else:
            if labels is None:
                raise ValueError("selecting by mutual information with the class needs the labels: fit(rows, labels)")
            labels = check_labels(as_list("labels", labels, what="labels"), len(rows), noun="row")
            scores = self.information_scores(rows, labels)
        ranked = sorted(scores, key=lambda word: (-scores[word], str(word)))
        self.scores_, self.vocabulary_ = scores, ranked[: self.k]
        self._kept = set(self.vocabulary_)
        return self

    @staticmethod
    def information_scores(rows, labels):
        """{word: I(C; W_t)}: each word's document counts per class, then ``word_class_information``."""
        class_sizes, per_word = {}, {}
        for row, label in zip(rows, labels):
            class_sizes[label] = class_sizes.get(label, 0) + 1  # N_c
            for word, count in row.items():
                if count:
                    counts = per_word.setdefault(word, {})
                    counts[label] = counts.get(label, 0) + 1  # N_ct
        return {word: word_class_information(counts, class_sizes) for word, counts in per_word.items()}

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
        fitted = "" if self.vocabulary_ is None else f": {len(self.vocabulary_)} words kept of {len(self.scores_)}"
        return f"VocabularySelector(k={self.k}, by={self.by!r}){fitted}"
