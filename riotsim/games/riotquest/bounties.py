"""Riot Quest Bounties and deck upkeep (rulebook "Bounties", "Treasure Beacons..."): claiming a
card when its goal is met, flipping cards and placing their tokens, spawning the Chest."""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Event
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.events import (
    BountyClaimed,
    BountyFlipped,
    ChestSpawned,
    DeckShuffled,
    TokenPlaced,
)
from riotsim.games.riotquest.profile import prof
from riotsim.games.riotquest.rolls import d6
from riotsim.games.riotquest.rules import _check_win
from riotsim.games.riotquest.state import Hero, RQState, Token


def _claim(s: RQState, ev: list[Event], seat: int, card: str) -> None:
    """Rulebook "Bounty Cards": claim at once; the card's tokens leave the arena."""
    if card not in s.bounty_active:
        return
    b = content().bounties[card]
    s.bounty_active.remove(card)
    tok = s.tokens.pop(card, None)
    if tok is not None and tok.holder is not None:
        s.mut(tok.holder[0], tok.holder[1]).token = None
    pl = s.players[seat]
    pl.bounties.append(card)
    pl.bounty_vp += b.value
    ev.append(
        BountyClaimed.raw({"player": seat, "bounty": card, "value": b.value, "vp": pl.vp}, seat)
    )
    _check_win(s, ev)


def _active_goal(s: RQState, goal: str) -> list[Any]:
    c = content()
    return [c.bounties[x] for x in s.bounty_active if c.bounties[x].goal == goal]


def _bounty_exact(s: RQState, ev: list[Event], seat: int, total: int, d1: int, d2: int) -> None:
    for b in _active_goal(s, "exact"):
        want = {"first": (d1,), "second": (d2,), "either": (d1, d2)}[b.exact]
        if total in want:
            _claim(s, ev, seat, b.id)


def _bounty_damage(s: RQState, ev: list[Event], seat: int) -> None:
    if seat != s.priority:
        return
    for b in _active_goal(s, "damage"):
        if s.act_damage >= b.amount:
            _claim(s, ev, seat, b.id)


def _bounty_knockout(s: RQState, ev: list[Event], a: Hero, t: Hero, ctx: dict[str, Any]) -> None:
    c = content()
    for card in list(s.bounty_active):
        b = c.bounties[card]
        if b.goal == "knockout":
            if b.victim_classes and prof(t).cls not in {x.value for x in b.victim_classes}:
                continue
            if b.weapon and b.weapon != ctx["kind"]:
                continue
            if ctx["distance"] < b.min_distance:
                continue
            _claim(s, ev, a.seat, card)
        elif b.goal == "mark":
            tok = s.tokens.get(card)
            # the Target was dropped on the victim's hex when it was knocked out
            if tok is not None and ctx.get("marked") == card:
                _claim(s, ev, a.seat, card)


def _bounty_raid(s: RQState, ev: list[Event], seat: int, face: str) -> None:
    if face != "super":
        return
    for b in _active_goal(s, "raid"):
        _claim(s, ev, seat, b.id)


def _check_goals(s: RQState, ev: list[Event], seat: int) -> None:
    """Goals that are states rather than events, checked during the player's own turn."""
    if s.phase != "go" or not s.bounty_active:
        return
    if (_STATE_GOALS or _state_goal_cards()).isdisjoint(s.bounty_active):
        return
    c = content()
    arena = s.board()
    for card in list(s.bounty_active):
        b = c.bounties[card]
        if b.goal == "carry":
            tok = s.tokens.get(card)
            if tok is None or tok.holder is None or tok.holder[0] != seat:
                continue
            h = s.heroes[seat][tok.holder[1]]
            if b.deliver == "centre":
                ok = arena.adjacent(h.at(), arena.centre)
            else:
                ok = any(arena.adjacent(h.at(), g) for g in arena.gates.values())
            if ok:
                _claim(s, ev, seat, card)
        elif b.goal == "hoard":
            if s.players[seat].loot >= b.amount:
                _claim(s, ev, seat, card)
        elif b.goal == "hill":
            who = s.occ.get(arena.centre)
            if (
                who is not None
                and who[0] == seat
                and not any(
                    (o := s.occ.get(n)) is not None and o[0] != seat
                    for n in arena.nbrs[arena.centre]
                )
            ):
                _claim(s, ev, seat, card)
        if s.phase == "over":
            return


_STATE_GOALS: set[str] = set()


def _state_goal_cards() -> set[str]:
    """Bounties whose goal is a standing condition (checked after every action)."""
    if not _STATE_GOALS:
        _STATE_GOALS.update(
            k for k, b in content().bounties.items() if b.goal in ("carry", "hoard", "hill")
        )
    return _STATE_GOALS


def _flip_bounty(s: RQState, ev: list[Event]) -> None:
    """Draw one Bounty card and resolve its Setup (no reshuffle when the deck is empty)."""
    card = s.bounty_draw.pop(0)
    s.bounty_active.append(card)
    b = content().bounties[card]
    ev.append(BountyFlipped.raw({"bounty": card}, None, True))
    if b.token is None:
        return
    arena = s.board()
    if b.goal == "mark":
        cands = [
            h for crew in s.heroes for h in crew.values() if h.place == "arena" and h.token is None
        ]
        if cands:
            h = s.rng.choice(cands)
            h = s.mut(h.seat, h.id)
            s.tokens[card] = Token(card, b.token, None, (h.seat, h.id))
            h.token = card
            ev.append(TokenPlaced.raw({"bounty": card, "kind": b.token, "hero": [h.seat, h.id]}))
            return
        cell = arena.centre
    elif b.place == "centre":
        cell = arena.centre
    elif b.place == "beacon" or b.place == "gate":
        table = arena.beacons if b.place == "beacon" else arena.gates
        cell = table[d6(s, ev, b.place, None)]
    else:
        place = str(b.place)  # near_beacon or near_gate
        table = arena.beacons if place == "near_beacon" else arena.gates
        cell = arena.centre
        for _ in range(12):
            feat = table[d6(s, ev, place, None)]
            near = sorted(c for c in arena.nbrs[feat] if c not in arena.blocked)
            if near:
                cell = s.rng.choice(near)
                break
    s.tokens[card] = Token(card, b.token, cell, None)
    ev.append(TokenPlaced.raw({"bounty": card, "kind": b.token, "cell": list(cell)}))


def _spawn_chest(s: RQState, ev: list[Event]) -> None:
    """Rulebook "Treasure Beacons...": draw a Treasure card (reshuffle the discards if needed)."""
    if not s.treasure_draw:
        if not s.treasure_discard:
            return
        s.treasure_draw = s.treasure_discard
        s.treasure_discard = []
        s.rng.shuffle(s.treasure_draw)
        ev.append(DeckShuffled.raw({"deck": "treasure"}, None, True))
    s.chest = s.treasure_draw.pop(0)
    n = d6(s, ev, "chest", None)
    s.chest_pos = s.board().beacons[n]
    ev.append(
        ChestSpawned.raw({"chest": s.chest, "beacon": n, "cell": list(s.chest_pos)}, None, True)
    )


def _upkeep(s: RQState, ev: list[Event]) -> None:
    while len(s.bounty_active) < 2 and s.bounty_draw:
        _flip_bounty(s, ev)
    if s.chest is None:
        _spawn_chest(s, ev)
