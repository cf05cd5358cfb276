"""numpy's legacy generator in plain Python (naivebayes/plumbing/random_numpy.py), formula by formula.

The hand-checked tests run without numpy: the first outputs of a seed are
literals checked once against ``numpy.random.RandomState`` and, for the seed
5489, against the C++ standard (``std::mt19937``'s 10000th output).  Python's
``random`` module (C code, a separate implementation of the same generator)
checks ``init_by_array``, ``twist`` and ``temper``.  The tests at the end
compare with numpy itself and skip without it.
"""

import random

import pytest

from naivebayes.plumbing.random_numpy import (
    RandomState,
    check_random_state,
    fisher_yates_shuffle,
    init_by_array,
    init_genrand,
    masked_rejection,
    numpy_legacy_permutation,
    python_seed_key,
    temper,
    twist,
)


class Draws:
    """A stand-in generator that hands out the 32-bit numbers it is given, and counts them."""

    def __init__(self, numbers):
        self.numbers = list(numbers)
        self.used = 0

    def next_uint32(self):
        self.used += 1
        return self.numbers.pop(0)

    def next_uint64(self):
        return (self.next_uint32() << 32) | self.next_uint32()


# ---------------------------------------------------------------------------
# One test per formula, on numbers worked out by hand
# ---------------------------------------------------------------------------


def test_eq_mt19937_init_genrand_by_hand():
    # x_0 = 0; x_1 = 1812433253 * (0 xor 0) + 1 = 1; x_2 = 1812433253 * (1 xor 0) + 2 = 1812433255
    assert init_genrand(0)[:3] == [0, 1, 1812433255]
    # x_0 = 1; x_1 = 1812433253 * 1 + 1; x_2 = 1812433253 * (1812433254 xor 1) + 2 mod 2^32
    x1 = 1812433254
    assert init_genrand(1)[:3] == [1, x1, (1812433253 * (x1 ^ (x1 >> 30)) + 2) % 2**32]
    assert init_genrand(1)[2] == 3713160357
    assert len(init_genrand(42)) == 624
    assert all(0 <= word < 2**32 for word in init_genrand(2**32 - 1))


def test_eq_mt19937_temper_by_hand():
    # y = 1; y ^= 1 >> 11 -> 1; y ^= (1 << 7) & 0x9D2C5680 = 0x80 -> 0x81;
    # y ^= (0x81 << 15) & 0xEFC60000 = 0x400000 -> 0x400081; y ^= 0x400081 >> 18 = 0x10 -> 0x400091
    assert temper(1) == 0x400091 == 4194449
    assert temper(0) == 0


def test_eq_mt19937_twist_gives_the_reference_outputs_of_seed_5489():
    # 5489 is MT19937's reference seed: its first outputs are 3499211612, 581869302, 3890346734,
    # and the C++ standard requires std::mt19937's 10000th output to be 4123659995.
    words = twist(init_genrand(5489))
    assert [temper(word) for word in words[:3]] == [3499211612, 581869302, 3890346734]
    for _ in range(16):  # 17 twists of 624 words make 10608 outputs
        words = twist(words)
    generator = RandomState(5489)
    outputs = [generator.next_uint32() for _ in range(10000)]
    assert outputs[-1] == 4123659995


def test_eq_mt19937_twist_leaves_its_input_alone_and_agrees_with_python():
    start = init_genrand(7)
    before = list(start)
    twisted = twist(start)
    assert start == before and twisted != start
    python = random.Random()
    python.setstate((3, tuple(start) + (624,), None))  # 624: the next draw twists first
    assert [python.getrandbits(32) for _ in range(624)] == [temper(word) for word in twisted]


def test_a_generator_seeded_like_python_draws_pythons_numbers():
    for seed in (0, 42, -7, 2**40 + 3):
        ours, python = RandomState.like_python(seed), random.Random(seed)
        assert [ours.next_uint32() for _ in range(700)] == [python.getrandbits(32) for _ in range(700)]
    with pytest.raises(TypeError, match="whole number"):
        RandomState.like_python(1.5)


