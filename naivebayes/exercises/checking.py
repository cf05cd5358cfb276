"""Checking a student's version of one formula: the cases, the hints, the model run with it.

An ``Exercise`` (built in ``bayes_exercises.py``, ``text_exercises.py`` and
``table_exercises.py``) names one formula function of the library.
``exercise.check(your_function)`` then

1. calls your function on the hand-computed cases, whose answers are exact
   numbers worked out from the notes;
2. calls it on cases drawn at random, and compares with the library's own
   function on the same input;
3. tries the cases where a right-looking function still fails at scale
   (products that underflow, exp that overflows);
4. puts your function into the real model in place of the library's, for
   that run only, and reproduces a number the notes publish with it.

The first failure is reported with its input, the expected answer, yours, and
a hint: when your answer matches one of the exercise's known mistakes (the
smoothing left out, base-2 logarithms, ...), the hint names that step of the
derivation; it never shows the answer's code.  Other hints answer what a
student meets first: None returned (a missing ``return``), text where a
number belongs, ``math.log(0)``'s "math domain error", an input your
function changed, a default argument that keeps counts between calls.

Nothing your function does is raised out of ``check``: an error becomes a
row of the report, and the library's own function is put back in every
module after the model run, even when the run fails.
"""

import copy
import inspect
import math
import pickle
import random
import time
import types
from collections.abc import Mapping
from fractions import Fraction

from naivebayes.plumbing.checks import is_number, power_of_ten
from naivebayes.plumbing.display import ShownAsTable, html_table, markdown_table, text_table

# What a student or an instructor calls.  Case, Mistake, AtScale and Reproduction build an exercise's
# catalogue entry (bayes_exercises.py shows how); they join this list once a docs page shows a reader how.
__all__ = ["Exercise", "CheckReport", "replaced"]

DEFAULT_RANDOM_CASES = 40
RELATIVE_TOLERANCE = 1e-9  # a float answer within this of the exact one is right
ABSOLUTE_TOLERANCE = 1e-12
LOG_TOLERANCE = 1e-9  # a logarithm this far off is a probability off by a relative 1e-9
KEEPS_STATE = ("your function gave another answer to the first case when it was asked again: it keeps "
               "something from one call to the next (a default argument such as counts={}, or a global); "
               "start each call afresh")
RETURNED_NONE = ("your function returned None: did you forget `return`? "
                 "(print shows a value on the screen, but only return gives it back)")


class Case:
    """One input to the formula: its arguments, and where its expected answer comes from.

    ``expected`` is the hand-computed answer, or None for a random case (the
    library's own function then gives it).  ``about`` says in a few words what
    the case is, such as "chinese in class china, Laplace".
    """

    def __init__(self, args, expected=None, about=""):
        self.args, self.expected, self.about = tuple(args), expected, about


class Mistake:
    """A wrong version of the formula that students write, and the hint that names its step.

    ``wrong`` computes what that mistake gives (the tests plant it and check
    that its hint comes back); ``hint`` says which step of the derivation to
    look at again, without the code.
    """

    def __init__(self, name, hint, wrong):
        self.name, self.hint, self.wrong = name, hint, wrong


class AtScale:
    """A case that small inputs never show: right on paper, wrong in floating point or too slow.

    ``args`` is the input; ``reason`` says what goes wrong when the answer is
    wrong here (such as "the product of 2,000 probabilities underflows to 0.0").
    """

    def __init__(self, about, args, reason):
        self.about, self.args, self.reason = about, tuple(args), reason


class Reproduction:
    """A real model run with the student's function in place of the library's, and the number it gives.

    ``run()`` trains and scores a model and returns the number (a score or a
    probability); ``says`` is the sentence that reports it, with ``{value}``
    where the number goes, such as "MultinomialNB on the China example gives
    P(china | test document) = {value}".  ``published`` is the number the note
    prints, when there is one, and ``needs`` names data that may be missing
    (``available()`` says whether it is here).
    """

    def __init__(self, says, run, published=None, available=None, digits=4):
        self.says, self.run, self.published, self.digits = says, run, published, digits
        self.available = available or (lambda: None)  # -> None, or why it cannot run here


