"""Reuters-21578 (Distribution 1.0), with the ModApte split, read from the publisher's archive.

21,578 Reuters newswire stories from 1987, each tagged with any number of
topic categories (``earn``, ``acq``, ``grain``, ...): a multi-label corpus.
David D. Lewis prepared it; Reuters Ltd and Carnegie Group categorised the
stories.  The archive ``reuters21578.tar.gz`` (about 8 MB) holds 22 SGML
files, ``reut2-000.sgm`` to ``reut2-021.sgm``, of 1,000 stories each (578 in
the last), beside Lewis's README and lists of the categories.

The ModApte split, as Lewis's README defines it and Manning, Raghavan and
Schuetze's *Introduction to Information Retrieval* (chapter 13) uses it,
takes the stories with ``TOPICS="YES"``: ``LEWISSPLIT="TRAIN"`` ones train
(9,603) and ``LEWISSPLIT="TEST"`` ones test (3,299).  A story's text here is
its title, a blank line and its body, as scikit-learn's examples take it; a
story without a body (``TYPE="BRIEF"``) is its title alone, and one that
Reuters left unprocessed (``TYPE="UNPROC"``) is its whole text.  Entities
such as ``&lt;`` are decoded and the control codes (``&#3;`` and the like)
dropped.  The files are read as latin-1: one byte, in ``reut2-017.sgm``, is
not ASCII.

>>> parse_reuters_sgml('<REUTERS TOPICS="YES" LEWISSPLIT="TRAIN" NEWID="7">'
...     '<TOPICS><D>earn</D></TOPICS><TEXT><TITLE>UP</TITLE><BODY>A &lt;B&gt;&#3;</BODY></TEXT></REUTERS>')
[(7, 'YES', 'TRAIN', ['earn'], 'UP\\n\\nA <B>')]

Where the archive comes from, in this order:

1. ``path=``: the archive, or a folder holding the unpacked ``reut2-*.sgm`` files;
2. the environment variable ``NAIVEBAYES_REUTERS_PATH``, a path of the same kind;
3. the cache ``<data_home>/reuters21578.tar.gz`` (``data_home`` as for every
   loader, see ``naivebayes/datasets/download.py``);
4. a download from ``REUTERS_URL`` (UCI's copy, the one scikit-learn's
   examples download) into that cache (``download_if_missing``); the
   environment variable ``NAIVEBAYES_REUTERS_URL`` names a mirror to use
   instead.  Downloads are checked against ``REUTERS_SHA256``.

The cache is checked against ``REUTERS_SHA256`` on every load.  Your own copy
(1, 2) may be packed differently (copies found on the web are repacked), so
it is checked file by file instead: unless the whole archive is UCI's, each
of the 22 ``reut2-*.sgm`` files must have the SHA-256 in ``REUTERS_FILE_SHA256``.
The copy in the project's shared data folder is such a repack.
"""

import difflib
import gzip
import hashlib
import html
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
    sha256_of_file,
    url_from_environment,
)
from naivebayes.datasets.published import CorpusFileError

__all__ = ["load_reuters21578", "Reuters", "REUTERS_MODAPTE_CATEGORIES", "REUTERS_TEN_LARGEST"]

REUTERS_URL = "https://archive.ics.uci.edu/ml/machine-learning-databases/reuters21578-mld/reuters21578.tar.gz"
REUTERS_SHA256 = "3bae43c9b14e387f76a61b6d82bf98a4fb5d3ef99ef7e7075ff2ccbcf59f9d30"
REUTERS_ARCHIVE_NAME = "reuters21578.tar.gz"
REUTERS_PATH_ENV = "NAIVEBAYES_REUTERS_PATH"
REUTERS_URL_ENV = "NAIVEBAYES_REUTERS_URL"

