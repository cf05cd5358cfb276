"""The shared download and cache machinery, and the Adult loader's downloads.

Everything runs offline: downloads come from a web server on 127.0.0.1 that
serves small fake files, or from file:// URLs.  The real files' hashes are
replaced by the fakes' with monkeypatch, so the checks run for real.  The
settings a user can get wrong (the cache folder, the mirror URL, a path of
the wrong type) are tried on both loaders that download.
"""

import http.server
import io
import hashlib
import os
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from pathlib import Path

import pytest

import naivebayes
import naivebayes.datasets.adult as adult
import naivebayes.datasets.download as download_module
import naivebayes.datasets.newsgroups as newsgroups
from naivebayes.datasets import CacheError, DownloadError, load_20newsgroups, load_adult
from naivebayes.datasets.download import (
    STALE_PART_SECONDS,
    cache_file,
    check_url,
    download,
    remove_stale_parts,
)

UCI_URL = adult.URL  # read before any test points it at a local server

# ---------------------------------------------------------------------------
# Two tiny Adult files in UCI's format, and a web server that serves them.
# ---------------------------------------------------------------------------

FAKE_DATA = (
    b"39, State-gov, 77516, Bachelors, 13, Never-married, Adm-clerical, Not-in-family, White, Male, 2174, 0, 40, United-States, <=50K\n"
    b"50, ?, 83311, Bachelors, 13, Married-civ-spouse, ?, Husband, White, Male, 0, 0, 13, ?, >50K\n"
    b"\n"
)
FAKE_TEST = (
    b"|1x3 Cross validator\n"
    b"25, Private, 226802, 11th, 7, Never-married, Machine-op-inspct, Own-child, Black, Male, 0, 0, 40, United-States, <=50K.\n"
    b"52, Self-emp-inc, 287927, HS-grad, 9, Married-civ-spouse, Exec-managerial, Wife, White, Female, 15024, 0, 40, United-States, >50K.\n"
    b"\n"
)
FAKE_SHA256 = {
    "adult.data": hashlib.sha256(FAKE_DATA).hexdigest(),
    "adult.test": hashlib.sha256(FAKE_TEST).hexdigest(),
}
FIRST_FAKE_ROW = {
    "age": 39,
    "workclass": "State-gov",
    "fnlwgt": 77516,
    "education": "Bachelors",
    "education-num": 13,
    "marital-status": "Never-married",
    "occupation": "Adm-clerical",
    "relationship": "Not-in-family",
    "race": "White",
    "sex": "Male",
    "capital-gain": 2174,
    "capital-loss": 0,
    "hours-per-week": 40,
    "native-country": "United-States",
}


class Server:
    """A web server in a thread: ``routes[path]`` is bytes, "stall", or missing (404).

    "stall" sends the headers and the first 100 bytes of FAKE_DATA, then
    nothing until the test ends, like a download that hangs halfway.
    """

    def __init__(self):
        self.routes = {}
        self.requests = []
        self.finished = threading.Event()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                server.requests.append(self.path)
                body = server.routes.get(self.path)
                if body is None:
                    self.send_error(404, "Not Found")
                    return
                if body == "stall":
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(FAKE_DATA)))
                    self.end_headers()
                    self.wfile.write(FAKE_DATA[:100])
                    self.wfile.flush()
                    server.finished.wait(30)
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):  # keep the test output quiet
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def url(self, path):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    def close(self):
        self.finished.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """No test sees the user's environment or cache, and nothing unarranged is downloaded."""
    for variable in [
        "NAIVEBAYES_DATA",
        "NAIVEBAYES_ADULT_PATH",
        "NAIVEBAYES_ADULT_URL",
        "NAIVEBAYES_20NEWS_ARCHIVE",
        "NAIVEBAYES_20NEWS_URL",
    ]:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(adult, "URL", "http://127.0.0.1:9/not-here/")
    monkeypatch.setattr(newsgroups, "ARCHIVE_URL", "http://127.0.0.1:9/not-here")


@pytest.fixture
def server(monkeypatch):
    server = Server()
    server.routes = {"/uci/adult.data": FAKE_DATA, "/uci/adult.test": FAKE_TEST, "/stall": "stall"}
    monkeypatch.setattr(adult, "URL", server.url("/uci/"))
    for name, digest in FAKE_SHA256.items():
        monkeypatch.setitem(adult.SHA256, name, digest)
    yield server
    server.close()


