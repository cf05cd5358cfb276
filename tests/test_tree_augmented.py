"""Tree-augmented naive Bayes: its formulas by hand, its tree by brute force, its predictions by counting.

The model's structure is also compared with Weka's BayesNet with the TAN
search (Debian's ``weka`` package), which skips cleanly when Weka is not
installed (and fails under --require-reference).
"""

import itertools
import math
from fractions import Fraction

import pytest

from naivebayes.core.information import conditional_mutual_information
from naivebayes.naive_bayes.categorical import categorical_log_likelihood_rows
from naivebayes.naive_bayes.tree_augmented import (
    add_pair_counts,
    maximum_spanning_tree,
    pair_weights,
    tan_likelihood,
    tan_log_likelihood_rows,
    tan_log_terms,
    tan_parameter_count,
    tree_parents,
)
from test_debugger_walk import in_package  # (the package by its folder, not by a name the checkout may share)

FEATURES = ["A", "B", "C", "D"]
WEIGHTS = {("A", "B"): 0.5, ("A", "C"): 0.1, ("A", "D"): 0.2, ("B", "C"): 0.4, ("B", "D"): 0.05, ("C", "D"): 0.3}


def spanning_trees(features):
    """Every spanning tree of the complete graph, as a set of frozenset edges (brute force)."""
    edges = list(itertools.combinations(features, 2))
    for chosen in itertools.combinations(edges, len(features) - 1):
        joined = {feature: {feature} for feature in features}
        for a, b in chosen:
            if joined[a] is joined[b]:
                break  # a cycle
            merged = joined[a] | joined[b]
            for feature in merged:
                joined[feature] = merged
        else:
            yield chosen


# ---------------------------------------------------------------------------
# The formulas, by hand
# ---------------------------------------------------------------------------


def test_eq_tan_pair_count_by_hand():
    counts = {}
    add_pair_counts(counts, [("sunny", "hot"), ("sunny", "hot"), ("rain", "mild")])
    assert counts == {("sunny", "hot"): 2, ("rain", "mild"): 1}
    add_pair_counts(counts, [("rain", "mild")])
    assert counts == {("sunny", "hot"): 2, ("rain", "mild"): 2}


def test_eq_tan_spanning_tree_by_hand():
    # From A: B (0.5) beats D (0.2) and C (0.1); then C through B (0.4) beats D through A (0.2);
    # then D through C (0.3).  Total 1.2.
    edges = maximum_spanning_tree(FEATURES, WEIGHTS)
    assert edges == [("A", "B"), ("B", "C"), ("C", "D")]
    best = max(sum(WEIGHTS[edge] for edge in tree) for tree in spanning_trees(FEATURES))
    assert sum(WEIGHTS[tuple(sorted(edge))] for edge in edges) == pytest.approx(best) == pytest.approx(1.2)
    assert len(list(spanning_trees(FEATURES))) == 16  # Cayley: 4^(4-2)


def test_eq_tan_spanning_tree_from_another_root_is_the_same_tree():
    edges = maximum_spanning_tree(FEATURES, WEIGHTS, root="D")
    assert edges == [("D", "C"), ("C", "B"), ("B", "A")]
    assert {frozenset(edge) for edge in edges} == {frozenset(edge) for edge in maximum_spanning_tree(FEATURES, WEIGHTS)}


def test_eq_tan_spanning_tree_breaks_ties_by_feature_order():
    # Every weight 0: each new feature in turn, joined to the root, which joined the tree first.
    zeros = {pair: 0.0 for pair in itertools.combinations(FEATURES, 2)}
    assert maximum_spanning_tree(FEATURES, zeros) == [("A", "B"), ("A", "C"), ("A", "D")]
    # B-C and A-D tie at the top; from A, D is reachable first (A-D), and then C through D.
    tied = {**zeros, ("B", "C"): 1.0, ("A", "D"): 1.0, ("C", "D"): 0.5}
    assert maximum_spanning_tree(FEATURES, tied) == [("A", "D"), ("D", "C"), ("C", "B")]


def test_eq_tan_spanning_tree_is_the_heaviest_on_random_weights():
    import random

    generator = random.Random(4)
    features = list("abcde")
    for _ in range(50):
        weights = {pair: generator.random() for pair in itertools.combinations(features, 2)}
        edges = maximum_spanning_tree(features, weights)
        ours = sum(weights[tuple(sorted(edge))] for edge in edges)
        assert ours == pytest.approx(max(sum(weights[e] for e in tree) for tree in spanning_trees(features)))


