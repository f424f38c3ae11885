"""The rulebook's worked examples, driven through positions and scripted dice."""

from __future__ import annotations

import pytest
from rq_util import R, a, arena, kinds, play, position, rolled

from riotsim.core.contract import IllegalAction
from riotsim.games.riotquest import rules


def test_gubbin_runs_raids_and_shoots_with_two_dice():
    """Rulebook "Activating" example: Gubbin runs, raids an adjacent Chest, then makes a ranged
    attack spending two Action dice; each action spends dice that stay on his card."""
    s = position(
        [{"id": "gubbin", "pos": [4, 3]}],
        [{"id": "dez", "pos": [6, 4]}],
        chest={"id": "iron_chest", "pos": [4, 1]},
    )
    s.rng.script("strike")  # raid: Boost die strike -> row 2 of the Iron Chest (4 Loot, heal)
    ev = play(s, "run hero=gubbin to=(4,2)", "raid hero=gubbin")
    assert s.heroes[0]["gubbin"].pos == (4, 2)
    assert s.players[0].loot == 4 and s.chest is None
    assert "iron_chest" in s.treasure_discard
    # Pistol: 2 Action dice + 1 Boost + 1 Power
    s.rng.script("strike", "miss", "strike", "strike")
    ev = play(s, "attack hero=gubbin weapon=pistol target=dez of=1 dice=2")
    assert rolled(ev, "attack") == {"action": 2, "boost": 1, "power": 1}
    g = s.heroes[0]["gubbin"]
    assert g.dice == 4 and s.players[0].well == 2  # run 1 + raid 1 + attack 2
    assert s.heroes[1]["dez"].damage == 1  # 3 strikes vs DEF 2/4: a hit, no Super Damage
    # each action once per activation
    legal = R.legal_actions(s)
    assert not any(x.kind in ("run", "raid", "attack") for x in legal)


def test_dez_bazooka_with_bang_rounds_two_dice_super_damage():
    """Rulebook "Making Attacks" first example: Dez with a +1 Power die gear spends two Action
    dice on a Bazooka attack; 7 strikes meet Sir Dreyfus' upper DEF 6: 2 damage."""
    s = position(
        [{"id": "dez", "pos": [2, 4], "gear": "bang_rounds"}],
        [{"id": "dreyfus", "pos": [5, 4]}],
    )
    # 2 action + 3 boost + 2 power = 7 dice, scripted to 7 strikes
    s.rng.script("strike", "miss", "strike", "strike", "super", "strike", "strike")
    ev = play(s, "attack hero=dez weapon=bazooka target=dreyfus of=1 dice=2")
    assert rolled(ev, "attack") == {"action": 2, "boost": 3, "power": 2}
    att = next(e for e in ev if e.kind == "attack")
    assert att.data["strikes"] == 7 and att.data["def"] == [3, 6] and att.data["super"]
    assert s.heroes[1]["dreyfus"].damage == 2


def test_dez_bazooka_minimum_dice_single_damage():
    """Rulebook "Making Attacks" second example: one Action die plus the Bazooka's 3 Boost and
    1 Power dice; 4 strikes beat DEF 3 but not 6: 1 damage."""
    s = position([{"id": "dez", "pos": [2, 4]}], [{"id": "dreyfus", "pos": [5, 4]}])
    s.rng.script("strike", "strike", "miss", "strike", "strike")
    ev = play(s, "attack hero=dez weapon=bazooka target=dreyfus of=1 dice=1")
    assert rolled(ev, "attack") == {"action": 1, "boost": 3, "power": 1}
    assert s.heroes[1]["dreyfus"].damage == 1
    assert s.heroes[0]["dez"].dice == 1


