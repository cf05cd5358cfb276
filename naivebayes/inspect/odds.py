"""Which features speak for one class against another?  Pairwise likelihood ratios and odds ratios.

Courses often call P(f | c1) / P(f | c2) the "odds ratio" of a feature (Berkeley
CS188's "high odds features").  Strictly it is a likelihood ratio: the factor
by which each occurrence of f multiplies the odds P(c1 | x) / P(c2 | x) in the
multinomial model.  The odds ratio proper compares odds, not probabilities:
[p1 / (1 - p1)] / [p2 / (1 - p2)] with p_i = P(f present | c_i).  In the
Bernoulli model it is the factor by which f present, rather than absent,
multiplies those odds.  ``odds_ratios(model, c1, c2)`` ranks the features by
the first (``kind="likelihood"``, the default) or by the second (``kind="odds"``).

>>> from naivebayes import BernoulliNB
>>> from naivebayes.datasets import load_china
>>> documents, labels, _ = load_china()
>>> model = BernoulliNB().fit(documents, labels)
>>> odds_ratios(model, "japan", "china", top=2, kind="odds")
feature  P(f | japan)  P(f | china)  odds ratio
-------  ------------  ------------  ----------
japan    0.6667        0.2           8
tokyo    0.6667        0.2           8
"""

import math

from naivebayes.core.arithmetic import ratio
from naivebayes.plumbing.display import ShownAsTable
from naivebayes.naive_bayes.bernoulli import BernoulliNB
from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.naive_bayes.multinomial import MultinomialNB

__all__ = ["odds_ratios", "pairwise_likelihood_ratio", "odds_ratio"]

KINDS = ("likelihood", "odds")


# --8<-- [start:eq-pairwise-likelihood-ratio]
def pairwise_likelihood_ratio(p1, p2):
    """P(f | c1) / P(f | c2): how many times likelier feature f is in class c1 than in class c2.

    ``p1`` and ``p2`` are the two probabilities.  A probability of 0 in c2
    gives an infinite ratio (or 1 when both are 0: no difference).

    Formula: docs/explain.md#eq-pairwise-likelihood-ratio
    """
    if p2 == 0:
        return math.inf if p1 > 0 else 1
    return ratio(p1, p2)
# --8<-- [end:eq-pairwise-likelihood-ratio]


# --8<-- [start:eq-odds-ratio]
def odds_ratio(p1, p2):
    """[p1 / (1 - p1)] / [p2 / (1 - p2)] = p1 (1 - p2) / (p2 (1 - p1)), where p_i = P(f present | c_i).

    A zero denominator (p2 = 0 or p1 = 1) gives an infinite ratio, or 1
    when the numerator is 0 too.

    Formula: docs/explain.md#eq-odds-ratio
    """
    numerator, denominator = p1 * (1 - p2), p2 * (1 - p1)
    if denominator == 0:
        return math.inf if numerator > 0 else 1
    return ratio(numerator, denominator)
# --8<-- [end:eq-odds-ratio]


class PairwiseRatio:
    """One feature's probabilities in two classes, ``label`` and ``versus``, and their ratio."""

    def __init__(self, feature, label, versus, p_label, p_versus, ratio):
        self.feature = feature
        self.label = label
        self.versus = versus
        self.p_label = p_label
        self.p_versus = p_versus
        self.ratio = ratio  # a Fraction when the estimates are exact, else a float

    def __repr__(self):
        return (
            f"PairwiseRatio(feature={self.feature!r}, label={self.label!r}, versus={self.versus!r}, "
            f"p_label={self.p_label!r}, p_versus={self.p_versus!r}, ratio={self.ratio!r})"
        )

    def __str__(self):
        return f"{feature_text(self.feature):>20} {self.label} : {self.versus} = {float(self.ratio):.1f} : 1"

    def __eq__(self, other):
        return type(other) is type(self) and vars(other) == vars(self)


def feature_text(feature):
    """A word as it is; a categorical (feature, value) pair as "feature = value"."""
    if type(feature) is tuple and len(feature) == 2:
        return f"{feature[0]} = {feature[1]!r}"
    return str(feature)


