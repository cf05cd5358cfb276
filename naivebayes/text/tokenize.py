"""Turn one document (a string) into a list of tokens, one visible step at a time.

A naive Bayes model for text only ever sees a bag of words: the tokens of a
document with their order thrown away (the from-scratch blog post's "Why
Naive?").  This module decides what the tokens are.  ``Tokenizer.__call__`` runs these steps,
in this order, each on its own line so that it can be read and switched off:

1. normalise the Unicode (NFC)         (``unicode_form=None`` switches it off)
2. lowercase the text                  (``lowercase=False`` switches it off)
3. find the tokens with a regex        (``pattern``)
   and mark negation                   (``negation=True`` switches it on)
4. drop tokens shorter than a length   (``min_length=None`` switches it off)
5. drop stop words                     (``stop_words=None`` switches it off)
6. stem each token                     (``stemmer=None`` switches it off)
7. add word n-grams                    (``ngram_range=(1, 1)`` switches it off)

Step 1 makes an accent typed as one character ("é", U+00E9) and the same
accent typed as a letter plus a combining mark ("e" + U+0301) the same text,
so they give the same tokens:

>>> Tokenizer()("caf\u00e9") == Tokenizer()("cafe\u0301") == ["caf\u00e9"]
True

>>> tokenizer = Tokenizer()
>>> tokenizer("Don't panic! Forty-two is THE answer.")
["don't", 'panic', 'forty-two', 'is', 'the', 'answer']
>>> Tokenizer(pattern=SKLEARN_PATTERN)("Don't panic! Forty-two is THE answer.")
['don', 'panic', 'forty', 'two', 'is', 'the', 'answer']
"""

import re
import unicodedata
from collections.abc import Mapping
from operator import is_

from naivebayes.plumbing.checks import check_bool, plain_value, shown_number
from naivebayes.text.negation import CLAUSE_PUNCTUATION, NEGATION_PREFIX, mark_negation
from naivebayes.text.stop_words import ENGLISH_STOP_WORDS

__all__ = [
    "Tokenizer", "DEFAULT_PATTERN", "SKLEARN_PATTERN", "MAX_NGRAM_SIZE", "runs_of_word_characters",
]

# A token is a run of word characters (letters, digits, underscore), and runs
# joined by a hyphen or an apostrophe (' or the typographic ’) stay one token:
# "forty-two", "don't" and "don’t" are single words.  Punctuation is dropped,
# and one-letter words such as "a" and "I" are kept.
DEFAULT_PATTERN = r"\w+(?:[-'’]\w+)*"

# scikit-learn's default ``token_pattern``: words of two or more word
# characters.  It splits "forty-two" into "forty" and "two" and drops "a".
SKLEARN_PATTERN = r"(?u)\b\w\w+\b"

# Both patterns compiled once, here, when the module is imported: a student who
# steps into the first ``fit`` meets the tokenizer's steps, not Python's
# regular-expression compiler (``compile_pattern`` hands these out).
COMPILED_PATTERNS = {DEFAULT_PATTERN: re.compile(DEFAULT_PATTERN), SKLEARN_PATTERN: re.compile(SKLEARN_PATTERN)}

# With negation=True step 3 cuts the text at each run of punctuation marks
# first: the runs end a negation's scope.  The group makes ``split`` keep them.
PUNCTUATION_RUN = re.compile("([" + re.escape(CLAUSE_PUNCTUATION) + "]+)")

# The Unicode normal forms step 1 may use, and None to skip it.  NFC (the
# default) only joins a letter and its combining accents into the one
# character that means the same ("e" + U+0301 -> "é"); NFKC also folds look-alike
# "compatibility" characters ("ﬁ" -> "fi", full-width "ａ" -> "a", but also
# "x²" -> "x2").  See docs/tokenizing.md#unicode-normalisation.
UNICODE_FORMS = ("NFC", "NFKC", None)

# A new pattern is tried on these texts: one that finds an empty token in any
# of them is refused (see compile_pattern).
PATTERN_PROBES = ("", "The cat's e-mail, x_1 #tag # 3.14 caf\u00e9... y?!\n")

