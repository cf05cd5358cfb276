"""Chi-square and expected mutual information (Introduction to Information Retrieval, 13.5), selection by them,
pairwise odds ratios and NLTK's display of the most informative features."""

import io
import math
import random
from contextlib import redirect_stdout
from fractions import Fraction

import pytest

from naivebayes.core.information import mutual_information
from naivebayes.text.selection import (
    VocabularySelector,
    chi_square,
    combined_class_score,
    expected_mutual_information,
    word_class_information,
)

# The book's worked example: the word "export" and the class "poultry" in Reuters-RCV1.
EXPORT_POULTRY = (49, 27_652, 141, 774_106)  # N11, N10, N01, N00


def cells(n11, n10, n01, n00):
    """{(e_t, e_c): N}: the 2 x 2 table as the core mutual information takes it."""
    return {(1, 1): n11, (1, 0): n10, (0, 1): n01, (0, 0): n00}


def chi_square_by_cells(n11, n10, n01, n00):
    """The definition: the sum over the four cells of (N - E)^2 / E, with E = N_i. N_.j / N, exactly."""
    table = cells(n11, n10, n01, n00)
    n = sum(table.values())
    rows = {i: table[i, 1] + table[i, 0] for i in (0, 1)}
    columns = {j: table[1, j] + table[0, j] for j in (0, 1)}
    total = Fraction(0)
    for (i, j), observed in table.items():
        expected = Fraction(rows[i] * columns[j], n)
        total += (observed - expected) ** 2 / expected
    return total


def test_eq_chi_square_the_books_worked_example():
    value = chi_square(*EXPORT_POULTRY)
    assert type(value) is Fraction
    assert value == chi_square_by_cells(*EXPORT_POULTRY)  # the one-fraction form is the sum over the cells
    assert round(value) == 284  # the book: "we get a value of 284"
    assert float(value) == pytest.approx(284.2863183, abs=1e-7)


def test_eq_chi_square_small_tables_by_hand():
    assert chi_square(2, 0, 0, 2) == 4  # the word is the class: N (N11 N00)^2 / (2 2 2 2) = 4 * 16 / 16
    assert chi_square(1, 1, 1, 1) == 0  # the word is spread evenly
    assert chi_square(1, 0, 1, 2) == Fraction(4, 3)  # 4 (2 - 0)^2 / (2 * 1 * 2 * 3)
    assert chi_square(0, 0, 3, 5) == 0  # the word is in no document: 0/0 taken as 0
    assert chi_square(2, 3, 0, 0) == 0  # ... or in every one
    assert type(chi_square(1.0, 0, 1, 2)) is float


def test_eq_expected_mutual_information_the_books_worked_example():
    value = expected_mutual_information(*EXPORT_POULTRY)
    assert value == pytest.approx(0.0001105, abs=5e-8)  # the book: I(U; C) ~ 0.0001105
    assert value == pytest.approx(0.000110535586, rel=1e-9)


def test_eq_expected_mutual_information_small_tables_by_hand():
    assert expected_mutual_information(2, 0, 0, 2) == pytest.approx(1.0)  # one bit: the word is the class
    assert expected_mutual_information(1, 1, 1, 1) == 0.0
    assert expected_mutual_information(0, 0, 3, 5) == 0.0
    # N11 = 1, N10 = 0, N01 = 1, N00 = 2: 1/4 log2 2 + 1/4 log2(2/3) + 1/2 log2(4/3) = 3/4 log2(4/3)
    assert expected_mutual_information(1, 0, 1, 2) == pytest.approx(0.75 * math.log2(4 / 3), rel=1e-12)


def random_tables(count, seed):
    generator = random.Random(seed)
    return [tuple(generator.randint(1, 60) for _ in range(4)) for _ in range(count)]


