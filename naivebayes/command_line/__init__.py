"""The command line: ``naivebayes`` (or ``python -m naivebayes``) and its eight commands.

    naivebayes train DATA --output model.json    fit a model, save it as JSON
        [--unlabeled FOLDER]                     ... by EM on unlabeled texts too (SemiSupervisedNB)
    naivebayes predict model.json DATA           one predicted class per example
    naivebayes explain model.json TEXT...        one prediction, step by step
    naivebayes evaluate model.json DATA          accuracy, report, confusion matrix
    naivebayes cross-validate DATA --folds 10    each fold's score, mean and spread
        [--param alpha=0.1,0.5,1 ...]            ... of every setting, and the best
    naivebayes demo [spam | multinomial | ...]   the demos that need no data
    naivebayes assignment --note cornell-8 OUT   an assignment of exercises, and its hidden checks
    naivebayes grade SUBMISSIONS --checks C --out RESULTS   grade a class's submissions

DATA is a folder with one subfolder of text files per class (the 20
Newsgroups layout), a table (any file: comma-separated, or tab-separated for
a name ending .tsv, or --delimiter), or ``-`` for standard input.  A model
file remembers how its data was read (label and text columns, names,
delimiter, header and quotes), so the later commands need only the model and
the data.  With no command at all, ``python -m naivebayes`` runs the spam
demo, as the README says.

Every command reads a path the same way: DATA, ``--file`` and ``--unlabeled``
are a file, a folder or ``-``.  The words after ``explain MODEL`` are the text
itself, so a path there (an existing file or folder, ``-``, or a lone word
that looks like one, such as ``new/a.txt``) is refused with ``--file``.
``train -o`` never writes over DATA or ``--unlabeled``, by any name or link,
nor inside a folder it reads.  ``predict``, ``explain`` and ``evaluate`` read
MODEL.json as ``naivebayes.load`` does; ``--max-bytes N`` and
``--trust-pattern`` are its ``max_bytes`` and ``trust_pattern``, for a larger
file, or a token pattern of your own, that you trust.  ``--model`` names every
model of the package (``commands.MODEL_NAMES``).

Exit status: 0 when the command did what it was asked; 2, with one line on
the error stream that says what to do, for anything else: a bad argument, a
missing or malformed file, data the model refuses, and even a bug in the
library (the line then says so; set NAIVEBAYES_TRACEBACK=1 to see where).
Never a traceback.
"""

import argparse
import os
import sys
import warnings

from naivebayes import __version__
from naivebayes.command_line import commands, grading_commands
from naivebayes.command_line.demos import DEMOS
from naivebayes.command_line.inputs import column_names, delimiter_character, missing_markers, number_mark
from naivebayes.exercises.assignments import ASSIGNMENT_RANDOM_CASES, ASSIGNMENT_TIME_LIMIT, ASSIGNMENTS
from naivebayes.naive_bayes.semi_supervised import SemiSupervisedNB
from naivebayes.saving.model_files import DEFAULT_MAX_BYTES

__all__ = ["main"]

USAGE_ERROR = 2  # as argparse, and most Unix tools, use for "you called me wrongly"


class UsageError(Exception):
    """Raised instead of printing argparse's two-line usage message, so ``main`` prints one line."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line: the problem, then where to read the options."""

    def error(self, message):
        raise UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")


