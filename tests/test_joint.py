"""The full joint table and the Bayes classifier built on it, checked on tables worked by hand.

The lecture's truth table (Lecture #7: Naive Bayes, "The Joint Distribution")
has the probabilities 0.30, 0.05, 0.10, 0.05, 0.05, 0.10, 0.25, 0.10 for the
rows 000, 001, ..., 111 of three Boolean variables A, B, C.  Twenty records
reproduce it exactly: 6, 1, 2, 1, 1, 2, 5, 2 records per row.  By hand:

    P(A=1)        = (1 + 2 + 5 + 2) / 20 = 10/20 = 1/2
    P(A=1, B=1)   = (5 + 2) / 20 = 7/20
    P(B=1)        = (2 + 1 + 5 + 2) / 20 = 1/2
    P(A=1 | B=1)  = (7/20) / (1/2) = 7/10
    P(C=1)        = (1 + 1 + 2 + 2) / 20 = 3/10
    P(C=1 | A=0, B=0) = 1 / (6 + 1) = 1/7
    free parameters: 2^3 - 1 = 7

The classifier's table, D (two binary features a, b; 4 "no" rows, 3 "yes"):

    class  rows                          cells seen          m_c
    no     (0,0) (0,0) (0,0) (0,1)       (0,0):3  (0,1):1    4
    yes    (0,1) (1,0) (1,0)             (0,1):1  (1,0):2    3

K = 2 * 2 = 4 combinations; (1,1) occurs in no class.  Priors 4/7 and 3/7.

alpha = 0, P(x | c) = n_xc / m_c:
    (0,0): no 3/4, yes 0        -> P(no | x) = 1
    (0,1): no 1/4, yes 1/3      -> joints 4/7 * 1/4 = 1/7 and 3/7 * 1/3 = 1/7 -> 1/2 each
    (1,1): 0 for both           -> 0/0: ZeroProbabilityError
alpha = 1, P(x | c) = (n_xc + 1) / (m_c + 4):
    (0,0): no 4/8, yes 1/7      -> joints 2/7 and 3/49 -> P(no | x) = (14/49) / (17/49) = 14/17
    (1,1): no 1/8, yes 1/7      -> joints 1/14 and 3/49 -> P(no | x) = (7/98) / (13/98) = 7/13
An unseen combination gets P(c | x) proportional to m_c / (m_c + alpha K):
1/2 and 3/7, normalised 7/13 and 6/13: between the uniform 1/2 and the prior 4/7.
"""

import copy
import itertools
import math
import random
import sys
from fractions import Fraction

import pytest

from naivebayes.core.bayes import ZeroProbabilityError
from naivebayes.plumbing.checks import NotFittedError
from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.other_models.joint import (
    JointBayesClassifier,
    JointTable,
    cell_probability,
    conditional_probability,
    empty_cell_share,
    joint_likelihood,
    joint_table_log_likelihood,
    joint_parameter_count,
    matching_records,
    naive_parameter_count,
)
from test_debugger_walk import in_package  # (the package by its folder, not by a name the checkout may share)

LECTURE_COUNTS = {
    (0, 0, 0): 6, (0, 0, 1): 1, (0, 1, 0): 2, (0, 1, 1): 1,
    (1, 0, 0): 1, (1, 0, 1): 2, (1, 1, 0): 5, (1, 1, 1): 2,
}  # fmt: skip
LECTURE_PROBABILITIES = [0.30, 0.05, 0.10, 0.05, 0.05, 0.10, 0.25, 0.10]


def lecture_records():
    """The twenty records, as dict rows, in truth-table order."""
    return [
        {"A": a, "B": b, "C": c}
        for (a, b, c), n in LECTURE_COUNTS.items()
        for _ in range(n)
    ]


D_ROWS = [{"a": 0, "b": 0}] * 3 + [{"a": 0, "b": 1}] + [{"a": 0, "b": 1}] + [{"a": 1, "b": 0}] * 2
D_LABELS = ["no"] * 4 + ["yes"] * 3


# ---------------------------------------------------------------------------
# The joint table
# ---------------------------------------------------------------------------


