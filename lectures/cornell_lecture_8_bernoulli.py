# %% [markdown]
# # Cornell Tech, "Lecture 8: Naive Bayes" (Volodymyr Kuleshov): the text part
#
# Applied Machine Learning at Cornell Tech.  The lecture's own steps come first, in its order,
# each printing the number the lecture prints; then a clearly separate **going further** part
# with experiments the lecture does not make.  Run it as a script
# (`python lectures/cornell_lecture_8_bernoulli.py --archive PATH`) or open it as a notebook
# (Jupyter with jupytext, or VS Code): each step's cell runs that step and prints its numbers under it.

# %%
"""Cornell Tech's "Lecture 8: Naive Bayes" (Volodymyr Kuleshov), the text part, step by step.

This companion follows "Lecture 8: Naive Bayes" of Applied Machine Learning at
Cornell Tech, by Volodymyr Kuleshov: its text classification part (bag of
words on four newsgroups, then logistic regression on it) and its Bernoulli
naive Bayes example, which fits 1,000 binary features and reports a training
accuracy of 0.8693 (0.8692955250332299, 1,962 of 2,257 posts).  Each function
below is one step of the lecture, in the lecture's order; each prints what it
computed and why.

The lecture's steps:

1. Load four newsgroups (2,257 training posts), shuffled with seed 42; post 3.
2. Binary bag of words with every word: the lecture's 35,788 columns,
   "church" at 8,609 and "computer" at 9,338, and what post 3 contains.
3. Logistic regression on those features, the lecture's
   LogisticRegression(C=1e5): 'God is love' and 'OpenGL on the GPU is fast'.
4. The 1,000 words found in the most posts (15 words tie for the last 7 places).
5. Maximum likelihood parameters: phi_k = n_k / n (the lecture's
   [0.21267169 0.25875055 0.26318121 0.26539654]) and psi_jk = n_jk / n_k.
6. The lecture's prediction: clip psi to [1e-14, 1 - 1e-14], then
   argmax_k log phi_k + sum_j x_j log psi_jk + (1 - x_j) log(1 - psi_jk):
   the first ten predictions and the training accuracy, 0.8693.
7. The lecture's new post, 'OpenGL on the GPU is fast'.

Going further (the lecture does none of this):

A. Which 7 of the 15 tied words?  The training accuracy for all 6,435
   choices, and the choice numpy's sort makes: the lecture's 1,962 to the digit.
B. Laplace smoothing, psi_jk = (n_jk + 1) / (n_k + 2), BernoulliNB's default,
   against clipping, also on the bydate test posts of the four groups (the
   lecture uses no test set).
C. Naive Bayes against another logistic regression (L2 penalty lambda = 1,
   that is C = 1, on the 1,000 features; not the lecture's C = 1e5) at six
   training-set sizes, on those test posts.  About a minute and a half;
   ``--quick`` runs two small sizes, ``--skip-logistic`` leaves C out.

The data is the 20 Newsgroups bydate archive.  Offline, pass a local copy
(``--archive PATH`` or the NAIVEBAYES_20NEWS_ARCHIVE variable); otherwise
``load_20newsgroups`` uses its cache or downloads the archive once.  Run it
from the repository root:

    python lectures/cornell_lecture_8_bernoulli.py --archive ../shared/data/20news-bydate.tar.gz
    python lectures/cornell_lecture_8_bernoulli.py --archive ... --limit 200   # the first 200 posts
    python lectures/cornell_lecture_8_bernoulli.py --archive ... --skip-logistic   # without going further C
"""

import argparse
import importlib.util
import math
import operator
import os
import shlex
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

# Let the script run from a checkout without installing the package: put the
# repository root (the folder above lectures/) first on the import path.  A
# notebook has no __file__ and runs in the notebook's folder, lectures/.
try:
    REPOSITORY = Path(__file__).resolve().parent.parent
except NameError:
    REPOSITORY = Path.cwd().resolve().parent
if str(REPOSITORY) not in sys.path:
    sys.path.insert(0, str(REPOSITORY))

from naivebayes import BagOfWords, BernoulliNB, MultinomialNB, Tokenizer  # noqa: E402
from naivebayes.datasets import load_20newsgroups  # noqa: E402
from naivebayes.evaluation.metrics import accuracy  # noqa: E402
from naivebayes.text.tokenize import SKLEARN_PATTERN  # noqa: E402

CATEGORIES = ["alt.atheism", "soc.religion.christian", "comp.graphics", "sci.med"]
N_FEATURES = 1000
CLIP = 1e-14  # the lecture clips psi to [CLIP, 1 - CLIP]
MAX_CHOICES = 20_000  # going further A tries every choice of tied words when there are at most this many
MAX_ITERATIONS = 300  # going further C's default cap on L-BFGS iterations

# What the lecture printed (scikit-learn's CountVectorizer, numpy's arithmetic).
LECTURE_N_POSTS = 2257
LECTURE_N_WORDS = 35788  # X_train.shape with every word: (2257, 35788)
LECTURE_COLUMNS = {"church": 8609, "computer": 9338}
LECTURE_POST_3 = {"church": 1, "computer": 0, "doctor": 0, "important": 1}
LECTURE_PRIORS = "[0.21267169 0.25875055 0.26318121 0.26539654]"
LECTURE_FIRST_PREDICTIONS = "[1 1 3 0 3 3 3 2 2 2]"
LECTURE_TRAINING_ACCURACY = 0.8692955250332299  # (idx == y_train).mean(), i.e. 1962/2257
NEW_POST = "OpenGL on the GPU is fast"
LECTURE_NEW_DOCS = {"God is love": "soc.religion.christian", "OpenGL on the GPU is fast": "comp.graphics"}
LECTURE_C = 1e5  # LogisticRegression(C=1e5, multi_class='multinomial')
SKLEARN_MAX_ITER = 100  # LogisticRegression's default max_iter, which the lecture keeps

# A post written in latin-1 but stored as UTF-8 reads, as latin-1, "Ã©" where it meant "é".
E_ACUTE_STORED_AS_UTF8 = "\u00c3\u00a9"


def heading(title):
    """Print a step's title, underlined."""
    print()
    print(title)
    print("-" * len(title))


def as_numpy_list(values, decimals=None):
    """Print a list the way numpy prints a 1-d array: [0.21267169 0.25875055] or [1 1 3]."""
    if decimals is None:
        return "[" + " ".join(str(value) for value in values) + "]"
    return "[" + " ".join(f"{value:.{decimals}f}" for value in values) + "]"


def count_correct(truth, predictions):
    """How many predictions equal the true labels."""
    return sum(t == p for t, p in zip(truth, predictions))


def lecture_vectorizer(max_features=None):
    """The lecture's CountVectorizer(binary=True, max_features=...): scikit-learn's tokens, presence only."""
    return BagOfWords(tokenizer=Tokenizer(pattern=SKLEARN_PATTERN), binary=True, max_features=max_features)


# %% [markdown]
# ## The options
#
# As a script, the command line sets them (`--help` lists them).  In a notebook, put them in
# `NOTEBOOK_ARGUMENTS`, for instance `["--archive", "path/to/20news-bydate.tar.gz", "--skip-logistic"]`;
# the NAIVEBAYES_LECTURE_ARGUMENTS environment variable, when set, fills it (the tests use it).
# Every cell below runs its step at once and prints that step's numbers under it; imported as a
# module, the file runs no step.

