"""Many sums at once, exactly: K whole numbers side by side in one Python integer.

Scoring a document adds one value per class for every token: with 20
classes and two million test tokens, 40 million float additions, each a
step of the interpreter.  Python's integers have no size limit, so the K
values of a word can sit side by side in one integer, each in its own
*lane* of ``width`` bits, and one integer addition (a single step, done in
C) adds all K at once:

    P = a_1 + a_2 * 2**width + ... + a_K * 2**((K - 1) * width)

Adding two such integers adds them lane by lane, because every lane's sum
stays far from the edge of its lane (``lane_width`` leaves room for
``MOST_TERMS`` terms), so no lane spills into the next.

The values are floats and lanes hold whole numbers, but no rounding is
needed: a finite float *is* a whole number times a power of two
(``value.as_integer_ratio()`` shows it), so multiplying every value by
the same large enough power 2**f (``fixed_point_bits``) makes each one a
whole number exactly.  The sums in the lanes are then the exact sums of
the floats, and dividing a lane by 2**f rounds that exact sum once, to the
nearest float: the number ``math.fsum`` gives, not the slightly different
one of adding floats one by one.

>>> bits = fixed_point_bits([-1.25, 0.5, -3.0])
>>> bits, to_fixed_point(-1.25, bits)
(2, -5)
>>> width = lane_width([-5, 2, -12])
>>> row_1 = pack_lanes([to_fixed_point(v, bits) for v in (-1.25, 0.5)], width)
>>> row_2 = pack_lanes([to_fixed_point(v, bits) for v in (-3.0, -3.0)], width)
>>> [lane / 2**bits for lane in unpack_lanes(row_1 + row_2 + row_2, 2, width)]
[-7.25, -5.5]
"""

__all__ = ["Lanes", "fixed_point_bits", "lane_width", "pack_lanes", "unpack_lanes"]

# How many packed values one sum may add before a lane could spill into the
# next: 2**32.  A document that long would need 32 GB just for the pointers
# of its token list; the text models check each document's length anyway
# and score a longer one with floats.
MOST_TERMS = 2**32


class Lanes:
    """How values are packed: each is a whole number of 2**-``bits``, in a lane of ``width`` bits.

    (A plain class rather than a named tuple, whose generated code a debugger could not show.)
    """

    __slots__ = ("bits", "width")

    def __init__(self, bits, width):
        self.bits = bits  # f: a value v is stored as v * 2**f
        self.width = width  # bits per lane

    def __repr__(self):
        return f"Lanes(bits={self.bits}, width={self.width})"

    def __eq__(self, other):
        return type(other) is Lanes and (self.bits, self.width) == (other.bits, other.width)

    __hash__ = None  # (equal by value, and not meant as a key)


def fixed_point_bits(values):
    """f, the fewest binary places after the point that write every value as a whole number of 2**-f.

    ``value.as_integer_ratio()`` is (n, 2**d) for a finite float: the value
    is n / 2**d, so value * 2**f is a whole number for every f >= d.
    """
    return max(value.as_integer_ratio()[1].bit_length() - 1 for value in values)


def to_fixed_point(value, bits):
    """value * 2**bits, exactly, as an int (``bits`` from ``fixed_point_bits``, so no rounding happens)."""
    numerator, denominator = value.as_integer_ratio()  # value = numerator / 2**d
    return numerator << (bits - (denominator.bit_length() - 1))


def lane_width(integers, most_terms=MOST_TERMS):
    """Bits per lane so that a sum of up to ``most_terms`` of these integers fits, sign included."""
    largest = max(abs(integer) for integer in integers)
    return largest.bit_length() + (most_terms - 1).bit_length() + 1  # the magnitude of the sum, and its sign


# --8<-- [start:eq-lanes-pack]
def pack_lanes(integers, width):
    """P = sum_k a_k * 2**(width * k): the integers a_1, ..., a_K side by side, lane k holding a_k.

    A negative a_k borrows from the lanes above it, as in written
    subtraction; ``unpack_lanes`` gives it back.

    Formula: docs/performance.md#eq-lanes-pack
    """
    packed = 0
    for k, integer in enumerate(integers):
        packed += integer << (width * k)  # a_k * 2**(width * k)
    return packed
# --8<-- [end:eq-lanes-pack]


# --8<-- [start:eq-lanes-unpack]
def unpack_lanes(packed, n_lanes, width):
    """[a_1, ..., a_K] from P = sum_k a_k * 2**(width * k), for a_k with |a_k| < 2**(width - 1).

    The lowest ``width`` bits of P are a_1 as a number from 0 to
    2**width - 1; one that is 2**(width - 1) or more stands for the negative
    number 2**width less (the sign lives in the top bit of the lane).  Taking
    a_1 away leaves a multiple of 2**width, and shifting it down by ``width``
    bits brings a_2 to the bottom.

    Formula: docs/performance.md#eq-lanes-unpack
    """
    lane_mask, sign_bit, lane_size = (1 << width) - 1, 1 << (width - 1), 1 << width
    lanes = []
    for _ in range(n_lanes):
        lane = packed & lane_mask  # the lowest width bits
        if lane >= sign_bit:  # the top bit is set: a negative number
            lane -= lane_size
        lanes.append(lane)
        packed = (packed - lane) >> width
    return lanes
# --8<-- [end:eq-lanes-unpack]
