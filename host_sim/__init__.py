"""The CPython side: desktop simulator and command-line tools (python -m host_sim ...)."""
