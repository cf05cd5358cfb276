"""The linear form of every model that has one: its posterior is logistic regression's sigmoid or softmax.

Worked by hand (docs/logistic-form.md), with Laplace smoothing, japan against china:

Bernoulli, the China example.  p_jc = (N_jc + 1) / (N_c + 2), N_china = 3, N_japan = 1:
    p_china: chinese 4/5, beijing shanghai macao 2/5, tokyo japan 1/5
    p_japan: chinese tokyo japan 2/3, beijing shanghai macao 1/3
  w_j = log [p_j1 (1 - p_j0)] / [p_j0 (1 - p_j1)]:
    chinese (2/3)(1/5) / ((4/5)(1/3)) = 1/2;  tokyo, japan 8;  beijing, shanghai, macao 3/4
  bias = sum_j log (1 - p_j1) / (1 - p_j0) = log (5/3)(5/12)^2(10/9)^3 = log 15625/39366
  log(pi_1 / pi_0) = log 1/3;  the test document contains chinese, tokyo, japan:
  log-odds = log (1/2)(8)(8) + log 15625/39366 + log 1/3 = log 250000/59049

Multinomial, the China example.  theta_jc = (n_jc + 1) / (n_c + 6), n_china = 8, n_japan = 3:
  w_j = log theta_j1 / theta_j0:  chinese (2/9)/(3/7) = 14/27;  tokyo, japan (2/9)/(1/14) = 28/9;
  beijing, shanghai, macao (1/9)/(1/7) = 7/9;  bias 0;  log(pi_1 / pi_0) = log 1/3
  test document (chinese x 3, tokyo, japan): log-odds = log (14/27)^3 (28/9)^2 (1/3)

Categorical, PlayTennis (yes against no; 9 yes, 5 no; P(x_j = v | c) = (n_jvc + 1) / (n_jc + K_j)):
  (outlook, sunny) log (3/12)/(4/8) = log 1/2;   (outlook, overcast) log (5/12)/(1/8) = log 10/3
  (temperature, cool) log (4/12)/(2/8) = log 4/3; (humidity, high) log (4/11)/(5/7) = log 28/55
  (wind, strong) log (4/11)/(4/7) = log 7/11;   bias 0;  log(pi_1 / pi_0) = log 9/5
  the test day (sunny, cool, high, strong): log-odds = log 1176/3025, P(yes | x) = 1176/4201

LDA, the six-row table of tests/test_discriminant.py (Sigma^-1 = (1/31) [[48, -6], [-6, 24]]):
  w_a = Sigma^-1 (2, 2) = (84/31, 36/31),    b_a = -1/2 w_a . (2, 2) = -120/31
  w_b = Sigma^-1 (7, 6) = (300/31, 102/31),  b_b = -1/2 w_b . (7, 6) = -1356/31
  w_b - w_a = (216/31, 66/31) and b_b - b_a = -1236/31: the two-class form of LDA
"""

import copy
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes import BernoulliNB, CategoricalNB, GaussianNB, MultinomialNB, NotFittedError
from naivebayes.datasets import load_china, load_iris, load_play_tennis, load_spam
from naivebayes.naive_bayes.bernoulli import bernoulli_linear_form
from naivebayes.naive_bayes.categorical import categorical_linear_form
from naivebayes.other_models.discriminant import GaussianDiscriminantAnalysis, lda_class_weights
from naivebayes.core.bayes import sigmoid
from naivebayes.naive_bayes.linear_form import LinearForm, SoftmaxForm, softmax
from naivebayes.naive_bayes.multinomial import multinomial_linear_form

F = Fraction
GDA = GaussianDiscriminantAnalysis
TOLERANCE = 1e-12  # on a probability
ROWS = [[1, 1], [2, 3], [3, 2], [6, 5], [8, 5], [7, 8]]
LABELS = ["a", "a", "a", "b", "b", "b"]


def log(fraction):
    """The natural log of an exact Fraction, as a float."""
    return math.log(fraction.numerator) - math.log(fraction.denominator)


def public_state(model):
    return copy.deepcopy({name: value for name, value in vars(model).items() if name.endswith("_")})


# ----------------------------------------------------------------------
# One test per formula, on numbers worked out by hand
# ----------------------------------------------------------------------


