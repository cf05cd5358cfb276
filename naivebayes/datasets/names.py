"""The names corpus: 2,943 male and 5,001 female first names, read from NLTK's package.

Mark Kantrowitz's lists, with additions by Bill Ross: "Names Corpus,
Version 1.3 (1994-03-29)", first published in the CMU Artificial
Intelligence Repository.  The NLTK book (chapter 6) guesses a name's gender
from its letters with them.  The terms, from the corpus's README: copyright
1991 Mark Kantrowitz; you may use the lists for any purpose if credit is
given in any published work; you may pass them on only with a copy of the
README; they are not in the public domain.  So the README travels with the
data here: it is part of the result's ``DESCR``.

The CMU copy could not be found, so the loader reads NLTK's package
``names.zip``: ``names/male.txt``, ``names/female.txt`` and ``names/README``,
one name a line, ASCII, in alphabetical order.  365 names are in both lists
(such as "Jean" and "Robin"); like NLTK, the loader keeps both lines, so
such a name appears once labelled "male" and once "female".  The names are
kept exactly as written, including the one with a trailing space (``"Gale "``)
and the three with a space inside (``"Dee Dee"``, ``"Jo Ann"``, ``"Zsa Zsa"``).

Where the file comes from is explained in ``naivebayes/datasets/published.py``:
``path=``, the environment variable ``NAIVEBAYES_NAMES_PATH``, the cache, or a
download from NLTK's data repository (``NAIVEBAYES_NAMES_URL`` names a mirror).
"""

from typing import NamedTuple

from naivebayes.datasets.attributes import ScikitLearnNames
from naivebayes.datasets.published import Publication, decode_member, read_publication

__all__ = ["load_names", "NamesCorpus"]

# NLTK's package.  Its MD5, 93844d7c995ad28f40528c08a3430175, is the checksum that NLTK's
# index.xml gives; the SHA-256 below were computed from that file.
NAMES = Publication(
    loader="load_names",
    file_name="names.zip",
    url="https://raw.githubusercontent.com/nltk/nltk_data/gh-pages/packages/corpora/names.zip",
    sha256="0eec7e958b34982662b8f05824ae64642dea097b08057ade65c252191c5fe7ca",
    size="21 KB",
    members={
        "names/male.txt": "a574c9661396136cebebd64cb514c50b09358c793614a39680ce82962c32519f",
        "names/female.txt": "27aba6e427e906725302efc68a72d74d2fa3b9863700ed29664416cbd0ca508e",
        "names/README": "a7e6bcf17150b76bb27df4e18efea89b60a06d048dc0d9dd116e3405510b5478",
    },
    path_env="NAIVEBAYES_NAMES_PATH",
    url_env="NAIVEBAYES_NAMES_URL",
)
# Each list and its label, in the order the NLTK book reads them.
NAME_LISTS = {"names/male.txt": "male", "names/female.txt": "female"}

NAMES_DESCRIPTION = """\
Names Corpus, Version 1.3 (NLTK's names.zip)

7,944 first names, one per line of two lists: 2,943 male names, then 5,001
female names, each list in alphabetical order.  365 names are in both lists;
both lines are kept, as NLTK keeps them, so there are 7,579 distinct names.

Source: Mark Kantrowitz, with additions by Bill Ross, from the CMU Artificial
Intelligence Repository; read from NLTK's package, since the CMU copy could
not be found.
Terms: copyright 1991 Mark Kantrowitz.  Use the lists for any purpose, but give
credit in any published work; pass them on only with their README, which
follows.  They are not in the public domain.

Checked: the three files' SHA-256 on every load, and a download against the
SHA-256 of NLTK's names.zip (its MD5 is the one NLTK's index gives).
"""


class NamesCorpus(ScikitLearnNames, NamedTuple("NamesCorpus", [("names", list), ("labels", list)])):
    """The names and their labels, ``"male"`` or ``"female"``.

    Unpacks like a tuple: ``names, labels = load_names()``.  It also
    answers scikit-learn's ``data`` (the names), ``target``,
    ``target_names`` and ``DESCR``, which ends with the corpus's README.
    """

    DATA_FIELD = "names"
    DESCRIPTION = NAMES_DESCRIPTION

    @property
    def DESCR(self):  # noqa: N802 (scikit-learn's name)
        """The description, then the corpus's own README (its terms ask that it travel with the lists)."""
        readme = self.__dict__.get("readme", "")
        return f"{self.DESCRIPTION}\nThe corpus's README:\n\n{readme}"


def load_names(path=None, data_home=None, download_if_missing=True):
    """The names corpus: ``NamesCorpus(names, labels)``, the male list and then the female list.

    * ``path``: NLTK's ``names.zip``, or a folder that holds it (such as
      ``~/nltk_data/corpora``); without it, ``NAIVEBAYES_NAMES_PATH``, then
      the cache.
    * ``data_home``, ``download_if_missing``: the cache folder, and whether
      to download the zip from NLTK's repository when it is missing.

    Raises ``TypeError`` for a path that is not one, ``FileNotFoundError``
    when there is no file and it may not be downloaded, ``DownloadError``,
    ``CacheError``, and ``CorpusFileError`` for a file whose lists are not
    the published ones.
    """
    members = read_publication(NAMES, path, data_home, download_if_missing)
    names, labels = [], []
    for member, label in NAME_LISTS.items():
        text = decode_member(NAMES, member, members[member], "ascii")
        for line in text.split("\n"):
            if line.strip():  # NLTK's reader skips blank lines, and keeps the rest as they are
                names.append(line)
                labels.append(label)
    corpus = NamesCorpus(names, labels)
    corpus.__dict__["readme"] = decode_member(NAMES, "names/README", members["names/README"], "ascii")
    return corpus
