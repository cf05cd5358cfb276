# %% [markdown]
# # Smoothing as a prior: Mitchell's section 6.9 and Murphy's section 9.3
#
# Tom Mitchell, *Machine Learning* (1997), section 6.9, "Naive Bayes Classifier", with 6.9.1.1,
# "Estimating Probabilities" (the m-estimate); and Kevin Murphy, *Probabilistic Machine Learning:
# An Introduction* (2022), section 9.3, "Naive Bayes classifiers" (the models, fitting them by
# maximum likelihood, and the Bayesian view: a Beta or Dirichlet prior, its posterior, the
# posterior predictive, add-one smoothing).  Part 1 follows Mitchell in his order on his
# PlayTennis days; part 2 follows Murphy in his order on UCI's 8x8 handwritten digits; part 3,
# **the sweeps**, is this project's own experiment, not the books': accuracy as the prior's
# strength is swept, on 20 Newsgroups and on the digits, and a credible interval narrowing as the
# counts grow.  Run it as a script (`python lectures/murphy_mitchell_priors.py`) or open it as a
# notebook: each step's cell runs that step and prints its numbers under it.

# %%
"""Mitchell's section 6.9 and Murphy's section 9.3 (smoothing as a prior), step by step.

Where the books' numbers were read:

* Mitchell, Machine Learning (1997), section 6.9, page 179 of the book:
  read from the text of that page as a public flipbook copy shows it
  (fliphtml5.com, "Machine - Learning - Tom Mitchell", its page 191).  It
  gives P(Wind = strong | yes) = 3/9 = .33 and P(Wind = strong | no) = 3/5
  = .60, the new day's class "no", and "this probability is .795"; and, in
  6.9.1.1, n = 5, n_c = 3 for Wind = strong given no, the m-estimate
  (n_c + m p) / (n + m), and p = 1/k for an attribute of k values (p = .5
  for Wind).  The two products .0053 and .0206 sit in a displayed
  equation of that page which the copy's text layer lost, and the priors
  P(yes) = 9/14 = .64, P(no) = 5/14 = .36 on the page before (178), which
  could not be read here; those four are taken as course copies of the
  example print them (2/9 * 3/9 * 3/9 * 3/9 * 9/14 = 0.0053 and
  3/5 * 1/5 * 4/5 * 3/5 * 5/14 = 0.0206, then 0.795: a post on the WEKA
  MOOC's Google group, groups.google.com/g/wekamooc-general), and steps 2
  and 3 recompute all of them.  The 14 days are the book's Table 3.2,
  which the library ships (load_play_tennis) and step 1 prints.  Mitchell gives no value of m; step 5 takes
  m = 3 (M_CHOSEN), our choice.
* Murphy, Probabilistic Machine Learning: An Introduction (2022), section
  9.3: the text of the book could not be read from here (no copy of the
  PDF was found with the look-up tools), so no number of his is printed
  beside ours.  What could be read is the book's code repository,
  probml/pyprobml: its notebooks/book1/09/README.md lists Figures 9.6 and
  9.7 of chapter 9 as drawn by naive_bayes_mnist_jax.ipynb, a Bernoulli
  naive Bayes on MNIST binarized at grey level 0.5.  MNIST is not here, so
  those figures cannot be reproduced; step 9 draws the same kind of
  picture (each class's P(pixel on | c)) on UCI's 8x8 digits instead.  The
  formulas of part 2 are the standard Beta-Bernoulli and Dirichlet ones, as
  docs/priors.md derives them, not quotations.

The steps:

Part 1, Mitchell 6.9, on PlayTennis:
1. The 14 days (Table 3.2), and the new day.
2. The estimates by maximum likelihood, as exact fractions.
3. The two products (.0053 and .0206), and P(no | day) = .795.
4. A zero count (Outlook = overcast never happens with "no"), and what it does.
5. The m-estimate with p = 1/k and m = 3: the estimates and the prediction again.

Part 2, Murphy 9.3, on the digits (binary pixels: grey level >= 8):
6. The model: a Bernoulli per pixel and class, a categorical over the classes.
7. Fitting by maximum likelihood: the zeros it leaves.
8. A Beta prior: the posterior, and ML, MAP and posterior mean side by side,
   with credible intervals (estimate_table).
9. The posterior predictive: add-one smoothing; the test accuracy; the
   class pictures; the categorical model on the grey levels.

Part 3, the sweeps (this project's experiments, not the books'):
A. 20 Newsgroups (by date), multinomial: add-alpha from 1e-3 to 1e2, and an
   m-estimate whose p is the words' overall frequencies; chosen on a
   held-out fifth of the training posts, reported on the test posts.
B. The digits, Bernoulli: Beta(s, s) and Beta(s q, s (1 - q)) with q the
   share of pixels on, s from 1e-3 to 1e2; chosen on a held-out fifth.
C. One estimate's credible interval as N grows.

    python lectures/murphy_mitchell_priors.py
    python lectures/murphy_mitchell_priors.py --newsgroups PATH/20news-bydate.tar.gz --optdigits PATH/optdigits
    python lectures/murphy_mitchell_priors.py --limit 40 --no-newsgroups   # quick
"""

import argparse
import math
import os
import shlex
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

try:
    REPOSITORY = Path(__file__).resolve().parent.parent
except NameError:  # a notebook has no __file__ and runs in lectures/
    REPOSITORY = Path.cwd().resolve().parent