def test_eq_joint_cell_is_records_matching_over_total():
    assert cell_probability(6, 20) == Fraction(3, 10)
    table = JointTable.from_rows(lecture_records())
    assert [p for _, p in table.truth_table()] == [Fraction(n, 20) for n in LECTURE_COUNTS.values()]
    assert [float(p) for _, p in table.truth_table()] == LECTURE_PROBABILITIES


def test_eq_joint_marginal_sums_the_matching_rows():
    counts = {(0, 0): 3, (0, 1): 1, (1, 1): 4}
    assert matching_records(counts, {1: 1}) == 5  # (0,1) and (1,1)
    assert matching_records(counts, {0: 0, 1: 1}) == 1
    assert matching_records(counts, {}) == 8
    table = JointTable.from_rows(lecture_records())
    assert table.probability({"A": 1}) == Fraction(1, 2)
    assert table.probability({"A": 1, "B": 1}) == Fraction(7, 20)
    assert table.probability({"C": 1}) == Fraction(3, 10)
    assert table.probability({}) == 1


def test_eq_joint_conditional_divides_two_marginals():
    assert conditional_probability(Fraction(7, 20), Fraction(1, 2)) == Fraction(7, 10)
    table = JointTable.from_rows(lecture_records())
    assert table.conditional({"A": 1}, given={"B": 1}) == Fraction(7, 10)
    assert table.conditional({"C": 1}, given={"A": 0, "B": 0}) == Fraction(1, 7)
    assert table.conditional({"A": 1}, given={"A": 0}) == 0  # contradicts what is given
    assert table.conditional({"A": 1}, given={"A": 1}) == 1


def test_eq_joint_parameters_by_hand():
    assert joint_parameter_count([2, 2, 2]) == 7  # 2^3 - 1
    assert joint_parameter_count([2, 2, 2], n_classes=2) == 14  # k (2^d - 1)
    assert joint_parameter_count([2, 3, 4], n_classes=2) == 46  # 2 (24 - 1)
    assert [joint_parameter_count([2] * d, 2) for d in range(1, 6)] == [2, 6, 14, 30, 62]
    assert JointTable.from_rows(lecture_records()).n_parameters == 7


def test_eq_naive_parameters_by_hand():
    assert naive_parameter_count([2, 2, 2], n_classes=2) == 6  # k d
    assert naive_parameter_count([2, 3, 4], n_classes=2) == 12  # 2 (1 + 2 + 3)
    assert [naive_parameter_count([2] * d, 2) for d in range(1, 6)] == [2, 4, 6, 8, 10]
    # with one binary feature the two models are the same model
    assert joint_parameter_count([2], 3) == naive_parameter_count([2], 3) == 3


def test_eq_empty_cells_by_hand():
    assert empty_cell_share(7, 8) == Fraction(1, 8)
    assert empty_cell_share(8, 8) == 0
    records = lecture_records()
    records.remove({"A": 0, "B": 1, "C": 1})  # the one record of row 011
    table = JointTable.from_rows(records)
    assert (table.n_records, table.n_combinations, table.n_seen) == (19, 8, 7)
    assert table.empty_share == Fraction(1, 8)
    assert table.probability({"A": 0, "B": 1, "C": 1}) == 0
    assert JointTable.from_rows(lecture_records()).empty_share == 0


def test_the_table_prints_like_the_lecture():
    table = JointTable.from_rows(lecture_records())
    assert str(table) == table.to_text()
    assert table.to_text().splitlines() == [
        "A  B  C      Prob",
        "-  -  -  --------",
        "0  0  0  0.300000",
        "0  0  1  0.050000",
        "0  1  0  0.100000",
        "0  1  1  0.050000",
        "1  0  0  0.050000",
        "1  0  1  0.100000",
        "1  1  0  0.250000",
        "1  1  1  0.100000",
    ]
    markdown = table.to_markdown().splitlines()
    assert markdown[:3] == ["| A | B | C | Prob |", "|---|---|---|---:|", "| 0 | 0 | 0 | 0.300000 |"]
    assert len(markdown) == 10
    assert table.to_text(digits=2).splitlines()[2] == "0  0  0  0.30"
    assert repr(table) == str(table)  # the REPL shows the table too
    assert "<table" in table._repr_html_() and ">0.300000</td>" in table._repr_html_()