def test_target_range_ignores_models_and_barriers():
    """Rulebook "Target Models": RNG needs no line of sight; Dez's Dagger reaches 1, Bazooka 3."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}, {"id": "gubbin", "pos": [4, 4]}],
        [{"id": "eiryss", "pos": [6, 4]}],
        arena=arena(barriers=[(5, 4)]),
    )
    play(s, "activate hero=dez")
    legal = {str(x) for x in R.legal_actions(s)}
    assert "attack hero=dez weapon=bazooka target=eiryss of=1 dice=1" in legal
    assert "attack hero=dez weapon=dagger target=eiryss of=1 dice=1" not in legal
    # never own crew
    assert not any("target=gubbin" in x for x in legal)


def test_dreyfus_defence_with_cover_and_with_spotter():
    """Rulebook "Modifying Defense": DEF 3/6 becomes 4/7 in an obstacle (Cover), and 2/5 against
    the ranged attack of an enemy Eiryss whose Spotter reaches him."""
    s = position(
        [{"id": "eiryss", "pos": [2, 4]}],
        [{"id": "dreyfus", "pos": [5, 4]}],
        arena=arena(obstacles=[(5, 4)]),
    )
    dreyfus, eiryss = s.heroes[1]["dreyfus"], s.heroes[0]["eiryss"]
    # in Cover (Spotter also applies against her ranged attack: 4-1)
    assert rules.defence(s, dreyfus, eiryss, "melee") == (4, 7)
    s2 = position([{"id": "eiryss", "pos": [2, 4]}], [{"id": "dreyfus", "pos": [5, 4]}])
    d2, e2 = s2.heroes[1]["dreyfus"], s2.heroes[0]["eiryss"]
    assert rules.defence(s2, d2, e2, "melee") == (3, 6)
    assert rules.defence(s2, d2, e2, "ranged") == (2, 5)
    # Spotter reaches 3 hexes only
    s3 = position([{"id": "eiryss", "pos": [0, 2]}], [{"id": "dreyfus", "pos": [5, 4]}])
    assert rules.defence(s3, s3.heroes[1]["dreyfus"], s3.heroes[0]["eiryss"], "ranged") == (3, 6)


def test_dreyfus_leaps_over_a_spawn_gate():
    """Rulebook "Movement & Terrain" LEAP example: placing ignores the Spawn Gate barrier when
    counting hexes; normal movement could not reach that hex."""
    # gate 6 at (0,4) lies between (0,3) and (0,5); a wall at (1,4) closes the way round
    s = position(
        [{"id": "dreyfus", "pos": [0, 3]}],
        [{"id": "dez", "pos": [7, 7]}],
        arena=arena(barriers=[(1, 4)]),
    )
    assert s.arena.distance((0, 3), (0, 5)) == 2
    play(s, "activate hero=dreyfus")
    legal = {str(x) for x in R.legal_actions(s)}
    assert "run hero=dreyfus to=(0,5)" not in legal
    assert "special hero=dreyfus ability=leap to=(0,5)" in legal
    assert "special hero=dreyfus ability=leap to=(0,4)" not in legal  # never onto a barrier
    assert "special hero=dreyfus ability=leap to=(0,6)" not in legal  # 3 away
    ev = play(s, "special hero=dreyfus ability=leap to=(0,5)")
    assert s.heroes[0]["dreyfus"].pos == (0, 5)
    assert "placed" in kinds(ev) and "moved" not in kinds(ev)
    assert s.heroes[0]["dreyfus"].dice == 1
    # one special action per activation
    assert not any(x.kind == "special" for x in R.legal_actions(s))


def test_beatback_into_an_obstacle_stops_there():
    """Rulebook "Movement & Terrain" Beatback example: Bamfist pushed into an obstacle hex counts
    it as 2 spaces and stops there; the pushed model must end farther from Dez."""
    s = position(
        [{"id": "dez", "pos": [2, 4]}],
        [{"id": "bamfist", "pos": [4, 4]}],
        arena=arena(obstacles=[(5, 4)]),
    )
    s.rng.script("strike", "strike", "miss", "miss", "miss")  # 2 strikes vs DEF 2: hit
    play(s, "attack hero=dez weapon=bazooka target=bamfist of=1 dice=1")
    assert s.heroes[1]["bamfist"].damage == 1
    frame = s.pending[-1]
    assert frame.kind == "beatback" and frame.seat == 0
    opts = {tuple(c) for c in frame.data["options"]}
    assert (5, 4) in opts  # the obstacle: costs both spaces
    assert (6, 4) not in opts  # beyond the obstacle: out of reach
    assert all(s.arena.distance((2, 4), c) > 2 for c in opts)
    play(s, "beatback to=(5,4)")
    assert s.heroes[1]["bamfist"].pos == (5, 4)
    assert not s.pending


def test_bang_rounds_beatback_applies_once():
    """Rulebook "Duplicate Abilities & Special Rules": Bazooka and Bang Rounds both give
    Beatback; it is applied once per hit."""
    s = position(
        [{"id": "dez", "pos": [2, 4], "gear": "bang_rounds"}],
        [{"id": "gubbin", "pos": [4, 4]}],
    )
    s.rng.script("strike", "strike", "strike", "miss", "miss", "miss")  # 3 strikes vs 3/5
    play(s, "attack hero=dez weapon=bazooka target=gubbin of=1 dice=1")
    assert [f.kind for f in s.pending] == ["beatback"]
    play(s, "skip")
    assert not s.pending and s.attack is None


def test_eiryss_rigs_the_deathtrap_with_the_rig_bonus():
    """Rulebook "Rigging" example: Eiryss, adjacent to the Deathtrap, spends one Action die and
    rolls three Boost dice plus a Power die for the Rig Bonus; 5 strikes succeed (3 needed)."""
    s = position(
        [{"id": "eiryss", "pos": [3, 4]}],
        [{"id": "dez", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["deathtrap", "bullseye"], "draw": []},
        tokens=[{"bounty": "deathtrap", "pos": [4, 4]}],
    )
    s.rng.script("strike", "super", "miss", "strike", "strike")
    ev = play(s, "rig hero=eiryss bounty=deathtrap")
    assert rolled(ev, "rig") == {"boost": 3, "power": 1}
    assert s.players[0].bounties == ["deathtrap"] and s.players[0].vp == 2
    assert "deathtrap" not in s.tokens and s.bounty_active == ["bullseye"]
    assert s.heroes[0]["eiryss"].dice == 1


def test_rig_without_bonus_rolls_three_boost_dice_and_can_fail():
    """Rulebook "Rigging": no Rig Bonus, three Boost dice; fewer than 3 strikes fail."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["deathtrap"], "draw": []},
        tokens=[{"bounty": "deathtrap", "pos": [4, 4]}],
    )
    s.rng.script("strike", "strike", "miss")
    ev = play(s, "rig hero=dez bounty=deathtrap")
    assert rolled(ev, "rig") == {"boost": 3}
    assert s.players[0].vp == 0 and "deathtrap" in s.bounty_active