def test_eq_tan_directed_tree_by_hand():
    assert tree_parents([("A", "B"), ("B", "C"), ("C", "D")]) == {"A": None, "B": "A", "C": "B", "D": "C"}
    assert tree_parents([("A", "B"), ("A", "C"), ("A", "D")]) == {"A": None, "B": "A", "C": "A", "D": "A"}
    assert tree_parents([], root="A") == {"A": None}  # one feature: naive Bayes


def test_eq_tan_lidstone_by_hand():
    # Feature x (values 0, 1) with parent p (values u, w).  Class c1 has the rows (u, 0) twice,
    # (u, 1) once and (w, 1) once; class c2 has (w, 0) once.  With alpha = 1:
    # P(x = 0 | c1, u) = (2 + 1) / (3 + 2) = 3/5, P(x = 1 | c1, w) = (1 + 1) / (1 + 2) = 2/3,
    # and c2 never saw u: (0 + 1) / (0 + 2) = 1/2.
    c1 = {("u", 0): 2, ("u", 1): 1, ("w", 1): 1}
    c2 = {("w", 0): 1}
    naive = categorical_log_likelihood_rows([{0: 2, 1: 2}, {0: 1}], [4, 1], [0, 1], 1)
    rows = tan_log_likelihood_rows([c1, c2], [0, 1], ["u", "w"], 1, naive)
    assert rows["u"][0] == pytest.approx((math.log(Fraction(3, 5)), math.log(Fraction(1, 2))))
    assert rows["w"][1] == pytest.approx((math.log(Fraction(2, 3)), math.log(Fraction(1, 3))))
    assert tan_likelihood(c1, 0, "u", 1, 2) == Fraction(3, 5)
    assert tan_likelihood(c1, 1, "w", 1, 2) == Fraction(2, 3)
    assert tan_likelihood(c2, 1, "u", 1, 2) == Fraction(1, 2)
    # alpha = 0: c2 never saw u, so 0/0; its naive term P(x | c2) = 1 for x = 0 stands in.
    naive_0 = categorical_log_likelihood_rows([{0: 2, 1: 2}, {0: 1}], [4, 1], [0, 1], 0)
    rows_0 = tan_log_likelihood_rows([c1, c2], [0, 1], ["u", "w"], 0, naive_0)
    assert rows_0["u"][0] == pytest.approx((math.log(Fraction(2, 3)), 0.0))
    assert rows_0["u"][1][1] == -math.inf
    assert tan_likelihood(c2, 0, "u", 0, 2) is None


def test_eq_tan_term_falls_back_to_the_naive_term():
    conditional = {"u": {0: (-1.0, -2.0), 1: (-3.0, -4.0)}}
    naive = {0: (-0.5, -0.6), 1: (-0.7, -0.8)}
    assert tan_log_terms(conditional, naive, 1, "u") == (-3.0, -4.0)  # the parent's value is known
    assert tan_log_terms(conditional, naive, 1, None) == (-0.7, -0.8)  # missing parent: P(x_i | c)
    assert tan_log_terms(conditional, naive, 1, "never seen") == (-0.7, -0.8)  # unseen parent value: the same
    assert tan_log_terms(None, naive, 0, None) == (-0.5, -0.6)  # the root
    assert tan_log_terms(conditional, naive, 7, "u") is None  # an unseen value of x_i: left out
    assert tan_log_terms(conditional, naive, 7, None) is None


def test_eq_tan_parameters_by_hand():
    # A (2 values, the root), B (3 values, parent A), C (2 values, parent B), 2 classes:
    # 2 [(2 - 1) + 2 (3 - 1) + 3 (2 - 1)] = 2 [1 + 4 + 3] = 16.
    n_values = {"A": 2, "B": 3, "C": 2}
    assert tan_parameter_count(n_values, {"A": None, "B": "A", "C": "B"}, 2) == 16
    # A star from A: 2 [1 + 2 * 2 + 2 * 1] = 14; with no parents at all it is naive Bayes's 2 (1 + 2 + 1) = 8.
    assert tan_parameter_count(n_values, {"A": None, "B": "A", "C": "A"}, 2) == 14
    assert tan_parameter_count(n_values, {"A": None, "B": None, "C": None}, 2) == 8


def test_pair_weights_are_conditional_mutual_information():
    counts = {
        "no": {("a", "b"): {(0, 0): 3, (1, 1): 1}, ("a", "c"): {(0, 0): 2, (0, 1): 2}, ("b", "c"): {}},
        "yes": {("a", "b"): {(0, 1): 2, (1, 0): 2}, ("a", "c"): {(1, 1): 4}},
    }
    weights = pair_weights(["a", "b", "c"], counts)
    assert weights[("a", "b")] == conditional_mutual_information(
        {"no": counts["no"][("a", "b")], "yes": counts["yes"][("a", "b")]}
    )
    assert weights[("a", "c")] == 0.0  # each class's table factorizes
    assert weights[("b", "c")] == 0.0  # no row has both


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------

