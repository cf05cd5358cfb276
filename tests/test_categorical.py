"""Categorical naive Bayes on Mitchell's PlayTennis table, worked by hand.

Mitchell, *Machine Learning* (1997), table 3.2; 14 days, 9 "yes" and 5 "no":

    day  outlook   temperature humidity wind    play
    D1   sunny     hot         high     weak    no
    D2   sunny     hot         high     strong  no
    D3   overcast  hot         high     weak    yes
    D4   rain      mild        high     weak    yes
    D5   rain      cool        normal   weak    yes
    D6   rain      cool        normal   strong  no
    D7   overcast  cool        normal   strong  yes
    D8   sunny     mild        high     weak    no
    D9   sunny     cool        normal   weak    yes
    D10  rain      mild        normal   weak    yes
    D11  sunny     mild        normal   strong  yes
    D12  overcast  mild        high     strong  yes
    D13  overcast  hot         normal   weak    yes
    D14  rain      mild        high     strong  no

Test day: sunny, cool, high, strong.  The counts it needs, n_jvc / n_jc:

    class  N_c  sunny  cool  high  strong
    no     5    3/5    1/5   4/5   3/5
    yes    9    2/9    3/9   3/9   3/9

K_j: outlook 3 (overcast, rain, sunny), temperature 3, humidity 2, wind 2.
"""

import math
from fractions import Fraction

import pytest

from naivebayes import CategoricalNB
from naivebayes.core.bayes import bayes_rule
from naivebayes.naive_bayes.categorical import (
    add_categorical_counts,
    categorical_likelihood,
    categorical_log_likelihood,
    categorical_log_likelihood_rows,
    categorical_log_terms,
)

FEATURES = ["outlook", "temperature", "humidity", "wind"]
TABLE = """
    sunny hot high weak no
    sunny hot high strong no
    overcast hot high weak yes
    rain mild high weak yes
    rain cool normal weak yes
    rain cool normal strong no
    overcast cool normal strong yes
    sunny mild high weak no
    sunny cool normal weak yes
    rain mild normal weak yes
    sunny mild normal strong yes
    overcast mild high strong yes
    overcast hot normal weak yes
    rain mild high strong no
"""
ROWS = [dict(zip(FEATURES, line.split()[:4])) for line in TABLE.strip().splitlines()]
LABELS = [line.split()[4] for line in TABLE.strip().splitlines()]
TEST_DAY = {"outlook": "sunny", "temperature": "cool", "humidity": "high", "wind": "strong"}


@pytest.fixture
def mle():
    return CategoricalNB(alpha=0).fit(ROWS, LABELS)


@pytest.fixture
def laplace():
    return CategoricalNB(alpha=1).fit(ROWS, LABELS)


def test_the_shipped_play_tennis_table_is_mitchells():
    datasets = pytest.importorskip("naivebayes.datasets")
    if not hasattr(datasets, "load_play_tennis"):
        pytest.skip("naivebayes.datasets has no load_play_tennis yet")
    rows, labels, test_row = datasets.load_play_tennis()
    assert (rows, labels, test_row) == (ROWS, LABELS, TEST_DAY)


# ----------------------------------------------------------------------
# One test per formula, on numbers worked out by hand
# ----------------------------------------------------------------------


def test_eq_categorical_count_counts_each_value(mle):
    table = {}
    add_categorical_counts(table, ["sunny", "rain", "sunny"])
    add_categorical_counts(table, [])
    assert table == {"sunny": 2, "rain": 1}
    # outlook, by class: no = D1 D2 D8 sunny, D6 D14 rain; yes = D3 D7 D12 D13 overcast,
    # D4 D5 D10 rain, D9 D11 sunny.  A value a class never had gets no entry.
    assert mle.value_counts_["no"]["outlook"] == {"sunny": 3, "rain": 2}
    assert mle.value_counts_["yes"]["outlook"] == {"overcast": 4, "rain": 3, "sunny": 2}
    assert mle.feature_counts_ == {"no": dict.fromkeys(FEATURES, 5), "yes": dict.fromkeys(FEATURES, 9)}
    assert mle.class_counts_ == {"no": 5, "yes": 9}


def test_maximum_likelihood_is_the_lidstone_estimate_with_alpha_zero(mle):
    assert categorical_likelihood(2, 9, 0, 3) == Fraction(2, 9)  # sunny in 2 of the 9 "yes" days
    assert categorical_likelihood(0, 5, 0, 3) == 0  # overcast never in a "no" day: the zero-frequency problem
    assert mle.likelihood("outlook", "sunny", "yes") == Fraction(2, 9)
    assert mle.likelihood("outlook", "overcast", "no") == 0
    assert mle.likelihood("humidity", "high", "no") == Fraction(4, 5)


