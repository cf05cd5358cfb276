"""Explanations as data, their printers, and the most informative features."""

import math
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes import BernoulliNB, MultinomialNB, most_informative_features
from naivebayes.datasets import load_china
from naivebayes.inspect.informative import likelihood_ratio

DOCUMENTS, LABELS, TEST_DOCUMENT = load_china()


def test_eq_likelihood_ratio_on_the_china_example():
    # P(tokyo | japan) = 2/9 and P(tokyo | china) = 1/14, so tokyo is 28/9 times likelier in japan.
    assert likelihood_ratio({"china": Fraction(1, 14), "japan": Fraction(2, 9)}) == (Fraction(28, 9), "japan", "china")
    assert likelihood_ratio({"a": 0, "b": Fraction(1, 2)}) == (math.inf, "b", "a")  # not dropped
    assert likelihood_ratio({"a": 0, "b": 0}) == (1, "a", "a")


def test_most_informative_features_are_exact_and_ordered():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    top = most_informative_features(model, 3)
    assert [(f.feature, f.label, f.versus, f.ratio) for f in top] == [
        ("japan", "japan", "china", Fraction(28, 9)),  # tied with tokyo: alphabetical order
        ("tokyo", "japan", "china", Fraction(28, 9)),
        ("chinese", "china", "japan", Fraction(27, 14)),  # (3/7) / (2/9)
    ]
    assert "japan : china = 3.1 : 1" in str(top[0])
    assert len(most_informative_features(model, 100)) == 6  # every word, none dropped


def test_most_informative_features_keep_zero_probabilities():
    model = MultinomialNB(alpha=0).fit(DOCUMENTS, LABELS)
    top = most_informative_features(model, 6)
    assert {f.feature for f in top if f.ratio == math.inf} == {"beijing", "shanghai", "macao", "tokyo", "japan"}
    assert len(top) == 6


def test_bernoulli_informative_features_use_presence_probabilities():
    model = BernoulliNB().fit(DOCUMENTS, LABELS)
    top = most_informative_features(model, 2)
    assert [(f.feature, f.ratio) for f in top] == [("japan", Fraction(10, 3)), ("tokyo", Fraction(10, 3))]


def test_explanation_holds_every_number():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    explanation = model.explain(TEST_DOCUMENT + " Osaka")
    assert explanation.prior == {"china": Fraction(3, 4), "japan": Fraction(1, 4)}
    assert explanation.ignored == {"osaka": "unseen"}
    words = [(term.feature, term.value, term.likelihood["china"]) for term in explanation.terms]
    assert words == [("chinese", 3, Fraction(3, 7)), ("tokyo", 1, Fraction(1, 14)), ("japan", 1, Fraction(1, 14))]
    # The rows add up to the joint log-likelihood, and it is the model's own.
    for label in model.classes_:
        total = explanation.log_prior[label] + math.fsum(term.log_term[label] for term in explanation.terms)
        assert total == explanation.joint[label]
    assert explanation.joint == model.joint_log_likelihood(TEST_DOCUMENT)
    assert explanation.posterior["china"] == pytest.approx(4782969 / 6934265, rel=1e-12)
    assert explanation.prediction == "china"


def test_bernoulli_explanation_sums_the_absent_words():
    model = BernoulliNB().fit(DOCUMENTS, LABELS)
    explanation = model.explain(TEST_DOCUMENT)
    absent = explanation.terms[-1]
    assert (absent.step, absent.feature, absent.likelihood) == ("absent", "3 words", None)  # beijing, shanghai, macao
    assert absent.log_term["china"] == pytest.approx(3 * math.log(3 / 5), abs=1e-12)
    for label in model.classes_:
        total = explanation.log_prior[label] + math.fsum(term.log_term[label] for term in explanation.terms)
        assert total == explanation.joint[label] == model.joint_log_likelihood(TEST_DOCUMENT)[label]


def test_text_and_markdown_show_the_same_rows():
    explanation = MultinomialNB().fit(DOCUMENTS, LABELS).explain(TEST_DOCUMENT)
    text, markdown = str(explanation), explanation.to_markdown()
    for row in explanation.rows():
        assert "| " + " | ".join(row) + " |" in markdown
        assert all(cell in text for cell in row)
    assert "3/7" in text and "-8.1077" in text and "prediction: china" in text
    assert markdown.splitlines()[2].startswith("|---|---|---:|")
    assert markdown.splitlines()[-1].startswith("| prediction | china |")


