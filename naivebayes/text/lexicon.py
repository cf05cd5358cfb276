"""Lexicon counts: how many words of a document are in a list of positive or negative words.

Jurafsky and Martin (Speech and Language Processing, 3rd ed., chapter 4)
add features that count the words of a sentiment lexicon, such as Hu and
Liu's opinion lexicon, when there is too little training data for every word
to get a good estimate of its own:

>>> counts = LexiconCounts(positive={"great", "fun"}, negative={"dull"})
>>> counts.transform(["Great fun, great cast", "dull"])
[{'lexicon:positive': 3, 'lexicon:negative': 0}, {'lexicon:positive': 0, 'lexicon:negative': 1}]

``CombinedFeatures([BagOfWords(), counts])`` puts these two counts beside
the words, in one row per document (docs/text-features.md).
"""

from collections.abc import Mapping

from naivebayes.text.features import documents_as_token_lists
from naivebayes.text.tokenize import Tokenizer

__all__ = ["LexiconCounts", "lexicon_count"]

# The names of the two features; the colon keeps them apart from every word
# the default tokenizer finds (a token has no colon).
POSITIVE_FEATURE = "lexicon:positive"
NEGATIVE_FEATURE = "lexicon:negative"


# --8<-- [start:eq-lexicon-count]
def lexicon_count(tokens, lexicon):
    """n_L(d) = the number of tokens of document d that are words of the lexicon L (each occurrence counts).

    Formula: docs/text-features.md#eq-lexicon-count
    """
    return sum(1 for token in tokens if token in lexicon)
# --8<-- [end:eq-lexicon-count]


class LexiconCounts:
    """Two features per document: how many of its tokens are positive words, how many negative.

    ``positive`` and ``negative`` are collections of words (a set, a list).
    A document is a text, which goes through ``tokenizer`` (``Tokenizer()``
    unless you pass another), or a list of tokens.  A word is compared with
    the tokens as it is; a word in both lists counts in both.  Nothing is
    learned, so ``fit`` only returns the step.
    """

    def __init__(self, positive, negative, tokenizer=None):
        if tokenizer is not None and not callable(tokenizer):  # (else the first transform fails deep inside)
            raise TypeError(
                "tokenizer must be a function from a str to a list of tokens, such as "
                f"Tokenizer(negation=True); got {type(tokenizer).__name__}"
            )
        self.tokenizer = Tokenizer() if tokenizer is None else tokenizer
        self.positive = lexicon_set("positive", positive, self.tokenizer)
        self.negative = lexicon_set("negative", negative, self.tokenizer)
        if not self.positive and not self.negative:
            raise ValueError("both lexicons are empty, so every count would be 0; give some positive or negative words")

    def fit(self, documents):
        """Nothing to learn: return self (so the step fits where a BagOfWords does)."""
        return self

    def transform(self, documents):
        """One row ``{"lexicon:positive": n, "lexicon:negative": n}`` per document."""
        rows = []
        for tokens in documents_as_token_lists(documents, self.tokenizer):
            rows.append({
                POSITIVE_FEATURE: lexicon_count(tokens, self.positive),
                NEGATIVE_FEATURE: lexicon_count(tokens, self.negative),
            })
        return rows

    def fit_transform(self, documents):
        """The same as ``transform``: nothing is learned."""
        return self.transform(documents)

    def feature_names(self):
        """The names of the two features, in the order of a row."""
        return [POSITIVE_FEATURE, NEGATIVE_FEATURE]

    def __repr__(self):
        return f"LexiconCounts(<{len(self.positive)} positive words>, <{len(self.negative)} negative words>)"


def lexicon_set(name, words, tokenizer):
    """The words of a lexicon as a frozenset, or an error that says what to pass.

    With a lowercasing ``Tokenizer`` a word with capitals could never match a
    token, so it is refused with the fix, rather than counting 0 for ever.
    """
    if isinstance(words, (str, bytes)):
        raise TypeError(
            f"{name} is a single string ({words[:40]!r}); pass a collection of words, such as {{'good', 'great'}}"
        )
    if isinstance(words, Mapping):
        raise TypeError(f"{name} is a dict; pass its words, such as set(lexicon)")
    try:
        words = frozenset(words)
    except TypeError:
        raise TypeError(
            f"{name} must be a collection of words (a set or a list of strings), not {type(words).__name__}"
        ) from None
    for word in words:
        if not isinstance(word, str):
            raise TypeError(f"every word of {name} must be a string; found {word!r:.60} ({type(word).__name__})")
        if not word:
            raise ValueError(f"{name} holds the empty string, which is no word; leave it out")
    if type(tokenizer) is Tokenizer and tokenizer.lowercase:
        capitals = sorted(word for word in words if word != word.lower())
        if capitals:
            raise ValueError(
                f"{name} has words with capitals, such as {capitals[0]!r}, but the tokenizer lowercases the text, "
                f"so they could never match; lowercase them: {{word.lower() for word in {name}}}"
            )
    return words
