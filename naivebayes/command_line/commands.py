"""The five commands that work on your own data: train, predict, explain, evaluate and cross-validate.

Each takes the parsed arguments and the streams to print on.  What each reads
is in ``inputs.py``; the model files are ``naivebayes.saving``'s JSON files,
so a model trained here can be loaded in Python with ``naivebayes.load(path)``,
and one saved in Python can be used here.

``train --unlabeled FOLDER`` fits ``SemiSupervisedNB`` (EM over the
multinomial or Bernoulli model, Nigam et al. 2000) on the labeled data plus
the unlabeled texts, and prints EM's history; the model file holds it whole,
so the other commands use it as any text model.

``train`` keeps, beside the model, how it read its data (the label and text
columns, the names, the delimiter, the header and quoting choices) and a
fingerprint of the examples it learned from, so that ``predict``, ``explain``
and ``evaluate`` need only the model and the data, and ``evaluate`` can say
when it is scoring the very examples the model was trained on.
"""

import hashlib
import inspect
import math
import re
from collections import Counter
from argparse import ArgumentTypeError
from fractions import Fraction
from pathlib import Path

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    GaussianDiscriminantAnalysis,
    GaussianNB,
    HistogramNB,
    JointBayesClassifier,
    KernelNB,
    LogisticRegression,
    MixedNB,
    MultinomialNB,
    PoissonNB,
    TreeAugmentedNB,
    accuracy,
    classification_report,
    confusion_matrix,
    cross_validate,
    GridSearchCV,
    save,
    StratifiedKFold,
    train_test_split,
)
from naivebayes.command_line.inputs import (
    CommandError,
    Progress,
    Reading,
    Source,
    column,
    labeled_text_folder,
    looks_like_a_table,
    read_table,
    read_text,
    read_texts,
    refuse_output_over_inputs,
    refuse_paths_among_words,
    looks_like_a_path,
    is_existing_path,
    table_columns,
    text_files,
    read_text_table,
)
from naivebayes.plumbing.display import text_table
from naivebayes.datasets.tabular import parse_field
from naivebayes.evaluation.cross_validation import SCORING_NAMES, cross_validation_mean, cross_validation_spread, new_model
from naivebayes.evaluation.metrics import format_confusion_matrix
from naivebayes.naive_bayes.complement import ComplementNB
from naivebayes.naive_bayes.semi_supervised import SemiSupervisedNB
from naivebayes.naive_bayes.text_base import TextNaiveBayes
from naivebayes.saving import load_with_metadata
from naivebayes.saving.model_files import DEFAULT_MAX_BYTES, SAVED_MODELS, ModelFileError
from naivebayes.text.bag_of_words import bag_of_words
from naivebayes.text.stemming import porter_stem
from naivebayes.text.tokenize import Tokenizer

__all__ = []

TEXT_MODELS = {"multinomial": MultinomialNB, "bernoulli": BernoulliNB, "complement": ComplementNB}
EM_MODELS = ("multinomial", "bernoulli")  # the text models SemiSupervisedNB runs EM over (--unlabeled)
TABLE_MODELS = {
    "mixed": MixedNB,
    "categorical": CategoricalNB,
    "gaussian": GaussianNB,
    "poisson": PoissonNB,
    "histogram": HistogramNB,
    "kernel": KernelNB,
    "tan": TreeAugmentedNB,
    "joint": JointBayesClassifier,
    "discriminant": GaussianDiscriminantAnalysis,
}
# Models of either kind of data: a folder or table of texts is read as {word: count} rows (bag_of_words), a table as its rows.
EITHER_MODELS = {"logistic": LogisticRegression}
MODEL_NAMES = {**TEXT_MODELS, **TABLE_MODELS, **EITHER_MODELS}
LOGISTIC_OPTIONS = (("--C", "C", "C"), ("--max-iter", "max_iter", "max_iter"), ("--tolerance", "tolerance", "tol"))
SCORINGS = list(SCORING_NAMES)  # cross-validate --scoring: accuracy, f1_macro, ...
NUMERIC_DISTRIBUTIONS = ("gaussian", "kernel", "histogram", "poisson")  # --distribution: the numeric columns of --model mixed
PREDICTION_CHUNK = 500  # documents predicted between two progress updates


def typed_number(text):
    """``--alpha`` as typed: ``1`` is the int 1, ``1/2`` the Fraction 1/2, ``0.5`` the float 0.5.

    Int and Fraction alphas keep the model's probabilities exact (``explain``
    then shows fractions such as 3/7), as they do in Python.
    """
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        pass
    if "/" in text:
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise ArgumentTypeError(f"{text!r} is not a fraction such as 1/2") from None
    try:
        value = float(text)
    except ValueError:
        raise ArgumentTypeError(f"{text!r} is not a number such as 1, 1/2 or 0.5") from None
    if not math.isfinite(value):
        raise ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def share(text):
    """``--test-size`` as typed: a share such as 0.2 (strictly between 0 and 1), or a number of examples such as 30."""
    value = typed_number(text)
    if isinstance(value, Fraction):
        value = float(value)
    if isinstance(value, float) and not 0 < value < 1 or isinstance(value, int) and value < 1:
        raise ArgumentTypeError(f"{text!r} is neither a share between 0 and 1 (such as 0.2) nor a number of examples >= 1")
    return value


def unlabeled_weight(text):
    """``--unlabeled-weight`` as typed: lambda, a number from 0 to 1 (1/2 is 0.5)."""
    value = typed_number(text)
    if not 0 <= value <= 1:
        raise ArgumentTypeError(
            f"{text!r} is not a weight from 0 to 1 (lambda: 0 leaves the unlabeled texts out, 1 counts each as a "
            "labeled one)"
        )
    return float(value)


def document_length(text):
    """``--document-length`` as typed: a number of words above 0 (an int stays an int)."""
    value = typed_number(text)
    if not value > 0:
        raise ArgumentTypeError(f"{text!r} is not a number of words above 0, such as 300 (or use --raw-counts)")
    return float(value) if isinstance(value, Fraction) else value


def whole_number(text, least, what):
    """An option typed as a whole number of at least ``least``; ``what`` ends the message, such as ">= 1, such as 2"."""
    try:
        value = int(text)
    except ValueError:
        value = least - 1
    if value < least:
        raise ArgumentTypeError(f"{text!r} is not a whole number {what}")
    return value


def iterations(text):
    """``--iterations`` as typed: a whole number >= 0."""
    return whole_number(text, 0, "of iterations >= 0, such as 10")


def min_word_count(text):
    """``--min-word-count`` as typed: a whole number >= 1."""
    return whole_number(text, 1, "of occurrences >= 1, such as 2 (1 keeps every word)")


def positive_number(text):
    """``--C`` as typed: a finite number above 0 (1/2 is 0.5)."""
    value = typed_number(text)
    if not value > 0:
        raise ArgumentTypeError(f"{text!r} is not a number above 0, such as 1 or 0.1")
    return float(value)


