"""The 20 Newsgroups corpus, "bydate" split, read from the public archive.

About 18,846 Usenet posts from 20 newsgroups, collected by Ken Lang, split by
date into a training set (11,314 posts) and a test set (7,532 posts) by Jason
Rennie.  It is the archive that scikit-learn's ``fetch_20newsgroups`` reads,
and ``load_20newsgroups`` returns the posts in the same order, so numbers in
lecture notes written with scikit-learn can be reproduced here.

The archive ``20news-bydate.tar.gz`` (about 14 MB) holds one file per post::

    20news-bydate-train/<newsgroup>/<numeric id>
    20news-bydate-test/<newsgroup>/<numeric id>

Each post is decoded as latin-1 and labeled with its folder's name, such as
``"sci.med"``.  The order is explained in ``scikit_learn_order``, and
``shuffle=True, random_state=42`` shuffles the posts as scikit-learn does.

Where the archive comes from, in this order:

1. ``archive=`` a path to a local copy;
2. the environment variable ``NAIVEBAYES_20NEWS_ARCHIVE``, a path;
3. the cache file ``<data_home>/20news-bydate.tar.gz``; ``data_home`` defaults
   to the environment variable ``NAIVEBAYES_DATA``, else ``~/naivebayes_data``;
4. a download from ``ARCHIVE_URL`` into that cache (``download_if_missing``);
   the environment variable ``NAIVEBAYES_20NEWS_URL`` names a mirror to use
   instead, such as a course's own server.  A mirror must serve the very
   same file: the download is checked against ``ARCHIVE_SHA256`` either way.

The cache folder, the safe download and their checks are shared with the
other loaders and live in ``naivebayes/datasets/download.py``.

The three ``remove`` options are small functions you can try on any string:

>>> strip_newsgroup_header("From: ann@example.org\\nSubject: hi\\n\\nHello!")
'Hello!'
"""

import difflib
import gzip
import os
import random
import re
import tarfile
import zlib
from pathlib import Path
from typing import NamedTuple

from naivebayes.plumbing.random_numpy import init_genrand as mt19937_state  # noqa: F401 (kept for old imports)
from naivebayes.plumbing.random_numpy import numpy_legacy_permutation  # numpy's legacy shuffle, shared with the splits
from naivebayes.datasets.attributes import ScikitLearnNames
from naivebayes.datasets.download import (
    DownloadError,
    cache_file,
    check_path,
    download,
    sha256_of_file,
    url_from_environment,
)

__all__ = [
    "load_20newsgroups",
    "Newsgroups",
    "ArchiveError",
    "scikit_learn_order",
    "strip_newsgroup_footer",
    "strip_newsgroup_header",
    "strip_newsgroup_quoting",
]

# The public archive, as scikit-learn downloads it, and the SHA-256 of its bytes.
ARCHIVE_URL = "https://ndownloader.figshare.com/files/5975967"
ARCHIVE_SHA256 = "8f1b2514ca22a5ade8fbb9cfa5727df95fa587f4c87b786e15c759fa66d95610"
ARCHIVE_NAME = "20news-bydate.tar.gz"

# The two top-level folders of the archive, and which of them each subset reads.
TRAIN_FOLDER = "20news-bydate-train"
TEST_FOLDER = "20news-bydate-test"
NEWSGROUPS_SUBSETS = {
    "train": [TRAIN_FOLDER],
    "test": [TEST_FOLDER],
    "all": [TRAIN_FOLDER, TEST_FOLDER],  # train first, then test, as in scikit-learn
}
REMOVE_OPTIONS = ("headers", "footers", "quotes")

ARCHIVE_ENV = "NAIVEBAYES_20NEWS_ARCHIVE"
NEWSGROUPS_URL_ENV = "NAIVEBAYES_20NEWS_URL"


class ArchiveError(ValueError):
    """A file is not a readable 20news-bydate.tar.gz, or has the wrong layout."""


NEWSGROUPS_DESCRIPTION = """\
20 Newsgroups, "bydate" split (the archive 20news-bydate.tar.gz)

About 18,846 Usenet posts from 20 newsgroups, collected by Ken Lang and split
by date by Jason Rennie: a training set of 11,314 posts and a test set of
7,532 posts written later.  Each post is labeled with its newsgroup's name,
such as "sci.med".  The posts are raw text, decoded as latin-1; the remove
option can strip headers, signature footers and quoted lines.

Classes: 20.  Posts: 18,846 (11,314 train, 7,532 test).  Features: text.
"""


