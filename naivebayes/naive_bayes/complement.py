"""Complement naive Bayes: estimate each class from the documents that are *not* in it.

Rennie, Shih, Teevan and Karger, "Tackling the Poor Assumptions of Naive Bayes
Text Classifiers" (ICML 2003), keep the multinomial event model but change
what is estimated and how it is used (docs/complement.md follows their steps):

1. transform the counts (``RennieTransformer``): log(1 + f), times the idf
   log(N / df), then each document scaled to Euclidean length 1;
2. count each word in the *complement* of class c, every class but c:
   ñ_jc = n_j - n_jc, and ñ_c = n - n_c;
3. smooth: θ̃_jc = (ñ_jc + α) / (ñ_c + α|V|), and take w_jc = log θ̃_jc;
4. optionally normalise the weights of each class: w_jc / Σ_k |w_kc| (``norm=True``);
5. label a document by the class whose complement fits it *worst*:
   argmin_c Σ_j x_j w_jc, computed here as argmax_c Σ_j x_j (-w_jc).

Class c's complement holds the documents of K - 1 classes, so a small class
gets its estimate from as many words as a large one; the prior is left out
(as in scikit-learn: every class gets P(c) = 1/K, which changes no decision).

>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> model = ComplementNB().fit(documents, labels)
>>> model.complement_count("chinese", "china"), model.likelihood("chinese", "china")
(1, Fraction(2, 9))
>>> model.predict([test_document])  # the multinomial model says china: docs/complement.md says why
['japan']
"""

import math
import warnings

from naivebayes.core.arithmetic import log, ratio
from naivebayes.core.bayes import log_joint, uniform_prior
from naivebayes.plumbing.checks import check_bool
from naivebayes.naive_bayes.base import TABLES_LOCK, Term, add_count, class_priors, peek, plural
from naivebayes.naive_bayes.explanation import Explanation
from naivebayes.naive_bayes.multinomial import (
    add_multinomial_counts,
    multinomial_joint_log_likelihoods,
)
from naivebayes.naive_bayes.text_base import TextNaiveBayes
from naivebayes.text.tfidf import check_count_rows

__all__ = [
    "ComplementNB",
    "RennieTransformer",
    "rennie_tf",
    "rennie_idf",
    "rennie_length",
    "complement_count",
    "complement_likelihood",
    "complement_weight",
    "complement_score_weight",
    "complement_word_terms",
    "complement_weight_rows",
]


# ---------------------------------------------------------------------------
# Steps 1-3 of the paper: transforming the counts
# ---------------------------------------------------------------------------


# --8<-- [start:eq-complement-tf]
def rennie_tf(count):
    """d_ij = log(1 + f_ij): the paper's TF transform, which damps a word's repeats (0 stays 0).

    Formula: docs/complement.md#eq-complement-tf
    """
    return math.log1p(count)
# --8<-- [end:eq-complement-tf]


# --8<-- [start:eq-complement-idf]
def rennie_idf(n_documents, document_frequency):
    """log(sum_j 1 / sum_j delta_ij) = log(N / df_i): the paper's IDF factor (no +1, unlike TfidfTransformer).

    A word in every training document gets 0: it says nothing about the class.

    Formula: docs/complement.md#eq-complement-idf
    """
    return math.log(n_documents / document_frequency)
# --8<-- [end:eq-complement-idf]


# --8<-- [start:eq-complement-length]
def rennie_length(weights):
    """d_ij / sqrt(sum_k d_kj ** 2): each document scaled to Euclidean length 1 (an all-zero one stays {}).

    Formula: docs/complement.md#eq-complement-length
    """
    length = math.sqrt(math.fsum(weight * weight for weight in weights.values()))
    if length == 0:
        return {}
    return {word: weight / length for word, weight in weights.items()}
# --8<-- [end:eq-complement-length]


