"""Tests for naivebayes/tokenize.py and naivebayes/stop_words.py."""

import os
import random
import re
import sys
import time
import unicodedata
from collections import Counter
from pathlib import Path

import pytest

from naivebayes.text.stop_words import ENGLISH_STOP_WORDS
from naivebayes.text.tokenize import DEFAULT_PATTERN, SKLEARN_PATTERN, Tokenizer, word_ngrams

# The from-scratch blog post's "Why Naive?", with the unicode ellipsis as in the note.
HITCHHIKER = (
    "The Answer to the Great Question\u2026 Of Life, the Universe and Everything\u2026 "
    "Is\u2026 Forty-two"
)

# Texts that stress the pattern: unicode letters, digits, underscores,
# hyphens, both apostrophes, one-letter words and punctuation runs.
VARIED_TEXTS = [
    HITCHHIKER,
    "Don't panic -- it's only 42 (forty-two)!",
    "Café naïve résumé: Straße, ÉCOLE, Ωmega and 東京 too.",
    "snake_case __init__ x_1 a b c I O 3.14 1,000,000",
    "rock \u2019n\u2019 roll, don\u2019t stop; state-of-the-art e-mail",
    "   \n\t  ",
    "",
    "C++ & C# vs. F* -- a/b? x+y=z; <html>tags</html> email@example.com",
]


# --- the default pattern ------------------------------------------------------


def test_hitchhiker_sentence_gives_the_14_token_bag_of_lecture_004():
    tokens = Tokenizer()(HITCHHIKER)
    assert len(tokens) == 14
    assert Counter(tokens) == Counter(
        {
            "the": 3,
            "answer": 1,
            "to": 1,
            "great": 1,
            "question": 1,
            "of": 1,
            "life": 1,
            "universe": 1,
            "and": 1,
            "everything": 1,
            "is": 1,
            "forty-two": 1,
        }
    )


def test_default_pattern_keeps_inner_hyphens_and_both_apostrophes():
    tokens = Tokenizer()("Forty-two, don't and don\u2019t; state-of-the-art")
    assert tokens == ["forty-two", "don't", "and", "don\u2019t", "state-of-the-art"]


def test_default_pattern_drops_punctuation_and_outer_hyphens():
    assert Tokenizer()("-- 'quoted' -dash- ...end!") == ["quoted", "dash", "end"]


def test_default_pattern_keeps_one_character_words_digits_and_underscores():
    assert Tokenizer()("I saw a cat_3 at 9") == ["i", "saw", "a", "cat_3", "at", "9"]


def test_default_pattern_splits_on_a_doubled_hyphen():
    assert Tokenizer()("well--known") == ["well", "known"]


def test_default_pattern_is_the_documented_string():
    assert DEFAULT_PATTERN == r"\w+(?:[-'’]\w+)*"
    assert re.compile(DEFAULT_PATTERN).groups == 0


def test_empty_and_blank_texts_give_no_tokens():
    assert Tokenizer()("") == []
    assert Tokenizer()("  \n\t ... !") == []


# --- lowercase ------------------------------------------------------------------


def test_lowercase_is_on_by_default():
    assert Tokenizer()("The CAT") == ["the", "cat"]


def test_lowercase_can_be_switched_off():
    assert Tokenizer(lowercase=False)("The CAT") == ["The", "CAT"]


# --- Unicode normalisation ----------------------------------------------------------

# The same words with every accent written as a letter plus a combining mark
# (NFD), as text copied from some PDFs or macOS file names arrives.
DECOMPOSED_TEXTS = [unicodedata.normalize("NFD", text) for text in VARIED_TEXTS]


def test_composed_and_decomposed_accents_give_the_same_tokens():
    composed, decomposed = "caf\u00e9 r\u00e9sum\u00e9", "cafe\u0301 re\u0301sume\u0301"
    assert composed != decomposed
    assert Tokenizer()(composed) == Tokenizer()(decomposed) == ["caf\u00e9", "r\u00e9sum\u00e9"]
    assert Tokenizer()("E\u0301COLE") == ["\u00e9cole"]


