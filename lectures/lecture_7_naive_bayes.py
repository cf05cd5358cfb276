# %% [markdown]
# # "Lecture #7: Naïve Bayes" (course slides), slide by slide
#
# The slides' own steps come first, in the slides' order, each printing what the slide shows; then
# a clearly separate **going further** part with census experiments the slides do not make.  Run it
# as a script (`python lectures/lecture_7_naive_bayes.py --adult PATH`) or open it as a notebook
# (Jupyter with jupytext, or VS Code): each step's cell runs that step and prints its numbers under it.

# %%
"""The course slides "Lecture #7: Naïve Bayes", replayed slide by slide with this library.

The slides build naive Bayes from the ground up: a classifier that learns
P(y) and P(x | y) and applies Bayes' rule; P(x | y) as a joint distribution,
a truth table learned by counting records; why that table needs k (2^d - 1)
parameters and overfits; the naive assumption, conditional independence,
which needs k d; a Bernoulli spam filter and its maximum likelihood
estimates; categorical and discretized continuous features; the new word
"Mahalanobis", whose estimate is 0 in every class; and Laplace smoothing.
Each function below is one step, in the slides' order; each prints what it
computed next to what the slide says.

1. Generative vs discriminative, and Bayes' rule.
2. The joint distribution as a truth table: the slide's A, B, C example.
3. "Example of learning a joint": sex x (hours-per-week > 40.5) x income,
   learned from all 48,842 records of the UCI Adult census.
4. Counting parameters, k (2^d - 1) against k d.
5. Conditional independence is not independence, by hand.
6. The Bernoulli spam filter: maximum likelihood, N_y / N and N_{i|y} / N_y,
   and the prediction.
7. Categorical features, and continuous ones discretized.
8. The problem with MLE: the new word "Mahalanobis", P(x | y) = 0 for both classes.
9. Laplace smoothing: (N_{i|y} + 1) / (N_y + 2).
10. The summary slide, each claim with the number this run found.

Going further (the slides do none of this):

A. Queries on step 3's census table.
B. Empty cells and overfitting on the census: twelve yes/no questions.
C. Which census features break the naive assumption (mutual information).
D. Continuous features in detail: how far from Gaussian, how many bins,
   one at a time, and where capital-gain's bins win and lose.
E. Ignoring an unseen word instead of smoothing it.

Data.  Steps 3 and 7 and going further A to D need the UCI Adult census files
``adult.data`` and ``adult.test``.  Offline, pass the folder that holds them:

    python lectures/lecture_7_naive_bayes.py --adult path/to/folder
    NAIVEBAYES_ADULT_PATH=path/to/folder python lectures/lecture_7_naive_bayes.py

(in this repository's development setup the folder is ``../shared/data``).
``--download`` fetches the two files (6 MB) into the library's cache once;
``--no-adult`` runs only the steps that need no data.  Steps 6, 8 and 9 use
the small spam corpus that ships with the library.  Run from the repository root:

    python lectures/lecture_7_naive_bayes.py --adult ../shared/data           # about 15 s
    python lectures/lecture_7_naive_bayes.py --adult ../shared/data --quick   # a smaller going further B
    python lectures/lecture_7_naive_bayes.py --no-adult                       # no data needed
"""

import argparse
import math
import os
import shlex
import sys
import time
from fractions import Fraction
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

from naivebayes import (  # noqa: E402
    BagOfWords,
    BernoulliNB,
    CategoricalNB,
    Discretizer,
    JointBayesClassifier,
    JointTable,
    MixedNB,
    Tokenizer,
    ZeroProbabilityError,
    conditional_mutual_information,
    independence_table,
    joint_parameter_count,
    mutual_information,
    naive_parameter_count,
    overfitting_table,
    train_test_split,
)
from naivebayes.core.bayes import bayes_rule  # noqa: E402
from naivebayes.datasets import load_adult, load_spam  # noqa: E402

# The slide's truth table of three Boolean variables, and 20 records that give it exactly.
SLIDE_TABLE = {
    (0, 0, 0): "0.30", (0, 0, 1): "0.05", (0, 1, 0): "0.10", (0, 1, 1): "0.05",
    (1, 0, 0): "0.05", (1, 0, 1): "0.10", (1, 1, 0): "0.25", (1, 1, 1): "0.10",
}
SLIDE_RECORDS = {cell: int(Fraction(p) * 20) for cell, p in SLIDE_TABLE.items()}  # 6, 1, 2, 1, 1, 2, 5, 2

LONG_HOURS = "hours-per-week > 40.5"  # the slide's second attribute, as the classic table cuts it
N_ADULT_RECORDS = 48842  # adult.data (32,561) and adult.test (16,281) together

# The twelve yes/no questions of the overfitting experiment, as on the "Why naive" docs page:
# the slide's two attributes first, then by how much each says about income on its own.
YES_NO_FEATURES = [
    "sex", LONG_HOURS, "married", "education-num > 12.5", "white collar", "own child",
    "age > 37.5", "capital-gain > 0", "capital-loss > 0", "race is White", "born in the US",
    "fnlwgt > 178,356",
]
FEW_PEOPLE = 1000  # going further B trains both classifiers on the first thousand people of adult.data
QUICK_D = 8  # with --quick, going further B stops at d = 8

# The spam filter: a few words to estimate, and the message with the new word.
SPAM_WORDS = ["free", "claim", "call", "tomorrow"]
NEW_WORD = "mahalanobis"
NEW_MESSAGE = "Call me tonight about Mahalanobis"

# Step 7: the census's categorical columns, and the three numbers on which it tests the slide's remark.
CATEGORICAL = ["workclass", "education", "marital-status", "occupation", "relationship", "race", "sex",
               "native-country"]
NUMBERS = ["age", "hours-per-week", "capital-gain"]
ALL_BINS = (5, 20, 50)  # going further D: the three numbers discretized together into this many bins
STEP_7_BINS = 20  # step 7: the three numbers discretized together into this many equal-width bins
ONE_AT_A_TIME_BINS = 20  # one number discretized, the other two Gaussian


def heading(title):
    """Print a step's title, underlined."""
    print()
    print(title)
    print("-" * len(title))


def decimal(value, digits=4):
    """An exact Fraction (or a float) as a decimal with ``digits`` places."""
    return f"{float(value):.{digits}f}"


def share(n, total):
    """n/total, exactly, and as a decimal: "11,687/48,842 = 0.239282"."""
    return f"{n:,}/{total:,} = {decimal(Fraction(n, total), 6)}"


# %% [markdown]
# ## The options
#
# As a script, the command line sets them (`--help` lists them).  In a notebook, put them in
# `NOTEBOOK_ARGUMENTS`, for instance `["--adult", "../../shared/data"]` or `["--no-adult"]`; the
# NAIVEBAYES_LECTURE_ARGUMENTS environment variable, when set, fills it (the tests use it).
# Every cell below runs its step at once and prints that step's numbers under it; imported as a
# module, the file runs no step.

# %%

def load_census(path, download):
    """adult.data and adult.test: (train, test), each a Dataset (rows, labels, features)."""
    train = load_adult("train", path=path, download_if_missing=download)
    test = load_adult("test", path=path, download_if_missing=download)
    return train, test



