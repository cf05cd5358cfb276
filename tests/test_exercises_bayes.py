"""The exercises on Bayes' rule (naivebayes/exercises/bayes_exercises.py), checked with students' versions.

For each of class-counts, prior, log-sum-exp, log-posterior and decision:
the library's own function passes; versions written differently pass (plain
Python, numpy); each known mistake, written as a student writes it, fails
with its own hint; the at-scale cases fail with their reasons; and the
hand-computed answers are right, worked out again here from exact fractions.
"""

import collections
import math
from fractions import Fraction

import pytest
from exercise_checks import assert_the_mistake_fails_with_its_hint

from naivebayes.core.bayes import decision, log_posterior, log_sum_exp, prior_mle
from naivebayes.exercises import exercise
from naivebayes.exercises.bayes_exercises import BAYES_EXERCISES
from naivebayes.naive_bayes.base import count_classes

NAMES = ["class-counts", "prior", "log-sum-exp", "log-posterior", "decision"]

# P(china | d5) of the China example, by hand: 3/4 (3/7)^3 (1/14)^2 against 1/4 (2/9)^5.
CHINA = Fraction(3, 4) * Fraction(3, 7) ** 3 * Fraction(1, 14) ** 2
JAPAN = Fraction(1, 4) * Fraction(2, 9) ** 5


def test_the_five_exercises_are_the_ones_named_in_the_order_of_the_derivation():
    assert [item.name for item in BAYES_EXERCISES] == NAMES
    assert [item.function for item in BAYES_EXERCISES] == [count_classes, prior_mle, log_sum_exp, log_posterior,
                                                           decision]


@pytest.mark.parametrize("name", NAMES)
def test_the_librarys_own_function_passes_every_check_and_runs_in_the_model(name):
    report = exercise(name).check(exercise(name).function)
    assert report.passed, str(report)
    assert report.first_failure is None
    model_rows = [row for row in report.checks if row[0].startswith("in the model")]
    assert model_rows and all(result == "passed" for _, result, _ in model_rows)


def test_the_china_run_gives_the_posterior_worked_out_by_hand():
    report = exercise("prior").check(prior_mle)
    assert float(CHINA / (CHINA + JAPAN)) == pytest.approx(0.68975861, abs=1e-8)
    assert report.checks[2][2] == ("with your prior_mle, MultinomialNB on the China example gives "
                                   "P(china | test document) = 0.6898, as the library does")


# -- versions written differently pass -------------------------------------------------------


def counts_by_counter(labels):
    return dict(collections.Counter(labels))


def counts_by_first_seen(labels):
    return {label: labels.count(label) for label in dict.fromkeys(labels)}


def prior_exact(class_count, n_documents):
    return Fraction(int(class_count), int(n_documents))


def prior_divided(class_count, n_documents):
    return class_count / n_documents


def log_sum_exp_by_loop(log_values):
    largest = -math.inf
    for value in log_values:
        if value > largest:
            largest = value
    if largest == -math.inf:
        return -math.inf
    total = 0.0
    for value in log_values:
        total += math.exp(value - largest)
    return largest + math.log(total)


def log_sum_exp_by_pairs(log_values):  # log(e^a + e^b) = max + log1p(e^-(|a - b|)), one pair at a time
    result = -math.inf
    for value in log_values:
        high, low = max(result, value), min(result, value)
        result = high if low == -math.inf else high + math.log1p(math.exp(low - high))
    return result


def log_posterior_by_loop(log_joint):
    largest = max(log_joint.values())
    evidence = largest + math.log(sum(math.exp(value - largest) for value in log_joint.values()))
    return {label: value - evidence for label, value in log_joint.items()}


def log_posterior_by_normalising(log_joint):  # P(c | x) first, shifted so nothing underflows, then the log
    largest = max(log_joint.values())
    shares = {label: math.exp(value - largest) for label, value in log_joint.items()}
    total = sum(shares.values())
    return {label: math.log(share / total) if share else -math.inf for label, share in shares.items()}


def decision_by_loop(scores):
    best = None
    for label, score in scores.items():
        if best is None or score > scores[best]:
            best = label
    return best


def decision_by_sorting(scores):  # sorted is stable: of tied labels the first stays first
    return sorted(scores, key=lambda label: -scores[label])[0]


@pytest.mark.parametrize("name, function", [
    ("class-counts", counts_by_counter), ("class-counts", counts_by_first_seen),
    ("prior", prior_exact), ("prior", prior_divided),
    ("log-sum-exp", log_sum_exp_by_loop), ("log-sum-exp", log_sum_exp_by_pairs),
    ("log-posterior", log_posterior_by_loop), ("log-posterior", log_posterior_by_normalising),
    ("decision", decision_by_loop), ("decision", decision_by_sorting),
])
def test_a_right_version_written_differently_passes(name, function):
    report = exercise(name).check(function, n_random=100)
    assert report.passed, str(report)
    assert "as the library does" in report.checks[-1][2]