@pytest.mark.parametrize("index", range(len(VARIED_TEXTS)))
def test_every_text_gives_the_same_tokens_composed_or_decomposed(index):
    tokenizer = Tokenizer()
    assert tokenizer(DECOMPOSED_TEXTS[index]) == tokenizer(VARIED_TEXTS[index])


def test_unicode_form_is_nfc_by_default():
    assert Tokenizer().unicode_form == "NFC"


def test_unicode_form_none_switches_normalisation_off():
    # The combining accent U+0301 is not a word character, so without
    # normalisation it splits "résumé" and drops the accents.
    assert Tokenizer(unicode_form=None)("re\u0301sume\u0301") == ["re", "sume"]
    assert Tokenizer(unicode_form=None)("r\u00e9sum\u00e9") == ["r\u00e9sum\u00e9"]


def test_nfc_keeps_compatibility_characters_and_nfkc_folds_them():
    text = "\ufb01nal \uff46\uff55\uff4c\uff4c x\u00b2"  # "fi" ligature, full-width letters, superscript 2
    assert Tokenizer()(text) == ["\ufb01nal", "\uff46\uff55\uff4c\uff4c", "x\u00b2"]
    assert Tokenizer(unicode_form="NFKC")(text) == ["final", "full", "x2"]


def test_normalisation_runs_before_lowercasing():
    # NFKC turns the black-letter capital U+210C into "H"; only lowercasing
    # after it makes that an "h" ("\u210c".lower() is "\u210c" itself).
    assert Tokenizer(unicode_form="NFKC")("\u210cello") == ["hello"]


def test_stop_words_are_normalised_like_the_text():
    tokenizer = Tokenizer(stop_words={"cafe\u0301"})
    assert tokenizer.stop_words == frozenset({"caf\u00e9"})
    assert tokenizer("caf\u00e9 au lait") == ["au", "lait"]


@pytest.mark.parametrize("form", ["NFD", "NFKD"])
def test_decomposing_unicode_forms_are_refused_with_the_reason(form):
    with pytest.raises(ValueError, match=f"unicode_form={form!r}.*combining.*'NFC'"):
        Tokenizer(unicode_form=form)


@pytest.mark.parametrize("bad", ["nfc", "NFX", "", 1, True])
def test_unknown_unicode_forms_are_refused(bad):
    with pytest.raises(ValueError, match="unicode_form must be 'NFC', 'NFKC' or None"):
        Tokenizer(unicode_form=bad)


def test_unicode_form_is_part_of_the_settings():
    assert Tokenizer() == Tokenizer(unicode_form="NFC")
    assert Tokenizer() != Tokenizer(unicode_form=None)
    assert Tokenizer(unicode_form="NFKC") != Tokenizer(unicode_form=None)


# --- what lowercasing does with special letters (docs/tokenizing.md) -----------------


def test_lowercasing_the_turkish_dotted_capital_i_gives_two_code_points():
    # str.lower (which scikit-learn uses too) maps U+0130 to "i" + U+0307, the
    # combining dot above; the dot is no word character, so the word splits.
    assert "\u0130".lower() == "i\u0307"
    assert Tokenizer()("\u0130stanbul") == ["i", "stanbul"]
    assert Tokenizer()("\u0130stanbul".replace("\u0130", "i")) == ["istanbul"]  # the fix for Turkish text


def test_lowercasing_keeps_the_german_sharp_s():
    assert Tokenizer()("Stra\u00dfe STRASSE \u1e9e") == ["stra\u00dfe", "strasse", "\u00df"]
    assert Tokenizer()("Stra\u00dfe STRASSE".casefold()) == ["strasse", "strasse"]


# --- the pattern ------------------------------------------------------------------


def test_pattern_may_be_a_compiled_regex():
    tokenizer = Tokenizer(pattern=re.compile(r"[a-z]+"))
    assert tokenizer("abc1def ghi") == ["abc", "def", "ghi"]


def test_pattern_with_one_group_returns_the_group():
    # The "#" is part of the match but outside the group, so it is not returned.
    assert Tokenizer(pattern=r"#(\w+)")("use #naive and #bayes") == ["naive", "bayes"]


