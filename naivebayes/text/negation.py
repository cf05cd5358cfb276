"""Negation marking: "not good" should not count as "good".

Jurafsky and Martin (Speech and Language Processing, 3rd ed., chapter 4)
give a simple baseline for sentiment: during text normalisation, put the
prefix ``NOT_`` on every word after a token of logical negation (n't, not,
no, never), up to the next punctuation mark.

>>> mark_negation(["didn't", "like", "this", "movie", ",", "but", "i"])
["didn't", 'NOT_like', 'NOT_this', 'NOT_movie', ',', 'but', 'i']

``Tokenizer(negation=True)`` runs it on every text (see docs/text-features.md).
"""

__all__ = ["mark_negation", "NEGATION_WORDS", "CLAUSE_PUNCTUATION", "NEGATION_PREFIX"]

# The negation words of the chapter.  A token that ends in "n't" ("didn't",
# "isn't", or "n't" on its own) is a negation too; so is the same ending
# written with the typographic apostrophe ("didn’t").
NEGATION_WORDS = frozenset({"not", "no", "never"})
NEGATION_ENDINGS = ("n't", "n\u2019t")

# The punctuation marks that end the scope of a negation.  A token made only
# of these characters (",", "!", "?!", "...") is a punctuation token.
CLAUSE_PUNCTUATION = ".,:;!?"

# What a negated word gets in front of it.  It is in capitals so that it
# cannot be mistaken for a word of a lowercased text.
NEGATION_PREFIX = "NOT_"


# --8<-- [start:eq-mark-negation]
def mark_negation(tokens):
    """NOT_w for each token w after a negation word and before the next punctuation token.

    A negation word is "not", "no", "never" or a token that ends in "n't"
    (in any case).  The negation word itself and the punctuation token stay
    as they are; a second negation inside the scope is marked like any other
    word.  Returns a new list; ``tokens`` is not changed.

    Formula: docs/text-features.md#eq-mark-negation
    """
    check_negation_tokens(tokens)
    marked = []
    negated = False  # are we inside the scope of a negation?
    for token in tokens:
        if not token.strip(CLAUSE_PUNCTUATION):  # a punctuation token ends the scope
            negated = False
            marked.append(token)
        elif negated:
            marked.append(NEGATION_PREFIX + token)
        else:
            marked.append(token)
            lowered = token.lower()
            negated = lowered in NEGATION_WORDS or lowered.endswith(NEGATION_ENDINGS)
    return marked
# --8<-- [end:eq-mark-negation]


def check_negation_tokens(tokens):
    """Raise a ``TypeError`` that says what to pass unless ``tokens`` is a list or tuple of non-empty strings."""
    if isinstance(tokens, str):
        raise TypeError(
            "mark_negation takes a list of tokens, not a str; split the text first, "
            "such as mark_negation(Tokenizer()(text)), or use Tokenizer(negation=True)"
        )
    if not isinstance(tokens, (list, tuple)):
        raise TypeError(
            f"mark_negation takes a list of token strings, not {type(tokens).__name__}; "
            "wrap a generator in list(...)"
        )
    for index, token in enumerate(tokens):
        if not isinstance(token, str):
            raise TypeError(f"token {index} is {token!r:.60} ({type(token).__name__}); every token must be a str")
        if not token:
            raise ValueError(f"token {index} is the empty string; a token needs at least one character")
