"""Spark and Dask run the recipes of docs/many-cores.md: the merged model is the model of one fit.

The recipes are the scripts ``docs/scripts/train_on_spark.py`` and
``docs/scripts/train_on_dask.py``, imported here and run on a SparkSession in
local mode (``local[2]``, one for this module) and on a Dask ``LocalCluster``
of two worker processes (one for this module).  For every model whose
statistics merge, the data is cut into four partitions, one of them empty
and one holding a single class, each partition is fitted on a worker, the
models travel as JSON text and are merged, and the result is compared with
one ``fit`` on all the rows: the same model file, byte for byte, for the
count models; for Gaussian statistics of floats (pooled with Chan's update
where ``fit`` adds in one sweep) the same file but for the means and
squared deviations, which agree to 1e-12.  Then Spark MLlib's NaiveBayes
beside the library on Spark: the same predictions on every test document
once the library is given MLlib's smoothed prior.

PySpark (with a Java runtime) and Dask are not needed by the library: the
tests skip without them, and ``.ci/run`` installs them (the ``engines``
extra and a JRE) before its ``--require-reference`` run, where a skip for
want of them fails.
"""

import importlib
import importlib.util
import json
import math
import random
import shutil
import subprocess
import sys
from fractions import Fraction
from functools import partial
from pathlib import Path

import pytest

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    ComplementNB,
    GaussianNB,
    HistogramNB,
    MixedNB,
    MultinomialNB,
    PoissonNB,
)
from naivebayes.datasets import load_spam
from naivebayes.saving import from_json, to_json

SCRIPTS = Path(__file__).resolve().parent.parent / "docs" / "scripts"
LABELS = ("a", "b", "c")
WORDS = [f"w{i}" for i in range(40)]


