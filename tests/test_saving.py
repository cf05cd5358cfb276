"""Saving and loading: every model comes back bit for bit, every key with its type, and a bad file is refused by name.

A loaded model must be the saved one: the same count tables (values *and*
types: a Fraction stays a Fraction, a tuple label a tuple), the same lookup
tables (built again by the model's own code), the same predictions (``==``,
not approximately), the same explanation, and ``partial_fit`` must go on
from it as from the original.  A file that was cut short or changed must be
refused with the name of the field.
"""

import json
import os
import re
import stat
from fractions import Fraction

import pytest

from naivebayes import (
    BernoulliNB,
    CategoricalNB,
    ComplementNB,
    GaussianDiscriminantAnalysis,
    GaussianNB,
    HistogramNB,
    JointBayesClassifier,
    KernelNB,
    MixedNB,
    MultinomialNB,
    NotFittedError,
    PoissonNB,
    Tokenizer,
    TreeAugmentedNB,
)
from naivebayes.core.priors import Beta, Dirichlet, MEstimate
from naivebayes.datasets import load_china, load_iris, load_play_tennis, load_spam
from naivebayes.saving.model_files import (
    FORMAT_VERSION,
    MODEL_CLASSES,
    SETTING_SHAPES,
    TABLE_SHAPES,
    ModelFileError,
    from_json,
    load,
    save,
    to_json,
)
from naivebayes.text.stemming import porter_stem

# ---------------------------------------------------------------------------
# One or more fitted models of every kind, with test examples to predict
# ---------------------------------------------------------------------------


def china_multinomial():
    documents, labels, test_document = load_china()
    return MultinomialNB().fit(documents, labels), [test_document, "Tokyo Beijing unseen"]


def china_complement():
    documents, labels, test_document = load_china()
    return ComplementNB(norm=True).fit(documents, labels), [test_document]


def spam_bernoulli():
    texts, labels = load_spam()
    tokenizer = Tokenizer(stop_words="english", stemmer=porter_stem, ngram_range=(1, 2), min_length=2)
    model = BernoulliNB(alpha=Fraction(1, 2), tokenizer=tokenizer).fit(texts[:80], labels[:80])
    return model, texts[80:]


def weighted_multinomial():
    """Float weights (as TF-IDF gives), int labels, exact class priors given as a dict."""
    documents = [{"cat": 0.5, "dog": 1.25}, {"cat": 2.0}, {"fish": 0.1, "dog": 0.3}, {"fish": 1e-9}]
    model = MultinomialNB(alpha=0.5, class_prior={1: Fraction(1, 3), 2: Fraction(2, 3)})
    return model.fit(documents, [1, 1, 2, 2]), [{"cat": 1.0}, {"fish": 0.7, "dog": 0.2}]


def dense_multinomial():
    """Dense rows: the words are column numbers, and the model remembers the width."""
    model = MultinomialNB(class_prior=[0.25, 0.75]).fit([[1, 0, 2], [0, 3, 1], [2, 2, 0]], ["x", "y", "x"])
    return model, [[1, 1, 1], [0, 5, 0]]


def play_tennis_categorical():
    rows, labels, test_row = load_play_tennis()
    return CategoricalNB().fit(rows, labels), [test_row, {"outlook": "sunny"}]


def odd_keys_categorical():
    """Labels and feature names and values of every type a model takes."""
    rows = [
        {"s": "a", 3: True, 2.5: Fraction(1, 3), None: ("t", 1), (1, "x"): float("inf"), Fraction(1, 2): 0},
        {"s": "b", 3: False, 2.5: Fraction(2, 3), None: ("t", 2), (1, "x"): -1.5, Fraction(1, 2): 1},
        {"s": "a", 3: True, 2.5: Fraction(1, 3), None: ("t", 2), (1, "x"): float("-inf"), Fraction(1, 2): None},
        {"s": "c", 3: False, 2.5: Fraction(2, 3), None: ("t", 1), (1, "x"): 2.0, Fraction(1, 2): 2},
    ]
    labels = [("tuple", 1), ("tuple", 2), ("tuple", 1), ("tuple", 2)]
    model = CategoricalNB(alpha=Fraction(1, 2), categories={"s": ["a", "b", "c", "d"]}, unseen="ignore")
    return model.fit(rows, labels), rows


def number_labels_categorical():
    rows = [["a", 1], ["b", 2], ["a", 2], ["b", 1]]
    return CategoricalNB().fit(rows, [0, 2.5, Fraction(7, 2), 0]), rows


def iris_gaussian():
    rows, labels, _ = load_iris()
    return GaussianNB().fit(rows, labels), rows[::10]


def exact_gaussian():
    rows, labels, _ = load_iris(exact=True)
    return GaussianNB(var_smoothing=0, ddof=1).fit(rows, labels), rows[::25]


def missing_values_gaussian():
    rows = [[1.0, None], [2.0, 5.0], [None, 7.0], [10.0, 1.0], [12.0, None], [11.5, 2.0]]
    return GaussianNB().fit(rows, ["a", "a", "a", "b", "b", "b"]), [[1.5, 6.0], [None, 1.0], [11.0, None]]


def counts_poisson():
    rows = [{"links": 0, "caps": 3}, {"links": 1, "caps": 0}, {"links": 7}, {"links": 5}]
    return PoissonNB(alpha=Fraction(1, 4)).fit(rows, ["ham", "ham", "spam", "spam"]), rows


def iris_histogram():
    rows, labels, _ = load_iris()
    return HistogramNB(n_bins=4, strategy="quantile").fit(rows, labels), rows[::10]


def exact_histogram():
    rows = [[1], [2], [4], [7], [8], [3]]
    return HistogramNB(n_bins=3).fit(rows, ["a", "a", "a", "b", "b", "b"]), [[0], [5], [9]]


def mixed_kinds():
    rows = [
        {"colour": "red", "size": 1.5, "legs": 4, "weight": 10.0},
        {"colour": "blue", "size": 2.5, "legs": 2, "weight": 12.0},
        {"colour": "red", "size": None, "legs": 4, "weight": 30.0},
        {"colour": "green", "size": 7.0, "legs": 0, "weight": 33.0},
        {"colour": None, "size": 6.5, "legs": 1, "weight": 31.0},
        {"colour": "green", "size": 8.0, "legs": 0},
    ]
    model = MixedNB(distributions={"legs": "poisson", "weight": "histogram"}, n_bins=3, ddof=0)
    return model.fit(rows, ["cat", "cat", "cat", "fish", "fish", "fish"]), rows


def play_tennis_joint():
    rows, labels, test_row = load_play_tennis()
    return JointBayesClassifier().fit(rows, labels), [test_row, {"outlook": "rain", "wind": "weak"}]


def play_tennis_tree_augmented():
    rows, labels, test_row = load_play_tennis()
    return TreeAugmentedNB(root="wind").fit(rows, labels), [test_row, {"outlook": "rain", "wind": "weak"}]


def iris_kernel():
    rows, labels, _ = load_iris()
    return KernelNB().fit(rows, labels), rows[::10] + [{"sepal_length": 5.0}]


def iris_discriminant():
    rows, labels, _ = load_iris()
    return GaussianDiscriminantAnalysis().fit(rows, labels), rows[::10]


def exact_discriminant():
    rows = [[1, 1], [2, 3], [3, 2], [6, 5], [8, 5], [7, 8]]
    model = GaussianDiscriminantAnalysis(covariance="shared", ddof=1)
    return model.fit(rows, ["a", "a", "a", "b", "b", "b"]), [[4, 4], [6, 6]]


# Models whose smoothing or class prior is a prior (issue 33): every field of each kind of prior, with
# numbers of each type and keys of each kind (words, column numbers, (feature, category) pairs, labels).
PRESENCE_DOCUMENTS, PRESENCE_LABELS = ["x y", "x", "y"], ["a", "a", "b"]


def beta_bernoulli():
    prior = Beta(2, 3, per_feature={"y": (1, Fraction(1, 2))}, per_class={"b": {"x": (0.5, 4)}})
    model = BernoulliNB(alpha=prior, class_prior=MEstimate(2, p={"a": Fraction(1, 4), "b": Fraction(3, 4)}))
    return model.fit(PRESENCE_DOCUMENTS, PRESENCE_LABELS), ["y", "x y", "", "z"]