class Exercise:
    """One formula to implement: the statement, the cases that check it, and the model that uses it.

    Displayed (in a notebook, with ``print`` or on the docs page) it is the
    statement: the formula as the docs page writes it, the page, and the
    signature to fill in.  ``check(your_function)`` grades a version.
    """

    def __init__(self, name, title, formula_id, page, notes, function, latex, arguments, returns,
                 hand_cases, draw, mistakes, hint, at_scale=(), replaces=None, adapt=None,
                 reproductions=(), observe=None, compare=None):
        self.name = name  # such as "multinomial-estimate"
        self.title = title
        self.formula_id = formula_id  # the docs anchor, such as "eq-multinomial-lidstone"
        self.page = page  # such as "multinomial.md"
        self.notes = tuple(notes)  # the lecture notes that derive it, by title
        self.function = function  # the library's own version: the one the model calls
        self.latex = latex  # the formula as the docs page displays it
        self.arguments = dict(arguments)  # {parameter: what it holds}
        self.returns = returns
        self.hand_cases = list(hand_cases)
        self.draw = draw  # random.Random -> the arguments of one random case
        self.mistakes = list(mistakes)
        self.hint = hint  # when no known mistake matches: the step to look at again
        self.at_scale = list(at_scale)
        self.replaces = replaces or function  # the library function the model calls (a log form, say)
        self.adapt = adapt or (lambda yours: yours)  # your function -> the replacement the model calls
        self.reproductions = list(reproductions)
        self.observe = observe or call_on_copies  # (function, args) -> what is compared
        self.compare = compare or same_answer

    # -- the statement -------------------------------------------------------

    @property
    def function_name(self):
        return self.function.__name__

    @property
    def signature(self):
        """``def multinomial_likelihood(count, total, alpha, vocabulary_size):``, to fill in."""
        return f"def {self.function_name}{inspect.signature(self.function)}:"

    @property
    def formula_text(self):
        """The formula in plain text: the first line of the library function's docstring."""
        return inspect.getdoc(self.function).split("\n")[0]

    @property
    def link(self):
        return f"docs/{self.page}#{self.formula_id}"

    def stub(self):
        """The function to fill in: its signature, what it takes and gives, and ``raise NotImplementedError``."""
        lines = [self.signature, f'    """{self.formula_text}', ""]
        lines += [f"    {name}: {meaning}" for name, meaning in self.arguments.items()]
        lines += [f"    returns: {self.returns}", f"    Formula: {self.link}", '    """']
        lines.append("    raise NotImplementedError  # your code here")
        return "\n".join(lines)

    def __repr__(self):
        lines = [f"Exercise {self.name!r}: {self.title}", "", f"    {self.formula_text}", "",
                 f"Derived in: {', '.join(self.notes)}", f"Page: {self.link}", "", "Fill in:", "",
                 self.stub(), "", f"Check it: exercise({self.name!r}).check({self.function_name})"]
        return "\n".join(lines)

    __str__ = __repr__

    def _repr_html_(self):
        import html

        arguments = "".join(f"<li><code>{html.escape(name)}</code>: {html.escape(meaning)}</li>"
                            for name, meaning in self.arguments.items())
        return (f"<h4>Exercise <code>{html.escape(self.name)}</code>: {html.escape(self.title)}</h4>"
                f"<p>$$ {html.escape(self.latex)} $$</p>"
                f"<p>In plain text: <code>{html.escape(self.formula_text)}</code></p>"  # (where no MathJax typesets it)
                f"<p>Derived in: {html.escape(', '.join(self.notes))}. Page: "
                f'<a href="{html.escape(self.link)}">{html.escape(self.link)}</a></p>'
                f"<p>Fill in <code>{html.escape(self.signature)}</code></p><ul>{arguments}"
                f"<li>returns: {html.escape(self.returns)}</li></ul>"
                f"<p>Check it: <code>exercise({html.escape(repr(self.name))}).check({html.escape(self.function_name)})</code></p>")

    # -- the check -----------------------------------------------------------

    def cases(self, n_random=DEFAULT_RANDOM_CASES, seed=0):
        """The hand-computed cases, then ``n_random`` drawn with ``seed`` (answers from the library)."""
        return list(self.hand_cases) + self.random_cases(n_random, seed)

    def random_cases(self, n_random=DEFAULT_RANDOM_CASES, seed=0):
        """``n_random`` cases drawn with ``seed``, the same ones each time; the library's function answers them."""
        generator = random.Random(f"{self.name}/{seed}")
        return [Case(self.draw(generator), about="drawn at random") for _ in range(n_random)]

    def expected(self, case):
        if case.expected is not None:
            return case.expected
        return self.observe(self.function, case.args)

    def check(self, your_function, *, n_random=DEFAULT_RANDOM_CASES, seed=0, in_model=True):
        """Grade ``your_function`` as a version of this formula; returns a ``CheckReport`` (a table).

        ``n_random`` cases are drawn with ``seed`` after the hand-computed
        ones.  With ``in_model`` (the default) a function that passes every
        case is then run inside the real model, which reproduces the notes'
        numbers with it.
        """
        report = CheckReport(self)
        problem = signature_problem(self, your_function)
        if problem:
            report.add("your function", "FAILED", problem)
            report.first_failure = Failure(None, None, None, None, self.hint, problem=problem)
            return report
        for group in ("hand-computed cases", "random cases against the library"):
            if group == "hand-computed cases":  # (a debugger reaches your function on the first of these)
                group_cases = self.hand_cases
            else:
                group_cases = self.random_cases(n_random, seed)
            passed, failure = self._run_cases(your_function, group_cases)  # step in here to reach your function
            report.add(f"{group} ({len(group_cases)})", "passed" if failure is None else "FAILED",
                       f"{passed} of {len(group_cases)} right"
                       + ("" if failure is None else f"; first wrong: {failure.about}"))
            if failure is not None and report.first_failure is None:
                report.first_failure = failure
        small_cases_failed = report.first_failure is not None
        for scale in self.at_scale:
            if small_cases_failed:  # (a function wrong on small cases would be told the wrong reason)
                report.add(f"at scale: {scale.about}", "not run", "once every case above passes")
                continue
            failure = self._run_at_scale(your_function, scale)
            report.add(f"at scale: {scale.about}", "passed" if failure is None else "FAILED",
                       "right" if failure is None else scale.reason)
            if failure is not None and report.first_failure is None:
                report.first_failure = failure
        if not in_model:
            return report
        for reproduction in self.reproductions:
            if report.first_failure is not None:
                report.add(f"in the model: {reproduction.says.split(' gives')[0]}", "not run",
                           "once every case above passes")
                continue
            report.add(*self._reproduce(your_function, reproduction))
        return report

    def _run_cases(self, your_function, cases):
        """(how many of ``cases`` your function gets right, the first Failure or None): every case is tried."""
        passed, failures = 0, []
        for case in cases:
            failure = self._try(your_function, case, None)
            if failure is None:
                passed += 1
            else:
                failures.append(failure)
        if not failures:
            return passed, None
        if failures[0].case is not cases[0] and self._try(your_function, cases[0], None) is not None:
            failures[0].hint = KEEPS_STATE  # right the first time, wrong now: the same input, another answer
        wrong = [failure for failure in failures if failure.problem is None]
        if failures[0] is (wrong or [None])[0] and len(wrong) > 1:  # the first wrong answer may fit two mistakes:
            mistake = self.most_alike_mistake(wrong)  # the other wrong answers tell them apart
            if mistake is not None:
                failures[0].hint = mistake.hint
        return passed, failures[0]

    def _run_at_scale(self, your_function, scale):
        return self._try(your_function, Case(scale.args, about=scale.about), scale.reason)

    def _try(self, your_function, case, reason):
        """None when ``your_function`` gets ``case`` right, else the Failure; ``reason`` is an at-scale case's hint."""
        expected = self.expected(case)
        try:
            got = self.observe(your_function, case.args)  # step in here to reach your function
        except NotImplementedError:
            return Failure(self, case, expected, None,
                           "write the function's body in place of `raise NotImplementedError`",
                           problem="not written yet (it raises NotImplementedError)")
        except ChangedInput as change:
            return Failure(self, case, expected, None, change.hint(), problem=change.describe(self))
        except Exception as error:  # noqa: BLE001 -- a student's error is reported, not raised
            return Failure(self, case, expected, None, reason or self.hint_for_error(case, error, expected),
                           problem=f"raised {type(error).__name__}: {error}")
        try:
            right = self.compare(got, expected)
        except Exception:  # noqa: BLE001 -- an answer of a kind the comparison cannot read is a wrong answer
            right = False
        if right:
            return None
        try:
            got = copy.deepcopy(got)  # as it was now: a dict your function keeps changing later would mislead
        except Exception:  # noqa: BLE001 -- an answer that cannot be copied is shown as it is
            pass
        return Failure(self, case, expected, got, reason or self.hint_for(case, got, expected))

    def hint_for(self, case, got, expected=None):
        """The hint for a wrong answer ``got``: None returned, a known mistake that gives exactly ``got``
        on this case, an answer of the wrong kind (text for a number, a list for a dict), else the general hint."""
        if got is None:
            return RETURNED_NONE
        for mistake in self.mistakes:
            if self.gives(mistake, case, got):
                return mistake.hint
        return kind_problem(got, expected) or self.hint

    def gives(self, mistake, case, got):
        """True when ``mistake`` gives exactly the answer ``got`` on ``case``."""
        try:
            return bool(self.compare(got, self.observe(mistake.wrong, case.args)))
        except Exception:  # noqa: BLE001 -- that mistake fails here some other way
            return False

    def most_alike_mistake(self, wrong):
        """Of the mistakes that give the first of the ``wrong`` answers (Failures), the one that gives most of them."""
        best, most = None, 0
        for mistake in self.mistakes:
            if not self.gives(mistake, wrong[0].case, wrong[0].got):
                continue
            alike = sum(self.gives(mistake, failure.case, failure.got) for failure in wrong)
            if alike > most:
                best, most = mistake, alike
        return best

    def hint_for_error(self, case, error, expected=None):
        """The hint for an error your function raised on ``case``."""
        if isinstance(error, ZeroDivisionError):
            return f"a division by zero: which count can be 0 here? ({self.hint})"
        if isinstance(error, ValueError) and "math domain error" in str(error):
            if holds_minus_infinity(expected):
                return ("this case's answer holds -inf, the logarithm of 0, and math.log(0) raises "
                        "'math domain error' instead of giving -inf: find where a 0 (or a log value of -inf) "
                        "reaches a logarithm, and give -inf there yourself (-math.inf)")
            return ("'math domain error' comes from math.log of 0 or of a negative number, or math.sqrt of a "
                    f"negative number: which value here can be 0 or below? ({self.hint})")
        if isinstance(error, OverflowError):
            return ("a number grew past the largest float (about 1.8e308), as exp() of a value above 709 does: "
                    f"keep the numbers as logarithms, or take the largest value out first ({self.hint})")
        if isinstance(error, KeyError) and error.args:
            return (f"your function looked up {error.args[0]!r}, which the table it read does not hold: "
                    "a table keeps only what training counted (a word never seen in a class, say, has no entry). "
                    "What does the formula do with such a key?")
        if isinstance(error, (TypeError, KeyError, AttributeError, IndexError)):
            return (f"your function could not use the arguments as given; they are: "
                    f"{', '.join(f'{name} ({meaning})' for name, meaning in self.arguments.items())}")
        return self.hint

    def _reproduce(self, your_function, reproduction):
        """Run the model with the library's function, time yours on the calls it made, then run it with yours."""
        label = f"in the model: {reproduction.says.split(' gives')[0]}"
        missing = reproduction.available()
        if missing:
            return label, "skipped", missing
        recorder = CallRecorder(self.replaces)
        started = time.perf_counter()
        try:
            with replaced(self.replaces, recorder):
                reference = reproduction.run()
        except Exception as error:  # noqa: BLE001 -- the library's own run failed here: say so, do not raise
            return label, "not run", (f"the model could not run with the library's own {self.replaces.__name__} "
                                      f"({type(error).__name__}: {error})")
        library_seconds = time.perf_counter() - started
        if recorder.calls == 0:
            return label, "not run", (f"this model never calls {self.replaces.__name__}, so it cannot test yours "
                                      "(a mistake in the exercise: please report it)")
        yours = self.adapt(your_function)
        slow = recorder.too_slow(yours)
        if slow:
            return label, "FAILED", slow
        started = time.perf_counter()
        try:
            with replaced(self.replaces, yours):
                value = reproduction.run()
        except Exception as error:  # noqa: BLE001
            call = failed_call(error, your_function, self.function_name)
            if isinstance(error, RecursionError):
                return label, "FAILED", (f"the model raised RecursionError with your function: does it call the "
                                         f"library's {self.replaces.__name__}? In this run that name is your function, "
                                         "which then calls itself without end")
            if call is not None:
                return label, "FAILED", (f"in the model, your function raised {type(error).__name__} on {call}: "
                                         f"{error} (the cases above never gave it these arguments: see what differs)")
            return label, "FAILED", f"the model raised {type(error).__name__} with your function: {error}"
        seconds = time.perf_counter() - started
        said = reproduction.says.format(value=readable(value, reproduction.digits))
        if not same_answer(value, reference):
            return label, "FAILED", (f"{said}, but with the library's function it gives "
                                     f"{readable(reference, reproduction.digits)}")
        speed = ""
        if seconds > 10 * library_seconds and seconds > 1:
            speed = (f" (but it took {seconds:.1f} s against the library's {library_seconds:.1f} s: "
                     f"{seconds / library_seconds:.0f} times as long)")
        where = ("as the note does" if reproduction.published is not None
                 and round(float(value), reproduction.digits)
                 == round(float(reproduction.published), reproduction.digits)
                 else "as the library does")
        return label, "passed", f"with your {self.function_name}, {said}, {where}{speed}"


