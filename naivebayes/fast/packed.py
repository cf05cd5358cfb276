"""A faster scorer for a fitted text model, asked for by name: ``PackedScorer(model)``.

What ``MultinomialNB.predict`` and ``BernoulliNB.predict`` run by default is
the derivation on their docs pages: each document's rows of log-probabilities
(one float per class) summed with the log prior.  That is K additions of
floats per word, each a step of the interpreter.  This scorer gives the same
predictions another way: it packs each word's K values side by side in one
Python integer (``lanes.py``), so that one addition of integers adds every
class's values at once, exactly, and a document costs one lookup and one
addition per token.  docs/performance.md#lanes explains it, and
tests/test_fast_route.py checks that it agrees with the model.

>>> from naivebayes import MultinomialNB
>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> model = MultinomialNB().fit(documents, labels)
>>> scorer = PackedScorer(model)
>>> scorer.predict([test_document, "Tokyo Japan"])
['china', 'japan']
>>> scorer.predict([test_document]) == model.predict([test_document])
True

The scorer is built from the model as it is; it refuses to score once the
model has been fitted again or given another setting (build a new one then).
The models never import this module.
"""

import math

from naivebayes.core.bayes import decision, log_posterior
from naivebayes.core.priors import Prior
from naivebayes.plumbing.checks import check_labels
from naivebayes.plumbing.display import Score
from naivebayes.fast.lanes import MOST_TERMS, Lanes, fixed_point_bits, lane_width, pack_lanes, to_fixed_point, unpack_lanes
from naivebayes.naive_bayes.bernoulli import BernoulliNB, bernoulli_log_odds_of_counts
from naivebayes.naive_bayes.multinomial import MultinomialNB, multinomial_log_likelihoods_of_counts

__all__ = ["PackedScorer", "multinomial_packed_rows", "bernoulli_packed_rows", "packed_multinomial_joint", "packed_bernoulli_joint"]


def packed_rows(tables, vocabulary, values_of_counts):
    """({word: P_j}, lanes): each word's K values ``values_of_counts[k][tables[k].get(word, 0)]`` packed in one int.

    The same values as the model's rows of floats, each written as a whole
    number of 2**-f and packed side by side (``lanes.py``), so that adding the
    packed rows of a document's words adds every class's values at once,
    exactly.  A word seen in no class has the values of count 0 in every
    class (the packed ``unseen`` row); each entry n_jc > 0 of a class's table
    then moves lane k of its word from the value of count 0 to the value of
    count n_jc.  That is one addition per entry of the tables, not one per
    word and class.
    """
    values = [value for of_counts in values_of_counts for value in of_counts.values()]
    bits = fixed_point_bits(values)
    fixed = [{count: to_fixed_point(value, bits) for count, value in of_counts.items()} for of_counts in values_of_counts]
    width = lane_width([integer for of_counts in fixed for integer in of_counts.values()])
    unseen = pack_lanes([of_counts[0] for of_counts in fixed], width)
    rows = dict.fromkeys(vocabulary, unseen)
    for k, (table, of_counts) in enumerate(zip(tables, fixed)):
        moves = {count: (integer - of_counts[0]) << (width * k) for count, integer in of_counts.items()}  # lane k only
        moved = {count: unseen + move for count, move in moves.items()}  # a word seen in no class before
        for word, count in table.items():
            row = rows[word]
            rows[word] = moved[count] if row is unseen else row + moves[count]
    return rows, Lanes(bits, width)


# --8<-- [start:eq-multinomial-packed-rows]
def multinomial_packed_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    """The packed scorer's table: ({word: P_j}, lanes), P_j holding log theta_jc for every class in one integer.

    The numbers of ``multinomial_log_likelihood_rows``, each exactly, packed
    side by side (``packed_rows``): adding the P_j of a document's tokens adds
    every class's log-likelihoods at once.

    Formula: docs/multinomial.md#eq-multinomial-packed-rows
    """
    log_theta_of_counts = multinomial_log_likelihoods_of_counts(
        feature_counts, feature_totals, classes, len(vocabulary), alpha
    )
    tables = [feature_counts[label] for label in classes]
    return packed_rows(tables, vocabulary, log_theta_of_counts)
# --8<-- [end:eq-multinomial-packed-rows]