def map_beta_bernoulli():
    documents, labels, test_document = load_china()
    model = BernoulliNB(alpha=Beta(2, 2, estimate="map"), class_prior=Dirichlet(Fraction(1, 2)))
    return model.fit(documents, labels), [test_document, "tokyo"]


def m_estimate_bernoulli():
    documents, labels, test_document = load_china()
    return BernoulliNB(alpha=MEstimate(4, p=0.25)).fit(documents, labels), [test_document, "tokyo"]


def dirichlet_multinomial():
    documents, labels, test_document = load_china()
    prior = Dirichlet(Fraction(1, 2), per_value={"chinese": 3, "tokyo": 0.25}, per_class={"japan": {"japan": 2}})
    model = MultinomialNB(alpha=prior, class_prior=Dirichlet(1, per_value={"japan": 2}, estimate="map"))
    return model.fit(documents, labels), [test_document, "Tokyo Beijing unseen"]


def m_estimate_multinomial():
    documents, labels, test_document = load_china()
    guess = {"chinese": Fraction(1, 2), **dict.fromkeys(["beijing", "shanghai", "macao", "tokyo", "japan"], Fraction(1, 10))}
    return MultinomialNB(alpha=MEstimate(6, p=guess)).fit(documents, labels), [test_document, "tokyo japan"]


def dense_map_multinomial():
    prior = Dirichlet(1, per_value={0: 3, 2: Fraction(5, 2)}, estimate="map")
    return MultinomialNB(alpha=prior).fit([[1, 0, 2], [0, 3, 1], [2, 2, 0]], ["x", "y", "x"]), [[1, 1, 1], [0, 5, 0]]


def pairs_categorical():
    rows, labels, test_row = load_play_tennis()
    prior = Dirichlet(
        1, per_value={("outlook", "sunny"): 3, ("wind", "strong"): Fraction(1, 2)}, per_class={"yes": {("humidity", "high"): 2}}
    )
    return CategoricalNB(alpha=prior, class_prior=MEstimate(3)).fit(rows, labels), [test_row, {"outlook": "sunny"}]


def m_estimate_categorical():
    prior = MEstimate(4, p={("f", "u"): Fraction(1, 4), ("f", "v"): Fraction(3, 4)})
    rows = [{"f": "u"}, {"f": "u"}, {"f": "v"}]
    return CategoricalNB(alpha=prior).fit(rows, ["a", "a", "b"]), rows


def class_dirichlet_gaussian():
    rows, labels, _ = load_iris()
    return GaussianNB(class_prior=Dirichlet(2, per_value={"setosa": 0.5})).fit(rows, labels), rows[::10]


PRIOR_MODELS = (
    beta_bernoulli,
    map_beta_bernoulli,
    m_estimate_bernoulli,
    dirichlet_multinomial,
    m_estimate_multinomial,
    dense_map_multinomial,
    pairs_categorical,
    m_estimate_categorical,
    class_dirichlet_gaussian,
)


FITTED = {
    factory.__name__: factory
    for factory in (
        china_multinomial,
        china_complement,
        spam_bernoulli,
        weighted_multinomial,
        dense_multinomial,
        play_tennis_categorical,
        odd_keys_categorical,
        number_labels_categorical,
        iris_gaussian,
        exact_gaussian,
        missing_values_gaussian,
        counts_poisson,
        iris_histogram,
        exact_histogram,
        mixed_kinds,
        play_tennis_joint,
        play_tennis_tree_augmented,
        iris_kernel,
        iris_discriminant,
        exact_discriminant,
        *PRIOR_MODELS,
    )
}


def same(a, b, ordered=False):
    """a == b, and of the same types all the way down (a Fraction is not an int, a tuple not a list).

    With ``ordered``, every dict must also list its keys in the same order.
    (A lookup table made from the vocabulary, a set, follows the set's order,
    which the file does not keep.)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        keys_agree = list(map(typed, a)) == list(map(typed, b)) if ordered else set(map(typed, a)) == set(map(typed, b))
        return keys_agree and all(same(a[key], b[key], ordered) for key in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y, ordered) for x, y in zip(a, b))
    if isinstance(a, (set, frozenset)):
        return set(map(typed, a)) == set(map(typed, b))
    return a == b


def typed(key):
    """A key with its type, so that 1, 1.0, True and Fraction(1) are told apart."""
    if isinstance(key, tuple):
        return tuple, tuple(map(typed, key))
    return type(key), key


# ---------------------------------------------------------------------------
# Round trips
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", FITTED)
def test_a_loaded_model_is_the_saved_one(name, tmp_path):
    model, examples = FITTED[name]()
    path = save(model, tmp_path / "model.json")
    loaded = load(path)
    assert type(loaded) is type(model)
    assert loaded.get_params() == model.get_params()
    for table in model.count_tables:  # (in the file's order: see tests/test_same_file.py)
        assert same(getattr(loaded, table), getattr(model, table)), table
    for table in model.lookup_tables:  # built again from the counts
        assert same(getattr(loaded, table), getattr(model, table)), table
    assert loaded.predict_proba(examples) == model.predict_proba(examples)  # bit for bit
    assert loaded.predict_joint_log_proba(examples) == model.predict_joint_log_proba(examples)
    assert loaded.predict(examples) == model.predict(examples)
    assert str(loaded.explain(examples[0])) == str(model.explain(examples[0]))
    # (its first entries in the file's order; so are the dicts of a prior, which its first line shows)
    first = 1 if any(isinstance(value, (Dirichlet, Beta, MEstimate)) for value in model.get_params().values()) else 0
    assert table_sizes(repr(loaded))[first:] == table_sizes(repr(model))[first:]


def table_sizes(text):
    """The tables and sizes a model's repr lists, without its first entries (which follow the order of the dicts)."""
    return [re.split(r"\s{2,}", line)[:2] for line in text.splitlines()]


@pytest.mark.parametrize("name", FITTED)
def test_the_text_round_trips(name):
    model, _ = FITTED[name]()
    text = to_json(model)
    assert to_json(from_json(text)) == text


@pytest.mark.parametrize("name", FITTED)
def test_saving_changes_nothing_in_the_model(name, tmp_path):
    model, examples = FITTED[name]()
    before = {table: getattr(model, table) for table in [*model.count_tables, *model.lookup_tables]}
    predictions = model.predict_proba(examples)
    save(model, tmp_path / "model.json")
    assert all(same(getattr(model, table), value) for table, value in before.items())
    assert model.predict_proba(examples) == predictions


PARTIAL_FIT_DATA = {
    "china": (MultinomialNB, *load_china()[:2]),
    "spam": (BernoulliNB, *load_spam()),
    "tennis": (CategoricalNB, *load_play_tennis()[:2]),
    "iris gaussian": (GaussianNB, *load_iris(exact=True)[:2]),
    "iris histogram": (lambda: HistogramNB(n_bins=3), *load_iris()[:2]),
    "poisson": (PoissonNB, [[0, 1], [3, 2], [1, 0], [5, 5], [2, 2], [7, 1]], list("aabbab")),
    "mixed": (
        lambda: MixedNB(distributions={"legs": "poisson", "weight": "histogram"}, n_bins=3),
        [
            {"colour": "red", "size": 1.5, "legs": 4, "weight": 10.0},
            {"colour": "green", "size": 7.0, "legs": 0, "weight": 33.0},
            {"colour": "blue", "size": 2.5, "legs": 2, "weight": 12.0},
            {"colour": "red", "size": None, "legs": 4, "weight": 30.0},
            {"colour": None, "size": 6.5, "legs": 1, "weight": 31.0},
            {"colour": "green", "size": 8.0, "legs": 0},
        ],
        ["cat", "fish", "cat", "cat", "fish", "fish"],
    ),
    "joint": (JointBayesClassifier, *load_play_tennis()[:2]),
    "discriminant": (GaussianDiscriminantAnalysis, *load_iris(exact=True)[:2]),
    "tree-augmented": (TreeAugmentedNB, *load_play_tennis()[:2]),
    "kernel": (KernelNB, *load_iris()[:2]),
}