def test_eq_python_seed_key_by_hand():
    assert python_seed_key(0) == [0]
    assert python_seed_key(42) == [42]
    assert python_seed_key(-7) == [7]  # random.seed uses |s|
    assert python_seed_key(2**32 + 5) == [5, 1]  # 5 + 1 * 2^32
    assert python_seed_key(3 * 2**64 + 2) == [2, 0, 3]


def test_eq_mt19937_init_by_array_is_pythons_seeding():
    # Python's random.seed(s) is init_by_array(|s| in 32-bit words): the same 624 words.
    for seed in (0, 1, 42, 2**32 - 1, 2**32 + 5, 2**100 + 12345):
        assert init_by_array(python_seed_key(seed)) == list(random.Random(seed).getstate()[1][:624])
    assert init_by_array([5])[0] == 0x80000000  # the top bit set at the end


def test_eq_masked_rejection_by_hand():
    # largest 5: b = 3 bits, mask 0b111.  14 & 7 = 6 > 5 is drawn again; 11 & 7 = 3 is kept.
    draws = Draws([14, 11])
    assert masked_rejection(5, draws) == 3 and draws.used == 2
    # largest 4: mask 0b111 as well; 4 & 7 = 4 is kept at once
    assert masked_rejection(4, Draws([4])) == 4
    # largest 0 needs no draw
    draws = Draws([])
    assert masked_rejection(0, draws) == 0 and draws.used == 0
    # past 2^32 the draw is 64 bits, the first 32-bit number high: (1 << 32 | 9) & (2^33 - 1) = 2^32 + 9
    assert masked_rejection(2**33 - 1, Draws([1, 9])) == 2**32 + 9


def test_eq_fisher_yates_shuffle_by_hand():
    # Seed 5489 draws 3499211612, 581869302, ...
    # i = 2: mask 0b11, 3499211612 & 3 = 0 <= 2: swap positions 2 and 0 -> [c, b, a]
    # i = 1: mask 0b01, 581869302 & 1 = 0: swap positions 1 and 0        -> [b, c, a]
    items = ["a", "b", "c"]
    fisher_yates_shuffle(items, RandomState(5489))
    assert items == ["b", "c", "a"]
    # with stand-in draws: i = 3 (mask 3) takes 7 & 3 = 3, no swap:   [0, 1, 2, 3]
    # i = 2 (mask 3) rejects 3 & 3 = 3 > 2, takes 1: swap 2 and 1:    [0, 2, 1, 3]
    # i = 1 (mask 1) takes 0: swap 1 and 0:                           [2, 0, 1, 3]
    items = [0, 1, 2, 3]
    fisher_yates_shuffle(items, Draws([7, 3, 1, 0]))
    assert items == [2, 0, 1, 3]


# ---------------------------------------------------------------------------
# The generator
# ---------------------------------------------------------------------------

SEED_0_FIRST_OUTPUTS = [2357136044, 2546248239, 3071714933]  # numpy.random.RandomState(0).randint(2**32, size=3)
SEED_0_PERMUTATION_OF_10 = [2, 8, 4, 9, 1, 6, 7, 3, 0, 5]  # numpy.random.RandomState(0).permutation(10)
SEED_42_PERMUTATION_OF_10 = [8, 1, 5, 0, 7, 2, 9, 4, 3, 6]  # numpy.random.RandomState(42).permutation(10)


def test_the_first_outputs_of_seed_0_written_out():
    generator = RandomState(0)
    assert [generator.next_uint32() for _ in range(3)] == SEED_0_FIRST_OUTPUTS
    assert RandomState(0).permutation(10) == SEED_0_PERMUTATION_OF_10
    assert RandomState(42).permutation(10) == SEED_42_PERMUTATION_OF_10
    assert numpy_legacy_permutation(10, 42) == SEED_42_PERMUTATION_OF_10


def test_python_random_is_the_same_generator_seeded_another_way():
    # random.Random(0) is init_by_array([0]); numpy's RandomState(0) is init_genrand(0).
    python = random.Random(0)
    assert RandomState([0]).next_uint32() == python.getrandbits(32) == 3626764237
    assert RandomState(0).next_uint32() == 2357136044


