"""Train naive Bayes on Apache Spark, then set it beside Spark's own NaiveBayes: the code of docs/many-cores.md.

    python docs/scripts/train_on_spark.py                         # the shipped spam messages
    python docs/scripts/train_on_spark.py --archive 20news-bydate.tar.gz --partitions 4

The map step fits one model per partition of an RDD of (example, label)
pairs, on the worker that holds the partition; the reduce step merges the
models two by two (``treeReduce``).  A model travels from worker to worker
as the JSON text that ``naivebayes.saving.to_json`` writes, the same text as
a model file: Spark sends a Python ``str``, and nothing of the library's
internals is pickled.  The script then checks that the merged model's file
is byte for byte the file of one ``fit`` on all the rows, and trains
Spark MLlib's ``NaiveBayes`` (multinomial and Bernoulli) on the same words
to compare the predictions.

Needs ``pip install pyspark`` and a Java runtime (``apt-get install
default-jre-headless``); naivebayes must be importable by Spark's Python
workers (on one machine it is, in the same environment; on a cluster see
the docs page).
"""

import argparse
import math
import os
import sys
import time
from fractions import Fraction
from functools import partial

from naivebayes import BernoulliNB, MultinomialNB, Tokenizer
from naivebayes.naive_bayes.merging import merge
from naivebayes.saving import from_json, to_json


