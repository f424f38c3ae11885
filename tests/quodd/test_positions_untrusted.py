"""Positions are input from strangers (issue 10): a hand-edited Quodd position is refused with
a message naming the field, or it plays on; saved positions load unchanged."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from riotsim.core.contract import GameSetup, IllegalAction, PlayerSpec, PositionError
from riotsim.core.rng import Rng
from riotsim.games.quodd import RULESET, catalog


def _saved(scenario: str = "tutorial_2", seats: int = 2, seed: int = 3) -> dict[str, Any]:
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    state = RULESET.new_state(GameSetup(players, seed=seed, scenario=scenario))
    return json.loads(json.dumps(RULESET.to_position(state)))


def _refused(position: dict[str, Any], field: str) -> str:
    with pytest.raises(PositionError) as err:
        RULESET.load_position(position, 2)
    assert field in str(err.value), str(err.value)
    return str(err.value)


def _play(state: Any, plies: int, seed: int = 1) -> None:
    rng = Rng(seed)
    for _ in range(plies):
        if RULESET.to_move(state) is None:
            return
        legal = RULESET.legal_actions(state)
        assert legal
        RULESET.apply(state, legal[rng.below(len(legal))])
        for seat in range(len(state.heroes)):
            RULESET.view(state, seat)
        RULESET.outcome(state)


def test_a_hero_off_the_board_is_refused():
    position = _saved()
    position["heroes"][1]["pos"] = [99, 3]
    assert "is not a square of the board" in _refused(position, "heroes[1].pos")


def test_two_heroes_on_one_square_are_refused():
    position = _saved()
    position["heroes"][1]["pos"] = list(position["heroes"][0]["pos"])
    assert "taken by hero 0" in _refused(position, "heroes[1].pos")


def test_cards_tiles_and_skills_must_exist():
    position = _saved()
    position["heroes"][0]["hand"] = ["gust_fan", "golden_goose"]
    _refused(position, "heroes[0].hand[1]")
    position = _saved()
    other = catalog.heroes()[position["heroes"][1]["hero"]].upgrades[0].id
    position["heroes"][0]["track"] = [[other, "a"]]
    _refused(position, "heroes[0].track[0]")
    position = _saved()
    position["heroes"][0]["skills"]["back"] = "tumble"  # two tumble tiles
    _refused(position, "heroes[0].skills")
    position = _saved()
    position["heroes"][0]["items"] = ["gust_fan"]  # a rune, not an item
    _refused(position, "heroes[0].items[0]")


def test_a_cube_must_be_a_cube():
    """Hero cube: each face once, opposite faces opposite (Q opposite the feet)."""
    position = _saved()
    position["heroes"][0]["cube"] = ["q", "front", "right", "back", "left", "left"]
    _refused(position, "heroes[0].cube")
    position["heroes"][0]["cube"] = ["q", "right", "front", "back", "left", "feet"]
    _refused(position, "heroes[0].cube")


def test_board_tokens_and_seats_are_checked():
    position = _saved()
    position["board"]["tokens"][2]["kind"] = "dragon"
    _refused(position, "board.tokens[2].kind")
    position = _saved()
    position["board"]["tokens"][2]["at"] = [-1, 0]
    _refused(position, "board.tokens[2].at")
    position = _saved()
    position["active"] = 2
    assert "above 1" in _refused(position, "active")
    position = _saved()
    del position["objective"]["type"]
    _refused(position, "objective.type")


def test_pending_choices_and_frames_are_checked():
    position = _saved()
    assert position["pending"][0]["kind"] == "start_square"
    position["pending"][0]["data"]["options"][0]["at"] = [40, 40]
    _refused(position, "pending[0].data.options[0].at")
    position = _saved()
    position["pending"][0]["kind"] = "charm"
    _refused(position, "pending[0].kind")
    position = _saved()
    position["pending"][0]["data"]["options"] = []
    _refused(position, "pending[0].data.options")
    position = _saved()
    assert position["resolving"][0]["type"] == "setup"
    del position["resolving"][0]["placed"]
    _refused(position, "resolving[0].placed")
    position = _saved()
    position["resolving"][0]["arrange"] = [0, 5]
    _refused(position, "resolving[0].arrange[1]")
    position = _saved()  # General Setup 6: each hero takes a start square
    tokens = position["board"]["tokens"]
    position["board"]["tokens"] = [t for t in tokens if t["kind"] != "start"]
    _refused(position, "resolving[0].place")
    position = _saved()
    position["upgrading"] = [1, 1]
    _refused(position, "upgrading")


def test_an_impulse_choice_offers_only_cards_in_hand():
    """Impulse cards are played from the hand, in a window the active player's turn opens."""
    position = _saved()
    position["heroes"][1]["hand"] = ["gust_fan"]
    position["resolving"] = [{"type": "impulse", "seats": [1]}]
    options = [{"card": "pass"}, {"card": "pass_turn"}, {"card": "twister_top"}]
    position["pending"] = [{"kind": "impulse", "seat": 1, "data": {"options": options}}]
    _refused(position, "pending[0].data.options[2].card")
    options[2]["card"] = "gust_fan"
    position["resolving"] = []  # the window it answers is gone
    _refused(position, "pending[0]")
    position["resolving"] = [{"type": "impulse", "seats": [1]}]
    state = RULESET.load_position(position, 2)
    _play(state, 20)


