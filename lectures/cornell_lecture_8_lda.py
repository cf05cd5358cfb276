# %% [markdown]
# # Cornell Tech, "Lecture 8: Naive Bayes" (Volodymyr Kuleshov): LDA on the iris sepals
#
# The lecture's iris part in its order: the data, the parameters with its covariance, its predictions,
# its density code line by line, the decision regions; then textbook LDA, Gaussian naive Bayes and
# held-out flowers beside it.  Run it as a script (`python lectures/cornell_lecture_8_lda.py`) or open
# it as a notebook (Jupyter with jupytext, or VS Code): each step's cell runs that step and prints
# its numbers under it.

# %%
"""Cornell Tech's "Lecture 8: Naive Bayes" (Volodymyr Kuleshov), the iris part: LDA, step by step.

This companion follows the second part of "Lecture 8: Naive Bayes" of Applied
Machine Learning at Cornell Tech, by Volodymyr Kuleshov: linear discriminant
analysis (LDA) on the first two iris measurements, sepal length and width.
The lecture prints the class means and the predicted class of all 150
flowers, and draws the decision regions.  Each function below is one step;
each prints what it computed and why.

1. The data: 150 flowers, X = the first two columns, classes 0, 1, 2.
2. The parameters as the lecture's code computes them: mu_k, the mean of
   class k; phi_k = n_k / n; and one covariance for every class,
   ``np.cov(X.T)``, the covariance of *all* the flowers with numpy's n - 1:
   ``GaussianDiscriminantAnalysis(covariance="total", ddof=1)``.
3. The predictions for all 150 flowers, against the array the lecture
   prints (typed below from the note, as data).
4. The lecture's code for p(x | y = k), read line by line against the
   Gaussian density: it multiplies by the normaliser and puts -1/2 outside
   the exponential.  Why its predictions come out right all the same, and
   by how much (the closest margin).
5. The decision regions: straight lines, with their equations; a picture.

Going further (the lecture does none of this):

A. Textbook LDA, with the pooled within-class covariance, beside the
   lecture's: where the two disagree, and which is right there.
B. Gaussian naive Bayes (a diagonal covariance per class) on the same flowers.
C. Held-out flowers: the lecture scores the flowers it fitted; here the three
   models are also fitted on a seeded 80% and scored on the other 20%.

The formulas and the analysis are on docs/discriminant-analysis.md;
docs/lectures.md#cornell-lda explains every number this script prints.  The
iris flowers ship with the library, so nothing is downloaded.  Run it from
the repository root:

    python lectures/cornell_lecture_8_lda.py                 # pictures in a temporary folder
    python lectures/cornell_lecture_8_lda.py --out pictures --seed 3
    python lectures/cornell_lecture_8_lda.py --limit 40      # going further C trains on 40 flowers
"""

import argparse
import importlib.util
import math
import os
import shlex
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

# Let the script run from a checkout without installing the package: put the
# repository root (the folder above lectures/) first on the import path.
try:
    REPOSITORY = Path(__file__).resolve().parent.parent
except NameError:  # a notebook has no __file__ and runs in the notebook's folder, lectures/
    REPOSITORY = Path.cwd().resolve().parent
if str(REPOSITORY) not in sys.path:
    sys.path.insert(0, str(REPOSITORY))

from naivebayes import GaussianDiscriminantAnalysis, GaussianNB, ScatterPlot, train_test_split  # noqa: E402
from naivebayes.other_models.linalg import quadratic_form  # noqa: E402
from naivebayes.datasets import load_iris  # noqa: E402

FEATURES = ["sepal_length", "sepal_width"]  # the lecture's X = iris_X.to_numpy()[:, :2]
LABELS = {"x_label": "sepal length (cm)", "y_label": "sepal width (cm)"}
SPECIES = ["setosa", "versicolor", "virginica"]  # the lecture's classes 0, 1 and 2 (iris.target)
D, K = 2, 3  # the lecture's d (features) and K (classes)

# What the lecture prints, typed from the note: print(mus), then print(idx).
LECTURE_MEANS = """\
[[5.006 3.428]
 [5.936 2.77 ]
 [6.588 2.974]]"""
