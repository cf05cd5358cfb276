"""Tests for naivebayes/bag_of_words.py, on counts worked out by hand."""

import pytest

from naivebayes.plumbing.checks import NotFittedError
from naivebayes.text.bag_of_words import BagOfWords, bag_of_words, document_frequency_of_terms
from naivebayes.text.tokenize import SKLEARN_PATTERN, Tokenizer

# Three tiny documents.  By hand:
#   d0 = the cat sat            d1 = the cat saw the dog      d2 = a dog barked
#   vocabulary (alphabetical): a barked cat dog sat saw the
#   df:                        1   1     2   2   1   1   2
#   occurrences in the corpus: 1   1     2   2   1   1   3
PETS = ["the cat sat", "the cat saw the dog", "a dog barked"]

PETS_VOCABULARY = {"a": 0, "barked": 1, "cat": 2, "dog": 3, "sat": 4, "saw": 5, "the": 6}


# --- the two formulas ------------------------------------------------------------


def test_eq_bag_of_words_counts_each_term():
    # x_the = 2 and x_cat = 1 in "the cat the".
    assert bag_of_words(["the", "cat", "the"]) == {"the": 2, "cat": 1}


def test_eq_bag_of_words_on_the_lecture_004_sentence():
    tokens = Tokenizer()(
        "The Answer to the Great Question\u2026 Of Life, the Universe and Everything\u2026 "
        "Is\u2026 Forty-two"
    )
    x = bag_of_words(tokens)
    assert x["the"] == 3
    assert x["forty-two"] == 1
    assert sum(x.values()) == 14
    assert len(x) == 12


def test_eq_bag_of_words_binary_is_one_when_the_count_is_positive():
    assert bag_of_words(["the", "cat", "the"], binary=True) == {"the": 1, "cat": 1}


def test_eq_bag_of_words_drops_terms_outside_the_vocabulary():
    x = bag_of_words(["the", "unicorn", "cat", "the"], vocabulary={"cat": 0, "the": 1})
    assert x == {"the": 2, "cat": 1}


def test_eq_bag_of_words_with_vocabulary_and_binary():
    x = bag_of_words(["b", "b", "z", "a"], vocabulary={"a", "b"}, binary=True)
    assert x == {"b": 1, "a": 1}


def test_eq_bag_of_words_of_an_empty_document_is_empty():
    assert bag_of_words([]) == {}


def test_eq_bag_of_words_returns_a_plain_dict():
    assert type(bag_of_words(["a", "a"])) is dict
    assert type(bag_of_words(["a", "a"], vocabulary={"a": 0})) is dict
    assert type(bag_of_words(["a"], binary=True)) is dict


def test_eq_document_frequency_counts_documents_not_occurrences():
    # "a" occurs 3 times but in 2 documents.
    df = document_frequency_of_terms([["a", "a", "b"], ["a"], ["c"]])
    assert df == {"a": 2, "b": 1, "c": 1}


def test_eq_document_frequency_of_bags_on_the_pets_corpus():
    tokenizer = Tokenizer()
    df = document_frequency_of_terms(bag_of_words(tokenizer(text)) for text in PETS)
    assert df == {"the": 2, "cat": 2, "sat": 1, "saw": 1, "dog": 2, "a": 1, "barked": 1}


def test_eq_document_frequency_of_no_documents_is_empty():
    assert document_frequency_of_terms([]) == {}
    assert type(document_frequency_of_terms([["a"]])) is dict


# --- fit -------------------------------------------------------------------------


def test_fit_builds_an_alphabetical_vocabulary():
    bag = BagOfWords().fit(PETS)
    assert bag.vocabulary_ == PETS_VOCABULARY
    assert list(bag.vocabulary_) == sorted(PETS_VOCABULARY)


def test_fit_records_document_frequency_and_the_number_of_documents():
    bag = BagOfWords().fit(PETS)
    assert bag.document_frequency_ == {
        "a": 1, "barked": 1, "cat": 2, "dog": 2, "sat": 1, "saw": 1, "the": 2,
    }
    assert bag.n_documents_ == 3


def test_fit_returns_the_model():
    bag = BagOfWords()
    assert bag.fit(PETS) is bag


def test_fit_accepts_pretokenized_documents_as_lists_or_tuples():
    bag = BagOfWords().fit([["b", "a"], ("c", "a", "a")])
    assert bag.vocabulary_ == {"a": 0, "b": 1, "c": 2}
    assert bag.document_frequency_ == {"a": 2, "b": 1, "c": 1}