def build_parser(prog="naivebayes"):
    """The parser of every command, each with its own --help."""
    parser = Parser(
        prog=prog,
        description="Naive Bayes from the command line: train on a folder of texts or a CSV table, "
        "then predict, explain and evaluate with the saved model; cross-validate to choose its settings.",
        epilog="DATA is a folder with one subfolder of text files per class (the subfolder names are the "
        "classes), a table (comma-separated; tab-separated for a name ending .tsv; else --delimiter), or - for "
        "standard input. Run any command with --help for its options.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    train = subparsers.add_parser(
        "train", help="fit a model on labeled data and save it as a JSON model file",
        description="Fit a model on labeled examples and save it as a JSON model file "
        "(readable as text, loaded in Python by naivebayes.load).",
    )
    train.add_argument("data", metavar="DATA", help="a folder with one subfolder of texts per class, a table, or - (standard input)")
    train.add_argument(
        "-o", "--output", required=True, metavar="MODEL.json",
        help="the model file to write; never DATA or --unlabeled themselves (by any name or link), nor a file inside "
        "their folder that training on it would read (a hidden name, such as .model.json, is not read)",
    )
    add_data_options(train, em=True)
    train.add_argument(
        "--test-size", type=commands.share, metavar="SHARE",
        help="hold out this share of the examples (such as 0.2), or this many, stratified by class, and report on them",
    )
    train.add_argument("--seed", type=int, default=0, metavar="N", help="the seed of --test-size's split (default 0)")
    add_unlabeled_options(train)
    train.set_defaults(run=commands.train)

    predict = subparsers.add_parser(
        "predict", help="print the predicted class of each example",
        description="Print one tab-separated line per example: its name, the predicted class, and with "
        "--probabilities P(class | example) for each class.",
    )
    predict.add_argument("model", metavar="MODEL.json", help="a model file written by 'naivebayes train'")
    predict.add_argument(
        "data", metavar="DATA",
        help="text model: a text file, a folder of text files (at any depth), or a table of texts; "
        "table model: a table; - reads standard input",
    )
    predict.add_argument("--probabilities", action="store_true", help="also print P(class | example) per class")
    predict.add_argument("--lines", action="store_true", help="text model: one text per line of the file")
    add_table_options(predict, "a column to leave out, such as the labels (default: the one column the "
                      "model was not trained on, if there is one)")
    add_model_file_options(predict)
    predict.set_defaults(run=commands.predict)

    explain = subparsers.add_parser(
        "explain", help="show one prediction step by step",
        description="Show one prediction as the table of its steps: the prior, each feature's term, "
        "the joint score and the posterior. For a text model, the words after MODEL.json are the text itself, never "
        "a file: a word that names a file or folder, or -, is refused, and so is a text of one word that looks like a "
        "path (with a / in it, or ending such as .txt or .csv) even if there is no such file. A file's text is "
        "explained with --file PATH, standard input's with --file -, as predict reads them.",
    )
    explain.add_argument("model", metavar="MODEL.json", help="a model file written by 'naivebayes train'")
    explain.add_argument(
        "input", nargs="*", metavar="INPUT",
        help="text model: the words of the text (not a path: give a file with --file); table model: feature=value "
        "pairs, such as outlook=sunny",
    )
    explain.add_argument("--file", metavar="PATH", help="text model: one text file or a table of texts; table model: a table (- for standard input)")
    explain.add_argument("--row", type=int, metavar="N", help="table model: the row of --file, from 1 (default 1)")
    explain.add_argument("--top", type=int, metavar="K", help="show the K rows that matter most (whose terms differ most "
                         "between the classes shown) and add up the rest in one row, so each column still sums to the joint")
    explain.add_argument("--classes", metavar="CLASS,CLASS,...", help="show only these classes' columns (the posterior "
                         "is still over every class), such as the predicted and the true class")
    add_table_options(explain, "a column of --file to leave out, such as the labels")
    add_model_file_options(explain)
    explain.set_defaults(run=commands.explain)

    evaluate = subparsers.add_parser(
        "evaluate", help="score a model on labeled data",
        description="Print the accuracy, precision, recall and F1 of each class, and the confusion matrix.",
    )
    evaluate.add_argument("model", metavar="MODEL.json", help="a model file written by 'naivebayes train'")
    evaluate.add_argument("data", metavar="DATA", help="labeled data, laid out as for 'train' (- for standard input)")
    add_table_options(evaluate, "the column of labels (default: the one column the model was not trained on)")
    add_model_file_options(evaluate)
    evaluate.set_defaults(run=commands.evaluate)

    cross_validate = subparsers.add_parser(
        "cross-validate", help="score a model by k-fold cross-validation, or choose its settings (--param)",
        description="k-fold cross-validation on stratified folds (scikit-learn's StratifiedKFold): fit a new model on "
        "k-1 folds, score it on the fold left out, for each fold; print each fold's score, their mean and their "
        "spread. With --param, do that for every combination of the values given (a grid search) and print the mean "
        "and spread of each setting and the best one. DATA and the options that read it are train's.",
        epilog="For example: naivebayes cross-validate messages.tsv --model multinomial --folds 10 "
        "--param alpha=0.01,0.1,0.5,1,2",
    )
    cross_validate.add_argument(
        "data", metavar="DATA", help="a folder with one subfolder of texts per class, a table, or - (standard input)"
    )
    cross_validate.add_argument(
        "--folds", type=commands.folds_count, default=5, metavar="K",
        help="the number of folds, at least 2 and at most the examples of the smallest class (default 5, as scikit-learn)",
    )
    cross_validate.add_argument(
        "--param", type=commands.param_values, action="append", metavar="NAME=VALUE,VALUE,...",
        help="a setting of the model and the values to try, such as alpha=0.1,0.5,1 or fit_prior=true,false; give "
        "several --param to try every combination",
    )
    cross_validate.add_argument(
        "--scoring", choices=commands.SCORINGS, default="accuracy", metavar="NAME",
        help=f"how each fold is scored: {', '.join(commands.SCORINGS)} (default accuracy)",
    )
    cross_validate.add_argument(
        "--shuffle", action="store_true",
        help="shuffle each class's examples before dealing them to the folds (default: the folds follow the data's order)",
    )
    cross_validate.add_argument(
        "--seed", type=int, metavar="N", help="with --shuffle: the seed of the shuffle (default 0), as scikit-learn's random_state"
    )
    add_data_options(cross_validate)
    cross_validate.set_defaults(run=commands.cross_validate_command)

    demo = subparsers.add_parser(
        "demo", help="run a demo that needs no data of yours",
        description="spam (the default): train on the spam corpus that ships with the package and explain "
        "one message. multinomial, bernoulli: the textbook China example. categorical: Mitchell's "
        "PlayTennis table. gaussian: one iris flower.",
    )
    demo.add_argument("name", nargs="?", default="spam", choices=list(DEMOS), metavar="NAME",
                      help=f"one of: {', '.join(DEMOS)}")
    demo.set_defaults(run=run_demo)
    add_grading_commands(subparsers)
    return parser


