"""Downloading a data file once, safely, into a cache folder.

The loaders of the larger data sets (``load_20newsgroups``, ``load_adult``)
take the same steps, and they live here:

1. ``find_data_home``: the cache folder is the ``data_home=`` argument, else
   the environment variable ``NAIVEBAYES_DATA``, else ``~/naivebayes_data``.
2. ``cache_file``: the path of one file in that folder.  Partial downloads
   left behind by a download that was killed are removed here, on every call.
3. ``download``: the bytes are streamed into a temporary ``.part`` file next
   to the cached file while their SHA-256 hash is computed.  Only when the
   size and the hash are right is the ``.part`` file renamed to its final
   name, in one step (``os.replace``).  So the cached file is either the
   complete, checked file or not there at all.

A download that fails in Python (no network, an HTTP error, a connection
that drops, a timeout, wrong bytes, even Ctrl-C) deletes its ``.part`` file
and any folder it created.  A process that is killed outright (SIGKILL, or
SIGTERM, which Python does not turn into an exception) cannot clean up.  Its
``.part`` file is named after the machine and the process that wrote it, so
the next call on the same machine sees that the process is gone and removes
the file at once; a ``.part`` file of another machine (a shared cache) goes
once it has not been written to for ``STALE_PART_SECONDS``.

Progress is shown on standard error only when it is a terminal, so logs and
test output stay clean.  Every error names the problem and the fix:

>>> check_url("ftp://example.org/adult.data", "the environment variable NAIVEBAYES_ADULT_URL")
Traceback (most recent call last):
...
ValueError: the environment variable NAIVEBAYES_ADULT_URL is 'ftp://example.org/adult.data', which is not an http://, https:// or file:// URL; set it to such a URL
"""

import glob
import hashlib
import http.client
import os
import socket
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

__all__ = ["CacheError", "DownloadError", "download"]

DATA_HOME_ENV = "NAIVEBAYES_DATA"
DEFAULT_DATA_HOME = "~/naivebayes_data"

# The URL schemes a download or a mirror may use.
URL_SCHEMES = ("http", "https", "file")

# A download in progress writes to its .part file at least once per read
# timeout (30 seconds by default) or gives up and deletes it; a .part file
# left untouched for much longer than that belongs to a killed process.
STALE_PART_SECONDS = 10 * 60

CHUNK_BYTES = 1 << 16  # read and write 64 KB at a time


class DownloadError(OSError):
    """A download failed or gave the wrong bytes.  Nothing was saved."""


class CacheError(ValueError):
    """A file in the cache is not the file that was downloaded there."""


# ---------------------------------------------------------------------------
# Checking the settings: paths, URLs, the cache folder.
# ---------------------------------------------------------------------------


def check_path(value, name, example):
    """Raise TypeError unless ``value``, the argument ``name=``, is a path (str or os.PathLike).

    >>> check_path(3, "path", "~/Downloads/adult")
    Traceback (most recent call last):
    ...
    TypeError: path= must be a path, a str or a pathlib.Path, not int (3); for example path='~/Downloads/adult'
    """
    if isinstance(value, (str, os.PathLike)):
        text = os.fspath(value)
        if text in ("", b""):  # (it would read the current folder, or count as no path at all)
            raise ValueError(f"{name}= is empty; give the path of the file or folder, for example {name}={example!r}")
        if "\x00" in str(text):
            raise ValueError(f"{name}= holds a NUL character ({value!r}); give the path of the file or folder without it")
        return
    raise TypeError(
        f"{name}= must be a path, a str or a pathlib.Path, not {type(value).__name__} "
        f"({value!r}); for example {name}={example!r}"
    )


def check_url(url, setting):
    """Raise ValueError unless ``url`` is an http://, https:// or file:// URL.

    ``setting`` says where the URL came from, such as the name of an
    environment variable, so the message can say what to change.
    """
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    if scheme not in URL_SCHEMES:
        raise ValueError(
            f"{setting} is {url!r}, which is not an http://, https:// or file:// URL; "
            "set it to such a URL"
        )


