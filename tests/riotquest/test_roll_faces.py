"""The table-driven dice roller gives exactly the faces of peeling base-k digits one by one."""

from __future__ import annotations

from riotsim.core.rng import Rng
from riotsim.games.riotquest import rules


def _peel(rng: Rng, die: str, n: int) -> list[str]:
    """Reference: one uniform draw below k**n (split when that passes 2**63), faces read off
    as its base-k digits, least significant first."""
    faces = rules._faces_of(die)
    k = len(faces)
    out: list[str] = []
    while n > 0:
        take = n
        while k**take >= 1 << 63:
            take -= 1
        x = rng.below(k**take)
        for _ in range(take):
            x, r = divmod(x, k)
            out.append(faces[r])
        n -= take
    return out


def test_table_roller_matches_digit_peeling():
    """Dice in Riot Quest (Action, Boost, Power dice; d6 for spawning): same random stream,
    same faces, for every pool size up to one that needs two draws."""
    for die in ("action", "boost", "power", "d6"):
        for n in range(0, 30):
            fast, ref = Rng(7 * n + 1), Rng(7 * n + 1)
            for _ in range(20):
                assert rules.roll_faces(fast, die, n) == _peel(ref, die, n), (die, n)
