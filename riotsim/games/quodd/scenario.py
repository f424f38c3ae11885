"""Scenarios: building the starting state, objectives, the time tracker and the result."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from riotsim.core.contract import Event, GameSetup, Outcome
from riotsim.core.rng import Rng
from riotsim.games.quodd import catalog, engine
from riotsim.games.quodd.board import PIECE_KINDS, Board, Layout, Token
from riotsim.games.quodd.cube import Cube
from riotsim.games.quodd.directions import Cell
from riotsim.games.quodd.events import QuoddGameOver
from riotsim.games.quodd.state import Hero, State
from riotsim.i18n import N_, _

DEFAULT_SCENARIO = "tutorial_1"


def hero_order() -> list[str]:
    return list(catalog.heroes())


def make_hero(seat: int, hero_id: str, pos: Cell, facing: str) -> Hero:
    spec = catalog.heroes()[hero_id]
    return Hero(
        seat=seat,
        hero=hero_id,
        name=spec.name,
        pos=pos,
        cube=Cube.start(facing),
        skills={face: move for face, move in spec.default_skills.items()},
        facing=facing,
    )


def build_board(spec: catalog.ScenarioSpec, layouts: dict[str, Layout]) -> Board:
    board = Board.compose((layouts[p.board], p.x, p.y, p.rotation // 90) for p in spec.boards)
    for t in spec.tokens:
        board.add(
            tuple(t.at),  # type: ignore[arg-type]
            Token.make(
                t.kind,
                number=t.number,
                colour=t.colour,
                hidden=t.hidden,
                direction=t.direction,
                hero=t.hero,
            ),
        )
    from riotsim.games.quodd import beams

    if beams.has_beam_parts(board):
        beams.trace_quietly(board)  # W20: the beams are lit from the start (setup included)
    return board


@cache
def _shipped_board(scenario_id: str) -> Board:
    """The composed board of a shipped scenario (built once; callers take a copy)."""
    from riotsim.games.quodd import maps

    spec = catalog.scenarios()[scenario_id]
    board = build_board(spec, {p.board: maps.load_layout(p.board) for p in spec.boards})
    board.codes()  # copies share the movement flags until they change
    return board


def number_pieces(state: State) -> None:
    """Sheep and bombs get unique numbers (each board numbers its own from 0) and
    ``next_id`` goes past them (spec 11.3)."""
    board = state.board
    seen: set[int] = set()
    if PIECE_KINDS.isdisjoint(board.kinds_present()):
        state.next_id = 0  # no bombs or sheep to number (most boards)
        return
    for cell in board.cells():
        for token in board.at(cell):
            if token.kind not in PIECE_KINDS:
                continue
            number = token.get("number")
            if number is None or number in seen:
                number = max(seen, default=-1) + 1
                board.replace(cell, token, token.with_props(number=number))
            seen.add(number)
    state.next_id = max(seen, default=-1) + 1


def _scenario_for(setup: GameSetup) -> catalog.ScenarioSpec:
    """The scenario ``setup`` plays (a map file alone: an ad-hoc sandbox), for its seats."""
    scenario_id = setup.scenario or DEFAULT_SCENARIO
    spec = catalog.scenarios().get(scenario_id)
    if setup.scenario is None and setup.map:
        spec = sandbox(setup.map)
        scenario_id = spec.id
    if spec is None:
        raise ValueError(
            _("unknown Quodd scenario {scenario!r}; known: {known}").format(
                scenario=scenario_id, known=", ".join(catalog.scenarios())
            )
        )
    lo, hi = spec.players
    if not lo <= setup.seats <= hi:
        raise ValueError(
            _("scenario {scenario} is for {lo}-{hi} players, not {n}").format(
                scenario=scenario_id, lo=lo, hi=hi, n=setup.seats
            )
        )
    return spec


def new_state(setup: GameSetup) -> State:
    from riotsim.games.quodd import maps

    spec = _scenario_for(setup)
    if spec.id.startswith("try_"):
        layouts = {"board": maps.load_layout(str(setup.map)), "sz1a": maps.load_layout("sz1a")}
        board = build_board(spec, layouts)
    else:
        board = _shipped_board(spec.id).copy()
    starts = sorted(board.find("start"), key=lambda c: board.number(c, "start", 0))
    chosen = setup.options.get("heroes")
    names = list(chosen) if chosen else hero_order()
    heroes = [
        make_hero(seat, names[seat % len(names)], starts[seat], spec.facing)
        for seat in range(setup.seats)
    ]
    apply_carry_over(heroes, setup.options.get("carry"))
    rng = Rng(setup.seed)
    state = State(rng=rng, board=board, heroes=heroes, scenario=spec.id)
    assign_teams(state, spec, setup.options)
    apply_sides(heroes, setup.options.get("sides"))
    number_pieces(state)
    state.objective = {
        "type": spec.objective.type,
        "target": spec.objective.target,
        "mode": spec.mode,
        "hints": list(spec.hints),
    }
    if spec.characters:
        state.objective["characters"] = spec.characters
    state.round_limit = spec.rounds
    from riotsim.games.quodd import timetrack, treasure

    timetrack.setup(state, spec)  # spec K1
    treasure.setup(state, spec)  # spec R1
    if not spec.no_cards:
        deck = [c for c in catalog.deck_list() if c not in spec.removed_cards]
        deck += catalog.added_cards(spec.id)
        rng.shuffle(deck)
        state.deck = deck
        events: list[Event] = []
        engine.refill_lineup(state, events)
    from riotsim.games.quodd import worldevents

    worldevents.setup_deck(state, spec, setup.options)  # issue 13 part A (W4)
    if state.overlord >= 0 and not spec.no_cards:
        from riotsim.games.quodd import overlord

        overlord.setup(state, spec, [])  # O1, O2: its own deck and the scenario's advantages
    update_hint(state)
    engine.start_turn(state, [])
    # General Setup 6 and 7: heroes take start squares from the player right of the first
    # player round to the first player (last); then everyone arranges the skill tiles.
    n = setup.seats
    engine.push_frame(
        state,
        {
            "type": "setup",
            "place": [(state.first - i) % n for i in range(1, n + 1)] if len(starts) > n else [],
            "placed": [],
            "arrange": [(state.first + i) % n for i in range(n)],
        },
    )
    engine.settle(state, [])
    return state


# Modes where every hero plays on one team (a shared win or loss: *Scenario Types*).
SHARED_MODES = ("tutorial", "solo", "coop")


def default_teams(seats: int) -> list[int]:
    """A teams scenario without its own split: seats alternate between teams 0 and 1."""
    return [seat % 2 for seat in range(seats)]


def spec_teams(spec: catalog.ScenarioSpec, seats: int) -> list[int]:
    """The team of each seat from a scenario's ``teams`` groups (seats it leaves out, or a
    scenario without groups: alternating)."""
    out = default_teams(seats)
    for team, group in enumerate(spec.teams):
        for seat in group:
            if seat < seats:
                out[seat] = team
    return out


def overlord_seat(spec: catalog.ScenarioSpec, seats: int, options: Any) -> int:
    """The Overlord's seat: the ``overlord`` option, else the scenario's, else the last."""
    chosen = options.get("overlord", -1)
    if chosen is None or chosen < 0:
        chosen = spec.overlord_seat
    if chosen < 0:
        chosen = seats - 1
    if chosen >= seats:
        raise ValueError(
            _("option overlord: seat {seat} is not in a {n}-player game").format(
                seat=chosen, n=seats
            )
        )
    return int(chosen)


def assign_teams(state: State, spec: catalog.ScenarioSpec, options: Any) -> None:
    """``Hero.team`` (and ``State.overlord``) from the scenario's mode: co-op, solo and
    tutorials one team 0; teams from the ``teams`` option or the scenario; the Overlord
    team 1 against everybody else's team 0; free-for-all every hero its own team."""
    seats = len(state.heroes)
    if spec.mode in SHARED_MODES:
        teams = [0] * seats
    elif spec.mode == "teams":
        teams = list(options.get("teams") or spec_teams(spec, seats))
        if len(teams) != seats:
            raise ValueError(
                _("option teams: {teams} teams for {n} seats").format(teams=len(teams), n=seats)
            )
    elif spec.mode == "overlord":
        state.overlord = overlord_seat(spec, seats, options)
        teams = [1 if seat == state.overlord else 0 for seat in range(seats)]
    else:
        return
    for hero, team in zip(state.heroes, teams, strict=True):
        hero.team = team


