# The player names a new match offers before any are typed (screens/newmatch.py,
# screens/playsetup.py), and those a dealt match started from the table fills its seats
# with (screens/table.py). A module of its own: the table needs them without the
# new-match form's code (about 10 KB on the board, in a VM that is about to journal a new
# match).

PRESETS = ("Anna", "Ben", "Carla", "David", "Eva", "Finn", "Greta", "Hugo",
           "Ida", "Jonas", "Kim", "Lea")
