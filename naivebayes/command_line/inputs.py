"""What the command line reads: folders of text files, single texts, CSV tables, and standard input.

Two layouts of labeled examples, as the commands' help says:

* a folder with one subfolder of text files per class, the layout of the
  20 Newsgroups archive: ``spam/0001.txt``, ``ham/0002.txt``, ...  The
  subfolder's name is the label of every file in it.
* a table (any file, or ``-`` for standard input), one example per row and
  one column of labels (``--label``, by default the last column), read by
  ``naivebayes.datasets.read_csv``'s reader.  A text model reads a table with
  a column of texts (``--text``).

How a table is read (``Reading``: delimiter, header line or not, names,
quotes, number format) is decided once, from the options and what the model
file remembers, and every message names the option that changes it
(``--no-header``, ``--no-quotes``, ``--delimiter``, ...), never a Python
keyword.

Text files are read as UTF-8; a file that is not valid UTF-8 is read as
Latin-1 instead (every byte is a Latin-1 character, so nothing is lost or
refused), and the command says how many files that happened to, since a word
such as "café" then reads as "cafÃ©" if the guess is wrong.
"""

import argparse
import io
import os
import sys
from pathlib import Path

from naivebayes.datasets.tabular import (
    TableError, check_first_line_is_a_row, delimiter_hint, first_line_as_data_reason, not_utf8_message,
    read_csv_lines, read_records,
)

__all__ = []

TABLE_SUFFIXES = (".csv", ".tsv", ".data", ".test")  # files a text model reads as tables (.data/.test: UCI's names)
STDIN = "-"  # the DATA that means standard input


class CommandError(ValueError):
    """A problem with what the user typed or pointed at; the message says what to do instead."""


