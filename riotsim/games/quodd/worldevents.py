"""World events (issue 13 part A, spec W and I7): End-of-Round step 2.

After Board Upkeep (and its objective check) the first player draws the top World Event card
(W1, W3); a resumable ``world_event`` frame runs its effects one by one, so the choices and
board elements they set off resolve in the normal way before the next effect, and only when
the card is done do the time tracker, the upgrades and the first player coin follow
(``engine.end_of_round_steps``). Shared choices are the first player's, a choice about one
hero its controller's (W2). Heroes with *Ignore World Events* are asked first whether they
sit this card out (I7); a push by another hero the event moves still happens.

World events are on when the game has a World Event deck (``State.world_deck`` or its
discard); ``setup_deck`` builds it from the setup options (W4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core.contract import Event, PositionError
from riotsim.core.dice import roll
from riotsim.core.fields import Reader
from riotsim.core.frames import Field
from riotsim.games.quodd import abilities, bombs, catalog, elements, engine, moves, sheep
from riotsim.games.quodd import fieldchecks as check
from riotsim.games.quodd.board import Token
from riotsim.games.quodd.decisions import DECISIONS, DecisionKind
from riotsim.games.quodd.directions import ALL, OPPOSITE, ORTHOGONAL, Cell, as_cell, cell_json, step
from riotsim.games.quodd.events import (
    CardDiscarded,
    CurrentsReversed,
    HeroRolled,
    SheepAppeared,
    Slid,
    Spun,
    TokenPlaced,
    TokensHidden,
    TwisterSpun,
    WallBroken,
    WorldDeckShuffled,
    WorldEventDone,
    WorldEventDrawn,
    WorldEventIgnored,
)
from riotsim.games.quodd.resolving import FRAMES, ResolvingKind
from riotsim.games.quodd.state import Hero, State
from riotsim.i18n import N_, _, pgettext

Events = list[Event]
ICON = "ignore_world_events"
FOG_KINDS = ("spring", "super_spring", "teleporter", "q_token", "rearrange")
WORLD_DO = catalog.WorldDo.__args__  # type: ignore[attr-defined]
SHEEP_SUPPLY = 10  # Contents: "10 Sheep Miniatures"


def _type(kind: str) -> Field:
    return Field(check.one_of(kind))


# ---------------------------------------------------------------------------------------
# setup (W4) and positions
# ---------------------------------------------------------------------------------------


def wanted(spec: catalog.ScenarioSpec, options: Any) -> bool:
    """Are world events on? The ``world_events`` option, else ``world_cards`` given, else the
    scenario's field, else the mode's default (off in solo and tutorials, on otherwise)."""
    if "world_events" in options:
        return bool(options["world_events"])
    if options.get("world_cards"):
        return True
    if spec.world_events is not None:
        return spec.world_events
    return spec.mode not in ("solo", "tutorial")


def setup_deck(state: State, spec: catalog.ScenarioSpec, options: Any) -> None:
    """Shuffle the World Event deck into ``state.world_deck`` when world events are on: the
    whole deck, or the ``world_cards`` the players picked (each id one card)."""
    if not wanted(spec, options):
        return
    known = catalog.world_events()
    cards = list(options.get("world_cards") or catalog.world_deck_list())
    unknown = sorted({c for c in cards if c not in known})
    if unknown:
        raise ValueError(
            f"unknown world event card {unknown[0]!r} in world_cards; known: {', '.join(known)}"
        )
    state.rng.shuffle(cards)
    state.world_deck = cards


def check_decks(state: State) -> None:
    """A position's World Event deck and discard hold World Event card ids only."""
    known = catalog.world_events()
    for key in ("world_deck", "world_discard"):
        for i, card in enumerate(getattr(state, key)):
            if card not in known:
                raise PositionError(f"{key}[{i}]: {card!r:.50} is not a world event card")


def on(state: State) -> bool:
    return bool(state.world_deck or state.world_discard)


# ---------------------------------------------------------------------------------------
# the world_event frame (W1)
# ---------------------------------------------------------------------------------------


