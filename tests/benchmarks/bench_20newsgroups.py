"""Time and memory of the whole 20 Newsgroups pipeline, against scikit-learn in the same run.

Run it from the repository root (it is a script, not a test: the machines
are shared and noisy, so a timed unit test would fail at random):

    python tests/benchmarks/bench_20newsgroups.py
    python tests/benchmarks/bench_20newsgroups.py --archive path/to/20news-bydate.tar.gz
    python tests/benchmarks/bench_20newsgroups.py --repeat 3 --nltk

Each pipeline runs in a fresh Python process, so that its peak memory
(the process's maximum resident set size) is its own, and does every step
a student would: load the bydate split from the archive, tokenize, fit on
the 11,314 training posts, predict the 7,532 test posts, and score.

* ``naivebayes-multinomial`` and ``naivebayes-bernoulli``: this library,
  with scikit-learn's token pattern so that the tokens are the same;
* ``sklearn-multinomial`` (when scikit-learn is importable):
  ``CountVectorizer`` + ``MultinomialNB(alpha=1.0)`` on the same texts,
  loaded by the same loader;
* ``nltk`` (only with ``--nltk``, and when NLTK is importable):
  ``nltk.NaiveBayesClassifier`` on {word: True} features.  It takes minutes.

The parent process prints each pipeline's figures and its ratios to
scikit-learn's, measured in this one run, and checks that our multinomial
predictions are identical to scikit-learn's.  With ``--repeat N`` every
pipeline runs N times, interleaved, and the table shows each one's fastest
run (the least disturbed by other work on the machine).
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
SHARED_ARCHIVE = REPOSITORY.parent / "shared" / "data" / "20news-bydate.tar.gz"

OURS = ["naivebayes-multinomial", "naivebayes-bernoulli"]
ALPHA = 1.0


def peak_memory_mb():
    """This process's peak resident set size so far, in MB (Linux reports KB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


# ----------------------------------------------------------------------
# The pipelines; each runs in its own process (see ``child``)
# ----------------------------------------------------------------------


def load(archive):
    """The bydate train and test splits, read by this library's loader."""
    from naivebayes.datasets import load_20newsgroups

    train = load_20newsgroups(subset="train", archive=archive)
    test = load_20newsgroups(subset="test", archive=archive)
    return train.texts, train.labels, test.texts, test.labels


def naivebayes_pipeline(model_class, train_texts, train_labels, test_texts):
    """Tokenize and fit in one pass, then predict: returns (predictions, seconds per step)."""
    from naivebayes import Tokenizer
    from naivebayes.text.tokenize import SKLEARN_PATTERN

    model = model_class(alpha=ALPHA, tokenizer=Tokenizer(pattern=SKLEARN_PATTERN))
    start = time.perf_counter()
    model.fit(train_texts, train_labels)  # each text is tokenized and counted, then dropped
    fitted = time.perf_counter()
    predictions = model.predict(test_texts)
    predicted = time.perf_counter()
    steps = {"tokenize+fit": fitted - start, "tokenize+predict": predicted - fitted}
    return predictions, steps, len(model.vocabulary_)


def sklearn_pipeline(train_texts, train_labels, test_texts):
    """scikit-learn's CountVectorizer + MultinomialNB on the same texts."""
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.naive_bayes import MultinomialNB

    start = time.perf_counter()
    vectorizer = CountVectorizer()
    X_train = vectorizer.fit_transform(train_texts)
    X_test = vectorizer.transform(test_texts)
    vectorized = time.perf_counter()
    model = MultinomialNB(alpha=ALPHA).fit(X_train, train_labels)
    predictions = model.predict(X_test).tolist()
    predicted = time.perf_counter()
    steps = {"vectorize": vectorized - start, "fit+predict": predicted - vectorized}
    return predictions, steps, len(vectorizer.vocabulary_)


def nltk_pipeline(train_texts, train_labels, test_texts):
    """NLTK's NaiveBayesClassifier with a {word: True} feature per distinct token."""
    import nltk

    from naivebayes import Tokenizer
    from naivebayes.text.tokenize import SKLEARN_PATTERN

    tokenize = Tokenizer(pattern=SKLEARN_PATTERN)
    start = time.perf_counter()
    train_set = [
        (dict.fromkeys(tokenize(text), True), label) for text, label in zip(train_texts, train_labels)
    ]
    classifier = nltk.NaiveBayesClassifier.train(train_set)
    del train_set
    fitted = time.perf_counter()
    predictions = classifier.classify_many(dict.fromkeys(tokenize(text), True) for text in test_texts)
    predicted = time.perf_counter()
    steps = {"tokenize+fit": fitted - start, "tokenize+predict": predicted - fitted}
    return predictions, steps, None


