"""Every lecture companion runs as a notebook, from the same source as the script.

The companions in lectures/ are in jupytext's percent format: ``# %%`` starts
a code cell and ``# %% [markdown]`` a cell of prose, so ``python
lectures/x.py`` runs the script while Jupyter (with jupytext) and VS Code
open the file as a notebook.  Here each companion is converted with jupytext,
as Jupyter would, and executed by nbclient on an ipykernel, in lectures/ as
a notebook opened there runs.  Its last cell reads its arguments from the
NAIVEBAYES_LECTURE_ARGUMENTS variable: the small settings of
tests/test_lectures.py (``--limit 40``, and ``--no-newsgroups``,
``--no-adult`` or a local copy of the data), never a download.

Without jupytext, nbclient or ipykernel the tests skip (``pip install -e
'.[notebooks]'``); ``--require-reference`` turns that skip into a failure, and
.ci/run installs them before that run.  A cell that raises fails the test.
"""

import os
import re
import shlex
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
)

ROOT = Path(__file__).resolve().parent.parent
LECTURES = ROOT / "lectures"
TIMEOUT = 600  # seconds for one cell; a companion's run is one cell

# Quicker settings where a companion has them: the slow parts the script tests cover already.
QUICK = {
    "cornell_lecture_8_bernoulli": ("--skip-logistic",),
    "lecture_7_naive_bayes": ("--quick",),
}


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
    if "--out" in script.read_text(encoding="utf-8"):
        arguments += ["--out", str(tmp_path / "pictures")]
    return arguments


def test_every_companion_is_in_percent_format():
    """A markdown title cell first, a cell per step, and the last cell runs main with the notebook's arguments."""
    assert COMPANIONS
    for script in COMPANIONS:
        text = script.read_text(encoding="utf-8")
        assert text.startswith("# %% [markdown]\n# # "), f"{script.name}: no title cell first"
        assert text.count("# %% [markdown]") >= 5, f"{script.name}: fewer than five prose cells"
        assert "NAIVEBAYES_LECTURE_ARGUMENTS" in text, f"{script.name}: the last cell cannot take arguments"
        last_cell = text.rsplit("# %%", 1)[1]
        assert re.search(r"if __name__ == \"__main__\":\n    .*main\(NOTEBOOK_ARGUMENTS", last_cell), f"{script.name}: last cell"


@pytest.mark.parametrize("script", COMPANIONS, ids=[path.stem for path in COMPANIONS])
def test_every_companion_runs_as_a_notebook(script, tmp_path, monkeypatch):
    jupytext = pytest.importorskip("jupytext")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
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