def test_eq_logistic_sigmoid_by_hand():
    assert sigmoid(0) == 0.5
    assert sigmoid(math.log(3)) == pytest.approx(3 / 4, rel=1e-15)  # odds 3: P = 3 / (1 + 3)
    assert sigmoid(-math.log(3)) == pytest.approx(1 / 4, rel=1e-15)
    assert sigmoid(-1000) == 0.0 and sigmoid(1000) == 1.0  # no overflow either way
    assert sigmoid(-745) > 0  # exp(-745) is the smallest float above 0


def test_eq_logistic_softmax_by_hand():
    assert softmax({"a": 0.0, "b": math.log(3)}) == pytest.approx({"a": 1 / 4, "b": 3 / 4}, rel=1e-15)
    probabilities = softmax({"a": math.log(2), "b": math.log(3), "c": math.log(5)})
    assert probabilities == pytest.approx({"a": 0.2, "b": 0.3, "c": 0.5}, rel=1e-15)
    # Adding the same number to every score changes nothing (what lets LDA drop -1/2 x' Sigma^-1 x).
    assert softmax({"a": 1000.0, "b": 1000 + math.log(3)}) == pytest.approx({"a": 1 / 4, "b": 3 / 4}, rel=1e-12)
    # Two classes: the softmax is the sigmoid of the difference of the scores.
    z = 1.7
    assert softmax({"a": 0.4, "b": 0.4 + z})["b"] == pytest.approx(sigmoid(z), rel=1e-15)


def china_model(model_class):
    documents, labels, test_document = load_china()
    return model_class().fit(documents, labels), test_document


def test_eq_bernoulli_linear_form_on_the_china_example():
    model, test_document = china_model(BernoulliNB)
    form = model.linear_form()
    assert (form.positive, form.negative, form.classes) == ("japan", "china", ("china", "japan"))
    expected = {"beijing": F(3, 4), "chinese": F(1, 2), "japan": F(8), "macao": F(3, 4), "shanghai": F(3, 4), "tokyo": F(8)}
    assert list(form.weights) == sorted(expected)  # the words in order
    for word, odds_ratio in expected.items():
        assert form.weights[word] == pytest.approx(log(odds_ratio), rel=1e-14, abs=1e-15)
    assert form.bias == pytest.approx(log(F(15625, 39366)), rel=1e-14)
    assert form.log_prior_ratio == pytest.approx(log(F(1, 3)), rel=1e-15)
    assert form.intercept == pytest.approx(log(F(15625, 118098)), rel=1e-14)
    assert form.log_odds(test_document) == pytest.approx(log(F(250000, 59049)), rel=1e-14)
    assert form.probability(test_document) == pytest.approx(F(250000, 309049), rel=1e-14)
    assert form.probability(test_document) == pytest.approx(model.predict_proba([test_document])[0]["japan"], abs=TOLERANCE)
    # The function on its own: two log-odds rows and two empty-document sums.
    weights, bias = bernoulli_linear_form({"w": (0.5, 2.0)}, [-3.0, -1.0], positive=1, negative=0)
    assert weights == {"w": 1.5} and bias == 2.0


def test_eq_multinomial_linear_form_on_the_china_example():
    model, test_document = china_model(MultinomialNB)
    form = model.linear_form()
    expected = {"beijing": F(7, 9), "chinese": F(14, 27), "japan": F(28, 9), "macao": F(7, 9), "shanghai": F(7, 9), "tokyo": F(28, 9)}
    assert list(form.weights) == sorted(expected)
    for word, ratio in expected.items():
        assert form.weights[word] == pytest.approx(log(ratio), rel=1e-14)
    assert form.bias == 0
    assert form.log_prior_ratio == pytest.approx(log(F(1, 3)), rel=1e-15)
    by_hand = log(F(14, 27) ** 3 * F(28, 9) ** 2 / 3)
    assert form.log_odds(test_document) == pytest.approx(by_hand, rel=1e-14)
    assert 1 - form.probability(test_document) == pytest.approx(0.6898, abs=5e-5)  # the textbook's P(china | d)
    assert form.probability(test_document) == pytest.approx(model.predict_proba([test_document])[0]["japan"], abs=TOLERANCE)
    assert multinomial_linear_form({"w": (-2.0, -0.5)}, positive=0, negative=1) == {"w": -1.5}


