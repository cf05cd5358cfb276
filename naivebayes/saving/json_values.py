"""How the values in a model's tables become JSON, and come back as the same values of the same types.

JSON has strings, numbers, ``true``/``false``, ``null``, arrays, and objects
whose keys are strings.  A model holds more kinds of value than that: exact
Fractions, tuples, labels that are numbers.  Four rules write them all, each
readable in the file, and each read back to a value ``==`` to the one written
and of the same type:

1. **Numbers** (counts, sums, means, settings): an ``int`` is a JSON integer,
   ``3``; a ``float`` is a JSON number written by ``repr``, which always has a
   decimal point or an exponent (``0.5``, ``1.0``, ``1e-09``) and reads back
   as the very same float; a ``Fraction`` is a string, ``"3/7"`` (``"2"`` for
   ``Fraction(2, 1)``), so that it stays exact.
2. **Keys** (labels, feature names, category values, cells of a joint table):
   a string, an int, a float, ``true``/``false`` and ``null`` stand for
   themselves; a tuple is an array of keys (a key is never a list, so an array
   can only be a tuple); a Fraction is ``{"fraction": "3/7"}`` and an infinite
   float ``{"float": "inf"}`` (as a bare string either would read back as a string).
3. **Tables** keyed by labels, features or values: a JSON object when every key
   is a string, else a list of ``[key, value]`` pairs; either way in the
   order model_files.py puts them in (``in_file_order``), so that equal
   tables give the same text.
4. **Sets** (the vocabulary) are arrays, sorted (``in_key_order``).

>>> from fractions import Fraction
>>> encode("number", Fraction(3, 7), "alpha"), encode("number", 0.1, "alpha")
('3/7', 0.1)
>>> encode(("table", "count"), {"spam": 3, ("a", 1): 2}, "counts")
[['spam', 3], [['a', 1], 2]]
>>> decode(("table", "count"), [["spam", 3], [["a", 1], 2]], "counts")
{'spam': 3, ('a', 1): 2}
>>> decode("count", -1, "class_counts_['spam']")
Traceback (most recent call last):
...
naivebayes.saving.json_values.ModelFileError: class_counts_['spam'] is -1; a count is a whole number >= 0, written as a JSON integer such as 3

Which rule a value follows is decided by where it is: each table of a model
file has a *shape*, written from the outside in:

* the leaves ``"count"`` (an int >= 0), ``"amount"`` (a number >= 0: a count,
  or a weight such as a TF-IDF value), ``"number"`` (any finite number;
  ``-0.0`` is written ``0.0``, which it equals),
  ``"key"``, ``"text"`` (a string) and ``"bool"``;
* ``("table", inner)``: a dict from keys to values of shape ``inner`` (rule 3);
* ``("list", inner)``: a list of them; ``("set", "key")``: a set of keys (rule 4);
* ``("optional", inner)``: None (``null``) or a value of shape ``inner``.
"""

import json
import math
import re
import sys
from fractions import Fraction


__all__ = ["ModelFileError"]


class ModelFileError(ValueError):
    """A model file that cannot be loaded: not JSON, cut short, or a field that is wrong (the message names it)."""


# "3", "-3" or "3/7": how str(Fraction) writes a fraction, and all that a file may use.
FRACTION_TEXT = re.compile(r"-?[0-9]+(/[0-9]+)?")

# How wide a JSON value may be to stay on one line of the file.
LINE_WIDTH = 100


def at(where, key):
    """The path of an entry, for messages: ``at("class_counts_", "spam")`` is ``class_counts_['spam']``."""
    return f"{where}[{key!r}]"


