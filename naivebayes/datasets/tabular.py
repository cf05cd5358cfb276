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

from naivebayes.plumbing.checks import check_bool, warn_from_caller_as
from naivebayes.datasets.attributes import ScikitLearnNames
from naivebayes.datasets.download import check_path

__all__ = ["Dataset", "TableError", "TableWarning", "parse_field", "read_csv"]

MISSING = ("?", "")  # the default missing-value markers: UCI's "?" and an empty field

INTEGER = re.compile(r"[+-]?[0-9]+")  # what a field must look like to become an int


class TableError(ValueError):
    """A table file does not have the shape that was asked for.  The message names the line."""


class Dataset(ScikitLearnNames, NamedTuple("Dataset", [("rows", list), ("labels", list), ("features", list)])):
    """Examples as rows of features, with their labels.

    Unpacks like a tuple: ``rows, labels, features = load_iris()``.  The
    fields: ``rows``, one ``{feature: value}`` dict per example, keys in
    column order; ``labels``, one label per example (None for a table read
    with ``label=None``); ``features``, the feature names in column order.

    scikit-learn's names work too, with scikit-learn's meaning: ``data`` is
    ``rows`` (dicts, not a 2-D array: every model here reads them),
    ``target[i]`` is the position of ``labels[i]`` in ``target_names``,
    ``feature_names`` is ``features``, and ``DESCR`` says what the table holds.

    >>> iris = Dataset([{"petal": 1.4}, {"petal": 4.7}], ["setosa", "versicolor"], ["petal"])
    >>> iris.data is iris.rows, iris.target, iris.target_names, iris.feature_names
    (True, [0, 1], ['setosa', 'versicolor'], ['petal'])
    """

    DATA_FIELD = "rows"
    SCIKIT_LEARN_NAMES = ("data", "target", "target_names", "feature_names", "DESCR")

    @property
    def feature_names(self):
        """scikit-learn's name for ``features``."""
        return self.features

    @property
    def DESCR(self):  # noqa: N802 (scikit-learn's name)
        """What the table holds, as plain text: its size, its features and its classes."""
        return f"{self!r}\n{len(self.features)} features: {', '.join(map(str, self.features))}"

    @property
    def target(self):
        """One int per example: the position of its label in ``target_names`` (a table read with label=None has none)."""
        if self.labels is None:
            raise ValueError("this table was read with label=None, so it has no target; read it with label=COLUMN")
        return super().target

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