def test_explaining_a_dense_row_and_a_weighted_row():
    dense = MultinomialNB().fit([[2, 0], [0, 3]], ["a", "b"])
    assert [term.feature for term in dense.explain([1, 0]).terms] == [0]  # the zero column adds nothing
    weighted = MultinomialNB(alpha=0.5).fit([{"x": 0.5}, {"y": 1.25}], ["a", "b"])
    assert "0.5" in str(weighted.explain({"x": 0.5}))


def test_the_demo_runs_and_refuses_unknown_arguments(capsys):
    from naivebayes.__main__ import main

    main([])
    printed = capsys.readouterr().out
    assert "precision" in printed and "prediction: spam" in printed
    assert main(["no-such-model"]) == 2  # one line on the error stream: see tests/test_command_line.py
    assert "invalid choice: 'no-such-model'" in capsys.readouterr().err


def test_each_class_column_is_headed_with_what_it_holds():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    explanation = model.explain(TEST_DOCUMENT)
    assert explanation.holds == "probability"
    assert explanation.rows()[0][3:] == ["china: P", "log term", "japan: P", "log term"]
    explanation.holds = "weight"
    assert explanation.rows()[0][3:] == ["china: weight", "term", "japan: weight", "term"]  # w x_j: not a logarithm


# ---------------------------------------------------------------------------
# top= and classes=: the rows that matter, the classes in question
# ---------------------------------------------------------------------------


def china_explanation(**options):
    return MultinomialNB().fit(DOCUMENTS, LABELS).explain(TEST_DOCUMENT, **options)


def test_top_keeps_the_rows_that_differ_most_and_adds_up_the_rest_in_one_row():
    # Spreads between the classes: chinese (3 times) 3 log(3/7) - 3 log(2/9) = 3 log(27/14) = 1.9705,
    # tokyo and japan log(2/9) - log(1/14) = log(28/9) = 1.1350 each.
    explanation = china_explanation(top=1)
    table = explanation.rows()
    assert [row[:3] for row in table[2:4]] == [["word", "chinese", "3"], ["rest", "2 other words", ""]]
    rest = {"china": 2 * math.log(1 / 14), "japan": 2 * math.log(2 / 9)}  # tokyo and japan
    assert table[3][3:] == ["", "-5.2781", "", "-3.0082"]
    # The column still adds up to the joint: prior + chinese + the rest.
    chinese = {"china": 3 * math.log(3 / 7), "japan": 3 * math.log(2 / 9)}
    for label in ["china", "japan"]:
        shown = explanation.log_prior[label] + chinese[label] + rest[label]
        assert shown == pytest.approx(explanation.joint[label], abs=1e-12)
    assert china_explanation(top=2).rows()[3][:2] == ["word", "tokyo"]  # tied with japan: the model's order
    # The data still holds every term.
    assert [term.feature for term in explanation.terms] == ["chinese", "tokyo", "japan"]
    assert "the 1 row that matters most, the other 2 added up in one" in str(explanation)


def test_top_zero_and_top_larger_than_the_rows():
    assert [row[0] for row in china_explanation(top=0).rows()] == ["step", "prior", "rest", "joint", "posterior"]
    assert china_explanation(top=3).rows() == china_explanation().rows()  # nothing left out: no rest row
    assert "rest" not in [row[0] for row in china_explanation(top=10).rows()]


def test_classes_shows_only_those_columns_and_the_posterior_is_over_every_class():
    explanation = china_explanation(classes=["japan"])
    table = explanation.rows()
    assert table[0] == ["step", "feature", "x_j", "japan: P", "log term"]
    assert table[-1] == ["posterior", "", "", "0.3102", "-1.1704"]  # 0.3102 of all, not 1 of japan alone
    assert "showing 1 of 2 classes (the posterior is over all 2)" in str(explanation)
    assert explanation.posterior == china_explanation().posterior and explanation.prediction == "china"
    # With one class shown, top ranks the rows by their spread over every class.
    assert china_explanation(classes=["japan"], top=1).rows()[2][:2] == ["word", "chinese"]


