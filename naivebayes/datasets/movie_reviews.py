"""Pang and Lee's movie reviews ("polarity dataset v2.0"), read from Cornell's archive.

2,000 film reviews from the Usenet group rec.arts.movies.reviews, 1,000
positive and 1,000 negative, collected by Bo Pang and Lillian Lee (ACL 2004).
The archive ``review_polarity.tar.gz`` (about 3 MB) holds one review per file,
tokenised and lower-cased, one sentence a line::

    txt_sentoken/pos/cv000_29590.txt
    txt_sentoken/neg/cv000_29416.txt

The label is the folder, ``"pos"`` or ``"neg"``.  The authors' README defines
ten cross-validation folds by the file name's tag: ``cv000`` to ``cv099`` is
the first fold, ``cv100`` to ``cv199`` the second, and so on.  Each fold has
100 positive and 100 negative reviews.  ``fold_of_review`` reads the tag:

>>> fold_of_review("cv517_19219.txt")
5

Where the archive comes from, in this order:

1. ``path=``: the archive, or a folder holding the unpacked ``txt_sentoken``
   (or its ``pos`` and ``neg`` folders);
2. the environment variable ``NAIVEBAYES_MOVIE_REVIEWS_PATH``, a path of the same kind;
3. the cache ``<data_home>/review_polarity.tar.gz`` (``data_home`` as for
   every loader, see ``naivebayes/datasets/download.py``);
4. a download from ``REVIEWS_URL`` into that cache (``download_if_missing``);
   the environment variable ``NAIVEBAYES_MOVIE_REVIEWS_URL`` names a mirror
   to use instead.  Downloads are checked against ``REVIEWS_SHA256`` either way.

Your own copy (1, 2) is checked by its layout; the cached download by its
SHA-256 on every load.
"""

import gzip
import os
import re
import tarfile
import zlib
from pathlib import Path
from typing import NamedTuple

from naivebayes.datasets.attributes import ScikitLearnNames
from naivebayes.datasets.download import (
    cache_file,
    check_cached_hash,
    check_path,
    download,
    url_from_environment,
)
from naivebayes.datasets.published import CorpusFileError

__all__ = ["load_movie_reviews", "MovieReviews"]

REVIEWS_URL = "https://www.cs.cornell.edu/people/pabo/movie-review-data/review_polarity.tar.gz"
REVIEWS_SHA256 = "fc0dccc2671af5db3c5d8f81f77a1ebfec953ecdd422334062df61ede36b2179"
REVIEWS_ARCHIVE_NAME = "review_polarity.tar.gz"
REVIEWS_PATH_ENV = "NAIVEBAYES_MOVIE_REVIEWS_PATH"
REVIEWS_URL_ENV = "NAIVEBAYES_MOVIE_REVIEWS_URL"
REVIEW_LABELS = ("neg", "pos")  # the two folders, in the order the reviews are returned
REVIEW_FOLDS = 10

# A review's file name: the fold tag cvNNN, an underscore, a number, .txt
REVIEW_FILE_NAME = re.compile(r"cv(\d{3})_\d+\.txt")

MOVIE_REVIEWS_DESCRIPTION = """\
Movie review polarity dataset v2.0 (Pang and Lee, review_polarity.tar.gz)

2,000 film reviews from rec.arts.movies.reviews: 1,000 positive ("pos") and
1,000 negative ("neg"), tokenised and lower-cased, one sentence a line.
There is no train/test split; the authors define ten cross-validation folds
by file name (cv000-cv099 is fold 0, ..., cv900-cv999 is fold 9), each with
100 positive and 100 negative reviews.  `folds` holds each review's fold and
`cv` the ten (train, test) position lists, for cv= of cross_val_score.

Source: Bo Pang and Lillian Lee, "A Sentimental Education: Sentiment Analysis
Using Subjectivity Summarization Based on Minimum Cuts", ACL 2004.
Published at https://www.cs.cornell.edu/people/pabo/movie-review-data/.
Terms: the authors' README states none; NLTK distributes the reviews "with
permission from the authors" and lists them as CC BY 4.0.  Cite the paper.
"""


