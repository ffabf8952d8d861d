# Rules, state machines, scoring and bots for Chimera and Tichu.
#
# Pure Python that runs unchanged on CPython, MicroPython and CircuitPython:
# no I/O, and only the imports the board has (tests/test_engine_imports.py).
