"""Bayes' rule and the arithmetic every model shares, and nothing else.

* ``arithmetic.py`` -- ratios and logs that stay exact for whole numbers and
  Fractions and are floats otherwise; sums that round once;
* ``bayes.py`` -- the prior, the joint log-likelihood, log-sum-exp, the posterior
  and the decision;
* ``information.py`` -- entropy and mutual information, which the tree-augmented
  model and the independence checks share;
* ``priors.py`` -- smoothing as a prior: Dirichlet and Beta pseudo-counts,
  Mitchell's m-estimate, and the estimates they give (maximum likelihood,
  posterior mean, MAP);
* ``beta.py`` -- the Beta distribution's regularized incomplete beta function,
  its quantiles and an estimate's credible interval.

This layer knows nothing about documents, rows or models.
"""