LECTURE_PREDICTIONS = """\
[0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
 0 0 0 0 1 0 0 0 0 0 0 0 0 2 2 2 1 2 1 2 1 2 1 1 1 1 1 1 2 1 1 1 1 2 1 1 1
 2 2 2 2 1 1 1 1 1 1 1 2 2 1 1 1 1 1 1 1 1 1 1 1 1 1 2 1 2 2 2 2 1 2 1 2 2
 1 2 1 1 2 2 2 2 1 2 1 2 1 2 2 1 1 2 2 2 2 2 1 1 2 2 2 1 2 2 2 1 2 2 2 1 2
 2 1]"""
LECTURE_CODES = [int(code) for code in LECTURE_PREDICTIONS.strip("[]").split()]

PICTURES = "cornell_lecture_8_lda_pictures"


def heading(title):
    """Print a step's title, underlined."""
    print()
    print(title)
    print("-" * len(title))


def numpy_matrix(rows):
    """A matrix of short decimals as numpy prints it: [[5.006 3.428]\n [5.936 2.77 ]], columns aligned on the point."""
    texts = [[repr(float(value)) for value in row] for row in rows]
    whole = max(len(text.split(".")[0]) for row in texts for text in row)
    decimals = max(len(text.split(".")[1]) for row in texts for text in row)
    padded = [
        " ".join(text.split(".")[0].rjust(whole) + "." + text.split(".")[1].ljust(decimals) for text in row)
        for row in texts
    ]
    return "[" + "\n ".join(f"[{row}]" for row in padded) + "]"


def numpy_codes(codes, per_line=37):
    """Class numbers as numpy prints a long int array: 37 to a line within numpy's 75 characters."""
    lines = [" ".join(map(str, codes[start:start + per_line])) for start in range(0, len(codes), per_line)]
    return "[" + "\n ".join(lines) + "]"


def codes_of(labels):
    """Species names as the lecture's class numbers 0, 1, 2."""
    return [SPECIES.index(label) for label in labels]


def count_correct(truth, predictions):
    """How many predictions equal the true labels."""
    return sum(t == p for t, p in zip(truth, predictions))


def flower_text(i, row, label):
    """One flower for a table: its number (from 0, as numpy counts), its two lengths, its species."""
    return f"flower {i:>3} ({float(row['sepal_length'])}, {float(row['sepal_width'])}) {label}"


def verdict(code, truth):
    """A predicted class number, marked when it is the flower's own."""
    return f"{code} (right)" if code == truth else f"{code}"


def rounded_matrix(matrix, digits=8):
    """A matrix rounded to ``digits`` decimals, printed as numpy prints it."""
    return numpy_matrix([[round(float(value), digits) for value in row] for row in matrix])


def one_line(matrix):
    """A 2 x 2 scatter matrix to 4 decimals, on one line."""
    return rounded_matrix(matrix, 4).replace("\n", "")


def where_the_split_comes_from(n, seed, test_size):
    """Whose split this is, checked rather than assumed: (a sentence, True when it is scikit-learn's too).

    The split is this library's ``naivebayes.train_test_split``.  With
    scikit-learn installed, its ``train_test_split`` on the same n rows and
    seed is drawn too, and the sentence says whether it holds out the same
    rows in the same order.
    """
    rows = list(range(n))
    ours = train_test_split(rows, [0] * n, test_size=test_size, random_state=seed)[1]  # the test rows
    name = f"naivebayes.train_test_split(test_size={test_size}, random_state={seed})"
    if importlib.util.find_spec("sklearn") is None:
        return f"{name}, this library's own seeded split (scikit-learn is not installed to compare)", False
    from sklearn.model_selection import train_test_split as sklearn_split

    theirs = [int(i) for i in sklearn_split(rows, test_size=test_size, random_state=seed)[1]]
    if theirs == ours:
        return f"{name}: the same test rows, in the same order, as scikit-learn's with that seed", True
    other = len(set(theirs) - set(ours))
    return (f"{name}, this library's own seeded split: scikit-learn's train_test_split with the same seed"
            f" would hold out {other} other of the {len(ours)} test rows"), False


# %% [markdown]
# ## The options
#
# As a script, the command line sets them (`--help` lists them).  In a notebook, put them in
# `NOTEBOOK_ARGUMENTS`, for instance `["--out", "pictures"]`; the NAIVEBAYES_LECTURE_ARGUMENTS
# environment variable, when set, fills it (the tests use it).  Every cell below runs its step at
# once and prints that step's numbers under it; imported as a module, the file runs no step.