# %%

def parse_arguments(argv):
    """The command line: ``--archive PATH``, ``--limit N``, and how much of going further C to run."""
    parser = argparse.ArgumentParser(
        description="Cornell Tech's \"Lecture 8: Naive Bayes\" (Kuleshov): Bernoulli naive Bayes on four newsgroups."
    )
    parser.add_argument("--archive", help="a local 20news-bydate.tar.gz (default: the loader finds or downloads it)")
    parser.add_argument("--limit", type=int, metavar="N", help="train on the first N training posts only")
    parser.add_argument("--skip-logistic", action="store_true",
                        help="leave out going further C, naive Bayes against logistic regression at six sizes")
    parser.add_argument("--quick", action="store_true",
                        help="going further C on two small training sets only (50 and 200 posts)")
    parser.add_argument(
        "--logistic-iterations", type=int, default=MAX_ITERATIONS, metavar="N",
        help=f"at most N L-BFGS iterations per logistic regression of going further C (default {MAX_ITERATIONS})",
    )
    arguments = parser.parse_args(argv)
    if arguments.logistic_iterations < 1:
        parser.error(f"--logistic-iterations must be at least 1, not {arguments.logistic_iterations}")
    if arguments.limit is not None and arguments.limit < 2:
        parser.error(f"--limit must be at least 2, not {arguments.limit}")
    return parser, arguments


NOTEBOOK_ARGUMENTS = shlex.split(os.environ.get("NAIVEBAYES_LECTURE_ARGUMENTS", ""))

if __name__ == "__main__":  # as a script, or in a notebook
    parser, arguments = parse_arguments(NOTEBOOK_ARGUMENTS if "ipykernel" in sys.modules else None)
    print("Cornell Tech, \"Lecture 8: Naive Bayes\" (Volodymyr Kuleshov), step by step:")
    print("Bernoulli naive Bayes on four newsgroups")
    print(f"The lecture's headline figure: training accuracy {LECTURE_TRAINING_ACCURACY} = 1962/2257 (step 6).")
    print("A run here can differ by a post or two: 15 words tie for the last 7 of the 1,000 features, and")
    print("which 7 are kept depends on a sort (step 6 says why, going further A reproduces 1962 exactly).")


# %% [markdown]
# ## Step 1. Four newsgroups
#
# The lecture's `fetch_20newsgroups(subset='train', categories=..., shuffle=True, random_state=42)`.

# %%

def step_1_load(archive, limit):
    """The lecture's four groups, training posts shuffled with random_state=42, and the test posts."""
    heading("Step 1. Four newsgroups of the 20 Newsgroups bydate split")
    train = load_20newsgroups(
        subset="train", categories=CATEGORIES, shuffle=True, random_state=42, archive=archive
    )
    test = load_20newsgroups(subset="test", categories=CATEGORIES, archive=archive)
    texts, labels = train.texts, train.labels
    if limit is not None:
        texts, labels = texts[:limit], labels[:limit]
    print(f"training posts: {len(texts)}   (lecture: {LECTURE_N_POSTS})")
    print(f"(the bydate test posts of these groups, {len(test.texts)}, are used only in going further B and C:")
    print(" the lecture has no test set)")
    print("class numbers, as scikit-learn gives them (the group names in sorted order):")
    for k, name in enumerate(train.label_names):
        print(f"  {k} {name}")
    print("The shuffle reproduces numpy's RandomState(42), so the posts come in the")
    print("lecture's order: post 3 is the lecture's example,")
    for line in texts[3].splitlines()[:2] if len(texts) > 3 else []:
        print(f"  | {line}")
    return texts, labels, test.texts, test.labels, train.label_names


if __name__ == "__main__":
    try:
        texts, labels, test_texts, test_labels, label_names = step_1_load(arguments.archive, arguments.limit)
    except (OSError, ValueError) as error:
        parser.exit(1, f"could not load 20 Newsgroups: {error}\n")
    if len(set(labels)) < 2:
        parser.error(f"the first {arguments.limit} posts hold one class only; use a larger --limit")


# %% [markdown]
# ## Step 2. Binary bag of words, every word a column
#
# The lecture's `CountVectorizer(binary=True)`: 35,788 columns.

# %%

def step_2_every_word(texts):
    """The lecture's CountVectorizer(binary=True): x_j = 1 when post x contains word j, for every word."""
    heading("Step 2. Binary bag of words, every word a column")
    everything = lecture_vectorizer()
    all_rows = everything.fit_transform(texts)  # one {word: 1} dict per post, every word
    columns = everything.vocabulary_  # {word: column}, alphabetical as in scikit-learn
    print(f"X_train: {len(all_rows)} posts x {len(columns)} words   "
          f"(lecture: ({LECTURE_N_POSTS}, {LECTURE_N_WORDS}); going further A explains any difference)")
    shown = ", ".join(f"{word!r}: {columns.get(word)}" for word in LECTURE_COLUMNS)
    print(f"columns of {shown}   (lecture: {LECTURE_COLUMNS})")
    if len(all_rows) > 3:
        present = {word: all_rows[3].get(word, 0) for word in LECTURE_POST_3}
        print(f"post 3 contains: {present}   (lecture: {LECTURE_POST_3})")
    return everything, all_rows


if __name__ == "__main__":
    everything, all_rows = step_2_every_word(texts)


# %% [markdown]
# ## Step 3. Logistic regression on the bag of words
#
# The lecture's `LogisticRegression(C=1e5, multi_class='multinomial')`, written out: softmax
# regression fitted by L-BFGS, then its two new documents.

# %%

GRADIENT_TOLERANCE = 1e-5  # stop when every partial derivative of J / n is smaller than this
LBFGS_MEMORY = 10  # the (step, change of gradient) pairs L-BFGS remembers
ARMIJO = 1e-4  # a step must lower J by at least this share of what the slope promises


def numbered_posts(rows, words):
    """Each post as the sorted numbers j of the feature words it contains: x_j = 1 for exactly these j."""
    number = {word: j for j, word in enumerate(words)}
    return [sorted(number[word] for word in row if word in number) for row in rows]


def posts_per_word(posts, n_features):
    """[the posts that contain word j, for every j]: where x_ij = 1, to sum over i quickly."""
    containing = [[] for _ in range(n_features)]
    for i, post in enumerate(posts):
        for j in post:
            containing[j].append(i)
    return containing


def unpack(parameters, n_features, n_classes):
    """(weights, biases) from the flat parameter list: weights[k] = [w_jk for every j], then the K biases."""
    weights = [parameters[k * n_features:(k + 1) * n_features] for k in range(n_classes)]
    return weights, parameters[n_classes * n_features:]


def class_scores(weights, biases, post):
    """[w_k^T x + b_k for every class k]: with binary x, w_k^T x is the sum of w_jk over the post's words."""
    return [b + sum(map(w.__getitem__, post)) for w, b in zip(weights, biases)]


def softmax_and_loss(scores, label):
    """(P(k | x) = softmax(scores)_k for every k, -log P(label | x)), shifted by the largest score."""
    largest = max(scores)
    exps = [math.exp(score - largest) for score in scores]
    total = sum(exps)
    return [e / total for e in exps], largest + math.log(total) - scores[label]


