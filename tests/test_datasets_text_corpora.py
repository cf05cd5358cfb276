"""load_sms_spam, load_names, load_opinion_lexicon, load_sentence_polarity: counts, order, checks, errors.

The counts and the first and last records come from the data README of
``../shared/data`` (or the environment variables ``NAIVEBAYES_SMS_SPAM_PATH``,
``NAIVEBAYES_NAMES_PATH``, ``NAIVEBAYES_OPINION_LEXICON_PATH`` and
``NAIVEBAYES_SENTENCE_POLARITY_PATH``); those tests skip without the files.
The checks and the errors run on small files made here, with the hashes the
loaders expect replaced by the small files' own, so the checks run for real.
Nothing is downloaded from the network: a download reads a file:// URL.
"""

import hashlib
import io
import os
import tarfile
import zipfile
from pathlib import Path

import pytest

import naivebayes.datasets.names as names_module
import naivebayes.datasets.opinion_lexicon as lexicon_module
import naivebayes.datasets.sentence_polarity as polarity_module
import naivebayes.datasets.sms_spam as sms_module
from naivebayes.datasets import (
    CacheError,
    CorpusFileError,
    DownloadError,
    load_names,
    load_opinion_lexicon,
    load_sentence_polarity,
    load_sms_spam,
)

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
# Read before any test clears the environment.
REAL = {
    "sms": Path(os.environ.get("NAIVEBAYES_SMS_SPAM_PATH") or SHARED / "sms-spam" / "SMSSpamCollection"),
    "names": Path(os.environ.get("NAIVEBAYES_NAMES_PATH") or SHARED / "names" / "names.zip"),
    "lexicon": Path(os.environ.get("NAIVEBAYES_OPINION_LEXICON_PATH") or SHARED / "opinion-lexicon" / "opinion_lexicon.zip"),
    "polarity": Path(
        os.environ.get("NAIVEBAYES_SENTENCE_POLARITY_PATH") or SHARED / "sentence-polarity" / "rt-polaritydata.tar.gz"
    ),
}
VARIABLES = [
    "NAIVEBAYES_DATA",
    *(f"NAIVEBAYES_{name}_{kind}" for name in ("SMS_SPAM", "NAMES", "OPINION_LEXICON", "SENTENCE_POLARITY")
      for kind in ("PATH", "URL")),
]
# Each loader, its module, and the name of its Publication in the module.
LOADERS = {
    "sms": (load_sms_spam, sms_module, "SMS_SPAM"),
    "names": (load_names, names_module, "NAMES"),
    "lexicon": (load_opinion_lexicon, lexicon_module, "OPINION_LEXICON"),
    "polarity": (load_sentence_polarity, polarity_module, "SENTENCE_POLARITY"),
}


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """No test sees the user's environment or cache, and nothing is downloaded unless a test arranges it."""
    for variable in VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for _loader, module, name in LOADERS.values():
        publication = getattr(module, name)
        monkeypatch.setattr(module, name, publication._replace(url="http://127.0.0.1:9/not-here"))


def real(key):
    """The shared copy of one data set, or a skip."""
    if not REAL[key].exists():
        pytest.skip(f"no copy of the data at {REAL[key]} (set the environment variable or add ../shared/data)")
    return REAL[key]


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def make_zip(path, members):
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def make_tar_gz(path, members):
    with tarfile.open(path, "w:gz") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


def expect_members(monkeypatch, key, members, archive=None):
    """Make the loader ``key`` expect ``members`` (and, if given, the whole file ``archive``)."""
    _loader, module, name = LOADERS[key]
    publication = getattr(module, name)
    changes = {"members": {member: sha256(members[member]) for member in publication.members}}
    if archive is not None:
        changes["sha256"] = sha256(Path(archive).read_bytes())
    monkeypatch.setattr(module, name, publication._replace(**changes))


# ---------------------------------------------------------------------------
# The real files: counts and records from the data README.
# ---------------------------------------------------------------------------


def test_sms_spam_has_the_readme_counts_in_file_order(tmp_path):
    texts, labels = load_sms_spam(path=real("sms"))
    assert (len(texts), labels.count("ham"), labels.count("spam")) == (5574, 4827, 747)
    assert texts[0].startswith("Go until jurong point, crazy..") and labels[0] == "ham"
    assert labels[:3] == ["ham", "ham", "spam"]
    assert (texts[-1], labels[-1]) == ("Rofl. Its true to its name", "ham")
    # The authors' zip holds the file beside its readme; a zip made again reads the same.
    member = Path(real("sms")).read_bytes() if Path(real("sms")).is_file() else None
    if member is not None:
        zipped = make_zip(tmp_path / "smsspamcollection.zip", {"readme": b"readme", "SMSSpamCollection": member})
        assert load_sms_spam(path=zipped).texts == texts


