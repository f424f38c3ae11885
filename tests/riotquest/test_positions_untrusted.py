"""A Riot Quest position is input from strangers (issue 10): ``load_position`` refuses a forged
or edited one with a PositionError naming the field, or the game it gives plays on."""

from __future__ import annotations

import copy
import json
import tracemalloc
from typing import Any

import pytest
from rq_util import R, arena

from riotsim.core.contract import GameSetup, PlayerSpec, PositionError
from riotsim.core.rng import Rng
from riotsim.games.riotquest.arena import get_arena


def base(**extra: Any) -> dict[str, Any]:
    """Two players on the open test arena, seat 0 to move in the go phase."""
    pos: dict[str, Any] = {
        "arena": arena(),
        "players": [
            {"name": "Ann", "crew": [{"id": "dez", "pos": [3, 4]}, {"id": "gubbin"}]},
            {"name": "Bo", "crew": [{"id": "dreyfus", "pos": [5, 4]}]},
        ],
    }
    pos.update(extra)
    return pos


def refused(pos: dict[str, Any], field: str) -> str:
    with pytest.raises(PositionError) as err:
        R.load_position(json.loads(json.dumps(pos)), seats=2)
    assert field in str(err.value), str(err.value)
    return str(err.value)


def test_the_base_position_loads():
    s = R.load_position(base(), seats=2)
    assert R.to_move(s) == 0 and R.legal_actions(s)


def test_a_hero_off_the_board_is_refused_naming_its_pos():
    """Rulebook "The Arena": a model stands on a hex of the arena."""
    pos = base()
    pos["players"][1]["crew"][0]["pos"] = [99, 3]
    message = refused(pos, "players[1].crew[0].pos")
    assert "not a free hex" in message


def test_unknown_cards_are_refused_naming_the_list_entry():
    pos = base()
    pos["players"][0]["hand"] = ["bang_rounds", "no_such_gear"]
    refused(pos, "players[0].hand[1]")
    pos = base(bounty={"active": ["muinomednapelet?"]})
    refused(pos, "bounty.active[0]")
    pos = base()
    pos["players"][0]["crew"][0]["gear"] = 2.5
    refused(pos, "players[0].crew[0].gear")


def test_dice_that_do_not_add_up_to_six_are_refused():
    """Rulebook "Action Dice": each player has six, in the Dice Well or on hero cards."""
    pos = base()
    pos["players"][0]["crew"][0]["dice"] = 2
    pos["players"][0]["well"] = 6
    message = refused(pos, "players[0].well")
    assert "6 Action dice" in message


def test_a_token_holder_must_point_back_from_the_hero():
    """Rulebook "Bounty Cards": a held Bounty token travels with its hero."""
    token = {"bounty": "marked_for_glory", "kind": "target", "holder": [1, "dreyfus"]}
    pos = base(bounty={"active": ["marked_for_glory"], "draw": []}, tokens=[token])
    refused(pos, "tokens[0].holder")  # dreyfus's own token field does not name it
    pos["players"][1]["crew"][0]["token"] = "marked_for_glory"
    state = R.load_position(json.loads(json.dumps(pos)), seats=2)
    assert state.tokens["marked_for_glory"].holder == (1, "dreyfus")
    pos["tokens"][0]["kind"] = "bomb"
    refused(pos, "tokens[0].kind")
    pos["tokens"] = []
    refused(pos, "players[1].crew[0].token")


def test_a_decision_offering_a_hero_of_another_crew_is_refused():
    pos = base(pending=[{"kind": "spawn", "seat": 0, "data": {"options": ["dreyfus"]}}])
    refused(pos, "pending[0].data.options[0]")
    pos = base(pending=[{"kind": "turn", "seat": 7, "data": {}}])
    refused(pos, "pending[0].seat")
    two = {"kind": "turn", "seat": 0, "data": {}}
    refused(base(pending=[two, two]), "pending")


def test_a_set_up_choice_for_the_wrong_seat_or_step_is_refused():
    """Rulebook "Starting a Game": each player in turn builds a crew, then picks Riot Gear."""
    pos = base(
        phase="setup",
        setup={"step": 3},
        pending=[{"kind": "crew", "seat": 1, "data": {}}],
    )
    for player in pos["players"]:
        for hero in player["crew"]:
            hero.pop("pos", None)
    refused(pos, "pending[0].seat")
    pos["pending"] = [{"kind": "gear", "seat": 0, "data": {}}]
    refused(pos, "pending[0].kind")
    pos["pending"] = []
    refused(pos, "pending")