def logistic_objective(parameters, posts, labels, containing, strength, n_classes):
    """J / n and its gradient, for J = sum_i -log P(y_i | x_i) + (lambda / 2) sum_jk w_jk^2.

    P(k | x) = softmax_k(w_k^T x + b_k).  The gradient is
    dJ/dw_jk = sum_i (P(k | x_i) - [y_i = k]) x_ij + lambda w_jk, and dJ/db_k
    the same sum without x_ij (the biases are not penalised).  With binary x
    the sum over i runs over the posts that contain word j, ``containing[j]``.
    """
    n, n_features = len(posts), len(containing)
    weights, biases = unpack(parameters, n_features, n_classes)
    residuals = [[0.0] * n for _ in range(n_classes)]  # P(k | x_i) - [y_i = k]
    loss = 0.0
    for i, (post, label) in enumerate(zip(posts, labels)):
        probabilities, post_loss = softmax_and_loss(class_scores(weights, biases, post), label)
        loss += post_loss
        for k, p in enumerate(probabilities):
            residuals[k][i] = p - (k == label)
    penalty = strength / 2 * sum(w * w for w in parameters[: n_classes * n_features])
    gradient = []
    for class_weights, class_residuals in zip(weights, residuals):
        gradient.extend(
            (sum(map(class_residuals.__getitem__, posts_with_j)) + strength * w) / n
            for w, posts_with_j in zip(class_weights, containing)
        )
    gradient.extend(sum(class_residuals) / n for class_residuals in residuals)
    return (loss + penalty) / n, gradient


def dot(a, b):
    """a^T b."""
    return sum(map(operator.mul, a, b))


def inverse_hessian_times(gradient, steps, changes):
    """H g, with H the L-BFGS estimate of the inverse Hessian from the last steps s and gradient changes y.

    The two-loop recursion (Nocedal and Wright, *Numerical Optimization*,
    algorithm 7.4).  With no pair yet, H is the identity scaled so that the
    first step is short.
    """
    q = list(gradient)
    firsts = []
    for s, y in reversed(list(zip(steps, changes))):  # the newest pair first
        rho = 1 / dot(y, s)
        alpha = rho * dot(s, q)
        q = [a - alpha * b for a, b in zip(q, y)]
        firsts.append((rho, alpha, s, y))
    if steps:
        scale = dot(steps[-1], changes[-1]) / dot(changes[-1], changes[-1])
    else:
        scale = 1 / max(1.0, math.sqrt(dot(gradient, gradient)))
    r = [scale * a for a in q]
    for rho, alpha, s, y in reversed(firsts):  # the oldest pair first
        beta = rho * dot(y, r)
        r = [a + (alpha - beta) * b for a, b in zip(r, s)]
    return r


def lbfgs(objective, start, max_iterations, tolerance):
    """Minimise ``objective`` (x -> (value, gradient)) from ``start``: (x, value, iterations).

    Batch gradient descent whose step direction -H g is corrected by the
    curvature the last steps have shown (L-BFGS, a quasi-Newton method: the
    Newton step without the 4,004 x 4,004 Hessian).  The step length starts
    at 1 and is halved until J falls by at least ARMIJO of what the slope
    promises.  It stops when no partial derivative is above ``tolerance``.
    """
    x = list(start)
    value, gradient = objective(x)
    steps, changes = [], []
    for iteration in range(max_iterations):
        if max(map(abs, gradient)) < tolerance:
            return x, value, iteration
        direction = [-a for a in inverse_hessian_times(gradient, steps, changes)]
        slope = dot(gradient, direction)  # < 0: J falls along the direction
        step = 1.0
        while True:
            candidate = [a + step * d for a, d in zip(x, direction)]
            new_value, new_gradient = objective(candidate)
            if new_value <= value + ARMIJO * step * slope or step < 1e-10:
                break
            step /= 2
        steps.append([a - b for a, b in zip(candidate, x)])
        changes.append([a - b for a, b in zip(new_gradient, gradient)])
        if len(steps) > LBFGS_MEMORY:
            del steps[0], changes[0]
        x, value, gradient = candidate, new_value, new_gradient
    return x, value, max_iterations


def fit_logistic(posts, labels, n_features, n_classes, strength, max_iterations, tolerance=GRADIENT_TOLERANCE):
    """Multinomial logistic regression (softmax) with an L2 penalty: (weights, biases, iterations)."""
    containing = posts_per_word(posts, n_features)

    def objective(parameters):
        return logistic_objective(parameters, posts, labels, containing, strength, n_classes)

    start = [0.0] * (n_classes * (n_features + 1))  # every class equally likely
    parameters, _, iterations = lbfgs(objective, start, max_iterations, tolerance)
    weights, biases = unpack(parameters, n_features, n_classes)
    return weights, biases, iterations


def predict_logistic(weights, biases, posts):
    """argmax_k w_k^T x + b_k for every post (class numbers; the first wins a tie)."""
    predictions = []
    for post in posts:
        scores = class_scores(weights, biases, post)
        predictions.append(scores.index(max(scores)))
    return predictions


def mean_log_loss(weights, biases, posts, labels):
    """(1/n) sum_i -log P(y_i | x_i) under softmax(w_k^T x + b_k): the objective without the penalty."""
    losses = [softmax_and_loss(class_scores(weights, biases, post), label)[1] for post, label in zip(posts, labels)]
    return math.fsum(losses) / len(losses)


def sklearn_logistic_predictions(texts, labels, new_docs):
    """The lecture's own scikit-learn code on the same posts, when scikit-learn is installed: (predictions, n_iter) or None.

    ``multi_class='multinomial'`` is left out: scikit-learn 1.5 deprecated it and
    1.7 removed it, and softmax is what ``lbfgs`` fits for several classes anyway.
    """
    if importlib.util.find_spec("sklearn") is None:
        return None
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.linear_model import LogisticRegression

    count_vect = CountVectorizer(binary=True)
    X_train = count_vect.fit_transform(texts)
    logreg = LogisticRegression(C=LECTURE_C, max_iter=SKLEARN_MAX_ITER).fit(X_train, labels)
    return [str(label) for label in logreg.predict(count_vect.transform(new_docs))], int(logreg.n_iter_[0])


