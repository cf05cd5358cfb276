"""Pang and Lee's sentence polarity data set v1.0: 10,662 snippets of film reviews.

5,331 positive and 5,331 negative snippets from Rotten Tomatoes: a snippet
of a review marked "fresh" is positive, of one marked "rotten" negative.
Cite Bo Pang and Lillian Lee, "Seeing stars: Exploiting class relationships
for sentiment categorization with respect to rating scales", ACL 2005.  The
README states no licence; NLTK's package index gives CC BY 4.0 (copyright
2005 Pang and Lee).

Cornell publishes ``rt-polaritydata.tar.gz``, holding a README and
``rt-polaritydata/rt-polarity.pos`` and ``rt-polarity.neg``: one snippet a
line, lower-cased and split into tokens by spaces, most lines ending in a
space.  The bytes are not UTF-8: they are Windows-1252, where ``0x85`` is
"…" and ``0x96`` and ``0x97`` are dashes, and are decoded as such.  (NLTK's
``sentence_polarity`` is a re-encoded copy, with ``0x85`` made a space; the
loader refuses it, because its bytes differ.)  Each text is its line without
the line end, nothing else removed.

Where the file comes from is explained in ``naivebayes/datasets/published.py``:
``path=``, the environment variable ``NAIVEBAYES_SENTENCE_POLARITY_PATH``, the
cache, or a download from Cornell (``NAIVEBAYES_SENTENCE_POLARITY_URL`` names
a mirror).
"""

from typing import NamedTuple

from naivebayes.datasets.attributes import ScikitLearnNames
from naivebayes.datasets.published import Publication, decode_member, read_publication

__all__ = ["load_sentence_polarity", "SentencePolarity"]

# Cornell's archive.  Its SHA-256 is the one Hugging Face's rotten_tomatoes pins for its
# copy (487,770 bytes); Cornell's server could not be reached from here.
SENTENCE_POLARITY = Publication(
    loader="load_sentence_polarity",
    file_name="rt-polaritydata.tar.gz",
    url="https://www.cs.cornell.edu/people/pabo/movie-review-data/rt-polaritydata.tar.gz",
    sha256="a05befe52aafda71d458d188a1c54506a998b1308613ba76bbda2e5029409ce9",
    size="490 KB",
    members={
        "rt-polaritydata/rt-polarity.pos": "d79ef14009bbf87cd6be21f91c3ea1a3cbcb73b34dfb4231aef7bbcd7677abc4",
        "rt-polaritydata/rt-polarity.neg": "4af43bf489620b498a0852c5a8c6a535155dec7985fdfea782b8f7756b957ccc",
    },
    path_env="NAIVEBAYES_SENTENCE_POLARITY_PATH",
    url_env="NAIVEBAYES_SENTENCE_POLARITY_URL",
)
POLARITY_FILES = {"rt-polaritydata/rt-polarity.pos": "pos", "rt-polaritydata/rt-polarity.neg": "neg"}

SENTENCE_POLARITY_DESCRIPTION = """\
Sentence polarity data set v1.0 (Cornell's rt-polaritydata.tar.gz)

10,662 lower-cased, tokenized snippets of film reviews from Rotten Tomatoes:
5,331 positive ("pos", from reviews marked fresh), then 5,331 negative ("neg",
from reviews marked rotten).  No split into training and test snippets is
given.  The files are decoded as Windows-1252.

Source: Bo Pang and Lillian Lee, Cornell University.
Cite: Bo Pang and Lillian Lee, "Seeing stars: Exploiting class relationships
for sentiment categorization with respect to rating scales", ACL 2005.
Terms: the README states none; NLTK's package index gives CC BY 4.0,
copyright 2005 Pang and Lee.

Checked: both files' SHA-256 on every load, and a download against the
archive's SHA-256, the one other projects pin for Cornell's file; Cornell's
server itself could not be reached when this loader was written.
"""


class SentencePolarity(ScikitLearnNames, NamedTuple("SentencePolarity", [("texts", list), ("labels", list)])):
    """The snippets and their labels, ``"pos"`` or ``"neg"``.

    Unpacks like a tuple: ``texts, labels = load_sentence_polarity()``.  It
    also answers scikit-learn's ``data``, ``target``, ``target_names`` and
    ``DESCR``.
    """

    DESCRIPTION = SENTENCE_POLARITY_DESCRIPTION


def load_sentence_polarity(path=None, data_home=None, download_if_missing=True):
    """The sentence polarity set: ``SentencePolarity(texts, labels)``, the positive file and then the negative one.

    * ``path``: Cornell's ``rt-polaritydata.tar.gz``, or a folder that holds
      it; without it, ``NAIVEBAYES_SENTENCE_POLARITY_PATH``, then the cache.
    * ``data_home``, ``download_if_missing``: the cache folder, and whether
      to download the archive from Cornell when it is missing.

    Raises ``TypeError`` for a path that is not one, ``FileNotFoundError``
    when there is no file and it may not be downloaded, ``DownloadError``,
    ``CacheError``, and ``CorpusFileError`` for a file whose snippets are not
    the published ones.
    """
    members = read_publication(SENTENCE_POLARITY, path, data_home, download_if_missing)
    texts, labels = [], []
    for member, label in POLARITY_FILES.items():
        text = decode_member(SENTENCE_POLARITY, member, members[member], "cp1252")
        lines = text.removesuffix("\n").split("\n")  # not splitlines: it would split at other characters
        texts.extend(lines)
        labels.extend([label] * len(lines))
    return SentencePolarity(texts, labels)