# --8<-- [start:eq-bernoulli-packed-rows]
def bernoulli_packed_rows(feature_counts, class_counts, classes, vocabulary, alpha):
    """The packed scorer's table: ({word: P_j}, lanes), P_j holding w_jc for every class in one integer.

    The numbers of ``bernoulli_log_odds_rows``, each exactly, packed side by
    side (``packed_rows``).

    Formula: docs/bernoulli.md#eq-bernoulli-packed-rows
    """
    log_odds_of_counts = bernoulli_log_odds_of_counts(feature_counts, class_counts, classes, alpha)
    tables = [feature_counts[label] for label in classes]
    return packed_rows(tables, vocabulary, log_odds_of_counts)
# --8<-- [end:eq-bernoulli-packed-rows]


# --8<-- [start:eq-multinomial-joint-tokens]
def packed_multinomial_joint(tokens, packed, lanes, log_priors):
    """[log P(x, c) for every class c] = log pi_c + sum over the document's tokens t of log theta_tc.

    Read off the list of tokens, not the counts: a word that occurs x_j
    times is listed x_j times, so adding its row at each occurrence adds
    x_j log theta_jc, and the document never needs counting.  Each token's
    packed row (``multinomial_packed_rows``) holds its log theta_tc for all
    K classes, so one ``sum`` of whole numbers, in C, adds every class's
    terms at once; tokens never seen in training have no row (``get`` gives
    None, which ``filter`` drops).  Lane k of the total is class k's sum,
    exact, in units of 2**-f; dividing by 2**f rounds it once.

    Formula: docs/multinomial.md#eq-multinomial-joint-tokens
    """
    total = sum(filter(None, map(packed.get, tokens)))  # every class's sum, side by side
    sums = unpack_lanes(total, len(log_priors), lanes.width)  # class k's sum, in units of 2**-f
    scale = 1 << lanes.bits
    return [log_prior + lane_sum / scale for log_prior, lane_sum in zip(log_priors, sums)]
# --8<-- [end:eq-multinomial-joint-tokens]


# --8<-- [start:eq-bernoulli-packed-joint]
def packed_bernoulli_joint(present, packed, lanes, base_scores):
    """[log P(x, c) for every c] = (log P(c) + A_c) + sum over present known words j of w_jc, in one integer sum.

    ``base_scores[k]`` is log P(c_k) + A_{c_k}, the score of an empty
    document, as in ``bernoulli_joint_log_likelihoods``.  Each present
    word's packed row (``bernoulli_packed_rows``) holds its w_jc for all K
    classes, so one ``sum`` of whole numbers, in C, adds every class's terms
    at once, exactly; lane k of the total is class k's sum in units of 2**-f,
    and dividing by 2**f rounds it once.

    Formula: docs/bernoulli.md#eq-bernoulli-packed-joint
    """
    total = sum(filter(None, map(packed.get, present)))  # unseen words have no row
    sums = unpack_lanes(total, len(base_scores), lanes.width)  # class k's sum, in units of 2**-f
    scale = 1 << lanes.bits
    return [base + lane_sum / scale for base, lane_sum in zip(base_scores, sums)]
# --8<-- [end:eq-bernoulli-packed-joint]


