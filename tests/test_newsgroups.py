"""load_20newsgroups: order, labels, the remove options, shuffling, errors and downloads.

Every test runs offline.  Most read a tiny archive with the bydate layout that
a fixture builds in tmp_path; the download tests serve it from a web server on
127.0.0.1.  The real archive is only used when it is present, and the user's
own cache and environment variables never matter (see ``isolated``).

With NAIVEBAYES_SLOW_TESTS=1 and scikit-learn installed, the real archive is
also compared with scikit-learn's own ``fetch_20newsgroups``: same texts,
labels and order (it unpacks 18,846 files, hence opt-in).
"""

import functools
import gzip
import hashlib
import http.server
import inspect
import io
import os
import shutil
import sys
import tarfile
import threading
import time
from pathlib import Path

import pytest

import naivebayes.datasets.newsgroups as newsgroups
from naivebayes.datasets import load_20newsgroups
from naivebayes.datasets.newsgroups import (
    ArchiveError,
    DownloadError,
    Newsgroups,
    download,
    mt19937_state,
    numpy_legacy_permutation,
    scikit_learn_order,
    strip_newsgroup_footer,
    strip_newsgroup_header,
    strip_newsgroup_quoting,
)

# Read before any test clears the environment.
REAL_ARCHIVE = Path(
    os.environ.get("NAIVEBAYES_20NEWS_ARCHIVE")
    or Path(__file__).resolve().parents[2] / "shared" / "data" / "20news-bydate.tar.gz"
)

# ---------------------------------------------------------------------------
# A tiny archive with the bydate layout.
# ---------------------------------------------------------------------------

CAR_POST = (
    b"From: bob@example.org\n"
    b"Subject: Re: cars\n"
    b"\n"
    b"In article <1@example.org>, ann@example.org writes:\n"
    b"> Which car?\n"
    b"A red one.\n"
    b"\n"
    b"-- \n"
    b"Bob, Boston\n"
)

# Member name -> bytes, in a scrambled order: the loader must sort them itself.
POSTS = {
    "20news-bydate-train/sci.med/9": b"From: ann\nSubject: caf\xe9\n\nCoffee is fine.\n",
    "20news-bydate-train/sci.med/10": b"From: cy\n\nTen.\n",
    "20news-bydate-train/rec.autos/5": CAR_POST,
    "20news-bydate-train/sci.med/100": b"From: di\n\nHundred.\n",
    "20news-bydate-train/comp.graphics/7": b"From: ed\n\nPixels.\n",
    "20news-bydate-test/sci.med/20": b"From: fay\n\nTest med.\n",
    "20news-bydate-test/comp.graphics/3": b"From: gus\n\nTest graphics.\n",
    "20news-bydate-test/rec.autos/21": b"From: hal\n\nTest autos.\n",
}
# scikit-learn's order: the sorted listing (newsgroups by name, then file names
# as strings: "10" < "100" < "9"), permuted by numpy.random.RandomState(0),
# because scikit-learn builds its cache with load_files(..., random_state=0).
SORTED_TRAIN = [
    ("comp.graphics", "7"),
    ("rec.autos", "5"),
    ("sci.med", "10"),
    ("sci.med", "100"),
    ("sci.med", "9"),
]
SEED_0_ORDER_OF_5 = [2, 0, 1, 3, 4]  # numpy_legacy_permutation(5, 0), checked against numpy below
SEED_0_ORDER_OF_3 = [2, 1, 0]  # the test subset: comp.graphics/3, rec.autos/21, sci.med/20 reversed
TRAIN_TEXTS = [
    "From: cy\n\nTen.\n",  # sci.med/10
    "From: ed\n\nPixels.\n",  # comp.graphics/7
    CAR_POST.decode("latin-1"),  # rec.autos/5
    "From: di\n\nHundred.\n",  # sci.med/100
    "From: ann\nSubject: café\n\nCoffee is fine.\n",  # sci.med/9, with the latin-1 byte \xe9
]
TRAIN_LABELS = ["sci.med", "comp.graphics", "rec.autos", "sci.med", "sci.med"]
TEST_TEXTS = ["From: fay\n\nTest med.\n", "From: hal\n\nTest autos.\n", "From: gus\n\nTest graphics.\n"]
TEST_LABELS = ["sci.med", "rec.autos", "comp.graphics"]
NAMES = ["comp.graphics", "rec.autos", "sci.med"]


