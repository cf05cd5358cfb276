"""The companion of Mitchell's section 6.9 and Murphy's section 9.3 (lectures/murphy_mitchell_priors.py).

Mitchell's PlayTennis numbers are worked again here from the 14 days, counted
with plain loops (not the companion's helpers), and set beside the decimals
the book prints.  The run on a slice needs UCI's optical digits (the
loader's variable NAIVEBAYES_OPTDIGITS_PATH, or ../shared/data/optdigits);
its sweep on 20 Newsgroups needs the by-date archive too.  Without them those
tests skip; nothing is downloaded.
"""

import importlib.util
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "lectures" / "murphy_mitchell_priors.py"
SLICE = 40


def local_optdigits():
    named = os.environ.get("NAIVEBAYES_OPTDIGITS_PATH")
    candidates = [Path(named)] if named else []
    candidates.append(ROOT.parent / "shared" / "data" / "optdigits")
    return next((str(path) for path in candidates if (path / "optdigits.tra").is_file()), None)


def local_archive():
    named = os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE")
    candidates = [Path(named)] if named else []
    candidates.append(ROOT.parent / "shared" / "data" / "20news-bydate.tar.gz")
    return next((str(path) for path in candidates if path.is_file()), None)


OPTDIGITS, ARCHIVE = local_optdigits(), local_archive()
needs_digits = pytest.mark.skipif(OPTDIGITS is None, reason="no local optdigits.tra and optdigits.tes")
needs_both = pytest.mark.skipif(OPTDIGITS is None or ARCHIVE is None,
                                reason="no local optical digits or 20news-bydate.tar.gz")


