# gallery.py: draws every picture of docs/gallery.md into docs/images/.
#
#     .venv/bin/python docs/scripts/gallery.py            (writes docs/images/*.svg)
#
# tests/test_pictures.py runs main() into a temporary folder and checks that the
# files in docs/images/ are byte for byte what it draws, so they cannot drift
# from the code: after changing a picture, run this script and commit the files.
import math
import sys
from pathlib import Path

from naivebayes import GaussianNB, HistogramNB, MultinomialNB, Tokenizer, confusion_matrix, train_test_split
from naivebayes.datasets import load_iris, load_spam
from naivebayes.inspect.informative import most_informative_features
from naivebayes.inspect.pictures import (
    ConfusionMatrixPlot,
    ContourPlot,
    DensityPlot,
    HistoryPlot,
    InformativeFeaturesPlot,
    ScatterPlot,
)

IMAGES = Path(__file__).resolve().parent.parent / "images"
X, Y = "sepal_length", "sepal_width"  # the blog post's two features
X_LABEL, Y_LABEL = "sepal length (cm)", "sepal width (cm)"


def gradient_fit_history(rows, labels, epochs=300, learning_rate=0.1):
    """Fit each class's Gaussians by gradient descent (Adam), as the blog post does; return the history.

    A stand-in for the library's own gradient fit, so the gallery can show a
    HistoryPlot.  It starts every mean and scale at 1, as the blog post does,
    and minimises the negative log-likelihood per row,

        loss = -(1/N) * sum over rows of log N(x_j; mu_jc, sigma_jc^2) summed over features j,

    with the scales kept positive as sigma = exp(s).  Adam (Kingma and Ba,
    2015) with its usual beta1 = 0.9, beta2 = 0.999, eps = 1e-8.
    """
    classes = sorted(set(labels))
    features = [X, Y]
    names = [(label, feature) for label in classes for feature in features]
    mean = {name: 1.0 for name in names}
    log_scale = {name: 0.0 for name in names}
    moments = {(kind, name): [0.0, 0.0] for kind in ("mean", "scale") for name in names}
    n = len(rows)
    history = {"loss": [], "means": {f"{c} {f}": [] for c, f in names}, "scales": {f"{c} {f}": [] for c, f in names}}
    for epoch in range(1, epochs + 1):
        loss, gradient = 0.0, {key: 0.0 for key in moments}
        for row, label in zip(rows, labels):
            for feature in features:
                name = (label, feature)
                sigma = math.exp(log_scale[name])
                z = (row[feature] - mean[name]) / sigma
                loss += 0.5 * math.log(2 * math.pi) + log_scale[name] + 0.5 * z * z
                gradient[("mean", name)] -= z / sigma / n
                gradient[("scale", name)] -= (z * z - 1) / n
        for (kind, name), g in gradient.items():
            m, v = moments[(kind, name)]
            m, v = 0.9 * m + 0.1 * g, 0.999 * v + 0.001 * g * g
            moments[(kind, name)] = [m, v]
            step = learning_rate * (m / (1 - 0.9**epoch)) / (math.sqrt(v / (1 - 0.999**epoch)) + 1e-8)
            if kind == "mean":
                mean[name] -= step
            else:
                log_scale[name] -= step
        history["loss"].append(loss / n)  # the loss at the parameters before this epoch's step
        for c, f in names:
            history["means"][f"{c} {f}"].append(mean[(c, f)])
            history["scales"][f"{c} {f}"].append(math.exp(log_scale[(c, f)]))
    return history


def pictures():
    """{file name: picture} for every picture of the gallery."""
    iris = load_iris().select([X, Y])
    X_train, X_test, y_train, y_test = train_test_split(iris.rows, iris.labels, test_size=0.2, random_state=0)
    gaussian = GaussianNB().fit(X_train, y_train)
    histogram = HistogramNB(n_bins=8).fit(X_train, y_train)
    labels = {"x_label": X_LABEL, "y_label": Y_LABEL}

    texts, spam_labels = load_spam()
    words = MultinomialNB(tokenizer=Tokenizer(stop_words="english")).fit(texts, spam_labels)

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
        "iris-density-contours.svg": ContourPlot(X_train, y_train, X, Y, gaussian, **labels),
        "iris-training-history.svg": HistoryPlot(
            gradient_fit_history(X_train, y_train),
            title="Fitting the Gaussians by gradient descent (Adam)",
            y_labels={"loss": "negative log-likelihood", "means": "mean (cm)", "scales": "scale (cm)"},
        ),
        "iris-confusion-matrix.svg": ConfusionMatrixPlot(
            confusion_matrix(y_test, gaussian.predict(X_test)), title="GaussianNB on the iris test set"
        ),
        "spam-informative-features.svg": InformativeFeaturesPlot(
            most_informative_features(words, 12), title="Most informative words of the spam corpus"
        ),
    }


def main(folder=IMAGES):
    """Write every picture into ``folder``; returns the paths written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return [picture.save(folder / name) for name, picture in pictures().items()]


if __name__ == "__main__":
    for path in main(*sys.argv[1:]):
        print(path)
