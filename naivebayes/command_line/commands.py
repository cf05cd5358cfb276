"""The four commands that work on your own data: train, predict, explain and evaluate.

Each takes the parsed arguments and the stream to print results on.  What
each reads is in ``inputs.py``; the model files are ``naivebayes.saving``'s
JSON files, so a model trained here can be loaded in Python with
``naivebayes.load(path)``, and one saved in Python can be used here.
"""

import math
from argparse import ArgumentTypeError
from fractions import Fraction
from pathlib import Path

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    GaussianNB,
    HistogramNB,
    MixedNB,
    MultinomialNB,
    PoissonNB,
    accuracy,
    classification_report,
    confusion_matrix,
    load,
    save,
)
from naivebayes.command_line.inputs import (
    CommandError,
    Progress,
    column,
    existing,
    is_table,
    labelled_text_folder,
    read_table,
    read_text,
    read_texts,
    table_columns,
    text_files,
    text_table,
)
from naivebayes.datasets.tabular import parse_field
from naivebayes.evaluation.metrics import format_confusion_matrix
from naivebayes.models.text_base import TextNaiveBayes
from naivebayes.text.stemming import porter_stem
from naivebayes.text.tokenize import Tokenizer

__all__ = ["TEXT_MODELS", "TABLE_MODELS", "train", "predict", "explain", "evaluate", "number"]

TEXT_MODELS = {"multinomial": MultinomialNB, "bernoulli": BernoulliNB}
TABLE_MODELS = {
    "mixed": MixedNB,
    "categorical": CategoricalNB,
    "gaussian": GaussianNB,
    "poisson": PoissonNB,
    "histogram": HistogramNB,
}
PREDICTION_CHUNK = 500  # documents predicted between two progress updates


def number(text):
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


def say(notes, err):
    """Print what the user should know (never a result) on the error stream, one line each."""
    for note in notes:
        print(f"note: {note}", file=err)


# ---------------------------------------------------------------------------
# train
# ---------------------------------------------------------------------------


def train(args, out, err):
    """Fit a model on a folder of texts or a CSV table and save it as JSON."""
    notes = []
    table = is_table(args.data)
    model_name = args.model or ("mixed" if table else "multinomial")
    if model_name in TEXT_MODELS:
        model_class = TEXT_MODELS[model_name]
        inputs, labels = labelled_texts(args, notes, err)
        what = f"{len(inputs):,} texts"
        tokenizer = Tokenizer(stop_words="english" if args.stop_words else None, stemmer=porter_stem if args.stem else None)
        model = model_class(tokenizer=tokenizer, **settings(args, model_class))
    else:
        model_class = TABLE_MODELS[model_name]
        if not table:
            raise CommandError(
                f"--model {model_name} is for tables (a file ending .csv), and {args.data} is not one; "
                f"for texts choose one of: {', '.join(TEXT_MODELS)}"
            )
        if args.text is not None:
            raise CommandError(f"--text names a column of texts, for the text models ({', '.join(TEXT_MODELS)})")
        data = read_table(args.data, -1 if args.label is None else column(args.label), args.delimiter, args.names)
        inputs, labels = data.rows, data.labels
        check_no_text_column(data, args.data)
        what = f"{len(inputs):,} rows of {len(data.features)} features"
        model = model_class(**settings(args, model_class))
    say(notes, err)
    check_labels_look_like_classes(labels, args.data)
    output = existing_folder_for(args.output)
    model.fit(inputs, labels)
    save(model, output)
    print(f"trained {type(model).__name__} on {what} in {len(model.classes_)} classes; saved to {output}", file=out)


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


def labelled_texts(args, notes, err):
    """``(texts, labels)`` for a text model: a folder of class subfolders, or a table with a text column."""
    if is_table(args.data):
        texts, labels, _ = text_table(
            args.data, column_or_none(args.label), column_or_none(args.text), args.delimiter, True, args.names
        )
        return texts, labels
    if args.label is not None or args.text is not None:
        raise CommandError(
            "--label and --text name columns of a table; in a folder of texts the subfolders are the labels"
        )
    texts, labels, _ = labelled_text_folder(args.data, notes, err)
    return texts, labels


def settings(args, model_class):
    """The constructor settings the user gave, and only those (so each model keeps its own defaults)."""
    given = {}
    if args.alpha is not None:
        if model_class is GaussianNB:
            raise CommandError("--alpha is a pseudo-count; gaussian naive Bayes has none (it smooths variances)")
        given["alpha"] = args.alpha
    return given


def existing_folder_for(path):
    """``path`` as a Path whose folder exists, so a long fit does not end in "cannot save"."""
    path = existing_parent(path)
    if path.is_dir():
        raise CommandError(f"{path} is a folder; --output takes the name of the model file to write, such as model.json")
    return path