def files_under(folder):
    """Every file and folder under ``folder``, as sorted relative paths."""
    return sorted(str(path.relative_to(folder)) for path in Path(folder).rglob("*"))


# ---------------------------------------------------------------------------
# Adult, downloaded.
# ---------------------------------------------------------------------------


def test_adult_download_then_load_from_the_cache(tmp_path, server):
    data_home = tmp_path / "data"
    data = load_adult("all", data_home=data_home)
    assert data.rows[0] == FIRST_FAKE_ROW
    assert data.rows[1]["workclass"] is None and data.rows[1]["native-country"] is None
    assert data.labels == ["<=50K", ">50K", "<=50K", ">50K"]
    assert server.requests == ["/uci/adult.data", "/uci/adult.test"]
    assert files_under(data_home) == ["adult.data", "adult.test"]
    assert (data_home / "adult.test").read_bytes() == FAKE_TEST
    # Later calls read the cache and do not ask the server again.
    assert load_adult("test", data_home=data_home).labels == ["<=50K", ">50K"]
    assert load_adult("train", data_home=data_home).rows[0] == FIRST_FAKE_ROW
    assert server.requests == ["/uci/adult.data", "/uci/adult.test"]


def test_adult_downloads_only_the_file_the_subset_needs(tmp_path, server):
    assert len(load_adult("train").rows) == 2
    assert server.requests == ["/uci/adult.data"]
    assert files_under(tmp_path / "home") == ["naivebayes_data", "naivebayes_data/adult.data"]


def test_an_adult_download_with_the_wrong_hash_is_refused(tmp_path, server, monkeypatch):
    monkeypatch.setitem(adult.SHA256, "adult.data", "0" * 64)
    data_home = tmp_path / "new" / "data"
    with pytest.raises(DownloadError, match=rf"could not download http://127.0.0.1:\d+/uci/adult.data: the SHA-256 hash of the {len(FAKE_DATA)} bytes") as error:
        load_adult(data_home=data_home)
    assert "Call again to retry" in str(error.value)
    assert "load_adult(path='path/to/folder') or set NAIVEBAYES_ADULT_PATH" in str(error.value)
    assert not (tmp_path / "new").exists()  # the folders it made are gone again


def test_adult_http_404(tmp_path, server):
    server.routes.pop("/uci/adult.test")
    with pytest.raises(DownloadError, match=r"/uci/adult.test: the server answered HTTP 404 Not Found"):
        load_adult("all", data_home=tmp_path)
    assert files_under(tmp_path) == ["adult.data"]  # the good file stays in the cache


def test_adult_mirror_from_the_environment(tmp_path, server, monkeypatch):
    server.routes["/mirror/adult.data"] = FAKE_DATA
    monkeypatch.setenv("NAIVEBAYES_ADULT_URL", server.url("/mirror"))  # with or without the last /
    assert load_adult(data_home=tmp_path).rows[0] == FIRST_FAKE_ROW
    assert server.requests == ["/mirror/adult.data"]


def test_adult_mirror_on_this_computer_as_a_file_url(tmp_path, monkeypatch):
    for name, digest in FAKE_SHA256.items():
        monkeypatch.setitem(adult.SHA256, name, digest)
    mirror = tmp_path / "mirror"
    mirror.mkdir()
    (mirror / "adult.data").write_bytes(FAKE_DATA)
    (mirror / "adult.test").write_bytes(FAKE_TEST)
    monkeypatch.setenv("NAIVEBAYES_ADULT_URL", mirror.as_uri())
    assert load_adult("all", data_home=tmp_path / "cache").labels == ["<=50K", ">50K", "<=50K", ">50K"]
    assert files_under(tmp_path / "cache") == ["adult.data", "adult.test"]


def test_adult_mirror_that_names_a_file(monkeypatch):
    monkeypatch.setenv("NAIVEBAYES_ADULT_URL", "https://example.org/adult/adult.data")
    with pytest.raises(ValueError, match=r"NAIVEBAYES_ADULT_URL is .*, the address of a file; set it to the folder"):
        load_adult()


def test_a_changed_adult_cache_file_is_refused(tmp_path, server):
    load_adult(data_home=tmp_path)
    (tmp_path / "adult.data").write_bytes(FAKE_DATA.replace(b"39", b"93"))
    with pytest.raises(CacheError, match=r"adult.data has the SHA-256 .*changed after it was downloaded. Delete it.*path="):
        load_adult(data_home=tmp_path)


