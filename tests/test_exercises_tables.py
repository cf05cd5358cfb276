"""The table exercises: categorical and Gaussian estimates, the full joint table, mutual information.

For every exercise: the library's own function passes its check; a version
written differently passes too (and one with numpy, where it is natural);
each planted mistake, written as a student would write it, fails with that
mistake's hint; the at-scale cases fail the way their reason says; the hand
answers are exact where the library is; and the formula is the one its docs
page displays.
"""

import math
import os
import re
from collections import Counter
from fractions import Fraction
from functools import reduce
from operator import mul
from pathlib import Path

import pytest
from exercise_checks import assert_the_mistake_fails_with_its_hint

from naivebayes.exercises import exercise, exercises
from naivebayes.exercises.checking import Case
from naivebayes.exercises.table_exercises import TABLE_EXERCISES

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["categorical-counts", "categorical-estimate", "expected-grey-level", "gaussian-mean", "gaussian-squared-deviations",
         "gaussian-variance", "gaussian-log-density", "joint-cell", "joint-parameters", "naive-parameters",
         "mutual-information"]
FEW = 8  # random cases for the mistakes: the hand cases find them first


def test_the_eleven_table_exercises_are_registered_under_their_names():
    assert [e.name for e in TABLE_EXERCISES] == NAMES
    for name in NAMES:
        assert exercise(name) in TABLE_EXERCISES
    listed = [e.name for e in exercises() if e.name in NAMES]
    assert listed == [name for name in listed]  # (kept in the registry's order)
    assert set(listed) == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_library_function_passes_and_runs_in_the_model(name):
    report = exercise(name).check(exercise(name).function)
    assert report.passed, report.to_text()
    assert report.first_failure is None
    assert any(check.startswith("in the model") and result == "passed" for check, result, _ in report.checks)


@pytest.mark.parametrize("name", NAMES)
def test_the_latex_is_the_display_under_the_formulas_heading(name):
    e = exercise(name)
    lines = (ROOT / "docs" / e.page).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("#") and "{#" + e.formula_id + "}" in line)
    opening = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == "$$")
    closing = next(i for i in range(opening + 1, len(lines)) if lines[i].strip() == "$$")
    assert " ".join(line.strip() for line in lines[opening + 1:closing]) == e.latex


@pytest.mark.parametrize("name", NAMES)
def test_hand_answers_match_the_library_exactly_where_it_is_exact(name):
    e = exercise(name)
    for case in e.hand_cases:
        got = e.observe(e.function, case.args)
        assert e.compare(got, case.expected), (case.about, got, case.expected)
        exact = [value for value in flatten(got) if isinstance(value, (int, Fraction))]
        if exact and len(exact) == len(list(flatten(got))):
            assert got == case.expected, case.about  # == on Fractions and ints: no tolerance
            assert all(isinstance(value, (int, Fraction)) for value in flatten(case.expected))


