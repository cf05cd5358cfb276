"""The companion of d2l's naive Bayes section on UCI's digits (lectures/d2l_naive_bayes_digits.py).

Its helpers are checked on numbers worked by hand: d2l's (n_iy + 1) / (n_y + 2)
as Fractions, the product of the factors, the number of factors before a
product underflows (with d2l's own 0.1 ** 784 demonstration), and the k-NN
lines of UCI's optdigits.names.  With a local copy of the digits
(NAIVEBAYES_OPTDIGITS_PATH or ../shared/data/optdigits) the companion is run
and what it prints is recomputed here with the library and by hand; without
one those tests skip, and nothing is downloaded.
"""

import importlib.util
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes import BernoulliNB, CategoricalNB, GaussianNB, MultinomialNB
from naivebayes.core.priors import Beta

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "lectures" / "d2l_naive_bayes_digits.py"


def local_optdigits():
    """The folder holding optdigits.tra and optdigits.tes, or None."""
    named = os.environ.get("NAIVEBAYES_OPTDIGITS_PATH")
    candidates = [Path(named)] if named else []
    candidates.append(ROOT.parent / "shared" / "data" / "optdigits")
    return next((str(path) for path in candidates
                 if (path / "optdigits.tra").is_file() and (path / "optdigits.tes").is_file()), None)


OPTDIGITS = local_optdigits()
needs_optdigits = pytest.mark.skipif(OPTDIGITS is None, reason="no local copy of UCI's optdigits.tra and optdigits.tes")


