"""Fitting a text model with each document's tokens counted in C, asked for by name: ``fit_counting_in_c``.

What ``MultinomialNB.fit`` and ``BernoulliNB.fit`` run by default is the
derivation on their docs pages: each document is counted into
``{word: x_j}``, then added to its class's table by the counting formula
(``add_multinomial_counts``, ``add_bernoulli_counts``), one step of the
interpreter per distinct word of every document: 1.5 million steps for the
training posts of 20 Newsgroups.  ``fit_counting_in_c(model, X, y)`` gives the
model the very same tables another way: it hands each document's list of
tokens, with its class's table, to ``collections._count_elements``, the loop
that ``Counter.update`` runs, written in C, which adds 1 to the word's entry
for every occurrence (n_jc += x_j); for the Bernoulli model it hands it the
document's distinct words, so each adds 1 once (N_jc += 1).  Then training
ends as ``fit`` ends it: the lookup tables are built by the model's own
functions.  docs/performance.md#counting-in-c explains it, and
tests/test_fast_route.py checks that every table equals ``fit``'s.

>>> from naivebayes import MultinomialNB
>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> model = fit_counting_in_c(MultinomialNB(), documents, labels)
>>> model.feature_counts_ == MultinomialNB().fit(documents, labels).feature_counts_
True
>>> model.likelihood("chinese", "china"), model.predict([test_document])
(Fraction(3, 7), ['china'])

The models never import this module.
"""

from collections import _count_elements

from naivebayes.naive_bayes.base import add_count, count_classes, unfitted_copy
from naivebayes.naive_bayes.bernoulli import BernoulliNB
from naivebayes.naive_bayes.multinomial import MultinomialNB
from naivebayes.plumbing.checks import check_labels, label_objects
from naivebayes.text.tokenize import Tokenizer

__all__ = ["fit_counting_in_c"]


def fit_counting_in_c(model, X, y):
    """Fit ``model``, a ``MultinomialNB`` or ``BernoulliNB``, on documents ``X`` and labels ``y``, as ``model.fit(X, y)``.

    The documents are those ``fit`` takes (texts, token lists, {word: count}
    dicts, dense rows), checked by the model's own checks; texts and token
    lists are counted in C, the other forms by the model's counting formula.
    The model gets the tables ``fit`` gives it, equal entry for entry (the
    vocabulary is the same set, perhaps iterated in another order), and the
    same lookup tables, so it predicts, explains and saves as if ``fit`` had
    trained it.  Like ``fit``, it forgets what the model learned before and
    leaves the model as it was if anything is wrong with X or y.  Returns
    the model.
    """
    if type(model) not in (MultinomialNB, BernoulliNB):
        raise TypeError(
            f"fit_counting_in_c fits a MultinomialNB or a BernoulliNB, not a {type(model).__name__}, whose "
            "tables are counted by other formulas; use the model's own fit"
        )
    documents = model._check_examples(X)
    labels = check_labels(y, len(documents), noun="document")
    if not documents:
        raise ValueError("the training set is empty: give at least one document and its label")
    counted = unfitted_copy(model)  # our settings, empty tables: the model stays as it is until the end
    counted.class_counts_ = count_classes(labels)  # N_c
    counted.n_examples_ = len(labels)  # N
    counted.label_objects_ = label_objects(y, labels)
    count_documents_in_c(counted, documents, labels)
    counted._sort_classes()
    counted._check_something_learned(fitting=True)
    if len(counted.classes_) < 2:
        raise ValueError(
            f"y has only one class ({counted.classes_[0]!r}); a classifier needs at least two "
            "classes to choose between"
        )
    model._take_tables(counted)  # the lookup tables are built by the model's own functions, then taken over
    return model


def count_documents_in_c(model, documents, labels):
    """Add every document to its class's table in ``model``'s (empty) count tables, and fill V.

    A text is cut by the model's tokenizer; each token list goes to C whole:
    ``_count_elements(table, tokens)`` does ``table[t] = table.get(t, 0) + 1``
    for each token t, so a word occurring x_j times adds x_j, as
    ``add_multinomial_counts`` adds it, and new words enter the table in the
    same order.  The Bernoulli model counts a document once per distinct word
    (``dict.fromkeys`` keeps each token's first occurrence), as
    ``add_bernoulli_counts`` does.  A {word: count} dict or a dense row goes
    through the model's own counting formula.
    """
    multinomial = type(model) is MultinomialNB
    feature_counts = model.feature_counts_
    for i, (document, label) in enumerate(zip(documents, labels)):
        if type(document) is str and model.input_form_ == "words" and type(model.tokenizer) is Tokenizer:
            bag = model.tokenizer(document)  # the usual document, decided quickly (as the model's check does)
        else:
            bag = model._check_bag(document, f"X[{i}]", training=True)  # its token list, or {word: count}
        if type(bag) is not list:  # {word: count}: the model's own step
            model.vocabulary_.update(bag)  # a dense row's zeros name features of V too
            model._add_document(bag, label)
            continue
        table = feature_counts.setdefault(label, {})
        if multinomial:
            _count_elements(table, bag)  # n_jc += 1 for each occurrence of word j, in C
            n_words = len(bag)  # sum_j x_j
            add_count(model.feature_totals_, label, n_words)  # n_c
            add_count(model.document_lengths_.setdefault(label, {}), n_words)
        else:
            _count_elements(table, dict.fromkeys(bag))  # N_jc += 1 for each word the document contains, in C
    for table in feature_counts.values():
        model.vocabulary_.update(table)  # V: every word some class counted
