"""Saving a fitted model as a readable JSON file, and loading it back.

* ``model_files.py`` -- ``save``, ``load``, ``to_json``, ``from_json``: what a file holds, and the checks loading makes;
* ``json_values.py`` -- how numbers, labels, tables and sets are written, and read back with their types.
"""

from naivebayes.saving.json_values import ModelFileError
from naivebayes.saving.model_files import from_json, load, load_with_metadata, save, to_json

__all__ = ["save", "load", "to_json", "from_json", "ModelFileError"]
