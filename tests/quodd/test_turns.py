"""Playing the Game: phases of a turn, exploration, hand limit and the end-of-round phase."""

from __future__ import annotations

import pytest

from riotsim.core.contract import IllegalAction
from tests.quodd.helpers import do, kinds, legal, position

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
OPEN = ["." * 9] * 9
DECK = ["compass", "honey_bun", "earth_rune", "pickaxe", "frog", "mole", "hopberry", "q_rune"]


def hero(at, **kw):
    return {"hero": "rok", "at": list(at), "skills": dict(SK), **kw}


def two_players(**kw):
    return position(
        OPEN,
        [hero((1, 1)), hero((6, 6), hero_id="trixie")],
        phase="powerup",
        deck=list(DECK),
        lineup=["swiftgrass_juice", "crystal_extract"],
        **kw,
    )


def finish_turn(s):
    """Move minimally and end the turn: tumble, stop, explore, take what is offered."""
    do(s, "move")
    do(s, sorted(a for a in legal(s) if a.startswith("tumble"))[0])
    while s.phase == "movement":
        if s.pending:
            do(s, sorted(legal(s))[0])
        else:
            do(s, "stop")
    do(s, "explore")
    while s.phase == "explore":
        do(s, "draw src=deck" if "draw src=deck" in legal(s) else "done")
    while s.phase == "discard":
        do(s, sorted(legal(s))[0])


def test_turn_phases_in_order():
    """Quick Overview: Power-Up, Movement, Recovery, Exploration."""
    s = two_players()
    assert "move" in legal(s)
    with pytest.raises(IllegalAction):
        do(s, "explore")
    do(s, "move")
    assert s.phase == "movement" and all(a.startswith("tumble") for a in legal(s))
    do(s, "tumble dir=E", "stop")
    assert s.phase == "recovery" and "explore" in legal(s)
    do(s, "explore")
    assert s.phase == "explore"


def test_cards_never_during_movement():
    """Phase 2: cards may never be played during the Movement Phase."""
    s = two_players()
    s.heroes[0].hand = ["honey_bun"]
    do(s, "move")
    assert not any(a.startswith("play") for a in legal(s))


def test_exploration_draws_by_explore_symbols_then_refills_the_lineup():
    """Phase 4: draw as many cards as explore symbols, from the lineup or deck; refill after."""
    s = two_players()
    s.heroes[0].track = [("rok_stride", "b")]  # +1 explore: 2 in all
    do(s, "move", "tumble dir=E", "stop", "explore")
    assert s.turn.explores_left == 2
    do(s, "draw src=lineup i=1")
    assert s.lineup == ["swiftgrass_juice"]
    do(s, "draw src=deck")
    assert s.heroes[0].hand == ["crystal_extract", "compass"]
    assert len(s.lineup) == 5  # refilled after exploring
    assert s.active == 1  # turn passed


def test_hand_limit_applies_after_exploration():
    """Rules for Card Play 5: the 5-card hand limit only applies at the end of Exploration."""
    s = two_players()
    s.heroes[0].hand = ["honey_bun"] * 5
    do(s, "move", "tumble dir=E", "stop", "explore", "draw src=deck")
    assert s.phase == "discard"
    assert legal(s) == {"discard card=honey_bun", "discard card=compass"}
    do(s, "discard card=honey_bun")
    assert len(s.heroes[0].hand) == 5 and s.active == 1


def test_end_of_round_upgrade_and_first_player_coin():
    """End-of-Round: each player adds an upgrade to the leftmost free slot; the first player
    coin passes left."""
    s = two_players()
    finish_turn(s)
    finish_turn(s)
    assert s.phase == "upgrade" and s.upgrading == [0, 1]
    assert "upgrade tile=rok_stride side=a" in legal(s)
    do(s, "upgrade tile=rok_stride side=a")
    do(s, "upgrade tile=trixie_pace side=b")
    assert s.heroes[0].track == [("rok_stride", "a")]
    assert s.heroes[1].track == [("trixie_pace", "b")]
    assert s.round == 2 and s.first == 1 and s.active == 1


