"""The action menu and the refusal reasons: what a player may do now and why not."""

from __future__ import annotations

from riotsim.core.contract import Action
from tests.riotquest.rq_util import R, position


def _menu(s):
    return R.action_menu(s)


def _slot(s, group):
    return [e for e in _menu(s) if e.group == group]


def test_an_activating_hero_has_one_slot_per_action_with_its_cost():
    """Activating / Actions: Run, Attack (each weapon), Raid, Rig, the Special Action, Equip
    and End activation; a run costs one Action die, an attack as many as it rolls."""
    s = position(
        [{"id": "dreyfus", "pos": [2, 4]}],
        [{"id": "dez", "pos": [4, 4]}],
        active="dreyfus",
    )
    groups = list(dict.fromkeys(e.group for e in _menu(s)))
    assert groups[0] == "Run" and groups[-1] == "End activation"
    assert "Raid" in groups and "Rig" in groups and "Equip" in groups
    assert any(g.startswith("Attack (melee)") for g in groups)
    assert "Special: LEAP" in groups
    runs = _slot(s, "Run")
    assert runs and all(e.available and e.cost == "1 Action Die" for e in runs)
    offered = sorted(str(e.action) for e in _menu(s) if e.available)
    assert offered == sorted(str(a) for a in R.legal_actions(s))


def test_closed_slots_are_greyed_with_the_reason():
    """Activating: each action once per activation; Action dice come from the Dice Well;
    Raiding needs the Chest next to the hero; End activation only after one action."""
    s = position(
        [{"id": "dez", "pos": [2, 4], "dice": 1}],
        [{"id": "dreyfus", "pos": [7, 4]}],
        active="dez",
        done=["run"],
    )
    (run,) = _slot(s, "Run")
    assert not run.available and run.reason == "already ran this activation"
    (raid,) = _slot(s, "Raid")
    assert raid.reason == "no Chest in the arena"
    (rig,) = _slot(s, "Rig")
    assert rig.reason == "no Bounty to rig is in play"
    (dagger,) = _slot(s, "Attack (melee): Dagger")
    assert dagger.reason == "no enemy within range 1 of the Dagger"
    assert [e.available for e in _slot(s, "End activation")] == [True]
    assert _slot(s, "Equip")[0].reason == "no Riot Gear in your hand"


def test_an_empty_dice_well_greys_every_die_action():
    """Dice Well: with no Action dice left no action that spends one can be taken."""
    s = position(
        [{"id": "dez", "pos": [2, 4], "dice": 6}],
        [{"id": "dreyfus", "pos": [3, 4]}],
        active="dez",
        done=["attack"],
        chest={"id": "iron_chest", "pos": [2, 5]},
    )
    (run,) = _slot(s, "Run")
    assert run.reason == "no Action Dice left"
    (raid,) = _slot(s, "Raid")
    assert raid.reason.startswith("no Action Dice left")
    (bazooka,) = _slot(s, "Attack (ranged): Bazooka")
    assert bazooka.reason == "already attacked this activation"


def test_a_hero_that_already_activated_is_greyed_at_the_activate_choice():
    """Activating: choose a hero with no Action dice on its card."""
    s = position(
        [{"id": "dez", "pos": [2, 4], "dice": 2}, {"id": "gubbin", "pos": [5, 5]}],
        [{"id": "dreyfus", "pos": [7, 4]}],
        player0={"hand": ["bang_rounds"], "loot": 1},
    )
    by_label = {e.label: e for e in _menu(s)}
    assert by_label["Activate Gubbin"].available
    assert by_label["Activate Dez"].reason == "Dez already has Action Dice on its card this round"
    assert by_label["Pass"].reason == "you took your turn: activate a hero"
    assert by_label["Equip"].reason == "the cheapest card in your hand costs 3 Loot; you have 1"


def test_decisions_list_their_choices_under_a_heading():
    """Go Time: take the turn or pass; equipping needs only Priority."""
    s = position(
        [{"id": "dez", "pos": [2, 4]}],
        [{"id": "dreyfus", "pos": [7, 4]}],
        turn_start=True,
        player0={"hand": ["hyperspring_boots"], "loot": 2},
    )
    menu = _menu(s)
    assert {e.group for e in menu} == {"Your turn", "Equip"}
    equip = next(e for e in menu if e.group == "Equip")
    assert equip.cost == "2 Loot"


def test_refusals_name_the_reason():
    """Run (SPD and obstacles), Making Attacks (weapon range), Riot Gear (its Loot cost),
    Raiding (the Chest next to the hero): each refused action says why, in numbers."""
    s = position(
        [{"id": "dez", "pos": [1, 4]}, {"id": "gubbin", "pos": [1, 2]}],
        [{"id": "dreyfus", "pos": [7, 4]}],
        player0={"hand": ["bang_rounds"], "loot": 1},
        chest={"id": "iron_chest", "pos": [4, 1]},
    )
    run = Action.make("run", hero="dez", to=(6, 4))
    assert R.refusal(s, run) == "that hex is 5 steps away; Dez can run 4 (obstacles cost 2)"
    assert R.refusal(s, Action.make("run", hero="dez", to=(7, 4))) == (
        "Sir Dreyfus the Storm Knight stands on that hex"
    )
    attack = Action.make("attack", hero="dez", weapon="bazooka", target="dreyfus", of=1, dice=1)
    assert R.refusal(s, attack) == (
        "Sir Dreyfus the Storm Knight is out of range: 6 hexes away, Bazooka range 3"
    )
    equip = Action.make("equip", hero="dez", gear="bang_rounds")
    assert R.refusal(s, equip) == "the Bang Rounds costs 3 Loot; you have 1"
    raid = Action.make("raid", hero="dez")
    assert R.refusal(s, raid) == "no chest adjacent: the Chest is not next to Dez"
    assert R.refusal(s, Action.make("run", hero="dez", to=(3, 4))) is None