def step_3_logistic_regression(texts, labels, everything, all_rows):
    """The lecture's LogisticRegression(C=1e5) on every word, and its two new documents."""
    heading("Step 3. Logistic regression on the bag of words, C = 1e5")
    words = sorted(everything.vocabulary_)
    classes = sorted(set(labels))
    posts = numbered_posts(all_rows, words)
    numbers = [classes.index(label) for label in labels]
    strength = 1 / LECTURE_C  # scikit-learn minimises C sum_i -log P(y_i | x_i) + ||W||^2 / 2: lambda = 1 / C
    started = time.process_time()
    weights, biases, iterations = fit_logistic(posts, numbers, len(words), len(classes), strength, SKLEARN_MAX_ITER)
    seconds = time.process_time() - started
    print(f"Softmax regression over the {len(words)} binary features, J = sum_i -log P(y_i | x_i)")
    print(f"  + (lambda/2) ||W||^2 with lambda = 1/C = {strength:g}: the lecture's C = 1e5, almost no penalty.")
    print(f"  Fitted here by L-BFGS in plain Python (the functions above), as scikit-learn's lbfgs does:")
    print(f"  {iterations} iterations (at most {SKLEARN_MAX_ITER}, scikit-learn's default), {seconds:.1f} s.")
    training = count_correct(numbers, predict_logistic(weights, biases, posts))
    print(f"  training accuracy: {training}/{len(posts)} = {training / len(posts):.4f}   (the lecture prints none)")
    new_rows = everything.transform(list(LECTURE_NEW_DOCS))
    predicted = [classes[k] for k in predict_logistic(weights, biases, numbered_posts(new_rows, words))]
    for (doc, lecture), mine in zip(LECTURE_NEW_DOCS.items(), predicted):
        print(f"{doc!r} => {mine}   (lecture: {lecture})")
    theirs = sklearn_logistic_predictions(texts, labels, list(LECTURE_NEW_DOCS))
    if theirs is None:
        print("(scikit-learn is not installed, so the lecture's own LogisticRegression is not run here.)")
    else:
        same = "the same" if theirs[0] == predicted else "not the same"
        print(f"scikit-learn's LogisticRegression(C=1e5) on the same posts ({theirs[1]} iterations): "
              f"{', '.join(theirs[0])}: {same} predictions")
    return predicted


if __name__ == "__main__":
    step_3_logistic_regression(texts, labels, everything, all_rows)


# %% [markdown]
# ## Step 4. The 1,000 most frequent words
#
# `CountVectorizer(binary=True, max_features=1000)`.

# %%

def tied_at_the_cut(document_frequency, n_features):
    """Split the ranking that max_features cuts: (cut, words above it, words tied at it, places left).

    ``cut`` is the document frequency of the n_features-th word.  Every word
    found in more posts than that is kept; the tied words share what is left.
    """
    ranked = sorted(document_frequency.values(), reverse=True)
    cut = ranked[min(n_features, len(ranked)) - 1]
    above = sorted(word for word, df in document_frequency.items() if df > cut)
    tied = sorted(word for word, df in document_frequency.items() if df == cut)
    return cut, above, tied, min(n_features, len(ranked)) - len(above)


def step_4_thousand_words(texts, everything):
    """The lecture's CountVectorizer(binary=True, max_features=1000): the 1,000 words in the most posts."""
    heading("Step 4. The 1,000 most frequent words")
    # max_features keeps the 1,000 words with the largest corpus frequency, the sum of a column;
    # with binary=True that sum is the number of posts that contain the word, its document frequency.
    vectorizer = lecture_vectorizer(N_FEATURES)
    rows = vectorizer.fit_transform(texts)
    print(f"X_train: {len(rows)} posts x {len(vectorizer.vocabulary_)} words   "
          f"(lecture: ({LECTURE_N_POSTS}, {N_FEATURES}))")
    cut, above, tied, places = tied_at_the_cut(everything.document_frequency_, N_FEATURES)
    print(f"{len(above)} words are in more than {cut} posts; {len(tied)} words are in exactly {cut},")
    print(f"and they tie for the last {places} places." if places < len(tied) else "and all of them fit.")
    if places < len(tied) and len(tied) <= 30:
        occurrences = Counter()  # how often each tied word occurs, repeats included
        tokenizer = vectorizer.tokenizer
        wanted = set(tied)
        for text in texts:
            occurrences.update(token for token in tokenizer(text) if token in wanted)
        print("  word         posts   occurrences   kept here")
        for word in tied:
            kept = "yes" if word in vectorizer.vocabulary_ else "no"
            print(f"  {word:12} {everything.document_frequency_[word]:5} {occurrences[word]:13}   {kept}")
        same_count = {}
        for word in tied:
            same_count.setdefault(occurrences[word], []).append(word)
        still = [group for group in same_count.values() if len(group) > 1]
        print("With binary=True the ranking counts posts, not occurrences.  Counted with repeats,", end="")
        if still:
            shown = "; ".join(f"{' and '.join(group)} ({occurrences[group[0]]} each)" for group in still)
            print(f"\nmost of these would no longer tie, but some still would: {shown}.")
        else:
            print("\nnone of these would tie.")
        print("Among equals this library keeps the alphabetically first; scikit-learn keeps")
        print("whichever its sort puts first (going further A).")
    return vectorizer, rows, (cut, above, tied, places)


if __name__ == "__main__":
    vectorizer, rows, ties = step_4_thousand_words(texts, everything)


# %% [markdown]
# ## Step 5. Maximum likelihood parameters
#
# $\phi_k = n_k / n$ and $\psi_{jk} = n_{jk} / n_k$.

# %%

def step_5_parameters(rows, labels):
    """phi_k = n_k / n and psi_jk = n_jk / n_k: BernoulliNB(alpha=0), exact Fractions."""
    heading("Step 5. Maximum likelihood: phi_k = n_k / n, psi_jk = n_jk / n_k")
    model = BernoulliNB(alpha=0).fit(rows, labels)  # alpha = 0: no smoothing, the lecture's mean
    phis = [model.prior(label) for label in model.classes_]
    print(f"phis = {as_numpy_list([float(phi) for phi in phis], 8)}")
    print(f"       (lecture: {LECTURE_PRIORS})")
    for label, phi in zip(model.classes_, phis):
        print(f"  phi[{label}] = {model.class_counts_[label]}/{model.n_examples_} = {float(phi):.8f}")
    zeros = ones = 0
    for label in model.classes_:
        for word in model.vocabulary_:
            psi = model.likelihood(word, label)  # n_jk / n_k, the mean of column j over class k
            zeros += psi == 0
            ones += psi == 1
    print(f"psi_jk = 0 for {zeros} (word, class) pairs and psi_jk = 1 for {ones}:")
    print("a class that never saw word j would give any post with j the likelihood 0,")
    print("and log 0 = -inf.  The lecture's fix is to clip (step 6); BernoulliNB's is to smooth")
    print("(going further B).")
    example = min(
        (word for word in model.vocabulary_ if any(model.likelihood(word, c) == 0 for c in model.classes_)),
        default=None,
    )
    if example is not None:
        shown = ", ".join(f"{c}: {model.likelihood(example, c)}" for c in model.classes_)
        print(f"e.g. psi for {example!r}: {shown}")
    return model


if __name__ == "__main__":
    model = step_5_parameters(rows, labels)


# %% [markdown]
# ## Step 6. The lecture's prediction, with clipping
#
# The lecture's `nb_predictions`: clip, sum the logs, argmax; then `(idx == y_train).mean()`.

# %%

def clipped(psi):
    """psi clipped to [CLIP, 1 - CLIP], as the lecture's psis.clip(1e-14, 1-1e-14)."""
    return min(max(float(psi), CLIP), 1 - CLIP)


def clipped_parameters(model, words=None):
    """{label: {word: psi_jk clipped to [CLIP, 1 - CLIP]}} as floats, for ``words`` (default: all)."""
    words = model.vocabulary_ if words is None else words
    return {label: {word: clipped(model.likelihood(word, label)) for word in words} for label in model.classes_}