from itertools import product  # noqa: E402

from naivebayes import CategoricalNB  # noqa: E402
from naivebayes.naive_bayes.tree_augmented import TreeAugmentedNB  # noqa: E402

COINS = [{"x1": a, "x2": b} for a, b in product([0, 1], repeat=2)]
AGREE = ["same" if row["x1"] == row["x2"] else "different" for row in COINS]


def test_xor_naive_bayes_is_a_coin_and_tan_gets_all_four_right():
    naive = CategoricalNB().fit(COINS * 5, AGREE * 5)
    tan = TreeAugmentedNB().fit(COINS * 5, AGREE * 5)
    for row, label in zip(COINS, AGREE):
        assert naive.posterior(row) == {"different": Fraction(1, 2), "same": Fraction(1, 2)}
        # (5 + 1) / (5 + 2) = 6/7 for the right class, 1/7 for the other
        assert tan.posterior(row)[label] == Fraction(6, 7)
    assert tan.predict(COINS) == AGREE
    assert tan.parents_ == {"x1": None, "x2": "x1"}
    assert tan.pair_weights_ == {("x1", "x2"): pytest.approx(math.log(2))}


def brute_force_posteriors(rows, labels, features, alpha, test_rows, root):
    """P(c | x) for complete rows, everything counted from the rows themselves (no library code).

    I(X_i; X_j | C) from its definition, the heaviest of all spanning trees by
    enumeration, edges pointed away from the root by a walk, Lidstone's
    estimates by counting matching rows.  Returns (tree edges as frozensets,
    posteriors), or None when two trees tie for the heaviest.
    """
    n = len(rows)
    classes = sorted(set(labels))
    values = {f: sorted({row[f] for row in rows}) for f in features}

    def count(condition):
        return sum(1 for row, label in zip(rows, labels) if condition(row, label))

    def cmi(a, b):
        total = 0.0
        for c in classes:
            n_c = count(lambda r, l: l == c)
            for u in values[a]:
                for v in values[b]:
                    n_uvc = count(lambda r, l: l == c and r[a] == u and r[b] == v)
                    if n_uvc:
                        n_uc = count(lambda r, l: l == c and r[a] == u)
                        n_vc = count(lambda r, l: l == c and r[b] == v)
                        total += n_uvc / n * math.log(n_uvc * n_c / (n_uc * n_vc))
        return total

    weight = {frozenset(pair): cmi(*pair) for pair in itertools.combinations(features, 2)}
    scored = sorted(
        ((sum(weight[frozenset(e)] for e in tree), tree) for tree in spanning_trees(features)),
        key=lambda item: -item[0],
    )
    if len(scored) > 1 and scored[1][0] > scored[0][0] - 1e-9:
        return None
    tree = {frozenset(edge) for edge in scored[0][1]}
    parents, frontier = {root: None}, [root]
    while frontier:
        node = frontier.pop()
        for edge in tree:
            if node in edge:
                (other,) = edge - {node}
                if other not in parents:
                    parents[other] = node
                    frontier.append(other)
    posteriors = []
    for x in test_rows:
        joint = {}
        for c in classes:
            p = Fraction(count(lambda r, l: l == c), n)
            for f in features:
                K = len(values[f])
                if parents[f] is None:
                    top = count(lambda r, l: l == c and r[f] == x[f])
                    bottom = count(lambda r, l: l == c)
                else:
                    g = parents[f]
                    top = count(lambda r, l: l == c and r[f] == x[f] and r[g] == x[g])
                    bottom = count(lambda r, l: l == c and r[g] == x[g])
                p *= Fraction(top + alpha, bottom + alpha * K)
            joint[c] = p
        total = sum(joint.values())
        posteriors.append({c: p / total for c, p in joint.items()})
    return tree, posteriors


def random_table(generator, n_rows, n_values):
    """Rows whose features lean on each other and on the class, so that the tree has something to find."""
    features = [f"f{k}" for k in range(len(n_values))]
    rows, labels = [], []
    for _ in range(n_rows):
        label = generator.choice(["a", "b"])
        row = {}
        previous = None
        for feature, K in zip(features, n_values):
            if previous is not None and generator.random() < 0.6:
                value = (previous + (label == "a")) % K
            else:
                value = generator.randrange(K)
            row[feature] = value
            previous = value
        rows.append(row)
        labels.append(label)
    return features, rows, labels