class MovieReviews(
    ScikitLearnNames,
    NamedTuple(
        "MovieReviews", [("texts", list), ("labels", list), ("file_names", list), ("folds", list)]
    ),
):
    """The reviews, their labels ("neg" or "pos"), file names and folds (0 to 9).

    Unpacks like a tuple: ``texts, labels, file_names, folds = load_movie_reviews()``.
    ``cv`` gives the authors' ten folds as (train positions, test positions)
    pairs, which ``cross_val_score`` and ``cross_validate`` take as ``cv=``.
    It also answers scikit-learn's ``data``, ``target``, ``target_names``
    and ``DESCR``.
    """

    DATA_FIELD = "texts"
    DESCRIPTION = MOVIE_REVIEWS_DESCRIPTION

    @property
    def cv(self):
        """The ten folds as ``[(train positions, test positions), ...]``, fold 0 first."""
        return [
            (
                [i for i, fold in enumerate(self.folds) if fold != test_fold],
                [i for i, fold in enumerate(self.folds) if fold == test_fold],
            )
            for test_fold in sorted(set(self.folds))
        ]


def fold_of_review(file_name):
    """The fold (0 to 9) of a review, from the tag of its file name: ``cvNNN`` is fold NNN // 100."""
    match = REVIEW_FILE_NAME.fullmatch(file_name)
    if match is None:
        raise CorpusFileError(
            f"the review file {file_name!r} is not named cvNNN_NNNNN.txt, so its fold is unknown; "
            f"the loader reads Pang and Lee's {REVIEWS_ARCHIVE_NAME} (polarity dataset v2.0)"
        )
    return int(match.group(1)) // 100


def load_movie_reviews(path=None, data_home=None, download_if_missing=True):
    """Pang and Lee's 2,000 movie reviews: ``MovieReviews(texts, labels, file_names, folds)``.

    The 1,000 negative reviews come first, then the 1,000 positive ones, each
    group sorted by file name (the order of NLTK's ``movie_reviews``).
    ``labels`` are ``"neg"`` or ``"pos"``, ``file_names`` are such as
    ``"cv000_29416.txt"``, and ``folds`` the authors' fold of each review,
    0 to 9.  The result's ``cv`` is the ten folds as (train, test) position
    pairs, so ten-fold cross-validation as Pang and Lee define it is
    ``cross_val_score(model, reviews.texts, reviews.labels, cv=reviews.cv)``.

    * ``path``, ``data_home``, ``download_if_missing``: where the archive
      comes from, in the order of the module docstring.

    Raises ``TypeError`` for a path that is not a path, ``FileNotFoundError``
    when there is no archive and it may not be downloaded, ``DownloadError``
    when a download fails, ``CacheError`` when the cached file changed and
    ``CorpusFileError`` for a file that is not the reviews' archive.
    """
    if path is not None:
        check_path(path, "path", f"~/Downloads/{REVIEWS_ARCHIVE_NAME}")
    if data_home is not None:
        check_path(data_home, "data_home", "~/naivebayes_data")
    location = find_reviews(path, data_home, download_if_missing)
    files = read_review_folder(location) if location.is_dir() else read_reviews_archive_once(location)
    texts, labels, file_names, folds = [], [], [], []
    for label in REVIEW_LABELS:
        for file_name in sorted(files[label]):
            texts.append(files[label][file_name])
            labels.append(label)
            file_names.append(file_name)
            folds.append(fold_of_review(file_name))
    return MovieReviews(texts, labels, file_names, folds)


# ---------------------------------------------------------------------------
# Finding the archive.
# ---------------------------------------------------------------------------


def reviews_by_hand_hint():
    """What to do with a copy downloaded by hand."""
    return (
        f"pass it as load_movie_reviews(path='path/to/{REVIEWS_ARCHIVE_NAME}') or set "
        f"{REVIEWS_PATH_ENV}=path"
    )


