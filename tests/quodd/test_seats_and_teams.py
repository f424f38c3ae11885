"""Hero index, player seat and team (issue 13 foundation).

Rulebook, *Scenario Types*: "Co-Op Games involve 2 or more players working to complete shared
objectives"; "Free-For-All - all players competing against all other players"; "Teams of 2 or
more players compete to complete objectives"; "Overlord - One player takes the role of a
powerful Overlord, and all other players try to stop the Overlord or complete their own
objectives before the Overlord stops them." A hero's ``seat`` is its index in ``heroes``, its
``controller`` the player seat that decides for it (a buddy's is another player's seat), its
``team`` the heroes it wins and loses with.
"""

from __future__ import annotations

from typing import Any

import pytest

from riotsim.core.contract import GameSetup, PlayerSpec, PositionError
from riotsim.games.quodd import RULESET, catalog, scenario
from riotsim.games.quodd.state import Hero, State
from tests.quodd.helpers import position

ROWS = [".....", ".....", "....."]


def _two_heroes(**extra: Any) -> State:
    """Two heroes; the second one's controller is seat 0 (one player, like a buddy)."""
    heroes = [
        {"hero": "rok", "at": [0, 0], "hand": ["honey_bun"]},
        {"hero": "trixie", "at": [4, 2], "controller": 0, "hand": ["honey_bun"]},
    ]
    return position(ROWS, heroes, players=1, **extra)


def test_controller_and_team_default_to_the_hero_index():
    hero = scenario.make_hero(3, "rok", (0, 0), "N")
    assert (hero.seat, hero.controller, hero.team, hero.buddy, hero.side, hero.slots) == (
        3,
        3,
        3,
        False,
        "a",
        {},
    )
    assert "controller" not in hero.to_json() and "team" not in hero.to_json()


def test_to_move_reports_the_controlling_seat():
    """The active hero is hero 1, but player seat 0 decides for it."""
    state = _two_heroes(active=1)
    assert state.active == 1 and state.player_count == 1
    assert RULESET.to_move(state) == 0
    assert state.seat_of(1) == 0
    assert [h.seat for h in state.heroes_of(0)] == [0, 1]


def test_view_hides_hands_by_controller():
    state = _two_heroes()
    mine = RULESET.view(state, 0)
    assert [h.hand for h in mine.heroes] == [["honey_bun"], ["honey_bun"]]
    state.heroes[1].controller = 1
    state.players = 2
    assert [h.hand for h in RULESET.view(state, 0).heroes] == [["honey_bun"], ["hidden"]]
    assert [h.hand for h in RULESET.view(state, 1).heroes] == [["hidden"], ["honey_bun"]]


def test_view_shows_mode_decks_without_their_order():
    state = _two_heroes(world_deck=["quake", "gale", "tremor"])  # World Event ids (part A)
    view = RULESET.view(state, 0)
    assert view.world_deck == ["gale", "quake", "tremor"]
    deal = RULESET.determinize(view, 0, 5)
    assert sorted(deal.world_deck) == ["gale", "quake", "tremor"]


def test_new_fields_round_trip_and_stay_out_of_json_at_their_defaults():
    plain = position(ROWS, [{"hero": "rok", "at": [0, 0]}])
    raw = plain.to_json()
    for key in ("players", "overlord", "timer", "world_deck", "treasure_deck"):
        assert key not in raw
    assert {"controller", "team", "buddy", "side", "slots"}.isdisjoint(raw["heroes"][0])
    tile = catalog.heroes()["trixie"].upgrades[0].id
    state = _two_heroes(
        overlord=0, timer=7, world_deck=["gale"], overlord_deck=["o1"], treasure_discard=["t1"]
    )
    state.heroes[1].team = 0
    state.heroes[1].buddy = True
    state.heroes[1].side = "b"
    state.heroes[1].slots = {"feet": (tile, "a")}
    raw = state.to_json()
    again = RULESET.from_position(raw)
    assert again.to_json() == raw
    hero = again.heroes[1]
    assert (hero.controller, hero.team, hero.buddy, hero.side) == (0, 0, True, "b")
    assert hero.slots == {"feet": (tile, "a")}
    assert (again.players, again.overlord, again.timer) == (1, 0, 7)
    assert again.copy().to_json() == raw