def url_from_environment(variable, default, local_hint):
    """The URL the environment variable ``variable`` names, or ``default`` if it is not set.

    ``local_hint`` is appended to the error for a value that is not a URL
    (often a path on this computer, for which each loader has its own setting).
    """
    url = os.environ.get(variable)
    if not url:
        return default
    try:
        check_url(url, f"the environment variable {variable}")
    except ValueError as error:
        raise ValueError(
            f"{error} (e.g. a course's mirror), or unset it to download from {default}. "
            f"{local_hint}"
        ) from None
    return url


def find_data_home(data_home=None):
    """``(folder, setting)``: the cache folder and, for error messages, where it was chosen.

    The ``data_home`` argument, else the environment variable
    ``NAIVEBAYES_DATA``, else ``~/naivebayes_data``.  The folder need not
    exist yet: a download creates it.
    """
    if data_home is not None:
        check_path(data_home, "data_home", DEFAULT_DATA_HOME)
        return Path(data_home).expanduser(), f"data_home={str(data_home)!r}"
    if os.environ.get(DATA_HOME_ENV):
        return Path(os.environ[DATA_HOME_ENV]).expanduser(), f"the environment variable {DATA_HOME_ENV}"
    return Path(DEFAULT_DATA_HOME).expanduser(), f"the default data_home ({DEFAULT_DATA_HOME})"


def cache_file(data_home, file_name):
    """The path ``<data_home>/<file_name>``, after checking the folder and tidying it.

    Raises NotADirectoryError when the cache folder is a file and
    IsADirectoryError when the cached file's name is taken by a folder.
    Removes stale ``.part`` files of this file (see ``remove_stale_parts``).
    """
    folder, setting = find_data_home(data_home)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(
            f"{setting} is {folder}, which is a file, not a folder. Downloads are kept in a "
            f"folder: pass data_home='path/to/a/folder' (it is created if missing) or set "
            f"{DATA_HOME_ENV} to one"
        )
    path = folder / file_name
    if path.is_dir():
        raise IsADirectoryError(
            f"the cache {path} is a folder, but the loader keeps the downloaded file {file_name} "
            f"under that name. Move or delete that folder, or choose another cache folder "
            f"with data_home= or {DATA_HOME_ENV} (the cache folder comes from {setting})"
        )
    remove_stale_parts(path)
    return path


def remove_stale_parts(destination):
    """Delete the ``.part`` files of ``destination`` that no download is writing any more.

    A download writes ``<name>.<machine>.<process id>.<random>.part`` next to
    ``<name>``.  A part file of this machine whose process has ended was left
    by a download that was killed, and goes.  One whose process still runs
    (a download in another notebook, say) stays.  A part file of another
    machine, or with a name of another form, goes once it has not changed for
    ``STALE_PART_SECONDS``.  Returns the paths removed.
    """
    destination = Path(destination)
    cutoff = time.time() - STALE_PART_SECONDS
    removed = []
    for part in destination.parent.glob(glob.escape(destination.name) + ".*.part"):
        writer = _part_writer(part, destination)
        try:
            if writer is not None and writer[0] == socket.gethostname():
                stale = not _process_is_running(writer[1])
            else:
                stale = part.stat().st_mtime < cutoff
            if stale:
                part.unlink()
                removed.append(part)
        except OSError:  # removed by someone else, or a read-only folder: try next time
            pass
    return removed


def _part_writer(part, destination):
    """(machine, process id) from a part file's name, or None when the name has another form."""
    middle = part.name[len(destination.name) + 1 : -len(".part")].split(".")
    if len(middle) < 3 or not middle[-2].isdigit():
        return None
    return ".".join(middle[:-2]), int(middle[-2])