def parse_arguments(argv):
    """The command line: --adult PATH, --download, --no-adult, --quick, --limit N."""
    parser = argparse.ArgumentParser(
        description='"Lecture #7: Naïve Bayes", slide by slide. Steps 3 and 7 and going further A to D need the UCI Adult '
                    "census files adult.data and adult.test: offline, pass their folder with --adult PATH "
                    "(or set NAIVEBAYES_ADULT_PATH).",
    )
    parser.add_argument("--adult", metavar="PATH",
                        help="a folder holding adult.data and adult.test (default: NAIVEBAYES_ADULT_PATH, "
                             "then the library's cache)")
    parser.add_argument("--download", action="store_true",
                        help="if the files are not found, download them (6 MB) into the cache once")
    parser.add_argument("--no-adult", action="store_true", help="run only the steps that need no census data")
    parser.add_argument("--quick", action="store_true", help=f"a smaller overfitting run in going further B (d up to {QUICK_D})")
    parser.add_argument("--limit", type=int, metavar="N",
                        help="train the classifiers on the first N training examples only (spam messages; "
                             "census people in step 7 and going further B and D); the joint tables always count every record")
    arguments = parser.parse_args(argv)
    if arguments.limit is not None and arguments.limit < 10:
        parser.error(f"--limit must be at least 10, so that both classes have training examples, not {arguments.limit}")
    return parser, arguments


NOTEBOOK_ARGUMENTS = shlex.split(os.environ.get("NAIVEBAYES_LECTURE_ARGUMENTS", ""))

if __name__ == "__main__":  # as a script, or in a notebook
    parser, arguments = parse_arguments(NOTEBOOK_ARGUMENTS if "ipykernel" in sys.modules else None)
    census = None  # (training rows, test rows) of the UCI Adult census, when it is at hand
    if not arguments.no_adult:
        try:
            census = load_census(arguments.adult, arguments.download)
        except (OSError, ValueError) as error:
            parser.exit(1, (
                f"could not load the UCI Adult census: {error}\n"
                "Steps 3 and 7 and going further A to D need adult.data and adult.test.  Offline, pass their folder:\n"
                "  python lectures/lecture_7_naive_bayes.py --adult path/to/folder\n"
                "(or set NAIVEBAYES_ADULT_PATH); --download fetches them into the cache once;\n"
                "--no-adult runs the other steps without them.\n"
            ))
    print('"Lecture #7: Naïve Bayes" (course slides), slide by slide')
    if census is None:
        print("(--no-adult: steps 3 and 7 and going further A to D are skipped)")
    found = {}  # what each step found, for the summary slide (step 10)


# %% [markdown]
# ## Step 1. Generative vs discriminative, and Bayes' rule

# %%

def slide_records():
    """The 20 records of step 2's table, as rows {"A": a, "B": b, "C": c}."""
    return [{"A": a, "B": b, "C": c} for (a, b, c), n in SLIDE_RECORDS.items() for _ in range(n)]


def step_1_generative_vs_discriminative():
    """P(C = 1 | A = 1, B = 1) learned both ways from the same 20 records: the same 2/7."""
    heading("Step 1. Generative vs discriminative, and Bayes' rule")
    records = slide_records()
    x = {"A": 1, "B": 1}
    # Generative: learn P(y) and P(x | y) (here P(x | y) is each class's joint table), then Bayes' rule.
    generative = JointBayesClassifier(alpha=0).fit([{"A": r["A"], "B": r["B"]} for r in records],
                                                   [r["C"] for r in records])
    joint = {c: generative.prior(c) * generative.likelihood_of(x, c) for c in generative.classes_}  # P(x, y)
    posterior = bayes_rule(joint)  # P(y | x) = P(x, y) / sum_y' P(x, y')
    p_x_given_1, p_1 = generative.likelihood_of(x, 1), generative.prior(1)
    print("y = C is the class, x = (A, B) the features; the 20 records of step 2's table.")
    print(f"generative:     P(y=1 | x) = P(x | y=1) P(y=1) / sum_y P(x, y) = ({p_x_given_1} * {p_1}) / "
          f"({joint[0]} + {joint[1]}) = {posterior[1]}   (JointBayesClassifier, bayes_rule)")
    # Discriminative: learn P(y | x) directly; here by counting C among the records that match x.
    direct = JointTable.from_rows(records).conditional({"C": 1}, given=x)
    print(f"discriminative: P(y=1 | x) learned directly, records with A=1, B=1, C=1 / records with A=1, "
          f"B=1 = {direct}   (JointTable.conditional)")
    assert posterior[1] == direct
    print("Both give the same number: with the full joint table nothing is lost either way.  The")
    print("slide's discriminative example, logistic regression, fits P(y | x) as a formula instead;")
    print("it is not part of this library.")
    return {"bayes_rule": posterior[1]}


if __name__ == "__main__":
    found.update(step_1_generative_vs_discriminative())

# %% [markdown]
# ## Step 2. The joint distribution as a truth table

# %%

def step_2_truth_table():
    """The slide's table of A, B, C from 20 records: each row is records matching / total."""
    heading("Step 2. The joint distribution as a truth table: records matching / total records")
    table = JointTable(["A", "B", "C"], SLIDE_RECORDS)  # {cell: records}, 20 records in all
    print(f"M = 3 Boolean variables: 2^3 = {table.n_combinations} rows, {table.n_records} records")
    print("A B C   records matching / total = Prob   slide")
    for cell, p in table.truth_table():  # every combination, in truth-table order
        n_matching = table.counts.get(cell, 0)
        slide = SLIDE_TABLE[cell]
        assert p == Fraction(slide)
        print(f"{cell[0]} {cell[1]} {cell[2]}   {n_matching:>16}/{table.n_records} = {decimal(p, 2)}   {slide}")
    total = sum(p for _, p in table.truth_table())
    print(f"sum of the rows = {total}   (the axioms of probability: they must sum to 1)")
    a_b_not_c = table.probability({"A": 1, "B": 1, "C": 0})
    print(f"the slide's example row, A and B true but C false: {SLIDE_RECORDS[(1, 1, 0)]}/20 = "
          f"{decimal(a_b_not_c, 2)}   (slide: 0.25)")
    print(f"free parameters: {table.n_parameters} (the 8th row is 1 minus the others)")
    return table


if __name__ == "__main__":
    step_2_truth_table()

# %% [markdown]
# ## Step 3. Example of learning a joint: the UCI Adult census

# %%

