"""Riot Quest turn flow (rulebook "Go Time", "Cool Down"): turns, activations ending,
spawning, roll-offs, the Cool Down steps and the end of a round."""

from __future__ import annotations

from riotsim.core.contract import Decision, Event
from riotsim.games.riotquest.bounties import _check_goals
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.events import (
    ActivationEnded,
    CoolDown,
    Released,
    RollOff,
    RoundStarted,
    Spawned,
    SpawnRedirected,
    TurnStarted,
)
from riotsim.games.riotquest.legal import can_free_raid
from riotsim.games.riotquest.movement import free_cells_near
from riotsim.games.riotquest.rolls import d6, roll, strikes
from riotsim.games.riotquest.rules import IN_PLAY, _finish, _place
from riotsim.games.riotquest.state import DICE_PER_PLAYER, Hero, RQState

Cell = tuple[int, int]


def _end_activation(s: RQState, ev: list[Event]) -> None:
    seat = s.priority
    ev.append(ActivationEnded.raw({"player": seat, "hero": s.active}, seat))
    s.active = None
    s.done = 0
    s.act_damage = 0
    _next_turn(s, ev)


def _next_turn(s: RQState, ev: list[Event]) -> None:
    """Priority proceeds clockwise to the next player who has not passed."""
    n = s.seats
    for step in range(1, n + 1):
        seat = (s.priority + step) % n
        if not s.players[seat].passed:
            _start_turn(s, ev, seat)
            return
    _cool_down(s, ev)


def _can_act(s: RQState, seat: int) -> bool:
    """Could this player activate a hero this turn (counting heroes it would spawn)?"""
    pl = s.players[seat]
    crew = s.heroes[seat].values()
    if pl.well >= 1:
        in_play = 0
        bench = False
        for h in crew:
            place = h.place
            if place == "arena":
                if h.dice == 0:
                    return True
                in_play += 1
            elif place == "bench":
                bench = True
        return in_play < IN_PLAY and bench
    return any(h.dice == 0 and can_free_raid(s, h) for h in crew)


def _start_turn(s: RQState, ev: list[Event], seat: int) -> None:
    s.priority = seat
    s.last_priority = seat
    s.active = None
    s.done = 0
    s.act_damage = 0
    ev.append(TurnStarted.raw({"player": seat, "round": s.round}, seat))
    if not _can_act(s, seat):
        # Rulebook "Passing": a player who cannot activate passes without taking a turn.
        s.forced_pass = True
        s.prepped = True
        return
    s.forced_pass = False
    # Rulebook "Passing": a pass is not a turn, so the choice comes before deck upkeep and
    # spawning.
    s.pending.append(Decision("turn", seat, {}))


def _turn_prep(s: RQState, ev: list[Event]) -> None:
    """Spawning at the start of a turn until four heroes are in play (rulebook "Spawning")."""
    seat = s.priority
    if not _push_spawn(s, seat):
        s.prepped = True
        _check_goals(s, ev, seat)


def _push_spawn(s: RQState, seat: int) -> bool:
    crew = s.heroes[seat].values()
    if [h.place for h in crew].count("arena") >= IN_PLAY:
        return False
    bench = [h.id for h in crew if h.place == "bench"]
    if not bench or not _any_spawn_room(s):
        return False
    s.pending.append(Decision("spawn", seat, {"options": bench}))
    return True


def _any_spawn_room(s: RQState) -> bool:
    """Could a spawn roll ever succeed? (A malfunctioning gate sends heroes to the beacons.)"""
    redirect = _malfunctioning_gates(s)
    arena = s.board()
    if any(free_cells_near(s, g) for g in arena.gates.values() if g not in redirect):
        return True
    return bool(redirect) and any(free_cells_near(s, b) for b in arena.beacons.values())


def _spawn(s: RQState, ev: list[Event], h: Hero) -> None:
    """Roll a d6 for the Spawn Gate; re-roll while it has no free hex (malfunction: beacon)."""
    arena = s.board()
    redirect = _malfunctioning_gates(s)
    for _ in range(200):
        n = d6(s, ev, "spawn", h.seat)
        gate = arena.gates[n]
        if gate in redirect:
            ev.append(SpawnRedirected.raw({"gate": n}))
            for _ in range(50):
                b = d6(s, ev, "spawn_beacon", h.seat)
                opts = free_cells_near(s, arena.beacons[b])
                if opts:
                    break
        else:
            opts = free_cells_near(s, gate)
        if opts:
            break
    else:  # no gate has room (guarded by _any_spawn_room); keep the hero on the Bench
        return
    if len(opts) == 1:
        _spawn_at(s, ev, h, opts[0])
    else:
        s.pending.append(
            Decision("place", h.seat, {"hero": h.id, "options": [list(c) for c in opts]})
        )