def test_a_bad_top_or_classes_is_a_clear_error():
    with pytest.raises(KeyError, match="'korea', which is not a class of this model"):
        china_explanation(classes=["korea"])
    with pytest.raises(TypeError, match="classes must be a list of labels"):
        china_explanation(classes="china")
    with pytest.raises(ValueError, match="classes=\\[\\] shows no class"):
        china_explanation(classes=[])
    with pytest.raises(ValueError, match="top=-1 is below 0"):
        china_explanation(top=-1)
    with pytest.raises(TypeError, match="top must be a whole number"):
        china_explanation(top=2.5)
    with pytest.raises(TypeError, match="top must be a whole number"):
        china_explanation(top=True)


def test_full_shows_every_row_and_class():
    explanation = china_explanation(top=1, classes=["japan"])
    assert explanation.full().rows() == china_explanation().rows()
    assert explanation.full().terms == explanation.terms


def many_classes_and_words():
    """12 classes of 3 documents, each of 40 words; a post of 60 of those words."""
    words = [f"w{k}" for k in range(60)]
    documents = [" ".join(words[(3 * c + d) % 60:][:40] + words[:max(0, 40 - (60 - (3 * c + d) % 60))]) for c in range(12) for d in range(3)]
    labels = [f"class {c}" for c in range(12) for _ in range(3)]
    return MultinomialNB().fit(documents, labels), " ".join(words)


def test_the_notebook_trims_a_long_explanation_and_says_how_to_see_it_all():
    model, post = many_classes_and_words()
    explanation = model.explain(post)
    header, *rows = explanation.rows(notebook=True)
    best = sorted(model.classes_, key=lambda label: -explanation.joint[label])[:2]
    assert header[3:] == [f"{best[0]}: P", "log term", f"{best[1]}: P", "log term"]  # the winner, the runner-up
    assert [row[0] for row in rows][-4:] == ["word", "rest", "joint", "posterior"] and len(rows) == 15 + 4
    html = explanation._repr_html_()
    assert "print(explanation.full()) shows every row and class" in html and "showing 2 of 12 classes" in html
    assert len(explanation.rows()) == 60 + 4 and len(explanation.rows()[0]) == 3 + 2 * 12  # print shows everything
    assert "<mark>" + f"{best[0]}: P" in html
    markdown = explanation._repr_markdown_()  # a notebook's Markdown view is trimmed alike; to_markdown() is whole
    assert len(markdown.splitlines()) == 2 + 1 + 19 + 1 and "print(explanation.full())" in markdown
    assert len(explanation.to_markdown().splitlines()) == 2 + 1 + 63 + 1  # heading, header, rule, 63 rows, prediction
    whole = explanation.full()._repr_html_()  # full(): the notebook shows it all (cut in the middle if huge)
    assert whole.count("<th ") == 3 + 2 * 12 and "showing" not in whole and "rest" not in whole
    # An explanation asked for with top= or classes= is shown as asked.
    assert len(model.explain(post, top=3).rows(notebook=True)[0]) == 3 + 2 * 12


# ---------------------------------------------------------------------------
# Each column says what it holds, in one notation, x_j as given
# ---------------------------------------------------------------------------


def iris_models():
    from naivebayes import CategoricalNB, GaussianNB, HistogramNB, KernelNB, MixedNB, PoissonNB
    from naivebayes.datasets import load_iris

    rows, labels, _ = load_iris()
    counts = [{name: round(value) for name, value in row.items()} for row in rows]
    return {
        "density": [GaussianNB().fit(rows, labels), KernelNB().fit(rows, labels), HistogramNB().fit(rows, labels)],
        "P": [PoissonNB().fit(counts, labels), CategoricalNB().fit(counts, labels), MultinomialNB().fit(counts, labels)],
        "P or density": [MixedNB(distributions={"sepal_width": "poisson"}).fit(
            [{**row, "sepal_width": count["sepal_width"]} for row, count in zip(rows, counts)], labels)],
    }


