"""Reading a Quodd position from strangers (a save's start, a bug report, an edited file).

:func:`read_state` reads the JSON form field by field (:class:`~riotsim.core.fields.Reader`):
what the rules would trip over is refused with a :class:`PositionError` naming the field
(``heroes[1].pos: [40, 2] is not a square of the board``); what they can play from is
accepted. Besides each field's type and range it checks what ties fields together: seats in
range, heroes on distinct squares of the board, pending choices whose options the rules can
carry out on this board, resolution frames of known kinds with the fields their handlers read.
Frames and decisions are read by their kinds' own declarations (:mod:`resolving`,
:mod:`decisions`).
"""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import PositionError, copy_json
from riotsim.core.fields import Reader
from riotsim.core.rng import Rng
from riotsim.games.quodd import catalog
from riotsim.games.quodd.board import PIECE_KINDS, Board, read_token
from riotsim.games.quodd.decisions import DECISIONS, read_decision
from riotsim.games.quodd.directions import ORTHOGONAL, Cell
from riotsim.games.quodd.fieldchecks import LIST_MOST
from riotsim.games.quodd.resolving import read_frame
from riotsim.games.quodd.state import MAX_HEROES, MODE_DECKS, PHASES, Hero, State, Turn
from riotsim.i18n import _

# The dice Quodd rolls; a scripted value must be a face of one of them.
DICE = ("direction", "quodd_d6")
OBJECTIVE_TYPES = ("rally", "escape", "crystals", "treasure", "sheep", "loot")


def read_state(raw: Any) -> State:
    r = Reader(raw)
    board = Board.from_json(r.raw("board"), "board")
    heroes = [Hero.read(h) for h in r.items("heroes", most=MAX_HEROES)]
    if not heroes:
        raise r.fail("heroes", _("no hero: a game has one to six"))
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
        next_id=r.int("next_id", 0, low=0, high=10**6),
    )
    _read_modes(r, state)
    check_turn(r, state)
    _check_pieces(r, state)
    state.resolving = [read_frame(f, state) for f in r.items("resolving", [], most=LIST_MOST)]
    _check_sheep(state)
    state.pending = [read_decision(d, state) for d in r.items("pending", [], most=LIST_MOST)]
    check_stacks(r, state)
    _check_beams(state)
    _check_pickups(state)
    return state


def _check_beams(state: State) -> None:
    from riotsim.games.quodd import beams

    beams.check_saved(state)


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
    if "overlord_target" in o.data:  # issue 13 part B: the Overlord's own goal (O2)
        out["overlord_target"] = o.int("overlord_target", low=0, high=10**6)
    for key in ("hints", "hinted"):
        if key in o.data:
            out[key] = o.texts(key)
    if "characters" in o.data:  # what character tokens do (issue 13 part C)
        out["characters"] = o.choice("characters", ("buddy", "collect"))
    return out


CARD_ID_MOST = 40  # longest card id of the mode decks (their cards are checked by their parts)


def _read_modes(r: Reader, state: State) -> None:
    """Player seats, the Overlord, the mode decks and the time tracker (issue 13): every
    seat controls a hero, every hero's controller is a seat."""
    heroes = len(state.heroes)
    state.players = r.int("players", 0, low=0, high=heroes)
    seats = state.player_count
    for hero in state.heroes:
        if hero.controller >= seats:
            raise PositionError(
                _("{where}: {seat} is not a player seat ({n} seats)").format(
                    where=f"heroes[{hero.seat}].controller", seat=hero.controller, n=seats
                )
            )
    idle = [s for s in range(seats) if not state.heroes_of(s)]
    if idle:
        raise r.fail(
            "players",
            _("{seats} seats, but seat {idle} controls no hero").format(seats=seats, idle=idle[0]),
        )
    state.overlord = r.int("overlord", -1, low=-1, high=heroes - 1)
    for key in MODE_DECKS:
        cards = r.texts(key, [])
        if len(cards) > LIST_MOST:
            raise r.fail(
                key, _("{n} cards, at most {LIST_MOST}").format(n=len(cards), LIST_MOST=LIST_MOST)
            )
        for i, card in enumerate(cards):
            if not card or len(card) > CARD_ID_MOST:
                raise PositionError(
                    _("{key}[{i}]: {card!r:.50} is not a card id").format(
                        key=r.where(key), i=i, card=card
                    )
                )
        setattr(state, key, cards)
    state.timer = r.int("timer", -1, low=-1, high=10**6)
    from riotsim.games.quodd import worldevents

    worldevents.check_decks(state)  # issue 13 part A: World Event card ids