def step_3_adult_joint(train, test):
    """sex x (hours-per-week > 40.5) x income from every record: records matching / total."""
    heading("Step 3. Example of learning a joint: three attributes of the UCI Adult census")
    everyone = train.rows + test.rows  # all 48,842 people, as the classic table was learned
    labels = train.labels + test.labels
    records = [
        {"sex": row["sex"], LONG_HOURS: row["hours-per-week"] > 40.5, "income": label}
        for row, label in zip(everyone, labels)
    ]
    joint = JointTable.from_rows(records)
    print(f"records: {len(train.rows):,} of adult.data + {len(test.rows):,} of adult.test = "
          f"{joint.n_records:,}   (none left out: {joint.n_left_out == 0})")
    print("The slide shows this table only as a picture, so there are no digits to compare with;")
    print("the tests count every row again from the two raw files.")
    print(f"  {'sex':7} {LONG_HOURS:22} {'income':7} {'records':>8}  {'Prob':>8}")
    for (sex, long_hours, income), p in joint.truth_table():
        n = joint.counts.get((sex, long_hours, income), 0)
        print(f"  {sex:7} {str(long_hours):22} {income:7} {n:>8,}  {float(p):.6f}")
    print(f"free parameters of this table: 2^3 - 1 = {joint.n_parameters}; every cell has thousands of records.")
    return joint


if __name__ == "__main__":
    joint = step_3_adult_joint(*census) if census else None

# %% [markdown]
# ## Step 4. Counting parameters: $k(2^d - 1)$ against $kd$
#
# `yes_no_features` (the twelve census questions of going further B) is defined here because the
# docs page "Why naive" imports it too.

# %%

def yes_no_features(row):
    """The twelve yes/no questions of YES_NO_FEATURES for one census row (None where unknown)."""
    occupation, country = row["occupation"], row["native-country"]
    return {
        "sex": row["sex"],
        LONG_HOURS: row["hours-per-week"] > 40.5,
        "married": row["marital-status"] == "Married-civ-spouse",
        "education-num > 12.5": row["education-num"] > 12.5,  # a bachelor's degree or more
        "white collar": None if occupation is None else occupation in ("Exec-managerial", "Prof-specialty"),
        "own child": row["relationship"] == "Own-child",
        "age > 37.5": row["age"] > 37.5,  # the median age is 37
        "capital-gain > 0": row["capital-gain"] > 0,
        "capital-loss > 0": row["capital-loss"] > 0,
        "race is White": row["race"] == "White",
        "born in the US": None if country is None else country == "United-States",
        "fnlwgt > 178,356": row["fnlwgt"] > 178356,  # the median census weight: says nothing about income
    }


def step_4_counting(n_classes=2):
    """k (2^d - 1) against k d, for several d."""
    heading("Step 4. Counting parameters: k (2^d - 1) for the joint, k d for naive Bayes")
    print(f"k = {n_classes} classes, d binary features:")
    print(f"  {'d':>3}  {'k (2^d - 1)':>15}  {'k d':>5}")
    counts = {}
    for d in (1, 2, 3, 5, 10, 20, 30):
        joint = joint_parameter_count([2] * d, n_classes)  # k (prod_j K_j - 1), K_j = 2
        naive = naive_parameter_count([2] * d, n_classes)  # k sum_j (K_j - 1) = k d
        assert joint == n_classes * (2**d - 1) and naive == n_classes * d
        counts[d] = (joint, naive)
        print(f"  {d:>3}  {joint:>15,}  {naive:>5}")
    joint_30 = counts[30][0]
    print(f"With d = 30 the joint needs {joint_30 / N_ADULT_RECORDS:,.0f} numbers for each of the census's "
          f"{N_ADULT_RECORDS:,} people.")
    return counts


if __name__ == "__main__":
    found["counts"] = step_4_counting()

# %% [markdown]
# ## Step 5. Conditional independence is not independence

# %%

# Eighty days: lightning on 20 of them.  Rain and thunder each depend on lightning only, so
# given lightning they are independent (the slide's p(thunder | raining, lightning) = p(thunder | lightning)),
# but without it, rain makes thunder more likely.
THUNDER_DAYS = {  # (lightning, raining, thunder): days
    (1, 1, 1): 12, (1, 1, 0): 3, (1, 0, 1): 4, (1, 0, 0): 1,
    (0, 1, 1): 1, (0, 1, 0): 9, (0, 0, 1): 5, (0, 0, 0): 45,
}


def pairs_by_first(table, first, a, b):
    """{value of ``first``: {(value of a, value of b): n}}: a three-feature table cut by its first feature."""
    positions = [table.features.index(name) for name in (first, a, b)]
    by_first = {}
    for cell, n in table.counts.items():
        key, pair = cell[positions[0]], (cell[positions[1]], cell[positions[2]])
        by_first.setdefault(key, {})[pair] = n
    return by_first


def step_5_independence():
    """The two definitions, and a hand example each way."""
    heading("Step 5. Conditional independence is not independence")
    print("conditional independence of x and y given z: p(x, y | z) = p(x | z) p(y | z), i.e. p(x | y, z) = p(x | z)")
    print("independence of x and y:                      p(x, y) = p(x) p(y),         i.e. p(x | y) = p(x)")
    print("Mutual information measures how far a table is from each (0 exactly when it holds, in nats):")
    print("I(A; B) = sum P(a, b) log P(a, b) / (P(a) P(b)), and I(A; B | C) = sum_c P(c) I(A; B | C = c).")
    days = JointTable(["lightning", "raining", "thunder"], THUNDER_DAYS)
    given_both = days.conditional({"thunder": 1}, given={"raining": 1, "lightning": 1})
    given_lightning = days.conditional({"thunder": 1}, given={"lightning": 1})
    given_rain = days.conditional({"thunder": 1}, given={"raining": 1})
    thunder = days.probability({"thunder": 1})
    print()
    lightning_days = days.probability({"lightning": 1}) * days.n_records
    print(f"The slide's example, on {days.n_records} made-up days (lightning on {lightning_days} of them):")
    print(f"  p(thunder | raining, lightning) = {given_both} = p(thunder | lightning) = {given_lightning}: "
          "conditionally independent")
    print(f"  p(thunder | raining) = {given_rain} but p(thunder) = {thunder}: not independent")
    assert given_both == given_lightning and given_rain != thunder
    rain_thunder = days.marginal(["raining", "thunder"]).counts
    by_lightning = pairs_by_first(days, "lightning", "raining", "thunder")
    mi, cmi = mutual_information(rain_thunder), conditional_mutual_information(by_lightning)
    print(f"  I(raining; thunder) = {mi:.6f}, I(raining; thunder | lightning) = {cmi}")
    # The reverse: two fair coins and their xor.  Independent, but given the xor one coin tells the other.
    coins = {(a, b): 1 for a in (0, 1) for b in (0, 1)}
    by_xor = {0: {(0, 0): 1, (1, 1): 1}, 1: {(0, 1): 1, (1, 0): 1}}
    print("And the other way: two fair coins A, B and C = A xor B.")
    xor_cmi = conditional_mutual_information(by_xor)
    print(f"  I(A; B) = {mutual_information(coins)}, I(A; B | C) = {xor_cmi:.6f} = log 2: independent, "
          "not conditionally independent")
    found = {"thunder": (given_both, given_lightning, given_rain, thunder), "thunder_mi": (mi, cmi)}
    return found


if __name__ == "__main__":
    found.update(step_5_independence())

# %% [markdown]
# ## Step 6. The Bernoulli spam filter: maximum likelihood

# %%

