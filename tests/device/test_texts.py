"""Texts: every text the firmware shows is in the one table (firmware/texts.tsv) with a German
column, and letters the board's font lacks are spelled out."""

import ast
import os

import pytest

from firmware import texts
from firmware.texts import KEY, TABLE, Texts, key, languages
from firmware.ui import Ui
from host_sim.stubs.terminalio import ASCII, GERMAN, Font

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _shown_texts():
    """The literal English texts passed to t(...) anywhere in firmware/."""
    found = set()
    for here, _, files in os.walk(os.path.join(ROOT, "firmware")):
        for f in files:
            if not f.endswith(".py"):
                continue
            tree = ast.parse(open(os.path.join(here, f)).read())
            for node in ast.walk(tree):
                name = getattr(node, "func", None)
                name = getattr(name, "attr", getattr(name, "id", None))
                if isinstance(node, ast.Call) and name == "t" and node.args:
                    arg = node.args[0]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.add(arg.value)
                    elif isinstance(arg, ast.IfExp):
                        found.update(x.value for x in (arg.body, arg.orelse) if isinstance(x, ast.Constant))
    return found


def _table():
    with open(TABLE, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def test_the_table_has_every_text_once_in_every_language():
    rows = _table()
    assert rows[0] == languages() == ["English", "Deutsch"]
    english = [r[0] for r in rows[1:]]
    assert len(english) == len(set(english))
    assert all(len(r) == 2 and r[1] for r in rows)
    shown = _shown_texts()
    assert len(shown) > 40
    assert sorted(shown - set(english)) == []
    for r in rows[1:]:  # the same placeholders in the translation
        assert r[0].count("%s") == r[1].count("%s") and r[0].count("%d") == r[1].count("%d"), r


def test_no_two_texts_of_the_table_share_a_key():
    english = [r[0] for r in _table()[1:]] + sorted(_shown_texts())
    keys = {}
    for en in english:
        keys.setdefault(key(en), set()).add(en)
    assert [v for v in keys.values() if len(v) > 1] == []


def test_lookup_in_the_chosen_language():
    t = Texts(0)
    assert t.get("New match") == "New match" and t.keys is None  # English keeps no index
    t.use(1)
    assert t.get("New match") == "Neues Spiel"
    assert t.get("Round %d") % 3 == "Runde 3"
    assert t.get("not in the table") == "not in the table"
    assert t.get("Round") == "Runde" and t.get("Rounds") == "Runden"  # whole keys only
    t.use(0)
    assert t.get("New match") == "New match" and t.keys is None and t.file is None


def test_the_index_holds_a_key_and_an_offset_per_row_and_reads_the_first_and_last_rows():
    rows = _table()[1:]
    t = Texts(1)
    assert len(t.keys) == KEY * len(rows) and len(t.at) == 2 * (len(rows) + 1)
    assert t.file is None  # nothing read yet
    assert t.get(rows[0][0]) == rows[0][1] and t.get(rows[-1][0]) == rows[-1][1]
    assert t.file is not None  # kept open for the next text, until close()
    t.close()
    assert t.file is None
    assert [t.get(r[0]) for r in rows] == [r[1] for r in rows]
    t.close()


def test_the_table_stays_within_the_index_reach():
    # The index keeps a row's place in 2 bytes: a longer table would lose its last rows.
    assert os.path.getsize(TABLE) <= 0xFFFF


def test_a_text_missing_from_the_table_reads_nothing():
    t = Texts(1)
    assert t.get("not in the table") == "not in the table" and t.file is None
    assert t.get("") == ""


def _tiny_table(tmp_path, monkeypatch, text):
    path = tmp_path / "texts.tsv"
    path.write_bytes(text.encode())
    monkeypatch.setattr(texts, "TABLE", str(path))
    return path


def test_a_key_two_texts_share_never_shows_the_wrong_text(tmp_path, monkeypatch):
    _tiny_table(tmp_path, monkeypatch, "English\tDeutsch\nYes\tJa\nNo\tNein\nMaybe\n")
    monkeypatch.setattr(texts, "_key", lambda utf8: b"ab")  # every text the same key
    t = Texts(1)
    assert t.keys == b"ab" * 3
    assert (t.get("Yes"), t.get("No"), t.get("Other")) == ("Ja", "Nein", "Other")
    assert t.get("Maybe") == "Maybe"  # a row without a translation shows in English
    t.close()


def test_a_key_is_found_whole_not_across_two_keys(tmp_path, monkeypatch):
    _tiny_table(tmp_path, monkeypatch, "English\tDeutsch\nYes\tJa\nNo\tNein\n")
    made = {b"Yes": b"ab", b"No": b"cd", b"Other": b"bc"}  # "bc" in "abcd", but no row's key
    monkeypatch.setattr(texts, "_key", lambda utf8: made[utf8])
    t = Texts(1)
    assert t.keys == b"abcd"
    reads = []
    monkeypatch.setattr(t, "_row", lambda at, i, en: reads.append(i))
    assert t.get("Other") == "Other" and reads == []


@pytest.mark.parametrize("block", [1, 5, 16, 256])
@pytest.mark.parametrize("end", ["\n", ""])
def test_the_index_read_in_blocks_is_the_tables_lines(tmp_path, monkeypatch, block, end):
    # texts.py reads the table a block at a time (lines come a byte at a time on the board):
    # a row cut by a block's edge, an empty line and a last line without its newline.
    text = "English\tDeutsch\nYes\tJa\n\nNo\tNein\r\nA longer text\tEin längerer Text" + end
    _tiny_table(tmp_path, monkeypatch, text)
    monkeypatch.setattr(texts, "_BLOCK", block)
    t = Texts(1)
    data = text.encode()
    starts = [data.index(b"Yes"), data.index(b"No"), data.index(b"A longer")]
    assert t.keys == b"".join(texts.key(w) for w in ("Yes", "No", "A longer text"))
    assert [t.at[2 * i] | t.at[2 * i + 1] << 8 for i in range(4)][:3] == starts
    assert (t.get("Yes"), t.get("No"), t.get("A longer text")) == ("Ja", "Nein", "Ein längerer Text")
    t.close()


@pytest.mark.parametrize("block", [3, 256])
def test_the_index_ends_before_the_first_row_beyond_its_reach(tmp_path, monkeypatch, block):
    text = "English\tDeutsch\nYes\tJa\nNo\tNein\nMaybe\tVielleicht\n"
    _tiny_table(tmp_path, monkeypatch, text)
    monkeypatch.setattr(texts, "_BLOCK", block)
    monkeypatch.setattr(texts, "_END", text.index("Maybe") + 3)  # "Maybe"'s row ends beyond
    t = Texts(1)
    assert t.keys == texts.key("Yes") + texts.key("No")
    assert (t.get("No"), t.get("Maybe")) == ("Nein", "Maybe")
    t.close()


def test_a_table_that_cannot_be_read_or_changed_since_shows_english(tmp_path, monkeypatch):
    path = _tiny_table(tmp_path, monkeypatch, "English\tDeutsch\r\nYes\tJa\r\n\r\nNo\tNein\r\n")
    t = Texts(1)
    assert (t.get("Yes"), t.get("No")) == ("Ja", "Nein")  # CR LF and empty lines as well
    t.close()
    path.write_bytes(b"English\tDeutsch\nNo\tNein\nYes\tJa\n")  # rows moved: the index is stale
    assert (t.get("Yes"), t.get("No")) == ("Yes", "No")
    path.write_bytes(b"x" * 27 + b"No\t\xff\xff\xff\xff\r\n")  # the row "No", its German not UTF-8
    t.close()
    assert t.get("No") == "No" and t.file is None
    path.unlink()
    t.close()
    assert (t.get("Yes"), t.get("No")) == ("Yes", "No") and t.file is None
    t.use(1)  # no table at all
    assert t.lang == 1 and t.keys is None and t.get("Yes") == "Yes"


def test_a_pass_reads_a_text_once_and_keeps_nothing_after_it(monkeypatch):
    rows = _table()[1:]
    t = Texts(1)
    reads = []
    row = t._row
    monkeypatch.setattr(t, "_row", lambda at, i, utf8: reads.append(i) or row(at, i, utf8))
    asked = [t.get("Round %d"), t.get("New match"), t.get("Round %d")]
    assert asked == ["Runde %d", "Neues Spiel", "Runde %d"]
    assert len(reads) == 2
    t.close()
    assert t.seen is None and t.file is None
    assert t.get("Round %d") == "Runde %d" and len(reads) == 3  # a new pass reads it again
    assert [t.get(r[0]) for r in rows] == [r[1] for r in rows]  # more texts than a pass keeps
    assert len(t.seen) <= texts._SEEN
    t.close()


def test_the_app_lets_the_table_go_after_each_pass():
    from host_sim import player as pl
    from host_sim.device import Device

    dev = Device("picosystem")
    pl.menu(dev, "Settings")
    pl.choose(dev, "lang", 1)
    dev.press("ok")
    assert dev.app.texts.lang == 1 and "Einstellungen" in dev.text()
    dev.press("menu")
    assert "Neues Spiel" in dev.text() and dev.app.texts.file is None


def test_letters_the_font_lacks_are_spelled_out():
    full = Ui(240, 240, 16, font=Font(ASCII + GERMAN))  # a German build's font
    ascii_only = Ui(240, 240, 16, font=Font())  # the English builds the boards run
    assert full.fit("Stummer Jäger") == "Stummer Jäger"
    assert ascii_only.fit("Stummer Jäger, Größe") == "Stummer Jaeger, Groesse"
    assert ascii_only.fit("€") == "?"


def test_a_translated_text_is_measured_as_the_panel_spells_it():
    # The English builds' font has no "ä": the text a screen lays out is the one it draws
    # (the emulated PicoSystem drew "Bot-Staerke" over its value, laid out for "Bot-Stärke").
    ui = Ui(240, 240, 16, font=Font())
    t = Texts(1, ui.fit)
    assert t.get("Bot level") == "Bot-Staerke"
    assert Texts(1).get("Bot level") == "Bot-Stärke"


def test_a_name_and_its_card_or_count_stay_on_one_line():
    # Issue 28: "Got: Ben 9p, Carla / As, David 5p". Words joined by NBSP wrap as one word
    # (unless together longer than a line: then as words); every line and every clip()
    # has plain spaces, never the mark (the boards' fonts draw it as "?").
    from firmware.texts import NBSP, clip, wrap

    got = "Got: " + ", ".join(n + NBSP + c for n, c in (("Ben", "9p"), ("Carla", "As"), ("David", "5p")))
    assert wrap(got.replace(NBSP, " "), 20, 0) == ["Got: Ben 9p, Carla", "As, David 5p"]  # without it
    assert wrap(got, 20, 0) == ["Got: Ben 9p,", "Carla As, David 5p"]
    seats = "Ben" + NBSP + "14" + NBSP + "Ch20, Carla" + NBSP + "11"
    assert wrap(seats, 20, 0) == ["Ben 14 Ch20,", "Carla 11"]
    assert wrap(seats, 20, 2) == ["Ben 14 Ch20,", "Carla 11"] and wrap(seats, 20, 3)[2] == ""
    assert wrap(seats, 10, 1) == ["Ben 14 C.."]  # what does not fit: cut, plain spaces
    assert wrap("a" + NBSP + "b" * 12 + NBSP + "c d", 10, 0) == ["a", "bbbbbbbbbb", "bb c d"]
    assert clip(seats, 40) == "Ben 14 Ch20, Carla 11" and clip("Ben" + NBSP + "12", 6) == "Ben 12"
    for cols in range(3, 30):
        for n in (0, 1, 2, 4):
            assert not [x for x in wrap(got + " " + seats, cols, n) if NBSP in x], (cols, n)


def test_words_joined_longer_than_a_line_keep_the_first_ones_together():
    # Issue 28, the table's "What happened" on 19 columns: each happening's words are joined
    # (NBSP); one longer than a line was broken into loose words, and its name ended the
    # line before: "Ben passes. Carla:" / "straight 7-11.". As many of its words as fit
    # now stay on one line, from the first: the name with its play.
    from firmware.texts import NBSP, wrap

    said = ". ".join([p.replace(" ", NBSP) for p in ("Ben passes", "Carla: straight 7-11", "David passes")])
    assert wrap(said, 19, 0) == ["Ben passes.", "Carla: straight", "7-11. David passes"]
    assert wrap(said, 30, 0) == ["Ben passes.", "Carla: straight 7-11.", "David passes"]  # whole: fits
    assert wrap("Ben" + NBSP + "Chimera-Angriff", 12, 0) == ["Ben", "Chimera-Angr", "iff"]  # too long: cut


def test_the_keys_are_named_in_the_language_set():
    # Issue 28: the MacroPad's hints stayed English in German ("Knob: sichern"). Every
    # board's key names that are words have their German row, and the app names the keys
    # in the language set, also after a change of language in place.
    from boards import load
    from host_sim import player as pl
    from host_sim.device import Device
    from host_sim.player import BOARDS

    german = dict((r[0], r[1]) for r in _table()[1:])
    for board in BOARDS:
        for name in load(board).HINTS.values():
            assert len(name) == 1 or name in german, (board, name)  # a single letter is the same
    dev = Device("macropad")
    pl.menu(dev, "Settings")
    assert "Knob: save" in dev.texts()
    pl.choose(dev, "lang", 1)
    dev.press("ok")
    assert {k: dev.app.t(v) for k, v in dev.app.hints.items()} == \
        {k: german.get(v, v) for k, v in load("macropad").HINTS.items()}
    pl.menu(dev, "Settings")
    assert "Knopf: sichern" in dev.texts() and german["Key10"] == "Taste10"
