"""`python -m host_sim shot --keys`: a scripted OK right after the hand came up by itself is
not swallowed by the hand's grace time (firmware/screens/hand.py GRACE, meant for an OK pressed
for the table): the keys wait it out, as a person reading the cards does (a maker's trial found
"down*2 ok ok ok" stuck on the Grand Tichu question)."""

from host_sim import shot
from host_sim.device import Device
from host_sim.player import screen_name


def test_the_keys_wait_out_the_hands_grace_as_a_person_does(tmp_path, capsys):
    # Play (Tichu, a human in seat 1), then: no Grand Tichu, OK on what came, and the push
    dev = Device("picosystem")
    shot.press_keys(dev, "down*2 ok ok")
    assert screen_name(dev) == "Hand" and "Push" in dev.text(), dev.text()
    out = tmp_path / "s.png"
    assert shot.main(["--board", "picosystem", "--keys", "down*2 ok ok", "--out", str(out)]) == 0
    assert "Hand after 4 presses" in capsys.readouterr().out and out.stat().st_size > 0
