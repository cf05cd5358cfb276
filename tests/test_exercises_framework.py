"""The checking framework of the exercises (naivebayes/exercises/checking.py), on small functions written here.

Each test plants one thing a student does (a wrong answer, an error, a
function that changes its input, one that is too slow) and reads what
``check`` answers, or tests one of the pieces ``check`` is built from.
"""

import math
import sys
import time
from fractions import Fraction

import pytest

import naivebayes.core.bayes as bayes
from naivebayes.core.bayes import prior_mle, uniform_prior
from naivebayes.datasets.shipped import load_china, load_spam
from naivebayes.exercises import exercise
from naivebayes.exercises.checking import (
    Case,
    CallRecorder,
    ChangedInput,
    Exercise,
    Reproduction,
    call_on_copies,
    kind_problem,
    readable_duration,
    replaced,
    returns_and_table,
    same_answer,
    same_log_answer,
    signature_problem,
)
from naivebayes.exercises.reproductions import china_posterior
from naivebayes.naive_bayes.multinomial import MultinomialNB

PRIOR = exercise("prior")

# P(china | d5) of the China example: 3/4 (3/7)^3 (1/14)^2 against 1/4 (2/9)^3 (2/9)^2, worked out by hand.
CHINA_JOINT = Fraction(3, 4) * Fraction(3, 7) ** 3 * Fraction(1, 14) ** 2
JAPAN_JOINT = Fraction(1, 4) * Fraction(2, 9) ** 5
CHINA_POSTERIOR = CHINA_JOINT / (CHINA_JOINT + JAPAN_JOINT)  # 0.6898
# The same with the prior 1/2 for both classes, as a prior that ignores the counts gives.
CHINA_POSTERIOR_EVEN_PRIOR = (CHINA_JOINT * 4 / 3) / (CHINA_JOINT * 4 / 3 + JAPAN_JOINT * 4)  # 0.4257


def a_prior_exercise(reproductions, replaces=None):
    """A small exercise around prior_mle with one hand case, no random case, and the given model runs."""
    return Exercise(
        name="test-prior", title="a prior for the tests", formula_id="eq-prior-mle", page="pipeline.md",
        notes=["Lecture #7: Naïve Bayes"], function=prior_mle, latex=r"\hat P(c) = \frac{N_c}{N}",
        arguments={"class_count": "N_c", "n_documents": "N"}, returns="P(c)",
        hand_cases=[Case((1, 2), Fraction(1, 2), "one of two")], draw=lambda generator: (1, 2),
        mistakes=[], hint="the share of the class", replaces=replaces, reproductions=reproductions)


def china_run():
    return Reproduction("MultinomialNB on the China example gives P(china | test document) = {value}",
                        lambda: china_posterior(MultinomialNB), published=CHINA_POSTERIOR)


def modules_holding(function):
    """(module name, attribute) for every module of the package that holds ``function`` under a name."""
    return sorted((name, attribute) for name, module in list(sys.modules.items())
                  if name.startswith("naivebayes") and module is not None
                  for attribute, value in list(vars(module).items()) if value is function)


def china_and_spam_predictions():
    documents, labels, test_document = load_china()
    china = MultinomialNB().fit(documents, labels).predict_proba([test_document])
    texts, spam_labels = load_spam()
    spam = MultinomialNB().fit(texts[:200], spam_labels[:200]).predict_proba(texts[200:260])
    return china, spam


# -- same_answer ------------------------------------------------------------------------


def test_same_answer_takes_a_float_within_a_relative_1e_9_and_no_further():
    assert same_answer(0.75 * (1 + 1e-10), 0.75)
    assert same_answer(1e20 * (1 + 5e-10), 1e20)
    assert not same_answer(0.75 * (1 + 1e-8), 0.75)
    assert not same_answer(1e-11, 0.0)  # near 0 only 1e-12 is allowed
    assert same_answer(1e-13, 0.0)