def clipped_scores(model, psis, row):
    """{label: log phi_k + sum_j x_j log psi_jk + (1 - x_j) log(1 - psi_jk)} for one post.

    The sum runs over all 1,000 words, present or not, exactly as the lecture
    writes it.  ``predict_clipped`` computes the same sums faster.
    """
    scores = {}
    for label in model.classes_:
        psi = psis[label]
        terms = [math.log(psi[word]) if word in row else math.log(1 - psi[word]) for word in psi]
        scores[label] = math.log(model.prior(label)) + math.fsum(terms)
    return scores


def empty_post_scores(model, psis):
    """{label: log phi_k + sum_j log(1 - psi_jk)}: the score of a post that contains none of the words."""
    return {
        label: math.log(model.prior(label)) + math.fsum(math.log(1 - p) for p in psis[label].values())
        for label in model.classes_
    }


def swap_terms(model, psis):
    """{label: {word: log psi_jk - log(1 - psi_jk)}}: what containing word j adds to an empty post's score."""
    return {
        label: {word: math.log(p) - math.log(1 - p) for word, p in psis[label].items()}
        for label in model.classes_
    }


def predict_clipped(model, psis, rows):
    """argmax_k of the clipped scores for every post (the first class wins a tie, like argmax).

    The same rewrite as BernoulliNB's rows (docs/bernoulli.md#eq-bernoulli-absent-sum):
    start every class from the score of a post with no words, log phi_k + sum_j log(1 - psi_jk),
    and let each word the post contains swap its log(1 - psi_jk) for log psi_jk.  That is one
    term per word of the post instead of one per word of the vocabulary.
    """
    empty_post = empty_post_scores(model, psis)
    swap = swap_terms(model, psis)
    predictions = []
    for row in rows:
        scores = {
            label: empty_post[label] + math.fsum(swap[label][word] for word in row if word in swap[label])
            for label in model.classes_
        }
        predictions.append(max(model.classes_, key=scores.__getitem__))
    return predictions


def step_6_clipped(model, rows, labels, label_names, n_words):
    """The lecture's clipped, unsmoothed model: the first ten predictions and the training accuracy."""
    heading("Step 6. The lecture's prediction: clip psi to [1e-14, 1 - 1e-14], then argmax")
    psis = clipped_parameters(model)
    predictions = predict_clipped(model, psis, rows)
    direct = clipped_scores(model, psis, rows[0])  # the lecture's sum over all words, for one post
    assert predictions[0] == max(model.classes_, key=direct.__getitem__)
    numbers = [label_names.index(label) for label in predictions[:10]]
    print(f"first ten predictions: {as_numpy_list(numbers)}   (lecture: {LECTURE_FIRST_PREDICTIONS})")
    correct = count_correct(labels, predictions)
    score = float(accuracy(labels, predictions))
    print(f"training accuracy, clipped: {correct}/{len(labels)} = {score:.4f}   "
          f"(lecture: {LECTURE_TRAINING_ACCURACY:.4f}, that is 1962/{LECTURE_N_POSTS})")
    print(f"(idx == y_train).mean() = {correct / len(labels)!r}   (lecture: {LECTURE_TRAINING_ACCURACY!r})")
    if len(labels) == LECTURE_N_POSTS and correct != 1962:
        print("Why not 1962: the 1,000 features are not quite the lecture's.  Fifteen words tie for the last")
        print("seven places (step 4); this library keeps the alphabetically first seven, scikit-learn")
        print("keeps the seven its sort happens to put first.", end=" ")
        if n_words != LECTURE_N_WORDS:
            print(f"And this copy of the archive has {n_words} words,")
            print(f"not {LECTURE_N_WORDS}, which changes that sort's order.", end=" ")
        print("Going further A tries every choice")
        print("and replays numpy's sort: it reproduces the lecture's 1962/2257 to the digit.")
    return psis, predictions, score


if __name__ == "__main__":
    psis, _, clipped_score = step_6_clipped(model, rows, labels, label_names, len(everything.vocabulary_))


# %% [markdown]
# ## Step 7. A new post

# %%

def step_7_new_post(model, psis, vectorizer):
    """The lecture's example post, classified by its clipped model."""
    heading("Step 7. A new post")
    row = vectorizer.transform([NEW_POST])[0]
    clipped_label = predict_clipped(model, psis, [row])[0]
    print(f"{NEW_POST!r} => {clipped_label}   (clipped; the lecture: comp.graphics)")
    print(f"known words in it: {sorted(row)}")
    return row


if __name__ == "__main__":
    new_row = step_7_new_post(model, psis, vectorizer)


# %% [markdown]
# ## Going further
#
# Everything from here on is an experiment the lecture does not make.
#
# ### A. Which of the tied words?  Every choice, and numpy's sort

# %%

def tied_word_races(model, all_rows, labels, above, tied):
    """For each post: (true label, {label: score without the tied words}, {label: [term of each tied word]}).

    A post's clipped score is a sum of one term per feature word, so with the
    words ``above`` the cut fixed, a choice of tied words only adds the terms
    of the chosen ones: log psi_jk if the post contains word j, else log(1 - psi_jk).
    """
    fixed_psis = clipped_parameters(model, above)
    tied_psis = clipped_parameters(model, tied)
    empty_post = empty_post_scores(model, fixed_psis)
    swap = swap_terms(model, fixed_psis)
    races = []
    for row, label in zip(all_rows, labels):
        base = {
            c: empty_post[c] + math.fsum(swap[c][word] for word in row if word in swap[c])
            for c in model.classes_
        }
        terms = {
            c: [math.log(tied_psis[c][word]) if word in row else math.log(1 - tied_psis[c][word]) for word in tied]
            for c in model.classes_
        }
        races.append((label, base, terms))
    return races


def winner_whatever_the_choice(classes, base, terms, places):
    """(the class that wins for every choice of ``places`` tied words, its smallest lead), or (None, None).

    Class c beats class k for every choice when its lead without the tied words
    is larger than the most that any ``places`` tied words can take off it.
    """
    leader = max(classes, key=lambda c: base[c] + sum(sorted(terms[c], reverse=True)[:places]))
    smallest_lead = math.inf
    for other in classes:
        if other == leader:
            continue
        gains = sorted(a - b for a, b in zip(terms[leader], terms[other]))  # what each word adds to the lead
        lead = base[leader] - base[other] + sum(gains[:places])  # the worst choice for the leader
        if lead <= 0:
            return None, None
        smallest_lead = min(smallest_lead, lead)
    return leader, smallest_lead


def accuracy_of_every_choice(model, all_rows, labels, above, tied, places):
    """{chosen tied words (a tuple): number of training posts predicted right}, for every choice.

    Most posts are predicted the same whatever the choice; only the others are
    scored once per choice.  Also returns how many posts the choice can move,
    and the smallest lead any winning class has over the runner-up.
    """
    races = tied_word_races(model, all_rows, labels, above, tied)
    always_right = 0
    undecided = []
    closest = math.inf
    for label, base, terms in races:
        winner, lead = winner_whatever_the_choice(model.classes_, base, terms, places)
        if winner is None:
            undecided.append((label, base, terms))
        else:
            always_right += winner == label
            closest = min(closest, lead)
    correct_per_choice = {}
    moved = set()
    first_winner = {}
    for chosen in combinations(range(len(tied)), places):
        correct = always_right
        for index, (label, base, terms) in enumerate(undecided):
            scores = {c: base[c] + math.fsum(terms[c][j] for j in chosen) for c in model.classes_}
            winner = max(model.classes_, key=scores.__getitem__)  # the first class wins a tie, like argmax
            runner_up = max(score for c, score in scores.items() if c != winner)
            closest = min(closest, scores[winner] - runner_up)
            correct += winner == label
            if first_winner.setdefault(index, winner) != winner:
                moved.add(index)
        correct_per_choice[tuple(tied[j] for j in chosen)] = correct
    return correct_per_choice, len(moved), closest


