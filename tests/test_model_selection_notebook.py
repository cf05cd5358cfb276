"""The homework "choose alpha by 10-fold cross-validation", done in a notebook executed headless.

Like tests/test_notebook_display.py, this runs a real kernel (nbclient +
ipykernel) and skips cleanly without them (``--require-reference`` turns the
skip into a failure).  It checks what a student sees: the fold scores, the
grid search and the learning curve each show as an HTML table, and the plain
view Jupyter stores is the table ``print`` shows, not a list or dict dump.
"""

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parent.parent

CELLS = [
    f"import sys; sys.path.insert(0, {str(ROOT)!r})",  # this checkout, whatever is installed
    "from naivebayes import MultinomialNB, GaussianNB, GridSearchCV, cross_val_score, learning_curve\n"
    "from naivebayes.datasets import load_spam, load_iris\n"
    "texts, labels = load_spam()",
    "cross_val_score(MultinomialNB(), texts, labels, cv=10)",
    "search = GridSearchCV(MultinomialNB(), {'alpha': [0.01, 0.1, 1, 10]}, cv=10)\n"
    "search.fit(texts, labels)",
    "print(search.cv_results_)",
    "search.best_params_",
    "iris = load_iris()\n"
    "learning_curve(GaussianNB(), iris.rows, iris.labels, train_sizes=[10, 40, 120], cv=5, shuffle=True, random_state=0)",
]


@pytest.fixture(scope="module")
def executed():
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    client = nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3")
    try:
        client.execute()
    except nbclient.exceptions.CellExecutionError:
        raise
    except Exception as error:  # no python3 kernel to start: a set-up problem, not a display problem
        pytest.skip(f"could not import 'ipykernel': the python3 kernel did not start ({error})")
    return [cell.outputs for cell in notebook.cells]


def result(outputs):
    """The mime bundle of a cell's last value (its Out[n])."""
    [bundle] = [output for output in outputs if output.output_type == "execute_result"]
    return bundle.data


def test_fold_scores_show_as_a_table_with_their_mean(executed):
    data = result(executed[2])
    assert data["text/html"].startswith("<table")
    assert data["text/plain"].splitlines()[0].split() == ["fold", "score"]
    assert data["text/plain"].splitlines()[-1] == "mean 0.9727, spread (standard deviation) 0.0417 over 10 folds"


def test_the_grid_search_shows_its_table_with_the_best_setting_marked(executed):
    data = result(executed[3])
    assert data["text/html"].startswith("<table") and "font-weight:bold" in data["text/html"]
    assert data["text/plain"].startswith("GridSearchCV(MultinomialNB, {'alpha': [0.01, 0.1, 1, 10]}, cv=10): best")
    printed = "".join(output.text for output in executed[4] if output.output_type == "stream")
    assert printed.rstrip("\n") in data["text/plain"]  # the same table as print shows
    assert result(executed[5])["text/plain"] == "{'alpha': 0.01}"


def test_a_learning_curve_shows_as_a_table(executed):
    data = result(executed[6])
    assert data["text/html"].startswith("<table")
    assert data["text/plain"].splitlines()[0].split()[:2] == ["training", "examples"]