# The longest word n-gram ``ngram_range`` may ask for.  A text of T tokens has
# about T * n n-grams of up to n words each for ngram_range=(1, n): its bag grows
# with n squared, and n = 10**9 on a long text fills the memory.  Beyond ten
# words an n-gram almost never occurs twice, so it cannot help a classifier.
MAX_NGRAM_SIZE = 10


class NonWordCharactersToSpaces(dict):
    """A ``str.translate`` table: every character that is not a word character becomes a space.

    A word character is what ``\\w`` matches: a letter, a digit or "_"
    (``str.isalnum()`` or "_").  There are a million code points, so the
    table decides each one the first time a text holds it and keeps the
    answer: 32 (a space) for a non-word character, the character's own code
    for a word character.
    """

    def __missing__(self, code):
        character = chr(code)
        self[code] = code if character.isalnum() or character == "_" else 32
        return self[code]


NON_WORD_TO_SPACE = NonWordCharactersToSpaces()


def runs_of_word_characters(text, min_length=2):
    """The tokens of ``SKLEARN_PATTERN`` (runs of two or more word characters), found without a regex.

    Every non-word character becomes a space, ``split`` cuts the text at the
    spaces, and runs shorter than ``min_length`` are dropped.  What ``split``
    leaves are the maximal runs of word characters, and ``\\b\\w\\w+\\b``
    matches exactly the maximal runs of two or more: the same tokens, in the
    same order (the tests check this on the 20 Newsgroups corpus and on
    random text).  ``translate`` and ``split`` run in C and need no
    backtracking, so this takes about half the time of ``findall`` (see the
    performance page).
    """
    return [run for run in text.translate(NON_WORD_TO_SPACE).split() if len(run) >= min_length]