def test_eq_categorical_linear_form_on_play_tennis():
    rows, labels, test_row = load_play_tennis()
    model = CategoricalNB().fit(rows, labels)
    form = model.linear_form()
    assert (form.positive, form.negative) == ("yes", "no")
    expected = {
        ("outlook", "sunny"): F(1, 2),
        ("outlook", "overcast"): F(10, 3),
        ("temperature", "cool"): F(4, 3),
        ("humidity", "high"): F(28, 55),
        ("wind", "strong"): F(7, 11),
    }
    for indicator, ratio in expected.items():
        assert form.weights[indicator] == pytest.approx(log(ratio), rel=1e-14)
    assert len(form.weights) == 3 + 3 + 2 + 2  # one indicator per (feature, value)
    assert form.bias == 0
    assert form.log_prior_ratio == pytest.approx(log(F(9, 5)), rel=1e-15)
    assert form.vector(test_row) == {("outlook", "sunny"): 1, ("temperature", "cool"): 1, ("humidity", "high"): 1, ("wind", "strong"): 1}
    assert form.log_odds(test_row) == pytest.approx(log(F(1176, 3025)), rel=1e-14)
    assert form.probability(test_row) == pytest.approx(1176 / 4201, rel=1e-14)
    assert model.predict_proba([test_row])[0]["yes"] == pytest.approx(1176 / 4201, rel=1e-13)
    lookups = {"outlook": {"sunny": (-1.0, -2.0)}, "wind": {"weak": (-0.5, -0.25)}}
    assert categorical_linear_form(lookups, positive=1, negative=0) == {("outlook", "sunny"): -1.0, ("wind", "weak"): 0.25}


def test_eq_lda_softmax_form_by_hand():
    model = GDA(covariance="shared").fit(ROWS, LABELS)
    weights, bias = lda_class_weights([2, 2], model.ldl_factors_["a"])
    assert weights == [F(84, 31), F(36, 31)] and bias == F(-120, 31)
    form = model.softmax_form()
    assert form.classes == ["a", "b"]
    assert form.weights == {"a": {0: F(84, 31), 1: F(36, 31)}, "b": {0: F(300, 31), 1: F(102, 31)}}
    assert form.biases == {"a": F(-120, 31), "b": F(-1356, 31)}
    assert form.log_priors == {"a": math.log(0.5), "b": math.log(0.5)}
    # The difference of the two classes' scores is the two-class form of docs/discriminant-analysis.md.
    two = model.linear_form()
    assert {j: form.weights["b"][j] - form.weights["a"][j] for j in (0, 1)} == two.weights
    assert form.biases["b"] - form.biases["a"] == two.bias == F(-1236, 31)
    scores = form.scores([4, 4])
    assert scores["b"] - scores["a"] == pytest.approx(-108 / 31, rel=1e-14)
    assert form.probabilities([4, 4]) == pytest.approx(model.predict_proba([[4, 4]])[0], abs=TOLERANCE)


# ----------------------------------------------------------------------
# The sigmoid or softmax of the form is predict_proba, on a whole corpus
# ----------------------------------------------------------------------


def spam_tokens():
    texts, labels = load_spam()
    return texts, labels


def common_words(texts, n):
    counts = {}
    for text in texts:
        for word in set(text.lower().split()):
            counts[word] = counts.get(word, 0) + 1
    return sorted(counts, key=lambda word: (-counts[word], word))[:n]


def spam_category_rows(texts, n_words=25):
    """A row per message: for each of the commonest words, "no", "once" or "more"; some values missing."""
    words = common_words(texts, n_words)
    rows = []
    for i, text in enumerate(texts):
        tokens = text.lower().split()
        row = {}
        for j, word in enumerate(words):
            if (i + j) % 11 == 0:
                continue  # a feature missing from the row
            count = tokens.count(word)
            row[word] = "no" if count == 0 else "once" if count == 1 else "more"
        if i % 7 == 0:
            row[words[0]] = None  # missing as None
        rows.append(row)
    return rows


def spam_measurements(texts):
    """A row of five counts per message: words, letters, digits, capitals, punctuation."""
    return [
        [
            len(text.split()),
            sum(c.isalpha() for c in text),
            sum(c.isdigit() for c in text),
            sum(c.isupper() for c in text),
            sum(c in "!?$%" for c in text),
        ]
        for text in texts
    ]


