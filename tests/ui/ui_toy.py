"""A tiny rule set for the UI tests: "Card Sprint".

2-4 runners race to the end of a track. Each holds a hidden hand of step cards. On your turn
either ``play card=N`` (move N, the card leaves your hand, no reveal) or ``roll`` (a d6, reveals,
then your turn ends). Playing a card also ends your turn. With the setup option ``draws`` (not
offered on the setup screen) ``draw`` adds a random card to your hand: an event only you see.
Registered as ``uitoy``; ``uitoy-wip`` is the same game flagged unplayable (the menu must not
offer it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from riotsim.core import dice
from riotsim.core.contract import (
    Action,
    Event,
    GameSetup,
    IllegalAction,
    OptionSpec,
    Outcome,
    Ruleset,
)
from riotsim.core.events import DiceRolled, TypedEvent, datum
from riotsim.core.rng import Rng


class CardDrawn(TypedEvent, kind="card_drawn"):
    __slots__ = ()
    card: int = datum()


class Moved(TypedEvent, kind="moved"):
    __slots__ = ()
    runner: int = datum(key="seat")
    to: int = datum()


class Won(TypedEvent, kind="won"):
    __slots__ = ()
    runner: int = datum(key="seat")


@dataclass(slots=True)
class SprintState:
    length: int
    pos: list[int]
    hands: list[list[int]]
    turn: int
    rng: Rng
    rolls: list[int]
    winner: int | None = None
    draws: bool = False

    def copy(self) -> SprintState:
        return SprintState(
            self.length,
            list(self.pos),
            [list(h) for h in self.hands],
            self.turn,
            self.rng.copy(),
            list(self.rolls),
            self.winner,
            self.draws,
        )


class SprintRuleset(Ruleset[SprintState]):
    id: ClassVar[str] = "uitoy"
    name: ClassVar[str] = "Card Sprint"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    hidden_information: ClassVar[bool] = True

    def options(self) -> list[OptionSpec]:
        return [
            OptionSpec("length", "Track length", "int", 12, minimum=6, maximum=30),
            OptionSpec("pace", "Pace", "choice", "normal", choices=("calm", "normal", "wild")),
            OptionSpec("cards", "Deal cards", "bool", True),
        ]

    def extra_option_problem(self, key: str, value: Any) -> str | None:
        # options of its own that the setup screen does not show: ``draws`` (on/off) and a
        # campaign's ``carry`` (a count passed on to the next game, as Quodd passes upgrades)
        if key == "draws" and value in (0, 1):
            return None
        if key == "carry" and isinstance(value, int):
            return None
        return super().extra_option_problem(key, value)

    def maps(self) -> list[str]:
        return ["short_track", "long_track"]

    def preview(self, choice: str) -> Any:
        """A hand-made 6x2 board for the long track; nothing for the short one."""
        if choice != "long_track":
            return None
        from riotsim.core.tiled import Board, Tile, TileLayer

        floor, pit = Tile({"ground": "floor"}, None), Tile({"ground": "pit"}, None)
        row = tuple(pit if c == 3 else floor for c in range(6))
        layer = TileLayer("ground", {}, (row, row))
        return Board(
            "long_track.tmx",
            "orthogonal",
            6,
            2,
            32,
            32,
            0,
            None,
            None,
            {"game": "uitoy"},
            (layer,),
            (),
            ("objects",),
            (),
        )

    def new_state(self, setup: GameSetup) -> SprintState:
        length = int(setup.options.get("length", 12))
        if setup.map == "long_track":
            length += 6
        n = setup.seats
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"Card Sprint needs 2-4 players, not {n}")
        cards = bool(setup.options.get("cards", True))
        hands = [[1, 2, 3] if cards else [] for _ in range(n)]
        draws = bool(setup.options.get("draws", False))
        return SprintState(length, [0] * n, hands, 0, Rng(setup.seed), [0] * n, None, draws)

    def legal_actions(self, state: SprintState) -> list[Action]:
        if state.winner is not None:
            return []
        acts = [Action.make("roll")]
        if state.draws:
            acts.append(Action.make("draw"))
        acts += [Action.make("play", card=c) for c in sorted(set(state.hands[state.turn]))]
        return acts

    def apply(self, state: SprintState, action: Action) -> list[Event]:
        if state.winner is not None:
            raise IllegalAction("the race is over", action)
        seat = state.turn
        events: list[Event] = []
        if action.kind == "roll" and not action.args:
            faces = dice.roll(state.rng, "d6")
            steps = dice.total("d6", faces)
            state.rolls[seat] += 1
            events.append(DiceRolled.of(die="d6", faces=faces, seat=seat, reveals=True))
        elif action.kind == "draw" and state.draws:
            card = state.rng.randint(1, 3)
            state.hands[seat].append(card)
            state.turn = (seat + 1) % len(state.pos)
            return [CardDrawn.of(card=card, seat=seat, reveals=True, private_to=seat)]
        elif action.kind == "play":
            card = action.get("card")
            if card not in state.hands[seat]:
                raise IllegalAction("you do not hold that card", action, rule="Cards")
            state.hands[seat].remove(card)
            steps = int(card)
        else:
            raise IllegalAction("not a Card Sprint move", action)
        state.pos[seat] = min(state.length, state.pos[seat] + steps)
        events.append(Moved.of(fields={"seat": seat}, to=state.pos[seat], seat=seat))
        if state.pos[seat] >= state.length:
            state.winner = seat
            events.append(Won.of(fields={"seat": seat}, seat=seat))
        else:
            state.turn = (seat + 1) % len(state.pos)
        return events

    def to_move(self, state: SprintState) -> int | None:
        return None if state.winner is not None else state.turn

    def outcome(self, state: SprintState) -> Outcome:
        finished = state.winner is not None
        return Outcome(
            finished,
            (state.winner,) if finished else (),
            tuple(state.pos),
            "reached the finish" if finished else "",
            rounds=1 + sum(state.rolls) // max(1, len(state.pos)),
            stats={"rolls": tuple(state.rolls), "cards left": tuple(len(h) for h in state.hands)},
        )

    def describe(self, state: SprintState, action: Action) -> str:
        if action.kind == "roll":
            return "Roll the die"
        if action.kind == "draw":
            return "Draw a card"
        return f"Play a {action.get('card')}-step card"

    def view(self, state: SprintState, seat: int) -> SprintState:
        seen = state.copy()
        seen.hands = [h if i == seat else [0] * len(h) for i, h in enumerate(seen.hands)]
        return seen

    def to_position(self, state: SprintState) -> dict[str, Any]:
        return {
            "length": state.length,
            "turn": state.turn,
            "positions": list(state.pos),
            "hands": [list(h) for h in state.hands],
            "rolls": list(state.rolls),
            "winner": state.winner,
            "draws": state.draws,
            "rng": state.rng.to_json(),
        }

    def from_position(self, position: Mapping[str, Any]) -> SprintState:
        return SprintState(
            int(position["length"]),
            list(position["positions"]),
            [list(h) for h in position["hands"]],
            int(position["turn"]),
            Rng.from_json(dict(position["rng"])),
            list(position.get("rolls", [0] * len(position["positions"]))),
            position.get("winner"),
            bool(position.get("draws", False)),
        )


class OpenSprint(SprintRuleset):
    """The same race with hands face up (no hand-off screen)."""

    id: ClassVar[str] = "uitoy-open"
    name: ClassVar[str] = "Open Sprint"
    hidden_information: ClassVar[bool] = False

    def scenarios(self) -> list[str]:
        return ["dash", "relay"]  # names only: the race is the same


class WipSprint(SprintRuleset):
    id: ClassVar[str] = "uitoy-wip"
    name: ClassVar[str] = "Unfinished Sprint"
    playable: ClassVar[bool] = False


RULESET = SprintRuleset()
RULESET_OPEN = OpenSprint()
RULESET_WIP = WipSprint()
