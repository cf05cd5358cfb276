"""Histogram naive Bayes: a piecewise-constant density per class and feature.

The blog post on naive Bayes with TensorFlow Probability notes that
Mathematica models each feature with a piecewise-constant density instead of
a bell curve.  Here the range of each feature is cut into B bins, with edges
learned from the training values of all classes together (see
``naivebayes/tables/bins.py``), and each class gets a histogram over them:

* ``bin_edges_[j]`` -- the B + 1 edges of feature j, shared by every class;
* ``bin_counts_[c][j][b]`` -- n_jbc, the class-c rows whose value of j falls in bin b;
* p(x_j | c) = P(bin b | c) / w_b, the probability of the bin spread evenly over
  its width w_b, with P(bin b | c) = (n_jbc + alpha) / (n_jc + alpha B).

Because every class shares the bin edges, the width w_b is the same factor in
every class's P(x, c), and Bayes' rule divides it out: the classifier ranks
classes exactly as categorical naive Bayes over the bins does.

>>> model = HistogramNB(n_bins=2).fit([[1.0], [1.5], [3.0], [2.5], [2.9]], ["a", "a", "a", "b", "b"])
>>> model.bin_edges_, model.bin_counts_
({0: [1.0, 2.0, 3.0]}, {'a': {0: [2, 1]}, 'b': {0: [0, 2]}})
>>> model.predict([[1.2], [2.7]])
['a', 'b']

Whole numbers get float edges too (worked out exactly, rounded once: each
whole number falls in the bin the exact edge gives it, see
``naivebayes/tables/bins.py``) and float densities; ``Fraction`` values get
exact edges and densities, to check a hand calculation with ``==``:

>>> HistogramNB(n_bins=2).fit([[0], [1], [4], [3], [4]], ["a", "a", "a", "b", "b"]).likelihood(0, 1, "a")
0.3
>>> exact = [[Fraction(x)] for x in [0, 1, 4, 3, 4]]
>>> HistogramNB(n_bins=2).fit(exact, ["a", "a", "a", "b", "b"]).likelihood(0, 1, "a")  # (2 + 1) / (3 + 2) / 2
Fraction(3, 10)

The edges are learned by the first ``fit`` or ``partial_fit`` and then kept,
so a later ``partial_fit`` bins its values with them (a value beyond the
ends falls into the nearest end bin).
"""

import math

from naivebayes.core.arithmetic import Fraction, log, ratio
from naivebayes.core.priors import check_smoothing_or_prior
from naivebayes.plumbing.checks import check_choice
from naivebayes.naive_bayes.gaussian import check_measurement, check_measurement_row, is_finite_float, plain_measurements
from naivebayes.naive_bayes.generative import cumulative_weights, draw_index, mixture_mean_variance
from naivebayes.naive_bayes.table_base import TableNaiveBayes
from naivebayes.tables.bins import STRATEGIES, bin_counts, bin_index, check_n_bins, quantile_edges, uniform_edges

__all__ = [
    "HistogramNB",
    "Histogram",
    "histogram_bin_probability",
    "histogram_log_density",
    "histogram_log_terms",
    "histogram_draw",
    "histogram_mean_variance",
]


# --8<-- [start:eq-histogram-bin-probability]
def histogram_bin_probability(count, total, alpha, n_bins):
    """P(bin b | c) = (n_jbc + alpha) / (n_jc + alpha B): the categorical estimate over the B bins.

    Formula: docs/histogram.md#eq-histogram-bin-probability
    """
    return ratio(count + alpha, total + alpha * n_bins)
# --8<-- [end:eq-histogram-bin-probability]


# --8<-- [start:eq-histogram-density]
def histogram_log_density(count, total, alpha, n_bins, width):
    """log p(x_j | c) = log P(bin b | c) - log w_b, for the bin b that holds x_j.

    log P(bin b | c) is taken as log(n_jbc + alpha) - log(n_jc + alpha B), the
    log of ``histogram_bin_probability`` without making the Fraction.

    Formula: docs/histogram.md#eq-histogram-density
    """
    return log(count + alpha) - log(total + alpha * n_bins) - log(width)
# --8<-- [end:eq-histogram-density]


# --8<-- [start:eq-histogram-term]
def histogram_log_terms(edges, log_density_rows, value):
    """(log p(x_j | c) for every class c): the row of the bin b that holds x_j, found by bisection over the edges.

    ``log_density_rows[b]`` holds ``histogram_log_density`` of bin b for
    every class, worked out when training ended.

    Formula: docs/histogram.md#eq-histogram-term
    """
    b = bin_index(edges, value)  # e_b <= x_j < e_(b+1); the first and last bins reach to -inf and +inf
    return log_density_rows[b]
# --8<-- [end:eq-histogram-term]


