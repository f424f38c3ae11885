"""Greedy-bot heuristic for Riot Quest: VP first, then board strength."""

from __future__ import annotations

from riotsim.games.riotquest.profile import profile
from riotsim.games.riotquest.state import RQState


def _strength(s: RQState, seat: int) -> float:
    pl = s.players[seat]
    score = pl.vp * 10.0 + pl.loot * 0.4 + pl.well * 0.2
    for h in s.heroes[seat].values():
        if h.place == "arena":
            p = profile(h.id, h.gear)
            score += 1.0 + (p.sta - h.damage) * 0.3
            if h.gear:
                score += 1.0
            if h.token:
                score += 1.5
        elif h.place == "cooler":
            score -= 1.0
    return score


def evaluate(s: RQState, seat: int) -> float:
    if s.phase == "over":
        if seat in s.winners:
            return 1000.0 / len(s.winners)
        return -1000.0
    mine = _strength(s, seat)
    others = [_strength(s, i) for i in range(s.seats) if i != seat]
    return mine - max(others)