# The SHA-256 of each SGML file, for copies packed in another way.
REUTERS_FILE_SHA256 = {
    "reut2-000.sgm": "9ff9bb40624ef992a03f62aace12e697dca1087abfd9b4d06aa787a6ad3e0687",
    "reut2-001.sgm": "1528e7e82d110d88d0234eb9619eadb7f9fd805711971df05975b92277dfdf4d",
    "reut2-002.sgm": "99f18068d0518952987dedd78c622e5c2a584e357d264d3754696c815f3e6628",
    "reut2-003.sgm": "78a3a8d7e04bc9d42c4614d5d5c60a4293dbe3f708df6fb5a71d9ef31f4b3fa3",
    "reut2-004.sgm": "726342c19a65873330b412378cd6a3f0d512035f5223146ddd60930c62eb6ff0",
    "reut2-005.sgm": "d09de619b6dd2d047d5124681f6df90550abaf592020d1c1ce338ae9b91522e7",
    "reut2-006.sgm": "b5535c0d66b01f4976f84621a4a795afbc00d2c4bd0a1b7ae426df6630fb361d",
    "reut2-007.sgm": "aa706007ec84a03537a3921ca976d60e11b3f99e4b9e9b2d5c81dd384d2c2062",
    "reut2-008.sgm": "a3994583694a00b7c744097c1d7eabfcf90f2e6650cc21663e46828035a336cb",
    "reut2-009.sgm": "29995f606dd1a9bdf907eacc9d879846c716860d9d9141676979474aaea39c7d",
    "reut2-010.sgm": "996df6008089bd09fa5b28a4d2eb0ee5f7b9d4601cde566fed3926ac82960fa3",
    "reut2-011.sgm": "d3a2782015247d9c2bffb8926267827fdd449c70d619435ef01a25a1c56a53ca",
    "reut2-012.sgm": "da31035d483851f2aebce5b66d779e5e2c0ac9dcfe098596c6d544e81c5604ab",
    "reut2-013.sgm": "8f7700bc0455fac3fcc12377ced4807b7df8aba1f21ecad059b9cc2b1cf0b8be",
    "reut2-014.sgm": "ef936bd3e0f36cf722afa9a6957563549775af32e9e28b4f539c8737ceda83ab",
    "reut2-015.sgm": "6d3bcec73eff871b8a5403588af814c4e50a0de6bc25707480522ab836f74026",
    "reut2-016.sgm": "be2f03a185fff70131f3b4fdbd6229b7ee2be077eba9691eaa597c8cfbda8812",
    "reut2-017.sgm": "f370e610b4b1342e41a98e0c426a08541044bd1d7e539674f32372a6060b73b5",
    "reut2-018.sgm": "a5f971bf25448e915781962309e669359a35fbcaf3017a806eca0590897f209a",
    "reut2-019.sgm": "d3b07097fba2633d130b4914aceba671645985248943ce9e39c289315339dffb",
    "reut2-020.sgm": "f6ad1b724125c202566c63b35ea0b5ee23881f8b7ed47a32829d5af05d8e860d",
    "reut2-021.sgm": "3f5196d32869723c9042aa5756805b4e90360f1f45ea17f4594fa0e2b3630b18",
}

