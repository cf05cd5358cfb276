"""Multi-label classification one class against the rest: one two-class model per class.

Introduction to Information Retrieval (chapter 13) classifies Reuters
stories, each of which may be in several classes (*grain* and *wheat*) or in
none, this way: for each class c, train a two-class classifier on every
training document, labelled True when c is one of its classes and False
when it is not; a new document gets every class whose classifier says True.

>>> from naivebayes import MultinomialNB
>>> documents = ["wheat harvest grain", "grain prices", "profit rose", "wheat exports", "profit fell"]
>>> label_sets = [["grain", "wheat"], ["grain"], ["earn"], ["wheat"], ["earn"]]
>>> model = OneVsRestClassifier(MultinomialNB()).fit(documents, label_sets)
>>> model.classes_
['earn', 'grain', 'wheat']
>>> model.predict(["grain and wheat", "profit"])
[['grain', 'wheat'], ['earn']]
>>> model.estimators_["wheat"].prior(True)
Fraction(2, 5)

Each class's model is an ordinary two-class model in ``estimators_``, with
the labels True (in the class) and False (not in it): ``explain``,
``prior`` and ``likelihood`` work on it as on any model.
"""

from naivebayes.plumbing.checks import NotFittedError, as_list
from naivebayes.plumbing.label_sets import check_class_list, check_label_sets, classes_of
from naivebayes.plumbing.display import Score
from naivebayes.naive_bayes.base import TABLES_LOCK, check_sample_weight
from naivebayes.text.documents import count_tokens
from naivebayes.text.tokenize import Tokenizer

__all__ = ["OneVsRestClassifier"]


def in_class(label, label_sets):
    """[True if ``label`` is one of the example's labels, else False] for each example: the labels of c's model."""
    return [label in labels for labels in label_sets]


class OneVsRestClassifier:
    """One two-class model per class, each telling its class from the rest; an example gets every class whose model says yes.

    Parameters
    ----------
    estimator : a model, such as MultinomialNB()
        The model each class gets a new copy of (its settings, nothing it
        has learned): ``type(estimator)(**estimator.get_params())``.
    classes : list, optional
        The classes to learn, such as the ten largest; by default every label
        of the training label sets.  A class no training example has, or one
        every example has, is answered without a model: never, or always.

    Tables, once fitted: ``classes_`` (sorted), ``estimators_`` ({class:
    its fitted two-class model, labels True and False}, None for a class
    answered without one) and ``constant_`` ({class: True or False} for those).
    """

    def __init__(self, estimator, classes=None):
        if isinstance(estimator, type):
            raise TypeError(
                f"estimator is the class {estimator.__name__}; pass a model made from it, such as {estimator.__name__}()"
            )
        if not (hasattr(estimator, "get_params") and hasattr(estimator, "fit") and hasattr(estimator, "predict_proba")):
            raise TypeError(
                f"estimator must be a model with get_params, fit and predict_proba, such as MultinomialNB(); "
                f"not {estimator!r:.60}"
            )
        self.estimator = estimator
        self.classes = check_class_list(classes)
        self.classes_ = []
        self.estimators_ = {}
        self.constant_ = {}

    def get_params(self):
        """The settings this classifier was made with: ``{"estimator": ..., "classes": ...}``."""
        return {"estimator": self.estimator, "classes": self.classes}

    def __repr__(self):
        shown = f"OneVsRestClassifier({self.estimator!r}" + (f", classes={self.classes!r}" if self.classes else "") + ")"
        return shown if self.classes_ else shown + " (not fitted)"

    def _new_estimator(self):
        return type(self.estimator)(**self.estimator.get_params())

    def _read_once(self, X):
        """X as a list, each text cut into words once with the estimator's tokenizer (not once per class)."""
        examples = as_list("X", X, what="examples")
        tokenizer = getattr(self.estimator, "tokenizer", None)
        if type(tokenizer) is not Tokenizer:  # (a tokenizer of your own is called by each model, which checks what it gives)
            return examples
        return [count_tokens(tokenizer(example)) if type(example) is str else example for example in examples]

    def fit(self, X, y, sample_weight=None):
        """Learn one two-class model per class from examples ``X`` and their label sets ``y`` (a list of labels each).

        ``sample_weight`` goes to every class's model.  If anything is wrong,
        the classifier is left as it was.
        """
        examples = self._read_once(X)
        label_sets = check_label_sets("y", y, len(examples))
        if not examples:
            raise ValueError("the training set is empty: give at least one example and its labels")
        if sample_weight is not None:
            sample_weight = check_sample_weight(sample_weight, len(examples), self.estimator)
        classes = self.classes if self.classes is not None else classes_of(label_sets)
        if not classes:
            raise ValueError("no training example has a label, so there is no class to learn; y is a list of label lists")
        estimators, constant = {}, {}
        for label in classes:
            answers = in_class(label, label_sets)
            if all(answers) or not any(answers):  # one answer for every example: nothing to tell apart
                estimators[label], constant[label] = None, answers[0]
                continue
            model = self._new_estimator()
            if sample_weight is None:
                model.fit(examples, answers)
            else:
                model.fit(examples, answers, sample_weight=sample_weight)
            estimators[label] = model
        with TABLES_LOCK:  # (a prediction in another thread sees the old models or the new ones)
            self.classes_, self.estimators_, self.constant_ = list(classes), estimators, constant
        return self

    def _check_fitted(self):
        if not self.classes_:
            raise NotFittedError("this OneVsRestClassifier has not been fitted yet: call fit(X, label_sets) first")

    def predict_proba(self, X):
        """P(c | x) for each example and class, each from the class's own model: a list of {class: probability}.

        The probabilities of one example need not add up to 1: each is the
        answer to its own question, "is x in c?".
        """
        self._check_fitted()
        examples = self._read_once(X)
        columns = {}
        for label in self.classes_:
            model = self.estimators_[label]
            if model is None:
                columns[label] = [1.0 if self.constant_[label] else 0.0] * len(examples)
            else:
                columns[label] = [row.get(True, 0.0) for row in model.predict_proba(examples)]
        return [{label: columns[label][i] for label in self.classes_} for i in range(len(examples))]

    def predict(self, X):
        """The classes of each example, a list for each: every class whose model predicts True (in ``classes_`` order)."""
        self._check_fitted()
        examples = self._read_once(X)
        columns = {}
        for label in self.classes_:
            model = self.estimators_[label]
            columns[label] = [self.constant_[label]] * len(examples) if model is None else model.predict(examples)
        return [[label for label in self.classes_ if columns[label][i]] for i in range(len(examples))]

    def score(self, X, y):
        """The share of examples whose predicted classes are exactly their true ones (scikit-learn's ``score``), exact.

        It is a strict measure; ``multilabel_f1`` (naivebayes/evaluation) gives
        the per-class and averaged F1 that IIR reports.
        """
        self._check_fitted()
        examples = as_list("X", X, what="examples")
        label_sets = check_label_sets("y", y, len(examples))
        if not examples:
            raise ValueError("score needs at least one example and its labels")
        predicted = self.predict(examples)
        n_exact = sum(1 for true, guess in zip(label_sets, predicted) if set(true) == set(guess))
        return Score(n_exact, len(examples))

