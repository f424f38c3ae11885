"""Rules audit: multiplayer Priority, equipping windows, knock-out consequences, duplicate
modifiers, simultaneous wins and hidden-hand events (rulebook sections named per test)."""

from __future__ import annotations

from typing import Any

import pytest
from rq_util import R, a, arena, kinds, play, position

from riotsim.core.contract import IllegalAction
from riotsim.games.riotquest import rules


def multi(crews: list[list[dict[str, Any]]], **extra: Any):
    """A position with one player per crew (2-4 players) on the open test arena."""
    turn_start = extra.pop("turn_start", False)
    if turn_start:
        extra["pending"] = [{"kind": "turn", "seat": extra.get("priority", 0), "data": {}}]
    players = []
    for i, crew in enumerate(crews):
        players.append({"name": f"P{i + 1}", "crew": crew, **extra.pop(f"player{i}", {})})
    return R.from_position(
        {"arena": extra.pop("arena", None) or arena(), "players": players, **extra}
    )


THREE = [
    [{"id": "dez", "pos": [1, 1]}],
    [{"id": "gubbin", "pos": [7, 1]}],
    [{"id": "korga", "pos": [7, 7]}],
]


def test_priority_goes_clockwise_and_skips_players_who_passed():
    """Rulebook "Go Time" and "Passing": after an activation Priority moves clockwise; a
    player who passed gets no more turns this round, the others keep going round the table."""
    s = multi(THREE, turn_start=True)
    play(s, "take_turn", "run hero=dez to=(1,2)", "end_activation")
    assert R.to_move(s) == 1 and R.legal_actions(s) == [a("take_turn"), a("pass")]
    play(s, "pass")
    assert R.to_move(s) == 2  # the pass hands Priority straight on
    play(s, "take_turn", "run hero=korga to=(6,7)", "end_activation")
    # Player 1 passed: after player 2 comes player 0 (whose only hero is spent: forced pass)
    assert R.to_move(s) == 0 and s.forced_pass and R.legal_actions(s) == [a("pass")]
    play(s, "pass")
    assert R.to_move(s) == 2 and s.forced_pass  # Korga has dice on his card too
    s.rng.script(*["miss"] * 6, *["strike"] * 6, *["miss"] * 6)  # round 2 priority roll
    play(s, "pass")
    # everyone passed: Cool Down (nothing to evacuate), then player 1 wins the Priority Roll
    assert s.round == 2 and R.to_move(s) == 1
    assert all(not p.passed for p in s.players)


def test_priority_roll_ties_reroll_only_the_tied_players():
    """Rulebook "Priority Roll": not in round 1; most strikes wins, tied players re-roll."""
    s = multi(
        THREE, priority=2, turn_start=True, player0={"passed": True}, player1={"passed": True}
    )
    # first roll: P1 3, P2 3, P3 1 -> P1 and P2 re-roll: P1 0, P2 2
    first = ["strike"] * 3 + ["miss"] * 3
    s.rng.script(*first, *first, "strike", *["miss"] * 5, *["miss"] * 6, "super", *["miss"] * 5)
    ev = play(s, "pass")
    rolls = [e for e in ev if e.kind == "dice_rolled" and e.data["purpose"] == "priority"]
    assert [e.seat for e in rolls] == [0, 1, 2, 0, 1]
    assert s.round == 2 and R.to_move(s) == 1


def test_evacuation_starts_with_the_last_player_to_have_priority_and_goes_clockwise():
    """Rulebook "Cool Down": one evacuation per player, starting with the last player to have
    Priority this round and continuing clockwise."""
    crews = [
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [4, 3]}],
        [{"id": "korga", "pos": [5, 4]}],
    ]
    s = multi(
        crews, priority=1, turn_start=True, player0={"passed": True}, player2={"passed": True}
    )
    play(s, "pass")
    seats = []
    while s.pending and s.pending[-1].kind == "evacuate":
        seats.append(s.pending[-1].seat)
        play(s, "skip")
    assert seats == [1, 2, 0]


