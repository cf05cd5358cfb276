"""A debugger walks the docs: one prediction passes the named steps of docs/pipeline.md, in order, for every model.

These tests record, with ``sys.settrace``, every function a call starts, in
the package and outside it, in the order a debugger pressing ``s`` would
stop in them.  For ``predict``, ``predict_proba`` and ``explain`` on one
example of every model they check:

* the checks run once, at the public boundary, and the first formula
  function (one wrapped in ``# --8<-- [start:eq-...]`` markers, read from the
  source as tests/test_formula_registry.py reads them) is reached within
  about ten library calls (comprehensions not counted);
* the formula functions come in the order of the pipeline page: the model's
  per-feature terms, ``log_joint`` (their sum with the log prior), then the
  decision or the normalisation;
* no frame is without source: no ``<string>`` (a named tuple's or a
  dataclass's generated code), no ``<lambda>``, no ``<frozen abc>`` (an
  ``isinstance`` against an abstract base class);
* ``explain`` of the China document makes at most 150 calls in all;
* ``fit`` on a handful of examples passes the counting formulas the docs show;
* a setting changed after ``fit`` is applied (or refused) where it is
  assigned, never inside the next prediction.

The last tests feed each checker a bad trace, so that none of them can pass
by accident.
"""

import copy
import functools
import gc
import re
import sys
from collections import Counter, namedtuple
from collections.abc import Mapping
from pathlib import Path

import pytest

import naivebayes
from naivebayes import (
    Beta,
    Dirichlet,
    BernoulliNB,
    CategoricalNB,
    ComplementNB,
    GaussianDiscriminantAnalysis,
    GaussianNB,
    HistogramNB,
    JointBayesClassifier,
    MixedNB,
    MultinomialNB,
    PoissonNB,
)
from naivebayes.datasets import load_china, load_play_tennis

# The package by the folder it was imported from, resolved, never by a name: the checkout (and so these tests)
# may sit in a folder called naivebayes too, under a path with spaces or accents (tests/test_tracer_paths.py).
PACKAGE = Path(naivebayes.__file__).resolve().parent
MARKER = re.compile(r"^\s*#\s*--8<--\s*\[start:([a-z][-_0-9a-z]*)\]\s*$")
DEFINITION = re.compile(r"^def (\w+)\(")
COMPREHENSIONS = {"<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>"}
MOST_CALLS_BEFORE_A_FORMULA = 12  # "about ten"
MOST_CALLS_TO_EXPLAIN_CHINA = 150


def formula_functions():
    """{function name: formula id} for every function wrapped in snippet markers in naivebayes/."""
    names = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            marker = MARKER.match(line)
            if marker:
                definition = DEFINITION.match(lines[number + 1])
                if definition:
                    names[definition.group(1)] = marker.group(1)
    return names


FORMULAS = formula_functions()


def in_package(filename, package=None):
    """True for a file of the package's own source (its folder, resolved), false for tests, the standard library, ``<string>``."""
    if package is not None:
        return _inside(filename, Path(package).resolve())
    return _inside(filename, PACKAGE)


@functools.lru_cache(maxsize=None)
def _inside(filename, package):
    if not filename or filename.startswith("<"):  # <string>, <frozen abc>, <lambda>: no file at all
        return False
    return Path(filename).resolve().is_relative_to(package)


class Call:
    """One frame a debugger would stop in: its file, its function, and whether it is the package's."""

    def __init__(self, filename, name, caller=""):
        self.filename = filename
        self.name = name
        self.caller = caller  # the file of the frame that started this one
        self.in_package = in_package(filename)

    def __repr__(self):
        return f"{self.name} ({self.filename})"


