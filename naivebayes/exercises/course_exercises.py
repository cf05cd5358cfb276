"""The exercises on the formulas of the textbook courses (issue 32): features, selection, curves, significance.

Each is an ``Exercise`` around the function the library calls
(docs/text-features.md, docs/vocabulary-selection.md, docs/explain.md,
docs/curves-and-significance.md, docs/metrics.md).  The hand-computed
answers come from the books' worked examples where they give one: the
export/poultry table of Manning, Raghavan and Schütze's chapter 13.5
(X^2 = 284, I = 0.0001105 bits), the negated sentence of Jurafsky and
Martin's chapter 4, the p-value of their Figure 4.9; the others are small
cases worked out by hand in exact fractions.  The model runs use the
shipped spam messages and small examples; the runs on the SMS Spam
Collection, the names corpus, Pang and Lee's movie reviews and
Reuters-21578 need local copies (NAIVEBAYES_SMS_SPAM_PATH,
NAIVEBAYES_NAMES_PATH, NAIVEBAYES_MOVIE_REVIEWS_PATH, NAIVEBAYES_REUTERS_PATH)
and are skipped, with how to get them, without.
"""

import copy
import math
import os
from collections import Counter
from fractions import Fraction

from naivebayes.datasets.shipped import load_china, load_spam
from naivebayes.evaluation import curves
from naivebayes.evaluation.curves import (
    average_precision,
    false_positive_rate,
    average_precision_score,
    counts_at_thresholds,
    decision_cost,
    roc_auc_score,
    threshold_for_cost,
    trapezoid_area,
)
from naivebayes.evaluation.metrics import micro_average
from naivebayes.evaluation.multilabel import multilabel_f1, multilabel_outcome_counts
from naivebayes.evaluation.significance import bootstrap_p_value, bootstrap_sample, paired_bootstrap_test
from naivebayes.evaluation.split import train_test_split
from naivebayes.exercises.checking import AtScale, Case, Exercise, Mistake, Reproduction
from naivebayes.exercises.reproductions import spam_split
from naivebayes.inspect.odds import odds_ratio, odds_ratios, pairwise_likelihood_ratio
from naivebayes.naive_bayes.base import weighted_class_counts
from naivebayes.naive_bayes.bernoulli import BernoulliNB
from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.naive_bayes.multinomial import MultinomialNB
from naivebayes.naive_bayes.text_base import weighted_counts
from naivebayes.plumbing.random_numpy import RandomState
from naivebayes.text.bag_of_words import BagOfWords
from naivebayes.text.characters import WHITESPACE_RUN, AffixFeatures, CharacterNgrams, affix_features, character_ngrams
from naivebayes.text.hashing import FeatureHasher, hashed_features, murmurhash3_32
from naivebayes.text.lexicon import LexiconCounts, lexicon_count
from naivebayes.text.negation import mark_negation
from naivebayes.text.selection import VocabularySelector, chi_square, combined_class_score, expected_mutual_information
from naivebayes.text.tokenize import Tokenizer

__all__ = []  # (a user asks for an exercise by name: naivebayes.exercises.exercise)

JURAFSKY_MARTIN = "Jurafsky and Martin, Speech and Language Processing, chapter 4"
MANNING = "Manning, Raghavan and Schütze, Introduction to Information Retrieval, chapter 13"
MANNING_RANKED = "Manning, Raghavan and Schütze, Introduction to Information Retrieval, chapter 8 (ranked results)"
NLTK_BOOK = "the NLTK book (Bird, Klein and Loper), chapter 6"
HASHING = "Weinberger, Dasgupta, Langford, Smola and Attenberg (2009), feature hashing"
ODDS = "the odds ratio of a 2 x 2 table (features present or absent)"
SPAM_COSTS = "spam filtering as practised: a threshold for the cost of a lost message"

# Manning, Raghavan and Schütze, section 13.5.1: the word "export" and the class poultry in Reuters-RCV1.
EXPORT_POULTRY = (49, 27652, 141, 774106)  # N11, N10, N01, N00


# -- model runs ------------------------------------------------------------------------------


def spam_scores(model_class=MultinomialNB):
    """(test labels, P(spam) of each test message) from ``model_class`` trained on the shipped spam split."""
    train_texts, test_texts, train_labels, test_labels = spam_split()
    model = model_class().fit(train_texts, train_labels)
    return test_labels, [row["spam"] for row in model.predict_proba(test_texts)]


def negation_spam_accuracy():
    train_texts, test_texts, train_labels, test_labels = spam_split()
    model = MultinomialNB(tokenizer=Tokenizer(negation=True)).fit(train_texts, train_labels)
    return model.score(test_texts, test_labels)


def selected_spam_accuracy(score, k=40):
    """MultinomialNB on the ``k`` words with the best ``score`` (chi2 or expected_mutual_information) of the spam split."""
    train_texts, test_texts, train_labels, test_labels = spam_split()
    words = BagOfWords()
    selector = VocabularySelector(k, score=score)
    train_rows = selector.fit_transform(words.fit_transform(train_texts), train_labels)
    model = MultinomialNB().fit(train_rows, train_labels)
    return model.score(selector.transform(words.transform(test_texts)), test_labels)


def spam_odds_ratio():
    """The largest odds ratio of a word for spam against ham, BernoulliNB on the shipped spam messages."""
    texts, labels = load_spam()
    return odds_ratios(BernoulliNB().fit(texts, labels), "spam", "ham", top=1, kind="odds")[0].ratio


def china_odds_ratio():
    """The odds ratio of "chinese" for china against japan, BernoulliNB on the China example (Laplace)."""
    documents, labels, _ = load_china()
    found = odds_ratios(BernoulliNB().fit(documents, labels), "china", "japan", top=None, kind="odds")
    return next(row.ratio for row in found if row.feature == "chinese")


def spam_auc():
    return roc_auc_score(*spam_scores(), pos_label="spam")


def spam_average_precision():
    return average_precision_score(*spam_scores(), pos_label="spam")


def spam_bootstrap_p_value():
    """The p-value of MultinomialNB against BernoulliNB on the spam test third, 500 seeded samples."""
    train_texts, test_texts, train_labels, test_labels = spam_split()
    a = MultinomialNB().fit(train_texts, train_labels).predict(test_texts)
    b = BernoulliNB().fit(train_texts, train_labels).predict(test_texts)
    return paired_bootstrap_test(test_labels, a, b, n_samples=500, random_state=0).p_value


def hashed_spam_accuracy():
    train_texts, test_texts, train_labels, test_labels = spam_split()
    tokenizer, hasher = Tokenizer(), FeatureHasher(n_features=2**8, alternate_sign=False)
    model = MultinomialNB().fit(hasher.transform([tokenizer(text) for text in train_texts]), train_labels)
    return model.score(hasher.transform([tokenizer(text) for text in test_texts]), test_labels)


MULTILABEL_TRUE = [["grain", "wheat"], ["earn"], ["grain"], []]
MULTILABEL_PREDICTED = [["grain"], ["earn"], ["grain", "wheat"], ["earn"]]


def small_micro_f1():
    return multilabel_f1(MULTILABEL_TRUE, MULTILABEL_PREDICTED, average="micro")


def corpus_missing(variable, corpus, publisher_file, loader):
    """For ``Reproduction(available=...)``: None when ``variable`` names a copy, else how to get one."""
    def missing():
        path = os.environ.get(variable)
        if path and os.path.exists(path):
            return None
        return (f"needs {corpus}: set {variable} to a local copy of {publisher_file} "
                f"(naivebayes.datasets.{loader} downloads it once)")
    return missing


sms_spam_missing = corpus_missing("NAIVEBAYES_SMS_SPAM_PATH", "the SMS Spam Collection",
                                  "UCI's sms+spam+collection.zip", "load_sms_spam")
names_missing = corpus_missing("NAIVEBAYES_NAMES_PATH", "the names corpus", "NLTK's names.zip", "load_names")
reviews_missing = corpus_missing("NAIVEBAYES_MOVIE_REVIEWS_PATH", "Pang and Lee's movie reviews",
                                 "review_polarity.tar.gz", "load_movie_reviews")
reuters_missing = corpus_missing("NAIVEBAYES_REUTERS_PATH", "Reuters-21578", "reuters21578.tar.gz",
                                 "load_reuters21578")


def reviews_negation_accuracy():
    """MultinomialNB with negation marking on Pang and Lee's reviews: trained on folds 1-9, accuracy on fold 0."""
    from naivebayes.datasets import load_movie_reviews

    reviews = load_movie_reviews(download_if_missing=False)
    train, test = reviews.cv[0]
    model = MultinomialNB(tokenizer=Tokenizer(negation=True))
    model.fit([reviews.texts[i] for i in train], [reviews.labels[i] for i in train])
    return model.score([reviews.texts[i] for i in test], [reviews.labels[i] for i in test])


def reuters_micro_f1():
    """Micro F1 of MultinomialNB one class against the rest on Reuters-21578 ModApte's ten largest topics."""
    from naivebayes.datasets import load_reuters21578
    from naivebayes.datasets.reuters import REUTERS_TEN_LARGEST
    from naivebayes.naive_bayes.one_vs_rest import OneVsRestClassifier

    train, test = (load_reuters21578(subset, download_if_missing=False, categories=REUTERS_TEN_LARGEST,
                                     with_topics_only=True) for subset in ("train", "test"))
    model = OneVsRestClassifier(MultinomialNB(), classes=REUTERS_TEN_LARGEST).fit(train.texts, train.labels)
    return multilabel_f1(test.labels, model.predict(test.texts), average="micro")


def sms_spam_auc():
    """The AUC of MultinomialNB on a stratified third of the SMS Spam Collection (seed 0)."""
    from naivebayes.datasets import load_sms_spam

    texts, labels = load_sms_spam(download_if_missing=False)
    train_texts, test_texts, train_labels, test_labels = train_test_split(
        texts, labels, test_size=1 / 3, random_state=0, stratify=labels)
    model = MultinomialNB().fit(train_texts, train_labels)
    return roc_auc_score(test_labels, [row["spam"] for row in model.predict_proba(test_texts)], pos_label="spam")


# -- negation --------------------------------------------------------------------------------

SENTENCE_WORDS = ["i", "liked", "the", "movie", "plot", "good", "great", "acting", "but", "it", "was", "boring"]
SENTENCE_MARKS = [",", ".", "!", "?", ";", ":"]
NEGATIONS = ["not", "no", "never", "didn't", "isn't", "Don't", "NOT"]


def draw_tokens(generator):
    pool = SENTENCE_WORDS * 3 + SENTENCE_MARKS + NEGATIONS
    return ([generator.choice(pool) for _ in range(generator.randint(0, 14))],)


def negate_to_end(tokens):
    out, negated = [], False
    for token in tokens:
        out.append("NOT_" + token if negated else token)
        negated = negated or token.lower() in ("not", "no", "never") or token.lower().endswith("n't")
    return out


def negate_next_only(tokens):
    out, previous = [], False
    for token in tokens:
        is_mark = not token.strip(",.!?;:")
        out.append("NOT_" + token if previous and not is_mark else token)
        previous = not is_mark and (token.lower() in ("not", "no", "never") or token.lower().endswith("n't"))
    return out


def negate_without_nt(tokens):
    out, negated = [], False
    for token in tokens:
        if not token.strip(",.!?;:"):
            negated = False
            out.append(token)
        elif negated:
            out.append("NOT_" + token)
        else:
            out.append(token)
            negated = token.lower() in ("not", "no", "never")
    return out


def negate_word_too(tokens):
    out, negated = [], False
    for token in tokens:
        if not token.strip(",.!?;:"):
            negated = False
            out.append(token)
            continue
        negated = negated or token.lower() in ("not", "no", "never") or token.lower().endswith("n't")
        out.append("NOT_" + token if negated else token)
    return out


def negate_case_sensitive(tokens):
    out, negated = [], False
    for token in tokens:
        if not token.strip(",.!?;:"):
            negated = False
            out.append(token)
        elif negated:
            out.append("NOT_" + token)
        else:
            out.append(token)
            negated = token in ("not", "no", "never") or token.endswith("n't")
    return out