def add_grading_commands(subparsers):
    """The instructor's commands: assignment (write one) and grade (grade a class's submissions)."""
    assignment = subparsers.add_parser(
        "assignment", help="write an assignment of exercises: a notebook to hand out, and the hidden checks",
        description="Write OUT/assignment.py, a notebook (jupytext percent cells) with each exercise's formula and "
        "empty function, to hand out; and OUT/grading/checks.json, the hidden checks to grade it with (keep it). "
        "OUT must be new or empty.",
        epilog="For example: naivebayes assignment --note cornell-8 week-3",
    )
    assignment.add_argument("out", metavar="OUT", help="the folder to write (new or empty)")
    assignment.add_argument("--note", choices=list(ASSIGNMENTS), metavar="NOTE",
                            help=f"the ready assignment of a note: {', '.join(ASSIGNMENTS)}")
    assignment.add_argument("--exercises", metavar="NAME,NAME,...",
                            help="your own choice of exercises, such as prior,decision (naivebayes.exercises.exercises() lists them)")
    assignment.add_argument("--title", help="the notebook's title (default: the note's, or the exercises' names)")
    assignment.add_argument("--random-cases", type=grading_commands.random_cases, default=ASSIGNMENT_RANDOM_CASES,
                            metavar="N", help=f"random cases per exercise in the grading (default {ASSIGNMENT_RANDOM_CASES})")
    assignment.add_argument("--seed", type=int, metavar="N", help="the seed of the random cases (default: a secret one)")
    assignment.add_argument("--time-limit", type=commands.positive_number, default=ASSIGNMENT_TIME_LIMIT, metavar="S",
                            help=f"seconds the grader gives one exercise's checks (default {ASSIGNMENT_TIME_LIMIT:g})")
    assignment.set_defaults(run=grading_commands.assignment_command)

    grade = subparsers.add_parser(
        "grade", help="grade a folder of submitted notebooks or scripts: grades.csv and a feedback file each",
        description="Run each submission (a .py or .ipynb file, or a folder per student holding one) in its own "
        "process, with a time limit and no access outside its folder, check its functions with the hidden checks, "
        "and write RESULTS/grades.csv and RESULTS/feedback/STUDENT.txt. RESULTS must be new or empty.",
        epilog="For example: naivebayes grade handed-in --checks week-3/grading/checks.json --out week-3-grades",
    )
    grade.add_argument("submissions", metavar="SUBMISSIONS", help="the folder of the submissions")
    grade.add_argument("--checks", required=True, metavar="CHECKS.json", help="the grading/checks.json of the assignment")
    grade.add_argument("--out", required=True, metavar="RESULTS", help="the folder to write the grades into (new or empty)")
    grade.add_argument("--time-limit", type=commands.positive_number, metavar="S",
                       help="seconds for one exercise's checks of one submission (default: the checks file's)")
    grade.add_argument("--no-model-runs", dest="in_model", action="store_false",
                       help="do not run the real model with each function that passes (its result is feedback only, "
                       "never points); quicker")
    grade.set_defaults(run=grading_commands.grade_command)


