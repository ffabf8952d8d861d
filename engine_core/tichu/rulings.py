"""Tichu answers to the judge ops (CONTRACT section 3); filled in by the Tichu issues."""

from engine_core.judge import field


def score(request):
    from engine_core.tichu.scoresheet import score_round
    return {"deltas": score_round(field(request, "round"))}
