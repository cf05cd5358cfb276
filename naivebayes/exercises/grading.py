"""Grading a class: each submission in its own process, its answers checked here, a CSV and a feedback file each.

``grade(submissions, checks_path, out)`` reads the hidden checks an
assignment wrote (``grading/checks.json``, see ``assignments.py``), finds the
submissions, and for each one

1. copies the student's folder (or their one file) to a fresh temporary
   folder and starts ``grading_runner.py`` there, with ``python -I``, its
   limits and its audit hook;
2. sends it the arguments of every case: the hand-computed ones, the random
   ones drawn with the hidden seed, and the at-scale ones;
3. reads back what each function returned, and compares it here with the
   expected answer (``same_answer``), picking the hint as ``check`` does.

A submission that does not load (a syntax error, a cell that raises, a
notebook that is not one) gets 0 points and the reason; an exercise whose
checks run past the time limit is stopped, gets 0 points and "timed out",
and the child is started again for the exercises after it.

The points of each check (hand-computed cases, random cases, at scale) are
all or nothing, as ``check`` reports them: passed or not.
"""

import base64
import builtins
import csv
import json
import math
import os
import pickle
import queue
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from fractions import Fraction
from pathlib import Path

from naivebayes.exercises import exercise
from naivebayes.exercises.checking import Case, Failure, readable

__all__ = ["grade"]

CHECKS_FORMAT = "naivebayes-assignment-checks"
CHECK_GROUPS = ("hand", "random", "at scale")  # the columns of one exercise, in the CSV's order
GROUP_WORDS = {"hand": "hand-computed cases", "random": "random cases against the library", "at scale": "at scale"}
SUBMISSION_SUFFIXES = (".py", ".ipynb")
MEMORY_LIMIT = 2 * 1024 ** 3  # bytes of address space for one child
FILE_SIZE_LIMIT = 64 * 1024 ** 2  # bytes: the largest file a child may write in its folder
LOAD_SECONDS = 30.0  # at least this long to start Python, import the library and load a submission


class GradingError(ValueError):
    """A problem with the grader's inputs (the checks file, the folders), said so that the instructor can fix it."""


# -- reading the checks ------------------------------------------------------------------


def read_checks(checks_path):
    """The hidden checks ``write_assignment`` wrote, checked field by field."""
    path = Path(checks_path)
    if not path.is_file():
        raise GradingError(f"{path}: no such checks file; give the grading/checks.json that "
                           f"'naivebayes assignment' (or write_assignment) wrote")
    try:
        checks = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        raise GradingError(f"{path} is not a JSON file ({error}); give the grading/checks.json of an assignment") from None
    if not isinstance(checks, dict) or checks.get("format") != CHECKS_FORMAT:
        raise GradingError(f"{path} is not an assignment's checks file (its 'format' is not {CHECKS_FORMAT!r})")
    for field, kind in (("exercises", list), ("seed", int), ("n_random", int), ("time_limit", (int, float))):
        if not isinstance(checks.get(field), kind) or isinstance(checks.get(field), bool):
            raise GradingError(f"{path}: the field {field!r} is missing or not a {getattr(kind, '__name__', 'number')}")
    if checks["n_random"] < 0 or not checks["time_limit"] > 0:
        raise GradingError(f"{path}: 'n_random' must be 0 or more and 'time_limit' more than 0")
    for item in checks["exercises"]:
        if not (isinstance(item, dict) and isinstance(item.get("name"), str) and isinstance(item.get("function"), str)
                and isinstance(item.get("points"), dict)):
            raise GradingError(f"{path}: each exercise needs a 'name', a 'function' and 'points', not {item!r}")
        try:
            exercise(item["name"])
        except KeyError as error:
            raise GradingError(f"{path}: {error.args[0]}") from None
        for group, points in item["points"].items():
            if group not in CHECK_GROUPS or isinstance(points, bool) or not isinstance(points, (int, float)) or points < 0:
                raise GradingError(f"{path}: exercise {item['name']!r}: points must be given as "
                                   f"{{'hand': 2, 'random': 2, 'at scale': 1}} with numbers of 0 or more")
    return checks


