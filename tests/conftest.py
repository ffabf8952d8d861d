# Every test process compiles each source file once (host_sim/compile_cache.py): the app
# imports a screen's modules again at each change of screen.
from host_sim.compile_cache import cache_compiled

cache_compiled()
