"""Bayes' rule, the class prior and the log-space arithmetic every model shares.

A naive Bayes model scores each class c by the joint probability of the class
and the document, P(c) * P(x | c).  Bayes' rule turns those joint scores into
the posterior P(c | x) by dividing by their sum, P(x).  Products of hundreds
of probabilities underflow a float, so the models work with logarithms and
this module normalises them with the log-sum-exp trick.

The worked example below is the "China" example used on the docs pages:
two classes with joint probabilities 3/4 * 3/7**3 * 1/14**2 and
1/4 * 2/9**5.

>>> joint = {"china": Fraction(3, 4) * Fraction(3, 7)**3 * Fraction(1, 14)**2,
...          "japan": Fraction(1, 4) * Fraction(2, 9)**5}
>>> posterior = bayes_rule(joint)
>>> round(float(posterior["china"]), 4)
0.6898
>>> log_joint = {label: log(p) for label, p in joint.items()}
>>> round(math.exp(log_posterior(log_joint)["china"]), 4)
0.6898
>>> decision(log_joint)
'china'
"""

import math

from naivebayes.core.arithmetic import Fraction, log, ratio

__all__ = [
    "ZeroProbabilityError",
    "prior_mle",
    "uniform_prior",
    "bayes_rule",
    "log_joint",
    "log_sum_exp",
    "log_posterior",
    "decision",
    "sigmoid",
]


class ZeroProbabilityError(ValueError):
    """Every class gives the document probability 0, so P(c | x) is 0/0."""


ZERO_PROBABILITY_HINT = (
    "every class gives this example probability 0 (log P(x, c) = -inf for all c), so "
    "P(c | x) = 0/0 is undefined. This is the zero-frequency problem: with alpha = 0, a "
    "word or value that a class never saw in training makes P(x | c) = 0. Use alpha > 0, or "
    "model.explain(example) to see which features did it"
)


# --8<-- [start:eq-prior-mle]
def prior_mle(class_count, n_documents):
    """P(c) = N_c / N: the share of training documents that belong to class c.

    Formula: docs/pipeline.md#eq-prior-mle
    """
    return ratio(class_count, n_documents)
# --8<-- [end:eq-prior-mle]


# --8<-- [start:eq-prior-uniform]
def uniform_prior(n_classes):
    """P(c) = 1 / K: every one of the K classes equally likely (``fit_prior=False``).

    Formula: docs/pipeline.md#eq-prior-uniform
    """
    return ratio(1, n_classes)
# --8<-- [end:eq-prior-uniform]


# --8<-- [start:eq-bayes-rule]
def bayes_rule(joint):
    """P(c | x) = P(x, c) / sum over c' of P(x, c'), for a {label: P(x, c)} dict.

    Exact when the joint probabilities are Fractions.

    Formula: docs/pipeline.md#eq-bayes-rule
    """
    evidence = sum(joint.values())  # P(x), the same for every class
    if evidence == 0:
        raise ZeroProbabilityError(ZERO_PROBABILITY_HINT)
    return {label: ratio(p, evidence) for label, p in joint.items()}
# --8<-- [end:eq-bayes-rule]


# --8<-- [start:eq-log-joint]
def log_joint(log_priors, terms):
    """[log P(x, c) = log P(c) + sum_j log P(x_j | c), for every class c]: the terms added to the log prior.

    ``log_priors[k]`` belongs to the k-th class, and so does ``term.log_terms[k]``
    of each term.  ``math.fsum`` adds each class's terms exactly rounded, so the
    order of the features does not change the result.

    Formula: docs/pipeline.md#eq-log-joint
    """
    joint = []
    for k, log_prior in enumerate(log_priors):
        log_likelihood = math.fsum([term.log_terms[k] for term in terms])  # log P(x | c) = sum_j log P(x_j | c)
        joint.append(log_prior + log_likelihood)
    return joint
# --8<-- [end:eq-log-joint]


# --8<-- [start:eq-log-sum-exp]
def log_sum_exp(log_values):
    """log(sum_c exp(v_c)) = m + log(sum_c exp(v_c - m)), where m = max_c v_c.

    Subtracting the largest value first keeps every exp() in [0, 1], so
    nothing overflows and the largest term never underflows.

    Formula: docs/pipeline.md#eq-log-sum-exp
    """
    largest = max(log_values)
    if largest == -math.inf:  # every value is log 0
        return -math.inf
    shifted = [math.exp(value - largest) for value in log_values]
    return largest + math.log(math.fsum(shifted))
# --8<-- [end:eq-log-sum-exp]


# --8<-- [start:eq-log-posterior]
def log_posterior(log_joint):
    """log P(c | x) = log P(x, c) - log P(x), with log P(x) from log-sum-exp.

    ``log_joint`` is a {label: log P(x, c)} dict; so is the result.  The
    largest value m is taken out of every value first, and log P(x) - m
    subtracted from what is left: the same numbers, but a joint as large as
    1e16 (where floats are 2 apart, so m + log 2 == m) still gives posteriors
    that sum to 1.

    Formula: docs/pipeline.md#eq-log-posterior
    """
    largest = max(log_joint.values())  # m
    if largest == -math.inf:
        raise ZeroProbabilityError(ZERO_PROBABILITY_HINT)
    shifted = {label: value - largest for label, value in log_joint.items()}  # log P(x, c) - m
    log_evidence = log_sum_exp(list(shifted.values()))  # log P(x) - m
    return {label: value - log_evidence for label, value in shifted.items()}
# --8<-- [end:eq-log-posterior]


# --8<-- [start:eq-decision-rule]
def decision(scores):
    """c-hat = argmax_c score(c); a tie goes to the label that comes first.

    The scores may be P(c | x), P(x, c) or their logarithms: dividing by P(x)
    and taking logs do not change which class is largest.

    Formula: docs/pipeline.md#eq-decision-rule
    """
    return max(scores, key=scores.__getitem__)
# --8<-- [end:eq-decision-rule]


# --8<-- [start:eq-logistic-sigmoid]
def sigmoid(log_odds):
    """P(c_1 | x) = 1 / (1 + exp(-z)) for the log-odds z = log P(c_1 | x) - log P(c_0 | x), such as w^T x + b.

    Bayes' rule for two classes: with z = log P(x, c_1) - log P(x, c_0),
    P(c_1 | x) = P(x, c_1) / (P(x, c_0) + P(x, c_1)) = 1 / (1 + exp(-z)).

    For z < 0 the same number is computed as exp(z) / (1 + exp(z)), so that
    exp never overflows.

    Formula: docs/logistic-form.md#eq-logistic-sigmoid
    """
    if log_odds >= 0:
        return 1 / (1 + math.exp(-log_odds))
    odds = math.exp(log_odds)  # P(c_1 | x) / P(c_0 | x)
    return odds / (1 + odds)
# --8<-- [end:eq-logistic-sigmoid]
