"""Text features past the bag of words: negation marking, lexicon counts, letters, hashing.

Each formula is checked on numbers worked out by hand (docs/text-features.md
shows the working), then against the reference tools where one exists
(NLTK's ``mark_negation``, scikit-learn's character analyzers, ``murmurhash3_32``,
``FeatureHasher`` and ``HashingVectorizer``), skipped cleanly without them.
"""

import os
import random
import subprocess
import sys
from fractions import Fraction

import pytest

from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.naive_bayes.multinomial import MultinomialNB
from naivebayes.text.bag_of_words import BagOfWords
from naivebayes.text.characters import AffixFeatures, CharacterNgrams, affix_features, character_ngrams
from naivebayes.text.features import CombinedFeatures
from naivebayes.text.hashing import FeatureHasher, hashed_features, murmurhash3_32
from naivebayes.text.lexicon import LexiconCounts, lexicon_count
from naivebayes.text.negation import mark_negation
from naivebayes.text.stemming import porter_stem
from naivebayes.text.tokenize import SKLEARN_PATTERN, Tokenizer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---------------------------------------------------------------------------
# Negation marking
# ---------------------------------------------------------------------------


def test_eq_mark_negation_on_the_chapters_example():
    # Jurafsky and Martin, chapter 4: "didn't like this movie , but I"
    tokens = ["didn't", "like", "this", "movie", ",", "but", "I"]
    assert mark_negation(tokens) == ["didn't", "NOT_like", "NOT_this", "NOT_movie", ",", "but", "I"]
    assert tokens[1] == "like"  # the list given is not changed


def test_eq_mark_negation_scope_rules():
    # each of not, no, never and n't opens a scope; each punctuation token closes it
    assert mark_negation(["no", "plot", ".", "never", "again", "!", "not", "bad", "?!", "fine"]) == [
        "no", "NOT_plot", ".", "never", "NOT_again", "!", "not", "NOT_bad", "?!", "fine",
    ]
    # a second negation inside a scope is a word of the scope; the scope runs to the end without punctuation
    assert mark_negation(["not", "never", "good"]) == ["not", "NOT_never", "NOT_good"]
    # any case; the typographic apostrophe; "n't" on its own, as the Penn Treebank splits "didn't"
    assert mark_negation(("NEVER", "Again")) == ["NEVER", "NOT_Again"]
    assert mark_negation(["isn\u2019t", "good"]) == ["isn\u2019t", "NOT_good"]
    assert mark_negation(["did", "n't", "work", ";", "ok"]) == ["did", "n't", "NOT_work", ";", "ok"]
    # a word that only contains "not" or "no" is not a negation
    assert mark_negation(["nothing", "notable", "nowhere", "good"]) == ["nothing", "notable", "nowhere", "good"]
    assert mark_negation([]) == []


@pytest.mark.parametrize(
    "tokens, error, phrase",
    [
        ("not good", TypeError, "not a str"),
        ((token for token in ["not", "good"]), TypeError, "wrap a generator"),
        (["not", 3], TypeError, "token 1 is 3"),
        (["not", ""], ValueError, "token 1 is the empty string"),
    ],
)
def test_mark_negation_refuses_what_is_not_a_token_list(tokens, error, phrase):
    with pytest.raises(error, match=phrase):
        mark_negation(tokens)


def test_tokenizer_marks_negation_and_drops_the_punctuation():
    tokenizer = Tokenizer(negation=True)
    text = "I didn't like this movie, but I loved the music. It was NOT bad!! Never again"
    assert tokenizer(text) == [
        "i", "didn't", "NOT_like", "NOT_this", "NOT_movie", "but", "i", "loved", "the", "music",
        "it", "was", "not", "NOT_bad", "never", "NOT_again",
    ]
    assert Tokenizer()(text)[:5] == ["i", "didn't", "like", "this", "movie"]  # off by default


@pytest.mark.parametrize("pattern", [None, SKLEARN_PATTERN, r"\S+"])
def test_negation_only_adds_marks(pattern):
    """Without its marks, a marked text gives the tokens of the same tokenizer without negation.

    (With a pattern that keeps punctuation, such as \\S+, the marks are cut off first: "bad." is "bad".)
    """
    rng = random.Random(3)
    words = ["not", "no", "never", "didn't", "good", "bad", "film", "a", "don\u2019t", "x_1"]
    marks = [".", ",", "!", "?", ";", ":", "...", "?!", " ", " ", " "]
    settings = {} if pattern is None else {"pattern": pattern}
    for _ in range(200):
        text = "".join(rng.choice(words) + rng.choice(marks) for _ in range(rng.randrange(0, 12)))
        plain = Tokenizer(**settings)(text if pattern != r"\S+" else text.replace(".", " ").replace(",", " ")
                                      .replace("!", " ").replace("?", " ").replace(";", " ").replace(":", " "))
        marked = Tokenizer(negation=True, **settings)(text)
        assert [token.removeprefix("NOT_") for token in marked] == plain


