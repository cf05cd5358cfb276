"""Fetch the pinned Pyodide runtime that the docs' Run buttons use, into .pyodide/ (ignored by git).

    .venv/bin/python docs/scripts/get_pyodide.py

Pyodide is CPython compiled to WebAssembly.  The docs build
(docs/scripts/run_in_browser.py, a mkdocs hook) copies its core files into
the site, so the examples run in the reader's browser with nothing fetched
from the network.  The files are about 12 MB, too large to keep in git, so
this script gets them once from the npm package ``pyodide`` with npm's own
client (``npm pack``), checks the tarball against the integrity hash pinned
below, and unpacks the five files the browser needs:

    pyodide.js          the loader (``loadPyodide``), a classic script
    pyodide.asm.js      the interpreter's JavaScript half
    pyodide.asm.wasm    the interpreter itself
    python_stdlib.zip   the standard library
    pyodide-lock.json   the package index the loader reads at start-up

Needs npm (Debian: ``apt-get install npm``).  Without network, pass a tarball
fetched elsewhere with ``npm pack pyodide@VERSION``: ``--tarball FILE``; it
is checked just the same.  Running it again when the files are there does
nothing.
"""

import argparse
import base64
import hashlib
import io
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VERSION = "0.29.5"  # Python 3.13.2; why this one: docs/run-in-browser.md
# npm's "dist.integrity" of the tarball: npm view pyodide@0.29.5 dist.integrity
INTEGRITY = "sha512-TkYrUv9m8QmfImADKRmpwZulL48E0uUaBSO+dvRQKyAJc0qh9gu7jn8btyHPh3NZm1r2IH2YrJhIr7Q2B9urAw=="
CORE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
CACHE = ROOT / ".pyodide"
RUNTIME = CACHE / f"pyodide-{VERSION}"  # where the hook looks for the files
COMMAND = ".venv/bin/python docs/scripts/get_pyodide.py"


def runtime_is_present(folder=RUNTIME):
    return all((folder / name).is_file() for name in CORE_FILES)


def check_integrity(data):
    digest = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    if digest != INTEGRITY:
        raise SystemExit(f"the tarball is not pyodide {VERSION} as published: its integrity is {digest}, "
                         f"expected {INTEGRITY}")


def npm_pack():
    """The bytes of pyodide-VERSION.tgz, by ``npm pack`` (npm's own client and its registry settings)."""
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is not installed: install it (Debian: apt-get install npm) and run this again, "
                         f"or pass --tarball with a pyodide-{VERSION}.tgz made by `npm pack pyodide@{VERSION}`")
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run([npm, "pack", f"pyodide@{VERSION}", "--silent"], cwd=folder,
                                capture_output=True, text=True, timeout=600)
        tarballs = list(Path(folder).glob("pyodide-*.tgz"))
        if result.returncode != 0 or len(tarballs) != 1:
            raise SystemExit(f"`npm pack pyodide@{VERSION}` failed (exit code {result.returncode}):\n"
                             f"{result.stderr[-2000:]}")
        return tarballs[0].read_bytes()


def unpack(data, folder=RUNTIME):
    """Write the core files from the tarball's package/ folder into ``folder``, all or nothing."""
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        contents = {}
        for name in CORE_FILES:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise SystemExit(f"the tarball has no package/{name}")
            contents[name] = member.read()
    partial = folder.with_name(folder.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    for name, content in contents.items():
        (partial / name).write_bytes(content)
    shutil.rmtree(folder, ignore_errors=True)
    partial.rename(folder)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tarball", type=Path, help=f"use this pyodide-{VERSION}.tgz instead of running npm pack")
    parser.add_argument("--force", action="store_true", help="fetch again even if the files are there")
    arguments = parser.parse_args(argv)
    if runtime_is_present() and not arguments.force:
        print(f"Pyodide {VERSION} is already in {RUNTIME.relative_to(ROOT)}")
        return 0
    data = arguments.tarball.read_bytes() if arguments.tarball else npm_pack()
    check_integrity(data)
    unpack(data)
    size = sum((RUNTIME / name).stat().st_size for name in CORE_FILES)
    print(f"Pyodide {VERSION}: {len(CORE_FILES)} files, {size / 1e6:.1f} MB, in {RUNTIME.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
