"""Every card in data/riotquest has a real effect, driven through positions and scripted dice:
each Bounty card is claimed by its goal (rulebook "Bounties & Winning the Game", "Rigging",
"Bounty Tokens"), each Treasure row pays out (rulebook "Treasure Beacons, Treasure Chests &
Raiding") and each Riot Gear card changes its hero (rulebook "Riot Gear")."""

from __future__ import annotations

import pytest
from rq_util import R, play, position, rolled

from riotsim.games.riotquest import rules
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.profile import profile

C = content()
CLASS_HERO = {
    "fighter": "korga",
    "guard": "dreyfus",
    "gunner": "dez",
    "rogue": "gubbin",
    "scout": "eiryss",
    "specialist": "bamfist",
}
DECK_OF = {card: deck for deck, cards in C.bounty_decks.items() for card in cards}
ALL_BOUNTIES = sorted(C.bounties)


def with_card(card: str, p0: list, p1: list, **extra):
    extra.setdefault("bounty", {"deck": DECK_OF[card], "active": [card], "draw": []})
    return position(p0, p1, **extra)


def test_every_card_is_in_a_deck_and_every_goal_kind_is_covered_below():
    assert set(DECK_OF) == set(C.bounties)
    assert {b.goal for b in C.bounties.values()} <= set(GOAL_TESTS)


def _rig(card: str) -> None:
    """Rig from an adjacent hex: with the Rig Bonus a Power die joins the three Boost dice;
    3 strikes claim the card (and any Loot reward); a failure blasts nearby models."""
    b = C.bounties[card]
    bonus_cls = b.rig_bonus[0].value if b.rig_bonus else None
    rigger = CLASS_HERO[bonus_cls] if bonus_cls else "dez"
    token = [{"bounty": card, "pos": [6, 2]}]  # beacon 2; (5,2) is next to it
    s = with_card(
        card, [{"id": rigger, "pos": [5, 2]}], [{"id": "korga", "pos": [7, 7]}], tokens=token
    )
    s.rng.script("strike", "strike", "strike", "miss")
    ev = play(s, f"rig hero={rigger} bounty={card}")
    assert rolled(ev, "rig") == ({"boost": 3, "power": 1} if bonus_cls else {"boost": 3})
    assert s.players[0].bounties == [card] and s.players[0].vp == b.value
    assert s.players[0].loot == b.reward_loot and card not in s.tokens
    # a failure: nothing claimed; a blasting token hurts every model within its radius
    s = with_card(
        card,
        [{"id": rigger, "pos": [5, 2]}],
        [{"id": "bamfist", "pos": [7, 2]}, {"id": "korga", "pos": [7, 7]}],
        tokens=token,
    )
    s.rng.script("strike", "miss", "miss", "miss")
    play(s, f"rig hero={rigger} bounty={card}")
    assert s.players[0].vp == 0 and card in s.bounty_active and card in s.tokens
    hurt = {h.id for crew in s.heroes for h in crew.values() if h.damage}
    assert hurt == ({rigger, "bamfist"} if b.fail_damage else set())
    # a trap hurts a hero that stops on its hex
    if b.enter_damage:
        s = with_card(
            card,
            [{"id": "dez", "pos": [5, 3]}],
            [{"id": "korga", "pos": [7, 7]}],
            tokens=[{"bounty": card, "pos": [5, 4]}],
        )
        play(s, "run hero=dez to=(5,4)")
        assert s.heroes[0]["dez"].damage == b.enter_damage


def _carry(card: str) -> None:
    """Run over the token (picked up), end next to the delivery place: claimed at once."""
    b = C.bounties[card]
    token = [{"bounty": card, "pos": [2, 4]}]
    if b.deliver == "centre":  # (1,4) -> (2,4) token -> (3,4) next to the centre (4,4)
        start, dest = (1, 4), (3, 4)
    else:  # (3,4) -> (2,4) token -> (1,4) next to gate 6 at (0,4)
        start, dest = (3, 4), (1, 4)
    s = with_card(
        card, [{"id": "eiryss", "pos": list(start)}], [{"id": "korga", "pos": [7, 7]}], tokens=token
    )
    play(s, f"run hero=eiryss to=({dest[0]},{dest[1]})")
    assert s.players[0].bounties == [card] and s.players[0].vp == b.value
    assert s.heroes[0]["eiryss"].token is None and card not in s.tokens
    # the enemy holding it next to the delivery place scores nothing for player 0
    s = with_card(
        card,
        [{"id": "dez", "pos": [1, 1]}],
        [{"id": "korga", "pos": list(dest), "token": card}],
        tokens=[{"bounty": card, "holder": [1, "korga"]}],
    )
    play(s, "run hero=dez to=(1,2)")
    assert s.players[0].vp == 0 and card in s.bounty_active


