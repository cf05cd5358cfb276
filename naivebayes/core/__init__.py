"""Bayes' rule and the arithmetic every model shares, and nothing else.

* ``arithmetic.py`` -- ratios and logs that stay exact for whole numbers and
  Fractions and are floats otherwise; sums that round once;
* ``bayes.py`` -- the prior, the joint log-likelihood, log-sum-exp, the posterior
  and the decision;
* ``information.py`` -- entropy and mutual information, which the tree-augmented
  model and the independence checks share.

This layer knows nothing about documents, rows or models.
"""
