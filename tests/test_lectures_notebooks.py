"""Every lecture companion runs as a notebook, from the same source as the script.

The companions in lectures/ are in jupytext's percent format: ``# %%`` starts
a code cell and ``# %% [markdown]`` a cell of prose, so ``python
lectures/x.py`` runs the script while Jupyter (with jupytext) and VS Code
open the file as a notebook.  Here each companion is converted with jupytext,
as Jupyter would, and executed by nbclient on an ipykernel, in lectures/ as
a notebook opened there runs.  It reads its arguments from the
NAIVEBAYES_LECTURE_ARGUMENTS variable: the small settings of
tests/test_lectures.py (``--limit 40``, and ``--no-newsgroups``,
``--no-adult`` or a local copy of the data, such as ``--optdigits``), never a download.

In the companions of the five lecture notes and of the papers of Ng and
Jordan, Rennie et al., McCallum and Nigam and Nigam et al. (HEADLINES below) each step's
cell runs that step at module level and prints its numbers right under it,
as a student reading the notebook beside the note needs them: the tests
check that every step heading a companion prints lands in its own cell,
under the prose cell that names that step, and that the note's headline
number is printed in the cell of its step, not gathered in the last cell.

Without jupytext, nbclient or ipykernel the tests skip (``pip install -e
'.[notebooks]'``); ``--require-reference`` turns that skip into a failure, and
.ci/run installs them before that run.  A python3 kernel that is installed but
does not start is a skip of the same kind ("could not import 'ipykernel'", which
conftest's ``missing_reference_tool`` recognises), so ``--require-reference``
fails it too; a test below simulates such a kernel.  A cell that raises fails
the test.
"""

import functools
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from test_lectures import (  # the same companions, data and settings as the script tests
    ADULT,
    ARCHIVE,
    COMPANIONS,
    NEEDS_NEWSGROUPS,
    OPTIONAL_ADULT,
    OPTIONAL_NEWSGROUPS,
    SLICE,
    optdigits_arguments,
)

ROOT = Path(__file__).resolve().parent.parent
LECTURES = ROOT / "lectures"
TIMEOUT = 600  # seconds for one cell (a companion of a paper still runs every step in its last cell)

# Quicker settings where a companion has them: the slow parts the script tests cover already.
QUICK = {
    "cornell_lecture_8_bernoulli": ("--skip-logistic",),
    "lecture_7_naive_bayes": ("--quick",),
    "d2l_naive_bayes_digits": ("--skip-logistic",),
}


# The note's headline figure, and the step whose cell must print it, on the settings above.
HEADLINES = {
    "pudding_multinomial_tfidf": ("Step 4", r"^macro-F1: [01]\.\d{3} .*\n.*'%0\.3f' as the notes print theirs"),
    "cornell_lecture_8_bernoulli": ("Step 6", r"^training accuracy, clipped: \d+/\d+ = [01]\.\d{4} +"
                                              r"\(lecture: 0\.8693, that is 1962/2257\)$"),
    "cornell_lecture_8_lda": ("Step 3", r"^the same as the lecture's printed array: 150 of 150 flowers"),
    "tfp_blog_gaussian_iris": ("Step 4", r"^accuracy on the 30 test flowers: \d+/30 = [01]\.\d{4} +\(post: 0\.8667"),
    "from_scratch_multinomial": ("Step 1", r"^bag of words: 14 words, 12 distinct"),
    "lecture_7_naive_bayes": ("Step 2", r"^the slide's example row, A and B true but C false: 5/20 = 0\.25 +"
                                        r"\(slide: 0\.25\)$"),
    "ng_jordan_generative_discriminative": ("Step 1", r"^  logistic regression stays at or below naive Bayes "
                                                      r"from m = 14 on \(0\.3006 against 0\.3010 there\)$"),
    "rennie_complement_naive_bayes": ("Step 6", r"^TWCNB on TF-IDF-length +\d+/\d+ = [01]\.\d{4}  "
                                                r"\(paper, Table 3: 0\.861\)"),
    "mccallum_nigam_event_models": ("Step 5", r"^mean error reduction over these \d+ sizes: [-+]\d+\.\d% "
                                              r"\(the paper's abstract: 27% on average, over its five corpora\)$"),
    "nigam_em_unlabeled_posts": ("Step 5", r"^EM's gain over naive Bayes: [-+]\d+\.\d to [-+]\d+\.\d points "
                                           r"\(the paper's text: \+14 to \+16 points at 20, 40 and 300\)$"),
}
# Without the Adult files this companion runs its iris check alone (steps 1, 2, 5 and 6, going further A).
STEPS_NEED_ADULT = {"ng_jordan_generative_discriminative"}
STEP_HEADING = re.compile(r"^(Step \d+|Going further(?: [A-Z])?)\. ", re.M)


def cell_text(cell):
    """What a code cell shows under it: printed text and the plain form of displayed values."""
    parts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            parts.append(output.get("text", ""))
        elif output.get("output_type") in ("execute_result", "display_data"):
            parts.append(output.get("data", {}).get("text/plain", ""))
    return "".join(parts)


