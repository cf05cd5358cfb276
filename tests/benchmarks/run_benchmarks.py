"""Time and memory of the library's pipelines against scikit-learn's, all measured in one run.

Run it from the repository root.  It is a script, not a test: the machines
are shared and noisy, so a timed unit test would fail at random.

    python tests/benchmarks/run_benchmarks.py                  # everything but NLTK (15 minutes on a quiet machine)
    python tests/benchmarks/run_benchmarks.py --quick          # 1 round, no scaling, no 1M run
    python tests/benchmarks/run_benchmarks.py --only multinomial,explain
    python tests/benchmarks/run_benchmarks.py --rounds 5 --nltk --json run.json --markdown run.md
    python tests/benchmarks/run_benchmarks.py --from-json run.json --markdown -   # print a saved run again

The sections (the names ``--only`` takes):

* ``multinomial``: load the 20 Newsgroups bydate train and test posts, fit
  ``MultinomialNB(alpha=1.0)`` with scikit-learn's tokens
  (``Tokenizer(pattern=SKLEARN_PATTERN)``), predict, score; against
  ``CountVectorizer`` + scikit-learn's ``MultinomialNB(alpha=1.0)`` on the same
  texts from the same loader.  The predictions must be identical.
* ``bernoulli``: the same with ``BernoulliNB``, against
  ``CountVectorizer(binary=True)`` + ``BernoulliNB(alpha=1.0)``.
* ``multinomial-packed``, ``bernoulli-packed``: the same task by the complete
  named fast route: ``fit_counting_in_c(model, texts, labels)``
  (naivebayes/fast/counting.py: the tables of ``fit``, each document's tokens
  counted into its class's table in C), then ``PackedScorer(model).predict``
  (naivebayes/fast/packed.py: one integer addition per token).
* ``tfidf``: the Pudding notes' setting: headers, footers and quotes removed,
  ``BagOfWords`` + ``TfidfTransformer`` + ``MultinomialNB(alpha=0.01)``
  (``fit`` and ``predict`` on the rows of weights: the default path) against
  ``TfidfVectorizer`` + ``MultinomialNB(alpha=0.01)``; macro-F1 equal.
* ``tfidf-fast``: the same with the named fast route, ``fit_tfidf`` and
  ``predict_tfidf`` (naivebayes/fast/tfidf.py).

scikit-learn's children (every child, in fact) run with ``OPENBLAS_CORETYPE``
and ``OPENBLAS_L2_SIZE`` unset, so that its numpy runs at full speed.
* ``adult-mixed``, ``adult-categorical``: the UCI Adult census, ``MixedNB`` on
  all 14 features and ``CategoricalNB`` on the 8 categorical ones, against
  ``pandas.read_csv`` + ``OrdinalEncoder`` + ``CategoricalNB`` (+ ``GaussianNB``
  on the numbers, the two joint log-likelihoods added).
* ``nltk`` (only with ``--nltk``, or named in ``--only``): NLTK's
  ``NaiveBayesClassifier`` on the multinomial task.  It takes minutes.
* ``explain``: ``joint_log_likelihood`` and ``explain`` of both text models,
  fitted on the training posts, for the shortest non-empty posts and the
  longest post of the corpus; the developers' bounds (printed in the console
  report, not in the docs tables) are < 0.2 s and < 1 s.
* ``million``: ``MultinomialNB`` on word unigrams and bigrams (about a
  million features), its peak memory at the end of counting and after the
  lookup tables are built; scikit-learn's ``CountVectorizer(ngram_range=(1, 2))``
  for reference.
* ``scaling``: ``MultinomialNB`` fit and predict on 25 % to 400 % of the
  training posts (200 % and 400 %: the posts repeated).

How it measures (docs/performance.md says the same, for readers of the page):

* **A fresh Python process per run**, so that the peak memory is the run's own.
* **Time from process start.**  The parent starts its clock just before it
  starts the child, and stops it when the child prints a line saying it has
  its score; start-up, imports, loading and everything else count, as they
  do for a student running a script.  The child times its own phases
  (import, load, tokenize+count or vectorize, fit, predict, score); start-up
  is the rest.
* **Memory.**  The peak is the child's high-water resident set size, read
  from ``/proc/self/status`` (``VmHWM``) on Linux, and ``ru_maxrss``
  elsewhere.  (On Linux ``ru_maxrss`` carries the parent's peak over into a
  child started with fork and exec, so a child smaller than its parent would
  report the parent's figure.)  "Added" is the peak minus the resident size
  the child had at its first line, before it imported anything.
* **Ratios, not seconds.**  Every round runs every pipeline once, in an
  order that rotates from round to round; each ratio is the median of the
  per-round ratios to the scikit-learn pipeline of the same kind, and each
  figure in seconds or MB the median over the rounds.
* **Imports apart.**  Children that only import (nothing; naivebayes; numpy,
  scipy and scikit-learn; pandas; NLTK) run in every round too, so the page
  can say how much of scikit-learn's time is its import.
* **This library tokenizes inside fit and predict.**  Its pipelines are timed
  as a student writes them; after the score (the clock has stopped) the child
  times the same tokenizer and ``count_tokens`` on the same texts, and the phase
  table moves that time from fit and predict to tokenize+count.
* **The end of counting.**  ``fit`` counts, then calls the model's
  ``_build_lookup_tables``; a subclass made here reads the memory just before
  and after that call (``MemoryAtTableBuild``), in the same process.
* **One library for the whole run.**  The run copies naivebayes/ once and
  every child imports the copy, so that the rounds measure the same code
  while others work on the checkout; the report names the commit and hashes
  the copy's files.
"""

import sys