def test_eq_categorical_lidstone_adds_alpha_per_value(laplace):
    # sunny | yes: (2 + 1) / (9 + 1 * 3) = 3/12 = 1/4
    assert categorical_likelihood(2, 9, 1, 3) == Fraction(1, 4)
    assert laplace.likelihood("outlook", "sunny", "yes") == Fraction(1, 4)
    # overcast | no: (0 + 1) / (5 + 3) = 1/8, no longer 0
    assert laplace.likelihood("outlook", "overcast", "no") == Fraction(1, 8)
    # wind has K = 2: strong | yes = (3 + 1) / (9 + 2) = 4/11
    assert laplace.likelihood("wind", "strong", "yes") == Fraction(4, 11)
    # alpha = 1/2: (2 + 1/2) / (9 + 3/2) = (5/2) / (21/2) = 5/21
    assert categorical_likelihood(2, 9, Fraction(1, 2), 3) == Fraction(5, 21)
    assert categorical_likelihood(2, 9, 0, 3) == Fraction(2, 9)
    assert isinstance(categorical_likelihood(2, 9, 1.0, 3), float)
    assert categorical_likelihood(2, 9, 1.0, 3) == 0.25


def test_eq_categorical_log_likelihood_is_a_difference_of_logs(laplace):
    assert categorical_log_likelihood(2, 9, 1, 3) == math.log(3) - math.log(12)  # log 1/4
    assert laplace.log_likelihood("outlook", "sunny", "yes") == math.log(3) - math.log(12)
    assert categorical_log_likelihood(0, 5, 0, 3) == -math.inf  # log 0
    assert categorical_log_likelihood(0, 5, 1, 3) == math.log(1) - math.log(8)


def test_eq_categorical_term_is_the_row_of_the_value(laplace):
    # outlook = sunny; classes_ = [no, yes]: (3+1)/(5+3) = 1/2 and (2+1)/(9+3) = 1/4, by hand
    row = categorical_log_terms(laplace.feature_lookups_["outlook"], "sunny")
    assert row == (math.log(4) - math.log(8), math.log(3) - math.log(12))
    assert categorical_log_terms({"sunny": (-1.0, -2.0)}, "fog") is None  # never seen: left out
    assert laplace.explain({"outlook": "sunny"}).terms[0].log_term == {"no": row[0], "yes": row[1]}


def test_eq_categorical_rows_hold_every_class_per_value(laplace):
    # outlook; classes_ = [no, yes]; n_jc = 5 and 9; K = 3; alpha = 1:
    # overcast (0+1)/8, (4+1)/12;  rain (2+1)/8, (3+1)/12;  sunny (3+1)/8, (2+1)/12
    rows = categorical_log_likelihood_rows(
        [{"sunny": 3, "rain": 2}, {"overcast": 4, "rain": 3, "sunny": 2}],
        [5, 9],
        ["overcast", "rain", "sunny"],
        1,
    )
    assert rows == {
        "overcast": (math.log(1) - math.log(8), math.log(5) - math.log(12)),
        "rain": (math.log(3) - math.log(8), math.log(4) - math.log(12)),
        "sunny": (math.log(4) - math.log(8), math.log(3) - math.log(12)),
    }
    assert laplace.feature_lookups_["outlook"] == rows  # the very table prediction looks up
    assert laplace.categories_ == {
        "outlook": ["overcast", "rain", "sunny"],
        "temperature": ["cool", "hot", "mild"],
        "humidity": ["high", "normal"],
        "wind": ["strong", "weak"],
    }


# ----------------------------------------------------------------------
# The textbook example, end to end
# ----------------------------------------------------------------------


