"""Issue 10, "Saves are validated, not trusted": a RIOT or Politics & Media position is input
from strangers. A forged or edited one is refused with a PositionError naming the field, or
keeps playing correctly; a position never makes riotsim open a file other than a shipped map
or the map file the game's setup names."""

from __future__ import annotations

import copy
import json
import shutil
from typing import Any

import pytest

from riotsim.core.contract import (
    Action,
    GameSetup,
    IllegalAction,
    PlayerSpec,
    PositionError,
    Ruleset,
)
from riotsim.core.rng import Rng
from riotsim.games.riot import RULESET_PM
from riotsim.games.riot.fights import Clash
from riotsim.paths import maps_dir

from .helpers import R, attack, position, setup
from .pm_helpers import pm_act, pm_position


def refused(ruleset: Ruleset, pos: dict[str, Any], field: str) -> str:
    """Load ``pos`` through the door a save's start goes through; it must be refused with a
    message naming ``field``."""
    with pytest.raises(PositionError) as err:
        ruleset.load_position(json.loads(json.dumps(pos)), 2)
    message = str(err.value)
    assert message.startswith(field), message
    return message


def played(ruleset: Ruleset, state: Any, plies: int, seed: int = 3) -> Any:
    """``plies`` random plies with every seat's view and the outcome asked at each."""
    rng = Rng(seed)
    for _ in range(plies):
        for seat in range(state.seats):
            ruleset.view(state, seat)
        ruleset.outcome(state)
        if ruleset.to_move(state) is None:
            break
        legal = ruleset.legal_actions(state)
        assert legal
        ruleset.apply(state, legal[rng.below(len(legal))])
    return state


def random_position(ruleset: Ruleset, players: int, plies: int, seed: int = 1) -> dict[str, Any]:
    setup = GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(players)), seed=seed)
    state = ruleset.new_state(setup)
    return ruleset.to_position(played(ruleset, state, plies, seed))


def clash_position() -> dict[str, Any]:
    """The Police attack an activist holding a distance card: the defender is asked first."""
    s = position(
        2,
        units=[
            (0, "officer", "nw_street"),
            (0, "officer", "nw_street"),
            (1, "activist", "nw_street"),
        ],
        active=0,
        hands={1: ["thrown_stone"]},
    )
    attack(s, "nw_street", 1, [1, 2])
    assert s.pending[-1].kind == "distance" and s.clash is not None
    return R.to_position(s)


# -- RIOT: Cast the First Stone ---------------------------------------------------------------
def test_riot_positions_from_play_load_unchanged():
    """Positions the rules write load back to the same position (every 20th ply of a game)."""
    state = R.new_state(setup(3, seed=5))
    rng = Rng(9)
    for ply in range(400):
        if R.to_move(state) is None:
            break
        if ply % 20 == 0:
            pos = R.to_position(state)
            assert R.to_position(R.load_position(copy.deepcopy(pos), 3)) == pos
        legal = R.legal_actions(state)
        R.apply(state, legal[rng.below(len(legal))])


def test_riot_edited_units_name_the_field():
    pos = random_position(R, 2, 40)
    bad = copy.deepcopy(pos)
    bad["units"][0][3] = "moon"
    assert "'moon' is not a space" in refused(R, bad, "units[0][3] (space)")
    bad = copy.deepcopy(pos)
    bad["units"][0][1] = 7
    refused(R, bad, "units[0][1] (seat)")
    bad = copy.deepcopy(pos)
    bad["units"][1][0] = bad["units"][0][0]
    assert "listed twice" in refused(R, bad, "units[1][0] (id)")
    bad = copy.deepcopy(pos)
    bad["next_id"] = 1
    refused(R, bad, "next_id")
    bad = copy.deepcopy(pos)
    bad["supply"][1] = {"dragon": 2}
    refused(R, bad, "supply[1]")


def test_riot_edited_cards_seats_and_phase_name_the_field():
    pos = random_position(R, 3, 40)
    for field, edit in (
        ("hands[1][0]", lambda p: p["hands"][1].insert(0, "golden_ticket")),
        ("po_drawn", lambda p: p.update(po_drawn="riot_act")),
        ("goals[1]", lambda p: p["goals"].__setitem__(1, [99, 99])),
        ("credits", lambda p: p["credits"].pop()),
        ("order[0]", lambda p: p.update(order=[0, 1])),
        ("order", lambda p: p.update(order=[1], eliminated=[0, 0, 0])),  # seat 2 never plays
        ("phase", lambda p: p.update(phase="siesta")),
        ("police_next.martial_law", lambda p: p["police_next"].update(martial_law=1)),
        ("'deep'", lambda p: p.update(deep=[[[]]])),
    ):
        bad = copy.deepcopy(pos)
        edit(bad)
        refused(R, bad, field)


def test_riot_placement_needs_a_seat_to_place():
    """First Round: the seat placing is the first of the placement queue."""
    pos = R.to_position(R.new_state(setup(2)))
    bad = copy.deepcopy(pos)
    bad["placement"] = []
    refused(R, bad, "placement")
    bad = copy.deepcopy(pos)
    bad["active"] = 0
    refused(R, bad, "active")


