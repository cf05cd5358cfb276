"""Assignments and the grader: write an assignment, fill it in as students would, grade it, read the CSV and feedback.

The students' files are written here by hand: correct functions (two ways),
planted mistakes, an infinite loop, a read of /etc/passwd, a syntax error, a
notebook that stops half way.  The grader runs each in its own process, so
the tests that grade a whole class are among the slower checks
(tests/conftest.py); one small class is graded in the quick run.
"""

import csv
import json
import math
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes.command_line import main
from naivebayes.exercises import EXERCISES, exercise
from naivebayes.exercises.assignments import ASSIGNMENTS, write_assignment
from naivebayes.exercises.checking import DEFAULT_RANDOM_CASES
from naivebayes.exercises.grading import GradingError, grade, untagged
from naivebayes.exercises.grading_runner import tagged

NOTE_TITLES = {  # each note as its own title names it
    "pudding": "Naive Bayes",
    "lecture-7": "Lecture #7: Naïve Bayes",
    "tfp-blog": "TensorFlow Probability",
    "cornell-8": "Lecture 8: Naive Bayes",
    "from-scratch": "multinomial naive Bayes from scratch",
}

# -- the students' functions, written by hand -------------------------------------------------

RIGHT = {  # one correct version of each function of Cornell's assignment, and of the prior and the decision
    "count_classes": """
counts = {}
for label in labels:
    counts[label] = counts.get(label, 0) + 1
return counts""",
    "prior_mle": """
return class_count / n_documents""",
    "add_bernoulli_counts": """
for word in counts:
    if counts[word] > 0:
        document_counts[word] = document_counts.get(word, 0) + 1""",
    "bernoulli_likelihood": """
return (document_count + alpha) / (class_count + 2 * alpha)""",
    "bernoulli_log_likelihood": """
import math
matching = document_count if present else class_count - document_count
top = matching + alpha
return (math.log(top) if top > 0 else -math.inf) - math.log(class_count + 2 * alpha)""",
    "log_sum_exp": """
import math
largest = max(log_values)
if largest == -math.inf:
    return -math.inf
return largest + math.log(sum(math.exp(value - largest) for value in log_values))""",
    "decision": """
best = None
for label, score in scores.items():
    if best is None or score > scores[best]:
        best = label
return best""",
}


def library_call(name):
    """A body that hands the work to the library's own function (a second correct version of any exercise)."""
    one = exercise(name)
    arguments = ", ".join(one.signature[len(f"def {one.function_name}("):-2].split(", "))
    arguments = ", ".join(part.split("=")[0] for part in arguments.split(", "))
    return f"from {one.function.__module__} import {one.function_name} as library\nreturn library({arguments})"


def filled(text, bodies):
    """The assignment's text with the stub of each function in ``bodies`` replaced by that body."""
    lines, current = [], None
    for line in text.split("\n"):
        match = re.match(r"def (\w+)\(", line)
        if match:
            current = match.group(1)
        if line.strip().startswith("raise NotImplementedError") and current in bodies:
            lines += ["    " + body_line for body_line in bodies[current].strip("\n").split("\n")]
            continue
        lines.append(line)
    return "\n".join(lines)


def as_notebook(text):
    """The percent-format text as an .ipynb notebook, as jupytext would convert it."""
    cells = []
    for chunk in re.split(r"^# %%", text, flags=re.M)[1:]:
        head, _, body = chunk.partition("\n")
        if "[markdown]" in head:
            source = "\n".join(line[2:] for line in body.strip("\n").split("\n"))
            cells.append({"cell_type": "markdown", "metadata": {}, "source": source})
        else:
            cells.append({"cell_type": "code", "metadata": {}, "source": body.strip("\n"), "outputs": [],
                          "execution_count": None})
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def cells(text):
    """[(kind, source)] of a percent-format notebook."""
    return [("markdown" if "[markdown]" in chunk.partition("\n")[0] else "code", chunk.partition("\n")[2].strip("\n"))
            for chunk in re.split(r"^# %%", text, flags=re.M)[1:]]


