# The Pico Display Pack's panel, made once at power-up (boards/pico_display_pack.py
# make_display; a reload takes the one made then). Pins: SCK GP18, MOSI GP19, CS GP17,
# DC GP16, backlight GP20; the 1.14" ST7789 window at column 53, row 40 of the
# controller's memory, turned to landscape.
#
# A native busdisplay.BusDisplay with adafruit_st7789's init sequence (its ST7789 adds
# nothing else), not that library's ST7789: supervisor.runtime.display, which keeps the
# display across a reload, takes only a display the firmware made itself and refuses an
# instance of a Python subclass ("Display must be of type AnyDisplay or None, not ST7789").

# adafruit_st7789 2.1.5's _INIT_SEQUENCE, then its defaults bgr=True (MADCTL 0xC0) and
# invert=True (INVON): SWRESET, SLPOUT, COLMOD 16-bit, MADCTL, NORON, DISPON, MADCTL, INVON.
INIT = (b"\x01\x80\x96\x11\x80\xff\x3a\x81\x55\x0a\x36\x01\x08\x13\x80\x0a\x29\x80\xff"
        b"\x36\x01\xc0\x21\x00")


def panel(width, height):
    import board
    import busdisplay
    import busio
    import displayio
    import fourwire
    import supervisor

    displayio.release_displays()
    spi = busio.SPI(clock=board.GP18, MOSI=board.GP19)
    bus = fourwire.FourWire(spi, command=board.GP16, chip_select=board.GP17, baudrate=62_500_000)
    display = busdisplay.BusDisplay(bus, INIT, width=width, height=height, rowstart=40, colstart=53,
                                    rotation=270, backlight_pin=board.GP20)
    supervisor.runtime.display = display
    return display