# --8<-- [start:eq-histogram-sample]
def histogram_draw(generator, edges, cumulative):
    """A bin b drawn with P(bin b | c), then x = e_b + u w_b with u uniform in [0, 1): uniform within the bin.

    ``cumulative`` holds the running totals of the bin weights n_jbc + alpha
    (``draw_index`` divides by their sum).  Two ``generator.random()`` calls.

    Formula: docs/generative.md#eq-histogram-sample
    """
    b = draw_index(generator.random(), cumulative)  # the bin
    low, high = float(edges[b]), float(edges[b + 1])
    return low + generator.random() * (high - low)  # a point of it, every one equally likely
# --8<-- [end:eq-histogram-sample]


# --8<-- [start:eq-histogram-moments]
def histogram_mean_variance(bin_probabilities, edges):
    """The mean sum_b P_b m_b and variance sum_b P_b (m_b^2 + w_b^2 / 12) - mean^2 of a piecewise-constant density.

    Within bin b the density is uniform, with mean m_b = (e_b + e_{b+1}) / 2
    and variance w_b^2 / 12 (w_b = e_{b+1} - e_b).  Exact for exact edges and
    probabilities.

    Formula: docs/generative.md#eq-histogram-moments
    """
    middles = [ratio(low + high, 2) for low, high in zip(edges, edges[1:])]  # m_b
    within = [ratio((high - low) ** 2, 12) for low, high in zip(edges, edges[1:])]  # w_b^2 / 12
    return mixture_mean_variance(bin_probabilities, middles, within)
# --8<-- [end:eq-histogram-moments]


def bin_widths(edges):
    """The width of each bin; a constant feature's single bin counts as width 1 (it cancels anyway)."""
    widths = [high - low for low, high in zip(edges, edges[1:])]
    return [width if width else 1 for width in widths]