@pytest.mark.parametrize("name", PARTIAL_FIT_DATA)
def test_partial_fit_goes_on_from_a_loaded_model(name, tmp_path):
    make, X, y = PARTIAL_FIT_DATA[name]
    half = len(X) // 2
    first = make().partial_fit(X[:half], y[:half])
    loaded = load(save(first, tmp_path / "half.json"))
    loaded.partial_fit(X[half:], y[half:])
    first.partial_fit(X[half:], y[half:])  # the model that was never saved
    whole = make().fit(X, y)
    for table in whole.count_tables:
        assert same(getattr(loaded, table), getattr(first, table)), table
        if "histogram" not in name:  # (a histogram keeps the bins of its first batch, not those of all rows)
            assert getattr(loaded, table) == getattr(whole, table), table
    assert loaded.predict_proba(X) == first.predict_proba(X)


# ---------------------------------------------------------------------------
# The file itself
# ---------------------------------------------------------------------------


def test_the_china_file_is_plain_readable_json():
    model, _ = china_multinomial()
    text = to_json(model)
    document = json.loads(text)
    assert list(document) == ["format", "format_version", "model", "settings", "tables"]
    assert document["format_version"] == FORMAT_VERSION
    assert document["tables"]["class_counts_"] == {"china": 3, "japan": 1}
    assert '  "class_counts_": {"china": 3, "japan": 1},\n' in text
    assert document["tables"]["vocabulary_"] == sorted(document["tables"]["vocabulary_"])  # a set, sorted
    assert set(document["tables"]) == set(model.count_tables)  # no lookup table in the file
    assert max(map(len, text.splitlines())) <= 110


def test_fractions_are_strings_and_floats_are_written_to_round_trip():
    documents = [{"a": 0.1, "b": 1 / 3}, {"a": 2.0}]
    model = MultinomialNB(alpha=Fraction(1, 3), class_prior=[Fraction(1, 3), Fraction(2, 3)]).fit(documents, ["x", "y"])
    document = json.loads(to_json(model))
    assert document["settings"]["alpha"] == "1/3"
    assert document["settings"]["class_prior"] == ["1/3", "2/3"]
    assert document["tables"]["feature_counts_"]["x"] == {"a": 0.1, "b": 0.3333333333333333}
    assert document["tables"]["feature_counts_"]["y"] == {"a": 2.0}
    assert '"a": 2.0' in to_json(model)  # a float keeps its decimal point, so it reads back as a float


def test_keys_that_are_not_strings_are_written_as_pairs():
    model, _ = odd_keys_categorical()
    document = json.loads(to_json(model))
    assert document["tables"]["classes_"] == [["tuple", 1], ["tuple", 2]]
    assert document["tables"]["features_"] == ["s", 3, 2.5, None, [1, "x"], {"fraction": "1/2"}]
    values = dict((json.dumps(key), value) for key, value in document["tables"]["value_counts_"][0][1])
    assert values['[1, "x"]'] == [[{"float": "-inf"}, 1], [{"float": "inf"}, 1]]  # (values in key order)
    assert values["2.5"] == [[{"fraction": "1/3"}, 2]]
    loaded = from_json(to_json(model))
    assert same(loaded.value_counts_, model.value_counts_)
    assert same(loaded.features_, model.features_)


def test_the_save_is_atomic_and_the_file_has_normal_permissions(tmp_path, monkeypatch):
    model, _ = china_multinomial()
    path = tmp_path / "model.json"
    path.write_text("the old file", encoding="utf-8")

    def interrupted(source, destination):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save(model, path)
    assert path.read_text(encoding="utf-8") == "the old file"  # untouched
    assert [p.name for p in tmp_path.iterdir()] == ["model.json"]  # no temporary file left behind
    monkeypatch.undo()

    save(model, path)
    assert load(path).class_counts_ == model.class_counts_
    assert [p.name for p in tmp_path.iterdir()] == ["model.json"]
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask


def test_saving_into_a_missing_folder_says_so(tmp_path):
    model, _ = china_multinomial()
    with pytest.raises(FileNotFoundError, match="the folder .* does not exist"):
        save(model, tmp_path / "no such folder" / "model.json")


# ---------------------------------------------------------------------------
# What cannot be saved, and the tokenizer
# ---------------------------------------------------------------------------


def my_tokenize(text):
    return text.lower().split()


def my_stemmer(word):
    return word.rstrip("s")


def test_an_unfitted_model_is_not_saved():
    with pytest.raises(NotFittedError):
        to_json(MultinomialNB())


def test_a_class_of_your_own_is_not_saved():
    class MyNB(MultinomialNB):
        pass

    documents, labels, _ = load_china()
    with pytest.raises(TypeError, match="a model file can hold one of MultinomialNB, .*not a MyNB"):
        to_json(MyNB().fit(documents, labels))


def test_a_label_of_another_type_is_refused_by_name():
    model = CategoricalNB().fit([["a"], ["b"]], [frozenset({1}), frozenset({2})])
    with pytest.raises(TypeError, match=r"tables.classes_\[0\] is frozenset\(\{1\}\), a frozenset"):
        to_json(model)


def test_a_tokenizer_of_your_own_is_refused_at_save_time():
    documents, labels, test_document = load_china()
    model = MultinomialNB(tokenizer=my_tokenize).fit(documents, labels)
    message = (
        r"the tokenizer of this MultinomialNB is my_tokenize, a function of your own, which cannot be "
        r"written to a file\. Give the model a Tokenizer\(\.\.\.\).*load\(path, tokenizer=my_tokenize\)"
    )
    with pytest.raises(ValueError, match=message):
        to_json(model)
    stemmed = MultinomialNB(tokenizer=Tokenizer(stemmer=my_stemmer)).fit(documents, labels)
    with pytest.raises(ValueError, match="a Tokenizer whose stemmer is my_stemmer, a function of your own"):
        to_json(stemmed)


def test_a_tokenizer_left_out_is_passed_again_when_loading(tmp_path):
    documents, labels, test_document = load_china()
    model = MultinomialNB(tokenizer=my_tokenize).fit(documents, labels)
    path = save(model, tmp_path / "model.json", leave_out_tokenizer=True)
    assert json.loads(path.read_text(encoding="utf-8"))["settings"]["tokenizer"] == {"left_out": "my_tokenize"}
    with pytest.raises(ValueError, match=r"saved without its tokenizer, my_tokenize.*load\(path, tokenizer=my_tokenize\)"):
        load(path)
    loaded = load(path, tokenizer=my_tokenize)
    assert loaded.tokenizer is my_tokenize
    assert loaded.predict_proba([test_document]) == model.predict_proba([test_document])


def test_tokenizer_is_only_for_a_file_that_left_it_out(tmp_path):
    model, _ = china_multinomial()
    text = to_json(model)
    with pytest.raises(ValueError, match="the file holds its tokenizer's settings"):
        from_json(text, tokenizer=my_tokenize)
    tennis, _ = play_tennis_categorical()
    with pytest.raises(ValueError, match="a CategoricalNB has no tokenizer"):
        from_json(to_json(tennis), tokenizer=my_tokenize)


def test_every_tokenizer_setting_comes_back():
    documents, labels, test_document = load_china()
    tokenizers = [
        Tokenizer(),
        Tokenizer(stop_words="english", stemmer=porter_stem, ngram_range=(1, 3), min_length=2, unicode_form="NFKC"),
        Tokenizer(lowercase=False, stop_words=["Chinese", "caf\u00e9"], unicode_form=None),
        Tokenizer(pattern=re.compile(r"[a-z]+", re.IGNORECASE), lowercase=False),
    ]
    for tokenizer in tokenizers:
        model = MultinomialNB(tokenizer=tokenizer).fit(documents, labels)
        loaded = from_json(to_json(model), trust_pattern=tokenizer is tokenizers[3])  # (a pattern of our own)
        assert loaded.tokenizer == tokenizer
        assert loaded.tokenizer("Chinese Café TOKYO runs") == tokenizer("Chinese Café TOKYO runs")
    flags = json.loads(to_json(MultinomialNB(tokenizer=tokenizers[3]).fit(documents, labels)))
    assert flags["settings"]["tokenizer"]["pattern_flags"] == re.compile("x", re.IGNORECASE).flags
    english = json.loads(to_json(MultinomialNB(tokenizer=tokenizers[1]).fit(documents, labels)))
    assert english["settings"]["tokenizer"]["stop_words"] == "english"
    assert english["settings"]["tokenizer"]["stemmer"] == "porter_stem"


