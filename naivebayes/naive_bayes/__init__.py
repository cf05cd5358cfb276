"""Naive Bayes: one shared skeleton, one base per kind of data, one file per model.

* ``base.py`` -- what every naive Bayes classifier shares (classes, priors, training,
  Bayes' rule); ``explanation.py`` -- the Bayes table that ``explain`` returns;
* ``text_base.py`` -- documents and a vocabulary; ``multinomial.py``, ``bernoulli.py``,
  ``complement.py`` (Rennie et al.'s complement model), ``semi_supervised.py`` (EM
  on unlabeled texts);
* ``table_base.py`` -- rows of named features; ``categorical.py``, ``gaussian.py``,
  ``poisson.py``, ``histogram.py``, ``kernel.py`` and ``mixed.py``;
* ``tree_augmented.py`` -- each feature may have one other feature as a parent;
* ``linear_form.py`` -- the log-odds of naive Bayes as a linear function (the
  logistic or softmax form);
* ``generative.py`` -- drawing examples and log p(x), the model read generatively;
* ``merging.py`` and ``combining.py`` -- models put together from their tables.

The models the notes set beside naive Bayes live in ``naivebayes/other_models/``;
a faster route a user asks for by name lives in ``naivebayes/fast/``.
"""