class Progress:
    """``reading 4,500 of 11,314 files`` on one line of a terminal, rewritten in place.

    Writes only when ``stream`` is a terminal: piped into a file or another
    program, the command stays quiet apart from its results.
    """

    def __init__(self, what, total, stream=None):
        self.what, self.total = what, total
        self.stream = sys.stderr if stream is None else stream
        self.shown = self.stream.isatty() and total > 0
        self.step = max(1, total // 100)  # about a hundred updates, however many items

    def update(self, done):
        if self.shown and (done % self.step == 0 or done == self.total):
            self.stream.write(f"\r{self.what}: {done:,} of {self.total:,}")
            self.stream.flush()

    def finish(self):
        if self.shown:
            self.stream.write("\r" + " " * (len(self.what) + 30) + "\r")  # leave the line clean
            self.stream.flush()


# ---------------------------------------------------------------------------
# Where the data comes from: a path, or standard input
# ---------------------------------------------------------------------------


class Source:
    """A DATA argument: a file or folder, or ``-`` for standard input (read once, when first needed)."""

    def __init__(self, argument, stdin=None):
        self.is_stdin = str(argument) == STDIN
        self.path = None if self.is_stdin else Path(argument).expanduser()
        self.name = "standard input" if self.is_stdin else str(self.path)
        self.stdin = stdin
        self._text = None

    def __str__(self):
        return self.name

    def exists(self, what):
        """Raise a CommandError unless the path is there (standard input always is)."""
        if not self.is_stdin and not self.path.exists():
            raise CommandError(f"{self.path} does not exist: give the path of {what}")
        return self

    def is_folder(self):
        return not self.is_stdin and self.path.is_dir()

    def suffix(self):
        return "" if self.is_stdin else self.path.suffix.lower()

    def text(self):
        """The whole text (standard input, or a file read as UTF-8)."""
        if self._text is None:
            if self.is_stdin:
                stream = self.stdin if self.stdin is not None else sys.stdin
                self._text = stream.read()
                if self._text.startswith("\ufeff"):
                    self._text = self._text[1:]
            else:
                try:
                    self._text = self.path.read_text(encoding="utf-8-sig")
                except UnicodeDecodeError:
                    raise CommandError(not_utf8_message(self.path)) from None
        return self._text

    def lines(self):
        """The lines of the text, as an open file gives them (line ends kept), for the CSV reader."""
        return io.StringIO(self.text(), newline="")


def looks_like_a_table(source):
    """True for standard input or a file whose name ends .csv, .tsv, .data or .test."""
    return source.is_stdin or source.suffix() in TABLE_SUFFIXES


# The names that make a lone word after explain's MODEL a path (even one that does not exist), not a text.
PATH_SUFFIXES = (".txt", ".text", ".csv", ".tsv", ".data", ".test", ".json", ".md", ".html", ".eml")


def is_existing_path(word):
    """True when ``word`` names a file or folder that is there (a word of only signs, such as '.', never does)."""
    if not any(character.isalnum() for character in word):
        return False
    try:
        return Path(word).expanduser().exists()
    except (OSError, ValueError):  # a name too long, or with a NUL in it, names nothing
        return False


def looks_like_a_path(word):
    """True for one word with a path separator in it, or a name ending as a file's (.txt, .csv, ...), and no space."""
    if not word or any(character.isspace() for character in word):
        return False
    return "/" in word or os.sep in word or word.lower().endswith(PATH_SUFFIXES)


def refuse_paths_among_words(words):
    """explain's rule: the words after MODEL are the text itself, so a path among them is refused, naming --file.

    Refused: a word that names an existing file or folder, ``-``, and a text
    of a single word that looks like a path (``looks_like_a_path``) though
    nothing is there.  Words such as ``www.example.com/win`` among others are
    words.
    """
    for word in words:
        if word == STDIN:
            raise CommandError(
                "'-' is standard input only after --file: give --file - to explain the text on standard input"
            )
        if is_existing_path(word):
            if Path(word).expanduser().is_dir():
                raise CommandError(
                    f"{word} is a folder: explain shows one prediction, of the words after MODEL or of one file given "
                    "with --file PATH; 'naivebayes predict MODEL FOLDER' reads a whole folder"
                )
            raise CommandError(
                f"{word} is a file: explain reads the words after MODEL as the text itself; to explain the file's "
                f"text give --file {word}"
            )
    if len(words) == 1 and looks_like_a_path(words[0]):
        raise CommandError(
            f"'{words[0]}' looks like a path, and there is no such file: to explain a file give --file {words[0]} "
            "(with the right path); to explain these characters as a text, give them on standard input with --file -"
        )


def refuse_output_over_inputs(output, inputs):
    """Refuse to write the file ``output`` over an input, or where training on an input folder would read it.

    ``inputs`` is ``[(how the message names it as a file, as a folder, Source)]``.  A file input is
    the output when both are one file (``os.path.samefile``: any spelling,
    symlink or hard link) or resolve to one path.  A folder input is refused
    when the output is inside it and not hidden: the folder's readers take
    every file there (leaving out names starting with '.'), so the next
    training would read the model as a text.
    """
    target = output.resolve()
    for file_name, folder_name, source in inputs:
        if source.is_stdin or not source.path.exists():
            continue
        if source.path.is_dir():
            folder = source.path.resolve()
            if target.is_relative_to(folder) and not any(part.startswith(".") for part in target.relative_to(folder).parts):
                raise CommandError(
                    f"-o {output} is inside the {folder_name} folder {source.path}, where the next training on it would read "
                    f"the model as a text: write it outside the folder, such as -o model.json"
                )
        elif target == source.path.resolve() or output.exists() and os.path.samefile(output, source.path):
            raise CommandError(
                f"-o {output} is {file_name} {source.path}{' (a link to it)' if target != source.path.resolve() else ''}: "
                "the model would replace that input; write the model to another file, such as -o model.json"
            )


def existing(path, what):
    """``path`` as a Path, or a CommandError saying that it does not exist."""
    path = Path(path).expanduser()
    if not path.exists():
        raise CommandError(f"{path} does not exist: give the path of {what}")
    return path


# ---------------------------------------------------------------------------
# How a table is read
# ---------------------------------------------------------------------------


def delimiter_character(text):
    """``--delimiter`` as typed: one character, or ``tab`` / ``\\t`` for a tab (a shell passes those literally)."""
    named = {"tab": "\t", "\\t": "\t", "comma": ",", "semicolon": ";", "space": " ", "pipe": "|"}
    character = named.get(text.lower(), text)
    if len(character) != 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not one character; give the character between fields, such as ';' or '|', or tab"
        )
    return character


