"""Tests for naivebayes/tfidf.py, on weights worked out by hand.

Three tiny documents, N = 3:
    d0 = the cat sat        d1 = the cat saw the dog        d2 = the dog barked
counts (tf):
    d0 {the: 1, cat: 1, sat: 1}
    d1 {the: 2, cat: 1, saw: 1, dog: 1}
    d2 {the: 1, dog: 1, barked: 1}
document frequency:  the 3,  cat 2,  dog 2,  sat 1,  saw 1,  barked 1

Smoothed idf, ln((1 + N) / (1 + df)) + 1:
    the     ln(4/4) + 1 = 0 + 1                  = 1             (exactly)
    cat/dog ln(4/3) + 1 = 0.287682072451780927.. + 1 = 1.287682072451780927..
    sat/saw/barked ln(4/2) + 1 = ln 2 + 1 = 0.693147180559945309.. + 1 = 1.693147180559945309..
Unsmoothed idf, ln(N / df) + 1:
    the     ln(3/3) + 1 = 1                                      (exactly)
    cat/dog ln(3/2) + 1 = 0.405465108108164381.. + 1 = 1.405465108108164381..
    sat/saw/barked ln 3 + 1 = 1.098612288668109691.. + 1 = 2.098612288668109691..

The logarithms were taken to 40 digits with decimal.Decimal.ln, not with math.log.
"""

import copy
import math
import random
from fractions import Fraction

import pytest

from naivebayes.plumbing.checks import NotFittedError
from naivebayes.text.bag_of_words import BagOfWords
from naivebayes.datasets import load_spam
from naivebayes.naive_bayes.multinomial import MultinomialNB
from naivebayes.evaluation.split import train_test_split
from naivebayes.text.tfidf import (
    TfidfTransformer,
    l2_normalize,
    scaled_by_power_of_two,
    smoothed_idf,
    sublinear_term_frequency,
    tfidf_weights,
    unsmoothed_idf,
)
from naivebayes.text.tokenize import SKLEARN_PATTERN, Tokenizer

PETS = ["the cat sat", "the cat saw the dog", "the dog barked"]
PET_COUNTS = [
    {"the": 1, "cat": 1, "sat": 1},
    {"the": 2, "cat": 1, "saw": 1, "dog": 1},
    {"the": 1, "dog": 1, "barked": 1},
]

IDF_CAT = 1.287682072451780927  # ln(4/3) + 1, smoothed, df = 2
IDF_SAT = 1.693147180559945309  # ln 2 + 1, smoothed, df = 1
UNSMOOTHED_IDF_CAT = 1.405465108108164381  # ln(3/2) + 1
UNSMOOTHED_IDF_SAT = 2.098612288668109691  # ln 3 + 1

TIGHT = 1e-15  # relative tolerance for numbers worked out by hand


def close(a, b):
    return math.isclose(a, b, rel_tol=TIGHT)


def plain_l2(weights):
    """The l2 formula exactly as written, w_t / sqrt(sum of w_s ** 2), with no scaling (the reference)."""
    length = math.sqrt(math.fsum([weight * weight for weight in weights.values()]))
    return {term: weight / length for term, weight in weights.items()}


def rows_close(ours, theirs, tolerance):
    """Same terms, and every weight within ``tolerance``."""
    return set(ours) == set(theirs) and all(abs(ours[term] - theirs[term]) <= tolerance for term in theirs)


# --- the formulas ------------------------------------------------------------------


def test_eq_tfidf_smooth_idf_of_a_term_in_every_document_is_exactly_one():
    # ln((1 + 3) / (1 + 3)) + 1 = ln 1 + 1 = 1
    assert smoothed_idf(3, 3) == 1.0
    assert smoothed_idf(11314, 11314) == 1.0


def test_eq_tfidf_smooth_idf_on_the_three_documents():
    assert close(smoothed_idf(3, 2), IDF_CAT)  # ln(4/3) + 1
    assert close(smoothed_idf(3, 1), IDF_SAT)  # ln(4/2) + 1 = ln 2 + 1
    # A term in no document keeps a finite idf: ln(4/1) + 1 = 2 ln 2 + 1 = 2.386294361119890618..
    assert close(smoothed_idf(3, 0), 2.386294361119890618)


def test_eq_tfidf_smooth_idf_rare_terms_weigh_more():
    idfs = [smoothed_idf(10, df) for df in range(1, 11)]
    assert idfs == sorted(idfs, reverse=True)
    assert idfs[-1] == 1.0


def test_eq_tfidf_idf_unsmoothed_on_the_three_documents():
    assert unsmoothed_idf(3, 3) == 1.0  # ln(3/3) + 1
    assert close(unsmoothed_idf(3, 2), UNSMOOTHED_IDF_CAT)  # ln(3/2) + 1
    assert close(unsmoothed_idf(3, 1), UNSMOOTHED_IDF_SAT)  # ln 3 + 1