def test_pattern_with_two_groups_is_refused():
    with pytest.raises(ValueError, match="2 capturing groups"):
        Tokenizer(pattern=r"(\w)(\w+)")


def test_pattern_with_two_groups_is_refused_when_compiled_too():
    with pytest.raises(ValueError, match="non-capturing"):
        Tokenizer(pattern=re.compile(r"(a)|(b)"))


def test_pattern_of_the_wrong_type_is_refused():
    with pytest.raises(TypeError, match="pattern must be"):
        Tokenizer(pattern=42)


@pytest.mark.parametrize(
    "pattern", [r"\w*", r"[a-z]*", r"a?", "", r"(?:)", r"(\w*)", r"\b", r"(?=\w)", r"\w+|", r"#(\w*)", r"x|(y)"]
)
def test_a_pattern_that_can_match_the_empty_string_is_refused(pattern):
    with pytest.raises(ValueError, match="empty token.*pattern"):
        Tokenizer(pattern=pattern)
    with pytest.raises(ValueError, match="empty token"):
        Tokenizer(pattern=re.compile(pattern))


@pytest.mark.parametrize("pattern", ["[a-z", r"(\w+", r"\w+)", "*", r"(?P<word\w+)"])
def test_an_invalid_pattern_is_named_as_the_token_pattern(pattern):
    with pytest.raises(ValueError, match="the token pattern .* is not a valid regular expression"):
        Tokenizer(pattern=pattern)


def test_an_invalid_pattern_error_is_not_a_bare_re_error():
    with pytest.raises(ValueError) as caught:
        Tokenizer(pattern="[a-z")
    assert not isinstance(caught.value, re.error)
    assert "position 0" in str(caught.value)  # re's own reason is kept


@pytest.mark.parametrize("pattern", [rb"\w+", re.compile(rb"\w+")])
def test_a_bytes_pattern_is_refused_with_a_hint(pattern):
    with pytest.raises(TypeError, match=r"token pattern is bytes.*str"):
        Tokenizer(pattern=pattern)


def test_sklearn_pattern_splits_hyphens_and_drops_short_words():
    tokens = Tokenizer(pattern=SKLEARN_PATTERN)("A forty-two isn't I")
    assert tokens == ["forty", "two", "isn"]


@pytest.mark.parametrize("text", VARIED_TEXTS)
def test_sklearn_pattern_matches_scikit_learns_default_analyzer(text):
    sklearn_text = pytest.importorskip("sklearn.feature_extraction.text")
    analyzer = sklearn_text.CountVectorizer().build_analyzer()
    assert Tokenizer(pattern=SKLEARN_PATTERN)(text) == analyzer(text)


@pytest.mark.parametrize("text", VARIED_TEXTS)
@pytest.mark.parametrize("ngram_range", [(1, 1), (1, 2), (2, 3)])
def test_stop_words_and_ngrams_match_scikit_learn(text, ngram_range):
    sklearn_text = pytest.importorskip("sklearn.feature_extraction.text")
    stop_words = ["the", "of", "and", "a", "is", "it"]
    analyzer = sklearn_text.CountVectorizer(
        stop_words=stop_words, ngram_range=ngram_range
    ).build_analyzer()
    ours = Tokenizer(pattern=SKLEARN_PATTERN, stop_words=stop_words, ngram_range=ngram_range)
    assert ours(text) == analyzer(text)


@pytest.mark.parametrize(
    "text",
    VARIED_TEXTS + DECOMPOSED_TEXTS,
    ids=[f"composed-{i}" for i in range(len(VARIED_TEXTS))] + [f"decomposed-{i}" for i in range(len(VARIED_TEXTS))],
)
def test_without_normalisation_the_tokens_are_scikit_learns_on_any_text(text):
    sklearn_text = pytest.importorskip("sklearn.feature_extraction.text")
    analyzer = sklearn_text.CountVectorizer().build_analyzer()
    assert Tokenizer(pattern=SKLEARN_PATTERN, unicode_form=None)(text) == analyzer(text)


