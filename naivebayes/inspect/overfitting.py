"""The lecture's overfitting argument as an experiment: the full joint and naive Bayes as d grows.

"Lecture #7: Naïve Bayes" says that the joint table of d features needs
k (2^d - 1) parameters, that for large d there is not enough data to learn
them, that most combinations are then never seen, and that "this will lead
to severe overfitting", where naive Bayes needs k d.  ``overfitting_table``
runs both classifiers on the first d features of a table, for d = 1, 2, ...,
and reports for each d:

* the parameters of each model, k (prod_j K_j - 1) and k sum_j (K_j - 1);
* the share of the k prod_j K_j cells of the joint tables that no training
  row fills, and the share of test rows whose combination no class saw;
* the training and test accuracy of each model.

>>> rows = [{"a": i % 2, "b": i // 2 % 2, "noise": i // 4 % 2} for i in range(8)] * 2
>>> labels = ["same" if row["a"] == row["b"] else "different" for row in rows]
>>> table = overfitting_table(rows, labels, rows, labels, ["a", "b", "noise"])
>>> [(row["d"], row["joint_parameters"], row["naive_parameters"]) for row in table]
[(1, 2, 2), (2, 6, 4), (3, 14, 6)]
>>> [(row["joint_test"], row["naive_test"]) for row in table]  # the class is whether a and b agree
[(0.5000, 0.5000), (1.0000, 0.5000), (1.0000, 0.5000)]
>>> table[1]["naive_test"].exact
Fraction(1, 2)

The table prints as a table, and shows as one in a notebook; each class has
2 of the 4 combinations of a and b, so at d = 2 half the cells are empty:

>>> table
d  feature added  joint parameters  naive parameters  empty cells  unseen test rows  joint train  joint test  naive train  naive test
-  -------------  ----------------  ----------------  -----------  ----------------  -----------  ----------  -----------  ----------
1  a                             2                 2       0.0000            0.0000       0.5000      0.5000       0.5000      0.5000
2  b                             6                 4       0.5000            0.0000       1.0000      1.0000       0.5000      0.5000
3  noise                        14                 6       0.5000            0.0000       1.0000      1.0000       0.5000      0.5000
>>> print(format_overfitting_table(table[1:2]))  # Markdown, for a page
| d | feature added | joint parameters | naive parameters | empty cells | unseen test rows | joint train | joint test | naive train | naive test |
|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|
| 2 | b | 6 | 4 | 0.5000 | 0.0000 | 1.0000 | 1.0000 | 0.5000 | 0.5000 |

The function takes rows already cut into categories (see ``Discretizer``);
the docs page runs it on the Adult census.
"""

from naivebayes.core.arithmetic import ratio
from naivebayes.plumbing.display import Score, ShownAsTable
from naivebayes.naive_bayes.base import add_count
from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.other_models.joint import JointBayesClassifier, naive_parameter_count

__all__ = ["overfitting_table", "format_overfitting_table"]


def only(rows, features):
    """Each dict row cut down to the named features (a feature a row lacks stays missing)."""
    return [{feature: row.get(feature) for feature in features} for row in rows]


def unseen_share(model, rows):
    """The share of the rows with every value present whose combination no class of ``model`` saw."""
    cells = [tuple(row.get(feature) for feature in model.features_) for row in rows]
    complete = [cell for cell in cells if None not in cell]
    if not complete:
        return ratio(0, 1)
    n_unseen = sum(1 for cell in complete if cell not in model.cell_lookups_)  # no class saw it
    return ratio(n_unseen, len(complete))


def accuracy_by_combination(model, rows, labels):
    """The share of ``rows`` that ``model`` predicts right, predicting each distinct row only once.

    Both models see nothing of a row but its values, so rows with the same
    values get the same prediction: with d binary features there are at most
    2^d different rows, however many rows there are.  The result is exactly
    ``model.score(rows, labels)``, in a fraction of the time.
    """
    groups = {}  # {(the row's values, label): how many rows}
    for row, label in zip(rows, labels):
        add_count(groups, (tuple(row.items()), label))
    distinct = list(dict.fromkeys(values for values, _ in groups))
    predictions = dict(zip(distinct, model.predict([dict(values) for values in distinct])))
    n_correct = sum(n for (values, label), n in groups.items() if predictions[values] == label)
    return Score(n_correct, len(rows))  # exact, printed as 0.8296 like model.score


def overfitting_table(train_rows, train_labels, test_rows, test_labels, features, alpha=1):
    """For d = 1 .. len(features): both classifiers on the first d features, as a list of plain dicts.

    Keys: ``d``, ``feature`` (the one added), ``joint_parameters``,
    ``naive_parameters``, ``empty_cells`` (a Fraction), ``unseen_test_rows``,
    and ``joint_train``, ``joint_test``, ``naive_train``, ``naive_test`` (exact
    accuracies, each a ``Score``).  Both models use the same ``alpha`` (1:
    Laplace).  The list prints as a table and shows as one in a notebook.
    """
    table = OverfittingTable()
    for d in range(1, len(features) + 1):
        used = list(features[:d])
        train, test = only(train_rows, used), only(test_rows, used)
        joint = JointBayesClassifier(alpha=alpha).fit(train, train_labels)
        naive = CategoricalNB(alpha=alpha).fit(train, train_labels)
        n_values = [len(joint.categories_[feature]) for feature in used]  # K_j
        table.append(
            {
                "d": d,
                "feature": used[-1],
                "joint_parameters": joint.n_parameters_,  # k (prod_j K_j - 1)
                "naive_parameters": naive_parameter_count(n_values, len(joint.classes_)),  # k sum_j (K_j - 1)
                "empty_cells": joint.empty_share_,
                "unseen_test_rows": unseen_share(joint, test),
                "joint_train": accuracy_by_combination(joint, train, train_labels),
                "joint_test": accuracy_by_combination(joint, test, test_labels),
                "naive_train": accuracy_by_combination(naive, train, train_labels),
                "naive_test": accuracy_by_combination(naive, test, test_labels),
            }
        )
    return table


class OverfittingTable(ShownAsTable, list):
    """The list of plain dicts ``overfitting_table`` returns, printed (and shown in a notebook) as a table."""

    align = "rl" + "r" * 8  # the feature's name to the left, every number to the right

    def rows(self, digits=4):
        """The table as rows of strings, shares and accuracies to ``digits`` decimals; the first is the header."""
        header = [
            "d", "feature added", "joint parameters", "naive parameters", "empty cells", "unseen test rows",
            "joint train", "joint test", "naive train", "naive test",
        ]
        shares = ("empty_cells", "unseen_test_rows", "joint_train", "joint_test", "naive_train", "naive_test")
        table = [header]
        for row in self:
            cells = [str(row["d"]), str(row["feature"]), f"{row['joint_parameters']:,}", f"{row['naive_parameters']:,}"]
            cells += [f"{float(row[key]):.{digits}f}" for key in shares]
            table.append(cells)
        return table


def format_overfitting_table(table, digits=4):
    """``overfitting_table`` as a Markdown table, accuracies and shares to ``digits`` decimals."""
    return OverfittingTable(table).to_markdown(digits)
