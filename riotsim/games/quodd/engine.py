"""The Quodd rules engine: turn phases, movement, pits and the resolution stack.

Everything that happens while a hero moves is resolved through a small stack of *frames* in
``state.resolving``: an ``arrive`` frame offers a steal first (movement priority), then walks
the tokens of the square the hero reached, calling their handlers from
:mod:`riotsim.games.quodd.elements`; ``effect`` frames carry out card, upgrade and Q-Power
effects (:mod:`riotsim.games.quodd.effects`); ``drop``/``respawn`` frames handle pits. A
frame that needs a choice pushes a :class:`Decision`; the answer (a ``choose`` action) resumes
it. Each kind of frame is a class in :mod:`riotsim.games.quodd.resolving` (its fields, how it
resumes), each kind of decision one in :mod:`riotsim.games.quodd.decisions`. When the
stack is empty the turn advances: a finished tumble activates the new top face, a finished
skill ends the movement phase, and so on.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from riotsim.core.contract import Decision, Event, IllegalAction
from riotsim.games.quodd import abilities, catalog, effects, elements, moves, resolving
from riotsim.games.quodd.board import (
    ACTIVE,
    PIECE,
    PIT,
    PLACEABLE_KINDS,
    UPKEEP_ORDER,
    Token,
)
from riotsim.games.quodd.cube import Cube
from riotsim.games.quodd.directions import (
    ALL,
    DIAGONAL,
    ORTHOGONAL,
    Cell,
    as_cell,
    cell_json,
    chebyshev,
    manhattan,
    step,
)
from riotsim.games.quodd.events import (
    LANDINGS,
    CardDiscarded,
    CardExplored,
    CardMoveEnded,
    CardsDiscarded,
    CrystalLost,
    DeckEmpty,
    DeckShuffled,
    Fell,
    FirstPlayer,
    LineupCard,
    Moved,
    MovementEnded,
    NoCardOfType,
    NoRespawn,
    NoWayOn,
    Pushed,
    Respawned,
    RoundEnded,
    SheepLost,
    SkillActivated,
    SkillFinished,
    SkillSpent,
    Stolen,
    TokenPlaced,
    Tumbled,
    TurnEnded,
    TurnStarted,
    WallBroken,
    WalledIn,
)
from riotsim.games.quodd.state import Hero, State, Turn
from riotsim.i18n import _

MAX_HOPS = 40  # safety net: board elements stop moving a hero after this many hops
DESTROYABLE = (PLACEABLE_KINDS - {"wall", "broken_wall"}) | {"bomb"}
SPIN = {"cw": 1, "ccw": -1}

Events = list[Event]


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------


def decide(state: State, what: str, seat: int, options: list[dict[str, Any]], **data: Any) -> None:
    """Ask ``seat`` to choose one of ``options`` (each becomes a ``choose`` action)."""
    state.pending.append(Decision(what, seat, {"options": options, **data}))


def push_frame(state: State, frame: dict[str, Any]) -> None:
    state.resolving.append(frame)


def arrival(
    state: State,
    hero: Hero,
    chooser: int,
    own: bool,
    skip: tuple[str, ...] = (),
    hops: int = 0,
    ride: list[list[int]] | None = None,
) -> None:
    """Queue the resolution of the square ``hero`` just reached (``ride``: the squares of a
    ride by currents and water connections it is still on, see ``elements._ride``)."""
    frame: dict[str, Any] = {
        "type": "arrive",
        "hero": hero.seat,
        "chooser": chooser,
        "own": own,
        "cursor": 0,
        "fresh": True,
        "hops": hops,
        "skip": list(skip),
    }
    if ride:
        frame["ride"] = ride
    push_frame(state, frame)


# What a piece_arrive frame may carry, and each kind's own handling of the square it reached
# once the common part (a pit loses it) is done: handler(state, frame, token, events) returns
# True to keep the frame (it asked a choice or pushed frames and resumes later). Part B
# registers "sheep"; a kind without a handler just stays where it is.
PIECE_ARRIVALS: dict[str, Callable[[State, dict[str, Any], Token, Events], bool]] = {}


def piece_arrive(
    state: State,
    piece: str,
    cell: Cell,
    chooser: int,
    number: int | None = None,
    direction: str | None = None,
    hops: int = 0,
) -> None:
    """Queue the resolution of the square a sheep or crystal token just reached (the token is
    already there; ``number`` names a sheep, ``direction`` the way it came)."""
    frame: dict[str, Any] = {
        "type": "piece_arrive",
        "piece": piece,
        "at": cell_json(cell),
        "chooser": chooser,
        "hops": hops,
    }
    if number is not None:
        frame["id"] = number
    if direction is not None:
        frame["direction"] = direction
    push_frame(state, frame)


def piece_token(state: State, cell: Cell, piece: str, number: int | None) -> Token | None:
    """The ``piece`` token at ``cell`` (the one numbered ``number``, if given)."""
    for token in state.board.at(cell):
        if token.kind == piece and (number is None or token.get("number") == number):
            return token
    return None


def process_piece_arrival(state: State, frame: dict[str, Any], events: Events) -> None:
    cell = as_cell(frame["at"])
    token = piece_token(state, cell, frame["piece"], frame.get("id"))
    if token is None:  # gone meanwhile (picked up, destroyed, lost)
        state.resolving.remove(frame)
        return
    if state.board.is_pit(cell):
        state.resolving.remove(frame)
        state.board.remove(cell, token)
        if token.kind == "sheep":
            events.append(SheepLost.of(id=token.get("number", 0), at=cell_json(cell)))
        else:
            events.append(CrystalLost.of(at=cell_json(cell)))
        return
    handler = PIECE_ARRIVALS.get(frame["piece"])
    if handler is not None and handler(state, frame, token, events):
        return
    if state.resolving and state.resolving[-1] is frame:
        state.resolving.pop()
    elif any(f is frame for f in state.resolving):
        state.resolving.remove(frame)


def effect(state: State, seat: int, do: str, **params: Any) -> None:
    push_frame(state, {"type": "effect", "seat": seat, "do": do, **params})


def moving_hero(state: State) -> Hero | None:
    """The hero whose movement (or card move) is under way, if any."""
    if state.phase == "movement":
        return state.current
    return None


def place_hero(state: State, hero: Hero, cell: Cell) -> None:
    hero.pos = cell


def draw_from(
    state: State, deck: str, discard: str, events: Events, shuffled: Any = None
) -> str | None:
    """The top card of the pile ``state.<deck>``; an empty pile is first refilled with its
    ``discard`` shuffled (``shuffled``, the event that tells it: DeckShuffled unless given).
    None when both are empty. Every deck of the game draws this way: the Exploration, World
    Event, Overlord and treasure decks."""
    pile: list[str] = getattr(state, deck)
    if not pile and getattr(state, discard):
        pile = list(getattr(state, discard))
        setattr(state, discard, [])
        state.rng.shuffle(pile)
        setattr(state, deck, pile)
        events.append((shuffled or DeckShuffled).of(cards=len(pile), reveals=True))
    return pile.pop(0) if pile else None


def draw_card(state: State, events: Events) -> str | None:
    if not state.deck and state.discard and state.overlord >= 0:
        _overlord().sort_discards(state)  # its cards never shuffle into the main deck
    return draw_from(state, "deck", "discard", events)


def refill_lineup(state: State, events: Events) -> None:
    while len(state.lineup) < abilities.LINEUP_SIZE:
        card = draw_card(state, events)
        if card is None:
            return
        state.lineup.append(card)
        events.append(LineupCard.of(card=card, reveals=True))


# FAQ: a buddy carries at most two collectibles (unless a scenario says otherwise).
BUDDY_CARRY = 2


def may_carry(hero: Hero) -> bool:
    """Whether ``hero`` may pick up (or steal) one more collectible (Y3)."""
    return not hero.buddy or len(hero.carrying) < BUDDY_CARRY


def hand_holder(state: State, hero: Hero) -> Hero:
    """Buddy Cards: a buddy has no hand; the cards it explores go to its controller's own
    hero's hand (Y2)."""
    if not hero.buddy:
        return hero
    for other in state.heroes:
        if other.controller == hero.controller and not other.buddy:
            return other
    return hero


