"""Time and memory of the UCI Adult census pipeline, against scikit-learn in the same run.

Run it from the repository root (a script, not a test: the machines are shared
and noisy, so a timed unit test would fail at random):

    python tests/benchmarks/bench_adult.py
    python tests/benchmarks/bench_adult.py --path ../shared/data --rounds 7

Each pipeline runs in a fresh Python process and is timed from the moment the
process is started until it has printed its accuracy, so interpreter start-up
and imports count, as they do for a student running a script.  Its peak
memory is the process's maximum resident set size.  The pipelines:

* ``naivebayes-mixed``: read ``adult.data`` and ``adult.test`` with
  ``load_adult``, fit ``MixedNB`` on all 14 features (strings categorical,
  numbers Gaussian, ``?`` missing), predict the test file, score;
* ``naivebayes-categorical``: the same with ``CategoricalNB`` on the 8
  categorical features;
* ``sklearn-mixed`` (when scikit-learn and pandas are importable): what a user
  would write, ``pandas.read_csv``, ``OrdinalEncoder`` + ``CategoricalNB`` on
  the categorical columns and ``GaussianNB`` on the numeric ones, the two joint
  log-likelihoods added (and the prior, counted twice, subtracted once);
* ``sklearn-categorical``: ``OrdinalEncoder`` + ``CategoricalNB`` alone.

The rounds alternate the pipelines; the table shows each pipeline's median,
and each ratio is the median of the per-round ratios to the scikit-learn
pipeline of the same kind.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
SHARED_DATA = REPOSITORY.parent / "shared" / "data"

CATEGORICAL = ["workclass", "education", "marital-status", "occupation", "relationship", "race", "sex", "native-country"]
NUMERIC = ["age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week"]
COLUMNS = [
    "age", "workclass", "fnlwgt", "education", "education-num", "marital-status", "occupation",
    "relationship", "race", "sex", "capital-gain", "capital-loss", "hours-per-week", "native-country", "income",
]
PIPELINES = ["naivebayes-mixed", "sklearn-mixed", "naivebayes-categorical", "sklearn-categorical"]
BASELINE = {"naivebayes-mixed": "sklearn-mixed", "naivebayes-categorical": "sklearn-categorical"}


def peak_memory_mb():
    """This process's peak resident set size so far, in MB (Linux reports KB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def naivebayes_pipeline(kind, path):
    from naivebayes import CategoricalNB, MixedNB
    from naivebayes.datasets import load_adult

    train = load_adult("train", path=path)
    test = load_adult("test", path=path)
    if kind == "mixed":
        model = MixedNB()
        train_rows, test_rows = train.rows, test.rows
    else:
        model = CategoricalNB()
        train_rows = [{feature: row[feature] for feature in CATEGORICAL} for row in train.rows]
        test_rows = [{feature: row[feature] for feature in CATEGORICAL} for row in test.rows]
    model.fit(train_rows, train.labels)
    return float(model.score(test_rows, test.labels))


def sklearn_pipeline(kind, path):
    import numpy as np
    import pandas as pd
    from sklearn.naive_bayes import CategoricalNB, GaussianNB
    from sklearn.preprocessing import OrdinalEncoder

    train = pd.read_csv(os.path.join(path, "adult.data"), header=None, names=COLUMNS, skipinitialspace=True)
    test = pd.read_csv(os.path.join(path, "adult.test"), header=None, names=COLUMNS, skipinitialspace=True, skiprows=1)
    y_train = train["income"].to_numpy()
    y_test = test["income"].str.rstrip(".").to_numpy()
    encoder = OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1)
    X_train = encoder.fit_transform(train[CATEGORICAL]).astype(int)
    X_test = encoder.transform(test[CATEGORICAL]).astype(int)
    categorical = CategoricalNB(min_categories=[len(c) for c in encoder.categories_]).fit(X_train, y_train)
    X_test[X_test < 0] = 0  # CategoricalNB cannot take an unseen category; a user must patch it somehow
    if kind == "categorical":
        predictions = categorical.predict(X_test)
    else:
        gaussian = GaussianNB().fit(train[NUMERIC].to_numpy(), y_train)
        log_prior = np.log(gaussian.class_prior_)
        joint = (
            categorical.predict_joint_log_proba(X_test)
            + gaussian.predict_joint_log_proba(test[NUMERIC].to_numpy())
            - log_prior
        )
        predictions = categorical.classes_[joint.argmax(axis=1)]
    return float((predictions == y_test).mean())


def child(name, path):
    """Run one pipeline in this process and print its accuracy and peak memory as JSON."""
    library, kind = name.split("-")
    run = naivebayes_pipeline if library == "naivebayes" else sklearn_pipeline
    accuracy = run(kind, path)
    print(json.dumps({"accuracy": accuracy, "peak_mb": peak_memory_mb()}))


def run_once(name, path):
    """Start a fresh process for one pipeline; its wall time from start to accuracy, and its figures."""
    start = time.perf_counter()
    finished = subprocess.run(
        [sys.executable, __file__, "--child", name, "--path", str(path)],
        capture_output=True,
        text=True,
        cwd=REPOSITORY,
    )
    seconds = time.perf_counter() - start
    if finished.returncode != 0:
        raise SystemExit(f"{name} failed:\n{finished.stderr}")
    figures = json.loads(finished.stdout.strip().splitlines()[-1])
    figures["seconds"] = seconds
    return figures


def sklearn_available():
    try:
        import pandas  # noqa: F401
        import sklearn  # noqa: F401
    except ImportError:
        return False
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--path", default=None, help="folder holding adult.data and adult.test")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    path = arguments.path or os.environ.get("NAIVEBAYES_ADULT_PATH") or SHARED_DATA
    if arguments.child:
        child(arguments.child, path)
        return
    if not (Path(path) / "adult.data").exists():
        raise SystemExit(f"no adult.data in {path}; pass --path FOLDER holding adult.data and adult.test")
    names = PIPELINES if sklearn_available() else [name for name in PIPELINES if name.startswith("naivebayes")]
    results = {name: [] for name in names}
    for round_number in range(arguments.rounds):
        for name in names:
            results[name].append(run_once(name, path))
        print(f"round {round_number + 1} of {arguments.rounds} done", file=sys.stderr)

    print(f"UCI Adult census: train on adult.data, score on adult.test; {arguments.rounds} rounds, medians")
    print(f"Python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} cores")
    print()
    print(f"{'pipeline':24} {'seconds':>8} {'time ratio':>11} {'peak MB':>8} {'memory ratio':>13} {'accuracy':>9}")
    for name in names:
        runs = results[name]
        seconds = statistics.median(run["seconds"] for run in runs)
        peak = statistics.median(run["peak_mb"] for run in runs)
        time_ratio = memory_ratio = ""
        baseline = BASELINE.get(name)
        if baseline in results:
            time_ratio = "{:.2f}x".format(
                statistics.median(a["seconds"] / b["seconds"] for a, b in zip(runs, results[baseline]))
            )
            memory_ratio = "{:.2f}x".format(
                statistics.median(a["peak_mb"] / b["peak_mb"] for a, b in zip(runs, results[baseline]))
            )
        print(f"{name:24} {seconds:8.2f} {time_ratio:>11} {peak:8.1f} {memory_ratio:>13} {runs[0]['accuracy']:9.4f}")


if __name__ == "__main__":
    main()
