"""The classifiers: one shared skeleton, one base per kind of data, one file per model.

* ``base.py`` -- what every naive Bayes classifier shares (classes, priors, Bayes' rule);
* ``text_base.py`` -- documents and a vocabulary; ``multinomial.py``, ``bernoulli.py``;
* ``table_base.py`` -- rows of named features; ``categorical.py``, ``gaussian.py``,
  ``poisson.py``, ``histogram.py`` and ``mixed.py``;
* ``kernel.py`` -- kernel density estimates for measurements (``KernelNB``, and the
  ``kernel`` distribution);
* ``tree_augmented.py`` -- tree-augmented naive Bayes: each feature may have one other
  feature as a parent, chosen by the maximum spanning tree of I(X_i; X_j | C);
* ``joint.py`` -- the full joint table and the Bayes classifier without the naive
  assumption, to set beside the naive models;
* ``gradient.py`` -- the Gaussians fitted by gradient descent (Adam), to set beside
  the closed form;
* ``linear.py`` -- the logistic (softmax) form of the models whose log-odds are linear;
* ``logistic.py`` -- logistic regression: the same model class, fitted by the conditional
  likelihood (L-BFGS), to set beside naive Bayes;
* ``generative.py`` -- drawing examples, and the pieces of imputing;
* ``discriminant.py`` -- Gaussian discriminant analysis (QDA, LDA, and naive Bayes
  as its diagonal case);
* ``merging.py`` -- ``merge``: the model trained on the rows of several models,
  from their tables alone;
* ``combining.py`` -- models trained on different features of the same rows,
  combined by Bayes' rule with the prior counted once.
"""
