"""TF-IDF: weigh each count by how rare its term is across the documents.

A row of counts ``{term: tf}`` (what ``BagOfWords`` returns) treats every
occurrence alike, so words that are in nearly every document, such as "the",
get the largest values while telling the classes apart least.  TF-IDF
multiplies each count by the term's inverse document frequency, which is
small for common terms and large for rare ones, and then scales the row to
length 1 so that long documents do not outweigh short ones:

* ``df_t``  -- the number of training documents that contain term t;
* ``idf_t = ln((1 + N) / (1 + df_t)) + 1`` -- smoothed, as in scikit-learn;
* ``w_t = tf_t * idf_t``, then ``w_t / sqrt(sum of w_s ** 2)``.

With ``norm="l2"`` the weights stay finite and right for any finite counts,
from 1e-320 to 1e308: each row is first divided by a power of two (exactly),
so that no product or square overflows or underflows (see ``l2_normalize``).
With ``norm=None`` a weight beyond the largest float is an error.

The settings and their defaults are those of scikit-learn's
``TfidfTransformer`` (and so of ``TfidfVectorizer``).  In the three documents
below "the" is in all of them, so its idf is exactly 1:

>>> from naivebayes import BagOfWords
>>> counts = BagOfWords().fit_transform(["the cat sat", "the cat saw the dog", "the dog barked"])
>>> tfidf = TfidfTransformer()
>>> rows = tfidf.fit_transform(counts)
>>> tfidf.idf_["the"], round(tfidf.idf_["cat"], 6), round(tfidf.idf_["sat"], 6)
(1.0, 1.287682, 1.693147)
>>> {term: round(weight, 4) for term, weight in rows[1].items()}
{'the': 0.6267, 'cat': 0.4035, 'saw': 0.5306, 'dog': 0.4035}

The rows are ``{term: weight}`` dicts, ready for ``MultinomialNB``, which
treats the weights as fractional counts (see docs/tfidf.md for why that is a
heuristic).
"""

import math
from itertools import repeat
from operator import mul, truediv
from collections.abc import Mapping
from numbers import Rational, Real

from naivebayes.plumbing.checks import LARGEST_FLOAT, NotFittedError, check_bool, sorted_keys
from naivebayes.text.bag_of_words import document_frequency_of_terms
from naivebayes.text.documents import all_plain_counts, too_large_count_message

__all__ = [
    "TfidfTransformer",
    "smoothed_idf",
    "unsmoothed_idf",
    "sublinear_term_frequency",
    "tfidf_weights",
    "l2_normalize",
    "scaled_by_power_of_two",
]

NORMS = ("l2", None)


# --8<-- [start:eq-tfidf-smooth-idf]
def smoothed_idf(n_documents, df):
    """idf_t = ln((1 + N) / (1 + df_t)) + 1: as if one more document held every term once.

    Formula: docs/tfidf.md#eq-tfidf-smooth-idf
    """
    return math.log((1 + n_documents) / (1 + df)) + 1
# --8<-- [end:eq-tfidf-smooth-idf]


# --8<-- [start:eq-tfidf-idf]
def unsmoothed_idf(n_documents, df):
    """idf_t = ln(N / df_t) + 1, for a term with df_t >= 1 (``smooth_idf=False``; ``fit`` refuses df_t = 0).

    Formula: docs/tfidf.md#eq-tfidf-idf
    """
    return math.log(n_documents / df) + 1
# --8<-- [end:eq-tfidf-idf]


# --8<-- [start:eq-tfidf-sublinear-tf]
def sublinear_term_frequency(tf):
    """tf' = 1 + ln(tf) for tf > 0, and 0 for tf = 0 (``sublinear_tf=True``).

    Meant for counts of repeats, tf = 1, 2, 3, ..., where tf' >= 1.  Below 1
    it falls fast (below 0 for tf < 1/e), so ``TfidfTransformer`` refuses
    counts between 0 and 1 before it gets here.

    Formula: docs/tfidf.md#eq-tfidf-sublinear-tf
    """
    if tf == 0:
        return 0.0  # the term does not occur; ln 0 would be -inf
    return 1 + math.log(tf)
