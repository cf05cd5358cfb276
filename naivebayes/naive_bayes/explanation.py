"""Explanations: a prediction's whole computation as data, in the shape of a Bayes table.

``model.explain(example)`` returns an ``Explanation``.  It holds, per class,
the prior, each feature's value, probability and log term (the very terms
the model adds up), the sum (the joint log-likelihood) and the normalised
posterior, plus the features that were left out and why.  Print it (or
leave it as the REPL's last value) for a plain-text table, let a notebook
show it as the same table in HTML with the winning class marked, or call
``to_markdown()`` for a table to paste into notes.

This module knows nothing about any model: it takes the numbers a model
hands it and lays them out.

>>> from naivebayes import MultinomialNB
>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> model = MultinomialNB().fit(documents, labels)
>>> explanation = model.explain(test_document + " Osaka")
>>> explanation.prediction, explanation.ignored
('china', {'osaka': 'unseen'})
>>> print(explanation)
multinomial naive Bayes: 3 known words, 1 ignored as unseen (osaka)
step       feature  x_j  china: P  log term  japan: P  log term
---------  -------  ---  --------  --------  --------  --------
prior                         3/4   -0.2877       1/4   -1.3863
word       chinese    3       3/7   -2.5419       2/9   -4.5122
word       tokyo      1      1/14   -2.6391       2/9   -1.5041
word       japan      1      1/14   -2.6391       2/9   -1.5041
joint                               -8.1077             -8.9067
posterior                  0.6898   -0.3714    0.3102   -1.1704
prediction: china
"""

import math
from fractions import Fraction

from naivebayes.core.bayes import ZeroProbabilityError, decision, log_posterior
from naivebayes.plumbing.display import html_table, markdown_table, text_table

__all__ = ["Explanation", "ExplainedTerm"]


class ExplainedTerm:
    """One row of the table: a feature, its value, and per class its probability and log term."""

    def __init__(self, step, feature, value, likelihood, log_term):
        self.step = step  # "word", "feature", or "absent" (Bernoulli's words not in the document)
        self.feature = feature
        self.value = value  # x_j as the model saw it
        self.likelihood = likelihood  # {label: P(x_j | c)}, or None when the row has no single probability
        self.log_term = log_term  # {label: the term added to log P(x, c)}

    def __repr__(self):
        return (
            f"ExplainedTerm(step={self.step!r}, feature={self.feature!r}, value={self.value!r}, "
            f"likelihood={self.likelihood!r}, log_term={self.log_term!r})"
        )

    def __eq__(self, other):
        return type(other) is type(self) and vars(other) == vars(self)


