"""Starter templates under maps/templates/ (issue 15, "Tiled, as designers have it").

Each template passes check-map and loads with its game's own loader into the starting point a
designer expects: an open arena with every feature, a blank 9x9 board, the smallest city.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from riotsim.cli import main
from riotsim.core.tiled import load_board
from riotsim.games.quodd.maps import load_layout
from riotsim.games.riot.city_maps import city_board
from riotsim.games.riotquest.arena import Arena

TEMPLATES = Path(__file__).resolve().parent.parent / "maps" / "templates"


@pytest.mark.parametrize("path", sorted(TEMPLATES.glob("*.tmx")), ids=lambda p: p.stem)
def test_every_template_passes_check_map(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-map", str(path)]) == 0
    assert "no problems" in capsys.readouterr().out


def test_there_is_a_template_for_each_game() -> None:
    games = {load_board(p).properties.get("game") for p in TEMPLATES.glob("*.tmx")}
    assert games == {"riotquest", "quodd", "riot", "riot-pm"}


def test_the_arena_template_is_open_floor_with_six_gates_six_beacons_and_a_centre() -> None:
    arena = Arena.from_board(load_board(TEMPLATES / "riotquest_arena.tmx"), "template")
    assert sorted(arena.gates) == sorted(arena.beacons) == [1, 2, 3, 4, 5, 6]
    assert set(arena.terrain.values()) == {"open"}
    assert arena.centre in arena.terrain


def test_the_quodd_template_is_a_blank_9x9_board_with_two_respawns() -> None:
    layout = load_layout(str(TEMPLATES / "quodd_board.tmx"))
    assert (layout.width, layout.height) == (9, 9)
    assert {g for row in layout.ground for g in row} == {"floor"}
    assert [token.kind for _, token in layout.tokens] == ["respawn", "respawn"]


def test_the_riot_template_is_a_minimal_city_that_plays() -> None:
    """RIOT's First Round places a 2-player protester in four buildings of four different
    areas (two each with more players): the template has four areas, each a street, an entry
    and two buildings, around the Police HQ and the hospital beside it."""
    board = city_board("riot", str(TEMPLATES / "riot_city.tmx"))
    kinds = sorted(board.kind_of.values())
    assert kinds == ["building"] * 8 + ["entry"] * 4 + ["hospital", "hq"] + ["street"] * 4
    assert sorted(board.areas) == ["a", "b", "c", "d"]
    assert board.adjacent["hospital"] == ("hq",)
    assert set(board.adjacent["hq"]) == {"a_street", "b_street", "c_street", "d_street", "hospital"}
    assert set(board.adjacent["a_street"]) == {"a_b1", "a_b2", "a_entry", "b_street", "hq"}


def test_the_politics_and_media_template_has_barracks_a_district_and_no_hospital() -> None:
    board = city_board("riot-pm", str(TEMPLATES / "riot-pm_city.tmx"))
    assert sorted(board.kind_of.values()) == ["building", "entry", "hq", "street"]
    assert board.spaces["a_b1"].colour == "yellow"
    assert board.spaces["a_street"].district == "politics"
