"""The text exercises (naivebayes/exercises/text_exercises.py): each is checked by its own checks.

For every exercise: the library's own function passes, with the model runs
on shipped data; a second right version, written another way, passes; each
planted mistake, written as a student would write it, fails with that
mistake's hint; an answer that is right on paper but underflows fails with
the at-scale reason.  The hand answers are the exact numbers of the docs
pages.  The 20 Newsgroups runs are a slower check.
"""

import math
import os
import re
from fractions import Fraction
from pathlib import Path

import pytest
from exercise_checks import assert_every_known_mistake_is_planted, assert_the_mistake_fails_with_its_hint

from naivebayes.exercises import exercise, exercises
from naivebayes.exercises.checking import same_answer
from naivebayes.exercises.reproductions import china_exact_posterior, cornell_clipped_accuracy
from naivebayes.exercises.text_exercises import TEXT_EXERCISES
from naivebayes.naive_bayes.bernoulli import BernoulliNB
from naivebayes.naive_bayes.multinomial import MultinomialNB

ROOT = Path(__file__).resolve().parents[1]
ARCHIVE = Path(os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE", ROOT.parent / "shared" / "data" / "20news-bydate.tar.gz"))
NAMES = ["multinomial-counts", "bernoulli-counts", "multinomial-estimate", "multinomial-table", "bernoulli-estimate",
         "multinomial-log-term", "bernoulli-log-term", "multinomial-joint-product", "multinomial-joint-log"]
QUICK = {"n_random": 15}  # fewer random cases where only the first failure matters


@pytest.fixture(autouse=True)
def without_newsgroups(monkeypatch):
    """The quick tests run offline: the 20 Newsgroups runs skip (the slower check below runs them)."""
    monkeypatch.delenv("NAIVEBAYES_20NEWS_ARCHIVE", raising=False)


def test_the_nine_text_exercises_are_registered_in_the_order_of_the_derivation():
    assert sorted(e.name for e in TEXT_EXERCISES) == sorted(NAMES)
    order = [e.name for e in exercises()]
    assert [name for name in order if name in NAMES] == [
        "multinomial-counts", "bernoulli-counts", "multinomial-estimate", "multinomial-table", "bernoulli-estimate",
        "multinomial-log-term", "bernoulli-log-term", "multinomial-joint-product", "multinomial-joint-log"]


def page_display(page, anchor):
    """The $$ ... $$ display under the heading that carries ``{#anchor}``, without the $$ lines."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    after = text[text.index("{#" + anchor + "}"):]
    match = re.search(r"^\$\$\n(.*?)\n\$\$$", after, re.S | re.M)
    return match.group(1).strip()


@pytest.mark.parametrize("name", NAMES)
def test_the_statement_shows_the_formula_of_the_docs_page_and_the_function_the_model_calls(name):
    e = exercise(name)
    assert e.latex == page_display(e.page, e.formula_id)
    assert f"Formula: docs/{e.page}#{e.formula_id}" in e.function.__doc__
    assert set(e.arguments) == set(__import__("inspect").signature(e.function).parameters)
    assert e.function_name in str(e) and "raise NotImplementedError" in e.stub()


@pytest.mark.parametrize("name", NAMES)
def test_the_librarys_own_function_passes_and_the_offline_model_runs_agree(name):
    e = exercise(name)
    report = e.check(e.function)
    assert report.passed, str(report)
    in_model = [row for row in report.checks if row[0].startswith("in the model")]
    assert in_model, "each exercise puts the function into a model"
    for check, result, detail in in_model:
        if "Cornell" in check:
            assert result == "skipped" and "NAIVEBAYES_20NEWS_ARCHIVE" in detail
        else:
            assert result == "passed" and detail.startswith(f"with your {e.function_name}, "), (check, detail)


# -- second versions, written another way ------------------------------------------------


def add_occurrences(word_counts, counts):
    total = 0
    for word in counts:
        x = counts[word]
        total += x
        if x != 0:
            if word in word_counts:
                word_counts[word] += x
            else:
                word_counts[word] = x
    return total


def add_presence(document_counts, counts):
    for word in [w for w, x in counts.items() if x > 0]:
        document_counts[word] = document_counts.setdefault(word, 0) + 1
    return document_counts  # returning the table too is harmless: only the table is checked


def lidstone(count, total, alpha, vocabulary_size):
    return Fraction(count + alpha) / Fraction(total + alpha * vocabulary_size)


def log_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    size = len(vocabulary)
    table = {}
    for word in sorted(vocabulary):
        row = []
        for label in classes:
            top = feature_counts[label].get(word, 0) + alpha
            row.append(-math.inf if top == 0 else math.log(top) - math.log(feature_totals[label] + alpha * size))
        table[word] = row
    return table


def laplace(document_count, class_count, alpha):
    return (Fraction(document_count) + Fraction(alpha)) / (Fraction(class_count) + 2 * Fraction(alpha))


def log_theta(count, total, alpha, vocabulary_size):
    theta = Fraction(count + alpha) / Fraction(total + alpha * vocabulary_size)
    return math.log(theta) if theta else -math.inf


def coin_log(present, document_count, class_count, alpha):
    p = (Fraction(document_count) + Fraction(alpha)) / (Fraction(class_count) + 2 * Fraction(alpha))
    q = p if present else 1 - p
    return math.log(q) if q > 0 else -math.inf


def product_of_factors(prior, counts, likelihoods):
    return prior * math.prod(likelihoods[w] ** x for w, x in counts.items() if w in likelihoods)


def add_rows(counts, rows, log_priors):
    totals = list(log_priors)
    for word, x in counts.items():
        if x and word in rows:
            for k, value in enumerate(rows[word]):
                totals[k] += x * value
    return totals


SECOND_VERSIONS = {
    "multinomial-counts": add_occurrences, "bernoulli-counts": add_presence, "multinomial-estimate": lidstone,
    "multinomial-table": log_rows, "bernoulli-estimate": laplace, "multinomial-log-term": log_theta,
    "bernoulli-log-term": coin_log, "multinomial-joint-product": product_of_factors, "multinomial-joint-log": add_rows,
}


@pytest.mark.parametrize("name", NAMES)
def test_a_second_right_version_written_another_way_passes(name):
    report = exercise(name).check(SECOND_VERSIONS[name])
    assert report.passed, str(report)


def test_a_numpy_version_of_the_table_passes():
    np = pytest.importorskip("numpy")

    def numpy_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
        words = sorted(vocabulary)
        counts = np.array([[feature_counts[c].get(w, 0) for c in classes] for w in words], dtype=float)
        totals = np.array([feature_totals[c] for c in classes], dtype=float)
        with np.errstate(divide="ignore"):
            logs = np.log(counts + float(alpha)) - np.log(totals + float(alpha) * len(words))
        return {word: [float(v) for v in row] for word, row in zip(words, logs)}

    assert exercise("multinomial-table").check(numpy_rows).passed


def test_a_function_that_changes_the_counts_it_reads_is_told_so():
    def inserting(feature_counts, feature_totals, classes, vocabulary, alpha):
        for label in classes:
            for word in vocabulary:
                feature_counts[label].setdefault(word, 0)  # a read that inserts keys
        return log_rows(feature_counts, feature_totals, classes, vocabulary, alpha)

    report = exercise("multinomial-table").check(inserting, **QUICK)
    assert not report.passed
    assert "changed its input" in report.first_failure.problem


# -- planted mistakes, as a student writes them ------------------------------------------


def counts_off_by_one(word_counts, counts):
    for word, x in counts.items():
        if x:
            word_counts[word] = word_counts.get(word, 1) + x
    return sum(counts.values())


def counts_documents(word_counts, counts):
    for word, x in counts.items():
        if x:
            word_counts[word] = word_counts.get(word, 0) + 1
    return sum(counts.values())


def counts_overwritten(word_counts, counts):
    for word, x in counts.items():
        if x:
            word_counts[word] = x
    return sum(counts.values())


def counts_distinct_returned(word_counts, counts):
    for word, x in counts.items():
        if x:
            word_counts[word] = word_counts.get(word, 0) + x
    return len(counts)


def counts_nothing_returned(word_counts, counts):
    for word, x in counts.items():
        if x:
            word_counts[word] = word_counts.get(word, 0) + x


def counts_zero_entries(word_counts, counts):
    for word, x in counts.items():
        word_counts[word] = word_counts.get(word, 0) + x
    return sum(counts.values())


def presence_occurrences(document_counts, counts):
    for word, x in counts.items():
        if x > 0:
            document_counts[word] = document_counts.get(word, 0) + x


def presence_off_by_one(document_counts, counts):
    for word, x in counts.items():
        if x > 0:
            document_counts[word] = document_counts.get(word, 1) + 1


def presence_absent_counted(document_counts, counts):
    for word in counts:
        document_counts[word] = document_counts.get(word, 0) + 1


def presence_overwritten(document_counts, counts):
    for word, x in counts.items():
        if x > 0:
            document_counts[word] = 1


def swapped_estimate(total, count, alpha, vocabulary_size):
    return (count + alpha) / (total + alpha * vocabulary_size)


def own_vocabulary_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    return {word: [math.log((feature_counts[c].get(word, 0) + alpha) / (feature_totals[c] + alpha * len(feature_counts[c])))
                   for c in classes] for word in vocabulary}


def unsmoothed_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    table = {}
    for word in vocabulary:
        row = []
        for c in classes:
            n = feature_counts[c].get(word, 0)
            row.append(-math.inf if n == 0 else math.log(n / feature_totals[c]))
        table[word] = row
    return table


def base_two_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    v = len(vocabulary)
    return {word: [math.log2(feature_counts[c].get(word, 0) + alpha) - math.log2(feature_totals[c] + alpha * v)
                   for c in classes] for word in vocabulary}


def probability_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    v = len(vocabulary)
    return {word: [(feature_counts[c].get(word, 0) + alpha) / (feature_totals[c] + alpha * v) for c in classes]
            for word in vocabulary}


def alpha_once_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    return {word: [math.log(feature_counts[c].get(word, 0) + alpha) - math.log(feature_totals[c] + alpha)
                   for c in classes] for word in vocabulary}


def sorted_classes_rows(feature_counts, feature_totals, classes, vocabulary, alpha):
    return log_rows(feature_counts, feature_totals, sorted(feature_counts), vocabulary, alpha)


def swapped_laplace(class_count, document_count, alpha):
    return (document_count + alpha) / (class_count + 2 * alpha)


def coin_absent_left_out(present, document_count, class_count, alpha):
    if not present:
        return 0.0
    return math.log(document_count + alpha) - math.log(class_count + 2 * alpha)


def coin_absent_as_present(present, document_count, class_count, alpha):
    return math.log(document_count + alpha) - math.log(class_count + 2 * alpha)


def coin_swapped(present, document_count, class_count, alpha):
    matching = class_count - document_count if present else document_count
    return math.log(matching + alpha) - math.log(class_count + 2 * alpha)


def coin_alpha_once(present, document_count, class_count, alpha):
    matching = document_count if present else class_count - document_count
    return math.log(matching + alpha) - math.log(class_count + alpha)


def coin_unsmoothed(present, document_count, class_count, alpha):
    matching = document_count if present else class_count - document_count
    return math.log(matching) - math.log(class_count)


def coin_base_two(present, document_count, class_count, alpha):
    matching = document_count if present else class_count - document_count
    return math.log2(matching + alpha) - math.log2(class_count + 2 * alpha)


def joint_without_exponent(prior, counts, likelihoods):
    joint = prior
    for word in counts:
        if word in likelihoods:
            joint *= likelihoods[word]
    return joint


def joint_without_prior(prior, counts, likelihoods):
    joint = 1
    for word, x in counts.items():
        if word in likelihoods:
            joint *= likelihoods[word] ** x
    return joint


def joint_unseen_as_zero(prior, counts, likelihoods):
    joint = prior
    for word, x in counts.items():
        joint *= likelihoods.get(word, 0) ** x
    return joint


def joint_summed(prior, counts, likelihoods):
    joint = prior
    for word, x in counts.items():
        if word in likelihoods:
            joint += likelihoods[word] ** x
    return joint


def log_joint_without_prior(counts, rows, log_priors):
    return add_rows(counts, rows, [0.0] * len(log_priors))


def log_joint_without_count(counts, rows, log_priors):
    totals = list(log_priors)
    for word, x in counts.items():
        if word in rows and x:
            for k, value in enumerate(rows[word]):
                totals[k] += value
    return totals


def log_joint_zero_counts(counts, rows, log_priors):
    totals = list(log_priors)
    for word, x in counts.items():
        if word in rows:
            for k, value in enumerate(rows[word]):
                totals[k] += x * value
    return totals


def log_joint_unseen_as_log_zero(counts, rows, log_priors):
    totals = list(log_priors)
    for word, x in counts.items():
        if x:
            for k, value in enumerate(rows.get(word, [-math.inf] * len(log_priors))):
                totals[k] += x * value
    return totals


PLANTED = {
    "multinomial-counts": {
        "off by one": counts_off_by_one, "documents, not occurrences": counts_documents,
        "table overwritten": counts_overwritten, "distinct words returned": counts_distinct_returned,
        "nothing returned": counts_nothing_returned, "entries for x_j = 0": counts_zero_entries,
    },
    "bernoulli-counts": {
        "occurrences, not documents": presence_occurrences, "off by one": presence_off_by_one,
        "absent words counted": presence_absent_counted, "table overwritten": presence_overwritten,
    },
    "multinomial-estimate": {
        "smoothing left out": lambda count, total, alpha, vocabulary_size: count / total,
        "alpha once in the denominator": lambda count, total, alpha, vocabulary_size: (count + alpha) / (total + alpha),
        "the Bernoulli 2 alpha": lambda count, total, alpha, vocabulary_size: (count + alpha) / (total + 2 * alpha),
        "count not smoothed": lambda count, total, alpha, vocabulary_size: count / (total + alpha * vocabulary_size),
        "arguments swapped": swapped_estimate,
        "whole-number division": lambda count, total, alpha, v: (count + alpha) // (total + alpha * v),
    },
    "multinomial-table": {
        "the class's own vocabulary": own_vocabulary_rows, "smoothing left out": unsmoothed_rows,
        "base 2": base_two_rows, "probabilities, not logs": probability_rows,
        "alpha once in the denominator": alpha_once_rows, "classes in another order": sorted_classes_rows,
    },
    "bernoulli-estimate": {
        "smoothing left out": lambda document_count, class_count, alpha: document_count / class_count,
        "alpha, not 2 alpha": lambda document_count, class_count, alpha: (document_count + alpha) / (class_count + alpha),
        "count not smoothed": lambda document_count, class_count, alpha: document_count / (class_count + 2 * alpha),
        "arguments swapped": swapped_laplace,
        "absent, not present": lambda n, total, alpha: (total - n + alpha) / (total + 2 * alpha),
        "whole-number division": lambda n, total, alpha: (n + alpha) // (total + 2 * alpha),
    },
    "multinomial-log-term": {
        "base 2": lambda count, total, alpha, v: math.log2(count + alpha) - math.log2(total + alpha * v),
        "base 10": lambda count, total, alpha, v: math.log10((count + alpha) / (total + alpha * v)),
        "not a logarithm": lambda count, total, alpha, v: (count + alpha) / (total + alpha * v),
        "smoothing left out": lambda count, total, alpha, v: math.log(count / total),
        "alpha once in the denominator": lambda count, total, alpha, v: math.log((count + alpha) / (total + alpha)),
        "logs divided": lambda count, total, alpha, v: math.log(count + alpha) / math.log(total + alpha * v),
    },
    "bernoulli-log-term": {
        "absent words left out": coin_absent_left_out, "absent as present": coin_absent_as_present,
        "present and absent swapped": coin_swapped, "alpha, not 2 alpha": coin_alpha_once,
        "smoothing left out": coin_unsmoothed, "base 2": coin_base_two,
    },
    "multinomial-joint-product": {
        "x_j not in the exponent": joint_without_exponent, "prior left out": joint_without_prior,
        "unseen words not skipped": joint_unseen_as_zero, "sum, not product": joint_summed,
    },
    "multinomial-joint-log": {
        "prior left out": log_joint_without_prior, "x_j not multiplied in": log_joint_without_count,
        "zero counts not skipped": log_joint_zero_counts, "unseen words not skipped": log_joint_unseen_as_log_zero,
    },
}


def test_every_known_mistake_is_planted():
    assert_every_known_mistake_is_planted(PLANTED, TEXT_EXERCISES)


@pytest.mark.parametrize("name, mistake", [(name, mistake) for name in NAMES for mistake in PLANTED[name]])
def test_a_planted_mistake_fails_with_its_hint(name, mistake):
    assert_the_mistake_fails_with_its_hint(name, mistake, PLANTED[name][mistake], **QUICK)


# -- at scale ----------------------------------------------------------------------------


def float_product(prior, counts, likelihoods):
    joint = float(prior)
    for word, x in counts.items():
        if word in likelihoods:
            joint *= float(likelihoods[word]) ** x
    return joint


def log_of_the_product(counts, rows, log_priors):
    answers = []
    for k, log_prior in enumerate(log_priors):
        product = math.exp(log_prior)
        for word, x in counts.items():
            if x and word in rows:
                product *= math.exp(rows[word][k]) ** x
        answers.append(math.log(product) if product > 0 else -math.inf)
    return answers


@pytest.mark.parametrize("name, student", [("multinomial-joint-product", float_product),
                                           ("multinomial-joint-log", log_of_the_product)])
def test_a_product_in_floats_passes_the_small_cases_and_fails_at_scale_with_the_reason(name, student):
    e = exercise(name)
    report = e.check(student)
    rows = {check: result for check, result, _ in report.checks}
    assert rows[f"hand-computed cases ({len(e.hand_cases)})"] == "passed"
    assert rows["random cases against the library (40)"] == "passed"
    assert report.first_failure.hint == e.at_scale[0].reason
    assert "underflow" in e.at_scale[0].reason
    assert not report.passed


def test_the_long_document_is_exact_and_below_the_smallest_float():
    e = exercise("multinomial-joint-product")
    exact = e.function(*e.at_scale[0].args)
    assert type(exact) is Fraction and exact > 0 and float(exact) == 0.0
    assert "docs/multinomial.md#eq-multinomial-joint-log" in e.at_scale[0].reason


# -- the hand answers are the docs pages' exact numbers ----------------------------------


@pytest.mark.parametrize("name", ["multinomial-estimate", "bernoulli-estimate", "multinomial-joint-product"])
def test_the_hand_answers_are_exact_fractions_and_the_library_gives_them_exactly(name):
    e = exercise(name)
    for case in e.hand_cases:
        assert type(case.expected) is Fraction
        answer = e.function(*case.args)
        assert type(answer) is Fraction and answer == case.expected, case.about


def test_the_china_example_by_hand():
    estimate, joint = exercise("multinomial-estimate"), exercise("multinomial-joint-product")
    assert [c.expected for c in estimate.hand_cases[:3]] == [Fraction(3, 7), Fraction(1, 14), Fraction(2, 9)]
    china, japan = joint.hand_cases[0].expected, joint.hand_cases[1].expected
    assert (china, japan) == (Fraction(3, 4) * Fraction(3, 7) ** 3 * Fraction(1, 14) ** 2, Fraction(1, 4) * Fraction(2, 9) ** 5)
    assert china / (china + japan) == Fraction(4782969, 6934265) == china_exact_posterior(MultinomialNB)
    assert china_exact_posterior(BernoulliNB) == Fraction(59049, 309049)
    log_joint = exercise("multinomial-joint-log").hand_cases[0].expected
    assert same_answer(log_joint, [math.log(Fraction(81, 268912)), math.log(Fraction(8, 59049))])
    laplace_cases = {c.args: c.expected for c in exercise("bernoulli-estimate").hand_cases}
    assert laplace_cases[(0, 10, 1)] == Fraction(1, 12) and laplace_cases[(0, 10, 0)] == 0  # "Mahalanobis"


# -- Cornell Tech's Lecture 8 on 20 Newsgroups (a slower check) ---------------------------


@pytest.mark.skipif(not ARCHIVE.is_file(), reason="the 20news-bydate.tar.gz archive is not here")
def test_the_bernoulli_exercises_run_cornells_classifier_on_20_newsgroups(monkeypatch):
    monkeypatch.setenv("NAIVEBAYES_20NEWS_ARCHIVE", str(ARCHIVE))
    assert cornell_clipped_accuracy() == Fraction(1963, 2257)  # the note's 1,962, and one post more
    for name, yours in (("bernoulli-counts", add_presence), ("bernoulli-estimate", laplace),
                        ("bernoulli-log-term", coin_log)):
        report = exercise(name).check(yours, n_random=5)
        assert report.passed, str(report)
        cornell = [detail for check, result, detail in report.checks if "Cornell" in check]
        assert cornell and all(detail.startswith("with your") for detail in cornell)
    clipped = next(r for r in exercise("bernoulli-estimate").reproductions if "classifier" in r.says)
    assert clipped.published is None and "training accuracy" in clipped.says and "0.8693" in clipped.says