def test_eq_tfidf_idf_of_a_term_in_no_document_is_a_division_by_zero():
    # ln(3/0) is undefined; fit refuses a term with df = 0 before it asks (see the smooth_idf=False test below).
    with pytest.raises(ZeroDivisionError):
        unsmoothed_idf(3, 0)


def test_eq_tfidf_sublinear_tf_by_hand():
    assert sublinear_term_frequency(1) == 1.0  # 1 + ln 1 = 1 + 0
    assert close(sublinear_term_frequency(2), 1.693147180559945309)  # 1 + ln 2
    assert close(sublinear_term_frequency(10), 3.302585092994045684)  # 1 + ln 10
    assert sublinear_term_frequency(0) == 0.0  # no occurrence, no weight (not 1 + ln 0 = -inf)


def test_eq_tfidf_sublinear_tf_grows_slower_than_the_count():
    # 10 occurrences weigh about 3.3 times one occurrence, not 10 times.
    assert sublinear_term_frequency(10) / sublinear_term_frequency(1) < 3.31


def test_eq_tfidf_weight_by_hand():
    idf = {"the": 1.0, "cat": 1.5, "sat": smoothed_idf(3, 1)}
    # "the": tf 2, idf 1; "cat": 3 * 1.5; "sat": tf 1, so the weight is the idf.
    weights = tfidf_weights({"the": 2, "cat": 3, "sat": 1}, idf)
    assert weights["the"] == 2.0 and weights["cat"] == 4.5 and close(weights["sat"], IDF_SAT)
    # A count of 0 weighs 0 * idf = 0.0 and its term stays (as scikit-learn's column of zeros); a term without an idf is dropped.
    assert tfidf_weights({"the": 0, "dog": 4, "cat": 1}, idf) == {"the": 0.0, "cat": 1.5}
    assert tfidf_weights({"cat": Fraction(0)}, idf) == {"cat": 0.0}


def test_eq_tfidf_l2_norm_of_a_three_four_five_row():
    # sqrt(3^2 + 4^2) = 5, so the row becomes (3/5, 4/5), exact in floats.
    assert l2_normalize({"a": 3, "b": 4}) == {"a": 0.6, "b": 0.8}
    assert l2_normalize({"a": 2.5}) == {"a": 1.0}


def test_eq_tfidf_l2_norm_of_the_worked_row_d1():
    # d1 = the cat saw the dog, smoothed idf:
    #   w = (the 2 * 1, cat 1 * 1.28768.., saw 1 * 1.69314.., dog 1 * 1.28768..)
    #   sum of squares = 4 + 2 * 1.28768..^2 + 1.69314..^2 = 10.182997614465519214..
    #   length = sqrt(10.182997614465519214..) = 3.191080947651676105..
    #   the 2 / 3.19108.. = 0.626746871298205284..
    #   cat, dog 1.28768.. / 3.19108.. = 0.403525355067971296..
    #   saw 1.69314.. / 3.19108.. = 0.530587349031661594..
    weights = {"the": 2.0, "cat": smoothed_idf(3, 2), "saw": smoothed_idf(3, 1), "dog": smoothed_idf(3, 2)}
    row = l2_normalize(weights)
    assert list(row) == ["the", "cat", "saw", "dog"]
    assert close(row["the"], 0.626746871298205284)
    assert close(row["cat"], 0.403525355067971296)
    assert close(row["saw"], 0.530587349031661594)
    assert row["dog"] == row["cat"]


def test_eq_tfidf_l2_norm_of_nothing_is_an_empty_row():
    assert l2_normalize({}) == {}
    assert l2_normalize({"a": 0, "b": 0.0}) == {"a": 0.0, "b": 0.0}  # no division by zero; the terms stay
    assert l2_normalize({"a": 0.0, "b": 2.0}) == {"a": 0.0, "b": 1.0}


@pytest.mark.parametrize("exponent", [-1070, -1060, -600, -1, 0, 1, 600, 1000, 1020])
def test_eq_tfidf_l2_norm_of_a_three_four_five_row_at_any_scale(exponent):
    # (3, 4) * 2**k has length 5 * 2**k for every k.  As written, the squares
    # overflow to inf above about 1e154 (k = 600: the row became 0) and
    # underflow to 0 below about 1e-162 (k = -600: the row was dropped).
    weights = {"a": math.ldexp(3, exponent), "b": math.ldexp(4, exponent)}
    assert l2_normalize(weights) == {"a": 0.6, "b": 0.8}


def test_eq_tfidf_l2_norm_of_1e300_and_1e_320():
    assert close(l2_normalize({"a": 3e300, "b": 4e300})["a"], 0.6)
    assert close(l2_normalize({"a": 3e300, "b": 4e300})["b"], 0.8)
    assert l2_normalize({"a": 1e-320}) == {"a": 1.0}  # once dropped as an all-zero row
    assert l2_normalize({"a": 5e-324, "b": 5e-324}) == l2_normalize({"a": 1.0, "b": 1.0})  # 2**-1074 each
    assert close(l2_normalize({"a": 1e-320, "b": 1e-320})["a"], 1 / math.sqrt(2))
    assert l2_normalize({"a": 1e300, "b": 1.0}) == {"a": 1.0, "b": 1e-300}
    assert l2_normalize({"a": -3e300, "b": 4e300}) == {"a": -0.6, "b": 0.8}


