"""A few dealt plays on CircuitPython's own firmware (issue 26): a dealt Chimera match
against level-3 bots set up through the keys, the bidding and the first plays of the
round, on the emulated PicoSystem and the simulator key for key (host_sim/emu/lockstep.py:
the board deals from os.urandom, the simulator takes the seed from the board's journal).
Before every key the board's panel must come to show exactly the simulator's. Whole
rounds and matches on every board, in both languages: make emu-check."""

from host_sim.emu.lockstep import dealt_match, play_round


def test_a_dealt_chimeras_first_plays_draw_the_simulators_frames_key_for_key():
    step = dealt_match("picosystem", "chimera")
    try:
        turns = play_round(step, turns=3)
        emu = step.emu
        assert emu.traceback() is None, emu.traceback()
        assert turns == 3
        assert step.seeds.given, "the simulator dealt the board's round"
        assert step.checks >= 10
        assert step.mismatches == []
        names = [s[0] for s in emu.screens]
        assert "table" in names and "hand" in names  # the round is dealt and played on the board
    finally:
        step.emu.close()