def calls_made_by(function, *args):
    """Every function that ``function(*args)`` starts, in order, in the package or not (the call itself first)."""
    calls = []

    def tracer(frame, event, argument):
        if event == "call":
            caller = frame.f_back.f_code.co_filename if frame.f_back is not None else ""
            calls.append(Call(frame.f_code.co_filename, frame.f_code.co_name, caller))
        return None

    # Garbage left by an earlier test (a notebook kernel's sockets, say) could be collected in the middle of the
    # call, and its finalizers would show as frames the call never made: no collection runs during the call.
    # (Only the cyclic collector frees such garbage; a gc.collect() first took 0.4 s a call once the suite's heap
    # was large, a third of the walk tests' time, and is not needed with the collector off.)
    gc.disable()
    sys.settrace(tracer)
    try:
        function(*args)
    finally:
        sys.settrace(None)
        gc.enable()
    return calls


# ---------------------------------------------------------------------------
# The checkers: each returns a list of problems (empty when all is well)
# ---------------------------------------------------------------------------


def library_calls(calls):
    """The package's calls, comprehensions left out (a debugger steps over them in one line)."""
    return [call for call in calls if call.in_package and call.name not in COMPREHENSIONS]


def calls_before_first_formula(calls):
    """How many library calls come between the public call and the first formula function (None: no formula)."""
    steps = library_calls(calls)
    for position, call in enumerate(steps):
        if call.name in FORMULAS:
            return position - 1  # the public call itself is not counted
    return None


def problems_reaching_a_formula(calls, most=MOST_CALLS_BEFORE_A_FORMULA):
    n = calls_before_first_formula(calls)
    if n is None:
        return ["no formula function is reached"]
    if n > most:
        names = [call.name for call in library_calls(calls)][: n + 2]
        return [f"{n} library calls before the first formula (at most {most}): {names}"]
    return []


def problems_without_source(calls):
    """Frames a debugger shows without source: generated code, lambdas, frozen modules."""
    return [
        f"a frame without source: {call!r}"
        for call in calls
        if call.filename.startswith("<") or call.name == "<lambda>"
    ]


def formula_order(calls):
    """The formula functions the call passes, in order."""
    return [call.name for call in library_calls(calls) if call.name in FORMULAS]


def problems_with_order(calls, steps):
    """``steps`` must occur among the formula functions in this order (others may come between)."""
    passed = formula_order(calls)
    position = 0
    for name in passed:
        if position < len(steps) and name == steps[position]:
            position += 1
    if position < len(steps):
        return [f"the steps {steps} are not passed in this order; the formulas passed: {passed}"]
    return []


def problems_with_checks(calls, once=("_check_can_predict", "_check_example")):
    """Each boundary check runs once, and no check runs again inside the steps."""
    names = [call.name for call in library_calls(calls)]
    problems = [f"{name} runs {names.count(name)} times, not once" for name in once if names.count(name) != 1]
    for name in ("_check_fitted", "_check_label", "_class_index", "_follow_changed_settings", "get_params"):
        if name in names:
            problems.append(f"{name} runs inside the call: the checks belong at the boundary, once")
    return problems


def problems_building(calls):
    """A prediction builds nothing: the lookup tables are built when training ends or a setting is assigned."""
    names = {call.name for call in calls}
    return [f"{name} runs inside a prediction" for name in ("_build_lookup_tables", "build_lookups") if name in names]


def problems_counting(calls, formulas):
    """``fit`` passes each of the counting formulas the docs show."""
    names = {call.name for call in calls}
    return [f"fit never passes {name}, the counting formula of the docs" for name in formulas if name not in names]


# ---------------------------------------------------------------------------
# Every model, with a handful of examples and one to predict
# ---------------------------------------------------------------------------

DOCUMENTS, LABELS, TEST_DOCUMENT = load_china()
DAYS, PLAYED, TEST_DAY = load_play_tennis()
NUMBERS = [[1.0, 2], [1.5, 0], [3.0, 5], [2.5, 4]]
AB = ["a", "a", "b", "b"]
MIXED_ROWS = [{"outlook": "sunny", "temperature": 30.0}, {"outlook": "sunny", "temperature": 27.0},
              {"outlook": "rain", "temperature": 15.0}, {"outlook": "rain", "temperature": 18.0}]  # fmt: skip