def max_iterations(text):
    """``--max-iter`` as typed: a whole number >= 1."""
    return whole_number(text, 1, ">= 1, such as 1000")


def tolerance(text):
    """``--tolerance`` as typed: a number >= 0."""
    value = typed_number(text)
    if value < 0:
        raise ArgumentTypeError(f"{text!r} is not a number >= 0, such as 1e-5")
    return float(value) if isinstance(value, Fraction) else value


def say(notes, err):
    """Print what the user should know (never a result) on the error stream, one line each, each once."""
    for note in dict.fromkeys(notes):
        print(f"note: {' '.join(str(note).split())}", file=err)


# ---------------------------------------------------------------------------
# The library's messages, in the command line's own terms
# ---------------------------------------------------------------------------

EXAMPLE_INDEX = re.compile(r"\bX\[(\d+)\]")
PYTHON_ADVICE = [
    # (what a Python message says, what the command line says instead)
    (re.compile(r"use CategoricalNB, or MixedNB with distributions=\{[^}]*\}"),
     "use --model categorical, or --model mixed, which takes a column of words as categories"),
    (re.compile(r"use CategoricalNB\b"), "use --model categorical"),
    (re.compile(r"model\.explain\(example\)"), "'naivebayes explain MODEL --file DATA --row N'"),
    (re.compile(r"a measurement is better cut into a few intervals first: Discretizer\(.*"),
     "--model joint is for a few columns of categories; for a table with measurements use --model mixed, or "
     "--model discriminant"),
    (re.compile(r"\buse alpha > 0\b", re.IGNORECASE), "use --alpha above 0, such as --alpha 1"),
    (re.compile(r"\bwith alpha = 0\b"), "with --alpha 0"),
    (re.compile(r"\balpha = 0\b"), "--alpha 0"),
]


def in_own_terms(message, names=None):
    """A library message as the command line says it: its options, not Python's, and its examples by name.

    ``X[3]`` (Python's position, from 0) becomes the example's name, such as
    ``row 4`` or a file's path, counted as ``--row`` counts.
    """
    if names is not None:
        message = EXAMPLE_INDEX.sub(lambda match: example_name(names, int(match.group(1))), message)
    for python, command_line in PYTHON_ADVICE:
        message = python.sub(command_line, message)
    return message


def example_name(names, index):
    return names[index] if 0 <= index < len(names) else f"example {index + 1}"


def run_model(call, names):
    """``call()``, with any error the model raises said in the command line's terms (a CommandError)."""
    try:
        return call()
    except (ValueError, TypeError, KeyError, ArithmeticError) as error:
        message = error.args[0] if isinstance(error, KeyError) and error.args else str(error)
        raise CommandError(in_own_terms(str(message), names)) from None


# ---------------------------------------------------------------------------
# The fingerprint of training data
# ---------------------------------------------------------------------------


def fingerprint(examples, labels):
    """A SHA-256 of the (example, label) pairs, whatever their order: equal for the same examples, read the same way."""
    digests = sorted(hashlib.sha256(repr((example, label)).encode("utf-8", "surrogatepass")).hexdigest()
                     for example, label in zip(examples, labels))
    return hashlib.sha256("\n".join(digests).encode("ascii")).hexdigest()


# ---------------------------------------------------------------------------
# train
# ---------------------------------------------------------------------------


class LabeledData:
    """What ``train`` and ``cross-validate`` read: the examples, their labels and names, and the model to fit."""

    def __init__(self, model, inputs, labels, names, what, source, remembered):
        self.model, self.inputs, self.labels, self.names = model, inputs, labels, names
        self.what, self.source, self.remembered = what, source, remembered


def labeled_data(args, err):
    """The labeled examples of DATA, read as the options say, and the (unfitted) model the options choose."""
    notes = []
    source = Source(args.data, getattr(args, "stdin", None)).exists(
        "a folder with one subfolder of texts per class, or a table"
    )
    folder = source.is_folder()
    model_name = args.model or ("multinomial" if folder or args.text is not None else "mixed")
    logistic = logistic_settings(args, model_name)  # None for any other model
    em_settings = semi_supervised_settings(args, model_name, source)  # None without --unlabeled
    check_table_options(args, folder)
    reading = Reading(args, source)
    remembered = {"data": "folder" if folder else "table"}
    if model_name in TEXT_MODELS or logistic is not None and (folder or args.text is not None):
        model_class = MODEL_NAMES[model_name]
        if folder:
            inputs, labels, paths = labeled_text_folder(source.path, notes, err)
            names = [str(path) for path in paths]
        else:
            inputs, labels, names, label_column, text_column = read_text_table(
                source, column(args.label), column(args.text), reading, True
            )
            remembered.update(reading.remembered(), data="text table", label=label_column, text=text_column)
        what = "texts"
        # EM leaves English stop words out unless told to keep them (SemiSupervisedNB's default, as in the paper).
        stop_words = args.stop_words or (em_settings is not None and not args.keep_stop_words)
        tokenizer = tokenizer_of(stop_words, args.stem)
        if em_settings is not None:
            model = SemiSupervisedNB(tokenizer=tokenizer, **settings(args, SemiSupervisedNB), **em_settings)
        elif logistic is not None:  # logistic regression reads each text as its {word: count} row
            settings(args, LogisticRegression)  # (refuses --alpha)
            model = LogisticRegression(**logistic)
            inputs = word_count_rows(inputs, tokenizer)
            remembered["tokenizer"] = {"stop_words": bool(args.stop_words), "stem": bool(args.stem)}  # (for text_rows)
        else:
            model = model_class(tokenizer=tokenizer, **settings(args, model_class))
    else:
        model_class = MODEL_NAMES[model_name]
        if folder:
            raise CommandError(
                f"--model {model_name} is for tables, and {source} is a folder of texts; "
                f"for texts choose --model {' or --model '.join(TEXT_MODELS)}"
            )
        if args.text is not None:
            raise CommandError(f"--text names a column of texts, for the text models (--model {' or --model '.join(TEXT_MODELS)})")
        data = read_table(source, -1 if args.label is None else column(args.label), reading, notes)
        inputs, labels = data.rows, data.labels
        names = [f"row {number}" for number in range(1, len(inputs) + 1)]
        check_no_text_column(data, source)
        columns = table_columns(source, reading)
        label_column = next((name for name in columns if name not in data.features), None)
        remembered.update(reading.remembered(), label=label_column)
        what = f"rows of {len(data.features)} features"
        if logistic is not None:
            model = LogisticRegression(**settings(args, model_class), **numeric_distributions(args, model_class, data),
                                       **logistic)
        else:
            model = model_class(**settings(args, model_class), **numeric_distributions(args, model_class, data))
    say(notes, err)
    check_labels_look_like_classes(labels, source)
    return LabeledData(model, inputs, labels, names, what, source, remembered)