def prepared_cases(checks):
    """{exercise name: {group: [Case with its expected answer]}}: worked out once, here, by the library."""
    prepared = {}
    for item in checks["exercises"]:
        one = exercise(item["name"])
        cases = one.cases(checks["n_random"], checks["seed"])
        groups = {"hand": [case for case in cases if case.expected is not None],
                  "random": [Case(case.args, one.expected(case), case.about) for case in cases if case.expected is None],
                  "at scale": [Case(scale.args, one.expected(Case(scale.args)), scale.about) for scale in one.at_scale]}
        prepared[item["name"]] = {group: groups[group] for group in CHECK_GROUPS if groups[group]}
    return prepared


def columns_of(checks, prepared):
    """The CSV's check columns, such as "prior: hand", with their points."""
    return [(f"{item['name']}: {group}", item["name"], group, item["points"].get(group, 0))
            for item in checks["exercises"] for group in CHECK_GROUPS if group in prepared[item["name"]]]


# -- finding the submissions ---------------------------------------------------------------


def safe_name(text):
    """A student's name as a file name: letters, digits, '.', '-' and '_' (others become '_')."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", text).strip(".") or "student"


def find_submissions(folder):
    """[(student, file, why there is none)]: each .py or .ipynb file in ``folder``, and each subfolder's one file."""
    found, taken = [], set()
    for entry in sorted(Path(folder).iterdir()):
        if entry.name.startswith((".", "_")) or entry.is_symlink():
            continue
        if entry.is_file() and entry.suffix in SUBMISSION_SUFFIXES:
            student, file, why = entry.stem, entry, None
        elif entry.is_dir():
            files = [path for path in sorted(entry.iterdir()) if path.is_file() and not path.is_symlink()
                     and path.suffix in SUBMISSION_SUFFIXES and not path.name.startswith(".")]
            student, file, why = entry.name, (files[0] if len(files) == 1 else None), None
            if not files:
                why = "no .py or .ipynb file in the folder: hand in the assignment's file"
            elif len(files) > 1:
                why = (f"{len(files)} files that could be the submission ({', '.join(path.name for path in files)}): "
                       f"hand in only one .py or .ipynb file")
        else:
            continue
        student = safe_name(student)
        while student in taken:
            student += "_"
        taken.add(student)
        found.append((student, file, why))
    return found


# -- one submission ---------------------------------------------------------------------------


def untagged(data):
    """The value the child sent as tagged JSON (``grading_runner.tagged``), with its Python type back."""
    if isinstance(data, list):
        return [untagged(item) for item in data]
    if not isinstance(data, dict):
        return data
    (tag, value), = data.items() if len(data) == 1 else (("$other", ["dict", "an untagged object"]),)
    if tag == "$dict":
        return {hashable(untagged(key)): untagged(item) for key, item in value}
    if tag == "$tuple":
        return tuple(untagged(item) for item in value)
    if tag == "$fraction":
        return Fraction(value[0], value[1])
    if tag == "$float":
        return float(value)
    if tag == "$set":
        return {hashable(untagged(item)) for item in value}
    return Unsendable(*value)


def hashable(value):
    return tuple(hashable(item) for item in value) if isinstance(value, list) else value


class Unsendable:
    """An answer the child could not send as a value (an object of the student's own class): its type and repr."""

    def __init__(self, type_name, text):
        self.type_name, self.text = type_name, text

    def __eq__(self, other):
        return False

    __hash__ = object.__hash__

    def __repr__(self):
        return f"{self.text} (a {self.type_name})"


def error_from(type_name, message):
    """An exception of the type the student's function raised (a plain Exception for a type of their own)."""
    kind = getattr(builtins, type_name, None)
    if not (isinstance(kind, type) and issubclass(kind, BaseException)):
        kind = Exception
    try:
        return kind(message)
    except Exception:  # noqa: BLE001 -- an exception type that wants other arguments
        return Exception(message)


