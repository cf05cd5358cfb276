"""The exercises on the text models: counting words, the multinomial and Bernoulli estimates, their log terms, the joint.

Each is an ``Exercise`` around the function the models call
(docs/multinomial.md, docs/bernoulli.md).  The hand-computed answers come
from the China example (three documents about China, one about Japan), the
spam filter of "Lecture #7: Naïve Bayes" (Laplace's (N_jc + 1) / (N_c + 2)
and the unseen word "Mahalanobis") and the psi_jk = n_jk / n_k of Cornell
Tech's "Lecture 8: Naive Bayes".
"""

import math
from fractions import Fraction

from naivebayes.core.arithmetic import log
from naivebayes.exercises.checking import (
    AtScale,
    Case,
    Exercise,
    Mistake,
    Reproduction,
    returns_and_table,
    same_answer,
)
from naivebayes.exercises.reproductions import (
    china_exact_posterior,
    cornell_clipped_accuracy,
    cornell_laplace_accuracy,
    in_china_model,
    in_spam_model,
    newsgroups_archive_missing,
)
from naivebayes.naive_bayes.bernoulli import (
    BernoulliNB,
    add_bernoulli_counts,
    bernoulli_likelihood,
    bernoulli_log_likelihood,
)
from naivebayes.naive_bayes.multinomial import (
    MultinomialNB,
    add_multinomial_counts,
    multinomial_joint_log_likelihoods,
    multinomial_joint_probability,
    multinomial_likelihood,
    multinomial_log_likelihood,
    multinomial_log_likelihood_rows,
)

__all__ = []  # (a user asks for an exercise by name: naivebayes.exercises.exercise)

MULTINOMIAL_NOTES = (
    "the Pudding library's \"Naive Bayes\"",
    "the blog post implementing multinomial naive Bayes from scratch",
)
BERNOULLI_NOTES = ("Lecture #7: Naïve Bayes", "Cornell Tech's Lecture 8: Naive Bayes")
WORDS = ["chinese", "beijing", "shanghai", "macao", "tokyo", "japan", "osaka", "free", "money", "meeting"]

# The China example (docs/multinomial.md): the training tables and the test document.
CHINA_COUNTS = {"china": {"chinese": 5, "beijing": 1, "shanghai": 1, "macao": 1},
                "japan": {"tokyo": 1, "japan": 1, "chinese": 1}}
CHINA_TOTALS = {"china": 8, "japan": 3}
CHINA_VOCABULARY = {"chinese", "beijing", "shanghai", "macao", "tokyo", "japan"}
CHINA_TEST = {"chinese": 3, "tokyo": 1, "japan": 1}
# theta_jc with add-one smoothing, (n_jc + 1) / (n_c + 6), and without, n_jc / n_c.
CHINA_THETA = {"china": {"chinese": Fraction(3, 7), "beijing": Fraction(1, 7), "shanghai": Fraction(1, 7),
                         "macao": Fraction(1, 7), "tokyo": Fraction(1, 14), "japan": Fraction(1, 14)},
               "japan": {"chinese": Fraction(2, 9), "beijing": Fraction(1, 9), "shanghai": Fraction(1, 9),
                         "macao": Fraction(1, 9), "tokyo": Fraction(2, 9), "japan": Fraction(2, 9)}}
CHINA_THETA_MLE = {"china": {"chinese": Fraction(5, 8), "beijing": Fraction(1, 8), "shanghai": Fraction(1, 8),
                             "macao": Fraction(1, 8), "tokyo": Fraction(0), "japan": Fraction(0)},
                   "japan": {"chinese": Fraction(1, 3), "beijing": Fraction(0), "shanghai": Fraction(0),
                             "macao": Fraction(0), "tokyo": Fraction(1, 3), "japan": Fraction(1, 3)}}


def log_of(value):
    """log of an exact probability, -inf for 0: the hand answers of the log exercises."""
    return log(Fraction(value))


def log_rows(theta, classes):
    """{word: (log theta_jc for c in classes)}, the rows of a table of estimates."""
    return {word: tuple(log_of(theta[c][word]) for c in classes) for word in theta[classes[0]]}


def table_after(function, args):
    """For a counting formula that returns nothing: the table after the call (whatever the function returns)."""
    return returns_and_table(function, args)[0]


def exact_not_zero(got, expected):
    """``same_answer``, except that 0 is wrong where the exact answer is a Fraction above 0 (float underflow)."""
    if type(expected) is Fraction and expected != 0 and not isinstance(got, bool) and got == 0:
        return False
    return same_answer(got, expected)


def in_cornell_clipped():
    return Reproduction("Cornell Tech's Lecture 8 classifier gives a training accuracy of {value} on its 2,257 "
                        "posts (psi_jk = n_jk / n_k clipped to [1e-14, 1 - 1e-14], 1,000 binary features; "
                        "ties among the features go alphabetically here, so one post more is right than in "
                        "the note's 0.8693)",
                        cornell_clipped_accuracy, available=newsgroups_archive_missing, digits=4)


def in_cornell_laplace():
    return Reproduction("BernoulliNB (alpha = 1) on Cornell Tech's Lecture 8 features gives a training accuracy "
                        "of {value}", cornell_laplace_accuracy, available=newsgroups_archive_missing, digits=4)


# -- counting ----------------------------------------------------------------------


def draw_document(generator, exact_weights=False):
    words = generator.sample(WORDS, generator.randint(0, 6))
    if exact_weights and generator.random() < 0.2:
        return {word: Fraction(generator.randint(0, 9), generator.randint(1, 5)) for word in words}
    return {word: generator.randint(0, 5) for word in words}