def test_every_table_and_setting_of_every_model_has_a_shape():
    """A table or setting added to a model must be added to the file format too (this test says which)."""
    for name, model_class in MODEL_CLASSES.items():
        model = model_class()
        assert set(model.count_tables) <= set(TABLE_SHAPES), name
        assert set(model.get_params()) <= set(SETTING_SHAPES), name
    assert {factory()[0].__class__.__name__ for factory in FITTED.values()} == set(MODEL_CLASSES)


def test_a_setting_the_file_leaves_out_takes_its_default():
    model, test = play_tennis_categorical()
    document = json.loads(to_json(model))
    del document["settings"]["unseen"]
    loaded = from_json(json.dumps(document))
    assert loaded.unseen == "ignore"
    assert loaded.predict_proba(test) == model.predict_proba(test)


# ---------------------------------------------------------------------------
# Files cut short or changed: refused, naming the field
# ---------------------------------------------------------------------------


def set_field(path, value):
    """An edit that sets document[path[0]][path[1]]... = value."""

    def edit(document):
        *parents, last = path
        for key in parents:
            document = document[key]
        document[last] = value

    return edit


def delete_field(path):
    def edit(document):
        *parents, last = path
        for key in parents:
            document = document[key]
        del document[last]

    return edit


def replace_text(old, new):
    def edit(text):
        assert old in text
        return text.replace(old, new, 1)

    edit.on_text = True
    return edit


def whole_text(new):
    def edit(text):
        return new

    edit.on_text = True
    return edit


def more_documents_with_a_word_than_documents(document):
    ham = document["tables"]["feature_counts_"]["ham"]
    ham[next(iter(ham))] = 45


TAMPERED = [
    # (what was done, the model, the edit, what the message says)
    ("cut short", "china_multinomial", replace_text('"tables"', '"tab'), r"not valid JSON: .* line \d+, column \d+"),
    ("empty", "china_multinomial", whole_text(""), "not valid JSON"),
    ("another JSON file", "china_multinomial", whole_text('{"name": "x"}'), 'not a model file: it does not begin with "format"'),
    ("a newer version", "china_multinomial", set_field(["format_version"], 3), "written by a newer naivebayes"),
    ("a version never written", "china_multinomial", set_field(["format_version"], 0), "format_version is 0"),
    ("a version that is not a number", "china_multinomial", set_field(["format_version"], "1"), "format_version is \"1\""),
    ("an unknown model", "china_multinomial", set_field(["model"], "NoSuchNB"), 'model is "NoSuchNB", which is not'),
    ("a field too many", "china_multinomial", set_field(["comment"], "hi"), "a field 'comment'"),
    ("no tables", "china_multinomial", delete_field(["tables"]), "the file has no 'tables' field"),
    ("a missing table", "china_multinomial", delete_field(["tables", "feature_totals_"]), "tables has no 'feature_totals_'"),
    ("a lookup table", "china_multinomial", set_field(["tables", "log_priors_"], [0.1]), "'log_priors_', which is not a count table"),
    # (PoissonNB's N_c are counts; the count models' are amounts, as sample_weight makes them)
    ("a negative count", "counts_poisson", set_field(["tables", "class_counts_", "ham"], -1),
     r"tables.class_counts_\['ham'\] is -1; a count is a whole number >= 0"),
    ("a float count", "counts_poisson", set_field(["tables", "class_counts_", "ham"], 2.0),
     r"tables.class_counts_\['ham'\] is 2.0; a count is a whole number"),
    ("a count as a string", "counts_poisson", set_field(["tables", "n_examples_"], "4"),
     "tables.n_examples_ is \"4\"; a count is a whole number"),
    ("a negative weighted count", "china_multinomial", set_field(["tables", "class_counts_", "china"], -1),
     r"tables.class_counts_\['china'\] is -1; an amount counted in training is >= 0"),
    ("a count that is true", "play_tennis_categorical", set_field(["tables", "class_counts_", "no"], True), r"class_counts_\['no'\] is true"),
    ("a fraction over 0", "china_multinomial", set_field(["tables", "feature_totals_", "china"], "8/0"),
     r"tables.feature_totals_\['china'\] is \"8/0\", a fraction with denominator 0"),
    ("a number that is text", "china_multinomial", set_field(["tables", "feature_totals_", "china"], "eight"),
     "a string here is an exact fraction"),
    ("a negative amount", "china_multinomial", set_field(["tables", "feature_counts_", "china", "macao"], -1),
     r"feature_counts_\['china'\]\['macao'\] is -1; an amount counted in training is >= 0"),
    ("a class too many", "china_multinomial", set_field(["tables", "feature_totals_", "korea"], 1),
     r"tables.feature_totals_ has the classes \['china', 'japan', 'korea'\], but class_counts_ has \['china', 'japan'\]"),
    ("a class missing", "china_multinomial", delete_field(["tables", "feature_counts_", "japan"]),
     "tables.feature_counts_ has the classes"),
    ("classes_ out of order", "china_multinomial", set_field(["tables", "classes_"], ["japan", "china"]),
     r"tables.classes_ is \['japan', 'china'\], but the labels of class_counts_, sorted, are \['china', 'japan'\]"),
    ("N that is not the sum", "china_multinomial", set_field(["tables", "n_examples_"], 5), "the class counts N_c add up to 4"),
    ("a class of 0 examples", "china_multinomial", set_field(["tables", "class_counts_", "japan"], 0), "is 0"),
    ("a word not in V", "china_multinomial", set_field(["tables", "feature_counts_", "china", "korea"], 1),
     r"tables.feature_counts_\['china'\] counts 'korea', which is not in vocabulary_"),
    ("n_c that is not the sum", "china_multinomial", set_field(["tables", "feature_totals_", "china"], 9),
     r"feature_totals_\['china'\] is 9, but the class's word counts add up to 8"),
    ("lengths that are not the documents", "china_multinomial",
     set_field(["tables", "document_lengths_", "japan"], [[3, 2]]), r"document_lengths_\['japan'\] counts 2 documents"),
    ("a word twice in V", "china_multinomial", set_field(["tables", "vocabulary_"], ["a", "a"]), "names a key twice"),
    ("a key twice", "china_multinomial", replace_text('"china": 3,', '"china": 3, "china": 3,'), "the key 'china' twice"),
    ("NaN", "china_multinomial", replace_text('"n_examples_": 4', '"n_examples_": NaN'), "tables.n_examples_ is NaN, which is not JSON"),
    ("a table that is a number", "china_multinomial", set_field(["tables", "feature_counts_"], 7),
     "tables.feature_counts_ is 7; a table is an object"),
    ("an unknown setting", "china_multinomial", set_field(["settings", "beta"], 1), "settings has 'beta', which is not a setting"),
    ("a bad setting", "china_multinomial", set_field(["settings", "alpha"], -1), "settings: alpha must be a finite number >= 0"),
    ("a setting of the wrong type", "china_multinomial", set_field(["settings", "fit_prior"], "yes"),
     "settings.fit_prior is \"yes\"; it should be true or false"),
    ("priors that do not fit the classes", "china_multinomial", set_field(["settings", "class_prior"], {"china": 1}),
     "the tables cannot be made into a MultinomialNB: class_prior names the classes"),
    ("an unknown stemmer", "china_multinomial", set_field(["settings", "tokenizer", "stemmer"], "snowball"),
     r"settings.tokenizer.stemmer is \"snowball\""),
    ("a pattern that is not the library's", "china_multinomial", set_field(["settings", "tokenizer", "pattern"], "("),
     r"settings.tokenizer.pattern is \"\(\", not one of the library's token patterns"),
    ("a tokenizer setting missing", "china_multinomial", delete_field(["settings", "tokenizer", "ngram_range"]),
     "settings.tokenizer has no 'ngram_range'"),
    ("N_jc > N_c", "spam_bernoulli", more_documents_with_a_word_than_documents,
     r"tables.feature_counts_\['ham'\]\['\w+'\] is 45, more documents than the class has \(44\)"),
    ("an unknown tag", "dense_multinomial", set_field(["tables", "vocabulary_"], [{"decimal": "1.5"}]),
     r"tables.vocabulary_\[0\] is \{\"decimal\": \"1.5\"\}; a key is"),
    ("a pair that is not a pair", "dense_multinomial", set_field(["tables", "feature_counts_", "x"], [[0, 3, 1]]),
     r"tables.feature_counts_\['x'\]\[0\] is \[0, 3, 1\]; an entry of a table written as a list is a \[key, value\] pair"),
    ("value counts that do not add up", "play_tennis_categorical", set_field(["tables", "value_counts_", "no", "outlook", "sunny"], 9),
     r"tables.value_counts_\['no'\]\['outlook'\] adds up to 11, but feature_counts_ says the class has 5 rows"),
    ("more rows with a feature than rows", "play_tennis_categorical", set_field(["tables", "feature_counts_", "no", "wind"], 6),
     r"feature_counts_\['no'\]\['wind'\] is 6, more rows than the class has \(5\)"),
    ("an unknown distribution", "play_tennis_categorical", set_field(["tables", "distributions_", "wind"], "beta"),
     r"distributions_\['wind'\] is 'beta'; a CategoricalNB knows categorical"),
    ("a feature missing", "play_tennis_categorical", delete_field(["tables", "distributions_", "wind"]), "tables.distributions_ has the features"),
    ("a mean of nothing", "missing_values_gaussian", set_field(["tables", "means_", "a"], [[0, None], [1, 6.0]]),
     r"tables.means_\['a'\]\[0\] is None, but the class has 2 values"),
    ("list rows with a feature beyond them", "missing_values_gaussian", set_field(["tables", "n_columns_"], 1),
     "tables.features_ is \\[0, 1\\], but the rows were lists of 1 columns"),
    ("a bin too few", "exact_histogram", set_field(["tables", "bin_counts_", "a"], [[0, [2, 1]]]),
     r"bin_counts_\['a'\]\[0\] has 2 counts, but there are 3 bins"),
    ("bins that do not add up", "exact_histogram", set_field(["tables", "bin_counts_", "a"], [[0, [2, 1, 1]]]),
     r"bin_counts_\['a'\]\[0\] adds up to 4, but feature_counts_ says 3"),
    ("a negative sum of squares", "missing_values_gaussian",
     set_field(["tables", "squared_deviations_", "b"], [[0, -1.0], [1, 0.5]]),
     r"squared_deviations_\['b'\]\[0\] is -1.0; an amount counted in training is >= 0"),
    ("an unknown input form", "china_multinomial", set_field(["tables", "input_form_"], "bytes"),
     "tables.input_form_ is 'bytes'"),
    ("edges out of order", "exact_histogram", set_field(["tables", "bin_edges_"], [[0, [1, "5", "3", 8]]]),
     r"bin_edges_\[0\] is \[1, Fraction\(5, 1\), Fraction\(3, 1\), 8\]; bin edges are at least two numbers, in order"),
    ("a sum of no counts", "counts_poisson", set_field(["tables", "value_sums_", "spam", "caps"], 3),
     r"tables.value_sums_\['spam'\]\['caps'\] is not 0, but the class has no values of the feature"),
    ("a cell of two values", "play_tennis_joint", set_field(["tables", "cell_counts_", "no"], [[["sunny", "hot"], 5]]),
     r"cell_counts_\['no'\] has the cell \('sunny', 'hot'\); a cell has one value for each of the 4 features"),
    ("a scatter matrix that is not symmetric", "exact_discriminant",
     set_field(["tables", "scatter_matrices_", "a", 0, 1], "5"), r"scatter_matrices_\['a'\] is not symmetric"),
    ("a mean vector too short", "exact_discriminant", set_field(["tables", "mean_vectors_", "b"], ["7"]),
     r"mean_vectors_\['b'\] has 1 numbers, one per feature of 2"),
]