# %%

def default_out():
    """A folder in the temporary directory, reused by every run (never inside the repository)."""
    return Path(tempfile.gettempdir()) / "naivebayes-lectures" / PICTURES


def parse_arguments(argv):
    """The command line: ``--out``, ``--seed`` and ``--limit``."""
    parser = argparse.ArgumentParser(
        description="Cornell Tech's \"Lecture 8: Naive Bayes\" (Kuleshov), the iris part: LDA with the "
        "lecture's covariance, its 150 predictions, its density code read line by line.",
    )
    parser.add_argument("--out", type=Path, default=None,
                        help=f"folder for the SVG pictures (default: {default_out()})")
    parser.add_argument("--seed", type=int, default=0, help="random_state of going further C's 80/20 split (default 0)")
    parser.add_argument("--limit", type=int, metavar="N",
                        help="going further C trains on the first N of its 120 training flowers (the lecture's steps "
                        "always use all 150, as the lecture does)")
    arguments = parser.parse_args(argv)
    if arguments.seed < 0:
        parser.error(f"--seed must be a whole number >= 0, not {arguments.seed}")
    if arguments.limit is not None and not 1 <= arguments.limit <= 120:
        parser.error(f"--limit must be from 1 to 120, not {arguments.limit}")
    return parser, arguments


def show_pictures(*paths):
    """In a notebook, draw the step's saved SVG pictures right under it; a script prints their paths only."""
    if "ipykernel" in sys.modules:
        from IPython.display import SVG, display  # the notebook's own display, not a dependency of the library

        for path in paths:
            display(SVG(filename=str(path)))


NOTEBOOK_ARGUMENTS = shlex.split(os.environ.get("NAIVEBAYES_LECTURE_ARGUMENTS", ""))

if __name__ == "__main__":  # as a script, or in a notebook
    parser, arguments = parse_arguments(NOTEBOOK_ARGUMENTS if "ipykernel" in sys.modules else None)
    out = arguments.out if arguments.out is not None else default_out()
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        parser.exit(1, f"cannot write the pictures to {out}: {error}\n")
    print("Cornell Tech, \"Lecture 8: Naive Bayes\" (Volodymyr Kuleshov), step by step:")
    print("linear discriminant analysis on the iris sepals")
    print(f"pictures go to {out}")


# %% [markdown]
# ## Step 1: the data

# %%


def step_1_data():
    """The 150 flowers, their first two measurements, exact (5.1 is 51/10)."""
    heading("Step 1. Iris, the first two measurements")
    sepals = load_iris(exact=True).select(FEATURES)
    print(f"n = {len(sepals.rows)} flowers, d = {D} features ({', '.join(FEATURES)}), K = {K} classes:")
    for k, species in enumerate(SPECIES):
        print(f"  {k} {species:<11} {sepals.labels.count(species)} flowers")
    print("The lengths are read as exact fractions, so means and covariances are exact, and")
    print("the squared distances of step 4 are exact too.")
    return sepals.rows, sepals.labels


if __name__ == "__main__":
    rows, labels = step_1_data()


# %% [markdown]
# ## Step 2: the parameters, as the lecture computes them

# %%


def step_2_parameters(rows, labels):
    """mu_k = the class mean, phi_k = n_k / n, and Sigma_k = np.cov(X.T) for every k."""
    heading("Step 2. The parameters: mu_k, phi_k, and Sigma_k = np.cov(X.T) for every class")
    lecture = GaussianDiscriminantAnalysis(covariance="total", ddof=1).fit(rows, labels)
    means = [lecture.mean_vectors_[species] for species in SPECIES]
    printed = numpy_matrix(means)
    print("print(mus):")
    print(printed)
    print(f"the lecture's printed means, character for character: {printed == LECTURE_MEANS}")
    assert printed == LECTURE_MEANS, "no longer the lecture's means"
    print(f"exact: {', '.join(f'{s} ({m[0]}, {m[1]})' for s, m in zip(SPECIES, means))}")
    print("phi_k = n_k / n: " + ", ".join(f"{lecture.prior(s)}" for s in SPECIES))
    sigma = lecture.covariance_matrices_["setosa"]
    print("The lecture's line gives every class np.cov(X.T), X and not the class's own X_k:")
    print("the covariance of all 150 flowers around the overall mean, divided by n - 1 = 149")
    print("(covariance=\"total\", ddof=1):")
    print(rounded_matrix(sigma))
    same = all(lecture.covariance_matrices_[s] is sigma for s in SPECIES)
    print(f"one matrix, shared by the three classes: {same}   (exact: {sigma[0][0]}, {sigma[0][1]}, {sigma[1][1]})")
    return lecture