def numpy_versions(numpy):
    def counts(labels):
        values, numbers = numpy.unique(numpy.asarray(labels), return_counts=True)
        return dict(zip(values.tolist(), numbers.tolist()))

    def prior(class_count, n_documents):
        return numpy.float64(class_count) / numpy.float64(n_documents)

    def lse(log_values):
        values = numpy.asarray(log_values, dtype=float)
        largest = values.max()
        if numpy.isneginf(largest):
            return -numpy.inf
        return largest + numpy.log(numpy.exp(values - largest).sum())

    def posterior(log_joint):
        labels = list(log_joint)
        values = numpy.array([log_joint[label] for label in labels])
        largest = values.max()
        logs = values - (largest + numpy.log(numpy.exp(values - largest).sum()))
        return dict(zip(labels, logs))

    def choose(scores):
        labels = list(scores)
        return labels[int(numpy.argmax([scores[label] for label in labels]))]

    return {"class-counts": counts, "prior": prior, "log-sum-exp": lse, "log-posterior": posterior,
            "decision": choose}


@pytest.mark.parametrize("name", NAMES)
def test_a_numpy_version_passes_with_its_numpy_numbers(name):
    numpy = pytest.importorskip("numpy")
    report = exercise(name).check(numpy_versions(numpy)[name])
    assert report.passed, str(report)


def test_scipys_logsumexp_passes():
    pytest.importorskip("scipy")
    from scipy.special import logsumexp

    assert exercise("log-sum-exp").check(logsumexp).passed


# -- each known mistake, as a student writes it, fails with its own hint ------------------------


def counts_starting_at_one(labels):
    counts = {}
    for label in labels:
        counts[label] = counts.get(label, 1) + 1
    return counts


def counts_as_shares(labels):
    return {label: labels.count(label) / len(labels) for label in labels}


def counts_from_the_second(labels):
    counts = {}
    for i in range(1, len(labels)):
        counts[labels[i]] = counts.get(labels[i], 0) + 1
    return counts


def prior_swapped(n_documents, class_count):  # the parameters in the other order
    return class_count / n_documents


def prior_laplace(class_count, n_documents):
    return (class_count + 1) / (n_documents + 2)


def prior_floor(class_count, n_documents):
    return class_count // n_documents


def prior_percent(class_count, n_documents):
    return class_count / n_documents * 100


def lse_the_sum_itself(log_values):
    return sum(math.exp(value) for value in log_values)


def posterior_shifted_only(log_joint):
    largest = max(log_joint.values())
    return {label: value - largest for label, value in log_joint.items()}


def lse_sum_of_logs(log_values):
    return sum(log_values)


def lse_base_2(log_values):
    return math.log2(sum(2 ** value for value in log_values))


def lse_log2_after_exp(log_values):
    return math.log2(sum(math.exp(value) for value in log_values))


def lse_largest(log_values):
    return max(log_values)


def lse_without_the_minus_infinity_case(log_values):
    m = max(log_values)
    return m + math.log(sum(math.exp(value - m) for value in log_values))


def posterior_not_normalised(log_joint):
    return dict(log_joint)


def posterior_divided(log_joint):
    evidence = log_sum_exp(list(log_joint.values()))
    return {label: value / evidence for label, value in log_joint.items()}


def posterior_as_probabilities(log_joint):
    evidence = log_sum_exp(list(log_joint.values()))
    return {label: math.exp(value - evidence) for label, value in log_joint.items()}


def decision_smallest(scores):
    return min(scores, key=scores.get)


def decision_the_score(scores):
    return max(scores.values())


def decision_last_of_the_tied(scores):
    best = None
    for label in scores:
        if best is None or scores[label] >= scores[best]:
            best = label
    return best


STUDENT_MISTAKES = {
    "class-counts": {"off by one": counts_starting_at_one, "shares, not counts": counts_as_shares,
                     "first example missed": counts_from_the_second},
    "prior": {"arguments swapped": prior_swapped, "smoothed": prior_laplace, "whole-number division": prior_floor,
              "a percentage": prior_percent},
    "log-sum-exp": {"sum of the logs": lse_sum_of_logs, "base 2": lse_base_2, "log2 after exp": lse_log2_after_exp,
                    "the largest only": lse_largest, "not the log": lse_the_sum_itself,
                    "every value -inf": lse_without_the_minus_infinity_case},
    "log-posterior": {"not normalised": posterior_not_normalised, "only the largest subtracted": posterior_shifted_only,
                      "divided, not subtracted": posterior_divided,
                      "probabilities, not logs": posterior_as_probabilities},
    "decision": {"smallest": decision_smallest, "the score": decision_the_score,
                 "last of the tied": decision_last_of_the_tied},
}


