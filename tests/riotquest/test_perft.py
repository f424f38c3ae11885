"""Perft-style counts of legal actions in fixed positions (catch silent rule drift).

Chance is part of the state (its Rng), so deeper counts are deterministic too."""

from __future__ import annotations

from collections import Counter

from rq_util import R, arena, play, position


def perft(s, depth: int) -> int:
    if depth == 0 or R.outcome(s).finished:
        return 1
    total = 0
    for action in R.legal_actions(s):
        child = R.copy(s)
        R.apply(child, action)
        total += perft(child, depth - 1)
    return total


def skirmish():
    return position(
        [
            {"id": "dez", "pos": [3, 4]},
            {"id": "gubbin", "pos": [4, 3]},
            {"id": "dreyfus", "pos": [2, 5], "dice": 1},
            {"id": "eiryss", "pos": [5, 2]},
        ],
        [
            {"id": "bamfist", "pos": [5, 4]},
            {"id": "korga", "pos": [6, 5]},
            {"id": "nix", "pos": [1, 2]},
            {"id": "tamsin", "pos": [7, 3]},
        ],
        arena=arena(obstacles=[(4, 5), (5, 5), (3, 2)], barriers=[(2, 4)], arena_id="perft"),
        player0={"loot": 3, "hand": ["bang_rounds", "plated_vest", "thorn_mail"]},
        chest={"id": "iron_chest", "pos": [4, 1]},
        bounty={"deck": "mayhem", "active": ["deathtrap", "bullseye"], "draw": ["hoarder"]},
        tokens=[{"bounty": "deathtrap", "pos": [4, 4]}],
        seed=3,
    )


def test_counts_at_the_start_of_a_turn():
    s = skirmish()
    kinds = Counter(a.kind for a in R.legal_actions(s))
    # mid-turn (the turn was taken, so no pass): Dreyfus has a die on his card, three heroes
    # may activate; 3 Loot buys any of the three cards (cost 3) for any of the four heroes
    assert kinds == {"activate": 3, "equip": 12}


def test_counts_for_an_activated_hero():
    s = skirmish()
    play(s, "activate hero=dez")
    kinds = Counter(a.kind for a in R.legal_actions(s))
    # distances from Dez (3,4): Bamfist 2, Nix 3, Korga 4, Tamsin 5. The Bazooka (RNG 3) reaches
    # Bamfist and Nix, the Dagger (RNG 1) nobody.
    dist = {h: s.arena.distance((3, 4), s.heroes[1][h].pos) for h in s.heroes[1]}
    assert dist == {"bamfist": 2, "korga": 4, "nix": 3, "tamsin": 5}
    attacks = Counter((a["weapon"], a["target"]) for a in R.legal_actions(s) if a.kind == "attack")
    assert all(n == 5 for n in attacks.values())  # 1..5 dice (one die is on Dreyfus)
    assert set(attacks) == {("bazooka", "bamfist"), ("bazooka", "nix")}
    assert kinds["rig"] == 1  # the Deathtrap at (4,4) is next to her
    assert kinds["raid"] == 0  # the Chest is not adjacent
    assert kinds["end_activation"] == 0  # at least one action first
    assert kinds == {"run": 34, "attack": 10, "rig": 1, "equip": 12}


def test_perft_depth_two_and_three_are_stable():
    s = skirmish()
    assert perft(s, 1) == 15
    assert perft(s, 2) == 240
    # 8616: Eiryss's raid rolling row 3 offers a die back from Dreyfus only, never the raid's
    # own die (rulebook "Treasure Beacons...": it is placed after the raid is complete)
    assert perft(s, 3) == 8616