if __name__ == "__main__":
    lecture = step_2_parameters(rows, labels)


# %% [markdown]
# ## Step 3: the predictions

# %%


def step_3_predictions(lecture, rows, labels):
    """argmax_k p(x | y = k) p(y = k) for all 150 flowers, against the lecture's printed array."""
    heading("Step 3. The predictions for all 150 flowers")
    codes = codes_of(lecture.predict(rows))
    printed = numpy_codes(codes)
    print("print(idx):")
    print(printed)
    agree = sum(a == b for a, b in zip(codes, LECTURE_CODES))
    print(f"the same as the lecture's printed array: {agree} of {len(LECTURE_CODES)} flowers"
          f"{', character for character' if printed == LECTURE_PREDICTIONS else ''}")
    assert codes == LECTURE_CODES, "no longer the lecture's predictions"
    correct = count_correct(labels, lecture.predict(rows))
    print(f"right: {correct} of {len(rows)} = {correct / len(rows):.4f} (the lecture does not print it; these are")
    print("the flowers the model was fitted on, so this is a training accuracy)")
    for k, species in enumerate(SPECIES):
        predicted = [codes[i] for i, label in enumerate(labels) if label == species]
        shares = " ".join(f"{predicted.count(code):>2}" for code in range(K))
        print(f"  {species:<11} predicted as 0/1/2: {shares}")
    return codes


if __name__ == "__main__":
    codes = step_3_predictions(lecture, rows, labels)


# %% [markdown]
# ## Step 4: the lecture's density code, line by line

# %%


def squared_distances(model, x):
    """[q_k] for the classes: (x - mu_k)^T Sigma_k^-1 (x - mu_k), exact, from the model's L D L^T factor."""
    return [
        quadratic_form(model.ldl_factors_[s], [value - mean for value, mean in zip(x, model.mean_vectors_[s])])
        for s in SPECIES
    ]


def lecture_score(q, determinant, prior):
    """What the lecture's code computes for one class: sqrt(|(2 pi)^d det Sigma|) * -.5 * exp(q) * phi."""
    return math.sqrt(abs((2 * math.pi) ** D * determinant)) * -0.5 * math.exp(q) * prior


def lecture_choice(q, log_priors):
    """The class the lecture's code picks: its largest score, the smallest q_k + log phi_k.

    sqrt(...) * -.5 * exp(q_k) * phi_k is largest where exp(q_k) phi_k is smallest.
    """
    costs = [q_k + log_prior for q_k, log_prior in zip(q, log_priors)]
    return costs.index(min(costs))


def correct_choice(q, log_priors):
    """The class Bayes' rule picks with one shared Sigma: the smallest (1/2) q_k - log phi_k."""
    costs = [0.5 * q_k - log_prior for q_k, log_prior in zip(q, log_priors)]
    return costs.index(min(costs))