NEGATION = Exercise(
    name="negation",
    title="Marking negation: NOT_ on the words after not, no, never or n't",
    formula_id="eq-mark-negation",
    page="text-features.md",
    notes=(JURAFSKY_MARTIN,),
    function=mark_negation,
    latex=(r"\tilde w_i =" "\n" r"\begin{cases}" "\n"
           r"\mathtt{NOT\_}\,w_i & \text{if } w_j \in \mathcal{N} \text{ for some } j < i \text{ and none of } "
           r"w_{j+1}, \dots, w_i \text{ is a punctuation token,} \\" "\n"
           r"w_i & \text{otherwise.}" "\n" r"\end{cases}"),
    arguments={"tokens": "the document as a list of tokens, punctuation marks as tokens of their own"},
    returns="a new list of tokens, each word inside a negation's scope written NOT_word; the input is not changed",
    hand_cases=[
        Case((["didn't", "like", "this", "movie", ",", "but", "i"],),
             ["didn't", "NOT_like", "NOT_this", "NOT_movie", ",", "but", "i"],
             "Jurafsky and Martin's sentence: the comma ends the scope"),
        Case((["i", "do", "not", "like", "it", ".", "it", "is", "dull"],),
             ["i", "do", "not", "NOT_like", "NOT_it", ".", "it", "is", "dull"], "'not', and a full stop"),
        Case((["no", "plot", "and", "never", "funny", "!"],),
             ["no", "NOT_plot", "NOT_and", "NOT_never", "NOT_funny", "!"],
             "a second negation inside the scope is marked like any other word"),
        Case((["It", "ISN'T", "good", "?", "Not", "Bad"],), ["It", "ISN'T", "NOT_good", "?", "Not", "NOT_Bad"],
             "negation words in capitals"),
        Case((["great", "acting"],), ["great", "acting"], "no negation: nothing changes"),
        Case(([],), [], "no tokens"),
    ],
    draw=draw_tokens,
    mistakes=[
        Mistake("scope to the end", "the scope does not run to the end of the document: a punctuation token "
                "(, . ! ? ; :) ends it, and the words after it are plain again", negate_to_end),
        Mistake("next word only", "the scope is not one word: every word after the negation is marked, up to the "
                "next punctuation token", negate_next_only),
        Mistake("n't forgotten", "a token that ends in n't (didn't, isn't, don't) is a negation word too",
                negate_without_nt),
        Mistake("negation word marked", "the negation word itself stays as it is: only the words after it get "
                "NOT_", negate_word_too),
        Mistake("capitals", "the negation words are found in any case: compare token.lower() with not, no, never "
                "and n't (and keep the token itself as it was)", negate_case_sensitive),
    ],
    hint="walk the tokens once: a negation word (not, no, never, ...n't; any case) opens a scope, a punctuation "
         "token closes it, and each word inside gets NOT_ in front",
    reproductions=[
        Reproduction("MultinomialNB with Tokenizer(negation=True) on the shipped spam messages gives a test "
                     "accuracy of {value}", negation_spam_accuracy, digits=4),
        Reproduction("MultinomialNB with Tokenizer(negation=True) on Pang and Lee's movie reviews (trained on folds "
                     "1-9) gives an accuracy on fold 0 of {value}", reviews_negation_accuracy,
                     available=reviews_missing, digits=4),
    ],
)


# -- chi-square and expected mutual information -------------------------------------------------


def draw_table(generator):
    cells = [generator.randint(0, 30) for _ in range(4)]
    if generator.random() < 0.15:
        cells[generator.randrange(4)] = 0
    if sum(cells) == 0:
        cells[0] = 1
    if generator.random() < 0.3:
        cells[3] = float(cells[3])  # as VocabularySelector passes N00 (N is a float there)
    return tuple(cells)


def divide(top, bottom):
    """top / bottom: an exact Fraction when both are whole numbers (or Fractions), else a float."""
    if isinstance(top, (int, Fraction)) and isinstance(bottom, (int, Fraction)):
        return Fraction(top) / Fraction(bottom)
    return top / bottom


def chi_square_wrong_expected(n11, n10, n01, n00):
    n = n11 + n10 + n01 + n00
    expected = divide(n, 4)  # every cell the same share
    return sum((count - expected) ** 2 / expected for count in (n11, n10, n01, n00))


def chi_square_no_square(n11, n10, n01, n00):
    margins = (n11 + n01) * (n11 + n10) * (n10 + n00) * (n01 + n00)
    n = n11 + n10 + n01 + n00
    return 0 if margins == 0 else divide(n * (n11 * n00 - n10 * n01), margins)


def chi_square_without_n(n11, n10, n01, n00):
    margins = (n11 + n01) * (n11 + n10) * (n10 + n00) * (n01 + n00)
    return 0 if margins == 0 else divide((n11 * n00 - n10 * n01) ** 2, margins)


def chi_square_divided_by_observed(n11, n10, n01, n00):
    n = n11 + n10 + n01 + n00
    rows, columns = {1: n11 + n10, 0: n01 + n00}, {1: n11 + n01, 0: n10 + n00}
    observed = {(1, 1): n11, (1, 0): n10, (0, 1): n01, (0, 0): n00}
    return sum(divide((count - divide(rows[i] * columns[j], n)) ** 2, count)
               for (i, j), count in observed.items() if count)


CHI_SQUARE = Exercise(
    name="chi-square",
    title="Chi-square of a word and a class, from the 2 x 2 table of document counts",
    formula_id="eq-chi-square",
    page="vocabulary-selection.md",
    notes=(MANNING,),
    function=chi_square,
    latex=(r"X^2(t, c) = \sum_{i, j \in \{0,1\}} \frac{(N_{ij} - E_{ij})^2}{E_{ij}}" "\n"
           r"= \frac{N\,(N_{11}N_{00} - N_{10}N_{01})^2}"
           r"{(N_{11}+N_{01})(N_{11}+N_{10})(N_{10}+N_{00})(N_{01}+N_{00})}"),
    arguments={"n11": "N11, the documents that contain word t and are in class c",
               "n10": "N10, the documents that contain t and are not in c",
               "n01": "N01, the documents without t that are in c",
               "n00": "N00, the documents without t and not in c (a float when the selector calls it)"},
    returns="X^2(t, c); an exact Fraction for whole counts, a float when a count is a float, and 0 when a row "
            "or column sum is 0",
    hand_cases=[
        Case(EXPORT_POULTRY[:3] + (float(EXPORT_POULTRY[3]),), 284.28631830257234,
             "export and poultry (IIR 13.5.2): about 284, N00 a float as VocabularySelector gives it"),
        Case((1, 1, 1, 1), Fraction(0), "every cell the same: no dependence"),
        Case((2, 0, 0, 2), Fraction(4), "t exactly in the documents of c, N = 4: X^2 = N"),
        Case((3, 1, 1, 3), Fraction(2), "N = 8, E_ij = 2 in each cell: 4 (1/2) = 2"),
        Case((5, 0, 3, 0), Fraction(0), "every document in c (a column sum of 0): 0/0, taken as 0"),
    ],
    draw=draw_table,
    mistakes=[
        Mistake("wrong expected count", "the expected count of a cell is E_ij = N_i. N_.j / N, its row sum times "
                "its column sum over N: not N/4, the same for every cell", chi_square_wrong_expected),
        Mistake("not squared", "the difference N11 N00 - N10 N01 is squared (so X^2 is never below 0)",
                chi_square_no_square),
        Mistake("N left out", "the numerator has N in front: N (N11 N00 - N10 N01)^2", chi_square_without_n),
        Mistake("divided by the observed count", "each cell's (N_ij - E_ij)^2 is divided by the expected count "
                "E_ij, not by the observed N_ij", chi_square_divided_by_observed),
    ],
    hint="X^2 = N (N11 N00 - N10 N01)^2 / (N_.1 N_1. N_.0 N_0.), the four row and column sums below; "
         "return 0 when one of them is 0",
    at_scale=[
        AtScale("export and poultry in whole numbers (801,948 documents)", EXPORT_POULTRY,
                "N (N11 N00 - N10 N01)^2 is about 9e20 here, past the largest 64-bit integer (about 9.2e18): "
                "numpy's int64 arrays wrap around without a word. Keep Python's own ints (they never "
                "overflow) or floats"),
    ],
    reproductions=[Reproduction("MultinomialNB on the 40 words of the shipped spam messages with the highest "
                                "chi-square gives a test accuracy of {value}",
                                lambda: selected_spam_accuracy("chi2"), digits=4)],
)


def emi_nats(n11, n10, n01, n00):
    n = n11 + n10 + n01 + n00
    cells = ((n11, n11 + n10, n11 + n01), (n10, n11 + n10, n10 + n00),
             (n01, n01 + n00, n11 + n01), (n00, n01 + n00, n10 + n00))
    return max(math.fsum(cell / n * math.log(n * cell / (row * column)) for cell, row, column in cells if cell), 0.0)


def emi_without_weights(n11, n10, n01, n00):
    n = n11 + n10 + n01 + n00
    cells = ((n11, n11 + n10, n11 + n01), (n10, n11 + n10, n10 + n00),
             (n01, n01 + n00, n11 + n01), (n00, n01 + n00, n10 + n00))
    return math.fsum(math.log2(n * cell / (row * column)) for cell, row, column in cells if cell)


def emi_present_only(n11, n10, n01, n00):
    n = n11 + n10 + n01 + n00
    cells = ((n11, n11 + n10, n11 + n01), (n10, n11 + n10, n10 + n00))
    return math.fsum(cell / n * math.log2(n * cell / (row * column)) for cell, row, column in cells if cell)


def emi_swapped_margins(n11, n10, n01, n00):
    n = n11 + n10 + n01 + n00
    cells = ((n11, n11 + n10, n11 + n01), (n10, n11 + n10, n11 + n01),
             (n01, n01 + n00, n10 + n00), (n00, n01 + n00, n10 + n00))
    return math.fsum(cell / n * math.log2(n * cell / (row * column)) for cell, row, column in cells if cell)


EXPECTED_MUTUAL_INFORMATION = Exercise(
    name="expected-mutual-information",
    title="Expected mutual information of a word and a class, in bits",
    formula_id="eq-expected-mutual-information",
    page="vocabulary-selection.md",
    notes=(MANNING,),
    function=expected_mutual_information,
    latex=r"I(U_t; C_c) = \sum_{i, j \in \{0,1\}} \frac{N_{ij}}{N} \log_2 \frac{N\,N_{ij}}{N_{i.}\,N_{.j}}",
    arguments={"n11": "N11, the documents that contain word t and are in class c",
               "n10": "N10, the documents that contain t and are not in c",
               "n01": "N01, the documents without t that are in c",
               "n00": "N00, the documents without t and not in c"},
    returns="I(U_t; C_c) in bits, a float; a cell of 0 adds 0 (0 log 0 = 0)",
    hand_cases=[
        Case(EXPORT_POULTRY, 0.00011053558610110261, "export and poultry (IIR 13.5.1): 0.0001105 bits"),
        Case((1, 1, 1, 1), 0.0, "every cell the same: 0 bits"),
        Case((2, 0, 0, 2), 1.0, "t exactly in the documents of c, half of them: 1 bit"),
        Case((1, 0, 0, 3), 0.25 * 2 + 0.75 * math.log2(4 / 3), "t only in the one document of c: "
             "1/4 log2 4 + 3/4 log2(4/3)"),
        Case((5, 0, 3, 0), 0.0, "every document in c: 0 bits"),
    ],
    draw=draw_table,
    mistakes=[
        Mistake("nats", "this is in nats (math.log): the book's I(U; C) is in bits, log base 2 (math.log2)",
                emi_nats),
        Mistake("weights left out", "each cell's log2(N N_ij / (N_i. N_.j)) is weighted by N_ij / N, the share "
                "of documents in that cell", emi_without_weights),
        Mistake("documents with t only", "all four cells count: the documents without t (N01 and N00) tell "
                "about the class too", emi_present_only),
        Mistake("column sums mixed up", "N_.j is the column of the cell: N_.1 = N11 + N01 (documents in c), "
                "N_.0 = N10 + N00 (documents not in c)", emi_swapped_margins),
    ],
    hint="add, over the four cells with N_ij > 0, (N_ij / N) log2(N N_ij / (N_i. N_.j)), where N_i. is the "
         "cell's row sum and N_.j its column sum",
    reproductions=[Reproduction("MultinomialNB on the 40 words of the shipped spam messages with the highest "
                                "expected mutual information gives a test accuracy of {value}",
                                lambda: selected_spam_accuracy("expected_mutual_information"), digits=4)],
)


