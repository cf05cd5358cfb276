"""The demos: the spam classifier, and each model's textbook example worked through.

``naivebayes demo`` (and ``python -m naivebayes`` with no arguments) trains
multinomial naive Bayes on the small spam corpus that ships with the package
(no download), prints how well it does on held-out messages, and explains
one prediction step by step.  ``naivebayes demo multinomial`` (or
``bernoulli``) prints the textbook China example worked through that model;
``categorical`` works Mitchell's PlayTennis table, and ``gaussian`` one iris
flower.
"""

from functools import partial

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    GaussianNB,
    MultinomialNB,
    accuracy,
    classification_report,
    confusion_matrix,
    most_informative_features,
    train_test_split,
)
from naivebayes.datasets import load_china, load_iris, load_play_tennis, load_spam
from naivebayes.evaluation.metrics import format_confusion_matrix

__all__ = []


def spam_demo():
    texts, labels = load_spam()
    train_texts, test_texts, train_labels, test_labels = train_test_split(
        texts, labels, test_size=0.3, random_state=0, stratify=True
    )
    print(f"Spam corpus: {len(texts)} messages, {len(train_texts)} to train on, {len(test_texts)} held out.\n")

    model = MultinomialNB(alpha=1).fit(train_texts, train_labels)
    print("The trained model (count tables in model.class_counts_, feature_counts_, feature_totals_):")
    print(f"  {model!r}\n")

    predictions = model.predict(test_texts)
    print(f"Accuracy on the held-out messages: {float(accuracy(test_labels, predictions)):.4f}\n")
    print(classification_report(test_labels, predictions))
    print("\nConfusion matrix (rows: true class, columns: predicted class):")
    print(format_confusion_matrix(confusion_matrix(test_labels, predictions)))

    print("\nThe words that most separate the classes (P(word | c) / P(word | c')):")
    for feature in most_informative_features(model, 5):
        print(" ", feature)

    message = "Claim your free prize now, call before midnight"
    print(f"\nOne prediction, step by step, for the message:\n  {message!r}\n")
    print(model.explain(message))
    print(
        "\nTo train on your own texts or tables: naivebayes train DATA -o model.json "
        "(python -m naivebayes --help lists the commands)."
    )


def print_china_example(model_class):
    """Fit ``model_class`` on the China example and print its explained prediction."""
    documents, labels, test_document = load_china()
    model = model_class().fit(documents, labels)
    print("Training documents:")
    for document, label in zip(documents, labels):
        print(f"  {label:6} {document}")
    print(f"\n{model!r}\n")
    print(model.explain(test_document))


def play_tennis_example():
    """Categorical naive Bayes on Mitchell's PlayTennis table, with exact fractions."""
    rows, labels, test_row = load_play_tennis()
    model = CategoricalNB().fit(rows, labels)
    print(f"Training days: {len(rows)}, play: {labels.count('yes')} yes, {labels.count('no')} no\n")
    print(f"{model!r}\n")
    print(model.explain(test_row))
    print(f"\nexact posterior: {model.posterior(test_row)}")


def iris_example():
    """Gaussian naive Bayes on the iris flowers' sepal length and width, one flower explained."""
    iris = load_iris().select(["sepal_length", "sepal_width"])
    X_train, X_test, y_train, y_test = train_test_split(iris.rows, iris.labels, test_size=0.2, random_state=0)
    model = GaussianNB().fit(X_train, y_train)
    print(f"Iris, sepal length and width: {len(X_train)} flowers to train on, {len(X_test)} held out.\n")
    for label in model.classes_:
        means = ", ".join(f"{feature} {float(mean):.4f}" for feature, mean in model.means_[label].items())
        print(f"  {label:10} means: {means}")
    print(f"\nAccuracy on the held-out flowers: {float(model.score(X_test, y_test)):.4f}\n")
    print(model.explain(X_test[0]))


DEMOS = {
    "spam": spam_demo,
    "multinomial": partial(print_china_example, MultinomialNB),
    "bernoulli": partial(print_china_example, BernoulliNB),
    "categorical": play_tennis_example,
    "gaussian": iris_example,
}

