"""The Bayesian reading of a fitted count model: each estimate by maximum likelihood, MAP and posterior mean, with a credible interval.

A count model estimates, for each class, a distribution over values from
counts: the words of the vocabulary (``MultinomialNB``), present or absent
for each word (``BernoulliNB``), the categories of each feature
(``CategoricalNB``), and the classes themselves (the class prior).  With
n_v the count of value v, N their sum and a_v the prior's pseudo-counts
(A their sum over the K values), ``estimate_table`` shows side by side

* the maximum likelihood estimate n_v / N;
* the MAP estimate (n_v + a_v - 1) / (N + A - K), the posterior's mode;
* the posterior mean (n_v + a_v) / (N + A) (Mitchell's m-estimate for an
  ``MEstimate`` prior);
* the equal-tailed credible interval of theta_v, from its marginal posterior
  Beta(n_v + a_v, N + A - n_v - a_v).

docs/priors.md derives them.

>>> from naivebayes import MultinomialNB
>>> from naivebayes.datasets import load_china
>>> documents, labels, _ = load_china()
>>> model = MultinomialNB().fit(documents, labels)
>>> table = estimate_table(model, classes=["china"], features=["chinese", "tokyo"], class_rows=False)
>>> table[0]["posterior mean"], table[0]["MAP"], table[0]["maximum likelihood"]
(Fraction(3, 7), Fraction(5, 8), Fraction(5, 8))
>>> print(table)  # Laplace's add-one: the posterior mean under Dirichlet(1), whose mode is maximum likelihood
class  feature  n  N  a  A  maximum likelihood  MAP  posterior mean  95% interval
-----  -------  -  -  -  -  ------------------  ---  --------------  ----------------
china  chinese  5  8  1  6                 5/8  5/8             3/7  [0.1922, 0.6842]
china  tokyo    0  8  1  6                   0    0            1/14  [0.0019, 0.2471]
"""

from fractions import Fraction
from numbers import Real

from naivebayes.core.arithmetic import ratio
from naivebayes.core.beta import credible_interval
from naivebayes.core.priors import Beta, Dirichlet, MEstimate, Prior, m_estimate, map_estimate, ml_estimate, posterior_mean
from naivebayes.naive_bayes.bernoulli import BernoulliNB
from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.naive_bayes.explanation import format_column
from naivebayes.naive_bayes.multinomial import MultinomialNB
from naivebayes.plumbing.display import ShownAsTable

__all__ = ["estimate_table"]

UNDEFINED = "undefined"  # what a cell holds where the estimate does not exist (0/0, a mode on the boundary)
CLASS_PRIOR_FEATURE = "(class)"  # the feature column of the class prior's rows


class EstimateTable(ShownAsTable, list):
    """The rows ``estimate_table`` returns, plain dicts: index them, loop over them, or look at them as a table."""

    align = "llrrrrrrrl"

    def __init__(self, rows, level):
        super().__init__(rows)
        self.level = level

    def rows(self):
        """The table as rows of strings, the header first; exact estimates as fractions (3/7)."""
        names = ["class", "feature", "n", "N", "a", "A", "maximum likelihood", "MAP", "posterior mean"]
        header = list(names)
        columns = [[row[name] for row in self] for name in names]
        shown = [[str(value) for value in columns[0]], [feature_cell(value) for value in columns[1]]]
        shown += [format_column(column) for column in columns[2:]]
        if self.level is not None:
            header.append(f"{float(self.level):.0%} interval")
            shown.append([interval_cell(row["interval"]) for row in self])
        return [header] + [list(cells) for cells in zip(*shown)] if self else [header]


def feature_cell(feature):
    """A word as it is; a categorical (feature, category) pair as "feature = category"."""
    if type(feature) is tuple and len(feature) == 2:
        return f"{feature[0]} = {feature[1]!r}"
    return str(feature)


def interval_cell(interval):
    """[low, high] to 4 decimals, or "undefined"."""
    if interval == UNDEFINED:
        return UNDEFINED
    return f"[{interval[0]:.4f}, {interval[1]:.4f}]"


