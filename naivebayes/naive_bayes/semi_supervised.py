"""Naive Bayes from labeled and unlabeled documents, by expectation-maximization (EM).

Nigam, McCallum, Thrun and Mitchell, "Text Classification from Labeled and
Unlabeled Documents using EM" (Machine Learning, 2000): train naive Bayes on
the labeled documents, then repeat

* the E-step: give every unlabeled document its posteriors P(c | d) under
  the current model (``em_posteriors``);
* the M-step: count each unlabeled document into every class with weight
  lambda * P(c | d), added to the labeled documents' whole counts, and
  smooth as usual (``add_weighted_document``);

until the objective, the log-likelihood of all documents plus the log of the
Dirichlet prior that Laplace smoothing stands for (``em_objective``), stops
growing.  EM never lets it decrease; ``history_`` records it at every
iteration, and accuracy too when documents with labels are given to check.
lambda (``unlabeled_weight``) is the paper's EM-lambda: 1 treats an unlabeled
document like a labeled one, 0 ignores them (plain naive Bayes, exactly).

Nigam et al. scaled every document's word counts to one length; without it a
few long posts dominate the M-step (docs/semi-supervised.md shows what goes
wrong), so ``document_length`` (default 300 words) does the same here, for
every document the multinomial model sees, in training and prediction alike.
They also kept only the words that occur more than once: a word seen in one
unlabeled document only pulls that document towards whichever class EM
already leans to, and on 20 Newsgroups such words cost EM much of its gain.
``min_word_count`` (default 2) keeps the words of the unlabeled documents
seen at least that often in all the documents together (``em_vocabulary``).

The E-step and M-step above are the reference path, one document at a time.
For the multinomial model ``fit`` runs the same sums a word at a time (``word_columns``, ``fractional_word_rows``, ``log_likelihood_rows_of``):
the documents are turned around once, into one column of counts per word, and
each iteration sums every word's column against the posteriors in C; the
tests check that both paths give the same history and tables.

>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> model = SemiSupervisedNB(document_length=None).fit(documents[:1] + documents[3:], ["china", "japan"],
...                                                   documents[1:3])
>>> model.predict([test_document])
['china']
>>> [round(row["objective"], 4) for row in model.history_][:2]
[-5.7873, -5.2878]
"""

import math
from itertools import chain, repeat
from operator import add, mul, sub
from types import SimpleNamespace

from naivebayes.core.arithmetic import log
from naivebayes.core.bayes import decision, log_sum_exp
from naivebayes.core.priors import check_smoothing_or_prior
from naivebayes.plumbing.checks import CheckedSetting, NotFittedError, check_choice, check_labels, label_objects, sorted_labels
from naivebayes.plumbing.display import html_table, text_table
from naivebayes.naive_bayes.base import TABLES_LOCK, add_count, class_priors, count_classes
from naivebayes.naive_bayes.bernoulli import BernoulliNB, bernoulli_likelihood
from naivebayes.naive_bayes.multinomial import MultinomialNB, multinomial_joint_log_likelihoods
from naivebayes.text.documents import check_documents
from naivebayes.text.tokenize import Tokenizer

__all__ = [
    "SemiSupervisedNB",
    "scaled_counts",
    "em_vocabulary",
    "em_posteriors",
    "add_weighted_document",
    "dirichlet_log_density",
    "em_objective",
    "em_converged",
    "fractional_word_rows",
    "log_likelihood_rows_of",
]

EVENT_MODELS = {"multinomial": MultinomialNB, "bernoulli": BernoulliNB}
WORD_COLUMN_EVENT_MODELS = {"multinomial"}  # fit runs EM by word columns for these (the tests empty it to run EM a document at a time)


# --8<-- [start:eq-em-scale]
def scaled_counts(counts, length, vocabulary=None):
    """x'_j = x_j * L / sum_{k in V} x_k for each word j of V: the known words scaled to L in all.

    With ``vocabulary`` None every word of the document counts; a document
    with no (known) words stays {}.

    Formula: docs/semi-supervised.md#eq-em-scale
    """
    if vocabulary is not None:
        counts = {word: count for word, count in counts.items() if word in vocabulary}
    total = sum(counts.values())
    if not total:
        return {}
    return {word: count * length / total for word, count in counts.items() if count}
# --8<-- [end:eq-em-scale]


