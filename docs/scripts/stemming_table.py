# stemming_table.py: the 20 Newsgroups vocabulary and test accuracy of MultinomialNB, without and with Porter's stemmer
from naivebayes import MultinomialNB, Tokenizer
from naivebayes.datasets import load_20newsgroups
from naivebayes.text.stemming import StemCache, porter_stem
from naivebayes.text.tokenize import SKLEARN_PATTERN

ARCHIVE = None  # a local 20news-bydate.tar.gz; None finds it (NAIVEBAYES_20NEWS_ARCHIVE, the cache) or downloads it
train = load_20newsgroups("train", archive=ARCHIVE)
test = load_20newsgroups("test", archive=ARCHIVE)

tokenizers = {
    "scikit-learn's token pattern": Tokenizer(pattern=SKLEARN_PATTERN),
    "the same, then `porter_stem`": Tokenizer(pattern=SKLEARN_PATTERN, stemmer=StemCache(porter_stem)),
}

print("| tokens | vocabulary size | correct test posts | test accuracy |")
print("|---|---|---|---|")
for name, tokenizer in tokenizers.items():
    model = MultinomialNB(alpha=1, tokenizer=tokenizer).fit(train.texts, train.labels)
    predictions = model.predict(test.texts)
    n_correct = sum(1 for label, predicted in zip(test.labels, predictions) if label == predicted)
    accuracy = n_correct / len(test.labels)
    print(f"| {name} | {len(model.vocabulary_):,} | {n_correct:,} of {len(test.labels):,} | {accuracy:.4f} |")
