"""Bag of words: count how often each vocabulary term occurs in each document.

Cornell Tech's "Lecture 8: Naive Bayes" writes a document x as a vector
phi(x) with one component per vocabulary word; the from-scratch blog post
calls the same thing a bag of words.  Most of
those components are 0, so a row here is a plain dict that holds only the
terms that occur: ``{term: x_j}``.  ``to_dense`` gives the lecture-style row
with every column.

>>> bag = BagOfWords()
>>> rows = bag.fit_transform(["the cat sat", "the cat saw the dog"])
>>> bag.vocabulary_
{'cat': 0, 'dog': 1, 'sat': 2, 'saw': 3, 'the': 4}
>>> rows
[{'the': 1, 'cat': 1, 'sat': 1}, {'the': 2, 'cat': 1, 'saw': 1, 'dog': 1}]
>>> bag.to_dense(rows)
[[1, 0, 1, 0, 1], [1, 1, 0, 1, 2]]
>>> bag.document_frequency_
{'cat': 2, 'dog': 1, 'sat': 1, 'saw': 1, 'the': 2}
"""

from collections import Counter

from naivebayes.plumbing.checks import NotFittedError, check_bool, ndim_of, plain_value, shown_number
from naivebayes.text.documents import refuse_texts_in_a_column
from naivebayes.text.tokenize import Tokenizer

__all__ = ["BagOfWords", "bag_of_words", "document_frequency_of_terms"]


# --8<-- [start:eq-bag-of-words]
def bag_of_words(tokens, vocabulary=None, binary=False):
    """x_j = number of times term j occurs in the document; with binary, 1{count > 0}.

    Returns ``{term: x_j}`` for the terms that occur (x_j > 0), keeping only
    terms of ``vocabulary`` when one is given; terms never seen in training
    are dropped, as in the from-scratch blog post.

    Formula: docs/tokenizing.md#eq-bag-of-words
    """
    counts = Counter(tokens)  # count(t, d) for every distinct token t of d
    if vocabulary is not None:
        counts = {term: count for term, count in counts.items() if term in vocabulary}
    if binary:
        return dict.fromkeys(counts, 1)  # 1{count > 0}
    return dict(counts)
# --8<-- [end:eq-bag-of-words]


# --8<-- [start:eq-document-frequency]
def document_frequency_of_terms(documents):
    """df_t = number of documents that contain term t.

    Each document is any collection of terms (a token list or a bag); a term
    that occurs several times in one document still counts once for it.

    Formula: docs/tokenizing.md#eq-document-frequency
    """
    df = Counter()
    for terms in documents:
        distinct_terms = dict.fromkeys(terms)  # each term once, in order of first occurrence
        df.update(distinct_terms.keys())  # adds 1 for each distinct term of this document
    return dict(df)
# --8<-- [end:eq-document-frequency]


def known_term_counts(tokens, known_terms, binary=False):
    """``bag_of_words(tokens, vocabulary, binary)`` in C: the same {term: x_j}, in the same order.

    ``known_terms`` maps each vocabulary term to itself.  ``map`` looks each
    token up in it, so an unknown token becomes None and a known one becomes
    the vocabulary's own string; ``Counter`` counts them and None is dropped.
    The row's keys are then the strings the vocabulary already holds (one per
    term, not one per row), and the filter runs in C rather than as a loop
    over the document's terms.  The tests check it against ``bag_of_words``.
    """
    counts = Counter(map(known_terms.get, tokens))  # the known tokens' counts, and the unknown ones' under None
    counts.pop(None, None)
    if binary:
        return dict.fromkeys(counts, 1)  # 1{count > 0}
    return dict(counts)


