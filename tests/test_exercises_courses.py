"""The exercises on issue 32's course formulas (naivebayes/exercises/course_exercises.py), each by its own checks.

For every exercise: the statement shows the docs page's formula; the
library's own function passes, with its model runs on shipped data; a second
right version, written another way, passes; each planted mistake, written as
a student would write it, fails with that mistake's hint.  The hand answers
are the books' numbers (IIR's export/poultry 284 and 0.0001105 bits, Jurafsky
and Martin's negated sentence), checked here against the library exactly.
"""

import inspect
import itertools
import math
import os
import re
import struct
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from exercise_checks import assert_every_known_mistake_is_planted, assert_the_mistake_fails_with_its_hint

from naivebayes.exercises import exercise, exercises
from naivebayes.exercises.course_exercises import COURSE_EXERCISES
from naivebayes.text.hashing import murmurhash3_32

ROOT = Path(__file__).resolve().parents[1]
SMS_SPAM = Path(os.environ.get("NAIVEBAYES_SMS_SPAM_PATH", ROOT.parent / "shared" / "data" / "sms-spam"))
NAMES_CORPUS = Path(os.environ.get("NAIVEBAYES_NAMES_PATH", ROOT.parent / "shared" / "data" / "names" / "names.zip"))
REVIEWS = Path(os.environ.get("NAIVEBAYES_MOVIE_REVIEWS_PATH",
                             ROOT.parent / "shared" / "data" / "movie-reviews" / "review_polarity.tar.gz"))
REUTERS = Path(os.environ.get("NAIVEBAYES_REUTERS_PATH",
                             ROOT.parent / "shared" / "data" / "reuters21578" / "reuters21578.tar.gz"))
CORPORA = {"SMS Spam Collection": "NAIVEBAYES_SMS_SPAM_PATH", "names corpus": "NAIVEBAYES_NAMES_PATH",
           "movie reviews": "NAIVEBAYES_MOVIE_REVIEWS_PATH", "Reuters-21578": "NAIVEBAYES_REUTERS_PATH"}
NAMES = ["negation", "lexicon-count", "affix-features", "character-ngrams", "murmurhash3", "feature-hash", "chi-square",
         "expected-mutual-information", "combined-score", "likelihood-ratio", "odds-ratio", "counts-at-thresholds",
         "false-positive-rate", "roc-auc", "average-precision", "decision-cost", "bootstrap-sample",
         "bootstrap-p-value", "multilabel-counts", "micro-average", "weighted-class-counts", "weighted-counts"]
QUICK = {"n_random": 15}
PUNCTUATION = set(",.!?;:")


@pytest.fixture(autouse=True)
def without_corpora(monkeypatch):
    """The quick tests run offline: the runs on the corpora skip (the tests below give them their copies)."""
    for variable in CORPORA.values():
        monkeypatch.delenv(variable, raising=False)


def test_the_course_exercises_come_after_the_notes_exercises_in_the_registry():
    assert sorted(e.name for e in COURSE_EXERCISES) == sorted(NAMES)
    order = [e.name for e in exercises()]
    assert order[-len(NAMES):] == NAMES
    assert order.index("mutual-information") < order.index("negation")