def test_eq_tfidf_l2_norm_of_the_largest_floats_is_finite():
    biggest = 1.7976931348623157e308  # sys.float_info.max
    row = l2_normalize({"a": biggest, "b": biggest})
    assert row == l2_normalize({"a": 1.0, "b": 1.0})


def test_eq_tfidf_l2_scaling_by_hand():
    # 12 = 0.75 * 2**4, so e = 4 and every value is divided by 16.
    assert scaled_by_power_of_two({"a": 3.0, "b": -12.0}) == {"a": 0.1875, "b": -0.75}
    # 16 = 0.5 * 2**5: a power of two itself becomes 0.5.
    assert scaled_by_power_of_two({"a": 16, "b": 1}) == {"a": 0.5, "b": 1 / 32}
    assert scaled_by_power_of_two({"a": 1e300}) == {"a": math.frexp(1e300)[0]}  # 0.74..., no overflow
    assert scaled_by_power_of_two({"a": 5e-324}) == {"a": 0.5}  # the smallest float, 2**-1074
    assert scaled_by_power_of_two({"a": 0, "b": 0.0}) == {"a": 0, "b": 0.0}
    assert scaled_by_power_of_two({}) == {}


@pytest.mark.parametrize("seed", range(5))
def test_eq_tfidf_l2_scaling_is_exact(seed):
    # Multiplying back by 2**e gives every value again, to the last bit.
    rng = random.Random(seed)
    for _ in range(1000):
        row = {j: rng.uniform(-1, 1) * 10.0 ** rng.randint(-300, 300) for j in range(rng.randint(1, 5))}
        exponent = math.frexp(max(abs(value) for value in row.values()))[1]
        scaled = scaled_by_power_of_two(row)
        assert max(abs(value) for value in scaled.values()) < 1
        assert all(math.ldexp(scaled[j], exponent) == row[j] for j in row if abs(row[j]) > 1e-150 * 2.0**exponent)


@pytest.mark.parametrize("seed", range(5))
def test_eq_tfidf_l2_scaling_gives_the_formula_as_written_bit_for_bit(seed):
    # Dividing by a power of two is exact, so the scaled computation makes the
    # same roundings as the formula as written: the floats are identical (==),
    # for every row whose squares fit in a float.
    rng = random.Random(seed)
    for _ in range(2000):
        size = 10.0 ** rng.randint(-60, 60)
        weights = {
            f"t{j}": rng.choice([rng.random(), rng.randint(1, 40), rng.expovariate(1)]) * size
            for j in range(rng.randint(1, 25))
        }
        assert l2_normalize(weights) == plain_l2(weights)


def test_eq_tfidf_l2_norm_returns_a_new_dict():
    weights = {"a": 3.0, "b": 4.0}
    assert l2_normalize(weights) is not weights
    assert weights == {"a": 3.0, "b": 4.0}


# --- fit ---------------------------------------------------------------------------


@pytest.fixture
def pets():
    return TfidfTransformer().fit(PET_COUNTS)


def test_fit_learns_n_documents_and_document_frequency(pets):
    assert pets.n_documents_ == 3
    assert pets.document_frequency_ == {"barked": 1, "cat": 2, "dog": 2, "sat": 1, "saw": 1, "the": 3}
    assert list(pets.document_frequency_) == ["barked", "cat", "dog", "sat", "saw", "the"]  # alphabetical


def test_fit_learns_one_idf_per_term(pets):
    idf = pets.idf_
    assert type(idf) is dict
    assert list(idf) == ["barked", "cat", "dog", "sat", "saw", "the"]
    assert idf["the"] == 1.0
    assert close(idf["cat"], IDF_CAT) and idf["dog"] == idf["cat"]
    assert close(idf["sat"], IDF_SAT) and idf["saw"] == idf["barked"] == idf["sat"]


def test_fit_without_smoothing(pets):
    idf = TfidfTransformer(smooth_idf=False).fit(PET_COUNTS).idf_
    assert idf["the"] == 1.0
    assert close(idf["cat"], UNSMOOTHED_IDF_CAT)
    assert close(idf["sat"], UNSMOOTHED_IDF_SAT)


def test_fit_agrees_with_bag_of_words_document_frequency():
    bag = BagOfWords()
    counts = bag.fit_transform(PETS)
    assert counts == PET_COUNTS
    tfidf = TfidfTransformer().fit(counts)
    assert tfidf.document_frequency_ == bag.document_frequency_
    assert tfidf.n_documents_ == bag.n_documents_