def _process_is_running(pid):
    """True when a process with this id runs on this machine (signal 0 only asks)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it runs, but belongs to someone else
        return True
    return True


# ---------------------------------------------------------------------------
# Hashes.
# ---------------------------------------------------------------------------


def sha256_of_file(path):
    """The SHA-256 of a file's bytes, as a hex string, read 1 MB at a time."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for chunk in iter(lambda: file.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def check_cached_hash(path, sha256, own_copy_hint):
    """Raise CacheError unless the cached file at ``path`` still has the SHA-256 ``sha256``.

    Only a checked download is ever saved in the cache, so a different hash
    means the file changed on disk after it was downloaded.
    """
    digest = sha256_of_file(path)
    if digest != sha256:
        raise CacheError(
            f"the cached file {path} has the SHA-256 {digest}, not the expected {sha256}, "
            f"so it changed after it was downloaded. Delete it and call again to download a "
            f"fresh copy. {own_copy_hint}"
        )


# ---------------------------------------------------------------------------
# Downloading: stream to a temporary file, check it, then rename it into place.
# ---------------------------------------------------------------------------


def download(url, destination, sha256, progress=None, timeout=30, by_hand=None):
    """Download ``url`` to ``destination``, keeping it only if its SHA-256 is ``sha256``.

    The bytes go to a temporary ``.part`` file next to ``destination`` while
    their hash is computed.  Only when the size matches the server's
    Content-Length and the hash matches ``sha256`` is the file given the
    usual permissions of a new file and renamed to ``destination``
    (``os.replace``, which is atomic).  On any failure the ``.part`` file is
    deleted, so are the folders this call created if they are empty, and
    ``DownloadError`` is raised: ``destination`` is either the complete,
    checked file or what it was before.

    * ``progress``: True shows the download on standard error, False keeps
      quiet, None (the default) shows it only if standard error is a terminal.
    * ``timeout``: in seconds, for connecting and for each read.
    * ``by_hand``: what the error message tells the user to do with a copy
      downloaded by hand; by default, to save it as ``destination``.

    Returns ``destination`` as a ``Path``.
    """
    check_url(url, "the URL to download")
    destination = Path(destination)
    if progress is None:  # a terminal shows a progress line; a log would fill with them
        progress = sys.stderr is not None and sys.stderr.isatty()
    if by_hand is None:
        by_hand = f"save it as {destination}"
    hint = (
        "Call again to retry (a failed download never leaves a file behind), or download "
        f"{url} by hand, e.g. in a browser, and {by_hand}"
    )

    remove_stale_parts(destination)
    created = _make_folder(destination.parent)  # the folders this call made, innermost first
    part = None
    try:
        part, file = _open_part_file(destination)
        if progress:
            sys.stderr.write(f"Downloading {url}\n  to {destination}\n")
        with file:
            n_bytes, expected_bytes, digest = _stream_to_file(url, file, progress, timeout, hint)
            file.flush()
            os.fsync(file.fileno())
        if expected_bytes is not None and n_bytes != expected_bytes:
            raise DownloadError(
                f"could not download {url}: the connection closed after {n_bytes:,} of "
                f"{expected_bytes:,} bytes. {hint}"
            )
        if digest != sha256:
            raise DownloadError(
                f"could not download {url}: the SHA-256 hash of the {n_bytes:,} bytes received "
                f"is {digest}, not the expected {sha256}; the file was damaged on the way or "
                f"the server now sends a different file. {hint}"
            )
        os.chmod(part, _new_file_mode())  # mkstemp made it readable by its owner only
        os.replace(part, destination)
    except BaseException:  # including Ctrl-C: never leave a partial file
        if part is not None:
            Path(part).unlink(missing_ok=True)
        _remove_empty_folders(created)
        raise
    return destination


