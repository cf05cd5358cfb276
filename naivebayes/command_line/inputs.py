"""What the command line reads: folders of text files, single texts, and CSV tables.

Two layouts of examples, as the commands' help says:

* a folder with one subfolder of text files per class, the layout of the
  20 Newsgroups archive: ``spam/0001.txt``, ``ham/0002.txt``, ...  The
  subfolder's name is the label of every file in it.
* a CSV table with a header line, one example per row and one column of
  labels (``--label``, by default the last column), read by
  ``naivebayes.datasets.read_csv``.

Text files are read as UTF-8; a file that is not valid UTF-8 is read as
Latin-1 instead (every byte is a Latin-1 character, so nothing is lost or
refused), and the command says how many files that happened to, since a word
such as "café" then reads as "cafÃ©" if the guess is wrong.
"""

import argparse
import csv
import sys
from pathlib import Path

from naivebayes.datasets.tabular import not_utf8_message, read_csv

__all__ = [
    "CommandError", "Progress", "read_text", "text_files", "labelled_text_folder", "read_table", "is_table", "text_table",
    "table_columns",
]

TABLE_SUFFIXES = (".csv", ".tsv", ".data", ".test")  # files read as tables (.data/.test: UCI's names)


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


def is_table(path):
    """True if ``path`` names a table (a file ending .csv, .tsv, .data or .test)."""
    return Path(path).suffix.lower() in TABLE_SUFFIXES


def existing(path, what):
    """``path`` as a Path, or a CommandError saying that it does not exist."""
    path = Path(path).expanduser()
    if not path.exists():
        raise CommandError(f"{path} does not exist: give the path of {what}")
    return path


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


def labelled_text_folder(folder, notes, stream=None):
    """``(texts, labels, paths)`` from a folder with one subfolder of text files per class.

    ``notes`` collects what the user should know (empty subfolders, files
    read as Latin-1); the command prints them.
    """
    folder = existing(folder, "a folder with one subfolder of text files per class")
    if not folder.is_dir():
        raise CommandError(
            f"{folder} is a file; give a folder with one subfolder of text files per class "
            "(or a table ending .csv)"
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


def existing_table(path):
    """``path`` as a Path, if it names a file (a folder gets the hint to use a text model)."""
    path = existing(path, "a CSV table")
    if path.is_dir():
        raise CommandError(f"{path} is a folder; give a CSV table, or use a text model for a folder of texts")
    return path


def read_table(path, label, delimiter, names=None):
    """``read_csv`` after checking that the file is there; ``names`` for a file without a header line."""
    path = existing_table(path)
    return read_csv(path, label=label, delimiter=delimiter, header=names is None, names=names)


def table_columns(path, delimiter, names=None):
    """The column names of a table: ``names`` if given, else its header line (the rest is not read)."""
    if names is not None:
        return names
    path = existing_table(path)
    try:
        with open(path, encoding="utf-8-sig", newline="") as file:
            for fields in csv.reader(file, delimiter=delimiter):
                if any(field.strip() for field in fields):
                    return [field.strip() for field in fields]
    except UnicodeDecodeError:  # read_csv names the file, the line and the byte
        read_table(path, None, delimiter)
    return []  # an empty table: read_table says so


def column_names(text):
    """``--names age,workclass,...`` as a list of names."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"{text!r} has an empty name; separate the names with single commas")
    return names


def column(text):
    """``--label`` as typed: a column number such as ``-1`` or ``0``, otherwise a column name."""
    try:
        return int(text)
    except ValueError:
        return text


def text_table(path, label, text, delimiter, need_labels, names=None):
    """``(texts, labels, names)`` from a table with a column of texts, such as ``label,message`` rows.

    The text column is ``text`` (a name or a number from 0), or else the one
    column left besides the label column.  The label column is ``label``,
    else (when ``need_labels``) the column named "label" or else the last one
    that is not the text.  Fields are kept as the text they are: a message
    "42" stays the text "42".  ``labels`` is None when no label column is used.
    """
    path = existing(path, "a CSV table")
    if path.is_dir():
        raise CommandError(f"{path} is a folder; give a CSV table")
    try:
        with open(path, encoding="utf-8-sig", newline="") as file:
            records = [fields for fields in csv.reader(file, delimiter=delimiter) if any(map(str.strip, fields))]
    except UnicodeDecodeError:
        raise CommandError(not_utf8_message(path)) from None
    if names is None:  # the first line names the columns
        header, *records = records or [[]]
    else:
        header = names
    if not records:
        raise CommandError(f"{path} has no rows{' after its header line' if names is None else ''}: nothing to read")
    columns = [name.strip() for name in header]
    label_at = None if label is None else position(label, columns, path, "--label")
    text_at = None if text is None else position(text, columns, path, "--text")
    if text_at is None:
        others = [at for at in range(len(columns)) if at != label_at]
        if label_at is None and need_labels and len(others) == 2:
            label_at = columns.index("label") if "label" in columns else others[-1]
            others.remove(label_at)
        if len(others) != 1:
            raise CommandError(
                f"which column of {path} holds the texts? Give --text COLUMN (the columns are: {', '.join(columns)})"
            )
        text_at = others[0]
    if label_at is None and need_labels:
        others = [at for at in range(len(columns)) if at != text_at]
        label_at = columns.index("label") if "label" in columns and columns.index("label") != text_at else others[-1]
    texts, labels, names = [], [], []
    for number, fields in enumerate(records, 2):
        if len(fields) != len(columns):
            raise CommandError(
                f"{path}: a row has {len(fields)} fields where the header has {len(columns)} "
                f"(a text with a {delimiter!r} in it must be in double quotes)"
            )
        texts.append(fields[text_at])
        names.append(f"row {number - 1}")
        if label_at is not None:
            if not fields[label_at].strip():
                raise CommandError(f"{path}: row {number - 1} has an empty label in column {columns[label_at]!r}")
            labels.append(fields[label_at].strip())
    return texts, labels if label_at is not None else None, names


def position(name, columns, path, option):
    """The position of a column given by name or by number from 0 (-1 the last)."""
    if isinstance(name, int):
        if not -len(columns) <= name < len(columns):
            raise CommandError(f"{option} {name}: {path} has columns 0 to {len(columns) - 1}")
        return name % len(columns)
    if name not in columns:
        raise CommandError(f"{option} {name}: {path} has no such column; its columns are: {', '.join(columns)}")
    return columns.index(name)
