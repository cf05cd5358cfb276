"""Combining models trained on different features of the same examples: the prior counted once.

A spam filter may have a text model for the message and a categorical model
for its metadata (the hour it was sent, the sender's domain), each trained
on the same messages.  If the two sets of features are independent given the
class, as the naive assumption says of any two features, Bayes' rule gives

    P(c | x_A, x_B) ∝ P(c) P(x_A | c) P(x_B | c)
                    = P(c | x_A) P(x_A) · P(c | x_B) P(x_B) / P(c)
                    ∝ P(c | x_A) P(c | x_B) / P(c)

(P(x_A) and P(x_B) are the same for every class, so they go into the
normalising constant).  Each model's posterior holds the prior once, so the
plain product of the posteriors holds it twice: dividing by P(c) once puts it
right.  With M models the product holds P(c) M times, and the rule divides by
P(c)^(M - 1).  docs/combining.md derives it and shows what the plain product
gets wrong.

>>> from fractions import Fraction
>>> combined_posterior([{"a": Fraction(3, 4), "b": Fraction(1, 4)},
...                     {"a": Fraction(1, 2), "b": Fraction(1, 2)}], {"a": Fraction(1, 2), "b": Fraction(1, 2)})
{'a': Fraction(3, 4), 'b': Fraction(1, 4)}

``combine_posteriors(models, parts)`` does it for one example from the
models' own exact posteriors; ``combine_predict_proba(models, parts_of_X)``
for many, in log space.
"""

import math

from naivebayes.core.arithmetic import is_exact, log
from naivebayes.core.bayes import bayes_rule, log_posterior
from naivebayes.plumbing.checks import NotFittedError
from naivebayes.naive_bayes.base import NaiveBayes

__all__ = ["combined_posterior", "combined_log_posterior", "combine_posteriors", "combine_predict_proba"]


# --8<-- [start:eq-combined-posterior]
def combined_posterior(posteriors, prior):
    """P(c | x_1, ..., x_M) = P(c)^(1 - M) prod_m P(c | x_m) / Z: the prior counted once, not M times.

    ``posteriors`` holds one {label: P(c | x_m)} dict per model, ``prior`` is
    {label: P(c)}; Z makes the result sum to 1.  A class with prior 0 has
    posterior 0.  Exact when every number is a Fraction.

    Formula: docs/combining.md#eq-combined-posterior
    """
    n_models = len(posteriors)
    unnormalised = {}
    for label, p_class in prior.items():
        product = math.prod(posterior[label] for posterior in posteriors)
        unnormalised[label] = 0 if p_class == 0 else product / p_class ** (n_models - 1)
    return bayes_rule(unnormalised)
# --8<-- [end:eq-combined-posterior]


# --8<-- [start:eq-combined-log-posterior]
def combined_log_posterior(log_posteriors, log_prior):
    """log P(c | x_1, ..., x_M) = sum_m log P(c | x_m) - (M - 1) log P(c) - log Z, Z by log-sum-exp.

    The same rule in logarithms, for long documents whose posteriors are far
    too small for a product.  A class with log prior -inf stays at -inf.

    Formula: docs/combining.md#eq-combined-log-posterior
    """
    n_models = len(log_posteriors)
    joint = {}
    for label, log_p_class in log_prior.items():
        total = math.fsum(log_p[label] for log_p in log_posteriors)
        joint[label] = -math.inf if log_p_class == -math.inf else total - (n_models - 1) * log_p_class
    return log_posterior(joint)
# --8<-- [end:eq-combined-log-posterior]


def combine_posteriors(models, parts):
    """P(c | x) for one example split into one part per model, from each model's exact ``posterior``.

    ``parts[m]`` is what ``models[m]`` reads: a text for a text model, a row
    for a tabular one.  Exact as Fractions when every model's posterior is
    (int or Fraction alpha); for float models or long texts use
    ``combine_predict_proba``, which works with logarithms.
    """
    prior = check_combinable(models, parts, "parts")
    return combined_posterior([model.posterior(part) for model, part in zip(models, parts)], prior)


def combine_predict_proba(models, parts_of_X):
    """P(c | x) for many examples: ``parts_of_X[m]`` is the list of examples ``models[m]`` reads.

    Each model's ``predict_log_proba`` gives log P(c | x_m); the rule adds
    them and takes the log prior away M - 1 times.  A list of {label: P(c | x)}
    dicts, one per example, as ``predict_proba`` returns.
    """
    prior = check_combinable(models, parts_of_X, "parts_of_X")
    lengths = {len(X) for X in parts_of_X}
    if len(lengths) != 1:
        raise ValueError(
            f"parts_of_X holds lists of {sorted(lengths)} examples; each model must get the same examples, "
            "one part of each, in the same order"
        )
    log_prior = {label: log(p) for label, p in prior.items()}
    per_model = [model.predict_log_proba(X) for model, X in zip(models, parts_of_X)]
    return [
        {label: math.exp(value) for label, value in combined_log_posterior(list(rows), log_prior).items()}
        for rows in zip(*per_model)
    ]


def check_combinable(models, parts, name):
    """The shared prior {label: P(c)}, after checking that the models can be combined at all.

    They must be fitted naive Bayes models with the same classes and the same
    prior, as models trained on the same examples are; ``parts`` must hold
    one part per model.
    """
    models = list(models) if isinstance(models, (list, tuple)) else models
    if not isinstance(models, list) or len(models) < 2:
        raise TypeError("give a list of at least two fitted models, one per set of features")
    if not isinstance(parts, (list, tuple)) or len(parts) != len(models):
        raise ValueError(f"{name} must be a list with one part per model ({len(models)} models)")
    for number, model in enumerate(models):
        if not isinstance(model, NaiveBayes):
            raise TypeError(f"models[{number}] is a {type(model).__name__}, not a naive Bayes model of this package")
        if not model.classes_:
            raise NotFittedError(f"models[{number}] has not been fitted yet: fit each model before combining them")
    first = models[0]
    prior = {label: first.prior(label) for label in first.classes_}
    for number, model in enumerate(models[1:], 1):
        if list(model.classes_) != list(first.classes_):
            raise ValueError(
                f"models[0] has the classes {first.classes_} and models[{number}] {model.classes_}: "
                "combined models must be trained on the same examples, so on the same classes"
            )
        other = {label: model.prior(label) for label in model.classes_}
        if not priors_agree(prior, other):
            raise ValueError(
                f"models[0] has the prior {prior} and models[{number}] {other}: combining divides by one "
                "shared P(c), so the models need the same prior: train them on the same examples "
                "(or give them the same class_prior)"
            )
    return prior


def priors_agree(first, second):
    """Equal priors: exactly for Fractions, to 1e-12 for floats."""
    if is_exact(*first.values(), *second.values()):
        return first == second
    return all(math.isclose(first[label], second[label], rel_tol=1e-12, abs_tol=1e-15) for label in first)
