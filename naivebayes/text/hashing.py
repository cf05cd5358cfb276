"""Feature hashing: put any number of features into a fixed number of columns, with no vocabulary.

Each feature name goes through a hash function, and the hash, modulo the
number of columns, says which column the feature's value is added to.  No
vocabulary is learned or stored, so a word never seen in training still
lands in a column, and the number of columns stays fixed however many
features there are.  Two features may land in the same column (a
collision): their values are then added together.

The hash must give the same number in every process and on every machine,
or a model trained today would read tomorrow's texts into other columns.
Python's own ``hash`` of a str changes from one process to the next, so the
library uses MurmurHash3 (x86, 32 bits, seed 0) of the name's UTF-8 bytes,
the hash scikit-learn's ``FeatureHasher`` and ``HashingVectorizer`` use; the
columns are the same as theirs.

>>> murmurhash3_32(b"")
0
>>> hex(murmurhash3_32(b"test"))
'0xba6bd213'
>>> FeatureHasher(n_features=16, alternate_sign=False).transform([{"good": 2, "film": 1}])
[{1: 2, 9: 1}]
>>> FeatureHasher(n_features=8, alternate_sign=False).transform([{"good": 2, "film": 1}])
[{1: 3}]

With 8 columns "good" and "film" collide in column 1.
"""

import math
from collections.abc import Mapping
from numbers import Real

from naivebayes.plumbing.checks import as_list, check_bool, plain_value, shown_number

__all__ = ["FeatureHasher", "murmurhash3_32", "hashed_features"]

# Every step of MurmurHash3 works on 32-bit words: a result is kept modulo 2**32.
MASK_32 = 0xFFFFFFFF

# The largest number of columns: the column is |h| mod n_features with h a
# signed 32-bit number, so columns beyond 2**31 could never be reached.
MAX_HASHED_FEATURES = 2**31 - 1


# --8<-- [start:eq-murmurhash3]
def murmurhash3_32(data, seed=0):
    """MurmurHash3 x86 32-bit of ``data`` (bytes, or a str as its UTF-8 bytes), as an unsigned int from 0 to 2**32 - 1.

    Each 4-byte block k (little-endian) is mixed in as
    h = rotl13(h xor rotl15(k c1) c2) 5 + 0xe6546b64; then the tail, the
    length and a final avalanche (all arithmetic modulo 2**32).

    Formula: docs/text-features.md#eq-murmurhash3
    """
    data = murmur_input_bytes(data, seed)
    c1, c2 = 0xCC9E2D51, 0x1B873593
    h = seed
    n_whole = len(data) // 4 * 4  # the bytes in whole blocks of 4
    for start in range(0, n_whole, 4):
        k = int.from_bytes(data[start : start + 4], "little")
        k = (k * c1) & MASK_32
        k = ((k << 15) | (k >> 17)) & MASK_32  # rotate left by 15
        k = (k * c2) & MASK_32
        h ^= k
        h = ((h << 13) | (h >> 19)) & MASK_32  # rotate left by 13
        h = (h * 5 + 0xE6546B64) & MASK_32
    tail = data[n_whole:]  # the last 0 to 3 bytes
    if tail:
        k = int.from_bytes(tail, "little")
        k = (k * c1) & MASK_32
        k = ((k << 15) | (k >> 17)) & MASK_32
        k = (k * c2) & MASK_32
        h ^= k
    h ^= len(data) & MASK_32
    # The final avalanche: every bit of the input now moves about half the bits of the hash.
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & MASK_32
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & MASK_32
    h ^= h >> 16
    return h
# --8<-- [end:eq-murmurhash3]


# --8<-- [start:eq-feature-hashing]
def hashed_features(row, n_features, alternate_sign=True):
    """x'_j = sum of s(f) x_f over the features f with |h(f)| mod n_features = j.

    h(f) is MurmurHash3 of f, read as a signed 32-bit number; s(f) = -1 if h(f) < 0 and alternate_sign, else +1.  A feature whose value
    is a string v (a category) is the feature "f=v" with the value 1, as in
    scikit-learn.

    Formula: docs/text-features.md#eq-feature-hashing
    """
    hashed = {}
    for feature, value in row.items():
        if isinstance(value, str):  # a categorical feature: its value becomes part of the name
            feature, value = f"{feature}={value}", 1
        if value == 0:
            continue
        h = murmurhash3_32(feature)
        if h >= 2**31:  # read the 32 bits as a signed number, from -2**31 to 2**31 - 1
            h -= 2**32
        column = abs(h) % n_features
        if alternate_sign and h < 0:
            value = -value
        hashed[column] = hashed.get(column, 0) + value
    return hashed
# --8<-- [end:eq-feature-hashing]


