"""The classifiers: one shared skeleton, one base per kind of data, one file per model.

* ``base.py`` -- what every naive Bayes classifier shares (classes, priors, Bayes' rule);
* ``text_base.py`` -- documents and a vocabulary; ``multinomial.py``, ``bernoulli.py``;
* ``table_base.py`` -- rows of named features; ``categorical.py``, ``gaussian.py``,
  ``poisson.py``, ``histogram.py`` and ``mixed.py``.
"""