class PairwiseRatios(ShownAsTable, list):
    """The list ``odds_ratios`` returns: index it, loop over it, or look at it as a table."""

    align = "lrrr"

    def __init__(self, rows, kind):
        super().__init__(rows)
        self.kind = kind

    def rows(self):
        """The table as rows of strings (numbers to 4 significant digits); the first row is the header."""
        label, versus = (self[0].label, self[0].versus) if self else ("c1", "c2")
        header = ["feature", f"P(f | {label})", f"P(f | {versus})", f"{self.kind} ratio"]
        return [header] + [
            [feature_text(r.feature), f"{float(r.p_label):.4g}", f"{float(r.p_versus):.4g}", f"{float(r.ratio):.4g}"]
            for r in self
        ]


def check_readable_model(model):
    """The model, or a clear error if odds_ratios cannot read P(f | c) from it."""
    if not isinstance(model, (MultinomialNB, BernoulliNB, CategoricalNB)):
        raise TypeError(
            "odds_ratios reads P(f | c) from a MultinomialNB, BernoulliNB or CategoricalNB, "
            f"not a {type(model).__name__}"
        )
    model._check_fitted()
    return model


def two_class_probabilities(model, c1, c2):
    """[(feature, P(f | c1), P(f | c2))] for every word, or every (feature, value) pair of a CategoricalNB."""
    if isinstance(model, CategoricalNB):
        return [
            ((feature, value), model.likelihood(feature, value, c1), model.likelihood(feature, value, c2))
            for feature in model.features_
            for value in model.categories_[feature]
        ]
    return [(word, model.likelihood(word, c1), model.likelihood(word, c2)) for word in model.vocabulary_]


def tie_key(feature):
    """How features of equal ratio are ordered: column numbers (dense rows) as numbers, first; the rest by their text.

    >>> sorted([10, 9, "b", "a"], key=tie_key)
    [9, 10, 'a', 'b']
    """
    if isinstance(feature, int) and not isinstance(feature, bool):
        return (0, feature, "")
    return (1, 0, str(feature))


def odds_ratios(model, c1, c2, top=10, kind="likelihood"):
    """The ``top`` features with the largest ratio for class ``c1`` against class ``c2`` (ties: by the feature).

    ``kind="likelihood"`` (the default) ranks by P(f | c1) / P(f | c2), which
    every model here has; ``kind="odds"`` by the odds ratio
    [p1 / (1 - p1)] / [p2 / (1 - p2)], for a BernoulliNB or a CategoricalNB.
    A CategoricalNB's features are (feature, value) pairs; a model trained on
    dense rows (such as images) names its features by their column numbers,
    and ties among them come in column order.  ``top=None``
    ranks every feature.  Returns a list of ``PairwiseRatio`` that shows as a
    table.
    """
    if top is not None and (isinstance(top, bool) or not isinstance(top, int) or top < 1):
        raise ValueError(f"top must be a whole number >= 1, or None for every feature; not {top!r}")
    if kind not in KINDS:
        raise ValueError(f"kind must be 'likelihood' or 'odds', not {kind!r}")
    check_readable_model(model)
    for name, label in (("c1", c1), ("c2", c2)):
        if label not in model.classes_:
            raise KeyError(f"{name}={label!r} is not one of the model's classes {model.classes_}")
    if c1 == c2:
        raise ValueError(f"c1 and c2 are both {c1!r}: name two different classes")
    if kind == "odds" and isinstance(model, MultinomialNB):
        raise ValueError(
            "kind='odds' needs P(f absent | c) = 1 - P(f | c), and a multinomial model's word probabilities "
            "share one draw among all words; use kind='likelihood', or a BernoulliNB"
        )
    formula = pairwise_likelihood_ratio if kind == "likelihood" else odds_ratio
    found = [PairwiseRatio(feature, c1, c2, p1, p2, formula(p1, p2))
             for feature, p1, p2 in two_class_probabilities(model, c1, c2)]
    found.sort(key=lambda r: (-r.ratio, *tie_key(r.feature)))
    return PairwiseRatios(found if top is None else found[:top], kind)