class RennieTransformer:
    """The paper's three transforms of the counts, each one switchable: ``tf``, ``idf``, ``length``.

    ``fit(rows)`` learns ``document_frequency_`` (df_i, the training rows that
    contain word i) and ``n_documents_`` (N); ``transform(rows)`` turns each
    ``{word: count}`` row into ``{word: weight}``.  With ``idf=True``, a word
    that ``fit`` never saw is dropped (it has no df).  scikit-learn's
    ``TfidfTransformer(sublinear_tf=True)`` is close but not the same: its tf
    is 1 + log f and its idf log(N / df) + 1.

    >>> RennieTransformer().fit_transform([{"a": 1, "b": 3}, {"a": 2}])
    [{'a': 0.0, 'b': 1.0}, {}]
    """

    def __init__(self, tf=True, idf=True, length=True):
        self.tf = check_bool("tf", tf, "False leaves the counts as they are")
        self.idf = check_bool("idf", idf, "False skips the idf factor")
        self.length = check_bool("length", length, "False leaves each document's length as it is")
        self.document_frequency_ = None  # {word: df_i}, set by fit
        self.n_documents_ = None  # N, set by fit

    def fit(self, rows):
        """Learn df_i and N from rows of counts; returns the transformer."""
        rows = check_count_rows(rows, "fit")
        frequency = {}
        for row in rows:
            for word, count in row.items():
                if count:
                    add_count(frequency, word)
        self.document_frequency_, self.n_documents_ = frequency, len(rows)
        return self

    def fit_transform(self, rows):
        """``fit(rows)``, then ``transform(rows)``."""
        return self.fit(rows).transform(rows)

    def transform(self, rows):
        """Each row {word: count} as {word: weight}: the switched-on steps, in the paper's order."""
        rows = check_count_rows(rows, "transform")
        if self.idf and self.document_frequency_ is None:
            raise ValueError("this RennieTransformer has not been fitted: call fit(rows) first (idf needs df)")
        return [self.transform_row(row) for row in rows]

    def transform_row(self, counts):
        """One checked row through the steps: TF, then IDF, then length."""
        weights = {word: count for word, count in counts.items() if count}
        if self.tf:
            weights = {word: rennie_tf(count) for word, count in weights.items()}  # 1. log(1 + f)
        if self.idf:
            frequency, n = self.document_frequency_, self.n_documents_
            weights = {  # 2. times log(N / df)
                word: weight * rennie_idf(n, frequency[word]) for word, weight in weights.items() if word in frequency
            }
        if self.length:
            weights = rennie_length(weights)  # 3. length 1
        return weights

    def __repr__(self):
        return f"RennieTransformer(tf={self.tf}, idf={self.idf}, length={self.length})"


# ---------------------------------------------------------------------------
# Steps 4-8: complement counts, weights, normalisation, the decision
# ---------------------------------------------------------------------------


# --8<-- [start:eq-complement-count]
def complement_count(word_total, count):
    """ñ_jc = n_j - n_jc: how often word j occurs in the training documents of every class but c.

    ``word_total`` is n_j, the word's count over all classes, and ``count`` is
    n_jc; the complement's total ñ_c = n - n_c is the same subtraction.

    Formula: docs/complement.md#eq-complement-count
    """
    return word_total - count
# --8<-- [end:eq-complement-count]


# --8<-- [start:eq-complement-estimate]
def complement_likelihood(complement_count, complement_total, alpha, vocabulary_size):
    """θ̃_jc = (ñ_jc + alpha) / (ñ_c + alpha |V|): the smoothed share of word j in class c's complement.

    Formula: docs/complement.md#eq-complement-estimate
    """
    return ratio(complement_count + alpha, complement_total + alpha * vocabulary_size)
# --8<-- [end:eq-complement-estimate]


# --8<-- [start:eq-complement-weight]
def complement_weight(complement_count, complement_total, alpha, vocabulary_size):
    """w_jc = log θ̃_jc, a negative number: the weight of word j for class c.

    Computed as the log of the ratio, as scikit-learn does, so the two agree
    to the last bit.  For plain int or float counts and alpha the ratio is
    taken in floats (one division, as numpy's), not as an exact Fraction
    that would only be rounded again; the estimate itself,
    ``complement_likelihood``, stays exact for ``likelihood``.

    Formula: docs/complement.md#eq-complement-weight
    """
    numerator, denominator = complement_count + alpha, complement_total + alpha * vocabulary_size
    if type(numerator) in (int, float) and type(denominator) in (int, float):
        return log(numerator / denominator)  # the float ratio, as numpy divides
    return log(complement_likelihood(complement_count, complement_total, alpha, vocabulary_size))
# --8<-- [end:eq-complement-weight]