def test_negation_with_the_other_steps():
    text = "I don't like the movies. Liked it"
    # the stemmer stems the word behind the mark; stop words and min_length see the token as marked
    assert Tokenizer(negation=True, stemmer=porter_stem)(text) == [
        "i", "don't", "NOT_like", "NOT_the", "NOT_movi", "like", "it",
    ]
    assert Tokenizer(negation=True, stop_words="english")(text) == ["don't", "NOT_like", "NOT_the", "NOT_movies", "liked"]
    assert Tokenizer(negation=True, ngram_range=(2, 2))("not good at all") == [
        "not NOT_good", "NOT_good NOT_at", "NOT_at NOT_all",
    ]
    # with lowercase=False the negation word may have capitals
    assert Tokenizer(negation=True, lowercase=False)("Not Good") == ["Not", "NOT_Good"]


def test_negation_setting_is_checked_shown_and_compared():
    with pytest.raises(TypeError, match="negation must be True or False"):
        Tokenizer(negation="yes")
    tokenizer = Tokenizer()
    tokenizer.negation = 1
    with pytest.raises(TypeError, match="negation must be True or False"):
        tokenizer("not good")
    tokenizer.negation = True
    assert tokenizer("not good") == ["not", "NOT_good"]
    assert repr(Tokenizer(negation=True)).endswith("unicode_form='NFC', negation=True)")
    assert "negation" not in repr(Tokenizer())  # (the default is not shown)
    assert Tokenizer(negation=True) != Tokenizer() and Tokenizer(negation=True) == Tokenizer(negation=True)


def nltk_mark_negation():
    util = pytest.importorskip("nltk.sentiment.util", reason="NLTK is not installed")
    return util.mark_negation


def test_mark_negation_agrees_with_nltk_where_the_rules_agree():
    """NLTK writes word_NEG for NOT_word; on the chapter's negation words and NLTK's own punctuation they agree."""
    nltk = nltk_mark_negation()
    rng = random.Random(0)
    words = ["not", "no", "never", "didn't", "n't", "good", "bad", "film", "the", "i"]
    punctuation = [".", ":", ";", "!", "?"]  # NLTK's clause punctuation: one character, no comma
    for _ in range(500):
        tokens = [rng.choice(words + punctuation) for _ in range(rng.randrange(0, 15))]
        theirs = [token[:-4] if token.endswith("_NEG") else token for token in nltk(tokens)]
        ours = [token.removeprefix("NOT_") for token in mark_negation(tokens)]
        assert ours == theirs
        assert [token.endswith("_NEG") for token in nltk(tokens)] == [
            token.startswith("NOT_") for token in mark_negation(tokens)
        ]


def test_mark_negation_differs_from_nltk_as_the_docs_say():
    nltk = nltk_mark_negation()
    # 1. a comma ends the chapter's scope; NLTK marks the comma and goes on
    tokens = ["didn't", "like", "it", ",", "but", "fine"]
    assert nltk(tokens) == ["didn't", "like_NEG", "it_NEG", ",_NEG", "but_NEG", "fine_NEG"]
    assert mark_negation(tokens) == ["didn't", "NOT_like", "NOT_it", ",", "but", "fine"]
    # 2. a run of marks such as "!!" ends our scope; NLTK needs a single mark
    assert nltk(["not", "good", "!!", "bad"]) == ["not", "good_NEG", "!!_NEG", "bad_NEG"]
    assert mark_negation(["not", "good", "!!", "bad"]) == ["not", "NOT_good", "!!", "bad"]
    # 3. NLTK has more negation words ("nothing", "isnt") and reads them in lowercase only
    assert nltk(["nothing", "good"]) == ["nothing", "good_NEG"]
    assert mark_negation(["nothing", "good"]) == ["nothing", "good"]
    assert nltk(["Not", "good"]) == ["Not", "good"]
    assert mark_negation(["Not", "good"]) == ["Not", "NOT_good"]


# ---------------------------------------------------------------------------
# Binarized multinomial naive Bayes
# ---------------------------------------------------------------------------

# Jurafsky and Martin, chapter 4, Figure 4.3: the four documents of the binarization example.
BINARIZATION_DOCUMENTS = [
    "it was pathetic the worst part was the boxing scenes",
    "no plot twists or great scenes",
    "and satire and great plot twists",
    "great scenes great film",
]
BINARIZATION_LABELS = ["-", "-", "+", "+"]