PAIRS = [{"a": 0, "b": 0}, {"a": 0, "b": 0}, {"a": 0, "b": 1}, {"a": 1, "b": 0}, {"a": 0, "b": 1}]
PLANE = [[1.0, 2.0], [1.5, 0.5], [2.0, 1.0], [3.0, 5.0], [2.5, 4.0], [3.5, 4.5]]

# (name, a fitted model's maker, X, y, the example, the model's per-feature term formulas, its counting formulas)
MODELS = [
    ("multinomial", MultinomialNB, DOCUMENTS, LABELS, TEST_DOCUMENT, ["multinomial_word_terms"], ["add_multinomial_counts"]),
    ("bernoulli", BernoulliNB, DOCUMENTS, LABELS, TEST_DOCUMENT, ["bernoulli_word_terms"], ["add_bernoulli_counts"]),
    ("complement", ComplementNB, DOCUMENTS, LABELS, TEST_DOCUMENT, ["complement_word_terms"], ["add_multinomial_counts"]),
    ("categorical", CategoricalNB, DAYS, PLAYED, TEST_DAY, ["categorical_log_terms"], ["add_categorical_counts"]),
    ("gaussian", GaussianNB, [[x] for x, _ in NUMBERS], AB, [2.0], ["gaussian_log_density"], ["gaussian_mean", "squared_deviations"]),
    ("poisson", PoissonNB, [[k] for _, k in NUMBERS], AB, [3], ["poisson_log_pmf"], ["poisson_rate"]),
    ("histogram", functools.partial(HistogramNB, n_bins=2), [[x] for x, _ in NUMBERS], AB, [2.0], ["histogram_log_terms"], ["histogram_log_density"]),
    ("mixed", MixedNB, MIXED_ROWS, AB, {"outlook": "sunny", "temperature": 20.0}, ["categorical_log_terms", "gaussian_log_density"], ["add_categorical_counts", "gaussian_mean"]),
    ("discriminant", GaussianDiscriminantAnalysis, PLANE, ["a", "a", "a", "b", "b", "b"], [2.0, 3.0], ["log_density_terms"], ["mean_vector", "scatter_matrix"]),
    ("joint", JointBayesClassifier, PAIRS, ["no", "no", "yes", "yes", "yes"], {"a": 0, "b": 1}, ["joint_table_log_likelihood"], ["add_categorical_counts"]),
]  # fmt: skip
IDS = [case[0] for case in MODELS]
LAST_STEP = {"predict": ["decision"], "predict_proba": ["log_posterior", "log_sum_exp"], "explain": ["log_posterior"]}
# A text model's predict adds the rows of log theta (the vector form, one formula that sums with log P(c) too);
# explain shows the per-feature terms and their sum.
ROWS = {"multinomial": "multinomial_joint_log_likelihoods", "bernoulli": "bernoulli_joint_log_likelihoods",
        "complement": "multinomial_joint_log_likelihoods"}  # fmt: skip


def scoring_steps(case, method):
    """The formula steps a prediction passes before Bayes' rule: the terms and log_joint, or a text model's rows."""
    name, terms = case[0], case[5]
    if name in ROWS and method != "explain":
        return [ROWS[name]]
    return [terms[0], "log_joint"]


def fitted(case):
    _, Model, X, y, example, _, _ = case
    return Model().fit(X, y), example


def one_call(model, method, example):
    """(the bound method, its arguments): one example, in the form each method takes."""
    return getattr(model, method), (example if method == "explain" else [example])


def test_every_named_step_is_a_formula_function():
    for _, _, _, _, _, terms, counting in MODELS:
        for name in terms + counting + list(ROWS.values()) + ["log_joint", "decision", "log_posterior", "log_sum_exp"]:
            assert name in FORMULAS, f"{name} is not wrapped in snippet markers"


