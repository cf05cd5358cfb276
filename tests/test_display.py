"""What a student looks at displays as itself: the same table as text (print, the REPL) and as HTML (a notebook).

For every object a student meets as the last value of a notebook cell (an
explanation, a confusion matrix, the per-class scores, a classification
report, informative features, the independence, overfitting and joint
tables) these tests check that:

* ``str``, ``repr`` and the text form are one table, so ``print`` and the REPL agree;
* ``_repr_html_`` is one well-formed, static ``<table>`` (parsed with
  ``html.parser``: no script, no style sheet, no link, no event handler)
  holding the very cells of the text table;
* ``_repr_markdown_`` is the Markdown form of the same rows;
* the dict and list subclasses still index, compare and copy like plain ones;
* an explanation marks the winning class, and stays under 50 KB for a 500-word post;
* a ``Score`` prints as four decimals and stays an exact Fraction.
"""

import copy
import html
import json
import math
import pickle
import random
import re
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from naivebayes import BernoulliNB, CategoricalNB, MultinomialNB, SemiSupervisedNB, most_informative_features
from naivebayes.plumbing.display import MAX_HTML_CELLS, Score, html_table, markdown_table, text_table
from naivebayes.datasets import load_china, load_play_tennis
from naivebayes.evaluation.metrics import (
    ClassificationReport,
    ConfusionMatrix,
    ScoreTable,
    accuracy,
    classification_report,
    confusion_matrix,
    f1_score,
    precision,
    precision_recall_f1,
)
from naivebayes.inspect.independence import independence_table
from naivebayes.inspect.overfitting import overfitting_table
from naivebayes.other_models.joint import JointTable

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"

Y_TRUE = ["spam", "spam", "spam", "spam", "ham", "ham", "ham", "ham", "ham", "ham"]
Y_PRED = ["spam", "spam", "spam", "ham", "ham", "ham", "ham", "ham", "spam", "spam"]


# ---------------------------------------------------------------------------
# Reading the HTML back
# ---------------------------------------------------------------------------

