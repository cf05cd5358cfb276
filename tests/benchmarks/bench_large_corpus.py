"""A hundred times 20 Newsgroups, streamed from files: MultinomialNB on one process, multiprocessing, Dask and Spark.

    python tests/benchmarks/bench_large_corpus.py --archive ../shared/data/20news-bydate.tar.gz
    python tests/benchmarks/bench_large_corpus.py --sizes 1 4 16 64 425 --largest-engines multiprocessing --json run.json
    python tests/benchmarks/bench_large_corpus.py --sizes 1 4 --engines plain dask      # a quick look
    python tests/benchmarks/bench_large_corpus.py --from-json tests/benchmarks/large-corpus-run.json

The corpus.  "The corpus" is the 18,846 posts of 20 Newsgroups (training and
test posts together).  The benchmark resamples them with replacement (seed 0)
into shard files of 4,712 posts each (a quarter of the corpus), written once
to a cache folder as JSON lines, ``["label", "text"]``; a size of S shards is
the first S shard files.  The largest size, 425 shards, is 2,002,600 posts,
106 times the corpus.

Streaming.  Every engine gets the same work: the shard files cut into (at
most) four partitions of consecutive files.  A worker fits one partition by
reading it file by file, calling ``partial_fit`` once per batch of
``--batch`` files (default 4: one corpus, about 18,800 posts), and sends back
its model as the JSON text ``to_json`` writes; the models are merged in
partition order.  No process ever holds more than its model's tables and one
batch of posts.  The engines:

* ``plain``: one process reads all the partitions, one after the other;
* ``multiprocessing``: a ``multiprocessing.Pool`` of two worker processes;
* ``dask``: a Dask ``LocalCluster`` of two worker processes, a ``dask.bag``
  of the partitions, ``map_partitions`` then ``fold`` (docs/scripts/train_on_dask.py);
* ``spark``: PySpark, ``local[2]``, an RDD of the partitions, ``mapPartitions``
  then ``treeReduce`` (docs/scripts/train_on_spark.py), the driver's JVM
  given at most 1 GB.

Each (engine, size) runs in a fresh process of its own, which reports its
wall-clock seconds, the tokens counted (the sum of n_c over the classes),
the peak memory (RSS) of its largest process and of all its processes
together (the JVM of Spark and the worker processes included, sampled every
0.2 s by psutil), and a SHA-256 of the model file: all the engines must give
the same file at each size, and the report says whether they do.  Time per
million tokens is reported as seconds and as a ratio to the plain process.

It is a script, not a test: a shared machine is too noisy for a timed test.
``--json FILE`` saves the run; docs/scripts/large_corpus_figure.py draws it.
"""

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SHARD_POSTS = 4712  # a quarter of the corpus, rounded up: 18,846 / 4
CORPUS_POSTS = 18846
ENGINES = ("plain", "multiprocessing", "dask", "spark")
DEFAULT_SIZES = (1, 4, 16, 64, 425)  # shards: 0.25, 1, 4, 16 and 106 times the corpus


# ---------------------------------------------------------------------------
# The shard files, written once
# ---------------------------------------------------------------------------


def shard_path(cache, i):
    return Path(cache) / f"shard-{i:05d}.jsonl"


def write_shards(archive, cache, n_shards, seed=0):
    """Write shard files 0 .. n_shards - 1 that are not there yet (a file appears whole, by a rename)."""
    Path(cache).mkdir(parents=True, exist_ok=True)
    missing = [i for i in range(n_shards) if not shard_path(cache, i).exists()]
    if not missing:
        return
    from naivebayes.datasets import load_20newsgroups

    train, test = load_20newsgroups("train", archive=archive), load_20newsgroups("test", archive=archive)
    posts = list(zip(train.labels + test.labels, train.texts + test.texts))
    assert len(posts) == CORPUS_POSTS, len(posts)
    print(f"writing {len(missing)} shard files of {SHARD_POSTS:,} posts to {cache} ...", flush=True)
    for i in missing:
        rng = random.Random(f"{seed}-{i}")  # shard i is the same whichever shards were written before
        part = shard_path(cache, i).with_suffix(".part")
        with open(part, "w", encoding="utf-8") as file:
            for label, text in rng.choices(posts, k=SHARD_POSTS):
                file.write(json.dumps([label, text]) + "\n")
        os.replace(part, shard_path(cache, i))


# ---------------------------------------------------------------------------
# The map step (the same for every engine) and the reduce step
# ---------------------------------------------------------------------------


# --8<-- [start:large-corpus-map]
def read_posts(paths):
    """The (text, label) pairs of some shard files, one line at a time."""
    for path in paths:
        with open(path, encoding="utf-8") as file:
            for line in file:
                label, text = json.loads(line)
                yield text, label


