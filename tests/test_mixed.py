"""Mixed naive Bayes: a distribution of its own kind per feature, in one model.

The docstring's example, by hand (alpha = 1, var_smoothing = 0):

    beach: (sunny, 30), (sunny, 27)      home: (rain, 18), (rain, 15)

    outlook (categorical, K = 2): P(sunny | beach) = 3/4, P(rain | beach) = 1/4, P(rain | home) = 3/4
    temperature (Gaussian): beach mean 57/2, M = 2 * (3/2)^2 = 9/2, variance 9/4
                            home  mean 33/2, M = 9/2,              variance 9/4
"""

import copy
import math
import random
from fractions import Fraction

import pytest

from naivebayes import CategoricalNB, GaussianNB, HistogramNB, MixedNB, PoissonNB

ROWS = [
    {"outlook": "sunny", "temperature": 30},
    {"outlook": "rain", "temperature": 18},
    {"outlook": "sunny", "temperature": 27},
    {"outlook": "rain", "temperature": 15},
]
LABELS = ["beach", "home", "beach", "home"]


def public_state(model):
    return copy.deepcopy({name: value for name, value in vars(model).items() if name.endswith("_")})


@pytest.fixture
def model():
    return MixedNB(var_smoothing=0).fit(ROWS, LABELS)


def test_the_docstring_example_by_hand(model):
    assert model.distributions_ == {"outlook": "categorical", "temperature": "gaussian"}
    assert model.likelihood("outlook", "sunny", "beach") == Fraction(3, 4)
    assert model.likelihood("outlook", "rain", "beach") == Fraction(1, 4)
    assert model.means_ == {"beach": {"temperature": Fraction(57, 2)}, "home": {"temperature": Fraction(33, 2)}}
    assert model.variances_ == {"beach": {"temperature": Fraction(9, 4)}, "home": {"temperature": Fraction(9, 4)}}
    # (rain, 29): log P(x, beach) - log P(x, home)
    #   = log(1/4) - log(3/4) - (29 - 28.5)^2 / 4.5 + (29 - 16.5)^2 / 4.5   (equal variances cancel)
    #   = -log 3 + (156.25 - 0.25) / 4.5 = 104/3 - log 3
    row = {"outlook": "rain", "temperature": 29}
    joint = model.joint_log_likelihood(row)
    assert joint["beach"] - joint["home"] == pytest.approx(104 / 3 - math.log(3), abs=1e-12)
    p_home = 1 / (1 + math.exp(104 / 3 - math.log(3)))
    assert model.predict_proba([row])[0] == pytest.approx({"beach": 1 - p_home, "home": p_home}, rel=1e-12)
    assert model.predict([row]) == ["beach"]
    # With a Gaussian feature the posterior is stated in floats, from the log joint (no exact density).
    assert model.posterior(row) == pytest.approx({"beach": 1 - p_home, "home": p_home}, rel=1e-12)
    assert model.posterior({"outlook": "rain"}) == {"beach": Fraction(1, 4), "home": Fraction(3, 4)}


def test_distributions_are_guessed_from_the_training_values():
    rows = [
        {"windy": True, "colour": "red", "age": 30, "height": 1.8, "ratio": Fraction(1, 3), "pair": (1, 2)},
        {"windy": False, "colour": None, "age": 41, "height": 1.6, "ratio": Fraction(1, 2), "pair": (2, 1)},
        {"windy": True, "colour": "blue", "age": None, "height": 1.7, "ratio": Fraction(2, 3), "pair": (1, 2)},
        {"windy": False, "colour": "red", "age": 52, "height": 1.9, "ratio": Fraction(1, 5), "pair": (1, 2)},
    ]
    model = MixedNB().fit(rows, ["a", "a", "b", "b"])
    assert model.distributions_ == {
        "windy": "categorical",  # a bool is a yes/no category
        "colour": "categorical",
        "age": "gaussian",
        "height": "gaussian",
        "ratio": "gaussian",
        "pair": "categorical",
    }


def test_named_distributions_and_categories_win_over_the_guess():
    rows = [[0, 1, 2, "x"], [1, 2, 3, "y"], [3, 3, 3, "x"], [4, 2, 9, "y"]]
    model = MixedNB(distributions={0: "poisson", 1: "categorical", 2: "histogram"}, n_bins=2).fit(rows, LABELS)
    assert model.distributions_ == {0: "poisson", 1: "categorical", 2: "histogram", 3: "categorical"}
    # poisson 0: beach 0, 3 -> (3 + 1)/(2 + 1);  home 1, 4 -> (5 + 1)/(2 + 1)
    assert model.rates_ == {"beach": {0: 4 / 3}, "home": {0: 2.0}}
    assert model.categories_ == {1: [1, 2, 3], 3: ["x", "y"]}
    # histogram 2: 2 .. 9 in 2 bins of width 7/2
    assert model.bin_edges_ == {2: [2, Fraction(11, 2), 9]}
    given = MixedNB(categories={0: [0, 1, 3, 4, 5]}).fit(rows, LABELS)
    assert given.distributions_[0] == "categorical" and given.categories_[0] == [0, 1, 3, 4, 5]


def test_numbers_mixed_with_other_values_are_an_error():
    model = MixedNB()
    with pytest.raises(ValueError, match=r"feature 'age' mixes numbers \(such as 30\) with other values \(such as '\?'\)"):
        model.fit([{"age": 30}, {"age": "?"}], ["a", "b"])
    assert model.classes_ == []
    with pytest.raises(ValueError, match="mixes numbers"):
        MixedNB().fit([{"n": 1}, {"n": True}], ["a", "b"])  # a bool is not a number here
    # naming the kind settles it
    assert MixedNB(distributions={"age": "categorical"}).fit([{"age": 30}, {"age": "?"}], ["a", "b"]).categories_ == {
        "age": [30, "?"]  # cannot be sorted: in the order first seen
    }
    with pytest.raises(ValueError, match=r"distributions\['age'\] = 'normal'; use one of"):
        MixedNB(distributions={"age": "normal"})


