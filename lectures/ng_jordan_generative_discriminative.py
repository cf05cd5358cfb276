# %% [markdown]
# # Ng and Jordan (NIPS 2002), "On Discriminative vs. Generative classifiers": the two Adult panels
#
# Andrew Y. Ng and Michael I. Jordan, "On Discriminative vs. Generative classifiers: A comparison of
# logistic regression and naive Bayes", NIPS 14 (2002).  Their Figure 1 plots the test error of naive
# Bayes (solid) and logistic regression (dashed) against the training-set size m, "averaged over
# 1000 random train/test splits", for fifteen UCI data sets.  This companion repeats the two Adult
# panels, "adult (continuous)" and "adult (discrete)", following the paper's setup first; a clearly
# separate **going further** part then does what the paper does not.  Run it as a script
# (`python lectures/ng_jordan_generative_discriminative.py --adult PATH`) or open it as a notebook
# (Jupyter with jupytext, or VS Code): each step's cell runs that step and prints its numbers
# under it.

# %%
"""Ng and Jordan's Figure 1, the two Adult panels: naive Bayes against logistic regression as m grows.

The paper's claim (section 3): logistic regression has the lower asymptotic
error, but naive Bayes approaches its own (higher) asymptotic error much
faster, in O(log n) examples against O(n), so there are two regimes: naive
Bayes ahead with few examples, logistic regression ahead with many.

The paper's setup, as the paper states it (section 2, section 4 and its footnote 2):

1. Each data set is used with its discrete inputs only or its continuous
   inputs only ("to maximize the consistency with the theoretical
   discussion"); continuous inputs are rescaled to [0, 1].
2. Discrete inputs: naive Bayes estimates p(x_i | y) by counting with
   Laplace smoothing l = 1 (equation 1; for the prior "similarly").
3. Continuous inputs: naive Bayes models each p(x_i | y) as a Gaussian whose
   mean depends on y and whose variance does not ("the mu's, but not the
   sigma's, depend on y"), fitted by maximum likelihood: the same as normal
   discriminant analysis with a diagonal covariance matrix.
4. Logistic regression: p(y = T | x) = 1 / (1 + exp(-beta^T x - theta)),
   the same model class; on separable training sets (every small m) the
   paper picks a separating hyperplane at random with an MCMC sampler.
5. Train/test splits are random, "subject to there being at least one
   example of each class in the training set"; each point of the figure
   averages 1,000 of them.

The steps:

1. The paper's read-off points (taken from the vector paths of Figure 1 in
   the paper's PDF, mapped through the axes' ticks).
2. The data: UCI Adult, continuous (the six numbers, rescaled to [0, 1]) and
   discrete (the eight categories).
3. The two classifiers of each panel, as linear classifiers w^T x + b.
4. The protocol: random training sets of m people from adult.data, each
   scored on a fresh random sample of people from adult.test.
5. The continuous panel, 6. the discrete panel: our errors beside the paper's.
7. The picture (SVG), both panels with the paper's points marked.
8. Where our curves differ from the paper's, and why.

Going further (the paper does none of this): A. the asymptotes, each model
trained on all 32,561 people of adult.data; B. the library's GaussianNB,
whose variance depends on the class, on the continuous panel; C. a weaker
penalty for logistic regression on the discrete panel.

Data: the UCI Adult files adult.data and adult.test.  Pass their folder:

    python lectures/ng_jordan_generative_discriminative.py --adult ../shared/data            # about 2 minutes
    python lectures/ng_jordan_generative_discriminative.py --adult ../shared/data --draws 1000   # the paper's 1,000
    python lectures/ng_jordan_generative_discriminative.py --adult ../shared/data --svg docs/images/ng-jordan-adult.svg

(default: NAIVEBAYES_ADULT_PATH, then ../shared/data next to the repository;
``--download`` fetches the files into the library's cache).  Without them
the companion runs the same protocol on the shipped iris flowers
(versicolor against virginica), which is *not* the paper's data, only a
check that the code runs.
"""

import argparse
import math
import os
import random
import shlex
import sys
import time
import warnings
from pathlib import Path

# Let the script run from a checkout without installing the package.  A notebook has no __file__
# and runs in the notebook's folder, lectures/.
try:
    REPOSITORY = Path(__file__).resolve().parent.parent
except NameError:
    REPOSITORY = Path.cwd().resolve().parent
if str(REPOSITORY) not in sys.path:
    sys.path.insert(0, str(REPOSITORY))

