# How the app is installed, and what only the drive install does for its heap.
#
# Two installs run this one code base:
# - frozen (make uf2): the app is compiled into the firmware. Its bytecode, constants and
#   names live in flash; importing every module of a dealt Tichu round holds about 25 KB
#   of heap where the same modules as .mpy files on CIRCUITPY hold about 116 KB (the
#   emulated Pico, docs/heap.md). The app keeps its modules and stays in one VM.
# - the drive (make deploy, make bundle onto a stock CircuitPython): every module read
#   into the heap. To fit, the app (1) drops the modules only screens use whenever the
#   screen on top changes, the journal's code after each write and the bots' after each
#   decision, and imports them again when next needed; (2) switches modes through a fresh
#   VM (a new match, each dealt round, a new language): supervisor.reload() ends the VM
#   and runs code.py again, which frees what no gc.collect() can: every interned name
#   (about 28 KB after a session), every module and the gaps a long session left. The new
#   VM reads the journal as after a power cut and shows what App.home() shows: the running
#   match's table or totals; after a new language, the menu (its settings payload
#   journals that as "at", firmware/app.py).
# A step the heap has no room for (a MemoryError) gives way to a fresh VM in both installs
# (App._no_room): the frozen one has not been seen to need it, and the journal brings
# everything back either way.
#
# Frozen modules carry their path inside the firmware as __file__ ("firmware/install.py");
# a module read from the drive, or on the desktop, carries an absolute one. The
# simulator sets FROZEN itself to play either install.
#
# Where the screen to come back is kept across a reload: in the journal. The RP2040
# keeps no RAM for Python across a reload (alarm.sleep_memory is "not available" in its
# port), CIRCUITPY is read-only to code.py, supervisor.runtime has no field for it, and
# set_next_code_file only names a file.
#
# What the panel shows across a reload (CircuitPython 10: main.c cleanup_after_vm ->
# reset_displays puts the board's display back on the terminal with auto-refresh on): the
# LCD boards would show the terminal until the new VM's first frame, so the backlight is
# turned off before the reload (``dim``) and back on once the new VM's first frame is on
# the panel (``light``); the display itself persists across a reload (its bus is moved
# out of the heap) and is reused (boards/). An e-paper panel keeps showing the last screen
# until the new VM's first refresh.

import sys


def frozen(path):
    # Whether a module whose __file__ is ``path`` was frozen into the firmware.
    return path[:1] not in "/\\" and path[1:2] != ":"


FROZEN = frozen(__file__)


def drop(names):
    # The drive install forgets these modules (their package keeps a reference as well). A
    # name ending in "." or "_" stands for every module it begins. Which modules go when:
    # firmware/app.py (its *_MODULES; not here, for the drive's names: docs/heap.md).
    # Whole names are looked up, not searched for: a write that just ran out of heap drops
    # the journal's code this way, and the list of every module's name would need heap too.
    if FROZEN:
        return
    search = False
    for prefix in names:
        if prefix[-1] in "._":
            search = True
        elif prefix in sys.modules:
            _forget(prefix)
    if search:
        for name in list(sys.modules):
            for prefix in names:
                if prefix[-1] in "._" and name.startswith(prefix):
                    _forget(name)
                    break


def _forget(name):
    del sys.modules[name]
    cut = name.rfind(".")
    if cut < 0:  # a top-level module (boards): no package holds it
        return
    parent = sys.modules.get(name[:cut])
    leaf = name[cut + 1:]
    if parent is not None and hasattr(parent, leaf):
        delattr(parent, leaf)


def fresh_vm(app):
    # Ask for a fresh VM once the main loop's pass is over; False if this VM must go on:
    # without a store, or after a write that failed (NOT SAVED), the journal would not
    # bring everything back.
    if app.store is None or app.unsaved:
        return False
    app.reloading = app.reloading or True  # (MemoryError stays: App._no_room)
    return True


def switch(app):
    # A switch of mode: through a fresh VM on the drive install (above); False when the
    # app goes on in this VM (frozen, or fresh_vm says no).
    return not FROZEN and fresh_vm(app)


def dim(display):
    # Backlight off (LCD boards); a panel without one (e-paper, OLED) keeps its image.
    try:
        display.brightness = 0
    except (AttributeError, RuntimeError, ValueError, NotImplementedError):
        pass


def light(display):
    try:
        if display.brightness < 1:
            display.brightness = 1
    except (AttributeError, RuntimeError, ValueError, NotImplementedError):
        pass


def reload(display):
    # The board's reload (firmware/code.py): dark panel, then a fresh VM. reload() only
    # schedules the VM's end; it comes at the interpreter's next check, in the sleep.
    import time

    import supervisor

    dim(display)
    supervisor.reload()
    while True:
        time.sleep(0.01)