SMALL_QUICKSORT = 15  # numpy sorts a stretch of at most 16 items by insertion


def numpy_quicksort_argsort(values):
    """The order np.argsort(values) gives with numpy's own quicksort, equal values included.

    A line-by-line replay of ``aquicksort_`` in numpy's
    ``numpy/_core/src/npysort/quicksort.cpp``: the median of the first, middle
    and last items is the pivot; items equal to the pivot stop both scans and are
    swapped across it; the larger part waits on a stack; stretches of 16 or fewer
    items are sorted by insertion.  Equal values end up in an order that depends
    on where they started, so the sort is not stable.  numpy falls back to
    heapsort when the stack gets too deep; that never happens for the arrays here,
    and this replay stops with an error instead.
    """
    order = list(range(len(values)))  # order[i]: index of the value now in place i
    low, high = 0, len(values) - 1
    depth_left = 2 * max(len(values).bit_length() - 1, 0)  # numpy: npy_get_msb(num) * 2
    waiting = []  # (low, high, depth_left) of the parts still to sort

    def swap(i, j):
        order[i], order[j] = order[j], order[i]

    while True:
        if depth_left < 0:
            raise RuntimeError("numpy would switch to heapsort here, which this replay does not do")
        while high - low > SMALL_QUICKSORT:
            middle = low + ((high - low) >> 1)
            if values[order[middle]] < values[order[low]]:
                swap(middle, low)
            if values[order[high]] < values[order[middle]]:
                swap(high, middle)
            if values[order[middle]] < values[order[low]]:
                swap(middle, low)
            pivot = values[order[middle]]
            i, j = low, high - 1
            swap(middle, j)  # park the pivot next to the end
            while True:
                i += 1
                while values[order[i]] < pivot:
                    i += 1
                j -= 1
                while pivot < values[order[j]]:
                    j -= 1
                if i >= j:
                    break
                swap(i, j)
            swap(i, high - 1)  # the pivot goes to its place, i
            depth_left -= 1
            if i - low < high - i:  # sort the smaller part now, the larger one later
                waiting.append((i + 1, high, depth_left))
                high = i - 1
            else:
                waiting.append((low, i - 1, depth_left))
                low = i + 1
        for i in range(low + 1, high + 1):  # insertion sort of order[low..high]
            moving = order[i]
            j = i
            while j > low and values[moving] < values[order[j - 1]]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = moving
        if not waiting:
            return order
        low, high, depth_left = waiting.pop()


def scikit_learn_keeps(document_frequency, n_features, argsort):
    """The words CountVectorizer(max_features=n) keeps, with ``argsort`` as numpy's sort.

    scikit-learn's ``_limit_features`` sorts the columns (alphabetical order of
    the words) by minus their corpus frequency, ``(-tfs).argsort()``, and keeps
    the first ``n_features`` of that order.
    """
    words = sorted(document_frequency)  # the columns, in scikit-learn's order
    minus_frequency = [-document_frequency[word] for word in words]
    return {words[j] for j in argsort(minus_frequency)[:n_features]}


def numpy_on_this_machine(values):
    """np.argsort(values) as numpy sorts int64 here (maybe with a SIMD sort), or None without numpy."""
    if importlib.util.find_spec("numpy") is None:
        return None
    import numpy

    return numpy.argsort(numpy.array(values, dtype=numpy.int64)).tolist()


def report_choice(name, kept, tied, correct_per_choice, n_posts):
    """Print which tied words a rule keeps and the training accuracy that gives."""
    chosen = tuple(word for word in tied if word in kept)
    correct = correct_per_choice[chosen]
    print(f"  {name}: {', '.join(chosen)}")
    print(f"      -> {correct}/{n_posts} = {correct / n_posts!r}")
    return correct


def report_sorts(document_frequency, tied, correct_per_choice, n_posts):
    """What numpy's quicksort keeps from this vocabulary (replayed, and numpy's own if installed)."""
    n_words = len(document_frequency)
    kept = scikit_learn_keeps(document_frequency, N_FEATURES, numpy_quicksort_argsort)
    correct = report_choice(f"numpy's quicksort (replayed) on {n_words} words", kept, tied, correct_per_choice, n_posts)
    words = sorted(document_frequency)
    order = numpy_on_this_machine([-document_frequency[word] for word in words])
    if order is not None:
        import numpy

        kept = {words[j] for j in order[:N_FEATURES]}
        name = f"np.argsort of numpy {numpy.__version__} on this machine, {n_words} words"
        report_choice(name, kept, tied, correct_per_choice, n_posts)
    return correct


def going_further_a_tied_words(texts, labels, everything, all_rows, ties):
    """All C(15, 7) choices of tied words, and the one numpy's quicksort makes: the lecture's 1,962."""
    heading("Going further A. Which of the tied words?  The lecture's 0.8693 to the digit")
    cut, above, tied, places = ties
    n_choices = math.comb(len(tied), places)
    print(f"max_features keeps the {len(above)} words in more than {cut} posts and {places} of the "
          f"{len(tied)} in exactly {cut}:")
    shown = n_choices if n_choices < 10**12 else f"about 10^{len(str(n_choices)) - 1}"
    print(f"C({len(tied)}, {places}) = {shown} possible choices.")
    if n_choices == 1:
        print("Only one choice: no tie to break.")
        return None
    if n_choices > MAX_CHOICES:
        print("(too many to try them all here; on all 2257 posts there are 6435)")
        return None

    # psi for a word does not depend on the other features, so one model fitted on every
    # word gives the psi of every candidate feature.
    model = BernoulliNB(alpha=0).fit(all_rows, labels)
    correct_per_choice, n_moved, closest = accuracy_of_every_choice(model, all_rows, labels, above, tied, places)
    n = len(labels)
    print("Training accuracy of the lecture's clipped model for every choice:")
    print("  correct        choices")
    tally = Counter(correct_per_choice.values())
    for correct in sorted(tally):
        lectures = n == LECTURE_N_POSTS and correct / n == LECTURE_TRAINING_ACCURACY
        mark = f"   <- the lecture's {LECTURE_TRAINING_ACCURACY!r}" if lectures else ""
        print(f"  {correct}/{n} {tally[correct]:8}{mark}")
    print(f"A choice changes only the columns of the tied words, and moves {n_moved} of the {n} posts")
    print(f"from one class to another; no class wins by less than {closest:.1e} nats, so")
    print("rounding cannot flip a prediction: the choice alone decides the count.")

    print("Which choice?")
    alphabetical = set(tied[:places])
    report_choice("this library (ties go alphabetically)", alphabetical, tied, correct_per_choice, n)
    print("  scikit-learn keeps the first 1,000 of (-tfs).argsort(), numpy's default quicksort,")
    print("  which is not stable: the tied words come out in the order the sort happens to leave")
    print("  them, and that order depends on the whole array, so on every word of the vocabulary.")
    print("  Which quicksort?  numpy's own (replayed below) in every numpy before 1.25, and since then")
    print("  wherever numpy has no SIMD sort for the processor; numpy 1.25+ on AVX-512 and numpy 2.0+")
    print("  on AVX2 sort int64 with a SIMD quicksort, which leaves the ties in another order.")
    df = everything.document_frequency_
    correct = report_sorts(df, tied, correct_per_choice, n)

    repaired = [text.replace(E_ACUTE_STORED_AS_UTF8, "\u00e9") for text in texts]
    n_stored_as_utf8 = sum(text != fixed for text, fixed in zip(texts, repaired))
    if n_stored_as_utf8:
        print(f"  This copy of the archive stores the letter \"é\" of {n_stored_as_utf8} posts as two bytes (UTF-8):")
        print("  read as latin-1 they are 'Ã©', and \"d'ingénieur\" splits into 'ingã' and 'nieur', one word")
        print("  more than the lecture has.  Read as one letter, as the archive scikit-learn downloads")
        print("  stores it (docs/lectures.md#cornell-archive), they give the lecture's vocabulary:")
        df = lecture_vectorizer().fit(repaired).document_frequency_
        correct = report_sorts(df, tied, correct_per_choice, n)
    print(f"  lecture: {LECTURE_N_WORDS} words, {LECTURE_TRAINING_ACCURACY!r}")
    print("So the gap between step 6's count and the lecture's has two causes on this archive: which")
    print("tied words are kept, and, through numpy's sort, the one word this copy has more.")
    if n == LECTURE_N_POSTS and len(df) == LECTURE_N_WORDS:
        assert correct / n == LECTURE_TRAINING_ACCURACY, "no longer the lecture's 1962 of 2257"
    return correct_per_choice


