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
from naivebayes.exercises.checking import Reproduction

__all__ = []  # (the exercises call these; a user runs them through Exercise.check)


def in_china_model(model_class):
    """The run of ``model_class`` on the China example, P(china | the test document), as a ``Reproduction``."""
    return Reproduction(f"{model_class.__name__} on the China example gives P(china | test document) = {{value}}",
                        lambda: china_posterior(model_class), digits=4)


def in_spam_model(model_class):
    """The run of ``model_class`` on the shipped spam corpus, its test accuracy, as a ``Reproduction``."""
    return Reproduction(f"{model_class.__name__} on the shipped spam corpus gives a test accuracy of {{value}}",
                        lambda: spam_accuracy(model_class), digits=4)


def china_posterior(model_class, **settings):
    """P(china | the test document) from ``model_class(**settings)`` trained on the China example."""
    documents, labels, test_document = load_china()
    model = model_class(**settings).fit(documents, labels)
    return model.predict_proba([test_document])[0]["china"]


def spam_split():
    """The shipped spam messages, a stratified third held out (seed 0): train and test texts, train and test labels."""
    texts, labels = load_spam()
    return train_test_split(texts, labels, test_size=1 / 3, random_state=0, stratify=labels)


def spam_accuracy(model_class, **settings):
    """Accuracy on the shipped spam corpus's test third (``spam_split``)."""
    train_texts, test_texts, train_labels, test_labels = spam_split()
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


# -- the table exercises: categorical and Gaussian models, the full joint table, mutual information ----------

# The twenty records behind the truth table of "Lecture #7: Naïve Bayes": {(A, B, C): records}.
LECTURE_7_CELLS = {(0, 0, 0): 6, (0, 0, 1): 1, (0, 1, 0): 2, (0, 1, 1): 1,
                   (1, 0, 0): 1, (1, 0, 1): 2, (1, 1, 0): 5, (1, 1, 1): 2}


def play_tennis_posterior(model_class, label="yes", **settings):
    """P(label | Mitchell's test day) from ``model_class(**settings)`` trained on the 14 PlayTennis days."""
    from naivebayes.datasets.shipped import load_play_tennis

    rows, labels, test_row = load_play_tennis()
    return model_class(**settings).fit(rows, labels).posterior(test_row)[label]


def iris_sepal_statistic(table, species="setosa", feature="sepal_length", ddof=0):
    """``means_`` or ``variances_`` [species][feature] of GaussianNB(var_smoothing=0, ddof) on the exact sepals of all 150 flowers."""
    from naivebayes.naive_bayes.gaussian import GaussianNB

    sepals = load_iris(exact=True).select(["sepal_length", "sepal_width"])
    model = GaussianNB(var_smoothing=0, ddof=ddof).fit(sepals.rows, sepals.labels)
    return getattr(model, table)[species][feature]


def small_gaussian_posterior():
    """P(b | length 5) from GaussianNB(var_smoothing=0) on the lengths 1, 2, 4 (class a) and 6, 9 (class b)."""
    from naivebayes.naive_bayes.gaussian import GaussianNB

    rows = [{"length": n} for n in (1, 2, 4, 6, 9)]
    model = GaussianNB(var_smoothing=0).fit(rows, ["a", "a", "a", "b", "b"])
    return model.predict_proba([{"length": 5}])[0]["b"]


def truth_table_probability(assignment, given=None):
    """P(assignment), or P(assignment | given), from the JointTable of the lecture's twenty A, B, C records."""
    from naivebayes.other_models.joint import JointTable

    records = [dict(zip("ABC", cell)) for cell, n in LECTURE_7_CELLS.items() for _ in range(n)]
    table = JointTable.from_rows(records)
    return table.probability(assignment) if given is None else table.conditional(assignment, given=given)


def truth_table_parameters():
    """The free parameters of the JointTable of the lecture's twenty A, B, C records."""
    from naivebayes.other_models.joint import JointTable

    records = [dict(zip("ABC", cell)) for cell, n in LECTURE_7_CELLS.items() for _ in range(n)]
    return JointTable.from_rows(records).n_parameters


def play_tennis_parameters(column):
    """``joint_parameters`` or ``naive_parameters`` of ``overfitting_table`` on PlayTennis, all four features."""
    from naivebayes.datasets.shipped import load_play_tennis
    from naivebayes.inspect.overfitting import overfitting_table

    rows, labels, _ = load_play_tennis()
    features = ["outlook", "temperature", "humidity", "wind"]
    return overfitting_table(rows, labels, rows, labels, features)[-1][column]


def play_tennis_pair_information(pair=("outlook", "temperature")):
    """I(x_a; x_b | play), in nats, as TreeAugmentedNB weighs the pair on the 14 PlayTennis days."""
    from naivebayes.datasets.shipped import load_play_tennis
    from naivebayes.naive_bayes.tree_augmented import TreeAugmentedNB

    rows, labels, _ = load_play_tennis()
    return TreeAugmentedNB().fit(rows, labels).pair_weights_[pair]


def adult_missing():
    """None when NAIVEBAYES_ADULT_PATH names a folder with adult.data and adult.test, else how to give them."""
    folder = os.environ.get("NAIVEBAYES_ADULT_PATH")
    if folder and all(os.path.isfile(os.path.join(folder, name)) for name in ("adult.data", "adult.test")):
        return None
    return ("needs the UCI Adult census: set NAIVEBAYES_ADULT_PATH to a folder holding adult.data and "
            "adult.test (naivebayes.datasets.load_adult downloads them once)")


def adult_long_hours_income(given_sex="Male"):
    """P(income >50K | sex, hours-per-week > 40.5) from the joint table of all 48,842 Adult records."""
    from naivebayes.datasets.adult import load_adult
    from naivebayes.other_models.joint import JointTable

    census = load_adult("all", path=os.environ["NAIVEBAYES_ADULT_PATH"])
    records = [{"sex": row["sex"], "hours-per-week > 40.5": row["hours-per-week"] > 40.5, "income": label}
               for row, label in zip(census.rows, census.labels)]
    table = JointTable.from_rows(records)
    return table.conditional({"income": ">50K"}, given={"sex": given_sex, "hours-per-week > 40.5": True})
