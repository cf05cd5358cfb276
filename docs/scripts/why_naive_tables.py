# why_naive_tables.py: every table of the "Why naive" page, computed from the UCI Adult census
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for the lecture companion

from lectures.lecture_7_naive_bayes import LONG_HOURS, yes_no_features
from naivebayes.datasets import load_adult
from naivebayes.inspect.independence import (
    conditional_mutual_information,
    format_independence_table,
    independence_table,
    mutual_information,
)
from naivebayes.inspect.overfitting import format_overfitting_table, overfitting_table
from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.other_models.joint import JointBayesClassifier, JointTable

PATH = None  # a folder that holds adult.data and adult.test; None downloads them once
train = load_adult("train", path=PATH)
test = load_adult("test", path=PATH)
everyone = train.rows + test.rows  # all 48,842 people, as load_adult("all") gives them
everyone_labels = train.labels + test.labels


# 1. The lecture's joint: sex x (hours-per-week > 40.5) x income, learned from every record.
records = [
    {"sex": row["sex"], LONG_HOURS: row["hours-per-week"] > 40.5, "income": label}
    for row, label in zip(everyone, everyone_labels)
]
joint = JointTable.from_rows(records)
print(joint.to_markdown())
print()
print("| query | records matching | out of | probability |")
print("|---|---:|---:|---:|")
def said(assignment):
    """{"sex": "Male", LONG_HOURS: True} as "sex = Male, hours-per-week > 40.5"."""
    return ", ".join(feature if value is True else f"{feature} = {value}" for feature, value in assignment.items())


queries = [  # (what is asked, given what), as {feature: value} dicts
    ({"income": ">50K"}, {}),
    ({"sex": "Male"}, {}),
    ({"income": ">50K"}, {"sex": "Female"}),
    ({"income": ">50K"}, {"sex": "Male"}),
    ({"income": ">50K"}, {"sex": "Male", LONG_HOURS: True}),
    ({LONG_HOURS: True}, {"sex": "Female"}),
    ({LONG_HOURS: True}, {"sex": "Male"}),
]
for asked, given in queries:
    p = joint.conditional(asked, given=given) if given else joint.probability(asked)
    n_both = int(joint.probability({**given, **asked}) * joint.n_records)  # records matching both
    n_given = int(joint.probability(given) * joint.n_records)  # records matching what is given
    assert p * n_given == n_both  # the same number, exactly
    name = said(asked) + (" \\| " + said(given) if given else "")
    print(f"| P({name}) | {n_both:,} | {n_given:,} | {float(p):.6f} |")
print()
by_income = {}  # {income: {(sex, long hours): n}}
for (sex, long_hours, income), n in joint.counts.items():
    by_income.setdefault(income, {})[(sex, long_hours)] = n
sex_and_hours = joint.marginal(["sex", LONG_HOURS]).counts
print("| the lecture's table | value |")
print("|---|---:|")
print(f"| records | {joint.n_records:,} |")
print(f"| combinations, free parameters | {joint.n_combinations}, {joint.n_parameters} |")
print(f"| I(sex; {LONG_HOURS}) in nats | {mutual_information(sex_and_hours):.6f} |")
print(f"| I(sex; {LONG_HOURS} \\| income) in nats | {conditional_mutual_information(by_income):.6f} |")
print()