def train(args, out, err):
    """Fit a model on a folder of texts or a table, and save it as JSON with how its data was read."""
    output = existing_folder_for(args.output)
    inputs = [("DATA", "training", Source(args.data))]
    if getattr(args, "unlabeled", None) is not None:
        inputs.append(("--unlabeled", "--unlabeled", Source(args.unlabeled)))
    refuse_output_over_inputs(output, inputs)  # before anything is read, so nothing is written
    check_savable(args.model)
    data = labeled_data(args, err)
    model, inputs, labels, names, what = data.model, data.inputs, data.labels, data.names, data.what
    source, remembered = data.source, data.remembered
    training = {"source": source.name, "examples": len(inputs), "fingerprint": fingerprint(inputs, labels)}
    semi_supervised = isinstance(model, SemiSupervisedNB)
    if semi_supervised:
        unlabeled, unlabeled_names, unlabeled_source = unlabeled_texts(args, err)
        training["unlabeled"] = {"source": unlabeled_source.name, "examples": len(unlabeled),
                                 "fingerprint": fingerprint(unlabeled, [None] * len(unlabeled))}
    held_out = None
    if args.test_size is not None:
        indices = list(range(len(inputs)))
        train_at, test_at, _, _ = run_model(
            lambda: train_test_split(indices, labels, test_size=args.test_size, random_state=args.seed, stratify=labels),
            None,
        )
        held_out = [inputs[i] for i in test_at], [labels[i] for i in test_at], [names[i] for i in test_at]
        inputs, labels, names = [inputs[i] for i in train_at], [labels[i] for i in train_at], [names[i] for i in train_at]
        training.update(test_size=args.test_size, seed=args.seed, trained_on=len(inputs),
                        trained_fingerprint=fingerprint(inputs, labels),
                        held_out_fingerprint=fingerprint(held_out[0], held_out[1]))
    if semi_supervised:
        fit_by_em(model, inputs, labels, names, unlabeled, unlabeled_names)
    else:
        run_model(lambda: model.fit(inputs, labels), names)
    save(model, output, metadata={"command_line": remembered, "training_data": training})
    if semi_supervised:
        print(
            f"trained SemiSupervisedNB (EM over {model.event_model} naive Bayes) on {len(inputs):,} labeled and "
            f"{len(unlabeled):,} unlabeled {what} in {len(model.classes_)} classes; saved to {output}",
            file=out,
        )
        print(em_summary(model), file=out)
        print(f"\n{model.history_}", file=out)
    else:
        print(
            f"trained {type(model).__name__} on {len(inputs):,} {what} in {len(model.classes_)} classes; saved to {output}",
            file=out,
        )
    if held_out is not None:
        x_test, y_test, test_names = held_out
        predictions = predict_all(model, x_test, err, names=test_names)
        print(
            f"\nheld out {len(y_test):,} of {len(y_test) + len(labels):,} examples (--test-size {args.test_size}, "
            f"stratified, --seed {args.seed}): accuracy {float(accuracy(y_test, predictions)):.4f} on them\n",
            file=out,
        )
        print(classification_report(y_test, predictions), file=out)


# ---------------------------------------------------------------------------
# train --unlabeled: semi-supervised naive Bayes by EM
# ---------------------------------------------------------------------------

EM_OPTIONS = (  # (option, the args attribute that holds it)
    ("--unlabeled-weight", "unlabeled_weight"), ("--document-length", "document_length"), ("--raw-counts", "raw_counts"),
    ("--min-word-count", "min_word_count"), ("--iterations", "iterations"), ("--tolerance", "tolerance"),
    ("--keep-stop-words", "keep_stop_words"),
)


def check_savable(model_name):
    """Refuse, before any reading, a model that naivebayes.save cannot write yet (so train would fit it for nothing)."""
    model_class = MODEL_NAMES.get(model_name)
    if model_class is not None and model_class.__name__ not in SAVED_MODELS:
        raise CommandError(
            f"--model {model_name}: {model_class.__name__} cannot be saved in a model file yet, so train has nothing to "
            f"write; score it with 'naivebayes cross-validate DATA --model {model_name}', or fit it in Python"
        )


def logistic_settings(args, model_name):
    """LogisticRegression's settings from --C, --max-iter and --tolerance, or None for another model (which refuses them)."""
    given = {setting: getattr(args, name) for _, name, setting in LOGISTIC_OPTIONS if getattr(args, name, None) is not None}
    if model_name not in EITHER_MODELS:
        # (--tolerance is EM's too, with train's --unlabeled; cross-validate has no --unlabeled)
        for option, name, _ in LOGISTIC_OPTIONS if not hasattr(args, "unlabeled") else LOGISTIC_OPTIONS[:2]:
            if getattr(args, name, None) is not None:
                raise CommandError(
                    f"{option} is a setting of --model logistic (logistic regression), not of --model {model_name}; "
                    f"give --model logistic, or leave {option} out"
                )
        return None
    if given.get("tol") == 0:
        raise CommandError("--tolerance 0: logistic regression stops when every partial derivative is at most TOL, "
                           "which must be above 0, such as 1e-6")
    return given


def semi_supervised_settings(args, model_name, source):
    """SemiSupervisedNB's settings from train's EM options, or None without --unlabeled (checked before any reading)."""
    given = [option for option, name in EM_OPTIONS
             if getattr(args, name, None) is not None and getattr(args, name) is not False]  # (0 is given, a False flag not)
    if model_name in EITHER_MODELS and "--tolerance" in given:
        given.remove("--tolerance")  # logistic regression's own (--unlabeled with it is refused below)
    if getattr(args, "unlabeled", None) is None:
        if given:
            raise CommandError(
                f"{given[0]} is a setting of EM over unlabeled texts: give them with --unlabeled FOLDER"
                + (" (or give --model logistic, whose --tolerance stops L-BFGS)" if given[0] == "--tolerance" else "")
            )
        return None
    if str(args.unlabeled) == "-" and source.is_stdin:
        raise CommandError(
            "--unlabeled -: standard input is DATA already, and it can be read only once; give the unlabeled texts "
            "as a folder or a file"
        )
    if model_name not in EM_MODELS:
        raise CommandError(
            f"--unlabeled: EM runs over --model multinomial or --model bernoulli, not --model {model_name}"
            + (" (the model of a table; a table of texts takes --model multinomial)" if args.model is None else "")
        )
    if args.alpha is not None and args.alpha == 0:
        raise CommandError(
            "--alpha 0 with --unlabeled: a word a class has not seen would have probability 0 there, and an unlabeled "
            "text could have probability 0 in every class, which EM cannot weigh; use --alpha above 0, such as --alpha 1"
        )
    if args.keep_stop_words and args.stop_words:
        raise CommandError("--stop-words leaves English stop words out and --keep-stop-words keeps them: give one")
    scaling = [option for option in given if option in ("--document-length", "--raw-counts")]
    if model_name == "bernoulli" and scaling:
        raise CommandError(
            f"{scaling[0]} is for --model multinomial: it sets the word counts, and the Bernoulli model sees only "
            "which words a text has"
        )
    em_settings = {"event_model": model_name}
    if args.unlabeled_weight is not None:
        em_settings["unlabeled_weight"] = args.unlabeled_weight
    if args.document_length is not None:
        em_settings["document_length"] = args.document_length
    if args.raw_counts:
        em_settings["document_length"] = None
    if args.min_word_count is not None:
        em_settings["min_word_count"] = args.min_word_count
    if args.iterations is not None:
        em_settings["max_iterations"] = args.iterations
    if args.tolerance is not None:
        em_settings["tolerance"] = args.tolerance
    return em_settings


