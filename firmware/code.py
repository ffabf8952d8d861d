# CircuitPython entry (copied to CIRCUITPY/code.py): the board's profile builds the
# display, the keys and the encoder; the journal lives on the flash (or in nvm while USB
# owns the drive); then the app runs until the power goes. What only starting needs is
# let go of before the loop, for the heap.

import sys
import time

import supervisor

from boards import select
from firmware.app import App
from firmware.storage_choice import open_journal

profile = select()
app = App(profile, profile.make_display(), profile.make_keys(), open_journal(), profile.make_encoder())
done = ("boards", profile.__name__, "firmware.storage_choice", "firmware.journal", "firmware.crc32")
del select, open_journal, profile
for name in done:
    sys.modules.pop(name, None)
del done
while True:
    app.step(supervisor.ticks_ms())
    time.sleep(0.005)