def _mark(card: str) -> None:
    """Knock out the marked Enemy with an attack: the card and a Scrap."""
    b = C.bounties[card]
    s = with_card(
        card,
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [4, 4], "damage": 2, "token": card}],
        tokens=[{"bounty": card, "holder": [1, "gubbin"]}],
    )
    s.rng.script("super", "strike")  # dagger: 3 strikes vs 3/5
    play(s, "attack hero=dez weapon=dagger target=gubbin of=1 dice=1")
    assert s.players[0].bounties == [card] and s.players[0].vp == b.value + 1


def _exact(card: str) -> None:
    """An attack's strikes equal to the named DEF value exactly (Dreyfus 3/6)."""
    b = C.bounties[card]
    three = ("strike", "strike", "strike", "miss", "miss")  # Bazooka: 1 Action, 3 Boost, 1 Power
    six = ("super", "super", "strike", "strike", "miss")
    four = ("super", "strike", "strike", "miss", "miss")
    wants = {"first": {3}, "second": {6}, "either": {3, 6}}[b.exact]
    for faces, total in ((three, 3), (six, 6), (four, 4)):
        s = with_card(card, [{"id": "dez", "pos": [3, 4]}], [{"id": "dreyfus", "pos": [5, 4]}])
        s.rng.script(*faces)
        play(s, "attack hero=dez weapon=bazooka target=dreyfus of=1 dice=1")
        assert (s.players[0].bounties == [card]) == (total in wants), (card, total)


def _damage(card: str) -> None:
    """Attack damage dealt in one activation reaches the amount (Super Damage: 2)."""
    b = C.bounties[card]
    assert b.amount <= 2
    s = with_card(card, [{"id": "dez", "pos": [3, 4]}], [{"id": "dreyfus", "pos": [4, 4]}])
    s.rng.script(*["super"] * 3)  # dagger, 2 Action dice: 6 strikes vs 3/6: 2 damage
    play(s, "attack hero=dez weapon=dagger target=dreyfus of=1 dice=2")
    assert s.players[0].bounties == [card]


def _knockout(card: str) -> None:
    """Knock out an Enemy with an attack meeting the card's class, weapon and distance terms."""
    b = C.bounties[card]
    victim = CLASS_HERO[b.victim_classes[0].value] if b.victim_classes else "gubbin"
    sta = C.heroes[victim].sta
    dist = max(b.min_distance, 1 if b.weapon != "ranged" else 2)
    weapon = "dagger" if b.weapon != "ranged" and dist == 1 else "bazooka"
    s = with_card(
        card,
        [{"id": "dez", "pos": [1, 4]}],
        [{"id": victim, "pos": [1 + dist, 4], "damage": sta - 1}],
    )
    s.rng.script(*["super"] * 6)
    play(s, f"attack hero=dez weapon={weapon} target={victim} of=1 dice=1")
    assert s.heroes[1][victim].place == "cooler" and s.players[0].bounties == [card]
    # the same knock-out failing one term claims nothing
    if b.victim_classes:
        other = next(
            h for c, h in CLASS_HERO.items() if c not in {x.value for x in b.victim_classes}
        )
    else:
        other = victim
    bad_weapon = {"melee": "bazooka", "ranged": "dagger"}.get(b.weapon or "", weapon)
    bad_dist = 1 if b.min_distance > 1 or b.weapon == "melee" else dist
    if bad_weapon == "dagger":
        bad_dist = 1
    if other == victim and bad_weapon == weapon and bad_dist == dist:
        return  # no terms: any attack knock-out claims
    sta = C.heroes[other].sta
    s = with_card(
        card,
        [{"id": "dez", "pos": [1, 4]}],
        [{"id": other, "pos": [1 + bad_dist, 4], "damage": sta - 1}],
    )
    s.rng.script(*["super"] * 6)
    play(s, f"attack hero=dez weapon={bad_weapon} target={other} of=1 dice=1")
    assert s.heroes[1][other].place == "cooler" and s.players[0].bounties == []


def _hoard(card: str) -> None:
    """Holding the amount of Loot during your own turn claims the card."""
    b = C.bounties[card]
    s = with_card(
        card,
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "korga", "pos": [7, 7]}],
        player0={"loot": b.amount - 1},
        loot_tokens=[[3, 5, 1]],
    )
    play(s, "run hero=dez to=(3,5)")
    assert s.players[0].bounties == [card]