def step_4_density_code(lecture, rows, labels):
    """The lecture's p(x | y = k) against the formula, and why its argmax is right here."""
    heading("Step 4. The lecture's density code, line by line")
    print("The formula:  N(x; mu_k, Sigma_k) = exp(-(1/2) q_k) / sqrt((2 pi)^d det Sigma_k),")
    print("              q_k = (x - mu_k)^T Sigma_k^-1 (x - mu_k), the squared Mahalanobis distance.")
    print("The code, factor by factor:")
    print("  np.sqrt(np.abs((2*np.pi)**d*np.linalg.det(Sigmas)))  sqrt((2 pi)^d det Sigma_k), multiplied where")
    print("                                                       the formula divides by it")
    print("  * -.5*np.exp(q_k), q_k by two np.matmul with inv      -1/2 times exp(+q_k), where the formula has")
    print("                                                       exp(-(1/2) q_k): the -1/2 moved outside")
    print("  pyx = pxy * py                                       times phi_k, as Bayes' rule has it")
    print("So the code computes s_k = -(1/2) sqrt((2 pi)^2 det Sigma) exp(+q_k) phi_k: negative, and the")
    print("farther the flower from mu_k, the more negative, where the density gets smaller.")

    sigma_factor = lecture.ldl_factors_["setosa"]
    determinant = math.prod(float(pivot) for pivot in sigma_factor[1])
    phi = float(lecture.prior("setosa"))
    x = [rows[0][j] for j in FEATURES]
    q = squared_distances(lecture, x)
    joint = lecture.joint_log_likelihood(rows[0])
    print(f"Flower 0, ({float(x[0])}, {float(x[1])}), det Sigma = {determinant:.8f}, phi_k = 1/3:")
    print(f"  {'class':<11} {'q_k':>9} {'log N + log phi (right)':>24} {'s_k (the code)':>16}")
    for k, species in enumerate(SPECIES):
        score = lecture_score(float(q[k]), determinant, phi)
        print(f"  {species:<11} {float(q[k]):>9.4f} {joint[species]:>24.4f} {score:>16.4f}")
    print("The largest s_k is the least negative: the smallest q_k.  Bayes' rule picks the largest")
    print("-(d/2) log 2 pi - (1/2) log det Sigma - (1/2) q_k + log phi_k; with one Sigma for every class")
    print("and phi_k = 1/3 for all three, only -(1/2) q_k differs: again the smallest q_k.  The two")
    print("errors leave the argmax alone, for this fit: the same matrix and equal priors.")

    equal = [math.log(1 / 3)] * K
    as_coded, nearest, library = [], [], codes_of(lecture.predict(rows))
    closest = None
    for i, row in enumerate(rows):
        q = squared_distances(lecture, [row[j] for j in FEATURES])
        scores = [lecture_score(float(value), determinant, phi) for value in q]
        as_coded.append(scores.index(max(scores)))
        nearest.append(q.index(min(q)))
        first, second = sorted(q)[:2]
        if closest is None or second - first < closest[0]:
            closest = (second - first, i, row)
    print(f"All 150 flowers: the code's argmax s_k, the nearest mean (exact q_k) and the library's")
    print(f"predictions agree on {sum(a == b == c for a, b, c in zip(as_coded, nearest, library))} of 150, "
          f"and all are the lecture's: {as_coded == nearest == library == LECTURE_CODES}")
    gap, i, row = closest
    print(f"The closest call: {flower_text(i, row, labels[i])}: the two nearest means differ in q")
    print(f"by {float(gap):.2e} (exactly {gap}), over 10^10 times what float rounding can move")
    print("a q_k of a few units: no prediction could flip between numpy's floats and exact fractions.")
    print("The values themselves are no probabilities: negative, and they do not sum to 1 (the")
    print("plotting cell even takes np.log(-1./3*pyx), which is q_k plus a constant).")

    print("With unequal priors the errors would show: the code picks the smallest q_k + log phi_k,")
    print("Bayes' rule the smallest (1/2) q_k - log phi_k, so the code counts the distance twice and")
    print("turns the prior around.  With phi = (0.1, 0.1, 0.8), flowers predicted virginica:")
    skewed = [math.log(p) for p in (0.1, 0.1, 0.8)]
    distances = [[float(v) for v in squared_distances(lecture, [row[j] for j in FEATURES])] for row in rows]
    counts = {
        "the code, equal priors": sum(lecture_choice(q, equal) == 2 for q in distances),
        "the code, (0.1, 0.1, 0.8)": sum(lecture_choice(q, skewed) == 2 for q in distances),
        "Bayes' rule, (0.1, 0.1, 0.8)": sum(correct_choice(q, skewed) == 2 for q in distances),
    }
    for name, count in counts.items():
        print(f"  {name:<30} {count:>3}")
    print("A larger prior for virginica makes the code predict it less often.")
    return closest


if __name__ == "__main__":
    step_4_density_code(lecture, rows, labels)


# %% [markdown]
# ## Step 5: linear decision regions

# %%


def boundary_text(form):
    """log P(a | x) - log P(b | x) = w1 x1 + w2 x2 + b, and the boundary solved for the sepal width."""
    w1, w2 = (float(form.weights[j]) for j in FEATURES)
    b = float(form.intercept)
    return (f"{w1:+.4f} length {w2:+.4f} width {b:+.4f}; = 0 on the line "
            f"width = {-w1 / w2:.4f} length {-b / w2:+.4f}")


