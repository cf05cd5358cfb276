"""Small data sets that ship with the package, so every example runs offline.

* ``load_china()`` -- the four-document "China" example that textbooks use to
  work multinomial and Bernoulli naive Bayes by hand (Manning, Raghavan and
  Schuetze, *Introduction to Information Retrieval*, 2008, chapter 13).
* ``load_spam()`` -- a small spam/ham corpus of short messages written for
  this library (not real e-mail), for the demo and the lecture companions.

One larger corpus is read from its public archive (downloaded once, or a
local copy you pass in), see ``naivebayes/datasets/newsgroups.py``:

* ``load_20newsgroups()`` -- the 20 Newsgroups "bydate" split, 18,846 Usenet
  posts in the order scikit-learn's ``fetch_20newsgroups`` gives them.

>>> documents, labels, test_document = load_china()
>>> labels
['china', 'china', 'china', 'japan']
>>> texts, labels = load_spam()
>>> len(texts), sorted(set(labels))
(110, ['ham', 'spam'])
"""

from importlib import resources

from naivebayes.datasets.newsgroups import load_20newsgroups

__all__ = ["load_china", "load_spam", "load_20newsgroups"]


def load_china():
    """The China example: (training documents, their labels, the test document).

    Three training documents are about China and one about Japan; the test
    document mentions "Chinese" three times and Tokyo and Japan once each.
    """
    documents = [
        "Chinese Beijing Chinese",
        "Chinese Chinese Shanghai",
        "Chinese Macao",
        "Tokyo Japan Chinese",
    ]
    labels = ["china", "china", "china", "japan"]
    test_document = "Chinese Chinese Chinese Tokyo Japan"
    return documents, labels, test_document


def load_spam():
    """A small corpus of short messages: (texts, labels), labels "spam" or "ham".

    Read from ``naivebayes/datasets/data/spam.tsv``: one message a line, the
    label, a tab, then the text.
    """
    text = resources.files(__package__).joinpath("data", "spam.tsv").read_text(encoding="utf-8")
    texts, labels = [], []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        label, message = line.split("\t", 1)
        labels.append(label)
        texts.append(message)
    return texts, labels
