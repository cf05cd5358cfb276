"""A model file is input from a stranger: loading it must neither hang, nor fill memory, nor run a slow regex.

Issue 30 found three files that did: a named pipe (``load`` waited forever
for a writer), ``/dev/zero`` (``load`` read until memory ran out) and a
tokenizer pattern that backtracks without bound, such as ``(a+)+$`` (it
loaded, and then ``predict`` ran for minutes).  Each test below builds such a
file and requires a quick, clear refusal, and the way to accept the file on
purpose where there is one.  The table at the end tampers with each field of
each kind of model file and requires a ModelFileError that names the field.
"""

import json
import os
import re
import threading

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
    PoissonNB,
    SemiSupervisedNB,
    Tokenizer,
    TreeAugmentedNB,
)
from naivebayes.datasets import load_china, load_play_tennis
from naivebayes.saving.model_files import (
    DEFAULT_MAX_BYTES,
    ModelFileError,
    from_json,
    load,
    load_with_metadata,
    save,
    to_json,
)
from naivebayes.text.tokenize import DEFAULT_PATTERN, SKLEARN_PATTERN


def china():
    documents, labels, _ = load_china()
    return MultinomialNB().fit(documents, labels)


# ---------------------------------------------------------------------------
# Only regular files, and only so many bytes
# ---------------------------------------------------------------------------


def refuses_quickly(call, unblock=None, seconds=10):
    """The exception ``call()`` raises, or a failure if it is still running after ``seconds``."""
    outcome = {}

    def run():
        try:
            call()
        except BaseException as error:  # (the test looks at which one)
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        if unblock is not None:
            unblock()
        thread.join(seconds)
        pytest.fail(f"load did not return within {seconds} seconds")
    assert "error" in outcome, "load accepted what it should refuse"
    return outcome["error"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    pipe = tmp_path / "model.json"
    os.mkfifo(pipe)

    def unblock():
        descriptor = os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)
        os.close(descriptor)

    error = refuses_quickly(lambda: load(pipe), unblock)
    assert isinstance(error, ModelFileError), error
    assert str(pipe) in str(error) and "named pipe" in str(error) and "regular file" in str(error)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_is_refused_before_it_is_read():
    error = refuses_quickly(lambda: load("/dev/zero"))
    assert isinstance(error, ModelFileError), error
    assert "/dev/zero" in str(error) and "device" in str(error)


def test_a_folder_is_refused_by_name(tmp_path):
    with pytest.raises(IsADirectoryError, match=f"{re.escape(str(tmp_path))} is a folder"):
        load(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_file_swapped_for_a_pipe_after_the_first_look_is_still_refused(tmp_path, monkeypatch):
    """os.stat saw a regular file, then a pipe took its place: the open does not block, and fstat refuses it."""
    regular = tmp_path / "regular.json"
    save(china(), regular)
    pipe = tmp_path / "model.json"
    os.mkfifo(pipe)
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda path, *a, **k: real_stat(regular if str(path) == str(pipe) else path, *a, **k))
    error = refuses_quickly(lambda: load(pipe), lambda: os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)))
    assert isinstance(error, ModelFileError) and "named pipe" in str(error)


def test_a_file_above_the_limit_is_refused_and_the_message_says_how_to_raise_it(tmp_path):
    path = save(china(), tmp_path / "model.json")
    size = path.stat().st_size
    assert load(path, max_bytes=size).class_counts_ == {"china": 3, "japan": 1}  # exactly at the limit: read
    with pytest.raises(ModelFileError, match=rf"more than {size - 1:,} bytes.*max_bytes=") as raised:
        load(path, max_bytes=size - 1)
    assert str(path) in str(raised.value)
    with pytest.raises(ModelFileError, match="max_bytes"):
        load_with_metadata(path, max_bytes=10)


def test_the_default_limit_is_generous_and_read_lazily(tmp_path, monkeypatch):
    assert DEFAULT_MAX_BYTES >= 2**30
    path = save(china(), tmp_path / "model.json")
    reads = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    load(path)
    assert reads and max(reads) <= 2**20  # read in pieces, not a buffer of the whole limit at once


@pytest.mark.parametrize("limit, kind", [(0, ValueError), (-1, ValueError), (1.5, TypeError), (True, TypeError), ("9", TypeError)])
def test_max_bytes_is_a_whole_number_of_at_least_one(limit, kind, tmp_path):
    path = save(china(), tmp_path / "model.json")
    with pytest.raises(kind, match="max_bytes"):
        load(path, max_bytes=limit)


# ---------------------------------------------------------------------------
# Token patterns: the library's own, or one you say you trust
# ---------------------------------------------------------------------------


def with_pattern(pattern, flags=None):
    document = json.loads(to_json(china()))
    document["settings"]["tokenizer"]["pattern"] = pattern
    if flags is not None:
        document["settings"]["tokenizer"]["pattern_flags"] = flags
    return json.dumps(document)


@pytest.mark.parametrize("pattern", [r"(a+)+$", r"(?:\w+\s?)*x", r"\w+", r"[a-z]+"])
def test_a_pattern_that_is_not_the_librarys_is_refused_unless_trusted(pattern, tmp_path):
    text = with_pattern(pattern)
    with pytest.raises(ModelFileError, match=r"settings.tokenizer.pattern is .*trust_pattern=True"):
        from_json(text)
    path = tmp_path / "model.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ModelFileError, match="trust_pattern=True"):
        load(path)
    assert load(path, trust_pattern=True).tokenizer.pattern.pattern == pattern
    assert from_json(text, trust_pattern=True).tokenizer.pattern.pattern == pattern


@pytest.mark.parametrize("pattern", [DEFAULT_PATTERN, SKLEARN_PATTERN])
def test_the_librarys_named_patterns_load(pattern):
    assert from_json(with_pattern(pattern)).tokenizer.pattern.pattern == pattern
    assert from_json(with_pattern(pattern, re.IGNORECASE)).tokenizer.pattern.flags & re.IGNORECASE


def test_a_saved_model_with_a_pattern_of_your_own_loads_when_you_trust_it(tmp_path):
    model = MultinomialNB(tokenizer=Tokenizer(pattern=r"[a-z]+")).fit(["a b", "b c"], ["x", "y"])
    path = save(model, tmp_path / "model.json")
    with pytest.raises(ModelFileError, match="settings.tokenizer.pattern"):
        load(path)
    assert load(path, trust_pattern=True).predict(["a"]) == model.predict(["a"])


def test_a_semi_supervised_file_checks_its_pattern_too():
    documents, labels, _ = load_china()
    model = SemiSupervisedNB(tokenizer=Tokenizer(pattern=r"[a-z]+")).fit(documents, labels, ["chinese tokyo"])
    with pytest.raises(ModelFileError, match="settings.tokenizer.pattern"):
        from_json(to_json(model))
    assert from_json(to_json(model), trust_pattern=True).predict(["tokyo"]) == model.predict(["tokyo"])


def test_a_trusted_pattern_is_still_checked_as_a_regex():
    with pytest.raises(ModelFileError, match=r"settings.tokenizer: the token pattern '\(' is not a valid regular expression"):
        from_json(with_pattern("("), trust_pattern=True)
