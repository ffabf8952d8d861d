"""Switches of mode through a fresh VM (firmware/install.py): the host's model of the board's
supervisor.reload() starts the app again from its store alone, so what comes back is what
the journal holds."""

from firmware.app import fresh_settings
from firmware.keys import DOWN, OK, UP
from firmware.storage.saves import load
from firmware.storage.stores import NvmStore
from host_sim.device import Device
from host_sim.player import choose, human_turn, menu, new_match, play_dealt_round, play_setup, screen_name


def _journal(nvm):
    settings = fresh_settings()
    kept = {}
    book = load(NvmStore(nvm), None, settings, kept)
    return settings, book, kept


def _dealt(game, seed):
    # A dealt match with a human in seat 0 and level-1 bots that do not pause, on an nvm
    # (its bytes: the journal), at its first round's VM.
    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm), seed=seed)
    dev.app.pause_ms = 0
    play_setup(dev, game, humans=(0,), level=1)
    return dev, nvm


def _breakdown_out_of_heap(monkeypatch, dev, times):
    # Importing the round's breakdown runs out of heap ``times`` times (None: always), as
    # when the seventh qstr pool finds no 7.7 KB in one piece; the list has the VM's reloads
    # at each.
    import builtins

    real = builtins.__import__
    failed = []

    def tight(name, *args, **kw):
        if name == "firmware.screens.playscore" and (times is None or len(failed) < times):
            failed.append(dev.app.reloads)
            raise MemoryError("memory allocation failed, allocating 1280 bytes")
        return real(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", tight)
    return failed


def test_a_new_language_comes_back_on_the_menu_after_a_reload_and_only_once():
    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm))
    new_match(dev, "tichu", 500)
    assert dev.app.reloads == 1 and screen_name(dev) == "Totals"
    menu(dev, "Settings")
    dev.press(UP)  # the language: Deutsch
    dev.press(OK)
    assert dev.app.reloads == 2
    assert screen_name(dev) == "Menu" and dev.app.texts.lang == 1 and "Einstellungen" in dev.text()
    settings, book, _ = _journal(nvm)
    assert settings["lang"] == 1 and settings["at"] is None  # the menu only this once
    assert book.game == "tichu" and book.limit == 500
    again = Device("picosystem", NvmStore(nvm))  # a power cut now: the match's totals
    assert screen_name(again) == "Totals"


def test_a_limit_in_the_settings_is_no_switch_of_mode():
    nvm = bytearray(b"\xff" * 4096)
    dev = Device("picosystem", NvmStore(nvm))
    menu(dev, "Settings")
    dev.press(DOWN)
    dev.press(UP)
    dev.press(OK)
    assert dev.app.reloads == 0 and screen_name(dev) == "Menu"


def test_a_dealt_match_starts_in_a_fresh_vm_at_its_table_and_plays_on():
    dev, nvm = _dealt("chimera", 3)
    assert dev.app.reloads == 1
    assert screen_name(dev) in ("Table", "Hand", "Privacy")
    _, book, kept = _journal(nvm)
    assert book.game == "chimera" and kept["seed"] == dev.seeds.given[0]
    d = dev.app.dealt
    assert d.state is not None and d.seed == dev.seeds.given[0]  # dealt again from the journal
    for _ in range(50):  # the bots play on in the new VM
        dev.advance(100)
    assert dev.app.dealt.steps > 0 or screen_name(dev) == "Hand"


def test_each_dealt_round_starts_in_a_fresh_vm_with_room_in_the_journal_and_no_spare_buffer():
    dev, _ = _dealt("tichu", 5)
    store = dev.app.store
    assert dev.app.reloads == 1 and store.spare is None  # the round's VM holds no compaction buffer
    for r in range(2):
        play_dealt_round(dev)
        dev.press(OK)  # the breakdown's OK deals the next round: a fresh VM shows it
        assert dev.app.reloads == 2 + r
        assert screen_name(dev) in ("Table", "Hand", "Privacy")
        assert dev.app.book.rounds() == 1 + r and dev.app.dealt.state is not None
        assert dev.app.store.spare is None
        from firmware.storage.journal import Journal
        assert 4096 - Journal(dev.app.store).cursor()[2] >= 1024  # room for the round
    dev.app.end_session()  # the match is left for another: what comes next compacts
    assert dev.app.store.spare is not None