from naivebayes import CategoricalNB, GaussianNB, LogisticRegression  # noqa: E402
from naivebayes.datasets import load_adult, load_iris  # noqa: E402
from naivebayes.inspect.svg import Axes, Canvas, class_style, draw_legend, draw_marker, path_text  # noqa: E402

# %% [markdown]
# ## The options
#
# As a script, the command line sets them (`--help` lists them).  In a notebook, put them in
# `NOTEBOOK_ARGUMENTS`, for instance `["--adult", "../../shared/data"]`; the
# NAIVEBAYES_LECTURE_ARGUMENTS environment variable, when set, fills it (the tests use it).  Every
# cell below runs its step at once and prints that step's numbers under it; imported as a module,
# the file runs no step.

# %%
WEAK_PENALTY = 1000.0  # C: the paper's logistic regression has no penalty; this one has almost none


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--adult", metavar="PATH",
                        help="the folder of adult.data and adult.test (default: NAIVEBAYES_ADULT_PATH, then "
                             "../shared/data next to the repository)")
    parser.add_argument("--download", action="store_true", help="download the Adult files if they are not found")
    parser.add_argument("--draws", type=int, default=None,
                        help="random training sets per point (default 200 continuous, 100 discrete; the paper: 1000)")
    parser.add_argument("--test-people", type=int, default=1000, metavar="N",
                        help="test people sampled from adult.test for each draw (default 1000)")
    parser.add_argument("--C", type=float, default=WEAK_PENALTY,
                        help=f"logistic regression's inverse penalty (default {WEAK_PENALTY:g}: nearly none, as in the paper)")
    parser.add_argument("--svg", metavar="PATH", help="write the picture of both panels here")
    parser.add_argument("--limit", type=int, metavar="N",
                        help="use only the first N people of each file, 3 draws and the sizes below N (a quick check)")
    parser.add_argument("--skip-going-further", action="store_true", help="stop after step 8")
    arguments = parser.parse_args(argv)
    if arguments.draws is not None and arguments.draws < 1:
        parser.error(f"--draws must be at least 1, not {arguments.draws}")
    if arguments.limit is not None and arguments.limit < 20:
        parser.error(f"--limit must be at least 20, so that the pool holds both classes, not {arguments.limit}")
    return arguments


def default_folder():
    named = os.environ.get("NAIVEBAYES_ADULT_PATH")
    return named if named else str(REPOSITORY.parent / "shared" / "data")


NOTEBOOK_ARGUMENTS = shlex.split(os.environ.get("NAIVEBAYES_LECTURE_ARGUMENTS", ""))

if __name__ == "__main__":  # as a script, or in a notebook
    arguments = parse_arguments(NOTEBOOK_ARGUMENTS if "ipykernel" in sys.modules else None)
    started = time.process_time()
    print("Ng and Jordan (NIPS 2002), Figure 1: the two Adult panels")

# %% [markdown]
# ## Step 1. The paper's read-off points
#
# The figure is vector graphics: each curve is a path of straight segments whose corners are the
# plotted points.  Mapping the corners through the axes' tick positions (page 6 of the PDF) gives
# the values below, to the 4th decimal (the line width is about 0.001 of error).

# %%
# m -> (naive Bayes, logistic regression), read from Figure 1 of the paper.
PAPER_CONTINUOUS = {
    2: (0.4221, 0.4708), 3: (0.3998, 0.4316), 4: (0.3566, 0.3893), 5: (0.3576, 0.3822), 6: (0.3391, 0.3582),
    7: (0.3288, 0.3528), 8: (0.3193, 0.3361), 9: (0.3132, 0.3323), 10: (0.3067, 0.3237), 11: (0.3078, 0.3204),
    12: (0.3027, 0.3126), 13: (0.3068, 0.3078), 14: (0.3010, 0.3006), 15: (0.2990, 0.2941), 16: (0.2946, 0.2888),
    17: (0.2953, 0.2864), 18: (0.2941, 0.2842), 19: (0.2895, 0.2792), 20: (0.2911, 0.2729), 21: (0.2902, 0.2701),
    22: (0.2872, 0.2653), 23: (0.2843, 0.2622), 24: (0.2841, 0.2609), 25: (0.2864, 0.2569), 26: (0.2865, 0.2557),
    27: (0.2831, 0.2527), 28: (0.2841, 0.2505), 29: (0.2848, 0.2461), 30: (0.2838, 0.2456),
}
PAPER_DISCRETE = {
    2: (0.5084, 0.4855), 22: (0.2498, 0.3212), 42: (0.2368, 0.3338), 62: (0.2278, 0.3324), 82: (0.2231, 0.3163),
    102: (0.2202, 0.2965), 122: (0.2172, 0.2809), 142: (0.2147, 0.2667), 162: (0.2153, 0.2557),
    182: (0.2134, 0.2448), 202: (0.2128, 0.2380), 222: (0.2131, 0.2331), 242: (0.2128, 0.2274),
    262: (0.2131, 0.2244), 282: (0.2119, 0.2208), 302: (0.2119, 0.2176), 322: (0.2122, 0.2150),
    342: (0.2116, 0.2129), 362: (0.2125, 0.2111), 382: (0.2114, 0.2089),
}