@pytest.fixture(scope="module")
def companion():
    spec = importlib.util.spec_from_file_location("d2l_naive_bayes_digits", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # only the definitions run: the steps sit under __name__ == "__main__"
    return module


# Three images of two pixels: class "a" has [1, 0] and [1, 1], class "b" has [0, 0].
TINY_ROWS = [[1, 0], [1, 1], [0, 0]]
TINY_LABELS = ["a", "a", "b"]


def test_hand_counts_are_the_images_and_the_on_pixels_per_class(companion):
    n_y, n_iy = companion.hand_counts(TINY_ROWS, TINY_LABELS)
    assert n_y == {"a": 2, "b": 1}
    assert n_iy == {"a": [2, 1], "b": [0, 0]}


def test_d2l_smoothing_is_bernoulli_alpha_one_and_the_beta_one_one_posterior_mean(companion):
    # (n_iy + 1) / (n_y + 2): pixel 0 in a: (2 + 1) / (2 + 2); pixel 1 in b, never on: (0 + 1) / (1 + 2)
    assert companion.d2l_p_xy(2, 2) == Fraction(3, 4)
    assert companion.d2l_p_xy(0, 1) == Fraction(1, 3)
    for alpha in (1, Beta(1, 1)):
        model = BernoulliNB(alpha=alpha).fit(TINY_ROWS, TINY_LABELS)
        assert model.likelihood(0, "a") == Fraction(3, 4)
        assert model.likelihood(1, "a") == Fraction(2, 4)
        assert model.likelihood(1, "b") == Fraction(1, 3)


def test_the_factors_and_their_product_are_d2ls_bayes_pred(companion):
    model = BernoulliNB(alpha=1).fit(TINY_ROWS, TINY_LABELS)
    # [1, 0] in class a: P(on) = 3/4 for pixel 0, P(off) = 1 - 2/4 for pixel 1; P(a) = 2/3
    assert companion.pixel_factors(model, [1, 0], "a") == [Fraction(3, 4), Fraction(1, 2)]
    product = companion.float_product(model.prior("a"), companion.pixel_factors(model, [1, 0], "a"))
    assert product == 0.25  # 2/3 * 3/4 * 1/2
    assert model.joint_probability([1, 0])["a"] == Fraction(1, 4)


def test_features_until_counts_the_factors_before_a_product_falls_below_a_float(companion):
    half = math.log(0.5)
    assert companion.features_until(half, 2.0 ** -1022) == 1023  # 2**-1022 itself is not below it
    assert companion.features_until(half, 2.0 ** -1074) == 1075
    # d2l's demonstration: 0.1 ** n falls below the smallest positive float at n = 324
    n = companion.features_until(math.log(0.1), math.ulp(0.0))
    assert n == 324 and 0.1 ** (n - 1) > 0.0 and 0.1 ** 784 == 0.0
    assert 784 * math.log(0.1) == pytest.approx(-1805.2267, abs=1e-4)


def test_uci_knn_lines_are_read_from_the_names_file(companion, tmp_path):
    names = tmp_path / "optdigits.names"
    names.write_text("Accuracy with k-nn\n\n k =  1   : 91.50\n k = 12   : 90.25\nk = x : 1.0\n", encoding="ascii")
    assert companion.uci_knn_accuracies(names) == {1: "91.50", 12: "90.25"}
    assert companion.uci_knn_accuracies(tmp_path / "missing.names") == {}
    assert companion.uci_knn_accuracies(None) == {}


def test_pixel_indices_are_row_major(companion):
    assert companion.pixel_at(0) == (0, 0)
    assert companion.pixel_at(28) == (3, 4)
    assert companion.pixel_at(63) == (7, 7)


def test_a_limit_too_small_is_refused(companion):
    with pytest.raises(SystemExit):
        companion.parse_arguments(["--limit", "3"])
    with pytest.raises(SystemExit):
        companion.parse_arguments(["--threshold", "17"])


# ---------------------------------------------------------------------------
# On the digits: what the companion prints, recomputed
# ---------------------------------------------------------------------------

def run_companion(*arguments):
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    completed = subprocess.run([sys.executable, str(SCRIPT), "--optdigits", OPTDIGITS, *arguments], cwd=ROOT,
                               capture_output=True, text=True, env=environment, timeout=600)
    assert completed.returncode == 0, completed.stderr
    return completed.stdout


def digits(limit=None):
    from naivebayes.datasets import load_optdigits

    grey_train, grey_test = load_optdigits("train", path=OPTDIGITS), load_optdigits("test", path=OPTDIGITS)
    return {
        "grey train": grey_train.rows[:limit], "train labels": grey_train.labels[:limit],
        "train": [[int(value >= 8) for value in row] for row in grey_train.rows[:limit]],
        "grey test": grey_test.rows, "test labels": grey_test.labels,
        "test": [[int(value >= 8) for value in row] for row in grey_test.rows],
    }


def right(model, rows, labels):
    return sum(p == t for p, t in zip(model.predict(rows), labels))


def smoothing_table(out):
    """[(alpha, correct, loss)] from going further A's lines, and the alpha it says it chose."""
    found = re.findall(r"^  alpha = +(\S+): held-out accuracy (\d+)/\d+ = \S+, log loss (\S+)$", out, re.M)
    chosen = re.search(r"^chosen: alpha = (\S+) ", out, re.M).group(1)
    return [(Fraction(a), int(c), float(loss)) for a, c, loss in found], Fraction(chosen)


@needs_optdigits
def test_the_slice_run_prints_what_the_library_recomputes(tmp_path):
    out = run_companion("--limit", "40", "--skip-logistic", "--out", str(tmp_path))
    data = digits(40)
    steps = [out.index(f"Step {k}. ") for k in range(1, 7)]
    assert steps == sorted(steps) and steps[-1] < out.index("Going further A.") < out.index("Going further B.")
    # step 1: the pixels ever on in the 40 training images, counted here from the grey levels
    ever_on = sum(any(row[i] >= 8 for row in data["grey train"]) for i in range(64))
    assert f"pixels ever on in the 40 training images: {ever_on} of 64;" in out
    # step 6: d2l's smoothing, alpha = 1
    correct = right(BernoulliNB(alpha=1).fit(data["train"], data["train labels"]), data["test"], data["test labels"])
    assert f"accuracy on the 1797 test images: {correct}/1797 = {correct / 1797:.4f}" in out.split("Going further")[0]
    # going further A: the choice follows the printed table, and the refitted model's accuracy is the library's
    table, chosen = smoothing_table(out)
    assert len(table) == 8 and max(table, key=lambda s: (s[1], -s[2]))[0] == chosen
    cut = 40 - 40 // 4
    for alpha, held_out, _ in table:
        model = BernoulliNB(alpha=alpha).fit(data["train"][:cut], data["train labels"][:cut])
        assert right(model, data["train"][cut:], data["train labels"][cut:]) == held_out
    refit = right(BernoulliNB(alpha=chosen).fit(data["train"], data["train labels"]), data["test"], data["test labels"])
    assert f"accuracy on the 1797 test images: {refit}/1797" in out.split("Going further A.")[1].split("Going further B.")[0]
    # the pictures are well-formed SVG
    for name in ("class-pictures.svg", "odds-ratio-3-8.svg", "odds-ratio-1-8.svg", "odds-ratio-3-9.svg"):
        assert ElementTree.parse(tmp_path / name).getroot().tag.endswith("svg")


@needs_optdigits
def test_the_whole_run_underflow_numbers_and_models_recompute(tmp_path):
    out = run_companion("--out", str(tmp_path))
    data = digits()
    model = BernoulliNB(alpha=1).fit(data["train"], data["train labels"])
    # step 4: the typical factor, from the factors written out by hand as d2l writes them
    logs = []
    for row, label in zip(data["test"], data["test labels"]):
        for i, on in enumerate(row):
            p = model.likelihood(i, label)
            logs.append(math.log(p if on else 1 - p))
    mean_log = math.fsum(logs) / len(logs)
    assert f"each under its own class): {math.exp(mean_log):.4f}" in out
    normal = math.ceil(math.log(sys.float_info.min) / mean_log)  # mean_log < 0: the first n with n * mean_log below
    smallest = math.ceil(math.log(5e-324) / mean_log)
    assert f"from {normal} factors on, and below the smallest positive float (4.9e-324) from {smallest} on" in out
    assert f"784 factors of this size multiply to 10^{784 * mean_log / math.log(10):.1f}" in out
    image = data["test"][0]
    product = min(float(p) for p in model.joint_probability(image).values())
    assert f"the smallest product is {product:.4e}" in out and product > sys.float_info.min
    # going further C: the naive Bayes models recomputed, and UCI's k-NN as its file says
    _, chosen = smoothing_table(out)
    grey, grey_test, labels, test_labels = data["grey train"], data["grey test"], data["train labels"], data["test labels"]
    expected = {
        f"Bernoulli NB, pixels on at the threshold, alpha = {chosen}":
            right(BernoulliNB(alpha=chosen).fit(data["train"], labels), data["test"], test_labels),
        "categorical NB, grey levels 0..16 as categories, alpha = 1":
            right(CategoricalNB(alpha=1).fit(grey, labels), grey_test, test_labels),
        "Gaussian NB, grey levels": right(GaussianNB().fit(grey, labels), grey_test, test_labels),
        "multinomial NB, grey levels as counts, alpha = 1":
            right(MultinomialNB(alpha=1).fit(grey, labels), grey_test, test_labels),
    }
    for name, correct in expected.items():
        assert f"  {name}: {correct}/1797 = {correct / 1797:.4f}" in out
    assert re.search(r"^  logistic regression, grey levels / 16, C = 1: \d+/1797 = 0\.\d{4}", out, re.M)
    names = Path(OPTDIGITS) / "optdigits.names"
    if names.is_file():
        knn = re.findall(r"k =\s+(\d+)\s+:\s+(\S+)", names.read_text(encoding="ascii"))
        assert len(knn) == 11
        assert "  " + ", ".join(f"k = {k}: {value}" for k, value in knn) in out
