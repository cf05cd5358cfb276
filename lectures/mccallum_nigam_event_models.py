# %% [markdown]
# # McCallum and Nigam (AAAI-98 workshop): the two event models against vocabulary size
#
# "A Comparison of Event Models for Naive Bayes Text Classification" compares the multi-variate
# Bernoulli model with the multinomial one at vocabulary sizes chosen by mutual information with the
# class, and finds the multinomial better at large vocabularies, "on average a 27% reduction in error"
# (its abstract).  This companion draws both models' accuracy against vocabulary size on 20
# Newsgroups.  Run it as a script (`python lectures/mccallum_nigam_event_models.py --archive
# PATH`) or open it as a notebook.

# %%
"""McCallum and Nigam (1998), the vocabulary-size comparison, on 20 Newsgroups.

1. Load the by-date split with the headers removed (the paper removed them;
   its own train/test splits were random, this companion uses the by-date one).
2. Rank the words by their mutual information with the class on the training
   posts (``VocabularySelector``), and, apart, by document frequency (Cornell).
3. At each vocabulary size: BernoulliNB and MultinomialNB (Laplace), fitted on
   the training posts restricted to the vocabulary, scored on all test posts.
4. The table with each size's error reduction, their mean beside the paper's
   27%, and the picture (SVG, with --out).

    python lectures/mccallum_nigam_event_models.py --archive ../shared/data/20news-bydate.tar.gz
    python lectures/mccallum_nigam_event_models.py --archive ... --out docs/images
    python lectures/mccallum_nigam_event_models.py --archive ... --limit 2000   # 2,000 training posts
"""

import argparse
import os
import shlex
import sys
import time
from pathlib import Path

try:
    REPOSITORY = Path(__file__).resolve().parent.parent
except NameError:  # a notebook has no __file__ and runs in lectures/
    REPOSITORY = Path.cwd().resolve().parent
if str(REPOSITORY) not in sys.path:
    sys.path.insert(0, str(REPOSITORY))

from naivebayes import BernoulliNB, MultinomialNB, Tokenizer, VocabularySelector  # noqa: E402
from naivebayes.datasets import load_20newsgroups  # noqa: E402
from naivebayes.evaluation.split import train_test_split  # noqa: E402
from naivebayes.inspect.svg import Axes, Canvas, class_style, draw_legend, draw_marker, points_text  # noqa: E402
from naivebayes.text.documents import count_tokens  # noqa: E402

SIZES = (100, 300, 1000, 3000, 10000, 30000)
PAPER_MEAN_REDUCTION = 0.27  # the abstract: "on average a 27% reduction in error ... at any vocabulary size"


def heading(text):
    print()
    print(text)
    print("-" * len(text))


# %% [markdown]
# ## Step 1: the posts, without headers

# %%
def step_1_load(archive, limit):
    heading("Step 1. 20 Newsgroups by date, headers removed")
    train = load_20newsgroups("train", remove=("headers",), archive=archive)
    test = load_20newsgroups("test", remove=("headers",), archive=archive)
    texts, labels = train.texts, train.labels
    if limit is not None and limit < len(texts):
        texts, _, labels, _ = train_test_split(texts, labels, train_size=limit, stratify=labels, random_state=0)
        print(f"training on a stratified sample of {limit} posts (seed 0)")
    tokenizer = Tokenizer()
    train_bags = [count_tokens(tokenizer(text)) for text in texts]
    test_bags = [count_tokens(tokenizer(text)) for text in test.texts]
    print(f"{len(train_bags)} training posts, {len(test_bags)} test posts")
    return train_bags, labels, test_bags, test.labels


# %% [markdown]
# ## Step 2: ranking the words
#
# The paper ranks by the average mutual information between the class and a word's presence;
# Cornell's lecture keeps the words in most documents.  Both rankings are printed at the top.

# %%
def step_2_rank(train_bags, labels):
    heading("Step 2. The words ranked by mutual information with the class")
    everything = len({word for bag in train_bags for word in bag})
    by_information = VocabularySelector(everything).fit(train_bags, labels)
    by_frequency = VocabularySelector(10, by="document_frequency").fit(train_bags)
    print("by information:", ", ".join(by_information.vocabulary_[:10]))
    print("by document frequency (Cornell):", ", ".join(by_frequency.vocabulary_))
    return by_information.vocabulary_


# %% [markdown]
# ## Step 3: both event models at each vocabulary size

