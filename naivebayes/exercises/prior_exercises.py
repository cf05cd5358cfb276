"""The exercises on smoothing as a prior (issue 33): the estimates, and the Beta functions behind the credible interval.

The estimates: maximum likelihood, the posterior mean, the MAP estimate,
the m-estimate.  The Beta functions: the continued fraction, the
cumulative probability I_x(a, b), the quantile, the credible interval.

Each is an ``Exercise`` around the function the library calls
(docs/priors.md).  The hand answers are exact fractions: the China example
(5 of china's 8 words are "chinese", none is "tokyo"), Lecture #7's Laplace
smoothing ((N_jc + 1) / (N_c + 2); 1/2 with no examples), Mitchell's
m-estimate with a prior guess, and Beta intervals whose quantiles have a
closed form.  The Beta functions' hand answers come from the shapes
where I_x(a, b) has a closed form: x for Beta(1, 1), x^a for Beta(a, 1),
1 - (1 - x)^b for Beta(1, b), 1/2 at x = 1/2 for Beta(a, a), and Beta(2, 2)'s
cubic 3x^2 - 2x^3.  The model runs use the China example, the PlayTennis
table and the shipped spam messages.
"""

import math
from fractions import Fraction

from naivebayes.core.beta import (beta_continued_fraction, beta_quantile, credible_interval, log_beta_front,
                                  regularized_incomplete_beta)
from naivebayes.core.priors import Beta, Dirichlet, MEstimate, m_estimate, map_estimate, ml_estimate, posterior_mean
from naivebayes.datasets.shipped import load_china, load_play_tennis, load_spam
from naivebayes.exercises.checking import AtScale, Case, Exercise, Mistake, Reproduction
from naivebayes.exercises.table_exercises import LECTURE_7
from naivebayes.inspect.estimates import estimate_table
from naivebayes.naive_bayes.bernoulli import BernoulliNB
from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.naive_bayes.multinomial import MultinomialNB

__all__ = []  # (a user asks for an exercise by name: naivebayes.exercises.exercise)

PUDDING = "the Pudding library's \"Naive Bayes\""
FROM_SCRATCH = "the blog post implementing multinomial naive Bayes from scratch"
MURPHY = "Murphy, Probabilistic Machine Learning: An Introduction, section 9.3"
MITCHELL = "Mitchell, Machine Learning, section 6.9.1.1 (the m-estimate)"
NUMERICAL_RECIPES = "Press et al., Numerical Recipes, section 6.4 (the incomplete beta function, betacf)"
TOMS_708 = "DiDonato and Morris, ACM TOMS algorithm 708 (the incomplete beta function ratios)"
F = Fraction


# -- model runs ------------------------------------------------------------------------------


def china_dirichlet_posterior():
    """P(china | test document), MultinomialNB with a Dirichlet(1) prior (add-one) on the China example."""
    documents, labels, test_document = load_china()
    return MultinomialNB(alpha=Dirichlet(1)).fit(documents, labels).predict_proba([test_document])[0]["china"]


def china_beta_map_posterior():
    """P(china | test document), BernoulliNB with the MAP estimate under Beta(2, 2) (Laplace) on the China example."""
    documents, labels, test_document = load_china()
    return BernoulliNB(alpha=Beta(2, 2, estimate="map")).fit(documents, labels).predict_proba([test_document])[0]["china"]


def play_tennis_m_estimate_posterior():
    """P(no | Mitchell's test day), CategoricalNB with the m-estimate m = 3, p = 1/K, on the PlayTennis table."""
    rows, labels, test_row = load_play_tennis()
    return CategoricalNB(alpha=MEstimate(3)).fit(rows, labels).predict_proba([test_row])[0]["no"]


def spam_mean_interval_width():
    """The mean width of the 95% intervals of P(word present | spam), BernoulliNB on the shipped spam messages."""
    texts, labels = load_spam()
    model = BernoulliNB().fit(texts, labels)
    rows = estimate_table(model, classes=["spam"], features=sorted(model.vocabulary_)[:40], class_rows=False)
    return sum(row["interval"][1] - row["interval"][0] for row in rows) / len(rows)


def china_chinese_ml_estimate():
    """The maximum-likelihood P(chinese | china) in estimate_table of MultinomialNB on the China example."""
    documents, labels, test_document = load_china()
    model = MultinomialNB().fit(documents, labels)
    [row] = estimate_table(model, classes=["china"], features=["chinese"], level=None, class_rows=False)
    return row["maximum likelihood"]