@pytest.fixture(scope="module")
def companion():
    spec = importlib.util.spec_from_file_location("murphy_mitchell_priors", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # only the definitions run: the steps sit under __name__ == "__main__"
    return module


@lru_cache(maxsize=None)
def run(*arguments):
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    completed = subprocess.run([sys.executable, str(SCRIPT), *arguments], cwd=ROOT, capture_output=True, text=True,
                               encoding="utf-8", env=environment, timeout=600)
    return completed.returncode, completed.stdout, completed.stderr


def days(companion):
    """The 14 days as (row, label), as the companion reads them."""
    rows, labels = companion.play_tennis_table()
    return list(zip(rows, labels))


def fraction_of(pairs, label, feature=None, value=None):
    """By counting: P(label) with feature None, else P(feature = value | label), as a Fraction."""
    in_class = [row for row, y in pairs if y == label]
    if feature is None:
        return Fraction(len(in_class), len(pairs))
    return Fraction(sum(row[feature] == value for row in in_class), len(in_class))


def test_the_books_estimates_products_and_795_from_the_counts(companion):
    pairs = days(companion)
    assert f"{float(fraction_of(pairs, 'yes')):.2f}"[1:] == companion.BOOK["P(yes)"]
    assert f"{float(fraction_of(pairs, 'no')):.2f}"[1:] == companion.BOOK["P(no)"]
    assert f"{float(fraction_of(pairs, 'yes', 'wind', 'strong')):.2f}"[1:] == companion.BOOK["P(wind=strong|yes)"]
    assert f"{float(fraction_of(pairs, 'no', 'wind', 'strong')):.2f}"[1:] == companion.BOOK["P(wind=strong|no)"]
    products = {}
    for label in ("yes", "no"):
        products[label] = fraction_of(pairs, label) * math.prod(
            fraction_of(pairs, label, feature, value) for feature, value in companion.NEW_DAY.items())
        assert f"{float(products[label]):.4f}"[1:] == companion.BOOK[f"product {label}"]
        rows, labels = companion.play_tennis_table()
        by_helper = companion.product_by_hand(rows, labels, companion.NEW_DAY, label,
                                              lambda n_c, n, _: Fraction(n_c, n))
        assert by_helper == products[label]
    posterior = products["no"] / (products["yes"] + products["no"])
    assert f"{float(posterior):.3f}"[1:] == companion.BOOK["P(no|day)"]


def test_the_m_estimate_with_p_one_over_k_counted_by_hand(companion):
    from naivebayes import CategoricalNB
    from naivebayes.core.priors import MEstimate

    pairs = days(companion)
    rows, labels = companion.play_tennis_table()
    m = companion.M_CHOSEN
    model = CategoricalNB(alpha=MEstimate(m=m)).fit(rows, labels)
    for label in ("yes", "no"):
        n = sum(y == label for _, y in pairs)
        for feature, value in companion.NEW_DAY.items():
            k = len({row[feature] for row, _ in pairs})
            n_c = sum(row[feature] == value for row, y in pairs if y == label)
            assert model.likelihood(feature, value, label) == (n_c + Fraction(m, k)) / (n + m)


def test_the_m_estimate_with_m_equal_to_k_is_add_one(companion):
    """p = 1/k and m = k give m p = 1 pseudo-day per value: Laplace's add-one."""
    from naivebayes import CategoricalNB
    from naivebayes.core.priors import MEstimate

    rows, labels = companion.play_tennis_table()
    binary = [{"humidity": row["humidity"], "wind": row["wind"]} for row in rows]  # k = 2 for both
    m_two = CategoricalNB(alpha=MEstimate(m=2)).fit(binary, labels)
    add_one = CategoricalNB(alpha=1).fit(binary, labels)
    for label in ("yes", "no"):
        for feature, value in (("humidity", "high"), ("humidity", "normal"), ("wind", "strong"), ("wind", "weak")):
            assert m_two.likelihood(feature, value, label) == add_one.likelihood(feature, value, label)


def test_a_zero_count_decides_the_day_under_maximum_likelihood(companion):
    from naivebayes import CategoricalNB

    rows, labels = companion.play_tennis_table()
    overcast = dict(companion.NEW_DAY, outlook="overcast")
    assert fraction_of(days(companion), "no", "outlook", "overcast") == 0
    assert CategoricalNB(alpha=0).fit(rows, labels).predict_proba([overcast])[0]["no"] == 0


def test_the_held_out_choice_takes_the_best_held_out_score_and_breaks_ties_towards_1(companion, capsys):
    results = [(0.01, 0.5, 0.9), (0.1, 0.7, 0.1), (10, 0.7, 0.2), (1, 0.6, 0.95)]
    assert companion.print_sweep("x", results, 10, 20, "posts") == 0.1  # |log10 0.1| = 1 = |log10 10|: the first
    assert companion.print_sweep("x", [(0.3, 0.7, 0), (3, 0.7, 0), (1, 0.7, 0)], 10, 20, "posts") == 1
    capsys.readouterr()


def test_word_shares_add_up_to_one_and_weigh_each_word_by_its_count(companion):
    shares = companion.word_shares([{"a": 3, "b": 1}, {"a": 1, "c": 3}])
    assert shares == {"a": 0.5, "b": 0.125, "c": 0.375}


def check_svg(path):
    root = ElementTree.parse(path).getroot()
    assert root.tag.endswith("svg")


def sweep_rows(out, name):
    """{strength: (held-out, test)} of the sweep table printed under ``name``."""
    block = out.split(f"\n{name}:\n", 1)[1]
    rows = re.findall(r"^ +(\S+) +(0\.\d{4}|1\.0000) +(0\.\d{4}|1\.0000)$", block.split("chosen on", 1)[0], re.M)
    chosen = re.search(r"chosen on the held-out \w+: (\S+)", block)[1]
    return {strength: (float(held), float(test)) for strength, held, test in rows}, chosen


@needs_digits
def test_the_run_on_a_slice_without_newsgroups(tmp_path):
    code, out, err = run("--limit", str(SLICE), "--no-newsgroups", "--optdigits", OPTDIGITS, "--out", str(tmp_path))
    assert code == 0, err
    assert "14 days: 9 yes, 5 no" in out
    assert "P(no | day) = " in out and "(book: .795)" in out
    assert "every p(x_d = 1 | y = c, D) equals BernoulliNB(alpha=1)'s add-one estimate: True" in out
    assert "the MAP estimates under Beta(2, 2) make the same predictions too: True" in out
    assert re.search(r"^accuracy on the 1797 test digits: \d+/1797 = 0\.\d{4}", out, re.M)
    assert "every row worked again from the counts (n/N, (n + 1)/(N + 2), (n + 2)/(N + 4), credible_interval): True" in out
    step_9 = out.split("Step 9.", 1)[1].split("Sweep", 1)[0]
    assert len(re.findall(r"^accuracy on the 1797 test digits: \d+/1797 = 0\.\d{4}", step_9, re.M)) == 2  # Bernoulli, categorical
    for name in ("Beta(s, s)", "Beta(s q, s (1 - q))"):
        rows, chosen = sweep_rows(out, name)
        assert len(rows) == 11
        best = max(held for held, _ in rows.values())
        assert rows[chosen][0] == best  # chosen on the held-out images, never on the test file
    for picture in ("digit-class-pictures.svg", "digits-prior-sweep.svg", "credible-interval.svg"):
        check_svg(tmp_path / picture)
    steps = [out.index(f"Step {k}. ") for k in range(1, 10)]
    assert steps == sorted(steps) and out.index("Sweep B.") > steps[-1]


@needs_digits
def test_the_credible_intervals_of_sweep_c_are_scipys_and_narrow(tmp_path):
    stats = pytest.importorskip("scipy.stats")
    code, out, err = run("--no-newsgroups", "--optdigits", OPTDIGITS, "--out", str(tmp_path))
    assert code == 0, err
    rows = re.findall(r"^ +(\d+) +(\d+)  (0\.\d{4}|1\.0000)  \[(\S+), (\S+)\]  (\S+)$", out.split("Sweep C.", 1)[1], re.M)
    assert len(rows) >= 6
    for n, on, mean, low, high, _ in rows:
        n, on = int(n), int(on)
        assert float(mean) == pytest.approx((on + 1) / (n + 2), abs=5e-5)
        assert float(low) == pytest.approx(stats.beta.ppf(0.025, on + 1, n - on + 1), abs=5e-5)
        assert float(high) == pytest.approx(stats.beta.ppf(0.975, on + 1, n - on + 1), abs=5e-5)
    widths = [float(row[-1]) for row in rows]
    assert widths[-1] < widths[0] / 5


@needs_both
def test_the_newsgroups_sweep_on_a_slice(tmp_path):
    code, out, err = run("--limit", str(SLICE), "--newsgroups", ARCHIVE, "--optdigits", OPTDIGITS,
                         "--out", str(tmp_path))
    assert code == 0, err
    for name, n in (("add-alpha (alpha as a number: Dirichlet(alpha) gives the same estimates)", 11),
                    ("m-estimate, m = alpha |V|, p = the words' shares", 6)):
        rows, chosen = sweep_rows(out, name)
        assert len(rows) == n and rows[chosen][0] == max(held for held, _ in rows.values())
    assert re.search(r"^accuracy on the 1000 test posts: \d+/1000 = 0\.\d{4}   \(Dirichlet\(", out, re.M)
    check_svg(tmp_path / "newsgroups-prior-sweep.svg")
