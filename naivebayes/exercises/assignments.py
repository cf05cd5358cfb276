"""Assignments: a notebook of exercises to hand out, and the hidden checks to grade it with.

``write_assignment(folder, "cornell-8")`` writes the ready assignment of a
note, and ``write_assignment(folder, ["prior", "decision"])`` one of your
own choice of exercises:

    folder/assignment.py           the notebook to hand out (jupytext "percent" cells)
    folder/grading/checks.json     the hidden checks: keep it apart, give it to ``grade``

The notebook has a title cell, then for each exercise its statement (the
formula as the docs page writes it, the notes that derive it, the page's
link), the empty function to fill in, and a cell that checks it with
``exercise(name).check(...)``.  That cell is guarded by
``if __name__ == "__main__":``: it runs in a notebook and as a script, not
when the grader loads the file.

``checks.json`` names each exercise, the function the student writes, the
points of each check (hand-computed cases, random cases, at scale), a seed
and a number of random cases of its own, unlike the public ``check`` (seed 0,
40 cases), and the time limit of each exercise in seconds.
"""

import json
import secrets
import shutil
import tempfile
from pathlib import Path

from naivebayes.exercises import EXERCISES, exercise
from naivebayes.exercises.checking import Exercise
from naivebayes.exercises.grading import CHECKS_FORMAT

__all__ = ["ASSIGNMENTS", "write_assignment"]

ASSIGNMENTS = {
    "pudding": {
        "title": "the Pudding library's \"Naive Bayes\"",
        "exercises": ("multinomial-counts", "multinomial-estimate", "multinomial-log-term", "multinomial-joint-log",
                      "prior", "log-posterior", "decision"),
    },
    "lecture-7": {
        "title": "\"Lecture #7: Naïve Bayes\"",
        "exercises": ("joint-cell", "joint-parameters", "naive-parameters", "bernoulli-counts", "bernoulli-estimate",
                      "categorical-counts", "categorical-estimate", "mutual-information"),
    },
    "tfp-blog": {
        "title": "the blog post on a naive Bayes classifier with TensorFlow Probability",
        "exercises": ("class-counts", "prior", "gaussian-mean", "gaussian-squared-deviations", "gaussian-variance",
                      "gaussian-log-density", "log-sum-exp", "log-posterior", "decision"),
    },
    "cornell-8": {
        "title": "Cornell Tech's \"Lecture 8: Naive Bayes\"",
        "exercises": ("class-counts", "prior", "bernoulli-counts", "bernoulli-estimate", "bernoulli-log-term",
                      "log-sum-exp", "decision"),
    },
    "from-scratch": {
        "title": "the blog post implementing multinomial naive Bayes from scratch",
        "exercises": ("class-counts", "prior", "multinomial-counts", "multinomial-estimate", "multinomial-table",
                      "multinomial-joint-product", "multinomial-joint-log", "decision"),
    },
}

ASSIGNMENT_POINTS = {"hand": 2, "random": 2, "at scale": 1}  # each exercise's checks, all or nothing
ASSIGNMENT_RANDOM_CASES = 25  # not the public check's 40, drawn with a seed of the assignment's own
ASSIGNMENT_TIME_LIMIT = 10.0  # seconds for the checks of one exercise


def chosen_exercises(exercises_or_note_key):
    """(the exercises, the note's key or None, the title) of a note's key or a list of exercise names."""
    if isinstance(exercises_or_note_key, str):
        if exercises_or_note_key in ASSIGNMENTS:
            ready = ASSIGNMENTS[exercises_or_note_key]
            missing = [name for name in ready["exercises"] if name not in EXERCISES]
            if missing:
                raise KeyError(f"the assignment {exercises_or_note_key!r} needs exercises this version of the "
                               f"library does not have yet: {', '.join(missing)}")
            return [exercise(name) for name in ready["exercises"]], exercises_or_note_key, ready["title"]
        if exercises_or_note_key not in EXERCISES:
            raise KeyError(f"{exercises_or_note_key!r} is neither a note's assignment ({', '.join(ASSIGNMENTS)}) nor an "
                           f"exercise; give a note's key or a list of exercise names, such as ['prior', 'decision']")
        exercises_or_note_key = [exercises_or_note_key]
    try:
        names = list(exercises_or_note_key)
    except TypeError:
        raise TypeError(f"give a note's key ({', '.join(ASSIGNMENTS)}) or a list of exercise names, "
                        f"not {type(exercises_or_note_key).__name__}") from None
    if not names:
        raise ValueError("an assignment needs at least one exercise; exercises() lists them")
    chosen = []
    for name in names:
        if isinstance(name, Exercise):
            name = name.name
        if not isinstance(name, str):
            raise TypeError(f"an exercise is given by its name, such as 'prior', not {name!r}")
        chosen.append(exercise(name))
    seen = {}
    for one in chosen:
        if one.function_name in seen:
            raise ValueError(f"{seen[one.function_name]!r} and {one.name!r} both ask for a function called "
                             f"{one.function_name}: give each exercise once, or split them into two assignments")
        seen[one.function_name] = one.name
    return chosen, None, "exercises " + ", ".join(one.name for one in chosen)