def load_spam_split(limit):
    """The shipped spam corpus split 75/25 with random_state=0; with ``limit``, the first training messages."""
    texts, labels = load_spam()
    X_train, X_test, y_train, y_test = train_test_split(texts, labels, test_size=0.25, random_state=0)
    if limit is not None:
        X_train, y_train = X_train[:limit], y_train[:limit]
    return X_train, X_test, y_train, y_test


def mle_line(word, label, unsmoothed):
    """One word and class: N_{i|y}/N_y, the maximum likelihood estimate."""
    n_word = unsmoothed.feature_counts_[label].get(word, 0)  # N_{i|y}: class-y messages containing the word
    n_class = unsmoothed.class_counts_[label]  # N_y
    mle = unsmoothed.likelihood(word, label)  # BernoulliNB(alpha=0)
    assert mle == Fraction(n_word, n_class)
    return f"  {word!r:12} {label:4}  MLE {n_word}/{n_class} = {decimal(mle)}"


def step_6_spam_filter(limit):
    """Bag of words without stop words, the maximum likelihood estimates, and the prediction formula."""
    heading("Step 6. The Bernoulli spam filter: maximum likelihood, N_{i|y} / N_y")
    X_train, X_test, y_train, y_test = load_spam_split(limit)
    start = time.perf_counter()  # the whole filter: dictionary, counts, and the test predictions
    tokenizer = Tokenizer(stop_words="english")  # lowercase words, stop words such as "the", "and" removed
    bag = BagOfWords(tokenizer=tokenizer, binary=True)  # x_i = 1 if the i-th word is present
    rows = bag.fit_transform(X_train)  # the dictionary: every word of the training set, at least once
    smoothed = BernoulliNB(alpha=1).fit(rows, y_train)  # step 9's Laplace smoothing, fitted (and timed) here
    test_rows = bag.transform(X_test)  # words outside the dictionary are dropped
    predictions = smoothed.predict(test_rows)
    seconds = time.perf_counter() - start
    with_stop_words = BagOfWords(binary=True).fit(X_train).vocabulary_
    print(f"the shipped spam corpus, split 75/25 by naivebayes.train_test_split(test_size=0.25, random_state=0):")
    print(f"{len(X_train)} training and {len(X_test)} test messages")
    print(f"dictionary: {len(bag.vocabulary_)} words ({len(with_stop_words)} before stop words are removed; "
          f"'the' in it: {'the' in bag.vocabulary_}, 'and' in it: {'and' in bag.vocabulary_})")

    unsmoothed = BernoulliNB(alpha=0).fit(rows, y_train)  # the slide's MLE
    n = unsmoothed.n_examples_
    for label in unsmoothed.classes_:
        print(f"P(y = {label}) = N_{label}/N = {unsmoothed.class_counts_[label]}/{n} = "
              f"{decimal(unsmoothed.prior(label))}")
    print("P(x_i = 1 | y): the share of class-y messages that contain word i:")
    for word in SPAM_WORDS:
        if word not in unsmoothed.vocabulary_:  # (a small --limit may leave it out)
            continue
        for label in reversed(unsmoothed.classes_):  # spam first, as the slide's y = 1
            print(mle_line(word, label, unsmoothed))

    # The prediction: P(y = 1 | x) = P(y = 1) prod_i P(x_i = u_i | y = 1) / sum over y' of the same.
    message = X_test[0]
    row = bag.transform([message])[0]  # the dictionary words it contains; the others are x_i = 0
    print()
    print(f"Prediction for the first test message, {message!r}")
    print(f"(dictionary words present: {sorted(row)}; the other {len(bag.vocabulary_) - len(row)} are absent):")
    joint = {}
    for label in unsmoothed.classes_:
        product = unsmoothed.prior(label)  # P(y)
        for word in unsmoothed.vocabulary_:  # every word of the dictionary takes part, present or absent
            product *= unsmoothed.likelihood(word, label, present=word in row)  # P(x_i = u_i | y)
        joint[label] = product
        print(f"  P(y = {label}) prod_i P(x_i = u_i | y = {label}) = {float(product):.4e}")
    assert joint == unsmoothed.joint_probability(row)
    total = joint["spam"] + joint["ham"]
    if total > 0:
        print(f"  P(y = spam | x) = {decimal(joint['spam'] / total)}; truth: {y_test[0]}")
    else:
        print(f"  P(y = spam | x) = 0/0: no answer; truth: {y_test[0]}")
    zero = [label for label, p in joint.items() if p == 0]
    if zero:
        print(f"  P(x | y = {zero[0]}) is exactly 0: a word of the dictionary that every or no {zero[0]} training")
        print("  message had decides alone, whatever the other words say (step 8).")
    return {"bag": bag, "rows": rows, "y_train": y_train, "smoothed": smoothed, "unsmoothed": unsmoothed,
            "X_test": X_test, "y_test": y_test, "test_rows": test_rows, "predictions": predictions,
            "seconds": seconds}


if __name__ == "__main__":
    found["spam"] = step_6_spam_filter(arguments.limit)

# %% [markdown]
# ## Step 7. Categorical features, and continuous ones

# %%

def columns(rows, names):
    """Each row cut down to the named features."""
    return [{name: row[name] for name in names} for row in rows]


def discretized(discretizer, rows):
    """``discretizer.transform(rows)``, with each distinct value of a feature binned only once.

    ``transform`` checks and bins every value one by one (about 5 seconds for
    the census's 48,842 rows x 3 numbers); the three numbers have only a few
    hundred distinct values, so this bins each of them once and reuses the label.
    """
    label_of = {}  # {(feature, value): the label of its interval}
    binned = []
    for row in rows:
        new = dict(row)
        for feature in discretizer.edges_:
            value = row.get(feature)
            if value is None:
                continue  # a missing value stays missing
            if (feature, value) not in label_of:
                label_of[(feature, value)] = discretizer.transform([{feature: value}])[0][feature]
            new[feature] = label_of[(feature, value)]
        binned.append(new)
    return binned


def skewness(values):
    """The third standardised moment: 0 for a symmetric hump, large when one tail is long."""
    n = len(values)
    mean = math.fsum(values) / n
    variance = math.fsum((v - mean) ** 2 for v in values) / n
    return math.fsum((v - mean) ** 3 for v in values) / n / variance**1.5


def test_accuracy(model, train_rows, train_labels, test_rows, test_labels):
    """Fit on the training rows; the exact share of test rows predicted right."""
    return model.fit(train_rows, train_labels).score(test_rows, test_labels)


def right(predictions, labels, people=None):
    """How many of the predictions (of the people numbered in ``people``; default all) are right."""
    people = range(len(labels)) if people is None else people
    return sum(predictions[i] == labels[i] for i in people)


