"""Features made of letters rather than words: character n-grams, prefixes and suffixes.

The NLTK book (chapter 6) guesses whether a first name is a girl's or a
boy's from its letters: the last letter, the last two, and so on.  Two steps
give such features:

* ``AffixFeatures`` gives each word's first and last letters as categorical
  features, ``{"prefix1": "j", "suffix2": "hn", ...}``, for ``CategoricalNB``;
* ``CharacterNgrams`` counts the runs of n letters of a text,
  ``{"jo": 1, "oh": 1, "hn": 1}``, for ``MultinomialNB``; with
  ``word_boundaries=True`` each word is padded with a space on both sides
  first, so " j" says "starts with j" (scikit-learn's ``analyzer="char_wb"``).

>>> AffixFeatures(prefixes=(1,), suffixes=(1, 2)).transform(["John", "Mary"])
[{'prefix1': 'j', 'suffix1': 'n', 'suffix2': 'hn'}, {'prefix1': 'm', 'suffix1': 'y', 'suffix2': 'ry'}]
>>> CharacterNgrams(2, 2, word_boundaries=True).transform(["Anna"])
[{' a': 1, 'an': 1, 'nn': 1, 'na': 1, 'a ': 1}]
"""

import re
from collections import Counter

from naivebayes.plumbing.checks import check_bool, plain_value, shown_number
from naivebayes.text.features import string_documents

__all__ = ["AffixFeatures", "CharacterNgrams", "affix_features", "character_ngrams"]

# Two or more whitespace characters in a row become one space before the
# n-grams are cut, as scikit-learn does (a single tab or newline stays).
WHITESPACE_RUN = re.compile(r"\s\s+")


# --8<-- [start:eq-character-ngrams]
def character_ngrams(text, n_min, n_max, word_boundaries=False):
    """Every run of n characters of the text, for n = n_min .. n_max.

    With word_boundaries, the runs of each word padded with a space on both
    sides instead; a padded word no longer than n gives itself, once
    (scikit-learn's rule for ``char_wb``).

    Formula: docs/text-features.md#eq-character-ngrams
    """
    text = WHITESPACE_RUN.sub(" ", text)
    if not word_boundaries:
        longest = min(n_max, len(text))  # no n-gram is longer than the text
        return [text[i : i + n] for n in range(n_min, longest + 1) for i in range(len(text) - n + 1)]
    ngrams = []
    for word in text.split():
        padded = " " + word + " "
        for n in range(n_min, n_max + 1):
            if n >= len(padded):
                ngrams.append(padded)  # the whole padded word, once
                break
            ngrams.extend(padded[i : i + n] for i in range(len(padded) - n + 1))
    return ngrams
# --8<-- [end:eq-character-ngrams]


# --8<-- [start:eq-affix-features]
def affix_features(word, prefixes=(1, 2), suffixes=(1, 2, 3)):
    """prefix_k = the first k letters of the word, suffix_k = its last k letters (the whole word if it is shorter).

    Formula: docs/text-features.md#eq-affix-features
    """
    features = {f"prefix{k}": word[:k] for k in prefixes}
    features.update({f"suffix{k}": word[-k:] for k in suffixes})
    return features
# --8<-- [end:eq-affix-features]


class CharacterNgrams:
    """Count the character n-grams of each text, n from ``n_min`` to ``n_max``: one ``{n-gram: count}`` per text.

    ``lowercase=True`` (the default) lowercases the text first;
    ``word_boundaries=True`` cuts the n-grams inside each word, padded with a
    space on both sides (scikit-learn's ``analyzer="char_wb"``; without it,
    ``analyzer="char"``).  Nothing is learned, so ``fit`` only returns the
    step.  Called on one text, the step gives its list of n-grams, so it can
    also be the tokenizer of a ``BagOfWords``, which learns a vocabulary of
    n-grams (with ``min_df`` and the rest).
    """

    def __init__(self, n_min, n_max, word_boundaries=False, lowercase=True):
        self.n_min = n_min
        self.n_max = n_max
        self.word_boundaries = word_boundaries
        self.lowercase = lowercase
        self.check_settings()

    def check_settings(self):
        """Check the settings (again at each call: one may have been assigned since)."""
        self.n_min = check_character_count("n_min", self.n_min)
        self.n_max = check_character_count("n_max", self.n_max)
        if self.n_max < self.n_min:
            raise ValueError(
                f"n_max={self.n_max} is smaller than n_min={self.n_min}; n-grams of n_min to n_max characters "
                "need n_min <= n_max, such as CharacterNgrams(2, 4)"
            )
        self.word_boundaries = check_bool(
            "word_boundaries", self.word_boundaries, "False cuts n-grams across the spaces between words"
        )
        self.lowercase = check_bool("lowercase", self.lowercase, "False keeps the text's capitals")

    def __call__(self, text):
        """The list of n-grams of one text (the step used as a tokenizer)."""
        self.check_settings()
        if not isinstance(text, str):
            raise TypeError(f"CharacterNgrams takes one text (a str), not {type(text).__name__}")
        return self.ngrams(text)

    def ngrams(self, text):
        """The n-grams of one text that is known to be a str."""
        if self.lowercase:
            text = text.lower()
        return character_ngrams(text, self.n_min, self.n_max, self.word_boundaries)

    def fit(self, documents):
        """Nothing to learn: return self (so the step fits where a BagOfWords does)."""
        return self

    def transform(self, documents):
        """One ``{n-gram: count}`` row per text."""
        self.check_settings()
        return [dict(Counter(self.ngrams(text))) for text in string_documents(documents, "CharacterNgrams")]

    def fit_transform(self, documents):
        """The same as ``transform``: nothing is learned."""
        return self.transform(documents)

    def __repr__(self):
        return (
            f"CharacterNgrams(n_min={self.n_min}, n_max={self.n_max}, "
            f"word_boundaries={self.word_boundaries}, lowercase={self.lowercase})"
        )


