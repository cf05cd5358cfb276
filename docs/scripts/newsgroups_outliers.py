# newsgroups_outliers.py: which posts a text model flags as outliers, trained on five newsgroups
import random

from naivebayes import BernoulliNB, MultinomialNB, Tokenizer
from naivebayes.datasets import load_20newsgroups
from naivebayes.inspect.outliers import OutlierDetector

ARCHIVE = None  # a local copy of 20news-bydate.tar.gz; None: NAIVEBAYES_20NEWS_ARCHIVE, else the cache
SEEN = ["comp.graphics", "rec.sport.hockey", "sci.med", "sci.space", "talk.politics.mideast"]
UNSEEN = ["soc.religion.christian", "comp.windows.x", "rec.autos"]
QUANTILE = 0.01
N_MADE_UP = 200

# The headers go: they name the newsgroup, which would give a new group away.
train = load_20newsgroups("train", categories=SEEN, remove=("headers",), archive=ARCHIVE)
test = load_20newsgroups("test", categories=SEEN + UNSEEN, remove=("headers",), archive=ARCHIVE)

models = {
    "MultinomialNB, log p(x) per word": MultinomialNB().fit(train.texts, train.labels),
    "BernoulliNB, log p(x)": BernoulliNB().fit(train.texts, train.labels),
}
detectors = {name: OutlierDetector(model, quantile=QUANTILE).fit(train.texts) for name, model in models.items()}

# Made-up posts: word salad (vocabulary words drawn uniformly, as many as a
# training post has) and random letters; and posts drawn from each model itself.
generator = random.Random(0)
words = sorted(models["MultinomialNB, log p(x) per word"].vocabulary_)
lengths = [len(Tokenizer()(text)) for text in train.texts]
salad = [" ".join(generator.choice(words) for _ in range(generator.choice(lengths))) for _ in range(N_MADE_UP)]
letters = ["".join(generator.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(400)) for _ in range(N_MADE_UP)]

groups = {
    f"training posts of the {len(SEEN)} groups": train.texts,
    f"test posts of the {len(SEEN)} groups": [t for t, label in zip(test.texts, test.labels) if label in SEEN],
}
for group in UNSEEN:
    groups[f"test posts of {group} (never seen)"] = [t for t, label in zip(test.texts, test.labels) if label == group]
groups["word salad: random vocabulary words"] = salad
groups["random letters and spaces"] = letters


def flagged(detector, posts):
    found = sum(detector.is_outlier(posts))
    return f"{found} of {len(posts)} ({100 * found / len(posts):.1f}%)"


print("| posts | " + " | ".join(models) + " |")
print("|---|" + "---:|" * len(models))
print("| the threshold (the 1% quantile of the training posts) | "
      + " | ".join(f"{detector.threshold_:.3f}" for detector in detectors.values()) + " |")
for what, posts in groups.items():
    print(f"| {what} | " + " | ".join(flagged(detector, posts) for detector in detectors.values()) + " |")
drawn = [flagged(detector, detector.model.sample(N_MADE_UP, random_state=0)[0]) for detector in detectors.values()]
print("| posts drawn from the model itself (`sample`) | " + " | ".join(drawn) + " |")
