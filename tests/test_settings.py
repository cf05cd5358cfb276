"""Every setting of every model is checked where it is given, and a change after training takes effect or is refused.

A setting can be given three ways: to the constructor, to ``set_params`` and
by assigning it (``model.alpha = 2``).  Each bad value below must raise a
clear error all three ways, and a refused value must leave the model exactly
as it was.  A good value changed after ``fit`` must either give the
predictions of a model trained with it from the start, or be refused with a
message saying to train a new model (issue 30).
"""

import copy
import math

import pytest

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    ComplementNB,
    GaussianDiscriminantAnalysis,
    GaussianNB,
    HistogramNB,
    JointBayesClassifier,
    KernelNB,
    MixedNB,
    MultinomialNB,
    PoissonNB,
    Tokenizer,
    TreeAugmentedNB,
)
from naivebayes.naive_bayes.base import NaiveBayes

TEXT_MODELS = (MultinomialNB, BernoulliNB, ComplementNB)

DOCUMENTS = ["free prize now", "meeting at noon", "win cash now", "lunch at noon", "free lunch now"]
ROWS = [[1, 2], [2, 3], [5, 6], [6, 8], [3, 3], [2, 2], [6, 6]]
LABELS = ["spam", "ham", "spam", "ham", "ham", "spam", "ham"]

NAN, INF = math.nan, math.inf

# Bad values, by the kind of setting.
NOT_A_FLAG = ["no", "False", "True", 1, 0, 1.0, None, NAN]
NOT_A_PSEUDO_COUNT = ["1", True, False, -1, -0.5, NAN, INF, -INF, None, [1], 2**60, 1e308]
NOT_A_PRIOR = [
    "no", 0.5, True, [0.2, 0.2], [0.5, "0.5"], [1.5, -0.5], {"spam": 1.5, "ham": -0.5}, {"spam": NAN, "ham": 0.5},
    {"spam": 0.7, "ham": 0.7}, {"spam": True, "ham": False}, Tokenizer,
]
NOT_A_TOKENIZER = ["english", Tokenizer, str, 1, True]
NOT_A_CHOICE = ["no", "Ignore", 1, True, None, NAN]
NOT_CATEGORIES = ["no", [1, 2], 1, True, {0: "abc"}, {0: []}, {0: [1, 1]}, {0: [[1]]}]
NOT_A_DDOF = [-1, 2, 1.0, 0.5, "1", True, False, None, NAN]
NOT_A_BIN_COUNT = [0, -1, 2.0, 2.5, "10", True, NAN, INF, None, 10**7]
NOT_A_BANDWIDTH = [0, -1, 0.0, NAN, INF, "1", True, [1.0], 10**400]
NOT_DISTRIBUTIONS = ["gaussian", {0: "normal"}, [(0, "gaussian")], 1, True]
NOT_A_ROOT = [[1], {}, {0}]

BAD_VALUES = {
    "alpha": NOT_A_PSEUDO_COUNT,
    "var_smoothing": NOT_A_PSEUDO_COUNT,
    "fit_prior": NOT_A_FLAG,
    "norm": NOT_A_FLAG,
    "class_prior": NOT_A_PRIOR,
    "tokenizer": NOT_A_TOKENIZER,
    "unseen": NOT_A_CHOICE,
    "strategy": NOT_A_CHOICE + ["Uniform"],
    "covariance": NOT_A_CHOICE + ["Full"],
    "categories": NOT_CATEGORIES,
    "ddof": NOT_A_DDOF,
    "n_bins": NOT_A_BIN_COUNT,
    "bandwidth": NOT_A_BANDWIDTH,
    "distributions": NOT_DISTRIBUTIONS,
    "root": NOT_A_ROOT,
}

MODELS = [
    MultinomialNB, BernoulliNB, ComplementNB, CategoricalNB, GaussianNB, PoissonNB, HistogramNB, KernelNB,
    MixedNB, TreeAugmentedNB, JointBayesClassifier, GaussianDiscriminantAnalysis,
]


def every_model_class(cls=NaiveBayes):
    for sub in cls.__subclasses__():
        yield sub
        yield from every_model_class(sub)


def data(Model):
    return (list(DOCUMENTS), LABELS[:5]) if Model in TEXT_MODELS else ([list(row) for row in ROWS], list(LABELS))


def fitted(Model, **settings):
    return Model(**settings).fit(*data(Model))


def test_the_table_names_every_setting_of_every_model():
    public = {cls for cls in every_model_class() if not cls.__name__.endswith("NaiveBayes")}
    assert public <= set(MODELS), "a new model: add it to MODELS"
    for Model in MODELS:
        missing = [name for name in Model.settings if name not in BAD_VALUES]
        assert not missing, f"{Model.__name__}: add bad values for {missing}"