def take_card(state: State, hero: Hero, src: str, index: int, events: Events) -> None:
    """Explore one card from the lineup (``index``) or the top of the deck."""
    hero = hand_holder(state, hero)
    if src == "deck" and hero.seat == state.overlord:
        _overlord().explore_top(state, hero, events)  # O1: its own deck, never the main one
        return
    if src == "lineup":
        if not 0 <= index < len(state.lineup):
            raise IllegalAction(_("there is no such card in the lineup"))
        card = state.lineup.pop(index)
        hero.hand.append(card)
        events.append(CardExplored.of(fields={"seat": hero.seat, "card": card, "from": "lineup"}))
        return
    drawn = draw_card(state, events)
    if drawn is None:
        events.append(DeckEmpty.of())
        return
    hero.hand.append(drawn)
    events.append(
        CardExplored.of(
            # only its new owner may read which card it was (logs show others "a card")
            fields={"seat": hero.seat, "card": drawn, "from": "deck"},
            seat=hero.controller,  # player seats (a hero's index may differ: buddies)
            reveals=True,
            private_to=hero.controller,
        )
    )


def explore_options(state: State, seat: int = -1) -> list[dict[str, Any]]:
    """The lineup's cards and the deck (for the Overlord, ``seat``, its own deck: O1)."""
    options: list[dict[str, Any]] = [{"src": "lineup", "i": i} for i in range(len(state.lineup))]
    if deck_left(state, seat):
        options.append({"src": "deck"})
    return options


def explore_type(state: State, hero: Hero, kind: str, events: Events) -> None:
    """Explore a card of one type: the lineup if it has one (hero's choice), else the deck."""
    if hero.seat == state.overlord:
        _overlord().explore_type(state, hero, kind, events)
        return
    cards = catalog.cards()
    holder = hand_holder(state, hero)
    in_lineup = [i for i, c in enumerate(state.lineup) if cards[c].type == kind]
    if in_lineup:
        if len(in_lineup) == 1:
            take_card(state, hero, "lineup", in_lineup[0], events)
        else:
            decide(state, "explore_type", hero.seat, [{"src": "lineup", "i": i} for i in in_lineup])
        return
    if not any(cards[c].type == kind for c in state.deck + state.discard):
        # Revealing "until one turns up" would go round the reshuffled discard for ever.
        events.append(NoCardOfType.of(fields={"seat": hero.seat, "kind": kind}))
        return
    revealed = []
    while True:
        card = draw_card(state, events)
        if card is None:
            break
        if cards[card].type == kind:
            holder.hand.append(card)
            events.append(
                CardExplored.of(
                    fields={"seat": holder.seat, "card": card, "from": "deck"}, reveals=True
                )
            )
            break
        revealed.append(card)
        state.discard.append(card)
    if revealed:
        events.append(CardsDiscarded.of(cards=revealed, reveals=True))