def failed_call(error, your_function, name):
    """The call of your function that raised ``error`` inside the model, such as
    ``prior_mle(class_count=3, n_documents=4.0)``; None when the error came from
    the model itself (after your function returned)."""
    code = getattr(your_function, "__code__", None)
    traceback, frame = error.__traceback__, None
    while traceback is not None:
        if traceback.tb_frame.f_code is code and frame is None:  # the model's call, not one your function made
            frame = traceback.tb_frame
        traceback = traceback.tb_next
    if frame is None:
        return None
    names = code.co_varnames[:code.co_argcount]
    return f"{name}({', '.join(f'{item}={readable(frame.f_locals.get(item))}' for item in names)})"


class CallRecorder:
    """The library's function, counting the model's calls and keeping the first few arguments to time yours on.

    Before the model runs with your function, ``too_slow`` times yours on the
    kept arguments and multiplies by the number of calls: a function that
    would take minutes is reported without waiting for it.
    """

    KEPT = 20
    LIMIT_SECONDS = 60.0
    TIMING_SECONDS = 1.0  # time yours on the kept calls for at most about this long

    def __init__(self, function):
        self.function, self.calls, self.kept = function, 0, []

    def __call__(self, *args):
        self.calls += 1
        if len(self.kept) < self.KEPT:
            self.kept.append(copy.deepcopy(args))
        return self.function(*args)

    def seconds_per_call(self, function):
        """``function``'s mean time on the kept calls, timed for about TIMING_SECONDS at most (slow is slow at once)."""
        copies = [copy.deepcopy(args) for args in self.kept]
        started = time.perf_counter()
        timed = 0
        for args in copies:
            function(*args)
            timed += 1
            if time.perf_counter() - started > self.TIMING_SECONDS:
                break
        return (time.perf_counter() - started) / max(timed, 1)

    def too_slow(self, yours):
        """Why ``yours`` would take too long in this model run (the estimate and the reason), or None."""
        if not self.kept:
            return None
        try:
            per_call = self.seconds_per_call(yours)
        except Exception:  # noqa: BLE001 -- the run itself will report it
            return None
        estimate = per_call * self.calls
        if estimate <= self.LIMIT_SECONDS:
            return None
        library = self.seconds_per_call(self.function) * self.calls
        return (f"too slow at this size: the model calls it {self.calls:,} times, and at "
                f"{per_call * 1e3:.2f} ms a call that is about {readable_duration(estimate)} (the library's: "
                f"{library:.1f} s). Look for work done again on every call, such as a loop over all the "
                f"examples or the whole vocabulary inside it")