@pytest.mark.parametrize("method", ["predict", "predict_proba", "explain"])
@pytest.mark.parametrize("case", MODELS, ids=IDS)
def test_one_prediction_walks_the_pipeline_page(case, method):
    model, example = fitted(case)
    terms = case[5]
    function, argument = one_call(model, method, example)
    calls = calls_made_by(function, argument)
    assert problems_reaching_a_formula(calls) == []
    assert problems_with_order(calls, [*scoring_steps(case, method), *LAST_STEP[method]]) == []
    for term in terms[1:]:  # (a mixed row passes each of its kinds' formulas before the sum)
        assert problems_with_order(calls, [term, "log_joint"]) == []
    assert problems_without_source(calls) == []
    assert problems_with_checks(calls) == []
    assert problems_building(calls) == []


def test_explaining_the_china_document_takes_few_calls():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    calls = calls_made_by(model.explain, TEST_DOCUMENT)
    assert len(calls) <= MOST_CALLS_TO_EXPLAIN_CHINA, f"{len(calls)} calls"
    assert [call.name for call in library_calls(calls)].count("multinomial_word_terms") == 1


@pytest.mark.parametrize("case", MODELS, ids=IDS)
def test_fit_on_a_handful_passes_the_counting_formulas(case):
    _, Model, X, y, _, _, counting = case
    calls = calls_made_by(Model().fit, X, y)
    assert problems_counting(calls, counting) == []


# A prior as the smoothing (docs/priors.md) takes its own branch in the three count models: it walks as briefly.
PRIOR_CASES = [
    ("multinomial, per-word Dirichlet", MultinomialNB, {"alpha": Dirichlet(1, per_value={"chinese": 2})}, DOCUMENTS,
     LABELS, TEST_DOCUMENT),
    ("bernoulli, Beta(2, 3)", BernoulliNB, {"alpha": Beta(2, 3)}, DOCUMENTS, LABELS, TEST_DOCUMENT),
    ("bernoulli, MAP under Beta(2, 2)", BernoulliNB, {"alpha": Beta(2, 2, estimate="map")}, DOCUMENTS, LABELS,
     TEST_DOCUMENT),
    ("categorical, Dirichlet(2) and a class prior", CategoricalNB, {"alpha": Dirichlet(2), "class_prior": Dirichlet(1)},
     DAYS, PLAYED, TEST_DAY),
]


@pytest.mark.parametrize("method", ["predict", "predict_proba", "explain"])
@pytest.mark.parametrize("case", PRIOR_CASES, ids=[case[0] for case in PRIOR_CASES])
def test_a_model_with_a_prior_walks_as_briefly(case, method):
    _, Model, settings, X, y, example = case
    model = Model(**settings).fit(X, y)
    function, argument = one_call(model, method, example)
    calls = calls_made_by(function, argument)
    assert problems_reaching_a_formula(calls) == []
    assert problems_without_source(calls) == []
    assert problems_with_checks(calls) == []


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB, ComplementNB])
def test_a_large_training_set_is_counted_by_the_same_formula(Model):
    documents = DOCUMENTS * 300  # 1,200 documents: once more than a size where training switched to a Counter
    labels = LABELS * 300
    few = {call.name for call in calls_made_by(Model().fit, DOCUMENTS, LABELS) if call.name in FORMULAS}
    many = {call.name for call in calls_made_by(Model().fit, documents, labels) if call.name in FORMULAS}
    assert few == many
    assert Model().fit(documents, labels).feature_counts_ == {
        label: {word: 300 * count for word, count in table.items()}
        for label, table in Model().fit(DOCUMENTS, LABELS).feature_counts_.items()
    }


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB, ComplementNB])
@pytest.mark.parametrize("alpha", [1, 0.5, 0])
def test_the_rows_predict_adds_give_the_terms_explain_shows(Model, alpha):
    if Model is ComplementNB and alpha == 0:
        pytest.skip("ComplementNB takes alpha > 0")
    model = Model(alpha=alpha).fit(DOCUMENTS, LABELS)
    documents = [TEST_DOCUMENT, "Chinese Chinese Macao", "Tokyo Japan", "Osaka", {"chinese": 2, "tokyo": 1}]
    many = model.predict_joint_log_proba(documents)
    one_at_a_time = [model.predict_joint_log_proba([document])[0] for document in documents]
    assert many == one_at_a_time  # one path at every size: the same floats
    formulas_of_many = {call.name for call in calls_made_by(model.predict_joint_log_proba, documents)} & set(FORMULAS)
    formulas_of_one = {call.name for call in calls_made_by(model.predict_joint_log_proba, documents[:1])} & set(FORMULAS)
    assert formulas_of_many == formulas_of_one
    for document, scores in zip(documents, many):
        terms = model.joint_log_likelihood(document)  # the per-feature terms and log_joint, as explain shows them
        for label in model.classes_:
            assert scores[label] == pytest.approx(terms[label], rel=1e-12, abs=1e-12)