if __name__ == "__main__":
    print()
    print("=" * 78)
    print("Going further: experiments the lecture does not make")
    print("=" * 78)
    going_further_a_tied_words(texts, labels, everything, all_rows, ties)


# %% [markdown]
# ### B. Laplace smoothing instead of clipping

# %%

def going_further_b_smoothed(model, psis, clipped_score, rows, labels, vectorizer, test_texts, test_labels,
                             new_row):
    """BernoulliNB's own estimate, (n_jk + 1) / (n_k + 2), against the clipped one."""
    heading("Going further B. Laplace smoothing instead of clipping: psi_jk = (n_jk + 1) / (n_k + 2)")
    smoothed = BernoulliNB(alpha=1).fit(rows, labels)  # the library's default
    predictions = smoothed.predict(rows)
    correct = count_correct(labels, predictions)
    score = float(accuracy(labels, predictions))
    print(f"training accuracy, Laplace: {correct}/{len(labels)} = {score:.4f}   "
          f"(clipped: {clipped_score:.4f})")

    # What a word that class k never saw costs a post that contains it.
    smallest = min(model.class_counts_.values())
    print("The two fixes differ in what a word costs when class k never saw it (n_jk = 0):")
    print(f"  clipped:  log psi = log 1e-14 = {math.log(CLIP):.1f}")
    print(f"  Laplace:  log psi = log 1/(n_k + 2) = {math.log(1 / (smallest + 2)):.1f} "
          f"for the smallest class, n_k = {smallest}")
    print("and the same for a word every class-k post contains (n_jk = n_k) when a post lacks it.")
    print("Clipping keeps the unsmoothed estimate, so one such word all but vetoes the class;")
    print("Laplace smoothing turns the veto into a penalty that other words can outweigh.")

    print("The lecture scores only its training posts.  The bydate test posts of the same four")
    print("groups (dated after the training posts) show how each fix does on posts it has not seen:")
    test_rows = vectorizer.transform(test_texts)
    clipped_test = predict_clipped(model, psis, test_rows)
    smoothed_test = smoothed.predict(test_rows)
    n = len(test_labels)
    print(f"test accuracy, Laplace: {count_correct(test_labels, smoothed_test)}/{n} = "
          f"{float(accuracy(test_labels, smoothed_test)):.4f}")
    correct = count_correct(test_labels, clipped_test)
    print(f"accuracy on the {n} test posts: {correct}/{n} = {float(accuracy(test_labels, clipped_test)):.4f}"
          "   (clipped)")
    clipped_right, smoothed_right = count_correct(test_labels, clipped_test), count_correct(test_labels, smoothed_test)
    better = "clipped" if clipped_right > smoothed_right else "Laplace" if smoothed_right > clipped_right else "neither"
    print(f"On these posts the better of the two is: {better}.  So the lecture's 0.8693 is a property")
    print("of clipping; with Laplace smoothing the training accuracy is lower.")
    print(f"{NEW_POST!r} => {smoothed.predict([new_row])[0]}   (Laplace)")
    return smoothed, score


if __name__ == "__main__":
    going_further_b_smoothed(model, psis, clipped_score, rows, labels, vectorizer, test_texts, test_labels, new_row)


# %% [markdown]
# ### C. Naive Bayes against logistic regression at six training-set sizes

# %%

TRAINING_SIZES = (50, 100, 200, 500, 1000)  # and all the training posts
QUICK_SIZES = (50, 200)
MAX_BLOCKS = 5  # a size is averaged over up to this many disjoint blocks of the shuffled posts
L2_STRENGTH = 1.0  # lambda in J = sum_i -log P(y_i | x_i) + (lambda / 2) sum_jk w_jk^2: scikit-learn's C = 1


def naive_bayes_as_logistic(model, words, classes):
    """A naive Bayes model's softmax form, (w_jk, b_k), as the parameters of the logistic regression above.

    ``model.softmax_form()`` gives P(c | x) = softmax(w_c^T x + b_c): the
    same model class, at the point naive Bayes chose.  A word the model
    never saw has no weight: 0.  A class it never saw gets the bias -inf.
    """
    form = model.softmax_form()
    intercepts = form.intercepts
    weights = [[form.weights[label].get(word, 0.0) for word in words] if label in intercepts else [0.0] * len(words)
               for label in classes]
    biases = [intercepts.get(label, -math.inf) for label in classes]
    return weights, biases


def largest_form_difference(model, rows):
    """max over the posts and classes of |softmax of the linear form - predict_proba|."""
    form = model.softmax_form()
    largest = 0.0
    for row, posterior in zip(rows, model.predict_proba(rows)):
        by_form = form.probabilities(row)
        largest = max(largest, *(abs(by_form[label] - p) for label, p in posterior.items()))
    return largest


