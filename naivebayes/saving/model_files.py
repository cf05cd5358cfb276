"""Saving a fitted model as a JSON file and loading it back: ``save``, ``load``, ``to_json``, ``from_json``.

Everything a model has learned is in its *count tables* (N_c, n_jc, the
Gaussians' means and squared deviations, ...); everything else, log P(c),
the log-likelihood rows, the variances, the factored covariance matrices, is
built from the counts and the settings when training ends.  So a model file
holds the settings and the count tables, and nothing else:

    {
     "format": "naivebayes model",
     "format_version": 1,
     "model": "MultinomialNB",
     "settings": {"alpha": 1, "fit_prior": true, ...},
     "tables": {"classes_": [...], "class_counts_": {"china": 3, "japan": 1}, ...}
    }

and loading builds the lookup tables from them with the model's own code,
the very step that ends ``fit`` (``_take_tables``).  A loaded model therefore
predicts bit for bit what the saved one did, explains the same, and
``partial_fit`` goes on from it.  How numbers, labels and tables are written
is in ``json_values.py``; docs/saving.md shows a whole file.

>>> from naivebayes import MultinomialNB
>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> model = MultinomialNB().fit(documents, labels)
>>> loaded = from_json(to_json(model))
>>> loaded.likelihood("chinese", "china"), loaded.predict_proba([test_document]) == model.predict_proba([test_document])
(Fraction(3, 7), True)

Loading trusts nothing in the file.  In this order it checks that the text
is JSON; that its header names this format, a version this code reads and a
model it knows; each setting, through the model's own constructor; that every
count table is there, with the shape it should have (a count is a JSON
integer >= 0, a Fraction a string such as "3/7", ...); that the tables agree
with one another (the classes of every per-class table are those of
``class_counts_``, N is the sum of the N_c, no class has more rows with a
feature than rows, ...).  Each error names the field, such as
``tables.class_counts_['china']``.  It never runs code from the file: no
pickle, no eval.  Before any of that, ``load`` reads only a regular file
(not a pipe or a device, which could make it wait or read forever) of at
most ``max_bytes``, and a token pattern is accepted only if it is one of
the library's own, unless ``trust_pattern=True`` (a regex such as
``(a+)+$`` can run for minutes on one text).

The same model writes the same file: ``to_json`` lists the classes in
``classes_`` order, a tabular model's features in ``features_`` order, and
every other key in one order (``in_key_order``), so equal tables give the
same bytes however the model was assembled (``fit``, ``partial_fit`` in
pieces, ``merge`` in any order).

Why ``save(model, path)`` and not ``model.save(path)``: files are a layer
above the models (docs/pipeline.md), and a model imports nothing above its
own layer; a method would need the skeleton to import this module, or this
module to hook itself into the skeleton when imported.  A function that
takes the model, as ``json.dump(obj, file)`` does, keeps the layers apart.
For the same reason ``from_json(text)`` is a function, not a classmethod
such as ``MultinomialNB.from_json``: the file itself names its model.

A ``SemiSupervisedNB`` (EM over the multinomial or Bernoulli model) is not
counted directly: what it learned is the ``model_`` EM arrived at, a
MultinomialNB or BernoulliNB whose counts are fractional (each unlabeled
document counted into every class with weight lambda P(c | d)).  Its file
holds SemiSupervisedNB's own settings (``event_model``, ``unlabeled_weight``,
``document_length``, ...; the tokenizer is the one that read the words), the
count tables of ``model_`` (N_c and n_jc as amounts, not whole numbers), and
EM's record (``history_``, ``n_iterations_``, ``converged_``).  Loading
builds ``model_`` from its tables as any model is built, and the loaded
SemiSupervisedNB scales every document to ``document_length`` words before
``model_`` sees it, as the fitted one does.

A text model's vocabulary may hold words no class counted (a word given
with a count of 0, a dense column of zeros); they change every prediction
through |V|.  Its file lists them a second time, in ``uncounted_words``
(only when there are any, so the usual file is what it was before the field
existed), and loading refuses a word of ``vocabulary_`` that is neither
counted nor listed there.

A prior given as ``alpha`` or ``class_prior`` (naivebayes/core/priors.py) is
written as its kind and its fields, in its constructor's order, such as
``{"Beta": {"a": 2, "b": 3, "per_feature": null, "per_class": null,
"estimate": "posterior mean"}}``; its tables' keys come in key order, and a
pair (a, b) is an array.  Loading reads each field by its shape and hands
them to the prior's own constructor, whose checks (pseudo-counts >= 0, or
>= 1 for the MAP estimate; the estimate; p in [0, 1]) name the field.  Code
from before priors reads ``alpha`` as a number and ``class_prior`` as
{label: P(c)}, and refuses such an object, so the format stays version 1.

A ``LogisticRegression`` counts nothing: its file holds its settings and its
weights (w_c in ``columns_`` order and b_c for each class with weights), the
columns and how its rows were given, and L-BFGS's record; loading checks them
against one another and gives the model every attribute ``fit`` leaves.
"""

import math
import os
import re
import stat
import tempfile
import warnings
from collections.abc import Mapping
from pathlib import Path

from naivebayes.core.arithmetic import is_exact
from naivebayes.core.priors import Beta, Dirichlet, MEstimate, Prior
from naivebayes.plumbing.checks import NotFittedError, is_number, sorted_labels
from naivebayes.naive_bayes.bernoulli import BernoulliNB
from naivebayes.naive_bayes.complement import ComplementNB
from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.other_models.discriminant import GaussianDiscriminantAnalysis
from naivebayes.naive_bayes.gaussian import GaussianNB
from naivebayes.naive_bayes.histogram import HistogramNB
from naivebayes.naive_bayes.kernel import KernelNB
from naivebayes.other_models.joint import JointBayesClassifier
from naivebayes.other_models.logistic import LogisticRegression
from naivebayes.naive_bayes.mixed import MixedNB
from naivebayes.naive_bayes.multinomial import MultinomialNB
from naivebayes.naive_bayes.poisson import PoissonNB
from naivebayes.naive_bayes.semi_supervised import EMHistory, SemiSupervisedNB
from naivebayes.naive_bayes.table_base import TableNaiveBayes
from naivebayes.naive_bayes.text_base import TextNaiveBayes
from naivebayes.naive_bayes.tree_augmented import TreeAugmentedNB
from naivebayes.saving.json_values import (
    ModelFileError,
    at,
    decode,
    encode,
    escape_surrogates,
    in_key_order,
    json_text,
    parse_json,
    shown,
)
from naivebayes.text.stemming import porter_stem
from naivebayes.text.stop_words import ENGLISH_STOP_WORDS
from naivebayes.text.tokenize import DEFAULT_PATTERN, SKLEARN_PATTERN, Tokenizer

__all__ = ["save", "load", "to_json", "from_json", "ModelFileError"]

FORMAT = "naivebayes model"
FORMAT_VERSION = 1  # raised whenever a file of the new version could not be read by the code of the old
METADATA_VERSION = 2  # a file with a "metadata" field (which version 1's reader refuses)

# The models a file can hold, by the name the file gives them.
MODEL_CLASSES = {
    model_class.__name__: model_class
    for model_class in (
        MultinomialNB,
        BernoulliNB,
        ComplementNB,
        CategoricalNB,
        GaussianNB,
        PoissonNB,
        HistogramNB,
        MixedNB,
        JointBayesClassifier,
        GaussianDiscriminantAnalysis,
        KernelNB,
        TreeAugmentedNB,
    )
}

# Every model a file can hold: the counted models above; SemiSupervisedNB, which is saved as the
# model EM arrived at (its model_, a MultinomialNB or BernoulliNB) with its own settings (see "SemiSupervisedNB" below);
# and LogisticRegression, which counts nothing and is saved as its weights (see "LogisticRegression" below).
SAVED_MODELS = {
    **MODEL_CLASSES,
    SemiSupervisedNB.__name__: SemiSupervisedNB,
    LogisticRegression.__name__: LogisticRegression,
}

# The shape of every count table (see json_values.py), from the outside in.
TABLE_SHAPES = {
    # every model: classes_, N_c and N
    "classes_": ("list", "key"),
    "class_counts_": ("table", "count"),
    "n_examples_": "count",
    # text models: V and the width of dense rows; the tabular models' n_jc
    "vocabulary_": ("set", "key"),
    "uncounted_words": ("set", "key"),  # the words of V no class counted (not a table of the model: see uncounted_words)
    "n_columns_": ("optional", "count"),
    "input_form_": "text",  # "words" or "dense"
    "feature_counts_": ("table", ("table", "count")),
    "feature_totals_": ("table", "amount"),
    "document_lengths_": ("table", ("table", "count")),  # {label: {L: documents of L words}}; L may be a weight
    # tabular models and discriminant analysis
    "features_": ("list", "key"),
    "distributions_": ("table", "text"),
    "value_counts_": ("table", ("table", ("table", "count"))),
    "means_": ("table", ("table", ("optional", "number"))),
    "squared_deviations_": ("table", ("table", ("optional", "amount"))),
    "value_sums_": ("table", ("table", "count")),
    "bin_counts_": ("table", ("table", ("list", "count"))),
    "bin_edges_": ("table", ("list", "number")),
    "kernel_counts_": ("table", ("table", ("table", "count"))),  # {label: {feature: {value: n}}}
    "pair_counts_": ("table", ("table", ("table", "count"))),  # TAN: {label: {(i, j): {(u, v): n}}}
    "cell_counts_": ("table", ("table", "count")),
    "complete_counts_": ("table", "count"),
    "mean_vectors_": ("table", ("list", "number")),
    "scatter_matrices_": ("table", ("list", ("list", "number"))),
}