def test_a_zero_count_is_not_an_occurrence():
    # "b" is given only with the count 0: df = 0, and it keeps an idf, ln((1 + 2) / (1 + 0)) + 1 = ln 3 + 1
    tfidf = TfidfTransformer().fit([{"a": 1, "b": 0}, {"a": 2}])
    assert tfidf.document_frequency_ == {"a": 2, "b": 0}
    assert tfidf.idf_ == {"a": 1.0, "b": math.log(3) + 1}  # "a": ln(3/3) + 1
    assert tfidf.transform([{"a": 0, "b": 5}]) == [{"a": 0.0, "b": 1.0}]
    assert tfidf.transform([{"a": 1, "b": 0}]) == [{"a": 1.0, "b": 0.0}]


def test_a_term_counted_0_in_every_row_keeps_its_column():
    # Three rows; "z" is 0 in each, "x" counted in 2 of 3, "y" in 1 of 3 (smooth idf, N = 3):
    #   idf_x = ln(4/3) + 1, idf_y = ln(4/2) + 1, idf_z = ln(4/1) + 1 (scikit-learn's idf of an all-zero column)
    rows = [{"x": 1, "y": 0, "z": 0}, {"x": 2, "y": 3, "z": 0}, {"x": 0, "y": 0, "z": 0}]
    tfidf = TfidfTransformer(norm=None)
    weighted = tfidf.fit_transform(rows)
    assert tfidf.document_frequency_ == {"x": 2, "y": 1, "z": 0}
    assert tfidf.idf_ == {"x": math.log(4 / 3) + 1, "y": math.log(2) + 1, "z": math.log(4) + 1}
    assert weighted[0] == {"x": math.log(4 / 3) + 1, "y": 0.0, "z": 0.0}
    assert weighted[2] == {"x": 0.0, "y": 0.0, "z": 0.0}  # an empty document keeps its columns, all 0
    assert TfidfTransformer().fit_transform(rows)[2] == {"x": 0.0, "y": 0.0, "z": 0.0}  # l2: 0 / 0 is not taken
    assert TfidfTransformer(sublinear_tf=True).fit_transform(rows)[0] == {"x": 1.0, "y": 0.0, "z": 0.0}
    # A multinomial model on the rows then has "z" in its vocabulary: |V| = 3 in every denominator.
    assert MultinomialNB().fit(weighted, ["a", "b", "b"]).vocabulary_ == {"x", "y", "z"}


def test_unsmoothed_idf_refuses_a_term_counted_0_in_every_row():
    # ln(N / 0) has no value; scikit-learn stores inf and then refuses any row that counts the term.
    tfidf = TfidfTransformer(smooth_idf=False).fit([{"a": 1}])
    before = copy.deepcopy(vars(tfidf))
    for method in ("fit", "fit_transform"):
        with pytest.raises(ValueError, match=r"'z' has the count 0 in every row.*ln\(2 / 0\) \+ 1.*smooth_idf=True"):
            getattr(tfidf, method)([{"a": 1, "z": 0}, {"a": 2, "z": 0}])
        assert vars(tfidf) == before
    # a term counted 0 in one row and more in another has df >= 1: accepted
    assert TfidfTransformer(smooth_idf=False).fit([{"a": 1, "z": 0}, {"z": 2}]).idf_ == {"a": math.log(2) + 1, "z": math.log(2) + 1}


def test_fit_returns_self_and_accepts_a_generator(pets):
    tfidf = TfidfTransformer()
    assert tfidf.fit(row for row in PET_COUNTS) is tfidf
    assert tfidf.idf_ == pets.idf_
    assert tfidf.fit_transform(row for row in PET_COUNTS) == pets.transform(PET_COUNTS)


def test_refitting_starts_over(pets):
    pets.fit([{"x": 1}])
    assert pets.idf_ == {"x": 1.0}
    assert pets.n_documents_ == 1


# --- transform ---------------------------------------------------------------------


def test_transform_the_worked_example_without_norm():
    rows = TfidfTransformer(norm=None).fit_transform(PET_COUNTS)
    # d1: the 2 * 1 = 2, cat 1 * 1.28768.., saw 1 * 1.69314.., dog 1 * 1.28768..
    assert rows[1]["the"] == 2.0
    assert close(rows[1]["cat"], IDF_CAT)
    assert close(rows[1]["saw"], IDF_SAT)
    assert list(rows[1]) == ["the", "cat", "saw", "dog"]  # the order of the input row


def test_transform_with_sublinear_tf():
    rows = TfidfTransformer(sublinear_tf=True, norm=None).fit_transform(PET_COUNTS)
    # the: tf 2 -> 1 + ln 2 = 1.693147180559945309.., times idf 1
    assert close(rows[1]["the"], 1.693147180559945309)
    assert close(rows[1]["cat"], IDF_CAT)  # tf 1 -> 1 + ln 1 = 1