class Newsgroups(ScikitLearnNames, NamedTuple("Newsgroups", [("texts", list), ("labels", list), ("label_names", list)])):
    """The posts, their newsgroup names, and the sorted names that occur.

    Unpacks like a tuple: ``texts, labels, label_names = load_20newsgroups()``.
    It also answers scikit-learn's names, as the lecture notes read them:
    ``data`` is ``texts``, ``target_names`` is ``label_names``, ``target``
    holds each post's position in ``target_names`` (an int, where ``labels``
    holds the name: ``target_names[target[i]] == labels[i]``), and ``DESCR``
    describes the corpus.
    """

    DATA_FIELD = "texts"
    DESCRIPTION = NEWSGROUPS_DESCRIPTION

    def __repr__(self):
        # The default repr would print every post; show the sizes instead.
        return (
            f"Newsgroups({len(self.texts)} texts, {len(self.labels)} labels, "
            f"label_names={self.label_names!r})"
        )


# ---------------------------------------------------------------------------
# The three `remove` options, in the order they are applied.
# ---------------------------------------------------------------------------


def strip_newsgroup_header(text):
    """Drop the header block: everything up to and including the first blank line.

    >>> strip_newsgroup_header("From: ann\\nSubject: cars\\n\\nI like cars.\\n\\nAnn")
    'I like cars.\\n\\nAnn'

    A text without a blank line is all header, so nothing is left:

    >>> strip_newsgroup_header("From: ann")
    ''
    """
    _header, _blank_line, body = text.partition("\n\n")
    return body


def strip_newsgroup_footer(text):
    """Drop the signature: everything from the last blank or all-dashes line on.

    Blank lines at the very end do not count (the text is stripped first).  If
    the only such line is the first line, the text is returned unchanged.

    >>> strip_newsgroup_footer("I like cars.\\n\\n-- \\nAnn, Boston\\n")
    'I like cars.\\n'
    >>> strip_newsgroup_footer("One line\\nand another\\n")
    'One line\\nand another\\n'
    """
    lines = text.strip().split("\n")
    separator = 0  # index of the last blank or "-----" line; 0 if there is none
    for line_number in range(len(lines) - 1, -1, -1):
        if lines[line_number].strip().strip("-") == "":
            separator = line_number
            break
    if separator > 0:
        return "\n".join(lines[:separator])
    return text


# A line that quotes another post, or introduces a quote ("ann@x.org writes:").
QUOTE_LINE = re.compile(r"(writes in|writes:|wrote:|says:|said:|^In article|^Quoted from|^\||^>)")


def strip_newsgroup_quoting(text):
    """Drop every line that quotes another post or introduces a quote.

    >>> strip_newsgroup_quoting("In article <1@x.org>, bob@x.org writes:\\n> Cars?\\nYes.")
    'Yes.'
    """
    kept = [line for line in text.split("\n") if not QUOTE_LINE.search(line)]
    return "\n".join(kept)


# ---------------------------------------------------------------------------
# Finding the archive, then reading it in one pass.  The cache folder and the
# download are shared with the other loaders: see download.py.
# ---------------------------------------------------------------------------


def newsgroups_by_hand_hint():
    """What to do with a copy downloaded by hand, for every DownloadError message."""
    return (
        f"pass the file as load_20newsgroups(archive='path/to/{ARCHIVE_NAME}') or set "
        f"{ARCHIVE_ENV}=path"
    )


def _local_archive(path, given_as):
    """A user's own archive path, as a Path, if it names an existing file."""
    path = Path(path).expanduser()
    if path.is_dir():
        raise IsADirectoryError(
            f"{given_as} names the folder {path}; pass the {ARCHIVE_NAME} file itself "
            "(this loader reads the archive, not an unpacked copy)"
        )
    if not path.exists():
        raise FileNotFoundError(
            f"{given_as} names {path}, which does not exist; check the path, or leave it "
            "out to use the cache (and download the archive if it is missing)"
        )
    return path


