"""naivebayes: naive Bayes implemented step by step, to read next to the lecture notes.

The package, one folder per layer, each knowing only the layers above it in this list:

* ``core/`` -- exact-or-float arithmetic, Bayes' rule, the shared checks and errors;
* ``text/`` -- tokenizer -> bag of words -> TF-IDF; ``tables/`` -- rows of named features;
* ``models/`` -- one skeleton for every classifier, and one file per model;
* ``inspect/`` -- looking inside a fitted model;
* ``evaluation/``, ``datasets/`` and ``saving/`` -- metrics and splits, data to learn
  from, and model files.

For text:

    text --Tokenizer--> tokens --BagOfWords--> {word: count}
         --fit--> count tables --smoothing--> estimates
         --log P(c) + log P(x | c)--> joint scores --Bayes' rule--> P(c | x)

>>> from naivebayes import MultinomialNB
>>> from naivebayes.datasets import load_china
>>> documents, labels, test_document = load_china()
>>> MultinomialNB().fit(documents, labels).predict([test_document])
['china']
"""

from naivebayes.core.bayes import ZeroProbabilityError
from naivebayes.plumbing.checks import NotFittedError
from naivebayes.other_models.linalg import SingularMatrixError
from naivebayes.naive_bayes.explanation import Explanation
from naivebayes.evaluation.metrics import (
    accuracy,
    classification_report,
    confusion_matrix,
    f1_score,
    precision,
    precision_recall_f1,
    recall,
)
from naivebayes.evaluation.cross_validation import GridSearchCV, cross_val_score, cross_validate, learning_curve
from naivebayes.evaluation.folds import KFold, StratifiedKFold
from naivebayes.evaluation.split import train_test_split
from naivebayes.inspect.independence import conditional_mutual_information, independence_table, mutual_information
from naivebayes.inspect.informative import most_informative_features
from naivebayes.inspect.outliers import OutlierDetector
from naivebayes.inspect.overfitting import overfitting_table
from naivebayes.inspect.pictures import (
    ConfusionMatrixPlot,
    ContourPlot,
    DensityPlot,
    HistoryPlot,
    InformativeFeaturesPlot,
    ScatterPlot,
)
from naivebayes.naive_bayes.bernoulli import BernoulliNB
from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.naive_bayes.combining import combine_posteriors, combine_predict_proba
from naivebayes.naive_bayes.complement import ComplementNB, RennieTransformer
from naivebayes.other_models.discriminant import GaussianDiscriminantAnalysis
from naivebayes.naive_bayes.gaussian import GaussianNB
from naivebayes.other_models.gradient import GradientFit, fit_gaussians_by_gradient, fit_gaussians_by_gradient_from_statistics
from naivebayes.naive_bayes.histogram import HistogramNB
from naivebayes.naive_bayes.kernel import KernelNB
from naivebayes.other_models.joint import JointBayesClassifier, JointTable, joint_parameter_count, naive_parameter_count
from naivebayes.naive_bayes.linear_form import LinearForm, SoftmaxForm
from naivebayes.other_models.logistic import LogisticRegression
from naivebayes.naive_bayes.merging import merge
from naivebayes.naive_bayes.mixed import MixedNB
from naivebayes.naive_bayes.multinomial import MultinomialNB
from naivebayes.naive_bayes.poisson import PoissonNB
from naivebayes.naive_bayes.semi_supervised import SemiSupervisedNB
from naivebayes.naive_bayes.tree_augmented import TreeAugmentedNB
from naivebayes.saving import ModelFileError, from_json, load, save, to_json
from naivebayes.tables.bins import Discretizer
from naivebayes.text.bag_of_words import BagOfWords
from naivebayes.text.selection import VocabularySelector
from naivebayes.text.stemming import StemCache, porter_stem
from naivebayes.text.tfidf import TfidfTransformer
from naivebayes.text.tokenize import Tokenizer

__version__ = "0.1.0"

__all__ = [
    "Tokenizer",
    "porter_stem",
    "StemCache",
    "BagOfWords",
    "TfidfTransformer",
    "VocabularySelector",
    "RennieTransformer",
    "MultinomialNB",
    "BernoulliNB",
    "ComplementNB",
    "SemiSupervisedNB",
    "CategoricalNB",
    "GaussianNB",
    "PoissonNB",
    "HistogramNB",
    "KernelNB",
    "TreeAugmentedNB",
    "MixedNB",
    "GaussianDiscriminantAnalysis",
    "fit_gaussians_by_gradient",
    "fit_gaussians_by_gradient_from_statistics",
    "GradientFit",
    "JointTable",
    "JointBayesClassifier",
    "joint_parameter_count",
    "naive_parameter_count",
    "mutual_information",
    "conditional_mutual_information",
    "independence_table",
    "overfitting_table",
    "OutlierDetector",
    "merge",
    "combine_posteriors",
    "combine_predict_proba",
    "LinearForm",
    "SoftmaxForm",
    "LogisticRegression",
    "save",
    "load",
    "to_json",
    "from_json",
    "ModelFileError",
    "ScatterPlot",
    "DensityPlot",
    "ContourPlot",
    "HistoryPlot",
    "ConfusionMatrixPlot",
    "InformativeFeaturesPlot",
    "Discretizer",
    "Explanation",
    "most_informative_features",
    "ZeroProbabilityError",
    "NotFittedError",
    "SingularMatrixError",
    "accuracy",
    "precision",
    "recall",
    "f1_score",
    "precision_recall_f1",
    "confusion_matrix",
    "classification_report",
    "train_test_split",
    "KFold",
    "StratifiedKFold",
    "cross_val_score",
    "cross_validate",
    "GridSearchCV",
    "learning_curve",
]
