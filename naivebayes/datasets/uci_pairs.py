"""Finding one of a UCI data set's two files (training and test), for the loaders that read such a pair.

UCI publishes the Adult census as ``adult.data`` and ``adult.test`` and the
optical digits as ``optdigits.tra`` and ``optdigits.tes``, each pair in one
folder.  Both loaders look for a file in the same order:

1. ``path=``: the user's own copy, a folder holding the file (or, for one
   subset, the file itself), checked by format, not by hash;
2. the loader's ``..._PATH`` environment variable, read the same way;
3. the cache (``data_home``), checked by SHA-256;
4. a download from UCI's folder (or the loader's ``..._URL`` variable),
   checked by SHA-256 before it is kept.

``UciPair`` names what differs between the loaders.  Each loader builds it
when it is called, from its module's own constants, so a test can point a
loader at another folder by changing those constants.
"""

import os
from pathlib import Path

from naivebayes.datasets.download import cache_file, check_cached_hash, download, url_from_environment

__all__ = []  # (used by the loaders; a user calls load_adult or load_optdigits)


class UciPair:
    """What a loader of a UCI training/test pair of files needs to find one of them."""

    def __init__(self, loader, url, files, sha256, sizes, path_env, url_env, own_copies_checked):
        self.loader = loader  # "load_adult": named in the messages
        self.url = url  # UCI's folder, ending in "/"
        self.files = files  # {"train": file name, "test": file name}
        self.sha256 = sha256  # {file name: hex digest}
        self.sizes = sizes  # {file name: its size, as the messages print it, such as "4 MB"}
        self.path_env, self.url_env = path_env, url_env
        self.own_copies_checked = own_copies_checked  # how a user's own copy is checked, such as "by format"

    def by_hand_hint(self):
        """What to do with a copy downloaded by hand."""
        return f"pass the folder that holds it as {self.loader}(path='path/to/folder') or set {self.path_env}=path/to/folder"

    def both_files(self):
        return f"{self.files['train']} and {self.files['test']}"


def find_uci_file(pair, file_name, subset, path=None, data_home=None, download_if_missing=True):
    """The path of ``file_name``, one of ``pair``'s two files, looking in the order of the module docstring."""
    if path is not None:
        return own_uci_file(pair, path, file_name, subset, f"path={str(path)!r}")
    if os.environ.get(pair.path_env):
        return own_uci_file(pair, os.environ[pair.path_env], file_name, subset,
                            f"the environment variable {pair.path_env}")
    cache = cache_file(data_home, file_name)
    if cache.exists():
        check_cached_hash(
            cache,
            pair.sha256[file_name],
            f"If you put your own copy there, pass its folder as path='{cache.parent}' "
            f"instead (your own copies are checked {pair.own_copies_checked}, not by hash)",
        )
        return cache
    if download_if_missing:
        folder_url = url_from_environment(
            pair.url_env, pair.url, f"To read files on this computer, unset it and set {pair.path_env} to their folder"
        )
        if folder_url.rstrip("/").rpartition("/")[2] in pair.files.values():
            raise ValueError(
                f"the environment variable {pair.url_env} is {folder_url!r}, the address of a file; "
                f"set it to the folder that holds {pair.both_files()}, such as {pair.url}"
            )
        url = folder_url.rstrip("/") + "/" + file_name
        return download(url, cache, pair.sha256[file_name], by_hand=pair.by_hand_hint())
    raise FileNotFoundError(
        f"{file_name} was not found: path= was not given, {pair.path_env} is not set, and the "
        f"cache {cache} does not exist. Pass download_if_missing=True to download it (about "
        f"{pair.sizes[file_name]}) from {pair.url}{file_name}, or download it by hand and {pair.by_hand_hint()}"
    )


def own_uci_file(pair, given, file_name, subset, given_as):
    """A user's own copy of ``file_name``: ``given`` is its folder or, for one subset, the file."""
    location = Path(given).expanduser()
    if location.is_dir():
        found = location / file_name
        if not found.is_file():
            raise FileNotFoundError(
                f"{given_as} names the folder {location}, which holds no {file_name} (needed "
                f"for subset={subset!r}); put UCI's {file_name} there (from {pair.url}{file_name}), "
                "or leave the setting out to use the cache (and download the file if it is missing)"
            )
        return found
    if location.is_file():
        if subset == "all":
            raise ValueError(
                f"{given_as} names the file {location}, but subset='all' reads two files; name "
                f"the folder that holds {pair.both_files()} instead, e.g. path='{location.parent}'"
            )
        other = pair.files["test" if subset == "train" else "train"]
        if location.name == other:
            raise ValueError(
                f"{given_as} names {other}, but subset={subset!r} reads {file_name}; pass "
                f"subset={'test' if subset == 'train' else 'train'!r}, or name the folder that "
                "holds both files"
            )
        return location
    raise FileNotFoundError(
        f"{given_as} names {location}, which does not exist; check the path, or leave it out "
        "to use the cache (and download the file if it is missing)"
    )
