# %% [markdown]
# # Multinomial naive Bayes from scratch (the blog post after Jurafsky and Martin, chapter 4)
#
# The blog post's moves in its order: bag of words, prior, likelihood, log space, add-one smoothing,
# unseen words, the argmax; then the post's own corpus, 20 Newsgroups.  Run it as a script
# (`python lectures/from_scratch_multinomial.py --no-newsgroups`) or open it as a notebook
# (Jupyter with jupytext, or VS Code): each step's cell runs that step and prints its numbers under it.

# %%
"""The blog post on multinomial naive Bayes from scratch, replayed step by step with this library.

This companion follows the blog post that implements multinomial naive Bayes
from scratch on 20 Newsgroups (after Jurafsky and Martin, *Speech and
Language Processing*, chapter 4); the notation page calls it "From scratch".
The post builds a text classifier in seven moves, in the order below (the post's
own order).  Each function below is one move; each prints what it computed and a
sentence on why.

1. A text is a bag of words: order is thrown away, repeats are kept.
2. The prior is a share of documents:      P(c) = N_c / N.
3. The likelihood is a share of words:     P(w | c) = Count(w, c) / sum_w' Count(w', c),
   which is 0 for a word that class c never used.
4. Scores are sums of logs, because a product of many probabilities
   underflows a float to 0.0; but log 0 = -inf, so the zeros of step 3 must go.
5. Add-one smoothing removes the zeros:    P(w | c) = (Count(w, c) + 1) / (sum_w' Count(w', c) + |V|).
6. Words never seen in training are ignored.
7. The prediction is the argmax:           c-hat = argmax_c log P(c) + sum_{w in d} log P(w | c).

Where the blog post's two rules live in the library:

* add-one smoothing: ``multinomial_likelihood`` in ``naivebayes/naive_bayes/multinomial.py``
  ((n_jc + alpha) / (n_c + alpha |V|), and alpha = 1 is add-one);
* ignoring unseen words: ``multinomial_word_terms`` (one document, one word at
  a time) and ``multinomial_joint_log_likelihoods`` (the rows
  ``predict`` adds), in the same file.

Steps 1 to 7 run on the small spam corpus that ships with the library
(``naivebayes.datasets.load_spam()``), so that every number is small enough to
check by hand.  Step 8 then trains the same classifier on the post's own
corpus, 20 Newsgroups.  Offline, pass a local copy of the archive
(``--archive PATH`` or the NAIVEBAYES_20NEWS_ARCHIVE variable) or skip step 8
with ``--no-newsgroups``; otherwise ``load_20newsgroups`` uses its cache or
downloads the archive once.

Run it from the repository root:

    python lectures/from_scratch_multinomial.py --no-newsgroups   # steps 1 to 7, offline
    python lectures/from_scratch_multinomial.py --archive ../shared/data/20news-bydate.tar.gz
    python lectures/from_scratch_multinomial.py --limit 40 --no-newsgroups   # first 40 training texts only
"""

import argparse
import math
import os
import shlex
import sys
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

# Let the script run from a checkout without installing the package: put the
# repository root (the folder above lectures/) first on the import path.
try:
    REPOSITORY = Path(__file__).resolve().parent.parent
except NameError:  # a notebook has no __file__ and runs in the notebook's folder, lectures/
    REPOSITORY = Path.cwd().resolve().parent
if str(REPOSITORY) not in sys.path:
    sys.path.insert(0, str(REPOSITORY))

from naivebayes import MultinomialNB, Tokenizer, train_test_split  # noqa: E402
from naivebayes.core.arithmetic import log  # noqa: E402
from naivebayes.text.bag_of_words import bag_of_words  # noqa: E402
from naivebayes.datasets import load_20newsgroups, load_spam  # noqa: E402
from naivebayes.evaluation.metrics import accuracy, classification_report, f1_score  # noqa: E402

# The sentence of the blog post's "Why Naive?" section, with its three ellipses (…).
SENTENCE = "The Answer to the Great Question… Of Life, the Universe and Everything… Is… Forty-two"

# The bag of words the post prints for that sentence, in the post's (arbitrary) order.
POST_BAG = [
    "answer", "forty-two", "the", "great", "of", "question", "to",
    "the", "life", "the", "universe", "is", "everything", "and",
]

