"""The SMS Spam Collection v.1, read from its authors' file.

5,574 real SMS messages in English, 4,827 legitimate ("ham") and 747 spam,
gathered by Tiago A. Almeida and José María Gómez Hidalgo.  Cite their
paper: "Contributions to the Study of SMS Spam Filtering: New Collection and
Results", ACM DocEng 2011.  Their readme allows any use, with no warranty,
and asks that you cite the paper and the collection's web page.  UCI's
Machine Learning Repository serves the authors' zip as data set 228.

The zip ``smsspamcollection.zip`` holds ``readme`` and ``SMSSpamCollection``:
one message a line, its label (``ham`` or ``spam``), a tab, then the text
as it was sent.  The file is UTF-8 with LF line ends and no header.
``load_sms_spam`` reads the messages in file order (the file is not in time
order) and keeps each text exactly as it is, spaces and odd characters too.

Where the file comes from is explained in ``naivebayes/datasets/published.py``:
``path=``, the environment variable ``NAIVEBAYES_SMS_SPAM_PATH``, the cache,
or a download from UCI (``NAIVEBAYES_SMS_SPAM_URL`` names a mirror).  The
path may name the zip or the ``SMSSpamCollection`` file taken out of it.
"""

from typing import NamedTuple

from naivebayes.datasets.attributes import ScikitLearnNames
from naivebayes.datasets.published import CorpusFileError, Publication, decode_member, read_publication

__all__ = ["load_sms_spam", "SmsSpamCollection"]

# The zip's SHA-256 is the one the public manifests of UCI's file give (Hugging Face's
# sms_spam dataset_infos.json, 203,415 bytes); it could not be checked from here, with no
# network.  The member's SHA-256 was computed from the authors' SMSSpamCollection, and the
# same manifests give it.
SMS_SPAM = Publication(
    loader="load_sms_spam",
    file_name="smsspamcollection.zip",
    url="https://archive.ics.uci.edu/static/public/228/sms+spam+collection.zip",
    sha256="1587ea43e58e82b14ff1f5425c88e17f8496bfcdb67a583dbff9eefaf9963ce3",
    size="200 KB",
    members={"SMSSpamCollection": "7d039a24a6083ed9ef0f806ebad56bbb976e3aeb8de05669173bfdc4996c239d"},
    path_env="NAIVEBAYES_SMS_SPAM_PATH",
    url_env="NAIVEBAYES_SMS_SPAM_URL",
)
SMS_LABELS = ("ham", "spam")

SMS_SPAM_DESCRIPTION = """\
SMS Spam Collection v.1 (the file SMSSpamCollection, in smsspamcollection.zip)

5,574 real SMS messages in English: 4,827 legitimate ("ham") and 747 spam,
in the file's order, which is not the order in time.  No split into training
and test messages is given.

Source: Tiago A. Almeida and Jose Maria Gomez Hidalgo, served by the UCI
Machine Learning Repository as data set 228.
Cite: T. A. Almeida, J. M. Gomez Hidalgo and A. Yamakami, "Contributions to
the Study of SMS Spam Filtering: New Collection and Results", Proceedings of
the 2011 ACM Symposium on Document Engineering (DocEng 2011).
Terms: the authors' readme lets anyone use the collection freely, keeps their
copyright, gives no warranty, and asks you to cite the paper and the
collection's web page.

Checked: the messages' SHA-256 on every load.  A download is also checked
against the zip's SHA-256 as published manifests give it; that hash could not
be compared with UCI's server when this loader was written (no network).
"""


class SmsSpamCollection(ScikitLearnNames, NamedTuple("SmsSpamCollection", [("texts", list), ("labels", list)])):
    """The messages and their labels, ``"ham"`` or ``"spam"``.

    Unpacks like a tuple: ``texts, labels = load_sms_spam()``.  It also
    answers scikit-learn's ``data``, ``target``, ``target_names`` and
    ``DESCR``.
    """

    DESCRIPTION = SMS_SPAM_DESCRIPTION


def load_sms_spam(path=None, data_home=None, download_if_missing=True):
    """The SMS Spam Collection: ``SmsSpamCollection(texts, labels)``, 5,574 messages in file order.

    * ``path``: the zip, the ``SMSSpamCollection`` file, or a folder that
      holds either; without it, ``NAIVEBAYES_SMS_SPAM_PATH``, then the cache.
    * ``data_home``, ``download_if_missing``: the cache folder, and whether
      to download the zip from UCI when it is missing.

    Raises ``TypeError`` for a path that is not one, ``FileNotFoundError``
    when there is no file and it may not be downloaded, ``DownloadError``,
    ``CacheError``, and ``CorpusFileError`` for a file whose messages are not
    the published ones.
    """
    members = read_publication(SMS_SPAM, path, data_home, download_if_missing)
    text = decode_member(SMS_SPAM, "SMSSpamCollection", members["SMSSpamCollection"], "utf-8")
    texts, labels = [], []
    # Split at "\n" only: str.splitlines would also split at characters some messages hold.
    for number, line in enumerate(text.removesuffix("\n").split("\n"), start=1):
        label, tab, message = line.partition("\t")
        if not tab or label not in SMS_LABELS:
            raise CorpusFileError(
                f"SMSSpamCollection, line {number}: {line[:40]!r} does not start with 'ham' or "
                f"'spam' and a tab; this is not the authors' file. Download {SMS_SPAM.url}"
            )
        texts.append(message)
        labels.append(label)
    return SmsSpamCollection(texts, labels)