def apply_sides(heroes: list[Hero], sides: Any) -> None:
    """The ``sides`` option: each seat's player board side (Player Board B-Side)."""
    if not sides:
        return
    if len(sides) != len(heroes):
        raise ValueError(
            _("option sides: {sides} sides for {n} seats").format(sides=len(sides), n=len(heroes))
        )
    for hero, side in zip(heroes, sides, strict=True):
        hero.side = side


# Tutorial hints shown the first time something happens (scripted by event kind).
EVENT_HINTS = {
    "carried": N_(
        "A water current pushed you one square along its arrow - it acts on every "
        "square you reach, before your skill goes on."
    ),
    "spun": N_("The whirlpool spun your cube: the top face stayed, the side faces turned."),
    "sprung": N_("Springs throw you over one square (super springs two) the way you choose."),
    "fell": N_(
        "You fell into a pit: you drop what you carry and respawn Q-up at the nearest "
        "safe respawn point. Your movement ends."
    ),
    "teleported": N_(
        "Teleporters roll the die; you may go up to that many squares away. A Q "
        "makes the teleporter explode instead."
    ),
    "pushed": N_(
        "Moving into a hero pushes it one square the same way; you decide for it on board elements."
    ),
    "skill_spent": N_("That skill was already used this turn, so your movement ends here."),
    "rally_reached": N_("Rally marker reached! Head for the next number."),
    "upgraded": N_("Upgrades fill your track from the left; movement icons count for every skill."),
    "sheep_picked_up": N_(
        "You have a sheep! Carry it to a drop zone to herd it - a thief can "
        "steal it, and a fall drops it."
    ),
    "card_explored": N_(
        "Cards in hand are played in Power-Up (boosts) or Recovery; never while moving."
    ),
}


