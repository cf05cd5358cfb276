"""UCI's optical recognition of handwritten digits, read from its publisher's two files.

E. Alpaydin and C. Kaynak (Bogazici University, 1998) had 43 people write
the digits 0 to 9 on printed forms.  Each digit was cut out as a 32x32
image of black and white dots, cut into 64 blocks of 4x4 dots, and each block became the
number of its black dots: an 8x8 image of grey levels from 0 to 16.  UCI's
Machine Learning Repository serves two comma-separated files without a
header, 65 integers a line (the 64 grey levels in row-major order, then the
digit):

* ``optdigits.tra``, the training set, 3,823 images by 30 writers;
* ``optdigits.tes``, the test set, 1,797 images by 13 other writers.  (It is
  the file that scikit-learn's ``load_digits`` reads.)

Where the files come from, in this order:

1. ``path=``: a folder holding ``optdigits.tra`` and ``optdigits.tes``, or,
   for ``subset="train"`` or ``"test"``, the one file itself (any name);
2. the environment variable ``NAIVEBAYES_OPTDIGITS_PATH``, a path of the same kind;
3. the cache ``<data_home>/optdigits.tra`` and ``<data_home>/optdigits.tes``
   (``data_home`` as for every loader, see ``naivebayes/datasets/download.py``);
4. a download from UCI into that cache (``download_if_missing``); the
   environment variable ``NAIVEBAYES_OPTDIGITS_URL`` names a mirror folder
   to use instead.  Downloads are checked against ``OPTDIGITS_SHA256`` either way.

Your own files (1, 2) are checked line by line as they are read; the cached
downloads by their SHA-256 on every load as well.

>>> pixel_name(3, 4), PIXEL_NAMES[:2], len(PIXEL_NAMES)
('pixel 3,4', ['pixel 0,0', 'pixel 0,1'], 64)
>>> read_optdigits_lines(["0,16," + "0," * 62 + "7"], "example")[0][0][:3], read_optdigits_lines(["0," * 64 + "7"], "example")[1]
([0, 16, 0], [7])
"""

from naivebayes.datasets.download import check_path
from naivebayes.datasets.tabular import Dataset, TableError, _check_selection
from naivebayes.datasets.uci_pairs import UciPair, find_uci_file

__all__ = ["load_optdigits", "DigitImages"]

OPTDIGITS_URL = "https://archive.ics.uci.edu/ml/machine-learning-databases/optdigits/"
OPTDIGITS_FILES = {"train": "optdigits.tra", "test": "optdigits.tes"}
OPTDIGITS_SUBSETS = {"train": ["train"], "test": ["test"], "all": ["train", "test"]}  # "all": train first
# The SHA-256 of the copies in ../shared/data/optdigits (see its README: two public copies, byte-identical,
# and the test file byte-identical to scikit-learn's digits.csv.gz); UCI's server could not be asked from here.
OPTDIGITS_SHA256 = {
    "optdigits.tra": "e1b683cc211604fe8fd8c4417e6a69f31380e0c61d4af22e93cc21e9257ffedd",
    "optdigits.tes": "6ebb3d2fee246a4e99363262ddf8a00a3c41bee6014c373ed9d9216ba7f651b8",
}
KILOBYTES = {"optdigits.tra": 564, "optdigits.tes": 265}  # the sizes, for messages
OPTDIGITS_PATH_ENV = "NAIVEBAYES_OPTDIGITS_PATH"
OPTDIGITS_URL_ENV = "NAIVEBAYES_OPTDIGITS_URL"

SIDE = 8  # the images are SIDE x SIDE
GREY_LEVELS = 16  # a grey level is the count of black dots in a 4x4 block: 0..16


def pixel_name(row, column):
    """The name of the pixel in ``row`` and ``column`` (both from 0): ``"pixel 3,4"``."""
    return f"pixel {row},{column}"


PIXEL_NAMES = [pixel_name(row, column) for row in range(SIDE) for column in range(SIDE)]