def test_fit_accepts_a_mix_of_texts_and_token_lists_and_a_generator():
    bag = BagOfWords().fit(document for document in ["The cat", ["cat", "Dog"]])
    # The token list is taken as is: no lowercasing.
    assert bag.vocabulary_ == {"Dog": 0, "cat": 1, "the": 2}


def test_fit_uses_the_given_tokenizer():
    bag = BagOfWords(tokenizer=Tokenizer(stop_words="english")).fit(PETS)
    assert bag.vocabulary_ == {"barked": 0, "cat": 1, "dog": 2, "sat": 3, "saw": 4}


def test_any_callable_may_be_the_tokenizer():
    bag = BagOfWords(tokenizer=str.split).fit(["The cat", "the Cat"])
    assert bag.vocabulary_ == {"Cat": 0, "The": 1, "cat": 2, "the": 3}


def test_refitting_replaces_the_vocabulary():
    bag = BagOfWords().fit(PETS)
    bag.fit(["zebra"])
    assert bag.vocabulary_ == {"zebra": 0}
    assert bag.n_documents_ == 1


# --- transform ---------------------------------------------------------------------


def test_transform_counts_each_vocabulary_term():
    bag = BagOfWords().fit(PETS)
    assert bag.transform(PETS) == [
        {"the": 1, "cat": 1, "sat": 1},
        {"the": 2, "cat": 1, "saw": 1, "dog": 1},
        {"a": 1, "dog": 1, "barked": 1},
    ]


def test_transform_drops_unseen_terms_and_does_not_grow_the_vocabulary():
    bag = BagOfWords().fit(PETS)
    rows = bag.transform(["the unicorn saw the unicorn"])
    assert rows == [{"the": 2, "saw": 1}]
    assert bag.vocabulary_ == PETS_VOCABULARY
    assert type(bag.vocabulary_) is dict


def test_transform_returns_plain_dicts():
    bag = BagOfWords().fit(PETS)
    assert all(type(row) is dict for row in bag.transform(PETS))
    assert all(type(row) is dict for row in bag.fit_transform(PETS))


def test_transform_of_a_document_without_known_terms_is_an_empty_row():
    bag = BagOfWords().fit(PETS)
    assert bag.transform(["", "unicorn"]) == [{}, {}]


def test_transform_of_no_documents_is_an_empty_list():
    assert BagOfWords().fit(PETS).transform([]) == []


def test_binary_rows_hold_ones():
    bag = BagOfWords(binary=True).fit(PETS)
    assert bag.transform(["the the the cat unicorn"]) == [{"the": 1, "cat": 1}]


def test_fit_transform_equals_fit_then_transform():
    settings = [
        {},
        {"binary": True},
        {"min_df": 2},
        {"max_df": 1},
        {"max_features": 2},
        {"binary": True, "max_features": 3, "min_df": 0.5},
    ]
    for setting in settings:
        one_pass = BagOfWords(**setting)
        two_passes = BagOfWords(**setting)
        assert one_pass.fit_transform(PETS) == two_passes.fit(PETS).transform(PETS), setting
        assert one_pass.vocabulary_ == two_passes.vocabulary_


def test_fit_transform_tokenizes_each_document_once():
    calls = []

    def counting_tokenizer(text):
        calls.append(text)
        return text.split()

    BagOfWords(tokenizer=counting_tokenizer, min_df=2).fit_transform(PETS)
    assert calls == PETS


# --- min_df and max_df ---------------------------------------------------------------


def test_min_df_as_a_count_of_documents():
    bag = BagOfWords(min_df=2).fit(PETS)
    assert bag.vocabulary_ == {"cat": 0, "dog": 1, "the": 2}
    assert bag.document_frequency_ == {"cat": 2, "dog": 2, "the": 2}


def test_min_df_as_a_share_of_documents():
    # 0.5 of 3 documents is 1.5, so a term needs df >= 2.
    assert BagOfWords(min_df=0.5).fit(PETS).vocabulary_ == {"cat": 0, "dog": 1, "the": 2}
    # 0.33 of 3 documents is 0.99, so df = 1 is enough.
    assert BagOfWords(min_df=0.33).fit(PETS).vocabulary_ == PETS_VOCABULARY