def find_archive(archive=None, data_home=None, download_if_missing=True):
    """The path of the archive to read, looking in the order of the module docstring.

    A user's own copy (1, 2) is only checked by its layout, when it is read.
    The cache (3) is checked against ``ARCHIVE_SHA256`` every time, which
    costs a few hundredths of a second: only a verified download is ever
    saved there, so a different hash means the file changed on disk.
    """
    if archive is not None:
        return _local_archive(archive, f"archive={str(archive)!r}")
    if os.environ.get(ARCHIVE_ENV):
        return _local_archive(os.environ[ARCHIVE_ENV], f"the environment variable {ARCHIVE_ENV}")

    cache = cache_file(data_home, ARCHIVE_NAME)  # <data_home>/20news-bydate.tar.gz
    if cache.exists():
        _check_cached_hash(cache)
        return cache
    if download_if_missing:
        url = url_from_environment(  # a mirror, if one is named
            NEWSGROUPS_URL_ENV,
            ARCHIVE_URL,
            f"To read a copy on this computer, unset it and set {ARCHIVE_ENV} to its path",
        )
        return download(url, cache, ARCHIVE_SHA256, by_hand=newsgroups_by_hand_hint())
    raise FileNotFoundError(
        f"{ARCHIVE_NAME} was not found: archive= was not given, {ARCHIVE_ENV} is not set, "
        f"and the cache {cache} does not exist. Pass download_if_missing=True to download it "
        f"(about 14 MB) from {ARCHIVE_URL}, or download it by hand and pass "
        f"archive='path/to/{ARCHIVE_NAME}' or set {ARCHIVE_ENV}=path"
    )


def _check_cached_hash(path):
    """Raise ArchiveError unless the cached archive still has the public archive's hash."""
    digest = sha256_of_file(path)
    if digest != ARCHIVE_SHA256:
        raise ArchiveError(
            f"the cached archive {path} has the SHA-256 {digest}, not that of the public "
            f"archive ({ARCHIVE_SHA256}), so it changed after it was downloaded. Delete it "
            "and call again to download a fresh copy; if you put your own copy there, pass "
            f"it as archive='{path}' instead (your own copies are checked by layout, not hash)"
        )


GZIP_MAGIC = b"\x1f\x8b"  # the first two bytes of every gzip file
TAR_MAGIC = b"ustar"  # bytes 257 to 261 of a POSIX tar file's first header


def _tar_mode(path):
    """How to open the archive: ``"r:gz"``, or ``"r:"`` for a tar file that is not compressed.

    Some browsers unpack the gzip layer while downloading but keep the
    ``.tar.gz`` name.  Such a file holds the same posts, so it is read as
    it is; downloading it again would give the same file.
    """
    with open(path, "rb") as file:
        start = file.read(262)
    if start[:2] != GZIP_MAGIC and start[257:262] == TAR_MAGIC:
        return "r:"
    return "r:gz"


def _check_end_of_archive(tar, path):
    """Raise ArchiveError unless the members of a plain tar file end in the end-of-archive block.

    A tar file ends in a block of 512 zero bytes (two, as written); tarfile
    stops without a word at a header that is cut short, damaged or missing,
    so a file cut between two posts would read as a smaller archive.  After
    the last member tarfile has read, the next block must be those zeros.
    """
    tar.fileobj.seek(tar.offset)  # where the header after the last member read would be
    block = tar.fileobj.read(tarfile.BLOCKSIZE)
    if block.count(0) == tarfile.BLOCKSIZE:
        return  # the end-of-archive block
    if len(block) < tarfile.BLOCKSIZE:
        problem = f"is cut short: the tar file ends at byte {tar.offset + len(block)}"
    else:
        problem = f"is damaged: the block at byte {tar.offset} is neither a readable header nor the end of the archive"
    raise ArchiveError(
        f"{path} {problem}, after {len(tar.getmembers())} members, so the posts after them would be lost. "
        f"Download or copy it again (the whole {ARCHIVE_NAME} is about 14 MB)"
    )


def read_archive(path):
    """Read every post of the archive in one pass, without writing anything to disk.

    Returns ``(listing, posts)``.  ``listing[folder][newsgroup]`` is the set
    of file names in each newsgroup folder, for both top-level folders, and
    ``posts[(folder, newsgroup, file name)]`` is the text of each post.
    """
    listing = {TRAIN_FOLDER: {}, TEST_FOLDER: {}}
    posts = {}
    top_level = set()  # every top-level name, to describe an archive with the wrong layout
    mode = _tar_mode(path)
    try:
        with tarfile.open(path, mode) as tar:
            for member in tar:
                parts = member.name.removeprefix("./").split("/")
                top_level.add(parts[0])
                if len(parts) < 2 or parts[0] not in listing or not parts[1]:
                    continue
                folder, newsgroup = parts[0], parts[1]
                file_names = listing[folder].setdefault(newsgroup, set())
                if len(parts) != 3 or not member.isfile():
                    continue
                file_names.add(parts[2])
                raw = tar.extractfile(member).read()
                posts[(folder, newsgroup, parts[2])] = raw.decode("latin-1")
            # tarfile stops quietly at a damaged or missing header.  Reading on to the end
            # makes gzip check the CRC of everything, so a damaged file cannot pass as a
            # short one; a plain tar has no CRC, but it must end in a block of zeros.
            if mode == "r:":
                _check_end_of_archive(tar, path)
            while tar.fileobj.read(1 << 16):
                pass
    except (tarfile.TarError, EOFError, zlib.error, gzip.BadGzipFile) as error:
        raise ArchiveError(
            f"{path} is not a readable {ARCHIVE_NAME} (truncated or corrupt): "
            f"{type(error).__name__}: {error}. Download it again"
        ) from None

    missing = [folder for folder in (TRAIN_FOLDER, TEST_FOLDER) if not listing[folder]]
    if missing:
        found = ", ".join(sorted(top_level)[:5]) or "nothing"
        raise ArchiveError(
            f"{path} is a tar file, but not the 20news-bydate archive: it has no newsgroup "
            f"folders under {' or '.join(f + '/' for f in missing)} (its top level holds: "
            f"{found}). The loader needs the 'bydate' archive, laid out as "
            f"{TRAIN_FOLDER}/<newsgroup>/<id> and {TEST_FOLDER}/<newsgroup>/<id>"
        )
    return listing, posts