def test_binary_bag_of_words_with_multinomial_nb_is_binarized_naive_bayes():
    bag = BagOfWords(binary=True)
    model = MultinomialNB(alpha=1).fit(bag.fit_transform(BINARIZATION_DOCUMENTS), BINARIZATION_LABELS)
    # The figure's counts after clipping each document's counts to 1
    assert model.feature_counts_["+"]["great"] == 2 and model.feature_counts_["-"]["great"] == 1
    assert model.feature_counts_["+"]["and"] == 1
    assert model.feature_counts_["-"]["the"] == 1 and model.feature_counts_["-"]["was"] == 1
    assert model.feature_counts_["-"]["scenes"] == 2  # in two documents, once each
    # n_+ = 5 distinct words in document 3 + 3 in document 4; |V| = 16
    assert model.feature_totals_["+"] == 8 and len(bag.vocabulary_) == 16
    assert model.likelihood("great", "+") == Fraction(2 + 1, 8 + 16)
    # without binary, "great" counts 3 times in class + and n_+ = 10
    counted = MultinomialNB(alpha=1).fit(BagOfWords().fit_transform(BINARIZATION_DOCUMENTS), BINARIZATION_LABELS)
    assert counted.likelihood("great", "+") == Fraction(3 + 1, 10 + 16)
    # a test document is clipped too: "great great great" is one "great"
    assert bag.transform(["great great great film"]) == [{"great": 1, "film": 1}]


# ---------------------------------------------------------------------------
# Lexicon counts and combined features
# ---------------------------------------------------------------------------


def test_eq_lexicon_count_counts_every_occurrence():
    assert lexicon_count(["good", "bad", "good", "fine", "plot"], {"good", "fine"}) == 3
    assert lexicon_count([], {"good"}) == 0
    assert lexicon_count(["NOT_good"], {"good"}) == 0  # a negated word is another token


def test_lexicon_counts_on_texts_and_token_lists():
    counts = LexiconCounts(positive=["great", "fun", "envious"], negative={"dull", "envious"})
    assert counts.fit(["ignored"]) is counts
    assert counts.transform(["Great fun, GREAT cast", ["dull", "dull", "envious"], ""]) == [
        {"lexicon:positive": 3, "lexicon:negative": 0},
        {"lexicon:positive": 1, "lexicon:negative": 3},  # a word in both lists counts in both
        {"lexicon:positive": 0, "lexicon:negative": 0},
    ]
    negated = LexiconCounts(positive={"good"}, negative={"bad"}, tokenizer=Tokenizer(negation=True))
    assert negated.fit_transform(["not good, not bad. good"]) == [{"lexicon:positive": 1, "lexicon:negative": 0}]
    assert counts.feature_names() == ["lexicon:positive", "lexicon:negative"]


@pytest.mark.parametrize(
    "positive, negative, tokenizer, error, phrase",
    [
        ("good", {"bad"}, None, TypeError, "positive is a single string"),
        ({"good": 1}, {"bad"}, None, TypeError, "positive is a dict"),
        ({"good"}, 3, None, TypeError, "negative must be a collection of words"),
        ({"good", 3}, {"bad"}, None, TypeError, "every word of positive must be a string"),
        ({"good", ""}, {"bad"}, None, ValueError, "empty string"),
        ({"Good"}, {"bad"}, None, ValueError, "capitals, such as 'Good'"),
        (set(), [], None, ValueError, "both lexicons are empty"),
        ({"good"}, {"bad"}, 5, TypeError, "tokenizer must be a function from a str to a list of tokens.*got int"),
    ],
)
def test_lexicon_counts_refuse_bad_lexicons(positive, negative, tokenizer, error, phrase):
    with pytest.raises(error, match=phrase):
        LexiconCounts(positive, negative, tokenizer=tokenizer)


def test_lexicon_words_with_capitals_are_fine_when_the_tokenizer_keeps_capitals():
    counts = LexiconCounts({"Good"}, {"bad"}, tokenizer=str.split)
    assert counts.transform(["Good good bad"]) == [{"lexicon:positive": 1, "lexicon:negative": 1}]


def test_lexicon_counts_refuse_bad_documents():
    counts = LexiconCounts({"good"}, {"bad"})
    with pytest.raises(TypeError, match="single string"):
        counts.transform("good film")
    with pytest.raises(TypeError, match="document 1 is a int"):
        counts.transform(["good", 3])
    with pytest.raises(TypeError, match="the tokenizer returned a str"):
        LexiconCounts({"good"}, {"bad"}, tokenizer=str.lower).transform(["good"])


