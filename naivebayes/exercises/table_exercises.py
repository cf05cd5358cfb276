"""The exercises on tables of values: categorical and Gaussian estimates, the full joint table, mutual information.

Each is an ``Exercise`` around the function the models call (docs/categorical.md,
docs/gaussian.md, docs/why-naive.md).  The hand-computed answers come from
Mitchell's PlayTennis days (the categorical model of "Lecture #7: Naïve
Bayes"), the lecture's truth table of A, B and C and its parameter counts,
the iris flowers (exact, as Fractions) and the Gaussians fitted to them in
the blog post on a naive Bayes classifier with TensorFlow Probability.
"""

import math
from fractions import Fraction

from naivebayes.core.information import mutual_information
from naivebayes.exercises.checking import AtScale, Case, Exercise, Mistake, Reproduction, returns_and_table, same_answer
from naivebayes.exercises.reproductions import (
    adult_long_hours_income,
    adult_missing,
    iris_accuracy,
    iris_sepal_statistic,
    play_tennis_pair_information,
    play_tennis_parameters,
    play_tennis_posterior,
    small_gaussian_posterior,
    truth_table_parameters,
    truth_table_probability,
)
from naivebayes.datasets.shipped import load_iris
from naivebayes.inspect.pixel_pictures import class_pictures, expected_value
from naivebayes.naive_bayes.categorical import CategoricalNB, add_categorical_counts, categorical_likelihood
from naivebayes.naive_bayes.gaussian import GaussianNB, gaussian_log_density, gaussian_mean, gaussian_variance, squared_deviations
from naivebayes.other_models.joint import cell_probability, joint_parameter_count, naive_parameter_count

__all__ = []  # (a user asks for an exercise by name: naivebayes.exercises.exercise)

LECTURE_7 = "Lecture #7: Naïve Bayes"
CORNELL_8 = "Cornell Tech's Lecture 8: Naive Bayes"
PIXELS = "the digits page of this library: a categorical model's picture of each pixel (no note derives it)"
TFP_BLOG = "the blog post on a naive Bayes classifier with TensorFlow Probability"

# PlayTennis, counted by hand from Mitchell's 14 days (docs/categorical.md).
NO_OUTLOOKS = ["sunny", "sunny", "rain", "sunny", "rain"]  # days 1, 2, 6, 8, 14
YES_OUTLOOKS = ["overcast", "rain", "rain", "overcast", "sunny", "rain", "sunny", "overcast", "overcast"]

# The iris sepal lengths of the 50 setosa flowers, in tenths of a centimetre (load_iris(exact=True) gives n/10).
SETOSA_SEPAL_LENGTHS = [51, 49, 47, 46, 50, 54, 46, 50, 44, 49, 54, 48, 48, 43, 58, 57, 54, 51, 57, 51, 54, 51, 46,
                        51, 48, 50, 50, 52, 52, 47, 48, 54, 52, 55, 49, 50, 55, 49, 44, 51, 50, 45, 44, 50, 51, 48,
                        51, 46, 53, 50]
SETOSA_CM = [Fraction(n, 10) for n in SETOSA_SEPAL_LENGTHS]
# Worked out from the tenths: sum 2503, sum of squares 125,909; M = (125909 - 2503^2 / 50) / 100 = 6.0882.
SETOSA_MEAN = Fraction(2503, 500)
SETOSA_SQUARED_DEVIATIONS = Fraction(125909 * 50 - 2503 ** 2, 50 * 100)


def in_play_tennis(label="yes", **settings):
    model = "CategoricalNB(" + ", ".join(f"{name}={value!r}" for name, value in settings.items()) + ")"
    return Reproduction(model + " on Mitchell's PlayTennis days gives P(" + label + " | the test day) = {value}",
                        lambda: play_tennis_posterior(CategoricalNB, label, **settings), digits=4)


def in_iris():
    return Reproduction("GaussianNB on all 150 iris flowers gives a training accuracy of {value}",
                        lambda: iris_accuracy(GaussianNB), digits=4)


# -- categorical counts -----------------------------------------------------------


def draw_values(generator):
    values = generator.sample(["sunny", "overcast", "rain", "hot", "mild", "cool", True, 3, (0, 1)],
                              generator.randint(1, 4))
    table = {value: generator.randint(1, 9) for value in values if generator.random() < 0.4}
    return table, [generator.choice(values) for _ in range(generator.randint(0, 20))]


def counts_not_added(value_counts, values):
    counts = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return counts  # a new table; the one given is left as it was


def counts_from_one(value_counts, values):
    for value in values:
        value_counts[value] = value_counts.get(value, 1) + 1


def counts_overwritten(value_counts, values):
    for value in values:
        value_counts[value] = values.count(value)


def counts_set_not_added(value_counts, values):
    for value in values:
        value_counts[value] = 1


def counts_first_missed(value_counts, values):
    add_categorical_counts(value_counts, values[1:])


def table_only(got, expected):
    """The table after the call is what counts; the function may return nothing or that same table."""
    table, returned = got
    if expected[1] is not None:  # a planted mistake that returns a new table: compare both
        return same_answer(got, expected)
    return same_answer(table, expected[0]) and (returned is None or returned is table or same_answer(returned, table))


