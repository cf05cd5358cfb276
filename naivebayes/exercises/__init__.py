"""Exercises: implement a formula of the notes yourself, and let the library check it.

Every formula the notes derive is one small function here, the one the
models call.  Each exercise hands you that function's statement and
signature; ``check(your_function)`` tries your version on hand-computed
cases, on random cases against the library's, on the inputs where
floating point bites, and finally inside the real model, where it must
reproduce the notes' numbers.

>>> from naivebayes.exercises import exercise
>>> prior = exercise("prior")
>>> def prior_mle(class_count, n_documents):
...     return class_count / n_documents
>>> prior.check(prior_mle).passed
True

``exercises()`` lists them all, in the order of the notes; an instructor
turns a list of them into an assignment (``naivebayes.exercises.assignments``)
and grades a class's submissions (``naivebayes.exercises.grading``).
"""

import difflib

from naivebayes.exercises.bayes_exercises import BAYES_EXERCISES
from naivebayes.exercises.checking import CheckReport, Exercise
from naivebayes.exercises.course_exercises import COURSE_EXERCISES
from naivebayes.exercises.prior_exercises import PRIOR_EXERCISES
from naivebayes.exercises.table_exercises import TABLE_EXERCISES
from naivebayes.exercises.text_exercises import TEXT_EXERCISES

__all__ = ["exercise", "exercises", "Exercise", "CheckReport"]

# In the order of the derivation: counts, estimates, log terms, the joint, Bayes' rule, the decision;
# then the full joint table and mutual information.
_ORDER = [
    "class-counts", "prior",
    "multinomial-counts", "bernoulli-counts", "categorical-counts",
    "multinomial-estimate", "multinomial-table", "bernoulli-estimate", "categorical-estimate",
    "ml-estimate", "posterior-mean", "map-estimate", "m-estimate",  # smoothing as a prior (issue 33)
    "beta-continued-fraction", "regularized-incomplete-beta", "beta-quantile", "credible-interval",
    "expected-grey-level",  # a pixel's expected grey level (issue 33)
    "gaussian-mean", "gaussian-squared-deviations", "gaussian-variance",
    "multinomial-log-term", "bernoulli-log-term", "gaussian-log-density",
    "multinomial-joint-product", "multinomial-joint-log",
    "log-sum-exp", "log-posterior", "decision",
    "joint-cell", "joint-parameters", "naive-parameters", "mutual-information",
    # The textbook courses (issue 32): text features, then choosing words, then scoring the classifier.
    "negation", "lexicon-count", "affix-features", "character-ngrams", "murmurhash3", "feature-hash", "chi-square",
    "expected-mutual-information", "combined-score", "likelihood-ratio", "odds-ratio", "counts-at-thresholds",
    "false-positive-rate", "roc-auc", "average-precision", "decision-cost", "bootstrap-sample", "bootstrap-p-value",
    "multilabel-counts", "micro-average", "weighted-class-counts", "weighted-counts",
]
_ALL = {exercise.name: exercise for exercise in BAYES_EXERCISES + TEXT_EXERCISES + TABLE_EXERCISES
        + COURSE_EXERCISES + PRIOR_EXERCISES}
EXERCISES = {name: _ALL[name] for name in _ORDER if name in _ALL}
EXERCISES.update({name: exercise for name, exercise in _ALL.items() if name not in EXERCISES})


def exercises():
    """Every exercise, in the order a course meets them."""
    return list(EXERCISES.values())


def exercise(name):
    """The exercise called ``name``, such as ``"prior"`` or ``"multinomial-estimate"``.

    ``"log_sum_exp"`` finds ``"log-sum-exp"`` too; a name that is no
    exercise gets a KeyError that lists them, nearest first.
    """
    if type(name) is not str:
        raise TypeError(f"exercise() takes an exercise's name, such as 'prior', not {type(name).__name__} {name!r}")
    if name in EXERCISES:
        return EXERCISES[name]
    spelled = name.strip().lower().replace("_", "-").replace(" ", "-")
    if spelled in EXERCISES:
        return EXERCISES[spelled]
    functions = [one.name for one in EXERCISES.values() if one.function_name == name.strip()]
    if functions:
        raise KeyError(f"{name} is the function you write in the exercise {functions[0]!r}: "
                       f"ask for exercise({functions[0]!r})")
    nearest = difflib.get_close_matches(spelled, list(EXERCISES), n=3, cutoff=0.5)
    guess = f"did you mean {' or '.join(repr(one) for one in nearest)}? " if nearest else ""
    raise KeyError(f"no exercise called {name!r}; {guess}the exercises are: {', '.join(EXERCISES)}")