def test_expected_mutual_information_is_the_core_mutual_information_in_bits():
    for table in random_tables(50, 1) + [EXPORT_POULTRY]:
        in_nats = mutual_information(cells(*table))
        assert expected_mutual_information(*table) == pytest.approx(in_nats / math.log(2), rel=1e-10, abs=1e-15)


def test_with_two_classes_each_class_scores_alike_and_the_information_is_mcCallum_and_nigams():
    sizes = {"spam": 9, "ham": 14}
    present = {"spam": 6, "ham": 2}  # N_ct
    spam = (6, 2, 3, 12)  # the word against spam: N11, N10, N01, N00
    ham = (2, 6, 12, 3)  # ... against ham
    assert chi_square(*spam) == chi_square(*ham)
    assert expected_mutual_information(*spam) == pytest.approx(expected_mutual_information(*ham), rel=1e-12)
    assert expected_mutual_information(*spam) == pytest.approx(word_class_information(present, sizes) / math.log(2))


def test_chi_square_agrees_with_scipy():
    scipy_stats = pytest.importorskip("scipy.stats")
    for table in random_tables(50, 2) + [EXPORT_POULTRY]:
        n11, n10, n01, n00 = table
        statistic = scipy_stats.chi2_contingency([[n11, n10], [n01, n00]], correction=False)[0]
        assert float(chi_square(*table)) == pytest.approx(statistic, rel=1e-10)


def presence_rows(seed, n_rows=40, n_words=6):
    """Random 0/1 rows over words w0..w5 and two classes, as lists and as {word: count} dicts."""
    generator = random.Random(seed)
    matrix = [[generator.randint(0, 1) for _ in range(n_words)] for _ in range(n_rows)]
    labels = [generator.choice("ab") for _ in range(n_rows)]
    return matrix, labels


def test_expected_mutual_information_agrees_with_scikit_learns_mutual_info_score_in_nats():
    metrics = pytest.importorskip("sklearn.metrics")
    matrix, labels = presence_rows(3)
    for column in range(len(matrix[0])):
        present = [row[column] for row in matrix]
        in_class = [int(label == "a") for label in labels]
        table = [sum(1 for p, c in zip(present, in_class) if (p, c) == cell) for cell in ((1, 1), (1, 0), (0, 1), (0, 0))]
        in_nats = metrics.mutual_info_score(in_class, present)
        assert expected_mutual_information(*table) == pytest.approx(in_nats / math.log(2), rel=1e-9, abs=1e-15)


def test_scikit_learns_chi2_is_the_present_row_only():
    # scikit-learn's chi2(X, y) sums (O - E)^2 / E over the classes of the column sums of X only: for
    # 0/1 rows that is the "contains t" row of the table, and the whole 2 x 2 statistic is that
    # times N / (N - N_t).  On counts it compares term frequencies, which the book's table does not.
    feature_selection = pytest.importorskip("sklearn.feature_selection")
    matrix, labels = presence_rows(4)
    theirs = feature_selection.chi2(matrix, labels)[0]
    n = len(matrix)
    for column, statistic in enumerate(theirs):
        present = [row[column] for row in matrix]
        n11 = sum(1 for p, label in zip(present, labels) if p and label == "a")
        n_t, n_c = sum(present), labels.count("a")
        ours = chi_square(n11, n_t - n11, n_c - n11, n - n_t - n_c + n11)
        assert float(ours) == pytest.approx(statistic * n / (n - n_t), rel=1e-10)
    counts = [[value * (1 + column % 3) for column, value in enumerate(row)] for row in matrix]  # term counts
    theirs_on_counts = feature_selection.chi2(counts, labels)[0]
    for column, statistic in enumerate(theirs_on_counts):
        observed = {c: sum(row[column] for row, label in zip(counts, labels) if label == c) for c in "ab"}
        total = sum(observed.values())
        expected = {c: total * labels.count(c) / n for c in "ab"}
        assert statistic == pytest.approx(sum((observed[c] - expected[c]) ** 2 / expected[c] for c in "ab"), rel=1e-10)


