"""What the Map Lab shows comes from the rules: problem places read into map points, Riot
Quest distances equal to the rules' own movement search, Quodd tumbles by the rules' step
test, RIOT moves along the city graph."""

from __future__ import annotations

from pathlib import Path

from riotsim.core import maplab
from riotsim.core.problems import Problem
from riotsim.core.rng import Rng
from riotsim.core.tiled import load_board

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"


def test_a_problem_place_becomes_points_on_the_map():
    board = load_board(MAPS / "riotquest" / "thunderhead.tmx")
    gate = next(o for o in board.objects if o.kind == "spawn_gate")
    on_object = Problem(board.path, f"object {gate.id} {gate.name!r}", "x")
    assert maplab.problem_points(board, on_object) == [tuple(map(float, gate.centre))]
    on_cells = Problem(board.path, "3 cells (0,1), (1,1), (2,1)", "tile has no terrain")
    assert maplab.problem_points(board, on_cells) == [
        maplab.cell_centre(board, c) for c in ((0, 1), (1, 1), (2, 1))
    ]
    in_message = Problem(board.path, "", "spawn gate 1 at (3, 1) must be on an open hex")
    assert maplab.problem_points(board, in_message) == [maplab.cell_centre(board, (3, 1))]
    assert maplab.problem_points(board, Problem(board.path, "", "whole file")) == []
    for cell in ((0, 0), (3, 1), (7, 6)):
        assert maplab.cell_at(board, maplab.cell_centre(board, cell)) == cell


def test_riot_quest_distances_are_the_rules_movement_search():
    """Rulebook "Movement & Terrain": a lone hero's reachable hexes and their costs, as the
    rules' own search (movement.move_dests) finds them, are the lab's distance overlay."""
    from riotsim.games.riotquest.lab import RiotQuestLab, move_costs
    from riotsim.games.riotquest.movement import move_dests

    lab = RiotQuestLab(load_board(MAPS / "riotquest" / "scrapyard.tmx"))
    arena = lab.arena
    for start in (arena.centre, next(c for c in arena.cells if c not in arena.blocked)):
        piece = maplab.Piece("dez", 0, start, "Dez")
        state = lab._activated([piece], 0)
        hero = state.heroes[0]["dez"]
        costs = move_costs(arena, start)
        assert move_dests(state, hero, 30) == {c: d for c, d in costs.items() if c != start}
        assert all(costs[c] >= 2 for c in arena.obstacles if c in costs and c != start)


def test_quodd_tumbles_follow_the_step_rule():
    from riotsim.games.quodd.lab import QuoddLab, tumble_distances
    from riotsim.games.quodd.state import State

    board = load_board(MAPS / "templates" / "quodd_board.tmx")
    lab = QuoddLab(board)
    lone = State(rng=Rng(1), board=lab.quodd, heroes=[])
    found = tumble_distances(lone, (4, 4))
    assert found == {(x, y): abs(x - 4) + abs(y - 4) for x in range(9) for y in range(9)}
    walled = QuoddLab(load_board(MAPS / "quodd" / "b1a.tmx"))
    walls = [c for c in walled.quodd.ground if walled.quodd.is_wall(c)]
    reached = tumble_distances(State(rng=lone.rng, board=walled.quodd, heroes=[]), (0, 0))
    assert walls and not set(walls) & set(reached)


def test_riot_moves_follow_the_city_graph():
    from riotsim.games.riot.lab import RiotLab

    lab = RiotLab(load_board(MAPS / "riot" / "city.tmx"))
    layer = lab.layer("d", lab.city.spaces["n_street"].centre)
    assert layer.note == "moves from n_street"
    shown = {text for point, text in layer.labels if point == lab.city.spaces["n_b1"].centre}
    assert shown == {"1"} and "n_b1" in lab.city.adjacent["n_street"]
