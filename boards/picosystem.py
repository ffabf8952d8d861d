# Pimoroni PicoSystem: 240x240 colour LCD (board.DISPLAY), d-pad and A/B/X/Y.
#
# Buttons are active low with pull-ups (pins from CircuitPython's board definition
# pimoroni_picosystem: SW_UP .. SW_Y).

from firmware.keys import BACK, BOMB, DOWN, LEFT, MENU, OK, RIGHT, UP

ID = "picosystem"
BOARD_ID = "pimoroni_picosystem"
FLASH_MB = 16  # the board's flash: make uf2 sizes the CIRCUITPY drive to it
NAME = "Pimoroni PicoSystem"
WIDTH = 240
HEIGHT = 240
DEPTH = 16
PX_PER_MM = 8.7  # 1.54" panel: 240 px over 27.7 mm
PAPER = False
REFRESH_MS = 0
LIBS = ()

# Key numbers follow the pin order in make_keys. Y claims a bomb in the dealer mode.
KEYMAP = ((UP, None), (DOWN, None), (LEFT, None), (RIGHT, None),
          (OK, None), (BACK, None), (MENU, None), (BOMB, None))
LABELS = ("Up", "Down", "Left", "Right", "A", "B", "X", "Y")
SIM_KEYS = ("up", "down", "left", "right", "a", "b", "x", "y")
HINTS = {OK: "A", BACK: "B", MENU: "X", BOMB: "Y"}


def make_display():
    import board
    return board.DISPLAY


def make_keys():
    import board
    import keypad
    pins = (board.SW_UP, board.SW_DOWN, board.SW_LEFT, board.SW_RIGHT,
            board.SW_A, board.SW_B, board.SW_X, board.SW_Y)
    return keypad.Keys(pins, value_when_pressed=False, pull=True)


def make_encoder():
    return None


def make_i2c():
    # No connector for an I2C part: the match lives in the nvm.
    return None