ALLOWED_TAGS = {"table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "mark"}
ALLOWED_ATTRIBUTES = {"style", "colspan"}
VOID_TAGS = {"br", "img", "hr", "input", "meta", "link"}


class TableReader(HTMLParser):
    """Parses one HTML table: checks that tags nest and close, and collects its rows of cell text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open = []  # the tags open now, outermost first
        self.tags, self.attributes, self.problems = [], [], []
        self.rows, self.marked, self.bold_rows, self.caption, self.roots = [], [], [], "", 0
        self.cell = None

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attributes += attrs
        if not self.open:
            self.roots += 1
        if tag in VOID_TAGS:
            self.problems.append(f"<{tag}> is not expected in a table of text")
            return
        self.open.append(tag)
        if tag == "tr":
            self.rows.append([])
            if ("style", "font-weight:bold") in attrs:
                self.bold_rows.append(len(self.rows) - 1)
        elif tag in ("td", "th"):
            self.cell = ""

    def handle_endtag(self, tag):
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1] if self.open else 'nothing'}")
            return
        self.open.pop()
        if tag in ("td", "th"):
            self.rows[-1].append(self.cell)
            self.cell = None

    def handle_data(self, data):
        if "mark" in self.open:
            self.marked.append(data)
        if self.cell is not None:
            self.cell += data
        elif "caption" in self.open:
            self.caption += data
        elif data.strip():
            self.problems.append(f"text {data.strip()!r} outside a cell")


def read_table(text):
    reader = TableReader()
    reader.feed(text)
    reader.close()
    assert reader.problems == [] and reader.open == [], (reader.problems, reader.open)
    return reader


def assert_static_table(text):
    """One <table> and nothing else: known tags and attributes, no script, no link, no event handler."""
    reader = read_table(text)
    assert reader.roots == 1 and reader.tags[0] == "table" and text.startswith("<table")
    assert set(reader.tags) <= ALLOWED_TAGS, set(reader.tags) - ALLOWED_TAGS
    assert {name for name, _ in reader.attributes} <= ALLOWED_ATTRIBUTES
    assert not re.search(r"(?i)<script|<style|<link|javascript:|url\(|@import|\son\w+=", text)
    return reader


def test_the_reader_can_fail():
    with pytest.raises(AssertionError):
        assert_static_table("<table><tr><td>1</td></table>")  # </tr> missing
    with pytest.raises(AssertionError):
        assert_static_table('<table><tr><td onclick="x()">1</td></tr></table>')
    with pytest.raises(AssertionError):
        assert_static_table("<table><tr><td>1</td></tr></table><script>alert(1)</script>")


# ---------------------------------------------------------------------------
# Every object a student looks at
# ---------------------------------------------------------------------------


def china():
    documents, labels, test_document = load_china()
    return MultinomialNB().fit(documents, labels), test_document


def shown_objects():
    """(name, object, its table as [header] + rows of strings), for each kind of object."""
    model, test_document = china()
    explanation = model.explain(test_document + " Osaka")
    documents, labels, _ = load_china()
    bernoulli = BernoulliNB().fit(documents, labels).explain("Chinese Tokyo Japan")
    rows, play, test_row = load_play_tennis()
    categorical = CategoricalNB().fit(rows, play).explain(test_row)
    matrix = confusion_matrix(Y_TRUE, Y_PRED)
    scores = precision_recall_f1(Y_TRUE, Y_PRED)
    report = classification_report(Y_TRUE, Y_PRED)
    informative = most_informative_features(model, 4)
    binary = [{"a": i % 2, "b": i // 2 % 2, "noise": i // 4 % 2} for i in range(8)] * 2
    agree = ["same" if row["a"] == row["b"] else "different" for row in binary]
    independence = independence_table(binary, agree)
    overfitting = overfitting_table(binary, agree, binary, agree, ["a", "b", "noise"])
    joint = JointTable.from_rows(rows, features=["outlook", "wind"])
    return [
        ("explanation", explanation, explanation.rows()),
        ("bernoulli explanation", bernoulli, bernoulli.rows()),
        ("categorical explanation", categorical, categorical.rows()),
        ("confusion matrix", matrix, matrix.rows()),
        ("precision_recall_f1", scores, scores.rows()),
        ("classification report", report, [report.header] + report.rows),
        ("informative features", informative, informative.rows()),
        ("independence table", independence, independence.rows()),
        ("overfitting table", overfitting, overfitting.rows()),
        ("joint table", joint, [joint._printed_rows(6)[0]] + joint._printed_rows(6)[1]),
    ]


SHOWN = shown_objects()
IDS = [name for name, _, _ in SHOWN]


@pytest.mark.parametrize("name, shown, table", SHOWN, ids=IDS)
def test_print_and_the_repl_show_the_same_table(name, shown, table):
    text = str(shown)
    assert repr(shown) == text
    if hasattr(shown, "to_text"):
        assert shown.to_text() == text
    assert "\n" in text and not text.startswith(("{", "[", "<", "'"))  # a table, not a raw dump
    lines = text.splitlines()
    for row in table[1:]:  # every row of the table is a line of the text, its cells in order
        pattern = r"\s+".join(re.escape(cell) for cell in row if cell != "")
        assert any(re.search(pattern, line) for line in lines), (row, text)


@pytest.mark.parametrize("name, shown, table", SHOWN, ids=IDS)
def test_the_notebook_shows_the_same_table_as_static_html(name, shown, table):
    page = shown._repr_html_()
    reader = assert_static_table(page)
    cells = [row for row in reader.rows if len(row) == len(table[0])]  # the footer is one wide cell
    assert cells == table
    assert len(page.encode()) < 5_000  # a small table stays small


@pytest.mark.parametrize("name, shown, table", SHOWN, ids=IDS)
def test_markdown_holds_the_same_rows(name, shown, table):
    markdown = shown._repr_markdown_()
    assert markdown == shown.to_markdown()
    lines = [line for line in markdown.splitlines() if line.startswith("|")]
    body = [line for line in lines if not re.fullmatch(r"\|(-+:?\|)+", line)]
    parsed = [[cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]] for line in body]
    assert parsed[: len(table)] == [[cell.replace("|", "\\|") for cell in row] for row in table]


def test_the_explanation_is_a_plain_class():
    model, test_document = china()
    explanation = model.explain(test_document)
    assert not hasattr(explanation, "__dataclass_fields__")
    assert not hasattr(explanation.terms[0], "__dataclass_fields__")
    assert type(explanation).__init__.__code__.co_filename.endswith("explanation.py")  # not generated code
    assert explanation == model.explain(test_document) and explanation != model.explain("Tokyo")
    assert "ExplainedTerm(step='word', feature='chinese', value=3" in repr(explanation.terms[0])


# ---------------------------------------------------------------------------
# The explanation: the winner marked, the size bounded
# ---------------------------------------------------------------------------


def test_the_winning_class_is_marked():
    model, test_document = china()
    reader = read_table(model.explain(test_document)._repr_html_())
    header, posterior = reader.rows[0], reader.rows[-2]
    assert posterior[0] == "posterior" and reader.bold_rows == [len(reader.rows) - 2]
    assert reader.marked == ["china: P", "log term", "0.6898", "-0.3714"]  # china's columns, then its posterior
    assert header.index("china: P") == 3
    documents, labels, _ = load_china()
    bernoulli = BernoulliNB().fit(documents, labels).explain(test_document)  # japan wins this one
    assert read_table(bernoulli._repr_html_()).marked == ["japan: P", "log term", "0.8089", "-0.2120"]
    assert "prediction: japan" in read_table(bernoulli._repr_html_()).rows[-1][0]


def test_nothing_is_marked_when_no_class_is_possible():
    documents, labels, _ = load_china()
    impossible = MultinomialNB(alpha=0).fit(documents, labels).explain("Tokyo Beijing")
    reader = assert_static_table(impossible._repr_html_())
    assert reader.marked == [] and reader.bold_rows == []
    assert "prediction: none" in reader.rows[-1][0]


def random_corpus(n_classes, seed):
    """Documents of 100 random words from a vocabulary of 3,000, and a 500-word post."""
    generator = random.Random(seed)
    vocabulary = [f"w{generator.randrange(10**9)}" for _ in range(3000)]
    labels = [f"class {k}" for k in range(n_classes) for _ in range(10)]
    documents = [" ".join(generator.choices(vocabulary, k=100)) for _ in labels]
    post = " ".join(generator.choices(vocabulary, k=500))
    return documents, labels, post


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
@pytest.mark.parametrize("n_classes", [2, 20])
def test_the_explanation_of_a_500_word_post_is_under_50_kb(Model, n_classes):
    documents, labels, post = random_corpus(n_classes, seed=n_classes)
    explanation = Model().fit(documents, labels).explain(post)
    page = explanation._repr_html_()
    reader = assert_static_table(page)
    assert len(page.encode("utf-8")) <= 50_000
    assert reader.rows[1][0] == "prior" and reader.rows[-2][0] == "posterior"  # both ends are shown
    known = sum(1 for term in explanation.terms if term.step == "word")
    assert known > 200  # a long post: more cells than one HTML table shows
    # The notebook shows the rows that matter most and one row for the rest (docs/explain.md), not a cut.
    assert reader.rows[-4][0] == "rest" and len(reader.rows) <= 25  # then the joint, the posterior, the footer
    assert not [row for row in reader.rows if row[0].startswith("⋮")]
    assert len(str(explanation).splitlines()) == len(explanation.rows()) + 3  # print still shows every row
    whole = explanation.full().rows()
    assert len(whole) * len(whole[0]) > MAX_HTML_CELLS  # shown whole, a long table is cut in the middle
    hidden = [row[0] for row in read_table(explanation.full()._repr_html_()).rows if row[0].startswith("⋮")]
    assert len(hidden) == 1 and "more rows" in hidden[0]


@pytest.mark.skipif(not (SHARED_DATA / "20news-bydate.tar.gz").exists(), reason="20 Newsgroups is not at hand")
def test_a_500_word_newsgroup_post_is_under_50_kb():
    from naivebayes.datasets import load_20newsgroups

    train = load_20newsgroups("test", archive=SHARED_DATA / "20news-bydate.tar.gz")  # the smaller part: 20 classes all the same
    model = MultinomialNB().fit(train.texts, train.labels)
    post = min(train.texts, key=lambda text: abs(len(text.split()) - 500))
    page = model.explain(post)._repr_html_()
    assert_static_table(page)
    assert len(page.encode("utf-8")) <= 50_000


def test_a_word_that_looks_like_html_is_shown_as_written():
    model = MultinomialNB().fit(["<script>alert(1)</script> a&b", "plain words"], ["x", "y"])
    explanation = model.explain("<script>alert(1)</script> a&b")
    page = explanation._repr_html_()
    assert_static_table(page)
    features = [row[1] for row in read_table(page).rows[1:-1]]
    assert {term.feature for term in explanation.terms} <= set(features)


# ---------------------------------------------------------------------------
# The dict, list and str subclasses behave like plain ones
# ---------------------------------------------------------------------------


def test_the_confusion_matrix_is_still_a_dict_of_dicts():
    matrix = confusion_matrix(Y_TRUE, Y_PRED)
    plain = {"ham": {"ham": 4, "spam": 2}, "spam": {"ham": 1, "spam": 3}}
    assert isinstance(matrix, ConfusionMatrix) and isinstance(matrix, dict)
    assert matrix == plain and plain == matrix and dict(matrix) == plain
    assert matrix["spam"]["ham"] == 1 and list(matrix) == ["ham", "spam"] and len(matrix) == 2
    assert json.loads(json.dumps(matrix)) == plain
    assert pickle.loads(pickle.dumps(matrix)) == plain and type(copy.deepcopy(matrix)) is ConfusionMatrix
    assert str(matrix).splitlines()[0] == "true \\ predicted  ham  spam"


def test_the_score_table_is_still_a_dict():
    table = precision_recall_f1(Y_TRUE, Y_PRED)
    assert isinstance(table, ScoreTable) and table["spam"]["recall"] == Fraction(3, 4)
    assert table == {
        "ham": {"precision": Fraction(4, 5), "recall": Fraction(2, 3), "f1": Fraction(8, 11), "support": 6},
        "spam": {"precision": Fraction(3, 5), "recall": Fraction(3, 4), "f1": Fraction(2, 3), "support": 4},
    }
    assert repr(table["ham"]) == "{'precision': 0.8000, 'recall': 0.6667, 'f1': 0.7273, 'support': 6}"


def test_the_report_is_still_a_string():
    report = classification_report(Y_TRUE, Y_PRED)
    assert isinstance(report, ClassificationReport) and isinstance(report, str)
    assert report.splitlines()[2] == "         ham     0.8000    0.6667    0.7273         6"
    assert report == str(report) and report + "" == str(report) and "accuracy" in report
    assert pickle.loads(pickle.dumps(report)) == report


def test_the_lists_are_still_lists():
    model, _ = china()
    informative = most_informative_features(model, 2)
    assert isinstance(informative, list) and len(informative) == 2
    assert informative[0].feature == "japan" and informative[0].ratio == Fraction(28, 9)
    assert informative[:1] == [informative[0]] and list(informative) == [informative[0], informative[1]]
    assert str(informative[0]) == "               japan japan : china = 3.1 : 1"
    assert not hasattr(informative[0], "__dataclass_fields__") and not hasattr(informative[0], "_fields")
    binary = [{"a": i % 2, "b": i // 2 % 2} for i in range(4)]
    table = independence_table(binary, ["x", "y", "x", "y"])
    assert isinstance(table, list) and table[0]["feature_a"] == "a" and table == [dict(table[0])]
    overfitting = overfitting_table(binary, ["x", "y", "x", "y"], binary, ["x", "y", "x", "y"], ["a", "b"])
    assert [row["d"] for row in overfitting] == [1, 2] and type(overfitting[0]) is dict


def test_a_joint_table_too_long_to_print_says_what_it_holds():
    rows = [{f"x{j}": i % 2 for j in range(13)} for i in range(4)]  # 2^13 combinations
    table = JointTable.from_rows(rows)
    assert repr(table) == str(table) and repr(table).startswith("JointTable(features=")
    assert table._repr_html_() is None  # the notebook falls back to the repr
    with pytest.raises(ValueError, match="marginal"):
        table.to_text()


# ---------------------------------------------------------------------------
# Score: exact, printed as a decimal
# ---------------------------------------------------------------------------


def test_a_score_reads_as_four_decimals_and_stays_exact():
    score = Score(1096, 1115)
    assert repr(score) == str(score) == f"{score}" == "0.9830"
    assert score.exact == Fraction(1096, 1115) and type(score.exact) is Fraction
    assert Fraction(score) == Fraction(1096, 1115) and repr(Fraction(score)) == "Fraction(1096, 1115)"
    assert (score.numerator, score.denominator) == (1096, 1115)
    assert float(score) == 1096 / 1115 and f"{score:.2%}" == "98.30%"


def test_a_score_computes_and_compares_as_a_fraction():
    score = Score(7, 10)
    assert score == Fraction(7, 10) and score != 0.7 and score < 1  # as a Fraction: 0.7 is not 7/10 exactly and score > Fraction(69, 100)
    assert hash(score) == hash(Fraction(7, 10)) and {Fraction(7, 10): "found"}[score] == "found"
    assert score + Fraction(1, 10) == Fraction(4, 5) and type(score + 1) is Fraction
    assert 1 - score == Fraction(3, 10) and score * 10 == 7 and score / 7 == Fraction(1, 10)
    assert sorted([Score(1, 2), Fraction(1, 3), 0.4]) == [Fraction(1, 3), 0.4, Score(1, 2)]
    assert pickle.loads(pickle.dumps(score)) == score and type(copy.deepcopy(score)) is Score
    assert repr(Score(1)) == "1.0000" and repr(Score(0)) == "0.0000" and repr(Score(1, 3)) == "0.3333"
    assert math.isclose(math.log(score), math.log(0.7))


def test_the_metrics_return_scores():
    assert isinstance(accuracy(Y_TRUE, Y_PRED), Score) and repr(accuracy(Y_TRUE, Y_PRED)) == "0.7000"
    assert accuracy(Y_TRUE, Y_PRED).exact == Fraction(7, 10)
    assert f1_score(Y_TRUE, Y_PRED, average="macro").exact == Fraction(23, 33)
    assert all(isinstance(value, Score) for value in precision(Y_TRUE, Y_PRED).values())
    rows, labels, _ = load_play_tennis()
    score = CategoricalNB().fit(rows, labels).score(rows, labels)  # 13 of the 14 days
    assert isinstance(score, Score) and repr(score) == "0.9286" and score.exact == Fraction(13, 14)


# ---------------------------------------------------------------------------
# The printers themselves
# ---------------------------------------------------------------------------


def test_the_printers_align_numbers_right_and_words_left():
    header, rows = ["word", "P", "n"], [["chinese", "3/7", "3"], ["tokyo", "-inf", "12"]]
    assert text_table(header, rows).splitlines() == [
        "word        P   n",
        "-------  ----  --",
        "chinese   3/7   3",
        "tokyo    -inf  12",
    ]
    assert markdown_table(header, rows).splitlines()[1] == "|---|---:|---:|"
    assert text_table(header, rows, align="lll").splitlines()[2] == "chinese  3/7   3"
    with pytest.raises(ValueError, match="one letter"):
        text_table(header, rows, align="lr")
    with pytest.raises(ValueError, match="row 1 has 2 cells"):
        html_table(header, [rows[0], ["x", "1"]])


def test_a_long_html_table_shows_its_ends():
    rows = [[f"w{i}", str(i)] for i in range(2000)]
    reader = assert_static_table(html_table(["word", "n"], rows, marked_rows=[1999]))
    shown = [row for row in reader.rows[1:] if len(row) == 2]
    assert len(shown) == MAX_HTML_CELLS // 2 and shown[0] == ["w0", "0"] and shown[-1] == ["w1999", "1999"]
    assert [row for row in reader.rows if len(row) == 1] == [[f"⋮ {2000 - len(shown)} more rows (print() shows every row)"]]
    assert reader.bold_rows == [len(reader.rows) - 1]


def test_the_docs_show_what_a_notebook_shows():
    """The HTML tables pasted into README.md and docs/explain.md are what _repr_html_ gives today."""
    model, test_document = china()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert model.explain(test_document)._repr_html_() in readme
    page = (ROOT / "docs" / "explain.md").read_text(encoding="utf-8")
    assert model.explain(test_document + " Osaka")._repr_html_() in page
    assert html.escape("<") == "&lt;"  # the pages hold escaped HTML, as the notebook does


# ---------------------------------------------------------------------------
# User text reaches HTML and SVG escaped, wherever it goes (issue 30)
# ---------------------------------------------------------------------------

SCRIPT, AMPERSAND, QUOTED, CLOSE_TABLE = "<script>alert(1)</script>", "a&b", '"quoted"', "</table>"
HOSTILE = [SCRIPT, AMPERSAND, QUOTED, CLOSE_TABLE]


def page_texts(reader):
    """Every piece of text a reader of the table sees: the caption and every cell, footer included."""
    return [reader.caption] + [cell for row in reader.rows for cell in row]


def assert_escaped_table(page, expected=HOSTILE):
    """A static table whose text, read back, holds each of ``expected`` as written, none of it as markup."""
    reader = assert_static_table(page)
    assert page.count("</table>") == 1 and page.count("<table") == 1
    assert "a&b" not in page and "<script" not in page
    shown = "\n".join(page_texts(reader))
    missing = [text for text in expected if text not in shown]
    assert missing == [], f"{missing} never reached the page as written"
    return reader


def test_html_table_escapes_header_caption_footer_and_marked_cells():
    page = html_table(HOSTILE, [HOSTILE, ["1", "2", "3", "4"]], title=SCRIPT, footer=CLOSE_TABLE,
                      marked_rows=[0], marked_columns=[0, 3])
    reader = assert_escaped_table(page)
    assert reader.caption == SCRIPT
    assert reader.rows[0] == HOSTILE  # the header cells
    assert reader.rows[1] == HOSTILE  # the marked row
    assert reader.rows[-1] == [CLOSE_TABLE]  # the footer
    assert SCRIPT in reader.marked and CLOSE_TABLE in reader.marked  # marked header and marked cells
    assert "&lt;/table&gt;" in page and "&quot;quoted&quot;" in page


def test_the_long_table_cut_keeps_escaping_its_ends():
    rows = [[SCRIPT, str(i)] for i in range(MAX_HTML_CELLS)]
    reader = assert_escaped_table(html_table(["<th>", "n"], rows, title=AMPERSAND), [SCRIPT, AMPERSAND, "<th>"])
    assert reader.rows[-1] == [SCRIPT, str(MAX_HTML_CELLS - 1)]


def hostile_objects():
    """{name: object}: every kind of object of the package with a ``_repr_html_``, given hostile labels and names."""
    from naivebayes import (
        GaussianDiscriminantAnalysis,
        GaussianNB,
        HistogramNB,
        JointBayesClassifier,
        KernelNB,
        LogisticRegression,
        SemiSupervisedNB,
        Tokenizer,
        TreeAugmentedNB,
    )
    from naivebayes.evaluation.calibration import reliability_table
    from naivebayes.evaluation.cross_validation import GridSearchCV, cross_val_score, cross_validate, learning_curve

    texts, labels = ["x y", "y z", "z w", "w x"] * 2, HOSTILE * 2
    model = MultinomialNB().fit(texts, labels)
    rows = [{SCRIPT: "u", AMPERSAND: "v<", CLOSE_TABLE: QUOTED}, {SCRIPT: "w", AMPERSAND: "v&", CLOSE_TABLE: "q"}] * 3
    row_labels = [SCRIPT, AMPERSAND] * 3
    numbers = [{SCRIPT: 1.0, AMPERSAND: 2.0}, {SCRIPT: 2.0, AMPERSAND: 1.5}, {SCRIPT: 3.0, AMPERSAND: 0.5},
               {SCRIPT: 2.5, AMPERSAND: 3.0}] * 2  # fmt: skip
    number_labels = [QUOTED, CLOSE_TABLE, QUOTED, CLOSE_TABLE, CLOSE_TABLE, QUOTED, QUOTED, CLOSE_TABLE]
    categorical = CategoricalNB().fit(rows, row_labels)
    tree = TreeAugmentedNB().fit(rows, row_labels)
    semi = SemiSupervisedNB().fit(texts, labels, ["x z", "w y"])
    objects = {
        "MultinomialNB": (model, HOSTILE),
        "explanation": (model.explain("x y"), [SCRIPT]),  # the winning label, in the footer
        "confusion matrix": (confusion_matrix(labels, labels[::-1]), HOSTILE),
        "classification report": (classification_report(labels, labels[::-1]), HOSTILE),
        "scores": (precision_recall_f1(labels, labels[::-1]), HOSTILE),
        "informative features": (most_informative_features(model, 3), [SCRIPT]),
        "CategoricalNB": (categorical, [SCRIPT, AMPERSAND, CLOSE_TABLE, QUOTED]),
        "categorical explanation": (categorical.explain(rows[0]), [SCRIPT, AMPERSAND, CLOSE_TABLE, QUOTED]),
        "independence table": (independence_table(rows, row_labels), [SCRIPT, AMPERSAND, CLOSE_TABLE]),
        "overfitting table": (overfitting_table(rows, row_labels, rows, row_labels, [SCRIPT, AMPERSAND]),
                              [SCRIPT, AMPERSAND]),
        "joint table": (JointTable.from_rows(rows), [SCRIPT, AMPERSAND, CLOSE_TABLE, QUOTED]),
        "JointBayesClassifier": (JointBayesClassifier().fit(rows, row_labels), [SCRIPT, AMPERSAND]),
        "TreeAugmentedNB": (tree, [SCRIPT, AMPERSAND, CLOSE_TABLE]),
        "SemiSupervisedNB": (semi.model_, HOSTILE),  # its own page is these two tables, one after the other
        "EM history": (semi.history_, []),
        "reliability table": (reliability_table(number_labels, [0.1, 0.9, 0.3, 0.6] * 2, pos_label=CLOSE_TABLE),
                              []),
        "cross_validate": (cross_validate(model, texts, labels, cv=2), []),
        "cross_val_score": (cross_val_score(model, texts, labels, cv=2), []),
        "learning_curve": (learning_curve(model, texts, labels, cv=2, train_sizes=[4]), []),
        "grid search": (GridSearchCV(MultinomialNB(), {"tokenizer": [Tokenizer(pattern="[<>&a-z]+")]}, cv=2)
                        .fit(texts, labels), ["[<>&a-z]+"]),
        "setting scores": (GridSearchCV(MultinomialNB(), {"tokenizer": [Tokenizer(pattern="[<>&a-z]+")]}, cv=2)
                           .fit(texts, labels).cv_results_, ["[<>&a-z]+"]),
        "tree structure": (tree.tree_, [SCRIPT, AMPERSAND, CLOSE_TABLE]),
    }
    for Model in (GaussianNB, KernelNB, HistogramNB, LogisticRegression, GaussianDiscriminantAnalysis):
        objects[Model.__name__] = (Model().fit(numbers, number_labels), [])
    return objects


@pytest.fixture(scope="module")
def hostile():
    return hostile_objects()


def test_every_repr_html_of_the_package_is_covered(hostile):
    """Each class with a ``_repr_html_`` (found by grep in the package) has an object in the list above."""
    package = ROOT / "naivebayes"
    defined = set()
    for path in package.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        for match in re.finditer(r"^class (\w+)\b.*?(?=^class |\Z)", source, re.M | re.S):
            if "def _repr_html_" in match.group(0):
                defined.add(match.group(1))
    covered = {type(shown).__name__ for shown, _ in hostile.values()}
    covered |= {cls.__name__ for shown, _ in hostile.values() for cls in type(shown).__mro__}
    covered.add("SemiSupervisedNB")  # more than one table in one page: test_the_semi_supervised_page_is_escaped_tables
    covered.add("Exercise")  # a statement, not a table: test_an_exercise_statement_escapes_what_it_shows
    covered.add("Misclassified")  # a table and the explanations under it: test_misclassified_escapes_its_summaries
    assert defined - covered == set(), f"give these a hostile label in hostile_objects: {defined - covered}"


HOSTILE_OBJECTS = [
    "MultinomialNB", "explanation", "confusion matrix", "classification report", "scores", "informative features",
    "CategoricalNB", "categorical explanation", "independence table", "overfitting table", "joint table",
    "JointBayesClassifier", "TreeAugmentedNB", "SemiSupervisedNB", "EM history", "reliability table",
    "cross_validate", "cross_val_score", "learning_curve", "grid search", "setting scores", "tree structure", "GaussianNB", "KernelNB", "HistogramNB", "LogisticRegression",
    "GaussianDiscriminantAnalysis",
]


def test_the_list_of_hostile_objects_is_the_one_tested(hostile):
    assert list(hostile) == HOSTILE_OBJECTS


@pytest.mark.parametrize("name", HOSTILE_OBJECTS)
def test_every_repr_html_escapes_labels_and_feature_names(hostile, name):
    shown, expected = hostile[name]
    assert_escaped_table(shown._repr_html_(), expected)


def test_the_semi_supervised_page_is_escaped_tables(hostile):
    """SemiSupervisedNB shows more than one table (its model, its EM history): each one escaped."""
    semi = SemiSupervisedNB().fit(["x y", "y z", "z w", "w x"] * 2, HOSTILE * 2, ["x z", "w y"])
    page = semi._repr_html_()
    assert "<script" not in page and "a&b" not in page
    tables = [table + "</table>" for table in page.split("</table>")[:-1]]
    assert len(tables) >= 1 and page.count("<table") == len(tables)
    shown = ""
    for table in tables:
        reader = assert_static_table(table[table.index("<table"):])
        shown += "\n".join(page_texts(reader))
    assert all(text in shown for text in HOSTILE), "the labels never reached the page as written"


def test_an_exercise_statement_escapes_what_it_shows():
    """An exercise's statement (title, formula, arguments) shows every text as written, never as markup."""
    from naivebayes.exercises.checking import Exercise

    def formula(a, b):
        """P = a </b> & "b": a hostile first line."""
        return a

    statement = Exercise(name=SCRIPT, title=AMPERSAND, formula_id="eq-x", page="x.md", notes=[CLOSE_TABLE],
                         function=formula, latex=r"\frac{a}{b} < c & d", arguments={"a": SCRIPT, "b": QUOTED},
                         returns=CLOSE_TABLE, hand_cases=[], draw=lambda generator: (1, 2), mistakes=[], hint="")
    page = statement._repr_html_()
    assert "<script" not in page and "</table>" not in page and "</b>" not in page
    for text in (SCRIPT, AMPERSAND, CLOSE_TABLE, QUOTED, "</b>", "< c & d"):
        assert html.escape(text) in page or html.escape(text, quote=False) in page


def test_misclassified_escapes_its_summaries():
    """The wrong predictions' table and each folded explanation's summary line show labels as written."""
    from naivebayes import misclassified

    texts, labels = ["x y", "y z", "z w", "w x"] * 2, HOSTILE * 2
    page = misclassified(MultinomialNB().fit(texts, labels), texts, labels[::-1])._repr_html_()
    assert "<script" not in page and "a&b" not in page
    assert page.count("<details>") >= 1
    for table in [part + "</table>" for part in page.split("</table>")[:-1]]:
        assert_static_table(table[table.index("<table"):])


def hostile_pictures():
    from naivebayes import (
        ConfusionMatrixPlot,
        ContourPlot,
        DensityPlot,
        GaussianNB,
        HistoryPlot,
        InformativeFeaturesPlot,
        ScatterPlot,
        TreeAugmentedNB,
    )
    from naivebayes.evaluation.calibration import reliability_table
    from naivebayes.inspect.reliability import ReliabilityDiagram
    from naivebayes.inspect.tree_picture import TreePlot

    numbers = [{SCRIPT: 1.0, AMPERSAND: 2.0}, {SCRIPT: 2.0, AMPERSAND: 1.5}, {SCRIPT: 3.0, AMPERSAND: 0.5},
               {SCRIPT: 2.5, AMPERSAND: 3.0}] * 2  # fmt: skip
    labels = [QUOTED, CLOSE_TABLE, QUOTED, CLOSE_TABLE, CLOSE_TABLE, QUOTED, QUOTED, CLOSE_TABLE]
    gaussian = GaussianNB().fit(numbers, labels)
    text_model = MultinomialNB().fit(["x y", "y z", "z w", "w x"] * 2, HOSTILE * 2)
    rows = [{SCRIPT: "u", AMPERSAND: "v<", CLOSE_TABLE: "p"}, {SCRIPT: "w", AMPERSAND: "v&", CLOSE_TABLE: "q"}] * 3
    tree = TreeAugmentedNB().fit(rows, [SCRIPT, AMPERSAND] * 3)
    return {
        "scatter, titles given": (ScatterPlot(numbers, labels, SCRIPT, AMPERSAND, model=gaussian, resolution=10,
                                              title=CLOSE_TABLE, x_label=QUOTED, y_label=AMPERSAND), HOSTILE[1:]),
        "scatter": (ScatterPlot(numbers, labels, SCRIPT, AMPERSAND, model=gaussian, resolution=10), HOSTILE),
        "density": (DensityPlot(numbers, labels, SCRIPT, model=gaussian, title=SCRIPT, x_label=AMPERSAND), HOSTILE),
        "contour": (ContourPlot(numbers, labels, SCRIPT, AMPERSAND, gaussian, resolution=10, title=SCRIPT), HOSTILE),
        "history": (HistoryPlot({"loss": [2, 1], "means": {SCRIPT: [1, 2], AMPERSAND: [3, 4]}, CLOSE_TABLE: [1, 0]},
                                title=QUOTED, y_labels={"loss": SCRIPT}), HOSTILE),
        "confusion": (ConfusionMatrixPlot(confusion_matrix(HOSTILE, HOSTILE[::-1]), title=SCRIPT), HOSTILE),
        "informative": (InformativeFeaturesPlot(most_informative_features(text_model, 3), title=SCRIPT),
                        [SCRIPT, QUOTED, CLOSE_TABLE]),
        "tree": (TreePlot(tree, title=CLOSE_TABLE), [AMPERSAND, CLOSE_TABLE]),
        "reliability": (ReliabilityDiagram({SCRIPT: reliability_table(labels, [0.1, 0.9, 0.3, 0.6] * 2,
                                                                      pos_label=CLOSE_TABLE)},
                                           title=AMPERSAND, subtitle=QUOTED), [SCRIPT, AMPERSAND, QUOTED]),
    }


@pytest.fixture(scope="module")
def pictures():
    return hostile_pictures()


PICTURES = ["scatter, titles given", "scatter", "density", "contour", "history", "confusion", "informative", "tree",
            "reliability"]


def test_the_list_of_pictures_is_the_one_tested(pictures):
    assert list(pictures) == PICTURES


@pytest.mark.parametrize("name", PICTURES)
def test_every_picture_escapes_labels_titles_and_feature_names(pictures, name):
    import xml.etree.ElementTree as ElementTree

    picture, expected = pictures[name]
    svg = picture._repr_svg_()
    assert svg == picture.to_svg()
    root = ElementTree.fromstring(svg)  # well-formed: a label that closed an element would break this
    tags = {element.tag.rsplit("}", 1)[-1] for element in root.iter()}
    assert not tags & {"script", "foreignObject", "iframe", "a", "use", "image"}, tags
    assert not any(name.lower().startswith("on") for element in root.iter() for name in element.attrib)
    assert "a&b" not in svg and "<script" not in svg
    shown = "\n".join("".join(element.itertext()) for element in root.iter()
                      if element.tag.endswith(("}text", "}title", "}tspan")))
    missing = [text for text in expected if text not in shown]
    assert missing == [], f"{missing} never reached the picture as written"


def test_the_markdown_a_notebook_may_show_escapes_markup_too():
    # issue 30: markdown_table escaped only |, so a label "<script>" was a tag in a front end that renders Markdown
    model = MultinomialNB().fit(["x y", "y z"], [SCRIPT, AMPERSAND])
    for shown in (model, confusion_matrix([SCRIPT, AMPERSAND], [AMPERSAND, AMPERSAND]), model.explain("x y")):
        markdown = shown._repr_markdown_()
        assert "<script" not in markdown and "</script" not in markdown
        assert "&lt;script>alert(1)&lt;/script>" in markdown


@pytest.mark.parametrize("cell, written", [
    ("<script>alert(1)</script>", "&lt;script>alert(1)&lt;/script>"),
    ('<img src=x onerror="alert(1)">', '&lt;img src=x onerror="alert(1)">'),
    ("<!-- hidden -->", "&lt;!-- hidden -->"),
    ("<?php x ?>", "&lt;?php x ?>"),
    ("<http://example.com>", "&lt;http://example.com>"),
    ("&lt;b&gt;", "&amp;lt;b&amp;gt;"),
    ("&#60;b&#x3E;", "&amp;#60;b&amp;#x3E;"),
    ("<=50K", "<=50K"),  # (docs/why-naive.md's tables: read as written)
    (">50K", ">50K"),
    ("a < b", "a < b"),
    ("a&b", "a&b"),
    ("AT&T; x", "AT&amp;T; x"),  # ("&T;" has an entity's form: escaped, and it still shows as written)
    ("a|b", "a\\|b"),
])
def test_a_markdown_cell_keeps_text_and_escapes_what_would_be_html(cell, written):
    assert markdown_table(["cell"], [[cell]]).splitlines()[2] == f"| {written} |"