class BagOfWords:
    """Learn a vocabulary from documents and turn documents into rows of counts.

    ``min_df`` and ``max_df`` keep the terms whose document frequency lies
    between them: an ``int`` counts documents, a ``float`` in [0.0, 1.0] is a
    share of the documents (scikit-learn's rule).  ``max_features`` then keeps
    the terms with the largest corpus frequency; ties go to the term that comes
    first in alphabetical order.
    """

    def __init__(self, tokenizer=None, binary=False, min_df=1, max_df=1.0, max_features=None):
        self.tokenizer = Tokenizer() if tokenizer is None else tokenizer
        self.binary = binary
        self.min_df = min_df
        self.max_df = max_df
        self.max_features = max_features
        self.check_settings()
        self.vocabulary_ = None  # {term: column index}, set by fit
        self.document_frequency_ = None  # {term: df_t}, set by fit
        self.n_documents_ = None  # N, set by fit

    def check_settings(self):
        """Check the settings (again at each fit and transform: one may have been assigned since)."""
        if not callable(self.tokenizer):
            raise TypeError(
                "tokenizer must be a function from a str to a list of tokens, "
                f"such as Tokenizer(); got {type(self.tokenizer).__name__}"
            )
        binary = check_bool("binary", self.binary, "False counts each occurrence, True only whether a term occurs")
        min_df, max_df = check_df("min_df", self.min_df), check_df("max_df", self.max_df)
        max_features = check_max_features(self.max_features)
        self.binary, self.min_df, self.max_df, self.max_features = binary, min_df, max_df, max_features

    # ------------------------------------------------------------------
    # Learning the vocabulary
    # ------------------------------------------------------------------

    def fit(self, documents):
        """Learn ``vocabulary_``, ``document_frequency_`` and ``n_documents_``; return self."""
        self.fit_transform(documents)
        return self

    def fit_transform(self, documents):
        """Fit, then return the rows of ``documents``, tokenizing each document once."""
        self.check_settings()
        # Count every term of every document once; the vocabulary filters later.
        # Each token list is counted as soon as it is made, so the corpus's
        # token strings are never all held in memory at once.
        # Each term's first string stands for it in every row (``seen.setdefault``, in C):
        # the rows share one string per term instead of holding their own copies.
        seen = {}
        full_bags = [
            bag_of_words(map(seen.setdefault, tokens, tokens), binary=self.binary)
            for tokens in self.iter_token_lists(documents)
        ]
        del seen
        if not full_bags:
            raise ValueError("fit needs at least one document; the list of documents is empty")
        df = document_frequency_of_terms(full_bags)  # df_t for every term seen
        if not df:
            raise ValueError(
                "the documents contain no tokens at all, so there is no vocabulary; "
                "check the tokenizer's pattern, min_length and stop_words"
            )

        n_documents = len(full_bags)
        kept = self.prune_by_document_frequency(df, n_documents)
        if self.max_features is not None:
            kept = self.most_frequent(kept, full_bags)

        # Columns in alphabetical order of the kept terms, as in scikit-learn.
        self.vocabulary_ = {term: j for j, term in enumerate(sorted(kept))}
        self.document_frequency_ = {term: df[term] for term in self.vocabulary_}
        self.n_documents_ = n_documents

        if len(self.vocabulary_) == len(df):
            return full_bags  # nothing was pruned, so every row is already complete
        vocabulary = self.vocabulary_
        return [
            {term: value for term, value in bag.items() if term in vocabulary}
            for bag in full_bags
        ]

    def prune_by_document_frequency(self, df, n_documents):
        """Keep the terms with min_df <= df_t <= max_df (as document counts)."""
        low = document_count(self.min_df, n_documents)
        high = document_count(self.max_df, n_documents)
        if high < low:
            raise ValueError(
                f"max_df={self.max_df!r} allows at most {high:g} documents but "
                f"min_df={self.min_df!r} asks for at least {low:g} "
                f"(with {n_documents} documents); raise max_df or lower min_df"
            )
        kept = [term for term, count in df.items() if low <= count <= high]
        if not kept:
            raise ValueError(self.pruned_everything_message(df, low, high))
        return kept

    def pruned_everything_message(self, df, low, high):
        """Say which of min_df and max_df removed every term."""
        largest, smallest = max(df.values()), min(df.values())
        if largest < low:
            return (
                f"min_df={self.min_df!r} removed every term: the most common term is in "
                f"{largest} documents, fewer than {low:g}; lower min_df"
            )
        if smallest > high:
            return (
                f"max_df={self.max_df!r} removed every term: the rarest term is in "
                f"{smallest} documents, more than {high:g}; raise max_df"
            )
        return (
            f"min_df={self.min_df!r} and max_df={self.max_df!r} together removed every "
            "term; lower min_df or raise max_df"
        )

    def most_frequent(self, terms, bags):
        """The ``max_features`` terms with the largest corpus frequency; ties go alphabetically.

        The corpus frequency of a term is the sum of its values over all rows,
        so with ``binary=True`` it is the number of documents that contain it.
        """
        corpus_frequency = Counter()
        for bag in bags:
            corpus_frequency.update(bag)  # adds the values, not 1 per key
        ranked = sorted(terms, key=lambda term: (-corpus_frequency[term], term))
        return ranked[: self.max_features]

    # ------------------------------------------------------------------
    # Using the vocabulary
    # ------------------------------------------------------------------

    def transform(self, documents):
        """Return one row ``{term: x_j}`` per document; unseen terms are dropped."""
        self.check_fitted("transform")
        self.check_settings()
        known_terms = dict(zip(self.vocabulary_, self.vocabulary_))  # {term: term}: bag_of_words's filter, in C
        return [known_term_counts(tokens, known_terms, self.binary) for tokens in self.iter_token_lists(documents)]

    def feature_names(self):
        """The vocabulary terms in column order."""
        self.check_fitted("feature_names")
        return list(self.vocabulary_)  # vocabulary_ was built in column order

    def to_dense(self, rows):
        """Rows as lists of numbers in column order (0 for a term that does not occur)."""
        self.check_fitted("to_dense")
        if isinstance(rows, dict):
            raise TypeError("to_dense takes a list of rows; for one row use to_dense([row])")
        names = self.feature_names()
        return [[row.get(term, 0) for term in names] for row in rows]

    # ------------------------------------------------------------------
    # Helpers
    # ------------------------------------------------------------------

    def iter_token_lists(self, documents):
        """Yield one token list per document: raw strings go through the tokenizer, token lists stay."""
        if isinstance(documents, (str, bytes)):
            raise TypeError(
                "expected a list of documents, got a single string; for one document use [text]"
            )
        if not hasattr(documents, "__iter__"):
            raise TypeError(
                f"documents must be a list of documents (texts or token lists), not "
                f"{type(documents).__name__}; for one document use [text]"
            )
        if ndim_of(documents) == 2:  # such as df[["text"]].to_numpy(): a column of texts, not texts
            raise TypeError(
                "documents is a two-dimensional array or frame, so each row would be one document of whole "
                "texts; pass one text per document: X[:, 0] or X.ravel() for an array, df['text'] for a frame"
            )
        if type(documents) is list and documents and type(documents[0]) in (list, tuple) and documents[0] \
                and isinstance(documents[0][0], str):
            refuse_texts_in_a_column(documents, "documents")  # [["a text"], ...] is not a list of token lists
        for index, document in enumerate(documents):
            yield document_tokens(document, self.tokenizer, index)

    def check_fitted(self, method):
        """Raise a clear error when ``method`` is called before ``fit``."""
        if self.vocabulary_ is None:
            raise NotFittedError(f"this BagOfWords has not been fitted yet: call fit (or fit_transform) before {method}")

    def __repr__(self):
        size = "not fitted" if self.vocabulary_ is None else f"{len(self.vocabulary_)} terms"
        return (
            f"BagOfWords(binary={self.binary}, min_df={self.min_df!r}, "
            f"max_df={self.max_df!r}, max_features={self.max_features!r}, "
            f"tokenizer={self.tokenizer!r}, vocabulary: {size})"
        )


