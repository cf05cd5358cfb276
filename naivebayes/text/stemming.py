"""Porter's stemmer, exactly as published in 1980, to read next to the paper.

Cornell Tech's "Lecture 8: Naive Bayes" names stemming, keeping "only the
root of the word", as a usual step before counting words.  The classic
algorithm is M. F. Porter, "An algorithm for suffix stripping", *Program*
14(3), 130-137 (1980).  It knows no dictionary: in five steps (step 1 in
parts a, b and c, step 5 in parts a and b) it strips and rewrites English
suffixes, and a rule may only fire when what is left, the *stem*, is long
enough.
Every step below is one function whose docstring is the paper's table for
that step, and ``porter_stem`` runs them in the paper's order:

>>> porter_stem("generalizations")
'gener'
>>> [porter_stem(word) for word in ["connect", "connected", "connecting", "connection", "connections"]]
['connect', 'connect', 'connect', 'connect', 'connect']
>>> [porter_stem(word) for word in ["slowness", "slowly"]]
['slow', 'slowli']

The stem need not be a word ("gener", "slowli"); it only has to be the same
for the words that belong together.  "slowly" keeps its "-ly": the paper
removes "-ly" only in -ALLI, -ENTLI, -ELI, -OUSLI and -ABLI (step 2).

Which Porter stemmer this is
----------------------------

The rules are the published ones, not those of later versions:

* not Porter2, the "English" stemmer of Snowball, which changed many
  rules ("generously" -> "generous" there, "gener" here);
* not Porter's own C program, which departs from the paper in three places
  that its source marks "DEPARTURE": BLI -> BLE instead of ABLI -> ABLE and a
  new rule LOGI -> LOG in step 2 ("possibly" -> "possibl" there, "possibli"
  here), and words of one or two letters left alone (adopted here, see below);
* not NLTK's default ``PorterStemmer()`` (``NLTK_EXTENSIONS`` mode), which adds
  rules of its own.  ``PorterStemmer(mode="ORIGINAL_ALGORITHM")`` reads the
  paper as this module does: tests/test_stemming.py finds the same stem for
  every distinct token of three or more letters of the 20 Newsgroups training
  posts, and for thousands of random words.

Three choices the paper leaves open
-----------------------------------

* **Upper case.**  The paper's rules are written for letters without case.
  ``porter_stem`` lowercases the word first (``str.lower``, as NLTK does), so
  "Connections" and "connections" get the same stem, and a stem is always in
  lower case.
* **Words of one or two letters** are returned as they are (after
  lowercasing).  The paper has no such rule, so read literally it would map
  "is" to "i", "as" to "a", "us" to "u" and the letter "s" to the empty string,
  an empty token.  Porter's own C program has this one rule too.
* **Characters outside a-z** (digits, "é", "ß", "ы", an apostrophe, a
  hyphen) are consonants, because the paper's definition makes every letter
  a consonant that is not A, E, I, O, U or a Y after a consonant.  They are
  never part of a suffix, so they stay (step 1b may still undouble a pair,
  "ßß" -> "ß"); they only count towards m: "naïvely" -> "naïv", where "ï" is
  a consonant, and "café" keeps its "é".

Two properties follow from the rules: a stem is never longer than the
lowercased word (each rule shortens it or keeps its length), and lower-case
ASCII in gives lower-case ASCII out.  **Stemming twice is not the same as
stemming once**: a stem can still end in a suffix that a rule removes, such
as "abuses" -> "abus" -> "abu" (step 1a takes the "s" of "abus") and
"accelerate" -> "acceler" -> "accel" (step 4 takes its "er").

Speed
-----

``porter_stem`` is a pure function of the word, so its result can be
remembered.  A corpus has far fewer distinct words than tokens (the 20
Newsgroups training posts: 130,108 distinct words among 3.4 million tokens,
with scikit-learn's token pattern), and ``StemCache`` stems each distinct word
once: ``Tokenizer(stemmer=StemCache(porter_stem))``.
"""

__all__ = [
    "porter_stem",
    "StemCache",
    "step_1a",
    "step_1b",
    "step_1b_cleanup",
    "step_1c",
    "step_2",
    "step_3",
    "step_4",
    "step_5a",
    "step_5b",
    "consonant_pattern",
    "measure",
    "contains_vowel",
    "ends_double_consonant",
    "ends_cvc",
]