def read_grades(folder):
    with open(folder / "grades.csv", encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


# -- assignments ---------------------------------------------------------------------------


def test_every_assignment_names_exercises_that_exist():
    """The five ready assignments, one per note; every exercise they name is in the registry."""
    assert set(ASSIGNMENTS) == set(NOTE_TITLES)
    for key, assignment in ASSIGNMENTS.items():
        assert NOTE_TITLES[key] in assignment["title"]
        assert [name for name in assignment["exercises"] if name not in EXERCISES] == []
        assert len(set(assignment["exercises"])) == len(assignment["exercises"])


@pytest.mark.parametrize("key", list(ASSIGNMENTS))
def test_each_notes_assignment_is_a_notebook_and_hidden_checks(tmp_path, key):
    names = [name for name in ASSIGNMENTS[key]["exercises"] if name in EXERCISES]
    folder = write_assignment(tmp_path / key, names, title=ASSIGNMENTS[key]["title"], seed=7)
    assert sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*")) == [
        "assignment.py", "grading", "grading/checks.json"]
    text = (folder / "assignment.py").read_text(encoding="utf-8")
    parts = cells(text)
    assert parts[0][0] == "markdown" and parts[0][1].startswith(f"# # Assignment: {ASSIGNMENTS[key]['title']}")
    assert parts[1] == ("code", "from naivebayes.exercises import exercise")
    assert len(parts) == 2 + 3 * len(names)  # per exercise: the statement, the function, its check
    for number, name in enumerate(names):
        one = exercise(name)
        statement, stub, check = parts[2 + 3 * number: 5 + 3 * number]
        assert statement[0] == "markdown" and f"(`{name}`)" in statement[1] and one.latex.split("\n")[-1] in statement[1]
        assert one.link in statement[1] and one.formula_text in statement[1]
        assert stub == ("code", one.stub())
        assert check[0] == "code" and f"print(exercise({name!r}).check({one.function_name}))" in check[1]
        assert check[1].startswith('if __name__ == "__main__":')
    compile(text, "assignment.py", "exec")
    checks = json.loads((folder / "grading" / "checks.json").read_text(encoding="utf-8"))
    assert [item["name"] for item in checks["exercises"]] == names
    assert [item["function"] for item in checks["exercises"]] == [exercise(name).function_name for name in names]
    assert checks["seed"] == 7 and checks["n_random"] != DEFAULT_RANDOM_CASES and checks["time_limit"] > 0
    for item in checks["exercises"]:
        assert ("at scale" in item["points"]) == bool(exercise(item["name"]).at_scale)


def test_a_notes_key_gives_its_ready_assignment_and_a_secret_seed(tmp_path):
    available = [key for key, ready in ASSIGNMENTS.items() if all(name in EXERCISES for name in ready["exercises"])]
    if not available:
        pytest.skip("no note has all its exercises in the registry yet")
    first = write_assignment(tmp_path / "a", available[0])
    second = write_assignment(tmp_path / "b", available[0])
    checks = [json.loads((folder / "grading" / "checks.json").read_text(encoding="utf-8")) for folder in (first, second)]
    assert checks[0]["note"] == available[0] and checks[0]["title"] == ASSIGNMENTS[available[0]]["title"]
    assert [item["name"] for item in checks[0]["exercises"]] == list(ASSIGNMENTS[available[0]]["exercises"])
    assert checks[0]["seed"] != 0 and checks[0]["seed"] != checks[1]["seed"]  # drawn, never the public seed


