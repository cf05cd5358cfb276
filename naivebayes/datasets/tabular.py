"""Tables of examples: the ``Dataset`` tuple, and ``read_csv`` for a table of your own.

A table has one example per row and one feature per column, plus one column
that holds the label.  ``read_csv`` turns each row into a plain dict
``{feature: value}`` whose keys are in column order, and sets the label
aside:

>>> rows, labels, features = read_csv_lines(
...     ["colour, weight, fruit", "red, 150, apple", "yellow, ?, banana"], label="fruit")
>>> rows
[{'colour': 'red', 'weight': 150}, {'colour': 'yellow', 'weight': None}]
>>> labels, features
(['apple', 'banana'], ['colour', 'weight'])

Each field is read by ``parse_field``: the spaces around it are stripped, a
missing-value marker such as ``?`` becomes None, an integer becomes an int,
any other finite number becomes a float, and everything else stays text.
"""

import csv
import difflib
import math
import re
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from naivebayes.datasets.download import check_path

__all__ = ["Dataset", "TableError", "parse_field", "read_csv", "read_csv_lines", "not_utf8_message"]

MISSING = ("?", "")  # the default missing-value markers: UCI's "?" and an empty field

INTEGER = re.compile(r"[+-]?[0-9]+")  # what a field must look like to become an int


class TableError(ValueError):
    """A table file does not have the shape that was asked for.  The message names the line."""


class Dataset(NamedTuple):
    """Examples as rows of features, with their labels.

    Unpacks like a tuple: ``rows, labels, features = load_iris()``.
    """

    rows: list  # one {feature: value} dict per example, keys in column order
    labels: list  # one label per example (None for a table read with label=None)
    features: list  # the feature names, in column order

    @property
    def label_names(self):
        """The distinct labels, sorted (in order of first appearance if they cannot be sorted)."""
        if self.labels is None:  # read with label=None
            return []
        distinct = list(dict.fromkeys(self.labels))
        try:
            return sorted(distinct)
        except TypeError:  # e.g. a mix of numbers and text
            return distinct

    def __repr__(self):
        # The default repr would print every row; show the sizes and names instead.
        names = self.label_names
        shown = repr(names) if len(names) <= 10 else repr(names[:10])[:-1] + ", ...]"
        size = f"{len(self.rows)} row" if len(self.rows) == 1 else f"{len(self.rows)} rows"
        return f"Dataset({size}, features={self.features!r}, label_names={shown})"

    def select(self, features):
        """A new Dataset with only the named features, in the order given.

        >>> data = Dataset([{"a": 1, "b": 2, "c": 3}], ["yes"], ["a", "b", "c"])
        >>> data.select(["c", "a"])
        Dataset(1 row, features=['c', 'a'], label_names=['yes'])
        >>> data.select(["c", "a"]).rows
        [{'c': 3, 'a': 1}]
        """
        features = _check_selection(features, self.features)
        rows = [{name: row[name] for name in features} for row in self.rows]
        return Dataset(rows, None if self.labels is None else list(self.labels), features)


def _check_selection(features, available):
    """The feature names to keep, as a list, after checking each one."""
    if isinstance(features, str):
        raise TypeError(
            f"select() takes a list of feature names, not a single string; "
            f"write select([{features!r}])"
        )
    features = list(features)
    if not features:
        raise ValueError(
            f"select() needs at least one feature name; the features are: {', '.join(available)}"
        )
    for name in features:
        if name not in available:
            close = difflib.get_close_matches(str(name), available, n=1)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            raise ValueError(f"unknown feature {name!r}.{hint} The features are: {', '.join(available)}")
    for name in features:
        if features.count(name) > 1:
            raise ValueError(f"select() names the feature {name!r} twice; name each feature once")
    return features


# ---------------------------------------------------------------------------
# One field.
# ---------------------------------------------------------------------------


def parse_field(text, missing=MISSING, exact=False):
    """The value of one field of a table.

    * the text is stripped of the spaces around it;
    * a missing-value marker (one of ``missing``, compared after stripping) becomes None;
    * an integer such as ``"39"`` or ``"-2"`` becomes an int;
    * any other text that ``float()`` reads as a finite number becomes a
      float, or with ``exact=True`` a ``Fraction`` of its decimal text, so
      ``"5.1"`` is exactly 51/10;
    * everything else stays a string: words, but also ``"nan"`` and
      ``"inf"`` (not numbers a mean can use; list them in ``missing`` to treat
      them as missing) and numbers written with ``_``, which ``float()``
      would read as digit separators (``"2021_06"`` is not 202106).

    >>> [parse_field(text) for text in [" 39", "2.5", "1e3", "?", "", "Private ", "nan", "007"]]
    [39, 2.5, 1000.0, None, None, 'Private', 'nan', 7]
    >>> parse_field("5.1", exact=True)
    Fraction(51, 10)
    """
    text = text.strip()
    if text in missing:
        return None
    if INTEGER.fullmatch(text):
        return int(text)
    if "_" in text:
        return text
    try:
        number = float(text)
    except ValueError:
        return text
    if not math.isfinite(number):
        return text
    if exact:
        return Fraction(text)
    return number