def tar_gz_bytes(files, directories=()):
    """A .tar.gz in memory holding ``files`` {member name: bytes} and some folder entries."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name in directories:
            info = tarfile.TarInfo(name)
            info.type = tarfile.DIRTYPE
            tar.addfile(info)
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


# Some archives list folders as members, some do not; include a few.
ARCHIVE_BYTES = tar_gz_bytes(POSTS, directories=["20news-bydate-train", "20news-bydate-train/sci.med"])
ARCHIVE_SHA256 = hashlib.sha256(ARCHIVE_BYTES).hexdigest()


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """No test sees the user's environment, home folder or cache."""
    monkeypatch.delenv("NAIVEBAYES_20NEWS_ARCHIVE", raising=False)
    monkeypatch.delenv("NAIVEBAYES_DATA", raising=False)
    monkeypatch.delenv("NAIVEBAYES_20NEWS_URL", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    # Any download that a test did not arrange goes nowhere.
    monkeypatch.setattr(newsgroups, "ARCHIVE_URL", "http://127.0.0.1:9/not-here")


@pytest.fixture
def archive(tmp_path):
    path = tmp_path / "20news-bydate.tar.gz"
    path.write_bytes(ARCHIVE_BYTES)
    return path


# ---------------------------------------------------------------------------
# Order, labels and label names.
# ---------------------------------------------------------------------------


def test_train_texts_labels_and_names_in_scikit_learn_order(archive):
    texts, labels, label_names = load_20newsgroups(archive=archive)
    assert texts == TRAIN_TEXTS
    assert labels == TRAIN_LABELS
    assert label_names == NAMES


def test_scikit_learn_order_sorts_names_as_strings_then_permutes_with_seed_0():
    files = {"sci.med": {"9", "100", "10"}, "rec.autos": {"5"}, "comp.graphics": {"7"}}
    assert scikit_learn_order(files) == [SORTED_TRAIN[i] for i in SEED_0_ORDER_OF_5]
    assert numpy_legacy_permutation(5, 0) == SEED_0_ORDER_OF_5
    assert numpy_legacy_permutation(3, 0) == SEED_0_ORDER_OF_3
    assert scikit_learn_order({}) == []


def test_posts_are_decoded_as_latin1(archive):
    texts = load_20newsgroups(archive=archive).texts
    assert texts[-1] == "From: ann\nSubject: caf\xe9\n\nCoffee is fine.\n"


def test_test_subset_and_all_is_train_then_test(archive):
    test = load_20newsgroups("test", archive=archive)
    assert (test.texts, test.labels, test.label_names) == (TEST_TEXTS, TEST_LABELS, NAMES)
    everything = load_20newsgroups("all", archive=archive)
    assert everything.texts == TRAIN_TEXTS + TEST_TEXTS
    assert everything.labels == TRAIN_LABELS + TEST_LABELS
    assert everything.label_names == NAMES


def test_categories_keep_only_those_groups_in_the_same_order(archive):
    data = load_20newsgroups("all", archive=archive, categories=["sci.med", "comp.graphics", "sci.med"])
    assert data.label_names == ["comp.graphics", "sci.med"]
    # Train then test, each in its order over all three groups, without rec.autos.
    assert data.labels == ["sci.med", "comp.graphics", "sci.med", "sci.med", "sci.med", "comp.graphics"]
    assert data.texts == [t for t, l in zip(TRAIN_TEXTS + TEST_TEXTS, TRAIN_LABELS + TEST_LABELS) if l != "rec.autos"]


def test_result_is_a_named_tuple_with_a_short_repr(archive):
    data = load_20newsgroups(archive=archive)
    assert isinstance(data, Newsgroups)
    assert data.labels is data[1]
    assert repr(data) == f"Newsgroups(5 texts, 5 labels, label_names={NAMES!r})"


def test_a_local_archive_may_prefix_names_with_dot_slash(tmp_path):
    path = tmp_path / "dotted.tar.gz"
    path.write_bytes(tar_gz_bytes({"./" + name: data for name, data in POSTS.items()}))
    assert load_20newsgroups(archive=path).texts == TRAIN_TEXTS


def test_train_then_test_reads_the_archive_once(archive, monkeypatch):
    reads = []
    real_read = newsgroups.read_archive
    monkeypatch.setattr(newsgroups, "_last_read", {})
    monkeypatch.setattr(newsgroups, "read_archive", lambda *a: reads.append(a) or real_read(*a))
    train = load_20newsgroups("train", archive=archive)
    test = load_20newsgroups("test", archive=archive, categories=["sci.med"])
    assert len(reads) == 1
    assert train.texts == TRAIN_TEXTS
    assert test.texts == ["From: fay\n\nTest med.\n"]


def test_a_replaced_archive_is_read_again(archive, monkeypatch):
    monkeypatch.setattr(newsgroups, "_last_read", {})
    assert load_20newsgroups(archive=archive).texts == TRAIN_TEXTS
    changed = dict(POSTS, **{"20news-bydate-train/sci.med/9": b"From: ann\n\nTea.\n"})
    archive.write_bytes(tar_gz_bytes(changed))
    assert load_20newsgroups(archive=archive).texts[-1] == "From: ann\n\nTea.\n"


# ---------------------------------------------------------------------------
# The remove options, on hand-written texts.
# ---------------------------------------------------------------------------


def test_strip_header_drops_everything_up_to_the_first_blank_line():
    assert strip_newsgroup_header("From: a\nSubject: b\n\nBody\n\nMore\n") == "Body\n\nMore\n"
    assert strip_newsgroup_header("only headers\n") == ""


def test_strip_footer_cuts_at_the_last_blank_or_dashes_line():
    assert strip_newsgroup_footer("Body\nmore\n\nAnn\n\n\n") == "Body\nmore"
    assert strip_newsgroup_footer("Body\n-----\nAnn\n") == "Body"
    assert strip_newsgroup_footer("Body\n\nPara\n -- \nAnn") == "Body\n\nPara"


def test_strip_footer_keeps_the_text_when_there_is_no_separator_after_the_first_line():
    assert strip_newsgroup_footer("  Body\nAnn\n") == "  Body\nAnn\n"  # unchanged, not stripped
    assert strip_newsgroup_footer("\n\n---\nBody\n") == "\n\n---\nBody\n"  # separator is line 0
    assert strip_newsgroup_footer("") == ""


def test_strip_quoting_drops_quoted_and_attribution_lines():
    text = (
        "In article <1@x>, ann writes:\n"
        "> quoted\n"
        "| also quoted\n"
        "Quoted from Bob\n"
        "Carl wrote: yes\n"
        "Dee said: no\n"
        "Eve says: maybe\n"
        "Fay writes in message 3\n"
        " > indented, kept\n"
        "My answer.\n"
        "See the article\n"
    )
    assert strip_newsgroup_quoting(text) == " > indented, kept\nMy answer.\nSee the article\n"


def test_remove_options_in_the_loader(archive):
    def car_post(remove):
        texts, labels, _ = load_20newsgroups(archive=archive, remove=remove)
        return texts[labels.index("rec.autos")]

    assert car_post(("headers",)) == (
        "In article <1@example.org>, ann@example.org writes:\n> Which car?\nA red one.\n\n-- \nBob, Boston\n"
    )
    assert car_post(["footers"]) == (
        "From: bob@example.org\nSubject: Re: cars\n\n"
        "In article <1@example.org>, ann@example.org writes:\n> Which car?\nA red one.\n"
    )  # cut at the "-- " line; the blank line before it stays as the final "\n"
    assert car_post(("quotes",)) == (
        "From: bob@example.org\nSubject: Re: cars\n\nA red one.\n\n-- \nBob, Boston\n"
    )
    # Always headers, then footers, then quotes, whatever order they are given in.
    assert car_post(("quotes", "footers", "headers")) == "A red one.\n"
    assert car_post(None) == car_post(()) == CAR_POST.decode("latin-1")


# ---------------------------------------------------------------------------
# Shuffling like numpy.random.RandomState(seed).shuffle.
# ---------------------------------------------------------------------------


def test_mt19937_matches_the_reference_outputs_without_numpy():
    # Seed 5489 is the reference seed of MT19937; C++ requires the 10000th
    # output of std::mt19937 to be 4123659995.
    import random

    generator = random.Random()
    generator.setstate((3, tuple(mt19937_state(5489)) + (624,), None))
    outputs = [generator.getrandbits(32) for _ in range(10000)]
    assert outputs[:3] == [3499211612, 581869302, 3890346734]
    assert outputs[-1] == 4123659995


def test_numpy_legacy_permutation_by_hand():
    # Seed 5489 draws 3499211612, 581869302, ...
    # i = 2: mask 0b11, 3499211612 & 3 = 0 <= 2, so swap positions 2 and 0: [2, 1, 0]
    # i = 1: mask 0b01, 581869302 & 1 = 0, so swap positions 1 and 0:       [1, 2, 0]
    assert numpy_legacy_permutation(3, 5489) == [1, 2, 0]
    assert numpy_legacy_permutation(0, 1) == []
    assert numpy_legacy_permutation(1, 1) == [0]


@pytest.mark.parametrize("n", [2, 3, 5, 10, 100, 1000, 18846])
@pytest.mark.parametrize("seed", [0, 1, 42, 12, 2**32 - 1])
def test_numpy_legacy_permutation_matches_numpy(n, seed):
    np = pytest.importorskip("numpy")
    indices = np.arange(n)
    np.random.RandomState(seed).shuffle(indices)
    assert numpy_legacy_permutation(n, seed) == indices.tolist()


def test_shuffle_with_a_seed_is_repeatable_and_numpys_order(archive):
    plain = load_20newsgroups("all", archive=archive)
    first = load_20newsgroups("all", archive=archive, shuffle=True, random_state=42)
    again = load_20newsgroups("all", archive=archive, shuffle=True, random_state=42)
    assert first == again
    order = numpy_legacy_permutation(8, 42)
    assert first.texts == [plain.texts[i] for i in order]
    assert first.labels == [plain.labels[i] for i in order]
    assert first.label_names == NAMES
    np = pytest.importorskip("numpy")
    indices = np.arange(8)
    np.random.RandomState(42).shuffle(indices)
    assert first.labels == [plain.labels[i] for i in indices]


def test_shuffle_without_a_seed_keeps_the_pairs(archive):
    plain = load_20newsgroups("all", archive=archive)
    shuffled = load_20newsgroups("all", archive=archive, shuffle=True)
    assert sorted(zip(shuffled.texts, shuffled.labels)) == sorted(zip(plain.texts, plain.labels))


# ---------------------------------------------------------------------------
# Bad arguments: a clear error, raised before any file is read.
# ---------------------------------------------------------------------------


def test_unknown_subset():
    with pytest.raises(ValueError, match=r"subset='training' is not one of \['train', 'test', 'all'\]"):
        load_20newsgroups("training")


def test_unknown_category_lists_the_names_and_suggests_one(archive):
    with pytest.raises(ValueError, match=r"unknown category 'sci.meds'\. Did you mean 'sci.med'\?") as error:
        load_20newsgroups(archive=archive, categories=["sci.meds"])
    assert "comp.graphics, rec.autos, sci.med" in str(error.value)


def test_categories_as_a_single_string():
    with pytest.raises(TypeError, match=r"categories is a single string.*categories=\['sci.med'\]"):
        load_20newsgroups(categories="sci.med")


def test_categories_empty_or_not_strings():
    with pytest.raises(ValueError, match="categories is empty"):
        load_20newsgroups(categories=[])
    with pytest.raises(TypeError, match="categories holds 3"):
        load_20newsgroups(categories=[3])


def test_unknown_remove_option():
    with pytest.raises(ValueError, match=r"remove holds 'signature'; the options are \['headers', 'footers', 'quotes'\]"):
        load_20newsgroups(remove=("signature",))


def test_remove_as_a_single_string_hints_at_the_comma():
    with pytest.raises(TypeError, match=r"remove is a single string.*remove=\('headers',\) -- note the comma"):
        load_20newsgroups(remove=("headers"))  # the parentheses alone make a string


@pytest.mark.parametrize(
    "random_state, error, message",
    [
        (1.5, TypeError, "None or an int seed"),
        (True, TypeError, "not bool"),
        ("42", TypeError, "not str"),
        (-1, ValueError, r"random_state=-1 is out of range.*0 to 2\*\*32 - 1"),
        (2**32, ValueError, "out of range"),
    ],
)
def test_bad_random_state(random_state, error, message):
    with pytest.raises(error, match=message):
        load_20newsgroups(shuffle=True, random_state=random_state)


# ---------------------------------------------------------------------------
# Where the archive comes from.
# ---------------------------------------------------------------------------


def test_no_archive_and_no_download_says_where_it_looked(tmp_path):
    cache = tmp_path / "home" / "naivebayes_data" / "20news-bydate.tar.gz"
    with pytest.raises(FileNotFoundError) as error:
        load_20newsgroups(download_if_missing=False)
    message = str(error.value)
    assert "archive= was not given, NAIVEBAYES_20NEWS_ARCHIVE is not set" in message
    assert f"the cache {cache} does not exist" in message
    assert "download_if_missing=True" in message and "archive='path/to/20news-bydate.tar.gz'" in message


def test_data_home_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("NAIVEBAYES_DATA", str(tmp_path / "shared-cache"))
    with pytest.raises(FileNotFoundError, match="shared-cache"):
        load_20newsgroups(download_if_missing=False)


def test_archive_path_that_does_not_exist(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"archive='.*nope.tar.gz' names .*, which does not exist"):
        load_20newsgroups(archive=tmp_path / "nope.tar.gz")


def test_environment_archive_that_does_not_exist(tmp_path, monkeypatch):
    monkeypatch.setenv("NAIVEBAYES_20NEWS_ARCHIVE", str(tmp_path / "gone.tar.gz"))
    with pytest.raises(FileNotFoundError, match="environment variable NAIVEBAYES_20NEWS_ARCHIVE names .*gone"):
        load_20newsgroups()


def test_archive_that_is_a_folder(tmp_path):
    with pytest.raises(IsADirectoryError, match="pass the 20news-bydate.tar.gz file itself"):
        load_20newsgroups(archive=tmp_path)


def test_archive_argument_beats_environment_beats_cache(tmp_path, monkeypatch, archive):
    other = tmp_path / "other.tar.gz"
    other.write_bytes(tar_gz_bytes({name.replace("sci.med", "sci.space"): data for name, data in POSTS.items()}))
    cache = tmp_path / "data" / "20news-bydate.tar.gz"
    cache.parent.mkdir()
    cache.write_bytes(b"not even an archive")  # would fail if it were read
    monkeypatch.setenv("NAIVEBAYES_DATA", str(cache.parent))
    monkeypatch.setenv("NAIVEBAYES_20NEWS_ARCHIVE", str(other))
    assert load_20newsgroups().label_names == ["comp.graphics", "rec.autos", "sci.space"]
    assert load_20newsgroups(archive=archive).label_names == NAMES


def test_a_changed_cache_file_is_refused(tmp_path):
    (tmp_path / "20news-bydate.tar.gz").write_bytes(ARCHIVE_BYTES)  # the hash is not ARCHIVE_SHA256
    with pytest.raises(ArchiveError, match="changed after it was downloaded. Delete it"):
        load_20newsgroups(data_home=tmp_path)


# ---------------------------------------------------------------------------
# Corrupt or wrongly laid out archives.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"This is a text file, not an archive.\n",
        ARCHIVE_BYTES[: len(ARCHIVE_BYTES) // 2],  # truncated
        ARCHIVE_BYTES[:-8] + b"\0" * 8,  # the gzip trailer (CRC, size) damaged
        gzip.compress(b"a gzip file, but no tar inside" * 20),
    ],
    ids=["empty", "text", "truncated", "bad-crc", "gzip-not-tar"],
)
def test_an_unreadable_archive(tmp_path, content):
    path = tmp_path / "broken.tar.gz"
    path.write_bytes(content)
    with pytest.raises(ArchiveError, match=r"broken.tar.gz is not a readable 20news-bydate.tar.gz \(truncated or corrupt\).*Download it again"):
        load_20newsgroups(archive=path)