@pytest.mark.parametrize("count", [0.5, 0.25, 0.999, 1 / math.e, 1e-320])
@pytest.mark.parametrize("method", ["fit", "fit_transform", "transform"])
def test_sublinear_tf_refuses_a_count_between_0_and_1(count, method):
    # 1 + ln(tf) is below 1 for tf < 1 and below 0 for tf < 1/e: a fraction of
    # an occurrence would weigh less than nothing.
    tfidf = TfidfTransformer(sublinear_tf=True).fit(PET_COUNTS)
    before = copy.deepcopy(vars(tfidf))
    rows = [{"the": 1}, {"the": 2, "cat": count}]
    with pytest.raises(
        ValueError,
        match=r"row 1 has the count .* for 'cat', but sublinear_tf=True .*1 \+ ln.*whole counts.*sublinear_tf=False",
    ):
        getattr(tfidf, method)(rows)
    assert vars(tfidf) == before  # a failed call changes nothing


def test_sublinear_tf_accepts_zero_and_counts_of_one_or_more():
    rows = TfidfTransformer(sublinear_tf=True, norm=None).fit_transform([{"a": 1.5, "b": 0}, {"a": 1, "c": 1e300}])
    assert close(rows[0]["a"], 1 + math.log(1.5))  # idf of "a" is 1: it is in both rows
    assert rows[1]["a"] == 1.0
    assert math.isfinite(rows[1]["c"])  # 1 + ln(1e300) = 691.77..., times idf


def test_transform_the_worked_example_with_l2_norm(pets):
    row = pets.transform([PET_COUNTS[1]])[0]
    assert close(row["the"], 0.626746871298205284)
    assert close(row["cat"], 0.403525355067971296)
    assert close(row["saw"], 0.530587349031661594)
    # d0 = the cat sat: w = (1, 1.28768.., 1.69314..), length^2 = 1 + 1.658125.. + 2.866747.. = 5.524872..
    d0 = pets.transform([PET_COUNTS[0]])[0]
    assert close(d0["the"], 1 / math.sqrt(1 + IDF_CAT**2 + IDF_SAT**2))


D1 = {"the": 2, "cat": 1, "saw": 1, "dog": 1}


@pytest.mark.parametrize("exponent", [-1070, -1064, -1000, -600, 600, 1000, 1022])
def test_l2_rows_of_huge_and_tiny_counts_are_the_rows_of_ordinary_counts(pets, exponent):
    # Multiplying every count by 2**k (exactly) leaves the l2 row as it was, bit
    # for bit, over the whole float range.  Without the scaling, at k = 1022 a
    # count times its idf would overflow (2**1023 * 1.69 > 1.8e308), at
    # k = -1064 it would lose digits among the subnormal floats, and at the
    # other k the squares would overflow or underflow.
    scaled = {term: math.ldexp(count, exponent) for term, count in D1.items()}
    assert pets.transform([scaled]) == pets.transform([D1])


@pytest.mark.parametrize("factor", [1e300, 1e-320, 1.7e308 / 2])
def test_l2_rows_of_counts_of_1e300_and_1e_320_are_finite_and_right(pets, factor):
    scaled = {term: count * factor for term, count in D1.items()}  # rounded, so not bit for bit
    row = pets.transform([scaled])[0]
    assert all(math.isfinite(weight) for weight in row.values())
    assert rows_close(row, pets.transform([D1])[0], 1e-15)


def test_a_single_tiny_count_is_not_dropped(pets):
    assert pets.transform([{"sat": 1e-320}]) == [{"sat": 1.0}]
    assert pets.transform([{"sat": 5e-324, "the": 5e-324}]) == pets.transform([{"sat": 1, "the": 1}])


@pytest.mark.parametrize("setting", [{}, {"smooth_idf": False}], ids=repr)
@pytest.mark.parametrize("seed", range(5))
def test_l2_rows_equal_the_formulas_as_written_bit_for_bit(setting, seed):
    # The reference: tf * idf, then the l2 formula as written, with no scaling.
    tfidf = TfidfTransformer(**setting).fit(setting_rows(setting, seed))
    for counts in random_rows(seed + 100):
        weights = {term: count * tfidf.idf_[term] for term, count in counts.items() if term in tfidf.idf_}
        expected = plain_l2(weights) if any(weights.values()) else dict.fromkeys(weights, 0.0)
        assert tfidf.transform([counts])[0] == expected


def test_a_weight_too_large_for_a_float_without_norm_is_an_error(pets):
    # norm=None keeps tf * idf as it is, and 1.7e308 * 1.28 is beyond the largest float.
    tfidf = TfidfTransformer(norm=None).fit(PET_COUNTS)
    with pytest.raises(ValueError, match=r"row 1: the weight of 'cat' is its count 1\.7e\+308 times its idf 1\.28.*largest float.*norm='l2'"):
        tfidf.transform([{"the": 1}, {"the": 1, "cat": 1.7e308}])
    assert tfidf.transform([{"the": 1.7e308}]) == [{"the": 1.7e308}]  # idf 1: still a float


