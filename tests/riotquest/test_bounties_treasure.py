"""Bounties, tokens, chests and spawning (rulebook "Loot & Treasure", "Bounties & Winning")."""

from __future__ import annotations

from rq_util import arena, kinds, play, position

from riotsim.games.riotquest import rules


def test_telepandemonium_redirects_spawns_to_a_beacon_and_rig_fixes_it():
    """Rulebook "Bounty Cards" (Telepandemonium): a hero rolled to the malfunctioning gate
    spawns next to a random Treasure Beacon instead; rigging next to the gate repairs it."""
    s = position(
        [{"id": "dez", "pos": [7, 7]}, {"id": "gubbin"}],
        [{"id": "dreyfus", "pos": [1, 1]}],
        bounty={"deck": "mayhem", "active": ["telepandemonium"], "draw": []},
        tokens=[{"bounty": "telepandemonium", "pos": [8, 4]}],  # gate 3
        prepped=False,
    )
    s.rng.script("3", "2")  # d6 gate 3 -> malfunction -> d6 beacon 2 at (6,2)
    rules._advance(s, [])  # the turn starts: spawning
    frame = s.pending[-1]
    assert frame.kind == "spawn" and frame.data["options"] == ["gubbin"]
    ev = play(s, "spawn hero=gubbin")
    assert "spawn_redirected" in kinds(ev)
    frame = s.pending[-1]
    assert frame.kind == "place"
    assert all(s.arena.distance(tuple(c), (6, 2)) == 1 for c in frame.data["options"])
    # rig to fix it from next to the gate (Dez at (7,4) is next to gate 3 at (8,4))
    s2 = position(
        [{"id": "bamfist", "pos": [7, 4]}],
        [{"id": "dreyfus", "pos": [1, 1]}],
        bounty={"deck": "mayhem", "active": ["telepandemonium"], "draw": []},
        tokens=[{"bounty": "telepandemonium", "pos": [8, 4]}],
    )
    s2.rng.script("strike", "strike", "miss", "strike")  # bonus Power die for a Specialist
    play(s2, "rig hero=bamfist bounty=telepandemonium")
    assert s2.players[0].vp == 2 and not s2.tokens


def test_spawn_rerolls_a_gate_without_free_hexes():
    """Rulebook "Spawning": place next to the rolled gate; if no hex next to it is free,
    roll again."""
    # gate 1 at (0,0): neighbours (1,0) and (0,1) both occupied by enemies
    s = position(
        [{"id": "dez", "pos": [7, 7]}, {"id": "gubbin"}],
        [{"id": "dreyfus", "pos": [1, 0]}, {"id": "eiryss", "pos": [0, 1]}],
        prepped=False,
    )
    s.rng.script("1", "5")
    rules._advance(s, [])
    ev = play(s, "spawn hero=gubbin")
    gates = [e.data["faces"] for e in ev if e.kind == "dice_rolled"]
    assert gates == [["1"], ["5"]]
    frame = s.pending[-1]
    assert all(s.arena.distance(tuple(c), (0, 8)) == 1 for c in frame.data["options"])
    play(s, f"place hero=gubbin to=({frame.data['options'][0][0]},{frame.data['options'][0][1]})")
    assert s.heroes[0]["gubbin"].place == "arena"


def test_chest_spawns_at_turn_start_and_reshuffles():
    """Rulebook "Treasure Beacons...": a Chest spawns at the start of a turn when none is in
    the arena, on the beacon a d6 picks; an empty deck is reshuffled from the discards."""
    s = position(
        [{"id": "dez", "pos": [7, 7]}],
        [{"id": "dreyfus", "pos": [1, 1]}],
        treasure={"deck": "arena_chests", "draw": [], "discard": ["iron_chest", "ammo_crate"]},
    )
    s.rng.script("4")
    ev = play(s, "run hero=dez to=(7,5)", "end_activation")
    assert "chest_spawned" not in kinds(ev)  # not before the next player takes the turn
    ev = play(s, "take_turn")
    assert "deck_shuffled" in kinds(ev) and "chest_spawned" in kinds(ev)
    assert s.chest in ("iron_chest", "ammo_crate") and s.chest_pos == (4, 7)
    assert len(s.treasure_draw) == 1 and not s.treasure_discard


