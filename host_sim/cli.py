"""What the `python -m host_sim` commands share on their command line: a mistake is one line
on stderr and exit status 2, said before anything is written; --help says the rest."""

import argparse
import os
import sys


class Parser(argparse.ArgumentParser):
    """argparse, with a mistake said in one line (argparse's own error() prints the usage
    first) that points to --help."""

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