def tampered_text(model_name, edit):
    text = to_json(FITTED[model_name]()[0])
    if getattr(edit, "on_text", False):
        return edit(text)
    document = json.loads(text)
    edit(document)
    return json.dumps(document, indent=1)


@pytest.mark.parametrize("what, model_name, edit, message", TAMPERED, ids=[case[0] for case in TAMPERED])
def test_a_changed_file_is_refused_naming_the_field(what, model_name, edit, message, tmp_path):
    text = tampered_text(model_name, edit)
    with pytest.raises(ModelFileError, match=message):
        from_json(text)
    path = tmp_path / "model.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ModelFileError) as raised:
        load(path)
    assert str(raised.value).startswith(f"{path}: ")


def test_a_file_that_is_not_text_is_refused(tmp_path):
    path = tmp_path / "model.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(ModelFileError, match="is not a model file: it is not UTF-8 text"):
        load(path)


def test_from_json_takes_text():
    with pytest.raises(TypeError, match="from_json takes the text of a model file"):
        from_json(b"{}")


# ---------------------------------------------------------------------------
# Files stay whole and keep their place (issue 19)
# ---------------------------------------------------------------------------


def test_saving_writes_through_a_symbolic_link(tmp_path):
    model, _ = china_multinomial()
    target_folder = tmp_path / "models"
    target_folder.mkdir()
    target = target_folder / "real.json"
    target.write_text("the old file", encoding="utf-8")
    link = tmp_path / "model.json"
    link.symlink_to(target)
    assert save(model, link) == link
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert load(target).class_counts_ == model.class_counts_
    assert sorted(p.name for p in target_folder.iterdir()) == ["real.json"]  # no temporary file left
    # A link to a file that does not exist yet: the file is made where the link points.
    dangling = tmp_path / "new.json"
    dangling.symlink_to(target_folder / "made.json")
    save(model, dangling)
    assert dangling.is_symlink() and load(target_folder / "made.json").class_counts_ == model.class_counts_


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o444])
def test_saving_keeps_an_existing_files_permissions(tmp_path, mode):
    model, _ = china_multinomial()
    path = tmp_path / "model.json"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, mode)
    save(model, path)
    assert stat.S_IMODE(path.stat().st_mode) == mode
    assert load(path).class_counts_ == model.class_counts_


def test_save_and_load_expand_the_home_folder(tmp_path, monkeypatch):
    model, _ = china_multinomial()
    monkeypatch.setenv("HOME", str(tmp_path))
    saved = save(model, "~/model.json")
    assert saved == tmp_path / "model.json" and saved.is_file()
    assert load("~/model.json").class_counts_ == model.class_counts_
    assert not (tmp_path / "~").exists()


def test_an_error_while_saving_names_the_users_path_not_the_temporary_file(tmp_path, monkeypatch):
    model, _ = china_multinomial()
    path = tmp_path / "model.json"

    def full(source, destination):
        raise OSError(28, "No space left on device", str(source))

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError) as raised:
        save(model, path)
    assert str(path) in str(raised.value) and ".part" not in str(raised.value)
    assert "No space left on device" in str(raised.value)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    folder = tmp_path / "a folder"
    folder.mkdir()
    with pytest.raises(IsADirectoryError) as raised:
        save(model, folder)
    assert str(folder) in str(raised.value) and ".part" not in str(raised.value)
    assert list(folder.iterdir()) == []


def test_loading_names_the_users_path(tmp_path):
    with pytest.raises(FileNotFoundError) as raised:
        load(tmp_path / "no such model.json")
    assert "no such model.json" in str(raised.value)
    with pytest.raises(IsADirectoryError, match="is a folder"):
        load(tmp_path)


def dense_multinomial_file():
    return json.loads(to_json(MultinomialNB().fit([[1, 0, 2], [0, 3, 1]], ["x", "y"])))


@pytest.mark.parametrize("width", [10**10, 4, 2, 0])
def test_a_dense_width_that_is_not_the_vocabularys_is_refused_before_anything_is_built(width, monkeypatch):
    document = dense_multinomial_file()
    document["tables"]["n_columns_"] = width
    import naivebayes.saving.model_files as model_files

    def never(*args):
        raise AssertionError("a model was built from a file whose sizes were not checked")

    monkeypatch.setattr(model_files, "model_from_tables", never)
    with pytest.raises(ModelFileError, match=r"tables.n_columns_ is .*(vocabulary_|MAX_COLUMNS)"):
        from_json(json.dumps(document))