def test_queued_attack_steps_need_the_attack_they_belong_to():
    """Rulebook "Timing of Abilities": the windows belong to one attack being resolved."""
    pos = base(queue=[{"op": "trig", "step": "hit", "seat": 0}])
    refused(pos, "queue[0].op")
    attack = {
        "attacker": [0, "dez"],
        "target": [1, "dreyfus"],
        "weapon": "no_such_weapon",
        "kind": "melee",
        "abilities": [],
        "strikes": 2,
        "def": [2, 4],
        "hit": True,
        "super": False,
        "distance": 2,
        "target_cell": [5, 4],
        "ko": False,
    }
    refused(base(attack=attack, active="dez", done=["attack"]), "attack.weapon")


def test_options_arenas_and_scripts_are_checked():
    refused(base(options={"vp_goal": {"x": 1}}), "options.vp_goal")
    refused(base(options={"crew_mode": 7}), "options.crew_mode")
    refused(base(options={"no_such_option": 1}), "options.no_such_option")
    refused(base(arena="../../../etc/passwd"), "arena")
    pos = base(rng={"seed": 1, "counter": 0, "scripted": ["strike"]})
    refused(pos, "rng.scripted")


def test_a_huge_custom_arena_is_refused_before_it_is_built():
    """The size is read before any row is padded or any hex made (no 1e9 x 1e9 board)."""
    big = arena()
    big["width"] = 10**9
    tracemalloc.start()
    try:
        refused(base(arena=big), "arena.width")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000  # generous: a padded 1e9-wide row alone would take 1 GB
    big = arena()
    big["rows"] = ["." * 10**6]
    refused(base(arena=big), "arena.rows")


def test_a_custom_arena_never_replaces_a_shipped_one():
    shipped = get_arena("thunderhead")
    fake = arena(arena_id="thunderhead")
    state = R.load_position(base(arena=fake), seats=2)
    assert state.arena is not shipped and get_arena("thunderhead") is shipped


def _midgame(plies: int = 60, seed: int = 11) -> Any:
    s = R.new_state(GameSetup((PlayerSpec("Ann"), PlayerSpec("Bo")), seed=seed))
    rng = Rng(11)
    for _ in range(plies):
        if R.to_move(s) is None:
            break
        legal = R.legal_actions(s)
        R.apply(s, legal[rng.below(len(legal))])
    return s


@pytest.mark.parametrize("seed", [11, -5, 2**70])
def test_a_position_written_by_to_position_loads_unchanged(seed):
    """Any setup seed (negative, beyond 64 bits) is a seed the position may carry."""
    s = _midgame(seed=seed)
    pos = R.to_position(s)
    again = R.load_position(json.loads(json.dumps(pos)), seats=2)
    assert R.to_position(again) == pos
    assert R.legal_actions(again) == R.legal_actions(s)


def test_a_harmless_edit_keeps_playing():
    """A renamed player, more Loot gathered and an edited reason change no rule: the loaded
    game offers the same actions and plays on like the original."""
    s = _midgame()
    pos = copy.deepcopy(R.to_position(s))
    pos["players"][0]["name"] = "Renamed"
    pos["players"][1]["loot_gathered"] += 3
    pos["reason"] = "edited by hand"
    edited = R.load_position(json.loads(json.dumps(pos)), seats=2)
    assert edited.players[0].name == "Renamed"
    rng = Rng(5)
    for _ in range(30):
        if R.to_move(s) is None:
            break
        legal = R.legal_actions(s)
        assert R.legal_actions(edited) == legal
        action = legal[rng.below(len(legal))]
        R.apply(s, action)
        R.apply(edited, action)
    assert R.to_move(edited) == R.to_move(s)


@pytest.mark.parametrize(
    "players, options",
    [
        (2, {"crew_mode": "starter"}),
        (3, {"crew_mode": "evicted", "decks": "rolloff"}),
        (4, {"crew_mode": "specops", "round_limit": 3}),
        (2, {"crew_mode": "cash", "decks": "rolloff"}),
    ],
)
def test_every_position_of_a_random_game_loads_unchanged(players, options):
    """Validation refuses only what is wrong: set-up, play, cool-down and a game that ended
    mid-activation (the winner's hero still active) all load back to the same position."""
    specs = tuple(PlayerSpec(f"p{i}") for i in range(players))
    s = R.new_state(GameSetup(specs, seed=players * 31, options=options))
    rng = Rng(players)
    for ply in range(3000):
        if ply % 4 == 0 or R.to_move(s) is None:
            text = json.dumps(R.to_position(s))
            again = R.load_position(json.loads(text), seats=players)
            assert json.dumps(R.to_position(again)) == text, f"ply {ply}"
        if R.to_move(s) is None:
            break
        legal = R.legal_actions(s)
        R.apply(s, legal[rng.below(len(legal))])
    assert s.phase == "over"
    if "VP" in s.reason:  # won by a hero's action: that hero is still the active one
        assert s.active is not None