def test_unseen_terms_are_dropped(pets):
    assert pets.transform([{"the": 1, "unicorn": 4}]) == [{"the": 1.0}]
    assert pets.transform([{"unicorn": 4}, {}]) == [{}, {}]
    assert "unicorn" not in pets.idf_


def test_fit_transform_equals_fit_then_transform():
    for setting in ({}, {"sublinear_tf": True}, {"smooth_idf": False, "norm": None}):
        together = TfidfTransformer(**setting).fit_transform(PET_COUNTS)
        apart = TfidfTransformer(**setting).fit(PET_COUNTS).transform(PET_COUNTS)
        assert together == apart


def test_transform_accepts_float_counts(pets):
    row = pets.transform([{"the": 0.5, "cat": 0.5}])[0]
    assert sum(w * w for w in row.values()) == pytest.approx(1, abs=1e-15)
    assert TfidfTransformer(norm=None).fit([{"a": 0.5}]).transform([{"a": 0.5}]) == [{"a": 0.5}]


def test_transform_of_no_rows_is_no_rows(pets):
    assert pets.transform([]) == []


def test_repr_shows_the_settings_and_the_size(pets):
    assert repr(pets) == (
        "TfidfTransformer(smooth_idf=True, sublinear_tf=False, norm='l2', "
        "idf of 6 terms from 3 documents)"
    )
    assert repr(TfidfTransformer(smooth_idf=False, sublinear_tf=True, norm=None)) == (
        "TfidfTransformer(smooth_idf=False, sublinear_tf=True, norm=None, not fitted)"
    )


# --- errors ------------------------------------------------------------------------


def test_transform_before_fit():
    with pytest.raises(NotFittedError, match="has not been fitted yet: call fit"):
        TfidfTransformer().transform(PET_COUNTS)


def test_a_norm_other_than_l2_or_none():
    with pytest.raises(ValueError, match="norm must be 'l2'.*or None.*got 'l1'"):
        TfidfTransformer(norm="l1")
    with pytest.raises(ValueError, match="got 'L2'"):
        TfidfTransformer(norm="L2")


def test_fit_on_no_rows():
    with pytest.raises(ValueError, match="at least one row"):
        TfidfTransformer().fit([])
    with pytest.raises(ValueError, match="at least one row"):
        TfidfTransformer().fit_transform([])


def test_fit_on_rows_without_a_positive_count():
    with pytest.raises(ValueError, match="no row has a positive count"):
        TfidfTransformer().fit([{}, {"a": 0}])


def test_a_single_row_instead_of_a_list(pets):
    with pytest.raises(TypeError, match=r"single dict; for one row use fit\(\[row\]\)"):
        TfidfTransformer().fit({"the": 1})
    with pytest.raises(TypeError, match=r"transform\(\[row\]\)"):
        pets.transform({"the": 1})


def test_text_instead_of_rows(pets):
    with pytest.raises(TypeError, match="not text.*BagOfWords"):
        TfidfTransformer().fit("the cat sat")
    with pytest.raises(TypeError, match="row 0 is a str.*BagOfWords"):
        pets.transform(PETS)


def test_rows_that_are_not_dicts(pets):
    with pytest.raises(TypeError, match=r"row 1 is a list; each row must be a \{term: count\} dict"):
        pets.transform([{"the": 1}, ["the", "cat"]])
    with pytest.raises(TypeError, match="not int"):
        pets.transform(3)


@pytest.mark.parametrize("count", [-1, -0.5, math.nan, math.inf, -math.inf])
def test_negative_and_non_finite_counts(pets, count):
    with pytest.raises(ValueError, match=r"row 1 has the count .* for 'cat'; counts must be finite"):
        TfidfTransformer().fit([{"the": 1}, {"cat": count}])
    with pytest.raises(ValueError, match="not negative"):
        pets.transform([{"the": 1}, {"cat": count}])


@pytest.mark.parametrize("count", ["3", None, True, [1]])
def test_non_numeric_counts(pets, count):
    with pytest.raises(TypeError, match=r"row 0 has the count .* for 'the'; counts must be numbers"):
        pets.transform([{"the": count}])


def test_a_failed_fit_leaves_the_transformer_as_it_was(pets):
    before = copy.deepcopy(vars(pets))
    for bad in ([], [{"a": -1}], [{}], {"a": 1}):
        with pytest.raises((ValueError, TypeError)):
            pets.fit(bad)
    assert vars(pets) == before


# --- properties on random rows ---------------------------------------------------------

SETTINGS = [
    {},
    {"sublinear_tf": True},
    {"smooth_idf": False},
    {"norm": None},
    {"smooth_idf": False, "sublinear_tf": True, "norm": None},
]


