"""Buddies and character tokens (issue 13 part C, spec Y1-Y6).

Rulebook, *Character Token*: once collected, the matching hero is put on the board next to
the square the token was collected on, with its buddy card; its collector's player controls
it. *Buddy Cards*: a buddy has no hand (its controller draws what it explores), no cards are
played during its turn, it controls no Item or Pet, and otherwise it is a hero like any
other. FAQ: a buddy carries up to two collectibles.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.games.quodd import RULESET, buddies, catalog, scenario
from riotsim.games.quodd.state import State
from tests.quodd.helpers import answer, check_scenarios, do, kinds, legal, position
from tests.quodd.planner import play_solo

ROWS = ["....", ".h..", "...."]
BUDDY = {"type": "rally", "target": 1, "characters": "buddy"}


def _collect(**extra: Any) -> State:
    """Rok tumbles north onto Trixie's character token; the buddy appears east of it."""
    heroes = extra.pop("heroes", [{"hero": "rok", "at": [1, 2], "hand": ["honey_bun"]}])
    objective = extra.pop("objective", BUDDY)
    state = position(
        ROWS,
        heroes,
        extra={"1,1": {"hero": "trixie"}},
        objective=objective,
        deck=["honey_bun"] * 6,
        lineup=[],
        **extra,
    )
    do(state, "tumble dir=N")
    if state.pending and state.pending[-1].kind == "buddy_square":
        answer(state, at=[2, 1])
    return state


def _pass_impulses(state: State) -> None:
    while state.pending and state.pending[-1].kind == "impulse":
        answer(state, card="pass_turn")


def _finish_turn(state: State) -> list:
    """Stop moving, then explore one card (deck, else lineup) and end the turn (the other
    players pass on their Impulse cards)."""
    events = []
    if state.phase == "movement":
        events += do(state, "stop")
    _pass_impulses(state)
    events += do(state, "explore")
    _pass_impulses(state)
    for draw in ("draw src=deck", "draw src=lineup i=0"):
        if draw in legal(state):
            events += do(state, draw)
            break
    if state.phase == "explore":
        events += do(state, "done")
    return events


def test_y1_collecting_a_character_token_adds_the_buddy_beside_it():
    """Y1 *Character Token*: the hero the token names joins next to where it was collected,
    controlled by the collector's player and on its team."""
    state = position(
        ROWS,
        [{"hero": "rok", "at": [1, 2]}],
        extra={"1,1": {"hero": "trixie"}},
        objective=BUDDY,
    )
    events = do(state, "tumble dir=N")
    assert "collected" in kinds(events)
    decision = state.pending[-1]
    assert decision.kind == "buddy_square" and RULESET.to_move(state) == 0
    near = {tuple(o["at"]) for o in decision.data["options"]}
    assert near == {(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)}
    events = answer(state, at=[2, 1])
    buddy = state.heroes[1]
    assert "buddy_joined" in kinds(events)
    assert (buddy.hero, buddy.buddy, buddy.pos, buddy.controller, buddy.team) == (
        "trixie",
        True,
        (2, 1),
        0,
        0,
    )
    assert state.players == 1 and state.player_count == 1
    assert not state.board.at((1, 1))


def test_y1_a_single_free_square_needs_no_choice_and_a_hero_in_play_is_replaced():
    """Y1, our ruling: a token naming a hero already in play brings the first free hero of
    the box; with one free square beside it the buddy goes there at once."""
    rows = ["###", "#h#", "#.#", "#.#"]
    state = position(
        rows, [{"hero": "rok", "at": [1, 2]}], extra={"1,1": {"hero": "rok"}}, objective=BUDDY
    )
    do(state, "tumble dir=N")
    assert not state.pending or state.pending[-1].kind != "buddy_square"
    assert state.heroes[1].hero == "trixie" and state.heroes[1].pos == (1, 2)


def test_y4_a_buddy_plays_right_after_its_controllers_hero():
    """Y4 (our ruling): turn order is each player's hero followed by its buddies; the first
    player coin passes between players only."""
    heroes = [
        {"hero": "rok", "at": [1, 2], "hand": ["honey_bun"]},
        {"hero": "forest", "at": [3, 2]},
    ]
    state = _collect(heroes=heroes)
    assert state.player_count == 2 and state.heroes[2].controller == 0
    assert buddies.round_order(state) == [0, 2, 1]
    _finish_turn(state)
    assert state.active == 2 and RULESET.to_move(state) == 0
    do(state, "move")
    state.first = 1
    assert buddies.round_order(state) == [1, 0, 2]
    state.first = 0
    assert buddies.next_first(state) == 1
    state.first = 1
    assert buddies.next_first(state) == 0


def test_y2_no_cards_are_played_during_a_buddys_turn():
    """Y2 *Buddy Cards*: "cards cannot be played during a buddy's turn": in Power-Up and
    Recovery the buddy's only action is to go on, though its controller holds cards, and
    no Impulse window opens for the other players."""
    heroes = [
        {"hero": "rok", "at": [1, 2], "hand": ["honey_bun"]},
        {"hero": "forest", "at": [3, 2], "hand": ["gust_fan"]},
    ]
    state = _collect(heroes=heroes)
    _finish_turn(state)
    _pass_impulses(state)
    assert state.active == 2 and state.phase == "powerup"
    assert legal(state) == {"move"}
    assert state.heroes[0].hand and state.heroes[1].hand
    do(state, "move")
    assert not state.pending  # no impulse window for forest's gust fan


