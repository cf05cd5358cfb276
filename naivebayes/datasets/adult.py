"""The UCI Adult census data ("Census Income"), read from UCI's two files.

48,842 people from the 1994 United States census, extracted by Barry Becker
and used by Ronny Kohavi (1996) to compare naive Bayes with decision trees;
UCI Machine Learning Repository, CC BY 4.0.  Each person has 14 features,
six numbers and eight categories, and the label says whether their income
is above 50,000 dollars a year: ``"<=50K"`` or ``">50K"``.  "Lecture #7:
Naïve Bayes" learns a joint distribution from three of its attributes.

UCI serves two files, comma-separated (a comma and a space), without a
header, with ``?`` for a missing value:

* ``adult.data``, the training set, 32,561 people;
* ``adult.test``, the test set, 16,281 people.  Its first line is the banner
  ``|1x3 Cross validator`` and its labels end with a full stop
  (``<=50K.``); ``read_adult_file`` drops both, so the labels of both files are
  exactly ``"<=50K"`` and ``">50K"``.

Where the files come from, in this order:

1. ``path=``: a folder holding ``adult.data`` and ``adult.test``, or, for
   ``subset="train"`` or ``"test"``, the one file itself (any name);
2. the environment variable ``NAIVEBAYES_ADULT_PATH``, a path of the same kind;
3. the cache ``<data_home>/adult.data`` and ``<data_home>/adult.test``
   (``data_home`` as for every loader, see ``naivebayes/datasets/download.py``);
4. a download from ``URL`` into that cache (``download_if_missing``); the
   environment variable ``NAIVEBAYES_ADULT_URL`` names a mirror folder to
   use instead.  Downloads are checked against ``SHA256`` either way.

Your own files (1, 2) are checked by their format as they are read; the
cached downloads by their SHA-256 on every load.

>>> FEATURES[:4]
['age', 'workclass', 'fnlwgt', 'education']
"""

import itertools

from naivebayes.datasets.download import check_path
from naivebayes.datasets.tabular import Dataset, TableError, read_csv_lines
from naivebayes.datasets.uci_pairs import UciPair, find_uci_file

__all__ = ["load_adult", "FEATURES", "LABELS"]

# UCI's folder; each file's URL is this folder followed by its name.
URL = "https://archive.ics.uci.edu/ml/machine-learning-databases/adult/"
FILES = {"train": "adult.data", "test": "adult.test"}
ADULT_SUBSETS = {"train": ["train"], "test": ["test"], "all": ["train", "test"]}  # "all": train first
SHA256 = {
    "adult.data": "5b00264637dbfec36bdeaab5676b0b309ff9eb788d63554ca0a249491c86603d",
    "adult.test": "a2a9044bc167a35b2361efbabec64e89d69ce82d9790d2980119aac5fd7e9c05",
}
MEGABYTES = {"adult.data": 4.0, "adult.test": 2.0}  # the sizes, for messages

# The columns, in file order, with UCI's names: 14 features, then the label.
FEATURES = [
    "age",
    "workclass",
    "fnlwgt",
    "education",
    "education-num",
    "marital-status",
    "occupation",
    "relationship",
    "race",
    "sex",
    "capital-gain",
    "capital-loss",
    "hours-per-week",
    "native-country",
]
LABEL = "income"
LABELS = ("<=50K", ">50K")

PATH_ENV = "NAIVEBAYES_ADULT_PATH"
ADULT_URL_ENV = "NAIVEBAYES_ADULT_URL"


def load_adult(subset="train", data_home=None, download_if_missing=True, path=None):
    """The Adult census data: ``Dataset(rows, labels, features)``.

    Each row is a dict of the 14 features in file order, such as
    ``{"age": 39, "workclass": "State-gov", ..., "native-country": "United-States"}``:
    numbers are ints, categories strings, and a missing value (``?``) is None.
    The labels are ``"<=50K"`` or ``">50K"``.

    * ``subset``: ``"train"`` (``adult.data``, 32,561 rows), ``"test"``
      (``adult.test``, 16,281 rows) or ``"all"`` (train then test, 48,842).
    * ``path``, ``data_home``, ``download_if_missing``: where the files come
      from, in the order of the module docstring.

    Raises ``ValueError`` or ``TypeError`` for a bad argument,
    ``FileNotFoundError`` when a file is missing and may not be downloaded,
    ``DownloadError`` when a download fails, ``CacheError`` when a cached
    file changed, and ``TableError`` for a file that is not UCI's.
    """
    # Check every argument before touching the disk or the network.
    if subset not in ADULT_SUBSETS:
        raise ValueError(f"subset={subset!r} is not one of {list(ADULT_SUBSETS)}")
    if path is not None:
        check_path(path, "path", "~/Downloads/adult")
    if data_home is not None:
        check_path(data_home, "data_home", "~/naivebayes_data")

    file_names = [FILES[part] for part in ADULT_SUBSETS[subset]]
    paths = [find_uci_file(adult_files(), name, subset, path, data_home, download_if_missing) for name in file_names]
    rows, labels = [], []
    for file_path in paths:
        part = read_adult_file(file_path)
        rows.extend(part.rows)
        labels.extend(part.labels)
    return Dataset(rows, labels, list(FEATURES))


# ---------------------------------------------------------------------------
# Reading one file.
# ---------------------------------------------------------------------------


# The test file's labels end with a full stop.
WITHOUT_FULL_STOP = {"<=50K.": "<=50K", ">50K.": ">50K"}


def read_adult_file(path):
    """One Adult file as a Dataset, its labels exactly "<=50K" or ">50K".

    The test file's banner (a first line starting with ``|``) is read as a
    blank line, which ``read_csv_lines`` skips, so line numbers in errors
    still match the file.  The full stop after a label is dropped.  A label
    that is neither "<=50K" nor ">50K" means this is not UCI's file.
    """
    with open(path, encoding="utf-8", newline="") as file:
        first_line = file.readline()
        if first_line.startswith("|"):
            first_line = "\n"
        table = read_csv_lines(
            itertools.chain([first_line], file),
            label=LABEL,
            header=False,
            names=FEATURES + [LABEL],
            source=str(path),
        )
    labels = [WITHOUT_FULL_STOP.get(label, label) for label in table.labels]
    if not set(labels) <= set(LABELS):
        _raise_for_the_first_odd_label(path, labels)
    return Dataset(table.rows, labels, table.features)


def _raise_for_the_first_odd_label(path, labels):
    """Raise TableError naming the first row whose label is not an income label, and its line."""
    example = next(i for i, label in enumerate(labels) if label not in LABELS)
    line_number, examples_seen = 0, 0
    with open(path, encoding="utf-8") as file:
        for line_number, line in enumerate(file, start=1):
            if line.strip() and not (line_number == 1 and line.startswith("|")):
                examples_seen += 1
                if examples_seen == example + 1:
                    break
    raise TableError(
        f"{path}, line {line_number}: the label is {labels[example]!r}, not "
        f"{' or '.join(map(repr, LABELS))} (with or without a full stop), so this is not UCI's "
        f"adult.data or adult.test. The loader expects {len(FEATURES) + 1} comma-separated "
        "fields a line, without a header, the income last"
    )


# ---------------------------------------------------------------------------
# Finding each file.
# ---------------------------------------------------------------------------


def adult_files():
    """Where the Adult files are, read from this module's constants when a loader is called."""
    return UciPair("load_adult", URL, FILES, SHA256, {name: f"{size:.0f} MB" for name, size in MEGABYTES.items()},
                   PATH_ENV, ADULT_URL_ENV, "by format")