_last_read = {}  # {(path, size, modification time): (listing, posts)} of the last archive read


def read_archive_once(path):
    """``read_archive``, keeping the last archive read.

    A script usually loads "train" and then "test" from the same file; the
    second call finds the posts in memory instead of unzipping the file
    again (about 0.6 s).  The posts stay in memory until another archive is
    read (about 50 MB, mostly the same strings the returned lists hold).
    The key includes the file's size and modification time, so a file that
    was replaced is read again.
    """
    status = path.stat()
    key = (str(path.resolve()), status.st_size, status.st_mtime_ns)
    if key not in _last_read:
        _last_read.clear()  # one archive at most
        _last_read[key] = read_archive(path)
    return _last_read[key]


def scikit_learn_order(files_by_newsgroup):
    """The (newsgroup, file name) pairs of one subset, in the order scikit-learn gives them.

    scikit-learn first lists the folders as ``sorted(os.listdir(...))`` does:
    newsgroups by name, then the files in each by name, compared as strings
    ("10" before "9").  It then builds its cache with ``load_files``, which
    shuffles by default with ``random_state=0``, so even
    ``fetch_20newsgroups(shuffle=False)`` returns that listing permuted by
    ``numpy.random.RandomState(0)``.  We take the same two steps.

    >>> scikit_learn_order({"sci.med": {"9", "10"}, "comp.graphics": {"7"}})
    [('sci.med', '9'), ('sci.med', '10'), ('comp.graphics', '7')]

    (The sorted listing is ``7``, ``10``, ``9``; seed 0 permutes it by
    ``numpy_legacy_permutation(3, 0) == [2, 1, 0]``.)
    """
    listing = [
        (newsgroup, file_name)
        for newsgroup in sorted(files_by_newsgroup)
        for file_name in sorted(files_by_newsgroup[newsgroup])
    ]
    order = numpy_legacy_permutation(len(listing), 0)  # load_files(..., random_state=0)
    return [listing[i] for i in order]


# ---------------------------------------------------------------------------
# Checking the arguments before any file is read.
# ---------------------------------------------------------------------------


def _check_subset(subset):
    if subset not in NEWSGROUPS_SUBSETS:
        raise ValueError(f"subset={subset!r} is not one of {list(NEWSGROUPS_SUBSETS)}")


def _check_categories(categories):
    """None, or the categories as a list of strings."""
    if categories is None:
        return None
    if isinstance(categories, str):
        raise TypeError(
            f"categories is a single string ({categories!r}); pass a list of newsgroup "
            f"names, e.g. categories=[{categories!r}]"
        )
    categories = list(categories)
    if not categories:
        raise ValueError("categories is empty; pass None for all newsgroups, or a list of names")
    for name in categories:
        if not isinstance(name, str):
            raise TypeError(f"categories holds {name!r}; each category must be a newsgroup name string")
    return categories


def _check_remove(remove):
    """The `remove` options as a set of names."""
    if remove is None:
        return set()
    if isinstance(remove, str):
        raise TypeError(
            f"remove is a single string ({remove!r}); pass a tuple or list, e.g. "
            f"remove=({remove!r},) -- note the comma, without it the parentheses make a string"
        )
    remove = set(remove)
    for option in remove:
        if option not in REMOVE_OPTIONS:
            raise ValueError(f"remove holds {option!r}; the options are {list(REMOVE_OPTIONS)}")
    return remove


