"""Explanations: a prediction's whole computation as data, in the shape of a Bayes table.

``model.explain(document)`` returns an ``Explanation``.  It holds, per class,
the prior, each known word's count, smoothed probability and log term, the
sum (the joint log-likelihood) and the normalised posterior, plus the words
that were ignored because training never saw them.  Print it for a plain-text
table, or call ``to_markdown()`` for a table to paste into notes.

>>> from naivebayes import MultinomialNB
>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> model = MultinomialNB().fit(documents, labels)
>>> explanation = model.explain(test_document + " Osaka")
>>> explanation.prediction, explanation.ignored
('china', ['osaka'])
>>> print(explanation)
multinomial naive Bayes: 3 known words in the document, 1 ignored as unseen (osaka)
<BLANKLINE>
step       feature  x_j  china: P  log term  japan: P  log term
---------  -------  ---  --------  --------  --------  --------
prior                         3/4   -0.2877       1/4   -1.3863
word       chinese    3       3/7   -2.5419       2/9   -4.5122
word       tokyo      1      1/14   -2.6391       2/9   -1.5041
word       japan      1      1/14   -2.6391       2/9   -1.5041
joint                               -8.1077             -8.9067
posterior                  0.6898   -0.3714    0.3102   -1.1704
<BLANKLINE>
prediction: china
"""

import math
from dataclasses import dataclass, field
from fractions import Fraction

from naivebayes.arithmetic import ratio
from naivebayes.bayes import ZeroProbabilityError, decision, log_posterior

__all__ = [
    "Explanation",
    "explain",
    "likelihood_ratio",
    "InformativeFeature",
    "most_informative_features",
    "print_china_example",
]


@dataclass
class Explanation:
    """Every number behind one prediction; ``str()`` and ``to_markdown()`` print it as a table."""

    model: str  # "multinomial naive Bayes" or "Bernoulli naive Bayes"
    classes: list
    prior: dict  # {label: P(c)}
    log_prior: dict  # {label: log P(c)}
    terms: list  # [(feature, x_j, {label: P(x_j | c)}, {label: log term})], known words
    ignored: list  # words of the document that training never saw
    absent: dict = None  # Bernoulli only: {label: sum of log(1 - p_jc) over absent words}
    n_absent: int = 0  # Bernoulli only: how many vocabulary words are absent
    joint: dict = field(default_factory=dict)  # {label: log P(x, c)}
    log_posterior: dict = None  # {label: log P(c | x)}; None when every class has P = 0
    posterior: dict = None  # {label: P(c | x)}
    prediction: object = None

    def rows(self):
        """The table as a list of rows of strings; the first row is the header."""
        header = ["step", "feature", "x_j"]
        for label in self.classes:
            header += [f"{label}: P", "log term"]
        table = [header]

        def row(step, feature, count, numbers):
            cells = [step, feature, count]
            for label in self.classes:
                probability, log_value = numbers(label)
                cells += [_number(probability), _number(log_value, log=True)]
            table.append(cells)

        row("prior", "", "", lambda c: (self.prior[c], self.log_prior[c]))
        for feature, count, probability, log_term in self.terms:
            row("word", str(feature), _number(count), lambda c: (probability[c], log_term[c]))
        if self.absent is not None:
            row("absent", f"{self.n_absent} words", "0", lambda c: (None, self.absent[c]))
        row("joint", "", "", lambda c: (None, self.joint[c]))
        if self.posterior is not None:
            row("posterior", "", "", lambda c: (self.posterior[c], self.log_posterior[c]))
        return table

    def _title(self):
        title = f"{self.model}: {len(self.terms)} known words in the document"
        if self.ignored:
            title += f", {len(self.ignored)} ignored as unseen ({', '.join(map(str, self.ignored))})"
        return title

    def _footer(self):
        if self.posterior is None:
            return "prediction: none (every class has probability 0: the zero-frequency problem)"
        return f"prediction: {self.prediction}"

    def to_text(self):
        """A plain-text table, columns aligned (numbers to the right)."""
        table = self.rows()
        widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]

        def line(cells):
            parts = [
                cell.ljust(width) if i < 2 else cell.rjust(width)
                for i, (cell, width) in enumerate(zip(cells, widths))
            ]
            return "  ".join(parts).rstrip()

        lines = [self._title(), "", line(table[0]), line(["-" * width for width in widths])]
        lines += [line(row) for row in table[1:]]
        return "\n".join(lines + ["", self._footer()])

    def to_markdown(self):
        """A Markdown table with the same rows as ``to_text``."""
        table = self.rows()
        lines = [f"**{self._title()}**", ""]
        lines.append("| " + " | ".join(table[0]) + " |")
        lines.append("|" + "|".join(["---"] * 2 + ["---:"] * (len(table[0]) - 2)) + "|")
        lines += ["| " + " | ".join(row) + " |" for row in table[1:]]
        return "\n".join(lines + ["", self._footer()])

    def __str__(self):
        return self.to_text()