# -- the odds ratio ----------------------------------------------------------------------------------


def draw_probabilities(generator):
    def one():
        if generator.random() < 0.9:
            return Fraction(generator.randint(1, 19), 20)
        return Fraction(generator.choice([0, 1]))
    return (one(), one())


ODDS_RATIO = Exercise(
    name="odds-ratio",
    title="The odds ratio of a feature for one class against another",
    formula_id="eq-odds-ratio",
    page="explain.md",
    notes=(ODDS,),
    function=odds_ratio,
    latex=(r"\text{OR}_f = \frac{p_1 / (1 - p_1)}{p_2 / (1 - p_2)} = \frac{p_1\,(1 - p_2)}{p_2\,(1 - p_1)},"
           "\n" r"\qquad p_i = P(f \text{ present} \mid c_i)"),
    arguments={"p1": "P(f present | c1), the feature's probability in the first class",
               "p2": "P(f present | c2), in the second class"},
    returns="the odds ratio, exact for Fractions; inf when the denominator is 0 and the numerator is not, "
            "1 when both are 0",
    hand_cases=[
        Case((Fraction(1, 2), Fraction(1, 4)), Fraction(3), "odds 1 against odds 1/3"),
        Case((Fraction(4, 5), Fraction(2, 3)), Fraction(2), "'chinese' in the China example, BernoulliNB with "
             "Laplace: 4/5 in china, 2/3 in japan"),
        Case((Fraction(1, 4), Fraction(1, 2)), Fraction(1, 3), "the other way round: 1/3"),
        Case((Fraction(1, 3), Fraction(1, 3)), Fraction(1), "the same probability: 1"),
        Case((Fraction(1, 2), Fraction(0)), math.inf, "never present in c2: infinite"),
        Case((Fraction(1), Fraction(1, 2)), math.inf, "always present in c1: infinite"),
        Case((Fraction(0), Fraction(0)), 1, "never present in either: no difference, 1"),
    ],
    draw=draw_probabilities,
    mistakes=[
        Mistake("likelihood ratio", "this is p1 / p2, the likelihood ratio: the odds ratio compares the odds "
                "p / (1 - p) of the two classes",
                lambda p1, p2: math.inf if p2 == 0 and p1 else (1 if p2 == 0 else Fraction(p1) / p2)),
        Mistake("upside down", "this is the odds ratio upside down: c1's odds of presence go on top, "
                "[p1 / (1 - p1)] / [p2 / (1 - p2)] (the odds of absence, (1 - p) / p, turn it upside down too)",
                lambda p1, p2: odds_ratio(p2, p1)),
        Mistake("logarithm", "the exercise wants the ratio itself, not its logarithm",
                lambda p1, p2: math.log(p1 * (1 - p2)) - math.log(p2 * (1 - p1))),
    ],
    hint="OR = p1 (1 - p2) / (p2 (1 - p1)); when that denominator is 0 return math.inf, or 1 if the numerator "
         "is 0 too",
    reproductions=[
        Reproduction("BernoulliNB on the China example gives 'chinese' an odds ratio of {value} for china "
                     "against japan", china_odds_ratio, digits=4),
        Reproduction("BernoulliNB on the shipped spam messages gives the largest odds ratio for spam against "
                     "ham as {value}", spam_odds_ratio, digits=4),
    ],
)


def china_likelihood_ratio():
    """The ratio P(tokyo | japan) / P(tokyo | china), MultinomialNB on the China example (Laplace): (2/9) / (1/14)."""
    documents, labels, _ = load_china()
    found = odds_ratios(MultinomialNB().fit(documents, labels), "japan", "china", top=None)
    return next(row.ratio for row in found if row.feature == "tokyo")


def spam_likelihood_ratio():
    """The largest ratio P(w | spam) / P(w | ham), MultinomialNB on the shipped spam messages."""
    texts, labels = load_spam()
    return odds_ratios(MultinomialNB().fit(texts, labels), "spam", "ham", top=1)[0].ratio


LIKELIHOOD_RATIO = Exercise(
    name="likelihood-ratio",
    title="How many times likelier a feature is in one class than in another",
    formula_id="eq-pairwise-likelihood-ratio",
    page="explain.md",
    notes=(NLTK_BOOK,),
    function=pairwise_likelihood_ratio,
    latex=r"\text{ratio}_f = \frac{P(f \mid c_1)}{P(f \mid c_2)}",
    arguments={"p1": "P(f | c1), the feature's probability in the first class",
               "p2": "P(f | c2), in the second class"},
    returns="the ratio, exact for Fractions; inf when p2 = 0 and p1 is not, 1 when both are 0",
    hand_cases=[
        Case((Fraction(2, 9), Fraction(1, 14)), Fraction(28, 9), "tokyo in the China example: japan against china"),
        Case((Fraction(1, 14), Fraction(2, 9)), Fraction(9, 28), "the other way round"),
        Case((Fraction(3, 7), Fraction(3, 7)), Fraction(1), "the same probability: 1"),
        Case((Fraction(1, 2), Fraction(0)), math.inf, "never seen in c2 (no smoothing): infinite"),
        Case((Fraction(0), Fraction(0)), 1, "never seen in either: no difference, 1"),
    ],
    draw=draw_probabilities,
    mistakes=[
        Mistake("upside down", "c1's probability goes on top: P(f | c1) / P(f | c2)",
                lambda p1, p2: pairwise_likelihood_ratio(p2, p1)),
        Mistake("difference", "the ratio divides the two probabilities; it does not subtract them",
                lambda p1, p2: p1 - p2),
        Mistake("odds ratio", "this is the odds ratio, [p1 / (1 - p1)] / [p2 / (1 - p2)]: NLTK's ratio divides the "
                "probabilities themselves", lambda p1, p2: odds_ratio(p1, p2)),
    ],
    hint="return p1 / p2; when p2 is 0 return math.inf, or 1 if p1 is 0 too",
    reproductions=[
        Reproduction("MultinomialNB on the China example gives 'tokyo' a ratio of {value} for japan against china",
                     china_likelihood_ratio, digits=4),
        Reproduction("MultinomialNB on the shipped spam messages gives the largest ratio for spam against ham as "
                     "{value}", spam_likelihood_ratio, digits=4),
    ],
)


# -- the ROC area, average precision ----------------------------------------------------------------


def draw_curve(generator):
    """Points of a ROC curve: x and y rising from 0 to 1 (exact)."""
    n = generator.randint(1, 6)
    xs = sorted(Fraction(generator.randint(0, 8), 8) for _ in range(n))
    ys = sorted(Fraction(generator.randint(0, 8), 8) for _ in range(n))
    return ([Fraction(0)] + xs + [Fraction(1)], [Fraction(0)] + ys + [Fraction(1)])


TRAPEZOID_AREA = Exercise(
    name="roc-auc",
    title="The area under the ROC curve, trapezoid by trapezoid",
    formula_id="eq-trapezoid-area",
    page="curves-and-significance.md",
    notes=(MANNING_RANKED,),
    function=trapezoid_area,
    latex=r"\mathrm{AUC} = \sum_{k} (x_{k+1} - x_k)\, \frac{y_k + y_{k+1}}{2}",
    arguments={"x": "the points' x values, rising (for the ROC curve, the false positive rates)",
               "y": "their y values (the true positive rates)"},
    returns="the area under the line through the points; exact for Fractions",
    hand_cases=[
        Case(([0, 0, Fraction(1, 2), 1], [0, Fraction(1, 2), 1, 1]), Fraction(7, 8),
             "two positives, two negatives, one pair in the wrong order: 7/8"),
        Case(([0, 1], [0, 1]), Fraction(1, 2), "a coin: the diagonal, 1/2"),
        Case(([0, 0, 1], [0, 1, 1]), Fraction(1), "every positive first: 1"),
        Case(([0, Fraction(1, 2), 1], [0, 1, 1]), Fraction(3, 4),
             "a positive and a negative with the same score: the tie is a diagonal, counted one half"),
        Case(([0, Fraction(1, 3)], [0, 1]), Fraction(1, 6), "a curve that stops early: one triangle"),
    ],
    draw=draw_curve,
    mistakes=[
        Mistake("rectangles, left", "these are rectangles at the left point's height: a step between two points "
                "whose x and y both change is a slope, so take the mean of y_k and y_(k+1)",
                lambda x, y: sum((x[k + 1] - x[k]) * y[k] for k in range(len(x) - 1))),
        Mistake("rectangles, right", "these are rectangles at the right point's height: a slope between two "
                "points takes the mean of y_k and y_(k+1)",
                lambda x, y: sum((x[k + 1] - x[k]) * y[k + 1] for k in range(len(x) - 1))),
        Mistake("not halved", "y_k + y_(k+1) is twice the mean height: divide by 2",
                lambda x, y: sum((x[k + 1] - x[k]) * (y[k] + y[k + 1]) for k in range(len(x) - 1))),
        Mistake("x and y swapped", "the widths are along x (the false positive rate), the heights along y",
                lambda x, y: trapezoid_area(y, x)),
    ],
    hint="for each pair of neighbouring points add the width x_(k+1) - x_k times the mean height (y_k + y_(k+1)) / 2",
    reproductions=[
        Reproduction("MultinomialNB on the shipped spam messages gives a test AUC of {value}", spam_auc, digits=4),
        Reproduction("MultinomialNB on the SMS Spam Collection (a stratified third, seed 0) gives a test AUC of "
                     "{value}", sms_spam_auc, available=sms_spam_missing, digits=4),
    ],
)


def draw_precision_recall(generator):
    """A precision-recall curve as precision_recall_curve gives it, from random outcomes and scores."""
    n = generator.randint(2, 9)
    outcomes = [generator.randint(0, 1) for _ in range(n)]
    outcomes[0], outcomes[1] = 1, 0
    scores = [generator.randint(0, 5) for _ in range(n)]
    curve = curves.precision_recall_curve(outcomes, scores)
    return ([Fraction(p) for p in curve[0]], [Fraction(r) for r in curve[1]])


def pr_points(outcomes, scores):
    curve = curves.precision_recall_curve(outcomes, scores)
    return ([Fraction(p) for p in curve[0]], [Fraction(r) for r in curve[1]])


def ap_interpolated(precisions, recalls):
    return sum((recalls[k] - recalls[k + 1]) * max(precisions[: k + 1]) for k in range(len(recalls) - 1))


