"""Trace bot games of RIOT: units left on entry points, where Public Opinion cards come from.

``python tools/trace_riot_turns.py --players 4 --seeds 100,101,102 --bots hard --budget 0.05``
plays each seed as ``riotsim simulate`` does (same bot seeds) and prints, per game, at each
protester's end of movement how many of its units stand on an entry point (and how many of
those still had a step), and in whose turn each Public Opinion card was drawn. With
``--stalls R`` it also prints every seat's units and the round's clash events every third
round from round R on (what a round-limit game is stuck on). docs/riot-balance.md, session 8.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from riotsim.ai import get_bot
from riotsim.ai.play import play_game
from riotsim.core import registry
from riotsim.core.contract import Event, GameSetup, PlayerSpec

_CLASH_KINDS = ("attack_declared", "clash_end", "po_drawn", "removed", "wounded", "gave_up")


def trace(players: int, seed: int, bots: str, budget: float, stalls: int) -> Counter[str]:
    rules: Any = registry.get("riot")
    counts: Counter[str] = Counter()
    window: Counter[str] = Counter()

    def observe(state: Any, events: list[Event]) -> None:
        board = rules.board(state)
        for e in events:
            if e.kind in _CLASH_KINDS:
                window[f"seat {state.active} {e.kind}"] += 1
            if e.kind == "phase" and state.phase == "clash" and state.active != 0:
                mine = [u for u in state.units.values() if u.seat == state.active]
                idle = [u for u in mine if board.kind_of[u.space] == "entry"]
                counts["protester units at end of movement"] += len(mine)
                counts["on an entry point"] += len(idle)
                counts["on an entry point with a step left"] += sum(u.moves > 0 for u in idle)
            elif e.kind == "po_drawn":
                turn = "Police" if state.active == 0 else "protester"
                counts[f"Public Opinion drawn in a {turn} turn"] += 1
            elif e.kind == "round" and stalls and state.round >= stalls and state.round % 3 == 0:
                print(
                    f"  round {state.round}: cards {len(state.po_revealed)}, area points "
                    f"{state.area_points}, {dict(window)}"
                )
                window.clear()
                for seat in range(state.seats):
                    at = Counter(
                        f"{u.space}:{u.kind}" for u in state.units.values() if u.seat == seat
                    )
                    print(f"    seat {seat}: {dict(at)}")

    specs = tuple(PlayerSpec(f"{bots} {i + 1}", bot=bots) for i in range(players))
    result = play_game(
        rules,
        GameSetup(specs, seed),
        [get_bot(bots, seed * 64 + seat + 1) for seat in range(players)],
        budget_s=budget,
        observe=observe,
    )
    print(seed, list(result.winner), result.rounds, result.reason, dict(counts), flush=True)
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seeds", default="100,101,102")
    ap.add_argument("--bots", default="hard")
    ap.add_argument("--budget", type=float, default=0.05)
    ap.add_argument("--stalls", type=int, default=0, help="print the board from this round on")
    args = ap.parse_args()
    total: Counter[str] = Counter()
    for seed in (int(s) for s in args.seeds.split(",")):
        total.update(trace(args.players, seed, args.bots, args.budget, args.stalls))
    print("total", dict(total))


if __name__ == "__main__":
    main()