def step_1_paper_points():
    """Print what the paper's two panels show, and where its curves cross."""
    heading("Step 1. The paper's read-off points (Figure 1, adult panels)")
    for name, points in (("continuous", PAPER_CONTINUOUS), ("discrete", PAPER_DISCRETE)):
        first, last = min(points), max(points)
        crossing = first_crossing(points)
        print(f"adult ({name}): m = {first} to {last}; at m = {first} naive Bayes {points[first][0]:.4f}, "
              f"logistic regression {points[first][1]:.4f}; at m = {last} {points[last][0]:.4f} and "
              f"{points[last][1]:.4f}")
        if crossing:
            print(f"  logistic regression stays at or below naive Bayes from m = {crossing} on "
                  f"({points[crossing][1]:.4f} against {points[crossing][0]:.4f} there)")
        else:
            print("  logistic regression does not stay at or below naive Bayes to the end of the range")


def first_crossing(points):
    """The smallest m from which logistic regression's error stays at or below naive Bayes' to the last m, or None.

    (Asking only for the first m where it is at or below would let one noisy
    point, where the two curves run close, count as the crossing.)
    """
    crossing = None
    for m in sorted(points):
        nb, lr = points[m]
        if lr <= nb:
            crossing = m if crossing is None else crossing
        else:
            crossing = None
    return crossing


def heading(text):
    print()
    print(text)
    print("-" * len(text))


if __name__ == "__main__":
    step_1_paper_points()


# %% [markdown]
# ## Step 2. The data
#
# The continuous panel uses Adult's six numbers, rescaled to [0, 1] by the smallest and largest value
# in both files; the discrete panel its eight categories (a missing value, `?` in the files, stays
# missing: naive Bayes leaves it out of the product, logistic regression gives it no column).

# %%
CONTINUOUS = ["age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week"]
DISCRETE = ["workclass", "education", "marital-status", "occupation", "relationship", "race", "sex",
            "native-country"]
POSITIVE = ">50K"


class Panel:
    """One panel's data: the training pool and the test set, rows as the models read them, outcomes 0/1."""

    def __init__(self, name, kind, pool_rows, pool_outcomes, test_rows, test_outcomes, sizes, paper, categories=None):
        self.name, self.kind = name, kind  # kind: "continuous" or "discrete"
        self.pool_rows, self.pool_outcomes = pool_rows, pool_outcomes
        self.test_rows, self.test_outcomes = test_rows, test_outcomes
        self.sizes, self.paper, self.categories = sizes, paper, categories
        self.noun = "flowers" if name.startswith("iris") else "people"
        # each test row as its (column, x_j) pairs, the vector a linear classifier multiplies
        self.test_vectors = [vector(row, kind) for row in test_rows]


def vector(row, kind):
    """x as (column, x_j) pairs: column j and its value for numbers, (feature, value) and 1 for categories."""
    if kind == "continuous":
        return list(enumerate(row))
    return [((feature, value), 1.0) for feature, value in row.items() if value is not None]


def rescaled(rows, features, low, high):
    """Each row as the list of its features, each mapped to [0, 1] by (x - low) / (high - low)."""
    return [[(row[f] - low[f]) / (high[f] - low[f]) for f in features] for row in rows]