def test_equipping_needs_priority_and_never_interrupts_an_attack():
    """Rulebook "Riot Gear": equip whenever you have Priority in Go Time, also on a hero that is
    not activating, but never in the middle of a move or an attack; the other player cannot."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}, {"id": "gubbin", "pos": [1, 1]}],
        [{"id": "bamfist", "pos": [5, 4]}],
        player0={"loot": 6, "hand": ["plated_vest"]},
        player1={"loot": 6, "hand": ["thorn_mail"]},
        turn_start=True,
    )
    # Priority is enough: gear is offered already at the take-or-pass choice
    equips = {str(x) for x in R.legal_actions(s) if x.kind == "equip"}
    assert equips == {"equip hero=dez gear=plated_vest", "equip hero=gubbin gear=plated_vest"}
    play(s, "take_turn", "activate hero=dez")
    equips = {str(x) for x in R.legal_actions(s) if x.kind == "equip"}
    assert equips == {"equip hero=dez gear=plated_vest", "equip hero=gubbin gear=plated_vest"}
    # mid-attack: the Beatback decision is pending, no equipping until it is resolved
    s.rng.script("strike", "strike", "strike", "miss", "miss")  # 3 vs 2/5: hit
    play(s, "attack hero=dez weapon=bazooka target=bamfist of=1 dice=1")
    assert s.pending and s.pending[-1].kind == "beatback"
    assert not any(x.kind == "equip" for x in R.legal_actions(s))
    play(s, "skip")
    assert a("equip hero=gubbin gear=plated_vest") in R.legal_actions(s)
    play(s, "equip hero=gubbin gear=plated_vest", "end_activation")
    # player 1 now has Priority and may equip; player 0 may not
    assert R.to_move(s) == 1
    play(s, "take_turn")
    assert {x.get("hero") for x in R.legal_actions(s) if x.kind == "equip"} == {"bamfist"}


def test_a_player_who_must_pass_may_equip_first():
    """Rulebook "Riot Gear" (equip "at any time during Go Time when you have Priority") and
    "Passing": a player whose turn begins with no hero able to activate still holds Priority,
    so it may equip gear before the forced pass."""
    s = position(
        [{"id": "dez", "pos": [3, 4], "dice": 6}],
        [{"id": "gubbin", "pos": [7, 7]}],
        priority=1,
        player0={"loot": 5, "hand": ["plated_vest", "bang_rounds"]},
    )
    play(s, "run hero=gubbin to=(7,6)", "end_activation")
    assert R.to_move(s) == 0 and s.forced_pass
    legal = {str(x) for x in R.legal_actions(s)}
    assert legal == {"pass", "equip hero=dez gear=plated_vest", "equip hero=dez gear=bang_rounds"}
    with pytest.raises(IllegalAction, match="not in your Riot Gear hand"):
        R.apply(s, a("equip hero=dez gear=thorn_mail"))
    ev = play(s, "equip hero=dez gear=plated_vest")
    assert "equipped" in kinds(ev) and s.heroes[0]["dez"].gear == "plated_vest"
    assert s.forced_pass and R.to_move(s) == 0
    # 2 Loot left: Bang Rounds (3) is out of reach, so passing is all that is left
    assert R.legal_actions(s) == [a("pass")]
    play(s, "pass")
    assert s.players[0].passed and R.to_move(s) == 1


def test_gear_may_be_equipped_before_a_voluntary_pass():
    """Rulebook "Riot Gear" and "Passing": at the take-or-pass choice the player has Priority,
    so it may equip first and still pass (a pass is not a turn: no deck upkeep, no spawning)."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}, {"id": "gubbin"}],
        [{"id": "bamfist", "pos": [7, 7]}],
        player0={"loot": 6, "hand": ["plated_vest"]},
        turn_start=True,
    )
    ev = play(s, "equip hero=dez gear=plated_vest")
    assert s.heroes[0]["dez"].gear == "plated_vest" and s.players[0].loot == 3
    assert "chest_spawned" not in kinds(ev)
    assert s.pending[-1].kind == "turn" and R.legal_actions(s) == [a("take_turn"), a("pass")]
    ev = play(s, "pass")
    assert s.players[0].passed and s.heroes[0]["gubbin"].place == "bench"
    assert "chest_spawned" not in kinds(ev) and "spawned" not in kinds(ev)


def test_replaced_gear_goes_back_to_the_hand_and_can_be_equipped_again():
    """Rulebook "Riot Gear": one card per hero; equipping over a card returns the old card to
    the hand (not the discard pile)."""
    s = position(
        [{"id": "dez", "pos": [3, 4], "gear": "bang_rounds"}],
        [{"id": "bamfist", "pos": [7, 7]}],
        player0={"loot": 10, "hand": ["plated_vest"]},
    )
    play(s, "equip hero=dez gear=plated_vest")
    pl = s.players[0]
    assert s.heroes[0]["dez"].gear == "plated_vest"
    assert pl.hand == ["bang_rounds"] and pl.discard == [] and pl.loot == 7
    play(s, "equip hero=dez gear=bang_rounds")
    assert pl.hand == ["plated_vest"] and pl.loot == 4


