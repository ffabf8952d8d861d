"""Every text on every screen of every board, in both languages, fits its place (host_sim/text_fit.py):
nothing runs off the panel, overlaps another text or is cut, except a cut the screen lets the reader
undo (a form's refusal, shown whole on OK; a form label, shown whole in the title bar)."""

import pytest

from host_sim import text_fit
from host_sim.device import Device
from host_sim.player import BOARDS


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("lang", text_fit.LANGUAGES)
def test_every_text_fits_on_every_board_in_every_language(board, lang):
    found = text_fit.check([board], [lang])
    assert not found, "\n".join("%s: %s" % (w, p) for p, w in sorted(found.items(), key=lambda x: x[1]))


def test_the_check_sees_a_text_off_the_panel_an_overlap_and_a_cut(monkeypatch):
    from firmware import texts

    dev = Device("macropad")
    scr = dev.screen()
    ui = dev.app.ui
    ui.label(scr.group, "a title far too long for this small panel", 0, 0)
    problems = text_fit.problems_on_panel(dev)
    assert any("runs off the 128x64 panel" in p for p in problems)
    assert any("overlaps" in p for p in problems)
    checker = text_fit.Checker()
    monkeypatch.setattr(texts, "CUT", checker.cut)
    assert texts.clip("Wish penalty", 8) == "Wish p.."
    assert texts.clip("Wish penalty", 8, more=True) == "Wish p.."
    assert list(checker.found) == ["cut to 8 characters: 'Wish penalty'"]


def test_a_refusal_cut_in_the_footer_shows_whole_on_ok():
    from host_sim.shots import _refused

    dev = Device("macropad")
    _refused(dev)
    reason = dev.screen().footer(dev.screen().nfoot)[0]
    dev.press("ok")
    assert type(dev.screen()).__name__ == "Message"
    shown = " ".join(dev.screen().lines).split()
    assert shown == reason.split()  # every word, none cut