def test_the_real_adult_hashes_are_the_readmes():
    assert adult.SHA256 == {
        "adult.data": "5b00264637dbfec36bdeaab5676b0b309ff9eb788d63554ca0a249491c86603d",
        "adult.test": "a2a9044bc167a35b2361efbabec64e89d69ce82d9790d2980119aac5fd7e9c05",
    }
    assert UCI_URL == "https://archive.ics.uci.edu/ml/machine-learning-databases/adult/"


# ---------------------------------------------------------------------------
# The download itself.
# ---------------------------------------------------------------------------


def test_progress_is_quiet_unless_stderr_is_a_terminal(tmp_path, server, capsys, monkeypatch):
    download(server.url("/uci/adult.data"), tmp_path / "a", FAKE_SHA256["adult.data"])
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    download(server.url("/uci/adult.data"), tmp_path / "b", FAKE_SHA256["adult.data"])
    shown = capsys.readouterr().err
    assert f"Downloading {server.url('/uci/adult.data')}\n  to {tmp_path / 'b'}\n" in shown
    assert "(100%)" in shown
    download(server.url("/uci/adult.data"), tmp_path / "c", FAKE_SHA256["adult.data"], progress=False)
    assert capsys.readouterr().err == ""


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
@pytest.mark.parametrize("umask", [0o022, 0o002, 0o077], ids=["022", "002", "077"])
def test_a_downloaded_file_gets_the_permissions_of_any_new_file(tmp_path, server, umask):
    old = os.umask(umask)
    try:
        path = download(server.url("/uci/adult.data"), tmp_path / "adult.data", FAKE_SHA256["adult.data"])
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask  # not mkstemp's 0o600


def test_a_failed_download_removes_only_the_folders_it_made(tmp_path, server):
    existing = tmp_path / "existing"
    existing.mkdir()
    with pytest.raises(DownloadError):
        download(server.url("/missing"), existing / "a" / "b" / "file", "0" * 64)
    assert files_under(tmp_path) == ["existing"]
    (existing / "a").mkdir()
    (existing / "a" / "notes.txt").write_text("mine")
    with pytest.raises(DownloadError):
        download(server.url("/missing"), existing / "a" / "b" / "file", "0" * 64)
    assert files_under(tmp_path) == ["existing", "existing/a", "existing/a/notes.txt"]


def test_download_takes_only_urls(tmp_path):
    with pytest.raises(ValueError, match=r"the URL to download is '/home/me/adult.data', which is not an http://, https:// or file:// URL"):
        download("/home/me/adult.data", tmp_path / "a", "0" * 64)
    for url in ["http://x/a", "HTTPS://x/a", "file:///tmp/a"]:
        check_url(url, "the URL")  # no error


# ---------------------------------------------------------------------------
# Partial files left by a download that was killed.
# ---------------------------------------------------------------------------