def add_data_options(parser, em=False):
    """The options of how to read labeled DATA and which model to fit: train's and cross-validate's."""
    parser.add_argument(
        "--model", choices=list(commands.MODEL_NAMES), metavar="NAME",
        help="for texts: multinomial (MultinomialNB, the default), bernoulli (BernoulliNB) or complement (ComplementNB, "
        "Rennie et al.); with --unlabeled, SemiSupervisedNB over multinomial or bernoulli. For a table: mixed (MixedNB, "
        "the default: categorical for words, Gaussian for numbers), categorical (CategoricalNB), gaussian (GaussianNB), "
        "poisson (PoissonNB), histogram (HistogramNB), kernel (KernelNB: a kernel density for every column, all numbers), "
        "tan (TreeAugmentedNB: each column may depend on one other column; its values are categories), joint "
        "(JointBayesClassifier: the full joint table of the columns, no naive assumption; a few columns of categories) or "
        "discriminant (GaussianDiscriminantAnalysis: one Gaussian with a full covariance per class; numbers). For either: "
        "logistic (LogisticRegression: a folder or table of texts as word counts, a table as its columns)",
    )
    parser.add_argument(
        "--distribution", choices=commands.NUMERIC_DISTRIBUTIONS,
        help="--model mixed: the distribution of every column of numbers (default gaussian; kernel is a "
        "kernel density with R's bw.nrd0 bandwidth)",
    )
    parser.add_argument(
        "--alpha", type=commands.typed_number, metavar="A",
        help="the pseudo-count of Laplace/Lidstone smoothing (default 1); 1/2 or 1 keep probabilities exact",
    )
    add_table_options(parser, "the column of labels, by name or by number from 0 (default: the last column)")
    parser.add_argument("--stop-words", action="store_true", help="texts: leave out English stop words")
    parser.add_argument("--stem", action="store_true", help="texts: reduce words to Porter stems (slowly -> slowli)")
    logistic = parser.add_argument_group(
        "logistic regression (--model logistic)",
        "LogisticRegression, the discriminative twin of naive Bayes' linear form, fitted by L-BFGS with an L2 penalty.",
    )
    logistic.add_argument("--C", type=commands.positive_number, metavar="C",
                          help="the inverse strength of the L2 penalty, as scikit-learn's C (default 1.0)")
    logistic.add_argument("--max-iter", type=commands.max_iterations, metavar="N",
                          help="at most this many L-BFGS iterations (default 1000)")
    logistic.add_argument(
        "--tolerance", type=commands.tolerance, metavar="TOL",
        help="stop when every partial derivative of the objective is at most TOL (default 1e-6)"
        + ("; with --unlabeled, EM's tolerance instead (see below)" if em else ""),
    )