def flatten(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from flatten(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from flatten(item)
    elif value is not None:
        yield value


def test_the_exact_hand_answers_are_those_of_the_notes():
    assert exercise("categorical-estimate").function(3, 5, 1, 3) == Fraction(1, 2)  # P(sunny | no), Laplace
    assert exercise("gaussian-mean").hand_cases[2].expected == Fraction(5006, 1000)  # Cornell's 5.006
    setosa = exercise("gaussian-variance").hand_cases
    assert round(math.sqrt(setosa[4].expected), 4) == 0.3489 and round(math.sqrt(setosa[5].expected), 4) == 0.3525
    assert exercise("joint-cell").hand_cases[1].expected == Fraction(25, 100)  # the lecture's row 110
    assert exercise("joint-parameters").hand_cases[2].expected == 2 * (2 ** 30 - 1)  # k (2^d - 1)
    assert exercise("naive-parameters").hand_cases[1].expected == 2 * 30  # k d


# -- versions written differently, that must pass ------------------------------


def counts_with_if(value_counts, values):
    for value in values:
        if value in value_counts:
            value_counts[value] += 1
        else:
            value_counts[value] = 1


def counts_with_counter_returned(value_counts, values):
    for value, n in Counter(values).items():
        value_counts[value] = value_counts.get(value, 0) + n
    return value_counts


def estimate_with_fraction(count, total, alpha, n_categories):
    numerator, denominator = count + alpha, total + alpha * n_categories
    if isinstance(alpha, float):
        return numerator / denominator
    return Fraction(numerator) / denominator


def estimate_plain(count, total, alpha, n_categories):
    return (count + alpha) / (total + alpha * n_categories)


def mean_by_loop(values):
    total = 0
    for value in values:
        total += value
    return total / len(values)


def squared_deviations_by_loop(values, mean):
    total = 0
    for value in values:
        difference = value - mean
        total += difference * difference
    return total


def squared_deviations_own_mean(values, mean):
    centre = sum(values) / len(values)
    return sum((value - centre) ** 2 for value in values)


def variance_by_cases(squared_deviation, n, ddof):
    if ddof == 0:
        return squared_deviation / n
    return squared_deviation / (n - 1)


def log_density_by_sqrt(x, mean, variance):
    return -math.log(math.sqrt(2 * math.pi * variance)) - (x - mean) ** 2 / (2 * variance)


def log_density_standardised(x, mean, variance):
    sigma = math.sqrt(variance)
    z = (x - mean) / sigma
    return -math.log(sigma) - 0.5 * math.log(2 * math.pi) - z * z / 2


def cell_as_fraction(n_matching, n_records):
    return Fraction(n_matching, n_records)


def cell_plain(n_matching, n_records):
    return n_matching / n_records


def joint_count_by_loop(n_values, n_classes):  # no default for n_classes: the model's call still works
    cells = 1
    for k in n_values:
        cells *= k
    return n_classes * cells - n_classes


def joint_count_reduce(n_values, n_classes=1):
    return n_classes * (reduce(mul, n_values, 1) - 1)


def naive_count_by_loop(n_values, n_classes):
    free = 0
    for k in n_values:
        free += k - 1
    return free * n_classes


def naive_count_sum(n_values, n_classes):
    return n_classes * (sum(n_values) - len(n_values))


def information_by_margins(pair_counts):
    total = sum(pair_counts.values())
    p_a, p_b = {}, {}
    for (a, b), n in pair_counts.items():
        p_a[a] = p_a.get(a, 0) + n / total
        p_b[b] = p_b.get(b, 0) + n / total
    information = 0.0
    for (a, b), n in pair_counts.items():
        if n > 0:
            p_ab = n / total
            information += p_ab * math.log(p_ab / (p_a[a] * p_b[b]))
    return information


def entropy(counts):
    total = sum(counts)
    return -sum(n / total * math.log(n / total) for n in counts if n)


def information_by_entropies(pair_counts):
    a_counts, b_counts = Counter(), Counter()
    for (a, b), n in pair_counts.items():
        a_counts[a] += n
        b_counts[b] += n
    return max(0.0, entropy(a_counts.values()) + entropy(b_counts.values()) - entropy(pair_counts.values()))


def expected_by_loop(probabilities):
    total = 0
    for value in sorted(probabilities):
        total += value * probabilities[value]
    return total


def expected_by_groups(probabilities):
    return sum(p * v for v, p in probabilities.items() if p)


RIGHT = {
    "categorical-counts": [counts_with_if, counts_with_counter_returned],
    "expected-grey-level": [expected_by_loop, expected_by_groups],
    "categorical-estimate": [estimate_with_fraction, estimate_plain],
    "gaussian-mean": [mean_by_loop],
    "gaussian-squared-deviations": [squared_deviations_by_loop, squared_deviations_own_mean],
    "gaussian-variance": [variance_by_cases],
    "gaussian-log-density": [log_density_by_sqrt, log_density_standardised],
    "joint-cell": [cell_as_fraction, cell_plain],
    "joint-parameters": [joint_count_by_loop, joint_count_reduce],
    "naive-parameters": [naive_count_by_loop, naive_count_sum],
    "mutual-information": [information_by_margins, information_by_entropies],
}


@pytest.mark.parametrize("name, function", [(name, f) for name, fs in RIGHT.items() for f in fs],
                         ids=[f"{name}-{f.__name__}" for name, fs in RIGHT.items() for f in fs])
def test_a_version_written_differently_passes(name, function):
    report = exercise(name).check(function)
    assert report.passed, report.to_text()


def numpy_versions(np):
    def mean_numpy(values):
        return float(np.mean(np.asarray(values, dtype=float)))

    def squared_deviations_numpy(values, mean):
        return float(np.sum((np.asarray(values, dtype=float) - float(mean)) ** 2))

    def variance_numpy(squared_deviation, n, ddof):
        return float(np.divide(float(squared_deviation), n - ddof))

    def log_density_numpy(x, mean, variance):
        return float(-0.5 * np.log(2 * np.pi * variance) - (x - mean) ** 2 / (2 * variance))

    def information_numpy(pair_counts):
        rows = sorted({a for a, _ in pair_counts}, key=repr)
        columns = sorted({b for _, b in pair_counts}, key=repr)
        table = np.zeros((len(rows), len(columns)))
        for (a, b), n in pair_counts.items():
            table[rows.index(a), columns.index(b)] = n
        joint = table / table.sum()
        product = joint.sum(axis=1, keepdims=True) * joint.sum(axis=0, keepdims=True)
        seen = joint > 0
        return max(0.0, float(np.sum(joint[seen] * np.log(joint[seen] / product[seen]))))

    return {"gaussian-mean": mean_numpy, "gaussian-squared-deviations": squared_deviations_numpy,
            "gaussian-variance": variance_numpy, "gaussian-log-density": log_density_numpy,
            "mutual-information": information_numpy}


@pytest.mark.parametrize("name", ["gaussian-mean", "gaussian-squared-deviations", "gaussian-variance",
                                  "gaussian-log-density", "mutual-information"])
def test_a_numpy_version_passes(name):
    np = pytest.importorskip("numpy")
    report = exercise(name).check(numpy_versions(np)[name])
    assert report.passed, report.to_text()


# -- the planted mistakes, as students write them --------------------------------


def counts_in_a_new_table(value_counts, values):
    counts = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return counts


def counts_starting_at_one(value_counts, values):
    for value in values:
        if value not in value_counts:
            value_counts[value] = 1
        value_counts[value] += 1


def counts_by_count(value_counts, values):
    for value in set(values):
        value_counts[value] = values.count(value)


def counts_set_to_one(value_counts, values):
    for value in values:
        value_counts[value] = 1


def counts_from_the_second(value_counts, values):
    for i in range(1, len(values)):
        value_counts[values[i]] = value_counts.get(values[i], 0) + 1


MISTAKES = {
    "expected-grey-level": {
        "the plain mean of the values": lambda probabilities: sum(probabilities) / len(probabilities),
        "the likeliest value": lambda probabilities: max(probabilities, key=probabilities.get),
        "the sum of the probabilities": lambda probabilities: sum(probabilities.values()),
        "divided by the number of values": lambda probabilities:
            sum(v * p for v, p in probabilities.items()) / len(probabilities),
    },
    "categorical-counts": {
        "a new table": counts_in_a_new_table,
        "starts at 1": counts_starting_at_one,
        "counts so far lost": counts_by_count,
        "set, not added": counts_set_to_one,
        "first value missed": counts_from_the_second,
    },
    "categorical-estimate": {
        "no smoothing": lambda count, total, alpha, n_categories: count / total,
        "alpha once below": lambda count, total, alpha, n_categories: (count + alpha) / (total + alpha),
        "always Laplace": lambda count, total, alpha, n_categories: (count + 1) / (total + n_categories),
        "arguments swapped": lambda count, total, alpha, n_categories: (total + alpha) / (count + alpha * n_categories),
        "alpha K_j above": lambda count, total, alpha, n_categories:
            (count + alpha * n_categories) / (total + alpha * n_categories),
        "whole-number division": lambda count, total, alpha, n_categories:
            (count + alpha) // (total + alpha * n_categories),
    },
    "gaussian-mean": {
        "n - 1": lambda values: sum(values) / (len(values) - 1),
        "first value missed": lambda values: sum(values[i] for i in range(1, len(values))) / len(values),
        "whole-number division": lambda values: sum(values) // len(values),
        "midrange": lambda values: (max(values) + min(values)) / 2,
    },
    "gaussian-squared-deviations": {
        "divided by n": lambda values, mean: sum((x - mean) ** 2 for x in values) / len(values),
        "not squared": lambda values, mean: sum(x - mean for x in values),
        "absolute": lambda values, mean: sum(abs(x - mean) for x in values),
        "not centred": lambda values, mean: sum(x ** 2 for x in values),
    },
    "gaussian-variance": {
        "ddof ignored": lambda squared_deviation, n, ddof: squared_deviation / n,
        "always n - 1": lambda squared_deviation, n, ddof: squared_deviation / (n - 1),
        "standard deviation": lambda squared_deviation, n, ddof: math.sqrt(squared_deviation / (n - ddof)),
        "n + ddof": lambda squared_deviation, n, ddof: squared_deviation / (n + ddof),
        "arguments swapped": lambda squared_deviation, n, ddof: (n - ddof) / squared_deviation,
    },
    "gaussian-log-density": {
        "standard deviation for variance": lambda x, mean, variance:
            -math.log(math.sqrt(2 * math.pi) * variance) - (x - mean) ** 2 / (2 * variance ** 2),
        "square root of the variance": lambda x, mean, variance:
            -0.5 * math.log(2 * math.pi * math.sqrt(variance)) - (x - mean) ** 2 / (2 * math.sqrt(variance)),
        "1/2 left out of the log": lambda x, mean, variance:
            -math.log(2 * math.pi * variance) - (x - mean) ** 2 / (2 * variance),
        "1/2 left out of the exponent": lambda x, mean, variance:
            -0.5 * math.log(2 * math.pi * variance) - (x - mean) ** 2 / variance,
        "2 pi left out": lambda x, mean, variance: -0.5 * math.log(variance) - (x - mean) ** 2 / (2 * variance),
        "base 2": lambda x, mean, variance:
            math.log2(1 / math.sqrt(2 * math.pi * variance)) - (x - mean) ** 2 / (2 * variance) * math.log2(math.e),
        "the density": lambda x, mean, variance:
            math.exp(-(x - mean) ** 2 / (2 * variance)) / math.sqrt(2 * math.pi * variance),
        "sign of the exponent": lambda x, mean, variance:
            -0.5 * math.log(2 * math.pi * variance) + (x - mean) ** 2 / (2 * variance),
    },
    "joint-cell": {
        "arguments swapped": lambda n_matching, n_records: n_records / n_matching,
        "percent": lambda n_matching, n_records: n_matching / n_records * 100,
        "one too many": lambda n_matching, n_records: (n_matching + 1) / n_records,
        "smoothed": lambda n_matching, n_records: (n_matching + 1) / (n_records + 2),
        "whole-number division": lambda n_matching, n_records: n_matching // n_records,
    },
    "joint-parameters": {
        "2^d, not 2^d - 1": lambda n_values, n_classes: n_classes * math.prod(n_values),
        "k left out": lambda n_values, n_classes: math.prod(n_values) - 1,
        "one less in all": lambda n_values, n_classes: n_classes * math.prod(n_values) - 1,
        "sum, not product": lambda n_values, n_classes: n_classes * (sum(n_values) - 1),
        "always binary": lambda n_values, n_classes: n_classes * (2 ** len(n_values) - 1),
    },
    "naive-parameters": {
        "K_j, not K_j - 1": lambda n_values, n_classes: n_classes * sum(n_values),
        "k left out": lambda n_values, n_classes: sum(k - 1 for k in n_values),
        "k d": lambda n_values, n_classes: n_classes * len(n_values),
        "one less in all": lambda n_values, n_classes: n_classes * (sum(n_values) - 1),
        "the joint's count": lambda n_values, n_classes: n_classes * (math.prod(n_values) - 1),
    },
    "mutual-information": {
        "base 2": lambda pair_counts: information_by_margins(pair_counts) / math.log(2),
        "ratio upside down": lambda pair_counts: information_with_log(pair_counts, lambda p, pa, pb: math.log(pa * pb / p)),
        "not weighted": lambda pair_counts: information_with_log(pair_counts, lambda p, pa, pb: math.log(p / (pa * pb)) / p),
        "counts, not shares": lambda pair_counts: sum(pair_counts.values()) * information_by_margins(pair_counts),
        "margins left out": lambda pair_counts: information_with_log(pair_counts, lambda p, pa, pb: math.log(p)),
        "log outside the sum": lambda pair_counts: math.log(information_with_log(pair_counts, lambda p, pa, pb: p / (pa * pb))),
    },
}


def information_with_log(pair_counts, term):
    """sum over the cells of P(a, b) * term(P(a, b), P(a), P(b)), written out with margins as a student would."""
    total = sum(pair_counts.values())
    n_a, n_b = Counter(), Counter()
    for (a, b), n in pair_counts.items():
        n_a[a] += n
        n_b[b] += n
    return sum(n / total * term(n / total, n_a[a] / total, n_b[b] / total) for (a, b), n in pair_counts.items())


def test_every_planted_mistake_of_the_exercises_is_written_here_as_a_student_would():
    for e in TABLE_EXERCISES:
        assert sorted(m.name for m in e.mistakes) == sorted(MISTAKES[e.name]), e.name


@pytest.mark.parametrize("name, mistake", [(name, m) for name, ms in MISTAKES.items() for m in ms],
                         ids=[f"{name}-{m}" for name, ms in MISTAKES.items() for m in ms])
def test_a_planted_mistake_fails_with_its_hint(name, mistake):
    assert_the_mistake_fails_with_its_hint(name, mistake, MISTAKES[name][mistake], in_model=False, n_random=FEW)


def test_a_failing_version_is_not_run_in_the_model():
    report = exercise("gaussian-variance").check(MISTAKES["gaussian-variance"]["ddof ignored"])
    assert [result for check, result, _ in report.checks if check.startswith("in the model")] == ["not run", "not run"]


# -- at scale ----------------------------------------------------------------------


def log_of_the_density(x, mean, variance):
    density = math.exp(-(x - mean) ** 2 / (2 * variance)) / math.sqrt(2 * math.pi * variance)
    return math.log(density)


def squared_deviations_one_pass(values, mean):
    return sum(x * x for x in values) - sum(values) ** 2 / len(values)


def information_without_skipping_zeros(pair_counts):
    total = sum(pair_counts.values())
    p_a, p_b = Counter(), Counter()
    for (a, b), n in pair_counts.items():
        p_a[a] += n / total
        p_b[b] += n / total
    return sum(n / total * math.log(n / total / (p_a[a] * p_b[b])) for (a, b), n in pair_counts.items())


@pytest.mark.parametrize("name, function", [
    ("gaussian-log-density", log_of_the_density),
    ("gaussian-squared-deviations", squared_deviations_one_pass),
    ("mutual-information", information_without_skipping_zeros),
])
def test_right_on_paper_but_wrong_at_scale(name, function):
    e = exercise(name)
    report = e.check(function, in_model=False)
    rows = {check: (result, detail) for check, result, detail in report.checks}
    assert rows[f"hand-computed cases ({len(e.hand_cases)})"][0] == "passed"
    assert rows["random cases against the library (40)"][0] == "passed"
    failed = [check for check, (result, _) in rows.items() if check.startswith("at scale") and result == "FAILED"]
    assert failed, report.to_text()
    reasons = {f"at scale: {scale.about}": scale.reason for scale in e.at_scale}
    assert report.first_failure.hint == reasons[failed[0]]
    assert rows[failed[0]][1] == reasons[failed[0]]


def test_the_log_density_at_scale_is_the_pages_number():
    e = exercise("gaussian-log-density")
    assert e.function(*e.at_scale[0].args) == pytest.approx(-800.9189385332047, rel=1e-15)


# -- the model runs ----------------------------------------------------------------


def test_a_right_version_reproduces_the_notes_digits():
    report = exercise("gaussian-mean").check(mean_by_loop)
    details = [detail for check, result, detail in report.checks if check.startswith("in the model")]
    assert "setosa mean sepal length = 5.006, as the note does" in details[0]
    report = exercise("joint-cell").check(cell_plain)
    assert "P(A = 1, B = 1, C = 0) = 0.25, as the note does" in report.checks[2][2]


def test_the_joint_parameter_count_runs_in_the_model_without_a_default_for_k():
    report = exercise("joint-parameters").check(joint_count_by_loop)
    assert [result for check, result, _ in report.checks if check.startswith("in the model")] == ["passed", "passed"]


def test_the_adult_run_says_what_it_needs_without_the_data(monkeypatch):
    monkeypatch.delenv("NAIVEBAYES_ADULT_PATH", raising=False)
    report = exercise("joint-cell").check(cell_plain)
    adult = [row for row in report.checks if "Adult" in row[0]]
    assert adult[0][1] == "skipped" and adult[0][2].startswith("needs the UCI Adult census")
    assert report.passed


ADULT = ROOT.parent / "shared" / "data"


def test_the_adult_run_reproduces_the_why_naive_page_with_the_data(monkeypatch):
    if not (ADULT / "adult.data").is_file() or not (ADULT / "adult.test").is_file():
        pytest.skip("needs adult.data and adult.test in ../shared/data")
    monkeypatch.setenv("NAIVEBAYES_ADULT_PATH", os.fspath(ADULT))
    report = exercise("joint-cell").check(cell_as_fraction)
    adult = [row for row in report.checks if "Adult" in row[0]][0]
    assert adult[1] == "passed", report.to_text()
    assert "= 0.441317" in adult[2]  # 5,174 of 11,724, as docs/why-naive.md prints it
    page = (ROOT / "docs" / "why-naive.md").read_text(encoding="utf-8")
    assert re.search(r"sex = Male, hours-per-week > 40.5\) \| 5,174 \| 11,724 \| 0.441317", page)


def test_a_hand_case_is_a_case():
    assert all(isinstance(case, Case) and case.expected is not None for e in TABLE_EXERCISES for case in e.hand_cases)
