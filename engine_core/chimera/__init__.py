# Chimera (3 players): RULES.md C1-C9.
