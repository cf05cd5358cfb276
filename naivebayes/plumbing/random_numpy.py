"""numpy's legacy random numbers (``numpy.random.RandomState``), in plain Python.

scikit-learn draws every split from ``numpy.random.RandomState(seed)``, so a
split "with ``random_state=42``" names the rows that this generator picks.
To give a student the very same rows without numpy, this module repeats
numpy's steps one by one (docs/splitting.md shows each as a formula):

    seed --init_genrand--> 624 words --twist--> 624 new words --temper--> 32-bit numbers
         --masked rejection--> a whole number in 0..i --Fisher-Yates--> a shuffled order

The generator is the Mersenne Twister MT19937 (Matsumoto and Nishimura,
1998).  Python's own ``random`` module runs the same generator, but seeds it
differently: ``random.Random(42)`` feeds the key ``[42]`` to
``init_by_array``, while numpy's ``RandomState(42)`` starts from
``init_genrand(42)``.  That is why ``random.Random(0).shuffle`` and
scikit-learn's ``random_state=0`` give other rows.

>>> generator = RandomState(0)
>>> [generator.next_uint32() for _ in range(3)]   # numpy.random.RandomState(0).randint(2**32, size=3)
[2357136044, 2546248239, 3071714933]
>>> RandomState(42).permutation(10)               # numpy.random.RandomState(42).permutation(10)
[8, 1, 5, 0, 7, 2, 9, 4, 3, 6]
"""

import os

from naivebayes.plumbing.checks import plain_value

__all__ = [
    "RandomState",
    "init_genrand",
    "init_by_array",
    "python_seed_key",
    "twist",
    "temper",
    "masked_rejection",
    "fisher_yates_shuffle",
    "numpy_legacy_permutation",
]

N_WORDS = 624  # n: the state is 624 words of 32 bits
SHIFT = 397  # m: the twist mixes word k with word k + 397
WORD = 0xFFFFFFFF  # 2**32 - 1: every step is arithmetic modulo 2**32
LARGEST_SEED = WORD  # numpy refuses seeds above 2**32 - 1


# ---------------------------------------------------------------------------
# Seeding: 624 starting words from a seed
# ---------------------------------------------------------------------------


# --8<-- [start:eq-mt19937-init-genrand]
def init_genrand(seed):
    """The 624 starting words: x_0 = s, x_i = 1812433253 (x_{i-1} xor (x_{i-1} >> 30)) + i mod 2^32.

    This is how ``numpy.random.RandomState(seed)`` seeds itself for a whole
    number ``seed`` (the multiplier 1812433253 is from Knuth).

    Formula: docs/splitting.md#eq-mt19937-init-genrand
    """
    word = seed & WORD  # x_0
    words = [word]
    for i in range(1, N_WORDS):
        word = (1812433253 * (word ^ (word >> 30)) + i) & WORD  # x_i
        words.append(word)
    return words


# --8<-- [end:eq-mt19937-init-genrand]


# --8<-- [start:eq-mt19937-init-by-array]
def init_by_array(key):
    """The 624 starting words from a key of 32-bit words: init_genrand(19650218), then two mixing passes.

    Pass 1 (max(624, len(key)) steps): x_i = (x_i xor (x_{i-1} xor (x_{i-1} >> 30)) * 1664525) + key_j + j.
    Pass 2 (623 steps): x_i = (x_i xor (x_{i-1} xor (x_{i-1} >> 30)) * 1566083941) - i.
    Both mod 2^32; i runs over 1..623 and wraps around (x_0 takes x_623), j over the key.
    Finally x_0 = 2^31, so the state is never all zeros.  numpy uses this for a
    seed given as a list of numbers, and Python's ``random.seed`` for every seed.

    Formula: docs/splitting.md#eq-mt19937-init-by-array
    """
    words = init_genrand(19650218)
    i, j = 1, 0
    for _ in range(max(N_WORDS, len(key))):
        mixed = (words[i - 1] ^ (words[i - 1] >> 30)) * 1664525
        words[i] = ((words[i] ^ mixed) + key[j] + j) & WORD
        i, j = i + 1, j + 1
        if i >= N_WORDS:
            words[0] = words[N_WORDS - 1]
            i = 1
        if j >= len(key):
            j = 0
    for _ in range(N_WORDS - 1):
        mixed = (words[i - 1] ^ (words[i - 1] >> 30)) * 1566083941
        words[i] = ((words[i] ^ mixed) - i) & WORD
        i += 1
        if i >= N_WORDS:
            words[0] = words[N_WORDS - 1]
            i = 1
    words[0] = 0x80000000  # the top bit set: the state is never all zeros
    return words


# --8<-- [end:eq-mt19937-init-by-array]


# --8<-- [start:eq-python-seed-key]
def python_seed_key(seed):
    """The key ``random.seed(seed)`` hands to init_by_array: |s| in 32-bit words, lowest first.

    |s| = sum_j key_j 2^{32 j}; the seed 0 gives the key [0].

    Formula: docs/splitting.md#eq-python-seed-key
    """
    rest = abs(seed)
    key = [rest & WORD]  # key_0
    rest >>= 32
    while rest:
        key.append(rest & WORD)  # key_j
        rest >>= 32
    return key