# --8<-- [start:eq-complement-normalise]
def complement_score_weight(weight, weight_sum, norm):
    """What one occurrence of word j adds to class c's score: -w_jc, or with ``norm`` w_jc / sum_k w_kc.

    The paper labels a document argmin_c sum_j x_j w_jc; the score is its
    negative, so the usual argmax decides.  With ``norm=True`` the weights
    are first divided by sum_k |w_kc| = -sum_k w_kc (every w is negative), so
    -w_jc / sum_k |w_kc| = w_jc / sum_k w_kc: scikit-learn's formula, to the bit.

    Formula: docs/complement.md#eq-complement-normalise
    """
    if norm:
        return weight / weight_sum
    return -weight
# --8<-- [end:eq-complement-normalise]


# --8<-- [start:eq-complement-terms]
def complement_word_terms(counts, model):
    """x_j * (-w_jc) (or x_j * w_jc / sum_k w_kc with norm) for each known word j of one document and each class c.

    Each weight is worked out from the counts by the formulas above:
    ñ_jc, then w_jc, then the score weight.  A word never seen in training
    is ignored, and a word with x_j = 0 adds nothing.

    Formula: docs/complement.md#eq-complement-terms
    """
    vocabulary_size = len(model.vocabulary_)
    terms = []
    for word, count in counts.items():
        if count and word in model.vocabulary_:
            log_terms = []
            for label in model.classes_:
                n_complement = complement_count(model.word_totals_[word], model.feature_counts_[label].get(word, 0))
                weight = complement_weight(n_complement, model.complement_totals_[label], model.alpha, vocabulary_size)
                log_terms.append(count * complement_score_weight(weight, model.weight_sums_[label], model.norm))
            terms.append(Term("word", word, count, tuple(log_terms)))
    return terms
# --8<-- [end:eq-complement-terms]


# --8<-- [start:eq-complement-rows]
def complement_weight_rows(feature_counts, word_totals, complement_totals, classes, alpha, norm):
    """The rows predict adds up, {word: (score weight for c in classes)}, and sum_j w_jc per class.

    Every w_jc of the vocabulary is needed for the sums that ``norm``
    divides by, so this computes them all once, when training ends (each
    distinct complement count of a class once), then turns them into score
    weights with ``complement_score_weight``.  With one word, θ̃ = 1 and
    w = log 1 = 0 for every class, so ``norm`` would divide 0 by 0
    (scikit-learn gives NaN): that is refused, before any division.

    Formula: docs/complement.md#eq-complement-rows
    """
    vocabulary_size = len(word_totals)
    columns, weight_sums = [], []
    for label in classes:
        counts, total = feature_counts[label], complement_totals[label]
        weight_of = {}  # {ñ_jc: w_jc}
        column = []
        for word, word_total in word_totals.items():
            n_complement = complement_count(word_total, counts.get(word, 0))
            weight = weight_of.get(n_complement)
            if weight is None:
                weight = weight_of[n_complement] = complement_weight(n_complement, total, alpha, vocabulary_size)
            column.append(weight)
        weight_sums.append(math.fsum(column))
        columns.append(column)
    if norm and 0 in weight_sums:
        raise ValueError(zero_weight_sum_message(classes[weight_sums.index(0)]))
    score_columns = [
        [complement_score_weight(weight, weight_sum, norm) for weight in column]
        for column, weight_sum in zip(columns, weight_sums)
    ]
    return dict(zip(word_totals, zip(*score_columns))), weight_sums
# --8<-- [end:eq-complement-rows]


def zero_weight_sum_message(label):
    """Why norm=True cannot divide class ``label``'s weights by their sum, 0 (a vocabulary of one word)."""
    return (
        f"ComplementNB(norm=True) divides each class's weights by their sum, but the sum for class {label!r} is 0: "
        "with a vocabulary of one word, that word's complement estimate is 1 and its weight log 1 = 0 in every "
        "class, and 0 / 0 has no value (scikit-learn's ComplementNB gives NaN for every score); train on more "
        "than one word, or use norm=False, where every class then scores 0"
    )