def unlabeled_texts(args, err):
    """``(texts, names, source)`` of --unlabeled: each file of a folder (at any depth) is a text; or each line of a file."""
    source = Source(args.unlabeled, getattr(args, "stdin", None))
    option = f"--unlabeled {source}"
    if not source.is_stdin and not source.path.exists():
        raise CommandError(
            f"{option}: it does not exist; give a folder of unlabeled text files (one text per file), "
            "or a file with one unlabeled text per line"
        )
    notes = []
    if source.is_folder():
        paths = text_files(source.path)
        if not paths:
            raise CommandError(f"{option}: the folder has no text files; put each unlabeled text in a file of its own there")
        texts, names = read_texts(paths, notes, err), [str(path) for path in paths]
    else:
        if source.suffix() in (".csv", ".tsv"):
            raise CommandError(
                f"{option} is a table; give a folder of unlabeled text files, or a text file with one text per line"
            )
        text = source.text() if source.is_stdin else read_text(source.path, notes)
        if notes:
            notes = [f"{source} is not UTF-8 and was read as Latin-1"]
        lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
        if not lines:
            raise CommandError(f"{option}: the file has no texts; give one unlabeled text per line")
        texts = [line for _, line in lines]
        names = [f"{source}, line {number}" for number, _ in lines]
    say(notes, err)
    return texts, names, source


LABELED_INDEX, UNLABELED_INDEX = re.compile(r"\bX_labeled\[(\d+)\]"), re.compile(r"\bX_unlabeled\[(\d+)\]")


def fit_by_em(model, inputs, labels, names, unlabeled, unlabeled_names):
    """``model.fit(inputs, labels, unlabeled)``; an error names the text by its file or line, as the other commands do."""
    try:
        model.fit(inputs, labels, unlabeled)
    except (ValueError, TypeError, KeyError, ArithmeticError) as error:
        message = str(error.args[0] if isinstance(error, KeyError) and error.args else error)
        message = LABELED_INDEX.sub(lambda match: example_name(names, int(match.group(1))), message)
        message = UNLABELED_INDEX.sub(lambda match: example_name(unlabeled_names, int(match.group(1))), message)
        raise CommandError(in_own_terms(message, names)) from None
    if not all(math.isfinite(row["objective"]) for row in model.history_):
        raise CommandError(
            "EM's objective is not a finite number at every iteration, so the model it ended with is no answer; "
            f"please report it, with the command (the objectives: {[row['objective'] for row in model.history_]})"
        )


def em_summary(model):
    """One line: lambda, the scaling, the vocabulary and how EM ended, each with the option that sets it."""
    parts = [f"each unlabeled text counted with weight lambda = {model.unlabeled_weight:g} (--unlabeled-weight)"]
    if getattr(model.tokenizer, "stop_words", None):
        parts.append("English stop words left out (--keep-stop-words keeps them)")
    else:
        parts.append("English stop words kept (--keep-stop-words)")
    if model.event_model == "multinomial":
        parts.append(
            "raw word counts (--raw-counts)" if model.document_length is None
            else f"every text scaled to {model.document_length:g} words (--document-length)"
        )
    parts.append(
        "every word of the unlabeled texts kept (--min-word-count 1)" if model.min_word_count == 1
        else f"a word of the unlabeled texts kept if seen {model.min_word_count} times or more (--min-word-count)"
    )
    if model.converged_:
        parts.append(f"EM converged after {model.n_iterations_} iteration(s) (at most {model.max_iterations}, --iterations)")
    else:
        parts.append(
            f"EM stopped after {model.n_iterations_} iteration(s), its limit (--iterations {model.max_iterations}), "
            f"before it converged (--tolerance {model.tolerance:g})"
        )
    return "; ".join(parts)


def check_table_options(args, folder):
    """The table options make no sense for a folder of texts."""
    if not folder:
        return
    given = [option for option, value in (
        ("--label", args.label), ("--text", args.text), ("--names", args.names), ("--delimiter", args.delimiter),
        ("--no-header", args.header is False or None), ("--header", args.header is True or None),
        ("--no-quotes", args.quoting is False or None), ("--thousands", args.thousands), ("--decimal", args.decimal),
        ("--missing", args.missing),
    ) if value is not None]
    if given:
        raise CommandError(
            f"{given[0]} is for tables; in a folder of texts the subfolders are the labels and each file is one text"
        )


def check_labels_look_like_classes(labels, source):
    """Refuse a label column with a different value in almost every row: a wrong column, or not classes at all.

    Classifying needs several examples per class; a column of messages or of
    prices taken as the labels would give a model with one class per row and
    no error, the worst way to find out.
    """
    distinct = len(set(map(str, labels)))
    if distinct > 20 and distinct > len(labels) / 2:
        raise CommandError(
            f"the labels of {source} take {distinct:,} different values in {len(labels):,} examples, so they are "
            "not classes to learn: is that the column of labels? Name it with --label COLUMN"
        )


def check_no_text_column(data, source):
    """Refuse a column of free text given to a table model, which would take each text as one category."""
    for feature in data.features:
        values = [row[feature] for row in data.rows if isinstance(row[feature], str)]
        wordy = sum(len(value.split()) > 2 for value in values)
        if values and wordy > len(data.rows) / 2 and len(set(values)) > len(data.rows) / 2:
            raise CommandError(
                f"the column {feature!r} of {source} holds texts, which a table model would take as one category "
                f"each: for a table of texts use a text model, --model multinomial --text {feature}"
            )


def settings(args, model_class):
    """The constructor settings the user gave, and only those (so each model keeps its own defaults)."""
    given = {}
    if args.alpha is not None:
        if "alpha" not in inspect.signature(model_class).parameters:
            instead = {GaussianNB: " (it smooths variances)", KernelNB: " (its smoothing is the kernel's bandwidth)",
                       LogisticRegression: " (its penalty is --C)"}
            raise CommandError(
                f"--alpha is a pseudo-count; {model_class.__name__} (--model {args.model}) has none"
                f"{instead.get(model_class, '')}: leave --alpha out"
            )
        given["alpha"] = args.alpha
    return given


def tokenizer_of(stop_words, stem):
    """The tokenizer of --stop-words and --stem."""
    return Tokenizer(stop_words="english" if stop_words else None, stemmer=porter_stem if stem else None)


def text_rows(model, remembered, texts):
    """What ``model`` reads for ``texts``: the texts themselves, or for logistic regression their {word: count} rows.

    The rows are made with the tokenizer train used (--stop-words, --stem), which the model file remembers.
    """
    if not isinstance(model, LogisticRegression):
        return texts
    kept = remembered.get("tokenizer", {})
    return word_count_rows(texts, tokenizer_of(kept.get("stop_words") is True, kept.get("stem") is True))


