"""Start-up choice of where the journal lives, and handing the match over between the two places.

The flash files are the home of the journal. `microcontroller.nvm` stands in while the app cannot
write the flash (the board was powered up with its Back key held, firmware/boot.py, so USB owns
CIRCUITPY): then the running match is copied into the nvm (the files stay readable) and continues
there. At the next
normal start the nvm's match is copied back into the files and the nvm is emptied. So a non-empty nvm
journal is always the newest state, and each copy is one atomic `reset`: a cut in between leaves the
same match in both places, and the next start simply copies it again.
"""

from firmware.journal import Journal
from firmware.slots import FileSlots, NvmSlots

MIN_NVM = 256  # smaller areas cannot hold a useful match


def board_nvm():
    try:
        import microcontroller
        return microcontroller.nvm
    except (ImportError, AttributeError):
        return None


def open_journal(directory="/", nvm=None, writable=None, shrink=None):
    """The journal to use now. `nvm` defaults to microcontroller.nvm where there is one; `writable`
    (whether the app may write the flash) is found out by trying unless given; `shrink` see Journal.

    Every write may raise OSError (JournalFull included): the app should keep running and say that
    the match is not being saved.
    """
    files_store = FileSlots(directory)
    files = Journal(files_store, shrink)
    if nvm is None:
        nvm = board_nvm()
    mem = Journal(NvmSlots(nvm), shrink) if nvm is not None and len(nvm) >= MIN_NVM else None
    if writable is None:
        writable = files_store.writable()
    if writable:
        if mem is not None:
            newer = mem.load()
            if newer:
                try:
                    files.reset(newer)
                    mem.reset([])
                except OSError:
                    return mem  # the flash refused it: go on where the newest match is
        return files
    if mem is None:
        return files  # readable, every write fails: nothing else can be done
    if not mem.load():
        current = files.load()
        if current:
            try:
                mem.reset(current)
            except OSError:  # JournalFull: the match is too big for the nvm
                return files
    return mem
