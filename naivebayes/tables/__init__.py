"""Rows of named features: their forms, missing values, and cutting numbers into intervals.

Like ``text/``, this layer turns what a student passes into plain dicts and
knows no model.
"""
