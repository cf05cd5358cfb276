"""Given the same {term: count} rows, our models predict what scikit-learn's do.

scikit-learn is not a dependency: these tests run only where it is installed.
The 20 Newsgroups test also needs the archive, found through the
``NAIVEBAYES_20NEWS_ARCHIVE`` environment variable or at
``../shared/data/20news-bydate.tar.gz``; without it the test is skipped.
"""

import os
import tarfile
from pathlib import Path

import pytest

from naivebayes import BernoulliNB, MultinomialNB, Tokenizer
from naivebayes.datasets import load_spam
from naivebayes.evaluation.split import train_test_split

sklearn_text = pytest.importorskip("sklearn.feature_extraction.text")
sklearn_nb = pytest.importorskip("sklearn.naive_bayes")

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = Path(os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE", ROOT.parent / "shared" / "data" / "20news-bydate.tar.gz"))
CATEGORIES = ["alt.atheism", "comp.graphics", "sci.med", "soc.religion.christian"]  # the four groups of Cornell Tech's Lecture 8


def rows_of(matrix, feature_names):
    """A scipy CSR matrix as a list of {term: count} dicts."""
    rows = []
    for i in range(matrix.shape[0]):
        start, end = matrix.indptr[i], matrix.indptr[i + 1]
        rows.append(
            {feature_names[j]: int(v) for j, v in zip(matrix.indices[start:end], matrix.data[start:end])}
        )
    return rows


def compare(train_texts, train_labels, test_texts, *, binary=False):
    vectorizer = sklearn_text.CountVectorizer(binary=binary)
    X_train = vectorizer.fit_transform(train_texts)
    X_test = vectorizer.transform(test_texts)
    names = vectorizer.get_feature_names_out().tolist()
    train_rows, test_rows = rows_of(X_train, names), rows_of(X_test, names)
    pairs = [(MultinomialNB(alpha=1.0), sklearn_nb.MultinomialNB(alpha=1.0)),
             (BernoulliNB(alpha=1.0), sklearn_nb.BernoulliNB(alpha=1.0))]  # fmt: skip
    for ours, theirs in pairs:
        ours.fit(train_rows, train_labels)
        theirs.fit(X_train, train_labels)
        assert ours.classes_ == theirs.classes_.tolist()
        assert ours.predict(test_rows) == theirs.predict(X_test).tolist()
        their_probabilities = theirs.predict_proba(X_test)
        worst = max(
            abs(mine[label] - their_row[k])
            for mine, their_row in zip(ours.predict_proba(test_rows), their_probabilities)
            for k, label in enumerate(ours.classes_)
        )
        assert worst < 1e-9, f"{type(ours).__name__}: probabilities differ by {worst}"


def test_the_spam_corpus_matches_scikit_learn():
    texts, labels = load_spam()
    train_texts, test_texts, train_labels, _ = train_test_split(texts, labels, test_size=0.3, random_state=1)
    compare(train_texts, train_labels, test_texts)


def test_our_tokenizer_feeds_the_same_counts_as_countvectorizer():
    texts, _ = load_spam()
    vectorizer = sklearn_text.CountVectorizer().fit(texts)
    analyzer = vectorizer.build_analyzer()
    ours = Tokenizer(pattern=r"(?u)\b\w\w+\b")
    assert all(ours(text) == analyzer(text) for text in texts)


def read_newsgroups(subset):
    texts, labels = [], []
    with tarfile.open(ARCHIVE, "r:gz") as archive:
        for member in archive:
            parts = member.name.split("/")
            if member.isfile() and len(parts) == 3 and parts[0] == f"20news-bydate-{subset}" and parts[1] in CATEGORIES:
                texts.append(archive.extractfile(member).read().decode("latin-1"))
                labels.append(parts[1])
    return texts, labels


@pytest.mark.skipif(not ARCHIVE.exists(), reason="the 20 Newsgroups archive is not here")
def test_four_newsgroups_match_scikit_learn():
    train_texts, train_labels = read_newsgroups("train")
    test_texts, _ = read_newsgroups("test")
    assert len(train_texts) == 2257  # Cornell Tech's Lecture 8 training set
    compare(train_texts, train_labels, test_texts)
