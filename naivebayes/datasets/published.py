"""Reading a data set as its publisher distributes it: one file, checked member by member.

The loaders of the SMS Spam Collection, the names corpus, the opinion
lexicon and the sentence polarity set take the same steps, and they live
here.  Each loader describes its data set with a ``Publication``: the
publisher's file, where to download it, its SHA-256, and the SHA-256 of each
member the loader reads.

Where the file comes from, in this order:

1. ``path=``: the publisher's file (a zip or a tar.gz archive), a folder that
   holds it under its published name, or, for a data set of one member (SMS
   spam), that member's file itself;
2. the environment variable that the ``Publication`` names (such as
   ``NAIVEBAYES_SMS_SPAM_PATH``), a path of the same kind;
3. the cache ``<data_home>/<file name>`` (``data_home`` as for every loader,
   see ``naivebayes/datasets/download.py``), whose SHA-256 is checked on
   every load;
4. a download into that cache (``download_if_missing``), checked against the
   publisher's SHA-256; a second environment variable (such as
   ``NAIVEBAYES_SMS_SPAM_URL``) names a mirror to use instead.

Whatever the source, every member the loader reads must have its published
SHA-256.  So the publisher's archive passes, and so does a copy packed again
by someone else (another zip, another date in the gzip header), but an
edited or re-encoded copy does not: ``CorpusFileError`` says which member
differs.  The members are small (at most 1.2 MB), so the check costs a few
milliseconds.

>>> member_in_archive("SMSSpamCollection", ["readme", "SMSSpamCollection"])
'SMSSpamCollection'
>>> member_in_archive("names/male.txt", ["corpora/names/male.txt", "corpora/names/README"])
'corpora/names/male.txt'
"""

import errno
import gzip
import hashlib
import os
import tarfile
import zipfile
import urllib.parse
import zlib
from pathlib import Path
from typing import NamedTuple

from naivebayes.datasets.download import (
    cache_file,
    check_cached_hash,
    check_path,
    download,
    url_from_environment,
)

__all__ = ["CorpusFileError", "Publication"]


class CorpusFileError(ValueError):
    """A file is not the publisher's data set: unreadable, a member missing, or a member's bytes changed."""


class Publication(NamedTuple):
    """One data set as its publisher distributes it (see the module docstring)."""

    loader: str  # the loader's name, for messages: "load_sms_spam"
    file_name: str  # the publisher's file, and its name in the cache
    url: str  # where the publisher serves it
    sha256: str  # the SHA-256 of the publisher's file
    size: str  # its size, for messages: "200 KB"
    members: dict  # {path of a member in the archive: the SHA-256 of its bytes}
    path_env: str  # the environment variable naming a copy on this computer
    url_env: str  # the environment variable naming a mirror


def read_publication(publication, path=None, data_home=None, download_if_missing=True):
    """``{member path: bytes}`` of every member of ``publication``, each checked by its SHA-256.

    Looks for the file in the order of the module docstring.  Raises
    ``TypeError`` for a ``path`` or ``data_home`` that is not a path,
    ``FileNotFoundError`` when there is no file and it may not be
    downloaded, ``DownloadError`` when a download fails, ``CacheError`` when
    the cached file changed, and ``CorpusFileError`` for a file that is not
    the publisher's.
    """
    if path is not None:
        check_path(path, "path", f"~/Downloads/{publication.file_name}")
    if data_home is not None:
        check_path(data_home, "data_home", "~/naivebayes_data")
    location = find_publication(publication, path, data_home, download_if_missing)
    members = read_members(publication, location)
    for name, data in members.items():
        check_member_hash(publication, location, name, data)
    return members


def by_hand_hint(publication):
    """What to do with a copy downloaded by hand."""
    return (
        f"pass the file as {publication.loader}(path='path/to/{publication.file_name}') or set "
        f"{publication.path_env}=path"
    )


def find_publication(publication, path=None, data_home=None, download_if_missing=True):
    """The path of the file to read: a copy of one's own, the cache, or a download."""
    if path is not None:
        return own_copy(publication, path, f"path={str(path)!r}")
    if os.environ.get(publication.path_env):
        return own_copy(publication, os.environ[publication.path_env], f"the environment variable {publication.path_env}")
    cache = cache_file(data_home, publication.file_name)
    if cache.exists():
        check_cached_hash(
            cache,
            publication.sha256,
            f"If you put your own copy there, pass it as path='{cache}' instead (your own copies "
            "are checked member by member)",
        )
        return cache
    if download_if_missing:
        url = url_from_environment(
            publication.url_env,
            publication.url,
            f"To read a copy on this computer, unset it and set {publication.path_env} to its path",
        )
        return download(url, cache, publication.sha256, by_hand=by_hand_hint(publication))
    raise FileNotFoundError(
        f"{publication.file_name} was not found: path= was not given, {publication.path_env} is "
        f"not set, and the cache {cache} does not exist. Pass download_if_missing=True to download "
        f"it ({publication.size}) from {publication.url}, or download it by hand and "
        f"{by_hand_hint(publication)}"
    )


