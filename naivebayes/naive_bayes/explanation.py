"""Explanations: a prediction's whole computation as data, in the shape of a Bayes table.

``model.explain(example)`` returns an ``Explanation``.  It holds, per class,
the prior, each feature's value, probability and log term (the very terms
the model adds up), the sum (the joint log-likelihood) and the normalised
posterior, plus the features that were left out and why.  Print it (or
leave it as the REPL's last value) for a plain-text table, let a notebook
show it as the same table in HTML with the winning class marked, or call
``to_markdown()`` for a table to paste into notes.

``explain(example, top=k, classes=[...])`` shows the k rows that matter
most (one row adds up the rest) and only those classes' columns; a notebook
trims a long explanation by itself, and ``full()`` shows everything.  Each
class's first column is headed with what it holds: P, density, complement...
(docs/explain.md).

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


# The notebook's view of an explanation asked for with neither top= nor
# classes= keeps a long one readable: with more than MAX_SHOWN_CLASSES classes
# it shows the predicted class and the runner-up, and with more than
# MAX_SHOWN_TERMS rows of terms the SHOWN_TERMS that matter most and one row
# for the rest.  print() and to_markdown() show every row and class.
MAX_SHOWN_CLASSES = 6
MAX_SHOWN_TERMS = 25
SHOWN_TERMS = 15


class ExplainedTerm:
    """One row of the table: a feature, its value, and per class its probability and log term."""

    def __init__(self, step, feature, value, likelihood, log_term, holds=None):
        self.step = step  # "word", "feature", or "absent" (Bernoulli's words not in the document)
        self.feature = feature
        self.value = value  # x_j as the model saw it
        self.likelihood = likelihood  # {label: P(x_j | c)}, or None when the row has no single probability
        self.log_term = log_term  # {label: the term added to log P(x, c)}
        self.holds = holds  # what likelihood is, when the rows of one table differ ("density"); else None

    def __repr__(self):
        holds = "" if self.holds is None else f", holds={self.holds!r}"
        return (
            f"ExplainedTerm(step={self.step!r}, feature={self.feature!r}, value={self.value!r}, "
            f"likelihood={self.likelihood!r}, log_term={self.log_term!r}{holds})"
        )

    def __eq__(self, other):
        return type(other) is type(self) and vars(other) == vars(self)


class Explanation:
    """Every number behind one prediction, shown as a Bayes table.

    ``print(explanation)``, ``str`` and ``repr`` give the table as text, a
    notebook shows it as HTML with the winning class marked, and
    ``to_markdown()`` gives it as Markdown.  The numbers behind the table are
    its attributes (docs/explain.md lists them): ``prior``, ``terms``,
    ``joint``, ``posterior``, ``prediction``...  They always hold every term
    and every class; ``top`` and ``shown_classes`` only choose what the table
    shows, and ``full()`` shows everything.
    """

    def __init__(
        self, model, classes, prior, log_prior, terms, ignored, joint,
        noun="feature", log_posterior=None, posterior=None, prediction=None, holds="probability",
        top=None, shown_classes=None, whole=False, steps=None,
    ):
        self.model = model  # such as "multinomial naive Bayes"
        self.classes = classes
        self.prior = prior  # {label: P(c)}, or None for a model without a prior
        self.log_prior = log_prior  # {label: log P(c)}
        self.terms = terms  # [ExplainedTerm], in the order the model adds them
        self.ignored = ignored  # {feature: why it was left out}, such as {"osaka": "unseen"}
        self.joint = joint  # {label: log P(x, c)}
        self.noun = noun  # what the model calls a feature: "word" for the text models
        self.log_posterior = log_posterior  # {label: log P(c | x)}; None when every class has P = 0
        self.posterior = posterior  # {label: P(c | x)}
        self.prediction = prediction
        self.holds = holds  # what each row's number per class is: "probability", "density", "weight"...
        self.top = top  # the table shows the top terms that matter most and one row for the rest; None: all
        self.shown_classes = shown_classes  # the classes whose columns the table shows; None: all
        self.whole = whole  # True: the notebook shows every row and class too (full())
        # What the table calls its rows and second columns, for a model whose sum is not a joint log-likelihood:
        # {"log term": "score term", "joint": "score", "posterior": "softmax"} (ComplementNB).
        self.steps = steps

    def __eq__(self, other):
        return type(other) is type(self) and vars(other) == vars(self)

    @classmethod
    def from_terms(
        cls, model, noun, classes, prior, log_prior, terms, likelihoods, ignored, joint, holds="probability",
        top=None, shown_classes=None, steps=None,
    ):
        """Lay out a model's terms: ``terms[i].log_terms`` and ``likelihoods[i]`` are per class, in order.

        ``holds`` names what ``likelihoods`` are ("probability", "density",
        "weight"...): the table heads each class's first column with it.  It
        may also be a list, one per term; when they differ the table says
        "probability or density" and each row says which it holds.  ``top``
        and ``shown_classes`` are what ``explain(example, top=..., classes=...)``
        was given (checked here).  ``steps`` renames the second columns and
        the rows after the terms ({"joint": "score"...}) for a model whose sum
        is not a joint log-likelihood; ``log_prior=None`` leaves out the prior row.
        """
        shown_classes = check_shown_classes(shown_classes, classes)
        top = check_top(top)
        kinds = [holds] * len(terms) if isinstance(holds, str) else list(holds)
        different = len(set(kinds)) > 1
        rows = [
            ExplainedTerm(
                step=term.step,
                feature=term.feature,
                value=term.value,
                likelihood=None if likelihood is None else dict(zip(classes, likelihood)),
                log_term=dict(zip(classes, term.log_terms)),
                holds=kind if different else None,
            )
            for term, likelihood, kind in zip(terms, likelihoods, kinds)
        ]
        if not isinstance(holds, str):
            holds = " or ".join(["probability"] * ("probability" in kinds) + sorted(set(kinds) - {"probability"}))
            holds = holds or "probability"
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
            top=top,
            shown_classes=shown_classes,
            steps=steps,
        )

    def _step(self, name):
        """What the table calls ``name`` ("log term", "joint", "posterior"): the model's own word if it gave one."""
        steps = self.steps or ({"log term": "term", "joint": "score"} if self.holds == "weight" else {})
        return steps.get(name, name)

    def full(self):
        """The same explanation, shown whole: every term and every class, in print() and in a notebook."""
        whole = Explanation(**vars(self))
        whole.top, whole.shown_classes, whole.whole = None, None, True
        return whole

    # ------------------------------------------------------------------
    # What the table shows
    # ------------------------------------------------------------------

    def _layout(self, notebook=False):
        """(the classes shown, the terms shown, the row for the rest or None).

        The notebook trims an explanation asked for with neither ``top`` nor
        ``shown_classes`` when it is long (see MAX_SHOWN_CLASSES above).
        """
        classes, top = self.shown_classes or self.classes, self.top
        if notebook and not self.whole and top is None and self.shown_classes is None:
            if len(self.classes) > MAX_SHOWN_CLASSES:
                ranked = sorted([(-self.joint[label], k) for k, label in enumerate(self.classes)])
                classes = [self.classes[k] for _, k in ranked[:2]]  # the winner, the runner-up
            if len(self.terms) > MAX_SHOWN_TERMS:
                top = SHOWN_TERMS
        if top is None or top >= len(self.terms):
            return classes, self.terms, None
        among = classes if len(classes) > 1 else self.classes
        ranked = sorted([(-spread([term.log_term[label] for label in among]), k) for k, term in enumerate(self.terms)])
        order = [self.terms[k] for _, k in ranked]  # the largest spread first; a tie in the model's order
        kept, rest = order[:top], order[top:]
        noun = self.noun if all(term.step != "absent" for term in rest) else "row"  # (Bernoulli's row of absent words)
        left_out = ExplainedTerm(
            step="rest",
            feature=f"{len(rest)} other {noun}{'' if len(rest) == 1 else 's'}",
            value="",
            likelihood=None,
            log_term={label: math.fsum([term.log_term[label] for term in rest]) for label in self.classes},
        )
        return classes, kept, left_out

    def rows(self, notebook=False):
        """The table as a list of rows of strings; the first row is the header."""
        classes, kept, left_out = self._layout(notebook)
        header = ["step", "feature", "x_j"]
        for label in classes:
            header += [f"{label}: {column_heading(self.holds)}", self._step("log term")]
        shown = [] if self.log_prior is None else [("prior", "", "", self.prior, self.log_prior)]
        for term in kept + ([] if left_out is None else [left_out]):
            step = term.step if term.holds is None else f"{term.step} ({column_heading(term.holds)})"
            shown.append((step, str(term.feature), shown_value(term.value), term.likelihood, term.log_term))
        shown.append((self._step("joint"), "", "", None, self.joint))
        if self.posterior is not None:
            shown.append((self._step("posterior"), "", "", self.posterior, self.log_posterior))
        table = [header] + [[step, feature, value] for step, feature, value, _, _ in shown]
        for label in classes:
            numbers = format_column([None if row[3] is None else row[3][label] for row in shown])
            logs = format_column([row[4][label] for row in shown], log=True)
            for cells, number, log_value in zip(table[1:], numbers, logs):
                cells += [number, log_value]
        return table

    def _title(self, notebook=False):
        known = sum(1 for term in self.terms if term.step != "absent")
        title = f"{self.model}: {known} known {self.noun}{'' if known == 1 else 's'}"
        reasons = {}
        for feature, reason in self.ignored.items():
            reasons.setdefault(reason, []).append(str(feature))
        for reason, features in reasons.items():
            title += f", {len(features)} ignored as {reason} ({', '.join(features)})"
        classes, kept, left_out = self._layout(notebook)
        if len(classes) < len(self.classes):
            title += f"; showing {len(classes)} of {len(self.classes)} classes (the posterior is over all {len(self.classes)})"
        if left_out is not None:
            title += f"; the {plural_rows(len(kept))} that matter{'s' if len(kept) == 1 else ''} most, the other {len(self.terms) - len(kept)} added up in one"
        return title

    def _footer(self, notebook=False):
        if self.posterior is None:
            footer = "prediction: none (every class has probability 0: the zero-frequency problem)"
        else:
            footer = f"prediction: {self.prediction}"
        if notebook:
            classes, _, left_out = self._layout(notebook)
            if left_out is not None or len(classes) < len(self.classes):
                footer += "; print(explanation.full()) shows every row and class"
        return footer

    def to_text(self):
        """A plain-text table, columns aligned (numbers to the right)."""
        table = self.rows()
        return text_table(table[0], table[1:], title=self._title(), footer=self._footer(), align=self._align(table))

    def _align(self, table):
        """step and feature to the left, x_j and the numbers to the right (a category such as "sunny" too)."""
        return "ll" + "r" * (len(table[0]) - 2)

    def to_markdown(self, notebook=False):
        """A Markdown table with the same rows as ``to_text``, under a heading, the prediction last.

        With ``notebook=True`` (a notebook's Markdown view) a long explanation is trimmed as in ``to_html``.
        """
        table = self.rows(notebook)
        prediction = "none" if self.posterior is None else str(self.prediction)
        last = ["prediction", self._footer(notebook).removeprefix("prediction: ") if notebook else prediction]
        last += [""] * (len(table[0]) - 2)
        heading = f"#### {self._title(notebook)}\n"
        return heading + markdown_table(table[0], table[1:] + [last], align=self._align(table))

    def to_html(self, notebook=False):
        """The table as a small static HTML ``<table>``, the winning class's columns and posterior marked.

        With ``notebook=True`` (what a notebook shows) a long explanation
        asked for with neither top= nor classes= is trimmed (docs/explain.md).
        """
        table = self.rows(notebook)
        classes = self._layout(notebook)[0]
        marked_rows, marked_columns = [], []
        if self.posterior is not None and self.prediction in classes:
            marked_rows = [len(table) - 2]  # the posterior, the last row
            first = 3 + 2 * classes.index(self.prediction)  # its "P" and "log term" columns
            marked_columns = [first, first + 1]
        return html_table(
            table[0], table[1:], title=self._title(notebook), footer=self._footer(notebook),
            marked_rows=marked_rows, marked_columns=marked_columns, align=self._align(table),
        )

    def __str__(self):
        return self.to_text()

    __repr__ = __str__  # the REPL and a notebook's plain-text view show the table too

    def _repr_html_(self):
        return self.to_html(notebook=True)

    def _repr_markdown_(self):
        return self.to_markdown(notebook=True)