def prior_of(model, prior):
    """The prior the table reads the pseudo-counts from: ``prior`` if given, else the model's alpha as a prior."""
    if prior is None:
        prior = model.alpha
    if isinstance(prior, Prior):
        if isinstance(prior, Beta) and not isinstance(model, BernoulliNB):
            raise TypeError(f"a Beta prior is for binary features (BernoulliNB); a {type(model).__name__} "
                            "takes a Dirichlet or an MEstimate")
        return prior
    if isinstance(prior, bool) or not isinstance(prior, Real):
        raise TypeError(f"prior must be a number (a symmetric Dirichlet's alpha), a Dirichlet, Beta or MEstimate, "
                        f"or None for the model's own alpha; not {prior!r:.60}")
    return Dirichlet(prior)


def has_mode(counts, total, pseudo_counts, pseudo_total):
    """True when (n_v + a_v - 1) / (N + A - K) is the posterior's mode: every n_v + a_v >= 1 and N + A > K."""
    return total + pseudo_total - len(counts) > 0 and all(n + a >= 1 for n, a in zip(counts, pseudo_counts))


def distribution_rows(label, features, counts, total, pseudo_counts, whole, prior, level):
    """The rows of some values of one distribution: counts n_v of N, pseudo-counts a_v.

    ``whole`` is (A, K, has_mode) of the whole distribution, which may have
    more values than the rows show.  Where the mode is not given by the
    formula (some n_v + a_v < 1, or N + A <= K) the MAP column says
    "undefined".
    """
    pseudo_total, n_values, mode = whole
    rows = []
    for feature, n, a in zip(features, counts, pseudo_counts):
        if isinstance(prior, MEstimate):
            mean = m_estimate(n, total, prior.m, ratio(a, prior.m)) if prior.m else ml_or_undefined(n, total)
        else:
            mean = posterior_mean(n, total, a, pseudo_total) if total + pseudo_total > 0 else UNDEFINED
        row = {
            "class": label, "feature": feature, "n": n, "N": total, "a": a, "A": pseudo_total,
            "maximum likelihood": ml_or_undefined(n, total),
            "MAP": map_estimate(n, total, a, pseudo_total, n_values) if mode else UNDEFINED,
            "posterior mean": mean,
        }
        if level is not None:  # theta_v's marginal posterior is Beta(n_v + a_v, N + A - n_v - a_v)
            has_posterior = n + a > 0 and total - n + pseudo_total - a > 0
            row["interval"] = credible_interval(n, total, a, pseudo_total - a, level) if has_posterior else UNDEFINED
        rows.append(row)
    return rows


def ml_or_undefined(count, total):
    """n / N, or "undefined" when N = 0 (nothing was counted)."""
    return ml_estimate(count, total) if total else UNDEFINED


def chosen(name, asked, known, what):
    """The asked-for classes or features (all when None), each checked against the model's."""
    if asked is None:
        return list(known)
    if isinstance(asked, (str, bytes)) or not hasattr(asked, "__iter__"):
        raise TypeError(f"{name} must be a list of {what}, or None for all of them; not {asked!r:.60}")
    asked = list(asked)
    members = set(known)
    for item in asked:
        if item not in members:
            shown = ", ".join(repr(one) for one in list(known)[:8])
            raise KeyError(f"{item!r} is not one of the model's {what} ({shown}{', ...' if len(members) > 8 else ''})")
    return asked


def class_prior_rows(model, classes, class_prior, level):
    """The class prior's rows: N_c of N examples, with the pseudo-counts b_c of ``class_prior`` (a Dirichlet or an MEstimate)."""
    if class_prior is None:
        class_prior = model.class_prior if isinstance(model.class_prior, (Dirichlet, MEstimate)) else Dirichlet(1)
    if not isinstance(class_prior, (Dirichlet, MEstimate)):
        raise TypeError("class_prior must be a Dirichlet or an MEstimate (pseudo-counts for the classes), "
                        f"not {class_prior!r:.60}")
    every = model.classes_
    counts = [model.class_counts_[label] for label in every]
    pseudo = [class_prior.pseudo_count(None, label, len(every)) for label in every]
    total, pseudo_total = sum(counts), sum(pseudo)
    whole = (pseudo_total, len(every), has_mode(counts, total, pseudo, pseudo_total))
    rows = distribution_rows(None, every, counts, total, pseudo, whole, class_prior, level)
    for row in rows:
        row["class"], row["feature"] = row["feature"], CLASS_PRIOR_FEATURE
    return [row for row in rows if row["class"] in classes]