def fit_files(paths, batch_files=4):
    """Fit a MultinomialNB on shard files, ``batch_files`` files per ``partial_fit``; its JSON text."""
    from naivebayes import MultinomialNB
    from naivebayes.saving import to_json

    model = MultinomialNB()
    for start in range(0, len(paths), batch_files):
        texts, labels = [], []
        for text, label in read_posts(paths[start : start + batch_files]):
            texts.append(text)
            labels.append(label)
        model.partial_fit(texts, labels)
        del texts, labels  # one batch at a time
    return to_json(model)
# --8<-- [end:large-corpus-map]


def merge_texts(first, second):
    """Two models' JSON texts -> the merged model's JSON text (None: a partition without files)."""
    from naivebayes.naive_bayes.merging import merge
    from naivebayes.saving import from_json, to_json

    if first is None or second is None:
        return second if first is None else first
    return to_json(merge(from_json(first), from_json(second)))


def fit_partition(paths_of_partitions, batch_files):
    """For Spark and Dask: the partitions (lists of paths) of one engine partition -> [their model's text]."""
    paths = [path for paths in paths_of_partitions for path in paths]
    return [fit_files(paths, batch_files) if paths else None]


def partitions_of(paths, n_partitions=4):
    """At most ``n_partitions`` runs of consecutive files, of about equal length."""
    n = min(n_partitions, len(paths))
    size = -(-len(paths) // n)
    return [paths[i : i + size] for i in range(0, len(paths), size)]


def run_plain(partitions, batch_files):
    text = None
    for paths in partitions:
        text = merge_texts(text, fit_files(paths, batch_files))
    return text


def run_multiprocessing(partitions, batch_files):
    import functools
    import multiprocessing

    with multiprocessing.Pool(2) as pool:
        texts = pool.map(functools.partial(fit_files, batch_files=batch_files), partitions, chunksize=1)
    text = None
    for other in texts:
        text = merge_texts(text, other)
    return text


def run_dask(partitions, batch_files):
    import functools

    import dask.bag
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster):
            bag = dask.bag.from_sequence(partitions, npartitions=len(partitions))
            fit = functools.partial(fit_partition, batch_files=batch_files)
            return bag.map_partitions(fit).fold(merge_texts, initial=None).compute()


def run_spark(partitions, batch_files):
    import functools

    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("naivebayes-large-corpus")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.memory", "1g")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    try:
        rdd = spark.sparkContext.parallelize(partitions, len(partitions))
        fit = functools.partial(fit_partition, batch_files=batch_files)
        return rdd.mapPartitions(fit).treeReduce(merge_texts)
    finally:
        spark.stop()


RUNS = {"plain": run_plain, "multiprocessing": run_multiprocessing, "dask": run_dask, "spark": run_spark}


class MemorySampler:
    """The peak RSS of this process and its descendants, sampled every ``interval`` seconds by psutil."""

    def __init__(self, interval=0.2):
        import psutil

        self.psutil, self.interval = psutil, interval
        self.largest = self.total = 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.sample, daemon=True)

    def sample(self):
        me = self.psutil.Process()
        while not self.stopped.is_set():
            sizes = []
            for process in [me, *me.children(recursive=True)]:
                try:
                    sizes.append(process.memory_info().rss)
                except self.psutil.Error:  # (a process that ended meanwhile)
                    pass
            self.largest = max(self.largest, max(sizes))
            self.total = max(self.total, sum(sizes))
            self.stopped.wait(self.interval)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stopped.set()
        self.thread.join()


def run_one(engine, cache, n_shards, batch_files):
    """One (engine, size) in this process: its figures as a dict."""
    from naivebayes.saving import from_json

    paths = [str(shard_path(cache, i)) for i in range(n_shards)]
    partitions = partitions_of(paths)
    with MemorySampler() as memory:
        start = time.perf_counter()
        text = RUNS[engine](partitions, batch_files)
        seconds = time.perf_counter() - start
    model = from_json(text)
    tokens = sum(model.feature_totals_.values())  # n_c summed over the classes: every token counted
    return {
        "engine": engine,
        "shards": n_shards,
        "posts": n_shards * SHARD_POSTS,
        "tokens": tokens,
        "vocabulary": len(model.vocabulary_),
        "seconds": seconds,
        "seconds_per_million_tokens": seconds / (tokens / 1e6),
        "peak_rss_largest_process_mb": memory.largest / 2**20,
        "peak_rss_all_processes_mb": memory.total / 2**20,
        "model_file_mb": len(text.encode()) / 2**20,
        "model_sha256": hashlib.sha256(text.encode()).hexdigest(),
        "partitions": len(partitions),
        "batch_posts": batch_files * SHARD_POSTS,
    }


