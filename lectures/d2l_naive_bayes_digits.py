# %% [markdown]
# # Dive into Deep Learning, "Naive Bayes": pixels in the manner of its section, on UCI's digits
#
# Aston Zhang, Zachary C. Lipton, Mu Li and Alexander J. Smola, *Dive into Deep Learning* (d2l), the
# appendix "Mathematics for Deep Learning", section "Naive Bayes".  The section classifies MNIST's
# 28x28 digits with binary pixels.  This companion follows its steps in its order on a smaller data
# set, UCI's optical digits (8x8 images of grey levels 0 to 16): the data as binary pixels, the
# model, training by counting with its smoothing, the product that underflows and the log that fixes
# it, prediction, accuracy, and the picture of each class.  Its numbers are MNIST's and ours are
# optdigits', so the two are never set side by side as if they were the same.  A separate **going
# further** part chooses the smoothing on held-out training images, ranks the pixels by their odds
# ratio for 3 against 8, 1 against 8 and 3 against 9, and sets five models beside UCI's own k-NN accuracies.
# Run it as a script (`python lectures/d2l_naive_bayes_digits.py`) or open it as a notebook: each
# step's cell runs that step and prints its numbers under it.

# %%
"""Dive into Deep Learning's naive Bayes section, step by step, on UCI's optical digits.

Where d2l's numbers come from: the section's source,
chapter_appendix-mathematics-for-deep-learning/naive-bayes.md in the public
repository d2l-ai/d2l-en.  Its text says: MNIST has 60,000 training and
10,000 test images of 28x28 = 784 pixels; a pixel is on when floor(x / 128)
is 1 (grey value 128 or more of 0..255); P(y) is n_y / n, as in its example
n_8 = 5,800 of n = 60,000, 0.0967; P(pixel on | y) = (n_iy + 1) / (n_y + 2),
"Laplace smoothing"; per-pixel probabilities are "typically numbers between
0.001 and 1", and the product of 784 of them underflows; its demonstration
is 0.1 ** 784 against 784 * log(0.1); "modern deep networks achieve error
rates of less than 0.01".  The source holds code, not its output: the
products that come out as zeros, its ten priors and its test accuracy are
printed only on the rendered pages.  The ten MNIST priors (0.0987 ... 0.0992)
and the ten zero products were read in the PyTorch slides made from the
section (d2l.smola.org, slides/pytorch/.../naive-bayes.html); its MNIST test
accuracy could not be read here, so none is quoted.  (The source's JAX
version divides by n_y + 1, not n_y + 2; the text and the other versions say
n_y + 2.)

Our data: UCI's optdigits.tra (3,823 images by 30 writers) to train and
optdigits.tes (1,797 images by 13 other writers, as UCI's optdigits.names
says) to test, through load_optdigits.  A pixel is on when its grey level is
8 or more (--threshold): the upper half of the scale, as d2l's 128 of 256.

The steps, in the section's order:

1. The data as binary pixels.
2. The model: naive Bayes, 64 numbers per class instead of 2^64.
3. Training by counting, with d2l's smoothing; the picture of each class.
4. The product of the 64 probabilities against its log, and when it would underflow.
5. Prediction.
6. Accuracy on the test file.

Going further (not in the section): A. the smoothing chosen on held-out
training images; B. odds ratios for 3 against 8, 1 against 8 and 3 against
9, ranked and drawn; C. Bernoulli, categorical, Gaussian and multinomial
naive Bayes and logistic regression on the same split, beside the k-NN
accuracies of UCI's optdigits.names (UCI's, not ours).

    python lectures/d2l_naive_bayes_digits.py
    python lectures/d2l_naive_bayes_digits.py --optdigits PATH/optdigits --out pictures
    python lectures/d2l_naive_bayes_digits.py --limit 40 --skip-logistic   # quick
"""

import argparse
import math
import os
import re
import shlex
import sys
import tempfile
import time
import warnings
from fractions import Fraction
from pathlib import Path

try:
    REPOSITORY = Path(__file__).resolve().parent.parent
except NameError:  # a notebook has no __file__ and runs in lectures/
    REPOSITORY = Path.cwd().resolve().parent