if str(REPOSITORY) not in sys.path:
    sys.path.insert(0, str(REPOSITORY))

from naivebayes import BernoulliNB, CategoricalNB, MultinomialNB, Tokenizer  # noqa: E402
from naivebayes.core.beta import credible_interval  # noqa: E402
from naivebayes.core.priors import Beta, Dirichlet, MEstimate, m_estimate, map_estimate, ml_estimate  # noqa: E402
from naivebayes.core.priors import posterior_mean  # noqa: E402
from naivebayes.datasets import load_20newsgroups, load_play_tennis  # noqa: E402
from naivebayes.datasets.optdigits import load_optdigits  # noqa: E402
from naivebayes.evaluation.split import train_test_split  # noqa: E402
from naivebayes.inspect.estimates import estimate_table  # noqa: E402
from naivebayes.inspect.pixel_pictures import class_pictures  # noqa: E402
from naivebayes.inspect.svg import Axes, Canvas, class_style, draw_legend, draw_marker, points_text  # noqa: E402
from naivebayes.text.documents import count_tokens  # noqa: E402

SHARED_DATA = REPOSITORY.parent / "shared" / "data"
NEWSGROUPS_DEFAULT = SHARED_DATA / "20news-bydate.tar.gz"
OPTDIGITS_DEFAULT = SHARED_DATA / "optdigits"

FEATURES = ("outlook", "temperature", "humidity", "wind")
NEW_DAY = load_play_tennis()[2]  # <sunny, cool, high, strong>, the day Mitchell classifies
BOOK = {  # what Mitchell prints, and where (see the docstring)
    "P(yes)": ".64", "P(no)": ".36",  # page 178, as course copies quote it
    "P(wind=strong|yes)": ".33", "P(wind=strong|no)": ".60",  # page 179, read
    "product yes": ".0053", "product no": ".0206",  # page 179, as course copies quote it
    "P(no|day)": ".795",  # page 179
}
M_CHOSEN = 3  # Mitchell leaves m open; our choice for step 5

THRESHOLD = 8  # a pixel is on when its grey level (0..16) is at least 8
STRENGTHS = (1e-3, 3e-3, 1e-2, 3e-2, 0.1, 0.3, 1, 3, 10, 30, 100)  # the sweeps' prior strengths
# The m-estimate on 20 Newsgroups is swept by decades only: a prior with a pseudo-count per word builds
# each model's table word by word (some 8 s of processor time for 130,000 words), a number in well under 1 s.
M_STRENGTHS = (1e-3, 1e-2, 0.1, 1, 10, 100)
HELD_OUT = 0.2  # the share of the training file held out to choose the strength
SEED = 0  # train_test_split's seed for the held-out part
SHOWN_PIXELS = (0, 19, 27, 36)  # the pixels step 8 shows: a corner, then three near the middle
INTERVAL_CLASS, INTERVAL_PIXEL = 3, 19  # the estimate of sweep C: P(pixel 2,3 on | digit 3)
INTERVAL_SIZES = (2, 5, 10, 20, 50, 100, 200)  # and every image of the class


def heading(text):
    print()
    print(text)
    print("-" * len(text))


def fraction_text(value):
    """A Fraction as 'n/d = 0.dddd'; a float as 0.dddd."""
    if value == 0:
        return "0"
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator} = {float(value):.4f}"
    return f"{value:.4f}"


def accuracy_line(what, labels, predictions, note=""):
    correct = sum(true == predicted for true, predicted in zip(labels, predictions))
    line = f"accuracy on the {len(labels)} {what}: {correct}/{len(labels)} = {correct / len(labels):.4f}"
    return line + (f"   ({note})" if note else "")


def strength_text(value):
    return f"{value:g}"


# %% [markdown]
# ## Helpers
#
# The table as rows, the products worked by hand in fractions, and the pictures of part 3 (drawn
# with the library's SVG pieces, as the McCallum and Nigam companion draws its curves: no picture
# class of the library plots a score against a setting on a log scale).

# %%
def play_tennis_table():
    """(rows, labels) of Mitchell's Table 3.2, as the library ships it (``load_play_tennis``)."""
    rows, labels, _ = load_play_tennis()
    return rows, labels


def counts(rows, labels, label, feature, value):
    """(n_c, n): the days of class ``label`` with ``feature = value``, and the days of that class."""
    days = [row for row, y in zip(rows, labels) if y == label]
    return sum(row[feature] == value for row in days), len(days)


def product_by_hand(rows, labels, day, label, estimate):
    """P(label) * prod_j P(x_j | label), with P(x_j | label) = estimate(n_c, n, feature)."""
    product = Fraction(labels.count(label), len(labels))
    for feature in FEATURES:
        n_c, n = counts(rows, labels, label, feature, day[feature])
        product *= estimate(n_c, n, feature)
    return product


def values_of(rows, feature):
    return sorted({row[feature] for row in rows})


