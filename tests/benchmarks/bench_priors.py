"""What a prior as the smoothing costs: fitting and predicting 20 Newsgroups with a number alpha against a prior.

    python tests/benchmarks/bench_priors.py --archive ../shared/data/20news-bydate.tar.gz
    python tests/benchmarks/bench_priors.py --archive ../shared/data/20news-bydate.tar.gz --repeat 3

A number alpha takes the derivation's rows, one estimate per distinct count
(docs/multinomial.md).  A prior (docs/priors.md) may give each word its own
pseudo-count, so its rows are built from each class's (count, pseudo-count)
pairs.  This script fits ``MultinomialNB`` on the 11,314 training posts of the
by-date split (the word counts made once, beforehand, by ``BagOfWords``) and
predicts the 7,532 test posts with:

* ``alpha=1``, the reference of every ratio;
* ``Dirichlet(1)``, the same estimates through the prior's branch;
* ``Dirichlet(1, per_value=...)``, a pseudo-count of its own for every word;
* ``MEstimate(m, p)`` with p each word's share of all training words, as
  docs/priors.md sweeps it;
* scikit-learn's ``MultinomialNB(alpha=array)`` on the same counts, where it
  is installed, for scale.

Each time is the best of ``--repeat`` runs, and each is reported as a ratio to
``alpha=1`` measured in the same process, beside the seconds.  It is a script,
not a test: a shared machine is too noisy for a timed test.
"""

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from naivebayes import BagOfWords, Dirichlet, MEstimate, MultinomialNB, accuracy  # noqa: E402
from naivebayes.datasets import load_20newsgroups  # noqa: E402


def best_time(function, repeat):
    """(the fewest seconds over ``repeat`` runs, the last run's result)."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def word_shares(rows):
    """{word: its share of all the training words}: the m-estimate's prior guess p."""
    totals = {}
    for row in rows:
        for word, count in row.items():
            totals[word] = totals.get(word, 0) + count
    everything = sum(totals.values())
    return {word: count / everything for word, count in totals.items()}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", required=True, help="20news-bydate.tar.gz")
    parser.add_argument("--repeat", type=int, default=1, help="runs per setting; the best is reported")
    arguments = parser.parse_args(argv)

    train = load_20newsgroups("train", archive=arguments.archive)
    test = load_20newsgroups("test", archive=arguments.archive)
    words = BagOfWords()
    train_rows, test_rows = words.fit_transform(train.data), words.transform(test.data)
    vocabulary = {word for row in train_rows for word in row}
    print(f"20 Newsgroups by date: {len(train_rows):,} training and {len(test_rows):,} test posts, "
          f"{len(vocabulary):,} words (BagOfWords' defaults, counted once before timing)")

    shares = word_shares(train_rows)
    per_word = {word: 1 + (len(word) % 3) / 2 for word in vocabulary}  # 1, 1.5 or 2: a pseudo-count per word
    settings = [
        ("alpha=1 (the reference)", 1),
        ("Dirichlet(1)", Dirichlet(1)),
        ("Dirichlet(1, per_value=one per word)", Dirichlet(1, per_value=per_word)),
        ("MEstimate(m=100000, p=word shares)", MEstimate(100000, p=shares)),
    ]
    results = []
    for name, alpha in settings:
        fit_seconds, model = best_time(lambda: MultinomialNB(alpha=alpha).fit(train_rows, train.target),
                                       arguments.repeat)
        predict_seconds, predicted = best_time(lambda: model.predict(test_rows), arguments.repeat)
        results.append((name, fit_seconds, predict_seconds, accuracy(test.target, predicted)))

    reference_fit, reference_predict = results[0][1], results[0][2]
    print(f"\n{'alpha':<40} {'fit s':>7} {'ratio':>6} {'predict s':>10} {'ratio':>6} {'accuracy':>9}")
    for name, fit_seconds, predict_seconds, score in results:
        print(f"{name:<40} {fit_seconds:7.2f} {fit_seconds / reference_fit:6.2f} {predict_seconds:10.2f} "
              f"{predict_seconds / reference_predict:6.2f} {float(score):9.4f}")

    try:
        import numpy as np
        from scipy.sparse import csr_matrix
        from sklearn.naive_bayes import MultinomialNB as ScikitMultinomialNB
    except ImportError:
        print("\n(scikit-learn, numpy or scipy is not installed: no reference run)")
        return
    columns = {word: j for j, word in enumerate(sorted(vocabulary))}

    def matrix(rows):
        data, indices, pointers = [], [], [0]
        for row in rows:
            for word, count in row.items():
                if word in columns:
                    indices.append(columns[word])
                    data.append(count)
            pointers.append(len(indices))
        return csr_matrix((data, indices, pointers), shape=(len(rows), len(columns)), dtype=float)

    X_train, X_test = matrix(train_rows), matrix(test_rows)
    alphas = np.array([per_word[word] for word in sorted(vocabulary)])
    fit_seconds, reference = best_time(lambda: ScikitMultinomialNB(alpha=alphas).fit(X_train, train.target),
                                       arguments.repeat)
    predict_seconds, predicted = best_time(lambda: reference.predict(X_test), arguments.repeat)
    same = sum(int(a == b) for a, b in zip(predicted, MultinomialNB(alpha=Dirichlet(1, per_value=per_word))
                                          .fit(train_rows, train.target).predict(test_rows)))
    print(f"{'scikit-learn, alpha = the same array':<40} {fit_seconds:7.2f} {fit_seconds / reference_fit:6.2f} "
          f"{predict_seconds:10.2f} {predict_seconds / reference_predict:6.2f} "
          f"{accuracy(list(test.target), list(predicted)):9.4f}")
    print(f"(the same predictions as Dirichlet(1, per_value=...) on {same:,} of {len(test_rows):,} test posts; "
          "its time leaves out the conversion to a sparse matrix)")


if __name__ == "__main__":
    main()