def deck_left(state: State, seat: int = -1) -> bool:
    """Whether hero ``seat`` has a deck to explore from (the Overlord its own deck)."""
    if seat >= 0 and seat == state.overlord:
        return bool(state.overlord_deck or state.overlord_discard)
    return bool(state.deck or state.discard)


def to_discard(state: State, card: str) -> None:
    """Put a used card on its discard: an Overlord card on the Overlord's own (O1)."""
    if state.overlord >= 0 and catalog.cards()[card].deck == "overlord":
        state.overlord_discard.append(card)
    else:
        state.discard.append(card)


def _overlord() -> Any:
    from riotsim.games.quodd import overlord

    return overlord


# ---------------------------------------------------------------------------------------
# turn flow
# ---------------------------------------------------------------------------------------


def _scenario() -> Any:
    """The scenario module (it imports this one, so it is looked up on first use)."""
    global _SCENARIO
    if _SCENARIO is None:
        from riotsim.games.quodd import scenario

        _SCENARIO = scenario
    return _SCENARIO


_SCENARIO: Any = None
_LAZY: dict[str, Any] = {}


def _lazy(name: str) -> Any:
    """The rules module ``name``, which imports this one: looked up once, on first use (an
    import statement in a function costs a call into importlib every time it runs)."""
    module = _LAZY.get(name)
    if module is None:
        module = _LAZY[name] = import_module(f"riotsim.games.quodd.{name}")
    return module


def start_turn(state: State, events: Events) -> None:
    hero = state.current
    state.phase = "powerup"
    state.turn = Turn(walled_at_start=moves.walled_in(state, hero))
    if hero.frozen:  # Ice Bomb: frozen tiles count as used for this whole turn (spec B12)
        state.turn.used.extend(hero.frozen)
    events.append(TurnStarted.raw({"seat": hero.seat, "round": state.round}))


def begin_movement(state: State, events: Events) -> None:
    state.phase = "movement"
    turn = state.turn
    hero = state.current
    turn.stage = "natural"
    if moves.walled_in(state, hero):
        # FAQ: walled in at the start of movement -> respawn; if you walled yourself in during
        # Power-Up, the respawn ends your movement.
        events.append(WalledIn.of(hero=hero.seat, at=cell_json(hero.pos)))
        turn.stage = "natural" if turn.walled_at_start else "done"
        respawn = {"type": "respawn", "hero": hero.seat, "from": cell_json(hero.pos)}
        if turn.walled_at_start:
            respawn["way_on"] = 1  # the hero moves on from there: pick a point it can leave
        push_frame(state, respawn)


def end_movement(state: State, events: Events) -> None:
    turn = state.turn
    if turn.free_move:
        state.phase = turn.return_phase
        turn.free_move = False
        turn.skill = None
        turn.stage = "natural" if turn.return_phase == "powerup" else "over"
        events.append(CardMoveEnded.of(hero=state.active))
        return
    turn.stage = "over"
    turn.skill = None
    state.phase = "recovery"
    events.append(MovementEnded.raw({"hero": state.active}))


def begin_exploration(state: State, events: Events) -> None:
    state.phase = "explore"
    state.turn.explores_left = abilities.explore_count(state.current)
    # Explore: Food/Item/Pet/Rune (spec I1)
    _lazy("icons").queue_typed_explores(state, state.current)
    finish_exploration_if_done(state, events)


def finish_exploration_if_done(state: State, events: Events) -> None:
    if state.turn.explores_left > 0 and explore_options(state, state.active):
        return
    refill_lineup(state, events)
    if len(state.current.hand) > abilities.HAND_LIMIT:
        state.phase = "discard"
    else:
        end_turn(state, events)


def end_turn(state: State, events: Events) -> None:
    scen = _scenario()
    events.append(TurnEnded.raw({"seat": state.active}))
    if state.current.lit:  # B-side bonuses last to the end of the turn (spec S5)
        state.current.lit = []
    if state.current.frozen:
        from riotsim.games.quodd import bombs

        bombs.thaw(state, state.current, events)
    if scen.check_objective(state, events):
        return
    nxt = _next_hero(state)
    if nxt is None:
        end_round(state, events)
    else:
        state.active = nxt
        start_turn(state, events)


def _next_hero(state: State) -> int | None:
    """The hero to play next this round (None: the round ends); with buddies, each takes its
    turn right after its controller's own hero (spec Y4, buddies.round_order)."""
    if any(h.buddy for h in state.heroes):
        from riotsim.games.quodd import buddies

        return buddies.next_hero(state)
    nxt = (state.active + 1) % len(state.heroes)
    return None if nxt == state.first else nxt


# Board upkeep (spec 12) in rulebook order. Each kind's hook only pushes that kind's frames
# (nothing when none of it is on the board); parts A-C register them from their own modules.
UPKEEP: dict[str, Callable[[State, Events], None]] = {}


def end_round(state: State, events: Events) -> None:
    """End-of-Round: push the resumable upkeep; ``upkeep_step`` runs it kind by kind and
    ``after_upkeep`` finishes the round once every frame and choice it made is resolved."""
    push_frame(state, {"type": "upkeep", "stage": 0})


def upkeep_step(state: State, frame: dict[str, Any], events: Events) -> None:
    """The ``upkeep`` frame on top: start the next kind, or pop and finish the round. Kinds
    that queue nothing (none of them on the board) pass on to the next one at once."""
    resolving = state.resolving
    while frame["stage"] < len(UPKEEP_ORDER):
        stage = frame["stage"]
        frame["stage"] = stage + 1
        handler = UPKEEP.get(UPKEEP_ORDER[stage])
        if handler is not None:
            handler(state, events)
        if state.pending or state.phase == "over" or not resolving or resolving[-1] is not frame:
            return  # its frames (or a choice) first, as settle would have it
    resolving.remove(frame)
    after_upkeep(state, events)