# ---------------------------------------------------------------------------
# Settings: applied or refused where they are assigned
# ---------------------------------------------------------------------------

SETTINGS = [
    ("multinomial", "alpha", 2, -5),
    ("bernoulli", "alpha", 2, float("nan")),
    ("categorical", "alpha", 2, -1),
    ("gaussian", "var_smoothing", 1e-3, -1),
    ("poisson", "alpha", 2, 10**400),
    ("histogram", "alpha", 2, -1),
    ("mixed", "ddof", 1, 2),
    ("discriminant", "covariance", "shared", "spherical"),
    ("joint", "alpha", 2, -1),
]


def problems_applying(assigned, predicted):
    """A setting's tables are rebuilt by the assignment itself, and the next prediction builds nothing."""
    problems = [] if "_build_lookup_tables" in {call.name for call in assigned} else ["the assignment rebuilt nothing"]
    return problems + problems_building(predicted)


@pytest.mark.parametrize("name, setting, good, bad", SETTINGS, ids=[s[0] for s in SETTINGS])
def test_a_setting_is_applied_where_it_is_assigned(name, setting, good, bad):
    case = MODELS[IDS.index(name)]
    model, example = fitted(case)
    assigned = calls_made_by(setattr, model, setting, good)
    predicted = calls_made_by(model.predict_proba, [example])
    assert problems_applying(assigned, predicted) == []
    fresh = case[1](**{setting: good}).fit(case[2], case[3])
    assert model.predict_proba([example]) == fresh.predict_proba([example])
    assert model.explain(example) == fresh.explain(example)


@pytest.mark.parametrize("name, setting, good, bad", SETTINGS, ids=[s[0] for s in SETTINGS])
def test_a_bad_setting_is_refused_where_it_is_assigned_and_changes_nothing(name, setting, good, bad):
    model, example = fitted(MODELS[IDS.index(name)])
    before = copy.deepcopy(vars(model))
    predictions = model.predict_proba([example])
    with pytest.raises((ValueError, TypeError), match=setting):
        setattr(model, setting, bad)
    assert vars(model) == before or repr(vars(model)) == repr(before)  # (nan != nan: compared as text too)
    assert model.predict_proba([example]) == predictions


def test_a_setting_the_counts_cannot_go_with_is_refused_at_once():
    model = MultinomialNB().fit(["free prize", ""], ["spam", "ham"])  # ham has no words
    before = model.predict_proba(["free"])
    with pytest.raises(ZeroDivisionError, match="alpha = 0"):
        model.alpha = 0
    assert model.alpha == 1 and model.predict_proba(["free"]) == before


# ---------------------------------------------------------------------------
# Each checker can fail: fed a bad trace, it says what is wrong
# ---------------------------------------------------------------------------


def fake(*names, filename=str(PACKAGE / "naive_bayes" / "base.py")):
    return [Call(filename, name) for name in names]