def test_free_raid_for_the_matching_class_and_treasure_choices():
    """Rulebook "Treasure Beacons...": the chest's class raids without an Action die; the Boost
    die picks the row (miss 1, strike 2, super 3); row effects are the raider's choices."""
    s = position(
        [{"id": "korga", "pos": [4, 2]}, {"id": "dez", "pos": [7, 7], "damage": 2}],
        [{"id": "dreyfus", "pos": [1, 1]}],
        chest={"id": "iron_chest", "pos": [4, 1]},
    )
    s.rng.script("strike")  # row 2: 4 Loot and heal a hero fully
    play(s, "raid hero=korga")
    assert s.heroes[0]["korga"].dice == 0 and s.players[0].well == 6
    assert s.players[0].loot == 4
    frame = s.pending[-1]
    assert frame.kind == "heal" and frame.data["options"] == ["dez"]
    play(s, "heal hero=dez")
    assert s.heroes[0]["dez"].damage == 0
    # row 3 of the Iron Chest: refund one spent die
    s = position(
        [{"id": "dez", "pos": [4, 2]}, {"id": "gubbin", "pos": [7, 7], "dice": 2}],
        [{"id": "dreyfus", "pos": [1, 1]}],
        chest={"id": "iron_chest", "pos": [4, 1]},
    )
    s.rng.script("super")
    play(s, "raid hero=dez")
    assert s.players[0].well == 3  # 2 on Gubbin + 1 for the raid
    # Dez's only die is the raid's own, placed after the raid: not one the row can return
    assert s.pending[-1].data["options"] == ["gubbin"]
    play(s, "refund hero=gubbin")
    assert s.players[0].well == 4 and s.heroes[0]["gubbin"].dice == 1


def test_a_chest_refund_never_returns_the_die_of_the_raid_that_opened_it():
    """Rulebook "Treasure Beacons, Treasure Chests & Raiding": the raid's Action die is placed
    on the hero's card after the raid is complete, so a row returning one spent die cannot
    return that die; a die the raider spent earlier this activation can come back."""
    # the raider's only spent die is the raid's: no hero to take a die back from
    s = position(
        [{"id": "dez", "pos": [4, 2]}, {"id": "gubbin", "pos": [7, 7]}],
        [{"id": "dreyfus", "pos": [1, 1]}],
        chest={"id": "iron_chest", "pos": [4, 1]},
    )
    s.rng.script("super")  # row 3: 3 Loot and one spent die back
    ev = play(s, "raid hero=dez")
    assert "chest_raided" in kinds(ev) and s.players[0].loot == 3
    assert not s.pending and s.heroes[0]["dez"].dice == 1 and s.players[0].well == 5
    # run first, then raid: the run's die may come back, the raid's stays on the card
    s = position(
        [{"id": "dez", "pos": [4, 3]}, {"id": "gubbin", "pos": [7, 7]}],
        [{"id": "dreyfus", "pos": [1, 1]}],
        chest={"id": "iron_chest", "pos": [4, 1]},
    )
    s.rng.script("super")
    play(s, "run hero=dez to=(4,2)", "raid hero=dez")
    assert s.heroes[0]["dez"].dice == 2 and s.players[0].well == 4
    frame = s.pending[-1]
    assert frame.kind == "refund" and frame.data["options"] == ["dez"]
    play(s, "refund hero=dez")
    assert s.heroes[0]["dez"].dice == 1 and s.players[0].well == 5


