"""Texts: every text the firmware shows is in the one table (firmware/texts.tsv) with a German
column, and letters the board's font lacks are spelled out."""

import ast
import os

from firmware.texts import TABLE, Texts, key, languages
from firmware.ui import Ui
from host_sim.stubs.terminalio import ASCII, Font

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
    assert t.get("New match") == "New match" and t.table is None  # English keeps no table
    t.use(1)
    assert t.get("New match") == "Neues Spiel"
    assert t.get("Round %d") % 3 == "Runde 3"
    assert t.get("not in the table") == "not in the table"
    assert t.get("Round") == "Runde" and t.get("Rounds") == "Runden"  # whole keys only


def test_letters_the_font_lacks_are_spelled_out():
    full = Ui(240, 240, 16, font=Font())
    ascii_only = Ui(240, 240, 16, font=Font(ASCII))
    assert full.fit("Stummer Jäger") == "Stummer Jäger"
    assert ascii_only.fit("Stummer Jäger, Größe") == "Stummer Jaeger, Groesse"
    assert ascii_only.fit("€") == "?"
