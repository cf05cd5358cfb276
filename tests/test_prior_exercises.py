"""The exercises on smoothing as a prior (naivebayes/exercises/prior_exercises.py), each by its own checks.

For every exercise: the statement shows docs/priors.md's formula; the
library's own function passes, with its model run; a second right version,
written as a student might, passes; each planted mistake, written as a
student would write it, fails with that mistake's hint.
"""

import inspect
import re
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes.core.beta import beta_quantile
from naivebayes.exercises import exercise, exercises
from naivebayes.exercises.prior_exercises import PRIOR_EXERCISES

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["posterior-mean", "map-estimate", "m-estimate", "credible-interval"]
QUICK = {"n_random": 15}


def page_display(page, anchor):
    """The $$ ... $$ display under the heading that carries ``{#anchor}``, without the $$ lines."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    after = text[text.index("{#" + anchor + "}"):]
    return re.search(r"^\$\$\n(.*?)\n\$\$$", after, re.S | re.M).group(1).strip()


def test_the_prior_exercises_follow_the_estimates_in_the_registry():
    order = [e.name for e in exercises()]
    assert sorted(e.name for e in PRIOR_EXERCISES) == sorted(NAMES)
    at = order.index("categorical-estimate")
    assert order[at + 1:at + 5] == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_the_statement_shows_the_formula_of_the_docs_page(name):
    e = exercise(name)
    assert " ".join(e.latex.split()) == " ".join(page_display(e.page, e.formula_id).split())
    assert f"Formula: docs/{e.page}#{e.formula_id}" in e.function.__doc__
    assert set(e.arguments) == set(inspect.signature(e.function).parameters)
    assert e.function_name in str(e) and "raise NotImplementedError" in e.stub()


@pytest.mark.parametrize("name", NAMES)
def test_the_librarys_own_function_passes_in_its_model_run(name):
    e = exercise(name)
    report = e.check(e.function, **QUICK)
    assert report.passed, str(report)
    [(check, result, detail)] = [row for row in report.checks if row[0].startswith("in the model")]
    assert result == "passed" and detail.startswith(f"with your {e.function_name}, "), (check, detail)


@pytest.mark.parametrize("name", NAMES)
def test_the_hand_answers_are_what_the_library_gives(name):
    e = exercise(name)
    for case in e.hand_cases:
        answer = e.observe(e.function, case.args)
        if isinstance(case.expected, Fraction):
            assert answer == case.expected, case.about  # exact
        else:
            assert e.compare(answer, case.expected), case.about


def test_the_model_runs_give_the_numbers_worked_out_elsewhere():
    runs = {e.name: e.reproductions[0].run() for e in PRIOR_EXERCISES}
    assert round(runs["posterior-mean"], 4) == 0.6898  # add-one on the China example (docs/multinomial.md)
    assert round(runs["map-estimate"], 4) == 0.1911  # Laplace's Bernoulli model (docs/priors.md)
    assert 0 < runs["credible-interval"] < 1


# -- second versions, written another way ------------------------------------------------


def mean_as_shares(count, total, pseudo_count, pseudo_total):
    seen = count + pseudo_count
    everything = total + pseudo_total
    return Fraction(seen) / everything if isinstance(seen + everything, (int, Fraction)) else seen / everything


def mode_by_taking_one_each(count, total, pseudo_count, pseudo_total, n_values):
    above = count + (pseudo_count - 1)  # each of the K values gives up one pseudo-count at the mode
    below = (total + pseudo_total) - n_values
    return Fraction(above) / below if isinstance(above + below, (int, Fraction)) else above / below


def m_estimate_as_pseudo_counts(count, total, m, p):
    pseudo = m * p  # m p virtual examples of this value, m in all
    numerator, denominator = count + pseudo, total + m
    return Fraction(numerator) / denominator if isinstance(numerator + denominator, (int, Fraction)) else \
        numerator / denominator


def interval_from_the_posterior(count, total, a, b, level):
    after, against = count + a, (total - count) + b
    outside = 1 - level
    return beta_quantile(outside / 2, after, against), beta_quantile(1 - outside / 2, after, against)


SECOND_VERSIONS = {
    "posterior-mean": mean_as_shares,
    "map-estimate": mode_by_taking_one_each,
    "m-estimate": m_estimate_as_pseudo_counts,
    "credible-interval": interval_from_the_posterior,
}


@pytest.mark.parametrize("name", NAMES)
def test_a_second_right_version_passes(name):
    report = exercise(name).check(SECOND_VERSIONS[name], **QUICK)
    assert report.passed, str(report)


# -- planted mistakes, as a student would write them ----------------------------------------


def ratio(top, bottom):
    return Fraction(top) / bottom if isinstance(top + bottom, (int, Fraction)) else top / bottom


PLANTED = {
    "posterior-mean": {
        "one pseudo-count below": lambda count, total, pseudo_count, pseudo_total:
            ratio(count + pseudo_count, total + pseudo_count),
        "no smoothing": lambda count, total, pseudo_count, pseudo_total:
            ratio(count, total) if total else Fraction(0),
        "top only": lambda count, total, pseudo_count, pseudo_total:
            ratio(count + pseudo_count, total) if total else Fraction(0),
    },
    "map-estimate": {
        "forgot -K": lambda count, total, pseudo_count, pseudo_total, n_values:
            ratio(count + pseudo_count - 1, total + pseudo_total),
        "the mean": lambda count, total, pseudo_count, pseudo_total, n_values:
            ratio(count + pseudo_count, total + pseudo_total),
        "-1 below": lambda count, total, pseudo_count, pseudo_total, n_values:
            ratio(count + pseudo_count - 1, total + pseudo_total - 1),
    },
    "m-estimate": {
        "divides by N + m p": lambda count, total, m, p: ratio(count + m * p, total + m * p) if total + m * p else 0,
        "nothing below": lambda count, total, m, p: ratio(count + m * p, total) if total else 0,
        "p without m": lambda count, total, m, p: ratio(count + p, total + m) if total + m else 0,
    },
    "credible-interval": {
        "the prior alone": lambda count, total, a, b, level:
            (beta_quantile((1 - level) / 2, a, b), beta_quantile((1 + level) / 2, a, b)),
        "tails not halved": lambda count, total, a, b, level:
            (beta_quantile(1 - level, count + a, total - count + b), beta_quantile(level, count + a, total - count + b)),
        "counts swapped": lambda count, total, a, b, level:
            (beta_quantile((1 - level) / 2, total - count + a, count + b),
             beta_quantile((1 + level) / 2, total - count + a, count + b)),
    },
}


def test_every_known_mistake_is_planted():
    assert {name: set(planted) for name, planted in PLANTED.items()} == {
        e.name: {mistake.name for mistake in e.mistakes} for e in PRIOR_EXERCISES}


@pytest.mark.parametrize("name, mistake", [(name, mistake) for name in NAMES for mistake in PLANTED[name]])
def test_a_planted_mistake_fails_with_its_hint(name, mistake):
    e = exercise(name)
    report = e.check(PLANTED[name][mistake], **QUICK)
    assert not report.passed
    hint = next(m.hint for m in e.mistakes if m.name == mistake)
    assert report.first_failure.hint == hint, str(report)
    assert any(row[1] == "not run" for row in report.checks)  # a wrong function never reaches the model
