# The dealt round's hand: its play menu, free selection, refusals, tips, texts, the match's start.
