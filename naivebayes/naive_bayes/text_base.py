"""What the text models add to the shared skeleton: documents, a vocabulary, word counts.

A text model sees each document as a bag of words, ``{word: count}``.  The
text layer (``naivebayes/text/documents.py``) turns whatever a student
passes, a string, a token list, a count dict or a dense numeric row, into
that form; this class counts the bags per class and keeps the vocabulary:

* ``vocabulary_`` -- the set V of every feature seen in training;
* ``feature_counts_[c][j]`` -- what the event model counts for word j in class c
  (occurrences for the multinomial model, documents for the Bernoulli model);
* ``n_columns_`` -- the width of dense training rows, if the documents were rows;
* ``input_form_`` -- "words" (texts, token lists, {word: count} dicts) or "dense"
  (rows of numbers): a model reads only the form it was trained on.

A word never seen in training has no estimate in any class, so prediction
leaves it out (the rule of the blog post on multinomial naive Bayes from
scratch); ``explain`` lists it as ignored.
"""

from naivebayes.core.priors import Dirichlet, MEstimate, check_smoothing_or_prior
from naivebayes.naive_bayes.base import TABLES_LOCK, NaiveBayes, add_count, merge_class_counts, peek, plural
from naivebayes.text.documents import check_documents, count_tokens, document_bag, document_form
from naivebayes.text.tokenize import Tokenizer

__all__ = ["weighted_counts"]  # TextNaiveBayes is the text models' skeleton; a user calls the models


def shared_rows(tables, vocabulary, values_of_counts):
    """{word: (v_1, ..., v_K)}, v_k = ``values_of_counts[k][tables[k].get(word, 0)]``: the rows predict adds up.

    ``tables`` holds the K classes' count tables and ``values_of_counts[k]``
    the formula's value for each distinct count of class k, so the formula
    ran once per count (0, 1, 2, ...), not once per word.

    1. Each word's counts are read off the tables' entries, listed as the
       (k, n_jk) of the classes that counted it: most words of a large
       vocabulary were seen in one or two classes, so this visits the
       entries of the tables (about 300,000 for 20 Newsgroups), not every
       word in every class (2.6 million lookups, most of them of a 0).
    2. Words with the same counts share one row, built once: a word no class
       counted has the values of count 0 in every class, and each (k, n_jk)
       puts class k's value of n_jk in its place.  A million words need far
       fewer than a million rows, and the table costs about one dictionary
       entry per word instead of K floats.
    """
    counted_in = dict.fromkeys(vocabulary, ())  # {word: ((k, n_jk) for each class k with n_jk > 0)}
    for k, (table, of_counts) in enumerate(zip(tables, values_of_counts)):
        pairs = {count: ((k, count),) for count in of_counts}  # one (k, n) per distinct count, shared by its words
        for word, count in table.items():
            counted_in[word] += pairs[count]
    unseen = tuple(of_counts[0] for of_counts in values_of_counts)  # the row of a word no class counted
    shared = {(): unseen}  # {the word's (k, n_jk) pairs: the row every word with these counts uses}
    rows = {}
    for word, counts in counted_in.items():
        row = shared.get(counts)
        if row is None:  # the first word with these counts: look up its values once
            values = list(unseen)
            for k, count in counts:
                values[k] = values_of_counts[k][count]  # class k's value of n_jk
            row = shared[counts] = tuple(values)
        rows[word] = row
    return rows


# --8<-- [start:eq-weighted-counts]
def weighted_counts(counts, weight):
    """{word: w x_j}: one document's counts multiplied by its weight w (``sample_weight``); exact for whole weights.

    Formula: docs/pipeline.md#eq-weighted-counts
    """
    return {word: weight * count for word, count in counts.items()}
# --8<-- [end:eq-weighted-counts]


def form_mismatch_message(form, trained_form, n_columns, where, training):
    """Why a document of one form cannot go with documents of the other, and what to do."""
    if training:
        return (
            f"{where} is a {'dense row of numbers' if form == 'dense' else 'document of words'}, but the "
            f"documents before it are {'dense rows' if trained_form == 'dense' else 'documents of words'}; "
            "a model learns from one form: the features of a dense row are column numbers, those of a "
            "text, token list or {word: count} dict are words"
        )
    if form == "dense":
        return (
            f"{where} is a dense row of numbers, but this model was trained on documents of words (texts, "
            "token lists or {word: count} dicts), so a column number is no word it knows; pass the text or "
            "its tokens, or train the model on dense rows"
        )
    return (
        f"{where} is a document of words, but this model was trained on dense rows of {n_columns} numbers, "
        "whose features are column numbers; pass a row of the same columns (BagOfWords.to_dense makes "
        "one), or train the model on documents of words"
    )