def test_the_assignment_runs_as_a_script_and_its_checks_say_what_to_write(tmp_path):
    folder = write_assignment(tmp_path / "a", ["prior", "decision"])
    done = subprocess.run([sys.executable, "assignment.py"], cwd=folder, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("not written yet (it raises NotImplementedError)") == 2
    assert "prior_mle (prior): not yet right" in done.stdout


def test_write_assignment_refuses_to_write_over_a_folder_and_leaves_nothing_on_error(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(ValueError, match="already exists and is not an empty folder"):
        write_assignment(tmp_path / "full", ["prior"])
    assert [path.name for path in (tmp_path / "full").iterdir()] == ["notes.txt"]
    with pytest.raises(KeyError, match="no exercise called 'smoothing'"):
        write_assignment(tmp_path / "new", ["prior", "smoothing"])
    with pytest.raises(KeyError, match="neither a note's assignment"):
        write_assignment(tmp_path / "new", "cornell")
    with pytest.raises(ValueError, match="time_limit"):
        write_assignment(tmp_path / "new", ["prior"], time_limit=0)
    with pytest.raises(ValueError, match="both ask for a function called prior_mle"):
        write_assignment(tmp_path / "new", ["prior", "prior"])
    assert sorted(path.name for path in tmp_path.iterdir()) == ["full"]  # no half-written folder, no staging left
    (tmp_path / "empty").mkdir()
    assert write_assignment(tmp_path / "empty", ["prior"]) == tmp_path / "empty"


# -- what the child sends back ---------------------------------------------------------------


def test_answers_keep_their_type_on_the_way_back():
    values = [Fraction(3, 4), 0.1, math.inf, -math.inf, (1, "a"), {("a", 1): [Fraction(1, 3), None]},
              {1: {True: "x"}}, [], {}, (), 10 ** 40, "text", {2, 3}]
    for value in values:
        back = untagged(json.loads(json.dumps(tagged(value), allow_nan=False)))
        assert back == value and type(back) is type(value)
    assert math.isnan(untagged(json.loads(json.dumps(tagged(math.nan)))))

    class Odd:
        def __repr__(self):
            return "Odd()"

    back = untagged(json.loads(json.dumps(tagged(Odd()))))
    assert back != back and repr(back) == "Odd() (a Odd)"  # equal to no expected answer, shown as what it was


def test_numpy_answers_come_back_as_python_numbers():
    numpy = pytest.importorskip("numpy")
    value = {"a": numpy.float64(0.25), "b": numpy.int64(3), "c": numpy.array([1.0, 2.0])}
    back = untagged(json.loads(json.dumps(tagged(value))))
    assert back == {"a": 0.25, "b": 3, "c": [1.0, 2.0]} and type(back["b"]) is int


# -- grading ----------------------------------------------------------------------------------


def test_a_small_class_graded_end_to_end(tmp_path):
    """The quick run's one grading: a right script, a wrong one with a function missing, a notebook; the CSV and feedback."""
    folder = write_assignment(tmp_path / "week-1", ["prior", "decision"], seed=3, n_random=10)
    text = (folder / "assignment.py").read_text(encoding="utf-8")
    handed_in = tmp_path / "handed-in"
    handed_in.mkdir()
    (handed_in / "ada.py").write_text(filled(text, RIGHT), encoding="utf-8")
    (handed_in / "bo.py").write_text(
        filled(text, {"prior_mle": "return n_documents / class_count"}).replace("def decision(", "def decide("),
        encoding="utf-8")
    (handed_in / "cleo").mkdir()
    (handed_in / "cleo" / "week-1.ipynb").write_text(as_notebook(filled(text, RIGHT)), encoding="utf-8")
    rows = grade(handed_in, folder / "grading" / "checks.json", tmp_path / "results")
    grades = read_grades(tmp_path / "results")
    assert list(grades[0]) == ["student", "prior: hand", "prior: random", "decision: hand", "decision: random", "total"]
    assert [list(row.values()) for row in grades] == [
        ["ada", "2", "2", "2", "2", "8"], ["bo", "0", "0", "0", "0", "0"], ["cleo", "2", "2", "2", "2", "8"]]
    assert [row["total"] for row in rows] == [8, 0, 8]
    feedback = (tmp_path / "results" / "feedback" / "bo.txt").read_text(encoding="utf-8")
    assert "prior (prior_mle): not yet right, 0 of 4 points" in feedback
    assert "input:    prior_mle(class_count=3, n_documents=4)" in feedback and "expected: 3/4 (0.75)" in feedback
    assert "got:      1.3333333333333333" in feedback
    assert "hint:     this is N / N_c" in feedback  # the planted mistake's own hint
    assert "no function called decision in your file" in feedback
    ada = (tmp_path / "results" / "feedback" / "ada.txt").read_text(encoding="utf-8")
    assert "Total: 8 of 8 points" in ada
    assert "in the model: MultinomialNB on the China example (feedback, no points): passed, with your prior_mle" in ada
    assert main(["grade", str(handed_in), "--checks", str(folder / "grading" / "checks.json"),
                 "--out", str(tmp_path / "quicker"), "--no-model-runs"]) == 0
    assert read_grades(tmp_path / "quicker") == grades
    assert "in the model" not in (tmp_path / "quicker" / "feedback" / "ada.txt").read_text(encoding="utf-8")


def test_the_grader_refuses_bad_folders_and_checks_and_writes_nothing(tmp_path):
    folder = write_assignment(tmp_path / "a", ["prior"])
    checks = folder / "grading" / "checks.json"
    (tmp_path / "in").mkdir()
    (tmp_path / "done").mkdir()
    (tmp_path / "done" / "grades.csv").write_text("old", encoding="utf-8")
    with pytest.raises(GradingError, match="already exists and is not an empty folder"):
        grade(tmp_path / "in", checks, tmp_path / "done")
    assert (tmp_path / "done" / "grades.csv").read_text(encoding="utf-8") == "old"
    with pytest.raises(GradingError, match="inside the submissions folder"):
        grade(tmp_path / "in", checks, tmp_path / "in" / "results")
    with pytest.raises(GradingError, match="no such checks file"):
        grade(tmp_path / "in", tmp_path / "nope.json", tmp_path / "r")
    with pytest.raises(GradingError, match="is not a folder"):
        grade(tmp_path / "nope", checks, tmp_path / "r")
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "naivebayes-assignment-checks", "exercises": [], "seed": "x"}), encoding="utf-8")
    with pytest.raises(GradingError, match="'seed' is missing or not a int"):
        grade(tmp_path / "in", broken, tmp_path / "r")
    with pytest.raises(GradingError, match="time_limit must be a number of seconds above 0"):
        grade(tmp_path / "in", checks, tmp_path / "r", time_limit=-1)
    assert not (tmp_path / "r").exists()