# The 90 topics with at least one ModApte training and one test story.
REUTERS_MODAPTE_CATEGORIES = [
    "acq", "alum", "barley", "bop", "carcass", "castor-oil", "cocoa", "coconut", "coconut-oil",
    "coffee", "copper", "copra-cake", "corn", "cotton", "cotton-oil", "cpi", "cpu", "crude", "dfl",
    "dlr", "dmk", "earn", "fuel", "gas", "gnp", "gold", "grain", "groundnut", "groundnut-oil", "heat",
    "hog", "housing", "income", "instal-debt", "interest", "ipi", "iron-steel", "jet", "jobs",
    "l-cattle", "lead", "lei", "lin-oil", "livestock", "lumber", "meal-feed", "money-fx",
    "money-supply", "naphtha", "nat-gas", "nickel", "nkr", "nzdlr", "oat", "oilseed", "orange",
    "palladium", "palm-oil", "palmkernel", "pet-chem", "platinum", "potato", "propane", "rand",
    "rape-oil", "rapeseed", "reserves", "retail", "rice", "rubber", "rye", "ship", "silver",
    "sorghum", "soy-meal", "soy-oil", "soybean", "strategic-metal", "sugar", "sun-meal", "sun-oil",
    "sunseed", "tea", "tin", "trade", "veg-oil", "wheat", "wpi", "yen", "zinc",
]
# The ten with the most ModApte training stories, largest first (IIR, chapter 13).
REUTERS_TEN_LARGEST = ["earn", "acq", "money-fx", "grain", "crude", "trade", "interest", "wheat", "ship", "corn"]

# LEWISSPLIT's value for each subset of the ModApte split.
REUTERS_SUBSETS = {"train": ["TRAIN"], "test": ["TEST"], "all": ["TRAIN", "TEST"]}
REUTERS_SPLITS = ("modapte",)

REUTERS_DESCRIPTION = """\
Reuters-21578, Distribution 1.0, ModApte split (reuters21578.tar.gz)

Reuters newswire stories from 1987, each with any number of topic categories
(multi-label).  ModApte keeps the stories marked TOPICS="YES": 9,603 train
(LEWISSPLIT="TRAIN") and 3,299 test (LEWISSPLIT="TEST").  7,775 training
and 3,019 test stories have at least one topic; 90 topics have a training
and a test story.  A text is the story's title, a blank line and its body.
`labels` holds each story's list of topics, `ids` its NEWID.

Source: David D. Lewis; stories and categories by Reuters Ltd and Carnegie
Group.  Cite it as "Reuters-21578, Distribution 1.0".  Terms (Lewis's README):
copyright Reuters Ltd; free distribution for research purposes only;
acknowledge its use and name it in publications.
"""


class Reuters(
    ScikitLearnNames,
    NamedTuple("Reuters", [("texts", list), ("labels", list), ("ids", list), ("label_names", list)]),
):
    """The stories, each story's list of topics, its NEWID, and the topics that can occur.

    Unpacks like a tuple: ``texts, labels, ids, label_names = load_reuters21578()``.
    ``labels[i]`` is a list of topic names, possibly empty.  scikit-learn's
    names: ``data`` is ``texts``, ``target_names`` is ``label_names``, and
    ``target`` holds one row of 0s and 1s per story, with a 1 for each of its
    topics (scikit-learn's indicator form of multi-label targets).
    """

    DATA_FIELD = "texts"
    DESCRIPTION = REUTERS_DESCRIPTION

    @property
    def target(self):
        """One row per story: 1 where ``target_names`` holds one of its topics, else 0."""
        if "_target" not in self.__dict__:
            self.__dict__["_target"] = [
                [1 if name in topics else 0 for name in self.label_names] for topics in self.labels
            ]
        return self.__dict__["_target"]