def add_model_file_options(parser):
    """The options of the commands that read MODEL.json: how large a file to read, and whether to run its token pattern."""
    group = parser.add_argument_group(
        "reading MODEL.json",
        "A model file is checked field by field as it is read (see naivebayes.load). By default a file larger than "
        "1 GiB, or one whose token pattern is not the library's own, is refused; these options accept it on purpose.",
    )
    group.add_argument(
        "--max-bytes", type=commands.max_bytes, default=DEFAULT_MAX_BYTES, metavar="N",
        help=f"read a model file of at most N bytes (default {DEFAULT_MAX_BYTES:,}, 1 GiB); raise it for a larger "
        "file you trust",
    )
    group.add_argument(
        "--trust-pattern", action="store_true",
        help="run the file's token pattern even if it is not one of the library's own (DEFAULT_PATTERN, "
        "SKLEARN_PATTERN); a regular expression from a file may take minutes on one text, so give this only for a "
        "file you wrote or trust",
    )


def add_unlabeled_options(parser):
    """train's options for unlabeled texts: SemiSupervisedNB, EM over the multinomial or Bernoulli model."""
    defaults = SemiSupervisedNB().get_params()  # (the help gives the model's own defaults)
    em = parser.add_argument_group(
        "unlabeled texts (semi-supervised naive Bayes by EM, Nigam et al. 2000)",
        "With --unlabeled, train fits SemiSupervisedNB on the labeled DATA plus the unlabeled texts, "
        "over --model multinomial (the default) or bernoulli, and prints the objective EM raised at each iteration.",
    )
    em.add_argument(
        "--unlabeled", metavar="FOLDER",
        help="a folder of unlabeled text files (one text per file, at any depth), or a text file with one "
        "unlabeled text per line",
    )
    em.add_argument(
        "--unlabeled-weight", type=commands.unlabeled_weight, metavar="LAMBDA",
        help="lambda, the weight of each unlabeled text in EM's counts: from 0 (left out: plain naive Bayes) "
        f"to 1 (counted as a labeled text); default {defaults['unlabeled_weight']:g}",
    )
    scaling = em.add_mutually_exclusive_group()
    scaling.add_argument(
        "--document-length", type=commands.document_length, metavar="WORDS",
        help="multinomial: scale every text's word counts to this many words, in training and prediction, "
        f"as Nigam et al. did (default {defaults['document_length']})",
    )
    scaling.add_argument(
        "--raw-counts", action="store_true",
        help="multinomial: keep every text's own word counts (long texts then weigh most in EM)",
    )
    em.add_argument(
        "--min-word-count", type=commands.min_word_count, metavar="N",
        help="a word of the unlabeled texts joins the vocabulary only if it occurs at least N times in all the texts "
        f"(every word of a labeled text does); 1 keeps every word (default {defaults['min_word_count']}, as Nigam et al.)",
    )
    em.add_argument(
        "--keep-stop-words", action="store_true",
        help="keep English stop words: with --unlabeled they are left out by default, as SemiSupervisedNB and "
        "Nigam et al. leave them out (with them, EM's classes follow the function words)",
    )
    em.add_argument("--iterations", type=commands.iterations, metavar="N", help=f"at most this many EM iterations (default {defaults['max_iterations']})")
    em.description += (
        f" --tolerance TOL: EM stops when an iteration raises the objective by at most this share of it "
        f"(default {defaults['tolerance']:g})."
    )