def test_normalisation_is_where_the_tokens_may_differ_from_scikit_learn():
    # scikit-learn (strip_accents=None) does not normalise, so a decomposed
    # accent splits the word there; here NFC keeps it whole.
    sklearn_text = pytest.importorskip("sklearn.feature_extraction.text")
    analyzer = sklearn_text.CountVectorizer().build_analyzer()
    text = "re\u0301sume\u0301"
    assert analyzer(text) == ["re", "sume"]
    assert Tokenizer(pattern=SKLEARN_PATTERN)(text) == ["r\u00e9sum\u00e9"]


def test_default_pattern_with_one_group_pattern_matches_scikit_learn():
    sklearn_text = pytest.importorskip("sklearn.feature_extraction.text")
    pattern = r"#(\w+)"
    analyzer = sklearn_text.CountVectorizer(token_pattern=pattern).build_analyzer()
    text = "use #Naive and #bayes, not ##x"
    assert Tokenizer(pattern=pattern)(text) == analyzer(text) == ["naive", "bayes", "x"]


# --- min_length ------------------------------------------------------------------


def test_min_length_drops_short_tokens():
    assert Tokenizer(min_length=3)("I am a big cat") == ["big", "cat"]


def test_min_length_one_keeps_everything():
    assert Tokenizer(min_length=1)("I am a cat") == ["i", "am", "a", "cat"]


def test_min_length_is_counted_before_stop_words():
    # "the" is 3 long, so min_length=3 keeps it; then the stop word list removes it.
    tokenizer = Tokenizer(min_length=3, stop_words={"the"})
    assert tokenizer("to the big cat") == ["big", "cat"]


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "2"])
def test_bad_min_length_is_refused(bad):
    with pytest.raises(ValueError, match="min_length"):
        Tokenizer(min_length=bad)


# --- stop words ------------------------------------------------------------------


def test_english_stop_words_are_removed():
    tokens = Tokenizer(stop_words="english")(HITCHHIKER)
    assert tokens == ["answer", "great", "question", "life", "universe", "forty-two"]


@pytest.mark.parametrize("stop_words", [["the", "of"], ("the", "of"), {"the", "of"}])
def test_stop_words_may_be_any_collection_of_strings(stop_words):
    tokenizer = Tokenizer(stop_words=stop_words)
    assert tokenizer.stop_words == frozenset({"the", "of"})
    assert tokenizer("the end of the road") == ["end", "road"]


def test_stop_words_may_be_a_generator():
    tokenizer = Tokenizer(stop_words=(word for word in ["a", "b"]))
    assert tokenizer("a b c") == ["c"]


def test_stop_words_are_matched_after_lowercasing_the_text():
    assert Tokenizer(stop_words={"the"})("THE End") == ["end"]


def test_unknown_stop_word_list_name_is_refused():
    with pytest.raises(ValueError, match="'english'"):
        Tokenizer(stop_words="french")


@pytest.mark.parametrize("bad", [5, 2.5, True])
def test_stop_words_that_are_not_a_collection_are_refused(bad):
    with pytest.raises(TypeError, match="stop_words must be"):
        Tokenizer(stop_words=bad)


def test_stop_words_that_are_not_strings_are_refused():
    with pytest.raises(TypeError, match="every stop word must be a string"):
        Tokenizer(stop_words=["the", 3])


def test_english_stop_word_list_is_a_hand_sized_frozenset_of_lowercase_words():
    assert isinstance(ENGLISH_STOP_WORDS, frozenset)
    assert 150 <= len(ENGLISH_STOP_WORDS) <= 200
    for word in ENGLISH_STOP_WORDS:
        assert isinstance(word, str)
        assert re.fullmatch(r"[a-z]+", word), word
    assert {"the", "a", "an", "and", "of", "to", "is"} <= ENGLISH_STOP_WORDS
    assert not {"answer", "church", "computer", "forty-two"} & ENGLISH_STOP_WORDS


# --- stemming ------------------------------------------------------------------


def strip_s(word):
    """A toy stemmer: drop one trailing 's'."""
    return word[:-1] if word.endswith("s") else word