def document_tokens(document, tokenizer, index):
    """The tokens of document ``index``: a text goes through ``tokenizer``, a list of tokens stays as it is."""
    if isinstance(document, str):
        tokens = tokenizer(document)
        if type(tokenizer) is not Tokenizer:  # our own always gives strings
            check_tokenizer_result(tokens, index)
        return tokens
    if isinstance(document, (list, tuple)):
        check_token_list(document, f"document {index}")
        return document
    raise TypeError(
        f"document {index} is a {type(document).__name__}; each document must be a str or a list of token strings"
    )


def check_tokenizer_result(tokens, index):
    """Raise a ``TypeError`` that names the slip unless a tokenizer gave a list of strings for document ``index``."""
    if isinstance(tokens, str):
        shown = tokens if len(tokens) <= 40 else tokens[:37] + "..."
        raise TypeError(
            f"the tokenizer returned a str ({shown!r}), not a list of tokens, for document {index}; "
            "a tokenizer must split the text into words, such as tokenizer=str.split, or "
            "Tokenizer() to lowercase and split"
        )
    if tokens is None:
        raise TypeError(
            f"the tokenizer returned None, not a list of tokens, for document {index}; "
            "does the function end with a return statement, such as return text.split()?"
        )
    if not isinstance(tokens, (list, tuple)):
        raise TypeError(
            f"the tokenizer returned a {type(tokens).__name__}, not a list of tokens, for document "
            f"{index}; make it return a list of strings (wrap a generator in list(...))"
        )
    check_token_list(tokens, f"the tokenizer's result for document {index}")


def check_token_list(tokens, where):
    """Raise a ``TypeError`` unless ``tokens`` is a list or tuple of strings."""
    if not isinstance(tokens, (list, tuple)):
        raise TypeError(f"{where} must be a list of token strings, not {type(tokens).__name__}")
    for token in tokens:
        if not isinstance(token, str):
            raise TypeError(f"{where} must hold only strings; found {token!r}")


def check_df(name, value):
    """An ``int`` >= 1 (a number of documents) or a ``float`` in [0.0, 1.0] (a share)."""
    value = plain_value(value)  # a numpy number: the Python int or float it holds
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(
            f"{name} must be an int (a number of documents) or a float in [0.0, 1.0] "
            f"(a share of documents), not {type(value).__name__}"
        )
    if isinstance(value, int) and value < 1:
        raise ValueError(f"{name}={shown_number(value)} documents makes no sense; use an int >= 1")
    if isinstance(value, float) and not 0.0 <= value <= 1.0:
        raise ValueError(
            f"{name}={value} is a float, so it is a share of documents and must be in "
            "[0.0, 1.0]; for a number of documents pass an int"
        )
    return value


def document_count(limit, n_documents):
    """min_df or max_df as a number of documents: an int as is, a float times N."""
    if isinstance(limit, int):
        return limit
    return limit * n_documents  # a float, compared as scikit-learn does


def check_max_features(max_features):
    """``None`` (keep all) or a whole number >= 1."""
    if max_features is None:
        return None
    max_features = plain_value(max_features)
    if isinstance(max_features, bool) or not isinstance(max_features, int) or max_features < 1:
        raise ValueError(
            f"max_features must be a whole number >= 1, or None to keep every term; "
            f"got {shown_number(max_features):.60}"
        )
    return max_features