def check_each_step_under_its_prose(name, notebook):
    """Every step heading printed in its own code cell, right under a prose cell naming that step."""
    cells = notebook.cells
    step_cells = {}  # heading -> index of the code cell that printed it
    for index, cell in enumerate(cells):
        if cell.cell_type != "code":
            continue
        for heading in dict.fromkeys(STEP_HEADING.findall(cell_text(cell))):
            assert heading not in step_cells, f"{name}: {heading!r} printed by two cells"
            step_cells[heading] = index
    assert "Step 1" in step_cells and len(step_cells) >= 4, f"{name}: step headings {list(step_cells)}"
    # one step per cell: no cell prints two steps' headings, so each step's numbers sit under that step
    shared = [index for index in step_cells.values() if list(step_cells.values()).count(index) > 1]
    assert shared == [], f"{name}: cells {sorted(set(shared))} print several steps: " + ", ".join(
        heading for heading, index in step_cells.items() if index in shared)
    for heading, index in step_cells.items():
        prose = cells[index - 1]
        assert prose.cell_type == "markdown", f"{name}: {heading!r} printed by a cell with no prose above it"
        if heading.startswith("Step "):
            named = re.search(rf"\b{heading}\b", prose.source)
        else:  # "Going further", or one of its parts, "### B. ..."
            letter = heading.rsplit(" ", 1)[-1]
            named = "Going further" in prose.source or re.search(rf"^#+ {letter}\. ", prose.source, re.M)
        assert named, f"{name}: {heading!r} is printed under the prose {prose.source[:80]!r}"
    # most cells that run a step print something; the last one is not where everything goes
    running = [cell for cell in cells if cell.cell_type == "code" and '__name__ == "__main__"' in cell.source]
    printing = [cell for cell in running if cell_text(cell).strip()]
    assert len(running) >= 5 and 2 * len(printing) > len(running), f"{name}: {len(printing)} of {len(running)}"
    last = [cell for cell in cells if cell.cell_type == "code"][-1]
    assert "Step 1. " not in cell_text(last)
    return step_cells


# The reason of the skip when no python3 kernel starts: conftest's missing_reference_tool reads "ipykernel" in it.
KERNEL_DID_NOT_START = ("could not import 'ipykernel': the python3 kernel did not start ({error}); install the "
                        "notebooks extra (pip install -e '.[notebooks]') and check `jupyter kernelspec list`")


def start_and_stop_a_kernel():
    """Start one python3 kernel, as nbclient will, and stop it again."""
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3", startup_timeout=120)
    client.stop_channels()
    manager.shutdown_kernel(now=True)


@functools.lru_cache(maxsize=None)
def kernel_problem(start=start_and_stop_a_kernel):
    """None when a python3 kernel starts, else what went wrong (tried once per session)."""
    try:
        start()
    except Exception as error:  # no kernel spec, a kernel that dies at once, a start that times out
        return f"{type(error).__name__}: {error}"[:300]
    return None


def skip_unless_a_kernel_starts(start=start_and_stop_a_kernel):
    """Skip, with a reason --require-reference turns into a failure, when no python3 kernel can start."""
    problem = kernel_problem(start)
    if problem is not None:
        pytest.skip(KERNEL_DID_NOT_START.format(error=problem))


def notebook_arguments(script, tmp_path):
    """The command line the notebook's last cell gets, or None when the companion needs data that is absent."""
    arguments = ["--limit", str(SLICE), *QUICK.get(script.stem, ())]
    if script in NEEDS_NEWSGROUPS | OPTIONAL_NEWSGROUPS:
        if ARCHIVE is not None:
            arguments += ["--archive", ARCHIVE]
        elif script in OPTIONAL_NEWSGROUPS:
            arguments.append("--no-newsgroups")
        else:
            return None
    if script in OPTIONAL_ADULT:
        arguments += ["--adult", str((ROOT / ADULT).resolve())] if ADULT else ["--no-adult"]
    elif script.stem in STEPS_NEED_ADULT and ADULT:
        arguments += ["--adult", str((ROOT / ADULT).resolve())]
    arguments += optdigits_arguments(script)  # a local copy of UCI's digits, or a skip: never a download
    if "--out" in script.read_text(encoding="utf-8"):
        arguments += ["--out", str(tmp_path / "pictures")]
    return arguments


def test_every_companion_is_in_percent_format():
    """A markdown title cell first, a cell per step, each running its step with the notebook's arguments."""
    assert COMPANIONS
    for script in COMPANIONS:
        text = script.read_text(encoding="utf-8")
        assert text.startswith("# %% [markdown]\n# # "), f"{script.name}: no title cell first"
        assert text.count("# %% [markdown]") >= 5, f"{script.name}: fewer than five prose cells"
        assert "NAIVEBAYES_LECTURE_ARGUMENTS" in text, f"{script.name}: the notebook cannot take arguments"
        assert 'NOTEBOOK_ARGUMENTS if "ipykernel" in sys.modules else None' in text, f"{script.name}: options"
        if script.stem in HEADLINES:  # the companions whose steps run cell by cell
            code_cells = [cell for cell in text.split("# %%")[1:] if not cell.startswith(" [markdown]")]
            steps = [cell for cell in code_cells if re.search(r"^if __name__ == \"__main__\":", cell, re.M)]
            assert len(steps) >= 5, f"{script.name}: fewer than five cells run a step"
            assert "def main(" not in text, f"{script.name}: a main() that runs every step in one cell"