def test_cooler_roll_one_strike_frees_one_of_two():
    """Rulebook "Damaging Models..." Cooler example: Bamfist and Gubbin in the Cooler roll two
    Action dice; one strike lets one of them back to the Bench."""
    s = position(
        [
            {"id": "dez", "pos": [1, 1]},
            {"id": "bamfist", "place": "cooler"},
            {"id": "gubbin", "place": "cooler"},
        ],
        [{"id": "dreyfus", "pos": [5, 5]}],
        player0={"passed": True},
        player1={"passed": False},
        priority=1,
        turn_start=True,
    )
    s.rng.script("strike", "miss")  # player 0's Cooler roll
    s.rng.script(*["miss"] * 12)  # priority roll-off afterwards: 0-0, then
    s.rng.script(*["strike"] * 6, *["miss"] * 6)
    ev = play(s, "pass")
    frame = s.pending[-1]
    assert frame.kind == "release" and frame.seat == 0 and frame.data["n"] == 1
    assert rolled(ev, "cooler") == {"action": 2}
    play(s, "release hero=gubbin")
    assert s.heroes[0]["gubbin"].place == "bench"
    assert s.heroes[0]["bamfist"].place == "cooler"
    assert s.round == 2


def test_leaving_the_cooler_is_a_choice_for_each_strike():
    """Rulebook "Damaging Models, Getting Knocked Out & the Cooler": for each strike the player
    *can* move one hero from the Cooler to the Bench, so even with a strike for every hero in
    the Cooler each release is offered one at a time and the player may decline (Skip)."""

    def cool_down_with_two_strikes():
        s = position(
            [
                {"id": "dez", "pos": [1, 1]},
                {"id": "bamfist", "place": "cooler"},
                {"id": "gubbin", "place": "cooler"},
            ],
            [{"id": "dreyfus", "pos": [5, 5]}],
            player0={"passed": True},
            priority=1,
            turn_start=True,
        )
        s.rng.script("strike", "strike")  # player 0's Cooler roll: a strike per hero
        s.rng.script(*["strike"] * 6, *["miss"] * 6)  # then the Priority Roll
        play(s, "pass")
        return s

    s = cool_down_with_two_strikes()
    frame = s.pending[-1]
    assert frame.kind == "release" and frame.seat == 0 and frame.data["n"] == 2
    assert R.legal_actions(s) == [a("release hero=bamfist"), a("release hero=gubbin"), a("skip")]
    play(s, "skip")  # both stay in the Cooler
    assert s.heroes[0]["bamfist"].place == s.heroes[0]["gubbin"].place == "cooler"
    assert s.round == 2 and s.pending[-1].kind == "turn" and s.pending[-1].seat == 0
    # release one, keep the other
    s = cool_down_with_two_strikes()
    play(s, "release hero=gubbin")
    assert R.legal_actions(s) == [a("release hero=bamfist"), a("skip")]
    play(s, "skip")
    assert s.heroes[0]["gubbin"].place == "bench" and s.heroes[0]["bamfist"].place == "cooler"
    assert s.round == 2


