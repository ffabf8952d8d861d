"""Every text the device shows, English and German, from this one table.

``LANGS`` lists the languages in column order; ``text(key, lang)`` picks a column.
Texts with ``%s``/``%d`` are filled in by the screen. Umlauts are written as such;
the screen falls back to ae/oe/ue/ss where the board's font lacks them (ui.fit).
"""

LANGS = ("en", "de")
LANG_NAMES = ("English", "Deutsch")

TEXTS = {
    # menu and titles
    "menu": ("Menu", "Menü"),
    "continue": ("Scores", "Punktestand"),
    "new_match": ("New match", "Neues Spiel"),
    "history": ("Rounds", "Runden"),
    "stats": ("Statistics", "Statistik"),
    "settings": ("Settings", "Einstellungen"),
    # settings
    "language": ("Language", "Sprache"),
    "limit_chimera": ("Chimera to", "Chimera bis"),
    "limit_tichu": ("Tichu to", "Tichu bis"),
    # new match
    "game": ("Game", "Spiel"),
    "chimera": ("Chimera", "Chimera"),
    "tichu": ("Tichu", "Tichu"),
    "limit": ("Play to", "Spiel bis"),
    "player": ("Player %d", "Spieler %d"),
    "initials": ("Initials...", "Kürzel..."),
    "name": ("Name", "Name"),
    "same_name": ("two players named %s", "zwei Spieler heißen %s"),
    "replace_match": ("End the running match?", "Laufendes Spiel beenden?"),
    # round entry
    "round": ("Round %d", "Runde %d"),
    "edit_round": ("Edit round %d", "Runde %d ändern"),
    "points": ("Points", "Punkte"),
    "out_first": ("Out 1st", "Erster"),
    "double": ("%s 1-2", "%s 1-2"),
    "call_none": ("no call", "keine"),
    "call_tichu": ("Tichu", "Tichu"),
    "call_grand": ("Grand", "Groß"),
    "penalty": ("Wish penalty", "Wunschstrafe"),
    "none": ("none", "keine"),
    "chimera_seat": ("Chimera", "Chimera"),
    "bid": ("Bid", "Gebot"),
    "traps": ("Traps", "Fallen"),
    "attack": ("Attack", "Angriff"),
    "silent": ("Silent hunter", "Stummer Jäger"),
    "treasure": ("Treasure %s", "Schatz %s"),
    "yes": ("yes", "ja"),
    "no": ("no", "nein"),
    "this_round": ("Round", "Runde"),
    "new_totals": ("Total", "Stand"),
    # totals, end, history, statistics
    "to": ("to %d", "bis %d"),
    "tie": ("Tie at the top: play on", "Gleichstand: weiter"),
    "wins": ("%s wins!", "%s gewinnt!"),
    "win": ("%s win!", "%s gewinnen!"),
    "match_over": ("Match over", "Spielende"),
    "no_match": ("No match running", "Kein laufendes Spiel"),
    "no_rounds": ("No rounds yet", "Noch keine Runde"),
    "edit": ("Edit round", "Runde ändern"),
    "undo": ("Undo round", "Runde löschen"),
    "cancel": ("Cancel", "Abbrechen"),
    "bids": ("Bids won/lost", "Gebote gew./verl."),
    "calls": ("Calls made/failed", "Ansagen ok/nicht"),
    "not_saved": ("NOT SAVED", "NICHT GESICHERT"),
    # key hints (the board supplies the key names)
    "hint_round": ("%s: round %d", "%s: Runde %d"),
}


def text(key, lang):
    row = TEXTS.get(key)
    if row is None:
        return key
    return row[lang] if 0 <= lang < len(row) else row[0]