def test_y2_a_buddys_explores_go_to_its_controllers_hand():
    """Y2: when a buddy explores, its controller draws the cards."""
    state = _collect()
    _finish_turn(state)
    assert state.active == 1
    before = len(state.heroes[0].hand)
    do(state, "move")
    if state.phase == "movement":
        do(state, "tumble dir=S" if "tumble dir=S" in legal(state) else sorted(legal(state))[0])
    _finish_turn(state)
    assert state.heroes[1].hand == []
    assert len(state.heroes[0].hand) == before + 1


def test_y4_buddies_never_upgrade():
    """Y4 (our ruling): a buddy card has no upgrade track."""
    state = _collect()
    assert catalog.heroes()["trixie"].upgrades != []
    from riotsim.games.quodd import abilities

    assert abilities.can_upgrade(state.heroes[0]) and not abilities.can_upgrade(state.heroes[1])


def test_y3_a_buddy_carries_at_most_two_collectibles():
    """Y3 FAQ: "A buddy can carry up to two collectibles": a third crystal stays on the
    board and a full buddy cannot steal."""
    rows = ["...", ".c.", "..."]
    heroes = [
        {"hero": "rok", "at": [2, 0], "carrying": ["crystal:red"]},
        {
            "hero": "trixie",
            "at": [1, 2],
            "controller": 0,
            "buddy": True,
            "carrying": ["crystal:blue", "crystal:red"],
        },
    ]
    state = position(rows, heroes, players=1, active=1)
    do(state, "tumble dir=N")
    assert state.board.has((1, 1), "crystal")
    assert state.heroes[1].carrying == ["crystal:blue", "crystal:red"]
    assert not [a for a in legal(state) if a.startswith("steal")]
    state.heroes[1].carrying.pop()
    assert [a for a in legal(state) if a.startswith("steal")]


def test_y5_collect_mode_tokens_are_carried_stolen_and_dropped():
    """Y5: with ``characters: collect`` a character token is a collectible like a crystal:
    carried, stolen by a neighbour and dropped on a fall."""
    collect = {"type": "rally", "target": 1, "characters": "collect"}
    state = position(
        ROWS,
        [{"hero": "rok", "at": [1, 2]}, {"hero": "forest", "at": [2, 0]}],
        extra={"1,1": {"hero": "trixie"}},
        objective=collect,
    )
    do(state, "tumble dir=N")
    assert state.heroes[0].carrying == ["character:trixie"] and len(state.heroes) == 2
    assert "steal from=0 item=character:trixie" in legal_for_thief(state)
    rows = ["...", ".#.", "..."]
    fall = position(
        rows, [{"hero": "rok", "at": [1, 2], "carrying": ["character:mirra"]}], objective=collect
    )
    do(fall, "tumble dir=N")
    assert fall.pending[-1].kind == "drop"
    answer(fall, at=[0, 0])
    token = fall.board.first((0, 0), "character")
    assert token is not None and token.get("hero") == "mirra"


def legal_for_thief(state: State) -> set[str]:
    """Forest's steal options once it stands next to Rok on its own move."""
    from riotsim.games.quodd import engine

    state.active = 1
    return {
        f"steal from={o['from']} item={o['item']}"
        for o in engine.steal_options(state, state.heroes[1])
    }


def test_buddy_state_round_trips_and_views_hide_by_controller():
    """A game with a buddy saves and loads the same; the controller sees no hand for the
    buddy (it has none) and the other player sees its own hand only."""
    state = _collect(heroes=[{"hero": "rok", "at": [1, 2]}, {"hero": "forest", "at": [3, 2]}])
    raw = json.loads(json.dumps(RULESET.to_position(state)))
    back = RULESET.from_position(raw)
    assert RULESET.to_position(back) == RULESET.to_position(state)
    assert [h.buddy for h in back.heroes] == [False, False, True]
    out = RULESET.outcome(state)
    assert len(out.scores) == 2


def test_buddy_cards_one_per_hero():
    """Y2 *Buddy Cards*: one buddy card per hero of the box."""
    assert sorted(buddies.buddy_cards()) == sorted(catalog.heroes())


BUDDY_SCENARIOS = [("solo_buddy_rescue", 1), ("solo_buddy_crystals", 1), ("coop_buddy_rally", 2)]


def _new(scenario_id: str, seats: int) -> State:
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    return RULESET.new_state(GameSetup(players, seed=1, scenario=scenario_id))