def test_stemmer_is_applied_to_every_token():
    assert Tokenizer(stemmer=strip_s)("Cats chase dogs") == ["cat", "chase", "dog"]


def test_stemmer_may_be_a_lambda():
    tokenizer = Tokenizer(stemmer=lambda word: word.removesuffix("ly"))
    assert tokenizer("slowly and quickly") == ["slow", "and", "quick"]


def test_stop_words_are_removed_before_stemming():
    # "is" is a stop word and goes; "cats" is not, and only then becomes "cat",
    # which would have been a stop word.
    tokenizer = Tokenizer(stop_words={"is", "cat"}, stemmer=strip_s)
    assert tokenizer("cats is cat") == ["cat"]


def test_stemmer_that_is_not_callable_is_refused():
    with pytest.raises(TypeError, match="stemmer must be a function"):
        Tokenizer(stemmer="porter")


def test_stemmer_that_returns_a_non_string_is_refused():
    tokenizer = Tokenizer(stemmer=len)
    with pytest.raises(TypeError, match="must return a string.*'cat'.*3"):
        tokenizer("cat")


# --- n-grams ------------------------------------------------------------------


def test_ngram_range_1_2_gives_unigrams_then_bigrams():
    tokens = Tokenizer(ngram_range=(1, 2))("to be or not")
    assert tokens == ["to", "be", "or", "not", "to be", "be or", "or not"]


def test_ngram_range_2_3_gives_only_bigrams_then_trigrams():
    tokens = Tokenizer(ngram_range=(2, 3))("to be or not")
    assert tokens == ["to be", "be or", "or not", "to be or", "be or not"]


def test_ngram_range_may_be_a_list():
    assert Tokenizer(ngram_range=[2, 2])("a b c") == ["a b", "b c"]


def test_ngrams_are_built_after_stop_words_are_removed():
    tokens = Tokenizer(stop_words={"on", "the"}, ngram_range=(2, 2))("cat on the mat")
    assert tokens == ["cat mat"]


def test_ngrams_longer_than_the_text_are_absent():
    assert Tokenizer(ngram_range=(1, 3))("hello world") == ["hello", "world", "hello world"]
    assert Tokenizer(ngram_range=(3, 3))("hello world") == []
    assert Tokenizer(ngram_range=(2, 2))("") == []


def test_a_huge_ngram_range_stops_at_the_length_of_the_document():
    # (A Tokenizer refuses max_n beyond MAX_NGRAM_SIZE; word_ngrams itself stops at the document.)
    start = time.perf_counter()
    assert Tokenizer(ngram_range=(1, 10))("to be or") == ["to", "be", "or", "to be", "be or", "to be or"]
    assert Tokenizer(ngram_range=(10, 10))("to be or") == []
    assert word_ngrams(["to", "be", "or"], 1, 10**9) == ["to", "be", "or", "to be", "be or", "to be or"]
    assert word_ngrams(["a", "b"], 2, 10**12) == ["a b"]
    assert time.perf_counter() - start < 1


def test_word_ngrams_counts_every_position():
    # n tokens have n - k + 1 k-grams.
    tokens = list("abcde")
    assert len(word_ngrams(tokens, 1, 3)) == 5 + 4 + 3


@pytest.mark.parametrize("bad", [(0, 1), (2, 1), (1,), (1, 2, 3), "12", 2, (1.0, 2), (True, 2), None])
def test_bad_ngram_range_is_refused(bad):
    with pytest.raises(ValueError, match="ngram_range"):
        Tokenizer(ngram_range=bad)


# --- all the steps together ---------------------------------------------------------


def test_all_steps_run_in_the_documented_order():
    tokenizer = Tokenizer(
        min_length=2, stop_words={"the"}, stemmer=strip_s, ngram_range=(1, 2)
    )
    # lowercase -> pattern -> drop "a" (too short) -> drop "the" -> stem -> n-grams
    assert tokenizer("A cat sees THE dogs!") == ["cat", "see", "dog", "cat see", "see dog"]


def test_tokenize_is_the_same_as_calling():
    tokenizer = Tokenizer(stop_words="english")
    assert tokenizer.tokenize(HITCHHIKER) == tokenizer(HITCHHIKER)


