# Raspberry Pi Pico with the Pimoroni Pico Display Pack: 240x135 ST7789 colour LCD,
# four buttons A, B (left of the screen) and X, Y (right).
#
# Pins (Pimoroni's pinout, "front" SPI slot): SCK GP18, MOSI GP19, CS GP17, DC GP16,
# backlight GP20; buttons A GP12, B GP13, X GP14, Y GP15, active low. The panel is the
# 1.14" ST7789 window at column 53, row 40 of the controller's memory, turned to landscape.
# With four buttons, LEFT/RIGHT (the next/previous field of a form) and MENU come from
# holding a button; so does BOMB (the dealer mode's bomb out of turn: hold B).

from firmware.keys import BACK, BOMB, DOWN, LEFT, MENU, OK, RIGHT, UP

ID = "pico_display_pack"
BOARD_ID = "raspberry_pi_pico"
FLASH_MB = 2  # the board's flash: make uf2 sizes the CIRCUITPY drive to it
NAME = "Raspberry Pi Pico + Pimoroni Pico Display Pack"
WIDTH = 240
HEIGHT = 135
DEPTH = 16
PX_PER_MM = 9.6  # 1.14" panel: 240 px over 25 mm
PAPER = False
REFRESH_MS = 0
LIBS = ("adafruit_fram",)  # the panel is a busdisplay.BusDisplay (boards/pico_display_pack_panel.py)

KEYMAP = ((OK, MENU), (BACK, BOMB), (UP, RIGHT), (DOWN, LEFT))
LABELS = ("A", "B", "X", "Y")
SIM_KEYS = ("a", "b", "x", "y")
HINTS = {OK: "A", BACK: "B", MENU: "hold A", BOMB: "hold B"}


def make_display():
    # The display made at power-up lives on across a reload (firmware/install.py) as
    # supervisor.runtime.display: taken again, the panel is not set up anew (no flash).
    # Making it is a module of its own, loaded only then: its names would be interned in
    # every VM, and a dealt round's VM is a few names from a seventh qstr pool (docs/heap.md).
    import supervisor

    kept = supervisor.runtime.display
    if kept is not None:
        return kept
    from boards.pico_display_pack_panel import panel

    return panel(WIDTH, HEIGHT)


def make_keys():
    import board
    import keypad
    return keypad.Keys((board.GP12, board.GP13, board.GP14, board.GP15),
                       value_when_pressed=False, pull=True)


def make_encoder():
    return None


def make_i2c():
    # The Display Pack leaves GP4 (SDA) and GP5 (SCL) free: an FRAM breakout wired there.
    import board
    import busio
    return busio.I2C(board.GP5, board.GP4)
