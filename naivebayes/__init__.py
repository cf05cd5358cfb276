"""naivebayes: naive Bayes implemented step by step, to read next to the lecture notes.

The pipeline, one module per step:

    text --Tokenizer--> tokens --BagOfWords--> {word: count}
         --fit--> count tables --smoothing--> estimates
         --log P(c) + log P(x | c)--> joint scores --Bayes' rule--> P(c | x)

>>> from naivebayes import MultinomialNB
>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> MultinomialNB().fit(documents, labels).predict([test_document])
['china']
"""

from naivebayes.bag_of_words import BagOfWords
from naivebayes.bayes import ZeroProbabilityError
from naivebayes.bernoulli import BernoulliNB
from naivebayes.explain import Explanation
from naivebayes.metrics import (
    accuracy,
    classification_report,
    confusion_matrix,
    f1_score,
    precision,
    precision_recall_f1,
    recall,
)
from naivebayes.multinomial import MultinomialNB
from naivebayes.split import train_test_split
from naivebayes.tfidf import TfidfTransformer
from naivebayes.tokenize import Tokenizer

__version__ = "0.1.0"

__all__ = [
    "Tokenizer",
    "BagOfWords",
    "TfidfTransformer",
    "MultinomialNB",
    "BernoulliNB",
    "Explanation",
    "ZeroProbabilityError",
    "accuracy",
    "precision",
    "recall",
    "f1_score",
    "precision_recall_f1",
    "confusion_matrix",
    "classification_report",
    "train_test_split",
]