def test_predictions_agree_with_a_brute_force_count():
    import random

    generator = random.Random(11)
    compared = 0
    for trial in range(12):
        n_values = [generator.choice([2, 3]) for _ in range(4)]
        features, rows, labels = random_table(generator, 40, n_values)
        if len(set(labels)) < 2:
            continue
        alpha = [1, Fraction(1, 2), 2][trial % 3]
        root = features[trial % 4]
        model = TreeAugmentedNB(alpha=alpha, root=root, categories={f: list(range(K)) for f, K in zip(features, n_values)})
        model.fit(rows, labels)
        # every value of every feature occurs, so K_j agrees with the brute force's count of values
        if any(len({row[f] for row in rows}) != K for f, K in zip(features, n_values)):
            continue
        found = brute_force_posteriors(rows, labels, features, alpha, rows[:10], root)
        if found is None:
            continue  # two trees tie: either is right
        tree, expected = found
        assert {frozenset((f, p)) for f, p in model.parents_.items() if p is not None} == tree
        for row, posterior in zip(rows[:10], expected):
            assert model.posterior(row) == posterior
        floats = model.predict_proba(rows[:10])
        for got, posterior in zip(floats, expected):
            assert got == pytest.approx({c: float(p) for c, p in posterior.items()}, rel=1e-12)
        compared += 1
    assert compared >= 6


def test_missing_values_as_naive_bayes_and_a_missing_parent_falls_back():
    from naivebayes.datasets import load_play_tennis

    rows, labels, test_row = load_play_tennis()
    model = TreeAugmentedNB().fit(rows, labels)
    naive = CategoricalNB().fit(rows, labels)
    assert model.parents_ == {"outlook": None, "temperature": "outlook", "humidity": "temperature", "wind": "outlook"}
    # outlook missing: temperature and wind lose their parent and fall back to P(x | c); humidity keeps its parent.
    row = {"temperature": "cool", "humidity": "high", "wind": "strong"}
    joint = model.joint_probability(row)
    for label in model.classes_:
        expected = (
            model.prior(label)
            * naive.likelihood("temperature", "cool", label)
            * naive.likelihood("wind", "strong", label)
            * model._tree_likelihoods("humidity", "high", "cool")[model.classes_.index(label)]
        )
        assert joint[label] == expected
    explanation = model.explain(row)
    assert [term.feature for term in explanation.terms] == [
        "temperature | outlook unknown", "humidity | temperature = cool", "wind | outlook unknown"
    ]
    assert explanation.ignored == {"outlook": "missing"}
    # a row with every value missing is the prior
    assert model.posterior({}) == {"no": Fraction(5, 14), "yes": Fraction(9, 14)}


def test_training_rows_with_missing_values_count_where_present():
    rows = [{"a": 0, "b": 0}, {"a": 1, "b": None}, {"a": 0, "b": 1}, {"a": None, "b": 1}, {"a": 1, "b": 1}]
    labels = ["x", "x", "y", "y", "y"]
    model = TreeAugmentedNB().fit(rows, labels)
    assert model.pair_counts_ == {"x": {("a", "b"): {(0, 0): 1}}, "y": {("a", "b"): {(0, 1): 1, (1, 1): 1}}}
    assert model.feature_counts_ == {"x": {"a": 2, "b": 1}, "y": {"a": 2, "b": 3}}
    # P(b = 1 | y, a = 1) = (1 + 1) / (1 + 2) = 2/3
    assert model._tree_likelihoods("b", 1, 1)[1] == Fraction(2, 3)


def test_partial_fit_in_pieces_is_one_fit_and_fitting_never_changes_on_failure():
    import random

    features, rows, labels = random_table(random.Random(3), 60, [3, 2, 3, 2])
    whole = TreeAugmentedNB().fit(rows, labels)
    pieces = TreeAugmentedNB().partial_fit(rows[:25], labels[:25]).partial_fit(rows[25:], labels[25:])
    assert pieces.parents_ == whole.parents_
    assert pieces.pair_weights_ == pytest.approx(whole.pair_weights_)
    for row in rows[:10]:
        assert pieces.posterior(row) == whole.posterior(row)
    before = whole.posterior(rows[0])
    with pytest.raises(ValueError, match="root"):
        TreeAugmentedNB(root="nope").fit(rows, labels)
    with pytest.raises(TypeError):
        whole.fit([{"f0": [1]}], ["a"])
    assert whole.posterior(rows[0]) == before