def test_defaults_switch_every_optional_step_off():
    tokenizer = Tokenizer()
    assert tokenizer.lowercase is True
    assert tokenizer.pattern.pattern == DEFAULT_PATTERN
    assert tokenizer.min_length is None
    assert tokenizer.stop_words is None
    assert tokenizer.stemmer is None
    assert tokenizer.ngram_range == (1, 1)
    assert tokenizer.unicode_form == "NFC"  # on, but it changes nothing in text that is already NFC


def test_repr_shows_the_settings():
    assert repr(Tokenizer()) == (
        "Tokenizer(lowercase=True, pattern=\"\\\\w+(?:[-'’]\\\\w+)*\", min_length=None, "
        "stop_words=None, stemmer=None, ngram_range=(1, 1), unicode_form='NFC')"
    )
    assert "unicode_form=None" in repr(Tokenizer(unicode_form=None))
    text = repr(
        Tokenizer(lowercase=False, min_length=2, stop_words="english", stemmer=strip_s, ngram_range=(1, 2))
    )
    assert "lowercase=False" in text
    assert "min_length=2" in text
    assert "stop_words='english'" in text
    assert "stemmer=strip_s" in text
    assert "ngram_range=(1, 2)" in text
    assert "stop_words=<2 words>" in repr(Tokenizer(stop_words=["a", "b"]))


# --- the text must be one str ---------------------------------------------------------


def test_bytes_text_is_refused_with_a_hint_to_decode():
    with pytest.raises(TypeError, match="decode"):
        Tokenizer()(b"hello")


def test_none_text_is_refused():
    with pytest.raises(TypeError, match="None"):
        Tokenizer()(None)


def test_a_list_of_documents_is_refused_with_a_hint():
    with pytest.raises(TypeError, match="one document"):
        Tokenizer()(["hello", "world"])


def test_other_text_types_are_refused():
    with pytest.raises(TypeError, match="must be a str, not int"):
        Tokenizer()(42)


# ---------------------------------------------------------------------------
# The regex-free path for scikit-learn's pattern gives the regex's tokens exactly
# ---------------------------------------------------------------------------

SKLEARN_REGEX = re.compile(SKLEARN_PATTERN)


def test_every_code_point_is_a_word_character_for_translate_exactly_when_it_is_for_the_regex():
    # runs_of_word_characters rests on one claim: str.isalnum() or "_" is what \w matches.
    from naivebayes.text.tokenize import NonWordCharactersToSpaces

    table = NonWordCharactersToSpaces()
    word = re.compile(r"\w")
    differ = [code for code in range(sys.maxunicode + 1) if (table[code] != 32) != bool(word.match(chr(code)))]
    assert differ == []


def test_runs_of_word_characters_equal_findall_on_random_text():
    from naivebayes.text.tokenize import runs_of_word_characters

    generator = random.Random(20261123)
    # Letters of several scripts, digits of several kinds, marks, spaces, punctuation and controls.
    alphabet = "aZ_9\u00e9\u0301\u00b2\u0663\u4e2d\u0416\u05d0 \t\n\x1c\x85\u00a0\u2028-'.,!?$\u200b\ufeff\U0001f600"
    for _ in range(2_000):
        text = "".join(generator.choice(alphabet) for _ in range(generator.randint(0, 40)))
        assert runs_of_word_characters(text) == SKLEARN_REGEX.findall(text), repr(text)


def test_the_tokenizer_takes_the_regex_free_path_only_for_scikit_learns_pattern():
    assert Tokenizer(pattern=SKLEARN_PATTERN).finds_runs_of_word_characters
    assert not Tokenizer().finds_runs_of_word_characters
    assert not Tokenizer(pattern=re.compile(SKLEARN_PATTERN, re.IGNORECASE)).finds_runs_of_word_characters


def newsgroups_archive():
    named = os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE")
    path = Path(named) if named else Path(__file__).resolve().parents[2] / "shared" / "data" / "20news-bydate.tar.gz"
    return path if path.is_file() else None