def load_reuters21578(
    subset="train",
    path=None,
    data_home=None,
    download_if_missing=True,
    split="modapte",
    categories=None,
    with_topics_only=False,
):
    """Reuters-21578's ModApte stories: ``Reuters(texts, labels, ids, label_names)``.

    Stories come in the order of their ``NEWID`` (``ids``, ints).  Each
    story's ``labels`` entry is the list of its topics in the file's order
    (a topic listed twice is kept once); many stories have none.

    * ``subset``: ``"train"`` (9,603 stories), ``"test"`` (3,299) or
      ``"all"`` (train then test).
    * ``split``: ``"modapte"``, the only split this loader knows.
    * ``categories``: None keeps every topic; a list of topic names keeps
      only those in each story's labels (``REUTERS_MODAPTE_CATEGORIES`` for
      the 90 that have a training and a test story, ``REUTERS_TEN_LARGEST``
      for the ten largest).  ``label_names`` is then that list, sorted;
      with None it is every topic of the subset, sorted.
    * ``with_topics_only``: True keeps only stories left with at least one topic.
    * ``path``, ``data_home``, ``download_if_missing``: where the archive
      comes from, in the order of the module docstring.

    Raises ``ValueError`` or ``TypeError`` for a bad argument,
    ``FileNotFoundError`` when there is no archive and it may not be
    downloaded, ``DownloadError`` when a download fails, ``CacheError`` when
    the cached file changed and ``CorpusFileError`` for a file that is not
    Reuters-21578 or whose SGML files differ from the publisher's.
    """
    if subset not in REUTERS_SUBSETS:
        raise ValueError(f"subset={subset!r} is not one of {list(REUTERS_SUBSETS)}")
    if split not in REUTERS_SPLITS:
        raise ValueError(
            f"split={split!r} is not a split this loader knows; pass split='modapte' "
            "(Lewis's README defines it: TOPICS=\"YES\" stories, LEWISSPLIT TRAIN and TEST)"
        )
    if path is not None:
        check_path(path, "path", f"~/Downloads/{REUTERS_ARCHIVE_NAME}")
    if data_home is not None:
        check_path(data_home, "data_home", "~/naivebayes_data")
    categories = _check_reuters_categories(categories)
    if with_topics_only not in (True, False):
        raise TypeError(f"with_topics_only={with_topics_only!r}; pass True or False")

    location, own_copy = find_reuters(path, data_home, download_if_missing)
    stories = read_reuters_once(location, own_copy)
    if categories is not None:
        _check_reuters_topic_names(categories, {topic for story in stories for topic in story[3]})

    kept = set(categories) if categories is not None else None
    texts, labels, ids = [], [], []
    for lewis_split in REUTERS_SUBSETS[subset]:
        for newid, topics_attribute, story_split, topics, text in stories:
            if topics_attribute != "YES" or story_split != lewis_split:
                continue
            if kept is not None:
                topics = [topic for topic in topics if topic in kept]
            if with_topics_only and not topics:
                continue
            texts.append(text)
            labels.append(list(topics))  # a copy: the stories read stay as they were
            ids.append(newid)
    if categories is not None:
        label_names = sorted(kept)
    else:
        label_names = sorted({topic for topics in labels for topic in topics})
    return Reuters(texts, labels, ids, label_names)


def _check_reuters_categories(categories):
    """None, or the categories as a list of strings."""
    if categories is None:
        return None
    if isinstance(categories, str):
        raise TypeError(
            f"categories is a single string ({categories!r}); pass a list of topic names, "
            f"e.g. categories=[{categories!r}], or REUTERS_TEN_LARGEST"
        )
    categories = list(categories)
    if not categories:
        raise ValueError("categories is empty; pass None for every topic, or a list of topic names")
    for name in categories:
        if not isinstance(name, str):
            raise TypeError(f"categories holds {name!r}; each category must be a topic name string such as 'earn'")
    return categories


def _check_reuters_topic_names(categories, topics):
    """Raise ValueError naming a category that no story has, with the closest topics."""
    for name in categories:
        if name not in topics:
            close = difflib.get_close_matches(name, sorted(topics), n=3)
            hint = f" Did you mean {' or '.join(map(repr, close))}?" if close else ""
            raise ValueError(
                f"unknown topic {name!r}: no story of Reuters-21578 has it.{hint} "
                "REUTERS_MODAPTE_CATEGORIES lists the 90 topics of the ModApte split"
            )


# ---------------------------------------------------------------------------
# Parsing the SGML: the elements are found with str.find (a regular
# expression that scans for a closing tag is several times slower here).
# ---------------------------------------------------------------------------

REUTERS_ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')
REUTERS_D = re.compile(r"<D>(.*?)</D>", re.S)
REUTERS_TAG = re.compile(r"<[^>]*>")