def word_count_rows(texts, tokenizer):
    """Each text as the {word: count} row of its tokens (bag_of_words): logistic regression's columns are the words."""
    return [bag_of_words(tokenizer(text)) for text in texts]


def numeric_distributions(args, model_class, data):
    """``--distribution NAME``: {"distributions": {column: NAME}} for every column of numbers (mixed model only)."""
    name = getattr(args, "distribution", None)
    if name is None:
        return {}
    if model_class is not MixedNB:
        raise CommandError("--distribution is for --model mixed, which gives each column its own distribution")
    numbers = [
        feature for feature in data.features
        if all(isinstance(row.get(feature), (int, float)) and not isinstance(row.get(feature), bool)
               for row in data.rows if row.get(feature) is not None)
        and any(row.get(feature) is not None for row in data.rows)
    ]  # fmt: skip
    return {"distributions": {feature: name for feature in numbers}}


def existing_folder_for(path):
    """``path`` as a Path whose folder exists, so a long fit does not end in "cannot save"."""
    path = Path(path).expanduser()
    if not path.parent.is_dir():
        raise CommandError(f"cannot write {path}: the folder {path.parent} does not exist; create it first")
    if path.is_dir():
        raise CommandError(f"{path} is a folder; --output takes the name of the model file to write, such as model.json")
    return path


# ---------------------------------------------------------------------------
# Reading examples for a trained model
# ---------------------------------------------------------------------------


def max_bytes(text):
    """``--max-bytes`` as typed: a whole number >= 1 (the most bytes of a model file that are read)."""
    try:
        value = int(text.replace(",", "").replace("_", ""))
    except ValueError:
        value = 0
    if value < 1:
        raise ArgumentTypeError(f"{text!r} is not a whole number of bytes >= 1, such as 2000000000")
    return value


# What load's refusals advise in Python, and what the command line says instead.
MODEL_FILE_ADVICE = [
    (re.compile(r"load\(path, trust_pattern=True\) or from_json\(text, trust_pattern=True\)"), "give --trust-pattern"),
    (re.compile(r"load\(path, max_bytes=(\d+)\)"), r"--max-bytes \1"),
]


def open_model(path, args=None):
    """``(model, what the command line remembered, what it noted of the training data)`` from the JSON file ``path``.

    ``args`` gives --max-bytes and --trust-pattern, which ``load`` takes as ``max_bytes`` and ``trust_pattern``.
    """
    source = Source(path).exists("a model file written by 'naivebayes train' or naivebayes.save")
    if source.is_stdin:
        raise CommandError("the model must be a file; '-' (standard input) is for the data")
    if source.is_folder():
        raise CommandError(f"{path} is a folder; give the model file written by 'naivebayes train'")
    try:
        model, metadata = load_with_metadata(
            source.path,
            max_bytes=getattr(args, "max_bytes", DEFAULT_MAX_BYTES),
            trust_pattern=getattr(args, "trust_pattern", False),
        )
    except ModelFileError as error:
        message = str(error)
        for python, command_line in MODEL_FILE_ADVICE:
            message = python.sub(command_line, message)
        raise CommandError(message) from None
    metadata = metadata if isinstance(metadata, dict) else {}
    remembered = metadata.get("command_line")
    training = metadata.get("training_data")
    return model, remembered if isinstance(remembered, dict) else {}, training if isinstance(training, dict) else {}


def is_text_model(model, remembered):
    """True for a model that reads texts; the command line gives table models rows of a table instead.

    Logistic regression reads texts when train fitted it on texts (the model file then remembers its tokenizer).
    """
    if isinstance(model, LogisticRegression):
        return isinstance(remembered.get("tokenizer"), dict)
    if isinstance(model, SemiSupervisedNB):
        model = model.model_  # the multinomial or Bernoulli model EM arrived at
    if not isinstance(model, TextNaiveBayes):
        return False
    if model.input_form_ == "dense":
        raise CommandError(
            "this model was trained in Python on dense rows of counts, which the command line cannot read; "
            "use it from Python"
        )
    return True


def model_features(model):
    """The features of a table model's rows: ``features_``, or logistic regression's ``named_features_``."""
    return list(model.features_ if hasattr(model, "features_") else model.named_features_ or [])


def remembered_column(remembered, name):
    value = remembered.get(name)
    return value if isinstance(value, (str, int)) and not isinstance(value, bool) else None


def input_table_rows(model, source, args, remembered, need_labels, notes):
    """``(rows, labels, names)`` of a table for a table model, with the columns matched to its features.

    The label column is ``--label`` if given; otherwise the column the model
    was trained with, if the table has it; otherwise the one column the model
    was not trained on, if there is exactly one.  A feature of the model
    missing from the table is an error (it would silently count as a missing
    value in every row).
    """
    reading = Reading(args, source, remembered)
    features = model_features(model)
    label = column(args.label)
    if label is None:
        header = table_columns(source, reading)
        extra = [name for name in header if name not in features]
        trained_label = remembered_column(remembered, "label")
        if trained_label is not None and trained_label in extra:
            label = trained_label
        elif len(extra) == 1 and (need_labels or len(header) > len(features)):
            label = extra[0]
        elif need_labels:
            raise CommandError(
                f"which column of {source} holds the labels? Give --label COLUMN "
                f"(the columns the model was not trained on: {', '.join(map(str, extra)) or 'none'})"
            )
    data = read_table(source, label, reading, notes)
    absent = [feature for feature in features if feature not in data.features]
    if absent:
        raise CommandError(
            f"{source} has no column for the model's feature(s) {', '.join(map(str, absent))}; "
            f"the model was trained on: {', '.join(map(str, features))}"
            + (" (if the file has no header line, give --no-header or --names)" if reading.header is not False else "")
        )
    rows = [{feature: row[feature] for feature in features} for row in data.rows]
    names = [f"row {number}" for number in range(1, len(rows) + 1)]
    return rows, data.labels, names


def text_inputs(source, lines, err):
    """``(texts, names)`` to predict: a folder's files (any depth), one file or standard input, or one text per line."""
    notes = []
    source.exists("a text file or a folder of text files")
    if source.is_folder():
        if lines:
            raise CommandError("--lines reads one text per line of a file; give a file, not a folder")
        paths = text_files(source.path)
        if not paths:
            raise CommandError(f"{source} has no text files to predict")
        texts = read_texts(paths, notes, err)
        names = [str(file.relative_to(source.path)) for file in paths]
    else:
        if source.is_stdin:
            text = source.text()
        else:
            text = read_text(source.path, notes)
            if notes:
                notes = [f"{source} is not UTF-8 and was read as Latin-1"]
        if lines:
            texts = [line for line in text.splitlines() if line.strip()]
            names = [f"line {number}" for number, line in enumerate(text.splitlines(), 1) if line.strip()]
        else:
            texts, names = [text], ["standard input" if source.is_stdin else source.path.name]
    say(notes, err)
    return texts, names


