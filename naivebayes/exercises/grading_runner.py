"""The grader's child process: load one student's file, call their functions, send back what they returned.

``grading.grade`` starts this file once per submission, as
``python -I grading_runner.py PACKAGE_PARENT``, in a fresh temporary copy of
the submission's folder, and writes one line of JSON on its standard input:
the submission's file name, a token, the limits, and for each exercise the
student's function name and the cases' arguments (pickled by the parent).

The child then

1. sets its limits (memory, CPU time, file size) with ``resource``;
2. imports the library, then installs an audit hook (``sys.addaudithook``)
   that refuses, from then on, writing outside the folder, reading outside
   the folder, the Python installation and the library, sockets, and new
   processes;
3. loads the student's file (a ``.py`` file, or the code cells of an
   ``.ipynb`` notebook) with ``__name__`` set to ``"submission"``, so that a
   cell guarded by ``if __name__ == "__main__":`` does not run;
4. calls each function on each case and writes one line per exercise:
   what came back, as tagged JSON (``tagged``), or the error raised;
5. when asked, runs the real model with each function (``check``'s last
   rows), as feedback that never counts for points.

It never decides whether an answer is right: the parent compares the answers
with its own expected ones (``same_answer``) and picks the hints, so a
student's file that changes the library in its own process changes nothing
in the grade.  Each line it writes starts with the token, so what a student's
code prints is never mistaken for a result.

This is not a security sandbox: see docs/assignments.md.
"""

import base64
import io
import json
import math
import os
import pickle
import sys
import traceback
from fractions import Fraction

__all__ = []

LONGEST_ANSWER = 1_000_000  # characters of JSON for one answer; a longer one is sent as its type and length
PRINTED_KEPT = 2_000  # characters of what the student's file prints that the feedback quotes


def tagged(value, depth=0):
    """``value`` as JSON that keeps its type: Fractions, tuples, floats that are not finite, dicts with any keys.

    A dict becomes ``{"$dict": [[key, value], ...]}``, a tuple ``{"$tuple": [...]}``,
    a Fraction ``{"$fraction": [numerator, denominator]}``, inf and nan
    ``{"$float": "inf"}``; numpy's numbers and arrays become Python's.  Anything
    else is sent as ``{"$other": [type name, repr]}``, which no expected answer equals.
    """
    if depth > 50:
        return {"$other": [type(value).__name__, "nested more than 50 deep"]}
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value) if math.isfinite(value) else {"$float": repr(float(value))}
    if isinstance(value, Fraction):
        return {"$fraction": [value.numerator, value.denominator]}
    if isinstance(value, dict):
        return {"$dict": [[tagged(key, depth + 1), tagged(item, depth + 1)] for key, item in value.items()]}
    if isinstance(value, tuple):
        return {"$tuple": [tagged(item, depth + 1) for item in value]}
    if isinstance(value, list):
        return [tagged(item, depth + 1) for item in value]
    if isinstance(value, (set, frozenset)):
        return {"$set": [tagged(item, depth + 1) for item in value]}
    if hasattr(value, "tolist") and hasattr(value, "dtype"):  # a numpy array or number: its Python value
        return tagged(value.tolist(), depth + 1)
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 -- a student's object whose repr fails
        text = "(its repr failed)"
    return {"$other": [type(value).__name__, text[:300]]}


def answer_json(value):
    """One answer as a JSON text, or its type and size when it is too long to send."""
    try:
        text = json.dumps(tagged(value), allow_nan=False)
    except (ValueError, TypeError, RecursionError) as error:
        text = json.dumps({"$other": [type(value).__name__, f"could not be sent: {error}"]})
    if len(text) > LONGEST_ANSWER:
        text = json.dumps({"$other": [type(value).__name__, f"an answer of {len(text):,} characters"]})
    return text


# -- the limits and the audit hook ------------------------------------------------


def set_limits(memory_bytes, cpu_seconds, file_bytes):
    """POSIX: cap the process's memory, CPU time and the size of a file it writes (soft and hard limits)."""
    try:
        import resource
    except ImportError:  # Windows: only the parent's time limit applies
        return
    for limit, value in ((resource.RLIMIT_AS, memory_bytes), (resource.RLIMIT_CPU, cpu_seconds),
                         (resource.RLIMIT_FSIZE, file_bytes), (resource.RLIMIT_CORE, 0)):
        try:
            resource.setrlimit(limit, (value, value))
        except (ValueError, OSError):  # above a hard limit already set lower: keep that one
            pass