def memory_mb():
    """(resident now, peak so far) of this process, in MB of 2**20 bytes.

    On Linux both come from /proc/self/status: VmRSS and VmHWM, the peak of
    this process's own memory.  ``ru_maxrss`` is not used there, because Linux
    keeps the parent's peak in it across fork and exec.  Elsewhere both are
    ``ru_maxrss`` (bytes on macOS, KB on the other systems).
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
        return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024
    except (OSError, KeyError, ValueError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        peak = peak / 2**20 if sys.platform == "darwin" else peak / 1024
        return peak, peak


# The child's resident size at its first line, before this script imports anything more:
# "added memory" is measured from here.
STARTUP_RSS_MB = memory_mb()[0]

import argparse  # noqa: E402
import datetime  # noqa: E402
import hashlib  # noqa: E402
import inspect  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import platform  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from importlib import metadata  # noqa: E402
from pathlib import Path  # noqa: E402

SCRIPT_START = time.perf_counter()

REPOSITORY = Path(__file__).resolve().parents[2]
SHARED_DATA = REPOSITORY.parent / "shared" / "data"
ARCHIVE_NAME = "20news-bydate.tar.gz"

SCORED = "run_benchmarks: scored"  # the line a child prints when it has its score

# The pipelines, and the scikit-learn pipeline each one is compared with.
BASELINE = {
    "multinomial": "sklearn-multinomial",
    "multinomial-packed": "sklearn-multinomial",
    "bernoulli": "sklearn-bernoulli",
    "bernoulli-packed": "sklearn-bernoulli",
    "tfidf": "sklearn-tfidf",
    "tfidf-fast": "sklearn-tfidf",
    "adult-mixed": "sklearn-adult-mixed",
    "adult-categorical": "sklearn-adult-categorical",
    "nltk": "sklearn-multinomial",
}
TEXT_KINDS = ("multinomial", "multinomial-packed", "bernoulli", "bernoulli-packed", "tfidf", "tfidf-fast")
COUNT_KINDS = ("multinomial", "multinomial-packed", "bernoulli", "bernoulli-packed")  # fit tokenizes and counts
ADULT_KINDS = ("adult-mixed", "adult-categorical")
SECTIONS = (*TEXT_KINDS, *ADULT_KINDS, "nltk", "explain", "million", "scaling")

DESCRIPTION = {
    "multinomial": "`MultinomialNB`, its own `predict` (this library, the default path)",
    "multinomial-packed": "`MultinomialNB` by `fit_counting_in_c` + `PackedScorer` (this library, the named fast route)",
    "sklearn-multinomial": "scikit-learn `CountVectorizer` + `MultinomialNB`",
    "bernoulli": "`BernoulliNB`, its own `predict` (this library, the default path)",
    "bernoulli-packed": "`BernoulliNB` by `fit_counting_in_c` + `PackedScorer` (this library, the named fast route)",
    "sklearn-bernoulli": "scikit-learn `CountVectorizer(binary=True)` + `BernoulliNB`",
    "tfidf": "`BagOfWords` + `TfidfTransformer` + `MultinomialNB` (this library, the default path)",
    "tfidf-fast": "`BagOfWords` + `TfidfTransformer` + `fit_tfidf`/`predict_tfidf` (this library, the named fast route)",
    "sklearn-tfidf": "scikit-learn `TfidfVectorizer` + `MultinomialNB`",
    "adult-mixed": "`MixedNB`, 14 features (this library)",
    "sklearn-adult-mixed": "scikit-learn `OrdinalEncoder` + `CategoricalNB` + `GaussianNB`",
    "adult-categorical": "`CategoricalNB`, 8 features (this library)",
    "sklearn-adult-categorical": "scikit-learn `OrdinalEncoder` + `CategoricalNB`",
    "nltk": "NLTK `NaiveBayesClassifier`",
}

# The children that only import, and what they import.
IMPORTS = {
    "python": [],
    "naivebayes": ["naivebayes", "naivebayes.datasets"],
    "sklearn-text": ["numpy", "scipy.sparse", "sklearn.feature_extraction.text", "sklearn.naive_bayes", "sklearn.metrics"],
    "sklearn-adult": ["numpy", "pandas", "sklearn.naive_bayes", "sklearn.preprocessing"],
    "nltk": ["nltk"],
}
IMPORT_DESCRIPTION = {
    "python": "Python alone (`python -c pass`)",
    "naivebayes": "`import naivebayes`",
    "sklearn-text": "numpy, scipy and scikit-learn (the text pipelines' imports)",
    "sklearn-adult": "numpy, pandas and scikit-learn (the Adult pipelines' imports)",
    "nltk": "`import nltk`",
}

# The phases of a pipeline, in order; a child times each, start-up is the rest of the total.
PHASES = ("start-up", "import", "load", "vectorize", "fit", "predict", "score")
PHASE_TITLE = {"vectorize": "tokenize+count / vectorize"}

SHORT_POSTS = 5  # explain: the shortest non-empty posts timed
CALLS = 5  # explain: calls per post; the median is kept
TARGET_SECONDS = {"short": 0.2, "longest": 1.0}
SCALES = (0.25, 0.5, 1.0, 2.0, 4.0)
SCALING_ROUNDS = 3


# ----------------------------------------------------------------------
# In a child: the phases, and the moment it has its score
# ----------------------------------------------------------------------


class Phases:
    """Seconds per named phase of one child, each phase timed from the end of the one before."""

    def __init__(self):
        self.seconds = {}
        self.last = time.perf_counter()

    def done(self, name):
        now = time.perf_counter()
        self.seconds[name] = self.seconds.get(name, 0.0) + now - self.last
        self.last = now


def scored(phases, **figures):
    """The child has its score: note its memory and tell the parent to stop its clock."""
    rss, peak = memory_mb()
    print(SCORED, flush=True)
    return {
        "phases": phases.seconds,
        "memory": {"start": STARTUP_RSS_MB, "peak": peak, "at_score": rss, "added": peak - STARTUP_RSS_MB},
        **figures,
    }


def load_newsgroups(archive, remove=()):
    """The bydate train and test posts, read by this library's loader (every pipeline uses it)."""
    from naivebayes.datasets import load_20newsgroups

    train = load_20newsgroups(subset="train", remove=remove, archive=archive)
    test = load_20newsgroups(subset="test", remove=remove, archive=archive)
    return train, test


# ----------------------------------------------------------------------
# The pipelines, each run in its own process
# ----------------------------------------------------------------------


def naivebayes_counts(kind, settings):
    """This library, as a student writes it: ``model.fit(texts, labels)`` tokenizes and counts each text.

    "multinomial" and "bernoulli" fit and predict with the model's own ``fit``
    and ``predict``, the default path; "-packed" asks for the named fast route
    for both: ``fit_counting_in_c(model, texts, labels)`` gives the model the
    tables of ``fit``, and ``PackedScorer(model)`` (built and used in the
    predict phase) predicts.
    """
    phases = Phases()
    from naivebayes import BernoulliNB, MultinomialNB, Tokenizer, accuracy, f1_score
    from naivebayes.fast import PackedScorer, fit_counting_in_c
    from naivebayes.text.tokenize import SKLEARN_PATTERN

    phases.done("import")
    train, test = load_newsgroups(settings["archive"])
    phases.done("load")
    tokenizer = Tokenizer(pattern=SKLEARN_PATTERN)
    model_class = MultinomialNB if kind.startswith("multinomial") else BernoulliNB
    if kind.endswith("-packed"):
        model = fit_counting_in_c(model_class(alpha=1.0, tokenizer=tokenizer), train.texts, train.labels)
    else:
        model = model_class(alpha=1.0, tokenizer=tokenizer).fit(train.texts, train.labels)
    phases.done("fit")
    if kind.endswith("-packed"):
        predictions = PackedScorer(model).predict(test.texts)
    else:
        predictions = model.predict(test.texts)
    phases.done("predict")
    correct = accuracy(test.labels, predictions)
    macro_f1 = f1_score(test.labels, predictions, average="macro")
    phases.done("score")
    result = scored(
        phases, accuracy=float(correct), macro_f1=float(macro_f1), predictions=predictions,
        vocabulary=len(model.vocabulary_), n_train=len(train.texts), n_test=len(test.texts),
    )
    # The parent's clock has stopped.  fit and predict tokenize (and, by default, count) inside
    # them; time that part alone, the same tokenizer (and count_tokens) on the same texts.  The
    # fast route never counts a document into a dict of its own: fit_counting_in_c counts its
    # tokens straight into the class's table, and PackedScorer adds a row per token.
    count = not kind.endswith("-packed")
    result["tokenize_train"] = time_tokenizing(tokenizer, train.texts, count)
    result["tokenize_test"] = time_tokenizing(tokenizer, test.texts, count)
    return result


def time_tokenizing(tokenizer, texts, count=True):
    """Seconds to turn every text into its tokens, and with ``count`` into a {token: count} dict (``count_tokens``)."""
    from naivebayes.text.documents import count_tokens

    start = time.perf_counter()
    if count:
        for text in texts:
            count_tokens(tokenizer(text))
    else:
        for text in texts:
            tokenizer(text)
    return time.perf_counter() - start