def test_a_row_width_beyond_the_limit_is_refused():
    document = json.loads(to_json(GaussianNB().fit([[1.0, 2], [2, 3], [3, 1], [4, 5]], ["a", "b", "a", "b"])))
    document["tables"]["n_columns_"] = 10**12
    with pytest.raises(ModelFileError, match=r"tables.n_columns_ is 1000000000000.*at most"):
        from_json(json.dumps(document))


def test_a_tokenizer_size_in_a_file_is_checked():
    document = json.loads(to_json(MultinomialNB().fit(["a b", "b c"], ["x", "y"])))
    document["settings"]["tokenizer"]["ngram_range"] = [1, 10**9]
    with pytest.raises(ModelFileError, match=r"settings.tokenizer: ngram_range=.*at most 10 words"):
        from_json(json.dumps(document))


def test_metadata_is_kept_beside_the_model_and_checked(tmp_path):
    from naivebayes.saving import load_with_metadata

    model, _ = china_multinomial()
    path = save(model, tmp_path / "m.json", metadata={"reading": {"delimiter": "\t", "names": ["a", "b"]}})
    loaded, metadata = load_with_metadata(path)
    assert metadata == {"reading": {"delimiter": "\t", "names": ["a", "b"]}}
    assert loaded.class_counts_ == model.class_counts_ and load(path).class_counts_ == model.class_counts_
    assert json.loads(path.read_text(encoding="utf-8"))["format_version"] == 2
    assert load_with_metadata(save(model, tmp_path / "plain.json"))[1] is None
    with pytest.raises(TypeError, match="metadata"):
        to_json(model, metadata={1: "a"})
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["metadata"]
    with pytest.raises(ModelFileError, match="no 'metadata' field"):
        from_json(json.dumps(document))


# ---------------------------------------------------------------------------
# Words of the vocabulary that no class counted: the file names them (issue 30)
# ---------------------------------------------------------------------------


def zero_weight_documents():
    """'z' is given with count 0: it is in V, and no class counts it."""
    return [{"a": 1, "z": 0}, {"b": 2}], ["x", "y"]


@pytest.mark.parametrize("model_class", [MultinomialNB, BernoulliNB, ComplementNB])
def test_a_word_no_class_counted_is_saved_in_its_own_field_and_comes_back(model_class):
    documents, labels = zero_weight_documents()
    model = model_class().fit(documents, labels)
    assert model.vocabulary_ == {"a", "b", "z"}
    text = to_json(model)
    tables = json.loads(text)["tables"]
    assert tables["uncounted_words"] == ["z"]
    assert list(tables).index("uncounted_words") == list(tables).index("vocabulary_") + 1
    loaded = from_json(text)
    assert loaded.vocabulary_ == {"a", "b", "z"}
    examples = [{"a": 1}, {"b": 1, "z": 3}, {"q": 1}]
    assert loaded.predict_proba(examples) == model.predict_proba(examples)
    assert to_json(loaded) == text


def test_the_uncounted_word_changes_the_estimates_by_hand():
    """MultinomialNB, alpha = 1, |V| = 3: theta_a,x = (1 + 1) / (1 + 3) = 1/2 (without 'z' it would be 2/3)."""
    model = from_json(to_json(MultinomialNB().fit(*zero_weight_documents())))
    assert model.likelihood("a", "x") == Fraction(1, 2)
    assert model.likelihood("z", "x") == Fraction(1, 4)
    assert model.likelihood("b", "y") == Fraction(3, 5)  # (2 + 1) / (2 + 3)
    bernoulli = from_json(to_json(BernoulliNB().fit(*zero_weight_documents())))
    assert bernoulli.likelihood("z", "x") == Fraction(1, 3)  # (0 + 1) / (1 + 2)


def test_a_dense_column_of_zeros_is_an_uncounted_word():
    model = MultinomialNB().fit([[1, 0, 0], [0, 2, 0]], ["x", "y"])
    text = to_json(model)
    assert json.loads(text)["tables"]["uncounted_words"] == [2]
    loaded = from_json(text)
    assert loaded.likelihood(0, "x") == Fraction(1, 2)  # (1 + 1) / (1 + 3)
    assert loaded.predict_proba([[1, 1, 1]]) == model.predict_proba([[1, 1, 1]])


def test_a_file_whose_words_are_all_counted_has_no_such_field():
    """The usual file is byte for byte what it was before the field existed, so older files load as they did."""
    model, _ = china_multinomial()
    assert "uncounted_words" not in json.loads(to_json(model))["tables"]


def semi_supervised_china():
    from naivebayes import SemiSupervisedNB

    documents, labels, _ = load_china()
    return SemiSupervisedNB(document_length=None).fit(documents[:1] + documents[3:], ["china", "japan"], documents[1:3])


TEXT_MODELS = {
    "multinomial": lambda: china_multinomial()[0],
    "complement": lambda: china_complement()[0],
    "bernoulli": lambda: BernoulliNB().fit(*load_china()[:2]),
    "semi-supervised": semi_supervised_china,
    "zero weight": lambda: MultinomialNB().fit(*zero_weight_documents()),
}


@pytest.mark.parametrize("name", TEXT_MODELS)
def test_a_word_added_to_the_vocabulary_alone_is_refused(name):
    """The issue's file: vocabulary_ lists a word no class counted, and the file does not say it holds one."""
    document = json.loads(to_json(TEXT_MODELS[name]()))
    document["tables"]["vocabulary_"].append("korea")
    with pytest.raises(ModelFileError, match=r"^tables.vocabulary_ lists 'korea', which no class counted and "
                                             r"uncounted_words does not list"):
        from_json(json.dumps(document))


@pytest.mark.parametrize("name", TEXT_MODELS)
def test_a_word_declared_uncounted_loads_and_changes_the_predictions(name):
    """The same word in vocabulary_ and in uncounted_words: a file a model could have written; |V| is one more."""
    model = TEXT_MODELS[name]()
    document = json.loads(to_json(model))
    tables = document["tables"]
    tables["vocabulary_"] = sorted(tables["vocabulary_"] + ["korea"])
    tables["uncounted_words"] = sorted(tables.get("uncounted_words", []) + ["korea"])
    loaded = from_json(json.dumps(document))
    assert "korea" in (getattr(loaded, "model_", None) or loaded).vocabulary_
    examples = ["Chinese Chinese Chinese Tokyo Japan", {"a": 1}]
    example = examples[name == "zero weight"]
    assert loaded.predict_proba([example]) != model.predict_proba([example])
    assert json.loads(to_json(loaded)) == document  # (written again: the same fields and values)


@pytest.mark.parametrize("words, message", [
    (["chinese"], r"tables.uncounted_words lists 'chinese', but class 'china' counted it in feature_counts_"),
    (["korea"], r"tables.uncounted_words lists 'korea', which is not in vocabulary_"),
    ("korea", r"tables.uncounted_words is \"korea\"; it should be an array"),
    (["korea", "korea"], r"tables.uncounted_words names a key twice"),
])
def test_uncounted_words_are_checked(words, message):
    document = json.loads(to_json(china_multinomial()[0]))
    document["tables"]["uncounted_words"] = words
    with pytest.raises(ModelFileError, match=message):
        from_json(json.dumps(document))


def test_a_zero_count_is_no_count():
    """{'korea': 0} in a class's counts does not make 'korea' counted: it must still be declared."""
    document = json.loads(to_json(china_multinomial()[0]))
    document["tables"]["feature_counts_"]["china"]["korea"] = 0
    document["tables"]["vocabulary_"].append("korea")
    with pytest.raises(ModelFileError, match="tables.vocabulary_ lists 'korea', which no class counted"):
        from_json(json.dumps(document))
    document["tables"]["uncounted_words"] = ["korea"]
    assert "korea" in from_json(json.dumps(document)).vocabulary_


def test_only_a_text_model_has_uncounted_words():
    document = json.loads(to_json(play_tennis_categorical()[0]))
    document["tables"]["uncounted_words"] = []
    with pytest.raises(ModelFileError, match="tables has 'uncounted_words', which is not a count table of CategoricalNB"):
        from_json(json.dumps(document))