def test_unseen_values_are_left_out_and_unseen_parent_values_fall_back():
    model = TreeAugmentedNB().fit(COINS * 5, AGREE * 5)
    naive = CategoricalNB().fit(COINS * 5, AGREE * 5)
    assert model.posterior({"x1": 7, "x2": 1}) == naive.posterior({"x2": 1})  # x1 unseen: x2 falls back
    assert model.posterior({"x1": 1, "x2": 7}) == naive.posterior({"x1": 1})  # x2 unseen: left out
    with pytest.raises(ValueError, match="never saw"):
        TreeAugmentedNB(unseen="error").fit(COINS, AGREE).predict([{"x1": 7, "x2": 1}])


def test_the_structure_prints_as_a_table_and_shows_in_a_notebook():
    model = TreeAugmentedNB().fit(COINS * 5, AGREE * 5)
    assert list(model.tree_) == [("x1", None, None), ("x2", "x1", pytest.approx(math.log(2)))]
    text = str(model.tree_)
    assert "x2       x1" in text and "0.6931" in text and "(class only)" in text
    assert model.tree_._repr_html_().startswith("<table")
    assert "| x2 | x1 | 0.6931 |" in model.tree_.to_markdown()
    assert model.parameter_count() == 2 * (1 + 2 * 1)


def test_sampled_rows_follow_the_tree():
    model = TreeAugmentedNB(alpha=0).fit(COINS * 5, AGREE * 5)
    rows, labels = model.sample(200, random_state=1)
    # with alpha = 0, x2 is determined by x1 and the class: every sampled row is XOR-consistent
    assert all((row["x1"] == row["x2"]) == (label == "same") for row, label in zip(rows, labels))


def test_alpha_zero_falls_back_per_class_when_a_parent_value_has_no_rows():
    rows = [{"a": 0, "b": 0}, {"a": 0, "b": 0}, {"a": 1, "b": 1}, {"a": 0, "b": 1}]
    labels = ["x", "x", "x", "y"]
    model = TreeAugmentedNB(alpha=0).fit(rows, labels)
    # class y never has a = 1, so P(b | y, a = 1) is 0/0: P(b = 1 | y) = 1 stands in; P(a = 1 | y) = 0 decides anyway
    assert model._tree_likelihoods("b", 1, 1) == (Fraction(1, 1), Fraction(1, 1))
    assert model.posterior({"a": 1, "b": 1}) == {"x": Fraction(1, 1), "y": Fraction(0, 1)}


# ---------------------------------------------------------------------------
# Weka's BayesNet with its TAN search (Debian's weka package)
# ---------------------------------------------------------------------------

WEKA_JAR = "/usr/share/java/weka.jar"
TAN_OPTIONS = [
    "-Q", "weka.classifiers.bayes.net.search.local.TAN", "--", "-S", "ENTROPY",
    "-E", "weka.classifiers.bayes.net.estimate.SimpleEstimator", "--", "-A", "0.5",
]  # fmt: skip


def weka_or_skip():
    import os
    import shutil

    if not os.path.isfile(WEKA_JAR) or shutil.which("java") is None:
        pytest.skip(f"could not import 'weka': {WEKA_JAR} and java are needed (apt-get install weka)")
    return WEKA_JAR


def write_arff(path, features, rows, labels):
    lines = ["@relation table"]
    for feature in features:
        values = sorted({str(row[feature]) for row in rows})
        lines.append(f"@attribute {feature} {{{','.join(values)}}}")
    lines.append(f"@attribute class {{{','.join(sorted(set(labels)))}}}")
    lines.append("@data")
    lines += [",".join([str(row[f]) for f in features] + [label]) for row, label in zip(rows, labels)]
    path.write_text("\n".join(lines) + "\n")


def weka_tan(tmp_path, features, rows, labels):
    """(Weka's parents {feature: parent or None}, its class distribution of every row) from BayesNet with TAN."""
    import subprocess

    jar = weka_or_skip()
    arff = tmp_path / "table.arff"
    write_arff(arff, features, rows, labels)
    base = ["java", "-cp", jar, "weka.classifiers.bayes.BayesNet", "-t", str(arff)]
    structure = subprocess.run(base + ["-no-cv"] + TAN_OPTIONS, capture_output=True, text=True, check=True).stdout
    parents = {}
    lines = structure.split("Network structure (nodes followed by parents)")[1].splitlines()[1:]
    for line in lines:
        if not line.strip() or line.startswith("LogScore"):
            break
        node, after = line.split(":", 1)
        name = node.rsplit("(", 1)[0]
        if name != "class":
            others = [parent for parent in after.split() if parent != "class"]
            parents[name] = others[0] if others else None
    predictions = subprocess.run(
        base + ["-T", str(arff), "-p", "0", "-distribution"] + TAN_OPTIONS, capture_output=True, text=True, check=True
    ).stdout
    distributions = []
    for line in predictions.splitlines():
        fields = line.split()
        if len(fields) >= 4 and fields[0].isdigit():
            distributions.append([float(p.strip("*")) for p in fields[-1].split(",")])
    return parents, distributions


