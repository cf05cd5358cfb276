"""Which features tell the classes apart most?  The likelihood ratio of each feature.

A feature is informative when one class gives it a much larger probability
than another: P(f | c) / P(f | c').  ``most_informative_features`` ranks every
feature of a fitted text model by the largest such ratio over its classes,
using only the model's public tables and estimates.

>>> from naivebayes import MultinomialNB
>>> from naivebayes.datasets import load_china
>>> documents, labels, _ = load_china()
>>> model = MultinomialNB().fit(documents, labels)
>>> for feature in most_informative_features(model, 3):
...     print(feature)
               japan japan : china = 3.1 : 1
               tokyo japan : china = 3.1 : 1
             chinese china : japan = 1.9 : 1

The list itself prints as a table (and shows as an HTML table in a notebook);
each feature's ``ratio`` stays exact:

>>> top = most_informative_features(model, 3)
>>> top
feature  likelier in  than in  ratio
-------  -----------  -------  -----
japan    japan        china    3.111
tokyo    japan        china    3.111
chinese  china        japan    1.929
>>> top[0].ratio
Fraction(28, 9)
"""

import math

from naivebayes.core.arithmetic import ratio
from naivebayes.core.bayes import decision
from naivebayes.plumbing.display import ShownAsTable
from naivebayes.naive_bayes.categorical import CategoricalNB

__all__ = ["InformativeFeature", "likelihood_ratio", "most_informative_features", "nltk_informative_features"]


# --8<-- [start:eq-likelihood-ratio]
def likelihood_ratio(likelihoods):
    """max_c P(f | c) / min_c P(f | c) for one feature, from {label: P(f | c)}.

    Returns (ratio, most likely label, least likely label).  With smoothing no
    probability is 0, so every feature gets a finite ratio; with alpha = 0 a
    zero probability gives an infinite ratio rather than being dropped.

    Formula: docs/explain.md#eq-likelihood-ratio
    """
    most = decision(likelihoods)
    least = min(likelihoods, key=likelihoods.__getitem__)
    if likelihoods[least] == 0:
        return (math.inf if likelihoods[most] > 0 else 1), most, least
    return ratio(likelihoods[most], likelihoods[least]), most, least
# --8<-- [end:eq-likelihood-ratio]


class InformativeFeature:
    """A feature that is ``ratio`` times more likely in class ``label`` than in ``versus``."""

    def __init__(self, feature, label, versus, ratio):
        self.feature = feature
        self.label = label
        self.versus = versus
        self.ratio = ratio  # a Fraction when the estimates are exact, else a float

    def __repr__(self):
        return (
            f"InformativeFeature(feature={self.feature!r}, label={self.label!r}, "
            f"versus={self.versus!r}, ratio={self.ratio!r})"
        )

    def __str__(self):
        return f"{self.feature!s:>20} {self.label} : {self.versus} = {float(self.ratio):.1f} : 1"

    def __eq__(self, other):
        return type(other) is type(self) and vars(other) == vars(self)


class InformativeFeatures(ShownAsTable, list):
    """The list ``most_informative_features`` returns: index it, loop over it, or look at it as a table."""

    align = "lllr"

    def rows(self):
        """The table as rows of strings (the ratio to 4 significant digits); the first row is the header."""
        header = ["feature", "likelier in", "than in", "ratio"]
        return [header] + [[str(f.feature), str(f.label), str(f.versus), f"{float(f.ratio):.4g}"] for f in self]


def _spread(item):
    """Sort key: the largest log-ratio first (nan, from all -inf, counts as 0), then the feature's text."""
    feature, row = item
    difference = max(row) - min(row)  # log of the ratio; nan when every entry is -inf
    return (-difference if difference == difference else 0.0), str(feature)


def most_informative_features(model, n=10):
    """The n features with the largest likelihood ratio (ties: feature text in order).

    Every vocabulary word is ranked by the spread of its log-likelihoods (the
    log of the ratio, from ``model.log_likelihood_table()``); the top n then get
    their ratio from ``likelihood_ratio`` on the model's own estimates, exact
    when they are Fractions.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a whole number >= 1, not {n!r}")
    ranked = sorted(model.log_likelihood_table().items(), key=_spread)[:n]
    found = InformativeFeatures()
    for feature, _ in ranked:
        likelihoods = {label: model.likelihood(feature, label) for label in model.classes_}
        value, most, least = likelihood_ratio(likelihoods)
        found.append(InformativeFeature(feature, most, least, value))
    return found


def nltk_sort_key(candidate):
    """NLTK's order: the smallest min/max probability first, then the feature's name, then its value."""
    smallest_over_largest, feature, value, _ = candidate
    return smallest_over_largest, feature, value in (None, False, True), str(value).lower()


def nltk_informative_features(model, n=10):
    """Print a CategoricalNB's n most informative (feature, value) pairs as NLTK's ``show_most_informative_features`` does.

    NLTK ranks each (feature, value) pair by ``likelihood_ratio`` over the
    classes in which training saw that value, and prints
    ``feature = value  c1 : c2 = ratio : 1.0``, c1 the class with the larger
    probability.  As NLTK does, the n best pairs are taken first, and a pair
    that only one class saw is then left out of the printout.  NLTK smooths
    with alpha = 0.5 (its ``ELEProbDist``): fit ``CategoricalNB(alpha=0.5)``
    on rows that have every feature, and the lines are NLTK's own.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a whole number >= 1, not {n!r}")
    if not isinstance(model, CategoricalNB):
        raise TypeError(
            "nltk_informative_features reads the (feature, value) pairs of a CategoricalNB, "
            f"not a {type(model).__name__}; for a text model use most_informative_features"
        )
    model._check_fitted()
    candidates = []
    for feature in model.features_:
        for value in model.categories_[feature]:
            seen = {label: model.likelihood(feature, value, label) for label in model.classes_
                    if model.value_counts_.get(label, {}).get(feature, {}).get(value, 0)}  # the classes that saw it
            if seen:
                key = float(min(seen.values())) / float(max(seen.values()))
                candidates.append((key, feature, value, seen))
    print("Most Informative Features")
    for _, feature, value, seen in sorted(candidates, key=nltk_sort_key)[:n]:
        if len(seen) == 1:
            continue  # (NLTK prints no ratio that only one class backs)
        labels = sorted(seen, key=lambda label: (-seen[label], label), reverse=True)
        value_ratio = likelihood_ratio(seen)[0]
        ratio_text = "INF" if value_ratio == math.inf else "%8.1f" % value_ratio
        print("%24s = %-14r %6s : %-6s = %s : 1.0" % (feature, value, str(labels[-1])[:6], str(labels[0])[:6], ratio_text))
