"""The small data sets that ship inside the package, in ``naivebayes/datasets/data/``.

Each is small enough to check by hand and needs no network:

* ``load_china()``: four short documents and a test document (text);
* ``load_spam()``: 110 short messages labeled spam or ham (text);
* ``load_play_tennis()``: 14 days described by four categories (rows);
* ``load_iris()``: 150 flowers described by four lengths (rows).

The first three return named tuples that unpack as before and also answer
scikit-learn's names ``data``, ``target``, ``target_names`` and ``DESCR``
(see ``naivebayes/datasets/attributes.py``):

>>> china = load_china()
>>> china.target_names, china.target
(['china', 'japan'], [0, 0, 0, 1])
"""

from importlib import resources
from typing import NamedTuple

from naivebayes.datasets.attributes import ScikitLearnNames
from naivebayes.datasets.tabular import read_csv_lines

__all__ = ["load_china", "load_iris", "load_play_tennis", "load_spam", "ChinaExample", "SpamMessages", "PlayTennis"]


class ChinaExample(ScikitLearnNames, NamedTuple("ChinaExample", [("documents", list), ("labels", list),
                                                                 ("test_document", str)])):
    """``load_china()``'s result: ``documents, labels, test_document = load_china()``.

    ``data`` is ``documents``; ``target[i]`` is the position of ``labels[i]``
    in ``target_names``, the sorted labels ``['china', 'japan']``.
    """

    DATA_FIELD = "documents"
    DESCRIPTION = (
        "The China example of Manning, Raghavan and Schuetze, Introduction to Information\n"
        "Retrieval (2008), chapter 13: four training documents, three labeled china and\n"
        "one japan, and a test document.  Classes: 2.  Documents: 4 and 1 to test.\n"
    )


class SpamMessages(ScikitLearnNames, NamedTuple("SpamMessages", [("texts", list), ("labels", list)])):
    """``load_spam()``'s result: ``texts, labels = load_spam()``.

    ``data`` is ``texts``; ``target[i]`` is the position of ``labels[i]`` in
    ``target_names``, the sorted labels ``['ham', 'spam']``.
    """

    DATA_FIELD = "texts"
    DESCRIPTION = (
        "Short messages written for this library (not real e-mail), each labeled spam or\n"
        "ham.  Classes: 2.  Messages: 110.  Features: text.\n"
    )


class PlayTennis(ScikitLearnNames, NamedTuple("PlayTennis", [("rows", list), ("labels", list), ("test_row", dict)])):
    """``load_play_tennis()``'s result: ``rows, labels, test_row = load_play_tennis()``.

    ``data`` is ``rows``; ``target[i]`` is the position of ``labels[i]`` in
    ``target_names``, the sorted labels ``['no', 'yes']``.
    """

    DATA_FIELD = "rows"
    DESCRIPTION = (
        "Tom Mitchell's PlayTennis table (Machine Learning, 1997, table 3.2, after\n"
        "Quinlan, 1986): fourteen days D1 to D14, each described by outlook,\n"
        "temperature, humidity and wind, labeled yes or no (tennis played), and a test\n"
        "day.  Classes: 2.  Rows: 14 and 1 to test.  Features: 4 categories.\n"
    )


def _read_shipped(file_name):
    """The text of a file in ``naivebayes/datasets/data/``."""
    return resources.files(__package__).joinpath("data", file_name).read_text(encoding="utf-8")


def load_china():
    """The China example: ``ChinaExample(documents, labels, test_document)``.

    The example that Manning, Raghavan and Schuetze (*Introduction to
    Information Retrieval*, 2008, chapter 13) work by hand: three training
    documents are about China and one about Japan; the test document
    mentions "Chinese" three times and Tokyo and Japan once each.
    """
    documents = [
        "Chinese Beijing Chinese",
        "Chinese Chinese Shanghai",
        "Chinese Macao",
        "Tokyo Japan Chinese",
    ]
    labels = ["china", "china", "china", "japan"]
    test_document = "Chinese Chinese Chinese Tokyo Japan"
    return ChinaExample(documents, labels, test_document)


def load_spam():
    """A small corpus of short messages: ``SpamMessages(texts, labels)``, labels "spam" or "ham".

    Written for this library, not real e-mail.  Read from
    ``naivebayes/datasets/data/spam.tsv``: one message a line, the label, a
    tab, then the text.
    """
    texts, labels = [], []
    for line in _read_shipped("spam.tsv").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        label, message = line.split("\t", 1)
        labels.append(label)
        texts.append(message)
    return SpamMessages(texts, labels)


# The day Mitchell asks about after the table: is it a day to play tennis?
PLAY_TENNIS_TEST_DAY = {"outlook": "sunny", "temperature": "cool", "humidity": "high", "wind": "strong"}


def load_play_tennis():
    """The PlayTennis table: ``PlayTennis(rows, labels, test_row)``.

    Fourteen days D1 to D14, in that order, each a row of four categories
    (``outlook``, ``temperature``, ``humidity``, ``wind``, lowercase
    strings), and whether tennis was played, ``"yes"`` or ``"no"``.  The
    test row is the day Mitchell classifies with naive Bayes: sunny, cool,
    high humidity, strong wind.  From Tom Mitchell, *Machine Learning*
    (1997), table 3.2, after Quinlan (1986); read from
    ``naivebayes/datasets/data/play_tennis.csv``.

    >>> rows, labels, test_row = load_play_tennis()
    >>> rows[0], labels[0]
    ({'outlook': 'sunny', 'temperature': 'hot', 'humidity': 'high', 'wind': 'weak'}, 'no')
    >>> labels.count("yes"), labels.count("no")
    (9, 5)
    """
    table = read_csv_lines(
        _read_shipped("play_tennis.csv").splitlines(),
        label="play",
        source="naivebayes/datasets/data/play_tennis.csv",
    )
    return PlayTennis(table.rows, table.labels, dict(PLAY_TENNIS_TEST_DAY))


def load_iris(exact=False):
    """Fisher's iris flowers: ``Dataset(rows, labels, features)``.

    150 flowers, 50 of each species (labels ``"setosa"``, ``"versicolor"``,
    ``"virginica"``), each a row of four lengths in centimetres with one
    decimal: ``{"sepal_length": 5.1, "sepal_width": 3.5, "petal_length":
    1.4, "petal_width": 0.2}``.  These are the values of R's
    ``datasets::iris`` and scikit-learn's ``load_iris`` (R. A. Fisher, 1936,
    *Annals of Eugenics* 7(2):179-188; public domain).

    With ``exact=True`` every length is a ``fractions.Fraction`` of its
    decimal text (5.1 is exactly 51/10), so sums, means and variances are
    exact.  Read from ``naivebayes/datasets/data/iris.csv``.

    >>> rows, labels, features = load_iris()
    >>> rows[0], labels[0]
    ({'sepal_length': 5.1, 'sepal_width': 3.5, 'petal_length': 1.4, 'petal_width': 0.2}, 'setosa')
    >>> load_iris(exact=True).rows[0]["sepal_length"]
    Fraction(51, 10)
    """
    return read_csv_lines(
        _read_shipped("iris.csv").splitlines(),
        label="species",
        exact=exact,
        source="naivebayes/datasets/data/iris.csv",
    )
