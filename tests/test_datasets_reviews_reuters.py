"""load_movie_reviews and load_reuters21578: counts, first and last documents, folds, checks, errors.

The counts come from the README of the data copies in ../shared/data (Pang
and Lee's README for the folds; Lewis's LEWISSPLIT and TOPICS attributes for
ModApte).  Those tests read the real files and skip without them
(NAIVEBAYES_MOVIE_REVIEWS_PATH and NAIVEBAYES_REUTERS_PATH name other
copies).  The rest build tiny archives in tmp_path, so they run anywhere:
the layouts, the hashes, the downloads (from file:// URLs) and the errors.
"""

import hashlib
import io
import os
import tarfile
from pathlib import Path

import pytest

import naivebayes.datasets.movie_reviews as movie_reviews
import naivebayes.datasets.reuters as reuters
from naivebayes.datasets import CacheError, CorpusFileError, DownloadError, load_movie_reviews, load_reuters21578
from naivebayes.datasets.reuters import REUTERS_MODAPTE_CATEGORIES, REUTERS_TEN_LARGEST, parse_reuters_sgml
from naivebayes.evaluation.cross_validation import cross_val_score
from naivebayes import MultinomialNB

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
# Read before any test clears the environment.
REAL_REVIEWS = Path(
    os.environ.get("NAIVEBAYES_MOVIE_REVIEWS_PATH") or SHARED / "movie-reviews" / "review_polarity.tar.gz"
)
REAL_REUTERS = Path(os.environ.get("NAIVEBAYES_REUTERS_PATH") or SHARED / "reuters21578" / "reuters21578.tar.gz")
needs_reviews = pytest.mark.skipif(not REAL_REVIEWS.exists(), reason=f"no copy of the movie reviews at {REAL_REVIEWS}")
needs_reuters = pytest.mark.skipif(not REAL_REUTERS.exists(), reason=f"no copy of Reuters-21578 at {REAL_REUTERS}")

ENVIRONMENT = [
    "NAIVEBAYES_DATA",
    "NAIVEBAYES_MOVIE_REVIEWS_PATH",
    "NAIVEBAYES_MOVIE_REVIEWS_URL",
    "NAIVEBAYES_REUTERS_PATH",
    "NAIVEBAYES_REUTERS_URL",
]


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """No test sees the user's environment or cache, and no test downloads from the web."""
    for variable in ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(movie_reviews, "REVIEWS_URL", "http://127.0.0.1:9/not-here")
    monkeypatch.setattr(reuters, "REUTERS_URL", "http://127.0.0.1:9/not-here")


