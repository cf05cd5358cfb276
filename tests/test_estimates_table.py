"""The four estimates of naivebayes/core/priors.py, and estimate_table's rows (naivebayes/inspect/estimates.py).

Hand numbers: the China example (docs/multinomial.md), Lecture #7's Laplace
smoothing ("add 1 to the numerator and 2 to the denominator"), and a
five-day weather table worked out below.
"""

import copy
import math
from fractions import Fraction

import pytest

from naivebayes import BernoulliNB, CategoricalNB, GaussianNB, MultinomialNB
from naivebayes.core.beta import regularized_incomplete_beta
from naivebayes.core.priors import Beta, Dirichlet, MEstimate, m_estimate, map_estimate, ml_estimate, posterior_mean
from naivebayes.datasets import load_china
from naivebayes.inspect.estimates import estimate_table

DOCUMENTS, LABELS, _ = load_china()
F = Fraction


def row_of(table, label, feature):
    [row] = [row for row in table if row["class"] == label and row["feature"] == feature]
    return row


# -- the four formulas -----------------------------------------------------------------------


def test_eq_ml_estimate_is_the_share_of_the_counts():
    assert ml_estimate(5, 8) == F(5, 8)  # "chinese" in class china
    assert ml_estimate(0, 8) == 0  # tokyo in china: the zero that smoothing removes
    assert ml_estimate(3, 4.0) == 0.75


def test_eq_posterior_mean_is_add_alpha():
    assert posterior_mean(5, 8, 1, 6) == F(3, 7)  # Dirichlet(1) over 6 words: add-one
    assert posterior_mean(0, 8, 1, 6) == F(1, 14)
    assert posterior_mean(0, 0, 1, 2) == F(1, 2)  # Lecture #7: no examples at all gives 1/2
    assert posterior_mean(3, 3, 2, 5) == F(5, 8)  # Beta(2, 3) on 3 of 3 documents


def test_eq_map_estimate_is_add_alpha_minus_one():
    assert map_estimate(5, 8, 1, 6, 6) == F(5, 8)  # a uniform prior: the mode is maximum likelihood
    assert map_estimate(5, 8, 2, 12, 6) == F(3, 7)  # Dirichlet(2): the mode is add-one's estimate
    assert map_estimate(3, 3, 2, 4, 2) == F(4, 5)  # Beta(2, 2): Laplace's (3 + 1) / (3 + 2)
    assert map_estimate(1, 4, F(3, 2), 3, 2) == F(3, 10)  # (1 + 3/2 - 1) / (4 + 3 - 2)


def test_eq_m_estimate_is_mitchells():
    assert m_estimate(2, 5, 3, F(1, 3)) == F(3, 8)  # (2 + 3 * 1/3) / (5 + 3)
    assert m_estimate(0, 5, 3, F(1, 3)) == F(1, 8)
    assert m_estimate(5, 8, 6, F(1, 6)) == posterior_mean(5, 8, 1, 6)  # m p = 1 for each of 6 words: add-one
    assert m_estimate(4, 10, 0, F(1, 2)) == F(2, 5)  # m = 0: maximum likelihood


# -- the table on each model -----------------------------------------------------------------


def test_multinomial_rows_on_the_china_example():
    table = estimate_table(MultinomialNB().fit(DOCUMENTS, LABELS), class_rows=False)
    assert len(table) == 12  # 2 classes x 6 words
    chinese = row_of(table, "china", "chinese")
    assert (chinese["n"], chinese["N"], chinese["a"], chinese["A"]) == (5, 8, 1, 6)
    assert chinese["maximum likelihood"] == F(5, 8)
    assert chinese["MAP"] == F(5, 8)
    assert chinese["posterior mean"] == F(3, 7)
    tokyo = row_of(table, "china", "tokyo")
    assert (tokyo["maximum likelihood"], tokyo["MAP"], tokyo["posterior mean"]) == (0, 0, F(1, 14))
    # the interval of theta_tokyo,china: Beta(1, 13), whose quantiles are 1 - (1 - q)^(1/13)
    low, high = tokyo["interval"]
    assert low == pytest.approx(1 - 0.975 ** (1 / 13), rel=1e-12)
    assert high == pytest.approx(1 - 0.025 ** (1 / 13), rel=1e-12)
    japan = row_of(table, "japan", "japan")
    assert japan["posterior mean"] == F(2, 9) and japan["MAP"] == F(1, 3)


def test_a_prior_given_to_the_table_and_the_dirichlet_two_identity():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    under_two = estimate_table(model, classes=["china"], prior=Dirichlet(2), class_rows=False, level=None)
    add_one = estimate_table(model, classes=["china"], class_rows=False, level=None)
    # the mode under Dirichlet(2) is the mean under Dirichlet(1): add-one is a MAP estimate
    assert [row["MAP"] for row in under_two] == [row["posterior mean"] for row in add_one]
    assert row_of(under_two, "china", "chinese")["posterior mean"] == F(7, 20)  # (5 + 2) / (8 + 12)
    assert "interval" not in under_two[0]


