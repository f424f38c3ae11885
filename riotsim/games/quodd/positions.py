"""Reading a Quodd position from strangers (a save's start, a bug report, an edited file).

:func:`read_state` reads the JSON form field by field (:class:`~riotsim.core.fields.Reader`):
what the rules would trip over is refused with a :class:`PositionError` naming the field
(``heroes[1].pos: [40, 2] is not a square of the board``); what they can play from is
accepted. Besides each field's type and range it checks what ties fields together: seats in
range, heroes on distinct squares of the board, pending choices whose options the rules can
carry out on this board, resolution frames of known kinds with the fields their handlers read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core.contract import Decision, PositionError, copy_json
from riotsim.core.fields import Reader, check_int, check_pair
from riotsim.core.rng import Rng
from riotsim.games.quodd import catalog
from riotsim.games.quodd.board import KINDS, PLACEABLE_KINDS, Board
from riotsim.games.quodd.directions import ORTHOGONAL, Cell, step
from riotsim.games.quodd.state import MAX_HEROES, PHASES, Q_POWERS, Hero, State, Turn

LIST_MOST = 2_000  # cards, choices, frames: far more than any game holds
# The dice Quodd rolls; a scripted value must be a face of one of them.
DICE = ("direction", "quodd_d6")
SPINS = ("cw", "ccw")
OBJECTIVE_TYPES = ("rally", "escape", "crystals", "treasure")


def read_state(raw: Any) -> State:
    r = Reader(raw)
    board = Board.from_json(r.raw("board"), "board")
    heroes = [Hero.read(h) for h in r.items("heroes", most=MAX_HEROES)]
    if not heroes:
        raise r.fail("heroes", "no hero: a game has one to six")
    seats = len(heroes)
    _check_heroes(r, heroes, board)
    cards = catalog.cards()
    state = State(
        rng=_read_rng(r),
        board=board,
        heroes=heroes,
        scenario=r.text("scenario", ""),
        objective=_read_objective(r),
        round=r.int("round", 1, low=1, high=10**6),
        round_limit=r.int("round_limit", 0, low=0, high=10**6),
        first=r.int("first", 0, low=0, high=seats - 1),
        active=r.int("active", 0, low=0, high=seats - 1),
        phase=r.choice("phase", PHASES, "powerup"),
        turn=Turn.from_json(r.raw("turn", {}), "turn"),
        deck=r.texts("deck", [], choices=cards),
        lineup=r.texts("lineup", [], choices=cards),
        discard=r.texts("discard", [], choices=cards),
        upgrading=r.ints("upgrading", [], low=0, high=seats - 1),
        winners=r.ints("winners", [], low=0, high=seats - 1),
        reason=r.text("reason", ""),
        hint=r.text("hint", ""),
    )
    check_turn(r, state)
    state.resolving = [read_frame(f, state) for f in r.items("resolving", [], most=LIST_MOST)]
    state.pending = [read_decision(d, state) for d in r.items("pending", [], most=LIST_MOST)]
    check_stacks(r, state)
    return state


# ---------------------------------------------------------------------------------------
# fields and what ties them together
# ---------------------------------------------------------------------------------------


def _read_rng(r: Reader) -> Rng:
    from riotsim.core.dice import die

    g = r.sub("rng")
    faces = {f for d in DICE for f in die(d).values}
    scripted = g.texts("scripted", [], choices=faces)
    return Rng(g.int("seed", low=-(2**63), high=2**64), g.int("counter", 0, low=0), scripted)


def _read_objective(r: Reader) -> dict[str, Any]:
    o = Reader(r.raw("objective", {}), "objective")
    if not o.data:
        return {}
    out = copy_json(dict(o.data))
    out["type"] = o.choice("type", OBJECTIVE_TYPES)
    out["target"] = o.int("target", low=0, high=10**6)
    if "mode" in o.data:
        out["mode"] = o.text("mode")
    for key in ("hints", "hinted"):
        if key in o.data:
            out[key] = o.texts(key)
    return out


def _check_heroes(r: Reader, heroes: list[Hero], board: Board) -> None:
    seen: dict[Cell, int] = {}
    for i, hero in enumerate(heroes):
        where = r.where("heroes")
        if hero.seat != i:
            raise PositionError(f"{where}[{i}].seat: {hero.seat}; hero {i} sits at seat {i}")
        if hero.pos not in board.ground:
            raise PositionError(f"{where}[{i}].pos: {list(hero.pos)} is not a square of the board")
        if hero.pos in seen:
            raise PositionError(
                f"{where}[{i}].pos: {list(hero.pos)} is taken by hero {seen[hero.pos]}"
            )
        seen[hero.pos] = i
        for skill in hero.upgraded:
            if skill not in hero.skills.values():
                raise PositionError(f"{where}[{i}].upgraded: {skill} is not one of its skills")


def check_turn(r: Reader, state: State) -> None:
    from riotsim.games.quodd import abilities

    turn = state.turn
    t = Reader(r.raw("turn", {}), "turn")
    seats = len(state.heroes)
    for key in ("stolen_from", "impulse_off"):
        for seat in getattr(turn, key):
            if seat >= seats:
                raise t.fail(key, f"seat {seat} is not in the game ({seats} seats)")
    if turn.free_move and turn.return_phase not in ("powerup", "recovery"):
        raise t.fail("return_phase", f"{turn.return_phase!r}: a card move returns to a phase")
    if state.phase == "movement" and turn.stage == "over":
        raise t.fail("stage", "over, but the movement phase is still on")
    hero = state.current
    if state.phase == "discard" and not hero.hand:
        raise r.fail("phase", f"discard, but hero {hero.seat} has no card to discard")
    if len(set(state.upgrading)) != len(state.upgrading):
        raise r.fail("upgrading", f"{state.upgrading}: a seat upgrades once a round")
    if state.phase == "upgrade":
        for seat in state.upgrading:
            if not abilities.can_upgrade(state.heroes[seat]):
                raise r.fail("upgrading", f"hero {seat} has no upgrade tile left to place")


def check_stacks(r: Reader, state: State) -> None:
    """The frames and decisions that wait on each other: a waiting landing under its bump or
    rooted-landing choice, an impulse choice over its window."""
    top = state.resolving[-1]["type"] if state.resolving else None
    kind = state.pending[-1].kind if state.pending else None
    lands = sum(1 for f in state.resolving if f["type"] == "land")
    if lands > 1 or (lands and (top != "land" or kind not in ("bump", "rooted_landing"))):
        raise r.fail("resolving", "a waiting landing must be last, under a bump choice")
    for i, decision in enumerate(state.pending):
        needs = _WAITS_ON.get(decision.kind)
        if needs and (i != len(state.pending) - 1 or top != needs):
            raise PositionError(
                f"pending[{i}]: a {decision.kind} choice answers the last frame, a {needs}"
            )
    if kind == "impulse" and not state.resolving[-1]["seats"]:
        raise r.fail("resolving", "the impulse window asks no seat")
    starts = len(state.board.find("start"))
    for i, frame in enumerate(state.resolving):
        if frame["type"] == "setup" and len(frame["place"]) + len(frame["placed"]) > starts:
            raise PositionError(f"resolving[{i}].place: more heroes to place than start squares")


_WAITS_ON = {"bump": "land", "rooted_landing": "land", "impulse": "impulse"}


# ---------------------------------------------------------------------------------------
# value checks shared by frames and decisions
# ---------------------------------------------------------------------------------------

Check = Callable[[Any, str, State], Any]


def _seat(value: Any, where: str, state: State) -> int:
    return check_int(value, where, low=0, high=len(state.heroes) - 1)


def _cell(value: Any, where: str, state: State) -> list[int]:
    cell = check_pair(value, where)
    if cell not in state.board.ground:
        raise PositionError(f"{where}: {list(cell)} is not a square of the board")
    return [cell[0], cell[1]]


def _cells(value: Any, where: str, state: State) -> list[list[int]]:
    if not isinstance(value, list) or len(value) > LIST_MOST:
        raise PositionError(f"{where}: {value!r:.60} is not a list of squares")
    return [_cell(v, f"{where}[{i}]", state) for i, v in enumerate(value)]


def _seats(value: Any, where: str, state: State) -> list[int]:
    if not isinstance(value, list) or len(value) > LIST_MOST:
        raise PositionError(f"{where}: {value!r:.60} is not a list of seats")
    return [_seat(v, f"{where}[{i}]", state) for i, v in enumerate(value)]


def _flag(value: Any, where: str, state: State) -> bool | int:
    if value not in (0, 1) or not isinstance(value, (bool, int)):
        raise PositionError(f"{where}: {value!r:.60} is not true or false")
    return value


def _count(high: int) -> Check:
    return lambda value, where, state: check_int(value, where, low=0, high=high)


def _one_of(*choices: Any) -> Check:
    def check(value: Any, where: str, state: State) -> Any:
        if isinstance(value, (list, dict)) or value not in choices:
            shown = ", ".join(repr(c) for c in choices[:12])
            raise PositionError(f"{where}: {value!r:.60} is not one of {shown}")
        return value

    return check


def _texts_of(*choices: Any) -> Check:
    one = _one_of(*choices)

    def check(value: Any, where: str, state: State) -> list[Any]:
        if not isinstance(value, list) or len(value) > LIST_MOST:
            raise PositionError(f"{where}: {value!r:.60} is not a list")
        return [one(v, f"{where}[{i}]", state) for i, v in enumerate(value)]

    return check


def _text(value: Any, where: str, state: State) -> str:
    if not isinstance(value, str) or len(value) > 60:
        raise PositionError(f"{where}: {value!r:.60} is not a short text")
    return value


_CARD = _one_of(*catalog.cards())
_DIR = _one_of(*ORTHOGONAL)
_KIND = _one_of(*sorted(KINDS))
_SKIP = _texts_of(*sorted(KINDS))


def _read_fields(
    r: Reader, fields: dict[str, tuple[Check, bool]], state: State, what: str
) -> dict[str, Any]:
    """The fields of a frame, a decision's data or an option: each known one checked (a
    required one must be there), an unknown one refused."""
    out: dict[str, Any] = {}
    for key, value in r.data.items():
        spec = fields.get(key)
        if spec is None:
            raise r.fail(key, f"is not a field of {what}")
        out[key] = spec[0](value, r.where(key), state)
    for key, (_, required) in fields.items():
        if required and key not in out:
            raise r.fail(key, "missing")
    return out


# ---------------------------------------------------------------------------------------
# resolution frames
# ---------------------------------------------------------------------------------------

_ARRIVE = {
    "type": (_one_of("arrive"), True),
    "hero": (_seat, True),
    "chooser": (_seat, True),
    "own": (_flag, True),
    "cursor": (_count(1000), True),
    "fresh": (_flag, True),
    "hops": (_count(1000), True),
    "skip": (_SKIP, True),
    "at": (_cell, False),
    "offered": (_flag, False),
    "ride": (_cells, False),
}
_EFFECT_DOES = (
    "boost",
    "place",
    "break_wall",
    "destroy",
    "explore",
    "explore_deck",
    "explore_type",
    "rearrange",
    "dash",
    "twister",
    "wind",
    "strong_wind",
    "slide_all",
    "slide_other",
    "upgrade_skill",
    "wipe_lineup",
    "rotate_board",
    "swap_other",
    "aim",
    "forced_tumble",
    "explode",
    "crush",
    "land",
    "begin_movement",
    "begin_exploration",
    "q_offer",
    "choose_upgrade",
)
_EFFECT = {
    "type": (_one_of("effect"), True),
    "seat": (_seat, True),
    "do": (_one_of(*_EFFECT_DOES), True),
    "n": (_count(50), False),
    "skill": (_one_of(None, *catalog.SKILLS), False),
    "kind": (_text, False),
    "range": (_count(100), False),
    "optional": (_flag, False),
    "dir": (_DIR, False),
    "hero": (_seat, False),
    "parts": (_texts_of(*ORTHOGONAL), False),
    "at": (_cell, False),
    "walls": (_cells, False),
    "chooser": (_seat, False),
    "own": (_flag, False),
    "origin": (_cell, False),
    "used": (_texts_of(*Q_POWERS), False),
}
# What each effect reads beyond seat and do (kinds: what its "kind" may name).
_EFFECT_NEEDS = {
    "place": ("kind",),
    "explore_type": ("kind",),
    "slide_all": ("dir",),
    "forced_tumble": ("hero", "parts"),
    "explode": ("at",),
    "crush": ("walls",),
    "land": ("at", "origin", "chooser", "own", "kind"),
    "q_offer": ("used",),
}
_EFFECT_KINDS: dict[str, tuple[str, ...]] = {
    "place": tuple(sorted(PLACEABLE_KINDS | {"current", "whirlpool"})),
    "explore_type": ("food", "rune", "item", "pet", "tool"),
}
_FRAMES: dict[str, dict[str, tuple[Check, bool]]] = {
    "arrive": _ARRIVE,
    "effect": _EFFECT,
    "drop": {"type": (_one_of("drop"), True), "hero": (_seat, True), "from": (_cell, True)},
    "respawn": {
        "type": (_one_of("respawn"), True),
        "hero": (_seat, True),
        "from": (_cell, True),
        "way_on": (_flag, False),
    },
    "setup": {
        "type": (_one_of("setup"), True),
        "place": (_seats, True),
        "placed": (_seats, True),
        "arrange": (_seats, True),
    },
    "impulse": {"type": (_one_of("impulse"), True), "seats": (_seats, True)},
    "land": {
        "type": (_one_of("land"), True),
        "hero": (_seat, True),
        "chooser": (_seat, True),
        "own": (_flag, True),
        "origin": (_cell, True),
        "kind": (_text, True),
        "skip": (_SKIP, False),
        "hops": (_count(1000), False),
        "ride": (_cells, False),
    },
}


def read_frame(f: Reader, state: State) -> dict[str, Any]:
    kind = f.choice("type", sorted(_FRAMES))
    frame = _read_fields(f, _FRAMES[kind], state, f"a {kind} frame")
    if kind == "effect":
        do = frame["do"]
        for key in _EFFECT_NEEDS.get(do, ()):
            if key not in frame:
                raise f.fail(key, f"missing (a {do} effect needs it)")
        if do in _EFFECT_KINDS:
            f.choice("kind", _EFFECT_KINDS[do])
    return frame


def _arrive_frame(value: Any, where: str, state: State) -> dict[str, Any]:
    r = Reader(value, where)
    if r.raw("type") != "arrive":
        raise r.fail("type", f"{r.raw('type')!r:.40}: a choice of way on waits on an arrival")
    return read_frame(r, state)


# ---------------------------------------------------------------------------------------
# pending decisions
# ---------------------------------------------------------------------------------------

_SWAPS = tuple(
    f"{a}/{b}"
    for i, a in enumerate(("feet", "front", "back", "left", "right"))
    for b in ("feet", "front", "back", "left", "right")[i + 1 :]
)
Fields = dict[str, tuple[Check, bool]]
_SPIN: Fields = {"spin": (_one_of(*SPINS), True)}
_AT: Fields = {"at": (_cell, True)}
_HERO: Fields = {"hero": (_seat, True)}
_FRAME: Fields = {"hero": (_seat, True), "frame": (_arrive_frame, True)}
_POWER = _one_of(*Q_POWERS)

# kind -> (data fields besides options, option fields)
_DECISIONS: dict[str, tuple[Fields, Fields]] = {
    "whirlpool": (_HERO, _SPIN),
    "rotate_section": ({"section": (_count(LIST_MOST), True)}, _SPIN),
    "spring": (
        {"hero": (_seat, True), "over": (_count(2), True), "own": (_flag, True)},
        {"dir": (_DIR, True)},
    ),
    "teleport": ({"hero": (_seat, True), "roll": (_count(100), False)}, {"to": (_cell, True)}),
    "tunnel": (_FRAME, {"to": (lambda v, w, s: v if v == "stay" else _cell(v, w, s), True)}),
    "connection": (_FRAME, {"to": (_cell, True)}),
    "q_token": (
        {"used": (_texts_of(*Q_POWERS), False)},
        {"power": (_one_of("skip", *Q_POWERS), True)},
    ),
    "impulse": ({}, {"card": (_one_of("pass", "pass_turn", *catalog.cards()), True)}),
    "steal_first": (
        {},
        {"item": (_text, True), "from": (_seat, False), "pay": (_CARD, False)},
    ),
    "start_square": ({}, _AT),
    "terrain_kind": ({}, {"token": (_one_of("wall", "broken_wall", "tunnel"), True)}),
    "copy_q": ({}, {"power": (_POWER, True)}),
    "flip_upgrade": ({}, {"slot": (_count(5), True)}),
    "drop": ({"item": (_text, False)}, _AT),
    "respawn": ({"hero": (_seat, True), "way_on": (_flag, False)}, _AT),
    "respawn_beside": (_HERO, _AT),
    "rooted_landing": (_HERO, _AT),
    "bump": ({"victim": (_seat, True), "jumper": (_seat, False)}, {"dir": (_DIR, True)}),
    "place": (
        {"kind": (_one_of(*_EFFECT_KINDS["place"]), True)},
        {"at": (_cell, True), "dir": (_DIR, False)},
    ),
    "crush": (
        {"rest": (_cells, True)},
        {"at": (_cell, True), "crush": (_one_of("break", "keep"), True)},
    ),
    "break_wall": ({}, _AT),
    "destroy": ({}, {"at": (_cell, True), "token": (_KIND, True)}),
    "explore": (
        {},
        {"src": (_one_of("none", "lineup", "deck"), True), "i": (_count(LIST_MOST), False)},
    ),
    "explore_type": (
        {},
        {"src": (_one_of("lineup", "deck"), True), "i": (_count(LIST_MOST), False)},
    ),
    "rearrange": ({}, {"swap": (_one_of("done", *_SWAPS), True)}),
    "twister": ({}, _SPIN),
    "strong_wind": ({"n": (_count(50), False)}, {"dir": (_DIR, True)}),
    "slide_other": ({"n": (_count(50), False)}, {"hero": (_seat, True), "dir": (_DIR, True)}),
    "upgrade_skill": ({}, {"skill": (_one_of(*catalog.SKILLS), True)}),
    "swap_other": ({}, {"hero": (_seat, True), "swap": (_one_of(*_SWAPS), True)}),
    "choose_upgrade": ({}, {"tile": (_text, True), "side": (_one_of("a", "b"), True)}),
}


def read_decision(d: Reader, state: State) -> Decision:
    from riotsim.games.quodd import effects

    kind = d.choice("kind", sorted(_DECISIONS))
    seat = d.int("seat", low=0, high=len(state.heroes) - 1)
    data_fields, option_fields = _DECISIONS[kind]
    r = d.sub("data")
    fields = {**data_fields, "options": ((lambda v, w, s: v), True)}
    data = _read_fields(r, fields, state, f"a {kind} choice")
    if kind == "rearrange":
        # its actions are always the same swaps: the options are rebuilt, not read
        data["options"] = effects.rearrange_options(state.heroes[seat])
        return Decision(kind, seat, data)
    items = r.items("options", most=LIST_MOST)
    if not items:
        raise r.fail("options", "no option to choose from")
    data["options"] = [_read_fields(o, option_fields, state, f"a {kind} option") for o in items]
    check = _SEMANTIC.get(kind)
    for option, o in zip(data["options"], items, strict=True):
        if check is not None:
            check(o, option, data, seat, state)
    return Decision(kind, seat, data)


# What an option must find on the board or in the hands when it is carried out.
def _wall_at(o: Reader, option: dict, data: dict, seat: int, state: State) -> None:
    if option.get("crush", "break") == "break" and not state.board.is_wall(tuple(option["at"])):
        raise o.fail("at", f"{option['at']}: no wall there to break")


def _token_at(o: Reader, option: dict, data: dict, seat: int, state: State) -> None:
    if not state.board.has(tuple(option["at"]), option["token"]):
        raise o.fail("token", f"no {option['token']} at {option['at']}")


def _in_hand(o: Reader, option: dict, data: dict, seat: int, state: State) -> None:
    card = option["card"]
    if card not in ("pass", "pass_turn") and card not in state.heroes[seat].hand:
        raise o.fail("card", f"{card} is not in hero {seat}'s hand")


def _stealable(o: Reader, option: dict, data: dict, seat: int, state: State) -> None:
    if option["item"] == "none":
        return
    victim = option.get("from")
    if victim is None or victim == seat or option["item"] not in state.heroes[victim].carrying:
        raise o.fail("item", f"{option['item']!r:.40} is not carried by the hero robbed")
    if "pay" in option and option["pay"] not in state.heroes[seat].hand:
        raise o.fail("pay", f"{option['pay']} is not in hero {seat}'s hand")


def _lineup_card(o: Reader, option: dict, data: dict, seat: int, state: State) -> None:
    if option["src"] == "lineup" and not 0 <= option.get("i", 0) < len(state.lineup):
        raise o.fail("i", f"{option.get('i', 0)}: the lineup has {len(state.lineup)} cards")


def _track_slot(o: Reader, option: dict, data: dict, seat: int, state: State) -> None:
    if option["slot"] >= len(state.heroes[seat].track):
        raise o.fail("slot", f"{option['slot']}: hero {seat}'s track is shorter")


def _carrying(o: Reader, option: dict, data: dict, seat: int, state: State) -> None:
    if not state.heroes[seat].carrying:
        raise o.fail("at", f"hero {seat} carries nothing to drop")


def _section(o: Reader, option: dict, data: dict, seat: int, state: State) -> None:
    sections = state.board.sections
    index = data["section"]
    if index >= len(sections) or sections[index].width != sections[index].height:
        raise PositionError(f"{o.path}: section {index} is not a square section of the board")


def _upgrade_tile(o: Reader, option: dict, data: dict, seat: int, state: State) -> None:
    from riotsim.games.quodd import abilities

    if option["tile"] not in abilities.free_tiles(state.heroes[seat]):
        raise o.fail("tile", f"{option['tile']!r:.40} is not a free tile of hero {seat}")


def _pushed_to(o: Reader, option: dict, data: dict, seat: int, state: State) -> None:
    victim = state.heroes[data["victim"]]
    if step(victim.pos, option["dir"]) not in state.board.ground:
        raise o.fail("dir", f"pushes hero {victim.seat} off the board")


def _sprung_to(o: Reader, option: dict, data: dict, seat: int, state: State) -> None:
    hero = state.heroes[data["hero"]]
    if step(hero.pos, option["dir"], data["over"] + 1) not in state.board.ground:
        raise o.fail("dir", f"throws hero {hero.seat} off the board")


_SEMANTIC: dict[str, Callable[[Reader, dict, dict, int, State], None]] = {
    "crush": _wall_at,
    "break_wall": _wall_at,
    "destroy": _token_at,
    "impulse": _in_hand,
    "steal_first": _stealable,
    "flip_upgrade": _track_slot,
    "explore": _lineup_card,
    "explore_type": _lineup_card,
    "drop": _carrying,
    "rotate_section": _section,
    "choose_upgrade": _upgrade_tile,
    "bump": _pushed_to,
    "spring": _sprung_to,
}


# ---------------------------------------------------------------------------------------
# the door: settling a full position, reading a readable one
# ---------------------------------------------------------------------------------------


def settled(state: State) -> State:
    """Carry a loaded state on to where the rules wait for a player, as every ``apply`` and
    ``new_state`` ends (for a saved position this changes nothing); a position the rules
    cannot carry on from is refused."""
    from riotsim.core.contract import IllegalAction
    from riotsim.games.quodd import engine

    if state.phase != "over":
        try:
            engine.settle(state, [])
        except (IllegalAction, RuntimeError) as err:
            raise PositionError(f"the rules cannot go on from this position: {err}") from None
    return state


def read_readable(position: Any) -> State:
    """The readable form (tests, bug reports): text rows and heroes by ``at``; checked as
    written, then as the full state it makes."""
    from riotsim.games.quodd import ascii, scenario

    r = Reader(position)
    rows = r.texts("rows")
    if not rows or len(rows) > 200 or any(len(row) > 200 for row in rows):
        raise r.fail("rows", "a board is 1 to 200 rows of at most 200 squares")
    extra: dict[Cell, dict[str, Any]] = {}
    for key in r.mapping("extra", {}):
        parts = key.split(",")
        if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
            raise PositionError(f"extra.{key}: not a square written 'x,y'")
        extra[(int(parts[0]), int(parts[1]))] = r.sub("extra").mapping(key)
    try:
        layout = ascii.layout_from_text("position", rows, extra)
    except ValueError as err:
        raise r.fail("rows", str(err)) from None
    board = Board.compose([(layout, 0, 0, 0)])
    heroes = []
    for seat, h in enumerate(r.items("heroes", [], most=MAX_HEROES)):
        hero_id = h.choice("hero_id", catalog.heroes(), h.raw("hero", "rok"))
        at = h.pair("at")
        if at not in board.ground:
            raise h.fail("at", f"{list(at)} is not a square of the board")
        base = scenario.make_hero(seat, hero_id, at, h.choice("facing", ORTHOGONAL, "N"))
        data = base.to_json()
        data.update({k: v for k, v in h.data.items() if k not in ("at", "hero_id")})
        data.update(hero=hero_id, pos=list(at), seat=seat)
        heroes.append(Hero.from_json(data, h.path))
    seed = r.int("seed", 1, low=-(2**63), high=2**64)
    state = State(rng=Rng(seed), board=board, heroes=heroes)
    state.objective = dict(r.mapping("objective", {}))
    state.round_limit = r.int("round_limit", 0, low=0, high=10**6)
    state.deck = r.texts("deck", [])
    state.lineup = r.texts("lineup", [])
    state.active = r.int("active", 0)
    state.phase = r.text("phase", "powerup")
    state.turn = Turn.from_json(r.raw("turn", {}), "turn")
    return read_state(state.to_json())