def test_a_table_of_exact_probabilities_is_a_table_too():
    probabilities = {cell: Fraction(n, 20) for cell, n in LECTURE_COUNTS.items()}
    table = JointTable(["A", "B", "C"], probabilities)
    assert table.n_records == 1
    assert table.conditional({"A": 1}, given={"B": 1}) == Fraction(7, 10)
    assert table.to_text() == JointTable.from_rows(lecture_records()).to_text()


def test_marginal_table_sums_out_the_other_features():
    table = JointTable.from_rows(lecture_records())
    ab = table.marginal(["A", "B"])
    assert ab.features == ["A", "B"]
    assert ab.counts == {(0, 0): 7, (0, 1): 3, (1, 0): 3, (1, 1): 7}
    assert ab.probability({"A": 1, "B": 1}) == table.probability({"A": 1, "B": 1})
    assert table.marginal(["C", "A"]).counts[(1, 0)] == 2  # C=1, A=0: rows 001 and 011


def test_rows_with_a_missing_value_are_left_out_and_counted():
    rows = lecture_records() + [{"A": 1, "B": None, "C": 0}, {"A": 0, "C": 1}, {"A": float("nan"), "B": 1, "C": 1}]
    table = JointTable.from_rows(rows)
    assert (table.n_records, table.n_left_out) == (20, 3)
    assert table.to_text() == JointTable.from_rows(lecture_records()).to_text()
    assert "3 left out" in table._summary()
    # a row missing only a feature the table does not use still counts
    only_a = JointTable.from_rows(rows, features=["A"])
    assert (only_a.n_records, only_a.n_left_out) == (22, 1)


def test_categories_can_name_values_no_record_has():
    table = JointTable.from_rows([{"x": "a"}, {"x": "a"}, {"x": "b"}], categories={"x": ["a", "b", "c"]})
    assert table.n_combinations == 3 and table.n_parameters == 2
    assert table.empty_share == Fraction(1, 3)
    assert [p for _, p in table.truth_table()] == [Fraction(2, 3), Fraction(1, 3), 0]


def test_table_errors_are_clear():
    table = JointTable.from_rows(lecture_records())
    with pytest.raises(KeyError, match="'D' is not a feature"):
        table.probability({"D": 1})
    with pytest.raises(KeyError, match="never has the value 2"):
        table.probability({"A": 2})
    with pytest.raises(ValueError, match="0/0"):
        JointTable(["A", "C"], {(0, 0): 3, (1, 0): 1}, categories={"A": [0, 1], "C": [0, 1]}).conditional(
            {"A": 0}, given={"C": 1}
        )
    with pytest.raises(ValueError, match="rows is empty"):
        JointTable.from_rows([])
    with pytest.raises(ValueError, match="every row has a missing value"):
        JointTable.from_rows([{"A": 1, "B": None}], features=["A", "B"])
    with pytest.raises(TypeError, match="whole numbers or Fractions"):
        JointTable(["A"], {(0,): 0.5, (1,): 0.5})
    with pytest.raises(ValueError, match="2 values"):
        JointTable(["A"], {(0, 1): 3})
    with pytest.raises(ValueError, match="twice"):
        JointTable(["A", "A"], {(0, 1): 3})
    with pytest.raises(TypeError, match="cannot be a category"):
        JointTable.from_rows([{"A": [1, 2]}])
    with pytest.raises(ValueError, match="more than 4096 rows"):
        JointTable.from_rows([{f"x{j}": i % 2 for j in range(13)} for i in range(4)]).to_text()


# ---------------------------------------------------------------------------
# The classifier, on D
# ---------------------------------------------------------------------------


def test_eq_joint_lidstone_on_the_table_d():
    assert joint_likelihood(3, 4, 0, 4) == Fraction(3, 4)
    assert joint_likelihood(3, 4, 1, 4) == Fraction(1, 2)  # (3 + 1) / (4 + 4)
    assert joint_likelihood(0, 3, 1, 4) == Fraction(1, 7)
    # a value missing from x: the counts of both cells it could be, and alpha for each of them
    assert joint_likelihood(4, 4, 1, 4, n_completions=2) == Fraction(6, 8)
    model = JointBayesClassifier(alpha=1).fit(D_ROWS, D_LABELS)
    assert model.likelihood_of({"a": 0, "b": 0}, "no") == Fraction(1, 2)
    assert model.likelihood_of({"a": 0, "b": 0}, "yes") == Fraction(1, 7)


