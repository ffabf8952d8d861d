# The app's entry: the drive's code.py puts the app's folder on sys.path and imports this
# module (host_sim/deploy.py writes both). The board's profile builds the
# display, the keys and the encoder; the match is kept in an I2C FRAM if one answers,
# else in microcontroller.nvm, never on CIRCUITPY (firmware/storage/choice.py); then the
# app runs until the power goes, or until a switch of mode reloads it in a fresh VM
# (firmware/install.py: the panel is dark from the reload until the first frame of the
# new VM). What only starting needs is let go of before the loop, for the heap.

import time

import supervisor

from boards import select
from firmware.app import App
from firmware.install import drop, light, reload
from firmware.storage.choice import find_fram, open_store

profile = select()
store, older = open_store(fram=find_fram(profile))
display = profile.make_display()
app = App(profile, display, profile.make_keys(), store, profile.make_encoder(), older)
app.on_reload = lambda: reload(display)
done = ("boards", profile.__name__, "firmware.storage.choice", "firmware.storage.stores",
        "firmware.storage.fram_store", "firmware.storage.legacy_journal", "firmware.storage.journal",
        "firmware.storage.crc32", "firmware.storage.book_codec")
del select, open_store, find_fram, profile, older
drop(done)  # (the drive install's heap; frozen, they stay)
del done, drop
app.step(supervisor.ticks_ms())  # the first frame, then the backlight (dark after a reload)
light(display)
del light
while True:
    app.step(supervisor.ticks_ms())
    time.sleep(0.005)
