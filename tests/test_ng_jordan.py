"""The companion of Ng and Jordan (NIPS 2002), lectures/ng_jordan_generative_discriminative.py.

Its pieces are checked by hand (the paper's naive Bayes as a linear
classifier, the crossing point, the protocol's draws), then it is run as a
student runs it, on a slice of the UCI Adult files (skipped when
../shared/data is absent; nothing is downloaded) and without them (the iris
fallback).
"""

import importlib.util
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from naivebayes import CategoricalNB

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "lectures" / "ng_jordan_generative_discriminative.py"
ADULT = ROOT.parent / "shared" / "data"
needs_adult = pytest.mark.skipif(not all((ADULT / name).is_file() for name in ("adult.data", "adult.test")),
                                 reason="no local adult.data and adult.test")


def companion():
    spec = importlib.util.spec_from_file_location("ng_jordan", COMPANION)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(*arguments):
    environment = {name: value for name, value in os.environ.items() if name not in ("PYTHONPATH",
                                                                                     "NAIVEBAYES_ADULT_PATH")}
    completed = subprocess.run([sys.executable, str(COMPANION), *arguments], cwd=ROOT, capture_output=True,
                               text=True, encoding="utf-8", env=environment, timeout=300)
    assert completed.returncode == 0, completed.stderr
    return completed.stdout


def test_the_paper_points_are_the_issues_read_off_points():
    module = companion()
    continuous, discrete = module.PAPER_CONTINUOUS, module.PAPER_DISCRETE
    assert continuous[2] == pytest.approx((0.42, 0.47), abs=0.005)  # naive Bayes ~0.42, logistic ~0.47 at m = 2
    assert module.first_crossing(continuous) == 14  # "crossing near m = 15 at about 0.30"
    assert continuous[14] == pytest.approx((0.30, 0.30), abs=0.002)
    assert discrete[102][0] == pytest.approx(0.22, abs=0.002)  # naive Bayes flat near 0.22 by m = 100
    assert discrete[202][1] == pytest.approx(0.238, abs=0.001)  # logistic still well above it at m = 200
    assert sorted(continuous) == list(range(2, 31)) and sorted(discrete) == list(range(2, 383, 20))


def test_the_crossing_is_where_logistic_regression_stays_ahead():
    first_crossing = companion().first_crossing
    assert first_crossing({1: (0.3, 0.4), 2: (0.3, 0.3), 3: (0.3, 0.2)}) == 2
    assert first_crossing({1: (0.5, 0.4), 2: (0.3, 0.35), 3: (0.3, 0.2)}) == 3  # ahead at 1, behind at 2
    assert first_crossing({1: (0.3, 0.29), 2: (0.3, 0.35), 3: (0.3, 0.4)}) is None  # one noisy point is not it
    assert first_crossing({1: (0.3, 0.4)}) is None


def test_the_papers_gaussian_naive_bayes_by_hand():
    """Class 0 at x = 0 and 1, class 1 at x = 2 and 4: means 1/2 and 3, pooled variance (4 * 1/4 + 2 * 1) / 4."""
    weights, bias = companion().paper_gaussian_nb([[0.0], [1.0], [2.0], [4.0]], [0, 0, 1, 1])
    variance = (0.25 + 0.25 + 1 + 1) / 4 + 1e-9
    assert weights[0] == pytest.approx((3 - 0.5) / variance, rel=1e-12)
    # b = -(mu_1^2 - mu_0^2) / (2 sigma^2) + log((2 + 1) / 6) - log((2 + 1) / 6)
    assert bias == pytest.approx(-(9 - 0.25) / (2 * variance), rel=1e-12)
    # the boundary w x + b = 0 is the midpoint of the means, 1.75, as the equal priors say
    assert -bias / weights[0] == pytest.approx(1.75, rel=1e-12)


def test_with_one_person_per_class_the_papers_naive_bayes_is_the_nearest_mean():
    module = companion()
    weights, bias = module.paper_gaussian_nb([[0.2, 0.9], [0.6, 0.1]], [0, 1])
    for x in ([0.0, 1.0], [0.5, 0.2], [0.45, 0.45], [1.0, 0.0]):
        nearer_1 = math.dist(x, [0.6, 0.1]) < math.dist(x, [0.2, 0.9])
        assert (bias + sum(weights[j] * x[j] for j in range(2)) > 0) == nearer_1


