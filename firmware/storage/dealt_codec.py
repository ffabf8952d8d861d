# A dealt match in the journal (firmware/storage/journal.py), beside the score book's payloads.
#
# The match starts as any other: settings, then the score book's "new". A "dealt"
# payload follows it ({"t": "dealt", "game", "levels", "first_dealer"}: who sits where);
# from there on a payload is either the raw bytes of game actions
# (engine_core/action_codec.py: a round's seed, then its actions, several to a payload),
# or a score-book payload behind the byte ESCAPE (a finished round's sheet line, the
# settings, ...). Raw actions keep a pass or a call at one byte, which the journal stores
# as a one-byte frame; ESCAPE is a head byte action_codec never writes (its extended verb
# always has flags), so the two kinds cannot be mistaken for each other.
#
# Both directions are small state machines over the payloads in journal order, so a
# snapshot (settings, new, dealt, rounds, the round in progress) reads back as the
# appends that made it.

from firmware.storage.book_codec import decode as book_decode, encode as book_encode

ESCAPE = 28  # action_codec: seat 0, verb EXT (7), no flags


class Encoder:
    # ``dealt``: the journal being appended to already holds a dealt match's seats.

    def __init__(self, dealt=False):
        self.dealt = dealt

    def encode(self, p):
        kind = p.get("t")
        if kind == "actions":
            if not self.dealt:
                raise ValueError("actions outside a dealt match")
            return bytes(p["b"])
        b = book_encode(p)
        if self.dealt:
            b = bytes((ESCAPE,)) + b
        self._saw(kind)
        return b

    def _saw(self, kind):
        if kind == "dealt":
            self.dealt = True
        elif kind == "new":
            self.dealt = False


class Decoder(Encoder):
    def decode(self, b):
        # The payload dict of journaled bytes: a score-book payload, or {"t": "actions",
        # "b": bytes} inside a dealt match. ValueError if the bytes are neither.
        b = bytes(b)
        if self.dealt:
            if not b:
                raise ValueError("empty payload")
            if b[0] != ESCAPE:
                return {"t": "actions", "b": b}
            b = b[1:]
        p = book_decode(b)
        self._saw(p.get("t"))
        return p