@pytest.mark.parametrize("script", COMPANIONS, ids=[path.stem for path in COMPANIONS])
def test_every_companion_runs_as_a_notebook(script, tmp_path, monkeypatch):
    jupytext = pytest.importorskip("jupytext")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    skip_unless_a_kernel_starts()
    arguments = notebook_arguments(script, tmp_path)
    if arguments is None:
        pytest.skip("no local 20news-bydate.tar.gz, and the tests never download it")
    notebook = jupytext.read(script)  # what Jupyter shows when it opens the .py
    kinds = [cell.cell_type for cell in notebook.cells]
    assert kinds[0] == "markdown" and kinds.count("code") >= 3 and kinds.count("markdown") >= 5
    monkeypatch.setenv("NAIVEBAYES_LECTURE_ARGUMENTS", shlex.join(arguments))
    monkeypatch.setenv("PYTHONIOENCODING", "utf-8")
    monkeypatch.delenv("PYTHONPATH", raising=False)  # the notebook must find the package by itself
    client = nbclient.NotebookClient(
        notebook, timeout=TIMEOUT, kernel_name="python3", resources={"metadata": {"path": str(LECTURES)}},
    )
    client.execute()  # a cell that raises fails here, with the cell and its traceback
    printed = "".join(
        output.get("text", "")
        for cell in notebook.cells if cell.cell_type == "code"
        for output in cell.get("outputs", []) if output.get("output_type") == "stream"
    )
    assert re.search(r"^accuracy on the \d+ test \w+: \d+/\d+ = [01]\.\d{4}", printed, re.M), printed[-2000:]
    assert re.search(r"^Step 1\. ", printed, re.M)
    errors = [output for cell in notebook.cells for output in cell.get("outputs", [])
              if output.get("output_type") == "error"]
    assert errors == []
    if script.stem in HEADLINES and (ADULT or script.stem not in STEPS_NEED_ADULT):
        step_cells = check_each_step_under_its_prose(script.stem, notebook)
        step, headline = HEADLINES[script.stem]
        assert step in step_cells, f"{script.stem}: no {step}"
        assert re.search(headline, cell_text(notebook.cells[step_cells[step]]), re.M), \
            f"{script.stem}: the headline is not in the cell of {step}"
        if "--out" in arguments:  # the iris companions draw their pictures under their steps
            drawn = [cell for cell in notebook.cells if cell.cell_type == "code"
                     and any("image/svg+xml" in output.get("data", {}) for output in cell.get("outputs", []))]
            assert len(drawn) >= 3, f"{script.stem}: pictures drawn in {len(drawn)} cells"


# ---------------------------------------------------------------------------
# A kernel that cannot start is a skip that --require-reference fails
# ---------------------------------------------------------------------------


def a_kernel_that_cannot_start():
    raise RuntimeError("Kernel died before replying to kernel_info")


def test_a_kernel_that_cannot_start_skips_with_a_reason_conftest_recognises():
    from conftest import missing_reference_tool

    with pytest.raises(pytest.skip.Exception) as skipped:
        skip_unless_a_kernel_starts(a_kernel_that_cannot_start)
    reason = str(skipped.value)
    assert "Kernel died before replying" in reason
    assert missing_reference_tool(reason) == "ipykernel"
    assert missing_reference_tool("could not start a python3 kernel: died") is None  # the old reason slipped by


@pytest.mark.skipif(os.environ.get("NAIVEBAYES_SIMULATE_DEAD_KERNEL") != "1",
                    reason="run by the next test, in a process of its own")
def test_simulated_dead_kernel():
    skip_unless_a_kernel_starts(a_kernel_that_cannot_start)


@pytest.mark.parametrize("require", [False, True])
def test_require_reference_fails_a_notebook_whose_kernel_cannot_start(require):
    node = f"{Path(__file__).name}::test_simulated_dead_kernel"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "-rs", node,
         *(["--require-reference"] if require else [])],
        cwd=Path(__file__).parent, capture_output=True, text=True, timeout=120,
        env={**os.environ, "NAIVEBAYES_SIMULATE_DEAD_KERNEL": "1"},
    )
    if require:
        assert run.returncode == 1 and "1 failed" in run.stdout, run.stdout[-2000:]
        assert "--require-reference" in run.stdout and "could not import 'ipykernel'" in run.stdout
    else:
        assert run.returncode == 0 and "1 skipped" in run.stdout, run.stdout[-2000:]