def test_knock_out_drops_loot_token_breaks_gear_keeps_dice_and_drops_bounty_token():
    """Rulebook "Damaging Models, Getting Knocked Out & the Cooler" and "Bounty Tokens": the
    knocked-out hero goes to the Cooler, leaves a Loot token, its gear is discarded, its spent
    dice stay on its card until the Cool Down and a held token drops on its hex."""
    s2 = position(
        [{"id": "dez", "pos": [3, 4]}],
        [
            {
                "id": "gubbin",
                "pos": [4, 4],
                "damage": 2,
                "dice": 2,
                "gear": "hyperspring_boots",
                "token": "brain_drain",
            }
        ],
        bounty={"deck": "mayhem", "active": ["brain_drain"], "draw": []},
        tokens=[{"bounty": "brain_drain", "holder": [1, "gubbin"]}],
    )
    s2.rng.script("super", "strike")  # 3 strikes: hit, Gubbin (STA 3) is knocked out
    play(s2, "attack hero=dez weapon=dagger target=gubbin of=1 dice=1")
    g = s2.heroes[1]["gubbin"]
    assert g.place == "cooler" and g.pos is None and g.gear is None and g.token is None
    assert g.dice == 2 and s2.players[1].well == 4  # spent dice stay on the card
    assert s2.players[1].discard == ["hyperspring_boots"]
    assert s2.loot_tokens == {(4, 4): 1}
    tok = s2.tokens["brain_drain"]
    assert tok.pos == (4, 4) and tok.holder is None
    assert s2.players[0].scrap == 1