if str(REPOSITORY) not in sys.path:
    sys.path.insert(0, str(REPOSITORY))

from naivebayes import BernoulliNB, CategoricalNB, GaussianNB, LogisticRegression, MultinomialNB  # noqa: E402
from naivebayes.core.priors import Beta  # noqa: E402
from naivebayes.datasets import load_optdigits  # noqa: E402
from naivebayes.evaluation.calibration import log_loss  # noqa: E402
from naivebayes.inspect.odds import odds_ratio, odds_ratios  # noqa: E402
from naivebayes.inspect.pixel_pictures import class_pictures, odds_ratio_picture, pixel_picture, show_digit  # noqa: E402

SHARED_DATA = REPOSITORY.parent / "shared" / "data" / "optdigits"
OPTDIGITS_ENV = "NAIVEBAYES_OPTDIGITS_PATH"  # the variable load_optdigits reads
PICTURES = "d2l-naive-bayes-digits"

SIDE = 8
PIXELS = SIDE * SIDE
THRESHOLD = 8  # on when the grey level is 8 or more of 0..16: d2l's floor(x / 128) = 1 is x >= 128 of 0..255
D2L = {  # what the section's text says about MNIST (naive-bayes.md in d2l-ai/d2l-en)
    "train": 60000, "test": 10000, "side": 28, "pixels": 784,
    "n_8": 5800, "p_8": "0.0967", "typical low": 0.001,
}
D2L_SLIDES_PRIORS = "0.0987 0.1124 0.0993 0.1022 0.0974 0.0904 0.0986 0.1044 0.0975 0.0992"  # MNIST, slides' output
ALPHAS = [Fraction(1, 100), Fraction(1, 10), Fraction(1, 2), 1, 2, 5, 10, 20]  # the smoothing tried in going further A
PAIRS = [(3, 8), (1, 8), (3, 9)]  # going further B: 3 and 8, then the two pairs the full model confuses most
TEST_SHOWN = 18  # d2l predicts mnist_test[:18] and shows them
SMALLEST_SUBNORMAL = math.ulp(0.0)  # 5e-324, the smallest positive float
SMALLEST_NORMAL = sys.float_info.min  # 2.2e-308, the smallest float with all 53 bits of precision
FLOAT32_SMALLEST, FLOAT32_NORMAL = 2.0 ** -149, 2.0 ** -126  # 1.4e-45 and 1.2e-38 in float32, d2l's tensors' type


def heading(text):
    print()
    print(text)
    print("-" * len(text))


def correct_count(labels, predictions):
    return sum(true == predicted for true, predicted in zip(labels, predictions))


def accuracy_line(what, labels, predictions):
    correct = correct_count(labels, predictions)
    return f"accuracy on the {len(labels)} {what}: {correct}/{len(labels)} = {correct / len(labels):.4f}"


def pixel_at(index):
    """Pixel ``index`` of the row-major 8x8 image as (row, column), both from 0."""
    return divmod(index, SIDE)


def show_pictures(*paths):
    """In a notebook, draw the step's saved SVG pictures right under it; a script prints their paths only."""
    if "ipykernel" in sys.modules:
        from IPython.display import SVG, display  # the notebook's own display, not a dependency of the library

        for path in paths:
            display(SVG(filename=str(path)))


# %% [markdown]
# ## Helpers: d2l's quantities, worked by hand
#
# d2l keeps two tables, `P_y` (one number per class) and `P_xy` (one per pixel and class), and
# writes each out of counts.  The helpers below do the same from the rows, so that each step can
# check the library's model against them, as Fractions.

# %%
def hand_counts(rows, labels):
    """n_y per class and n_iy (images of class y with pixel i on) per class and pixel, counted from 0/1 rows."""
    n_y, n_iy = {}, {}
    for row, label in zip(rows, labels):
        n_y[label] = n_y.get(label, 0) + 1
        counts = n_iy.setdefault(label, [0] * len(row))
        for i, value in enumerate(row):
            counts[i] += value
    return n_y, n_iy


def d2l_p_xy(n_iy, n_y):
    """d2l's smoothing: (n_iy + 1) / (n_y + 2), one pseudo-count added to "on" and one to "off"."""
    return Fraction(n_iy + 1, n_y + 2)