class Tokenizer:
    """Split a text into tokens: Unicode form, lowercase, regex, min length, stop words, stemmer, n-grams.

    With ``Tokenizer(pattern=SKLEARN_PATTERN, unicode_form=None)`` the tokens
    are exactly those of scikit-learn's default
    ``CountVectorizer().build_analyzer()``, which does not normalise; on text
    that is already in NFC (nearly all typed text) ``unicode_form="NFC"``
    changes nothing, so ``Tokenizer(pattern=SKLEARN_PATTERN)`` agrees there
    too.  The tests check both.  Every step that is switched off costs one
    ``if``, so the default path is just
    ``pattern.findall(unicodedata.normalize("NFC", text).lower())``.

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
        unicode_form="NFC",
        negation=False,
    ):
        self.lowercase = lowercase
        self.pattern = pattern
        self.min_length = min_length
        self.stop_words = stop_words
        self.stemmer = stemmer
        self.ngram_range = ngram_range
        self.unicode_form = unicode_form
        self.negation = negation
        self.stop_words_name = stop_words if isinstance(stop_words, str) else None  # for __repr__
        self.checked_settings = None
        self.check_settings()

    def check_settings(self):
        """Check every setting and keep it in its checked form; a setting that is wrong raises, changing nothing.

        It runs when the tokenizer is made, and again at a call when a
        setting was assigned since (``tokenizer.lowercase = "no"`` is refused
        there, not silently taken as true).
        """
        # Unicode form first: it is the first step that runs, and the stop words are normalised by it.
        unicode_form = check_unicode_form(self.unicode_form)
        lowercase = check_bool("lowercase", self.lowercase, "False keeps the text's capitals")
        pattern = compile_pattern(self.pattern)
        min_length = check_min_length(self.min_length)
        stemmer = check_stemmer(self.stemmer)
        ngram_range = check_ngram_range(self.ngram_range)
        negation = check_bool("negation", self.negation, "True puts NOT_ on the words after not, no, never or n't")
        if self.checked_settings is not None and self.stop_words is self.checked_settings[3]:
            stop_words = self.stop_words  # already in the text's normal form
        else:
            stop_words = stop_word_set(self.stop_words, unicode_form, lowercase)
            check_stop_words_are_tokens(stop_words, pattern, self.stop_words)
        if isinstance(self.stop_words, str):
            self.stop_words_name = self.stop_words
        elif stop_words is not ENGLISH_STOP_WORDS:
            self.stop_words_name = None
        self.unicode_form, self.lowercase, self.pattern, self.min_length = unicode_form, lowercase, pattern, min_length
        self.stop_words, self.stemmer, self.ngram_range, self.negation = stop_words, stemmer, ngram_range, negation
        # scikit-learn's pattern finds runs of two or more word characters: step 3 then needs no regex.
        self.finds_runs_of_word_characters = pattern.pattern == SKLEARN_PATTERN and pattern.flags == re.UNICODE
        self.checked_settings = self.settings()

    def __call__(self, text):
        """Return the list of tokens of one document ``text``."""
        if not all(map(is_, self.settings(), self.checked_settings)):  # a setting was assigned since it was checked
            self.check_settings()
        check_text(text)
        if self.unicode_form is not None:
            text = unicodedata.normalize(self.unicode_form, text)
        if self.lowercase:
            text = text.lower()
        if self.negation:
            tokens = self.find_tokens_marking_negation(text)
        else:
            tokens = self.find_tokens(text)
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

    def find_tokens(self, text):
        """Step 3: the pattern's matches in the text.

        For scikit-learn's pattern the same tokens come from
        ``runs_of_word_characters``, which is about twice as fast as the regex.
        """
        if self.finds_runs_of_word_characters:
            return runs_of_word_characters(text)
        return self.pattern.findall(text)

    def find_tokens_marking_negation(self, text):
        """Step 3 with ``negation=True``: the tokens between the punctuation marks, with negation marked.

        The text is cut at each run of punctuation marks (``CLAUSE_PUNCTUATION``);
        the pattern finds the tokens of each piece, and each run is kept as a
        token of its own, so that ``mark_negation`` sees where a scope ends.
        The punctuation tokens are then dropped, as the pattern drops them.
        """
        tokens = []
        for index, piece in enumerate(PUNCTUATION_RUN.split(text)):
            if index % 2:
                tokens.append(piece)  # a run of punctuation marks (split puts them at the odd places)
            else:
                tokens.extend(self.find_tokens(piece))
        return [token for token in mark_negation(tokens) if token[0] not in CLAUSE_PUNCTUATION]

    def stem(self, tokens):
        """Apply the stemmer to every token, checking that it gives back strings; a NOT_ mark stays in front."""
        words = [token.removeprefix(NEGATION_PREFIX) for token in tokens] if self.negation else tokens
        stems = [self.stemmer(word) for word in words]
        for token, stem in zip(tokens, stems):
            if not isinstance(stem, str):
                raise TypeError(
                    f"the stemmer must return a string, but for {token!r} it returned "
                    f"{stem!r} ({type(stem).__name__})"
                )
        if self.negation:  # the stemmer saw "liked", not "NOT_liked": put the mark back
            stems = [
                NEGATION_PREFIX + stem if token.startswith(NEGATION_PREFIX) else stem
                for token, stem in zip(tokens, stems)
            ]
        return stems

    def settings(self):
        """The tokenizer's settings, as a tuple: two tokenizers with equal settings give equal tokens."""
        return (
            self.lowercase,
            self.pattern,
            self.min_length,
            self.stop_words,
            self.stemmer,
            self.ngram_range,
            self.unicode_form,
            self.negation,
        )

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
            f"stemmer={stemmer}, ngram_range={self.ngram_range}, unicode_form={self.unicode_form!r}"
            + (", negation=True)" if self.negation else ")")  # (off, as by default, it is not shown)
        )