SPAM_NOTE = (
    "Steps 1 to 7 run on the small spam corpus that ships with the library, so that every\n"
    "number can be checked by hand; step 8 trains the same classifier on 20 Newsgroups."
)


def heading(title):
    """Print a step's title, underlined."""
    print()
    print(title)
    print("-" * len(title))


def show_ratio(numerator, denominator):
    """The ratio as "12/394 = 6/197 ~ 0.0305": as given, reduced (when that differs), as a decimal."""
    value = Fraction(numerator, denominator)
    shown = f"{numerator}/{denominator}"
    if value == 0:
        return f"{shown} = 0"
    if (value.numerator, value.denominator) != (numerator, denominator):
        shown += f" = {value}"
    return f"{shown} ~ {float(value):.4f}"


# %% [markdown]
# ## The options
#
# As a script, the command line sets them (`--help` lists them).  In a notebook, put them in
# `NOTEBOOK_ARGUMENTS`, for instance `["--no-newsgroups"]`; the NAIVEBAYES_LECTURE_ARGUMENTS
# environment variable, when set, fills it (the tests use it).  Every cell below runs its step at
# once and prints that step's numbers under it; imported as a module, the file runs no step.

# %%

def parse_arguments(argv):
    """The command line: an optional ``--limit N``."""
    parser = argparse.ArgumentParser(
        description="The blog post's multinomial naive Bayes from scratch, step by step."
    )
    parser.add_argument(
        "--limit",
        type=int,
        default=None,
        metavar="N",
        help="train on the first N training texts only (a quick run)",
    )
    parser.add_argument("--archive", help="a local 20news-bydate.tar.gz for step 8 (default: found or downloaded)")
    parser.add_argument("--no-newsgroups", action="store_true", help="skip step 8 (20 Newsgroups)")
    arguments = parser.parse_args(argv)
    if arguments.limit is not None and arguments.limit < 1:
        parser.error(f"--limit must be a whole number >= 1, not {arguments.limit}")
    return parser, arguments


NOTEBOOK_ARGUMENTS = shlex.split(os.environ.get("NAIVEBAYES_LECTURE_ARGUMENTS", ""))

if __name__ == "__main__":  # as a script, or in a notebook
    parser, arguments = parse_arguments(NOTEBOOK_ARGUMENTS if "ipykernel" in sys.modules else None)
    print("The blog post on multinomial naive Bayes from scratch, step by step")
    print(SPAM_NOTE)


# %% [markdown]
# ## Step 1: the bag of words

# %%


