"""Flag the examples a fitted model finds improbable: a score below a quantile of the training examples' scores.

Cornell Tech's "Lecture 8: Naive Bayes": "given a new x', we can try detecting
via p(x') if x' is invalid".  Every model in the package gives
log p(x) = log sum_c P(c) P(x | c) (``model.log_marginal``).  How small is too
small?  There is no absolute answer (a density's value depends on the units,
a document's probability on its length), so the detector takes its threshold
from the training examples themselves: the q-quantile of their scores.
Whatever scores lower than all but a share q of the training examples is
flagged.

The score is log p(x), except for ``MultinomialNB``, whose log p(x) falls by
a word's log-probability with every word: there it is log p(x) per known word
(``model.log_marginal_per_word``), so that long and short documents compare.

>>> from naivebayes import GaussianNB
>>> model = GaussianNB().fit([[1.0], [1.2], [0.8], [5.0], [5.3], [4.7]], ["a", "a", "a", "b", "b", "b"])
>>> detector = OutlierDetector(model, quantile=0.2).fit([[1.0], [1.2], [0.8], [5.0], [5.3], [4.7]])
>>> detector.is_outlier([[1.1], [3.0], [40.0]])
[False, True, True]
"""

import math
from fractions import Fraction

from naivebayes.plumbing.checks import NotFittedError
from naivebayes.naive_bayes.multinomial import MultinomialNB

__all__ = ["OutlierDetector", "quantile_threshold"]


# --8<-- [start:eq-outlier-threshold]
def quantile_threshold(scores, quantile):
    """tau = s_(k), the k-th smallest of the N scores, with k = max(1, ceil(q N)): fewer than q N of them lie below it.

    An example is flagged when its score is below tau, so at most the k - 1
    training scores below s_(k), fewer than a share q of them, would be
    flagged.  ``quantile`` is taken as the decimal it is written as
    (0.07 as 7/100), so q N is not rounded past a whole number.

    Formula: docs/generative.md#eq-outlier-threshold
    """
    ordered_scores = sorted(scores)
    share = Fraction(repr(quantile)) if isinstance(quantile, float) else Fraction(quantile)
    k = max(1, math.ceil(share * len(ordered_scores)))
    return ordered_scores[k - 1]
# --8<-- [end:eq-outlier-threshold]


class OutlierDetector:
    """Flag an example when the model's score for it is below the q-quantile of the training examples' scores.

    Parameters
    ----------
    model : a fitted model of this package
    quantile : float or Fraction in (0, 1), default 0.01
        q, the share of the training examples that may score below the threshold.
    per_word : bool, optional
        Score documents by log p(x) per known word (``log_marginal_per_word``);
        the default is True for ``MultinomialNB`` and False for every other model.

    ``fit(X)`` learns ``threshold_`` from the training examples X;
    ``score_samples(X)`` gives each example's score (lower is stranger, as in
    scikit-learn's outlier detectors); ``is_outlier(X)`` says which scores are
    below the threshold.
    """

    def __init__(self, model, quantile=0.01, per_word=None):
        if isinstance(quantile, bool) or not isinstance(quantile, (int, float, Fraction)) or not 0 < quantile < 1:
            raise ValueError(f"quantile must be a share strictly between 0 and 1, such as 0.01, not {quantile!r}")
        if per_word is None:
            per_word = isinstance(model, MultinomialNB)
        if per_word and not hasattr(model, "log_marginal_per_word"):
            raise TypeError(
                f"per_word=True scores documents per word, which needs a MultinomialNB; a "
                f"{type(model).__name__} is scored by log p(x) itself (per_word=False)"
            )
        self.model = model
        self.quantile = quantile
        self.per_word = per_word
        self.threshold_ = None  # tau, learned by fit

    def score_samples(self, X):
        """The score of each example: log p(x), or log p(x) per known word (lower is stranger)."""
        if self.per_word:
            return self.model.log_marginal_per_word(X)
        return self.model.log_marginal(X)

    def fit(self, X):
        """Learn the threshold: the q-quantile of the scores of the training examples X; returns the detector."""
        scores = self.score_samples(X)
        if not scores:
            raise ValueError("fit needs at least one training example to take the quantile of")
        self.threshold_ = quantile_threshold(scores, self.quantile)
        return self

    def is_outlier(self, X):
        """[score(x) < threshold_ for each example x]."""
        if self.threshold_ is None:
            raise NotFittedError("call fit(X_train) first: the threshold comes from the training examples' scores")
        return [score < self.threshold_ for score in self.score_samples(X)]

    def __repr__(self):
        threshold = "not fitted" if self.threshold_ is None else f"threshold={self.threshold_:.6g}"
        return (
            f"OutlierDetector({type(self.model).__name__}, quantile={self.quantile!r}, "
            f"per_word={self.per_word}, {threshold})"
        )