def _malfunctioning_gates(s: RQState) -> set[Cell]:
    out = set()
    c = content()
    for card, tok in s.tokens.items():
        if c.bounties[card].redirect_spawns and tok.pos is not None:
            out.add(tok.pos)
    return out


def _spawn_at(s: RQState, ev: list[Event], h: Hero, cell: Cell) -> None:
    # (``h`` comes from ``RQState.mut``: a benched hero may be shared with copies)
    h.place = "arena"
    ev.append(Spawned.raw({"player": h.seat, "hero": h.id, "cell": list(cell)}, h.seat))
    _place(s, ev, h, cell, "spawn")


def _roll_off(s: RQState, ev: list[Event], seats: list[int], purpose: str) -> int:
    """Each player rolls six Action dice; the most strikes wins; tied players re-roll."""
    rolls: dict[str, list[int]] = {}
    while True:
        results = {}
        for seat in seats:
            faces = roll(s, ev, "action", DICE_PER_PLAYER, purpose, seat)
            results[seat] = strikes(faces)
            rolls.setdefault(str(seat), []).append(results[seat])
        top = max(results.values())
        seats = [x for x in seats if results[x] == top]
        if len(seats) == 1:
            if s.phase == "setup":  # (set-up code holds on to this dict)
                s.setup[purpose] = rolls
            else:  # copies share it (see ``_copy_setup``): replaced, not edited
                s.setup = {**s.setup, purpose: rolls}
            ev.append(RollOff.raw({"purpose": purpose, "winner": seats[0], "rolls": rolls}))
            return seats[0]


def _cool_down(s: RQState, ev: list[Event]) -> None:
    """Rulebook "Cool Down": dice off heroes, evacuations, Cooler roll, dice back."""
    s.phase = "cooldown"
    s.active = None
    s.forced_pass = False
    ev.append(CoolDown.raw({"round": s.round}))
    for seat in range(s.seats):
        pl = s.players[seat]
        for h in list(s.heroes[seat].values()):
            if h.dice:
                pl.well += h.dice
                s.mut(seat, h.id).dice = 0
    order = [(s.last_priority + i) % s.seats for i in range(s.seats)]
    s.setup = {**s.setup, "cool": {"order": order, "i": 0, "stage": "evacuate"}}


def _cool_step(s: RQState, ev: list[Event]) -> None:
    cool = s.setup["cool"]
    order = cool["order"]
    near_centre = s.board().near_centre
    while cool["i"] < len(order):
        seat = order[cool["i"]]
        cool["i"] += 1
        if cool["stage"] == "evacuate":
            opts = [
                h.id
                for h in s.heroes[seat].values()
                if h.place == "arena" and h.damage == 0 and h.pos in near_centre
            ]
            if opts:
                s.pending.append(Decision("evacuate", seat, {"options": opts}))
                return
        else:
            cooler = [h.id for h in s.heroes[seat].values() if h.place == "cooler"]
            if not cooler:
                continue
            k = strikes(roll(s, ev, "action", len(cooler), "cooler", seat))
            if k > 0:
                # each strike *lets* one hero go to the Bench: one choice at a time, Skip ends
                n = min(k, len(cooler))
                s.pending.append(
                    Decision("release", seat, {"options": cooler, "n": n, "cooler": True})
                )
                return
    if cool["stage"] == "evacuate":
        cool["stage"] = "cooler"
        cool["i"] = 0
        return
    _end_round(s, ev)


def _release(s: RQState, ev: list[Event], h: Hero) -> None:
    # (``h`` comes from ``RQState.mut``: a hero in the Cooler may be shared with copies)
    h.place = "bench"
    ev.append(Released.raw({"player": h.seat, "hero": h.id}))


def _end_round(s: RQState, ev: list[Event]) -> None:
    if "cool" in s.setup:
        s.setup = {k: v for k, v in s.setup.items() if k != "cool"}
    limit = s.options.get("round_limit", 0)
    if limit and s.round >= limit:
        _finish(s, ev, list(range(s.seats)), f"round limit ({limit}) reached")
        return
    s.round += 1
    for p in s.players:
        p.passed = False
    s.phase = "go"
    winner = _roll_off(s, ev, list(range(s.seats)), "priority")
    ev.append(RoundStarted.raw({"round": s.round, "priority": winner}))
    _start_turn(s, ev, winner)