def test_max_df_as_a_count_of_documents():
    bag = BagOfWords(max_df=1).fit(PETS)
    assert bag.vocabulary_ == {"a": 0, "barked": 1, "sat": 2, "saw": 3}


def test_max_df_int_one_and_float_one_differ():
    # max_df=1 means "at most one document"; max_df=1.0 means "all documents".
    assert len(BagOfWords(max_df=1).fit(PETS).vocabulary_) == 4
    assert len(BagOfWords(max_df=1.0).fit(PETS).vocabulary_) == 7


def test_max_df_as_a_share_of_documents():
    # 0.5 of 3 documents is 1.5, so a term may be in at most 1 document.
    assert BagOfWords(max_df=0.5).fit(PETS).vocabulary_ == {"a": 0, "barked": 1, "sat": 2, "saw": 3}


def test_min_df_and_max_df_are_both_inclusive():
    bag = BagOfWords(min_df=2, max_df=2).fit(PETS)
    assert bag.vocabulary_ == {"cat": 0, "dog": 1, "the": 2}


def test_max_df_below_min_df_is_refused():
    with pytest.raises(ValueError, match="raise max_df or lower min_df"):
        BagOfWords(min_df=2, max_df=1).fit(PETS)


def test_max_df_share_below_min_df_share_is_refused():
    with pytest.raises(ValueError, match="max_df=0.5"):
        BagOfWords(min_df=0.9, max_df=0.5).fit(PETS)


def test_max_df_share_below_min_df_count_is_refused():
    # 0.5 of 3 documents is 1.5 < 2.
    with pytest.raises(ValueError, match="at most 1.5 documents"):
        BagOfWords(min_df=2, max_df=0.5).fit(PETS)


@pytest.mark.parametrize("name", ["min_df", "max_df"])
@pytest.mark.parametrize("bad", [True, None, "2", [1]])
def test_df_limits_of_the_wrong_type_are_refused(name, bad):
    with pytest.raises(TypeError, match=name):
        BagOfWords(**{name: bad})


@pytest.mark.parametrize("name", ["min_df", "max_df"])
@pytest.mark.parametrize("bad", [0, -1, 1.5, -0.1])
def test_df_limits_out_of_range_are_refused(name, bad):
    with pytest.raises(ValueError, match=name):
        BagOfWords(**{name: bad})


def test_min_df_removing_every_term_is_reported():
    with pytest.raises(ValueError, match="min_df=3 removed every term.*lower min_df"):
        BagOfWords(min_df=3).fit(PETS)


def test_max_df_removing_every_term_is_reported():
    with pytest.raises(ValueError, match="max_df=1 removed every term.*raise max_df"):
        BagOfWords(max_df=1).fit(["a b", "b a"])


def test_min_df_and_max_df_together_removing_every_term_is_reported():
    # df: a = 3, b = 1; min_df=2 drops b, max_df=2 drops a.
    with pytest.raises(ValueError, match="together removed every term"):
        BagOfWords(min_df=2, max_df=2).fit(["a b", "a", "a"])


# --- max_features ---------------------------------------------------------------------


def test_max_features_keeps_the_most_frequent_terms():
    # Occurrences: the = 3, then cat = dog = 2 tie and "cat" comes first.
    bag = BagOfWords(max_features=2).fit(PETS)
    assert bag.vocabulary_ == {"cat": 0, "the": 1}


def test_max_features_with_binary_ranks_by_number_of_documents():
    # Binary rows: the = cat = dog = 2 documents, so the tie rule picks cat and dog.
    bag = BagOfWords(binary=True, max_features=2).fit(PETS)
    assert bag.vocabulary_ == {"cat": 0, "dog": 1}


def test_max_features_ties_go_to_the_alphabetically_first_term():
    bag = BagOfWords(max_features=3).fit(["d c b a", "e"])
    assert bag.vocabulary_ == {"a": 0, "b": 1, "c": 2}


def test_max_features_ranks_by_occurrences_without_binary():
    # "a" occurs 5 times in one document, "b" once in each of 3 documents.
    documents = ["a a a a a b", "b", "b"]
    assert BagOfWords(max_features=1).fit(documents).vocabulary_ == {"a": 0}
    assert BagOfWords(max_features=1, binary=True).fit(documents).vocabulary_ == {"b": 0}