class ChildRun:
    """One child process: started on some exercises, read line by line, stopped when a step runs past its time."""

    def __init__(self, file, workdir, request, token, time_limit):
        self.token, self.time_limit = token, time_limit
        self.messages = queue.Queue()
        environment = {"PATH": os.environ.get("PATH", ""), "HOME": str(workdir), "LANG": os.environ.get("LANG", "C.UTF-8"),
                       "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
                       "PYTHONIOENCODING": "utf-8"}
        runner = Path(__file__).with_name("grading_runner.py")
        package_parent = str(Path(__file__).resolve().parent.parent.parent)
        self.errors = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [sys.executable, "-I", str(runner), package_parent], cwd=workdir, env=environment,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors,
            start_new_session=(os.name == "posix"), text=True, encoding="utf-8", errors="replace",
        )
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.close()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            if line.startswith(self.token):
                try:
                    self.messages.put(json.loads(line[len(self.token):]))
                except ValueError:
                    continue
        self.messages.put(None)

    def next(self, seconds):
        """The child's next message, None when it ended, or "timed out"."""
        try:
            return self.messages.get(timeout=seconds)
        except queue.Empty:
            return "timed out"

    def stop(self):
        """Kill the child (and anything it started) and say how it ended."""
        if self.process.poll() is None:
            try:
                if os.name == "posix":
                    os.killpg(self.process.pid, signal.SIGKILL)
                else:
                    self.process.kill()
            except OSError:
                pass
        code = self.process.wait()
        self.reader.join(5)
        self.process.stdout.close()
        self.errors.seek(0)
        errors = self.errors.read()[-2000:].decode("utf-8", "replace")
        self.errors.close()
        if code is not None and code < 0:
            name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
            why = {"SIGXCPU": "it used up its CPU time", "SIGKILL": "it was stopped",
                   "SIGSEGV": "it crashed (a segmentation fault)"}.get(name, f"signal {name}")
            return f"the process ended: {why}"
        return f"the process ended with status {code}" + (f": {errors.strip().splitlines()[-1]}" if errors.strip() else "")


def request_for(file, items, prepared, token, time_limit, in_model=True):
    """The line the child reads: the file, the limits, and each exercise's function and its cases' arguments."""
    exercises = [{"name": item["name"], "function": item["function"],
                  "cases": base64.b64encode(pickle.dumps({group: [case.args for case in cases]
                                                          for group, cases in prepared[item["name"]].items()})).decode()}
                 for item in items]
    cpu = int(LOAD_SECONDS + time_limit * (len(items) + 1)) + 1
    if in_model:
        cpu += int(time_limit * len(items))  # each exercise's model run has a time limit of its own
    return {"token": token, "submission": file.name, "memory_bytes": MEMORY_LIMIT, "cpu_seconds": cpu,
            "file_bytes": FILE_SIZE_LIMIT, "exercises": exercises, "in_model": in_model}


def run_submission(file, whole_folder, items, prepared, time_limit, in_model=True):
    """Every exercise's answers from one submission: (why it did not load or None, {name: the child's message}, printed)."""
    results, remaining, printed = {}, list(items), ""
    with tempfile.TemporaryDirectory(prefix="naivebayes-grading-") as scratch:
        while remaining:
            workdir = Path(scratch) / f"run-{len(results)}"
            copy_submission(file, whole_folder, workdir)
            token = "@@" + secrets.token_hex(16) + "@@"
            request = request_for(file, remaining, prepared, token, time_limit, in_model)
            run = ChildRun(file, workdir, request, token, time_limit)
            step, seconds = "loading", LOAD_SECONDS + time_limit
            ended = None
            while True:
                message = run.next(seconds)
                if message == "timed out" or message is None:
                    ended = message or "ended"  # None: the process ended without saying it had finished
                    break
                if "start" in message:
                    step, seconds = message["start"], time_limit
                elif "loaded" in message:
                    printed = message.get("printed", "")
                    if not message["loaded"]:
                        run.stop()
                        return message["why"], results, printed
                elif "done" in message:
                    results[message["done"]] = message
                    remaining = [item for item in remaining if item["name"] != message["done"]]
                elif "model" in message:
                    results[message["model"]]["model"] = message["rows"]
                elif "finished" in message:
                    printed = message.get("printed", printed)
                    break
            how = run.stop()
            if ended is None:
                break
            if step == "loading":
                why = (f"loading your file took more than {LOAD_SECONDS + time_limit:g} s: look for a loop that never "
                       f"ends, or long work at the top level of the file" if ended == "timed out"
                       else f"your file could not be loaded ({how})")
                return why, results, printed
            if step.startswith("model:"):  # feedback only: the points of that exercise stand
                results[step[len("model:"):]]["model"] = [["in the model", "FAILED", (
                    f"the model run with your function took more than {time_limit:g} s" if ended == "timed out"
                    else f"the model run with your function stopped: {how}")]]
                continue
            results[step] = {"done": step, "stopped": (
                f"timed out: checking it took more than {time_limit:g} s; look for a loop that never ends, or work "
                f"repeated on every call" if ended == "timed out" else f"stopped while checking it: {how}")}
            remaining = [item for item in remaining if item["name"] != step]
    return None, results, printed