def test_eq_selection_combined_max_and_average():
    assert combined_class_score([4, Fraction(4, 9), Fraction(4, 3)]) == 4
    assert combined_class_score([4.0, 4 / 9, 4 / 3], "average") == pytest.approx(52 / 27)
    assert combined_class_score([0.5], "average") == 0.5


# Four documents of three classes: x only in class a, y in b and c, w twice in c.
ROWS = [{"x": 1}, {"y": 1}, {"y": 2, "w": 1}, {"w": 3}]
LABELS = ["a", "b", "c", "c"]


def test_the_selector_scores_each_word_against_each_class_by_hand():
    selector = VocabularySelector(3, score="chi2").fit(ROWS, LABELS)
    # x against a: (1, 0, 0, 3) -> 4 * 3^2 / (1 * 1 * 3 * 3) = 4; against b: (0, 1, 1, 2) -> 4/9; against c: (0, 1, 2, 1) -> 4/3
    assert selector.class_scores_["a"]["x"] == pytest.approx(4)
    assert selector.class_scores_["b"]["x"] == pytest.approx(4 / 9)
    assert selector.class_scores_["c"]["x"] == pytest.approx(4 / 3)
    assert selector.class_scores_["c"]["y"] == 0.0  # (1, 1, 1, 1)
    assert selector.class_scores_["c"]["w"] == pytest.approx(4)  # (2, 0, 0, 2)
    assert selector.scores_ == pytest.approx({"x": 4, "y": 4 / 3, "w": 4})  # the largest per word
    assert selector.vocabulary_ == ["w", "x", "y"]  # w and x tie at 4: by the word
    average = VocabularySelector(2, score="chi2", combine="average").fit(ROWS, LABELS)
    assert average.scores_ == pytest.approx({"x": 52 / 27, "y": 8 / 9, "w": 20 / 9})
    assert average.vocabulary_ == ["w", "x"]
    for_a = VocabularySelector(1, score="chi2", for_class="a").fit(ROWS, LABELS)
    assert for_a.vocabulary_ == ["x"] and for_a.transform(ROWS) == [{"x": 1}, {}, {}, {}]
    assert repr(for_a) == "VocabularySelector(k=1, score='chi2', for_class='a'): 1 words kept of 3"


def test_the_selector_by_expected_mutual_information():
    selector = VocabularySelector(1, score="expected_mutual_information", for_class="c").fit(ROWS, LABELS)
    assert selector.vocabulary_ == ["w"]  # w is class c exactly: one bit
    assert selector.scores_["w"] == pytest.approx(1.0)
    assert selector.scores_["y"] == 0.0
    two = VocabularySelector(2, score="expected_mutual_information").fit(ROWS[:2] + ROWS[:2], ["a", "b", "a", "b"])
    assert two.scores_ == pytest.approx({"x": 1.0, "y": 1.0})


def test_the_selector_refuses_bad_settings_clearly():
    with pytest.raises(ValueError, match="combine must be one of"):
        VocabularySelector(2, score="chi2", combine="sum")
    with pytest.raises(ValueError, match="for_class='a' needs a score per class"):
        VocabularySelector(2, for_class="a")
    with pytest.raises(ValueError, match="not among the labels"):
        VocabularySelector(2, score="chi2", for_class="z").fit(ROWS, LABELS)
    with pytest.raises(ValueError, match="selecting by chi2 needs the labels"):
        VocabularySelector(2, score="chi2").fit(ROWS)


# -- Pairwise ratios between two chosen classes ---------------------------------------------------

from naivebayes import BernoulliNB, CategoricalNB, GaussianNB, MultinomialNB  # noqa: E402
from naivebayes.datasets import load_china  # noqa: E402
from naivebayes.inspect.informative import nltk_informative_features  # noqa: E402
from naivebayes.inspect.odds import odds_ratio, odds_ratios, pairwise_likelihood_ratio  # noqa: E402


