"""The exercises on the steps every model shares: counting classes, the prior, log-sum-exp, the posterior, the decision.

Each is an ``Exercise`` around the function the models call (docs/pipeline.md).
Hand-computed answers come from the China example (three documents about
China, one about Japan) and the spam corpus of "Lecture #7: Naïve Bayes".
"""

import math
from fractions import Fraction

from naivebayes.core.bayes import decision, log_posterior, log_sum_exp, prior_mle
from naivebayes.exercises.checking import AtScale, Case, Exercise, Mistake, Reproduction, same_log_answer
from naivebayes.exercises.reproductions import in_china_model, in_spam_model, spam_split
from naivebayes.naive_bayes.base import count_classes
from naivebayes.naive_bayes.multinomial import MultinomialNB

__all__ = []  # (a user asks for an exercise by name: naivebayes.exercises.exercise)

ALL_NOTES = (
    "Lecture #7: Naïve Bayes",
    "Cornell Tech's Lecture 8: Naive Bayes",
    "the blog post on a naive Bayes classifier with TensorFlow Probability",
    "the blog post implementing multinomial naive Bayes from scratch",
    "the Pudding library's \"Naive Bayes\"",
)


def draw_labels(generator):
    classes = generator.sample(["spam", "ham", "eggs", "china", "japan"], generator.randint(1, 4))
    return ([generator.choice(classes) for _ in range(generator.randint(1, 30))],)


def spam_true_class_probability():
    """The mean P(true class | message) of MultinomialNB on the spam corpus's test third (spam_accuracy's split)."""
    train_texts, test_texts, train_labels, test_labels = spam_split()
    posteriors = MultinomialNB().fit(train_texts, train_labels).predict_proba(test_texts)
    return sum(posterior[label] for posterior, label in zip(posteriors, test_labels)) / len(test_labels)


def in_spam_posteriors():
    """A run that calls Bayes' rule in log space (log-sum-exp, the log posterior) once per test message."""
    return Reproduction("MultinomialNB on the shipped spam corpus gives a mean P(true class | message) of {value}",
                        spam_true_class_probability, digits=4)


CLASS_COUNTS = Exercise(
    name="class-counts",
    title="Counting the classes",
    formula_id="eq-class-counts",
    page="pipeline.md",
    notes=ALL_NOTES,
    function=count_classes,
    latex=r"N_c = \#\{\, i : y_i = c \,\}, \qquad N = \sum_c N_c",
    arguments={"labels": "the training labels, one per example, such as ['spam', 'ham', 'spam']"},
    returns="a dict {label: N_c}, the number of examples of each label (only labels that occur)",
    hand_cases=[
        Case((["china", "china", "china", "japan"],), {"china": 3, "japan": 1}, "the China example"),
        Case((["spam"],), {"spam": 1}, "one example"),
        Case(([],), {}, "no examples at all"),
        Case(([1, 0, 1, 1, 0],), {1: 3, 0: 2}, "labels that are numbers"),
    ],
    draw=draw_labels,
    mistakes=[
        Mistake("off by one", "each label's count is off by one: a new label starts at 0 and each example adds 1",
                lambda labels: {label: labels.count(label) + 1 for label in labels}),
        Mistake("shares, not counts", "these are shares N_c / N: the count N_c is the number of examples, "
                "before any division", lambda labels: {label: labels.count(label) / len(labels) for label in labels}),
        Mistake("first example missed", "the first example is not counted: the loop must visit every label",
                lambda labels: count_classes(labels[1:])),
    ],
    hint="N_c is how many of the labels equal c; every label that occurs gets an entry, no other",
    reproductions=[in_china_model(MultinomialNB), in_spam_model(MultinomialNB)],
)


def draw_prior(generator):
    n = generator.randint(1, 1000)
    return (generator.randint(0, n), n if generator.random() < 0.5 else float(n))  # training passes N as a float


