"""A prediction sees one state of a model, never two, while another thread trains it (issue 30).

Eight threads predict over and over while a ninth trains the model back and
forth between two states that give clearly different answers.  Every answer a
reader gets must be the answer of one of the two states, whole: never some
rows from one state and some from the other.  Each run is bounded in time
(about a third of a second); Python switches threads far more often than usual
during it, so that a missing lock shows within that time.
"""

import sys
import threading
import time

import pytest

from naivebayes import GaussianNB, LogisticRegression, MultinomialNB, merge

READERS = 8
RUN_SECONDS = 0.3

TEXTS = ["free prize now", "win cash now", "meeting at noon", "lunch at noon"]
TEXT_LABELS = ["spam", "spam", "ham", "ham"]
FLIP_TEXTS = ["meeting prize cash noon lunch"] * 6  # partial_fit of these makes the meeting words spam
FLIP_LABELS = ["spam"] * 6
TEXT_QUERIES = ["free prize", "meeting at noon", "lunch", "cash now", "noon meeting lunch"] * 20

ROWS = [[1.0, 2.0], [1.5, 1.0], [5.0, 6.0], [6.0, 5.5]]
ROW_LABELS = ["a", "a", "b", "b"]
FLIP_ROWS = [[5.5, 5.5], [6.5, 6.0], [5.0, 5.0], [1.0, 1.0], [1.2, 1.5]] * 3
FLIP_ROW_LABELS = ["a", "a", "a", "b", "b"] * 3
ROW_QUERIES = [[1.0, 1.5], [5.5, 5.5], [3.0, 3.0], [6.0, 6.0], [1.2, 1.9]] * 20


def text_states():
    """The two states: fitted on TEXTS, and that plus a partial_fit of FLIP_TEXTS."""
    model = MultinomialNB().fit(TEXTS, TEXT_LABELS)
    return model, lambda: model.fit(TEXTS, TEXT_LABELS), lambda: model.partial_fit(FLIP_TEXTS, FLIP_LABELS)


def row_states():
    model = GaussianNB().fit(ROWS, ROW_LABELS)
    return model, lambda: model.fit(ROWS, ROW_LABELS), lambda: model.partial_fit(FLIP_ROWS, FLIP_ROW_LABELS)


def setting_states():
    """The two states are two settings of a fitted model: alpha 1 and alpha 1000, assigned back and forth."""
    model = MultinomialNB().fit(TEXTS + FLIP_TEXTS[:1], TEXT_LABELS + ["ham"])

    def first():
        model.alpha = 1

    def second():
        model.set_params(alpha=1000)

    return model, first, second


# Each reading method, called as a reader calls it: (name, call(model, queries), which kinds of model).
READS = {
    "predict": lambda model, X: model.predict(X),
    "predict_proba": lambda model, X: model.predict_proba(X),
    "predict_log_proba": lambda model, X: model.predict_log_proba(X),
    "predict_joint_log_proba": lambda model, X: model.predict_joint_log_proba(X),
    "score": lambda model, X: model.score(X, [model.classes_[0]] * len(X)),
    "log_marginal": lambda model, X: model.log_marginal(X),
    "joint_log_likelihood": lambda model, X: model.joint_log_likelihood(X[-1]),
    "posterior": lambda model, X: model.posterior(X[-1]),
    "sample": lambda model, X: model.sample(50, random_state=3),
    "explain": lambda model, X: model.explain(X[-1]),
}
STATES = {"text": (text_states, TEXT_QUERIES), "rows": (row_states, ROW_QUERIES), "setting": (setting_states, TEXT_QUERIES)}


