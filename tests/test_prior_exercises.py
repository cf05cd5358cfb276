"""The exercises on smoothing as a prior (naivebayes/exercises/prior_exercises.py), each by its own checks.

For every exercise: the statement shows docs/priors.md's formula; the
library's own function passes, with its model run; a second right version,
written as a student might, passes; each planted mistake, written as a
student would write it, fails with that mistake's hint.  For the Beta
functions, versions right on small cases but wrong where floating point
bites (a fixed number of steps, the usual lambda, no symmetry switch,
lgamma's front factor, a bisection by value) fail at scale with its reason.
"""

import inspect
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest
from exercise_checks import assert_every_known_mistake_is_planted, assert_the_mistake_fails_with_its_hint

from naivebayes.core.beta import beta_continued_fraction, beta_quantile, log_beta_front, regularized_incomplete_beta
from naivebayes.exercises import exercise, exercises
from naivebayes.exercises.prior_exercises import PRIOR_EXERCISES

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["ml-estimate", "posterior-mean", "map-estimate", "m-estimate", "beta-continued-fraction",
         "regularized-incomplete-beta", "beta-quantile", "credible-interval"]
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
    assert order[at + 1:at + 1 + len(NAMES)] == NAMES


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
        if isinstance(case.expected, Fraction) and not isinstance(answer, float):
            assert answer == case.expected, case.about  # exact
        else:
            assert e.compare(answer, case.expected), case.about


def test_the_model_runs_give_the_numbers_worked_out_elsewhere():
    runs = {e.name: e.reproductions[0].run() for e in PRIOR_EXERCISES}
    assert round(runs["posterior-mean"], 4) == 0.6898  # add-one on the China example (docs/multinomial.md)
    assert round(runs["map-estimate"], 4) == 0.1911  # Laplace's Bernoulli model (docs/priors.md)
    assert 0 < runs["credible-interval"] < 1
    assert runs["ml-estimate"] == Fraction(5, 8)  # 5 of china's 8 words are "chinese" (docs/priors.md)
    for name in ("beta-continued-fraction", "regularized-incomplete-beta", "beta-quantile"):
        assert round(runs[name], 4) == 0.2471  # "tokyo" in china, Beta(1, 13): (0.0019, 0.2471) on docs/priors.md
        assert math.isclose(runs[name], 1 - (1 - 0.975) ** (1 / 13), rel_tol=1e-12)  # Beta(1, 13)'s, closed form


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


def share_of_the_counts(count, total):
    return count / total  # a float: within 1e-9 of the exact share is right


def fraction_from_the_bottom(x, y, a, b):
    """F evaluated from its deepest term up, deeper and deeper until two depths agree."""
    lam = a - (a + b) * x if x <= 0.5 else (a + b) * y - b

    def to_depth(depth):
        tail = 0.0
        for n in range(depth, 0, -1):
            alpha = (a + n - 1) * (a + b + n - 1) * n * (b - n) * x * x / (a + 2 * n - 1) ** 2
            beta = n + n * (b - n) * x / (a + 2 * n - 1) + (a + n) * (lam + 1 + n * (1 + y)) / (a + 2 * n + 1)
            tail = alpha / (beta + tail)
        return 1 / (a * (lam + 1) / (a + 1) + tail)

    depth, value = 16, to_depth(16)
    while True:
        depth *= 2
        last, value = value, to_depth(depth)
        if abs(value - last) <= 1e-14 * abs(value):
            return value


def cumulative_by_symmetry(x, a, b):
    if x in (0, 1):
        return float(x)
    if x > (a + 1) / (a + b + 2):
        return 1 - cumulative_by_symmetry(1 - x, b, a)
    return math.exp(log_beta_front(x, a, b)) * beta_continued_fraction(x, 1 - x, a, b)


def quantile_to_neighbouring_floats(q, a, b):
    if q in (0, 1):
        return float(q)
    low, high = 0.0, 1.0
    while True:
        middle = (low + high) / 2
        if middle in (low, high):  # no float left between them
            return high
        if regularized_incomplete_beta(middle, a, b) >= q:
            high = middle
        else:
            low = middle