def after_upkeep(state: State, events: Events) -> None:
    if _scenario().check_objective(state, events):  # U5: a goal reached in upkeep counts first
        return
    if _lazy("worldevents").start(state, events):  # step 2: its frame carries on with the rest
        return
    end_of_round_steps(state, events)


def end_of_round_steps(state: State, events: Events) -> None:
    """End-of-Round steps 3-5, once the world event (step 2) is resolved: the round limit,
    the upgrades, then (``next_round_if_ready``) the first player coin."""
    scen = _scenario()
    events.append(RoundEnded.raw({"round": state.round}))
    if _lazy("timetrack").end_of_round(state, events):  # End-of-Round step 3 (spec K1)
        return
    if state.round_limit and state.round >= state.round_limit:
        scen.time_up(state, events)
        return
    n = len(state.heroes)
    state.upgrading = [
        (state.first + i) % n
        for i in range(n)
        if abilities.can_upgrade(state.heroes[(state.first + i) % n])
    ]
    state.phase = "upgrade"
    next_round_if_ready(state, events)


def next_round_if_ready(state: State, events: Events) -> None:
    if state.upgrading or state.resolving or state.pending:
        return
    scen = _scenario()
    n = len(state.heroes)
    if any(h.buddy for h in state.heroes):  # the coin passes between players, never buddies
        from riotsim.games.quodd import buddies

        state.first = buddies.next_first(state)
    else:
        state.first = (state.first + 1) % n
    state.round += 1
    state.active = state.first
    events.append(FirstPlayer.raw({"seat": state.first, "round": state.round}))
    scen.update_hint(state)
    start_turn(state, events)


# ---------------------------------------------------------------------------------------
# skills
# ---------------------------------------------------------------------------------------


def activate_top(state: State, events: Events) -> None:
    """Activate the face now on top: a skill not yet used this turn, or the Q-Powers."""
    hero = state.current
    turn = state.turn
    turn.direction = None
    turn.steps = 0
    turn.last_dir = None
    if hero.cube.top == "q":
        turn.skill = "q"
        turn.stage = "q"
        turn.q_used = []
        events.append(SkillActivated.raw({"hero": hero.seat, "skill": "q"}))
        _face_activated(state, hero, "q", events)
        return
    skill = hero.skills[hero.cube.top]
    if skill in turn.used:
        events.append(SkillSpent.of(hero=hero.seat, skill=skill))
        turn.skill = None
        turn.stage = "done"
        return
    turn.used.append(skill)
    turn.skill = skill
    turn.remaining = abilities.skill_distance(hero, turn, skill)
    turn.stage = "skill"
    events.append(
        SkillActivated.raw({"hero": hero.seat, "skill": skill, "distance": turn.remaining})
    )
    _face_activated(state, hero, hero.cube.top, events)


def _face_activated(state: State, hero: Hero, face: str, events: Events) -> None:
    """Player Board B-Side: a face's slot works from its activation on (spec S5, S9)."""
    if hero.side == "b":
        from riotsim.games.quodd import bside

        bside.activated(state, hero, face, events)


def finish_skill(state: State, events: Events) -> None:
    turn = state.turn
    hero = state.current
    skill = turn.skill
    moved = turn.steps > 0
    events.append(SkillFinished.raw({"hero": hero.seat, "skill": skill, "steps": turn.steps}))
    if turn.free_move:
        turn.stage = "done"
        return
    turn.stage = "activate" if skill == "tumble" and moved else "done"
    # Tumble Spring: a spring appears under the hero and throws it before the top acts
    if (
        skill == "tumble"
        and moved
        and abilities.has(hero, "tumble_spring")
        and moves.token_placeable(state, hero.pos, "spring", allow_hero=True)
    ):
        state.board.add(hero.pos, Token.make("spring"))
        events.append(TokenPlaced.of(kind="spring", at=cell_json(hero.pos), by=hero.seat))
        arrival(state, hero, chooser=hero.seat, own=True)
    if moved:
        gold_explore(state, hero, skill)
    turn.steps = 0  # this skill's moves are accounted for (see advance)


def gold_explore(state: State, hero: Hero, skill: str | None) -> None:
    """A gold skill tile: after moving with it the hero may explore a card."""
    if skill in hero.upgraded:
        effect(state, hero.seat, "explore", n=1, optional=1)


def step_cost(state: State, hero: Hero, direction: str) -> int:
    """Freeze-O-Tron: on water, carrying on in a straight line over water costs nothing."""
    turn = state.turn
    dest = step(hero.pos, direction)
    ground = state.board.ground
    if (
        abilities.passive_count(hero, "freeze")
        and turn.last_dir == direction
        and ground.get(hero.pos) == "water"
        and ground.get(dest) == "water"
    ):
        return 0
    return 1


def free_step_left(state: State) -> bool:
    turn = state.turn
    hero = state.current
    if turn.skill in (None, "jump", "q") or turn.last_dir is None:
        return False
    return step_cost(state, hero, turn.last_dir) == 0 and moves.step_ok(state, hero, turn.last_dir)