# 2. Which pairs break the naive assumption: I(A; B | income) on the training people.
def census_features(row):
    """The eight categorical features, education-num, age in decades, and three yes/no numbers."""
    features = {name: row[name] for name in (
        "workclass", "education", "education-num", "marital-status", "occupation",
        "relationship", "race", "sex", "native-country")}
    features["age (decade)"] = min(row["age"] // 10 * 10, 70)  # 10 for 17-19, ..., 70 for 70 and over
    features[LONG_HOURS] = row["hours-per-week"] > 40.5
    features["capital-gain > 0"] = row["capital-gain"] > 0
    features["capital-loss > 0"] = row["capital-loss"] > 0
    return features


pairs = independence_table([census_features(row) for row in train.rows], train.labels)
print(format_independence_table(pairs, n=12))
print()
print("| pair | I(A; B) | I(A; B \\| class) | I(A; B) / I(A; B \\| class) |")
print("|---|---:|---:|---:|")
dependent = [row for row in pairs if row["mutual_information"] > 0.002]
explained = max(dependent, key=lambda row: row["mutual_information"] / row["conditional_mutual_information"])
created = max(dependent, key=lambda row: row["conditional_mutual_information"] / row["mutual_information"])
for row in (explained, created):
    mi, cmi = row["mutual_information"], row["conditional_mutual_information"]
    print(f"| {row['feature_a']}, {row['feature_b']} | {mi:.4f} | {cmi:.4f} | {mi / cmi:.2f} |")
print()

# 3. Counting education twice: CategoricalNB with education alone, and with education-num too.
CATEGORICAL = ["workclass", "education", "marital-status", "occupation", "relationship", "race", "sex",
               "native-country"]


def columns(rows, names):
    return [{name: row[name] for name in names} for row in rows]


models = {
    "education": CATEGORICAL,
    "education and education-num": CATEGORICAL + ["education-num"],
}
probabilities, fitted = {}, {}
for name, names in models.items():
    fitted[name] = CategoricalNB().fit(columns(train.rows, names), train.labels)
    probabilities[name] = [p[">50K"] for p in fitted[name].predict_proba(columns(test.rows, names))]
both = fitted["education and education-num"]
codes = {(row["education"], row["education-num"]) for row in train.rows}  # 16 degrees, 16 codes
same = all(both.likelihood("education", degree, c) == both.likelihood("education-num", code, c)
           for degree, code in codes for c in both.classes_)
print("| education and education-num | |")
print("|---|---:|")
print(f"| (degree, code) pairs in the training rows | {len(codes)} |")
print(f"| P(education = degree \\| c) = P(education-num = code \\| c) for every pair and class | {same} |")
print()
rich = [label == ">50K" for label in test.labels]
n = len(rich)
print("| features | test accuracy | log loss | Brier score | P(>50K) below 0.1 or above 0.9 |")
print("|---|---:|---:|---:|---:|")
for name, predicted in probabilities.items():
    accuracy = sum((p > 0.5) == y for p, y in zip(predicted, rich)) / n
    log_loss = -sum(math.log(p if y else 1 - p) for p, y in zip(predicted, rich)) / n
    brier = sum((p - y) ** 2 for p, y in zip(predicted, rich)) / n
    extreme = sum(1 for p in predicted if p < 0.1 or p > 0.9) / n
    print(f"| {name} | {accuracy:.4f} | {log_loss:.4f} | {brier:.4f} | {extreme:.4f} |")
print()
print("| predicted P(>50K) | people | mean predicted | share >50K | people | mean predicted | share >50K |")
print("|---|---:|---:|---:|---:|---:|---:|")
for b in range(10):
    cells = [f"{b / 10:.1f} to {(b + 1) / 10:.1f}"]
    for predicted in probabilities.values():
        in_bin = [(p, y) for p, y in zip(predicted, rich) if min(int(p * 10), 9) == b]
        mean = sum(p for p, _ in in_bin) / len(in_bin)
        share = sum(y for _, y in in_bin) / len(in_bin)
        cells += [f"{len(in_bin):,}", f"{mean:.3f}", f"{share:.3f}"]
    print("| " + " | ".join(cells) + " |")
print()
print("| test person | education | income | log-likelihood ratio of the degree | P(>50K), education | P(>50K), both |")
print("|---:|---|---|---:|---:|---:|")
for degree in ("Doctorate", "Masters", "Bachelors", "HS-grad", "11th"):
    i = next(i for i, row in enumerate(test.rows) if row["education"] == degree)
    evidence = both.log_likelihood("education", degree, ">50K") - both.log_likelihood("education", degree, "<=50K")
    cells = [str(i), degree, test.labels[i], f"{evidence:+.4f}"]
    cells += [f"{predicted[i]:.4f}" for predicted in probabilities.values()]
    print("| " + " | ".join(cells) + " |")
print()


# 4. Overfitting: the full joint and naive Bayes on the first d of twelve yes/no features.
# The twelve questions are the Lecture #7 companion's own (lectures/lecture_7_naive_bayes.py),
# so that this page and the companion ask the census exactly the same things.



train_rows = [yes_no_features(row) for row in train.rows]
test_rows = [yes_no_features(row) for row in test.rows]
features = list(train_rows[0])
print(format_overfitting_table(overfitting_table(train_rows, train.labels, test_rows, test.labels, features)))
print()
few = 1000  # the first thousand people of adult.data
fewer = overfitting_table(train_rows[:few], train.labels[:few], test_rows, test.labels, features)
print(format_overfitting_table(fewer))
print()
counted = JointBayesClassifier().fit(train_rows[:few], train.labels[:few])
print(f"| the first {few:,} people | " + " | ".join(counted.classes_) + " |")
print("|---|---:|---:|")
print("| people | " + " | ".join(f"{counted.class_counts_[c]:,}" for c in counted.classes_) + " |")
print("| with all twelve values, m_c | " + " | ".join(f"{counted.complete_counts_[c]:,}" for c in counted.classes_) + " |")
print()

# 5. The lecture's zero on the census: alpha = 0 and all twelve features.
unsmoothed = JointBayesClassifier(alpha=0).fit(train_rows, train.labels)
complete = [i for i, row in enumerate(test_rows) if None not in row.values()]
unseen = [i for i in complete if tuple(test_rows[i].values()) not in unsmoothed.cell_lookups_]
print("| alpha = 0, twelve features | people |")
print("|---|---:|")
print(f"| test people with all twelve values | {len(complete):,} |")
print(f"| ... whose combination no training person had | {len(unseen):,} |")