def copy_submission(file, whole_folder, workdir):
    """A fresh copy of the student's folder (``whole_folder``) or of their file alone, links left out."""
    if whole_folder:
        shutil.copytree(file.parent, workdir, symlinks=True, ignore=lambda folder, names: [
            name for name in names if os.path.islink(os.path.join(folder, name))])
    else:
        workdir.mkdir(parents=True)
        shutil.copyfile(file, workdir / file.name)


def scale_reason(one, case):
    """What goes wrong at scale when this at-scale case's answer is wrong (``AtScale.reason``)."""
    return next((scale.reason for scale in one.at_scale if scale.about == case.about), None)


def failure_of(one, case, answer, reason):
    """None when the child's ``answer`` to ``case`` is right, else the Failure, as ``Exercise.check`` words it.

    ``reason`` is an at-scale case's hint.  The answer is compared here, in the
    grader's process, with the expected answer worked out here.
    """
    if "error" in answer:
        type_name, text = answer["error"]
        if type_name == "NotImplementedError":
            return Failure(one, case, case.expected, None, "write the function's body in place of "
                           "`raise NotImplementedError`", problem="not written yet (it raises NotImplementedError)")
        if "changed" in answer:  # the framework's ChangedInput: an argument the function should only read
            return Failure(one, case, case.expected, None, answer["changed"][1], problem=answer["changed"][0])
        hint = reason or one.hint_for_error(case, error_from(type_name, text), case.expected)
        return Failure(one, case, case.expected, None, hint, problem=f"raised {type_name}: {text}")
    got = untagged(answer["got"])
    try:
        right = one.compare(got, case.expected)
    except Exception:  # noqa: BLE001 -- an answer the comparison cannot read is a wrong answer
        right = False
    if right:
        return None
    return Failure(one, case, case.expected, got, reason or one.hint_for(case, got, case.expected))


def scored(item, prepared_groups, message):
    """(the points of each group, the feedback lines) of one exercise from the child's message."""
    one = exercise(item["name"])
    points = {group: 0 for group in prepared_groups}
    out_of = sum(item["points"].get(group, 0) for group in prepared_groups)
    header = f"{one.name} ({item['function']})"
    if message is None:
        return points, [f"{header}: not checked", "    your file did not load (see above)"]
    if message.get("missing"):
        return points, [f"{header}: 0 of {out_of:g} points",
                        f"    no function called {item['function']} in your file: keep the name and arguments of "
                        f"the assignment's `{one.signature}`"]
    if "problem" in message or "stopped" in message:
        return points, [f"{header}: 0 of {out_of:g} points", f"    {message.get('problem') or message['stopped']}"]
    lines, first = [], None
    for group, cases in prepared_groups.items():
        answers = message["groups"].get(group, [])
        right, failure = 0, None
        for case, answer in zip(cases, answers):
            wrong = failure_of(one, case, answer, scale_reason(one, case) if group == "at scale" else None)
            if wrong is None:
                right += 1
            elif failure is None:
                failure = wrong
        if len(answers) < len(cases) and failure is None:
            failure = Failure(one, None, None, None, "the grader got fewer answers than it sent cases")
        passed = failure is None
        points[group] = item["points"].get(group, 0) if passed else 0
        lines.append(f"    {GROUP_WORDS[group]}: {'passed' if passed else 'FAILED'}, {right} of {len(cases)} right "
                     f"({points[group]:g} of {item['points'].get(group, 0):g} points)")
        if failure is not None and first is None:
            first = failure
    total = sum(points.values())
    verdict = "passed" if first is None else "not yet right"
    lines.insert(0, f"{header}: {verdict}, {total:g} of {out_of:g} points")
    if first is not None:
        lines.append("    The first wrong answer:")
        lines += [f"      {line}" for line in first.lines()]
    if first is None:
        for check, result, detail in message.get("model", []):
            if result in ("passed", "FAILED"):
                lines.append(f"    {check} (feedback, no points): {result}, {detail}")
    if message.get("library"):
        lines.append("    Note: this function is the library's own, imported, not one you wrote.")
    return points, lines