def random_rows(seed, kind, n_rows=40, n_features=3):
    """A random table whose features are all of one kind, about one value in ten missing."""
    rng = random.Random(seed)
    rows, labels = [], []
    for _ in range(n_rows):
        label = rng.choice(["a", "b", "c"])
        shift = "abc".index(label)
        row = []
        for _ in range(n_features):
            if rng.random() < 0.1:
                row.append(None)
            elif kind == "categorical":
                row.append(rng.choice(["x", "y", "z", "w"][: 2 + shift]))
            elif kind == "gaussian":
                row.append(rng.gauss(shift, 1 + shift))
            else:  # poisson and histogram: whole numbers
                row.append(min(int(rng.expovariate(1 / (1 + 2 * shift))), 30))
        rows.append(row)
        labels.append(label)
    return rows, labels


OWN_MODELS = {
    "categorical": (CategoricalNB(alpha=Fraction(1, 2)), {"alpha": Fraction(1, 2)}),
    "gaussian": (GaussianNB(var_smoothing=1e-3, ddof=1), {"var_smoothing": 1e-3, "ddof": 1}),
    "poisson": (PoissonNB(alpha=2), {"alpha": 2}),
    "histogram": (HistogramNB(n_bins=4, strategy="quantile", alpha=1), {"n_bins": 4, "strategy": "quantile"}),
}


@pytest.mark.parametrize("kind", list(OWN_MODELS))
@pytest.mark.parametrize("seed", range(3))
def test_one_kind_gives_exactly_the_numbers_of_its_own_model(kind, seed):
    rows, labels = random_rows(seed, kind)
    tests, _ = random_rows(seed + 50, kind, n_rows=10)
    own_model, settings = OWN_MODELS[kind]
    own = copy.deepcopy(own_model).fit(rows, labels)
    mixed = MixedNB(distributions=dict.fromkeys(range(3), kind), **settings).fit(rows, labels)
    assert set(mixed.distributions_.values()) == {kind}
    own_state, mixed_state = public_state(own), public_state(mixed)
    for name, table in own_state.items():
        assert mixed_state[name] == table, name
    assert mixed.predict_joint_log_proba(tests) == own.predict_joint_log_proba(tests)
    assert mixed.predict_proba(tests) == own.predict_proba(tests)
    if kind in ("categorical", "histogram"):
        for row in tests:
            assert mixed.posterior(row) == own.posterior(row)


def test_explain_adds_up_and_names_the_ignored_features(model):
    row = {"outlook": "fog", "temperature": 20}
    explanation = model.explain(row)
    assert explanation.ignored == {"outlook": "unseen"}
    assert [term.feature for term in explanation.terms] == ["temperature"]
    joint = model.joint_log_likelihood(row)
    assert explanation.joint == joint
    for label in model.classes_:
        assert explanation.log_prior[label] + math.fsum(term.log_term[label] for term in explanation.terms) == joint[label]
    missing = model.explain({"temperature": None, "outlook": "sunny"})
    assert missing.ignored == {"temperature": "missing"}
    assert missing.terms[0].likelihood == {"beach": Fraction(3, 4), "home": Fraction(1, 4)}


def test_partial_fit_can_meet_a_new_kind_of_feature_later():
    first = [{"outlook": "sunny"}, {"outlook": "rain"}]
    second = [{"outlook": "sunny", "temperature": 30.0}, {"outlook": "rain", "temperature": 18.0},
              {"outlook": "sunny", "temperature": 27.0}, {"outlook": "rain", "temperature": 15.0}]  # fmt: skip
    labels = ["beach", "home"] + LABELS
    pieces = MixedNB().partial_fit(first, labels[:2]).partial_fit(second, labels[2:])
    whole = MixedNB().fit(first + second, labels)
    assert public_state(pieces) == public_state(whole)
    assert pieces.distributions_ == {"outlook": "categorical", "temperature": "gaussian"}


def test_score_and_repr(model):
    assert model.score(ROWS, LABELS) == 1
    assert model.score(ROWS, ["beach"] * 4) == Fraction(1, 2)
    assert repr(model) == (
        'MixedNB(alpha=1, var_smoothing=0)\n'
        'table                         size        first entries\n'
        '----------------------------  ----------  -----------------------------------------------------\n'
        "class 'beach'                 2 rows      P(c) = 1/2\n"
        "class 'home'                  2 rows      P(c) = 1/2\n"
        "distributions_                2 features  {'outlook': 'categorical', 'temperature': 'gaussian'}\n"
        "value_counts_['beach']        1 feature   {'outlook': {'sunny': 2}}\n"
        "value_counts_['home']         1 feature   {'outlook': {'rain': 2}}\n"
        "categories_                   1 feature   {'outlook': ['rain', 'sunny']}\n"
        "means_['beach']               1 feature   {'temperature': 28.5}\n"
        "means_['home']                1 feature   {'temperature': 16.5}\n"
        "squared_deviations_['beach']  1 feature   {'temperature': 4.5}\n"
        "squared_deviations_['home']   1 feature   {'temperature': 4.5}\n"
        "variances_['beach']           1 feature   {'temperature': 2.25}\n"
        "variances_['home']            1 feature   {'temperature': 2.25}\n"
        'mixed naive Bayes, fitted on 4 rows'
    )