def tar_gz(members):
    """The bytes of a .tar.gz holding ``members`` ({name: bytes}), in the order given."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


# ---------------------------------------------------------------------------
# Movie reviews: the real archive.
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reviews():
    return load_movie_reviews(path=REAL_REVIEWS)


@needs_reviews
def test_the_reviews_are_1000_negative_then_1000_positive(reviews):
    assert len(reviews.texts) == len(reviews.labels) == len(reviews.file_names) == len(reviews.folds) == 2000
    assert reviews.labels[:1000] == ["neg"] * 1000 and reviews.labels[1000:] == ["pos"] * 1000
    assert reviews.target_names == ["neg", "pos"]
    assert reviews.target[0] == 0 and reviews.target[-1] == 1


@needs_reviews
def test_the_first_and_last_reviews(reviews):
    assert reviews.file_names[0] == "cv000_29416.txt"
    assert reviews.texts[0].startswith("plot : two teen couples go to a church party , drink and then drive . \n")
    assert reviews.file_names[999] == "cv999_14636.txt"
    assert reviews.file_names[1000] == "cv000_29590.txt"
    assert reviews.file_names[-1] == "cv999_13106.txt"
    assert all(text.endswith("\n") for text in reviews.texts)


@needs_reviews
def test_each_of_the_ten_folds_has_100_positive_and_100_negative_reviews(reviews):
    assert sorted(set(reviews.folds)) == list(range(10))
    for fold in range(10):
        in_fold = [label for label, f in zip(reviews.labels, reviews.folds) if f == fold]
        assert in_fold.count("pos") == in_fold.count("neg") == 100
    # The tag decides the fold: cv000-cv099 is fold 0, cv900-cv999 fold 9.
    assert reviews.folds[reviews.file_names.index("cv099_11189.txt")] == 0
    assert reviews.folds[reviews.file_names.index("cv100_12406.txt")] == 1


@needs_reviews
def test_cv_gives_the_ten_folds_as_train_and_test_positions(reviews):
    splits = reviews.cv
    assert len(splits) == 10
    tested = []
    for fold, (train, test) in enumerate(splits):
        assert len(train) == 1800 and len(test) == 200
        assert set(train).isdisjoint(test)
        assert {reviews.folds[i] for i in test} == {fold}
        tested += test
    assert sorted(tested) == list(range(2000))  # each review is tested exactly once


@needs_reviews
def test_the_real_archive_has_the_published_hash():
    assert hashlib.sha256(REAL_REVIEWS.read_bytes()).hexdigest() == movie_reviews.REVIEWS_SHA256


# ---------------------------------------------------------------------------
# Movie reviews: a tiny archive with the same layout.
# ---------------------------------------------------------------------------

TINY_REVIEWS = {
    "poldata.README.2.0": b"readme\n",
    "txt_sentoken/pos/cv100_2.txt": b"great fun .\n",
    "txt_sentoken/neg/cv000_1.txt": b"dull and bad .\n",
    "txt_sentoken/pos/cv000_3.txt": b"a great film .\n",
    "txt_sentoken/neg/cv150_4.txt": b"bad , bad plot .\n",
}
TINY_REVIEWS_ARCHIVE = tar_gz(TINY_REVIEWS)


@pytest.fixture
def tiny_reviews(tmp_path):
    path = tmp_path / "review_polarity.tar.gz"
    path.write_bytes(TINY_REVIEWS_ARCHIVE)
    return path


def test_a_tiny_archive_is_read_negative_first_sorted_by_file_name(tiny_reviews):
    texts, labels, file_names, folds = load_movie_reviews(path=tiny_reviews)
    assert file_names == ["cv000_1.txt", "cv150_4.txt", "cv000_3.txt", "cv100_2.txt"]
    assert labels == ["neg", "neg", "pos", "pos"]
    assert folds == [0, 1, 0, 1]
    assert texts[0] == "dull and bad .\n"


def test_cv_runs_cross_validation_on_the_authors_folds(tiny_reviews):
    data = load_movie_reviews(path=tiny_reviews)
    assert data.cv == [([1, 3], [0, 2]), ([0, 2], [1, 3])]
    # Fold 0 tests "dull and bad ." (neg, right) and "a great film ." (pos, right);
    # fold 1 tests "bad , bad plot ." (neg, right) and "great fun ." (pos, right).
    scores = cross_val_score(MultinomialNB(), data.texts, data.labels, cv=data.cv)
    assert list(scores) == [1.0, 1.0]


def test_an_unpacked_folder_reads_like_the_archive(tmp_path, tiny_reviews):
    with tarfile.open(tiny_reviews) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    from_folder = load_movie_reviews(path=tmp_path / "unpacked")
    assert from_folder == load_movie_reviews(path=tiny_reviews)
    assert load_movie_reviews(path=tmp_path / "unpacked" / "txt_sentoken") == from_folder


def test_the_path_can_come_from_the_environment(tiny_reviews, monkeypatch):
    monkeypatch.setenv("NAIVEBAYES_MOVIE_REVIEWS_PATH", str(tiny_reviews))
    assert load_movie_reviews().labels == ["neg", "neg", "pos", "pos"]


def test_the_reviews_are_downloaded_once_checked_then_read_from_the_cache(tmp_path, tiny_reviews, monkeypatch):
    monkeypatch.setattr(movie_reviews, "REVIEWS_SHA256", hashlib.sha256(TINY_REVIEWS_ARCHIVE).hexdigest())
    monkeypatch.setenv("NAIVEBAYES_MOVIE_REVIEWS_URL", tiny_reviews.as_uri())
    cache = tmp_path / "cache"
    assert len(load_movie_reviews(data_home=cache).texts) == 4
    assert (cache / "review_polarity.tar.gz").read_bytes() == TINY_REVIEWS_ARCHIVE
    tiny_reviews.unlink()  # the second call reads the cache
    assert len(load_movie_reviews(data_home=cache).texts) == 4


def test_a_download_with_the_wrong_hash_is_refused_and_not_kept(tmp_path, tiny_reviews, monkeypatch):
    monkeypatch.setenv("NAIVEBAYES_MOVIE_REVIEWS_URL", tiny_reviews.as_uri())
    cache = tmp_path / "cache"
    with pytest.raises(DownloadError, match=r"SHA-256 hash .* is .*, not the expected fc0dccc2.*load_movie_reviews\(path="):
        load_movie_reviews(data_home=cache)
    assert not (cache / "review_polarity.tar.gz").exists()


def test_a_changed_cache_is_a_clear_error(tmp_path):
    (tmp_path / "review_polarity.tar.gz").write_bytes(TINY_REVIEWS_ARCHIVE)
    with pytest.raises(CacheError, match="changed after it was downloaded. Delete it"):
        load_movie_reviews(data_home=tmp_path)


def test_without_a_copy_or_a_download_the_error_says_where_to_put_it(tmp_path):
    with pytest.raises(FileNotFoundError, match="NAIVEBAYES_MOVIE_REVIEWS_PATH is not set.*download_if_missing=True"):
        load_movie_reviews(data_home=tmp_path, download_if_missing=False)
    with pytest.raises(FileNotFoundError, match="which does not exist"):
        load_movie_reviews(path=tmp_path / "nowhere.tar.gz")
    with pytest.raises(TypeError, match="path= must be a path"):
        load_movie_reviews(path=3)


def test_a_file_that_is_not_the_reviews_archive_is_a_clear_error(tmp_path):
    other = tmp_path / "other.tar.gz"
    other.write_bytes(tar_gz({"20news-bydate-train/sci.med/1": b"hi"}))
    with pytest.raises(CorpusFileError, match=r"not Pang and Lee's polarity dataset v2.0.*found: 20news-bydate-train"):
        load_movie_reviews(path=other)
    cut = tmp_path / "cut.tar.gz"
    cut.write_bytes(TINY_REVIEWS_ARCHIVE[:-20])
    with pytest.raises(CorpusFileError, match="truncated or corrupt"):
        load_movie_reviews(path=cut)
    odd = tmp_path / "odd.tar.gz"
    odd.write_bytes(tar_gz({"txt_sentoken/pos/great.txt": b"x", "txt_sentoken/neg/cv000_1.txt": b"y"}))
    with pytest.raises(CorpusFileError, match=r"'great.txt' is not named cvNNN_NNNNN.txt"):
        load_movie_reviews(path=odd)


# ---------------------------------------------------------------------------
# Reuters-21578: the real archive.
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def modapte():
    return load_reuters21578("train", path=REAL_REUTERS), load_reuters21578("test", path=REAL_REUTERS)


@needs_reuters
def test_modapte_has_9603_training_and_3299_test_stories(modapte):
    train, test = modapte
    assert len(train.texts) == len(train.labels) == len(train.ids) == 9603
    assert len(test.texts) == len(test.labels) == len(test.ids) == 3299
    assert len(load_reuters21578("all", path=REAL_REUTERS).texts) == 9603 + 3299


@needs_reuters
def test_the_first_and_last_stories_of_each_subset(modapte):
    train, test = modapte
    assert train.ids[:3] == [1, 5, 6] and train.ids[-1] == 14818
    assert test.ids[0] == 14826 and test.ids[-1] == 21576
    assert train.ids == sorted(train.ids) and test.ids == sorted(test.ids)
    assert train.texts[0].startswith("BAHIA COCOA REVIEW\n\nShowers continued throughout the week in\nthe Bahia")
    assert train.texts[0].endswith("carnival which ends midday on February 27.\n Reuter")
    assert train.labels[0] == ["cocoa"]
    assert test.texts[-1].endswith("could not elaborate on the short\nstatement.\n REUTER")


@needs_reuters
def test_7775_and_3019_stories_have_a_topic_and_1223_and_437_have_several(modapte):
    train, test = modapte
    assert sum(1 for topics in train.labels if topics) == 7775
    assert sum(1 for topics in test.labels if topics) == 3019
    assert sum(1 for topics in train.labels if len(topics) > 1) == 1223
    # The data README counts 438: story 19918 lists "trade" twice, which is one topic here.
    assert sum(1 for topics in test.labels if len(topics) > 1) == 437
    assert test.labels[test.ids.index(19918)] == ["trade"]
    assert len(load_reuters21578("train", path=REAL_REUTERS, with_topics_only=True).texts) == 7775


@needs_reuters
def test_90_topics_have_a_training_and_a_test_story(modapte):
    train, test = modapte
    both = sorted(set(train.label_names) & set(test.label_names))
    assert len(both) == 90 and both == REUTERS_MODAPTE_CATEGORIES
    kept = [
        load_reuters21578(subset, path=REAL_REUTERS, categories=REUTERS_MODAPTE_CATEGORIES, with_topics_only=True)
        for subset in ("train", "test")
    ]
    assert [len(part.texts) for part in kept] == [7770, 3019]
    assert kept[0].label_names == kept[1].label_names == REUTERS_MODAPTE_CATEGORIES


@needs_reuters
def test_the_ten_largest_topics_have_the_counts_of_iir_chapter_13(modapte):
    train, test = modapte
    expected = {
        "earn": (2877, 1087), "acq": (1650, 719), "money-fx": (538, 179), "grain": (433, 149),
        "crude": (389, 189), "trade": (369, 117), "interest": (347, 131), "wheat": (212, 71),
        "ship": (197, 89), "corn": (181, 56),
    }
    counts = {name: (sum(name in t for t in train.labels), sum(name in t for t in test.labels)) for name in expected}
    assert counts == expected
    largest = sorted(train.label_names, key=lambda name: -sum(name in t for t in train.labels))[:10]
    assert largest == REUTERS_TEN_LARGEST == list(expected)


@needs_reuters
def test_categories_narrow_the_labels_but_keep_the_stories():
    ten = load_reuters21578("test", path=REAL_REUTERS, categories=REUTERS_TEN_LARGEST)
    assert len(ten.texts) == 3299 and ten.label_names == sorted(REUTERS_TEN_LARGEST)
    assert all(set(topics) <= set(REUTERS_TEN_LARGEST) for topics in ten.labels)
    assert sum(1 for topics in ten.labels if "corn" in topics) == 56
    row = ten.target[ten.ids.index(14826)]  # the first test story: trade
    assert ten.labels[0] == ["trade"] and row == [1 if name == "trade" else 0 for name in ten.label_names]


@needs_reuters
def test_a_topic_that_no_story_has_is_refused_with_the_closest_names():
    with pytest.raises(ValueError, match=r"unknown topic 'earnings': no story of Reuters-21578 has it. Did you mean 'earn'"):
        load_reuters21578("train", path=REAL_REUTERS, categories=["earnings"])
    # "sfr" tags ModApte test stories but no training story: a known topic, so no error.
    assert load_reuters21578("train", path=REAL_REUTERS, categories=["sfr"], with_topics_only=True).ids == []
    assert load_reuters21578("test", path=REAL_REUTERS, categories=["sfr"], with_topics_only=True).ids != []


@needs_reuters
def test_entities_are_decoded_control_codes_dropped_and_the_one_latin_1_byte_kept(modapte):
    train, test = modapte
    texts = train.texts + test.texts
    assert not any("&lt;" in text or "&#" in text for text in texts)
    assert not any(ch < " " and ch not in "\n\t" for text in texts for ch in set(text))
    assert "growth.\u00fcside measures" in test.texts[test.ids.index(17980)]  # byte 0xFC of reut2-017.sgm


@needs_reuters
def test_the_shared_copy_is_a_repack_checked_file_by_file():
    # The copy in ../shared/data is repacked (its own SHA-256), so the loader checks its 22 files.
    with tarfile.open(REAL_REUTERS) as tar:
        for name, expected in reuters.REUTERS_FILE_SHA256.items():
            assert hashlib.sha256(tar.extractfile(name).read()).hexdigest() == expected


# ---------------------------------------------------------------------------
# Reuters-21578: the parser, and a tiny archive of 22 files.
# ---------------------------------------------------------------------------


def story(newid, split="TRAIN", topics_attribute="YES", topics=(), text="<TITLE>T</TITLE><BODY>B</BODY>", kind=""):
    d = "".join(f"<D>{topic}</D>" for topic in topics)
    return (
        f'<REUTERS TOPICS="{topics_attribute}" LEWISSPLIT="{split}" CGISPLIT="TRAINING-SET" OLDID="1" NEWID="{newid}">\n'
        f"<DATE>26-FEB-1987</DATE>\n<TOPICS>{d}</TOPICS>\n<PLACES><D>usa</D></PLACES>\n"
        f"<TEXT{kind}>&#2;\n{text}</TEXT>\n</REUTERS>\n"
    )


def test_the_text_is_the_title_a_blank_line_and_the_body():
    sgml = story(3, topics=["earn", "acq", "earn"], text="<TITLE>A &amp; B</TITLE>\n<DATELINE>NY - </DATELINE><BODY>Up &lt;5&gt;.\n Reuter\n&#3;</BODY>")
    assert parse_reuters_sgml(sgml) == [(3, "YES", "TRAIN", ["earn", "acq"], "A & B\n\nUp <5>.\n Reuter")]


def test_a_brief_story_is_its_title_and_an_unprocessed_one_its_whole_text():
    brief = story(4, text="<TITLE>SHORT ONE</TITLE>", kind=' TYPE="BRIEF"')
    unprocessed = story(5, text="  FED REPORT\n 1 vs 2 &#31;\n", kind=' TYPE="UNPROC"')
    assert [s[4] for s in parse_reuters_sgml(brief + unprocessed)] == ["SHORT ONE", "FED REPORT\n 1 vs 2"]


def test_a_file_cut_short_is_a_clear_error():
    sgml = story(1) + story(2)
    with pytest.raises(CorpusFileError, match="2 <REUTERS> tags but 1 complete stories; the file is cut short"):
        parse_reuters_sgml(sgml[: -len("</REUTERS>\n")])


def tiny_reuters_files():
    """22 SGML files of one story each: odd NEWIDs train, even ones test."""
    files = {}
    for number in range(22):
        split = "TRAIN" if number % 2 == 0 else "TEST"
        topics = [["earn"], ["earn", "acq"], [], ["grain"]][number % 4]
        files[f"reut2-{number:03d}.sgm"] = (
            '<!DOCTYPE lewis SYSTEM "lewis.dtd">\n' + story(number + 1, split, topics=topics)
        ).encode("latin-1")
    files["reut2-003.sgm"] = files["reut2-003.sgm"].replace(b'TOPICS="YES"', b'TOPICS="NO"')
    return files


@pytest.fixture
def tiny_reuters(tmp_path):
    data = tar_gz({"README.txt": b"readme", **tiny_reuters_files()})
    path = tmp_path / "reuters21578.tar.gz"
    path.write_bytes(data)
    return path


def test_an_own_copy_whose_file_differs_from_the_publishers_is_refused(tiny_reuters):
    with pytest.raises(CorpusFileError, match=r"reut2-000.sgm in .* has the SHA-256 \w+, not that of Distribution 1.0 \(9ff9bb40"):
        load_reuters21578(path=tiny_reuters)


def test_a_downloaded_archive_is_checked_whole_then_read_from_the_cache(tmp_path, tiny_reuters, monkeypatch):
    monkeypatch.setattr(reuters, "REUTERS_SHA256", hashlib.sha256(tiny_reuters.read_bytes()).hexdigest())
    monkeypatch.setenv("NAIVEBAYES_REUTERS_URL", tiny_reuters.as_uri())
    cache = tmp_path / "cache"
    train = load_reuters21578("train", data_home=cache)
    # Stories 1, 3, 5, ... are TRAIN; story 4 (reut2-003.sgm) is TOPICS="NO", so not ModApte.
    assert train.ids == [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21]
    assert train.labels[:3] == [["earn"], [], ["earn"]]
    assert train.label_names == ["earn"]
    test = load_reuters21578("test", data_home=cache, with_topics_only=True)
    assert test.ids == [2, 6, 8, 10, 12, 14, 16, 18, 20, 22]
    assert test.labels[:2] == [["earn", "acq"], ["earn", "acq"]]
    assert test.target[:1] == [[1, 1, 0]] and test.target_names == ["acq", "earn", "grain"]
    assert (cache / "reuters21578.tar.gz").read_bytes() == tiny_reuters.read_bytes()


def test_a_download_with_the_wrong_hash_is_refused(tmp_path, tiny_reuters, monkeypatch):
    monkeypatch.setenv("NAIVEBAYES_REUTERS_URL", tiny_reuters.as_uri())
    with pytest.raises(DownloadError, match=r"not the expected 3bae43c9.*load_reuters21578\(path="):
        load_reuters21578(data_home=tmp_path / "cache")
    assert not (tmp_path / "cache" / "reuters21578.tar.gz").exists()


def test_a_changed_cache_and_a_missing_archive_are_clear_errors(tmp_path, tiny_reuters):
    with pytest.raises(FileNotFoundError, match="NAIVEBAYES_REUTERS_PATH is not set.*about 8 MB"):
        load_reuters21578(data_home=tmp_path / "empty", download_if_missing=False)
    (tmp_path / "reuters21578.tar.gz").write_bytes(tiny_reuters.read_bytes())
    with pytest.raises(CacheError, match="changed after it was downloaded"):
        load_reuters21578(data_home=tmp_path)


def test_an_archive_without_the_sgml_files_is_a_clear_error(tmp_path, monkeypatch):
    other = tmp_path / "other.tar.gz"
    other.write_bytes(tar_gz({"README.txt": b"x"}))
    monkeypatch.setenv("NAIVEBAYES_REUTERS_PATH", str(other))
    with pytest.raises(CorpusFileError, match="lacks 22 of its 22 SGML files"):
        load_reuters21578()


@pytest.mark.parametrize(
    "arguments, error, message",
    [
        ({"subset": "training"}, ValueError, r"subset='training' is not one of \['train', 'test', 'all'\]"),
        ({"split": "lewis"}, ValueError, "pass split='modapte'"),
        ({"categories": "earn"}, TypeError, r"categories=\['earn'\]"),
        ({"categories": []}, ValueError, "categories is empty"),
        ({"categories": [3]}, TypeError, "topic name string"),
        ({"with_topics_only": "yes"}, TypeError, "pass True or False"),
        ({"path": 3.5}, TypeError, "path= must be a path"),
    ],
)
def test_bad_arguments_are_refused_before_any_file_is_read(arguments, error, message):
    with pytest.raises(error, match=message):
        load_reuters21578(**{"data_home": "/nonexistent/never-read", **arguments})


def test_a_folder_that_holds_the_archive_is_read_as_the_archive(tmp_path):
    """As the other corpus loaders do: path= may name the folder the downloaded archive sits in."""
    from naivebayes.datasets import load_movie_reviews, load_reuters21578

    shared = Path(__file__).resolve().parents[2] / "shared" / "data"
    reviews, reuters = shared / "movie-reviews", shared / "reuters21578"
    if not (reviews / "review_polarity.tar.gz").is_file() or not (reuters / "reuters21578.tar.gz").is_file():
        pytest.skip("needs ../shared/data's movie-reviews and reuters21578 folders")
    assert len(load_movie_reviews(path=reviews).texts) == 2000
    assert len(load_reuters21578("test", path=reuters).texts) == 3299
