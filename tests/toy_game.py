"""A small but complete toy rule set for testing Match, saves, bots and the CLI.

"Dice race": 1-4 runners on a track of ``length`` squares; the first to reach the end wins.

* Each seat holds a hidden hand of cards worth 1-3 steps (dealt from a shuffled deck).
* On your turn you may play any number of cards (each moves you forward, no reveal), then end
  the turn by rolling a d6 (move that many) or by drawing a card (hand limit 3).
* Rolling a 6 opens a pending decision for the *next* seat: ``block card=N`` (discard a card
  from their hand; the roller moves only 2) or ``allow`` (the roller moves 6).

Three variants share the code: ``toy`` (hidden hands), ``toy-open`` (hands face up) and
``toy-solo`` (one runner, unlimited undo). Tests register them for the length of a module
with ``toy_game.registered()`` (``registry.register("toy", "toy_game:RULESET")`` underneath).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar

from riotsim.core import dice
from riotsim.core.actions import NUMBER, ActionKind, ActionKinds
from riotsim.core.contract import (
    Action,
    Decision,
    Event,
    GameSetup,
    IllegalAction,
    OptionSpec,
    Outcome,
    PositionError,
    Ruleset,
)
from riotsim.core.events import DiceRolled, TypedEvent, datum
from riotsim.core.fields import Reader, check_int
from riotsim.core.frames import TEXT, Field, FrameKind, FrameKinds, list_of
from riotsim.core.rng import Rng

DECK: tuple[int, ...] = (1,) * 6 + (2,) * 6 + (3,) * 4
HAND_LIMIT = 3
SCENARIOS = {"sprint": 10, "marathon": 40}
HIDDEN = 0  # a card the viewer may not see


# -- what the game declares once: its actions, its events, its decision frames ----------------

ACTIONS = ActionKinds(
    ActionKind("play", card=NUMBER),
    ActionKind("roll"),
    ActionKind("draw"),
    ActionKind("block", card=NUMBER),
    ActionKind("allow"),
)


class CardPlayed(TypedEvent, kind="card_played"):
    __slots__ = ()
    runner: int = datum(key="seat")
    card: int = datum()


class Blocked(TypedEvent, kind="blocked"):
    __slots__ = ()
    runner: int = datum(key="seat")
    card: int = datum()


class CardDrawn(TypedEvent, kind="card_drawn"):
    __slots__ = ()
    runner: int = datum(key="seat")


class Moved(TypedEvent, kind="moved"):
    __slots__ = ()
    runner: int = datum(key="seat")
    start: int = datum(key="from")
    to: int = datum()


class Won(TypedEvent, kind="won"):
    __slots__ = ()
    runner: int = datum(key="seat")


FRAMES = FrameKinds[FrameKind]("toy")


@FRAMES.register
class Block(FrameKind):
    """The runner after a six may block it with a card (``roller`` is who rolled; ``seen``,
    optional, lists answers given while it was pending: the tests' variants of the toy that
    edit a frame's data in place record them there)."""

    kind = "block"
    fields = {
        "roller": Field(lambda value, where, seats: check_int(value, where, 0, seats - 1)),
        "seen": Field(list_of(TEXT), required=False),
    }


@dataclass(slots=True)
class ToyState:
    length: int
    pos: list[int]
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    turn: int = 0
    round: int = 1
    pending: list[Decision] = field(default_factory=list)
    rng: Rng = field(default_factory=lambda: Rng(0))
    winner: int | None = None

    @property
    def seats(self) -> int:
        return len(self.pos)

    def copy(self) -> ToyState:
        return ToyState(
            self.length,
            list(self.pos),
            [list(h) for h in self.hands],
            list(self.deck),
            list(self.discard),
            self.turn,
            self.round,
            [d.copy() for d in self.pending],
            self.rng.copy(),
            self.winner,
        )


def check_cards(cards: Any, where: str) -> list[int]:
    """A list of cards of the deck (a hidden card reads as 0 in a view)."""
    if not isinstance(cards, list) or len(cards) > len(DECK):
        raise PositionError(f"{where}: {cards!r:.40} is not a list of at most {len(DECK)} cards")
    for i, card in enumerate(cards):
        if card not in (HIDDEN, *DECK) or isinstance(card, bool):
            raise PositionError(f"{where}[{i}]: {card!r:.20} is not a card")
    return list(cards)


class ToyRuleset(Ruleset[ToyState]):
    id: ClassVar[str] = "toy"
    name: ClassVar[str] = "Toy dice race"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    hidden_information: ClassVar[bool] = True

    def options(self) -> list[OptionSpec]:
        return [OptionSpec("length", "Track length", "int", 20, minimum=5, maximum=60)]

    def scenarios(self) -> list[str]:
        return list(SCENARIOS)

    def new_state(self, setup: GameSetup) -> ToyState:
        if not self.min_players <= setup.seats <= self.max_players:
            raise ValueError(f"{self.id} needs {self.min_players}-{self.max_players} players")
        length = int(setup.options.get("length", 20))
        if setup.scenario is not None:
            if setup.scenario not in SCENARIOS:
                raise ValueError(f"unknown scenario {setup.scenario!r}")
            length = SCENARIOS[setup.scenario]
        rng = Rng(setup.seed)
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [[deck.pop()] for _ in range(setup.seats)]
        return ToyState(length, [0] * setup.seats, hands, deck, [], rng=rng)

    # -- playing ---------------------------------------------------------------------------
    action_kinds = ACTIONS
    frames: ClassVar[FrameKinds[FrameKind]] = FRAMES

    def to_move(self, state: ToyState) -> int | None:
        if state.winner is not None:
            return None
        if state.pending:
            return state.pending[-1].seat
        return state.turn

    def legal_actions(self, state: ToyState) -> list[Action]:
        if state.winner is not None:
            return []
        if state.pending:
            seat = state.pending[-1].seat
            blocks = [Action.make("block", card=c) for c in sorted(set(state.hands[seat]))]
            return blocks + [Action.make("allow")]
        hand = state.hands[state.turn]
        out = [Action.make("play", card=c) for c in sorted(set(hand))]
        out.append(Action.make("roll"))
        if state.deck and len(hand) < HAND_LIMIT:
            out.append(Action.make("draw"))
        return out

    def apply(self, state: ToyState, action: Action) -> list[Event]:
        if action not in self.legal_actions(state):
            raise IllegalAction(self._why_illegal(state, action), action)
        seat = self.to_move(state)
        assert seat is not None
        events: list[Event] = []
        if action.kind in ("block", "allow"):
            decision = state.pending.pop()
            roller = decision.data["roller"]
            steps = 6
            if action.kind == "block":
                card = action.number("card")
                state.hands[seat].remove(card)
                state.discard.append(card)
                events.append(Blocked.of(fields={"seat": seat}, card=card, seat=seat, reveals=True))
                steps = 2
            self._move(state, roller, steps, events)
            self._end_turn(state)
        elif action.kind == "play":
            card = action.number("card")
            state.hands[seat].remove(card)
            state.discard.append(card)
            events.append(CardPlayed.of(fields={"seat": seat}, card=card, seat=seat))
            self._move(state, seat, card, events)
        elif action.kind == "roll":
            faces = dice.roll(state.rng, "d6")
            value = dice.total("d6", faces)
            events.append(DiceRolled.of(die="d6", faces=faces, seat=seat, reveals=True))
            blocker = (seat + 1) % state.seats
            if value == 6 and blocker != seat and state.hands[blocker]:
                state.pending.append(Decision("block", blocker, {"roller": seat}))
            else:
                self._move(state, seat, value, events)
                self._end_turn(state)
        elif action.kind == "draw":
            state.hands[seat].append(state.deck.pop())
            events.append(CardDrawn.of(fields={"seat": seat}, seat=seat, reveals=True))
            self._end_turn(state)
        return events

    def _why_illegal(self, state: ToyState, action: Action) -> str:
        if state.winner is not None:
            return "the race is over"
        if state.pending:
            return "the next runner must first decide whether to block the six"
        if action.kind == "play":
            return f"you hold no {action.get('card')} card"
        if action.kind == "draw":
            return "your hand is full or the deck is empty"
        return f"{action.kind!r} is not a move in this game"

    def _move(self, state: ToyState, seat: int, steps: int, events: list[Event]) -> None:
        start = state.pos[seat]
        state.pos[seat] = min(state.length, start + steps)
        moved = {"seat": seat, "from": start}
        events.append(Moved.of(fields=moved, to=state.pos[seat], seat=seat))
        if state.pos[seat] >= state.length and state.winner is None:
            state.winner = seat
            events.append(Won.of(fields={"seat": seat}, seat=seat))

    def _end_turn(self, state: ToyState) -> None:
        if state.winner is not None:
            return
        state.turn = (state.turn + 1) % state.seats
        if state.turn == 0:
            state.round += 1

    def outcome(self, state: ToyState) -> Outcome:
        scores = tuple(state.pos)
        if state.winner is None:
            return Outcome(False, (), scores, "", state.round)
        return Outcome(True, (state.winner,), scores, "reached the finish", state.round)

    def describe(self, state: ToyState, action: Action) -> str:
        seat = self.to_move(state)
        labels = {
            "play": f"play a {action.get('card')} card",
            "roll": "roll the die",
            "draw": "draw a card",
            "block": f"block the six with a {action.get('card')} card",
            "allow": "let the six stand",
        }
        return f"Runner {0 if seat is None else seat + 1}: {labels.get(action.kind, action.kind)}"

    # -- information -------------------------------------------------------------------------
    def view(self, state: ToyState, seat: int) -> ToyState:
        out = state.copy()
        out.hands = [h if i == seat else [HIDDEN] * len(h) for i, h in enumerate(out.hands)]
        out.deck = [HIDDEN] * len(out.deck)
        out.rng = Rng(0)  # future rolls are not the viewer's business
        return out

    def determinize(self, view: ToyState, seat: int, seed: int) -> ToyState:
        out = view.copy()
        unseen = list(DECK)
        for card in out.hands[seat] + out.discard:
            unseen.remove(card)
        rng = Rng(seed)
        rng.shuffle(unseen)
        for i, hand in enumerate(out.hands):
            if i != seat:
                out.hands[i] = [unseen.pop() for _ in hand]
        out.deck = [unseen.pop() for _ in out.deck]
        out.rng = Rng(seed ^ 0x5EED)
        return out

    # -- data ----------------------------------------------------------------------------------
    def to_position(self, state: ToyState) -> dict[str, Any]:
        return {
            "length": state.length,
            "pos": list(state.pos),
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "discard": list(state.discard),
            "turn": state.turn,
            "round": state.round,
            "pending": [d.to_json() for d in state.pending],
            "rng": state.rng.to_json(),
            "winner": state.winner,
        }

    def from_position(self, position: Mapping[str, Any]) -> ToyState:
        """Every field read through a Reader: a forged position is refused naming the field
        (the pattern for a real game's positions)."""
        r = Reader(position)
        length = r.int("length", low=1, high=1_000)
        pos = r.ints("pos", low=0, high=length)
        seats = len(pos)
        if not 1 <= seats <= self.max_players:
            raise r.fail("pos", f"{seats} runners; this game has 1-{self.max_players}")
        hands = [check_cards(h, f"hands[{i}]") for i, h in enumerate(r.list("hands"))]
        if len(hands) != seats:
            raise r.fail("hands", f"{len(hands)} hands for {seats} runners")
        if any(len(h) > HAND_LIMIT + 1 for h in hands):
            raise r.fail("hands", f"a hand holds more than {HAND_LIMIT + 1} cards")
        pending = []
        for item in r.items("pending", [], most=seats):
            kind = item.choice("kind", self.frames.kinds())
            seat = item.int("seat", low=0, high=seats - 1)
            data = self.frames.read_data(kind, item.sub("data"), seats)
            pending.append(Decision(kind, seat, data))
        winner = r.raw("winner", None)
        if winner is not None:
            winner = r.int("winner", low=0, high=seats - 1)
        return ToyState(
            length,
            pos,
            hands,
            check_cards(r.raw("deck", []), "deck"),
            check_cards(r.raw("discard", []), "discard"),
            r.int("turn", 0, low=0, high=seats - 1),
            r.int("round", 1, low=1, high=10**6),
            pending,
            r.rng(),
            winner,
        )

    # -- bots ------------------------------------------------------------------------------------
    def evaluate(self, state: ToyState, seat: int) -> float:
        if state.winner is not None:
            return 1.0 if state.winner == seat else -1.0

        def worth(i: int) -> float:
            # A held card is worth a little less than playing it (it may be lost to a block).
            return state.pos[i] + 0.8 * 2 * len(state.hands[i])

        best_other = (
            max(worth(i) for i in range(state.seats) if i != seat) if state.seats > 1 else 0
        )
        return (worth(seat) - best_other) / state.length


class OpenToyRuleset(ToyRuleset):
    id: ClassVar[str] = "toy-open"
    name: ClassVar[str] = "Toy dice race (open hands)"
    hidden_information: ClassVar[bool] = False

    def view(self, state: ToyState, seat: int) -> ToyState:
        return state.copy()

    def determinize(self, view: ToyState, seat: int, seed: int) -> ToyState:
        out = view.copy()
        out.rng = Rng(seed)
        return out


class SoloToyRuleset(ToyRuleset):
    id: ClassVar[str] = "toy-solo"
    name: ClassVar[str] = "Toy dice race (solo)"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    unlimited_undo: ClassVar[bool] = True


RULESET = ToyRuleset()
RULESET_OPEN = OpenToyRuleset()
RULESET_SOLO = SoloToyRuleset()


TARGETS = {
    "toy": "toy_game:RULESET",
    "toy-open": "toy_game:RULESET_OPEN",
    "toy-solo": "toy_game:RULESET_SOLO",
}


def register_all() -> None:
    """Add the toy ids to the registry for good (benchmarks' ``--toy``)."""
    from riotsim.core import registry

    for game_id, target in TARGETS.items():
        registry.register(game_id, target)


@contextmanager
def registered() -> Iterator[None]:
    """The toy ids are registered inside the ``with`` block only, so other tests (menus,
    content checks) never see them."""
    from riotsim.core import registry

    register_all()
    try:
        yield
    finally:
        for game_id in TARGETS:
            registry._RULESETS.pop(game_id, None)
        registry.get.cache_clear()