def step_5_regions(lecture, rows, labels, out):
    """With one Sigma for all classes, each pair's log-odds is linear in x: straight boundaries."""
    heading("Step 5. Linear decision regions")
    print("One Sigma for all classes: in log P(a | x) - log P(b | x) the terms x^T Sigma^-1 x cancel,")
    print("and what is left is w^T x + b with w = Sigma^-1 (mu_a - mu_b) (docs/discriminant-analysis.md):")
    for positive, negative in (("versicolor", "setosa"), ("virginica", "setosa"), ("virginica", "versicolor")):
        form = lecture.linear_form(positive, negative)
        print(f"  {positive} vs {negative}: {boundary_text(form)}")
    picture = ScatterPlot(rows, labels, *FEATURES, model=lecture,
                          title="LDA as the lecture fits it (total covariance)", **LABELS)
    path = picture.save(out / "lecture-lda-regions.svg")
    print(f"the lecture's picture, the regions behind all 150 flowers: {path}")


if __name__ == "__main__":
    step_5_regions(lecture, rows, labels, out)
    show_pictures(out / "lecture-lda-regions.svg")


# %% [markdown]
# ## Going further
#
# Models and a split the lecture does not use.
#
# ### A. Textbook LDA

# %%


def step_6_textbook(lecture, codes, rows, labels, out):
    """LDA with the pooled within-class covariance, beside the lecture's total covariance."""
    heading("Going further A. Textbook LDA: the pooled within-class covariance")
    textbook = GaussianDiscriminantAnalysis(covariance="shared", ddof=1).fit(rows, labels)
    print("Textbook LDA shares one Sigma too, but pools each class's scatter around its own")
    print("mean, (S_0 + S_1 + S_2) / (n - K) (covariance=\"shared\", ddof=1):")
    print(rounded_matrix(textbook.covariance_matrices_["setosa"]))
    print("The lecture's np.cov(X.T) also holds the spread of the class means themselves:")
    within = [[sum(lecture.scatter_matrices_[s][j][k] for s in SPECIES) for k in range(D)] for j in range(D)]
    total = [[value * (len(rows) - 1) for value in row] for row in lecture.covariance_matrices_["setosa"]]
    between = [[total[j][k] - within[j][k] for k in range(D)] for j in range(D)]
    print(f"  total scatter T = within W + between B:  T = {one_line(total)}")
    print(f"  W = {one_line(within)},  B = {one_line(between)}")
    print("Within a species, longer sepals are wider (+0.0927); across the species the short setosa")
    print("sepals are the wide ones (-0.0424).  The total covariance counts the direction that")
    print("separates the species as ordinary spread, so it separates them less sharply.")

    textbook_codes = codes_of(textbook.predict(rows))
    truth = codes_of(labels)
    differ = [i for i, (a, b) in enumerate(zip(codes, textbook_codes)) if a != b]
    correct_lecture, correct_textbook = count_correct(truth, codes), count_correct(truth, textbook_codes)
    print(f"right: the lecture's {correct_lecture}/150, textbook {correct_textbook}/150; they disagree on "
          f"{len(differ)} flowers:")
    print(f"  {'flower':<37} {'lecture':<10} textbook")
    for i in differ:
        print(f"  {flower_text(i, rows[i], labels[i]):<37} {verdict(codes[i], truth[i]):<10} "
              f"{verdict(textbook_codes[i], truth[i])}")
    wins = sum(textbook_codes[i] == truth[i] for i in differ)
    print(f"Textbook LDA is right on {wins} of them, the lecture's on {len(differ) - wins}.")
    same = True
    for covariance in ("total", "shared"):
        for ddof in (0, 1):
            other = GaussianDiscriminantAnalysis(covariance=covariance, ddof=ddof).fit(rows, labels)
            reference = codes if covariance == "total" else textbook_codes
            same &= codes_of(other.predict(rows)) == reference
    print(f"Dividing by n or n - 1 (n - K) changes no prediction, for either matrix: {same}")
    print("(one Sigma for all and equal priors: scaling Sigma scales every q_k alike).")
    picture = ScatterPlot(rows, labels, *FEATURES, model=textbook,
                          title="Textbook LDA (pooled within-class covariance)", **LABELS)
    path = picture.save(out / "textbook-lda-regions.svg")
    print(f"its regions: {path}")
    return textbook_codes


