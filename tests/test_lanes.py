"""Many sums in one integer (naivebayes/fast/lanes.py): packing, unpacking, and exact sums."""

import math
import random
from fractions import Fraction

import pytest

from naivebayes.fast.lanes import (
    MOST_TERMS,
    fixed_point_bits,
    lane_width,
    pack_lanes,
    to_fixed_point,
    unpack_lanes,
)


def test_eq_lanes_pack_puts_each_integer_in_its_lane():
    # 3 + (-1) * 2**4 + 2 * 2**8 = 3 - 16 + 512, worked by hand.
    assert pack_lanes([3, -1, 2], 4) == 499
    assert pack_lanes([0, 0, 1], 10) == 2**20
    assert pack_lanes([], 8) == 0


def test_eq_lanes_unpack_gives_back_signed_lanes():
    # 499 = 0b1_1111_0011: low lane 0011 = 3; then 31 has low lane 1111 = 15, which is -1
    # in a 4-bit lane; taking -1 away leaves 32, and 32 >> 4 = 2.
    assert unpack_lanes(499, 3, 4) == [3, -1, 2]
    assert unpack_lanes(0, 2, 8) == [0, 0]
    assert unpack_lanes(pack_lanes([-7, 7, -8, 0], 4), 4, 4) == [-7, 7, -8, 0]  # the edges of a 4-bit lane


def test_a_sum_of_packed_integers_is_the_packed_sums():
    generator = random.Random(3)
    width = lane_width([-1000, 1000], most_terms=50)
    rows = [[generator.randint(-1000, 1000) for _ in range(5)] for _ in range(50)]
    total = sum(pack_lanes(row, width) for row in rows)
    assert unpack_lanes(total, 5, width) == [sum(column) for column in zip(*rows)]


def test_fixed_point_is_exact_for_every_float():
    values = [-1.25, 0.1, -3.0, 1e-300, -2.5e-310, 12345.678, 0.0, -0.0, 2.0**60]
    bits = fixed_point_bits(values)
    for value in values:
        assert Fraction(to_fixed_point(value, bits), 2**bits) == Fraction(value)
    assert fixed_point_bits([0.5, 0.25]) == 2
    assert fixed_point_bits([3.0, -8.0]) == 0
    assert to_fixed_point(-1.25, 2) == -5


def test_lane_width_leaves_room_for_the_most_terms():
    # |a| < 2**10, and up to 2**32 of them: a sum below 2**42 in size, and a sign bit.
    assert lane_width([-1023, 5]) == 10 + 32 + 1
    assert lane_width([1, -1], most_terms=2) == 1 + 1 + 1
    assert (MOST_TERMS - 1).bit_length() == 32


def test_lane_sums_are_the_exactly_rounded_float_sums():
    """Adding packed floats and dividing once gives math.fsum's answer, bit for bit."""
    generator = random.Random(7)
    for _ in range(200):
        n_terms, n_lanes = generator.randint(1, 60), generator.randint(1, 6)
        rows = [[-generator.expovariate(0.2) * 10 ** generator.randint(-8, 3) for _ in range(n_lanes)]
                for _ in range(n_terms)]
        values = [value for row in rows for value in row]
        bits = fixed_point_bits(values)
        width = lane_width([to_fixed_point(value, bits) for value in values])
        packed = [pack_lanes([to_fixed_point(value, bits) for value in row], width) for row in rows]
        sums = [lane / 2**bits for lane in unpack_lanes(sum(packed), n_lanes, width)]
        assert sums == [math.fsum(column) for column in zip(*rows)]


def test_a_lane_too_narrow_for_its_sum_would_spill():
    """Why lane_width leaves room: two 4-bit lanes holding 7 + 7 = 14 overflow into the next lane."""
    total = pack_lanes([7, 0], 4) + pack_lanes([7, 0], 4)
    assert unpack_lanes(total, 2, 4) != [14, 0]
    width = lane_width([7], most_terms=2)
    total = pack_lanes([7, 0], width) + pack_lanes([7, 0], width)
    assert unpack_lanes(total, 2, width) == [14, 0]


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_a_value_that_is_not_finite_has_no_fixed_point(value):
    with pytest.raises((OverflowError, ValueError)):
        fixed_point_bits([1.0, value])
