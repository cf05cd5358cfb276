"""Extreme and odd input on the text side, as the fuzzer found it: each case ends in a right answer or a clear error.

Text models, TF-IDF, bag of words, the settings every model shares, model
files, the CSV reader and the newsgroups archive.  Each test is one finding
of ``tests/fuzz/fuzz_public_api.py``, shrunk to a few lines: the call that
once raised a stray error (or read a damaged file without one), and the
error or the answer it must give now.
"""

import io
import json
import math
import tarfile

import pytest

from naivebayes import (
    BagOfWords,
    BernoulliNB,
    CategoricalNB,
    GaussianNB,
    MultinomialNB,
    TfidfTransformer,
    Tokenizer,
)
from naivebayes.datasets import load_20newsgroups
from naivebayes.datasets.newsgroups import ArchiveError, read_archive
from naivebayes.datasets.tabular import TableError, read_csv, read_csv_lines
from naivebayes.saving.model_files import ModelFileError, from_json, load, save, to_json

Y4 = ["a", "b", "a", "b"]
TEXT_MODELS = [MultinomialNB, BernoulliNB]


# ---------------------------------------------------------------------------
# 1. A plain (uncompressed) tar archive that was cut short or damaged.
# ---------------------------------------------------------------------------

THREE_POSTS = {
    "20news-bydate-train/rec.autos/5000": b"From: ann\n\nA red car.\n",
    "20news-bydate-test/rec.autos/5001": b"From: bob\n\nA blue car.\n",
    "20news-bydate-test/rec.autos/5002": b"From: cy\n\nA green car.\n",
}


