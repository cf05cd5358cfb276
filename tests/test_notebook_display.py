"""A homework notebook, executed headless: what Jupyter stores for each cell is the table, not a dump.

This runs a real kernel (nbclient + ipykernel), so it takes a few seconds,
and skips cleanly when those are not installed.  It checks what
``tests/test_display.py`` cannot: that IPython's display machinery picks
up ``_repr_html_``, ``_repr_markdown_`` and ``_repr_svg_``, and that the
plain-text view a notebook stores is the same table ``print`` shows.
"""

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parent.parent

CELLS = [
    f"import sys; sys.path.insert(0, {str(ROOT)!r})",  # this checkout, whatever is installed
    "from naivebayes import MultinomialNB, InformativeFeaturesPlot, most_informative_features\n"
    "from naivebayes.datasets import load_spam\n"
    "from naivebayes.evaluation.metrics import accuracy, confusion_matrix, classification_report\n"
    "texts, labels = load_spam()\n"
    "model = MultinomialNB().fit(texts[:80], labels[:80])\n"
    "predictions = model.predict(texts[80:])",
    "model.explain('Congratulations! You have won a free cruise')",
    "print(model.explain('Congratulations! You have won a free cruise'))",
    "accuracy(labels[80:], predictions)",
    "confusion_matrix(labels[80:], predictions)",
    "classification_report(labels[80:], predictions)",
    "most_informative_features(model, 5)",
    "InformativeFeaturesPlot(most_informative_features(model, 5))",
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


def test_an_explanation_shows_as_an_html_table_with_the_same_text(executed):
    data = result(executed[2])
    assert data["text/html"].startswith("<table") and "<mark>" in data["text/html"]
    assert "<script" not in data["text/html"]
    printed = "".join(output.text for output in executed[3] if output.output_type == "stream")
    assert data["text/plain"] == printed.rstrip("\n")  # the REPL view is the printed table
    assert data["text/markdown"].startswith("#### multinomial naive Bayes")
    assert "Explanation(" not in data["text/plain"]


def test_metrics_and_features_show_as_tables(executed):
    score = result(executed[4])
    assert score["text/plain"].startswith("0.") and len(score["text/plain"]) == 6  # 0.9667, not Fraction(29, 30)
    for outputs in executed[5:8]:
        data = result(outputs)
        assert data["text/html"].startswith("<table") and not data["text/plain"].startswith(("{", "[", "'"))
    assert result(executed[7])["text/plain"].splitlines()[0].split() == ["feature", "likelier", "in", "than", "in", "ratio"]


def test_a_picture_shows_as_inline_svg(executed):
    data = result(executed[8])
    assert data["image/svg+xml"].lstrip().startswith(("<svg", "<?xml"))
    assert len(data["image/svg+xml"]) < 200_000