def age(path, seconds):
    """Make ``path`` look as if it was last written ``seconds`` ago."""
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_remove_stale_parts_removes_only_old_parts_of_that_file(tmp_path):
    names = ["adult.data.old.part", "adult.data.new.part", "adult.test.old.part", "adult.data", "adult.data.part"]
    for name in names:
        (tmp_path / name).write_bytes(b"x")
    for name in ["adult.data.old.part", "adult.test.old.part", "adult.data.part"]:
        age(tmp_path / name, STALE_PART_SECONDS + 60)
    assert remove_stale_parts(tmp_path / "adult.data") == [tmp_path / "adult.data.old.part"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(set(names) - {"adult.data.old.part"})
    assert remove_stale_parts(tmp_path / "nowhere" / "adult.data") == []


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM"])
def test_a_killed_download_leaves_a_part_file_that_a_later_call_removes(tmp_path, server, how):
    data_home = tmp_path / "data"
    destination = data_home / "adult.data"
    code = (
        "from naivebayes.datasets.download import download\n"
        f"download({server.url('/stall')!r}, {str(destination)!r}, '0' * 64, progress=False, timeout=60)\n"
    )
    package_root = str(Path(naivebayes.__file__).resolve().parents[1])
    environment = dict(os.environ, PYTHONPATH=package_root)
    process = subprocess.Popen([sys.executable, "-c", code], env=environment, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 20
        while "/stall" not in server.requests and time.monotonic() < deadline:
            assert process.poll() is None, process.stderr.read().decode()
            time.sleep(0.02)
        assert "/stall" in server.requests, "the download did not start"
        time.sleep(0.1)  # let it receive the first bytes
        process.send_signal(getattr(signal, how))
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stderr.close()
    assert process.returncode == -getattr(signal, how)
    parts = list(data_home.glob("adult.data.*.part"))
    assert len(parts) == 1
    part = parts[0]
    assert files_under(data_home) == [part.name]  # killed: no chance to clean up

    # Its name says which process wrote it; that process is gone, so the next call removes it.
    assert f".{socket.gethostname()}.{process.pid}." in part.name
    with pytest.raises(FileNotFoundError):
        load_adult(data_home=data_home, download_if_missing=False)
    assert files_under(data_home) == []


def test_a_part_file_of_a_running_download_stays(tmp_path):
    running = tmp_path / f"adult.data.{socket.gethostname()}.{os.getpid()}.abc123.part"  # this very process
    running.write_bytes(b"half")
    age(running, STALE_PART_SECONDS + 60)  # however old: its process still runs
    assert remove_stale_parts(tmp_path / "adult.data") == []
    dead = tmp_path / f"adult.data.{socket.gethostname()}.{2**22 + 12345}.abc123.part"  # no such process
    dead.write_bytes(b"half")
    assert remove_stale_parts(tmp_path / "adult.data") == [dead]
    elsewhere = tmp_path / "adult.data.another-machine.77.abc123.part"  # a shared cache: by age only
    elsewhere.write_bytes(b"half")
    assert remove_stale_parts(tmp_path / "adult.data") == []
    age(elsewhere, STALE_PART_SECONDS + 60)
    assert remove_stale_parts(tmp_path / "adult.data") == [elsewhere]


def test_stale_parts_go_even_when_the_cache_is_there(tmp_path, server):
    load_adult(data_home=tmp_path)
    stale = tmp_path / "adult.data.x1y2.part"
    stale.write_bytes(b"half")
    age(stale, STALE_PART_SECONDS + 1)
    load_adult(data_home=tmp_path)
    assert files_under(tmp_path) == ["adult.data"]


# ---------------------------------------------------------------------------
# Settings a user can get wrong, on both loaders that download.
# ---------------------------------------------------------------------------

LOADERS = {
    "20news": {
        "load": load_20newsgroups,
        "file": "20news-bydate.tar.gz",
        "path": "archive",
        "url_env": "NAIVEBAYES_20NEWS_URL",
        "path_env": "NAIVEBAYES_20NEWS_ARCHIVE",
    },
    "adult": {
        "load": load_adult,
        "file": "adult.data",
        "path": "path",
        "url_env": "NAIVEBAYES_ADULT_URL",
        "path_env": "NAIVEBAYES_ADULT_PATH",
    },
}
each_loader = pytest.mark.parametrize("loader", list(LOADERS.values()), ids=list(LOADERS))


@each_loader
def test_data_home_that_is_a_file(tmp_path, monkeypatch, loader):
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    with pytest.raises(NotADirectoryError, match=r"data_home='.*notes.txt' is .*notes.txt, which is a file, not a folder.*set NAIVEBAYES_DATA"):
        loader["load"](data_home=notes)
    monkeypatch.setenv("NAIVEBAYES_DATA", str(notes))
    with pytest.raises(NotADirectoryError, match=r"the environment variable NAIVEBAYES_DATA is .*notes.txt, which is a file"):
        loader["load"]()
    monkeypatch.delenv("NAIVEBAYES_DATA")
    with pytest.raises(NotADirectoryError, match=r"cannot create the folder .*notes.txt/data: .*notes.txt is a file.*pass data_home="):
        loader["load"](data_home=notes / "data")
    assert notes.read_text() == "mine"


@each_loader
def test_a_cache_path_that_is_a_folder(tmp_path, loader):
    (tmp_path / loader["file"]).mkdir()
    with pytest.raises(IsADirectoryError, match=rf"the cache .*{loader['file']} is a folder.*Move or delete that folder, or choose another cache folder with data_home= or NAIVEBAYES_DATA"):
        loader["load"](data_home=tmp_path)


@each_loader
def test_a_read_only_cache_folder(tmp_path, monkeypatch, loader):
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)  # root may write anywhere, so pretend
    with pytest.raises(PermissionError, match=r"cannot write to the folder .*cache: Permission denied\. Choose a folder you can write to: pass data_home=.* or set NAIVEBAYES_DATA"):
        loader["load"](data_home=tmp_path / "cache")
    assert files_under(tmp_path) == []


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="needs POSIX permissions that apply (not root)")
def test_a_really_read_only_cache_folder(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(PermissionError, match="cannot write to the folder"):
            load_adult(data_home=folder)
    finally:
        folder.chmod(0o755)


@each_loader
@pytest.mark.parametrize("value", ["/home/me/data", r"C:\data", "ftp://example.org/data", "www.example.org/data"])
def test_a_mirror_that_is_not_a_web_or_file_url(tmp_path, monkeypatch, loader, value):
    monkeypatch.setenv(loader["url_env"], value)
    with pytest.raises(ValueError, match=rf"the environment variable {loader['url_env']} is .*, which is not an http://, https:// or file:// URL.*unset it and set {loader['path_env']}"):
        loader["load"](data_home=tmp_path / "cache")
    assert files_under(tmp_path) == []


@each_loader
@pytest.mark.parametrize("value", [3, b"adult", ["adult.data"], io.BytesIO()])
def test_a_path_argument_of_the_wrong_type(loader, value):
    with pytest.raises(TypeError, match=rf"{loader['path']}= must be a path, a str or a pathlib.Path, not {type(value).__name__}"):
        loader["load"](**{loader["path"]: value})
    with pytest.raises(TypeError, match=r"data_home= must be a path"):
        loader["load"](data_home=3.5)


@each_loader
def test_a_mirror_that_is_a_file_url_reaches_the_hash_check(tmp_path, monkeypatch, loader):
    (tmp_path / "mirror").mkdir()
    wrong = tmp_path / "mirror" / loader["file"]
    wrong.write_bytes(b"not the file")
    url = wrong.as_uri() if loader["file"].endswith(".gz") else (tmp_path / "mirror").as_uri()
    monkeypatch.setenv(loader["url_env"], url)
    with pytest.raises(DownloadError, match="SHA-256"):
        loader["load"](data_home=tmp_path / "cache")
    assert not (tmp_path / "cache").exists()


# ---------------------------------------------------------------------------
# 20 Newsgroups: an archive that a browser unpacked but kept the .tar.gz name.
# ---------------------------------------------------------------------------


def tar_bytes(files, compression=""):
    """A tar file in memory holding ``files`` {member name: bytes}, compressed with "gz" or not."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode=f"w:{compression}") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


POSTS = {
    "20news-bydate-train/sci.med/1": b"From: ann\n\nCoffee.\n",
    "20news-bydate-test/sci.med/2": b"From: bob\n\nTea.\n",
}


def test_an_uncompressed_tar_under_the_tar_gz_name_is_read(tmp_path):
    unpacked = tmp_path / "20news-bydate.tar.gz"
    unpacked.write_bytes(tar_bytes(POSTS))  # what a browser that unpacks downloads saves
    assert unpacked.read_bytes()[:2] != b"\x1f\x8b"  # really not gzip
    packed = tmp_path / "packed.tar.gz"
    packed.write_bytes(tar_bytes(POSTS, "gz"))
    assert load_20newsgroups("all", archive=unpacked) == load_20newsgroups("all", archive=packed)
    assert load_20newsgroups("all", archive=unpacked).texts == ["From: ann\n\nCoffee.\n", "From: bob\n\nTea.\n"]


@pytest.mark.parametrize("name", ["load_20newsgroups", "load_adult", "load_sms_spam", "load_movie_reviews",
                                  "load_sentence_polarity", "load_opinion_lexicon", "load_names", "load_reuters21578"])
@pytest.mark.parametrize("value, message", [("", "is empty; give the path"),
                                            ("a\x00b", r"holds a NUL character \('a\\x00b'\); give the path")])
def test_an_empty_path_or_one_with_a_nul_is_refused(tmp_path, name, value, message):
    # Before, path='' read the current folder in one loader and meant 'no path' in another, and a NUL
    # was reported as a file that does not exist, printed raw.
    argument = "archive" if name == "load_20newsgroups" else "path"
    load = getattr(naivebayes.datasets, name)
    with pytest.raises(ValueError, match=rf"{argument}= {message}"):
        load(**{argument: value}, data_home=tmp_path / "cache", download_if_missing=False)
    with pytest.raises(ValueError, match=rf"data_home= {message}"):
        load(data_home=value, download_if_missing=False)
    assert files_under(tmp_path) == []