def hint_from_events(state: State, events: list[Event]) -> None:
    """In tutorials, explain the first new thing that just happened."""
    if state.objective.get("mode") != "tutorial":
        return
    seen = state.objective.get("hinted", ())
    for event in events:
        kind = event.kind
        if kind in EVENT_HINTS and kind not in seen:
            state.objective["hinted"] = [*seen, kind]
            state.hint = EVENT_HINTS[kind]
            return


def carry_over(state: State) -> list[dict[str, Any]]:
    """What the heroes take into the next part of a multi-part scenario (FAQ: upgrades stay
    as they were; skills may be rearranged at the next setup). Pass it as the ``carry``
    option of the next game's setup, together with the same ``heroes``."""
    return [_carried(h) for h in state.heroes if not h.buddy]  # buddies stay behind


def _carried(hero: Hero) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "hero": hero.hero,
        "track": [list(t) for t in hero.track],
        "upgraded": list(hero.upgraded),
    }
    if hero.side == "b":  # P1: the B-side slots stay as they were
        entry["side"] = "b"
        entry["slots"] = {face: list(t) for face, t in hero.slots.items()}
    return entry


def follow_up(state: State, setup: GameSetup) -> GameSetup | None:
    """The setup of the scenario named by this one's ``next``, once this one is won."""
    spec = catalog.scenarios().get(state.scenario)
    if spec is None or not spec.next or state.phase != "over" or not state.winners:
        return None
    nxt = catalog.scenarios().get(spec.next)
    if nxt is None or not nxt.players[0] <= state.player_count <= nxt.players[1]:
        return None
    options = dict(setup.options)
    options["heroes"] = [h.hero for h in state.heroes if not h.buddy]
    options["carry"] = carry_over(state)
    return GameSetup(
        players=setup.players, seed=setup.seed, options=options, map=None, scenario=nxt.id
    )