PRIOR = Exercise(
    name="prior",
    title="The maximum likelihood prior",
    formula_id="eq-prior-mle",
    page="pipeline.md",
    notes=ALL_NOTES,
    function=prior_mle,
    latex=r"\hat P(c) = \frac{N_c}{N}",
    arguments={"class_count": "N_c, the training examples of class c",
               "n_documents": "N, all the training examples (a whole number, which training passes "
                              "as a float such as 4.0)"},
    returns="P(c), a number in [0, 1] (a Fraction when both counts are whole numbers is best: it is exact)",
    hand_cases=[
        Case((3, 4), Fraction(3, 4), "china: 3 of the 4 China-example documents"),
        Case((1, 4), Fraction(1, 4), "japan: 1 of 4"),
        Case((0, 5), Fraction(0), "a class with no examples"),
        Case((7, 7), Fraction(1), "the only class"),
    ],
    draw=draw_prior,
    mistakes=[
        Mistake("arguments swapped", "this is N / N_c: the prior divides the class's count by the total, "
                "check the order of the arguments", lambda class_count, n: n / class_count),
        Mistake("smoothed", "the maximum likelihood prior has no smoothing: nothing is added to N_c or N",
                lambda class_count, n: (class_count + 1) / (n + 2)),
        Mistake("whole-number division", "// rounds down to a whole number: use / (or Fraction) for a share",
                lambda class_count, n: class_count // n),
        Mistake("a percentage", "this is a percentage: a probability is a share between 0 and 1, with no factor 100",
                lambda class_count, n: 100 * class_count / n),
    ],
    hint="P(c) is the share of the training examples whose label is c",
    reproductions=[in_china_model(MultinomialNB), in_spam_model(MultinomialNB)],
)


def draw_log_values(generator):
    centre = generator.choice([0, -10, -40])  # (far from 0 is for the at-scale cases, with their own reason)
    return ([centre + generator.uniform(-50, 50) for _ in range(generator.randint(1, 6))],)


LOG_SUM_EXP = Exercise(
    name="log-sum-exp",
    title="Log-sum-exp: adding probabilities kept as logarithms",
    formula_id="eq-log-sum-exp",
    page="pipeline.md",
    notes=("Cornell Tech's Lecture 8: Naive Bayes",
           "the blog post implementing multinomial naive Bayes from scratch"),
    function=log_sum_exp,
    latex=r"\log \sum_{c} e^{v_c} = m + \log \sum_{c} e^{v_c - m}, \qquad m = \max_c v_c",
    arguments={"log_values": "a list of numbers v_c, each the logarithm of a probability"},
    returns="log(sum of exp(v_c)), a float; -inf when every v_c is -inf",
    hand_cases=[
        Case(([0.0, 0.0],), math.log(2), "log(1 + 1) = log 2"),
        Case(([math.log(0.25), math.log(0.5)],), math.log(0.75), "log(0.25 + 0.5)"),
        Case(([-math.inf, 0.0],), 0.0, "log(0 + 1): a term of log 0 adds nothing"),
        Case(([-math.inf, -math.inf],), -math.inf, "log(0 + 0) = -inf"),
        Case(([5.0],), 5.0, "one value"),
    ],
    draw=draw_log_values,
    mistakes=[
        Mistake("sum of the logs", "this adds the logarithms, which multiplies the probabilities: "
                "log-sum-exp adds the probabilities exp(v_c) first, then takes the log",
                lambda values: sum(values)),
        Mistake("base 2", "this is log base 2 of the sum: the values are natural logarithms, so use exp and log",
                lambda values: math.log2(sum(2 ** v for v in values))),
        Mistake("log2 after exp", "log2 undoes 2 ** v, not exp(v): the values are natural logarithms, "
                "so the log that undoes exp is the natural log, base e",
                lambda values: math.log2(sum(math.exp(v) for v in values))),
        Mistake("the largest only", "this is only m, the largest value: the other terms add log(sum exp(v_c - m))",
                lambda values: max(values)),
        Mistake("not the log", "this is the sum of the probabilities exp(v_c) itself: log-sum-exp is its logarithm",
                lambda values: math.fsum(math.exp(v) for v in values)),
        Mistake("every value -inf", "when every v_c is -inf (every probability is 0), m is -inf too, and v_c - m "
                "is -inf - (-inf), which is nan: the sum of probabilities 0 is 0, whose log is -inf",
                lambda values: max(values) + math.log(math.fsum(math.exp(v - max(values)) for v in values))),
    ],
    hint="exponentiate each value, add, take the log; then take the largest value m out first so nothing overflows",
    at_scale=[
        AtScale("log P(x, c) near -1000, as for a long document", ([-1000.0, -1001.0],),
                "exp(-1000) underflows to 0.0, and log(0) is -inf: take the largest value m out first, "
                "as the formula does, so that every exp() is of v_c - m <= 0 and the largest is exp(0) = 1"),
        AtScale("values near +800", ([800.0, 799.0],),
                "exp(800) overflows (above 1.8e308): subtracting the largest value m first keeps every exp() "
                "at most 1"),
    ],
    reproductions=[in_china_model(MultinomialNB), in_spam_posteriors()],
    compare=same_log_answer,
)


def draw_log_joint(generator):
    labels = generator.sample(["spam", "ham", "eggs", "china", "japan"], generator.randint(1, 4))
    centre = generator.choice([0, -20, -40])  # (far from 0 is for the at-scale cases, with their own reason)
    return ({label: centre + generator.uniform(-30, 30) for label in labels},)


LOG_POSTERIOR = Exercise(
    name="log-posterior",
    title="Bayes' rule in log space: the log posterior",
    formula_id="eq-log-posterior",
    page="pipeline.md",
    notes=ALL_NOTES,
    function=log_posterior,
    latex=r"\log P(c \mid x) = \log P(x, c) - \log \sum_{c'} e^{\log P(x, c')}",
    arguments={"log_joint": "a dict {label: log P(x, c)}, the joint log-likelihood of one example for each class"},
    returns="a dict {label: log P(c | x)}; exp of its values adds up to 1",
    hand_cases=[
        Case(({"china": math.log(0.3), "japan": math.log(0.1)},),
             {"china": math.log(0.75), "japan": math.log(0.25)}, "joints 0.3 and 0.1: posteriors 3/4 and 1/4"),
        Case(({"a": 0.0, "b": 0.0},), {"a": -math.log(2), "b": -math.log(2)}, "two equal joints"),
        Case(({"only": -7.5},), {"only": 0.0}, "one class: P(c | x) = 1"),
        Case(({"a": 0.0, "b": -math.inf},), {"a": 0.0, "b": -math.inf}, "a class that gives the example probability 0"),
    ],
    draw=draw_log_joint,
    mistakes=[
        Mistake("not normalised", "these are the joints themselves: subtract log P(x), the log of their sum",
                lambda joint: dict(joint)),
        Mistake("only the largest subtracted", "this subtracts only the largest joint m: log P(x) is m plus the log "
                "of the sum of exp(log P(x, c') - m), and the whole of it is subtracted",
                lambda joint: {c: v - max(joint.values()) for c, v in joint.items()}),
        Mistake("divided, not subtracted", "in log space Bayes' rule subtracts log P(x); dividing the logs is "
                "not dividing the probabilities", lambda joint: {c: v / log_sum_exp(list(joint.values()))
                                                                 for c, v in joint.items()}),
        Mistake("probabilities, not logs", "these are P(c | x) themselves: the exercise wants log P(c | x)",
                lambda joint: {c: math.exp(v - log_sum_exp(list(joint.values()))) for c, v in joint.items()}),
    ],
    hint="log P(x) is the log of the sum of the joints exp(log P(x, c')): compute it with log-sum-exp, then subtract",
    at_scale=[
        AtScale("joints near -1000 (a long document)", ({"spam": -1000.0, "ham": -1002.0},),
                "exp(-1000) underflows to 0.0, so log P(x) comes out -inf and every posterior nan or inf: "
                "use log-sum-exp, which takes the largest value out first"),
    ],
    reproductions=[in_china_model(MultinomialNB), in_spam_posteriors()],
    compare=same_log_answer,
)


def draw_scores(generator):
    labels = generator.sample(["spam", "ham", "eggs", "china", "japan", "a", "b"], generator.randint(1, 6))
    return ({label: generator.choice([generator.uniform(-100, 0), -math.inf, float(generator.randint(-3, 0))])
             for label in labels},)


DECISION = Exercise(
    name="decision",
    title="The decision: the class with the largest score",
    formula_id="eq-decision-rule",
    page="pipeline.md",
    notes=ALL_NOTES,
    function=decision,
    latex=r"\hat c = \arg\max_c P(c \mid x) = \arg\max_c P(x, c) = \arg\max_c \big[\log P(c) + \log P(x \mid c)\big]",
    arguments={"scores": "a dict {label: score}, the score being P(c | x), P(x, c) or their logarithm"},
    returns="the label with the largest score; of tied labels, the one that comes first in the dict",
    hand_cases=[
        Case(({"china": math.log(0.3), "japan": math.log(0.1)},), "china", "the China example's test document"),
        Case(({"spam": -12.5, "ham": -3.25},), "ham", "log scores: the larger is the one nearer 0"),
        Case(({"a": -1.0, "b": -1.0, "c": -2.0},), "a", "a tie goes to the label that comes first"),
        Case(({"a": -math.inf, "b": -700.0},), "b", "a class with probability 0 never wins over one above 0"),
    ],
    draw=draw_scores,
    mistakes=[
        Mistake("smallest", "this is the class with the smallest score: the decision takes the largest",
                lambda scores: min(scores, key=scores.__getitem__)),
        Mistake("the score", "this is the largest score itself: the decision is its label",
                lambda scores: max(scores.values())),
        Mistake("last of the tied", "on a tie this picks the last tied label: keep the first (compare with >, not >=)",
                lambda scores: max(reversed(list(scores)), key=scores.__getitem__)),
    ],
    hint="go through the labels in order and keep the one whose score is largest so far",
    reproductions=[in_spam_model(MultinomialNB)],
)

BAYES_EXERCISES = [CLASS_COUNTS, PRIOR, LOG_SUM_EXP, LOG_POSTERIOR, DECISION]