def test_eq_joint_log_likelihood_on_the_table_d():
    assert joint_table_log_likelihood(3, 4, 1, 4) == pytest.approx(math.log(4) - math.log(8))
    assert joint_table_log_likelihood(0, 4, 0, 4) == -math.inf
    assert joint_table_log_likelihood(4, 4, 1, 4, n_completions=2) == pytest.approx(math.log(6 / 8))
    model = JointBayesClassifier(alpha=1).fit(D_ROWS, D_LABELS)
    assert model.joint_log_likelihood({"a": 0, "b": 0}) == pytest.approx(
        {"no": math.log(4 / 7 * 1 / 2), "yes": math.log(3 / 7 * 1 / 7)}
    )


def test_posteriors_without_smoothing_by_hand():
    model = JointBayesClassifier(alpha=0).fit(D_ROWS, D_LABELS)
    assert model.prior("no") == Fraction(4, 7)
    assert model.posterior({"a": 0, "b": 0}) == {"no": 1, "yes": 0}
    assert model.posterior({"a": 0, "b": 1}) == {"no": Fraction(1, 2), "yes": Fraction(1, 2)}
    assert model.joint_probability({"a": 0, "b": 1}) == {"no": Fraction(1, 7), "yes": Fraction(1, 7)}
    assert model.predict([{"a": 0, "b": 0}, {"a": 1, "b": 0}]) == ["no", "yes"]


def test_an_unseen_combination_without_smoothing_is_the_lectures_zero():
    model = JointBayesClassifier(alpha=0).fit(D_ROWS, D_LABELS)
    unseen = {"a": 1, "b": 1}
    for call in (
        lambda: model.predict([{"a": 0, "b": 0}, unseen]),
        lambda: model.predict_proba([{"a": 0, "b": 0}, unseen]),
        lambda: model.predict_log_proba([{"a": 0, "b": 0}, unseen]),
    ):
        with pytest.raises(ZeroProbabilityError, match=r"X\[1\]: .*never occurred.*Mahalanobis"):
            call()
    with pytest.raises(ZeroProbabilityError, match="never occurred.*alpha > 0"):
        model.posterior(unseen)
    explanation = model.explain(unseen)
    assert explanation.prediction is None
    assert explanation.terms[0].likelihood == {"no": 0, "yes": 0}
    # naive Bayes, unsmoothed, needs each value to have been seen, not each combination
    naive = CategoricalNB(alpha=0).fit(D_ROWS, D_LABELS)
    assert naive.posterior(unseen) == {"no": 0, "yes": 1}


def test_posteriors_with_smoothing_by_hand():
    model = JointBayesClassifier(alpha=1).fit(D_ROWS, D_LABELS)
    assert model.n_combinations_ == 4
    assert model.posterior({"a": 0, "b": 0}) == {"no": Fraction(14, 17), "yes": Fraction(3, 17)}
    unseen = model.posterior({"a": 1, "b": 1})
    assert unseen == {"no": Fraction(7, 13), "yes": Fraction(6, 13)}
    # m_c / (m_c + alpha K), normalised: between the uniform 1/2 and the prior 4/7
    share = {label: Fraction(m, m + 4) for label, m in model.complete_counts_.items()}
    assert unseen == {label: s / sum(share.values()) for label, s in share.items()}
    assert model.predict([{"a": 1, "b": 1}]) == ["no"]  # the most common class
    probabilities = model.predict_proba([{"a": 0, "b": 0}, {"a": 1, "b": 1}])
    assert probabilities[0]["no"] == pytest.approx(14 / 17) and probabilities[1]["no"] == pytest.approx(7 / 13)


def test_explain_has_one_row_for_the_whole_combination():
    model = JointBayesClassifier(alpha=1).fit(D_ROWS, D_LABELS)
    explanation = model.explain({"a": 0, "b": 0})
    assert len(explanation.terms) == 1
    term = explanation.terms[0]
    assert (term.step, term.feature, term.value) == ("combination", ("a", "b"), (0, 0))
    assert term.likelihood == {"no": Fraction(1, 2), "yes": Fraction(1, 7)}
    assert explanation.posterior["no"] == pytest.approx(14 / 17)
    text = str(explanation)
    assert text.splitlines()[0] == "joint Bayes classifier: 1 known combination"
    assert "combination" in text and "1/7" in text
    assert "| combination |" in explanation.to_markdown()


