"""The companion of Introduction to Information Retrieval, chapter 13 (lectures/iir_chapter_13_reuters.py).

Steps 1 to 4 need no data and always run: the book's worked examples, from
exact fractions.  Steps 5 to 7 read Reuters-21578; they run when a local copy
is at hand (NAIVEBAYES_REUTERS_PATH, or ../shared/data next to this checkout)
and are skipped otherwise: the tests never download it.  The whole run is one
of the slower checks (tests/conftest.py).
"""

import importlib.util
import random
import re
from fractions import Fraction

import pytest

from test_lectures import IIR_CHAPTER_13, REUTERS, run


def companion():
    """The companion imported as a module: it runs no step."""
    spec = importlib.util.spec_from_file_location("iir_chapter_13_reuters", IIR_CHAPTER_13)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def no_reuters_output():
    code, out, err = run(IIR_CHAPTER_13, "--no-reuters")
    assert code == 0, err
    return out


def test_the_worked_examples_are_the_books_from_exact_fractions():
    out = no_reuters_output()
    # section 13.2: 3/4 (3/7)^3 (1/14)^2 and 1/4 (2/9)^5
    assert "P(chinese | china) = 3/7   P(chinese | japan) = 2/9" in out
    assert "P(china, d5) = 81/268912 = 0.000301  (book, section 13.2: 0.0003)" in out
    assert "P(japan, d5) = 8/59049 = 0.000135  (book, section 13.2: 0.0001)" in out
    # section 13.3: 3/4 (4/5)(1/5)(1/5)(3/5)^3 against 1/4 (2/3)^6, and the decision flips
    assert "P(china, d5) = 81/15625 = 0.005184  (book, section 13.3: 0.005)" in out
    assert "P(japan, d5) = 16/729 = 0.021948  (book, section 13.3: 0.022)" in out
    assert "the model chooses japan (book: not China)" in out
    # sections 13.5.1 and 13.5.2: export in poultry
    assert "I(export; poultry) = 0.0001105 bits   (book, section 13.5.1: 0.0001105)" in out
    assert "X^2 = 284.2863   (book, section 13.5.2: 284)" in out
    assert "the same from (observed - expected)^2 / expected: True" in out


def test_without_reuters_it_says_so_and_still_prints_an_accuracy():
    out = no_reuters_output()
    assert "skipped (--no-reuters); steps 5 to 7 and going further need Reuters-21578" in out
    # held out in turn: the three China documents are China; the Japan one leaves only China to choose
    assert re.search(r"^accuracy on the 4 test documents: 3/4 = 0\.7500 ", out, re.M)
    assert "Step 6" not in out


def test_the_long_form_of_chi_square_is_the_librarys_short_form_on_random_tables():
    from naivebayes.text.selection import chi_square

    module = companion()
    draw = random.Random(13)
    for _ in range(200):
        counts = [draw.randint(1, 500) for _ in range(4)]
        assert module.chi_square_cells(*counts) == chi_square(*counts)
    assert round(module.chi_square_cells(49, 27652, 141, 774106)) == 284
    # independence: every cell is what the margins predict, so the statistic is 0
    assert module.chi_square_cells(10, 30, 20, 60) == 0


def test_the_companion_refuses_bad_options(tmp_path):
    code, out, err = run(IIR_CHAPTER_13, "--limit", "1")
    assert code == 2 and "--limit must be at least 2" in err and "Traceback" not in err
    code, out, err = run(IIR_CHAPTER_13, "--reuters", str(tmp_path / "missing.tar.gz"))
    assert code == 2 and "no such file" in err and "Traceback" not in err


@pytest.mark.skipif(REUTERS is None, reason="no local reuters21578.tar.gz, and the tests never download it")
def test_the_whole_run_on_reuters_prints_the_split_the_ten_classes_and_f1_beside_the_book():
    code, out, err = run(IIR_CHAPTER_13, "--reuters", REUTERS)
    assert code == 0, err
    assert "ModApte: 9,603 training and 3,299 test stories" in out
    sizes = re.findall(r"^  ([a-z-]+) +(\d+)/(\d+)$", out, re.M)
    assert sizes == [("earn", "2877", "1087"), ("acq", "1650", "719"), ("money-fx", "538", "179"),
                     ("grain", "433", "149"), ("crude", "389", "189"), ("trade", "369", "117"),
                     ("interest", "347", "131"), ("wheat", "212", "71"), ("ship", "197", "89"),
                     ("corn", "181", "56")]  # the counts the shared data's README gives
    rows = re.findall(r"^([a-z-]+) +(\d+) +(\d+) +(\d+) +(\d+\.\d) +(\d+\.\d)$", out, re.M)
    assert [row[0] for row in rows] == [name for name, _, _ in sizes]
    for name, tp, fp, fn, f1, _ in rows:  # each printed F1 is 2 TP / (2 TP + FP + FN)
        assert f1 == f"{100 * float(Fraction(2 * int(tp), 2 * int(tp) + int(fp) + int(fn))):.1f}"
    tp, fp, fn = (sum(int(row[i]) for row in rows) for i in (1, 2, 3))
    micro = 100 * float(Fraction(2 * tp, 2 * tp + fp + fn))
    assert f"micro-average F1: {micro:.1f}   (book, Table 15.2 NB: 72.3)" in out
    assert re.search(r"^macro-average F1: \d+\.\d   \(Table 15\.2 prints no macro-average\)$", out, re.M)
    assert re.search(r"^accuracy on the 3299 test stories: \d+/3299 = 0\.\d{4} ", out, re.M)
    assert "stories with no topic, kept as negatives for every class: 1828 training, 280 test" in out
    if "scikit-learn is not installed" not in out:
        assert "same decisions in 10 of 10 classes" in out
    assert re.search(r"^ +1000 +\d+\.\d +\d+\.\d$", out, re.M)  # going further's last row of k