def china_tokyo_interval_top():
    """The upper end of the 95% interval of P(tokyo | china), estimate_table of MultinomialNB on the China example."""
    documents, labels, test_document = load_china()
    model = MultinomialNB().fit(documents, labels)
    [row] = estimate_table(model, classes=["china"], features=["tokyo"], class_rows=False)
    return row["interval"][1]


# -- maximum likelihood ----------------------------------------------------------------------


def draw_ml_counts(generator):
    """(n_v, N): whole counts, or now and then weighted counts (halves, as floats)."""
    total = generator.randint(1, 1000)
    count = generator.randint(0, total)
    if generator.random() < 0.25:
        return count * 0.5, total * 0.5
    return count, total


ML_ESTIMATE = Exercise(
    name="ml-estimate",
    title="The maximum-likelihood estimate: a value's share of the counts",
    formula_id="eq-ml-estimate",
    page="priors.md",
    notes=(PUDDING, LECTURE_7, FROM_SCRATCH, MURPHY),
    function=ml_estimate,
    latex=r"\hat\theta_v^{\,\text{ML}} = \frac{n_v}{N}",
    arguments={"count": "n_v, how often value v was seen (in one class)",
               "total": "N, how often any value of this distribution was seen (more than 0)"},
    returns="the value's share of the counts (a Fraction when both are whole numbers, else a float)",
    hand_cases=[
        Case((5, 8), F(5, 8), "'chinese' in china: 5 of china's 8 words"),
        Case((0, 8), F(0), "'tokyo' in china: never seen, so 0 (the zero problem)"),
        Case((3, 4), F(3, 4), "the class prior of china: 3 of the 4 training documents"),
        Case((8, 8), F(1), "a value that is every observation"),
        Case((2, 6), F(1, 3), "2 of 6"),
    ],
    draw=draw_ml_counts,
    mistakes=[
        Mistake("N + 1 below", "maximum likelihood divides by N, the number of observations: adding 1 below "
                "and nothing above is no estimator at all (the estimates no longer add up to 1)",
                lambda n, N: F(n) / (N + 1) if isinstance(n + N, int) else n / (N + 1)),
        Mistake("add-one", "this is Laplace's (n_v + 1) / (N + 2), the posterior mean under Beta(1, 1): "
                "maximum likelihood adds no pseudo-counts", lambda n, N: F(n + 1) / (N + 2)
                if isinstance(n + N, int) else (n + 1) / (N + 2)),
        Mistake("floor division", "// is floor division, so 5 // 8 is 0: divide with / (or Fraction(n, N) "
                "for whole counts)", lambda n, N: n // N),
        Mistake("upside down", "the share of value v is its count over all the counts: n_v / N, not N / n_v",
                lambda n, N: F(N) / n if isinstance(n + N, int) else N / n),
    ],
    hint="maximize sum_v n_v log theta_v under sum_v theta_v = 1: each theta_v is proportional to its count, n_v / N",
    at_scale=[
        AtScale("the word counts of a large corpus", (119_793, 2_345_044),
                "a count this large is still a whole number: one division gives the exact share"),
    ],
    reproductions=[
        Reproduction("estimate_table of MultinomialNB on the China example gives the maximum-likelihood "
                     "P(chinese | china) = {value}", china_chinese_ml_estimate, published=F(5, 8), digits=4),
    ],
)


# -- the posterior mean ----------------------------------------------------------------------


def draw_counts(generator):
    """(n_v, N, a_v, A): a value's count of N, and its pseudo-count of A (whole, a Fraction or a float)."""
    total = generator.randint(0, 500)
    count = generator.randint(0, total)
    pseudo = generator.choice([1, 2, F(1, 2), F(generator.randint(1, 9), generator.randint(1, 9)), 0.01, 1.0])
    n_values = generator.randint(2, 50)
    return count, total, pseudo, pseudo * n_values


POSTERIOR_MEAN = Exercise(
    name="posterior-mean",
    title="The posterior mean: add-alpha smoothing as a Dirichlet prior",
    formula_id="eq-posterior-mean",
    page="priors.md",
    notes=(PUDDING, LECTURE_7, FROM_SCRATCH, MURPHY),
    function=posterior_mean,
    latex=r"\hat\theta_v^{\,\text{mean}} = \frac{n_v + a_v}{N + A}",
    arguments={"count": "n_v, how often value v was seen (in one class)",
               "total": "N, how often any value of this distribution was seen",
               "pseudo_count": "a_v, the prior's pseudo-counts for value v",
               "pseudo_total": "A, the prior's pseudo-counts summed over all K values"},
    returns="the mean of the posterior Dirichlet(n + a) for value v (a Fraction when all four are whole numbers)",
    hand_cases=[
        Case((5, 8, 1, 6), F(3, 7), "'chinese' in china, Dirichlet(1) over 6 words: add-one"),
        Case((0, 8, 1, 6), F(1, 14), "'tokyo' in china: a zero count, no longer a zero estimate"),
        Case((0, 0, 1, 2), F(1, 2), "Lecture #7: no examples at all, one pseudo-example of each outcome"),
        Case((3, 3, 2, 5), F(5, 8), "Beta(2, 3) on a word in 3 of 3 documents"),
        Case((5, 8, 0, 0), F(5, 8), "no pseudo-counts: maximum likelihood"),
    ],
    draw=draw_counts,
    mistakes=[
        Mistake("one pseudo-count below", "the denominator adds the pseudo-counts of every value, A = sum of the "
                "a_v, not only this value's a_v", lambda n, N, a, A: F(n + a) / (N + a) if N + a else 0),
        Mistake("no smoothing", "this is n_v / N, maximum likelihood: the prior adds a_v to the count and A to "
                "the total", lambda n, N, a, A: F(n) / N if N else 0),
        Mistake("top only", "the pseudo-counts go below too: adding a_v above and nothing below gives estimates "
                "that add up to more than 1", lambda n, N, a, A: F(n + a) / N if N else 0),
    ],
    hint="the posterior is Dirichlet(n + a): value v's share of n + a, (n_v + a_v) / (N + A)",
    at_scale=[
        AtScale("the word counts of a large corpus", (119_793, 2_345_044, 1, 115_714),
                "a count this large is still a whole number: divide once, at the end"),
    ],
    reproductions=[
        Reproduction("MultinomialNB(alpha=Dirichlet(1)) on the China example gives P(china | test document) = "
                     "{value}", china_dirichlet_posterior, digits=4),
    ],
)


# -- the MAP estimate ------------------------------------------------------------------------


def draw_map_counts(generator):
    """(n_v, N, a_v, A, K) with every a_v >= 1, so that the formula is the mode."""
    n_values = generator.randint(2, 40)
    total = generator.randint(0, 500)
    count = generator.randint(0, total)
    pseudo = generator.choice([1, 2, 3, F(3, 2), 1.5])
    return count, total, pseudo, pseudo * n_values, n_values


MAP_ESTIMATE = Exercise(
    name="map-estimate",
    title="The MAP estimate: the posterior's mode",
    formula_id="eq-map-estimate",
    page="priors.md",
    notes=(LECTURE_7, MURPHY),
    function=map_estimate,
    latex=r"\hat\theta_v^{\,\text{MAP}} = \frac{n_v + a_v - 1}{N + A - K}",
    arguments={"count": "n_v, how often value v was seen",
               "total": "N, how often any value was seen",
               "pseudo_count": "a_v, the prior's pseudo-counts for value v (at least 1 here)",
               "pseudo_total": "A, the pseudo-counts summed over all K values",
               "n_values": "K, how many values the distribution has (2 for present or absent)"},
    returns="the mode of the posterior Dirichlet(n + a) for value v (a Fraction for whole numbers)",
    hand_cases=[
        Case((3, 3, 2, 4, 2), F(4, 5), "Beta(2, 2) on 3 of 3: Laplace's (3 + 1) / (3 + 2)"),
        Case((5, 8, 2, 12, 6), F(3, 7), "'chinese' in china under Dirichlet(2): add-one's 3/7"),
        Case((5, 8, 1, 6, 6), F(5, 8), "the flat prior: maximum likelihood"),
        Case((0, 0, 2, 4, 2), F(1, 2), "Beta(2, 2) with no examples"),
        Case((1, 4, 3, 5, 2), F(3, 7), "Beta(3, 2) on 1 of 4: (1 + 3 - 1) / (4 + 5 - 2)"),
    ],
    draw=draw_map_counts,
    mistakes=[
        Mistake("forgot -K", "each of the K values loses one pseudo-count at the mode: the denominator is "
                "N + A - K", lambda n, N, a, A, K: F(n + a - 1) / (N + A)),
        Mistake("the mean", "this is the posterior mean (n_v + a_v) / (N + A); the mode takes 1 from each value",
                lambda n, N, a, A, K: F(n + a) / (N + A)),
        Mistake("-1 below", "below, each of the K values loses 1, so N + A - K, not N + A - 1",
                lambda n, N, a, A, K: F(n + a - 1) / (N + A - 1)),
    ],
    hint="maximize sum_v (n_v + a_v - 1) log theta_v under sum_v theta_v = 1, as for maximum likelihood",
    at_scale=[
        AtScale("a vocabulary of 115,714 words with Dirichlet(2)", (119_793, 2_345_044, 2, 231_428, 115_714),
                "with this many values the -K is large: it must be there"),
    ],
    reproductions=[
        Reproduction("BernoulliNB(alpha=Beta(2, 2, estimate='map')) on the China example gives P(china | test "
                     "document) = {value}", china_beta_map_posterior, digits=4),
    ],
)


# -- the m-estimate --------------------------------------------------------------------------


def draw_m_counts(generator):
    total = generator.randint(0, 300)
    count = generator.randint(0, total)
    m = generator.choice([0, 1, 3, 10, F(5, 2), 2.5])
    p = generator.choice([F(1, 2), F(1, 3), F(generator.randint(0, 7), 7), 0.25])
    return count, total, m, p


M_ESTIMATE = Exercise(
    name="m-estimate",
    title="Mitchell's m-estimate",
    formula_id="eq-m-estimate",
    page="priors.md",
    notes=(MITCHELL,),
    function=m_estimate,
    latex=r"\hat\theta_v^{\,m} = \frac{n_v + m\,p_v}{N + m}",
    arguments={"count": "n_v (Mitchell's n_c), how often value v was seen",
               "total": "N (Mitchell's n), how often any value was seen",
               "m": "m, the number of virtual examples",
               "p": "p_v, the prior guess for value v (1/K for a uniform guess)"},
    returns="the m-estimate of value v's probability (a Fraction when the numbers are whole or Fractions)",
    hand_cases=[
        Case((2, 5, 3, F(1, 3)), F(3, 8), "(2 + 3 * 1/3) / (5 + 3)"),
        Case((0, 5, 3, F(1, 3)), F(1, 8), "a zero count: the prior guess keeps it above 0"),
        Case((5, 8, 6, F(1, 6)), F(3, 7), "m = K = 6 with the uniform guess: add-one"),
        Case((4, 10, 0, F(1, 2)), F(2, 5), "m = 0: maximum likelihood"),
        Case((0, 8, 6, F(1, 2)), F(3, 14), "a leaning guess: half of 6 virtual examples on this value"),
    ],
    draw=draw_m_counts,
    mistakes=[
        Mistake("divides by N + m p", "the m virtual examples all count below: the denominator is N + m, "
                "whatever p is", lambda n, N, m, p: F(n + m * p) / (N + m * p) if N + m * p else 0),
        Mistake("nothing below", "the m virtual examples count below too: N + m",
                lambda n, N, m, p: F(n + m * p) / N if N else 0),
        Mistake("p without m", "p is spread over m virtual examples: add m p above, not p",
                lambda n, N, m, p: F(n + p) / (N + m) if N + m else 0),
    ],
    hint="m virtual examples, a share p of them with value v: (n_v + m p) / (N + m)",
    reproductions=[
        Reproduction("CategoricalNB(alpha=MEstimate(3)) on the PlayTennis table gives P(no | Mitchell's test day) "
                     "= {value}", play_tennis_m_estimate_posterior, digits=4),
    ],
)


# -- the Beta distribution: the continued fraction, I_x(a, b), the quantile -------------------


def continued_fraction_variant(x, y, a, b, square=True, plus_one=1, sign=1):
    """beta_continued_fraction with one step changed, as the planted mistakes change it: x not squared in
    alpha_n (``square=False``), beta_0 without lambda's + 1 (``plus_one=0``), or b - n turned round (``sign=-1``)."""
    lam = a - (a + b) * x if x <= 0.5 else (a + b) * y - b
    before_top, before_bottom, top, bottom = 0.0, 1.0, 1.0, a * (lam + plus_one) / (a + 1)
    value = top / bottom
    for n in range(1, 100 + 10 * int(math.sqrt(max(a, b)))):
        alpha = (a + n - 1) * (a + b + n - 1) * n * sign * (b - n) * (x * x if square else x) / (a + 2 * n - 1) ** 2
        beta = n + n * (b - n) * x / (a + 2 * n - 1) + (a + n) * (lam + 1 + n * (1 + y)) / (a + 2 * n + 1)
        before_top, top = top, alpha * before_top + beta * top
        before_bottom, bottom = bottom, alpha * before_bottom + beta * bottom
        last, value = value, top / bottom
        if abs(value - last) <= 1e-15 * abs(value):
            return value
        before_top, before_bottom, top, bottom = before_top / bottom, before_bottom / bottom, value, 1.0
    return value


def draw_fraction_point(generator):
    """(x, 1 - x, a, b) with x below (a + 1) / (a + b + 2), where the fraction converges fast."""
    shapes = [0.5, 1, 2, 3.5, 10, 37.5, 200]
    a, b = generator.choice(shapes), generator.choice(shapes)
    x = (a + 1) / (a + b + 2) * generator.uniform(0.001, 0.999)
    return x, 1 - x, a, b


NEAR_ONE = 1 - 2e-9  # x for the continued fraction with a = 1e9, b = 1/2: just below (a + 1) / (a + b + 2)

BETA_CONTINUED_FRACTION = Exercise(
    name="beta-continued-fraction",
    title="The continued fraction of the incomplete beta function",
    formula_id="eq-beta-continued-fraction",
    page="priors.md",
    notes=(NUMERICAL_RECIPES, TOMS_708),
    function=beta_continued_fraction,
    latex=(r"F = \cfrac{1}{\beta_0 + \cfrac{\alpha_1}{\beta_1 + \cfrac{\alpha_2}{\beta_2 + \cdots}}}, \quad "
           r"\beta_0 = \frac{a(\lambda + 1)}{a + 1}, \quad \lambda = a - (a + b)\,x"),
    arguments={"x": "x, below (a + 1) / (a + b + 2)",
               "y": "y = 1 - x, passed in so that it is exact when x is near 1",
               "a": "a, the Beta's first shape (> 0)",
               "b": "b, the Beta's second shape (> 0)"},
    returns=("F, with I_x(a, b) = x^a y^b / B(a, b) * F; for n >= 1, alpha_n = (a + n - 1)(a + b + n - 1) n (b - n) "
             "x^2 / (a + 2n - 1)^2 and beta_n = n + n (b - n) x / (a + 2n - 1) + (a + n)(lambda + 1 + n (1 + y)) / "
             "(a + 2n + 1)"),
    hand_cases=[
        Case((0.25, 0.75, 1, 1), F(4, 3), "Beta(1, 1): I_x = x, so F = 1 / (1 - x)"),
        Case((0.2, 0.8, 3, 1), F(5, 12), "Beta(3, 1): I_x = x^3 and B = 1/3, so F = 1 / (3 (1 - x))"),
        Case((0.25, 0.75, 1, 2), F(14, 9), "Beta(1, 2): I_x = 1 - (1 - x)^2 and B = 1/2"),
        Case((0.1, 0.9, 1, 3), F(2710, 2187), "Beta(1, 3): I_x = 1 - (1 - x)^3 and B = 1/3"),
    ],
    draw=draw_fraction_point,
    mistakes=[
        Mistake("x not squared", "alpha_n holds x^2: the fraction is taken two steps at a time, and each step "
                "brings one x", lambda x, y, a, b: continued_fraction_variant(x, y, a, b, square=False)),
        Mistake("beta_0 without the + 1", "the first term is beta_0 = a (lambda + 1) / (a + 1): with "
                "lambda = a - (a + b) x that is a (a + 1 - (a + b) x) / (a + 1)",
                lambda x, y, a, b: continued_fraction_variant(x, y, a, b, plus_one=0)),
        Mistake("n - b", "alpha_n holds n (b - n), which turns negative once n passes b: (n - b) turns every "
                "alpha_n round", lambda x, y, a, b: continued_fraction_variant(x, y, a, b, sign=-1)),
    ],
    hint=("F = 1 / (beta_0 + alpha_1 / (beta_1 + ...)), worked from the top by the convergents' recurrence "
          "top_n = alpha_n top_(n-2) + beta_n top_(n-1), and the same for bottom; stop when a step changes "
          "top / bottom by less than 1e-15 of it"),
    at_scale=[
        AtScale("a = b = 1e6 near the mean", (0.4999, 1 - 0.4999, 1e6, 1e6),
                "near the mean of a Beta this large the fraction needs a few times sqrt(a) steps, some 300 here "
                "(100 leave it 5e-4 off): stop when a step changes F by less than 1e-15 of it, not after a "
                "fixed count"),
        AtScale("a = 1e9, b = 1/2, x near 1", (NEAR_ONE, 1 - NEAR_ONE, 1e9, 0.5),
                "lambda = a - (a + b) x subtracts two numbers near 1e9 and keeps only the last digits of x: "
                "for x above 1/2 write it through y, lambda = (a + b) y - b"),
    ],
    reproductions=[
        Reproduction("estimate_table of MultinomialNB on the China example gives the upper end of the 95% "
                     "interval of P(tokyo | china) = {value}", china_tokyo_interval_top, published=0.2471, digits=4),
    ],
)


def draw_cumulative_point(generator):
    """(x, a, b): x anywhere in [0, 1], shapes from 1/2 to 200."""
    shapes = [0.5, 1, 2, 2.5, 7, 30, 200]
    x = generator.choice([generator.random(), generator.random(), generator.uniform(0.9, 1), 0.0, 1.0])
    return x, generator.choice(shapes), generator.choice(shapes)


def fraction_below_only(x, a, b):
    """I_x(a, b) from the continued fraction at x itself, with no switch to 1 - I_(1-x)(b, a)."""
    if x == 0 or x == 1:
        return x
    return math.exp(log_beta_front(x, a, b)) * beta_continued_fraction(x, 1 - x, a, b)


def switched(x, a, b, top_tail, swap):
    """I_x(a, b) with the switch past (a + 1) / (a + b + 2) done wrong: ``top_tail`` leaves out the 1 -,
    ``swap=False`` keeps a and b in their places."""
    if x == 0 or x == 1 or x < (a + 1) / (a + b + 2):
        return fraction_below_only(x, a, b)
    other = math.exp(log_beta_front(x, a, b)) * beta_continued_fraction(1 - x, x, *((b, a) if swap else (a, b)))
    return other if top_tail else 1 - other


def without_beta_function(x, a, b):
    """I_x(a, b) with the factor in front taken as x^a (1 - x)^b, not divided by B(a, b)."""
    if x == 0 or x == 1:
        return x
    if x < (a + 1) / (a + b + 2):
        return x ** a * (1 - x) ** b * beta_continued_fraction(x, 1 - x, a, b)
    return 1 - x ** a * (1 - x) ** b * beta_continued_fraction(1 - x, x, b, a)


REGULARIZED_INCOMPLETE_BETA = Exercise(
    name="regularized-incomplete-beta",
    title="The Beta's cumulative probability: the regularized incomplete beta function",
    formula_id="eq-regularized-incomplete-beta",
    page="priors.md",
    notes=(MURPHY, NUMERICAL_RECIPES, TOMS_708),
    function=regularized_incomplete_beta,
    latex=(r"I_x(a, b) = \frac{1}{B(a, b)} \int_0^x t^{a-1} (1-t)^{b-1}\, dt = "
           r"\frac{x^a (1-x)^b}{B(a, b)}\; F(x; a, b)"),
    arguments={"x": "x, a number from 0 to 1",
               "a": "a, the Beta's first shape (> 0)",
               "b": "b, the Beta's second shape (> 0)"},
    returns=("the probability that a Beta(a, b) variable is at most x; from naivebayes.core.beta, "
             "beta_continued_fraction(x, 1 - x, a, b) gives F and exp(log_beta_front(x, a, b)) the factor in front"),
    hand_cases=[
        Case((0.3, 1, 1), F(3, 10), "Beta(1, 1) is uniform: I_x = x"),
        Case((0.5, 3, 1), F(1, 8), "Beta(3, 1): I_x = x^3"),
        Case((0.6, 1, 3), F(117, 125), "Beta(1, 3): I_x = 1 - (1 - x)^3, past (a + 1) / (a + b + 2) = 1/3"),
        Case((0.5, 2.5, 2.5), F(1, 2), "Beta(a, a) is symmetric about 1/2"),
        Case((0.8, 2, 2), F(112, 125), "Beta(2, 2): 3x^2 - 2x^3"),
        Case((0.0, 2, 3), F(0), "nothing lies below 0"),
        Case((1.0, 2, 3), F(1), "everything lies at or below 1"),
    ],
    draw=draw_cumulative_point,
    mistakes=[
        Mistake("the wrong tail", "past (a + 1) / (a + b + 2) the fraction gives the other tail, "
                "I_(1-x)(b, a): the answer is 1 minus it", lambda x, a, b: switched(x, a, b, True, True)),
        Mistake("shapes not swapped", "the symmetry swaps the shapes with the tails: "
                "I_x(a, b) = 1 - I_(1-x)(b, a), so the fraction takes (1 - x, x, b, a)",
                lambda x, a, b: switched(x, a, b, False, False)),
        Mistake("no front factor", "the continued fraction is only F: multiply by x^a (1 - x)^b / B(a, b)",
                lambda x, a, b: beta_continued_fraction(x, 1 - x, a, b) if 0 < x < (a + 1) / (a + b + 2)
                else (x if x in (0, 1) else 1 - beta_continued_fraction(1 - x, x, b, a))),
        Mistake("B(a, b) left out", "the factor in front is x^a (1 - x)^b divided by B(a, b) = "
                "Gamma(a) Gamma(b) / Gamma(a + b)", lambda x, a, b: without_beta_function(x, a, b)),
    ],
    hint=("I_x(a, b) = x^a (1 - x)^b / B(a, b) * F(x; a, b) for x below (a + 1) / (a + b + 2); past it, "
          "1 - I_(1-x)(b, a); and I_0 = 0, I_1 = 1"),
    at_scale=[
        AtScale("x near 1 with a = b = 1/2", (0.999, 0.5, 0.5),
                "far past (a + 1) / (a + b + 2) the continued fraction converges slowly or not at all: switch "
                "to 1 - I_(1-x)(b, a) there"),
        AtScale("a = b = 1e8 near the mean", (0.4999, 1e8, 1e8),
                "with a and b this large, lgamma(a) is about 1.7e9, and subtracting such logarithms leaves few "
                "digits: take the factor in front from log_beta_front, which uses Stirling's series"),
    ],
    reproductions=[
        Reproduction("estimate_table of MultinomialNB on the China example gives the upper end of the 95% "
                     "interval of P(tokyo | china) = {value}", china_tokyo_interval_top, published=0.2471, digits=4),
    ],
)


def draw_quantile(generator):
    """(q, a, b): q from 0.1 to 0.9, shapes from 1/2 to 600 with b within 3 times a, so that the answer is not
    near 0 or 1 (the cases at scale take those)."""
    a = generator.choice([0.5, 2, 3.5, 10, 40, 200])
    return generator.uniform(0.1, 0.9), a, a * generator.choice([F(1, 3), F(1, 2), 1, 2, 3])


def bisection_by_value(q, a, b, steps=20):
    """The quantile by ``steps`` halvings of [0, 1] by value: within 2^-steps of the answer."""
    low, high = 0.0, 1.0
    for _ in range(steps):
        middle = (low + high) / 2
        if regularized_incomplete_beta(middle, a, b) < q:
            low = middle
        else:
            high = middle
    return high


BETA_QUANTILE = Exercise(
    name="beta-quantile",
    title="The Beta's quantile, by bisection",
    formula_id="eq-beta-quantile",
    page="priors.md",
    notes=(MURPHY, NUMERICAL_RECIPES),
    function=beta_quantile,
    latex=r"Q(q; a, b) = \min\{\, x : I_x(a, b) \ge q \,\}",
    arguments={"q": "q, a probability from 0 to 1",
               "a": "a, the Beta's first shape (> 0)",
               "b": "b, the Beta's second shape (> 0)"},
    returns=("the x with I_x(a, b) = q (0 for q = 0, 1 for q = 1); "
             "regularized_incomplete_beta(x, a, b) from naivebayes.core.beta gives I_x(a, b)"),
    hand_cases=[
        Case((0.3, 1, 1), F(3, 10), "Beta(1, 1) is uniform: Q = q"),
        Case((0.25, 2, 1), F(1, 2), "Beta(2, 1): x^2 = q"),
        Case((0.936, 1, 3), F(3, 5), "Beta(1, 3): 1 - (1 - x)^3 = q"),
        Case((0.5, 7.5, 7.5), F(1, 2), "Beta(a, a): the median is 1/2"),
        Case((F(5, 32), 2, 2), F(1, 4), "Beta(2, 2): 3x^2 - 2x^3 = 5/32 at x = 1/4"),
        Case((F(27, 32), 2, 2), F(3, 4), "Beta(2, 2): 3x^2 - 2x^3 = 27/32 at x = 3/4"),
        Case((0, 2, 3), F(0), "q = 0: nothing lies below 0"),
        Case((1, 2, 3), F(1), "q = 1: the top of [0, 1]"),
    ],
    draw=draw_quantile,
    mistakes=[
        Mistake("too few steps", "each bisection step halves the interval: 20 steps leave it 1e-6 wide. Go on "
                "until the two ends are neighbouring floats", lambda q, a, b: bisection_by_value(q, a, b)),
        Mistake("the wrong tail", "I_x(a, b) is the probability at or below x: the q-quantile has I_x = q, "
                "not 1 - q", lambda q, a, b: beta_quantile(1 - q, a, b)),
        Mistake("shapes swapped", "a goes with x and b with 1 - x: I_x(a, b), not I_x(b, a)",
                lambda q, a, b: beta_quantile(q, b, a)),
    ],
    hint="I_x(a, b) only rises with x: bisect [0, 1], keeping the end where I_x < q and the end where I_x >= q",
    at_scale=[
        AtScale("a tiny q for Beta(2, 2)", (1e-9, 2, 2),
                "the answer is about 2e-5 and must be right to a relative 1e-9, but a bisection stopped at a "
                "fixed width (or after a fixed number of halvings) is only right to that width: bisect until "
                "the ends are neighbouring floats, which near 0 lie far closer together than near 1"),
        AtScale("a rare word in a large class, Beta(1, 235,503)", (0.025, 1, 235_503),
                "the answer is about 1e-7, and 36 halvings of [0, 1] leave an interval 1.5e-11 wide, only four "
                "digits of it: bisect until the two ends are neighbouring floats, not a fixed number of times"),
    ],
    reproductions=[
        Reproduction("estimate_table of MultinomialNB on the China example gives the upper end of the 95% "
                     "interval of P(tokyo | china) = {value}", china_tokyo_interval_top, published=0.2471, digits=4),
    ],
)


# -- the credible interval -------------------------------------------------------------------


def draw_interval(generator):
    total = generator.randint(0, 200)
    count = generator.randint(0, total)
    a, b = generator.choice([(1, 1), (2, 2), (F(1, 2), F(1, 2)), (1, 5), (3, 1), (0.5, 2.0)])
    return count, total, a, b, generator.choice([0.5, 0.8, 0.9, 0.95, 0.99])


def closed_form_interval(count, total, a, b, level):
    """The ends for a posterior Beta(s, 1) (x^s = q) or Beta(1, t) (1 - (1 - x)^t = q): the hand answers."""
    s, t = count + a, total - count + b
    low, high = (1 - level) / 2, (1 + level) / 2
    if t == 1:
        return low ** (1 / s), high ** (1 / s)
    return 1 - (1 - low) ** (1 / t), 1 - (1 - high) ** (1 / t)


CREDIBLE_INTERVAL = Exercise(
    name="credible-interval",
    title="The credible interval of an estimate",
    formula_id="eq-credible-interval",
    page="priors.md",
    notes=(MURPHY,),
    function=credible_interval,
    latex=(r"\left[\, Q\!\left(\tfrac{1-\ell}{2};\, n + a,\, N - n + b\right),\; "
           r"Q\!\left(\tfrac{1+\ell}{2};\, n + a,\, N - n + b\right) \right]"),
    arguments={"count": "n, how often the value was seen",
               "total": "N, how many examples in all",
               "a": "a, the prior's pseudo-counts for the value",
               "b": "b, the prior's pseudo-counts against it",
               "level": "the interval's probability, such as 0.95"},
    returns="(low, high): use beta_quantile(q, a, b) from naivebayes.core.beta for the quantiles",
    hand_cases=[
        Case((0, 0, 1, 1, 0.5), (0.25, 0.75), "no data, the flat prior: its middle half"),
        Case((3, 3, 1, 1, 0.95), closed_form_interval(3, 3, 1, 1, 0.95), "3 of 3 under Beta(1, 1): Beta(4, 1)"),
        Case((0, 8, 1, 5, 0.95), closed_form_interval(0, 8, 1, 5, 0.95),
             "'tokyo' in china (Dirichlet(1) over 6 words): Beta(1, 13)"),
        Case((0, 2, 1, 1, 0.9), closed_form_interval(0, 2, 1, 1, 0.9), "0 of 2 under Beta(1, 1): Beta(1, 3)"),
    ],
    draw=draw_interval,
    mistakes=[
        Mistake("the prior alone", "these are the prior's quantiles: the posterior is Beta(n + a, N - n + b), "
                "the counts added to the pseudo-counts",
                lambda n, N, a, b, level: (beta_quantile((1 - level) / 2, a, b), beta_quantile((1 + level) / 2, a, b))),
        Mistake("tails not halved", "each end leaves out half of 1 - level: the quantiles at (1 - level) / 2 and "
                "(1 + level) / 2",
                lambda n, N, a, b, level: (beta_quantile(1 - level, n + a, N - n + b),
                                           beta_quantile(level, n + a, N - n + b))),
        Mistake("counts swapped", "n counts for the value and goes with a: the posterior is Beta(n + a, N - n + b)",
                lambda n, N, a, b, level: (beta_quantile((1 - level) / 2, N - n + a, n + b),
                                           beta_quantile((1 + level) / 2, N - n + a, n + b))),
    ],
    hint="the posterior is Beta(n + a, N - n + b); cut (1 - level) / 2 off each end with beta_quantile",
    at_scale=[
        AtScale("a rare word in a large class", (3, 119_793, 1, 115_713, 0.95),
                "the posterior is Beta(4, 235_503): still one call of beta_quantile per end"),
    ],
    reproductions=[
        Reproduction("estimate_table of BernoulliNB on the shipped spam messages gives a mean 95% interval width "
                     "of {value} for 40 words in class spam", spam_mean_interval_width, digits=4),
    ],
)

PRIOR_EXERCISES = [ML_ESTIMATE, POSTERIOR_MEAN, MAP_ESTIMATE, M_ESTIMATE, BETA_CONTINUED_FRACTION,
                   REGULARIZED_INCOMPLETE_BETA, BETA_QUANTILE, CREDIBLE_INTERVAL]