def own_copy(publication, given, given_as):
    """A user's own copy: the file itself, or a folder that holds it under its published name.

    In a folder, the name in the download's address counts too (UCI serves
    ``smsspamcollection.zip`` as ``sms+spam+collection.zip``).
    """
    location = Path(given).expanduser()
    if location.is_dir():
        names = list(dict.fromkeys([publication.file_name, urllib.parse.unquote(publication.url.rpartition("/")[2])]))
        if len(publication.members) == 1:  # the unpacked member will do
            names.append(Path(next(iter(publication.members))).name)
        for name in names:
            if (location / name).is_file():
                return location / name
        raise FileNotFoundError(
            f"{given_as} names the folder {location}, which holds no {' or '.join(names)}; put the "
            f"publisher's file there (from {publication.url}), or pass the file itself"
        )
    if not location.exists():
        raise FileNotFoundError(
            f"{given_as} names {location}, which does not exist; check the path, or leave it out "
            "to use the cache (and download the file if it is missing)"
        )
    return location


def member_in_archive(member, names):
    """The name in ``names`` (an archive's listing) that holds ``member``, or None.

    The member's own path first; else the one name that ends in it, so a copy
    packed again under another top folder is found too.
    """
    if member in names:
        return member
    ending = [name for name in names if name.endswith("/" + member)]
    return ending[0] if len(ending) == 1 else None


def read_members(publication, location):
    """``{member path: bytes}`` read from a zip, a tar archive, or the one member's own file."""
    members = publication.members
    try:
        if zipfile.is_zipfile(location):
            with zipfile.ZipFile(location) as archive:
                names = [info.filename for info in archive.infolist() if not info.is_dir()]
                found = {member: member_in_archive(member, names) for member in members}
                check_members_found(publication, location, found, names)
                return {member: archive.read(name) for member, name in found.items()}
        if tarfile.is_tarfile(location):
            with tarfile.open(location, "r:*") as archive:
                files = {info.name.removeprefix("./"): info for info in archive.getmembers() if info.isfile()}
                found = {member: member_in_archive(member, list(files)) for member in members}
                check_members_found(publication, location, found, list(files))
                return {member: archive.extractfile(files[name]).read() for member, name in found.items()}
    except (zipfile.BadZipFile, tarfile.TarError, EOFError, zlib.error, OSError, NotImplementedError) as error:
        # Of the OSErrors only a bad gzip and EINVAL (a damaged zip offset that seeks before the file's
        # start) are damage; a file that cannot be read at all keeps Python's error, which says why.
        # zipfile's NotImplementedError is a flag or method the publisher's file does not use: damage too.
        if isinstance(error, OSError) and not isinstance(error, gzip.BadGzipFile) and error.errno != errno.EINVAL:
            raise
        raise CorpusFileError(
            f"{location} is not a readable {publication.file_name} (truncated or corrupt): "
            f"{type(error).__name__}: {error}. Download or copy it again from {publication.url}"
        ) from None
    if len(members) == 1:  # the member's own file, unpacked
        return {next(iter(members)): Path(location).read_bytes()}
    raise CorpusFileError(
        f"{location} is neither a zip nor a tar archive (or it was cut short), so it is not "
        f"{publication.file_name}; copy it again, or download the publisher's file from {publication.url}"
    )


def check_members_found(publication, location, found, names):
    """Raise CorpusFileError naming the first member the archive lacks, and what it holds."""
    for member, name in found.items():
        if name is None:
            shown = ", ".join(names[:6]) + (", ..." if len(names) > 6 else "") if names else "nothing"
            raise CorpusFileError(
                f"{location} holds no {member} (it holds: {shown}), so it is not "
                f"{publication.file_name}; download the publisher's file from {publication.url}"
            )


def check_member_hash(publication, location, member, data):
    """Raise CorpusFileError unless ``data``, the bytes of ``member``, have the published SHA-256."""
    digest = hashlib.sha256(data).hexdigest()
    expected = publication.members[member]
    if digest != expected:
        raise CorpusFileError(
            f"{member} in {location} has the SHA-256 {digest} ({len(data):,} bytes), not {expected}, "
            f"the hash of the published {member}. It is an edited or re-encoded copy, and the loader "
            f"reads only the published bytes, so that its counts match the papers'. Download "
            f"{publication.url}, or call {publication.loader}() without path= to download it"
        )


def decode_member(publication, member, data, encoding):
    """``data``, the bytes of ``member``, decoded; a byte that does not decode names its line."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise CorpusFileError(
            f"{member}, line {line}: the byte {data[error.start:error.start + 1]!r} is not "
            f"{encoding}, the encoding of the published {member}; this is not the publisher's "
            f"file. Download {publication.url}"
        ) from None