def test_the_checker_of_the_first_formula_can_fail():
    many = fake("predict", *[f"check_{i}" for i in range(20)], "log_joint")
    assert problems_reaching_a_formula(many) != []
    assert problems_reaching_a_formula(fake("predict", "check", "log_joint")) == []
    assert problems_reaching_a_formula(fake("predict", "check")) == ["no formula function is reached"]
    comprehensions = fake("predict", *["<listcomp>"] * 20, "log_joint")
    assert problems_reaching_a_formula(comprehensions) == []  # comprehensions are not counted


def test_the_checker_of_the_order_can_fail():
    assert problems_with_order(fake("predict", "log_joint", "multinomial_word_terms", "decision"),
                               ["multinomial_word_terms", "log_joint", "decision"]) != []  # fmt: skip
    assert problems_with_order(fake("predict", "multinomial_word_terms", "x", "log_joint", "decision"),
                               ["multinomial_word_terms", "log_joint", "decision"]) == []  # fmt: skip


def test_the_checker_of_frames_without_source_can_fail_on_a_real_trace():
    Row = namedtuple("Row", "word count")

    class GeneratedCode(MultinomialNB):  # a named tuple and an abstract class on the stepped path
        def _check_example(self, document, where, training=False):
            counts = super()._check_example(document, where, training)
            assert isinstance(counts, Mapping)  # <frozen abc>
            return {row.word: row.count for row in [Row(word, n) for word, n in counts.items()]}  # <string>

    model = GeneratedCode().fit(DOCUMENTS, LABELS)
    calls = calls_made_by(model.predict, [TEST_DOCUMENT])
    found = " ".join(problems_without_source(calls))
    assert "<frozen abc>" in found and "<string>" in found
    assert problems_without_source(fake("<lambda>", filename=str(PACKAGE / "a.py"))) != []


def test_the_checker_of_checks_and_building_can_fail_on_a_real_trace():
    class CheckingAgain(MultinomialNB):  # the old way: a check and a rebuild inside every step
        def _log_joint_from_rows(self, counts):
            self._check_fitted()
            self._build_lookup_tables()
            return super()._log_joint_from_rows(counts)

    model = CheckingAgain().fit(DOCUMENTS, LABELS)
    calls = calls_made_by(model.predict, [TEST_DOCUMENT])
    assert problems_with_checks(calls) != [] and problems_building(calls) != []
    assert problems_with_checks(fake("predict", "_check_can_predict", "_check_example", "_check_example")) != []


def test_the_checker_of_counting_can_fail_on_a_real_trace():
    class CountingInC(MultinomialNB):  # the old way: a Counter counts, the formula never runs
        def _add_document(self, counts, label):
            table = self.feature_counts_.setdefault(label, {})
            table.update(Counter(table) + Counter(counts))
            n_words = sum(counts.values())
            self.feature_totals_[label] = self.feature_totals_.get(label, 0) + n_words
            lengths = self.document_lengths_.setdefault(label, {})
            lengths[n_words] = lengths.get(n_words, 0) + 1

    calls = calls_made_by(CountingInC().fit, DOCUMENTS, LABELS)
    assert problems_counting(calls, ["add_multinomial_counts"]) != []


def test_the_explain_count_would_catch_the_old_check_chain():
    class OldPriors(MultinomialNB):  # each prior and likelihood checked again, as before
        def _term_likelihoods(self, term):
            return tuple(self.likelihood(term.feature, label) for label in self.classes_)

        def likelihood(self, feature, label):
            for _ in range(10):
                self._check_label(label)
            return super().likelihood(feature, label)

    calls = calls_made_by(OldPriors().fit(DOCUMENTS, LABELS).explain, TEST_DOCUMENT)
    assert len(calls) > MOST_CALLS_TO_EXPLAIN_CHINA


