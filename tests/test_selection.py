"""Choosing the vocabulary (docs/vocabulary-selection.md): document frequency and mutual information by hand."""

import math

import pytest

from naivebayes.core.information import mutual_information
from naivebayes.text.selection import VocabularySelector, document_frequency_of_rows, word_class_information

ROWS = [{"free": 1, "the": 2}, {"free": 3, "the": 1}, {"the": 1, "meeting": 1}, {"the": 2, "free": 0}]
LABELS = ["spam", "spam", "ham", "ham"]


def test_eq_selection_document_frequency_counts_rows_not_occurrences():
    assert document_frequency_of_rows(ROWS) == {"free": 2, "the": 4, "meeting": 1}  # a count of 0 is no occurrence


def test_eq_selection_information_by_hand():
    sizes = {"spam": 2, "ham": 2}
    assert word_class_information({"spam": 2}, sizes) == pytest.approx(math.log(2))  # free: the class exactly
    assert word_class_information({"spam": 2, "ham": 2}, sizes) == 0.0  # the: in every document
    # meeting: 1/4 log 2 + 1/4 log(2/3) + 1/2 log(4/3) = 3/4 log(4/3)
    assert word_class_information({"ham": 1}, sizes) == pytest.approx(0.75 * math.log(4 / 3))


def test_the_information_agrees_with_the_core_mutual_information():
    sizes = {"a": 7, "b": 5, "c": 9}
    present = {"a": 3, "b": 5, "c": 1}
    pairs = {(label, f): (present[label] if f else sizes[label] - present[label]) for label in sizes for f in (0, 1)}
    assert word_class_information(present, sizes) == pytest.approx(mutual_information(pairs), rel=1e-12)


def test_the_selector_keeps_the_k_best_and_breaks_ties_by_word():
    by_information = VocabularySelector(2).fit(ROWS, LABELS)
    assert by_information.vocabulary_ == ["free", "meeting"]
    assert by_information.transform(ROWS) == [{"free": 1}, {"free": 3}, {"meeting": 1}, {"free": 0}]
    by_frequency = VocabularySelector(2, score="document_frequency").fit(ROWS)
    assert by_frequency.vocabulary_ == ["the", "free"]
    assert VocabularySelector(1, score="document_frequency").fit([{"b": 1}, {"a": 1}]).vocabulary_ == ["a"]  # a tie
    assert "2 words kept of 3" in repr(by_frequency)


def test_bad_input_gets_clear_errors():
    with pytest.raises(ValueError, match="k must be"):
        VocabularySelector(0)
    with pytest.raises(ValueError, match="score must be one of"):
        VocabularySelector(3, score="chi-square")
    with pytest.raises(ValueError, match="needs the labels"):
        VocabularySelector(3).fit(ROWS)
    with pytest.raises(ValueError, match="not been fitted"):
        VocabularySelector(3).transform(ROWS)
    with pytest.raises(ValueError):
        VocabularySelector(3).fit(ROWS, LABELS[:2])