def draw_sweep(path, title, x_label, lines, chosen=None):
    """Accuracy against the prior's strength (log x): ``lines`` is {name: [(strength, accuracy)]}."""
    xs = [x for points in lines.values() for x, _ in points]
    ys = [y for points in lines.values() for _, y in points]
    low = max(0.0, math.floor(min(ys) * 20) / 20)
    high = min(1.0, math.ceil(max(ys) * 20) / 20 + 0.0001)
    canvas = Canvas(640, 360, title)
    axes = Axes(70, 40, 330, 250, (min(xs) / 1.6, max(xs) * 1.6), (low, high), x_log=True)
    axes.draw_grid(canvas)
    axes.draw_frame(canvas, x_label=x_label, y_label="accuracy", title=title)
    entries = []
    for k, (name, points) in enumerate(lines.items()):
        style = class_style(k)
        corners = [(axes.x(x), axes.y(y)) for x, y in points]
        canvas.add("polyline", points=points_text(corners), fill="none", stroke=style.colour, stroke_width=2,
                   stroke_dasharray=style.dash or None)
        for x, y in corners:
            draw_marker(canvas, style.marker, x, y, fill=style.colour)
        entries.append((name, style, "marker"))
    if chosen is not None:
        x = axes.x(chosen)
        canvas.add("line", x1=x, y1=axes.top, x2=x, y2=axes.bottom, stroke="#555555", stroke_dasharray="3 3")
        entries.append((f"chosen on held-out: {strength_text(chosen)}", class_style(len(lines)), "line"))
    draw_legend(canvas, 410, 50, entries)
    return write_svg(canvas, path)


def draw_intervals(path, title, rows):
    """The posterior mean and its credible interval against N (log x); rows are (N, mean, low, high)."""
    canvas = Canvas(560, 340, title)
    sizes = [n for n, *_ in rows]
    axes = Axes(70, 40, 330, 240, (min(sizes) / 1.5, max(sizes) * 1.5), (0.0, 1.0), x_log=True)
    axes.draw_grid(canvas)
    axes.draw_frame(canvas, x_label="N, images of the class seen", y_label="theta", title=title)
    style = class_style(0)
    for n, mean, low, high in rows:
        x = axes.x(n)
        canvas.add("line", x1=x, y1=axes.y(low), x2=x, y2=axes.y(high), stroke=style.colour, stroke_width=2)
        draw_marker(canvas, style.marker, x, axes.y(mean), fill=style.colour)
    draw_legend(canvas, 410, 50, [("posterior mean", style, "marker"), ("95% credible interval", style, "line")])
    return write_svg(canvas, path)


def write_svg(canvas, path):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(canvas.to_svg(), encoding="utf-8", newline="\n")
    print(f"picture written to {path}")
    return path


def show(path):
    if "ipykernel" in sys.modules:  # a notebook shows the picture under its step
        from IPython.display import SVG, display  # the notebook's own display, not a dependency of the library

        display(SVG(filename=str(path)))


# %% [markdown]
# ## The options
#
# As a script, the command line sets them (`--help` lists them).  In a notebook, put them in
# `NOTEBOOK_ARGUMENTS`; the NAIVEBAYES_LECTURE_ARGUMENTS environment variable, when set, fills it.
# Without `--newsgroups` and `--optdigits`, the files are looked for in the loaders' environment
# variables and then in `../shared/data`; nothing is downloaded unless neither is there.

# %%
def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--newsgroups", "--archive", dest="newsgroups", metavar="PATH",
                        help="a local 20news-bydate.tar.gz")
    parser.add_argument("--optdigits", metavar="PATH", help="the folder of optdigits.tra and optdigits.tes")
    parser.add_argument("--out", metavar="DIR", help="where the SVG pictures go (default: a temporary folder)")
    parser.add_argument("--limit", type=int, metavar="N",
                        help="a quick look: N training examples in parts 2 and 3, and at most 1,000 test posts")
    parser.add_argument("--no-newsgroups", action="store_true", help="skip sweep A (20 Newsgroups)")
    arguments = parser.parse_args(argv)
    if arguments.limit is not None and arguments.limit < 20:
        parser.error(f"--limit must be at least 20, so that every class can be seen, not {arguments.limit}")
    return parser, arguments


def newsgroups_path(given):
    if given:
        return given
    if os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE"):
        return os.environ["NAIVEBAYES_20NEWS_ARCHIVE"]
    return str(NEWSGROUPS_DEFAULT) if NEWSGROUPS_DEFAULT.is_file() else None


def optdigits_path(given):
    if given:
        return given
    if os.environ.get("NAIVEBAYES_OPTDIGITS_PATH"):
        return os.environ["NAIVEBAYES_OPTDIGITS_PATH"]
    return str(OPTDIGITS_DEFAULT) if (OPTDIGITS_DEFAULT / "optdigits.tra").is_file() else None


NOTEBOOK_ARGUMENTS = shlex.split(os.environ.get("NAIVEBAYES_LECTURE_ARGUMENTS", ""))

if __name__ == "__main__":
    parser, arguments = parse_arguments(NOTEBOOK_ARGUMENTS if "ipykernel" in sys.modules else None)
    started = time.process_time()
    out = Path(arguments.out) if arguments.out else Path(tempfile.gettempdir()) / "naivebayes-lectures" / "priors"
    print("Mitchell's section 6.9 and Murphy's section 9.3: smoothing as a prior, step by step")
    print("Part 1 follows Mitchell on PlayTennis, part 2 Murphy on the 8x8 digits; part 3, the sweeps, is ours.")


# %% [markdown]
# ## Step 1. The 14 days, and the new day
#
# Mitchell's Table 3.2, which the library ships as `load_play_tennis()`, and the new day he classifies:
# <Outlook = sunny, Temperature = cool, Humidity = high, Wind = strong>.

