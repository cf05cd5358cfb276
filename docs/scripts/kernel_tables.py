"""The tables of docs/kernel.md: kernel densities on iris, and what they cost on Adult.

Run from the repository root:

    NAIVEBAYES_ADULT_PATH=../shared/data .venv/bin/python docs/scripts/kernel_tables.py

The picture of KernelNB's densities is drawn with the gallery's, by
docs/scripts/gallery.py.  The run takes about a minute, most of it the exact
sums it times for comparison.
"""

import math
import statistics
import sys
import time
from bisect import bisect_left, bisect_right

from naivebayes import GaussianNB, HistogramNB, KernelNB, MixedNB, StratifiedKFold, cross_val_score
from naivebayes.datasets import load_adult, load_iris
from naivebayes.naive_bayes.kernel import CROWDED, KERNEL_CUTOFF, kernel_log_density, kernel_log_density_near

NUMBERS = ["age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week"]


def iris_accuracy(repeats=10, folds=5):
    """Mean and spread of the held-out accuracy of the three densities: cross_val_score, StratifiedKFold, 10 shuffles."""
    iris = load_iris()
    models = {"Gaussian": GaussianNB, "histogram (10 bins)": HistogramNB, "kernel": KernelNB}
    scores = {name: [] for name in models}
    for repeat in range(repeats):
        for name, model in models.items():
            cv = StratifiedKFold(n_splits=folds, shuffle=True, random_state=repeat)
            scores[name] += [float(score) for score in cross_val_score(model(), iris.rows, iris.labels, cv=cv)]
    lines = ["| density | accuracy (50 held-out folds) |", "|---|---:|"]
    for name, values in scores.items():
        lines.append(f"| {name} | {statistics.mean(values):.3f} ± {statistics.stdev(values):.3f} |")
    return "\n".join(lines)


def adult_costs(exact_rows=100):
    """Per numeric feature of Adult: distinct values, bandwidths, the window's size, and the time to score the test file."""
    train, test = load_adult("train"), load_adult("test")
    lines = [
        "| feature | distinct values (<=50K, >50K) | bandwidth (<=50K, >50K) | terms added per density, mean | "
        "16,281 test people | exact sum, per person |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for feature in NUMBERS:
        rows = [{feature: row[feature]} for row in train.rows]
        model = KernelNB().fit(rows, train.labels)
        per_class, _ = model.feature_lookups_[feature]
        test_rows = [{feature: row[feature]} for row in test.rows]
        started = time.perf_counter()
        model.predict_joint_log_proba(test_rows)
        window_seconds = time.perf_counter() - started
        visited = []  # the values in the window, or the blocks when the window is crowded
        for row in test_rows[:2000]:
            x = row[feature]
            for points, _, _, h, blocks in per_class:
                k = bisect_left(points, x)
                nearest = min(abs(x - points[j]) for j in (k - 1, k) if 0 <= j < len(points)) / h
                reach = math.sqrt(nearest * nearest + 2 * KERNEL_CUTOFF) * h
                window = bisect_right(points, x + reach) - bisect_left(points, x - reach)
                if blocks is not None and window > CROWDED and nearest <= 3:
                    centres = blocks[0]
                    window = bisect_right(centres, x + reach + h / 2) - bisect_left(centres, x - reach - h / 2)
                visited.append(window)
        values = {label: [row[feature] for row, l in zip(train.rows, train.labels) if l == label] for label in model.classes_}
        started = time.perf_counter()
        worst = 0.0
        for row in test_rows[:exact_rows]:
            for k, label in enumerate(model.classes_):
                points, counts, n, h, blocks = per_class[k]
                exact = kernel_log_density(row[feature], values[label], h)
                worst = max(worst, abs(exact - kernel_log_density_near(row[feature], points, counts, n, h, blocks)))
        exact_seconds = (time.perf_counter() - started) / exact_rows
        distinct = ", ".join(f"{len(points):,}" for points, *_ in per_class)
        bandwidths = ", ".join(f"{h:.4g}" for _, _, _, h, _ in per_class)
        lines.append(
            f"| {feature} | {distinct} | {bandwidths} | {statistics.mean(visited):,.0f} | {window_seconds:.2f} s "
            f"| {1000 * exact_seconds:.1f} ms |"
        )
        print(f"{feature}: largest |window - exact| in log p over {exact_rows} people: {worst:.2e}", file=sys.stderr)
    return "\n".join(lines)


def adult_mixed():
    """MixedNB on all of Adult: the categories categorical, the six numbers Gaussian or kernel; accuracy and time."""
    train, test = load_adult("train"), load_adult("test")
    lines = ["| numeric features | test accuracy | fit | predict 16,281 people |", "|---|---:|---:|---:|"]
    for name in ("gaussian", "kernel"):
        started = time.perf_counter()
        model = MixedNB(distributions={feature: name for feature in NUMBERS}).fit(train.rows, train.labels)
        fitted = time.perf_counter()
        accuracy = float(model.score(test.rows, test.labels))
        lines.append(f"| {name} | {accuracy:.4f} | {fitted - started:.1f} s | {time.perf_counter() - fitted:.1f} s |")
    return "\n".join(lines)


def main():
    print("## Iris: held-out accuracy, repeated 5-fold cross-validation\n")
    print(iris_accuracy())
    print("\n## Adult: what a kernel costs, feature by feature\n")
    print(adult_costs())
    print("\n## Adult: MixedNB with Gaussian or kernel numbers\n")
    print(adult_mixed())


if __name__ == "__main__":
    main()
