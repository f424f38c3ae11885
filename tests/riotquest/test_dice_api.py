"""The rules' dice queries for the play screen equal the dice the rules then roll."""

from __future__ import annotations

from rq_util import play, position

from riotsim.games.riotquest import rules


def _rolled(events) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in events:
        if e.kind == "dice_rolled":
            out[e.data["die"]] = out.get(e.data["die"], 0) + len(e.data["faces"])
    return out


def _rig_position(hero: str):
    return position(
        [{"id": hero, "pos": [7, 4]}],
        [{"id": "dreyfus", "pos": [1, 1]}],
        bounty={"deck": "mayhem", "active": ["telepandemonium"], "draw": []},
        tokens=[{"bounty": "telepandemonium", "pos": [8, 4]}],  # next to (7,4)
    )


def test_rig_dice_with_and_without_the_rig_bonus():
    """Rulebook "Rigging": three Boost dice, one more Power die when the hero's class is the
    card's Rig Bonus class (Telepandemonium: Specialist), three strikes to succeed."""
    bonus = _rig_position("bamfist")  # Specialist
    assert rules.rig_dice(bonus, "bamfist", "telepandemonium") == (3, 1, 3)
    bonus.rng.script("miss", "miss", "strike", "super")
    ev = play(bonus, "rig hero=bamfist bounty=telepandemonium")
    assert _rolled(ev) == {"boost": 3, "power": 1}
    assert next(e for e in ev if e.kind == "rigged").data["success"]  # 1 + 2 = 3 strikes

    plain = _rig_position("dez")  # Gunner: no bonus on this card
    assert rules.rig_dice(plain, "dez", "telepandemonium") == (3, 0, 3)
    plain.rng.script("strike", "strike", "miss")
    ev = play(plain, "rig hero=dez bounty=telepandemonium")
    assert _rolled(ev) == {"boost": 3}
    assert not next(e for e in ev if e.kind == "rigged").data["success"]


def test_attack_dice_count_charge_only_after_running():
    """Rulebook "Making Attacks" and the Fighter's Charge: the Boost die is added to a melee
    attack only once the Fighter has run this activation; ``attack_dice`` says so before the
    attack and the attack rolls exactly that."""
    s = position([{"id": "korga", "pos": [3, 4]}], [{"id": "dreyfus", "pos": [4, 4]}])
    play(s, "activate hero=korga")
    assert rules.attack_dice(s, "korga", "great_axe", 2) == (2, 3, 1)  # no run yet
    attack = next(a for a in rules.legal_actions(s) if a.kind == "attack" and a["dice"] == 2)
    dice, defence = rules.attack_pool(s, attack)
    assert dice == (2, 3, 1) and defence == rules.defence(
        s, s.heroes[1]["dreyfus"], s.heroes[0]["korga"], "melee"
    )
    ev = play(s, str(attack))
    assert _rolled(ev) == {"action": 2, "boost": 3, "power": 1}

    ran = position([{"id": "korga", "pos": [1, 4]}], [{"id": "dreyfus", "pos": [4, 4]}])
    play(ran, "activate hero=korga", "run hero=korga to=(3,4)")
    assert rules.attack_dice(ran, "korga", "great_axe", 1) == (1, 4, 1)
    ev = play(ran, "attack hero=korga weapon=great_axe target=dreyfus of=1 dice=1")
    assert _rolled(ev) == {"action": 1, "boost": 4, "power": 1}
