"""The linear form of a generative classifier: its posterior written as (multinomial) logistic regression.

"Lecture 8: Naive Bayes" (Cornell Tech) shows that in binary classification
the posterior of Bernoulli naive Bayes or LDA has the form

    P(c_1 | x) = 1 / (1 + exp(-(w^T x + b))),

the model class of logistic regression; the generative model only chooses w
and b by another objective (the joint likelihood instead of the conditional
one).  The multinomial and categorical models have the same form, and with K
classes each model's posterior is a softmax of K linear scores:

    P(c | x) = exp(w_c^T x + b_c) / sum_k exp(w_k^T x + b_k).

Each model computes its own w and b (``linear_form`` and ``softmax_form`` in
its file, the derivations on docs/logistic-form.md); this module holds what
they share:

* ``LinearForm`` -- two classes: the log-odds w^T x + b and its sigmoid;
* ``SoftmaxForm`` -- every class: the scores w_c^T x + b_c and their softmax;
* ``softmax`` -- the link function of many classes (``sigmoid``, the one of two, is Bayes' rule in naivebayes/core/bayes.py);
* ``feature_vector`` -- the x that the weights multiply, read from an example
  in any form its model reads (a text, a bag of words, a row).

What x is depends on the model, and a form says which in ``encoding``:

* ``"word presence"`` (Bernoulli): x_j = 1 when word j occurs, else 0;
* ``"word counts"`` (multinomial): x_j = how often word j occurs;
* ``"one-hot"`` (categorical): x_(j,v) = 1 when feature j has the value v;
* ``"values"`` (discriminant analysis): x_j = the value of feature j.

A feature the form has no weight for (a word never seen in training, a value
never seen, a missing feature) adds nothing to w^T x: the rule the models
follow when they leave such features out of the product.

The bias is kept in two parts, as the derivations find it: ``bias``, the part
that comes from the likelihoods (exact for LDA with exact means), and
``log_prior_ratio`` = log(pi_1 / pi_0) (or ``log_priors`` per class), so that
the effect of the prior stays visible; the intercept b is their sum.

>>> form = LinearForm("spam", "ham", {"free": 2.0, "meeting": -1.5}, 0.25, -0.25, encoding="word counts")
>>> form
LinearForm('spam' against 'ham', x = word counts, weights={'free': 2.0, 'meeting': -1.5}, bias=0.25, log_prior_ratio=-0.25)
>>> form.log_odds({"free": 2, "lunch": 1})  # 2 * 2.0 + 0.25 - 0.25; "lunch" has no weight
4.0
>>> round(form.probability({"free": 2}), 4)
0.982
"""

import math

from naivebayes.core.bayes import log_posterior, sigmoid
from naivebayes.core.arithmetic import add_up
from naivebayes.tables.rows import present_values
from naivebayes.text.documents import document_counts
from naivebayes.text.tokenize import Tokenizer

__all__ = ["LinearForm", "SoftmaxForm", "softmax"]

# encoding -> what x_j is
ENCODINGS = {
    "word presence": "x_j = 1 when word j occurs in the document, else 0",
    "word counts": "x_j = how many times word j occurs in the document",
    "one-hot": "x_(j,v) = 1 when feature j has the value v, else 0",
    "values": "x_j = the value of feature j",
}

SHOWN_WEIGHTS = 6  # a repr lists at most this many weights


# --8<-- [start:eq-logistic-softmax]
def softmax(scores):
    """P(c | x) = exp(s_c) / sum_k exp(s_k) for the scores s_c = w_c^T x + b_c, given as {label: s_c}.

    Computed as exp(s_c - log sum_k exp(s_k)), with the log-sum-exp that
    normalises Bayes' rule, so nothing overflows.

    Formula: docs/logistic-form.md#eq-logistic-softmax
    """
    return {label: math.exp(value) for label, value in log_posterior(scores).items()}
# --8<-- [end:eq-logistic-softmax]


