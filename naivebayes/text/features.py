"""Put the rows of several feature steps side by side: one dict per document.

A feature step turns a list of documents into a list of rows, one
``{feature: value}`` dict per document: ``BagOfWords``, ``LexiconCounts``,
``CharacterNgrams``, ``AffixFeatures``.  ``CombinedFeatures`` runs several
steps on the same documents and joins their rows, so the words and the
lexicon counts of a review reach one ``MultinomialNB`` as one row:

>>> from naivebayes.text.bag_of_words import BagOfWords
>>> from naivebayes.text.lexicon import LexiconCounts
>>> steps = CombinedFeatures([BagOfWords(), LexiconCounts(positive={"good"}, negative={"bad"})])
>>> steps.fit_transform(["a good film", "bad bad acting"])
[{'a': 1, 'good': 1, 'film': 1, 'lexicon:positive': 1, 'lexicon:negative': 0},
 {'bad': 2, 'acting': 1, 'lexicon:positive': 0, 'lexicon:negative': 2}]

Two steps may not make the same feature: a row cannot hold two values
under one key, so a clash is an error that names the feature and the steps.
"""

from naivebayes.plumbing.checks import as_list
from naivebayes.text.bag_of_words import document_tokens

__all__ = ["CombinedFeatures"]


class CombinedFeatures:
    """Run several feature steps on the same documents and join their rows, which must not share a feature.

    ``fit`` fits every step, ``transform`` transforms with every step, and
    row i of the result holds the features of row i of each step, in the
    order of the steps.
    """

    def __init__(self, steps):
        self.steps = steps
        self.check_settings()

    def check_settings(self):
        """Check that ``steps`` is a non-empty list of feature steps (each made, with ``transform``)."""
        if isinstance(self.steps, (str, dict)) or not isinstance(self.steps, (list, tuple)):
            raise TypeError(
                "steps must be a list of feature steps, such as [BagOfWords(), LexiconCounts(positive, negative)]; "
                f"got {type(self.steps).__name__}"
            )
        if not self.steps:
            raise ValueError("steps is empty: give at least one feature step, such as [BagOfWords()]")
        for index, step in enumerate(self.steps):
            if isinstance(step, type):
                raise TypeError(
                    f"step {index} is the class {step.__name__}, not a step; make one: {step.__name__}(...)"
                )
            if not callable(getattr(step, "transform", None)):
                raise TypeError(
                    f"step {index} ({type(step).__name__}) has no transform method; a feature step turns a "
                    "list of documents into a list of {feature: value} dicts, such as BagOfWords()"
                )

    def fit(self, documents):
        """Fit every step on ``documents``; return self."""
        self.fit_transform(documents)
        return self

    def fit_transform(self, documents):
        """Fit every step and return the joined rows (each step reads the documents once)."""
        self.check_settings()
        documents = as_list("documents", documents, "documents")
        parts = []
        for step in self.steps:
            if callable(getattr(step, "fit_transform", None)):
                parts.append(step.fit_transform(documents))
            else:
                if callable(getattr(step, "fit", None)):  # (a step with nothing to learn may have no fit)
                    step.fit(documents)
                parts.append(step.transform(documents))
        return self.join(parts, len(documents))

    def transform(self, documents):
        """Transform ``documents`` with every step and return the joined rows."""
        self.check_settings()
        documents = as_list("documents", documents, "documents")
        return self.join([step.transform(documents) for step in self.steps], len(documents))

    def join(self, parts, n_documents):
        """Row i of the result: row i of every step, merged; a feature made by two steps is an error."""
        for index, rows in enumerate(parts):
            if not isinstance(rows, list) or len(rows) != n_documents:
                raise ValueError(
                    f"step {index} ({type(self.steps[index]).__name__}) gave "
                    f"{len(rows) if isinstance(rows, list) else type(rows).__name__} rows for "
                    f"{n_documents} documents; each step must give a list of one dict per document"
                )
        joined = []
        for position, row_parts in enumerate(zip(*parts)):
            row = {}
            for index, part in enumerate(row_parts):
                if type(part) is not dict:
                    raise TypeError(
                        f"step {index} ({type(self.steps[index]).__name__}) gave a {type(part).__name__} for "
                        f"document {position}; each row must be a {{feature: value}} dict"
                    )
                if not row.keys().isdisjoint(part):
                    self.raise_clash(row_parts, index, position)
                row.update(part)
            joined.append(row)
        return joined

    def raise_clash(self, row_parts, index, position):
        """Name the feature that two steps both made, and the two steps."""
        part = row_parts[index]
        earlier, feature = next((i, key) for i in range(index) for key in part if key in row_parts[i])
        raise ValueError(
            f"steps {earlier} ({type(self.steps[earlier]).__name__}) and {index} ({type(self.steps[index]).__name__}) "
            f"both make the feature {feature!r} (in document {position}); a row holds one value per feature, "
            "so give the steps features with different names (such as another tokenizer)"
        )

    def __repr__(self):
        return f"CombinedFeatures({self.steps!r})"


def documents_as_token_lists(documents, tokenizer):
    """One token list per document: a text goes through ``tokenizer``, a list of tokens stays as it is.

    ``documents`` is checked as a list (a single string, a set or a
    generator is refused with the fix); so is each document and what a
    tokenizer of your own returns.
    """
    documents = as_list("documents", documents, "documents")
    return [document_tokens(document, tokenizer, index) for index, document in enumerate(documents)]


def string_documents(documents, step):
    """``documents`` as a list of strings, or an error that names the first document that is not one."""
    documents = as_list("documents", documents, "documents")
    for index, document in enumerate(documents):
        if not isinstance(document, str):
            raise TypeError(
                f"document {index} is {document!r:.40} ({type(document).__name__}); {step} reads each "
                "document as one string (a word or a text)"
            )
    return documents
