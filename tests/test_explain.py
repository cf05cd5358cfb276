"""Explanations as data, their printers, and the most informative features."""

import math
from fractions import Fraction

import pytest

from naivebayes import BernoulliNB, MultinomialNB, most_informative_features
from naivebayes.datasets import load_china
from naivebayes.inspect.informative import likelihood_ratio

DOCUMENTS, LABELS, TEST_DOCUMENT = load_china()


def test_eq_likelihood_ratio_on_the_china_example():
    # P(tokyo | japan) = 2/9 and P(tokyo | china) = 1/14, so tokyo is 28/9 times likelier in japan.
    assert likelihood_ratio({"china": Fraction(1, 14), "japan": Fraction(2, 9)}) == (Fraction(28, 9), "japan", "china")
    assert likelihood_ratio({"a": 0, "b": Fraction(1, 2)}) == (math.inf, "b", "a")  # not dropped
    assert likelihood_ratio({"a": 0, "b": 0}) == (1, "a", "a")


def test_most_informative_features_are_exact_and_ordered():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    top = most_informative_features(model, 3)
    assert [(f.feature, f.label, f.versus, f.ratio) for f in top] == [
        ("japan", "japan", "china", Fraction(28, 9)),  # tied with tokyo: alphabetical order
        ("tokyo", "japan", "china", Fraction(28, 9)),
        ("chinese", "china", "japan", Fraction(27, 14)),  # (3/7) / (2/9)
    ]
    assert "japan : china = 3.1 : 1" in str(top[0])
    assert len(most_informative_features(model, 100)) == 6  # every word, none dropped


def test_most_informative_features_keep_zero_probabilities():
    model = MultinomialNB(alpha=0).fit(DOCUMENTS, LABELS)
    top = most_informative_features(model, 6)
    assert {f.feature for f in top if f.ratio == math.inf} == {"beijing", "shanghai", "macao", "tokyo", "japan"}
    assert len(top) == 6


def test_bernoulli_informative_features_use_presence_probabilities():
    model = BernoulliNB().fit(DOCUMENTS, LABELS)
    top = most_informative_features(model, 2)
    assert [(f.feature, f.ratio) for f in top] == [("japan", Fraction(10, 3)), ("tokyo", Fraction(10, 3))]


def test_explanation_holds_every_number():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    explanation = model.explain(TEST_DOCUMENT + " Osaka")
    assert explanation.prior == {"china": Fraction(3, 4), "japan": Fraction(1, 4)}
    assert explanation.ignored == {"osaka": "unseen"}
    words = [(term.feature, term.value, term.likelihood["china"]) for term in explanation.terms]
    assert words == [("chinese", 3, Fraction(3, 7)), ("tokyo", 1, Fraction(1, 14)), ("japan", 1, Fraction(1, 14))]
    # The rows add up to the joint log-likelihood, and it is the model's own.
    for label in model.classes_:
        total = explanation.log_prior[label] + math.fsum(term.log_term[label] for term in explanation.terms)
        assert total == explanation.joint[label]
    assert explanation.joint == model.joint_log_likelihood(TEST_DOCUMENT)
    assert explanation.posterior["china"] == pytest.approx(4782969 / 6934265, rel=1e-12)
    assert explanation.prediction == "china"


def test_bernoulli_explanation_sums_the_absent_words():
    model = BernoulliNB().fit(DOCUMENTS, LABELS)
    explanation = model.explain(TEST_DOCUMENT)
    absent = explanation.terms[-1]
    assert (absent.step, absent.feature, absent.likelihood) == ("absent", "3 words", None)  # beijing, shanghai, macao
    assert absent.log_term["china"] == pytest.approx(3 * math.log(3 / 5), abs=1e-12)
    for label in model.classes_:
        total = explanation.log_prior[label] + math.fsum(term.log_term[label] for term in explanation.terms)
        assert total == explanation.joint[label] == model.joint_log_likelihood(TEST_DOCUMENT)[label]


def test_text_and_markdown_show_the_same_rows():
    explanation = MultinomialNB().fit(DOCUMENTS, LABELS).explain(TEST_DOCUMENT)
    text, markdown = str(explanation), explanation.to_markdown()
    for row in explanation.rows():
        assert "| " + " | ".join(row) + " |" in markdown
        assert all(cell in text for cell in row)
    assert "3/7" in text and "-8.1077" in text and "prediction: china" in text
    assert markdown.splitlines()[2].startswith("|---|---|---:|")
    assert markdown.splitlines()[-1].startswith("| prediction | china |")


def test_explaining_a_dense_row_and_a_weighted_row():
    dense = MultinomialNB().fit([[2, 0], [0, 3]], ["a", "b"])
    assert [term.feature for term in dense.explain([1, 0]).terms] == [0]  # the zero column adds nothing
    weighted = MultinomialNB(alpha=0.5).fit([{"x": 0.5}, {"y": 1.25}], ["a", "b"])
    assert "0.5" in str(weighted.explain({"x": 0.5}))


def test_the_demo_runs_and_refuses_unknown_arguments(capsys):
    from naivebayes.__main__ import main

    main([])
    printed = capsys.readouterr().out
    assert "precision" in printed and "prediction: spam" in printed
    assert main(["no-such-model"]) == 2  # one line on the error stream: see tests/test_command_line.py
    assert "invalid choice: 'no-such-model'" in capsys.readouterr().err


def test_each_class_column_is_headed_with_what_it_holds():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    explanation = model.explain(TEST_DOCUMENT)
    assert explanation.holds == "probability"
    assert explanation.rows()[0][3:] == ["china: P", "log term", "japan: P", "log term"]
    explanation.holds = "weight"
    assert explanation.rows()[0][3:] == ["china: weight", "log term", "japan: weight", "log term"]
