# The engine's own random numbers (RULES D1): PCG32, exactly as O'Neill's reference.
#
# Algorithm (pcg32_random_r / pcg32_srandom_r / pcg32_boundedrand_r of pcg-c-basic), so any
# other implementation reproduces a deal from its seed:
#
# - state and increment are unsigned 64-bit; MULT = 6364136223846793005.
# - step: ``state = state * MULT + inc (mod 2**64)``.
# - output of one step, from the state before it:
#   ``x = ((old >> 18) ^ old) >> 27`` truncated to 32 bits, ``rot = old >> 59``,
#   result ``x`` rotated right by ``rot`` (32-bit).
# - seeding with (seed, stream): ``inc = (stream << 1) | 1``; ``state = 0``; one step;
#   ``state += seed``; one step. ``Pcg32(seed)`` uses stream 54, so ``Pcg32(42)`` gives
#   the reference demo's first outputs 0xa15c02b7, 0x7b47f409, ...
# - ``below(n)``, uniform in 0..n-1: ``threshold = (2**32 - n) % n``; draw outputs until one
#   is ``>= threshold``, return it ``% n``.
#
# Python ints are exact on every interpreter (MicroPython and CircuitPython switch to
# arbitrary precision above 30 bits), so masking keeps the arithmetic 64/32-bit everywhere.

try:
    from micropython import const
except ImportError:  # CPython: the names stay
    def const(x):  # type: ignore[misc]
        return x

MASK64 = 0xFFFFFFFFFFFFFFFF
_MASK32 = const(0xFFFFFFFF)
_MULT = const(6364136223846793005)
_STREAM = const(54)


class Pcg32:
    def __init__(self, seed, stream=_STREAM):
        self.inc = ((stream << 1) | 1) & MASK64
        self.state = 0
        self.next()
        self.state = (self.state + seed) & MASK64
        self.next()

    def next(self):
        # The next 32-bit output.
        old = self.state
        self.state = (old * _MULT + self.inc) & MASK64
        x = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((x >> rot) | (x << ((32 - rot) & 31))) & _MASK32

    def below(self, n):
        # Uniform int in 0..n-1 (n >= 1), without modulo bias.
        threshold = (0x100000000 - n) % n
        while True:
            r = self.next()
            if r >= threshold:
                return r % n

    def shuffle(self, items):
        # Fisher-Yates in place: for i from the last index down to 1, swap i with below(i + 1).
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def choice(self, items):
        return items[self.below(len(items))]