CATEGORICAL_COUNTS = Exercise(
    name="categorical-counts",
    title="Counting each value of a feature in a class",
    formula_id="eq-categorical-count",
    page="categorical.md",
    notes=(LECTURE_7,),
    function=add_categorical_counts,
    latex=r"n_{jvc} = \#\{i : y_i = c \text{ and } x_{ij} = v\}, \qquad n_{jc} = \sum_v n_{jvc}",
    arguments={"value_counts": "the dict {v: n_jvc} of one feature j in class c so far; add to it in place",
               "values": "the values v of feature j in the class-c rows, such as ['sunny', 'rain', 'sunny']"},
    returns="nothing: value_counts itself now holds n_jvc for every value, old counts plus new",
    hand_cases=[
        Case(({}, NO_OUTLOOKS), ({"sunny": 3, "rain": 2}, None), "PlayTennis: the outlooks of the 5 no days"),
        Case(({}, YES_OUTLOOKS), ({"overcast": 4, "rain": 3, "sunny": 2}, None), "PlayTennis: the 9 yes days"),
        Case(({"sunny": 3, "rain": 2}, ["rain", "overcast"]), ({"sunny": 3, "rain": 3, "overcast": 1}, None),
             "two more days added to the counts so far"),
        Case(({"sunny": 3}, []), ({"sunny": 3}, None), "no values: the table stays as it was"),
        Case(({}, [(0, 0, 0), (1, 1, 0), (0, 0, 0)]), ({(0, 0, 0): 2, (1, 1, 0): 1}, None),
             "cells of the lecture's truth table, each a tuple of values"),
    ],
    draw=draw_values,
    mistakes=[
        Mistake("a new table", "the counts must go into the table you are given (value_counts), which already "
                "holds the counts so far: add to it, do not build a new one", counts_not_added),
        Mistake("starts at 1", "a value seen once must count 1: a new value starts at 0 before its first row adds 1",
                counts_from_one),
        Mistake("counts so far lost", "the counts so far are replaced: each row adds 1 to what the table holds",
                counts_overwritten),
        Mistake("set, not added", "every count is 1: each row must add 1 to its value's count, not set it",
                counts_set_not_added),
        Mistake("first value missed", "the first value is not counted: the loop must visit every value",
                counts_first_missed),
    ],
    hint="n_jvc is how many of the class's rows have the value v: add 1 to its entry for each row",
    observe=returns_and_table,
    compare=table_only,
    reproductions=[
        in_play_tennis(),
        Reproduction("JointTable on the lecture's twenty A, B, C records gives P(A = 1, B = 1, C = 0) = {value}",
                     lambda: truth_table_probability({"A": 1, "B": 1, "C": 0}), published=0.25, digits=2),
    ],
)


# -- the categorical estimate -----------------------------------------------------


def draw_categorical(generator):
    total = generator.randint(0, 60)
    alpha = generator.choice([1, 1, Fraction(1, 2), 2, 0.01] + ([0] if total else []))
    return generator.randint(0, total), total, alpha, generator.randint(1, 8)


