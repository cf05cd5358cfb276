# iris_table.py: mean and range of the test accuracy over 20 seeded splits
from fractions import Fraction

from naivebayes import GaussianNB, HistogramNB, train_test_split
from naivebayes.datasets import load_iris

SEEDS = range(20)
FEATURE_SETS = {"the two sepal features": ["sepal_length", "sepal_width"], "all four features": None}
MODELS = [("GaussianNB", None, None)] + [
    (f"HistogramNB, {n_bins} {strategy} bins", n_bins, strategy)
    for n_bins in (3, 5, 10, 20)
    for strategy in ("uniform", "quantile")
]


def new_model(n_bins, strategy):
    if n_bins is None:
        return GaussianNB()
    return HistogramNB(n_bins=n_bins, strategy=strategy)


iris = load_iris()
scores = {}  # (model name, feature set) -> [test accuracy for each seed]
for set_name, features in FEATURE_SETS.items():
    data = iris if features is None else iris.select(features)
    for seed in SEEDS:
        X_train, X_test, y_train, y_test = train_test_split(
            data.rows, data.labels, test_size=0.2, random_state=seed)
        for name, n_bins, strategy in MODELS:
            score = new_model(n_bins, strategy).fit(X_train, y_train).score(X_test, y_test)
            scores.setdefault((name, set_name), []).append(score)

print("| model | " + " | ".join(FEATURE_SETS) + " |")
print("|---|" + "---|" * len(FEATURE_SETS))
for name, _, _ in MODELS:
    cells = []
    for set_name in FEATURE_SETS:
        found = scores[(name, set_name)]
        mean = sum(found, Fraction(0)) / len(found)
        cells.append(f"{float(mean):.3f} ({float(min(found)):.2f} to {float(max(found)):.2f})")
    print(f"| {name} | " + " | ".join(cells) + " |")
