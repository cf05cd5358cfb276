"""Faster routes a user asks for by name, built from a fitted model; the models never import them.

What ``fit`` and ``predict`` run by default is the derivation on the docs pages.
The code here computes the same answers another way (docs/performance.md says
how, and tests/test_fast_route.py checks that the answers agree):

* ``counting.py`` -- ``fit_counting_in_c(model, X, y)``: a ``MultinomialNB`` or
  ``BernoulliNB`` fitted with each document's tokens counted into its
  class's table in C; the tables of ``model.fit(X, y)``, entry for entry;
* ``packed.py`` -- ``PackedScorer(model)``: a fitted ``MultinomialNB`` or
  ``BernoulliNB`` scored by packed rows, one integer addition per token;
* ``tfidf.py`` -- ``fit_tfidf`` and ``predict_tfidf``: multinomial naive Bayes
  on TF-IDF rows without building the rows of weights;
* ``lanes.py`` -- many whole numbers packed side by side in one integer, so that
  one addition adds every class's terms.
"""

from naivebayes.fast.counting import fit_counting_in_c
from naivebayes.fast.packed import PackedScorer
from naivebayes.fast.tfidf import fit_tfidf, predict_tfidf

__all__ = ["PackedScorer", "fit_counting_in_c", "fit_tfidf", "predict_tfidf"]