class Failure:
    """The first wrong answer: the case, what was expected, what came back, and the hint."""

    def __init__(self, exercise, case, expected, got, hint, problem=None):
        self.exercise, self.case, self.expected, self.got, self.hint = exercise, case, expected, got, hint
        self.problem = problem  # what happened instead of an answer, such as "raised ValueError: ..."

    @property
    def about(self):
        if self.case is None:
            return "before any case"
        return self.case.about or "a case"

    def lines(self):
        if self.case is None:
            return [f"hint: {self.hint}"]
        names = list(inspect.signature(self.exercise.function).parameters)
        arguments = ", ".join(f"{name}={readable(value)}" for name, value in zip(names, self.case.args))
        got = self.problem if self.problem is not None else readable(self.got)
        return [f"input:    {self.exercise.function_name}({arguments})",
                f"expected: {readable(self.expected)}", f"got:      {got}", f"hint:     {self.hint}"]


class CheckReport(ShownAsTable):
    """The table ``check`` answers with: one row per group of checks, then the first failure explained."""

    align = "lll"

    def __init__(self, exercise):
        self.exercise = exercise
        self.checks = []  # [(check, result, detail)]
        self.first_failure = None

    def add(self, check, result, detail):
        self.checks.append((check, result, detail))

    @property
    def passed(self):
        """True when no check failed (a reproduction skipped for want of data does not count against it)."""
        return self.first_failure is None and all(result != "FAILED" for _, result, _ in self.checks)

    def rows(self):
        return [["check", "result", "detail"]] + [list(row) for row in self.checks]

    def title(self):
        verdict = "passed" if self.passed else "not yet right"
        return f"{self.exercise.function_name} ({self.exercise.name}): {verdict}"

    def to_text(self):
        header, *rows = self.rows()
        table = text_table(header, rows, title=self.title(), align=self.align)
        if self.first_failure is None:
            return table
        return table + "\n\nThe first wrong answer:\n" + "\n".join(self.first_failure.lines())

    __repr__ = __str__ = to_text

    def to_markdown(self):
        header, *rows = self.rows()
        table = f"**{self.title()}**\n\n" + markdown_table(header, rows, align=self.align)
        if self.first_failure is None:
            return table
        return table + "\n\nThe first wrong answer:\n\n```\n" + "\n".join(self.first_failure.lines()) + "\n```"

    _repr_markdown_ = to_markdown

    def to_html(self):
        import html

        header, *rows = self.rows()
        marked = [number for number, row in enumerate(rows) if row[1] == "FAILED"]
        table = html_table(header, rows, title=self.title(), marked_rows=marked, align=self.align)
        if self.first_failure is None:
            return table
        detail = "\n".join(self.first_failure.lines())
        return f"{table}\n<p>The first wrong answer:</p>\n<pre>{html.escape(detail)}</pre>"

    _repr_html_ = to_html