def apply_carry_over(heroes: list[Hero], carry: Any) -> None:
    if not carry:
        return
    if not isinstance(carry, list) or len(carry) != len(heroes):
        raise ValueError(_("option carry must list one entry per hero"))
    for hero, entry in zip(heroes, carry, strict=True):
        if entry.get("hero", hero.hero) != hero.hero:
            raise ValueError(
                _("carry-over is for {other}, not {hero}").format(
                    other=entry.get("hero"), hero=hero.hero
                )
            )
        tiles = {t.id for t in catalog.heroes()[hero.hero].upgrades}
        track = [(str(t), str(side)) for t, side in entry.get("track", [])]
        if any(t not in tiles or side not in ("a", "b") for t, side in track):
            raise ValueError(
                _("carry-over track {track} is not {hero}'s").format(track=track, hero=hero.name)
            )
        hero.track = track
        hero.upgraded = [s for s in entry.get("upgraded", []) if s in catalog.SKILLS]
        if entry.get("side") == "b":
            _carry_slots(hero, entry.get("slots") or {}, tiles)


def _carry_slots(hero: Hero, slots: Any, tiles: set[str]) -> None:
    """P1: a B-side hero keeps its slotted upgrades; its gold tiles follow the Upgrade Skill
    faces of the layout it starts the new part with (spec S7; our ruling)."""
    from riotsim.games.quodd import bside

    if not isinstance(slots, dict) or any(f not in bside.FACES for f in slots):
        raise ValueError(
            _("carry-over slots {slots} are not face slots").format(slots=f"{slots!r:.60}")
        )
    out: dict[str, tuple[str, str]] = {}
    for face, pair in slots.items():
        ok = isinstance(pair, list) and len(pair) == 2 and pair[0] in tiles
        if not ok or pair[1] not in ("a", "b") or any(t == pair[0] for t, _ in out.values()):
            raise ValueError(
                _("carry-over slot {face}: {pair} is not {hero}'s").format(
                    face=face, pair=f"{pair!r:.60}", hero=hero.name
                )
            )
        out[face] = (str(pair[0]), str(pair[1]))
    hero.side = "b"
    hero.slots = out
    bside.sync_gold(hero)


def sandbox(map_id: str) -> catalog.ScenarioSpec:
    """ "Try a board": one board (a shipped id or a designer's .tmx) above a start zone, for
    up to six heroes over 12 rounds. The objective follows what the board holds: its rally
    markers, else its treasure, else its crystals and drop zones; a bare board has none to
    meet (every hero just explores). The map's own ``objective``, ``target`` and ``rounds``
    properties override that choice (see :mod:`.mapobjective`)."""
    from pathlib import Path

    from riotsim.games.quodd import mapobjective, maps

    layout = maps.load_layout(map_id)
    if (layout.width, layout.height) != (9, 9):
        raise ValueError(_("{map}: only a 9x9 board can be tried on its own").format(map=map_id))
    kinds = [t.kind for _, t in layout.tokens]
    tokens: list[catalog.TokenSpec] = []
    chosen, _problems = mapobjective.read(maps.map_properties(map_id))
    kind = chosen.get("objective")
    if kind is not None and (kind != "rally" or "rally" in kinds):
        piece = mapobjective.PIECES[kind]
        objective = catalog.Objective(type=kind, target=max(1, kinds.count(piece)))
    elif kind is None and "rally" in kinds:
        objective = catalog.Objective(type="rally", target=kinds.count("rally"))
    elif kind is None and "treasure" in kinds:
        objective = catalog.Objective(type="treasure", target=kinds.count("treasure"))
    elif kind is None and "crystal" in kinds and "drop_zone" in kinds:
        objective = catalog.Objective(type="crystals", target=kinds.count("crystal"))
    elif kind is None and "sheep" in kinds and "drop_zone" in kinds:
        objective = catalog.Objective(type="sheep", target=kinds.count("sheep"))
    else:
        # a bare board: race to a marker on the far edge (the free square nearest its middle)
        objective = catalog.Objective(type="rally", target=1)
        taken = {cell for cell, _ in layout.tokens}
        free = [x for x in range(9) if layout.ground[0][x] != "pit" and (x, 0) not in taken]
        if free:
            x = min(free, key=lambda c: abs(c - 4))
            tokens.append(catalog.TokenSpec(kind="rally", at=(x, 0), number=1))
    if "target" in chosen:
        objective = catalog.Objective(type=objective.type, target=chosen["target"])
    stem = Path(map_id).stem
    return catalog.ScenarioSpec(
        id="try_" + "".join(c if c.isalnum() else "_" for c in stem.lower()),
        name=_("Try {map}").format(map=stem),
        mode="ffa",
        players=(1, 6),
        rounds=chosen.get("rounds", mapobjective.DEFAULT_ROUNDS),
        boards=[
            catalog.BoardPlacement(board="board", x=0, y=0),
            catalog.BoardPlacement(board="sz1a", x=0, y=9),
        ],
        objective=objective,
        tokens=tokens,
        summary=N_("Try a board on its own."),
        world_events=False,  # trying a board plays as before (issue 13: on in setup)
    )


