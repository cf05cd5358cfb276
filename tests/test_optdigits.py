"""load_optdigits: UCI's optical digits, read from the publisher's two files.

The loader is tested on small files written here (parsing, the binary
threshold, bad lines refused with their number, the cache and a download
from a file:// URL, never the network), and on the shared copy of the real
files when it is present (the counts of UCI's .names file).
"""

import gzip
import hashlib
import importlib.util
import os
from pathlib import Path

import pytest

from naivebayes.datasets import CacheError, DigitImages, DownloadError, TableError, load_optdigits
from naivebayes.datasets import optdigits as optdigits_module

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "optdigits"
REAL = Path(os.environ.get("NAIVEBAYES_OPTDIGITS_PATH") or SHARED)
VARIABLES = ["NAIVEBAYES_DATA", "NAIVEBAYES_OPTDIGITS_PATH", "NAIVEBAYES_OPTDIGITS_URL"]


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """No test sees the user's environment or cache, and nothing is downloaded unless a test arranges it."""
    for variable in VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(optdigits_module, "OPTDIGITS_URL", "http://127.0.0.1:9/not-here/")


def line(pixels, digit):
    return ",".join(map(str, [*pixels, digit])) + "\n"


# Two images: a diagonal of grey levels 0..16 wrapped, and its mirror; the digits 3 and 8.
FIRST = [(i * 3) % 17 for i in range(64)]
SECOND = [16 - value for value in FIRST]
TRAIN = line(FIRST, 3) + line(SECOND, 8)
TEST = line([0] * 63 + [16], 0)


def folder(tmp_path, train=TRAIN, test=TEST):
    where = tmp_path / "optdigits"
    where.mkdir(exist_ok=True)
    (where / "optdigits.tra").write_text(train)
    (where / "optdigits.tes").write_text(test)
    return where


def test_a_file_of_two_lines_reads_as_two_rows_of_64_ints_and_their_digits(tmp_path):
    digits = load_optdigits(path=folder(tmp_path))
    assert isinstance(digits, DigitImages)
    assert digits.rows == [FIRST, SECOND] and digits.labels == [3, 8]
    assert digits.data is digits.rows and digits.target == [0, 1] and digits.target_names == [3, 8]
    assert digits.features[0] == "pixel 0,0" and digits.features[12] == "pixel 1,4" and len(digits.features) == 64
    assert digits.feature_names is digits.features
    rows, labels, features = digits  # unpacks as every Dataset
    assert rows[1][63] == SECOND[63]
    assert "32x32" in digits.DESCR and "4x4" in digits.DESCR and "1,797" in digits.DESCR
    assert repr(digits) == "DigitImages(2 images of 8x8 grey levels 0..16, label_names=[3, 8])"


def test_the_subsets_and_a_path_to_one_file(tmp_path):
    where = folder(tmp_path)
    assert load_optdigits("test", path=where).labels == [0]
    assert load_optdigits("all", path=where).labels == [3, 8, 0]
    assert load_optdigits("train", path=where / "optdigits.tra").labels == [3, 8]
    (tmp_path / "mine.csv").write_text(TEST)
    assert load_optdigits("test", path=tmp_path / "mine.csv").rows == [[0] * 63 + [16]]
    with pytest.raises(ValueError, match="subset='all' reads two files"):
        load_optdigits("all", path=where / "optdigits.tra")
    with pytest.raises(ValueError, match="pass subset='test'"):
        load_optdigits("train", path=where / "optdigits.tes")
    with pytest.raises(ValueError, match=r"subset='validation' is not one of \['train', 'test', 'all'\]"):
        load_optdigits("validation", path=where)


