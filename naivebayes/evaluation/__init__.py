"""Evaluating a classifier: accuracy, the confusion matrix, precision, recall, F1, and splits."""