def pixel_factors(model, row, label):
    """The 64 factors of d2l's product for one image and class: P_xy where the pixel is on, 1 - P_xy where off."""
    return [model.likelihood(i, label) if value else 1 - model.likelihood(i, label) for i, value in enumerate(row)]


def float_product(prior, factors):
    """P(y) times the factors, multiplied one by one in floating point, as d2l's bayes_pred does."""
    product = float(prior)
    for factor in factors:
        product *= float(factor)
    return product


def features_until(log_factor, smallest):
    """The fewest factors exp(log_factor) whose product falls below ``smallest``: n log(factor) < log(smallest)."""
    return math.floor(math.log(smallest) / log_factor) + 1


def uci_knn_accuracies(names_path):
    """{k: accuracy in %} from the k-NN lines of UCI's optdigits.names ("k =  1   : 98.00"), or {} without the file."""
    if names_path is None or not Path(names_path).is_file():
        return {}
    text = Path(names_path).read_text(encoding="ascii", errors="replace")
    return {int(k): value for k, value in re.findall(r"^\s*k\s*=\s*(\d+)\s*:\s*(\d+\.\d+)", text, re.M)}


# %% [markdown]
# ## The options
#
# As a script, the command line sets them (`--help` lists them).  In a notebook, put them in
# `NOTEBOOK_ARGUMENTS`; the NAIVEBAYES_LECTURE_ARGUMENTS environment variable, when set, fills it.
# Without `--optdigits`, the files are looked for in NAIVEBAYES_OPTDIGITS_PATH and then in
# `../shared/data/optdigits`; otherwise `load_optdigits` looks in its cache and downloads them once.

# %%
def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--optdigits", help="the folder holding optdigits.tra, optdigits.tes (and optdigits.names)")
    parser.add_argument("--out", type=Path, default=None,
                        help=f"folder for the SVG pictures (default: {default_out()})")
    parser.add_argument("--limit", type=int, metavar="N", help="train on the first N training images")
    parser.add_argument("--threshold", type=int, default=THRESHOLD,
                        help=f"a pixel is on when its grey level is at least this (default {THRESHOLD}, half of 16)")
    parser.add_argument("--skip-logistic", action="store_true",
                        help="leave logistic regression out of going further C (it takes a minute or two)")
    arguments = parser.parse_args(argv)
    if arguments.limit is not None and arguments.limit < 8:
        parser.error(f"--limit must be at least 8, so that training sees several classes, not {arguments.limit}")
    if not 1 <= arguments.threshold <= 16:
        parser.error(f"--threshold must be a grey level from 1 to 16, not {arguments.threshold}")
    return parser, arguments


def default_out():
    """Pictures go to the system's temporary folder unless --out says otherwise, never into the repository."""
    return Path(tempfile.gettempdir()) / "naivebayes-lectures" / PICTURES


def optdigits_folder(given):
    """The option, else the loader's variable, else ../shared/data/optdigits, else None (the cache, or a download)."""
    if given:
        return given
    if os.environ.get(OPTDIGITS_ENV):
        return os.environ[OPTDIGITS_ENV]
    return str(SHARED_DATA) if (SHARED_DATA / "optdigits.tra").is_file() else None


def names_file(folder):
    """UCI's optdigits.names next to the data files, or None."""
    if folder is None:
        return None
    folder = Path(folder)
    candidate = (folder if folder.is_dir() else folder.parent) / "optdigits.names"
    return candidate if candidate.is_file() else None


NOTEBOOK_ARGUMENTS = shlex.split(os.environ.get("NAIVEBAYES_LECTURE_ARGUMENTS", ""))

if __name__ == "__main__":
    parser, arguments = parse_arguments(NOTEBOOK_ARGUMENTS if "ipykernel" in sys.modules else None)
    started = time.process_time()
    out = arguments.out if arguments.out is not None else default_out()
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        parser.exit(1, f"cannot write the pictures to {out}: {error}\n")
    folder = optdigits_folder(arguments.optdigits)
    print("Dive into Deep Learning, 'Naive Bayes', step by step on UCI's optical digits")
    print(f"pictures go to {out}")


