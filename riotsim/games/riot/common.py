"""What the two RIOT rule sets (``riot`` and ``riot-pm``) do the same way.

Both play on the city board, run a turn the same way (other seats' pending decisions first),
end the game alike, search reach the same way, hide cards behind placeholders and save positions
as the state's own JSON. Where the two rulebooks differ, a subclass says so in one place: a class
attribute (CLOSED_KINDS, fight_field, content_loader) or a method it must write (step_table,
unit_moves, the turn's and decisions' actions). This module holds no rule only one game has.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from riotsim.core.contract import (
    Action,
    Decision,
    Event,
    GameSetup,
    IllegalAction,
    OptionSpec,
    Ruleset,
)
from riotsim.core.events import GameOver
from riotsim.core.frames import FrameKind
from riotsim.core.match import is_shipped_map_id
from riotsim.core.problems import ContentError, Problem
from riotsim.games.riot import city as bd
from riotsim.games.riot.city_maps import board_problems, city_board
from riotsim.games.riot.events import (
    Bought,
    CardDrawn,
)
from riotsim.games.riot.state import OVER, Unit  # pm_state uses the same word
from riotsim.i18n import N_, _, ngettext, pgettext
from riotsim.paths import maps_dir

DEFAULT_ROUND_LIMIT = 40
# (rule set id, map id) -> board; a plain dict in front of the loader's cache because the rules
# ask for the board constantly
_BOARDS: dict[tuple[str, str], bd.CityBoard] = {}
# a step table: (space, the mover's traits...) -> (neighbour, is a building) pairs
StepTable = dict[tuple[Any, ...], tuple[tuple[str, bool], ...]]
_STEP_TABLES: dict[tuple[str, str], StepTable] = {}  # (rule set id, map id) -> its table
_MOVES: dict[tuple[int, str], Action] = {}  # (unit, to) -> its move action, shared by both games
# (rule set id, map file) pairs a game setup named in this process: the only map files (rather
# than shipped maps named by id) a position may name
_SETUP_MAPS: set[tuple[str, str]] = set()


class CityState(Protocol):
    """The fields of RiotState and PMState the shared code reads."""

    map_id: str
    units: dict[int, Unit]
    phase: str
    active: int
    pending: list[Any]
    winners: list[int]
    reason: str
    next_id: int

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=CityState)


def round_limit_option() -> OptionSpec:
    return OptionSpec(
        "round_limit",
        N_("Round limit (0 = none)"),  # English: the setup screen translates it
        "int",
        DEFAULT_ROUND_LIMIT,
        minimum=0,
        maximum=500,
        help=N_("End the game without a winner after this many rounds."),
    )


def credits_text(n: int) -> str:
    return ngettext("{n} credit", "{n} credits", n).format(n=n)


def phase_name(phase: str) -> str:
    """A phase id of either game as players read it (the English is the id itself)."""
    names = {
        "placement": pgettext("phase", "placement"),
        "setup": pgettext("phase", "setup"),
        "purchase": pgettext("phase", "purchase"),
        "cards": pgettext("phase", "cards"),
        "move": pgettext("phase", "move"),
        "clash": pgettext("phase", "clash"),
        "combat": pgettext("phase", "combat"),
        "over": pgettext("phase", "over"),
    }
    return names.get(phase, phase)


_REASONS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (
        re.compile(r"round limit \((\d+)\) reached"),
        lambda m: _("round limit ({n}) reached").format(n=m[1]),
    ),
    (
        re.compile(r"(\w+) reached (\d+) area points"),
        lambda m: _("{team} reached {n} area points").format(team=team_word(m[1]), n=m[2]),
    ),
    (
        re.compile(r"nationalists completed their goal '(.*)'"),
        lambda m: _("nationalists completed their goal '{goal}'").format(goal=_(m[1])),
    ),
    (
        re.compile(r"(\w+) reached (\d+) on the politics track"),
        lambda m: _("{side} reached {n} on the politics track").format(
            side=team_word(m[1]), n=m[2]
        ),
    ),
    (
        re.compile(r"(\w+) reached (\d+) on the media track"),
        lambda m: _("{side} reached {n} on the media track").format(side=team_word(m[1]), n=m[2]),
    ),
)


def team_word(team_id: str) -> str:
    """A team's or side's id as a sentence names it (the English is the id itself)."""
    names = {
        "police": pgettext("team", "police"),
        "protesters": pgettext("team", "protesters"),
        "autonomen": pgettext("team", "autonomen"),
        "anarchists": pgettext("team", "anarchists"),
        "nationalists": pgettext("team", "nationalists"),
    }
    return names.get(team_id, team_id)


def reason_text(reason: str) -> str:
    """A game-end reason as the state keeps it (English, as data: saves and digests hold it)
    in the language spoken, for the views to show.

    >>> reason_text("autonomen reached 7 area points")
    'autonomen reached 7 area points'
    """
    for pattern, words in _REASONS:
        found = pattern.fullmatch(reason)
        if found:
            return words(found)
    return _(reason) if reason else reason  # the fixed ones are msgids themselves


def fill_hidden(cards: list[str], hidden: str, pool: list[str]) -> list[str]:
    """``cards`` with every ``hidden`` placeholder replaced by a card popped from ``pool``."""
    return [pool.pop() if c == hidden else c for c in cards]


def bought_event(seat: int, unit: Unit, cost: int) -> Event:
    return Bought.of(
        fields={"seat": seat}, unit=unit.id, kind=unit.kind, at=unit.space, cost=cost, seat=seat
    )


def private_draw(seat: int, card: str) -> Event:
    """Which card ``seat`` drew: only its owner may read this one."""
    return CardDrawn.of(fields={"seat": seat}, card=card, seat=seat, reveals=True, private_to=seat)


def move_action_cache() -> dict[tuple[int, str], Action]:
    """Move actions kept between calls, emptied when it grows large (random playouts build
    the same ones over and over)."""
    if len(_MOVES) > 50_000:
        _MOVES.clear()
    return _MOVES


# what the buttons say for the actions both games name alike
R = TypeVar("R")


class Frame(FrameKind, ABC, Generic[R, S]):
    """One kind of decision frame: its data fields (``fields``, declared with their checks,
    which also read the frame from an untrusted position), its answers, how an answer resolves.

    A frame on ``state.pending`` stays a :class:`Decision` (kind, seat, data), so saves keep
    their text form; each game registers one subclass per kind in its :class:`FrameKinds`.
    The behaviour is the class's: the rules look the class up by kind and never build one.
    """

    # asked inside the fight under way (riot's clash, riot-pm's combat), and only then
    of_fight: ClassVar[bool] = False

    @classmethod
    @abstractmethod
    def actions(cls, rules: R, state: S, frame: Decision) -> list[Action]:
        """The answers the deciding seat may give."""

    @classmethod
    @abstractmethod
    def resolve(cls, rules: R, state: S, frame: Decision, action: Action) -> list[Event]:
        """Apply ``action``, one of :meth:`actions`."""


COMMON_LABELS = {  # N_: translated where shown
    "end_purchase": N_("Done buying"),
    "end_move": N_("Done moving"),
    "end_turn": N_("End turn"),
    "confirm": N_("Attack!"),
}


DEFAULT_MAP = "city"  # the box's board
_MAP_NAMES = {DEFAULT_MAP: N_("City")}


class CityRules(Ruleset[S]):
    """Base of both RIOT rule sets (see the module docstring for what it holds)."""

    min_players: ClassVar[int] = 2
    hidden_information: ClassVar[bool] = True
    playable: ClassVar[bool] = True
    # kinds of space nobody steps onto: entry points (deploying only), in riot also the hospital
    CLOSED_KINDS: ClassVar[tuple[str, ...]]
    # the state field holding the fight under way: "clash" (riot) or "combat" (riot-pm)
    fight_field: ClassVar[str]
    # loads (and cross-checks) the game's data folder; raises ContentError
    content_loader: ClassVar[Callable[[], object]]

    def choice_name(self, choice: str) -> str:
        """The box's city by its name in the language spoken; any other map as the default
        names it."""
        name = _MAP_NAMES.get(choice)
        return _(name) if name else super().choice_name(choice)

    def maps(self) -> list[str]:
        """The boards under maps/<game>/, the box's city first (the default); any other map
        file plays too, by its path (``--map PATH.tmx``, "Open map file...")."""
        folder = maps_dir() / self.id
        found = sorted(p.stem for p in folder.glob("*.tmx") if is_shipped_map_id(p.stem))
        return sorted(found, key=lambda map_id: map_id != DEFAULT_MAP) or [DEFAULT_MAP]

    def setup_map(self, setup: GameSetup) -> str:
        """The map a new game is played on; a map file a setup names (the player chose it, or
        a save vetted it) may then be named by positions too."""
        map_id = setup.map or DEFAULT_MAP
        if not is_shipped_map_id(map_id):
            _SETUP_MAPS.add((self.id, map_id))
        return map_id

    def map_allowed(self, map_id: str) -> bool:
        """Whether a position may name ``map_id``: a map riotsim ships, by its plain name, or
        exactly a map file a game setup named. Nothing else is ever opened for a position."""
        if is_shipped_map_id(map_id):
            return (self.id, map_id) in _BOARDS or (
                maps_dir() / self.id / f"{map_id}.tmx"
            ).is_file()
        return (self.id, map_id) in _SETUP_MAPS

    def board(self, state: S) -> bd.CityBoard:
        key = (self.id, state.map_id)
        found = _BOARDS.get(key)
        if found is None:
            found = _BOARDS[key] = city_board(self.id, state.map_id)
        return found

    def units_at(self, state: S, space: str, seat: int | None = None) -> list[Unit]:
        return [
            u for u in state.units.values() if u.space == space and (seat is None or u.seat == seat)
        ]

    @abstractmethod
    def unit_moves(self, state: S, seat: int, kind: str) -> int:
        """How many steps a unit of ``kind`` of ``seat`` makes in a turn."""

    def _new_unit(self, state: S, seat: int, kind: str, space: str) -> Unit:
        u = Unit(state.next_id, seat, kind, space, moves=self.unit_moves(state, seat, kind))
        state.next_id += 1
        state.units[u.id] = u
        return u

    def building_owners(self, state: S) -> dict[str, int]:
        """Building -> the seat whose units are inside (a building holds one side at a time)."""
        kinds = self.board(state).kind_of
        return {u.space: u.seat for u in state.units.values() if kinds[u.space] == bd.BUILDING}

    @abstractmethod
    def step_table(self, board: bd.CityBoard) -> StepTable:
        """Where one step may go from each space, by the mover's traits; each game's own
        movement rules, ignoring who holds the buildings."""

    def _steps(self, state: S) -> StepTable:
        key = (self.id, state.map_id)
        table = _STEP_TABLES.get(key)
        if table is None:
            table = _STEP_TABLES[key] = self.step_table(self.board(state))
        return table

    def reach(self, state: S, unit: Unit) -> set[str]:
        """Spaces ``unit`` could reach with its steps left (buildings as attack targets): never
        through a building, from an entry point only onto the street, the HQ for the Police
        only, no closed kind of space at all."""
        board = self.board(state)
        kinds = board.kind_of
        adjacent = board.adjacent
        closed = self.CLOSED_KINDS
        police = unit.seat == 0
        seen = {unit.space}
        frontier = [unit.space]
        for _step in range(unit.moves):
            nxt = []
            for sp in frontier:
                kind = kinds[sp]
                if kind == bd.BUILDING and sp != unit.space:
                    continue
                for n in adjacent[sp]:
                    if n in seen:
                        continue
                    nk = kinds[n]
                    if nk in closed:
                        continue
                    if kind == bd.ENTRY and nk != bd.STREET:
                        continue
                    if nk == bd.HQ and not police:
                        continue
                    seen.add(n)
                    nxt.append(n)
            frontier = nxt
        return seen

    # -- the turn skeleton both games share: decisions of other seats first ----------------
    def legal_actions(self, state: S) -> list[Action]:
        if state.phase == OVER:
            return []
        if state.pending:
            return self._decision_actions(state, state.pending[-1])
        return self._turn_actions(state, state.active)

    def apply(self, state: S, action: Action) -> list[Event]:
        if state.phase == OVER:
            raise IllegalAction(_("the game is over"), action)
        if not self._is_legal(state, action):
            raise IllegalAction(self._why_illegal(state, action), action)
        if state.pending:
            return self._apply_decision(state, action)
        return self._apply_turn_action(state, action)

    @abstractmethod
    def _turn_actions(self, state: S, seat: int) -> list[Action]:
        """The active seat's actions in the current phase (nobody else deciding)."""

    @abstractmethod
    def _decision_actions(self, state: S, frame: Decision) -> list[Action]:
        """The answers to the decision on top of ``state.pending``."""

    @abstractmethod
    def _is_legal(self, state: S, action: Action) -> bool:
        """Whether ``action`` is among ``legal_actions(state)`` (cheaper than listing them)."""

    @abstractmethod
    def _why_illegal(self, state: S, action: Action) -> str:
        """The message for an illegal action."""

    @abstractmethod
    def _apply_decision(self, state: S, action: Action) -> list[Event]:
        """Apply a legal answer to the decision on top of ``state.pending``."""

    @abstractmethod
    def _apply_turn_action(self, state: S, action: Action) -> list[Event]:
        """Apply a legal action of the active seat."""

    def to_move(self, state: S) -> int | None:
        if state.phase == OVER:
            return None
        return state.pending[-1].seat if state.pending else state.active

    def _finish(self, state: S, winners: list[int], reason: str) -> list[Event]:
        state.phase = OVER
        state.winners = list(winners)
        state.reason = reason
        state.pending.clear()
        setattr(state, self.fight_field, None)  # no clash or combat outlives the game
        return [GameOver.of(winners=list(winners), reason=reason, reveals=True)]

    def _common_refusal(self, state: S, action: Action) -> str | None:
        """Why ``action`` is refused when another seat must decide first or its kind is not
        possible in this phase; None when the reason is particular to the game."""
        if state.pending:
            frame = state.pending[-1]
            return _("waiting for seat {seat} to decide ({kind})").format(
                seat=frame.seat, kind=frame.kind
            )
        if action.kind not in {a.kind for a in self.legal_actions(state)}:
            return _("'{kind}' is not possible in the {phase} phase").format(
                kind=action.kind, phase=phase_name(state.phase)
            )
        return None

    def to_position(self, state: S) -> dict[str, Any]:
        return state.to_json()

    def check_content(self) -> list[Problem]:
        try:
            type(self).content_loader()
        except ContentError as exc:
            return list(exc.problems)
        return []

    def check_board(self, board: Any, path: str) -> list[Problem]:
        return board_problems(self.id, board, path)
