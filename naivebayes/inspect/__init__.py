"""Looking inside a fitted model: the most informative features (and, later, pictures).

This layer sits above the models and reads only what they make public.
"""