def test_combined_features_feed_multinomial_nb():
    texts = ["a great film", "great fun", "dull and slow", "a dull film"]
    labels = ["pos", "pos", "neg", "neg"]
    steps = CombinedFeatures([BagOfWords(), LexiconCounts(positive={"great", "fun"}, negative={"dull", "slow"})])
    rows = steps.fit_transform(texts)
    assert rows[0] == {"a": 1, "great": 1, "film": 1, "lexicon:positive": 1, "lexicon:negative": 0}
    assert rows[2] == {"dull": 1, "and": 1, "slow": 1, "lexicon:positive": 0, "lexicon:negative": 2}
    model = MultinomialNB(alpha=1).fit(rows, labels)
    # n_{lexicon:positive, pos} = 1 + 2 = 3 of n_pos = 3 + 4 = 7 occurrences; |V| = 8 words + 2 lexicon features
    assert model.likelihood("lexicon:positive", "pos") == Fraction(3 + 1, 7 + 10)
    # transform uses what fit learned: an unseen word is dropped, the lexicon still counts
    assert steps.transform(["fun fun unseen"]) == [{"fun": 2, "lexicon:positive": 2, "lexicon:negative": 0}]
    assert model.predict(steps.transform(["fun fun unseen", "slow and dull"])) == ["pos", "neg"]
    assert steps.fit(texts) is steps


def test_combined_features_refuse_a_feature_made_twice():
    steps = CombinedFeatures([BagOfWords(tokenizer=str.split), LexiconCounts({"good"}, {"bad"}, tokenizer=str.split)])
    with pytest.raises(ValueError, match=r"steps 0 \(BagOfWords\) and 1 \(LexiconCounts\) both make the feature "
                                         r"'lexicon:positive' \(in document 1\)"):
        steps.fit_transform(["good film", "lexicon:positive good"])


class GivesTooFewRows:
    def transform(self, documents):
        return [{}]


class GivesAList:
    def transform(self, documents):
        return [["a"] for _ in documents]


@pytest.mark.parametrize(
    "steps, error, phrase",
    [
        ("BagOfWords()", TypeError, "steps must be a list of feature steps"),
        ([], ValueError, "steps is empty"),
        ([BagOfWords], TypeError, "step 0 is the class BagOfWords"),
        ([BagOfWords(), str.split], TypeError, "step 1 .* has no transform method"),
    ],
)
def test_combined_features_refuse_bad_steps(steps, error, phrase):
    with pytest.raises(error, match=phrase):
        CombinedFeatures(steps)


def test_combined_features_refuse_steps_that_give_bad_rows():
    with pytest.raises(ValueError, match=r"step 1 \(GivesTooFewRows\) gave 1 rows for 2 documents"):
        CombinedFeatures([BagOfWords(), GivesTooFewRows()]).fit_transform(["a b", "c"])
    with pytest.raises(TypeError, match=r"step 0 \(GivesAList\) gave a list for document 0"):
        CombinedFeatures([GivesAList()]).transform(["a b"])
    with pytest.raises(TypeError, match="single string"):
        CombinedFeatures([BagOfWords()]).fit_transform("a b")


# ---------------------------------------------------------------------------
# Letters: character n-grams, prefixes and suffixes
# ---------------------------------------------------------------------------


def test_eq_character_ngrams_by_hand():
    # "abc", n = 1..2: the three letters, then the two pairs
    assert character_ngrams("abc", 1, 2) == ["a", "b", "c", "ab", "bc"]
    assert character_ngrams("ab", 3, 5) == []  # no n-gram longer than the text
    # a space is a character too; two or more spaces in a row are one
    assert character_ngrams("a  b", 2, 2) == ["a ", " b"]
    # word boundaries: "ab" is padded to " ab ", so n = 2 gives " a", "ab", "b " and n = 3 " ab", "ab "
    assert character_ngrams("ab", 2, 3, word_boundaries=True) == [" a", "ab", "b ", " ab", "ab "]
    # a padded word no longer than n counts once, whole: " a " for n = 3, and nothing for n = 4, 5
    assert character_ngrams("a xy", 3, 5, word_boundaries=True) == [" a ", " xy", "xy ", " xy "]


def test_character_ngrams_step_counts_and_tokenizes():
    step = CharacterNgrams(2, 3, word_boundaries=True)
    assert step.fit(["x"]) is step
    assert step.fit_transform(["Anna", "ann"]) == [
        {" a": 1, "an": 1, "nn": 1, "na": 1, "a ": 1, " an": 1, "ann": 1, "nna": 1, "na ": 1},
        {" a": 1, "an": 1, "nn": 1, "n ": 1, " an": 1, "ann": 1, "nn ": 1},
    ]
    assert CharacterNgrams(1, 1, lowercase=False).transform(["aAa"]) == [{"a": 2, "A": 1}]
    # as the tokenizer of a BagOfWords, which learns a vocabulary of n-grams
    bag = BagOfWords(tokenizer=CharacterNgrams(1, 1), min_df=2)
    assert bag.fit(["abc", "bcd"]).feature_names() == ["b", "c"]