# %%
def step_1_days():
    heading("Step 1. Mitchell's Table 3.2: 14 days, and the new day")
    rows, labels = play_tennis_table()
    print(f"{len(rows)} days: {labels.count('yes')} yes, {labels.count('no')} no")
    for day, (row, label) in enumerate(zip(rows, labels), 1):
        print(f"  D{day:<3}{'  '.join(f'{row[feature]:<9}' for feature in FEATURES)}{label}")
    print("the new day:", ", ".join(f"{feature} = {value}" for feature, value in NEW_DAY.items()))
    return rows, labels


if __name__ == "__main__":
    rows, labels = step_1_days()


# %% [markdown]
# ## Step 2. The estimates by maximum likelihood
#
# Each probability is the fraction of the days: P(c) = N_c / N, and P(x_j = v | c) = n_c / n, the
# class-c days with that value over the class-c days (`ml_estimate`).  `CategoricalNB(alpha=0)`
# is that model; its `likelihood` gives the same fractions.

# %%
def step_2_maximum_likelihood(rows, labels):
    heading("Step 2. The estimates by maximum likelihood, n_c / n")
    model = CategoricalNB(alpha=0).fit(rows, labels)
    for label in ("yes", "no"):
        prior = ml_estimate(labels.count(label), len(labels))
        assert model.prior(label) == prior
        print(f"P({label}) = {fraction_text(prior)}   (book: {BOOK[f'P({label})']})")
    for label in ("yes", "no"):
        for feature, value in NEW_DAY.items():
            n_c, n = counts(rows, labels, label, feature, value)
            estimate = ml_estimate(n_c, n)
            assert model.likelihood(feature, value, label) == estimate
            book = BOOK.get(f"P({feature}={value}|{label})")
            print(f"  P({feature} = {value} | {label}) = {n_c}/{n} = {float(estimate):.4f}"
                  + (f"   (book: {book})" if book else ""))
    print("CategoricalNB(alpha=0).likelihood gives the same fractions: True")
    return model


if __name__ == "__main__":
    ml_model = step_2_maximum_likelihood(rows, labels)


# %% [markdown]
# ## Step 3. The two products, and .795
#
# v_NB = argmax_c P(c) prod_j P(x_j | c).  The two products, worked in fractions; normalised
# they give P(no | day).

# %%
def step_3_products(rows, labels, model):
    heading("Step 3. P(c) * prod_j P(x_j | c) for the new day, and the normalised P(no | day)")
    products = {label: product_by_hand(rows, labels, NEW_DAY, label, lambda n_c, n, _: ml_estimate(n_c, n))
                for label in ("yes", "no")}
    for label in ("yes", "no"):
        print(f"  {label}: {fraction_text(products[label])}   (book: {BOOK[f'product {label}']})")
    posterior = products["no"] / (products["yes"] + products["no"])
    print(f"P(no | day) = {fraction_text(posterior)}   (book: {BOOK['P(no|day)']})")
    library = model.predict_proba([NEW_DAY])[0]["no"]
    print(f"CategoricalNB(alpha=0).predict_proba: P(no | day) = {library:.4f}; predict: {model.predict([NEW_DAY])[0]}")
    assert abs(library - float(posterior)) < 1e-12
    return products


if __name__ == "__main__":
    ml_products = step_3_products(rows, labels, ml_model)


# %% [markdown]
# ## Step 4. A zero count
#
# Mitchell's worry in 6.9.1.1: with few examples, n_c / n is often 0, and one zero wipes out the
# whole product whatever the other features say.  Here Outlook = overcast never happens on a "no"
# day (0/5).  Take a day that is overcast but otherwise the new day: cool, high humidity, strong
# wind, three values that favour "no".

# %%
def step_4_zero_count(rows, labels, model):
    heading("Step 4. A zero count: P(outlook = overcast | no) = 0/5")
    day = dict(NEW_DAY, outlook="overcast")
    n_c, n = counts(rows, labels, "no", "outlook", "overcast")
    print(f"P(outlook = overcast | no) = {n_c}/{n}")
    products = {label: product_by_hand(rows, labels, day, label, lambda n_c, n, _: ml_estimate(n_c, n))
                for label in ("yes", "no")}
    for label in ("yes", "no"):
        print(f"  {label}: {fraction_text(products[label])}")
    posterior = model.predict_proba([day])[0]
    print(f"an overcast day: P(no | day) = {posterior['no']:.4f} whatever the other three values say "
          f"(they favour no: {' * '.join(str(ml_estimate(*counts(rows, labels, 'no', f, day[f]))) for f in FEATURES[1:])} "
          f"against {' * '.join(str(ml_estimate(*counts(rows, labels, 'yes', f, day[f]))) for f in FEATURES[1:])})")
    return day


if __name__ == "__main__":
    overcast_day = step_4_zero_count(rows, labels, ml_model)


# %% [markdown]
# ## Step 5. The m-estimate
#
# (n_c + m p) / (n + m): m "virtual" days spread over the values by the prior guess p.  With p =
# 1/k for an attribute of k values (p = 1/2 for Wind, 1/3 for Outlook), and m = 3 (the book leaves
# m open).  `CategoricalNB(alpha=MEstimate(m=3))` takes it as its smoothing; with m = k it would
# be add-one (Laplace) smoothing, since then m p = 1.