def test_a_readable_position_is_checked_too():
    rows = [".....", ".....", "....."]
    with pytest.raises(PositionError, match=r"heroes\[0\]\.at"):
        RULESET.load_position({"rows": rows, "heroes": [{"hero": "rok", "at": [9, 9]}]})
    with pytest.raises(PositionError, match=r"heroes\[0\]\.hero_id"):
        RULESET.load_position({"rows": rows, "heroes": [{"hero_id": "zed", "at": [1, 1]}]})
    with pytest.raises(PositionError, match="rows"):
        RULESET.load_position({"rows": ["..%.."], "heroes": [{"hero": "rok", "at": [1, 0]}]})


def test_a_harmless_edit_keeps_playing():
    """Edits the rules can play from are accepted as they are: a later round, a renamed hero,
    found treasure, a reordered deck, a rebuilt rearrange choice."""
    position = _saved("solo_treasure", seats=2, seed=6)
    position["round"] = 3
    position["heroes"][0]["name"] = "Rocky"
    position["heroes"][1]["treasure"] = 2
    position["deck"] = list(reversed(position["deck"]))
    state = RULESET.load_position(copy.deepcopy(position), 2)
    assert state.round == 3 and state.heroes[1].treasure == 2
    assert state.heroes[0].name == "Rocky" and state.deck == position["deck"]
    _play(state, 40)
    assert RULESET.outcome(state).scores[1] >= 2


def test_a_rearrange_choice_is_rebuilt_from_the_rules():
    """General Setup 7: every player arranges the skill tiles; the swaps offered are always
    the same, so the saved options are rebuilt rather than trusted."""
    state = RULESET.new_state(GameSetup((PlayerSpec("A"),), seed=1, scenario="tutorial_1"))
    while state.pending and state.pending[-1].kind != "rearrange":
        RULESET.apply(state, RULESET.legal_actions(state)[0])
    position = json.loads(json.dumps(RULESET.to_position(state)))
    position["pending"][-1]["data"]["options"] = [{"swap": "done"}]
    loaded = RULESET.load_position(position, 1)
    assert RULESET.legal_actions(loaded) == RULESET.legal_actions(state)
    RULESET.apply(loaded, RULESET.legal_actions(loaded)[3])


def test_saved_positions_load_unchanged():
    """Positions of every scenario, played on at random, round-trip exactly."""
    for number, scenario in enumerate(catalog.scenarios()):
        low, high = catalog.scenarios()[scenario].players
        seats = min(max(2, low), high)  # two, or what a co-op, teams or overlord one needs
        players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
        state = RULESET.new_state(GameSetup(players, seed=number, scenario=scenario))
        rng = Rng(number)
        for _ in range(60):
            if RULESET.to_move(state) is None:
                break
            legal = RULESET.legal_actions(state)
            try:
                RULESET.apply(state, legal[rng.below(len(legal))])
            except IllegalAction:
                continue
            text = json.dumps(RULESET.to_position(state))  # key order kept, as in a save
            again = RULESET.load_position(json.loads(text), seats)
            assert json.dumps(RULESET.to_position(again)) == text


def test_a_wrong_lit_set_is_refused():
    """Spec W19: the lit squares are saved; a position at rest whose lit squares do not match
    its emitters is damaged and refused, naming board.lit."""
    from tests.quodd.helpers import position

    rows = ["E....", ".....", "....."]
    s = position(rows, [{"hero": "rok", "at": [4, 2]}], extra={"0,0": {"direction": "E"}})
    raw = s.to_json()
    assert raw["board"]["lit"] == [[1, 0], [2, 0], [3, 0], [4, 0]]
    RULESET.from_position(raw)  # as saved: fine
    raw["board"]["lit"] = [[1, 0], [2, 0]]
    with pytest.raises(PositionError, match="board.lit"):
        RULESET.from_position(raw)