def porter_stem(word):
    """The stem of one word by Porter's 1980 algorithm: steps 1a, 1b, 1c, 2, 3, 4, 5a, 5b in turn.

    The word is lowercased first; a word of one or two letters is returned
    as it is (see the module docstring).

    >>> porter_stem("Caresses"), porter_stem("ponies"), porter_stem("hopping")
    ('caress', 'poni', 'hop')
    >>> porter_stem("is"), porter_stem("s")
    ('is', 's')
    """
    if not isinstance(word, str):
        raise TypeError(
            f"porter_stem takes one word (a str), not {type(word).__name__}: "
            "for many words use [porter_stem(word) for word in words]"
        )
    word = word.lower()
    if len(word) <= 2:
        return word  # Porter's C program does this too; the paper says nothing about it
    word = step_1a(word)  # plurals:          caresses -> caress, ponies -> poni
    word = step_1b(word)  # -eed, -ed, -ing:  plastered -> plaster, hopping -> hop
    word = step_1c(word)  # a final y -> i:   happy -> happi
    word = step_2(word)  # double suffixes:   relational -> relate
    word = step_3(word)  # -ful, -ness, ...:  hopeful -> hope
    word = step_4(word)  # the last suffix:   revival -> reviv
    word = step_5a(word)  # a final -e:       probate -> probat
    word = step_5b(word)  # a final -ll:      controll -> control
    return word


# ---------------------------------------------------------------------------
# The paper's definitions: consonants and vowels, the measure m, and the
# conditions *v*, *d and *o that a rule may ask of the stem.  (*S, *L and *T,
# "the stem ends with S" and so on, are plain ``stem.endswith("s")``.)
# ---------------------------------------------------------------------------


def consonant_pattern(word):
    """The word with each consonant written c and each vowel v: TOY -> cvc, SYZYGY -> cvcvcv.

    The paper: a consonant is "a letter other than A, E, I, O or U, and other
    than Y preceded by a consonant"; a letter that is not a consonant is a
    vowel.  So in TOY the consonants are T and Y, and in SYZYGY they are S, Z
    and G.  One pass from left to right decides every letter: a Y is a vowel
    exactly when the letter before it, already decided, is a consonant, and a
    Y at the start of a word follows no consonant.

    >>> consonant_pattern("toy"), consonant_pattern("syzygy"), consonant_pattern("trouble")
    ('cvc', 'cvcvcv', 'ccvvccv')
    """
    pattern = []
    previous = "v"  # before the first letter: a Y there is a consonant
    for letter in word:
        if letter in "aeiou":
            kind = "v"
        elif letter == "y":
            kind = "v" if previous == "c" else "c"
        else:
            kind = "c"
        pattern.append(kind)
        previous = kind
    return "".join(pattern)


# --8<-- [start:eq-porter-measure]
def measure(stem):
    """m, where the stem is [C](VC)^m[V]: the number of times a run of vowels is followed by consonants.

    Write a run of one or more consonants as C and a run of one or more
    vowels as V: every word is [C](VC)^m[V], the brackets marking a part that
    may be missing.  Each VC is a place where a vowel is followed by a
    consonant, so m counts "vc" in ``consonant_pattern(stem)``.

    >>> [measure(word) for word in ["tr", "ee", "tree", "y", "by"]]
    [0, 0, 0, 0, 0]
    >>> [measure(word) for word in ["trouble", "oats", "trees", "ivy"]]
    [1, 1, 1, 1]
    >>> [measure(word) for word in ["troubles", "private", "oaten", "orrery"]]
    [2, 2, 2, 2]

    Formula: docs/tokenizing.md#eq-porter-measure
    """
    pattern = consonant_pattern(stem)  # 'ccvvccv' for trouble: [C] = tr, (VC) = (ou)(bl), [V] = e
    return pattern.count("vc")  # m
# --8<-- [end:eq-porter-measure]


def contains_vowel(stem):
    """*v*: the stem contains a vowel.

    >>> contains_vowel("plaster"), contains_vowel("sk"), contains_vowel("sky")
    (True, False, True)
    """
    return "v" in consonant_pattern(stem)


def ends_double_consonant(stem):
    """*d: the stem ends with a double consonant (e.g. -TT, -SS).

    >>> ends_double_consonant("hopp"), ends_double_consonant("hiss"), ends_double_consonant("agree")
    (True, True, False)
    """
    return len(stem) >= 2 and stem[-1] == stem[-2] and consonant_pattern(stem).endswith("c")


