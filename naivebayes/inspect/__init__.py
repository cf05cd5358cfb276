"""Looking inside a fitted model: informative features, independence, overfitting, and pictures.

This layer sits above the models and reads only what they make public.
"""