def test_sms_spam_answers_scikit_learns_names():
    spam = load_sms_spam(path=real("sms"))
    assert spam.target_names == ["ham", "spam"] and spam.target[:3] == [0, 0, 1]
    assert "Almeida" in spam.DESCR and "cite" in spam.DESCR


def test_names_keep_both_lists_as_nltk_does():
    names, labels = load_names(path=real("names"))
    assert (len(names), labels.count("male"), labels.count("female")) == (7944, 2943, 5001)
    assert (names[0], labels[0], names[2942], labels[2942]) == ("Aamir", "male", "Zorro", "male")
    assert (names[2943], labels[2943], names[-1], labels[-1]) == ("Abagael", "female", "Zuzana", "female")
    assert len(set(names)) == 7579
    assert len(set(names[:2943]) & set(names[2943:])) == 365
    assert "Gale " in names and "Zsa Zsa" in names  # kept as written


def test_the_names_readme_travels_with_the_lists():
    corpus = load_names(path=real("names"))
    assert "Mark Kantrowitz" in corpus.DESCR
    assert "provide the recipients with a copy of this README" in corpus.DESCR


def test_the_opinion_lexicon_has_the_readme_counts():
    lexicon = load_opinion_lexicon(path=real("lexicon"))
    positive, negative = lexicon
    assert (len(positive), len(negative)) == (2006, 4783)
    assert isinstance(positive, frozenset) and isinstance(negative, frozenset)
    assert positive & negative == {"envious", "enviously", "enviousness"}
    assert {"a+", "good"} <= positive and {"2-faced", "naïve"} <= negative
    assert not any(word.startswith(";") or word != word.strip() for word in positive | negative)
    assert repr(lexicon) == "OpinionLexicon(2006 positive words, 4783 negative words)"
    assert "Hu and Liu" in lexicon.DESCR and ".rar" in lexicon.DESCR


def test_sentence_polarity_has_the_readme_counts_decoded_as_windows_1252():
    texts, labels = load_sentence_polarity(path=real("polarity"))
    assert (len(texts), labels.count("pos"), labels.count("neg")) == (10662, 5331, 5331)
    assert texts[0].startswith("the rock is destined to be the 21st century's new") and labels[0] == "pos"
    assert (texts[5331][:10], labels[5331]) == ("simplistic", "neg")
    assert (texts[-1], labels[-1]) == ("enigma is well-made , but it's just too dry and too placid . ", "neg")
    # 0x85 is an ellipsis in Windows-1252: 15 positive and 18 negative bytes.
    assert sum(text.count("\u2026") for text in texts) == 33
    assert not any("\x85" in text or "\ufffd" in text for text in texts)


# ---------------------------------------------------------------------------
# Small files: the checks and the errors.
# ---------------------------------------------------------------------------

SMS = b"ham\tSee you at 7 \xe2\x80\xa6\nspam\tWIN a prize!\tReply now\n"


def test_an_sms_file_its_zip_and_a_folder_holding_either_read_alike(tmp_path, monkeypatch):
    expect_members(monkeypatch, "sms", {"SMSSpamCollection": SMS})
    (tmp_path / "unpacked").mkdir()
    (tmp_path / "unpacked" / "SMSSpamCollection").write_bytes(SMS)
    (tmp_path / "zipped").mkdir()
    make_zip(tmp_path / "zipped" / "smsspamcollection.zip", {"readme": b"x", "SMSSpamCollection": SMS})
    for path in [tmp_path / "unpacked" / "SMSSpamCollection", tmp_path / "unpacked", tmp_path / "zipped"]:
        texts, labels = load_sms_spam(path=path)
        # Split at the first tab only; the text is kept as sent.
        assert texts == ["See you at 7 \u2026", "WIN a prize!\tReply now"] and labels == ["ham", "spam"]


def test_a_changed_member_is_refused_with_its_hash(tmp_path):
    # The real hashes are expected here, so a made-up list of names fails the check.
    path = make_zip(tmp_path / "names.zip", {"names/male.txt": b"Adam\n", "names/female.txt": b"Eve\n", "names/README": b"r"})
    with pytest.raises(CorpusFileError, match=r"names/male.txt in .*names.zip has the SHA-256 [0-9a-f]{64} \(5 bytes\), not a574c966"):
        load_names(path=path)