def add_table_options(parser, label_help):
    parser.add_argument("--label", metavar="COLUMN", help=f"tables: {label_help}")
    parser.add_argument(
        "--text", metavar="COLUMN",
        help="text models on a table: the column of texts (default: the one column besides the labels)",
    )
    parser.add_argument(
        "--names", type=column_names, metavar="NAME,NAME,...",
        help="tables: the column names, for a file without a header line (such as UCI's adult.data)",
    )
    parser.add_argument(
        "--delimiter", default=None, type=delimiter_character, metavar="CHAR",
        help="tables: the character between fields, such as ';', '|' or tab (default: tab for a name ending .tsv, "
        "else what the model was trained with, else a comma)",
    )
    header = parser.add_mutually_exclusive_group()
    header.add_argument(
        "--no-header", dest="header", action="store_false", default=None,
        help="tables: the first line is data, not column names (the columns are numbered from 0, or --names)",
    )
    header.add_argument(
        "--header", dest="header", action="store_true", default=None,
        help="tables: the first line names the columns, even if it looks like data",
    )
    parser.add_argument(
        "--no-quotes", dest="quoting", action="store_false", default=None,
        help='tables: read every " as an ordinary character (a message may start with a quote it never closes)',
    )
    parser.add_argument("--missing", type=missing_markers, metavar="TEXT,TEXT,...",
                        help="tables: the texts that mark a missing value (default: ? and an empty field)")
    parser.add_argument("--thousands", type=number_mark, metavar="CHAR",
                        help="tables: the thousands separator of numbers, such as ','")
    parser.add_argument("--decimal", type=number_mark, metavar="CHAR",
                        help="tables: the decimal mark of numbers, such as ',' (default '.')")


def run_demo(args, out, err):
    DEMOS[args.name]()


def main(argv=None, out=None, err=None, prog="naivebayes", stdin=None):
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit status.

    ``stdin`` is what ``-`` reads (default: ``sys.stdin``).
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    if not argv:
        argv = ["demo"]  # the README's demo command: python -m naivebayes
    elif argv[0] in DEMOS and argv[0] != "spam":
        argv = ["demo", *argv]  # python -m naivebayes multinomial, as before there were commands
    parser = build_parser(prog)
    command = prog
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as done:  # --help and --version end here, with status 0
            return done.code
        if args.command is None:
            parser.error("give a command: train, predict, explain, evaluate, cross-validate, demo, assignment or grade")
        command = f"{prog} {args.command}"
        args.stdin = stdin
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                args.run(args, out, err)
            finally:
                # (a warning is a note, never a result: one line each, on the error stream, each once however
                # many folds of cross-validate gave it)
                for note in dict.fromkeys(commands.in_own_terms(one_line(warning.message)) for warning in caught):
                    print(f"note: {note}", file=err)
    except UsageError as error:
        print(error, file=err)
        return USAGE_ERROR
    except BrokenPipeError:  # the reader went away, as `naivebayes predict ... | head` does: not an error
        sys.stdout = open(os.devnull, "w")  # so that Python's final flush does not complain either
        return 0
    except KeyboardInterrupt:
        print(f"\n{prog}: interrupted", file=err)
        return 130  # 128 + SIGINT, as a shell reports it
    except (ValueError, TypeError, KeyError, OSError, ArithmeticError) as error:
        # The library's own errors (ModelFileError, TableError, ZeroProbabilityError, ... are
        # ValueErrors) and the operating system's: the message names the problem.
        print(f"{command}: {commands.in_own_terms(one_line(error))}", file=err)
        return USAGE_ERROR
    except Exception as error:  # a bug: still one line, never a traceback, unless asked for
        if os.environ.get("NAIVEBAYES_TRACEBACK"):
            raise
        print(
            f"{command}: an error the library did not expect ({type(error).__name__}: {one_line(error)}); "
            "please report it, with the command (NAIVEBAYES_TRACEBACK=1 shows where it happened)",
            file=err,
        )
        return USAGE_ERROR
    return 0


def one_line(error):
    """An exception's message on one line (a KeyError's key without the repr quotes around it)."""
    message = error.args[0] if isinstance(error, KeyError) and error.args else str(error)
    if isinstance(error, OSError) and error.filename is not None and error.strerror:
        message = f"{error.filename}: {error.strerror}"
    return " ".join(str(message).split()) or type(error).__name__


def main_script():
    """The ``naivebayes`` console script that pip installs: ``main`` with the process's exit status."""
    sys.exit(main())