def max_difference(model, form, examples):
    """The largest |P_form(c | x) - predict_proba| over every example and class."""
    expected = model.predict_proba(examples)
    largest = 0.0
    for example, posterior in zip(examples, expected):
        if isinstance(form, LinearForm):
            p = form.probability(example)
            ours = {form.positive: p, form.negative: 1 - p}
        else:
            ours = form.probabilities(example)
        largest = max(largest, *(abs(ours[label] - posterior[label]) for label in posterior))
    return largest


def spam_models():
    texts, labels = load_spam()
    return [
        ("Bernoulli", BernoulliNB().fit(texts, labels), texts),
        ("multinomial", MultinomialNB().fit(texts, labels), texts),
        ("categorical", CategoricalNB().fit(spam_category_rows(texts), labels), spam_category_rows(texts)),
        ("LDA", GDA(covariance="shared").fit(spam_measurements(texts), labels), spam_measurements(texts)),
    ]


@pytest.mark.parametrize("name, model, examples", spam_models(), ids=lambda v: v if isinstance(v, str) else None)
def test_the_sigmoid_of_the_linear_form_is_predict_proba_on_the_spam_corpus(name, model, examples):
    form = model.linear_form()
    assert isinstance(form, LinearForm)
    assert (form.negative, form.positive) == ("ham", "spam")
    assert max_difference(model, form, examples) < TOLERANCE


@pytest.mark.parametrize("name, model, examples", spam_models(), ids=lambda v: v if isinstance(v, str) else None)
def test_the_softmax_of_the_softmax_form_is_predict_proba_on_the_spam_corpus(name, model, examples):
    form = model.softmax_form()
    assert isinstance(form, SoftmaxForm)
    assert form.classes == model.classes_
    assert max_difference(model, form, examples) < TOLERANCE


@pytest.mark.parametrize("name, model, examples", spam_models(), ids=lambda v: v if isinstance(v, str) else None)
def test_the_linear_form_is_the_difference_of_two_softmax_scores(name, model, examples):
    """w = w_1 - w_0 and b = b_1 - b_0, to the last bit: the two forms are one design."""
    two, every = model.linear_form(), model.softmax_form()
    assert two.weights == {j: every.weights["spam"][j] - every.weights["ham"][j] for j in two.weights}
    assert set(two.weights) == set(every.weights["spam"]) == set(every.weights["ham"])
    assert two.bias == every.biases["spam"] - every.biases["ham"]
    assert two.log_prior_ratio == every.log_priors["spam"] - every.log_priors["ham"]


def three_class_text():
    rng = random.Random(3)
    topics = {"a": "alpha beta gamma", "b": "delta eps zeta", "c": "eta theta iota"}
    common = "the of and to".split()
    texts, labels = [], []
    for _ in range(60):
        label = rng.choice("abc")
        words = topics[label].split() + rng.sample(topics["abc"[("abc".index(label) + 1) % 3]].split(), 1)
        texts.append(" ".join(rng.choices(words + common, k=rng.randint(3, 9))))
        labels.append(label)
    return texts, labels


@pytest.mark.parametrize("model_class", [BernoulliNB, MultinomialNB])
def test_with_three_classes_any_two_have_a_linear_form(model_class):
    texts, labels = three_class_text()
    model = model_class(alpha=F(1, 2)).fit(texts, labels)
    for positive, negative in [("b", "a"), ("a", "c"), ("c", "b")]:
        form = model.linear_form(positive, negative)
        for text, log_posterior in zip(texts, model.predict_log_proba(texts)):
            assert form.log_odds(text) == pytest.approx(log_posterior[positive] - log_posterior[negative], abs=1e-12)
    every = model.softmax_form()
    assert max_difference(model, every, texts) < TOLERANCE
    # Swapping the classes negates the form.
    ab, ba = model.linear_form("a", "b"), model.linear_form("b", "a")
    assert ba.weights == {j: -w for j, w in ab.weights.items()} and ba.intercept == -ab.intercept