def test_same_answer_compares_fractions_exactly_and_a_float_against_a_fraction_by_the_tolerance():
    assert same_answer(Fraction(1, 3), Fraction(1, 3))
    assert not same_answer(Fraction(1, 3) + Fraction(1, 10**15), Fraction(1, 3))  # closer than 1e-9, but exact
    assert same_answer(1 / 3, Fraction(1, 3))
    assert same_answer(3, Fraction(3))
    assert not same_answer(Fraction(2, 3), Fraction(1, 3))


def test_same_answer_on_infinities_and_nan():
    assert same_answer(-math.inf, -math.inf)
    assert not same_answer(math.inf, -math.inf)
    assert not same_answer(-1e308, -math.inf)
    assert not same_answer(-math.inf, -1e308)
    assert same_answer(math.nan, math.nan)
    assert not same_answer(0.0, math.nan)
    assert not same_answer(math.nan, 0.0)


def test_same_answer_on_dicts_with_int_keys_and_on_tuples_against_lists():
    assert same_answer({0: 2, 1: 3}, {1: 3, 0: 2})
    assert same_answer({1: 3.0, 0: 2.0}, {1: 3, 0: 2})
    assert not same_answer({"1": 3, "0": 2}, {1: 3, 0: 2})
    assert not same_answer({1: 3}, {1: 3, 0: 2})
    assert not same_answer([(1, 3), (0, 2)], {1: 3, 0: 2})
    assert same_answer((1, Fraction(1, 2)), [1, 0.5])
    assert same_answer([1, 0.5], (1, Fraction(1, 2)))
    assert not same_answer([1, 0.5, 0], (1, 0.5))
    assert not same_answer("0.75", 0.75)
    assert not same_answer(None, 0.75)


def test_same_answer_takes_numpy_numbers():
    numpy = pytest.importorskip("numpy")
    assert same_answer(numpy.float64(0.75), Fraction(3, 4))
    assert same_answer({numpy.int64(1): numpy.int64(3)}, {1: 3})
    assert not same_answer(numpy.array([0.75]), 0.75)


def test_a_log_is_compared_to_1e_9_absolute():
    # log P(c | x) near 0 from joints near -50,000: the straightforward subtraction carries their rounding
    assert same_log_answer(-3.637978807091713e-11, -3.4290126293379754e-11)
    assert not same_answer(-3.637978807091713e-11, -3.4290126293379754e-11)
    assert same_log_answer({"a": -24.096163147711195}, {"a": -24.096163147709106})
    assert not same_log_answer(-1e-8, 0.0)
    assert not same_log_answer(math.log(0.75) / math.log(2), math.log(0.75))


# -- replaced ---------------------------------------------------------------------------


def test_replaced_swaps_every_module_that_imported_the_function_and_puts_it_back():
    holders = modules_holding(prior_mle)
    assert ("naivebayes.core.bayes", "prior_mle") in holders
    assert ("naivebayes.naive_bayes.base", "prior_mle") in holders

    def mine(class_count, n_documents):
        return Fraction(1, 2)

    with replaced(prior_mle, mine):
        assert modules_holding(prior_mle) == []
        assert modules_holding(mine) == holders
    assert modules_holding(prior_mle) == holders
    assert modules_holding(mine) == []


def test_replaced_puts_every_module_back_after_an_error():
    holders = modules_holding(prior_mle)

    def mine(class_count, n_documents):
        raise RuntimeError("inside the model")

    with pytest.raises(RuntimeError, match="inside the model"):
        with replaced(prior_mle, mine):
            china_posterior(MultinomialNB)
    assert modules_holding(prior_mle) == holders
    assert bayes.prior_mle is prior_mle
    assert china_posterior(MultinomialNB) == pytest.approx(float(CHINA_POSTERIOR), rel=1e-12)