def number_mark(text):
    """``--thousands`` or ``--decimal`` as typed: one character that is not a digit, letter or sign."""
    if len(text) != 1 or text.isalnum() or text in "+-":
        raise argparse.ArgumentTypeError(
            f"{text!r} is not one character that is not a digit, letter or sign, such as ',' or '.'"
        )
    return text


def shown_delimiter(character):
    return "tab" if character == "\t" else repr(character)


def command_line_option(name, value):
    """How a message names the option that fixes a table, on the command line: ``--no-header``, ``--delimiter ';'``."""
    if name == "header":
        return "--no-header" if value is False else "--header"
    if name == "quoting":
        return "--no-quotes" if value is False else "(without --no-quotes)"
    if name == "delimiter":
        return f"--delimiter {shown_delimiter(value)}"
    if name == "names":
        return "--names NAME,NAME,..."
    if name in ("thousands", "decimal"):
        return f"--{name} {value!r}"
    if name == "missing":
        return f"--missing {','.join(marker for marker in value if marker)}"  # (an empty field always is one)
    return f"--{name} {value}"


class Reading:
    """How to read a table: the options given, else what the model file remembers, else the defaults.

    ``delimiter``: ``--delimiter``; else a tab for a file ending .tsv and a
    comma for one ending .csv; else the one the model was trained with; else a
    comma.  ``header``: ``--header`` / ``--no-header``; ``--names`` alone means
    the file has no header line; else decided from the first line.
    """

    def __init__(self, args, source, remembered=None):
        remembered = remembered or {}
        self.names = args.names if args.names is not None else remembered.get("names")
        if args.delimiter is not None:
            self.delimiter = args.delimiter
        elif source.suffix() in (".tsv", ".csv"):
            self.delimiter = "\t" if source.suffix() == ".tsv" else ","
        else:
            self.delimiter = remembered.get("delimiter", ",")
        if args.header is not None:
            self.header = args.header
        elif args.names is not None:
            self.header = False  # --names is for a file without a header line
        else:
            self.header = remembered.get("header")
        self.quoting = args.quoting if args.quoting is not None else remembered.get("quoting", True)
        self.thousands = args.thousands if args.thousands is not None else remembered.get("thousands")
        self.decimal = args.decimal if args.decimal is not None else remembered.get("decimal", ".")
        given_missing = getattr(args, "missing", None)
        remembered_missing = remembered.get("missing")
        if given_missing is not None:
            self.missing = tuple(given_missing)
        elif isinstance(remembered_missing, list) and all(isinstance(text, str) for text in remembered_missing):
            self.missing = tuple(remembered_missing)
        else:
            self.missing = ("?", "")

    def remembered(self):
        """What a model file keeps, so that later commands read their tables the same way."""
        return {
            "delimiter": self.delimiter, "header": self.header, "names": self.names, "quoting": self.quoting,
            "thousands": self.thousands, "decimal": self.decimal, "missing": list(self.missing),
        }


def read_table(source, label, reading, notes):
    """A Dataset of a table; the reader's warnings (numbers read as text) go to ``notes``."""
    check_table_source(source)
    try:
        return read_csv_lines(
            source.lines(), label, missing=reading.missing, delimiter=reading.delimiter, header=reading.header,
            names=reading.names,
            source=source.name, quoting=reading.quoting, thousands=reading.thousands, decimal=reading.decimal,
            option=command_line_option, warn=notes.append,
        )
    except (TypeError, ValueError) as error:
        if isinstance(error, TableError):
            raise
        raise CommandError(str(error)) from None


def check_table_source(source):
    """A table must be a file or standard input."""
    source.exists("a table")
    if source.is_folder():
        raise CommandError(f"{source} is a folder; give a table, or use a text model for a folder of texts")