def test_max_features_is_applied_after_min_df():
    # min_df=2 leaves cat, dog, the; of those, "the" is the most frequent.
    bag = BagOfWords(min_df=2, max_features=1).fit(PETS)
    assert bag.vocabulary_ == {"the": 0}
    assert bag.document_frequency_ == {"the": 2}


def test_max_features_larger_than_the_vocabulary_keeps_everything():
    assert BagOfWords(max_features=100).fit(PETS).vocabulary_ == PETS_VOCABULARY


@pytest.mark.parametrize("bad", [0, -3, 2.0, True, "10"])
def test_bad_max_features_is_refused(bad):
    with pytest.raises(ValueError, match="max_features"):
        BagOfWords(max_features=bad)


# --- feature_names and to_dense ----------------------------------------------------


def test_feature_names_are_in_column_order():
    bag = BagOfWords().fit(PETS)
    assert bag.feature_names() == ["a", "barked", "cat", "dog", "sat", "saw", "the"]


def test_feature_names_is_a_fresh_list():
    bag = BagOfWords().fit(PETS)
    bag.feature_names().append("oops")
    assert len(bag.feature_names()) == 7


def test_to_dense_gives_lecture_style_rows():
    bag = BagOfWords()
    rows = bag.fit_transform(PETS)
    #                  a  barked cat dog sat saw the
    assert bag.to_dense(rows) == [
        [0, 0, 1, 0, 1, 0, 1],
        [0, 0, 1, 1, 0, 1, 2],
        [1, 1, 0, 1, 0, 0, 0],
    ]


def test_to_dense_of_binary_rows_has_zeros_and_ones():
    bag = BagOfWords(binary=True)
    assert bag.to_dense(bag.fit_transform(["b b a"])) == [[1, 1]]


def test_to_dense_refuses_a_single_row():
    bag = BagOfWords().fit(PETS)
    with pytest.raises(TypeError, match=r"to_dense\(\[row\]\)"):
        bag.to_dense({"the": 1})


# --- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["transform", "to_dense"])
def test_using_the_vocabulary_before_fit_is_refused(method):
    with pytest.raises(NotFittedError, match=f"before {method}"):
        getattr(BagOfWords(), method)(PETS)


def test_feature_names_before_fit_is_refused():
    with pytest.raises(NotFittedError, match="has not been fitted yet: call fit"):
        BagOfWords().feature_names()


@pytest.mark.parametrize("method", ["fit", "fit_transform"])
def test_fitting_no_documents_is_refused(method):
    with pytest.raises(ValueError, match="at least one document"):
        getattr(BagOfWords(), method)([])


@pytest.mark.parametrize("method", ["fit", "transform"])
def test_a_single_string_instead_of_a_list_is_refused(method):
    bag = BagOfWords().fit(PETS)
    with pytest.raises(TypeError, match=r"single string.*\[text\]"):
        getattr(bag, method)("the cat sat")


@pytest.mark.parametrize("bad", [42, None, b"bytes", {"the": 1}])
def test_a_document_that_is_not_text_or_tokens_is_refused(bad):
    with pytest.raises(TypeError, match="document 1 is a"):
        BagOfWords().fit(["fine", bad])


def test_a_token_list_with_a_non_string_is_refused():
    with pytest.raises(TypeError, match="document 0 must hold only strings; found 3"):
        BagOfWords().fit([["the", 3]])


def test_a_tokenizer_that_returns_non_strings_is_refused():
    bag = BagOfWords(tokenizer=lambda text: [len(text)])
    with pytest.raises(TypeError, match="the tokenizer's result for document 0"):
        bag.fit(["the cat"])


def test_a_tokenizer_that_returns_a_string_is_refused():
    bag = BagOfWords(tokenizer=str.lower)
    with pytest.raises(TypeError, match=r"the tokenizer returned a str \('the cat'\), not a list of tokens, for document 0; .*str\.split"):
        bag.fit(["The cat"])


def test_a_tokenizer_that_returns_none_is_refused():
    def forgets_to_return(text):
        text.split()

    bag = BagOfWords(tokenizer=forgets_to_return)
    with pytest.raises(TypeError, match="the tokenizer returned None, not a list of tokens, for document 0; .*return"):
        bag.fit(["the cat"])


def test_a_tokenizer_that_returns_a_generator_is_refused_with_a_hint():
    bag = BagOfWords(tokenizer=lambda text: (word for word in text.split()))
    with pytest.raises(TypeError, match=r"returned a generator, not a list of tokens.*list\(\.\.\.\)"):
        bag.fit(["the cat"])


