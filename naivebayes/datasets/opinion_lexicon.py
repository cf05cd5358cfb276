"""Hu and Liu's opinion lexicon: 2,006 positive and 4,783 negative English words.

Bing Liu's list of opinion words, begun for Minqing Hu and Bing Liu, "Mining
and Summarizing Customer Reviews", KDD 2004.  Speech and Language Processing
(chapter 4) counts its words as features of a sentiment classifier.  The
files ask you to cite that paper or Liu, Hu and Cheng, "Opinion Observer:
Analyzing and Comparing Opinions on the Web", WWW 2005; NLTK's package gives
the licence as CC BY 4.0 (copyright 2011 Bing Liu).

Liu publishes the lexicon as ``opinion-lexicon-English.rar``, which Python's
standard library cannot open, so the loader reads NLTK's package
``opinion_lexicon.zip`` instead.  It holds ``positive-words.txt`` and
``negative-words.txt``: a header of comment lines starting with ``;``, then
one lower-case word a line, UTF-8.  NLTK converted some characters from
ISO-8859-1 to UTF-8; the only word this touches is "naïve", a negative word.
Some words are deliberate misspellings, and some hold ``-``, ``+``, ``*`` or
digits ("a+", "2-faced").  Three words are in both lists: "envious",
"enviously" and "enviousness"; both sets keep them.

Where the file comes from is explained in ``naivebayes/datasets/published.py``:
``path=``, the environment variable ``NAIVEBAYES_OPINION_LEXICON_PATH``, the
cache, or a download from NLTK's data repository
(``NAIVEBAYES_OPINION_LEXICON_URL`` names a mirror).
"""

from typing import NamedTuple

from naivebayes.datasets.published import Publication, decode_member, read_publication

__all__ = ["load_opinion_lexicon", "OpinionLexicon"]

# NLTK's package.  Its MD5, 43a521f055063e001845b9d484a50173, is the checksum that NLTK's
# index.xml gives; the SHA-256 below were computed from that file.
OPINION_LEXICON = Publication(
    loader="load_opinion_lexicon",
    file_name="opinion_lexicon.zip",
    url="https://raw.githubusercontent.com/nltk/nltk_data/gh-pages/packages/corpora/opinion_lexicon.zip",
    sha256="7a5da68d53016c5d1fca38f7dd81844cff73466371f90968d1ef15c85b873193",
    size="25 KB",
    members={
        "opinion_lexicon/positive-words.txt": "9f643e85bcd7eb32e680f05df3d87fdd3277d6626122b3efec94f3ee3790b596",
        "opinion_lexicon/negative-words.txt": "f80f5cfe3a62e7e07768eca9435b9ba514dbd5fc0eecf181e80b16f8f4578b34",
    },
    path_env="NAIVEBAYES_OPINION_LEXICON_PATH",
    url_env="NAIVEBAYES_OPINION_LEXICON_URL",
)

OPINION_LEXICON_DESCRIPTION = """\
Opinion lexicon of Hu and Liu (NLTK's opinion_lexicon.zip)

2,006 positive and 4,783 negative English opinion words, lower case.  Three
words are in both lists (envious, enviously, enviousness).

Source: Bing Liu, University of Illinois at Chicago; his own file is a .rar
archive, which the standard library cannot open, so NLTK's package is read.
Cite: Minqing Hu and Bing Liu, "Mining and Summarizing Customer Reviews",
KDD 2004; or Bing Liu, Minqing Hu and Junsheng Cheng, "Opinion Observer:
Analyzing and Comparing Opinions on the Web", WWW 2005.
Terms: CC BY 4.0, copyright 2011 Bing Liu (as NLTK's package gives them).

Checked: both lists' SHA-256 on every load, and a download against the SHA-256
of NLTK's opinion_lexicon.zip (its MD5 is the one NLTK's index gives).  Liu's
own files could not be compared: NLTK re-encoded one word.
"""


class OpinionLexicon(NamedTuple):
    """The positive and the negative words, each a frozenset.

    Unpacks like a tuple: ``positive, negative = load_opinion_lexicon()``.
    ``DESCR`` gives the source, the citation and the terms.
    """

    positive: frozenset
    negative: frozenset

    DESCR = OPINION_LEXICON_DESCRIPTION

    def __repr__(self):
        # The default repr would print 6,789 words; show the sizes instead.
        return f"OpinionLexicon({len(self.positive)} positive words, {len(self.negative)} negative words)"


def load_opinion_lexicon(path=None, data_home=None, download_if_missing=True):
    """Hu and Liu's opinion lexicon: ``OpinionLexicon(positive, negative)``, two frozensets of words.

    * ``path``: NLTK's ``opinion_lexicon.zip``, or a folder that holds it
      (such as ``~/nltk_data/corpora``); without it,
      ``NAIVEBAYES_OPINION_LEXICON_PATH``, then the cache.
    * ``data_home``, ``download_if_missing``: the cache folder, and whether
      to download the zip from NLTK's repository when it is missing.

    Raises ``TypeError`` for a path that is not one, ``FileNotFoundError``
    when there is no file and it may not be downloaded, ``DownloadError``,
    ``CacheError``, and ``CorpusFileError`` for a file whose lists are not
    the published ones.
    """
    members = read_publication(OPINION_LEXICON, path, data_home, download_if_missing)
    lists = []
    for member in OPINION_LEXICON.members:
        text = decode_member(OPINION_LEXICON, member, members[member], "utf-8")
        # As NLTK reads them: skip the ";" comment lines and the blank lines.
        lists.append(frozenset(line for line in text.split("\n") if line.strip() and not line.startswith(";")))
    return OpinionLexicon(*lists)