# %% [markdown]
# ## Step 1. The data as binary pixels
#
# d2l reads MNIST and keeps a pixel "on" when `floor(x / 128)` is 1, that is when its grey value is
# 128 or more of 0..255.  Here the grey levels run from 0 to 16, and the same cut, half the scale,
# is a grey level of 8 or more: `load_optdigits(binary_threshold=8)`.  Corner pixels that no digit
# reaches stay off in every image.

# %%
def step_1_data(folder, threshold, limit):
    heading("Step 1. The data as binary pixels")
    try:
        grey_train = load_optdigits("train", path=folder)
        grey_test = load_optdigits("test", path=folder)
    except (OSError, ValueError) as error:
        sys.exit(f"cannot read UCI's optical digits: {error}")
    train = load_optdigits("train", path=folder, binary_threshold=threshold)
    test = load_optdigits("test", path=folder, binary_threshold=threshold)
    data = {
        "grey train": grey_train.rows[:limit], "train": train.rows[:limit], "train labels": train.labels[:limit],
        "grey test": grey_test.rows, "test": test.rows, "test labels": test.labels,
    }
    print(f"optdigits.tra: {len(train.rows)} training images, optdigits.tes: {len(test.rows)} test images, "
          f"{SIDE}x{SIDE} = {PIXELS} pixels of grey levels 0..16   (d2l's MNIST: {D2L['train']:,} and "
          f"{D2L['test']:,} images of {D2L['side']}x{D2L['side']} = {D2L['pixels']} pixels of 0..255)")
    if limit is not None:
        print(f"--limit {limit}: training on the first {len(data['train'])} training images only")
    labels = data["train labels"]
    print("training images per digit: " + ", ".join(f"{c}: {labels.count(c)}" for c in sorted(set(labels))))
    print(f"a pixel is on when its grey level is {threshold} or more ({threshold}/16 of the scale; "
          f"d2l's cut is 128/256)")
    ever_on = [i for i in range(PIXELS) if any(row[i] for row in data["train"])]
    never = [pixel_at(i) for i in range(PIXELS) if i not in set(ever_on)]
    print(f"pixels ever on in the {len(data['train'])} training images: {len(ever_on)} of {PIXELS}; "
          f"never on: {len(never)}, at (row, column) " + " ".join(f"{r},{c}" for r, c in never))
    on = sum(map(sum, data["train"]))
    print(f"share of pixels on over all training images: {on}/{PIXELS * len(data['train'])} = "
          f"{on / (PIXELS * len(data['train'])):.4f}")
    print(f"training image 2 (d2l shows mnist_train[2]), label {labels[2]}, grey levels and then on/off:")
    print(show_digit(data["grey train"][2]))
    print(pixel_picture(data["train"][2], title=f"on (1) or off (0) at grey level >= {threshold}"))
    return data, ever_on


if __name__ == "__main__":
    data, ever_on = step_1_data(folder, arguments.threshold, arguments.limit)


# %% [markdown]
# ## Step 2. The model
#
# Bayes' rule picks the class y with the largest P(y) P(x | y).  A full table of P(x | y) over 64
# binary pixels would need 2^64 - 1 numbers per class; assuming the pixels independent given the
# class, it needs one number per pixel, P(pixel on | y), and P(pixel off | y) is one minus it.

# %%
def step_2_model(classes):
    heading("Step 2. The model")
    full = 2 ** PIXELS - 1
    print(f"the joint of {PIXELS} binary pixels: 2^{PIXELS} - 1 = {full:,} numbers per class")
    print(f"naive Bayes: {PIXELS} per class, {PIXELS * classes} for the {classes} classes, "
          f"and {classes - 1} for the prior   (d2l's MNIST: {D2L['pixels']} per class)")
    return full


if __name__ == "__main__":
    step_2_model(len(set(data["train labels"])))