# %%
def step_5_m_estimate(rows, labels, zero_day):
    heading(f"Step 5. The m-estimate (n_c + m p) / (n + m), p = 1/k, m = {M_CHOSEN}")
    model = CategoricalNB(alpha=MEstimate(m=M_CHOSEN)).fit(rows, labels)
    k = {feature: len(values_of(rows, feature)) for feature in FEATURES}

    def estimate(n_c, n, feature):
        return m_estimate(n_c, n, M_CHOSEN, Fraction(1, k[feature]))

    for label in ("yes", "no"):
        for feature, value in NEW_DAY.items():
            n_c, n = counts(rows, labels, label, feature, value)
            theta = estimate(n_c, n, feature)
            assert model.likelihood(feature, value, label) == theta
            print(f"  P({feature} = {value} | {label}) = ({n_c} + {M_CHOSEN} * 1/{k[feature]}) / ({n} + {M_CHOSEN})"
                  f" = {fraction_text(theta)}")
    print("CategoricalNB(alpha=MEstimate(m=3)).likelihood gives the same fractions: True")
    for name, day in (("the new day", NEW_DAY), ("the overcast day of step 4", zero_day)):
        products = {label: product_by_hand(rows, labels, day, label, estimate) for label in ("yes", "no")}
        posterior = products["no"] / (products["yes"] + products["no"])
        library = model.predict_proba([day])[0]["no"]
        assert abs(library - float(posterior)) < 1e-12
        print(f"{name}: yes {float(products['yes']):.4f}, no {float(products['no']):.4f}, "
              f"P(no | day) = {fraction_text(posterior)}; predict: {model.predict([day])[0]}")
    return model


if __name__ == "__main__":
    m_model = step_5_m_estimate(rows, labels, overcast_day)


# %% [markdown]
# # Part 2. Murphy's section 9.3, on the digits
#
# ## Step 6. The model
#
# UCI's optical digits: 8x8 images, grey levels 0 to 16, made binary here (a pixel is on when its
# level is at least 8).  Each class c has a prior pi_c and each pixel d a Bernoulli theta_dc =
# P(x_d = 1 | y = c): p(x | y = c) = prod_d theta_dc^x_d (1 - theta_dc)^(1 - x_d).  With
# `--limit N` the model trains on the first N training images.

# %%
def step_6_model(path, limit):
    heading(f"Step 6. The model: a Bernoulli per pixel and class (pixels on at grey level >= {THRESHOLD})")
    train = load_optdigits("train", path=path, binary_threshold=THRESHOLD)
    test = load_optdigits("test", path=path, binary_threshold=THRESHOLD)
    images, digits = train.rows, train.labels
    if limit is not None:
        images, digits = images[:limit], digits[:limit]
        print(f"training on the first {limit} of the {len(train.rows)} training images (--limit)")
    print(f"{len(images)} training images, {len(test.rows)} test images (UCI's own split: other writers), "
          f"{len(images[0])} pixels, {len(set(digits))} classes")
    print(f"parameters: {len(set(digits))} priors + {len(set(digits))} x {len(images[0])} thetas")
    return images, digits, test.rows, test.labels


if __name__ == "__main__":
    try:
        digit_data = step_6_model(optdigits_path(arguments.optdigits), arguments.limit)
    except (OSError, ValueError) as error:
        parser.exit(1, f"could not load the optical digits: {error}\n(give --optdigits PATH, the folder of "
                       "optdigits.tra and optdigits.tes)\n")
    images, digits, test_images, test_digits = digit_data


# %% [markdown]
# ## Step 7. Fitting by maximum likelihood
#
# pi_c = N_c / N and theta_dc = N_dc / N_c.  A pixel that is never on in a class gets theta = 0,
# and one that is always on gets 1: a test image that differs there gets probability 0 in that
# class, whatever its other 63 pixels say.

# %%
def step_7_maximum_likelihood(images, digits):
    heading("Step 7. Maximum likelihood: theta_dc = N_dc / N_c, and its zeros")
    classes = sorted(set(digits))
    zeros = ones = 0
    for c in classes:
        members = [image for image, y in zip(images, digits) if y == c]
        for d in range(len(images[0])):
            n_on = sum(image[d] for image in members)
            zeros += n_on == 0
            ones += n_on == len(members)
    print(f"pi_c = N_c / N: " + ", ".join(f"{c}: {digits.count(c)}/{len(digits)}" for c in classes))
    print(f"of the {len(classes) * len(images[0])} thetas, {zeros} are 0 (never on in that class) and {ones} are 1")
    return zeros, ones


if __name__ == "__main__":
    step_7_maximum_likelihood(images, digits)


# %% [markdown]
# ## Step 8. A Beta prior, its posterior, and three estimates side by side
#
# With a Beta(a, b) prior on theta_dc the posterior is Beta(N_dc + a, N_c - N_dc + b).  Its mean is
# (N_dc + a) / (N_c + a + b), its mode (the MAP estimate) (N_dc + a - 1) / (N_c + a + b - 2).
# Under Beta(2, 2) the MAP estimate is add-one smoothing, and under Beta(1, 1) the posterior mean
# is.  `estimate_table` puts maximum likelihood, MAP, the posterior mean and the 95% credible
# interval side by side; the check below works each one again from the counts.

