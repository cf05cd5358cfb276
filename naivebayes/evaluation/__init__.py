"""Evaluating a classifier: accuracy, the confusion matrix, precision, recall, F1, splits, and calibration
(``calibration.py``: the Brier score, log loss, expected calibration error, Platt's sigmoid, isotonic regression)."""