def test_exact_settings_give_float_weights_and_lda_exact_ones():
    """Weights are logs, so floats, even when every estimate is an exact Fraction; LDA's stay exact."""
    model, _ = china_model(MultinomialNB)
    assert model.likelihood("tokyo", "japan") == F(2, 9)
    assert all(isinstance(w, float) for w in model.linear_form().weights.values())
    lda = GDA(covariance="shared").fit(ROWS, LABELS).linear_form()
    assert all(isinstance(w, Fraction) for w in lda.weights.values()) and isinstance(lda.bias, Fraction)


def test_every_model_returns_the_one_linear_form_type():
    from naivebayes.other_models import discriminant

    assert discriminant.LinearForm is LinearForm
    documents, labels, _ = load_china()
    rows, tennis, _ = load_play_tennis()
    forms = [
        BernoulliNB().fit(documents, labels).linear_form(),
        MultinomialNB().fit(documents, labels).linear_form(),
        CategoricalNB().fit(rows, tennis).linear_form(),
        GDA(covariance="shared").fit(ROWS, LABELS).linear_form(),
    ]
    assert [type(form) for form in forms] == [LinearForm] * 4
    assert [form.encoding for form in forms] == ["word presence", "word counts", "one-hot", "values"]


# ----------------------------------------------------------------------
# Unseen and missing features add 0, exactly as the models leave them out
# ----------------------------------------------------------------------


@pytest.mark.parametrize("model_class", [BernoulliNB, MultinomialNB])
def test_unseen_words_add_nothing(model_class):
    model, test_document = china_model(model_class)
    form = model.linear_form()
    with_unseen = test_document + " osaka kyoto osaka"
    assert "osaka" not in form.weights
    assert form.log_odds(with_unseen) == form.log_odds(test_document)
    assert form.probability(with_unseen) == pytest.approx(model.predict_proba([with_unseen])[0]["japan"], abs=TOLERANCE)
    # Every form of a document gives the same x: text, tokens, counts.
    tokens = with_unseen.lower().split()
    counts = {word: tokens.count(word) for word in tokens}
    assert form.log_odds(tokens) == form.log_odds(counts) == form.log_odds(with_unseen)


def test_bernoulli_reads_word_presence_and_multinomial_word_counts():
    documents, labels, _ = load_china()
    bernoulli = BernoulliNB().fit(documents, labels).linear_form()
    multinomial = MultinomialNB().fit(documents, labels).linear_form()
    assert bernoulli.vector("Tokyo Tokyo Japan") == {"tokyo": 1, "japan": 1}
    assert multinomial.vector("Tokyo Tokyo Japan") == {"tokyo": 2, "japan": 1}
    assert multinomial.log_odds("Tokyo Tokyo") - multinomial.log_odds("Tokyo") == pytest.approx(multinomial.weights["tokyo"])
    assert bernoulli.log_odds("Tokyo Tokyo") == bernoulli.log_odds("Tokyo")
    # The empty document: b alone.  For Bernoulli it is not log(pi_1 / pi_0): every absent word counts.
    assert bernoulli.log_odds("") == bernoulli.intercept != bernoulli.log_prior_ratio
    assert multinomial.log_odds("") == multinomial.intercept == multinomial.log_prior_ratio


def test_missing_and_unseen_categories_add_nothing():
    rows, labels, test_row = load_play_tennis()
    model = CategoricalNB().fit(rows, labels)
    form = model.linear_form()
    partial = {"outlook": "sunny", "humidity": None, "wind": "strong"}  # temperature absent, humidity None
    odd = {"outlook": "sunny", "temperature": "freezing", "humidity": float("nan"), "wind": "strong"}
    assert form.vector(partial) == {("outlook", "sunny"): 1, ("wind", "strong"): 1}
    assert ("temperature", "freezing") in form.vector(odd) and ("temperature", "freezing") not in form.weights
    for row in (partial, odd):
        expected = log(F(1, 2)) + log(F(7, 11)) + log(F(9, 5))
        assert form.log_odds(row) == pytest.approx(expected, rel=1e-14)
        assert form.probability(row) == pytest.approx(model.predict_proba([row])[0]["yes"], abs=TOLERANCE)
    assert form.log_odds({}) == form.intercept == form.log_prior_ratio