def blocks_of(n_posts, size):
    """Disjoint blocks [0, size), [size, 2 size), ... of the shuffled posts: up to MAX_BLOCKS of them."""
    n_blocks = max(1, min(MAX_BLOCKS, n_posts // size))
    return [range(b * size, (b + 1) * size) for b in range(n_blocks)]


def accuracy_at_size(block, rows, labels, posts, numbers, words, classes, test, max_iterations):
    """Test accuracies of the four classifiers trained on the posts of one block, and the fitted models.

    Every model predicts with argmax_k w_k^T x + b_k (``predict_logistic``):
    naive Bayes at its own (w, b), its softmax form, logistic regression at the
    (w, b) it fitted; the lecture's clipped model with ``predict_clipped``,
    which is the same sum (step 6).
    """
    test_rows, test_posts, test_numbers = test
    test_labels = [classes[k] for k in test_numbers]
    train_rows = [rows[i] for i in block]
    train_labels = [labels[i] for i in block]
    unsmoothed = BernoulliNB(alpha=0).fit(train_rows, train_labels)  # the lecture's, clipped
    predicted = predict_clipped(unsmoothed, clipped_parameters(unsmoothed), test_rows)
    accuracies = {"clipped": count_correct(test_labels, predicted) / len(test_rows)}
    models = {"bernoulli": BernoulliNB(alpha=1), "multinomial": MultinomialNB(alpha=1)}
    for name, model in models.items():
        weights, biases = naive_bayes_as_logistic(model.fit(train_rows, train_labels), words, classes)
        accuracies[name] = count_correct(test_numbers, predict_logistic(weights, biases, test_posts)) / len(test_posts)
    train_posts, train_numbers = [posts[i] for i in block], [numbers[i] for i in block]
    logistic = fit_logistic(train_posts, train_numbers, len(words), len(classes), L2_STRENGTH, max_iterations)
    weights, biases, _ = logistic
    accuracies["logistic"] = count_correct(test_numbers, predict_logistic(weights, biases, test_posts)) / len(test_posts)
    return accuracies, (train_rows, train_posts, train_numbers, models, logistic)


def report_log_losses(fitted, words, classes, test, n_posts):
    """Each model as a point (w, b) of the one model class: its log-loss on the training and test posts."""
    train_rows, train_posts, train_numbers, models, (weights, biases, _) = fitted
    test_rows, test_posts, test_numbers = test
    which = "All" if len(train_posts) == n_posts else "The first"
    print(f"{which} {len(train_posts)} training posts, each model as a point (w, b) of the model class:")
    print("  model                 training log-loss   test log-loss   (mean -log P(y | x))")
    test_losses = {}
    for title, name in (("Bernoulli NB", "bernoulli"), ("multinomial NB", "multinomial")):
        model = models[name]
        nb_weights, nb_biases = naive_bayes_as_logistic(model, words, classes)
        test_losses[title] = mean_log_loss(nb_weights, nb_biases, test_posts, test_numbers)
        print(f"  {title:21} {mean_log_loss(nb_weights, nb_biases, train_posts, train_numbers):17.4f}   "
              f"{test_losses[title]:13.4f}")
        difference = largest_form_difference(model, train_rows)
        assert difference < 1e-12, difference  # the softmax of the form is the posterior
        print(f"      its softmax form vs its predict_proba, every training post: largest difference {difference:.0e}")
        by_form = [classes[k] for k in predict_logistic(nb_weights, nb_biases, test_posts)]
        same = count_correct(model.predict(test_rows), by_form)
        print(f"      its predict and the argmax of its form agree on {same} of the {len(test_posts)} test posts")
    test_losses["logistic regression"] = mean_log_loss(weights, biases, test_posts, test_numbers)
    print(f"  {'logistic regression':21} {mean_log_loss(weights, biases, train_posts, train_numbers):17.4f}   "
          f"{test_losses['logistic regression']:13.4f}")
    print(f"the lowest test log-loss: {min(test_losses, key=test_losses.get)}")


def going_further_c_logistic(rows, labels, vectorizer, test_texts, test_labels, quick, max_iterations):
    """Naive Bayes against a penalised logistic regression at several training-set sizes, on the bydate test posts."""
    heading("Going further C. The same model class, another objective: logistic regression")
    started = time.process_time()
    words = sorted(vectorizer.vocabulary_)
    classes = sorted(set(labels) | set(test_labels))
    test_rows = vectorizer.transform(test_texts)
    posts = numbered_posts(rows, words)
    numbers = [classes.index(label) for label in labels]
    test = (test_rows, numbered_posts(test_rows, words), [classes.index(label) for label in test_labels])
    print("The lecture: Bernoulli naive Bayes and logistic regression share one model class,")
    print("P(y | x) = softmax_k(w_k^T x + b_k); naive Bayes picks w and b by the joint likelihood of")
    print("x and y, logistic regression by the conditional likelihood of y given x.  Ng and Jordan")
    print("(2002): naive Bayes reaches its best error with fewer posts; logistic regression ends lower.")
    print("This logistic regression is not step 3's: it sees the 1,000 features of naive Bayes, and")
    print("its penalty is a real one (lambda = 1, scikit-learn's default C = 1, where the lecture has C = 1e5),")
    print("so that it is not fitted to the noise of 50 posts.")
    print(f"Logistic regression here: softmax over the same {len(words)} binary features, J = sum_i -log P(y_i | x_i)")
    print(f"  + (lambda/2) ||W||^2 with lambda = {L2_STRENGTH} (a N(0, 1) prior on every weight; biases free),")
    print(f"  minimised by L-BFGS, plain Python, until every |dJ/dtheta| / n < {GRADIENT_TOLERANCE:g} "
          f"(at most {max_iterations} iterations).")

    sizes = [size for size in (QUICK_SIZES if quick else TRAINING_SIZES) if size < len(rows)]
    if not quick or not sizes:
        sizes.append(len(rows))  # and every training post
    n_test = len(test_rows)
    print(f"Test accuracy on the {n_test} test posts, the mean over disjoint blocks of the shuffled training posts:")
    print("  posts  blocks   clipped NB   Bernoulli NB   multinomial NB   logistic   LR iterations")
    print("                  (lecture)      (Laplace)        (Laplace)   regression")
    table = {}
    for size in sizes:
        blocks = blocks_of(len(rows), size)[: 1 if quick else MAX_BLOCKS]
        results = [
            accuracy_at_size(block, rows, labels, posts, numbers, words, classes, test, max_iterations)
            for block in blocks
        ]
        mean = {name: math.fsum(r[name] for r, _ in results) / len(results) for name in results[0][0]}
        iterations = "/".join(str(fitted[-1][2]) for _, fitted in results)
        table[size] = mean
        print(f"  {size:5} {len(blocks):7}   {mean['clipped']:10.4f}   {mean['bernoulli']:12.4f}   "
              f"{mean['multinomial']:14.4f}   {mean['logistic']:10.4f}   {iterations}")

    print("Where naive Bayes beats logistic regression:")
    for name, title in (("clipped", "clipped NB"), ("bernoulli", "Bernoulli NB"), ("multinomial", "multinomial NB")):
        wins = [size for size in sizes if table[size][name] > table[size]["logistic"]]
        shown = ", ".join(str(size) for size in wins) if wins else "none"
        print(f"  {title:15} at {len(wins)} of {len(sizes)} sizes: {shown}")

    report_log_losses(results[0][1], words, classes, test, len(rows))  # the largest size's first block
    print("Logistic regression picks the point with the best conditional likelihood of the training")
    print("labels (less its penalty); naive Bayes picks by the joint likelihood of posts and labels.")
    print("Naive Bayes counts every word as separate evidence, so its probabilities are too extreme,")
    print("and a wrong answer costs it a large -log P(y | x) on posts it has not seen.")
    print(f"going further C took {time.process_time() - started:.0f} s of processor time")
    return table


if __name__ == "__main__":
    if not arguments.skip_logistic:
        going_further_c_logistic(
            rows, labels, vectorizer, test_texts, test_labels, arguments.quick, arguments.logistic_iterations
        )
