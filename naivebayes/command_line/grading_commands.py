"""The two commands of an instructor: ``naivebayes assignment`` writes an assignment, ``naivebayes grade`` grades it.

    naivebayes assignment --note cornell-8 OUT          the ready assignment of a note
    naivebayes assignment --exercises prior,decision OUT   your own choice of exercises
    naivebayes grade SUBMISSIONS --checks OUT/grading/checks.json --out RESULTS [--time-limit S]

Both write only into a new or empty folder, and write it whole or not at all
(``naivebayes.exercises.assignments`` and ``naivebayes.exercises.grading``
say what goes in it).
"""

from argparse import ArgumentTypeError
from pathlib import Path

from naivebayes.command_line.inputs import CommandError
from naivebayes.exercises.assignments import ASSIGNMENTS, write_assignment
from naivebayes.exercises.grading import grade
from naivebayes.plumbing.display import text_table

__all__ = []


def exercise_names(text):
    """--exercises prior,decision: the names, in order, each once."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise CommandError("--exercises needs exercise names separated by commas, such as --exercises prior,decision")
    return names


def assignment_command(args, out, err):
    """Write the assignment of --note or --exercises into OUT."""
    if (args.note is None) == (args.exercises is None):
        raise CommandError(f"give either --note ({', '.join(ASSIGNMENTS)}) or --exercises NAME,NAME,..., not "
                           f"{'both' if args.note else 'neither'}")
    chosen = args.note if args.note is not None else exercise_names(args.exercises)
    folder = write_assignment(args.out, chosen, title=args.title, n_random=args.random_cases, seed=args.seed,
                              time_limit=args.time_limit)
    print(f"wrote {folder / 'assignment.py'}: hand this file out", file=out)
    print(f"wrote {folder / 'grading' / 'checks.json'}: keep it to yourself, and grade with\n"
          f"  naivebayes grade SUBMISSIONS --checks {folder / 'grading' / 'checks.json'} --out RESULTS", file=out)


def grade_command(args, out, err):
    """Grade every submission in SUBMISSIONS; write grades.csv and feedback/ into --out."""
    submissions = Path(args.submissions)
    if not submissions.is_dir():
        raise CommandError(f"{submissions} is not a folder: give the folder of the submissions (one .py or .ipynb "
                           f"file per student, or one folder per student)")
    rows = grade(submissions, args.checks, args.out, time_limit=args.time_limit, in_model=args.in_model)
    if not rows:
        print(f"no submissions in {submissions} (.py or .ipynb files, or one folder per student): "
              f"{args.out} holds an empty grades.csv", file=out)
        return
    print(text_table(["student", "total"], [[row["student"], f"{row['total']:g}"] for row in rows],
                     title=f"{len(rows)} submissions graded", align="lr"), file=out)
    print(f"\nthe points of every check: {Path(args.out) / 'grades.csv'}; "
          f"each student's feedback: {Path(args.out) / 'feedback'}", file=out)


def random_cases(text):
    """--random-cases N: a whole number of 0 or more."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise ArgumentTypeError(f"--random-cases takes a whole number of 0 or more, not {text!r}")
    return value