def _raid(card: str) -> None:
    """A raid whose Boost die shows a super strike claims the card; a strike does not."""
    for face, claims in (("strike", False), ("super", True)):
        s = with_card(
            card,
            [{"id": "dez", "pos": [4, 2]}],
            [{"id": "korga", "pos": [7, 7]}],
            chest={"id": "iron_chest", "pos": [4, 1]},
        )
        s.rng.script(face)
        play(s, "raid hero=dez")
        assert (s.players[0].bounties == [card]) == claims


def _hill(card: str) -> None:
    """Your hero on the centre hex with no Enemy next to it, during your turn."""
    s = with_card(card, [{"id": "dez", "pos": [3, 4]}], [{"id": "korga", "pos": [7, 7]}])
    play(s, "run hero=dez to=(4,4)")
    assert s.players[0].bounties == [card]


GOAL_TESTS = {
    "rig": _rig,
    "carry": _carry,
    "mark": _mark,
    "exact": _exact,
    "damage": _damage,
    "knockout": _knockout,
    "hoard": _hoard,
    "raid": _raid,
    "hill": _hill,
}


@pytest.mark.parametrize("card", ALL_BOUNTIES)
def test_every_bounty_card_can_be_claimed_by_its_goal(card):
    GOAL_TESTS[C.bounties[card].goal](card)


@pytest.mark.parametrize("card", [k for k in ALL_BOUNTIES if C.bounties[k].token])
def test_every_bounty_token_is_set_up_where_its_card_says(card):
    """Rulebook "Bounty Cards": the Setup of a flipped card places its token (d6 for a random
    beacon or gate; a mark goes onto a random hero in play)."""
    b = C.bounties[card]
    s = with_card(
        card,
        [{"id": "dez", "pos": [3, 3]}],
        [{"id": "korga", "pos": [7, 7]}],
        bounty={"deck": DECK_OF[card], "active": [], "draw": [card]},
    )
    if b.goal == "mark":
        s.rng.script(0)  # the first hero in play
    elif b.place in ("beacon", "gate"):
        s.rng.script("4")  # d6 -> beacon / gate 4
    elif b.place != "centre":
        s.rng.script("4", 0)  # d6 -> beacon / gate 4, then its first free neighbour
    rules._flip_bounty(s, [])
    tok = s.tokens[card]
    assert tok.kind == b.token
    arena = s.arena
    if b.goal == "mark":
        assert tok.pos is None and tok.holder is not None
        assert s.heroes[tok.holder[0]][tok.holder[1]].token == card
    elif b.place == "centre":
        assert tok.pos == arena.centre
    elif b.place == "beacon":
        assert tok.pos == arena.beacons[4]
    elif b.place == "gate":
        assert tok.pos == arena.gates[4]
    elif b.place == "near_beacon":
        assert tok.pos in arena.nbrs[arena.beacons[4]] and tok.pos not in arena.blocked
    else:
        assert tok.pos in arena.nbrs[arena.gates[4]] and tok.pos not in arena.blocked


CHEST_ROWS = [(chest, i) for chest in sorted(C.chests) for i in range(3)]
FACE = ("miss", "strike", "super")


@pytest.mark.parametrize(("chest", "row"), CHEST_ROWS)
def test_every_treasure_row_pays_out(chest, row):
    """Rulebook "Treasure Beacons...": the raid's Boost die picks the row (miss 1, strike 2,
    super strike 3); its Loot is gained (never above 10) and each optional benefit is offered."""
    r = C.chests[chest].rows[row]
    s = position(
        [
            {"id": "dez", "pos": [4, 2]},
            {"id": "gubbin", "pos": [7, 2], "damage": 2, "dice": 1},
            {"id": "eiryss", "place": "cooler"},
        ],
        [{"id": "korga", "pos": [7, 7]}],
        player0={"loot": 1, "discard": ["bang_rounds"]},
        chest={"id": chest, "pos": [4, 1]},
    )
    s.rng.script(FACE[row])
    play(s, "raid hero=dez")
    assert s.players[0].loot == min(10, 1 + r.loot)
    assert s.chest is None and s.treasure_discard == [chest]
    offered = []
    while s.pending:
        f = s.pending[-1]
        offered.append(f.kind)
        play(s, str(rules._frame_actions(s, f)[0]))
    want = [
        k
        for k in ("heal", "refund", "recover", "release")
        if getattr(r, k) or (k == "heal" and r.heal_all)
    ]
    assert offered == want
    if r.heal_all:
        assert s.heroes[0]["gubbin"].damage == 0
    elif r.heal:
        assert s.heroes[0]["gubbin"].damage == max(0, 2 - r.heal)
    if r.recover:
        assert s.players[0].hand == ["bang_rounds"]
    if r.release:
        assert s.heroes[0]["eiryss"].place == "bench"