def test_the_tree_and_the_probabilities_agree_with_weka(tmp_path):
    import random

    weka_or_skip()
    generator = random.Random(8)
    checked = 0
    for trial in range(6):
        n_values = [generator.choice([2, 3, 4]) for _ in range(5)]
        features, rows, labels = random_table(generator, 120, n_values)
        weka_parents, weka_distributions = weka_tan(tmp_path, features, rows, labels)
        ours = TreeAugmentedNB(alpha=Fraction(1, 2)).fit(rows, labels)
        weights = ours.pair_weights_
        ranked = sorted(weights.values(), reverse=True)
        if any(abs(a - b) < 1e-9 for a, b in zip(ranked, ranked[1:])):
            continue  # two pairs weigh the same: either tree is the heaviest
        edges = {frozenset((f, p)) for f, p in ours.parents_.items() if p is not None}
        assert edges == {frozenset((f, p)) for f, p in weka_parents.items() if p is not None}
        # Weka's tree grows from its own root, and it smooths the prior with the same 1/2:
        (root,) = [f for f, p in weka_parents.items() if p is None]
        classes = sorted(set(labels))
        prior = {c: Fraction(2 * labels.count(c) + 1, 2 * len(labels) + len(classes)) for c in classes}
        rooted = TreeAugmentedNB(alpha=Fraction(1, 2), root=root, class_prior=prior).fit(rows, labels)
        assert rooted.parents_ == weka_parents
        for posterior, theirs in zip(rooted.predict_proba(rows), weka_distributions):
            assert [posterior[c] for c in classes] == pytest.approx(theirs, abs=0.0006)  # Weka prints 3 decimals
        checked += 1
    assert checked >= 4


# ---------------------------------------------------------------------------
# The picture of the Adult tree, and the page's script
# ---------------------------------------------------------------------------

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"