# --8<-- [end:eq-python-seed-key]


# ---------------------------------------------------------------------------
# Drawing 32-bit numbers: twist the 624 words, then temper each one
# ---------------------------------------------------------------------------


# --8<-- [start:eq-mt19937-twist]
def twist(words):
    """The next 624 words: x_k = x_{k+m} xor (y >> 1) xor (0x9908B0DF if y is odd), y = upper(x_k) | lower(x_{k+1}).

    ``upper`` keeps the top bit, ``lower`` the other 31; indices wrap around
    modulo 624, and a word already renewed in this pass is used renewed.
    Returns a new list; ``words`` is left as it was.

    Formula: docs/splitting.md#eq-mt19937-twist
    """
    new = list(words)
    for k in range(N_WORDS):
        y = (new[k] & 0x80000000) | (new[(k + 1) % N_WORDS] & 0x7FFFFFFF)
        new[k] = new[(k + SHIFT) % N_WORDS] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
    return new


# --8<-- [end:eq-mt19937-twist]


# --8<-- [start:eq-mt19937-temper]
def temper(word):
    """The 32-bit output for one word: four shift-and-xor steps that spread its bits.

    y ^= y >> 11;  y ^= (y << 7) & 0x9D2C5680;  y ^= (y << 15) & 0xEFC60000;  y ^= y >> 18.

    Formula: docs/splitting.md#eq-mt19937-temper
    """
    y = word
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


# --8<-- [end:eq-mt19937-temper]


# ---------------------------------------------------------------------------
# From 32-bit numbers to a whole number in 0..i, and to a shuffled order
# ---------------------------------------------------------------------------


# --8<-- [start:eq-masked-rejection]
def masked_rejection(largest, generator):
    """A whole number j in 0..largest, every one equally likely: j = u & (2^b - 1), drawn again while j > largest.

    b is the bit length of ``largest``, so the mask keeps just enough low bits
    of the draw u, and fewer than half of the draws are thrown away.  u is a
    32-bit draw when ``largest`` < 2^32, else a 64-bit one (two 32-bit draws,
    the first one high).  ``largest`` = 0 needs no draw at all.  numpy's
    legacy ``shuffle`` (``random_interval``) and ``randint`` both draw so.

    Formula: docs/splitting.md#eq-masked-rejection
    """
    if largest == 0:
        return 0
    mask = (1 << largest.bit_length()) - 1  # 2^b - 1
    if largest <= WORD:
        j = generator.next_uint32() & mask
        while j > largest:
            j = generator.next_uint32() & mask
    else:
        j = generator.next_uint64() & mask
        while j > largest:
            j = generator.next_uint64() & mask
    return j


# --8<-- [end:eq-masked-rejection]


# --8<-- [start:eq-fisher-yates-shuffle]
def fisher_yates_shuffle(items, generator):
    """Shuffle the list ``items`` in place, from the back: for i = n-1 down to 1, swap items[i] and items[j], j uniform in 0..i.

    j is drawn by masked rejection, as numpy's legacy ``RandomState.shuffle``
    draws it; each of the n! orders is equally likely.

    Formula: docs/splitting.md#eq-fisher-yates-shuffle
    """
    for i in range(len(items) - 1, 0, -1):
        j = masked_rejection(i, generator)
        items[i], items[j] = items[j], items[i]


# --8<-- [end:eq-fisher-yates-shuffle]


# ---------------------------------------------------------------------------
# The generator
# ---------------------------------------------------------------------------


def _check_seed(seed):
    """A seed numpy accepts: a whole number 0 <= seed <= 2**32 - 1, or a non-empty list of such numbers."""
    if isinstance(seed, bool) or not isinstance(seed, (int, list, tuple)):
        raise TypeError(
            f"random_state={seed!r} is a {type(seed).__name__}; pass a whole number seed such as 0 or 42, "
            f"or None for a new split on every call"
        )
    numbers = list(seed) if isinstance(seed, (list, tuple)) else [seed]
    if not numbers:
        raise ValueError("random_state=[] is an empty list; a seed needs at least one number")
    for number in numbers:
        if isinstance(number, bool) or not isinstance(number, int):
            raise TypeError(f"random_state={seed!r} holds {number!r}; a seed list holds whole numbers only")
        if not 0 <= number <= LARGEST_SEED:
            raise ValueError(
                f"random_state={seed!r}: a seed must lie between 0 and 2**32 - 1 = {LARGEST_SEED}, as numpy "
                f"and scikit-learn require (a negative or larger seed has no numpy split to match)"
            )