# %% [markdown]
# ## Step 3. Training is counting
#
# P(y) = n_y / n.  P(pixel i on | y) counts the images of class y with pixel i on; d2l adds one
# pseudo-count to the "on" images and two to the class's images, (n_iy + 1) / (n_y + 2), so that a
# pixel never on is not given probability 0.  That is `BernoulliNB(alpha=1)`, and the posterior mean
# under a uniform Beta(1, 1) prior (`BernoulliNB(alpha=Beta(1, 1))`, docs/priors.md).  Every one of
# the 640 probabilities is checked against the Fraction counted by hand.  d2l then draws each
# class's table as an image; so does `class_pictures`.

# %%
def step_3_training(data, out):
    heading("Step 3. Training is counting")
    rows, labels = data["train"], data["train labels"]
    model = BernoulliNB(alpha=1).fit(rows, labels)
    n_y, n_iy = hand_counts(rows, labels)
    n = len(labels)
    for c in model.classes_:
        assert model.prior(c) == Fraction(n_y[c], n)
    print("P(y) = n_y / n: " + ", ".join(f"{c}: {n_y[c]}/{n} = {n_y[c] / n:.4f}" for c in model.classes_))
    print(f"(d2l's example, MNIST: n_8 = {D2L['n_8']:,} of n = {D2L['train']:,}, P(y = 8) = {D2L['p_8']}; "
          f"its slides print MNIST's ten priors as {D2L_SLIDES_PRIORS})")
    for c in model.classes_:
        for i in range(PIXELS):
            assert model.likelihood(i, c) == d2l_p_xy(n_iy[c][i], n_y[c]), (c, i)
    beta = BernoulliNB(alpha=Beta(1, 1)).fit(rows, labels)
    assert all(beta.likelihood(i, c) == model.likelihood(i, c) for c in model.classes_ for i in range(PIXELS))
    c = 3 if 3 in model.classes_ else model.classes_[0]
    i = 3 * SIDE + 4
    print(f"P(pixel 3,4 on | y = {c}) = (n_iy + 1) / (n_y + 2) = ({n_iy[c][i]} + 1) / ({n_y[c]} + 2) = "
          f"{model.likelihood(i, c)} = {float(model.likelihood(i, c)):.4f}")
    print(f"all {PIXELS * len(model.classes_)} of BernoulliNB(alpha=1)'s P(pixel on | y) equal d2l's (n_iy + 1) / "
          "(n_y + 2) counted by hand, and BernoulliNB(alpha=Beta(1, 1))'s equal them too")
    values = [model.likelihood(i, c) for c in model.classes_ for i in range(PIXELS)]
    low, high = min(values), max(values)
    print(f"the smallest P(pixel on | y) is {low} = {float(low):.4f} (a pixel never on in that class), the largest "
          f"{high} = {float(high):.4f}   (d2l, MNIST: 'typically between {D2L['typical low']} and 1')")
    picture = class_pictures(model, title="P(pixel on | y), d2l's smoothing, optdigits")
    path = picture.save(out / "class-pictures.svg")
    print(f"each class's P(pixel on | y), drawn as d2l draws P_xy: {path}")
    print(pixel_picture([float(model.likelihood(i, c)) for i in range(PIXELS)], title=f"P(pixel on | y = {c})"))
    show_pictures(path)
    return model, n_y, n_iy


if __name__ == "__main__":
    model, n_y, n_iy = step_3_training(data, out)


# %% [markdown]
# ## Step 4. The product of 64 probabilities, and its log
#
# d2l multiplies P(y) by the 784 factors of one test image and gets 0 for every class: the product
# falls below the smallest positive float.  Here an image has 64 factors.  The step multiplies
# them one by one in floats for test image 0, compares with the exact product of Fractions
# (`joint_probability`) and with the sum of logs the library predicts with
# (`joint_log_likelihood`), and then asks how many factors of this model's typical size it would
# take to underflow: the typical factor is the geometric mean of every factor of every test image
# under its own class.

