# adult_table.py: test accuracy on the UCI Adult census, one way of modelling the numbers per row
from naivebayes import CategoricalNB, Discretizer, MixedNB
from naivebayes.datasets import load_adult

PATH = None  # a folder that holds adult.data and adult.test; None downloads them once
train = load_adult("train", path=PATH)
test = load_adult("test", path=PATH)

NUMERIC = ["age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week"]
SKEWED = ["capital-gain", "capital-loss"]


def without(rows, features):
    """The rows with the named features left out."""
    return [{name: value for name, value in row.items() if name not in features} for row in rows]


def above_zero(rows):
    """The rows with each skewed feature replaced by True (above 0) or False."""
    return [{**row, **{name: row[name] > 0 for name in SKEWED}} for row in rows]


def accuracy(model, train_rows, test_rows):
    return float(model.fit(train_rows, train.labels).score(test_rows, test.labels))


def discretized(n_bins, strategy, features):
    discretizer = Discretizer(n_bins=n_bins, strategy=strategy, features=features).fit(train.rows)
    return discretizer, discretizer.transform(train.rows), discretizer.transform(test.rows)


def skewed_as(var_smoothing):
    """{how capital-gain and capital-loss are modelled: test accuracy}; the other numbers are Gaussian."""
    results = {}
    results["Gaussian (MixedNB's guess)"] = accuracy(
        MixedNB(var_smoothing=var_smoothing), train.rows, test.rows)
    results["left out"] = accuracy(
        MixedNB(var_smoothing=var_smoothing), without(train.rows, SKEWED), without(test.rows, SKEWED))
    for n_bins in (10, 50, 200):
        model = MixedNB(distributions={name: "histogram" for name in SKEWED}, n_bins=n_bins,
                        var_smoothing=var_smoothing)
        results[f"histogram, {n_bins} equal-width bins"] = accuracy(model, train.rows, test.rows)
    model = MixedNB(distributions={name: "histogram" for name in SKEWED}, n_bins=10, strategy="quantile",
                    var_smoothing=var_smoothing)
    results["histogram, 10 quantile bins"] = accuracy(model, train.rows, test.rows)
    discretizer, train_rows, test_rows = discretized(50, "uniform", SKEWED)
    model = MixedNB(categories=discretizer.categories_, var_smoothing=var_smoothing)
    results["`Discretizer`, 50 equal-width bins, then categorical"] = accuracy(model, train_rows, test_rows)
    model = MixedNB(distributions={name: "categorical" for name in SKEWED}, var_smoothing=var_smoothing)
    results["categorical, each amount a category of its own"] = accuracy(model, train.rows, test.rows)
    results["categorical, above 0 or not"] = accuracy(
        MixedNB(var_smoothing=var_smoothing), above_zero(train.rows), above_zero(test.rows))
    model = MixedNB(distributions={"age": "poisson", "education-num": "poisson", "hours-per-week": "poisson"},
                    var_smoothing=var_smoothing)
    results["Gaussian, with age, education-num and hours-per-week Poisson"] = accuracy(model, train.rows, test.rows)
    return results


print("| capital-gain and capital-loss as | `var_smoothing=1e-9` (default) | `var_smoothing=0` |")
print("|---|---|---|")
floored, unfloored = skewed_as(1e-9), skewed_as(0)
for what in floored:
    print(f"| {what} | {floored[what]:.4f} | {unfloored[what]:.4f} |")

print()
print("| without Gaussians | test accuracy |")
print("|---|---|")
majority = max(set(train.labels), key=train.labels.count)
print(f"| always {majority!r} | {sum(label == majority for label in test.labels) / len(test.labels):.4f} |")
score = accuracy(CategoricalNB(), without(train.rows, NUMERIC), without(test.rows, NUMERIC))
print(f"| `CategoricalNB`, the eight categorical features only | {score:.4f} |")
for n_bins, strategy in ((10, "uniform"), (20, "uniform"), (10, "quantile")):
    discretizer, train_rows, test_rows = discretized(n_bins, strategy, NUMERIC)
    score = accuracy(CategoricalNB(categories=discretizer.categories_), train_rows, test_rows)
    print(f"| `CategoricalNB`, all six numbers discretized into {n_bins} {strategy} bins | {score:.4f} |")
