"""Turn one document (a string) into a list of tokens, one visible step at a time.

A naive Bayes model for text only ever sees a bag of words: the tokens of a
document with their order thrown away (lecture 004, "Why Naive?").  This
module decides what the tokens are.  ``Tokenizer.__call__`` runs these steps,
in this order, each on its own line so that it can be read and switched off:

1. lowercase the text                  (``lowercase=False`` switches it off)
2. find the tokens with a regex        (``pattern``)
3. drop tokens shorter than a length   (``min_length=None`` switches it off)
4. drop stop words                     (``stop_words=None`` switches it off)
5. stem each token                     (``stemmer=None`` switches it off)
6. add word n-grams                    (``ngram_range=(1, 1)`` switches it off)

>>> tokenizer = Tokenizer()
>>> tokenizer("Don't panic! Forty-two is THE answer.")
["don't", 'panic', 'forty-two', 'is', 'the', 'answer']
>>> Tokenizer(pattern=SKLEARN_PATTERN)("Don't panic! Forty-two is THE answer.")
['don', 'panic', 'forty', 'two', 'is', 'the', 'answer']
"""

import re

from naivebayes.text.stop_words import ENGLISH_STOP_WORDS

__all__ = ["Tokenizer", "DEFAULT_PATTERN", "SKLEARN_PATTERN", "word_ngrams"]

# A token is a run of word characters (letters, digits, underscore), and runs
# joined by a hyphen or an apostrophe (' or the typographic ’) stay one token:
# "forty-two", "don't" and "don’t" are single words.  Punctuation is dropped,
# and one-letter words such as "a" and "I" are kept.
DEFAULT_PATTERN = r"\w+(?:[-'’]\w+)*"

# scikit-learn's default ``token_pattern``: words of two or more word
# characters.  It splits "forty-two" into "forty" and "two" and drops "a".
SKLEARN_PATTERN = r"(?u)\b\w\w+\b"


class Tokenizer:
    """Split a text into tokens: lowercase, regex, min length, stop words, stemmer, n-grams.

    With ``Tokenizer(pattern=SKLEARN_PATTERN)`` the tokens are exactly those of
    scikit-learn's default ``CountVectorizer().build_analyzer()``; the tests
    check this.  Every step that is switched off costs one ``if``, so the
    default path is just ``pattern.findall(text.lower())``.

    >>> Tokenizer(stop_words="english", ngram_range=(1, 2))("The cat sat on the mat")
    ['cat', 'sat', 'mat', 'cat sat', 'sat mat']
    """

    def __init__(
        self,
        lowercase=True,
        pattern=DEFAULT_PATTERN,
        min_length=None,
        stop_words=None,
        stemmer=None,
        ngram_range=(1, 1),
    ):
        self.lowercase = bool(lowercase)
        self.pattern = compile_pattern(pattern)
        self.min_length = check_min_length(min_length)
        self.stop_words = stop_word_set(stop_words)
        # Remember how the stop words were given, for __repr__.
        self.stop_words_name = stop_words if isinstance(stop_words, str) else None
        self.stemmer = check_stemmer(stemmer)
        self.ngram_range = check_ngram_range(ngram_range)

    def __call__(self, text):
        """Return the list of tokens of one document ``text``."""
        check_text(text)
        if self.lowercase:
            text = text.lower()
        tokens = self.pattern.findall(text)
        if self.min_length is not None:
            tokens = [token for token in tokens if len(token) >= self.min_length]
        if self.stop_words is not None:
            tokens = [token for token in tokens if token not in self.stop_words]
        if self.stemmer is not None:
            tokens = self.stem(tokens)
        if self.ngram_range != (1, 1):
            tokens = word_ngrams(tokens, *self.ngram_range)
        return tokens

    # The same step under a name that reads well in a sentence.
    tokenize = __call__

    def stem(self, tokens):
        """Apply the stemmer to every token, checking that it gives back strings."""
        stems = [self.stemmer(token) for token in tokens]
        for token, stem in zip(tokens, stems):
            if not isinstance(stem, str):
                raise TypeError(
                    f"the stemmer must return a string, but for {token!r} it returned "
                    f"{stem!r} ({type(stem).__name__})"
                )
        return stems

    def settings(self):
        """The tokenizer's settings, as a tuple: two tokenizers with equal settings give equal tokens."""
        return (self.lowercase, self.pattern, self.min_length, self.stop_words, self.stemmer, self.ngram_range)

    def __eq__(self, other):
        return isinstance(other, Tokenizer) and self.settings() == other.settings()

    def __hash__(self):
        return hash(self.settings())

    def __repr__(self):
        if self.stop_words is None:
            stop_words = "None"
        elif self.stop_words_name is not None:
            stop_words = repr(self.stop_words_name)
        else:
            stop_words = f"<{len(self.stop_words)} words>"
        if self.stemmer is None:
            stemmer = "None"
        else:
            stemmer = getattr(self.stemmer, "__name__", type(self.stemmer).__name__)
        return (
            f"Tokenizer(lowercase={self.lowercase}, pattern={self.pattern.pattern!r}, "
            f"min_length={self.min_length}, stop_words={stop_words}, "
            f"stemmer={stemmer}, ngram_range={self.ngram_range})"
        )


