"""Throw random input at the public entry points; report anything that is neither a result nor a clear error.

A script to run by hand, not a test (pytest does not collect it: its name does
not start with ``test_``).  From the repository root:

    .venv/bin/python tests/fuzz/fuzz_public_api.py                        # 2000 rounds, seed 0
    .venv/bin/python tests/fuzz/fuzz_public_api.py --rounds 5000 --seed 7
    .venv/bin/python tests/fuzz/fuzz_public_api.py --seed 7 --round 123   # replay one round, call by call
    .venv/bin/python tests/fuzz/fuzz_public_api.py --rounds 40000 --seed 3 --area issue-32   # one area's rounds only

Each round draws its random choices from ``random.Random("<seed>:<round>")``,
so a round can be replayed on its own.  A round picks one area and throws
random input at it: a model class (its constructor, ``fit``,
``partial_fit``, ``predict`` and friends, ``explain``, ``sample``,
``impute``, ``log_marginal``, ``score``, ``prior``, ``merge``, ``to_json`` /
``from_json`` and ``save`` / ``load``, settings changed by assignment and by
``set_params``, ``predict_proba`` from three threads while ``partial_fit``
runs), for every model but ``SemiSupervisedNB``, which has an area of its
own; model files of every kind, corrupted; ``load`` of what is not a regular
file (a pipe, a folder, a socket, ``/dev/zero`` with a size limit, a file
over the limit); the text pipeline (``Tokenizer``, ``porter_stem``,
``BagOfWords``, ``TfidfTransformer``); ``Discretizer``; the metrics;
``log_loss`` and the calibration functions; ``cross_val_score``,
``cross_validate``, ``GridSearchCV`` and ``learning_curve`` (a class where a
model belongs, ``train_sizes=None``, scorings that return text or NaN, folds
at and around the smallest class's size); ``train_test_split``; CSV text for
``read_csv_lines`` and ``read_csv``; tar archives for ``read_archive`` and
``load_20newsgroups(archive=...)``; the command line, and its ``train -o``
given an input under another name (the same path, a link, ``..``); and
issue 32's entry points: ``sample_weight=`` in ``fit`` and ``partial_fit``
of the four count models (odd weights; weights of 2 must give the model of
the examples twice), ``Tokenizer(negation=True)``, ``LexiconCounts``,
``CombinedFeatures``, ``AffixFeatures``, ``CharacterNgrams``,
``FeatureHasher``, ``VocabularySelector``, ``odds_ratios``,
``nltk_informative_features``, the curves and their areas,
``threshold_for_cost``, ``paired_bootstrap_test``, ``misclassified``,
``OneVsRestClassifier`` and the multi-label scores, ``cross_val_predict``,
and the six new loaders given a bad ``path=`` (missing, a folder, a file of
the wrong kind, a cut or damaged archive; never the network); and issue
33's (about 8% of the rounds, by a draw of their own so that the other
rounds keep their input): ``Dirichlet``, ``Beta`` and ``MEstimate`` with odd
pseudo-counts, per-value and per-class tables with unknown keys, pairs of
the wrong length, ``estimate="map"`` below 1 and p that does not add up to 1,
given to ``MultinomialNB``, ``BernoulliNB`` and ``CategoricalNB`` as
``alpha`` or ``class_prior`` at construction, by assignment, by
``set_params`` and in ``GridSearchCV`` (``Dirichlet(alpha)``, and
``Dirichlet(alpha + 1, estimate="map")``, must give alpha's
``predict_proba``); ``regularized_incomplete_beta``, ``beta_quantile`` and
``credible_interval`` at the ends of the floats (each call must end within
5 seconds; I_x must lie in [0, 1], rise with x, keep its symmetry and its
closed forms for a = 1 or b = 1, and the quantile must invert it);
``estimate_table`` (rows that agree with their own counts); ``load_optdigits``
on files that are not UCI's (each refusal must name its line); and the pixel
pictures with odd tables, shapes and markup in their labels (the SVG must
parse as XML with SVG's own tags only).  The
input is half the time well formed with a twist, and half the time
anything: unicode, control characters, surrogates, NUL, huge strings;
labels of every kind (NaN, None, bools, tuples, mixed); rows with odd keys
and values (NaN, inf, huge ints, Fractions, nested lists, dates and times,
NUL bytes); sets, dicts and generators where lists belong; odd settings.

The outcome of every call is one of these (the rules of this script):

* ``result``: the call returned, and the result passed the checks made on
  it (probabilities are finite, in [0, 1] and sum to 1; log-probabilities
  are not NaN; predictions are classes; a split keeps every example; a
  model loaded from its own file predicts what the model did; ...).
* ``library-error``: the call raised ``ValueError``, ``TypeError`` or
  ``LookupError`` (``KeyError``), or a subclass such as
  ``ZeroProbabilityError``, ``NotFittedError``, ``ModelFileError``,
  ``TableError`` or ``ArchiveError``, from a ``raise`` statement inside the
  naivebayes package, with a message that is not empty.  This is the clear
  error the library promises.
* ``other-type-error`` (a note, not a finding): a ``raise`` statement of the
  package with a message, but of another type.  The package does this on
  purpose in a few places, and the unit tests expect it:
  ``ZeroDivisionError`` for ``MultinomialNB(alpha=0)``
  with a class without words, ``FileNotFoundError`` for a missing archive,
  ``IsADirectoryError`` for a folder given to ``load``.  A
  ``FileNotFoundError`` that Python raises for a path the caller gave (it
  names the path) is a note too.  ``--strict-types`` counts them as findings.

Everything else is a finding:

* ``stray-error``: an exception that no ``raise`` statement of the package
  raised: ``IndexError``, ``AttributeError``, ``ZeroDivisionError``,
  ``OverflowError``, ``RecursionError``, ``UnicodeError``, ..., but also a
  ``ValueError`` or ``TypeError`` that Python or the standard library raised
  on the way (``math domain error``, ``'<' not supported between ...``), or
  one raised while building a message.  "Raised by a ``raise`` statement" is
  decided from the last frame of the traceback: it must be in the package and
  point at the start of a ``raise`` statement (Python 3.11+ gives the column;
  older versions only the line).
* ``empty-message``: any error whose message is empty.
* ``wrong-answer``: a result that failed its check (NaN probabilities, rows
  that do not sum to 1, a prediction that is not a class, a merge that does
  not equal one fit on all the data, a thread that read an answer that is
  neither the one before ``partial_fit`` nor the one after it, ``load``
  reading a model from a pipe or a device, ``train -o`` writing over an
  input, ...).
* ``changed-after-failure``: a model (or transformer) that differs after a
  call that raised; compared as a deep snapshot of ``vars(model)``.
* ``changed-by-read``: a model that differs after a call that only reads it
  (``predict``, ``explain``, ``sample``, ``to_json``, ``merge`` of it, ...),
  or an input list that differs after any call.
* ``refused-own-output``: a library error for input the library made itself:
  ``from_json(to_json(model))``, ``load`` of a file ``save`` wrote, or
  ``predict`` of examples that ``sample`` drew (``ZeroProbabilityError``
  excepted: a class can give its own sample probability 0 with ``alpha=0``).
* ``slow``: a call that took longer than ``--time-limit`` seconds (default
  5); ``hang``: one that took three times that, which is interrupted
  (``load`` of a pipe or a device after 2 seconds: it must never wait).
* ``fuzzer-bug``: the script failed outside any call into the package, or a
  call raised before reaching it: fix the script.

What the rules leave alone on purpose (each was a false positive once; the
code says why where it happens): a ``StemCache`` filling its memo of stems
is not a change; a model whose settings were changed after training
rebuilds its lookup tables at its next call, so only its settings and
counts are compared; ``leave_out_tokenizer=True`` leaves out only a
tokenizer that cannot be written, so ``tokenizer=`` is passed back only for
one; a model of one class samples but predicts nothing, so its sample is not
predicted; ``n_bins`` stays at most 10**4, since a cost the caller asks for
(a histogram of 2**70 bins) is not a hang, and for the same reason a
``CharacterNgrams`` with ``n_max`` over 20 gets texts of at most 500
characters; ``nltk_informative_features`` prints, so what it prints is kept
from the report.

The report gives the outcomes per entry point, then each distinct finding
(the same entry point, kind, exception type and last frame count as one)
with a line that reproduces it (arguments longer than ``--repr-limit``
characters are cut, so the replay command is the exact reproducer), and the
last frames of the traceback.  The exit status is 1 if there is a finding,
else 0.
"""

import argparse
import ast
import contextlib
import copy
import datetime
import functools
import inspect
import io
import json
import math
import os
import random
import signal
import sys
import tarfile
import tempfile
import threading
import time
import traceback
import warnings
from collections import Counter, defaultdict
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
if str(REPOSITORY) not in sys.path:  # (run from a checkout without installing it)
    sys.path.insert(0, str(REPOSITORY))

import naivebayes  # noqa: E402
from naivebayes import (  # noqa: E402
    BagOfWords,
    BernoulliNB,
    CategoricalNB,
    ComplementNB,
    Discretizer,
    GaussianDiscriminantAnalysis,
    GaussianNB,
    GridSearchCV,
    HistogramNB,
    JointBayesClassifier,
    KernelNB,
    KFold,
    LogisticRegression,
    MixedNB,
    MultinomialNB,
    PoissonNB,
    SemiSupervisedNB,
    StemCache,
    StratifiedKFold,
    TreeAugmentedNB,
    TfidfTransformer,
    Tokenizer,
    VocabularySelector,
    ZeroProbabilityError,
    accuracy,
    classification_report,
    confusion_matrix,
    cross_val_score,
    cross_validate,
    f1_score,
    from_json,
    learning_curve,
    load,
    merge,
    porter_stem,
    precision,
    precision_recall_f1,
    recall,
    save,
    to_json,
    train_test_split,
)
from naivebayes.datasets import load_20newsgroups  # noqa: E402
from naivebayes import AffixFeatures, CharacterNgrams, CombinedFeatures, FeatureHasher, LexiconCounts  # noqa: E402
from naivebayes.datasets.newsgroups import read_archive  # noqa: E402
from naivebayes import Beta, Dirichlet, MEstimate, estimate_table  # noqa: E402
from naivebayes.core.beta import beta_quantile, credible_interval, regularized_incomplete_beta  # noqa: E402
from naivebayes.datasets.optdigits import load_optdigits  # noqa: E402
from naivebayes.datasets.tabular import Dataset, read_csv, read_csv_lines  # noqa: E402
from naivebayes.evaluation.calibration import (  # noqa: E402
    IsotonicRegression,
    PlattCalibrator,
    brier_score_loss,
    calibration_curve,
    expected_calibration_error,
    log_loss,
    reliability_table,
)

# The package by the folder it was imported from, resolved: never by a name, since the checkout (and this script)
# may sit in a folder called naivebayes too (tests/test_tracer_paths.py checks it).
PACKAGE_DIR = Path(naivebayes.__file__).resolve().parent


@functools.lru_cache(maxsize=None)
def in_package_source(filename, package=PACKAGE_DIR):
    """True for a file of the package's own source, false for this script, the tests, ``<string>``, ..."""
    if not filename or filename.startswith("<"):
        return False
    return Path(filename).resolve().is_relative_to(Path(package).resolve())
OWN_ERROR_TYPES = (ValueError, TypeError, LookupError)  # KeyError is a LookupError
OK_KINDS = ("result", "library-error")
NOTE_KINDS = ("other-type-error",)
FINDING_KINDS = (
    "stray-error",
    "empty-message",
    "wrong-answer",
    "changed-after-failure",
    "changed-by-read",
    "refused-own-output",
    "slow",
    "hang",
    "fuzzer-bug",
)
KIND_ORDER = OK_KINDS + NOTE_KINDS + FINDING_KINDS
ISSUE_33_SHARE = 0.08  # the share of rounds that go to issue 33's entry points (priors, Beta, digits, pictures)

TEXT_MODELS = [MultinomialNB, BernoulliNB]
TABLE_MODELS = [CategoricalNB, GaussianNB, PoissonNB, HistogramNB, MixedNB, JointBayesClassifier, KernelNB,
                TreeAugmentedNB]
MODELS = TEXT_MODELS + TABLE_MODELS + [GaussianDiscriminantAnalysis, LogisticRegression]
# Every kind of model a file can hold.
FILE_MODELS = MODELS + [ComplementNB, SemiSupervisedNB]

REPRODUCER_HEADER = (
    "from naivebayes import *; from naivebayes.datasets.tabular import read_csv_lines; "
    "from math import nan, inf; from fractions import Fraction; from decimal import Decimal; import datetime; "
    "from naivebayes.core.beta import *; from naivebayes.datasets.optdigits import load_optdigits"
)


class CallTimedOut(BaseException):
    """Raised into a call that ran past the hang limit (a BaseException, so that no ``except Exception`` eats it)."""


class Failed:
    """What ``Fuzzer.call`` returns for a call that raised; ``error`` is the exception."""

    def __init__(self, error):
        self.error = error


# ---------------------------------------------------------------------------
# Reproducers: Python text for the values thrown at the library.
# ---------------------------------------------------------------------------

SOURCE_OF = {}  # id(value) -> (value, the Python text that makes it), for values whose repr is not Python


def named(value, text):
    """Remember ``text`` as the Python source of ``value`` (tokenizers, functions, generators); returns value."""
    SOURCE_OF[id(value)] = (value, text)  # (the value is kept, so that its id is not reused)
    return value