@pytest.mark.parametrize(
    "settings, error, phrase",
    [
        ((0, 2), ValueError, "n_min must be a whole number of characters >= 1; got 0"),
        ((3, 2), ValueError, "n_max=2 is smaller than n_min=3"),
        ((True, 2), ValueError, "n_min must be a whole number"),
        ((1, 2.5), ValueError, "n_max must be a whole number"),
    ],
)
def test_character_ngrams_refuse_bad_settings(settings, error, phrase):
    with pytest.raises(error, match=phrase):
        CharacterNgrams(*settings)


def test_character_ngrams_refuse_bad_documents_and_late_settings():
    step = CharacterNgrams(1, 2)
    with pytest.raises(TypeError, match="single string"):
        step.transform("abc")
    with pytest.raises(TypeError, match="document 1 is None"):
        step.transform(["abc", None])
    with pytest.raises(TypeError, match="takes one text"):
        step(["abc"])
    step.word_boundaries = "yes"
    with pytest.raises(TypeError, match="word_boundaries must be True or False"):
        step.transform(["abc"])


def analyzer(kind, n_min, n_max):
    text = pytest.importorskip("sklearn.feature_extraction.text", reason="scikit-learn is not installed")
    return text.CountVectorizer(analyzer=kind, ngram_range=(n_min, n_max)).build_analyzer()


@pytest.mark.parametrize("kind, word_boundaries", [("char", False), ("char_wb", True)])
def test_character_ngrams_agree_with_scikit_learn(kind, word_boundaries):
    rng = random.Random(7)
    alphabet = "ab c\t\n  \u00e9\u00fc\u65e5\u672c-'.A"
    texts = ["", " ", "a", "\t", "  x  "] + [
        "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 25))) for _ in range(200)
    ]
    for n_min, n_max in [(1, 1), (1, 3), (2, 5), (3, 3), (4, 7)]:
        theirs = analyzer(kind, n_min, n_max)
        ours = CharacterNgrams(n_min, n_max, word_boundaries=word_boundaries)
        for text in texts:
            assert ours(text) == theirs(text), (n_min, n_max, text)


def test_eq_affix_features_by_hand():
    assert affix_features("john") == {
        "prefix1": "j", "prefix2": "jo", "suffix1": "n", "suffix2": "hn", "suffix3": "ohn",
    }
    # a word shorter than k gives the whole word, as a slice does (NLTK's word[-3:])
    assert affix_features("al", prefixes=(), suffixes=(1, 3)) == {"suffix1": "l", "suffix3": "al"}


def test_affix_features_feed_categorical_nb():
    names = ["Anna", "Maria", "Julia", "John", "Mark", "Jack"]
    genders = ["female", "female", "female", "male", "male", "male"]
    step = AffixFeatures(prefixes=(), suffixes=(1,), last_letter=False)
    rows = step.fit_transform(names)
    assert rows[0] == {"suffix1": "a"} and rows[3] == {"suffix1": "n"}
    model = CategoricalNB(alpha=1).fit(rows, genders)
    assert model.predict(step.transform(["Emma", "Dan"])) == ["female", "male"]
    # NLTK's gender_features: {"last_letter": word[-1]}
    nltk_like = AffixFeatures(prefixes=(), suffixes=(), last_letter=True)
    assert nltk_like.transform(["Shrek"]) == [{"last_letter": "k"}]
    assert AffixFeatures(prefixes=(1,), suffixes=(), lowercase=False).transform(["Ann"]) == [{"prefix1": "A"}]


@pytest.mark.parametrize(
    "settings, error, phrase",
    [
        ({"prefixes": 2}, TypeError, "prefixes must be a tuple"),
        ({"suffixes": (1, 0)}, ValueError, "each of suffixes must be a whole number"),
        ({"suffixes": (2, 2)}, ValueError, "names a size twice"),
        ({"prefixes": (), "suffixes": ()}, ValueError, "there would be no feature"),
        ({"last_letter": "yes"}, TypeError, "last_letter must be True or False"),
    ],
)
def test_affix_features_refuse_bad_settings(settings, error, phrase):
    with pytest.raises(error, match=phrase):
        AffixFeatures(**settings)


