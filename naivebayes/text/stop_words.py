"""A hand-written list of common English stop words.

Stop words are function words ("the", "of", "and") that occur in almost every
document, whatever its topic, so they say little about its class.  Cornell
Tech's "Lecture 8: Naive Bayes" mentions filtering them out as a common
preprocessing step.

``ENGLISH_STOP_WORDS`` is used by ``Tokenizer(stop_words="english")`` in
``naivebayes/text/tokenize.py``.  It was written by hand for this library (it is
not a copy of scikit-learn's or NLTK's list), so it is short and easy to read:
articles, pronouns, prepositions, conjunctions, forms of "be", "have" and
"do", modal verbs, and a few very common adverbs.  All words are lowercase and
contain no apostrophes, so contractions such as "don't" are kept as tokens.

>>> "the" in ENGLISH_STOP_WORDS
True
>>> "answer" in ENGLISH_STOP_WORDS
False
"""

ENGLISH_STOP_WORDS = frozenset(
    """
    a an the

    i me my mine myself
    we us our ours ourselves
    you your yours yourself yourselves
    he him his himself
    she her hers herself
    it its itself
    they them their theirs themselves
    one

    this that these those
    who whom whose which what

    am is are was were be been being
    have has had having
    do does did doing done
    can could may might must shall should will would

    about above across after against along among around at
    before behind below beneath beside besides between beyond by
    down during except for from in inside into
    of off on onto out outside over
    since through throughout to toward towards
    under until up upon via with within without

    and but or nor so yet
    if then else than because although though while whereas
    unless whether as

    not no yes

    all any both each either neither every
    few more most less least many much
    other others another some such same
    own only just

    again also already always ever never often once
    still too very quite rather
    here there where when why how
    now even however

    everyone everything everybody everywhere
    someone something somebody somewhere
    anyone anything anybody anywhere
    nobody nothing nowhere none
    """.split()
)