def test_a_nearly_full_journal_is_compacted_when_a_round_starts():
    dev, nvm = _dealt("chimera", 5)
    from firmware.storage.dealt_codec import Encoder
    from firmware.storage.journal import Journal
    store = NvmStore(nvm)
    j = Journal(store)
    same = Encoder(True).encode(dev.app._settings())  # the settings again: nothing changes
    while 4096 - j.cursor()[2] >= 1024:
        j.append(same)
    again = Device("picosystem", store, seed=5)  # the next VM (a power cut would do the same)
    assert 4096 - Journal(store).cursor()[2] >= 1024 and store.spare is None
    assert screen_name(again) in ("Table", "Hand", "Privacy")


def test_without_a_store_the_switch_stays_in_this_vm():
    dev = Device("picosystem", None)
    menu(dev, "Settings")
    choose(dev, "lang", 1)
    dev.press(OK)
    assert dev.app.reloads == 0 and dev.app.texts.lang == 1 and screen_name(dev) == "Menu"
    new_match(dev, "chimera", 300)
    assert dev.app.reloads == 0


def test_a_screen_the_heap_has_no_room_for_comes_in_a_fresh_vm(monkeypatch):
    # A dealt round's breakdown can need a seventh qstr pool (7.7 KB in one piece) at the
    # round's end: where the heap has none, the journal brings it back in a fresh VM.
    dev, _ = _dealt("chimera", 5)
    failed = _breakdown_out_of_heap(monkeypatch, dev, 1)
    play_dealt_round(dev)
    assert failed and dev.app.reloads == failed[0] + 1
    assert screen_name(dev) == "PlayScore" and dev.app.book.rounds() == 1
    dev.press(OK)  # its OK deals the next round, as ever
    assert dev.app.book.rounds() == 1 and dev.app.dealt.state is not None
    assert screen_name(dev) in ("Table", "Hand", "Privacy")


