"""What the `python -m host_sim` commands share on their command line: a mistake is one line
on stderr and exit status 2, said before anything is written; --help says the rest."""

import argparse
import os
import sys

from engine_core.prng import MASK64

# The seeds the engine's PRNG tells apart: Pcg32 adds its seed to a 64-bit state
# (engine_core/prng.py), so a larger one would only stand for another.
SEED_MAX = MASK64


def seed(text):
    """The argparse type of every command's --seed: a whole number 0 .. SEED_MAX written in
    decimal digits; anything else (a sign, a number the PRNG would silently take modulo 2**64)
    is refused with an ArgumentTypeError, which Parser says in one line."""
    digits = text.lstrip("0") or "0"
    if not (text.isascii() and text.isdigit()) or len(digits) > 20 or int(digits) > SEED_MAX:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to %d (2**64 - 1, what the "
                                         "engine's PRNG takes), not %s" % (SEED_MAX, shown))
    return int(digits)


class Parser(argparse.ArgumentParser):
    """argparse, with a mistake said in one line (argparse's own error() prints the usage
    first) that points to --help. A --seed option of any command takes ``seed`` as its type,
    whatever type it was declared with: one range of seeds everywhere."""

    def add_argument(self, *names, **kw):
        if "--seed" in names:
            kw["type"] = seed
        return super().add_argument(*names, **kw)

    def error(self, message):
        self.exit(2, "%s: error: %s (%s --help says more)\n" % (self.prog, message, self.prog))


def fail(name, message, code=2):
    """Say ``message`` as ``name``'s one line on stderr; returns ``code``."""
    print("%s: %s" % (name, message), file=sys.stderr)
    return code


def folder_problem(path):
    """Why files cannot be written into the folder ``path`` (made if missing), or None: it is
    a file, a file stands where a parent folder should be, or the first folder that exists
    on the way is not writable."""
    if os.path.exists(path):
        if not os.path.isdir(path):
            return "%s is a file, not a folder" % path
        return None if os.access(path, os.W_OK | os.X_OK) else "%s is not writable (permission denied)" % path
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        return "%s cannot be made: %s is a file" % (path, parent)
    if not os.access(parent, os.W_OK | os.X_OK):
        return "%s cannot be made: %s is not writable (permission denied)" % (path, parent)
    return None


def new_file_problem(path, replace=True):
    """Why the file ``path`` cannot be written, or None: its folder is missing or is no
    folder, it is a folder, permission is lacking; ``replace`` False: it exists already."""
    parent = os.path.dirname(path) or "."
    if os.path.isdir(path):
        return "%s is a folder" % path
    if not os.path.exists(parent):
        return "folder %s does not exist" % parent
    if not os.path.isdir(parent):
        return "%s is not a folder" % parent
    if os.path.exists(path):
        if not replace:
            return "%s exists already (nothing is written over: name a new file)" % path
        return None if os.access(path, os.W_OK) else "%s is not writable (permission denied)" % path
    if not os.access(parent, os.W_OK | os.X_OK):
        return "folder %s is not writable (permission denied)" % parent
    return None