# -- comparing answers ----------------------------------------------------------


class ChangedInput(Exception):
    """Raised by the framework (never by the library) when a function changed an argument it should only read."""

    def __init__(self, positions, before, after):
        super().__init__(f"the arguments at {positions} changed")
        self.positions, self.before, self.after = positions, before, after

    def describe(self, exercise):
        names = list(inspect.signature(exercise.function).parameters)
        changes = "; ".join(f"{names[i] if i < len(names) else f'argument {i + 1}'} was "
                            f"{readable(self.before[i])} before the call and {readable(self.after[i])} after"
                            for i in self.positions)
        return f"your function changed its input: {changes}"

    def hint(self):
        return ("leave the arguments as they came and build the answer in a new dict or list: "
                "the model uses the same lists and dicts again after this step")


def call_on_copies(function, args):
    """What ``function`` returns on copies of ``args`` (so that no case changes the next one's input).

    An argument the function changed raises ``ChangedInput``: a formula only reads its input.
    """
    given = copy.deepcopy(args)
    returned = function(*given)  # (in a check, your function: step in here)
    check_unchanged(args, given, range(len(args)))
    return returned


def returns_and_table(function, args):
    """For a counting formula that adds to its first argument: (the table after the call, what it returned).

    The other arguments must come back unchanged (else ``ChangedInput``).
    """
    given = copy.deepcopy(args)
    returned = function(*given)
    check_unchanged(args, given, range(1, len(args)))
    return given[0], returned