# --8<-- [start:spark-session]
def start_spark(master="local[2]"):
    """A SparkSession on this machine, two worker threads, with only Spark's errors shown."""
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # Spark's Python workers use this Python too
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")  # one machine: no network address to look for
    spark = (
        SparkSession.builder.master(master)
        .appName("naivebayes")
        .config("spark.ui.enabled", "false")  # no web page for the job
        .config("spark.sql.shuffle.partitions", "4")  # small data: few partitions after a shuffle
        .config("spark.ui.showConsoleProgress", "false")  # no progress bars in the output
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    return spark
# --8<-- [end:spark-session]


# --8<-- [start:spark-map-reduce]
def fit_partition(rows, new_model):
    """Map: the (example, label) pairs of one partition -> [the JSON text of their model], or [None] for no rows.

    ``partial_fit``, not ``fit``: a partition may hold a single class.
    """
    rows = list(rows)
    if not rows:
        return [None]
    examples = [example for example, _ in rows]
    labels = [label for _, label in rows]
    return [to_json(new_model().partial_fit(examples, labels))]


def merge_texts(first, second):
    """Reduce: two models' JSON texts -> the JSON text of the merged model (None is a partition without rows)."""
    if first is None or second is None:
        return second if first is None else first
    return to_json(merge(from_json(first), from_json(second)))


def train_on_spark(rows, new_model):
    """The model of all the rows of an RDD of (example, label) pairs: each partition fitted, the fits merged."""
    text = rows.mapPartitions(partial(fit_partition, new_model=new_model)).treeReduce(merge_texts)
    if text is None:
        raise ValueError("the RDD has no rows to train on")
    return from_json(text)
# --8<-- [end:spark-map-reduce]


def rdd_of_partitions(spark, partitions):
    """An RDD whose partition i holds exactly the (example, label) pairs ``partitions[i]`` (some may be empty)."""
    numbered = spark.sparkContext.parallelize(range(len(partitions)), len(partitions))
    return numbered.flatMap(lambda i: partitions[i])  # narrow: partition i stays partition i


# ---------------------------------------------------------------------------
# Beside Spark MLlib's NaiveBayes
# ---------------------------------------------------------------------------


# --8<-- [start:spark-prior]
def spark_smoothed_prior(class_counts, smoothing):
    """P(c) as MLlib estimates it: (N_c + lambda) / (N + K lambda), K the number of classes."""
    n_examples = sum(class_counts.values())  # N
    n_classes = len(class_counts)  # K
    smoothing = Fraction(smoothing)  # exact: 1.0 is 1
    return {label: (n + smoothing) / (n_examples + n_classes * smoothing) for label, n in class_counts.items()}
# --8<-- [end:spark-prior]


# --8<-- [start:spark-vectors]
def word_vectors(spark, texts, labels, vocabulary, classes, binary):
    """A DataFrame (label, features) for MLlib: the words of each text, counted by the library's tokenizer.

    The columns are the model's vocabulary in sorted order, so both
    estimators see the same V features; a word outside it is dropped, as the
    library drops a word it never saw.  ``binary``: 1 for a word that occurs
    (Bernoulli NB takes only 0 and 1), else its count.
    """
    from pyspark.ml.linalg import Vectors

    column = {word: j for j, word in enumerate(sorted(vocabulary))}
    class_index = {label: float(k) for k, label in enumerate(classes)}
    tokenize = Tokenizer()

    def row(pair):
        text, label = pair
        counts = {}
        for word in tokenize(text):
            if word in column:
                counts[column[word]] = 1.0 if binary else counts.get(column[word], 0.0) + 1.0
        return class_index[label], Vectors.sparse(len(column), counts)

    pairs = spark.sparkContext.parallelize(list(zip(texts, labels)), 4)
    return spark.createDataFrame(pairs.map(row), ["label", "features"])
# --8<-- [end:spark-vectors]


# --8<-- [start:spark-mllib]
def beside_mllib(spark, train, test, model_type, smoothing=1.0, partitions=4):
    """The library on Spark and MLlib's NaiveBayes, trained on the same words: their predictions on ``test``.

    The library's model is given MLlib's smoothed prior as ``class_prior``;
    ``library_own_prior`` predicts with the library's own N_c / N instead.
    """
    from pyspark.ml.classification import NaiveBayes

    Model = MultinomialNB if model_type == "multinomial" else BernoulliNB
    rows = spark.sparkContext.parallelize(list(zip(*train)), partitions)
    own = train_on_spark(rows, partial(Model, alpha=smoothing))  # the prior N_c / N
    spark_like = from_json(to_json(own))
    spark_like.class_prior = spark_smoothed_prior(own.class_counts_, smoothing)  # (N_c + lambda) / (N + K lambda)

    binary = model_type == "bernoulli"
    mllib = NaiveBayes(smoothing=smoothing, modelType=model_type).fit(
        word_vectors(spark, *train, own.vocabulary_, own.classes_, binary)
    )
    scored = mllib.transform(word_vectors(spark, *test, own.vocabulary_, own.classes_, binary))
    scored = scored.select("prediction", "probability").collect()  # in the order of the test documents
    probabilities = spark_like.predict_proba(test[0])
    return {
        "mllib": [own.classes_[int(row.prediction)] for row in scored],
        "library_spark_prior": spark_like.predict(test[0]),
        "library_own_prior": own.predict(test[0]),
        "mllib_log_prior": list(mllib.pi.toArray()),
        "library_log_prior": list(own.log_priors_),
        "spark_like_log_prior": list(spark_like.log_priors_),
        "classes": list(own.classes_),
        "largest_probability_difference": max(
            abs(row.probability[k] - probabilities[i][label])
            for i, row in enumerate(scored)
            for k, label in enumerate(own.classes_)
        ),
    }
# --8<-- [end:spark-mllib]


def accuracy(predictions, labels):
    return sum(p == y for p, y in zip(predictions, labels)) / len(labels)


def load_data(archive):
    """(train texts, train labels), (test texts, test labels): 20 Newsgroups, or the shipped spam messages."""
    if archive:
        from naivebayes.datasets import load_20newsgroups

        train, test = load_20newsgroups("train", archive=archive), load_20newsgroups("test", archive=archive)
        return (train.texts, train.labels), (test.texts, test.labels), "20 Newsgroups"
    from naivebayes.datasets import load_spam
    from naivebayes.evaluation.split import train_test_split

    texts, labels = load_spam()
    train_texts, test_texts, train_labels, test_labels = train_test_split(
        texts, labels, test_size=0.3, random_state=0, stratify=labels
    )
    return (train_texts, train_labels), (test_texts, test_labels), "the shipped spam messages"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", default=None, help="20news-bydate.tar.gz (default: the shipped spam messages)")
    parser.add_argument("--partitions", type=int, default=4)
    parser.add_argument("--master", default="local[2]")
    arguments = parser.parse_args()

    train, test, name = load_data(arguments.archive)
    print(f"{name}: {len(train[0]):,} training examples, {len(test[0]):,} test examples")
    spark = start_spark(arguments.master)
    try:
        for Model in (MultinomialNB, BernoulliNB):
            start = time.perf_counter()
            rows = spark.sparkContext.parallelize(list(zip(*train)), arguments.partitions)
            merged = train_on_spark(rows, Model)
            seconds = time.perf_counter() - start
            same = to_json(merged) == to_json(Model().fit(*train))
            print(f"{Model.__name__} on Spark, {arguments.partitions} partitions: {seconds:.1f} s; "
                  f"its file is the file of one fit, byte for byte: {same}")
        for model_type in ("multinomial", "bernoulli"):
            start = time.perf_counter()
            result = beside_mllib(spark, train, test, model_type, partitions=arguments.partitions)
            seconds = time.perf_counter() - start
            agree = sum(a == b for a, b in zip(result["mllib"], result["library_spark_prior"]))
            agree_own = sum(a == b for a, b in zip(result["mllib"], result["library_own_prior"]))
            n = len(test[0])
            print(f"\n{model_type} ({seconds:.1f} s): "
                  f"the same prediction as MLlib on {agree:,} of {n:,} test documents with MLlib's prior, "
                  f"{agree_own:,} of {n:,} with the library's own prior")
            print(f"  accuracy: MLlib {accuracy(result['mllib'], test[1]):.4f}, "
                  f"library with MLlib's prior {accuracy(result['library_spark_prior'], test[1]):.4f}, "
                  f"library with its own prior {accuracy(result['library_own_prior'], test[1]):.4f}")
            print(f"  P(c | d), library with MLlib's prior minus MLlib's, at most {result['largest_probability_difference']:.1e}")
            print("  | class | log P(c), library: N_c / N | log P(c), MLlib: (N_c + 1) / (N + K) | library given MLlib's prior |")
            print("  |---|---:|---:|---:|")
            for label, own, mllib, given in zip(result["classes"], result["library_log_prior"],
                                                 result["mllib_log_prior"], result["spark_like_log_prior"]):
                print(f"  | {label} | {own:.6f} | {mllib:.6f} | {given:.6f} |")
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