class Histogram:
    """A piecewise-constant density of one feature, per class, over bins shared by all classes.

    Count tables ``bin_counts_[c][j]`` (a list, one count per bin) and
    ``bin_edges_[j]`` (kept by later batches); in ``feature_lookups_[j]``,
    the edges and, per bin, log p(x_j | c) for c in ``classes_``.
    """

    name = "histogram"
    count_tables = {"bin_counts_": {}}  # {label: {feature: [n_jbc for each bin b]}}
    feature_tables = {"bin_edges_": {}}  # {feature: [edges]}, learned by the first batch, then kept
    lookup_tables = {}
    counted_settings = {"n_bins": "histogram", "strategy": "histogram"}  # the bins the counts fall in: fixed once trained
    exact = True  # every density is a ratio: exact when the edges are (Fraction values), else a float
    holds = "density"  # what an explanation shows beside a term: the bin's probability over its width
    leaves_unseen_out = False  # every value falls in a bin (the end bins reach to -inf and +inf)

    @staticmethod
    def continue_from(model, previous):
        model.bin_edges_ = {**previous.bin_edges_, **model.bin_edges_}  # later batches keep the first batch's edges

    @staticmethod
    def plain_values(model, feature, values):
        return plain_measurements(values)

    @staticmethod
    def check_value(model, feature, value, where, training):
        return check_measurement(feature, value, where, "a histogram")

    @staticmethod
    def check_values(model, values, where):
        return check_measurement_row(values, where, "a histogram")

    @staticmethod
    def count(model, feature, values_by_label):
        if feature not in model.bin_edges_:
            values = [value for values in values_by_label.values() for value in values]
            low, high = min(values), max(values)
            if not is_finite_float(high - low):  # then a bin could be wider than any float
                raise ValueError(
                    f"feature {feature!r} ranges from {float(low):.6g} to {float(high):.6g}, wider than the "
                    "largest float (about 1.8e308), so the widths of its bins have no float; rescale the "
                    "feature, such as dividing it by a power of ten"
                )
            edges_of = uniform_edges if model.strategy == "uniform" else quantile_edges
            model.bin_edges_[feature] = edges_of(values, model.n_bins)
        edges = model.bin_edges_[feature]
        for label, values in values_by_label.items():
            model.bin_counts_.setdefault(label, {})[feature] = bin_counts(edges, values)  # n_jbc, a column at a time

    @staticmethod
    def merge(merged, a, b, feature):
        n_bins = len(merged.bin_edges_[feature]) - 1
        for label in merged.class_counts_:
            counts = [0] * n_bins
            for model in (a, b):
                for position, n in enumerate(model.bin_counts_.get(label, {}).get(feature, [])):
                    counts[position] += n
            merged.bin_counts_.setdefault(label, {})[feature] = counts

    @staticmethod
    def build_lookups(model, features):
        for feature in features:
            edges = model.bin_edges_[feature]
            n_bins = len(edges) - 1
            rows = []
            for b, width in enumerate(bin_widths(edges)):
                row = []
                for label in model.classes_:
                    total = model.feature_counts_[label][feature]
                    if total + model.alpha * n_bins == 0:
                        raise ValueError(
                            f"feature {feature!r} has no values in class {label!r}, so with alpha = 0 "
                            "its bin probabilities are 0/0; use alpha > 0, or drop the feature"
                        )
                    count = model.bin_counts_[label][feature][b]
                    row.append(histogram_log_density(count, total, model.alpha, n_bins, width))
                rows.append(tuple(row))
            # A whole-number edge is kept as an int for the lookup: the same value, compared without a Fraction.
            whole = [edge.numerator if type(edge) is Fraction and edge.denominator == 1 else edge for edge in edges]
            model.feature_lookups_[feature] = (whole, rows)

    @staticmethod
    def log_terms(model, feature, value):
        edges, rows = model.feature_lookups_[feature]
        return histogram_log_terms(edges, rows, value)

    @staticmethod
    def likelihoods(model, feature, value):
        edges = model.feature_lookups_[feature][0]  # the bin edges, whole numbers as ints
        n_bins = len(edges) - 1
        b = bin_index(edges, value)
        width = edges[b + 1] - edges[b]  # w_b
        if not width:  # a constant feature's single bin counts as width 1 (1.0 between float edges: the density stays a float)
            width = width + 1
        if type(width) is float:  # a float density: the probability worked out in floats (n_jc as a float), no Fraction
            return tuple([
                histogram_bin_probability(
                    model.bin_counts_[label][feature][b], float(model.feature_counts_[label][feature]), model.alpha, n_bins
                ) / width
                for label in model.classes_
            ])
        probabilities = [
            histogram_bin_probability(
                model.bin_counts_[label][feature][b], model.feature_counts_[label][feature], model.alpha, n_bins
            )
            for label in model.classes_
        ]
        if type(width) in (int, Fraction) and all(type(p) is Fraction for p in probabilities):  # exact: a/b / (c/d) = ad / bc
            return tuple([Fraction(p.numerator * width.denominator, p.denominator * width.numerator) for p in probabilities])
        return tuple([p / width for p in probabilities])

    @staticmethod
    def bin_probabilities(model, feature, label):
        """[P(bin b | c) for each bin b] = (n_jbc + alpha) / (n_jc + alpha B)."""
        counts = model.bin_counts_[label][feature]
        total = model.feature_counts_[label][feature]
        return [histogram_bin_probability(count, total, model.alpha, len(counts)) for count in counts]

    @staticmethod
    def draw(model, feature, label, generator):
        """A value drawn from the class's histogram: a bin by its probability, then a point within it."""
        weights = [count + model.alpha for count in model.bin_counts_[label][feature]]  # n_jbc + alpha
        return histogram_draw(generator, model.bin_edges_[feature], cumulative_weights(weights))

    @staticmethod
    def predictive(model, feature, weights):
        """(the mean, {"mean": ..., "variance": ...}) of sum_c P(c | observed) p_j(x_j | c).

        A clear error if the values are so large that the variance, a sum of
        squares, is beyond the largest float.
        """
        edges = model.bin_edges_[feature]
        try:
            moments = [
                histogram_mean_variance(Histogram.bin_probabilities(model, feature, label), edges)
                for label in model.classes_
            ]
            mean, variance = mixture_mean_variance(weights, [m for m, _ in moments], [v for _, v in moments])
        except OverflowError:  # a squared bin width
            mean = variance = math.inf
        if not (is_finite_float(mean) and is_finite_float(variance)):
            raise ValueError(
                f"feature {feature!r} has values too large for the variance of its histogram (a sum of "
                "squares) to be a finite float; rescale the feature, such as dividing it by a power of ten"
            )
        return mean, {"mean": mean, "variance": variance}


class HistogramNB(TableNaiveBayes):
    """Naive Bayes with a histogram (a piecewise-constant density) per class and numeric feature.

    Parameters
    ----------
    n_bins : int, default 10
        The number of bins B per feature (quantile bins may merge into fewer).
    strategy : "uniform" or "quantile", default "uniform"
        Bins of equal width, or bins holding about equally many training values.
    alpha : int, Fraction or float, default 1
        Pseudo-rows per bin, as in categorical naive Bayes; 0 lets an empty
        bin rule a class out.
    fit_prior, class_prior
        As for every model.
    """

    model_name = "histogram naive Bayes"
    distribution_kinds = {"histogram": Histogram}
    count_tables = {**TableNaiveBayes.count_tables, **Histogram.count_tables, **Histogram.feature_tables}
    class_tables = TableNaiveBayes.class_tables + tuple(Histogram.count_tables)
    counted_settings = Histogram.counted_settings
    lookup_tables = {**TableNaiveBayes.lookup_tables, **Histogram.lookup_tables}

    def __init__(self, n_bins=10, strategy="uniform", alpha=1, fit_prior=True, class_prior=None):
        self.n_bins = check_n_bins(n_bins)
        self.strategy = check_choice("strategy", strategy, STRATEGIES)
        self.alpha = check_smoothing_or_prior(alpha, "HistogramNB", ())  # (a number: no prior here)
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)