def test_an_archive_with_the_wrong_layout(tmp_path):
    path = tmp_path / "20news-19997.tar.gz"
    path.write_bytes(tar_gz_bytes({"20_newsgroups/sci.med/1": b"x"}))
    with pytest.raises(ArchiveError, match=r"not the 20news-bydate archive.*20news-bydate-train/ or 20news-bydate-test/.*holds: 20_newsgroups"):
        load_20newsgroups(archive=path)


def test_an_archive_without_the_test_folder(tmp_path):
    path = tmp_path / "half.tar.gz"
    path.write_bytes(tar_gz_bytes({k: v for k, v in POSTS.items() if "train" in k}))
    with pytest.raises(ArchiveError, match=r"no newsgroup folders under 20news-bydate-test/ \("):
        load_20newsgroups(archive=path)


# ---------------------------------------------------------------------------
# Downloading, from a web server on 127.0.0.1.
# ---------------------------------------------------------------------------


class Server:
    """A web server in a thread: ``routes[path]`` is bytes, "half", "stall", or missing (404)."""

    def __init__(self):
        self.routes = {}
        self.requests = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                server.requests.append(self.path)
                body = server.routes.get(self.path)
                if body is None:
                    self.send_error(404, "Not Found")
                    return
                if body == "stall":  # send the headers, then nothing for a second
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(ARCHIVE_BYTES)))
                    self.end_headers()
                    self.wfile.flush()
                    time.sleep(1)
                    return
                if body == "half":  # promise the whole archive, send half, hang up
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(ARCHIVE_BYTES)))
                    self.end_headers()
                    self.wfile.write(ARCHIVE_BYTES[: len(ARCHIVE_BYTES) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):  # keep the test output quiet
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def url(self, path):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(monkeypatch):
    server = Server()
    server.routes = {"/good": ARCHIVE_BYTES, "/corrupt": b"X" * len(ARCHIVE_BYTES), "/half": "half"}
    monkeypatch.setattr(newsgroups, "ARCHIVE_SHA256", ARCHIVE_SHA256)
    yield server
    server.close()


def test_download_then_load_from_the_cache(tmp_path, server, monkeypatch, capsys):
    # Progress is shown on a terminal only: make the captured stderr look like one.
    # (In the test itself: pytest swaps sys.stderr between a fixture and the test.)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setattr(newsgroups, "ARCHIVE_URL", server.url("/good"))
    data_home = tmp_path / "data"
    assert load_20newsgroups(data_home=data_home).texts == TRAIN_TEXTS
    assert server.requests == ["/good"]
    assert sorted(p.name for p in data_home.iterdir()) == ["20news-bydate.tar.gz"]
    assert (data_home / "20news-bydate.tar.gz").read_bytes() == ARCHIVE_BYTES
    progress = capsys.readouterr().err
    assert "Downloading http://127.0.0.1" in progress and "(100%)" in progress
    # The second call reads the cache and does not ask the server again.
    assert load_20newsgroups("test", data_home=data_home).texts == TEST_TEXTS
    assert server.requests == ["/good"]


def test_download_into_the_default_data_home(tmp_path, server, monkeypatch):
    monkeypatch.setattr(newsgroups, "ARCHIVE_URL", server.url("/good"))
    assert load_20newsgroups().labels == TRAIN_LABELS
    assert (tmp_path / "home" / "naivebayes_data" / "20news-bydate.tar.gz").exists()


def test_a_mirror_named_in_the_environment_is_used_and_hash_checked(tmp_path, server, monkeypatch):
    monkeypatch.setenv("NAIVEBAYES_20NEWS_URL", server.url("/good"))
    assert load_20newsgroups(data_home=tmp_path / "a").texts == TRAIN_TEXTS
    monkeypatch.setenv("NAIVEBAYES_20NEWS_URL", server.url("/corrupt"))
    (tmp_path / "b").mkdir()  # an existing cache folder stays, and stays empty
    with pytest.raises(DownloadError, match="SHA-256"):
        load_20newsgroups(data_home=tmp_path / "b")
    assert server.requests == ["/good", "/corrupt"]
    assert list((tmp_path / "b").iterdir()) == []


def test_a_corrupt_download_is_refused_and_not_kept(tmp_path, server, monkeypatch):
    monkeypatch.setattr(newsgroups, "ARCHIVE_URL", server.url("/corrupt"))
    data_home = tmp_path / "data"
    data_home.mkdir()  # an existing cache folder stays, and stays empty
    with pytest.raises(DownloadError, match=r"could not download http://127.0.0.1:\d+/corrupt: the SHA-256 hash") as error:
        load_20newsgroups(data_home=data_home)
    assert "NAIVEBAYES_20NEWS_ARCHIVE" in str(error.value) and "Call again to retry" in str(error.value)
    assert list(data_home.iterdir()) == []


def test_a_dropped_connection_leaves_nothing_and_a_retry_works(tmp_path, server, monkeypatch):
    monkeypatch.setattr(newsgroups, "ARCHIVE_URL", server.url("/half"))
    data_home = tmp_path / "data"
    data_home.mkdir()  # an existing cache folder stays, and stays empty
    with pytest.raises(DownloadError, match=f"/half: the (connection closed after|download stopped after) {len(ARCHIVE_BYTES) // 2:,}"):
        load_20newsgroups(data_home=data_home)
    assert list(data_home.iterdir()) == []
    monkeypatch.setattr(newsgroups, "ARCHIVE_URL", server.url("/good"))
    assert load_20newsgroups(data_home=data_home).texts == TRAIN_TEXTS


def test_http_404(tmp_path, server, monkeypatch):
    monkeypatch.setattr(newsgroups, "ARCHIVE_URL", server.url("/moved"))
    (tmp_path / "data").mkdir()  # an existing cache folder stays, and stays empty
    with pytest.raises(DownloadError, match="/moved: the server answered HTTP 404 Not Found"):
        load_20newsgroups(data_home=tmp_path / "data")
    assert list((tmp_path / "data").iterdir()) == []


def test_no_server_listening(tmp_path):
    server = Server()
    url = server.url("/good")
    server.close()  # the port is now closed: the connection is refused
    with pytest.raises(DownloadError, match="could not connect"):
        download(url, tmp_path / "a.tar.gz", ARCHIVE_SHA256, progress=False)
    assert list(tmp_path.iterdir()) == []


def test_a_server_that_stops_sending_times_out(tmp_path, server):
    server.routes["/stall"] = "stall"
    with pytest.raises(DownloadError, match=r"/stall: the download stopped after 0 bytes \(TimeoutError"):
        download(server.url("/stall"), tmp_path / "a.tar.gz", ARCHIVE_SHA256, progress=False, timeout=0.2)
    assert list(tmp_path.iterdir()) == []


def test_download_can_be_called_directly(tmp_path, server, capsys):
    destination = tmp_path / "new" / "folder" / "copy.tar.gz"
    assert download(server.url("/good"), destination, ARCHIVE_SHA256, progress=False) == destination
    assert destination.read_bytes() == ARCHIVE_BYTES
    assert capsys.readouterr().err == ""


def test_download_keeps_an_existing_file_when_the_new_one_is_bad(tmp_path, server):
    destination = tmp_path / "copy.tar.gz"
    destination.write_bytes(b"the old file")
    with pytest.raises(DownloadError):
        download(server.url("/corrupt"), destination, ARCHIVE_SHA256, progress=False)
    assert destination.read_bytes() == b"the old file"
    assert [p.name for p in tmp_path.iterdir()] == ["copy.tar.gz"]


# ---------------------------------------------------------------------------
# The real archive, when it is present.
# ---------------------------------------------------------------------------

needs_real_archive = pytest.mark.skipif(not REAL_ARCHIVE.is_file(), reason=f"{REAL_ARCHIVE} is not present")


@needs_real_archive
def test_the_real_archive_has_the_published_sizes():
    train = load_20newsgroups("train", archive=REAL_ARCHIVE)
    test = load_20newsgroups("test", archive=REAL_ARCHIVE)
    assert len(train.texts) == len(train.labels) == 11314
    assert len(test.texts) == len(test.labels) == 7532
    assert len(train.label_names) == len(test.label_names) == 20
    assert train.label_names[:2] == ["alt.atheism", "comp.graphics"]


def test_scikit_learn_still_shuffles_its_cache_with_seed_0():
    """The fact behind scikit_learn_order: fetch_20newsgroups caches load_files(path, encoding=...)."""
    datasets = pytest.importorskip("sklearn.datasets")
    defaults = inspect.signature(datasets.load_files).parameters
    assert defaults["shuffle"].default is True
    assert defaults["random_state"].default == 0


@pytest.fixture(scope="module")
def scikit_learn_fetch(tmp_path_factory):
    """scikit-learn's own fetch_20newsgroups, made to read the local archive instead of downloading.

    It unpacks all 18,846 files, which takes from a few seconds to a quarter
    of a minute, so it runs only when NAIVEBAYES_SLOW_TESTS=1.
    """
    if os.environ.get("NAIVEBAYES_SLOW_TESTS") != "1":
        pytest.skip("set NAIVEBAYES_SLOW_TESTS=1 to compare with scikit-learn's fetch_20newsgroups")
    if not REAL_ARCHIVE.is_file():
        pytest.skip(f"{REAL_ARCHIVE} is not present")
    pytest.importorskip("numpy")
    twenty = pytest.importorskip("sklearn.datasets._twenty_newsgroups")
    if not hasattr(twenty, "_fetch_remote"):
        pytest.skip("this scikit-learn version downloads the archive in another way")
    data_home = tmp_path_factory.mktemp("scikit_learn_data")

    def copy_instead_of_download(remote, dirname, **options):
        target = Path(dirname) / remote.filename
        shutil.copyfile(REAL_ARCHIVE, target)
        return str(target)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(twenty, "_fetch_remote", copy_instead_of_download)
        twenty.fetch_20newsgroups(data_home=data_home)  # unpacks the archive and builds the cache
    return functools.partial(twenty.fetch_20newsgroups, data_home=data_home, download_if_missing=False)


@pytest.mark.parametrize(
    "options",
    [
        {"subset": "train", "shuffle": False},
        {"subset": "test", "shuffle": True, "random_state": 42},
        {
            "subset": "all",
            "categories": ["sci.space", "alt.atheism"],
            "remove": ("headers", "footers", "quotes"),
            "shuffle": True,
            "random_state": 7,
        },
    ],
    ids=["train", "test-shuffled", "all-two-groups-removed-shuffled"],
)
def test_the_real_archive_gives_scikit_learns_texts_in_its_order(scikit_learn_fetch, options):
    theirs = scikit_learn_fetch(**options)
    ours = load_20newsgroups(archive=REAL_ARCHIVE, **options)
    assert ours.label_names == list(theirs.target_names)
    assert ours.labels == [theirs.target_names[t] for t in theirs.target]
    assert ours.texts == theirs.data
