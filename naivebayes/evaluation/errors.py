"""Error analysis: the examples a model gets wrong, each with the computation behind its wrong answer.

``misclassified(model, X, y)`` predicts every example, keeps the wrong
ones, and asks the model to ``explain`` each: the Bayes table of that
prediction (docs/explain.md).  Reading them side by side is how one finds
what a model misses (a feature it lacks, a word it never saw, a label that
is itself wrong).  The answer is a list of dicts that prints as a table; a
notebook shows the table with each explanation folded under its row.

>>> from naivebayes import MultinomialNB
>>> texts = ["good fun", "good film", "bad plot", "bad acting", "good grief bad"]
>>> labels = ["pos", "pos", "neg", "neg", "neg"]
>>> model = MultinomialNB().fit(texts, labels)
>>> errors = misclassified(model, ["not good", "bad fun", "good bad"], ["neg", "pos", "pos"])
>>> errors
#  example   true  predicted  P(predicted)
-  --------  ----  ---------  ------------
0  not good  neg   pos              0.5600
1  bad fun   pos   neg              0.6494
2  good bad  pos   neg              0.7118
3 of 3 examples misclassified
>>> errors[0]["explanation"].prediction
'pos'
"""

import html
from numbers import Integral

from naivebayes.plumbing.checks import as_list, check_labels
from naivebayes.plumbing.display import html_table, text_table

__all__ = ["misclassified"]

EXAMPLE_WIDTH = 40  # characters of an example shown in the table


def shown_example(example):
    """An example as one short line of text."""
    text = " ".join(str(example).split())
    return text if len(text) <= EXAMPLE_WIDTH else text[: EXAMPLE_WIDTH - 1] + "\u2026"


class Misclassified(list):
    """One dict per wrong prediction: "index", "example", "true", "predicted", "explanation" (None without).

    ``n_examples`` is how many examples were predicted and ``n_wrong`` how
    many were wrong (the list may hold fewer, when ``limit`` cut it).
    """

    def header_and_rows(self):
        header = ["#", "example", "true", "predicted", "P(predicted)"]
        rows = []
        for row in self:
            explanation = row["explanation"]
            posterior = getattr(explanation, "posterior", None) or {}
            p = posterior.get(row["predicted"])
            rows.append([str(row["index"]), shown_example(row["example"]), str(row["true"]), str(row["predicted"]),
                         "" if p is None else f"{float(p):.4f}"])
        return header, rows

    def footer(self):
        shown = "" if len(self) == self.n_wrong else f" (the first {len(self)} shown)"
        return f"{self.n_wrong} of {self.n_examples} examples misclassified{shown}"

    def to_text(self):
        header, rows = self.header_and_rows()
        return text_table(header, rows, footer=self.footer(), align="rlllr")

    __repr__ = __str__ = to_text

    def _repr_html_(self):
        header, rows = self.header_and_rows()
        parts = [html_table(header, rows, footer=self.footer(), align="rlllr")]
        for row, cells in zip(self, rows):
            explanation = row["explanation"]
            if explanation is not None and hasattr(explanation, "to_html"):
                summary = html.escape(f"#{cells[0]}: true {cells[2]}, predicted {cells[3]}")  # (labels as written, never markup)
                parts.append(f"<details><summary>{summary}</summary>"
                             f"{explanation.to_html()}</details>")
        return "\n".join(parts)


def misclassified(model, X, y, explain=True, limit=None, top=8):
    """The examples of ``X`` that the fitted ``model`` gets wrong, in order, each with ``model.explain``.

    ``limit`` keeps at most that many (None: all); ``top`` is how many rows
    each explanation's table shows (the terms that matter most); with
    ``explain=False`` no explanation is made (faster, and for a model that
    has no ``explain``).
    """
    if not hasattr(model, "predict"):
        raise TypeError(f"model is a {type(model).__name__}, which has no predict(); pass a fitted model")
    if explain and not hasattr(model, "explain"):
        raise TypeError(f"{type(model).__name__} has no explain(); pass explain=False to list the errors without it")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, Integral) or limit < 0):
        raise ValueError(f"limit={limit!r}; it must be a whole number >= 0, or None for every error")
    X = as_list("X", X, "examples")
    y = check_labels(y, len(X), name="y", noun="example")
    predictions = model.predict(X)  # (the model checks X)
    wrong = [i for i, (true, predicted) in enumerate(zip(y, predictions)) if true != predicted]
    table = Misclassified()
    table.n_examples, table.n_wrong = len(X), len(wrong)
    for i in wrong if limit is None else wrong[:limit]:
        explanation = model.explain(X[i], top=top) if explain else None
        table.append({"index": i, "example": X[i], "true": y[i], "predicted": predictions[i],
                      "explanation": explanation})
    return table