def test_riot_clash_is_checked_against_units_and_its_decision():
    pos = clash_position()
    bad = copy.deepcopy(pos)
    bad["clash"]["att"] = [99]
    assert "no unit 99" in refused(R, bad, "clash.att[0]")
    bad = copy.deepcopy(pos)
    bad["clash"]["dfd"] = [1]
    refused(R, bad, "clash.dfd[0]")  # unit 1 is the attacker's
    bad = copy.deepcopy(pos)
    bad["clash"] = None
    refused(R, bad, "clash")
    bad = copy.deepcopy(pos)
    bad["clash"]["stage"] = "resolve"
    refused(R, bad, "pending[0].kind")
    bad = copy.deepcopy(pos)
    bad["pending"][0]["seat"] = 0  # the attacker is never asked at this stage
    refused(R, bad, "pending[0].kind")
    bad = copy.deepcopy(pos)
    bad["clash"]["bonus"] = 3
    refused(R, bad, "clash.bonus")
    state = R.load_position(pos, 2)  # unedited, it plays on: the defender may throw
    assert "pass" in {str(a) for a in R.legal_actions(state)}


def test_riot_clash_is_a_declared_frame_kept_in_its_saved_form():
    """5) Clashes: the clash under way is a typed frame (its fields declared once, read from a
    position through them); it saves as exactly the mapping of its fields."""
    pos = clash_position()
    state = R.load_position(copy.deepcopy(pos), 2)
    assert isinstance(state.clash, Clash) and state.clash.att == [1, 2]
    assert list(R.to_position(state)["clash"]) == list(Clash.fields) == list(pos["clash"])
    assert R.to_position(state) == pos
    bad = copy.deepcopy(pos)
    bad["clash"]["colour"] = "red"
    assert "not a field" in refused(R, bad, "clash.colour")
    bad = copy.deepcopy(pos)
    bad["clash"]["street"] = 0  # the target is a street
    refused(R, bad, "clash.street")


def test_riot_declared_attack_only_commits_units_on_the_board():
    s = position(2, units=[(1, "activist", "nw_street"), (0, "officer", "nw_street")], active=1)
    R.apply(s, next(a for a in R.legal_actions(s) if a.kind == "attack"))
    pos = R.to_position(s)
    bad = copy.deepcopy(pos)
    bad["pending"][0]["data"]["eligible"] = [1, 42]
    refused(R, bad, "pending[0].data.eligible[1]")
    bad = copy.deepcopy(pos)
    bad["pending"][0]["data"]["target"] = "hq"
    assert "not a street or building" in refused(R, bad, "pending[0].data.target")


def test_riot_pending_frames_are_read_by_their_declared_fields():
    """Movement (obstruction): an obstruct frame read from a position holds the fields its
    kind declares for its mode, each checked; anything else is refused naming the path."""
    s = position(
        2, units=[(1, "activist", "nw_street"), (0, "officer", "nw_street")], active=1, phase="move"
    )
    R.apply(s, Action.parse("move unit=1 to=nw_b2"))
    pos = R.to_position(s)
    assert R.to_position(R.load_position(copy.deepcopy(pos), 2)) == pos
    for field, edit in (
        ("pending[0].data.colour", lambda d: d.update(colour="red")),
        ("pending[0].data.attacker", lambda d: d.update(attacker=1)),  # an attack's field
        ("pending[0].data.to", lambda d: d.pop("to")),
        ("pending[0].data.to", lambda d: d.update(to="nw_street")),  # a move is into a building
        ("pending[0].data.unit", lambda d: d.update(unit=2)),  # the Police's, not the mover's
        ("pending[0].data.queue[0]", lambda d: d.update(queue=[7])),
    ):
        bad = copy.deepcopy(pos)
        edit(bad["pending"][0]["data"])
        refused(R, bad, field)
    bad = copy.deepcopy(pos)
    bad["pending"][0]["seat"] = 1
    assert "cannot obstruct itself" in refused(R, bad, "pending[0].seat")


def test_riot_harmless_edit_keeps_playing():
    """A hand-edited but sound position plays on: more credits and a card in hand."""
    pos = random_position(R, 2, 40)
    pos["credits"] = [c + 3 for c in pos["credits"]]
    pos["hands"][1].append("side_alley")
    state = R.load_position(pos, 2)
    assert state.credits == pos["credits"] and "side_alley" in state.hands[1]
    played(R, state, 60)