def shown(raw):
    """A value as the file writes it (``true``, ``"3"``), for messages."""
    text = json.dumps(raw, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


# ---------------------------------------------------------------------------
# Rule 1: numbers
# ---------------------------------------------------------------------------


def encode_number(value, where):
    """An int as itself, a finite float as itself (json writes it with ``repr``), a Fraction as "3/7"."""
    if isinstance(value, bool):
        raise TypeError(f"{where} is {value!r}, a bool where a number belongs; the file cannot hold it")
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{where} is {value!r}; a model file holds finite numbers only")
        return float(value) + 0.0  # (numpy's float64 as the plain float it equals; -0.0 as 0.0, which it equals)
    if isinstance(value, Fraction):
        return str(value)
    raise TypeError(
        f"{where} is {value!r}, a {type(value).__name__}; a model file holds numbers that are "
        "int, float or Fraction"
    )


def decode_fraction(text, where):
    """The Fraction a string such as "3/7" writes, or a ModelFileError."""
    if not FRACTION_TEXT.fullmatch(text):
        raise ModelFileError(
            f"{where} is {shown(text)}; a string here is an exact fraction such as \"3/7\" or \"-2\""
        )
    numerator, _, denominator = text.partition("/")
    if denominator and int(denominator) == 0:
        raise ModelFileError(f"{where} is {shown(text)}, a fraction with denominator 0")
    value = Fraction(int(numerator), int(denominator or 1))
    try:
        float(value)
    except OverflowError:
        raise ModelFileError(
            f"{where} is {shown(text)}, too large for a float (the largest is about 1.8e308); "
            "a model file holds numbers that floats can hold"
        ) from None
    return value


MAX_FLOAT = int(sys.float_info.max)  # (the largest int a float holds exactly: above it, float(n) overflows or rounds to it)


def decode_number(raw, where, leaf):
    """A "count", "amount" or "number" as the model holds it, or a ModelFileError that names the field."""
    if type(raw) is int and raw.bit_length() > 1023 and abs(raw) > MAX_FLOAT:  # (used with floats: a label may be any int)
        raise ModelFileError(
            f"{where} is a whole number of about {round(raw.bit_length() * math.log10(2))} digits, too large for "
            "a float (the largest is about 1.8e308); a model file holds numbers that floats can hold"
        )
    if leaf == "count":
        if type(raw) is not int or raw < 0:
            raise ModelFileError(
                f"{where} is {shown(raw)}; a count is a whole number >= 0, written as a JSON integer such as 3"
            )
        return raw
    if type(raw) is int or type(raw) is float:
        value = raw  # (NaN and Infinity never get this far: parse_json refuses them)
    elif isinstance(raw, str):
        value = decode_fraction(raw, where)
    else:
        raise ModelFileError(
            f"{where} is {shown(raw)}; a number is written as 3, 0.5 or \"3/7\" (an exact fraction)"
        )
    if leaf == "amount" and value < 0:
        raise ModelFileError(f"{where} is {shown(raw)}; an amount counted in training is >= 0")
    return value


# ---------------------------------------------------------------------------
# Rule 2: keys
# ---------------------------------------------------------------------------


def encode_key(key, where):
    """A label, feature name, category value or cell, written by rule 2."""
    if key is None:
        return None
    if isinstance(key, str):
        return str(key)  # (a subclass, such as numpy's str_, as the plain str it equals)
    if isinstance(key, bool):
        return bool(key)
    if isinstance(key, int):
        return int(key)
    if isinstance(key, float):
        if math.isinf(key):
            return {"float": "inf" if key > 0 else "-inf"}
        if math.isnan(key):
            raise ValueError(f"{where} is nan, which is never equal to itself, so it cannot be read back as a key")
        return float(key) + 0.0  # (-0.0 as 0.0: one key of a dict)
    if isinstance(key, Fraction):
        return {"fraction": str(key)}
    if isinstance(key, tuple):
        return [encode_key(part, f"{where}[{i}]") for i, part in enumerate(key)]
    raise TypeError(
        f"{where} is {key!r}, a {type(key).__name__}; a model file can hold labels, features and "
        "values that are str, int, float, bool, None, Fraction, or tuples of these"
    )


def decode_key(raw, where):
    """The key that ``raw`` writes by rule 2, or a ModelFileError."""
    if raw is None or type(raw) in (str, bool, int, float):
        return raw
    if isinstance(raw, list):
        return tuple(decode_key(part, f"{where}[{i}]") for i, part in enumerate(raw))
    if isinstance(raw, dict) and len(raw) == 1:
        (tag, text), = raw.items()
        if tag == "fraction" and isinstance(text, str):
            return decode_fraction(text, where)
        if tag == "float" and text in ("inf", "-inf"):
            return float(text)
    raise ModelFileError(
        f"{where} is {shown(raw)}; a key is a string, a number, true, false, null, an array (a tuple), "
        '{"fraction": "3/7"} or {"float": "inf"}'
    )


# ---------------------------------------------------------------------------
# Rules 3 and 4, and the shapes
# ---------------------------------------------------------------------------


def encode(shape, value, where):
    """``value`` as JSON by its ``shape`` (see the module docstring)."""
    if shape in ("count", "amount", "number"):
        return encode_number(value, where)
    if shape == "key":
        return encode_key(value, where)
    if shape == "bool" and value in (True, False):
        return bool(value)  # (numpy's bool_ as the bool it equals)
    if shape == "text" and isinstance(value, str):
        return str(value)
    if shape in ("text", "bool"):
        raise TypeError(f"{where} is {value!r}; it should be {'a string' if shape == 'text' else 'True or False'}")
    kind, inner = shape
    if kind == "optional":
        return None if value is None else encode(inner, value, where)
    if kind == "list":
        return [encode(inner, item, f"{where}[{i}]") for i, item in enumerate(value)]
    if kind == "set":
        return [encode_key(key, where) for key in in_key_order(value)]
    # a table: an object when every key is a string, else [key, value] pairs
    if all(type(key) is str for key in value):
        return {key: encode(inner, item, at(where, key)) for key, item in value.items()}
    return [[encode_key(key, where), encode(inner, item, at(where, key))] for key, item in value.items()]


def in_key_order(keys):
    """The keys in the one order a file lists them in: by kind (None, bools, numbers, strings, tuples), then by value.

    Sorting keys of mixed kinds with ``sorted`` may fail, or succeed or fail
    depending on which pairs it happens to compare; ``key_rank`` orders any
    two keys, so the order depends on the keys alone, never on the order
    they came in.

    >>> in_key_order(["b", 2, None, ("a", 1), 1.5, "a", ("a", "x"), True])
    [None, True, 1.5, 2, 'a', 'b', ('a', 1), ('a', 'x')]
    """
    keys = list(keys)
    kinds = set(map(type, keys))
    if kinds <= {str} or kinds <= REAL_KEY_TYPES:  # (the usual words or numbers: any two compare, so sorted alone)
        return sorted(keys)
    return sorted(keys, key=key_rank)


# Kinds of key that any two of compare as numbers (a key is never NaN: encode_key refuses it).
REAL_KEY_TYPES = {int, float, Fraction}


# The rank of each kind of key, so that keys of two kinds are never compared with each other.
KEY_RANKS = {type(None): 0, bool: 1, int: 2, float: 2, Fraction: 2, str: 3, tuple: 4}


def key_rank(key):
    """A sort key for a table's key: (rank of its kind, its value), a tuple's parts ranked in turn."""
    rank = KEY_RANKS.get(type(key))
    if rank is None:  # (a subclass, such as numpy's str_)
        rank = next((r for kind, r in KEY_RANKS.items() if isinstance(key, kind)), 5)
    if rank == 0:
        return (0,)
    if rank == 4:
        return (4, tuple(key_rank(part) for part in key))
    if rank == 5:
        return (5, type(key).__name__, repr(key))
    return (rank, key)


def decode(shape, raw, where):
    """The value that ``raw`` writes, checked against its ``shape``; a ModelFileError names a wrong field."""
    if shape in ("count", "amount", "number"):
        return decode_number(raw, where, shape)
    if shape == "key":
        return decode_key(raw, where)
    if shape == "text":
        if not isinstance(raw, str):
            raise ModelFileError(f"{where} is {shown(raw)}; it should be a string")
        return raw
    if shape == "bool":
        if not isinstance(raw, bool):
            raise ModelFileError(f"{where} is {shown(raw)}; it should be true or false")
        return raw
    kind, inner = shape
    if kind == "optional":
        return None if raw is None else decode(inner, raw, where)
    if kind in ("list", "set"):
        if not isinstance(raw, list):
            raise ModelFileError(f"{where} is {shown(raw)}; it should be an array [...]")
        items = [decode(inner, item, f"{where}[{i}]") for i, item in enumerate(raw)]
        if kind == "list":
            return items
        if len(set(items)) != len(items):
            raise ModelFileError(f"{where} names a key twice; it is a set, each key once")
        return set(items)
    return decode_table(inner, raw, where)


def decode_table(inner, raw, where):
    """A table written as an object (string keys) or as a list of [key, value] pairs."""
    if isinstance(raw, dict):
        items = list(raw.items())
    elif isinstance(raw, list):
        items = []
        for i, pair in enumerate(raw):
            if not isinstance(pair, list) or len(pair) != 2:
                raise ModelFileError(
                    f"{where}[{i}] is {shown(pair)}; an entry of a table written as a list is a [key, value] pair"
                )
            items.append((decode_key(pair[0], f"{where}[{i}][0]"), pair[1]))
    else:
        raise ModelFileError(
            f"{where} is {shown(raw)}; a table is an object {{\"key\": value}} or a list of [key, value] pairs"
        )
    table = {}
    for key, item in items:
        if key in table:
            raise ModelFileError(f"{where} has the key {key!r} twice")
        table[key] = decode(inner, item, at(where, key))
    return table


# ---------------------------------------------------------------------------
# The text of the file
# ---------------------------------------------------------------------------


ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)  # (json.dumps makes a new one at every call)