# ---------------------------------------------------------------------------
# A whole table.
# ---------------------------------------------------------------------------


def read_csv(path, label, missing=MISSING, delimiter=",", header=True, names=None, exact=False):
    """Read a table from a CSV file: ``Dataset(rows, labels, features)``.

    * ``label``: the column that holds the labels, by name, or by number
      counted from 0 as in Python (-1 is the last column).  It is taken out
      of the rows; the other columns are the features, in file order.
      ``label=None`` reads a table without labels, rows to predict: every
      column is a feature, and ``labels`` is None.
    * ``missing``: the texts that mean "no value"; such a field becomes None.
      The default is ``("?", "")``: UCI's question mark and an empty field.
    * ``delimiter``: the character between fields; spaces around each field
      are stripped, so UCI's ``", "`` needs no special setting.
    * ``header``: True if the first line names the columns.  ``names=[...]``
      names them yourself: with ``header=False`` the first line is data,
      with ``header=True`` the file's header line is skipped.
    * ``exact``: True turns decimals into ``Fraction`` (see ``parse_field``).

    Each field becomes an int, a float, a string or None, as ``parse_field``
    describes; the label too.  Blank lines are skipped.  The file is read as
    UTF-8 (a byte-order mark, as Excel writes, is dropped).  Raises
    ``TableError`` naming the file and the line for a file of the wrong
    shape: empty, a header naming a column twice, a row with the wrong
    number of fields, an empty label, or no column ``label``; and for a file
    that is not UTF-8, such as one saved as Latin-1.
    """
    check_path(path, "path", "my_table.csv")
    path = Path(path).expanduser()
    with open(path, encoding="utf-8-sig", newline="") as file:
        try:
            return read_csv_lines(file, label, missing, delimiter, header, names, exact, source=str(path))
        except UnicodeDecodeError:
            raise TableError(not_utf8_message(path)) from None


def not_utf8_message(path):
    """Where a file stops being UTF-8, by line and byte, and how to convert it."""
    data = path.read_bytes()
    try:
        data.decode("utf-8")
        offset = len(data)  # (the file changed while it was read)
    except UnicodeDecodeError as error:
        offset = error.start
    line = data.count(b"\n", 0, offset) + 1
    byte = f" (the byte 0x{data[offset]:02x}, at byte {offset} of the file)" if offset < len(data) else ""
    return (
        f"{path}, line {line}: the file is not UTF-8 text{byte}; it was probably saved as Latin-1 or "
        "Windows-1252, as older versions of Excel do. Save it again as UTF-8 (Excel: \"CSV UTF-8\"), or "
        "convert it in Python: path.write_text(path.read_text(encoding='latin-1'), encoding='utf-8')"
    )


def read_csv_lines(
    lines, label, missing=MISSING, delimiter=",", header=True, names=None, exact=False, source="the table"
):
    """``read_csv`` on lines of text (an open file, a list of strings).

    ``source`` names the table in error messages, such as the file's path.
    """
    _check_lines(lines)
    _check_delimiter(delimiter)
    missing = _check_missing(missing)
    names = _check_names(names, header)
    reader = csv.reader(lines, delimiter=delimiter)
    try:
        if header:
            header_fields = _first_record(reader)
            if header_fields is None:
                raise TableError(f"{source} is empty: it has no header line and no rows")
            if names is None:
                names = _check_header(header_fields, source, reader.line_num)
        columns = names
        if label is None:  # a table without labels: every column is a feature
            label_column, label_name, features = None, None, list(columns)
        else:
            label_column = _label_column(label, columns, source, delimiter)
            label_name = columns[label_column]
            features = columns[:label_column] + columns[label_column + 1:]

        rows, labels = [], []
        parsed = {}  # field text -> its value: each distinct text is parsed once
        for fields in reader:
            if len(fields) != len(columns):
                if _is_blank(fields):
                    continue
                raise TableError(_wrong_length_message(source, reader.line_num, fields, columns, delimiter))
            for text in fields:
                if text not in parsed:
                    parsed[text] = parse_field(text, missing, exact)
            values = [parsed[text] for text in fields]
            if label_column is not None:
                label_value = values.pop(label_column)
                if label_value is None or label_value == "":
                    raise TableError(_empty_label_message(source, reader.line_num, fields[label_column], label_name))
                labels.append(label_value)
            rows.append(dict(zip(features, values)))
    except csv.Error as error:  # such as a field longer than the csv module allows
        raise TableError(f"{source}, line {reader.line_num}: {error}") from None

    if not rows:
        where = "only a header line" if header else "no rows"
        raise TableError(f"{source} has {where}: there are no examples to read")
    return Dataset(rows, labels if label_column is not None else None, features)


def _is_blank(fields):
    """True for the fields of a blank line: none, or one made of spaces."""
    return not fields or (len(fields) == 1 and not fields[0].strip())


def _first_record(reader):
    """The fields of the first line that is not blank, or None if there is none."""
    for fields in reader:
        if not _is_blank(fields):
            return fields
    return None


