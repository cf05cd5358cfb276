"""The exercises on tables of values: categorical and Gaussian estimates, the full joint table, mutual information."""

__all__ = ["TABLE_EXERCISES"]

TABLE_EXERCISES = []