OPTDIGITS_DESCRIPTION = """\
Optical Recognition of Handwritten Digits (UCI Machine Learning Repository)

Images of the digits 0 to 9, 8x8 pixels each.  43 people wrote digits on
printed forms; NIST's programs cut each digit out as 32x32 black and white
dots, and each 4x4 block of dots became one pixel: the count of its black
dots, a grey level from 0 to 16.
A row is the 64 grey levels in row-major order (row 0 first, left to right);
"pixel 3,4" is row 3, column 4.  The label is the digit, an int.

Split: optdigits.tra, 3,823 images by 30 writers, for training;
optdigits.tes, 1,797 images by 13 other writers, for testing.  No writer is
in both files.  The classes are about equally common (174 to 183 a digit in
the test file).

Source: E. Alpaydin and C. Kaynak, Bogazici University, Istanbul (1998).
Cite: C. Kaynak, "Methods of combining multiple classifiers and their
applications to handwritten digit recognition", MSc thesis, Bogazici
University, 1995; and the UCI Machine Learning Repository.
"""


class DigitImages(Dataset):
    """The digits as a ``Dataset``: ``rows`` (lists of 64 ints), ``labels`` (ints 0..9), ``features``.

    A model reads each row as a dense list, so its features are the column
    numbers 0..63; ``features`` holds their names, ``"pixel 0,0"`` to
    ``"pixel 7,7"`` (row, column).  scikit-learn's names work as for every
    Dataset: ``data``, ``target``, ``target_names``, ``feature_names``,
    ``DESCR``.

    >>> digits = DigitImages([[0] * 64, [16] * 64], [0, 7], list(PIXEL_NAMES))
    >>> digits
    DigitImages(2 images of 8x8 grey levels 0..16, label_names=[0, 7])
    >>> digits.target, digits.feature_names[9]
    ([0, 1], 'pixel 1,1')
    >>> digits.select(["pixel 0,1", "pixel 7,7"]).rows
    [[0, 0], [16, 16]]
    """

    @property
    def DESCR(self):  # noqa: N802 (scikit-learn's name)
        """What the images are, where they come from, and the split."""
        return OPTDIGITS_DESCRIPTION

    def __repr__(self):
        size = f"{len(self.rows)} image" if len(self.rows) == 1 else f"{len(self.rows)} images"
        values = "0/1" if getattr(self, "binary", False) else f"0..{GREY_LEVELS}"
        return f"DigitImages({size} of {SIDE}x{SIDE} grey levels {values}, label_names={self.label_names!r})"

    def select(self, features):
        """A ``Dataset`` of the named pixels only, in the order given; its rows are lists too."""
        chosen = _check_selection(features, self.features)
        columns = [self.features.index(name) for name in chosen]
        rows = [[row[column] for column in columns] for row in self.rows]
        return Dataset(rows, list(self.labels), chosen)


def load_optdigits(subset="train", path=None, binary_threshold=None, data_home=None, download_if_missing=True):
    """The optical digits: ``DigitImages(rows, labels, features)``.

    Each row is a list of 64 ints, the 8x8 image in row-major order, each a
    grey level from 0 (white) to 16 (black); each label is the digit, an int.

    * ``subset``: ``"train"`` (``optdigits.tra``, 3,823 images), ``"test"``
      (``optdigits.tes``, 1,797) or ``"all"`` (train then test, 5,620).
    * ``binary_threshold``: an int ``t`` from 1 to 16 makes every pixel 0 or
      1: 1 where the grey level is ``t`` or more.  None keeps the grey levels.
    * ``path``, ``data_home``, ``download_if_missing``: where the files come
      from, in the order of the module docstring.

    Raises ``ValueError`` or ``TypeError`` for a bad argument,
    ``FileNotFoundError`` when a file is missing and may not be downloaded,
    ``DownloadError`` when a download fails, ``CacheError`` when a cached
    file changed, and ``TableError`` (naming the line) for a file that is not UCI's.
    """
    # Check every argument before touching the disk or the network.
    if not isinstance(subset, str) or subset not in OPTDIGITS_SUBSETS:
        raise ValueError(f"subset={subset!r} is not one of {list(OPTDIGITS_SUBSETS)}")
    check_threshold(binary_threshold)
    if path is not None:
        check_path(path, "path", "~/Downloads/optdigits")
    if data_home is not None:
        check_path(data_home, "data_home", "~/naivebayes_data")

    rows, labels = [], []
    for part in OPTDIGITS_SUBSETS[subset]:
        file_path = find_uci_file(optdigits_files(), OPTDIGITS_FILES[part], subset, path, data_home, download_if_missing)
        with open(file_path, encoding="ascii", errors="replace", newline="") as file:
            part_rows, part_labels = read_optdigits_lines(file, str(file_path))
        rows.extend(part_rows)
        labels.extend(part_labels)
    if binary_threshold is not None:
        rows = [[1 if grey >= binary_threshold else 0 for grey in row] for row in rows]
    digits = DigitImages(rows, labels, list(PIXEL_NAMES))
    digits.__dict__["binary"] = binary_threshold is not None
    return digits


