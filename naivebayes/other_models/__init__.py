"""The models the notes set beside naive Bayes, to show what the naive assumption buys.

* ``joint.py`` -- the full joint table: the Bayes classifier without the naive
  assumption, and its parameter count;
* ``discriminant.py`` -- Gaussian discriminant analysis (QDA and LDA; naive Bayes
  is its diagonal case), with ``linalg.py`` for its covariance matrices;
* ``logistic.py`` -- logistic regression: the same linear form, fitted by the
  conditional likelihood;
* ``gradient.py`` -- the Gaussians fitted by gradient descent, beside the closed form.
"""