def test_a_binary_threshold_makes_1_where_the_grey_level_is_that_or_more(tmp_path):
    digits = load_optdigits(path=folder(tmp_path), binary_threshold=8)
    # FIRST[:6] = 0, 3, 6, 9, 12, 15: only 9, 12 and 15 reach 8.
    assert digits.rows[0][:6] == [0, 0, 0, 1, 1, 1]
    assert digits.rows[0] == [1 if value >= 8 else 0 for value in FIRST]
    assert sum(digits.rows[0]) == sum(1 for value in FIRST if value >= 8)
    assert repr(digits) == "DigitImages(2 images of 8x8 grey levels 0/1, label_names=[3, 8])"
    assert load_optdigits(path=folder(tmp_path), binary_threshold=16).rows[0].count(1) == FIRST.count(16)
    assert load_optdigits(path=folder(tmp_path), binary_threshold=1).rows[0].count(0) == FIRST.count(0)


@pytest.mark.parametrize("threshold, error, words", [
    (0, ValueError, "outside 1..16.*every pixel would be 1"),
    (17, ValueError, "outside 1..16.*every pixel would be 0"),
    (8.5, TypeError, "not an int"),
    (True, TypeError, "not an int"),
    ("8", TypeError, "not an int"),
])
def test_a_threshold_outside_the_grey_levels_is_refused_with_the_reason(tmp_path, threshold, error, words):
    with pytest.raises(error, match=words):
        load_optdigits(path=folder(tmp_path), binary_threshold=threshold)


@pytest.mark.parametrize("bad_line, words", [
    ("1,2,3\n", "line 2: 3 comma-separated fields, not 65"),
    (line([0] * 63 + [17], 3), r"line 2: the grey level of pixel 7,7 is '17', not an int from 0 to 16"),
    (line([0] * 10 + [-1] + [0] * 53, 3), r"line 2: the grey level of pixel 1,2 is '-1'"),
    (line([0] * 64, 10), r"line 2: the digit \(the last field\) is '10', not an int from 0 to 9"),
    (line([0] * 5 + ["2.5"] + [0] * 58, 3), r"line 2: the grey level of pixel 0,5 is '2.5'"),
    (line([0] * 64, "") , r"line 2: the digit \(the last field\) is ''"),
])
def test_a_bad_line_is_refused_with_its_number(tmp_path, bad_line, words):
    where = folder(tmp_path, train=line(FIRST, 3) + bad_line + line(SECOND, 8))
    with pytest.raises(TableError, match=words):
        load_optdigits(path=where)


def test_blank_lines_are_skipped_and_line_numbers_still_count_them(tmp_path):
    where = folder(tmp_path, train="\n" + line(FIRST, 3) + "\n" + "x\n")
    with pytest.raises(TableError, match="line 4"):
        load_optdigits(path=where)
    assert load_optdigits(path=folder(tmp_path, train="\n" + TRAIN + "\n")).labels == [3, 8]


@pytest.mark.parametrize("text", ["", "\n\n", " \r\n\n"])
def test_an_empty_file_is_refused_not_read_as_no_images(tmp_path, text):
    # (found by tests/fuzz/fuzz_public_api.py: it gave a DigitImages of 0 images, and the mistake surfaced later)
    with pytest.raises(TableError, match="holds no images: it is empty or has blank lines only"):
        load_optdigits(path=folder(tmp_path, train=text))
    with pytest.raises(TableError, match="optdigits.tes holds no images"):
        load_optdigits("all", path=folder(tmp_path, test=text))