def test_bounty_tokens_pick_up_one_at_a_time_drop_and_deliver():
    """Rulebook "Bounty Tokens": tokens that can be picked up go on the hero's card when it
    enters their hex, only one at a time, and are dropped where it is knocked out. Brain Drain:
    carry the Cortex next to the centre to claim it."""
    s = position(
        [{"id": "gubbin", "pos": [1, 3], "token": None}],
        [{"id": "dreyfus", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["brain_drain", "gremlin_snatch"], "draw": []},
        tokens=[
            {"bounty": "brain_drain", "pos": [2, 3]},
            {"bounty": "gremlin_snatch", "pos": [3, 3]},
        ],
    )
    ev = play(s, "run hero=gubbin to=(3,3)")
    g = s.heroes[0]["gubbin"]
    picked = [e.data["bounty"] for e in ev if e.kind == "token_picked"]
    assert picked == ["brain_drain"]  # picked up first; holding it, the Gremlin stays
    assert s.tokens["gremlin_snatch"].pos == (3, 3)
    assert s.players[0].bounties == ["brain_drain"]  # (3,3) is next to the centre (4,4)
    assert "brain_drain" not in s.tokens and g.token is None
    # knocked out while holding: the token drops on its hex
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [1, 1], "damage": 2, "token": "brain_drain"}],
        bounty={"deck": "mayhem", "active": ["brain_drain"], "draw": []},
        tokens=[{"bounty": "brain_drain", "holder": [1, "gubbin"]}],
    )
    s.heroes[1]["gubbin"].pos = (4, 3)
    s.occ = {(3, 4): (0, "dez"), (4, 3): (1, "gubbin")}
    s.rng.script("strike", "strike", "strike", "miss", "miss")
    play(s, "attack hero=dez weapon=bazooka target=gubbin of=1 dice=1")
    assert s.tokens["brain_drain"].pos == (4, 3) and s.tokens["brain_drain"].holder is None


def test_marked_hero_knocked_out_by_attack_claims_the_target_bounty():
    """Our Marked for Glory card: the marked hero knocked out by an attack gives the bounty."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [4, 4], "damage": 2, "token": "marked_for_glory"}],
        bounty={"deck": "mayhem", "active": ["marked_for_glory"], "draw": []},
        tokens=[{"bounty": "marked_for_glory", "holder": [1, "gubbin"]}],
    )
    s.rng.script("strike", "strike", "strike", "miss", "miss")
    play(s, "attack hero=dez weapon=bazooka target=gubbin of=1 dice=1")
    assert s.players[0].bounties == ["marked_for_glory"] and s.players[0].vp == 3  # 2 + Scrap


def test_bullseye_exact_roll_and_bullet_magnet_failure_hurts_everything_within_two():
    """Bullseye (README facts): an attack whose strikes equal a DEF value exactly. Bullet Magnet:
    a failed rig damages every model within 2 of the Turret."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "dreyfus", "pos": [5, 4]}],
        bounty={"deck": "mayhem", "active": ["bullseye"], "draw": []},
    )
    s.rng.script("miss", "strike", "strike", "miss", "super")  # 4: neither 3 nor 6
    play(s, "attack hero=dez weapon=bazooka target=dreyfus of=1 dice=1")
    assert s.players[0].vp == 0
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "dreyfus", "pos": [5, 4]}],
        bounty={"deck": "mayhem", "active": ["bullseye"], "draw": []},
    )
    s.rng.script("miss", "strike", "strike", "miss", "strike")  # exactly 3
    play(s, "attack hero=dez weapon=bazooka target=dreyfus of=1 dice=1")
    assert s.players[0].bounties == ["bullseye"]
    # Bullet Magnet on beacon 1 (4,1): rig fails, all models within 2 suffer 1 damage
    s = position(
        [{"id": "dez", "pos": [4, 2]}, {"id": "gubbin", "pos": [2, 1]}],
        [{"id": "dreyfus", "pos": [5, 2]}, {"id": "eiryss", "pos": [8, 2]}],
        bounty={"deck": "mayhem", "active": ["bullet_magnet"], "draw": []},
        tokens=[{"bounty": "bullet_magnet", "pos": [4, 1]}],
    )
    s.rng.script("miss", "strike", "miss", "miss")  # Gunner: bonus Power die; 1 strike
    ev = play(s, "rig hero=dez bounty=bullet_magnet")
    dmg = {(e.data["player"], e.data["hero"]) for e in ev if e.kind == "damaged"}
    assert dmg == {(0, "dez"), (0, "gubbin"), (1, "dreyfus")}
    assert "bullet_magnet" in s.bounty_active


