"""Sparring partners for the Chimera arena (issue 18): players that are not the project's
bots, written from public descriptions of Dou Dizhu play, to measure the bots against.
Host only: never shipped to the board.

``PLAYERS`` maps a name (as ``arena chimera --bots 3,ref`` takes it) to a module whose
``decide(state, seat, rng)`` returns one legal action of the seat (None when it is not
due), reading only the seat view and the seat's legal actions. "mc" is the Monte Carlo
player of issue 29 (mc.py): a yardstick, slow (about 0.1 s a decision).
"""

from host_sim.sparring import bold, mc, plan, port, pro, ref

PLAYERS = {"ref": ref, "pro": pro, "mc": mc, "port": port, "plan": plan, "bold": bold}
TITLES = {"ref": "RLCard rules", "pro": "pro rules", "mc": "Monte Carlo", "port": "RHCP rules",
          "plan": "fewest plays", "bold": "bold bids"}
