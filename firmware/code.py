# The app's entry: the drive's code.py puts the app's folder on sys.path and imports this
# module (host_sim/deploy.py writes both). The board's profile builds the
# display, the keys and the encoder; the match is kept in an I2C FRAM if one answers,
# else in microcontroller.nvm, never on CIRCUITPY (firmware/storage_choice.py); then the
# app runs until the power goes. What only starting needs is let go of before the loop,
# for the heap.

import sys
import time

import supervisor

from boards import select
from firmware.app import App
from firmware.storage_choice import find_fram, open_store

profile = select()
store, older = open_store(fram=find_fram(profile))
app = App(profile, profile.make_display(), profile.make_keys(), store, profile.make_encoder(), older)
done = ("boards", profile.__name__, "firmware.storage_choice", "firmware.stores", "firmware.fram_store",
        "firmware.legacy_journal", "firmware.journal", "firmware.crc32", "firmware.book_codec")
del select, open_store, find_fram, profile, older
for name in done:
    sys.modules.pop(name, None)
del done
while True:
    app.step(supervisor.ticks_ms())
    time.sleep(0.005)