# -- the map a position names -----------------------------------------------------------------
@pytest.mark.parametrize(
    "map_id", ["../../../../etc/passwd", "/etc/x.tmx", "city.tmx", "no_such_map", "", "a/b"]
)
def test_a_position_naming_another_map_opens_nothing(map_id, monkeypatch):
    pos = R.to_position(R.new_state(setup(2)))
    pos["map"] = map_id
    opened: list[str] = []
    real_open = open

    def spy(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", spy)
    assert "not a shipped map" in refused(R, pos, "map")
    assert opened == []


def test_a_map_file_is_accepted_only_once_a_setup_names_it(tmp_path):
    """A designer's map: a position may name exactly the map file its game's setup named."""
    for ruleset, key, players in ((R, "map", 2), (RULESET_PM, "map_id", 2)):
        mine = tmp_path / f"{ruleset.id}-mine.tmx"
        shutil.copy(maps_dir() / ruleset.id / "city.tmx", mine)
        pos = ruleset.to_position(
            ruleset.new_state(GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(players))))
        )
        pos[key] = str(mine)
        refused(ruleset, pos, key)
        chosen = GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(players)), map=str(mine))
        ruleset.new_state(chosen)  # the player picked the file: the setup names it
        state = ruleset.load_position(pos, players)
        assert state.map_id == str(mine)
        played(ruleset, state, 10)
        pos[key] = str(tmp_path / "other.tmx")
        refused(ruleset, pos, key)


# -- RIOT Politics & Media ----------------------------------------------------------------------
def test_pm_positions_from_play_load_unchanged():
    state = RULESET_PM.new_state(GameSetup((PlayerSpec("a"), PlayerSpec("b")), seed=6))
    rng = Rng(4)
    for ply in range(300):
        if RULESET_PM.to_move(state) is None:
            break
        if ply % 15 == 0:
            pos = RULESET_PM.to_position(state)
            assert RULESET_PM.to_position(RULESET_PM.load_position(copy.deepcopy(pos), 2)) == pos
        legal = RULESET_PM.legal_actions(state)
        RULESET_PM.apply(state, legal[rng.below(len(legal))])


def test_pm_edited_fields_name_the_field():
    pos = random_position(RULESET_PM, 2, 30)
    for field, edit in (
        ("tracks.politics", lambda p: p["tracks"].update(politics=9)),
        ("tracks", lambda p: p["tracks"].update(sports=1)),
        ("riot_hands[0][0]", lambda p: p["riot_hands"][0].insert(0, "riot9")),
        ("characters[0][0]", lambda p: p["characters"][0].insert(0, "nobody")),
        ("markers.nw_street", lambda p: p["markers"].update(nw_street=1)),
        ("established.nw_b1", lambda p: p["established"].update(nw_b1=2)),
        (
            "units[0][2] (kind)",
            lambda p: p["units"].insert(0, [99, 1, "officer", "nw_street", 1, 0, 0, 0]),
        ),
        ("map_id", lambda p: p.update(map_id="../riot/city")),
        ("'deep'", lambda p: p.update(deep=[[[]]])),
    ):
        bad = copy.deepcopy(pos)
        edit(bad)
        refused(RULESET_PM, bad, field)


def test_pm_combat_is_checked_against_units_and_its_decision():
    s = pm_position(
        [(1, "black_bloc", "nw_street"), (0, "officer", "n_street")],
        active=1,
        riot_hands=[["riot3"], ["riot3"]],
    )
    pm_act(s, "attack target=n_street")
    pm_act(s, "commit unit=1")
    pm_act(s, "confirm")
    pos = RULESET_PM.to_position(s)
    bad = copy.deepcopy(pos)
    bad["combat"]["dfd"] = [5]
    refused(RULESET_PM, bad, "combat.dfd[0]")
    bad = copy.deepcopy(pos)
    bad["combat"]["riot"] = [["riot3"]]
    refused(RULESET_PM, bad, "combat.riot")
    bad = copy.deepcopy(pos)
    bad["combat"] = None
    refused(RULESET_PM, bad, "combat")
    bad = copy.deepcopy(pos)
    bad["pending"] = []
    refused(RULESET_PM, bad, "combat")
    played(RULESET_PM, RULESET_PM.load_position(pos, 2), 10)


def test_pm_harmless_edit_keeps_playing():
    """Moving a track marker by hand: the position plays on and the score shows it."""
    pos = random_position(RULESET_PM, 2, 30)
    pos["tracks"]["media"] = 3
    state = RULESET_PM.load_position(pos, 2)
    assert RULESET_PM.outcome(state).scores[1] >= 3
    played(RULESET_PM, state, 60)


def test_a_forged_action_on_a_loaded_game_is_only_refused():
    state = R.load_position(random_position(R, 2, 40), 2)
    with pytest.raises(IllegalAction):
        R.apply(state, Action("move", (("unit", 999), ("to", "moon"))))


def test_a_save_with_an_edited_start_is_refused_naming_file_and_field(tmp_path):
    """A save's start position goes through the same checks: the message names the save and
    the field; the unedited save loads and replays."""
    from riotsim.core.match import Match
    from riotsim.core.saves import SaveError

    start = random_position(R, 3, 30)
    match = Match(R, setup(3), start=start)
    for _ in range(5):
        match.apply(match.legal_actions()[0])
    path = tmp_path / "riot.json"
    match.save(path)
    assert Match.load(path).state_hash() == match.state_hash()
    raw = json.loads(path.read_text())
    raw["start"]["units"][0][3] = "../../etc"
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError) as err:
        Match.load(path)
    assert str(err.value).startswith(str(path)) and "units[0][3] (space)" in str(err.value)
