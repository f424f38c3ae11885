"""RIOT content and board: shipped files validate; broken ones give file:place: problem."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from riotsim.core.problems import ContentError
from riotsim.core.tiled import load_board
from riotsim.games.riot import RULESET
from riotsim.games.riot.city_maps import board_from_tiled, city_board
from riotsim.games.riot.content import load_content
from riotsim.paths import data_dir, maps_dir

ROOT = Path(__file__).resolve().parents[2]


def test_shipped_content_is_complete():
    """Components: 42 Protester cards (3 decks of 14), 10 Public Opinion cards with distinct
    penalties, 2 Nationalist Goal cards, 4 summary mats, 96 unit tokens."""
    c = load_content()
    assert sum(len(d) for d in c.decks.values()) == 42
    assert len(c.opinion) == 10
    assert len({(p.penalty, p.value) for p in c.opinion}) == 10
    assert len(c.goals) == 2
    assert sum(u.count for u in c.units.values()) == 96
    police = c.teams["police"].units
    assert sum(u.count for u in police) == max(
        sum(u.count for u in t.units) for t in c.teams.values()
    )  # the Police are the most numerous
    effects = {c.cards[i].effect.value for d in c.decks.values() for i in d}
    assert {"distance", "force", "force_up_to_tie", "no_public_opinion", "no_clash"} <= effects
    assert {
        c.cards[i].value
        for d in c.decks.values()
        for i in d
        if c.cards[i].effect.value == "distance"
    } == {1, 2}
    assert RULESET.check_content() == []


def test_bad_yaml_names_file_line_and_field(tmp_path):
    folder = tmp_path / "riot"
    shutil.copytree(data_dir() / "riot", folder)
    text = (folder / "teams.yaml").read_text().replace("force: 3, cost: 5", "force: 0, cost: 5")
    (folder / "teams.yaml").write_text(text)
    with pytest.raises(ContentError) as err:
        load_content(folder)
    text = str(err.value)
    assert "teams.yaml:" in text and "force" in text and "at least 1" in text


def test_bad_deck_reference(tmp_path):
    folder = tmp_path / "riot"
    shutil.copytree(data_dir() / "riot", folder)
    cards = (folder / "cards.yaml").read_text().replace("    side_alley: 2\n", "    bogus: 2\n")
    (folder / "cards.yaml").write_text(cards)
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert "decks.nationalists.bogus: unknown card" in str(err.value)


def test_city_board_shape():
    """The Board: the HQ with a Hospital inside, six areas each with buildings worth 1 or 2,
    one street and an entry point; the Police enter every street from the HQ."""
    b = city_board("riot", "city")
    assert len(b.area_ids) == 6
    for area in b.area_ids:
        assert b.buildings_of(area)
        assert all(b.spaces[x].credits in (1, 2) for x in b.buildings_of(area))
        assert len(b.entries_of(area)) == 1
        assert b.street_of(area) in b.adjacent[b.hq]
    assert b.adjacent[b.hospital] == (b.hq,)


def test_generator_is_deterministic_and_matches_shipped_maps(tmp_path):
    import runpy

    mod = runpy.run_path(str(ROOT / "tools" / "make_riot_maps.py"))
    assert mod["riot_map"]() == (maps_dir() / "riot" / "city.tmx").read_text()
    assert mod["pm_map"]() == (maps_dir() / "riot-pm" / "city.tmx").read_text()


def _edited_map(tmp_path, old: str, new: str) -> Path:
    text = (maps_dir() / "riot" / "city.tmx").read_text()
    assert old in text
    path = tmp_path / "broken.tmx"
    path.write_text(text.replace(old, new, 1))
    return path


def test_broken_map_reports_object_and_problem(tmp_path):
    path = _edited_map(
        tmp_path, 'name="credits" type="int" value="2"', 'name="credits" type="int" value="5"'
    )
    problems = RULESET.check_board(load_board(path), str(path))
    assert problems and "credits must be 1 or 2" in str(problems[0])
    assert "nw_b1" in str(problems[0])


def test_map_without_hospital_is_refused(tmp_path):
    path = _edited_map(tmp_path, 'type="hospital"', 'type="decoration"')
    with pytest.raises(ContentError) as err:
        board_from_tiled(load_board(path), "riot", str(path))
    assert "hospital" in str(err.value)


def test_moving_a_building_away_from_its_street_is_reported(tmp_path):
    """A designer reshapes the map in Tiled: the game follows the borders and says what
    broke."""
    path = _edited_map(
        tmp_path,
        'name="nw_b3" type="building" x="180" y="330"',
        'name="nw_b3" type="building" x="60" y="330"',
    )
    with pytest.raises(ContentError) as err:
        board_from_tiled(load_board(path), "riot", str(path))
    assert "nw_b3: does not touch the street of area nw" in str(err.value)


def test_malformed_positions_give_a_message():
    """Issue 10: a malformed position is refused with a PositionError naming the field (one
    field at a time; this test used to expect every problem gathered in one ValueError)."""
    from riotsim.core.contract import PositionError
    from riotsim.games.riot import RULESET_PM

    from .helpers import setup
    from .pm_helpers import pm_setup

    with pytest.raises(PositionError, match="^teams: missing"):
        RULESET.from_position({"units": []})
    pos = RULESET.to_position(RULESET.new_state(setup(2)))
    pos["units"] = [[1, 1, "activist", "moon", 1, 0, 0, 0]]
    with pytest.raises(PositionError, match=r"units\[0\]\[3\] \(space\): 'moon'"):
        RULESET.from_position(pos)
    pos = RULESET.to_position(RULESET.new_state(setup(2)))
    pos["hands"][1] = ["golden_ticket"]
    with pytest.raises(PositionError, match=r"hands\[1\]\[0\]: 'golden_ticket'"):
        RULESET.from_position(pos)
    pos["hands"][1] = []
    pos["po_deck"][0] = "riot_act"
    with pytest.raises(PositionError, match=r"po_deck\[0\]: 'riot_act'"):
        RULESET.from_position(pos)
    pos = RULESET.to_position(RULESET.new_state(setup(2)))
    pos["teams"] = ["police", "hooligans"]
    with pytest.raises(PositionError, match=r"teams\[1\]: 'hooligans'"):
        RULESET.from_position(pos)
    pm = RULESET_PM.to_position(RULESET_PM.new_state(pm_setup()))
    pm["units"] = [[1, 1, "dragon", "nw_street", 1, 0, 0, 0]]
    with pytest.raises(PositionError, match=r"units\[0\]\[2\] \(kind\): seat 1 has no unit"):
        RULESET_PM.from_position(pm)


def test_seat_roles_name_each_seats_team():
    """Setup (RIOT: teams by player count; P&M: Police against Protesters): seat 0 is always
    the Police, and the roles match the teams a new game deals out."""
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.games.riot import RULESET_PM

    for n in (2, 3, 4):
        setup = GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(n)), seed=1)
        roles = RULESET.seat_roles(setup)
        state = RULESET.new_state(setup)
        assert roles == [RULESET.content.teams[t].label for t in state.teams]
        assert roles[0] == "Police"
    chosen = GameSetup(
        (PlayerSpec("A"), PlayerSpec("B")), seed=1, options={"protesters": "nationalists"}
    )
    assert RULESET.seat_roles(chosen) == ["Police", "Nationalists"]
    two = GameSetup((PlayerSpec("A"), PlayerSpec("B")), seed=1)
    assert RULESET_PM.seat_roles(two) == ["Police", "Protesters"]