# --8<-- [end:eq-tfidf-sublinear-tf]


# --8<-- [start:eq-tfidf-weight]
def tfidf_weights(tfs, idf):
    """{term: w_t} with w_t = tf_t * idf_t: each term's (possibly sublinear) count times its idf.

    A term ``fit`` never saw has no idf, so it is dropped.  A count of 0
    gives the weight 0.0 and the term stays in the row, as its column stays
    (all zeros) in scikit-learn's matrix: a model fitted on the rows then
    has it in its vocabulary.  The usual row (from ``BagOfWords``) has no
    unknown term and no 0, and is weighed in C: ``map`` multiplies each
    count by its term's idf, looked up with ``idf.__getitem__``.

    Formula: docs/tfidf.md#eq-tfidf-weight
    """
    if idf.keys() >= tfs.keys() and min(tfs.values(), default=1) > 0:  # every term known, every count > 0
        return dict(zip(tfs, map(mul, tfs.values(), map(idf.__getitem__, tfs))))
    return {term: tf * idf[term] for term, tf in tfs.items() if term in idf}  # a count of 0 gives 0.0
# --8<-- [end:eq-tfidf-weight]


# --8<-- [start:eq-tfidf-l2-norm]
def l2_normalize(weights):
    """w_t / sqrt(sum over s of w_s ** 2), as a new dict; a row whose weights are all 0 keeps them, as 0.0.

    Squared as they are, weights above about 1e154 would overflow to inf and
    weights that are all below about 1e-162 would underflow to 0; such a row
    is first divided by a power of two, which cancels in the ratio (see
    ``scaled_by_power_of_two``) and changes no digit.  ``math.fsum`` adds the
    squares exactly rounded, so the result does not depend on the order of
    the terms.

    Formula: docs/tfidf.md#eq-tfidf-l2-norm
    """
    if not squares_fit_in_a_float(weights.values()):
        weights = scaled_by_power_of_two(weights)  # w_t / 2**e, each in (-1, 1)
    values = weights.values()
    length = math.sqrt(math.fsum(map(mul, values, values)))  # ||w||_2 (or ||w||_2 / 2**e)
    if length == 0:
        return dict.fromkeys(weights, 0.0)  # nothing to scale: no terms, or only zero weights (no division by 0)
    return dict(zip(weights, map(truediv, weights.values(), repeat(length))))  # w_t / ||w||; a 2**e cancels
# --8<-- [end:eq-tfidf-l2-norm]


def terms_present(row):
    """The terms of a row of counts with a count above 0 (all of them, in the usual row, found in C)."""
    if min(row.values(), default=1) > 0:
        return row.keys()
    return [term for term, count in row.items() if count]


def squares_fit_in_a_float(values):
    """True when the largest |v| lies between 2**-500 and 2**500: its square can neither overflow nor vanish."""
    largest = max(map(abs, values), default=0)
    return largest == 0 or 2.0**-500 <= largest <= 2.0**500


# --8<-- [start:eq-tfidf-l2-scaling]
def scaled_by_power_of_two(row):
    """{key: v * 2**-e}, with 2**(e-1) <= the largest |v| < 2**e; a new dict.

    Every value then lies in (-1, 1), the largest in [0.5, 1), so its square
    can neither overflow nor underflow.  ``frexp(x)`` writes x = m * 2**e with
    0.5 <= m < 1, and ``ldexp(v, -e)`` is v * 2**-e.  Multiplying by a power
    of two changes only a float's exponent, so it is exact, and every later
    rounding is the one the unscaled numbers would get: a row whose squares fit
    in a float gives the same floats, bit for bit, as the formula as written.
    (A value over 1e150 times smaller than the largest may lose digits among the
    tiniest floats, far below what the sum of squares can notice.)  A row of
    zeros stays as it is (e = 0).

    Formula: docs/tfidf.md#eq-tfidf-l2-scaling
    """
    largest = max(map(abs, row.values()), default=0)
    exponent = math.frexp(largest)[1]  # e
    return {key: math.ldexp(value, -exponent) for key, value in row.items()}