def naivebayes_tfidf(kind, settings):
    """The Pudding notes' pipeline with this library: BagOfWords, TfidfTransformer, MultinomialNB(alpha=0.01).

    "tfidf" is the default path, ``fit`` and ``predict`` on the rows of
    ``TfidfTransformer.transform``; "tfidf-fast" the named fast route,
    ``fit_tfidf`` and ``predict_tfidf``, which never build those rows.
    """
    phases = Phases()
    from naivebayes import BagOfWords, MultinomialNB, TfidfTransformer, Tokenizer, accuracy, f1_score
    from naivebayes.fast import fit_tfidf, predict_tfidf
    from naivebayes.text.tokenize import SKLEARN_PATTERN

    phases.done("import")
    train, test = load_newsgroups(settings["archive"], remove=("headers", "footers", "quotes"))
    phases.done("load")
    counter = BagOfWords(tokenizer=Tokenizer(pattern=SKLEARN_PATTERN))
    train_counts = counter.fit_transform(train.texts)
    weigher = TfidfTransformer().fit(train_counts)
    test_counts = counter.transform(test.texts)
    phases.done("vectorize")
    if kind == "tfidf-fast":
        # The same tables and classes as fit and predict on weigher.transform(...)'s rows,
        # without building those rows (docs/tfidf.md#the-fast-route).
        model = fit_tfidf(MultinomialNB(alpha=0.01), train_counts, train.labels, weigher)
        phases.done("fit")
        predictions = predict_tfidf(model, test_counts, weigher)
        phases.done("predict")
    else:  # the default path: the rows of weights, then fit and predict
        model = MultinomialNB(alpha=0.01).fit(weigher.transform(train_counts), train.labels)
        phases.done("fit")
        predictions = model.predict(weigher.transform(test_counts))
        phases.done("predict")
    correct = accuracy(test.labels, predictions)
    macro_f1 = f1_score(test.labels, predictions, average="macro")
    phases.done("score")
    return scored(
        phases, accuracy=float(correct), macro_f1=float(macro_f1), predictions=predictions,
        vocabulary=len(counter.vocabulary_), n_train=len(train.texts), n_test=len(test.texts),
    )


def sklearn_text(kind, settings):
    """scikit-learn's pipeline of the same kind, on the same texts from the same loader."""
    phases = Phases()
    import numpy  # noqa: F401  (imported by scikit-learn anyway; named so the import phase holds it)
    import scipy.sparse  # noqa: F401
    from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
    from sklearn.metrics import accuracy_score, f1_score
    from sklearn.naive_bayes import BernoulliNB, MultinomialNB

    import naivebayes.datasets  # noqa: F401  (the shared loader)

    phases.done("import")
    remove = ("headers", "footers", "quotes") if kind == "tfidf" else ()
    train, test = load_newsgroups(settings["archive"], remove=remove)
    phases.done("load")
    if kind == "multinomial":
        vectorizer, model = CountVectorizer(), MultinomialNB(alpha=1.0)
    elif kind == "bernoulli":
        vectorizer, model = CountVectorizer(binary=True), BernoulliNB(alpha=1.0)
    else:
        vectorizer, model = TfidfVectorizer(), MultinomialNB(alpha=0.01)
    X_train = vectorizer.fit_transform(train.texts)
    X_test = vectorizer.transform(test.texts)
    phases.done("vectorize")
    model.fit(X_train, train.labels)
    phases.done("fit")
    predictions = model.predict(X_test)
    phases.done("predict")
    correct = accuracy_score(test.labels, predictions)
    macro_f1 = f1_score(test.labels, predictions, average="macro")
    phases.done("score")
    return scored(
        phases, accuracy=float(correct), macro_f1=float(macro_f1), predictions=predictions.tolist(),
        vocabulary=len(vectorizer.vocabulary_), n_train=len(train.texts), n_test=len(test.texts),
    )


def nltk_text(settings):
    """NLTK's NaiveBayesClassifier with a {word: True} feature per distinct token of a post."""
    phases = Phases()
    import nltk

    from naivebayes import Tokenizer, accuracy, f1_score
    from naivebayes.text.tokenize import SKLEARN_PATTERN

    phases.done("import")
    train, test = load_newsgroups(settings["archive"])
    phases.done("load")
    tokenize = Tokenizer(pattern=SKLEARN_PATTERN)
    train_set = [(dict.fromkeys(tokenize(text), True), label) for text, label in zip(train.texts, train.labels)]
    test_features = [dict.fromkeys(tokenize(text), True) for text in test.texts]
    phases.done("vectorize")
    classifier = nltk.NaiveBayesClassifier.train(train_set)
    del train_set
    phases.done("fit")
    predictions = classifier.classify_many(test_features)
    phases.done("predict")
    correct = accuracy(test.labels, predictions)
    macro_f1 = f1_score(test.labels, predictions, average="macro")
    phases.done("score")
    return scored(
        phases, accuracy=float(correct), macro_f1=float(macro_f1), predictions=predictions,
        vocabulary=None, n_train=len(train.texts), n_test=len(test.texts),
    )


ADULT_CATEGORICAL = [
    "workclass", "education", "marital-status", "occupation", "relationship", "race", "sex", "native-country",
]
ADULT_NUMERIC = ["age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week"]
ADULT_COLUMNS = [
    "age", "workclass", "fnlwgt", "education", "education-num", "marital-status", "occupation",
    "relationship", "race", "sex", "capital-gain", "capital-loss", "hours-per-week", "native-country", "income",
]


def naivebayes_adult(kind, settings):
    """``load_adult``, then ``MixedNB`` on all 14 features or ``CategoricalNB`` on the 8 categorical ones."""
    phases = Phases()
    from naivebayes import CategoricalNB, MixedNB, accuracy
    from naivebayes.datasets import load_adult

    phases.done("import")
    train = load_adult("train", path=settings["adult"])
    test = load_adult("test", path=settings["adult"])
    phases.done("load")
    if kind == "adult-mixed":
        model = MixedNB()
        train_rows, test_rows = train.rows, test.rows
    else:
        model = CategoricalNB()
        train_rows = [{feature: row[feature] for feature in ADULT_CATEGORICAL} for row in train.rows]
        test_rows = [{feature: row[feature] for feature in ADULT_CATEGORICAL} for row in test.rows]
        phases.done("vectorize")
    model.fit(train_rows, train.labels)
    phases.done("fit")
    predictions = model.predict(test_rows)
    phases.done("predict")
    correct = accuracy(test.labels, predictions)
    phases.done("score")
    return scored(phases, accuracy=float(correct), n_train=len(train_rows), n_test=len(test_rows))


def sklearn_adult(kind, settings):
    """What a scikit-learn user writes: read_csv, OrdinalEncoder + CategoricalNB (+ GaussianNB on the numbers)."""
    phases = Phases()
    import numpy as np
    import pandas as pd
    from sklearn.naive_bayes import CategoricalNB, GaussianNB
    from sklearn.preprocessing import OrdinalEncoder

    phases.done("import")
    folder = settings["adult"]
    train = pd.read_csv(os.path.join(folder, "adult.data"), header=None, names=ADULT_COLUMNS, skipinitialspace=True)
    test = pd.read_csv(
        os.path.join(folder, "adult.test"), header=None, names=ADULT_COLUMNS, skipinitialspace=True, skiprows=1
    )
    y_train = train["income"].to_numpy()
    y_test = test["income"].str.rstrip(".").to_numpy()
    phases.done("load")
    encoder = OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1)
    X_train = encoder.fit_transform(train[ADULT_CATEGORICAL]).astype(int)
    X_test = encoder.transform(test[ADULT_CATEGORICAL]).astype(int)
    X_test[X_test < 0] = 0  # CategoricalNB cannot take an unseen category; a user must patch it somehow
    if kind == "adult-mixed":
        numbers_train, numbers_test = train[ADULT_NUMERIC].to_numpy(), test[ADULT_NUMERIC].to_numpy()
    phases.done("vectorize")
    categorical = CategoricalNB(min_categories=[len(c) for c in encoder.categories_]).fit(X_train, y_train)
    if kind == "adult-mixed":
        gaussian = GaussianNB().fit(numbers_train, y_train)
    phases.done("fit")
    if kind == "adult-categorical":
        predictions = categorical.predict(X_test)
    else:
        joint = (
            categorical.predict_joint_log_proba(X_test)
            + gaussian.predict_joint_log_proba(numbers_test)
            - np.log(gaussian.class_prior_)  # the prior, in both sums, counted once
        )
        predictions = categorical.classes_[joint.argmax(axis=1)]
    phases.done("predict")
    correct = (predictions == y_test).mean()
    phases.done("score")
    return scored(phases, accuracy=float(correct), n_train=len(y_train), n_test=len(y_test))