def page_display(page, anchor):
    """The $$ ... $$ display under the heading that carries ``{#anchor}``, without the $$ lines."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    after = text[text.index("{#" + anchor + "}"):]
    return re.search(r"^\$\$\n(.*?)\n\$\$$", after, re.S | re.M).group(1).strip()


@pytest.mark.parametrize("name", NAMES)
def test_the_statement_shows_the_formula_of_the_docs_page_and_the_function_the_model_calls(name):
    e = exercise(name)
    assert " ".join(e.latex.split()) == " ".join(page_display(e.page, e.formula_id).split())
    assert f"Formula: docs/{e.page}#{e.formula_id}" in e.function.__doc__
    assert set(e.arguments) == set(inspect.signature(e.function).parameters)
    assert e.function_name in str(e) and "raise NotImplementedError" in e.stub()


@pytest.mark.parametrize("name", NAMES)
def test_the_librarys_own_function_passes_and_the_offline_model_runs_agree(name):
    e = exercise(name)
    report = e.check(e.function)
    assert report.passed, str(report)
    in_model = [row for row in report.checks if row[0].startswith("in the model")]
    assert in_model, "each exercise puts the function into a model"
    for check, result, detail in in_model:
        corpus = next((corpus for corpus in CORPORA if corpus in check), None)
        if corpus:
            assert result == "skipped" and CORPORA[corpus] in detail
        else:
            assert result == "passed" and detail.startswith(f"with your {e.function_name}, "), (check, detail)


@pytest.mark.parametrize("name", NAMES)
def test_the_hand_answers_are_what_the_library_gives(name):
    e = exercise(name)
    for case in e.hand_cases:
        answer = e.observe(e.function, case.args)  # (on copies: a case keeps its generator unused)
        if isinstance(case.expected, Fraction):
            assert answer == case.expected, case.about  # exact
        else:
            assert e.compare(answer, case.expected), case.about


def test_the_books_numbers():
    chi2 = exercise("chi-square").hand_cases[0]
    assert round(float(chi2.expected)) == 284  # IIR 13.5.2: X^2(export, poultry) = 284
    information = exercise("expected-mutual-information").hand_cases[0]
    assert round(information.expected, 7) == 0.0001105  # IIR 13.5.1
    sentence = exercise("negation").hand_cases[0]
    assert " ".join(sentence.expected) == "didn't NOT_like NOT_this NOT_movie , but i"  # J&M 4.4
    assert murmurhash3_32("foo") - 2**32 == -156908512  # scikit-learn's murmurhash3_32("foo")


def test_the_sms_spam_run_uses_the_collection_when_it_is_here(monkeypatch):
    if not SMS_SPAM.exists():
        pytest.skip("no local SMS Spam Collection (set NAIVEBAYES_SMS_SPAM_PATH)")
    monkeypatch.setenv("NAIVEBAYES_SMS_SPAM_PATH", str(SMS_SPAM))
    e = exercise("roc-auc")
    report = e.check(e.function, n_random=5)
    row = next(row for row in report.checks if "SMS Spam Collection" in row[0])
    assert row[1] == "passed", row
    assert 0.95 < float(re.search(r"AUC of ([0-9.]+)", row[2]).group(1)) <= 1


def test_the_names_run_uses_the_corpus_when_it_is_here(monkeypatch):
    if not NAMES_CORPUS.exists():
        pytest.skip("no local names corpus (set NAIVEBAYES_NAMES_PATH)")
    monkeypatch.setenv("NAIVEBAYES_NAMES_PATH", str(NAMES_CORPUS))
    e = exercise("affix-features")
    report = e.check(e.function, n_random=5)
    row = next(row for row in report.checks if "names corpus" in row[0])
    assert row[1] == "passed", row
    assert 0.7 < float(re.search(r"accuracy of ([0-9.]+)", row[2]).group(1)) < 0.9


def test_the_names_ngram_run_uses_the_corpus_when_it_is_here(monkeypatch):
    if not NAMES_CORPUS.exists():
        pytest.skip("no local names corpus (set NAIVEBAYES_NAMES_PATH)")
    monkeypatch.setenv("NAIVEBAYES_NAMES_PATH", str(NAMES_CORPUS))
    report = exercise("character-ngrams").check(SECOND_VERSIONS["character-ngrams"], n_random=5)
    row = next(row for row in report.checks if "names corpus" in row[0])
    assert row[1] == "passed", row
    assert 0.75 < float(re.search(r"accuracy of ([0-9.]+)", row[2]).group(1)) < 0.9


def test_the_murmurhash3_answers_are_the_published_vectors_and_scikit_learns():
    e = exercise("murmurhash3")
    assert [case.expected for case in e.hand_cases[:8]] == [  # Stack Overflow 14747343's table, in its order
        0, 0x514E28B7, 0x81F16F39, 0x76293B50, 0xF55B516B, 0x7E4A8634, 0x72661CF4, 0x2362F9DE]
    murmurhash = pytest.importorskip("sklearn.utils.murmurhash")
    for case in e.hand_cases:
        assert murmurhash.murmurhash3_32(*case.args, positive=True) == case.expected, case.about


def test_the_bootstrap_positions_are_numpys():
    np = pytest.importorskip("numpy")
    for case in exercise("bootstrap-sample").hand_cases:
        n, generator = case.args
        assert np.random.RandomState(generator.seed).randint(0, n, size=n).tolist() == case.expected, case.about


def test_the_character_ngrams_are_scikit_learns():
    text_module = pytest.importorskip("sklearn.feature_extraction.text")
    for case in exercise("character-ngrams").hand_cases:
        text, n_min, n_max, word_boundaries = case.args
        analyzer = text_module.CountVectorizer(analyzer="char_wb" if word_boundaries else "char",
                                               ngram_range=(n_min, n_max)).build_analyzer()
        assert Counter(analyzer(text)) == Counter(case.expected), case.about


def test_the_reviews_and_reuters_runs_use_the_corpora_when_they_are_here(monkeypatch):
    """A slower check (about 20 s): negation on Pang and Lee's fold 0, the micro average on Reuters' ten largest."""
    if not (REVIEWS.exists() and REUTERS.exists()):
        pytest.skip("no local movie reviews or Reuters-21578")
    monkeypatch.setenv("NAIVEBAYES_MOVIE_REVIEWS_PATH", str(REVIEWS))
    monkeypatch.setenv("NAIVEBAYES_REUTERS_PATH", str(REUTERS))
    runs = (("negation", "movie reviews", 0.7, 0.9), ("micro-average", "Reuters-21578", 0.8, 0.95))
    for name, corpus, low, high in runs:
        report = exercise(name).check(SECOND_VERSIONS[name], n_random=5)
        row = next(row for row in report.checks if corpus in row[0])
        assert row[1] == "passed", row
        assert low < float(re.search(r"of ([0-9.]+), as the library does", row[2]).group(1)) < high


# -- second versions, written another way ------------------------------------------------


def is_negation(token):
    return token.lower() in {"not", "no", "never"} or token.lower().endswith("n't")


def negate_by_index(tokens):
    result = list(tokens)
    for i, token in enumerate(tokens):
        j = i - 1  # look back for a negation word before the last punctuation token
        while j >= 0 and not set(tokens[j]) <= PUNCTUATION and not is_negation(tokens[j]):
            j -= 1
        if j >= 0 and is_negation(tokens[j]) and not set(token) <= PUNCTUATION:
            result[i] = "NOT_" + token
    return result


def to_signed(unsigned):
    return int.from_bytes(unsigned.to_bytes(4, "little"), "little", signed=True)


def hashing_trick(row, n_features, alternate_sign=True):
    columns = {}
    for name in row:
        value = row[name]
        if type(value) is str:
            name, value = name + "=" + value, 1
        if value != 0:
            h = to_signed(murmurhash3_32(name.encode("utf-8")))
            sign = -1 if (h < 0 and alternate_sign) else 1
            columns[abs(h) % n_features] = columns.get(abs(h) % n_features, 0) + sign * value
    return columns


def chi_square_by_cells(n11, n10, n01, n00):
    table = [[n00, n01], [n10, n11]]  # table[i][j]: i = contains t, j = in c
    n = n11 + n10 + n01 + n00
    rows = [sum(table[i]) for i in (0, 1)]
    columns = [table[0][j] + table[1][j] for j in (0, 1)]
    if 0 in rows + columns:
        return Fraction(0)
    total = Fraction(0)
    for i in (0, 1):
        for j in (0, 1):
            expected = Fraction(rows[i] * columns[j]) / (Fraction(n) if isinstance(n, int) else n)
            total += (table[i][j] - expected) ** 2 / expected
    return total


def information_from_probabilities(n11, n10, n01, n00):
    n = n11 + n10 + n01 + n00
    p = {(1, 1): n11 / n, (1, 0): n10 / n, (0, 1): n01 / n, (0, 0): n00 / n}
    total = 0.0
    for (i, j), joint in p.items():
        if joint > 0:
            row, column = p[(i, 0)] + p[(i, 1)], p[(0, j)] + p[(1, j)]
            total += joint * math.log(joint / (row * column), 2)
    return max(total, 0.0)


def odds_of_each(p1, p2):
    odds1 = math.inf if p1 == 1 else p1 / (1 - p1)
    odds2 = math.inf if p2 == 1 else p2 / (1 - p2)
    if odds2 == 0:
        return 1 if odds1 == 0 else math.inf
    if odds2 == math.inf:
        return 1 if odds1 == math.inf else 0
    if odds1 == math.inf:
        return math.inf
    return odds1 / odds2


def area_by_pairs(x, y):
    area = 0
    for (x0, y0), (x1, y1) in zip(zip(x, y), zip(x[1:], y[1:])):
        area += (x1 - x0) * (y0 + y1) / 2
    return area


def steps_of_recall(precisions, recalls):
    return sum(((r - r_next) * p for p, r, r_next in zip(precisions, recalls, recalls[1:])), Fraction(0))


def share_beating(sample_deltas, delta):
    return Fraction(len([d for d in sample_deltas if d - 2 * delta > 0]), len(sample_deltas))


def pooled(true_positives, false_counts):
    right, wrong = 0, 0
    for tp, f in zip(true_positives, false_counts):
        right, wrong = right + tp, wrong + f
    return Fraction(right, right + wrong) if right + wrong else Fraction(0)


def count_in_lexicon(tokens, lexicon):
    n = 0
    for token in tokens:
        n += token in lexicon
    return n


def ends_of(word, prefixes, suffixes):
    features = {}
    for k in prefixes:
        features["prefix" + str(k)] = word[0:min(k, len(word))]
    for k in suffixes:
        features["suffix" + str(k)] = word[len(word) - min(k, len(word)):]
    return features


def times_likelier(p1, p2):
    if p2 > 0:
        return Fraction(p1) / Fraction(p2)
    return 1 if p1 == 0 else math.inf


def total_cost(false_positives, false_negatives, cost_false_positive, cost_false_negative):
    return sum([cost_false_positive] * false_positives) + sum([cost_false_negative] * false_negatives)


def weights_by_class(labels, weights):
    totals = {label: 0 for label in labels}
    for label, weight in zip(labels, weights):
        totals[label] += weight
    return totals


def share_of_negatives(false_positives, n_negative):
    return Fraction(false_positives) / Fraction(n_negative)


def one_score(class_scores, combine="max"):
    ordered = sorted(class_scores)
    return ordered[-1] if combine == "max" else math.fsum(ordered) / len(ordered)


def counts_by_distinct_score(outcomes, scores):
    positives, negatives = {}, {}
    for outcome, score in zip(outcomes, scores):
        positives[score] = positives.get(score, 0) + outcome
        negatives[score] = negatives.get(score, 0) + 1 - outcome
    thresholds = sorted(positives, reverse=True)
    return (thresholds, list(itertools.accumulate(positives[t] for t in thresholds)),
            list(itertools.accumulate(negatives[t] for t in thresholds)))


def tables(true_sets, predicted_sets, classes, swapped=False, support="fn", with_tn=True, seen_only=False):
    if seen_only:
        seen = set().union(*true_sets, *predicted_sets)
        classes = [c for c in classes if c in seen]
    found = {}
    for c in classes:
        pairs = Counter((c in truth, c in predicted) for truth, predicted in zip(true_sets, predicted_sets))
        fp, fn = pairs[False, True], pairs[True, False]
        if swapped:
            fp, fn = fn, fp
        table = {"tp": pairs[True, True], "fp": fp, "fn": fn, "tn": pairs[False, False]}
        table["support"] = table["tp"] + table[support]
        if not with_tn:
            del table["tn"]
        found[c] = table
    return found


def positions_by_choice(n, generator):
    return generator.choice(list(range(n)), size=n)


def scaled(counts, weight):
    return dict(zip(counts, (weight * x for x in counts.values())))


def runs_of_letters(text, n_min, n_max, word_boundaries=False, end=0, top=1, pad=" ", squeeze=True, short=True):
    if squeeze:
        text = re.sub(r"\s{2,}", " ", text)
    pieces = [pad + word + pad for word in text.split()] if word_boundaries else [text]
    grams = []
    for piece in pieces:
        longest = n_max + top - 1
        whole = word_boundaries and short and longest >= len(piece)
        if whole:
            longest = len(piece) - 1
        for i in range(len(piece)):
            for n in range(n_min, longest + 1):
                if i + n <= len(piece) - end:
                    grams.append(piece[i:i + n])
        if whole:
            grams.append(piece)
    return grams


def rotl(x, r):
    return ((x << r) % 2**32) | (x >> (32 - r))


def rotr(x, r):
    return (x >> r) | ((x << (32 - r)) % 2**32)


def murmur_by_struct(data, seed=0, order="<", tail=True, length=True, signed=False, rotate=rotl):
    if isinstance(data, str):
        data = data.encode("utf-8")
    m = 2**32
    whole = len(data) // 4 * 4
    h = seed
    for (k,) in struct.iter_unpack(order + "I", data[:whole]):
        k = rotate(k * 0xCC9E2D51 % m, 15) * 0x1B873593 % m
        h = (rotate(h ^ k, 13) * 5 + 0xE6546B64) % m
    rest = data[whole:]
    if rest and tail:
        k = sum(byte << (8 * i) for i, byte in enumerate(rest if order == "<" else reversed(rest)))
        h ^= rotate(k * 0xCC9E2D51 % m, 15) * 0x1B873593 % m
    if length:
        h ^= len(data)
    for shift, factor in ((16, 0x85EBCA6B), (13, 0xC2B2AE35)):
        h = (h ^ (h >> shift)) * factor % m
    h ^= h >> 16
    return h - m if signed and h >= m // 2 else h


SECOND_VERSIONS = {
    "counts-at-thresholds": counts_by_distinct_score, "multilabel-counts": tables,
    "bootstrap-sample": positions_by_choice, "weighted-counts": scaled, "character-ngrams": runs_of_letters,
    "murmurhash3": murmur_by_struct,
    "false-positive-rate": share_of_negatives, "combined-score": one_score,
    "lexicon-count": count_in_lexicon, "affix-features": ends_of, "likelihood-ratio": times_likelier,
    "decision-cost": total_cost, "weighted-class-counts": weights_by_class,
    "negation": negate_by_index, "feature-hash": hashing_trick, "chi-square": chi_square_by_cells,
    "expected-mutual-information": information_from_probabilities, "odds-ratio": odds_of_each,
    "roc-auc": area_by_pairs, "average-precision": steps_of_recall, "bootstrap-p-value": share_beating,
    "micro-average": pooled,
}


@pytest.mark.parametrize("name", NAMES)
def test_a_second_right_version_written_another_way_passes(name):
    report = exercise(name).check(SECOND_VERSIONS[name])
    assert report.passed, str(report)


def test_the_odds_of_absence_give_the_odds_ratio_upside_down():
    assert exercise("odds-ratio").check(lambda p1, p2: odds_of_each(1 - p1, 1 - p2), **QUICK).first_failure.hint \
        == next(m.hint for m in exercise("odds-ratio").mistakes if m.name == "upside down")


def test_chi_square_in_numpy_integers_passes_the_small_cases_and_fails_at_scale_with_the_reason():
    np = pytest.importorskip("numpy")

    def numpy_chi_square(n11, n10, n01, n00):
        table = np.array([[n11, n10], [n01, n00]])
        rows, columns = table.sum(axis=1), table.sum(axis=0)
        if (rows == 0).any() or (columns == 0).any():
            return 0.0
        with np.errstate(over="ignore"):
            top = table.sum() * (table[0, 0] * table[1, 1] - table[0, 1] * table[1, 0]) ** 2
        return float(top / (rows.prod() * columns.prod()))

    e = exercise("chi-square")
    report = e.check(numpy_chi_square)
    results = {check: result for check, result, _ in report.checks}
    assert results[f"hand-computed cases ({len(e.hand_cases)})"] == "passed"
    assert results["random cases against the library (40)"] == "passed"
    assert report.first_failure.hint == e.at_scale[0].reason and "int64" in e.at_scale[0].reason
    assert e.function(*e.at_scale[0].args) == Fraction(232203012262608245628, 816792780071355235)  # exact


def test_a_negation_that_changes_its_tokens_is_told_so():
    def in_place(tokens):
        for i, token in enumerate(negate_by_index(tokens)):
            tokens[i] = token
        return tokens

    report = exercise("negation").check(in_place, **QUICK)
    assert not report.passed and "changed its input" in report.first_failure.problem


# -- planted mistakes, as a student writes them ------------------------------------------


def marking(tokens, negates=is_negation, ends=lambda token: set(token) <= PUNCTUATION, mark_the_word=False,
            one_word=False):
    out, on = [], False
    for token in tokens:
        if ends(token):
            on = False
            out.append(token)
            continue
        if mark_the_word and negates(token):
            on = True
        out.append("NOT_" + token if on else token)
        if one_word:
            on = False
        if negates(token):
            on = True
    return out


def signed_hash(name):
    return to_signed(murmurhash3_32(name))


def hash_rows(row, m, alternate_sign=True, column=lambda h, m: abs(h) % m, add=True, categories=True,
              signs=True, unsigned=False):
    out = {}
    for name, value in row.items():
        if isinstance(value, str):
            name, value = (f"{name}={value}", 1) if categories else (name, 1)
        if not value:
            continue
        h = murmurhash3_32(name) if unsigned else signed_hash(name)
        j = column(h, m)
        value = -value if (signs and alternate_sign and h < 0) else value
        out[j] = out.get(j, 0) + value if add else value
    return out


def margins(n11, n10, n01, n00):
    return n11 + n10, n01 + n00, n11 + n01, n10 + n00  # N_1., N_0., N_.1, N_.0


def quotient(top, bottom):
    return Fraction(top, bottom) if isinstance(top, int) and isinstance(bottom, int) else top / bottom


def chi_square_quarters(n11, n10, n01, n00):
    quarter = quotient(n11 + n10 + n01 + n00, 4)
    return sum((cell - quarter) ** 2 / quarter for cell in (n11, n10, n01, n00))


def chi_square_unsquared(n11, n10, n01, n00):
    a, b, c, d = margins(n11, n10, n01, n00)
    return quotient((n11 + n10 + n01 + n00) * (n11 * n00 - n10 * n01), a * b * c * d) if a * b * c * d else 0


def chi_square_no_n(n11, n10, n01, n00):
    a, b, c, d = margins(n11, n10, n01, n00)
    return quotient((n11 * n00 - n10 * n01) ** 2, a * b * c * d) if a * b * c * d else 0


def chi_square_over_observed(n11, n10, n01, n00):
    n = n11 + n10 + n01 + n00
    with_t, without_t, in_c, not_c = margins(n11, n10, n01, n00)
    cells = [(n11, with_t, in_c), (n10, with_t, not_c), (n01, without_t, in_c), (n00, without_t, not_c)]
    return sum((cell - quotient(row * column, n)) ** 2 / cell for cell, row, column in cells if cell > 0)


def information(n11, n10, n01, n00, log=math.log2, weighted=True, cells=4, columns_swapped=False):
    n = n11 + n10 + n01 + n00
    with_t, without_t, in_c, not_c = margins(n11, n10, n01, n00)
    table = [(n11, with_t, in_c), (n10, with_t, not_c), (n01, without_t, in_c), (n00, without_t, not_c)]
    if columns_swapped:
        table = [(n11, with_t, in_c), (n10, with_t, in_c), (n01, without_t, not_c), (n00, without_t, not_c)]
    total = 0.0
    for cell, row, column in table[:cells]:
        if cell:
            total += (cell / n if weighted else 1) * log(n * cell / (row * column))
    return total


def odds_upside_down(p1, p2):
    return odds_of_each(p2, p1)


def likelihood_ratio(p1, p2):
    if p2 == 0:
        return math.inf if p1 else 1
    return p1 / p2


def log_odds(p1, p2):
    return math.log(p1 / (1 - p1)) - math.log(p2 / (1 - p2))


def rectangles(x, y, right=False):
    return sum((x[k + 1] - x[k]) * (y[k + 1] if right else y[k]) for k in range(len(x) - 1))


def precision_steps(precisions, recalls, weight):
    return sum((recalls[k] - recalls[k + 1]) * weight(precisions, k) for k in range(len(recalls) - 1))


def counted(sample_deltas, delta, beats, share=True):
    count = sum(1 for d in sample_deltas if beats(d, delta))
    return Fraction(count, len(sample_deltas)) if share else count


def mean_of_precisions(true_positives, false_counts):
    per_class = [Fraction(tp, tp + f) if tp + f else 0 for tp, f in zip(true_positives, false_counts)]
    return sum(per_class) / len(per_class)


def threshold_steps(outcomes, scores, rising=False, ties_apart=False, strictly=False, all_false=False):
    pairs = sorted(zip(scores, outcomes), key=lambda pair: pair[0], reverse=not rising)
    thresholds, tps, fps, tp, fp, start = [], [], [], 0, 0, (0, 0)
    for k, (score, outcome) in enumerate(pairs):
        if k == 0 or pairs[k - 1][0] != score:
            start = (tp, fp)  # the counts above this score
        tp, fp = tp + outcome, fp + (1 if all_false else 1 - outcome)
        if ties_apart or k + 1 == len(pairs) or pairs[k + 1][0] != score:
            thresholds.append(score)
            tps.append(start[0] if strictly else tp)
            fps.append(start[1] if strictly else fp)
    return thresholds, tps, fps


def shuffled_positions(n, generator):
    positions = list(range(n))
    generator.shuffle(positions)
    return positions


PLANTED = {
    "counts-at-thresholds": {
        "ties as separate steps": lambda outcomes, scores: threshold_steps(outcomes, scores, ties_apart=True),
        "lowest first": lambda outcomes, scores: threshold_steps(outcomes, scores, rising=True),
        "> for >=": lambda outcomes, scores: threshold_steps(outcomes, scores, strictly=True),
        "FP counts every example": lambda outcomes, scores: threshold_steps(outcomes, scores, all_false=True),
    },
    "multilabel-counts": {
        "true and predicted swapped": lambda t, p, classes: tables(t, p, classes, swapped=True),
        "support from the predictions": lambda t, p, classes: tables(t, p, classes, support="fp"),
        "TN left out": lambda t, p, classes: tables(t, p, classes, with_tn=False),
        "only the classes seen": lambda t, p, classes: tables(t, p, classes, seen_only=True),
    },
    "bootstrap-sample": {
        "n - 1 as the top": lambda n, generator: [generator.randint(0, n - 1) for _ in range(n)],
        "a permutation": shuffled_positions,
        "one draw repeated": lambda n, generator: [generator.randint(n)] * n,
        "positions from 1": lambda n, generator: [1 + generator.randint(0, n) for _ in range(n)],
    },
    "weighted-counts": {
        "added, not multiplied": lambda counts, weight: {word: x + weight for word, x in counts.items()},
        "the weight for each word": lambda counts, weight: dict.fromkeys(counts, weight),
        "divided by the weight": lambda counts, weight: {word: Fraction(x) / weight for word, x in counts.items()},
        "zero counts dropped": lambda counts, weight: {word: weight * x for word, x in counts.items() if weight * x != 0},
    },
    "character-ngrams": {
        "one n-gram short": lambda text, a, b, wb=False: runs_of_letters(text, a, b, wb, end=1),
        "n_max left out": lambda text, a, b, wb=False: runs_of_letters(text, a, b, wb, top=0),
        "no padding": lambda text, a, b, wb=False: runs_of_letters(text, a, b, wb, pad=""),
        "short padded words dropped": lambda text, a, b, wb=False: runs_of_letters(text, a, b, wb, short=False),
        "whitespace runs kept": lambda text, a, b, wb=False: runs_of_letters(text, a, b, wb, squeeze=False),
    },
    "murmurhash3": {
        "big-endian blocks": lambda data, seed=0: murmur_by_struct(data, seed, order=">"),
        "tail left out": lambda data, seed=0: murmur_by_struct(data, seed, tail=False),
        "length left out": lambda data, seed=0: murmur_by_struct(data, seed, length=False),
        "signed answer": lambda data, seed=0: murmur_by_struct(data, seed, signed=True),
        "rotated right": lambda data, seed=0: murmur_by_struct(data, seed, rotate=rotr),
    },
    "false-positive-rate": {
        "arguments swapped": lambda false_positives, n_negative: n_negative / false_positives,
        "the true negative rate": lambda false_positives, n_negative: 1 - false_positives / n_negative,
        "whole-number division": lambda false_positives, n_negative: false_positives // n_negative,
    },
    "combined-score": {
        "the sum": lambda scores, combine: sum(scores) if combine == "mean" else max(scores),
        "the smallest": lambda scores, combine: sorted(scores)[0] if combine == "max" else sum(scores) / len(scores),
        "the classes above 0": lambda scores, combine: (
            max(scores) if combine == "max" else sum(scores) / len([v for v in scores if v > 0] or [1])),
    },
    "lexicon-count": {
        "distinct words": lambda tokens, lexicon: len({t for t in tokens if t in lexicon}),
        "substrings": lambda tokens, lexicon: sum(1 for t in tokens for w in lexicon if w in t),
        "lowercased": lambda tokens, lexicon: sum(1 for t in tokens if t.lower() in lexicon),
    },
    "affix-features": {
        "short words": lambda word, prefixes, suffixes: {**{f"prefix{k}": word[:k] for k in prefixes},
                                                         **{f"suffix{k}": word[len(word) - k:] for k in suffixes}},
        "one letter too many": lambda word, prefixes, suffixes: {**{f"prefix{k}": word[:k + 1] for k in prefixes},
                                                                 **{f"suffix{k}": word[-k:] for k in suffixes}},
        "suffix backwards": lambda word, prefixes, suffixes: {
            **{f"prefix{k}": word[:k] for k in prefixes},
            **{f"suffix{k}": "".join(reversed(word))[:k] for k in suffixes}},
    },
    "likelihood-ratio": {
        "upside down": lambda p1, p2: times_likelier(p2, p1),
        "difference": lambda p1, p2: p1 - p2,
        "odds ratio": lambda p1, p2: odds_of_each(p1, p2),
    },
    "decision-cost": {
        "costs swapped": lambda fp, fn, c_fp, c_fn: fp * c_fn + fn * c_fp,
        "costs ignored": lambda fp, fn, c_fp, c_fn: fp + fn,
        "mean, not sum": lambda fp, fn, c_fp, c_fn: (fp * c_fp + fn * c_fn) / 2,
    },
    "weighted-class-counts": {
        "weights ignored": lambda labels, weights: {label: labels.count(label) for label in set(labels)},
        "weights normalised": lambda labels, weights: {
            label: w / sum(weights) for label, w in weights_by_class(labels, weights).items()},
        "zero weights dropped": lambda labels, weights: {
            label: w for label, w in weights_by_class(labels, weights).items() if w},
    },
    "negation": {
        "scope to the end": lambda tokens: marking(tokens, ends=lambda token: False),
        "next word only": lambda tokens: marking(tokens, one_word=True),
        "n't forgotten": lambda tokens: marking(tokens, negates=lambda t: t.lower() in ("not", "no", "never")),
        "negation word marked": lambda tokens: marking(tokens, mark_the_word=True),
        "capitals": lambda tokens: marking(tokens, negates=lambda t: t in ("not", "no", "never") or t.endswith("n't")),
    },
    "feature-hash": {
        "unsigned hash": lambda row, m, alternate_sign=True: hash_rows(row, m, alternate_sign, unsigned=True,
                                                                      signs=False),
        "mod of a negative hash": lambda row, m, alternate_sign=True: hash_rows(row, m, alternate_sign,
                                                                               column=lambda h, m: h % m),
        "collisions overwrite": lambda row, m, alternate_sign=True: hash_rows(row, m, alternate_sign, add=False),
        "category's value ignored": lambda row, m, alternate_sign=True: hash_rows(row, m, alternate_sign,
                                                                                 categories=False),
        "sign ignored": lambda row, m, alternate_sign=True: hash_rows(row, m, alternate_sign, signs=False),
    },
    "chi-square": {
        "wrong expected count": chi_square_quarters, "not squared": chi_square_unsquared,
        "N left out": chi_square_no_n, "divided by the observed count": chi_square_over_observed,
    },
    "expected-mutual-information": {
        "nats": lambda *cells: information(*cells, log=math.log),
        "weights left out": lambda *cells: information(*cells, weighted=False),
        "documents with t only": lambda *cells: information(*cells, cells=2),
        "column sums mixed up": lambda *cells: information(*cells, columns_swapped=True),
    },
    "odds-ratio": {
        "likelihood ratio": likelihood_ratio, "upside down": odds_upside_down, "logarithm": log_odds,
    },
    "roc-auc": {
        "rectangles, left": rectangles,
        "rectangles, right": lambda x, y: rectangles(x, y, right=True),
        "not halved": lambda x, y: sum((x1 - x0) * (y0 + y1) for x0, x1, y0, y1 in zip(x, x[1:], y, y[1:])),
        "x and y swapped": lambda x, y: area_by_pairs(y, x),
    },
    "average-precision": {
        "interpolated": lambda p, r: precision_steps(p, r, lambda p, k: max(p[: k + 1])),
        "trapezoids": lambda p, r: precision_steps(p, r, lambda p, k: (p[k] + p[k + 1]) / 2),
        "the next precision": lambda p, r: precision_steps(p, r, lambda p, k: p[k + 1]),
        "mean of the precisions": lambda p, r: sum(p) / len(p),
    },
    "bootstrap-p-value": {
        "2 delta forgotten": lambda deltas, delta: counted(deltas, delta, lambda d, delta: d > delta),
        ">= for >": lambda deltas, delta: counted(deltas, delta, lambda d, delta: d >= 2 * delta),
        "a count, not a share": lambda deltas, delta: counted(deltas, delta, lambda d, delta: d > 2 * delta,
                                                              share=False),
        "the other side": lambda deltas, delta: counted(deltas, delta, lambda d, delta: d <= 2 * delta),
    },
    "micro-average": {
        "macro, not micro": mean_of_precisions,
        "false counts on top": lambda tp, f: Fraction(sum(f), sum(tp) + sum(f)) if sum(tp) + sum(f) else 0,
        "TP left out below": lambda tp, f: Fraction(sum(tp), sum(f)) if sum(f) else 0,
    },
}


def test_every_known_mistake_is_planted():
    assert_every_known_mistake_is_planted(PLANTED, COURSE_EXERCISES)


@pytest.mark.parametrize("name, mistake", [(name, mistake) for name in NAMES for mistake in PLANTED[name]])
def test_a_planted_mistake_fails_with_its_hint(name, mistake):
    assert_the_mistake_fails_with_its_hint(name, mistake, PLANTED[name][mistake], **QUICK)


# -- an instructor's assignment of them --------------------------------------------------


def test_an_assignment_of_the_course_exercises_is_graded(tmp_path):
    from naivebayes.exercises.assignments import write_assignment
    from naivebayes.exercises.grading import grade

    folder = write_assignment(tmp_path / "course", NAMES, n_random=5)
    text = (folder / "assignment.py").read_text(encoding="utf-8")
    bodies = {}
    for name in NAMES:
        e = exercise(name)
        names = ", ".join(inspect.signature(e.function).parameters)
        bodies[e.function_name] = f"from {e.function.__module__} import {e.function_name} as library\n" \
                                  f"return library({names})"
    lines, current = [], None
    for line in text.split("\n"):
        match = re.match(r"def (\w+)\(", line)
        current = match.group(1) if match else current
        if line.strip().startswith("raise NotImplementedError") and current in bodies:
            lines += ["    " + body_line for body_line in bodies[current].split("\n")]
        else:
            lines.append(line)
    handed_in = tmp_path / "handed-in"
    handed_in.mkdir()
    (handed_in / "right.py").write_text("\n".join(lines), encoding="utf-8")
    (handed_in / "untouched.py").write_text(text, encoding="utf-8")
    rows = grade(handed_in, folder / "grading" / "checks.json", tmp_path / "out")
    out_of = sum(2 + 2 + (1 if exercise(name).at_scale else 0) for name in NAMES)
    assert [(row["student"], row["total"]) for row in rows] == [("right", out_of), ("untouched", 0)]