# --8<-- [end:eq-tfidf-l2-scaling]


class TfidfTransformer:
    """Turn rows of counts ``{term: tf}`` into rows of TF-IDF weights ``{term: w}``.

    Parameters (scikit-learn's names and defaults)
    ----------------------------------------------
    smooth_idf : bool, default True
        Use ``ln((1 + N) / (1 + df)) + 1``; with False, ``ln(N / df) + 1``.
    sublinear_tf : bool, default False
        Replace each count tf by ``1 + ln(tf)``.  Every count must then be 0
        or at least 1 (below 1 the formula falls below 1, and below 0 under 1/e).
    norm : "l2" or None, default "l2"
        Scale each row to Euclidean length 1, or leave it as it is.

    Tables, set by ``fit`` (plain dicts, terms in alphabetical order):

    * ``document_frequency_[t]`` -- df_t, the rows in which t has a count > 0
      (0 for a term given only with the count 0, which is kept, as scikit-learn
      keeps a column of zeros);
    * ``idf_[t]`` -- idf_t, computed once per term;
    * ``n_documents_`` -- N, the number of rows ``fit`` saw.
    """

    def __init__(self, smooth_idf=True, sublinear_tf=False, norm="l2"):
        self.smooth_idf = smooth_idf
        self.sublinear_tf = sublinear_tf
        self.norm = norm
        self.check_settings()
        self.idf_ = None  # {term: idf_t}, set by fit
        self.document_frequency_ = None  # {term: df_t}, set by fit
        self.n_documents_ = None  # N, set by fit

    def check_settings(self):
        """Check the settings (again, at each call: one may have been assigned since); a wrong one raises."""
        smooth_idf = check_bool("smooth_idf", self.smooth_idf, "False uses ln(N / df) + 1")
        sublinear_tf = check_bool("sublinear_tf", self.sublinear_tf, "True replaces each count tf by 1 + ln(tf)")
        if not any(self.norm is norm for norm in NORMS) and not (isinstance(self.norm, str) and self.norm == "l2"):
            raise ValueError(
                f"norm must be 'l2' (scale each row to length 1) or None (leave the "
                f"weights as they are); got {self.norm!r:.60}"
            )
        self.smooth_idf, self.sublinear_tf = smooth_idf, sublinear_tf

    # ------------------------------------------------------------------
    # Learning the idf of each term
    # ------------------------------------------------------------------

    def fit(self, rows):
        """Learn ``document_frequency_``, ``idf_`` and ``n_documents_`` from rows of counts; return self."""
        self.check_settings()
        self.take_idf(self.learn_idf(self.checked_rows(rows, "fit")))
        return self

    def fit_transform(self, rows):
        """Fit on ``rows``, then return their weighted rows (the rows are checked once).

        The transformer takes what it learned only once every row is weighed,
        so a call that fails (a weight too large for a float with
        ``norm=None``) leaves it as it was, fitted or not.
        """
        self.check_settings()
        rows = self.checked_rows(rows, "fit_transform")
        learned = self.learn_idf(rows)
        before = self.document_frequency_, self.idf_, self.n_documents_
        self.take_idf(learned)
        try:
            return [self.transform_row(row, f"row {index}") for index, row in enumerate(rows)]
        except BaseException:
            self.document_frequency_, self.idf_, self.n_documents_ = before
            raise

    def checked_rows(self, rows, method):
        """``rows`` as a list of {term: count} rows with finite counts >= 0 (and, with sublinear_tf, none in (0, 1))."""
        rows = check_count_rows(rows, method)
        if self.sublinear_tf:
            check_sublinear_counts(rows)
        return rows

    def take_idf(self, learned):
        """Set ``document_frequency_``, ``idf_`` and ``n_documents_`` from what ``learn_idf`` worked out."""
        self.document_frequency_, self.idf_, self.n_documents_ = learned

    def learn_idf(self, rows):
        """(df, idf, N): df_t and idf_t for every term of the rows (rows already checked).

        A term given only with the count 0 (a dense column of zeros) has
        df_t = 0 and keeps its idf, ln(1 + N) + 1 with ``smooth_idf``, as in
        scikit-learn; without it ln(N / 0) has no value, so it is refused.
        Nothing here changes the transformer: ``take_idf`` sets what it returns.
        """
        if not rows:
            raise ValueError("fit needs at least one row of counts; the list of rows is empty")
        # A term counts for a document when its count there is positive.
        df = document_frequency_of_terms(terms_present(row) for row in rows)
        if not df:
            raise ValueError(
                "no row has a positive count, so there is no term to weigh; "
                "check that the rows come from BagOfWords().fit_transform(texts)"
            )
        for row in rows:
            if 0 in row.values():  # a term counted 0 here; if it has no positive count anywhere, df_t = 0
                df.update((term, 0) for term, count in row.items() if not count and term not in df)
        n_documents = len(rows)  # N
        if not self.smooth_idf and 0 in df.values():
            raise ValueError(unsmoothed_zero_df_message(df, n_documents))
        idf_of = smoothed_idf if self.smooth_idf else unsmoothed_idf
        terms = sorted_keys(df)  # alphabetical, like BagOfWords's columns (terms of mixed kinds by kind first)
        df_in_order = {term: df[term] for term in terms}
        idf = {term: idf_of(n_documents, df[term]) for term in terms}  # once per term
        return df_in_order, idf, n_documents

    # ------------------------------------------------------------------
    # Weighing rows
    # ------------------------------------------------------------------

    def transform(self, rows):
        """Return one new ``{term: weight}`` dict per row; terms not seen in ``fit`` are dropped."""
        if self.idf_ is None:
            raise NotFittedError("this TfidfTransformer has not been fitted yet: call fit (or fit_transform) before transform")
        self.check_settings()
        rows = self.checked_rows(rows, "transform")
        return [self.transform_row(row, f"row {index}") for index, row in enumerate(rows)]

    def transform_row(self, counts, where="the row"):
        """The weights of one row of counts (already checked): tf, times idf, then the norm.

        ``where`` names the row in an error message, such as "row 3".
        """
        if self.sublinear_tf:
            tfs = {term: sublinear_term_frequency(count) for term, count in counts.items()}  # 0 stays 0.0
        elif self.norm == "l2" and not squares_fit_in_a_float(counts.values()):
            # The norm divides out any common factor of the counts, so divide extreme counts
            # exactly by a power of two first: tf * idf can then neither overflow (tf = 1e308)
            # nor lose digits among the tiniest floats (tf = 1e-320).  (1 + ln tf is at most 710.)
            tfs = scaled_by_power_of_two(counts)
        else:
            tfs = counts
        weights = tfidf_weights(tfs, self.idf_)
        if self.norm == "l2":
            return l2_normalize(weights)
        if math.inf in weights.values():  # norm=None keeps tf * idf, which may pass 1.8e308
            raise ValueError(too_large_message(weights, counts, self.idf_, where))
        return weights

    def __repr__(self):
        if self.idf_ is None:
            size = "not fitted"
        else:
            size = f"idf of {len(self.idf_)} terms from {self.n_documents_} documents"
        return (
            f"TfidfTransformer(smooth_idf={self.smooth_idf}, sublinear_tf={self.sublinear_tf}, "
            f"norm={self.norm!r}, {size})"
        )


