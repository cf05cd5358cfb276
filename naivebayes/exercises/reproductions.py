"""The model runs an exercise reproduces with a student's function in it.

Each function here trains a real model and returns one number the notes or
the docs report.  ``Exercise.check`` runs it twice, once with the library's
function and once with the student's in its place, and compares.  The ones
on shipped data always run; the ones on 20 Newsgroups run when a copy of the
archive is on this machine, and otherwise say how to get it.
"""

import math
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

# -- the text models: exact posteriors, and Cornell Tech's Lecture 8 on 20 Newsgroups --------------

CORNELL_CATEGORIES = ["alt.atheism", "soc.religion.christian", "comp.graphics", "sci.med"]
CORNELL_FEATURES = 1000
CORNELL_CLIP = 1e-14  # the lecture clips psi_jk to [1e-14, 1 - 1e-14] before taking logarithms
_CORNELL_ROWS = {}  # the lecture's features, read once per process: no exercise's function makes them


def china_exact_posterior(model_class, **settings):
    """P(china | the test document) as an exact Fraction: ``posterior``, which multiplies ``joint_probability``'s products."""
    documents, labels, test_document = load_china()
    model = model_class(**settings).fit(documents, labels)
    return model.posterior(test_document)["china"]


def cornell_training_rows():
    """The 2,257 training posts of the lecture's four groups as sets of its 1,000 binary features, and their labels.

    As the companion lectures/cornell_lecture_8_bernoulli.py builds them:
    shuffled with seed 42, scikit-learn's token pattern, the 1,000 words in
    the most posts (ties go alphabetically, so one post more comes out right
    than in the lecture).
    """
    if not _CORNELL_ROWS:
        from naivebayes.datasets.newsgroups import load_20newsgroups
        from naivebayes.text.bag_of_words import BagOfWords
        from naivebayes.text.tokenize import SKLEARN_PATTERN, Tokenizer

        train = load_20newsgroups(subset="train", categories=CORNELL_CATEGORIES, shuffle=True, random_state=42,
                                  archive=os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE"))
        vectorizer = BagOfWords(tokenizer=Tokenizer(pattern=SKLEARN_PATTERN), binary=True,
                                max_features=CORNELL_FEATURES)
        _CORNELL_ROWS["rows"] = vectorizer.fit_transform(train.texts)
        _CORNELL_ROWS["labels"] = list(train.labels)
    return _CORNELL_ROWS["rows"], _CORNELL_ROWS["labels"]


def cornell_clipped_accuracy():
    """Training accuracy of the lecture's classifier: BernoulliNB(alpha=0)'s psi_jk, clipped, then the argmax.

    The lecture keeps the unsmoothed psi_jk = n_jk / n_k (``likelihood`` of
    a model with alpha = 0), clips them to [1e-14, 1 - 1e-14], and predicts
    argmax_k log phi_k + sum_j x_j log psi_jk + (1 - x_j) log(1 - psi_jk).
    The sum starts from the post with no words and adds, for each word the
    post contains, log psi_jk - log(1 - psi_jk).  Returns a Fraction.
    """
    from fractions import Fraction

    from naivebayes.naive_bayes.bernoulli import BernoulliNB

    rows, labels = cornell_training_rows()
    model = BernoulliNB(alpha=0).fit(rows, labels)
    empty, swap = {}, {}
    for label in model.classes_:
        psis = {word: min(max(float(model.likelihood(word, label)), CORNELL_CLIP), 1 - CORNELL_CLIP)
                for word in model.vocabulary_}
        empty[label] = math.log(model.prior(label)) + math.fsum(math.log(1 - p) for p in psis.values())
        swap[label] = {word: math.log(p) - math.log(1 - p) for word, p in psis.items()}
    correct = 0
    for row, label in zip(rows, labels):
        present = [word for word, value in row.items() if value]
        scores = {c: empty[c] + math.fsum(swap[c][word] for word in present if word in swap[c]) for c in model.classes_}
        correct += max(model.classes_, key=scores.__getitem__) == label
    return Fraction(correct, len(labels))


def cornell_laplace_accuracy():
    """Training accuracy of BernoulliNB (Laplace, alpha = 1) on the lecture's features: its predict path."""
    from naivebayes.naive_bayes.bernoulli import BernoulliNB

    rows, labels = cornell_training_rows()
    return BernoulliNB(alpha=1).fit(rows, labels).score(rows, labels)