class TextNaiveBayes(NaiveBayes):
    """Documents and a vocabulary, shared by ``MultinomialNB`` and ``BernoulliNB``.

    Parameters
    ----------
    alpha : int, Fraction, float or a prior, default 1
        The smoothing pseudo-count: 1 is Laplace (add-one) smoothing, other
        values are Lidstone smoothing, and 0 is the unsmoothed maximum
        likelihood estimate.  With an int or a Fraction, ``prior`` and
        ``likelihood`` return exact Fractions.  A prior
        (``naivebayes.core.priors``: ``Dirichlet``, ``MEstimate``, and
        ``Beta`` for ``BernoulliNB``) gives pseudo-counts per word or per
        class and word, and the estimate to take (posterior mean or MAP).
    fit_prior : bool, default True
        Learn P(c) from the class counts; with False, every class gets 1/K.
    class_prior : dict, list or a prior, optional
        Fixed priors, as ``{label: P(c)}`` or a list in ``classes_`` order.
        They must be non-negative and sum to 1.  Overrides ``fit_prior``.
        A ``Dirichlet(b)`` gives P(c) = (N_c + b_c) / (N + sum b) instead.
    tokenizer : callable, optional
        Turns a raw-string document into a list of tokens; the default is
        ``Tokenizer()``, lowercase words.
    """

    example_noun = "document"
    feature_noun = "word"
    count_tables = {
        **NaiveBayes.count_tables,
        "feature_counts_": {},  # per class: {feature: count}, its meaning set by the event model
        "vocabulary_": set(),  # V
        "n_columns_": None,  # the width of dense training rows, if any
        "input_form_": None,  # "words" or "dense", set by the first training document
    }
    class_tables = NaiveBayes.class_tables + ("feature_counts_",)
    counted_settings = {"tokenizer": None}  # the words were counted with it: another one needs training again

    prior_kinds = (Dirichlet, MEstimate)  # the priors this model takes as alpha (docs/priors.md)

    def __init__(self, alpha=1, fit_prior=True, class_prior=None, tokenizer=None):
        check_smoothing_or_prior(alpha, type(self).__name__, self.prior_kinds)
        if tokenizer is not None and not callable(tokenizer):
            raise TypeError(f"tokenizer must be callable: text -> list of tokens, such as Tokenizer(); not {tokenizer!r:.60}")
        if isinstance(tokenizer, type):  # (calling a class makes one of its objects, not a list of tokens)
            raise TypeError(
                f"tokenizer is the class {tokenizer.__name__}, not a tokenizer; pass one, such as Tokenizer() or str.split"
            )
        self.alpha = alpha
        self.tokenizer = Tokenizer() if tokenizer is None else tokenizer  # (None means the default, after training too)
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)

    def _continue_from(self, model):
        self.n_columns_ = model.n_columns_  # later dense rows must keep the width
        self.input_form_ = model.input_form_  # and later documents the form

    def _check_something_learned(self, fitting):
        """No word in any training document of the first batch: nothing to learn from."""
        if not self.vocabulary_:
            raise ValueError(
                "the training documents hold no tokens at all (the tokenizer found no words in any text, and any "
                "token lists or {word: count} dicts are empty), so there is nothing to learn; check that X holds "
                "the documents, and the tokenizer's pattern, min_length and stop_words"
            )

    # ------------------------------------------------------------------
    # Checking documents
    # ------------------------------------------------------------------

    _check_examples = staticmethod(check_documents)  # X as a list of documents, or a clear error

    def _check_example(self, document, where, training=False):
        """One document as ``{word: count}``, the form the formulas read (a text is cut into words and counted)."""
        if type(document) is str and self.input_form_ == "words" and type(self.tokenizer) is Tokenizer:
            return count_tokens(self.tokenizer(document))  # the usual document, decided quickly
        bag = self._check_bag(document, where, training)
        return count_tokens(bag) if type(bag) is list else bag

    def _check_bag(self, document, where, training=False):
        """One checked document as a bag of words: its token list, or ``{feature: count}`` (see ``document_bag``).

        A model reads only the form it was trained on, and dense rows must keep
        the training width.
        """
        form = document_form(document, where)
        if self.input_form_ is None and training:  # the first training document decides
            self.input_form_ = form
        elif self.input_form_ is not None and form != self.input_form_:
            raise ValueError(form_mismatch_message(form, self.input_form_, self.n_columns_, where, training))
        if form == "dense":
            if self.n_columns_ is None and training:
                self.n_columns_ = len(document)
            elif self.n_columns_ is not None and len(document) != self.n_columns_:
                raise ValueError(
                    f"{where} has {len(document)} columns, but the model's dense rows have "
                    f"{self.n_columns_}; every dense row must have one column per feature"
                )
        return document_bag(document, self.tokenizer, where)

    def _log_joints(self, documents):
        """[log P(x, c) for c in classes_] for each document, one at a time, however many there are.

        1. check the document and count it: {word: x_j};
        2-3. add the rows of its known words to log P(c): the vector form of
           the per-feature terms, on the rows built when training ends
           (``explain`` shows the terms themselves).
        """
        joints = []
        for i, document in enumerate(documents):
            counts = self._check_example(document, f"X[{i}]")  # 1. {word: x_j}
            joints.append(self._log_joint_from_rows(counts))  # 2-3. log P(c) + the sum of the rows
        return joints

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
        """Count every document into V and the event model's ``feature_counts_`` (N_c and N are counted already).

        Each document is checked and counted into {word: x_j}, then added to
        its class's tables by the event model's counting formula
        (``_add_document``), the step the docs page shows, whatever the
        number of documents.
        """
        for i, (document, label) in enumerate(zip(documents, labels)):
            counts = self._check_example(document, f"X[{i}]", training=True)  # {word: x_j}
            self.vocabulary_.update(counts)  # a dense row's zeros name features of V too
            self._add_document(counts, label)

    takes_sample_weight = True

    def _count_weighted(self, documents, labels, weights):
        """``_count`` with ``sample_weight``: each document's counts are multiplied by its weight.

        A document of weight 0 adds nothing to the counts, but its words join
        the vocabulary (as a dense row's zero columns do).
        """
        for i, (document, label) in enumerate(zip(documents, labels)):
            counts = self._check_example(document, f"X[{i}]", training=True)  # {word: x_j}
            self.vocabulary_.update(counts)
            self._add_weighted_document(counts, label, weights[i])

    def _add_document(self, counts, label):
        """Hook: add one document's {word: count} to the class's tables, by the event model's counting formula."""
        raise NotImplementedError

    def _add_weighted_document(self, counts, label, weight):
        """One document of weight w: its counts w x_j go through the model's own counting formula."""
        self._add_document(weighted_counts(counts, weight), label)

    def _log_joint_from_rows(self, counts):
        """Hook: [log P(x, c) for c in classes_] for one checked document, from the rows built when training ends."""
        raise NotImplementedError

    def _merge(self, other):
        """A new model holding the counts of both ``self`` and ``other``."""
        merged = type(self)(**self.get_params())
        merge_class_counts(merged, self, other)
        for model in (self, other):
            for label, table in model.feature_counts_.items():
                merged_table = merged.feature_counts_.setdefault(label, {})
                for feature, count in table.items():
                    add_count(merged_table, feature, count)
        merged.vocabulary_ = self.vocabulary_ | other.vocabulary_
        merged.n_columns_ = self.n_columns_ if other.n_columns_ is None else other.n_columns_
        merged.input_form_ = self.input_form_ if other.input_form_ is None else other.input_form_
        return merged

    def _check_mergeable(self, other, ours, theirs):
        """Both models cut their texts into words the same way, and dense rows have one width."""
        if type(other) is type(self) and other.tokenizer != self.tokenizer:
            raise ValueError(
                f"cannot merge text models with different tokenizers: {ours} has {self.tokenizer!r} and "
                f"{theirs} has {other.tokenizer!r}, so their counts are of different words; train both "
                "with the same tokenizer"
            )
        super()._check_mergeable(other, ours, theirs)
        if None not in (self.input_form_, other.input_form_) and self.input_form_ != other.input_form_:
            raise ValueError(
                f"cannot merge {theirs}, trained on {other.input_form_} documents, with {ours}, trained on "
                f"{self.input_form_} ones: the features of dense rows are column numbers, those of texts are words"
            )
        if None not in (self.n_columns_, other.n_columns_) and self.n_columns_ != other.n_columns_:
            raise ValueError(
                f"cannot merge {theirs}, trained on dense rows of {other.n_columns_} columns, with {ours}, "
                f"whose rows have {self.n_columns_}: a column is a feature, so both need the same columns"
            )


    def sample(self, n, label=None, random_state=None):
        """Draw ``n`` documents and their labels, each in the form the model was trained on.

        A document is drawn as ``{word: count}``; a model trained on dense rows
        gets each as a row of its ``n_columns_`` counts instead, column j
        holding the count of feature j, so that ``predict`` and ``fit`` take it.
        """
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            documents, labels = super().sample(n, label=label, random_state=random_state)
            if self.input_form_ == "dense":
                columns = range(self.n_columns_)
                documents = [[counts.get(j, 0) for j in columns] for counts in documents]
            return documents, labels

    def impute(self, document, distribution=False):
        """Refused: a document has no missing features to fill in (docs/generative.md says why)."""
        raise TypeError(
            f"impute fills in the missing values of a row, but a document has none: a word it does not "
            f"contain is absent (x_j = 0), which is an observation, not a gap. To see which words the "
            f"model expects in a document of a class, draw some with {type(self).__name__}.sample(n, label=...)"
        )

    def _table_peeks(self):
        """The vocabulary's size, and a peek at each class's counts."""
        peeks = [("vocabulary_", f"{len(self.vocabulary_)} {self.feature_noun}s", peek(self.vocabulary_))]
        for label in self.classes_:
            peeks.append((f"feature_counts_[{label!r}]", plural(len(self.feature_counts_[label]), self.feature_noun), peek(self.feature_counts_[label])))
        return peeks
