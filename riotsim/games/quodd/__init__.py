"""Quodd Heroes: tumbling cube heroes on composed 9x9 boards (rule set id ``quodd``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import riotsim.games.quodd.icons  # noqa: F401 (issue 13 part D: its effects and choices)
import riotsim.games.quodd.overlord  # noqa: F401 (issue 13 part B: effects, decisions, hooks)
from riotsim.core.contract import (
    Action,
    Event,
    GameSetup,
    MenuEntry,
    OptionSpec,
    Outcome,
    Ruleset,
)
from riotsim.core.problems import Problem
from riotsim.core.rng import Rng
from riotsim.games.quodd import (  # noqa: F401  # noqa: F401 (hooks)
    actions,
    beams,
    bombs,
    bots,
    bside,
    buddies,
    platforms,
    scenario,
    sheep,
    worldevents,
)
from riotsim.games.quodd.state import State
from riotsim.i18n import _


def position_state(position: Mapping[str, Any]) -> State:
    """A state from a position: the full JSON form, or a readable one with text rows.

    Both are input from strangers: every field is checked (PositionError names it; see
    :mod:`riotsim.games.quodd.positions`). Readable form::

        rows: ["..W..", ...]          # see riotsim.games.quodd.ascii
        extra: {"x,y": {link: B}}     # optional token properties
        heroes: [{hero: rok, at: [1, 2], cube: [...], skills: {...}, ...}]
        phase: movement               # optional; default: the first hero is about to move
    """
    from riotsim.games.quodd import positions

    if "rows" not in position:
        return positions.settled(State.from_json(dict(position)))
    return positions.read_readable(position)


class QuoddRuleset(Ruleset[State]):
    id = "quodd"
    name = "Quodd Heroes"
    min_players = 1
    max_players = 6
    hidden_information = True  # hands of cards
    # Solo play may undo freely (the setup screen says so); ``undo_unlimited`` decides per game:
    # with two or more players, undo stops at card draws and dice as in any hidden-hand game.
    unlimited_undo = True
    playable = True
    action_kinds = actions.ACTIONS

    def options(self) -> list[OptionSpec]:
        return []

    def extra_option_problem(self, key: str, value: Any) -> str | None:
        """The two options a campaign passes to its next part (``follow_up``): the heroes
        that go on and their carried-over upgrades. The carry-over's shape is checked in
        full when the game starts (``scenario.apply_carry_over``). Then the options of the
        other modes (:data:`MODE_OPTIONS`): their shape here, their fit to the seat count
        when the game starts (``scenario.new_state`` raises ValueError)."""
        from riotsim.games.quodd import catalog

        if key == "heroes":
            known = catalog.heroes()
            if not isinstance(value, list) or not value or not all(h in known for h in value):
                problem = _("option heroes: {value!r} is not a list of Quodd hero ids")
                return problem.format(value=value)
            return None
        if key == "carry":
            entries_ok = isinstance(value, list) and all(isinstance(e, dict) for e in value)
            if entries_ok:
                return None
            return _("option carry: {value!r} is not a list of entries").format(value=value)
        if key in MODE_OPTIONS:
            return MODE_OPTIONS[key](value)
        return super().extra_option_problem(key, value)

    def undo_unlimited(self, state: State) -> bool:
        """Only a one-player game may undo past revealed cards and dice."""
        return state.player_count == 1

    def follow_up(self, state: State, setup: GameSetup) -> GameSetup | None:
        """The next part of a tutorial or campaign after a finished, won game.

        The same players and heroes go on; upgrades and gold skill tiles carry over (FAQ:
        upgrades stay as they were between the parts of a multi-part scenario).
        """
        return scenario.follow_up(state, setup)

    def scenarios(self) -> list[str]:
        from riotsim.games.quodd import catalog

        return list(catalog.scenarios())

    def choice_name(self, choice: str) -> str:
        from riotsim.games.quodd import catalog

        scenario = catalog.scenarios().get(choice)
        return _(scenario.name) if scenario is not None else super().choice_name(choice)

    def preview(self, choice: str | None) -> Any | None:
        """The setup screen's picture: a scenario's boards composed at their places and
        turns with its own tokens, or one board by id (or a designer's ``.tmx`` path)."""
        if not choice:
            return None
        from riotsim.games.quodd import catalog, preview

        if choice in catalog.scenarios():
            return preview.scenario_board(choice)
        if choice.endswith(".tmx"):
            from pathlib import Path

            from riotsim.core.tiled import load_board

            return load_board(choice) if Path(choice).is_file() else None
        return super().preview(choice)

    def new_state(self, setup: GameSetup) -> State:
        return scenario.new_state(setup)

    def legal_actions(self, state: State) -> list[Action]:
        return actions.legal_actions(state)

    def apply(self, state: State, action: Action) -> list[Event]:
        return actions.apply(state, action)

    def to_move(self, state: State) -> int | None:
        return actions.to_move(state)

    def action_menu(self, state: State) -> list[MenuEntry]:
        from riotsim.games.quodd import menu

        return menu.action_menu(state)

    def outcome(self, state: State) -> Outcome:
        return scenario.outcome(state)

    def describe(self, state: State, action: Action) -> str:
        return actions.describe(state, action)

    def view(self, state: State, seat: int) -> State:
        """What the player at ``seat`` sees: the hands of the heroes it controls; of the
        face-down decks only how many cards (the Exploration deck) or which ones in no
        order (the world, overlord and treasure decks, sorted)."""
        out = state.copy()
        shown = _shown_hands(state, seat)
        for hero in out.heroes:
            if hero.controller != seat and hero.seat not in shown:
                hero.hand = ["hidden"] * len(hero.hand)
        out.deck = ["hidden"] * len(out.deck)
        for key in MODE_FACE_DOWN:
            setattr(out, key, sorted(getattr(out, key)))
        return out

    def determinize(self, view: State, seat: int, seed: int) -> State:
        from riotsim.core.rng import Rng
        from riotsim.games.quodd import catalog

        out = view.copy()
        if 0 <= out.overlord < len(out.heroes):
            _deal_overlord_hand(out, seed)  # O1: its hidden cards are Overlord cards
        known: list[str] = list(out.lineup) + list(out.discard)
        for hero in out.heroes:
            known += [c for c in hero.hand if c != "hidden"] + hero.items + hero.pets
        pool = catalog.deck_list() + catalog.added_cards(out.scenario)
        for card in known:
            if card in pool:
                pool.remove(card)
        Rng(seed).shuffle(pool)
        for hero in out.heroes:
            hero.hand = [pool.pop() if c == "hidden" and pool else c for c in hero.hand]
        out.deck = [pool.pop() for _ in range(min(len(out.deck), len(pool)))]
        rng = Rng(seed + 1)
        for key in MODE_FACE_DOWN:
            rng.shuffle(getattr(out, key))
        return out

    def to_position(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_position(self, position: Mapping[str, Any]) -> State:
        return position_state(position)

    def check_content(self) -> list[Problem]:
        from riotsim.games.quodd import checks

        return checks.check_content()

    def check_board(self, board: Any, path: str) -> list[Problem]:
        from riotsim.games.quodd import maps

        return maps.check_board(board, path)

    def evaluate(self, state: State, seat: int) -> float:
        return scenario.evaluate(state, seat)

    # Bots (issue 16): the planner plays Normal and Hard; random playouts are hopeless here.
    # Both are capped by positions (max_nodes), not the clock, so strength does not follow
    # the machine's load. Normal plans one world with a narrow beam (80 positions): with the
    # same evaluate as greedy it still wins most races (its turns end out of a thief's
    # reach); Hard has three times the width, a second world and 400 positions a world
    # (one world was no stronger against Normal and lost solo_platform_crossing games).
    # Session 9: Normal at 3/2/150 was too close to Hard; see benchmarks/README.md.
    bot_levels: ClassVar[Mapping[str, tuple[str, Mapping[str, Any]]]] = {
        "normal": ("planner", {"width": 2, "samples": 1, "max_nodes": 80}),
        "hard": ("planner", {"width": 6, "samples": 2, "max_nodes": 400}),
    }

    def rollout_action(self, state: State, legal: list[Action], rng: Rng) -> Action:
        return bots.rollout_action(state, legal, rng)

    def turn_key(self, state: State) -> Any:
        return bots.turn_key(state)

    def transposition_key(self, state: State) -> Any:
        return bots.transposition_key(state)

    def plan_cost(self, events: list[Event], seat: int) -> float:
        return bots.plan_cost(events, seat)


def _deal_overlord_hand(state: State, seed: int) -> None:
    """Fill the Overlord's hidden hand from the Overlord cards not seen anywhere (its deck
    and discard are shown as sets, so only the order of the deal is guessed)."""
    from riotsim.core.rng import Rng
    from riotsim.games.quodd import catalog

    pool = catalog.overlord_deck_list()
    seen = list(state.overlord_deck) + list(state.overlord_discard)
    for hero in state.heroes:
        seen += [c for c in hero.hand if c != "hidden"] + hero.items + hero.pets
    for card in seen:
        if card in pool:
            pool.remove(card)
    Rng(seed + 2).shuffle(pool)
    hero = state.heroes[state.overlord]
    hero.hand = [pool.pop() if c == "hidden" and pool else c for c in hero.hand]


def _shown_hands(state: State, seat: int) -> set[int]:
    """Teammates' hands a seat sees while a trade is possible (spec T3; co-op and teams)."""
    if state.objective.get("mode") not in ("coop", "teams"):
        return set()
    from riotsim.games.quodd import teams

    return teams.visible_hands(state, seat)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _teams_problem(value: Any) -> str | None:
    if not isinstance(value, list) or not 1 <= len(value) <= 6:
        return _("option teams: {value!r:.60} is not a list of one team number per seat").format(
            value=value
        )
    if not all(_is_int(t) and 0 <= t <= 5 for t in value):
        return _("option teams: {value!r:.60} has a team number outside 0..5").format(value=value)
    return None


def _overlord_problem(value: Any) -> str | None:
    if not _is_int(value) or not -1 <= value <= 5:
        problem = _("option overlord: {value!r:.60} is not a seat 0..5 (or -1: the scenario's)")
        return problem.format(value=value)
    return None


def _sides_problem(value: Any) -> str | None:
    if not isinstance(value, list) or not 1 <= len(value) <= 6:
        return _("option sides: {value!r:.60} is not a list of one board side per seat").format(
            value=value
        )
    if not all(side in ("a", "b") for side in value):
        problem = _("option sides: {value!r:.60} has a side that is not 'a' or 'b'")
        return problem.format(value=value)
    return None


def _world_events_problem(value: Any) -> str | None:
    if isinstance(value, bool):
        return None
    return _("option world_events: {value!r:.60} is not true or false").format(value=value)


def _world_cards_problem(value: Any) -> str | None:
    if not isinstance(value, list) or len(value) > 200:
        return _("option world_cards: {value!r:.60} is not a list of world event card ids").format(
            value=value
        )
    if not all(isinstance(c, str) and 0 < len(c) <= 40 for c in value):
        return _("option world_cards: {value!r:.60} has an entry that is not a card id").format(
            value=value
        )
    return None


# Setup options of the other modes (issue 13): key -> what is wrong with a value, or None.
# teams: a team number per seat (teams scenarios); overlord: the Overlord's seat (overlord
# scenarios; -1 the scenario's own, by default the last seat); sides: "a" or "b" per seat
# (player board sides); world_events: play the World Event deck; world_cards: its card ids.
MODE_OPTIONS = {
    "teams": _teams_problem,
    "overlord": _overlord_problem,
    "sides": _sides_problem,
    "world_events": _world_events_problem,
    "world_cards": _world_cards_problem,
}

# The mode decks a view shows only as a set (see QuoddRuleset.view).
MODE_FACE_DOWN = ("world_deck", "overlord_deck", "treasure_deck")

RULESET = QuoddRuleset()