def run_pipeline(name, settings):
    """Run the pipeline called ``name`` in this process."""
    if name in COUNT_KINDS:
        return naivebayes_counts(name, settings)
    if name in ("tfidf", "tfidf-fast"):
        return naivebayes_tfidf(name, settings)
    if name in ADULT_KINDS:
        return naivebayes_adult(name, settings)
    if name == "nltk":
        return nltk_text(settings)
    kind = name.removeprefix("sklearn-")
    if kind in TEXT_KINDS:
        return sklearn_text(kind, settings)
    return sklearn_adult(kind, settings)


# ----------------------------------------------------------------------
# The other children: explain, a million features, scaling
# ----------------------------------------------------------------------


def median_seconds(call, argument, calls=CALLS):
    """The median time of ``calls`` calls of ``call(argument)``."""
    seconds = []
    for _ in range(calls):
        start = time.perf_counter()
        call(argument)
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def explain_child(kind, settings):
    """``joint_log_likelihood`` and ``explain`` of a text model fitted on the training posts.

    The posts: the ``SHORT_POSTS`` shortest with at least one token, and the
    longest, of the training and test posts together (tokens counted by the
    model's tokenizer).  For the short posts the slowest of their medians is
    kept.
    """
    from naivebayes import BernoulliNB, MultinomialNB, Tokenizer
    from naivebayes.text.tokenize import SKLEARN_PATTERN

    train, test = load_newsgroups(settings["archive"])
    tokenizer = Tokenizer(pattern=SKLEARN_PATTERN)
    model_class = MultinomialNB if kind == "multinomial" else BernoulliNB
    model = model_class(alpha=1.0, tokenizer=tokenizer).fit(train.texts, train.labels)
    texts = train.texts + test.texts
    by_length = sorted((len(tokenizer(text)), i) for i, text in enumerate(texts))
    nonempty = [(n, i) for n, i in by_length if n > 0]
    posts = {"short": nonempty[:SHORT_POSTS], "longest": nonempty[-1:]}
    figures = {
        "model": model_class.__name__,
        "vocabulary": len(model.vocabulary_),
        "count_entries": sum(len(table) for table in model.feature_counts_.values()),
        "corpus_tokens": sum(n for n, _ in by_length),
        "training_tokens": sum(len(tokenizer(text)) for text in train.texts),
    }
    for size, chosen in posts.items():
        figures[size] = {"tokens": [n for n, _ in chosen], "distinct": [len(set(tokenizer(texts[i]))) for _, i in chosen]}
        for method in ("joint_log_likelihood", "explain"):
            medians = [median_seconds(getattr(model, method), texts[i]) for _, i in chosen]
            figures[size][method] = max(medians)
    return figures


class MemoryAtTableBuild:
    """Record the memory just before and just after a text model builds its lookup tables.

    ``fit`` counts, then calls ``_build_lookup_tables`` (the step every model
    implements, see ``naivebayes/naive_bayes/base.py``), then keeps the tables.
    A subclass that records ``memory_mb()`` around that call measures, in the
    same process, the peak at the end of counting and the peak the tables add.
    """

    def __init__(self):
        self.before = self.after = None  # (resident, peak) in MB
        self.seconds = None

    def model_class(self, base):
        recorder = self

        class Recorded(base):
            def _build_lookup_tables(self):
                recorder.before = memory_mb()
                start = time.perf_counter()
                super()._build_lookup_tables()
                recorder.seconds = time.perf_counter() - start
                recorder.after = memory_mb()

        Recorded.__name__ = base.__name__
        return Recorded


def million_child(settings):
    """MultinomialNB on word unigrams and bigrams of the training posts (about a million features)."""
    from naivebayes import MultinomialNB, Tokenizer, accuracy
    from naivebayes.text.tokenize import SKLEARN_PATTERN

    train, test = load_newsgroups(settings["archive"])
    loaded = memory_mb()
    recorder = MemoryAtTableBuild()
    hooked = hasattr(MultinomialNB, "_build_lookup_tables")
    model_class = recorder.model_class(MultinomialNB) if hooked else MultinomialNB
    tokenizer = Tokenizer(pattern=SKLEARN_PATTERN, ngram_range=(1, 2))
    start = time.perf_counter()
    model = model_class(alpha=1.0, tokenizer=tokenizer).fit(train.texts, train.labels)
    fit_seconds = time.perf_counter() - start
    fitted = memory_mb()
    start = time.perf_counter()
    predictions = model.predict(test.texts)
    predict_seconds = time.perf_counter() - start
    predicted = memory_mb()
    n_classes = len(model.classes_)
    return {
        "vocabulary": len(model.vocabulary_),
        "count_entries": sum(len(table) for table in model.feature_counts_.values()),
        "row_entries": len(model.vocabulary_) * n_classes,
        "fit": fit_seconds,
        "build_tables": recorder.seconds,
        "predict": predict_seconds,
        "accuracy": float(accuracy(test.labels, predictions)),
        "predictions": predictions,
        "hooked": hooked and recorder.before is not None,
        "memory": {
            "start": STARTUP_RSS_MB,
            "loaded": loaded[1],
            "counted": recorder.before[1] if recorder.before else None,
            "counted_resident": recorder.before[0] if recorder.before else None,
            "built": recorder.after[1] if recorder.after else None,
            "built_resident": recorder.after[0] if recorder.after else None,
            "fitted": fitted[1],
            "fitted_resident": fitted[0],
            "peak": predicted[1],
        },
    }


def million_sklearn_child(settings):
    """scikit-learn's CountVectorizer(ngram_range=(1, 2)) + MultinomialNB(alpha=1.0), for reference."""
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.naive_bayes import MultinomialNB

    train, test = load_newsgroups(settings["archive"])
    loaded = memory_mb()
    start = time.perf_counter()
    vectorizer = CountVectorizer(ngram_range=(1, 2))
    X_train = vectorizer.fit_transform(train.texts)
    model = MultinomialNB(alpha=1.0).fit(X_train, train.labels)
    fit_seconds = time.perf_counter() - start
    fitted = memory_mb()
    start = time.perf_counter()
    predictions = model.predict(vectorizer.transform(test.texts)).tolist()
    predict_seconds = time.perf_counter() - start
    return {
        "vocabulary": len(vectorizer.vocabulary_),
        "fit": fit_seconds,
        "predict": predict_seconds,
        "predictions": predictions,
        "memory": {"start": STARTUP_RSS_MB, "loaded": loaded[1], "fitted": fitted[1], "peak": memory_mb()[1]},
    }


def scaling_child(settings):
    """MultinomialNB fit and predict on a share of the training posts (above 1: the posts repeated)."""
    from naivebayes import MultinomialNB, Tokenizer
    from naivebayes.datasets import load_20newsgroups
    from naivebayes.text.tokenize import SKLEARN_PATTERN

    train = load_20newsgroups(subset="train", archive=settings["archive"])
    share = settings["share"]
    if share <= 1:
        texts, labels = train.texts[: round(share * len(train.texts))], train.labels[: round(share * len(train.texts))]
    else:
        texts, labels = train.texts * int(share), train.labels * int(share)
    recorder = MemoryAtTableBuild()
    hooked = hasattr(MultinomialNB, "_build_lookup_tables")
    model_class = recorder.model_class(MultinomialNB) if hooked else MultinomialNB
    model = model_class(alpha=1.0, tokenizer=Tokenizer(pattern=SKLEARN_PATTERN))
    start = time.perf_counter()
    model.fit(texts, labels)
    fit_seconds = time.perf_counter() - start
    fitted = memory_mb()
    start = time.perf_counter()
    model.predict(texts)
    predict_seconds = time.perf_counter() - start
    peak = memory_mb()[1]
    return {
        "share": share,
        "documents": len(texts),
        "tokens": sum(model.feature_totals_.values()),
        "vocabulary": len(model.vocabulary_),
        "count_entries": sum(len(table) for table in model.feature_counts_.values()),
        "fit": fit_seconds,
        "build_tables": recorder.seconds,
        "predict": predict_seconds,
        "memory": {
            "start": STARTUP_RSS_MB,
            "counted": recorder.before[1] if recorder.before else None,
            "fitted": fitted[1],
            "peak": peak,
            "added": peak - STARTUP_RSS_MB,
        },
    }