def test_mitchells_numbers_with_alpha_zero(mle):
    assert mle.prior("yes") == Fraction(9, 14)
    assert mle.prior("no") == Fraction(5, 14)
    assert [mle.likelihood(j, v, "yes") for j, v in TEST_DAY.items()] == [
        Fraction(2, 9), Fraction(3, 9), Fraction(3, 9), Fraction(3, 9)
    ]  # fmt: skip
    assert [mle.likelihood(j, v, "no") for j, v in TEST_DAY.items()] == [
        Fraction(3, 5), Fraction(1, 5), Fraction(4, 5), Fraction(3, 5)
    ]  # fmt: skip
    joint = mle.joint_probability(TEST_DAY)
    # yes: 9/14 * 2/9 * 1/3 * 1/3 * 1/3 = 2/(14*27) = 1/189  ~ 0.0053 (Mitchell's number)
    # no:  5/14 * 3/5 * 1/5 * 4/5 * 3/5 = 36/(14*125) = 18/875 ~ 0.0206 (Mitchell's number)
    assert joint == {"yes": Fraction(1, 189), "no": Fraction(18, 875)}
    assert round(float(joint["yes"]), 4) == 0.0053 and round(float(joint["no"]), 4) == 0.0206
    # Over the common denominator 5^3 * 27 * 7 = 23625: 18/875 = 486/23625, 1/189 = 125/23625,
    # so P(no | x) = 486 / (486 + 125) = 486/611 ~ 0.795.
    assert mle.posterior(TEST_DAY) == {"no": Fraction(486, 611), "yes": Fraction(125, 611)}
    (probabilities,) = mle.predict_proba([TEST_DAY])
    assert probabilities["no"] == pytest.approx(486 / 611, rel=1e-12)
    assert probabilities["yes"] == pytest.approx(125 / 611, rel=1e-12)
    assert mle.predict([TEST_DAY]) == ["no"]


def test_the_same_day_with_laplace_smoothing(laplace):
    # no:  5/14 * (3+1)/(5+3) * (1+1)/(5+3) * (4+1)/(5+2) * (3+1)/(5+2)
    #    = 5/14 * 1/2 * 1/4 * 5/7 * 4/7 = 100/5488 = 25/1372
    # yes: 9/14 * (2+1)/(9+3) * (3+1)/(9+3) * (3+1)/(9+2) * (3+1)/(9+2)
    #    = 9/14 * 1/4 * 1/3 * 4/11 * 4/11 = 144/20328 = 6/847
    assert laplace.joint_probability(TEST_DAY) == {"no": Fraction(25, 1372), "yes": Fraction(6, 847)}
    # Over 2^2 * 7^3 * 11^2 = 166012: 25/1372 = 3025/166012, 6/847 = 1176/166012.
    assert laplace.posterior(TEST_DAY) == {"no": Fraction(3025, 4201), "yes": Fraction(1176, 4201)}
    (probabilities,) = laplace.predict_proba([TEST_DAY])
    assert probabilities == pytest.approx({"no": 3025 / 4201, "yes": 1176 / 4201}, rel=1e-12)
    joint = laplace.joint_log_likelihood(TEST_DAY)
    assert joint["no"] == pytest.approx(math.log(25 / 1372), abs=1e-12)
    assert joint["yes"] == pytest.approx(math.log(6 / 847), abs=1e-12)
    assert laplace.predict([TEST_DAY]) == ["no"]


def test_the_exact_path_is_the_oracle_of_the_float_path(laplace):
    for row in ROWS + [TEST_DAY]:
        exact = laplace.posterior(row)
        (approximate,) = laplace.predict_proba([row])
        for label in laplace.classes_:
            assert approximate[label] == pytest.approx(float(exact[label]), rel=1e-12)


# ----------------------------------------------------------------------
# Missing values
# ----------------------------------------------------------------------

# a: (red, big), (None, small), (-, big);  b: (red, NaN), (blue, small).
MISSING_ROWS = [
    {"colour": "red", "size": "big"},
    {"colour": None, "size": "small"},
    {"size": "big"},
    {"colour": "red", "size": float("nan")},
    {"colour": "blue", "size": "small"},
]
MISSING_LABELS = ["a", "a", "a", "b", "b"]
# n_jc counts only present values: colour is present in 1 row of a, 2 of b;
# size in 3 rows of a, 1 of b.  K = 2 for both.  With alpha = 1:
#   P(red | a) = (1+1)/(1+2) = 2/3   P(blue | a) = (0+1)/3 = 1/3
#   P(red | b) = (1+1)/(2+2) = 1/2   P(blue | b) = 1/2
#   P(big | a) = (2+1)/(3+2) = 3/5   P(small | a) = 2/5
#   P(big | b) = (0+1)/(1+2) = 1/3   P(small | b) = 2/3
#   P(a) = 3/5, P(b) = 2/5


@pytest.fixture
def with_missing():
    return CategoricalNB().fit(MISSING_ROWS, MISSING_LABELS)


