# Board profiles: one module per board, data plus a small constructor each.
#
# A profile names its panel (WIDTH, HEIGHT, DEPTH bits per pixel, PAPER for a light
# e-paper theme, REFRESH_MS the least time between refreshes), maps its keys (KEYMAP:
# per keypad key number a (tap, hold) pair of logical keys, see firmware/keys.py), names
# them (LABELS, for the legend; HINTS, the key names screens print), and builds the
# hardware: make_display(), make_keys(), make_encoder(), make_i2c() (the bus an FRAM may
# sit on, or None). LIBS lists the Adafruit
# libraries `make deploy` copies for it; SIM_KEYS the keyboard keys of the simulator.

IDS = ("picosystem", "pico_display_pack", "macropad", "badger2040")

# CircuitPython's board.board_id -> profile. A plain Pico is taken to carry the Display Pack.
BY_BOARD_ID = {
    "pimoroni_picosystem": "picosystem",
    "raspberry_pi_pico": "pico_display_pack",
    "raspberry_pi_pico_w": "pico_display_pack",
    "adafruit_macropad_rp2040": "macropad",
    "pimoroni_badger2040": "badger2040",
}


def load(name):
    if name not in IDS:
        raise ValueError("unknown board %s; one of: %s" % (name, ", ".join(IDS)))
    return __import__("boards." + name, None, None, ["ID"])


def select():
    # The profile for the board this runs on; else the first profile that was deployed.
    try:
        import board
        name = BY_BOARD_ID.get(board.board_id)
        if name is not None:
            return load(name)
    except (ImportError, AttributeError):
        pass
    for name in IDS:
        try:
            return load(name)
        except ImportError:
            pass
    raise ImportError("no board profile on this device")