def test_the_model_really_calls_the_replacement():
    calls = []

    def mine(class_count, n_documents):
        calls.append((class_count, n_documents))
        return Fraction(1, 2)

    with replaced(prior_mle, mine):
        value = china_posterior(MultinomialNB)
    assert sorted(calls) == [(1, 4), (3, 4)]
    assert value == pytest.approx(float(CHINA_POSTERIOR_EVEN_PRIOR), rel=1e-12)


# -- signature_problem and the function itself ------------------------------------------


def test_signature_problem_for_a_class_a_number_and_the_wrong_number_of_arguments():
    assert "takes your function itself, such as check(prior_mle), not type" in signature_problem(PRIOR, dict)
    assert "not int 3" in signature_problem(PRIOR, 3)
    message = signature_problem(PRIOR, lambda class_count: class_count)
    assert message == ("your function takes (class_count), but the formula needs 2 arguments: "
                       "def prior_mle(class_count, n_documents):")
    assert "needs 2 arguments" in signature_problem(PRIOR, lambda a, b, c: a)
    assert signature_problem(PRIOR, lambda a, b, c=0: a / b) is None
    assert signature_problem(PRIOR, lambda *numbers: numbers[0] / numbers[1]) is None


def test_check_given_a_number_fails_before_any_case_and_says_why():
    report = PRIOR.check(3)
    assert not report.passed
    assert report.checks == [("your function", "FAILED",
                              "check() takes your function itself, such as check(prior_mle), not int 3")]
    assert "hint: P(c) is the share" in str(report)


def test_a_function_not_written_yet_is_reported_so():
    def prior_mle(class_count, n_documents):
        raise NotImplementedError  # your code here

    report = PRIOR.check(prior_mle)
    assert not report.passed
    assert report.first_failure.lines()[2] == "got:      not written yet (it raises NotImplementedError)"
    assert report.first_failure.hint == "write the function's body in place of `raise NotImplementedError`"
    assert [result for _, result, _ in report.checks] == ["FAILED", "FAILED", "not run", "not run"]


def test_an_error_in_the_students_function_is_reported_with_a_hint_and_never_raised():
    def prior_mle(class_count, n_documents):
        raise RuntimeError("boom")

    report = PRIOR.check(prior_mle)
    assert report.first_failure.problem == "raised RuntimeError: boom"
    assert report.first_failure.hint == PRIOR.hint

    def indexing(class_count, n_documents):
        return class_count[0] / n_documents

    hint = PRIOR.check(indexing).first_failure.hint
    assert "could not use the arguments as given; they are: class_count (N_c" in hint

    def dividing_by_zero(class_count, n_documents):
        return class_count / (n_documents - n_documents)

    assert PRIOR.check(dividing_by_zero).first_failure.hint.startswith("a division by zero: which count can be 0")


def test_log_of_zero_gets_a_hint_about_minus_infinity():
    def log_sum_exp(log_values):
        return math.log(sum(math.exp(value) for value in log_values))

    failure = exercise("log-sum-exp").check(log_sum_exp).first_failure
    assert failure.lines()[0] == "input:    log_sum_exp(log_values=[-inf, -inf])"
    assert failure.problem == "raised ValueError: math domain error"
    assert "math.log(0) raises 'math domain error' instead of giving -inf" in failure.hint

    def log_prior(class_count, n_documents):  # an answer without -inf: the general words
        return math.exp(math.log(class_count) - math.log(n_documents))

    failure = PRIOR.check(log_prior).first_failure
    assert failure.case.args == (0, 5)
    assert failure.hint.startswith("'math domain error' comes from math.log of 0 or of a negative number")


def test_an_answer_of_the_wrong_kind_is_told_so():
    def prior_as_text(class_count, n_documents):
        return str(class_count / n_documents)

    failure = PRIOR.check(prior_as_text).first_failure
    assert failure.lines()[1:3] == ["expected: 3/4 (0.75)", "got:      '0.75'"]
    assert failure.hint == ("your function returned the text '0.75', not a number: return the number itself, "
                            "without str() or formatting")
    assert kind_problem([3, 1], {"china": 3, "japan": 1}) == (
        "the answer is a dict {key: value}; yours is a list (dict() of it may be one)")
    assert kind_problem({"a": 1}, 0.5) == "the answer is a number; yours is a dict"
    assert kind_problem(0.5, 0.25) is None