def update_hint(state: State) -> None:
    hints = state.objective.get("hints") or []
    state.hint = hints[min(state.round, len(hints)) - 1] if hints else ""


# ---------------------------------------------------------------------------------------
# objectives
# ---------------------------------------------------------------------------------------


# The hero attribute that counts towards each objective type.
_PROGRESS = {
    "rally": "rally",
    "escape": "rally",
    "crystals": "delivered",
    "treasure": "treasure",
    "sheep": "herded",  # Managing the Flock: sheep delivered to drop zones (spec S21)
    "loot": "gems",  # gems of the treasure cards held (spec R1)
}


def progress(state: State, hero: Hero) -> int:
    kind = state.objective.get("type")
    if kind in ("rally", "escape"):
        return hero.rally
    if kind == "crystals":
        return hero.delivered
    if kind == "treasure":
        return hero.treasure
    if kind == "sheep":
        return hero.herded
    if kind == "loot":
        return hero.gems
    return 0


def team_progress(state: State) -> int:
    """Co-op progress: the best racer in a rally, everyone's haul otherwise."""
    values = [progress(state, h) for h in state.heroes]
    if state.objective.get("type") in ("rally", "escape"):
        return max(values)
    return sum(values)


def next_target(state: State, hero: Hero) -> Cell | None:
    """The rally marker a racing hero must reach next (for "never respawn ahead")."""
    if state.objective.get("type") not in ("rally", "escape"):
        return None
    for cell in state.board.find("rally"):
        token = state.board.first(cell, "rally")
        if token is not None and token.get("number") == hero.rally + 1:
            return cell
    return None


def check_objective(state: State, events: list[Event]) -> bool:
    """End the game when the scenario's objective is met. Returns True if it ended."""
    if state.phase == "over" or not state.objective:
        return state.phase == "over"
    objective = state.objective
    attr = _PROGRESS.get(objective["type"])
    if attr is None:
        return False
    target = int(objective["target"])
    heroes = state.heroes
    mode = objective.get("mode")
    if mode == "ffa":
        done = [h.seat for h in heroes if getattr(h, attr) >= target]
    elif mode in ("teams", "overlord"):
        done = [h.seat for h in heroes if _team_value(state, h.team, attr) >= _target_of(state, h)]
    else:
        # (a loop, not max/sum over a list: this runs after every move that set off a square)
        best = getattr(heroes[0], attr) if heroes else 0
        for hero in heroes[1:]:
            value = getattr(hero, attr)
            best = (value if value > best else best) if attr == "rally" else best + value
        if best < target:
            return False
        done = [h.seat for h in heroes]
    if not done:
        return False
    finish(state, done, N_("objective complete"), events)
    return True


def _target_of(state: State, hero: Hero) -> int:
    """The objective's count ``hero``'s team must reach: the Overlord's own target when the
    scenario gives one (O2), else the objective's."""
    target = int(state.objective["target"])
    if hero.seat == state.overlord:
        return int(state.objective.get("overlord_target") or target)
    return target