def test_the_command_line_writes_an_assignment_and_refuses_what_it_must(tmp_path, capsys):
    assert main(["assignment", "--exercises", "prior,decision", str(tmp_path / "a"), "--seed", "5"]) == 0
    assert "hand this file out" in capsys.readouterr().out
    checks = json.loads((tmp_path / "a" / "grading" / "checks.json").read_text(encoding="utf-8"))
    assert checks["seed"] == 5 and [item["name"] for item in checks["exercises"]] == ["prior", "decision"]
    assert main(["assignment", "--exercises", "prior", str(tmp_path / "a")]) == 2
    assert "already exists and is not an empty folder" in capsys.readouterr().err
    assert main(["assignment", str(tmp_path / "b")]) == 2
    assert "give either --note" in capsys.readouterr().err
    assert main(["assignment", "--note", "cornell-8", "--exercises", "prior", str(tmp_path / "b")]) == 2
    assert main(["assignment", "--note", "cornell-9", str(tmp_path / "b")]) == 2
    assert "invalid choice: 'cornell-9'" in capsys.readouterr().err
    assert main(["grade", str(tmp_path / "a"), "--checks", str(tmp_path / "a" / "grading" / "checks.json"),
                 "--out", str(tmp_path / "a" / "grades")]) == 2
    assert "inside the submissions folder" in capsys.readouterr().err
    assert main(["grade", str(tmp_path / "nope"), "--checks", "x.json", "--out", str(tmp_path / "r")]) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert not (tmp_path / "b").exists() and not (tmp_path / "r").exists()