@pytest.mark.parametrize("gear", sorted(C.gear))
def test_every_riot_gear_card_changes_its_hero_as_written(gear):
    """Rulebook "Riot Gear": an equipped card changes the hero's stats, weapons or abilities."""
    g = C.gear[gear]
    hero = "dez"  # one melee and one ranged weapon
    base, geared = profile(hero, None), profile(hero, gear)
    assert geared.spd == base.spd + g.spd
    assert (geared.def1, geared.def2) == (base.def1 + g.def_, base.def2 + g.def_)
    for w0, w1 in zip(base.weapons, geared.weapons, strict=True):
        melee = w0.kind == "melee"
        assert w1.power == w0.power + (g.melee_power if melee else g.ranged_power)
        assert w1.boost == w0.boost + (g.melee_boost if melee else g.ranged_boost)
        added = {x.value for x in (g.melee_abilities if melee else g.ranged_abilities)}
        assert w1.abilities == w0.abilities | added
    assert geared.abilities == base.abilities | {x.value for x in g.abilities}
    if g.special is not None:
        assert any(sp.kind == g.special.kind.value and sp.from_gear for sp in geared.specials)
    changed = (
        geared.spd != base.spd
        or geared.def1 != base.def1
        or geared.weapons != base.weapons
        or geared.abilities != base.abilities
        or geared.specials != base.specials
    )
    assert changed, f"{gear} has no effect"


def test_plated_vest_adrenal_injector_and_smoke_bombs_in_play():
    """Our gear: Plated Vest +1 both DEF values; Adrenal Injector +2 SPD on a run; Smoke Bombs
    give Cover (+1 both DEF values, once even in an obstacle)."""
    s = position(
        [{"id": "dez", "pos": [1, 4], "gear": "adrenal_injector"}],
        [{"id": "gubbin", "pos": [4, 4], "gear": "plated_vest"}, {"id": "nix", "pos": [7, 7]}],
    )
    dez = s.heroes[0]["dez"]
    assert rules.defence(s, s.heroes[1]["gubbin"], dez, "melee") == (4, 6)
    assert max(d for d in rules.move_dests(s, dez, 6).values()) == 6
    play(s, "activate hero=dez")
    runs = [x["to"] for x in R.legal_actions(s) if x.kind == "run"]
    assert max(s.arena.distance((1, 4), c) for c in runs) == 6  # SPD 4 + 2
    nix = s.heroes[1]["nix"]  # Nix Shade is Shadowed: always in Cover
    assert rules.defence(s, nix, dez, "melee") == (4, 6)
    s.heroes[1]["gubbin"].gear = "smoke_bombs"
    assert rules.defence(s, s.heroes[1]["gubbin"], dez, "melee") == (4, 6)


def test_shard_of_rathrok_adds_a_power_die_and_brutal_to_melee():
    """Shard of Rathrok: melee attacks roll one more Power die and every hit is Super Damage."""
    s = position(
        [{"id": "bamfist", "pos": [3, 4], "gear": "shard_of_rathrok"}],
        [{"id": "dreyfus", "pos": [4, 4]}],
    )
    s.rng.script("strike", "strike", "strike", "miss", "miss")  # 1 Action, 2 Boost, 2 Power: 3
    ev = play(s, "attack hero=bamfist weapon=knuckle_busters target=dreyfus of=1 dice=1")
    assert rolled(ev, "attack") == {"action": 1, "boost": 2, "power": 2}
    assert s.heroes[1]["dreyfus"].damage == 2  # a hit, made Super Damage by Brutal


def test_unstoppable_heroes_are_never_beaten_back_or_shoved():
    """Korga's Unstoppable: Beatback and Shove cannot move it."""
    s = position([{"id": "dez", "pos": [2, 4]}], [{"id": "korga", "pos": [4, 4]}])
    s.rng.script("super", "super", "super", "super", "super")
    play(s, "attack hero=dez weapon=bazooka target=korga of=1 dice=1")
    assert not s.pending and s.heroes[1]["korga"].pos == (4, 4)
    s = position(
        [{"id": "dreyfus", "pos": [3, 4], "gear": "galvanic_repulsor"}],
        [{"id": "korga", "pos": [4, 4]}, {"id": "gubbin", "pos": [3, 3]}],
    )
    play(s, "activate hero=dreyfus")
    shoves = {x["target"] for x in R.legal_actions(s) if x.get("ability") == "shove"}
    assert shoves == {"gubbin"}