def test_a_repacked_archive_passes_when_its_members_are_the_published_ones(tmp_path, monkeypatch):
    members = {"rt-polaritydata/rt-polarity.pos": b"good .\n", "rt-polaritydata/rt-polarity.neg": b"bad .\nworse .\n"}
    expect_members(monkeypatch, "polarity", members)
    # Another top folder, another archive format: the members are what count.
    repack = make_zip(tmp_path / "mine.zip", {"copy/" + name: data for name, data in members.items()})
    assert load_sentence_polarity(path=repack) == (["good .", "bad .", "worse ."], ["pos", "neg", "neg"])
    assert load_sentence_polarity(path=make_tar_gz(tmp_path / "a.tar.gz", members)).labels == ["pos", "neg", "neg"]


def test_windows_1252_bytes_are_decoded_and_bytes_that_are_not_utf_8_are_named(tmp_path, monkeypatch):
    members = {"rt-polaritydata/rt-polarity.pos": b"wait \x85 what \x96 ok\n", "rt-polaritydata/rt-polarity.neg": b"no\n"}
    expect_members(monkeypatch, "polarity", members)
    assert load_sentence_polarity(path=make_tar_gz(tmp_path / "p.tar.gz", members)).texts[0] == "wait \u2026 what \u2013 ok"
    latin = b"ham\tok\nham\tcaf\xe9\n"
    expect_members(monkeypatch, "sms", {"SMSSpamCollection": latin})
    (tmp_path / "SMSSpamCollection").write_bytes(latin)
    with pytest.raises(CorpusFileError, match=r"SMSSpamCollection, line 2: the byte b'\\xe9' is not utf-8"):
        load_sms_spam(path=tmp_path / "SMSSpamCollection")


def test_a_line_that_is_not_a_label_and_a_tab_is_named(tmp_path, monkeypatch):
    bad = b"ham\tok\nLabel SMS\n"
    expect_members(monkeypatch, "sms", {"SMSSpamCollection": bad})
    (tmp_path / "SMSSpamCollection").write_bytes(bad)
    with pytest.raises(CorpusFileError, match=r"line 2: 'Label SMS' does not start with 'ham' or 'spam'"):
        load_sms_spam(path=tmp_path / "SMSSpamCollection")


@pytest.mark.parametrize("key", LOADERS)
def test_no_file_and_no_download_says_where_it_looked_and_what_to_do(key, tmp_path):
    loader, module, name = LOADERS[key]
    publication = getattr(module, name)
    with pytest.raises(FileNotFoundError) as caught:
        loader(data_home=tmp_path / "cache", download_if_missing=False)
    message = str(caught.value)
    assert publication.file_name in message and publication.path_env in message
    assert f"{publication.loader}(path=" in message and "download_if_missing=True" in message
    assert not (tmp_path / "cache").exists()


def test_a_download_is_checked_cached_and_read_again_without_the_network(tmp_path, monkeypatch):
    members = {"opinion_lexicon/positive-words.txt": b";c\n\ngood\nnice\n", "opinion_lexicon/negative-words.txt": b"bad\n"}
    published = make_zip(tmp_path / "published.zip", members)
    expect_members(monkeypatch, "lexicon", members, archive=published)
    monkeypatch.setattr(lexicon_module, "OPINION_LEXICON", lexicon_module.OPINION_LEXICON._replace(url=published.as_uri()))
    lexicon = load_opinion_lexicon(data_home=tmp_path / "cache")
    assert lexicon == (frozenset({"good", "nice"}), frozenset({"bad"}))
    assert (tmp_path / "cache" / "opinion_lexicon.zip").read_bytes() == published.read_bytes()
    published.unlink()  # the cache is read now
    assert load_opinion_lexicon(data_home=tmp_path / "cache", download_if_missing=False) == lexicon


def test_a_download_with_the_wrong_hash_leaves_nothing(tmp_path, monkeypatch):
    published = make_zip(tmp_path / "names.zip", {"names/male.txt": b"Adam\n"})
    monkeypatch.setattr(names_module, "NAMES", names_module.NAMES._replace(url=published.as_uri()))
    with pytest.raises(DownloadError, match="SHA-256"):
        load_names(data_home=tmp_path / "cache")
    assert not (tmp_path / "cache").exists()


def test_a_mirror_from_the_environment_and_a_changed_cache(tmp_path, monkeypatch):
    members = {"SMSSpamCollection": SMS}
    published = make_zip(tmp_path / "mirror.zip", members)
    expect_members(monkeypatch, "sms", members, archive=published)
    monkeypatch.setenv("NAIVEBAYES_SMS_SPAM_URL", published.as_uri())
    assert load_sms_spam(data_home=tmp_path / "cache").labels == ["ham", "spam"]
    (tmp_path / "cache" / "smsspamcollection.zip").write_bytes(b"changed")
    with pytest.raises(CacheError, match="delete it and call again|Delete it and call again"):
        load_sms_spam(data_home=tmp_path / "cache")


