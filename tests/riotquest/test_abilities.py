"""Every class, hero, weapon and gear ability of our content, one test each (rulebook
"Abilities" and "Special Actions"; exact effects in data/riotquest/reference.md)."""

from __future__ import annotations

import pytest
from rq_util import R, a, arena, kinds, play, position

from riotsim.core.contract import IllegalAction
from riotsim.games.riotquest import rules


def test_charge_adds_a_boost_die_to_melee_after_running():
    """Charge (Fighter): run, then melee attack: +1 Boost die."""
    s = position([{"id": "korga", "pos": [2, 4]}], [{"id": "dez", "pos": [4, 4]}])
    play(s, "run hero=korga to=(3,4)")
    s.rng.script("miss", "miss", "miss", "miss", "miss", "miss")
    ev = play(s, "attack hero=korga weapon=great_axe target=dez of=1 dice=1")
    assert [e.data["faces"] for e in ev if e.kind == "dice_rolled"] == [
        ["miss"],
        ["miss", "miss", "miss", "miss"],  # 3 Boost + 1 for Charge
        ["miss"],
    ]


def test_safeguard_protects_adjacent_friends_from_ranged_attacks_only():
    """Safeguard (Guard): other friendly heroes next to it get +1 DEF against ranged attacks."""
    s = position(
        [{"id": "dez", "pos": [1, 4]}],
        [{"id": "gubbin", "pos": [4, 4]}, {"id": "dreyfus", "pos": [5, 4]}],
    )
    g, d, dez = s.heroes[1]["gubbin"], s.heroes[1]["dreyfus"], s.heroes[0]["dez"]
    assert rules.defence(s, g, dez, "ranged") == (4, 6)
    assert rules.defence(s, g, dez, "melee") == (3, 5)
    assert rules.defence(s, d, dez, "ranged") == (3, 6)  # not itself


def test_aim_ignores_cover_on_ranged_attacks():
    """Aim (Gunner): ranged attacks ignore Cover."""
    s = position(
        [{"id": "dez", "pos": [2, 4]}, {"id": "gubbin", "pos": [3, 3]}],
        [{"id": "dreyfus", "pos": [5, 4]}],
        arena=arena(obstacles=[(5, 4)]),
    )
    d = s.heroes[1]["dreyfus"]
    assert rules.defence(s, d, s.heroes[0]["dez"], "ranged") == (3, 6)
    assert rules.defence(s, d, s.heroes[0]["dez"], "melee") == (4, 7)
    assert rules.defence(s, d, s.heroes[0]["gubbin"], "ranged") == (4, 7)


def test_sneak_moves_through_enemies_but_not_onto_them():
    """Sneak (Rogue): may pass enemy heroes."""
    walls = arena(barriers=[(3, 3), (3, 5), (2, 3), (2, 5)])
    s = position(
        [{"id": "gubbin", "pos": [2, 4]}, {"id": "dez", "pos": [1, 1]}],
        [{"id": "korga", "pos": [3, 4]}],
        arena=walls,
    )
    assert (4, 4) in rules.move_dests(s, s.heroes[0]["gubbin"], 2)
    assert (3, 4) not in rules.move_dests(s, s.heroes[0]["gubbin"], 2)
    s2 = position([{"id": "dez", "pos": [2, 4]}], [{"id": "korga", "pos": [3, 4]}], arena=walls)
    assert (4, 4) not in rules.move_dests(s2, s2.heroes[0]["dez"], 2)


def test_nimble_and_hyperspring_boots():
    """Nimble: obstacles cost 1; Hyperspring Boots: +1 SPD and Nimble."""
    rocks = arena(obstacles=[(3, 3), (4, 3), (5, 3), (6, 3)])
    s = position(
        [{"id": "dez", "pos": [2, 3], "gear": "hyperspring_boots"}],
        [{"id": "korga", "pos": [7, 7]}],
        arena=rocks,
    )
    dez = s.heroes[0]["dez"]
    assert rules.prof(dez).spd == 5
    assert rules.move_dests(s, dez, 5)[(6, 3)] == 4  # straight through the rocks
    s = position([{"id": "dez", "pos": [2, 3]}], [{"id": "korga", "pos": [7, 7]}], arena=rocks)
    assert (6, 3) not in rules.move_dests(s, s.heroes[0]["dez"], 5)  # round them: 6


