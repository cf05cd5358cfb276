"""The accuracy of multinomial naive Bayes on 20 Newsgroups as its Dirichlet prior's strength changes (docs/priors.md).

The by-date split (11,314 training posts, 7,532 test posts), headers,
footers and quotes removed, the library's BagOfWords with its defaults; then
MultinomialNB with a symmetric Dirichlet(alpha) (the posterior mean, which is
add-alpha), with the MAP estimate under Dirichlet(alpha + 1) as a check that
they are the same model, and with a prior that leans: every word's
pseudo-counts in proportion to its share of all training words (Mitchell's
m-estimate with p = those shares).  It takes a few minutes in pure Python.

    .venv/bin/python docs/scripts/priors_newsgroups.py [--archive PATH]
"""

import argparse
import os
import time
from pathlib import Path

from naivebayes import BagOfWords, MultinomialNB, accuracy
from naivebayes.core.priors import Dirichlet, MEstimate
from naivebayes.datasets import load_20newsgroups

ROOT = Path(__file__).resolve().parent.parent.parent
STRENGTHS = (0.001, 0.01, 0.1, 1, 10, 100)
M_VALUES = (1_000, 10_000, 100_000)


def archive_path(given):
    """The archive named, else NAIVEBAYES_20NEWS_ARCHIVE, else ../shared/data's copy, else None (the cache)."""
    for candidate in (given, os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE"), ROOT.parent / "shared/data/20news-bydate.tar.gz"):
        if candidate and Path(candidate).is_file():
            return str(candidate)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", help="20news-bydate.tar.gz")
    options = parser.parse_args()
    archive = archive_path(options.archive)
    remove = ("headers", "footers", "quotes")
    train = load_20newsgroups("train", remove=remove, archive=archive, download_if_missing=False)
    test = load_20newsgroups("test", remove=remove, archive=archive, download_if_missing=False)
    started = time.perf_counter()
    words = BagOfWords()
    X_train = words.fit_transform(train.texts)
    X_test = words.transform(test.texts)
    print(f"{len(train.texts):,} training posts, {len(test.texts):,} test posts, {len(words.vocabulary_):,} words "
          f"({time.perf_counter() - started:.0f} s to count)")
    model = MultinomialNB(alpha=1).fit(X_train, train.labels)
    print("prior                                   test accuracy")
    for alpha in STRENGTHS:
        model.alpha = Dirichlet(alpha)
        print(f"Dirichlet({alpha:g}), posterior mean{'':<{16 - len(f'{alpha:g}')}}"
              f"{float(accuracy(test.labels, model.predict(X_test))):.4f}")
    model.alpha = Dirichlet(2, estimate="map")
    print(f"Dirichlet(2), MAP (= Dirichlet(1))      {float(accuracy(test.labels, model.predict(X_test))):.4f}")
    totals = {}
    for row in X_train:
        for word, count in row.items():
            totals[word] = totals.get(word, 0) + count
    all_words = sum(totals.values())
    shares = {word: count / all_words for word, count in totals.items()}
    for m in M_VALUES:
        model.alpha = MEstimate(m, p=shares)
        print(f"m-estimate, m = {m:<7,} p = word shares  {float(accuracy(test.labels, model.predict(X_test))):.4f}")
    print(f"({time.perf_counter() - started:.0f} s in all)")


if __name__ == "__main__":
    main()