def _refused(raw: dict[str, Any], field: str) -> None:
    with pytest.raises(PositionError) as err:
        RULESET.load_position(raw, 1)
    assert field in str(err.value), str(err.value)


def _raw() -> dict[str, Any]:
    return _two_heroes().to_json()


@pytest.mark.parametrize(
    "edit, field",
    [
        (lambda r: r["heroes"][1].update(controller=1), "heroes[1].controller"),
        (lambda r: r.update(players=3), "players"),
        (lambda r: r.update(players=2), "players"),  # seat 1 would control no hero
        (lambda r: r["heroes"][0].update(side="c"), "heroes[0].side"),
        (lambda r: r["heroes"][0].update(slots={"top": ["x", "a"]}), "heroes[0].slots.top"),
        (lambda r: r["heroes"][0].update(slots={"feet": ["nope", "a"]}), "heroes[0].slots.feet"),
        (lambda r: r["heroes"][0].update(team=9), "heroes[0].team"),
        (lambda r: r["heroes"][0].update(buddy="yes"), "heroes[0].buddy"),
        (lambda r: r.update(overlord=2), "overlord"),
        (lambda r: r.update(timer=-2), "timer"),
        (lambda r: r.update(world_deck=["x" * 41]), "world_deck[0]"),
        (lambda r: r.update(overlord_discard="o1"), "overlord_discard"),
    ],
)
def test_bad_new_fields_are_refused(edit, field):
    raw = _raw()
    edit(raw)
    _refused(raw, field)


def test_a_slotted_tile_is_not_also_on_the_track():
    raw = _raw()
    tile = catalog.heroes()["rok"].upgrades[0].id
    raw["heroes"][0].update(track=[[tile, "a"]], slots={"q": [tile, "b"]})
    _refused(raw, "heroes[0].slots.q")


# -- modes and who wins -------------------------------------------------------------------------


def _spec(monkeypatch: pytest.MonkeyPatch, mode: str, **fields: Any) -> str:
    """An ad-hoc scenario: Crystal Scramble (deliver three crystals) in another mode."""
    base = catalog.scenarios()["ffa_scramble"]
    spec_id = f"seats_test_{mode}"
    spec = catalog.ScenarioSpec.model_validate(
        {**base.model_dump(), "id": spec_id, "mode": mode, **fields}
    )
    known = {**catalog.scenarios(), spec_id: spec}
    monkeypatch.setattr(catalog, "scenarios", lambda: known)
    return spec_id


def _start(spec_id: str, seats: int, **options: Any) -> State:
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    return RULESET.new_state(GameSetup(players, seed=3, options=options, scenario=spec_id))


def _deliver(state: State, hero: int, crystals: int) -> list[int]:
    state.heroes[hero].delivered = crystals
    assert scenario.check_objective(state, [])
    return list(RULESET.outcome(state).winners)


def test_coop_heroes_share_the_win(monkeypatch):
    """Co-op: shared objectives; all heroes are team 0 and win together."""
    state = _start(_spec(monkeypatch, "coop"), 3)
    assert [h.team for h in state.heroes] == [0, 0, 0]
    state.heroes[0].delivered = 1
    assert _deliver(state, 2, 2) == [0, 1, 2]


def test_coop_heroes_share_the_loss(monkeypatch):
    state = _start(_spec(monkeypatch, "coop"), 2)
    scenario.time_up(state, [])
    assert RULESET.outcome(state).winners == ()
    assert RULESET.evaluate(state, 0) == RULESET.evaluate(state, 1) == -1.0


def test_teams_alternate_by_default_and_win_as_one(monkeypatch):
    """Teams: a team's progress is its members' haul; the whole team wins."""
    state = _start(_spec(monkeypatch, "teams"), 4)
    assert [h.team for h in state.heroes] == [0, 1, 0, 1]
    state.heroes[0].delivered = 2  # team 0 has two, team 1 needs three
    state.heroes[1].delivered = 1
    assert not scenario.check_objective(state, [])
    assert _deliver(state, 3, 2) == [1, 3]


def test_teams_from_the_scenario_and_from_the_option(monkeypatch):
    spec_id = _spec(monkeypatch, "teams", teams=[[0, 1], [2, 3]])
    assert [h.team for h in _start(spec_id, 4).heroes] == [0, 0, 1, 1]
    state = _start(spec_id, 4, teams=[1, 0, 0, 1])
    assert [h.team for h in state.heroes] == [1, 0, 0, 1]
    assert _deliver(state, 0, 3) == [0, 3]


