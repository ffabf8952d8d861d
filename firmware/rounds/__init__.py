# The score keeper's round forms (Chimera, Tichu), their summary and presets.