SECOND_VERSIONS = {
    "ml-estimate": share_of_the_counts,
    "beta-continued-fraction": fraction_from_the_bottom,
    "regularized-incomplete-beta": cumulative_by_symmetry,
    "beta-quantile": quantile_to_neighbouring_floats,
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


def planted_fraction(x, y, a, b, square=True, plus_one=1, sign=1, steps=400, usual_lambda=False):
    """A student's F from the bottom, ``steps`` deep, with one step changed."""
    lam = a - (a + b) * x if x <= 0.5 or usual_lambda else (a + b) * y - b
    tail = 0.0
    for n in range(steps, 0, -1):
        alpha = (a + n - 1) * (a + b + n - 1) * n * sign * (b - n) * (x * x if square else x) / (a + 2 * n - 1) ** 2
        beta = n + n * (b - n) * x / (a + 2 * n - 1) + (a + n) * (lam + 1 + n * (1 + y)) / (a + 2 * n + 1)
        tail = alpha / (beta + tail)
    return 1 / (a * (lam + plus_one) / (a + 1) + tail)


def planted_cumulative(x, a, b, tail="lower", swap=True, front="log_beta_front", switch=True):
    """A student's I_x(a, b), with the switch, the front factor or the tail written wrong."""
    if x == 0 or x == 1:
        return x
    if front == "log_beta_front":
        factor = math.exp(log_beta_front(x, a, b))
    elif front == "lgamma":
        factor = math.exp(a * math.log(x) + b * math.log1p(-x) - math.lgamma(a) - math.lgamma(b) + math.lgamma(a + b))
    elif front == "no B":
        factor = x ** a * (1 - x) ** b
    else:
        factor = 1
    if x < (a + 1) / (a + b + 2) or not switch:
        return factor * beta_continued_fraction(x, 1 - x, a, b)
    other = factor * (beta_continued_fraction(1 - x, x, b, a) if swap else beta_continued_fraction(1 - x, x, a, b))
    return other if tail == "upper" else 1 - other


def planted_quantile(q, a, b, steps=None, width=None, upper=False, swapped=False):
    """A student's bisection by value over [0, 1]: a fixed number of steps, or to a fixed width (0: the last float)."""
    if q in (0, 1):
        return q
    low, high, done = 0.0, 1.0, 0
    while (steps is not None and done < steps) or (width is not None and high - low > width):
        middle = (low + high) / 2
        if middle in (low, high):  # neighbouring floats: as far as a bisection goes
            break
        below = regularized_incomplete_beta(middle, *((b, a) if swapped else (a, b)))
        if (1 - below > q) if upper else (below < q):
            low = middle
        else:
            high = middle
        done += 1
    return high


PLANTED = {
    "ml-estimate": {
        "N + 1 below": lambda count, total: count / (total + 1),
        "add-one": lambda count, total: (count + 1) / (total + 2),
        "floor division": lambda count, total: count // total,
        "upside down": lambda count, total: total / count,
    },
    "beta-continued-fraction": {
        "x not squared": lambda x, y, a, b: planted_fraction(x, y, a, b, square=False),
        "beta_0 without the + 1": lambda x, y, a, b: planted_fraction(x, y, a, b, plus_one=0),
        "n - b": lambda x, y, a, b: planted_fraction(x, y, a, b, sign=-1),
    },
    "regularized-incomplete-beta": {
        "the wrong tail": lambda x, a, b: planted_cumulative(x, a, b, tail="upper"),
        "shapes not swapped": lambda x, a, b: planted_cumulative(x, a, b, swap=False),
        "no front factor": lambda x, a, b: planted_cumulative(x, a, b, front=None),
        "B(a, b) left out": lambda x, a, b: planted_cumulative(x, a, b, front="no B"),
    },
    "beta-quantile": {
        "too few steps": lambda q, a, b: planted_quantile(q, a, b, steps=20),
        "the wrong tail": lambda q, a, b: planted_quantile(q, a, b, width=0.0, upper=True),
        "shapes swapped": lambda q, a, b: planted_quantile(q, a, b, width=0.0, swapped=True),
    },
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
    assert_every_known_mistake_is_planted(PLANTED, PRIOR_EXERCISES)


@pytest.mark.parametrize("name, mistake", [(name, mistake) for name in NAMES for mistake in PLANTED[name]])
def test_a_planted_mistake_fails_with_its_hint(name, mistake):
    assert_the_mistake_fails_with_its_hint(name, mistake, PLANTED[name][mistake], **QUICK)


# -- right on small cases, wrong where floating point bites ----------------------------------------


AT_SCALE = [
    ("beta-continued-fraction", "a = b = 1e6 near the mean",
     lambda x, y, a, b: planted_fraction(x, y, a, b, steps=100)),
    ("beta-continued-fraction", "a = 1e9, b = 1/2, x near 1",
     lambda x, y, a, b: planted_fraction(x, y, a, b, steps=2000, usual_lambda=True)),
    ("regularized-incomplete-beta", "a = b = 1e8 near the mean",
     lambda x, a, b: planted_cumulative(x, a, b, front="lgamma")),
    ("beta-quantile", "a tiny q for Beta(2, 2)", lambda q, a, b: planted_quantile(q, a, b, width=1e-11)),
    ("beta-quantile", "a rare word in a large class, Beta(1, 235,503)",
     lambda q, a, b: planted_quantile(q, a, b, steps=36)),
]


@pytest.mark.parametrize("name, about, version", AT_SCALE, ids=[about for _, about, _ in AT_SCALE])
def test_a_version_right_on_small_cases_fails_at_scale_with_its_reason(name, about, version):
    e = exercise(name)
    report = e.check(version, **QUICK)
    assert not report.passed
    scale = next(scale for scale in e.at_scale if scale.about == about)
    assert (f"at scale: {about}", "FAILED", scale.reason) in report.checks, str(report)
    assert report.first_failure.hint in [scale.reason for scale in e.at_scale]
    assert [row[1] for row in report.checks[:2]] == ["passed", "passed"]  # the small cases were right


def test_without_the_symmetry_switch_the_cumulative_probability_fails_near_1():
    e = exercise("regularized-incomplete-beta")
    report = e.check(lambda x, a, b: planted_cumulative(x, a, b, switch=False), **QUICK)
    assert not report.passed
    assert "1 - I_(1-x)(b, a)" in report.first_failure.hint, str(report)