def find_reviews(path=None, data_home=None, download_if_missing=True):
    """The archive (or unpacked folder) to read, looking in the order of the module docstring."""
    if path is not None:
        return _own_reviews_copy(path, f"path={str(path)!r}")
    if os.environ.get(REVIEWS_PATH_ENV):
        return _own_reviews_copy(os.environ[REVIEWS_PATH_ENV], f"the environment variable {REVIEWS_PATH_ENV}")
    cache = cache_file(data_home, REVIEWS_ARCHIVE_NAME)
    if cache.exists():
        check_cached_hash(
            cache,
            REVIEWS_SHA256,
            f"If you put your own copy there, pass it as path='{cache}' instead (your own "
            "copies are checked by layout, not hash)",
        )
        return cache
    if download_if_missing:
        url = url_from_environment(
            REVIEWS_URL_ENV,
            REVIEWS_URL,
            f"To read a copy on this computer, unset it and set {REVIEWS_PATH_ENV} to its path",
        )
        return download(url, cache, REVIEWS_SHA256, by_hand=reviews_by_hand_hint())
    raise FileNotFoundError(
        f"{REVIEWS_ARCHIVE_NAME} was not found: path= was not given, {REVIEWS_PATH_ENV} is not "
        f"set, and the cache {cache} does not exist. Pass download_if_missing=True to download "
        f"it (about 3 MB) from {REVIEWS_URL}, or download it by hand and {reviews_by_hand_hint()}"
    )


def _own_reviews_copy(given, given_as):
    """A user's own archive or unpacked folder, as a Path, if it exists."""
    location = Path(given).expanduser()
    if not location.exists():
        raise FileNotFoundError(
            f"{given_as} names {location}, which does not exist; check the path, or leave it "
            "out to use the cache (and download the archive if it is missing)"
        )
    if location.is_dir() and (location / REVIEWS_ARCHIVE_NAME).is_file():  # a folder that holds the archive
        return location / REVIEWS_ARCHIVE_NAME
    return location


# ---------------------------------------------------------------------------
# Reading the reviews: {label: {file name: text}}.
# ---------------------------------------------------------------------------


def _reviews_layout_error(where, found):
    return CorpusFileError(
        f"{where} is not Pang and Lee's polarity dataset v2.0: it has no reviews in "
        f"txt_sentoken/pos/ and txt_sentoken/neg/ (found: {found or 'nothing'}). Pass "
        f"{REVIEWS_ARCHIVE_NAME} from {REVIEWS_URL}, or the folder it unpacks to"
    )


def read_reviews_archive(path):
    """Every review of the archive in one pass, without unpacking it to disk."""
    files = {label: {} for label in REVIEW_LABELS}
    top_level = set()
    try:
        with tarfile.open(path, "r:*") as tar:
            for member in tar:
                parts = member.name.removeprefix("./").split("/")
                top_level.add(parts[0])
                if len(parts) == 3 and parts[0] == "txt_sentoken" and parts[1] in files and member.isfile():
                    files[parts[1]][parts[2]] = tar.extractfile(member).read().decode("latin-1")
            while tar.fileobj.read(1 << 16):  # read to the end, so gzip checks its CRC
                pass
    except (tarfile.TarError, EOFError, zlib.error, gzip.BadGzipFile) as error:
        raise CorpusFileError(
            f"{path} is not a readable {REVIEWS_ARCHIVE_NAME} (truncated or corrupt): "
            f"{type(error).__name__}: {error}. Download it again"
        ) from None
    if not all(files.values()):
        raise _reviews_layout_error(path, ", ".join(sorted(top_level)[:5]))
    return files


def read_review_folder(folder):
    """The reviews of an unpacked copy: ``folder`` holds ``txt_sentoken``, or ``pos`` and ``neg``."""
    base = folder / "txt_sentoken" if (folder / "txt_sentoken").is_dir() else folder
    files = {label: {} for label in REVIEW_LABELS}
    for label in REVIEW_LABELS:
        if (base / label).is_dir():
            for review in (base / label).iterdir():
                if review.is_file():
                    files[label][review.name] = review.read_bytes().decode("latin-1")
    if not all(files.values()):
        raise _reviews_layout_error(folder, ", ".join(sorted(p.name for p in folder.iterdir())[:5]))
    return files


_reviews_last_read = {}  # {(path, size, modification time): files} of the last archive read


def read_reviews_archive_once(path):
    """``read_reviews_archive``, keeping the last archive read (a file replaced since is read again)."""
    status = path.stat()
    key = (str(path.resolve()), status.st_size, status.st_mtime_ns)
    if key not in _reviews_last_read:
        _reviews_last_read.clear()
        _reviews_last_read[key] = read_reviews_archive(path)
    return _reviews_last_read[key]