def _reuters_element(story, tag):
    """The text between ``<tag ...>`` and ``</tag>`` in ``story``, or None if there is no such element."""
    start = story.find("<" + tag)
    while start >= 0 and story[start + 1 + len(tag):start + 2 + len(tag)] not in (">", " "):
        start = story.find("<" + tag, start + 1)  # <TOPICS> when looking for <TOPIC, say
    if start < 0:
        return None
    start = story.find(">", start) + 1
    end = story.find("</" + tag + ">", start)
    return story[start:end] if end >= 0 else None


def parse_reuters_sgml(sgml, source="the SGML"):
    """The stories of one SGML file: ``[(NEWID, TOPICS, LEWISSPLIT, topics, text), ...]``.

    ``html.unescape`` decodes the entities; it drops the control codes
    ``&#1;`` to ``&#31;`` but keeps a newline or a tab.
    """
    stories = []
    chunks = sgml.split("</REUTERS>")
    for chunk in chunks[:-1]:
        start = chunk.find("<REUTERS ")
        if start < 0:
            raise CorpusFileError(f"{source} has a </REUTERS> without its <REUTERS ...>; the file is damaged")
        head_end = chunk.find(">", start)
        attributes = dict(REUTERS_ATTRIBUTE.findall(chunk, start, head_end))
        story = chunk[head_end + 1:]
        if not attributes.get("NEWID", "").isdigit():
            raise CorpusFileError(f"{source} holds a story without a NEWID number: {chunk[start:head_end + 1]}")
        topics = []
        for topic in REUTERS_D.findall(_reuters_element(story, "TOPICS") or ""):
            if topic not in topics:
                topics.append(topic)
        text = _reuters_element(story, "TEXT") or ""
        title = _reuters_element(text, "TITLE")
        body = _reuters_element(text, "BODY")
        if body is not None:
            text = (html.unescape(title).strip() + "\n\n" if title is not None else "") + html.unescape(body).strip()
        elif title is not None:
            text = html.unescape(title).strip()
        else:  # TYPE="UNPROC": the text is not divided into fields
            text = html.unescape(REUTERS_TAG.sub("", text)).strip()
        stories.append((int(attributes["NEWID"]), attributes.get("TOPICS"), attributes.get("LEWISSPLIT"), topics, text))
    if len(stories) != sgml.count("<REUTERS "):
        raise CorpusFileError(
            f"{source} has {sgml.count('<REUTERS ')} <REUTERS> tags but {len(stories)} complete "
            "stories; the file is cut short or damaged. Download the archive again"
        )
    return stories


# ---------------------------------------------------------------------------
# Finding the archive.
# ---------------------------------------------------------------------------


def reuters_by_hand_hint():
    """What to do with a copy downloaded by hand."""
    return (
        f"pass it as load_reuters21578(path='path/to/{REUTERS_ARCHIVE_NAME}') or set "
        f"{REUTERS_PATH_ENV}=path"
    )


def find_reuters(path=None, data_home=None, download_if_missing=True):
    """``(location, own copy?)``: the archive or folder to read, in the order of the module docstring."""
    for given, given_as in ((path, f"path={str(path)!r}"),
                            (os.environ.get(REUTERS_PATH_ENV), f"the environment variable {REUTERS_PATH_ENV}")):
        if given:
            location = Path(given).expanduser()
            if not location.exists():
                raise FileNotFoundError(
                    f"{given_as} names {location}, which does not exist; check the path, or leave "
                    "it out to use the cache (and download the archive if it is missing)"
                )
            if location.is_dir() and (location / REUTERS_ARCHIVE_NAME).is_file():  # a folder that holds the archive
                location = location / REUTERS_ARCHIVE_NAME
            return location, True
    cache = cache_file(data_home, REUTERS_ARCHIVE_NAME)
    if cache.exists():
        check_cached_hash(
            cache,
            REUTERS_SHA256,
            f"If you put your own copy there, pass it as path='{cache}' instead (your own "
            "copies are checked file by file)",
        )
        return cache, False
    if download_if_missing:
        url = url_from_environment(
            REUTERS_URL_ENV,
            REUTERS_URL,
            f"To read a copy on this computer, unset it and set {REUTERS_PATH_ENV} to its path",
        )
        return download(url, cache, REUTERS_SHA256, by_hand=reuters_by_hand_hint()), False
    raise FileNotFoundError(
        f"{REUTERS_ARCHIVE_NAME} was not found: path= was not given, {REUTERS_PATH_ENV} is not "
        f"set, and the cache {cache} does not exist. Pass download_if_missing=True to download "
        f"it (about 8 MB) from {REUTERS_URL}, or download it by hand and {reuters_by_hand_hint()}"
    )