class ComplementNB(TextNaiveBayes):
    """Complement naive Bayes (Rennie et al. 2003) with scikit-learn's settings and results.

    Parameters
    ----------
    alpha : int, Fraction or float, default 1
        The pseudo-count added to every complement count (the paper's alpha_i = 1).
    norm : bool, default False
        Divide each class's weights by sum_k |w_kc| (the paper's weight
        normalisation, step 6 of its Table 4); False is scikit-learn's default.
    fit_prior, class_prior :
        Accepted and checked as scikit-learn's ``ComplementNB`` accepts them,
        and, as there, NOT USED: the complement rule scores each class by its
        complement's weights alone and leaves the prior out (scikit-learn
        uses the prior only when training saw a single class, where this
        model cannot predict at all).  A value other than the default gives
        a ``UserWarning`` that says so, not an error, so that code written
        for scikit-learn runs unchanged.
    tokenizer : callable, optional
        Turns a raw-string document into tokens (default ``Tokenizer()``).

    Transform the counts first with ``RennieTransformer`` for the paper's
    TF, IDF and length steps (or pass any non-negative weights).

    Tables, besides those of ``TextNaiveBayes``:

    * ``feature_counts_[c][j]`` -- n_jc (or the summed weights), as in ``MultinomialNB``;
    * ``feature_totals_[c]`` -- n_c;
    * built when training ends: ``word_totals_`` ({word: n_j}),
      ``complement_totals_`` ({label: ñ_c = n - n_c}), ``weight_sums_``
      ({label: sum_j w_jc}) and ``weight_rows_`` ({word: (score weight per class)}).
    """

    model_name = "complement naive Bayes"
    shown_settings = ("alpha", "norm")
    count_tables = {**TextNaiveBayes.count_tables, "feature_totals_": {}}  # n_c
    class_tables = TextNaiveBayes.class_tables + ("feature_totals_",)
    lookup_tables = {
        **TextNaiveBayes.lookup_tables,
        "word_totals_": {},  # {word: n_j}
        "complement_totals_": {},  # {label: ñ_c}
        "weight_sums_": {},  # {label: sum_j w_jc}
        "weight_rows_": {},  # {word: (score weight for c in classes_)}
    }

    prior_kinds = ()  # alpha is added to complement counts, which no prior here describes: a number only

    def __init__(self, alpha=1, norm=False, fit_prior=True, class_prior=None, tokenizer=None):
        self.norm = check_bool("norm", norm, "True divides each class's weights by the sum of their sizes")
        super().__init__(alpha=alpha, fit_prior=fit_prior, class_prior=class_prior, tokenizer=tokenizer)
        if fit_prior is not True or class_prior is not None:
            given = "fit_prior=False" if fit_prior is not True else "class_prior"
            warnings.warn(
                f"ComplementNB ignores {given}: the complement rule leaves the prior out of every score (as "
                "scikit-learn's ComplementNB does), so predictions are the same without it; use MultinomialNB "
                "for a model whose prior counts",
                UserWarning,
                stacklevel=2,
            )

    # -- counting: the multinomial counts n_jc and n_c ------------------------

    def _add_document(self, counts, label):
        add_count(self.feature_totals_, label, add_multinomial_counts(self.feature_counts_.setdefault(label, {}), counts))

    def _merge(self, other):
        merged = super()._merge(other)
        for model in (self, other):
            for label, total in model.feature_totals_.items():
                add_count(merged.feature_totals_, label, total)
        return merged

    def _build_lookup_tables(self):
        """n_j, ñ_c, every weight and its class's sum, once, when training ends."""
        class_priors(self.class_prior, self.fit_prior, self.class_counts_, self.classes_, exact=False)  # checked, not used
        self.priors_ = [uniform_prior(float(len(self.classes_))) for _ in self.classes_]  # the prior is left out: 1/K
        self.log_priors_ = [log(p) for p in self.priors_]
        if not self.vocabulary_:
            raise ValueError(
                "the training documents hold no tokens at all, so there is nothing to learn; check that X holds "
                "the documents, and the tokenizer's pattern, min_length and stop_words"
            )
        word_totals = {}
        for label in self.classes_:
            for word, count in self.feature_counts_[label].items():
                add_count(word_totals, word, count)
        for word in self.vocabulary_:
            word_totals.setdefault(word, 0)  # (a dense row's zero columns are words of V too)
        n_total = sum(self.feature_totals_.values())
        self.complement_totals_ = {
            label: complement_count(n_total, self.feature_totals_[label]) for label in self.classes_
        }
        if self.alpha == 0:
            for label in self.classes_:
                for word, total in word_totals.items():
                    if complement_count(total, self.feature_counts_[label].get(word, 0)) == 0:
                        raise ValueError(
                            f"with alpha = 0 the word {word!r} has complement count 0 for class {label!r} (it "
                            "occurs in no other class), so log 0 would be its weight; use alpha > 0"
                        )
        rows, sums = complement_weight_rows(
            self.feature_counts_, word_totals, self.complement_totals_, self.classes_, self.alpha, self.norm
        )
        self.word_totals_ = word_totals
        self.weight_sums_ = dict(zip(self.classes_, sums))
        self.weight_rows_ = rows

    def exact_priors(self):
        """[1/K for c in classes_]: the prior is left out, whatever fit_prior says (3 classes: 1/3 each)."""
        return [uniform_prior(len(self.classes_)) for _ in self.classes_]

    # -- the estimates ---------------------------------------------------------

    def complement_count(self, feature, label):
        """ñ_jc = n_j - n_jc: the word's count in every class but ``label``."""
        self._check_label(label)
        self._check_feature(feature)
        return complement_count(self.word_totals_[feature], self.feature_counts_[label].get(feature, 0))

    def likelihood(self, feature, label):
        """θ̃_jc = (ñ_jc + alpha) / (ñ_c + alpha |V|); exact for an int or Fraction alpha."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            n_complement = self.complement_count(feature, label)
            return complement_likelihood(n_complement, self.complement_totals_[label], self.alpha, len(self.vocabulary_))

    def weight(self, feature, label):
        """w_jc = log θ̃_jc (before the normalisation and the sign that the score applies)."""
        return log(self.likelihood(feature, label))

    def weight_table(self):
        """{word: (what one occurrence adds to each class's score, in classes_ order)}."""
        self._check_fitted()
        return self.weight_rows_

    # -- one document, step by step (the reference path) -----------------------

    def _log_likelihood_terms(self, counts):
        return complement_word_terms(counts, self)

    def _term_likelihoods(self, term):
        vocabulary_size = len(self.vocabulary_)
        return tuple(
            complement_likelihood(
                complement_count(self.word_totals_[term.feature], self.feature_counts_[label].get(term.feature, 0)),
                self.complement_totals_[label], self.alpha, vocabulary_size,
            )
            for label in self.classes_
        )

    def explain(self, example, top=None, classes=None):
        """The score behind one prediction, as an ``Explanation``: each word's complement estimate and score term.

        Rows hold θ̃_jc (the complement's estimate, not P(x_j | c)) and
        x_j (-w_jc) (or x_j w_jc / sum_k w_kc with ``norm``), the term the
        decision adds; their sum is the score, not a joint log-likelihood,
        and there is no prior row: the rule leaves the prior out.  The last
        row is the softmax of the scores, what ``predict_proba`` gives.
        ``top`` and ``classes`` as for every model (docs/explain.md).
        """
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._check_can_predict()
            self._check_one_example(example, "explain")
            x = self._check_example(example, "the example")  # 1. check the input
            terms = self._log_likelihood_terms(x)  # 2. the very terms predict adds up
            scores = log_joint([0.0] * len(self.classes_), terms)  # 3. their sum: the score, with no prior
            return Explanation.from_terms(  # 4. the softmax, and the table
                model=self.model_name,
                noun=self.feature_noun,
                classes=self.classes_,
                prior=None,
                log_prior=None,
                terms=terms,
                likelihoods=[self._term_likelihoods(term) for term in terms],
                ignored=self._ignored_features(x),
                joint=dict(zip(self.classes_, scores)),
                holds="complement estimate",
                top=top,
                shown_classes=classes,
                steps={"log term": "score term", "joint": "score", "posterior": "softmax"},
            )

    def posterior(self, example):
        """Refused: a complement score is not a log-probability, so there is no P(c | x) to state."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            raise TypeError(
                "ComplementNB has no posterior P(c | x): its scores measure how badly each class's complement fits "
                "the document, not a probability; predict_proba gives scikit-learn's softmax of the scores"
            )

    # -- every document predict scores: the vector form ----------------------

    def _log_joint_from_rows(self, counts):
        """The score weights of the document's words looked up in their rows, times x_j, summed per class (as multinomial's sum)."""
        return multinomial_joint_log_likelihoods(counts, self.weight_rows_, self.log_priors_)

    def _draw_example(self, label, tables, generator):
        raise TypeError(
            "ComplementNB cannot draw documents: its weights describe each class's complement, not the class; "
            "fit a MultinomialNB on the same counts to sample from it"
        )

    def _table_peeks(self):
        peeks = super()._table_peeks()
        peeks.append(("weight_sums_", f"{len(self.weight_sums_)} classes", peek(self.weight_sums_)))
        peeks.append(("weight_rows_", plural(len(self.weight_rows_), self.feature_noun), peek(self.weight_rows_)))
        return peeks