def test_without_a_store_a_screen_the_heap_has_no_room_for_is_a_memory_error(monkeypatch):
    import builtins

    import pytest

    dev = Device("picosystem")
    real = builtins.__import__

    def tight(name, *args, **kw):
        if name.startswith("firmware.screens."):
            raise MemoryError("memory allocation failed")
        return real(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", tight)
    with pytest.raises(MemoryError):
        dev.press(OK)


def _tichu_round(monkeypatch, fail_at=None):
    # A dealt Tichu round to its breakdown; the bots' ``fail_at``-th question (if given) runs
    # out of heap once, as a bot's search can in a heap left in pieces.
    from engine_core import dealt

    dev, _ = _dealt("tichu", 7)
    asked = []
    real = dealt.Dealt.bot_action

    def tight(self):
        asked.append((dev.app.reloads, self.steps, len(self.actions)))
        if len(asked) == fail_at:
            raise MemoryError("memory allocation failed, allocating 728 bytes")
        return real(self)

    monkeypatch.setattr(dealt.Dealt, "bot_action", tight)
    play_dealt_round(dev)
    monkeypatch.setattr(dealt.Dealt, "bot_action", real)
    return dev, asked


def test_a_bot_that_runs_out_of_heap_plays_on_in_a_fresh_vm_as_it_would_have(monkeypatch):
    calm, _ = _tichu_round(monkeypatch)
    dev, asked = _tichu_round(monkeypatch, fail_at=12)
    reloads, steps, unsaved = asked[11]
    assert unsaved > 0  # the bots' actions not journaled yet: journaled before the fresh VM
    assert dev.app.reloads == calm.app.reloads + 1 and asked[12][0] == reloads + 1
    assert asked[12][1] == steps  # the fresh VM stands where that one stood
    assert screen_name(dev) == "PlayScore" and dev.app.book.deltas == calm.app.book.deltas


def test_a_fresh_vm_that_runs_out_of_heap_before_it_journaled_anything_does_not_start_another(monkeypatch):
    # A breakdown that never fits: the round's VM gives way to a fresh one, which runs out
    # again before it has journaled anything, so the MemoryError stands (no endless reloads).
    import pytest

    dev, _ = _dealt("chimera", 5)
    reloads = dev.app.reloads
    failed = _breakdown_out_of_heap(monkeypatch, dev, None)
    with pytest.raises(MemoryError):
        play_dealt_round(dev)
    assert dev.app.reloads == reloads + 1 and failed == [reloads, reloads + 1]


def test_a_key_the_heap_has_no_room_for_is_pressed_again_in_a_fresh_vm():
    dev, _ = _dealt("tichu", 7)
    assert screen_name(dev) == "Hand"
    dev.press(OK)  # Grand Tichu or not: journaled, with the bots' calls before it
    while screen_name(dev) != "Hand":
        dev.advance(100)
    reloads, steps = dev.app.reloads, dev.app.dealt.steps

    def tight(k):  # this hand's next key, in a heap with no room for what it builds
        raise MemoryError("memory allocation failed, allocating 472 bytes")

    dev.screen().handle = tight
    dev.press(OK)
    assert dev.app.reloads == reloads + 1 and dev.app.dealt.steps == steps  # nothing lost, nothing done
    while screen_name(dev) != "Hand":
        dev.advance(100)
    dev.advance(600)  # past the hand's grace for a late OK
    dev.press(OK)  # pressed again, it goes in
    assert dev.app.dealt.steps > steps


def test_a_screen_whose_first_draw_runs_out_of_heap_comes_in_a_fresh_vm(monkeypatch):
    from firmware import ui

    dev, _ = _dealt("chimera", 5)
    real = ui.Screen.enter
    failed = []

    def tight(self):
        if type(self).__name__ == "PlayScore" and not failed:
            failed.append(dev.app.reloads)
            raise MemoryError("memory allocation failed, allocating 256 bytes")
        return real(self)

    monkeypatch.setattr(ui.Screen, "enter", tight)
    play_dealt_round(dev)
    assert failed and dev.app.reloads == failed[0] + 1 and screen_name(dev) == "PlayScore"


def _menu_out_of_heap(monkeypatch, dev):
    # The menu of the human's plays runs out of heap in every VM (a lead of some 200 plays,
    # a long run in two suits, can leave no room for it); on to that hand. The list has the
    # VM's reloads at each.
    import builtins
    import sys

    real = builtins.__import__
    failed = []

    def tight_menu(columns):
        def tight(hand, claim):
            if hand.due() == ("play", True):
                failed.append(dev.app.reloads)
                raise MemoryError("memory allocation failed, allocating 776 bytes")
            return columns(hand, claim)
        return tight

    def imports(name, *args, **kw):  # each VM loads the menu's code anew: each gets the tight one
        m = real(name, *args, **kw)
        menu = sys.modules.get("firmware.play.menu")
        if hasattr(menu, "columns") and not hasattr(menu.columns, "tight"):
            menu.columns = tight_menu(menu.columns)
            menu.columns.tight = True
        return m

    monkeypatch.setattr(builtins, "__import__", imports)
    while not (screen_name(dev) == "Hand" and dev.screen().due() == ("play", True)):
        if screen_name(dev) == "Hand" and dev.screen().due()[1]:
            human_turn(dev)
        elif screen_name(dev) in ("Privacy", "Message"):
            dev.press(OK)
        else:
            dev.advance(100)
    return failed


def test_without_a_store_a_menu_of_plays_the_heap_has_no_room_for_gives_way_to_choosing_cards(monkeypatch):
    dev = Device("picosystem", seed=7)
    dev.app.pause_ms = 0
    play_setup(dev, "tichu", humans=(0,), level=1)
    assert _menu_out_of_heap(monkeypatch, dev) == [0] and dev.app.reloads == 0
    assert dev.screen().menu() is None


def test_a_menu_of_plays_that_not_even_a_fresh_vm_has_room_for_gives_way_to_choosing_cards(monkeypatch):
    # The round's VM gives way to a fresh one, and where that one has no room either, the
    # hand offers the free selection, in which the play is made as always.
    from firmware.keys import RIGHT

    dev, _ = _dealt("tichu", 7)
    failed = _menu_out_of_heap(monkeypatch, dev)
    assert failed == [failed[0], failed[0] + 1] and dev.app.reloads == failed[0] + 1
    scr = dev.screen()
    assert scr.menu() is None  # the free selection, from the first draw on
    steps = dev.app.dealt.steps
    dev.advance(600)  # past the hand's grace
    dev.press(RIGHT)  # the first legal play holding the card under the cursor
    assert scr.sel
    play = [i for i, it in enumerate(scr.items()) if it[4] is not None and it[4][0] == "play"][0]
    while scr.cursor != play:
        dev.press(DOWN)
    dev.press(OK)
    if screen_name(dev) == "Choice":  # the Mah Jong's wish: none
        dev.press(OK)
    assert dev.app.dealt.steps > steps  # played (and the bots after it)


def test_a_journal_write_that_runs_out_of_heap_in_a_dealt_round_goes_on_in_a_fresh_vm(monkeypatch):
    # The write of a round's end runs out of heap (the journal's code loads for it): no NOT
    # SAVED, the round's VM gives way to a fresh one, which plays the round's end again from
    # the journal, and the match stands as it would have.
    calm, _ = _tichu_round(monkeypatch)
    dev, _ = _dealt("tichu", 7)
    failed = _write_out_of_heap(monkeypatch, dev, lambda data: data is not None and data.get("t") == "round")
    play_dealt_round(dev)
    assert failed and dev.app.reloads == failed[0] + 1 and not dev.app.unsaved
    assert screen_name(dev) == "PlayScore" and dev.app.book.deltas == calm.app.book.deltas


def _write_out_of_heap(monkeypatch, dev, when):
    # The journal's write runs out of heap once, for the first change ``when(data)`` picks
    # (the journal's code loads anew for each write); the list has the app's reloads then.
    import builtins
    import sys

    real = builtins.__import__
    failed = []

    def tight_write(write):
        def tight(store, state, data, dealt=False):
            if not failed and when(data):
                failed.append(dev.app.reloads)
                raise MemoryError("memory allocation failed, allocating 184 bytes")
            return write(store, state, data, dealt)
        tight.tight = True
        return tight

    def imports(name, *args, **kw):
        m = real(name, *args, **kw)
        saves = sys.modules.get("firmware.storage.saves")
        if hasattr(saves, "write") and not hasattr(saves.write, "tight"):
            saves.write = tight_write(saves.write)
        return m

    monkeypatch.setattr(builtins, "__import__", imports)
    return failed


def test_a_new_matchs_first_write_that_runs_out_of_heap_leaves_the_last_match_as_it_was(monkeypatch):
    # A new dealt match's first write (the journal's reset) runs out: a fresh VM comes back to
    # what the journal holds, the last match with its rounds, and the new one is set up again.
    dev, nvm = _dealt("tichu", 7)
    play_dealt_round(dev)
    dev.press(OK)  # the next round, in a fresh VM
    rounds, reloads = len(dev.app.book.deltas), dev.app.reloads
    failed = _write_out_of_heap(monkeypatch, dev, lambda data: data is None)
    play_setup(dev, "chimera", humans=(0,), level=1)
    assert failed and dev.app.reloads == reloads + 1 and not dev.app.unsaved
    assert dev.app.book.game == "tichu" and len(dev.app.book.deltas) == rounds == 1
    assert _journal(nvm)[1].game == "tichu"


def test_a_settings_write_that_runs_out_of_heap_in_a_dealt_match_is_not_saved_until_the_next(monkeypatch):
    # Only this VM holds a change of the settings: NOT SAVED (no fresh VM, which would not
    # have it), and the next write has it.
    dev, nvm = _dealt("tichu", 7)
    app = dev.app
    reloads = app.reloads
    failed = _write_out_of_heap(monkeypatch, dev,
                                lambda data: data is not None and data.get("t") == "settings")
    app.settings["tichu"] = 1500
    app.record(app._settings())
    assert failed and app.unsaved and app.reloads == reloads and not app.reloading
    app.record(app._settings())
    assert not app.unsaved and _journal(nvm)[0]["tichu"] == 1500