def test_tree_picture_draws_every_feature_once():
    from naivebayes.inspect.tree_picture import TreePlot

    rows = [{"a": i % 2, "b": i % 3, "c": (i // 2) % 2, "d": i % 5} for i in range(60)]
    labels = ["x" if i % 4 else "y" for i in range(60)]
    picture = TreePlot(TreeAugmentedNB().fit(rows, labels))
    svg = picture.to_svg()
    for feature in "abcd":
        assert svg.count(f">{feature}</text>") == 1
    assert svg.count("<line ") == 3  # a tree of four features has three edges
    with pytest.raises(ValueError, match="fit the model first"):
        TreePlot(TreeAugmentedNB())


@pytest.mark.skipif(not (SHARED_DATA / "adult.data").is_file(), reason="the shared Adult files are not present")
def test_the_committed_adult_tree_picture_is_what_the_script_draws(tmp_path, monkeypatch):
    import importlib.util

    monkeypatch.setenv("NAIVEBAYES_ADULT_PATH", str(SHARED_DATA))
    script = ROOT / "docs" / "scripts" / "tree_augmented_tables.py"
    spec = importlib.util.spec_from_file_location("tree_augmented_tables", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    drawn = module.draw_tree(tmp_path).read_text()
    committed = (script.parent.parent / "images" / "adult-tan-tree.svg").read_text()
    assert drawn == committed, "run docs/scripts/tree_augmented_tables.py --picture and commit the image"
    assert "education-num" in drawn and "0.620" in drawn


def test_a_prediction_walks_the_named_steps_and_builds_nothing():
    import sys

    from naivebayes.datasets import load_play_tennis

    rows, labels, test_row = load_play_tennis()
    model = TreeAugmentedNB().fit(rows, labels)
    names = []

    def tracer(frame, event, argument):
        if event == "call" and in_package(frame.f_code.co_filename):
            names.append(frame.f_code.co_name)

    sys.settrace(tracer)
    try:
        model.predict_proba([test_row])
        model.explain(test_row)
    finally:
        sys.settrace(None)
    steps = ["_check_example", "present_values", "_log_likelihood_terms", "tan_log_terms", "log_posterior"]
    position = 0
    for name in names:
        if position < len(steps) and name == steps[position]:
            position += 1
    assert position == len(steps), names
    formulas = [n for n in names if not n.startswith("<")]
    assert formulas.index("tan_log_terms") <= 12  # the first formula, after the checks at the boundary
    assert "<lambda>" not in names and "_build_lookup_tables" not in names and "tan_log_likelihood_rows" not in names


@pytest.mark.skipif(not (SHARED_DATA / "adult.data").is_file(), reason="the shared Adult files are not present")
def test_adult_tree_and_test_accuracy_agree_with_weka(tmp_path, monkeypatch):
    """The census, discretized as on the docs page, complete rows only: the same tree, the same test accuracy."""
    import importlib.util
    import re
    import subprocess

    jar = weka_or_skip()
    monkeypatch.setenv("NAIVEBAYES_ADULT_PATH", str(SHARED_DATA))
    spec = importlib.util.spec_from_file_location("tables", ROOT / "docs" / "scripts" / "tree_augmented_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    train_rows, train_labels, test_rows, test_labels = module.adult_tables()
    features = list(train_rows[0])
    names = {feature: feature.replace("-", "_") for feature in features}

    def arff_value(value):  # Weka's nominal values: no spaces, commas, quotes or braces
        return re.sub(r"[^A-Za-z0-9_.()-]", "_", str(value))

    def complete(rows, labels):
        kept = [(row, label) for row, label in zip(rows, labels) if all(row.get(f) is not None for f in features)]
        return [{names[f]: arff_value(row[f]) for f in features} for row, _ in kept], [arff_value(l) for _, l in kept]

    train, y_train = complete(train_rows, train_labels)
    test, y_test = complete(test_rows, test_labels)
    header = ["@relation adult"]
    for feature in names.values():
        header.append(f"@attribute {feature} {{{','.join(sorted({row[feature] for row in train + test}))}}}")
    header += [f"@attribute class {{{','.join(sorted(set(y_train)))}}}", "@data"]
    for name, rows, labels in (("train", train, y_train), ("test", test, y_test)):
        lines = [",".join(list(row.values()) + [label]) for row, label in zip(rows, labels)]
        (tmp_path / f"{name}.arff").write_text("\n".join(header + lines) + "\n")
    output = subprocess.run(
        ["java", "-Xmx2g", "-cp", jar, "weka.classifiers.bayes.BayesNet", "-t", str(tmp_path / "train.arff"),
         "-T", str(tmp_path / "test.arff")] + TAN_OPTIONS,
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    weka_parents = {}
    for line in output.split("Network structure (nodes followed by parents)")[1].splitlines()[1:]:
        if not line.strip() or line.startswith("LogScore"):
            break
        node, after = line.split(":", 1)
        if node.rsplit("(", 1)[0] != "class":
            others = [parent for parent in after.split() if parent != "class"]
            weka_parents[node.rsplit("(", 1)[0]] = others[0] if others else None
    correct = [int(n) for n, _ in re.findall(r"Correctly Classified Instances\s+(\d+)\s+([\d.]+)", output)]
    (root,) = [feature for feature, parent in weka_parents.items() if parent is None]
    classes = sorted(set(y_train))
    prior = {c: Fraction(2 * y_train.count(c) + 1, 2 * len(y_train) + len(classes)) for c in classes}
    categories = {f: sorted({row[f] for row in train + test}) for f in names.values()}
    ours = TreeAugmentedNB(alpha=Fraction(1, 2), root=root, class_prior=prior, categories=categories)
    ours.fit(train, y_train)
    assert ours.parents_ == weka_parents
    assert ours.score(test, y_test) == Fraction(correct[-1], len(test))  # 12,497 of 15,060 test people


def test_the_command_line_trains_and_explains_tan(tmp_path):
    import io

    from naivebayes import load
    from naivebayes.command_line import main
    from naivebayes.datasets import load_play_tennis

    rows, labels, test_row = load_play_tennis()
    table = tmp_path / "tennis.csv"
    lines = ["outlook,temperature,humidity,wind,play"] + [",".join([*row.values(), label]) for row, label in zip(rows, labels)]
    table.write_text("\n".join(lines) + "\n")
    out, err = io.StringIO(), io.StringIO()
    assert main(["train", str(table), "-o", str(tmp_path / "tan.json"), "--model", "tan"], out=out, err=err) == 0
    assert "trained TreeAugmentedNB" in out.getvalue()
    loaded = load(tmp_path / "tan.json")
    assert loaded.parents_ == TreeAugmentedNB().fit(rows, labels).parents_
    out = io.StringIO()
    argv = ["explain", str(tmp_path / "tan.json")] + [f"{feature}={value}" for feature, value in test_row.items()]
    assert main(argv, out=out, err=io.StringIO()) == 0
    assert "temperature | outlook = sunny" in out.getvalue() and "prediction: yes" in out.getvalue()


def test_with_alpha_zero_the_root_changes_nothing():
    import random

    generator = random.Random(1)
    rows = [{f: generator.randrange(3) for f in "abcd"} for _ in range(80)]
    for row in rows:
        row["b"] = (row["a"] + generator.randrange(2)) % 3
    labels = [generator.choice("xy") for _ in rows]
    models = [TreeAugmentedNB(alpha=0, root=root).fit(rows, labels) for root in "abcd"]
    assert len({tuple(sorted(m.parents_.items(), key=str)) for m in models}) == 4  # four directed trees
    for row in rows[:30]:
        assert all(m.posterior(row) == models[0].posterior(row) for m in models)  # one P(x | c)


def test_weights_a_last_bit_apart_are_a_tie_decided_by_feature_order():
    # A-B and A-C are equal as real numbers but a last bit apart as floats: feature order decides, B first.
    weights = {("A", "B"): 0.29083975349889885, ("A", "C"): 0.2908397534988989, ("B", "C"): 0.0}
    assert maximum_spanning_tree(["A", "B", "C"], weights) == [("A", "B"), ("A", "C")]
    weights = {("A", "B"): 0.5, ("A", "C"): 0.5 + 1e-9, ("B", "C"): 0.0}  # a real difference
    assert maximum_spanning_tree(["A", "B", "C"], weights) == [("A", "C"), ("A", "B")]


@pytest.mark.skipif(
    not (SHARED_DATA / "adult.data").is_file() or __import__("os").environ.get("NAIVEBAYES_SLOW_TESTS") != "1",
    reason="set NAIVEBAYES_SLOW_TESTS=1 (and have the shared Adult files) to rerun the page's script, about ten minutes",
)
def test_every_table_line_the_script_prints_is_on_the_page(tmp_path, monkeypatch, capsys):
    import importlib.util

    monkeypatch.setenv("NAIVEBAYES_ADULT_PATH", str(SHARED_DATA))
    spec = importlib.util.spec_from_file_location("tables", ROOT / "docs" / "scripts" / "tree_augmented_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "IMAGES", tmp_path)
    module.main()
    page = (ROOT / "docs" / "tree-augmented.md").read_text(encoding="utf-8")
    printed = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ") and "---" not in line]
    missing = [line for line in printed if line not in page and not line.startswith("| all 16,281")]
    assert missing == [], missing


def test_one_feature_is_naive_bayes_with_that_feature_as_the_root():
    # with one feature there is no tree to learn: the feature is the root, P(x | c) its naive table
    rows = [{"x": "u"}, {"x": "u"}, {"x": "v"}, {"x": "v"}, {"x": "v"}]
    labels = ["a", "a", "a", "b", "b"]
    model = TreeAugmentedNB().fit(rows, labels)
    assert model.parents_ == {"x": None} and model.tree_ == [("x", None, None)]
    # P(a) P(u | a) = 3/5 * (2 + 1)/(3 + 2) = 9/25; P(b) P(u | b) = 2/5 * (0 + 1)/(2 + 2) = 1/10
    assert model.joint_probability({"x": "u"}) == {"a": Fraction(9, 25), "b": Fraction(1, 10)}


@pytest.mark.parametrize("rows", [
    [{None: -1}, {None: 0}, {}, {None: 2}],  # fuzzer round 2487: IndexError in tree_parents
    [{None: "u", "x": 1}, {None: "v", "x": 2}, {None: "u", "x": 1}, {None: "v", "x": 1}],
])
def test_a_feature_named_none_is_refused_by_name(rows):
    model = TreeAugmentedNB()
    before = dict(vars(model))
    with pytest.raises(ValueError, match=r"a feature is named None .*give that feature a name"):
        model.fit(rows, ["a", "a", "b", "b"])
    assert vars(model) == before


def test_a_feature_named_nan_is_refused_by_name():
    # fuzzer (seed 2, round 3639): a feature named NaN raised KeyError (nan, nan) while the tree was grown
    rows = [{math.nan: "u", "x": 1}, {math.nan: "v", "x": 2}, {math.nan: "u", "x": 1}, {math.nan: "v", "x": 1}]
    model = TreeAugmentedNB()
    before = dict(vars(model))
    with pytest.raises(ValueError, match=r"a feature is named nan, which is not equal to itself .*give that feature a name"):
        model.fit(rows, ["a", "a", "b", "b"])
    assert vars(model) == before