def ends_cvc(stem):
    """*o: the stem ends cvc, where the second c is not W, X or Y (e.g. -WIL, -HOP).

    >>> ends_cvc("wil"), ends_cvc("hop"), ends_cvc("fail"), ends_cvc("snow")
    (True, True, False, False)
    """
    return consonant_pattern(stem).endswith("cvc") and stem[-1] not in "wxy"


def longest_suffix(word, suffixes):
    """The longest of ``suffixes`` (a tuple) that ``word`` ends with, or None if it ends with none of them.

    The paper: "In a set of rules written beneath each other, only one is
    obeyed, and this will be the one with the longest matching S1 for the
    given word."  If that rule's condition fails, the step does nothing; a
    shorter suffix is not tried.

    >>> longest_suffix("caresses", ("sses", "ies", "ss", "s"))
    'sses'
    >>> longest_suffix("cares", ("sses", "ies", "ss", "s"))
    's'
    >>> print(longest_suffix("care", ("sses", "ies", "ss", "s")))
    None
    """
    if not word.endswith(suffixes):  # one quick test for all of them: most words match none
        return None
    matching = [suffix for suffix in suffixes if word.endswith(suffix)]
    return max(matching, key=len)


# ---------------------------------------------------------------------------
# The steps.  Each table maps a suffix S1 to its replacement S2, in the
# paper's order; a rule "(condition) S1 -> S2" replaces S1 by S2 when the
# stem, the word without S1, meets the condition.
# ---------------------------------------------------------------------------

STEP_1A_RULES = {"sses": "ss", "ies": "i", "ss": "ss", "s": ""}
STEP_1A_SUFFIXES = tuple(STEP_1A_RULES)  # the S1 column


def step_1a(word):
    """Step 1a, plurals: the rule with the longest matching suffix, with no condition.

        SSES -> SS                       caresses  ->  caress
        IES  -> I                        ponies    ->  poni
                                         ties      ->  ti
        SS   -> SS                       caress    ->  caress
        S    ->                          cats      ->  cat
    """
    suffix = longest_suffix(word, STEP_1A_SUFFIXES)
    if suffix is None:
        return word
    return word[: len(word) - len(suffix)] + STEP_1A_RULES[suffix]


def step_1b(word):
    """Step 1b, past tenses and -ing: one of three rules, then a cleanup after the second or third.

        (m>0) EED ->  EE                 feed      ->  feed
                                         agreed    ->  agree
        (*v*) ED  ->                     plastered ->  plaster
                                         bled      ->  bled
        (*v*) ING ->                     motoring  ->  motor
                                         sing      ->  sing

    A word that ends in EED is only ever handled by the first rule (its
    suffix is the longest match), so "feed" stays "feed" rather than losing
    its "-ed".  When the second or third rule removes its suffix, what is left
    goes through ``step_1b_cleanup``.
    """
    if word.endswith("eed"):
        stem = word[:-3]
        if measure(stem) > 0:  # (m>0)
            return stem + "ee"
        return word
    for suffix in ("ed", "ing"):
        if word.endswith(suffix):
            stem = word[: len(word) - len(suffix)]
            if contains_vowel(stem):  # (*v*)
                return step_1b_cleanup(stem)
            return word
    return word


def step_1b_cleanup(stem):
    """After step 1b removed -ED or -ING: put an E back, or undouble a final double consonant.

        AT -> ATE                        conflat(ed)  ->  conflate
        BL -> BLE                        troubl(ed)   ->  trouble
        IZ -> IZE                        siz(ed)      ->  size
        (*d and not (*L or *S or *Z))
           -> single letter              hopp(ing)    ->  hop
                                         tann(ed)     ->  tan
                                         fall(ing)    ->  fall
                                         hiss(ing)    ->  hiss
                                         fizz(ed)     ->  fizz
        (m=1 and *o) -> E                fail(ing)    ->  fail
                                         fil(ing)     ->  file

    The E put back on -AT, -BL and -IZ lets steps 2 to 4 recognise -ATE, -BLE
    and -IZE later.  (A stem that ends in a double consonant does not end
    cvc, so the last two rules can never both apply.)
    """
    if stem.endswith(("at", "bl", "iz")):
        return stem + "e"
    if ends_double_consonant(stem):
        if stem[-1] not in "lsz":  # not (*L or *S or *Z)
            return stem[:-1]
        return stem
    if measure(stem) == 1 and ends_cvc(stem):  # (m=1 and *o)
        return stem + "e"
    return stem