AVERAGE_PRECISION = Exercise(
    name="average-precision",
    title="Average precision: the precision at each step of recall",
    formula_id="eq-average-precision",
    page="curves-and-significance.md",
    notes=(MANNING_RANKED,),
    function=average_precision,
    latex=r"\mathrm{AP} = \sum_{k} (R_k - R_{k+1})\, P_k",
    arguments={"precisions": "P_k, the precision at each threshold, as precision_recall_curve gives them "
                             "(lowest threshold first, and 1 last)",
               "recalls": "R_k, the recall at the same thresholds, falling to 0 at the last point"},
    returns="AP, exact for Fractions",
    hand_cases=[
        Case(pr_points([0, 0, 1, 1], [1, 4, 3.5, 8]), Fraction(5, 6),
             "scikit-learn's example: positive, negative, positive, negative by score: 1/2 + 1/2 (2/3)"),
        Case(pr_points([0, 1, 1], [3, 2, 1]), Fraction(7, 12),
             "a negative first, then two positives: 1/2 (1/2) + 1/2 (2/3)"),
        Case(pr_points([1, 1, 0], [3, 2, 1]), Fraction(1), "both positives first: 1"),
        Case(pr_points([1, 0], [1, 1]), Fraction(1, 2), "a positive and a negative with the same score: 1/2"),
    ],
    draw=draw_precision_recall,
    mistakes=[
        Mistake("interpolated", "this uses the interpolated precision (the best precision at this recall or "
                "above): AP takes each step's own precision P_k, without interpolation", ap_interpolated),
        Mistake("trapezoids", "these are trapezoids under the curve: AP multiplies each gain in recall by the "
                "precision where it was gained, P_k, not by the mean of two neighbours (which is too hopeful)",
                lambda p, r: sum((r[k] - r[k + 1]) * (p[k] + p[k + 1]) / 2 for k in range(len(r) - 1))),
        Mistake("the next precision", "the gain R_k - R_(k+1) is made at point k: weight it by P_k, not P_(k+1)",
                lambda p, r: sum((r[k] - r[k + 1]) * p[k + 1] for k in range(len(r) - 1))),
        Mistake("mean of the precisions", "this is the plain mean of the precisions: each is weighted by the "
                "recall gained at its step", lambda p, r: sum(p, Fraction(0)) / len(p)),
    ],
    hint="for each point but the last add (R_k - R_(k+1)) times P_k",
    reproductions=[Reproduction("MultinomialNB on the shipped spam messages gives a test average precision of "
                                "{value}", spam_average_precision, digits=4)],
)


# -- the paired bootstrap --------------------------------------------------------------------------


def draw_deltas(generator):
    b = generator.randint(1, 12)
    deltas = [Fraction(generator.randint(-10, 10), 10) for _ in range(b)]
    return (deltas, Fraction(generator.randint(-3, 5), 10))


BOOTSTRAP_P_VALUE = Exercise(
    name="bootstrap-p-value",
    title="The p-value of the paired bootstrap test",
    formula_id="eq-bootstrap-p-value",
    page="curves-and-significance.md",
    notes=(JURAFSKY_MARTIN,),
    function=bootstrap_p_value,
    latex=r"\text{p-value}(x) = \frac{1}{b} \sum_{i=1}^{b} \mathbb{1}\big(\delta(x^{(i)}) > 2\,\delta(x)\big)",
    arguments={"sample_deltas": "delta(x^(i)) for each of the b bootstrap samples: A's score minus B's",
               "delta": "delta(x), A's score minus B's on the test set itself"},
    returns="the share of the b samples whose delta is above 2 delta; exact (a Fraction)",
    hand_cases=[
        Case(([Fraction(1, 10), Fraction(3, 10), Fraction(25, 100), Fraction(5, 100), Fraction(15, 100)],
              Fraction(1, 10)), Fraction(2, 5), "delta = 0.1: two of five samples above 2 delta = 0.2"),
        Case(([Fraction(2, 10), Fraction(2, 10), Fraction(15, 100), Fraction(3, 10)], Fraction(1, 10)), Fraction(1, 4),
             "a sample equal to 2 delta does not count (>, as the chapter's algorithm)"),
        Case(([Fraction(1, 10)] * 4, Fraction(1, 10)), Fraction(0), "every sample as good as the test set: 0"),
        Case(([Fraction(-1, 10), Fraction(1, 10)], Fraction(-1, 10)), Fraction(1),
             "B better on the test set: delta below 0, so every sample above -0.2 counts"),
        Case(([Fraction(1, 20), Fraction(15, 100), Fraction(11, 100), Fraction(9, 100), Fraction(21, 100)],
              Fraction(1, 20)), Fraction(3, 5), "delta = 0.05: three of five samples above 2 delta = 0.1"),
    ],
    draw=draw_deltas,
    mistakes=[
        Mistake("2 delta forgotten", "the samples' deltas are compared with 2 delta(x), not delta(x): the samples "
                "are drawn from x, so they are expected to beat B by delta(x) already",
                lambda deltas, delta: Fraction(sum(1 for d in deltas if d > delta), len(deltas))),
        Mistake(">= for >", "a sample whose delta equals 2 delta(x) does not count: the chapter's test is "
                "delta(x^(i)) > 2 delta(x)",
                lambda deltas, delta: Fraction(sum(1 for d in deltas if d >= 2 * delta), len(deltas))),
        Mistake("a count, not a share", "divide the count by b, the number of samples",
                lambda deltas, delta: sum(1 for d in deltas if d > 2 * delta)),
        Mistake("the other side", "count the samples above 2 delta(x), not those at or below it",
                lambda deltas, delta: Fraction(sum(1 for d in deltas if d <= 2 * delta), len(deltas))),
    ],
    hint="count the samples with delta(x^(i)) > 2 delta(x) and divide by b, the number of samples",
    reproductions=[Reproduction("the paired bootstrap of MultinomialNB against BernoulliNB on the shipped spam "
                                "messages (500 samples, seed 0) gives a p-value of {value}",
                                spam_bootstrap_p_value, digits=4)],
)


# -- the micro average ------------------------------------------------------------------------------


def draw_pooled(generator):
    k = generator.randint(1, 5)
    true_positives = [generator.randint(0, 9) for _ in range(k)]
    false_counts = [generator.randint(0, 9) for _ in range(k)]
    if sum(true_positives) + sum(false_counts) == 0:
        true_positives[0] = 1
    return (true_positives, false_counts)


def macro_instead(true_positives, false_counts):
    per_class = [Fraction(tp, tp + f) if tp + f else Fraction(0) for tp, f in zip(true_positives, false_counts)]
    return sum(per_class, Fraction(0)) / len(per_class)


MICRO_AVERAGE = Exercise(
    name="micro-average",
    title="Micro-averaged precision (or recall): pool the classes' tables, then divide",
    formula_id="eq-micro-average",
    page="metrics.md",
    notes=(MANNING, JURAFSKY_MARTIN),
    function=micro_average,
    latex=r"\text{micro-}P = \frac{\sum_k TP_k}{\sum_k TP_k + \sum_k FP_k}",
    arguments={"true_positives": "[TP_k for each class k]",
               "false_counts": "[FP_k for each class] for the micro precision, [FN_k] for the micro recall"},
    returns="the pooled ratio, exact (a Fraction); 0 when there is nothing to divide",
    hand_cases=[
        Case(([1, 2, 0], [1, 0, 1]), Fraction(3, 5),
             "earn, grain, wheat of docs/multi-label.md, FP: 3 / (3 + 2)"),
        Case(([1, 2, 0], [0, 0, 1]), Fraction(3, 4), "the same, FN: micro recall 3 / (3 + 1)"),
        Case(([90, 1], [10, 9]), Fraction(91, 110), "a large class and a small one: the large one dominates"),
        Case(([0, 0], [0, 0]), Fraction(0), "nothing predicted and nothing missed: 0"),
    ],
    draw=draw_pooled,
    mistakes=[
        Mistake("macro, not micro", "this is the mean of the classes' own precisions (the macro average): the "
                "micro average pools the counts of all classes first, then divides once", macro_instead),
        Mistake("false counts on top", "the true positives go on top: sum TP_k / (sum TP_k + sum F_k)",
                lambda tp, f: Fraction(sum(f), sum(tp) + sum(f)) if sum(tp) + sum(f) else Fraction(0)),
        Mistake("TP left out below", "the denominator is sum TP_k + sum F_k, everything predicted (or "
                "everything in the classes)", lambda tp, f: Fraction(sum(tp), sum(f)) if sum(f) else Fraction(0)),
    ],
    hint="add up the true positives of all classes, add up the false counts, and divide: "
         "sum TP / (sum TP + sum F); 0 when both sums are 0",
    reproductions=[
        Reproduction("multilabel_f1 on the four stories of docs/multi-label.md gives a micro F1 of {value}",
                     small_micro_f1, digits=4),
        Reproduction("OneVsRestClassifier(MultinomialNB()) on Reuters-21578 ModApte's ten largest topics gives a "
                     "micro F1 of {value}", reuters_micro_f1, available=reuters_missing, digits=4),
    ],
)


# -- feature hashing -------------------------------------------------------------------------------

HASHED_WORDS = ["the", "free", "money", "meeting", "chinese", "tokyo", "cat", "dog", "colour", "size"]


def draw_hash_row(generator):
    row = {}
    for word in generator.sample(HASHED_WORDS, generator.randint(0, 6)):
        row[word] = generator.choice([0, 1, 2, 3, Fraction(1, 2), "red", "big"])
    return (row, generator.choice([1, 2, 3, 4, 8, 16, 2**20]), generator.random() < 0.5)


def signed(feature):
    h = murmurhash3_32(feature)
    return h - 2**32 if h >= 2**31 else h


def hashed_unsigned(row, n_features, alternate_sign=True):
    out = {}
    for feature, value in row.items():
        if isinstance(value, str):
            feature, value = f"{feature}={value}", 1
        if value == 0:
            continue
        column = murmurhash3_32(feature) % n_features
        out[column] = out.get(column, 0) + value
    return out


def hashed_python_modulo(row, n_features, alternate_sign=True):
    out = {}
    for feature, value in row.items():
        if isinstance(value, str):
            feature, value = f"{feature}={value}", 1
        if value == 0:
            continue
        h = signed(feature)
        out[h % n_features] = out.get(h % n_features, 0) + (-value if alternate_sign and h < 0 else value)
    return out


def hashed_overwriting(row, n_features, alternate_sign=True):
    out = {}
    for feature, value in row.items():
        if isinstance(value, str):
            feature, value = f"{feature}={value}", 1
        if value == 0:
            continue
        h = signed(feature)
        out[abs(h) % n_features] = -value if alternate_sign and h < 0 else value
    return out


def hashed_without_category(row, n_features, alternate_sign=True):
    return hashed_features({f: (1 if isinstance(v, str) else v) for f, v in row.items()}, n_features, alternate_sign)


HASHED_ROW = {"free": 2, "money": 1, "colour": "red"}

FEATURE_HASH = Exercise(
    name="feature-hash",
    title="Feature hashing: the bucket and the sign of each feature",
    formula_id="eq-feature-hashing",
    page="text-features.md",
    notes=(HASHING,),
    function=hashed_features,
    latex=(r"x'_j = \sum_{f \,:\, |h(f)| \bmod m \,=\, j} s(f) \, x_f, \qquad" "\n"
           r"s(f) = \begin{cases} -1 & \text{if } h(f) < 0 \text{ and } \mathtt{alternate\_sign}\text{,} \\ +1 & "
           r"\text{otherwise.} \end{cases}"),
    arguments={"row": "one example as {feature: value}; a str value v is the feature 'feature=v' with value 1",
               "n_features": "m, the number of columns",
               "alternate_sign": "True: a feature whose hash is below 0 counts negative"},
    returns="{column j: x'_j} for the columns some feature with a value other than 0 falls in. h(f) is "
            "naivebayes.text.hashing.murmurhash3_32(f) read as a signed 32-bit number (subtract 2**32 when it "
            "is 2**31 or more)",
    hand_cases=[
        Case(({"foo": 1}, 8, True), {0: -1}, "h('foo') = 4138058784, signed -156908512 (scikit-learn's "
             "murmurhash3_32('foo')): bucket 156908512 mod 8 = 0, sign -"),
        Case(({"foo": 1}, 8, False), {0: 1}, "the same without alternate signs"),
        Case(({"foo": 1}, 3, True), {signed("foo") * -1 % 3: -1}, "156908512 mod 3 = 1: |h| first, then mod"),
        Case((HASHED_ROW, 8, True), {6: 2, 2: -1, 1: 1},
             "h('free') = 1363043438 (column 6), h('money') = -729929402 (column 2, sign -), "
             "h('colour=red') = 511943297 (column 1), as scikit-learn's murmurhash3_32 gives them"),
        Case(({"free": 1, "money": 1, "meeting": 2}, 1, False), {0: 4},
             "one column: every feature collides, and collisions add"),
        Case(({"free": 0}, 8, True), {}, "a value of 0 adds nothing"),
    ],
    draw=draw_hash_row,
    mistakes=[
        Mistake("unsigned hash", "h(f) is read as a signed 32-bit number (subtract 2**32 when it is 2**31 or "
                "more), then |h(f)| mod m gives the column, as scikit-learn does", hashed_unsigned),
        Mistake("mod of a negative hash", "the column is |h(f)| mod m: Python's h % m of a negative h is not "
                "the same number", hashed_python_modulo),
        Mistake("collisions overwrite", "two features in the same column add their values: a later one does not "
                "replace an earlier one", hashed_overwriting),
        Mistake("category's value ignored", "a str value v is a category: hash the feature 'name=v' with the "
                "value 1, so that colour=red and colour=blue go to their own columns", hashed_without_category),
        Mistake("sign ignored", "with alternate_sign, a feature whose signed hash is below 0 adds -x_f",
                lambda row, m, alternate_sign=True: hashed_features(row, m, False)),
    ],
    hint="for each feature with a value other than 0: h = murmurhash3_32(name) as a signed number, column "
         "|h| mod m, add the value there (minus it when h < 0 and alternate_sign)",
    reproductions=[Reproduction("MultinomialNB on the shipped spam messages hashed into 256 columns gives a test "
                                "accuracy of {value}", hashed_spam_accuracy, digits=4)],
)