def test_a_function_that_prints_or_forgets_return_is_asked_about_return(capsys):
    def forgot_return(class_count, n_documents):
        class_count / n_documents

    def printed(class_count, n_documents):
        print(class_count / n_documents)

    for function in (forgot_return, printed):
        failure = PRIOR.check(function).first_failure
        assert failure.lines()[2] == "got:      None"
        assert failure.hint.startswith("your function returned None: did you forget `return`?")
    assert capsys.readouterr().out.startswith("0.75\n")  # what it prints still shows


def test_a_numpy_float_is_a_right_answer():
    numpy = pytest.importorskip("numpy")

    def prior_mle(class_count, n_documents):
        return numpy.float64(class_count) / numpy.float64(n_documents)

    assert PRIOR.check(prior_mle).passed


def test_a_function_that_changes_its_input_is_told_so_and_what_changed():
    def log_posterior(log_joint):
        largest = max(log_joint.values())
        log_evidence = largest + math.log(sum(math.exp(value - largest) for value in log_joint.values()))
        for label in log_joint:
            log_joint[label] -= log_evidence
        return log_joint

    report = exercise("log-posterior").check(log_posterior)
    failure = report.first_failure
    assert not report.passed
    assert failure.problem.startswith("your function changed its input: log_joint was {'china': -1.20397")
    assert "before the call and {'china': -0.28768" in failure.problem
    assert failure.hint.startswith("leave the arguments as they came and build the answer in a new dict or list")

    def sorting_counts(labels):
        labels.sort()
        return {label: labels.count(label) for label in labels}

    assert "labels was ['china', 'china', 'china', 'japan'] before the call and" not in str(
        exercise("class-counts").check(sorting_counts))  # sorted, that list is the same
    assert "labels was [1, 0, 1, 1, 0] before the call and [0, 0, 1, 1, 1] after" in str(
        exercise("class-counts").check(sorting_counts))


def test_call_on_copies_and_returns_and_table_never_touch_the_case_and_catch_a_change():
    args = ({"a": 1}, [1, 2])

    def adds(table, document):
        table["a"] += 1
        return None

    assert returns_and_table(adds, args) == ({"a": 2}, None)  # a counting formula adds to its first argument
    assert args == ({"a": 1}, [1, 2])
    with pytest.raises(ChangedInput):
        call_on_copies(adds, args)  # any other formula only reads it

    def pops(table, document):
        document.pop()

    with pytest.raises(ChangedInput) as caught:
        returns_and_table(pops, args)
    assert caught.value.positions == [1]
    assert args == ({"a": 1}, [1, 2])
    assert math.isnan(call_on_copies(lambda table, document: document[0], ({}, [math.nan])))  # nan is unchanged


# -- the model run ----------------------------------------------------------------------


def test_a_reproduction_that_differs_from_the_librarys_fails_with_both_numbers():
    def prior_mle(class_count, n_documents):  # right on the hand case, 1/2 for every class in the model
        return Fraction(1, 2)

    report = a_prior_exercise([china_run()]).check(prior_mle)
    assert not report.passed
    assert report.first_failure is None  # every case passed: only the model run failed
    assert report.checks[-1] == (
        "in the model: MultinomialNB on the China example", "FAILED",
        f"MultinomialNB on the China example gives P(china | test document) = {float(CHINA_POSTERIOR_EVEN_PRIOR):.4f}, "
        f"but with the library's function it gives {float(CHINA_POSTERIOR):.4f}")
    assert "0.4257" in report.checks[-1][2] and "0.6898" in report.checks[-1][2]


