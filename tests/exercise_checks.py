"""What every exercise test file checks of its planted mistakes, written once.

Each ``tests/test_exercises_*.py`` (and ``test_prior_exercises.py``) keeps a
table of planted mistakes, one wrong version of the function per mistake the
exercise knows, and checks with these two helpers that the table covers every
known mistake and that the exercise's check fails each one with its own hint.
"""

from naivebayes.exercises import exercise


def assert_every_known_mistake_is_planted(planted, exercises):
    """``planted`` ({exercise name: {mistake name: wrong function}}) covers every mistake of ``exercises``."""
    assert {name: set(mistakes) for name, mistakes in planted.items()} == {
        e.name: {mistake.name for mistake in e.mistakes} for e in exercises}


def assert_the_mistake_fails_with_its_hint(name, mistake, wrong_function, in_model=True, **settings):
    """The check of exercise ``name`` fails ``wrong_function`` with the hint of ``mistake``, printed as it says.

    With ``in_model`` the exercise has model runs, and a wrong function never
    reaches them: each is "not run".  ``settings`` go to ``check`` (such as
    ``n_random=15``).
    """
    e = exercise(name)
    report = e.check(wrong_function, in_model=in_model, **settings)
    assert not report.passed
    hint = next(m.hint for m in e.mistakes if m.name == mistake)
    assert report.first_failure.hint == hint, str(report)
    assert f"hint:     {hint}" in str(report) and "expected:" in str(report)
    model_rows = [result for check, result, _ in report.checks if check.startswith("in the model")]
    if in_model:
        assert model_rows and all(result == "not run" for result in model_rows), str(report)