# Where a model's table differs: the multinomial model adds up word counts or any
# non-negative weights (such as TF-IDF values), so its n_jc and n_c are amounts.
# With sample_weight (any number >= 0 per example) N_c and N are amounts too, and so are
# Bernoulli's N_jc and the multinomial model's number of documents of each length.
WEIGHTED_CLASS_COUNTS = {"class_counts_": ("table", "amount"), "n_examples_": "amount"}
MODEL_TABLE_SHAPES = {
    "MultinomialNB": {
        "feature_counts_": ("table", ("table", "amount")),
        "document_lengths_": ("table", ("table", "amount")),
        **WEIGHTED_CLASS_COUNTS,
    },
    "BernoulliNB": {"feature_counts_": ("table", ("table", "amount")), **WEIGHTED_CLASS_COUNTS},
    "ComplementNB": {"feature_counts_": ("table", ("table", "amount")), **WEIGHTED_CLASS_COUNTS},  # counts or weights, as MultinomialNB
    "CategoricalNB": {
        "feature_counts_": ("table", ("table", "amount")),
        "value_counts_": ("table", ("table", ("table", "amount"))),
        **WEIGHTED_CLASS_COUNTS,
    },
}

# The shape of every setting; "smoothing", "class prior" and "tokenizer" have a form of their own.
SETTING_SHAPES = {
    "alpha": "smoothing",  # a number, or a prior (see PRIOR_FIELDS)
    "fit_prior": "bool",
    "norm": "bool",  # ComplementNB's weight normalisation
    "class_prior": "class prior",
    "tokenizer": "tokenizer",
    "unseen": "text",
    "categories": ("optional", ("table", ("list", "key"))),
    "var_smoothing": "number",
    "ddof": "number",
    "n_bins": "number",
    "strategy": "text",
    "distributions": ("optional", ("table", "text")),
    "covariance": "text",
    "bandwidth": ("optional", "number"),
    "root": ("optional", "key"),
    # SemiSupervisedNB's
    "event_model": "text",
    "unlabeled_weight": "number",
    "document_length": ("optional", "number"),
    "min_word_count": "count",
    "max_iterations": "count",
    "tolerance": "number",
    # LogisticRegression's
    "C": "number",
    "max_iter": "count",
    "tol": "number",
}

# The stemmers a file names (a stemmer of your own is a function, which a file cannot hold).
STEMMERS = {"porter_stem": porter_stem}

# The priors a file holds as alpha or class_prior (issue 33), each written as {"Beta": {"a": 2, "b": 3, ...}}:
# its kind, then every field of its constructor, in the constructor's order, with the shape of each.
# "guess" is MEstimate's p: null, one number, or a table {value: p_v}.  A pair (a, b) is written as an array.
PRIOR_CLASSES = {prior_class.__name__: prior_class for prior_class in (Dirichlet, Beta, MEstimate)}
PAIR = ("list", "number")
PRIOR_FIELDS = {
    "Dirichlet": {
        "a": "number",
        "per_value": ("optional", ("table", "number")),
        "per_class": ("optional", ("table", ("table", "number"))),
        "estimate": "text",
    },
    "Beta": {
        "a": "number",
        "b": "number",
        "per_feature": ("optional", ("table", PAIR)),
        "per_class": ("optional", ("table", ("table", PAIR))),
        "estimate": "text",
    },
    "MEstimate": {"m": "number", "p": "guess"},
}


def table_shape(model_name, table):
    """The shape of one count table of a model."""
    return MODEL_TABLE_SHAPES.get(model_name, {}).get(table, TABLE_SHAPES[table])


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def to_json(model, leave_out_tokenizer=False, metadata=None):
    """The text of the model's file: its settings and its count tables, as readable JSON.

    A text model's ``Tokenizer`` is written by its settings.  A tokenizer of
    your own (a function) cannot be written to a file, and is refused; with
    ``leave_out_tokenizer=True`` it is left out instead (the file notes its
    name), and loading needs it again, ``load(path, tokenizer=...)``.

    ``metadata`` is a dict of plain JSON values kept beside the model, such
    as how the command line read the training data; ``load_with_metadata``
    gives it back.  A file with metadata is format version 2.
    """
    model_name = check_model_can_be_saved(model)
    if model_name == SemiSupervisedNB.__name__:
        settings, tables = semi_supervised_to_json(model, leave_out_tokenizer)
    elif model_name == LogisticRegression.__name__:
        settings, tables = logistic_to_json(model)
    else:
        settings, tables = counted_model_to_json(model, model_name, leave_out_tokenizer)
    document = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "model": model_name,
        "settings": settings,
        "tables": tables,
    }
    if metadata is not None:
        document["format_version"] = METADATA_VERSION
        document["metadata"] = check_metadata(metadata)
    return escape_surrogates(json_text(document)) + "\n"  # (a lone "\ud800" as its escape: UTF-8 cannot hold it)


def counted_model_to_json(model, model_name, leave_out_tokenizer):
    """``(settings, tables)`` of a counted model: ``get_params()`` and the ``count_tables``, as JSON."""
    model._check_fitted()  # (a setting changed since training is checked and applied first)
    settings = {
        name: setting_to_json(name, value, f"settings.{name}", model, leave_out_tokenizer)
        for name, value in model.get_params().items()
    }
    tables = {}
    for name in model.count_tables:
        if name not in TABLE_SHAPES:
            raise TypeError(f"{model_name} has a count table {name!r} that the model file format does not know")
        tables[name] = encode(table_shape(model_name, name), in_file_order(model, name), f"tables.{name}")
    if isinstance(model, TextNaiveBayes):
        tables = with_uncounted_words(model, tables)
    return settings, tables


def uncounted_words(vocabulary, feature_counts):
    """The words of the vocabulary V that no class counted: in no class's n_jc, or only with a count of 0.

    A model can hold such words (a word given with weight 0, ``{"word": 0}``,
    or a dense column of zeros), and each one changes every prediction, since
    |V| is in the denominator of the smoothed estimates.  So a file names them
    in a field of their own, and loading refuses a vocabulary word that is
    neither counted nor named there.
    """
    counted = {word for counts in feature_counts.values() for word, n in counts.items() if n > 0}
    return {word for word in vocabulary if word not in counted}


def with_uncounted_words(model, tables):
    """A text model's tables with ``uncounted_words`` just after ``vocabulary_``, when there are any.

    The field is left out when every word is counted (the usual model), so
    such a file is the one this library wrote before the field existed.
    """
    uncounted = uncounted_words(model.vocabulary_, model.feature_counts_)
    if not uncounted:
        return tables
    written = {}
    for name, value in tables.items():
        written[name] = value
        if name == "vocabulary_":
            written["uncounted_words"] = encode(TABLE_SHAPES["uncounted_words"], uncounted, "tables.uncounted_words")
    return written


# The tables keyed by feature, and how deep: {feature: ...} (0) or {label: {feature: ...}} (1).
FEATURE_LEVELS = {
    "distributions_": 0,
    "bin_edges_": 0,
    "feature_counts_": 1,  # (a text model's n_jc are keyed by word, and sorted)
    "value_counts_": 1,
    "means_": 1,
    "squared_deviations_": 1,
    "value_sums_": 1,
    "bin_counts_": 1,
    "kernel_counts_": 1,
}


def in_file_order(model, name):
    """The count table ``name`` with the keys of its dicts in the one order a file writes them.

    The classes in ``classes_`` order; a tabular model's features in
    ``features_`` order (the order it first saw them, which its predictions
    add up in); every other key (words, values, cells, pairs of features,
    document lengths) in ``in_key_order``.  So equal tables give the same
    file, whichever order their dicts were filled in (fit, partial_fit in
    pieces, merge in any order).
    """
    table = getattr(model, name)
    orders = {}
    if name in model.class_tables:
        orders[0] = model.classes_
    features = getattr(model, "features_", None)
    if name in FEATURE_LEVELS and isinstance(model, TableNaiveBayes):
        orders[FEATURE_LEVELS[name]] = features
    return ordered_dicts(table, orders, 0)


def ordered_dicts(value, orders, level):
    """``value`` with each dict at depth ``level`` in the order ``orders[level]``, or in key order; lists kept."""
    if isinstance(value, dict):
        given = orders.get(level)
        keys = in_key_order(value) if given is None else [key for key in given if key in value]
        if len(keys) != len(value):  # (a key the order does not name: after the others, in key order)
            named = set(keys)
            keys += in_key_order(key for key in value if key not in named)
        return {key: ordered_dicts(value[key], orders, level + 1) for key in keys}
    if isinstance(value, list):
        return [ordered_dicts(item, orders, level + 1) for item in value]
    return value


def save(model, path, leave_out_tokenizer=False, metadata=None):
    """Write the model to the JSON file ``path`` (replacing it whole, or not at all); returns the path.

    The text goes to a temporary file in the same folder, which then takes
    the place of the file in one step (``os.replace``): a reader sees the old
    file or the new one, never half of one, even if the writing stops midway.
    ``~`` is your home folder; a symbolic link stays a link, and the file it
    points to is the one replaced; a file that was there keeps its
    permissions.  An error names ``path``, never the temporary file.
    """
    text = to_json(model, leave_out_tokenizer=leave_out_tokenizer, metadata=metadata)  # a model that cannot be saved fails here
    path = Path(path).expanduser()
    write_atomically(path, text)
    return path


