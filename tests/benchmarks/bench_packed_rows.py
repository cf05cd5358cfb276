"""Packed rows against rows of floats: the default path and the named fast route, building the table and scoring the test posts.

    python tests/benchmarks/bench_packed_rows.py --archive ../shared/data/20news-bydate.tar.gz

``MultinomialNB(alpha=1.0)`` is fitted once on the 20 Newsgroups training
posts (scikit-learn's token pattern) and the test posts are tokenized once;
then, in this one process, each pass times

* building the table: ``multinomial_log_likelihood_rows`` (a row of K floats
  per word, what ``log_likelihood_rows_`` holds) against
  ``multinomial_packed_rows`` (each word's K values packed in one integer,
  what ``PackedScorer`` uses, naivebayes/fast/packed.py);
* scoring every test post: the model's default path (``floats_of_tokens``
  below: the post counted, its rows summed per class) against
  ``packed_multinomial_joint``.

It prints the median of the passes for each, every pass, and the largest
relative difference between the two ways' scores.  It is a script, not a
test: a shared machine is too noisy for a timed test.  docs/performance.md
(section "Many sums in one integer") quotes one run.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from naivebayes import MultinomialNB, Tokenizer  # noqa: E402
from naivebayes.datasets import load_20newsgroups  # noqa: E402
from naivebayes.fast.packed import multinomial_packed_rows, packed_multinomial_joint  # noqa: E402
from naivebayes.naive_bayes.multinomial import multinomial_joint_log_likelihoods, multinomial_log_likelihood_rows  # noqa: E402
from naivebayes.text.documents import count_tokens  # noqa: E402
from naivebayes.text.tokenize import SKLEARN_PATTERN  # noqa: E402

SHARED_ARCHIVE = ROOT.parent / "shared" / "data" / "20news-bydate.tar.gz"


def floats_of_tokens(tokens, rows, log_priors):
    """The default path: the document counted, then its rows of floats summed per class (the vector form)."""
    return multinomial_joint_log_likelihoods(count_tokens(tokens), rows, log_priors)


def timed(call, *arguments):
    """(seconds, result) of one call."""
    start = time.perf_counter()
    result = call(*arguments)
    return time.perf_counter() - start, result


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", help="20news-bydate.tar.gz (default: NAIVEBAYES_20NEWS_ARCHIVE, ../shared/data)")
    parser.add_argument("--passes", type=int, default=5, help="passes of the four timings (default 5)")
    arguments = parser.parse_args(argv)
    archive = arguments.archive or os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE")
    if archive is None and SHARED_ARCHIVE.exists():
        archive = SHARED_ARCHIVE
    if archive is None:
        parser.error("the 20 Newsgroups archive was not found: pass --archive PATH")
    if arguments.passes < 1:
        parser.error("--passes must be at least 1")

    train = load_20newsgroups(subset="train", archive=archive)
    test = load_20newsgroups(subset="test", archive=archive)
    tokenizer = Tokenizer(pattern=SKLEARN_PATTERN)
    model = MultinomialNB(alpha=1.0, tokenizer=tokenizer).fit(train.texts, train.labels)
    test_tokens = [tokenizer(text) for text in test.texts]
    tables = (model.feature_counts_, model.feature_totals_, model.classes_, model.vocabulary_, model.alpha)
    log_priors = model.log_priors_

    seconds = {"rows of floats": [], "packed rows": [], "score with the rows of floats": [], "score with the packed rows": []}
    for _ in range(arguments.passes):
        took, rows = timed(multinomial_log_likelihood_rows, *tables)
        seconds["rows of floats"].append(took)
        took, (packed, lanes) = timed(multinomial_packed_rows, *tables)
        seconds["packed rows"].append(took)
        took, old = timed(lambda: [floats_of_tokens(tokens, rows, log_priors) for tokens in test_tokens])
        seconds["score with the rows of floats"].append(took)
        took, new = timed(
            lambda: [packed_multinomial_joint(tokens, packed, lanes, log_priors) for tokens in test_tokens]
        )
        seconds["score with the packed rows"].append(took)

    print(f"MultinomialNB(alpha=1.0): {len(model.vocabulary_):,} words, {len(model.classes_)} classes, {lanes}")
    print(f"{len(test_tokens):,} test posts, {sum(map(len, test_tokens)):,} tokens; {arguments.passes} passes in one process")
    for name, values in seconds.items():
        print(f"  {name:32} median {statistics.median(values):.3f} s   ({' '.join(f'{value:.3f}' for value in values)})")
    difference = max(abs(a - b) / abs(b) for old_scores, new_scores in zip(old, new) for a, b in zip(old_scores, new_scores))
    print(f"  largest relative difference between the two ways' scores: {difference:.2e}")


if __name__ == "__main__":
    main()