def word_ngrams(tokens, min_n, max_n):
    """All n-grams for n = min_n .. max_n, shortest first, words joined by one space.

    This is scikit-learn's order: every unigram, then every bigram, and so on.

    >>> word_ngrams(["to", "be", "or", "not"], 1, 2)
    ['to', 'be', 'or', 'not', 'to be', 'be or', 'or not']
    >>> word_ngrams(["to", "be", "or", "not"], 3, 3)
    ['to be or', 'be or not']
    """
    ngrams = []
    for n in range(min_n, max_n + 1):
        if n == 1:
            ngrams.extend(tokens)
        else:
            ngrams.extend(" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1))
    return ngrams


# ---------------------------------------------------------------------------
# Checks with error messages that say what to do.
# ---------------------------------------------------------------------------


def check_text(text):
    """Raise a helpful ``TypeError`` unless ``text`` is one document (a ``str``)."""
    if isinstance(text, str):
        return
    if isinstance(text, (bytes, bytearray)):
        raise TypeError(
            "the text is bytes, not str: decode it first, e.g. text.decode('utf-8')"
        )
    if text is None:
        raise TypeError("the text is None: pass a string ('' for an empty document)")
    if isinstance(text, (list, tuple)):
        raise TypeError(
            f"a Tokenizer takes one document (a str), not a {type(text).__name__}: "
            "for many documents use [tokenizer(text) for text in documents]"
        )
    raise TypeError(f"the text must be a str, not {type(text).__name__}")


def compile_pattern(pattern):
    """Compile ``pattern`` (a string or a compiled regex) and check its groups.

    ``findall`` returns whole matches when the pattern has no capturing group
    and the group when it has exactly one; with more groups it would return
    tuples, so that is refused (scikit-learn has the same rule).
    """
    if isinstance(pattern, str):
        pattern = re.compile(pattern)
    elif not isinstance(pattern, re.Pattern):
        raise TypeError(
            f"pattern must be a regex string or a compiled re.Pattern, "
            f"not {type(pattern).__name__}"
        )
    if pattern.groups > 1:
        raise ValueError(
            f"the pattern {pattern.pattern!r} has {pattern.groups} capturing groups; "
            "use at most one, and write other groups as non-capturing (?:...)"
        )
    return pattern


def check_min_length(min_length):
    """``None`` (step off) or a whole number of characters >= 1."""
    if min_length is None:
        return None
    if isinstance(min_length, bool) or not isinstance(min_length, int) or min_length < 1:
        raise ValueError(
            f"min_length must be a whole number >= 1, or None to keep every token; "
            f"got {min_length!r}"
        )
    return min_length


def stop_word_set(stop_words):
    """``None``, ``"english"`` (the built-in list) or any collection of strings -> frozenset."""
    if stop_words is None:
        return None
    if isinstance(stop_words, str):
        if stop_words == "english":
            return ENGLISH_STOP_WORDS
        raise ValueError(
            f"unknown stop word list {stop_words!r}: use 'english', None, "
            "or a collection of words such as {'the', 'a'}"
        )
    try:
        words = frozenset(stop_words)
    except TypeError:
        raise TypeError(
            f"stop_words must be None, 'english' or a collection of strings, "
            f"not {type(stop_words).__name__}"
        ) from None
    for word in words:
        if not isinstance(word, str):
            raise TypeError(f"every stop word must be a string; got {word!r}")
    return words


def check_stemmer(stemmer):
    """``None`` (step off) or a callable that maps a token to its stem."""
    if stemmer is not None and not callable(stemmer):
        raise TypeError(
            f"stemmer must be a function from str to str (or None), "
            f"not {type(stemmer).__name__}: e.g. stemmer=lambda word: word.removesuffix('s')"
        )
    return stemmer


def check_ngram_range(ngram_range):
    """A pair ``(min_n, max_n)`` of whole numbers with ``1 <= min_n <= max_n``."""
    message = (
        "ngram_range must be a pair (min_n, max_n) of whole numbers with "
        f"1 <= min_n <= max_n, such as (1, 1) or (1, 2); got {ngram_range!r}"
    )
    if not isinstance(ngram_range, (tuple, list)) or len(ngram_range) != 2:
        raise ValueError(message)
    min_n, max_n = ngram_range
    for n in (min_n, max_n):
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(message)
    if not 1 <= min_n <= max_n:
        raise ValueError(message)
    return (min_n, max_n)