class AffixFeatures:
    """The first and last letters of each word, as categorical features: one ``{name: letters}`` per word.

    ``prefixes=(1, 2)`` gives ``prefix1`` and ``prefix2``, the first one and
    two letters; ``suffixes=(1, 2, 3)`` gives ``suffix1`` to ``suffix3``.
    ``last_letter=True`` adds the NLTK book's ``last_letter`` (the same
    letter as ``suffix1``: ask for one or the other, since naive Bayes would
    count the same evidence twice).  ``lowercase=True`` (the default)
    lowercases each word first.  Nothing is learned, so ``fit`` only returns
    the step.
    """

    def __init__(self, prefixes=(1, 2), suffixes=(1, 2, 3), last_letter=False, lowercase=True):
        self.prefixes = prefixes
        self.suffixes = suffixes
        self.last_letter = last_letter
        self.lowercase = lowercase
        self.check_settings()

    def check_settings(self):
        """Check the settings (again at each call: one may have been assigned since)."""
        self.prefixes = check_affix_lengths("prefixes", self.prefixes)
        self.suffixes = check_affix_lengths("suffixes", self.suffixes)
        self.last_letter = check_bool("last_letter", self.last_letter, "True adds NLTK's last_letter feature")
        self.lowercase = check_bool("lowercase", self.lowercase, "False keeps the word's capitals")
        if not (self.prefixes or self.suffixes or self.last_letter):
            raise ValueError(
                "prefixes and suffixes are both empty and last_letter is False, so there would be no feature; "
                "ask for some, such as suffixes=(1, 2)"
            )

    def fit(self, documents):
        """Nothing to learn: return self (so the step fits where a BagOfWords does)."""
        return self

    def transform(self, documents):
        """One row of affixes per word (each document is one word, such as a first name)."""
        self.check_settings()
        rows = []
        for index, word in enumerate(string_documents(documents, "AffixFeatures")):
            if not word:
                raise ValueError(f"document {index} is the empty string, which has no letters; leave it out")
            if self.lowercase:
                word = word.lower()
            row = affix_features(word, self.prefixes, self.suffixes)
            if self.last_letter:
                row["last_letter"] = word[-1]  # NLTK's name for suffix1
            rows.append(row)
        return rows

    def fit_transform(self, documents):
        """The same as ``transform``: nothing is learned."""
        return self.transform(documents)

    def __repr__(self):
        return (
            f"AffixFeatures(prefixes={self.prefixes}, suffixes={self.suffixes}, "
            f"last_letter={self.last_letter}, lowercase={self.lowercase})"
        )


def check_character_count(name, value):
    """A number of characters: a whole number >= 1."""
    value = plain_value(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a whole number of characters >= 1; got {shown_number(value):.60}")
    return value


def check_affix_lengths(name, values):
    """A tuple of numbers of characters (each a whole number >= 1, none twice); it may be empty."""
    if not isinstance(values, (tuple, list)):
        raise TypeError(
            f"{name} must be a tuple of numbers of letters, such as (1, 2), or () for none; got {values!r:.60}"
        )
    sizes = tuple(check_character_count(f"each of {name}", value) for value in values)
    if len(set(sizes)) < len(sizes):
        raise ValueError(f"{name}={values!r} names a size twice; give each once, such as (1, 2)")
    return sizes
