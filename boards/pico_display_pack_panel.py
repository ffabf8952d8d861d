# The Pico Display Pack's panel, made once at power-up (boards/pico_display_pack.py
# make_display; a reload takes the one made then). Pins: SCK GP18, MOSI GP19, CS GP17,
# DC GP16, backlight GP20; the 1.14" ST7789 window at column 53, row 40 of the
# controller's memory, turned to landscape.


def panel(width, height):
    import board
    import busio
    import displayio
    import fourwire
    import supervisor
    from adafruit_st7789 import ST7789

    displayio.release_displays()
    spi = busio.SPI(clock=board.GP18, MOSI=board.GP19)
    bus = fourwire.FourWire(spi, command=board.GP16, chip_select=board.GP17, baudrate=62_500_000)
    display = ST7789(bus, width=width, height=height, rowstart=40, colstart=53, rotation=270,
                     backlight_pin=board.GP20)
    supervisor.runtime.display = display
    return display