def check_count_rows(rows, method):
    """``rows`` as a list of {term: count} mappings, or an error that says what to pass instead (each row checked whole)."""
    if type(rows) is list:  # the usual rows, decided without a look at abstract classes
        for index, row in enumerate(rows):
            check_count_row(row, index)
        return list(rows)
    if isinstance(rows, (str, bytes)):
        raise TypeError(
            f"{method} takes rows of counts, not text; turn texts into rows with "
            "BagOfWords().fit_transform(texts) first"
        )
    if isinstance(rows, Mapping):
        raise TypeError(f"{method} takes a list of rows, but got a single dict; for one row use {method}([row])")
    if not hasattr(rows, "__iter__"):
        raise TypeError(f"{method} takes a list of {{term: count}} rows, not {type(rows).__name__}")
    rows = list(rows)
    for index, row in enumerate(rows):
        check_count_row(row, index)
    return rows


def check_sublinear_counts(rows):
    """With ``sublinear_tf``, every count must be 0 or at least 1: name the first that is not."""
    for index, row in enumerate(rows):
        if min(filter(None, row.values()), default=1) >= 1:
            continue  # the smallest positive count is at least 1 (checked in C)
        for term, count in row.items():
            if 0 < count < 1:
                raise ValueError(
                    f"row {index} has the count {count!r} for {term!r}, but sublinear_tf=True "
                    "replaces a count tf by 1 + ln(tf), which is meant for counts of repeats "
                    "(1, 2, 3, ...): below 1 it falls fast, to less than 0 for tf < 1/e (about 0.37); "
                    "pass whole counts (such as rows from BagOfWords), or use "
                    "TfidfTransformer(sublinear_tf=False)"
                )


