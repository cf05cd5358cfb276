"""Mixed naive Bayes: each feature gets the distribution that fits it, in one model.

Real tables mix kinds of features: the UCI Adult census has categories
(workclass, occupation), measurements (age, hours per week) and counts.
The naive assumption multiplies the features' probabilities whatever their
kinds, so one model can use a categorical distribution for one feature and a
Gaussian for the next:

    P(x | c) = prod over j of p_j(x_j | c),   each p_j of its own kind.

``distributions={feature: "categorical" | "gaussian" | "poisson" | "histogram" | "kernel"}``
names the kind of any feature; a feature left out is chosen from its training
values: booleans and strings are categorical, other numbers Gaussian.  The
choice is in ``distributions_``.  With every feature of one kind, MixedNB
gives the very numbers of that kind's own model (the tests check it).

>>> rows = [{"outlook": "sunny", "temperature": 30}, {"outlook": "rain", "temperature": 18},
...         {"outlook": "sunny", "temperature": 27}, {"outlook": "rain", "temperature": 15}]
>>> model = MixedNB().fit(rows, ["beach", "home", "beach", "home"])
>>> model.distributions_
{'outlook': 'categorical', 'temperature': 'gaussian'}
>>> model.predict([{"outlook": "rain", "temperature": 29}])
['beach']
"""

from naivebayes.core.priors import check_smoothing_or_prior
from naivebayes.plumbing.checks import as_setting, check_choice, check_smoothing, is_number
from naivebayes.naive_bayes.categorical import Categorical, check_categories
from naivebayes.naive_bayes.gaussian import Gaussian, check_ddof
from naivebayes.naive_bayes.histogram import Histogram
from naivebayes.naive_bayes.kernel import Kernel, check_bandwidth
from naivebayes.naive_bayes.poisson import Poisson
from naivebayes.naive_bayes.table_base import TableNaiveBayes, check_unseen
from naivebayes.tables.bins import STRATEGIES, check_n_bins

__all__ = ["MixedNB"]

DISTRIBUTIONS = {
    "categorical": Categorical,
    "gaussian": Gaussian,
    "poisson": Poisson,
    "histogram": Histogram,
    "kernel": Kernel,
}