def run_readers_against_a_writer(model, to_first, to_second, read, queries):
    """Answers read by READERS threads while one thread moves the model between two states; the answers of both states."""
    to_first()
    first = read(model, queries)
    to_second()
    second = read(model, queries)
    assert first != second, "the two states must give different answers, or the test could not fail"
    to_first()
    stop = threading.Event()
    answers, errors = [], []

    def reader():
        try:
            while not stop.is_set():
                answers.append(read(model, queries))
        except Exception as error:  # (reported below, with the state it saw)
            errors.append(error)
            stop.set()

    def writer():
        try:
            while not stop.is_set():
                to_second()
                to_first()
        except Exception as error:
            errors.append(error)
            stop.set()

    threads = [threading.Thread(target=reader) for _ in range(READERS)] + [threading.Thread(target=writer)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as Python can: a torn read shows quickly
    try:
        for thread in threads:
            thread.start()
        time.sleep(RUN_SECONDS)
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
    finally:
        sys.setswitchinterval(interval)
    assert not any(thread.is_alive() for thread in threads), "a thread did not stop"
    return answers, errors, first, second


@pytest.mark.parametrize("states", sorted(STATES))
@pytest.mark.parametrize("method", sorted(READS))
def test_every_answer_comes_from_one_state_of_the_model(states, method):
    make, queries = STATES[states]
    model, to_first, to_second = make()
    answers, errors, first, second = run_readers_against_a_writer(model, to_first, to_second, READS[method], queries)
    assert not errors, errors[0]
    assert answers, "no reader finished a call"
    mixed = [answer for answer in answers if answer != first and answer != second]
    assert not mixed, f"{len(mixed)} of {len(answers)} answers mix two states of the model"


def refitted_states(model, X, y, X_flip, y_flip):
    """Two states of a model without partial_fit: fitted on (X, y), and refitted on (X_flip, y_flip)."""
    model.fit(X, y)
    return model, lambda: model.fit(X, y), lambda: model.fit(X_flip, y_flip)


OTHER_MODELS = {
    "logistic": lambda: refitted_states(
        LogisticRegression(), ROWS, ROW_LABELS, ROWS, ROW_LABELS[::-1]),
}
OTHER_READS = {
    "predict_proba": lambda model, X: model.predict_proba(X),
    "explain": lambda model, X: model.explain(X[-1]),
}


@pytest.mark.parametrize("name", sorted(OTHER_MODELS))
@pytest.mark.parametrize("method", sorted(OTHER_READS))
def test_models_without_partial_fit_answer_from_one_fit(name, method):
    model, to_first, to_second = OTHER_MODELS[name]()
    answers, errors, first, second = run_readers_against_a_writer(model, to_first, to_second, OTHER_READS[method], ROW_QUERIES)
    assert not errors, errors[0]
    assert answers, "no reader finished a call"
    mixed = [answer for answer in answers if answer != first and answer != second]
    assert not mixed, f"{len(mixed)} of {len(answers)} answers mix two fits of the model"


def test_merging_sees_one_state_of_each_model():
    words = [f"word{i}" for i in range(300)]  # (many words: merging takes a while, and a swap would land inside it)
    texts, labels = TEXTS + [" ".join(words)], TEXT_LABELS + ["ham"]
    model = MultinomialNB().fit(texts, labels)
    to_first = lambda: model.fit(texts, labels)  # noqa: E731
    to_second = lambda: model.partial_fit([" ".join(words[:150])] * 3, ["spam"] * 3)  # noqa: E731
    other = MultinomialNB().fit(texts, labels)
    read = lambda model, X: merge(model, other).predict_proba(X)  # noqa: E731
    answers, errors, first, second = run_readers_against_a_writer(model, to_first, to_second, read, TEXT_QUERIES)
    assert not errors, errors[0]
    assert answers and all(answer == first or answer == second for answer in answers)


def test_two_threads_training_at_once_lose_no_batch():
    model = MultinomialNB().fit(TEXTS, TEXT_LABELS)
    batches = 200

    def train():
        for _ in range(batches):
            model.partial_fit(["prize"], ["spam"])

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=train) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    finally:
        sys.setswitchinterval(interval)
    assert model.n_examples_ == len(TEXTS) + 2 * batches
    assert model.feature_counts_["spam"]["prize"] == 1 + 2 * batches