def advance(state: State, events: Events) -> bool:
    """Move the turn on once every frame is resolved. Returns True if something changed."""
    if state.phase != "movement":
        if state.phase == "upgrade":
            before = state.round
            next_round_if_ready(state, events)
            return state.round != before
        if state.phase in ("powerup", "recovery"):
            return impulse_window(state)
        return False
    turn = state.turn
    if turn.stage == "activate":
        activate_top(state, events)
        return True
    if turn.stage == "skill" and turn.remaining <= 0 and not free_step_left(state):
        if not turn.free_move and steal_options(state, state.current):
            # Stealing: also "upon landing" - with no movement left the hero may still rob
            # a neighbour before it stops.
            return False
        finish_skill(state, events)
        return True
    if turn.stage == "done":
        if not turn.free_move and turn.skill not in (None, "q") and turn.steps > 0:
            # the move ended before the skill finished (a pit, a teleporter, a tunnel): the
            # hero still moved with it
            gold_explore(state, state.current, turn.skill)
        end_movement(state, events)
        return True
    if turn.stage == "natural" and moves.walled_in(state, state.current):
        # walled in even after respawning (no respawn point leaves a way on): the hero cannot
        # make its natural tumble, so its movement ends rather than the game getting stuck
        events.append(NoWayOn.of(hero=state.active, at=cell_json(state.current.pos)))
        turn.stage = "done"
        return True
    return False


def impulse_window(state: State) -> bool:
    """Impulse cards: "can be played during any player's turn" outside Movement. Each time
    the active player's Power-Up or Recovery reaches a new point (its start, then after each
    of the active player's actions) the other seats holding a playable Impulse card are asked
    in turn; the declarations "Start moving" and "Explore" open one more (actions.apply).
    Returns True if a window opened."""
    turn = state.turn
    point = f"{state.phase}:{turn.acts}"
    if turn.window == point:
        return False
    turn.window = point
    seats = effects.impulse_holders(state)
    if not seats:
        return False
    push_frame(state, {"type": "impulse", "seats": seats})
    return True


# Called whenever the stack is empty, before the objective check and the turn moving on:
# hook(state, events) returns True when it pushed frames (they resolve first). Part C
# retraces beams here when ``Board.beam_version`` moved (spec 12, beam refresh).
SETTLED_HOOKS: list[Callable[[State, Events], bool]] = []


# The hooks list last seen, its length, and every kind its hooks name (None: some hook names
# none, so it always runs); recomputed whenever the list is replaced or grows or shrinks.
_HOOKS_SEEN: list[Any] = [None, -1, None]


def _hook_kinds() -> frozenset[str] | None:
    hooks = SETTLED_HOOKS
    seen = _HOOKS_SEEN
    if seen[0] is not hooks or seen[1] != len(hooks):
        named: list[Any] = [getattr(hook, "kinds", None) for hook in hooks]
        every = None if any(k is None for k in named) else frozenset().union(*named)
        seen[:] = [hooks, len(hooks), every]
    every_kind: frozenset[str] | None = seen[2]
    return every_kind


def settle(state: State, events: Events) -> None:
    """Resolve frames until a decision is needed or nothing is left, then advance the turn."""
    scen = _SCENARIO or _scenario()
    pending = state.pending
    resolving = state.resolving
    # Progress (rally markers, deliveries, treasure) only changes while board elements
    # resolve, so the objective is checked after frames, not on every turn of the loop (the
    # end of each turn checks it too).
    dirty = False
    for _round in range(10_000):
        if pending or state.phase == "over":
            return
        if resolving:
            process_frame(state, events)
            dirty = True
            continue
        if SETTLED_HOOKS and _run_settled_hooks(state, events):
            continue
        if dirty:
            dirty = False
            if scen.check_objective(state, events):
                return
        if not advance(state, events):
            return
    raise RuntimeError("quodd rules did not settle")


def _run_settled_hooks(state: State, events: Events) -> bool:
    pushed = False
    present = state.board.kinds_present()
    every = _hook_kinds()
    if every is not None and every.isdisjoint(present):
        return bool(state.pending)  # no hook has anything to act on (most boards)
    for hook in SETTLED_HOOKS:
        # a hook that names the token kinds it acts on is skipped on a board without them
        kinds = getattr(hook, "kinds", None)
        if kinds is not None and kinds.isdisjoint(present):
            continue
        pushed = hook(state, events) or pushed
    return pushed or bool(state.pending)


# ---------------------------------------------------------------------------------------
# moving
# ---------------------------------------------------------------------------------------


def push_victim(state: State, mover: Hero, victim: Hero, direction: str, events: Events) -> None:
    """Push ``victim`` one square onwards; the pusher makes its element choices."""
    target = step(victim.pos, direction)
    if not moves.can_enter(state, victim, target, victim.pos) or state.hero_at(target):
        raise IllegalAction(
            _("{name} cannot be pushed {direction}").format(
                name=_(victim.name), direction=direction
            )
        )
    origin = victim.pos
    place_hero(state, victim, target)
    events.append(
        Pushed.of(
            fields={
                "hero": victim.seat,
                "by": mover.seat,
                "from": cell_json(origin),
                "to": cell_json(target),
                "direction": direction,
            }
        )
    )
    arrival(state, victim, chooser=mover.seat, own=False)


def leave_token(state: State, hero: Hero, origin: Cell, kind: str, events: Events) -> None:
    if kind == "wall" and not abilities.has(hero, "wall_builder"):
        raise IllegalAction(_("you have no Wall Builder upgrade"))
    if kind == "pit" and not abilities.has(hero, "trench_digger"):
        raise IllegalAction(_("you have no Trench Digger upgrade"))
    if not moves.token_placeable(state, origin, kind, allow_hero=True):
        raise IllegalAction(_("a {kind} cannot be left on that square").format(kind=kind))
    state.board.add(origin, Token.make(kind))
    events.append(TokenPlaced.of(kind=kind, at=cell_json(origin), by=hero.seat))