# --8<-- [start:eq-em-vocabulary]
def em_vocabulary(labeled, unlabeled, min_count):
    """V = every word of a labeled document, and every word seen at least ``min_count`` times in all of them.

    ``labeled`` and ``unlabeled`` are {word: count} dicts (raw counts);
    Nigam et al. kept the words that occur more than once (min_count = 2).

    Formula: docs/semi-supervised.md#eq-em-vocabulary
    """
    totals = {}
    for counts in chain(labeled, unlabeled):
        for word, count in counts.items():
            totals[word] = totals.get(word, 0) + count  # sum over all documents of x_dj
    vocabulary = {word for counts in labeled for word, count in counts.items() if count}
    vocabulary.update(word for word, total in totals.items() if total >= min_count and total > 0)
    return vocabulary
# --8<-- [end:eq-em-vocabulary]


# --8<-- [start:eq-em-e-step]
def em_posteriors(joint):
    """E-step for one document: P(c | d) = exp(log P(d, c) - log P(d)), with log P(d) = logsumexp_c log P(d, c).

    ``joint`` is {label: log P(d, c)} under the current model; returns the
    posteriors {label: P(c | d)} and log P(d), which the objective adds up.

    Formula: docs/semi-supervised.md#eq-em-e-step
    """
    log_marginal = log_sum_exp(list(joint.values()))
    return {label: math.exp(value - log_marginal) for label, value in joint.items()}, log_marginal
# --8<-- [end:eq-em-e-step]


# --8<-- [start:eq-em-m-step]
def add_weighted_document(tables, counts, weights, event_model):
    """M-step for one document: class k counts it with weight w_k (1 for its label, lambda P(c_k | d) if unlabeled).

    ``weights`` is [w_k for each class, in classes_ order]; ``tables`` holds
    ``class_counts`` [N_k], ``totals`` [n_k] and ``word_rows`` {word: [n_jk]}.
    Multinomial: n_jk += w_k x_j and n_k += w_k sum_j x_j; Bernoulli:
    N_jk += w_k for each word present; both: N_k += w_k.  A word's K counts
    are one row, updated in C (``map``) for all classes at once.

    Formula: docs/semi-supervised.md#eq-em-m-step
    """
    tables["class_counts"] = list(map(add, tables["class_counts"], weights))  # N_k += w_k
    rows = tables["word_rows"]
    if event_model == "multinomial":
        n_words = sum(counts.values())
        tables["totals"] = list(map(add, tables["totals"], map(mul, weights, repeat(n_words))))  # n_k
    for word, count in counts.items():
        if count > 0:
            added = map(mul, weights, repeat(count if event_model == "multinomial" else 1))  # w_k x_j (or w_k)
            row = rows.get(word)
            rows[word] = list(added) if row is None else list(map(add, row, added))
# --8<-- [end:eq-em-m-step]


# --8<-- [start:eq-em-dirichlet]
def dirichlet_log_density(model, alpha):
    """log P(theta): the Dirichlet (alpha + 1, ..., alpha + 1) density of each class's estimates, summed over classes.

    Multinomial: log Gamma(|V|(alpha + 1)) - |V| log Gamma(alpha + 1) + alpha sum_j log theta_jc
    per class; Bernoulli: per word and class a Beta(alpha + 1, alpha + 1),
    log Gamma(2 alpha + 2) - 2 log Gamma(alpha + 1) + alpha (log theta_jc + log(1 - theta_jc)).
    The class prior's is a flat Dirichlet(1, ..., 1), log Gamma(K).  Laplace
    smoothing (alpha = 1) is the maximum of this prior times the likelihood.

    Formula: docs/semi-supervised.md#eq-em-dirichlet
    """
    vocabulary_size, alpha = len(model.vocabulary_), float(alpha)
    total = math.lgamma(len(model.classes_))  # the flat prior of the class probabilities
    if not isinstance(model, BernoulliNB):  # the multinomial model (or the word columns' rows)
        columns = list(zip(*model.log_likelihood_rows_.values()))  # log theta_jc, one column per class
        normaliser = math.lgamma(vocabulary_size * (alpha + 1)) - vocabulary_size * math.lgamma(alpha + 1)
        for column in columns:
            total += normaliser + alpha * math.fsum(column)
        return total
    normaliser = math.lgamma(2 * alpha + 2) - 2 * math.lgamma(alpha + 1)
    for label in model.classes_:
        counts, n_documents = model.feature_counts_[label], model.class_counts_[label]
        terms = []
        for word in model.vocabulary_:
            p = bernoulli_likelihood(counts.get(word, 0), n_documents, alpha)
            terms.append(normaliser + alpha * (math.log(p) + math.log1p(-p)))
        total += math.fsum(terms)
    return total
