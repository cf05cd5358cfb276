"""A faster route to multinomial naive Bayes on TF-IDF rows, asked for by name: ``fit_tfidf`` and ``predict_tfidf``.

What ``MultinomialNB().fit(tfidf.transform(counts), y)`` and
``model.predict(tfidf.transform(counts))`` run is the derivation on the docs
pages: each row of counts is weighed into a ``{term: weight}`` dict, then
counted and scored like any document.  These two functions give the same
tables, float for float, and the same classes, without building those
dicts: each row is weighed once, as a list of weights and one length
(``tfidf_weights_and_length``), and the length is divided out where the
weights are used (docs/tfidf.md#the-fast-route).

>>> from naivebayes import BagOfWords, MultinomialNB, TfidfTransformer
>>> bag = BagOfWords()
>>> counts = bag.fit_transform(["free prize now", "lunch at noon", "free lunch", "prize now"])
>>> tfidf = TfidfTransformer().fit(counts)
>>> labels = ["spam", "ham", "ham", "spam"]
>>> model = fit_tfidf(MultinomialNB(alpha=0.01), counts, labels, tfidf)
>>> model.feature_counts_ == MultinomialNB(alpha=0.01).fit(tfidf.transform(counts), labels).feature_counts_
True
>>> predict_tfidf(model, bag.transform(["free prize", "noon lunch"]), tfidf)
['spam', 'ham']

The models never import this module.
"""

import math
from itertools import repeat
from operator import mul, truediv

from naivebayes.core.bayes import decision
from naivebayes.plumbing.checks import NotFittedError, check_labels
from naivebayes.naive_bayes.base import add_count, count_classes, unfitted_copy
from naivebayes.naive_bayes.multinomial import MultinomialNB

__all__ = [
    "fit_tfidf",
    "predict_tfidf",
    "tfidf_weights_and_length",
    "add_multinomial_tfidf_counts",
    "multinomial_tfidf_joint_log_likelihoods",
]


# --8<-- [start:eq-tfidf-weights-and-length]
def tfidf_weights_and_length(counts, idf):
    """(terms, [w_t], ||w||): a row's weights w_t = tf_t * idf_t as a list, and their length, with no dict built.

    The fast route to a model on TF-IDF rows (``fit_tfidf`` and
    ``predict_tfidf`` here) needs each row's weights only once, and its length
    ``sqrt(sum_t w_t ** 2)`` once: the normalised weight w_t / ||w|| is a
    division it can do where it uses it.  The weights and the length are the
    very floats ``tfidf_weights`` and ``l2_normalize`` compute (same
    products, same ``math.fsum``), for the terms with an idf, in the row's
    order (a count of 0 gives the weight 0.0, and the term stays, as it stays
    in ``tfidf_weights``); a row with no weight above 0 has length 0.

    Formula: docs/tfidf.md#eq-tfidf-weights-and-length
    """
    idfs = list(map(idf.get, counts))  # None for a term fit never saw
    if None not in idfs and min(counts.values(), default=1) > 0:  # the usual row, read in C
        terms = list(counts)
        weights = list(map(mul, counts.values(), idfs))  # w_t = tf_t * idf_t
    else:
        terms = [term for term in counts if term in idf]
        weights = [counts[term] * idf[term] for term in terms]  # w_t = tf_t * idf_t
    length = math.sqrt(math.fsum(map(mul, weights, weights)))  # ||w||_2
    return terms, weights, length
# --8<-- [end:eq-tfidf-weights-and-length]


