"""Host stand-in for CircuitPython's `rotaryio`: an encoder whose position is set by hand."""


class IncrementalEncoder:
    def __init__(self, pin_a, pin_b, divisor=4):
        self.pins = (pin_a, pin_b)
        self.divisor = divisor
        self.position = 0

    def deinit(self):
        pass