def estimate_table(model, classes=None, features=None, level=0.95, prior=None, class_rows=True, class_prior=None):
    """Every estimate of a fitted MultinomialNB, BernoulliNB or CategoricalNB as ML, MAP and posterior mean, with a credible interval.

    One row per (class, value): a word of a multinomial model, a word's
    P(present) of a Bernoulli model, a (feature, category) pair of a
    categorical model.  Each row is a plain dict with the keys ``class``,
    ``feature``, ``n``, ``N``, ``a``, ``A`` (the pseudo-counts of the value
    and of its whole distribution), ``maximum likelihood``, ``MAP``,
    ``posterior mean`` and ``interval`` (low, high).  Counts and whole
    pseudo-counts give exact Fractions; an estimate that does not exist is
    the text "undefined" (n / 0, or a MAP whose mode lies on the boundary
    because some n_v + a_v < 1).

    * ``classes``, ``features``: the rows to show (all by default; a
      categorical model's features are its feature names, each with all its
      categories).  Each interval takes a few milliseconds: choose features
      for a large vocabulary.
    * ``level``: the interval's probability (0.95), or None for no interval.
    * ``prior``: the prior to read the counts with; None takes the model's
      own ``alpha`` (a number is the symmetric Dirichlet(alpha), Beta(alpha,
      alpha) for a Bernoulli word).
    * ``class_rows``: the class prior's rows first (feature "(class)"), with
      ``class_prior``'s pseudo-counts: None takes the model's class_prior if
      it is a Dirichlet or an MEstimate, else Dirichlet(1) (the model itself
      then uses the maximum-likelihood column, or the class_prior given).

    Returns a list of the rows that shows as a table (text and HTML).
    """
    if not isinstance(model, (MultinomialNB, BernoulliNB, CategoricalNB)):
        raise TypeError("estimate_table reads the counts of a MultinomialNB, BernoulliNB or CategoricalNB, "
                        f"not a {type(model).__name__}")
    model._check_fitted()
    if level is not None:
        if isinstance(level, bool) or not isinstance(level, (int, float, Fraction)) or not 0 < level < 1:
            raise ValueError(f"level must be a probability between 0 and 1, such as 0.95, or None; not {level!r:.60}")
    prior = prior_of(model, prior)
    classes = chosen("classes", classes, model.classes_, "classes")
    rows = class_prior_rows(model, classes, class_prior, level) if class_rows else []
    if isinstance(model, CategoricalNB):
        features = chosen("features", features, model.features_, "features")
        for label in classes:
            for feature in features:
                categories = model.categories_[feature]
                counts = [model.value_counts_[label][feature].get(value, 0) for value in categories]
                pseudo = [prior.pseudo_count(label, (feature, value), len(categories)) for value in categories]
                total, pseudo_total = model.feature_counts_[label][feature], sum(pseudo)
                whole = (pseudo_total, len(categories), has_mode(counts, total, pseudo, pseudo_total))
                rows += distribution_rows(label, [(feature, value) for value in categories], counts, total, pseudo,
                                          whole, prior, level)
        return EstimateTable(rows, level)
    words = chosen("features", features, model.vocabulary_, "words")
    for label in classes:
        counted = model.feature_counts_[label]
        if isinstance(model, BernoulliNB):  # each word its own distribution over present, absent
            total = model.class_counts_[label]
            for word in words:
                a, b = prior.binary_pseudo_counts(label, word)
                n = counted.get(word, 0)
                whole = (a + b, 2, has_mode([n, total - n], total, [a, b], a + b))
                rows += distribution_rows(label, [word], [n], total, [a], whole, prior, level)
        else:  # one distribution over the whole vocabulary
            vocabulary_size, total = len(model.vocabulary_), model.feature_totals_[label]
            pseudo = {word: prior.pseudo_count(label, word, vocabulary_size) for word in model.vocabulary_}
            every = list(model.vocabulary_)
            pseudo_total = sum(pseudo.values())
            mode = has_mode([counted.get(word, 0) for word in every], total, [pseudo[word] for word in every], pseudo_total)
            rows += distribution_rows(label, words, [counted.get(word, 0) for word in words], total,
                                      [pseudo[word] for word in words], (pseudo_total, vocabulary_size, mode), prior, level)
    return EstimateTable(rows, level)
