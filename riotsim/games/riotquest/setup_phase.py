"""Riot Quest set-up (rulebook "Game Set-Up"): decks, arena, crews, bans, gear, the deal
and the first spawns, one step at a time between the players' decisions."""

from __future__ import annotations

from riotsim.core.contract import Decision, Event
from riotsim.games.riotquest.bounties import _upkeep
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.events import DeckShuffled, RoundStarted
from riotsim.games.riotquest.rounds import _push_spawn, _roll_off, _start_turn
from riotsim.games.riotquest.rules import IN_PLAY
from riotsim.games.riotquest.state import RQState

# -- set-up -----------------------------------------------------------------------------------

SETUP_STEPS = ("bounty_deck", "treasure_deck", "arena", "crew", "ban", "gear", "deal", "spawn")


def _setup_step(s: RQState, ev: list[Event]) -> None:
    """Push the next set-up decision, or do the automatic steps (rulebook "Starting a Game")."""
    st = s.setup
    step = SETUP_STEPS[st["step"]]
    n = s.seats
    if st.get("crews_fixed") and step in ("crew", "ban", "gear"):
        pass
    elif step == "bounty_deck":
        if s.bounty_deck is None:
            s.pending.append(Decision("bounty_deck", st["high"], {}))
            return
    elif step == "treasure_deck":
        if s.treasure_deck is None:
            s.pending.append(Decision("treasure_deck", st["low"], {}))
            return
    elif step == "arena":
        if s.arena is None:
            s.pending.append(Decision("arena", st["high"], {"options": list(st["arenas"])}))
            return
    elif step == "crew":
        seat = st.get("seat", 0)
        if seat < n:
            pl = s.players[seat]
            if s.options["crew_mode"] == "specops" and not pl.classes:
                s.pending.append(Decision("classes", seat, {}))
            else:
                s.pending.append(Decision("crew", seat, {}))
            return
        st["seat"] = 0
    elif step == "ban":
        if s.options["crew_mode"] == "evicted":
            seat = st.get("seat", 0)
            if seat < n:
                s.pending.append(Decision("ban", seat, {"of": (seat + 1) % n, "left": 2}))
                return
            st["seat"] = 0
    elif step == "gear":
        seat = st.get("seat", 0)
        if seat < n:
            s.pending.append(Decision("gear", seat, {}))
            return
        st["seat"] = 0
    elif step == "deal":
        _deal(s, ev)
    elif step == "spawn":
        order = st["order"]
        while st["turn"] < len(order) * IN_PLAY * 2:
            seat = order[st["turn"] % len(order)]
            st["turn"] += 1
            if st["spawned"][seat] < IN_PLAY and _push_spawn(s, seat):
                st["spawned"][seat] += 1
                return
        _begin_play(s, ev)
        return
    st["step"] += 1
    st.pop("seat", None)


def _chosen(value: str | None, what: str) -> str:
    if value is None:
        raise RuntimeError(f"no {what} chosen yet")
    return value


def _deal(s: RQState, ev: list[Event]) -> None:
    """Shuffle the decks, flip two Bounties, spawn a Chest, then the setup roll."""
    c = content()
    st = s.setup
    if not s.bounty_draw and not s.bounty_active:
        s.bounty_draw = list(c.bounty_decks[_chosen(s.bounty_deck, "bounty deck")])
        s.rng.shuffle(s.bounty_draw)
    if not s.treasure_draw and s.chest is None:
        s.treasure_draw = list(c.treasure_decks[_chosen(s.treasure_deck, "treasure deck")])
        s.rng.shuffle(s.treasure_draw)
    ev.append(DeckShuffled.raw({"deck": "bounty"}, None, True))
    _upkeep(s, ev)
    first = _roll_off(s, ev, list(range(s.seats)), "setup")
    st["first"] = first
    st["order"] = [(first + i) % s.seats for i in range(s.seats)]
    st["turn"] = 0
    st["spawned"] = [0] * s.seats


def _begin_play(s: RQState, ev: list[Event]) -> None:
    st = s.setup
    for key in ("step", "turn", "spawned", "seat"):
        st.pop(key, None)
    s.phase = "go"
    s.round = 1
    ev.append(RoundStarted.raw({"round": 1, "priority": st["first"]}))
    _start_turn(s, ev, st["first"])