def step_7_features(train, test, limit):
    """CategoricalNB on the categories; age, hours-per-week and capital-gain as Gaussians, then discretized."""
    heading("Step 7. Categorical features, and continuous ones discretized")
    train_rows, train_labels = train.rows[:limit], train.labels[:limit]  # [:None] keeps them all
    n_test = len(test.rows)
    results = {}
    score = test_accuracy(CategoricalNB(), columns(train_rows, CATEGORICAL), train_labels,
                          columns(test.rows, CATEGORICAL), test.labels)
    results["categorical"] = score
    print(f"Trained on {len(train_rows):,} people of adult.data, tested on the {n_test:,} of adult.test.")
    print(f"CategoricalNB, P(x_i = j | y) for the {len(CATEGORICAL)} categorical columns: test accuracy "
          f"{decimal(score)}")
    names = CATEGORICAL + NUMBERS
    train_x, test_x = columns(train_rows, names), columns(test.rows, names)
    gaussian = MixedNB().fit(train_x, train_labels).predict(test_x)  # the numbers guessed Gaussian
    results["gaussian_predictions"] = gaussian
    results["gaussian"] = Fraction(right(gaussian, test.labels), n_test)
    print(f"+ the three numbers, each a Gaussian per class (MixedNB):           {decimal(results['gaussian'])}")
    discretizer = Discretizer(n_bins=STEP_7_BINS, features=NUMBERS).fit(train_x)  # equal-width bins
    score = test_accuracy(CategoricalNB(categories=discretizer.categories_), discretized(discretizer, train_x),
                          train_labels, discretized(discretizer, test_x), test.labels)
    results["all_binned"] = {STEP_7_BINS: score}
    print(f"+ the three discretized into {STEP_7_BINS:2} equal-width bins (CategoricalNB):   {decimal(score)}")
    better = "the bins" if score > results["gaussian"] else "the Gaussians"
    print(f"The slide: discretizing \"can result in a better classifier\" when a feature is not Gaussian.")
    print(f"Here, all three together, {better} score higher; going further D looks at each number.")
    return results


if __name__ == "__main__":
    if census:
        found["features"] = step_7_features(*census, arguments.limit)

# %% [markdown]
# ## Step 8. The problem with MLE: "Mahalanobis"

# %%

def step_8_mahalanobis(spam):
    """The (n+1)-th word of the dictionary, in no training message: P(x | y) = 0 for both classes."""
    heading('Step 8. The problem with MLE: the new word "Mahalanobis"')
    bag, y_train = spam["bag"], spam["y_train"]
    words = bag.feature_names()  # the n dictionary words, in column order
    n = len(words)
    # Dense rows, as the slide writes an email: a vector with one component per dictionary word,
    # plus component n+1 for "mahalanobis", which is 0 in every training email.
    train_vectors = [vector + [0] for vector in bag.to_dense(spam["rows"])]
    counts = bag.transform([NEW_MESSAGE])[0]  # its dictionary words ("mahalanobis" is not one)
    email = bag.to_dense([counts])[0] + [1]  # ... and x_{n+1} = 1
    print(f"The new email: {NEW_MESSAGE!r}.  The dictionary has n = {n} words;")
    print(f"{NEW_WORD!r} goes in as word n+1 (column {n} counting from 0), and no training email contains it.")

    unsmoothed = BernoulliNB(alpha=0).fit(train_vectors, y_train)
    for label in reversed(unsmoothed.classes_):
        p = unsmoothed.likelihood(n, label)  # column n is the new word
        print(f"  MLE:     P(x_n+1 = 1 | y = {label}) = {unsmoothed.feature_counts_[label].get(n, 0)}/"
              f"{unsmoothed.class_counts_[label]} = {p}")
    joint = unsmoothed.joint_probability(email)
    without = unsmoothed.joint_probability(email[:n] + [0])  # the same email without the new word
    print(f"  P(x | y) P(y) = {joint['spam']} for spam and {joint['ham']} for ham: P(x | y) = 0 for both classes")
    print(f"  (without the new word: {float(without['spam']):.3e} and {float(without['ham']):.3e}, "
          "so the new word alone does it)")
    assert all(p == 0 for p in joint.values()) and all(p > 0 for p in without.values())
    try:
        unsmoothed.posterior(email)
        raise AssertionError("an email with probability 0 in every class got a posterior")
    except ZeroProbabilityError as error:
        print(f"  posterior: ZeroProbabilityError: {str(error).split('. ')[0]}.")

    unsmoothed_joints = [spam["unsmoothed"].joint_probability(test_row) for test_row in spam["test_rows"]]
    both_zero = sum(all(p == 0 for p in p_xy.values()) for p_xy in unsmoothed_joints)
    one_zero = sum(any(p == 0 for p in p_xy.values()) for p_xy in unsmoothed_joints) - both_zero
    n_test = len(unsmoothed_joints)
    print(f"Unsmoothed, {one_zero} of the {n_test} test messages have P(x | y) = 0 for one class (one word "
          "vetoes it)")
    print(f"and {both_zero} for both classes, where P(y | x) = 0/0 cannot be computed at all.")
    estimates = [spam["unsmoothed"].likelihood(word, label) for word in spam["unsmoothed"].vocabulary_
                 for label in spam["unsmoothed"].classes_]
    print(f"Of the {len(estimates)} MLE estimates, {estimates.count(0)} are exactly 0 and {estimates.count(1)} "
          "exactly 1: the slide's \"extreme probabilities\".")
    return {"mle": {label: unsmoothed.likelihood(n, label) for label in unsmoothed.classes_},
            "train_vectors": train_vectors, "email": email, "n": n,
            "both_zero": both_zero, "one_zero": one_zero, "n_test": n_test}


if __name__ == "__main__":
    found["mahalanobis"] = step_8_mahalanobis(found["spam"])

# %% [markdown]
# ## Step 9. Laplace smoothing

# %%

def estimate_line(word, label, unsmoothed, smoothed):
    """One word and class: N_{i|y}/N_y, then (N_{i|y} + 1)/(N_y + 2), as the two models give them."""
    n_word = unsmoothed.feature_counts_[label].get(word, 0)  # N_{i|y}: class-y messages containing the word
    n_class = unsmoothed.class_counts_[label]  # N_y
    mle = unsmoothed.likelihood(word, label)  # BernoulliNB(alpha=0)
    laplace = smoothed.likelihood(word, label)  # BernoulliNB(alpha=1)
    assert mle == Fraction(n_word, n_class) and laplace == Fraction(n_word + 1, n_class + 2)
    return (f"  {word!r:12} {label:4}  MLE {n_word}/{n_class} = {decimal(mle)}   Laplace ({n_word} + 1)/"
            f"({n_class} + 2) = {laplace} = {decimal(laplace)}")


def step_9_laplace(spam, new_word):
    """(N_{i|y} + 1) / (N_y + 2): the estimates of step 6 smoothed, the new word, every test message."""
    heading("Step 9. Laplace smoothing: (N_{i|y} + 1) / (N_y + 2)")
    unsmoothed, smoothed = spam["unsmoothed"], spam["smoothed"]
    print("P(z = 1) = n_1 / (n_0 + n_1) becomes (n_1 + 1) / (n_0 + n_1 + 2): one imaginary example of each outcome.")
    print("The estimates of step 6, unsmoothed and smoothed:")
    for word in SPAM_WORDS:
        if word not in unsmoothed.vocabulary_:
            continue
        for label in reversed(unsmoothed.classes_):
            print(estimate_line(word, label, unsmoothed, smoothed))
    y_train, n = spam["y_train"], new_word["n"]
    with_new_word = BernoulliNB(alpha=1).fit(new_word["train_vectors"], y_train)
    for label in reversed(with_new_word.classes_):
        print(f"  Laplace: P(x_n+1 = 1 | y = {label}) = (0 + 1)/({with_new_word.class_counts_[label]} + 2) = "
              f"{with_new_word.likelihood(n, label)}")
    laplace = with_new_word.posterior(new_word["email"])["spam"]
    print(f"  P(y = spam | x) for {NEW_MESSAGE!r} = {decimal(laplace)}: the probabilities no longer go to zero")
    y_test, predictions = spam["y_test"], spam["predictions"]
    correct, n_test = sum(p == y for p, y in zip(predictions, y_test)), len(y_test)
    print(f"accuracy on the {n_test} test messages: {correct}/{n_test} = {decimal(Fraction(correct, n_test))}"
          "   (Laplace; every one of them gets a posterior)")
    return {"laplace": {label: with_new_word.likelihood(n, label) for label in with_new_word.classes_},
            "laplace_posterior": laplace, "accuracy": (correct, n_test), "model": with_new_word}