def test_affix_features_refuse_bad_names():
    with pytest.raises(ValueError, match="document 1 is the empty string"):
        AffixFeatures().transform(["Ann", ""])
    with pytest.raises(TypeError, match="single string"):
        AffixFeatures().transform("Ann")


# ---------------------------------------------------------------------------
# Feature hashing
# ---------------------------------------------------------------------------

# MurmurHash3 x86 32-bit test vectors, the set that circulates with ports of the reference
# implementation (they agree with scikit-learn's murmurhash3_32 too): (bytes, seed, hash).
MURMUR_VECTORS = [
    (b"", 0, 0),
    (b"", 1, 0x514E28B7),
    (b"", 0xFFFFFFFF, 0x81F16F39),
    (b"\xff\xff\xff\xff", 0, 0x76293B50),
    (b"!Ce\x87", 0, 0xF55B516B),
    (b"!Ce\x87", 0x5082EDEE, 0x2362F9DE),
    (b"!Ce", 0, 0x7E4A8634),
    (b"!C", 0, 0xA0F7B07A),
    (b"!", 0, 0x72661CF4),
    (b"\x00\x00\x00\x00", 0, 0x2362F9DE),
    (b"\x00\x00\x00", 0, 0x85F0B427),
    (b"\x00\x00", 0, 0x30F4C306),
    (b"\x00", 0, 0x514E28B7),
    (b"Hello, world!", 1234, 0xFAF6CDB3),
    (b"The quick brown fox jumps over the lazy dog", 0, 0x2E4FF723),
]


def test_eq_murmurhash3_by_hand():
    # No bytes, seed 0: no block, no tail, h = 0 xor 0 (the length) = 0, and the avalanche keeps 0 at 0.
    assert murmurhash3_32(b"") == 0
    # No bytes, seed 1: only the length (0) and the avalanche act on h = 1.
    h = 1
    h ^= h >> 16  # 1 >> 16 = 0: h = 1
    h = h * 0x85EBCA6B % 2**32  # = 0x85EBCA6B
    assert h == 0x85EBCA6B
    h ^= h >> 13  # 0x85EBCA6B >> 13 = 0x42F5E, and 0x85EBCA6B xor 0x00042F5E = 0x85EFE535
    assert h == 0x85EFE535
    h = h * 0xC2B2AE35 % 2**32
    h ^= h >> 16
    assert murmurhash3_32(b"", seed=1) == h == 0x514E28B7
    # One zero byte, seed 0: the tail k = 0 mixes to 0, so h = 0 xor 1 (the length) and the avalanche
    # acts on 1, exactly as above: the same hash as b"" with seed 1.
    assert murmurhash3_32(b"\x00") == murmurhash3_32(b"", seed=1)


@pytest.mark.parametrize("data, seed, expected", MURMUR_VECTORS)
def test_eq_murmurhash3_on_the_published_vectors(data, seed, expected):
    assert murmurhash3_32(data, seed) == expected


def test_murmurhash3_reads_a_str_as_its_utf8_bytes():
    for text in ["test", "na\u00efve", "\u65e5\u672c", "\U0001f600"]:
        assert murmurhash3_32(text) == murmurhash3_32(text.encode("utf-8"))
    assert murmurhash3_32(bytearray(b"test")) == 0xBA6BD213


@pytest.mark.parametrize(
    "data, seed, error, phrase",
    [
        (3, 0, TypeError, "hashes bytes or a str, not int"),
        (b"a", -1, ValueError, "the seed must be a whole number from 0 to 2\\*\\*32 - 1"),
        (b"a", 2**32, ValueError, "the seed"),
    ],
)
def test_murmurhash3_refuses_bad_input(data, seed, error, phrase):
    with pytest.raises(error, match=phrase):
        murmurhash3_32(data, seed)


def test_eq_feature_hashing_by_hand():
    # h("good") = 0x06E18041 = 115441729 >= 0: column 115441729 mod 16 = 1 (1729 = 108 * 16 + 1), sign +
    # h("film") = 0xF9D22D57 - 2**32 = -103666345 < 0: column 103666345 mod 16 = 9 (6345 = 396 * 16 + 9), sign -
    assert murmurhash3_32("good") == 0x06E18041 == 115441729
    assert murmurhash3_32("film") - 2**32 == -103666345
    row = {"good": 2, "film": 1}
    assert hashed_features(row, 16) == {1: 2, 9: -1}
    assert hashed_features(row, 16, alternate_sign=False) == {1: 2, 9: 1}
    # with 8 columns both land in column 1 (729 = 91 * 8 + 1, 345 = 43 * 8 + 1): a collision; the values add up
    assert hashed_features(row, 8) == {1: 2 - 1}
    assert hashed_features(row, 8, alternate_sign=False) == {1: 3}
    # a category "a" of the feature "suffix1" is the feature "suffix1=a" with the value 1; a 0 is left out
    column = murmurhash3_32("suffix1=a") % 2**31 % 1000  # (its hash is below 2**31: the sign is +)
    assert murmurhash3_32("suffix1=a") < 2**31
    assert hashed_features({"suffix1": "a", "unused": 0}, 1000) == {column: 1}
    # -2**31 has no 32-bit opposite; its column is 2**31 mod n, as in scikit-learn (Python's abs gives it)
    assert abs(-(2**31)) % 10 == 8