def word_ngrams(tokens, min_n, max_n):
    """All n-grams for n = min_n .. max_n, shortest first, words joined by one space.

    This is scikit-learn's order: every unigram, then every bigram, and so on.
    No n-gram is longer than the document, so ``max_n`` beyond its length
    (even ``10**9``) costs nothing.

    >>> word_ngrams(["to", "be", "or", "not"], 1, 2)
    ['to', 'be', 'or', 'not', 'to be', 'be or', 'or not']
    >>> word_ngrams(["to", "be", "or", "not"], 3, 3)
    ['to be or', 'be or not']
    >>> word_ngrams(["to", "be"], 1, 10**9)
    ['to', 'be', 'to be']
    """
    ngrams = []
    longest = min(max_n, len(tokens))  # the longest n-gram is the whole document
    for n in range(min_n, longest + 1):
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
    r"""Compile the token ``pattern`` (a str or a compiled str regex) and check that it makes tokens.

    Each refusal names the token pattern and says how to fix it:

    * a bytes pattern: the texts are str, and ``re`` cannot search one with the other;
    * a string that is not a valid regular expression (``re``'s reason is kept);
    * more than one capturing group: ``findall`` returns whole matches when the
      pattern has no capturing group and the group when it has exactly one,
      but tuples with more (scikit-learn has the same rule);
    * a pattern that finds an empty token, such as ``\w*`` (``*`` allows zero
      characters).  It is tried on the empty string and on a short sample text,
      ``PATTERN_PROBES``, when the tokenizer is made.
    """
    if isinstance(pattern, (bytes, bytearray)) or (
        isinstance(pattern, re.Pattern) and isinstance(pattern.pattern, bytes)
    ):
        raise TypeError(
            "the token pattern is bytes, but the texts are str and a bytes pattern cannot "
            "search them; write the pattern as a str, without the b prefix (r'\\w+', not rb'\\w+')"
        )
    if type(pattern) is str and pattern in COMPILED_PATTERNS:
        return COMPILED_PATTERNS[pattern]  # compiled (and checked) when the module was imported
    if isinstance(pattern, str):
        try:
            pattern = re.compile(pattern)
        except re.error as error:
            raise ValueError(
                f"the token pattern {pattern!r} is not a valid regular expression ({error}); "
                "fix the pattern, or leave pattern out to use DEFAULT_PATTERN"
            ) from None
    elif not isinstance(pattern, re.Pattern):
        raise TypeError(
            f"pattern must be a regex string or a compiled re.Pattern, "
            f"not {type(pattern).__name__}"
        )
    if pattern.groups > 1:
        raise ValueError(
            f"the token pattern {pattern.pattern!r} has {pattern.groups} capturing groups; "
            "use at most one, and write other groups as non-capturing (?:...)"
        )
    for probe in PATTERN_PROBES:
        if "" in pattern.findall(probe):
            where = "in the empty string" if probe == "" else f"in the text {probe!r}"
            raise ValueError(
                f"the token pattern {pattern.pattern!r} gives an empty token {where}; "
                "every token needs at least one character: repeat with + rather than * "
                "(r'\\w+', not r'\\w*'), and make neither the pattern nor its group optional"
            )
    return pattern


def check_unicode_form(unicode_form):
    """``"NFC"``, ``"NFKC"`` or ``None`` (step off); the decomposing forms are refused with the reason."""
    if unicode_form in ("NFD", "NFKD"):
        raise ValueError(
            f"unicode_form={unicode_form!r} would write each accented letter as a letter plus a "
            "combining accent, and a combining accent is not a word character: 'café' would lose "
            "its accent and 'résumé' would split into 're' and 'sume'; use 'NFC' (the default), "
            "'NFKC' or None"
        )
    if unicode_form not in UNICODE_FORMS:
        raise ValueError(
            "unicode_form must be 'NFC', 'NFKC' or None (no normalisation); "
            f"got {unicode_form!r}"
        )
    return unicode_form


def check_min_length(min_length):
    """``None`` (step off) or a whole number of characters >= 1."""
    if min_length is None:
        return None
    min_length = plain_value(min_length)  # a numpy int: the Python int it holds
    if isinstance(min_length, bool) or not isinstance(min_length, int) or min_length < 1:
        raise ValueError(
            f"min_length must be a whole number >= 1, or None to keep every token; "
            f"got {shown_number(min_length):.60}"
        )
    return min_length