def step_2_data(folder, download, limit):
    """The two panels of Adult; None when the files are not found (the caller falls back to iris)."""
    heading("Step 2. The data: UCI Adult")
    try:
        train = load_adult("train", path=folder, download_if_missing=download)
        test = load_adult("test", path=folder, download_if_missing=download)
    except (OSError, ValueError) as error:
        print(f"Adult not found ({error}).")
        return None
    rows, labels = train.rows[:limit], train.labels[:limit]
    test_rows, test_labels = test.rows[:limit], test.labels[:limit]
    both = train.rows + test.rows
    low = {f: min(row[f] for row in both) for f in CONTINUOUS}
    high = {f: max(row[f] for row in both) for f in CONTINUOUS}
    outcomes = [int(label == POSITIVE) for label in labels]
    test_outcomes = [int(label == POSITIVE) for label in test_labels]
    categories = {f: sorted({row[f] for row in both if row[f] is not None}) for f in DISCRETE}
    print(f"training pool: adult.data, {len(rows):,} people ({sum(outcomes):,} earn >50K); "
          f"test people: adult.test, {len(test_rows):,} ({sum(test_outcomes):,} earn >50K)")
    print(f"continuous: {len(CONTINUOUS)} numbers, each rescaled to [0, 1] by its range in both files "
          f"(fnlwgt: {low['fnlwgt']:,} to {high['fnlwgt']:,})")
    print(f"discrete: {len(DISCRETE)} categories, {sum(len(v) for v in categories.values())} values in all "
          f"(their one-hot columns); missing values: "
          f"{sum(row[f] is None for row in rows for f in DISCRETE):,} in the pool, left out")
    continuous = Panel("adult (continuous)", "continuous", rescaled(rows, CONTINUOUS, low, high), outcomes,
                       rescaled(test_rows, CONTINUOUS, low, high), test_outcomes, sorted(PAPER_CONTINUOUS),
                       PAPER_CONTINUOUS)
    discrete = Panel("adult (discrete)", "discrete", [{f: row[f] for f in DISCRETE} for row in rows], outcomes,
                     [{f: row[f] for f in DISCRETE} for row in test_rows], test_outcomes, sorted(PAPER_DISCRETE),
                     PAPER_DISCRETE, categories)
    return continuous, discrete


def iris_panel():
    """Without Adult: versicolor (0) against virginica (1), four numbers in [0, 1]; half pool, half test."""
    rows, labels, features = load_iris()
    pairs = [(row, label) for row, label in zip(rows, labels) if label != "setosa"]
    random.Random("iris halves").shuffle(pairs)
    low = {f: min(row[f] for row, _ in pairs) for f in features}
    high = {f: max(row[f] for row, _ in pairs) for f in features}
    data = rescaled([row for row, _ in pairs], features, low, high)
    outcomes = [int(label == "virginica") for _, label in pairs]
    print("Running the same protocol on the shipped iris flowers instead (versicolor against virginica, four")
    print("numbers rescaled to [0, 1], 50 flowers to draw from and 50 to test): NOT the paper's data.")
    return Panel("iris (continuous, not the paper's data)", "continuous", data[:50], outcomes[:50], data[50:],
                 outcomes[50:], list(range(2, 21, 2)), {})


if __name__ == "__main__":
    panels = step_2_data(arguments.adult or default_folder(), arguments.download, arguments.limit)
    adult = panels is not None  # without the Adult files: the iris check, steps 5 and 6 and going further A only
    if not adult:
        panels = [iris_panel()]


# %% [markdown]
# ## Step 3. The classifiers, as linear classifiers
#
# Both models of each panel predict ">50K" when w^T x + b > 0: that is what makes them a
# generative-discriminative pair.  Naive Bayes' w and b come from counts and means in closed form;
# logistic regression's from the library's `LogisticRegression` (L-BFGS).

# %%
EPSILON = 1e-9  # added to each variance: with one person per class the pooled variance is 0
TOLERANCE = 1e-4  # L-BFGS stops when no partial derivative of J / (C n) exceeds this: scikit-learn's default tol


def paper_gaussian_nb(rows, outcomes):
    """The paper's continuous naive Bayes as (w, b): class means mu_jc, one variance per feature.

    sigma_j^2 = (1/m) sum_i (x_ij - mu_j,y_i)^2 + epsilon (maximum likelihood,
    pooled over the classes), so the log-odds is linear:
    w_j = (mu_j1 - mu_j0) / sigma_j^2,
    b = -sum_j (mu_j1^2 - mu_j0^2) / (2 sigma_j^2) + log(pi_1 / pi_0),
    with the prior smoothed as in the paper's equation 1 (l = 1).
    """
    m, d = len(rows), len(rows[0])
    n1 = sum(outcomes)
    n0 = m - n1
    means = {c: [sum(row[j] for row, o in zip(rows, outcomes) if o == c) / (n1 if c else n0) for j in range(d)]
             for c in (0, 1)}
    variances = [sum((row[j] - means[o][j]) ** 2 for row, o in zip(rows, outcomes)) / m + EPSILON for j in range(d)]
    weights = {j: (means[1][j] - means[0][j]) / variances[j] for j in range(d)}
    bias = -sum((means[1][j] ** 2 - means[0][j] ** 2) / (2 * variances[j]) for j in range(d))
    bias += math.log((n1 + 1) / (m + 2)) - math.log((n0 + 1) / (m + 2))
    return weights, bias