class Explanation:
    """Every number behind one prediction, shown as a Bayes table.

    ``print(explanation)``, ``str`` and ``repr`` give the table as text, a
    notebook shows it as HTML with the winning class marked, and
    ``to_markdown()`` gives it as Markdown.  The numbers behind the table are
    its attributes (docs/explain.md lists them): ``prior``, ``terms``,
    ``joint``, ``posterior``, ``prediction``...
    """

    def __init__(
        self, model, classes, prior, log_prior, terms, ignored, joint,
        noun="feature", log_posterior=None, posterior=None, prediction=None, holds="probability",
    ):
        self.model = model  # such as "multinomial naive Bayes"
        self.classes = classes
        self.prior = prior  # {label: P(c)}
        self.log_prior = log_prior  # {label: log P(c)}
        self.terms = terms  # [ExplainedTerm], in the order the model adds them
        self.ignored = ignored  # {feature: why it was left out}, such as {"osaka": "unseen"}
        self.joint = joint  # {label: log P(x, c)}
        self.noun = noun  # what the model calls a feature: "word" for the text models
        self.log_posterior = log_posterior  # {label: log P(c | x)}; None when every class has P = 0
        self.posterior = posterior  # {label: P(c | x)}
        self.prediction = prediction
        self.holds = holds  # what each row's number per class is: "probability", "density", "weight"...

    def __eq__(self, other):
        return type(other) is type(self) and vars(other) == vars(self)

    @classmethod
    def from_terms(cls, model, noun, classes, prior, log_prior, terms, likelihoods, ignored, joint, holds="probability"):
        """Lay out a model's terms: ``terms[i].log_terms`` and ``likelihoods[i]`` are per class, in order.

        ``holds`` names what ``likelihoods`` are ("probability", "density",
        "weight"...): the table heads each class's first column with it.
        """
        rows = [
            ExplainedTerm(
                step=term.step,
                feature=term.feature,
                value=term.value,
                likelihood=None if likelihood is None else dict(zip(classes, likelihood)),
                log_term=dict(zip(classes, term.log_terms)),
            )
            for term, likelihood in zip(terms, likelihoods)
        ]
        try:
            log_post = log_posterior(joint)
        except ZeroProbabilityError:  # every class has probability 0: show the table anyway
            log_post = None
        return cls(
            model=model,
            classes=list(classes),
            prior=prior,
            log_prior=log_prior,
            terms=rows,
            ignored=ignored,
            joint=joint,
            noun=noun,
            log_posterior=log_post,
            posterior=None if log_post is None else {c: math.exp(v) for c, v in log_post.items()},
            prediction=None if log_post is None else decision(joint),
            holds=holds,
        )

    def rows(self):
        """The table as a list of rows of strings; the first row is the header."""
        header = ["step", "feature", "x_j"]
        for label in self.classes:
            header += [f"{label}: {column_heading(self.holds)}", "log term"]
        table = [header]

        def add_row(step, feature, value, probability, log_value):
            cells = [step, feature, value]
            for label in self.classes:
                cells += [
                    format_number(None if probability is None else probability[label]),
                    format_number(log_value[label], log=True),
                ]
            table.append(cells)

        add_row("prior", "", "", self.prior, self.log_prior)
        for term in self.terms:
            add_row(term.step, str(term.feature), str(term.value), term.likelihood, term.log_term)
        add_row("joint", "", "", None, self.joint)
        if self.posterior is not None:
            add_row("posterior", "", "", self.posterior, self.log_posterior)
        return table

    def _title(self):
        known = sum(1 for term in self.terms if term.step != "absent")
        title = f"{self.model}: {known} known {self.noun}{'' if known == 1 else 's'}"
        reasons = {}
        for feature, reason in self.ignored.items():
            reasons.setdefault(reason, []).append(str(feature))
        for reason, features in reasons.items():
            title += f", {len(features)} ignored as {reason} ({', '.join(features)})"
        return title

    def _footer(self):
        if self.posterior is None:
            return "prediction: none (every class has probability 0: the zero-frequency problem)"
        return f"prediction: {self.prediction}"

    def to_text(self):
        """A plain-text table, columns aligned (numbers to the right)."""
        table = self.rows()
        return text_table(table[0], table[1:], title=self._title(), footer=self._footer(), align=self._align())

    def _align(self):
        """step and feature to the left, x_j and the numbers to the right (a category such as "sunny" too)."""
        return "ll" + "r" * (1 + 2 * len(self.classes))

    def to_markdown(self):
        """A Markdown table with the same rows as ``to_text``, under a heading, the prediction last."""
        table = self.rows()
        prediction = "none" if self.posterior is None else str(self.prediction)
        last = ["prediction", prediction] + [""] * (len(table[0]) - 2)
        return f"#### {self._title()}\n" + markdown_table(table[0], table[1:] + [last], align=self._align())

    def to_html(self):
        """The table as a small static HTML ``<table>``, the winning class's columns and posterior marked."""
        table = self.rows()
        marked_rows, marked_columns = [], []
        if self.posterior is not None:
            marked_rows = [len(table) - 2]  # the posterior, the last row
            first = 3 + 2 * self.classes.index(self.prediction)  # its "P" and "log term" columns
            marked_columns = [first, first + 1]
        return html_table(
            table[0], table[1:], title=self._title(), footer=self._footer(),
            marked_rows=marked_rows, marked_columns=marked_columns, align=self._align(),
        )

    def __str__(self):
        return self.to_text()

    __repr__ = __str__  # the REPL and a notebook's plain-text view show the table too

    def _repr_html_(self):
        return self.to_html()

    def _repr_markdown_(self):
        return self.to_markdown()


def column_heading(holds):
    """What a class's first column is headed with: "P" for a probability, else the word itself ("density")."""
    return "P" if holds == "probability" else holds


def format_number(value, log=False):
    """Fractions as 3/7, other numbers to 4 decimals (or significant digits), None as blank."""
    if value is None:
        return ""
    if isinstance(value, (Fraction, int)):
        return str(value)
    if isinstance(value, str):
        return value
    if math.isinf(value):
        return "-inf" if value < 0 else "inf"
    if round(value, 4) == 0 and (log or value == 0):
        return "0.0000"  # not "-0.0000" for a tiny negative number
    if log or abs(value) >= 0.001:
        return f"{value:.4f}"
    return f"{value:.4g}"