def feature_vector(example, encoding, tokenizer=None):
    """x as {feature: x_j}, the vector the weights multiply, for one example in a form its model reads.

    Text (``"word presence"``, ``"word counts"``): a string (split by
    ``tokenizer``, by default ``Tokenizer()``), a token list, a {word: count}
    dict or a dense row.  Rows
    (``"one-hot"``, ``"values"``): a dict {feature: value} or a list.  Features
    whose x_j is 0, and missing values (None, NaN), are left out: they add
    nothing to w^T x.
    """
    if encoding in ("word presence", "word counts"):
        counts = document_counts(example, Tokenizer() if tokenizer is None else tokenizer, "x")
        if encoding == "word presence":
            return {word: 1 for word, count in counts.items() if count > 0}
        return {word: count for word, count in counts.items() if count}
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {list(ENCODINGS)}, not {encoding!r}")
    values = present_values(example, "x")
    if encoding == "one-hot":
        return {(feature, value): 1 for feature, value in values.items()}
    return values


def weighted_sum(weights, x):
    """w^T x = sum_j w_j x_j over the features of x that have a weight (exact for exact values)."""
    return add_up([weights[feature] * value for feature, value in x.items() if feature in weights])


def check_every_value(weights, x, encoding):
    """With x_j = the value of feature j, every feature needs a value: a missing one is an error."""
    if encoding == "values":
        for feature in weights:
            if feature not in x:
                raise ValueError(
                    f"x has no value for the feature {feature!r}; the linear form of discriminant "
                    "analysis needs every feature, as the model does"
                )


def short_number(value):
    """A number for a repr: a float to 6 significant digits (0.0 stays 0.0), a Fraction or an int as itself."""
    if not isinstance(value, float):
        return repr(value)
    text = f"{value:.6g}"
    return text if any(character in text for character in ".enai") else text + ".0"


def weights_text(weights):
    """Every weight when there are few, else how many there are and the largest in size."""
    if len(weights) <= SHOWN_WEIGHTS:
        return "weights={" + ", ".join(f"{feature!r}: {short_number(w)}" for feature, w in weights.items()) + "}"
    largest = sorted(weights.items(), key=lambda item: -abs(item[1]))[:3]
    shown = ", ".join(f"{feature!r}: {short_number(w)}" for feature, w in largest)
    return f"{len(weights)} weights, the largest {{{shown}, ...}}"


class LinearForm:
    """log P(positive | x) - log P(negative | x) = w^T x + b, and P(positive | x) = sigmoid(w^T x + b).

    * ``positive``, ``negative`` -- the two classes c_1 and c_0 (``classes`` = (c_0, c_1));
    * ``weights`` -- {feature: w_j}; a feature without a weight adds 0;
    * ``bias`` -- the part of b that the likelihoods give (exact when the model's numbers are);
    * ``log_prior_ratio`` -- log(pi_1 / pi_0), the part the prior gives;
    * ``intercept`` -- b = bias + log_prior_ratio, as a float;
    * ``encoding`` -- what x_j is (see ``ENCODINGS``); ``tokenizer`` splits a text, for text forms.
    """

    def __init__(self, positive, negative, weights, bias, log_prior_ratio, encoding="values", tokenizer=None):
        self.positive = positive
        self.negative = negative
        self.weights = weights
        self.bias = bias
        self.log_prior_ratio = log_prior_ratio
        self.encoding = encoding
        self.tokenizer = tokenizer

    @property
    def classes(self):
        """(c_0, c_1) = (negative, positive): the sigmoid gives the probability of the second."""
        return (self.negative, self.positive)

    @property
    def intercept(self):
        """b = bias + log(pi_1 / pi_0), as a float."""
        return float(self.bias) + self.log_prior_ratio

    def vector(self, example):
        """x, the {feature: x_j} that the weights multiply, for one example (see ``feature_vector``)."""
        return feature_vector(example, self.encoding, self.tokenizer)

    def log_odds(self, example):
        """w^T x + b = log P(positive | x) - log P(negative | x), for one example."""
        x = self.vector(example)
        check_every_value(self.weights, x, self.encoding)
        return float(weighted_sum(self.weights, x) + self.bias) + self.log_prior_ratio

    def probability(self, example):
        """P(positive | x) = sigmoid(w^T x + b), for one example."""
        return sigmoid(self.log_odds(example))

    def __repr__(self):
        return (
            f"LinearForm({self.positive!r} against {self.negative!r}, x = {self.encoding}, "
            f"{weights_text(self.weights)}, bias={short_number(self.bias)}, "
            f"log_prior_ratio={short_number(self.log_prior_ratio)})"
        )


