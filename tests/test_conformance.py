"""The rules contract, checked the same way for every registered game and the toy game.

OpenSpiel style: each test runs one check of ``riotsim.core.conformance`` over every case, a
seeded random playout of a registered rule set (seat counts, maps, scenarios and choice
options varied from case to case) or of the tests' toy game. The playouts are recorded once
per case and shared by the tests. What each game calls private is the one piece of game
knowledge here (``LEAKS``); everything else is the contract of docs/DEVELOPING.md.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
import toy_game

from riotsim.core import conformance, registry
from riotsim.core.conformance import Case, Trajectory
from riotsim.core.contract import Ruleset
from riotsim.core.rng import Rng

# cases per game (at least one per map and per scenario whatever the number says)
CASES_PER_GAME = {"riotquest": 6, "riot": 5, "riot-pm": 3, "quodd": 11}
TOYS: dict[str, Ruleset] = {
    "toy": toy_game.RULESET,
    "toy-open": toy_game.RULESET_OPEN,
    "toy-solo": toy_game.RULESET_SOLO,
}
SAMPLES = 24  # states kept per playout for the heavier checks


def ruleset_of(game: str) -> Ruleset:
    return TOYS[game] if game in TOYS else registry.get(game)


def _others(state: Any, seat: int, seats: int) -> list[int]:
    return [other for other in range(seats) if other != seat]


def _riot_leaks(state: Any, view: Any, seat: int) -> list[str]:
    from riotsim.games.riot.state import HIDDEN

    found = []
    for other in _others(state, seat, state.seats):
        if any(card != HIDDEN for card in view.hands[other]):
            found.append(f"seat {other}'s hand")
        if view.goals[other] and view.goals[other] != HIDDEN:
            found.append(f"seat {other}'s secret goal")
    for owner, deck in enumerate(view.decks):
        if any(card != HIDDEN for card in deck):
            found.append(f"seat {owner}'s deck order")
    if any(card != HIDDEN for card in view.po_deck) or view.po_drawn not in (None, "", HIDDEN):
        found.append("the Public Opinion deck")
    return found


def _pm_leaks(state: Any, view: Any, seat: int) -> list[str]:
    from riotsim.games.riot.pm_state import HIDDEN_MEDIA, HIDDEN_POLITICS, HIDDEN_RIOT

    found = []
    for other in _others(state, seat, 2):
        if any(card != HIDDEN_RIOT for card in view.riot_hands[other]):
            found.append(f"seat {other}'s Riot hand")
        if any(card not in (HIDDEN_POLITICS, HIDDEN_MEDIA) for card in view.hands[other]):
            found.append(f"seat {other}'s Politics & Media hand")
        if view.combat is not None:
            side = 0 if other == view.combat["attacker"] else 1
            if any(card != HIDDEN_RIOT for card in view.combat["riot"][side]):
                found.append(f"seat {other}'s Riot cards in the combat")
    for owner, deck in enumerate(view.riot_decks):
        if any(card != HIDDEN_RIOT for card in deck):
            found.append(f"seat {owner}'s Riot deck order")
    if any(card != HIDDEN_POLITICS for card in view.politics_deck):
        found.append("the Politics deck")
    if any(card != HIDDEN_MEDIA for card in view.media_deck):
        found.append("the Media deck")
    return found


def _riotquest_leaks(state: Any, view: Any, seat: int) -> list[str]:
    found = []
    for other in _others(state, seat, state.seats):
        if any(card != "?" for card in view.players[other].hand):
            found.append(f"seat {other}'s Riot Gear hand")
    if view.bounty_draw != sorted(state.bounty_draw):
        found.append("the Bounty deck order")
    if view.treasure_draw != sorted(state.treasure_draw):
        found.append("the Treasure deck order")
    return found


def _quodd_leaks(state: Any, view: Any, seat: int) -> list[str]:
    from riotsim.games.quodd import teams

    found = []
    # co-op and teams: teammates' hands are shown while a trade is possible (spec T3)
    shared = teams.visible_hands(state, seat) if teams.sharing_mode(state) else set()
    for hero in view.heroes:
        if hero.seat in shared:
            continue
        if hero.controller != seat and any(card != "hidden" for card in hero.hand):
            found.append(f"seat {hero.seat}'s hand")
    if any(card != "hidden" for card in view.deck):
        found.append("the deck order")
    return found


def _toy_leaks(state: Any, view: Any, seat: int) -> list[str]:
    found = [
        f"seat {other}'s hand"
        for other in _others(state, seat, state.seats)
        if any(card != toy_game.HIDDEN for card in view.hands[other])
    ]
    if any(card != toy_game.HIDDEN for card in view.deck):
        found.append("the deck order")
    return found


LEAKS: dict[str, Callable[[Any, Any, int], list[str]]] = {
    "riot": _riot_leaks,
    "riot-pm": _pm_leaks,
    "riotquest": _riotquest_leaks,
    "quodd": _quodd_leaks,
    "toy": _toy_leaks,
    "toy-solo": _toy_leaks,
}


def all_cases() -> list[Case]:
    out: list[Case] = []
    for game in registry.ids():
        out += conformance.cases(game, registry.get(game), CASES_PER_GAME.get(game, 3))
    for game, ruleset in TOYS.items():
        out += conformance.cases(game, ruleset, 2)
    return out


CASES = all_cases()
IDS = [case.label for case in CASES]


def test_every_registered_game_is_checked():
    """The suite covers each registered rule set, its maps and its scenarios."""
    games = {case.game for case in CASES}
    assert set(registry.ids()) <= games
    for game in registry.ids():
        ruleset = registry.get(game)
        mine = [case.setup for case in CASES if case.game == game]
        assert {s.map for s in mine} >= set(ruleset.maps())
        assert {s.scenario for s in mine} >= set(ruleset.scenarios())


@pytest.mark.parametrize("game", [*registry.ids(), *TOYS])
def test_every_game_declares_its_action_kinds(game):
    ruleset = TOYS[game] if game in TOYS else registry.get(game)
    assert conformance.check_declarations(ruleset) == []


@cache
def _played(label: str) -> Trajectory:
    case = CASES[IDS.index(label)]
    return conformance.play(ruleset_of(case.game), case, samples=SAMPLES)


def trajectory(case: Case) -> Trajectory:
    return _played(case.label)


def _samples(case: Case):
    return trajectory(case).samples


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_random_playout_ends_and_a_seat_to_move_always_has_an_action(case):
    """Every ply: the seat to move has a legal action whose text parses back, nobody is to move
    only when the outcome is finished, later plies never change a copy taken earlier, and the
    game ends within the bound."""
    assert trajectory(case).finished


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_same_seed_and_actions_give_the_same_hashes(case):
    conformance.check_replay(ruleset_of(case.game), trajectory(case))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_positions_round_trip(case):
    ruleset = ruleset_of(case.game)
    for ply, state in _samples(case):
        conformance.check_round_trip(ruleset, case, ply, state)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_copies_share_nothing(case):
    """copy, a position round trip and a determinized view are independent of the original."""
    ruleset = ruleset_of(case.game)
    for ply, state in _samples(case):
        conformance.check_independent(ruleset, case, ply, state, case.setup.seed * 31 + ply)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_legal_action_applies(case):
    ruleset = ruleset_of(case.game)
    rng = Rng(case.setup.seed)
    for ply, state in _samples(case):
        conformance.check_legal_actions_apply(ruleset, case, ply, state, rng)
        conformance.check_menu(ruleset, case, ply, state)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_quick_values_are_what_playing_gives(case):
    """A value a game gives without playing an action (``Ruleset.quick_values``, which a
    one-ply bot trusts) equals playing it and evaluating, bit for bit."""
    ruleset = ruleset_of(case.game)
    for ply, state in _samples(case):
        conformance.check_quick_values(ruleset, case, ply, state)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_scores_are_the_outcomes(case):
    ruleset = ruleset_of(case.game)
    for ply, state in _samples(case):
        conformance.check_scores(ruleset, case, ply, state)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_refused_actions_raise_illegal_action_and_change_nothing(case):
    """Unknown kinds, missing arguments, arguments of the wrong type or value."""
    ruleset = ruleset_of(case.game)
    rng = Rng(case.setup.seed + 1)
    for ply, state in _samples(case):
        conformance.check_refusals(ruleset, case, ply, state, rng)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_views_hide_secrets_and_the_random_stream(case):
    ruleset = ruleset_of(case.game)
    leaks = LEAKS.get(case.game) if ruleset.hidden_information else None
    if ruleset.hidden_information:
        assert leaks is not None, f"{case.game} hides information: add its LEAKS entry"
    for ply, state in _samples(case):
        conformance.check_views(ruleset, case, ply, state, case.setup.seed * 17 + ply, leaks)


def slow_cases() -> list[Case]:
    out: list[Case] = []
    for game in registry.ids():
        out += conformance.cases(game, registry.get(game), 24, first_seed=1000)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("case", slow_cases(), ids=lambda case: case.label)
def test_every_check_on_many_more_seeds(case):
    """The whole contract on 24 more cases per game (slow: ``pytest -m slow``)."""
    ruleset = ruleset_of(case.game)
    played = conformance.play(ruleset, case, samples=60)
    conformance.check_replay(ruleset, played)
    rng = Rng(case.setup.seed)
    leaks = LEAKS.get(case.game) if ruleset.hidden_information else None
    for ply, state in played.samples:
        seed = case.setup.seed * 31 + ply
        conformance.check_round_trip(ruleset, case, ply, state)
        conformance.check_independent(ruleset, case, ply, state, seed)
        conformance.check_legal_actions_apply(ruleset, case, ply, state, rng)
        conformance.check_menu(ruleset, case, ply, state)
        conformance.check_views(ruleset, case, ply, state, seed, leaks)
        conformance.check_refusals(ruleset, case, ply, state, rng)
        conformance.check_quick_values(ruleset, case, ply, state)
        conformance.check_scores(ruleset, case, ply, state)