def json_text(value, indent=0):
    """JSON text of plain values: a container on one line when it fits, else one entry per line, indented by 1.

    Short tables stay readable at a glance (``{"china": 3, "japan": 1}``);
    long ones put each entry on a line of its own.
    """
    if not isinstance(value, (dict, list)) or not value:
        return scalar_text(value)
    if len(value) <= LINE_WIDTH // 3 and not more_entries_than(value, LINE_WIDTH):  # (else it cannot fit on a line)
        one_line = ENCODER.encode(value)
        if indent + len(one_line) <= LINE_WIDTH:
            return one_line
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        entries = [f"{pad}{scalar_text(key)}: {json_text(item, indent + 1)}" for key, item in value.items()]
        opening, closing = "{", "}"
    else:
        entries = [pad + json_text(item, indent + 1) for item in value]
        opening, closing = "[", "]"
    return opening + "\n" + ",\n".join(entries) + "\n" + " " * indent + closing


def more_entries_than(value, limit):
    """True when the containers in ``value``, all the way down, hold more than ``limit`` entries in all.

    Each entry takes at least one character, so such a value cannot fit on a
    line of ``limit`` characters, and is not written out whole to find that out
    (a table of 20 classes of 60,000 words each would be, at every level).
    """
    count, stack = 0, [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (dict, list)):
            count += len(item)
            if count > limit:
                return True
            stack.extend(item.values() if isinstance(item, dict) else item)
    return False