# ---------------------------------------------------------------------------
# LogisticRegression: its weights, checked against its columns and classes
# ---------------------------------------------------------------------------


def logistic_models():
    """Fitted logistic regressions of each form of input: categories, numbers, list rows, word counts, odd labels."""
    import warnings

    from naivebayes import LogisticRegression

    tennis, play, tennis_row = load_play_tennis()
    iris = load_iris()
    list_rows = [[row[f] for f in iris.features] for row in iris.rows]
    mixed = [{"colour": "red", "size": 1.5}, {"colour": "blue", "size": 2.5}, {"colour": "red", "size": None},
             {"colour": "green", "size": 7.0}, {"colour": None, "size": 6.5}, {"colour": "green", "size": 8.0}]
    words = [{"free": 2, "prize": 1}, {"lunch": 1, "noon": 1}, {"free": 1, "lunch": 1}, {"prize": 3}]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (a few of these stop before they converge: the weights are what they are)
        return {
            "categories, two classes": (LogisticRegression().fit(tennis, play), [tennis_row, *tennis[:3]]),
            "numbers, three classes": (LogisticRegression(C=10.0, max_iter=30).fit(iris.rows, iris.labels), iris.rows[::25]),
            "list rows": (LogisticRegression(tol=1e-4).fit(list_rows, iris.labels), list_rows[::25]),
            "numbers and categories": (LogisticRegression().fit(mixed, list("aaabbb")), mixed),
            "word counts, tuple labels": (LogisticRegression(C=Fraction(1, 2)).fit(words, [(1, "s"), (0, "h"), (0, "h"), (1, "s")]),
                                          [*words, {"free": 1, "unseen": 4}]),
        }


LOGISTIC = logistic_models()


@pytest.mark.parametrize("name", LOGISTIC)
def test_a_loaded_logistic_regression_is_the_saved_one(name, tmp_path):
    model, examples = LOGISTIC[name]
    path = save(model, tmp_path / "model.json")
    text = path.read_text(encoding="utf-8")
    loaded = load(path)
    assert type(loaded) is type(model) and loaded.get_params() == model.get_params()
    assert sorted(vars(loaded)) == sorted(vars(model))  # every attribute fit leaves ...
    for attribute, value in vars(model).items():
        assert same(getattr(loaded, attribute), value), attribute  # ... of the same value and types
    assert loaded.predict_proba(examples) == model.predict_proba(examples)  # bit for bit
    assert loaded.predict(examples) == model.predict(examples)
    assert str(loaded.explain(examples[0])) == str(model.explain(examples[0]))
    assert to_json(loaded) == text


def test_a_logistic_regression_file_by_hand():
    """w = 2.0 and b = -4.0 for 'b' against 'a': P(b | x) = sigmoid(2x - 4), which is 1/2 at x = 2."""
    document = {
        "format": "naivebayes model", "format_version": 1, "model": "LogisticRegression",
        "settings": {"C": 1.0, "max_iter": 100, "tol": 1e-06},
        "tables": {"classes_": ["a", "b"], "columns_": [0], "named_features_": None, "n_columns_": 1,
                   "coef_": {"b": [2.0]}, "intercept_": {"b": -4.0}, "n_iter_": 3, "objective_": 0.5, "converged_": True},
    }
    model = from_json(json.dumps(document))
    assert model.coef_ == {"b": {0: 2.0}} and model.intercept_ == {"b": -4.0}
    assert model.predict_proba([[2.0]]) == [{"a": 0.5, "b": 0.5}]
    assert model.predict([[1.0], [3.0]]) == ["a", "b"]
    assert json.loads(to_json(model)) == document


def test_an_unfitted_logistic_regression_cannot_be_saved():
    from naivebayes import LogisticRegression

    with pytest.raises(NotFittedError, match="not fitted yet"):
        to_json(LogisticRegression())


@pytest.mark.parametrize("setting, value, phrase", [
    ("max_iter", -1, "max_iter=-1; it must be a whole number"),  # fuzzer round 1742
    ("max_iter", 2.5, "max_iter=2.5; it must be a whole number"),  # fuzzer round 1353
    ("C", 10**400, "C=a whole number of about 400 digits"),
])
def test_a_model_whose_settings_would_not_load_is_not_saved(setting, value, phrase, tmp_path):
    from naivebayes import LogisticRegression

    model = LogisticRegression().fit([[1.0], [3.0]], ["a", "b"])
    model.__dict__[setting] = value  # past the check made at assignment, as code of one's own could
    message = f"this LogisticRegression cannot be saved: its settings would not load \\({phrase}"
    with pytest.raises(ValueError, match=message):
        to_json(model)
    with pytest.raises(ValueError, match=message):
        save(model, tmp_path / "model.json")
    assert list(tmp_path.iterdir()) == []  # nothing written, not even a temporary file


def test_a_semi_supervised_model_whose_settings_would_not_load_is_not_saved(tmp_path):
    from naivebayes.naive_bayes.semi_supervised import SemiSupervisedNB

    model = SemiSupervisedNB(max_iterations=2, min_word_count=1).fit(
        ["ball goal", "vote law"], ["sport", "politics"], ["goal ball ball", "law vote"]
    )
    model.__dict__["max_iterations"] = 2.5
    with pytest.raises(ValueError, match="this SemiSupervisedNB cannot be saved: its settings would not load"):
        save(model, tmp_path / "model.json")
    assert list(tmp_path.iterdir()) == []


def logistic_file(name="categories, two classes"):
    return json.loads(to_json(LOGISTIC[name][0]))


def edited(name, edit):
    document = logistic_file(name)
    edit(document)
    return json.dumps(document)


TENNIS, IRIS, LIST_ROWS = "categories, two classes", "numbers, three classes", "list rows"

LOGISTIC_TAMPERED = [
    # (what was done, the model, the edit, what the message says)
    ("a table missing", TENNIS, delete_field(["tables", "coef_"]), "tables has no 'coef_'"),
    ("a table too many", TENNIS, set_field(["tables", "vocabulary_"], []), "tables has 'vocabulary_', which is not a table of LogisticRegression"),
    ("a setting out of range", TENNIS, set_field(["settings", "C"], -1.0), "settings: C=-1.0; it must be a positive"),
    ("max_iter of 0", TENNIS, set_field(["settings", "max_iter"], 0), "settings: max_iter=0"),
    ("one class", TENNIS, set_field(["tables", "classes_"], ["yes"]), r"tables.classes_ is \['yes'\]; logistic regression has two classes"),
    ("classes out of order", TENNIS, set_field(["tables", "classes_"], ["yes", "no"]), r"tables.classes_ is \['yes', 'no'\]"),
    ("a class twice", IRIS, set_field(["tables", "classes_"], ["setosa", "setosa", "virginica"]), "each once, sorted"),
    ("weights for class 0 of two", TENNIS, set_field(["tables", "coef_", "no"], [0.0] * 10),
     r"tables.coef_ has the classes \['yes', 'no'\], but the classes with weights are \['yes'\]"),
    ("a class's weights missing", IRIS, delete_field(["tables", "coef_", "virginica"]), "tables.coef_ has the classes"),
    ("a bias missing", IRIS, delete_field(["tables", "intercept_", "setosa"]), "tables.intercept_ has the classes"),
    ("a weight too few", IRIS, lambda document: document["tables"]["coef_"]["setosa"].pop(),
     r"tables.coef_\['setosa'\] has 3 weights, but columns_ has 4 columns"),
    ("a column too many", IRIS, lambda document: document["tables"]["columns_"].append("petal_area"),
     r"tables.named_features_ is .*, but the features of columns_ are"),
    ("a weight that is an int", IRIS, set_field(["tables", "coef_", "setosa", 0], 3),
     r"tables.coef_\['setosa'\]\[0\] is 3; a weight is a float"),
    ("a weight too large for a float", IRIS, set_field(["tables", "coef_", "setosa", 0], 10**400),
     r"tables.coef_\['setosa'\]\[0\] is a whole number of about 400 digits, too large for a float"),
    ("a weight that is a fraction", IRIS, set_field(["tables", "coef_", "setosa", 0], "1/3"), r"a weight is a float"),
    ("a bias that is an int", TENNIS, set_field(["tables", "intercept_", "yes"], 1), r"tables.intercept_\['yes'\] is 1; a bias is a float"),
    ("a weight that is NaN", TENNIS, set_field(["tables", "coef_", "yes", 0], float("nan")), "is NaN, which is not JSON"),
    ("a column twice", IRIS, lambda document: document["tables"]["columns_"].__setitem__(1, document["tables"]["columns_"][0]),
     "tables.columns_ names a column twice"),
    ("a number and a category", IRIS, lambda document: document["tables"]["columns_"].__setitem__(1, ["petal_length", "long"]),
     r"tables.columns_ has the feature 'petal_length' as a number and as the category 'long'"),
    ("a column that is not a pair", TENNIS, lambda document: document["tables"]["columns_"].__setitem__(0, ["outlook"]),
     r"a category's column is \[feature, value\]"),
    ("no columns", TENNIS, set_field(["tables", "columns_"], []), "tables.columns_ is empty"),
    ("names and a width", TENNIS, set_field(["tables", "n_columns_"], 4), "dict rows have names and no width"),
    ("neither names nor a width", LIST_ROWS, set_field(["tables", "n_columns_"], None), "list rows a width and no names"),
    ("a column beyond the width", LIST_ROWS, set_field(["tables", "n_columns_"], 3),
     r"tables.columns_ has the feature 3, but the rows were lists of 3 columns \(0 to 2\)"),
    ("a width beyond the limit", LIST_ROWS, set_field(["tables", "n_columns_"], 10**12), "tables.n_columns_ is 1000000000000"),
    ("a name twice", TENNIS, lambda document: document["tables"]["named_features_"].append("wind"), "tables.named_features_ is"),
    ("a count of iterations below 0", TENNIS, set_field(["tables", "n_iter_"], -1), "tables.n_iter_ is -1; a count is a whole number"),
    ("converged as text", TENNIS, set_field(["tables", "converged_"], "yes"), "tables.converged_ is \"yes\"; it should be true or false"),
]