def test_a_reproduction_that_matches_the_note_says_so():
    report = a_prior_exercise([china_run()]).check(lambda class_count, n_documents: class_count / n_documents)
    assert report.passed
    assert report.checks[-1][2] == ("with your prior_mle, MultinomialNB on the China example gives "
                                    "P(china | test document) = 0.6898, as the note does")


def test_a_reproduction_whose_data_is_missing_is_skipped_and_not_counted_as_failed():
    missing = Reproduction("MultinomialNB on 20 Newsgroups gives an accuracy of {value}",
                           lambda: pytest.fail("a reproduction without its data must not run"),
                           available=lambda: "needs 20 Newsgroups: set NAIVEBAYES_20NEWS_ARCHIVE")
    report = a_prior_exercise([missing, china_run()]).check(prior_mle)
    assert report.checks[2] == ("in the model: MultinomialNB on 20 Newsgroups", "skipped",
                                "needs 20 Newsgroups: set NAIVEBAYES_20NEWS_ARCHIVE")
    assert report.checks[3][1] == "passed"
    assert report.passed


def test_a_model_that_never_calls_the_function_is_not_a_pass_for_it():
    # MultinomialNB learns its prior from the counts: it never calls uniform_prior
    report = a_prior_exercise([china_run()], replaces=uniform_prior).check(prior_mle)
    assert report.checks[-1][1:] == ("not run", "this model never calls uniform_prior, so it cannot test yours "
                                                "(a mistake in the exercise: please report it)")


def test_an_error_in_the_model_with_the_students_function_is_reported_and_the_library_restored():
    holders = modules_holding(prior_mle)
    before = china_and_spam_predictions()

    def prior_mle_small_only(class_count, n_documents):  # right on the hand cases, raises in the spam model
        if n_documents > 10:
            raise OverflowError("too many documents for me")
        return class_count / n_documents

    report = PRIOR.check(prior_mle_small_only, n_random=0)
    assert [result for _, result, _ in report.checks] == ["passed", "passed", "passed", "FAILED"]
    assert report.checks[-1][2] == (
        "in the model, your function raised OverflowError on prior_mle(class_count=40, n_documents=73.0): "
        "too many documents for me (the cases above never gave it these arguments: see what differs)")
    assert modules_holding(prior_mle) == holders
    assert china_and_spam_predictions() == before


def test_check_never_changes_the_library():
    holders = modules_holding(prior_mle)
    before = china_and_spam_predictions()
    report = a_prior_exercise([china_run()]).check(lambda class_count, n_documents: Fraction(1, 2))
    assert not report.passed
    assert PRIOR.check(lambda class_count, n_documents: n_documents / class_count).first_failure is not None
    assert modules_holding(prior_mle) == holders
    assert china_and_spam_predictions() == before


def test_an_error_the_model_meets_first_names_the_call_and_the_random_cases_meet_it_too():
    def prior_mle(class_count, n_documents):  # Fraction takes whole numbers only, and training passes N = 4.0
        return Fraction(class_count, n_documents)

    report = PRIOR.check(prior_mle, n_random=0)
    assert report.checks[2] == (
        "in the model: MultinomialNB on the China example", "FAILED",
        "in the model, your function raised TypeError on prior_mle(class_count=3, n_documents=4.0): both arguments "
        "should be Rational instances (the cases above never gave it these arguments: see what differs)")
    failure = PRIOR.check(prior_mle).first_failure
    assert failure.about == "drawn at random" and type(failure.case.args[1]) is float
    assert failure.hint.startswith("your function could not use the arguments as given; they are: class_count")
    assert "which training passes as a float such as 4.0" in failure.hint


def test_an_error_of_the_model_itself_after_your_function_returned_is_told_as_the_models():
    def prior_mle(class_count, n_documents):  # right on every case, but no number the model can use
        if isinstance(n_documents, float):
            return "a prior"
        return class_count / n_documents

    report = PRIOR.check(prior_mle, n_random=0)
    assert report.checks[2][1] == "FAILED"
    assert report.checks[2][2].startswith("the model raised TypeError with your function: ")