# %%
def step_8_estimates(images, digits):
    heading("Step 8. Beta(2, 2): maximum likelihood, MAP, posterior mean and the 95% credible interval")
    prior = Beta(2, 2)
    model = BernoulliNB(alpha=prior).fit(images, digits)
    classes = sorted(set(digits))[:2]
    hand = {}
    for c in classes:
        members = [image for image, y in zip(images, digits) if y == c]
        for d in SHOWN_PIXELS:
            n, total = sum(image[d] for image in members), len(members)
            hand[(c, d)] = (n, total, ml_estimate(n, total), map_estimate(n, total, 2, 4, 2),
                            posterior_mean(n, total, 2, 4), credible_interval(n, total, 2, 2))
    print("the pixels are the columns 0 to 63 of a row, row by row: 19 is row 2, column 3")
    table = estimate_table(model, classes=classes, features=list(SHOWN_PIXELS), prior=prior, class_rows=False)
    print(table)
    agree = all(hand[(row["class"], row["feature"])] == (row["n"], row["N"], row["maximum likelihood"], row["MAP"],
                                                       row["posterior mean"], tuple(row["interval"]))
                for row in table) and len(table) == len(hand)
    print(f"every row worked again from the counts (n/N, (n + 1)/(N + 2), (n + 2)/(N + 4), "
          f"credible_interval): {agree}")
    print("(MAP under Beta(2, 2) = (N_dc + 1) / (N_c + 2): add-one smoothing)")
    return model


if __name__ == "__main__":
    beta_model = step_8_estimates(images, digits)


# %% [markdown]
# ## Step 9. The posterior predictive
#
# Averaged over the posterior, p(x_d = 1 | y = c, D) is the posterior mean of theta_dc, and, the
# thetas being independent, the predictive of a whole image is the product of those means; the
# class's predictive is (N_c + alpha_c) / (N + sum alpha).  So a Bayesian naive Bayes with Beta(1, 1)
# and Dirichlet(1) priors predicts with add-one smoothed estimates: `BernoulliNB(alpha=Beta(1, 1),
# class_prior=Dirichlet(1))`.  Then the class pictures: each digit's P(pixel on | c), the kind
# of picture Murphy's Figure 9.6 shows for MNIST.  Last, his other example model on the same
# images: each pixel's grey level as one of 17 categories, with Dirichlet(1) priors
# (`CategoricalNB(alpha=Dirichlet(1))`), whose posterior predictive is add-one smoothing too.

# %%
def step_9_posterior_predictive(images, digits, test_images, test_digits, out):
    heading("Step 9. The posterior predictive: Beta(1, 1) and Dirichlet(1), add-one smoothing")
    classes = sorted(set(digits))
    bayesian = BernoulliNB(alpha=Beta(1, 1), class_prior=Dirichlet(1)).fit(images, digits)
    predictions = bayesian.predict(test_images)
    smoothed = {c: posterior_mean(digits.count(c), len(digits), 1, len(classes)) for c in classes}
    print("p(y = c | D) = (N_c + 1) / (N + 10): "
          + ", ".join(f"{c}: {fraction_text(smoothed[c]).split(' = ')[0]}" for c in classes))
    assert all(bayesian.prior(c) == smoothed[c] for c in classes)
    laplace = BernoulliNB(alpha=1, class_prior=smoothed).fit(images, digits)
    same = all(bayesian.likelihood(d, c) == laplace.likelihood(d, c) for c in classes for d in range(len(images[0])))
    print(f"every p(x_d = 1 | y = c, D) equals BernoulliNB(alpha=1)'s add-one estimate: {same}")
    print("so the same predictions as BernoulliNB(alpha=1) with those priors:", predictions == laplace.predict(test_images))
    plain = BernoulliNB(alpha=1).fit(images, digits).predict(test_images)
    print(f"with the maximum-likelihood class prior N_c / N instead: "
          f"{sum(a != b for a, b in zip(plain, predictions))} of {len(test_images)} test predictions differ")
    map_two = BernoulliNB(alpha=Beta(2, 2, estimate="map"), class_prior=smoothed).fit(images, digits)
    print("the MAP estimates under Beta(2, 2) make the same predictions too:",
          map_two.predict(test_images) == predictions)
    print(accuracy_line("test digits", test_digits, predictions, "UCI's test file; Beta(1, 1), Dirichlet(1)"))
    path = out / "digit-class-pictures.svg"
    path.parent.mkdir(parents=True, exist_ok=True)
    class_pictures(bayesian).save(path)
    print(f"the class pictures, p(x_d = 1 | y = c, D) under Beta(1, 1): {path}")
    show(path)
    return bayesian


def step_9_categorical(path, limit):
    """Murphy's other example model: each pixel's grey level (0..16) as a category, under Dirichlet(1) priors."""
    train = load_optdigits("train", path=path)
    test = load_optdigits("test", path=path)
    rows, labels = train.rows[:limit], train.labels[:limit]
    model = CategoricalNB(alpha=Dirichlet(1), class_prior=Dirichlet(1)).fit(rows, labels)
    print("the categorical model, each pixel's grey level 0..16 a category, Dirichlet(1) on every distribution:")
    print(accuracy_line("test digits", test.labels, model.predict(test.rows),
                        "UCI's test file; a grey level no training image showed in a pixel is left out"))
    return model


if __name__ == "__main__":
    step_9_posterior_predictive(images, digits, test_images, test_digits, out)
    step_9_categorical(optdigits_path(arguments.optdigits), arguments.limit)