def test_every_model_heads_its_columns_with_what_they_hold():
    row = {"sepal_length": 5.1, "sepal_width": 3, "petal_length": 1.4, "petal_width": 0.2}
    counts = {"sepal_length": 5, "sepal_width": 3, "petal_length": 1, "petal_width": 0}
    for heading, models in iris_models().items():
        for model in models:
            header = model.explain(counts if heading == "P" else row).rows()[0]
            assert header[3] == f"setosa: {heading}", type(model).__name__
    mixed = iris_models()["P or density"][0].explain(row)
    assert [term.holds for term in mixed.terms] == ["density", "probability", "density", "density"]
    assert [cells[0] for cells in mixed.rows()[2:6]] == ["feature (density)", "feature (P)", "feature (density)", "feature (density)"]


def test_one_notation_per_column():
    from naivebayes.naive_bayes.explanation import format_column

    # 4 decimals when every number fits them; scientific for the whole column when one does not.
    assert format_column([Fraction(1, 3), 1.1025, 0.0388, None]) == ["1/3", "1.1025", "0.0388", ""]
    assert format_column([Fraction(1, 3), 0.2048, 5.314e-09, 1.0]) == ["1/3", "2.048e-01", "5.314e-09", "1.000e+00"]
    assert format_column([-1e-9, -19.0529], log=True) == ["0.0000", "-19.0529"]  # log terms: always 4 decimals
    gaussian = iris_models()["density"][0].explain({"sepal_length": 5.1, "sepal_width": 3.5, "petal_length": 1.4, "petal_width": 0.2})
    for column in list(zip(*gaussian.rows()[1:]))[3:]:
        numbers = [cell for cell in column if cell and "/" not in cell]
        assert len({"e" in cell for cell in numbers}) == 1  # never both notations in one column


def test_x_j_is_shown_as_the_user_gave_it():
    gaussian = iris_models()["density"][0]
    row = {"sepal_length": 5.1, "sepal_width": 3.5, "petal_length": Fraction(7, 5), "petal_width": 1}
    assert [cells[2] for cells in gaussian.explain(row).rows()[2:6]] == ["5.1", "3.5", "7/5", "1"]


# ---------------------------------------------------------------------------
# ComplementNB: the explanation shows what the rule computes, by its own names
# ---------------------------------------------------------------------------


def test_the_complement_explanation_shows_estimates_score_terms_and_scores_with_no_prior():
    from naivebayes import ComplementNB

    model = ComplementNB().fit(DOCUMENTS, LABELS)
    explanation = model.explain(TEST_DOCUMENT)
    table = explanation.rows()
    assert table[0] == ["step", "feature", "x_j", "china: complement", "score term", "japan: complement", "score term"]
    assert [row[0] for row in table[1:]] == ["word", "word", "word", "score", "softmax"]  # no prior row
    # chinese: ñ = 1 of the complement's 9 words (+1 of 6 words' alpha): θ̃ = (1 + 1) / (3 + 6) = 2/9 for china;
    # its score term is 3 (-log 2/9) = 4.5122.  For japan the complement is china's 8 words: (5 + 1) / (8 + 6) = 3/7.
    assert table[1][3:] == ["2/9", "4.5122", "3/7", "2.5419"]
    scores = {"china": -3 * math.log(2 / 9) - 2 * math.log(2 / 9), "japan": -3 * math.log(3 / 7) - 2 * math.log(1 / 14)}
    assert explanation.joint == pytest.approx(scores, rel=1e-12)  # the score: the terms' sum, no log(1/2)
    assert explanation.posterior == pytest.approx(model.predict_proba([TEST_DOCUMENT])[0], rel=1e-12)
    assert explanation.prediction == model.predict([TEST_DOCUMENT])[0] == "japan"
    assert explanation.prior is None and explanation.log_prior is None
    assert [row[0] for row in model.explain(TEST_DOCUMENT, top=1).rows()[1:]] == ["word", "rest", "score", "softmax"]


def test_complement_posterior_is_refused_in_one_line_that_says_why():
    from naivebayes import ComplementNB

    with pytest.raises(TypeError, match="ComplementNB has no posterior P\\(c \\| x\\).*predict_proba"):
        ComplementNB().fit(DOCUMENTS, LABELS).posterior(TEST_DOCUMENT)


SHARED_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"