@pytest.mark.parametrize("name", NAMES)
def test_every_known_mistake_has_a_students_version_here(name):
    assert set(STUDENT_MISTAKES[name]) == {mistake.name for mistake in exercise(name).mistakes}


@pytest.mark.parametrize("name, mistake", [(name, mistake) for name, mistakes in STUDENT_MISTAKES.items()
                                           for mistake in mistakes])
def test_a_planted_mistake_fails_with_its_hint(name, mistake):
    assert_the_mistake_fails_with_its_hint(name, mistake, STUDENT_MISTAKES[name][mistake])


def test_hints_never_show_the_answers_code():
    for item in BAYES_EXERCISES:
        for hint in [item.hint] + [mistake.hint for mistake in item.mistakes]:
            assert "return " not in hint and "def " not in hint and "lambda" not in hint
            assert item.function_name + "(" not in hint


# -- at scale ----------------------------------------------------------------------------------


def lse_straight(log_values):  # right on paper: no largest value taken out
    if all(value == -math.inf for value in log_values):
        return -math.inf
    return math.log(sum(math.exp(value) for value in log_values))


def posterior_straight(log_joint):  # right on paper: P(x) by adding the probabilities themselves
    evidence = math.log(sum(math.exp(value) for value in log_joint.values()))
    return {label: value - evidence for label, value in log_joint.items()}


@pytest.mark.parametrize("name, function", [("log-sum-exp", lse_straight), ("log-posterior", posterior_straight)])
def test_a_version_right_on_paper_fails_at_scale_with_the_reason(name, function):
    item = exercise(name)
    report = item.check(function)
    assert report.checks[0][1] == "passed"  # the hand-computed cases are small
    rows = {check: (result, detail) for check, result, detail in report.checks}
    for scale in item.at_scale:
        assert rows[f"at scale: {scale.about}"] == ("FAILED", scale.reason)
    assert not report.passed


def test_the_at_scale_cases_are_beyond_floating_point_for_the_straight_formula():
    assert math.exp(-1000.0) == 0.0  # so log(sum exp) is log 0
    with pytest.raises(OverflowError):
        math.exp(800.0)
    assert log_sum_exp([-1000.0, -1001.0]) == pytest.approx(-1000 + math.log1p(math.exp(-1)), abs=1e-12)


# -- the hand-computed answers, worked out again -------------------------------------------------


def test_the_hand_answers_of_the_prior_are_exact_fractions_and_the_library_gives_them_exactly():
    for case in exercise("prior").hand_cases:
        class_count, n_documents = case.args
        assert type(case.expected) is Fraction
        assert case.expected == Fraction(class_count, n_documents)
        assert prior_mle(*case.args) == case.expected and type(prior_mle(*case.args)) is Fraction


def test_the_hand_answers_of_the_class_counts_are_counted_again():
    for case in exercise("class-counts").hand_cases:
        (labels,) = case.args
        assert case.expected == dict(collections.Counter(labels))
        assert count_classes(list(labels)) == case.expected


def test_the_hand_answers_in_log_space_come_from_exact_probabilities():
    [first, second, with_zero, zeros, single] = exercise("log-sum-exp").hand_cases
    assert first.expected == math.log(Fraction(1) + Fraction(1))
    assert math.exp(second.expected) == pytest.approx(float(Fraction(1, 4) + Fraction(1, 2)), rel=1e-15)
    assert (with_zero.expected, zeros.expected, single.expected) == (0.0, -math.inf, 5.0)

    joints = exercise("log-posterior").hand_cases[0]
    (log_joint,) = joints.args
    exact = {"china": Fraction(3, 10), "japan": Fraction(1, 10)}  # P(x, c)
    for label, joint in exact.items():
        posterior = joint / sum(exact.values())  # 3/4 and 1/4
        assert math.exp(log_joint[label]) == pytest.approx(float(joint), rel=1e-15)
        assert math.exp(joints.expected[label]) == pytest.approx(float(posterior), rel=1e-15)

    china = exercise("decision").hand_cases[0]
    assert china.expected == "china" and Fraction(3, 10) > Fraction(1, 10)


def test_every_hand_case_of_every_exercise_is_what_the_library_gives():
    for item in BAYES_EXERCISES:
        for case in item.hand_cases:
            assert item.compare(item.function(*case.args), case.expected), (item.name, case.about)