class PackedScorer:
    """``predict``, ``predict_proba``, ``predict_log_proba``, ``predict_joint_log_proba`` and ``score`` of a fitted model, by packed rows.

    ``model`` is a fitted ``MultinomialNB`` or ``BernoulliNB`` (not a subclass
    such as ``ComplementNB``, whose scores are other numbers) with alpha > 0:
    with alpha = 0 some log-probability is -inf, which no lane can hold.  The
    documents are those the model takes (texts, token lists, {word: count}
    dicts with whole counts, or dense rows of whole counts), checked by the
    model's own checks.  The answers are the model's: the same classes, and
    the same scores to about 1e-15 relative (each class's sum is exact here,
    and rounded once, as ``math.fsum`` rounds it).
    """

    def __init__(self, model):
        if type(model) not in (MultinomialNB, BernoulliNB):
            raise TypeError(
                f"PackedScorer packs the rows of a MultinomialNB or a BernoulliNB, not of a {type(model).__name__}; "
                "use the model's own predict"
            )
        model._check_can_predict()
        if isinstance(model.alpha, Prior):
            raise TypeError(
                f"PackedScorer packs the rows of a model whose alpha is a number, not the prior {model.alpha!r} "
                "(its rows are made once per count, and a prior's pseudo-counts may differ word by word); "
                "use the model's own predict"
            )
        if model.alpha == 0:
            raise ValueError(
                "PackedScorer cannot pack a model with alpha = 0: a word a class never saw has log 0 = -inf there, "
                "and a lane holds whole numbers only; use the model's own predict, or alpha > 0"
            )
        self.model = model
        self.event_model = "multinomial" if type(model) is MultinomialNB else "bernoulli"
        self.classes_ = list(model.classes_)
        self.built_from = model.log_priors_  # a fit, partial_fit or new setting gives the model new ones
        if self.event_model == "multinomial":
            if not all(type(count) is int for table in model.feature_counts_.values() for count in table.values()):
                raise ValueError(
                    "PackedScorer adds a word's packed row once per occurrence, so it needs a model fitted on whole "
                    "counts; this one was fitted on fractional weights (such as TF-IDF): use the model's own predict"
                )
            self.packed_rows_, self.lanes_ = multinomial_packed_rows(
                model.feature_counts_, model.feature_totals_, model.classes_, model.vocabulary_, model.alpha
            )
            self.base_scores_ = list(model.log_priors_)  # log P(c)
        else:
            self.packed_rows_, self.lanes_ = bernoulli_packed_rows(
                model.feature_counts_, model.class_counts_, model.classes_, model.vocabulary_, model.alpha
            )
            self.base_scores_ = list(model.empty_document_scores_)  # log P(c) + A_c

    def __repr__(self):
        return f"PackedScorer({type(self.model).__name__}, {len(self.packed_rows_)} packed rows, {self.lanes_!r})"

    # -- the checks -----------------------------------------------------------

    def _check_model_unchanged(self):
        if self.model.log_priors_ is not self.built_from:
            raise ValueError(
                "the model was fitted again, or a setting changed, after this PackedScorer was built, so its packed "
                "rows are the old model's; build a new one: PackedScorer(model)"
            )

    def _joints(self, X):
        """[log P(x, c) for c in classes_] of each document of X, from its tokens (or its whole counts)."""
        self._check_model_unchanged()
        documents = self.model._check_examples(X)
        return [self._joint(self.model._check_bag(document, f"X[{i}]"), i) for i, document in enumerate(documents)]

    def _joint(self, bag, i):
        """One checked bag: a token list, or {word: count} whose counts are whole numbers."""
        if type(bag) is not list:
            counts = bag
            if self.event_model == "bernoulli":
                bag = [word for word, count in counts.items() if count > 0]
            else:
                if not all(type(count) is int for count in counts.values()):
                    raise ValueError(
                        f"X[{i}] has a count that is not a whole number; PackedScorer adds a word's row once "
                        "per occurrence, so it takes whole counts only (the model's own predict takes any)"
                    )
                if sum(counts.values()) >= MOST_TERMS:
                    raise ValueError(f"X[{i}] has 2**32 tokens or more, more than a lane can add up; use the model's own predict")
                bag = [word for word, count in counts.items() for _ in range(count)]
        if len(bag) >= MOST_TERMS:
            raise ValueError(f"X[{i}] has more than 2**32 tokens, more than a lane can add up; use the model's own predict")
        if self.event_model == "multinomial":
            return packed_multinomial_joint(bag, self.packed_rows_, self.lanes_, self.base_scores_)
        return packed_bernoulli_joint(dict.fromkeys(bag), self.packed_rows_, self.lanes_, self.base_scores_)

    def _labels(self, predictions):
        objects = self.model.label_objects_
        return [objects.get(label, label) for label in predictions] if objects else predictions

    # -- what the model's own methods give --------------------------------------

    def predict_joint_log_proba(self, X):
        """log P(x, c) for each document: a list of {label: value} dicts."""
        return [dict(zip(self.classes_, joint)) for joint in self._joints(X)]

    def predict(self, X):
        """The most probable class of each document (a tie goes to the first in ``classes_``)."""
        return self._labels([decision(dict(zip(self.classes_, joint))) for joint in self._joints(X)])

    def predict_log_proba(self, X):
        """log P(c | x) for each document: a list of {label: value} dicts."""
        return [log_posterior(dict(zip(self.classes_, joint))) for joint in self._joints(X)]

    def predict_proba(self, X):
        """P(c | x) for each document: a list of {label: probability} dicts that sum to 1."""
        return [{label: math.exp(value) for label, value in row.items()} for row in self.predict_log_proba(X)]

    def score(self, X, y):
        """Accuracy on X and y, the share of documents predicted correctly, as an exact fraction."""
        documents = self.model._check_examples(X)
        labels = check_labels(y, len(documents), noun="document")
        if not documents:
            raise ValueError("score needs at least one document and its label")
        predictions = self.predict(documents)
        return Score(sum(1 for label, predicted in zip(labels, predictions) if label == predicted), len(labels))