def src(value, depth=0):
    """Python text that makes ``value`` again (NaN as ``nan``, named values by their name)."""
    known = SOURCE_OF.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    if depth > 20:
        return "..."
    kind = type(value)
    if kind is float:
        if value != value:
            return "nan"
        if value in (math.inf, -math.inf):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if kind is list:
        return "[" + ", ".join(src(item, depth + 1) for item in value) + "]"
    if kind is tuple:
        inner = ", ".join(src(item, depth + 1) for item in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if kind is dict:
        return "{" + ", ".join(f"{src(k, depth + 1)}: {src(v, depth + 1)}" for k, v in value.items()) + "}"
    if kind is set:
        return "{" + ", ".join(src(item, depth + 1) for item in value) + "}" if value else "set()"
    if kind is frozenset:
        return "frozenset({" + ", ".join(src(item, depth + 1) for item in value) + "})" if value else "frozenset()"
    try:
        return repr(value)
    except Exception as error:  # (a repr that fails is worth knowing, but not here)
        return f"<{kind.__name__} whose repr raised {type(error).__name__}>"


def shorten(text, limit):
    """``text`` cut to ``limit`` characters, saying how long it was."""
    if limit and len(text) > limit:
        return text[:limit] + f"...<cut: {len(text)} chars>"
    return text


def arguments_src(args=(), kwargs=None, limit=300):
    """``a, b, name=c`` with each argument's text cut to ``limit`` characters."""
    parts = [shorten(src(arg), limit) for arg in args]
    parts += [f"{name}={shorten(src(value), limit)}" for name, value in (kwargs or {}).items()]
    return ", ".join(parts)


# ---------------------------------------------------------------------------
# Telling a deliberate error from a stray one, and a changed model from an unchanged one.
# ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def raise_statements(filename):
    """({(line, column)}, {line}) of the start of every ``raise`` statement in a source file."""
    try:
        tree = ast.parse(Path(filename).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return frozenset(), frozenset()
    raises = [node for node in ast.walk(tree) if isinstance(node, ast.Raise)]
    return frozenset((node.lineno, node.col_offset) for node in raises), frozenset(node.lineno for node in raises)


def raised_by_the_package(frame):
    """True when a traceback frame is a ``raise`` statement of the package (not an expression inside it).

    An error raised while the statement builds its exception (a failing
    ``repr`` in the message's f-string) points at the failing expression, a
    column further on, so it is not taken for the deliberate error.
    """
    if not in_package_source(frame.filename):
        return False
    positions, lines = raise_statements(frame.filename)
    column = getattr(frame, "colno", None)  # Python 3.11+
    if column is None:
        return frame.lineno in lines
    return (frame.lineno, column) in positions


def frames_of(error):
    """The traceback's frames, without the alarm handler's frame that interrupted a hang (where it hung matters)."""
    frames = traceback.extract_tb(error.__traceback__)
    if isinstance(error, CallTimedOut) and frames and frames[-1].name == "on_alarm":
        frames = frames[:-1]
    return frames


def message_of(error):
    """The message of an exception (a KeyError's str() is the repr of its argument: use the argument)."""
    if isinstance(error, KeyError) and len(error.args) == 1:
        argument = error.args[0]
        return argument if isinstance(argument, str) else repr(argument)
    try:
        return str(error)
    except Exception:
        return "<str() of the exception failed>"


def canonical(value, depth=0):
    """A hashable, comparable snapshot of ``value``: NaN equals NaN, objects compare by their attributes."""
    if depth > 30:
        return ("too deep",)
    kind = type(value)
    if kind is float:
        return ("nan",) if value != value else value
    if kind in (int, str, bool, bytes, Fraction, complex, type(None)):
        return (kind.__name__, value)
    if isinstance(value, dict):
        return (kind.__name__, tuple((canonical(k, depth + 1), canonical(v, depth + 1)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (kind.__name__, tuple(canonical(item, depth + 1) for item in value))
    if isinstance(value, (set, frozenset)):
        return (kind.__name__, frozenset(canonical(item, depth + 1) for item in value))
    if kind.__name__ == "Pattern":
        return ("Pattern", value.pattern, value.flags)
    if isinstance(value, StemCache):  # its memo of stems grows as it is used: a cache, not a change
        return ("StemCache", canonical(value.stemmer, depth + 1))
    if hasattr(value, "__dict__") and not callable(value) or isinstance(value, Tokenizer):
        return (kind.__name__, canonical(vars(value), depth + 1))
    if kind is Decimal:
        return ("Decimal", str(value))
    return ("id", kind.__name__, id(value))  # functions, generators, random.Random, ...: by identity


def object_state(obj, reduced=None):
    """(reduced, snapshot): the snapshot of a model (or transformer) that a call must not change.

    A model whose settings were changed after training (``model.alpha = 2``)
    rebuilds its lookup tables from its counts at its next call, which is a
    change on purpose; for such a model (``reduced``) only the settings and
    the count tables are compared.  Pass the ``reduced`` of the snapshot
    before the call to take the one after it the same way.
    """
    attributes = vars(obj)
    lookup_settings = attributes.get("_lookup_settings")
    if reduced is None:
        reduced = False
        if lookup_settings is not None and hasattr(obj, "_count_table_names"):
            try:
                reduced = canonical(obj.get_params()) != canonical(lookup_settings)
            except Exception:
                reduced = True
    if reduced:
        keep = set(obj._count_table_names()) | set(obj.get_params())
        attributes = {name: value for name, value in attributes.items() if name in keep}
    return reduced, canonical(attributes)


# ---------------------------------------------------------------------------
# Checks of results: each returns None, or "what is wrong: details".
# ---------------------------------------------------------------------------


def bad_number(value, low=-math.inf, high=math.inf):
    """Why ``value`` is not a real number in [low, high] (None if it is)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        return f"not a number ({src(value)[:60]})"
    if value != value:
        return "NaN"
    if not low <= value <= high:
        return f"{src(value)[:60]} outside [{low}, {high}]"
    return None


def length_of(value):
    """len(value) for a list, tuple, set or dict given as X; None for a generator (its length is unknown)."""
    return len(value) if hasattr(value, "__len__") and not isinstance(value, (str, bytes)) else None


def check_rows_of_classes(result, n, classes):
    if not isinstance(result, list) or n is not None and len(result) != n:
        return f"not a list of {n} dicts: {shorten(src(result), 120)}"
    for i, row in enumerate(result):
        if not isinstance(row, dict) or list(row) != list(classes):
            return f"row {i} is not keyed by classes_ {shorten(src(classes), 80)}: {shorten(src(row), 120)}"
    return None


def check_probabilities(classes, n):
    def check(result):
        problem = check_rows_of_classes(result, n, classes)
        if problem:
            return "malformed probabilities: " + problem
        for i, row in enumerate(result):
            for label, p in row.items():
                why = bad_number(p, 0, 1)
                if why:
                    return f"bad probability: row {i}, class {src(label)[:40]}: {why}"
            total = math.fsum(map(float, row.values()))
            if abs(total - 1) > 1e-6:
                return f"probabilities do not sum to 1: row {i} sums to {total!r}"
        return None

    return check


def check_log_probabilities(classes, n):
    def check(result):
        problem = check_rows_of_classes(result, n, classes)
        if problem:
            return "malformed log-probabilities: " + problem
        for i, row in enumerate(result):
            for label, value in row.items():
                why = bad_number(value, -math.inf, 1e-9)
                if why:
                    return f"bad log-probability: row {i}, class {src(label)[:40]}: {why}"
            total = math.fsum(math.exp(value) for value in row.values())
            if abs(total - 1) > 1e-6:
                return f"log-probabilities do not sum to 1: row {i}: exp sums to {total!r}"
        return None

    return check


def check_joint(classes, n):
    def check(result):
        problem = check_rows_of_classes(result, n, classes)
        if problem:
            return "malformed joint log-likelihoods: " + problem
        for i, row in enumerate(result):
            for label, value in row.items():
                why = bad_number(value, -math.inf, math.inf) or (value == math.inf and "+inf")
                if why:
                    return f"bad joint log-likelihood: row {i}, class {src(label)[:40]}: {why}"
        return None

    return check


def check_predictions(classes, n):
    def check(result):
        if not isinstance(result, list) or n is not None and len(result) != n:
            return f"malformed predictions: not a list of {n}: {shorten(src(result), 120)}"
        for i, label in enumerate(result):
            if label not in classes:
                return f"prediction not a class: X[{i}] -> {src(label)[:60]}"
        return None

    return check


def check_log_marginal(n):
    def check(result):
        if not isinstance(result, list) or n is not None and len(result) != n:
            return f"malformed log p(x): not a list of {n}: {shorten(src(result), 120)}"
        for i, value in enumerate(result):
            why = bad_number(value) or (value == math.inf and "+inf")
            if why:
                return f"bad log p(x): X[{i}]: {why}"
        return None

    return check


def check_number(low, high, what):
    def check(result):
        why = bad_number(result, low, high)
        return f"bad {what}: {why}" if why else None

    return check


def same_probabilities(reference, tolerance, what):
    """A check that the result equals ``reference`` (a list of {label: p}) within ``tolerance``."""

    def check(result):
        if not isinstance(result, list) or len(result) != len(reference):
            return f"{what} differs: {shorten(src(result), 120)} vs {shorten(src(reference), 120)}"
        for i, (a, b) in enumerate(zip(result, reference)):
            if list(a) != list(b):
                return f"{what} differs: row {i} has classes {src(list(a))[:80]}, not {src(list(b))[:80]}"
            for label in a:
                if not abs(a[label] - b[label]) <= tolerance:
                    return f"{what} differs: row {i}, class {src(label)[:40]}: {a[label]!r} vs {b[label]!r}"
        return None

    return check


# ---------------------------------------------------------------------------
# Random input
# ---------------------------------------------------------------------------

WORDS = [
    "free", "prize", "now", "meeting", "noon", "win", "cash", "lunch", "the", "a", "I", "chinese", "tokyo",
    "café", "naïve", "ﬁle", "İstanbul", "STRASSE", "straße", "日本語", "don't", "e-mail", "x_y", "42", "3.14",
    "running", "generalizations", "ponies", "ΣΊΣΥΦΟΣ", "ǅemal",
]
ODD_CHARACTERS = [
    "\x00", "\ud800", "\udfff", "\u0301", "\u200b", "\u2028", "\ufeff", "\t", "\n", "\r", "\x1b", "\x7f", "\x85",
    "🙂", "\U0010ffff", "ß", "Ⅻ", "①", "\u0130", "'", "’", "-", ",", '"', "\\", "\ufffd", "\u202e", "̈",
]
ODD_TEXTS = [
    "", " ", "\x00", "\x00\x00\x00", "\ud800", "\udfff\ud800", "\u0301\u0301", "   \t\n ", "''''", "---",
    "\ufeffbom", "a\u0301b", "İİİ", "ﬀﬁﬂ", "ǅǆǄ", "\U0001f600" * 5, "a" * 300, "nan", "None", "0",
]
NUMBERS = [
    0, 1, 2, 3, -1, 7, 0.0, -0.0, 0.5, 1.5, 2.0, -2.5, 1e-300, 5e-324, 1e300, 1.7976931348623157e308, -1e308,
    math.inf, -math.inf, math.nan, 10**20, 2**53 + 1, 10**400, -(10**400), Fraction(1, 3), Fraction(7, 2),
    Fraction(10**40, 3), True, False,
]
ODD_VALUES = [
    None, math.nan, "", "x", "nan", b"x", [1, 2], [], {}, {"a": 1}, (1, 2), (), {1}, frozenset(), 1 + 2j,
    Decimal("1.5"), Decimal("NaN"), "\ud800", "\x00",
    # dates and times, and NUL bytes inside a value, as a table read from a database holds them
    datetime.datetime(2024, 2, 29, 12, 30), datetime.date(2024, 1, 1), datetime.time(8, 15),
    datetime.timedelta(days=1), "a\x00b", "\x00x\x00",
]
ODD_LABELS = [None, math.nan, math.inf, -math.inf, [1], {"a": 1}, {1}, b"x", Decimal("1"), frozenset({1}), "", (), 1 + 2j]
LABEL_STYLES = {
    "str": ["spam", "ham", "eggs"],
    "int": [0, 1, 2],
    "float": [0.5, 1.5, -2.0],
    "bool": [False, True],
    "tuple": [("a", 1), ("b", 2), ("a", 2)],
    "odd-str": ["", " ", "\ud800", "\x00", "日本"],
    "mixed": [1, "a", 2.5],
    "equal": [1, True, 1.0],  # equal values of different types: one class or three?
    "zero": [0, -0.0, False],
    "big": [10**400, -(10**400), 2**64],
    "fraction": [Fraction(1, 3), Fraction(2, 3), 1],
    "inf": [math.inf, -math.inf, 0.0],
}
FEATURE_NAME_POOLS = [
    ["a", "b", "c", "d"],
    ["outlook", "temperature", "humidity", "wind"],
    ["", " ", "\ud800", "x" * 200],
    [None, "a", 1, (1, 2)],
    [math.nan, "a", 1.5, Fraction(1, 2)],
    [1, True, 1.0, "1"],  # keys equal in a dict
    [10**400, -1, 0, "0"],
]
CATEGORY_POOLS = [["red", "green", "blue"], ["sunny", "rain"], [0, 1, 2], [True, False], [("a",), ("b", 1)], ["", " "]]

PRIOR_POOLS = [True, False, None, 0, 1, "no", math.nan]
SETTING_POOLS = {
    "alpha": [0, 1, 0.5, 2, Fraction(1, 2), 1e-10, 0.0, -1, math.nan, math.inf, "1", True, None, 2**53, 2**53 + 1,
              1e300, 10**400, Decimal("1"), 5e-324],
    "fit_prior": PRIOR_POOLS,
    "unseen": ["ignore", "error", "drop", None, 1],
    "var_smoothing": [1e-9, 0, 0.0, 1e-300, 1, 1e10, -1e-9, math.nan, math.inf, "x", None, True, Fraction(1, 10)],
    "ddof": [0, 1, 2, -1, 0.5, True, None, "1", 1.0],
    # (10**4 bins at most: a histogram costs about 40 us per bin asked for, so a million bins take
    # 40 s, and 2**70 forever, because they were asked for; the fuzzer looks for the hangs that
    # the input does not ask for)
    "n_bins": [10, 1, 2, 3, 0, -1, 2.5, True, None, 10**4, "5"],
    "strategy": ["uniform", "quantile", "kmeans", None, 1],
    "covariance": ["full", "shared", "diagonal", "total", "spherical", None, 1],
    "smooth_idf": [True, False, None, "no"],
    "sublinear_tf": [True, False, None, 1],
    "norm": ["l2", None, "l1", "L2", 2, ""],
    "binary": [True, False, None, "yes"],
    "min_df": [1, 2, 0, -1, 0.0, 0.5, 1.0, 1.5, math.nan, True, None, "1", 10**6],
    "max_df": [1.0, 0.5, 1, 2, 0, 0.0, -0.5, 1.5, math.nan, True, None, "1"],
    "max_features": [None, 1, 2, 100, 0, -1, 1.5, True, "3", 10**400],
    "lowercase": [True, False, None, 0, 1, "no", "False", [], 1.0],
    "pattern": [r"\w+", r"\w+(?:[-'’]\w+)*", r"(?u)\b\w\w+\b", r"\S+", r"[a-z]+", r"\w*", "", "(", r"(\w)(\w)",
                r"(\w+)", rb"\w+", None, 5, r".", r"\d+|\w+", r"\W+"],
    "min_length": [None, 1, 2, 3, 0, -1, 2.5, True, "2", 10**9],
    "stop_words": [None, "english", "klingon", ["the", "a"], [], ["The"], [1, 2], "the", {"now": 1}, ("free",),
                   {"The", "FREE", "Now"}, ["new york"], ["don't"], ["caf\u0065\u0301"], ["\uff34he"]],
    "ngram_range": [(1, 1), (1, 2), (2, 2), (1, 3), (2, 1), (0, 1), (1, 10**9), (1,), None, "12", (1.5, 2),
                    (True, 2), [1, 2], (-1, 2), (1, 10), (1, 11), (10**5000, 10**5000)],
    "unicode_form": ["NFC", "NFKC", None, "NFD", "NFKD", "nfc", "XYZ", 1],
    "test_size": [0.25, 0.5, 0.1, 0.9, 1, 2, 3, 0, 0.0, 1.0, -1, -0.5, 1.5, math.nan, math.inf, True, None, "0.5",
                  Fraction(1, 2), 10**6],
    "random_state": [None, 0, 1, 42, -1, 1.5, "a", 2**64, 2**200, True, math.nan],
    "average": [None, "macro", "micro", "weighted", "binary", "samples", 1, ""],
    "digits": [4, 0, 2, -1, 1.5, None, "4", 100, True],
    # KernelNB, TreeAugmentedNB and LogisticRegression (max_iter stays small: a cost the caller asks for is
    # not a hang)
    "bandwidth": [None, 1, 0.5, 0, 0.0, -1, math.nan, math.inf, "scott", "silverman", "x", True, 1e-300, 1e300,
                  Fraction(1, 2), 10**400, [1], {"a": 1}],
    "root": [None, "a", "b", 0, 1, "nope", [], math.nan, "\ud800", ("a",)],
    "C": [1.0, 0.1, 10, 0, 0.0, -1, math.nan, math.inf, "1", True, None, 1e-300, 1e300, Fraction(1, 2), 10**400],
    "max_iter": [1000, 100, 1, 2, 0, -1, 2.5, True, None, "10", 10**400, math.nan, 1.0],
    "tol": [1e-6, 1e-3, 0, 0.0, -1, math.nan, math.inf, "x", None, True, 1e-300, 1, Fraction(1, 10)],
}


def stemmers():
    return [
        None,
        named(porter_stem, "porter_stem"),
        named(StemCache(), "StemCache()"),
        named(str.upper, "str.upper"),
        named(str.split, "str.split"),
        named(len, "len"),
        "porter",
        5,
    ]


def tokenizers():
    """Tokenizers a model or BagOfWords may be given, each with its source."""
    return [
        None,
        named(Tokenizer(), "Tokenizer()"),
        named(Tokenizer(ngram_range=(1, 2)), "Tokenizer(ngram_range=(1, 2))"),
        named(Tokenizer(stop_words="english", stemmer=porter_stem), "Tokenizer(stop_words='english', stemmer=porter_stem)"),
        named(Tokenizer(lowercase=False, pattern=r"\S+", unicode_form=None), "Tokenizer(lowercase=False, pattern=r'\\S+', unicode_form=None)"),
        named(Tokenizer(min_length=3, unicode_form="NFKC"), "Tokenizer(min_length=3, unicode_form='NFKC')"),
        named(str.split, "str.split"),
        named(str.lower, "str.lower"),
        named(porter_stem, "porter_stem"),
        "english",
        5,
    ]


class Gen:
    """Random values of every kind the entry points take, from one ``random.Random``."""

    def __init__(self, rng):
        self.rng = rng

    def chance(self, p):
        return self.rng.random() < p

    def pick(self, options):
        return self.rng.choice(options)

    def count(self, low=0, high=8):
        return self.rng.randint(low, high)

    # -- strings ------------------------------------------------------------

    def text(self):
        r = self.rng.random()
        if r < 0.05:
            return ""
        if r < 0.55:
            return " ".join(self.pick(WORDS) for _ in range(self.count(1, 8)))
        if r < 0.78:
            separator = self.pick([" ", "", "\t", "\n", ",", "\x00", "  "])
            return separator.join(
                self.pick(WORDS) if self.chance(0.6) else self.pick(ODD_CHARACTERS) for _ in range(self.count(1, 10))
            )
        if r < 0.92:
            return "".join(chr(self.rng.randrange(0x110000)) for _ in range(self.count(1, 12)))  # surrogates too
        if r < 0.985:
            return self.pick(ODD_TEXTS)
        return self.huge_text()

    def huge_text(self):
        return self.pick([
            lambda: " ".join(self.pick(WORDS) for _ in range(5000)),
            lambda: "a" * 50_000,
            lambda: "\x00" * 20_000,
            lambda: "é\u0301" * 10_000,
        ])()

    def token(self):
        if self.chance(0.8):
            return self.pick(WORDS)
        return self.pick(ODD_TEXTS + [None, 1, b"x", ("a",), 1.5])

    # -- numbers and values --------------------------------------------------

    def number(self):
        r = self.rng.random()
        if r < 0.4:
            return self.count(0, 5)
        if r < 0.6:
            return round(self.rng.uniform(-10, 10), 3)
        return self.pick(NUMBERS)

    def odd_value(self):
        return self.pick(ODD_VALUES + NUMBERS)

    def setting(self, name, default):
        """Usually ``default``; otherwise a value from the pool for settings of that name."""
        pool = SETTING_POOLS.get(name)
        if pool is None or self.chance(0.6):
            return default
        return self.pick(pool)

    # -- labels -------------------------------------------------------------

    def labels(self, n, clean):
        style = "str" if clean or self.chance(0.4) else self.pick(list(LABEL_STYLES))
        options = LABEL_STYLES[style]
        pool = options[: self.count(2, len(options))]
        y = [pool[i % len(pool)] for i in range(n)]
        self.rng.shuffle(y)
        if not clean and y and self.chance(0.15):
            y[self.rng.randrange(n)] = self.pick(ODD_LABELS)
        return y

    def container(self, items, clean):
        """``items`` as a list, or now and then in a form where a list belongs: a set, dict, generator, ..."""
        if clean or not self.chance(0.12):
            return items
        choice = self.count(0, 8)
        if choice == 0:
            return tuple(items)
        if choice == 1:
            try:
                return set(items)
            except TypeError:
                return items
        if choice == 2:
            return dict(enumerate(items))
        if choice == 3:
            return named((item for item in items), f"iter({src(items)})")
        if choice == 4:
            return items[0] if items else None
        if choice == 5:
            return self.pick(["spam", None, 5, b"x", 1.5])
        if choice == 6:
            return [items]
        if choice == 7:
            return items + items[:1]  # one too many
        return items[:-1]  # one too few

    # -- documents ----------------------------------------------------------

    def document(self, form, width):
        if form == "words":
            if self.chance(0.8):
                return self.text()
            return [self.token() if self.chance(0.1) else self.pick(WORDS) for _ in range(self.count(0, 6))]
        if form == "counts":
            return {
                (self.pick(WORDS) if self.chance(0.9) else self.token()): (
                    self.count(0, 4) if self.chance(0.8) else self.number()
                )
                for _ in range(self.count(0, 5))
            }
        if form == "dense":
            return [self.count(0, 3) if self.chance(0.85) else self.number() for _ in range(width)]
        return self.pick([None, 5, b"free prize", {"a", "b"}, [["nested"]], ("a", "b"), {"a": None}, [1, "a"],
                          [], {}, [True, False], Decimal("1"), [math.nan], "\ud800", {("a",): 1}])

    def documents(self, n, clean, form=None, width=None):
        if form is None:
            form = "words" if clean or self.chance(0.5) else self.pick(["words", "counts", "dense", "mixed", "odd"])
        width = width or self.count(1, 5)
        docs = []
        for _ in range(n):
            this_form = form if form != "mixed" else self.pick(["words", "counts", "dense"])
            if form == "odd" or (not clean and self.chance(0.05)):
                this_form = "odd"
            docs.append(self.document(this_form, width if self.chance(0.95) else self.count(1, 5)))
        return docs, form, width

    # -- rows of named features ---------------------------------------------

    def value(self, kind, categories):
        if kind == "category":
            return self.pick(categories)
        if kind == "count":
            return self.count(0, 6)
        if kind == "real":
            return round(self.rng.gauss(0, 3), 3)
        if kind == "bool":
            return self.chance(0.5)
        if kind == "fraction":
            return Fraction(self.count(-5, 5), self.count(1, 4))
        if kind == "const":
            return 1
        if kind == "datetime":  # a column of dates, as pandas or a database gives it
            return self.pick([datetime.datetime(2024, 1, self.count(1, 28), self.count(0, 23)),
                              datetime.date(2020 + self.count(0, 5), 1, 1), datetime.timedelta(hours=self.count(0, 9))])
        if kind == "nul":  # a category with a NUL byte in it
            return self.pick(["a\x00", "\x00b", "a\x00b", "\x00"])
        return self.odd_value()

    def table(self, Model, n, clean):
        """(rows, layout, features, kinds): rows of dicts or lists, with a kind of value per feature."""
        n_features = self.count(1, 4)
        layout = "list" if self.chance(0.4) else "dict"
        if layout == "list":
            features = list(range(n_features))
        else:
            pool = FEATURE_NAME_POOLS[0] if clean or self.chance(0.6) else self.pick(FEATURE_NAME_POOLS)
            features = pool[:n_features]
        if clean:
            kinds_for = {
                CategoricalNB: ["category"], JointBayesClassifier: ["category"], GaussianNB: ["real", "count"],
                PoissonNB: ["count"], HistogramNB: ["real", "count"], MixedNB: ["category", "real", "count"],
                GaussianDiscriminantAnalysis: ["real"], KernelNB: ["real", "count"], TreeAugmentedNB: ["category"],
                LogisticRegression: ["real", "count"],
            }.get(Model, ["category", "real", "count"])
        else:
            kinds_for = ["category", "count", "real", "bool", "fraction", "const", "odd", "datetime", "nul"]
        kinds = {feature: self.pick(kinds_for) for feature in features}
        categories = {feature: self.pick(CATEGORY_POOLS) for feature in features}
        p_odd = 0 if clean else self.pick([0, 0.02, 0.1, 0.3])
        p_missing = 0 if clean and self.chance(0.7) else self.pick([0, 0.05, 0.2])
        rows = [self.row(features, kinds, categories, layout, p_odd, p_missing) for _ in range(n)]
        return rows, (layout, features, kinds, categories)

    def row(self, features, kinds, categories, layout, p_odd, p_missing):
        values = {}
        for feature in features:
            if self.chance(p_missing):
                if layout == "dict" and self.chance(0.5):
                    continue  # the feature left out of the row
                values[feature] = self.pick([None, math.nan])
            elif self.chance(p_odd):
                values[feature] = self.odd_value()
            else:
                values[feature] = self.value(kinds[feature], categories[feature])
        if layout == "dict":
            return values
        row = [values.get(feature) for feature in features]
        if p_odd and self.chance(p_odd):
            row = self.pick([row + [1], row[:-1], tuple(row), "row", 5, None, {"a": 1}, [row]])
        return row

    def more_rows(self, shape, n, clean):
        layout, features, kinds, categories = shape
        return [
            self.row(features, kinds, categories, layout, 0 if clean else 0.1, 0.1 if clean else 0.2)
            for _ in range(n)
        ]

    # -- settings -----------------------------------------------------------

    def class_prior(self, labels):
        classes = []
        for label in labels:
            if label not in classes:
                try:
                    hash(label)
                except TypeError:
                    continue
                classes.append(label)
        k = max(len(classes), 1)
        choice = self.count(0, 9)
        if choice == 0:
            return {label: Fraction(1, k) for label in classes}
        if choice == 1:
            return [1 / k] * k
        if choice == 2:
            return {label: 0.6 for label in classes}
        if choice == 3:
            return [1.0] + [0.0] * (k - 1)  # one class has prior 0
        if choice == 4:
            return {label: -1 / k if i == 0 else 2 / k for i, label in enumerate(classes)}
        if choice == 5:
            return [math.nan] * k
        if choice == 6:
            return [1 / (k + 1)] * (k + 1)
        if choice == 7:
            return {**{label: 1 / (k + 1) for label in classes}, "other": 1 / (k + 1)}
        return self.pick([0.5, "uniform", {1, 2}, (0.5, 0.5), [True, False], [Fraction(1, 2)] * 2])

    def settings(self, Model, labels, features):
        """Keyword arguments for ``Model``: the defaults, with some changed to odd values."""
        settings = {}
        for name, parameter in inspect.signature(Model).parameters.items():
            if self.chance(0.65):
                continue
            if name == "class_prior":
                settings[name] = self.class_prior(labels)
            elif name == "tokenizer":
                settings[name] = self.pick(tokenizers())
            elif name == "categories":
                settings[name] = self.pick([
                    None, ["a"], "red",
                    {feature: self.pick(CATEGORY_POOLS) for feature in features[:2]},
                    {feature: [] for feature in features[:1]},
                    {"unknown": ["x"]},
                    {feature: "red" for feature in features[:1]},
                    {feature: [[1]] for feature in features[:1]},
                ])
            elif name == "distributions":
                settings[name] = self.pick([
                    None, "gaussian", ["gaussian"],
                    {feature: self.pick(["categorical", "gaussian", "poisson", "histogram", "normal", None])
                     for feature in features[: self.count(0, len(features))]},
                ])
            else:
                settings[name] = self.setting(name, parameter.default)
        return settings

    def tokenizer_settings(self):
        settings = {}
        for name, parameter in inspect.signature(Tokenizer).parameters.items():
            if self.chance(0.7):
                continue
            settings[name] = self.pick(stemmers()) if name == "stemmer" else self.setting(name, parameter.default)
        return settings


# ---------------------------------------------------------------------------
# The fuzzer: calls, outcomes, findings.
# ---------------------------------------------------------------------------


class HangGuard:
    """Interrupt a call that runs past ``seconds`` with ``CallTimedOut`` (POSIX, main thread; else a no-op)."""

    def __init__(self, seconds):
        self.seconds = seconds
        self.usable = hasattr(signal, "setitimer") and seconds > 0

    def __enter__(self):
        if self.usable:
            signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(self, *exc):
        if self.usable:
            signal.setitimer(signal.ITIMER_REAL, 0)
        return False


def on_alarm(signum, frame):
    raise CallTimedOut("the call ran past the hang limit")


class Fuzzer:
    def __init__(self, seed, time_limit, strict_types=False, verbose=False, repr_limit=200):
        self.seed = seed
        self.time_limit = time_limit
        self.guard = HangGuard(time_limit * 3)
        self.strict_types = strict_types
        self.verbose = verbose
        self.repr_limit = repr_limit
        self.counts = defaultdict(Counter)  # entry point -> Counter(outcome kind)
        self.findings = {}  # key -> the first occurrence, and how often it happened
        self.n_calls = 0
        self.round = None
        self.setup = []  # the statements that built this round's objects, for reproducers
        self.folder = None
        self.only_area = None  # --area: run only the rounds that draw this area

    # -- reproducers ----------------------------------------------------------

    def args(self, *args, **kwargs):
        return arguments_src(args, kwargs, self.repr_limit)

    def remember(self, statement):
        self.setup.append(statement)

    def reproducer(self, expression):
        return "; ".join(self.setup + [expression])

    # -- one call ---------------------------------------------------------------

    def call(self, entry, expression, function, check=None, watch=(), read_only=False, inputs=(), expect=None,
             guard=None):
        """Run ``function()``, sort its outcome, and return its result (or a ``Failed``).

        ``expression`` is the Python text of the call (or a function that makes
        it, called only when needed); ``watch`` the models that must not change
        if it fails (nor, with ``read_only``, if it succeeds); ``inputs`` the
        lists passed in, which must never change; ``expect``, for input the
        library made itself, the library errors that are still acceptable;
        ``guard`` a ``HangGuard`` of its own (a shorter one for a call that may block on a pipe).
        """
        guard = self.guard if guard is None else guard
        self.n_calls += 1
        states = [self.state(obj) for obj in watch]
        input_states = [canonical(value) for value in inputs]
        started = time.perf_counter()
        try:
            with guard:
                result = function()
        except KeyboardInterrupt:
            raise
        except CallTimedOut as error:
            self.outcome(entry, "hang", expression, error=error, detail=f"interrupted after {guard.seconds} s")
            return Failed(error)
        except BaseException as error:  # noqa: B036 -- everything a call can raise is sorted here
            elapsed = time.perf_counter() - started
            kind = self.classify(error, expect)
            self.outcome(entry, kind, expression, error=error)
            for obj, before in zip(watch, states):
                if self.state(obj, before) != before:
                    self.outcome(entry, "changed-after-failure", expression, error=error,
                                 detail=f"the {type(obj).__name__} changed, though the call raised {type(error).__name__}")
            self.check_inputs(entry, expression, inputs, input_states)
            self.check_time(entry, expression, elapsed)
            return Failed(error)
        elapsed = time.perf_counter() - started
        problem = None
        if check is not None:
            try:
                problem = check(result)
            except Exception as error:
                problem = f"result could not be checked: {type(error).__name__}: {shorten(str(error), 200)}"
        if problem:
            self.outcome(entry, "wrong-answer", expression, detail=problem)
        else:
            self.outcome(entry, "result", expression)
        if read_only:
            for obj, before in zip(watch, states):
                if self.state(obj, before) != before:
                    self.outcome(entry, "changed-by-read", expression,
                                 detail=f"the {type(obj).__name__} changed, though the call only reads it")
        self.check_inputs(entry, expression, inputs, input_states)
        self.check_time(entry, expression, elapsed)
        return result

    @staticmethod
    def state(obj, before=None):
        try:
            return object_state(obj, None if before is None else before[0])
        except Exception as error:  # (a snapshot that fails is the fuzzer's problem, not the library's)
            return (None, ("snapshot failed", type(error).__name__))

    def check_inputs(self, entry, expression, inputs, before):
        for i, (value, state) in enumerate(zip(inputs, before)):
            if canonical(value) != state:
                self.outcome(entry, "changed-by-read", expression,
                             detail=f"argument {i + 1} (a {type(value).__name__}) was changed by the call")

    def check_time(self, entry, expression, elapsed):
        if elapsed > self.time_limit:
            self.outcome(entry, "slow", expression, detail=f"took {elapsed:.1f} s (limit {self.time_limit} s)")

    def classify(self, error, expect):
        """The outcome kind of an exception (see the module docstring)."""
        frames = traceback.extract_tb(error.__traceback__)
        if not any(in_package_source(frame.filename) for frame in frames):
            return "fuzzer-bug"  # the call failed before it reached the package
        if not message_of(error).strip():
            return "empty-message"
        if isinstance(error, FileNotFoundError) and error.filename is not None:
            # A missing file (or a link to one) given by the caller: Python's own error names the path, and
            # the library lets it through on purpose, as open() does.  A note, like the deliberate ones.
            return "stray-error" if self.strict_types else "other-type-error"
        if not raised_by_the_package(frames[-1]):
            return "stray-error"
        if not isinstance(error, OWN_ERROR_TYPES):
            return "stray-error" if self.strict_types else "other-type-error"
        if expect is not None and not isinstance(error, expect):
            return "refused-own-output"
        return "library-error"

    def outcome(self, entry, kind, expression, error=None, detail=None):
        self.counts[entry][kind] += 1
        if self.verbose:
            text = expression() if callable(expression) else expression
            what = f" -> {type(error).__name__}: {shorten(message_of(error), 160)}" if error is not None else ""
            print(f"  [{kind}] {entry}: {shorten(text, 300)}{what}" + (f"  ({detail})" if detail else ""))
        if kind in OK_KINDS:
            return
        if error is not None and kind not in ("changed-after-failure",):
            frames = frames_of(error)
            last = frames[-1] if frames else None
            place = f"{os.path.relpath(last.filename, REPOSITORY)}:{last.lineno}" if last else "?"
            key = (entry, kind, type(error).__name__, place)
        else:
            key = (entry, kind, (detail or "").split(":")[0])
        finding = self.findings.get(key)
        if finding is not None:
            finding["count"] += 1
            return
        text = expression() if callable(expression) else expression
        tail = ""
        if error is not None:
            frames = frames_of(error)
            tail = "".join(traceback.format_list(frames[-3:]))
            tail += f"{type(error).__name__}: {shorten(message_of(error), 400)}\n"
        self.findings[key] = {
            "kind": kind,
            "entry": entry,
            "round": self.round,
            "reproducer": self.reproducer(text),
            "detail": detail,
            "traceback": tail,
            "count": 1,
        }

    def fuzzer_bug(self, error):
        """The script itself failed in this round (outside any call into the package)."""
        self.counts["(the fuzzer itself)"]["fuzzer-bug"] += 1
        key = ("(the fuzzer itself)", "fuzzer-bug", type(error).__name__,
               str(traceback.extract_tb(error.__traceback__)[-1].lineno))
        if key in self.findings:
            self.findings[key]["count"] += 1
            return
        self.findings[key] = {
            "kind": "fuzzer-bug", "entry": "(the fuzzer itself)", "round": self.round,
            "reproducer": "(see the traceback)", "detail": None, "count": 1,
            "traceback": "".join(traceback.format_exception(type(error), error, error.__traceback__)[-4:]),
        }
        if self.verbose:
            traceback.print_exception(type(error), error, error.__traceback__)

    # -- the rounds ---------------------------------------------------------------

    def run_round(self, number):
        self.round = number
        self.setup = []
        SOURCE_OF.clear()  # (the named values of the last round)
        rng = random.Random(f"{self.seed}:{number}")
        g = Gen(rng)
        area = rng.choices(
            ["model", "text", "csv", "model-file", "archive", "metrics", "split", "discretizer", "guess", "saving",
             "command-line", "model-selection", "calibration", "semi-supervised", "special-file",
             "command-line-output", "issue-32"],
            weights=[55, 12, 9, 9, 5, 6, 4, 4, 5, 2, 3, 6, 4, 2, 2, 2, 10],
        )[0]
        # Issue 33's rounds take a share of the rounds by a draw of their own, so that every other round keeps
        # the input it had before they came (a finding's replay command stays right).
        if random.Random(f"{self.seed}:{number}:issue-33").random() < ISSUE_33_SHARE:
            area = "issue-33"
        if self.only_area is not None and area != self.only_area:
            return  # (skipped after the draw, so that each round's input is the same with --area or without)
        if self.verbose:
            print(f"round {number}: {area}")
        try:
            AREAS[area](self, g)
        except KeyboardInterrupt:
            raise
        except Exception as error:
            self.fuzzer_bug(error)

    def report(self, rounds, seconds, stream=sys.stdout):
        findings = [f for f in self.findings.values() if f["kind"] in FINDING_KINDS]
        notes = [f for f in self.findings.values() if f["kind"] in NOTE_KINDS]
        total = Counter()
        for counts in self.counts.values():
            total.update(counts)
        print(f"naivebayes fuzz: seed {self.seed}, {rounds} rounds, {self.n_calls} calls in {seconds:.1f} s", file=stream)
        print("outcomes: " + ", ".join(f"{kind} {total[kind]}" for kind in KIND_ORDER if total[kind]), file=stream)
        print("\nOutcomes per entry point:", file=stream)
        width = max((len(entry) for entry in self.counts), default=10)
        for entry in sorted(self.counts):
            counts = self.counts[entry]
            cells = ", ".join(f"{kind} {counts[kind]}" for kind in KIND_ORDER if counts[kind])
            print(f"  {entry:<{width}}  {cells}", file=stream)
        for title, items in (("Findings", findings), ("Notes (deliberate errors of other types)", notes)):
            if not items:
                continue
            print(f"\n{title}: {len(items)} distinct", file=stream)
            for i, item in enumerate(sorted(items, key=lambda f: (f["kind"], f["entry"])), 1):
                print(f"\n[{i}] {item['kind']} in {item['entry']} (seen {item['count']} times; first in round {item['round']})",
                      file=stream)
                if item["detail"]:
                    print(f"    what: {item['detail']}", file=stream)
                print(f"    reproduce: {REPRODUCER_HEADER}; {item['reproducer']}", file=stream)
                print(f"    replay:    python tests/fuzz/fuzz_public_api.py --seed {self.seed} --round {item['round']}",
                      file=stream)
                if item["traceback"]:
                    print("    last frames:", file=stream)
                    for line in item["traceback"].rstrip("\n").splitlines():
                        print("      " + line, file=stream)
        if findings:
            print("\nThe findings by cause (exception type and last frame), with the entry points that hit it:", file=stream)
            for cause, entries in self.causes(findings).items():
                print(f"  {cause}: {', '.join(entries)}", file=stream)
        else:
            print("\nNo findings.", file=stream)
        return 1 if findings else 0

    @staticmethod
    def causes(findings):
        """{"kind ExceptionType at file:line": [entry points]}, for findings that raised."""
        by_cause = defaultdict(list)
        for item in sorted(findings, key=lambda f: (f["kind"], f["entry"])):
            lines = item["traceback"].rstrip("\n").splitlines()
            places = [line.strip() for line in lines if line.strip().startswith("File ")]
            if not lines or not places:  # a wrong answer, or a change: by what was wrong
                by_cause[f"{item['kind']}: {(item['detail'] or '').split(':')[0].split(' (')[0].split(', and ')[0]}"].append(item["entry"])
                continue
            error_type = lines[-1].split(":")[0]
            place = places[-1].replace(str(REPOSITORY) + os.sep, "")
            by_cause[f"{item['kind']} {error_type} at {place}"].append(item["entry"])
        return by_cause


# ---------------------------------------------------------------------------
# The areas: one round throws random input at one of them.
# ---------------------------------------------------------------------------


def model_data(g, Model, clean, n=None):
    """(X, y, shape) for a model class: documents for the text models, rows for the others."""
    n = n if n is not None else (g.count(4, 12) if clean or g.chance(0.8) else g.pick([0, 1, 2, 30]))
    y = g.labels(n, clean)
    if Model in TEXT_MODELS:
        X, form, width = g.documents(n, clean)
        shape = ("text", form, width)
    else:
        X, shape = g.table(Model, n, clean)
    return X, y, shape


def more_examples(g, shape, n, clean):
    """New examples of the same kind as the training ones, some of them odd."""
    if shape[0] == "text":
        return g.documents(n, clean, form=shape[1] if g.chance(0.8) else None, width=shape[2])[0]
    return g.more_rows(shape, n, clean)


def probe_examples(g, X, shape):
    """A few examples to compare models on: training examples, and new ones."""
    training = list(X)[:4] if isinstance(X, list) else []
    return training + more_examples(g, shape, 2, clean=True)


def uses_histograms(model):
    distributions = getattr(model, "distributions_", None) or {}
    if isinstance(distributions, dict):
        return "histogram" in distributions.values() or isinstance(model, HistogramNB)
    return isinstance(model, HistogramNB)


def model_round(fz, g):
    Model = g.pick(MODELS)
    name = Model.__name__
    clean = g.chance(0.55)
    X, y, shape = model_data(g, Model, clean)
    features = shape[1] if shape[0] != "text" else []
    settings = {} if clean and g.chance(0.5) else g.settings(Model, y, features)
    model = fz.call(f"{name}()", f"{name}({fz.args(**settings)})", lambda: Model(**settings))
    if isinstance(model, Failed):
        settings = {}
        model = Model()
    fz.remember(f"m = {name}({fz.args(**settings)})")
    X = g.container(X, clean)
    y = g.container(y, clean)
    if g.chance(0.05):  # before fit: a clear NotFittedError
        examples = more_examples(g, shape, 2, clean)
        fz.call(f"{name}.predict", f"m.predict({fz.args(examples)})", lambda: model.predict(examples),
                watch=[model], read_only=True)
    method = "partial_fit" if g.chance(0.15) and hasattr(model, "partial_fit") else "fit"
    result = fz.call(f"{name}.{method}", f"m.{method}({fz.args(X, y)})", lambda: getattr(model, method)(X, y),
                     check=lambda r: None if r is model else "fit returned something else than the model",
                     watch=[model], inputs=[X, y])
    if isinstance(result, Failed):
        if not g.chance(0.7):
            return
        settings = {}
        X, y, shape = model_data(g, Model, clean=True)
        model = Model()
        fz.setup = [f"m = {name}()"]
        if isinstance(fz.call(f"{name}.fit", f"m.fit({fz.args(X, y)})", lambda: model.fit(X, y), watch=[model]),
                      Failed):
            return
    fz.remember(f"m.{method}({fz.args(X, y)})")
    ctx = {
        "Model": Model, "name": name, "settings": settings, "model": model, "shape": shape, "clean": clean,
        "X": list(X) if isinstance(X, (list, tuple)) else None,
        "y": list(y) if isinstance(y, (list, tuple)) else None,
    }
    if ctx["X"] is not None and len(ctx["X"]) < 80:
        ctx["probe"] = probe_examples(g, ctx["X"], shape)
    else:
        ctx["probe"] = more_examples(g, shape, 4, clean=True)
    operations = [op for op in OPERATIONS if all(hasattr(model, method) for method in OPERATION_NEEDS.get(op, ()))]
    for _ in range(g.count(3, 10)):
        operation = g.pick(operations)
        operation(fz, g, ctx)


def examples_for(g, ctx):
    """Examples to predict: training ones, new ones, odd ones."""
    n = g.pick([1, 2, 3, 5, 0]) if g.chance(0.9) else 40
    examples = []
    for _ in range(n):
        r = g.rng.random()
        if r < 0.3 and ctx["X"]:
            examples.append(g.pick(ctx["X"]))
        else:
            examples.extend(more_examples(g, ctx["shape"], 1, ctx["clean"] or r < 0.7))
    return examples


def op_predict(fz, g, ctx):
    model, name = ctx["model"], ctx["name"]
    X = examples_for(g, ctx)
    X_given = g.container(X, ctx["clean"])
    methods = ["predict", "predict_proba", "predict_log_proba", "predict_joint_log_proba", "log_marginal"]
    method = g.pick([method for method in methods if hasattr(model, method)])  # (LogisticRegression has fewer)
    classes, n = list(model.classes_), length_of(X_given)
    check = {
        "predict": check_predictions,
        "predict_proba": check_probabilities,
        "predict_log_proba": check_log_probabilities,
        "predict_joint_log_proba": check_joint,
    }.get(method)
    check = check(classes, n) if check else check_log_marginal(n)
    fz.call(f"{name}.{method}", lambda: f"m.{method}({fz.args(X_given)})",
            lambda: getattr(model, method)(X_given), check=check, watch=[model], read_only=True, inputs=[X_given])


def op_explain(fz, g, ctx):
    model, name = ctx["model"], ctx["name"]
    examples = examples_for(g, ctx) or more_examples(g, ctx["shape"], 1, True)
    example = g.pick(examples) if g.chance(0.9) else [g.pick(examples)]
    method = g.pick(["explain", "joint_log_likelihood", "explain"] if hasattr(model, "joint_log_likelihood")
                    else ["explain"])
    classes = list(model.classes_)
    if method == "joint_log_likelihood":
        check = lambda r: check_joint(classes, 1)([r])  # noqa: E731
    else:
        check = None
    result = fz.call(f"{name}.{method}", lambda: f"m.{method}({fz.args(example)})",
                     lambda: getattr(model, method)(example), check=check, watch=[model], read_only=True,
                     inputs=[example])
    if method == "explain" and not isinstance(result, Failed):
        fz.call("Explanation.__str__", lambda: f"str(m.explain({fz.args(example)}))", lambda: str(result),
                check=lambda text: None if isinstance(text, str) and text.strip() else "explanation prints as nothing")


def op_sample(fz, g, ctx):
    model, name = ctx["model"], ctx["name"]
    n = g.pick([0, 1, 3, 5, 20, -1, 2.5, True, None, "3"]) if g.chance(0.4) else g.count(1, 6)
    classes = list(model.classes_)
    label = None if g.chance(0.6) else (g.pick(classes) if classes and g.chance(0.7) else g.pick(ODD_LABELS + ["eggs"]))
    random_state = g.pick([None, 0, 1, 42]) if g.chance(0.8) else g.pick(SETTING_POOLS["random_state"])
    kwargs = {"label": label, "random_state": random_state}

    def check(result):
        if not (isinstance(result, tuple) and len(result) == 2 and all(isinstance(part, list) for part in result)):
            return f"sample is not (examples, labels): {shorten(src(result), 120)}"
        examples, labels = result
        if len(examples) != n or len(labels) != n:
            return f"sample of {n} has {len(examples)} examples and {len(labels)} labels"
        if any(c not in classes for c in labels) or (label is not None and any(c != label for c in labels)):
            return f"sampled labels are not the classes asked for: {shorten(src(labels), 120)}"
        return None

    result = fz.call(f"{name}.sample", lambda: f"m.sample({fz.args(n, **kwargs)})",
                     lambda: model.sample(n, **kwargs), check=check, watch=[model], read_only=True)
    if isinstance(result, Failed) or not isinstance(result, tuple) or not result[0] or len(classes) < 2:
        return  # (a model of one class samples, but predicts nothing: that is about the model, not the sample)
    examples = result[0]
    fz.call(f"{name}.predict_proba(sampled)", lambda: f"m.predict_proba(m.sample({fz.args(n, **kwargs)})[0])",
            lambda: model.predict_proba(examples), check=check_probabilities(classes, len(examples)),
            watch=[model], read_only=True, expect=(ZeroProbabilityError,))


def op_impute(fz, g, ctx):
    model, name = ctx["model"], ctx["name"]
    examples = examples_for(g, ctx) or more_examples(g, ctx["shape"], 1, True)
    row = g.pick(examples)
    if isinstance(row, dict) and row and g.chance(0.7):
        row = dict(row)
        del row[g.pick(list(row))]
    elif isinstance(row, list) and row and g.chance(0.7):
        row = list(row)
        row[g.rng.randrange(len(row))] = g.pick([None, math.nan])
    distribution = g.chance(0.4) if g.chance(0.95) else g.pick([None, "yes", 1])

    def check(result):
        if model.classes_ and not hasattr(model, "features_"):
            return None
        features = list(getattr(model, "features_", []))
        if distribution is True:
            if not isinstance(result, dict):
                return f"impute(distribution=True) is not a dict: {shorten(src(result), 120)}"
            for feature, predicted in result.items():
                if not isinstance(predicted, dict):
                    return f"imputed distribution of {src(feature)[:40]} is not a dict"
                if set(predicted) == {"mean", "variance"}:
                    why = bad_number(predicted["mean"]) or bad_number(predicted["variance"], 0)
                    if why:
                        return f"bad imputed mean or variance: {src(feature)[:40]}: {why}"
                else:
                    for value, p in predicted.items():
                        why = bad_number(p, 0, 1)
                        if why:
                            return f"bad imputed probability: {src(feature)[:40]}={src(value)[:40]}: {why}"
                    total = math.fsum(map(float, predicted.values()))
                    if abs(total - 1) > 1e-6:
                        return f"imputed probabilities do not sum to 1: {src(feature)[:40]}: {total!r}"
            return None
        values = result.items() if isinstance(result, dict) else enumerate(result) if isinstance(result, list) else None
        if values is None:
            return f"impute returned neither a dict nor a list: {shorten(src(result), 120)}"
        for feature, value in values:
            if feature in features and (value is None or value != value):
                return f"impute left a value missing: {src(feature)[:40]}"
        return None

    fz.call(f"{name}.impute", lambda: f"m.impute({fz.args(row, distribution=distribution)})",
            lambda: model.impute(row, distribution=distribution), check=check, watch=[model], read_only=True,
            inputs=[row])


def op_partial_fit(fz, g, ctx):
    model, name = ctx["model"], ctx["name"]
    n = g.count(1, 5)
    X = more_examples(g, ctx["shape"], n, ctx["clean"])
    y = g.labels(n, ctx["clean"]) if g.chance(0.5) or not model.classes_ else [g.pick(model.classes_) for _ in range(n)]
    method = "partial_fit" if g.chance(0.75) else "fit"
    result = fz.call(f"{name}.{method}", lambda: f"m.{method}({fz.args(X, y)})", lambda: getattr(model, method)(X, y),
                     watch=[model], inputs=[X, y])
    if not isinstance(result, Failed):
        fz.remember(f"m.{method}({fz.args(X, y)})")
        if ctx["X"] is not None:
            ctx["X"], ctx["y"] = (ctx["X"] + X, ctx["y"] + y) if method == "partial_fit" else (X, y)


def op_score(fz, g, ctx):
    model, name = ctx["model"], ctx["name"]
    X = examples_for(g, ctx)
    y = [g.pick(model.classes_) if model.classes_ and g.chance(0.9) else g.pick(ODD_LABELS + ["eggs"]) for _ in X]
    fz.call(f"{name}.score", lambda: f"m.score({fz.args(X, y)})", lambda: model.score(X, y),
            check=check_number(0, 1, "score"), watch=[model], read_only=True, inputs=[X, y])


def op_prior(fz, g, ctx):
    model, name = ctx["model"], ctx["name"]
    label = g.pick(model.classes_) if model.classes_ and g.chance(0.7) else g.pick(ODD_LABELS + ["eggs", 0, True])
    method = g.pick(["prior", "log_prior"])
    check = check_number(0, 1, "prior") if method == "prior" else check_number(-math.inf, 0, "log prior")
    fz.call(f"{name}.{method}", lambda: f"m.{method}({fz.args(label)})", lambda: getattr(model, method)(label),
            check=check, watch=[model], read_only=True)


def reference_probabilities(model, probe):
    """The model's predict_proba on the probe, or None if it raises (compared only when there is one)."""
    try:
        return model.predict_proba(probe)
    except Exception:
        return None


def op_same_as_one_fit(fz, g, ctx):
    """merge(a, b) and partial_fit in pieces must give the model fitted on all the data at once."""
    Model, name, settings, model = ctx["Model"], ctx["name"], ctx["settings"], ctx["model"]
    if ctx["X"] is None or uses_histograms(model):
        return  # (histogram edges come from the first batch, so the pieces differ from one fit on purpose)
    n = g.count(1, 5)
    X2 = more_examples(g, ctx["shape"], n, ctx["clean"])
    y2 = [g.pick(model.classes_) for _ in range(n)] if g.chance(0.7) else g.labels(n, ctx["clean"])
    try:
        whole = Model(**settings).fit(ctx["X"] + X2, ctx["y"] + y2)
    except Exception:
        return  # the union itself is refused: nothing to compare with
    reference = reference_probabilities(whole, ctx["probe"])
    if g.chance(0.5):
        other = Model(**settings)
        if isinstance(fz.call(f"{name}.partial_fit", lambda: f"m2 = {name}({fz.args(**settings)}); m2.partial_fit({fz.args(X2, y2)})",
                              lambda: other.partial_fit(X2, y2), watch=[other]), Failed):
            return
        merged = fz.call("merge", lambda: f"m2 = {name}({fz.args(**settings)}).partial_fit({fz.args(X2, y2)}); merge(m, m2)",
                         lambda: merge(model, other), watch=[model, other], read_only=True)
        what, expression = "merge", f"m2 = {name}({fz.args(**settings)}).partial_fit({fz.args(X2, y2)}); merge(m, m2)"
    else:
        pieces = Model(**settings)
        steps = [(ctx["X"], ctx["y"]), (X2, y2)]
        merged = None
        for X_piece, y_piece in steps:
            merged = fz.call(f"{name}.partial_fit", lambda: f"m2.partial_fit({fz.args(X_piece, y_piece)})",
                             lambda: pieces.partial_fit(X_piece, y_piece), watch=[pieces])
            if isinstance(merged, Failed):
                return
        what = "partial_fit in pieces"
        expression = f"m2 = {name}({fz.args(**settings)}); m2.partial_fit(X, y); m2.partial_fit({fz.args(X2, y2)})"
    if isinstance(merged, Failed) or reference is None:
        return
    probe = ctx["probe"]
    fz.call(f"{name}.predict_proba({what})", lambda: f"{expression}; {what} vs fit(X + X2) on {fz.args(probe)}",
            lambda: merged.predict_proba(probe),
            check=same_probabilities(reference, 1e-6, f"{what} vs one fit on all the data"))


def op_to_json(fz, g, ctx):
    model, name = ctx["model"], ctx["name"]
    leave_out = g.chance(0.2)
    text = fz.call("to_json", lambda: f"to_json(m, leave_out_tokenizer={leave_out})",
                   lambda: to_json(model, leave_out_tokenizer=leave_out), watch=[model], read_only=True,
                   check=lambda t: None if isinstance(t, str) and t else "to_json gave no text")
    if isinstance(text, Failed):
        return
    # Our own file: its pattern is the model's own, trusted (a stranger's file with another pattern is refused
    # without trust_pattern=True; tests/test_model_files_untrusted.py checks that).
    # leave_out_tokenizer=True leaves out only a tokenizer that cannot be written (a function of
    # your own); a Tokenizer is written all the same, and load then refuses tokenizer= (clearly)
    tokenizer = getattr(model, "tokenizer", None)
    if not leave_out or tokenizer is None or isinstance(tokenizer, Tokenizer):
        tokenizer = None
    given = "" if tokenizer is None else ", tokenizer=m.tokenizer"
    probe = ctx["probe"]
    reference = reference_probabilities(model, probe)
    if g.chance(0.5):
        loaded = fz.call("from_json", lambda: f"from_json(to_json(m, leave_out_tokenizer={leave_out}){given}, trust_pattern=True)",
                         lambda: from_json(text, tokenizer=tokenizer, trust_pattern=True), expect=())
    else:
        path = os.path.join(fz.folder, f"model-{fz.round}.json")
        saved = fz.call("save", lambda: f"save(m, 'model.json', leave_out_tokenizer={leave_out})",
                        lambda: save(model, path, leave_out_tokenizer=leave_out), watch=[model], read_only=True)
        if isinstance(saved, Failed):
            return
        loaded = fz.call("load", f"load('model.json'{given}, trust_pattern=True)",
                         lambda: load(path, tokenizer=tokenizer, trust_pattern=True), expect=())
    if isinstance(loaded, Failed) or reference is None:
        return
    fz.call(f"{name}.predict_proba(loaded)", lambda: f"from_json(to_json(m)).predict_proba({fz.args(probe)})",
            lambda: loaded.predict_proba(probe), check=same_probabilities(reference, 1e-12, "a loaded model"))


def op_change_setting(fz, g, ctx):
    model, name = ctx["model"], ctx["name"]
    params = list(ctx["Model"]().get_params())
    setting = g.pick(params)
    value = g.setting(setting, getattr(model, setting)) if setting in SETTING_POOLS else g.pick(
        [None, 0, "x", {}, [], math.nan])
    # A setting is checked where it is assigned (issue 17): a bad one is the library's own error there,
    # and must leave the model as it was.
    if g.chance(0.4):  # the same check through set_params (what GridSearchCV calls), of one or two settings
        settings = {setting: value}
        if g.chance(0.3):
            other = g.pick(params)
            settings[other] = g.setting(other, getattr(model, other)) if other in SETTING_POOLS else g.pick([None, -1])
        if g.chance(0.1):
            settings["no_such_setting"] = 1
        statement = f"m.set_params({fz.args(**settings)})"
        assigned = fz.call(f"{name}.set_params", statement, lambda: model.set_params(**settings),
                           check=lambda r: None if r is model else "set_params returned something else than the model",
                           watch=[model])
    else:
        statement = f"m.{setting} = {shorten(src(value), 100)}"
        assigned = fz.call(f"{name}.{setting} = ...", statement, lambda: setattr(model, setting, value), watch=[model])
    if isinstance(assigned, Failed):
        return
    fz.remember(statement)
    X = ctx["probe"]
    fz.call(f"{name}.predict_proba(setting changed)", lambda: f"m.predict_proba({fz.args(X)})",
            lambda: model.predict_proba(X), check=check_probabilities(list(model.classes_), len(X)), watch=[model])


def op_threads(fz, g, ctx):
    """predict_proba from three threads while partial_fit runs: every answer must be one state's answer.

    A reader may see the model before the new examples or after them, never a
    mixture (a class counted but not its words, a total that does not match
    its counts), and must not crash on a table that changes size under it.
    """
    model, name = ctx["model"], ctx["name"]
    if not model.classes_ or ctx["X"] is None or uses_histograms(model):
        return
    n = g.count(1, 4)
    X2 = more_examples(g, ctx["shape"], n, clean=True)
    y2 = [g.pick(model.classes_) for _ in range(n)] if g.chance(0.8) else g.labels(n, clean=True)
    probe = ctx["probe"]
    try:  # the two states a reader may see
        before = model.predict_proba(probe)
        later = copy.deepcopy(model)
        later.partial_fit(X2, y2)
        after = later.predict_proba(probe)
    except Exception:
        return  # (each state on its own is for the other operations to judge)

    def run():
        answers, errors, stop = [], [], threading.Event()

        def reader():
            while not stop.is_set() and len(answers) < 3000:  # (a bound, in case partial_fit is slow)
                try:
                    answers.append(model.predict_proba(probe))
                    time.sleep(0)  # (a pause between calls, as a service has between requests: docs/threads.md)
                except BaseException as error:  # noqa: B036 -- handed to the main thread, which sorts it
                    errors.append(error)
                    return

        interval = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)  # switch threads as often as possible: a race shows up in a few rounds
        readers = [threading.Thread(target=reader, daemon=True) for _ in range(3)]
        try:
            for thread in readers:
                thread.start()
            model.partial_fit(X2, y2)
            time.sleep(0.002)  # (the readers see the new state too)
        finally:
            stop.set()
            for thread in readers:
                thread.join(10)
            sys.setswitchinterval(interval)
        if errors:
            raise errors[0]
        return answers

    def one_of_the_states(answers):
        for number, answer in enumerate(answers):
            for state in (before, after):
                if len(answer) == len(state) and all(
                        list(row) == list(other) and all(abs(row[c] - other[c]) <= 1e-9 for c in row)
                        for row, other in zip(answer, state)):
                    break
            else:
                return (f"answer {number} of {len(answers)} read while partial_fit ran is neither the answer "
                        f"before nor after it: {shorten(src(answer), 200)}")
        return None

    result = fz.call(f"{name}.predict_proba(threads, during partial_fit)",
                     lambda: f"threads: m.predict_proba({fz.args(probe)}) while m.partial_fit({fz.args(X2, y2)})",
                     run, check=one_of_the_states)
    if not isinstance(result, Failed):
        fz.remember(f"m.partial_fit({fz.args(X2, y2)})")
        ctx["X"], ctx["y"] = ctx["X"] + X2, ctx["y"] + y2


OPERATIONS = [
    op_predict, op_predict, op_predict, op_explain, op_sample, op_impute, op_partial_fit, op_score, op_prior,
    op_same_as_one_fit, op_to_json, op_change_setting, op_threads,
]
# What a model must have for an operation to be tried on it (LogisticRegression has no partial_fit, sample, ...).
OPERATION_NEEDS = {
    op_explain: ("explain",), op_sample: ("sample",), op_impute: ("impute",), op_partial_fit: ("partial_fit",),
    op_prior: ("prior", "log_prior"), op_same_as_one_fit: ("partial_fit",), op_threads: ("partial_fit",),
}


# -- corrupted model files ---------------------------------------------------------


def json_paths(value, path=()):
    """Every path into a parsed JSON document, as tuples of keys and indexes."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from json_paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from json_paths(item, path + (index,))


def odd_json_value(g, old):
    options = [None, True, False, 0, -1, 1.5, -0.5, "", "x", "1/0", "-3/7", "nan", [], {}, [[]], 10**30, 1e308,
               "\ud800", [old], {"a": old}]
    if isinstance(old, bool):
        options += [not old, 1]
    elif isinstance(old, (int, float)):
        options += [-old, old + 1, old * 10**6, str(old)]
        if abs(old) < 1e300:  # (a huge int, such as a count of 10**400, has no float)
            options += [old + 0.5, float(old)]
    elif isinstance(old, str):
        options += [old + "x", old[:-1], old.upper(), int(old) if old.isascii() and old.isdigit() else old * 2]  # ("①".isdigit() is True, but int() refuses it)
    elif isinstance(old, list):
        options += [old[:-1], old + old[-1:], list(reversed(old))]
    return g.pick(options)


def plausible_change(g, document):
    """Change one number of the tables to another number of the same kind: a file that still looks right."""
    paths = [path for path in json_paths(document.get("tables", {})) if path]
    numbers = []
    for path in paths:
        value = document["tables"]
        for key in path:
            value = value[key]
        if isinstance(value, (int, float)) and not isinstance(value, bool) or (
                isinstance(value, str) and value.replace("/", "").replace("-", "").isdigit()):
            numbers.append((path, value))
    if not numbers:
        return document
    path, value = g.pick(numbers)
    parent = document["tables"]
    for key in path[:-1]:
        parent = parent[key]
    if isinstance(value, str):  # an exact Fraction such as "3/7"
        parent[path[-1]] = g.pick(["1/3", "0", "-1/2", "7", "1/1000000", "100000000000000000000"])
    elif isinstance(value, int):
        parent[path[-1]] = value + g.pick([1, -1, 2, -value, value * 1000])
    else:
        parent[path[-1]] = g.pick([value * 2, -value, 0.0, 1e-300, 1e300, value + 1e-9])
    return document


def value_at(document, path):
    for key in path:
        document = document[key]
    return document


def corrupt_model_file(g, text):
    """A model file with one thing changed: in its JSON tree, or in its text."""
    if g.chance(0.35):
        return json.dumps(plausible_change(g, json.loads(text)), indent=1)
    if g.chance(0.5):
        document = json.loads(text)
        paths = [path for path in json_paths(document) if path]
        for _ in range(g.count(1, 2)):
            path = g.pick(paths)
            parent = document
            for key in path[:-1]:
                parent = parent[key]
            key = path[-1]
            if isinstance(parent, dict) and g.chance(0.3):
                del parent[key]
            elif isinstance(parent, dict) and g.chance(0.2):
                parent[key + "_" if isinstance(key, str) else key] = parent.pop(key)
            else:
                parent[key] = odd_json_value(g, parent[key])
            paths = [path for path in json_paths(document) if path]
            if not paths:
                break
        return json.dumps(document, indent=g.pick([None, 1]))
    if g.chance(0.2):  # a size field set huge: loading must check it before building anything (issue 19)
        document = json.loads(text)
        sizes = [path for path in json_paths(document) if path and path[0] == "tables" and type(value_at(document, path)) is int]
        if sizes:
            path = g.pick(sizes)
            parent = document
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = g.pick([10**10, 10**12, 2**40, 10**7 + 1])
            return json.dumps(document, indent=1)
    choice = g.count(0, 7)
    if choice == 0:
        return text[: g.rng.randrange(len(text))]  # truncated
    if choice == 1:
        i = g.rng.randrange(len(text))
        return text[:i] + text[i + 1:]
    if choice == 2:
        i = g.rng.randrange(len(text))
        return text[:i] + g.pick(['"', "{", "]", ",", "NaN", "Infinity", "\x00", "\ud800", "1e999", "-"]) + text[i:]
    if choice == 3:
        return "\ufeff" + text
    if choice == 4:
        return text.replace('"classes_"', '"classes_": [], "classes_"', 1)  # a repeated key
    if choice == 5:
        return text + g.pick(["x", "{}", "\n\n", "\x00"])
    if choice == 6:
        digits = [i for i, character in enumerate(text) if character.isdigit()]
        if digits:
            i = g.pick(digits)
            return text[:i] + g.pick(["9" * 30, "-1", "0", ".5", "e999"]) + text[i + 1:]
        return text
    return g.pick(["", "{}", "[]", "null", '{"format": "naivebayes model"}', "not json"])


def model_file_round(fz, g):
    Model = g.pick(FILE_MODELS)  # every kind of model a file can hold
    texts_of = MultinomialNB if Model in (ComplementNB, SemiSupervisedNB) else Model
    X, y, shape = model_data(g, texts_of, clean=True)
    try:  # a valid model file, made in this round (so that the round can be replayed alone)
        if Model is SemiSupervisedNB:
            text = to_json(Model(max_iterations=3).fit(X, y, more_examples(g, shape, 3, clean=True)))
        else:
            text = to_json(Model().fit(X, y))
    except Exception:
        return  # (fit refusing clean data is for the model rounds to report)
    tokenizer = None
    corrupted = corrupt_model_file(g, text)
    if g.chance(0.7):
        loaded = fz.call("from_json(corrupted)", lambda: f"from_json({shorten(src(corrupted), 4000)})",
                         lambda: from_json(corrupted, tokenizer=tokenizer))
    else:
        path = os.path.join(fz.folder, f"corrupted-{fz.round}.json")
        data = corrupted.encode("utf-8", "surrogatepass")
        if g.chance(0.2):
            data = g.pick([b"\xff\xfe" + data, data[:5] + b"\x80\x81" + data[5:], corrupted.encode("utf-16", "surrogatepass")])
        Path(path).write_bytes(data)
        loaded = fz.call("load(corrupted)", f"load(<a file holding {len(data)} bytes; replay to see them>)",
                         lambda: load(path, tokenizer=tokenizer))
    if isinstance(loaded, Failed):
        return
    # A file that loads must give a model that works (or says clearly why not).
    fz.remember(f"m = from_json({shorten(src(corrupted), 4000)})")
    Model = type(loaded)
    probe = []
    classes = list(getattr(loaded, "classes_", []))
    if Model is SemiSupervisedNB:
        probe = [g.text() for _ in range(2)]
    elif Model in TEXT_MODELS or Model is ComplementNB:
        probe = [g.text() for _ in range(2)] + [list(loaded.vocabulary_)[:3]]
        if loaded.input_form_ == "dense":
            probe = [[1] * (loaded.n_columns_ or 1)]
    else:
        features = list(getattr(loaded, "features_", []))
        probe = [{feature: g.value(g.pick(["category", "real", "count"]), ["red", "x", 0, 1]) for feature in features}]
        if getattr(loaded, "n_columns_", None) is not None:
            probe = [[row.get(column) for column in range(loaded.n_columns_)] for row in probe]
    fz.call(f"{Model.__name__}.predict_proba(corrupted file)", lambda: f"m.predict_proba({fz.args(probe)})",
            lambda: loaded.predict_proba(probe), check=check_probabilities(classes, len(probe)), watch=[loaded],
            read_only=True)
    if g.chance(0.5) and hasattr(loaded, "sample"):
        fz.call(f"{Model.__name__}.sample(corrupted file)", "m.sample(3, random_state=0)",
                lambda: loaded.sample(3, random_state=0), watch=[loaded], read_only=True)


# -- the text pipeline -------------------------------------------------------------


def check_tokens(tokens):
    if not isinstance(tokens, list):
        return f"tokens are not a list: {shorten(src(tokens), 120)}"
    for token in tokens:
        if not isinstance(token, str) or not token:
            return f"a token that is not a non-empty str: {shorten(src(token), 80)}"
    return None


def check_stop_words_removed(tokenizer, tokens):
    """No token is a stop word, once the stop words are lowercased and normalised as the text is (issue 19)."""
    if not tokenizer.stop_words or tokenizer.stemmer is not None or tokenizer.ngram_range != (1, 1):
        return None
    import unicodedata

    words = set()
    for word in tokenizer.stop_words:
        if tokenizer.unicode_form is not None:
            word = unicodedata.normalize(tokenizer.unicode_form, word)
        words.add(word.lower() if tokenizer.lowercase else word)
    kept = [token for token in tokens if token in words]
    return f"the stop word {kept[0]!r} was kept" if kept else None


def check_bags(n, binary):
    def check(rows):
        if not isinstance(rows, list) or n is not None and len(rows) != n:
            return f"not a list of {n} rows: {shorten(src(rows), 120)}"
        for i, row in enumerate(rows):
            if not isinstance(row, dict):
                return f"row {i} is not a dict"
            for term, count in row.items():
                if not isinstance(term, str) or isinstance(count, bool) or not isinstance(count, int) or count < 1:
                    return f"row {i} has {src(term)[:40]}: {src(count)[:40]}"
                if binary and count != 1:
                    return f"binary row {i} has the count {count}"
        return None

    return check


def check_tfidf(n, norm):
    def check(rows):
        if not isinstance(rows, list) or n is not None and len(rows) != n:
            return f"not a list of {n} rows: {shorten(src(rows), 120)}"
        for i, row in enumerate(rows):
            if not isinstance(row, dict):
                return f"row {i} is not a dict"
            for term, weight in row.items():
                why = bad_number(weight, 0, math.inf) or (weight == math.inf and "inf")
                if why:
                    return f"bad tf-idf weight: row {i}, {src(term)[:40]}: {why}"
            if norm == "l2" and any(row.values()):
                length = math.sqrt(math.fsum(float(w) ** 2 for w in row.values()))
                if abs(length - 1) > 1e-9:
                    return f"l2 row not of length 1: row {i} has length {length!r}"
        return None

    return check


def text_round(fz, g):
    choice = g.rng.random()
    if choice < 0.35:
        settings = g.tokenizer_settings()
        tokenizer = fz.call("Tokenizer()", lambda: f"Tokenizer({fz.args(**settings)})", lambda: Tokenizer(**settings))
        if isinstance(tokenizer, Failed):
            return
        fz.remember(f"t = Tokenizer({fz.args(**settings)})")
        if g.chance(0.15):  # a setting assigned after construction is checked at the next call, or taken as valid
            name = g.pick(["lowercase", "ngram_range", "min_length", "stop_words", "unicode_form", "pattern"])
            value = g.setting(name, getattr(tokenizer, name))
            setattr(tokenizer, name, value)
            fz.remember(f"t.{name} = {src(value)}")
            # The next call checks the assigned setting and keeps it in its checked form (a list of stop
            # words as a frozenset): that call may change the tokenizer, or refuse; later calls only read it.
            checked = fz.call("Tokenizer (a setting assigned)", lambda: f"t('')", lambda: tokenizer(""), check=check_tokens)
            if isinstance(checked, Failed):
                return
        for _ in range(g.count(1, 4)):
            text = g.text() if g.chance(0.9) else g.pick([None, b"bytes", ["a", "b"], 5, ("x",)])
            if g.chance(0.3) and isinstance(text, str) and isinstance(settings.get("stop_words"), (set, list, tuple)):
                text = " ".join(word for word in settings["stop_words"] if isinstance(word, str)) + " " + text
            fz.call("Tokenizer.__call__", lambda: f"t({fz.args(text)})", lambda: tokenizer(text),
                    check=lambda tokens: check_tokens(tokens) or check_stop_words_removed(tokenizer, tokens),
                    watch=[tokenizer], read_only=True)
        return
    if choice < 0.45:
        for _ in range(g.count(1, 5)):
            word = g.token() if g.chance(0.7) else g.text()
            stemmer = g.pick([porter_stem, StemCache()])
            label = "porter_stem" if stemmer is porter_stem else "StemCache()"
            fz.call(f"{label}", lambda: f"{label}({fz.args(word)})" if label == "porter_stem" else f"StemCache()({fz.args(word)})",
                    lambda: stemmer(word), check=lambda s: None if isinstance(s, str) else f"stem not a str: {src(s)[:60]}")
        return
    if choice < 0.75:
        settings = {}
        for name, default in (("binary", False), ("min_df", 1), ("max_df", 1.0), ("max_features", None)):
            if g.chance(0.35):
                settings[name] = g.setting(name, default)
        if g.chance(0.25):
            settings["tokenizer"] = g.pick(tokenizers())
        bag = fz.call("BagOfWords()", lambda: f"BagOfWords({fz.args(**settings)})", lambda: BagOfWords(**settings))
        if isinstance(bag, Failed):
            return
        fz.remember(f"b = BagOfWords({fz.args(**settings)})")
        docs = [g.text() if g.chance(0.85) else g.document("words", 0) for _ in range(g.count(0, 6))]
        docs = g.container(docs, clean=g.chance(0.7))
        if g.chance(0.1):
            fz.call("BagOfWords.transform", lambda: f"b.transform({fz.args(docs)})", lambda: bag.transform(docs),
                    watch=[bag], read_only=True)
        n = length_of(docs)
        rows = fz.call("BagOfWords.fit_transform", lambda: f"b.fit_transform({fz.args(docs)})",
                       lambda: bag.fit_transform(docs), check=check_bags(n, bag.binary), watch=[bag], inputs=[docs])
        if isinstance(rows, Failed):
            return
        fz.remember(f"b.fit_transform({fz.args(docs)})")
        more = [g.text() if g.chance(0.9) else g.document("odd", 0) for _ in range(g.count(0, 4))]
        fz.call("BagOfWords.transform", lambda: f"b.transform({fz.args(more)})", lambda: bag.transform(more),
                check=check_bags(len(more), bag.binary), watch=[bag], read_only=True, inputs=[more])
        fz.call("BagOfWords.to_dense", lambda: f"b.to_dense(b.fit_transform({fz.args(docs)}))",
                lambda: bag.to_dense(rows), watch=[bag], read_only=True,
                check=lambda dense: None if all(len(r) == len(bag.vocabulary_) for r in dense) else "dense rows of the wrong width")
        if g.chance(0.5):
            tfidf_round(fz, g, rows)
        return
    tfidf_round(fz, g, None)


def tfidf_round(fz, g, rows):
    settings = {}
    for name, default in (("smooth_idf", True), ("sublinear_tf", False), ("norm", "l2")):
        if g.chance(0.4):
            settings[name] = g.setting(name, default)
    transformer = fz.call("TfidfTransformer()", lambda: f"TfidfTransformer({fz.args(**settings)})",
                          lambda: TfidfTransformer(**settings))
    if isinstance(transformer, Failed):
        return
    fz.remember(f"tf = TfidfTransformer({fz.args(**settings)})")
    if rows is None:
        rows = [g.document("counts", 0) for _ in range(g.count(0, 5))]
        rows = g.container(rows, clean=g.chance(0.6))
    n = length_of(rows)
    weighted = fz.call("TfidfTransformer.fit_transform", lambda: f"tf.fit_transform({fz.args(rows)})",
                       lambda: transformer.fit_transform(rows), check=check_tfidf(n, transformer.norm),
                       watch=[transformer], inputs=[rows])
    if isinstance(weighted, Failed):
        return
    fz.remember(f"tf.fit_transform({fz.args(rows)})")
    more = [g.document("counts", 0) for _ in range(g.count(0, 4))]
    fz.call("TfidfTransformer.transform", lambda: f"tf.transform({fz.args(more)})", lambda: transformer.transform(more),
            check=check_tfidf(len(more), transformer.norm), watch=[transformer], read_only=True, inputs=[more])
    if g.chance(0.3) and weighted and any(weighted):
        labels = g.labels(len(weighted), clean=True)
        fz.call("MultinomialNB.fit(tf-idf)", lambda: f"MultinomialNB().fit({fz.args(weighted, labels)}).predict_proba(...)",
                lambda: MultinomialNB().fit(weighted, labels).predict_proba(weighted),
                check=check_probabilities(sorted(set(labels)), len(weighted)))


# -- Discretizer -------------------------------------------------------------------


def discretizer_round(fz, g):
    clean = g.chance(0.5)
    rows, shape = g.table(GaussianNB if clean else None, g.count(0, 10), clean)
    settings = {}
    for name, default in (("n_bins", 5), ("strategy", "uniform")):
        if g.chance(0.4):
            settings[name] = g.setting(name, default)
    if g.chance(0.2):
        settings["features"] = g.pick([shape[1][:1], ["nope"], None, "a", 5, shape[1]])
    discretizer = fz.call("Discretizer()", lambda: f"Discretizer({fz.args(**settings)})", lambda: Discretizer(**settings))
    if isinstance(discretizer, Failed):
        return
    fz.remember(f"d = Discretizer({fz.args(**settings)})")
    X = g.container(rows, clean)
    if isinstance(fz.call("Discretizer.fit", lambda: f"d.fit({fz.args(X)})", lambda: discretizer.fit(X),
                          watch=[discretizer], inputs=[X]), Failed):
        return
    fz.remember(f"d.fit({fz.args(X)})")
    more = g.more_rows(shape, g.count(0, 4), clean)

    def check(result):
        for i, row in enumerate(result):
            items = row.items() if isinstance(row, dict) else enumerate(row)
            for feature, value in items:
                if feature in discretizer.edges_ and value is not None and value == value:
                    if value not in discretizer.categories_[feature]:
                        return f"a transformed value that is not a category: X[{i}][{src(feature)[:30]}] = {src(value)[:60]}"
        return None

    fz.call("Discretizer.transform", lambda: f"d.transform({fz.args(more)})", lambda: discretizer.transform(more),
            check=check, watch=[discretizer], read_only=True, inputs=[more])


# -- metrics and the split -----------------------------------------------------------


def metrics_round(fz, g):
    clean = g.chance(0.5)
    n = g.count(0, 8)
    y_true = g.labels(n, clean)
    y_pred = g.labels(n, clean) if g.chance(0.8) else list(y_true)
    if not clean and g.chance(0.2):
        y_pred = g.container(y_pred, clean)
    labels = None if g.chance(0.7) else g.pick([sorted(set(map(str, y_true))), ["spam"], [], ["spam", "spam"], "spam",
                                               [None], list(reversed(y_true))])
    average = g.setting("average", None)
    n_given = len(y_true)

    def check_matrix(result):
        if not isinstance(result, dict):
            return f"confusion matrix is not a dict: {shorten(src(result), 120)}"
        total = 0
        for row in result.values():
            if not isinstance(row, dict) or list(row) != list(result):
                return "confusion matrix is not square"
            for cell in row.values():
                if isinstance(cell, bool) or not isinstance(cell, int) or cell < 0:
                    return f"confusion matrix cell {src(cell)[:40]}"
                total += cell
        if labels is None and total != n_given:
            return f"confusion matrix counts {total} of {n_given} examples"
        return None

    def check_scores(result):
        values = result.values() if isinstance(result, dict) else [result]
        for value in values:
            if isinstance(value, dict):
                for name, score in value.items():
                    why = bad_number(score, 0, math.inf if name == "support" else 1)
                    if why:
                        return f"bad score {name}: {why}"
            else:
                why = bad_number(value, 0, 1)
                if why:
                    return f"bad score: {why}"
        return None

    calls = [
        ("accuracy", lambda: accuracy(y_true, y_pred), f"accuracy({fz.args(y_true, y_pred)})",
         check_number(0, 1, "accuracy")),
        ("confusion_matrix", lambda: confusion_matrix(y_true, y_pred, labels=labels),
         f"confusion_matrix({fz.args(y_true, y_pred, labels=labels)})", check_matrix),
        ("precision", lambda: precision(y_true, y_pred, labels=labels, average=average),
         f"precision({fz.args(y_true, y_pred, labels=labels, average=average)})", check_scores),
        ("recall", lambda: recall(y_true, y_pred, labels=labels, average=average),
         f"recall({fz.args(y_true, y_pred, labels=labels, average=average)})", check_scores),
        ("f1_score", lambda: f1_score(y_true, y_pred, labels=labels, average=average),
         f"f1_score({fz.args(y_true, y_pred, labels=labels, average=average)})", check_scores),
        ("precision_recall_f1", lambda: precision_recall_f1(y_true, y_pred, labels=labels),
         f"precision_recall_f1({fz.args(y_true, y_pred, labels=labels)})", check_scores),
    ]
    digits = g.setting("digits", 4)
    calls.append(("classification_report", lambda: classification_report(y_true, y_pred, labels=labels, digits=digits),
                  f"classification_report({fz.args(y_true, y_pred, labels=labels, digits=digits)})",
                  lambda text: None if isinstance(text, str) else "the report is not a str"))
    for entry, function, expression, check in g.rng.sample(calls, g.count(1, len(calls))):
        fz.call(entry, expression, function, check=check, inputs=[y_true, y_pred])


def split_round(fz, g):
    clean = g.chance(0.5)
    n = g.count(0, 12) if g.chance(0.95) else 200
    X = list(range(n)) if g.chance(0.6) else g.documents(n, clean)[0]
    y = g.labels(n, clean)
    X_given, y_given = g.container(X, clean), g.container(y, clean)
    kwargs = {}
    for name, default in (("test_size", 0.25), ("random_state", None)):
        if g.chance(0.5):
            kwargs[name] = g.setting(name, default)
    if g.chance(0.4):
        kwargs["stratify"] = g.pick([True, False, None, "yes", 1])

    def check(result):
        if not (isinstance(result, tuple) and len(result) == 4):
            return "train_test_split did not return four lists"
        X_train, X_test, y_train, y_test = result
        if len(X_train) != len(y_train) or len(X_test) != len(y_test):
            return "the X and y parts differ in length"
        pairs = Counter(src(pair) for pair in zip(X_given, y_given))
        if Counter(src(pair) for pair in zip(X_train + X_test, y_train + y_test)) != pairs:
            return "the parts do not hold exactly the examples given, paired with their labels"
        if not X_train or not X_test:
            return f"an empty part: {len(X_train)} train, {len(X_test)} test"
        return None

    fz.call("train_test_split", lambda: f"train_test_split({fz.args(X_given, y_given, **kwargs)})",
            lambda: train_test_split(X_given, y_given, **kwargs), check=check, inputs=[X_given, y_given])


# -- CSV text ------------------------------------------------------------------------


def csv_field(g):
    r = g.rng.random()
    if r < 0.3:
        return str(g.number())
    if r < 0.6:
        return g.pick(WORDS + ["?", "", " ", "nan", "inf", "-inf", "1_000", " 7 ", "0x10", "1e999", "007", "-0"])
    if r < 0.75:
        return '"' + g.pick(WORDS) + g.pick([",", "\n", '""', ";", "\t"]) + g.pick(WORDS) + '"'
    if r < 0.97:
        return g.text()[:40]
    return "x" * g.pick([1000, 140_000])  # beyond the csv module's field limit of 131072


def clean_csv_text(g):
    """A well-formed table: a header, a label column, numbers, words and missing values."""
    n_columns = g.count(2, 5)
    header = [f"f{i}" for i in range(n_columns - 1)] + ["label"]
    kinds = [g.pick(["int", "real", "word", "mixed"]) for _ in range(n_columns - 1)]
    lines = [",".join(header)]
    for _ in range(g.count(1, 8)):
        fields = []
        for kind in kinds:
            if g.chance(0.1):
                fields.append(g.pick(["?", "", " "]))
            elif kind == "int":
                fields.append(str(g.count(-3, 20)))
            elif kind == "real":
                fields.append(f" {g.rng.gauss(0, 5):.3f}")
            elif kind == "word":
                fields.append(g.pick(["red", "green", "blue", "Private", "Self-emp"]))
            else:
                fields.append(csv_field(g) if g.chance(0.3) else g.pick(["1", "2.5", "x"]))
        fields.append(g.pick(["yes", "no", "<=50K", ">50K", "1", "0"]))
        lines.append(",".join(fields))
    return "\n".join(lines) + "\n", ",", header


def csv_text(g):
    if g.chance(0.45):
        return clean_csv_text(g)
    delimiter = "," if g.chance(0.7) else g.pick([";", "\t", "|", " "])
    n_columns = g.count(1, 5)
    header = [g.pick(["a", "b", "c", "label", "class", "", "a", " x ", "\ufeffa", '"q"'])
              if g.chance(0.3) else f"f{i}" for i in range(n_columns)]
    if g.chance(0.7):
        header[-1] = "label"
    lines = [delimiter.join(header)] if g.chance(0.85) else []
    for _ in range(g.count(0, 8)):
        width = n_columns if g.chance(0.9) else g.count(0, n_columns + 2)
        lines.append(delimiter.join(csv_field(g) for _ in range(width)))
    if g.chance(0.1):
        lines.insert(g.rng.randrange(len(lines) + 1), g.pick(["", " ", delimiter * n_columns, '"unclosed', "\x00"]))
    ending = g.pick(["\n", "\r\n", "\n", "\r"])
    text = ending.join(lines) + (ending if g.chance(0.7) else "")
    if g.chance(0.05):
        text = "\ufeff" + text
    return text, delimiter, header


def csv_round(fz, g):
    text, delimiter, header = csv_text(g)
    kwargs = {}
    label = g.pick(["label", "label", -1, 0, len(header), -len(header) - 1, "nope", None, 1.5, True, header[0], ["label"]])
    if g.chance(0.3):
        kwargs["missing"] = g.pick([("?", ""), ("?",), ["NA"], "?", None, 5, ("nan", "inf"), ()])
    if delimiter != "," or g.chance(0.1):
        kwargs["delimiter"] = delimiter if g.chance(0.8) else g.pick(["", ",,", None, 5, '"', "\n", "ab"])
    if g.chance(0.2):
        kwargs["header"] = g.pick([False, True, None, "yes", 0])
    if g.chance(0.15):
        kwargs["names"] = g.pick([list(header), header[:-1], ["a", "a"], [1, 2], "ab", None, [], header + ["z"]])
    if g.chance(0.2):
        kwargs["exact"] = g.pick([True, False, None])

    def check(dataset):
        if not isinstance(dataset, Dataset):
            return f"not a Dataset: {shorten(src(dataset), 120)}"
        rows, labels, features = dataset
        if label is None:  # a table without labels (rows to predict)
            if labels is not None:
                return f"label=None, yet the labels are {shorten(src(labels), 80)}"
            labels = ["(none)"] * len(rows)
        if len(rows) != len(labels) or not rows:
            return f"{len(rows)} rows and {len(labels)} labels"
        for i, (row, label_value) in enumerate(zip(rows, labels)):
            if list(row) != list(features):
                return f"row {i} has the features {shorten(src(list(row)), 80)}, not {shorten(src(features), 80)}"
            if label_value is None or label_value == "":
                return f"row {i} has an empty label"
            for value in [*row.values(), label_value]:
                if not (value is None or type(value) in (int, str, Fraction) or type(value) is float and math.isfinite(value)):
                    return f"row {i} holds the value {src(value)[:60]}"
        return None

    form = g.pick(["list", "list", "file", "str", "odd"])
    if form == "list":
        lines = text.splitlines(keepends=True)
    elif form == "file":
        lines = io.StringIO(text, newline="")
    elif form == "str":
        lines = text
    else:
        lines = g.pick([None, 5, [b"a,b\n", b"1,2\n"], [["a", "b"]], {"a,b"}])
    lines_src = {"list": f"{src(text)}.splitlines(keepends=True)", "file": f"io.StringIO({src(text)}, newline='')",
                 "str": src(text)}.get(form, src(lines))
    fz.call("read_csv_lines", lambda: f"read_csv_lines({shorten(lines_src, 2000)}, {fz.args(label, **kwargs)})",
            lambda: read_csv_lines(lines, label, **kwargs), check=check)
    if g.chance(0.5):
        encoding = g.pick(["utf-8", "utf-8", "utf-8-sig", "latin-1", "utf-16", "bytes"])
        path = os.path.join(fz.folder, f"table-{fz.round}.csv")
        if encoding == "bytes":
            data = bytes(g.rng.randrange(256) for _ in range(g.count(0, 200)))
        else:
            data = text.encode(encoding, "replace") if encoding != "utf-8" else text.encode("utf-8", "surrogatepass")
        Path(path).write_bytes(data)
        fz.call("read_csv", lambda: f"read_csv(<a file of {len(data)} bytes: {shorten(src(data), 300)}>, {fz.args(label, **kwargs)})",
                lambda: read_csv(path, label, **kwargs), check=check)


# -- what a file looks like, and the guesses read_csv must not make quietly (issue 19) ----------


def guess_round(fz, g):
    """A table whose right reading is known: no header, a stray quote, numbers with separators, a foreign delimiter.

    Each must end in a refusal that names the option that fixes it, a
    TableWarning that names it, or the right rows.
    """
    from naivebayes.datasets.tabular import TableError, TableWarning

    kind = g.pick(["no-header", "stray-quote", "thousands", "delimiter", "header-of-numbers"])
    n_rows = g.count(2, 12)
    labels = [g.pick(["yes", "no"]) for _ in range(n_rows)]
    kwargs = {}
    if kind in ("no-header", "header-of-numbers"):
        rows = [[str(g.count(17, 90)), g.pick(["Private", "State-gov", "?"]), str(g.count(10_000, 500_000))] for _ in range(n_rows)]
        lines = [", ".join(row + [label]) for row, label in zip(rows, labels)]
        if kind == "header-of-numbers":
            lines.insert(0, "2019, kind, 2020, label")
        fix = "header=False" if kind == "no-header" else "header=True"
        expected_rows = n_rows
        if g.chance(0.5):
            kwargs["header"] = False if kind == "no-header" else True
        label = -1
    elif kind == "stray-quote":
        texts = [g.pick(["see you at noon", "WIN cash now", "lunch?", "free prize", "call me"]) for _ in range(n_rows)]
        bad = g.rng.randrange(n_rows)
        texts[bad] = '"' + texts[bad] + g.pick(["", " and more", ' said "hi'])
        lines = [f"{label}\t{text}" for label, text in zip(labels, texts)]
        kwargs.update(delimiter="\t", header=False)
        fix, expected_rows, label = "quoting=False", n_rows, 0
        if g.chance(0.5):
            kwargs["quoting"] = False
    elif kind == "thousands":
        separator = g.pick([",", "."])
        decimal = "." if separator == "," else ","
        delimiter = ";" if separator == "." or g.chance(0.5) else ","
        values = [g.count(1000, 10**7) for _ in range(n_rows)]
        written = [f"{value:,}".replace(",", separator) for value in values]
        if delimiter == ",":
            written = [f'"{text}"' for text in written]
        lines = ["income" + delimiter + "label"] + [f"{text}{delimiter}{label}" for text, label in zip(written, labels)]
        kwargs["delimiter"] = delimiter
        fix, expected_rows, label = f"thousands={separator!r}", n_rows, "label"
        if g.chance(0.5):
            kwargs.update(thousands=separator, decimal=decimal)
    else:
        delimiter = g.pick([";", "|", "\t"])
        lines = ["a" + delimiter + "label"] + [f"{g.count(0, 9)}{delimiter}{label}" for label in labels]
        fix, expected_rows, label = f"delimiter={delimiter!r}", n_rows, "label"
        if g.chance(0.5):
            kwargs["delimiter"] = delimiter
    text = "\n".join(lines) + "\n"
    told = []

    def read():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = read_csv_lines(text.splitlines(keepends=True), label, **kwargs)
        told.extend(str(warning.message) for warning in caught if issubclass(warning.category, TableWarning))
        return result

    def check(dataset):
        if len(dataset.rows) != expected_rows:
            return f"{len(dataset.rows)} rows, but the table has {expected_rows} (and no word about it)"
        if kind == "thousands" and "thousands" not in kwargs:
            if not any(fix in message for message in told):
                return f"numbers with separators read as text without a warning naming {fix}"
        if kind == "thousands" and "thousands" in kwargs:
            got = [row["income"] for row in dataset.rows]
            if got != values:
                return f"read {shorten(src(got), 80)}, not {shorten(src(values), 80)}"
        if kind == "stray-quote" and [row[1] for row in dataset.rows] != [line.split("\t", 1)[1] for line in lines]:
            return "the messages were not read as written"
        return None

    result = fz.call("read_csv_lines(guess)", lambda: f"read_csv_lines({src(text)}.splitlines(keepends=True), {fz.args(label, **kwargs)})",
                     read, check=check)
    if isinstance(result, Failed):
        error = result.error if hasattr(result, "error") else None
        message = str(error) if error is not None else ""
        if isinstance(error, TableError) and fix.split("=")[0] not in message and fix not in message:
            fz.outcome("read_csv_lines(guess)", "wrong-answer", f"read_csv_lines({src(text)}...)",
                       detail=f"refused without naming {fix}: {shorten(message, 200)}")


# -- saving: links, permissions, the user's path in every error (issue 19) ------------------


def saving_round(fz, g):
    model = MultinomialNB().fit(["free prize now", "lunch at noon"], ["spam", "ham"])
    folder = Path(fz.folder) / f"save-{fz.round}"
    folder.mkdir()
    target = folder / "real.json"
    kind = g.pick(["plain", "link", "dangling-link", "mode", "folder", "missing-folder", "link-to-folder"])
    path = folder / "model.json"
    if kind == "link":
        target.write_text("old", encoding="utf-8")
        path.symlink_to(target)
    elif kind == "dangling-link":
        path.symlink_to(target)
    elif kind == "mode":
        path.write_text("old", encoding="utf-8")
        os.chmod(path, g.pick([0o600, 0o640, 0o644, 0o444]))
    elif kind == "folder":
        path.mkdir()
    elif kind == "missing-folder":
        path = folder / "no such folder" / "model.json"
    elif kind == "link-to-folder":
        (folder / "sub").mkdir()
        path.symlink_to(folder / "sub")
    mode = os.stat(path).st_mode & 0o7777 if kind == "mode" else None

    def check(saved):
        if kind in ("link", "dangling-link") and not path.is_symlink():
            return "the symbolic link was replaced by a file"
        if mode is not None and os.stat(path).st_mode & 0o7777 != mode:
            return f"the file's permissions changed from {oct(mode)}"
        if load(path).class_counts_ != model.class_counts_:
            return "the file saved does not load as the model"
        if any(name.endswith(".part") for name in os.listdir(folder)):
            return "a temporary file was left behind"
        return None

    result = fz.call("save(links and modes)", f"save(model, <{kind}>)", lambda: save(model, path), check=check)
    if isinstance(result, Failed) and ".part" in str(getattr(result, "error", "")):
        fz.outcome("save(links and modes)", "wrong-answer", f"save(model, <{kind}>)",
                   detail="the error names the temporary file, not the user's path")


# -- the command line: never a traceback, one line per refusal (issue 19) ------------------


def command_line_round(fz, g):
    from naivebayes.command_line import main

    folder = Path(fz.folder) / f"cli-{fz.round}"
    folder.mkdir()
    text, delimiter, header = csv_text(g) if g.chance(0.6) else guess_table_text(g)
    table = folder / g.pick(["table.csv", "table.tsv", "table", "adult.data", "t.txt"])
    table.write_text(text, encoding="utf-8", errors="surrogatepass")
    model = folder / "m.json"
    options = []
    for option, values in (
        ("--no-header", [None]), ("--header", [None]), ("--no-quotes", [None]), ("--delimiter", [";", "tab", "|", ",", ";;"]),
        ("--label", ["0", "-1", "label", "nope"]), ("--model", ["multinomial", "categorical", "gaussian", "mixed"]),
        ("--alpha", ["0", "1", "-1"]), ("--test-size", ["0.2", "0.5", "3", "1.5"]), ("--thousands", [",", "."]),
        ("--names", ["a,b,label", "a,,b"]), ("--text", ["0", "text"]),
    ):
        if g.chance(0.15):
            value = g.pick(values)
            options += [option] if value is None else [option, value]
    data = table
    if g.chance(0.2):  # a folder of texts, some of them empty, or a class with one file
        data = folder / "texts"
        for label in g.pick([["a", "b"], ["a"], ["a", "b", "c"]]):
            (data / label).mkdir(parents=True)
            for number in range(g.count(0, 3)):
                (data / label / f"{number}.txt").write_text(g.text()[:200], encoding="utf-8", errors="surrogatepass")
    elif g.chance(0.15):
        data = "-"  # standard input
    steps = [["train", data, "-o", model, *options]]
    later = g.pick(["predict", "evaluate", "explain", "predict-lines", "explain-row"])
    if later == "predict-lines":
        steps.append(["predict", model, g.pick([table, "-"]), "--lines"])
    elif later == "explain-row":
        steps.append(["explain", model, "--file", g.pick([table, "-"]), "--row", g.pick(["1", "2", "0", "99"])])
    else:
        steps.append([later, model, g.pick([data, table, "-"])])

    for argv in steps:
        out, err = io.StringIO(), io.StringIO()

        def run(argv=argv, out=out, err=err):
            return main([str(arg) for arg in argv], out=out, err=err, stdin=io.StringIO(text))

        def check(status, err=err):
            lines = err.getvalue().splitlines()
            if "Traceback" in err.getvalue():
                return "a traceback on the error stream"
            if status not in (0, 2):
                return f"exit status {status}"
            errors = [line for line in lines if not line.startswith("note:")]
            if status == 2 and len(errors) != 1:
                return f"{len(errors)} error lines: {shorten(err.getvalue(), 200)}"
            if status == 2 and "did not expect" in err.getvalue():
                return f"an unexpected error: {shorten(err.getvalue(), 300)}"
            python_advice = ("header=", "quoting=", "delimiter=", "thousands=", "decimal=", "names=[", "model.explain(",
                             "alpha > 0", "X[", "CategoricalNB, or MixedNB")
            if any(phrase in err.getvalue() for phrase in python_advice):
                return f"Python advice on the command line: {shorten(err.getvalue(), 200)}"
            return None

        fz.call("naivebayes (command line)", lambda argv=argv: "naivebayes " + " ".join(map(str, argv)), run, check=check)


def guess_table_text(g):
    """A table with one of issue 19's traps, for the command line: no header, a stray quote, separators."""
    n_rows = g.count(3, 10)
    labels = [g.pick(["yes", "no"]) for _ in range(n_rows)]
    if g.chance(0.5):
        lines = [f"{g.count(17, 90)}, {g.pick(['Private', 'State-gov'])}, {label}" for label in labels]
        return "\n".join(lines) + "\n", ",", None
    texts = [g.pick(["see you", "WIN cash", "lunch?", '"free prize', '"1,234" said']) for _ in range(n_rows)]
    return "label\ttext\n" + "\n".join(f"{label}\t{text}" for label, text in zip(labels, texts)) + "\n", "\t", ["label", "text"]


# -- tar archives ------------------------------------------------------------------------

TRAIN, TEST = "20news-bydate-train", "20news-bydate-test"


def archive_members(g):
    """(name, type, data, linkname) for the members of a random archive, most of them laid out as 20 Newsgroups."""
    members = []
    for folder in (TRAIN, TEST):
        if g.chance(0.1):
            continue
        if g.chance(0.3):
            members.append((folder, tarfile.DIRTYPE, b"", ""))
        for group in g.rng.sample(["alt.atheism", "sci.med", "comp.graphics", "rec.autos"], g.count(1, 3)):
            if g.chance(0.3):
                members.append((f"{folder}/{group}", tarfile.DIRTYPE, b"", ""))
            for post in range(g.count(0, 3)):
                body = g.text().encode("utf-8", "surrogatepass") if g.chance(0.7) else bytes(
                    g.rng.randrange(256) for _ in range(g.count(0, 300)))
                members.append((f"{folder}/{group}/{5000 + post}", tarfile.REGTYPE, body, ""))
    for _ in range(g.count(0, 3)):
        name = g.pick([
            f"{TRAIN}", f"{TRAIN}/", f"{TRAIN}/sci.med/", f"{TRAIN}/sci.med/sub/1", f"./{TEST}/sci.med/1",
            "/abs/path", "../escape", f"{TRAIN}//1", f"{TEST}/sci.med/" + "x" * 150, f"{TRAIN}/日本/1", "",
            f"{TRAIN}/sci.med/1", f"{TEST}/\ud800/1", f"{TEST}/sci.med/..", "README",
        ])
        kind = g.pick([tarfile.REGTYPE, tarfile.REGTYPE, tarfile.DIRTYPE, tarfile.SYMTYPE, tarfile.LNKTYPE,
                       tarfile.FIFOTYPE, tarfile.CONTTYPE])
        link = g.pick(["/etc/passwd", f"{TRAIN}/sci.med/5000", "missing", ""]) if kind in (tarfile.SYMTYPE, tarfile.LNKTYPE) else ""
        members.append((name, kind, g.text().encode("utf-8", "surrogatepass"), link))
    g.rng.shuffle(members)
    return members


def archive_bytes(g):
    """(bytes, what they are, the intact archive they were made from or None)."""
    buffer = io.BytesIO()
    compression = g.pick(["gz", "gz", "", "bz2"])
    tar_format = g.pick([tarfile.PAX_FORMAT, tarfile.GNU_FORMAT, tarfile.USTAR_FORMAT])
    with tarfile.open(fileobj=buffer, mode=f"w:{compression}", format=tar_format) as tar:
        for name, kind, data, link in archive_members(g):
            info = tarfile.TarInfo(name)
            info.type = kind
            info.linkname = link
            info.size = len(data) if kind in (tarfile.REGTYPE, tarfile.CONTTYPE) else 0
            try:
                tar.addfile(info, io.BytesIO(data) if info.size else None)
            except (ValueError, UnicodeError, tarfile.TarError):
                continue  # (a name this tar format cannot hold: leave the member out)
    data = buffer.getvalue()
    kind = {"gz": "gzip tar", "bz2": "bzip2 tar", "": "plain tar"}[compression]
    corruption = g.count(0, 9)
    if corruption == 0 and data:
        return data[: g.rng.randrange(len(data))], f"truncated {kind}", data
    if corruption == 1 and data:
        damaged = bytearray(data)
        for _ in range(g.count(1, 4)):
            damaged[g.rng.randrange(len(damaged))] = g.rng.randrange(256)
        return bytes(damaged), f"damaged {kind}", data
    if corruption == 2:
        return g.pick([b"", b"not a tar file", bytes(512), b"\x1f\x8b" + bytes(30), b"PK\x03\x04" + bytes(40)]), "not a tar", None
    if corruption == 3:
        return data + bytes(g.rng.randrange(256) for _ in range(g.count(1, 600))), f"{kind} with garbage after it", data
    return data, kind, None


def archive_round(fz, g):
    data, what, intact = archive_bytes(g)
    path = os.path.join(fz.folder, f"archive-{fz.round}.tar.gz")
    Path(path).write_bytes(data)
    description = f"<a {what} of {len(data)} bytes (replay the round to get it)>"

    def check_archive(result):
        listing, posts = result
        for (folder, group, file_name) in posts:
            if file_name not in listing[folder][group]:
                return f"post {folder}/{group}/{file_name} is not in the listing"
        if intact is not None and "bzip2" not in what:
            # A damaged archive read without an error must hold what the intact one holds: gzip's CRC
            # is there to catch the damage.  (A plain tar has no checksum over the posts, so a changed
            # byte in a post cannot be noticed; only its lost posts count there.)
            intact_path = path + ".intact"
            Path(intact_path).write_bytes(intact)
            intact_listing, intact_posts = read_archive(intact_path)
            if what.startswith("damaged plain"):
                lost = set(intact_posts) - set(posts)
                return f"a {what} was read without an error, and lost the posts {sorted(lost)[:3]}" if lost else None
            if (listing, posts) != (intact_listing, intact_posts):
                lost = sorted(set(intact_posts) - set(posts))
                return (f"a {what} was read without an error, but does not hold what the intact archive holds "
                        f"({len(posts)} posts instead of {len(intact_posts)}; lost: {lost[:3]})")
        return None

    if g.chance(0.5):
        fz.call("read_archive", f"read_archive({description})", lambda: read_archive(path), check=check_archive)
        return
    kwargs = {"subset": g.pick(["train", "test", "all"]) if g.chance(0.9) else g.pick(["valid", None, 1])}
    if g.chance(0.3):
        kwargs["categories"] = g.pick([["sci.med"], ["nope"], [], "sci.med", None, ["sci.med", "sci.med"]])
    if g.chance(0.3):
        kwargs["remove"] = g.pick([("headers",), ("headers", "footers", "quotes"), "headers", ("nope",), None])
    if g.chance(0.3):
        kwargs["shuffle"] = True
        kwargs["random_state"] = g.setting("random_state", 0)

    def check(result):
        texts, labels, names = result
        if len(texts) != len(labels) or any(label not in names for label in labels) or names != sorted(names):
            return "texts, labels and label_names do not agree"
        return None

    fz.call("load_20newsgroups", lambda: f"load_20newsgroups(archive={description}, {fz.args(**kwargs)})",
            lambda: load_20newsgroups(archive=path, download_if_missing=False, **kwargs), check=check)


# -- model selection: cross_val_score, cross_validate, GridSearchCV, learning_curve (issue 30) ---------------


def score_text(y_true, y_pred):
    return "x"


def score_nan(y_true, y_pred):
    return math.nan


def score_none(y_true, y_pred):
    return None


def score_inf(y_true, y_pred):
    return math.inf


def score_list(y_true, y_pred):
    return [1, 2]


def score_bool(y_true, y_pred):
    return True


def score_fraction(y_true, y_pred):
    return Fraction(1, 3)


def score_huge(y_true, y_pred):
    return 10**400


def scorer_pool():
    """Scoring arguments: names, and functions of your own that return what a score should not be."""
    # (a function that takes the wrong number of arguments, such as len, fails with Python's own TypeError,
    # which names the function and the arguments: a mistake in the caller's code, not input to check)
    functions = [score_text, score_nan, score_none, score_inf, score_list, score_bool, score_fraction, score_huge]
    return [None, "accuracy", "f1_macro", "f1_micro", "precision_macro", "recall_macro", "nope", "", 5,
            named(accuracy, "accuracy")] + [named(function, function.__name__) for function in functions]


def smallest_class(y):
    counts = Counter()
    for label in y:
        try:
            counts[label] += 1
        except TypeError:
            return 0
    return min(counts.values()) if counts else 0


def check_scores(values, n_folds, scoring):
    """Why a list of fold scores is wrong (None if it looks right): one real number per fold, accuracy in [0, 1]."""
    if not isinstance(values, list) or (n_folds is not None and len(values) != n_folds):
        return f"not a list of {n_folds} scores: {shorten(src(values), 160)}"
    for i, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
            return f"score {i} is not a number: {shorten(src(value), 80)}"
        if value != value and scoring is not score_nan:
            return f"score {i} is NaN, and the scoring did not give NaN"
        if scoring in (None, "accuracy") and not 0 <= value <= 1:
            return f"accuracy {value!r} outside [0, 1]"
    return None


def model_selection_round(fz, g):
    Model = g.pick([MultinomialNB, BernoulliNB, CategoricalNB, GaussianNB, KernelNB, HistogramNB, TreeAugmentedNB,
                    LogisticRegression, GaussianDiscriminantAnalysis])
    clean = g.chance(0.6)
    X, y, shape = model_data(g, Model, clean, n=g.count(4, 14) if clean or g.chance(0.8) else g.pick([0, 1, 2, 3]))
    name = Model.__name__
    if clean or g.chance(0.7):
        model, model_src = Model(), f"{name}()"
    else:  # a class instead of an instance, or not a model at all
        model = g.pick([Model, None, name, 5, named(lambda: None, "lambda: None"), Tokenizer()])
        model_src = src(model) if model is not Model else name
    smallest = smallest_class(y)
    if clean and g.chance(0.6):
        cv = g.pick([2, 3, max(smallest, 2)])
    elif g.chance(0.7):  # at and around the smallest class's size, where stratified folds run out
        cv = g.pick([smallest - 1, smallest, smallest + 1, 2, 3, len(y), len(y) + 1])
    else:
        cv = g.pick([0, 1, -1, 2.5, True, None, "5", 10**6, math.nan,
                     named(StratifiedKFold(2), "StratifiedKFold(2)"),
                     named(KFold(3, shuffle=True, random_state=0), "KFold(3, shuffle=True, random_state=0)"),
                     [([0], [1])], [], [(list(range(1, len(y))), [0])], [([0, 0], [len(y) + 5])], [([], [0])],
                     [([0, 1], [0, 1])], [([-1], [0])], [([0.5], [1])], "folds"])
    if clean:
        scoring = g.pick([None, None, "accuracy", "f1_macro", named(score_nan, "score_nan"),
                          named(score_fraction, "score_fraction")])
    else:
        scoring = g.pick(scorer_pool()) if g.chance(0.5) else None
    entry = g.pick(["cross_val_score", "cross_validate", "GridSearchCV", "learning_curve"])
    n_folds = cv if type(cv) is int and cv >= 2 else None
    inputs = [value for value in (X, y) if isinstance(value, list)]
    if entry == "cross_val_score":
        fz.call("cross_val_score", lambda: f"cross_val_score({model_src}, {fz.args(X, y, cv=cv, scoring=scoring)})",
                lambda: cross_val_score(model, X, y, cv=cv, scoring=scoring),
                check=lambda r: check_scores(list(r) if isinstance(r, list) else r, n_folds, scoring), inputs=inputs)
    elif entry == "cross_validate":
        train = g.chance(0.3)

        def check(result):
            if not isinstance(result, dict) or "test_score" not in result:
                return f"not a dict with test_score: {shorten(src(result), 160)}"
            return check_scores(list(result["test_score"]), n_folds, scoring) or (
                check_scores(list(result["train_score"]), n_folds, scoring) if train else None)

        fz.call("cross_validate", lambda: f"cross_validate({model_src}, "
                f"{fz.args(X, y, cv=cv, scoring=scoring, return_train_score=train)})",
                lambda: cross_validate(model, X, y, cv=cv, scoring=scoring, return_train_score=train),
                check=check, inputs=inputs)
    elif entry == "GridSearchCV":
        setting = {LogisticRegression: "C", KernelNB: "bandwidth", GaussianNB: "var_smoothing",
                   GaussianDiscriminantAnalysis: "ddof"}.get(Model, "alpha")
        good = {"C": [0.1, 1.0], "bandwidth": [None, 0.5], "var_smoothing": [1e-9, 1e-3], "ddof": [0, 1]}.get(
            setting, [0.5, 1])
        grid = g.pick([{setting: good}] * 4 + [
            {}, {setting: []}, {"nope": [1]}, {setting: good[0]}, [{setting: good}, {}], {setting: [-1, *good]},
            {setting: [math.nan]}, [], None, {setting: "12"}, {setting: {1, 2}}, {1: [1]}, {setting: [good[0]] * 2},
        ])
        refit = True if g.chance(0.9) else g.pick([False, None, "yes"])
        search = None

        def make_and_fit():
            nonlocal search
            search = GridSearchCV(model, grid, cv=cv, scoring=scoring, refit=refit)
            return search.fit(X, y)

        def check(result):
            if result is not search:
                return "fit returned something else than the search"
            if not isinstance(result.best_params_, dict):
                return f"best_params_ is not a dict: {shorten(src(result.best_params_), 120)}"
            return check_scores([result.best_score_], 1, scoring)

        fitted = fz.call("GridSearchCV.fit", lambda: f"GridSearchCV({model_src}, {fz.args(grid, cv=cv, scoring=scoring, refit=refit)})"
                         f".fit({fz.args(X, y)})", make_and_fit, check=check, inputs=inputs)
        if not isinstance(fitted, Failed) and refit is True and isinstance(X, list) and X:
            examples = X[:3]
            classes = list(fitted.best_estimator_.classes_)
            fz.call("GridSearchCV.predict", lambda: f"search.predict({fz.args(examples)})",
                    lambda: fitted.predict(examples), check=check_predictions(classes, len(examples)))
    else:
        if clean:  # sizes every fold can give, on shuffled positions (the first few in order may be one class)
            train_sizes = g.pick([(0.5, 1.0), (0.6, 0.8, 1.0), [1.0]])
            shuffle, random_state = True, g.pick([0, 1])
        else:
            train_sizes = g.pick([(0.1, 0.325, 0.55, 0.775, 1.0)] * 3 + [
                None, [1], [0], [1.5], [len(y)], [len(y) + 1], [], "all", [0.5, 0.5], [True], [math.nan], (2, 3),
                [-1], [0.0, 1.0], [Fraction(1, 2)], [10**400], 3, {0.5}, [2, 1]])
            shuffle = g.chance(0.5)
            random_state = g.pick([0, 1, None]) if g.chance(0.9) else g.pick(SETTING_POOLS["random_state"])

        def check(result):
            if not (isinstance(result, tuple) and len(result) == 3):
                return f"not (sizes, train scores, test scores): {shorten(src(result), 160)}"
            sizes, train, test = result
            if list(sizes) != sorted(set(sizes)) or any(type(size) is not int or size < 1 for size in sizes):
                return f"training sizes are not increasing whole numbers >= 1: {shorten(src(sizes), 120)}"
            for rows in (train, test):
                if len(rows) != len(sizes):
                    return f"{len(rows)} rows of scores for {len(sizes)} sizes"
                for row in rows:
                    problem = check_scores(list(row), n_folds, scoring)
                    if problem:
                        return problem
            return None

        fz.call("learning_curve", lambda: f"learning_curve({model_src}, {fz.args(X, y, train_sizes=train_sizes, cv=cv, scoring=scoring, shuffle=shuffle, random_state=random_state)})",
                lambda: learning_curve(model, X, y, train_sizes=train_sizes, cv=cv, scoring=scoring, shuffle=shuffle,
                                       random_state=random_state),
                check=check, inputs=inputs)


# -- calibration and log_loss ------------------------------------------------------------------------


def calibration_round(fz, g):
    clean = g.chance(0.5)
    n = g.count(2, 12) if clean or g.chance(0.8) else g.pick([0, 1, 40])
    if clean:  # two classes, both present, as a probability of one class needs
        labels = ["spam", "ham"] * (n // 2) + ["spam"] * (n % 2)
        g.rng.shuffle(labels)
    else:
        labels = g.labels(n, clean)
    classes = sorted({label for label in labels if isinstance(label, str)}) or ["spam", "ham"]
    probabilities = [g.pick([0.0, 1.0, 0.5, 0.25]) if g.chance(0.2) else round(g.rng.random(), 4) for _ in range(n)]
    if not clean and n and g.chance(0.4):
        probabilities[g.rng.randrange(n)] = g.pick([-0.1, 1.5, math.nan, math.inf, None, "0.5", True,
                                                    Fraction(1, 3), 10**400, [0.5]])
    entry = g.pick(["log_loss", "log_loss", "brier_score_loss", "calibration_curve", "expected_calibration_error",
                    "reliability_table", "PlattCalibrator", "IsotonicRegression"])
    if clean:
        pos_label = "spam" if g.chance(0.8) else None
    else:
        pos_label = None if g.chance(0.6) else g.pick(labels + ODD_LABELS + ["eggs"]) if labels else None
    if entry == "log_loss":
        if g.chance(0.6):  # predict_proba rows, some keyed by classes the labels are not among, or missing one
            keys = list(classes)
            if g.chance(0.4):
                keys = keys[:-1] if len(keys) > 1 and g.chance(0.5) else keys + ["other"]
            rows = []
            for _ in range(n):
                weights = [g.rng.random() + (0 if clean else g.pick([0, 0, -1])) for _ in keys]
                total = sum(weights) or 1
                rows.append({key: weight / total for key, weight in zip(keys, weights)})
            if not clean and rows and g.chance(0.2):
                rows[0] = g.pick([{}, {keys[0]: 1.0, "x": 0.5}, {keys[0]: math.nan}, [0.5, 0.5], None])
            y_pred = rows
        else:
            y_pred = probabilities
        given = None if g.chance(0.5) else g.pick([classes, classes[:1], classes + ["extra"], ["a", "b"], [], "ab",
                                                   [None, math.nan], classes * 2])
        fz.call("log_loss", lambda: f"log_loss({fz.args(labels, y_pred, labels=given)})",
                lambda: log_loss(labels, y_pred, labels=given), check=check_number(0, math.inf, "log loss"),
                inputs=[labels, y_pred])
        return
    n_bins = g.pick([2, 5, 10]) if g.chance(0.8) else g.setting("n_bins", 5)
    strategy = "uniform" if g.chance(0.6) else g.setting("strategy", "quantile")
    if entry == "brier_score_loss":
        fz.call(entry, lambda: f"brier_score_loss({fz.args(labels, probabilities, pos_label=pos_label)})",
                lambda: brier_score_loss(labels, probabilities, pos_label=pos_label), check=check_number(0, 1, "Brier score"),
                inputs=[labels, probabilities])
    elif entry == "calibration_curve":
        def check(result):
            if not (isinstance(result, tuple) and len(result) == 2 and len(result[0]) == len(result[1])):
                return f"not two lists of one length: {shorten(src(result), 120)}"
            return next((f"{value!r} outside [0, 1]" for part in result for value in part
                         if bad_number(value, 0, 1)), None)

        fz.call(entry, lambda: f"calibration_curve({fz.args(labels, probabilities, n_bins=n_bins, strategy=strategy, pos_label=pos_label)})",
                lambda: calibration_curve(labels, probabilities, n_bins=n_bins, strategy=strategy, pos_label=pos_label),
                check=check, inputs=[labels, probabilities])
    elif entry == "expected_calibration_error":
        fz.call(entry, lambda: f"expected_calibration_error({fz.args(labels, probabilities, n_bins=n_bins, strategy=strategy, pos_label=pos_label)})",
                lambda: expected_calibration_error(labels, probabilities, n_bins=n_bins, strategy=strategy,
                                                   pos_label=pos_label),
                check=check_number(0, 1, "expected calibration error"), inputs=[labels, probabilities])
    elif entry == "reliability_table":
        fz.call(entry, lambda: f"reliability_table({fz.args(labels, probabilities, n_bins=n_bins, strategy=strategy, pos_label=pos_label)})",
                lambda: str(reliability_table(labels, probabilities, n_bins=n_bins, strategy=strategy,
                                              pos_label=pos_label)),
                inputs=[labels, probabilities])
    elif entry == "PlattCalibrator":
        settings = {} if g.chance(0.6) else {"max_iter": g.setting("max_iter", 100), "tol": g.setting("tol", 1e-12)}
        calibrator = None

        def fit_and_predict():
            nonlocal calibrator
            calibrator = PlattCalibrator(**settings).fit(probabilities, labels, pos_label=pos_label)
            return calibrator.predict(probabilities)

        fz.call(entry, lambda: f"PlattCalibrator({fz.args(**settings)}).fit({fz.args(probabilities, labels, pos_label=pos_label)}).predict(...)",
                fit_and_predict, check=lambda r: next((f"{p!r} outside [0, 1]" for p in r if bad_number(p, 0, 1)), None),
                inputs=[labels, probabilities])
    else:
        outcomes = [g.pick([0, 1]) for _ in range(n)] if clean or g.chance(0.7) else labels
        weights = None if g.chance(0.7) else g.pick([[1] * n, [0] * n, [-1] * n, [math.nan] * n, [1] * (n + 1), "w"])

        def fit_and_predict():
            model = IsotonicRegression().fit(probabilities, outcomes, sample_weight=weights)
            return model.predict([-1.0] + sorted(p for p in probabilities if isinstance(p, float) and p == p) + [2.0])

        def check(result):
            finite = [value for value in result if value == value]
            if finite != sorted(finite):
                return f"the isotonic fit decreases: {shorten(src(result), 160)}"
            return None

        fz.call(entry, lambda: f"IsotonicRegression().fit({fz.args(probabilities, outcomes, sample_weight=weights)}).predict(...)",
                fit_and_predict, check=check, inputs=[labels, probabilities])


# -- semi-supervised naive Bayes -----------------------------------------------------------------------

SEMI_SUPERVISED_POOLS = {
    "event_model": ["multinomial", "bernoulli", "gaussian", None, 1, "Multinomial"],
    "unlabeled_weight": [1.0, 0.1, 0, 0.0, -1, math.nan, math.inf, "1", True, None, 2, Fraction(1, 2)],
    "document_length": [300, 1, 0, -1, 1.5, None, True, "300", 10**6],
    "max_iterations": [50, 1, 3, 0, -1, 2.5, None, True, "5"],
    "tolerance": [1e-4, 0, 0.0, -1, math.nan, math.inf, None, "x", 1],
    "min_word_count": [2, 1, 0, -1, 1.5, None, True, 10**6],
}


def semi_supervised_round(fz, g):
    clean = g.chance(0.6)
    settings = {"max_iterations": 3}
    for name, pool in SEMI_SUPERVISED_POOLS.items():
        if not clean and g.chance(0.25):
            settings[name] = g.pick(pool)
    if g.chance(0.3):
        settings["alpha"] = g.setting("alpha", 1)
    n = g.count(2, 10)
    X, form, width = g.documents(n, clean)
    y = g.labels(n, clean)
    unlabeled = g.documents(g.count(0, 8), clean, form=form, width=width)[0] if g.chance(0.85) else g.pick(
        [None, [], "free prize", named(iter(["a b"]), "iter(['a b'])"), [None], [[1, 2, 3]], 5])
    model = fz.call("SemiSupervisedNB()", f"SemiSupervisedNB({fz.args(**settings)})",
                    lambda: SemiSupervisedNB(**settings))
    if isinstance(model, Failed):
        return
    fz.remember(f"m = SemiSupervisedNB({fz.args(**settings)})")
    fitted = fz.call("SemiSupervisedNB.fit", lambda: f"m.fit({fz.args(X, y, unlabeled)})",
                     lambda: model.fit(X, y, unlabeled), watch=[model],
                     check=lambda r: None if r is model else "fit returned something else than the model",
                     inputs=[value for value in (X, y, unlabeled) if isinstance(value, list)])
    if isinstance(fitted, Failed):
        return
    fz.remember(f"m.fit({fz.args(X, y, unlabeled)})")
    probe = g.documents(3, True, form=form, width=width)[0]
    classes = list(model.classes_)
    reference = fz.call("SemiSupervisedNB.predict_proba", lambda: f"m.predict_proba({fz.args(probe)})",
                        lambda: model.predict_proba(probe), check=check_probabilities(classes, len(probe)),
                        watch=[model], read_only=True)
    if isinstance(reference, Failed):
        return
    text = fz.call("to_json", "to_json(m)", lambda: to_json(model), watch=[model], read_only=True)
    if isinstance(text, Failed):
        return
    loaded = fz.call("from_json", "from_json(to_json(m), trust_pattern=True)", lambda: from_json(text, trust_pattern=True),
                     expect=())
    if not isinstance(loaded, Failed):
        fz.call("SemiSupervisedNB.predict_proba(loaded)", lambda: f"from_json(to_json(m)).predict_proba({fz.args(probe)})",
                lambda: loaded.predict_proba(probe), check=same_probabilities(reference, 1e-12, "a loaded model"))


# -- load of files that are not regular files: never block, never read without end ---------------------


def special_file_round(fz, g):
    folder = Path(fz.folder) / f"special-{fz.round}"
    folder.mkdir()
    kind = g.pick(["fifo", "fifo", "directory", "dev-zero", "dev-null", "dev-urandom", "too-big", "link-to-fifo",
                   "socket", "empty", "link-to-directory", "dangling-link"])
    max_bytes = g.pick([10, 100, 1000, 10**6]) if g.chance(0.7) else g.pick([0, -1, None, 2.5, True, "10", 10**400])
    path = folder / "model.json"
    server = None
    if kind in ("fifo", "link-to-fifo"):
        os.mkfifo(folder / "pipe")  # nobody writes to it: an open that waits for a writer waits for ever
        path = folder / "pipe" if kind == "fifo" else path
        if kind == "link-to-fifo":
            path.symlink_to(folder / "pipe")
    elif kind == "directory":
        path.mkdir()
    elif kind == "link-to-directory":
        (folder / "sub").mkdir()
        path.symlink_to(folder / "sub")
    elif kind == "dangling-link":
        path.symlink_to(folder / "missing.json")
    elif kind.startswith("dev-"):
        path = Path("/dev") / kind[4:]
        if not path.exists():
            return
        if kind in ("dev-zero", "dev-urandom") and not (type(max_bytes) is int and 0 < max_bytes <= 10**6):
            max_bytes = 1000  # (with the default limit a file read as regular would take 1 GiB of memory)
    elif kind == "too-big":
        text = to_json(MultinomialNB().fit(["free prize now", "lunch at noon"], ["spam", "ham"]))
        path.write_text(text + " " * 2000, encoding="utf-8")
        if not (type(max_bytes) is int and 0 < max_bytes < len(text)):
            max_bytes = len(text) // 2
    elif kind == "socket":
        import socket

        try:
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            server.bind(str(path))
        except (OSError, AttributeError):  # (a path too long for a socket, or no Unix sockets)
            if server is not None:
                server.close()
            return
    else:  # an empty file
        path.write_bytes(b"")
    try:
        fz.call(f"load({kind})", f"load(<{kind}: {path.name}>, max_bytes={src(max_bytes)})",
                lambda: load(path, max_bytes=max_bytes),
                check=lambda result: f"load read a model from a {kind}: {shorten(src(result), 80)}",
                guard=HangGuard(2))  # a pipe must not block the fuzzer for the full hang limit
    finally:
        if server is not None:
            server.close()


# -- the command line's output paths: never write over an input ----------------------------------------


def command_line_output_round(fz, g):
    from naivebayes.command_line import main

    folder = Path(fz.folder) / f"cli-out-{fz.round}"
    (folder / "sub").mkdir(parents=True)
    table = folder / "table.csv"
    table.write_text("a,b,label\n1,x,yes\n2,y,no\n3,x,yes\n4,y,no\n", encoding="utf-8")
    texts = folder / "texts"
    for label in ("spam", "ham"):
        (texts / label).mkdir(parents=True)
        (texts / label / "1.txt").write_text(f"{label} words here", encoding="utf-8")
    unlabeled = folder / "unlabeled.txt"
    unlabeled.write_text("some words\nmore words\n", encoding="utf-8")
    data = g.pick([table, texts])
    kind = g.pick(["same", "dot", "dot-dot", "symlink", "hardlink", "unlabeled", "inside-texts", "folder", "missing",
                   "link-to-folder", "plain"])
    output = folder / "model.json"
    if kind == "same":
        output = data
    elif kind == "dot":
        output = folder / "." / data.name
    elif kind == "dot-dot":
        output = folder / "sub" / ".." / data.name
    elif kind == "symlink":
        output = folder / "link.json"
        output.symlink_to(data)
    elif kind == "hardlink":
        if data.is_dir():
            return
        output = folder / "hard.json"
        os.link(data, output)
    elif kind == "unlabeled":
        output = unlabeled
    elif kind == "inside-texts":  # a file the next training on the folder would read
        output = texts / "spam" / "model.json"
    elif kind == "folder":
        output = folder / "sub"
    elif kind == "missing":
        output = folder / "no such folder" / "model.json"
    elif kind == "link-to-folder":
        output = folder / "to-sub"
        output.symlink_to(folder / "sub")
    argv = ["train", data, "-o", output]
    if kind == "unlabeled" or g.chance(0.2):
        argv += ["--unlabeled", unlabeled]
    before = {path: path.read_bytes() for path in folder.rglob("*") if path.is_file() and not path.is_symlink()}
    out, err = io.StringIO(), io.StringIO()

    def run():
        return main([str(arg) for arg in argv], out=out, err=err, stdin=io.StringIO(""))

    def check(status):
        if "Traceback" in err.getvalue():
            return "a traceback on the error stream"
        if status not in (0, 2):
            return f"exit status {status}"
        changed = [str(path.relative_to(folder)) for path, data in before.items()
                   if not path.exists() or path.read_bytes() != data]
        if changed:
            return f"train -o wrote over an input or a file it did not make: {changed}"
        errors = [line for line in err.getvalue().splitlines() if not line.startswith("note:")]
        if status == 2 and len(errors) != 1:
            return f"{len(errors)} error lines: {shorten(err.getvalue(), 200)}"
        an_input = ("same", "dot", "dot-dot", "symlink", "hardlink") + (("unlabeled",) if "--unlabeled" in argv else ())
        if (kind in an_input or kind == "inside-texts" and data == texts) and status == 0:
            return f"train -o {kind} (an input by another name) was not refused"
        return None

    fz.call("naivebayes train -o (output paths)",
            lambda: "naivebayes " + " ".join(str(arg).replace(str(folder), "<folder>") for arg in argv), run,
            check=check)


# -- issue 32: sample weights, the new text features, selection, curves, one-vs-rest, loaders ----------------

WEIGHTED_MODELS = [MultinomialNB, BernoulliNB, ComplementNB, CategoricalNB]


def odd_weights(g, n):
    """sample_weight values: good ones, and every odd kind (negative, NaN, inf, bools, strings, wrong length)."""
    choice = g.count(0, 16)
    if choice <= 2:
        return [g.pick([1, 2]) for _ in range(n)]  # (then compared with the examples duplicated)
    if choice <= 4:
        return [g.pick([1, 2, 0.5, 3, Fraction(1, 3)]) for _ in range(n)]
    if choice == 5:
        return [0] * n  # all zero
    if choice == 6:
        return [g.pick([1, -1, 0.5]) for _ in range(n)]
    if choice == 7:
        return [g.pick([1, math.nan, math.inf, -math.inf]) for _ in range(n)]
    if choice == 8:
        return [g.pick([True, False, 1]) for _ in range(n)]
    if choice == 9:
        return [g.pick(["1", None, b"1", [1], Decimal("1"), 1]) for _ in range(n)]
    if choice == 10:
        return [1] * (n + g.pick([-1, 1]))  # the wrong length
    if choice == 11:
        return g.pick([None, 1, "1", {}, set(), 2.0, math.nan])
    if choice == 12:
        return [g.pick([1e308, 1e-308, 10**400, 2**64, 1]) for _ in range(n)]
    if choice == 13:
        try:
            import numpy  # (a reference tool only: the numpy arrays a student passes)
        except ImportError:
            return [1] * n
        values = [g.pick([1.0, 2.0, 0.5] if g.chance(0.7) else [math.nan, -1.0, math.inf, 0]) for _ in range(n)]
        if g.chance(0.2):
            return named(numpy.array([values]), f"numpy.array([{values!r}])")  # a 2-D array of one row
        dtype = g.pick(["float64", "float32", "int64", "object"])
        if dtype == "int64" and not all(math.isfinite(v) for v in values):
            dtype = "float64"
        return named(numpy.array(values, dtype=dtype), f"numpy.array({values!r}, dtype={dtype!r})")
    if choice == 14:
        return named((1 for _ in range(n)), f"(1 for _ in range({n}))")
    return "zero-class"  # made into weights that leave one class with none, below


def weights_round(fz, g):
    if g.chance(0.05):  # a model without weights says so, and stays unfitted
        Model = g.pick([GaussianNB, PoissonNB, KernelNB, MixedNB])
        X, y, _ = model_data(g, Model, clean=True)
        model = Model()
        fz.call(f"{Model.__name__}.fit(sample_weight=)", f"{Model.__name__}().fit({fz.args(X, y, sample_weight=[1] * len(y))})",
                lambda: model.fit(X, y, sample_weight=[1] * len(y)), watch=[model])
        return
    Model = g.pick(WEIGHTED_MODELS)
    name = Model.__name__
    clean = g.chance(0.6)
    if Model is CategoricalNB:
        X, y, _ = model_data(g, CategoricalNB, clean)
    else:
        X, y, _ = model_data(g, Model, clean)
        if Model is ComplementNB and not clean:
            X = [g.text() for _ in X]
    n = len(y)
    weights = odd_weights(g, n)
    if isinstance(weights, str) and weights == "zero-class":  # (weights may be a numpy array: no == there)
        first = y[0] if y else None
        weights = [0 if label == first else 1 for label in y]
    model = Model()
    fz.remember(f"m = {name}()")
    if g.chance(0.5):
        base = fz.call(f"{name}.fit", f"m.fit({fz.args(X, y)})", lambda: model.fit(X, y), watch=[model])
        if isinstance(base, Failed):
            return
        fz.remember(f"m.fit({fz.args(X, y)})")
        n_more = g.count(1, 4)
        X = X[:n_more] if isinstance(X, list) else X
        y = y[:n_more]
        weights = weights[:n_more] if isinstance(weights, list) and g.chance(0.8) else weights
        method = "partial_fit"
    else:
        method = "fit" if g.chance(0.7) else "partial_fit"
    result = fz.call(f"{name}.{method}(sample_weight=)",
                     lambda: f"m.{method}({fz.args(X, y, sample_weight=weights)})",
                     lambda: getattr(model, method)(X, y, sample_weight=weights),
                     watch=[model], inputs=[X, y] + ([weights] if isinstance(weights, list) else []))
    if isinstance(result, Failed):
        return
    # A weighted model's file must load, and the loaded model predict as the model does (its N_c are amounts).
    text = fz.call("to_json (weighted)", "to_json(m)", lambda: to_json(model), watch=[model], read_only=True)
    if isinstance(text, str):
        probe = [x for x in X[:3]] if isinstance(X, list) else []
        reference = reference_probabilities(model, probe)
        loaded = fz.call("from_json (weighted)", "from_json(to_json(m))", lambda: from_json(text),
                         expect=(ZeroProbabilityError,))
        if reference is not None and not isinstance(loaded, Failed):
            fz.call("from_json (weighted).predict_proba", lambda: f"from_json(to_json(m)).predict_proba({fz.args(probe)})",
                    lambda: loaded.predict_proba(probe), check=same_probabilities(reference, 1e-12, "the loaded model"))
    if method == "fit" and isinstance(weights, list) and isinstance(X, list) and len(X) >= 2 and g.chance(0.5):
        # partial_fit in two pieces, each with its weights, must give the one weighted fit.
        cut = g.count(1, len(X) - 1)
        pieces = Model()
        try:  # (setup: a piece may be refused, e.g. a first piece of one class that fit would take)
            pieces.partial_fit(X[:cut], y[:cut], sample_weight=weights[:cut])
            pieces.partial_fit(X[cut:], y[cut:], sample_weight=weights[cut:])
        except (ValueError, TypeError, LookupError):
            pieces = None
        probe = X[:4]
        reference = reference_probabilities(model, probe)
        if pieces is not None and reference is not None:
            fz.call(f"{name}.partial_fit in pieces (weighted)",
                    lambda: f"two weighted partial_fit calls split at {cut}, then predict_proba({fz.args(probe)})",
                    lambda: pieces.predict_proba(probe), check=same_probabilities(reference, 1e-9, "the pieces"))
    if method != "fit" or not isinstance(weights, list):
        return
    if not all(w in (1, 2) and not isinstance(w, bool) for w in weights) or not isinstance(X, list):
        return
    # A weight of 2 is the example twice: the model must equal the one fitted on the duplicated examples.
    X2 = [x for x, w in zip(X, weights) for _ in range(w)]
    y2 = [label for label, w in zip(y, weights) for _ in range(w)]
    twin = Model()
    if isinstance(fz.call(f"{name}.fit", f"m2.fit({fz.args(X2, y2)})", lambda: twin.fit(X2, y2)), Failed):
        return
    probe = X[:4]
    reference = reference_probabilities(twin, probe)
    if reference is not None:
        fz.call(f"{name}.predict_proba (weights 2 = duplicates)", lambda: f"m.predict_proba({fz.args(probe)})",
                lambda: model.predict_proba(probe), check=same_probabilities(reference, 1e-9, "weights of 2"),
                watch=[model], read_only=True)


def lexicon_words(g):
    return g.pick([{"good", "win", "free"}, ["good", "good"], set(), "good", None, [1, 2], {"\ud800", ""},
                   frozenset({"the", "a"}), {"prize": 1}])


def feature_maker(g):
    """(entry name, source, factory) of one of the new text feature makers, settings odd now and then."""
    choice = g.count(0, 5)
    if choice == 0:
        negation = True if g.chance(0.7) else g.pick([False, None, 1, "yes"])
        return "Tokenizer(negation=)", f"Tokenizer(negation={negation!r})", lambda: Tokenizer(negation=negation)
    if choice == 1:
        positive, negative = lexicon_words(g), lexicon_words(g)
        tokenizer = g.pick([None, None, Tokenizer(negation=True), 5])
        return ("LexiconCounts()", f"LexiconCounts({fz_src(positive)}, {fz_src(negative)}, tokenizer={fz_src(tokenizer)})",
                lambda: LexiconCounts(positive, negative, tokenizer=tokenizer))
    if choice == 2:
        settings = {}
        for key, pool in (("prefixes", [(1, 2), (), (0,), (1, 10**6), "12", (1.5,), None, [3], (-1,), (True,)]),
                          ("suffixes", [(1, 2, 3), (), (2,), (10**9,), None, "a", [1, 1]]),
                          ("last_letter", [False, True, None, "yes"]), ("lowercase", [True, False, None, 1])):
            if g.chance(0.3):
                settings[key] = g.pick(pool)
        return "AffixFeatures()", f"AffixFeatures({arguments_src((), settings)})", lambda: AffixFeatures(**settings)
    if choice == 3:
        n_min = g.pick([1, 2, 3, 0, -1, 2.5, True, None, "2", 10**6])
        n_max = g.pick([1, 2, 3, 4, 0, n_min, 10**6, None, 1.5])
        settings = {}
        if g.chance(0.4):
            settings["word_boundaries"] = g.pick([True, False, None, "yes"])
        if g.chance(0.2):
            settings["lowercase"] = g.pick([True, False, None, 0])
        return ("CharacterNgrams()", f"CharacterNgrams({arguments_src((n_min, n_max), settings)})",
                lambda: CharacterNgrams(n_min, n_max, **settings))
    if choice == 4:
        settings = {}
        if g.chance(0.6):
            settings["n_features"] = g.pick([16, 1, 2, 2**20, 0, -1, 1.5, True, None, "16", 2**31, 2**64, 10**400])
        if g.chance(0.4):
            settings["alternate_sign"] = g.pick([True, False, None, 1, "no"])
        return "FeatureHasher()", f"FeatureHasher({arguments_src((), settings)})", lambda: FeatureHasher(**settings)
    steps = g.pick([
        [("words", BagOfWords()), ("lexicon", LexiconCounts({"good"}, {"bad"}))],
        [("words", BagOfWords()), ("words", BagOfWords())],
        [], "steps", [BagOfWords()], [("x", 5)], [("a", AffixFeatures()), ("c", CharacterNgrams(1, 2))],
        {"words": BagOfWords()}, [("lexicon", LexiconCounts({"good"}, {"bad"}))],
    ])
    return ("CombinedFeatures()", f"CombinedFeatures({fz_src(steps)})", lambda: CombinedFeatures(steps))


def fz_src(value):
    return shorten(src(value), 200)


def check_feature_rows(n):
    def check(rows):
        if not isinstance(rows, list) or n is not None and len(rows) != n:
            return f"not a list of {n} rows: {shorten(src(rows), 120)}"
        for i, row in enumerate(rows):
            if isinstance(row, dict):
                for key, value in row.items():
                    if isinstance(value, str):  # (AffixFeatures' values are categories: {'suffix1': 'a'})
                        continue
                    if bad_number(value) or value in (math.inf, -math.inf):
                        return f"row {i}: feature {src(key)[:40]} has {src(value)[:40]}"
            elif not isinstance(row, list) or not all(isinstance(t, str) for t in row):
                return f"row {i} is neither a dict of numbers nor a list of tokens: {shorten(src(row), 120)}"
        return None

    return check


def text_features_round(fz, g):
    entry, source, factory = feature_maker(g)
    maker = fz.call(entry, source, factory)
    if isinstance(maker, Failed):
        return
    fz.remember(f"f = {source}")
    for _ in range(g.count(1, 3)):
        n = g.count(0, 5)
        docs = [g.text() if g.chance(0.85) else g.pick([None, b"x", 5, ["a", "b"], [1], "\ud800"]) for _ in range(n)]
        if isinstance(maker, CharacterNgrams) and isinstance(maker.n_max, int) and maker.n_max > 20:
            # Every n-gram up to n_max of a text of L characters is about L * min(n_max, L) characters: with
            # n_max = 10**6 a huge text asks for gigabytes.  A cost the caller asks for, not a hang (as n_bins).
            docs = [doc[:500] if isinstance(doc, str) else doc for doc in docs]
        if isinstance(maker, FeatureHasher) and g.chance(0.7):  # (it hashes tokens or counts, not texts)
            docs = [g.document(g.pick(["words", "counts"]), 1) for _ in range(n)]
            docs = [doc.split() if isinstance(doc, str) else doc for doc in docs]
        docs = g.container(docs, clean=g.chance(0.7))
        if isinstance(maker, Tokenizer):
            for doc in docs if isinstance(docs, list) else [docs]:
                fz.call("Tokenizer(negation=True).__call__", lambda: f"f({fz.args(doc)})", lambda: maker(doc),
                        check=check_tokens, watch=[maker], read_only=True)
            continue
        method = g.pick(["fit_transform", "fit_transform", "transform", "fit"])
        length = length_of(docs)
        fz.call(f"{type(maker).__name__}.{method}", lambda: f"f.{method}({fz.args(docs)})",
                lambda: getattr(maker, method)(docs),
                check=None if method == "fit" else check_feature_rows(length),
                watch=[maker], read_only=method == "transform", inputs=[docs])


def selector_round(fz, g):
    settings = {
        "k": g.pick([1, 2, 5, 0, -1, 1.5, True, None, "3", 10**400]) if g.chance(0.4) else g.count(1, 6),
    }
    if g.chance(0.6):
        settings["score"] = g.pick(["chi2", "chi_square", "mutual_information", "expected_mutual_information",
                                    "frequency", None, 1, "", "CHI2", len])
    if g.chance(0.4):
        settings["combine"] = g.pick(["max", "mean", "sum", "weighted", "min", None, 1, ""])
    X, y, _ = model_data(g, MultinomialNB, g.chance(0.6))
    if g.chance(0.4):
        settings["for_class"] = g.pick(list(y[:2]) + [None, "nope", 5, math.nan, ["spam"]])
    selector = fz.call("VocabularySelector()", lambda: f"VocabularySelector({fz.args(**settings)})",
                       lambda: VocabularySelector(**settings))
    if isinstance(selector, Failed):
        return
    fz.remember(f"s = VocabularySelector({fz.args(**settings)})")
    if g.chance(0.6):
        rows = fz.call("BagOfWords.fit_transform", f"BagOfWords().fit_transform({fz.args(X)})",
                       lambda: BagOfWords().fit_transform(X))
        if isinstance(rows, Failed):
            return
        X = rows
    X = g.container(X, clean=g.chance(0.8))
    result = fz.call("VocabularySelector.fit_transform", lambda: f"s.fit_transform({fz.args(X, y)})",
                     lambda: selector.fit_transform(X, y), watch=[selector], inputs=[X, y])
    if isinstance(result, Failed):
        return
    more = [g.document(g.pick(["counts", "words", "odd"]), 1) for _ in range(g.count(0, 3))]
    fz.call("VocabularySelector.transform", lambda: f"s.transform({fz.args(more)})", lambda: selector.transform(more),
            watch=[selector], read_only=True, inputs=[more])


def quietly(function, *args):
    """function(*args) with what it prints kept from the report (nltk_informative_features prints, as NLTK's does)."""
    with contextlib.redirect_stdout(io.StringIO()):
        return function(*args)


def inspect_round(fz, g):
    Model = g.pick([MultinomialNB, BernoulliNB, CategoricalNB, CategoricalNB, ComplementNB, GaussianNB])
    X, y, _ = model_data(g, Model if Model is not ComplementNB else MultinomialNB, clean=True)
    model = Model()
    fz.remember(f"m = {Model.__name__}()")
    if isinstance(fz.call(f"{Model.__name__}.fit", f"m.fit({fz.args(X, y)})", lambda: model.fit(X, y)), Failed):
        return
    fz.remember(f"m.fit({fz.args(X, y)})")
    classes = list(model.classes_)
    for _ in range(g.count(1, 4)):
        if g.chance(0.6):
            c1 = g.pick(classes) if g.chance(0.8) else g.pick(ODD_LABELS + ["nope"])
            c2 = g.pick(classes) if g.chance(0.8) else g.pick(ODD_LABELS + ["nope"])
            kwargs = {}
            if g.chance(0.3):
                kwargs["top"] = g.pick([1, 3, 0, -1, None, 1.5, True, "3", 10**400])
            if g.chance(0.3):
                kwargs["kind"] = g.pick(["likelihood", "odds", None, "ratio", 1])
            fz.call("odds_ratios", lambda: f"odds_ratios(m, {fz.args(c1, c2, **kwargs)})",
                    lambda: naivebayes.odds_ratios(model, c1, c2, **kwargs), watch=[model], read_only=True)
        else:
            n = g.pick([10, 1, 0, -1, None, 2.5, True, "5", 10**400])
            fz.call("nltk_informative_features", lambda: f"nltk_informative_features(m, {fz.args(n)})",
                    lambda: quietly(naivebayes.nltk_informative_features, model, n),
                    check=lambda text: None if isinstance(text, str) or text is None else "not text",
                    watch=[model], read_only=True)
    if g.chance(0.5):
        probe = X[:3] + [g.document("odd", 1)] if g.chance(0.3) else X[:3]
        labels = list(y[:len(probe)])
        if g.chance(0.3) and labels:
            labels[0] = g.pick(ODD_LABELS + ["nope"])
        kwargs = {}
        if g.chance(0.3):
            kwargs["limit"] = g.pick([None, 1, 0, -1, 1.5, "2", True])
        if g.chance(0.3):
            kwargs["top"] = g.pick([8, 1, 0, -1, None, "3"])
        if g.chance(0.3):
            kwargs["explain"] = g.pick([True, False, None, "no"])
        fz.call("misclassified", lambda: f"misclassified(m, {fz.args(probe, labels, **kwargs)})",
                lambda: naivebayes.misclassified(model, probe, labels, **kwargs), watch=[model], read_only=True,
                inputs=[probe, labels])


def curve_scores(g, n):
    choice = g.count(0, 6)
    if choice <= 2:
        return [round(g.rng.random(), g.pick([1, 2, 6])) for _ in range(n)]
    if choice == 3:
        return [g.pick([0.5, 0.5, 1, 0]) for _ in range(n)]  # ties
    if choice == 4:
        return [g.pick([0.1, math.nan, math.inf, -math.inf, None, "0.5", True, Fraction(1, 3), 10**400]) for _ in range(n)]
    if choice == 5:
        return [{"spam": 0.4, "ham": 0.6}] * n
    return g.container([g.rng.random() for _ in range(n)], clean=False)


def curves_round(fz, g):
    n = g.count(0, 10)
    y_true = g.labels(n, g.chance(0.6))
    if g.chance(0.5):
        y_true = [g.pick(["spam", "ham"]) for _ in range(n)]
    scores = curve_scores(g, n)
    kwargs = {}
    if g.chance(0.85):  # (without it, only labels 0 and 1 or True and False say which class the scores are for)
        kwargs["pos_label"] = "spam" if g.chance(0.7) else g.pick(["ham", "nope", None, 1, True, math.nan])

    def check_curve(result):
        try:
            columns = list(result)
        except TypeError:
            return f"not a tuple of columns: {shorten(src(result), 120)}"
        for column in columns[:2]:
            for value in column:
                why = bad_number(value, 0, 1)
                if why:
                    return f"curve point {why}"
        return None

    calls = [
        ("roc_curve", lambda: naivebayes.roc_curve(y_true, scores, **kwargs), check_curve),
        ("precision_recall_curve", lambda: naivebayes.precision_recall_curve(y_true, scores, **kwargs), check_curve),
        ("roc_auc_score", lambda: naivebayes.roc_auc_score(y_true, scores, **kwargs), check_number(0, 1, "ROC area")),
        ("average_precision_score", lambda: naivebayes.average_precision_score(y_true, scores, **kwargs),
         check_number(0, 1, "average precision")),
    ]
    for entry, function, check in g.rng.sample(calls, g.count(1, len(calls))):
        fz.call(entry, lambda: f"{entry}({fz.args(y_true, scores, **kwargs)})", function, check=check,
                inputs=[y_true, scores])
    if g.chance(0.5):
        costs = (g.pick([1, 5, 0, -1, 0.5, math.nan, math.inf, None, "1", True, Fraction(1, 3)]),
                 g.pick([1, 10, 0, -1, math.nan, math.inf, None, "2"]))
        fz.call("threshold_for_cost", lambda: f"threshold_for_cost({fz.args(y_true, scores, *costs, **kwargs)})",
                lambda: naivebayes.threshold_for_cost(y_true, scores, *costs, **kwargs), inputs=[y_true, scores])
    if g.chance(0.5):
        labels = ["spam", "ham"]
        a = [g.pick(labels) for _ in range(n)]
        b = [g.pick(labels) for _ in range(n + (0 if g.chance(0.9) else 1))]
        kwargs = {"n_samples": g.pick([20, 50, 1, 0, -1, 1.5, None, "10", True])}
        if g.chance(0.3):
            kwargs["random_state"] = g.setting("random_state", 0)
        if g.chance(0.2):
            kwargs["metric"] = g.pick([score_nan, score_text, score_inf, naivebayes.f1_score, None, "accuracy"])
        fz.call("paired_bootstrap_test", lambda: f"paired_bootstrap_test({fz.args(y_true, a, b, **kwargs)})",
                lambda: naivebayes.paired_bootstrap_test(y_true, a, b, **kwargs), inputs=[y_true, a, b])


def label_sets(g, n):
    pool = ["earn", "acq", "grain", "", None, 1, ("a",)]
    choice = g.count(0, 6)
    if choice <= 3:
        return [sorted(g.rng.sample(["earn", "acq", "grain"], g.count(0, 3))) for _ in range(n)]
    if choice == 4:
        return [g.pick(["earn", "acq"]) for _ in range(n)]  # a label, not a set of labels
    if choice == 5:
        return [[g.pick(pool) for _ in range(g.count(0, 3))] for _ in range(n)]
    return g.container([{"earn"} for _ in range(n)], clean=False)


def one_vs_rest_round(fz, g):
    n = g.count(0, 8)
    clean = g.chance(0.6)
    X = [g.text() for _ in range(n)] if not clean else [" ".join(g.pick(WORDS[:12]) for _ in range(4)) for _ in range(n)]
    Y = label_sets(g, n)
    if g.chance(0.5):
        estimator = g.pick([MultinomialNB(), BernoulliNB(), ComplementNB()]) if g.chance(0.85) else g.pick(
            [MultinomialNB, None, "nb", GaussianNB()])
        kwargs = {}
        if g.chance(0.3):
            kwargs["classes"] = g.pick([["earn", "acq"], [], "earn", None, [1, 1], ["earn", "earn"]])
        model = fz.call("OneVsRestClassifier()", lambda: f"OneVsRestClassifier({fz.args(estimator, **kwargs)})",
                        lambda: naivebayes.OneVsRestClassifier(estimator, **kwargs))
        if isinstance(model, Failed):
            return
        fz.remember(f"m = OneVsRestClassifier({fz.args(estimator, **kwargs)})")
        fit_kwargs = {"sample_weight": odd_weights(g, n)} if g.chance(0.3) else {}
        if isinstance(fz.call("OneVsRestClassifier.fit", lambda: f"m.fit({fz.args(X, Y, **fit_kwargs)})",
                              lambda: model.fit(X, Y, **fit_kwargs), watch=[model], inputs=[X, Y]), Failed):
            return
        fz.remember(f"m.fit({fz.args(X, Y, **fit_kwargs)})")
        classes = list(model.classes_)

        def check_label_sets(result):
            if not isinstance(result, list) or len(result) != len(more):
                return "not one answer per text"
            for i, labels in enumerate(result):
                if not isinstance(labels, list) or any(label not in classes for label in labels):
                    return f"answer {i} is not a list of classes: {shorten(src(labels), 80)}"
            return None

        def check_class_probabilities(result):
            if not isinstance(result, list) or len(result) != len(more):
                return "not one answer per text"
            for i, row in enumerate(result):
                if not isinstance(row, dict) or list(row) != classes:
                    return f"row {i} is not keyed by classes_: {shorten(src(row), 80)}"
                for label, p in row.items():  # (one yes/no model per class: the row need not sum to 1)
                    why = bad_number(p, 0, 1)
                    if why:
                        return f"bad probability: row {i}, class {src(label)[:40]}: {why}"
            return None

        for _ in range(g.count(1, 3)):
            more = [g.text() if g.chance(0.9) else g.document("odd", 1) for _ in range(g.count(0, 3))]
            method = g.pick(["predict", "predict_proba", "score"])
            if method == "score":
                truth = label_sets(g, len(more))
                fz.call("OneVsRestClassifier.score", lambda: f"m.score({fz.args(more, truth)})",
                        lambda: model.score(more, truth), watch=[model], read_only=True, inputs=[more, truth],
                        check=check_number(0, 1, "score"))
                continue
            fz.call(f"OneVsRestClassifier.{method}", lambda: f"m.{method}({fz.args(more)})",
                    lambda: getattr(model, method)(more), watch=[model], read_only=True, inputs=[more],
                    check=check_label_sets if method == "predict" else check_class_probabilities)
        return
    Y_pred = label_sets(g, n if g.chance(0.9) else n + 1)
    kwargs = {}
    if g.chance(0.4):
        kwargs["average"] = g.pick(["micro", "macro", None, "weighted", 1, ""])
    if g.chance(0.3):
        kwargs["classes"] = g.pick([["earn", "acq"], [], "earn", None, ["nope"]])
    name = g.pick(["multilabel_f1", "multilabel_precision", "multilabel_recall"])
    fz.call(name, lambda: f"{name}({fz.args(Y, Y_pred, **kwargs)})",
            lambda: getattr(naivebayes, name)(Y, Y_pred, **kwargs), inputs=[Y, Y_pred])


def cross_val_predict_round(fz, g):
    Model = g.pick([MultinomialNB, BernoulliNB, CategoricalNB, GaussianNB])
    clean = g.chance(0.6)
    X, y, _ = model_data(g, Model, clean, n=g.count(8, 24) if g.chance(0.8) else g.count(0, 7))
    model = Model() if g.chance(0.9) else g.pick([Model, None, "nb"])
    kwargs = {"cv": g.pick([2, 3])}  # (5 folds, the default, want 5 examples of each class)
    if g.chance(0.4):
        kwargs["cv"] = g.pick([2, 3, 5, 1, 0, -1, 1.5, None, "3", True, 10**400, KFold(2), StratifiedKFold(3)])
    if g.chance(0.3):
        kwargs["method"] = g.pick(["predict", "predict_proba", "predict_log_proba", "explain", None, "fit", 1])
    if g.chance(0.3):
        kwargs["fit_params"] = g.pick([{"sample_weight": odd_weights(g, len(y))}, {}, None, {"nope": 1}, "x"])
    def check(result):
        if not isinstance(result, list) or len(result) != len(y):
            return "not one answer per example"
        if kwargs.get("method") == "predict_proba":
            for i, row in enumerate(result):
                if not isinstance(row, dict) or abs(math.fsum(map(float, row.values())) - 1) > 1e-6:
                    return f"row {i} is not probabilities that sum to 1: {shorten(src(row), 80)}"
        if kwargs.get("method", "predict") == "predict":
            for i, label in enumerate(result):
                if label not in y:
                    return f"prediction {i} is not a label of y: {shorten(src(label), 60)}"
        return None

    fz.call("cross_val_predict", lambda: f"cross_val_predict({fz.args(model, X, y, **kwargs)})",
            lambda: naivebayes.cross_val_predict(model, X, y, **kwargs), inputs=[X, y],
            watch=[model] if not isinstance(model, (type, str, type(None))) else [], check=check)


LOADERS = ["load_sms_spam", "load_movie_reviews", "load_sentence_polarity", "load_opinion_lexicon", "load_names",
           "load_reuters21578"]


def loader_path(g, folder, name):
    """A bad path= for a loader: missing, a folder, a file of the wrong kind, a truncated or damaged archive."""
    choice = g.count(0, 9)
    base = os.path.join(folder, f"loader-{name}")
    file_name = {"load_sms_spam": "smsspamcollection.zip", "load_movie_reviews": "review_polarity.tar.gz",
                 "load_sentence_polarity": "rt-polaritydata.tar.gz", "load_opinion_lexicon": "opinion_lexicon.zip",
                 "load_names": "names.zip", "load_reuters21578": "reuters21578.tar.gz"}[name]
    if choice == 8:  # a folder that holds a folder under the file's name
        os.makedirs(os.path.join(base + "-nested", file_name), exist_ok=True)
        return base + "-nested", f"a folder holding a folder named {file_name}"
    if choice == 9:  # a folder that holds a broken link under the file's name
        os.makedirs(base + "-link", exist_ok=True)
        link = os.path.join(base + "-link", file_name)
        if not os.path.lexists(link):
            os.symlink(os.path.join(base, "nowhere"), link)
        return base + "-link", f"a folder holding a broken link named {file_name}"
    if choice == 0:
        return base + "-missing.zip", "a path that does not exist"
    if choice == 1:
        os.makedirs(base + "-empty", exist_ok=True)
        return base + "-empty", "an empty folder"
    if choice == 2:
        path = base + "-text.zip"
        Path(path).write_bytes(g.text().encode("utf-8", "surrogatepass"))
        return path, "a text file named as an archive"
    if choice == 3:
        path = base + "-empty.tar.gz"
        Path(path).write_bytes(b"")
        return path, "an empty file"
    if choice == 4:
        # (not None: that is no path at all, and the loader would read a copy named by the environment)
        return g.pick([5, b"x", "", "\x00", ["a"], "\ud800"]), "not a path"
    # An archive of the right kind, with members named as the real ones are, then cut or damaged.
    members = {
        "load_sms_spam": ("zip", {"SMSSpamCollection": "ham\thello\nspam\twin now\n", "readme": "x"}),
        "load_movie_reviews": ("tar", {"txt_sentoken/pos/cv000_1.txt": "good film\n",
                                       "txt_sentoken/neg/cv000_2.txt": "bad film\n"}),
        "load_sentence_polarity": ("tar", {"rt-polaritydata/rt-polarity.pos": "good\n",
                                           "rt-polaritydata/rt-polarity.neg": "bad\n"}),
        "load_opinion_lexicon": ("zip", {"opinion_lexicon/positive-words.txt": ";x\ngood\n",
                                         "opinion_lexicon/negative-words.txt": ";x\nbad\n"}),
        "load_names": ("zip", {"names/male.txt": "Bob\n", "names/female.txt": "Ann\n", "names/README": "x"}),
        "load_reuters21578": ("tar", {"reut2-000.sgm": "<REUTERS TOPICS=\"YES\" LEWISSPLIT=\"TRAIN\" NEWID=\"1\">"
                                                       "<TOPICS><D>earn</D></TOPICS><TEXT><BODY>x</BODY></TEXT>"
                                                       "</REUTERS>\n"}),
    }[name]
    kind, files = members
    buffer = io.BytesIO()
    if kind == "zip":
        import zipfile
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for member, text in files.items():
                archive.writestr(member, text)
        suffix = ".zip"
    else:
        odd_member = g.pick([None, None, "link", "folder", "parent"])
        with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
            for i, (member, text) in enumerate(files.items()):
                data = text.encode()
                info = tarfile.TarInfo(("../" + member) if odd_member == "parent" and i == 0 else member)
                if odd_member == "link" and i == 0:  # a member that is a link, where a file belongs
                    info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
                    archive.addfile(info)
                    continue
                if odd_member == "folder" and i == 0:
                    info.type = tarfile.DIRTYPE
                    archive.addfile(info)
                    continue
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
        suffix = ".tar.gz"
    data = buffer.getvalue()
    if choice == 5:
        data, what = data[: g.rng.randrange(1, len(data))], "a truncated archive"
    elif choice == 6:
        at = g.rng.randrange(len(data))
        data, what = data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1:], "an archive with a changed byte"
    else:
        what = "a tiny archive of the right layout (not the published file)"
    path = base + suffix
    Path(path).write_bytes(data)
    return path, what


def loaders_round(fz, g):
    name = g.pick(LOADERS)
    path, what = loader_path(g, fz.folder, name)
    loader = getattr(naivebayes.datasets, name)
    kwargs = {"path": path, "download_if_missing": False}
    if name == "load_reuters21578" and g.chance(0.3):
        kwargs["categories"] = g.pick([["earn"], ["earnings"], [], "earn", None])
    # (the network is never asked: download_if_missing=False, and data_home is a fresh temporary folder)
    kwargs["data_home"] = os.path.join(fz.folder, "data-home")
    fz.call(name, lambda: f"{name}(<{what}>, {fz.args(**{k: v for k, v in kwargs.items() if k != 'path'})})",
            lambda: loader(**kwargs))


def issue_32_round(fz, g):
    g.pick([weights_round, weights_round, weights_round, text_features_round, text_features_round, selector_round,
            inspect_round, curves_round, curves_round, one_vs_rest_round, cross_val_predict_round,
            loaders_round])(fz, g)


# -- issue 33: priors as smoothing, the Beta functions, estimate_table, the digits loader, pixel pictures ----------

PRIOR_MODELS = [MultinomialNB, BernoulliNB, CategoricalNB]
PSEUDO_COUNTS = [0, 1, 2, 3, 0.5, 1.5, Fraction(1, 2), Fraction(7, 3), 1e-10, 5e-324, 1e-300, 1e300, 10**400,
                 2**53 + 1, -1, -0.5, math.nan, math.inf, -math.inf, True, False, "1", None, Decimal("1"), 1 + 2j, [1]]
ESTIMATE_NAMES = ["posterior mean", "map", "MAP", "mean", None, 1, ""]
ODD_PRIOR_KEYS = ["unknown", "", None, 0, ("x",), math.nan, "\ud800"]


def pseudo_count(g, at_least_one=False):
    """A pseudo-count: usually a plain one (>= 1 when a MAP estimate needs it), now and then an odd one."""
    if g.chance(0.75):
        return g.pick([1, 2, 3, Fraction(3, 2), 2.5, 1.25] if at_least_one else [0, 0.5, 1, 2, Fraction(1, 3), 0.1, 5])
    return g.pick(PSEUDO_COUNTS)


def prior_keys(g, Model, shape):
    """Values a per-value table may name: the model's words or (feature, category) pairs, and some it never sees."""
    if Model is CategoricalNB and shape[0] != "text":
        _, features, _, categories = shape
        known = [(feature, category) for feature in features for category in categories[feature]]
    else:
        known = list(WORDS[:12])
    return known + ([g.pick(ODD_PRIOR_KEYS)] if g.chance(0.3) else [])


def random_prior(g, Model, keys, labels):
    """(class, positional args, keyword args) of a prior for ``Model``'s alpha: right for it, or odd."""
    kind = g.pick([Dirichlet, Dirichlet, MEstimate, Beta if Model is BernoulliNB or g.chance(0.2) else Dirichlet])
    if kind is MEstimate:
        m = pseudo_count(g)
        choice = g.count(0, 5)
        if choice <= 1:
            p = None
        elif choice == 2:
            p = g.pick([Fraction(1, 2), 0.25, 1, 0, 1.5, -0.5, math.nan, "x"])
        elif choice == 3 and keys:  # p over the keys, adding up to 1 (exactly, or as floats), or not
            share = g.pick([Fraction(1, len(keys)), 1 / len(keys), Fraction(1, len(keys) + 1)])
            p = {key: share for key in keys}
        else:
            p = {g.pick(keys): g.pick([Fraction(1, 2), 0.5, 1, 2, math.nan]) for _ in range(g.count(0, 3))} if keys else {}
        return kind, (m,), ({"p": p} if p is not None or g.chance(0.5) else {})
    estimate = "posterior mean" if g.chance(0.6) else ("map" if g.chance(0.8) else g.pick(ESTIMATE_NAMES))
    mapped = estimate == "map"
    kwargs = {} if estimate == "posterior mean" and g.chance(0.5) else {"estimate": estimate}
    if kind is Dirichlet:
        args = (pseudo_count(g, mapped),) if g.chance(0.8) else ()
        if g.chance(0.4):
            kwargs["per_value"] = {g.pick(keys): pseudo_count(g, mapped) for _ in range(g.count(0, 4))} if g.chance(0.9) \
                else g.pick([[("free", 2)], "free", 5])
        if g.chance(0.25):
            kwargs["per_class"] = {g.pick(labels) if labels and g.chance(0.8) else g.pick(ODD_PRIOR_KEYS + ["eggs"]):
                                   {g.pick(keys): pseudo_count(g, mapped)} if g.chance(0.9) else g.pick([3, [1]])
                                   for _ in range(g.count(1, 2))}
        return kind, args, kwargs

    def pair():
        if g.chance(0.85):
            return (pseudo_count(g, mapped), pseudo_count(g, mapped))
        return g.pick([(1,), (1, 2, 3), [1, 2], 2, None, ("1", 1)])

    args = pair() if g.chance(0.7) else (pseudo_count(g, mapped),)
    args = args if isinstance(args, tuple) and len(args) <= 2 else (1, 1)
    if g.chance(0.4):
        kwargs["per_feature"] = {g.pick(keys): pair() for _ in range(g.count(0, 3))}
    if g.chance(0.2):
        kwargs["per_class"] = {g.pick(labels) if labels else "spam": {g.pick(keys): pair()}}
    return kind, args, kwargs


def make_prior(fz, kind, args, kwargs):
    """The prior, or None when it is refused (the refusal must be a clear error)."""
    text = f"{kind.__name__}({fz.args(*args, **kwargs)})"
    prior = fz.call(f"{kind.__name__}()", text, lambda: kind(*args, **kwargs))
    return (None, text) if isinstance(prior, Failed) else (prior, text)


def random_class_prior(g, labels):
    """(class, args, kwargs) of a prior over the classes."""
    kind = g.pick([Dirichlet, Dirichlet, MEstimate, Beta])
    classes = [label for label in dict.fromkeys(labels)]
    if kind is MEstimate:
        p = None if g.chance(0.5) else {label: g.pick([Fraction(1, max(len(classes), 1)), 0.5, 1]) for label in classes}
        return kind, (pseudo_count(g),), {"p": p}
    if kind is Beta:
        return kind, (1, 1), {}
    kwargs = {}
    if g.chance(0.5) and classes:
        kwargs["per_value"] = {g.pick(classes) if g.chance(0.8) else "eggs": pseudo_count(g) for _ in range(g.count(1, 2))}
    if g.chance(0.2):
        kwargs["estimate"] = "map"
    if g.chance(0.05):
        kwargs["per_class"] = {"spam": {"ham": 1}}
    return kind, (pseudo_count(g, kwargs.get("estimate") == "map"),), kwargs


def priors_round(fz, g):
    """A prior as alpha or class_prior: at construction, assigned after fit, by set_params, in a grid search."""
    Model = g.pick(PRIOR_MODELS)
    name = Model.__name__
    X, y, shape = model_data(g, Model, clean=True, n=g.count(4, 10))
    keys = prior_keys(g, Model, shape)
    classes = list(dict.fromkeys(y))
    probe = probe_examples(g, X, shape)
    if g.chance(0.3):
        identity_check(fz, g, Model, X, y, probe)
        return
    kind, args, kwargs = random_prior(g, Model, keys, classes)
    prior, prior_text = make_prior(fz, kind, args, kwargs)
    settings = {}
    if prior is not None and g.chance(0.6):
        settings["alpha"] = prior
    if g.chance(0.3):
        class_prior, _ = make_prior(fz, *random_class_prior(g, y))
        if class_prior is not None:
            settings["class_prior"] = class_prior
    how = g.pick(["construct", "construct", "assign", "set_params", "grid"])
    if how == "construct" or prior is None:
        model = fz.call(f"{name}(alpha=prior)", f"{name}({fz.args(**settings)})", lambda: Model(**settings))
        if isinstance(model, Failed):
            return
        fz.remember(f"m = {name}({fz.args(**settings)})")
        fitted = fz.call(f"{name}.fit(prior)", f"m.fit({fz.args(X, y)})", lambda: model.fit(X, y), watch=[model])
        if isinstance(fitted, Failed):
            return
        fz.remember(f"m.fit({fz.args(X, y)})")
    elif how == "grid":
        grid = {"alpha": [prior, 1] if g.chance(0.7) else [prior]}
        y_grid = (y * 2)[: max(len(y), 4)]
        X_grid = (X * 2)[: len(y_grid)]
        fitted = fz.call(f"GridSearchCV({name}, alpha=[prior])",
                         lambda: f"GridSearchCV({name}(), {fz.args(grid)}, cv=2).fit({fz.args(X_grid, y_grid)})",
                         lambda: GridSearchCV(Model(), grid, cv=2).fit(X_grid, y_grid),
                         check=lambda r: None if r.best_params_["alpha"] in grid["alpha"] else "best_params_ not in the grid")
        if isinstance(fitted, Failed):
            return
        model = fitted.best_estimator_
        fz.remember(f"m = GridSearchCV({name}(), {fz.args(grid)}, cv=2).fit({fz.args(X_grid, y_grid)}).best_estimator_")
    else:
        model = Model()
        if isinstance(fz.call(f"{name}.fit", f"{name}().fit({fz.args(X, y)})", lambda: model.fit(X, y)), Failed):
            return
        fz.remember(f"m = {name}().fit({fz.args(X, y)})")
        setting = "alpha" if "alpha" in settings or not settings else "class_prior"
        value = settings.get(setting, prior)
        if how == "assign":
            statement = f"m.{setting} = {src(value)}"
            changed = fz.call(f"{name}.{setting} = prior", statement, lambda: setattr(model, setting, value), watch=[model])
        else:
            statement = f"m.set_params({fz.args(**{setting: value})})"
            changed = fz.call(f"{name}.set_params(prior)", statement, lambda: model.set_params(**{setting: value}),
                              watch=[model])
        if isinstance(changed, Failed):
            return
        fz.remember(statement)
    model_classes = list(model.classes_)
    fz.call(f"{name}.predict_proba(prior)", lambda: f"m.predict_proba({fz.args(probe)})",
            lambda: model.predict_proba(probe), check=check_probabilities(model_classes, len(probe)),
            watch=[model], read_only=True)
    if g.chance(0.3):
        label = g.pick(model_classes)
        fz.call(f"{name}.prior(prior)", lambda: f"m.prior({fz.args(label)})", lambda: model.prior(label),
                check=check_number(0, 1, "prior"), watch=[model], read_only=True)
    if g.chance(0.3):
        estimates_of(fz, g, model)


def identity_check(fz, g, Model, X, y, probe):
    """Dirichlet(alpha) is add-alpha, and so is Dirichlet(alpha + 1) read as MAP (Beta(alpha, alpha) for Bernoulli)."""
    name = Model.__name__
    alpha = g.pick([1, 2, 3, 0.5, Fraction(1, 2), Fraction(7, 3), 0.1, 1e-3])
    plain = Model(alpha=alpha)
    try:
        plain.fit(X, y)
        reference = plain.predict_proba(probe)
    except (ValueError, TypeError, LookupError):
        return  # (the plain model's own refusals are the model rounds' to judge)
    twins = [Dirichlet(alpha), Dirichlet(alpha + 1, estimate="map")]
    if Model is BernoulliNB:
        twins += [Beta(alpha, alpha), Beta(alpha + 1, alpha + 1, estimate="map")]
        if alpha == 1:
            twins.append(MEstimate(2))
    if g.chance(0.3):  # a class prior of no pseudo-counts is the fitted prior
        twins = [twins[0]]
        settings = {"alpha": alpha, "class_prior": Dirichlet(0)}
    else:
        settings = None
    for twin in twins:
        kwargs = settings or {"alpha": twin}
        how = g.pick(["construct", "assign"]) if settings is None else "construct"
        if how == "construct":
            text = f"m = {name}({fz.args(**kwargs)}).fit({fz.args(X, y)})"
            model = fz.call(f"{name}(prior).fit (identity)", text, lambda: Model(**kwargs).fit(X, y))
        else:
            text = f"m = {name}(alpha={src(alpha)}).fit({fz.args(X, y)}); m.alpha = {src(twin)}"
            model = Model(alpha=alpha).fit(X, y)
            model = fz.call(f"{name}.alpha = prior (identity)", text,
                            lambda: (setattr(model, "alpha", twin), model)[1])
        if isinstance(model, Failed):
            continue
        fz.call(f"{name}.predict_proba (prior = add-alpha)",
                lambda: f"{text}; m.predict_proba({fz.args(probe)}) vs {name}(alpha={src(alpha)})",
                lambda: model.predict_proba(probe), check=same_probabilities(reference, 1e-9, f"{src(twin)} vs alpha"))


def estimates_of(fz, g, model):
    """estimate_table of a fitted model with odd arguments; the rows must agree with their counts."""
    kwargs = {}
    if g.chance(0.3):
        kwargs["level"] = g.pick([0.95, 0.5, 0.9, 0.99, 0.01, Fraction(4, 5), None, 0, 1, 1.5, -0.1, math.nan, True,
                                  "0.95", 0.999999])
    if g.chance(0.3):
        kwargs["prior"] = g.pick([None, 1, 0, 2.5, Fraction(1, 2), -1, math.nan, "1", True, Dirichlet(2),
                                  Dirichlet(2, estimate="map"), Beta(2, 3), MEstimate(3), Dirichlet(0), 10**400])
    classes = list(model.classes_)
    if g.chance(0.3):
        kwargs["classes"] = g.pick([classes[:1], classes[::-1], [], ["eggs"], "spam", None, classes[0], [None]])
    known = list(getattr(model, "features_", None) or getattr(model, "vocabulary_", None) or [])
    if g.chance(0.5) or len(known) > 12:
        kwargs["features"] = g.pick([known[:2], known[-1:], [], ["no such word"], "free", None, 5, [known[0]] * 2]
                                    if known else [None, []])
    if g.chance(0.2):
        kwargs["class_rows"] = g.pick([False, True])
    if g.chance(0.2):
        kwargs["class_prior"] = g.pick([None, Dirichlet(1), Dirichlet(0), Dirichlet(2, estimate="map"), MEstimate(2), 1])
    level = kwargs.get("level", 0.95)
    table = fz.call("estimate_table", lambda: f"estimate_table(m, {fz.args(**kwargs)})",
                    lambda: estimate_table(model, **kwargs), check=lambda rows: check_estimate_rows(rows, level),
                    watch=[model], read_only=True)
    if not isinstance(table, Failed):
        fz.call("estimate_table.__str__", lambda: f"str(estimate_table(m, {fz.args(**kwargs)}))", lambda: str(table),
                check=lambda text: None if isinstance(text, str) and text else "the table prints as nothing")
        fz.call("estimate_table._repr_html_", lambda: f"estimate_table(m, {fz.args(**kwargs)})._repr_html_()",
                lambda: table._repr_html_(), check=lambda text: None if isinstance(text, str) and text else "no HTML")


def check_estimate_rows(rows, level):
    """Why the rows of estimate_table disagree with their own counts (None if they agree)."""
    if not isinstance(rows, list):
        return f"not a list of rows: {shorten(src(rows), 100)}"
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            return f"row {i} is not a dict"
        n, N, a, A = row["n"], row["N"], row["a"], row["A"]
        where = f"row {i} ({shorten(src(row['class']), 30)}, {shorten(src(row['feature']), 30)}, n={n}, N={N}, a={a}, A={A})"
        for key in ("n", "N", "a", "A"):
            why = bad_number(row[key], 0)
            if why:
                return f"{where}: {key} is {why}"
        if not n <= N:
            return f"{where}: n > N"
        ml = row["maximum likelihood"]
        if N == 0:
            if ml != "undefined":
                return f"{where}: ML is {src(ml)} with N = 0"
        elif bad_number(ml, 0, 1) or abs(ml - ratio_of(n, N)) > 1e-12:
            return f"{where}: ML is {src(ml)}, not n/N"
        for key in ("MAP", "posterior mean"):  # (float pseudo-counts round: (3 + 0.1 - 1) / (3 + 1.1 - 2) is 1 + 2e-16)
            value = row[key]
            if value != "undefined" and bad_number(value, -1e-12, 1 + 1e-12):
                return f"{where}: {key} is {bad_number(value, -1e-12, 1 + 1e-12)}"
        mean = row["posterior mean"]
        if mean != "undefined" and N + A > 0 and abs(mean - ratio_of(n + a, N + A)) > 1e-9:
            return f"{where}: the posterior mean {src(mean)} is not (n + a)/(N + A)"
        if level is None:
            if "interval" in row:
                return f"{where}: an interval with level=None"
            continue
        interval = row["interval"]
        if interval == "undefined":
            if n + a > 0 and N - n + A - a > 0:
                return f"{where}: no interval, though the posterior Beta({n + a}, {N - n + A - a}) exists"
            continue
        low, high = interval
        if bad_number(low, 0, 1) or bad_number(high, 0, 1) or not low <= high:
            return f"{where}: the interval {src(interval)} is not inside [0, 1] in order"
        # The posterior mean is inside a wide equal-tailed interval when both of the posterior's shapes are >= 1;
        # with a shape below 1 (Beta(0.001, 1): its 97.5% point is 1e-11, its mean 1e-3) or a narrow level it need not be.
        if mean != "undefined" and float(level) >= 0.8 and n + a >= 1 and N - n + A - a >= 1:
            slack = 1e-12
            if not low - slack <= float(ratio_of(n + a, N + A)) <= high + slack:
                return f"{where}: the posterior mean {float(ratio_of(n + a, N + A))!r} is outside the interval {src(interval)}"
    return None


def ratio_of(top, bottom):
    """top / bottom, exact for whole numbers and Fractions."""
    if all(isinstance(v, (int, Fraction)) for v in (top, bottom)):
        return Fraction(top) / Fraction(bottom)
    return top / bottom


def estimates_round(fz, g):
    """estimate_table on a small model fitted with a random prior (or number) as its alpha."""
    Model = g.pick(PRIOR_MODELS)
    name = Model.__name__
    X, y, shape = model_data(g, Model, clean=True, n=g.count(3, 8))
    settings = {}
    if g.chance(0.6):
        prior, _ = make_prior(fz, *random_prior(g, Model, prior_keys(g, Model, shape), list(dict.fromkeys(y))))
        if prior is not None:
            settings["alpha"] = prior
    elif g.chance(0.5):
        settings["alpha"] = g.pick([0, 1, 0.5, 2, Fraction(1, 3), 1e-10, 1e6])
    if g.chance(0.3):
        class_prior, _ = make_prior(fz, *random_class_prior(g, y))
        if class_prior is not None:
            settings["class_prior"] = class_prior
    try:
        model = Model(**settings).fit(X, y)
    except (ValueError, TypeError, LookupError, ZeroDivisionError):
        return  # (fit's refusals are the priors rounds' to judge)
    fz.remember(f"m = {name}({fz.args(**settings)}).fit({fz.args(X, y)})")
    estimates_of(fz, g, model)


# -- the Beta functions: I_x(a, b), its quantile, the credible interval ----------------------------------------

BETA_XS = [0, 1, 0.5, 0.1, 0.9, 5e-324, 1e-300, 1e-17, 0.9999999999999999, 1 - 1e-9, -0.0, Fraction(1, 3),
           math.nan, math.inf, -1e-300, 1.0000000000000002, True, False, 10**400, "0.5", None, Decimal("0.5")]
BETA_SHAPES = [1, 2, 0.5, 3.5, 10, 100, 1e-3, 1e-10, 1e-17, 1e-100, 1e-300, 5e-324, 1e6, 1e9, 1e10, 1e12, 1e20,
               1e300, 10**400, Fraction(10**400, 3), Fraction(1, 3), 0, -1, math.nan, math.inf, True, "1", None]
BETA_CALL_LIMIT = 5  # seconds: an I_x, a quantile or an interval that takes longer is a hang


def beta_number(g, pool, low, high):
    """A number for the Beta functions: from ``pool`` (extremes and odd values), or random, log-uniform or uniform."""
    r = g.rng.random()
    if r < 0.3:
        return g.pick(pool)
    if r < 0.65:
        return 10 ** g.rng.uniform(low, high)
    return round(g.rng.uniform(0, 10 ** min(high, 2)), g.count(0, 3))


def beta_round(fz, g):
    guard = HangGuard(BETA_CALL_LIMIT)
    a, b = beta_number(g, BETA_SHAPES, -12, 11), beta_number(g, BETA_SHAPES, -12, 11)
    if g.chance(0.25):  # a closed form to compare with: I_x(a, 1) = x^a, I_x(1, b) = 1 - (1 - x)^b
        a, b = g.pick([(a, 1), (1, b)])
    x = g.pick(BETA_XS) if g.chance(0.3) else (g.rng.random() if g.chance(0.6) else 10 ** g.rng.uniform(-300, 0))
    if g.chance(0.15) and not bad_number(a, 1e-300, 1e300) and not bad_number(b, 1e-300, 1e300):
        x = float(a) / (float(a) + float(b))  # at the mean, where the continued fraction takes longest
    what = g.pick(["I", "I", "quantile", "interval"])
    if what == "I":
        value = fz.call("regularized_incomplete_beta", lambda: f"regularized_incomplete_beta({fz.args(x, a, b)})",
                        lambda: regularized_incomplete_beta(x, a, b), check=lambda v: check_closed_form(v, x, a, b),
                        guard=guard)
        if isinstance(value, Failed) or bad_number(value, 0, 1):
            return
        x = float(x)
        # monotone in x: a larger x never gives a smaller I (a few rounding units of slack)
        x2 = min(1.0, x + g.pick([1e-12, 1e-6, 0.01, 0.3]) * g.rng.random())
        fz.call("regularized_incomplete_beta (monotone in x)",
                lambda: f"regularized_incomplete_beta({fz.args(x2, a, b)}) >= regularized_incomplete_beta({fz.args(x, a, b)})",
                lambda: regularized_incomplete_beta(x2, a, b),
                check=lambda larger: None if larger >= value - 1e-13 else f"I at {x2!r} is {larger!r}, below {value!r} at {x!r}",
                guard=guard)
        if 1 - (1 - x) == x:  # (1 - x exact: the symmetry I_x(a, b) = 1 - I_(1-x)(b, a) can be asked)
            fz.call("regularized_incomplete_beta (symmetry)",
                    lambda: f"1 - regularized_incomplete_beta({fz.args(1 - x, b, a)}) vs regularized_incomplete_beta({fz.args(x, a, b)})",
                    lambda: regularized_incomplete_beta(1 - x, b, a),
                    check=lambda other: None if abs((1 - other) - value) <= 1e-11
                    else f"1 - I_(1-x)(b, a) = {1 - other!r} but I_x(a, b) = {value!r}", guard=guard)
        if 1e-9 < value < 1 - 1e-9 and g.chance(0.5):
            quantile_round_trip(fz, x, a, b, value, guard)
    elif what == "quantile":
        q = g.pick(BETA_XS) if g.chance(0.3) else g.rng.random()
        fz.call("beta_quantile", lambda: f"beta_quantile({fz.args(q, a, b)})", lambda: beta_quantile(q, a, b),
                check=check_number(0, 1, "quantile"), guard=guard)
    else:
        total = g.pick([0, 1, 10, 1000, 10**6, 2.5, Fraction(7, 2), -1, math.nan, math.inf, 10**400, True, "10", None]) \
            if g.chance(0.3) else g.count(0, 50)
        count = g.pick([0, 1, total, -1, 2.5, math.nan, "1", None, 10**400]) if g.chance(0.3) else (
            g.count(0, total) if isinstance(total, int) and not isinstance(total, bool) and 0 <= total <= 10**6 else 0)
        levels = [g.pick([0.95, 0.5, 0.99, 0.9, Fraction(1, 2), 1e-9, 1 - 1e-12, 0, 1, 1.5, math.nan, True, "0.95"])
                  if g.chance(0.3) else g.rng.random() for _ in range(2)]
        intervals = []
        for level in levels:
            interval = fz.call("credible_interval", lambda: f"credible_interval({fz.args(count, total, a, b, level)})",
                               lambda: credible_interval(count, total, a, b, level), check=check_interval, guard=guard)
            intervals.append(interval)
        if not any(isinstance(i, Failed) or check_interval(i) for i in intervals):
            (narrow, wide) = sorted(zip(levels, intervals))
            nested = wide[1][0] <= narrow[1][0] and narrow[1][1] <= wide[1][1]
            if narrow[0] < wide[0] and not nested:
                fz.outcome("credible_interval (nested)", "wrong-answer",
                           f"credible_interval({fz.args(count, total, a, b, narrow[0])}) inside credible_interval(..., {src(wide[0])})",
                           detail=f"the {src(narrow[0])} interval {src(narrow[1])} is not inside the {src(wide[0])} one {src(wide[1])}")


def check_closed_form(value, x, a, b):
    """Why ``value`` is not I_x(a, b) in [0, 1], or (for a = 1 or b = 1) not its closed form; None if it is."""
    why = bad_number(value, 0, 1)
    if why:
        return f"bad I_x(a, b): {why}"
    if 1 not in (a, b) or True in (a, b) or isinstance(x, bool):
        return None
    x, a, b = float(x), float(a), float(b)
    exact = x ** a if b == 1 else -math.expm1(b * math.log1p(-x)) if x < 1 else 1.0
    # (I_x is good to about 1e-13 absolute: where it is 1 - F with F near 1, the last digits of F are all it has)
    if not abs(value - exact) <= 1e-12 + 1e-9 * exact:
        return f"I_x(a, b) = {value!r}, but the closed form {'x^a' if b == 1 else '1 - (1 - x)^b'} is {exact!r}"
    return None


def check_interval(result):
    if not (isinstance(result, tuple) and len(result) == 2):
        return f"not a pair (low, high): {shorten(src(result), 80)}"
    low, high = result
    if bad_number(low, 0, 1) or bad_number(high, 0, 1) or not low <= high:
        return f"the interval {src(result)} is not inside [0, 1] in order"
    return None


def quantile_round_trip(fz, x, a, b, value, guard):
    """beta_quantile(I_x(a, b)) is x again, to I's accuracy over the density, where the density is not tiny."""
    h = 1e-7 * min(x, 1 - x)
    try:
        density = (regularized_incomplete_beta(x + h, a, b) - regularized_incomplete_beta(x - h, a, b)) / (2 * h)
    except Exception:
        return
    if not density > 1e-2:
        return
    # I_x is good to about 1e-13 absolute (less where it is 1 - F with F near 1), so x is good to that over the
    # density; rounding can move the crossing to either side of x
    tolerance = 1e-9 * x + 1e-13 / density

    def check(found):
        why = bad_number(found, 0, 1)
        if why:
            return f"quantile {why}"
        if abs(x - found) > tolerance:
            return f"beta_quantile(I_x) = {found!r}, {found - x:.3g} from x = {x!r} (density {density:.3g})"
        return None

    fz.call("beta_quantile (inverse of I_x)",
            lambda: f"beta_quantile(regularized_incomplete_beta({fz.args(x, a, b)}), {fz.args(a, b)})",
            lambda: beta_quantile(value, a, b), check=check, guard=guard)


# -- the digits loader on files that are not UCI's ----------------------------------------------------------------

def digit_line(g):
    return ",".join(str(g.count(0, 16)) for _ in range(64)) + f",{g.count(0, 9)}"


def optdigits_file(g, folder):
    """(path, what, expected): a file or folder for load_optdigits; expected is (n rows, bad line or None)."""
    n = g.count(0, 6)
    lines = [digit_line(g) for _ in range(n)]
    bad = None
    twist = g.pick(["none", "none", "short", "long", "17", "letter", "negative", "float", "unicode-digit", "space",
                    "empty-field", "label-10", "nul", "huge-line", "many-commas", "blank-lines", "crlf", "bom",
                    "binary", "empty-file"])
    if twist in ("short", "long", "17", "letter", "negative", "float", "unicode-digit", "empty-field", "label-10",
                 "nul", "huge-line", "many-commas", "bom") and lines or twist in ("huge-line", "many-commas") and not lines:
        if not lines:
            lines = [digit_line(g)]
        i = g.rng.randrange(len(lines))
        fields = lines[i].split(",")
        column = g.rng.randrange(64)
        if twist == "short":
            fields = fields[:g.count(1, 64)]  # (none at all is a blank line, which is skipped)
        elif twist == "long":
            fields.append("0")
        elif twist == "17":
            fields[column] = "17"
        elif twist == "letter":
            fields[column] = g.pick(["x", "O", "1a", "e", "NaN"])
        elif twist == "negative":
            fields[column] = "-1"
        elif twist == "float":
            fields[column] = g.pick(["1.0", "1e1", "0x1", "1_0"])
        elif twist == "unicode-digit":
            fields[column] = g.pick(["\u0661", "\uff11", "\u00b2"])
        elif twist == "empty-field":
            fields[column] = ""
        elif twist == "label-10":
            fields[-1] = g.pick(["10", "-1", "99999999999999999999"])
        elif twist == "nul":
            fields[column] = "\x00"
        elif twist == "huge-line":
            fields = ["1" * 10**6]
        elif twist == "many-commas":
            fields = [""] * 10**5
        elif twist == "bom":
            i = 0
            fields = lines[0].split(",")
            fields[0] = "\ufeff" + fields[0]
        lines[i] = ",".join(fields)
        bad = i + 1
    text = "\n".join(lines) + ("\n" if g.chance(0.8) else "")
    if twist == "blank-lines":
        text = "\n\n" + "\n \n".join(lines) + "\n\n"
    elif twist == "crlf":
        text = text.replace("\n", "\r\n")
    elif twist == "empty-file":
        text, n = "", 0
    data = text.encode("utf-8", "surrogatepass")
    if twist == "binary":
        data, n, bad = bytes(g.rng.randrange(256) for _ in range(g.count(1, 300))), None, None
    name = f"digits-{fz_round_name(folder)}"
    place = g.pick(["file", "file", "folder", "folder", "missing", "directory-as-file", "empty-folder"])
    if place == "file":
        path = os.path.join(folder, name + g.pick([".tra", ".txt", ""]))
        Path(path).write_bytes(data)
        return path, f"a file ({twist})", (n if bad is None else None, bad), "train"
    if place == "folder":
        path = os.path.join(folder, name)
        os.makedirs(path, exist_ok=True)
        for file_name in ("optdigits.tra", "optdigits.tes"):
            Path(path, file_name).write_bytes(data)
        return path, f"a folder of two files ({twist})", (n if bad is None else None, bad), None
    if place == "missing":
        return os.path.join(folder, name + "-missing"), "a path that does not exist", (None, None), None
    if place == "directory-as-file":
        path = os.path.join(folder, name + "-nested")
        os.makedirs(os.path.join(path, "optdigits.tra"), exist_ok=True)
        os.makedirs(os.path.join(path, "optdigits.tes"), exist_ok=True)
        return path, "a folder whose optdigits.tra and .tes are folders", (None, None), None
    path = os.path.join(folder, name + "-empty")
    os.makedirs(path, exist_ok=True)
    return path, "an empty folder", (None, None), None


def fz_round_name(folder):
    """A fresh name in ``folder``."""
    return str(len(os.listdir(folder)))


def optdigits_round(fz, g):
    folder = os.path.join(fz.folder, "optdigits")
    os.makedirs(folder, exist_ok=True)
    path, what, (n_rows, bad_line), subset = optdigits_file(g, folder)
    subset = subset or g.pick(["train", "test", "all"])
    if g.chance(0.1):
        subset = g.pick(["valid", "Train", None, 1, ["train"]])
    threshold = None if g.chance(0.4) else g.pick([8, 1, 16, 4, 0, 17, -1, 1.5, True, False, "8", math.nan, 10**400,
                                                   Fraction(8, 1), None])
    kwargs = {"subset": subset, "binary_threshold": threshold, "data_home": os.path.join(fz.folder, "data-home"),
              "download_if_missing": False}
    parts = 2 if subset == "all" else 1

    def check(digits):
        if not isinstance(digits, Dataset):
            return f"not a Dataset: {shorten(src(digits), 80)}"
        if n_rows is None:
            return f"read {len(digits.rows)} images from {what}"
        if len(digits.rows) != n_rows * parts or len(digits.labels) != n_rows * parts:
            return f"{len(digits.rows)} rows and {len(digits.labels)} labels, not {n_rows * parts} of each"
        top = 1 if threshold is not None else 16
        for i, (row, label) in enumerate(zip(digits.rows, digits.labels)):
            if len(row) != 64 or any(type(v) is not int or not 0 <= v <= top for v in row):
                return f"row {i} is not 64 ints from 0 to {top}"
            if type(label) is not int or not 0 <= label <= 9:
                return f"label {i} is {src(label)}"
        return None

    expression = lambda: f"load_optdigits(path=<{what}>, {fz.args(**{k: v for k, v in kwargs.items() if k != 'data_home'})})"  # noqa: E731
    result = fz.call("load_optdigits", expression, lambda: load_optdigits(path=path, **kwargs), check=check,
                     guard=HangGuard(5))
    if isinstance(result, Failed) and bad_line is not None and type(result.error).__name__ == "TableError":
        if f"line {bad_line}" not in message_of(result.error):
            fz.outcome("load_optdigits (names the line)", "wrong-answer", expression(),
                       detail=f"the refusal does not name line {bad_line}: {shorten(message_of(result.error), 200)}")


# -- pictures of per-pixel tables ------------------------------------------------------------------------------

MARKUP_TEXTS = ["<b>bold</b>", "a & b", "]]>", '"quoted" \'single\'', "<script>alert(1)</script>", "&amp;", "\x00",
                "\ud800", "\x1b[31m", "x" * 500, "", "日本語 ✓", "\u202eevil", "<!--", "\r\n"]
SVG_TAGS = {"svg", "title", "desc", "g", "rect", "text", "line", "path", "polyline", "polygon", "circle", "tspan",
            "style", "defs", "metadata"}


def pixel_table(g, size):
    """A per-pixel table: ``size`` numbers with a twist (wrong length, NaN, inf, huge, all equal, strings), or a dict."""
    values = [round(g.rng.uniform(0, 1), 3) for _ in range(size)]
    twist = g.pick(["none", "none", "negative", "log-ratio", "equal", "huge", "tiny", "nan", "inf", "string", "none-value",
                    "bool", "fraction", "big-int", "short", "long", "nested", "dict", "dict-odd-key", "empty", "str",
                    "tuple", "generator"])
    if twist == "negative":
        values = [v - 0.5 for v in values]
    elif twist == "log-ratio":
        values = [g.rng.gauss(0, 3) for _ in values]
    elif twist == "equal":
        values = [g.pick([0, 1, 5, -3, 0.5, 1e-300])] * size
    elif twist == "huge":
        values = [g.pick([1e308, -1e308, 1.7976931348623157e308, 1e300, v]) for v in values]
    elif twist == "tiny":
        values = [g.pick([5e-324, -5e-324, 1e-300, 0.0, -0.0]) for _ in values]
    elif twist in ("nan", "inf", "string", "none-value", "bool", "fraction", "big-int"):
        odd = {"nan": math.nan, "inf": g.pick([math.inf, -math.inf]), "string": g.pick(["1", "x", ""]),
               "none-value": None, "bool": True, "fraction": Fraction(1, 3), "big-int": 10**400}[twist]
        if values:
            values[g.rng.randrange(size)] = odd
    elif twist == "short":
        values = values[: g.count(0, max(size - 1, 0))]
    elif twist == "long":
        values = values + [0.5]
    elif twist == "dict":
        return {i: v for i, v in enumerate(values) if g.chance(0.6)}
    elif twist == "dict-odd-key":
        return {g.pick([-1, size, "0", 1.5, True, None, 10**400]): 0.5, 0: 0.25}
    elif twist == "empty":
        return g.pick([[], {}])
    elif twist == "str":
        return g.pick(["0.5 " * size, b"x", None, 5])
    elif twist == "tuple":
        return tuple(values)
    elif twist == "generator":
        return named((v for v in values), f"iter({src(values)})")
    return values


def check_svg(svg):
    """Why ``svg`` is not well-formed SVG whose text (titles, labels with markup) stayed text; None if it is."""
    import xml.etree.ElementTree as ElementTree

    if not isinstance(svg, str) or not svg.startswith("<svg"):
        return f"not SVG text: {shorten(src(svg), 80)}"
    surrogates = sorted({character for character in svg if "\ud800" <= character <= "\udfff"})
    if surrogates:  # (no XML file can hold one, and the SVG cannot even be written as UTF-8)
        return f"the SVG holds the lone surrogate {src(surrogates[0])}, which no XML can hold (let through unescaped)"
    try:
        root = ElementTree.fromstring(svg)
    except ElementTree.ParseError as error:
        return f"the SVG does not parse as XML: {error}"
    tags = {element.tag.rpartition("}")[2] for element in root.iter()}
    if not tags <= SVG_TAGS:
        return f"the SVG has tags that are not SVG's own (markup let through?): {sorted(tags - SVG_TAGS)}"
    return None


def pixel_round(fz, g):
    from naivebayes.inspect.pixel_pictures import class_pictures, odds_ratio_picture, pixel_picture, show_digit

    shape = (8, 8) if g.chance(0.5) else g.pick([(2, 2), (1, 1), (3, 5), (1, 64), (2, 3)])
    given_shape = shape if g.chance(0.9) else g.pick([(0, 3), (3,), "8x8", (2.0, 2), (True, 2), (-1, 4), None, [2, 2],
                                                     (2**70, 2**70)])
    size = shape[0] * shape[1]
    title = None if g.chance(0.4) else g.pick(MARKUP_TEXTS + ["P(on | c)"])
    entry = g.pick(["pixel_picture", "pixel_picture", "pixel_picture", "show_digit", "class_pictures",
                    "odds_ratio_picture"])
    if entry == "pixel_picture":
        if g.chance(0.3):  # one grid per class, labels with markup
            table = {g.pick(MARKUP_TEXTS + [0, 1, None, (1, 2)]): pixel_table(g, size) for _ in range(g.count(1, 7))}
        else:
            table = pixel_table(g, size)
        kwargs = {"shape": given_shape, "title": title}
        if g.chance(0.3):
            kwargs["diverging"] = g.pick([None, True, False, "yes", 1])
        if g.chance(0.3):
            kwargs["mark"] = g.pick([[0], [size - 1, 0], [0, 0], [size], [-1], [True], "0", None, {0: 1}, [1.5],
                                     list(range(size))])
        if g.chance(0.3):
            kwargs["legend"] = g.pick(MARKUP_TEXTS)
        picture = fz.call("pixel_picture", lambda: f"pixel_picture({fz.args(table, **kwargs)})",
                          lambda: pixel_picture(table, **kwargs), inputs=[table])
        expression = lambda: f"pixel_picture({fz.args(table, **kwargs)})"  # noqa: E731
    elif entry == "show_digit":
        row = [g.count(0, 16) for _ in range(size)] if g.chance(0.5) else pixel_table(g, size)
        if g.chance(0.2) and isinstance(row, list):
            row = [g.count(0, 1) for _ in row]
        kwargs = {"title": title, "shape": given_shape}
        picture = fz.call("show_digit", lambda: f"show_digit({fz.args(row, **kwargs)})",
                          lambda: show_digit(row, **kwargs), inputs=[row])
        expression = lambda: f"show_digit({fz.args(row, **kwargs)})"  # noqa: E731
    else:
        Model = g.pick([BernoulliNB, MultinomialNB, GaussianNB, CategoricalNB] if entry == "class_pictures"
                       else [BernoulliNB, BernoulliNB, MultinomialNB, GaussianNB])
        n = g.count(2, 8)
        labels = g.labels(n, clean=g.chance(0.7))
        top_value = 1 if Model is BernoulliNB else g.pick([1, 16])
        rows = [[g.count(0, top_value) for _ in range(size)] for _ in range(n)]
        alpha = {} if Model is GaussianNB or g.chance(0.6) else {"alpha": g.pick([1, 0, 0.5, Dirichlet(1), Beta(2, 2)
                                                                                  if Model is BernoulliNB else 2])}
        try:
            model = Model(**alpha).fit(rows, labels)
        except Exception:
            return
        fz.remember(f"m = {Model.__name__}({fz.args(**alpha)}).fit({fz.args(rows, labels)})")
        classes = list(model.classes_)
        if entry == "class_pictures":
            kwargs = {"shape": given_shape, "title": title}
            if g.chance(0.3):
                kwargs["classes"] = g.pick([classes[:1], classes[::-1], [], ["eggs"], classes[0], None])
            picture = fz.call("class_pictures", lambda: f"class_pictures(m, {fz.args(**kwargs)})",
                              lambda: class_pictures(model, **kwargs), watch=[model], read_only=True)
            expression = lambda: f"class_pictures(m, {fz.args(**kwargs)})"  # noqa: E731
        else:
            c1 = g.pick(classes) if g.chance(0.9) else "eggs"
            c2 = g.pick(classes) if g.chance(0.9) else None
            kwargs = {"kind": g.pick(["odds", "likelihood"]) if g.chance(0.9) else g.pick(["ratio", None]),
                      "shape": given_shape, "title": title}
            if g.chance(0.4):
                kwargs["top"] = g.pick([1, 3, size, size + 5, 0, -1, 1.5, True, "3"])
            picture = fz.call("odds_ratio_picture", lambda: f"odds_ratio_picture(m, {fz.args(c1, c2, **kwargs)})",
                              lambda: odds_ratio_picture(model, c1, c2, **kwargs), watch=[model], read_only=True)
            expression = lambda: f"odds_ratio_picture(m, {fz.args(c1, c2, **kwargs)})"  # noqa: E731
    if isinstance(picture, Failed):
        return
    fz.call(f"{entry}.to_svg", lambda: f"{expression()}.to_svg()", picture.to_svg, check=check_svg)
    fz.call(f"{entry}.__str__", lambda: f"str({expression()})", lambda: str(picture),
            check=lambda text: None if isinstance(text, str) else "str() is not text")


def issue_33_round(fz, g):
    g.pick([priors_round, priors_round, priors_round, estimates_round, estimates_round, beta_round, beta_round,
            beta_round, optdigits_round, pixel_round, pixel_round])(fz, g)



AREAS = {
    "model": model_round,
    "text": text_round,
    "csv": csv_round,
    "model-file": model_file_round,
    "archive": archive_round,
    "metrics": metrics_round,
    "split": split_round,
    "discretizer": discretizer_round,
    "guess": guess_round,
    "saving": saving_round,
    "command-line": command_line_round,
    "model-selection": model_selection_round,
    "calibration": calibration_round,
    "semi-supervised": semi_supervised_round,
    "special-file": special_file_round,
    "command-line-output": command_line_output_round,
    "issue-32": issue_32_round,
    "issue-33": issue_33_round,
}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="how many rounds to run (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="the seed; round r uses random.Random('<seed>:<r>') (default 0)")
    parser.add_argument("--round", type=int, dest="only_round", metavar="R",
                        help="replay round R alone, printing every call and its outcome")
    parser.add_argument("--time-limit", type=float, default=5.0, metavar="SECONDS",
                        help="a call slower than this is a 'slow' finding; at 3 times this it is interrupted (default 5)")
    parser.add_argument("--strict-types", action="store_true",
                        help="count deliberate errors of other types (ZeroDivisionError, OSError) as findings")
    parser.add_argument("--repr-limit", type=int, default=200, metavar="CHARS",
                        help="cut each argument in a reproducer to this many characters (0: never; default 200)")
    parser.add_argument("--verbose", action="store_true", help="print every call and its outcome")
    parser.add_argument("--duration", type=float, default=None, metavar="SECONDS",
                        help="start no new round after this many seconds (for CI: a bounded run with a fixed seed)")
    parser.add_argument("--area", choices=sorted(AREAS), default=None,
                        help="run only the rounds that draw this area (each round's input is as without it)")
    arguments = parser.parse_args(argv)
    if arguments.rounds < 1:
        parser.error("--rounds must be at least 1")

    if hasattr(sys.stdout, "reconfigure"):  # (reproducers may hold lone surrogates such as "\ud800")
        sys.stdout.reconfigure(errors="backslashreplace")
    verbose = arguments.verbose or arguments.only_round is not None
    repr_limit = 0 if arguments.only_round is not None else arguments.repr_limit
    fuzzer = Fuzzer(arguments.seed, arguments.time_limit, arguments.strict_types, verbose, repr_limit)
    fuzzer.only_area = arguments.area
    if fuzzer.guard.usable:
        signal.signal(signal.SIGALRM, on_alarm)
    rounds = [arguments.only_round] if arguments.only_round is not None else range(arguments.rounds)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="naivebayes-fuzz-") as folder:
        fuzzer.folder = folder
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (the library's warnings are advice, not outcomes)
            done = 0
            for number in rounds:
                if arguments.duration is not None and time.perf_counter() - started > arguments.duration:
                    break
                fuzzer.run_round(number)
                done += 1
    return fuzzer.report(done, time.perf_counter() - started)


if __name__ == "__main__":
    sys.exit(main())