def one_step(
    state: State,
    hero: Hero,
    direction: str,
    *,
    tumble: bool,
    own: bool,
    chooser: int,
    events: Events,
) -> None:
    """Move one square (stepping or tumbling), pushing a hero in the way, and queue elements."""
    origin = hero.pos
    dest = step(origin, direction)
    if (
        own
        and state.board.is_wall(dest)
        and abilities.has(hero, "crush")
        and not state.board.is_wall(origin)
    ):
        # Crush from the ground: the only way into a wall is through it, so stepping there
        # is the choice to break it
        wall = state.board.first(dest, "wall")
        assert wall is not None
        state.board.replace(dest, wall, Token.make("broken_wall"))
        events.append(WallBroken.of(at=cell_json(dest), by=hero.seat))
    victim = state.hero_at(dest)
    # The mover's square is resolved after the pushed hero's (frames are a stack).
    place_hero(state, hero, dest)
    if tumble:
        before = hero.cube
        hero.cube = hero.cube.tumble(direction)
        events.append(
            Tumbled.raw(
                {
                    "hero": hero.seat,
                    "from": cell_json(origin),
                    "to": cell_json(dest),
                    "direction": direction,
                    "top": hero.cube.top,
                    "from_top": before.top,
                    "cube": list(hero.cube.as_tuple()),  # after the tumble (for animations)
                }
            )
        )
    else:
        events.append(
            Moved.raw(
                {
                    "hero": hero.seat,
                    "from": cell_json(origin),
                    "to": cell_json(dest),
                    "direction": direction,
                }
            )
        )
    arrival(state, hero, chooser=chooser, own=own)
    if victim is not None and victim is not hero:
        offer_push_bomb(state, hero, own)
        push_victim(state, hero, victim, direction, events)
    board = state.board
    if own and board.is_wall(origin) and board.is_wall(dest) and abilities.has(hero, "crush"):
        # from a wall top onto a wall: Crush may break it, or the hero walks on top
        effect(state, hero.seat, "crush", walls=[cell_json(dest)])


def crush_walls(state: State, hero: Hero, origin: Cell, direction: str, over: int) -> list[Cell]:
    """Crush: the walls a jump of ``hero`` passes over or lands on (each may be broken)."""
    if not abilities.has(hero, "crush"):
        return []
    cells = [step(origin, direction, i) for i in range(1, over + 2)]
    return [c for c in cells if state.board.is_wall(c)]


def jump(
    state: State,
    hero: Hero,
    direction: str,
    over: int,
    *,
    chooser: int,
    own: bool,
    events: Events,
    kind: str = "jumped",
) -> None:
    """Jump over ``over`` squares; on its own move a Crush hero first chooses, wall by wall,
    which walls under the jump break (the landing then resolves on what is left)."""
    origin = hero.pos
    land = step(origin, direction, over + 1)
    walls = crush_walls(state, hero, origin, direction, over) if own else []
    if not walls:
        land_jump(
            state, hero, land, chooser=chooser, own=own, events=events, origin=origin, kind=kind
        )
        return
    effect(
        state,
        hero.seat,
        "land",
        at=cell_json(land),
        origin=cell_json(origin),
        chooser=chooser,
        own=own,
        kind=kind,
    )
    effect(state, hero.seat, "crush", walls=[cell_json(c) for c in walls])


def land_jump(
    state: State,
    hero: Hero,
    land: Cell,
    *,
    chooser: int,
    own: bool,
    events: Events,
    origin: Cell,
    kind: str = "jumped",
    skip: tuple[str, ...] = (),
    hops: int = 0,
    ride: list[list[int]] | None = None,
) -> None:
    """Finish a jump on ``land``: bump a hero found there, or let a rooted one redirect us.

    Landing on Other Heroes: the same goes for a hero that comes up beneath another one
    (tunnels, water connections, teleports: ``kind`` names the event; ``skip`` lists the
    element kinds the landing square does not trigger again, ``hops`` carries the count of
    element moves in a row)."""
    victim = state.hero_at(land)
    wait = {
        "type": "land",
        "hero": hero.seat,
        "chooser": chooser,
        "own": own,
        "origin": cell_json(origin),
        "kind": kind,
    }
    if skip or hops:
        wait.update(skip=list(skip), hops=hops)
    if ride:
        wait["ride"] = ride
    if victim is not None and victim is not hero and abilities.rooted(victim):
        options = [{"at": cell_json(c)} for c in moves.rooted_landings(state, hero, land)]
        push_frame(state, wait)
        decide(state, "rooted_landing", victim.seat, options, hero=hero.seat)
        return
    dirs: list[str] = []
    if victim is not None and victim is not hero:
        dirs = moves.bump_directions(state, victim)
        if len(dirs) > 1:
            # the jumper waits in the air until its controller picks where the hero goes
            push_frame(state, wait)
            bump_options: list[dict[str, Any]] = [{"dir": d} for d in dirs]
            decide(state, "bump", chooser, bump_options, victim=victim.seat, jumper=hero.seat)
            return
    place_hero(state, hero, land)
    events.append(
        LANDINGS[kind].raw({"hero": hero.seat, "from": cell_json(origin), "to": cell_json(land)})
    )
    arrival(state, hero, chooser=chooser, own=own, skip=skip, hops=hops, ride=ride)
    if victim is not None and victim is not hero and dirs:
        offer_push_bomb(state, hero, own)
        bump(state, hero, victim, dirs[0], chooser, events)


def landing_args(frame: dict[str, Any]) -> dict[str, Any]:
    """The ``land_jump`` keywords a waiting ``land`` frame carries on."""
    return {
        "chooser": frame["chooser"],
        "own": frame["own"],
        "origin": as_cell(frame["origin"]),
        "kind": frame["kind"],
        "skip": tuple(frame.get("skip", ())),
        "hops": int(frame.get("hops", 0)),
        "ride": frame.get("ride"),
    }


