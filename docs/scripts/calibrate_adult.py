"""Naive Bayes' probabilities on the Adult census, before and after calibration (docs/calibration.md).

1. Split UCI's training file, adult.data (32,561 people), with
   ``train_test_split(..., test_size=0.3, random_state=0, stratify=labels)``
   (scikit-learn's rows for the same call): 22,792 people to train naive
   Bayes, 9,769 held out to fit the calibrators.
2. Fit ``MixedNB()`` (each category a categorical distribution, each number a
   Gaussian) on the training part.
3. Fit Platt's sigmoid and isotonic regression on the held-out part: x = the
   model's P(>50K | x), y = 1 for ">50K".
4. Score the three sets of probabilities on UCI's test file, adult.test
   (16,281 people), which neither step saw: Brier score, log loss, expected
   calibration error (10 equal bins), accuracy; draw the reliability diagram.

    python docs/scripts/calibrate_adult.py --adult ../shared/data [--svg docs/images/adult-reliability.svg]
"""

import argparse
import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout, no install needed

from naivebayes import MixedNB  # noqa: E402
from naivebayes.datasets import load_adult  # noqa: E402
from naivebayes.evaluation.split import train_test_split  # noqa: E402
from naivebayes.evaluation.calibration import (  # noqa: E402
    IsotonicRegression,
    PlattCalibrator,
    brier_score_loss,
    expected_calibration_error,
    log_loss,
    reliability_table,
)
from naivebayes.inspect.reliability import ReliabilityDiagram  # noqa: E402

POSITIVE = ">50K"


def calibrate(folder, limit=None):
    """Every number of the docs page: {name: (probabilities on the test file)}, the labels, and the sizes."""
    train = load_adult("train", path=folder, download_if_missing=False)
    test = load_adult("test", path=folder, download_if_missing=False)
    rows, labels = train.rows[:limit], train.labels[:limit]
    test_rows, test_labels = test.rows[:limit], test.labels[:limit]
    fit_rows, held_rows, fit_labels, held_labels = train_test_split(
        rows, labels, test_size=0.3, random_state=0, stratify=labels)
    model = MixedNB().fit(fit_rows, fit_labels)
    held_p = [p[POSITIVE] for p in model.predict_proba(held_rows)]
    test_p = [p[POSITIVE] for p in model.predict_proba(test_rows)]
    platt = PlattCalibrator().fit(held_p, held_labels, pos_label=POSITIVE)
    isotonic = IsotonicRegression().fit(held_p, [int(label == POSITIVE) for label in held_labels])
    # Going further: Platt's sigmoid on the log-odds log P(>50K | x) - log P(<=50K | x), finite where p is 0 or 1
    platt_log_odds = PlattCalibrator().fit(log_odds(model, held_rows), held_labels, pos_label=POSITIVE)
    probabilities = {
        "naive Bayes": test_p,
        "Platt's sigmoid": platt.predict(test_p),
        "isotonic regression": isotonic.predict(test_p),
        "Platt on the log-odds": platt_log_odds.predict(log_odds(model, test_rows)),
    }
    sizes = {"train": len(fit_rows), "held out": len(held_rows), "test": len(test_rows)}
    return probabilities, test_labels, sizes, platt


def log_odds(model, rows):
    """log P(>50K | x) - log P(<=50K | x) for every row, from predict_log_proba: finite even where p rounds to 0."""
    return [row[POSITIVE] - row["<=50K"] for row in model.predict_log_proba(rows)]


def clipped(p):
    """p clipped to [eps, 1 - eps], eps = 2.2e-16, as scikit-learn's log_loss clips it."""
    return [min(max(q, EPSILON), 1 - EPSILON) for q in p]


EPSILON = 2.220446049250313e-16  # numpy's float64 eps


def score_lines(probabilities, labels):
    """The table of scores, one line per set of probabilities."""
    lines = [f"{'probabilities':22} {'Brier':>7} {'log loss':>9} {'clipped':>8} {'P(true) = 0':>12} "
             f"{'ECE':>7} {'accuracy':>9}"]
    for name, p in probabilities.items():
        brier = brier_score_loss(labels, p, pos_label=POSITIVE)
        loss = log_loss(labels, p, labels=["<=50K", POSITIVE])
        loss_clipped = log_loss(labels, clipped(p), labels=["<=50K", POSITIVE])
        zeros = sum((q if label == POSITIVE else 1 - q) == 0 for q, label in zip(p, labels))
        ece = expected_calibration_error(labels, p, n_bins=10, pos_label=POSITIVE)
        right = sum((q > 0.5) == (label == POSITIVE) for q, label in zip(p, labels)) / len(labels)
        lines.append(f"{name:22} {brier:7.4f} {loss:9.4f} {loss_clipped:8.4f} {zeros:12,} {ece:7.4f} {right:9.4f}")
    return lines


def extreme_lines(probabilities):
    """How much of the test set each gets a probability below 0.01 or above 0.99."""
    lines = []
    for name, p in probabilities.items():
        extreme = sum(q < 0.01 or q > 0.99 for q in p) / len(p)
        lines.append(f"  {name:22} {extreme:6.1%} of the test people get P(>50K) below 0.01 or above 0.99")
    return lines


SHOWN = ("naive Bayes", "Platt's sigmoid", "isotonic regression")  # the diagram's lines


def diagram(probabilities, labels):
    tables = {name: reliability_table(labels, p, n_bins=10, pos_label=POSITIVE)
              for name, p in probabilities.items() if name in SHOWN}
    return ReliabilityDiagram(tables, title="Adult: naive Bayes' P(>50K), before and after calibration",
                              subtitle="adult.test, 16,281 people; calibrators fitted on 9,769 held out of adult.data")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--adult", default=os.environ.get("NAIVEBAYES_ADULT_PATH", "../shared/data"),
                        help="the folder of adult.data and adult.test")
    parser.add_argument("--svg", help="write the reliability diagram here")
    parser.add_argument("--limit", type=int, help="use only the first N rows of each file (a quick check)")
    arguments = parser.parse_args(argv)
    started = time.process_time()
    probabilities, labels, sizes, platt = calibrate(arguments.adult, arguments.limit)
    print(f"people: {sizes['train']:,} to train, {sizes['held out']:,} held out to calibrate, "
          f"{sizes['test']:,} in adult.test to score")
    print(f"Platt's sigmoid: P(>50K) = sigmoid({platt.a_:.4f} p {platt.b_:+.4f}), "
          f"so between {1 / (1 + math.exp(-platt.b_)):.4f} and {1 / (1 + math.exp(-platt.a_ - platt.b_)):.4f}")
    for line in score_lines(probabilities, labels):
        print(line)
    for line in extreme_lines(probabilities):
        print(line)
    table = reliability_table(labels, probabilities["naive Bayes"], n_bins=10, pos_label=POSITIVE)
    print("naive Bayes, bin by bin on adult.test:")
    print(table)
    if arguments.svg:
        diagram(probabilities, labels).save(arguments.svg)
        print(f"wrote {arguments.svg}")
    print(f"processor time: {time.process_time() - started:.1f} s")


if __name__ == "__main__":
    main()
