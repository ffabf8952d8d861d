"""/boot.py on the board (make deploy copies it there): who may write the CIRCUITPY flash.

CircuitPython runs this once after power-up or reset, before USB starts. Normally it remounts the
flash writable for the app, so the journal (firmware/journal.py) keeps the match in files; the
computer then sees CIRCUITPY read-only. Holding the board's Back key (the key its profile maps to
BACK: PicoSystem B, Display Pack B, MacroPad Key1, Badger A) while powering up skips the remount:
the computer may write the drive (make deploy) and the app keeps its match in microcontroller.nvm.
If the board's profile or keys cannot be read, the remount is skipped too: the match is still saved
(in the nvm) and the drive stays editable to repair the files. What it did is in boot_out.txt.
"""

SCAN_S = 0.1  # keypad scans every 20 ms and debounces; a held key shows up within a few scans


def back_held(profile):
    """(whether the profile's BACK key is down, its name): read through the profile's own keypad
    setup, the same pins and polarity the app uses."""
    import time

    from firmware.keys import BACK

    index = [tap for tap, _ in profile.KEYMAP].index(BACK)
    name = profile.HINTS.get(BACK) or profile.LABELS[index]
    keys = profile.make_keys()
    try:
        time.sleep(SCAN_S)  # a key already down at start is reported as a press by the next scans
        while True:
            event = keys.events.get()
            if event is None:
                return False, name
            if event.pressed and event.key_number == index:
                return True, name
    finally:
        keys.deinit()


def main():
    import storage

    try:
        import boards

        held, name = back_held(boards.select())
    except Exception as e:  # whatever fails, the drive must stay editable
        print("boot: keys unreadable (%r): USB may write CIRCUITPY, matches are kept in nvm" % (e,))
        return
    if held:
        print("boot: %s held: USB may write CIRCUITPY, matches are kept in nvm" % name)
        return
    storage.remount("/", readonly=False)
    print("boot: the app saves matches on CIRCUITPY; hold %s at power-up for USB write access" % name)


if __name__ == "__main__":
    main()