def check_unchanged(before, after, positions):
    """Raise ``ChangedInput`` when an argument at ``positions`` of ``after`` (the copies given) is not ``before``'s."""
    changed = [i for i in positions if not same_value(before[i], after[i])]
    if changed:
        raise ChangedInput(changed, before, after)


def same_value(before, after):
    """True when ``after`` is still ``before`` (a deep copy of it): the same bits, or, failing that, equal.

    The bits alone are not enough: a copied set may keep its words in another
    order, and pickle writes them in that order.
    """
    try:
        if pickle.dumps(before) == pickle.dumps(after):
            return True
    except Exception:  # noqa: BLE001 -- a value pickle cannot write: compare it with ==
        pass
    try:
        return bool(before == after)
    except Exception:  # noqa: BLE001 -- nor compare: trust it
        return True


def same_answer(got, expected, absolute=ABSOLUTE_TOLERANCE):
    """True when ``got`` is ``expected``, a float within a relative 1e-9 of it counting as the same.

    Containers compare item by item (a tuple and a list with the same items
    are the same answer); dicts need the same keys, and a dict's answer must
    be a mapping (a pandas Series is not: the model cannot use it as a
    dict); numbers that are not finite must match exactly.  ``absolute`` is
    how far apart two floats near 0 may be.
    """
    if isinstance(expected, dict):
        return (isinstance(got, Mapping) and set(got.keys()) == set(expected)
                and all(same_answer(got[key], value, absolute) for key, value in expected.items()))
    if isinstance(expected, (list, tuple)):
        return (isinstance(got, (list, tuple)) and len(got) == len(expected)
                and all(same_answer(a, b, absolute) for a, b in zip(got, expected)))
    if is_number(expected):
        if not is_number(got):
            return False
        if isinstance(expected, bool) or isinstance(got, bool):
            return got == expected
        if isinstance(expected, float) and math.isnan(expected):
            return isinstance(got, float) and math.isnan(got)
        if isinstance(got, (int, Fraction)) and isinstance(expected, (int, Fraction)):
            return got == expected
        got, expected = float(got), float(expected)
        if math.isinf(expected) or math.isinf(got) or math.isnan(got):
            return got == expected
        return math.isclose(got, expected, rel_tol=RELATIVE_TOLERANCE, abs_tol=absolute)
    return got == expected


