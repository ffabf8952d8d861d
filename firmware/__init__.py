# The CircuitPython app: the shell around engine_core (screens, keys, the journal, the panel).