def test_the_path_variable_is_read(tmp_path, monkeypatch):
    members = {"names/male.txt": b"Adam\n", "names/female.txt": b"Eve\nAdam\n", "names/README": b"Credit me."}
    expect_members(monkeypatch, "names", members)
    monkeypatch.setenv("NAIVEBAYES_NAMES_PATH", str(make_zip(tmp_path / "names.zip", members)))
    corpus = load_names()
    assert corpus == (["Adam", "Eve", "Adam"], ["male", "female", "female"])
    assert corpus.DESCR.endswith("Credit me.") and corpus.data is corpus.names


@pytest.mark.parametrize(
    "content, message",
    [
        (b"not an archive", r"neither a zip nor a tar archive"),
        (b"PK\x03\x04 cut short", r"neither a zip nor a tar archive|not a readable"),
    ],
)
def test_a_file_that_is_not_an_archive(tmp_path, content, message):
    (tmp_path / "names.zip").write_bytes(content)
    with pytest.raises(CorpusFileError, match=message):
        load_names(path=tmp_path / "names.zip")


def test_an_archive_cut_short_is_refused(tmp_path):
    members = {"rt-polaritydata/rt-polarity.pos": os.urandom(50_000), "rt-polaritydata/rt-polarity.neg": b"bad\n"}
    whole = make_tar_gz(tmp_path / "whole.tar.gz", members).read_bytes()
    (tmp_path / "rt-polaritydata.tar.gz").write_bytes(whole[: len(whole) // 2])
    with pytest.raises(CorpusFileError, match="truncated or corrupt|cut short"):
        load_sentence_polarity(path=tmp_path)


def test_a_zip_whose_directory_points_before_its_start_is_refused(tmp_path):
    # A damaged offset in the end record makes zipfile seek before the file's start: an OSError
    # (Invalid argument) from deep inside zipfile, before; now the loader's own error (found by the fuzzer).
    members = {"names/male.txt": b"Bob\n", "names/female.txt": b"Ann\n", "names/README": b"x"}
    data = bytearray(make_zip(tmp_path / "whole.zip", members).read_bytes())
    end = data.rfind(b"PK\x05\x06")
    offset = int.from_bytes(data[end + 16 : end + 20], "little")
    data[end + 16 : end + 20] = (offset + 1000).to_bytes(4, "little")
    (tmp_path / "names.zip").write_bytes(bytes(data))
    with pytest.raises(CorpusFileError, match=r"names.zip is not a readable names.zip \(truncated or corrupt\)"):
        load_names(path=tmp_path / "names.zip", download_if_missing=False)


def test_a_zip_with_a_flag_zipfile_cannot_read_is_refused(tmp_path):
    # Flag bit 5 (compressed patched data) set by a damaged byte: zipfile's NotImplementedError, before.
    members = {"names/male.txt": b"Bob\n", "names/female.txt": b"Ann\n", "names/README": b"x"}
    data = bytearray(make_zip(tmp_path / "whole.zip", members).read_bytes())
    entry = data.find(b"PK\x01\x02")  # the first member's entry in the central directory
    data[entry + 8] |= 0x20
    (tmp_path / "names.zip").write_bytes(bytes(data))
    with pytest.raises(CorpusFileError, match=r"not a readable names.zip \(truncated or corrupt\): NotImplementedError"):
        load_names(path=tmp_path / "names.zip", download_if_missing=False)


def test_uci_s_own_name_for_the_zip_is_found_in_a_folder(tmp_path, monkeypatch):
    expect_members(monkeypatch, "sms", {"SMSSpamCollection": SMS})
    uci = "https://archive.ics.uci.edu/static/public/228/sms+spam+collection.zip"  # as the module has it
    monkeypatch.setattr(sms_module, "SMS_SPAM", sms_module.SMS_SPAM._replace(url=uci))
    make_zip(tmp_path / "sms+spam+collection.zip", {"SMSSpamCollection": SMS})
    assert load_sms_spam(path=tmp_path).labels == ["ham", "spam"]


def test_an_archive_without_a_member_says_what_it_holds(tmp_path):
    path = make_tar_gz(tmp_path / "rt.tar.gz", {"rt-polaritydata/rt-polarity.pos": b"good\n", "README": b"r"})
    with pytest.raises(CorpusFileError, match=r"holds no rt-polaritydata/rt-polarity.neg \(it holds: .*README"):
        load_sentence_polarity(path=path)


def test_bad_paths(tmp_path):
    with pytest.raises(TypeError, match="path= must be a path"):
        load_sms_spam(path=3)
    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_names(path=tmp_path / "nowhere.zip")
    with pytest.raises(FileNotFoundError, match="holds no opinion_lexicon.zip"):
        load_opinion_lexicon(path=tmp_path)
