"""Complement naive Bayes (docs/complement.md): each formula on hand-computed numbers, then scikit-learn's predictions.

The hand numbers use the China example (docs/multinomial.md): class china has
8 word occurrences (chinese 5, beijing 1, shanghai 1, macao 1), class japan 3
(tokyo 1, japan 1, chinese 1); n = 11 and |V| = 6.

The comparison with scikit-learn's ``ComplementNB`` needs scikit-learn (a skip
for want of it fails under ``--require-reference``) and, for 20 Newsgroups,
the archive (``NAIVEBAYES_20NEWS_ARCHIVE`` or ../shared/data).
"""

import io
import math
import os
from fractions import Fraction
from pathlib import Path

import pytest

from naivebayes.datasets import load_china, load_spam
from naivebayes.naive_bayes.complement import (
    ComplementNB,
    RennieTransformer,
    complement_count,
    complement_likelihood,
    complement_score_weight,
    complement_weight,
    complement_weight_rows,
    complement_word_terms,
    rennie_idf,
    rennie_length,
    rennie_tf,
)

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = Path(os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE", ROOT.parent / "shared" / "data" / "20news-bydate.tar.gz"))


def china():
    documents, labels, test_document = load_china()
    return ComplementNB().fit(documents, labels), test_document


# ---------------------------------------------------------------------------
# One test per formula id, on numbers worked out by hand
# ---------------------------------------------------------------------------


def test_eq_complement_tf_is_log_one_plus_the_count():
    assert rennie_tf(0) == 0.0
    assert rennie_tf(1) == math.log(2)
    assert rennie_tf(3) == math.log(4)  # a word said 3 times weighs 2 log 2, not 3


def test_eq_complement_idf_is_log_n_over_df():
    assert rennie_idf(4, 1) == math.log(4)
    assert rennie_idf(4, 4) == 0.0  # in every document: no information


def test_eq_complement_length_scales_to_length_one():
    assert rennie_length({"a": 3.0, "b": 4.0}) == {"a": 0.6, "b": 0.8}
    assert rennie_length({}) == {}


def test_eq_complement_count_on_the_china_example():
    model, _ = china()
    assert complement_count(6, 5) == 1  # chinese: 6 in all, 5 in china, so 1 outside it
    assert model.complement_count("chinese", "china") == 1
    assert model.complement_count("chinese", "japan") == 5
    assert model.complement_totals_ == {"china": 3, "japan": 8}  # 11 - 8 and 11 - 3


def test_eq_complement_estimate_on_the_china_example():
    model, _ = china()
    assert complement_likelihood(1, 3, 1, 6) == Fraction(2, 9)  # (1 + 1) / (3 + 6)
    assert model.likelihood("chinese", "china") == Fraction(2, 9)
    assert model.likelihood("chinese", "japan") == Fraction(3, 7)  # (5 + 1) / (8 + 6)
    assert model.likelihood("tokyo", "japan") == Fraction(1, 14)  # (0 + 1) / (8 + 6)
    assert sum(model.likelihood(word, "china") for word in model.vocabulary_) == 1


def test_eq_complement_weight_is_the_log_of_the_estimate():
    assert complement_weight(1, 3, 1, 6) == pytest.approx(math.log(2 / 9), abs=1e-15)
    assert complement_weight(1, 3, 1.0, 6) == math.log(2 / 9)  # floats: the log of the ratio, as numpy takes it


def test_eq_complement_normalise_turns_argmin_into_argmax():
    assert complement_score_weight(-2.0, -8.0, norm=False) == 2.0
    assert complement_score_weight(-2.0, -8.0, norm=True) == 0.25  # -(-2) / |-8|
    model, _ = china()
    # china's complement is the japan document: chinese, tokyo, japan once each (2/9), the other three 0 (1/9)
    by_hand = 3 * math.log(Fraction(2, 9)) + 3 * math.log(Fraction(1, 9))
    assert model.weight_sums_["china"] == pytest.approx(by_hand, rel=1e-15)


def test_eq_complement_terms_on_the_china_document():
    model, test_document = china()
    counts = {"chinese": 3, "tokyo": 1, "japan": 1}
    terms = complement_word_terms(counts, model)
    assert [term.feature for term in terms] == ["chinese", "tokyo", "japan"]
    assert (terms[0].step, terms[0].feature, terms[0].value) == ("word", "chinese", 3)
    assert terms[0].log_terms == pytest.approx((3 * math.log(9 / 2), 3 * math.log(7 / 3)), rel=1e-15)
    assert terms[1].log_terms == pytest.approx((math.log(9 / 2), math.log(14)))
    joint = model.joint_log_likelihood(test_document)
    assert joint["china"] == pytest.approx(math.log(1 / 2) + 3 * math.log(9 / 2) + 2 * math.log(9 / 2))
    assert joint["japan"] == pytest.approx(math.log(1 / 2) + 3 * math.log(7 / 3) + 2 * math.log(14))
    assert model.predict([test_document]) == ["japan"]  # the class whose complement fits the document worst


def test_eq_complement_rows_agree_with_the_terms():
    documents, labels, test_document = load_china()
    for norm in (False, True):
        model = ComplementNB(norm=norm, alpha=0.5).fit(documents, labels)
        rows, sums = complement_weight_rows(
            model.feature_counts_, model.word_totals_, model.complement_totals_, model.classes_, 0.5, norm
        )
        assert sums == [model.weight_sums_[label] for label in model.classes_]
        for term in complement_word_terms({"chinese": 1, "tokyo": 1, "macao": 1}, model):
            assert rows[term.feature] == pytest.approx(term.log_terms, rel=1e-15)
        step_by_step = model.joint_log_likelihood(test_document)
        fast = model.predict_joint_log_proba([test_document, test_document])[0]
        assert list(step_by_step.values()) == pytest.approx(list(fast.values()), rel=1e-12)


def test_eq_complement_rows_of_one_word_have_weight_sums_of_0_which_norm_refuses():
    # One word "w", class "a" counted it once, "b" 3 times: n~_a = 3, n~_b = 1, and with alpha 1, |V| = 1:
    # theta~_a = (3 + 1) / (3 + 1) = 1 and theta~_b = (1 + 1) / (1 + 1) = 1, so w = log 1 = 0 and each sum is 0.
    tables = ({"a": {"w": 1}, "b": {"w": 3}}, {"w": 4}, {"a": 3, "b": 1}, ["a", "b"], 1)
    rows, sums = complement_weight_rows(*tables, False)
    assert (rows, sums) == ({"w": (0.0, 0.0)}, [0.0, 0.0])  # -w = 0: every class scores 0
    with pytest.raises(ValueError, match=r"sum for class 'a' is 0: with a vocabulary of one word.*0 / 0"):
        complement_weight_rows(*tables, True)
    # a second word, counted by none, makes each theta~ < 1: class "a" gets ((3 + 1) / (3 + 2), (0 + 1) / (3 + 2))
    rows, sums = complement_weight_rows({"a": {"w": 1}, "b": {"w": 3}}, {"w": 4, "v": 0}, {"a": 3, "b": 1}, ["a", "b"], 1, True)
    assert sums[0] == pytest.approx(math.log(4 / 5) + math.log(1 / 5), rel=1e-15)
    assert rows["w"][0] == pytest.approx(math.log(4 / 5) / sums[0], rel=1e-15)


# ---------------------------------------------------------------------------
# The transforms, the settings, the errors
# ---------------------------------------------------------------------------


def test_the_rennie_transformer_takes_the_papers_steps_in_order():
    rows = [{"a": 1, "b": 3}, {"a": 2, "c": 1}, {"c": 4}]
    transformer = RennieTransformer().fit(rows)
    assert transformer.document_frequency_ == {"a": 2, "b": 1, "c": 2} and transformer.n_documents_ == 3
    first = {"a": math.log(2) * math.log(3 / 2), "b": math.log(4) * math.log(3)}
    length = math.sqrt(sum(value * value for value in first.values()))
    assert transformer.transform([rows[0]])[0] == pytest.approx({word: value / length for word, value in first.items()})
    assert RennieTransformer(idf=False, length=False).transform(rows)[2] == {"c": math.log(5)}
    assert RennieTransformer(tf=False, length=False).fit(rows).transform([{"b": 2, "z": 1}]) == [{"b": 2 * math.log(3)}]
    with pytest.raises(ValueError, match="not been fitted"):
        RennieTransformer().transform(rows)


def test_the_prior_is_left_out_and_class_prior_is_checked_but_not_used():
    documents, labels, test_document = load_china()
    plain = ComplementNB().fit(documents, labels)
    with pytest.warns(UserWarning, match="ComplementNB ignores class_prior: the complement rule leaves the prior out"):
        given = ComplementNB(class_prior=[0.9, 0.1]).fit(documents, labels)
    assert plain.priors_ == given.priors_ == [Fraction(1, 2), Fraction(1, 2)]
    assert plain.predict_proba([test_document]) == given.predict_proba([test_document])
    with pytest.warns(UserWarning, match="ignores fit_prior=False"):
        unfitted = ComplementNB(fit_prior=False)
    assert unfitted.fit(documents, labels).predict_proba([test_document]) == plain.predict_proba([test_document])
    with pytest.warns(UserWarning, match="ignores class_prior"):
        plain.set_params(class_prior={"china": 0.5, "japan": 0.5})
    with pytest.raises(ValueError, match="class_prior"), pytest.warns(UserWarning):
        ComplementNB(class_prior=[0.5, 0.2, 0.3]).fit(documents, labels)


def test_bad_settings_are_refused_with_a_clear_error():
    with pytest.raises(TypeError, match="norm must be True or False"):
        ComplementNB(norm="yes")
    with pytest.raises(ValueError, match="alpha"):
        ComplementNB(alpha=-1)
    documents, labels, _ = load_china()
    with pytest.raises(ValueError, match="alpha = 0"):
        ComplementNB(alpha=0).fit(documents, labels)  # beijing occurs in china only


def test_partial_fit_in_pieces_equals_one_fit():
    documents, labels, test_document = load_china()
    whole = ComplementNB(norm=True).fit(documents, labels)
    pieces = ComplementNB(norm=True).partial_fit(documents[:2], labels[:2]).partial_fit(documents[2:], labels[2:])
    assert pieces.weight_rows_ == whole.weight_rows_
    assert pieces.predict_proba([test_document]) == whole.predict_proba([test_document])


def test_a_notebook_shows_the_model_as_a_table():
    model, _ = china()
    assert "weight_rows_" in model._repr_html_() and "<table" in model._repr_html_()
    assert repr(model).startswith("ComplementNB(alpha=1, norm=False)")


# ---------------------------------------------------------------------------
# scikit-learn's ComplementNB, prediction for prediction
# ---------------------------------------------------------------------------


def sparse_rows(matrix):
    """A scipy CSR matrix as a list of {column: count} dicts: the same counts, column numbers as words."""
    rows = []
    for i in range(matrix.shape[0]):
        start, end = matrix.indptr[i], matrix.indptr[i + 1]
        rows.append(dict(zip(matrix.indices[start:end].tolist(), matrix.data[start:end].tolist())))
    return rows


def compare_with_scikit_learn(train_texts, train_labels, test_texts):
    """The number of test documents on which ours and scikit-learn's predictions differ, for norm False and True."""
    sklearn_text = pytest.importorskip("sklearn.feature_extraction.text")
    sklearn_nb = pytest.importorskip("sklearn.naive_bayes")
    vectorizer = sklearn_text.CountVectorizer()
    X_train = vectorizer.fit_transform(train_texts)
    X_test = vectorizer.transform(test_texts)
    train_rows, test_rows = sparse_rows(X_train), sparse_rows(X_test)
    differences = {}
    for norm in (False, True):
        ours = ComplementNB(alpha=1.0, norm=norm).fit(train_rows, train_labels)
        theirs = sklearn_nb.ComplementNB(alpha=1.0, norm=norm).fit(X_train, train_labels)
        assert ours.classes_ == theirs.classes_.tolist()
        mine, their = ours.predict(test_rows), theirs.predict(X_test).tolist()
        differences[norm] = sum(a != b for a, b in zip(mine, their))
        their_probabilities = theirs.predict_proba(X_test)
        worst = max(
            abs(row[label] - their_row[k])
            for row, their_row in zip(ours.predict_proba(test_rows[:200]), their_probabilities[:200])
            for k, label in enumerate(ours.classes_)
        )
        assert worst < 1e-9, f"norm={norm}: probabilities differ by {worst}"
    return differences


def test_the_spam_corpus_matches_scikit_learn():
    texts, labels = load_spam()
    assert compare_with_scikit_learn(texts[::2], labels[::2], texts[1::2]) == {False: 0, True: 0}


@pytest.mark.skipif(not ARCHIVE.exists(), reason="the 20 Newsgroups archive is not here")
def test_all_7532_test_posts_match_scikit_learn_for_both_norms():
    pytest.importorskip("sklearn.naive_bayes")
    from naivebayes.datasets import load_20newsgroups

    train = load_20newsgroups("train", archive=str(ARCHIVE), download_if_missing=False)
    test = load_20newsgroups("test", archive=str(ARCHIVE), download_if_missing=False)
    assert len(test.texts) == 7532
    assert compare_with_scikit_learn(train.texts, train.labels, test.texts) == {False: 0, True: 0}


def test_a_model_file_gives_back_the_same_model():
    from naivebayes import from_json, to_json

    documents, labels, test_document = load_china()
    for norm in (False, True):
        model = ComplementNB(norm=norm, alpha=Fraction(1, 2)).fit(documents, labels)
        again = from_json(to_json(model))
        assert type(again) is ComplementNB and again.norm is norm and again.alpha == Fraction(1, 2)
        assert again.weight_rows_ == model.weight_rows_
        assert again.predict_proba([test_document]) == model.predict_proba([test_document])


def test_the_command_line_trains_predicts_and_explains_with_model_complement(tmp_path):
    from naivebayes import load
    from naivebayes.command_line import main

    texts, labels = load_spam()
    folder = tmp_path / "messages"
    for number, (text, label) in enumerate(zip(texts, labels)):
        (folder / label).mkdir(parents=True, exist_ok=True)
        (folder / label / f"{number:04}.txt").write_text(text, encoding="utf-8")
    model_file = tmp_path / "spam.json"
    out, err = io.StringIO(), io.StringIO()
    assert main(["train", str(folder), "-o", str(model_file), "--model", "complement"], out=out, err=err) == 0, err.getvalue()
    model = load(model_file)
    assert type(model) is ComplementNB
    assert model.predict(texts) == ComplementNB().fit(texts, labels).predict(texts)
    out = io.StringIO()
    assert main(["explain", str(model_file), "claim your free prize now"], out=out, err=io.StringIO()) == 0
    assert "complement naive Bayes" in out.getvalue()