if __name__ == "__main__":
    found["laplace"] = step_9_laplace(found["spam"], found["mahalanobis"])

# %% [markdown]
# ## Step 10. The summary slide

# %%

def step_10_summary(found):
    """Each claim of the summary slide, with the number this run found."""
    heading("Step 10. The summary slide, claim by claim")
    print("* A generative classifier: learn P(x | y) and P(y), then Bayes' rule gives P(y | x).")
    print(f"  Step 1: P(C=1 | A=1, B=1) = {found['bayes_rule']}, the number P(y | x) learned directly gives.")
    joint, naive = found["counts"][30]
    print("* Conditional independence given the class greatly reduces the parameters:")
    print(f"  d = 30 binary features, k = 2: {joint:,} for the joint against {naive} (step 4).")
    given_both, given_lightning, given_rain, thunder = found["thunder"]
    print(f"  It is not independence: p(thunder | raining, lightning) = {given_both} = p(thunder | lightning),")
    print(f"  but p(thunder | raining) = {given_rain}, not p(thunder) = {thunder} (step 5).")
    both_zero, n_test = found["mahalanobis"]["both_zero"], found["mahalanobis"]["n_test"]
    mle, laplace = found["mahalanobis"]["mle"], found["laplace"]["laplace"]
    print("* MAP estimation (Laplace smoothing) avoids overfitting and extreme probabilities:")
    print(f"  unsmoothed, \"Mahalanobis\" gets {mle['spam']} in both classes and {both_zero} of the {n_test} test "
          "messages get P(x | y) = 0 in both;")
    print(f"  smoothed, it gets {laplace['spam']} and {laplace['ham']}, and every message gets a posterior "
          "(steps 8 and 9).")
    correct, n = found["laplace"]["accuracy"]
    print(f"* A fast, solid baseline for text: {correct}/{n} test messages right, "
          f"{found['spam']['seconds'] * 1000:.0f} ms to build the dictionary, count and predict.")
    if "features" in found:
        results = found["features"]
        print("And the slide on continuous features, \"when the feature does not follow Gaussian, this can")
        print(f"result in a better classifier\": all three Gaussian {decimal(results['gaussian'])}, all three in "
              f"{STEP_7_BINS} bins {decimal(results['all_binned'][STEP_7_BINS])} (step 7).")


if __name__ == "__main__":
    step_10_summary(found)

# %% [markdown]
# ## Going further
#
# Everything from here on is an experiment the slides do not make.
#
# ### A. Queries on the census table

# %%

def going_further_a_queries(joint):
    """Queries on step 3's table: sums of rows, divided for a conditional."""
    heading("Going further A. Queries on step 3's census table")
    print("Queries are sums of rows (records matching / total), divided for a conditional:")
    queries = [
        ("P(income = >50K)", {"income": ">50K"}, {}),
        ("P(income = >50K | sex = Male)", {"income": ">50K"}, {"sex": "Male"}),
        ("P(income = >50K | sex = Female)", {"income": ">50K"}, {"sex": "Female"}),
        ("P(sex = Male | income = <=50K)", {"sex": "Male"}, {"income": "<=50K"}),
        (f"P(income = >50K | sex = Male, {LONG_HOURS})", {"income": ">50K"}, {"sex": "Male", LONG_HOURS: True}),
    ]
    for name, asked, given in queries:
        p = joint.conditional(asked, given=given) if given else joint.probability(asked)
        n_both = joint.probability({**given, **asked}) * joint.n_records  # records matching both
        n_given = joint.probability(given) * joint.n_records  # records matching what is given
        assert p == Fraction(int(n_both), int(n_given))
        print(f"  {name} = {share(int(n_both), int(n_given))}")
    return joint


if __name__ == "__main__":
    print()
    print("=" * 78)
    print("Going further: experiments the slides do not make")
    print("=" * 78)
    if census:
        going_further_a_queries(joint)

# %% [markdown]
# ### B. Empty cells and overfitting on the census

# %%

def going_further_b_empty_cells(train, test):
    """The share of the k 2^d cells that no census record fills, for d = 1 .. 12."""
    heading("Going further B. Empty cells and overfitting on the census")
    print("The slide: with large d, no training example may have the exact combination x, and then")
    print("P(x | y = i) = 0 for every class i, 'severe overfitting'.  Measured on the census:")
    everyone = [yes_no_features(row) for row in train.rows + test.rows]
    for row, label in zip(everyone, train.labels + test.labels):
        row["income"] = label
    table = JointTable.from_rows(everyone, features=YES_NO_FEATURES + ["income"])  # 2^13 cells
    print(f"Twelve yes/no questions (the slide's two first), {table.n_records:,} people with")
    print(f"all twelve answers ({table.n_left_out:,} left out for an unknown occupation or country).")
    print("The cells of the k = 2 tables P(x | y = i), and how many no record fills:")
    print(f"  {'d':>3}  {'cells k 2^d':>11}  {'with records':>12}  {'empty':>6}  {'people per cell':>15}")
    empty = {"people": table.n_records}
    for d in range(1, len(YES_NO_FEATURES) + 1):
        marginal = table.marginal(YES_NO_FEATURES[:d] + ["income"])  # the cells of d features and the class
        empty[d] = marginal.empty_share
        print(f"  {d:>3}  {marginal.n_combinations:>11,}  {marginal.n_seen:>12,}  {decimal(marginal.empty_share):>6}"
              f"  {marginal.n_records / marginal.n_combinations:>15.1f}")
    return empty