def reads_a_text_table(source, args, remembered, need_labels=False):
    """True when a text model's DATA is a table of texts rather than a text (or a folder of them).

    A table: when a table option is given, the name ends .csv, .tsv, .data or
    .test, or the model was trained on a table of texts and the data's first
    line holds its delimiter (or labels are needed, which a single text
    cannot give).
    """
    if source.is_folder() or getattr(args, "lines", False):
        return False
    given = args.label is not None or args.text is not None or args.names is not None or args.header is not None
    if given or source.suffix() in (".csv", ".tsv", ".data", ".test"):
        return True
    if remembered.get("data") != "text table":
        return source.is_stdin and need_labels
    if need_labels:
        return True
    delimiter = args.delimiter if args.delimiter is not None else remembered.get("delimiter", ",")
    first = next((line for line in source.text().splitlines() if line.strip()), "")
    return isinstance(delimiter, str) and delimiter in first


def texts_of(model, source, args, remembered, need_labels, err):
    """``(texts, labels, names)`` for a text model: a table of texts, a folder of class subfolders, or texts."""
    if reads_a_text_table(source, args, remembered, need_labels):
        reading = Reading(args, source, remembered)
        label = column(args.label) if args.label is not None else remembered_column(remembered, "label")
        text = column(args.text) if args.text is not None else remembered_column(remembered, "text")
        if label is not None and args.label is None and not need_labels:
            columns = table_columns(source, reading)
            if label not in columns:
                label = None  # rows to predict may come without their labels
        texts, labels, names, _, _ = read_text_table(
            source, label, text, reading, need_labels,
            label_option="--label" if args.label is not None else "the label column the model was trained with,",
            text_option="--text" if args.text is not None else "the text column the model was trained with,",
        )
        return texts, labels, names
    if need_labels:
        notes = []
        texts, labels, paths = labeled_text_folder(source.path, notes, err)
        say(notes, err)
        return texts, labels, [str(path) for path in paths]
    texts, names = text_inputs(source, getattr(args, "lines", False), err)
    return texts, None, names


def predict_all(model, inputs, err, proba=False, names=None):
    """``model.predict`` (or ``predict_proba``) in chunks, with progress on a terminal."""
    results = []
    progress = Progress("predicting", len(inputs), err)
    method = model.predict_proba if proba else model.predict
    for start in range(0, len(inputs), PREDICTION_CHUNK):
        chunk = inputs[start:start + PREDICTION_CHUNK]
        chunk_names = None if names is None else names[start:start + PREDICTION_CHUNK]
        results += run_model(lambda: method(chunk), chunk_names)
        progress.update(min(start + PREDICTION_CHUNK, len(inputs)))
    progress.finish()
    return results


# ---------------------------------------------------------------------------
# predict, explain, evaluate
# ---------------------------------------------------------------------------


def predict(args, out, err):
    """One line per example: its name, the predicted class and, with --probabilities, P(c | x) for each class.

    The predicted class is ``model.predict``'s, with or without
    --probabilities: one decision rule (``naivebayes.core.bayes.decision``),
    never a second argmax over rounded probabilities.
    """
    model, remembered, _ = open_model(args.model, args)
    source = Source(args.data, getattr(args, "stdin", None))
    notes = []
    if is_text_model(model, remembered):
        inputs, _, names = texts_of(model, source, args, remembered, False, err)
        inputs = text_rows(model, remembered, inputs)
    else:
        if args.lines or args.text is not None:
            raise CommandError("--lines and --text are for text models; this is a table model, which reads a table")
        inputs, _, names = input_table_rows(model, source, args, remembered, False, notes)
    say(notes, err)
    classes = list(model.classes_)
    header = ["input", "prediction"]
    predictions = predict_all(model, inputs, err, names=names)
    rows = [[str(label)] for label in predictions]
    if args.probabilities:
        header += [f"P({label})" for label in classes]
        for row, probabilities in zip(rows, predict_all(model, inputs, err, proba=True, names=names)):
            row += [f"{float(probabilities[label]):.6g}" for label in classes]
    print("\t".join(header), file=out)
    for name, row in zip(names, rows):
        print("\t".join([name] + row), file=out)


def explain(args, out, err):
    """The step-by-step table of one prediction: the prior, each feature's term, the joint and the posterior."""
    model, remembered, _ = open_model(args.model, args)
    if is_text_model(model, remembered):
        if args.file is not None:
            if args.input:
                raise CommandError("give the text either as words or with --file, not both")
            source = Source(args.file, getattr(args, "stdin", None)).exists("a text file or a table of texts")
            if source.is_folder():
                raise CommandError(
                    f"--file {source} is a folder: explain shows one prediction, so give one text file (or a table of "
                    "texts and --row N); 'naivebayes predict MODEL FOLDER' reads a whole folder"
                )
            if reads_a_text_table(source, args, remembered):
                texts, _, _ = texts_of(model, source, args, remembered, False, err)
                document = texts[row_number(args.row, len(texts), source) - 1]
            else:
                if args.row is not None:
                    raise CommandError("--row picks a row of a table of texts; this file is one text")
                texts, _ = text_inputs(source, False, err)
                document = texts[0]
        elif args.row is not None:
            raise CommandError("--row picks a row of the table given with --file")
        elif args.input:
            refuse_paths_among_words(args.input)
            document = " ".join(args.input)
        else:
            raise CommandError("give the text to explain, as words after the model file or with --file PATH")
        document = text_rows(model, remembered, [document])[0]
        name = None
    else:
        document, name = table_row_to_explain(model, args, remembered, err)
    top, classes = args.top, shown_classes(model, args.classes)
    if top is not None and top < 0:
        raise CommandError(f"--top {top}: give how many rows to show, 0 or more (leave --top out for every row)")
    print(run_model(lambda: model.explain(document, top=top, classes=classes), None if name is None else [name]), file=out)


def shown_classes(model, classes):
    """``--classes a,b`` as the model's own labels (matched by how they print), or None for every class."""
    if classes is None:
        return None
    by_name = {str(label): label for label in model.classes_}
    names = [name.strip() for name in classes.split(",")]
    unknown = [name for name in names if name not in by_name]
    if unknown:
        raise CommandError(f"--classes names {unknown[0]!r}, which is not a class of this model; its classes are "
                           f"{', '.join(by_name)}")
    return [by_name[name] for name in names]


def row_number(row, n_rows, source):
    """``--row`` checked against the table's rows (1 if not given)."""
    number = 1 if row is None else row
    if not 1 <= number <= n_rows:
        raise CommandError(f"--row {number}: {source} has rows 1 to {n_rows}")
    return number