# --8<-- [end:eq-em-dirichlet]


# --8<-- [start:eq-em-objective]
def em_objective(labeled_log_joints, unlabeled_log_marginals, unlabeled_weight, log_prior_density):
    """l(theta) = sum_labeled log P(d, y_d) + lambda sum_unlabeled log P(d) + log P(theta): what EM increases.

    Formula: docs/semi-supervised.md#eq-em-objective
    """
    log_likelihood = math.fsum(labeled_log_joints) + unlabeled_weight * math.fsum(unlabeled_log_marginals)
    return log_likelihood + log_prior_density
# --8<-- [end:eq-em-objective]


# --8<-- [start:eq-em-stop]
def em_converged(previous, current, tolerance):
    """Stop when the objective grew by at most ``tolerance`` times its size: current - previous <= tol |current|.

    Formula: docs/semi-supervised.md#eq-em-stop
    """
    return current - previous <= tolerance * abs(current)
# --8<-- [end:eq-em-stop]


# -- EM by word columns: the same sums, a word at a time ------------------------------
#
# add_weighted_document adds one document to K counts per word, the E-step asks
# the fitted model for each document's joint log-likelihoods, and a model is built
# at every iteration: clear, but on 10,000 posts about 5 s per iteration.  The
# word-column form turns the documents around once (word_columns), sums each word's
# column against the posteriors in C (fractional_word_rows), takes the logs of a
# word's K estimates in C (log_likelihood_rows_of), and scores the documents with
# the multinomial model's own multinomial_joint_log_likelihoods: about 2.2 s per
# iteration.  The tests check it against the reference path, table for table and
# iteration for iteration.

def word_columns(documents):
    """The documents turned around, once per fit: {word: ([d, ...], [x_dj, ...])}.

    For each word j, the positions d of the documents that hold it and its
    counts x_dj there, in document order.
    """
    columns = {}
    for position, counts in enumerate(documents):
        for word, count in counts.items():
            if count:
                column = columns.get(word)
                if column is None:
                    columns[word] = ([position], [count])
                else:
                    column[0].append(position)
                    column[1].append(count)
    return columns


# --8<-- [start:eq-em-word-columns]
def fractional_word_rows(columns, weights, n_classes):
    """The M-step's word counts over many documents at once: {word: [sum_{d in D_j} w_dk x_dj for each class k]}.

    ``weights`` holds each document's K weights (a tuple, in classes_ order),
    by the positions ``word_columns`` numbered.  The same sums as
    ``add_weighted_document`` adds up a document at a time, summed a word at a
    time instead: ``zip`` turns the weights of the documents D_j that hold
    word j into K columns, one per class, and each class's sum of products
    runs in C.  Only the order of the additions differs (the tests check
    1e-12 relative).

    Formula: docs/semi-supervised.md#eq-em-word-columns
    """
    rows = {}
    for word, (positions, counts) in columns.items():
        if len(positions) == 1:  # a word of one document: w_dk x_dj
            rows[word] = list(map(mul, weights[positions[0]], repeat(counts[0], n_classes)))
        else:
            by_class = zip(*map(weights.__getitem__, positions))  # (w_dk for d in D_j), for each class k
            rows[word] = [sum(map(mul, counts, column)) for column in by_class]
    return rows
# --8<-- [end:eq-em-word-columns]


# --8<-- [start:eq-em-rows]
def log_likelihood_rows_of(word_rows, totals, vocabulary, alpha):
    """{word: (log theta_j1, ..., log theta_jK)} with log theta_jk = log(n_jk + alpha) - log(n_k + alpha |V|).

    The multinomial model's own estimates (docs/multinomial.md), from the
    M-step's word rows {word: [n_jk]} and totals [n_k], each word's K logs
    taken in C; a word of V without a row has n_jk = 0 in every class.

    Formula: docs/semi-supervised.md#eq-em-rows
    """
    log_of = math.log if alpha > 0 else log  # (alpha = 0: log 0 = -inf for a word a class never saw)
    denominators = [log_of(total + alpha * len(vocabulary)) for total in totals]
    unseen = tuple(log_of(0 + alpha) - denominator for denominator in denominators)
    rows = dict.fromkeys(vocabulary, unseen)
    n_classes = len(totals)
    for word, row in word_rows.items():
        rows[word] = tuple(map(sub, map(log_of, map(add, row, repeat(alpha, n_classes))), denominators))
    return rows