def test_too_slow_reports_a_function_that_would_take_minutes_without_running_it_in_the_model(monkeypatch):
    recorder = CallRecorder(prior_mle)
    for n in range(1, 6):
        recorder(1, n)
    recorder.calls = 20_000  # as many calls as a large model makes

    def slow(class_count, n_documents):
        time.sleep(0.01)
        return class_count / n_documents

    message = recorder.too_slow(slow)
    assert message.startswith("too slow at this size: the model calls it 20,000 times, and at ")
    assert "that is about 3 minutes" in message or "that is about 4 minutes" in message
    assert recorder.too_slow(prior_mle) is None

    in_the_model = []

    def slow_prior(class_count, n_documents):
        in_the_model.append(bayes.prior_mle is slow_prior)
        time.sleep(0.002)
        return class_count / n_documents

    monkeypatch.setattr(CallRecorder, "LIMIT_SECONDS", 0.001)
    report = PRIOR.check(slow_prior, n_random=0)
    assert report.checks[2][1] == "FAILED"
    assert report.checks[2][2].startswith("too slow at this size: the model calls it 2 times")
    assert in_the_model and not any(in_the_model)  # timed on the model's calls, never run inside it


def test_readable_duration_reads_as_a_student_reads_a_time():
    assert readable_duration(30) == "30 seconds"
    assert readable_duration(200) == "3 minutes"
    assert readable_duration(3 * 3600) == "3 hours"


# -- the report -------------------------------------------------------------------------


def test_the_report_shows_the_same_rows_as_text_and_as_html_and_escapes_html():
    def prior_mle(class_count, n_documents):
        return "<b>"

    report = PRIOR.check(prior_mle)
    text, page = report.to_text(), report.to_html()
    assert text == str(report) == repr(report)
    assert page == report._repr_html_()
    assert text.startswith("prior_mle (prior): not yet right")
    for check, result, detail in report.checks:
        for cell in (check, result, detail):
            assert cell in text
            assert cell.replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#x27;") in page
    assert "got:      '<b>'" in text
    assert "&lt;b&gt;" in page and "<b>" not in page
    assert page.count("<tr") == len(report.checks) + 1


def test_passed_is_true_only_when_nothing_failed():
    assert PRIOR.check(prior_mle).passed
    assert not PRIOR.check(lambda class_count, n_documents: 0.5).passed
    assert PRIOR.check(prior_mle).title() == "prior_mle (prior): passed"


def test_check_with_a_seed_gives_the_same_cases_twice_and_another_seed_others():
    first = [case.args for case in PRIOR.cases(10, seed=3)]
    assert first == [case.args for case in PRIOR.cases(10, seed=3)]
    assert first != [case.args for case in PRIOR.cases(10, seed=4)]
    assert first[:4] == [case.args for case in PRIOR.hand_cases]

    def wrong_on_large(class_count, n_documents):
        return class_count / n_documents if n_documents < 500 else 0.5

    assert str(PRIOR.check(wrong_on_large, seed=3)) == str(PRIOR.check(wrong_on_large, seed=3))
    assert str(PRIOR.check(wrong_on_large, seed=3)) != str(PRIOR.check(wrong_on_large, seed=4))


def test_when_the_first_wrong_answer_fits_two_mistakes_the_other_wrong_answers_choose_the_hint():
    def log_sum_exp(log_values):  # on [0, 0] the largest value and the sum of the logs are both 0
        return max(log_values)

    item = exercise("log-sum-exp")
    failure = item.check(log_sum_exp).first_failure
    assert failure.case.args == ([0.0, 0.0],)
    assert item.hint_for(failure.case, 0.0).startswith("this adds the logarithms")  # the first listed, alone
    assert failure.hint == "this is only m, the largest value: the other terms add log(sum exp(v_c - m))"