class FeatureHasher:
    """Turn each row ``{feature: value}`` into ``{column: value}`` with ``n_features`` columns, by MurmurHash3.

    A row is a dict such as ``BagOfWords`` or ``AffixFeatures`` gives (a
    string value is a category: the feature "name=value" counts 1), or a list
    of tokens (each occurrence counts 1, as in scikit-learn's
    ``input_type="string"``).  With ``alternate_sign=True`` (scikit-learn's
    default) half of the features count negative, so that collisions cancel
    on average; naive Bayes needs counts that are not negative, so use
    ``alternate_sign=False`` before ``MultinomialNB``.  Nothing is learned,
    so ``fit`` only returns the step.
    """

    def __init__(self, n_features=2**20, alternate_sign=True):
        self.n_features = n_features
        self.alternate_sign = alternate_sign
        self.check_settings()

    def check_settings(self):
        """Check the settings (again at each call: one may have been assigned since)."""
        n_features = plain_value(self.n_features)
        whole = isinstance(n_features, int) and not isinstance(n_features, bool)
        if not whole or not 1 <= n_features <= MAX_HASHED_FEATURES:
            raise ValueError(
                f"n_features must be a whole number from 1 to 2**31 - 1; got {shown_number(n_features):.60} "
                "(scikit-learn's default is 2**20)"
            )
        self.n_features = n_features
        self.alternate_sign = check_bool(
            "alternate_sign", self.alternate_sign, "False adds every value with a plus sign, as naive Bayes needs"
        )

    def fit(self, rows):
        """Nothing to learn: return self (so the step fits where a BagOfWords does)."""
        return self

    def transform(self, rows):
        """One ``{column: value}`` dict per row."""
        self.check_settings()
        rows = as_list("rows", rows, "rows")
        return [refuse_hashed_overflow(
                    hashed_features(checked_hasher_row(row, index), self.n_features, self.alternate_sign), index)
                for index, row in enumerate(rows)]

    def fit_transform(self, rows):
        """The same as ``transform``: nothing is learned."""
        return self.transform(rows)

    def __repr__(self):
        return f"FeatureHasher(n_features={self.n_features}, alternate_sign={self.alternate_sign})"


def refuse_hashed_overflow(hashed, index):
    """``hashed``, or an error if finite values that share a column added up to more than a float holds (inf)."""
    for column, value in hashed.items():
        if value in (math.inf, -math.inf):
            raise ValueError(
                f"row {index}: the values hashed to column {column} add up to more than a float holds; "
                "scale the row's counts down, or give FeatureHasher more n_features"
            )
    return hashed


def murmur_input_bytes(data, seed):
    """``data`` as bytes (a str as its UTF-8 bytes), after checking it and the seed; else a clear error."""
    seed = plain_value(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK_32:
        raise ValueError(f"the seed must be a whole number from 0 to 2**32 - 1; got {shown_number(seed):.60}")
    if isinstance(data, str):
        return data.encode("utf-8", "surrogatepass")  # (a lone surrogate too, as its 3 bytes)
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise TypeError(f"murmurhash3_32 hashes bytes or a str, not {type(data).__name__}")


def checked_hasher_row(row, index):
    """Row ``index`` as a dict of str features and number or str values, or an error that names what is wrong."""
    if isinstance(row, str):
        raise TypeError(
            f"row {index} is a text; hash its tokens or its counts: FeatureHasher().transform([Tokenizer()(text)]), "
            "or the rows of BagOfWords"
        )
    if isinstance(row, (list, tuple)):  # a list of tokens: each occurrence counts 1
        counts = {}
        for token in row:
            if not isinstance(token, str):
                raise TypeError(f"row {index} is a list, so it must hold token strings; found {token!r:.60}")
            counts[token] = counts.get(token, 0) + 1
        return counts
    if not isinstance(row, Mapping):
        raise TypeError(
            f"row {index} is a {type(row).__name__}; a row is a {{feature: value}} dict or a list of tokens"
        )
    for feature, value in row.items():
        if not isinstance(feature, str):
            raise TypeError(
                f"row {index} has the feature {feature!r:.60} ({type(feature).__name__}); feature names must be "
                "strings, since the hash reads their UTF-8 bytes"
            )
        if isinstance(value, bool) or not (isinstance(value, (Real, str))):
            raise TypeError(
                f"row {index} gives {feature!r:.60} the value {value!r:.60} ({type(value).__name__}); a value is "
                "a number (a count) or a string (a category)"
            )
        if isinstance(value, float) and value != value:
            raise ValueError(f"row {index} gives {feature!r:.60} the value nan; fill it in, with 0 if it is absent")
        if value in (math.inf, -math.inf):
            raise ValueError(f"row {index} gives {feature!r:.60} the value {value}; a count must be finite")
    return dict(row)