def _check_heroes(r: Reader, heroes: list[Hero], board: Board) -> None:
    seen: dict[Cell, int] = {}
    for i, hero in enumerate(heroes):
        where = r.where("heroes")
        if hero.seat != i:
            raise PositionError(
                _("{where}[{i}].seat: {seat}; hero {i} sits at seat {i}").format(
                    where=where, i=i, seat=hero.seat
                )
            )
        if hero.pos not in board.ground:
            raise PositionError(
                _("{where}[{i}].pos: {pos} is not a square of the board").format(
                    where=where, i=i, pos=list(hero.pos)
                )
            )
        if hero.pos in seen:
            raise PositionError(
                f"{where}[{i}].pos: {list(hero.pos)} is taken by hero {seen[hero.pos]}"
            )
        seen[hero.pos] = i
        for skill in hero.upgraded:
            if skill not in hero.skills.values():
                raise PositionError(
                    _("{where}[{i}].upgraded: {skill} is not one of its skills").format(
                        where=where, i=i, skill=skill
                    )
                )


def _check_pieces(r: Reader, state: State) -> None:
    """Bombs and sheep (spec 11.3): numbered below ``next_id`` when numbered, one each a
    number, never on a hero's square or sharing one with another piece."""
    seen: dict[int, Cell] = {}
    heroes = {h.pos for h in state.heroes}
    for cell, tokens in state.board.tokens.items():
        pieces = [t for t in tokens if t.kind in PIECE_KINDS]
        where = f"board.tokens at {list(cell)}"
        # a hero may stand on a sheep it is about to pick up (checked with the frames)
        on_hero = cell in heroes and any(p.kind != "sheep" for p in pieces)
        if len(pieces) > 1 or on_hero:
            raise PositionError(
                _("{where}: at most one hero, sheep or bomb on a square").format(where=where)
            )
        for piece in pieces:
            number = piece.get("number")
            if number is None:
                continue
            if number < 0 or number >= state.next_id:
                raise r.fail(
                    "next_id",
                    _("{next_id}, but a {kind} is number {number}").format(
                        next_id=state.next_id, kind=piece.kind, number=number
                    ),
                )
            if number in seen:
                other = list(seen[number])
                raise PositionError(
                    _("{where}: piece number {number} is also at {other}").format(
                        where=where, number=number, other=other
                    )
                )
            seen[number] = cell


MAX_SHEEP = 10  # the box's ten sheep (L73)


def _check_sheep(state: State) -> None:
    """Sheep (spec S6, S13, 11.3): at most ten, never on a wall or in a pit - except a sheep
    thrown or pushed into a pit whose arrival (which loses it, S17) is still to resolve."""
    board = state.board
    flock = board.find("sheep")
    if len(flock) > MAX_SHEEP:
        raise PositionError(
            _("board.tokens: {n} sheep, at most {MAX_SHEEP}").format(
                n=len(flock), MAX_SHEEP=MAX_SHEEP
            )
        )
    arriving = [f for f in state.resolving if f["type"] == "piece_arrive"]
    falling = {tuple(f["at"]) for f in arriving if f["piece"] == "sheep"}
    for cell in flock:
        if board.is_pit(cell) and cell in falling:
            continue
        if board.is_wall(cell) or board.is_pit(cell):
            where = "a wall" if board.is_wall(cell) else "a pit"
            raise PositionError(
                _("board.tokens at {cell}: a sheep on {where}").format(cell=list(cell), where=where)
            )


def _check_pickups(state: State) -> None:
    """A hero shares a square with a sheep only while its arrival there, which picks the
    sheep up (spec S9), is still to resolve: an ``arrive`` frame of that hero's own move."""
    for hero in state.heroes:
        if not state.board.has(hero.pos, "sheep"):
            continue
        if not any(
            f["type"] == "arrive" and f["hero"] == hero.seat and f["own"] and f["fresh"]
            for f in state.resolving
        ):
            raise PositionError(
                _(
                    "{where}: at most one hero, sheep or bomb on a square (hero {hero} is not "
                    "picking this sheep up)"
                ).format(where=f"board.tokens at {list(hero.pos)}", hero=hero.seat)
            )


def check_turn(r: Reader, state: State) -> None:
    from riotsim.games.quodd import abilities

    turn = state.turn
    t = Reader(r.raw("turn", {}), "turn")
    seats = len(state.heroes)
    for key in ("stolen_from", "impulse_off"):
        for seat in getattr(turn, key):
            if seat >= seats:
                raise t.fail(
                    key,
                    _("seat {seat} is not in the game ({seats} seats)").format(
                        seat=seat, seats=seats
                    ),
                )
    if turn.free_move and turn.return_phase not in ("powerup", "recovery"):
        raise t.fail(
            "return_phase",
            _("{return_phase!r}: a card move returns to a phase").format(
                return_phase=turn.return_phase
            ),
        )
    if state.phase == "movement" and turn.stage == "over":
        raise t.fail("stage", _("over, but the movement phase is still on"))
    hero = state.current
    if state.phase == "discard" and not hero.hand:
        raise r.fail(
            "phase", _("discard, but hero {seat} has no card to discard").format(seat=hero.seat)
        )
    if len(set(state.upgrading)) != len(state.upgrading):
        raise r.fail(
            "upgrading",
            _("{upgrading}: a seat upgrades once a round").format(upgrading=state.upgrading),
        )
    if state.phase == "upgrade":
        for seat in state.upgrading:
            if not abilities.can_upgrade(state.heroes[seat]):
                raise r.fail(
                    "upgrading",
                    _("hero {seat} has no upgrade tile left to place").format(seat=seat),
                )


