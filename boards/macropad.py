# Adafruit MacroPad RP2040: 128x64 monochrome OLED (board.DISPLAY), twelve keys and a
# rotary encoder with a push switch.
#
# Keys KEY1..KEY12 (3 wide, 4 high, KEY1 top left) and ENCODER_SWITCH are active low
# with pull-ups; the encoder is board.ENCODER_A/ENCODER_B through rotaryio. The top
# three rows form a d-pad with OK in the middle; the encoder turns through lists and
# changes values, its switch is OK. Key10 claims a bomb in the dealer mode.

from firmware.keys import BACK, BOMB, DOWN, LEFT, MENU, OK, RIGHT, UP

ID = "macropad"
BOARD_ID = "adafruit_macropad_rp2040"
FLASH_MB = 8  # the board's flash: make uf2 sizes the CIRCUITPY drive to it
NAME = "Adafruit MacroPad RP2040"
WIDTH = 128
HEIGHT = 64
DEPTH = 1
PX_PER_MM = 4.4  # 1.3" OLED: 128 px over 29 mm
PAPER = False
REFRESH_MS = 0
LIBS = ("adafruit_fram",)

_ = (None, None)
KEYMAP = ((BACK, None), (UP, None), (MENU, None),
          (LEFT, None), (OK, None), (RIGHT, None),
          _, (DOWN, None), _,
          (BOMB, None), _, _,
          (OK, None))
LABELS = ("Key1", "Key2", "Key3", "Key4", "Key5", "Key6", "Key7", "Key8", "Key9",
          "Key10", "Key11", "Key12", "Encoder switch")
SIM_KEYS = ("q", "w", "e", "a", "s", "d", "z", "x", "c", "1", "2", "3", "return")
ENCODER_KEYS = ("page down", "page up")  # simulator: turn clockwise, anticlockwise
HINTS = {OK: "Knob", BACK: "Key1", MENU: "Key3", BOMB: "Key10"}


def make_display():
    import board
    return board.DISPLAY


def make_keys():
    import board
    import keypad
    pins = (board.KEY1, board.KEY2, board.KEY3, board.KEY4, board.KEY5, board.KEY6,
            board.KEY7, board.KEY8, board.KEY9, board.KEY10, board.KEY11, board.KEY12,
            board.ENCODER_SWITCH)
    return keypad.Keys(pins, value_when_pressed=False, pull=True)


def make_encoder():
    import board
    import rotaryio
    return rotaryio.IncrementalEncoder(board.ENCODER_A, board.ENCODER_B)


def make_i2c():
    # The STEMMA QT port: where an FRAM breakout plugs in (firmware/storage/choice.py).
    import board
    return board.STEMMA_I2C()