# %%
def step_4_underflow(model, data):
    heading("Step 4. The product of the 64 probabilities against its log")
    row, label = data["test"][0], data["test labels"][0]
    exact = model.joint_probability(row)
    logs = model.joint_log_likelihood(row)
    products = {}
    print(f"test image 0 (label {label}): P(y) times its {PIXELS} factors, multiplied in floats, and the log")
    for c in model.classes_:
        products[c] = float_product(model.prior(c), pixel_factors(model, row, c))
        assert products[c] > 0 and math.isclose(products[c], float(exact[c]), rel_tol=1e-12)
        assert math.isclose(math.log(products[c]), logs[c], rel_tol=1e-12, abs_tol=1e-9)
        print(f"  y = {c}: product {products[c]:.4e}, its log {math.log(products[c]):.4f}, "
              f"the library's log P(x, y) {logs[c]:.4f}")
    smallest = min(products.values())
    print(f"no underflow with {PIXELS} pixels: the smallest product is {smallest:.4e}, above the smallest normal "
          f"float {SMALLEST_NORMAL:.4e}; each equals the exact product of Fractions to 12 digits")
    print(f"d2l's demonstration, run here: 0.1 ** {D2L['pixels']} = {0.1 ** D2L['pixels']} and "
          f"{D2L['pixels']} * log(0.1) = {D2L['pixels'] * math.log(0.1):.4f}")
    total, count = 0.0, 0
    for test_row, test_label in zip(data["test"], data["test labels"]):
        if test_label in model.classes_:
            total += sum(math.log(factor) for factor in pixel_factors(model, test_row, test_label))
            count += PIXELS
    mean_log = total / count
    below_normal, below_smallest = (features_until(mean_log, limit) for limit in (SMALLEST_NORMAL, SMALLEST_SUBNORMAL))
    print(f"this model's typical factor (the geometric mean over the {count // PIXELS} test images, each under its own "
          f"class): {math.exp(mean_log):.4f}")
    print(f"a product of such factors falls below the smallest normal float ({SMALLEST_NORMAL:.1e}) from "
          f"{below_normal} factors on, and below the smallest positive float ({SMALLEST_SUBNORMAL:.1e}) from "
          f"{below_smallest} on: {below_smallest // PIXELS} times our {PIXELS} pixels")
    print(f"in float32, the type of d2l's tensors, the same happens from {features_until(mean_log, FLOAT32_NORMAL)} "
          f"and {features_until(mean_log, FLOAT32_SMALLEST)} factors ({FLOAT32_NORMAL:.1e} and {FLOAT32_SMALLEST:.1e})")
    print(f"{D2L['pixels']} factors of this size multiply to 10^{D2L['pixels'] * mean_log / math.log(10):.1f}; "
          f"d2l's {D2L['pixels']} MNIST factors are MNIST's own, and its products came out as 0")
    return products, mean_log, below_normal, below_smallest


if __name__ == "__main__":
    products, mean_log, below_normal, below_smallest = step_4_underflow(model, data)


# %% [markdown]
# ## Step 5. Prediction
#
# With logs, the prediction is the class with the largest log P(y) + the sum of the log factors.
# d2l predicts its first 18 test images and shows them with their predictions; so does this step.

# %%
def step_5_prediction(model, data):
    heading("Step 5. Prediction")
    rows, labels = data["test"][:TEST_SHOWN], data["test labels"][:TEST_SHOWN]
    predictions = model.predict(rows)
    for row, prediction in zip(rows, predictions):
        logs = model.joint_log_likelihood(row)
        assert prediction == max(model.classes_, key=logs.get)  # the argmax of the sums of logs
    print(f"the first {TEST_SHOWN} test images:")
    print("  label:     " + " ".join(str(label) for label in labels))
    print("  predicted: " + " ".join(str(p) for p in predictions))
    print(f"  {correct_count(labels, predictions)} of {TEST_SHOWN} right")
    return predictions


if __name__ == "__main__":
    step_5_prediction(model, data)


# %% [markdown]
# ## Step 6. Accuracy
#
# The whole test file: 1,797 images written by 13 people none of whom wrote a training image
# (UCI's optdigits.names), so the accuracy says how the model does on new writers.  d2l blames its
# errors on the independence assumption: neighbouring pixels of a stroke are on together.

# %%
def step_6_accuracy(model, data):
    heading("Step 6. Accuracy on the test file")
    predictions = model.predict(data["test"])
    print(accuracy_line("test images", data["test labels"], predictions))
    print("(d2l's smoothing, trained on optdigits.tra; the test writers wrote no training image.  d2l's own accuracy "
          "is MNIST's, on another data set, and is not quoted here; d2l says deep networks reach error rates under "
          "0.01 on MNIST)")
    return correct_count(data["test labels"], predictions)