def start(state: State, events: Events) -> bool:
    """End-of-Round step 2: the first player draws and the card's frame is pushed. False
    when world events are off (the round goes straight on to the time tracker)."""
    if not on(state):
        return False
    # our ruling (W3): an empty deck is its discard reshuffled (on() said there are cards)
    card = engine.draw_from(state, "world_deck", "world_discard", events, WorldDeckShuffled)
    assert card is not None
    spec = catalog.world_events()[card]
    events.append(
        WorldEventDrawn.of(
            fields={"seat": state.first, "card": card, "name": spec.name, "text": spec.text},
            reveals=True,  # a card off a face-down deck: undo never goes back past it
        )
    )
    asking = [s for s in from_first(state) if abilities.has(state.heroes[s], ICON)]
    engine.push_frame(
        state,
        {
            "type": "world_event",
            "card": card,
            "step": 0,
            "ignoring": [],
            "asking": asking if spec.touches_heroes else [],
        },
    )
    return True


def from_first(state: State) -> list[int]:
    """Every hero, from the first player's round the table."""
    n = len(state.heroes)
    return [(state.first + i) % n for i in range(n)]


def ignoring(state: State) -> list[int]:
    """The heroes that chose to ignore the world event being resolved (I7)."""
    for frame in reversed(state.resolving):
        if frame["type"] == "world_event":
            return list(frame["ignoring"])
    return []


def touched(state: State) -> list[Hero]:
    """The heroes the current world event acts on, from the first player on."""
    skip = ignoring(state)
    return [state.heroes[s] for s in from_first(state) if s not in skip]