def table_columns(source, reading):
    """The column names of a table: ``--names`` if given, its header line, or with --no-header the column numbers."""
    check_table_source(source)
    if reading.names is not None:
        return list(reading.names)
    records = read_records(source.lines(), reading.delimiter, reading.quoting, source.name, command_line_option)
    if not records:
        return []
    check_first_line_is_a_row(records, source.name)
    if reading.header is False:
        return list(range(len(records[0][1])))
    return [field.strip() for field in records[0][1]]


def missing_markers(text):
    """``--missing ?,NA`` as the texts that mark a missing value (an empty field is one too)."""
    return [marker.strip() for marker in text.split(",")] + [""]


def column_names(text):
    """``--names age,workclass,...`` as a list of names."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"{text!r} has an empty name; separate the names with single commas")
    return names


def column(text):
    """``--label`` as typed: a column number such as ``-1`` or ``0``, otherwise a column name."""
    if isinstance(text, int) or text is None:
        return text
    try:
        return int(text)
    except ValueError:
        return text


def read_text_table(source, label, text, reading, need_labels, label_option="--label", text_option="--text"):
    """``(texts, labels, names, label_column, text_column)`` from a table with a column of texts.

    The text column is ``text`` (a name or a number from 0), or else the one
    column left besides the label column.  The label column is ``label``,
    else (when ``need_labels``) the column named "label" or else the last one
    that is not the text.  Fields are kept as the text they are: a message
    "42" stays the text "42".  ``labels`` is None when no label column is used.
    A quote that swallows rows is refused, as ``read_csv`` refuses it.
    """
    check_table_source(source)
    records = read_records(source.lines(), reading.delimiter, reading.quoting, source.name, command_line_option)
    first_line = records[0][0] if records else 1
    if reading.names is not None:
        header = list(reading.names)
        if reading.header is True and records:
            records = records[1:]
    elif reading.header is False:
        header = list(range(len(records[0][1]))) if records else []
    else:
        if reading.header is None and records:
            reason = first_line_as_data_reason(records)
            if reason is not None:
                raise CommandError(
                    f"{source}, line {records[0][0]}: the first line looks like data, not a header: {reason}. "
                    "If the file has no header line, pass --no-header; if it names the columns, pass --header"
                    + delimiter_hint(records[0][1], reading.delimiter, command_line_option)
                )
        (_, header), *records = records or [(1, [])]
        header = [name.strip() for name in header]
    wider = next(((line, len(fields)) for line, fields in records if len(fields) > 1), None)
    if len(header) == 1 and reading.names is None and wider is not None:  # a title or comment line above the table
        raise CommandError(
            f"{source}, line {first_line} has a single field, but line {wider[0]} has {wider[1]}: is line {first_line} a title "
            "or a comment (such as '# ...') above the table? Remove such lines from the file, then read it again"
        )
    if len(header) == 1:
        raise CommandError(
            f"{source} has a single column, so no labels besides the texts: a table of texts has a column of "
            f"labels and one of texts{delimiter_hint([records[0][1][0] if records else header[0]], reading.delimiter, command_line_option)}"
        )
    if not records:
        raise CommandError(f"{source} has no rows{' after its header line' if reading.header is not False else ''}: nothing to read")
    columns = header
    label_at = None if label is None else position(label, columns, source, label_option)
    text_at = None if text is None else position(text, columns, source, text_option)
    if text_at is None:
        others = [at for at in range(len(columns)) if at != label_at]
        if label_at is None and need_labels and len(others) == 2:
            if "label" in columns:
                label_at = columns.index("label")
            else:  # the texts are the column with the longer fields; the labels the other
                label_at = min(others, key=lambda at: sum(len(fields[at]) for _, fields in records[:200]))
            others.remove(label_at)
        if len(others) != 1:
            raise CommandError(
                f"which column of {source} holds the texts? Give --text COLUMN (the columns are: "
                f"{', '.join(map(str, columns))})"
            )
        text_at = others[0]
    if label_at is None and need_labels:
        others = [at for at in range(len(columns)) if at != text_at]
        if not others:
            raise CommandError(f"{source} has a single column, so no labels besides the texts: give a table label,text")
        label_at = columns.index("label") if "label" in columns and columns.index("label") != text_at else others[-1]
    texts, labels, names = [], [], []
    for number, (line_number, fields) in enumerate(records, 1):
        if len(fields) != len(columns):
            raise CommandError(
                f"{source}, line {line_number} (row {number}): {len(fields)} fields where the table has "
                f"{len(columns)} columns (a text with a {shown_delimiter(reading.delimiter)} in it must be in double "
                f"quotes; if the file has another delimiter, give it with --delimiter)"
            )
        texts.append(fields[text_at])
        names.append(f"row {number}")
        if label_at is not None:
            if not fields[label_at].strip():
                raise CommandError(
                    f"{source}, line {line_number} (row {number}) has an empty label in column {columns[label_at]!r}"
                )
            labels.append(fields[label_at].strip())
    label_column = None if label_at is None else columns[label_at]
    return texts, labels if label_at is not None else None, names, label_column, columns[text_at]


def position(name, columns, source, option):
    """The position of a column given by name or by number from 0 (-1 the last)."""
    if isinstance(name, int) and name not in columns:
        if not -len(columns) <= name < len(columns):
            raise CommandError(f"{option} {name}: {source} has columns 0 to {len(columns) - 1}")
        return name % len(columns)
    if name not in columns:
        raise CommandError(
            f"{option} {name}: {source} has no such column; its columns are: {', '.join(map(str, columns))}"
        )
    return columns.index(name)


# ---------------------------------------------------------------------------
# Texts: files and folders
# ---------------------------------------------------------------------------


def read_text(path, latin_1):
    """The text of one file, as UTF-8 or else Latin-1; ``latin_1`` collects the files read as Latin-1."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        latin_1.append(path)
        return raw.decode("latin-1")