def offer_push_bomb(state: State, hero: Hero, own: bool) -> None:
    """Push Bomb (L520): after a push made by the hero's own movement and everything it sets
    off (queued beneath the pushed hero's arrival), its player may explode around it."""
    if own and abilities.has(hero, "push_bomb"):
        effect(state, hero.seat, "push_bomb")


def bump(
    state: State, jumper: Hero, victim: Hero, direction: str, chooser: int, events: Events
) -> None:
    target = step(victim.pos, direction)
    origin = victim.pos
    place_hero(state, victim, target)
    events.append(
        Pushed.of(
            fields={
                "hero": victim.seat,
                "by": jumper.seat,
                "from": cell_json(origin),
                "to": cell_json(target),
                "direction": direction,
            }
        )
    )
    arrival(state, victim, chooser=chooser, own=False)


# ---------------------------------------------------------------------------------------
# pits and respawning
# ---------------------------------------------------------------------------------------


def fall(state: State, hero: Hero, events: Events) -> None:
    events.append(Fell.of(hero=hero.seat, at=cell_json(hero.pos)))
    # the rest of a forced tumble is lost with the fall (the hero respawns instead)
    state.resolving[:] = [
        f
        for f in state.resolving
        if not (f["type"] == "effect" and f["do"] == "forced_tumble" and f["hero"] == hero.seat)
    ]
    if state.phase == "movement" and hero.seat == state.active:
        state.turn.stage = "done"
        state.turn.remaining = 0
    push_frame(state, {"type": "respawn", "hero": hero.seat, "from": cell_json(hero.pos)})
    if hero.carrying:
        push_frame(state, {"type": "drop", "hero": hero.seat, "from": cell_json(hero.pos)})


def drop_spots(state: State, around: Cell) -> list[Cell]:
    board = state.board
    out = []
    for d in ALL:
        c = step(around, d)
        if not board.on_board(c) or board.is_pit(c) or board.is_wall(c) or board.is_impassable(c):
            continue
        if board.has(c, "crystal") or state.hero_at(c) is not None or _piece_on(state, c):
            continue
        if board.codes().get(c, 0) & PIECE:  # a sheep or resting bomb (spec S17, X8)
            continue
        out.append(c)
    return out


def respawn_points(state: State, hero: Hero, origin: Cell, way_on: bool = False) -> list[Cell]:
    """The nearest safe respawn points ``hero`` can come back at, never ahead of ``origin`` in
    a race. A point counts if it is free or has a free square beside it (``respawn_spots``);
    with ``way_on`` (walled in: the hero moves next) only if it leaves a natural tumble, unless
    no point does."""
    from riotsim.games.quodd import scenario as scen

    board = state.board
    points = board.find("respawn") or board.find("start")
    # a lit respawn point is passed over for the next nearest (spec X8)
    points = [p for p in points if not board.is_impassable(p)]
    if not points:
        # a board without respawn points (test positions): the nearest solid ground
        points = [
            c
            for c in board.cells()
            if not board.is_pit(c) and not board.is_wall(c) and not board.is_impassable(c)
        ]
    safe = [
        p
        for p in points
        if any(board.on_board(step(p, d)) and not board.is_pit(step(p, d)) for d in ORTHOGONAL)
    ] or points
    target = scen.next_target(state, hero)
    if target is not None:
        behind = [p for p in safe if manhattan(p, target) >= manhattan(origin, target)]
        safe = behind or safe
    usable = [p for p in safe if respawn_spots(state, hero, p)]
    if way_on:
        usable = [p for p in usable if respawn_spots(state, hero, p, way_on=True)] or usable
    if not usable:
        return []
    best = min(manhattan(p, origin) for p in usable)
    return [p for p in usable if manhattan(p, origin) == best]


def respawn_spots(state: State, hero: Hero, point: Cell, way_on: bool = False) -> list[Cell]:
    """Where ``hero`` comes back for respawn point ``point``: the point itself when it is
    free, else the free squares around it (Pits and Respawning: "a space of your choice
    adjacent to that point"); with ``way_on`` only squares that leave a natural tumble."""
    other = state.hero_at(point)
    if (other is None or other is hero) and not _point_held(state, point):
        spots = [point]
    else:
        board = state.board
        spots = [
            c
            for c in (step(point, d) for d in ALL)
            if board.on_board(c)
            and not board.is_pit(c)
            and not board.is_wall(c)
            and not board.is_impassable(c)
            and not board.codes().get(c, 0) & PIECE  # spec X8: not onto a sheep or bomb
            and not board.has(c, "crystal")
            and state.hero_at(c) in (None, hero)
            and not _piece_on(state, c)
        ]
    if way_on:
        spots = [c for c in spots if not walled_in_at(state, hero, c)]
    return spots


def walled_in_at(state: State, hero: Hero, cell: Cell) -> bool:
    """Would ``hero`` be walled in (no natural tumble) standing on ``cell``?"""
    here = hero.pos
    hero.pos = cell
    try:
        return moves.walled_in(state, hero)
    finally:
        hero.pos = here


def _piece_on(state: State, cell: Cell) -> bool:
    """A sheep or resting bomb on ``cell``: no hero comes back or drops anything there."""
    return bool(state.board.codes().get(cell, 0) & PIECE)


def _point_held(state: State, point: Cell) -> bool:
    """A respawn point holding a sheep, a resting bomb or a crystal (dropped, thrown or pushed
    there) is taken as one a hero stands on is (spec X8, X9)."""
    return _piece_on(state, point) or state.board.has(point, "crystal")