def child(kind, settings):
    """Run one child's work in this process and write its figures to ``settings["result"]``."""
    sys.path.insert(0, settings["library_root"])  # the run's copy of the library (see snapshot_library)
    if kind.startswith("explain-"):
        figures = explain_child(kind.removeprefix("explain-"), settings)
    elif kind == "million":
        figures = million_child(settings)
    elif kind == "million-sklearn":
        figures = million_sklearn_child(settings)
    elif kind == "scaling":
        figures = scaling_child(settings)
    else:
        figures = run_pipeline(kind, settings)
    library = sys.modules.get("naivebayes")  # (scikit-learn's Adult pipelines never import it)
    if library is not None and not Path(library.__file__).resolve().is_relative_to(Path(settings["library_root"]).resolve()):
        raise SystemExit(f"naivebayes was imported from {library.__file__}, not from the run's copy")
    Path(settings["result"]).write_text(json.dumps(figures), encoding="utf-8")


def import_child_code(modules):
    """The code of a child that only imports ``modules`` (``python -c``), then reports like a pipeline."""
    lines = [
        "import sys",
        inspect.getsource(memory_mb),
        "start = memory_mb()[0]",
        *(f"import {module}" for module in modules),
        f"print({SCORED!r}, start, memory_mb()[1], flush=True)",
    ]
    return "\n".join(lines)


# ----------------------------------------------------------------------
# The parent: start each child in a fresh process
# ----------------------------------------------------------------------


def run_child(kind, settings, code=None):
    """Run ``kind`` in a fresh interpreter; its figures, with ``total`` = seconds from start to its score.

    ``code``: run ``python -c code`` instead of this script (the import children).
    """
    with tempfile.TemporaryDirectory(prefix="run_benchmarks_") as folder:
        result_path = Path(folder) / "result.json"
        if code is None:
            command = [sys.executable, str(Path(__file__).resolve()), "--child", kind,
                       "--settings", json.dumps({**settings, "result": str(result_path)})]
        else:
            command = [sys.executable, "-c", code]
        # The same set and dict order in every run; the library from the run's copy (for ``python -c``,
        # the current folder comes first on the path, so it is the copy's folder too).
        environment = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=settings["library_root"])
        # Both unset together, in every child: set, they hold OpenBLAS (and so scikit-learn's numpy)
        # to a slower core type and cache size than this processor has.
        for name in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
            environment.pop(name, None)
        with open(Path(folder) / "stderr.txt", "w+", encoding="utf-8") as stderr:
            start = time.perf_counter()
            process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=stderr, cwd=settings["library_root"],
                                       env=environment, bufsize=0)
            total, marker_line = None, None
            for line in iter(process.stdout.readline, b""):
                if total is None and line.startswith(SCORED.encode()):
                    total = time.perf_counter() - start  # the clock stops when the child has its score
                    marker_line = line.decode().split()
            process.stdout.close()
            returncode = process.wait()
            if returncode != 0:
                stderr.seek(0)
                raise SystemExit(f"the {kind} child failed (exit {returncode}):\n{stderr.read()[-5000:]}")
        if code is not None:
            start_mb, peak_mb = float(marker_line[-2]), float(marker_line[-1])
            return {"total": total, "memory": {"start": start_mb, "peak": peak_mb, "added": peak_mb - start_mb}}
        figures = json.loads(result_path.read_text(encoding="utf-8"))
    if total is not None:
        figures["total"] = total
    return figures


def progress(message):
    print(message, file=sys.stderr, flush=True)


def run_rounds(names, imports, rounds, settings):
    """Every round runs every pipeline and import child once, in an order that rotates by one each round."""
    children = [("pipeline", name) for name in names] + [("import", name) for name in imports]
    runs = {name: [] for name in names}
    import_runs = {name: [] for name in imports}
    agreement = []
    for round_number in range(rounds):
        shift = round_number % len(children)
        order = children[shift:] + children[:shift]
        predictions = {}
        for position, (what, name) in enumerate(order):
            if what == "import":
                figures = run_child(f"import-{name}", settings, code=import_child_code(IMPORTS[name]))
                import_runs[name].append(figures)
            else:
                figures = run_child(name, settings)
                predictions[name] = figures.pop("predictions", None)
                runs[name].append(figures)
            figures.update(round=round_number + 1, position=position + 1)
            progress(f"round {round_number + 1}/{rounds}: {what} {name:<26} {figures['total']:7.2f} s "
                     f"{figures['memory']['peak']:7.0f} MB")
        agreement.append(compare_predictions(predictions))
    return runs, import_runs, agreement


def compare_predictions(predictions):
    """{pipeline: predictions that differ from its scikit-learn baseline's} for one round."""
    differences = {}
    for name, ours in predictions.items():
        theirs = predictions.get(BASELINE.get(name))
        if ours is not None and theirs is not None:
            differences[name] = {"differ": sum(a != b for a, b in zip(ours, theirs)), "of": len(theirs)}
    return differences


def run_explain(settings):
    results = {}
    for kind in ("multinomial", "bernoulli"):
        progress(f"explain: {kind}")
        results[kind] = run_child(f"explain-{kind}", settings)
    return results


def run_million(settings, with_sklearn):
    progress("one million features: this library")
    ours = run_child("million", settings)
    result = {"naivebayes": ours}
    if with_sklearn:
        progress("one million features: scikit-learn")
        theirs = run_child("million-sklearn", settings)
        result["sklearn"] = theirs
        result["differ"] = sum(a != b for a, b in zip(ours.pop("predictions"), theirs.pop("predictions")))
    else:
        ours.pop("predictions")
    return result


def run_scaling(settings, rounds):
    """Each share in its own child, ``rounds`` passes over the shares; medians per share."""
    runs = {share: [] for share in SCALES}
    for pass_number in range(rounds):
        for share in SCALES:
            figures = run_child("scaling", {**settings, "share": share})
            runs[share].append(figures)
            progress(f"scaling pass {pass_number + 1}/{rounds}: {share:>4.0%} fit {figures['fit']:6.2f} s "
                     f"predict {figures['predict']:6.2f} s {figures['memory']['peak']:6.0f} MB")
    summary = []
    for share, figures in runs.items():
        first = figures[0]
        fit = statistics.median(f["fit"] for f in figures)
        predict = statistics.median(f["predict"] for f in figures)
        summary.append({
            "share": share, "documents": first["documents"], "tokens": first["tokens"],
            "vocabulary": first["vocabulary"], "count_entries": first["count_entries"], "fit": fit,
            "predict": predict, "fit_per_million_tokens": fit / first["tokens"] * 1e6,
            "predict_per_million_tokens": predict / first["tokens"] * 1e6,
            "build_tables": median_of(f["build_tables"] for f in figures),
            "counted": median_of(f["memory"]["counted"] for f in figures),
            "fitted": statistics.median(f["memory"]["fitted"] for f in figures),
            "peak": statistics.median(f["memory"]["peak"] for f in figures),
            "added": statistics.median(f["memory"]["added"] for f in figures),
        })
    return {"runs": {str(share): figures for share, figures in runs.items()}, "summary": summary}


# ----------------------------------------------------------------------
# Summaries: medians, and medians of per-round ratios
# ----------------------------------------------------------------------


def median_of(values):
    """The median, or None when a figure was not measured (None in the values)."""
    values = list(values)
    return None if None in values else statistics.median(values)