def test_a_function_that_keeps_its_counts_between_calls_is_told_so_and_shown_as_it_answered():
    def count_classes(labels, counts={}):  # noqa: B006 -- the mistake under test
        for label in labels:
            counts[label] = counts.get(label, 0) + 1
        return counts

    failure = exercise("class-counts").check(count_classes).first_failure
    assert failure.lines()[:3] == ["input:    count_classes(labels=['spam'])", "expected: {'spam': 1}",
                                   "got:      {'china': 3, 'japan': 1, 'spam': 1}"]  # not the dict as it grew later
    assert failure.hint.startswith("your function gave another answer to the first case when it was asked again")


def test_a_label_of_the_wrong_kind_is_told_so():
    def decision(scores):
        return 0

    assert exercise("decision").check(decision).first_failure.hint == (
        "the answer is a label, such as 'china'; yours is an int")


def test_the_report_in_markdown_has_its_title_rows_and_first_wrong_answer():
    report = PRIOR.check(lambda class_count, n_documents: 1 / n_documents)
    page = report._repr_markdown_()
    assert page.startswith("**prior_mle (prior): not yet right**\n\n| check | result | detail |\n|---|---|---|\n")
    assert page.count("\n| ") == len(report.checks) + 1  # the header and one line a row
    assert page.endswith("```\ninput:    prior_mle(class_count=3, n_documents=4)\nexpected: 3/4 (0.75)\n"
                         "got:      0.25\nhint:     P(c) is the share of the training examples whose label is c\n```")
    assert PRIOR.check(prior_mle).to_markdown().count("```") == 0


def test_a_function_that_calls_the_librarys_own_is_told_why_the_model_recursed():
    def log_sum_exp(log_values):  # the library's function, looked up where the model looks it up
        return bayes.log_sum_exp(log_values)

    report = exercise("log-sum-exp").check(log_sum_exp, n_random=0)
    assert report.checks[-2][1:] == ("FAILED", "the model raised RecursionError with your function: does it call the "
                                               "library's log_sum_exp? In this run that name is your function, which "
                                               "then calls itself without end")
    assert bayes.log_sum_exp.__module__ == "naivebayes.core.bayes" and bayes.log_sum_exp is not log_sum_exp


def test_signature_problem_reads_a_plain_function_from_its_code_and_agrees_with_inspect():
    for function in (lambda a, b: a, lambda a, b=1: a, lambda a, b, c=0: a, lambda *a: a, lambda a, *rest: a,
                     lambda a, b, *, c=0: a):
        assert signature_problem(PRIOR, function) is None
    for function in (lambda: 0, lambda a: a, lambda a, b, c: a, lambda a, b, *, c: a):
        assert "but the formula needs 2 arguments" in signature_problem(PRIOR, function)
    assert signature_problem(PRIOR, max) is None  # a builtin: the cases will tell


def test_exercise_finds_a_name_spelled_with_underscores_and_says_what_a_wrong_name_should_be():
    assert exercise("log_sum_exp") is exercise("log-sum-exp") is exercise(" Log Sum Exp ")
    with pytest.raises(KeyError, match=r"prior_mle is the function you write in the exercise 'prior': ask for "
                                       r"exercise\('prior'\)"):
        exercise("prior_mle")
    with pytest.raises(KeyError, match=r"no exercise called 'piror'; did you mean 'prior'\? the exercises are: "
                                       r"class-counts, prior, "):
        exercise("piror")
    with pytest.raises(TypeError, match="exercise\\(\\) takes an exercise's name, such as 'prior', not int 3"):
        exercise(3)


def test_a_pandas_series_where_a_dict_belongs_is_told_so_before_the_model_meets_it():
    pandas = pytest.importorskip("pandas")

    def count_classes(labels):
        return pandas.Series(labels, dtype=object).value_counts()

    failure = exercise("class-counts").check(count_classes).first_failure
    assert failure.hint == "the answer is a dict {key: value}; yours is a Series (dict() of it may be one)"
    assert exercise("class-counts").check(lambda labels: count_classes(labels).to_dict()).passed
