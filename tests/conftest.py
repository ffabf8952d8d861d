# Every test process compiles each source file once (host_sim/compile_cache.py): the app
# imports a screen's modules again at each change of screen.
import gc

from host_sim.compile_cache import cache_compiled

cache_compiled()

# The app collects garbage at every change of screen and before each bot's turn, as the
# board's heap needs (firmware/app.py). On CPython that changes nothing the app does, but a
# full collection sweeps every object of the test process: late in a worker's run, most of
# a dealt round's time. The youngest generation holds what the app just let go; CPython's
# own thresholds still run the full collections.
_collect = gc.collect


def _young(generation=0):
    return _collect(generation)


gc.collect = _young