def plain_tar_bytes(files):
    """An uncompressed tar in memory: one 512-byte header and one 512-byte block of data per short post."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


@pytest.fixture
def plain_tar(tmp_path):
    def write(data):
        path = tmp_path / "20news-bydate.tar.gz"
        path.write_bytes(data)
        return path

    return write


def test_an_intact_plain_tar_is_read_whole(plain_tar):
    _listing, posts = read_archive(plain_tar(plain_tar_bytes(THREE_POSTS)))
    assert len(posts) == 3


def test_a_plain_tar_cut_between_two_posts_is_refused(plain_tar):
    path = plain_tar(plain_tar_bytes(THREE_POSTS)[:2048])  # two whole posts, and no end-of-archive block
    with pytest.raises(ArchiveError, match=r"cut short.*(download|copy) it again"):
        read_archive(path)
    with pytest.raises(ArchiveError, match="cut short"):
        load_20newsgroups(subset="test", archive=path, download_if_missing=False)


def test_a_plain_tar_cut_in_a_header_is_refused(plain_tar):
    with pytest.raises(ArchiveError, match="cut short"):
        read_archive(plain_tar(plain_tar_bytes(THREE_POSTS)[: 2048 + 100]))


def test_a_plain_tar_with_a_damaged_header_is_refused(plain_tar):
    damaged = bytearray(plain_tar_bytes(THREE_POSTS))
    damaged[2048 + 3] ^= 0xFF  # the name of the third post: its header's checksum no longer matches
    with pytest.raises(ArchiveError, match="(download|copy) it again"):
        read_archive(plain_tar(bytes(damaged)))


def test_a_plain_tar_cut_in_its_trailing_zeros_still_holds_every_post(plain_tar):
    data = plain_tar_bytes(THREE_POSTS)
    _listing, posts = read_archive(plain_tar(data[: 3 * 1024 + 512]))  # the first end-of-archive block is there
    assert len(posts) == 3


# ---------------------------------------------------------------------------
# 2. sample() of a text model gives documents of the form it was trained on.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("Model", TEXT_MODELS)
def test_a_model_trained_on_dense_rows_samples_dense_rows(Model):
    model = Model().fit([[2, 0, 1], [0, 3, 0], [1, 0, 2], [0, 2, 1]], Y4)
    rows, labels = model.sample(5, random_state=0)
    assert all(type(row) is list and len(row) == 3 for row in rows)
    assert all(isinstance(count, int) and count >= 0 for row in rows for count in row)
    assert model.predict(rows)  # the model reads what it drew
    Model().fit(rows + [[1, 1, 1], [1, 1, 1]], labels + ["a", "b"])  # and learns from it


def test_a_dense_multinomial_sample_has_the_training_lengths():
    model = MultinomialNB().fit([[2], [0], [1], [3]], Y4)
    rows, _labels = model.sample(20, random_state=0)
    assert model.predict(rows)
    for row, label in zip(rows, _labels):
        assert sum(row) in model.document_lengths_[label]


@pytest.mark.parametrize("Model", TEXT_MODELS)
def test_a_model_trained_on_words_still_samples_word_counts(Model):
    model = Model().fit(["free prize", "lunch at noon", "win a prize", "noon meeting"], Y4)
    documents, _labels = model.sample(3, random_state=0)
    assert all(type(document) is dict for document in documents)


# ---------------------------------------------------------------------------
# 3. A setting set to None after training means its default, as in the constructor.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("Model", TEXT_MODELS)
def test_tokenizer_none_after_fit_is_the_default_tokenizer(Model):
    model = Model().fit(["free prize", "lunch at noon"], ["spam", "ham"])
    expected = model.predict_proba(["free prize", "noon"])
    model.tokenizer = None
    assert model.predict(["free prize"]) == ["spam"]
    assert model.predict_proba(["free prize", "noon"]) == expected
    assert model.tokenizer == Tokenizer()
    assert "tokenizer" in json.loads(to_json(model))["settings"]


# ---------------------------------------------------------------------------
# 4. No training document holds a single token.
# ---------------------------------------------------------------------------


def test_training_documents_without_tokens_say_so_not_alpha():
    model = MultinomialNB()
    with pytest.raises(ValueError, match="hold no tokens at all") as caught:
        model.fit(["", "!!"], ["a", "b"])
    assert "alpha = 0" not in str(caught.value)
    assert model.classes_ == []  # unchanged


def test_alpha_zero_with_a_class_without_words_still_blames_alpha():
    with pytest.raises(ZeroDivisionError, match="alpha = 0"):
        MultinomialNB(alpha=0).fit(["free prize", ""], ["spam", "ham"])


# ---------------------------------------------------------------------------
# 5. A label that cannot be a class (unhashable) asked of prior, log_prior, sample.
# ---------------------------------------------------------------------------


def fitted_models():
    return [
        GaussianNB().fit([[1], [2], [3], [4]], Y4),
        MultinomialNB().fit(["free prize", "lunch", "win prize", "noon"], Y4),
        BernoulliNB().fit(["free prize", "lunch", "win prize", "noon"], Y4),
    ]


@pytest.mark.parametrize("model", fitted_models(), ids=lambda model: type(model).__name__)
@pytest.mark.parametrize(
    "call",
    [
        lambda model: model.prior([1]),
        lambda model: model.log_prior({"a": 1}),
        lambda model: model.sample(2, label={1}),
    ],
    ids=["prior", "log_prior", "sample"],
)
def test_an_unhashable_label_is_not_a_class(model, call):
    with pytest.raises(KeyError, match=r"is not a class of this model; its classes are \['a', 'b'\]"):
        call(model)


# ---------------------------------------------------------------------------
# 6. A smoothing constant too large for a float.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB, CategoricalNB])
@pytest.mark.parametrize("alpha", [10**400, 10**5000], ids=["10**400", "10**5000"])
def test_a_huge_int_alpha_gets_the_bound_message(Model, alpha):
    with pytest.raises(ValueError, match=r"larger than 2\*\*53.*use a smaller alpha"):
        Model(alpha=alpha)


def test_an_infinite_alpha_is_still_not_finite():
    with pytest.raises(ValueError, match="must be a finite number"):
        MultinomialNB(alpha=math.inf)


def test_a_huge_alpha_set_after_fit_is_refused_and_changes_nothing():
    model = MultinomialNB().fit(["free prize", "lunch"], ["spam", "ham"])
    before = model.predict_proba(["free"])
    with pytest.raises(ValueError, match=r"larger than 2\*\*53"):
        model.alpha = 10**400  # refused where it is assigned
    assert model.alpha == 1 and model.predict_proba(["free"]) == before


# ---------------------------------------------------------------------------
# 7. fit_prior must be True or False.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB, GaussianNB, CategoricalNB])
@pytest.mark.parametrize("value", ["no", 0, 1, None, "False"])
def test_fit_prior_must_be_a_bool(Model, value):
    with pytest.raises(TypeError, match="fit_prior must be True or False"):
        Model(fit_prior=value)


def test_fit_prior_set_after_fit_is_checked():
    model = MultinomialNB().fit(["free prize", "lunch", "win", "noon"], Y4)
    before = model.predict_proba(["free"])
    with pytest.raises(TypeError, match="fit_prior must be True or False"):
        model.fit_prior = "no"  # refused where it is assigned
    assert model.fit_prior is True
    model.fit_prior = True
    assert model.predict_proba(["free"]) == before


def test_fit_prior_may_be_a_numpy_bool():
    np = pytest.importorskip("numpy")
    model = MultinomialNB(fit_prior=np.False_).fit(["free prize", "lunch", "win", "noon"], Y4)
    assert model.fit_prior is False
    assert model.prior("a") == model.prior("b")


# ---------------------------------------------------------------------------
# 8. Counts too large for a float.
# ---------------------------------------------------------------------------


def test_tfidf_refuses_a_count_too_large_for_a_float():
    with pytest.raises(ValueError, match="larger than the largest float"):
        TfidfTransformer().fit_transform([{"a": 10**400}])
    tfidf = TfidfTransformer().fit([{"a": 1}])
    with pytest.raises(ValueError, match="larger than the largest float"):
        tfidf.transform([{"a": 10**400}])


@pytest.mark.parametrize("Model", TEXT_MODELS)
def test_a_text_model_refuses_a_count_too_large_for_a_float(Model):
    model = Model().fit([{"a": 1}, {"b": 1}], ["x", "y"])
    for call in (lambda: model.predict([{"a": 10**400}]), lambda: model.explain({"a": 10**400})):
        with pytest.raises(ValueError, match=r"X\[0\]|the example|larger than the largest float"):
            call()
    with pytest.raises(ValueError, match="larger than the largest float"):
        Model().fit([[10**400], [1]], ["x", "y"])


def test_big_int_counts_that_fit_in_a_float_still_add_up_exactly():
    model = MultinomialNB().fit([{"a": 10**300}, {"b": 1}], ["x", "y"])
    assert model.feature_counts_["x"]["a"] == 10**300
    assert model.predict([{"a": 1}]) == ["x"]


# ---------------------------------------------------------------------------
# 9 and 10. BagOfWords and TfidfTransformer on odd input.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("documents", [1.5, None, 7])
def test_bag_of_words_refuses_a_non_list(documents):
    with pytest.raises(TypeError, match="must be a list of documents"):
        BagOfWords().fit_transform(documents)


def test_tfidf_weighs_terms_of_kinds_that_cannot_be_sorted_together():
    tfidf = TfidfTransformer()
    (row,) = tfidf.fit_transform([{None: 1, "a": 2, 3: 1}])
    assert set(tfidf.idf_) == {None, "a", 3}
    assert math.isclose(sum(weight * weight for weight in row.values()), 1.0)
    assert list(TfidfTransformer().fit([{"b": 1, "a": 1}]).idf_) == ["a", "b"]  # strings still alphabetical


# ---------------------------------------------------------------------------
# 11 and 12. Model files.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", [[], {}, 3, None])
def test_a_model_field_that_is_not_a_name_is_refused_by_name(name):
    text = json.dumps({"format": "naivebayes model", "format_version": 1, "model": name, "settings": {}, "tables": {}})
    with pytest.raises(ModelFileError, match="model is .*which is not a model of naivebayes"):
        from_json(text)


def test_a_lone_surrogate_is_saved_as_a_json_escape(tmp_path):
    model = CategoricalNB().fit([["\ud800"], ["x"], ["y"], ["x"]], Y4)
    path = save(model, tmp_path / "model.json")
    assert "\\ud800" in path.read_text(encoding="utf-8")
    loaded = load(path)
    assert loaded.value_counts_ == model.value_counts_
    assert loaded.predict_proba([["\ud800"]]) == model.predict_proba([["\ud800"]])
    assert [p.name for p in tmp_path.iterdir()] == ["model.json"]  # no temporary file left behind


def test_a_lone_surrogate_label_of_a_text_model_is_saved(tmp_path):
    model = MultinomialNB().fit(["free prize", "lunch"], ["\udcff", "ham"])
    loaded = load(save(model, tmp_path / "model.json"))
    assert loaded.classes_ == model.classes_


def test_two_surrogates_that_json_would_join_are_refused_at_save(tmp_path):
    model = CategoricalNB().fit([["\ud83d\ude00"], ["x"], ["y"], ["x"]], Y4)
    with pytest.raises(ValueError, match=r"surrogate.*'\\ud83d\\ude00'"):
        save(model, tmp_path / "model.json")
    assert list(tmp_path.iterdir()) == []  # nothing half-written


# ---------------------------------------------------------------------------
# 13. The CSV reader.
# ---------------------------------------------------------------------------

CSV = ["a,label", "1,x", "2,y"]


def test_csv_names_empty_or_not_a_list():
    with pytest.raises(ValueError, match="names is empty"):
        read_csv_lines(CSV, "label", names=[])
    with pytest.raises(TypeError, match="names must be a list of column names"):
        read_csv_lines(CSV, "label", names=5)


@pytest.mark.parametrize("missing", [5, 1.5, True])
def test_csv_missing_not_a_collection(missing):
    with pytest.raises(TypeError, match="missing must be"):
        read_csv_lines(CSV, "label", missing=missing)


@pytest.mark.parametrize("lines", [5, None, "a,label\n1,x", b"a,label\n1,x"])
def test_csv_lines_not_a_list_of_lines(lines):
    with pytest.raises(TypeError, match="lines"):
        read_csv_lines(lines, "label")


@pytest.mark.parametrize("delimiter", ["", ";;", 5, None])
def test_csv_delimiter_not_one_character(delimiter):
    with pytest.raises(TypeError, match="delimiter must be one character"):
        read_csv_lines(CSV, "label", delimiter=delimiter)


def test_csv_file_not_utf8_names_the_file_and_the_line(tmp_path):
    path = tmp_path / "latin.csv"
    path.write_bytes("name,label\nann,x\ncaf\u00e9,y\n".encode("latin-1"))
    with pytest.raises(TableError, match=r"latin\.csv, line 3: the file is not UTF-8 text \(the byte 0xe9.*Save it again as UTF-8"):
        read_csv(path, "label")


def test_csv_without_labels_still_reads():
    rows, labels, features = read_csv_lines(CSV, None)
    assert labels is None and features == ["a", "label"] and rows[0] == {"a": 1, "label": "x"}


def test_sampling_refuses_training_documents_too_long_to_draw_word_by_word():
    from naivebayes.naive_bayes.multinomial import LONGEST_SAMPLED_DOCUMENT

    model = MultinomialNB().fit([{"a": LONGEST_SAMPLED_DOCUMENT + 1}, {"b": 1}], ["x", "y"])
    with pytest.raises(ValueError, match="draws a document one word at a time: at most 10,000,000 words"):
        model.sample(1, random_state=0)
    assert MultinomialNB().fit([{"a": 3}, {"b": 1}], ["x", "y"]).sample(2, random_state=0)[1] != []
