"""Evaluating a classifier: accuracy, the confusion matrix, precision, recall, F1, splits as scikit-learn
makes them (``split.py``), folds (``folds.py``), cross-validation, grid search and learning curves
(``cross_validation.py``), and calibration
(``calibration.py``: the Brier score, log loss, expected calibration error, Platt's sigmoid, isotonic regression),
ROC and precision-recall curves, their areas and a threshold for a cost (``curves.py``), the paired
bootstrap test (``significance.py``) and the misclassified examples with their explanations (``errors.py``)."""