def test_a_class_of_cornells_assignment_graded_with_every_kind_of_trouble(tmp_path, capsys):
    """Two right students (by hand, and through the library), planted mistakes, a hang, /etc/passwd, a syntax error."""
    names = [name for name in ASSIGNMENTS["cornell-8"]["exercises"] if name in EXERCISES]
    folder = write_assignment(tmp_path / "cornell", names, seed=11, n_random=15, time_limit=3)
    text = (folder / "assignment.py").read_text(encoding="utf-8")
    functions = {exercise(name).function_name: name for name in names}
    handed_in = tmp_path / "handed-in"
    handed_in.mkdir()

    def hand_in(student, bodies, file_name=None, notebook=False):
        content = filled(text, bodies)
        if file_name:
            (handed_in / student).mkdir()
            path = handed_in / student / file_name
        else:
            path = handed_in / f"{student}.{'ipynb' if notebook else 'py'}"
        path.write_text(as_notebook(content) if notebook else content, encoding="utf-8")

    by_hand = {function: RIGHT.get(function, library_call(name)) for function, name in functions.items()}
    hand_in("ada", by_hand)
    hand_in("ben", {function: library_call(name) for function, name in functions.items()}, "cornell.py")
    mistakes = dict(by_hand, **{
        "count_classes": "return {label: labels.count(label) + 1 for label in labels}",  # off by one
        "prior_mle": "return n_documents / class_count",  # arguments swapped
        "bernoulli_likelihood": "return document_count / class_count",  # smoothing left out
        "log_sum_exp": "import math\nreturn math.log2(sum(2 ** v for v in log_values))",  # base 2
    })
    hand_in("cora", mistakes)
    hand_in("dan", dict(by_hand, decision="while True:\n    pass",  # a loop that never ends
                        count_classes="return bytearray(10 ** 11)"))  # more memory than the limit
    outside = tmp_path / "outside.txt"
    hand_in("eve", dict(by_hand, add_bernoulli_counts="return open('/etc/passwd').read()",
                        prior_mle=f"open({str(outside)!r}, 'w').write('x')\nreturn 0",
                        log_sum_exp="import socket\nsocket.create_connection(('example.org', 80))",
                        decision="import subprocess\nreturn subprocess.run(['true'])"))
    (handed_in / "finn.py").write_text(filled(text, by_hand).replace("def decision(scores):", "def decision(scores)"),
                                       encoding="utf-8")
    hand_in("gus", by_hand, notebook=True)
    stopped = as_notebook(filled(text, by_hand).replace("from naivebayes.exercises import exercise",
                                                        "from naivebayes.exercises import exercise\n1 / 0"))
    (handed_in / "hal.ipynb").write_text(stopped, encoding="utf-8")
    (handed_in / "ivy").mkdir()
    (handed_in / "ivy" / "a.py").write_text(text, encoding="utf-8")
    (handed_in / "ivy" / "b.py").write_text(text, encoding="utf-8")
    hand_in("kit", dict(by_hand, bernoulli_likelihood="import os\nos._exit(3)"))  # the process ends mid-way
    (handed_in / "lou.py").write_text("import os\nos._exit(0)\n" + filled(text, by_hand), encoding="utf-8")
    cheat = filled(text, {function: "return None" for function in functions})
    cheat = cheat.replace("from naivebayes.exercises import exercise", "from naivebayes.exercises import exercise\n"
                          "import naivebayes.exercises.checking as checking\n"
                          "checking.same_answer = lambda *args, **kwargs: True\n"
                          "checking.Exercise.compare = lambda *args: True")
    (handed_in / "jo.py").write_text(cheat, encoding="utf-8")

    assert main(["grade", str(handed_in), "--checks", str(folder / "grading" / "checks.json"),
                 "--out", str(tmp_path / "results")]) == 0
    assert "12 submissions graded" in capsys.readouterr().out
    grades = {row["student"]: row for row in read_grades(tmp_path / "results")}
    assert list(grades) == ["ada", "ben", "cora", "dan", "eve", "finn", "gus", "hal", "ivy", "jo", "kit", "lou"]
    full = grades["ada"]["total"]
    assert float(full) == sum(2 + 2 + (1 if exercise(name).at_scale else 0) for name in names)
    assert grades["ben"]["total"] == grades["gus"]["total"] == full
    ada = (tmp_path / "results" / "feedback" / "ada.txt").read_text(encoding="utf-8")
    assert ("in the model: MultinomialNB on the shipped spam corpus (feedback, no points): passed, "
            "with your decision, MultinomialNB on the shipped spam corpus gives a test accuracy of") in ada
    for student in ("finn", "hal", "ivy", "jo", "lou"):
        assert grades[student]["total"] == "0", student

    def feedback(student):
        return (tmp_path / "results" / "feedback" / f"{student}.txt").read_text(encoding="utf-8")

    cora = feedback("cora")
    for name, hint in (("class-counts", exercise("class-counts").mistakes[0].hint),
                       ("prior", "this is N / N_c"), ("log-sum-exp", "log base 2")):
        if name in names:
            section = cora.split(f". {name} (")[1].split("\n\n")[0]
            assert hint in section, (name, section)
            assert grades["cora"][f"{name}: hand"] == "0"
    assert "smoothing" in cora.split(". bernoulli-estimate (")[1].split("\n\n")[0]
    assert grades["cora"]["decision: hand"] == "2"
    assert grades["dan"]["decision: hand"] == "0" and float(grades["dan"]["total"]) == float(full) - 8
    assert "timed out: checking it took more than 3 s" in feedback("dan")
    assert "raised MemoryError" in feedback("dan")
    eve = feedback("eve")
    assert "read only inside its own folder, not /etc/passwd" in eve
    assert "write only inside its own folder" in eve and not outside.exists()
    assert "does not let your code use socket" in eve and "does not let your code use subprocess" in eve
    assert "a syntax error in finn.py" in feedback("finn")
    assert "cell 2 stopped with ZeroDivisionError" in feedback("hal")
    assert "2 files that could be the submission (a.py, b.py)" in feedback("ivy")
    assert "returned None" in feedback("jo")
    assert float(grades["kit"]["total"]) == float(full) - 4  # the other exercises are graded in a new process
    assert "stopped while checking it: the process ended with status 3" in feedback("kit")
    assert "your file could not be loaded (the process ended with status 0)" in feedback("lou")