def unsmoothed_zero_df_message(df, n_documents):
    """Name a term with df_t = 0, whose idf ln(N / 0) + 1 ``smooth_idf=False`` cannot give."""
    term = next(term for term, count in df.items() if count == 0)
    return (
        f"the term {term!r} has the count 0 in every row, so its document frequency is 0 and, with "
        f"smooth_idf=False, its idf ln(N / df) + 1 = ln({n_documents} / 0) + 1 has no value (scikit-learn "
        "stores inf there, then refuses any row that counts the term); use smooth_idf=True, which gives it "
        f"ln((1 + {n_documents}) / 1) + 1, or leave the term out of the rows"
    )


def too_large_message(weights, counts, idf, where):
    """Name the term whose weight tf * idf is too large for a float (``norm=None``)."""
    term = next(term for term, weight in weights.items() if weight == math.inf)
    return (
        f"{where}: the weight of {term!r} is its count {counts[term]!r} times its idf "
        f"{idf[term]:.4g}, which is larger than the largest float (about 1.8e308); "
        "norm=None keeps the weights as they are, so divide the row's counts by a common "
        "factor, or use norm='l2' (the default), which scales each row for you"
    )


def check_count_row(row, index):
    """Raise a clear error unless ``row`` maps terms to finite counts >= 0 (a plain row is checked in C)."""
    if type(row) is dict and all_plain_counts(row.values()):
        return  # the usual row
    if isinstance(row, str):
        raise TypeError(
            f"row {index} is a str; TfidfTransformer weighs rows of counts, so turn texts "
            "into rows with BagOfWords().fit_transform(texts) first"
        )
    if not isinstance(row, Mapping):
        raise TypeError(f"row {index} is a {type(row).__name__}; each row must be a {{term: count}} dict")
    if all_plain_counts(row.values()):
        return  # the usual row, checked in C; otherwise find the bad count and name it
    for term, count in row.items():
        if isinstance(count, bool) or not isinstance(count, Real):
            raise TypeError(f"row {index} has the count {count!r} for {term!r}; counts must be numbers")
        exact = isinstance(count, Rational)  # an int or a Fraction: finite, however large (math.isfinite may overflow)
        if not (count >= 0 and (exact or math.isfinite(count))):
            raise ValueError(
                f"row {index} has the count {count!r} for {term!r}; counts must be finite "
                "numbers that are not negative"
            )
        if exact and count > LARGEST_FLOAT:
            raise ValueError(too_large_count_message(count, f"row {index}, for {term!r},"))