def check_threshold(threshold):
    """Raise unless ``threshold`` is None or an int from 1 to 16."""
    if threshold is None:
        return
    if isinstance(threshold, bool) or not isinstance(threshold, int):
        raise TypeError(
            f"binary_threshold={threshold!r} is not an int; give a grey level from 1 to {GREY_LEVELS} "
            "(a pixel becomes 1 where its grey level is that or more), or None to keep the grey levels"
        )
    if not 1 <= threshold <= GREY_LEVELS:
        raise ValueError(
            f"binary_threshold={threshold} is outside 1..{GREY_LEVELS}: the grey levels run from 0 to "
            f"{GREY_LEVELS}, so {'every pixel would be 1' if threshold < 1 else 'every pixel would be 0'}. "
            f"Give a grey level from 1 to {GREY_LEVELS}, such as 8 (half the dots of a block black)"
        )


def read_optdigits_lines(lines, source):
    """``(rows, labels)`` from the lines of an optdigits file; a line that is not 65 fitting ints raises TableError.

    Blank lines are skipped; a file of none but blank lines raises TableError too.  ``source`` names
    the file in messages.
    """
    rows, labels = [], []
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text:
            continue
        fields = text.split(",")
        if len(fields) != SIDE * SIDE + 1:
            raise TableError(
                f"{source}, line {number}: {len(fields)} comma-separated fields, not {SIDE * SIDE + 1} "
                f"({SIDE * SIDE} grey levels, then the digit), so this is not UCI's optdigits.tra or "
                f"optdigits.tes. Download them from {OPTDIGITS_URL}"
            )
        values = []
        for column, field in enumerate(fields):
            field = field.strip()
            top = GREY_LEVELS if column < SIDE * SIDE else 9
            if not field.isascii() or not field.isdigit() or int(field) > top:
                what = f"the grey level of {PIXEL_NAMES[column]}" if column < SIDE * SIDE else "the digit (the last field)"
                raise TableError(
                    f"{source}, line {number}: {what} is {field[:20]!r}, not an int from 0 to {top}, so this "
                    f"is not UCI's optdigits.tra or optdigits.tes. Download them from {OPTDIGITS_URL}"
                )
            values.append(int(field))
        rows.append(values[:-1])
        labels.append(values[-1])
    if not rows:  # (an empty file, or blank lines only: a download cut off at its start, say)
        raise TableError(
            f"{source} holds no images: it is empty or has blank lines only, so it is not UCI's "
            f"optdigits.tra or optdigits.tes. Download them from {OPTDIGITS_URL}"
        )
    return rows, labels


# ---------------------------------------------------------------------------
# Finding each file.
# ---------------------------------------------------------------------------


def optdigits_files():
    """Where the two digits files are, read from this module's constants when the loader is called."""
    return UciPair("load_optdigits", OPTDIGITS_URL, OPTDIGITS_FILES, OPTDIGITS_SHA256,
                   {name: f"{size} KB" for name, size in KILOBYTES.items()}, OPTDIGITS_PATH_ENV, OPTDIGITS_URL_ENV,
                   "line by line")