def test_list_rows_give_column_numbered_indicators():
    rows, labels, test_row = load_play_tennis()
    features = list(test_row)
    list_rows = [[row[feature] for feature in features] for row in rows]
    model = CategoricalNB().fit(list_rows, labels)
    form = model.linear_form()
    assert (0, "sunny") in form.weights
    as_list = [test_row[feature] for feature in features]
    assert form.log_odds(as_list) == pytest.approx(log(F(1176, 3025)), rel=1e-14)
    assert form.log_odds([None, "cool", None, None]) == pytest.approx(log(F(4, 3)) + log(F(9, 5)), rel=1e-14)


def test_the_lda_form_needs_every_feature():
    form = GDA(covariance="shared").fit(ROWS, LABELS).linear_form()
    with pytest.raises(ValueError, match="no value for the feature 1"):
        form.log_odds([4, None])


def test_dense_text_rows_have_column_numbered_weights():
    X = [[2, 1, 0], [3, 0, 1], [0, 2, 2], [0, 1, 3]]
    y = ["a", "a", "b", "b"]
    for model_class in (BernoulliNB, MultinomialNB):
        model = model_class().fit(X, y)
        form = model.linear_form()
        assert list(form.weights) == [0, 1, 2]
        for row, posterior in zip(X, model.predict_proba(X)):
            assert form.probability(row) == pytest.approx(posterior["b"], abs=TOLERANCE)


# ----------------------------------------------------------------------
# Models without a linear form, and other mistakes
# ----------------------------------------------------------------------


def test_gaussian_naive_bayes_has_no_linear_form_and_says_why():
    iris = load_iris()
    model = GaussianNB().fit(iris.rows, iris.labels)
    for method in (lambda: model.linear_form("setosa", "virginica"), model.softmax_form):
        with pytest.raises(TypeError, match=r"quadratic in x.*covariance='shared'"):
            method()


@pytest.mark.parametrize("covariance", ["full", "diagonal"])
def test_qda_has_no_linear_form_and_says_why(covariance):
    model = GDA(covariance=covariance).fit(ROWS, LABELS)
    for method in (model.linear_form, model.softmax_form):
        with pytest.raises(ValueError, match="quadratic in x, not linear"):
            method()


@pytest.mark.parametrize("model_class", [BernoulliNB, MultinomialNB, CategoricalNB, GDA])
def test_an_unfitted_model_has_no_form(model_class):
    for method in ("linear_form", "softmax_form"):
        with pytest.raises(NotFittedError):
            getattr(model_class(), method)()


@pytest.mark.parametrize("model_class", [BernoulliNB, MultinomialNB])
def test_the_two_classes_must_be_named_with_three_and_must_exist(model_class):
    texts, labels = three_class_text()
    model = model_class().fit(texts, labels)
    with pytest.raises(ValueError, match="name the two to compare"):
        model.linear_form()
    with pytest.raises(ValueError, match="name the two to compare"):
        model.linear_form("a")
    with pytest.raises(KeyError, match="'z' is not a class"):
        model.linear_form("z", "a")
    with pytest.raises(ValueError, match="two different classes"):
        model.linear_form("a", "a")
    two, _ = china_model(model_class)
    assert two.linear_form("china").negative == "japan"  # with two classes, one name is enough
    assert two.linear_form(negative="japan").positive == "china"


@pytest.mark.parametrize("model_class", [BernoulliNB, MultinomialNB])
def test_alpha_zero_can_leave_no_finite_form(model_class):
    documents, labels, _ = load_china()
    model = model_class(alpha=0).fit(documents, labels)
    for method in (model.linear_form, model.softmax_form):
        with pytest.raises(ValueError, match="not a finite linear function.*alpha > 0"):
            method()


def test_categorical_alpha_zero_can_leave_no_finite_form():
    rows, labels, _ = load_play_tennis()
    with pytest.raises(ValueError, match="alpha > 0"):
        CategoricalNB(alpha=0).fit(rows, labels).linear_form()


@pytest.mark.parametrize("name, model, examples", spam_models(), ids=lambda v: v if isinstance(v, str) else None)
def test_a_form_changes_nothing_in_the_model(name, model, examples):
    before = public_state(model)
    model.linear_form()
    model.softmax_form()
    assert public_state(model) == before


def test_a_changed_setting_is_followed():
    model, test_document = china_model(MultinomialNB)
    model.alpha = F(1, 2)
    form = model.linear_form()
    assert form.weights["tokyo"] == pytest.approx(log(F(11, 2)), rel=1e-14)  # (3/2 / 6) / (1/2 / 11)
    assert form.probability(test_document) == pytest.approx(model.predict_proba([test_document])[0]["japan"], abs=TOLERANCE)