CASES = [
    pytest.param(Model, name, value, id=f"{Model.__name__}-{name}-{value!r:.30}")
    for Model in MODELS
    for name in Model.settings
    for value in BAD_VALUES[name]
]


def snapshot(model):
    return copy.deepcopy(vars(model))


@pytest.mark.parametrize("Model, name, value", CASES)
def test_a_bad_value_is_refused_by_the_constructor(Model, name, value):
    with pytest.raises((ValueError, TypeError)) as raised:
        Model(**{name: value})
    assert name in str(raised.value)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize("Model, name, value", CASES)
@pytest.mark.parametrize("trained", [False, True], ids=["unfitted", "fitted"])
def test_a_bad_value_is_refused_by_set_params_and_by_assignment_and_changes_nothing(Model, name, value, trained):
    model = fitted(Model) if trained else Model()
    before = snapshot(model)
    with pytest.raises((ValueError, TypeError)) as raised:
        model.set_params(**{name: value})
    assert name in str(raised.value)
    assert snapshot(model) == before
    with pytest.raises((ValueError, TypeError)):
        setattr(model, name, value)
    assert snapshot(model) == before


# A good new value for each setting, and what a fitted model does with it:
# "same" (the predictions of a model trained with it from the start) or
# "refused" (the counts were made with the old value: train a new model).
MIXED_KINDS = {0: "histogram", 1: "gaussian"}
CHANGES = [
    (MultinomialNB, "alpha", 0.5, "same"),
    (MultinomialNB, "fit_prior", False, "same"),
    (MultinomialNB, "class_prior", {"spam": 0.9, "ham": 0.1}, "same"),
    (MultinomialNB, "tokenizer", Tokenizer(ngram_range=(1, 2)), "refused"),
    (BernoulliNB, "alpha", 0.5, "same"),
    (BernoulliNB, "fit_prior", False, "same"),
    (BernoulliNB, "class_prior", [0.2, 0.8], "same"),
    (BernoulliNB, "tokenizer", str.split, "refused"),
    (ComplementNB, "alpha", 0.5, "same"),
    (ComplementNB, "norm", True, "same"),
    (ComplementNB, "fit_prior", False, "same"),
    (ComplementNB, "class_prior", {"spam": 0.9, "ham": 0.1}, "same"),
    (ComplementNB, "tokenizer", Tokenizer(lowercase=False), "refused"),
    (CategoricalNB, "alpha", 0.5, "same"),
    (CategoricalNB, "fit_prior", False, "same"),
    (CategoricalNB, "class_prior", {"spam": 0.9, "ham": 0.1}, "same"),
    (CategoricalNB, "unseen", "error", "same"),
    (CategoricalNB, "categories", {0: [1, 2, 3, 5, 6, 9]}, "same"),
    (GaussianNB, "var_smoothing", 0.5, "same"),
    (GaussianNB, "ddof", 1, "same"),
    (GaussianNB, "fit_prior", False, "same"),
    (GaussianNB, "class_prior", {"spam": 0.9, "ham": 0.1}, "same"),
    (PoissonNB, "alpha", 0.5, "same"),
    (PoissonNB, "fit_prior", False, "same"),
    (PoissonNB, "class_prior", {"spam": 0.9, "ham": 0.1}, "same"),
    (HistogramNB, "n_bins", 2, "refused"),
    (HistogramNB, "strategy", "quantile", "refused"),
    (HistogramNB, "alpha", 0.5, "same"),
    (HistogramNB, "fit_prior", False, "same"),
    (HistogramNB, "class_prior", {"spam": 0.9, "ham": 0.1}, "same"),
    (KernelNB, "bandwidth", 0.3, "same"),
    (KernelNB, "bandwidth", 5, "same"),
    (KernelNB, "fit_prior", False, "same"),
    (KernelNB, "class_prior", {"spam": 0.9, "ham": 0.1}, "same"),
    (MixedNB, "distributions", {0: "poisson"}, "refused"),
    (MixedNB, "alpha", 0.5, "same"),
    (MixedNB, "var_smoothing", 0.5, "same"),
    (MixedNB, "ddof", 1, "same"),
    (MixedNB, "unseen", "error", "same"),
    (MixedNB, "categories", None, "same"),
    (MixedNB, "n_bins", 2, "refused"),
    (MixedNB, "strategy", "quantile", "refused"),
    (MixedNB, "bandwidth", 0.3, "same"),
    (MixedNB, "fit_prior", False, "same"),
    (MixedNB, "class_prior", {"spam": 0.9, "ham": 0.1}, "same"),
    (TreeAugmentedNB, "alpha", 0.5, "same"),
    (TreeAugmentedNB, "fit_prior", False, "same"),
    (TreeAugmentedNB, "class_prior", {"spam": 0.9, "ham": 0.1}, "same"),
    (TreeAugmentedNB, "unseen", "error", "same"),
    (TreeAugmentedNB, "root", 1, "same"),
    (TreeAugmentedNB, "categories", {0: [1, 2, 3, 5, 6, 9]}, "same"),
    (JointBayesClassifier, "alpha", 0.5, "same"),
    (JointBayesClassifier, "fit_prior", False, "same"),
    (JointBayesClassifier, "class_prior", {"spam": 0.9, "ham": 0.1}, "same"),
    (JointBayesClassifier, "unseen", "error", "same"),
    (JointBayesClassifier, "categories", {0: [1, 2, 3, 5, 6, 9]}, "same"),
    (GaussianDiscriminantAnalysis, "covariance", "diagonal", "same"),
    (GaussianDiscriminantAnalysis, "ddof", 1, "same"),
    (GaussianDiscriminantAnalysis, "fit_prior", False, "same"),
    (GaussianDiscriminantAnalysis, "class_prior", {"spam": 0.9, "ham": 0.1}, "same"),
]