def existing_parent(path):
    """``path`` as a Path, or a CommandError if its folder does not exist."""
    path = Path(path).expanduser()
    if not path.parent.is_dir():
        raise CommandError(f"cannot write {path}: the folder {path.parent} does not exist; create it first")
    return path


# ---------------------------------------------------------------------------
# Reading examples for a trained model
# ---------------------------------------------------------------------------


def open_model(path):
    """The model in the JSON file ``path`` (a ModelFileError names the field if the file is wrong)."""
    path = existing(path, "a model file written by 'naivebayes train' or naivebayes.save")
    if path.is_dir():
        raise CommandError(f"{path} is a folder; give the model file written by 'naivebayes train'")
    return load(path)


def is_text_model(model):
    """True for a model that reads texts; the command line gives table models CSV rows instead."""
    if not isinstance(model, TextNaiveBayes):
        return False
    if model.input_form_ == "dense":
        raise CommandError(
            "this model was trained in Python on dense rows of counts, which the command line cannot read; "
            "use it from Python"
        )
    return True


def table_rows(model, path, label, delimiter, need_labels, names=None):
    """``(rows, labels, names)`` of a CSV table for a table model, with the columns matched to its features.

    The label column is ``--label`` if given; otherwise the one column the
    model was not trained on, if there is exactly one.  A feature of the model
    missing from the table is an error (it would silently count as a missing
    value in every row).
    """
    features = list(model.features_)
    if label is None:
        header = table_columns(path, delimiter, names)  # the header line only: the table is read once, below
        extra = [name for name in header if name not in features]
        if len(extra) == 1 and (need_labels or len(header) > len(features)):
            label = extra[0]
        elif need_labels:
            raise CommandError(
                f"which column of {path} holds the labels? Give --label COLUMN "
                f"(the columns the model was not trained on: {', '.join(map(str, extra)) or 'none'})"
            )
    data = read_table(path, label, delimiter, names)
    absent = [feature for feature in features if feature not in data.features]
    if absent:
        raise CommandError(
            f"{path} has no column for the model's feature(s) {', '.join(map(str, absent))}; "
            f"the model was trained on: {', '.join(map(str, features))}"
        )
    rows = [{feature: row[feature] for feature in features} for row in data.rows]
    names = [f"row {number}" for number in range(1, len(rows) + 1)]
    return rows, data.labels, names


def text_inputs(path, lines, err):
    """``(texts, names)`` to predict: a folder's files (any depth), one file, or one text per line."""
    notes = []
    path = existing(path, "a text file or a folder of text files")
    if path.is_dir():
        if lines:
            raise CommandError("--lines reads one text per line of a file; give a file, not a folder")
        paths = text_files(path)
        if not paths:
            raise CommandError(f"{path} has no text files to predict")
        texts = read_texts(paths, notes, err)
        names = [str(file.relative_to(path)) for file in paths]
    else:
        text = read_text(path, notes)
        if notes:
            notes = [f"{path} is not UTF-8 and was read as Latin-1"]
        if lines:
            texts = [line for line in text.splitlines() if line.strip()]
            names = [f"line {number}" for number, line in enumerate(text.splitlines(), 1) if line.strip()]
        else:
            texts, names = [text], [path.name]
    say(notes, err)
    return texts, names


def predict_all(model, inputs, err, proba=False):
    """``model.predict`` (or ``predict_proba``) in chunks, with progress on a terminal."""
    results = []
    progress = Progress("predicting", len(inputs), err)
    method = model.predict_proba if proba else model.predict
    for start in range(0, len(inputs), PREDICTION_CHUNK):
        results += method(inputs[start:start + PREDICTION_CHUNK])
        progress.update(min(start + PREDICTION_CHUNK, len(inputs)))
    progress.finish()
    return results


# ---------------------------------------------------------------------------
# predict, explain, evaluate
# ---------------------------------------------------------------------------


