"""The tables and the tree picture of docs/tree-augmented.md: naive Bayes, TAN and the full joint side by side.

Run from the repository root:

    NAIVEBAYES_ADULT_PATH=../shared/data .venv/bin/python docs/scripts/tree_augmented_tables.py

It prints the page's tables in Markdown and writes docs/images/adult-tan-tree.svg
(``--picture``: only the picture, in seconds).
Without NAIVEBAYES_ADULT_PATH the Adult files are downloaded once into the cache.
About two minutes on one core.

The learning curves are repeated random draws, written out here as a small
loop (``accuracy_by_size``): for each training size m, draw m training rows
(a seeded ``random.Random``), fit the three models, score them on the same
test rows, and average over the draws.
"""

import random
import statistics
import sys
import time
from pathlib import Path

from naivebayes import CategoricalNB, Discretizer, JointBayesClassifier
from naivebayes.datasets import load_adult, load_iris
from naivebayes.inspect.tree_picture import TreePlot
from naivebayes.models.joint import joint_parameter_count, naive_parameter_count
from naivebayes.models.tree_augmented import TreeAugmentedNB

IMAGES = Path(__file__).resolve().parent.parent / "images"
MODELS = {"naive Bayes": CategoricalNB, "TAN": TreeAugmentedNB, "full joint": JointBayesClassifier}


def adult_tables():
    """Adult with every feature a category: numbers cut into 5 quantile bins, capital gain and loss as > 0."""
    train, test = load_adult("train"), load_adult("test")
    yes_no = {"capital-gain", "capital-loss"}

    def recode(rows):
        return [{f: (v > 0 if f in yes_no and v is not None else v) for f, v in row.items()} for row in rows]

    train_rows, test_rows = recode(train.rows), recode(test.rows)
    numbers = ["age", "fnlwgt", "education-num", "hours-per-week"]
    discretizer = Discretizer(n_bins=5, strategy="quantile", features=numbers).fit(train_rows)
    train_rows, test_rows = discretizer.transform(train_rows), discretizer.transform(test_rows)
    return train_rows, train.labels, test_rows, test.labels


def categories_of(*tables):
    """{feature: every value it takes in these rows}: each model then has the same K_j at every size."""
    found = {}
    for rows in tables:
        for row in rows:
            for feature, value in row.items():
                if value is not None:
                    found.setdefault(feature, set()).add(value)
    return {feature: sorted(values, key=repr) for feature, values in found.items()}


def parameter_table(model, name):
    """The free parameters of P(x | c) for the three models, with the tree that TAN found."""
    n_values = [len(model.categories_[f]) for f in model.features_]
    k = len(model.classes_)
    lines = [f"| {name} | naive Bayes | TAN | full joint |", "|---|---:|---:|---:|"]
    lines.append(
        f"| {len(n_values)} features, {k} classes | {naive_parameter_count(n_values, k):,} "
        f"| {model.parameter_count():,} | {joint_parameter_count(n_values, k):,} |"
    )
    return "\n".join(lines)


def accuracy_by_size(pool_rows, pool_labels, test_rows, test_labels, sizes, draws, categories, seed=0):
    """{size: {model name: [test accuracy of each draw]}}: m rows drawn at random, all three models fitted on them."""
    results = {}
    for size in sizes:
        results[size] = {name: [] for name in MODELS}
        for draw in range(draws if size < len(pool_rows) else 1):
            chosen = random.Random(seed * 1000 + draw).sample(range(len(pool_rows)), size)
            rows, labels = [pool_rows[i] for i in chosen], [pool_labels[i] for i in chosen]
            if len(set(labels)) < 2:
                continue  # (a draw with one class: no classifier to fit)
            for name, model_class in MODELS.items():
                model = model_class(categories=categories).fit(rows, labels)
                results[size][name].append(float(model.score(test_rows, test_labels)))
    return results


