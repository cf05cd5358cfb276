"""Train naive Bayes with Dask: each partition of a bag fits a model, the models are folded with merge (docs/many-cores.md).

    python docs/scripts/train_on_dask.py                          # the shipped spam messages
    python docs/scripts/train_on_dask.py --archive 20news-bydate.tar.gz --partitions 4

A ``LocalCluster`` of two worker processes stands for a cluster.  The map
step fits one model per partition of a ``dask.bag`` of (example, label)
pairs; ``fold`` merges them, first within groups of neighbouring partitions
on the workers, then the groups.  A model travels between processes as the
JSON text that ``naivebayes.saving.to_json`` writes (a Python ``str``), not
as a pickled model.  The script checks that the merged model's file is byte
for byte the file of one ``fit`` on all the rows.

Needs ``pip install "dask[distributed]"``.
"""

import argparse
import time
from functools import partial

from naivebayes import BernoulliNB, MultinomialNB
from naivebayes.naive_bayes.merging import merge
from naivebayes.saving import from_json, to_json


# --8<-- [start:dask-cluster]
def start_dask(n_workers=2):
    """A cluster of ``n_workers`` worker processes on this machine (one thread each), and a client to it."""
    from dask.distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True, dashboard_address=None)
    return Client(cluster)
# --8<-- [end:dask-cluster]


# --8<-- [start:dask-map-reduce]
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


def train_on_dask(rows, new_model):
    """The model of all the rows of a dask.bag of (example, label) pairs: each partition fitted, the fits merged."""
    texts = rows.map_partitions(partial(fit_partition, new_model=new_model))
    text = texts.fold(merge_texts, initial=None).compute()
    if text is None:
        raise ValueError("the bag has no rows to train on")
    return from_json(text)
# --8<-- [end:dask-map-reduce]


def bag_of_partitions(partitions):
    """A dask.bag whose partition i holds exactly the (example, label) pairs ``partitions[i]`` (some may be empty)."""
    import dask.bag

    return dask.bag.from_sequence(partitions, partition_size=1).flatten()


def load_data(archive):
    """(texts, labels) to train on: 20 Newsgroups' training posts, or the shipped spam messages."""
    if archive:
        from naivebayes.datasets import load_20newsgroups

        train = load_20newsgroups("train", archive=archive)
        return train.texts, train.labels, "20 Newsgroups"
    from naivebayes.datasets import load_spam

    return (*load_spam(), "the shipped spam messages")


def main():
    import dask.bag

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", default=None, help="20news-bydate.tar.gz (default: the shipped spam messages)")
    parser.add_argument("--partitions", type=int, default=4)
    arguments = parser.parse_args()

    texts, labels, name = load_data(arguments.archive)
    print(f"{name}: {len(texts):,} training examples")
    client = start_dask()
    try:
        for Model in (MultinomialNB, BernoulliNB):
            start = time.perf_counter()
            rows = dask.bag.from_sequence(list(zip(texts, labels)), npartitions=arguments.partitions)
            merged = train_on_dask(rows, Model)
            seconds = time.perf_counter() - start
            same = to_json(merged) == to_json(Model().fit(texts, labels))
            print(f"{Model.__name__} on Dask, {rows.npartitions} partitions: {seconds:.1f} s; "
                  f"its file is the file of one fit, byte for byte: {same}")
    finally:
        client.close()
        client.cluster.close()


if __name__ == "__main__":
    main()