def starting_settings(Model):
    """Settings to train with first, so that the setting changed matters to the model (MixedNB: bins, a kernel)."""
    if Model is MixedNB:
        return {"distributions": MIXED_KINDS}
    return {}


@pytest.mark.parametrize(
    "Model, name, value, outcome",
    [pytest.param(*change, id=f"{change[0].__name__}-{change[1]}-{change[2]!r:.30}") for change in CHANGES],
)
@pytest.mark.filterwarnings("ignore:ComplementNB ignores:UserWarning")  # (the warning has its own test in test_complement.py)
def test_a_setting_changed_after_fit_takes_effect_or_is_refused(Model, name, value, outcome):
    start = starting_settings(Model)
    if Model is MixedNB and name == "bandwidth":
        start = {"distributions": {0: "kernel", 1: "gaussian"}}
    if Model is MixedNB and name in ("alpha", "unseen", "categories"):
        start = {"distributions": {0: "categorical", 1: "gaussian"}, "categories": {0: [1, 2, 3, 5, 6, 9]}}
    X, y = data(Model)
    model = Model(**start).fit(X, y)
    if outcome == "refused":
        before = snapshot(model)
        with pytest.raises(ValueError, match="train a new model"):
            setattr(model, name, value)
        assert snapshot(model) == before
        with pytest.raises(ValueError, match="train a new model"):
            model.set_params(**{name: value})
        assert snapshot(model) == before
        return
    setattr(model, name, value)
    trained_with_it = Model(**{**start, name: value}).fit(X, y)
    assert model.predict_proba(X) == trained_with_it.predict_proba(X)


def test_the_changes_checked_cover_every_setting():
    changed = {(Model, name) for Model, name, _, _ in CHANGES}
    for Model in MODELS:
        for name in Model.settings:
            assert (Model, name) in changed, f"{Model.__name__}.{name}: add a change to CHANGES"


def test_a_setting_the_counts_were_made_with_may_be_given_its_own_value_again():
    model = fitted(HistogramNB, n_bins=3)
    model.n_bins = 3
    model.set_params(strategy="uniform", n_bins=3)
    text = fitted(MultinomialNB)
    text.tokenizer = Tokenizer()  # equal to the one it was trained with
    assert text.predict(["free prize"]) == ["spam"]


def test_a_refused_change_names_the_value_the_counts_were_made_with():
    model = fitted(HistogramNB, n_bins=3)
    with pytest.raises(ValueError) as raised:
        model.n_bins = 5
    message = str(raised.value)
    assert "n_bins=3" in message and "HistogramNB(n_bins=5" in message and "train a new model" in message


def test_a_class_prior_is_checked_when_given_not_first_at_fit():
    with pytest.raises(ValueError, match="sum to 1"):
        MultinomialNB(class_prior=[0.5, 0.6])
    with pytest.raises(ValueError, match=r"class_prior\['spam'\]"):
        GaussianNB(class_prior={"spam": 2, "ham": -1})
    # A prior that fits the form is checked against the classes at fit, as before.
    with pytest.raises(ValueError, match="exactly one prior per class"):
        GaussianNB(class_prior={"spam": 0.5, "eggs": 0.5}).fit(*data(GaussianNB))