def test_a_bad_tokenizer_result_is_caught_in_transform_too():
    bag = BagOfWords(tokenizer=str.split).fit(PETS)
    bag.tokenizer = str.lower
    with pytest.raises(TypeError, match="the tokenizer returned a str"):
        bag.transform(["the cat"])


def test_a_tokenizer_that_is_not_callable_is_refused():
    with pytest.raises(TypeError, match="tokenizer must be a function"):
        BagOfWords(tokenizer="english")


def test_documents_without_any_token_are_refused():
    with pytest.raises(ValueError, match="no tokens at all"):
        BagOfWords(tokenizer=Tokenizer(stop_words="english")).fit(["the", "of the", ""])


# --- repr -------------------------------------------------------------------------------


def test_repr_shows_settings_and_vocabulary_size():
    bag = BagOfWords(binary=True, min_df=2, max_df=0.9, max_features=10)
    assert "binary=True, min_df=2, max_df=0.9, max_features=10" in repr(bag)
    assert "not fitted" in repr(bag)
    bag.fit(PETS)
    assert "vocabulary: 3 terms" in repr(bag)
    assert "Tokenizer(lowercase=True" in repr(bag)


# --- cross-check with scikit-learn -----------------------------------------------------

NEWS = [
    "The church in Poland after 1989: the role of the catholic church.",
    "Can anyone tell me more about this computer? My computer's disk is slow.",
    "Doctors say slow, slowly and slowness all share a root.",
    "Forty-two is the answer; the question is still unknown.",
    "The doctor fervently painted the church purple.",
    "Is the disk on this computer purple or black?",
]


@pytest.mark.parametrize(
    "setting",
    [
        {},
        {"binary": True},
        {"min_df": 2},
        {"max_df": 0.5},
        {"min_df": 0.3, "max_df": 0.9},
        {"max_df": 2, "binary": True},
        {"max_features": 1},
        {"max_features": 1, "binary": True},
    ],
)
def test_rows_match_scikit_learns_count_vectorizer(setting):
    sklearn_text = pytest.importorskip("sklearn.feature_extraction.text")
    theirs = sklearn_text.CountVectorizer(**setting)
    matrix = theirs.fit_transform(NEWS).toarray().tolist()
    ours = BagOfWords(tokenizer=Tokenizer(pattern=SKLEARN_PATTERN), **setting)
    rows = ours.fit_transform(NEWS)
    assert ours.vocabulary_ == {term: int(j) for term, j in theirs.vocabulary_.items()}
    assert ours.to_dense(rows) == matrix
    assert ours.to_dense(ours.transform(NEWS[:2])) == theirs.transform(NEWS[:2]).toarray().tolist()


# Texts in a two-dimensional shape (issue 19): each whole text would become one "word".
def test_a_column_of_texts_is_refused_with_the_fix():
    with pytest.raises(TypeError, match=r"one column of texts.*\[row\[0\] for row in documents\]"):
        BagOfWords().fit([["win cash now"], ["see you at lunch"]])
    with pytest.raises(TypeError, match="one column of texts"):
        BagOfWords().fit([["win cash now"], ["see you at lunch"]])
    fitted = BagOfWords().fit(["win cash", "lunch"])
    with pytest.raises(TypeError, match="one column of texts"):
        fitted.transform([["win cash now"]])


def test_one_word_token_lists_are_still_token_lists():
    assert BagOfWords().fit([["spam"], ["ham"]]).vocabulary_ == {"ham": 0, "spam": 1}


def test_a_two_dimensional_array_or_frame_of_texts_is_refused_with_the_fix():
    np = pytest.importorskip("numpy")
    with pytest.raises(TypeError, match=r"two-dimensional.*X\.ravel\(\).*df\['text'\]"):
        BagOfWords().fit(np.array([["win cash now"], ["see you at lunch"]]))
    pd = pytest.importorskip("pandas")
    with pytest.raises(TypeError, match="two-dimensional"):  # iterating a frame would give its column names
        BagOfWords().fit(pd.DataFrame({"text": ["win cash now", "see you at lunch"]}))
    assert BagOfWords().fit(pd.Series(["win cash", "lunch"])).vocabulary_ == {"cash": 0, "lunch": 1, "win": 2}