def table_row_to_explain(model, args, remembered, err):
    """``(row, its name)`` to explain: ``feature=value`` pairs, or row ``--row N`` of the table ``--file``."""
    if args.file is not None:
        if args.input:
            raise CommandError("give the row either as feature=value pairs or with --file and --row, not both")
        notes = []
        source = Source(args.file, getattr(args, "stdin", None))
        rows, _, names = input_table_rows(model, source, args, remembered, False, notes)
        say(notes, err)
        number = row_number(args.row, len(rows), source)
        return rows[number - 1], names[number - 1]
    if args.row is not None:
        raise CommandError("--row picks a row of the table given with --file")
    if not args.input:
        raise CommandError(
            "give the row to explain as feature=value pairs, such as "
            f"{model_features(model)[0]}=..., or with --file TABLE --row N"
        )
    row = {}
    reading = Reading(args, Source("-"), remembered)  # the number format the model's table was read with
    features = {str(feature): feature for feature in model_features(model)}
    for pair in args.input:
        name, equals, value = pair.partition("=")
        if not equals:
            if pair == "-" or looks_like_a_path(pair) or is_existing_path(pair):
                raise CommandError(
                    f"{pair!r} is not a feature=value pair; to explain a row of the table {pair}, give --file {pair} --row N"
                )
            raise CommandError(f"{pair!r} is not a feature=value pair, such as {model_features(model)[0]}=...")
        if name not in features:
            raise CommandError(f"the model has no feature {name!r}; its features are: {', '.join(features)}")
        # read as a field of the table is: 39 is an int, ? is missing, 1,234 a number with --thousands ','
        row[features[name]] = parse_field(value, reading.missing, thousands=reading.thousands, decimal=reading.decimal)
    return row, "the row"


def evaluate(args, out, err):
    """Accuracy, precision, recall and F1 per class, and the confusion matrix, on labeled examples."""
    model, remembered, training = open_model(args.model, args)
    source = Source(args.data, getattr(args, "stdin", None)).exists("labeled data, laid out as for 'train'")
    notes = []
    if is_text_model(model, remembered):
        inputs, labels, names = texts_of(model, source, args, remembered, True, err)
        inputs = text_rows(model, remembered, inputs)
    else:
        if args.text is not None:
            raise CommandError("--text is for text models; this is a table model, which reads a table")
        inputs, labels, names = input_table_rows(model, source, args, remembered, True, notes)
    say(notes, err)
    known = {str(label) for label in model.classes_}
    found = sorted({str(label) for label in labels})
    unknown = [label for label in found if label not in known]
    if len(unknown) == len(found):
        shown = ", ".join(found[:8]) + (f", ... ({len(found)} in all)" if len(found) > 8 else "")
        raise CommandError(
            f"none of the labels in {source} is a class of the model: the labels found are {shown}; the classes are "
            f"{', '.join(sorted(known))}. Are they the right column? Name it with --label COLUMN"
        )
    if unknown:
        print(f"note: the model never saw the class(es) {', '.join(unknown)}, so it cannot predict them", file=err)
    say(training_data_notes(training, inputs, labels), err)
    predictions = predict_all(model, inputs, err, names=names)
    print(f"{len(labels):,} examples, accuracy {float(accuracy(labels, predictions)):.4f}\n", file=out)
    print(classification_report(labels, predictions), file=out)
    print("\nConfusion matrix (rows: true class, columns: predicted class):", file=out)
    print(format_confusion_matrix(confusion_matrix(labels, predictions)), file=out)


def training_data_notes(training, inputs, labels):
    """Say when the examples to score are the ones the model was trained on (by their fingerprint)."""
    if not training.get("fingerprint"):
        return []
    scored = fingerprint(inputs, labels)
    if scored == training.get("trained_fingerprint", training.get("fingerprint")):
        return [
            "these are the very examples the model was trained on, so this accuracy is not a test of new data; "
            "hold out a test part with 'naivebayes train DATA -o MODEL --test-size 0.2'"
        ]
    if scored == training.get("fingerprint"):
        return [
            f"this is the data the model was trained on: {training.get('trained_on', len(labels)):,} of these "
            f"{len(labels):,} examples were learned from (train held out --test-size {training.get('test_size')}, "
            f"--seed {training.get('seed')}), so this accuracy is mostly not a test of new data"
        ]
    if scored == training.get("held_out_fingerprint"):
        return ["these are the examples train held out (--test-size): the model never learned from them"]
    return []


# ---------------------------------------------------------------------------
# cross-validate
# ---------------------------------------------------------------------------

NOT_TYPED_SETTINGS = ("tokenizer", "class_prior", "categories", "distributions")  # not one value the shell can type


def folds_count(text):
    """``--folds`` as typed: a whole number of folds, at least 2."""
    try:
        value = int(text)
    except ValueError:
        raise ArgumentTypeError(f"{text!r} is not a whole number of folds, such as 5 or 10") from None
    if value < 2:
        raise ArgumentTypeError(
            f"{value} fold(s): cross-validation needs at least 2 (each fold is the test part once); use such as --folds 5 or 10"
        )
    return value


def param_values(text):
    """``--param alpha=0.1,0.5,1`` as typed: ``(name, [the values as typed])``, checked against the model later."""
    name, equals, values = text.partition("=")
    name = name.strip()
    typed = [value.strip() for value in values.split(",")]
    if not equals or not name:
        raise ArgumentTypeError(f"{text!r} is not NAME=VALUE,VALUE,..., such as alpha=0.1,0.5,1")
    if not all(typed):
        raise ArgumentTypeError(f"{text!r} has an empty value; separate the values with single commas, such as alpha=0.1,0.5,1")
    return name, typed


def setting_value(name, typed, default):
    """One value of ``--param NAME=...``, read as the kind of value the setting's default is."""
    words = {"true": True, "false": False}
    if isinstance(default, bool):
        if typed.lower() not in words:
            raise CommandError(f"--param {name}={typed}: {name} is true or false, such as --param {name}=true,false")
        return words[typed.lower()]
    if isinstance(default, (int, float, Fraction)):
        try:
            return typed_number(typed)
        except ArgumentTypeError as error:
            raise CommandError(f"--param {name}={typed}: {error}; {name} takes numbers, such as --param {name}=0.1,0.5,1") from None
    if typed.lower() == "none":
        return None
    try:
        return typed_number(typed)
    except ArgumentTypeError:
        return typed


def parameter_settings(args, model):
    """``{name: [values]}`` of the --param options, each value accepted by the model, and each value as typed."""
    params = model.get_params()
    model_name = f"{type(model).__name__} (--model {args.model})" if args.model else type(model).__name__
    typable = [name for name in params if name not in NOT_TYPED_SETTINGS]
    grid, shown = {}, {}
    for name, typed in args.param or []:
        if name in grid:
            raise CommandError(f"--param {name} is given twice; give all its values in one, such as --param {name}=0.1,1")
        if name not in params:
            raise CommandError(f"--param {name}: {model_name} has no setting {name}; its settings are {', '.join(typable)}")
        if name in NOT_TYPED_SETTINGS:
            raise CommandError(
                f"--param {name}: the {name} of {model_name} is not one value the command line can type; "
                f"the settings --param takes are {', '.join(typable)}"
            )
        option = {"alpha": ("--alpha", "alpha"), **{setting: (option, attribute) for option, attribute, setting in LOGISTIC_OPTIONS}}
        if name in option and getattr(args, option[name][1], None) is not None:
            raise CommandError(f"give {name} either with {option[name][0]} or as --param {name}=A,B,..., not both")
        values = [setting_value(name, text, params[name]) for text in typed]
        for text, value in zip(typed, values):
            try:
                new_model(model, {name: value})  # the model's own check of the value
            except (ValueError, TypeError) as error:
                raise CommandError(f"--param {name}={text}: {in_own_terms(str(error))}") from None
        grid[name] = values
        shown[name] = dict(zip(map(repr, values), typed))
    return grid, shown