@pytest.mark.parametrize("what, name, edit, message", LOGISTIC_TAMPERED, ids=[case[0] for case in LOGISTIC_TAMPERED])
def test_a_changed_logistic_regression_file_is_refused_naming_the_field(what, name, edit, message):
    text = edited(name, edit)  # (json.dumps writes a float nan as NaN, which the loader refuses as not JSON)
    with pytest.raises(ModelFileError, match=message):
        from_json(text)


# ---------------------------------------------------------------------------
# Priors (issue 33): a prior given as alpha or class_prior is saved with its fields and comes back as it was
# ---------------------------------------------------------------------------


def test_a_beta_prior_is_written_as_its_kind_and_fields_and_loads_to_the_hand_computed_estimates():
    model = BernoulliNB(alpha=Beta(2, 3)).fit(PRESENCE_DOCUMENTS, PRESENCE_LABELS)
    text = to_json(model)
    assert '"alpha": {"Beta": {"a": 2, "b": 3, "per_feature": null, "per_class": null, "estimate": "posterior mean"}},' in text
    loaded = from_json(text)
    assert loaded.alpha == Beta(2, 3)
    # (N_jc + a) / (N_c + a + b): x is in both documents of class a (N_a = 2) and in none of b (N_b = 1)
    assert loaded.likelihood("x", "a") == Fraction(4, 7) and loaded.likelihood("x", "b") == Fraction(1, 3)
    assert loaded.likelihood("x", "a", present=False) == Fraction(3, 7)
    # the document "y": P(y, a) = 2/3 * 3/7 * 3/7 = 6/49 and P(y, b) = 1/3 * 2/3 * 1/2 = 1/9
    assert loaded.joint_probability("y") == {"a": Fraction(6, 49), "b": Fraction(1, 9)}
    assert loaded.posterior("y")["a"] == Fraction(54, 103)
    assert loaded.predict_proba(["y"]) == model.predict_proba(["y"])


def test_a_map_class_prior_loads_to_the_hand_computed_priors():
    model, _ = dirichlet_multinomial()
    loaded = from_json(to_json(model))
    # (N_c + b_c - 1) / (N + B - K) with N_china = 3, N_japan = 1, b = (1, 2): 3/5 and 2/5
    assert loaded.prior("china") == Fraction(3, 5) and loaded.prior("japan") == Fraction(2, 5)
    assert loaded.exact_priors() == model.exact_priors()


@pytest.mark.parametrize("factory", PRIOR_MODELS, ids=lambda factory: factory.__name__)
def test_a_prior_comes_back_with_every_field_of_its_type(factory):
    """Prior's == says Fraction(1, 2) == 0.5 and (1, 2) == (1, 2) only; ``same`` also wants the types, keys and pairs."""
    model, _ = factory()
    loaded = from_json(to_json(model))
    priors = 0
    for name in ("alpha", "class_prior"):
        given = model.get_params().get(name)
        if isinstance(given, (Dirichlet, Beta, MEstimate)):
            back = getattr(loaded, name)
            assert type(back) is type(given) and same(vars(back), vars(given)), name
            priors += 1
    assert priors  # (each model of PRIOR_MODELS has one)


def test_older_code_refuses_a_prior_rather_than_misread_it():
    """Before priors, alpha was read as a number and a class_prior object as {label: P(c)}: both refuse a prior."""
    from naivebayes.saving.json_values import decode

    model, _ = dirichlet_multinomial()
    settings = json.loads(to_json(model))["settings"]
    assert FORMAT_VERSION == 1
    with pytest.raises(ModelFileError, match=r'^settings.alpha is \{"Dirichlet": .*; a number is written as'):
        decode("number", settings["alpha"], "settings.alpha")
    with pytest.raises(ModelFileError, match=r"^settings.class_prior\['Dirichlet'\] is \{.*; a number is written as"):
        decode(("table", "number"), settings["class_prior"], "settings.class_prior")


def test_a_class_prior_table_whose_labels_name_priors_is_still_a_table():
    model = MultinomialNB(class_prior={"Dirichlet": Fraction(1, 4), "Beta": Fraction(3, 4)})
    model.fit(["a b", "b c"], ["Dirichlet", "Beta"])
    loaded = from_json(to_json(model))
    assert loaded.class_prior == {"Dirichlet": Fraction(1, 4), "Beta": Fraction(3, 4)}
    assert loaded.prior("Beta") == Fraction(3, 4)


def test_a_prior_of_your_own_is_not_saved(tmp_path):
    class Stronger(Dirichlet):
        """A subclass: a file names Dirichlet, and would load it as a Dirichlet."""

    model = MultinomialNB(alpha=Stronger(2)).fit(PRESENCE_DOCUMENTS, PRESENCE_LABELS)
    with pytest.raises(TypeError, match=r"settings.alpha is Stronger\(a=2\), a prior of your own; a model file holds"):
        save(model, tmp_path / "model.json")
    assert list(tmp_path.iterdir()) == []


def test_a_prior_changed_in_place_so_that_it_would_not_load_is_not_saved(tmp_path):
    prior = Beta(2, 3)
    model = BernoulliNB(alpha=prior).fit(PRESENCE_DOCUMENTS, PRESENCE_LABELS)
    prior.estimate = "mode"  # past the check its constructor makes, as code of one's own could
    message = r"this BernoulliNB cannot be saved: its alpha would not load \(settings.alpha.Beta.estimate must be 'posterior mean' or 'map'"
    with pytest.raises(ValueError, match=message):
        save(model, tmp_path / "model.json")
    prior.estimate, prior.per_feature = "posterior mean", {"x": (1, -2)}
    with pytest.raises(ValueError, match=r"its alpha would not load \(settings.alpha.Beta.per_feature\['x'\]\[1\] must be a finite number >= 0"):
        save(model, tmp_path / "model.json")
    prior.per_feature = {"x": (1, 10**400)}  # (a number no float can hold, which a file cannot either)
    with pytest.raises(ValueError, match=r"its alpha would not load \(settings.alpha.Beta.per_feature\['x'\]\[1\] is a whole number of about 400 digits"):
        save(model, tmp_path / "model.json")
    assert list(tmp_path.iterdir()) == []