OTHER_FORMS = [
    ("a token list", MultinomialNB(), DOCUMENTS, LABELS, ["chinese", "chinese", "tokyo"]),
    ("a count dict", MultinomialNB(), DOCUMENTS, LABELS, {"chinese": 3, "tokyo": 1}),
    ("a dense row", MultinomialNB(), [[2, 0, 1], [0, 3, 1], [1, 1, 0]], ["a", "b", "a"], [1, 1, 0]),
    ("a float alpha", BernoulliNB(alpha=0.5), DOCUMENTS, LABELS, TEST_DOCUMENT),
    ("no smoothing", BernoulliNB(alpha=0), DOCUMENTS, LABELS, "Chinese Beijing"),
    ("an unseen value", CategoricalNB(alpha=0.5), DAYS, PLAYED, {"outlook": "fog", "wind": "weak"}),
    ("whole numbers", GaussianNB(), [[1, 2], [2, 0], [5, 5], [4, 4]], AB, [3, 2]),
    ("whole-number edges", HistogramNB(n_bins=2), [[1], [3], [5], [4]], AB, [2]),
    ("given priors", CategoricalNB(class_prior={"no": 0.5, "yes": 0.5}), DAYS, PLAYED, TEST_DAY),
]


@pytest.mark.parametrize("what, model, X, y, example", OTHER_FORMS, ids=[form[0] for form in OTHER_FORMS])
def test_other_forms_of_one_example_walk_cleanly_too(what, model, X, y, example):
    model.fit(X, y)
    for method in ("predict", "predict_proba", "explain"):
        function, argument = one_call(model, method, example)
        calls = calls_made_by(function, argument)
        assert problems_without_source(calls) + problems_reaching_a_formula(calls) + problems_with_checks(calls) == []


WIDE = ["age", "workclass", "fnlwgt", "education", "education-num", "marital-status", "occupation",
        "relationship", "race", "sex", "capital-gain", "capital-loss", "hours-per-week", "native-country"]  # fmt: skip


def wide_rows(numbers):
    """20 rows of the 14 Adult features, two classes: strings and floats mixed, or all strings."""
    rows = [{name: (float(i * 7 % (j + 3)) if numbers and j % 2 == 0 else f"v{i * 5 % (j + 2)}")
             for j, name in enumerate(WIDE)} for i in range(20)]  # fmt: skip
    return rows, ["<=50K" if i % 3 else ">50K" for i in range(20)]


@pytest.mark.parametrize("Model, numbers", [(MixedNB, True), (CategoricalNB, False)], ids=["mixed", "categorical"])
def test_a_row_of_14_features_reaches_a_formula_within_ten_calls(Model, numbers):
    rows, labels = wide_rows(numbers)
    model = Model().fit(rows, labels)
    for method in ("predict", "predict_proba", "explain"):
        function, argument = one_call(model, method, rows[0])
        calls = calls_made_by(function, argument)
        assert problems_reaching_a_formula(calls, most=10) + problems_with_checks(calls) == [], method


def test_an_image_of_64_grey_levels_reaches_a_formula_within_ten_calls():
    """A pixel is 0 or 1 as often as not: such a number is checked once, with the row, not pixel by pixel."""
    images = [[(3 * i + j) % 17 if (i + j) % 3 else (i + j) % 2 for j in range(64)] for i in range(12)]
    model = CategoricalNB().fit(images, [i % 3 for i in range(12)])
    for method in ("predict", "predict_proba", "explain"):
        function, argument = one_call(model, method, images[0])
        calls = calls_made_by(function, argument)
        assert problems_reaching_a_formula(calls, most=10) + problems_with_checks(calls) == [], method


def test_the_checker_of_settings_can_fail_on_a_real_trace():
    class FollowsLater(MultinomialNB):  # the old way: a changed setting noticed inside the next prediction
        def __setattr__(self, name, value):
            self.__dict__[name] = value  # (past the Setting, which would rebuild the tables at once)

        def _log_joints(self, examples):
            self._build_lookup_tables()
            return super()._log_joints(examples)

    model = FollowsLater().fit(DOCUMENTS, LABELS)
    assigned = calls_made_by(setattr, model, "alpha", 2)
    predicted = calls_made_by(model.predict_proba, [TEST_DOCUMENT])
    assert len(problems_applying(assigned, predicted)) == 2