def test_tables_hold_the_counts():
    model = JointBayesClassifier(alpha=1).fit(D_ROWS, D_LABELS)
    assert model.cell_counts_ == {"no": {(0, 0): 3, (0, 1): 1}, "yes": {(0, 1): 1, (1, 0): 2}}
    assert model.complete_counts_ == {"no": 4, "yes": 3}
    assert model.n_parameters_ == 2 * (4 - 1)
    assert model.empty_share_ == Fraction(4, 8)  # 2 seen of 4 in each of the 2 classes
    assert model.categories_ == {"a": [0, 1], "b": [0, 1]}
    # the per-feature counts are the joint's marginals: what naive Bayes learns from the same rows
    assert model.value_counts_ == CategoricalNB().fit(D_ROWS, D_LABELS).value_counts_
    table = model.joint_table("no")
    assert table.counts == {(0, 0): 3, (0, 1): 1} and table.n_records == 4
    assert "cell_counts" not in repr(JointBayesClassifier()) and "not fitted" in repr(JointBayesClassifier())
    assert "cell_counts_['no']   2 cells, 4 rows  {(0, 0): 3, (0, 1): 1}" in repr(model)


# ---------------------------------------------------------------------------
# Joint and naive; missing and unseen values
# ---------------------------------------------------------------------------


def random_rows(seed, n_rows=40, n_features=3, missing=0.0):
    rng = random.Random(seed)
    rows, labels = [], []
    for i in range(n_rows):
        label = "abc"[i % 3] if i < 3 else rng.choice("abc")
        row = {f"x{j}": rng.choice(["lo", "mid", "hi"][: 2 + (j + "abc".index(label)) % 2]) for j in range(n_features)}
        if i >= 3:
            for feature in list(row):
                if rng.random() < missing:
                    row[feature] = None
        rows.append(row)
        labels.append(label)
    return rows, labels


@pytest.mark.parametrize("alpha", [0, 1, Fraction(1, 3)])
@pytest.mark.parametrize("seed", range(5))
def test_with_one_feature_joint_and_naive_bayes_are_the_same(seed, alpha):
    rows, labels = random_rows(seed, n_features=1)
    joint = JointBayesClassifier(alpha=alpha).fit(rows, labels)
    naive = CategoricalNB(alpha=alpha).fit(rows, labels)
    for value in joint.categories_["x0"]:
        row = {"x0": value}
        if alpha or any(joint.joint_probability(row).values()):
            assert joint.posterior(row) == naive.posterior(row)
    assert joint.n_parameters_ == naive_parameter_count([len(joint.categories_["x0"])], 3)


def test_joint_bayes_learns_what_naive_bayes_cannot():
    """x1 XOR x2: each feature alone says nothing about the class, the pair says everything."""
    rows = [{"x1": a, "x2": b} for a, b in itertools.product([0, 1], repeat=2)] * 5
    labels = ["same" if row["x1"] == row["x2"] else "different" for row in rows]
    joint = JointBayesClassifier(alpha=1).fit(rows, labels)
    naive = CategoricalNB(alpha=1).fit(rows, labels)
    assert joint.score(rows, labels) == 1
    assert naive.posterior({"x1": 0, "x2": 0}) == {"different": Fraction(1, 2), "same": Fraction(1, 2)}
    # each cell holds 5 rows of its class: (5 + 1) / (10 + 4) against 1 / 14
    assert joint.posterior({"x1": 0, "x2": 0}) == {"different": Fraction(1, 7), "same": Fraction(6, 7)}