def going_further_b_overfitting(train, test, limit, quick):
    """overfitting_table: the full joint and naive Bayes on the first d features, d = 1, 2, ..."""
    n_people = min(FEW_PEOPLE, limit) if limit else FEW_PEOPLE
    features = YES_NO_FEATURES[:QUICK_D] if quick else YES_NO_FEATURES
    train_rows = [yes_no_features(row) for row in train.rows[:n_people]]
    test_rows = [yes_no_features(row) for row in test.rows]
    start = time.perf_counter()
    table = overfitting_table(train_rows, train.labels[:n_people], test_rows, test.labels, features)
    seconds = time.perf_counter() - start
    print()
    print(f"Overfitting: both classifiers (alpha = 1) on the first d questions, trained on the first "
          f"{n_people:,} people")
    print(f"of adult.data, tested on all {len(test.rows):,} of adult.test (overfitting_table, {seconds:.1f} s):")
    print(f"  {'d':>3}  {'joint params':>12}  {'naive':>5}  {'empty':>6}  {'unseen':>6}  {'joint train':>11}"
          f"  {'joint test':>10}  {'naive train':>11}  {'naive test':>10}")
    for row in table:
        cells = [row[key] for key in ("empty_cells", "unseen_test_rows", "joint_train", "joint_test",
                                      "naive_train", "naive_test")]
        widths = (6, 6, 11, 10, 11, 10)
        shown = "  ".join(f"{decimal(value):>{width}}" for value, width in zip(cells, widths))
        print(f"  {row['d']:>3}  {row['joint_parameters']:>12,}  {row['naive_parameters']:>5}  {shown}")
    best = max(table, key=lambda row: (row["joint_test"], -row["d"]))
    last = table[-1]
    print("'unseen': the share of test people whose combination no training person had; with the")
    print(f"slide's unsmoothed table their P(x | y = i) = 0 for every class i ({decimal(last['unseen_test_rows'])} "
          f"at d = {last['d']}).")
    print(f"The joint's test accuracy peaks at d = {best['d']} ({decimal(best['joint_test'])}) and is "
          f"{decimal(last['joint_test'])} at d = {last['d']}; naive Bayes ends at {decimal(last['naive_test'])}.")
    if last["joint_test"] < best["joint_test"] and last["joint_test"] < last["naive_test"]:
        print("The slide's overfitting: once the cells run out of people, every feature added costs the joint.")
    return table, n_people


if __name__ == "__main__":
    if census:
        going_further_b_empty_cells(*census)
        going_further_b_overfitting(*census, arguments.limit, arguments.quick)

# %% [markdown]
# ### C. Which census features break the naive assumption

# %%

def going_further_c_census_independence(train, joint):
    """Census pairs with I(A; B) != I(A; B | income), and the slide's own three attributes."""
    heading("Going further C. Which census features break the naive assumption")
    found = {}
    rows = [yes_no_features(row) for row in train.rows]
    features = ["sex", LONG_HOURS, "capital-gain > 0", "capital-loss > 0"]
    pairs = independence_table(rows, train.labels, features=features)  # every pair, largest I(A; B | income) first
    print(f"On the {len(rows):,} people of adult.data, with income as the class (independence_table):")
    print(f"  {'A':22} {'B':22} {'I(A; B)':>8}  {'I(A; B | income)':>16}")
    for row in pairs:
        print(f"  {row['feature_a']:22} {row['feature_b']:22} {row['mutual_information']:>8.4f}  "
              f"{row['conditional_mutual_information']:>16.4f}")
    found["pairs"] = {(row["feature_a"], row["feature_b"]): row for row in pairs}
    hours_gain = found["pairs"][(LONG_HOURS, "capital-gain > 0")]
    gain_loss = found["pairs"][("capital-gain > 0", "capital-loss > 0")]
    print(f"Long hours and capital gains are dependent ({hours_gain['mutual_information']:.4f}) but nearly "
          f"independent given income ({hours_gain['conditional_mutual_information']:.4f}):")
    print("both go with a high income.  Gains and losses go the other way: nobody has both, and within an")
    print(f"income class that says more ({gain_loss['conditional_mutual_information']:.4f} against "
          f"{gain_loss['mutual_information']:.4f}).  Naive Bayes assumes every I(A; B | income) is 0.")
    found["slide_mi"] = slide_attributes(joint)
    return found


def slide_attributes(joint):
    """I(sex; long hours) with and without income, from step 3's table of all 48,842 records."""
    sex_hours = joint.marginal(["sex", LONG_HOURS]).counts
    by_income = pairs_by_first(joint, "income", "sex", LONG_HOURS)
    mi, cmi = mutual_information(sex_hours), conditional_mutual_information(by_income)
    print(f"The slide's own three attributes (step 3's table): I(sex; {LONG_HOURS}) = {mi:.6f},")
    print(f"I(sex; {LONG_HOURS} | income) = {cmi:.6f}: income explains part of the dependence, not all.")
    return mi, cmi


if __name__ == "__main__":
    if census:
        going_further_c_census_independence(census[0], joint)

# %% [markdown]
# ### D. Continuous features in detail

# %%

def going_further_d_continuous(train, test, limit, results):
    """How far from Gaussian each number is, how many bins, one number at a time, and capital-gain."""
    heading("Going further D. Continuous features: discretized or Gaussian, in detail")
    train_rows, train_labels = train.rows[:limit], train.labels[:limit]  # [:None] keeps them all
    n_test = len(test.rows)
    names = CATEGORICAL + NUMBERS
    train_x, test_x = columns(train_rows, names), columns(test.rows, names)
    print("How far from Gaussian each number is (adult.data):")
    for feature in NUMBERS:
        values = [row[feature] for row in train_rows]
        mode = max(set(values), key=values.count)
        print(f"  {feature:15} skewness {skewness(values):6.2f}; its most common value, {mode}, is "
              f"{values.count(mode) / len(values):.1%} of the people")
    gaussian = results["gaussian_predictions"]  # step 7's model, the numbers guessed Gaussian
    print()
    print(f"+ the three numbers, each a Gaussian per class (MixedNB, step 7):   {decimal(results['gaussian'])}")
    for n_bins in ALL_BINS:
        discretizer = Discretizer(n_bins=n_bins, features=NUMBERS).fit(train_x)  # equal-width bins
        score = test_accuracy(CategoricalNB(categories=discretizer.categories_), discretized(discretizer, train_x),
                              train_labels, discretized(discretizer, test_x), test.labels)
        results["all_binned"][n_bins] = score
        print(f"+ the three discretized into {n_bins:2} equal-width bins (CategoricalNB):   {decimal(score)}")
    print(f"One number at a time in {ONE_AT_A_TIME_BINS} equal-width bins, the other two Gaussian (MixedNB):")
    results["one_binned"], binned = {}, {}
    for feature in NUMBERS:
        discretizer = Discretizer(n_bins=ONE_AT_A_TIME_BINS, features=[feature]).fit(train_x)
        model = MixedNB(categories=discretizer.categories_)  # the binned feature categorical, the others Gaussian
        model.fit(discretized(discretizer, train_x), train_labels)
        binned[feature] = model.predict(discretized(discretizer, test_x))
        score = Fraction(right(binned[feature], test.labels), n_test)
        results["one_binned"][feature] = score
        change = (float(score) - float(results["gaussian"])) * 100
        print(f"  {feature:15} discretized: {decimal(score)}   ({change:+.2f} points against all Gaussian)")

    # Where capital-gain's bins win and where they lose: the people with a gain, and those without.
    print("capital-gain as a Gaussian or in 20 bins, split by whether the test person has a gain:")
    print(f"  {'':16} {'people':>7}  {'right: Gaussian':>15}  {'bins':>6}  {'predicted >50K: Gaussian':>24}"
          f"  {'bins':>5}  {'truly >50K':>10}")
    results["split"] = {}
    for group in ("no gain", "a gain"):
        people = [i for i, row in enumerate(test.rows) if (row["capital-gain"] > 0) == (group == "a gain")]
        counts = (len(people), right(gaussian, test.labels, people), right(binned["capital-gain"], test.labels, people),
                  sum(gaussian[i] == ">50K" for i in people), sum(binned["capital-gain"][i] == ">50K" for i in people),
                  sum(test.labels[i] == ">50K" for i in people))
        results["split"][group] = counts
        print(f"  {group:16} {counts[0]:>7,}  {counts[1]:>15,}  {counts[2]:>6,}  {counts[3]:>24,}  {counts[4]:>5,}"
              f"  {counts[5]:>10,}")
    fitted = MixedNB().fit(columns(train_rows, ["capital-gain"]), train_labels)
    at_zero = fitted.likelihood("capital-gain", 0, "<=50K") / fitted.likelihood("capital-gain", 0, ">50K")
    zeros = {label: sum(row["capital-gain"] == 0 for row, y in zip(train_rows, train_labels) if y == label)
             / train_labels.count(label) for label in (">50K", "<=50K")}
    results["ratio_at_zero"] = (at_zero, zeros["<=50K"] / zeros[">50K"])
    print(f"At a gain of 0 the two Gaussians' densities differ by a factor of {at_zero:.1f} in favour of <=50K,")
    print(f"where the data says {zeros['<=50K']:.3f} / {zeros['>50K']:.3f} = {zeros['<=50K'] / zeros['>50K']:.2f} "
          "(the share of each class with no gain).")
    explain_capital_gain(results["split"])

    # The "Choosing a distribution" docs page keeps capital-loss too; so does this last comparison.
    with_loss = names + ["capital-loss"]
    train_l, test_l = columns(train_rows, with_loss), columns(test.rows, with_loss)
    as_gaussians = test_accuracy(MixedNB(), train_l, train_labels, test_l, test.labels)
    as_categories = test_accuracy(MixedNB(distributions={"capital-gain": "categorical", "capital-loss": "categorical"}),
                                  train_l, train_labels, test_l, test.labels)
    results["with_loss"] = (as_gaussians, as_categories)
    print(f"With capital-loss added, as on the \"Choosing a distribution\" docs page: both capital features")
    print(f"Gaussian {decimal(as_gaussians)}, each amount of both a category of its own {decimal(as_categories)}.")
    print()
    print(what_the_data_says(results))
    return results