def parse_field(text, missing=MISSING, exact=False, thousands=None, decimal="."):
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

    ``thousands`` and ``decimal`` say how numbers are written, such as
    ``"1.234,5"`` with ``thousands="."`` and ``decimal=","``; a field whose
    separators are not where they belong stays text.

    >>> parse_field("1,234", thousands=","), parse_field("3,5", decimal=","), parse_field("1,23", thousands=",")
    (1234, 3.5, '1,23')
    """
    text = text.strip()
    if text in missing:
        return None
    if thousands is not None or decimal != ".":
        number = _number_text(text, thousands, decimal)
        if number is None:
            return text
        text = number
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


def _number_text(text, thousands, decimal):
    """The text of a number written with ``thousands`` and ``decimal`` as Python writes it, or None if it is not one.

    Text without either character is returned as it is (an ordinary number or a word).
    """
    if (thousands is None or thousands not in text) and decimal not in text:
        return text
    integer, mark, fraction = text.partition(decimal)
    if thousands is not None and thousands in integer:
        sign = integer[:1] if integer[:1] in "+-" else ""
        groups = integer[len(sign):].split(thousands)
        if not (1 <= len(groups[0]) <= 3 and all(len(group) == 3 for group in groups[1:])):
            return None
        if not all(group.isdigit() and group.isascii() for group in groups):
            return None
        integer = sign + "".join(groups)
    if mark and not (fraction.isdigit() and fraction.isascii()):
        return None
    return integer + ("." + fraction if mark else "")


# ---------------------------------------------------------------------------
# A whole table.
# ---------------------------------------------------------------------------


def read_csv(
    path, label, missing=MISSING, delimiter=",", header=None, names=None, exact=False,
    quoting=True, thousands=None, decimal=".",
):
    """Read a table from a CSV file: ``Dataset(rows, labels, features)``.

    * ``label``: the column that holds the labels, by name, or by number
      counted from 0 as in Python (-1 is the last column).  It is taken out
      of the rows; the other columns are the features, in file order.
      ``label=None`` reads a table without labels, rows to predict: every
      column is a feature, and ``labels`` is None.
    * ``missing``: the texts that mean "no value"; such a field becomes None.
      The default is ``("?", "")``: UCI's question mark and an empty field.
    * ``delimiter``: the character between fields; spaces around each field
      are stripped, so UCI's ``", "`` needs no special setting.  A file that
      no line of splits, but that holds another common delimiter on every
      line, is refused with the ``delimiter=`` to pass.
    * ``header``: whether the first line names the columns.  The default,
      None, takes it as the header unless it looks like data (a number where
      the rows below have numbers, as on the first line of UCI's
      ``adult.data``), which is refused with the fix: ``header=False``, or
      ``header=True`` if those really are the names.  ``names=[...]`` names
      the columns yourself: with ``header=False`` the first line is data
      (without ``names`` the columns are numbered from 0), with a header the
      file's header line is skipped.
    * ``quoting``: True (the default) reads CSV's double quotes: a field in
      quotes may hold the delimiter and line breaks.  A quote that opens a
      field and swallows lines that look like rows of their own (one stray
      ``"`` at the start of a message) is refused; ``quoting=False`` reads
      every ``"`` as an ordinary character.
    * ``thousands``, ``decimal``: how numbers are written, such as
      ``thousands=","`` for ``"1,234"`` and ``decimal=","`` for ``"3,14"``.
      Without them such fields stay text (categories), and a warning says so
      once, naming the column and the option.
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
            return read_csv_lines(
                file, label, missing, delimiter, header, names, exact, source=str(path),
                quoting=quoting, thousands=thousands, decimal=decimal,
            )
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


def python_option(name, value):
    """How a message names the option that fixes a table, in Python: ``header=False``, ``delimiter=';'``.

    ``...`` stands for values to fill in: ``names=[...]``.
    """
    return f"{name}=[...]" if value is ... else f"{name}={value!r}"


def read_csv_lines(
    lines, label, missing=MISSING, delimiter=",", header=None, names=None, exact=False, source="the table",
    quoting=True, thousands=None, decimal=".", option=python_option, warn=None,
):
    """``read_csv`` on lines of text (an open file, a list of strings).

    ``source`` names the table in error messages, such as the file's path.
    ``option(name, value)`` writes the option a message tells the user to
    pass (the command line names its own flags); ``warn(message)`` says what
    the reader decided (``warnings.warn`` by default).
    """
    _check_lines(lines)
    _check_delimiter(delimiter)
    missing = _check_missing(missing)
    header = _check_header_setting(header)
    quoting = check_bool("quoting", quoting, "False reads every \" as an ordinary character")
    thousands, decimal = _check_number_format(thousands, decimal, delimiter)
    names = _check_names(names, header)
    warn = _warn_once if warn is None else warn
    records = read_records(lines, delimiter, quoting, source, option)
    if records and header is not False:
        for position, text in enumerate(records[0][1]):
            _check_not_binary(text, source, records[0][0], position)
    if not records:
        raise TableError(f"{source} has no rows" if header is False else f"{source} is empty: it has no header line and no rows")
    _check_delimiter_splits(records, delimiter, source, option)
    check_first_line_is_a_row(records, source)
    if header is False:
        data = records
        if names is None:
            names = list(range(len(records[0][1])))  # the columns by number, from 0 (as pandas does)
        elif len(names) == len(records[0][1]):
            _check_first_line_is_data(records, missing, source, option)
    else:
        header_line, header_fields = records[0]
        data = records[1:]
        if header is None:
            _check_first_line_is_a_header(records, missing, source, option, names is not None)
        if names is None:
            names = _check_header(header_fields, source, header_line, option)
    columns = names
    if label is None:  # a table without labels: every column is a feature
        label_column, label_name, features = None, None, list(columns)
    else:
        label_column = _label_column(label, columns, source, delimiter, option)
        label_name = columns[label_column]
        features = columns[:label_column] + columns[label_column + 1:]

    rows, labels = [], []
    parsed = {}  # field text -> its value: each distinct text is parsed once
    width = len(columns)
    for line_number, fields in data:
        if len(fields) != width:
            raise TableError(_wrong_length_message(source, line_number, fields, columns, delimiter, option))
        try:
            values = [parsed[text] for text in fields]  # the texts seen before (most of them, in a large table)
        except KeyError:  # a text seen for the first time: checked and parsed now, once
            for position, text in enumerate(fields):
                if text not in parsed:
                    _check_not_binary(text, source, line_number, columns[position])
                    parsed[text] = parse_field(text, missing, exact, thousands, decimal)
            values = [parsed[text] for text in fields]
        if label_column is not None:
            label_value = values.pop(label_column)
            if label_value is None or label_value == "":
                raise TableError(_empty_label_message(source, line_number, fields[label_column], label_name))
            labels.append(label_value)
        rows.append(dict(zip(features, values)))

    if not rows:
        where = "no rows" if header is False else "only a header line"
        raise TableError(f"{source} has {where}: there are no examples to read")
    texts = column_texts(data)
    if thousands is None or decimal == ".":
        _warn_numbers_read_as_text(data, columns, texts, parsed, source, option, warn, thousands, decimal)
    _warn_missing_markers_read_as_text(data, columns, texts, parsed, missing, source, option, warn)
    return Dataset(rows, labels if label_column is not None else None, features)


# ---------------------------------------------------------------------------
# What the reader decides, and the guesses it refuses to make quietly.
# ---------------------------------------------------------------------------


class TableWarning(UserWarning):
    """A table was read, but something in it may not be what was meant; the message names the option to pass."""


def _warn_once(message):
    """Warn (a TableWarning) with the line of the user's code that called read_csv."""
    warn_from_caller_as(TableWarning, message)


def read_records(lines, delimiter, quoting, source, option=python_option):
    """``[(line number, fields), ...]``: the records of the lines, blank lines left out.

    A record's line number is the line it starts on.  With ``quoting``, a
    field that opens a double quote runs until the quote closes, over line
    breaks if need be; when the lines it swallowed hold the delimiter, so
    that they look like rows of their own, the table is refused: one stray
    quote would otherwise merge many rows into one field, silently.
    """
    # strict: text after a closing quote ('"call me" later') or a quote still open at the end of the
    # file is an error, not a field quietly changed (its quotes dropped, or the rest of the file swallowed).
    reader = csv.reader(lines, delimiter=delimiter, quoting=csv.QUOTE_MINIMAL if quoting else csv.QUOTE_NONE,
                        strict=quoting)
    records = []
    ends = 0  # the line the previous record ended on
    try:
        for fields in reader:
            start, ends = ends + 1, reader.line_num
            if _is_blank(fields):
                continue
            if quoting and ends > start:
                _check_swallowed_lines(fields, start, ends, delimiter, source, option)
            records.append((start, fields))
    except csv.Error as error:  # such as a field longer than the csv module allows, or a quote in the wrong place
        where = ends + 1 if "end of data" in str(error) else reader.line_num
        hint = ""
        if quoting and ("quote" in str(error).lower() or "expected after" in str(error) or "end of data" in str(error)):
            hint = (
                f": a double quote opens a field on line {where} and is not closed where a field ends. If the quotes "
                f"in this file are part of the text, pass {option('quoting', False)}; otherwise fix the quotes on that line"
            )
        raise TableError(f"{source}, line {where}: {error}{hint}") from None
    return records


# The control characters that text never holds: NUL and the rest of C0 but tab, line feed and carriage return, and DEL.
BINARY_CHARACTER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _check_not_binary(text, source, line_number, column):
    """Refuse a field holding a NUL byte or another control character: the file is binary, not a table of text."""
    found = BINARY_CHARACTER.search(text)
    if found:
        character = found.group()
        raise TableError(
            f"{source}, line {line_number}, column {column!r}: the field {text!r:.40} holds the control character "
            f"0x{ord(character):02x}, which CSV text never has, so the file looks binary; check that it is the file "
            "you meant (a spreadsheet saved as .xlsx or .ods is not CSV: save it as CSV UTF-8)"
        )


def _check_swallowed_lines(fields, start, ends, delimiter, source, option):
    """Refuse a quoted field that runs over lines which hold the delimiter: rows swallowed by a stray quote."""
    for field in fields:
        inner_lines = field.splitlines()[1:]
        if any(delimiter in line for line in inner_lines):
            shown = next(line for line in inner_lines if delimiter in line)
            raise TableError(
                f"{source}, line {start}: a field opens a double quote that closes only on line {ends}, so the "
                f"{ends - start} lines after it, which hold {delimiter!r} like rows of their own (such as "
                f"{shown[:40]!r}), were read as part of one field. If the quotes in this file are part of the text, "
                f"pass {option('quoting', False)}; otherwise close the quote on line {start}"
            )


def _check_delimiter_splits(records, delimiter, source, option):
    """Refuse a delimiter that does not split the file, when another common delimiter is on every line.

    Either no line holds the delimiter, or the first line (the header) does
    not while the others hold it only inside their text (a tab-separated file
    of messages read with a comma: "ham<TAB>Hi, how are you").
    """
    first = records[0][1]
    if len(first) > 1 and any(len(fields) > 1 for _, fields in records):
        return
    lines = [delimiter.join(fields) for _, fields in records[:50]]
    for other in ("\t", ";", "|", ",", ":"):
        if other != delimiter and all(other in line for line in lines):
            where = "no line holds" if all(len(fields) == 1 for _, fields in records) else "the first line does not hold"
            raise TableError(
                f"{source}: {where} the delimiter {delimiter!r}, so the table would have a single column, but "
                f"every line holds {other!r}: is that the delimiter? Pass {option('delimiter', other)}"
            )


def check_first_line_is_a_row(records, source):
    """Refuse a first line with another number of fields than every row below it: a title or a comment.

    (UCI's ``adult.test`` begins with ``|1x3 Cross validator``.)  Taken as the
    header it would make a table of one column; taken as data, a row that is wrong.
    """
    line_number, first = records[0]
    widths = {len(fields) for _, fields in records[1:21]}
    if len(widths) == 1 and len(first) < min(widths):
        (width,) = widths
        shown = first[0] if len(first) == 1 else ", ".join(first)
        raise TableError(
            f"{source}, line {line_number}: {len(first)} field{'s' if len(first) != 1 else ''} ({shown[:40]!r}), but "
            f"every row below has {width}: is that line a title or a comment? Delete it from the file (or "
            "make it a header line with a name for every column)"
        )


def _looks_numeric(value):
    """True for the numbers ``parse_field`` makes: an int, a float or a Fraction."""
    kind = type(value)
    return kind is int or kind is float or kind is Fraction


def _check_first_line_is_a_header(records, missing, source, option, named):
    """Refuse a first line taken as the header that looks like data.

    It looks like data when it has a number above a column of numbers (the
    first line of UCI's ``adult.data``), when most of its fields come back as
    values of their own columns below (``sunny, hot, no`` above more days), or
    when a field is a sentence rather than a name (the first message of a file
    of messages).
    """
    line_number, first = records[0]
    reason = first_line_as_data_reason(records, missing)
    if reason is None:
        return
    what = "would be skipped as the header" if named else "would become the column names, and that row would be lost"
    raise TableError(
        f"{source}, line {line_number}: the first line looks like data, not a header: {reason}, so it {what}. "
        f"If the file has no header line, pass "
        f"{option('header', False)}{'' if named else ' (and names=[...] to name the columns)' if option is python_option else ''}; "
        f"if these really are the column names, pass {option('header', True)}"
    )


def first_line_as_data_reason(records, missing=MISSING):
    """Why the first of ``records`` looks like a row of data rather than column names, or None."""
    _, first = records[0]
    below = [fields for _, fields in records[1:101] if len(fields) == len(first)]
    if not below:
        return None
    numbers = [
        position for position, text in enumerate(first)
        if _looks_numeric(parse_field(text, missing))
        and all(_looks_numeric(parse_field(fields[position], missing)) or parse_field(fields[position], missing) is None
                for fields in below[:5])
    ]
    if numbers:
        shown = ", ".join(repr(first[position].strip()) for position in numbers[:3])
        return f"it has numbers ({shown}) where the rows below have numbers"
    names = [text.strip() for text in first]
    recurring = [
        position for position, name in enumerate(names)
        if name and any(fields[position].strip() == name for fields in below)
    ]
    if len(first) >= 2 and len(recurring) * 2 > len(first):
        shown = ", ".join(repr(names[position]) for position in recurring[:3])
        return f"most of its fields ({shown}) are values of their own columns in the rows below"
    sentence = next((name for name in names if len(name.split()) > 4 or len(name) > 60), None)
    if sentence is not None:
        return f"{sentence[:40]!r} is a sentence, not a column name"
    return None


def _check_first_line_is_data(records, missing, source, option):
    """Refuse, with header=False, a first line of words above columns of numbers: a header read as a row."""
    line_number, first = records[0]
    below = [fields for _, fields in records[1:6] if len(fields) == len(first)]
    if not below or len(first) < 2:
        return
    values = [parse_field(text, missing) for text in first]
    if any(value is None or _looks_numeric(value) for value in values):
        return
    numeric_columns = [
        position for position in range(len(first))
        if all(_looks_numeric(parse_field(fields[position], missing)) for fields in below)
    ]
    if numeric_columns:
        position = numeric_columns[0]
        raise TableError(
            f"{source}, line {line_number}: the first line looks like a header, not data: {first[position].strip()!r} "
            f"heads a column of numbers, and every field of the line is a word; with {option('header', False)} it "
            f"would be read as an example. Pass {option('header', True)} (the names you give replace it)"
        )


NUMBER_WITH_SEPARATORS = re.compile(r"[+-]?[0-9]{1,3}(?:([,.' ])[0-9]{3})(?:\1[0-9]{3})*(?:[.,][0-9]+)?")
NUMBER_WITH_DECIMAL_COMMA = re.compile(r"[+-]?[0-9]*,[0-9]+")


def column_texts(data):
    """[the distinct texts of each column, in the order they first appear]: each is looked at once, not once a row."""
    return [dict.fromkeys(column) for column in zip(*[fields for _, fields in data])]


def first_line_with(data, position, text):
    """The number of the first line whose field in the column ``position`` is ``text``."""
    return next(line_number for line_number, fields in data if fields[position] == text)


def _warn_numbers_read_as_text(data, columns, texts, parsed, source, option, warn, thousands, decimal):
    """Say once, in one line, which columns hold numbers written with separators that were read as text."""
    found = []  # (column, line, text, the option that reads it as a number)
    for position, name in enumerate(columns):
        for text in texts[position]:
            if type(parsed[text]) is not str:
                continue
            stripped = text.strip()
            separator = NUMBER_WITH_SEPARATORS.fullmatch(stripped)
            if thousands is None and separator and not (separator.group(1) == "," and "." not in stripped
                                                       and NUMBER_WITH_DECIMAL_COMMA.fullmatch(stripped)
                                                       and _has_decimal_comma_elsewhere(data, position)):
                found.append((name, first_line_with(data, position, text), stripped, option("thousands", separator.group(1))))
                break
            if decimal == "." and NUMBER_WITH_DECIMAL_COMMA.fullmatch(stripped):
                found.append((name, first_line_with(data, position, text), stripped, option("decimal", ",")))
                break
    if found:
        shown = "; ".join(f"column {name!r} (line {line}: {text!r}; pass {fix})" for name, line, text, fix in found[:3])
        more = f" and {len(found) - 3} more columns" if len(found) > 3 else ""
        warn(
            f"{source}: numbers written with separators were read as text, so they are categories, not numbers: "
            f"{shown}{more}"
        )


# Texts that often mark a missing value in someone else's file; read_csv's own markers are "?" and "".
MISSING_LOOKALIKES = frozenset({"NA", "N/A", "n/a", "na", "NaN", "nan", "null", "NULL", "None", "none", "-", "--",
                                ".", "missing", "#N/A"})


def _warn_missing_markers_read_as_text(data, columns, texts, parsed, missing, source, option, warn):
    """Say once, in one line, which columns of numbers hold a text such as "NA" that was read as a category."""
    found = []  # (column, line, text)
    for position, name in enumerate(columns):
        numbers, marker = 0, None
        for text in texts[position]:  # each distinct text once, in the order first seen
            value = parsed[text]
            if _looks_numeric(value):
                numbers += 1
            elif type(value) is str:
                if value.strip() not in MISSING_LOOKALIKES:
                    break  # a column of words, not of numbers with gaps
                marker = marker or text
        else:
            if marker is not None and numbers:
                found.append((name, first_line_with(data, position, marker), marker.strip()))
    if found:
        markers = sorted({text for _, _, text in found})
        shown = "; ".join(f"column {name!r} (line {line}: {text!r})" for name, line, text in found[:3])
        more = f" and {len(found) - 3} more columns" if len(found) > 3 else ""
        warn(
            f"{source}: columns of numbers hold {', '.join(map(repr, markers))}, read as a category, not as a missing "
            f"value: {shown}{more}; if it marks a missing value, pass "
            f"{option('missing', tuple(sorted(set(missing) | set(markers))))}"
        )


def _has_decimal_comma_elsewhere(data, position):
    """True when the column has a comma number that cannot be a thousands separator ("3,14"): commas are decimal."""
    for _, fields in data[:1000]:
        text = fields[position].strip()
        if NUMBER_WITH_DECIMAL_COMMA.fullmatch(text) and not NUMBER_WITH_SEPARATORS.fullmatch(text):
            return True
    return False


def _check_header_setting(header):
    """None (decide from the first line), True or False."""
    if header is None:
        return None
    return check_bool("header", header, "False: the first line is data; None: decide from the first line")


def _check_number_format(thousands, decimal, delimiter):
    """The thousands separator (None or one character) and the decimal mark (one character)."""
    for name, value in (("thousands", thousands), ("decimal", decimal)):
        if value is None and name == "thousands":
            continue
        if not isinstance(value, str) or len(value) != 1 or value.isalnum() or value in "+-":
            raise TypeError(
                f"{name} must be one character that is not a digit, letter or sign, such as ',' or '.'"
                f"{' (or None)' if name == 'thousands' else ''}; got {value!r:.30}"
            )
    if thousands is not None and thousands == decimal:
        raise ValueError(f"thousands and decimal are both {decimal!r}; they must differ")
    return thousands, decimal


def _is_blank(fields):
    """True for the fields of a blank line: none, or one made of spaces."""
    return not fields or (len(fields) == 1 and not fields[0].strip())


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
        return None  # the header line's names, or with header=False the column numbers
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


def _check_header(fields, source, line_number, option=python_option):
    """The column names of a header line, stripped, after checking each has one of its own."""
    names = [field.strip() for field in fields]
    for position, name in enumerate(names):
        if not name:
            raise TableError(
                f"{source}, line {line_number}: the header gives column {position + 1} no name; "
                f"name it in the file, or pass {option('names', ...)} to name all the columns yourself"
            )
    for position, name in enumerate(names):
        first = names.index(name)
        if first != position:
            raise TableError(
                f"{source}, line {line_number}: the header names two columns {name!r} "
                f"(columns {first + 1} and {position + 1}); rename one in the file, or pass "
                f"{option('names', ...)} to name all the columns yourself"
            )
    return names


def _label_column(label, columns, source, delimiter, option=python_option):
    """The position of the label column, from its name or its number."""
    if isinstance(label, bool) or not isinstance(label, (str, int)):
        raise TypeError(
            f"label must be a column name (str) or a column number (int), not "
            f"{type(label).__name__} ({label!r})"
        )
    if len(columns) < 2:
        raise TableError(
            f"{source} has a single column ({columns[0]!r}), so no feature besides the "
            f"label{_delimiter_hint(columns, delimiter, option)}"
        )
    if isinstance(label, int):
        if not -len(columns) <= label < len(columns):
            raise TableError(
                f"{option('label', label)}, but {source} has {len(columns)} columns: number them from 0 "
                f"to {len(columns) - 1} (or -1 for the last)"
            )
        return label % len(columns)
    if label not in columns:
        close = difflib.get_close_matches(label, list(map(str, columns)), n=1)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        raise TableError(
            f"{source} has no column {label!r} to take the labels from.{hint} The columns "
            f"are: {', '.join(map(str, columns))}{_delimiter_hint(columns, delimiter, option)}"
        )
    return columns.index(label)


def delimiter_hint(fields, delimiter, option=python_option):
    """A hint when a single field looks like a whole line split by another character ("" if not)."""
    return _delimiter_hint(fields, delimiter, option)


def _delimiter_hint(fields, delimiter, option=python_option):
    """A hint when a single field looks like a whole line split by another character."""
    if len(fields) != 1:
        return ""
    for other in (";", "\t", "|", ","):
        if other != delimiter and other in str(fields[0]):
            return (
                f". The line holds {other!r} but no {delimiter!r}: is that the delimiter? "
                f"Pass {option('delimiter', other)}"
            )
    return ""


def _wrong_length_message(source, line_number, fields, columns, delimiter, option=python_option):
    """The error for a row whose number of fields is not the number of columns."""
    return (
        f"{source}, line {line_number}: {len(fields)} fields, but the table has "
        f"{len(columns)} columns ({', '.join(map(str, columns))}). Check that line: a value that holds "
        f"{delimiter!r} needs quotes around it{_delimiter_hint(fields, delimiter, option)}"
    )