# --8<-- [end:eq-em-rows]


class EMHistory(list):
    """The objective (and accuracy) at each EM iteration: a list of dicts that shows as a table in a notebook."""

    columns = ("iteration", "log_likelihood", "log_prior", "objective", "accuracy")

    def _rows(self):
        shown = [name for name in self.columns if any(name in row for row in self)]
        rows = [[str(row["iteration"]) if name == "iteration" else history_cell(row.get(name)) for name in shown] for row in self]
        return shown, rows

    def __str__(self):
        header, rows = self._rows()
        return text_table(header, rows, title="EM: the objective at each iteration (0 = labeled documents only)")

    def _repr_html_(self):
        header, rows = self._rows()
        return html_table(header, rows, title="EM: the objective at each iteration (0 = labeled documents only)")


def history_cell(value):
    """One figure of the EM history table: a float in a readable width, '' for a missing value."""
    if value is None:
        return ""
    return f"{value:.4f}" if abs(value) < 10 else f"{value:.2f}"


class SemiSupervisedNB:
    """Multinomial or Bernoulli naive Bayes trained by EM on labeled and unlabeled documents (Nigam et al. 2000).

    Parameters
    ----------
    event_model : "multinomial" or "bernoulli", default "multinomial"
    alpha : default 1
        The smoothing pseudo-count (1: Laplace, the paper's choice); it must be above 0 (EM divides 0 by 0 without it).
    unlabeled_weight : float in [0, 1], default 1
        lambda, the weight of each unlabeled document in the M-step (EM-lambda);
        0 gives plain naive Bayes on the labeled documents, exactly.
    document_length : number or None, default 300
        Scale every document's counts to this many words (multinomial only;
        None keeps the raw counts).  See docs/semi-supervised.md for why.
    min_word_count : int >= 1, default 2
        A word of the unlabeled documents enters the vocabulary only if it
        occurs at least this many times in all the documents together (every
        word of a labeled document does); 2 is the paper's choice, 1 keeps
        every word.  See docs/semi-supervised.md for what it changes.
    max_iterations : int, default 50
        A bound: EM usually stops on ``tolerance`` first (on 20 Newsgroups,
        lectures/nigam_em_unlabeled_posts.py's step 4 runs stop after 7 to
        15 iterations and its going further A runs after 15 to 18; the paper
        reports about 10, docs/semi-supervised.md).
    tolerance : float, default 1e-4
        Stop when an iteration raises the objective by at most this share of it.
    tokenizer : callable, optional
        As for ``MultinomialNB``, but the default is
        ``Tokenizer(stop_words="english")``, as in the paper: with the
        function words left in, EM's classes follow them, and on 20 Newsgroups
        EM gains far less or even loses accuracy (docs/semi-supervised.md
        measures it).  Pass ``Tokenizer()`` to keep every word.

    After ``fit``: ``model_`` (the fitted ``MultinomialNB`` or ``BernoulliNB``,
    whose tables hold the fractional counts), ``classes_``, ``history_``
    (an ``EMHistory``), ``n_iterations_`` and ``converged_``.
    """

    settings = ("event_model", "alpha", "unlabeled_weight", "document_length", "max_iterations", "tolerance", "tokenizer",
                "min_word_count")  # (in the constructor's order)
    event_model = CheckedSetting("event_model")
    alpha = CheckedSetting("alpha")
    unlabeled_weight = CheckedSetting("unlabeled_weight")
    document_length = CheckedSetting("document_length")
    max_iterations = CheckedSetting("max_iterations")
    tolerance = CheckedSetting("tolerance")
    tokenizer = CheckedSetting("tokenizer")
    min_word_count = CheckedSetting("min_word_count")

    def __init__(self, event_model="multinomial", alpha=1, unlabeled_weight=1.0, document_length=300,
                 max_iterations=50, tolerance=1e-4, tokenizer=None, min_word_count=2):
        self.event_model = event_model
        self.alpha = alpha
        self.unlabeled_weight = unlabeled_weight
        self.document_length = document_length
        self.min_word_count = min_word_count
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.tokenizer = Tokenizer(stop_words="english") if tokenizer is None else tokenizer  # (None: the default)
        self._check_settings()
        self.model_ = None
        self.scales_ = False  # set by fit: documents are scaled before the model sees them
        self.classes_ = []
        self.history_ = EMHistory()
        self.n_iterations_ = 0
        self.converged_ = False

    def _check_settings(self):
        """Check every setting (at construction, and again at fit: one may have been assigned since)."""
        check_choice("event_model", self.event_model, tuple(EVENT_MODELS))
        check_smoothing_or_prior(self.alpha, "SemiSupervisedNB", ())  # (its EM steps and its prior density take one number)
        if isinstance(self.unlabeled_weight, bool) or not isinstance(self.unlabeled_weight, (int, float)) or not 0 <= self.unlabeled_weight <= 1:
            raise ValueError(f"unlabeled_weight (lambda) must be a number from 0 to 1, not {self.unlabeled_weight!r}")
        if self.document_length is not None and (
            isinstance(self.document_length, bool) or not isinstance(self.document_length, (int, float)) or not self.document_length > 0
            or self.document_length == float("inf")  # (counts scaled to infinitely many words are no counts)
        ):
            raise ValueError(f"document_length must be a number of words > 0, or None for raw counts; got {self.document_length!r}")
        if isinstance(self.min_word_count, bool) or not isinstance(self.min_word_count, int) or self.min_word_count < 1:
            raise ValueError(f"min_word_count must be a whole number >= 1 (1 keeps every word), not {self.min_word_count!r}")
        if isinstance(self.max_iterations, bool) or not isinstance(self.max_iterations, int) or self.max_iterations < 0:
            raise ValueError(f"max_iterations must be a whole number >= 0, not {self.max_iterations!r}")
        if isinstance(self.tolerance, bool) or not isinstance(self.tolerance, (int, float)) or not self.tolerance >= 0:
            raise ValueError(f"tolerance must be a number >= 0, not {self.tolerance!r}")
        if self.alpha == 0:
            raise ValueError(
                "SemiSupervisedNB needs alpha > 0: with alpha = 0 a word a class never counted has probability 0 "
                "there, so an unlabeled document can have probability 0 under every class and its posterior "
                "P(c | d) = 0/0 is undefined; use a small alpha such as 0.01 (MultinomialNB(alpha=0) is plain "
                "naive Bayes without smoothing)"
            )

    # -- documents -------------------------------------------------------------

    def _bags(self, reader, X, name):
        """Each document of X as {word: count}, as the tokenizer counted it."""
        documents = check_documents(X, name)
        bags = [reader._check_example(document, f"{name}[{i}]", training=True) for i, document in enumerate(documents)]
        if reader.input_form_ == "dense":
            raise TypeError(
                f"SemiSupervisedNB learns from documents of words (texts, token lists or {{word: count}} dicts), "
                f"but {name} holds dense rows of numbers; give each row as a dict of its nonzero counts: "
                "[{j: x for j, x in enumerate(row) if x} for row in X]"
            )
        return bags

    def _seen(self, bags, vocabulary):
        """Each document's words of the vocabulary, scaled to ``document_length`` words for the multinomial model."""
        if self.event_model == "multinomial" and self.document_length is not None:
            return [scaled_counts(bag, self.document_length, vocabulary) for bag in bags]
        return [{word: count for word, count in bag.items() if count and word in vocabulary} for bag in bags]

    def _model_from(self, classes, tables, vocabulary, input_form):
        """A fitted MultinomialNB or BernoulliNB holding the M-step's counts, its lookup tables built.

        The word rows {word: [n_jk]} become the model's class-major tables
        {label: {word: n_jk}}, leaving out the counts that are exactly 0.
        """
        model = EVENT_MODELS[self.event_model](alpha=self.alpha, tokenizer=self.tokenizer)
        model.classes_ = list(classes)
        model.class_counts_ = dict(zip(classes, tables["class_counts"]))
        model.n_examples_ = sum(tables["class_counts"])
        rows = tables["word_rows"]
        model.feature_counts_ = {
            label: {word: row[k] for word, row in rows.items() if row[k]} for k, label in enumerate(classes)
        }
        model.vocabulary_ = vocabulary
        model.input_form_ = input_form
        if self.event_model == "multinomial":
            model.feature_totals_ = dict(zip(classes, tables["totals"]))
            model.document_lengths_ = tables["lengths"]
        model._build_lookup_tables()
        return model

    def _m_step(self, classes, labeled, labels, unlabeled, posteriors, vocabulary, input_form):
        """Counts from the labeled documents (weight 1) and the unlabeled ones (lambda P(c | d)), then the estimates."""
        n_classes = len(classes)
        tables = {"class_counts": [0] * n_classes, "totals": [0] * n_classes, "word_rows": {}, "lengths": {}}
        position = {label: k for k, label in enumerate(classes)}
        for counts, label in zip(labeled, labels):
            one_hot = [0] * n_classes
            one_hot[position[label]] = 1
            add_weighted_document(tables, counts, one_hot, self.event_model)
            add_count(tables["lengths"].setdefault(label, {}), sum(counts.values()))
        for counts, weights in zip(unlabeled, posteriors):
            add_weighted_document(
                tables, counts, [self.unlabeled_weight * weights[label] for label in classes], self.event_model
            )
        return self._model_from(classes, tables, vocabulary, input_form)

    # -- training ----------------------------------------------------------------

    def fit(self, X_labeled, y, X_unlabeled=None, X_check=None, y_check=None):
        """EM from labeled documents ``X_labeled`` with labels ``y`` and unlabeled documents ``X_unlabeled``.

        Without ``X_unlabeled`` (None, the default, or an empty list) there is
        nothing for EM to do: the model is plain naive Bayes on the labeled
        documents (with this model's vocabulary rule and document scaling),
        and ``history_`` has iteration 0 only.  That is what
        ``cross_val_score(SemiSupervisedNB(), X, y)`` fits on each fold;
        pass the unlabeled documents to every fold with
        ``fit_params={"X_unlabeled": docs}``.
        ``X_check`` and ``y_check``, if given, are scored after every
        iteration (the accuracy column of ``history_``); they are never
        trained on.  Returns the model; a failed call leaves it as it was.
        """
        self._check_settings()
        labels = check_labels(y, len(check_documents(X_labeled, "X_labeled")), noun="document", examples_name="X_labeled")
        class_counts = count_classes(labels)  # N_c of the labeled documents, where EM's iteration 0 starts
        reader = EVENT_MODELS[self.event_model](alpha=self.alpha, tokenizer=self.tokenizer)  # its checks read each text
        labeled = self._bags(reader, X_labeled, "X_labeled")
        unlabeled = [] if X_unlabeled is None else self._bags(reader, X_unlabeled, "X_unlabeled")
        check, check_answers = None, None
        if X_check is not None:
            check = self._bags(reader, X_check, "X_check")
            check_answers = check_labels(y_check, len(check), name="y_check", noun="document", examples_name="X_check")
        if len(class_counts) < 2:
            raise ValueError("y must name at least two classes: EM starts from naive Bayes trained on the labeled documents")
        # A document of weight 0 adds nothing, not even its words.
        vocabulary = em_vocabulary(labeled, unlabeled if self.unlabeled_weight else [], self.min_word_count)
        labeled, unlabeled = self._seen(labeled, vocabulary), self._seen(unlabeled, vocabulary)
        if check is not None:
            check = self._seen(check, vocabulary)
        classes = sorted_labels(class_counts)
        run = self._em_by_word_columns if self.event_model in WORD_COLUMN_EVENT_MODELS else self._em_reference
        model, history, iteration, converged = run(
            classes, labeled, labels, unlabeled, vocabulary, reader.input_form_, check, check_answers
        )
        model.label_objects_ = label_objects(y, labels)  # predict gives back the user's own label objects
        with TABLES_LOCK:  # (a prediction in another thread sees the old model or the new one, whole)
            self.model_, self.classes_ = model, list(model.classes_)
            self.scales_ = self.event_model == "multinomial" and self.document_length is not None
            self.history_, self.n_iterations_, self.converged_ = history, iteration, converged
        return self

    def _stops(self, previous, objective, iteration, n_unlabeled):
        """(stop, converged): the rule on the objective, the iteration bound, or nothing to learn from."""
        if previous is not None and em_converged(previous, objective, self.tolerance):
            return True, True
        if iteration >= self.max_iterations or not self.unlabeled_weight or not n_unlabeled:
            return True, not self.unlabeled_weight or not n_unlabeled
        return False, False

    def _em_reference(self, classes, labeled, labels, unlabeled, vocabulary, input_form, check, check_answers):
        """EM step by step, as the docs show it: a fitted model per iteration, the formulas a document at a time."""
        history = EMHistory()
        model = self._m_step(classes, labeled, labels, [], [], vocabulary, input_form)  # iteration 0: labeled only
        previous, iteration = None, 0
        while True:
            labeled_joints = [
                joint[label] for joint, label in zip(model.predict_joint_log_proba(labeled), labels)
            ] if labeled else []
            e_step = [em_posteriors(joint) for joint in model.predict_joint_log_proba(unlabeled)] if unlabeled else []
            posteriors = [posterior for posterior, _ in e_step]
            log_prior = dirichlet_log_density(model, self.alpha)
            objective = em_objective(labeled_joints, [marginal for _, marginal in e_step], self.unlabeled_weight, log_prior)
            row = {"iteration": iteration, "log_likelihood": objective - log_prior, "log_prior": log_prior, "objective": objective}
            if check is not None:
                predictions = model.predict(check)
                row["accuracy"] = sum(a == b for a, b in zip(predictions, check_answers)) / len(check_answers)
            history.append(row)
            stop, converged = self._stops(previous, objective, iteration, len(unlabeled))
            if stop:
                return model, history, iteration, converged
            previous = objective
            model = self._m_step(classes, labeled, labels, unlabeled, posteriors, vocabulary, input_form)
            iteration += 1

    def _em_by_word_columns(self, classes, labeled, labels, unlabeled, vocabulary, input_form, check, check_answers):
        """The same EM by word columns (multinomial): word columns, rows of logs, one model built at the end.

        Iteration for iteration the same objective, posteriors and counts as
        ``_em_reference``, to float rounding (the tests compare the two).
        """
        n_classes, weight = len(classes), self.unlabeled_weight
        position = {label: k for k, label in enumerate(classes)}
        # The labeled documents' counts never change: added once, by the reference M-step.
        labeled_tables = {"class_counts": [0] * n_classes, "totals": [0] * n_classes, "word_rows": {}, "lengths": {}}
        for counts, label in zip(labeled, labels):
            one_hot = [0] * n_classes
            one_hot[position[label]] = 1
            add_weighted_document(labeled_tables, counts, one_hot, "multinomial")
            add_count(labeled_tables["lengths"].setdefault(label, {}), sum(counts.values()))
        # Iteration 0's model, built as the reference path builds it: the same checks (no words at all, ...).
        model = self._model_from(classes, labeled_tables, vocabulary, input_form)
        learns = bool(weight and unlabeled)  # else iteration 0 is the end: nothing to turn around
        columns = word_columns(unlabeled) if learns else {}
        lengths = [sum(counts.values()) for counts in unlabeled] if learns else []
        tables, history, previous, iteration = labeled_tables, EMHistory(), None, 0
        while True:
            rows = log_likelihood_rows_of(tables["word_rows"], tables["totals"], vocabulary, self.alpha)
            priors = class_priors(None, True, dict(zip(classes, tables["class_counts"])), classes, exact=False)
            log_priors = [log(prior) for prior in priors]
            labeled_joints = [
                multinomial_joint_log_likelihoods(counts, rows, log_priors)[position[label]]
                for counts, label in zip(labeled, labels)
            ]
            e_step = [
                em_posteriors(dict(zip(classes, multinomial_joint_log_likelihoods(counts, rows, log_priors))))
                for counts in unlabeled
            ] if unlabeled else []
            estimates = SimpleNamespace(classes_=classes, vocabulary_=vocabulary, log_likelihood_rows_=rows)
            log_prior = dirichlet_log_density(estimates, self.alpha)
            objective = em_objective(labeled_joints, [marginal for _, marginal in e_step], weight, log_prior)
            row = {"iteration": iteration, "log_likelihood": objective - log_prior, "log_prior": log_prior, "objective": objective}
            if check is not None:
                predictions = [
                    decision(dict(zip(classes, multinomial_joint_log_likelihoods(counts, rows, log_priors))))
                    for counts in check
                ]
                row["accuracy"] = sum(a == b for a, b in zip(predictions, check_answers)) / len(check_answers)
            history.append(row)
            stop, converged = self._stops(previous, objective, iteration, len(unlabeled))
            if stop:
                if iteration:
                    model = self._model_from(classes, tables, vocabulary, input_form)
                return model, history, iteration, converged
            previous = objective
            weights = [tuple(weight * posterior[label] for label in classes) for posterior, _ in e_step]
            added = fractional_word_rows(columns, weights, n_classes)  # sum_d lambda P(c_k | d) x_dj
            word_rows = dict(added)
            for word, row in labeled_tables["word_rows"].items():
                extra = added.get(word)
                word_rows[word] = list(row) if extra is None else list(map(add, row, extra))
            by_class = list(zip(*weights))
            tables = {
                "class_counts": [n + sum(column) for n, column in zip(labeled_tables["class_counts"], by_class)],
                "totals": [n + sum(map(mul, column, lengths)) for n, column in zip(labeled_tables["totals"], by_class)],
                "word_rows": word_rows,
                "lengths": labeled_tables["lengths"],
            }
            iteration += 1

    # -- prediction: the fitted naive Bayes model, on documents scaled as in training --

    def _fitted_model(self):
        """The fitted naive Bayes model, or a clear error if ``fit`` has not run (the check at the boundary)."""
        if self.model_ is None:
            raise NotFittedError("this SemiSupervisedNB has not been fitted yet: call fit(X_labeled, y, X_unlabeled) first")
        return self.model_

    def _prepared(self, model, X):
        """The documents' known words scaled to ``document_length`` words, as the model saw its training documents."""
        documents = check_documents(X)
        return [
            scaled_counts(model._check_example(document, f"X[{i}]"), self.document_length, model.vocabulary_)  # x' = x L / |x|
            for i, document in enumerate(documents)
        ]

    def predict(self, X):
        """The most probable class of each document under the model EM arrived at."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            model = self._fitted_model()
            return model.predict(self._prepared(model, X) if self.scales_ else X)

    def predict_proba(self, X):
        """P(c | x) for each document: a list of {label: probability} dicts."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            model = self._fitted_model()
            return model.predict_proba(self._prepared(model, X) if self.scales_ else X)

    def score(self, X, y):
        """Accuracy on X and y."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            model = self._fitted_model()
            return model.score(self._prepared(model, X) if self.scales_ else X, y)

    def explain(self, document, top=None, classes=None):
        """The fitted model's explanation of one document (scaled as in training); ``top`` and ``classes`` as its."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            model = self._fitted_model()
            return model.explain(self._prepared(model, [document])[0] if self.scales_ else document, top=top, classes=classes)

    def posterior(self, document):
        """P(c | x) for one document, as ``predict_proba`` gives it: from the log joint, since EM's estimates are floats."""
        with TABLES_LOCK:  # one state of the model, while another thread trains it
            self._fitted_model()._check_one_example(document, "posterior")
            return self.predict_proba([document])[0]

    def get_params(self):
        """The settings, as ``{name: value}``: what ``type(model)(**model.get_params())`` is made again from."""
        return {name: getattr(self, name) for name in self.settings}

    def set_params(self, **settings):
        """Change settings by name (``model.set_params(unlabeled_weight=0.1)``); returns the model.

        All the new values are checked, by the constructor, before any is
        kept: a refused value changes nothing.  A fitted model keeps what it
        learned until the next ``fit``.
        """
        params = self.get_params()
        unknown = [name for name in settings if name not in params]
        if unknown:
            raise ValueError(
                f"SemiSupervisedNB has no setting {unknown[0]!r}; its settings are {', '.join(params)}"
            )
        checked = type(self)(**{**params, **settings})  # raises here if a value is wrong
        for name in settings:
            self.__dict__[name] = checked.__dict__[name]  # (checked together, kept together)
        return self

    def __repr__(self):
        settings = ", ".join(f"{name}={value!r}" for name, value in self.get_params().items() if name != "tokenizer")
        if self.model_ is None:
            return f"SemiSupervisedNB({settings}) (not fitted)"
        return f"SemiSupervisedNB({settings})\n{self.history_}\n{self.model_!r}"

    def _repr_html_(self):
        if self.model_ is None:
            return html_table(["model"], [[repr(self)]])
        head = repr(self).split("\n", 1)[0]  # the settings, the first line of the text too
        return html_table(["model"], [[head]]) + self.history_._repr_html_() + self.model_._repr_html_()