def test_a_missing_value_is_summed_out_of_the_class_table():
    """Training: a row with a missing value counts for P(c), not in the joint table.

    Prediction: P(a=0 | c) = sum over b of P(a=0, b | c), smoothed over both cells:
    no: (3 + 1 + 2) / (4 + 4) = 6/8; yes: (0 + 1 + 2) / (3 + 4) = 3/7.
    """
    rows = D_ROWS + [{"a": 1, "b": None}, {"b": 0}]
    labels = D_LABELS + ["no", "yes"]
    model = JointBayesClassifier(alpha=1).fit(rows, labels)
    assert model.class_counts_ == {"no": 5, "yes": 4}
    assert model.complete_counts_ == {"no": 4, "yes": 3}
    assert model.likelihood_of({"a": 0}, "no") == Fraction(6, 8)
    assert model.likelihood_of({"a": 0, "b": None}, "yes") == Fraction(3, 7)
    joint = model.joint_probability({"a": 0})
    assert joint == {"no": Fraction(5, 9) * Fraction(6, 8), "yes": Fraction(4, 9) * Fraction(3, 7)}
    assert model.predict_proba([{"a": 0}])[0]["no"] == pytest.approx(float(joint["no"] / sum(joint.values())))
    explanation = model.explain({"a": 0})
    assert explanation.ignored == {"b": "missing"}
    assert explanation.terms[0].feature == ("a",)
    # nothing observed: P(x | c) = 1, the prior decides alone
    assert model.posterior({}) == {"no": Fraction(5, 9), "yes": Fraction(4, 9)}


def test_marginalising_the_smoothed_joint_sums_its_cells():
    rows, labels = random_rows(7, n_rows=60, missing=0.2)
    model = JointBayesClassifier(alpha=Fraction(1, 2)).fit(rows, labels)
    for label in model.classes_:
        for value in model.categories_["x0"]:
            total = sum(
                model.likelihood_of({"x0": value, "x1": v1, "x2": v2}, label)
                for v1 in model.categories_["x1"]
                for v2 in model.categories_["x2"]
            )
            assert model.likelihood_of({"x0": value}, label) == total
        assert model.likelihood_of({}, label) == 1


def test_a_value_never_seen_is_left_out_or_refused():
    model = JointBayesClassifier(alpha=1).fit(D_ROWS, D_LABELS)
    assert model.posterior({"a": 0, "b": 7}) == model.posterior({"a": 0})
    assert model.explain({"a": 0, "b": 7}).ignored == {"b": "unseen"}
    strict = JointBayesClassifier(alpha=1, unseen="error").fit(D_ROWS, D_LABELS)
    with pytest.raises(ValueError, match="never saw"):
        strict.predict([{"a": 0, "b": 7}])


def test_categories_widen_the_table():
    model = JointBayesClassifier(alpha=1, categories={"a": [0, 1, 2]}).fit(D_ROWS, D_LABELS)
    assert model.n_combinations_ == 6
    assert model.likelihood_of({"a": 0, "b": 0}, "no") == Fraction(4, 10)


# ---------------------------------------------------------------------------
# Properties: partial_fit, predicting changes nothing, float vs exact
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_partial_fit_in_pieces_equals_one_fit(seed):
    rows, labels = random_rows(seed, n_rows=45, missing=0.1)
    whole = JointBayesClassifier(alpha=1).fit(rows, labels)
    pieces = JointBayesClassifier(alpha=1)
    for start in range(0, 45, 10):
        pieces.partial_fit(rows[start : start + 10], labels[start : start + 10])
    for name in [*whole.count_tables, *whole.lookup_tables]:
        assert getattr(pieces, name) == getattr(whole, name), name
    tests, _ = random_rows(seed + 100, n_rows=10, missing=0.2)
    assert pieces.predict_proba(tests) == whole.predict_proba(tests)


@pytest.mark.parametrize("seed", range(3))
def test_predicting_changes_nothing(seed):
    rows, labels = random_rows(seed, missing=0.1)
    model = JointBayesClassifier(alpha=1).fit(rows, labels)
    before = copy.deepcopy(model.__dict__)
    tests, test_labels = random_rows(seed + 50, n_rows=15, missing=0.3)
    model.predict(tests), model.predict_proba(tests), model.score(tests, test_labels)
    for row in tests:
        model.explain(row), model.posterior(row), model.joint_log_likelihood(row)
    assert model.__dict__ == before


@pytest.mark.parametrize("seed", range(5))
def test_the_log_path_agrees_with_the_exact_path(seed):
    rows, labels = random_rows(seed, missing=0.1)
    model = JointBayesClassifier(alpha=1).fit(rows, labels)
    tests, _ = random_rows(seed + 10, n_rows=15, missing=0.3)
    for row, probabilities in zip(tests, model.predict_proba(tests)):
        exact = model.posterior(row)
        assert sum(probabilities.values()) == pytest.approx(1)
        for label in model.classes_:
            assert probabilities[label] == pytest.approx(float(exact[label]), rel=1e-12)


