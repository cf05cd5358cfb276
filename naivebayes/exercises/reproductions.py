"""The model runs an exercise reproduces with a student's function in it.

Each function here trains a real model and returns one number the notes or
the docs report.  ``Exercise.check`` runs it twice, once with the library's
function and once with the student's in its place, and compares.  The ones
on shipped data always run; the ones on 20 Newsgroups run when a copy of the
archive is on this machine, and otherwise say how to get it.
"""

import os

from naivebayes.datasets.shipped import load_china, load_iris, load_spam
from naivebayes.evaluation.split import train_test_split

__all__ = [
    "china_posterior",
    "spam_accuracy",
    "iris_accuracy",
    "newsgroups_archive_missing",
]


def china_posterior(model_class, **settings):
    """P(china | the test document) from ``model_class(**settings)`` trained on the China example."""
    documents, labels, test_document = load_china()
    model = model_class(**settings).fit(documents, labels)
    return model.predict_proba([test_document])[0]["china"]


def spam_accuracy(model_class, **settings):
    """Accuracy on the shipped spam corpus's test third (a stratified split, seed 0)."""
    texts, labels = load_spam()
    train_texts, test_texts, train_labels, test_labels = train_test_split(
        texts, labels, test_size=1 / 3, random_state=0, stratify=labels
    )
    model = model_class(**settings).fit(train_texts, train_labels)
    return model.score(test_texts, test_labels)


def iris_accuracy(model_class, **settings):
    """Training accuracy on all 150 iris flowers, four measurements each."""
    rows, labels, _ = load_iris()
    model = model_class(**settings).fit(rows, labels)
    return model.score(rows, labels)


def newsgroups_archive_missing():
    """None when a local 20 Newsgroups archive is known (NAIVEBAYES_20NEWS_ARCHIVE), else how to give one."""
    path = os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE")
    if path and os.path.isfile(path):
        return None
    return ("needs 20 Newsgroups: set NAIVEBAYES_20NEWS_ARCHIVE to a local 20news-bydate.tar.gz "
            "(naivebayes.datasets.load_20newsgroups downloads it once)")