def test_a_hero_holding_a_token_does_not_pick_up_another_and_cannot_drop_it():
    """Rulebook "Bounty Tokens": one held token at a time; a second stays on its hex; there is
    no action to drop a token voluntarily."""
    s = position(
        [{"id": "eiryss", "pos": [1, 4], "token": "brain_drain"}],
        [{"id": "bamfist", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["brain_drain", "gremlin_snatch"], "draw": []},
        tokens=[
            {"bounty": "brain_drain", "holder": [0, "eiryss"]},
            {"bounty": "gremlin_snatch", "pos": [2, 4]},
        ],
    )
    play(s, "run hero=eiryss to=(2,4)")
    assert s.heroes[0]["eiryss"].token == "brain_drain"
    assert s.tokens["gremlin_snatch"].pos == (2, 4) and s.tokens["gremlin_snatch"].holder is None
    assert not any("drop" in x.kind for x in R.legal_actions(s))


def test_duplicate_safeguard_and_spotter_apply_once():
    """Rulebook "Duplicate Abilities & Special Rules": two Guards next to a friend still give
    one +1; two enemy Scouts in range still give one -1."""
    s = position(
        [
            {"id": "dez", "pos": [1, 4]},
            {"id": "eiryss", "pos": [3, 3]},
            {"id": "tamsin", "pos": [3, 5]},
        ],
        [
            {"id": "gubbin", "pos": [4, 4]},
            {"id": "dreyfus", "pos": [5, 4]},
            {"id": "ardwyn", "pos": [3, 4]},
        ],
    )
    g = s.heroes[1]["gubbin"]
    # Safeguard +1 (once, from two Guards) and Spotter -1 (once, from two Scouts)
    assert rules.defence(s, g, s.heroes[0]["dez"], "ranged") == (3, 5)
    s.heroes[0]["eiryss"].place = "bench"
    s.heroes[0]["tamsin"].place = "bench"
    assert rules.defence(s, g, s.heroes[0]["dez"], "ranged") == (4, 6)


def test_simultaneous_goal_scores_go_to_the_higher_total_then_the_tie_breakers():
    """Rulebook "Winning": when several players reach the goal at once, the higher total wins;
    equal totals go to the tie-breakers (Loot, then equipped Riot Gear, else a draw)."""
    for p0, p1, winners in (
        ({"scrap": 8}, {"scrap": 7}, (0,)),
        ({"scrap": 7, "loot": 1}, {"scrap": 7, "loot": 2}, (1,)),
        ({"scrap": 7}, {"scrap": 7}, (0, 1)),
    ):
        s = position(
            [{"id": "dez", "pos": [3, 4]}],
            [{"id": "bamfist", "pos": [7, 7]}],
            player0=p0,
            player1=p1,
        )
        ev: list = []
        rules._check_win(s, ev)
        out = R.outcome(s)
        assert out.finished and out.winners == winners, (p0, p1)
    s = position(
        [{"id": "dez", "pos": [3, 4], "gear": "plated_vest"}],
        [{"id": "bamfist", "pos": [7, 7]}],
        player0={"scrap": 7},
        player1={"scrap": 7},
    )
    rules._check_win(s, [])
    assert R.outcome(s).winners == (0,)


def test_scrap_never_for_a_failed_rig_or_a_friendly_knock_out():
    """Rulebook "Scrap Cards": only a knock-out by attack damage on an Enemy scores Scrap; a
    failed rig's blast knocking heroes out scores nothing."""
    s = position(
        [{"id": "dez", "pos": [4, 2]}],
        [{"id": "gubbin", "pos": [5, 2], "damage": 2}],
        bounty={"deck": "mayhem", "active": ["bullet_magnet"], "draw": []},
        tokens=[{"bounty": "bullet_magnet", "pos": [4, 1]}],
    )
    s.rng.script("miss", "miss", "miss", "miss")
    play(s, "rig hero=dez bounty=bullet_magnet")
    assert s.heroes[1]["gubbin"].place == "cooler"
    assert s.players[0].scrap == 0 and s.players[1].scrap == 0 and s.loot_tokens == {(5, 2): 1}


def test_spawning_fills_to_four_from_the_bench_never_from_the_cooler():
    """Rulebook "Spawning": at the start of a turn spawn until four heroes are in play, choosing
    each from the Bench; heroes in the Cooler cannot spawn."""
    s = position(
        [
            {"id": "dez", "pos": [3, 4]},
            {"id": "gubbin", "pos": [4, 6]},
            {"id": "eiryss"},
            {"id": "bamfist"},
            {"id": "dreyfus", "place": "cooler"},
        ],
        [{"id": "korga", "pos": [7, 7]}],
        turn_start=True,
    )
    s.rng.script("2", "3")  # gates 2 (8,0) and 3 (8,4)
    play(s, "take_turn")
    frame = s.pending[-1]
    assert frame.kind == "spawn" and sorted(frame.data["options"]) == ["bamfist", "eiryss"]
    play(s, "spawn hero=eiryss")
    place = s.pending[-1]
    assert place.kind == "place"
    play(s, f"place hero=eiryss to=({place.data['options'][0][0]},{place.data['options'][0][1]})")
    assert s.pending[-1].kind == "spawn" and s.pending[-1].data["options"] == ["bamfist"]
    play(s, "spawn hero=bamfist")
    place = s.pending[-1]
    play(s, f"place hero=bamfist to=({place.data['options'][0][0]},{place.data['options'][0][1]})")
    assert len(s.in_play(0)) == 4 and s.heroes[0]["dreyfus"].place == "cooler"
    assert not s.pending and any(x.kind == "activate" for x in R.legal_actions(s))


def test_each_action_once_per_activation_and_one_attack_whatever_the_weapon():
    """Rulebook "Activating": each of the five actions at most once per activation; one attack
    per activation even with two weapons."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "bamfist", "pos": [4, 4]}, {"id": "korga", "pos": [7, 7]}],
    )
    play(s, "run hero=dez to=(3,5)")
    assert not any(x.kind == "run" for x in R.legal_actions(s))
    s.rng.script("miss", "miss")
    play(s, "attack hero=dez weapon=dagger target=bamfist of=1 dice=1")
    assert not any(x.kind in ("run", "attack") for x in R.legal_actions(s))
    assert s.players[0].well == 4 and s.heroes[0]["dez"].dice == 2


def test_setup_gear_picks_and_recovered_gear_are_private_to_their_owner():
    """Hidden hands: the Riot Gear picked for a hand, and a card recovered into it, are events
    only their owner may read (Event.private_to)."""
    from riotsim.core.contract import GameSetup, PlayerSpec

    s = R.new_state(
        GameSetup((PlayerSpec("A"), PlayerSpec("B")), seed=3, options={"crew_mode": "vanilla"})
    )
    while s.pending[-1].kind != "gear":
        R.apply(
            s, R.legal_actions(s)[-1] if s.pending[-1].kind == "crew" else R.legal_actions(s)[0]
        )
    seat = s.pending[-1].seat
    ev = R.apply(s, R.legal_actions(s)[0])
    picked = [e for e in ev if e.kind == "gear_chosen"]
    assert picked and picked[0].private_to == seat
    assert not picked[0].visible_to(1 - seat) and picked[0].visible_to(seat)
    s = position(
        [{"id": "gubbin", "pos": [4, 2]}],
        [{"id": "korga", "pos": [7, 7]}],
        player0={"discard": ["bang_rounds"]},
        chest={"id": "shadow_coffer", "pos": [4, 1]},
    )
    s.rng.script("super")  # row 3: 4 Loot and recover a card
    play(s, "raid hero=gubbin")
    ev = play(s, "recover gear=bang_rounds")
    rec = [e for e in ev if e.kind == "gear_recovered"]
    assert rec and rec[0].private_to == 0 and s.players[0].hand == ["bang_rounds"]
    assert "gear_recovered" in kinds(ev)