def random_rows(seed, n_rows=40, sublinear_tf=False):
    """Rows over 30 terms with counts 0..7.5, some of them floats, and a few empty rows.

    With ``sublinear_tf`` no count lies between 0 and 1, which that setting refuses.
    """
    rng = random.Random(seed)
    smallest_quarter = 4 if sublinear_tf else 1
    rows = []
    for _ in range(n_rows):
        row = {}
        for _ in range(rng.randint(0, 8)):
            term = f"t{int(rng.expovariate(0.15)) % 30}"
            row[term] = rng.choice([rng.randint(0, 6), rng.randint(smallest_quarter, 30) / 4])
        rows.append(row)
    return rows


def setting_rows(setting, seed):
    """random_rows that suit the setting (with smooth_idf=False, no term that every row counts 0, which fit refuses)."""
    rows = random_rows(seed, sublinear_tf=setting.get("sublinear_tf", False))
    if setting.get("smooth_idf", True):
        return rows
    counted = {term for row in rows for term, count in row.items() if count}
    return [{term: count for term, count in row.items() if term in counted} for row in rows]


@pytest.mark.parametrize("setting", SETTINGS, ids=repr)
@pytest.mark.parametrize("seed", range(5))
def test_l2_rows_have_length_one(setting, seed):
    rows = TfidfTransformer(**{**setting, "norm": "l2"}).fit_transform(setting_rows(setting, seed))
    for row in rows:
        if any(row.values()):
            assert abs(math.fsum(w * w for w in row.values()) - 1) <= 1e-12
        else:
            assert set(row.values()) <= {0.0}  # no term, or only counts of 0


@pytest.mark.parametrize("setting", SETTINGS, ids=repr)
@pytest.mark.parametrize("seed", range(5))
def test_transform_changes_neither_its_input_nor_the_idf(setting, seed):
    tfidf = TfidfTransformer(**setting).fit(setting_rows(setting, seed))
    fitted = copy.deepcopy(vars(tfidf))
    held_out = setting_rows(setting, seed + 100) + [{"never-seen": 2}]
    original = copy.deepcopy(held_out)
    weighted = tfidf.transform(held_out)
    assert held_out == original
    assert vars(tfidf) == fitted
    assert all(new is not old for new, old in zip(weighted, held_out))


@pytest.mark.parametrize("setting", SETTINGS, ids=repr)
@pytest.mark.parametrize("seed", range(5))
def test_each_weight_belongs_to_a_known_term_that_occurs(setting, seed):
    tfidf = TfidfTransformer(**setting).fit(setting_rows(setting, seed))
    held_out = setting_rows(setting, seed + 100)
    for counts, weights in zip(held_out, tfidf.transform(held_out)):
        assert list(weights) == [term for term in counts if term in tfidf.idf_]  # a count of 0 keeps its term
        for term, weight in weights.items():
            assert (weight > 0) if counts[term] > 0 else (weight == 0)  # sublinear tf is >= 1 for the counts it allows


@pytest.mark.parametrize("seed", range(5))
def test_the_order_of_the_rows_does_not_change_the_idf(seed):
    rows = random_rows(seed)
    shuffled = rows[:]
    random.Random(seed).shuffle(shuffled)
    assert TfidfTransformer().fit(rows).idf_ == TfidfTransformer().fit(shuffled).idf_


@pytest.mark.parametrize("seed", range(5))
def test_l2_rows_forget_the_length_of_the_document(seed):
    # Doubling every count doubles every weight, and the norm divides it out again.
    tfidf = TfidfTransformer().fit(random_rows(seed))
    for row in random_rows(seed + 100):
        doubled = {term: 2 * count for term, count in row.items()}
        assert rows_close(tfidf.transform([doubled])[0], tfidf.transform([row])[0], 1e-15)


# --- scikit-learn gives the same weights -------------------------------------------------

LITERAL_TEXTS = [
    "The cat sat on the mat. The mat was flat!",
    "Call now to claim your FREE prize, call now",
    "Zebras and unicorns were never in the training messages",
    "",
    "naïve Bayes, déjà vu: forty-two don't 42 42 42",
]


def sklearn_rows(matrix, vectorizer):
    """A scipy CSR matrix as a list of {term: weight} dicts (stored zeros left out)."""
    names = vectorizer.get_feature_names_out().tolist()
    rows = []
    for i in range(matrix.shape[0]):
        start, end = matrix.indptr[i], matrix.indptr[i + 1]
        rows.append(
            {names[j]: float(v) for j, v in zip(matrix.indices[start:end], matrix.data[start:end]) if v != 0}
        )
    return rows


def spam_split():
    texts, labels = load_spam()
    return train_test_split(texts, labels, test_size=0.3, random_state=1)