def test_the_discrete_naive_bayes_is_categorical_nb_with_the_papers_smoothing():
    module = companion()
    rows = [{"a": "x", "b": "p"}, {"a": "y", "b": "q"}, {"a": "x", "b": None}, {"a": "z", "b": "q"}]
    outcomes = [1, 0, 1, 0]
    categories = {"a": ["x", "y", "z", "w"], "b": ["p", "q"]}
    weights, bias = module.paper_categorical_nb(rows, outcomes, categories)
    # P(a = x | >50K) = (2 + 1) / (2 + 4), P(a = x | <=50K) = (0 + 1) / (2 + 4): w = log 3
    assert weights[("a", "x")] == pytest.approx(math.log(3), abs=1e-12)
    assert weights[("a", "w")] == pytest.approx(0.0, abs=1e-12)  # never seen: 1/6 in both classes
    model = CategoricalNB(alpha=1, class_prior={">50K": 0.5, "<=50K": 0.5}, categories=categories).fit(
        rows, [">50K" if o else "<=50K" for o in outcomes])
    test = [{"a": "x", "b": "q"}, {"a": "z", "b": "p"}, {"a": "w", "b": None}]
    vectors = [module.vector(row, "discrete") for row in test]
    linear = [bias + sum(weights.get(column, 0.0) * v for column, v in x) > 0 for x in vectors]
    assert linear == [p[">50K"] > 0.5 for p in model.predict_proba(test)]


def test_draws_hold_both_classes_and_repeat():
    module = companion()
    panel = module.Panel("toy", "continuous", [[i / 10] for i in range(10)], [0] * 8 + [1, 1],
                         [[0.5], [0.9]], [0, 1], [2, 3], {})
    first = module.draw(panel, 2, 0, 2)
    assert 0 < sum(first[1]) < 2
    assert module.draw(panel, 2, 0, 2) == first  # the same seed, the same draw


def test_without_adult_it_runs_the_protocol_on_iris():
    out = run("--adult", str(ROOT / "no-such-folder"), "--draws", "2")
    assert "NOT the paper's data" in out
    assert re.search(r"^accuracy on the 50 test flowers: \d+/50 = [01]\.\d{4}$", out, re.M)


@needs_adult
def test_on_a_slice_of_adult_it_prints_both_panels_beside_the_paper(tmp_path):
    picture = tmp_path / "panels.svg"
    out = run("--adult", str(ADULT), "--limit", "300", "--draws", "3", "--svg", str(picture))
    assert "each point: the mean over 3 draws of m training people, each draw scored on 300 test people" in out
    continuous = re.findall(r"^ +(\d+) +(0\.\d{4}) +(0\.\d{4}) +(0\.\d{4}) +(0\.\d{4})$", out, re.M)
    sizes = [int(m) for m, *_ in continuous]
    assert sizes[:29] == list(range(2, 31))  # the continuous panel, every paper size
    assert continuous[0][3:] == ("0.4221", "0.4708")  # the paper's column beside ours
    svg = picture.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "adult (continuous)" in svg and "adult (discrete)" in svg
    assert re.search(r"^accuracy on the 300 test people: \d+/300 = [01]\.\d{4}$", out, re.M)


def test_the_docs_page_quotes_the_papers_points_as_the_companion_holds_them():
    """Every table row quoted on docs/generative-discriminative.md carries the paper's two numbers for its m."""
    module = companion()
    page = (ROOT / "docs" / "generative-discriminative.md").read_text(encoding="utf-8")
    panels = re.findall(r"^adult \((?:continuous|discrete)\): test error against m\n(.*?)^logistic regression stays", page,
                        re.M | re.S)
    assert len(panels) == 2
    rows = re.findall(r"^ +(\d+) +0\.\d{4} +0\.\d{4} +(0\.\d{4}) +(0\.\d{4})$", "".join(panels), re.M)
    assert len(rows) == 29 + 20
    for (m, nb, lr), paper in zip(rows, [module.PAPER_CONTINUOUS] * 29 + [module.PAPER_DISCRETE] * 20):
        assert (float(nb), float(lr)) == paper[int(m)]
    assert "![" in page and "images/ng-jordan-adult.svg" in page
    assert (ROOT / "docs" / "images" / "ng-jordan-adult.svg").is_file()


def test_it_runs_as_a_notebook(monkeypatch):
    """The same file opened as a notebook (jupytext's percent format), executed cell by cell; iris, so no data."""
    jupytext = pytest.importorskip("jupytext")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    monkeypatch.setenv("NAIVEBAYES_LECTURE_ARGUMENTS", f"--adult {ROOT / 'no-such-folder'} --draws 2")
    notebook = jupytext.read(COMPANION)
    assert [cell.cell_type for cell in notebook.cells][:2] == ["markdown", "code"]
    nbclient.NotebookClient(notebook, timeout=240, kernel_name="python3",
                            resources={"metadata": {"path": str(COMPANION.parent)}}).execute()
    outputs = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", [])]
    assert not [output for output in outputs if output.get("output_type") == "error"]
    printed = "".join(output.get("text", "") for output in outputs)
    assert re.search(r"^accuracy on the 50 test flowers: \d+/50 = [01]\.\d{4}$", printed, re.M)