def curve_table(results, draws):
    lines = [
        "| training rows | draws | naive Bayes | TAN | full joint |",
        "|---:|---:|---:|---:|---:|",
    ]
    for size, by_model in results.items():
        cells = []
        for name in MODELS:
            scores = by_model[name]
            spread = f" ± {statistics.stdev(scores):.3f}" if len(scores) > 1 else ""
            cells.append(f"{statistics.mean(scores):.3f}{spread}")
        lines.append(f"| {size:,} | {len(by_model['TAN'])} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def iris_cross_validation(sizes, repeats=10, folds=5):
    """{size: {model name: [accuracy on the held-out fold]}}: repeated 5-fold cross-validation, m training rows per fold."""
    iris = load_iris()
    discretizer = Discretizer(n_bins=5).fit(iris.rows)
    rows, labels = discretizer.transform(iris.rows), iris.labels
    categories = discretizer.categories_
    results = {size: {name: [] for name in MODELS} for size in sizes}
    for repeat in range(repeats):
        order = list(range(len(rows)))
        random.Random(repeat).shuffle(order)
        for fold in range(folds):
            held_out = order[fold::folds]
            training = [i for i in order if i not in set(held_out)]
            for size in sizes:
                chosen = training[:size]
                if len({labels[i] for i in chosen}) < 2:
                    continue
                for name, model_class in MODELS.items():
                    model = model_class(categories=categories).fit([rows[i] for i in chosen], [labels[i] for i in chosen])
                    results[size][name].append(float(model.score([rows[i] for i in held_out], [labels[i] for i in held_out])))
    return results, TreeAugmentedNB(categories=categories).fit(rows, labels)


def adult_tree(train_rows, train_labels, categories):
    """TAN on all of adult.data, and its picture."""
    tan = TreeAugmentedNB(categories=categories).fit(train_rows, train_labels)
    return tan, TreePlot(tan, title="The tree TAN finds on the Adult census (32,561 people)")


def draw_tree(folder=IMAGES):
    """Write adult-tan-tree.svg into ``folder`` (tests/test_tree_augmented.py checks the committed file)."""
    train_rows, train_labels, test_rows, _ = adult_tables()
    _, picture = adult_tree(train_rows, train_labels, categories_of(train_rows, test_rows))
    return picture.save(Path(folder) / "adult-tan-tree.svg")


def main():
    started = time.perf_counter()
    train_rows, train_labels, test_rows, test_labels = adult_tables()
    categories = categories_of(train_rows, test_rows)
    tan, picture = adult_tree(train_rows, train_labels, categories)
    print("## Adult: the tree\n")
    print(tan.tree_.to_markdown())
    print()
    print(parameter_table(tan, "Adult (discretized)"))
    print()
    picture.save(IMAGES / "adult-tan-tree.svg")
    test_sample = random.Random(1).sample(range(len(test_rows)), 5000)
    sample_rows = [test_rows[i] for i in test_sample]
    sample_labels = [test_labels[i] for i in test_sample]
    sizes = [25, 50, 100, 200, 500, 1000, 2000, 5000, 10000, len(train_rows)]
    results = accuracy_by_size(train_rows, train_labels, sample_rows, sample_labels, sizes, 5, categories)
    print("## Adult: test accuracy against training rows (5,000 test people)\n")
    print(curve_table(results, 5))
    print()
    full = {name: float(model(categories=categories).fit(train_rows, train_labels).score(test_rows, test_labels))
            for name, model in MODELS.items()}  # fmt: skip
    print("| all 16,281 test people | " + " | ".join(f"{name}: {score:.4f}" for name, score in full.items()) + " |")
    print()
    iris_results, iris_tan = iris_cross_validation([6, 12, 24, 48, 96, 120])
    print("## Iris: accuracy on the held-out fold against training rows\n")
    print(curve_table(iris_results, 50))
    print()
    print(iris_tan.tree_.to_markdown())
    print()
    print(parameter_table(iris_tan, "Iris (5 bins each)"))
    print(f"\n({time.perf_counter() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    draw_tree() if sys.argv[1:] == ["--picture"] else main()