# -- lexicon counts, affixes --------------------------------------------------------------------

POSITIVE_WORDS = {"good", "great", "free", "win", "enjoyable"}


def draw_lexicon_case(generator):
    words = SENTENCE_WORDS + ["free", "win", "Great", "greatly"]
    tokens = [generator.choice(words) for _ in range(generator.randint(0, 12))]
    lexicon = sorted(POSITIVE_WORDS | {"great", "boring", "dull"})
    return (tokens, set(generator.sample(lexicon, generator.randint(0, 4))))


def spam_lexicon_accuracy():
    """MultinomialNB on two features, the counts of a few spam words and of a few everyday words."""
    train_texts, test_texts, train_labels, test_labels = spam_split()
    counts = LexiconCounts(positive=["free", "win", "prize", "cash", "claim", "call", "txt", "urgent"],
                           negative=["i", "you", "me", "ok", "home", "later", "love", "going"])
    model = MultinomialNB().fit(counts.transform(train_texts), train_labels)
    return model.score(counts.transform(test_texts), test_labels)


LEXICON_COUNT = Exercise(
    name="lexicon-count",
    title="Counting the tokens of a document that are words of a lexicon",
    formula_id="eq-lexicon-count",
    page="text-features.md",
    notes=(JURAFSKY_MARTIN,),
    function=lexicon_count,
    latex=r"n_L(d) = \sum_{i=1}^{n_d} \mathbb{1}[w_i \in L]",
    arguments={"tokens": "the document d as its list of tokens w_1 .. w_(n_d)",
               "lexicon": "the lexicon L, a set of words (compared with the tokens as they are)"},
    returns="n_L(d), a whole number",
    hand_cases=[
        Case((["great", "acting", ",", "great", "plot"], {"great", "good"}), 2,
             "'great' twice: each occurrence counts"),
        Case((["the", "plot", "was", "dull"], {"great", "good"}), 0, "no word of the lexicon"),
        Case((["greatly", "good"], {"great", "good"}), 1,
             "a token is a word of the lexicon or not: 'greatly' is not 'great'"),
        Case((["Great", "great"], {"great"}), 1, "compared as they are: 'Great' is not in the lexicon"),
        Case(([], {"great"}), 0, "an empty document"),
    ],
    draw=draw_lexicon_case,
    mistakes=[
        Mistake("distinct words", "every occurrence counts: a word of the lexicon that occurs twice adds 2 "
                "(this counts the distinct words)", lambda tokens, lexicon: len(set(tokens) & set(lexicon))),
        Mistake("substrings", "a token counts when it is a word of the lexicon, not when it contains one "
                "('greatly' is not 'great')",
                lambda tokens, lexicon: sum(1 for t in tokens if any(w in t for w in lexicon))),
        Mistake("lowercased", "the tokens are compared with the lexicon as they are (lowercase them before, "
                "in the tokenizer, if you want that)",
                lambda tokens, lexicon: sum(1 for t in tokens if t.lower() in lexicon)),
    ],
    hint="go through the tokens and count those that are in the lexicon: sum(1 for w in tokens if w in lexicon)",
    reproductions=[Reproduction("MultinomialNB on two lexicon counts of the shipped spam messages gives a test "
                                "accuracy of {value}", spam_lexicon_accuracy, digits=4)],
)


def draw_affix_case(generator):
    word = "".join(generator.choice("aeiknorstly") for _ in range(generator.randint(1, 7)))
    prefixes = tuple(sorted(generator.sample([1, 2, 3, 4], generator.randint(0, 2))))
    suffixes = tuple(sorted(generator.sample([1, 2, 3, 4, 5], generator.randint(0, 3))))
    return (word, prefixes, suffixes)


SMALL_NAMES = (["Anna", "Maria", "Julia", "Sophie", "Kate", "Emily", "Olivia", "Grace"],
               ["John", "Mark", "Peter", "Paul", "Ivan", "Tom", "David", "Frank"])


def small_names_posterior():
    """P(female | 'Sara') from CategoricalNB on the last letter of sixteen names (the NLTK book's feature)."""
    female, male = SMALL_NAMES
    affixes = AffixFeatures(prefixes=(), suffixes=(1,))
    model = CategoricalNB().fit(affixes.transform(female + male), ["female"] * len(female) + ["male"] * len(male))
    return model.predict_proba(affixes.transform(["Sara"]))[0]["female"]


def names_accuracy():
    """CategoricalNB on the last two letters of the names corpus: accuracy on a stratified fifth (seed 0)."""
    from naivebayes.datasets import load_names

    names, labels = load_names(download_if_missing=False)
    train_names, test_names, train_labels, test_labels = train_test_split(
        names, labels, test_size=0.2, random_state=0, stratify=labels)
    affixes = AffixFeatures(prefixes=(), suffixes=(1, 2))
    model = CategoricalNB().fit(affixes.transform(train_names), train_labels)
    return model.score(affixes.transform(test_names), test_labels)


AFFIX_FEATURES = Exercise(
    name="affix-features",
    title="The first and last letters of a word as features",
    formula_id="eq-affix-features",
    page="text-features.md",
    notes=(NLTK_BOOK,),
    function=affix_features,
    latex=(r"\text{prefix}_k(w) = w_1 \cdots w_{\min(k, m)}, \qquad" "\n"
           r"\text{suffix}_k(w) = w_{m - \min(k, m) + 1} \cdots w_m"),
    arguments={"word": "the word w, of m letters",
               "prefixes": "the lengths k of the prefixes wanted, such as (1, 2)",
               "suffixes": "the lengths k of the suffixes wanted, such as (1, 2, 3)"},
    returns="{'prefix<k>': first k letters, ..., 'suffix<k>': last k letters, ...}; the whole word when it is "
            "shorter than k",
    hand_cases=[
        Case(("sara", (), (1,)), {"suffix1": "a"}, "the NLTK book's last letter"),
        Case(("neo", (1, 2), (1, 2, 3)),
             {"prefix1": "n", "prefix2": "ne", "suffix1": "o", "suffix2": "eo", "suffix3": "neo"},
             "the default lengths on a word of three letters"),
        Case(("al", (1,), (3,)), {"prefix1": "a", "suffix3": "al"}, "a word shorter than k: the whole word"),
        Case(("x", (2,), (2,)), {"prefix2": "x", "suffix2": "x"}, "one letter"),
        Case(("trinity", (), ()), {}, "no lengths, no features"),
    ],
    draw=draw_affix_case,
    mistakes=[
        Mistake("short words", "for a word shorter than k the suffix is the whole word: word[len(word) - k:] "
                "starts at a negative place there and cuts the word (word[-k:] does not)",
                lambda word, prefixes, suffixes: {**{f"prefix{k}": word[:k] for k in prefixes},
                                                  **{f"suffix{k}": word[len(word) - k:] for k in suffixes}}),
        Mistake("one letter too many", "prefix_k is the first k letters, word[:k]",
                lambda word, prefixes, suffixes: {**{f"prefix{k}": word[:k + 1] for k in prefixes},
                                                  **{f"suffix{k}": word[-k:] for k in suffixes}}),
        Mistake("suffix backwards", "the suffix keeps the letters in their order: the last k letters as the word "
                "writes them, word[-k:]",
                lambda word, prefixes, suffixes: {**{f"prefix{k}": word[:k] for k in prefixes},
                                                  **{f"suffix{k}": word[::-1][:k] for k in suffixes}}),
    ],
    hint="for each k in prefixes the key 'prefix<k>' holds word[:k]; for each k in suffixes 'suffix<k>' holds "
         "the last k letters (the whole word if it is shorter)",
    reproductions=[
        Reproduction("CategoricalNB on the last letter of sixteen names gives P(female | 'Sara') = {value}",
                     small_names_posterior, digits=4),
        Reproduction("CategoricalNB on the last two letters of the names corpus (a stratified fifth, seed 0) "
                     "gives a test accuracy of {value}", names_accuracy, available=names_missing, digits=4),
    ],
)


# -- the decision cost, weighted class counts -------------------------------------------------------


def draw_costs(generator):
    return (generator.randint(0, 20), generator.randint(0, 20), generator.choice([1, 2, 5, Fraction(1, 2), 0.5]),
            generator.choice([1, 3, 10, Fraction(3, 2)]))


def spam_cost_threshold():
    """The threshold on P(spam) with the smallest cost on the shipped test third, a false positive costing 10."""
    labels, scores = spam_scores()
    return threshold_for_cost(labels, scores, 10, 1, pos_label="spam").threshold


DECISION_COST = Exercise(
    name="decision-cost",
    title="The cost of a threshold's mistakes",
    formula_id="eq-decision-cost",
    page="curves-and-significance.md",
    notes=(SPAM_COSTS,),
    function=decision_cost,
    latex=(r"\mathrm{cost}(t) = c_{FP}\, \mathrm{FP}(t) + c_{FN}\, \mathrm{FN}(t), \qquad "
           r"\mathrm{FN}(t) = P - \mathrm{TP}(t)"),
    arguments={"false_positives": "FP(t), the negatives called positive at threshold t",
               "false_negatives": "FN(t), the positives called negative",
               "cost_false_positive": "c_FP, the cost of one false positive",
               "cost_false_negative": "c_FN, the cost of one false negative"},
    returns="cost(t), exact for whole numbers and Fractions",
    hand_cases=[
        Case((2, 3, 10, 1), 23, "a real message hidden costs 10, a spam let through 1: 2 x 10 + 3"),
        Case((0, 5, 10, 1), 5, "no false positive"),
        Case((4, 0, Fraction(1, 2), 3), 2, "costs that are not whole"),
        Case((0, 0, 10, 1), 0, "no mistakes, no cost"),
    ],
    draw=draw_costs,
    mistakes=[
        Mistake("costs swapped", "each kind of mistake has its own cost: c_FP goes with FP, c_FN with FN",
                lambda fp, fn, c_fp, c_fn: c_fn * fp + c_fp * fn),
        Mistake("costs ignored", "the mistakes are weighted by their costs: c_FP FP + c_FN FN",
                lambda fp, fn, c_fp, c_fn: fp + fn),
        Mistake("mean, not sum", "the cost is the sum of the two parts, not their mean",
                lambda fp, fn, c_fp, c_fn: (c_fp * fp + c_fn * fn) / 2),
    ],
    hint="multiply each count of mistakes by its cost and add: c_FP FP + c_FN FN",
    reproductions=[Reproduction("threshold_for_cost (a false positive costing 10) on MultinomialNB's P(spam) of the "
                                "shipped test messages gives the threshold {value}", spam_cost_threshold,
                                digits=4)],
)