def same_log_answer(got, expected):
    """``same_answer`` for logarithms: two logs within 1e-9 of each other are the same answer.

    A log that is off by 1e-9 is a probability off by a relative 1e-9, however
    large the logs were on the way: log P(c | x) near 0 worked out from joints
    near -50,000 carries their rounding (about 1e-11), and is still right.
    """
    return same_answer(got, expected, LOG_TOLERANCE)


def kind_problem(got, expected):
    """A hint when ``got`` is not even the kind of answer wanted (text for a number, a list for a dict), else None."""
    if is_number(expected) and not isinstance(expected, bool):
        if isinstance(got, str):
            return (f"your function returned the text {got!r}, not a number: return the number itself, "
                    "without str() or formatting")
        if not is_number(got):
            return f"the answer is a number; yours is {kind_of(got)}"
        return None
    if isinstance(expected, dict) and not isinstance(got, Mapping):
        return f"the answer is a dict {{key: value}}; yours is {kind_of(got)} (dict() of it may be one)"
    if isinstance(expected, (list, tuple)) and not isinstance(got, (list, tuple)):
        return f"the answer is a list; yours is {kind_of(got)}"
    if isinstance(expected, str) and not isinstance(got, str):
        return f"the answer is a label, such as {expected!r}; yours is {kind_of(got)}"
    return None


