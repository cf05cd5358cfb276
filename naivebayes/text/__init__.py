"""The text pipeline: tokenizer -> bag of words -> TF-IDF, and the forms a document may take.

Each step turns what a student passes into plain lists and dicts; none of
them knows about any model.
"""