def grade_student(student, file, why, checks, prepared, time_limit, whole_folder=False, in_model=True):
    """(this student's row of points, the text of their feedback)."""
    items = checks["exercises"]
    results, printed = {}, ""
    if why is None:
        why, results, printed = run_submission(file, whole_folder, items, prepared, time_limit, in_model)
    row, lines = {"student": student}, []
    for number, item in enumerate(items, 1):
        message = results.get(item["name"]) if why is None else None
        points, item_lines = scored(item, prepared[item["name"]], message)
        for group, value in points.items():
            row[f"{item['name']}: {group}"] = value
        lines += [f"{number}. {item_lines[0]}", *item_lines[1:], ""]
    row["total"] = sum(value for key, value in row.items() if key not in ("student",))
    out_of = sum(item["points"].get(group, 0) for item in items for group in prepared[item["name"]])
    head = [f"Feedback for {student}" + (f" ({file.name})" if file is not None else ""),
            f"Assignment: {checks.get('title', '')}".rstrip(),
            f"Total: {row['total']:g} of {out_of:g} points", ""]
    if why is not None:
        head += [f"Your submission was not graded: {why}", "Every check counts 0 points until it loads.", ""]
    if printed:
        head += ["Your file printed (the grader ignores it):", *[f"    {line}" for line in printed.splitlines()[:20]], ""]
    return row, "\n".join(head + lines).rstrip() + "\n"


# -- the whole class -----------------------------------------------------------------------


def checked_folders(submissions_folder, out_folder):
    submissions = Path(submissions_folder)
    if not submissions.is_dir():
        raise GradingError(f"{submissions} is not a folder: give the folder that holds the submissions "
                           f"(one .py or .ipynb file per student, or one folder per student)")
    out = Path(out_folder)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise GradingError(f"{out} already exists and is not an empty folder: give a new folder for the grades, "
                           f"so that nothing there is written over")
    if out.resolve().is_relative_to(submissions.resolve()):
        raise GradingError(f"{out} is inside the submissions folder {submissions}: write the grades outside it")
    return submissions, out


def number_text(value):
    return f"{value:g}" if isinstance(value, float) else str(value)


def grade(submissions_folder, checks_path, out_folder, time_limit=None, *, in_model=True):
    """Grade every submission in ``submissions_folder`` with the checks of ``checks_path``; write ``out_folder``.

    A submission is a ``.py`` or ``.ipynb`` file in the folder (the student is
    its name without the suffix), or a folder per student holding one such
    file.  ``time_limit`` is the most seconds the checks of one exercise may
    take (default: the checks file's).  ``out_folder`` must be new or empty;
    it gets ``grades.csv`` (one row per student, one column per check, and
    the total) and ``feedback/<student>.txt``.  With ``in_model`` (the
    default) a function that passes is also run inside the real model, as
    ``check`` does, and the feedback says what the model gave with it; that
    never counts for points.  Returns the rows of the CSV as dicts.
    """
    checks = read_checks(checks_path)
    submissions, out = checked_folders(submissions_folder, out_folder)
    if time_limit is None:
        time_limit = checks["time_limit"]
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not 0 < time_limit < math.inf:
        raise GradingError(f"time_limit must be a number of seconds above 0, not {time_limit!r}")
    prepared = prepared_cases(checks)
    columns = columns_of(checks, prepared)
    rows, feedback = [], {}
    for student, file, why in find_submissions(submissions):
        whole_folder = file is not None and file.parent.resolve() != submissions.resolve()
        row, text = grade_student(student, file, why, checks, prepared, time_limit, whole_folder, in_model)
        rows.append(row)
        feedback[student] = text
    write_results(out, ["student", *(name for name, *_ in columns), "total"], rows, feedback)
    return rows


def write_results(out, header, rows, feedback):
    """grades.csv and feedback/, written to a temporary folder beside ``out`` and then moved into place."""
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        with open(staging / "grades.csv", "w", encoding="utf-8", newline="") as file:
            writer = csv.writer(file)
            writer.writerow(header)
            for row in rows:
                writer.writerow([row["student"], *(number_text(row[name]) for name in header[1:])])
        (staging / "feedback").mkdir()
        for student, text in feedback.items():
            (staging / "feedback" / f"{student}.txt").write_text(text, encoding="utf-8")
        if out.exists():
            out.rmdir()
        staging.rename(out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