class MixedNB(TableNaiveBayes):
    """Naive Bayes with a distribution of its own kind for each feature.

    Parameters
    ----------
    distributions : dict, optional
        {feature: "categorical" | "gaussian" | "poisson" | "histogram" | "kernel"};
        a feature not named is chosen from its training values (a DataFrame
        column of dtype ``category`` is categorical, as the frame declares).
        A name that is not a feature of X is refused at ``fit``, with the
        feature it probably meant.
    alpha : default 1
        The pseudo-count of the categorical, Poisson and histogram features.
    var_smoothing, ddof
        As for ``GaussianNB``, for the Gaussian features (the variance floor
        uses the largest variance among the Gaussian features).
    unseen, categories
        As for ``CategoricalNB``, for the categorical features.
    n_bins, strategy
        As for ``HistogramNB``, for the histogram features.
    bandwidth
        As for ``KernelNB``, for the kernel features (None: Silverman's rule per class).
    fit_prior, class_prior
        As for every model.
    """

    model_name = "mixed naive Bayes"
    distribution_kinds = DISTRIBUTIONS
    feature_settings = {"distributions": "its distribution", "categories": "its categories"}
    count_tables = {
        **TableNaiveBayes.count_tables,
        **Categorical.count_tables,
        **Gaussian.count_tables,
        **Poisson.count_tables,
        **Histogram.count_tables,
        **Histogram.feature_tables,
        **Kernel.count_tables,
    }
    counted_settings = Histogram.counted_settings  # (only when a feature is modelled with a histogram)
    class_tables = TableNaiveBayes.class_tables + (
        *Categorical.count_tables, *Gaussian.count_tables, *Poisson.count_tables, *Histogram.count_tables,
        *Kernel.count_tables,
    )
    lookup_tables = {
        **TableNaiveBayes.lookup_tables,
        **Categorical.lookup_tables,
        **Gaussian.lookup_tables,
        **Poisson.lookup_tables,
        **Histogram.lookup_tables,
        **Kernel.lookup_tables,
    }

    def __init__(
        self,
        distributions=None,
        alpha=1,
        var_smoothing=1e-9,
        ddof=0,
        unseen="ignore",
        categories=None,
        n_bins=10,
        strategy="uniform",
        fit_prior=True,
        class_prior=None,
        bandwidth=None,
    ):
        self.distributions = check_distributions(distributions)
        self.alpha = check_smoothing_or_prior(alpha, "MixedNB", ())  # (a number: no prior here)
        self.var_smoothing = check_smoothing("var_smoothing", var_smoothing, hint="1e-9 is scikit-learn's default")
        self.ddof = check_ddof(ddof)
        self.unseen = check_unseen(unseen)
        self.categories = check_categories(categories)
        self.n_bins = check_n_bins(n_bins)
        self.strategy = check_choice("strategy", strategy, STRATEGIES)
        self.bandwidth = check_bandwidth(bandwidth)
        super().__init__(fit_prior=fit_prior, class_prior=class_prior)

    def _check_named_features(self):
        """The named features are features, and each is modelled as its setting says (a setting assigned after fit too).

        A feature's counts are those of its kind, so ``model.distributions = {...}``
        naming another kind for a fitted feature cannot take effect without
        training again; ``categories`` for a feature that is not categorical
        would be ignored.
        """
        super()._check_named_features()
        for feature, name in (self.distributions or {}).items():
            learned = self.distributions_.get(feature, name)
            if learned != name:
                raise ValueError(
                    f"distributions names {name!r} for {feature!r}, but the model learned {feature!r} as {learned} "
                    f"and its counts are of that kind; train a new model with it: MixedNB(distributions="
                    f"{{{feature!r}: {name!r}}}).fit(X, y)"
                )
        for feature in self.categories or {}:
            learned = self.distributions_.get(feature, "categorical")
            if learned != "categorical":
                raise ValueError(
                    f"categories names {feature!r}, which the model takes as {learned}, so they would be ignored; "
                    f"name its kind too, distributions={{{feature!r}: 'categorical'}}, or leave it out of categories"
                )

    def _choose_distribution(self, feature, values):
        """The named distribution, else categorical for booleans and strings and Gaussian for numbers."""
        if feature in (self.distributions or {}):
            return self.distributions[feature]
        if self.categories and feature in self.categories:
            return "categorical"
        if feature in getattr(self, "declared_categories", ()):
            return "categorical"  # a pandas category column: categories, as the frame declares
        kinds = set(map(type, values))  # (a column at a time, in C)
        if kinds <= {int, float}:
            return "gaussian"  # plain numbers, decided quickly
        if kinds <= {str, bool}:
            return "categorical"  # plain categories, decided quickly
        numbers = [value for value in values if is_number(value)]  # (an unusual column: value by value)
        if not numbers:
            return "categorical"  # strings, booleans, tuples, ...: categories
        if len(numbers) == len(values):
            return "gaussian"
        other = next(value for value in values if not is_number(value))
        raise ValueError(
            f"feature {feature!r} mixes numbers (such as {numbers[0]!r}) with other values (such as "
            f"{other!r}); if {other!r} marks a missing value, pass None instead (read_csv(missing=...) "
            f"does this), or name the feature's kind: distributions={{{feature!r}: 'categorical'}}"
        )


def check_distributions(distributions):
    """None, or {feature: one of the five distribution names}."""
    if distributions is None:
        return None
    if not isinstance(distributions, dict):
        raise TypeError(
            "distributions must be a dict {feature: 'categorical' | 'gaussian' | 'poisson' | 'histogram' | 'kernel'}"
        )
    for feature, name in distributions.items():
        if name not in DISTRIBUTIONS:
            raise ValueError(
                f"distributions[{feature!r}] = {name!r}; use one of {', '.join(map(repr, DISTRIBUTIONS))}"
            )
    return as_setting(distributions)
