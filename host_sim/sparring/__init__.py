"""Sparring partners for the Chimera arena (issue 18): players that are not the project's
bots, written from public descriptions of Dou Dizhu play, to measure the bots against.
Host only: never shipped to the board.

``PLAYERS`` maps a name (as ``arena chimera --bots 3,ref`` takes it) to a module whose
``decide(state, seat, rng)`` returns one legal action of the seat (None when it is not
due), reading only the seat view and the seat's legal actions.
"""

from host_sim.sparring import bold, plan, port, pro, ref

PLAYERS = {"ref": ref, "pro": pro, "port": port, "plan": plan, "bold": bold}
TITLES = {"ref": "RLCard rules", "pro": "pro rules", "port": "RHCP rules", "plan": "fewest plays",
          "bold": "bold bids"}