@FRAMES.register
class WorldEvent(ResolvingKind):
    """A drawn World Event card: ``asking`` heroes (Ignore World Events) say first whether
    they ignore it; then its effects run in order (``step`` counts those started)."""

    kind = "world_event"
    fields = {
        "type": _type("world_event"),
        "card": Field(check.one_of(*catalog.world_events())),
        "step": Field(check.count(20)),
        "ignoring": Field(check.seats),
        "asking": Field(check.seats),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        spec = catalog.world_events()[frame["card"]]
        if frame["asking"]:
            seat = frame["asking"].pop(0)
            options = [{"ignore": "yes"}, {"ignore": "no"}]
            engine.decide(state, "world_ignore", seat, options, card=frame["card"])
            return
        if frame["step"] < len(spec.effects):
            effect = spec.effects[frame["step"]]
            frame["step"] += 1
            START[effect.do](state, effect, events)
            return
        state.resolving.remove(frame)
        state.world_discard.append(frame["card"])
        events.append(WorldEventDone.of(card=frame["card"]))
        from riotsim.games.quodd import scenario

        if scenario.check_objective(state, events):  # a goal the event reached counts first
            return
        engine.end_of_round_steps(state, events)


@DECISIONS.register
class WorldIgnore(DecisionKind):
    """I7: the owner of Ignore World Events sits this card out, or not."""

    kind = "world_ignore"
    fields = {"card": Field(check.one_of(*catalog.world_events()))}
    option_fields = {"ignore": Field(check.one_of("yes", "no"))}
    waits_on = "world_event"

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        if option["ignore"] == "yes":
            state.resolving[-1]["ignoring"].append(seat)
            events.append(WorldEventIgnored.of(hero=seat, card=data["card"]))


# ---------------------------------------------------------------------------------------
# effects: START[do] begins one effect of the card
# ---------------------------------------------------------------------------------------

StartFn = Callable[[State, catalog.WorldEffect, Events], None]
START: dict[str, StartFn] = {}


def _starts(*names: str) -> Callable[[StartFn], StartFn]:
    def register(fn: StartFn) -> StartFn:
        for name in names:
            START[name] = fn
        return fn

    return register


def _dirs() -> list[dict[str, Any]]:
    return [{"dir": d} for d in ORTHOGONAL]


def _choose(state: State, do: str, options: list[dict[str, Any]], **data: Any) -> None:
    """A shared choice: the first player's (W2)."""
    if options:
        engine.decide(state, "world_choice", state.first, options, do=do, **data)


@_starts("random_wind")
def _random_wind(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    faces = roll(state.rng, "direction")
    events.append(HeroRolled.of(die="direction", faces=faces, hero=state.first, reveals=True))
    _slide(state, faces[0], effect.n)


@_starts("strong_wind")
def _strong_wind(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    _choose(state, "strong_wind", _dirs(), n=effect.n)


@_starts("quake")
def _quake(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    faces = roll(state.rng, "direction")
    events.append(HeroRolled.of(die="direction", faces=faces, hero=state.first, reveals=True))
    _tumble_all(state, faces[0], events)


@_starts("tremor")
def _tremor(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    _choose(state, "tremor", _dirs())


@_starts("whirl")
def _whirl(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    _choose(state, "whirl", [{"spin": "cw"}, {"spin": "ccw"}])


@_starts("place_each", "sheep_each", "bomb_each", "discard_each", "stampede")
def _each(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    frame: dict[str, Any] = {
        "type": "world_each",
        "do": effect.do,
        "heroes": [h.seat for h in touched(state)],
    }
    if effect.kind:
        frame["kind"] = effect.kind
    if effect.range:
        frame["range"] = effect.range
    engine.push_frame(state, frame)


@_starts("place_any", "crumble")
def _first_player_repeats(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    frame: dict[str, Any] = {"type": "world_each", "do": effect.do, "heroes": []}
    frame["heroes"] = [state.first] * effect.n
    if effect.kind:
        frame["kind"] = effect.kind
    engine.push_frame(state, frame)


@_starts("rotate_section")
def _rotate_section(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    board = state.board
    options = [
        {"section": i, "spin": spin}
        for i in range(len(board.sections))
        if board.section_turnable(i)
        for spin in ("cw", "ccw")
    ]
    _choose(state, "rotate_section", options)


@_starts("reverse_currents")
def _reverse_currents(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    board = state.board
    turned = []
    for cell in board.find("current"):
        for token in board.at(cell):
            if token.kind == "current" and token.get("direction") in OPPOSITE:
                board.replace(
                    cell, token, token.with_props(direction=OPPOSITE[str(token.get("direction"))])
                )
                turned.append(cell_json(cell))
    events.append(CurrentsReversed.of(at=turned))


@_starts("fog")
def _fog(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    board = state.board
    hidden = []
    for cell in sorted(board.tokens, key=lambda c: (c[1], c[0])):
        for token in board.at(cell):
            if token.kind in FOG_KINDS and len(token.props) == 0:
                board.replace(cell, token, Token.make("secret", hidden=token.kind))
                hidden.append(cell_json(cell))
    events.append(TokensHidden.of(at=hidden))


@_starts("wipe_lineup")
def _wipe_lineup(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    engine.effect(state, state.first, "wipe_lineup")


@_starts("free_upgrade")
def _free_upgrade(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    for hero in reversed(touched(state)):  # a stack: the first player's upgrade comes first
        engine.effect(state, hero.seat, "choose_upgrade")


@_starts("rearrange_all")
def _rearrange_all(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    for hero in reversed(touched(state)):
        engine.effect(state, hero.seat, "rearrange")


@_starts("explore_each")
def _explore_each(state: State, effect: catalog.WorldEffect, events: Events) -> None:
    for hero in touched(state):
        # a buddy has no hand: its controller draws for it (Buddy Cards)
        taker = hero if not hero.buddy else (state.heroes_of(hero.controller) or [hero])[0]
        for _card in range(effect.n):
            engine.take_card(state, taker, "deck", 0, events)


# -- moving every hero ---------------------------------------------------------------------------


def _slide(state: State, direction: str, n: int) -> None:
    skip = ignoring(state)
    frame = {"type": "world_slide", "dir": direction, "n": n, "skip": skip, "seat": state.first}
    engine.push_frame(state, frame)


@FRAMES.register
class WorldSlide(ResolvingKind):
    """A wind blowing every hero but ``skip`` ``n`` more squares ``dir``, one square at a
    time (each square's elements resolve before the next)."""

    kind = "world_slide"
    fields = {
        "type": _type("world_slide"),
        "dir": Field(check.one_of(*ALL)),
        "n": Field(check.count(10)),
        "skip": Field(check.seats),
        "seat": Field(check.seat),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        state.resolving.remove(frame)
        if frame["n"] <= 0:
            return
        if frame["n"] > 1:
            engine.push_frame(state, {**frame, "n": frame["n"] - 1, "skip": list(frame["skip"])})
        heroes = [h for h in state.heroes if h.seat not in frame["skip"]]
        direction = frame["dir"]
        for hero in elements.front_first(heroes, direction):
            dest = moves.slide_destination(state, hero, direction)
            if dest is None:
                continue
            origin = hero.pos
            engine.place_hero(state, hero, dest)
            fields = {"hero": hero.seat, "from": cell_json(origin), "to": cell_json(dest)}
            events.append(Slid.of(fields={**fields, "direction": direction}))
            engine.arrival(state, hero, chooser=frame["seat"], own=False)


def _tumble_all(state: State, direction: str, events: Events) -> None:
    """Every touched hero tumbles ``direction`` (front one first); W5: no skill activates."""
    for hero in reversed(elements.front_first(touched(state), direction)):
        elements.forced_tumble(state, hero, direction, state.first, events)


# -- one hero after another ------------------------------------------------------------------------


@FRAMES.register
class WorldEach(ResolvingKind):
    """An effect that asks one hero after another (``heroes``, first player first): each
    gets its turn once the previous one's choice and board elements are resolved."""

    kind = "world_each"
    fields = {
        "type": _type("world_each"),
        "do": Field(check.one_of(*WORLD_DO)),
        "heroes": Field(check.seats),
        "kind": Field(check.one_of(*catalog.PlaceKind.__args__), required=False),  # type: ignore[attr-defined]
        "range": Field(check.count(20), required=False),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        while frame["heroes"]:
            hero = state.heroes[frame["heroes"].pop(0)]
            options = EACH[frame["do"]](state, frame, hero)
            if options:
                data = {"hero": hero.seat, "do": frame["do"]}
                if "kind" in frame:
                    data["kind"] = frame["kind"]
                engine.decide(state, "world_choice", hero.seat, options, **data)
                return
        state.resolving.remove(frame)


def _place_each(state: State, frame: dict[str, Any], hero: Hero) -> list[dict[str, Any]]:
    cells = moves.placement_targets(state, hero, frame["kind"], int(frame.get("range", 0)))
    return [{"at": cell_json(c)} for c in cells]


def _free_beside(state: State, hero: Hero, kind: str) -> list[Cell]:
    return [
        c
        for c in (step(hero.pos, d) for d in ORTHOGONAL)
        if moves.token_placeable(state, c, kind) and not moves.blocks_piece(state, c)
    ]


def _sheep_each(state: State, frame: dict[str, Any], hero: Hero) -> list[dict[str, Any]]:
    carried = sum(c.startswith("sheep") for h in state.heroes for c in h.carrying)
    if len(state.board.find("sheep")) + carried >= SHEEP_SUPPLY:
        return []  # the box's sheep are all in play
    cells = _free_beside(state, hero, "sheep")
    return [{"at": cell_json(c), "facing": d} for c in cells for d in ORTHOGONAL]


def _bomb_each(state: State, frame: dict[str, Any], hero: Hero) -> list[dict[str, Any]]:
    if len(bombs.bombs_on_board(state)) >= bombs.SUPPLY:
        return []
    cells = _free_beside(state, hero, "bomb")
    return [{"at": cell_json(c), "dir": d} for c in cells for d in ORTHOGONAL]


def _discard_each(state: State, frame: dict[str, Any], hero: Hero) -> list[dict[str, Any]]:
    return [{"card": c} for c in sorted(set(hero.hand))]


def stampede_directions(state: State, hero: Hero) -> list[str]:
    """Where a stampeding hero may step: an open square, or one whose hero it can push."""
    out = []
    for d in ORTHOGONAL:
        dest = step(hero.pos, d)
        if not moves.can_enter(state, hero, dest, hero.pos):
            continue
        victim = state.hero_at(dest)
        if victim is None or moves.push_destination(state, victim, d) is not None:
            out.append(d)
    return out


def _stampede(state: State, frame: dict[str, Any], hero: Hero) -> list[dict[str, Any]]:
    return [{"dir": d} for d in stampede_directions(state, hero)]


def _place_any(state: State, frame: dict[str, Any], hero: Hero) -> list[dict[str, Any]]:
    kind = frame["kind"]
    cells = sorted(state.board.ground, key=lambda c: (c[1], c[0]))
    return [{"at": cell_json(c)} for c in cells if moves.token_placeable(state, c, kind)]


def _crumble(state: State, frame: dict[str, Any], hero: Hero) -> list[dict[str, Any]]:
    walls = sorted(state.board.find("wall"), key=lambda c: (c[1], c[0]))
    return [{"at": cell_json(c)} for c in walls]


EachFn = Callable[[State, dict[str, Any], Hero], list[dict[str, Any]]]
EACH: dict[str, EachFn] = {
    "place_each": _place_each,
    "sheep_each": _sheep_each,
    "bomb_each": _bomb_each,
    "discard_each": _discard_each,
    "stampede": _stampede,
    "place_any": _place_any,
    "crumble": _crumble,
}


# ---------------------------------------------------------------------------------------
# the answers: one world_choice decision kind, dispatched on its ``do``
# ---------------------------------------------------------------------------------------

AnswerFn = Callable[[State, int, dict[str, Any], dict[str, Any], Events], None]
ANSWER: dict[str, AnswerFn] = {}


def _answers(name: str) -> Callable[[AnswerFn], AnswerFn]:
    def register(fn: AnswerFn) -> AnswerFn:
        ANSWER[name] = fn
        return fn

    return register


@DECISIONS.register
class WorldChoice(DecisionKind):
    """A choice a world event asks for: ``do`` names the effect; ``hero`` the hero it is
    about (its controller chooses), absent for a shared choice (the first player's)."""

    kind = "world_choice"
    fields = {
        "do": Field(check.one_of(*WORLD_DO)),
        "hero": Field(check.seat, required=False),
        "kind": Field(check.one_of(*catalog.PlaceKind.__args__), required=False),  # type: ignore[attr-defined]
        "n": Field(check.count(10), required=False),
    }
    option_fields = {
        "dir": Field(check.DIR, required=False),
        "at": Field(check.cell, required=False),
        "spin": Field(check.one_of(*check.SPINS), required=False),
        "section": Field(check.count(200), required=False),
        "facing": Field(check.DIR, required=False),
        "card": Field(check.CARD, required=False),
    }

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        need = {
            "strong_wind": "dir",
            "tremor": "dir",
            "stampede": "dir",
            "whirl": "spin",
            "rotate_section": "section",
            "discard_each": "card",
        }.get(data["do"], "at")
        if need not in option:
            raise o.fail(need, _("missing (a {do} choice needs it)").format(do=data["do"]))
        if data["do"] == "rotate_section" and not (
            option["section"] < len(state.board.sections)
            and state.board.section_turnable(option["section"])
        ):
            raise o.fail(
                "section",
                _("{section} is not a board section that can turn").format(
                    section=option["section"]
                ),
            )
        problem = _option_problem(state, seat, data, option)
        if problem:
            raise o.fail(need, problem)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        ANSWER[data["do"]](state, seat, data, option, events)


def _option_problem(state: State, seat: int, data: dict, option: dict) -> str | None:
    """What an option read from a position would need and does not find, or None."""
    do = data["do"]
    if do == "discard_each":
        if option["card"] not in state.heroes[seat].hand:
            return _("{card} is not in the hand of hero {seat}").format(
                card=option["card"], seat=seat
            )
        return None
    if "at" not in option:
        return None
    at = as_cell(option["at"])
    if do in ("place_each", "place_any"):
        if "kind" not in data or not moves.token_placeable(state, at, data["kind"]):
            return _("no {token} can go on {square}").format(
                token=data.get("kind", "token"), square=list(at)
            )
    elif do in ("sheep_each", "bomb_each"):
        if not moves.token_placeable(state, at, "sheep") or moves.blocks_piece(state, at):
            return _("nothing can appear on {square}").format(square=list(at))
    elif do == "crumble" and not state.board.is_wall(at):
        return _("{square} holds no wall").format(square=list(at))
    return None


@_answers("strong_wind")
def _a_strong_wind(state: State, seat: int, data: dict, option: dict, events: Events) -> None:
    _slide(state, option["dir"], int(data.get("n", 1)))


@_answers("tremor")
def _a_tremor(state: State, seat: int, data: dict, option: dict, events: Events) -> None:
    _tumble_all(state, option["dir"], events)


@_answers("whirl")
def _a_whirl(state: State, seat: int, data: dict, option: dict, events: Events) -> None:
    turns = engine.SPIN[option["spin"]]
    for hero in touched(state):
        hero.cube = hero.cube.spin(turns)
        fields = {"hero": hero.seat, "spin": option["spin"], "top": hero.cube.top}
        events.append(Spun.of(fields={**fields, "cube": list(hero.cube.as_tuple())}))
    events.append(TwisterSpun.of(by=seat, spin=option["spin"]))


@_answers("rotate_section")
def _a_rotate(state: State, seat: int, data: dict, option: dict, events: Events) -> None:
    elements.rotate_section(state, int(option["section"]), option["spin"], events)


def _put_token(state: State, seat: int, data: dict, option: dict, events: Events) -> None:
    at = as_cell(option["at"])
    kind = data["kind"]
    state.board.add(at, Token.make(kind))
    events.append(TokenPlaced.of(kind=kind, at=cell_json(at), by=seat))


ANSWER["place_each"] = _put_token
ANSWER["place_any"] = _put_token


@_answers("crumble")
def _a_crumble(state: State, seat: int, data: dict, option: dict, events: Events) -> None:
    at = as_cell(option["at"])
    wall = state.board.first(at, "wall")
    if wall is not None:
        state.board.replace(at, wall, Token.make("broken_wall"))
        events.append(WallBroken.of(at=cell_json(at), by=seat))


@_answers("sheep_each")
def _a_sheep(state: State, seat: int, data: dict, option: dict, events: Events) -> None:
    at = as_cell(option["at"])
    number = state.new_id()
    token = Token.make("sheep", colour="white", direction=option["facing"], number=number)
    sheep.put(state, at, token)
    events.append(SheepAppeared.of(id=number, at=cell_json(at), facing=option["facing"]))


@_answers("bomb_each")
def _a_bomb(state: State, seat: int, data: dict, option: dict, events: Events) -> None:
    bombs.create(state, as_cell(option["at"]), "standard", option["dir"], seat, events)


@_answers("discard_each")
def _a_discard(state: State, seat: int, data: dict, option: dict, events: Events) -> None:
    hero = state.heroes[seat]
    if option["card"] in hero.hand:
        hero.hand.remove(option["card"])
        engine.to_discard(state, option["card"])
        events.append(CardDiscarded.of(fields={"seat": seat, "card": option["card"]}))


@_answers("stampede")
def _a_stampede(state: State, seat: int, data: dict, option: dict, events: Events) -> None:
    hero = state.heroes[seat]
    if option["dir"] in stampede_directions(state, hero):
        # the pushed hero is pushed even if it ignores world events (I7)
        engine.one_step(
            state, hero, option["dir"], tumble=False, own=False, chooser=seat, events=events
        )


# -- labels ------------------------------------------------------------------------------------

_PHRASES = {
    "strong_wind": N_("Blow every hero"),
    "tremor": N_("Tumble every hero"),
    "stampede": N_("Stampede: step"),
    "crumble": N_("Crumble the wall at"),
    "bomb_each": N_("Drop the bomb at"),
    "sheep_each": N_("Put the sheep at"),
}
_WORDS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}


def describe(data: dict[str, Any], args: dict[str, Any], kind: str) -> str:
    """A player-facing label for a world event choice (``args`` the action's arguments)."""
    if kind == "world_ignore":
        card = _(catalog.world_events()[data["card"]].name)
        if args.get("ignore") == "yes":
            return _("Ignore {card}").format(card=card)
        return _("Go along with {card}").format(card=card)
    do = data["do"]
    at = args.get("at")
    where = f" {at[0]},{at[1]}" if isinstance(at, tuple | list) else ""
    found = _WORDS.get(str(args.get("dir")))
    way = _(found) if found else ""
    if do == "whirl":
        if args["spin"] == "cw":
            return _("Spin every hero clockwise")
        return _("Spin every hero counter-clockwise")
    if do == "rotate_section":
        n = int(args["section"]) + 1
        if args["spin"] == "cw":
            return _("Turn board section {n} clockwise").format(n=n)
        return _("Turn board section {n} counter-clockwise").format(n=n)
    if do == "discard_each":
        return _("Discard {card}").format(card=_(catalog.cards()[args["card"]].name))
    if do in ("place_each", "place_any"):
        token = str(data.get("kind", "token")).replace("_", " ")
        return _("Place a {token} at{square}").format(token=_token(token), square=where)
    facing = args.get("facing")
    tail = ""
    if facing:
        tail = _(" facing {direction}").format(direction=_(_WORDS[str(facing)]))
    elif where:
        tail = _(" rolling {direction}").format(direction=way)
    phrase = _(_PHRASES[do]) if do in _PHRASES else do
    return f"{phrase}{where}{'' if where else ' ' + way}{tail}".strip()


def _token(token: str) -> str:
    """A token kind a world event places ("bomb"), in the language spoken."""
    names = {
        "bomb": pgettext("token", "bomb"),
        "sheep": pgettext("token", "sheep"),
        "wall": pgettext("token", "wall"),
        "broken wall": pgettext("token", "broken wall"),
        "pit": pgettext("token", "pit"),
        "token": pgettext("token", "token"),
    }
    return names.get(token, token)
