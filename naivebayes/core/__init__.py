"""Arithmetic and Bayes' rule: exact-or-float ratios and logs, the prior, log-sum-exp, the decision.

This layer knows nothing about documents, rows or models.  ``lanes.py`` packs
many whole numbers side by side in one integer, so that the text models' fast
path adds every class's terms with one addition.  It also holds the
library's shared checks and error types (``checks.py``) and the Bayes table
that explains a prediction (``explanation.py``).
"""