def explain_capital_gain(split):
    """Say, from the split table, where capital-gain's bins win and where they lose."""
    n, gaussian_right, bins_right, gaussian_rich, bins_rich, truly_rich = split["a gain"]
    better = "the bins do" if bins_right > gaussian_right else "the Gaussian does"
    print(f"Among the {n:,} test people with a gain, {better} better ({bins_right:,} right in bins, "
          f"{gaussian_right:,} as a Gaussian).")
    n, gaussian_right, bins_right, gaussian_rich, bins_rich, truly_rich = split["no gain"]
    print(f"Among the {n:,} without, the model with bins calls {bins_rich:,} of them >50K and the Gaussian "
          f"{gaussian_rich:,}, where {truly_rich:,} are;")
    print(f"{'the Gaussian gets' if gaussian_right > bins_right else 'the bins get'} more of them right "
          f"({gaussian_right:,} against {bins_right:,}).")


def what_the_data_says(results):
    """The slide's remark against this run's numbers, in a sentence or two, whichever way they went."""
    gaussian = results["gaussian"]
    helped = [f for f, score in results["one_binned"].items() if score > gaussian]
    hurt = [f for f, score in results["one_binned"].items() if score < gaussian]
    all_binned = results["all_binned"]
    below = all(score < gaussian for score in all_binned.values())
    lines = [f"What the data says: one at a time in {ONE_AT_A_TIME_BINS} bins, discretizing helped "
             f"{' and '.join(helped) or 'no feature'} and hurt {' and '.join(hurt) or 'no feature'};",
             f"all three in bins scored {'below' if below else 'against'} the Gaussians ({decimal(gaussian)}) with "
             + ", ".join(f"{n_bins} bins {decimal(score)}" for n_bins, score in all_binned.items()) + "."]
    gain = results["split"]
    if "capital-gain" in hurt and gain["a gain"][2] > gain["a gain"][1] and gain["no gain"][1] > gain["no gain"][2]:
        lines.append("capital-gain, the least Gaussian, is better in bins where it has something to say (the people")
        lines.append("with a gain), but its Gaussian's exaggerated evidence at 0 pushes the people without a gain to")
        lines.append("<=50K, and that happens to correct the other features, which with the bins call too many of")
        lines.append("them >50K.  On this data the slide's remark does not hold for the feature it is about.")
    elif "capital-gain" in helped:
        lines.append("capital-gain, the least Gaussian, is better in bins, as the slide says.")
    return "\n".join(lines)


if __name__ == "__main__":
    if census:
        going_further_d_continuous(*census, arguments.limit, found["features"])

# %% [markdown]
# ### E. Ignoring an unseen word instead of smoothing it

# %%

def going_further_e_ignore(spam, laplace_posterior):
    """The other rule for a word that training never saw: leave it out."""
    heading("Going further E. Ignoring an unseen word instead of smoothing it")
    bag = spam["bag"]
    # The other rule: leave a word out when training never saw it (the library's default for new words).
    ignoring = spam["smoothed"]  # the dictionary of step 6, without the new word
    tokens = {token: 1 for token in bag.tokenizer(NEW_MESSAGE)}  # every word of the email, new ones too
    explanation = ignoring.explain(tokens)
    ignored = ignoring.posterior(tokens)["spam"]
    print(f"  ignore rule: the word is not in the dictionary, so it is left out (explain lists it as "
          f"{list(explanation.ignored)}):")
    print(f"  P(y = spam | x) = {decimal(ignored)}")
    print(f"  (smoothed, step 9: {decimal(laplace_posterior)})")
    print("Two rules for a word that training never saw.  Smoothing gives it a probability in every")
    print("class, (0 + 1)/(N_y + 2); that is not neutral: the word swaps the factor (N_y + 1)/(N_y + 2) of")
    print("an absent word for 1/(N_y + 2), a factor 1/(N_y + 1) that favours the class with fewer training")
    counts = ignoring.class_counts_
    smaller, larger = sorted(ignoring.classes_, key=counts.__getitem__)
    if counts[smaller] == counts[larger]:
        print(f"messages (here both classes have {counts[smaller]}, so it favours neither), "
              "and every other email now carries the absent factor too.")
    else:
        print(f"messages ({smaller}, {counts[smaller]} against {counts[larger]}), "
              "and every other email now carries the absent factor too.")
    print("Ignoring it, as this library does for a word outside the dictionary (the from-scratch blog's")
    print("rule), leaves P(y | x) exactly what the known words say: a word with no evidence adds none.")
    print("Both avoid the 0/0; smoothing also removes the zeros of known words that one class never used.")
    return ignored


if __name__ == "__main__":
    going_further_e_ignore(found["spam"], found["laplace"]["laplace_posterior"])