def test_loot_cap_of_ten():
    """Rulebook "Knocked-Out Models & Loot Tokens": never more than 10 Loot; a token a capped
    player walks onto stays on the map."""
    s = position(
        [{"id": "gubbin", "pos": [3, 3]}],
        [{"id": "dez", "pos": [7, 7]}],
        player0={"loot": 9},
        loot_tokens=[[4, 3, 2]],
    )
    play(s, "run hero=gubbin to=(4,3)")
    assert s.players[0].loot == 10
    assert s.loot_tokens == {(4, 3): 1}


def test_loot_picked_up_on_every_hex_entered():
    """Rulebook "Knocked-Out Models & Loot Tokens": entering a hex gathers its Loot, also when
    running through it."""
    s = position(
        [{"id": "gubbin", "pos": [1, 4]}],
        [{"id": "dez", "pos": [7, 7]}],
        loot_tokens=[[2, 4, 1]],
        arena=arena(barriers=[(2, 3), (2, 5), (1, 3), (1, 5)]),
    )
    play(s, "run hero=gubbin to=(3,4)")
    assert s.players[0].loot == 1 and not s.loot_tokens


def test_scrap_only_for_knock_outs_by_attack_damage():
    """Rulebook "Scrap Cards": a knock-out by a trap earns no Scrap; one by an attack does."""
    s = position(
        [{"id": "gubbin", "pos": [3, 4]}],
        [{"id": "dez", "pos": [7, 7], "damage": 3}],
        bounty={"deck": "mayhem", "active": ["deathtrap"], "draw": []},
        tokens=[{"bounty": "deathtrap", "pos": [4, 4]}],
        priority=1,
    )
    # Dez (STA 4, 3 damage) steps on the Trap: knocked out, no Scrap for anyone
    s.heroes[1]["dez"].pos = (5, 4)
    s.occ = {(3, 4): (0, "gubbin"), (5, 4): (1, "dez")}
    ev = play(s, "run hero=dez to=(4,4)")
    assert "knocked_out" in kinds(ev)
    assert s.heroes[1]["dez"].place == "cooler"
    assert [p.scrap for p in s.players] == [0, 0]
    assert s.loot_tokens == {(4, 4): 1}
    # a knock-out by attack damage gives the attacker a Scrap card
    s = position(
        [{"id": "gubbin", "pos": [3, 4]}],
        [{"id": "dez", "pos": [4, 4], "damage": 3, "gear": "bang_rounds"}],
    )
    s.rng.script("strike", "strike", "strike")  # shiv: 1 action + 1 boost + 1 power
    ev = play(s, "attack hero=gubbin weapon=shiv target=dez of=1 dice=1")
    assert s.players[0].scrap == 1 and s.players[0].vp == 1
    assert s.players[1].discard == ["bang_rounds"]  # gear breaks
    assert s.loot_tokens == {(4, 4): 1}


def test_super_damage_adds_only_one_point():
    """Rulebook "Super Damage": several Super Damage sources still add one point."""
    s = position(
        [{"id": "nix", "pos": [3, 4], "gear": "shard_of_rathrok"}],
        [{"id": "korga", "pos": [4, 4]}],
    )
    # twin daggers 2 boost + shard power 1 + 6 action dice: all super -> 18 strikes, brutal too
    s.rng.script(*["super"] * 9)
    play(s, "attack hero=nix weapon=twin_daggers target=korga of=1 dice=6")
    assert s.heroes[1]["korga"].damage == 2