def test_bad_paths_and_missing_files_say_what_to_do(tmp_path, monkeypatch):
    with pytest.raises(TypeError, match="path= must be a path"):
        load_optdigits(path=3)
    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_optdigits(path=tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(FileNotFoundError, match="holds no optdigits.tra"):
        load_optdigits(path=tmp_path / "empty")
    with pytest.raises(FileNotFoundError) as caught:
        load_optdigits(data_home=tmp_path / "cache", download_if_missing=False)
    assert "NAIVEBAYES_OPTDIGITS_PATH" in str(caught.value) and "download_if_missing=True" in str(caught.value)
    assert not (tmp_path / "cache").exists()
    monkeypatch.setenv("NAIVEBAYES_OPTDIGITS_PATH", str(folder(tmp_path)))
    assert load_optdigits("test").labels == [0]


def test_a_download_is_checked_cached_and_read_again_without_the_network(tmp_path, monkeypatch):
    mirror = folder(tmp_path)
    hashes = {name: hashlib.sha256((mirror / name).read_bytes()).hexdigest() for name in ("optdigits.tra", "optdigits.tes")}
    monkeypatch.setattr(optdigits_module, "OPTDIGITS_SHA256", hashes)
    monkeypatch.setattr(optdigits_module, "OPTDIGITS_URL", mirror.as_uri() + "/")
    assert load_optdigits("all", data_home=tmp_path / "cache").labels == [3, 8, 0]
    assert (tmp_path / "cache" / "optdigits.tra").read_text() == TRAIN
    for name in hashes:
        (mirror / name).unlink()  # the cache is read now
    assert load_optdigits("all", data_home=tmp_path / "cache", download_if_missing=False).labels == [3, 8, 0]
    (tmp_path / "cache" / "optdigits.tes").write_text(TEST + TEST)
    with pytest.raises(CacheError):
        load_optdigits("test", data_home=tmp_path / "cache")


def test_a_download_with_the_wrong_hash_leaves_nothing_and_a_mirror_is_a_folder(tmp_path, monkeypatch):
    mirror = folder(tmp_path)
    monkeypatch.setenv("NAIVEBAYES_OPTDIGITS_URL", mirror.as_uri())
    with pytest.raises(DownloadError, match="SHA-256"):
        load_optdigits(data_home=tmp_path / "cache")
    assert not (tmp_path / "cache").exists()
    monkeypatch.setenv("NAIVEBAYES_OPTDIGITS_URL", (mirror / "optdigits.tra").as_uri())
    with pytest.raises(ValueError, match="the address of a file"):
        load_optdigits(data_home=tmp_path / "cache")


def test_select_keeps_the_named_pixels_as_lists(tmp_path):
    digits = load_optdigits(path=folder(tmp_path))
    chosen = digits.select(["pixel 0,2", "pixel 0,0"])
    assert chosen.rows == [[FIRST[2], FIRST[0]], [SECOND[2], SECOND[0]]] and chosen.labels == [3, 8]
    with pytest.raises(ValueError, match="unknown feature 'pixel 9,9'"):
        digits.select(["pixel 9,9"])


# ---------------------------------------------------------------------------
# The real files, when a copy is present.
# ---------------------------------------------------------------------------


def real():
    if not (REAL / "optdigits.tra").is_file():
        pytest.skip(f"no copy of optdigits at {REAL} (set NAIVEBAYES_OPTDIGITS_PATH or add ../shared/data)")
    return REAL


def test_the_real_files_have_the_counts_of_uci_s_description():
    train, test = load_optdigits("train", path=real()), load_optdigits("test", path=real())
    assert [train.labels.count(digit) for digit in range(10)] == [376, 389, 380, 389, 387, 376, 377, 387, 380, 382]
    assert [test.labels.count(digit) for digit in range(10)] == [178, 182, 177, 183, 181, 182, 181, 179, 174, 180]
    assert (len(train.rows), len(test.rows)) == (3823, 1797)
    assert all(len(row) == 64 for row in train.rows)
    assert max(max(row) for row in train.rows) == 16 and min(min(row) for row in test.rows) == 0
    for name, sha256 in optdigits_module.OPTDIGITS_SHA256.items():
        assert hashlib.sha256((real() / name).read_bytes()).hexdigest() == sha256


def test_the_real_test_file_is_scikit_learns_digits():
    # scikit-learn's load_digits reads this very file, gzipped; found without importing scikit-learn (slow).
    found = importlib.util.find_spec("sklearn")
    if found is None:
        pytest.skip("scikit-learn is not installed")
    packed = Path(found.origin).parent / "datasets" / "data" / "digits.csv.gz"
    test = load_optdigits("test", path=real())
    assert gzip.decompress(packed.read_bytes()) == (real() / "optdigits.tes").read_bytes()
    assert test.labels[:5] == [0, 1, 2, 3, 4] and test.rows[0][:8] == [0, 0, 5, 13, 9, 1, 0, 0]