def test_eq_pairwise_likelihood_ratio_by_hand():
    assert pairwise_likelihood_ratio(Fraction(2, 9), Fraction(1, 14)) == Fraction(28, 9)  # tokyo: japan against china
    assert pairwise_likelihood_ratio(Fraction(1, 14), Fraction(2, 9)) == Fraction(9, 28)
    assert pairwise_likelihood_ratio(0.5, 0) == math.inf
    assert pairwise_likelihood_ratio(0, 0) == 1


def test_eq_odds_ratio_by_hand():
    # p1 = 2/3, p2 = 1/5: odds 2 against odds 1/4, a ratio of 8
    assert odds_ratio(Fraction(2, 3), Fraction(1, 5)) == 8
    assert odds_ratio(Fraction(1, 2), Fraction(1, 2)) == 1
    assert odds_ratio(1, Fraction(1, 2)) == math.inf  # p1 = 1: infinite odds
    assert odds_ratio(0, 0) == 1
    assert odds_ratio(0.25, 0.5) == pytest.approx(1 / 3)


def china(model_class, **settings):
    documents, labels, _ = load_china()
    return model_class(**settings).fit(documents, labels)


def test_odds_ratios_of_the_multinomial_china_model():
    model = china(MultinomialNB)
    top = odds_ratios(model, "japan", "china", top=3)
    # P(w | japan) over 9 tokens + 6 words, P(w | china) over 8 + 6: japan and tokyo (1+1)/9 against 1/14
    assert [(r.feature, r.ratio) for r in top] == [
        ("japan", Fraction(28, 9)), ("tokyo", Fraction(28, 9)), ("beijing", Fraction(7, 9)),
    ]
    assert (top[0].p_label, top[0].p_versus) == (Fraction(2, 9), Fraction(1, 14))
    assert str(top[0]) == "               japan japan : china = 3.1 : 1"
    assert top.to_text().splitlines()[0].split() == ["feature", "P(f", "|", "japan)", "P(f", "|", "china)", "likelihood", "ratio"]
    every = odds_ratios(model, "china", "japan", top=None)
    assert len(every) == 6 and every[0].feature == "chinese" and every[0].ratio == Fraction(27, 14)


def test_odds_ratios_of_the_bernoulli_model_both_kinds():
    model = china(BernoulliNB)
    # tokyo: p_japan = (1 + 1) / (1 + 2) = 2/3, p_china = (0 + 1) / (3 + 2) = 1/5
    likelihood = odds_ratios(model, "japan", "china", top=2)
    assert [(r.feature, r.ratio) for r in likelihood] == [("japan", Fraction(10, 3)), ("tokyo", Fraction(10, 3))]
    odds = odds_ratios(model, "japan", "china", top=2, kind="odds")
    assert [(r.feature, r.ratio) for r in odds] == [("japan", 8), ("tokyo", 8)]
    assert "odds ratio" in odds.to_text() and "<table" in odds._repr_html_()


def test_odds_ratios_of_a_categorical_model_read_feature_value_pairs():
    rows = [{"colour": "red"}, {"colour": "red"}, {"colour": "blue"}, {"colour": "blue"}, {"colour": "red"}]
    model = CategoricalNB().fit(rows, ["a", "a", "a", "b", "b"])
    # red: (2 + 1) / (3 + 2) = 3/5 in a, (1 + 1) / (2 + 2) = 1/2 in b
    top = odds_ratios(model, "a", "b", top=1)
    assert (top[0].feature, top[0].ratio) == (("colour", "red"), Fraction(6, 5))
    assert str(top[0]).strip() == "colour = 'red' a : b = 1.2 : 1"
    assert odds_ratios(model, "a", "b", top=1, kind="odds")[0].ratio == Fraction(3, 2)  # (3/5 / 2/5) / (1/2 / 1/2)