WRITING_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
PATH_CHANGING_EVENTS = {  # event: the positions of its arguments that are paths it changes
    "os.remove": (0,), "os.rmdir": (0,), "os.mkdir": (0,), "os.rename": (0, 1), "os.link": (0, 1),
    "os.symlink": (1,), "os.chmod": (0,), "os.chown": (0,), "os.truncate": (0,), "os.utime": (0,),
    "os.chflags": (0,), "os.lchflags": (0,), "os.setxattr": (0,), "os.removexattr": (0,),
    "shutil.copyfile": (1,), "shutil.copymode": (1,), "shutil.copystat": (1,), "shutil.copytree": (1,),
    "shutil.rmtree": (0,), "shutil.move": (0, 1), "shutil.chown": (0,), "os.chdir": (0,),
}
REFUSED_EVENT_PREFIXES = ("socket.", "subprocess.", "os.exec", "os.spawn", "os.posix_spawn", "os.fork",
                          "os.system", "os.kill", "os.killpg", "os.forkpty", "pty.", "ctypes.", "webbrowser.",
                          "urllib.", "ftplib.", "smtplib.", "http.", "resource.setrlimit", "os.startfile",
                          "_winapi.", "winreg.")


def audit_guard(folder, readable, listable):
    """The audit hook: reads inside ``folder`` or ``readable``, writes inside ``folder``, no network, no processes."""
    folder = os.path.realpath(folder)
    readable = tuple(os.path.realpath(place) for place in readable)
    listable = frozenset(os.path.realpath(place) for place in listable)
    sep = os.sep

    def inside(path, places):
        return any(path == place or path.startswith(place.rstrip(sep) + sep) for place in places)

    def where(path):
        if isinstance(path, int) or path is None:
            return None  # an open file descriptor: opening it was checked
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, str):
            path = str(path)
        return os.path.realpath(path)

    def hook(event, args):
        if event == "open":
            path = where(args[0])
            if path is None:
                return
            mode, flags = args[1], args[2] if len(args) > 2 else 0
            writing = (isinstance(mode, str) and any(letter in mode for letter in "wax+")) or bool(
                isinstance(flags, int) and flags & WRITING_FLAGS)
            if writing and not inside(path, (folder,)):
                raise PermissionError(f"the grader lets your code write only inside its own folder, not {path}")
            if not writing and not inside(path, (folder, *readable)):
                raise PermissionError(f"the grader lets your code read only inside its own folder, not {path}")
        elif event in ("os.listdir", "os.scandir"):
            path = where(args[0] if args and args[0] is not None else ".")
            if path is not None and path not in listable and not inside(path, (folder, *readable)):
                raise PermissionError(f"the grader lets your code list only its own folder, not {path}")
        elif event in PATH_CHANGING_EVENTS:
            for position in PATH_CHANGING_EVENTS[event]:
                path = where(args[position]) if position < len(args) else None
                if path is not None and not inside(path, (folder,)):
                    raise PermissionError(f"the grader lets your code change files only inside its own folder, "
                                          f"not {path}")
        elif event == "ctypes.dlopen" and (args[0] is None or isinstance(args[0], str) and os.sep in args[0]
                                           and inside(os.path.realpath(args[0]), readable)):
            return  # importing ctypes (as numpy does) opens Python itself; a library of the installation may load
        elif event.startswith(REFUSED_EVENT_PREFIXES):
            raise PermissionError(f"the grader does not let your code use {event} (no network, no other processes)")

    return hook


def python_places(package_parent):
    """Where the child may read (the Python installation, the library) and the folders it may only list."""
    import sysconfig

    places = {sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix}
    places.update(value for key, value in sysconfig.get_paths().items() if key in ("stdlib", "platstdlib", "purelib", "platlib"))
    places.update(entry for entry in sys.path if entry and os.path.isdir(entry)
                  and os.path.realpath(entry) != os.path.realpath(package_parent))
    places.add(os.path.join(package_parent, "naivebayes"))
    places.update(("/dev/null", "/dev/urandom"))
    return sorted(place for place in places if place), [package_parent]


# -- loading the student's file ----------------------------------------------------


class Printed(io.TextIOBase):
    """Where the student's prints go: the first characters are kept for the feedback, the rest counted."""

    def __init__(self):
        self.kept, self.count = [], 0

    def writable(self):
        return True

    def write(self, text):
        text = str(text)
        room = PRINTED_KEPT - sum(len(part) for part in self.kept)
        if room > 0:
            self.kept.append(text[:room])
        self.count += len(text)
        return len(text)

    def text(self):
        return "".join(self.kept)