def draw_multinomial_counts(generator):
    table = {word: generator.randint(1, 20) for word in generator.sample(WORDS, generator.randint(0, 5))}
    return (table, draw_document(generator, exact_weights=True))


MULTINOMIAL_COUNTS = Exercise(
    name="multinomial-counts",
    title="Counting word occurrences: n_jc and a document's part of n_c",
    formula_id="eq-multinomial-count",
    page="multinomial.md",
    notes=MULTINOMIAL_NOTES,
    function=add_multinomial_counts,
    latex=r"n_{jc} = \sum_{i:\; y^{(i)} = c} x^{(i)}_j, \qquad n_c = \sum_{j \in V} n_{jc}",
    arguments={"word_counts": "the class's table {word: n_jc} so far; add the document to it, in place",
               "counts": "one training document of the class as {word: x_j}, how often each word occurs"},
    returns="sum_j x_j, the document's number of word occurrences (its part of n_c); the table is changed in place",
    hand_cases=[
        Case(({}, {"chinese": 2, "beijing": 1}), ({"chinese": 2, "beijing": 1}, 3),
             "China example, document 1 'Chinese Beijing Chinese' into an empty table"),
        Case(({"chinese": 2, "beijing": 1}, {"chinese": 2, "shanghai": 1}),
             ({"chinese": 4, "beijing": 1, "shanghai": 1}, 3), "document 2 'Chinese Chinese Shanghai'"),
        Case(({"chinese": 4, "beijing": 1, "shanghai": 1}, {"chinese": 1, "macao": 1}),
             ({"chinese": 5, "beijing": 1, "shanghai": 1, "macao": 1}, 2),
             "document 3 'Chinese Macao': n_chinese,china = 5, and 3 + 3 + 2 = n_china = 8"),
        Case(({"tokyo": 1}, {"beijing": 0, "japan": 2}), ({"tokyo": 1, "japan": 2}, 2),
             "a word with x_j = 0 adds no entry"),
        Case(({"tokyo": 1}, {}), ({"tokyo": 1}, 0), "an empty document"),
        Case(({}, {"chinese": Fraction(1, 2), "beijing": Fraction(6, 5)}),
             ({"chinese": Fraction(1, 2), "beijing": Fraction(6, 5)}, Fraction(17, 10)),
             "weights that are not whole numbers (TF-IDF values), exact"),
    ],
    draw=draw_multinomial_counts,
    observe=returns_and_table,
    mistakes=[
        Mistake("off by one", "each word's count is off by one: n_jc grows by x_j, the number of times the word "
                "occurs, and a word new to the table starts from 0",
                lambda table, counts: ([table.__setitem__(w, table.get(w, 0) + x + 1) for w, x in counts.items() if x],
                                       sum(counts.values()))[1]),
        Mistake("documents, not occurrences", "this counts the documents that contain each word (the Bernoulli "
                "count): the multinomial n_jc adds x_j, every occurrence",
                lambda table, counts: ([table.__setitem__(w, table.get(w, 0) + 1) for w, x in counts.items() if x],
                                       sum(counts.values()))[1]),
        Mistake("table overwritten", "the class's earlier documents are lost: n_jc sums over all of them, so add x_j "
                "to the count the table already holds",
                lambda table, counts: ([table.__setitem__(w, x) for w, x in counts.items() if x],
                                       sum(counts.values()))[1]),
        Mistake("distinct words returned", "the number returned is the document's distinct words: its part of n_c "
                "is its number of occurrences, sum_j x_j",
                lambda table, counts: (add_multinomial_counts(table, counts), len(counts))[1]),
        Mistake("nothing returned", "the table is right, but the function must also return sum_j x_j, the "
                "document's part of n_c", lambda table, counts: (add_multinomial_counts(table, counts), None)[1]),
        Mistake("entries for x_j = 0", "a word with x_j = 0 does not occur in the document: it adds nothing, and "
                "gets no entry in the table (the table holds only words the class has seen)",
                lambda table, counts: ([table.__setitem__(w, table.get(w, 0) + x) for w, x in counts.items()],
                                       sum(counts.values()))[1]),
    ],
    hint="add each word's x_j to its count in the class's table, then return the document's sum_j x_j",
    reproductions=[in_china_model(MultinomialNB), in_spam_model(MultinomialNB)],
)


def draw_bernoulli_counts(generator):
    table = {word: generator.randint(1, 20) for word in generator.sample(WORDS, generator.randint(0, 5))}
    return (table, draw_document(generator))