# %% [markdown]
# # Part 3. The sweeps: this project's experiments, not the books'
#
# ## Sweep A. 20 Newsgroups: add-alpha, and an m-estimate with the words' frequencies as p
#
# The by-date split, headers removed.  A fifth of the training posts is held out
# (`train_test_split(test_size=0.2, random_state=0)`, stratified unless `--limit` leaves too few); the model trained on the rest is scored on
# it at each strength, the best is chosen there, and the model trained on all the training posts
# with that strength is scored on the test posts.  Two priors: add-alpha (Dirichlet(alpha), the
# same for every word) and the m-estimate with m = alpha |V| and p_w the word's share of all the
# training words, so that the two put the same number of virtual words in each class but spread
# them differently (the m-estimate by decades only: see M_STRENGTHS).  The test accuracy at every
# strength is printed too, for the picture; it plays no part in the choice.

# %%
def bags_of(texts):
    tokenizer = Tokenizer()
    return [count_tokens(tokenizer(text)) for text in texts]


def word_shares(bags):
    """{word: its share of all the words of these posts}, a prior guess p that sums to 1."""
    totals = {}
    for bag in bags:
        for word, count in bag.items():
            totals[word] = totals.get(word, 0) + count
    everything = sum(totals.values())
    return {word: count / everything for word, count in totals.items()}


def held_out_split(examples, labels):
    """(fit, held out, fit labels, held-out labels): a fifth held out, stratified when each part can hold every class."""
    stratify = labels if HELD_OUT * len(labels) >= len(set(labels)) else None
    return train_test_split(examples, labels, test_size=HELD_OUT, stratify=stratify, random_state=SEED)


def sweep(model, priors, held_out, held_out_labels, test, test_labels):
    """[(strength, held-out accuracy, test accuracy)], one prior at a time set on the fitted model."""
    results = []
    for strength, prior in priors:
        model.alpha = prior
        results.append((strength, float(model.score(held_out, held_out_labels)), float(model.score(test, test_labels))))
    return results


def print_sweep(name, results, n_held_out, n_test, what):
    print(f"{name}:")
    print(f"  {'strength':>8}  held-out ({n_held_out})  test ({n_test})")
    for strength, held, tested in results:
        print(f"  {strength_text(strength):>8}  {held:14.4f}  {tested:9.4f}")
    best = max(results, key=lambda row: (row[1], -abs(math.log10(row[0]))))
    print(f"  chosen on the held-out {what}: {strength_text(best[0])} (a tie goes to the strength nearest 1)")
    return best[0]


def sweep_a_newsgroups(path, limit, out):
    heading("Sweep A. 20 Newsgroups (by date, headers removed), multinomial: the prior's strength")
    train = load_20newsgroups("train", remove=("headers",), archive=path)
    test = load_20newsgroups("test", remove=("headers",), archive=path)
    texts, labels = train.texts, train.labels
    test_texts, test_labels = test.texts, test.labels
    if limit is not None:
        texts, _, labels, _ = train_test_split(texts, labels, train_size=limit, stratify=labels, random_state=SEED)
        test_texts, test_labels = test_texts[:1000], test_labels[:1000]
        print(f"--limit: a stratified sample of {limit} training posts (seed {SEED}), the first 1000 test posts")
    bags, test_bags = bags_of(texts), bags_of(test_texts)
    fit_bags, held_bags, fit_labels, held_labels = held_out_split(bags, labels)
    shares = word_shares(fit_bags)
    print(f"{len(fit_bags)} posts to fit, {len(held_bags)} held out, {len(test_bags)} test posts; "
          f"|V| = {len(shares)} words in the fitted part")
    model = MultinomialNB().fit(fit_bags, fit_labels)
    add_alpha = sweep(model, [(s, s) for s in STRENGTHS], held_bags, held_labels, test_bags, test_labels)
    chosen_alpha = print_sweep("add-alpha (alpha as a number: Dirichlet(alpha) gives the same estimates)", add_alpha, len(held_bags), len(test_bags), "posts")
    frequencies = sweep(model, [(s, MEstimate(m=s * len(shares), p=shares)) for s in M_STRENGTHS],
                        held_bags, held_labels, test_bags, test_labels)
    chosen_m = print_sweep("m-estimate, m = alpha |V|, p = the words' shares", frequencies, len(held_bags), len(test_bags),
                           "posts")
    final = MultinomialNB(alpha=Dirichlet(chosen_alpha)).fit(bags, labels)
    predictions = final.predict(test_bags)
    print(accuracy_line("test posts", test_labels, predictions,
                        f"Dirichlet({strength_text(chosen_alpha)}) chosen on held-out, fitted on all {len(bags)} training posts"))
    all_shares = word_shares(bags)
    final_m = MultinomialNB(alpha=MEstimate(m=chosen_m * len(all_shares), p=all_shares)).fit(bags, labels)
    print(accuracy_line("test posts", test_labels, final_m.predict(test_bags),
                        f"m-estimate, alpha = {strength_text(chosen_m)} chosen on held-out, p the shares of all training words"))
    path = draw_sweep(out / "newsgroups-prior-sweep.svg", "20 Newsgroups: accuracy against the prior's strength",
                      "alpha (pseudo-counts per word; m = alpha |V|)",
                      {"add-alpha, held-out": [(s, h) for s, h, _ in add_alpha],
                       "add-alpha, test": [(s, t) for s, _, t in add_alpha],
                       "m-estimate p = shares, held-out": [(s, h) for s, h, _ in frequencies],
                       "m-estimate p = shares, test": [(s, t) for s, _, t in frequencies]}, chosen_alpha)
    show(path)
    return add_alpha, frequencies