def respawn_at(state: State, hero: Hero, point: Cell, events: Events, way_on: bool = False) -> None:
    other = state.hero_at(point)
    if (other is not None and other is not hero) or _point_held(state, point):
        spots = respawn_spots(state, hero, point, way_on) or respawn_spots(state, hero, point)
        if spots:
            decide(
                state,
                "respawn_beside",
                hero.seat,
                [{"at": cell_json(c)} for c in spots],
                hero=hero.seat,
            )
            return
        # nowhere free around it (respawn_points skips such points; a stale choice only)
        events.append(NoRespawn.of(hero=hero.seat))
        return
    finish_respawn(state, hero, point, events)


def finish_respawn(state: State, hero: Hero, cell: Cell, events: Events) -> None:
    origin = hero.pos
    hero.pos = cell
    hero.cube = Cube.start(hero.facing)
    events.append(
        Respawned.of(
            fields={
                "hero": hero.seat,
                "from": cell_json(origin),
                "to": cell_json(cell),
                "top": "q",
                "cube": list(hero.cube.as_tuple()),
            }
        )
    )


# ---------------------------------------------------------------------------------------
# frames
# ---------------------------------------------------------------------------------------


def process_frame(state: State, events: Events) -> None:
    """Carry on with the last frame of ``state.resolving``, as its kind resumes it."""
    kind = state.resolving[-1]["type"]
    frame_kind = resolving.FRAMES.get(kind)
    if frame_kind is None:
        raise RuntimeError(f"unknown frame {kind}")
    frame_kind.resume(state, state.resolving[-1], events)


def process_arrival(state: State, frame: dict[str, Any], events: Events) -> None:
    hero = state.heroes[frame["hero"]]
    board = state.board
    if frame["fresh"] and not frame.get("offered") and _steal_first(state, frame, hero):
        return
    if frame["fresh"]:
        frame["fresh"] = False
        frame.pop("offered", None)
        frame["at"] = cell_json(hero.pos)
        if board.is_pit(hero.pos):
            state.resolving.pop()
            fall(state, hero, events)
            return
    elif frame["at"] != cell_json(hero.pos):
        # The hero was moved by something else meanwhile (a rotated board keeps tokens with
        # it, so only a real move lands here): resolve the new square from the start.
        relocate(frame, hero)
        return
    tokens = board.at(hero.pos)
    while frame["cursor"] < len(tokens):
        token = tokens[frame["cursor"]]
        frame["cursor"] += 1
        if token.kind in frame["skip"]:
            continue
        handler = elements.HANDLERS.get(token.kind)
        if handler is not None and handler(state, frame, hero, token, events):
            return
        tokens = board.at(hero.pos)
    if state.resolving and state.resolving[-1] is frame:
        state.resolving.pop()
    else:
        state.resolving.remove(frame)


def steal_options(state: State, hero: Hero) -> list[dict[str, Any]]:
    """Collectibles ``hero`` may steal now: from adjacent heroes (diagonals count), once each."""
    out: list[dict[str, Any]] = []
    if not may_carry(hero):
        return out
    for other in state.heroes:
        if other is hero or not other.carrying or other.seat in state.turn.stolen_from:
            continue
        if chebyshev(other.pos, hero.pos) != 1:
            continue
        for item in sorted(set(other.carrying)):
            if abilities.has(other, "flame_grip"):
                # Flame Grip: a thief must first discard a card
                out.extend(
                    {"from": other.seat, "item": item, "pay": c} for c in sorted(set(hero.hand))
                )
            else:
                out.append({"from": other.seat, "item": item})
    return out


def steal(
    state: State, hero: Hero, victim_seat: int, item: str, events: Events, pay: str | None = None
) -> None:
    victim = state.heroes[victim_seat]
    if pay is not None:
        hero.hand.remove(pay)
        to_discard(state, pay)
        events.append(CardDiscarded.of(fields={"seat": hero.seat, "card": pay}))
    victim.carrying.remove(item)
    hero.carrying.append(item)
    state.turn.stolen_from.append(victim.seat)
    events.append(Stolen.of(fields={"hero": hero.seat, "from": victim.seat, "item": item}))
    if abilities.has(hero, "good_fortune"):
        # Good Fortune: you may also explore a card (from the lineup or the deck)
        effect(state, hero.seat, "explore", n=1, optional=1)
    from riotsim.games.quodd import icons

    icons.after_steal(state, hero)  # Getaway (spec I2)


def _steal_first(state: State, frame: dict[str, Any], hero: Hero) -> bool:
    """Movement priority: stealing comes before the square's board elements act."""
    if not elements._own_turn_move(state, frame, hero) or state.turn.free_move:
        return False
    board = state.board
    if not board.codes().get(hero.pos, 0) & (PIT | ACTIVE):
        return False
    options = steal_options(state, hero)
    if not options:
        return False
    frame["offered"] = True
    decide(state, "steal_first", hero.seat, [{"item": "none"}] + options)
    return True


def relocate(frame: dict[str, Any], hero: Hero, skip: tuple[str, ...] = ()) -> None:
    """The hero was moved by an element: resolve its new square from the first token."""
    frame["cursor"] = 0
    frame["fresh"] = True
    frame["hops"] += 1
    frame["skip"] = list(skip)
    frame["at"] = cell_json(hero.pos)


def all_directions_for(skill: str) -> tuple[str, ...]:
    if skill == "diagonal":
        return DIAGONAL
    if skill == "dash":
        return ALL
    return ORTHOGONAL