def test_the_forms_print_what_they_hold():
    model, _ = china_model(MultinomialNB)
    text = repr(model.linear_form())
    assert text.startswith("LinearForm('japan' against 'china', x = word counts, weights={'beijing': -0.251314")
    assert "log_prior_ratio=-1.09861" in text
    spam = MultinomialNB().fit(*load_spam())
    assert "weights, the largest {" in repr(spam.linear_form())
    every = repr(model.softmax_form())
    assert every.startswith("SoftmaxForm(classes=['china', 'japan'], x = word counts, 6 weights per class, intercepts={")
    lda = repr(GDA(covariance="shared").fit(ROWS, LABELS).linear_form())
    assert lda == (
        "LinearForm('b' against 'a', x = values, weights={0: Fraction(216, 31), 1: Fraction(66, 31)}, "
        "bias=Fraction(-1236, 31), log_prior_ratio=0.0)"
    )


# ----------------------------------------------------------------------
# The real corpus: the lecture's four newsgroups, 1,000 binary features
# ----------------------------------------------------------------------


def local_archive():
    import os

    named = os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE")
    candidates = [Path(named)] if named else []
    candidates.append(Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "20news-bydate.tar.gz")
    return next((str(path) for path in candidates if path.is_file()), None)


ARCHIVE = local_archive()
CATEGORIES = ["alt.atheism", "soc.religion.christian", "comp.graphics", "sci.med"]


@pytest.fixture(scope="module")
def newsgroups():
    """The lecture's 2,257 training posts as {word: 1} rows over the 1,000 words in the most posts."""
    if ARCHIVE is None:
        pytest.skip("no local 20news-bydate.tar.gz, and the tests never download it")
    from naivebayes import BagOfWords, Tokenizer
    from naivebayes.datasets import load_20newsgroups
    from naivebayes.text.tokenize import SKLEARN_PATTERN

    train = load_20newsgroups(subset="train", categories=CATEGORIES, shuffle=True, random_state=42, archive=ARCHIVE)
    vectorizer = BagOfWords(tokenizer=Tokenizer(pattern=SKLEARN_PATTERN), binary=True, max_features=1000)
    return vectorizer.fit_transform(train.texts), train.labels


@pytest.mark.parametrize("model_class", [BernoulliNB, MultinomialNB])
def test_the_forms_are_predict_proba_on_the_four_newsgroups(newsgroups, model_class):
    rows, labels = newsgroups
    assert len(rows) == 2257
    model = model_class().fit(rows, labels)
    every = model.softmax_form()
    assert len(every.weights["sci.med"]) == 1000
    assert max_difference(model, every, rows) < TOLERANCE
    two = model.linear_form("sci.med", "comp.graphics")
    for row, log_posterior in zip(rows, model.predict_log_proba(rows)):
        assert two.log_odds(row) == pytest.approx(log_posterior["sci.med"] - log_posterior["comp.graphics"], abs=1e-9)


def test_the_one_hot_form_is_predict_proba_on_the_four_newsgroups(newsgroups):
    """250 of the 1,000 words as categories, present (True) or absent (False): a row of 250 values per post."""
    rows, labels = newsgroups
    words = sorted({word for row in rows for word in row})[::4]  # every fourth word, to keep the test quick
    table = [{word: word in row for word in words} for row in rows]
    model = CategoricalNB().fit(table, labels)
    every = model.softmax_form()
    # (word, True) and (word, False), but for the words in every post: (word, True) only
    in_every_post = [word for word in words if model.categories_[word] == [True]]
    assert len(every.weights["sci.med"]) == 2 * len(words) - len(in_every_post)
    assert max_difference(model, every, table) < TOLERANCE
    # Two values per word: the one-hot form of CategoricalNB is the Bernoulli form.
    bernoulli = BernoulliNB().fit(rows, labels).softmax_form()
    for label in every.classes:
        for word in [word for word in words if word not in in_every_post][:100]:
            w = every.weights[label][(word, True)] - every.weights[label][(word, False)]
            assert w == pytest.approx(bernoulli.weights[label][word], rel=1e-12)