# A surrogate code point, such as "\ud800" (bytes decoded with errors="surrogateescape" hold them), and
# a high surrogate followed by a low one.  Neither is a character: UTF-8 cannot write them.
SURROGATE = re.compile("[\ud800-\udfff]")
SURROGATE_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def escape_surrogates(text):
    """JSON text with each surrogate code point written as its escape, ``\\ud800``, so that a UTF-8 file can hold it.

    Outside its strings JSON text is ASCII, so a surrogate can only be inside
    a string, where the escape stands for the same code point and reads back
    as it.  A high surrogate followed by a low one is refused: JSON reads their
    two escapes as the one character whose UTF-16 halves they are
    (``"\\ud83d\\ude00"`` is 😀), so the string would come back changed.
    """
    if SURROGATE.search(text) is None:
        return text  # the usual text, checked in C
    pair = SURROGATE_PAIR.search(text)
    if pair is not None:
        joined = pair.group().encode("utf-16", "surrogatepass").decode("utf-16")
        raise ValueError(
            f"the model holds a string with the surrogate pair {pair.group()!r}: two code points that a JSON "
            f"file cannot keep apart from the one character {joined!r} they encode in UTF-16, so the string "
            "would load as another; join them in the data first "
            "(text.encode('utf-16', 'surrogatepass').decode('utf-16')), then train again"
        )
    return SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def scalar_text(value):
    """A number, string, true, false or null as JSON: what json writes (``repr`` for numbers), a little faster."""
    if type(value) is int or (type(value) is float and math.isfinite(value)):
        return repr(value)
    return ENCODER.encode(value)


