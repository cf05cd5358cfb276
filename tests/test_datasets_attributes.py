"""The loaders' results answer the names the lecture notes read: data, target, target_names, DESCR.

The notes load 20 Newsgroups and iris with scikit-learn and read ``.data``,
``.target`` and ``.target_names``; ``.target`` there holds ints, positions in
``.target_names``.  These tests check that meaning by hand on the shipped
sets, and on the real archive against the numbers scikit-learn's own tutorial
prints for the four newsgroups of "Lecture 8: Naive Bayes" (Cornell Tech).
"""

import os
import pickle
from pathlib import Path

import pytest

from naivebayes.datasets import load_20newsgroups, load_china, load_play_tennis, load_spam
from naivebayes.datasets.newsgroups import Newsgroups
from naivebayes.datasets.shipped import ChinaExample, PlayTennis, SpamMessages

REAL_ARCHIVE = Path(
    os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE")
    or Path(__file__).resolve().parents[2] / "shared" / "data" / "20news-bydate.tar.gz"
)


def test_china_target_by_hand():
    china = load_china()
    documents, labels, test_document = china  # still unpacks as before
    assert china.target_names == ["china", "japan"]
    assert china.target == [0, 0, 0, 1]  # three china, then japan
    assert china.data is china.documents is documents
    assert test_document == "Chinese Chinese Chinese Tokyo Japan"
    assert "Manning" in china.DESCR
    assert isinstance(china, ChinaExample) and china == (documents, labels, test_document)


def test_spam_target_counts_positions_in_the_sorted_names():
    spam = load_spam()
    texts, labels = spam
    assert isinstance(spam, SpamMessages) and spam.data is texts
    assert spam.target_names == ["ham", "spam"]
    assert spam.target.count(1) == labels.count("spam") and spam.target.count(0) == labels.count("ham")
    assert [spam.target_names[t] for t in spam.target] == labels
    assert "110" in spam.DESCR


def test_play_tennis_target_by_hand():
    tennis = load_play_tennis()
    rows, labels, test_row = tennis
    assert isinstance(tennis, PlayTennis) and tennis.data is rows
    assert tennis.target_names == ["no", "yes"]
    # Mitchell's table 3.2, D1 to D14: no no yes yes yes no yes no yes yes yes yes yes no
    assert tennis.target == [0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0]
    assert test_row["wind"] == "strong"


def test_newsgroups_target_is_a_position_in_label_names_not_the_label():
    data = Newsgroups(["a car", "a doctor", "another car"], ["rec.autos", "sci.med", "rec.autos"],
                      ["rec.autos", "sci.med"])
    assert data.target == [0, 1, 0]
    assert data.target != data.labels
    assert data.target_names is data.label_names and data.data is data.texts
    assert data.target is data.target  # worked out once
    assert "20 Newsgroups" in data.DESCR and "11,314" in data.DESCR


def test_target_names_follow_label_names_when_some_class_has_no_example():
    # label_names is what the loader was asked for; positions count in it, as in scikit-learn.
    data = Newsgroups(["a doctor"], ["sci.med"], ["rec.autos", "sci.med"])
    assert data.target == [1]


def test_an_unknown_attribute_lists_what_there_is():
    with pytest.raises(AttributeError) as error:
        load_spam().targets
    message = str(error.value)
    assert "'targets'" in message and "Did you mean 'target'?" in message
    for name in ("texts", "labels", "data", "target", "target_names", "DESCR"):
        assert name in message


def test_filenames_says_why_it_is_missing():
    with pytest.raises(AttributeError, match="scikit-learn's loaders have it; this one does not"):
        load_china().filenames
    assert not hasattr(load_china(), "__array__")  # numpy's probe gets a plain AttributeError


def test_short_repr_and_pickle_round_trip():
    spam = load_spam()
    assert repr(spam) == "SpamMessages(110 texts, 110 labels)"
    assert spam.target  # fill the cache, then pickle it with the tuple
    again = pickle.loads(pickle.dumps(spam))
    assert again == spam and again.target == spam.target and type(again) is SpamMessages
    assert spam._replace(labels=["spam"] * 110).target == [0] * 110  # a new tuple, a new target


@pytest.mark.skipif(not REAL_ARCHIVE.is_file(), reason="the 20news-bydate.tar.gz archive is not here")
def test_cornell_lecture_8_newsgroups_as_scikit_learn_gives_them():
    categories = ["alt.atheism", "soc.religion.christian", "comp.graphics", "sci.med"]
    train = load_20newsgroups("train", categories=categories, shuffle=True, random_state=42, archive=REAL_ARCHIVE)
    # The lecture's own output: the sorted names, 2,257 posts, post 3 about the church in Poland.
    assert train.target_names == ["alt.atheism", "comp.graphics", "sci.med", "soc.religion.christian"]
    assert len(train.data) == 2257
    assert train.data[3].startswith("From: s0612596@let.rug.nl (M.M. Zwart)")
    # scikit-learn's tutorial "Working with text data" prints twenty_train.target[:10] for these four groups.
    assert train.target[:10] == [1, 1, 3, 3, 3, 3, 3, 2, 2, 2]
    assert [train.target_names[t] for t in train.target] == train.labels