def write_atomically(path, text):
    """Write ``text`` (UTF-8) to a temporary file next to the file ``path`` names, then rename it over that file.

    The file is ``path`` itself, or, when ``path`` is a symbolic link, the
    file at the end of the link (so the link is kept, not replaced by a file).
    """
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    folder = target.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"cannot save to {path}: the folder {folder} does not exist")
    if target.is_dir():
        raise IsADirectoryError(f"cannot save to {path}: it is a folder; give the name of the model file, such as model.json")
    try:
        mode = stat.S_IMODE(target.stat().st_mode)  # a file that is there keeps its permissions
    except FileNotFoundError:
        mode = new_file_mode()
    try:
        handle, part = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".part")
    except OSError as error:
        raise error_naming(error, path) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(part, mode)  # mkstemp made it readable by its owner only
        os.replace(part, target)
    except BaseException as error:  # including Ctrl-C: never leave the temporary file behind
        Path(part).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise error_naming(error, path) from None
        raise


def error_naming(error, path):
    """The same kind of OSError, naming the user's ``path`` (not the temporary file the system named)."""
    reason = error.strerror or str(error)
    named = type(error)(error.errno, f"cannot save to {path}: {reason}") if error.errno else type(error)(
        f"cannot save to {path}: {reason}"
    )
    return named


def check_metadata(metadata):
    """``metadata`` if it is a dict that JSON can hold as it is (strings as keys, plain values), else a TypeError."""
    if not isinstance(metadata, dict):
        raise TypeError(f"metadata must be a dict of plain values, not {type(metadata).__name__}")
    try:
        if parse_json(json_text(metadata)) != metadata:
            raise TypeError("metadata must hold only strings, numbers, true/false, null, lists and dicts with string keys")
    except (TypeError, ValueError) as error:
        raise TypeError(f"metadata cannot be written as JSON as it is: {error}") from None
    return metadata


def new_file_mode():
    """The permissions any new file of this user gets: 0o666 minus the umask (as datasets/download.py does)."""
    umask = os.umask(0o022)  # the umask can only be read by setting it ...
    os.umask(umask)  # ... so it is put straight back
    return 0o666 & ~umask


def check_model_can_be_saved(model):
    """The model's name in the file, or a clear error for something that is not one of the package's models."""
    model_name = type(model).__name__
    if SAVED_MODELS.get(model_name) is not type(model):
        raise TypeError(
            f"a model file can hold one of {', '.join(SAVED_MODELS)}, not a {model_name} "
            "(a class of your own would come back as another class)"
        )
    for name, value in model.get_params().items():
        if isinstance(value, Prior) and type(value).__name__ in PRIOR_CLASSES:  # (one of your own: see prior_to_json)
            try:  # read back as load reads it: a field changed in place since the prior was made may not load
                prior_from_json(prior_to_json(value, f"settings.{name}"), f"settings.{name}")
            except (TypeError, ValueError) as error:  # (a ModelFileError is a ValueError)
                raise ValueError(
                    f"this {model_name} cannot be saved: its {name} would not load ({error}); "
                    f"give it a new prior, model.{name} = {type(value).__name__}(...)"
                ) from None
    try:  # the check load makes, made before anything is written: a file that load would refuse is never written
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (ComplementNB's note about a prior it ignores is for the user's own call)
            type(model)(**model.get_params())
    except (TypeError, ValueError) as error:
        raise ValueError(
            f"this {model_name} cannot be saved: its settings would not load ({error}); "
            "give the setting a valid value with set_params first"
        ) from None
    return model_name


def setting_to_json(name, value, where, model, leave_out_tokenizer):
    """One setting as JSON, by its shape."""
    shape = SETTING_SHAPES.get(name)
    if shape is None:
        raise TypeError(f"{type(model).__name__} has a setting {name!r} that the model file format does not know")
    if shape == "tokenizer":
        return tokenizer_to_json(value, model, leave_out_tokenizer)
    if shape == "class prior":
        return class_prior_to_json(value, where)
    if shape == "smoothing":
        return prior_to_json(value, where) if isinstance(value, Prior) else encode("number", value, where)
    return encode(shape, value, where)


def class_prior_to_json(prior, where):
    """None, ``{label: P(c)}`` as a table, a list of priors in classes_ order, as given, or a prior."""
    if prior is None:
        return None
    if isinstance(prior, Prior):
        return prior_to_json(prior, where)
    if isinstance(prior, Mapping):
        return encode(("table", "number"), dict(prior), where)
    return encode(("list", "number"), list(prior), where)


def prior_to_json(prior, where):
    """A prior as ``{"Beta": {"a": 2, "b": 3, ...}}``: its kind, then each field in its constructor's order.

    The keys of its tables are written in key order (``in_key_order``), so
    the same prior gives the same text whatever order its dicts were filled
    in.  A subclass of your own is refused: the file would name its parent,
    and load it as that.
    """
    name = type(prior).__name__
    if PRIOR_CLASSES.get(name) is not type(prior):
        raise TypeError(
            f"{where} is {prior!r}, a prior of your own; a model file holds Dirichlet, Beta and MEstimate "
            "priors (a subclass would come back as its parent class)"
        )
    fields = {}
    for field, shape in PRIOR_FIELDS[name].items():
        value = ordered_dicts(getattr(prior, field), {}, 0)
        if shape == "guess":
            shape = ("table", "number") if isinstance(value, dict) else ("optional", "number")
        fields[field] = encode(shape, value, f"{where}.{name}.{field}")
    return {name: fields}


def tokenizer_to_json(tokenizer, model, leave_out):
    """A ``Tokenizer`` by its settings, in the order of its constructor; a function of your own is refused."""
    problem = tokenizer_problem(tokenizer)
    if problem is not None:
        if leave_out:
            return {"left_out": name_of(tokenizer)}
        raise ValueError(
            f"the tokenizer of this {type(model).__name__} is {problem}, which cannot be written to a file. "
            "Give the model a Tokenizer(...), which is saved by its settings (pattern, lowercase, stop_words, "
            "stemmer=porter_stem, ...); or save the model without it, "
            "save(model, path, leave_out_tokenizer=True), and pass it again when loading: "
            f"load(path, tokenizer={name_of(tokenizer)})"
        )
    pattern = tokenizer.pattern
    if tokenizer.stop_words is None:
        stop_words = None
    elif tokenizer.stop_words_name == "english" and tokenizer.stop_words is ENGLISH_STOP_WORDS:
        stop_words = "english"
    else:
        stop_words = sorted(tokenizer.stop_words)
    settings = {
        "lowercase": tokenizer.lowercase,
        "pattern": pattern.pattern,
        "min_length": tokenizer.min_length,
        "stop_words": stop_words,
        "stemmer": None if tokenizer.stemmer is None else "porter_stem",
        "ngram_range": list(tokenizer.ngram_range),
        "unicode_form": tokenizer.unicode_form,
    }
    if pattern.flags != re.compile(pattern.pattern).flags:  # such as re.IGNORECASE, given in a compiled pattern
        settings["pattern_flags"] = pattern.flags
    if tokenizer.negation:  # written only when on, so that a file without it reads as before
        settings["negation"] = True
    return settings


def tokenizer_problem(tokenizer):
    """Why a tokenizer cannot be written (None if it can): it, or its stemmer, is a function of your own."""
    if type(tokenizer) is not Tokenizer:
        return f"{name_of(tokenizer)}, a {type(tokenizer).__name__} of your own"
    if tokenizer.stemmer is not None and tokenizer.stemmer is not porter_stem:
        return f"a Tokenizer whose stemmer is {name_of(tokenizer.stemmer)}, a function of your own"
    return None


def name_of(function):
    """A function's name (``my_tokenize``), or its type's name for another callable."""
    return getattr(function, "__name__", type(function).__name__)


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


# The largest model file load reads unless told otherwise: 1 GiB, far more than a pure-Python model is
# trained on, and little enough to fit in memory (load(path, max_bytes=...) raises it).
DEFAULT_MAX_BYTES = 2**30

# How much is read at a time: a small file is not given a buffer of the whole limit.
READ_SIZE = 2**20

# What each kind of file that is not a regular file is called in messages.
FILE_KINDS = {
    stat.S_ISFIFO: "a named pipe",
    stat.S_ISCHR: "a character device",
    stat.S_ISBLK: "a block device",
    stat.S_ISSOCK: "a socket",
}


def load(path, tokenizer=None, max_bytes=DEFAULT_MAX_BYTES, trust_pattern=False):
    """The model saved in the JSON file ``path``, with its lookup tables built by its own code.

    ``tokenizer`` is for a file saved with ``leave_out_tokenizer=True``: the
    tokenizer to use again (the file notes its name).  A ModelFileError names
    the file and the field when the file is not a model file or has been
    changed so that it no longer makes sense.

    A file is input from whoever wrote it, so ``load`` reads a regular file
    only (never a pipe or a device), of at most ``max_bytes`` bytes (1 GiB
    unless you raise it), and accepts a token pattern only if it is one of
    the library's own (``DEFAULT_PATTERN``, ``SKLEARN_PATTERN``): another
    regex may backtrack for minutes on one text.  ``trust_pattern=True``
    accepts any pattern, for a file you trust.
    """
    return load_with_metadata(path, tokenizer, max_bytes=max_bytes, trust_pattern=trust_pattern)[0]


def load_with_metadata(path, tokenizer=None, max_bytes=DEFAULT_MAX_BYTES, trust_pattern=False):
    """``(model, metadata)`` from the JSON file ``path``: ``load``'s model, and the file's metadata (or None)."""
    path = Path(path).expanduser()
    text = read_model_file(path, max_bytes)
    try:
        return model_and_metadata(text, tokenizer, trust_pattern)
    except ModelFileError as error:
        raise ModelFileError(f"{path}: {error}") from None