def phase_seconds(figures):
    """{phase: seconds} of one run, in PHASES order; start-up is the total minus the timed phases.

    This library's text models tokenize and count inside ``fit`` and
    ``predict``; the child timed that part again after the score, so here it
    moves from fit and predict to the tokenize+count phase.
    """
    phases = dict(figures["phases"])
    if "tokenize_train" in figures:
        phases["vectorize"] = figures["tokenize_train"] + figures["tokenize_test"]
        phases["fit"] -= figures["tokenize_train"]
        phases["predict"] -= figures["tokenize_test"]
    phases["start-up"] = figures["total"] - sum(figures["phases"].values())
    return {phase: phases[phase] for phase in PHASES if phase in phases}


def without_load(figures):
    return figures["total"] - figures["phases"]["load"]


def compute_only(figures):
    """Seconds after loading until the score: tokenize or vectorize, fit, predict, score."""
    return sum(seconds for phase, seconds in figures["phases"].items() if phase not in ("import", "load"))


def median_ratio(ours, theirs, value):
    """The median over the rounds of value(our run) / value(their run in the same round)."""
    return statistics.median(value(a) / value(b) for a, b in zip(ours, theirs))


RATIOS = {
    "time": lambda figures: figures["total"],
    "time_without_load": without_load,
    "compute_only": compute_only,
    "memory": lambda figures: figures["memory"]["peak"],
    "added_memory": lambda figures: figures["memory"]["added"],
}


def summarize(runs, import_runs, agreement):
    """Medians per pipeline and ratios to its baseline; import children's medians."""
    pipelines = {}
    for name, figures in runs.items():
        phases = [phase_seconds(f) for f in figures]
        summary = {
            "rounds": len(figures),
            "total": statistics.median(f["total"] for f in figures),
            "phases": {phase: statistics.median(p[phase] for p in phases) for phase in phases[0]},
            "without_load": statistics.median(without_load(f) for f in figures),
            "compute_only": statistics.median(compute_only(f) for f in figures),
            "peak": statistics.median(f["memory"]["peak"] for f in figures),
            "start": statistics.median(f["memory"]["start"] for f in figures),
            "added": statistics.median(f["memory"]["added"] for f in figures),
            "accuracy": figures[0]["accuracy"],
            "macro_f1": figures[0].get("macro_f1"),
            "vocabulary": figures[0].get("vocabulary"),
            "n_train": figures[0]["n_train"],
            "n_test": figures[0]["n_test"],
            "baseline": None,
            "ratios": None,
        }
        baseline = BASELINE.get(name)
        if baseline in runs:
            summary["baseline"] = baseline
            summary["ratios"] = {key: median_ratio(figures, runs[baseline], value) for key, value in RATIOS.items()}
            per_round = [round_agreement[name] for round_agreement in agreement if name in round_agreement]
            if per_round:
                summary["differ"] = max(item["differ"] for item in per_round)
                summary["differ_every_round"] = [item["differ"] for item in per_round]
        pipelines[name] = summary
    imports = {
        name: {
            "total": statistics.median(f["total"] for f in figures),
            "peak": statistics.median(f["memory"]["peak"] for f in figures),
            "added": statistics.median(f["memory"]["added"] for f in figures),
        }
        for name, figures in import_runs.items()
    }
    if "python" in import_runs:
        for name, figures in import_runs.items():
            # The import alone: this child's time minus Python's alone, in the same round.
            imports[name]["beyond_python"] = statistics.median(
                f["total"] - p["total"] for f, p in zip(figures, import_runs["python"])
            )
    return {"pipelines": pipelines, "imports": imports}


# ----------------------------------------------------------------------
# The machine
# ----------------------------------------------------------------------