BERNOULLI_COUNTS = Exercise(
    name="bernoulli-counts",
    title="Counting documents that contain a word: N_jc",
    formula_id="eq-bernoulli-count",
    page="bernoulli.md",
    notes=BERNOULLI_NOTES,
    function=add_bernoulli_counts,
    latex=r"N_{jc} = \big|\{\, i : y^{(i)} = c \text{ and } x^{(i)}_j > 0 \,\}\big|",
    arguments={"document_counts": "the class's table {word: N_jc} so far; add the document to it, in place",
               "counts": "one training document of the class as {word: x_j}, how often each word occurs"},
    returns="nothing: the table is changed in place (what the function returns is not checked)",
    hand_cases=[
        Case(({}, {"chinese": 2, "beijing": 1}), {"chinese": 1, "beijing": 1},
             "China example, document 1 'Chinese Beijing Chinese': chinese adds 1, not 2"),
        Case(({"chinese": 1, "beijing": 1}, {"chinese": 2, "shanghai": 1}),
             {"chinese": 2, "beijing": 1, "shanghai": 1}, "document 2 'Chinese Chinese Shanghai'"),
        Case(({"chinese": 2, "beijing": 1, "shanghai": 1}, {"chinese": 1, "macao": 1}),
             {"chinese": 3, "beijing": 1, "shanghai": 1, "macao": 1},
             "document 3 'Chinese Macao': all 3 china documents contain chinese"),
        Case(({"tokyo": 1}, {"beijing": 0, "japan": 2}), {"tokyo": 1, "japan": 1},
             "a word with x_j = 0 is absent: no entry"),
        Case(({"free": 4}, {}), {"free": 4}, "an empty e-mail"),
    ],
    draw=draw_bernoulli_counts,
    observe=table_after,
    mistakes=[
        Mistake("occurrences, not documents", "this adds every occurrence (the multinomial count): N_jc counts "
                "documents, so a word adds 1 however often it occurs",
                lambda table, counts: add_multinomial_counts(table, counts)),
        Mistake("off by one", "each count is off by one: a word new to the table starts at 0, and each document "
                "that contains it adds 1",
                lambda table, counts: [table.__setitem__(w, table.get(w, 1) + 1) for w, x in counts.items() if x]),
        Mistake("absent words counted", "a word with x_j = 0 is absent from the document: it adds nothing",
                lambda table, counts: [table.__setitem__(w, table.get(w, 0) + 1) for w in counts]),
        Mistake("table overwritten", "the class's earlier documents are lost: add 1 to the count the table holds, "
                "N_jc counts all the class's documents that contain the word",
                lambda table, counts: [table.__setitem__(w, 1) for w, x in counts.items() if x]),
    ],
    hint="for each word the document contains (x_j > 0), add 1 to its count in the class's table",
    reproductions=[in_china_model(BernoulliNB), in_spam_model(BernoulliNB), in_cornell_clipped()],
)


# -- the estimates -----------------------------------------------------------------


def draw_multinomial_estimate(generator):
    alpha = generator.choice([1, 1, 0, Fraction(1, 2), 0.5, 0.01, 2])
    total = generator.randint(0 if alpha else 1, 500)
    return (generator.randint(0, total), total, alpha, generator.randint(1, 2000))