def test_odds_ratios_refuses_bad_input_clearly():
    model = china(MultinomialNB)
    with pytest.raises(KeyError, match="c2='korea' is not one of the model's classes"):
        odds_ratios(model, "china", "korea")
    with pytest.raises(ValueError, match="name two different classes"):
        odds_ratios(model, "china", "china")
    with pytest.raises(ValueError, match="kind='odds' needs"):
        odds_ratios(model, "china", "japan", kind="odds")
    with pytest.raises(ValueError, match="kind must be"):
        odds_ratios(model, "china", "japan", kind="log")
    with pytest.raises(ValueError, match="top must be"):
        odds_ratios(model, "china", "japan", top=0)
    with pytest.raises(TypeError, match="not a GaussianNB"):
        odds_ratios(GaussianNB().fit([[1.0], [2.0], [3.0], [4.0]], ["a", "a", "b", "b"]), "a", "b")
    with pytest.raises(ValueError, match="not been fitted"):
        odds_ratios(MultinomialNB(), "a", "b")


# -- NLTK's display ---------------------------------------------------------------------------------

NAMES = ["anna", "maria", "john", "peter", "mike", "lisa", "emma", "olivia", "noah", "liam", "sophia", "mia",
         "james", "lucas", "ella", "grace", "henry", "jack", "alice", "ben", "chloe", "david", "eva", "frank"]
FEMALE = {"anna", "maria", "lisa", "emma", "olivia", "sophia", "mia", "ella", "grace", "alice", "chloe", "eva"}


def name_rows():
    rows = [{"last_letter": name[-1], "first_letter": name[0], "long": len(name) > 4} for name in NAMES]
    return rows, ["female" if name in FEMALE else "male" for name in NAMES]


def printed(function, *arguments):
    out = io.StringIO()
    with redirect_stdout(out):
        function(*arguments)
    return out.getvalue()


def test_nltk_display_by_hand():
    rows = [{"last": value} for value in ("a", "a", "a", "e", "a", "k", "k", "e")]
    model = CategoricalNB(alpha=0.5).fit(rows, ["f"] * 4 + ["m"] * 4)
    # K = 3 values, so each class divides by 4 + 3/2: 'a' is (3 + 1/2) / 5.5 in f against (1 + 1/2) / 5.5 in m,
    # a ratio of 7/3; 'e' is 1.5 / 5.5 in both (1.0, the classes in NLTK's tie order); 'k' only m saw: not shown.
    assert printed(nltk_informative_features, model, 3).splitlines() == [
        "Most Informative Features",
        "                    last = 'a'                 f : m      =      2.3 : 1.0",
        "                    last = 'e'                 f : m      =      1.0 : 1.0",
    ]


def test_nltk_display_matches_nltks_own_printout():
    nltk = pytest.importorskip("nltk")
    rows, labels = name_rows()
    generator = random.Random(5)
    more_rows = [{"a": generator.choice("xyz"), "b": generator.randint(0, 3), "c": generator.random() < 0.3}
                 for _ in range(60)]
    more_labels = [generator.choice(["pos", "neg", "neutral"]) for _ in range(60)]
    for data_rows, data_labels, n in ((rows, labels, 12), (more_rows, more_labels, 30)):
        classifier = nltk.NaiveBayesClassifier.train(list(zip(data_rows, data_labels)))  # ELE: alpha = 1/2
        theirs = printed(classifier.show_most_informative_features, n)
        ours = printed(nltk_informative_features, CategoricalNB(alpha=0.5).fit(data_rows, data_labels), n)
        assert ours == theirs
        assert len(ours.splitlines()) > 3


def test_nltk_display_refuses_other_models():
    with pytest.raises(TypeError, match="for a text model use most_informative_features"):
        nltk_informative_features(china(MultinomialNB), 5)
    with pytest.raises(ValueError, match="n must be"):
        nltk_informative_features(CategoricalNB().fit(*name_rows()), 0)