# ---------------------------------------------------------------------------
# Reading the 22 SGML files.
# ---------------------------------------------------------------------------


def _reuters_sgml_files(location):
    """{file name: bytes} of the ``reut2-*.sgm`` files in an archive or a folder."""
    if location.is_dir():
        return {name: (location / name).read_bytes() for name in REUTERS_FILE_SHA256 if (location / name).is_file()}
    files = {}
    try:
        with tarfile.open(location, "r:*") as tar:
            for member in tar:
                name = member.name.rpartition("/")[2]
                if name in REUTERS_FILE_SHA256 and member.isfile():
                    files[name] = tar.extractfile(member).read()
            while tar.fileobj.read(1 << 16):  # read to the end, so gzip checks its CRC
                pass
    except (tarfile.TarError, EOFError, zlib.error, gzip.BadGzipFile) as error:
        raise CorpusFileError(
            f"{location} is not a readable {REUTERS_ARCHIVE_NAME} (truncated or corrupt): "
            f"{type(error).__name__}: {error}. Download it again"
        ) from None
    return files


def read_reuters(location, own_copy):
    """Every story of the 22 files, in NEWID order; an own copy's files checked by SHA-256."""
    files = _reuters_sgml_files(location)
    missing = [name for name in REUTERS_FILE_SHA256 if name not in files]
    if missing:
        raise CorpusFileError(
            f"{location} is not Reuters-21578: it lacks {len(missing)} of its 22 SGML files "
            f"(such as {missing[0]}). Pass {REUTERS_ARCHIVE_NAME} from {REUTERS_URL}, or the "
            "folder it unpacks to"
        )
    if own_copy and not (location.is_file() and sha256_of_file(location) == REUTERS_SHA256):
        for name, data in files.items():
            digest = hashlib.sha256(data).hexdigest()
            if digest != REUTERS_FILE_SHA256[name]:
                raise CorpusFileError(
                    f"{name} in {location} has the SHA-256 {digest}, not that of Distribution "
                    f"1.0 ({REUTERS_FILE_SHA256[name]}), so it is another version or was changed. "
                    f"Download {REUTERS_ARCHIVE_NAME} again from {REUTERS_URL}"
                )
    stories = []
    for name in sorted(files):
        stories.extend(parse_reuters_sgml(files[name].decode("latin-1"), source=f"{name} in {location}"))
    stories.sort(key=lambda story: story[0])
    return stories


_reuters_last_read = {}  # {(path, size, modification time): stories} of the last archive read


def read_reuters_once(location, own_copy):
    """``read_reuters``, keeping the stories of the last archive read (a replaced file is read again).

    A folder is read every time: its files can change without changing it.
    """
    if location.is_dir():
        return read_reuters(location, own_copy)
    status = location.stat()
    key = (str(location.resolve()), status.st_size, status.st_mtime_ns, own_copy)
    if key not in _reuters_last_read:
        _reuters_last_read.clear()
        _reuters_last_read[key] = read_reuters(location, own_copy)
    return _reuters_last_read[key]