CATEGORICAL_ESTIMATE = Exercise(
    name="categorical-estimate",
    title="The smoothed estimate of a categorical feature",
    formula_id="eq-categorical-lidstone",
    page="categorical.md",
    notes=(LECTURE_7,),
    function=categorical_likelihood,
    latex=r"\hat P(x_j = v \mid c) = \frac{n_{jvc} + \alpha}{n_{jc} + \alpha K_j}",
    arguments={"count": "n_jvc, the class-c rows in which feature j has the value v",
               "total": "n_jc, the class-c rows in which feature j has any value",
               "alpha": "the pseudo-rows added for each value (1 is Laplace, 0 no smoothing)",
               "n_categories": "K_j, the number of values feature j can take (in any class, also those class c never saw)"},
    returns="P(x_j = v | c), a number in [0, 1] (a Fraction when the inputs are whole numbers is best: it is exact)",
    hand_cases=[
        Case((3, 5, 1, 3), Fraction(1, 2), "PlayTennis: P(sunny | no), Laplace, outlook has 3 values"),
        Case((3, 9, 1, 2), Fraction(4, 11), "PlayTennis: P(high | yes), Laplace, humidity has 2 values"),
        Case((0, 5, 1, 3), Fraction(1, 8), "P(overcast | no): class no never saw overcast, but it is still one of K_j = 3"),
        Case((3, 5, 0, 3), Fraction(3, 5), "P(sunny | no) without smoothing, as Mitchell computes it"),
        Case((0, 5, 0, 3), Fraction(0), "an unseen value without smoothing: probability 0"),
        Case((0, 40, 1, 2), Fraction(1, 42), "the lecture's Laplace rule (0 + 1) / (N_y + 2), for a word never seen"),
        Case((2, 4, Fraction(1, 2), 4), Fraction(5, 12), "alpha = 1/2: (2 + 1/2) / (4 + 2)"),
    ],
    draw=draw_categorical,
    mistakes=[
        Mistake("no smoothing", "the smoothing is left out: alpha is added to the count, and alpha K_j to the total",
                lambda count, total, alpha, k: count / total),
        Mistake("alpha once below", "the denominator adds alpha once; it needs alpha for each of the K_j values, "
                "alpha K_j, so that the K_j probabilities sum to 1", lambda count, total, alpha, k: (count + alpha) / (total + alpha)),
        Mistake("always Laplace", "this adds 1 whatever alpha is: the pseudo-rows are alpha per value, not 1",
                lambda count, total, alpha, k: (count + 1) / (total + k)),
        Mistake("arguments swapped", "this divides the total by the count: the estimate is the value's count over "
                "the class's total, check the order of the arguments",
                lambda count, total, alpha, k: (total + alpha) / (count + alpha * k)),
        Mistake("alpha K_j above", "alpha K_j belongs in the denominator; the numerator adds alpha once",
                lambda count, total, alpha, k: (count + alpha * k) / (total + alpha * k)),
        Mistake("whole-number division", "// rounds down to a whole number: use / (or Fraction) for a share",
                lambda count, total, alpha, k: (count + alpha) // (total + alpha * k)),
    ],
    hint="add alpha pseudo-rows to each of the K_j values: alpha above, alpha K_j below",
    reproductions=[in_play_tennis(), in_play_tennis("no", alpha=0)],
)


# -- the expected value of a categorical feature (a pixel's grey level) ----------


def draw_distribution(generator):
    values = generator.sample(range(17), generator.randint(1, 17))
    weights = [generator.randint(0, 9) for _ in values]
    if not any(weights):
        weights[0] = 1
    total = sum(weights)
    if generator.random() < 0.3:
        return ({value: weight / total for value, weight in zip(values, weights)},)
    return ({value: Fraction(weight, total) for value, weight in zip(values, weights)},)


def iris_expected_setosa_sepal_length():
    """CategoricalNB(alpha=0) on the 150 iris flowers: setosa's expected sepal length, drawn as a class picture."""
    rows, labels, features = load_iris(exact=True)  # the lengths as exact tenths, so the answer is exact too
    model = CategoricalNB(alpha=0).fit([[row[feature] for feature in features] for row in rows], labels)
    picture = class_pictures(model, classes=["setosa"], shape=(1, len(features)))
    return picture.panels[0][1][0]


EXPECTED_GREY_LEVEL = Exercise(
    name="expected-grey-level",
    title="The value a categorical feature is expected to take (a pixel's grey level)",
    formula_id="eq-expected-grey-level",
    page="digits.md",
    notes=(PIXELS,),
    function=expected_value,
    latex=r"E[x_j \mid c] = \sum_{v} v \, P(x_j = v \mid c)",
    arguments={"probabilities": "{v: P(x_j = v | c)}: each value v the feature takes (a grey level from 0 to 16) "
                                "and its probability in class c; they add up to 1"},
    returns="E[x_j | c], a number (a Fraction when the probabilities are Fractions is best: it is exact)",
    hand_cases=[
        Case(({0: Fraction(1, 2), 8: Fraction(1, 4), 16: Fraction(1, 4)},), Fraction(6),
             "half the time 0, a quarter 8, a quarter 16: 0 + 2 + 4"),
        Case(({16: Fraction(1)},), Fraction(16), "always 16: a pixel inked in every image of the class"),
        Case(({0: Fraction(1)},), Fraction(0), "always blank"),
        Case(({3: Fraction(1, 3), 5: Fraction(2, 3)},), Fraction(13, 3), "1 + 10/3: the weights, not the plain mean 4"),
        Case(({0: Fraction(9, 10), 16: Fraction(1, 10)},), Fraction(8, 5), "a pixel that is mostly blank"),
    ],
    draw=draw_distribution,
    mistakes=[
        Mistake("the plain mean of the values", "this averages the values as if each were equally likely: weight "
                "each value by its probability", lambda probabilities: sum(probabilities) / len(probabilities)),
        Mistake("the likeliest value", "this is the mode, the value with the largest probability: the expected "
                "value adds up every value times its probability",
                lambda probabilities: max(probabilities, key=probabilities.get)),
        Mistake("the sum of the probabilities", "this adds up the probabilities alone (always 1): multiply each by "
                "its value v first", lambda probabilities: sum(probabilities.values())),
        Mistake("divided by the number of values", "the probabilities already add up to 1: do not divide the sum "
                "by the number of values", lambda probabilities: sum(v * p for v, p in probabilities.items())
                / len(probabilities)),
    ],
    hint="multiply each value by its probability, and add the products up",
    reproductions=[Reproduction("CategoricalNB(alpha=0) on the 150 iris flowers expects a setosa sepal length of "
                                "{value} cm (the class mean, which Cornell Tech's Lecture 8 prints as 5.006)",
                                iris_expected_setosa_sepal_length, published=5.006, digits=3)],
)


# -- the Gaussian mean ------------------------------------------------------------


def draw_measurements(generator):
    n = generator.randint(1, 30)
    kind = generator.choice(["float", "int", "fraction"])
    if kind == "int":
        return ([generator.randint(-50, 200) for _ in range(n)],)
    if kind == "fraction":
        return ([Fraction(generator.randint(10, 80), 10) for _ in range(n)],)
    return ([round(generator.uniform(0, 10), generator.choice([1, 3, 6])) for _ in range(n)],)


GAUSSIAN_MEAN = Exercise(
    name="gaussian-mean",
    title="The maximum likelihood mean of a feature in a class",
    formula_id="eq-gaussian-mean",
    page="gaussian.md",
    notes=(TFP_BLOG, CORNELL_8),
    function=gaussian_mean,
    latex=r"\hat\mu_{jc} = \frac{1}{n_{jc}} \sum_{i:\; y^{(i)} = c} x^{(i)}_j",
    arguments={"values": "the values x_j of feature j in the class-c rows (ints, floats or Fractions), at least one"},
    returns="mu_jc, their mean (an exact Fraction when the values are Fractions is best)",
    hand_cases=[
        Case(([Fraction(6), Fraction(9)],), Fraction(15, 2), "class b of the Gaussian page: (6 + 9) / 2"),
        Case(([Fraction(1), Fraction(2), Fraction(4)],), Fraction(7, 3), "class a: (1 + 2 + 4) / 3"),
        Case((SETOSA_CM,), SETOSA_MEAN, "the 50 setosa sepal lengths: 5.006 cm"),
        Case(([Fraction(51, 10), Fraction(49, 10)],), Fraction(5), "two values: 5.1 and 4.9"),
        Case(([Fraction(7, 2)],), Fraction(7, 2), "one value is its own mean"),
    ],
    draw=draw_measurements,
    mistakes=[
        Mistake("n - 1", "this divides by n - 1: the mean divides the sum by n_jc, the number of values "
                "(n - 1 belongs to the sample variance, not to the mean)", lambda values: sum(values) / (len(values) - 1)),
        Mistake("first value missed", "the first value is left out of the sum: add every value of the class",
                lambda values: sum(values[1:]) / len(values)),
        Mistake("whole-number division", "// rounds down to a whole number: the mean of 1, 2 and 4 is 7/3, not 2",
                lambda values: sum(values) // len(values)),
        Mistake("midrange", "this is halfway between the smallest and the largest value: the mean adds every "
                "value and divides by how many there are", lambda values: (min(values) + max(values)) / 2),
    ],
    hint="add up the class's values of the feature and divide by how many there are",
    reproductions=[
        Reproduction("GaussianNB on the iris sepals gives the setosa mean sepal length = {value}",
                     lambda: iris_sepal_statistic("means_"), published=5.006, digits=3),
        in_iris(),
    ],
)


# -- the squared deviations ---------------------------------------------------------


def draw_deviations(generator):
    (values,) = draw_measurements(generator)
    return values, gaussian_mean(values)


def one_pass(values, mean):
    return sum(x * x for x in values) - sum(values) ** 2 / len(values)


GAUSSIAN_SQUARED_DEVIATIONS = Exercise(
    name="gaussian-squared-deviations",
    title="The squared deviations from the class mean",
    formula_id="eq-gaussian-squared-deviations",
    page="gaussian.md",
    notes=(TFP_BLOG,),
    function=squared_deviations,
    latex=(r"M_{jc} = \sum_{i:\; y^{(i)} = c} \big(x^{(i)}_j - \hat\mu_{jc}\big)^2 = \sum_{i:\; y^{(i)} = c} "
           r"\big(x^{(i)}_j\big)^2 - \frac{1}{n_{jc}} \Big(\sum_{i:\; y^{(i)} = c} x^{(i)}_j\Big)^2"),
    arguments={"values": "the values x_j of feature j in the class-c rows, at least one",
               "mean": "mu_jc, their mean (as gaussian_mean gives it)"},
    returns="M_jc, the sum of the squared deviations from the mean (an exact Fraction for Fractions is best)",
    hand_cases=[
        Case(([Fraction(1), Fraction(2), Fraction(4)], Fraction(7, 3)), Fraction(14, 3),
             "class a of the Gaussian page: 16/9 + 1/9 + 25/9"),
        Case(([Fraction(6), Fraction(9)], Fraction(15, 2)), Fraction(9, 2), "class b: 9/4 + 9/4"),
        Case(([Fraction(1), Fraction(3)], Fraction(2)), Fraction(2), "1 and 3 around 2"),
        Case((SETOSA_CM, SETOSA_MEAN), SETOSA_SQUARED_DEVIATIONS, "the 50 setosa sepal lengths: 6.0882"),
        Case(([Fraction(5)], Fraction(5)), Fraction(0), "one value: no deviation"),
    ],
    draw=draw_deviations,
    mistakes=[
        Mistake("divided by n", "this is divided by n: M_jc is the sum itself; the variance step divides it",
                lambda values, mean: sum((x - mean) ** 2 for x in values) / len(values)),
        Mistake("not squared", "the deviations are added without squaring them, and they cancel out: square "
                "each x - mu before adding", lambda values, mean: sum(x - mean for x in values)),
        Mistake("absolute", "these are the absolute deviations |x - mu|: square each deviation instead",
                lambda values, mean: sum(abs(x - mean) for x in values)),
        Mistake("not centred", "this squares the values, not their deviations: subtract the mean before squaring",
                lambda values, mean: sum(x * x for x in values)),
    ],
    hint="subtract the mean from each value, square the difference, add the squares",
    at_scale=[
        AtScale("three lengths near 10^8, as floats", ([100000001.0, 100000002.0, 100000003.0], 100000002.0),
                "the one-pass form sum(x^2) - (sum x)^2 / n subtracts two numbers near 3e16 whose last digits "
                "are rounded away, and the true answer 2 is lost: subtract the mean from each value first, then square"),
    ],
    reproductions=[
        Reproduction("GaussianNB on the iris sepals gives the setosa variance of sepal length = {value}",
                     lambda: iris_sepal_statistic("variances_"), digits=4),
        in_iris(),
    ],
)


# -- the variance -----------------------------------------------------------------


def draw_variance(generator):
    n = generator.randint(2, 60)
    squares = generator.choice([Fraction(generator.randint(0, 5000), 100), round(generator.uniform(0, 100), 4)])
    return squares, n, generator.choice([0, 1])


GAUSSIAN_VARIANCE = Exercise(
    name="gaussian-variance",
    title="The variance: squared deviations over n, or over n - 1",
    formula_id="eq-gaussian-variance",
    page="gaussian.md",
    notes=(TFP_BLOG,),
    function=gaussian_variance,
    latex=r"\hat\sigma^2_{jc} = \frac{M_{jc}}{n_{jc} - \text{ddof}}",
    arguments={"squared_deviation": "M_jc, the sum of squared deviations from the class mean",
               "n": "n_jc, the number of values", "ddof": "0 for the maximum likelihood variance, 1 for the sample variance"},
    returns="sigma^2_jc (an exact Fraction for exact inputs is best)",
    hand_cases=[
        Case((Fraction(14, 3), 3, 0), Fraction(14, 9), "class a of the Gaussian page, maximum likelihood"),
        Case((Fraction(9, 2), 2, 0), Fraction(9, 4), "class b, maximum likelihood"),
        Case((Fraction(14, 3), 3, 1), Fraction(7, 3), "class a, the sample variance: 14/3 over 2"),
        Case((Fraction(9, 2), 2, 1), Fraction(9, 2), "class b, the sample variance: 9/2 over 1"),
        Case((SETOSA_SQUARED_DEVIATIONS, 50, 0), SETOSA_SQUARED_DEVIATIONS / 50,
             "setosa sepal lengths, as the blog post's closed form: 0.121764"),
        Case((SETOSA_SQUARED_DEVIATIONS, 50, 1), SETOSA_SQUARED_DEVIATIONS / 49,
             "setosa sepal lengths, as R's var: 0.124249"),
    ],
    draw=draw_variance,
    mistakes=[
        Mistake("ddof ignored", "this divides by n whatever ddof is: the sample variance (ddof = 1) divides by "
                "n - 1, the population variance (ddof = 0) by n; divide by n - ddof",
                lambda m, n, ddof: m / n),
        Mistake("always n - 1", "this divides by n - 1 whatever ddof is: with ddof = 0 (the maximum likelihood "
                "variance, the blog post's) divide by n; divide by n - ddof", lambda m, n, ddof: m / (n - 1)),
        Mistake("standard deviation", "this is the standard deviation sigma, a square root: the variance is "
                "sigma^2, no root taken", lambda m, n, ddof: math.sqrt(m / (n - ddof))),
        Mistake("n + ddof", "the degrees of freedom are taken away from n, not added: divide by n - ddof",
                lambda m, n, ddof: m / (n + ddof)),
        Mistake("arguments swapped", "this divides the count by the squared deviations: the variance is M over "
                "n - ddof, check the order of the arguments", lambda m, n, ddof: (n - ddof) / m),
    ],
    hint="divide the squared deviations by the number of values less ddof",
    reproductions=[
        Reproduction("GaussianNB(ddof=1) on the iris sepals gives the setosa variance of sepal length = {value}",
                     lambda: iris_sepal_statistic("variances_", ddof=1), digits=6),
        in_iris(),
    ],
)


# -- the log density --------------------------------------------------------------


def draw_density(generator):
    mean = generator.uniform(-10, 10)
    variance = generator.choice([generator.uniform(0.01, 0.2), generator.uniform(0.2, 5), generator.uniform(5, 100)])
    return mean + generator.uniform(-5, 5) * math.sqrt(variance), mean, variance


def density_then_log(x, mean, variance):
    return math.log(math.exp(-(x - mean) ** 2 / (2 * variance)) / math.sqrt(2 * math.pi * variance))


HALF_LOG_OF_TWO_PI = 0.5 * math.log(2 * math.pi)  # 0.9189385332046727

GAUSSIAN_LOG_DENSITY = Exercise(
    name="gaussian-log-density",
    title="The log density of a Gaussian feature",
    formula_id="eq-gaussian-log-density",
    page="gaussian.md",
    notes=(TFP_BLOG, CORNELL_8),
    function=gaussian_log_density,
    latex=(r"\log \mathcal{N}(x_j;\ \mu_{jc}, \sigma^2_{jc}) = -\frac12 \log\!\big(2\pi\sigma^2_{jc}\big) "
           r"- \frac{(x_j - \mu_{jc})^2}{2\sigma^2_{jc}}"),
    arguments={"x": "x_j, the value of feature j", "mean": "mu_jc, the class's mean of the feature",
               "variance": "sigma^2_jc, the class's variance of the feature (not its standard deviation)"},
    returns="log N(x; mu, sigma^2), a float (natural logarithm)",
    hand_cases=[
        Case((0.0, 0.0, 1.0), -HALF_LOG_OF_TWO_PI, "the standard normal at its mean: -log(2 pi) / 2"),
        Case((1.0, 0.0, 1.0), -HALF_LOG_OF_TWO_PI - 0.5, "one standard deviation out: -1/2 more"),
        Case((5.0, 7 / 3, 14 / 9), -0.5 * math.log(2 * math.pi * 14 / 9) - 16 / 7,
             "the length 5 in class a of the Gaussian page: (8/3)^2 / (2 * 14/9) = 16/7"),
        Case((5.0, 7.5, 2.25), -0.5 * math.log(2 * math.pi * 2.25) - 25 / 18,
             "the length 5 in class b: (5/2)^2 / (2 * 9/4) = 25/18"),
        Case((5.0, 5.00930233, 0.32694068 ** 2),
             -math.log(0.32694068) - HALF_LOG_OF_TWO_PI - (5.0 - 5.00930233) ** 2 / (2 * 0.32694068 ** 2),
             "a setosa sepal length of 5.0 cm under the blog post's closed-form Gaussian (mu 5.0093, sigma 0.3269)"),
        Case((2.0, 0.0, 4.0), -0.5 * math.log(8 * math.pi) - 0.5, "variance 4: two units out is one sigma"),
    ],
    draw=draw_density,
    mistakes=[
        Mistake("standard deviation for variance", "the variance is used as if it were the standard deviation "
                "(squared again): the third argument is sigma^2 already, use it as it is",
                lambda x, m, v: -0.5 * math.log(2 * math.pi * v * v) - (x - m) ** 2 / (2 * v * v)),
        Mistake("square root of the variance", "sigma, the square root, is used where the formula has sigma^2: "
                "both terms take the variance itself", lambda x, m, v: -0.5 * math.log(2 * math.pi * math.sqrt(v))
                - (x - m) ** 2 / (2 * math.sqrt(v))),
        Mistake("1/2 left out of the log", "the first term is -1/2 log(2 pi sigma^2): the 1/2 comes from the "
                "square root in 1 / sqrt(2 pi sigma^2)", lambda x, m, v: -math.log(2 * math.pi * v) - (x - m) ** 2 / (2 * v)),
        Mistake("1/2 left out of the exponent", "the exponent is (x - mu)^2 / (2 sigma^2): the 2 below is missing",
                lambda x, m, v: -0.5 * math.log(2 * math.pi * v) - (x - m) ** 2 / v),
        Mistake("2 pi left out", "the normalising constant is 1 / sqrt(2 pi sigma^2): the 2 pi is missing from the log",
                lambda x, m, v: -0.5 * math.log(v) - (x - m) ** 2 / (2 * v)),
        Mistake("base 2", "this is a base-2 logarithm: the model adds natural logarithms (math.log, not math.log2)",
                lambda x, m, v: gaussian_log_density(x, m, v) / math.log(2)),
        Mistake("the density", "this is the density itself: the exercise wants its logarithm",
                lambda x, m, v: math.exp(gaussian_log_density(x, m, v))),
        Mistake("sign of the exponent", "the squared distance must lower the log density: subtract "
                "(x - mu)^2 / (2 sigma^2), do not add it", lambda x, m, v: -0.5 * math.log(2 * math.pi * v) + (x - m) ** 2 / (2 * v)),
    ],
    hint="take the log of each factor of the density: -1/2 log(2 pi sigma^2), then minus (x - mu)^2 / (2 sigma^2)",
    at_scale=[
        AtScale("40 standard deviations from the mean", (40.0, 0.0, 1.0),
                "the density exp(-800) / sqrt(2 pi) underflows to 0.0 and log(0) is undefined: take the log of "
                "each factor instead of the log of the density, so that nothing is ever exponentiated"),
        AtScale("the length 100 in class b of the Gaussian page", (100.0, 7.5, 2.25),
                "far out in the tail the density is below the smallest float and rounds to 0.0: compute the log "
                "density term by term, never the density first"),
    ],
    reproductions=[
        Reproduction("GaussianNB on the Gaussian page's five lengths gives P(b | length 5) = {value}",
                     small_gaussian_posterior, digits=4),
        in_iris(),
    ],
)


# -- the full joint table ---------------------------------------------------------


def draw_cell(generator):
    total = generator.randint(1, 50000)
    return generator.choice([generator.randint(0, total), generator.randint(0, min(total, 20))]), total


JOINT_CELL = Exercise(
    name="joint-cell",
    title="One row of the joint table: records matching over all records",
    formula_id="eq-joint-cell",
    page="why-naive.md",
    notes=(LECTURE_7,),
    function=cell_probability,
    latex=r"\hat P(\text{row}) = \frac{\text{records matching the row}}{\text{total number of records}} = \frac{n_x}{N}",
    arguments={"n_matching": "n_x, the records that match the row (or a set of rows)",
               "n_records": "N, all the records"},
    returns="P(row), a number in [0, 1] (a Fraction is best: it is exact)",
    hand_cases=[
        Case((6, 20), Fraction(3, 10), "the lecture's row 000: 6 of 20 records, 0.30"),
        Case((5, 20), Fraction(1, 4), "row 110: 5 of 20, 0.25"),
        Case((1, 20), Fraction(1, 20), "row 001: 1 of 20, 0.05"),
        Case((0, 20), Fraction(0), "a row no record matches"),
        Case((20, 20), Fraction(1), "every record matches"),
        Case((11687, 48842), Fraction(11687, 48842), "the Adult census: 11,687 of 48,842 people earn >50K"),
    ],
    draw=draw_cell,
    mistakes=[
        Mistake("arguments swapped", "this is N / n_x: the share divides the matching records by all records, "
                "check the order of the arguments", lambda n, total: total / n),
        Mistake("percent", "this is a percentage: a probability is the share itself, between 0 and 1",
                lambda n, total: 100 * n / total),
        Mistake("one too many", "the matching count is off by one: count each matching record once",
                lambda n, total: (n + 1) / total),
        Mistake("smoothed", "the joint table of the lecture is not smoothed: nothing is added to n_x or N",
                lambda n, total: (n + 1) / (total + 2)),
        Mistake("whole-number division", "// rounds down to a whole number: use / (or Fraction) for a share",
                lambda n, total: n // total),
    ],
    hint="the probability of a row is the share of all records that match it",
    reproductions=[
        Reproduction("JointTable on the lecture's twenty A, B, C records gives P(A = 1, B = 1, C = 0) = {value}",
                     lambda: truth_table_probability({"A": 1, "B": 1, "C": 0}), published=0.25, digits=2),
        Reproduction("JointTable on the lecture's twenty A, B, C records gives P(A = 1 | B = 1) = {value}",
                     lambda: truth_table_probability({"A": 1}, given={"B": 1}), digits=4),
        Reproduction("JointTable on the 48,842 Adult records gives P(income >50K | male, hours-per-week > 40.5) = {value}",
                     adult_long_hours_income, available=adult_missing, digits=6),
    ],
)


def draw_parameter_counts(generator):
    n_values = [generator.choice([2, 2, 2, 3, 4, 7]) for _ in range(generator.randint(1, 12))]
    return n_values, generator.randint(1, 6)


def joint_count_with_one_class(yours):
    """The model calls joint_parameter_count(n_values) for one table: n_classes defaults to 1."""
    def as_the_model_calls_it(n_values, n_classes=1):
        return yours(n_values, n_classes)
    return as_the_model_calls_it


JOINT_PARAMETERS = Exercise(
    name="joint-parameters",
    title="How many parameters the full joint table needs",
    formula_id="eq-joint-parameters",
    page="why-naive.md",
    notes=(LECTURE_7,),
    function=joint_parameter_count,
    latex=r"k \Bigl(\prod_{j=1}^{d} K_j - 1\Bigr)",
    arguments={"n_values": "[K_1, ..., K_d], the number of values of each feature",
               "n_classes": "k, the number of classes (one joint table per class); 1 when not given"},
    returns="k (K_1 K_2 ... K_d - 1), a whole number",
    hand_cases=[
        Case(([2, 2, 2], 1), 7, "the lecture's table of A, B and C: 2^3 - 1"),
        Case(([2, 2, 2], 2), 14, "three binary features, two classes: k (2^d - 1)"),
        Case(([2] * 30, 2), 2147483646, "thirty binary features, two classes: more than two billion"),
        Case(([2, 3, 4], 2), 46, "features of 2, 3 and 4 values: 2 (24 - 1)"),
        Case(([3, 3, 2, 2], 2), 70, "PlayTennis: outlook, temperature, humidity, wind"),
        Case(([2], 2), 2, "one binary feature: the same as naive Bayes"),
    ],
    draw=draw_parameter_counts,
    mistakes=[
        Mistake("2^d, not 2^d - 1", "this counts every combination: the table's probabilities sum to 1, so the "
                "last one follows from the others; one fewer per class (2^d - 1 for binary features)",
                lambda n_values, k: k * math.prod(n_values)),
        Mistake("k left out", "this is one table: a classifier learns one joint table per class, so multiply by k",
                lambda n_values, k: math.prod(n_values) - 1),
        Mistake("one less in all", "one is taken away once; each class's table sums to 1 on its own, so take "
                "one away per class: k (prod K_j - 1)", lambda n_values, k: k * math.prod(n_values) - 1),
        Mistake("sum, not product", "the values add up here, but the combinations multiply: a table of d "
                "features has K_1 K_2 ... K_d rows", lambda n_values, k: k * (sum(n_values) - 1)),
        Mistake("always binary", "this is 2^d whatever the features: 2^d holds for binary features; a feature "
                "of K_j values multiplies the rows by K_j", lambda n_values, k: k * (2 ** len(n_values) - 1)),
    ],
    hint="one row per combination of values, all but one of them free, in each class's table",
    adapt=joint_count_with_one_class,
    reproductions=[
        Reproduction("JointTable on the lecture's twenty A, B, C records gives {value} free parameters",
                     truth_table_parameters, digits=0),
        Reproduction("JointBayesClassifier on PlayTennis's four features gives {value} parameters",
                     lambda: play_tennis_parameters("joint_parameters"), digits=0),
    ],
)


NAIVE_PARAMETERS = Exercise(
    name="naive-parameters",
    title="How many parameters naive Bayes needs",
    formula_id="eq-naive-parameters",
    page="why-naive.md",
    notes=(LECTURE_7,),
    function=naive_parameter_count,
    latex=r"k \sum_{j=1}^{d} (K_j - 1)",
    arguments={"n_values": "[K_1, ..., K_d], the number of values of each feature",
               "n_classes": "k, the number of classes"},
    returns="k ((K_1 - 1) + ... + (K_d - 1)), a whole number",
    hand_cases=[
        Case(([2, 2, 2], 2), 6, "three binary features, two classes: the lecture's k d"),
        Case(([2] * 30, 2), 60, "thirty binary features, two classes: 60, against two billion for the joint"),
        Case(([3, 3, 2, 2], 2), 12, "PlayTennis: outlook, temperature, humidity, wind"),
        Case(([2, 3, 4], 2), 12, "features of 2, 3 and 4 values: 2 (1 + 2 + 3)"),
        Case(([2], 2), 2, "one binary feature: the same as the joint table"),
        Case(([5], 3), 12, "one feature of five values, three classes"),
    ],
    draw=draw_parameter_counts,
    mistakes=[
        Mistake("K_j, not K_j - 1", "each feature's K_j probabilities sum to 1, so only K_j - 1 of them are "
                "free: take one away per feature and class", lambda n_values, k: k * sum(n_values)),
        Mistake("k left out", "this is one class: naive Bayes learns each feature's table once per class, so "
                "multiply by k", lambda n_values, k: sum(n - 1 for n in n_values)),
        Mistake("k d", "k d holds for binary features only, where each K_j - 1 is 1: a feature of K_j values "
                "has K_j - 1 free probabilities", lambda n_values, k: k * len(n_values)),
        Mistake("one less in all", "one is taken away once; each feature's table sums to 1 on its own, so take "
                "one away per feature: K_j - 1 each", lambda n_values, k: k * (sum(n_values) - 1)),
        Mistake("the joint's count", "this is the full joint table's count, k (prod K_j - 1): naive Bayes keeps "
                "one table per feature, so the K_j - 1 add up instead of multiplying",
                lambda n_values, k: k * (math.prod(n_values) - 1)),
    ],
    hint="each feature has its own table of K_j values per class, all but one of them free",
    reproductions=[
        Reproduction("overfitting_table on PlayTennis's four features gives naive Bayes {value} parameters",
                     lambda: play_tennis_parameters("naive_parameters"), digits=0),
    ],
)


# -- mutual information -----------------------------------------------------------


def draw_pair_counts(generator):
    a_values = range(generator.randint(1, 4))
    b_values = ["x", "y", "z"][:generator.randint(1, 3)]
    if generator.random() < 0.25:  # a table that factorizes: its information is 0
        a_weights = {a: generator.randint(1, 5) for a in a_values}
        b_weights = {b: generator.randint(1, 5) for b in b_values}
        return ({(a, b): a_weights[a] * b_weights[b] for a in a_values for b in b_values},)
    return ({(a, b): generator.randint(1, 40) for a in a_values for b in b_values},)


def information_with(pair_counts, weight, log_ratio):
    """sum over the cells of weight(n_ab, N) * log_ratio(...): the planted mistakes vary one part of the formula."""
    total = sum(pair_counts.values())
    n_a, n_b = {}, {}
    for (a, b), n in pair_counts.items():
        n_a[a] = n_a.get(a, 0) + n
        n_b[b] = n_b.get(b, 0) + n
    return sum(weight(n, total) * log_ratio(n / total, n_a[a] / total, n_b[b] / total)
               for (a, b), n in pair_counts.items())


def cell_share(n, total):
    return n / total


def natural(p_ab, p_a, p_b):
    return math.log(p_ab / (p_a * p_b))


def mi_base_two(pair_counts):
    return information_with(pair_counts, cell_share, lambda p_ab, p_a, p_b: math.log2(p_ab / (p_a * p_b)))


def mi_inverted(pair_counts):
    return information_with(pair_counts, cell_share, lambda p_ab, p_a, p_b: math.log(p_a * p_b / p_ab))


def mi_unweighted(pair_counts):
    return information_with(pair_counts, lambda n, total: 1, natural)


def mi_counts(pair_counts):
    return information_with(pair_counts, lambda n, total: n, natural)


def mi_no_margins(pair_counts):
    return information_with(pair_counts, cell_share, lambda p_ab, p_a, p_b: math.log(p_ab))


def mi_log_of_weighted_sum(pair_counts):
    return math.log(information_with(pair_counts, cell_share, lambda p_ab, p_a, p_b: p_ab / (p_a * p_b)))


# The lecture's A and B: n(00) = 7, n(01) = 3, n(10) = 3, n(11) = 7 of 20, each margin 10.
LECTURE_A_B = {(0, 0): 7, (0, 1): 3, (1, 0): 3, (1, 1): 7}
# PlayTennis: outlook against play (overcast never came with no).
OUTLOOK_PLAY = {("sunny", "no"): 3, ("sunny", "yes"): 2, ("overcast", "yes"): 4, ("rain", "yes"): 3, ("rain", "no"): 2}

MUTUAL_INFORMATION = Exercise(
    name="mutual-information",
    title="Mutual information: how far a table is from the product of its margins",
    formula_id="eq-mutual-information",
    page="why-naive.md",
    notes=(LECTURE_7,),
    function=mutual_information,
    latex=r"I(A; B) = \sum_{a, b} P(a, b) \log \frac{P(a, b)}{P(a)\, P(b)}",
    arguments={"pair_counts": "a dict {(a, b): n_ab}, the records with A = a and B = b; a pair left out has none"},
    returns="I(A; B) in nats (natural logarithms), a float >= 0",
    hand_cases=[
        Case(({(0, 0): 1, (0, 1): 1, (1, 0): 1, (1, 1): 1},), 0.0, "four equal cells: independent, 0"),
        Case(({(0, 0): 2, (0, 1): 4, (1, 0): 3, (1, 1): 6},), 0.0, "each cell the product of its margins: 0"),
        Case((LECTURE_A_B,), 0.7 * math.log(1.4) + 0.3 * math.log(0.6),
             "A and B of the lecture's truth table: 2 (7/20) log(7/5) + 2 (3/20) log(3/5)"),
        Case(({(0, 0): 1, (1, 1): 1},), math.log(2), "B always equals A: one bit, log 2 nats"),
        Case((OUTLOOK_PLAY,), (3 * math.log(42 / 25) + 2 * math.log(28 / 45) + 4 * math.log(14 / 9)
                               + 3 * math.log(42 / 45) + 2 * math.log(28 / 25)) / 14,
             "PlayTennis: outlook against play"),
        Case(({("a", "x"): 5},), 0.0, "one cell: nothing to learn"),
    ],
    draw=draw_pair_counts,
    mistakes=[
        Mistake("base 2", "this is in bits (base-2 logarithms): mutual information here is in nats, "
                "natural logarithms (math.log)", mi_base_two),
        Mistake("ratio upside down", "the ratio is upside down and the answer negative: it is "
                "P(a, b) / (P(a) P(b)), the joint over the product of the margins", mi_inverted),
        Mistake("not weighted", "each cell's log must be weighted by P(a, b), the share of the records in it",
                mi_unweighted),
        Mistake("counts, not shares", "this is N times too large: weight each log by the share P(a, b) = n_ab / N, "
                "not by the count n_ab", mi_counts),
        Mistake("margins left out", "the margins P(a) and P(b) are missing from the log: its argument is "
                "P(a, b) / (P(a) P(b))", mi_no_margins),
        Mistake("log outside the sum", "the log is taken of the whole sum: take it of each cell's ratio, then "
                "weight and add", mi_log_of_weighted_sum),
    ],
    hint="find the margins n_a and n_b, then add P(a, b) log(P(a, b) / (P(a) P(b))) over the cells",
    at_scale=[
        AtScale("a cell with no records", ({(0, 0): 5, (0, 1): 0, (1, 0): 0, (1, 1): 5},),
                "a cell with no records adds nothing (0 log 0 = 0, the limit of p log p as p goes to 0), "
                "but log(0) itself is undefined: skip the cells whose count is 0"),
    ],
    reproductions=[
        Reproduction("TreeAugmentedNB on PlayTennis gives I(outlook; temperature | play) = {value}",
                     play_tennis_pair_information, digits=4),
    ],
)

TABLE_EXERCISES = [
    CATEGORICAL_COUNTS, CATEGORICAL_ESTIMATE, EXPECTED_GREY_LEVEL,
    GAUSSIAN_MEAN, GAUSSIAN_SQUARED_DEVIATIONS, GAUSSIAN_VARIANCE, GAUSSIAN_LOG_DENSITY,
    JOINT_CELL, JOINT_PARAMETERS, NAIVE_PARAMETERS, MUTUAL_INFORMATION,
]