def step_1_bag_of_words(tokenizer):
    """Tokenize the post's sentence and count its words; check it is the post's bag."""
    heading("Step 1. A text becomes a bag of words")
    tokens = tokenizer(SENTENCE)  # lowercase, then the words; punctuation and … are dropped
    bag = bag_of_words(tokens)  # {word: how many times it occurs}; the order is gone
    print(f"sentence: {SENTENCE}")
    print(f"tokens, in reading order: {' '.join(tokens)}")
    print(f"bag of words: {sum(bag.values())} words, {len(bag)} distinct")
    for word, n in sorted(bag.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {word:12} {n}")
    same = bag == Counter(POST_BAG)  # a bag is a multiset: compare the counts, not the order
    print(f"same bag as the blog post's list of {len(POST_BAG)} words: {same}")
    assert same, "the tokenizer no longer gives the blog post's bag of words"
    print("Word order is lost (the model cannot tell 'not hungry' from 'hungry, not'),")
    print("but repeats are kept: 'the' counts three times.")
    return bag


if __name__ == "__main__":
    tokenizer = Tokenizer()  # lowercase, then words; "forty-two" stays one word
    step_1_bag_of_words(tokenizer)


# %% [markdown]
# ## Step 2: the prior

# %%


def load_split(limit=None):
    """The spam corpus split 75/25 with random_state=0; with ``limit``, only the first training texts."""
    texts, labels = load_spam()
    X_train, X_test, y_train, y_test = train_test_split(texts, labels, test_size=0.25, random_state=0)
    if limit is not None:
        X_train, y_train = X_train[:limit], y_train[:limit]
    return X_train, X_test, y_train, y_test


def step_2_priors(model, n_test):
    """P(c) = N_c / N, as exact Fractions, from the model's class counts."""
    heading("Step 2. The prior: P(c) = N_c / N, the share of training documents in class c")
    N = model.n_examples_  # N
    print(f"training documents: N = {N} ({n_test} more are held back for testing; the split is")
    print("naivebayes.train_test_split(test_size=0.25, random_state=0), the blog post makes none)")
    for label in model.classes_:
        N_c = model.class_counts_[label]  # N_c
        by_hand = Fraction(N_c, N)
        assert by_hand == model.prior(label)  # the library's prior_mle is the same ratio
        print(f"  P({label}) = N_c / N = {show_ratio(N_c, N)}")
    print("Fractions keep the exact value; the library returns them too: model.prior(c).")


if __name__ == "__main__":
    X_train, X_test, y_train, y_test = load_split(arguments.limit)
    if len(set(y_train)) < 2:
        parser.error(
            f"the first {arguments.limit} training texts hold only the class {y_train[0]!r}; "
            "a larger --limit gives the model two classes to choose between"
        )
    model = MultinomialNB(alpha=1, tokenizer=tokenizer).fit(X_train, y_train)  # alpha = 1: add-one
    step_2_priors(model, len(X_test))


# %% [markdown]
# ## Step 3: the unsmoothed likelihood, and its zeros

# %%


def count(model, word, label):
    """Count(w, c): how often ``word`` occurs in the training texts of class ``label`` (n_jc)."""
    return model.feature_counts_[label].get(word, 0)  # .get: reading never adds a key


def example_words(model):
    """A few words to look at: per class, its most frequent word that another class never used.

    Then the word that is most frequent in every class at once (the largest
    smallest count).  Ties go to the alphabetically first word.
    """
    words = []
    for label in model.classes_:
        only_here = [
            word
            for word in model.feature_counts_[label]
            if any(count(model, word, other) == 0 for other in model.classes_ if other != label)
        ]
        if only_here:
            words.append(min(only_here, key=lambda word: (-count(model, word, label), word)))
    shared = min(
        model.vocabulary_,
        key=lambda word: (-min(count(model, word, label) for label in model.classes_), word),
    )
    if shared not in words:
        words.append(shared)
    return words


def step_3_unsmoothed(model, words, X_train, y_train):
    """P(w | c) = Count(w, c) / sum_w' Count(w', c), with a zero for a word a class never used."""
    heading("Step 3. The likelihood without smoothing: Count(w, c) / sum over w' of Count(w', c)")
    for label in model.classes_:
        total = sum(model.feature_counts_[label].values())  # sum over w' of Count(w', c), by hand
        assert total == model.feature_totals_[label]  # the library keeps it as n_c
        print(f"  words in all {label} training texts: sum Count(w', {label}) = {total}")
    unsmoothed = MultinomialNB(alpha=0, tokenizer=model.tokenizer)  # alpha = 0: no smoothing
    unsmoothed.fit(X_train, y_train)
    zeros = []
    for word in words:
        for label in model.classes_:
            total = model.feature_totals_[label]  # n_c = sum over w' of Count(w', c)
            by_hand = Fraction(count(model, word, label), total)
            assert by_hand == unsmoothed.likelihood(word, label)  # the library's multinomial_likelihood with alpha = 0
            print(f"  P({word!r} | {label}) = {show_ratio(count(model, word, label), total)}")
            if by_hand == 0:
                zeros.append((word, label))
    print("MultinomialNB(alpha=0).likelihood(w, c) gives the same values (multinomial_likelihood with alpha = 0).")
    for word, label in zeros[:1]:
        print(f"A {label} message that contains {word!r} gets P(d | {label}) = 0, whatever its")
        print("other words say, and log 0 is undefined.  One unlucky word vetoes the class.")
    return zeros, unsmoothed


if __name__ == "__main__":
    words = example_words(model)
    _, unsmoothed = step_3_unsmoothed(model, words, X_train, y_train)


# %% [markdown]
# ## Step 4: why log space

# %%


def float_product(model, tokens, label):
    """P(c) * prod over the words w of d of P(w | c), multiplied as floats one word at a time.

    Returns the product and (position, word) where it first became 0.0, or None.
    """
    product = float(model.prior(label))
    first_zero = None
    for position, token in enumerate(tokens, 1):
        product *= float(model.likelihood(token, label))
        if product == 0.0 and first_zero is None:
            first_zero = (position, token)
    return product, first_zero


def log_sum(model, tokens, label):
    """log P(c) + sum over the words w of d of log P(w | c): one term per word, repeats included."""
    terms = [model.log_prior(label)] + [model.log_likelihood(token, label) for token in tokens]
    return math.fsum(terms)


def step_4_log_space(unsmoothed, X_train, y_train):
    """The blog post's order: first the log, for underflow; then the zero estimates that log cannot take."""
    heading("Step 4. Why log space: a product of many probabilities underflows")
    label = max(unsmoothed.classes_, key=lambda c: (unsmoothed.feature_totals_[c], str(c)))  # the wordiest class
    long_document = " ".join(text for text, y in zip(X_train, y_train) if y == label)
    tokens = unsmoothed.tokenizer(long_document)
    print(f"the long document d: all {unsmoothed.class_counts_[label]} {label} training texts joined, "
          f"{len(tokens)} words; the estimates of step 3, unsmoothed")
    print(f"  {'class':8} {'float product':>14} {'first 0.0 at word':>18} {'why':>20} {'log sum':>11}")
    for c in unsmoothed.classes_:
        product, first_zero = float_product(unsmoothed, tokens, c)
        terms = [unsmoothed.log_prior(c)] + [unsmoothed.log_likelihood(token, c) for token in tokens]
        total = -math.inf if -math.inf in terms else math.fsum(terms)
        why = "-"
        if first_zero is not None:
            why = "P(w | c) = 0" if unsmoothed.likelihood(first_zero[1], c) == 0 else "underflow"
        where = "never" if first_zero is None else f"{first_zero[0]} ({first_zero[1]})"
        shown = "0.0" if product == 0.0 else f"{product:.3e}"
        print(f"  {c!s:8} {shown:>14} {where:>18} {why:>20} {total:>11.4f}")
    print(f"For {label}, every word of d was seen in {label} texts, so its product is 0.0 only because")
    print("the float ran out of range; its log sum is finite and keeps the information.")
    print("For the other class, a word it never used has P(w | c) = 0 and log 0 = -inf: taking the")
    print("log cannot help there.  That is the blog post's next problem, and step 5's smoothing.")


if __name__ == "__main__":
    step_4_log_space(unsmoothed, X_train, y_train)  # the blog post's order: log space, then smoothing


# %% [markdown]
# ## Step 5: add-one smoothing, and the log sums it makes finite

# %%


def add_one(model, word, label):
    """(Count(w, c) + 1) / (sum_w' Count(w', c) + |V|), computed from the count tables by hand."""
    vocabulary_size = len(model.vocabulary_)  # |V|
    return Fraction(count(model, word, label) + 1, model.feature_totals_[label] + vocabulary_size)


def step_5_add_one(model, words):
    """Add-one smoothing by hand and by ``model.likelihood``; they must agree everywhere."""
    heading("Step 5. Add-one smoothing: (Count(w, c) + 1) / (sum Count(w', c) + |V|)")
    # In the library this is multinomial_likelihood in naivebayes/naive_bayes/multinomial.py:
    # (n_jc + alpha) / (n_c + alpha |V|), and MultinomialNB's default alpha = 1 is add-one.
    vocabulary_size = len(model.vocabulary_)
    print(f"vocabulary size |V| = {vocabulary_size} distinct training words")
    for word in words:
        for label in model.classes_:
            by_hand = add_one(model, word, label)
            by_library = model.likelihood(word, label)
            numerator = count(model, word, label) + 1
            denominator = model.feature_totals_[label] + vocabulary_size
            print(
                f"  P({word!r} | {label}) = ({count(model, word, label)} + 1)/"
                f"({model.feature_totals_[label]} + {vocabulary_size}) = {show_ratio(numerator, denominator)}"
                f"   model.likelihood: {by_library}"
            )
            assert by_hand == by_library
    n_checked = 0
    for word in model.vocabulary_:
        for label in model.classes_:
            assert add_one(model, word, label) == model.likelihood(word, label), (word, label)
            n_checked += 1
    print(f"hand-computed and library values agree for all {n_checked} (word, class) pairs.")
    print("No estimate is 0 any more: a word a class never used gets 1/(sum + |V|).")


def step_5_log_space_smoothed(model, X_train, y_train):
    """The same long document with the smoothed estimates: both products underflow, both log sums are finite."""
    label = max(model.classes_, key=lambda c: (model.feature_totals_[c], str(c)))  # the wordiest class
    long_document = " ".join(text for text, y in zip(X_train, y_train) if y == label)
    tokens = model.tokenizer(long_document)
    print()
    print("Step 4's long document again, with the smoothed estimates.  The blog post's score as written")
    print("is P(c) * prod P(w | c) over the words of d:")
    exact = model.joint_probability(long_document)  # the same products with exact Fractions
    library = model.joint_log_likelihood(long_document)  # the sum of multinomial_word_terms
    print(f"  {'class':8} {'float product':>14} {'first 0.0 at word':>18}", end="")
    print(f" {'log sum':>11} {'exact product':>15}")
    products = {}
    for c in model.classes_:
        products[c], first_zero = float_product(model, tokens, c)
        by_hand = log_sum(model, tokens, c)
        assert math.isclose(by_hand, library[c], rel_tol=1e-12)  # the library adds the same terms
        assert math.isclose(log(exact[c]), library[c], rel_tol=1e-9)  # and they are the log of the product
        where = "never" if first_zero is None else f"{first_zero[0]} ({first_zero[1]})"
        power = f"10^{log(exact[c]) / math.log(10):.1f}"
        shown = "0.0" if products[c] == 0.0 else f"{products[c]:.3e}"
        print(f"  {c!s:8} {shown:>14} {where:>18} {by_hand:>11.4f} {power:>15}")
    if all(product == 0.0 for product in products.values()):
        print("Every float product underflowed to 0.0: the true values are far below the smallest")
        print(f"positive float, {5e-324!r}, so the products cannot tell the classes apart.")
    else:
        print("(This document is too short to underflow; run without --limit to see 0.0.)")
    print("The log sums are finite and keep the difference.  log is increasing, so the class")
    print("with the largest log sum is the class with the largest product.")
    print(f"model.joint_log_likelihood(d) gives the same sums: {_rounded(library)}")
    return products, library


def _rounded(scores):
    """{label: score} with the scores rounded to 4 decimals, for printing."""
    return {label: round(value, 4) for label, value in scores.items()}


if __name__ == "__main__":
    step_5_add_one(model, words)
    step_5_log_space_smoothed(model, X_train, y_train)


# %% [markdown]
# ## Step 6: ignore words never seen in training

# %%


def message_with_unseen_word(model, X_test):
    """The first test message with a word outside the vocabulary (or one given such a word)."""
    for text in X_test:
        if any(token not in model.vocabulary_ for token in model.tokenizer(text)):
            return text
    made_up = "zyzzyva"  # a word no training text uses
    while made_up in model.vocabulary_:
        made_up += "a"
    return f"{X_test[0]} {made_up}"


def step_6_unseen_words(model, X_test):
    """Unseen words are ignored: explain() lists them, and removing them changes nothing."""
    heading("Step 6. Words never seen in training are ignored")
    # In the library: multinomial_word_terms skips a word unless `word in vocabulary`,
    # and the rows predict adds, multinomial_joint_log_likelihoods, have no row for it (rows.get(word) is None).
    text = message_with_unseen_word(model, X_test)
    explanation = model.explain(text)
    print(f"test message: {text}")
    print()
    print(explanation)
    print()
    print(f"ignored as unseen: {list(explanation.ignored)}")
    known_tokens = [token for token in model.tokenizer(text) if token in model.vocabulary_]
    with_unseen = model.joint_log_likelihood(text)
    without_unseen = model.joint_log_likelihood(known_tokens)  # a token list is a document too
    unchanged = with_unseen == without_unseen and model.predict([text]) == model.predict([known_tokens])
    print(f"scores and prediction unchanged when the unseen words are removed: {unchanged}")
    assert unchanged
    print("The model has no estimate for a word it never saw, so the word adds no term at all.")
    return explanation


if __name__ == "__main__":
    step_6_unseen_words(model, X_test)


# %% [markdown]
# ## Step 7: the argmax, on the test split

# %%


def step_7_argmax(model, X_test, y_test):
    """c-hat = argmax_c log P(c) + sum log P(w | c), for one message by hand, then for the test split."""
    heading("Step 7. The decision: c-hat = argmax over c of log P(c) + sum log P(w | c)")
    text = X_test[0]
    scores = model.joint_log_likelihood(text)
    c_hat = max(model.classes_, key=scores.__getitem__)  # the first class wins a tie, as in predict
    print(f"first test message: {text}")
    for label in model.classes_:
        print(f"  log P({label}) + sum log P(w | {label}) = {scores[label]:.4f}")
    print(f"  c-hat = {c_hat}")
    predictions = model.predict(X_test)
    assert predictions[0] == c_hat
    score = accuracy(y_test, predictions)  # an exact Fraction: correct / total
    n_correct = sum(truth == guess for truth, guess in zip(y_test, predictions))
    print()
    print(f"accuracy on the {len(y_test)} test messages: {n_correct}/{len(y_test)} = {float(score):.4f}")
    print()
    print(classification_report(y_test, predictions))
    return score


if __name__ == "__main__":
    step_7_argmax(model, X_test, y_test)


# %% [markdown]
# ## Step 8: the blog post's own corpus, 20 Newsgroups

# %%


def load_newsgroups(archive, limit):
    """The bydate training and test posts; with ``limit``, a shuffled copy so the first N span many groups."""
    train = load_20newsgroups(subset="train", shuffle=limit is not None, random_state=0, archive=archive)
    test = load_20newsgroups(subset="test", archive=archive)
    return train, test


def step_8_newsgroups(train, test, limit):
    """The same two rules at full scale: 11,314 training posts, 7,532 test posts."""
    heading("Step 8. The same classifier on 20 Newsgroups")
    X_train, y_train = train.texts[:limit], train.labels[:limit]  # [:None] keeps them all
    start = time.perf_counter()
    model = MultinomialNB(alpha=1)  # rule 1, add-one smoothing: multinomial_likelihood with alpha = 1
    model.fit(X_train, y_train)  # each post is tokenized, counted into the tables, then dropped
    fitted = time.perf_counter()
    predictions = model.predict(test.texts)  # rule 2 inside: words outside V get no term
    predicted = time.perf_counter()
    print(f"trained on {len(X_train)} posts of {len(train.label_names)} groups: "
          f"|V| = {len(model.vocabulary_)} distinct words, fit in {fitted - start:.1f} s")
    tokens = unseen = 0
    for text in test.texts:  # how much rule 2 throws away
        for token in model.tokenizer(text):
            tokens += 1
            unseen += token not in model.vocabulary_
    print(f"test words never seen in training, and so ignored: {unseen} of {tokens} "
          f"({unseen / tokens:.1%})")
    n = len(test.labels)
    correct = sum(truth == guess for truth, guess in zip(test.labels, predictions))
    print(f"predicted {n} test posts in {predicted - fitted:.1f} s")
    print(f"accuracy on the {n} test posts: {correct}/{n} = {float(accuracy(test.labels, predictions)):.4f}")
    print(f"macro-F1: {float(f1_score(test.labels, predictions, average='macro')):.4f}")
    print("The blog post reports no figure for this run, so there is nothing to match.  With")
    print("scikit-learn's tokens instead of ours the same model gets 5820/7532 = 0.7727, with the")
    print("very predictions of scikit-learn's MultinomialNB (see the performance page of the docs).")
    return predictions


if __name__ == "__main__":
    if not arguments.no_newsgroups:
        try:
            train, test = load_newsgroups(arguments.archive, arguments.limit)
        except (OSError, ValueError) as error:
            parser.exit(1, f"step 8 could not load 20 Newsgroups: {error}\n"
                           "(--no-newsgroups runs steps 1 to 7 only)\n")
        step_8_newsgroups(train, test, arguments.limit)
