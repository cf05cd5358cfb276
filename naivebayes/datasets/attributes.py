"""scikit-learn's attribute names on the loaders' results, beside this library's own.

The lecture notes load their data with scikit-learn and read ``.data``,
``.target``, ``.target_names`` and ``.DESCR``.  Each loader here returns a
named tuple with clearer names (``texts``, ``labels``, ``label_names``);
``ScikitLearnNames`` adds scikit-learn's names to it, with scikit-learn's
meaning:

* ``data``: the examples, the very list of the first field;
* ``target``: one int per example, its position in ``target_names``
  (``target_names[target[i]] == labels[i]``), not the label itself;
* ``target_names``: the sorted distinct labels;
* ``DESCR``: a few lines about the data set.

An attribute that is neither raises an ``AttributeError`` that lists both
kinds of name.
"""

import difflib

__all__ = ["ScikitLearnNames"]

# scikit-learn's names that these results do not answer, and why.
NOT_KEPT = {
    "filenames": "the examples are read from an archive or a file in the package, not from a file each",
    "frame": "the results are plain lists, not pandas frames",
    "feature_names": "the examples are texts or rows of named features, whose names are the rows' keys",
}


class ScikitLearnNames:
    """Mix into a loader's named tuple: ``data``, ``target``, ``target_names``, ``DESCR``.

    The named tuple says which field holds the examples (``DATA_FIELD``) and
    gives its description (``DESCRIPTION``).  ``target_names`` is the tuple's
    ``label_names`` when it has one (a field or a property), else the sorted
    distinct labels.
    ``target`` is worked out once and kept, so reading ``target[i]`` in a
    loop costs nothing more.
    """

    DATA_FIELD = "texts"
    DESCRIPTION = ""
    SCIKIT_LEARN_NAMES = ("data", "target", "target_names", "DESCR")

    @property
    def data(self):
        """The examples: the same list as the first field."""
        return getattr(self, self.DATA_FIELD)

    @property
    def target_names(self):
        """The distinct labels, sorted: what ``target`` counts positions in."""
        if hasattr(type(self), "label_names"):  # a field, or a property such as Dataset's
            return self.label_names
        return sorted(set(self.labels))

    @property
    def target(self):
        """One int per example: the position of its label in ``target_names``."""
        if "_target" not in self.__dict__:
            position = {name: i for i, name in enumerate(self.target_names)}
            self.__dict__["_target"] = [position[label] for label in self.labels]
        return self.__dict__["_target"]

    @property
    def DESCR(self):  # noqa: N802 (scikit-learn's name)
        """A few lines about the data set, as plain text."""
        return self.DESCRIPTION

    def __repr__(self):
        # The default repr would print every example; show the sizes of the lists instead.
        shown = [f"{len(value)} {name}" if isinstance(value, list) else f"{name}={value!r}"
                 for name, value in zip(self._fields, self)]
        return f"{type(self).__name__}({', '.join(shown)})"

    def __getattr__(self, name):
        # Only called when the usual lookup failed: say what there is.
        known = [*self._fields, *self.SCIKIT_LEARN_NAMES]
        close = difflib.get_close_matches(name, known, n=1)
        if name in NOT_KEPT:
            hint = f" scikit-learn's loaders have it; this one does not: {NOT_KEPT[name]}."
        else:
            hint = f" Did you mean {close[0]!r}?" if close else ""
        raise AttributeError(
            f"{type(self).__name__!r} object has no attribute {name!r}.{hint} "
            f"It has {', '.join(self._fields)}, and scikit-learn's names "
            f"{', '.join(self.SCIKIT_LEARN_NAMES)}"
        )