def setting_text(settings, shown):
    """``alpha=0.1, fit_prior=true``: a setting as the user typed it."""
    return ", ".join(f"{name}={shown[name][repr(value)]}" for name, value in settings.items())


def stratified_folds(args, inputs, labels):
    """The ``(train, test)`` positions of each fold: ``StratifiedKFold(--folds, shuffle=--shuffle, random_state=--seed)``."""
    if args.seed is not None and not args.shuffle:
        raise CommandError(
            f"--seed {args.seed} has no effect without --shuffle (the folds follow the data's order); "
            "add --shuffle to shuffle them with this seed"
        )
    counts = Counter(map(str, labels))
    smallest, fewest = min(counts.items(), key=lambda item: (item[1], item[0]))
    if args.folds > len(labels):
        raise CommandError(f"--folds {args.folds}: there are only {len(labels)} examples; use --folds {len(labels)} or fewer")
    if args.folds > fewest:
        raise CommandError(
            f"--folds {args.folds}: the class {smallest!r} has only {fewest} example(s), so some folds would test "
            f"none of it; use --folds {fewest} or fewer" if fewest >= 2 else
            f"--folds {args.folds}: the class {smallest!r} has only 1 example, which no stratified fold can both "
            "train on and test: remove it from the data, or add examples of it"
        )
    seed = (0 if args.seed is None else args.seed) if args.shuffle else None
    return list(StratifiedKFold(args.folds, shuffle=args.shuffle, random_state=seed).split(inputs, labels))


def cross_validate_command(args, out, err):
    """k-fold cross-validation on stratified folds: each fold's score, their mean and spread; with --param, a grid search."""
    data = labeled_data(args, err)
    grid, shown = parameter_settings(args, data.model)
    splits = stratified_folds(args, data.inputs, data.labels)
    k, scoring = args.folds, args.scoring
    order = (f"shuffled with --seed {0 if args.seed is None else args.seed}" if args.shuffle
             else "in the data's order (--shuffle to shuffle them)")
    intro = (f"{k}-fold cross-validation of {type(data.model).__name__} on {len(data.inputs):,} {data.what} in "
             f"{len(set(map(str, data.labels)))} classes: stratified folds, {order}")
    fold_sizes = [(len(train), len(test)) for train, test in splits]
    if not grid:
        result = cross_validation_run(
            lambda: cross_validate(data.model, data.inputs, data.labels, cv=splits, scoring=scoring), data, splits, [{}],
            scoring, shown,
        )
        print(intro + "\n", file=out)
        print(fold_table(result["test_score"], fold_sizes, scoring), file=out)
        return
    search = GridSearchCV(data.model, grid, cv=splits, scoring=scoring, refit=False)
    settings_list = search.settings_
    cross_validation_run(lambda: search.fit(data.inputs, data.labels), data, splits, settings_list, scoring, shown)
    print(f"{intro}; {len(settings_list)} settings, each on the same folds\n", file=out)
    names = list(settings_list[0])  # the grid's order: the names sorted, the last changing fastest, as scikit-learn
    header = names + [f"mean {scoring}", "spread", "rank"]
    rows = [
        [shown[name][repr(row["params"][name])] for name in names]
        + [f"{float(row['mean_test_score']):.4f}", f"{row['std_test_score']:.4f}", str(row["rank_test_score"])]
        for row in search.cv_results_
    ]
    print(text_table(header, rows), file=out)
    best = setting_text(search.best_params_, shown)
    tied = sum(row["rank_test_score"] == 1 for row in search.cv_results_)
    print(
        f"\nbest: {best}, mean {scoring} {float(search.best_score_):.4f}"
        + (f" ({tied} settings share rank 1: the first in the grid is taken, as scikit-learn does)" if tied > 1 else ""),
        file=out,
    )
    row = search.cv_results_[search.best_index_]
    print(f"\nThe folds of the best setting, {best}:\n", file=out)
    print(fold_table([row[f"split{i}_test_score"] for i in range(k)], fold_sizes, scoring), file=out)


def fold_table(scores, fold_sizes, scoring):
    """One row per fold (its training and test examples, its score), then the mean and the spread."""
    rows = [[str(i), f"{n_train:,}", f"{n_test:,}", f"{float(score):.4f}"]
            for i, (score, (n_train, n_test)) in enumerate(zip(scores, fold_sizes), 1)]
    footer = (f"mean {scoring} {float(cross_validation_mean(scores)):.4f}, spread (standard deviation) "
              f"{cross_validation_spread(scores):.4f} over {len(scores)} folds")
    return text_table(["fold", "train", "test", scoring], rows, footer=footer)


def cross_validation_run(call, data, splits, settings_list, scoring, shown):
    """``call()``; if it fails, the setting, the fold and the example it failed on, in the command line's terms.

    The library's error does not know which setting and fold it came from, so
    they are found by running each setting's folds one at a time again (only
    when something failed).
    """
    try:
        return call()
    except (ValueError, TypeError, KeyError, ArithmeticError) as error:
        failure = str(error.args[0] if isinstance(error, KeyError) and error.args else error)
    for settings in settings_list:
        for number, (train, test) in enumerate(splits, 1):
            for part, positions, attempt in (
                ("training", train, lambda: new_model(data.model, settings).fit(
                    [data.inputs[i] for i in train], [data.labels[i] for i in train])),
                ("test", test, lambda: cross_validate(data.model if not settings else new_model(data.model, settings),
                                                     data.inputs, data.labels, cv=[(train, test)], scoring=scoring)),
            ):
                try:
                    attempt()
                except (ValueError, TypeError, KeyError, ArithmeticError) as error:
                    message = str(error.args[0] if isinstance(error, KeyError) and error.args else error)
                    where = f"fold {number} of {len(splits)}"
                    if settings:
                        where = f"--param {setting_text(settings, shown)}, {where}"
                    if "alpha" in settings:  # the advice is about the values of --param alpha, not --alpha
                        message = re.sub(r"\bwith alpha = 0\b", "with alpha=0", message)
                        message = re.sub(r"\b[Uu]se alpha > 0\b", "Give --param alpha only values above 0, such as "
                                         "--param alpha=0.1,0.5,1", message)
                    message = in_own_terms(message, [data.names[i] for i in positions])
                    raise CommandError(f"{where} ({part} part): {message}") from None
    raise CommandError(in_own_terms(failure))