if __name__ == "__main__":
    step_6_accuracy(model, data)


# %% [markdown]
# ## Going further A. Choosing the smoothing on held-out training images
#
# d2l fixes the pseudo-counts at 1 and 2.  Here alpha, added to the "on" count and twice to the
# class count, is chosen on the last quarter of the training images (rows 2,868 to 3,822 of
# optdigits.tra, in the file's order; with `--limit`, the last quarter of those), trained on the
# first three quarters: the largest held-out accuracy wins, and a tie goes to the smaller held-out
# log loss.  The test file is not looked at until the choice is made; then the model is refitted on
# all training images with that alpha.

# %%
def step_a_smoothing(data):
    heading("Going further A. Choosing the smoothing on held-out training images")
    rows, labels = data["train"], data["train labels"]
    cut = len(rows) - len(rows) // 4
    print(f"fitted on training rows 0 to {cut - 1}, scored on the held-out rows {cut} to {len(rows) - 1} "
          f"(the last quarter of the training file, in its order; the test file is not used)")
    scores = []
    for alpha in ALPHAS:
        model = BernoulliNB(alpha=alpha).fit(rows[:cut], labels[:cut])
        correct = correct_count(labels[cut:], model.predict(rows[cut:]))
        try:
            loss = log_loss(labels[cut:], model.predict_proba(rows[cut:]))
        except ValueError:  # a held-out digit the first three quarters never showed (only with a small --limit)
            loss = math.inf
        scores.append((alpha, correct, loss))
        print(f"  alpha = {str(alpha):>5}: held-out accuracy {correct}/{len(rows) - cut} = "
              f"{correct / (len(rows) - cut):.4f}, log loss {loss:.4f}")
    best = max(scores, key=lambda score: (score[1], -score[2]))
    chosen = best[0]
    print(f"chosen: alpha = {chosen} (held-out accuracy {best[1]}/{len(rows) - cut}, then the smaller log loss)")
    model = BernoulliNB(alpha=chosen).fit(rows, labels)
    print(f"refitted on all {len(rows)} training images with alpha = {chosen}:")
    print(accuracy_line("test images", data["test labels"], model.predict(data["test"])))
    return model, chosen, scores


if __name__ == "__main__":
    chosen_model, chosen_alpha, smoothing_scores = step_a_smoothing(data)


# %% [markdown]
# ## Going further B. Odds ratios: which pixels say 3 rather than 8
#
# 3 against 8 is the pair courses look at; 1 against 8 and 3 against 9 are the two pairs the model
# trained on the whole training file mixes up most often on the test file (each step prints how often).
#
# For two classes c1 and c2, a pixel's odds ratio [p1 / (1 - p1)] / [p2 / (1 - p2)], with
# p = P(pixel on | c), is the factor by which that pixel being on rather than off multiplies the
# odds of c1 against c2.  `odds_ratios` ranks the pixels; `odds_ratio_picture` draws the log of
# each, orange for c1 and purple for c2, with the top ten outlined.  One ratio is checked by hand.