def _check_random_state(random_state):
    if random_state is None:
        return
    if isinstance(random_state, bool) or not isinstance(random_state, int):
        raise TypeError(
            f"random_state must be None or an int seed such as 42, not {type(random_state).__name__}"
        )
    if not 0 <= random_state < 2**32:
        raise ValueError(
            f"random_state={random_state} is out of range; numpy (and so scikit-learn) "
            "takes seeds from 0 to 2**32 - 1"
        )


def _check_category_names(categories, available):
    """Raise a ValueError naming any category not in ``available``, with close matches."""
    for name in categories:
        if name not in available:
            close = difflib.get_close_matches(name, available, n=3)
            hint = f" Did you mean {' or '.join(map(repr, close))}?" if close else ""
            raise ValueError(
                f"unknown category {name!r}.{hint} The newsgroups in the archive are: "
                + ", ".join(available)
            )


# ---------------------------------------------------------------------------
# The loader.
# ---------------------------------------------------------------------------


def load_20newsgroups(
    subset="train",
    categories=None,
    remove=(),
    shuffle=False,
    random_state=None,
    data_home=None,
    download_if_missing=True,
    archive=None,
):
    """The 20 Newsgroups posts: ``Newsgroups(texts, labels, label_names)``.

    ``texts`` are the posts (str), ``labels`` their newsgroup names (such as
    ``"sci.med"``), and ``label_names`` the sorted names that occur.  The
    result also answers scikit-learn's ``data`` (``texts``), ``target_names``
    (``label_names``), ``target`` (each post's position in ``target_names``,
    an int: ``target_names[target[i]] == labels[i]``) and ``DESCR``.

    * ``subset``: ``"train"`` (11,314 posts), ``"test"`` (7,532) or ``"all"``
      (train followed by test).
    * ``categories``: a list of newsgroup names to keep; None keeps all 20.
    * ``remove``: any of ``"headers"``, ``"footers"``, ``"quotes"``, applied
      in that order by ``strip_newsgroup_header``, ``strip_newsgroup_footer``
      and ``strip_newsgroup_quoting``, as in scikit-learn.
    * ``shuffle``, ``random_state``: without shuffling, the order is that of
      scikit-learn's ``fetch_20newsgroups(shuffle=False)``, which is not
      sorted (see ``scikit_learn_order``).  With an int ``random_state`` the
      shuffled order is also scikit-learn's (see ``numpy_legacy_permutation``);
      with None it comes from Python's ``random`` module.  Note that
      scikit-learn shuffles by default (``shuffle=True, random_state=42``)
      and this loader does not.
    * ``archive``, ``data_home``, ``download_if_missing``: where the archive
      comes from, in the order of the module docstring.  Your own copy
      (``archive=`` or ``NAIVEBAYES_20NEWS_ARCHIVE``) is checked by its
      layout; the cached download is checked against ``ARCHIVE_SHA256`` on
      every load (a few hundredths of a second).

    Raises ``ValueError`` or ``TypeError`` for a bad argument,
    ``FileNotFoundError`` when there is no archive, ``DownloadError`` when a
    download fails and ``ArchiveError`` for a corrupt or wrongly laid out file.
    """
    # Check every argument before touching the disk or the network.
    _check_subset(subset)
    if archive is not None:
        check_path(archive, "archive", f"~/Downloads/{ARCHIVE_NAME}")
    if data_home is not None:
        check_path(data_home, "data_home", "~/naivebayes_data")
    categories = _check_categories(categories)
    remove = _check_remove(remove)
    _check_random_state(random_state)

    path = find_archive(archive, data_home, download_if_missing)
    folders = NEWSGROUPS_SUBSETS[subset]
    listing, posts = read_archive_once(path)

    available = sorted(set().union(*(listing[folder] for folder in folders)))
    if categories is not None:
        _check_category_names(categories, available)
    label_names = available if categories is None else sorted(set(categories))

    # Each subset in scikit-learn's order over all its newsgroups, then keep the chosen ones.
    texts, labels = [], []
    for folder in folders:
        for newsgroup, file_name in scikit_learn_order(listing[folder]):
            if newsgroup in label_names:
                texts.append(posts[(folder, newsgroup, file_name)])
                labels.append(newsgroup)

    if "headers" in remove:
        texts = [strip_newsgroup_header(text) for text in texts]
    if "footers" in remove:
        texts = [strip_newsgroup_footer(text) for text in texts]
    if "quotes" in remove:
        texts = [strip_newsgroup_quoting(text) for text in texts]

    if shuffle:
        if random_state is None:
            order = list(range(len(texts)))
            random.shuffle(order)
        else:
            order = numpy_legacy_permutation(len(texts), random_state)
        texts = [texts[i] for i in order]
        labels = [labels[i] for i in order]

    return Newsgroups(texts, labels, label_names)