def test_missing_values_are_skipped_when_counting(with_missing):
    model = with_missing
    assert model.class_counts_ == {"a": 3, "b": 2}
    assert model.feature_counts_ == {"a": {"colour": 1, "size": 3}, "b": {"colour": 2, "size": 1}}
    assert model.value_counts_ == {
        "a": {"colour": {"red": 1}, "size": {"big": 2, "small": 1}},
        "b": {"colour": {"red": 1, "blue": 1}, "size": {"small": 1}},
    }
    assert model.likelihood("colour", "red", "a") == Fraction(2, 3)
    assert model.likelihood("colour", "blue", "b") == Fraction(1, 2)
    assert model.likelihood("size", "big", "a") == Fraction(3, 5)
    assert model.likelihood("size", "big", "b") == Fraction(1, 3)


@pytest.mark.parametrize("row", [{"colour": "red"}, {"colour": "red", "size": None}, {"colour": "red", "size": math.nan}])
def test_missing_values_are_left_out_when_predicting(with_missing, row):
    # a: 3/5 * 2/3 = 2/5;  b: 2/5 * 1/2 = 1/5;  posterior 2/3 and 1/3
    assert with_missing.joint_probability(row) == {"a": Fraction(2, 5), "b": Fraction(1, 5)}
    assert with_missing.posterior(row) == {"a": Fraction(2, 3), "b": Fraction(1, 3)}
    assert with_missing.predict_proba([row])[0] == pytest.approx({"a": 2 / 3, "b": 1 / 3}, rel=1e-12)


def test_a_missing_value_is_marginalised_exactly(with_missing):
    """Leaving x_j out equals summing P(x, c) over every value x_j can take, because n_jc counts
    only the rows where j is present: then sum over v of (n_jvc + alpha)/(n_jc + alpha K_j) = 1."""
    model = with_missing
    for row, feature in [({"colour": "red"}, "size"), ({"size": "small"}, "colour"), ({}, "colour")]:
        summed = {label: 0 for label in model.classes_}
        for value in model.categories_[feature]:
            for label, p in model.joint_probability({**row, feature: value}).items():
                summed[label] += p
        assert model.joint_probability(row) == summed
        assert model.posterior(row) == bayes_rule(summed)
    # By hand for size: a: 3/5 * 2/3 * (3/5 + 2/5) = 2/5, the same as leaving size out.
    # (Had n_jc counted every class-a row, 3 for colour, P(red | a) + P(blue | a) would be
    # (1+1)/(3+2) + (0+1)/(3+2) = 3/5, not 1, and leaving colour out would not be marginalising.)
    assert model.joint_probability({"colour": "red", "size": "big"})["a"] + model.joint_probability(
        {"colour": "red", "size": "small"}
    )["a"] == Fraction(2, 5)


def test_explain_shows_missing_and_unseen_features_as_ignored(with_missing):
    row = {"colour": "green", "size": None}
    explanation = with_missing.explain(row)
    assert explanation.ignored == {"size": "missing", "colour": "unseen"}
    assert explanation.terms == []  # only the prior is left: P(c | x) = P(c)
    assert explanation.joint == with_missing.joint_log_likelihood(row)
    assert explanation.posterior == pytest.approx({"a": 3 / 5, "b": 2 / 5}, rel=1e-12)
    assert "ignored as missing (size)" in str(explanation)
    assert "ignored as unseen (colour)" in str(explanation)


def test_explain_rows_add_up_to_the_joint_log_likelihood_exactly(laplace):
    for row in ROWS + [TEST_DAY, {"outlook": "sunny", "wind": None}]:
        explanation = laplace.explain(row)
        joint = laplace.joint_log_likelihood(row)
        assert explanation.joint == joint
        for label in laplace.classes_:
            terms = [term.log_term[label] for term in explanation.terms]
            assert explanation.log_prior[label] + math.fsum(terms) == joint[label]
    explanation = laplace.explain(TEST_DAY)
    assert [term.feature for term in explanation.terms] == FEATURES
    assert explanation.terms[0].likelihood == {"no": Fraction(1, 2), "yes": Fraction(1, 4)}
    assert explanation.prior == {"no": Fraction(5, 14), "yes": Fraction(9, 14)}
    assert explanation.prediction == "no"


# ----------------------------------------------------------------------
# Unseen values, given categories, the two forms of rows
# ----------------------------------------------------------------------