def test_every_notes_assignment_graded_with_a_right_and_an_untouched_submission(tmp_path):
    for key, ready in ASSIGNMENTS.items():
        names = [name for name in ready["exercises"] if name in EXERCISES]
        folder = write_assignment(tmp_path / key, names, n_random=5)
        text = (folder / "assignment.py").read_text(encoding="utf-8")
        handed_in = tmp_path / f"{key}-in"
        handed_in.mkdir()
        (handed_in / "right.py").write_text(filled(text, {exercise(name).function_name: library_call(name)
                                                          for name in names}), encoding="utf-8")
        (handed_in / "untouched.py").write_text(text, encoding="utf-8")
        rows = grade(handed_in, folder / "grading" / "checks.json", tmp_path / f"{key}-out")
        out_of = sum(2 + 2 + (1 if exercise(name).at_scale else 0) for name in names)
        assert [(row["student"], row["total"]) for row in rows] == [("right", out_of), ("untouched", 0)], key
        untouched = (tmp_path / f"{key}-out" / "feedback" / "untouched.txt").read_text(encoding="utf-8")
        assert untouched.count("not written yet (it raises NotImplementedError)") == len(names)


def test_a_submission_that_uses_numpy_is_graded_under_the_limits(tmp_path):
    """numpy loads under the memory limit and the audit hook (its import opens Python itself with ctypes)."""
    pytest.importorskip("numpy")
    folder = write_assignment(tmp_path / "a", ["log-sum-exp"], n_random=5)
    handed_in = tmp_path / "in"
    handed_in.mkdir()
    body = ("import numpy as np\nvalues = np.array(log_values, dtype=float)\nlargest = values.max()\n"
            "if largest == -np.inf:\n    return -np.inf\nreturn largest + np.log(np.exp(values - largest).sum())")
    (handed_in / "nu.py").write_text(filled((folder / "assignment.py").read_text(encoding="utf-8"),
                                            {"log_sum_exp": body}), encoding="utf-8")
    rows = grade(handed_in, folder / "grading" / "checks.json", tmp_path / "out")
    assert rows == [{"student": "nu", "log-sum-exp: hand": 2, "log-sum-exp: random": 2, "log-sum-exp: at scale": 1,
                     "total": 5}]


def test_jupytext_reads_the_assignment_as_a_notebook_and_the_grader_grades_that_notebook(tmp_path):
    jupytext = pytest.importorskip("jupytext")
    folder = write_assignment(tmp_path / "a", ["prior", "log-sum-exp"], n_random=5)
    text = (folder / "assignment.py").read_text(encoding="utf-8")
    notebook = jupytext.reads(filled(text, RIGHT), fmt="py:percent")
    kinds = [cell.cell_type for cell in notebook.cells]
    assert kinds == ["markdown", "code"] + ["markdown", "code", "code"] * 2
    assert notebook.cells[0].source.startswith("# Assignment: exercises prior, log-sum-exp")
    handed_in = tmp_path / "in"
    handed_in.mkdir()
    (handed_in / "ada.ipynb").write_text(jupytext.writes(notebook, fmt="ipynb"), encoding="utf-8")
    rows = grade(handed_in, folder / "grading" / "checks.json", tmp_path / "out", in_model=False)
    assert rows[0]["total"] == 2 + 2 + 2 + 2 + 1