def check_stacks(r: Reader, state: State) -> None:
    """The frames and decisions that wait on each other: a waiting landing under its bump or
    rooted-landing choice, an impulse choice over its window."""
    top = state.resolving[-1]["type"] if state.resolving else None
    kind = state.pending[-1].kind if state.pending else None
    lands = sum(1 for f in state.resolving if f["type"] == "land")
    if lands > 1 or (lands and (top != "land" or kind not in ("bump", "rooted_landing"))):
        raise r.fail("resolving", _("a waiting landing must be last, under a bump choice"))
    for i, decision in enumerate(state.pending):
        needs = DECISIONS[decision.kind].waits_on
        if needs and (i != len(state.pending) - 1 or top != needs):
            raise PositionError(
                _("{where}: a {kind} choice answers the last frame, a {needs}").format(
                    where=f"pending[{i}]", kind=decision.kind, needs=needs
                )
            )
    if kind == "impulse" and not state.resolving[-1]["seats"]:
        raise r.fail("resolving", _("the impulse window asks no seat"))
    starts = len(state.board.find("start"))
    for i, frame in enumerate(state.resolving):
        if frame["type"] == "setup" and len(frame["place"]) + len(frame["placed"]) > starts:
            raise PositionError(
                _("resolving[{i}].place: more heroes to place than start squares").format(i=i)
            )


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
            raise PositionError(
                _("the rules cannot go on from this position: {err}").format(err=err)
            ) from None
    return state


def read_readable(position: Any) -> State:
    """The readable form (tests, bug reports): text rows and heroes by ``at``; checked as
    written, then as the full state it makes."""
    from riotsim.games.quodd import ascii, scenario

    r = Reader(position)
    rows = r.texts("rows")
    if not rows or len(rows) > 200 or any(len(row) > 200 for row in rows):
        raise r.fail("rows", _("a board is 1 to 200 rows of at most 200 squares"))
    extra: dict[Cell, dict[str, Any]] = {}
    for key in r.mapping("extra", {}):
        parts = key.split(",")
        if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
            raise PositionError(_("extra.{key}: not a square written 'x,y'").format(key=key))
        extra[(int(parts[0]), int(parts[1]))] = r.sub("extra").mapping(key)
    try:
        layout = ascii.layout_from_text("position", rows, extra)
    except ValueError as err:
        raise r.fail("rows", str(err)) from None
    board = Board.compose([(layout, 0, 0, 0)])
    _readable_tokens(r, board)
    heroes = []
    for seat, h in enumerate(r.items("heroes", [], most=MAX_HEROES)):
        hero_id = h.choice("hero_id", catalog.heroes(), h.raw("hero", "rok"))
        at = h.pair("at")
        if at not in board.ground:
            raise h.fail("at", _("{at} is not a square of the board").format(at=list(at)))
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
    state.first = r.int("first", 0)
    state.phase = r.text("phase", "powerup")
    state.turn = Turn.from_json(r.raw("turn", {}), "turn")
    numbers = [
        t.get("number", -1) for ts in board.tokens.values() for t in ts if t.kind in PIECE_KINDS
    ]
    state.next_id = max(numbers, default=-1) + 1
    _trace_quietly(board)
    raw = state.to_json()
    raw["board"]["platforms"] = _readable_platforms(r, board)
    for key in ("players", "overlord", "timer", *MODE_DECKS):
        if key in r.data:  # checked by read_state below
            raw[key] = r.raw(key)
    return read_state(raw)


def _trace_quietly(board: Board) -> None:
    """A readable position shows its beams lit as its emitters stand (W19)."""
    from riotsim.games.quodd import beams

    beams.trace_quietly(board)


def _readable_tokens(r: Reader, board: Board) -> None:
    """``tokens``: more tokens on top of the rows' ones, ``{at, kind, ...properties}`` each
    (stacks such as a crystal on a power block, a bomb on a cannon)."""
    for t in r.items("tokens", [], most=LIST_MOST):
        at = t.pair("at")
        if at not in board.ground:
            raise t.fail("at", _("{at} is not a square of the board").format(at=list(at)))
        board.add(at, read_token(t))


def _readable_platforms(r: Reader, board: Board) -> list[dict[str, Any]]:
    """``platforms``: ``{cells, motion, direction | spin, pivot, base}`` each; the rows show
    what is on the platform, ``base`` (pit or water, default pit) what lies beneath. Read in
    full by ``Board.from_json`` (errors name ``board.platforms[i]``)."""
    out = []
    for i, p in enumerate(r.items("platforms", [], most=LIST_MOST)):
        base = p.choice("base", ("pit", "water"), "pit")
        raw = {k: v for k, v in p.data.items() if k != "base"}
        cells = raw.get("cells")
        beneath = [{"at": c, "ground": base, "tokens": []} for c in cells or []]
        out.append({"id": f"p{i + 1}", **raw, "beneath": beneath})
    return out