def draw_weights(generator):
    n = generator.randint(0, 8)
    labels = [generator.choice(["spam", "ham", "other"]) for _ in range(n)]
    weights = [generator.choice([1, 2, 3, Fraction(1, 2), 0.25, 0]) for _ in range(n)]
    return (labels, weights)


def weighted_china_posterior():
    """P(china | the test document) from MultinomialNB on the China example, the Japan document weighted 3."""
    documents, labels, test_document = load_china()
    weights = [3 if label == "japan" else 1 for label in labels]
    model = MultinomialNB().fit(documents, labels, sample_weight=weights)
    return model.predict_proba([test_document])[0]["china"]


SAMPLE_WEIGHT_CLASS_COUNTS = Exercise(
    name="weighted-class-counts",
    title="Class counts with example weights (sample_weight)",
    formula_id="eq-weighted-class-counts",
    page="pipeline.md",
    notes=("scikit-learn's sample_weight",),
    function=weighted_class_counts,
    latex=r"N_c = \sum_{i \,:\, y_i = c} w_i, \qquad N = \sum_c N_c",
    arguments={"labels": "y_i, the class of each training example", "weights": "w_i, each example's weight"},
    returns="{c: N_c} for each class in the labels",
    hand_cases=[
        Case((["china", "china", "china", "japan"], [1, 1, 1, 3]), {"china": 3, "japan": 3},
             "the China example with the Japan document weighted 3: the classes now weigh the same"),
        Case((["spam", "ham", "spam"], [1, 1, 1]), {"spam": 2, "ham": 1}, "weights of 1: the plain counts"),
        Case((["spam", "ham"], [Fraction(1, 2), 2]), {"spam": Fraction(1, 2), "ham": 2}, "weights that are not whole"),
        Case((["spam", "ham"], [0, 1]), {"spam": 0, "ham": 1}, "a weight of 0: the class is still there, with N_c = 0"),
        Case(([], []), {}, "no examples"),
    ],
    draw=draw_weights,
    mistakes=[
        Mistake("weights ignored", "N_c adds up the weights w_i of the class's examples, not 1 for each",
                lambda labels, weights: {c: labels.count(c) for c in labels}),
        Mistake("weights normalised", "the weights are added as they are: N_c is a sum of weights, not a share",
                lambda labels, weights: {c: sum(w for y, w in zip(labels, weights) if y == c) / sum(weights)
                                         for c in labels}),
        Mistake("zero weights dropped", "a class whose examples weigh 0 still has its entry, N_c = 0",
                lambda labels, weights: {c: sum(w for y, w in zip(labels, weights) if y == c)
                                         for c, w in zip(labels, weights) if w}),
    ],
    hint="start from an empty dict and add each example's weight w_i to its class's entry",
    reproductions=[Reproduction("MultinomialNB on the China example, the Japan document weighted 3, gives "
                                "P(china | test document) = {value}", weighted_china_posterior, digits=4)],
)

def draw_false_positives(generator):
    n_negative = generator.randint(1, 200)
    return (generator.randint(0, n_negative), n_negative)