def step_1c(word):
    """Step 1c: a final Y becomes I when the stem before it has a vowel.

        (*v*) Y -> I                     happy  ->  happi
                                         sky    ->  sky
    """
    if word.endswith("y") and contains_vowel(word[:-1]):  # (*v*)
        return word[:-1] + "i"
    return word


STEP_2_RULES = {
    "ational": "ate",
    "tional": "tion",
    "enci": "ence",
    "anci": "ance",
    "izer": "ize",
    "abli": "able",
    "alli": "al",
    "entli": "ent",
    "eli": "e",
    "ousli": "ous",
    "ization": "ize",
    "ation": "ate",
    "ator": "ate",
    "alism": "al",
    "iveness": "ive",
    "fulness": "ful",
    "ousness": "ous",
    "aliti": "al",
    "iviti": "ive",
    "biliti": "ble",
}
STEP_2_SUFFIXES = tuple(STEP_2_RULES)  # the S1 column


def step_2(word):
    """Step 2: a double suffix becomes a single one, when the stem has m > 0.

        (m>0) ATIONAL ->  ATE            relational     ->  relate
        (m>0) TIONAL  ->  TION           conditional    ->  condition
                                         rational       ->  rational
        (m>0) ENCI    ->  ENCE           valenci        ->  valence
        (m>0) ANCI    ->  ANCE           hesitanci      ->  hesitance
        (m>0) IZER    ->  IZE            digitizer      ->  digitize
        (m>0) ABLI    ->  ABLE           conformabli    ->  conformable
        (m>0) ALLI    ->  AL             radicalli      ->  radical
        (m>0) ENTLI   ->  ENT            differentli    ->  different
        (m>0) ELI     ->  E              vileli         ->  vile
        (m>0) OUSLI   ->  OUS            analogousli    ->  analogous
        (m>0) IZATION ->  IZE            vietnamization ->  vietnamize
        (m>0) ATION   ->  ATE            predication    ->  predicate
        (m>0) ATOR    ->  ATE            operator       ->  operate
        (m>0) ALISM   ->  AL             feudalism      ->  feudal
        (m>0) IVENESS ->  IVE            decisiveness   ->  decisive
        (m>0) FULNESS ->  FUL            hopefulness    ->  hopeful
        (m>0) OUSNESS ->  OUS            callousness    ->  callous
        (m>0) ALITI   ->  AL             formaliti      ->  formal
        (m>0) IVITI   ->  IVE            sensitiviti    ->  sensitive
        (m>0) BILITI  ->  BLE            sensibiliti    ->  sensible

    "rational" keeps its suffix: the longest match is ATIONAL, whose stem "r"
    has m = 0, and then TIONAL is not tried.
    """
    suffix = longest_suffix(word, STEP_2_SUFFIXES)
    if suffix is None:
        return word
    stem = word[: len(word) - len(suffix)]
    if measure(stem) > 0:  # (m>0)
        return stem + STEP_2_RULES[suffix]
    return word


STEP_3_RULES = {
    "icate": "ic",
    "ative": "",
    "alize": "al",
    "iciti": "ic",
    "ical": "ic",
    "ful": "",
    "ness": "",
}
STEP_3_SUFFIXES = tuple(STEP_3_RULES)  # the S1 column


def step_3(word):
    """Step 3: -IC- endings, -FUL and -NESS, when the stem has m > 0.

        (m>0) ICATE ->  IC               triplicate     ->  triplic
        (m>0) ATIVE ->                   formative      ->  form
        (m>0) ALIZE ->  AL               formalize      ->  formal
        (m>0) ICITI ->  IC               electriciti    ->  electric
        (m>0) ICAL  ->  IC               electrical     ->  electric
        (m>0) FUL   ->                   hopeful        ->  hope
        (m>0) NESS  ->                   goodness       ->  good
    """
    suffix = longest_suffix(word, STEP_3_SUFFIXES)
    if suffix is None:
        return word
    stem = word[: len(word) - len(suffix)]
    if measure(stem) > 0:  # (m>0)
        return stem + STEP_3_RULES[suffix]
    return word


STEP_4_SUFFIXES = (
    "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent",
    "ion", "ou", "ism", "ate", "iti", "ous", "ive", "ize",
)