def text_files(folder):
    """Every file under ``folder``, at any depth, sorted, leaving out hidden ones (such as .DS_Store)."""
    return sorted(
        path for path in folder.rglob("*")
        if path.is_file() and not any(part.startswith(".") for part in path.relative_to(folder).parts)
    )


def labeled_text_folder(folder, notes, stream=None):
    """``(texts, labels, paths)`` from a folder with one subfolder of text files per class.

    ``notes`` collects what the user should know (empty subfolders, files
    read as Latin-1); the command prints them.
    """
    folder = existing(folder, "a folder with one subfolder of text files per class")
    if not folder.is_dir():
        raise CommandError(
            f"{folder} is a file; give a folder with one subfolder of text files per class "
            "(or a table, with --model multinomial for a table of texts)"
        )
    loose = [path.name for path in folder.iterdir() if path.is_file() and not path.name.startswith(".")]
    if loose:
        raise CommandError(
            f"{folder} holds files outside any class subfolder ({', '.join(sorted(loose)[:3])}"
            f"{', ...' if len(loose) > 3 else ''}): put each text file in the subfolder named after its class"
        )
    paths, labels = [], []
    for subfolder in sorted(path for path in folder.iterdir() if path.is_dir() and not path.name.startswith(".")):
        files = text_files(subfolder)
        if not files:
            notes.append(f"the folder {subfolder.name}/ has no text files, so there is no class {subfolder.name!r}")
        paths += files
        labels += [subfolder.name] * len(files)
    if len(set(labels)) < 2:
        found = "no class subfolder with text files" if not labels else f"only the class {labels[0]!r}"
        raise CommandError(
            f"{folder} has {found}: a classifier needs at least two subfolders of text files, one per class"
        )
    texts = read_texts(paths, notes, stream)
    return texts, labels, paths


def read_texts(paths, notes, stream=None):
    """The text of each file, with progress on a terminal and a note about files read as Latin-1."""
    latin_1, texts = [], []
    progress = Progress("reading files", len(paths), stream)
    for done, path in enumerate(paths, 1):
        texts.append(read_text(path, latin_1))
        progress.update(done)
    progress.finish()
    if latin_1:
        notes.append(
            f"{len(latin_1):,} of {len(paths):,} files were not UTF-8 and were read as Latin-1 "
            f"(the first: {latin_1[0]})"
        )
    return texts