FALSE_POSITIVE_RATE = Exercise(
    name="false-positive-rate",
    title="The false positive rate: the ROC curve's x",
    formula_id="eq-false-positive-rate",
    page="curves-and-significance.md",
    notes=(MANNING_RANKED,),
    function=false_positive_rate,
    latex=r"\mathrm{FPR}(t) = \frac{\mathrm{FP}(t)}{N}",
    arguments={"false_positives": "FP(t), the negative examples whose score is at least the threshold t",
               "n_negative": "N, all the negative examples"},
    returns="FPR(t), a number in [0, 1] (a Fraction from whole counts is best: it is exact)",
    hand_cases=[
        Case((1, 3), Fraction(1, 3), "one of three negatives called positive"),
        Case((0, 4), Fraction(0), "the threshold above every score: the curve starts at 0"),
        Case((5, 5), Fraction(1), "every negative called positive: the curve ends at 1"),
        Case((2, 8), Fraction(1, 4), "two of eight"),
    ],
    draw=draw_false_positives,
    mistakes=[
        Mistake("arguments swapped", "this is N / FP: the rate divides the false positives by the negatives",
                lambda false_positives, n_negative: n_negative / false_positives),
        Mistake("the true negative rate", "this is the share of negatives called negative, 1 - FPR: the x of the "
                "ROC curve counts the negatives called positive", lambda fp, n: (n - fp) / n),
        Mistake("whole-number division", "// rounds down to a whole number: use / (or Fraction) for a share",
                lambda fp, n: fp // n),
    ],
    hint="FPR(t) is the share of the negative examples that the threshold t calls positive",
    reproductions=[
        Reproduction("MultinomialNB on the shipped spam messages gives a test AUC of {value}", spam_auc, digits=4),
    ],
)


def draw_class_scores(generator):
    return ([generator.uniform(0, 300) for _ in range(generator.randint(1, 6))], generator.choice(["max", "mean"]))


COMBINED_SCORE = Exercise(
    name="combined-score",
    title="One score per word, from its score in each class",
    formula_id="eq-selection-combined",
    page="vocabulary-selection.md",
    notes=(MANNING,),
    function=combined_class_score,
    latex=r"A(t) = \max_c A(t, c) \quad\text{or}\quad A(t) = \frac1K \sum_c A(t, c)",
    arguments={"class_scores": "A(t, c) for each of the K classes: a word's chi-square or mutual information per class",
               "combine": "'max' (the largest) or 'mean' (the average over the K classes)"},
    returns="A(t), one number",
    hand_cases=[
        Case(([284.0, 12.0], "max"), 284.0, "export: high in poultry, low elsewhere; the largest keeps 284"),
        Case(([284.0, 12.0], "mean"), 148.0, "the mean of 284 and 12 is 148"),
        Case(([3.0], "mean"), 3.0, "one class"),
        Case(([0.0, 3.0, 9.0], "mean"), 4.0, "the mean divides by all K classes, not by those above 0"),
    ],
    draw=draw_class_scores,
    mistakes=[
        Mistake("the sum", "this is the sum over the classes: the mean divides it by K, the number of classes",
                lambda scores, combine: max(scores) if combine == "max" else sum(scores)),
        Mistake("the smallest", "this is the smallest class score: 'max' keeps the largest",
                lambda scores, combine: min(scores) if combine == "max" else sum(scores) / len(scores)),
        Mistake("the classes above 0", "this mean leaves out the classes whose score is 0: divide by all K",
                lambda scores, combine: max(scores) if combine == "max"
                else sum(scores) / max(1, sum(1 for v in scores if v))),
    ],
    hint="with 'max' keep the largest of the K scores; with 'mean' add them and divide by K",
    reproductions=[Reproduction("MultinomialNB on the 40 words of the shipped spam messages with the highest "
                                "chi-square (largest over the classes) gives a test accuracy of {value}",
                                lambda: selected_spam_accuracy("chi2"), digits=4)],
)


# -- the counts at every threshold (the ROC and precision-recall curves count so) ------------------


def draw_scored_examples(generator):
    n = generator.randint(1, 12)
    outcomes = [generator.randint(0, 1) for _ in range(n)]
    levels = generator.choice([[0.1, 0.5, 0.9], [k / 10 for k in range(11)], [generator.random() for _ in range(n)],
                               [Fraction(k, 4) for k in range(5)]])
    return (outcomes, [generator.choice(levels) for _ in range(n)])


def counts_each_example_a_step(outcomes, scores):
    order = sorted(range(len(scores)), key=scores.__getitem__, reverse=True)
    thresholds, true_positives, false_positives, tp = [], [], [], 0
    for k, i in enumerate(order, 1):
        tp += outcomes[i]
        thresholds.append(scores[i])
        true_positives.append(tp)
        false_positives.append(k - tp)
    return thresholds, true_positives, false_positives


def counts_from_the_lowest(outcomes, scores):
    thresholds = sorted(set(scores))
    return (thresholds, [sum(o for o, s in zip(outcomes, scores) if s <= t) for t in thresholds],
            [sum(1 - o for o, s in zip(outcomes, scores) if s <= t) for t in thresholds])


def counts_strictly_above(outcomes, scores):
    thresholds = sorted(set(scores), reverse=True)
    return (thresholds, [sum(o for o, s in zip(outcomes, scores) if s > t) for t in thresholds],
            [sum(1 - o for o, s in zip(outcomes, scores) if s > t) for t in thresholds])


def counts_every_example_false(outcomes, scores):
    thresholds = sorted(set(scores), reverse=True)
    return (thresholds, [sum(o for o, s in zip(outcomes, scores) if s >= t) for t in thresholds],
            [sum(1 for s in scores if s >= t) for t in thresholds])


COUNTS_AT_THRESHOLDS = Exercise(
    name="counts-at-thresholds",
    title="The true and false positives at every threshold",
    formula_id="eq-counts-at-thresholds",
    page="curves-and-significance.md",
    notes=(MANNING_RANKED,),
    function=counts_at_thresholds,
    latex=r"\mathrm{TP}(t) = \#\{i : s_i \ge t,\ o_i = 1\}, \qquad \mathrm{FP}(t) = \#\{i : s_i \ge t,\ o_i = 0\}",
    arguments={"outcomes": "o_i for each example: 1 for a positive example, 0 for a negative one",
               "scores": "s_i, each example's score, such as its P(positive class)"},
    returns="(thresholds, TP list, FP list): each distinct score t once, highest first, with TP(t) and FP(t)",
    hand_cases=[
        Case(([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1]), ([0.9, 0.8, 0.1], [1, 2, 2], [0, 1, 2]),
             "a positive and a negative share the score 0.8: one step, which adds one to each count"),
        Case(([0, 1, 1, 0, 1], [0.2, 0.7, 0.4, 0.6, 0.9]), ([0.9, 0.7, 0.6, 0.4, 0.2], [1, 2, 2, 3, 3], [0, 0, 1, 1, 2]),
             "five different scores: five steps, from 0.9 down to 0.2"),
        Case(([1, 0, 0], [Fraction(1, 2)] * 3), ([Fraction(1, 2)], [1], [2]),
             "every score the same: a single threshold, where all three examples are positive"),
        Case(([1], [0.3]), ([0.3], [1], [0]), "one example"),
    ],
    draw=draw_scored_examples,
    mistakes=[
        Mistake("ties as separate steps", "examples that share a score are one step, since no threshold can split "
                "them: give each distinct score once, with the counts after the last example of that score",
                counts_each_example_a_step),
        Mistake("lowest first", "go from the highest score down: TP(t) counts the examples with s_i >= t, "
                "which grow as t falls (these are the counts at or below t)", counts_from_the_lowest),
        Mistake("> for >=", "an example whose score equals t is called positive (s_i >= t), so the counts at t "
                "include the examples at t", counts_strictly_above),
        Mistake("FP counts every example", "FP(t) counts only the negative examples (o_i = 0) at or above t; "
                "this counts all of them", counts_every_example_false),
    ],
    hint="sort the examples by score, highest first, add up the positives and the negatives as you go, and note "
         "the two counts after the last example of each distinct score",
    reproductions=[
        Reproduction("MultinomialNB on the shipped spam messages gives a test AUC of {value}", spam_auc, digits=4),
        Reproduction("MultinomialNB on the SMS Spam Collection (a stratified third, seed 0) gives a test AUC of "
                     "{value}", sms_spam_auc, available=sms_spam_missing, digits=4),
    ],
)


# -- each class's table of a multi-label problem ------------------------------------------------------

TOPICS = ["earn", "grain", "wheat", "corn", "ship"]


def draw_label_sets(generator):
    n = generator.randint(0, 6)
    true_sets = [set(generator.sample(TOPICS, generator.randint(0, 3))) for _ in range(n)]
    predicted_sets = [set(generator.sample(TOPICS, generator.randint(0, 3))) for _ in range(n)]
    classes = sorted(set().union(*true_sets, *predicted_sets))
    unseen = [c for c in TOPICS if c not in classes]
    if unseen and (not classes or generator.random() < 0.2):
        classes.append(generator.choice(unseen))  # a class that no set holds
    return (true_sets, predicted_sets, classes)


def outcome_table(tp, fp, fn, tn):
    return {"tp": tp, "fp": fp, "fn": fn, "tn": tn, "support": tp + fn}


def counts_support_predicted(true_sets, predicted_sets, classes):
    counts = multilabel_outcome_counts(true_sets, predicted_sets, classes)
    return {c: {**table, "support": table["tp"] + table["fp"]} for c, table in counts.items()}


def counts_without_tn(true_sets, predicted_sets, classes):
    return {c: {key: value for key, value in table.items() if key != "tn"}
            for c, table in multilabel_outcome_counts(true_sets, predicted_sets, classes).items()}


def counts_of_seen_classes(true_sets, predicted_sets, classes):
    seen = set().union(*true_sets, *predicted_sets)
    return multilabel_outcome_counts(true_sets, predicted_sets, [c for c in classes if c in seen])


STORIES_TRUE = [{"grain", "wheat"}, {"earn"}, {"grain"}, set()]
STORIES_PREDICTED = [{"grain"}, {"earn"}, {"grain", "wheat"}, {"earn"}]

MULTILABEL_COUNTS = Exercise(
    name="multilabel-counts",
    title="Each class's own contingency table in a multi-label problem",
    formula_id="eq-multilabel-counts",
    page="multi-label.md",
    notes=(MANNING, JURAFSKY_MARTIN),
    function=multilabel_outcome_counts,
    latex=(r"\mathrm{TP}_c = \#\{i : c \in Y_i,\ c \in \hat Y_i\},\quad" "\n"
           r"\mathrm{FP}_c = \#\{i : c \notin Y_i,\ c \in \hat Y_i\},\quad" "\n"
           r"\mathrm{FN}_c = \#\{i : c \in Y_i,\ c \notin \hat Y_i\}"),
    arguments={"true_sets": "Y_i, the set of true labels of each example",
               "predicted_sets": "the predicted set of each example, in the same order",
               "classes": "the classes c to count, such as ['earn', 'grain', 'wheat']"},
    returns='{c: {"tp": TP_c, "fp": FP_c, "fn": FN_c, "tn": TN_c, "support": TP_c + FN_c}} for each class c '
            "(TN_c: the examples with c in neither set)",
    hand_cases=[
        Case((STORIES_TRUE, STORIES_PREDICTED, ["earn", "grain", "wheat"]),
             {"earn": outcome_table(1, 1, 0, 2), "grain": outcome_table(2, 0, 0, 2),
              "wheat": outcome_table(0, 1, 1, 2)},
             "the four stories of docs/multi-label.md: wheat missed in the first, added in the third"),
        Case((STORIES_TRUE, STORIES_PREDICTED, ["corn", "earn"]),
             {"corn": outcome_table(0, 0, 0, 4), "earn": outcome_table(1, 1, 0, 2)},
             "a class that no set holds still has its table: four true negatives"),
        Case(([{"a"}], [{"b"}], ["a", "b"]), {"a": outcome_table(0, 0, 1, 0), "b": outcome_table(0, 1, 0, 0)},
             "one example: a is missed (a false negative), b is added (a false positive)"),
        Case(([set(), set()], [set(), set()], ["x"]), {"x": outcome_table(0, 0, 0, 2)},
             "no labels anywhere: two true negatives"),
    ],
    draw=draw_label_sets,
    mistakes=[
        Mistake("true and predicted swapped", "FP_c counts the examples where c is predicted but not true, FN_c "
                "those where c is true but not predicted: check which set is the truth",
                lambda true_sets, predicted_sets, classes: multilabel_outcome_counts(predicted_sets, true_sets,
                                                                                     classes)),
        Mistake("support from the predictions", "the support counts the examples that truly have c, TP_c + FN_c, "
                "not those predicted to have it", counts_support_predicted),
        Mistake("TN left out", "each class's table has all four cells: TN_c counts the examples whose true and "
                "predicted sets both leave c out", counts_without_tn),
        Mistake("only the classes seen", "every class given gets its table, even one that no set holds (its "
                "examples are all true negatives)", counts_of_seen_classes),
    ],
    hint="for each class c and each example, c in the true set and c in the predicted set say which of the four "
         "cells it adds 1 to; support is TP_c + FN_c",
    reproductions=[
        Reproduction("multilabel_f1 on the four stories of docs/multi-label.md gives a micro F1 of {value}",
                     small_micro_f1, digits=4),
        Reproduction("OneVsRestClassifier(MultinomialNB()) on Reuters-21578 ModApte's ten largest topics gives a "
                     "micro F1 of {value}", reuters_micro_f1, available=reuters_missing, digits=4),
    ],
)


# -- a bootstrap sample --------------------------------------------------------------------------------


class SeededGenerator(RandomState):
    """numpy's legacy generator as the library rebuilds it, shown by its seed: ``RandomState(0)``.

    A case never draws from its own generator (each call gets a copy), so
    the seed says all there is to say about it.
    """

    def __init__(self, seed):
        super().__init__(seed)
        self.seed = seed

    def __repr__(self):
        return f"RandomState({self.seed})"


def positions_drawn(function, args):
    """What ``function`` draws for (n, generator), from a copy of the generator: the case keeps its own unused."""
    n, generator = args
    return function(n, copy.deepcopy(generator))


def draw_sample_size(generator):
    return (generator.randint(1, 30), SeededGenerator(generator.randrange(2**32)))


BOOTSTRAP_SAMPLE = Exercise(
    name="bootstrap-sample",
    title="A bootstrap sample: n positions drawn with replacement",
    formula_id="eq-bootstrap-sample",
    page="curves-and-significance.md",
    notes=(JURAFSKY_MARTIN,),
    function=bootstrap_sample,
    latex=(r"x^{(i)} = (x_{j_1}, \dots, x_{j_n}), \qquad j_1, \dots, j_n \text{ drawn uniformly from } "
           r"\{0, \dots, n-1\} \text{ with replacement}"),
    arguments={"n": "the number of examples in the test set x",
               "generator": "a naivebayes RandomState, numpy's legacy generator: generator.randint(low, high, "
                            "size=k) draws k whole numbers from low to high - 1, as numpy's does"},
    returns="the list of the n positions j_1 .. j_n, drawn from the generator given (so that a seed repeats them)",
    hand_cases=[
        Case((5, SeededGenerator(0)), [4, 0, 3, 3, 3], "numpy.random.RandomState(0).randint(0, 5, size=5): "
             "position 3 three times, 1 and 2 never"),
        Case((8, SeededGenerator(42)), [6, 3, 4, 6, 2, 7, 4, 4], "numpy.random.RandomState(42).randint(0, 8, size=8)"),
        Case((3, SeededGenerator(1)), [1, 0, 0], "numpy.random.RandomState(1).randint(0, 3, size=3)"),
        Case((1, SeededGenerator(0)), [0], "one example: it is drawn once (and numpy needs no number for it)"),
    ],
    draw=draw_sample_size,
    mistakes=[
        Mistake("n - 1 as the top", "numpy's randint(low, high) stops below high (Python's random.randint "
                "includes it): the positions 0 .. n-1 are randint(0, n)",
                lambda n, generator: generator.randint(0, n - 1, size=n)),
        Mistake("a permutation", "a bootstrap sample draws with replacement: a position may come twice and "
                "another not at all, where a permutation holds each position once",
                lambda n, generator: generator.permutation(n)),
        Mistake("one draw repeated", "each of the n positions is drawn afresh: this draws one and repeats it",
                lambda n, generator: [generator.randint(0, n)] * n),
        Mistake("positions from 1", "positions count from 0, as Python's lists do: draw them from 0 .. n-1",
                lambda n, generator: generator.randint(1, n + 1, size=n)),
    ],
    hint="draw n whole numbers, each from 0 .. n-1, with the generator given (not Python's random module, whose "
         "draws no seed of the test repeats)",
    observe=positions_drawn,
    reproductions=[Reproduction("the paired bootstrap of MultinomialNB against BernoulliNB on the shipped spam "
                                "messages (500 samples, seed 0) gives a p-value of {value}",
                                spam_bootstrap_p_value, digits=4)],
)


# -- weighted word counts --------------------------------------------------------------------------


def draw_weighted_document(generator):
    words = generator.sample(["chinese", "beijing", "tokyo", "japan", "free", "win", "the"], generator.randint(0, 5))
    counts = {word: generator.choice([1, 1, 2, 3, 0.5]) for word in words}
    return (counts, generator.choice([0, 1, 2, 3, Fraction(1, 2), 0.25, 1.5]))


def weighted_china_likelihood():
    """P(tokyo | japan) from MultinomialNB on the China example with the Japan document weighted 3 (Laplace)."""
    documents, labels, _ = load_china()
    model = MultinomialNB().fit(documents, labels, sample_weight=[3 if label == "japan" else 1 for label in labels])
    return model.likelihood("tokyo", "japan")


WEIGHTED_COUNTS = Exercise(
    name="weighted-counts",
    title="A document's word counts times its weight (sample_weight)",
    formula_id="eq-weighted-counts",
    page="pipeline.md",
    notes=("scikit-learn's sample_weight",),
    function=weighted_counts,
    latex=r"x_j \;\to\; w_i\, x_j",
    arguments={"counts": "{word j: x_j}, one document's counts", "weight": "w_i, the document's weight"},
    returns="a new dict {word j: w_i x_j} with every word of the document; the counts given are not changed",
    hand_cases=[
        Case(({"chinese": 1, "tokyo": 1, "japan": 1}, 3), {"chinese": 3, "tokyo": 3, "japan": 3},
             "the Japan document of the China example, weighted 3 (docs/pipeline.md)"),
        Case(({"chinese": 2, "beijing": 1}, 3), {"chinese": 6, "beijing": 3}, "a word twice, weighted 3: 6"),
        Case(({"chinese": 2, "shanghai": 1}, Fraction(1, 2)), {"chinese": 1, "shanghai": Fraction(1, 2)},
             "a weight of 1/2: exact"),
        Case(({"free": 2, "win": 1}, 0), {"free": 0, "win": 0}, "a weight of 0: every count 0, every word kept"),
        Case(({"free": 0.5}, 2), {"free": 1.0}, "a count that is not whole (a tf-idf row, say)"),
        Case(({}, 5), {}, "an empty document"),
    ],
    draw=draw_weighted_document,
    mistakes=[
        Mistake("added, not multiplied", "the weight multiplies each count: a weight of 2 counts the document as "
                "if it came twice", lambda counts, weight: {word: count + weight for word, count in counts.items()}),
        Mistake("the weight for each word", "multiply each count by the weight: a word that occurs twice in a "
                "document of weight 3 counts 6, not 3", lambda counts, weight: {word: weight for word in counts}),
        Mistake("divided by the weight", "the weight multiplies the counts: a larger weight gives the document "
                "more say, not less", lambda counts, weight: {word: count / weight for word, count in counts.items()}),
        Mistake("zero counts dropped", "keep every word of the document: with a weight of 0 its count becomes 0, "
                "and the word stays", lambda counts, weight: {word: weight * count for word, count in counts.items()
                                                              if weight * count}),
    ],
    hint="build a new dict with the same words, each count multiplied by the weight",
    reproductions=[Reproduction("MultinomialNB on the China example with the Japan document weighted 3 gives "
                                "P(tokyo | japan) = {value}", weighted_china_likelihood, published=Fraction(4, 15),
                                digits=4)],
)


# -- character n-grams ---------------------------------------------------------------------------------


def draw_ngram_text(generator):
    text = "".join(generator.choice("abn  ") for _ in range(generator.randint(0, 12)))
    n_min = generator.randint(1, 4)
    return (text, n_min, n_min + generator.randint(0, 2), generator.random() < 0.5)


def same_ngrams(got, expected):
    """The same n-grams, each as often, in any order: the model counts them."""
    return isinstance(got, (list, tuple)) and Counter(got) == Counter(expected)


def cut_ngrams(text, n_min, n_max, word_boundaries, last=1, above_top=1, space=" ", collapse=True, short=True):
    """The n-grams as the library cuts them, or with one of the students' mistakes (see CHARACTER_NGRAMS)."""
    if collapse:
        text = WHITESPACE_RUN.sub(" ", text)
    pieces = [space + word + space for word in text.split()] if word_boundaries else [text]
    ngrams = []
    for piece in pieces:
        for n in range(n_min, n_max + above_top):
            if word_boundaries and short and n >= len(piece):
                ngrams.append(piece)
                break
            ngrams.extend(piece[i : i + n] for i in range(len(piece) - n + last))
    return ngrams


def names_ngram_posterior():
    """P(female | 'Sara') from MultinomialNB on the 1- and 2-grams (word boundaries) of sixteen names."""
    female, male = SMALL_NAMES
    ngrams = CharacterNgrams(1, 2, word_boundaries=True)
    model = MultinomialNB().fit(ngrams.transform(female + male), ["female"] * len(female) + ["male"] * len(male))
    return model.predict_proba(ngrams.transform(["Sara"]))[0]["female"]


def names_ngram_accuracy():
    """MultinomialNB on the 1- to 3-grams (word boundaries) of the names corpus: accuracy on a stratified fifth."""
    from naivebayes.datasets import load_names

    names, labels = load_names(download_if_missing=False)
    train_names, test_names, train_labels, test_labels = train_test_split(
        names, labels, test_size=0.2, random_state=0, stratify=labels)
    ngrams = CharacterNgrams(1, 3, word_boundaries=True)
    model = MultinomialNB().fit(ngrams.transform(train_names), train_labels)
    return model.score(ngrams.transform(test_names), test_labels)


CHARACTER_NGRAMS = Exercise(
    name="character-ngrams",
    title="Character n-grams: every run of n letters",
    formula_id="eq-character-ngrams",
    page="text-features.md",
    notes=(NLTK_BOOK,),
    function=character_ngrams,
    latex=r"s_i \, s_{i+1} \cdots s_{i+n-1}, \qquad i = 1, \dots, m - n + 1, \quad n = n_{\min}, \dots, n_{\max}",
    arguments={"text": "the text s = s_1 .. s_m (already lowercased, if you want that)",
               "n_min": "the shortest n-grams wanted", "n_max": "the longest, included",
               "word_boundaries": "True: cut the n-grams of each word padded with a space on both sides instead"},
    returns="the list of the n-grams, each as often as it occurs (in any order: the model counts them); two or "
            "more whitespace characters in a row count as one space, and with word_boundaries a padded word no "
            "longer than n gives itself, once",
    hand_cases=[
        Case(("anna", 2, 2, False), ["an", "nn", "na"], "m = 4 letters, n = 2: m - n + 1 = 3 bigrams"),
        Case(("cat", 1, 3, False), ["c", "a", "t", "ca", "at", "cat"], "n from 1 to 3, both included"),
        Case(("anna", 2, 2, True), [" a", "an", "nn", "na", "a "], "padded, ' anna ': ' a' says 'starts with a'"),
        Case(("to be", 3, 3, True), [" to", "to ", " be", "be "], "each word padded on its own"),
        Case(("a bc", 4, 5, True), [" a ", " bc "], "a padded word no longer than n gives itself, once: ' a ' and "
             "' bc ' for n = 4, and nothing more for n = 5"),
        Case(("a  b", 2, 2, False), ["a ", " b"], "two spaces in a row count as one"),
        Case(("hi", 3, 5, False), [], "a text shorter than n has no n-gram"),
    ],
    draw=draw_ngram_text,
    mistakes=[
        Mistake("one n-gram short", "a text of m characters has m - n + 1 runs of n: the last one starts at "
                "position m - n (from 0) and counts too", lambda text, n_min, n_max, word_boundaries=False:
                cut_ngrams(text, n_min, n_max, word_boundaries, last=0)),
        Mistake("n_max left out", "n runs from n_min to n_max with both included: range(n_min, n_max + 1)",
                lambda text, n_min, n_max, word_boundaries=False:
                cut_ngrams(text, n_min, n_max, word_boundaries, above_top=0)),
        Mistake("no padding", "with word_boundaries each word gets a space on both sides first, so that ' j' "
                "says 'starts with j' and 'n ' says 'ends in n'", lambda text, n_min, n_max, word_boundaries=False:
                cut_ngrams(text, n_min, n_max, word_boundaries, space="")),
        Mistake("short padded words dropped", "a padded word no longer than n gives itself, once, as "
                "scikit-learn's char_wb does; it is not dropped", lambda text, n_min, n_max, word_boundaries=False:
                cut_ngrams(text, n_min, n_max, word_boundaries, short=False)),
        Mistake("whitespace runs kept", "two or more whitespace characters in a row become one space before the "
                "n-grams are cut, as scikit-learn does", lambda text, n_min, n_max, word_boundaries=False:
                cut_ngrams(text, n_min, n_max, word_boundaries, collapse=False)),
    ],
    hint="for each n from n_min to n_max, every slice text[i:i + n] with i from 0 to len(text) - n; with "
         "word_boundaries the same on ' ' + word + ' ' for each word",
    compare=same_ngrams,
    reproductions=[
        Reproduction("MultinomialNB on the 1- and 2-grams (word boundaries) of sixteen names gives "
                     "P(female | 'Sara') = {value}", names_ngram_posterior, digits=4),
        Reproduction("MultinomialNB on the 1- to 3-grams of the names corpus (a stratified fifth, seed 0) gives a "
                     "test accuracy of {value}", names_ngram_accuracy, available=names_missing, digits=4),
    ],
)


# -- MurmurHash3 -----------------------------------------------------------------------------------

MURMUR = "MurmurHash3 (Appleby), x86 32-bit, the hash of scikit-learn's FeatureHasher"
MURMUR_VECTORS = "the MurmurHash3 test vectors of Stack Overflow question 14747343, which ports of the reference code test"


def draw_hashed_input(generator):
    if generator.random() < 0.5:
        data = bytes(generator.randrange(256) for _ in range(generator.randint(0, 13)))
    else:
        data = "".join(generator.choice("abc xyz\u00ef\u03c0\u65e5\U0001f600") for _ in range(generator.randint(0, 9)))
    return (data, generator.choice([0, 0, 1, 42, generator.randrange(2**32)]))


def murmur_variant(data, seed=0, byteorder="little", tail=True, length=True, signed=False, left=True):
    """MurmurHash3 as the library computes it, or with one of the students' mistakes (see MURMURHASH3)."""
    data = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    mask = 0xFFFFFFFF

    def rotate(x, r):
        return ((x << r) | (x >> (32 - r))) & mask if left else ((x >> r) | (x << (32 - r))) & mask

    def mixed(k):
        return rotate(k * 0xCC9E2D51 & mask, 15) * 0x1B873593 & mask

    h, whole = seed, len(data) - len(data) % 4
    for start in range(0, whole, 4):
        h = (rotate(h ^ mixed(int.from_bytes(data[start : start + 4], byteorder)), 13) * 5 + 0xE6546B64) & mask
    if tail and data[whole:]:
        h ^= mixed(int.from_bytes(data[whole:], byteorder))
    if length:
        h ^= len(data)
    h ^= h >> 16
    h = h * 0x85EBCA6B & mask
    h ^= h >> 13
    h = h * 0xC2B2AE35 & mask
    h ^= h >> 16
    return h - 2**32 if signed and h >= 2**31 else h


MURMURHASH3 = Exercise(
    name="murmurhash3",
    title="MurmurHash3: the hash that chooses a feature's column",
    formula_id="eq-murmurhash3",
    page="text-features.md",
    notes=(MURMUR, MURMUR_VECTORS),
    function=murmurhash3_32,
    latex=(r"k \leftarrow \operatorname{rotl}_{15}(k \, c_1) \, c_2, \qquad" "\n"
           r"h \leftarrow \operatorname{rotl}_{13}(h \oplus k) \cdot 5 + \texttt{0xe6546b64}"),
    arguments={"data": "bytes, or a str (hash its UTF-8 bytes)",
               "seed": "the starting value of h, a whole number from 0 to 2**32 - 1"},
    returns="the hash, a whole number from 0 to 2**32 - 1 (every step modulo 2**32: mask with & 0xFFFFFFFF)",
    hand_cases=[
        Case((b"", 0), 0, "no bytes and seed 0: every step keeps 0 at 0"),
        Case((b"", 1), 0x514E28B7, "no bytes, seed 1: only the final avalanche acts"),
        Case((b"", 0xFFFFFFFF), 0x81F16F39, "the largest seed: unsigned 32-bit arithmetic"),
        Case((b"\xff\xff\xff\xff", 0), 0x76293B50, "one block of four bytes 0xff"),
        Case((b"!Ce\x87", 0), 0xF55B516B, "the bytes 21 43 65 87: read little-endian, the block is 0x87654321"),
        Case((b"!Ce", 0), 0x7E4A8634, "three bytes: no block, a tail of three"),
        Case((b"!", 0), 0x72661CF4, "one byte: a tail of one"),
        Case((b"\x00\x00\x00\x00", 0), 0x2362F9DE, "four zero bytes: the block is 0, but the length (4) is not"),
        Case(("foo", 0), 4138058784, "scikit-learn's murmurhash3_32('foo', positive=True); signed it is -156908512"),
        Case(("foo", 42), 2972666014, "the same with seed 42 (scikit-learn's test)"),
        Case(("\u03c0" * 8, 0x9747B28C), 0xD58063C1, "eight letters pi: a str is hashed as its 16 UTF-8 bytes"),
    ],
    draw=draw_hashed_input,
    mistakes=[
        Mistake("big-endian blocks", "each block of four bytes is read little-endian, the first byte lowest: "
                "b'!Ce\\x87' (21 43 65 87) is the number 0x87654321 (int.from_bytes(block, 'little'))",
                lambda data, seed=0: murmur_variant(data, seed, byteorder="big")),
        Mistake("tail left out", "the last 1 to 3 bytes (when the length is not a multiple of 4) are mixed in "
                "too: k from them, through c1, rotl15 and c2, then h xor k (no rotl13 or * 5 there)",
                lambda data, seed=0: murmur_variant(data, seed, tail=False)),
        Mistake("length left out", "after the blocks and the tail, h is xor-ed with the length in bytes, before "
                "the final avalanche", lambda data, seed=0: murmur_variant(data, seed, length=False)),
        Mistake("signed answer", "the answer is unsigned, from 0 to 2**32 - 1 (scikit-learn's murmurhash3_32 "
                "gives it signed unless positive=True)", lambda data, seed=0: murmur_variant(data, seed, signed=True)),
        Mistake("rotated right", "rotl rotates the 32 bits to the left: (x << r | x >> (32 - r)) & 0xFFFFFFFF",
                lambda data, seed=0: murmur_variant(data, seed, left=False)),
    ],
    hint="mix in each whole block of 4 bytes (read little-endian) as the formula says, then the tail bytes, the "
         "length and the final avalanche; keep every step modulo 2**32",
    reproductions=[Reproduction("MultinomialNB on the shipped spam messages hashed into 256 columns gives a test "
                                "accuracy of {value}", hashed_spam_accuracy, digits=4)],
)


COURSE_EXERCISES = [
    NEGATION, LEXICON_COUNT, AFFIX_FEATURES, FEATURE_HASH, CHI_SQUARE, EXPECTED_MUTUAL_INFORMATION, LIKELIHOOD_RATIO,
    ODDS_RATIO, TRAPEZOID_AREA, AVERAGE_PRECISION, DECISION_COST, BOOTSTRAP_P_VALUE, MICRO_AVERAGE,
    SAMPLE_WEIGHT_CLASS_COUNTS, FALSE_POSITIVE_RATE, COMBINED_SCORE, COUNTS_AT_THRESHOLDS, MULTILABEL_COUNTS,
    BOOTSTRAP_SAMPLE, WEIGHTED_COUNTS, CHARACTER_NGRAMS, MURMURHASH3,
]