def step_4(word):
    """Step 4: remove the last suffix, when the stem has m > 1.

        (m>1) AL    ->                   revival        ->  reviv
        (m>1) ANCE  ->                   allowance      ->  allow
        (m>1) ENCE  ->                   inference      ->  infer
        (m>1) ER    ->                   airliner       ->  airlin
        (m>1) IC    ->                   gyroscopic     ->  gyroscop
        (m>1) ABLE  ->                   adjustable     ->  adjust
        (m>1) IBLE  ->                   defensible     ->  defens
        (m>1) ANT   ->                   irritant       ->  irrit
        (m>1) EMENT ->                   replacement    ->  replac
        (m>1) MENT  ->                   adjustment     ->  adjust
        (m>1) ENT   ->                   dependent      ->  depend
        (m>1 and (*S or *T)) ION ->      adoption       ->  adopt
        (m>1) OU    ->                   homologou      ->  homolog
        (m>1) ISM   ->                   communism      ->  commun
        (m>1) ATE   ->                   activate       ->  activ
        (m>1) ITI   ->                   angulariti     ->  angular
        (m>1) OUS   ->                   homologous     ->  homolog
        (m>1) IVE   ->                   effective      ->  effect
        (m>1) IZE   ->                   bowdlerize     ->  bowdler

    Every rule removes its suffix outright; only ION asks more of the stem.
    """
    suffix = longest_suffix(word, STEP_4_SUFFIXES)
    if suffix is None:
        return word
    stem = word[: len(word) - len(suffix)]
    if suffix == "ion":
        allowed = measure(stem) > 1 and stem.endswith(("s", "t"))  # (m>1 and (*S or *T))
    else:
        allowed = measure(stem) > 1  # (m>1)
    if allowed:
        return stem
    return word


def step_5a(word):
    """Step 5a: remove a final E, unless the stem is short or ends cvc.

        (m>1) E     ->                   probate        ->  probat
                                         rate           ->  rate
        (m=1 and not *o) E ->            cease          ->  ceas

    Both rules have the same suffix E, so here the second is tried when the
    first's condition fails: "cease" has the stem "ceas", with m = 1.
    """
    if not word.endswith("e"):
        return word
    stem = word[:-1]
    m = measure(stem)
    if m > 1 or (m == 1 and not ends_cvc(stem)):  # (m>1) or (m=1 and not *o)
        return stem
    return word


def step_5b(word):
    """Step 5b: a final double L loses one L, when m > 1.

        (m>1 and *d and *L) -> single letter
                                         controll       ->  control
                                         roll           ->  roll
    """
    if word.endswith("ll") and measure(word) > 1:  # *d and *L, and (m>1)
        return word[:-1]
    return word


# ---------------------------------------------------------------------------
# Remembering stems: a corpus repeats its words, the stemmer need not.
# ---------------------------------------------------------------------------


class StemCache:
    """A stemmer that remembers: each distinct word is stemmed once, then looked up in ``stems``.

    ``stems`` is a plain dict, word -> stem, that grows by one entry per new
    word.  Hand one to a tokenizer, ``Tokenizer(stemmer=StemCache(porter_stem))``,
    and it stems a whole corpus in the time it takes to stem its vocabulary.

    >>> stem = StemCache(porter_stem)
    >>> [stem(word) for word in ["running", "runs", "running"]]
    ['run', 'run', 'run']
    >>> stem.stems
    {'running': 'run', 'runs': 'run'}
    >>> stem
    StemCache(porter_stem, 2 words)
    """

    def __init__(self, stemmer=porter_stem):
        if not callable(stemmer):
            raise TypeError(
                f"StemCache needs a function from str to str, such as porter_stem, "
                f"not {type(stemmer).__name__}"
            )
        self.stemmer = stemmer
        self.stems = {}  # word -> stem, one entry per distinct word seen

    def __call__(self, word):
        stem = self.stems.get(word)
        if stem is None:
            stem = self.stemmer(word)
            self.stems[word] = stem
        return stem

    # Two caches of the same stemmer give the same stems, so that two
    # tokenizers built the same way compare equal (Tokenizer compares settings).
    def __eq__(self, other):
        return isinstance(other, StemCache) and self.stemmer == other.stemmer

    def __hash__(self):
        return hash(self.stemmer)

    def __repr__(self):
        name = getattr(self.stemmer, "__name__", type(self.stemmer).__name__)
        n_words = len(self.stems)
        return f"StemCache({name}, {n_words} word{'' if n_words == 1 else 's'})"