# %%
def step_b_odds(model, data, out):
    heading("Going further B. Odds ratios between two digits")
    predictions = model.predict(data["test"])
    paths = []
    for c1, c2 in PAIRS:
        if c1 not in model.classes_ or c2 not in model.classes_:
            print(f"{c1} against {c2}: training saw no {c1 if c1 not in model.classes_ else c2}; skipped")
            continue
        ranked = odds_ratios(model, c1, c2, top=10, kind="odds")
        first = ranked[0]
        p1, p2 = model.likelihood(first.feature, c1), model.likelihood(first.feature, c2)
        assert first.ratio == odds_ratio(p1, p2) == (p1 * (1 - p2)) / (p2 * (1 - p1))
        confused = sum(t == c1 and p == c2 for t, p in zip(data["test labels"], predictions))
        reverse = sum(t == c2 and p == c1 for t, p in zip(data["test labels"], predictions))
        print(f"{c1} against {c2} (test images: {confused} {c1}s taken for {c2}, {reverse} {c2}s taken for {c1}); "
              f"the ten pixels with the largest odds ratio:")
        for rank, r in enumerate(ranked, 1):
            row, column = pixel_at(r.feature)
            print(f"  {rank:>2}. pixel {row},{column}: P(on | {c1}) = {float(r.p_label):.4f}, "
                  f"P(on | {c2}) = {float(r.p_versus):.4f}, odds ratio {float(r.ratio):.2f}")
        row, column = pixel_at(first.feature)
        print(f"  by hand, pixel {row},{column}: ({p1} * (1 - {p2})) / ({p2} * (1 - {p1})) = "
              f"{first.ratio} = {float(first.ratio):.2f}")
        picture = odds_ratio_picture(model, c1, c2, kind="odds", top=10)
        paths.append(picture.save(out / f"odds-ratio-{c1}-{c2}.svg"))
        print(f"  picture: {paths[-1]}")
    show_pictures(*paths)
    return paths


if __name__ == "__main__":
    step_b_odds(chosen_model, data, out)


# %% [markdown]
# ## Going further C. Five models on the same split, and UCI's k-NN
#
# The same training images and the same test file for every model: Bernoulli naive Bayes on the
# binary pixels (alpha from A), categorical naive Bayes with each grey level 0..16 a category
# (alpha = 1), Gaussian naive Bayes and multinomial naive Bayes (alpha = 1) on the grey levels, and
# logistic regression (C = 1, L-BFGS stopped after 100 iterations or a gradient under 1e-4) on the
# grey levels divided by 16.  UCI's optdigits.names reports its authors' k-nearest-neighbour
# accuracies on the same test file; they are printed as UCI's, beside ours, not as ours.

# %%
def step_c_models(data, alpha, names_path, skip_logistic):
    heading("Going further C. Five models on the same split, and UCI's k-NN")
    grey, grey_test = data["grey train"], data["grey test"]
    labels, test_labels = data["train labels"], data["test labels"]
    models = [
        (f"Bernoulli NB, pixels on at the threshold, alpha = {alpha}", BernoulliNB(alpha=alpha), data["train"],
         data["test"]),
        ("categorical NB, grey levels 0..16 as categories, alpha = 1", CategoricalNB(alpha=1), grey, grey_test),
        ("Gaussian NB, grey levels", GaussianNB(), grey, grey_test),
        ("multinomial NB, grey levels as counts, alpha = 1", MultinomialNB(alpha=1), grey, grey_test),
    ]
    if not skip_logistic:
        scaled = [[value / 16 for value in row] for row in grey]
        scaled_test = [[value / 16 for value in row] for row in grey_test]
        models.append(("logistic regression, grey levels / 16, C = 1", LogisticRegression(C=1.0, max_iter=100, tol=1e-4),
                       scaled, scaled_test))
    results = {}
    print(f"ours: trained on {len(labels)} images of optdigits.tra, tested on the {len(test_labels)} of optdigits.tes")
    for name, model, train_rows, test_rows in models:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            model.fit(train_rows, labels)
        predictions = model.predict(test_rows)
        correct = correct_count(test_labels, predictions)
        results[name] = correct
        note = "   (stopped at 100 iterations)" if any("iterations" in str(w.message) for w in caught) else ""
        print(f"  {name}: {correct}/{len(test_labels)} = {correct / len(test_labels):.4f}{note}")
    if skip_logistic:
        print("  (logistic regression left out: --skip-logistic)")
    knn = uci_knn_accuracies(names_path)
    if knn:
        print("UCI's optdigits.names, its authors' k-NN (Euclidean distance) on the same test file, in %, not ours:")
        print("  " + ", ".join(f"k = {k}: {value}" for k, value in sorted(knn.items())))
    else:
        print("UCI's optdigits.names was not found next to the data, so its k-NN accuracies are not shown")
    return results, knn


if __name__ == "__main__":
    step_c_models(data, chosen_alpha, names_file(folder), arguments.skip_logistic)
    print()
    print(f"processor time: {time.process_time() - started:.1f} s")