def _empty_label_message(source, line_number, text, label_name):
    """The error for a row without a label."""
    what = "empty" if not text.strip() else f"{text.strip()!r}, a missing value"
    return (
        f"{source}, line {line_number}: the label (column {label_name!r}) is {what}; every "
        "row needs a label: fill it in or delete the row"
    )


def _check_lines(lines):
    """Raise a clear error unless ``lines`` is something that gives lines of text (a list, an open file)."""
    if isinstance(lines, (str, bytes)):
        raise TypeError(
            f"lines is a single {type(lines).__name__} ({lines[:30]!r}...); pass a list of lines, such as "
            "text.splitlines(), or an open file"
        )
    if not hasattr(lines, "__iter__"):
        raise TypeError(f"lines must be a list of lines of text or an open file, not {type(lines).__name__}")


def _check_delimiter(delimiter):
    """Raise a clear error unless ``delimiter`` is one character."""
    if not isinstance(delimiter, str) or len(delimiter) != 1:
        raise TypeError(
            f"delimiter must be one character, such as ',', ';' or '\\t' (a tab), not {delimiter!r:.30}"
        )


def _check_missing(missing):
    """The missing-value markers, as a frozenset of strings."""
    if missing is None:
        return frozenset()
    if isinstance(missing, str):
        raise TypeError(
            f"missing is a single string ({missing!r}); pass a tuple of markers, e.g. "
            f"missing=({missing!r},) -- note the comma"
        )
    if not hasattr(missing, "__iter__"):
        raise TypeError(
            f"missing must be a tuple of missing-value markers, such as ('?', ''), or None; not "
            f"{type(missing).__name__} ({missing!r:.30})"
        )
    missing = frozenset(missing)
    for marker in missing:
        if not isinstance(marker, str):
            raise TypeError(f"missing holds {marker!r}; each missing-value marker must be a string such as '?'")
    return missing


def _check_names(names, header):
    """The column names given by ``names=``, as a list, or None."""
    if names is None:
        if not header:
            raise ValueError(
                "header=False means the file does not name its columns: pass their names "
                "as well, e.g. names=['age', 'colour', 'label']"
            )
        return None
    if isinstance(names, str):
        raise TypeError(f"names is a single string ({names!r}); pass a list, one name per column")
    if not hasattr(names, "__iter__"):
        raise TypeError(f"names must be a list of column names, one per column, not {type(names).__name__}")
    names = list(names)
    if not names:
        raise ValueError("names is empty; pass one name per column, e.g. names=['age', 'colour', 'label']")
    for position, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"names[{position}] is {name!r}; each column name must be a non-empty string")
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"names holds {name!r} twice; each column needs a name of its own")
    return [name.strip() for name in names]


def _check_header(fields, source, line_number):
    """The column names of a header line, stripped, after checking each has one of its own."""
    names = [field.strip() for field in fields]
    for position, name in enumerate(names):
        if not name:
            raise TableError(
                f"{source}, line {line_number}: the header gives column {position + 1} no name; "
                "name it in the file, or pass names=[...] to name all the columns yourself"
            )
    for position, name in enumerate(names):
        first = names.index(name)
        if first != position:
            raise TableError(
                f"{source}, line {line_number}: the header names two columns {name!r} "
                f"(columns {first + 1} and {position + 1}); rename one in the file, or pass "
                "names=[...] to name all the columns yourself"
            )
    return names


def _label_column(label, columns, source, delimiter):
    """The position of the label column, from its name or its number."""
    if isinstance(label, bool) or not isinstance(label, (str, int)):
        raise TypeError(
            f"label must be a column name (str) or a column number (int), not "
            f"{type(label).__name__} ({label!r})"
        )
    if len(columns) < 2:
        raise TableError(
            f"{source} has a single column ({columns[0]!r}), so no feature besides the "
            f"label{_delimiter_hint(columns, delimiter)}"
        )
    if isinstance(label, int):
        if not -len(columns) <= label < len(columns):
            raise TableError(
                f"label={label}, but {source} has {len(columns)} columns: number them from 0 "
                f"to {len(columns) - 1} (or -1 for the last)"
            )
        return label % len(columns)
    if label not in columns:
        close = difflib.get_close_matches(label, columns, n=1)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        raise TableError(
            f"{source} has no column {label!r} to take the labels from.{hint} The columns "
            f"are: {', '.join(columns)}{_delimiter_hint(columns, delimiter)}"
        )
    return columns.index(label)


def _delimiter_hint(fields, delimiter):
    """A hint when a single field looks like a whole line split by another character."""
    if len(fields) != 1:
        return ""
    for other in (";", "\t", "|", ","):
        if other != delimiter and other in fields[0]:
            return f". The line holds {other!r} but no {delimiter!r}: is that the delimiter? Pass delimiter={other!r}"
    return ""


def _wrong_length_message(source, line_number, fields, columns, delimiter):
    """The error for a row whose number of fields is not the number of columns."""
    return (
        f"{source}, line {line_number}: {len(fields)} fields, but the table has "
        f"{len(columns)} columns ({', '.join(columns)}). Check that line: a value that holds "
        f"{delimiter!r} needs quotes around it{_delimiter_hint(fields, delimiter)}"
    )