def test_upgrade_movement_counts_next_turn():
    """Upgrade Your Hero: extra movement counts in later movement phases."""
    s = two_players()
    finish_turn(s)
    finish_turn(s)
    do(s, "upgrade tile=rok_stride side=a", "upgrade tile=trixie_pace side=a")
    finish_turn(s)  # seat 1 moves first now
    do(s, "move", "tumble dir=S")
    assert s.turn.remaining == 2


def test_upgrade_skill_side_flips_a_skill_tile():
    """Upgrade Skill: choose one skill tile to flip to its gold side."""
    s = two_players()
    finish_turn(s)
    finish_turn(s)
    do(s, "upgrade tile=rok_satchel side=b")
    assert s.pending[-1].kind == "upgrade_skill"
    do(s, "choose skill=jump")
    assert s.heroes[0].upgraded == ["jump"]


def test_time_tracker_ends_the_game():
    """Adjust Time Tracker: at the round limit the game ends; a solo objective not met loses."""
    s = position(
        OPEN,
        [hero((1, 1))],
        phase="powerup",
        round_limit=1,
        objective={"type": "rally", "target": 1, "mode": "solo"},
    )
    finish_turn(s)
    assert s.phase == "over" and s.winners == [] and "time" in s.reason


def test_objective_met_wins_at_once():
    """Scenario victory: meeting the objective ends the game at once."""
    s = position(
        ["..1......"],
        [hero((1, 0))],
        round_limit=5,
        objective={"type": "rally", "target": 1, "mode": "solo"},
    )
    ev = do(s, "tumble dir=E")
    assert s.phase == "over" and s.winners == [0] and "game_over" in kinds(ev)


def test_ffa_time_up_most_progress_wins():
    """Free-For-All at the round limit: the most progress wins."""
    s = position(
        OPEN,
        [hero((1, 1), delivered=2), hero((6, 6), delivered=1)],
        phase="powerup",
        round_limit=1,
        objective={"type": "crystals", "target": 3, "mode": "ffa"},
    )
    finish_turn(s)
    finish_turn(s)
    assert s.phase == "over" and s.winners == [0]


def test_every_legal_action_has_a_label():
    """Buttons and the log show words, not raw action text, for the common actions."""
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.core.rng import Rng
    from riotsim.games.quodd import RULESET

    state = RULESET.new_state(
        GameSetup((PlayerSpec("A"), PlayerSpec("B")), 3, scenario="ffa_scramble")
    )
    chooser = Rng(3)
    for _ in range(400):
        if state.phase == "over":
            break
        actions = RULESET.legal_actions(state)
        for action in actions:
            label = RULESET.describe(state, action)
            assert label and "=" not in label or action.kind == "choose", label
        RULESET.apply(state, chooser.choice(actions))


def test_a_card_drawn_from_the_deck_stays_private():
    """Hidden hands: a deck draw names the card only to its new owner (``private_to``), so
    the log shows it to that player and "a card" to everyone else."""
    s = two_players()
    do(s, "move", "tumble dir=E", "stop", "explore")
    events = do(s, "draw src=deck")
    drawn = [e for e in events if e.kind == "card_explored"]
    assert drawn and drawn[0].reveals
    assert drawn[0].data["card"] == s.heroes[0].hand[-1]
    assert drawn[0].private_to == 0
    assert drawn[0].visible_to(0) and not drawn[0].visible_to(1) and not drawn[0].visible_to(None)
    view = __import__("riotsim.games.quodd", fromlist=["RULESET"]).RULESET.view(s, 1)
    assert view.heroes[0].hand == ["hidden"] * len(s.heroes[0].hand)


def test_board_upkeep_hook_runs_in_rulebook_order_before_the_time_tracker(monkeypatch):
    """End-of-Round 1 (Board Upkeep: bombs, moving platforms, beams, sheep) comes before
    3 (time tracker): handlers registered for the later elements run in that order, and
    before a timed game ends."""
    from riotsim.games.quodd import engine

    ran: list[str] = []
    for name in ("sheep", "bombs", "beams", "platforms"):
        monkeypatch.setitem(engine.UPKEEP, name, lambda state, events, name=name: ran.append(name))
    s = position(
        OPEN,
        [hero((1, 1))],
        phase="powerup",
        round_limit=1,
        objective={"type": "rally", "target": 1, "mode": "solo"},
    )
    finish_turn(s)
    assert ran == ["bombs", "platforms", "beams", "sheep"]
    assert s.phase == "over"