def _team_value(state: State, team: int, attr: str) -> int:
    """A team's progress: its best racer in a rally, its members' haul otherwise."""
    values = [getattr(h, attr) for h in state.heroes if h.team == team]
    return max(values) if attr == "rally" else sum(values)


def time_up(state: State, events: list[Event]) -> None:
    mode = state.objective.get("mode")
    if mode == "ffa":
        best = max(progress(state, h) for h in state.heroes)
        winners = [h.seat for h in state.heroes if progress(state, h) == best] if best else []
        finish(state, winners, N_("time ran out: most progress wins"), events)
    elif mode == "teams":
        attr = _PROGRESS.get(state.objective.get("type", ""), "rally")
        best = max(_team_value(state, h.team, attr) for h in state.heroes)
        winners = [
            h.seat for h in state.heroes if best and _team_value(state, h.team, attr) == best
        ]
        finish(state, winners, N_("time ran out: the team with most progress wins"), events)
    elif mode == "overlord" and 0 <= state.overlord < len(state.heroes):
        # our ruling: the heroes had to finish before the Overlord stopped them
        finish(state, [state.overlord], N_("time ran out: the Overlord stopped the heroes"), events)
    else:
        finish(state, [], N_("time ran out before the objective was met"), events)


def finish(state: State, winners: list[int], reason: str, events: list[Event]) -> None:
    """End the game. ``winners`` are hero indices; each one's whole team wins with it
    (*Scenario Types*: co-op players win or lose together, a team wins as one)."""
    won = {state.heroes[i].team for i in winners}
    winners = [h.seat for h in state.heroes if h.team in won]
    state.phase = "over"
    state.winners = winners
    state.reason = reason
    state.pending.clear()
    state.resolving.clear()
    events.append(QuoddGameOver.of(winners=winners, reason=reason, round=state.round))


def winning_seats(state: State) -> tuple[int, ...]:
    """The player seats of the winning heroes (``state.winners``), each once, in order."""
    return tuple(sorted({state.seat_of(i) for i in state.winners}))


def _per_seat(state: State, value: Callable[[Hero], int]) -> tuple[int, ...]:
    """A count per player seat: the sum over the heroes it controls."""
    return tuple(sum(value(h) for h in state.heroes_of(s)) for s in range(state.player_count))


def outcome(state: State) -> Outcome:
    """Winners, scores and stats by player seat (a seat's buddies count with it)."""
    scores = _per_seat(state, lambda h: progress(state, h))
    # the score is the objective's count; the summary adds what else a hero gathered
    everything = {
        N_("crystals delivered"): _per_seat(state, lambda h: h.delivered),
        N_("rally markers"): _per_seat(state, lambda h: h.rally),
        N_("treasure found"): _per_seat(state, lambda h: h.treasure),
        N_("sheep herded"): _per_seat(state, lambda h: h.herded),
    }  # keys stay English (the summary's columns); N_ puts them in the catalog
    stats: dict[str, Any] = {k: v for k, v in everything.items() if any(v)}
    stats[N_("upgrades")] = _per_seat(state, lambda h: len(h.track) + len(h.slots))  # B-side too
    return Outcome(
        finished=state.phase == "over",
        winners=winning_seats(state),
        scores=scores,
        reason=_(state.reason) if state.reason else "",  # English in the state, shown translated
        rounds=state.round,
        stats=stats,
    )


def target_of(state: State, hero: Hero) -> int:
    """The objective's count ``hero``'s side must reach (the bots' view of :func:`_target_of`)."""
    return _target_of(state, hero) if state.objective.get("target") is not None else 1


def team_progress_of(state: State, heroes: list[Hero]) -> int:
    """The progress of a group of heroes: its best racer in a rally, its haul otherwise."""
    values = [progress(state, h) for h in heroes]
    if not values:
        return 0
    return max(values) if state.objective.get("type") in ("rally", "escape") else sum(values)


def evaluate(state: State, seat: int) -> float:
    """The bots' value of ``state`` for a player seat (see :mod:`.bots`): its side's
    objective progress and the squares it still has to walk on the board."""
    from riotsim.games.quodd import bots

    return bots.evaluate(state, seat)