class NonFinite:
    """Where the text had NaN, Infinity or -Infinity: not JSON, though Python's json reads them."""

    def __init__(self, name):
        self.name = name


def non_finite_field(value, where=""):
    """``(field, "NaN")`` for the first NonFinite in ``value``, such as ``("tables.n_examples_", "NaN")``; else None."""
    if isinstance(value, NonFinite):
        return where, value.name
    if isinstance(value, dict):
        items = ((child_field(where, key), item) for key, item in value.items())
    elif isinstance(value, list):
        items = ((f"{where}[{i}]", item) for i, item in enumerate(value))
    else:
        return None
    return next((found for field, item in items if (found := non_finite_field(item, field)) is not None), None)


def child_field(where, key):
    """The name of an entry of an object: ``tables``, ``tables.class_counts_``, then ``tables.class_counts_['spam']``."""
    if not where:
        return key
    if "." not in where and "[" not in where:
        return f"{where}.{key}"
    return at(where, key)


def refuse_repeated_keys(pairs):
    """An object as a dict, refusing one that names a key twice (JSON would keep the last, silently)."""
    table = {}
    for key, value in pairs:
        if key in table:
            raise ModelFileError(f"an object in the file has the key {key!r} twice")
        table[key] = value
    return table


def parse_json(text):
    """The plain values of a JSON text, or a ModelFileError that says where it stops being JSON."""
    too_large = []  # the numbers too large for a float, such as 1e99999 (Python's json reads them as inf)

    def finite_float(number):
        value = float(number)
        if math.isfinite(value):
            return value
        too_large.append(number)
        return NonFinite(number if len(number) <= 30 else number[:27] + "...")

    try:
        document = json.loads(
            text, object_pairs_hook=refuse_repeated_keys, parse_constant=NonFinite, parse_float=finite_float
        )
    except json.JSONDecodeError as error:
        raise ModelFileError(
            f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno} (a file cut short, "
            "or not a model file)"
        ) from None
    except (ValueError, RecursionError) as error:  # such as an integer too long to read
        if isinstance(error, ModelFileError):
            raise
        raise ModelFileError(f"not a model file: {error}") from None
    if too_large or "NaN" in text or "Infinity" in text:  # (the walk only when one may be there)
        refuse_non_finite(document)
    return document


def refuse_non_finite(document):
    """JSON has no NaN or Infinity: a file that has one is refused, naming the field that holds it."""
    found = non_finite_field(document)
    if found is not None:
        where, name = found
        why = "which is not JSON" if name in ("NaN", "Infinity", "-Infinity") else "too large for a float (the largest is about 1.8e308)"
        raise ModelFileError(f"{where or 'the file'} is {name}, {why}; a model file holds finite numbers only")
