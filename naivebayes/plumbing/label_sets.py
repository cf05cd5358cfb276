"""Label sets: the labels of a multi-label problem, where each example has a list of classes (none, one or several).

A Reuters story can be about *grain* and *wheat* at once, and one about
neither; its labels are the list ``["grain", "wheat"]`` or ``[]``.  The
one-against-the-rest classifier (``naivebayes/naive_bayes/one_vs_rest.py``)
and the multi-label metrics (``naivebayes/evaluation/multilabel.py``) both
check their label sets here, once, at the public boundary.
"""

from naivebayes.plumbing.checks import as_list, check_label, ndim_of, sorted_labels

__all__ = []  # the checks of the multi-label tools; a user calls those tools

LABEL_SET_KINDS = (list, tuple, set, frozenset)


def check_label_sets(name, y, n_examples=None, examples_name="X"):
    """``y`` as a new list of label lists, one per example, each label checked and named once; a clear error if not.

    A label set is a list, tuple or set of labels (``["earn"]``, or ``[]``
    for an example in no class), or a 1-D numpy array of them.  A string is
    refused: ``"earn"`` would be the letters e, a, r, n.
    """
    label_sets = as_list(name, y, what="label sets")
    if n_examples is not None and len(label_sets) != n_examples:
        raise ValueError(
            f"{examples_name} has {n_examples} examples but {name} has {len(label_sets)} label sets; "
            "give one list of labels per example"
        )
    checked = []
    for i, labels in enumerate(label_sets):
        if type(labels) not in LABEL_SET_KINDS:
            if ndim_of(labels) == 1:  # a numpy array or pandas Series of labels
                labels = labels.tolist()
            else:
                raise TypeError(
                    f"{name}[{i}] is {labels!r:.60}, not a list of labels; each example's labels are a list, "
                    f"such as ['earn'], ['grain', 'wheat'] or [] for none (a multi-label y is a list of such lists)"
                )
        labels = [check_label(f"{name}[{i}]", j, label) for j, label in enumerate(labels)]
        checked.append(list(dict.fromkeys(labels)))  # each label once, in the order given
    return checked


def classes_of(*label_set_lists):
    """The sorted labels that occur in any of the lists of label sets."""
    labels = {}
    for label_sets in label_set_lists:
        for labels_of_one in label_sets:
            labels.update(dict.fromkeys(labels_of_one))
    return sorted_labels(labels)


def check_class_list(classes, name="classes"):
    """``classes`` as a list of distinct labels (None stays None), or a clear error."""
    if classes is None:
        return None
    classes = as_list(name, classes, what="classes")
    checked = [check_label(name, i, label) for i, label in enumerate(classes)]
    if len(set(checked)) != len(checked):
        raise ValueError(f"{name} names a class twice: {checked!r:.80}; give each class once")
    if not checked:
        raise ValueError(f"{name} is empty; give at least one class")
    return checked