def child(name, archive, predictions_path):
    """Run one pipeline end to end in this process and print its figures as one JSON line."""
    sys.path.insert(0, str(REPOSITORY))
    before_imports = peak_memory_mb()
    start = time.perf_counter()
    train_texts, train_labels, test_texts, test_labels = load(archive)
    loaded = time.perf_counter()

    if name == "sklearn-multinomial":
        predictions, steps, vocabulary_size = sklearn_pipeline(train_texts, train_labels, test_texts)
    elif name == "nltk":
        predictions, steps, vocabulary_size = nltk_pipeline(train_texts, train_labels, test_texts)
    else:
        from naivebayes import BernoulliNB, MultinomialNB

        model_class = MultinomialNB if name == "naivebayes-multinomial" else BernoulliNB
        predictions, steps, vocabulary_size = naivebayes_pipeline(
            model_class, train_texts, train_labels, test_texts
        )

    scoring = time.perf_counter()
    from naivebayes.evaluation.metrics import accuracy, f1_score

    correct = accuracy(test_labels, predictions)
    macro_f1 = f1_score(test_labels, predictions, average="macro")
    done = time.perf_counter()

    Path(predictions_path).write_text("\n".join(predictions), encoding="utf-8")
    figures = {
        "name": name,
        "load": loaded - start,
        **steps,
        "score": done - scoring,
        "total": done - start,
        "peak_mb": peak_memory_mb(),
        "startup_mb": before_imports,
        "accuracy": float(correct),
        "macro_f1": float(macro_f1),
        "vocabulary": vocabulary_size,
        "n_train": len(train_texts),
        "n_test": len(test_texts),
    }
    print(json.dumps(figures))


# ----------------------------------------------------------------------
# The parent: run each pipeline in a fresh process, then compare
# ----------------------------------------------------------------------


def run_child(name, archive, predictions_path):
    """Run one pipeline in a fresh interpreter; return its figures and its predictions."""
    command = [sys.executable, __file__, "--child", name, "--predictions", str(predictions_path)]
    if archive:
        command += ["--archive", str(archive)]
    environment = dict(os.environ, PYTHONHASHSEED="0")  # the same set and dict order every run
    completed = subprocess.run(command, capture_output=True, text=True, env=environment)
    if completed.returncode != 0:
        raise SystemExit(f"the {name} pipeline failed:\n{completed.stderr}")
    figures = json.loads(completed.stdout.strip().splitlines()[-1])
    predictions = Path(predictions_path).read_text(encoding="utf-8").split("\n")
    return figures, predictions


def available(module):
    """True when ``module`` can be imported here (checked without importing it)."""
    import importlib.util

    return importlib.util.find_spec(module) is not None


def print_table(best, reference):
    """One row per pipeline: time per step, peak memory, scores, and ratios to the reference."""
    print()
    print(f"{'pipeline':<24} {'load s':>7} {'total s':>8} {'peak MB':>8} "
          f"{'accuracy':>9} {'macro-F1':>9} {'time ×':>7} {'no load ×':>10} {'memory ×':>9}")
    for name, figures in best.items():
        if reference is not None:
            time_ratio = f"{figures['total'] / reference['total']:.2f}"
            # The same ratio without the loading time, which both pipelines share.
            without_load = (figures["total"] - figures["load"]) / (reference["total"] - reference["load"])
            without_load = f"{without_load:.2f}"
            memory_ratio = f"{figures['peak_mb'] / reference['peak_mb']:.2f}"
        else:
            time_ratio = without_load = memory_ratio = "-"
        print(f"{name:<24} {figures['load']:>7.2f} {figures['total']:>8.2f} {figures['peak_mb']:>8.0f} "
              f"{figures['accuracy']:>9.4f} {figures['macro_f1']:>9.4f} {time_ratio:>7} "
              f"{without_load:>10} {memory_ratio:>9}")
    print()
    for name, figures in best.items():
        steps = ", ".join(
            f"{step} {seconds:.2f} s" for step, seconds in figures.items()
            if step not in ("name", "total", "peak_mb", "startup_mb", "accuracy", "macro_f1",
                            "vocabulary", "n_train", "n_test")
        )
        print(f"  {name}: {steps}; vocabulary {figures['vocabulary']}; "
              f"peak memory at start-up {figures['startup_mb']:.0f} MB")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--archive", help="a local 20news-bydate.tar.gz (default: the loader's own search)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per pipeline; the fastest is shown")
    parser.add_argument("--nltk", action="store_true", help="also run NLTK's classifier (takes minutes)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--predictions", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.repeat < 1:
        parser.error("--repeat must be at least 1")

    archive = arguments.archive
    if archive is None and not os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE") and SHARED_ARCHIVE.exists():
        archive = str(SHARED_ARCHIVE)  # the copy next to this checkout, when there is one

    if arguments.child:
        child(arguments.child, archive, arguments.predictions)
        return

    names = list(OURS)
    if available("sklearn"):
        names.append("sklearn-multinomial")
    else:
        print("scikit-learn is not importable, so there is nothing to compare with; "
              "`pip install scikit-learn` to get the ratios.")
    if arguments.nltk:
        if available("nltk"):
            names.append("nltk")
        else:
            print("--nltk: NLTK is not importable; `pip install nltk` to include it.")

    import tempfile

    best, predictions = {}, {}
    with tempfile.TemporaryDirectory() as folder:
        for round_number in range(arguments.repeat):
            for name in names:
                if name == "nltk" and round_number > 0:
                    continue  # once is enough for a pipeline that takes minutes
                figures, predicted = run_child(name, archive, Path(folder) / f"{name}.txt")
                print(f"run {round_number + 1}: {name:<24} {figures['total']:6.2f} s  "
                      f"{figures['peak_mb']:5.0f} MB", flush=True)
                if name not in best or figures["total"] < best[name]["total"]:
                    best[name] = figures
                predictions[name] = predicted

    reference = best.get("sklearn-multinomial")
    print_table(best, reference)
    if reference is not None:
        ours, theirs = predictions["naivebayes-multinomial"], predictions["sklearn-multinomial"]
        differ = sum(a != b for a, b in zip(ours, theirs))
        print(f"\nmultinomial predictions identical to scikit-learn's: {ours == theirs} "
              f"({differ} of {len(theirs)} differ)")


if __name__ == "__main__":
    main()
