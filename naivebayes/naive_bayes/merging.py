"""Merging models: the model trained on the rows of several models, from their tables alone.

Training is counting, and counts add up.  A model trained on the rows of A
and a model trained on the rows of B hold, between them, everything that one
model trained on A and B together would hold, so ``merge`` puts them together:

* counts (N_c, n_jc, n_jvc, the counts of a histogram's bins, the cells of a
  joint table) are added;
* a Gaussian's statistics (n, mu, M) are pooled with the pairwise update of
  Chan, Golub and LeVeque (``merge_gaussian_statistics``), and so are the mean
  vectors and scatter matrices of discriminant analysis (``merge_scatter``):
  exact for whole numbers and Fractions, and for floats equal to one fit but
  for rounding;

then the lookup tables are built from the merged counts, as when training
ends.  The adding is each model's own ``_merge``, the step with which
``partial_fit`` adds a new batch to what a model has learned.

So training can be split: fit one model per part of the data, on as many
cores or machines as there are parts, then merge (docs/many-cores.md).

>>> from naivebayes import MultinomialNB
>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> first = MultinomialNB().partial_fit(documents[:2], labels[:2])  # two documents of China
>>> second = MultinomialNB().partial_fit(documents[2:], labels[2:])  # one of China, one of Japan
>>> merged = merge(first, second)
>>> merged.feature_counts_ == MultinomialNB().fit(documents, labels).feature_counts_
True
>>> merged.likelihood("chinese", "china")
Fraction(3, 7)

What must agree, and is checked before anything is added: the models are
fitted, of one class, with the same settings; text models cut their texts
into words with the same tokenizer; a feature that two tabular models share
has the same distribution in both, and the same bin edges if it is a
histogram (the edges are learned by a model's first batch, and counts over
different bins cannot be added).

Why a function and not ``model_a + model_b``: merging can fail (different
settings), and ``merge(a, b, c)`` says what happens and names the models in
its errors, where ``+`` would hide it behind an operator (and ``sum(models)``
would need ``0 + model``).
"""

from naivebayes.naive_bayes.base import TABLES_LOCK, NaiveBayes

__all__ = ["merge"]


def merge(*models):
    """The model trained on the rows of all ``models``: their counts added, their Gaussian statistics pooled.

    The models are not changed; the result is a new model with the first
    model's settings.  ``merge(a, b)`` and ``merge(b, a)`` hold the same
    tables (for floats, up to rounding), and ``merge(a, b, c)`` is
    ``merge(merge(a, b), c)``, so it can be the reduce step of a map-reduce job.
    """
    if not models:
        raise TypeError("merge takes the fitted models to merge: merge(model_a, model_b, ...)")
    for i, model in enumerate(models):
        if not isinstance(model, NaiveBayes):
            raise TypeError(f"merge takes fitted models, but argument {i + 1} is {type(model).__name__!r}")
        model._check_fitted()  # (a setting changed since training is checked and applied first)
    with TABLES_LOCK:  # each model as it is, while another thread may be training it
        merged = type(models[0])(**models[0].get_params())  # nothing counted yet
        for i, model in enumerate(models):
            if i:
                merged._check_mergeable(model, *model_names(i, len(models)))
            merged = merged._merge(model)  # a new model holding the counts of both
            merged._sort_classes()
    result = type(models[0])(**models[0].get_params())
    result._take_tables(merged)  # the lookup tables, built as when training ends
    return result


def model_names(i, n_models):
    """How messages name the models merged so far and model i: ("the first model", "the second model")."""
    if n_models == 2:
        return "the first model", "the second model"
    return ("the first model" if i == 1 else f"models 1 to {i}"), f"model {i + 1}"