# ---------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------


def report(run):
    lines = [
        f"{run['machine']}",
        f"corpus: 20 Newsgroups, {CORPUS_POSTS:,} posts, resampled into shard files of {SHARD_POSTS:,} posts; "
        f"a batch of {run['results'][0]['batch_posts']:,} posts per partial_fit",
        "",
        "| engine | posts | times the corpus | tokens | seconds | s per million tokens | ratio to plain "
        "| peak RSS, largest process | peak RSS, all processes | same file as plain |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    plain = {r["shards"]: r for r in run["results"] if r["engine"] == "plain"}
    for r in sorted(run["results"], key=lambda r: (r["shards"], ENGINES.index(r["engine"]))):
        base = plain.get(r["shards"])
        ratio = f"{r['seconds_per_million_tokens'] / base['seconds_per_million_tokens']:.2f}" if base else "-"
        if not base and plain:  # no plain run at this size: the ratio to the largest plain run
            largest = plain[max(plain)]
            ratio = f"{r['seconds_per_million_tokens'] / largest['seconds_per_million_tokens']:.2f} (a)"
        same = str(r["model_sha256"] == base["model_sha256"]) if base else "-"
        lines.append(
            f"| {r['engine']} | {r['posts']:,} | {r['posts'] / CORPUS_POSTS:.2f} | {r['tokens']:,} "
            f"| {r['seconds']:.1f} | {r['seconds_per_million_tokens']:.2f} | {ratio} "
            f"| {r['peak_rss_largest_process_mb']:.0f} MB | {r['peak_rss_all_processes_mb']:.0f} MB | {same} |"
        )
    if any(r["shards"] not in plain for r in run["results"]):
        lines.append("")
        lines.append("(a) no plain run at this size: the ratio to the plain process at the largest size it ran")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", default=None, help="20news-bydate.tar.gz (default: ../shared/data)")
    parser.add_argument("--cache", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "naivebayes-large-corpus"))
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES), help="shards (4,712 posts each)")
    parser.add_argument("--engines", nargs="+", default=list(ENGINES), choices=ENGINES)
    parser.add_argument("--largest-engines", nargs="+", default=None, choices=ENGINES,
                        help="the engines to run at the largest size (default: --engines)")
    parser.add_argument("--batch", type=int, default=4, help="shard files per partial_fit")
    parser.add_argument("--json", default=None, help="save the figures to this file")
    parser.add_argument("--append", action="store_true", help="add to the figures already in --json")
    parser.add_argument("--from-json", default=None, help="run nothing: print the report of a saved run")
    parser.add_argument("--run-one", default=None, help=argparse.SUPPRESS)  # engine:shards, in a fresh process
    arguments = parser.parse_args()

    if arguments.from_json:
        print(report(json.loads(Path(arguments.from_json).read_text())))
        return
    if arguments.run_one:
        engine, n_shards = arguments.run_one.split(":")
        print(json.dumps(run_one(engine, arguments.cache, int(n_shards), arguments.batch)))
        return

    archive = arguments.archive or str(ROOT.parent / "shared" / "data" / "20news-bydate.tar.gz")
    write_shards(archive, arguments.cache, max(arguments.sizes))
    run = {
        "machine": f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, load average "
        f"{os.getloadavg()[0]:.1f} at the start",
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "results": [],
    }
    if arguments.append and arguments.json and Path(arguments.json).exists():
        run = json.loads(Path(arguments.json).read_text())  # a run continued (the machine line is the first part's)
    for n_shards in sorted(arguments.sizes):
        largest = n_shards == max(arguments.sizes) and arguments.largest_engines
        for engine in arguments.largest_engines if largest else arguments.engines:
            command = [sys.executable, __file__, "--cache", arguments.cache, "--batch", str(arguments.batch),
                       "--run-one", f"{engine}:{n_shards}"]
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode:
                print(f"{engine} on {n_shards} shards failed:\n{done.stderr[-3000:]}", file=sys.stderr)
                continue
            result = json.loads(done.stdout.strip().splitlines()[-1])
            run["results"].append(result)
            print(f"{engine:>15} {result['posts']:>10,} posts: {result['seconds']:8.1f} s, "
                  f"{result['seconds_per_million_tokens']:.2f} s per million tokens, "
                  f"largest process {result['peak_rss_largest_process_mb']:.0f} MB, "
                  f"all {result['peak_rss_all_processes_mb']:.0f} MB", flush=True)
            if arguments.json:
                Path(arguments.json).write_text(json.dumps(run, indent=1) + "\n")
    run["finished"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    if arguments.json:
        Path(arguments.json).write_text(json.dumps(run, indent=1) + "\n")
    print()
    print(report(run))


if __name__ == "__main__":
    main()
