"""The exercises on smoothing as a prior (issue 33): the posterior mean, the MAP estimate, the m-estimate, the credible interval.

Each is an ``Exercise`` around the function the library calls
(docs/priors.md).  The hand answers are exact fractions: the China example
(5 of china's 8 words are "chinese", none is "tokyo"), Lecture #7's Laplace
smoothing ((N_jc + 1) / (N_c + 2); 1/2 with no examples), Mitchell's
m-estimate with a prior guess, and Beta intervals whose quantiles have a
closed form.  The model runs use the China example, the PlayTennis table
and the shipped spam messages.
"""

import math
from fractions import Fraction

from naivebayes.core.beta import beta_quantile, credible_interval
from naivebayes.core.priors import Beta, Dirichlet, MEstimate, m_estimate, map_estimate, posterior_mean
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

PRIOR_EXERCISES = [POSTERIOR_MEAN, MAP_ESTIMATE, M_ESTIMATE, CREDIBLE_INTERVAL]