@pytest.mark.skipif(newsgroups_archive() is None, reason="no local 20news-bydate.tar.gz")
def test_runs_of_word_characters_equal_findall_on_every_post_of_20_newsgroups():
    from naivebayes.datasets import load_20newsgroups

    fast = Tokenizer(pattern=SKLEARN_PATTERN)
    texts = load_20newsgroups("all", archive=newsgroups_archive(), download_if_missing=False).texts
    different = [i for i, text in enumerate(texts) if fast(text) != SKLEARN_REGEX.findall(unicodedata.normalize("NFC", text).lower())]
    assert len(texts) == 18_846 and different == []


# --- settings are what they say (issue 19) ------------------------------------------


@pytest.mark.parametrize("flag", ["no", "False", 0, 1, None, [], 2.0])
def test_lowercase_must_be_true_or_false(flag):
    with pytest.raises(TypeError, match="lowercase must be True or False"):
        Tokenizer(lowercase=flag)


def test_lowercase_accepts_a_numpy_bool():
    np = pytest.importorskip("numpy")
    assert Tokenizer(lowercase=np.bool_(False))("The") == ["The"]


def test_stop_words_with_capitals_are_lowercased_like_the_text():
    tokenizer = Tokenizer(stop_words={"The", "OF"})
    assert tokenizer.stop_words == frozenset({"the", "of"})
    assert tokenizer("The Answer of Life") == ["answer", "life"]


def test_stop_words_keep_their_capitals_when_the_text_keeps_its_own():
    tokenizer = Tokenizer(lowercase=False, stop_words={"The"})
    assert tokenizer("The the") == ["the"]


def test_stop_words_with_capitals_are_folded_like_the_text_after_nfkc():
    # NFKC folds the full-width "Ｔ" to "T", then lowercasing gives "t".
    assert Tokenizer(stop_words={"\uff34he"}, unicode_form="NFKC")("The cat") == ["cat"]


def test_a_stop_word_the_pattern_can_never_produce_is_refused_with_the_fix():
    with pytest.raises(ValueError, match="can never match a token"):
        Tokenizer(stop_words={"the cat"})
    with pytest.raises(ValueError, match="pattern"):
        Tokenizer(pattern=SKLEARN_PATTERN, stop_words={"don't"})


def test_stop_words_given_as_a_dict_are_refused():
    with pytest.raises(TypeError, match="stop_words"):
        Tokenizer(stop_words={"the": 1})


@pytest.mark.parametrize("ngram_range", [(1, 10**9), (1, 11), (11, 11), (2, 10**12), (1, 10**5000)])
def test_an_ngram_range_beyond_the_limit_is_refused_before_any_work(ngram_range):
    with pytest.raises(ValueError, match="at most 10"):
        Tokenizer(ngram_range=ngram_range)


def test_the_largest_ngram_range_allowed_still_works():
    assert Tokenizer(ngram_range=(10, 10))("a b c d e f g h i j") == ["a b c d e f g h i j"]


def test_a_numpy_int_is_a_whole_number_setting():
    np = pytest.importorskip("numpy")
    tokenizer = Tokenizer(min_length=np.int64(2), ngram_range=(np.int64(1), np.int64(2)))
    assert tokenizer.min_length == 2 and type(tokenizer.min_length) is int
    assert tokenizer.ngram_range == (1, 2) and all(type(n) is int for n in tokenizer.ngram_range)


@pytest.mark.parametrize("form", [["NFC"], "nfc", 1])
def test_unicode_form_of_the_wrong_type_or_case_is_refused(form):
    with pytest.raises(ValueError, match="unicode_form must be"):
        Tokenizer(unicode_form=form)


def test_a_setting_changed_after_construction_is_checked_at_the_next_call():
    tokenizer = Tokenizer()
    tokenizer.lowercase = "no"
    with pytest.raises(TypeError, match="lowercase must be True or False"):
        tokenizer("The")
    tokenizer = Tokenizer()
    tokenizer.ngram_range = (1, 10**9)
    with pytest.raises(ValueError, match="at most 10"):
        tokenizer("a b")