def kind_of(value):
    """``a list``, ``a dict``, ``the text '0.75'``: what a value is, for a hint."""
    if isinstance(value, str):
        return f"the text {value!r}"
    name = type(value).__name__
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def holds_minus_infinity(value):
    """True when an expected answer is -inf or holds one (in a dict, list or tuple)."""
    if isinstance(value, dict):
        return any(holds_minus_infinity(item) for item in value.values())
    if isinstance(value, (list, tuple)):
        return any(holds_minus_infinity(item) for item in value)
    return is_number(value) and value == -math.inf


def readable_duration(seconds):
    """``about 3 minutes``, ``about 2 hours``: a long time as a student reads it."""
    if seconds < 90:
        return f"{seconds:.0f} seconds"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds / 3600:.0f} hours"


def readable(value, digits=None):
    """A value as a student reads it: a Fraction with its decimal, a float as Python prints it."""
    if isinstance(value, Fraction) and value.denominator != 1:
        if digits is not None:
            return f"{float(value):.{digits}f}"
        if len(str(value)) > 60:  # (an exact answer far beyond a float's range: its size, not its hundreds of digits)
            return f"a Fraction of {power_of_ten(value)}"
        return f"{value} ({float(value):.6g})"
    if isinstance(value, Fraction):
        return str(value.numerator)
    if isinstance(value, float) and digits is not None:
        return f"{value:.{digits}f}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key!r}: {readable(item)}" for key, item in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(readable(item) for item in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(value) == 1 else ''})"
    text = repr(value)
    return text if len(text) <= 300 else text[:300] + f"... ({len(text)} characters)"


def signature_problem(exercise, your_function):
    """Why ``your_function`` cannot be a version of this formula (not callable, wrong arguments), or None."""
    if isinstance(your_function, type) or not callable(your_function):
        return (f"check() takes your function itself, such as check({exercise.function_name}), "
                f"not {type(your_function).__name__} {readable(your_function)}")
    if type(your_function) is types.FunctionType and takes_arguments(your_function, exercise.function):
        return None  # the usual case, read from the code itself (no frames of inspect for a debugger to step through)
    try:
        signature = inspect.signature(your_function)
    except (TypeError, ValueError):
        return None  # a builtin or a callable whose signature cannot be read: the cases will tell
    wanted = len(inspect.signature(exercise.function).parameters)
    try:
        signature.bind(*range(wanted))
    except TypeError:
        return (f"your function takes ({', '.join(signature.parameters)}), but the formula needs "
                f"{wanted} arguments: {exercise.signature}")
    return None


def takes_arguments(your_function, library_function):
    """True when plain function ``your_function`` can be called with as many arguments as ``library_function`` takes."""
    code, wanted = your_function.__code__, library_function.__code__.co_argcount
    required = code.co_argcount - len(your_function.__defaults__ or ())
    required_keywords = code.co_kwonlyargcount - len(your_function.__kwdefaults__ or {})
    return (required <= wanted and (wanted <= code.co_argcount or bool(code.co_flags & inspect.CO_VARARGS))
            and required_keywords == 0)


# -- putting a student's function into the model ---------------------------------


class replaced:
    """``with replaced(library_function, yours):`` the package calls yours wherever it called the library's.

    Every module of the package that holds ``library_function`` under a name
    (where it is defined, and wherever it was imported) has it swapped for
    the replacement, and back when the block ends, even after an error.  The
    swap is for the whole process: do not train models in other threads
    meanwhile.
    """

    def __init__(self, library_function, replacement):
        self.library_function, self.replacement = library_function, replacement
        self.swapped = []

    def __enter__(self):
        import sys

        for name, module in list(sys.modules.items()):
            if not (name == "naivebayes" or name.startswith("naivebayes.")) or not isinstance(module, types.ModuleType):
                continue
            for attribute, value in list(vars(module).items()):
                if value is self.library_function:
                    self.swapped.append((module, attribute))
                    setattr(module, attribute, self.replacement)
        return self

    def __exit__(self, *exception):
        for module, attribute in self.swapped:
            setattr(module, attribute, self.library_function)
        self.swapped = []
        return False