class SoftmaxForm:
    """P(c | x) = softmax over the classes of the scores s_c = w_c^T x + b_c.

    * ``classes`` -- the labels, in the model's ``classes_`` order;
    * ``weights`` -- {label: {feature: w_jc}};
    * ``biases`` -- {label: the part of b_c that the likelihoods give};
    * ``log_priors`` -- {label: log P(c)}; ``intercepts`` -- {label: b_c}, their sum;
    * ``encoding``, ``tokenizer`` -- what x_j is, as for ``LinearForm``.

    The scores are the model's joint log-likelihoods log P(x, c) less a term
    that is the same for every class, so their softmax is the posterior.
    """

    def __init__(self, classes, weights, biases, log_priors, encoding="values", tokenizer=None):
        self.classes = list(classes)
        self.weights = weights
        self.biases = biases
        self.log_priors = log_priors
        self.encoding = encoding
        self.tokenizer = tokenizer

    @property
    def intercepts(self):
        """{label: b_c = bias + log P(c)}, as floats."""
        return {label: float(self.biases[label]) + self.log_priors[label] for label in self.classes}

    def vector(self, example):
        """x, the {feature: x_j} that the weights multiply, for one example (see ``feature_vector``)."""
        return feature_vector(example, self.encoding, self.tokenizer)

    def scores(self, example):
        """{label: w_c^T x + b_c} for one example."""
        x = self.vector(example)
        scores = {}
        for label in self.classes:
            weights = self.weights[label]
            check_every_value(weights, x, self.encoding)
            scores[label] = float(weighted_sum(weights, x) + self.biases[label]) + self.log_priors[label]
        return scores

    def probabilities(self, example):
        """{label: P(c | x)} = the softmax of the scores, for one example."""
        return softmax(self.scores(example))

    def __repr__(self):
        n_features = len(self.weights[self.classes[0]]) if self.classes else 0
        intercepts = ", ".join(f"{label!r}: {short_number(b)}" for label, b in self.intercepts.items())
        return (
            f"SoftmaxForm(classes={self.classes!r}, x = {self.encoding}, {n_features} weights per class, "
            f"intercepts={{{intercepts}}})"
        )


# ----------------------------------------------------------------------
# What every model's linear_form and softmax_form need
# ----------------------------------------------------------------------


def two_classes(classes, positive, negative):
    """(positive, negative): the two classes named, or ``classes_[1]`` against ``classes_[0]`` with two classes."""
    if positive is None or negative is None:
        if len(classes) != 2:
            raise ValueError(
                f"the model has {len(classes)} classes {classes}; name the two to compare: "
                "linear_form(positive, negative), or use softmax_form() for all of them at once"
            )
        if positive is None and negative is None:
            negative, positive = classes
        elif positive is None:
            positive = next(label for label in classes if label != negative)
        else:
            negative = next(label for label in classes if label != positive)
    for label in (positive, negative):
        if label not in classes:
            raise KeyError(f"{label!r} is not a class of this model; its classes are {classes}")
    if positive == negative:
        raise ValueError(f"positive and negative are both {positive!r}; name two different classes")
    return positive, negative


def per_class(rows, classes):
    """{label: {feature: rows[feature][k]}}: a table of rows (one value per class) as one weight vector per class."""
    return {label: {feature: row[k] for feature, row in rows.items()} for k, label in enumerate(classes)}


def in_feature_order(weights):
    """``weights`` with its features sorted (words alphabetically), or as given when they cannot be compared."""
    try:
        order = sorted(weights)
    except TypeError:
        return dict(weights)
    return {feature: weights[feature] for feature in order}


def check_finite(weights, bias, why):
    """Refuse a form with an infinite (or nan) weight or bias: it is then not a linear function of x."""
    for feature, w in weights.items():
        if not math.isfinite(w):
            raise ValueError(
                f"the weight of {feature!r} is {w}, so the log-odds is not a finite linear function of x: {why}"
            )
    if not math.isfinite(bias):
        raise ValueError(f"the bias is {bias}, so the log-odds is not a finite linear function of x: {why}")
