"""Bayes' rule, the prior and log-space normalisation, on numbers worked by hand."""

import math
from fractions import Fraction

import pytest

from naivebayes.core.arithmetic import log, ratio
from naivebayes.core.bayes import (
    ZeroProbabilityError,
    bayes_rule,
    decision,
    log_posterior,
    log_sum_exp,
    prior_mle,
    uniform_prior,
)


def test_eq_prior_mle_is_the_share_of_documents():
    # The China example: 3 of the 4 training documents are about China.
    assert prior_mle(3, 4) == Fraction(3, 4)
    assert prior_mle(1, 4) == Fraction(1, 4)


def test_eq_prior_uniform_gives_every_class_one_kth():
    assert uniform_prior(4) == Fraction(1, 4)
    assert sum(uniform_prior(3) for _ in range(3)) == 1


def test_eq_bayes_rule_divides_by_the_evidence():
    # P(x, a) = 1/8 and P(x, b) = 3/8, so P(x) = 1/2 and the posteriors are 1/4 and 3/4.
    assert bayes_rule({"a": Fraction(1, 8), "b": Fraction(3, 8)}) == {"a": Fraction(1, 4), "b": Fraction(3, 4)}


def test_eq_bayes_rule_on_the_china_example():
    joint = {
        "china": Fraction(3, 4) * Fraction(3, 7) ** 3 * Fraction(1, 14) ** 2,  # 81/268912
        "japan": Fraction(1, 4) * Fraction(2, 9) ** 5,  # 8/59049
    }
    assert joint == {"china": Fraction(81, 268912), "japan": Fraction(8, 59049)}
    assert bayes_rule(joint)["china"] == Fraction(4782969, 6934265)


def test_bayes_rule_refuses_zero_evidence():
    with pytest.raises(ZeroProbabilityError, match="zero-frequency"):
        bayes_rule({"a": 0, "b": 0})


def test_eq_log_sum_exp_of_small_numbers():
    assert log_sum_exp([math.log(1), math.log(3)]) == pytest.approx(math.log(4), abs=1e-15)


def test_eq_log_sum_exp_does_not_underflow():
    # exp(-1000) is 0.0 in floats, yet log(e^-1000 + e^-1000) = -1000 + log 2.
    assert math.exp(-1000) == 0.0
    assert log_sum_exp([-1000.0, -1000.0]) == pytest.approx(-1000 + math.log(2), abs=1e-12)


def test_log_sum_exp_of_only_zero_probabilities_is_minus_infinity():
    assert log_sum_exp([-math.inf, -math.inf]) == -math.inf
    assert log_sum_exp([-math.inf, 0.0]) == 0.0


def test_eq_log_joint_adds_the_terms_to_the_log_prior():
    from naivebayes.core.bayes import log_joint
    from naivebayes.naive_bayes.base import Term

    # China example: log 3/4 + 3 log 3/7 + 2 log 1/14 and log 1/4 + 5 log 2/9, by hand
    terms = [
        Term("word", "chinese", 3, (3 * log(Fraction(3, 7)), 3 * log(Fraction(2, 9)))),
        Term("word", "tokyo", 1, (log(Fraction(1, 14)), log(Fraction(2, 9)))),
        Term("word", "japan", 1, (log(Fraction(1, 14)), log(Fraction(2, 9)))),
    ]
    joint = log_joint([log(Fraction(3, 4)), log(Fraction(1, 4))], terms)
    assert joint[0] == pytest.approx(math.log(Fraction(3, 4) * Fraction(3, 7) ** 3 * Fraction(1, 14) ** 2), rel=1e-15)
    assert joint[1] == pytest.approx(math.log(Fraction(1, 4) * Fraction(2, 9) ** 5), rel=1e-15)
    assert [round(value, 4) for value in joint] == [-8.1077, -8.9067]
    assert log_joint([-1.0, -2.0], []) == [-1.0, -2.0]  # no terms: the prior decides alone


def test_eq_log_posterior_normalises():
    result = log_posterior({"a": math.log(1 / 8), "b": math.log(3 / 8)})
    assert math.exp(result["a"]) == pytest.approx(1 / 4, abs=1e-15)
    assert math.exp(result["b"]) == pytest.approx(3 / 4, abs=1e-15)


def test_log_posterior_gives_zero_to_an_impossible_class():
    result = log_posterior({"a": -math.inf, "b": -5.0})
    assert result == {"a": -math.inf, "b": 0.0}


def test_log_posterior_refuses_when_every_class_is_impossible():
    with pytest.raises(ZeroProbabilityError, match="alpha > 0"):
        log_posterior({"a": -math.inf, "b": -math.inf})


def test_eq_decision_rule_takes_the_largest_score():
    assert decision({"a": -2.0, "b": -1.0, "c": -3.0}) == "b"


def test_decision_rule_breaks_ties_by_order():
    assert decision({"a": -1.0, "b": -1.0}) == "a"


def test_ratio_is_exact_for_whole_numbers_and_float_otherwise():
    assert ratio(6, 14) == Fraction(3, 7) and isinstance(ratio(6, 14), Fraction)
    assert ratio(6, 14.0) == 6 / 14 and isinstance(ratio(6, 14.0), float)


def test_log_handles_zero_and_tiny_fractions():
    assert log(0) == -math.inf
    assert log(Fraction(1, 10**400)) == pytest.approx(-400 * math.log(10))
    with pytest.raises(ValueError, match="negative"):
        log(-1)


def test_eq_log_posterior_stays_a_distribution_for_huge_joints():
    # At 2**53 floats are 2 apart: m + log 2 == m, so P(x) must not be added to m before subtracting.
    from naivebayes.core.bayes import log_posterior

    posterior = log_posterior({"a": 2.0**53, "b": 2.0**53})
    assert {label: math.exp(value) for label, value in posterior.items()} == {"a": 0.5, "b": 0.5}
    b = 3e9 - math.log(3)  # rounded to the float spacing at 3e9 (4.8e-7); the difference 3e9 - b is exact
    posterior = log_posterior({"a": 3e9, "b": b})
    assert math.exp(posterior["a"]) == pytest.approx(1 / (1 + math.exp(b - 3e9)), rel=1e-15)


def test_a_setting_changed_to_an_equal_value_of_another_type_is_checked_again():
    from decimal import Decimal

    from naivebayes import CategoricalNB

    model = CategoricalNB().fit([{"x": "u"}, {"x": "v"}], ["a", "b"])
    with pytest.raises((TypeError, ValueError), match="alpha"):
        model.alpha = Decimal("1")  # equal to 1, but not a number the model takes: refused where it is assigned
    assert model.alpha == 1 and type(model.alpha) is int