def stop_word_set(stop_words, unicode_form=None, lowercase=False):
    """``None``, ``"english"`` (the built-in list) or any collection of strings -> frozenset.

    The words go through the steps the text goes through before they are
    compared with its tokens: the ``unicode_form`` (so a stop word typed with
    a combining accent still matches) and, with ``lowercase``, lowercasing
    (so ``{"The"}`` removes "the" from a lowercased text).  The built-in list
    is plain lowercase ASCII, which both steps leave as it is.
    """
    if stop_words is None:
        return None
    if isinstance(stop_words, str):
        if stop_words == "english":
            return ENGLISH_STOP_WORDS
        raise ValueError(
            f"unknown stop word list {stop_words!r}: use 'english', None, "
            "or a collection of words such as {'the', 'a'}"
        )
    if isinstance(stop_words, Mapping):
        raise TypeError(
            "stop_words must be None, 'english' or a collection of strings, not a dict; "
            "pass its words, such as set(counts) or list(counts)"
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
    if unicode_form is not None:
        words = frozenset(unicodedata.normalize(unicode_form, word) for word in words)
    if lowercase:
        words = frozenset(word.lower() for word in words)
    return words


def check_stop_words_are_tokens(stop_words, pattern, given):
    """Refuse a stop word that the pattern would cut into other tokens: it could never match one.

    ``"the cat"`` is two tokens and ``"don't"`` under ``SKLEARN_PATTERN`` is the
    token "don"; either would be kept in every text, silently.  A word the
    pattern finds no token in at all (such as "a" for a pattern of two or more
    characters) only never occurs, which does no harm.
    """
    if stop_words is None or stop_words is ENGLISH_STOP_WORDS:
        return
    for word in sorted(stop_words):
        tokens = pattern.findall(word)
        if tokens and tokens != [word]:
            raise ValueError(
                f"the stop word {word!r} can never match a token: the token pattern {pattern.pattern!r} "
                f"cuts it into {tokens!r}; give the tokens themselves as stop words (such as "
                f"{sorted(set(tokens))!r}), or change the pattern"
            )


def check_stemmer(stemmer):
    """``None`` (step off) or a callable that maps a token to its stem."""
    if stemmer is not None and not callable(stemmer):
        raise TypeError(
            f"stemmer must be a function from str to str (or None), "
            f"not {type(stemmer).__name__}: e.g. stemmer=lambda word: word.removesuffix('s')"
        )
    return stemmer


def check_ngram_range(ngram_range):
    """A pair ``(min_n, max_n)`` of whole numbers with ``1 <= min_n <= max_n <= MAX_NGRAM_SIZE``."""
    if not isinstance(ngram_range, (tuple, list)) or len(ngram_range) != 2:
        shown = f"a {type(ngram_range).__name__}" if isinstance(ngram_range, (tuple, list)) else repr(ngram_range)
        raise ValueError(
            "ngram_range must be a pair (min_n, max_n) of whole numbers with "
            f"1 <= min_n <= max_n, such as (1, 1) or (1, 2); got {shown:.60}"
        )
    min_n, max_n = map(plain_value, ngram_range)  # numpy ints: the Python ints they hold
    shown = f"({shown_number(min_n):.30}, {shown_number(max_n):.30})"  # (an int of 5,000 digits has no repr)
    message = (
        "ngram_range must be a pair (min_n, max_n) of whole numbers with "
        f"1 <= min_n <= max_n, such as (1, 1) or (1, 2); got {shown}"
    )
    for n in (min_n, max_n):
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(message)
    if not 1 <= min_n <= max_n:
        raise ValueError(message)
    if max_n > MAX_NGRAM_SIZE:
        raise ValueError(
            f"ngram_range={shown} asks for n-grams of up to {shown_number(max_n)} words, but n-grams are at most "
            f"{MAX_NGRAM_SIZE} words long (MAX_NGRAM_SIZE): a text's bag grows with the square of max_n, and "
            "longer n-grams almost never occur twice; use a small range, such as (1, 2) or (1, 3)"
        )
    return (min_n, max_n)