def markdown_cell(lines):
    lines = [part for line in lines for part in line.split("\n")]  # a formula may take several lines
    return "# %% [markdown]\n" + "\n".join(f"# {line}".rstrip() for line in lines) + "\n"


def notebook_text(chosen, title, points):
    """The assignment notebook in jupytext's percent format: a title cell, then statement, function and check cells."""
    worth = ", ".join(f"{group} {value:g}" for group, value in points.items())
    cells = [markdown_cell([
        f"# Assignment: {title}",
        "",
        "Write each function below from its formula, in plain Python (the standard library; numpy if you like).",
        "Run the cell under a function to check it: `check` tries your function on cases worked out by hand,",
        "on random cases against the library's own function, on large inputs, and then inside the real model.",
        "",
        "Keep each function's name and arguments. Hand in this file as it is (or as a notebook, .ipynb).",
        "The grader loads your file without running the check cells, and runs hidden checks of the same kinds",
        f"(points per exercise: {worth}; each check is all or nothing).",
    ]), "# %%\nfrom naivebayes.exercises import exercise\n"]
    for number, one in enumerate(chosen, 1):
        cells.append(markdown_cell([
            f"## {number}. {one.title} (`{one.name}`)",
            "",
            f"$$ {one.latex} $$",
            "",
            f"In words: {one.formula_text}",
            "",
            f"Derived in: {', '.join(one.notes)}.",
            f"Page: [{one.link}]({one.link})",
        ]))
        cells.append("# %%\n" + one.stub() + "\n")
        cells.append("# %%\n" + 'if __name__ == "__main__":  # the grader loads this file without running this cell\n'
                     f"    print(exercise({one.name!r}).check({one.function_name}))\n")
    return "\n\n".join(cells)


def checks_data(chosen, note, title, points, n_random, seed, time_limit):
    return {
        "format": CHECKS_FORMAT,
        "title": title,
        "note": note,
        "exercises": [{"name": one.name, "function": one.function_name,
                       "points": {group: value for group, value in points.items()
                                  if group != "at scale" or one.at_scale}} for one in chosen],
        "seed": seed,
        "n_random": n_random,
        "time_limit": time_limit,
    }


def checked_settings(points, n_random, seed, time_limit):
    points = dict(ASSIGNMENT_POINTS if points is None else points)
    for group, value in points.items():
        if group not in ASSIGNMENT_POINTS or isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise ValueError(f"points are given per check as {ASSIGNMENT_POINTS}, each 0 or more; not {group!r}: {value!r}")
    if isinstance(n_random, bool) or not isinstance(n_random, int) or n_random < 0:
        raise ValueError(f"n_random is the number of random cases, a whole number of 0 or more, not {n_random!r}")
    if seed is None:
        seed = secrets.randbelow(2 ** 31 - 1) + 1  # never 0: the public check's seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not 0 < time_limit < float("inf"):
        raise ValueError(f"time_limit is seconds for one exercise's checks, a number above 0, not {time_limit!r}")
    return points, n_random, seed, time_limit


def write_assignment(folder, exercises_or_note_key, *, title=None, points=None, n_random=ASSIGNMENT_RANDOM_CASES,
                     seed=None, time_limit=ASSIGNMENT_TIME_LIMIT):
    """Write an assignment into ``folder`` (new or empty): ``assignment.py`` to hand out, ``grading/checks.json`` to keep.

    ``exercises_or_note_key`` is a note's key in ``ASSIGNMENTS`` (pudding,
    lecture-7, tfp-blog, cornell-8, from-scratch) or a list of exercise
    names.  ``points`` gives each check's points (default: hand-computed
    cases 2, random cases 2, at scale 1); ``n_random`` random cases are drawn
    with ``seed`` (default: a secret seed of its own); ``time_limit`` is the
    most seconds the grader gives one exercise's checks.  Nothing is written
    if anything is wrong; returns the folder as a Path.
    """
    chosen, note, default_title = chosen_exercises(exercises_or_note_key)
    points, n_random, seed, time_limit = checked_settings(points, n_random, seed, time_limit)
    title = default_title if title is None else str(title)
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ValueError(f"{folder} already exists and is not an empty folder: give a new folder, so that nothing "
                         f"there is written over")
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
    try:
        (staging / "assignment.py").write_text(notebook_text(chosen, title, points), encoding="utf-8")
        (staging / "grading").mkdir()
        data = checks_data(chosen, note, title, points, n_random, seed, time_limit)
        (staging / "grading" / "checks.json").write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n",
                                                         encoding="utf-8")
        if folder.exists():
            folder.rmdir()
        staging.rename(folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return folder