if __name__ == "__main__":
    print()
    print("=" * 78)
    print("Going further: models and a split the lecture does not use")
    print("=" * 78)
    textbook_codes = step_6_textbook(lecture, codes, rows, labels, out)
    show_pictures(out / "textbook-lda-regions.svg")


# %% [markdown]
# ### B. Gaussian naive Bayes

# %%


def step_7_naive_bayes(codes, textbook_codes, rows, labels, out):
    """GaussianNB: a diagonal covariance per class, the naive assumption."""
    heading("Going further B. Gaussian naive Bayes: a diagonal covariance per class")
    naive = GaussianNB(var_smoothing=0).fit(rows, labels)
    naive_codes = codes_of(naive.predict(rows))
    diagonal = GaussianDiscriminantAnalysis(covariance="diagonal").fit(rows, labels)
    print("Naive Bayes is discriminant analysis with each class's covariance cut to its diagonal:")
    print(f"GaussianNB and covariance=\"diagonal\" predict alike on all 150: "
          f"{codes_of(diagonal.predict(rows)) == naive_codes}")
    for species in SPECIES:
        variances = [naive.variances_[species][j] for j in FEATURES]
        print(f"  {species:<11} variances ({float(variances[0]):.6f}, {float(variances[1]):.6f}), "
              "covariance 0")
    truth = codes_of(labels)
    print("right, of the 150 flowers the models were fitted on:")
    full = GaussianDiscriminantAnalysis(covariance="full").fit(rows, labels)
    table = [
        ("LDA, total covariance (the lecture)", codes),
        ("LDA, pooled covariance (textbook)", textbook_codes),
        ("QDA, a covariance per class (the lecture's GDA)", codes_of(full.predict(rows))),
        ("Gaussian naive Bayes", naive_codes),
    ]
    for name, model_codes in table:
        agree = sum(a == b for a, b in zip(model_codes, codes))
        print(f"  {name:<49} {count_correct(truth, model_codes):>3}/150   "
              f"same as the lecture's on {agree}")
    print("Naive Bayes draws curves (each class has variances of its own), not lines.")
    path = ScatterPlot(rows, labels, *FEATURES, model=naive,
                       title="Gaussian naive Bayes", **LABELS).save(out / "naive-bayes-regions.svg")
    print(f"its regions: {path}")


if __name__ == "__main__":
    step_7_naive_bayes(codes, textbook_codes, rows, labels, out)
    show_pictures(out / "naive-bayes-regions.svg")


# %% [markdown]
# ### C. Held-out flowers

# %%


def step_8_held_out(seed, limit):
    """Fitted on 80% of the flowers, scored on the other 20%."""
    heading("Going further C. Held-out flowers")
    sepals = load_iris(exact=True).select(FEATURES)
    X_train, X_test, y_train, y_test = train_test_split(sepals.rows, sepals.labels, test_size=0.2, random_state=seed)
    if limit is not None:
        X_train, y_train = X_train[:limit], y_train[:limit]
    print("The lecture predicts the very flowers it fitted.  Fitted on a seeded 80% instead, from")
    source, _ = where_the_split_comes_from(len(sepals.rows), seed, 0.2)
    print(f"  {source}" + (f", then the first {len(X_train)} training flowers" if limit is not None else "") + ":")
    models = {
        "the lecture's LDA, total covariance": GaussianDiscriminantAnalysis(covariance="total", ddof=1),
        "textbook LDA, pooled covariance": GaussianDiscriminantAnalysis(covariance="shared", ddof=1),
        "Gaussian naive Bayes": GaussianNB(var_smoothing=0),
    }
    n = len(y_test)
    for name, model in models.items():
        try:
            predictions = model.fit(X_train, y_train).predict(X_test)
        except ValueError as error:  # too few training flowers for a covariance
            print(f"  {name}: cannot be fitted on {len(X_train)} flowers: {error}")
            continue
        correct = count_correct(y_test, predictions)
        print(f"accuracy on the {n} test flowers: {correct}/{n} = {correct / n:.4f}   ({name})")


if __name__ == "__main__":
    step_8_held_out(arguments.seed, arguments.limit)