def test_relabelling_the_classes_changes_nothing():
    rows, labels = random_rows(3)
    renamed = {"a": "zebra", "b": "apple", "c": "mango"}
    model = JointBayesClassifier(alpha=1).fit(rows, labels)
    other = JointBayesClassifier(alpha=1).fit(rows, [renamed[label] for label in labels])
    for row in random_rows(4, n_rows=10)[0]:
        assert {renamed[c]: p for c, p in model.posterior(row).items()} == other.posterior(row)


def test_a_setting_changed_after_fit_is_followed():
    model = JointBayesClassifier(alpha=1).fit(D_ROWS, D_LABELS)
    model.alpha = 0
    assert model.posterior({"a": 0, "b": 0}) == {"no": 1, "yes": 0}
    with pytest.raises(ValueError, match="alpha"):
        model.alpha = -1  # refused where it is assigned
    assert model.alpha == 0 and model.posterior({"a": 0, "b": 0}) == {"no": 1, "yes": 0}


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


def test_a_numeric_feature_with_many_values_suggests_the_discretizer():
    rows = [{"age": age, "sex": "F" if age % 2 else "M"} for age in range(17, 60)]
    labels = ["young" if row["age"] < 35 else "older" for row in rows]
    with pytest.raises(ValueError, match=r"'age' has 43 different numbers.*Discretizer"):
        JointBayesClassifier().fit(rows, labels)
    # a few numbers are categories, and categories= says "these are my categories"
    JointBayesClassifier().fit([{"grade": row["age"] % 5} for row in rows], labels)
    JointBayesClassifier(categories={"age": list(range(17, 60))}).fit(rows, labels)


def test_the_errors_of_training_and_predicting_are_clear():
    with pytest.raises(ValueError, match="training set is empty"):
        JointBayesClassifier().fit([], [])
    with pytest.raises(ValueError, match="only one class"):
        JointBayesClassifier().fit(D_ROWS, ["no"] * 7)
    with pytest.raises(NotFittedError):
        JointBayesClassifier().predict(D_ROWS)
    with pytest.raises(ValueError, match="alpha"):
        JointBayesClassifier(alpha=-1)
    with pytest.raises(ValueError, match="no complete row"):
        JointBayesClassifier(alpha=0).fit(D_ROWS + [{"a": 1, "b": None}], D_LABELS + ["maybe"])
    model = JointBayesClassifier().fit(D_ROWS, D_LABELS)
    with pytest.raises(ValueError, match="never saw"):
        model.predict([{"a": 0, "colour": "red"}])
    with pytest.raises(ValueError, match="the features of the first"):
        model.partial_fit([{"a": 0, "b": 1, "c": 2}], ["no"])
    assert model.complete_counts_ == {"no": 4, "yes": 3}  # the refused batch changed nothing
    with pytest.raises(TypeError, match="list of 2 rows"):
        model.explain(D_ROWS[:2])
    with pytest.raises(KeyError, match="not a class"):
        model.likelihood_of({"a": 0}, "maybe")
    with pytest.raises(KeyError, match="not a class"):
        model.joint_table("maybe")


def test_a_class_prior_of_zero_is_not_blamed_on_the_table():
    model = JointBayesClassifier(alpha=0, class_prior={"no": 1, "yes": 0}).fit(D_ROWS, D_LABELS)
    with pytest.raises(ZeroProbabilityError, match="every class gives this example probability 0") as raised:
        model.predict([{"a": 1, "b": 0}])  # seen, but only in "yes", whose prior is 0
    assert "Mahalanobis" not in str(raised.value)


def test_the_marginal_of_one_feature_and_list_rows():
    model = JointBayesClassifier(alpha=1).fit(D_ROWS, D_LABELS)
    # P(a = 0 | no) = (3 + 1 + 1 + 1) / (4 + 4): both cells with a = 0, each with its pseudo-row
    assert model.likelihood("a", 0, "no") == Fraction(6, 8)
    assert model.log_likelihood("a", 0, "no") == pytest.approx(math.log(6 / 8))
    with pytest.raises(KeyError, match="never had the value 7"):
        model.likelihood("a", 7, "no")
    with pytest.raises(KeyError, match="not a feature"):
        model.likelihood("colour", "red", "no")
    as_lists = JointBayesClassifier(alpha=1).fit([[row["a"], row["b"]] for row in D_ROWS], D_LABELS)
    assert as_lists.features_ == [0, 1]
    assert as_lists.posterior([0, 0]) == model.posterior({"a": 0, "b": 0})
    assert as_lists.posterior([0, None]) == model.posterior({"a": 0})


