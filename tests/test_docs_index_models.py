"""The home page's table of models lists every model the package exports, each with a page that exists.

A model is a class in ``naivebayes.__all__`` with ``fit`` and ``predict``
that classifies on its own: not a transformer (``transform``, such as
``BagOfWords`` or ``Discretizer``), not ``OutlierDetector`` (no
``predict``), not a search that wraps another model (``GridSearchCV`` takes
an ``estimator``).
"""

import inspect
import re
from pathlib import Path

import naivebayes

DOCS = Path(__file__).resolve().parent.parent / "docs"
ROW = re.compile(r"^\| `(\w+)` \|.*\| \[[^\]]+\]\(([\w-]+\.md)(#[\w-]+)?\) \|$")


def model_classes():
    """The names of the classifiers ``from naivebayes import *`` gives."""
    names = []
    for name in naivebayes.__all__:
        value = getattr(naivebayes, name)
        if not inspect.isclass(value) or not hasattr(value, "fit") or not hasattr(value, "predict"):
            continue
        if hasattr(value, "transform") or "estimator" in inspect.signature(value).parameters:
            continue
        names.append(name)
    return names


def table_of_models(text):
    """{model name: page} for each row of the home page's table of models."""
    start = text.index("The models, one page each")
    table = text[start:text.index("\n\n", text.index("| model |", start))]
    return {match.group(1): match.group(2) for line in table.splitlines() if (match := ROW.match(line))}


def test_the_models_are_the_classifiers_the_issue_names():
    # Pins the rule above: a change to naivebayes.__all__ shows here first.
    assert sorted(model_classes()) == sorted([
        "MultinomialNB", "BernoulliNB", "ComplementNB", "SemiSupervisedNB", "CategoricalNB", "GaussianNB",
        "PoissonNB", "HistogramNB", "KernelNB", "TreeAugmentedNB", "MixedNB", "GaussianDiscriminantAnalysis",
        "JointBayesClassifier", "LogisticRegression",
    ])


def test_every_model_is_in_the_home_pages_table_with_a_page_that_exists():
    table = table_of_models((DOCS / "index.md").read_text(encoding="utf-8"))
    assert sorted(set(model_classes()) - set(table)) == []
    assert sorted(page for page in table.values() if not (DOCS / page).is_file()) == []


def test_the_table_check_can_fail():
    text = ("The models, one page each:\n\n| model | for | page |\n|---|---|---|\n"
            "| `MultinomialNB` | word counts | [multinomial](multinomial.md) |\n"
            "| `BernoulliNB` | words | no link |\n\nAfter.\n")
    assert table_of_models(text) == {"MultinomialNB": "multinomial.md"}
