"""naivebayes: naive Bayes implemented step by step, to read next to the lecture notes.

The package, one folder per layer; a layer imports only the layers listed before it:

* ``plumbing/`` -- the checks at the public boundary, the errors, tables in text and HTML;
* ``core/`` -- Bayes' rule and the arithmetic every model shares (exact-or-float ratios
  and logs, log-sum-exp, mutual information);
* ``text/`` -- tokenizer -> bag of words -> TF-IDF; ``tables/`` -- rows of named features;
* ``naive_bayes/`` -- naive Bayes itself: one skeleton, one base per kind of data, one
  file per model;
* ``other_models/`` -- the models the notes set beside it: the full joint table,
  discriminant analysis, logistic regression, Gaussians fitted by gradient descent;
* ``inspect/`` -- looking inside a fitted model; ``evaluation/`` -- metrics, splits and
  cross-validation; ``datasets/`` -- data to learn from;
* ``fast/`` -- faster routes a user asks for by name (the models never use them);
* ``saving/`` -- model files; ``exercises/`` -- a student's version of each formula,
  checked and run inside the real model; ``command_line/`` -- the ``naivebayes`` command.

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

# The errors a user may catch
from naivebayes.plumbing.checks import NotFittedError
from naivebayes.core.bayes import ZeroProbabilityError
from naivebayes.core.priors import Beta, Dirichlet, MEstimate
from naivebayes.other_models.linalg import SingularMatrixError

# Turning texts and rows into features
from naivebayes.text.tokenize import Tokenizer
from naivebayes.text.stemming import StemCache, porter_stem
from naivebayes.text.bag_of_words import BagOfWords
from naivebayes.text.tfidf import TfidfTransformer
from naivebayes.text.selection import VocabularySelector
from naivebayes.text.features import CombinedFeatures
from naivebayes.text.lexicon import LexiconCounts
from naivebayes.text.characters import AffixFeatures, CharacterNgrams
from naivebayes.text.hashing import FeatureHasher
from naivebayes.tables.bins import Discretizer

# Naive Bayes
from naivebayes.naive_bayes.multinomial import MultinomialNB
from naivebayes.naive_bayes.bernoulli import BernoulliNB
from naivebayes.naive_bayes.complement import ComplementNB, RennieTransformer
from naivebayes.naive_bayes.semi_supervised import SemiSupervisedNB
from naivebayes.naive_bayes.categorical import CategoricalNB
from naivebayes.naive_bayes.gaussian import GaussianNB
from naivebayes.naive_bayes.poisson import PoissonNB
from naivebayes.naive_bayes.histogram import HistogramNB
from naivebayes.naive_bayes.kernel import KernelNB
from naivebayes.naive_bayes.mixed import MixedNB
from naivebayes.naive_bayes.tree_augmented import TreeAugmentedNB
from naivebayes.naive_bayes.explanation import Explanation
from naivebayes.naive_bayes.linear_form import LinearForm, SoftmaxForm
from naivebayes.naive_bayes.merging import merge
from naivebayes.naive_bayes.combining import combine_posteriors, combine_predict_proba
from naivebayes.naive_bayes.one_vs_rest import OneVsRestClassifier

# The models naive Bayes is set beside
from naivebayes.other_models.joint import JointBayesClassifier, JointTable, joint_parameter_count, naive_parameter_count
from naivebayes.other_models.discriminant import GaussianDiscriminantAnalysis
from naivebayes.other_models.logistic import LogisticRegression
from naivebayes.other_models.gradient import GradientFit, fit_gaussians_by_gradient, fit_gaussians_by_gradient_from_statistics

# Looking inside a model
from naivebayes.inspect.independence import conditional_mutual_information, independence_table, mutual_information
from naivebayes.inspect.informative import most_informative_features, nltk_informative_features
from naivebayes.inspect.odds import odds_ratios
from naivebayes.inspect.estimates import estimate_table
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
from naivebayes.inspect.pixel_pictures import class_pictures, odds_ratio_picture, pixel_picture, show_digit

# Evaluation
from naivebayes.evaluation.metrics import (
    accuracy,
    classification_report,
    confusion_matrix,
    f1_score,
    precision,
    precision_recall_f1,
    recall,
)
from naivebayes.evaluation.split import train_test_split
from naivebayes.evaluation.folds import KFold, StratifiedKFold
from naivebayes.evaluation.cross_validation import (
    GridSearchCV,
    cross_val_predict,
    cross_val_score,
    cross_validate,
    learning_curve,
)
from naivebayes.evaluation.curves import (
    average_precision_score,
    precision_recall_curve,
    roc_auc_score,
    roc_curve,
    threshold_for_cost,
)
from naivebayes.evaluation.significance import paired_bootstrap_test
from naivebayes.evaluation.errors import misclassified
from naivebayes.evaluation.multilabel import (
    multilabel_f1,
    multilabel_precision,
    multilabel_precision_recall_f1,
    multilabel_recall,
)
from naivebayes.inspect.curve_pictures import PrecisionRecallPlot, RocCurvePlot

# Model files
from naivebayes.saving import ModelFileError, from_json, load, save, to_json

__version__ = "0.1.0"

__all__ = [
    "Tokenizer",
    "porter_stem",
    "StemCache",
    "BagOfWords",
    "TfidfTransformer",
    "VocabularySelector",
    "CombinedFeatures",
    "LexiconCounts",
    "AffixFeatures",
    "CharacterNgrams",
    "FeatureHasher",
    "RennieTransformer",
    "MultinomialNB",
    "BernoulliNB",
    "Dirichlet",
    "Beta",
    "MEstimate",
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
    "OneVsRestClassifier",
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
    "show_digit",
    "pixel_picture",
    "class_pictures",
    "odds_ratio_picture",
    "Discretizer",
    "Explanation",
    "most_informative_features",
    "nltk_informative_features",
    "odds_ratios",
    "estimate_table",
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
    "cross_val_predict",
    "cross_val_score",
    "cross_validate",
    "GridSearchCV",
    "learning_curve",
    "roc_curve",
    "roc_auc_score",
    "precision_recall_curve",
    "average_precision_score",
    "threshold_for_cost",
    "paired_bootstrap_test",
    "misclassified",
    "multilabel_precision_recall_f1",
    "multilabel_precision",
    "multilabel_recall",
    "multilabel_f1",
    "RocCurvePlot",
    "PrecisionRecallPlot",
]