MULTINOMIAL_ESTIMATE = Exercise(
    name="multinomial-estimate",
    title="The multinomial estimate with Lidstone smoothing",
    formula_id="eq-multinomial-lidstone",
    page="multinomial.md",
    notes=MULTINOMIAL_NOTES,
    function=multinomial_likelihood,
    latex=r"\hat\theta_{jc} = \frac{n_{jc} + \alpha}{n_c + \alpha\,|V|}",
    arguments={"count": "n_jc, how often word j occurs in the training documents of class c",
               "total": "n_c, all word occurrences in class c",
               "alpha": "the smoothing: 1 is Laplace (add-one), 0 is maximum likelihood",
               "vocabulary_size": "|V|, the number of words in the whole vocabulary"},
    returns="theta_jc, a number in [0, 1] (a Fraction when the inputs are whole numbers is best: it is exact)",
    hand_cases=[
        Case((5, 8, 1, 6), Fraction(3, 7), "chinese in class china, Laplace: (5 + 1) / (8 + 6)"),
        Case((0, 8, 1, 6), Fraction(1, 14), "tokyo in class china, Laplace: (0 + 1) / (8 + 6)"),
        Case((1, 3, 1, 6), Fraction(2, 9), "chinese in class japan, Laplace: (1 + 1) / (3 + 6)"),
        Case((5, 8, 0, 6), Fraction(5, 8), "chinese in class china, maximum likelihood (alpha = 0): 5 / 8"),
        Case((0, 8, 0, 6), Fraction(0), "tokyo in class china, maximum likelihood: 0, the zero-frequency problem"),
        Case((5, 8, Fraction(1, 2), 6), Fraction(1, 2), "chinese in class china, alpha = 1/2: 5.5 / 11"),
        Case((0, 8, Fraction(1, 2), 6), Fraction(1, 22), "tokyo in class china, alpha = 1/2: 0.5 / 11"),
    ],
    draw=draw_multinomial_estimate,
    mistakes=[
        Mistake("smoothing left out", "this is the maximum likelihood estimate n_jc / n_c: smoothing adds alpha to "
                "the count and alpha |V| to the total", lambda count, total, alpha, size: count / total),
        Mistake("alpha once in the denominator", "the total grows by alpha only once here: each of the |V| words "
                "gets alpha extra occurrences, so the total grows by alpha |V|",
                lambda count, total, alpha, size: (count + alpha) / (total + alpha)),
        Mistake("the Bernoulli 2 alpha", "2 alpha belongs to the Bernoulli coin's two outcomes: the multinomial die "
                "has |V| faces, so the total grows by alpha |V|",
                lambda count, total, alpha, size: (count + alpha) / (total + 2 * alpha)),
        Mistake("count not smoothed", "alpha is added to the total only: add it to the count n_jc too, or the "
                "estimates no longer add up to 1 over the vocabulary",
                lambda count, total, alpha, size: count / (total + alpha * size)),
        Mistake("arguments swapped", "this is the total over the count: theta_jc divides the word's count n_jc "
                "(plus alpha) by the class's total n_c (plus alpha |V|); check the order of the arguments",
                lambda count, total, alpha, size: (total + alpha) / (count + alpha * size)),
        Mistake("whole-number division", "// rounds down to a whole number: use / (or Fraction) for a share",
                lambda count, total, alpha, size: (count + alpha) // (total + alpha * size)),
    ],
    hint="theta_jc is the word's count plus alpha, over the class's total plus alpha for each of the |V| words",
    replaces=multinomial_log_likelihood,  # the model takes log theta_jc, so it calls the log form
    adapt=lambda yours: lambda *arguments: log(yours(*arguments)),
    reproductions=[in_china_model(MultinomialNB), in_spam_model(MultinomialNB)],
)


def draw_counts_table(generator):
    classes = generator.sample(["china", "japan", "spam", "ham"], generator.randint(1, 3))
    vocabulary = set(generator.sample(WORDS, generator.randint(1, len(WORDS))))
    counts = {c: {word: generator.randint(1, 9) for word in vocabulary if generator.random() < 0.6}
              for c in classes}
    alpha = generator.choice([1, 1, Fraction(1, 2), 0.01, 2] + ([0] if all(counts.values()) else []))
    totals = {c: sum(counts[c].values()) for c in classes}
    if not alpha and not all(totals.values()):
        alpha = 1
    return (counts, totals, classes, vocabulary, alpha)


def table_with(theta_of):
    """A wrong table built from a wrong estimate ``theta_of(n_jc, n_c, alpha, |V|, class's own words)``."""
    def wrong(counts, totals, classes, vocabulary, alpha):
        return {word: tuple(theta_of(counts[c].get(word, 0), totals[c], alpha, len(vocabulary), len(counts[c]))
                            for c in classes) for word in vocabulary}
    return wrong


MULTINOMIAL_TABLE = Exercise(
    name="multinomial-table",
    title="The table predict reads: log theta_jc for every word and class",
    formula_id="eq-multinomial-rows",
    page="multinomial.md",
    notes=MULTINOMIAL_NOTES,
    function=multinomial_log_likelihood_rows,
    latex=(r"r_j = \big(\log\hat\theta_{jc_1},\ \log\hat\theta_{jc_2},\ \dots,\ \log\hat\theta_{jc_K}\big) "
           r"\quad \text{for every } j \in V"),
    arguments={"feature_counts": "{class: {word: n_jc}}; a word class c never saw has no entry (n_jc = 0)",
               "feature_totals": "{class: n_c}, all word occurrences of each class",
               "classes": "the classes in order: the order of each row's entries",
               "vocabulary": "V, the set of every word seen in training",
               "alpha": "the smoothing: 1 is Laplace (add-one), 0 is maximum likelihood"},
    returns="{word: (log theta_jc for c in classes)} for every word of V, a row (tuple or list) of floats each; "
            "log 0 is -inf",
    hand_cases=[
        Case((CHINA_COUNTS, CHINA_TOTALS, ["china", "japan"], CHINA_VOCABULARY, 1),
             log_rows(CHINA_THETA, ["china", "japan"]), "the China example, Laplace: chinese (log 3/7, log 2/9)"),
        Case((CHINA_COUNTS, CHINA_TOTALS, ["japan", "china"], CHINA_VOCABULARY, 1),
             log_rows(CHINA_THETA, ["japan", "china"]), "the same, classes in the order japan, china"),
        Case((CHINA_COUNTS, CHINA_TOTALS, ["china", "japan"], CHINA_VOCABULARY, 0),
             log_rows(CHINA_THETA_MLE, ["china", "japan"]),
             "the China example, maximum likelihood: tokyo in china is log 0 = -inf"),
    ],
    draw=draw_counts_table,
    mistakes=[
        Mistake("the class's own vocabulary", "the denominator counts only the words class c has seen: alpha is "
                "added for every word of the whole vocabulary, |V|, the same number for every class",
                table_with(lambda n, total, alpha, size, seen: log((n + alpha) / (total + alpha * seen)))),
        Mistake("smoothing left out", "this is log(n_jc / n_c), without smoothing: add alpha to the count and "
                "alpha |V| to the total", table_with(lambda n, total, alpha, size, seen: log(n / total))),
        Mistake("base 2", "these are base-2 logarithms: the model works with natural logarithms (math.log)",
                table_with(lambda n, total, alpha, size, seen: math.log2(n + alpha) - math.log2(total + alpha * size))),
        Mistake("probabilities, not logs", "these are the estimates theta_jc themselves: the table holds their "
                "logarithms", table_with(lambda n, total, alpha, size, seen: (n + alpha) / (total + alpha * size))),
        Mistake("alpha once in the denominator", "the total grows by alpha only once here: each of the |V| words "
                "gets alpha extra occurrences, so the total grows by alpha |V|",
                table_with(lambda n, total, alpha, size, seen: log((n + alpha) / (total + alpha)))),
        Mistake("classes in another order", "the entries of a row are not in the order of `classes`: entry k is "
                "log theta for classes[k]",
                lambda counts, totals, classes, vocabulary, alpha: multinomial_log_likelihood_rows(
                    counts, totals, sorted(classes, key=str), vocabulary, alpha)),
    ],
    hint="for each word of V and each class in order: log(n_jc + alpha) - log(n_c + alpha |V|), "
         "with n_jc = 0 for a word the class never saw",
    reproductions=[in_china_model(MultinomialNB), in_spam_model(MultinomialNB)],
)


def draw_bernoulli_estimate(generator):
    alpha = generator.choice([1, 1, 0, Fraction(1, 2), 0.5, 0.01, 2])
    documents = generator.randint(0 if alpha else 1, 300)
    return (generator.randint(0, documents), documents, alpha)


BERNOULLI_ESTIMATE = Exercise(
    name="bernoulli-estimate",
    title="The Bernoulli estimate with Laplace smoothing",
    formula_id="eq-bernoulli-laplace",
    page="bernoulli.md",
    notes=BERNOULLI_NOTES,
    function=bernoulli_likelihood,
    latex=r"\hat p_{jc} = \frac{N_{jc} + \alpha}{N_c + 2\alpha}",
    arguments={"document_count": "N_jc, the training documents of class c that contain word j",
               "class_count": "N_c, all the training documents of class c",
               "alpha": "the smoothing: 1 is Laplace, (N_jc + 1) / (N_c + 2); 0 is maximum likelihood"},
    returns="p_jc, a number in [0, 1] (a Fraction when the inputs are whole numbers is best: it is exact)",
    hand_cases=[
        Case((1, 3, 1), Fraction(2, 5), "beijing in class china, Laplace: (1 + 1) / (3 + 2)"),
        Case((3, 3, 1), Fraction(4, 5), "chinese in class china, Laplace: (3 + 1) / (3 + 2)"),
        Case((0, 3, 1), Fraction(1, 5), "tokyo in class china, Laplace: (0 + 1) / (3 + 2)"),
        Case((1, 1, 1), Fraction(2, 3), "chinese in class japan, Laplace: (1 + 1) / (1 + 2)"),
        Case((0, 0, 1), Fraction(1, 2), "a class with no documents, Laplace: one pseudo-document each way"),
        Case((0, 10, 1), Fraction(1, 12), "'Mahalanobis', in none of 10 spam e-mails, Laplace: 1 / (10 + 2)"),
        Case((0, 10, 0), Fraction(0), "'Mahalanobis' by maximum likelihood: N_i|1 / N_1 = 0 / 10"),
        Case((1, 3, 0), Fraction(1, 3), "beijing in class china, maximum likelihood psi = n_jk / n_k = 1 / 3"),
        Case((3, 3, 0), Fraction(1), "chinese in class china, maximum likelihood: 3 / 3 = 1"),
        Case((1, 3, Fraction(1, 2)), Fraction(3, 8), "beijing in class china, alpha = 1/2: 1.5 / 4"),
    ],
    draw=draw_bernoulli_estimate,
    mistakes=[
        Mistake("smoothing left out", "this is the maximum likelihood estimate N_jc / N_c: Laplace smoothing adds "
                "alpha to the count and 2 alpha to the documents", lambda n, total, alpha: n / total),
        Mistake("alpha, not 2 alpha", "the denominator adds alpha once: a coin has two outcomes, present and "
                "absent, and each gets alpha pseudo-documents, so N_c grows by 2 alpha",
                lambda n, total, alpha: (n + alpha) / (total + alpha)),
        Mistake("count not smoothed", "alpha is added to the documents only: add it to N_jc too",
                lambda n, total, alpha: n / (total + 2 * alpha)),
        Mistake("arguments swapped", "this is N_c over N_jc: p_jc divides the documents that contain the word "
                "(plus alpha) by all the class's documents (plus 2 alpha); check the order of the arguments",
                lambda n, total, alpha: (total + alpha) / (n + 2 * alpha)),
        Mistake("absent, not present", "this is 1 - p_jc, the share of documents that lack the word: p_jc counts "
                "those that contain it", lambda n, total, alpha: (total - n + alpha) / (total + 2 * alpha)),
        Mistake("whole-number division", "// rounds down to a whole number: use / (or Fraction) for a share",
                lambda n, total, alpha: (n + alpha) // (total + 2 * alpha)),
    ],
    hint="p_jc is the share of class-c documents that contain word j, with alpha pseudo-documents "
         "added for each of the two outcomes",
    reproductions=[
        Reproduction("BernoulliNB on the China example gives the exact P(china | test document) = {value}",
                     lambda: china_exact_posterior(BernoulliNB), digits=4),
        in_cornell_clipped(),
    ],
)


# -- the log terms -----------------------------------------------------------------


MULTINOMIAL_LOG_TERM = Exercise(
    name="multinomial-log-term",
    title="The log of a word's multinomial estimate",
    formula_id="eq-multinomial-log-likelihood",
    page="multinomial.md",
    notes=MULTINOMIAL_NOTES,
    function=multinomial_log_likelihood,
    latex=r"\log\hat\theta_{jc} = \log(n_{jc} + \alpha) - \log(n_c + \alpha\,|V|)",
    arguments={"count": "n_jc, how often word j occurs in the training documents of class c",
               "total": "n_c, all word occurrences in class c",
               "alpha": "the smoothing: 1 is Laplace (add-one), 0 is maximum likelihood",
               "vocabulary_size": "|V|, the number of words in the whole vocabulary"},
    returns="log theta_jc, a float (natural logarithm); -inf when theta_jc = 0",
    hand_cases=[
        Case((5, 8, 1, 6), log_of(Fraction(3, 7)), "chinese in class china, Laplace: log 6 - log 14"),
        Case((0, 8, 1, 6), log_of(Fraction(1, 14)), "tokyo in class china, Laplace: log 1 - log 14"),
        Case((1, 3, 1, 6), log_of(Fraction(2, 9)), "tokyo in class japan, Laplace: log 2 - log 9"),
        Case((5, 8, 0, 6), log_of(Fraction(5, 8)), "chinese in class china, maximum likelihood: log 5 - log 8"),
        Case((0, 8, 0, 6), -math.inf, "tokyo in class china, maximum likelihood: log 0 = -inf"),
        Case((5, 8, Fraction(1, 2), 6), log_of(Fraction(1, 2)), "chinese in class china, alpha = 1/2: log(1/2)"),
    ],
    draw=draw_multinomial_estimate,
    mistakes=[
        Mistake("base 2", "this is a base-2 logarithm: the model works with natural logarithms (math.log)",
                lambda count, total, alpha, size: math.log2(count + alpha) - math.log2(total + alpha * size)),
        Mistake("base 10", "this is a base-10 logarithm: the model works with natural logarithms (math.log)",
                lambda count, total, alpha, size: math.log10(count + alpha) - math.log10(total + alpha * size)),
        Mistake("not a logarithm", "this is theta_jc itself: the exercise wants its natural logarithm",
                lambda count, total, alpha, size: (count + alpha) / (total + alpha * size)),
        Mistake("smoothing left out", "this is log(n_jc / n_c), without smoothing: add alpha to the count and "
                "alpha |V| to the total", lambda count, total, alpha, size: math.log(count / total)),
        Mistake("alpha once in the denominator", "the total grows by alpha only once here: each of the |V| words "
                "gets alpha extra occurrences, so the total grows by alpha |V|",
                lambda count, total, alpha, size: math.log(count + alpha) - math.log(total + alpha)),
        Mistake("logs divided", "the log of a ratio is a difference of logs, not their ratio",
                lambda count, total, alpha, size: math.log(count + alpha) / math.log(total + alpha * size)),
    ],
    hint="log theta_jc = log(n_jc + alpha) - log(n_c + alpha |V|), natural logarithms; "
         "with alpha = 0 a word the class never saw has log 0 = -inf (return -inf, do not raise)",
    reproductions=[in_china_model(MultinomialNB), in_spam_model(MultinomialNB)],
)


def draw_bernoulli_log_term(generator):
    return (generator.random() < 0.5,) + draw_bernoulli_estimate(generator)


BERNOULLI_LOG_TERM = Exercise(
    name="bernoulli-log-term",
    title="The log term of one word in the Bernoulli model, present or absent",
    formula_id="eq-bernoulli-log-likelihood",
    page="bernoulli.md",
    notes=BERNOULLI_NOTES,
    function=bernoulli_log_likelihood,
    latex=(r"\log P(x_j \mid c) =" "\n" r"\begin{cases}" "\n"
           r"\log(N_{jc} + \alpha) - \log(N_c + 2\alpha) & \text{if } x_j = 1 \\" "\n"
           r"\log(N_c - N_{jc} + \alpha) - \log(N_c + 2\alpha) & \text{if } x_j = 0" "\n" r"\end{cases}"),
    arguments={"present": "True if the document contains word j (x_j = 1), False if not (x_j = 0)",
               "document_count": "N_jc, the training documents of class c that contain word j",
               "class_count": "N_c, all the training documents of class c",
               "alpha": "the smoothing: 1 is Laplace, 0 is maximum likelihood"},
    returns="log P(x_j | c), a float (natural logarithm); -inf when that probability is 0",
    hand_cases=[
        Case((True, 1, 3, 1), log_of(Fraction(2, 5)), "beijing present, class china, Laplace: log(2/5)"),
        Case((True, 3, 3, 1), log_of(Fraction(4, 5)), "chinese present, class china, Laplace: log(4/5)"),
        Case((False, 1, 3, 1), log_of(Fraction(3, 5)), "beijing absent, class china, Laplace: log((3 - 1 + 1)/5)"),
        Case((True, 0, 3, 1), log_of(Fraction(1, 5)), "tokyo present, class china, Laplace: log(1/5)"),
        Case((False, 0, 1, 1), log_of(Fraction(2, 3)), "beijing absent, class japan, Laplace: log(2/3)"),
        Case((False, 3, 3, 1), log_of(Fraction(1, 5)), "chinese absent, class china, Laplace: log(1/5)"),
        Case((True, 1, 3, 0), log_of(Fraction(1, 3)), "beijing present, class china, maximum likelihood: log(1/3)"),
        Case((False, 3, 3, 0), -math.inf, "chinese absent from a china document, maximum likelihood: log 0"),
        Case((True, 0, 10, 0), -math.inf, "'Mahalanobis' present in a spam e-mail, maximum likelihood: log 0"),
    ],
    draw=draw_bernoulli_log_term,
    mistakes=[
        Mistake("absent words left out", "an absent word is not left out: it contributes log(1 - p_jc), the log "
                "probability that its coin came up tails",
                lambda present, n, total, alpha: bernoulli_log_likelihood(True, n, total, alpha) if present else 0.0),
        Mistake("absent as present", "for an absent word (x_j = 0) the term is log(1 - p_jc): count the N_c - N_jc "
                "documents that lack the word", lambda present, n, total, alpha: bernoulli_log_likelihood(
                    True, n, total, alpha)),
        Mistake("present and absent swapped", "present and absent are swapped: x_j = 1 takes the documents that "
                "contain the word, x_j = 0 those that lack it",
                lambda present, n, total, alpha: bernoulli_log_likelihood(not present, n, total, alpha)),
        Mistake("alpha, not 2 alpha", "the denominator adds alpha once: the coin's two outcomes each get alpha "
                "pseudo-documents, so N_c grows by 2 alpha",
                lambda present, n, total, alpha: log((n if present else total - n) + alpha) - log(total + alpha)),
        Mistake("smoothing left out", "this is the maximum likelihood term: add alpha to the count and 2 alpha to "
                "N_c", lambda present, n, total, alpha: log(n if present else total - n) - log(total)),
        Mistake("base 2", "this is a base-2 logarithm: the model works with natural logarithms (math.log)",
                lambda present, n, total, alpha: math.log2((n if present else total - n) + alpha)
                - math.log2(total + 2 * alpha)),
    ],
    hint="present: log(N_jc + alpha) - log(N_c + 2 alpha); absent: the same with N_c - N_jc documents in place of "
         "N_jc; natural logarithms, and log 0 = -inf (return -inf, do not raise)",
    reproductions=[in_china_model(BernoulliNB), in_spam_model(BernoulliNB), in_cornell_laplace()],
)


# -- the joint -----------------------------------------------------------------------


def draw_joint_product(generator):
    vocabulary = generator.sample(WORDS[:7], generator.randint(1, 7))
    exact = generator.random() < 0.7
    likelihoods = {word: Fraction(generator.randint(0, 9), generator.randint(10, 30)) for word in vocabulary}
    prior = Fraction(generator.randint(1, 9), 10)
    if not exact:
        likelihoods = {word: float(value) for word, value in likelihoods.items()}
        prior = float(prior)
    counts = {word: generator.randint(0, 4) for word in generator.sample(WORDS, generator.randint(0, 6))}
    return (prior, counts, likelihoods)


LONG_DOCUMENT = {"chinese": 300, "tokyo": 200, "japan": 200, "beijing": 100, "shanghai": 100, "macao": 100}

MULTINOMIAL_JOINT_PRODUCT = Exercise(
    name="multinomial-joint-product",
    title="The joint probability P(x, c), exactly, as a product",
    formula_id="eq-multinomial-joint-probability",
    page="multinomial.md",
    notes=MULTINOMIAL_NOTES,
    function=multinomial_joint_probability,
    latex=r"P(x, c) = P(c) \prod_{j \in V} \hat\theta_{jc}^{\,x_j}",
    arguments={"prior": "P(c), the prior of class c",
               "counts": "the document as {word: x_j}; it may hold words never seen in training",
               "likelihoods": "{word: theta_jc} for class c and every word of the vocabulary V"},
    returns="P(x, c); exact (a Fraction) when the inputs are Fractions",
    hand_cases=[
        Case((Fraction(3, 4), CHINA_TEST, CHINA_THETA["china"]), Fraction(81, 268912),
             "the China test document in class china: 3/4 (3/7)^3 (1/14)^2"),
        Case((Fraction(1, 4), CHINA_TEST, CHINA_THETA["japan"]), Fraction(8, 59049),
             "the China test document in class japan: 1/4 (2/9)^5"),
        Case((Fraction(3, 4), {**CHINA_TEST, "osaka": 1}, CHINA_THETA["china"]), Fraction(81, 268912),
             "the test document and 'osaka', a word never seen in training"),
        Case((Fraction(1, 4), CHINA_TEST, CHINA_THETA_MLE["japan"]), Fraction(1, 972),
             "class japan, maximum likelihood: 1/4 (1/3)^5"),
        Case((Fraction(3, 4), CHINA_TEST, CHINA_THETA_MLE["china"]), Fraction(0),
             "class china, maximum likelihood: tokyo has theta = 0"),
        Case((Fraction(3, 4), {}, CHINA_THETA["china"]), Fraction(3, 4), "an empty document: the prior itself"),
    ],
    draw=draw_joint_product,
    compare=exact_not_zero,
    mistakes=[
        Mistake("x_j not in the exponent", "each word counts once here: a word that occurs x_j times contributes "
                "theta_jc to the power x_j, one factor per occurrence",
                lambda prior, counts, theta: prior * math.prod(theta[w] for w, x in counts.items() if x and w in theta)),
        Mistake("prior left out", "this is P(x | c), without the prior: the joint is P(x, c) = P(c) P(x | c)",
                lambda prior, counts, theta: multinomial_joint_probability(1, counts, theta)),
        Mistake("unseen words not skipped", "a word never seen in training has no estimate: leave it out (it says "
                "nothing about the class), do not count it as probability 0",
                lambda prior, counts, theta: prior * math.prod(theta.get(w, 0) ** x for w, x in counts.items())),
        Mistake("sum, not product", "the factors are added here: the words are drawn independently, so their "
                "probabilities multiply",
                lambda prior, counts, theta: prior + sum(theta[w] ** x for w, x in counts.items() if w in theta)),
    ],
    hint="start from P(c) and multiply by theta_jc ** x_j for each word of the document that has an estimate",
    at_scale=[
        AtScale("a document of 1,000 words, exact Fractions", (Fraction(3, 4), LONG_DOCUMENT, CHINA_THETA["china"]),
                "the product of 1,000 probabilities is about 1e-822, far below the smallest float (about 1e-308), "
                "so in floats it underflows to 0.0. Given Fractions, keep them (no float(), no math.exp) and the "
                "product is exact. For real documents the model does not multiply at all: it adds logarithms, "
                "see docs/multinomial.md#eq-multinomial-joint-log"),
    ],
    reproductions=[Reproduction("MultinomialNB on the China example gives the exact P(china | test document) = {value}",
                                lambda: china_exact_posterior(MultinomialNB), digits=4)],
)


def draw_joint_log(generator):
    n_classes = generator.randint(1, 4)
    vocabulary = generator.sample(WORDS[:7], generator.randint(1, 7))
    rows = {word: tuple(generator.choice([-generator.uniform(0.01, 12)] * 9 + [-math.inf])
                        for _ in range(n_classes)) for word in vocabulary}
    log_priors = [-generator.uniform(0, 3) for _ in range(n_classes)]
    counts = {word: generator.randint(0, 4) for word in generator.sample(WORDS, generator.randint(0, 6))}
    return (counts, rows, log_priors)


CHINA_ROWS = log_rows(CHINA_THETA, ["china", "japan"])
CHINA_ROWS_MLE = log_rows(CHINA_THETA_MLE, ["china", "japan"])
CHINA_LOG_PRIORS = [math.log(0.75), math.log(0.25)]

MULTINOMIAL_JOINT_LOG = Exercise(
    name="multinomial-joint-log",
    title="The joint log-likelihood log P(x, c) of every class, from the rows",
    formula_id="eq-multinomial-joint-rows",
    page="multinomial.md",
    notes=MULTINOMIAL_NOTES,
    function=multinomial_joint_log_likelihoods,
    latex=(r"\big(\log P(x, c_1), \dots, \log P(x, c_K)\big) = \big(\log P(c_1), \dots, \log P(c_K)\big) "
           r"+ \sum_{j \in V:\; x_j > 0} x_j\, r_j"),
    arguments={"counts": "the document as {word: x_j}; it may hold words never seen in training, and x_j = 0",
               "rows": "{word: (log theta_jc for each class)}, one row per word of V (the multinomial-table exercise)",
               "log_priors": "[log P(c) for each class], in the order of the rows' entries"},
    returns="[log P(x, c) for each class], a list of floats in the order of log_priors",
    hand_cases=[
        Case((CHINA_TEST, CHINA_ROWS, CHINA_LOG_PRIORS), [log_of(Fraction(81, 268912)), log_of(Fraction(8, 59049))],
             "the China test document, Laplace: log(81/268912) and log(8/59049)"),
        Case(({**CHINA_TEST, "osaka": 2}, CHINA_ROWS, CHINA_LOG_PRIORS),
             [log_of(Fraction(81, 268912)), log_of(Fraction(8, 59049))],
             "the test document and 'osaka', a word never seen in training"),
        Case(({}, CHINA_ROWS, CHINA_LOG_PRIORS), CHINA_LOG_PRIORS, "an empty document: the log priors"),
        Case((CHINA_TEST, CHINA_ROWS_MLE, CHINA_LOG_PRIORS), [-math.inf, log_of(Fraction(1, 972))],
             "maximum likelihood: tokyo has log 0 in china; japan gives log(1/4 (1/3)^5)"),
        Case(({"chinese": 2, "tokyo": 0}, CHINA_ROWS_MLE, CHINA_LOG_PRIORS),
             [log_of(Fraction(3, 4) * Fraction(5, 8) ** 2), log_of(Fraction(1, 4) * Fraction(1, 3) ** 2)],
             "maximum likelihood, tokyo with x_j = 0: it adds nothing (0 times log 0 would be nan)"),
    ],
    draw=draw_joint_log,
    mistakes=[
        Mistake("prior left out", "this is log P(x | c), without the prior: log P(x, c) = log P(c) + log P(x | c)",
                lambda counts, rows, priors: multinomial_joint_log_likelihoods(counts, rows, [0.0] * len(priors))),
        Mistake("x_j not multiplied in", "each word counts once here: a word that occurs x_j times adds its "
                "log theta_jc x_j times", lambda counts, rows, priors: multinomial_joint_log_likelihoods(
                    {w: 1 for w, x in counts.items() if x}, rows, priors)),
        Mistake("zero counts not skipped", "a word with x_j = 0 adds nothing: skip it, since 0 times log 0 "
                "(-inf) is nan",
                lambda counts, rows, priors: [p + sum(x * rows[w][k] for w, x in counts.items() if w in rows)
                                              for k, p in enumerate(priors)]),
        Mistake("unseen words not skipped", "a word never seen in training has no row: leave it out (it says "
                "nothing about the class), do not count it as log 0",
                lambda counts, rows, priors: [p + sum(x * rows.get(w, [-math.inf] * len(priors))[k]
                                                      for w, x in counts.items() if x) for k, p in enumerate(priors)]),
    ],
    hint="start each class from log P(c) and add x_j times the word's entry for that class, "
         "for each word of the document that has a row and occurs (x_j > 0)",
    at_scale=[
        AtScale("a document of 1,000 words", (LONG_DOCUMENT, CHINA_ROWS, CHINA_LOG_PRIORS),
                "the probabilities of 1,000 words multiplied underflow to 0.0 (log 0 = -inf): add "
                "x_j log theta_jc instead of multiplying probabilities and taking the log at the end"),
    ],
    reproductions=[in_china_model(MultinomialNB), in_spam_model(MultinomialNB)],
)

TEXT_EXERCISES = [
    MULTINOMIAL_COUNTS, BERNOULLI_COUNTS, MULTINOMIAL_ESTIMATE, MULTINOMIAL_TABLE, BERNOULLI_ESTIMATE,
    MULTINOMIAL_LOG_TERM, BERNOULLI_LOG_TERM, MULTINOMIAL_JOINT_PRODUCT, MULTINOMIAL_JOINT_LOG,
]