if __name__ == "__main__":
    if arguments.no_newsgroups:
        print("\n(sweep A skipped: --no-newsgroups)")
    else:
        try:
            sweep_a_newsgroups(newsgroups_path(arguments.newsgroups), arguments.limit, out)
        except (OSError, ValueError) as error:
            parser.exit(1, f"sweep A could not load 20 Newsgroups: {error}\n(give --newsgroups PATH, or "
                           "--no-newsgroups to skip it)\n")


# %% [markdown]
# ## Sweep B. The digits: Beta(s, s) and an asymmetric Beta
#
# The same protocol on the binary digits, held out from UCI's training file: Beta(s, s), and
# Beta(s q, s (1 - q)) with q the share of pixels on in the fitted images (fewer than half are
# on, so this prior leans towards "off").  Chosen on the held-out images, reported on UCI's test
# file.

# %%
def sweep_b_digits(images, digits, test_images, test_digits, out):
    heading("Sweep B. The digits, Bernoulli: Beta(s, s) and Beta(s q, s (1 - q))")
    fit_images, held_images, fit_digits, held_digits = held_out_split(images, digits)
    q = sum(map(sum, fit_images)) / (len(fit_images) * len(fit_images[0]))
    print(f"{len(fit_images)} images to fit, {len(held_images)} held out, {len(test_images)} test images; "
          f"q = {q:.4f} of the pixels are on")
    model = BernoulliNB().fit(fit_images, fit_digits)
    symmetric = sweep(model, [(s, Beta(s, s)) for s in STRENGTHS], held_images, held_digits, test_images, test_digits)
    chosen = print_sweep("Beta(s, s)", symmetric, len(held_images), len(test_images), "images")
    leaning = sweep(model, [(s, Beta(s * q, s * (1 - q))) for s in STRENGTHS],
                    held_images, held_digits, test_images, test_digits)
    chosen_leaning = print_sweep("Beta(s q, s (1 - q))", leaning, len(held_images), len(test_images), "images")
    final = BernoulliNB(alpha=Beta(chosen, chosen)).fit(images, digits)
    print(accuracy_line("test digits", test_digits, final.predict(test_images),
                        f"Beta({strength_text(chosen)}, {strength_text(chosen)}) chosen on held-out, "
                        f"fitted on all {len(images)} training images"))
    final_q = sum(map(sum, images)) / (len(images) * len(images[0]))
    final_leaning = BernoulliNB(alpha=Beta(chosen_leaning * final_q, chosen_leaning * (1 - final_q))).fit(images, digits)
    print(accuracy_line("test digits", test_digits, final_leaning.predict(test_images),
                        f"Beta(s q, s (1 - q)), s = {strength_text(chosen_leaning)} chosen on held-out"))
    path = draw_sweep(out / "digits-prior-sweep.svg", "Digits: accuracy against the Beta prior's strength",
                      "s (pseudo-images per pixel and class)",
                      {"Beta(s, s), held-out": [(s, h) for s, h, _ in symmetric],
                       "Beta(s, s), test": [(s, t) for s, _, t in symmetric],
                       "Beta(sq, s(1-q)), held-out": [(s, h) for s, h, _ in leaning],
                       "Beta(sq, s(1-q)), test": [(s, t) for s, _, t in leaning]}, chosen)
    show(path)
    return symmetric, leaning


if __name__ == "__main__":
    sweep_b_digits(images, digits, test_images, test_digits, out)


# %% [markdown]
# ## Sweep C. One credible interval as N grows
#
# P(pixel 2,3 on | digit 3) under Beta(1, 1), from the first N training images of that digit: the
# posterior mean settles and the 95% interval narrows roughly as 1 / sqrt(N).

# %%
def sweep_c_interval(images, digits, out):
    heading(f"Sweep C. P(pixel {INTERVAL_PIXEL // 8},{INTERVAL_PIXEL % 8} on | digit {INTERVAL_CLASS}) "
            "under Beta(1, 1) as N grows")
    members = [image[INTERVAL_PIXEL] for image, y in zip(images, digits) if y == INTERVAL_CLASS]
    sizes = [n for n in INTERVAL_SIZES if n < len(members)] + [len(members)]
    rows = []
    print(f"  {'N':>4} {'on':>4}  {'mean':>6}  95% interval      width")
    for n in sizes:
        on = sum(members[:n])
        mean = float(posterior_mean(on, n, 1, 2))
        low, high = credible_interval(on, n, 1, 1)
        rows.append((n, mean, low, high))
        print(f"  {n:4} {on:4}  {mean:6.4f}  [{low:.4f}, {high:.4f}]  {high - low:.4f}")
    path = draw_intervals(out / "credible-interval.svg",
                          f"P(pixel {INTERVAL_PIXEL // 8},{INTERVAL_PIXEL % 8} on | digit {INTERVAL_CLASS}): "
                          "the 95% interval as N grows", rows)
    show(path)
    return rows


if __name__ == "__main__":
    sweep_c_interval(images, digits, out)
    print(f"\n[{time.process_time() - started:.0f} s of processor time]")