class RandomState:
    """numpy's legacy generator ``numpy.random.RandomState``, step by step in plain Python.

    ``RandomState(seed)`` takes a whole number 0 <= seed <= 2**32 - 1
    (``init_genrand``), a list of such numbers (``init_by_array``), or None
    (a seed from the operating system).  ``words`` holds the 624 words of the
    state and ``position`` the next word to temper; at 624 the words are
    twisted.  Only the draws that splits need are here: 32- and 64-bit
    numbers, ``randint``, ``shuffle``, ``permutation`` and ``choice``.

    >>> generator = RandomState(0)
    >>> generator.randint(10), generator.randint(10)   # numpy.random.RandomState(0).randint(10, size=2)
    (5, 0)
    """

    def __init__(self, seed=None):
        if seed is None:
            entropy = os.urandom(4 * N_WORDS)
            key = [int.from_bytes(entropy[4 * i : 4 * i + 4], "little") for i in range(N_WORDS)]
            self.words = init_by_array(key)
        else:
            _check_seed(seed)
            self.words = init_by_array(list(seed)) if isinstance(seed, (list, tuple)) else init_genrand(seed)
        self.position = N_WORDS  # the first draw twists

    @classmethod
    def like_python(cls, seed):
        """The generator as ``random.Random(seed)`` starts it: ``init_by_array`` of ``python_seed_key(seed)``.

        The same machine as numpy's, seeded Python's way, so its draws are
        Python's: ``RandomState.like_python(0).next_uint32()`` is
        ``random.Random(0).getrandbits(32)``.
        """
        if type(seed) is not int:
            raise TypeError(f"seed={seed!r} is a {type(seed).__name__}; Python's seed here is a whole number, such as 0")
        return cls(python_seed_key(seed))

    def __repr__(self):
        return f"RandomState(words=[{self.words[0]}, {self.words[1]}, ...], position={self.position})"

    def next_uint32(self):
        """The next 32-bit number: temper the word at ``position`` (twisting all 624 first when they are used up)."""
        if self.position >= N_WORDS:
            self.words = twist(self.words)
            self.position = 0
        word = self.words[self.position]
        self.position += 1
        return temper(word)

    def next_uint64(self):
        """A 64-bit number from two 32-bit ones, the first one high (numpy's ``mt19937_next64``)."""
        high = self.next_uint32()
        low = self.next_uint32()
        return (high << 32) | low

    def randint(self, low, high=None, size=None):
        """Whole numbers in low..high-1 (or 0..low-1 given one bound), as legacy ``randint`` draws them.

        One number, or a list of ``size`` numbers: ``low + masked_rejection(high - low - 1)``.
        """
        if high is None:
            low, high = 0, low
        if high <= low:
            raise ValueError(f"randint(low={low}, high={high}) needs low < high")
        if size is None:
            return low + masked_rejection(high - low - 1, self)
        return [low + masked_rejection(high - low - 1, self) for _ in range(size)]

    def shuffle(self, items):
        """Shuffle the list ``items`` in place, as ``numpy.random.RandomState.shuffle`` does."""
        fisher_yates_shuffle(items, self)

    def permutation(self, x):
        """A shuffled copy: of ``range(x)`` for a whole number, else of the list ``x``."""
        items = list(range(x)) if isinstance(x, int) else list(x)
        fisher_yates_shuffle(items, self)
        return items

    def choice(self, a, size=None, replace=True):
        """Draw from the list ``a`` (or from ``range(a)``), as legacy ``choice`` without ``p`` draws.

        Without replacement it keeps the first ``size`` of a permutation of all
        the positions; with replacement each position is ``randint(0, len(a))``.
        """
        population = list(range(a)) if isinstance(a, int) else list(a)
        n = 1 if size is None else size
        if not population:
            raise ValueError("choice needs a non-empty population to draw from")
        if replace:
            positions = [masked_rejection(len(population) - 1, self) for _ in range(n)]
        else:
            if n > len(population):
                raise ValueError(f"cannot draw {n} of {len(population)} without replacement")
            positions = self.permutation(len(population))[:n]
        drawn = [population[position] for position in positions]
        return drawn[0] if size is None else drawn


def check_random_state(random_state):
    """A ``RandomState`` for ``random_state``: a new one for None or a seed; a given one as it is.

    As scikit-learn's ``check_random_state`` does: a seed (a whole number
    0 <= seed <= 2**32 - 1) starts afresh on every call, so the same seed
    gives the same draws; a ``RandomState`` goes on from where it stands.
    """
    if isinstance(random_state, RandomState):
        return random_state
    random_state = plain_value(random_state)  # numpy's int64(42) is the seed 42
    if random_state is not None and (isinstance(random_state, bool) or not isinstance(random_state, int)):
        raise TypeError(
            f"random_state={random_state!r} is a {type(random_state).__name__}; pass a whole number seed "
            f"such as 0 or 42, a naivebayes RandomState to go on drawing from, or None for new draws on every call"
        )
    return RandomState(random_state)


def numpy_legacy_permutation(n, seed):
    """The order that ``numpy.random.RandomState(seed).permutation(n)`` gives, as a list.

    >>> numpy_legacy_permutation(3, seed=5489)
    [1, 2, 0]
    """
    return RandomState(seed).permutation(n)
