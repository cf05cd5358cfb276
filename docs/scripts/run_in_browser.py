"""mkdocs hook (mkdocs.yml: ``hooks:``): a Run button on every doctest example, run in the reader's browser.

What the build adds (docs/run-in-browser.md says it for readers):

* the pinned Pyodide runtime (CPython compiled to WebAssembly), copied from
  .pyodide/pyodide-VERSION/, where docs/scripts/get_pyodide.py puts it, to
  javascripts/vendor/pyodide-VERSION/ beside its LICENSE and SOURCE.txt
  (committed in docs/); each file is checked against the sha256 in SOURCE.txt;
* a wheel of the library, written at every build from this checkout's
  naivebayes/ folder with the standard library only (a wheel is a zip file
  with three small metadata files), to javascripts/naivebayes-VERSION-py3-none-any.whl;
* on each page with a doctest example (a ``>>>`` line), the style sheet and
  javascripts/run-in-browser.js, which put a Run button under each example
  when the page loads.  The page's HTML is otherwise untouched: with
  scripts off, or on a page without examples, it reads exactly as before.

Nothing is fetched from the network: the browser loads the runtime and the
wheel from the site itself, on the first click of Run.

Without the runtime the build fails and says what to run.  To build a site
without Run buttons on purpose (the tests do when the runtime is absent, see
tests/conftest.py), set NAIVEBAYES_DOCS_WITHOUT_RUNTIME=1.
"""

import base64
import hashlib
import importlib.util
import io
import json
import logging
import os
import re
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url

_SPEC = importlib.util.spec_from_file_location("get_pyodide", Path(__file__).with_name("get_pyodide.py"))
get_pyodide = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(get_pyodide)

log = logging.getLogger("mkdocs.hooks.run_in_browser")

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "naivebayes"
VERSION = get_pyodide.VERSION
VENDOR_URI = f"javascripts/vendor/pyodide-{VERSION}/"
SOURCE_TXT = ROOT / "docs" / VENDOR_URI / "SOURCE.txt"
SCRIPT_URI = "javascripts/run-in-browser.js"
STYLE_URI = "stylesheets/run-in-browser.css"
ABOUT_URI = "run-in-browser.md"
WITHOUT_RUNTIME = "NAIVEBAYES_DOCS_WITHOUT_RUNTIME"
# Where the hook looks for the runtime; a test points it at an empty folder to see the build fail.
RUNTIME_ENV = "NAIVEBAYES_PYODIDE_DIR"
DOCTEST_PROMPT = re.compile(r"^[ \t]*>>>( |$)", re.M)

_state = {"enabled": False, "python": None}


def runtime_folder():
    return Path(os.environ[RUNTIME_ENV]) if os.environ.get(RUNTIME_ENV) else get_pyodide.RUNTIME


def recorded_checksums():
    """{file name: sha256} from SOURCE.txt's lines "<sha256>  <name>"."""
    found = re.findall(r"^([0-9a-f]{64})  (\S+)$", SOURCE_TXT.read_text(encoding="utf-8"), re.M)
    return {name: digest for digest, name in found}


def package_version():
    found = re.search(r'^version\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    if not found:
        raise PluginError("run_in_browser: no version = \"...\" in pyproject.toml, so the wheel has no name")
    return found.group(1)


def wheel_name(version=None):
    return f"naivebayes-{version or package_version()}-py3-none-any.whl"


def package_files(package=PACKAGE):
    """Every file of the package as it is in this checkout, compiled caches left out."""
    return sorted(path for path in package.rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo"))


def build_wheel(package=PACKAGE, version=None):
    """The bytes of a pure-Python wheel of ``package``: the same bytes for the same files (fixed dates)."""
    version = version or package_version()
    dist_info = f"naivebayes-{version}.dist-info"
    records, buffer = [], io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
        def add(name, data):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type, info.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            wheel.writestr(info, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            records.append(f"{name},sha256={digest},{len(data)}")

        for path in package_files(package):
            add(path.relative_to(package.parent).as_posix(), path.read_bytes())
        add(f"{dist_info}/METADATA", f"Metadata-Version: 2.1\nName: naivebayes\nVersion: {version}\n".encode())
        add(f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: docs/scripts/run_in_browser.py\n"
                                  b"Root-Is-Purelib: true\nTag: py3-none-any\n")
        records.append(f"{dist_info}/RECORD,,")
        add_record = zipfile.ZipInfo(f"{dist_info}/RECORD", date_time=(1980, 1, 1, 0, 0, 0))
        add_record.compress_type, add_record.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
        wheel.writestr(add_record, "\n".join(records) + "\n")
    return buffer.getvalue()


def missing_runtime_message(folder):
    return (f"The docs' Run buttons need the Pyodide {VERSION} runtime, which is not in {folder}.\n"
            f"Get it once (about 12 MB, with npm):  {get_pyodide.COMMAND}\n"
            f"or, to build a site without Run buttons on purpose, set {WITHOUT_RUNTIME}=1.")


def on_config(config):
    folder = runtime_folder()
    if not get_pyodide.runtime_is_present(folder):
        if os.environ.get(WITHOUT_RUNTIME) == "1":
            log.info("run_in_browser: %s=1 and no runtime in %s: building without Run buttons", WITHOUT_RUNTIME, folder)
            _state["enabled"] = False
            return config
        raise PluginError(missing_runtime_message(folder))
    expected = recorded_checksums()
    for name in get_pyodide.CORE_FILES:
        digest = hashlib.sha256((folder / name).read_bytes()).hexdigest()
        if digest != expected.get(name):
            raise PluginError(f"{folder / name} is not the file of Pyodide {VERSION} recorded in "
                              f"{SOURCE_TXT.relative_to(ROOT)}: fetch it again with {get_pyodide.COMMAND} --force")
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    _state.update(enabled=True, python=lock["info"]["python"], folder=folder)
    return config


def on_files(files, config):
    """The runtime's core files and the library's wheel, added to the site."""
    if not _state["enabled"]:
        return files
    for name in get_pyodide.CORE_FILES:
        files.append(File.generated(config, VENDOR_URI + name, abs_src_path=str(_state["folder"] / name)))
    files.append(File.generated(config, "javascripts/" + wheel_name(), content=build_wheel()))
    return files


def on_post_page(output, page, config):
    """A page with a doctest example loads the style sheet and the script that add its Run buttons."""
    if not _state["enabled"] or not DOCTEST_PROMPT.search(page.markdown or ""):
        return output
    def url(uri):
        return get_relative_url(uri, page.file.url)
    about = get_relative_url(ABOUT_URI.replace(".md", ".html"), page.file.url)
    style = f'<link rel="stylesheet" href="{url(STYLE_URI)}">'
    script = (f'<script src="{url(SCRIPT_URI)}" defer data-pyodide="{url(VENDOR_URI)}" '
              f'data-wheel="{url("javascripts/" + wheel_name())}" data-pyodide-version="{VERSION}" '
              f'data-python-version="{_state["python"]}" data-about="{about}"></script>')
    output = output.replace("</head>", style + "\n</head>", 1)
    return output.replace("</body>", script + "\n</body>", 1)