def paper_categorical_nb(rows, outcomes, categories):
    """The paper's discrete naive Bayes as (w, b): CategoricalNB with l = 1, its linear form (one-hot weights).

    Every value of every feature is declared (``categories``), so the Laplace
    denominator n_c + l V_j counts all V_j values, as the paper's estimate
    does; the prior is (n_c + 1) / (m + 2).
    """
    labels = [POSITIVE if o else "<=50K" for o in outcomes]
    n1 = sum(outcomes)
    prior = {POSITIVE: (n1 + 1) / (len(rows) + 2), "<=50K": (len(rows) - n1 + 1) / (len(rows) + 2)}
    model = CategoricalNB(alpha=1, class_prior=prior, categories=categories).fit(rows, labels)
    form = model.linear_form(POSITIVE, "<=50K")
    return form.weights, form.intercept


STOPPED_EARLY = []  # one entry per fit that stopped before its tolerance (reported in step 8)


def logistic_regression(rows, outcomes, C):
    """Logistic regression as (w, b): the library's LogisticRegression, L2 penalty with scikit-learn's C.

    It stops at scikit-learn's default tolerance, 1e-4, not the library's
    1e-6: the decisions barely move past it, and a weak penalty on a
    separable training set takes hundreds of iterations more to get there.

    With a weak penalty and a separable training set the weights keep
    growing slowly; a fit that stops before its tolerance (max_iter, or the
    rounding of f) is kept as it stands and counted in ``STOPPED_EARLY``
    instead of warning.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        model = LogisticRegression(C=C, tol=TOLERANCE).fit(rows, outcomes)
    if not model.converged_:
        STOPPED_EARLY.append((len(rows), C))
    return model.coef_[1], model.intercept_[1]


def error_of(weights, bias, vectors, outcomes):
    """The share of test people for whom [w^T x + b > 0] is not their outcome."""
    wrong = 0
    get = weights.get
    for x, o in zip(vectors, outcomes):
        z = bias + sum(get(column, 0.0) * value for column, value in x)
        wrong += (z > 0) != o
    return wrong / len(outcomes)


def naive_bayes(panel, rows, outcomes):
    """The panel's naive Bayes: the paper's Gaussian for continuous inputs, categorical for discrete ones."""
    if panel.kind == "continuous":
        return paper_gaussian_nb(rows, outcomes)
    return paper_categorical_nb(rows, outcomes, panel.categories)

# %% [markdown]
# ## Step 4. The protocol
#
# For each m and each draw: m people drawn at random from the pool (without replacement), drawn again
# while they are all of one class; both models trained on the same m people and scored on the same
# fresh random sample of test people.  Each draw has a seed of its own, named by the panel, m and the
# draw's number, so a longer run repeats the shorter one's draws and adds more.

# %%


def draw(panel, m, number, n_test):
    """(training rows, their outcomes, test vectors, their outcomes) of one draw."""
    rng = random.Random(f"ng-jordan {panel.name} m={m} draw={number}")
    while True:
        chosen = rng.sample(range(len(panel.pool_rows)), m)
        outcomes = [panel.pool_outcomes[i] for i in chosen]
        if 0 < sum(outcomes) < m:
            break
    tested = rng.sample(range(len(panel.test_rows)), min(n_test, len(panel.test_rows)))
    return ([panel.pool_rows[i] for i in chosen], outcomes, [panel.test_vectors[i] for i in tested],
            [panel.test_outcomes[i] for i in tested])


def learning_curve(panel, draws, n_test, C, models=None):
    """{m: {model name: mean test error over the draws}} for every size of the panel."""
    models = models or {"naive Bayes": naive_bayes,
                        "logistic regression": lambda p, rows, outcomes: logistic_regression(rows, outcomes, C)}
    curve = {}
    for m in panel.sizes:
        if m >= len(panel.pool_rows):
            continue
        totals = dict.fromkeys(models, 0.0)
        for number in range(draws):
            rows, outcomes, vectors, test_outcomes = draw(panel, m, number, n_test)
            for name, fit in models.items():
                weights, bias = fit(panel, rows, outcomes)
                totals[name] += error_of(weights, bias, vectors, test_outcomes)
        curve[m] = {name: total / draws for name, total in totals.items()}
    return curve


if __name__ == "__main__":
    quick = arguments.limit is not None
    draws = {"continuous": arguments.draws or (3 if quick else 200),
             "discrete": arguments.draws or (3 if quick else 100)}
    if quick and adult:  # the iris panel keeps its sizes
        for panel in panels:
            panel.sizes = [m for m in panel.sizes if m < arguments.limit]


# %% [markdown]
# ## Steps 5 and 6. The two panels, beside the paper's points

# %%


def print_panel(panel, curve, draws, n_test, C):
    heading(f"{panel.name}: test error against m")
    print(f"each point: the mean over {draws} draws of m training {panel.noun}, each draw scored on "
          f"{min(n_test, len(panel.test_rows)):,} test {panel.noun} "
          f"({draws * min(n_test, len(panel.test_rows)):,} test predictions per model and point)")
    kind = "Gaussian, a mean per class and one variance per feature" if panel.kind == "continuous" else \
        "categorical, Laplace l = 1"
    print(f"naive Bayes: the paper's, {kind}; logistic regression: L2 penalty with C = {C:g}")
    print(f"{'m':>5}  {'naive Bayes':>11}  {'logistic':>9}  {'paper NB':>9}  {'paper LR':>9}")
    for m, errors in curve.items():
        paper = panel.paper.get(m)
        paper_text = f"{paper[0]:9.4f}  {paper[1]:9.4f}" if paper else f"{'':9}  {'':9}"
        print(f"{m:5d}  {errors['naive Bayes']:11.4f}  {errors['logistic regression']:9.4f}  {paper_text}")
    ours = {m: (e["naive Bayes"], e["logistic regression"]) for m, e in curve.items()}
    crossing = first_crossing(ours)
    paper_crossing = first_crossing(panel.paper) if panel.paper else None
    ours_text = f"from m = {crossing} on" if crossing else f"not by m = {max(ours)} (naive Bayes ahead there)"
    paper_text = f"; the paper's from m = {paper_crossing} on" if paper_crossing else ""
    print(f"logistic regression stays at or below naive Bayes: ours {ours_text}{paper_text}")
    return ours


if __name__ == "__main__":
    results = []
    for panel in panels:
        curve = learning_curve(panel, draws[panel.kind], arguments.test_people, arguments.C)
        ours = print_panel(panel, curve, draws[panel.kind], arguments.test_people, arguments.C)
        results.append((panel, ours, draws[panel.kind], arguments.test_people))


# %% [markdown]
# ## Step 7. The picture

# %%


def draw_panels(results, path):
    """Both panels side by side: our curves (lines), the paper's points (hollow markers), as an SVG file."""
    plot_width, plot_height, gap = 300, 230, 90
    left, top = 70, 70
    width = left + len(results) * (plot_width + gap) + 10
    height = top + plot_height + 60 + 4 * 18 + 20
    title = "Ng and Jordan (2002), Figure 1, adult panels: naive Bayes against logistic regression"
    canvas = Canvas(width, height, title)
    canvas.text(left, 24, title, size=15, font_weight="bold")
    runs = ", ".join(f"{panel.kind} {draws}" for panel, _, draws, _ in results)
    n_test = min(min(n, len(panel.test_rows)) for panel, _, _, n in results)
    canvas.text(left, 42, f"lines: ours, the mean over random draws of m ({runs} per point), {n_test:,} test people "
                          "each; hollow markers: the paper's (1,000 splits)", size=11.5, fill="#555555")
    nb_style, lr_style = class_style(0), class_style(1)
    for k, (panel, ours, _, _) in enumerate(results):
        x0 = left + k * (plot_width + gap)
        sizes = sorted(set(ours) | set(panel.paper))
        values = [v for pair in list(ours.values()) + list(panel.paper.values()) for v in pair]
        y_range = (math.floor(min(values) * 20) / 20, math.ceil(max(values) * 20) / 20)
        axes = Axes(x0, top, plot_width, plot_height, (0, sizes[-1] + 2), y_range, max_x_ticks=6)
        axes.draw_grid(canvas)
        for index, style in ((0, nb_style), (1, lr_style)):
            corners = [(axes.x(m), axes.y(ours[m][index])) for m in sorted(ours)]
            canvas.add("path", d=path_text(corners), fill="none", stroke=style.colour, stroke_width=2,
                       stroke_dasharray=style.dash or None)
            for m, pair in sorted(panel.paper.items()):
                draw_marker(canvas, style.marker, axes.x(m), axes.y(pair[index]), size=3, fill="none",
                            stroke=style.colour, stroke_width=1.2)
        axes.draw_frame(canvas, "m (training examples)", "test error", title=panel.name)
    entries = [("naive Bayes, ours", nb_style, "line"), ("logistic regression, ours", lr_style, "line"),
               ("naive Bayes, paper", nb_style, "marker"), ("logistic regression, paper", lr_style, "marker")]
    draw_legend(canvas, left, top + plot_height + 56, entries)
    Path(path).write_text(canvas.to_svg(), encoding="utf-8", newline="\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    if adult and arguments.svg:
        draw_panels(results, arguments.svg)
        if "ipykernel" in sys.modules:  # a notebook draws the picture under this step too
            from IPython.display import SVG, display  # the notebook's own display, not a dependency of the library

            display(SVG(filename=arguments.svg))


# %% [markdown]
# ## Step 8. Where our curves differ from the paper's, and why

# %%


def step_8_differences(results):
    heading("Step 8. Where our curves differ from the paper's")
    if STOPPED_EARLY:
        print(f"({len(STOPPED_EARLY)} logistic regression fits stopped before their tolerance, "
              f"at m = {min(m for m, _ in STOPPED_EARLY)} to {max(m for m, _ in STOPPED_EARLY)}; they are kept)")
    for panel, ours, _, _ in results:
        if not panel.paper:
            continue
        gaps = {m: (ours[m][0] - panel.paper[m][0], ours[m][1] - panel.paper[m][1]) for m in ours if m in panel.paper}
        largest_nb = max(gaps, key=lambda m: abs(gaps[m][0]))
        largest_lr = max(gaps, key=lambda m: abs(gaps[m][1]))
        mean_nb = sum(abs(g[0]) for g in gaps.values()) / len(gaps)
        mean_lr = sum(abs(g[1]) for g in gaps.values()) / len(gaps)
        print(f"{panel.name}: naive Bayes differs from the paper by {mean_nb:.4f} on average "
              f"(most at m = {largest_nb}: {gaps[largest_nb][0]:+.4f}); logistic regression by {mean_lr:.4f} "
              f"(most at m = {largest_lr}: {gaps[largest_lr][1]:+.4f})")


if __name__ == "__main__":
    if adult:
        step_8_differences(results)
        print(f"processor time for steps 1 to 8: {time.process_time() - started:.0f} s")


# %% [markdown]
# ## Going further A. The asymptotes
#
# Proposition 1 of the paper: with unlimited data, logistic regression's error is at most naive
# Bayes'.  Here both models of each panel are trained on the whole pool and scored on every test
# person.

# %%


def going_further_a_asymptotes(panels, C):
    heading("Going further A. Each model trained on the whole pool, scored on every test person")
    found = {}
    for panel in panels:
        for name, fit in (("naive Bayes", naive_bayes),
                          ("logistic regression", lambda p, r, o: logistic_regression(r, o, C))):
            weights, bias = fit(panel, panel.pool_rows, panel.pool_outcomes)
            error = error_of(weights, bias, panel.test_vectors, panel.test_outcomes)
            right = round((1 - error) * len(panel.test_outcomes))
            found[(panel.name, name)] = error
            print(f"{panel.name}, {name}, trained on {len(panel.pool_rows):,}: test error {error:.4f}")
            print(f"accuracy on the {len(panel.test_outcomes)} test {panel.noun}: {right}/{len(panel.test_outcomes)} "
                  f"= {right / len(panel.test_outcomes):.4f}")
    return found


if __name__ == "__main__":
    going_further = adult and not arguments.skip_going_further
    if going_further:
        print()
        print("=" * 78)
        print("Going further: what the paper does not do")
        print("=" * 78)
    if going_further or not adult:  # on iris, the check ends with the asymptotes
        going_further_a_asymptotes(panels, arguments.C)


# %% [markdown]
# ## Going further B. Three continuous naive Bayes
#
# The paper's naive Bayes shares one variance per feature between the classes and (by our reading
# of its equation 1) smooths the prior.  Two variants on the same draws: without the prior (equal
# priors, so only the likelihoods decide), and the library's `GaussianNB`, whose variance depends
# on the class (the log-odds is then quadratic in x).

# %%


def without_prior(panel, rows, outcomes):
    """The paper's Gaussian naive Bayes with the log prior ratio taken out of b (equal priors)."""
    weights, bias = paper_gaussian_nb(rows, outcomes)
    n1, m = sum(outcomes), len(outcomes)
    return weights, bias - (math.log((n1 + 1) / (m + 2)) - math.log((m - n1 + 1) / (m + 2)))


def going_further_b_gaussian(panel, draws, n_test, sizes):
    heading("Going further B. Continuous naive Bayes three ways, on the same draws")
    print(f"each point the mean over {draws} draws, {min(n_test, len(panel.test_rows)):,} test people each")
    print(f"{'m':>5}  {'paper NB':>9}  {'no prior':>9}  {'GaussianNB':>10}  {'paper (fig.)':>12}")
    for m in sizes:
        totals = [0.0, 0.0, 0.0]
        for number in range(draws):
            rows, outcomes, vectors, test_outcomes = draw(panel, m, number, n_test)
            for k, fit in enumerate((paper_gaussian_nb, lambda r, o: without_prior(panel, r, o))):
                weights, bias = fit(rows, outcomes)
                totals[k] += error_of(weights, bias, vectors, test_outcomes)
            model = GaussianNB().fit(rows, outcomes)
            tests = [[value for _, value in x] for x in vectors]
            totals[2] += sum(p != o for p, o in zip(model.predict(tests), test_outcomes)) / len(tests)
        paper = f"{panel.paper[m][0]:12.4f}" if m in panel.paper else ""
        print(f"{m:5d}  {totals[0] / draws:9.4f}  {totals[1] / draws:9.4f}  {totals[2] / draws:10.4f}  {paper}")


if __name__ == "__main__":
    if going_further:
        sizes_b = [m for m in (2, 5, 10, 15, 20, 30) if m in panels[0].sizes]
        going_further_b_gaussian(panels[0], draws["continuous"], arguments.test_people, sizes_b)


# %% [markdown]
# ## Going further C. The penalty
#
# The paper's logistic regression has no penalty; the main run's has almost none (C = 1000).
# scikit-learn's default, and this library's, is C = 1: a penalty a thousand times stronger.

# %%


def going_further_c_penalty(panels, draws, sizes, n_test, weak):
    heading("Going further C. Logistic regression with C = 1 (scikit-learn's default) against the main run's")
    for panel in panels:
        models = {"C = 1": lambda p, r, o: logistic_regression(r, o, 1.0),
                  f"C = {weak:g}": lambda p, r, o: logistic_regression(r, o, weak),
                  "naive Bayes": naive_bayes}
        saved, panel.sizes = panel.sizes, [m for m in sizes[panel.kind] if m in panel.sizes]
        curve = learning_curve(panel, draws[panel.kind], n_test, weak, models)
        panel.sizes = saved
        print(f"{panel.name}, {draws[panel.kind]} draws per point:")
        print(f"{'m':>5}  {'LR, C = 1':>9}  {'LR, C = ' + format(weak, 'g'):>12}  {'naive Bayes':>11}  "
              f"{'paper LR':>9}")
        for m, errors in curve.items():
            print(f"{m:5d}  {errors['C = 1']:9.4f}  {errors[f'C = {weak:g}']:12.4f}  {errors['naive Bayes']:11.4f}  "
                  f"{panel.paper[m][1]:9.4f}")
    majority = min(sum(panels[0].test_outcomes), len(panels[0].test_outcomes) - sum(panels[0].test_outcomes))
    print(f"(always answering <=50K is wrong for {majority / len(panels[0].test_outcomes):.4f} of the test people)")


if __name__ == "__main__":
    if going_further:
        going_further_c_penalty(panels, draws, {"continuous": (2, 5, 10, 15, 20, 30),
                                                "discrete": (2, 22, 62, 102, 202, 382)},
                                arguments.test_people, arguments.C)


# %% [markdown]
# ## Going further D. Ties with one person per class
#
# With m = 2 (one person of each class) and Laplace smoothing, each discrete weight is log 2,
# -log 2 or 0, and the prior ratio is 1: a test person who shares as many values with the one as
# with the other scores exactly 0.  The paper predicts T only when the score is above 0, and does
# not say which class is T.

# %%


def going_further_d_ties(panel, draws, n_test):
    heading("Going further D. Ties at m = 2 on the discrete panel")
    ties = wrong_low = wrong_high = tested = 0
    for number in range(draws):
        rows, outcomes, vectors, test_outcomes = draw(panel, 2, number, n_test)
        weights, bias = paper_categorical_nb(rows, outcomes, panel.categories)
        for x, o in zip(vectors, test_outcomes):
            z = bias + sum(weights.get(column, 0.0) * value for column, value in x)
            ties += z == 0
            wrong_low += (z > 0) != o  # a tie goes to <=50K (as in the main run)
            wrong_high += (z >= 0) != o  # a tie goes to >50K
            tested += 1
    print(f"over {draws} draws of m = 2 and {tested:,} test predictions: {ties / tested:.1%} score exactly 0")
    print(f"  naive Bayes' error when a tie goes to <=50K: {wrong_low / tested:.4f}; to >50K: {wrong_high / tested:.4f}"
          f"; the paper's point: {panel.paper[2][0]:.4f}")


if __name__ == "__main__":
    if going_further:
        going_further_d_ties(panels[1], draws["discrete"], arguments.test_people)
    if adult:
        print(f"processor time in all: {time.process_time() - started:.0f} s")