def check_top(top):
    """``top`` if it is None or a whole number >= 0, else a clear error."""
    if top is None:
        return None
    if type(top) is bool or not isinstance(top, int):
        raise TypeError(f"top must be a whole number of rows, such as 10, or None for every row; not {top!r:.60}")
    if top < 0:
        raise ValueError(f"top={top} is below 0; give the number of rows to show, such as 10, or None for every row")
    return int(top)


def check_shown_classes(shown, classes):
    """``classes=`` of explain as a list of the model's labels (None: every class), or a clear error."""
    if shown is None:
        return None
    if isinstance(shown, (str, bytes)) or not isinstance(shown, (list, tuple)):
        raise TypeError(f"classes must be a list of labels, such as [{classes[0]!r}]; not {shown!r:.60}")
    if not shown:
        raise ValueError("classes=[] shows no class; name at least one, or pass None for every class")
    for label in shown:
        if label not in classes:
            raise KeyError(f"classes names {label!r}, which is not a class of this model; its classes are {list(classes)}")
    return list(dict.fromkeys(shown))  # once each, in the order given: [predicted, true] may name one class twice


def plural_rows(n):
    return f"{n} row" if n == 1 else f"{n} rows"


def spread(log_terms):
    """How much a row matters to the classes shown: its largest log term minus its smallest (0 if all are -inf)."""
    largest, smallest = max(log_terms), min(log_terms)
    return 0.0 if largest == smallest else largest - smallest


