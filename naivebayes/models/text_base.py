"""What the text models add to the shared skeleton: documents, a vocabulary, word counts.

A text model sees each document as a bag of words, ``{word: count}``.  The
text layer (``naivebayes/text/documents.py``) turns whatever a student
passes, a string, a token list, a count dict or a dense numeric row, into
that form; this class counts the bags per class and keeps the vocabulary:

* ``vocabulary_`` -- the set V of every feature seen in training;
* ``feature_counts_[c][j]`` -- what the event model counts for word j in class c
  (occurrences for the multinomial model, documents for the Bernoulli model);
* ``n_columns_`` -- the width of dense training rows, if the documents were rows.

A word never seen in training has no estimate in any class, so prediction
leaves it out (the rule of the blog post on multinomial naive Bayes from
scratch); ``explain`` lists it as ignored.
"""

from naivebayes.core.checks import check_smoothing
from naivebayes.models.base import NaiveBayes, add_count
from naivebayes.text.documents import check_documents, document_counts, is_dense_row
from naivebayes.text.tokenize import Tokenizer

__all__ = ["TextNaiveBayes", "value_per_word"]


def value_per_word(table, positions, value_of_count):
    """A column with ``value_of_count[table.get(word, 0)]`` at ``positions[word]``, for every word.

    ``positions`` is {word: column number} for the whole vocabulary, and
    ``table`` holds the words whose count is not 0 (a class's count table).
    ``value_of_count`` holds the formula's value for each distinct count, so
    the formula ran once per count (0, 1, 2, ...), not once per word; and only
    the table's words are visited, since every other word has count 0.
    """
    column = [value_of_count[0]] * len(positions)  # every word starts with the value of count 0 ...
    for word, count in table.items():
        column[positions[word]] = value_of_count[count]  # ... except those the table counted
    return column


class TextNaiveBayes(NaiveBayes):
    """Documents and a vocabulary, shared by ``MultinomialNB`` and ``BernoulliNB``.

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
        Turns a raw-string document into a list of tokens; the default is
        ``Tokenizer()``, lowercase words.
    """

    example_noun = "document"
    feature_noun = "word"

    def __init__(self, alpha=1, fit_prior=True, class_prior=None, tokenizer=None):
        check_smoothing("alpha", alpha)
        if tokenizer is not None and not callable(tokenizer):
            raise TypeError("tokenizer must be callable: text -> list of tokens, such as Tokenizer()")
        self.alpha = alpha
        self.tokenizer = Tokenizer() if tokenizer is None else tokenizer
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)

    def _start_empty(self):
        super()._start_empty()
        self.feature_counts_ = {}  # per class: {feature: count}, its meaning set by the event model
        self.vocabulary_ = set()  # V
        self.n_columns_ = None  # the width of dense training rows, if any

    def _count_table_names(self):
        return super()._count_table_names() + ["feature_counts_", "vocabulary_", "n_columns_"]

    def _class_table_names(self):
        return super()._class_table_names() + ["feature_counts_"]

    def _continue_from(self, model):
        self.n_columns_ = model.n_columns_  # later dense rows must keep the width

    # ------------------------------------------------------------------
    # Checking documents
    # ------------------------------------------------------------------

    def _check_examples(self, X):
        return check_documents(X)

    def _check_example(self, document, where, training=False):
        """The ``{feature: count}`` form of one document; dense rows must keep the training width."""
        if is_dense_row(document):
            if self.n_columns_ is None and training:
                self.n_columns_ = len(document)
            elif self.n_columns_ is not None and len(document) != self.n_columns_:
                raise ValueError(
                    f"{where} has {len(document)} columns, but the model's dense rows have "
                    f"{self.n_columns_}; every dense row must have one column per feature"
                )
        return document_counts(document, self.tokenizer, where)

    def _check_one_example(self, document, method):
        """``[text]``, a list holding one document as ``predict`` wants, is not one token list."""
        if isinstance(document, (list, tuple)) and len(document) == 1 and isinstance(document[0], str):
            if any(character.isspace() for character in document[0]):
                raise TypeError(
                    f"{method} takes one document, but this is a list holding one text ({document[0][:40]!r}...), "
                    f"the form predict wants; pass the text itself: model.{method}(text)"
                )

    def _ignored_features(self, counts):
        """The words of the document that training never saw: no class has an estimate for them."""
        return {word: "unseen" for word, count in counts.items() if count and word not in self.vocabulary_}

    def _check_feature(self, feature):
        if feature not in self.vocabulary_:
            raise KeyError(
                f"{feature!r} is not in the vocabulary (it never occurred in training), so the "
                "model has no estimate for it and ignores it when predicting"
            )

    # ------------------------------------------------------------------
    # Counting
    # ------------------------------------------------------------------

    def _count(self, documents, labels):
        """Count every document into N_c, N, V and the event model's ``feature_counts_``."""
        self._count_classes(labels)
        for i, (document, label) in enumerate(zip(documents, labels)):
            counts = self._check_example(document, f"X[{i}]", training=True)
            self.vocabulary_.update(counts)  # every feature seen in training joins V
            self._add_document(counts, label)

    def _add_document(self, counts, label):
        """Add one document's counts to ``feature_counts_[label]`` (each event model its own way)."""
        raise NotImplementedError

    def _merge(self, other):
        """A new model holding the counts of both ``self`` and ``other``."""
        merged = self._unfitted_copy()
        self._merge_classes(other, merged)
        for model in (self, other):
            for label, table in model.feature_counts_.items():
                merged_table = merged.feature_counts_.setdefault(label, {})
                for feature, count in table.items():
                    add_count(merged_table, feature, count)
        merged.vocabulary_ = self.vocabulary_ | other.vocabulary_
        merged.n_columns_ = other.n_columns_
        return merged

    def _shows_setting(self, name, value):
        if name == "tokenizer":
            return value != Tokenizer()  # the default tokenizer goes without saying
        return super()._shows_setting(name, value)

    def _tables_repr(self):
        return f"class_counts={self.class_counts_!r}, vocabulary_size={len(self.vocabulary_)}"