def test_feature_hasher_rows_tokens_and_categories():
    hasher = FeatureHasher(n_features=16)
    assert hasher.fit([]) is hasher
    assert hasher.transform([{"good": 2, "film": 1}, ["good", "film", "good"], {}]) == [
        {1: 2, 9: -1}, {1: 2, 9: -1}, {},
    ]
    pipeline_rows = FeatureHasher(n_features=2**10, alternate_sign=False).fit_transform(
        AffixFeatures(prefixes=(), suffixes=(1, 2)).transform(["Anna"])
    )
    assert pipeline_rows == [hashed_features({"suffix1=a": 1, "suffix2=na": 1}, 2**10, alternate_sign=False)]
    assert repr(hasher) == "FeatureHasher(n_features=16, alternate_sign=True)"


def test_hashed_names_feed_multinomial_nb_only_without_alternate_sign():
    names = ["Anna", "Maria", "Julia", "John", "Mark", "Jack"]
    genders = ["female", "female", "female", "male", "male", "male"]
    affixes = AffixFeatures(prefixes=(1,), suffixes=(1, 2))
    hasher = FeatureHasher(n_features=2**8, alternate_sign=False)
    model = MultinomialNB(alpha=1).fit(hasher.transform(affixes.transform(names)), genders)
    assert model.predict(hasher.transform(affixes.transform(["Emma", "Jan"]))) == ["female", "male"]
    signed = FeatureHasher(n_features=2**8).transform(affixes.transform(names))
    assert any(value < 0 for row in signed for value in row.values())
    with pytest.raises(ValueError, match=r"not negative \(a FeatureHasher gives negative values unless alternate_sign=False\)"):
        MultinomialNB().fit(signed, genders)


@pytest.mark.parametrize(
    "settings, error, phrase",
    [
        ({"n_features": 0}, ValueError, "n_features must be a whole number from 1 to 2\\*\\*31 - 1; got 0"),
        ({"n_features": 2**31}, ValueError, "n_features must be"),
        ({"n_features": True}, ValueError, "n_features must be"),
        ({"n_features": 16.0}, ValueError, "n_features must be"),
        ({"alternate_sign": "no"}, TypeError, "alternate_sign must be True or False"),
    ],
)
def test_feature_hasher_refuses_bad_settings(settings, error, phrase):
    with pytest.raises(error, match=phrase):
        FeatureHasher(**settings)


@pytest.mark.parametrize(
    "rows, error, phrase",
    [
        ("good film", TypeError, "single string"),
        (["good film"], TypeError, "row 0 is a text"),
        ([{3: 1}], TypeError, "row 0 has the feature 3 .* must be strings"),
        ([{"a": None}], TypeError, "the value None"),
        ([{"a": True}], TypeError, "the value True"),
        ([{"a": float("nan")}], ValueError, "the value nan"),
        ([{"a": float("inf")}], ValueError, "the value inf; a count must be finite"),
        ([{"a": -float("inf")}], ValueError, "the value -inf; a count must be finite"),
        ([["a", 1]], TypeError, "must hold token strings"),
        ([3], TypeError, "row 0 is a int"),
    ],
)
def test_feature_hasher_refuses_bad_rows(rows, error, phrase):
    with pytest.raises(error, match=phrase):
        FeatureHasher().transform(rows)


def test_feature_hasher_refuses_a_column_sum_beyond_a_float():
    # Two finite counts that share a column can add up to inf; before, the row held inf (found by the fuzzer).
    hasher = FeatureHasher(n_features=1, alternate_sign=False)
    assert hasher.transform([{"a": 1e308, "b": 1}]) == [{0: 1e308 + 1}]
    with pytest.raises(ValueError, match="row 0: the values hashed to column 0 add up to more than a float holds"):
        hasher.transform([{"a": 1e308, "b": 1e308}])