def _make_folder(folder):
    """Create ``folder`` and any missing parents; return those created, innermost first.

    Raises an OSError that names the folder and how to choose another one.
    """
    folder = Path(folder)
    missing = []
    for candidate in [folder, *folder.parents]:
        if candidate.is_dir():
            break
        if candidate.exists():
            raise NotADirectoryError(
                f"cannot create the folder {folder}: {candidate} is a file. Choose a folder: "
                f"pass data_home='path/to/a/folder' or set {DATA_HOME_ENV}"
            )
        missing.append(candidate)
    created = []
    try:
        for candidate in reversed(missing):  # outermost first
            try:
                candidate.mkdir()
            except FileExistsError:
                if not candidate.is_dir():
                    raise
                continue  # made by another process just now: not ours to remove
            created.insert(0, candidate)
    except OSError as error:
        _remove_empty_folders(created)
        raise type(error)(
            f"cannot create the folder {folder}: {error.strerror or error}. Choose a folder "
            f"you can write to: pass data_home='path/to/a/folder' or set {DATA_HOME_ENV}"
        ) from None
    return created


def _remove_empty_folders(folders):
    """Remove each of ``folders`` (innermost first) that is empty; stop at the first that is not."""
    for folder in folders:
        try:
            folder.rmdir()
        except OSError:
            break


def _open_part_file(destination):
    """A new ``<name>.<machine>.<process id>.<random>.part`` file next to ``destination``.

    Returns ``(path, open binary file)``.  The machine and the process in the
    name let ``remove_stale_parts`` tell a killed download from a running one.

    Raises an OSError (such as PermissionError for a read-only folder) that
    names the folder and how to choose another one.
    """
    folder = destination.parent
    try:
        prefix = f"{destination.name}.{socket.gethostname()}.{os.getpid()}."
        handle, path = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".part")
    except OSError as error:
        raise type(error)(
            f"cannot write to the folder {folder}: {error.strerror or error}. Choose a folder "
            f"you can write to: pass data_home='path/to/a/folder' or set {DATA_HOME_ENV} (or "
            f"make {folder} writable)"
        ) from None
    return path, os.fdopen(handle, "wb")


def _new_file_mode():
    """The permissions any new file of this user gets: ``0o666`` minus the bits of the umask.

    The umask can only be read by setting it, so it is set and put straight
    back.
    """
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def _show_progress(received, total):
    """One line on stderr, rewritten in place: bytes so far, of how many, and the percent."""
    if total:
        message = f"\r  {received / 1e6:.1f} MB of {total / 1e6:.1f} MB ({100 * received // total}%)"
    else:
        message = f"\r  {received / 1e6:.1f} MB"
    sys.stderr.write(message)
    sys.stderr.flush()


def _stream_to_file(url, file, progress, timeout, hint):
    """Copy ``url`` into ``file`` in chunks: (bytes received, Content-Length or None, SHA-256)."""
    digest = hashlib.sha256()
    n_bytes, expected_bytes, problem = 0, None, None
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            expected_bytes = int(length) if length and length.isdigit() else None
            shown_step = -1
            while True:
                chunk = response.read1(CHUNK_BYTES)  # what has arrived, up to 64 KB
                if not chunk:
                    break
                file.write(chunk)
                digest.update(chunk)
                n_bytes += len(chunk)
                # Redraw the progress line when the percent (or, without a size, the MB) changes.
                step = 100 * n_bytes // expected_bytes if expected_bytes else n_bytes >> 20
                if progress and step != shown_step:
                    _show_progress(n_bytes, expected_bytes)
                    shown_step = step
    except urllib.error.HTTPError as error:
        error.close()
        problem = f"the server answered HTTP {error.code} {error.reason}"
    except urllib.error.URLError as error:  # no network, unknown host, refused, no such file
        problem = f"could not connect ({error.reason})"
    except (OSError, http.client.HTTPException) as error:  # reset, timeout, IncompleteRead
        problem = f"the download stopped after {n_bytes:,} bytes ({type(error).__name__}: {error})"
    if progress and n_bytes:
        sys.stderr.write("\n")  # end the progress line
    if problem is None:
        return n_bytes, expected_bytes, digest.hexdigest()
    raise DownloadError(f"could not download {url}: {problem}. {hint}")
