# A switch of mode goes through a fresh VM: a new score-keeper match, a dealt match of
# either game (new, or cards for the running match), each dealt round and a new language;
# so does a step the heap has no room for (App._no_room). The change is
# journaled first; then, at the end of the main loop's pass, CircuitPython's
# supervisor.reload() ends this VM and runs code.py again in a new one. That frees what
# no gc.collect() can: every interned name (about 28 KB after a session, growing with
# every screen ever opened), every module, and the gaps a long session left in the heap.
# The new VM reads the journal as after a power cut (it resumes any state) and shows what
# App.home() shows: the running match's table or totals; after a new language, the menu
# (the settings payload journals that as "at": see app.py).
#
# Where the screen to come back is kept: in the journal. The RP2040 keeps no RAM for
# Python across a reload (alarm.sleep_memory is "not available" in its port), CIRCUITPY is
# read-only to code.py, supervisor.runtime has no field for it, and set_next_code_file
# only names a file. Only a new language needs more than the journal says, and it is
# journaled anyway (its settings payload), so the hint costs no write of its own.
#
# A switch is not made through a reload when the journal would not bring everything back:
# without a store, or after a write that failed (NOT SAVED). Then the app goes on in this
# VM as before.
#
# What the panel shows (CircuitPython 10: main.c cleanup_after_vm -> reset_displays ->
# reset_busdisplay puts the board's display back on the terminal with auto-refresh on):
# the LCD boards would show the terminal ("code.py output:") until the new VM's first
# frame, so the backlight is turned off before the reload (``dim``) and back on once
# the first frame of the new VM is on the panel (``light``); the display itself persists
# across a reload (its bus is moved out of the heap) and is reused (boards/). An e-paper
# panel is refreshed only when asked: it keeps showing the last screen until the new
# VM's first refresh.


def switch(app):
    # Ask for a fresh VM once the main loop's pass is over; False if this VM must go on.
    if app.store is None or app.unsaved:
        return False
    app.reloading = app.reloading or True  # (MemoryError stays: App._no_room)
    return True


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