def script(name):
    """The module of docs/scripts/<name>.py (the code the docs page shows), imported once."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[name] = module
    return sys.modules[name]


def needed(module_name, why=""):
    """The module, or a skip that ``--require-reference`` turns into a failure (tests/conftest.py)."""
    try:
        return importlib.import_module(module_name)
    except ImportError:
        pytest.skip(f"could not import {module_name!r}{why}")


# ---------------------------------------------------------------------------
# Data: four partitions, one of them empty and one holding a single class
# ---------------------------------------------------------------------------


def text_row(rng, label):
    shift = LABELS.index(label) * 10
    return " ".join(WORDS[(shift + int(rng.expovariate(0.2))) % len(WORDS)] for _ in range(rng.randint(0, 12)))


def category_row(rng, label):
    row = {"colour": rng.choice(["red", "green", "blue"][: 2 + (label == "c")]), "size": rng.choice("SML")}
    if rng.random() < 0.2:
        row["size"] = None  # missing
    return row


def whole_number_row(rng, label):
    shift = LABELS.index(label) * 3
    return [rng.randint(0, 6) + shift, rng.randint(0, 10), rng.randint(-5, 5) * (1 + shift)]


def measurement_row(rng, label):
    shift = LABELS.index(label) * 1.5
    return {"length": rng.gauss(5 + shift, 1), "width": rng.uniform(0, 3) + shift, "depth": rng.gauss(0, 1e3)}


def exact_measurement_row(rng, label):
    """Measurements as exact Fractions of the very floats: Gaussian statistics then add without rounding."""
    return {feature: Fraction(value) for feature, value in measurement_row(rng, label).items()}


def count_row(rng, label):
    row = {"links": int(rng.expovariate(0.5 + LABELS.index(label))), "caps": rng.randint(0, 20)}
    if rng.random() < 0.1:
        row["links"] = None
    return row


def mixed_row(rng, label):
    return {
        "colour": rng.choice(["red", "blue"] if label == "a" else ["blue", "green"]),
        "length": rng.gauss(LABELS.index(label), 1),
        "links": rng.randint(0, 4),
    }


def histogram_row(rng, label):
    """Whole numbers in [-100, 100]; every partition starts with the least and the greatest (see partitions_of)."""
    return [rng.randint(-60, 60) + 20 * LABELS.index(label), rng.randint(-100, 100)]


def partitions_of(row_of, seed, edges=None):
    """Four partitions of (row, label) pairs: mixed classes, none, one class ("b"), mixed classes.

    ``edges``: rows to put first in every non-empty partition, so that a
    histogram learns the same bin edges from each partition as from all rows
    (the edges are learned by a model's first batch; docs/many-cores.md).
    """
    rng = random.Random(seed)

    def rows(n, labels):
        pairs = []
        for _ in range(n):
            label = rng.choice(labels)
            pairs.append((row_of(rng, label), label))
        return pairs

    partitions = [rows(25, LABELS), [], rows(12, ("b",)), rows(30, LABELS)]
    if edges:
        partitions = [edges + part if part else part for part in partitions]
    return partitions


HISTOGRAM_EDGES = [([-100, -100], "a"), ([100, 100], "c")]

# name -> (a new model, a row of one label, rows put first in every partition, statistics pooled from floats)
CASES = {
    "multinomial": (MultinomialNB, text_row, None, False),
    "bernoulli": (partial(BernoulliNB, alpha=Fraction(1, 2)), text_row, None, False),
    "complement": (partial(ComplementNB, norm=True), text_row, None, False),
    "categorical": (CategoricalNB, category_row, None, False),
    "poisson": (PoissonNB, count_row, None, False),
    "histogram": (partial(HistogramNB, n_bins=5), histogram_row, HISTOGRAM_EDGES, False),
    "gaussian, whole numbers": (GaussianNB, whole_number_row, None, True),  # (float statistics for whole numbers)
    "gaussian, exact fractions": (GaussianNB, exact_measurement_row, None, False),
    "gaussian, floats": (GaussianNB, measurement_row, None, True),
    "mixed": (MixedNB, mixed_row, None, True),
}

GAUSSIAN_STATISTICS = ("means_", "squared_deviations_")  # pooled by Chan's update: equal to 1e-12 for floats


def close(a, b):
    """Equal, with floats equal to 1e-12 (relative, or absolute near 0)."""
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)
    if isinstance(a, dict):
        return isinstance(b, dict) and list(a) == list(b) and all(close(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    return a == b


def assert_same_file(merged, whole, pooled_floats):
    """The merged model's file is the file of one fit: byte for byte, or but for pooled Gaussian floats to 1e-12."""
    merged_text, whole_text = to_json(merged), to_json(whole)
    if not pooled_floats:
        assert merged_text == whole_text
        return
    merged_file, whole_file = json.loads(merged_text), json.loads(whole_text)
    merged_tables, whole_tables = merged_file.pop("tables"), whole_file.pop("tables")
    assert merged_file == whole_file  # header and settings
    assert list(merged_tables) == list(whole_tables)
    for name, table in whole_tables.items():
        if name in GAUSSIAN_STATISTICS:
            assert close(merged_tables[name], table), name
        else:
            assert json.dumps(merged_tables[name]) == json.dumps(table), name  # the same text, byte for byte


def one_fit(make, partitions):
    X = [row for part in partitions for row, _ in part]
    y = [label for part in partitions for _, label in part]
    return make().fit(X, y), X


def test_merging_in_one_process_is_one_fit_and_floats_pooled_differ_in_the_last_bits():
    """Without an engine: the count models give the file of one fit, and Gaussian floats pooled by Chan's
    update give a file that differs from it in the last bits (so the 1e-12 check below is not idle)."""
    spark_script = script("train_on_spark")
    for name, (make, row_of, edges, pooled_floats) in CASES.items():
        partitions = partitions_of(row_of, seed=1, edges=edges)
        texts = [spark_script.fit_partition(part, make)[0] for part in partitions]
        merged = texts[0]
        for text in texts[1:]:
            merged = spark_script.merge_texts(merged, text)
        whole, _ = one_fit(make, partitions)
        if pooled_floats:
            assert_same_file(from_json(merged), whole, pooled_floats)
        else:
            assert merged == to_json(whole), name
        if name == "gaussian, floats":
            assert merged != to_json(whole)


# ---------------------------------------------------------------------------
# Spark: one SparkSession (local[2]) for the module
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def spark():
    needed("pyspark")
    if shutil.which("java") is None and not _java_home():
        pytest.skip("could not import 'java': PySpark needs a Java runtime (apt-get install default-jre-headless)")
    from pyspark import cloudpickle

    module = script("train_on_spark")
    cloudpickle.register_pickle_by_value(module)  # Spark's workers get the script's functions by value
    session = module.start_spark("local[2]")
    yield session, module
    session.stop()


def _java_home():
    import os

    home = os.environ.get("JAVA_HOME")
    return home and Path(home, "bin", "java").exists()


@pytest.mark.parametrize("name", CASES)
def test_spark_partitions_merged_are_one_fit(spark, name):
    session, module = spark
    make, row_of, edges, pooled_floats = CASES[name]
    partitions = partitions_of(row_of, seed=1, edges=edges)
    rows = module.rdd_of_partitions(session, partitions)
    assert rows.getNumPartitions() == 4
    assert [len(part) for part in rows.glom().collect()] == [len(part) for part in partitions]
    merged = module.train_on_spark(rows, make)
    whole, X = one_fit(make, partitions)
    assert_same_file(merged, whole, pooled_floats)
    assert merged.predict(X) == whole.predict(X)


def test_spark_sends_models_as_json_text(spark):
    session, module = spark
    partitions = partitions_of(text_row, seed=2)
    rows = module.rdd_of_partitions(session, partitions)
    texts = rows.mapPartitions(partial(module.fit_partition, new_model=MultinomialNB)).collect()
    assert texts[1] is None  # the empty partition
    assert all(type(text) is str for i, text in enumerate(texts) if i != 1)
    assert [type(from_json(text)) for i, text in enumerate(texts) if i != 1] == [MultinomialNB] * 3
    assert from_json(texts[2]).classes_ == ["b"]  # the partition with a single class


def test_spark_with_many_partitions_gives_the_same_counts(spark):
    """Past four partitions treeReduce merges partition i with i + k first: the same counts, and the same file."""
    session, module = spark
    rng = random.Random(3)
    pairs = [(text_row(rng, label), label) for label in rng.choices(LABELS, k=300)]
    merged = module.train_on_spark(session.sparkContext.parallelize(pairs, 9), MultinomialNB)
    whole = MultinomialNB().fit(*zip(*pairs))
    for table in ("class_counts_", "feature_counts_", "feature_totals_", "document_lengths_", "vocabulary_"):
        assert getattr(merged, table) == getattr(whole, table), table  # dicts: equal whatever their order
    texts = [text for text, _ in pairs]
    assert merged.predict_proba(texts) == whole.predict_proba(texts)
    assert to_json(merged) == to_json(whole)  # the file writes its keys in one order: byte for byte at the default depth
    # depth=1: every model merged on the driver, in partition order: the file byte for byte
    fit = partial(module.fit_partition, new_model=MultinomialNB)
    text = session.sparkContext.parallelize(pairs, 9).mapPartitions(fit).treeReduce(module.merge_texts, depth=1)
    assert text == to_json(whole)


def test_spark_without_rows_says_so(spark):
    session, module = spark
    with pytest.raises(ValueError, match="no rows"):
        module.train_on_spark(module.rdd_of_partitions(session, [[], []]), MultinomialNB)


@pytest.mark.parametrize("model_type", ["multinomial", "bernoulli"])
def test_spark_mllib_predicts_what_the_library_predicts_with_its_prior(spark, model_type):
    session, module = spark
    texts, labels = load_spam()
    train = (texts[::2] + texts[1::4], labels[::2] + labels[1::4])
    test = (texts[3::4], labels[3::4])
    result = module.beside_mllib(session, train, test, model_type, smoothing=1.0)
    assert len(result["mllib"]) == len(test[0])
    assert result["library_spark_prior"] == result["mllib"]
    assert result["largest_probability_difference"] < 1e-9
    for ours, theirs in zip(result["spark_like_log_prior"], result["mllib_log_prior"]):
        assert math.isclose(ours, theirs, rel_tol=1e-12)
    assert all(not math.isclose(a, b) for a, b in zip(result["library_log_prior"], result["mllib_log_prior"]))


def test_spark_mllib_bernoulli_refuses_counts_where_the_library_reads_presence(spark):
    """Bernoulli's input checks differ: MLlib takes only 0 and 1, the library counts a word once whatever its count."""
    from pyspark.ml.classification import NaiveBayes

    session, module = spark
    texts, labels = ["chinese chinese beijing", "tokyo japan", "chinese macao"], ["china", "japan", "china"]
    model = BernoulliNB().fit(texts, labels)
    assert model.feature_counts_["china"]["chinese"] == 2  # N_jc: documents with the word, not occurrences
    counts = module.word_vectors(session, texts, labels, model.vocabulary_, model.classes_, binary=False)
    with pytest.raises(Exception, match=r"MUST be in \{0, 1\}"):
        NaiveBayes(modelType="bernoulli").fit(counts)


def test_spark_smoothed_prior_on_a_hand_computed_number():
    """MLlib's prior (N_c + lambda) / (N + K lambda): china 3 and japan 1 documents, lambda = 1: 4/6 and 2/6."""
    module = script("train_on_spark")
    assert module.spark_smoothed_prior({"china": 3, "japan": 1}, 1.0) == {"china": Fraction(2, 3), "japan": Fraction(1, 3)}


# ---------------------------------------------------------------------------
# Dask: one LocalCluster of two worker processes for the module
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dask_client():
    needed("dask")
    needed("distributed", " (pip install 'dask[distributed]')")
    module = script("train_on_dask")
    client = module.start_dask(n_workers=2)
    client.upload_file(str(SCRIPTS / "train_on_dask.py"))  # the workers import the script's functions by name
    yield client, module
    client.close()
    client.cluster.close()


@pytest.mark.parametrize("name", CASES)
def test_dask_partitions_merged_are_one_fit(dask_client, name):
    client, module = dask_client
    make, row_of, edges, pooled_floats = CASES[name]
    partitions = partitions_of(row_of, seed=1, edges=edges)
    rows = module.bag_of_partitions(partitions)
    assert rows.npartitions == 4
    merged = module.train_on_dask(rows, make)
    whole, X = one_fit(make, partitions)
    assert_same_file(merged, whole, pooled_floats)
    assert merged.predict(X) == whole.predict(X)


def test_dask_runs_on_two_worker_processes(dask_client):
    client, module = dask_client
    workers = client.scheduler_info()["workers"]
    assert len(workers) == 2
    partitions = partitions_of(text_row, seed=4)
    texts = module.bag_of_partitions(partitions).map_partitions(
        partial(module.fit_partition, new_model=MultinomialNB)
    ).compute()
    assert texts[1] is None and all(type(text) is str for i, text in enumerate(texts) if i != 1)


def test_dask_with_many_partitions_is_one_fit_byte_for_byte(dask_client):
    """fold merges neighbouring partitions in order, so the file is one fit's for any number of partitions."""
    import dask.bag

    client, module = dask_client
    rng = random.Random(5)
    pairs = [(text_row(rng, label), label) for label in rng.choices(LABELS, k=300)]
    merged = module.train_on_dask(dask.bag.from_sequence(pairs, npartitions=9), MultinomialNB)
    assert to_json(merged) == to_json(MultinomialNB().fit(*zip(*pairs)))


def test_dask_script_runs_as_a_new_user_would(dask_client):
    """``python docs/scripts/train_on_dask.py`` on the shipped spam messages."""
    run = subprocess.run(
        [sys.executable, str(SCRIPTS / "train_on_dask.py"), "--partitions", "3"],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("byte for byte: True") == 2, run.stdout


# ---------------------------------------------------------------------------
# The large-corpus figures on the docs page are those of the saved run
# ---------------------------------------------------------------------------

ROOT = SCRIPTS.parent.parent
RUN = ROOT / "tests" / "benchmarks" / "large-corpus-run.json"


def test_the_large_corpus_picture_is_drawn_from_the_saved_run():
    run = json.loads(RUN.read_text(encoding="utf-8"))
    drawn = script("large_corpus_figure").CostPicture(run["results"]).to_svg()
    assert drawn == (ROOT / "docs" / "images" / "large-corpus-cost.svg").read_text(encoding="utf-8")


def test_the_large_corpus_table_on_the_page_is_the_saved_run():
    spec = importlib.util.spec_from_file_location("bench_large_corpus", ROOT / "tests" / "benchmarks" / "bench_large_corpus.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    run = json.loads(RUN.read_text(encoding="utf-8"))
    rows = [line for line in bench.report(run).splitlines() if line.startswith("| ")]
    page = (ROOT / "docs" / "many-cores.md").read_text(encoding="utf-8")
    assert len(rows) == len(run["results"]) + 1  # the header, then one row per (engine, size)
    assert all(row in page.splitlines() for row in rows)
    assert any(r["posts"] >= 2_000_000 for r in run["results"])  # at least two million documents