def predict(args, out, err):
    """One line per example: its name, the predicted class and, with --probabilities, P(c | x) for each class."""
    model = open_model(args.model)
    if is_text_model(model):
        if is_table(args.data) and not args.lines:
            inputs, _, names = text_table(
                args.data, column_or_none(args.label), column_or_none(args.text), args.delimiter, False, args.names
            )
        else:
            if args.label is not None or args.text is not None:
                raise CommandError("--label and --text name columns of a table (a file ending .csv)")
            inputs, names = text_inputs(args.data, args.lines, err)
    else:
        if args.lines or args.text is not None:
            raise CommandError("--lines and --text are for text models; this is a table model, which reads a CSV table")
        inputs, _, names = table_rows(model, args.data, column_or_none(args.label), args.delimiter, False, args.names)
    classes = list(model.classes_)
    header = ["input", "prediction"]
    if args.probabilities:
        header += [f"P({label})" for label in classes]
        rows = []
        for probabilities in predict_all(model, inputs, err, proba=True):
            best = max(classes, key=probabilities.__getitem__)  # ties: the first class, as predict does
            rows.append([str(best)] + [f"{float(probabilities[label]):.6g}" for label in classes])
    else:
        rows = [[str(label)] for label in predict_all(model, inputs, err)]
    print("\t".join(header), file=out)
    for name, row in zip(names, rows):
        print("\t".join([name] + row), file=out)


def column_or_none(text):
    return None if text is None else column(text)


def explain(args, out, err):
    """The step-by-step table of one prediction: the prior, each feature's term, the joint and the posterior."""
    model = open_model(args.model)
    if is_text_model(model):
        if args.file is not None:
            if args.input:
                raise CommandError("give the text either as words or with --file, not both")
            if is_table(args.file):
                texts, _, _ = text_table(
                    args.file, column_or_none(args.label), column_or_none(args.text), args.delimiter, False, args.names
                )
                document = texts[row_number(args.row, len(texts), args.file) - 1]
            else:
                if args.row is not None:
                    raise CommandError("--row picks a row of a table (a file ending .csv); this file is one text")
                texts, _ = text_inputs(args.file, False, err)
                document = texts[0]
        elif args.row is not None:
            raise CommandError("--row picks a row of the table given with --file")
        elif args.input:
            document = " ".join(args.input)
        else:
            raise CommandError("give the text to explain, as words after the model file or with --file PATH")
    else:
        document = table_row_to_explain(model, args)
    print(model.explain(document), file=out)


def row_number(row, n_rows, path):
    """``--row`` checked against the table's rows (1 if not given)."""
    number = 1 if row is None else row
    if not 1 <= number <= n_rows:
        raise CommandError(f"--row {number}: {path} has rows 1 to {n_rows}")
    return number


def table_row_to_explain(model, args):
    """The row to explain: ``feature=value`` pairs, or row ``--row N`` of the table ``--file``."""
    if args.file is not None:
        if args.input:
            raise CommandError("give the row either as feature=value pairs or with --file and --row, not both")
        rows, _, _ = table_rows(model, args.file, column_or_none(args.label), args.delimiter, False, args.names)
        return rows[row_number(args.row, len(rows), args.file) - 1]
    if args.row is not None:
        raise CommandError("--row picks a row of the table given with --file")
    if not args.input:
        raise CommandError(
            "give the row to explain as feature=value pairs, such as "
            f"{model.features_[0]}=..., or with --file TABLE.csv --row N"
        )
    row = {}
    features = {str(feature): feature for feature in model.features_}
    for pair in args.input:
        name, equals, value = pair.partition("=")
        if not equals:
            raise CommandError(f"{pair!r} is not a feature=value pair, such as {model.features_[0]}=...")
        if name not in features:
            raise CommandError(f"the model has no feature {name!r}; its features are: {', '.join(features)}")
        row[features[name]] = parse_field(value)  # read as a CSV field is: 39 is an int, ? is missing
    return row


def evaluate(args, out, err):
    """Accuracy, precision, recall and F1 per class, and the confusion matrix, on labelled examples."""
    model = open_model(args.model)
    notes = []
    if is_text_model(model):
        inputs, labels = labelled_texts(args, notes, err)
    else:
        if args.text is not None:
            raise CommandError("--text is for text models; this is a table model, which reads a CSV table")
        inputs, labels, _ = table_rows(model, args.data, column_or_none(args.label), args.delimiter, True, args.names)
    say(notes, err)
    known = {str(label) for label in model.classes_}
    unknown = sorted({str(label) for label in labels} - known)
    if len(unknown) == len(set(map(str, labels))):
        raise CommandError(
            f"none of the labels in {args.data} is a class of the model ({', '.join(sorted(known))}): "
            "are they the right column? Name it with --label COLUMN"
        )
    if unknown:
        print(f"note: the model never saw the class(es) {', '.join(unknown)}, so it cannot predict them", file=err)
    predictions = predict_all(model, inputs, err)
    print(f"{len(labels):,} examples, accuracy {float(accuracy(labels, predictions)):.4f}\n", file=out)
    print(classification_report(labels, predictions), file=out)
    print("\nConfusion matrix (rows: true class, columns: predicted class):", file=out)
    print(format_confusion_matrix(confusion_matrix(labels, predictions)), file=out)
