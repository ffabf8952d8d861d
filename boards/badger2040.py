# Pimoroni Badger 2040: 296x128 black/white e-paper (board.DISPLAY), buttons A, B, C
# under the screen and UP, DOWN beside it.
#
# Buttons SW_A, SW_B, SW_C, SW_UP, SW_DOWN read high when pressed (pull-downs). The
# panel must not refresh more than once every 2 s: the app batches changes and refreshes
# once the buttons have been quiet; LEFT and MENU come from holding C and A, BOMB (the
# dealer mode's bomb out of turn) from holding B.

from firmware.keys import BACK, BOMB, DOWN, LEFT, MENU, OK, RIGHT, UP

ID = "badger2040"
BOARD_ID = "pimoroni_badger2040"
FLASH_MB = 2  # the board's flash: make uf2 sizes the CIRCUITPY drive to it
NAME = "Pimoroni Badger 2040"
WIDTH = 296
HEIGHT = 128
DEPTH = 1
PX_PER_MM = 4.4  # 2.9" e-paper: 296 px over 67 mm
PAPER = True
REFRESH_MS = 2000
LIBS = ("adafruit_fram",)

KEYMAP = ((BACK, MENU), (OK, BOMB), (RIGHT, LEFT), (UP, None), (DOWN, None))
LABELS = ("A", "B", "C", "Up", "Down")
SIM_KEYS = ("a", "b", "c", "up", "down")
HINTS = {OK: "B", BACK: "A", MENU: "hold A", BOMB: "hold B"}


def make_display():
    import board
    return board.DISPLAY


def make_keys():
    import board
    import keypad
    pins = (board.SW_A, board.SW_B, board.SW_C, board.SW_UP, board.SW_DOWN)
    return keypad.Keys(pins, value_when_pressed=True, pull=True)


def make_encoder():
    return None


def make_i2c():
    # The Qw/ST port (GP4 SDA, GP5 SCL): where an FRAM breakout plugs in.
    import board
    return board.I2C()