def test_the_model_s_own_prior_is_read():
    model = MultinomialNB(alpha=Dirichlet(1, per_value={"tokyo": 3})).fit(DOCUMENTS, LABELS)
    table = estimate_table(model, classes=["china"], features=["chinese", "tokyo"], class_rows=False)
    assert row_of(table, "china", "tokyo")["a"] == 3
    assert row_of(table, "china", "tokyo")["A"] == 8  # 5 words with 1, tokyo with 3
    assert row_of(table, "china", "tokyo")["posterior mean"] == F(3, 16) == model.likelihood("tokyo", "china")
    assert row_of(table, "china", "chinese")["posterior mean"] == F(6, 16) == model.likelihood("chinese", "china")


def test_bernoulli_rows_and_cs109_s_beta_2_2():
    model = BernoulliNB().fit(DOCUMENTS, LABELS)
    chinese = row_of(estimate_table(model, class_rows=False), "china", "chinese")  # in 3 of 3 documents
    assert (chinese["n"], chinese["N"], chinese["a"], chinese["A"]) == (3, 3, 1, 2)
    assert (chinese["maximum likelihood"], chinese["MAP"], chinese["posterior mean"]) == (1, 1, F(4, 5))
    low, high = chinese["interval"]  # Beta(4, 1): x^4 = q
    assert (low, high) == pytest.approx((0.025 ** 0.25, 0.975 ** 0.25), rel=1e-12)
    # Laplace's (N_jc + 1) / (N_c + 2) is the MAP estimate under Beta(2, 2)
    beta_2_2 = estimate_table(model, prior=Beta(2, 2), class_rows=False)
    laplace = estimate_table(model, class_rows=False)
    assert [row["MAP"] for row in beta_2_2] == [row["posterior mean"] for row in laplace]
    # an asymmetric prior: Beta(2, 3) on 0 of 1 japan document with "beijing"
    beijing = row_of(estimate_table(model, prior=Beta(2, 3), class_rows=False), "japan", "beijing")
    assert (beijing["posterior mean"], beijing["MAP"]) == (F(2, 6), F(1, 4))  # 2/(1+5), (0+2-1)/(1+5-2)


def test_bernoulli_model_with_a_beta_prior_agrees_with_its_likelihood():
    model = BernoulliNB(alpha=Beta(2, 3)).fit(DOCUMENTS, LABELS)
    for row in estimate_table(model, class_rows=False, level=None):
        assert row["posterior mean"] == model.likelihood(row["feature"], row["class"])


WEATHER = [{"outlook": "sunny", "windy": "no"}, {"outlook": "rain", "windy": "yes"},
           {"outlook": "sunny", "windy": "yes"}, {"outlook": "overcast", "windy": "no"},
           {"outlook": "rain", "windy": "no"}]
PLAYED = ["no", "yes", "no", "yes", "yes"]


def test_categorical_rows_are_feature_category_pairs():
    model = CategoricalNB().fit(WEATHER, PLAYED)
    table = estimate_table(model, class_rows=False)
    assert len(table) == 2 * (3 + 2)
    sunny = row_of(table, "no", ("outlook", "sunny"))  # both "no" days were sunny
    assert (sunny["n"], sunny["N"], sunny["A"]) == (2, 2, 3)
    assert (sunny["maximum likelihood"], sunny["MAP"], sunny["posterior mean"]) == (1, 1, F(3, 5))
    assert row_of(table, "yes", ("outlook", "sunny"))["posterior mean"] == F(1, 6)  # (0 + 1) / (3 + 3)
    # a per (feature, category) prior, and Mitchell's m-estimate with a prior guess
    leaning = estimate_table(model, prior=MEstimate(m=4, p={("outlook", "sunny"): F(1, 2), ("outlook", "rain"): F(1, 4),
                                                          ("outlook", "overcast"): F(1, 4)}),
                             features=["outlook"], class_rows=False)
    assert row_of(leaning, "yes", ("outlook", "sunny"))["posterior mean"] == F(2, 7)  # (0 + 4 * 1/2) / (3 + 4)
    assert row_of(leaning, "yes", ("outlook", "rain"))["posterior mean"] == F(3, 7)  # (2 + 1) / 7


def test_class_rows_come_first():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    table = estimate_table(model, features=["chinese"])
    china, japan = table[0], table[1]
    assert (china["class"], china["feature"], japan["class"]) == ("china", "(class)", "japan")
    assert (china["n"], china["N"], china["a"], china["A"]) == (3, 4, 1, 2)
    assert (china["maximum likelihood"], china["MAP"], china["posterior mean"]) == (F(3, 4), F(3, 4), F(2, 3))
    given = estimate_table(MultinomialNB(class_prior=Dirichlet(2)).fit(DOCUMENTS, LABELS), features=[])
    assert [row["posterior mean"] for row in given] == [F(5, 8), F(3, 8)]  # (3 + 2)/(4 + 4): the model's own