def read_model_file(path, max_bytes):
    """The text of the model file ``path``: a regular file, read without blocking, of at most ``max_bytes`` bytes."""
    check_max_bytes(max_bytes)
    check_regular_file(path, os.stat(path))  # before opening: opening a pipe or a device may wait, or do something
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        check_regular_file(path, os.fstat(descriptor))  # the file opened, in case another took its place meanwhile
        data = read_at_most(descriptor, max_bytes + 1)
    finally:
        os.close(descriptor)
    check_size(path, data, max_bytes)
    return utf8_text(path, data)


def check_max_bytes(max_bytes):
    """max_bytes is a whole number >= 1."""
    if type(max_bytes) is not int:
        raise TypeError(f"max_bytes must be a whole number of bytes, such as 2**31, not {max_bytes!r}")
    if max_bytes < 1:
        raise ValueError(f"max_bytes is {max_bytes}; it must be at least 1")


def check_regular_file(path, status):
    """A folder is an IsADirectoryError; a pipe, device or socket a ModelFileError naming what it is."""
    if stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(f"{path} is a folder; give the model file, such as model.json")
    if not stat.S_ISREG(status.st_mode):
        kind = next((name for test, name in FILE_KINDS.items() if test(status.st_mode)), "not a file")
        raise ModelFileError(f"{path} is {kind}, not a regular file; load reads model files only")


def read_at_most(descriptor, limit):
    """The first ``limit`` bytes of the open file (fewer if it is shorter), read a piece at a time."""
    pieces, left = [], limit
    while left > 0:
        piece = os.read(descriptor, min(left, READ_SIZE))
        if not piece:
            break
        pieces.append(piece)
        left -= len(piece)
    return b"".join(pieces)


def check_size(path, data, max_bytes):
    """Refuse a file longer than max_bytes (read_at_most read one byte more to tell)."""
    if len(data) > max_bytes:
        raise ModelFileError(
            f"{path} has more than {max_bytes:,} bytes, the most load reads; if you trust the file, "
            f"raise the limit: load(path, max_bytes={2 * max_bytes})"
        )


