# Tichu (4 players, 2 teams): RULES.md T1-T7.