def test_feature_hashing_is_the_same_in_every_process():
    """Python's hash of a str changes with PYTHONHASHSEED; the columns do not."""
    code = (
        "from naivebayes.text.hashing import FeatureHasher; "
        "print(hash('naive bayes') % 1000, FeatureHasher(1000).transform([['naive', 'bayes', 'caf\u00e9']]))"
    )
    outputs = []
    for seed in ("1", "2"):
        environment = {**os.environ, "PYTHONHASHSEED": seed}
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                                env=environment, check=True)
        outputs.append(result.stdout.split(" ", 1))
    assert outputs[0][0] != outputs[1][0]  # Python's own hash moved
    assert outputs[0][1] == outputs[1][1] == str(FeatureHasher(1000).transform([["naive", "bayes", "caf\u00e9"]])) + "\n"


def random_strings(rng, count):
    """Random strings of ASCII, Latin, CJK and astral characters (no lone surrogates: UTF-8 cannot hold them)."""
    pools = [(32, 127), (0xA0, 0x2FF), (0x4E00, 0x4F00), (0x1F600, 0x1F650)]
    strings = []
    for _ in range(count):
        low, high = rng.choice(pools)
        strings.append("".join(chr(rng.randrange(low, high)) for _ in range(rng.randrange(0, 14))))
    return strings


def test_murmurhash3_agrees_with_scikit_learn():
    utils = pytest.importorskip("sklearn.utils", reason="scikit-learn is not installed")
    rng = random.Random(11)
    for text in random_strings(rng, 2000):
        seed = rng.randrange(2**32)
        assert murmurhash3_32(text) == utils.murmurhash3_32(text, positive=True)
        assert murmurhash3_32(text.encode("utf-8"), seed) == utils.murmurhash3_32(
            text.encode("utf-8"), seed=seed, positive=True
        )


def dense(row, n_features):
    return {column: value for column, value in row.items() if value != 0 and column < n_features}


def test_feature_hasher_agrees_with_scikit_learn():
    extraction = pytest.importorskip("sklearn.feature_extraction", reason="scikit-learn is not installed")
    rng = random.Random(5)
    names = random_strings(rng, 60)
    rows = [
        {rng.choice(names) or "x": rng.choice([1, 2, 3.5, -1, "a", "\u00e9t\u00e9"]) for _ in range(rng.randrange(0, 6))}
        for _ in range(150)
    ]
    token_lists = [[rng.choice(names) or "x" for _ in range(rng.randrange(0, 8))] for _ in range(150)]
    for n_features in (1, 7, 2**10):
        for alternate_sign in (True, False):
            ours = FeatureHasher(n_features, alternate_sign)
            for input_type, data in (("dict", rows), ("string", token_lists)):
                theirs = extraction.FeatureHasher(n_features, input_type=input_type, alternate_sign=alternate_sign)
                for their_row, our_row in zip(theirs.transform(data).toarray().tolist(), ours.transform(data)):
                    assert {j: v for j, v in enumerate(their_row) if v != 0} == dense(our_row, n_features)


def test_feature_hasher_agrees_with_hashing_vectorizer():
    text = pytest.importorskip("sklearn.feature_extraction.text", reason="scikit-learn is not installed")
    documents = ["The cat sat on the mat", "na\u00efve Bayes \u00fcber alles", "a a a b", "\u65e5\u672c\u8a9e \u306e \u6587"]
    vectorizer = text.HashingVectorizer(n_features=2**12, norm=None)  # scikit-learn's default also divides by the l2 norm
    ours = FeatureHasher(n_features=2**12).transform([Tokenizer(pattern=SKLEARN_PATTERN)(d) for d in documents])
    for their_row, our_row in zip(vectorizer.transform(documents).toarray().tolist(), ours):
        assert {j: v for j, v in enumerate(their_row) if v != 0} == dense(our_row, 2**12)


def test_a_model_file_keeps_the_tokenizers_negation():
    """Without it, a loaded model would read "not good" as "good" and answer differently."""
    import json

    from naivebayes.saving import ModelFileError, from_json, to_json

    model = MultinomialNB(tokenizer=Tokenizer(negation=True)).fit(["not good", "good", "bad"], ["neg", "pos", "neg"])
    text = to_json(model)
    loaded = from_json(text)
    assert loaded.tokenizer == Tokenizer(negation=True)
    assert loaded.predict_proba(["not good at all", "good"]) == model.predict_proba(["not good at all", "good"])
    # a file of a model without negation is as before: the setting is written only when it is on
    assert "negation" not in to_json(MultinomialNB().fit(["good", "bad"], ["pos", "neg"]))
    broken = json.loads(text)
    broken["settings"]["tokenizer"]["negation"] = "yes"
    with pytest.raises(ModelFileError, match="settings.tokenizer.negation is \"yes\"; it should be true or false"):
        from_json(json.dumps(broken))
