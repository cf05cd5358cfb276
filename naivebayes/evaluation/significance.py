"""Is classifier A really better than B, or did it get lucky on this test set?  The paired bootstrap test.

Jurafsky and Martin, *Speech and Language Processing* (3rd ed. draft),
section 4.9.1 and its Figure 4.9, after Berg-Kirkpatrick et al. (2012):

1. delta(x) = M(A, x) - M(B, x): how much better A does than B on the
   test set x, by the metric M (accuracy unless you pass another);
2. b times: draw a bootstrap sample x^(i), n examples of x drawn at random
   with replacement (the same examples for A and B: the test is paired),
   and compute delta(x^(i));
3. count the samples with delta(x^(i)) > 2 delta(x), and divide by b.

The samples were drawn from x, which favours A by delta(x), so their deltas
centre on delta(x), not on 0; a sample beats that by delta(x) or more when
delta(x^(i)) > 2 delta(x).  A small share (below 0.01, say) means the
observed delta(x) would rarely arise by chance if A were no better than B.
The test is one-sided: it asks whether A is better, so a delta(x) <= 0
gives a large p-value.

The draws are numpy's: ``RandomState(seed).randint(0, n, size=n)`` for
each sample in turn, in plain Python (``naivebayes/plumbing/random_numpy.py``),
so the same seed gives the same answer here and in a numpy version.

>>> y = ["pos"] * 10
>>> a = ["pos"] * 7 + ["neg"] * 3          # A is right 7 times in 10
>>> b = ["pos"] * 5 + ["neg"] * 5          # B 5 times
>>> result = paired_bootstrap_test(y, a, b, n_samples=1000, random_state=0)
>>> result.delta
0.2000
>>> 0 <= result.p_value <= 1, result.n_samples
(True, 1000)
"""

from fractions import Fraction
from numbers import Real

from naivebayes.core.arithmetic import ratio
from naivebayes.evaluation.metrics import Score, accuracy
from naivebayes.plumbing.checks import as_list
from naivebayes.plumbing.random_numpy import check_random_state

__all__ = ["paired_bootstrap_test", "bootstrap_sample", "bootstrap_p_value"]


# --8<-- [start:eq-bootstrap-sample]
def bootstrap_sample(n, generator):
    """x^(i) = (x_(j_1), ..., x_(j_n)), each j_k drawn at random from 0 .. n-1, with replacement: the positions drawn.

    ``generator.randint(0, n, size=n)``, as numpy's legacy ``RandomState`` draws it.

    Formula: docs/curves-and-significance.md#eq-bootstrap-sample
    """
    return generator.randint(0, n, size=n)
# --8<-- [end:eq-bootstrap-sample]


# --8<-- [start:eq-bootstrap-p-value]
def bootstrap_p_value(sample_deltas, delta):
    """p-value(x) = (1/b) * #{i : delta(x^(i)) > 2 delta(x)}: the share of the b samples where A beats expectations.

    Formula: docs/curves-and-significance.md#eq-bootstrap-p-value
    """
    beating = sum(1 for sample_delta in sample_deltas if sample_delta > 2 * delta)
    return ratio(beating, len(sample_deltas))
# --8<-- [end:eq-bootstrap-p-value]


class BootstrapResult:
    """What ``paired_bootstrap_test`` found: ``delta``, ``p_value``, ``n_samples``, ``n_beating`` and every sample's delta.

    ``sample_deltas`` holds delta(x^(i)) for each sample in the order drawn;
    ``n_beating`` is how many of them exceed 2 delta(x).
    """

    def __init__(self, delta, sample_deltas, p_value, n_examples, metric_name):
        self.delta = delta
        self.sample_deltas = sample_deltas
        self.p_value = p_value
        self.n_samples = len(sample_deltas)
        self.n_beating = round(p_value * self.n_samples)
        self.n_examples = n_examples
        self.metric_name = metric_name

    def __repr__(self):
        return (
            f"paired bootstrap test: delta = {self.metric_name}(A) - {self.metric_name}(B) = {show(self.delta)} "
            f"on {self.n_examples:,} examples; {self.n_beating:,} of {self.n_samples:,} samples have "
            f"delta > 2 delta = {show(2 * self.delta)}; p-value = {show(self.p_value)}"
        )

    __str__ = __repr__


def show(value):
    """A number as four decimals (a float's repr would show 0.30000000000000004)."""
    return f"{float(value):.4f}"


def metric_difference(metric, y_true, predictions_a, predictions_b):
    """delta = M(A) - M(B) on one set of examples, exact when the metric is."""
    return metric(y_true, predictions_a) - metric(y_true, predictions_b)


def paired_bootstrap_test(y_true, predictions_a, predictions_b, metric=accuracy, n_samples=10_000, random_state=0):
    """The paired bootstrap test of Jurafsky and Martin's Figure 4.9: is A better than B by ``metric``?

    ``metric(y_true, y_pred)`` is any score where higher is better
    (accuracy, or ``lambda y, p: f1_score(y, p, average="macro")``).
    ``random_state`` seeds numpy's legacy generator, so the answer repeats
    (None draws a new seed each call).  Returns a ``BootstrapResult`` that
    prints delta, the p-value and the number of samples.  It evaluates the
    metric 2 b times on n examples: for 2,000 examples and b = 10,000 about
    two minutes in pure Python.
    """
    y_true = as_list("y_true", y_true, "labels")
    predictions_a = as_list("predictions_a", predictions_a, "labels")
    predictions_b = as_list("predictions_b", predictions_b, "labels")
    n = len(y_true)
    if n == 0:
        raise ValueError("y_true is empty; the test needs the test set's labels and both classifiers' predictions")
    for name, predictions in (("predictions_a", predictions_a), ("predictions_b", predictions_b)):
        if len(predictions) != n:
            raise ValueError(
                f"y_true has {n} labels but {name} has {len(predictions)}; both classifiers must predict "
                "every example of the same test set, in the same order"
            )
    if not callable(metric):
        raise TypeError(f"metric={metric!r} is not a function; pass one such as accuracy, called as metric(y_true, y_pred)")
    if isinstance(n_samples, bool) or not isinstance(n_samples, int) or n_samples < 1:
        raise ValueError(f"n_samples={n_samples!r}; it must be a whole number >= 1, such as 10_000")
    scores = [metric(y_true, predictions_a), metric(y_true, predictions_b)]  # (checks the labels once)
    for score in scores:
        if isinstance(score, bool) or not isinstance(score, Real):
            raise TypeError(f"metric returned {score!r}; it must return a number, such as accuracy(y_true, y_pred)")
    delta = scores[0] - scores[1]
    if isinstance(delta, Fraction):
        delta = Score(delta)  # exact, shown as four decimals
    generator = check_random_state(random_state)
    sample_deltas = []
    for _ in range(n_samples):
        positions = bootstrap_sample(n, generator)
        sample_deltas.append(metric_difference(
            metric, [y_true[j] for j in positions], [predictions_a[j] for j in positions],
            [predictions_b[j] for j in positions]))
    p_value = Score(bootstrap_p_value(sample_deltas, delta))
    name = getattr(metric, "__name__", "")
    return BootstrapResult(delta, sample_deltas, p_value, n, name if name.isidentifier() else "M")