def test_teams_time_up_goes_to_the_team_with_most_progress(monkeypatch):
    state = _start(_spec(monkeypatch, "teams"), 4)
    state.heroes[1].delivered = 1
    state.heroes[3].delivered = 1
    state.heroes[0].delivered = 1
    scenario.time_up(state, [])
    assert RULESET.outcome(state).winners == (1, 3)


def test_overlord_is_the_last_seat_alone_against_the_others(monkeypatch):
    """Overlord: one player against all; the heroes win together by the objective."""
    state = _start(_spec(monkeypatch, "overlord"), 3)
    assert state.overlord == 2 and [h.team for h in state.heroes] == [0, 0, 1]
    assert _deliver(state, 1, 3) == [0, 1]


def test_overlord_seat_from_the_option_and_the_scenario(monkeypatch):
    spec_id = _spec(monkeypatch, "overlord", overlord_seat=1)
    assert _start(spec_id, 3).overlord == 1
    state = _start(spec_id, 3, overlord=0)
    assert state.overlord == 0 and [h.team for h in state.heroes] == [1, 0, 0]
    scenario.time_up(state, [])  # our ruling: time up means the Overlord stopped them
    assert RULESET.outcome(state).winners == (0,)


def test_ffa_still_has_one_winner(monkeypatch):
    state = _start("ffa_scramble", 3)
    assert [h.team for h in state.heroes] == [0, 1, 2] and state.overlord == -1
    assert _deliver(state, 1, 3) == [1]


def test_outcome_names_each_winning_seat_once():
    """A hero controlled by seat 0 wins with it: seat 0 is reported once."""
    state = _two_heroes()
    state.heroes[1].team = 0
    scenario.finish(state, [1], "test", [])
    assert state.winners == [0, 1]
    out = RULESET.outcome(state)
    assert out.winners == (0,) and len(out.scores) == 1


# -- setup options ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"teams": [0, 1, 0]},
        {"overlord": 2},
        {"overlord": -1},
        {"sides": ["a", "b"]},
        {"world_events": True},
        {"world_cards": ["gale", "quake"]},
    ],
)
def test_good_mode_options_pass(options):
    assert RULESET.option_problems(options) == []


@pytest.mark.parametrize(
    "key, value",
    [
        ("teams", "0,1"),
        ("teams", [0, 9]),
        ("teams", [True, 0]),
        ("overlord", 6),
        ("overlord", "1"),
        ("sides", ["a", "c"]),
        ("sides", []),
        ("world_events", 1),
        ("world_cards", [3]),
        ("world_cards", "gale"),
    ],
)
def test_bad_mode_options_are_refused_by_name(key, value):
    problems = RULESET.option_problems({key: value})
    assert len(problems) == 1 and problems[0].startswith(f"option {key}:"), problems


def test_options_that_do_not_fit_the_seats_are_refused_at_start(monkeypatch):
    teams = _spec(monkeypatch, "teams")
    with pytest.raises(ValueError, match="option teams"):
        _start(teams, 4, teams=[0, 1])
    with pytest.raises(ValueError, match="option overlord"):
        _start(_spec(monkeypatch, "overlord"), 3, overlord=4)
    with pytest.raises(ValueError, match="option sides"):
        _start("ffa_scramble", 2, sides=["b"])


def test_sides_set_each_player_board_side():
    state = _start("ffa_scramble", 2, sides=["b", "a"])
    assert [h.side for h in state.heroes] == ["b", "a"]


@pytest.mark.parametrize(
    "fields",
    [{"mode": "ffa", "teams": [[0], [1]]}, {"mode": "ffa", "overlord_seat": 0}, {"teams": [[0]]}],
)
def test_scenario_mode_fields_are_checked(fields):
    base = catalog.scenarios()["ffa_scramble"].model_dump()
    with pytest.raises(ValueError):
        catalog.ScenarioSpec.model_validate({**base, "mode": "teams", **fields})


def test_hero_dataclass_documents_index_and_controller():
    assert "index" in (Hero.__doc__ or "") and "controller" in (Hero.__doc__ or "")