@pytest.mark.parametrize(("scenario_id", "seats"), BUDDY_SCENARIOS)
def test_y6_buddy_scenarios_can_be_won_with_a_buddy(scenario_id, seats):
    """Y6: solo and co-op scenarios with buddies: a planner wins each, a buddy joining."""
    spec = catalog.scenarios()[scenario_id]
    assert spec.characters == "buddy" and spec.mode in ("solo", "coop")
    state = play_solo(_new(scenario_id, seats))
    assert state.phase == "over" and "objective" in state.reason
    assert any(h.buddy for h in state.heroes)
    assert RULESET.outcome(state).winners == tuple(range(seats))
    assert state.winners == [h.seat for h in state.heroes]


@pytest.mark.parametrize(("scenario_id", "seats"), BUDDY_SCENARIOS)
def test_y6_buddy_scenarios_can_be_lost(scenario_id, seats):
    """Y6: doing nothing useful until time runs out loses."""
    state = _new(scenario_id, seats)
    while state.phase != "over":
        actions = RULESET.legal_actions(state)
        texts = [str(a) for a in actions]
        pick = next(
            (p for p in ("choose swap=done", "move", "stop", "explore", "done") if p in texts), None
        )
        RULESET.apply(state, actions[texts.index(pick)] if pick else actions[0])
    assert state.winners == [] and "time" in state.reason


def test_follow_up_leaves_buddies_behind():
    """P1 with buddies: the next part's heroes and carry-over are the players' own."""
    state = _collect()
    assert [e["hero"] for e in scenario.carry_over(state)] == ["rok"]


def test_y2_playing_a_card_on_a_buddys_turn_is_refused_with_the_reason():
    """Y2: the refusal names the rule (no cards during a buddy's turn)."""
    from riotsim.core.contract import IllegalAction

    state = _collect()
    _finish_turn(state)
    assert state.active == 1 and state.heroes[0].hand
    try:
        do(state, f"play card={state.heroes[0].hand[0]}")
    except IllegalAction as err:
        assert "buddy" in str(err)
    else:
        raise AssertionError("a card was played during a buddy's turn")


def test_y2_a_buddy_landing_on_explore_tokens_fills_its_controllers_hand():
    """Y2: "If a buddy's Q-power or some other effect would cause its controller to
    explore, the buddy's controller draws the cards": a food token (a card of one type) the
    buddy takes, and an explore it is given, go to its player's hand; the buddy holds none."""
    from riotsim.games.quodd import engine

    rows = ["...", "...", ".f.", "..."]
    heroes = [
        {"hero": "rok", "at": [0, 0]},
        {"hero": "trixie", "at": [1, 3], "controller": 0, "buddy": True},
    ]
    state = position(
        rows, heroes, players=1, active=1, deck=["honey_bun", "hopberry"], lineup=["dash_drops"]
    )
    events = do(state, "tumble dir=N")
    assert "token_taken" in kinds(events)
    rok, buddy = state.heroes
    assert rok.hand == ["dash_drops"] and buddy.hand == []
    engine.effect(state, 1, "explore", n=1)
    engine.settle(state, [])
    assert state.pending[-1].kind == "explore" and RULESET.to_move(state) == 0
    drawn = [e for e in answer(state, src="deck") if e.kind == "card_explored"]
    assert rok.hand == ["dash_drops", "honey_bun"]
    assert drawn[0].private_to == 0  # only the controlling player reads the card
    assert buddy.hand == [] and buddy.items == [] and buddy.pets == []


def test_check_data_names_a_character_token_of_an_unknown_hero(tmp_path, monkeypatch):
    """Character Token: check-data refuses a token naming no hero of the box."""
    problems = check_scenarios(
        tmp_path,
        monkeypatch,
        "scenarios:\n"
        "  - id: lost_friend\n"
        "    name: Lost Friend\n"
        "    mode: solo\n"
        "    rounds: 5\n"
        "    characters: buddy\n"
        "    summary: x\n"
        "    boards: [{board: b3a, x: 0, y: 0}, {board: sz1a, x: 0, y: 9}]\n"
        "    tokens: [{kind: character, at: [4, 4], hero: nobody}]\n"
        "    objective: {type: rally, target: 1}\n"
        "    hints: []\n",
    )
    assert any("unknown hero nobody" in p for p in problems), problems


def test_a_forged_characters_mode_is_refused():
    """Positions are checked at the door: the objective's ``characters`` is buddy|collect."""
    from riotsim.core.contract import PositionError

    state = _collect()
    raw = RULESET.to_position(state)
    assert raw["objective"]["characters"] == "buddy"
    raw["objective"]["characters"] = "summon"
    with pytest.raises(PositionError, match="characters"):
        RULESET.from_position(raw)


def test_a_forged_buddy_square_is_refused():
    """Positions are checked at the door: a buddy_square option on a hero is refused."""
    from riotsim.core.contract import PositionError

    state = position(
        ROWS, [{"hero": "rok", "at": [1, 2]}], extra={"1,1": {"hero": "trixie"}}, objective=BUDDY
    )
    do(state, "tumble dir=N")
    raw = RULESET.to_position(state)
    assert RULESET.from_position(raw).pending[-1].kind == "buddy_square"
    raw["pending"][-1]["data"]["options"].append({"at": [1, 1]})
    with pytest.raises(PositionError, match="free square"):
        RULESET.from_position(raw)