# --8<-- [start:eq-multinomial-tfidf-count]
def add_multinomial_tfidf_counts(word_counts, terms, weights, length):
    """n_jc += w_dj / ||w_d|| for each term j of one class-c row; returns sum_j w_dj / ||w_d||, its part of n_c.

    ``terms`` and ``weights`` are the row's TF-IDF weights w_dj = x_dj idf_j
    and ``length`` their l2 length (``tfidf_weights_and_length``): the row
    ``TfidfTransformer.transform`` would give is w_dj / ||w_d||, and this adds
    it to the class's table the way ``add_multinomial_counts`` adds that row,
    the same divisions and additions in the same order, so the tables are
    the same floats, without a dict of weights built for the document.  A
    weight of 0 adds nothing, so, as there, it adds no entry either.

    Formula: docs/tfidf.md#eq-multinomial-tfidf-count
    """
    for term, weight in zip(terms, weights):
        if weight:
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
    its column runs in C.  Terms the model never saw are ignored, and a term
    with the weight 0 adds nothing (0 * -inf would be nan, with alpha = 0);
    a row with no known term, or no weight above 0 (length 0), scores log pi_c.

    Formula: docs/tfidf.md#eq-multinomial-tfidf-joint
    """
    term_rows = list(map(rows.get, terms))  # None for a term never seen in training
    if None in term_rows or 0 in weights:  # keep the known terms with a weight above 0 only
        known = [(weight, row) for weight, row in zip(weights, term_rows) if row is not None and weight]
        weights, term_rows = [weight for weight, _ in known], [row for _, row in known]
    if not term_rows or not length:
        return list(log_priors)
    columns = zip(*term_rows)  # class k's column: log theta_jk for each known term j
    return [
        log_prior + sum(map(mul, weights, column)) / length for log_prior, column in zip(log_priors, columns)
    ]
# --8<-- [end:eq-multinomial-tfidf-joint]


def checked_count_rows(tfidf, rows, method):
    """``rows`` of counts checked as ``tfidf.transform`` checks them, for a route that weighs them itself."""
    if tfidf.idf_ is None:
        raise NotFittedError(f"this TfidfTransformer has not been fitted yet: call fit(counts) before {method}")
    tfidf.check_settings()
    return tfidf.checked_rows(rows, method)


def weights_and_length(tfidf, counts):
    """(terms, [w_t], ||w||) of one checked row of counts, or None when only ``tfidf.transform_row`` weighs it right.

    This is ``tfidf_weights_and_length`` for ``norm="l2"`` without
    ``sublinear_tf``, on a row whose counts and weights can be squared as
    they are (every row of ``BagOfWords``).  Any other row is None: the
    caller weighs it with ``transform_row``, which scales it first.
    """
    if tfidf.sublinear_tf or tfidf.norm != "l2":
        return None
    terms, weights, length = tfidf_weights_and_length(counts, tfidf.idf_)
    if weights and not 2.0**-500 <= max(weights) <= 2.0**500:  # (weights are > 0) squares that would overflow or vanish
        return None
    return terms, weights, length


def fit_tfidf(model, counts, y, tfidf):
    """``model.fit(tfidf.transform(counts), y)``, without building the TF-IDF rows: the same tables, float for float.

    ``model`` is a ``MultinomialNB`` (fitted or not; it is fitted anew and
    returned), ``counts`` rows of counts (from ``BagOfWords``) and ``tfidf``
    a ``TfidfTransformer`` fitted on them.  Each row is weighed once and added
    to its class's table by ``add_multinomial_tfidf_counts``; no
    ``{term: weight}`` dict is made.  With ``sublinear_tf`` or ``norm=None``
    this is ``model.fit(tfidf.transform(counts), y)`` itself.
    """
    if type(model) is not MultinomialNB:
        raise TypeError(f"fit_tfidf fits a MultinomialNB, not a {type(model).__name__}; use its fit on tfidf.transform(counts)")
    rows = checked_count_rows(tfidf, counts, "fit_tfidf")
    if tfidf.sublinear_tf or tfidf.norm != "l2":
        return model.fit(tfidf.transform(rows), y)  # the derivation, step by step
    labels = check_labels(y, len(rows), noun=model.example_noun)
    if not rows:
        raise ValueError("the training set is empty: give at least one row of counts and its label")
    counted = unfitted_copy(model)  # the model's settings, empty tables
    counted.class_counts_ = count_classes(labels)  # N_c
    counted.n_examples_ = len(labels)  # N
    counted.input_form_ = "words"
    count_tfidf_rows(counted, rows, labels, tfidf)
    counted._sort_classes()
    counted._check_something_learned(fitting=True)
    if len(counted.classes_) < 2:
        raise ValueError(
            f"y has only one class ({counted.classes_[0]!r}); a classifier needs at least two classes to choose between"
        )
    model._take_tables(counted)
    return model


def count_tfidf_rows(model, rows, labels, tfidf):
    """Count each row's TF-IDF weights into the class tables, as ``fit`` counts the rows of ``transform``."""
    for row, label in zip(rows, labels):
        weighed = weights_and_length(tfidf, row)
        if weighed is None:  # an extreme row: transform_row scales it first
            normalized = tfidf.transform_row(row)
            model.vocabulary_.update(normalized)
            model._add_document(normalized, label)
            continue
        terms, weights, length = weighed
        table = model.feature_counts_.setdefault(label, {})
        n_words = add_multinomial_tfidf_counts(table, terms, weights, length) if length else 0
        model.vocabulary_.update(terms)  # every term weighed joins V
        add_count(model.feature_totals_, label, n_words)  # n_c
        add_count(model.document_lengths_.setdefault(label, {}), n_words)


def predict_tfidf(model, counts, tfidf):
    """``model.predict(tfidf.transform(counts))``, without building the TF-IDF rows: the class of each row.

    Each row is weighed once and scored by
    ``multinomial_tfidf_joint_log_likelihoods``, which divides by the row's
    length once per class.  The scores agree with ``predict``'s to about
    1e-15 relative (the tests check 1e-12, and the classes).  With
    ``sublinear_tf`` or ``norm=None`` this is
    ``model.predict(tfidf.transform(counts))`` itself.
    """
    if type(model) is not MultinomialNB:
        raise TypeError(f"predict_tfidf scores with a MultinomialNB, not a {type(model).__name__}")
    rows = checked_count_rows(tfidf, counts, "predict_tfidf")
    model._check_can_predict()
    if tfidf.sublinear_tf or tfidf.norm != "l2":
        return model.predict(tfidf.transform(rows))  # the derivation, step by step
    predictions = []
    for i, row in enumerate(rows):
        weighed = weights_and_length(tfidf, row)
        if weighed is None:  # an extreme row: transform_row scales it first
            joint = model._log_joint_from_rows(tfidf.transform_row(row))
        else:
            joint = multinomial_tfidf_joint_log_likelihoods(*weighed, model.log_likelihood_rows_, model.log_priors_)
        best = decision(dict(zip(model.classes_, joint)))  # the class with the largest log P(x, c)
        if joint[model.classes_.index(best)] == -math.inf:  # every class has probability 0
            raise model._zero_probability_error(row, f"X[{i}]")
        predictions.append(best)
    if model.label_objects_:
        return [model.label_objects_.get(label, label) for label in predictions]
    return predictions