def test_vengeful_riposte_thorns_hurt_the_attacker_without_scrap():
    """Vengeful, Riposte: the attacker suffers 1 damage (not attack damage)."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [4, 4], "damage": 2}, {"id": "brakka", "pos": [6, 4]}],
    )
    s.rng.script("strike", "strike", "strike")
    play(s, "attack hero=dez weapon=dagger target=gubbin of=1 dice=2")
    assert s.heroes[1]["gubbin"].place == "cooler"
    assert s.heroes[0]["dez"].damage == 1  # Brakka's Vengeful
    s = position([{"id": "dez", "pos": [3, 4]}], [{"id": "ardwyn", "pos": [4, 4]}])
    s.rng.script("miss", "miss")  # a miss still provokes Riposte
    play(s, "attack hero=dez weapon=dagger target=ardwyn of=1 dice=1")
    assert s.heroes[0]["dez"].damage == 1 and s.players[1].scrap == 0


def test_siphon_scavenger_grudge():
    """Siphon heals its melee attacker; Scavenger gains Loot on a knock-out; Grudge gains Loot
    when damaged."""
    s = position(
        [{"id": "gubbin", "pos": [3, 4], "damage": 1, "gear": "siphon_edge"}],
        [{"id": "dez", "pos": [4, 4], "damage": 3}],
    )
    s.rng.script("strike", "strike", "strike")
    play(s, "attack hero=gubbin weapon=shiv target=dez of=1 dice=1")
    g = s.heroes[0]["gubbin"]
    assert g.damage == 0  # Siphon
    assert s.players[0].loot == 1  # Scavenger (the dropped Loot token stays on the map)
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "korga", "pos": [4, 4], "gear": "bounty_ledger"}],
    )
    s.rng.script("super", "strike")
    play(s, "attack hero=dez weapon=dagger target=korga of=1 dice=1")
    assert s.players[1].loot == 1


def test_specials_shove_dash_patch_medkit_displace():
    """Shove (Galvanic Repulsor), Dash, Patch Up, Medkit and Displace (single-use gear)."""
    s = position(
        [{"id": "dreyfus", "pos": [3, 4], "gear": "galvanic_repulsor"}],
        [{"id": "dez", "pos": [4, 4]}, {"id": "korga", "pos": [3, 3]}],
    )
    play(s, "activate hero=dreyfus")
    shoves = [x for x in R.legal_actions(s) if x.kind == "special" and x["ability"] == "shove"]
    assert shoves and all(x["target"] == "dez" for x in shoves)  # Korga is Unstoppable
    assert all(s.arena.distance(x["to"], (3, 4)) > 1 for x in shoves)
    play(s, str(shoves[0]))
    assert s.heroes[1]["dez"].pos == tuple(shoves[0]["to"])
    assert not any(x.kind == "special" for x in R.legal_actions(s))  # one special only
    s = position(
        [
            {"id": "voltaire", "pos": [3, 4], "gear": "field_medkit", "damage": 2},
            {"id": "dez", "pos": [4, 4], "damage": 1},
        ],
        [{"id": "korga", "pos": [7, 7]}],
    )
    play(s, "special hero=voltaire ability=patch target=dez")
    assert s.heroes[0]["dez"].damage == 0
    s = position(
        [{"id": "voltaire", "pos": [3, 4], "gear": "field_medkit", "damage": 2}],
        [{"id": "korga", "pos": [7, 7]}],
    )
    play(s, "special hero=voltaire ability=medkit")
    v = s.heroes[0]["voltaire"]
    assert v.damage == 0 and v.gear is None and s.players[0].discard == ["field_medkit"]
    s = position(
        [{"id": "eiryss", "pos": [3, 4], "gear": "echo_displacer"}],
        [{"id": "korga", "pos": [7, 7]}],
    )
    ev = play(s, "special hero=eiryss ability=blink to=(6,4)")
    assert "placed" in kinds(ev) and s.heroes[0]["eiryss"].gear is None
    s = position([{"id": "tamsin", "pos": [3, 4]}], [{"id": "korga", "pos": [7, 7]}])
    play(s, "special hero=tamsin ability=dash to=(5,4)")
    assert s.heroes[0]["tamsin"].pos == (5, 4)


def test_rigging_gloves_always_give_the_rig_bonus_and_mystery_reward():
    """Rigger (Rigging Gloves): the Rig Bonus's Power die for any bounty; Mystery Box adds Loot."""
    s = position(
        [{"id": "dez", "pos": [3, 4], "gear": "rigging_gloves"}],
        [{"id": "korga", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["mystery_box"], "draw": []},
        tokens=[{"bounty": "mystery_box", "pos": [4, 4]}],
    )
    s.rng.script("strike", "strike", "miss", "strike")
    ev = play(s, "rig hero=dez bounty=mystery_box")
    assert [e.data["die"] for e in ev if e.kind == "dice_rolled"] == ["boost", "power"]
    assert s.players[0].bounties == ["mystery_box"] and s.players[0].loot == 2


def test_no_pass_once_the_turn_is_taken():
    """Rulebook "Passing": passing replaces a turn; a player who took the turn activates."""
    s = position([{"id": "dez", "pos": [3, 4]}], [{"id": "korga", "pos": [7, 7]}])
    assert a("pass") not in R.legal_actions(s)
    with pytest.raises(IllegalAction):
        R.apply(s, a("pass"))