def code_cells(path):
    """The code cells of a notebook, as (what to call the cell, its source); IPython's ! and % lines left out."""
    with open(path, encoding="utf-8") as file:
        notebook = json.load(file)
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise ValueError("this .ipynb file is not a notebook (it has no list of cells)")
    cells = []
    for number, cell in enumerate(notebook["cells"], 1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else str(source)
        lines = [("pass  # " + line) if line.lstrip().startswith(("%", "!")) else line for line in source.split("\n")]
        cells.append((f"cell {number}", "\n".join(lines)))
    return cells


def load_submission(file_name):
    """Run the student's file in a fresh namespace named "submission"; returns (namespace, why it failed or None)."""
    namespace = {"__name__": "submission", "__file__": os.path.abspath(file_name), "__builtins__": __builtins__}
    try:
        if file_name.endswith(".ipynb"):
            parts = code_cells(file_name)
        else:
            with open(file_name, encoding="utf-8") as file:
                parts = [(file_name, file.read())]
        compiled = [(where, compile(source, where, "exec")) for where, source in parts]
    except SyntaxError as error:
        return namespace, (f"a syntax error in {error.filename}, line {error.lineno}: {error.msg}; "
                           f"fix it so that the file runs from top to bottom")
    except (OSError, ValueError, UnicodeDecodeError) as error:
        return namespace, f"could not read {file_name}: {error}"
    for where, code in compiled:
        try:
            exec(code, namespace)  # noqa: S102 -- running the student's file is the point
        except BaseException as error:  # noqa: BLE001 -- SystemExit and KeyboardInterrupt too
            line = traceback.extract_tb(error.__traceback__)[-1].lineno if error.__traceback__ else "?"
            return namespace, (f"{where} stopped with {type(error).__name__}: {error} (line {line}); "
                               f"fix it so that the file runs from top to bottom")
    return namespace, None


# -- calling the functions -----------------------------------------------------------


def answers_to(exercise, function, cases):
    """What ``function`` gives on each case, observed as ``exercise.check`` observes it: JSON texts."""
    answers = []
    for args in cases:
        try:
            answers.append('{"got": ' + answer_json(exercise.observe(function, args)) + "}")
        except BaseException as error:  # noqa: BLE001 -- the student's error is the answer
            answer = {"error": [type(error).__name__, str(error)[:500]]}
            if type(error).__module__ == "naivebayes.exercises.checking" and hasattr(error, "describe"):
                answer["changed"] = [error.describe(exercise), error.hint()]  # ChangedInput: the input was changed
            answers.append(json.dumps(answer))
    return "[" + ", ".join(answers) + "]"


def in_model_rows(exercise, function):
    """The rows of ``check`` that run the real model with the student's function: feedback only, never points.

    ``check`` runs the model only when every case passes here; the parent shows
    the rows only when its own grading passed the function too.
    """
    try:
        report = exercise.check(function, n_random=0)
    except BaseException as error:  # noqa: BLE001 -- feedback only: say what happened
        return [["in the model", "not run", f"{type(error).__name__}: {str(error)[:300]}"]]
    return [[str(part) for part in row] for row in report.checks if str(row[0]).startswith("in the model")]


def run_child():
    """The child's whole run: read the request, set the limits, load the file, answer exercise by exercise."""
    package_parent = sys.argv[1]
    request = json.loads(sys.stdin.readline())
    sys.stdin = io.StringIO("")
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    token = request["token"]

    def send(text):
        out.write(token + text + "\n")
        out.flush()

    set_limits(request["memory_bytes"], request["cpu_seconds"], request["file_bytes"])
    sys.path.insert(0, package_parent)
    from naivebayes.exercises import exercise
    from naivebayes.exercises.checking import signature_problem

    exercises = [(exercise(item["name"]), item["function"], pickle.loads(base64.b64decode(item["cases"])))
                 for item in request["exercises"]]
    readable, listable = python_places(package_parent)
    sys.addaudithook(audit_guard(os.getcwd(), readable, listable))
    printed = Printed()
    sys.stdout = sys.stderr = printed
    send(json.dumps({"start": "loading"}))
    namespace, failed = load_submission(request["submission"])
    send(json.dumps({"loaded": failed is None, "why": failed, "printed": printed.text()}))
    if failed is not None:
        return
    for one, function_name, cases in exercises:
        send(json.dumps({"start": one.name}))
        function = namespace.get(function_name)
        if function is None:
            send(json.dumps({"done": one.name, "missing": True}))
            continue
        problem = signature_problem(one, function)
        if problem:
            send(json.dumps({"done": one.name, "problem": problem}))
            continue
        library = getattr(function, "__module__", None) or ""
        groups = ", ".join(f'"{group}": {answers_to(one, function, group_cases)}' for group, group_cases in cases.items())
        send(f'{{"done": {json.dumps(one.name)}, "library": {json.dumps(library.startswith("naivebayes"))}, '
             f'"groups": {{{groups}}}}}')
        if request.get("in_model") and one.reproductions:
            send(json.dumps({"start": "model:" + one.name}))
            send(json.dumps({"model": one.name, "rows": in_model_rows(one, function)}))
    send(json.dumps({"finished": True, "printed": printed.text()}))


if __name__ == "__main__":
    run_child()