def shown_value(value):
    """x_j as the user gave it: a float as Python writes it (3.5), a Fraction as 7/2, an int as 3."""
    return "" if value is None else str(value)


# How a class's first column is headed: short, so that many classes fit.
HEADINGS = {"probability": "P", "probability or density": "P or density", "complement estimate": "complement"}


def column_heading(holds):
    """What a class's first column is headed with: "P" for a probability, else the word itself ("density")."""
    return HEADINGS.get(holds, holds)


def format_column(values, log=False):
    """A column's numbers as text, one notation for its floats.

    Fractions and ints stay exact (3/7).  Floats get 4 decimals, unless one
    of them is too small for that (below 0.001, not 0) or too large (1e6 and
    up): then every float of the column is in scientific notation (1.358e-18).
    Log terms always get 4 decimals.
    """
    floats = [v for v in values if isinstance(v, float) and math.isfinite(v) and v != 0]
    scientific = not log and any(abs(v) < 0.001 or abs(v) >= 1e6 for v in floats)
    return [format_number(value, log=log, scientific=scientific) for value in values]


def format_number(value, log=False, scientific=False):
    """Fractions as 3/7, other numbers to 4 decimals (or in scientific notation), None as blank."""
    if value is None:
        return ""
    if isinstance(value, (Fraction, int)):
        return str(value)
    if isinstance(value, str):
        return value
    if math.isinf(value):
        return "-inf" if value < 0 else "inf"
    if scientific:
        return f"{value:.3e}"
    if round(value, 4) == 0:
        return "0.0000"  # not "-0.0000" for a tiny negative number
    return f"{value:.4f}"