@pytest.mark.skipif(not (SHARED_DATA / "20news-bydate.tar.gz").exists(), reason="20 Newsgroups is not at hand")
def test_a_newsgroup_post_reads_in_a_notebook():
    from naivebayes.datasets import load_20newsgroups

    posts = load_20newsgroups("test", archive=SHARED_DATA / "20news-bydate.tar.gz")
    model = MultinomialNB().fit(posts.texts[:3000], posts.labels[:3000])
    post = max(posts.texts[3000:3100], key=lambda text: len(set(text.lower().split())))
    explanation = model.explain(post)
    assert len(explanation.terms) > 100 and len(explanation.classes) == 20  # the whole computation is there
    header, *rows = explanation.rows(notebook=True)
    assert len(header) == 3 + 2 * 2 and len(rows) == 15 + 4  # prior, 15 words, the rest, joint, posterior
    assert header[3] == f"{explanation.prediction}: P"
    html = explanation._repr_html_()
    assert html.count("<tr") <= 25 and "print(explanation.full())" in html
    # The rest row keeps the columns adding up to the joints.
    classes, kept, rest = explanation._layout(notebook=True)
    for label in classes:
        total = explanation.log_prior[label] + math.fsum([term.log_term[label] for term in kept] + [rest.log_term[label]])
        assert total == pytest.approx(explanation.joint[label], rel=1e-12)


def every_fitted_model():
    """(model, example) for every public model class that explains a prediction."""
    from naivebayes import (
        CategoricalNB,
        ComplementNB,
        GaussianDiscriminantAnalysis,
        GaussianNB,
        HistogramNB,
        JointBayesClassifier,
        KernelNB,
        LogisticRegression,
        MixedNB,
        PoissonNB,
        SemiSupervisedNB,
        TreeAugmentedNB,
    )
    from naivebayes.datasets import load_iris, load_play_tennis

    rows, labels, test_row = load_play_tennis()
    iris, species, _ = load_iris()
    counts = [{name: round(value) for name, value in row.items()} for row in iris]
    flower = iris[0]
    return [
        (MultinomialNB().fit(DOCUMENTS, LABELS), TEST_DOCUMENT),
        (BernoulliNB().fit(DOCUMENTS, LABELS), TEST_DOCUMENT),
        (ComplementNB().fit(DOCUMENTS, LABELS), TEST_DOCUMENT),
        (SemiSupervisedNB().fit(DOCUMENTS, LABELS, [TEST_DOCUMENT]), TEST_DOCUMENT),
        (CategoricalNB().fit(rows, labels), test_row),
        (TreeAugmentedNB().fit(rows, labels), test_row),
        (JointBayesClassifier().fit(rows, labels), test_row),
        (GaussianNB().fit(iris, species), flower),
        (KernelNB().fit(iris, species), flower),
        (HistogramNB().fit(iris, species), flower),
        (MixedNB().fit(iris, species), flower),
        (PoissonNB().fit(counts, species), counts[0]),
        (GaussianDiscriminantAnalysis().fit(iris, species), flower),
        (LogisticRegression().fit(iris, species), flower),
    ]


def test_every_model_explains_with_top_and_classes_and_print_shows_everything():
    for model, example in every_fitted_model():
        name = type(model).__name__
        whole = model.explain(example)
        label = whole.classes[-1]
        short = model.explain(example, top=1, classes=[label])
        header, *rows = short.rows()
        assert header[3:] == [f"{label}: {header[3].split(': ')[1]}", header[4]] and len(header) == 5, name
        assert len([row for row in rows if row[1]]) <= 2, name  # one term and at most one row for the rest
        assert short.terms == whole.terms and short.joint == whole.joint and short.posterior == whole.posterior, name
        assert len(str(whole).splitlines()) == len(whole.rows()) + 3, name  # print(): every row, title and footer
        assert short.full().rows() == whole.rows(), name


def test_a_class_named_twice_is_shown_once():
    # classes=[predicted, true] names one class twice when the prediction is right: one column, not an error
    assert china_explanation(classes=["china", "china"]).rows()[0] == china_explanation(classes=["china"]).rows()[0]
    assert china_explanation(classes=["japan", "china", "japan"]).rows()[0][3].startswith("japan")
