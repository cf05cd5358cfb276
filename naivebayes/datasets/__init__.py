"""Data sets to learn with: small ones that ship with the package, larger ones read once.

Small sets that ship inside the package, so every example runs offline
(see ``naivebayes/datasets/shipped.py``):

* ``load_china()`` -- the four-document "China" example that textbooks use to
  work multinomial and Bernoulli naive Bayes by hand (Manning, Raghavan and
  Schuetze, *Introduction to Information Retrieval*, 2008, chapter 13).
* ``load_spam()`` -- a small spam/ham corpus of short messages written for
  this library (not real e-mail), for the demo and the lecture companions.
* ``load_play_tennis()`` -- Mitchell's PlayTennis table (*Machine Learning*,
  1997, table 3.2): 14 days of four categories, and a test day.
* ``load_iris(exact=False)`` -- Fisher's 150 iris flowers, four lengths
  each; ``exact=True`` gives every length as a ``Fraction``.

Larger corpora, read from their public files (downloaded once into a cache
folder, or a local copy you pass in; see ``download.py``):

* ``load_20newsgroups()`` -- the 20 Newsgroups "bydate" split, 18,846 Usenet
  posts in the order scikit-learn's ``fetch_20newsgroups`` gives them
  (``newsgroups.py``).
* ``load_adult()`` -- the UCI Adult census data, 48,842 people described by
  14 features, labeled by income (``adult.py``).
* ``load_movie_reviews()`` -- Pang and Lee's 2,000 film reviews, pos or
  neg, with their ten cross-validation folds (``movie_reviews.py``).
* ``load_reuters21578()`` -- Reuters-21578's ModApte split, 9,603 training
  and 3,299 test stories, each with a list of topics (``reuters.py``).
* ``load_sms_spam()`` -- the SMS Spam Collection, 5,574 messages, ham or
  spam (``sms_spam.py``).
* ``load_names()`` -- 7,944 first names, male or female, from NLTK's names
  corpus (``names.py``).
* ``load_opinion_lexicon()`` -- Hu and Liu's 2,006 positive and 4,783
  negative words (``opinion_lexicon.py``).
* ``load_sentence_polarity()`` -- Pang and Lee's 10,662 snippets of film
  reviews, pos or neg (``sentence_polarity.py``).
* ``load_optdigits()`` -- UCI's optical digits, 3,823 training and 1,797
  test images of 8x8 grey levels 0..16, labeled 0..9 (``optdigits.py``).

Adult and the digits are each a pair of UCI files, training and test, found
the same way (``uci_pairs.py``).

A table of your own, and the type every table loader returns
(``tabular.py``):

* ``read_csv(path, label)`` -- a CSV file as rows of ``{feature: value}``
  dicts, with numbers recognised and ``?`` read as missing (None).
* ``Dataset(rows, labels, features)`` -- a named tuple with a short repr and
  ``select(features)``.

The results of ``load_20newsgroups``, ``load_china``, ``load_spam`` and
``load_play_tennis`` also answer scikit-learn's names, as the lecture notes
read them: ``data``, ``target`` (each example's position in
``target_names``), ``target_names`` and ``DESCR`` (``attributes.py``).

Errors: ``DownloadError`` (a download failed; nothing was saved),
``CacheError`` (a cached file changed), ``ArchiveError`` (not the 20
Newsgroups archive), ``CorpusFileError`` (not the publisher's file, or
a member's bytes changed; ``published.py``) and ``TableError`` (a table of the wrong shape; the
message names the line).

>>> documents, labels, test_document = load_china()
>>> labels
['china', 'china', 'china', 'japan']
>>> texts, labels = load_spam()
>>> len(texts), sorted(set(labels))
(110, ['ham', 'spam'])
>>> rows, labels, test_row = load_play_tennis()
>>> len(rows), test_row
(14, {'outlook': 'sunny', 'temperature': 'cool', 'humidity': 'high', 'wind': 'strong'})
>>> load_iris()
Dataset(150 rows, features=['sepal_length', 'sepal_width', 'petal_length', 'petal_width'], label_names=['setosa', 'versicolor', 'virginica'])
"""

from naivebayes.datasets.adult import load_adult
from naivebayes.datasets.download import CacheError, DownloadError
from naivebayes.datasets.movie_reviews import load_movie_reviews
from naivebayes.datasets.names import load_names
from naivebayes.datasets.newsgroups import ArchiveError, load_20newsgroups
from naivebayes.datasets.opinion_lexicon import load_opinion_lexicon
from naivebayes.datasets.optdigits import DigitImages, load_optdigits
from naivebayes.datasets.published import CorpusFileError
from naivebayes.datasets.reuters import load_reuters21578
from naivebayes.datasets.sentence_polarity import load_sentence_polarity
from naivebayes.datasets.shipped import load_china, load_iris, load_play_tennis, load_spam
from naivebayes.datasets.sms_spam import load_sms_spam
from naivebayes.datasets.tabular import Dataset, TableError, read_csv

__all__ = [
    "load_china",
    "load_spam",
    "load_play_tennis",
    "load_iris",
    "load_20newsgroups",
    "load_adult",
    "load_movie_reviews",
    "load_reuters21578",
    "load_sms_spam",
    "load_names",
    "load_opinion_lexicon",
    "load_sentence_polarity",
    "load_optdigits",
    "DigitImages",
    "read_csv",
    "Dataset",
    "ArchiveError",
    "CacheError",
    "CorpusFileError",
    "DownloadError",
    "TableError",
]