def test_draws_go_on_and_seeds_start_afresh():
    generator = RandomState(3)
    first = generator.permutation(20)
    assert generator.permutation(20) != first
    assert RandomState(3).permutation(20) == first
    assert check_random_state(generator) is generator
    assert check_random_state(3).permutation(20) == first


def test_shuffle_permutation_and_choice():
    items = list("abcdefghij")
    RandomState(0).shuffle(items)
    assert items == [list("abcdefghij")[i] for i in SEED_0_PERMUTATION_OF_10]
    assert RandomState(0).permutation(list("abcdefghij")) == items
    assert RandomState(0).choice(list("abcdefghij"), size=3, replace=False) == items[:3]
    assert RandomState(0).permutation(0) == [] and RandomState(0).permutation(1) == [0]


def test_randint():
    generator = RandomState(0)
    assert (generator.randint(10), generator.randint(10)) == (5, 0)  # RandomState(0).randint(10, size=2)
    assert RandomState(0).randint(3, 4, size=3) == [3, 3, 3]  # one value: no draw
    with pytest.raises(ValueError, match="low < high"):
        RandomState(0).randint(5, 5)


@pytest.mark.parametrize("seed", [-1, 2**32, 2**70])
def test_seeds_outside_numpys_range_are_refused(seed):
    with pytest.raises(ValueError, match=r"between 0 and 2\*\*32 - 1"):
        RandomState(seed)


@pytest.mark.parametrize("seed", ["42", 1.0, True, [1, "a"]])
def test_seeds_of_other_kinds_are_refused(seed):
    with pytest.raises(TypeError, match="random_state"):
        RandomState(seed)


def test_check_random_state_refuses_lists_as_scikit_learn_does():
    with pytest.raises(TypeError, match=r"random_state=\[1\] is a list.*such as 0 or 42"):
        check_random_state([1])


def test_no_seed_gives_new_draws():
    assert RandomState().permutation(30) != RandomState().permutation(30)


# ---------------------------------------------------------------------------
# Against numpy (skipped without it)
# ---------------------------------------------------------------------------


def test_outputs_and_permutations_match_numpy():
    np = pytest.importorskip("numpy")
    for seed in (0, 1, 42, 5489, 2**31, 2**32 - 1, 123456789):
        ours = RandomState(seed)
        theirs = np.random.RandomState(seed)
        assert [ours.next_uint32() for _ in range(1500)] == theirs.randint(2**32, size=1500, dtype=np.uint64).tolist()
        for n in (0, 1, 2, 3, 10, 100, 1000, 5000):
            assert RandomState(seed).permutation(n) == np.random.RandomState(seed).permutation(n).tolist(), (seed, n)


def test_seeding_by_a_list_matches_numpy():
    np = pytest.importorskip("numpy")
    for key in ([1, 2, 3], [0], [5], [2**32 - 1] * 700, list(range(624))):
        assert init_by_array(key) == np.random.RandomState(key).get_state()[1].tolist()
        assert RandomState(key).permutation(50) == np.random.RandomState(key).permutation(50).tolist()


def test_randint_and_choice_match_numpy():
    np = pytest.importorskip("numpy")
    for seed in range(20):
        for high in (1, 2, 3, 7, 1000, 2**31, 2**32, 2**32 + 1, 2**40, 2**62):
            ours = RandomState(seed).randint(0, high, size=5)
            assert ours == np.random.RandomState(seed).randint(0, high, size=5).tolist(), (seed, high)
        for n in (1, 2, 3, 10):
            for k in range(1, n + 1):
                ours = RandomState(seed).choice(list(range(100, 100 + n)), size=k, replace=False)
                theirs = np.random.RandomState(seed).choice(np.arange(100, 100 + n), size=k, replace=False)
                assert ours == theirs.tolist()
                assert RandomState(seed).choice(n, size=k) == np.random.RandomState(seed).choice(n, size=k).tolist()