def test_damage_knockout_hoard_raid_and_hill_goals():
    """Our goal kinds: Wrecking Ball (2 damage in one activation), Giant Slayer (knock out a
    Guard or Fighter), Hoarder (8 Loot), Rich Pickings (super on a raid)."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "korga", "pos": [4, 4], "damage": 4}],
        bounty={"deck": "mayhem", "active": ["wrecking_ball", "giant_slayer"], "draw": []},
    )
    s.rng.script(*["super"] * 6)  # 12 strikes vs 3/6: 2 damage, Korga (STA 6) knocked out
    play(s, "attack hero=dez weapon=dagger target=korga of=1 dice=5")
    assert sorted(s.players[0].bounties) == ["giant_slayer", "wrecking_ball"]
    assert s.players[0].vp == 4  # 2 + 1 + Scrap
    s = position(
        [{"id": "gubbin", "pos": [3, 3]}],
        [{"id": "korga", "pos": [7, 7]}],
        player0={"loot": 7},
        loot_tokens=[[4, 3, 1]],
        bounty={"deck": "mayhem", "active": ["hoarder"], "draw": []},
    )
    play(s, "run hero=gubbin to=(4,3)")
    assert s.players[0].bounties == ["hoarder"]
    s = position(
        [{"id": "dez", "pos": [4, 2]}],
        [{"id": "korga", "pos": [7, 7]}],
        bounty={"deck": "grudge", "active": ["rich_pickings"], "draw": []},
        chest={"id": "ammo_crate", "pos": [4, 1]},
    )
    s.rng.script("super")
    play(s, "raid hero=dez")
    assert s.players[0].bounties == ["rich_pickings"] and s.players[0].loot == 5


def test_claimed_bounties_are_replaced_but_never_reshuffled():
    """Rulebook "Bounty Cards": refill to two active at the start of a turn; no reshuffle."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "dreyfus", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["hoarder"], "draw": ["bullseye"]},
        player0={"bounties": ["wrecking_ball"]},
    )
    play(s, "run hero=dez to=(3,5)", "end_activation")
    assert s.bounty_active == ["hoarder"]
    play(s, "take_turn")
    assert s.bounty_active == ["hoarder", "bullseye"] and s.bounty_draw == []


def test_trap_hurts_a_hero_that_stops_on_it():
    """Deathtrap (README facts, our text): a hero ending a move on the Trap suffers 1 damage."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "dreyfus", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["deathtrap"], "draw": []},
        tokens=[{"bounty": "deathtrap", "pos": [4, 4]}],
        arena=arena(),
    )
    play(s, "run hero=dez to=(4,4)")
    assert s.heroes[0]["dez"].damage == 1


def test_king_of_the_hill_needs_the_centre_without_adjacent_enemies():
    """Our King of the Hill card: a hero of yours on the centre hex, no Enemy next to it."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [4, 5]}],
        bounty={"deck": "grudge", "active": ["king_of_the_hill"], "draw": []},
    )
    assert s.arena.distance((4, 4), (4, 5)) == 1
    play(s, "run hero=dez to=(4,4)")
    assert s.players[0].vp == 0  # Gubbin stands next to the centre
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [7, 7]}],
        bounty={"deck": "grudge", "active": ["king_of_the_hill"], "draw": []},
    )
    play(s, "run hero=dez to=(4,4)")
    assert s.players[0].bounties == ["king_of_the_hill"]
