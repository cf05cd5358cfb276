"""What a generative model can do beyond classifying: sample, impute, and score how probable an example is.

Cornell Tech's "Lecture 8: Naive Bayes" ends with three things a generative
model can do that a discriminative one cannot, because it has learned the
whole joint P(x, c) = P(c) P(x | c) and not only P(c | x):

* **generation**: draw c from P(c), then x from P(x | c) (``sample``);
* **missing value imputation**: fill in a missing x_j from
  P(x_j | the observed features) = sum_c P(c | observed) P(x_j | c) (``impute``);
* **outlier detection**: flag an x whose p(x) = sum_c P(c) P(x | c) is small
  (``log_marginal`` and ``naivebayes.inspect.outliers.OutlierDetector``).

This module holds the formulas that every model shares; the draws and the
predictive distributions of each kind of feature live in the model's own
file, and the methods in ``base.py``, ``table_base.py`` and ``text_base.py``.

Randomness comes from one ``random.Random`` per call, made from
``random_state`` (``random_generator``).  The library calls only two of its
methods: ``random()``, a uniform number in [0, 1), for every discrete draw
and every uniform one, and ``gauss(0.0, 1.0)`` for a standard normal one.
Both are fixed algorithms of the Mersenne Twister generator, so a seed names
the same sample on every platform.

>>> cumulative = cumulative_weights([1, 2, 1])
>>> cumulative
[1.0, 3.0, 4.0]
>>> [draw_index(u, cumulative) for u in (0.1, 0.3, 0.74, 0.76)]
[0, 1, 1, 2]
"""

import math
import random
from bisect import bisect_right
from itertools import accumulate

from naivebayes.core.arithmetic import is_exact
from naivebayes.core.bayes import log_sum_exp

__all__ = [
    "draw_index",
    "predictive_mixture",
    "mixture_mean_variance",
    "log_marginal_likelihood",
    "per_word_score",
]


def random_generator(random_state):
    """The ``random.Random`` to draw with: a new one seeded with ``random_state`` (None or a whole number >= 0).

    A ``random.Random`` passed in is used as it is, and its state moves on, so
    two calls with the same generator give two different samples.
    """
    if isinstance(random_state, random.Random):
        return random_state
    if random_state is None:
        return random.Random()
    if isinstance(random_state, bool) or not isinstance(random_state, int):
        raise TypeError(
            f"random_state={random_state!r} is a {type(random_state).__name__}; pass a whole number "
            "seed such as 0 or 42, a random.Random, or None for a new sample on every call"
        )
    if random_state < 0:
        raise ValueError(
            f"random_state={random_state} is negative, and random.Random uses only its size, so the "
            f"sample would be the same as with {-random_state}; pass a seed >= 0 such as 0 or 42, or None"
        )
    return random.Random(random_state)


def check_sample_size(n):
    """``n`` if it is a whole number >= 0, else a clear error."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n must be a whole number of examples to draw, not {n!r}")
    if n < 0:
        raise ValueError(f"n = {n} is negative; ask for n >= 0 examples")
    return n


def ordered(values):
    """The values sorted (or, if they cannot be compared, sorted by their repr): an order that no hash decides.

    A set's order depends on string hashing, which changes from run to run;
    drawing from a sorted list makes a seed name the same sample every time.
    """
    try:
        return sorted(values)
    except TypeError:
        return sorted(values, key=repr)


def cumulative_weights(weights):
    """[w_1, w_1 + w_2, ...] as floats: the running totals that ``draw_index`` searches."""
    return list(accumulate(map(float, weights)))


# --8<-- [start:eq-inverse-cdf]
def draw_index(u, cumulative):
    """k = the first k with u * W < W_k, where W_k = w_1 + ... + w_k and W = W_K: a draw with P(k) = w_k / W.

    ``u`` is uniform in [0, 1) (``random.random()``) and ``cumulative`` holds
    W_1, ..., W_K.  Index k owns the stretch [W_{k-1}, W_k) of [0, W), whose
    length is w_k, so an index of weight 0 is never drawn.  The weights need
    not add up to 1.

    Formula: docs/generative.md#eq-inverse-cdf
    """
    target = u * cumulative[-1]
    k = bisect_right(cumulative, target)  # the first k with target < W_k
    last = len(cumulative) - 1
    while k > last or (k > 0 and cumulative[k] == cumulative[k - 1]):  # (rounding at the very end)
        k -= 1
    return k
# --8<-- [end:eq-inverse-cdf]


# --8<-- [start:eq-predictive-mixture]
def predictive_mixture(weights, likelihoods_by_value):
    """P(x_j = v | observed) = sum over classes c of P(c | observed) P(x_j = v | c), for every value v.

    ``weights`` is [P(c | observed) for each class]; ``likelihoods_by_value``
    is {v: [P(x_j = v | c) for each class]}, in the same class order.  Exact
    when both are Fractions.

    Formula: docs/generative.md#eq-predictive-mixture
    """
    return {
        value: sum(w * p for w, p in zip(weights, likelihoods))
        for value, likelihoods in likelihoods_by_value.items()
    }
# --8<-- [end:eq-predictive-mixture]


# --8<-- [start:eq-mixture-moments]
def mixture_mean_variance(weights, means, variances):
    """E[x] = sum_c w_c mu_c and Var[x] = sum_c w_c (sigma_c^2 + mu_c^2) - E[x]^2, for a mixture of classes.

    ``weights`` are the classes' shares (they sum to 1), ``means`` and
    ``variances`` each class's own.  The variance is the average variance
    within the classes plus the spread of their means (the law of total
    variance).

    Formula: docs/generative.md#eq-mixture-moments
    """
    mean = sum(w * m for w, m in zip(weights, means))
    second_moment = sum(w * (v + m * m) for w, m, v in zip(weights, means, variances))
    variance = second_moment - mean * mean
    if not is_exact(variance) and variance < 0:
        variance = 0.0  # (rounding, when every class says the same)
    return mean, variance
# --8<-- [end:eq-mixture-moments]


def most_probable(distribution):
    """The value of largest probability in a {value: probability} dict (a tie goes to the first)."""
    return max(distribution, key=distribution.__getitem__)


# --8<-- [start:eq-log-marginal]
def log_marginal_likelihood(log_joint):
    """log p(x) = log sum_c P(c) p(x | c) = log-sum-exp over c of log P(x, c).

    ``log_joint`` is [log P(x, c) for every class c].  p(x) is Bayes' rule's
    denominator, the evidence: how probable the model finds x at all.

    Formula: docs/generative.md#eq-log-marginal
    """
    return log_sum_exp(log_joint)
# --8<-- [end:eq-log-marginal]


# --8<-- [start:eq-per-word-score]
def per_word_score(log_marginal, n_words):
    """log p(x) / n: the average log-probability per word of a document of n words, so that long and short ones compare.

    -log p(x) / n is the cross-entropy of the document under the model, in
    nats per word.  An empty document (n = 0) gets -inf: there is nothing in
    it to be probable.

    Formula: docs/generative.md#eq-per-word-score
    """
    if n_words == 0:
        return -math.inf
    return log_marginal / n_words
# --8<-- [end:eq-per-word-score]