@pytest.mark.parametrize("setting", SETTINGS, ids=repr)
def test_weights_match_scikit_learns_tfidf_vectorizer(setting):
    sklearn_text = pytest.importorskip("sklearn.feature_extraction.text")
    train_texts, test_texts, _, _ = spam_split()
    theirs = sklearn_text.TfidfVectorizer(**setting)
    their_train = sklearn_rows(theirs.fit_transform(train_texts), theirs)
    their_test = sklearn_rows(theirs.transform(test_texts + LITERAL_TEXTS), theirs)

    bag = BagOfWords(tokenizer=Tokenizer(pattern=SKLEARN_PATTERN))
    tfidf = TfidfTransformer(**setting)
    our_train = tfidf.fit_transform(bag.fit_transform(train_texts))
    our_test = tfidf.transform(bag.transform(test_texts + LITERAL_TEXTS))

    assert bag.vocabulary_ == {term: int(j) for term, j in theirs.vocabulary_.items()}
    assert list(tfidf.idf_) == list(bag.vocabulary_)  # both alphabetical
    assert max(abs(tfidf.idf_[term] - theirs.idf_[j]) for term, j in bag.vocabulary_.items()) <= 1e-12
    assert len(our_train) == len(their_train) and len(our_test) == len(their_test)
    for ours, their in zip(our_train + our_test, their_train + their_test):
        assert set(ours) == set(their)
        assert all(abs(ours[term] - their[term]) <= 1e-12 for term in their)
    assert our_test[-2] == their_test[-2] == {}  # the empty text


def test_weights_match_on_the_whole_spam_corpus_and_literal_texts():
    sklearn_text = pytest.importorskip("sklearn.feature_extraction.text")
    texts, _ = load_spam()
    for corpus in (texts, LITERAL_TEXTS):
        theirs = sklearn_text.TfidfVectorizer()
        their_rows = sklearn_rows(theirs.fit_transform(corpus), theirs)
        bag = BagOfWords(tokenizer=Tokenizer(pattern=SKLEARN_PATTERN))
        our_rows = TfidfTransformer().fit_transform(bag.fit_transform(corpus))
        assert len(our_rows) == len(their_rows) == len(corpus)
        for ours, their in zip(our_rows, their_rows):
            assert rows_close(ours, their, 1e-12)


def test_multinomial_nb_on_tfidf_rows_predicts_what_scikit_learn_predicts():
    sklearn_text = pytest.importorskip("sklearn.feature_extraction.text")
    sklearn_nb = pytest.importorskip("sklearn.naive_bayes")
    train_texts, test_texts, train_labels, _ = spam_split()
    vectorizer = sklearn_text.TfidfVectorizer()
    X_train, X_test = vectorizer.fit_transform(train_texts), vectorizer.transform(test_texts)
    theirs = sklearn_nb.MultinomialNB(alpha=0.01).fit(X_train, train_labels)

    bag = BagOfWords(tokenizer=Tokenizer(pattern=SKLEARN_PATTERN))
    tfidf = TfidfTransformer()
    train_rows = tfidf.fit_transform(bag.fit_transform(train_texts))
    test_rows = tfidf.transform(bag.transform(test_texts))
    ours = MultinomialNB(alpha=0.01).fit(train_rows, train_labels)

    assert ours.classes_ == theirs.classes_.tolist()
    assert ours.predict(test_rows) == theirs.predict(X_test).tolist()
    worst = max(
        abs(mine[label] - their_row[k])
        for mine, their_row in zip(ours.predict_proba(test_rows), theirs.predict_proba(X_test))
        for k, label in enumerate(ours.classes_)
    )
    assert worst < 1e-9


# --- settings and failed calls (issue 19) -----------------------------------------------


@pytest.mark.parametrize("setting", ["smooth_idf", "sublinear_tf"])
@pytest.mark.parametrize("flag", ["no", 0, 1, None])
def test_flags_must_be_true_or_false(setting, flag):
    with pytest.raises(TypeError, match=f"{setting} must be True or False"):
        TfidfTransformer(**{setting: flag})


def test_a_norm_that_cannot_be_hashed_is_refused():
    with pytest.raises(ValueError, match="norm must be"):
        TfidfTransformer(norm=["l2"])


def test_a_fit_transform_that_fails_leaves_an_unfitted_transformer_unfitted():
    tfidf = TfidfTransformer(norm=None)
    before = copy.deepcopy(vars(tfidf))
    with pytest.raises(ValueError, match="larger than the largest float"):
        tfidf.fit_transform([{"a": 1.7e308}, {"b": 1.0}])
    assert vars(tfidf) == before
    with pytest.raises(NotFittedError):
        tfidf.transform([{"a": 1}])


def test_a_fit_transform_that_fails_leaves_a_fitted_transformer_as_it_was(pets):
    pets.norm = None
    before = copy.deepcopy(vars(pets))
    with pytest.raises(ValueError, match="larger than the largest float"):
        pets.fit_transform([{"a": 1.7e308}, {"b": 1.0}])
    assert vars(pets) == before


def test_a_setting_assigned_after_construction_is_checked_at_the_next_call(pets):
    pets.sublinear_tf = "yes"
    with pytest.raises(TypeError, match="sublinear_tf must be True or False"):
        pets.transform([{"the": 1}])
    pets.sublinear_tf = False
    pets.norm = "l1"
    with pytest.raises(ValueError, match="norm must be"):
        pets.transform([{"the": 1}])