def test_unseen_ignore_leaves_the_value_out(with_missing):
    # green never seen: only the prior is left, 3/5 and 2/5
    assert with_missing.posterior({"colour": "green"}) == {"a": Fraction(3, 5), "b": Fraction(2, 5)}
    assert with_missing.predict(
        [{"colour": "green", "size": "small"}]
    ) == ["b"]  # a: 3/5 * 2/5 = 6/25 < b: 2/5 * 2/3 = 4/15
    with pytest.raises(KeyError, match="never had the value 'green'"):
        with_missing.likelihood("colour", "green", "a")


def test_unseen_error_refuses_the_row():
    model = CategoricalNB(unseen="error").fit(MISSING_ROWS, MISSING_LABELS)
    with pytest.raises(ValueError, match=r"X\[1\]: feature 'colour' has the value 'green', which training never saw"):
        model.predict([{"colour": "red"}, {"colour": "green"}])
    assert model.predict([{"colour": "red", "size": None}]) == ["a"]  # a missing value is not unseen
    with pytest.raises(ValueError, match="unseen must be one of"):
        CategoricalNB(unseen="skip")


def test_given_categories_set_k_j():
    model = CategoricalNB(categories={"colour": ["red", "blue", "green"]}).fit(MISSING_ROWS, MISSING_LABELS)
    # K_colour = 3 now: P(red | a) = (1+1)/(1+3) = 1/2, P(green | a) = 1/4, P(green | b) = 1/5
    assert model.categories_["colour"] == ["red", "blue", "green"]  # in the order given
    assert model.likelihood("colour", "red", "a") == Fraction(1, 2)
    assert model.likelihood("colour", "green", "a") == Fraction(1, 4)
    assert model.likelihood("colour", "green", "b") == Fraction(1, 5)
    assert sum(model.likelihood("colour", v, "b") for v in ["red", "blue", "green"]) == 1
    assert model.categories_["size"] == ["big", "small"]  # not given: the values seen, sorted
    # green is a known category, so unseen="error" accepts it
    strict = CategoricalNB(unseen="error", categories={"colour": ["red", "blue", "green"]})
    assert strict.fit(MISSING_ROWS, MISSING_LABELS).posterior({"colour": "green"}) == {
        "a": Fraction(3, 5) * Fraction(1, 4) / (Fraction(3, 5) * Fraction(1, 4) + Fraction(2, 5) * Fraction(1, 5)),
        "b": Fraction(2, 5) * Fraction(1, 5) / (Fraction(3, 5) * Fraction(1, 4) + Fraction(2, 5) * Fraction(1, 5)),
    }


def test_a_training_value_outside_the_given_categories_is_an_error():
    model = CategoricalNB(categories={"colour": ["red", "green"]})
    with pytest.raises(ValueError, match=r"X\[4\]: feature 'colour' has the value 'blue', which is not among"):
        model.fit(MISSING_ROWS, MISSING_LABELS)
    assert model.classes_ == []  # nothing learned
    with pytest.raises(ValueError, match="each value once"):
        CategoricalNB(categories={"colour": ["red", "red"]})
    with pytest.raises(TypeError, match="must be a list of values"):
        CategoricalNB(categories={"colour": "red"})


def test_list_rows_give_the_numbers_of_dict_rows(laplace):
    list_rows = [[row[feature] for feature in FEATURES] for row in ROWS]
    model = CategoricalNB().fit(list_rows, LABELS)
    assert model.features_ == [0, 1, 2, 3]
    assert model.n_columns_ == 4 and laplace.n_columns_ is None
    test_list = [TEST_DAY[feature] for feature in FEATURES]
    assert model.posterior(test_list) == laplace.posterior(TEST_DAY)
    assert model.likelihood(0, "sunny", "yes") == Fraction(1, 4)
    # a missing value in a list row is None (or NaN) in its column
    assert model.posterior(["sunny", None, "high", math.nan]) == laplace.posterior(
        {"outlook": "sunny", "humidity": "high"}
    )


def test_rows_of_different_widths_are_an_error():
    with pytest.raises(ValueError, match=r"X\[1\] has 2 values, but the model's rows have 3"):
        CategoricalNB().fit([["a", "b", "c"], ["a", "b"]], ["x", "y"])
    model = CategoricalNB().fit([["a", "b"], ["c", "d"]], ["x", "y"])
    with pytest.raises(ValueError, match=r"X\[0\] has 3 values, but the model's rows have 2"):
        model.predict([["a", "b", "c"]])


def test_a_feature_never_seen_in_training_is_an_error(with_missing):
    with pytest.raises(ValueError, match=r"X\[0\] has the feature 'shape', which training never saw"):
        with_missing.predict([{"colour": "red", "shape": "round"}])
    with pytest.raises(KeyError, match="'shape' is not a feature"):
        with_missing.likelihood("shape", "round", "a")


