"""Riot Quest play screen: odds helper, and the view driven headless through its methods."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from riotsim.core.dice import die
from riotsim.ui.views.riotquest_odds import attack_odds, odds_table, rig_success


def brute_force(counts: dict[str, int], need: int) -> Fraction:
    """P(strikes >= need) by enumerating every face combination (rulebook: Dice in Riot Quest)."""
    pools = []
    for die_id, n in counts.items():
        spec = die(die_id)
        pools += [[spec.value(f) for f in spec.faces]] * n
    total = hits = 0
    for combo in itertools.product(*pools):
        total += 1
        hits += sum(combo) >= need
    return Fraction(hits, total)


@pytest.mark.parametrize(
    ("action", "boost", "power", "defence"),
    [(1, 0, 0, (1, 2)), (1, 3, 1, (3, 6)), (2, 3, 1, (4, 7)), (3, 1, 0, (2, 5)), (2, 0, 2, (3, 4))],
)
def test_attack_odds_match_brute_force(action, boost, power, defence):
    """Making Attacks / Super Damage: hit at the first DEF value, Super Damage at the second."""
    odds = attack_odds(action, defence, boost, power)
    counts = {"action": action, "boost": boost, "power": power}
    assert odds.hit == brute_force(counts, defence[0])
    assert odds.super_damage == brute_force(counts, defence[1])


def test_more_action_dice_never_lower_the_odds():
    rows = odds_table(5, (4, 7), boost=3, power=1)
    assert [r.action_dice for r in rows] == [1, 2, 3, 4, 5]
    for a, b in itertools.pairwise(rows):
        assert b.hit >= a.hit and b.super_damage >= a.super_damage


def test_rig_odds_match_brute_force():
    """Rigging: three Boost dice, plus a Power die with the Rig Bonus, succeed at 3 strikes."""
    assert rig_success(False) == brute_force({"boost": 3}, 3)
    assert rig_success(True) == brute_force({"boost": 3, "power": 1}, 3)
