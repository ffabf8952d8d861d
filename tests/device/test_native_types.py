"""What CircuitPython's native types refuse, refused by the host stand-ins too (issue 26).

On the board (CircuitPython 10.3, RP2040) the app died at its first screen on two things the
stand-ins accepted: ``displayio.Group.__init__(self, ...)`` in a subclass (a native type has no
``__init__`` attribute; ``super().__init__(...)`` works), and, on the Pico Display Pack,
``supervisor.runtime.display = ST7789(...)`` (the setter takes only a display the firmware made:
a Python subclass of busdisplay.BusDisplay is refused with a TypeError).
"""

import sys

import displayio
import pytest

import boards
from host_sim.panel import VirtualPanel
from host_sim.stubs import board as board_stub, busdisplay, busio, fourwire, supervisor

NO_INIT = "type object 'Group' has no attribute '__init__'"


# -- displayio.Group: no __init__ attribute ---------------------------------------------------


def test_a_native_group_has_no_init_attribute_but_super_init_works():
    with pytest.raises(AttributeError) as e:
        displayio.Group.__init__  # noqa: B018  (the attribute itself is what the board refuses)
    assert str(e.value) == NO_INIT

    class ByName(displayio.Group):
        def __init__(self):
            displayio.Group.__init__(self, scale=2)

    with pytest.raises(AttributeError) as e:
        ByName()
    assert str(e.value) == NO_INIT

    class BySuper(displayio.Group):
        def __init__(self):
            super().__init__(scale=2)

    g = BySuper()
    assert g.scale == 2 and isinstance(g, displayio.Group) and BySuper.__init__ is not None
    assert displayio.Group(scale=3).scale == 3  # made directly, as ever


def test_the_apps_text_label_and_cells_are_made_as_the_board_makes_them():
    from firmware.screens.hand_draw import Cells
    from firmware.ui import Text, Ui

    ui = Ui(240, 135, 16)
    root = displayio.Group()
    left, right = ui.title(root, "Menu", "1/2")  # the first screen's first labels
    assert isinstance(left, Text) and left.text == "Menu" and right.text == "1/2"
    cells = Cells(ui, 3)
    cells.put(0, "A", ui.fg, 0, 0, code=1)
    assert cells.texts == ["A"] and cells.scale == ui.s


@pytest.mark.parametrize("board", boards.IDS)
def test_every_board_reaches_its_first_screen(make_device, board):
    dev = make_device(board)
    assert dev.texts()


# -- supervisor.runtime.display: only a display the firmware made -----------------------------


@pytest.fixture
def display_standins(monkeypatch):
    """The Pico's pins, the host's busio, fourwire and busdisplay where a profile's make_display
    imports them (Blinka's drive real pins), a fresh supervisor.runtime (display None, as at
    power-up), and adafruit_st7789 and the panel module imported anew over them."""
    for name, mod in (("busio", busio), ("fourwire", fourwire), ("busdisplay", busdisplay)):
        monkeypatch.setitem(sys.modules, name, mod)
    for name in ("adafruit_st7789", "boards.pico_display_pack_panel"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(supervisor, "runtime", supervisor.Runtime())
    board_stub.use("raspberry_pi_pico")


def test_the_display_packs_panel_is_a_display_the_runtime_keeps(display_standins):
    import adafruit_st7789

    from firmware import drive_code

    profile = boards.load("pico_display_pack")
    display = profile.make_display()
    assert type(display) is busdisplay.BusDisplay and supervisor.runtime.display is display
    assert profile.make_display() is display  # after a reload: the one kept, not made anew
    assert (display.width, display.height, display.window, display.rotation) == (240, 135, (53, 40), 270)
    assert display.backlight_pin.name == "GP20" and display.bus.baudrate == 62_500_000
    # adafruit_st7789's ST7789 with its defaults (bgr, inverted), as the drive's loader builds it.
    assert display.init_sequence == adafruit_st7789._INIT_SEQUENCE + b"\x36\x01\xc0\x21\x00"
    assert display.init_sequence == drive_code.ST7789_INIT
    assert [c for c, _, _ in display.commands] == [0x01, 0x11, 0x3A, 0x36, 0x13, 0x29, 0x36, 0x21]
    assert "adafruit_st7789" not in profile.LIBS


def test_the_runtime_refuses_a_python_subclass_of_a_native_display(display_standins):
    from adafruit_st7789 import ST7789

    bus = fourwire.FourWire(busio.SPI(board_stub.GP18), command=board_stub.GP16)
    st7789 = ST7789(bus, width=240, height=135, rowstart=40, colstart=53, rotation=270)
    with pytest.raises(TypeError) as e:
        supervisor.runtime.display = st7789
    assert str(e.value) == "Display must be of type AnyDisplay or None, not ST7789"

    class Mine(VirtualPanel):
        pass

    with pytest.raises(TypeError):
        supervisor.runtime.display = Mine(240, 135)
    assert supervisor.runtime.display is None
    # What the firmware's own constructors make, and the desktop's stand-ins for them, are kept.
    for display in (busdisplay.BusDisplay(bus, b"", width=240, height=135), VirtualPanel(240, 135), None):
        supervisor.runtime.display = display
        assert supervisor.runtime.display is display
