"""Train MultinomialNB on 20 Newsgroups in shards, one process per shard, then merge: the figures of docs/many-cores.md.

    python docs/scripts/train_in_shards.py --archive path/to/20news-bydate.tar.gz --shards 1 2 4

For each number of shards it cuts the 11,314 training posts into that many
consecutive parts, fits one model per part in a pool of worker processes
(the map step), merges the models (the reduce step), and checks the result
against one ``fit`` on all the posts: the same count tables, the same
log-likelihood rows and the same predictions on the 7,532 test posts.
"""

import argparse
import multiprocessing
import os
import time

from naivebayes import MultinomialNB
from naivebayes.datasets import load_20newsgroups
from naivebayes.naive_bayes.merging import merge


def fit_shard(shard):
    """The map step: one model for one shard of (texts, labels), and the CPU seconds it took.

    ``partial_fit``, not ``fit``: a shard may hold a single class.
    """
    texts, labels = shard
    start = time.process_time()  # this worker's own CPU time, whatever else the machine is doing
    model = MultinomialNB().partial_fit(texts, labels)
    return model, time.process_time() - start


def shards_of(texts, labels, n_shards):
    """``n_shards`` consecutive parts of about equal size."""
    size = -(-len(texts) // n_shards)  # rounded up
    return [(texts[i : i + size], labels[i : i + size]) for i in range(0, len(texts), size)]


def same_model(merged, whole, test_texts):
    """The same count tables, the same lookup rows, the same predictions."""
    return (
        all(getattr(merged, table) == getattr(whole, table) for table in whole.count_tables)
        and merged.log_likelihood_rows_ == whole.log_likelihood_rows_
        and merged.predict(test_texts) == whole.predict(test_texts)
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", default=None, help="the 20news-bydate.tar.gz file (default: the cache)")
    parser.add_argument("--shards", type=int, nargs="+", default=[1, 2, 4])
    arguments = parser.parse_args()

    train = load_20newsgroups("train", archive=arguments.archive)
    test = load_20newsgroups("test", archive=arguments.archive)
    print(f"20 Newsgroups: {len(train.texts):,} training posts, {len(test.texts):,} test posts, {os.cpu_count()} cores")

    start, start_cpu = time.perf_counter(), time.process_time()
    whole = MultinomialNB().fit(train.texts, train.labels)
    one_fit, one_fit_cpu = time.perf_counter() - start, time.process_time() - start_cpu
    print(f"one fit: {one_fit:.2f} s ({one_fit_cpu:.2f} s of CPU time)\n")

    print("| shards | CPU time of the largest shard | map: fit the shards | reduce: merge | total | equal to one fit |")
    print("|---:|---:|---:|---:|---:|---|")
    for n_shards in arguments.shards:
        shards = shards_of(train.texts, train.labels, n_shards)
        start = time.perf_counter()
        with multiprocessing.Pool(n_shards) as pool:
            results = pool.map(fit_shard, shards)
        mapped = time.perf_counter()
        merged = merge(*[model for model, _ in results])
        reduced = time.perf_counter()
        equal = same_model(merged, whole, test.texts)
        slowest = max(cpu for _, cpu in results)
        print(
            f"| {n_shards} | {slowest:.2f} s | {mapped - start:.2f} s | {reduced - mapped:.2f} s "
            f"| {reduced - start:.2f} s | {equal} |"
        )


if __name__ == "__main__":
    main()
