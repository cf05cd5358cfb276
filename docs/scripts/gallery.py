# gallery.py: draws every picture of docs/gallery.md into docs/images/.
#
#     .venv/bin/python docs/scripts/gallery.py            (writes docs/images/*.svg)
#
# tests/test_pictures.py runs main() into a temporary folder and checks that the
# files in docs/images/ are byte for byte what it draws, so they cannot drift
# from the code: after changing a picture, run this script and commit the files.
import os
import sys
from pathlib import Path

from naivebayes import GaussianNB, HistogramNB, KernelNB, MultinomialNB, Tokenizer, confusion_matrix, train_test_split
from naivebayes import BernoulliNB
from naivebayes.datasets import load_iris, load_optdigits, load_spam
from naivebayes.inspect.pixel_pictures import class_pictures, odds_ratio_picture, show_digit
from naivebayes.evaluation.curves import precision_recall_curve, roc_curve
from naivebayes.inspect.curve_pictures import PrecisionRecallPlot, RocCurvePlot
from naivebayes.inspect.informative import most_informative_features
from naivebayes.other_models.gradient import fit_gaussians_by_gradient
from naivebayes.inspect.pictures import (
    ConfusionMatrixPlot,
    ContourPlot,
    DensityPlot,
    HistoryPlot,
    InformativeFeaturesPlot,
    ScatterPlot,
)

IMAGES = Path(__file__).resolve().parent.parent / "images"
# UCI's digits are not shipped with the package: their pictures are drawn only where a copy is found.
OPTDIGITS = Path(os.environ.get("NAIVEBAYES_OPTDIGITS_PATH") or Path(__file__).resolve().parents[3] / "shared" / "data" / "optdigits")
X, Y = "sepal_length", "sepal_width"  # the blog post's two features
X_LABEL, Y_LABEL = "sepal length (cm)", "sepal width (cm)"


def pictures():
    """{file name: picture} for every picture of the gallery."""
    iris = load_iris().select([X, Y])
    X_train, X_test, y_train, y_test = train_test_split(iris.rows, iris.labels, test_size=0.2, random_state=0)
    gaussian = GaussianNB().fit(X_train, y_train)
    histogram = HistogramNB(n_bins=8).fit(X_train, y_train)
    labels = {"x_label": X_LABEL, "y_label": Y_LABEL}

    texts, spam_labels = load_spam()
    words = MultinomialNB(tokenizer=Tokenizer(stop_words="english")).fit(texts, spam_labels)

    # virginica against the other two species, on the 30 test flowers: the probability of each model ranks them
    virginica = {name: model.predict_proba(X_test) for name, model in (("GaussianNB", gaussian),
                                                                        ("HistogramNB", histogram))}

    return {
        "iris-training-set.svg": ScatterPlot(X_train, y_train, X, Y, title="Training set", **labels),
        "iris-decision-regions.svg": ScatterPlot(
            X_train, y_train, X, Y, model=gaussian, title="Training set with decision regions (GaussianNB)", **labels
        ),
        "iris-histogram-regions.svg": ScatterPlot(
            X_train, y_train, X, Y, model=histogram, title="Decision regions of HistogramNB, 8 bins", **labels
        ),
        "iris-gaussian-densities.svg": DensityPlot(X_train, y_train, X, model=gaussian, x_label=X_LABEL),
        "iris-histogram-densities.svg": DensityPlot(X_train, y_train, X, model=histogram, x_label=X_LABEL),
        "iris-kernel-densities.svg": DensityPlot(X_train, y_train, X, x_label=X_LABEL),
        "iris-kernel-model-densities.svg": DensityPlot(
            X_train, y_train, X, model=KernelNB().fit(X_train, y_train), x_label=X_LABEL
        ),
        "iris-density-contours.svg": ContourPlot(X_train, y_train, X, Y, gaussian, **labels),
        "iris-training-history.svg": HistoryPlot(
            fit_gaussians_by_gradient(X_train, y_train).history_,  # the blog's settings: Adam, 0.005, 10,000 epochs
            title="Fitting the Gaussians by gradient (Adam, learning rate 0.005)",
            y_labels={"loss": "negative log-likelihood", "means": "mean (cm)", "scales": "scale (cm)"},
        ),
        "iris-confusion-matrix.svg": ConfusionMatrixPlot(
            confusion_matrix(y_test, gaussian.predict(X_test)), title="GaussianNB on the iris test set"
        ),
        "iris-roc-curves.svg": RocCurvePlot(
            {name: roc_curve(y_test, p, pos_label="virginica") for name, p in virginica.items()},
            title="ROC curves: virginica against the rest", subtitle="30 test flowers, sepals only",
        ),
        "iris-precision-recall-curves.svg": PrecisionRecallPlot(
            {name: precision_recall_curve(y_test, p, pos_label="virginica") for name, p in virginica.items()},
            title="Precision-recall curves: virginica against the rest", subtitle="30 test flowers, sepals only",
        ),
        "spam-informative-features.svg": InformativeFeaturesPlot(
            most_informative_features(words, 12), title="Most informative words of the spam corpus"
        ),
    }


def digit_pictures():
    """{file name: picture} of UCI's digits: none where no copy of the files is found (set NAIVEBAYES_OPTDIGITS_PATH)."""
    if not (OPTDIGITS / "optdigits.tra").is_file():
        return {}
    train = load_optdigits("train", path=OPTDIGITS, binary_threshold=8)
    test = load_optdigits("test", path=OPTDIGITS)
    bernoulli = BernoulliNB().fit(train.rows, train.labels)
    first_three = test.labels.index(3)
    return {
        "digits-one-image.svg": show_digit(test.rows[first_three], title=f"Test image {first_three} of optdigits.tes: a 3"),
        "digits-class-pictures.svg": class_pictures(
            bernoulli, title="P(pixel on | digit), BernoulliNB on the training images at threshold 8"
        ),
        "digits-odds-ratio-3-8.svg": odds_ratio_picture(
            bernoulli, 3, 8, top=10, title="log odds ratio per pixel, 3 against 8 (the 10 largest numbered)"
        ),
    }


def main(folder=IMAGES):
    """Write every picture into ``folder``; returns the paths written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return [picture.save(folder / name) for name, picture in {**pictures(), **digit_pictures()}.items()]


if __name__ == "__main__":
    for path in main(*sys.argv[1:]):
        print(path)
