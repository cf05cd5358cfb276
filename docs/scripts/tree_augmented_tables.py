"""The tables and the tree picture of docs/tree-augmented.md: naive Bayes, TAN and the full joint side by side.

Run from the repository root:

    NAIVEBAYES_ADULT_PATH=../shared/data .venv/bin/python docs/scripts/tree_augmented_tables.py

It prints the page's tables in Markdown and writes docs/images/adult-tan-tree.svg
(``--picture``: only the picture, in seconds).
Without NAIVEBAYES_ADULT_PATH the Adult files are downloaded once into the cache.
About ten minutes on one core, most of them the full joint's predictions.

The learning curves are naivebayes.evaluation's ``learning_curve`` with
``StratifiedKFold`` (scikit-learn's names, and its rows for the same seeds):
for each fold and each training size m, the three models are fitted on m
rows of the fold's training part (shuffled) and scored on its held-out part.
"""

import statistics
import sys
import time
from pathlib import Path

from naivebayes import CategoricalNB, Discretizer, JointBayesClassifier, StratifiedKFold, learning_curve
from naivebayes.datasets import load_adult, load_iris
from naivebayes.inspect.tree_picture import TreePlot
from naivebayes.other_models.joint import joint_parameter_count, naive_parameter_count
from naivebayes.naive_bayes.tree_augmented import TreeAugmentedNB

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


def learning_curves(rows, labels, sizes, categories, repeats=1, folds=5):
    """{model name: (sizes, [test accuracy of every fold at each size])}: naivebayes.evaluation's learning_curve.

    Stratified ``folds``-fold cross-validation, shuffled with seeds 0, 1, ...,
    ``repeats`` times; each fold's training rows shuffled too, and the first m
    of them used, as scikit-learn's ``learning_curve(..., shuffle=True)`` does.
    """
    curves = {}
    for name, model_class in MODELS.items():
        test_scores = [[] for _ in sizes]
        for repeat in range(repeats):
            folds_of = StratifiedKFold(n_splits=folds, shuffle=True, random_state=repeat)
            curve = learning_curve(model_class(categories=categories), rows, labels, train_sizes=sizes, cv=folds_of,
                                   shuffle=True, random_state=repeat)  # fmt: skip
            for i, scores in enumerate(curve.test_scores):
                test_scores[i] += [float(score) for score in scores]
        curves[name] = (curve.train_sizes, test_scores)
    return curves


def curve_table(curves):
    lines = [
        "| training rows | folds | naive Bayes | TAN | full joint |",
        "|---:|---:|---:|---:|---:|",
    ]
    sizes = curves["TAN"][0]
    for i, size in enumerate(sizes):
        cells = []
        for name in MODELS:
            scores = curves[name][1][i]
            cells.append(f"{statistics.mean(scores):.3f} ± {statistics.stdev(scores):.3f}")
        lines.append(f"| {size:,} | {len(curves['TAN'][1][i])} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def iris_tables():
    """Iris with each measurement cut into 5 equal bins (learned from all 150 flowers: no labels are read)."""
    iris = load_iris()
    discretizer = Discretizer(n_bins=5).fit(iris.rows)
    return discretizer.transform(iris.rows), iris.labels, discretizer.categories_


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
    sizes = [25, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 26048]
    print("## Adult: accuracy on the held-out fold against training rows (5-fold CV of adult.data)\n")
    print(curve_table(learning_curves(train_rows, train_labels, sizes, categories)))
    print()
    full = {name: float(model(categories=categories).fit(train_rows, train_labels).score(test_rows, test_labels))
            for name, model in MODELS.items()}  # fmt: skip
    print("| all 16,281 test people | " + " | ".join(f"{name}: {score:.4f}" for name, score in full.items()) + " |")
    print()
    iris_rows, iris_labels, iris_categories = iris_tables()
    print("## Iris: accuracy on the held-out fold against training rows (5-fold CV, 10 shuffles)\n")
    print(curve_table(learning_curves(iris_rows, iris_labels, [12, 24, 48, 96, 120], iris_categories, repeats=10)))
    print()
    iris_tan = TreeAugmentedNB(categories=iris_categories).fit(iris_rows, iris_labels)
    print(iris_tan.tree_.to_markdown())
    print()
    print(parameter_table(iris_tan, "Iris (5 bins each)"))
    print(f"\n({time.perf_counter() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    draw_tree() if sys.argv[1:] == ["--picture"] else main()