def test_map_is_undefined_where_the_mode_is_on_the_boundary():
    model = MultinomialNB(alpha=F(1, 2)).fit(DOCUMENTS, LABELS)
    table = estimate_table(model, class_rows=False, level=None)
    # tokyo has 0 + 1/2 < 1 in class china: that posterior's mode is at theta_tokyo = 0, not the formula's
    assert {row["MAP"] for row in table} == {"undefined"}
    assert row_of(table, "china", "chinese")["posterior mean"] == F(11, 22)  # (5 + 1/2) / (8 + 3)
    zero = estimate_table(MultinomialNB(alpha=0).fit(DOCUMENTS, LABELS), classes=["china"], class_rows=False)
    tokyo = row_of(zero, "china", "tokyo")
    assert tokyo["interval"] == "undefined" and tokyo["posterior mean"] == 0
    assert "undefined" in str(zero)


def test_every_interval_against_scipy():
    stats = pytest.importorskip("scipy.stats")
    model = MultinomialNB(alpha=F(1, 3)).fit(DOCUMENTS, LABELS)
    for row in estimate_table(model, level=0.9):
        a, b = row["n"] + row["a"], row["N"] + row["A"] - row["n"] - row["a"]
        expected = stats.beta.interval(0.9, float(a), float(b))
        assert row["interval"] == pytest.approx(expected, rel=1e-12)


def test_each_interval_holds_level_of_its_beta_marginal():
    model = BernoulliNB(alpha=Beta(F(1, 2), 3)).fit(DOCUMENTS, LABELS)
    for row in estimate_table(model, level=0.8, class_rows=False):
        a, b = row["n"] + row["a"], row["N"] + row["A"] - row["n"] - row["a"]
        low, high = row["interval"]
        assert regularized_incomplete_beta(high, a, b) - regularized_incomplete_beta(low, a, b) == pytest.approx(0.8)


def test_the_table_shows_as_text_and_html_and_reads_only():
    model = CategoricalNB().fit(WEATHER, PLAYED)
    before = copy.deepcopy(vars(model))
    table = estimate_table(model)
    assert vars(model) == before  # (a table that only reads never inserts keys)
    text = str(table)
    assert text.splitlines()[0].split()[:4] == ["class", "feature", "n", "N"]
    assert "outlook = 'sunny'" in text and "95% interval" in text and "3/5" in text
    assert table._repr_html_().startswith("<table") and "3/5" in table.to_html()
    assert all(type(row) is dict for row in table)


def test_float_counts_give_floats():
    model = MultinomialNB(alpha=1.0).fit(DOCUMENTS, LABELS)
    row = row_of(estimate_table(model, class_rows=False), "china", "chinese")
    assert type(row["posterior mean"]) is float and math.isclose(row["posterior mean"], 3 / 7)


@pytest.mark.parametrize("call, error, phrase", [
    (lambda: estimate_table(GaussianNB().fit([[1.0], [2.0]], ["a", "b"])), TypeError, "MultinomialNB, BernoulliNB"),
    (lambda: estimate_table(MultinomialNB()), ValueError, "fit"),
    (lambda: estimate_table(MultinomialNB().fit(DOCUMENTS, LABELS), classes=["korea"]), KeyError, "'korea' is not"),
    (lambda: estimate_table(MultinomialNB().fit(DOCUMENTS, LABELS), classes="china"), TypeError, "list of classes"),
    (lambda: estimate_table(MultinomialNB().fit(DOCUMENTS, LABELS), features=["seoul"]), KeyError, "'seoul' is not"),
    (lambda: estimate_table(MultinomialNB().fit(DOCUMENTS, LABELS), level=1.5), ValueError, "level must be"),
    (lambda: estimate_table(MultinomialNB().fit(DOCUMENTS, LABELS), prior="laplace"), TypeError, "prior must be"),
    (lambda: estimate_table(MultinomialNB().fit(DOCUMENTS, LABELS), prior=Beta(2, 2)), TypeError, "binary features"),
    (lambda: estimate_table(MultinomialNB().fit(DOCUMENTS, LABELS), class_prior=3), TypeError, "class_prior must"),
])
def test_bad_input_is_refused(call, error, phrase):
    with pytest.raises(error, match=phrase):
        call()


def test_the_class_rows_read_the_models_own_class_prior_an_m_estimate_too():
    from naivebayes import MEstimate

    documents, labels, _ = load_china()
    model = MultinomialNB(class_prior=MEstimate(4)).fit(documents, labels)  # m p_c = 4 * 1/2 = 2 per class
    rows = {row["class"]: row for row in estimate_table(model, features=[]) if row["feature"] == "(class)"}
    assert (rows["china"]["a"], rows["china"]["A"]) == (2, 4)
    assert rows["china"]["posterior mean"] == Fraction(5, 8) == model.prior("china")  # (3 + 2) / (4 + 4)
    assert rows["japan"]["posterior mean"] == Fraction(3, 8) == model.prior("japan")