def test_rows_without_a_present_value_then_partial_fit():
    # Every value missing: fit and a first partial_fit refuse (nothing to learn, issue 19); a later
    # batch with every value missing adds only to the class counts, and the model goes on learning.
    for method in ("fit", "partial_fit"):
        with pytest.raises(ValueError, match="no features to learn from"):
            getattr(CategoricalNB(), method)([{"colour": None}, {}], ["a", "b"])
    model = CategoricalNB().fit(MISSING_ROWS, MISSING_LABELS).partial_fit([{"colour": None}, {}], ["a", "b"])
    assert model.features_ == ["colour", "size"] and model.class_counts_ == {"a": 4, "b": 3}
    whole = CategoricalNB().fit([{"colour": None}, {}] + MISSING_ROWS, ["a", "b"] + MISSING_LABELS)
    assert model.feature_counts_ == whole.feature_counts_ == {"a": {"colour": 1, "size": 3}, "b": {"colour": 2, "size": 1}}
    assert model.value_counts_ == whole.value_counts_
    assert model.posterior({"colour": "red"}) == whole.posterior({"colour": "red"})


def test_unhashable_values_and_bad_rows_are_clear_errors():
    with pytest.raises(TypeError, match="cannot be a category"):
        CategoricalNB().fit([{"x": ["a"]}, {"x": ["b"]}], ["p", "q"])
    with pytest.raises(TypeError, match="X is a single dict"):
        CategoricalNB().fit({"x": "a"}, ["p"])
    with pytest.raises(TypeError, match=r"X\[0\] is a string"):
        CategoricalNB().fit(["sunny hot"], ["p"])


def test_any_hashable_values_are_categories():
    rows = [{"windy": True, "n": 1}, {"windy": False, "n": 2}, {"windy": True, "n": 2}]
    model = CategoricalNB().fit(rows, ["p", "q", "p"])
    assert model.categories_ == {"windy": [False, True], "n": [1, 2]}
    # windy=True | p: (2+1)/(2+2) = 3/4;  n=2 | q: (1+1)/(1+2) = 2/3
    assert model.likelihood("windy", True, "p") == Fraction(3, 4)
    assert model.likelihood("n", 2, "q") == Fraction(2, 3)


def test_alpha_zero_with_a_feature_absent_from_a_class_is_a_clear_error():
    model = CategoricalNB(alpha=0)
    with pytest.raises(ValueError, match="feature 'size' has no values in class 'b'"):
        model.fit([{"size": "big"}, {"colour": "red"}], ["a", "b"])
    assert model.classes_ == []


# ----------------------------------------------------------------------
# Score and printing
# ----------------------------------------------------------------------


def test_score_is_the_exact_accuracy(with_missing):
    # red -> a (2/3); blue & small -> a: 3/5*1/3*2/5 = 2/25 < b: 2/5*1/2*2/3 = 2/15 -> b
    rows = [{"colour": "red"}, {"colour": "blue", "size": "small"}]
    assert with_missing.predict(rows) == ["a", "b"]
    assert with_missing.score(rows, ["a", "a"]) == Fraction(1, 2)
    assert with_missing.score(rows, ["a", "b"]) == 1


def test_repr_shows_the_tables(with_missing):
    assert repr(CategoricalNB()) == "CategoricalNB(alpha=1) (not fitted)"
    assert repr(with_missing) == str(with_missing) == (
        'CategoricalNB(alpha=1)\n'
        'table               size        first entries\n'
        '------------------  ----------  -------------------------------------------------------\n'
        "class 'a'           3 rows      P(c) = 3/5\n"
        "class 'b'           2 rows      P(c) = 2/5\n"
        "distributions_      2 features  {'colour': 'categorical', 'size': 'categorical'}\n"
        "value_counts_['a']  2 features  {'colour': {'red': 1}, 'size': {'big': 2, 'small': 1}}\n"
        "value_counts_['b']  2 features  {'colour': {'red': 1, 'blue': 1}, 'size': {'small': 1}}\n"
        "categories_         2 features  {'colour': ['blue', 'red'], 'size': ['big', 'small']}\n"
        'categorical naive Bayes, fitted on 5 rows'
    )
    assert repr(CategoricalNB(alpha=0, unseen="error")) == "CategoricalNB(alpha=0, unseen='error') (not fitted)"