def test_brutal_gives_super_damage_on_any_hit():
    """Rulebook "Super Damage": some rules make any hit Super Damage."""
    s = position([{"id": "nix", "pos": [3, 4]}], [{"id": "korga", "pos": [4, 4]}])
    s.rng.script("strike", "strike", "strike")  # 3 strikes vs 3/6
    ev = play(s, "attack hero=nix weapon=twin_daggers target=korga of=1 dice=1")
    assert s.heroes[1]["korga"].damage == 2
    assert any(e.kind == "ability" and e.data["ability"] == "brutal" for e in ev)


def test_movement_obstacles_barriers_friends_and_enemies():
    """Rulebook "Movement & Terrain": obstacles cost 2, barriers block, friends may be passed
    but not ended on, enemies block."""
    s = position(
        [{"id": "dreyfus", "pos": [2, 4]}, {"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [2, 3]}],
        arena=arena(obstacles=[(2, 5)], barriers=[(1, 4)]),
    )
    d = rules.move_dests(s, s.heroes[0]["dreyfus"], 3)
    assert (3, 4) not in d  # a friend: passable, not an end
    assert (4, 4) in d and d[(4, 4)] == 2  # through the friend
    assert (2, 3) not in d and (1, 4) not in d  # enemy and barrier
    assert d[(2, 5)] == 2  # obstacle counts twice
    # Gubbin (Sneak) may pass enemies
    g = rules.move_dests(s, s.heroes[1]["gubbin"], 2)
    assert (4, 4) in g or (4, 5) in g


def test_equip_and_replace_gear_returns_old_card_tinker_discount():
    """Rulebook "Riot Gear": pay the Loot cost; replacing returns the old card to the hand.
    Tinker (our Specialist ability): gear costs 1 Loot less on a Specialist."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}, {"id": "bamfist", "pos": [5, 5]}],
        [{"id": "gubbin", "pos": [7, 7]}],
        player0={"loot": 7, "hand": ["bang_rounds", "plated_vest", "shard_of_rathrok"]},
    )
    play(s, "equip hero=dez gear=bang_rounds")
    assert s.players[0].loot == 4 and s.heroes[0]["dez"].gear == "bang_rounds"
    play(s, "equip hero=dez gear=plated_vest")
    assert s.players[0].loot == 1 and "bang_rounds" in s.players[0].hand
    assert rules.gear_cost(s, s.heroes[0]["bamfist"], "shard_of_rathrok") == 3
    with pytest.raises(IllegalAction):
        R.apply(s, a("equip hero=bamfist gear=shard_of_rathrok"))  # 1 Loot only


def test_at_least_one_action_and_pass_loses_priority():
    """Rulebook "Activating" and "Passing": no end of activation before an action; a passed
    player takes no more turns this round."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}, {"id": "gubbin", "pos": [1, 1]}],
        [{"id": "dreyfus", "pos": [7, 7]}, {"id": "eiryss", "pos": [7, 2]}],
        turn_start=True,
    )
    assert R.legal_actions(s) == [a("take_turn"), a("pass")]
    play(s, "take_turn")
    legal = R.legal_actions(s)
    assert a("end_activation") not in legal and a("pass") not in legal
    assert a("activate hero=dez") in legal and not any(x.kind == "run" for x in legal)
    play(s, "activate hero=dez")
    assert a("end_activation") not in R.legal_actions(s)
    play(s, "run hero=dez to=(4,4)")
    assert a("pass") not in R.legal_actions(s)
    play(s, "end_activation")
    assert R.to_move(s) == 1
    play(s, "pass")
    assert R.to_move(s) == 0
    play(s, "take_turn", "run hero=gubbin to=(2,1)", "end_activation")
    assert R.to_move(s) == 0  # player 1 passed: player 0 keeps the turns
    # Dez has dice on her card: cannot activate again
    assert a("activate hero=dez") not in R.legal_actions(s)


def test_trigger_order_is_a_decision_for_the_attacker():
    """Rulebook "Timing of Abilities": several of one player's abilities triggering together
    resolve in an order that player chooses (Mok's Maul Beatback and his Press)."""
    s = position([{"id": "mok", "pos": [3, 4]}], [{"id": "gubbin", "pos": [4, 4]}])
    s.rng.script("strike", "strike", "strike", "miss")  # 3 vs 3/5: hit
    play(s, "attack hero=mok weapon=maul target=gubbin of=1 dice=1")
    frame = s.pending[-1]
    assert frame.kind == "order" and frame.seat == 0
    assert sorted(frame.data["options"]) == ["beatback", "press"]
    play(s, "order ability=press")
    assert s.pending[-1].kind == "press"
    play(s, "skip")
    assert s.pending[-1].kind == "beatback"  # the remaining one resolves next
    play(s, "skip")
    assert not s.pending


def test_defender_abilities_resolve_after_the_attackers():
    """Rulebook "Timing of Abilities": the other player's on-hit abilities (Thorn Mail) resolve
    after the attacker's, before damage; a removed model's abilities do not take effect."""
    s = position(
        [{"id": "gubbin", "pos": [3, 4], "damage": 2}],
        [{"id": "korga", "pos": [4, 4], "gear": "thorn_mail"}],
    )
    s.rng.script("super", "super", "miss")  # 4 strikes vs 3/6: hit
    ev = play(s, "attack hero=gubbin weapon=shiv target=korga of=1 dice=1")
    # Thorn Mail knocks Gubbin (STA 3) out; the attack's damage still lands
    assert s.heroes[0]["gubbin"].place == "cooler"
    assert s.heroes[1]["korga"].damage == 1
    assert s.players[1].scrap == 0  # not attack damage
    order = [e.kind for e in ev if e.kind in ("ability", "damaged")]
    assert order == ["ability", "damaged", "damaged"]


def test_evacuation_only_undamaged_heroes_at_the_centre():
    """Rulebook "Cool Down": starting with the last player to have Priority, each player may
    return one undamaged hero on or next to the centre hex to the Bench; its gear breaks."""
    s = position(
        [{"id": "dez", "pos": [3, 3], "gear": "bang_rounds"}, {"id": "gubbin", "pos": [4, 4]}],
        [{"id": "dreyfus", "pos": [5, 4], "damage": 1}, {"id": "eiryss", "pos": [3, 4]}],
        player0={"passed": True},
        priority=1,
        turn_start=True,
    )
    play(s, "pass")
    frame = s.pending[-1]
    assert frame.kind == "evacuate" and frame.seat == 1  # last to have Priority goes first
    assert frame.data["options"] == ["eiryss"]  # Dreyfus is damaged
    play(s, "skip")
    frame = s.pending[-1]
    assert frame.seat == 0 and sorted(frame.data["options"]) == ["dez", "gubbin"]
    s.rng.script(*["strike"] * 6, *["miss"] * 6)  # priority roll for round 2
    play(s, "evacuate hero=dez")
    assert s.heroes[0]["dez"].place == "bench" and s.players[0].discard == ["bang_rounds"]
    assert s.round == 2 and s.priority == 0
    assert s.players[0].well == 6 and s.players[1].well == 6


def test_bamfist_runs_up_to_his_speed_of_four():
    """Rulebook "Movement & Terrain" example: Bamfist (SPD 4) spends one Action die to run and
    moves up to 4 spaces."""
    s = position([{"id": "bamfist", "pos": [4, 4]}], [{"id": "dez", "pos": [8, 7]}])
    play(s, "activate hero=bamfist")
    runs = [x["to"] for x in R.legal_actions(s) if x.kind == "run"]
    assert max(s.arena.distance((4, 4), c) for c in runs) == 4
    assert (0, 4) not in runs and (8, 4) not in runs  # gates; (0,4) is 4 away but a barrier
    play(s, "run hero=bamfist to=(4,8)")
    assert s.heroes[0]["bamfist"].pos == (4, 8) and s.players[0].well == 5


def test_a_model_is_adjacent_to_itself_and_tokens_in_its_hex():
    """Rulebook "Adjacent": a model is adjacent to itself and to tokens in its own space, so a
    hero standing on a Bounty token may rig it."""
    s = position(
        [{"id": "eiryss", "pos": [4, 4]}],
        [{"id": "dez", "pos": [8, 7]}],
        bounty={"deck": "mayhem", "active": ["deathtrap"], "draw": []},
        tokens=[{"bounty": "deathtrap", "pos": [4, 4]}],
    )
    assert s.arena.adjacent((4, 4), (4, 4))
    play(s, "activate hero=eiryss")
    assert a("rig hero=eiryss bounty=deathtrap") in R.legal_actions(s)