def calls_made_by(action):
    """The names of the naivebayes functions that ``action()`` calls, in the order they start."""
    names = []

    def tracer(frame, event, argument):
        if event == "call" and in_package(frame.f_code.co_filename):
            names.append(frame.f_code.co_name)

    sys.settrace(tracer)
    try:
        action()
    finally:
        sys.settrace(None)
    return names


def test_a_debugger_walks_the_named_steps():
    model = JointBayesClassifier(alpha=1).fit(D_ROWS, D_LABELS)
    steps = ["_check_example", "present_values", "check_values", "_log_likelihood_terms", "log_joint"]
    steps.append("log_posterior")
    names = calls_made_by(lambda: model.predict_proba([{"a": 0, "b": 0}, {"a": 0}]))
    walked = iter(names)
    assert all(step in walked for step in steps)  # in this order, other calls between
    names += calls_made_by(lambda: model.explain({"a": 0, "b": 0}))
    assert "_build_lookup_tables" not in names and "build_lookups" not in names and "<lambda>" not in names


# ---------------------------------------------------------------------------
# The overfitting experiment, on tables small enough to check by hand
# ---------------------------------------------------------------------------


def test_accuracy_by_combination_is_the_models_score():
    from naivebayes.inspect.overfitting import accuracy_by_combination

    rows, labels = random_rows(11, n_rows=80, missing=0.2)
    tests, test_labels = random_rows(12, n_rows=40, missing=0.2)
    for model in (JointBayesClassifier(alpha=1).fit(rows, labels), CategoricalNB().fit(rows, labels)):
        assert accuracy_by_combination(model, tests, test_labels) == model.score(tests, test_labels)


def test_the_overfitting_table_by_hand():
    """The class is whether a and b agree; a third feature is a coin that says nothing.

    Training: the four (a, b) pairs twice each, all with noise = 0 but the
    first, (0, 0, 1).  At d = 3 the classes fill 3 + 2 = 5 of their 2 * 8
    cells, and of the eight test rows, (0,1,1), (1,0,1) and (1,1,1) are
    combinations nobody saw.
    """
    from naivebayes.inspect.overfitting import format_overfitting_table, overfitting_table, unseen_share

    train = [{"a": a, "b": b, "noise": 0} for a, b in itertools.product([0, 1], repeat=2)] * 2
    test = [{"a": a, "b": b, "noise": z} for a, b, z in itertools.product([0, 1], repeat=3)]
    agree = lambda rows: ["same" if row["a"] == row["b"] else "different" for row in rows]  # noqa: E731
    train[0] = {**train[0], "noise": 1}  # one row with noise = 1, so the coin has two values
    table = overfitting_table(train, agree(train), test, agree(test), ["a", "b", "noise"])
    assert [row["joint_parameters"] for row in table] == [2, 6, 14]
    assert [row["naive_parameters"] for row in table] == [2, 4, 6]
    assert table[1]["empty_cells"] == Fraction(1, 2)  # each class: 2 of the 4 (a, b) cells
    assert table[2]["empty_cells"] == Fraction(16 - 5, 16)  # 5 cells seen in all: (0,0,1), (0,0,0) and 3 more
    assert table[2]["unseen_test_rows"] == Fraction(3, 8)  # noise = 1 with (0,1), (1,0), (1,1)
    assert [row["joint_test"] for row in table][:2] == [Fraction(1, 2), 1]
    assert [row["naive_test"] for row in table][:2] == [Fraction(1, 2), Fraction(1, 2)]
    joint = JointBayesClassifier().fit(train, agree(train))
    assert unseen_share(joint, test) == Fraction(3, 8)
    assert unseen_share(joint, [{"a": 0, "b": None, "noise": 0}]) == 0  # a missing value: not counted
    lines = format_overfitting_table(table).splitlines()
    assert len(lines) == 5 and lines[3].startswith("| 2 | b | 6 | 4 | 0.5000 | 0.0000 | 1.0000 | 1.0000 |")