def snapshot_library(folder):
    """Copy naivebayes/ into ``folder``: every child of the run imports this copy.

    Other engineers change the library while a run takes its hour; with the
    copy, every round measures the same code, named on the page by the
    commit and the hash of its files.
    """
    shutil.copytree(REPOSITORY / "naivebayes", Path(folder) / "naivebayes",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return str(folder)


def library_state(library_root):
    """The commit, whether naivebayes/ differs from it, and a hash of the copy's files."""
    def git(*arguments):
        try:
            return subprocess.run(["git", *arguments], cwd=REPOSITORY, capture_output=True, text=True,
                                  check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return None

    digest = hashlib.sha256()
    root = Path(library_root)
    for path in sorted((root / "naivebayes").rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    changes = git("status", "--porcelain", "--", "naivebayes")
    return {
        "commit": git("rev-parse", "HEAD"),
        "uncommitted_changes": None if changes is None else bool(changes),
        "files_sha256": digest.hexdigest()[:16],
    }


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine(library_root):
    """Where and with what the run happened."""
    versions = {}
    for package in ("scikit-learn", "numpy", "scipy", "pandas", "nltk"):
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = None
    python_vv = subprocess.run([sys.executable, "-VV"], capture_output=True, text=True).stdout.strip()
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "platform": platform.platform(),
        "cpu": cpu_model(),
        "cpu_count": os.cpu_count(),
        "python": python_vv,
        "versions": versions,
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "library": library_state(library_root),
    }


# ----------------------------------------------------------------------
# Printing: a plain-text report, and the tables of docs/performance.md
# ----------------------------------------------------------------------


def fmt_ratio(value):
    return "" if value is None else f"{value:.2f}×"


def fmt_mb(value):
    return "" if value is None else f"{value:,.0f} MB"


def print_machine(figures):
    m = figures["machine"]
    library = m["library"]
    state = " + uncommitted changes in naivebayes/" if library["uncommitted_changes"] else ""
    versions = ", ".join(f"{name} {version or 'not installed'}" for name, version in m["versions"].items())
    print(f"date:     {m['date']}")
    print(f"command:  {figures['command']}")
    load = "unknown" if m["load_average"] is None else " ".join(f"{value:.2f}" for value in m["load_average"])
    print(f"machine:  {m['platform']}, {m['cpu']}, {m['cpu_count']} CPUs, load average at start {load}")
    print(f"python:   {m['python']}")
    print(f"versions: {versions}")
    print(f"library:  commit {library['commit']}{state} (naivebayes/*.py sha256 {library['files_sha256']})")


def print_report(figures):
    """The plain-text report: every figure, a block per pipeline."""
    print_machine(figures)
    summary = figures.get("summary")
    if summary:
        rounds = figures["settings"]["rounds"]
        print(f"\nPipelines: medians of {rounds} alternating round(s); ratios are medians of per-round ratios.")
        for name, s in summary["pipelines"].items():
            print(f"\n{name}: {DESCRIPTION[name].replace('`', '')}")
            print(f"  from process start to the score {s['total']:8.2f} s")
            for phase, seconds in s["phases"].items():
                note = ""
                if phase == "vectorize" and name in COUNT_KINDS:
                    note = "  (inside fit and predict; timed again after the score)"
                print(f"    {PHASE_TITLE.get(phase, phase):<27}{seconds:8.2f} s{note}")
            print(f"  peak memory {s['peak']:.0f} MB = {s['start']:.0f} MB at start + {s['added']:.0f} MB added")
            score = f"accuracy {s['accuracy']:.4f}"
            if s["macro_f1"] is not None:
                score += f", macro-F1 {s['macro_f1']:.4f}"
            if s["vocabulary"]:
                score += f", vocabulary {s['vocabulary']:,}"
            print(f"  {score}; {s['n_train']:,} training and {s['n_test']:,} test examples")
            if s["ratios"]:
                r = s["ratios"]
                print(f"  vs {s['baseline']}: time {fmt_ratio(r['time'])}, without the shared load "
                      f"{fmt_ratio(r['time_without_load'])}, after loading (compute only) "
                      f"{fmt_ratio(r['compute_only'])}; peak memory {fmt_ratio(r['memory'])}, "
                      f"added memory {fmt_ratio(r['added_memory'])}")
            if "differ" in s:
                print(f"  predictions that differ from {s['baseline']}'s: {s['differ']} of {s['n_test']:,} "
                      f"(per round: {s['differ_every_round']})")
        print("\nImport-only children (medians; 'beyond Python' subtracts Python's own start-up, same round):")
        for name, s in summary["imports"].items():
            beyond = s.get("beyond_python")
            beyond = "" if beyond is None else f", {beyond:.2f} s beyond Python"
            print(f"  {IMPORT_DESCRIPTION[name].replace('`', ''):<62}{s['total']:6.2f} s{beyond}; "
                  f"peak {s['peak']:.0f} MB")
    if figures.get("explain"):
        for kind, e in figures["explain"].items():
            print(f"\n{e['model']} on the training posts: vocabulary {e['vocabulary']:,}, "
                  f"{e['count_entries']:,} (class, word) count entries; {e['training_tokens']:,} training tokens, "
                  f"{e['corpus_tokens']:,} in the training and test posts together")
        print("\nexplain and joint_log_likelihood, fitted on the training posts (median of "
              f"{CALLS} calls; short: the slowest of the {SHORT_POSTS} shortest non-empty posts):")
        for row in explain_rows(figures["explain"]):
            print(f"  {row['model']:<14}{row['method']:<22}{row['post']:<8}{row['tokens']:>14} tokens "
                  f"{row['seconds']:8.4f} s  target < {row['target']} s  {row['verdict']}")
    if figures.get("million"):
        print("\nOne million features (word unigrams and bigrams):")
        for label, value in million_rows(figures["million"]):
            print(f"  {label:<72}{value}")
    if figures.get("scaling"):
        print("\nScaling, MultinomialNB fit and predict on shares of the training posts (predict: the same posts):")
        for line in scaling_table(figures["scaling"]["summary"])[2:]:
            print("  " + line.replace("|", " ").replace("`", "").strip())


def explain_rows(explain):
    rows = []
    for kind, figures in explain.items():
        for post in ("short", "longest"):
            for method in ("joint_log_likelihood", "explain"):
                seconds = figures[post][method]
                target = TARGET_SECONDS[post]
                tokens = figures[post]["tokens"]
                rows.append({
                    "model": figures["model"], "method": method, "post": post,
                    "tokens": f"{min(tokens)}–{max(tokens)}" if len(tokens) > 1 else f"{tokens[0]:,}",
                    "seconds": seconds, "target": target, "verdict": "PASS" if seconds < target else "FAIL",
                })
    return rows


def million_rows(million):
    ours = million["naivebayes"]
    memory = ours["memory"]
    rows = [
        ("vocabulary (features)", f"{ours['vocabulary']:,}"),
        ("(class, word) count entries", f"{ours['count_entries']:,}"),
        ("lookup table entries (features × classes)", f"{ours['row_entries']:,}"),
        ("fit (tokenize, count, build the tables)", f"{ours['fit']:.2f} s"),
    ]
    if ours["build_tables"] is not None:
        rows.append(("fit: of which building the lookup tables", f"{ours['build_tables']:.2f} s"))
    rows += [
        ("predict the 7,532 test posts", f"{ours['predict']:.2f} s"),
        ("accuracy", f"{ours['accuracy']:.4f}"),
        ("memory at start", fmt_mb(memory["start"])),
        ("peak after loading the posts", fmt_mb(memory["loaded"])),
    ]
    if ours["hooked"]:
        added_by_counting = memory["counted"] - memory["start"]
        added_by_tables = memory["built"] - memory["counted"]
        rows += [
            ("peak at the end of counting, before the lookup tables", fmt_mb(memory["counted"])),
            ("peak after building the lookup tables", fmt_mb(memory["built"])),
            ("peak after / before building the tables", fmt_ratio(memory["built"] / memory["counted"])),
            ("memory the table build adds / memory added up to the end of counting",
             f"{added_by_tables:,.0f} MB / {added_by_counting:,.0f} MB = {fmt_ratio(added_by_tables / added_by_counting)}"),
        ]
    rows += [
        ("resident when fit returns", fmt_mb(memory["fitted_resident"])),
        ("peak of the whole run (with predict)", fmt_mb(memory["peak"])),
    ]
    theirs = million.get("sklearn")
    if theirs:
        rows += [
            ("scikit-learn: vocabulary", f"{theirs['vocabulary']:,}"),
            ("scikit-learn: vectorize + fit, predict", f"{theirs['fit']:.2f} s, {theirs['predict']:.2f} s"),
            ("scikit-learn: peak memory", fmt_mb(theirs["memory"]["peak"])),
            ("peak memory vs scikit-learn", fmt_ratio(memory["peak"] / theirs["memory"]["peak"])),
            ("predictions that differ from scikit-learn's", f"{million['differ']} of 7,532"),
        ]
    return rows


def markdown_table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return lines


def scaling_table(summary):
    header = ["share of the training posts", "posts", "tokens", "vocabulary", "fit", "of which the tables",
              "predict", "fit per million tokens", "predict per million tokens", "peak at the end of counting",
              "peak after fit", "peak after predict"]
    rows = [
        [f"{row['share']:.0%}", f"{row['documents']:,}", f"{row['tokens']:,}", f"{row['vocabulary']:,}",
         f"{row['fit']:.2f} s", "" if row["build_tables"] is None else f"{row['build_tables']:.2f} s",
         f"{row['predict']:.2f} s", f"{row['fit_per_million_tokens']:.2f} s",
         f"{row['predict_per_million_tokens']:.2f} s", fmt_mb(row["counted"]), fmt_mb(row["fitted"]),
         fmt_mb(row["peak"])]
        for row in summary
    ]
    return markdown_table(header, rows)


def markdown(figures):
    """The tables of docs/performance.md, each after an HTML comment naming it."""
    out = []
    summary = figures.get("summary")
    if summary:
        pipelines = summary["pipelines"]
        groups = [
            ("text", (*TEXT_KINDS, "nltk")),
            ("adult", ADULT_KINDS),
        ]
        for group, kinds in groups:
            names = []
            for kind in kinds:
                for name in (kind, BASELINE.get(kind)):
                    if name in pipelines and name not in names:
                        names.append(name)
            if not names:
                continue
            rows = []
            for name in names:
                s, r = pipelines[name], pipelines[name]["ratios"] or {}
                score = f"{s['accuracy']:.4f}" + (f" / {s['macro_f1']:.4f}" if s["macro_f1"] is not None else "")
                rows.append([
                    DESCRIPTION[name], f"{s['total']:.2f} s",
                    fmt_ratio(r.get("time")), fmt_ratio(r.get("time_without_load")), fmt_ratio(r.get("compute_only")),
                    fmt_mb(s["peak"]), fmt_ratio(r.get("memory")), fmt_mb(s["added"]), fmt_ratio(r.get("added_memory")),
                    score,
                ])
            header = ["pipeline", "from process start", "time vs scikit-learn", "without the shared load",
                      "after loading", "peak memory", "memory vs scikit-learn", "added memory",
                      "added vs scikit-learn", "accuracy" + (" / macro-F1" if group == "text" else "")]
            out += [f"<!-- table: {group}-pipelines -->", *markdown_table(header, rows), ""]
            phase_rows = [
                [DESCRIPTION[name], *(f"{pipelines[name]['phases'][p]:.2f}" if p in pipelines[name]["phases"] else "–"
                                      for p in PHASES), f"{pipelines[name]['total']:.2f}"]
                for name in names
            ]
            header = ["pipeline (seconds)", *(PHASE_TITLE.get(p, p) for p in PHASES), "total"]
            out += [f"<!-- table: {group}-phases -->", *markdown_table(header, phase_rows), ""]
        agreement = [
            [DESCRIPTION[name], DESCRIPTION[s["baseline"]], f"{s['differ']:,} of {s['n_test']:,}",
             f"{s['accuracy']:.4f} / {pipelines[s['baseline']]['accuracy']:.4f}",
             f"{s['macro_f1']:.4f} / {pipelines[s['baseline']]['macro_f1']:.4f}"]
            for name, s in pipelines.items() if "differ" in s and name != "nltk"
        ]
        if agreement:
            header = ["this library", "scikit-learn", "predictions that differ", "accuracy (ours / theirs)",
                      "macro-F1 (ours / theirs)"]
            out += ["<!-- table: agreement -->", *markdown_table(header, agreement), ""]
        imports = summary["imports"]
        rows = [[IMPORT_DESCRIPTION[name], f"{s['total']:.2f} s",
                 "" if name == "python" or "beyond_python" not in s else f"{s['beyond_python']:.2f} s",
                 fmt_mb(s["peak"])] for name, s in imports.items()]
        header = ["a child that only imports", "from process start", "beyond Python's start-up", "peak memory"]
        out += ["<!-- table: imports -->", *markdown_table(header, rows), ""]
    if figures.get("explain"):
        # The page shows the times only: the bounds are the developers' check (print_report shows them).
        rows = [[f"`{r['model']}`", f"`{r['method']}`", r["post"], r["tokens"], f"{r['seconds']:.4f} s"]
                for r in explain_rows(figures["explain"])]
        header = ["model", "method", "post", "tokens", "median time"]
        out += ["<!-- table: explain -->", *markdown_table(header, rows), ""]
    if figures.get("million"):
        out += ["<!-- table: million -->", *markdown_table(["figure", "value"], million_rows(figures["million"])), ""]
    if figures.get("scaling"):
        out += ["<!-- table: scaling -->", *scaling_table(figures["scaling"]["summary"]), ""]
    return "\n".join(out)


# ----------------------------------------------------------------------
# The command line
# ----------------------------------------------------------------------


def find_data(arguments):
    """The archive and the Adult folder: the options, then the environment, then ../shared/data."""
    archive = arguments.archive or os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE")
    if archive is None and (SHARED_DATA / ARCHIVE_NAME).exists():
        archive = SHARED_DATA / ARCHIVE_NAME
    adult = arguments.adult or os.environ.get("NAIVEBAYES_ADULT_PATH")
    if adult is None and (SHARED_DATA / "adult.data").exists():
        adult = SHARED_DATA
    # Absolute, because the children run in another folder (the library's copy).
    return (None if archive is None else str(Path(archive).resolve()),
            None if adult is None else str(Path(adult).resolve()))


def available(module):
    import importlib.util

    return importlib.util.find_spec(module) is not None


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="sections: " + ", ".join(SECTIONS),
    )
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds of the pipelines (default 5)")
    parser.add_argument("--only", help="run only these sections, comma-separated (see below)")
    parser.add_argument("--nltk", action="store_true", help="also run NLTK's classifier (takes minutes a round)")
    parser.add_argument("--archive", help="20news-bydate.tar.gz (default: NAIVEBAYES_20NEWS_ARCHIVE, ../shared/data)")
    parser.add_argument("--adult", help="folder with adult.data and adult.test (default: NAIVEBAYES_ADULT_PATH, ../shared/data)")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 1 round, no scaling, no 1M run")
    parser.add_argument("--json", metavar="FILE", help="write every figure to FILE as JSON")
    parser.add_argument("--markdown", metavar="FILE", help="write the docs page's tables to FILE ('-': print them)")
    parser.add_argument("--from-json", metavar="FILE", help="run nothing: print the report of a saved --json run")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--settings", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.rounds < 1:
        parser.error("--rounds must be at least 1")
    if arguments.quick:
        arguments.rounds = 1
    sections = set(SECTIONS) - {"nltk"}
    if arguments.only:
        sections = {name.strip() for name in arguments.only.split(",") if name.strip()}
        unknown = sections - set(SECTIONS)
        if unknown:
            parser.error(f"--only: unknown section(s) {', '.join(sorted(unknown))}; the sections are {', '.join(SECTIONS)}")
    if arguments.nltk:
        sections.add("nltk")
    if arguments.quick:
        sections -= {"scaling", "million"}
    arguments.sections = sections
    return parser, arguments


def command_line(argv):
    return " ".join(["python", "tests/benchmarks/run_benchmarks.py", *(argv if argv is not None else sys.argv[1:])])


def main(argv=None):
    parser, arguments = parse_arguments(argv)
    if arguments.child:
        child(arguments.child, json.loads(arguments.settings))
        return

    if arguments.from_json:
        figures = json.loads(Path(arguments.from_json).read_text(encoding="utf-8"))
    else:
        figures = run(parser, arguments, command_line(argv))
    if arguments.markdown != "-":
        print_report(figures)
    if arguments.json:
        Path(arguments.json).write_text(json.dumps(figures, indent=1), encoding="utf-8")
    if arguments.markdown == "-":
        print(markdown(figures))
    elif arguments.markdown:
        Path(arguments.markdown).write_text(markdown(figures) + "\n", encoding="utf-8")


def run(parser, arguments, command):
    """Copy the library, run the chosen sections on the copy, and return every figure."""
    with tempfile.TemporaryDirectory(prefix="naivebayes_benchmark_") as folder:
        return run_sections(parser, arguments, command, snapshot_library(folder))


def run_sections(parser, arguments, command, library_root):
    """Run the chosen sections and return every figure."""
    archive, adult = find_data(arguments)
    sections = arguments.sections
    text_wanted = sections & {*TEXT_KINDS, "nltk", "explain", "million", "scaling"}
    if text_wanted and archive is None:
        parser.error(f"no {ARCHIVE_NAME} found: pass --archive PATH or set NAIVEBAYES_20NEWS_ARCHIVE")
    if sections & set(ADULT_KINDS) and (adult is None or not (Path(adult) / "adult.data").exists()):
        parser.error("no adult.data found: pass --adult FOLDER (holding adult.data and adult.test) "
                     "or set NAIVEBAYES_ADULT_PATH")
    settings = {"archive": archive, "adult": adult, "library_root": library_root}
    have_sklearn = available("sklearn")
    have_pandas = available("pandas")
    if not have_sklearn:
        print("scikit-learn is not importable: nothing to compare with (`pip install scikit-learn`).", file=sys.stderr)
    if "nltk" in sections and not available("nltk"):
        print("NLTK is not importable; skipping it (`pip install nltk`).", file=sys.stderr)
        sections = sections - {"nltk"}

    names, imports = [], []
    for kind in (*TEXT_KINDS, *ADULT_KINDS, "nltk"):
        if kind not in sections:
            continue
        names.append(kind)
        baseline = BASELINE[kind]
        usable = have_sklearn and (have_pandas or kind not in ADULT_KINDS)
        if usable and baseline not in names:
            names.append(baseline)
    if names:
        imports = ["python", "naivebayes"]
        if have_sklearn and any(name.startswith("sklearn-") and "adult" not in name for name in names):
            imports.append("sklearn-text")
        if have_sklearn and have_pandas and any("adult" in name for name in names):
            imports.append("sklearn-adult")
        if "nltk" in names:
            imports.append("nltk")

    figures = {
        "command": command,
        "machine": machine(library_root),
        "settings": {"rounds": arguments.rounds, "sections": sorted(sections), "archive": archive, "adult": adult},
    }
    if names:
        runs, import_runs, agreement = run_rounds(names, imports, arguments.rounds, settings)
        figures["runs"] = runs
        figures["import_runs"] = import_runs
        figures["agreement"] = agreement
        figures["summary"] = summarize(runs, import_runs, agreement)
    if "explain" in sections:
        figures["explain"] = run_explain(settings)
    if "million" in sections:
        figures["million"] = run_million(settings, with_sklearn=have_sklearn)
    if "scaling" in sections:
        figures["scaling"] = run_scaling(settings, min(SCALING_ROUNDS, arguments.rounds))
    figures["machine"]["load_average_at_end"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    return figures


if __name__ == "__main__":
    main()
