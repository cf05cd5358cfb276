"""The exercises on the text models: counting words, the multinomial and Bernoulli estimates, their log terms, the joint."""

__all__ = ["TEXT_EXERCISES"]

TEXT_EXERCISES = []