# %%
def step_3_curves(data, ranking, sizes):
    heading("Step 3. Bernoulli and multinomial naive Bayes at each vocabulary size")
    train_bags, labels, test_bags, test_labels = data
    sizes = [size for size in sizes if size < len(ranking)] + [len(ranking)]
    results = {}
    for size in sizes:
        kept = set(ranking[:size])
        train = [{word: count for word, count in bag.items() if word in kept} for bag in train_bags]
        test = [{word: count for word, count in bag.items() if word in kept} for bag in test_bags]
        start = time.perf_counter()
        accuracies = [float(Model().fit(train, labels).score(test, test_labels)) for Model in (BernoulliNB, MultinomialNB)]
        results[size] = accuracies
        print(f"{size:7} words: Bernoulli {accuracies[0]:.4f}, multinomial {accuracies[1]:.4f}  "
              f"({time.perf_counter() - start:.0f} s)")
    return results


# %% [markdown]
# ## Step 4: the error reduction, beside the paper's 27%
#
# At each size, (Bernoulli's error - the multinomial's) / Bernoulli's error; their mean is set
# beside the abstract's "on average a 27% reduction in error", which averages five corpora.

# %%
def step_4_table(results, n_test):
    heading("Step 4. Error reduction of the multinomial over the Bernoulli model")
    reductions = []
    print(f"{'words':>7} {'Bernoulli':>10} {'multinomial':>12} {'reduction':>10}")
    for size, (bernoulli, multinomial) in results.items():
        reduction = ((1 - bernoulli) - (1 - multinomial)) / (1 - bernoulli)
        reductions.append(reduction)
        print(f"{size:7} {bernoulli:10.4f} {multinomial:12.4f} {reduction:+10.1%}")
    mean_reduction = sum(reductions) / len(reductions)
    print(f"mean error reduction over these sizes: {mean_reduction:.1%} (the paper's abstract: "
          f"{PAPER_MEAN_REDUCTION:.0%} on average, over its five corpora)")
    size = max(results)
    best = results[size][1]
    print(f"accuracy on the {n_test} test posts: {round(best * n_test)}/{n_test} = {best:.4f} "
          f"(multinomial, all {size} words)")


def draw_picture(results, path):
    sizes = sorted(results)
    canvas = Canvas(560, 340, "Bernoulli and multinomial naive Bayes against vocabulary size, 20 Newsgroups")
    axes = Axes(70, 40, 330, 240, (min(sizes) * 0.8, max(sizes) * 1.25), (0.0, 1.0), x_log=True)
    axes.draw_grid(canvas)
    axes.draw_frame(canvas, x_label="vocabulary size (by mutual information)", y_label="test accuracy",
                    title="McCallum and Nigam (1998)'s comparison")
    entries = []
    for k, name in enumerate(("Bernoulli", "multinomial")):
        style = class_style(k)
        points = [(axes.x(size), axes.y(results[size][k])) for size in sizes]
        canvas.add("polyline", points=points_text(points), fill="none", stroke=style.colour, stroke_width=2)
        for x, y in points:
            draw_marker(canvas, style.marker, x, y, fill=style.colour)
        entries.append((name, style, "marker"))
    draw_legend(canvas, 410, 50, entries)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(canvas.to_svg(), encoding="utf-8")
    print(f"picture written to {path}")


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--archive", help="a local 20news-bydate.tar.gz (default: the loader finds or downloads it)")
    parser.add_argument("--limit", type=int, metavar="N", help="a quick look: N training posts (stratified), 3 sizes")
    parser.add_argument("--out", help="a folder for the SVG picture (default: no picture)")
    return parser, parser.parse_args(argv)


def main(argv=None):
    parser, arguments = parse_arguments(argv)
    print("McCallum and Nigam (1998), the event models against vocabulary size, step by step")
    try:
        data = step_1_load(arguments.archive, arguments.limit)
    except (OSError, ValueError) as error:
        parser.exit(1, f"could not load 20 Newsgroups: {error}\n")
    ranking = step_2_rank(data[0], data[1])
    results = step_3_curves(data, ranking, SIZES if arguments.limit is None else (100, 1000))
    step_4_table(results, len(data[3]))
    if arguments.out:
        draw_picture(results, Path(arguments.out) / "mccallum-nigam-1998.svg")
    return 0


# %% [markdown]
# ## Run it
#
# As a script, the command line sets the options (`--help` lists them).  In a notebook, put them
# in `NOTEBOOK_ARGUMENTS`, for instance `["--archive", "path/to/20news-bydate.tar.gz"]`; the
# NAIVEBAYES_LECTURE_ARGUMENTS environment variable, when set, fills it (the tests use it).

# %%
NOTEBOOK_ARGUMENTS = shlex.split(os.environ.get("NAIVEBAYES_LECTURE_ARGUMENTS", ""))

if __name__ == "__main__":
    main(NOTEBOOK_ARGUMENTS if "ipykernel" in sys.modules else None)
