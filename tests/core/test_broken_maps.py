"""The corpus of broken maps (issue 15): one file per designer mistake, each must give its
message with the file and the place (object id and name, or cells)."""

from __future__ import annotations

from pathlib import Path

import pytest

from riotsim.core.checks import check_maps

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "broken-maps"

# (file, place, words of the message)
EXPECTED = [
    ("riotquest/no_kind.tmx", "object 13 'Arena Centre'", "has no kind"),
    ("riotquest/unknown_kind.tmx", "object 1 'Spawn Gate 1'", "unknown kind 'spawn_gat'"),
    ("riotquest/unused_property.tmx", "object 1 'Spawn Gate 1'", "does not use property 'speed'"),
    ("riotquest/links_not_allowed.tmx", "object 1 'Spawn Gate 1'", "cannot have links"),
    ("riotquest/tile_no_terrain.tmx", "6 cells (6,3), (11,3)", "tile 6 of tileset"),
    ("riotquest/saved_by_tiled_1_8.tmx", "", "saved by Tiled 1.8.2, older than 1.9"),
    ("riot/no_kind.tmx", "object 2 'area_n'", "has no kind"),
    ("riot/unknown_kind.tmx", "object 2 'area_n'", "unknown kind 'aera'"),
    ("riot/links_on_area.tmx", "object 1 'area_nw'", "kind 'area' cannot have links"),
    ("riot/area_touches_nothing.tmx", "object 1 'area_nw'", "outline touches no space"),
    ("riot/three_areas.tmx", "", "this city has 6 in 3 areas"),
    ("riot/two_stages.tmx", "object 10 'nw_b1'", "credits must be 1 or 2 (got 5)"),
    ("quodd/no_kind.tmx", "object 2 (wall 3,3)", "has no kind"),
    ("quodd/unknown_kind.tmx", "object 2 (wall 3,3)", "unknown element kind 'wal'"),
    ("quodd/unused_property.tmx", "object 2 (wall 3,3)", "does not use property 'speed'"),
    ("quodd/links_not_allowed.tmx", "object 2 (wall 3,3)", "kind 'wall' cannot have links"),
    ("quodd/stacked_on_respawn.tmx", "cell (2, 1)", "respawn/start shares its square"),
    ("quodd/tile_no_ground.tmx", "3 cells (0,1), (1,1), (2,1)", "ground must be floor"),
]


@pytest.mark.parametrize(("name", "place", "words"), EXPECTED, ids=[e[0] for e in EXPECTED])
def test_each_broken_map_gives_its_message(name: str, place: str, words: str) -> None:
    problems = check_maps([CORPUS / name])
    found = [p for p in problems if words in p.message and p.place.startswith(place)]
    assert found, [str(p) for p in problems]
    assert all(p.path.endswith(name) for p in found)


# lopsided designs: warnings only, never errors
WARNINGS = [
    ("riotquest/lopsided_gate.tmx", "object 1 'Spawn Gate 1'", "2 hexes from the centre"),
    ("riot/area_without_entry.tmx", "object 1 'area_nw'", "area 'nw' has no entry"),
    (
        "quodd/objective_walled_in.tmx",
        "cell (4, 3)",
        "rally marker at (4, 3) cannot be reached from the start squares with plain tumbles "
        "or the tumble skill or the slide skill alone (only with jump, diagonal slide, dash)",
    ),
]


@pytest.mark.parametrize(("name", "place", "words"), WARNINGS, ids=[e[0] for e in WARNINGS])
def test_each_lopsided_map_gives_its_warning(name: str, place: str, words: str) -> None:
    problems = check_maps([CORPUS / name])
    assert all(p.is_warning for p in problems), [str(p) for p in problems]
    assert [p for p in problems if words in p.message and p.place == place]


def test_shipped_maps_have_no_warnings() -> None:
    maps = Path(__file__).resolve().parents[2] / "maps"
    games = [maps / game for game in ("riotquest", "riot", "riot-pm", "quodd")]
    assert [str(p) for p in check_maps(games) if p.is_warning] == []


def test_every_file_of_the_corpus_is_expected() -> None:
    files = sorted(str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*.tmx"))
    assert files == sorted(e[0] for e in EXPECTED + WARNINGS)


def test_errors_are_errors() -> None:
    for name, _, _ in EXPECTED:
        assert any(not p.is_warning for p in check_maps([CORPUS / name])), name


def test_one_line_per_bad_tile_not_per_cell() -> None:
    problems = check_maps([CORPUS / "riotquest/tile_no_terrain.tmx"])
    assert len([p for p in problems if "no 'terrain' property" in p.message]) == 1


def test_a_map_from_old_tiled_names_every_object_with_no_kind() -> None:
    problems = check_maps([CORPUS / "riotquest/saved_by_tiled_1_8.tmx"])
    assert len([p for p in problems if p.message.startswith("has no kind")]) == 13


def test_riot_quest_messages_name_their_object() -> None:
    """Every stage runs: a tile with no terrain is reported, and so is each beacon on it, in
    the place field (object id and name) like the other games' messages."""
    problems = check_maps([CORPUS / "riotquest/tile_no_terrain.tmx"])
    beacons = [p for p in problems if "must be on an open hex" in p.message]
    assert len(beacons) == 6
    assert beacons[0].place == "object 7 'Treasure Beacon 1'"


def test_a_missing_centre_is_reported_once() -> None:
    problems = check_maps([CORPUS / "riotquest/no_kind.tmx"])
    assert [p.message for p in problems if "centre" in p.message] == [
        "needs exactly one centre object, found 0"
    ]


def test_riot_reports_the_problems_of_every_stage_at_once() -> None:
    """A bad space (read stage) does not hide a bad area (board stage)."""
    problems = [p.message for p in check_maps([CORPUS / "riot/two_stages.tmx"])]
    assert "credits must be 1 or 2 (got 5)" in problems
    assert "area nw: needs exactly one street, found 2" in problems
