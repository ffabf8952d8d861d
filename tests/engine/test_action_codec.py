# Game actions as journal bytes (engine_core/action_codec.py): every kind of action of both games
# comes back exactly, passes and calls are one byte below 32 (one byte on the flash), and bytes
# cut short are refused. Plain asserts: runs under MicroPython too.

from engine_core.action_codec import decode_all, encode, encode_seed

CHIMERA = [
    (0, "pass"), (1, "bid", 20), (2, "bid", 30), (0, "bid", 40),  # C3.2
    (1, "give", (8, 17)), (2, "give", (40,)),  # C4.2
    (0, "play", (24,)), (1, "play", (24, 25, 26, 32, 33, 34, 40, 41)),
    (2, "play", tuple(range(8, 88, 8)) + (100,)),  # a straight of 11
    (0, "play", (40, 48, 56, 64, 108), 72),  # a Pi Ya straight read as a 9 (C5.2)
]
TICHU = [
    (0, "pass"), (1, "grand"), (2, "no_grand"), (3, "tichu"), (2, "gift", 1), (0, "gift", 3),
    (1, "push", (16, 17, 130)),  # T2.3
    (3, "play", (8,)), (0, "play", (8,), None, 7),  # the Mah Jong with a wish (T4.1)
    (2, "play", (40, 48, 56, 64, 120), 72),  # a Phoenix straight read up to 9 (T3.3)
]


def test_every_action_comes_back_exactly():
    for game, actions in (("chimera", CHIMERA), ("tichu", TICHU)):
        for a in actions:
            assert decode_all(game, encode(game, a)) == [a], (game, a)


def test_actions_share_a_payload_and_deals_are_seeds():
    b = encode_seed(3, 0xDEADBEEF) + b"".join(encode("tichu", a) for a in TICHU)
    assert decode_all("tichu", b) == [("seed", 3, 0xDEADBEEF)] + TICHU


def test_passes_calls_and_bids_are_one_byte_below_32():
    for game, actions in (("chimera", CHIMERA), ("tichu", TICHU)):
        for a in actions:
            if a[1] in ("pass", "bid", "grand", "no_grand", "tichu"):
                b = encode(game, a)
                assert len(b) == 1 and b[0] < 32, a


def test_bytes_cut_short_are_refused():
    for game, actions in (("chimera", CHIMERA), ("tichu", TICHU)):
        for a in actions:
            b = encode(game, a)
            for n in range(1, len(b)):
                try:
                    decode_all(game, b[:n])
                except (ValueError, IndexError):
                    continue
                raise AssertionError("%r cut to %d bytes was read" % (a, n))