def _number(value, log=False):
    """Fractions as 3/7, other numbers to 4 decimals (or significant digits), None as blank."""
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if math.isinf(value):
        return "-inf" if value < 0 else "inf"
    if log or abs(value) >= 0.001:
        return f"{value:.4f}"
    return f"{value:.4g}"


def explain(model, document):
    """Build the ``Explanation`` of ``model``'s prediction for one document."""
    model._check_can_predict()
    counts = model._counts(document, "the document")
    classes = model.classes_
    terms, absent = model._explanation_terms(counts)
    ignored = [feature for feature, count in counts.items() if count and feature not in model.vocabulary_]
    joint = model.joint_log_likelihood(document)
    try:
        log_post = log_posterior(joint)
    except ZeroProbabilityError:  # every class has probability 0: show the table anyway
        log_post = None
    return Explanation(
        model=model.model_name,
        classes=list(classes),
        prior={label: model.prior(label) for label in classes},
        log_prior={label: model.log_prior(label) for label in classes},
        terms=terms,
        ignored=ignored,
        absent=absent,
        n_absent=len(model.vocabulary_) - len(terms) if absent is not None else 0,
        joint=joint,
        log_posterior=log_post,
        posterior=None if log_post is None else {c: math.exp(v) for c, v in log_post.items()},
        prediction=None if log_post is None else decision(joint),
    )


# --8<-- [start:eq-likelihood-ratio]
def likelihood_ratio(likelihoods):
    """max_c P(f | c) / min_c P(f | c) for one feature, from {label: P(f | c)}.

    Returns (ratio, most likely label, least likely label).  With smoothing no
    probability is 0, so every feature gets a finite ratio; with alpha = 0 a
    zero probability gives an infinite ratio rather than being dropped.

    Formula: docs/explain.md#eq-likelihood-ratio
    """
    most = decision(likelihoods)
    least = min(likelihoods, key=likelihoods.__getitem__)
    if likelihoods[least] == 0:
        return (math.inf if likelihoods[most] > 0 else 1), most, least
    return ratio(likelihoods[most], likelihoods[least]), most, least
# --8<-- [end:eq-likelihood-ratio]


@dataclass(frozen=True)
class InformativeFeature:
    """A feature that is ``ratio`` times more likely in class ``label`` than in ``versus``."""

    feature: object
    label: object
    versus: object
    ratio: object  # a Fraction when the estimates are exact, else a float

    def __str__(self):
        return f"{self.feature!s:>20} {self.label} : {self.versus} = {float(self.ratio):.1f} : 1"


def most_informative_features(model, n=10):
    """The n features with the largest likelihood ratio (ties: feature text in order).

    Every vocabulary word is ranked by the spread of its log-likelihoods (the
    log of the ratio, from the fast path's table); the top n then get their
    ratio from ``likelihood_ratio`` on the model's own estimates, exact when
    they are Fractions.
    """
    model._check_can_predict()
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a whole number >= 1, not {n!r}")

    def spread(item):
        feature, row = item
        difference = max(row) - min(row)  # log of the ratio; nan when every entry is -inf
        return (-difference if difference == difference else 0.0), str(feature)

    ranked = sorted(model._log_likelihood_rows().items(), key=spread)[:n]
    found = []
    for feature, _ in ranked:
        likelihoods = {label: model.likelihood(feature, label) for label in model.classes_}
        value, most, least = likelihood_ratio(likelihoods)
        found.append(InformativeFeature(feature, most, least, value))
    return found


def print_china_example(model_class):
    """Fit ``model_class`` on the China example and print its explained prediction."""
    from naivebayes.datasets import load_china

    documents, labels, test_document = load_china()
    model = model_class().fit(documents, labels)
    print("Training documents:")
    for document, label in zip(documents, labels):
        print(f"  {label:6} {document}")
    print(f"\n{model!r}\n")
    print(model.explain(test_document))