def utf8_text(path, data):
    """The bytes as text, or a ModelFileError for bytes that are not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ModelFileError(f"{path} is not a model file: it is not UTF-8 text ({error.reason})") from None


def from_json(text, tokenizer=None, trust_pattern=False):
    """The model that ``to_json`` wrote as ``text`` (see ``load``)."""
    return model_and_metadata(text, tokenizer, trust_pattern)[0]


def model_and_metadata(text, tokenizer=None, trust_pattern=False):
    """``(model, metadata)`` from the text of a model file."""
    if not isinstance(text, str):
        raise TypeError(f"from_json takes the text of a model file (a str), not a {type(text).__name__}")
    document = parse_json(text)
    model_class = check_header(document)
    metadata = document.get("metadata")
    if metadata is not None and not isinstance(metadata, dict):
        raise ModelFileError(f"metadata is {shown(metadata)}; it should be an object {{\"name\": value}}")
    settings = settings_from_json(model_class, document["settings"], tokenizer, trust_pattern)
    if model_class is SemiSupervisedNB:
        return semi_supervised_from_json(settings, document["tables"]), metadata
    if model_class is LogisticRegression:
        return logistic_from_json(settings, document["tables"]), metadata
    raw, uncounted = split_uncounted_words(model_class, document["tables"])
    tables = tables_from_json(model_class, raw)
    check_tables(model_class, tables, uncounted)
    return model_from_tables(model_class, settings, tables), metadata


def split_uncounted_words(model_class, raw):
    """``(the tables of a text model's file without uncounted_words, the set of words it names)``.

    A file without the field names none (every word of its vocabulary must
    then be counted).  Another model's file is given back as it is: a field
    ``uncounted_words`` in it is refused as a table the model does not have.
    """
    if not issubclass(model_class, TextNaiveBayes) or not isinstance(raw, dict) or "uncounted_words" not in raw:
        return raw, set()
    raw = dict(raw)
    words = decode(TABLE_SHAPES["uncounted_words"], raw.pop("uncounted_words"), "tables.uncounted_words")
    return raw, words


HEADER = ("format", "format_version", "model", "settings", "tables")


def check_header(document):
    """The model class the file names, after checking that it is a model file this code can read."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ModelFileError(f'not a model file: it does not begin with "format": "{FORMAT}"')
    missing = [field for field in HEADER if field not in document]
    if missing:
        raise ModelFileError(f"the file has no {missing[0]!r} field (a model file has {', '.join(HEADER)})")
    version = document["format_version"]
    if type(version) is not int:
        raise ModelFileError(f"format_version is {shown(version)}; it should be a whole number")
    known = HEADER + ("metadata",) if version == METADATA_VERSION else HEADER
    unknown = [field for field in document if field not in known]
    if unknown:
        raise ModelFileError(f"the file has a field {unknown[0]!r} that a model file does not have")
    if version == METADATA_VERSION:
        if "metadata" not in document:
            raise ModelFileError(f"format_version is {version}, but the file has no 'metadata' field")
    elif version > METADATA_VERSION:
        raise ModelFileError(
            f"format_version is {version}: the file was written by a newer naivebayes, and this one reads "
            f"version {FORMAT_VERSION}; upgrade naivebayes to load it"
        )
    if version not in (FORMAT_VERSION, METADATA_VERSION):
        raise ModelFileError(f"format_version is {version}, which no naivebayes wrote; this one reads {FORMAT_VERSION}")
    name = document["model"]
    if type(name) is not str or name not in SAVED_MODELS:  # (a list or an object cannot even be looked up)
        raise ModelFileError(f"model is {shown(name)}, which is not a model of naivebayes: {', '.join(SAVED_MODELS)}")
    return SAVED_MODELS[name]


def settings_from_json(model_class, raw, tokenizer, trust_pattern=False):
    """The settings, read by their shapes and checked by the model's constructor.

    A setting the file does not name takes its default, so that a file
    written before a setting existed still loads.
    """
    if not isinstance(raw, dict):
        raise ModelFileError(f"settings is {shown(raw)}; it should be an object {{\"name\": value}}")
    defaults = model_class().get_params()
    for name in raw:
        if name not in defaults:
            raise ModelFileError(f"settings has {name!r}, which is not a setting of {model_class.__name__}")
    settings = {}
    for name, raw_value in raw.items():
        where = f"settings.{name}"
        shape = SETTING_SHAPES.get(name)
        if shape is None:
            raise TypeError(f"{model_class.__name__} has a setting {name!r} that the model file format does not know")
        if shape == "tokenizer":
            settings[name] = tokenizer_from_json(raw_value, where, tokenizer, trust_pattern)
        elif shape == "class prior":
            settings[name] = class_prior_from_json(raw_value, where)
        elif shape == "smoothing":
            settings[name] = smoothing_from_json(raw_value, where)
        else:
            settings[name] = decode(shape, raw_value, where)
    if tokenizer is not None and "tokenizer" not in raw:
        if "tokenizer" not in defaults:
            raise ValueError(f"tokenizer= is for a text model; a {model_class.__name__} has no tokenizer")
        raise ValueError("tokenizer= is for a file saved with leave_out_tokenizer=True; this file names no tokenizer")
    try:
        model_class(**settings)
    except (TypeError, ValueError) as error:
        raise ModelFileError(f"settings: {error}") from None
    return settings


def class_prior_from_json(raw, where):
    """None, a prior, a table {label: P(c)} (an object, or a list of [label, P(c)] pairs), or a list of priors."""
    if raw is None:
        return None
    if is_prior_json(raw):  # (a table's values are numbers, never an object)
        return prior_from_json(raw, where)
    if isinstance(raw, dict) or (isinstance(raw, list) and raw and all(isinstance(item, list) for item in raw)):
        return decode(("table", "number"), raw, where)
    return decode(("list", "number"), raw, where)


def smoothing_from_json(raw, where):
    """alpha: a number, or a prior written as ``{"Beta": {...}}``."""
    if is_prior_json(raw):
        return prior_from_json(raw, where)
    if isinstance(raw, dict):
        raise ModelFileError(
            f"{where} is {shown(raw)}; alpha is a number, or a prior written as "
            '{"Dirichlet": {"a": 1, "per_value": null, ...}}: the kind of prior, then its fields'
        )
    return decode("number", raw, where)


def is_prior_json(raw):
    """True for an object of one entry whose value is an object: a prior, ``{"Beta": {"a": 2, ...}}``."""
    return isinstance(raw, dict) and len(raw) == 1 and isinstance(next(iter(raw.values())), dict)


def prior_from_json(raw, where):
    """The prior ``{"Beta": {...}}`` writes: each field read by its shape, then all checked by its constructor.

    Every field must be there, and no other.  An error names the field, such
    as ``settings.alpha.Beta.per_feature['free']``; the constructor's own
    checks (pseudo-counts >= 0, or >= 1 for the MAP estimate; the estimate;
    pairs of two; p in [0, 1]) name it as they name an argument.
    """
    (name, raw_fields), = raw.items()
    if name not in PRIOR_CLASSES:
        raise ModelFileError(
            f"{where} names the prior {shown(name)}; a model file holds Dirichlet, Beta and MEstimate priors"
        )
    where = f"{where}.{name}"
    shapes = PRIOR_FIELDS[name]
    a_name = f"{'an' if name == 'MEstimate' else 'a'} {name} prior"
    missing = [field for field in shapes if field not in raw_fields]
    if missing:
        raise ModelFileError(f"{where} has no {missing[0]!r} ({a_name} has {', '.join(shapes)})")
    unknown = [field for field in raw_fields if field not in shapes]
    if unknown:
        raise ModelFileError(f"{where} has {unknown[0]!r}, which is not a field of {a_name}")
    fields = {}
    for field, shape in shapes.items():
        value = raw_fields[field]
        if shape == "guess":
            shape = ("table", "number") if isinstance(value, (dict, list)) else ("optional", "number")
        fields[field] = decode(shape, value, f"{where}.{field}")
    try:
        return PRIOR_CLASSES[name](**fields)
    except (TypeError, ValueError) as error:  # its message begins with the field: "a must be ...", "p['x'] must ..."
        raise ModelFileError(f"{where}.{error}") from None


TOKENIZER_SETTINGS = ("lowercase", "pattern", "min_length", "stop_words", "stemmer", "ngram_range", "unicode_form")


def tokenizer_from_json(raw, where, tokenizer, trust_pattern=False):
    """The Tokenizer a file describes by its settings, or the ``tokenizer`` given for one left out."""
    if isinstance(raw, dict) and set(raw) == {"left_out"}:
        if tokenizer is None:
            raise ValueError(
                f"the model was saved without its tokenizer, {raw['left_out']}, a function of your own; "
                f"pass it again: load(path, tokenizer={raw['left_out']}) (or from_json(text, tokenizer=...))"
            )
        if not callable(tokenizer):
            raise TypeError("tokenizer must be callable: text -> list of tokens, such as Tokenizer()")
        return tokenizer
    if tokenizer is not None:
        raise ValueError(
            "the file holds its tokenizer's settings, so there is nothing to pass: tokenizer= is for a "
            "file saved with leave_out_tokenizer=True (to use another tokenizer, set model.tokenizer after loading)"
        )
    if not isinstance(raw, dict):
        raise ModelFileError(f"{where} is {shown(raw)}; it should be an object of Tokenizer settings")
    missing = [name for name in TOKENIZER_SETTINGS if name not in raw]
    if missing:
        raise ModelFileError(f"{where} has no {missing[0]!r} (a tokenizer has {', '.join(TOKENIZER_SETTINGS)})")
    unknown = [name for name in raw if name not in TOKENIZER_SETTINGS + ("pattern_flags", "negation")]
    if unknown:
        raise ModelFileError(f"{where} has {unknown[0]!r}, which is not a setting of Tokenizer")
    stemmer = raw["stemmer"]
    if stemmer is not None and (type(stemmer) is not str or stemmer not in STEMMERS):  # (a list cannot be looked up)
        raise ModelFileError(f"{where}.stemmer is {shown(stemmer)}; a file names null or \"porter_stem\"")
    if not isinstance(raw["lowercase"], bool):
        raise ModelFileError(f"{where}.lowercase is {shown(raw['lowercase'])}; it should be true or false")
    if not isinstance(raw.get("negation", False), bool):
        raise ModelFileError(f"{where}.negation is {shown(raw['negation'])}; it should be true or false")
    pattern = decode("text", raw["pattern"], f"{where}.pattern")
    if not trust_pattern:
        check_named_pattern(pattern, f"{where}.pattern")
    if "pattern_flags" in raw:
        flags = decode("count", raw["pattern_flags"], f"{where}.pattern_flags")
        try:
            pattern = re.compile(pattern, flags)
        except (re.error, ValueError) as error:
            raise ModelFileError(f"{where}: {error}") from None
    stop_words = raw["stop_words"]
    if isinstance(stop_words, list) and not all(isinstance(word, str) for word in stop_words):
        raise ModelFileError(f"{where}.stop_words should be null, \"english\" or a list of strings")
    ngram_range = raw["ngram_range"]
    try:
        return Tokenizer(
            lowercase=raw["lowercase"],
            pattern=pattern,
            min_length=raw["min_length"],
            stop_words=stop_words,
            stemmer=None if stemmer is None else STEMMERS[stemmer],
            ngram_range=tuple(ngram_range) if isinstance(ngram_range, list) else ngram_range,
            unicode_form=raw["unicode_form"],
            negation=raw.get("negation", False),
        )
    except (TypeError, ValueError) as error:
        raise ModelFileError(f"{where}: {error}") from None


# The token patterns a file may name without trust_pattern=True: the library's own, which cannot backtrack without bound.
NAMED_PATTERNS = {DEFAULT_PATTERN: "DEFAULT_PATTERN", SKLEARN_PATTERN: "SKLEARN_PATTERN"}


def check_named_pattern(pattern, where):
    """Refuse a token pattern that is not one of the library's: a regex such as (a+)+$ can run for minutes on one text."""
    if pattern not in NAMED_PATTERNS:
        raise ModelFileError(
            f"{where} is {shown(pattern)}, not one of the library's token patterns ({', '.join(NAMED_PATTERNS.values())}); "
            "a regex from a file may backtrack for minutes on one text, so it is not run unless you trust the "
            "file: load(path, trust_pattern=True) or from_json(text, trust_pattern=True)"
        )


def tables_from_json(model_class, raw):
    """{name: table} for every count table of the model, each read and checked by its shape."""
    if not isinstance(raw, dict):
        raise ModelFileError(f"tables is {shown(raw)}; it should be an object {{\"name\": table}}")
    names = list(model_class.count_tables)
    raw = {**unused_kind_tables(model_class, raw), **raw}  # a file from before a kind existed has none of its tables
    for name in names:
        if name not in raw:
            raise ModelFileError(
                f"tables has no {name!r}: a {model_class.__name__} file has the tables {', '.join(names)}"
            )
    for name in raw:
        if name not in names:
            raise ModelFileError(f"tables has {name!r}, which is not a count table of {model_class.__name__}")
    model_name = model_class.__name__
    return {name: decode(table_shape(model_name, name), raw[name], f"tables.{name}") for name in names}


def unused_kind_tables(model_class, raw):
    """{name: empty JSON table} for the count tables of the kinds of distribution no feature uses (MixedNB's kernel, say).

    A file written before MixedNB had a kind has none of that kind's tables; as
    no feature uses it, they are empty, and the file loads as it always did.
    """
    if not issubclass(model_class, TableNaiveBayes) or not isinstance(raw.get("distributions_"), (dict, list)):
        return {}
    try:
        used = set(decode(("table", "text"), raw["distributions_"], "tables.distributions_").values())
    except ModelFileError:
        return {}  # (the same error is raised, in full, when the table itself is read)
    return {
        name: {}
        for kind_name, kind in model_class.distribution_kinds.items()
        if kind_name not in used
        for name in kind.count_tables
    }


def model_from_tables(model_class, settings, tables):
    """A new model that takes the tables over as ``fit`` takes over what it counted: lookup tables built first."""
    counted = model_class(**settings)
    for name, table in tables.items():
        setattr(counted, name, table)
    counted._sort_classes()  # the per-class tables in classes_ order, as counting leaves them
    model = model_class(**settings)
    try:
        model._take_tables(counted)  # builds the lookup tables, exactly as training ends
    except (ArithmeticError, LookupError, TypeError, ValueError) as error:
        raise ModelFileError(f"the tables cannot be made into a {model_class.__name__}: {error}") from None
    return model


# ---------------------------------------------------------------------------
# SemiSupervisedNB: its settings, the tables of the model EM arrived at, and EM's record
# ---------------------------------------------------------------------------

# The naive Bayes model EM runs over, by SemiSupervisedNB's event_model.
EM_EVENT_MODELS = {"multinomial": MultinomialNB, "bernoulli": BernoulliNB}

# The counts of the model EM arrived at are weights: an unlabeled document adds lambda P(c | d) to class c.
FRACTIONAL_TABLE_SHAPES = {
    "class_counts_": ("table", "amount"),
    "n_examples_": "amount",
    "feature_counts_": ("table", ("table", "amount")),
    "feature_totals_": ("table", "amount"),
    "document_lengths_": ("table", ("table", "amount")),
}

# What EM recorded: the objective (and accuracy) at each iteration, the iterations it ran, whether it converged.
EM_RECORD_SHAPES = {
    "history_": ("list", ("table", "number")),
    "n_iterations_": "count",
    "converged_": "bool",
}


def fractional_shape(name):
    """The shape of a count table of the model EM arrived at."""
    if name not in TABLE_SHAPES:
        raise TypeError(f"SemiSupervisedNB's model has a count table {name!r} that the model file format does not know")
    return FRACTIONAL_TABLE_SHAPES.get(name, TABLE_SHAPES[name])


def semi_supervised_to_json(model, leave_out_tokenizer):
    """``(settings, tables)`` of a SemiSupervisedNB: its settings, ``model_``'s count tables, and EM's record.

    The tokenizer written is the one that read the words, ``model_``'s (a
    SemiSupervisedNB made with ``tokenizer=None`` gives its model the default
    ``Tokenizer()``), so the file shows how its words were read.
    """
    inner = model.model_
    if inner is None:
        raise NotFittedError("this SemiSupervisedNB has not been fitted yet: call fit(X_labeled, y, X_unlabeled) first")
    inner_class = EM_EVENT_MODELS[model.event_model]
    if type(inner) is not inner_class:
        raise TypeError(
            f"this SemiSupervisedNB's model_ is a {type(inner).__name__}, but its event_model "
            f"{model.event_model!r} runs EM over a {inner_class.__name__}"
        )
    inner._check_fitted()
    params = {**model.get_params(), "tokenizer": inner.tokenizer}
    settings = {
        name: setting_to_json(name, value, f"settings.{name}", model, leave_out_tokenizer)
        for name, value in params.items()
    }
    tables = {
        name: encode(fractional_shape(name), in_file_order(inner, name), f"tables.{name}")
        for name in inner.count_tables
    }
    record = {
        "history_": [dict(row) for row in model.history_],
        "n_iterations_": model.n_iterations_,
        "converged_": model.converged_,
    }
    tables = with_uncounted_words(inner, tables)
    tables.update({name: encode(EM_RECORD_SHAPES[name], value, f"tables.{name}") for name, value in record.items()})
    return settings, tables


def semi_supervised_from_json(settings, raw):
    """A fitted SemiSupervisedNB from its settings (already read and checked) and the file's tables.

    ``model_`` is built from its count tables as any model is, after the
    checks any model's tables get (with counts that may be weights), and the
    SemiSupervisedNB around it scales documents as ``fit`` left it to.
    """
    model = SemiSupervisedNB(**settings)
    inner_class = EM_EVENT_MODELS[model.event_model]
    if not isinstance(raw, dict):
        raise ModelFileError(f"tables is {shown(raw)}; it should be an object {{\"name\": table}}")
    raw, uncounted = split_uncounted_words(inner_class, raw)
    names = [*inner_class.count_tables, *EM_RECORD_SHAPES]
    for name in names:
        if name not in raw:
            raise ModelFileError(
                f"tables has no {name!r}: a SemiSupervisedNB file of the {model.event_model} model has the tables "
                f"{', '.join(names)}"
            )
    for name in raw:
        if name not in names:
            raise ModelFileError(
                f"tables has {name!r}, which is not a count table of the {model.event_model} model "
                f"({inner_class.__name__}) nor part of EM's record"
            )
    tables = {
        name: decode(fractional_shape(name) if name in inner_class.count_tables else EM_RECORD_SHAPES[name],
                     raw[name], f"tables.{name}")
        for name in names
    }  # fmt: skip
    counts = {name: tables[name] for name in inner_class.count_tables}
    check_sizes(inner_class, counts)
    check_class_keys(inner_class, counts, check_classes(counts))
    check_text_tables(inner_class, counts, uncounted, fractional=True)
    check_em_record(tables)
    inner = model_from_tables(inner_class, {"alpha": model.alpha, "tokenizer": model.tokenizer}, counts)
    model.model_, model.classes_ = inner, list(inner.classes_)
    model.scales_ = model.event_model == "multinomial" and model.document_length is not None  # as fit sets it
    model.history_ = EMHistory(tables["history_"])
    model.n_iterations_, model.converged_ = tables["n_iterations_"], tables["converged_"]
    return model


def check_em_record(tables):
    """history_ has a row per iteration, 0, 1, 2, ... in order, in EMHistory's columns; n_iterations_ is the last."""
    history = tables["history_"]
    if not history:
        raise field_error("tables.history_", "is empty; EM records iteration 0 (the labeled documents only) at least")
    for i, row in enumerate(history):
        where = f"tables.history_[{i}]"
        for name in row:
            if name not in EMHistory.columns:
                raise field_error(where, f"has {name!r}, which is not a column of EM's history ({', '.join(EMHistory.columns)})")
        if "iteration" not in row:
            raise field_error(where, "has no 'iteration'")
        if type(row["iteration"]) is not int or row["iteration"] != i:
            raise field_error(where, f"is iteration {row['iteration']!r}; history_ lists iterations 0, 1, 2, ... in order")
    if tables["n_iterations_"] != len(history) - 1:
        raise field_error(
            "tables.n_iterations_", f"is {tables['n_iterations_']}, but history_ ends at iteration {len(history) - 1}"
        )


# ---------------------------------------------------------------------------
# LogisticRegression: its settings and its weights
# ---------------------------------------------------------------------------

# What a LogisticRegression file holds: the columns of x and, per scored class, w_c (in columns_ order) and b_c,
# how its rows were given (names of dict rows, or the width of list rows), and what L-BFGS recorded.
LOGISTIC_TABLE_SHAPES = {
    "classes_": ("list", "key"),
    "columns_": ("list", "key"),  # a number's column is its feature; a category's is (feature, value)
    "named_features_": ("optional", ("list", "key")),
    "n_columns_": ("optional", "count"),
    "coef_": ("table", ("list", "number")),  # {class: [w_jc for each column of columns_]}
    "intercept_": ("table", "number"),  # {class: b_c}
    "n_iter_": "count",
    "objective_": "number",
    "converged_": "bool",
}


def logistic_to_json(model):
    """``(settings, tables)`` of a fitted LogisticRegression: C, max_iter, tol, and its weights.

    Logistic regression counts nothing: what it learned is w_c and b_c for
    each scored class (with two classes, ``classes_[1]`` only).  The file
    holds the weights that ``predict`` reads (``weight_rows_``, ``bias_row_``),
    each w_c as a list in ``columns_`` order, so the columns are named once.
    """
    model._check_fitted()
    settings = {
        name: setting_to_json(name, value, f"settings.{name}", model, False)
        for name, value in model.get_params().items()
    }
    scored = scored_classes(model.classes_)
    values = {
        "classes_": model.classes_,
        "columns_": model.columns_,
        "named_features_": model.named_features_,
        "n_columns_": model.n_columns_,
        "coef_": dict(zip(scored, model.weight_rows_)),
        "intercept_": dict(zip(scored, model.bias_row_)),
        "n_iter_": model.n_iter_,
        "objective_": model.objective_,
        "converged_": model.converged_,
    }
    tables = {name: encode(shape, values[name], f"tables.{name}") for name, shape in LOGISTIC_TABLE_SHAPES.items()}
    return settings, tables


def scored_classes(classes):
    """The classes with weights: ``classes_[1]`` alone with two classes (``classes_[0]`` scores 0), else all."""
    return classes[1:] if len(classes) == 2 else list(classes)


def logistic_from_json(settings, raw):
    """A fitted LogisticRegression from its settings (already read and checked) and the file's tables, checked.

    The model gets every attribute ``fit`` leaves, built as ``fit`` builds
    them, so it predicts and explains as the saved one did, bit for bit.
    """
    if not isinstance(raw, dict):
        raise ModelFileError(f"tables is {shown(raw)}; it should be an object {{\"name\": table}}")
    names = list(LOGISTIC_TABLE_SHAPES)
    for name in names:
        if name not in raw:
            raise ModelFileError(f"tables has no {name!r}: a LogisticRegression file has the tables {', '.join(names)}")
    for name in raw:
        if name not in LOGISTIC_TABLE_SHAPES:
            raise ModelFileError(f"tables has {name!r}, which is not a table of LogisticRegression")
    tables = {name: decode(shape, raw[name], f"tables.{name}") for name, shape in LOGISTIC_TABLE_SHAPES.items()}
    check_logistic_tables(tables)
    classes, columns = tables["classes_"], tables["columns_"]
    scored = scored_classes(classes)
    model = LogisticRegression(**settings)
    model.classes_ = classes
    model.columns_ = columns
    model.named_features_ = tables["named_features_"]
    model.n_columns_ = tables["n_columns_"]
    model.label_objects_ = {}  # (a file holds plain labels)
    model.coef_ = {label: dict(zip(columns, tables["coef_"][label])) for label in scored}
    model.intercept_ = {label: tables["intercept_"][label] for label in scored}
    model.n_iter_ = tables["n_iter_"]
    model.objective_ = tables["objective_"]
    model.converged_ = tables["converged_"]
    model.column_numbers_ = {column: j for j, column in enumerate(columns)}
    model.numeric_features_ = {column for column in columns if type(column) is not tuple}
    model.weight_rows_ = [tables["coef_"][label] for label in scored]
    model.bias_row_ = [tables["intercept_"][label] for label in scored]
    return model


def check_logistic_tables(tables):
    """classes_ sorted, at least two; columns_ each once, of the features the rows had; a float weight per column."""
    classes = tables["classes_"]
    try:
        expected = sorted_labels(set(classes))
    except TypeError as error:
        raise field_error("tables.classes_", f"has labels that cannot be sorted: {error}") from None
    if len(expected) < 2 or classes != expected:
        raise field_error(
            "tables.classes_", f"is {classes}; logistic regression has two classes or more, each once, sorted"
        )
    check_logistic_columns(tables)
    scored, n_columns = scored_classes(classes), len(tables["columns_"])
    for name in ("coef_", "intercept_"):
        if list(tables[name]) != scored:
            raise field_error(
                f"tables.{name}",
                f"has the classes {list(tables[name])}, but the classes with weights are {scored} "
                "(with two classes, classes_[1] only)",
            )
    for label, row in tables["coef_"].items():
        where = f"tables.{at('coef_', label)}"
        if len(row) != n_columns:
            raise field_error(where, f"has {len(row)} weights, but columns_ has {n_columns} columns")
        for j, weight in enumerate(row):
            if type(weight) is not float:
                raise field_error(f"{where}[{j}]", f"is {weight!r}; a weight is a float, such as 0.5 or 1.0")
    for label, bias in tables["intercept_"].items():
        if type(bias) is not float:
            raise field_error(f"tables.{at('intercept_', label)}", f"is {bias!r}; a bias is a float, such as 0.5 or 1.0")


def check_logistic_columns(tables):
    """Each column once; a feature a number or categories, never both; the features those of the rows' names or width."""
    columns, names, width = tables["columns_"], tables["named_features_"], tables["n_columns_"]
    if not columns:
        raise field_error("tables.columns_", "is empty; a fitted model has at least one column")
    if len(set(columns)) != len(columns):
        raise field_error("tables.columns_", "names a column twice")
    for column in columns:
        if type(column) is tuple and len(column) != 2:
            raise field_error("tables.columns_", f"has {column!r}; a category's column is [feature, value]")
    numeric = {column for column in columns if type(column) is not tuple}
    for column in columns:
        if type(column) is tuple and column[0] in numeric:
            raise field_error(
                "tables.columns_", f"has the feature {column[0]!r} as a number and as the category {column[1]!r}"
            )
    features = {column[0] if type(column) is tuple else column for column in columns}
    if (names is None) == (width is None):
        raise field_error(
            "tables.named_features_",
            f"is {names!r} and n_columns_ is {width!r}; dict rows have names and no width, list rows a width and no names",
        )
    if names is not None:
        if len(set(names)) != len(names) or set(names) != features:
            raise field_error("tables.named_features_", f"is {names}, but the features of columns_ are {in_key_order(features)}")
        return
    if width > MAX_COLUMNS:
        raise field_error("tables.n_columns_", f"is {width}, but rows are at most {MAX_COLUMNS:,} columns wide (MAX_COLUMNS)")
    for feature in in_key_order(features):
        if type(feature) is not int or not 0 <= feature < width:
            raise field_error(
                "tables.columns_", f"has the feature {feature!r}, but the rows were lists of {width} columns (0 to {width - 1})"
            )


# ---------------------------------------------------------------------------
# The tables must agree with one another
# ---------------------------------------------------------------------------


# The widest list rows a file may declare: far more columns than a pure-Python model
# is used with, and few enough that a row of them (sample draws dense rows) fits in memory.
MAX_COLUMNS = 10**7


def check_sizes(model_class, tables):
    """Every size the file declares, checked against what it lists and against a limit, before anything is built.

    ``n_columns_`` is the width of list rows: a text model trained on dense
    rows has exactly one vocabulary entry per column (0 to n - 1), and any
    model's rows are at most ``MAX_COLUMNS`` wide.  (A file that says 10**10
    would otherwise make ``sample`` build rows of ten billion counts.)
    """
    width = tables.get("n_columns_")
    if width is None:
        return
    if width > MAX_COLUMNS:
        raise field_error(
            "tables.n_columns_", f"is {width}, but rows are at most {MAX_COLUMNS:,} columns wide (MAX_COLUMNS)"
        )
    if issubclass(model_class, TextNaiveBayes) and tables["input_form_"] == "dense":
        vocabulary = tables["vocabulary_"]
        if vocabulary != set(range(width)):
            raise field_error(
                "tables.n_columns_",
                f"is {width}, but vocabulary_ has {len(vocabulary)} columns; a model of dense rows has one "
                "vocabulary_ entry per column, 0 to n_columns_ - 1",
            )


def check_tables(model_class, tables, uncounted=frozenset()):
    """Raise a ModelFileError that names the field where the tables disagree (see the module docstring).

    ``uncounted``: for a text model, the words its file names in ``uncounted_words``.
    """
    check_sizes(model_class, tables)
    classes = check_classes(tables)
    if issubclass(model_class, TableNaiveBayes):
        check_saved_feature_names(model_class, tables)
    check_class_keys(model_class, tables, classes)
    if issubclass(model_class, TableNaiveBayes):
        check_feature_tables(model_class, tables)
    if issubclass(model_class, TextNaiveBayes):
        check_text_tables(model_class, tables, uncounted)
    if issubclass(model_class, JointBayesClassifier):
        check_cells(tables)
    if issubclass(model_class, TreeAugmentedNB):
        check_pairs(tables)
    if issubclass(model_class, GaussianDiscriminantAnalysis):
        check_discriminant_statistics(tables)


def sorted_or_listed(keys):
    try:
        return sorted(keys)
    except TypeError:
        return list(keys)


def field_error(where, message):
    return ModelFileError(f"{where} {message}")


def check_classes(tables):
    """classes_ is the sorted labels of class_counts_, each N_c >= 1, and N is their sum; returns classes_."""
    class_counts = tables["class_counts_"]
    if not class_counts:
        raise field_error("tables.class_counts_", "is empty: a saved model has seen at least one class")
    for label, n in class_counts.items():
        if n == 0:
            raise field_error(f"tables.{at('class_counts_', label)}", "is 0: a class comes from at least one example")
    try:
        expected = sorted_labels(class_counts)
    except TypeError as error:
        raise field_error("tables.class_counts_", f"has labels that cannot be sorted: {error}") from None
    if tables["classes_"] != expected:
        raise field_error(
            "tables.classes_", f"is {tables['classes_']}, but the labels of class_counts_, sorted, are {expected}"
        )
    total = sum(class_counts.values())
    if not about_equal(tables["n_examples_"], total):  # (a SemiSupervisedNB's N_c are weights, added in another order)
        raise field_error(
            "tables.n_examples_", f"is {tables['n_examples_']}, but the class counts N_c add up to {total}"
        )
    return expected


def check_text_tables(model_class, tables, uncounted=frozenset(), fractional=False):
    """Every counted word is in the vocabulary, and every other word of it is in ``uncounted`` (``uncounted_words``);
    Bernoulli's N_jc <= N_c; n_c is the sum of the n_jc (multinomial, complement).

    ``fractional``: the tables of the model a SemiSupervisedNB's EM arrived
    at, whose counts are weights (so equal means equal but for rounding) and
    whose ``document_lengths_`` count its labeled documents only (so at most
    N_c documents, and at most n_c words).
    """
    form, width = tables["input_form_"], tables["n_columns_"]
    if form not in ("words", "dense"):
        raise field_error("tables.input_form_", f"is {form!r}; a text model reads \"words\" or \"dense\" rows")
    if (form == "dense") != (width is not None):
        raise field_error(
            "tables.n_columns_", f"is {width}, but input_form_ is {form!r} (dense rows have a width, texts none)"
        )
    vocabulary = tables["vocabulary_"]
    class_counts = tables["class_counts_"]
    for label, counts in tables["feature_counts_"].items():
        where = f"tables.{at('feature_counts_', label)}"
        for word, n in counts.items():
            if word not in vocabulary:
                raise field_error(where, f"counts {word!r}, which is not in vocabulary_")
            if model_class is BernoulliNB and more_than(n, class_counts[label]):
                raise field_error(
                    at(where, word), f"is {n}, more documents than the class has ({class_counts[label]})"
                )
        if "feature_totals_" in tables:  # (the multinomial and complement models' n_c)
            given = tables["feature_totals_"][label]
            if not about_equal(sum(counts.values()), given):
                raise field_error(
                    f"tables.{at('feature_totals_', label)}",
                    f"is {given}, but the class's word counts add up to {sum(counts.values())}",
                )
        if model_class is MultinomialNB:
            lengths = tables["document_lengths_"][label]
            where = f"tables.{at('document_lengths_', label)}"
            for length in lengths:
                if not is_float_sized(length) or length < 0:  # (a bool is no length)
                    raise field_error(where, f"has a document length {length!r}; a length is a number of words >= 0")
            n_documents, n_words = sum(lengths.values()), sum(length * n for length, n in lengths.items())
            if fractional:
                if more_than(n_documents, class_counts[label]):
                    raise field_error(
                        where, f"counts {n_documents} labeled documents, but the class's N_c is {class_counts[label]}"
                    )
                if more_than(n_words, given):
                    raise field_error(
                        where, f"gives the class's labeled documents {n_words} words, but feature_totals_ says {given}"
                    )
                continue
            if not about_equal(n_documents, class_counts[label]):  # (weighted documents: floats added in another order)
                raise field_error(where, f"counts {n_documents} documents, but the class has {class_counts[label]}")
            if not about_equal(n_words, given):
                raise field_error(where, f"gives the class {n_words} words, but feature_totals_ says {given}")
    check_uncounted_words(tables, uncounted)


def is_float_sized(value):
    """True for a number a float can hold: not a bool, NaN, an infinity, or an int or Fraction beyond 1.8e308."""
    try:
        return is_number(value) and math.isfinite(value)
    except OverflowError:  # (math.isfinite(10**400) converts to a float first)
        return False


def check_uncounted_words(tables, uncounted):
    """vocabulary_ is the words some class counted and the words of uncounted_words, which are in no class's counts.

    A word no class counted still changes every prediction (|V| is in the
    denominators), so a file must say it holds one: a word added to
    vocabulary_ alone is refused.
    """
    vocabulary = tables["vocabulary_"]
    counted_by = {}
    for label, counts in tables["feature_counts_"].items():
        for word, n in counts.items():
            if n > 0:
                counted_by.setdefault(word, label)
    for word in in_key_order(uncounted):
        if word not in vocabulary:
            raise field_error("tables.uncounted_words", f"lists {word!r}, which is not in vocabulary_")
        if word in counted_by:
            raise field_error(
                "tables.uncounted_words", f"lists {word!r}, but class {counted_by[word]!r} counted it in feature_counts_"
            )
    missing = [word for word in vocabulary if word not in counted_by and word not in uncounted]
    if missing:
        word = in_key_order(missing)[0]
        raise field_error(
            "tables.vocabulary_",
            f"lists {word!r}, which no class counted and uncounted_words does not list; a word of the vocabulary "
            "that no class counted (given with a count of 0, or a dense column of zeros) is listed in "
            "uncounted_words as well",
        )


def about_equal(a, b):
    """a == b for exact numbers; for floats, equal but for rounding (sums in another order)."""
    return a == b if is_exact(a, b) else math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def more_than(a, b):
    """a > b, and not by rounding alone (see ``about_equal``)."""
    return a > b and not about_equal(a, b)


def check_class_keys(model_class, tables, classes):
    """Every per-class table has exactly the classes of class_counts_ (or is empty, where that is allowed)."""
    may_be_empty = tables_that_may_be_empty(model_class, tables)
    for name in model_class.class_tables:
        table = tables[name]
        if set(table) != set(classes) and not (not table and name in may_be_empty):
            raise field_error(
                f"tables.{name}",
                f"has the classes {sorted_or_listed(table)}, but class_counts_ has {classes}; "
                "a table per class has one entry for each class",
            )


def tables_that_may_be_empty(model_class, tables):
    """The per-class tables that stay empty: a kind's tables when no feature is of that kind; n_jc with no features."""
    if not issubclass(model_class, TableNaiveBayes):
        return set()
    features, distributions = tables["features_"], tables["distributions_"]
    names = set() if features else {"feature_counts_"}
    for kind_name, kind in model_class.distribution_kinds.items():
        if not any(distributions[feature] == kind_name for feature in features):
            names.update(kind.count_tables)
    return names


def check_saved_feature_names(model_class, tables):
    """features_ names each feature once; distributions_ gives each one a distribution the model knows."""
    features = tables["features_"]
    if len(set(features)) != len(features):
        raise field_error("tables.features_", "names a feature twice")
    distributions = tables["distributions_"]
    if set(distributions) != set(features):
        raise field_error(
            "tables.distributions_", f"has the features {list(distributions)}, but features_ is {features}"
        )
    for feature, name in distributions.items():
        if name not in model_class.distribution_kinds:
            raise field_error(
                f"tables.{at('distributions_', feature)}",
                f"is {name!r}; a {model_class.__name__} knows {', '.join(model_class.distribution_kinds)}",
            )
    width = tables["n_columns_"]
    if width is not None and not all(type(feature) is int and 0 <= feature < width for feature in features):
        raise field_error(
            "tables.features_", f"is {features}, but the rows were lists of {width} columns (0 to {width - 1})"
        )


def check_feature_tables(model_class, tables):
    """Each class counts every feature, n_jc <= N_c, and each kind's tables hold exactly its features."""
    features, distributions = tables["features_"], tables["distributions_"]
    class_counts = tables["class_counts_"]
    for label, counts in tables["feature_counts_"].items():
        where = f"tables.{at('feature_counts_', label)}"
        if set(counts) != set(features):
            raise field_error(where, f"has the features {list(counts)}, but features_ is {features}")
        for feature, n in counts.items():
            if more_than(n, class_counts[label]):  # (weighted counts are float sums, added in another order)
                raise field_error(at(where, feature), f"is {n}, more rows than the class has ({class_counts[label]})")
    for kind_name, kind in model_class.distribution_kinds.items():
        kind_features = [feature for feature in features if distributions[feature] == kind_name]
        for name in kind.count_tables:
            for label, table in tables[name].items():
                if set(table) != set(kind_features):
                    raise field_error(
                        f"tables.{at(name, label)}",
                        f"has the features {list(table)}, but the {kind_name} features are {kind_features}",
                    )
        for name in kind.feature_tables:
            if set(tables[name]) != set(kind_features):
                raise field_error(
                    f"tables.{name}",
                    f"has the features {list(tables[name])}, but the {kind_name} features are {kind_features}",
                )
        if kind_features:
            KIND_CHECKS[kind_name](tables, kind_features)


def check_categorical(tables, features):
    """n_jc is the sum of the n_jvc."""
    for label, by_feature in tables["value_counts_"].items():
        for feature in features:
            total, n = sum(by_feature[feature].values()), tables["feature_counts_"][label][feature]
            if not about_equal(total, n):
                raise field_error(
                    f"tables.{at(at('value_counts_', label), feature)}",
                    f"adds up to {total}, but feature_counts_ says the class has {n} rows with the feature",
                )


def check_gaussian(tables, features):
    """A class's mean and squared deviations are null exactly when it has no value of the feature."""
    for label, by_feature in tables["feature_counts_"].items():
        for feature in features:
            empty = by_feature[feature] == 0
            for name in ("means_", "squared_deviations_"):
                value = tables[name][label][feature]
                if (value is None) != empty:
                    raise field_error(
                        f"tables.{at(at(name, label), feature)}",
                        f"is {value!r}, but the class has {by_feature[feature]} values of the feature "
                        "(null is for a class with none)",
                    )


def check_poisson(tables, features):
    """A class with no value of a feature has the sum 0."""
    for label, by_feature in tables["feature_counts_"].items():
        for feature in features:
            if by_feature[feature] == 0 and tables["value_sums_"][label][feature] != 0:
                raise field_error(
                    f"tables.{at(at('value_sums_', label), feature)}",
                    "is not 0, but the class has no values of the feature",
                )


def check_histogram(tables, features):
    """Edges in order; one count per bin, adding up to n_jc."""
    for feature in features:
        edges = tables["bin_edges_"][feature]
        if len(edges) < 2 or any(low > high for low, high in zip(edges, edges[1:])):
            raise field_error(
                f"tables.{at('bin_edges_', feature)}", f"is {edges}; bin edges are at least two numbers, in order"
            )
        for label, by_feature in tables["bin_counts_"].items():
            where = f"tables.{at(at('bin_counts_', label), feature)}"
            counts = by_feature[feature]
            if len(counts) != len(edges) - 1:
                raise field_error(where, f"has {len(counts)} counts, but there are {len(edges) - 1} bins")
            n = tables["feature_counts_"][label][feature]
            if sum(counts) != n:
                raise field_error(where, f"adds up to {sum(counts)}, but feature_counts_ says {n}")


def check_kernel(tables, features):
    """A kernel feature's value counts add up to n_jc."""
    for label, by_feature in tables["kernel_counts_"].items():
        for feature in features:
            where = f"tables.{at(at('kernel_counts_', label), feature)}"
            for value in by_feature[feature]:
                if not is_float_sized(value):  # (a bool is a category, not a number)
                    raise field_error(where, f"holds the value {value!r}; a kernel feature's values are finite numbers")
            total, n = sum(by_feature[feature].values()), tables["feature_counts_"][label][feature]
            if total != n:
                raise field_error(
                    f"tables.{at(at('kernel_counts_', label), feature)}",
                    f"adds up to {total}, but feature_counts_ says the class has {n} rows with the feature",
                )


KIND_CHECKS = {
    "categorical": check_categorical,
    "gaussian": check_gaussian,
    "poisson": check_poisson,
    "histogram": check_histogram,
    "kernel": check_kernel,
}


def check_pairs(tables):
    """TAN: each class's pairs are two features in features_ order, with no more rows than either feature or value has."""
    features = tables["features_"]
    position = {feature: k for k, feature in enumerate(features)}
    for label, pairs in tables["pair_counts_"].items():
        for pair, cells in pairs.items():
            where = f"tables.{at(at('pair_counts_', label), pair)}"
            if not (isinstance(pair, tuple) and len(pair) == 2 and all(f in position for f in pair)
                    and position[pair[0]] < position[pair[1]]):  # fmt: skip
                raise field_error(where, f"names {pair!r}; a pair is two features, in the order of features_")
            total = sum(cells.values())
            for feature in pair:
                if total > tables["feature_counts_"][label][feature]:
                    raise field_error(where, f"adds up to {total}, more rows than have {feature!r}")
            for cell in cells:
                if not (isinstance(cell, tuple) and len(cell) == 2):
                    raise field_error(where, f"has the cell {cell!r}; a cell is a pair of values")
            check_pair_margins(tables["value_counts_"][label], pair, cells, where)


def check_pair_margins(value_counts, pair, cells, where):
    """No value of either feature of a pair is in more of the pair's rows than value_counts_ says have it."""
    for side, feature in enumerate(pair):
        margin = {}
        for cell, n in cells.items():
            margin[cell[side]] = margin.get(cell[side], 0) + n
        seen = value_counts[feature]
        for value, n in margin.items():
            if n > seen.get(value, 0):
                raise field_error(
                    where, f"has {n} rows with {feature} = {value!r}, but value_counts_ has {seen.get(value, 0)}"
                )


def check_cells(tables):
    """Each cell of the joint table has one value per feature; a class's cells add up to m_c <= N_c."""
    n_features = len(tables["features_"])
    for label, cells in tables["cell_counts_"].items():
        where = f"tables.{at('cell_counts_', label)}"
        for cell in cells:
            if not isinstance(cell, tuple) or len(cell) != n_features:
                raise field_error(
                    where, f"has the cell {cell!r}; a cell has one value for each of the {n_features} features"
                )
        total, complete = sum(cells.values()), tables["complete_counts_"][label]
        if total != complete:
            raise field_error(where, f"adds up to {total}, but complete_counts_ says {complete}")
        if complete > tables["class_counts_"][label]:
            raise field_error(f"tables.{at('complete_counts_', label)}", f"is {complete}, more rows than the class has")


def check_discriminant_statistics(tables):
    """Discriminant analysis: a mean vector of d numbers and a symmetric d x d scatter matrix per class."""
    features = tables["features_"]
    if not features or len(set(features)) != len(features):
        raise field_error("tables.features_", "should name at least one feature, each once")
    width = tables["n_columns_"]
    if width is not None and features != list(range(width)):
        raise field_error("tables.features_", f"is {features}, but the rows were lists of {width} columns")
    d = len(features)
    for label, mean in tables["mean_vectors_"].items():
        if len(mean) != d:
            raise field_error(
                f"tables.{at('mean_vectors_', label)}", f"has {len(mean)} numbers, one per feature of {d}"
            )
    for label, scatter in tables["scatter_matrices_"].items():
        where = f"tables.{at('scatter_matrices_', label)}"
        if len(scatter) != d or any(len(row) != d for row in scatter):
            raise field_error(where, f"should be a {d} x {d} matrix")
        for j in range(d):
            if scatter[j][j] < 0:
                raise field_error(where, f"has {scatter[j][j]} on its diagonal; a sum of squares is >= 0")
            for k in range(j):
                if scatter[j][k] != scatter[k][j]:
                    raise field_error(where, f"is not symmetric: entry [{j}][{k}] differs from [{k}][{j}]")
