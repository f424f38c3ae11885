"""What the bots know about RIOT Politics & Media (reached only through the Ruleset hooks).

* :func:`position_value` - track pressure: the markers as they stand (the nearer track to 5
  counts most) and as they may stand in a turn or two (:func:`track_outlook`: each side's
  track cards in hand, all of them on its own turn before its cards are done, and the steps
  its districts and the cards its buildings and Characters draw give it, by each deck's mean
  steps; what needs an inactive Character counts as far as credits for it are in sight); a
  side that only has to play its hand to win has won; besides that districts, yellow
  buildings (a marker alone next to an enemy unit counts half), Strength, RIOT and other
  cards, Characters and credits; zero-sum between the two sides.
* :func:`defender_answer` - a combat judged before the defender answers gets the defender's
  cheapest winning (else tying) RIOT and Instant cards, not a free win for the attacker.
* :func:`rollout_action` - a cheap purposeful playout step: buy, play track cards, walk into
  free buildings, attack; weighted by kind, then uniform within the kind, from ``rng`` only.
* :func:`turn_key` - a side's whole turn (buy, cards, move, combat) is one turn for the planner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riotsim.core.contract import Action
from riotsim.core.rng import Rng
from riotsim.games.riot import city as bd
from riotsim.games.riot.bots import weighted_pick
from riotsim.games.riot.pm_content import Effect, PMCard, Power, riot_value
from riotsim.games.riot.pm_state import CARDS, PURCHASE

if TYPE_CHECKING:
    from riotsim.games.riot.pm_rules import PoliticsMediaRules
    from riotsim.games.riot.pm_state import PMState

TRACK_END = 5
YIELD_VALUE = {"yellow": 0.03}  # a credit a turn (what the cards give is in track_outlook)
NEAR_DISTRICT = {1: 0.03, 2: 0.08}  # buildings held in a district the other side has none of
DECK_OF = {"orange": "politics", "green": "media"}  # a building's colour -> the deck it draws
HAND_SHARE = 0.7  # of a playable track card's steps, while it waits in hand
LOCKED_SHARE = 0.8  # of what needs an inactive Character, if the credits for it are in sight
EXPOSED_SHARE = 0.5  # of a building held by a marker alone, with an enemy unit next to it
SURE = 0.95  # a side that only has to play the cards in its hand to win
HORIZON = 1.5  # turns of income counted ahead
PROJECTED = 0.5  # weight of the race as it may stand (track_outlook)
CREDIT_POWER = 0.01  # a credit a turn from a Character's power
ACTIVATION = 2  # credits to activate a Character
SIDE = ("police", "protesters")  # seat -> side in the content
TRACKS = ("politics", "media")
CARD_POWERS = {Power.politics_card: "politics", Power.media_card: "media"}  # -> the deck


def _toward(seat: int) -> int:
    return 1 if seat == 1 else -1


def _near(x: float) -> float:
    """0 at the far end of a track, 1 at one's own end, growing faster near it."""
    return ((x + TRACK_END) / (2 * TRACK_END)) ** 2


def held_shares(rules: PoliticsMediaRules, state: PMState, seat: int) -> dict[str, float]:
    """Each building ``seat`` holds, and how surely it keeps it to its next turn: 1 with its
    units inside or no enemy unit next to it; EXPOSED_SHARE for an occupation marker alone
    with an enemy unit one step away (the enemy walks in without a fight)."""
    board = rules.board(state)
    inside = {u.space for u in state.units.values() if u.seat == seat}
    enemy = {u.space for u in state.units.values() if u.seat != seat}
    out = {}
    for b, s in rules.holders(state).items():
        if s != seat:
            continue
        open_to = b not in inside and any(n in enemy for n in board.adjacent[b])
        out[b] = EXPOSED_SHARE if open_to else 1.0
    return out


def side_score(
    rules: PoliticsMediaRules,
    state: PMState,
    seat: int,
    held: dict[str, float],
    other: dict[str, float],
) -> float:
    """What ``seat`` holds besides the track markers and what moves them (track_outlook):
    districts, yellow buildings (``held``: held_shares), Strength, RIOT and other cards,
    Characters and credits."""
    board = rules.board(state)
    score = 0.0
    for area in board.area_ids:
        inside = board.buildings_of(area)
        mine = sum(1 for b in inside if b in held)
        theirs = sum(1 for b in inside if b in other)
        sure = min((held[b] for b in inside if b in held), default=1.0)
        if mine == len(inside):
            score += 0.14 * sure  # a track step every turn it is kept
        elif mine and not theirs:
            score += NEAR_DISTRICT.get(mine, 0.03 * mine) * sure
        else:
            score += 0.015 * mine
    for b, share in held.items():
        score += YIELD_VALUE.get(board.spaces[b].colour, 0.0) * share
    strength = sum(rules.unit_type(u).strength for u in state.units.values() if u.seat == seat)
    score += 0.02 * strength
    cards = rules.content.cards
    others = sum(1 for c in state.hands[seat] if not _is_track(cards.get(c)))
    score += 0.012 * len(state.riot_hands[seat]) + 0.02 * others
    # a Character unlocks a unit and cards (their steps are in track_outlook)
    score += 0.03 * len(state.characters[seat])
    score += CREDIT_POWER * rules.power_value(state, seat, Power.barracks_credit)
    return score + 0.006 * min(state.credits[seat], 8)


def _is_track(card: PMCard | None) -> bool:
    return card is not None and card.effect is Effect.track


def credit_income(
    rules: PoliticsMediaRules, state: PMState, seat: int, held: dict[str, float]
) -> float:
    """Credits ``seat`` may collect at the start of each of its turns."""
    board = rules.board(state)
    n = sum(share for b, share in held.items() if board.spaces[b].colour == "yellow")
    if seat == 0:  # the Police: the barracks, and the Prefect's power
        n += 1 + rules.power_value(state, seat, Power.barracks_credit)
    return n


def prospects(
    rules: PoliticsMediaRules, state: PMState, seat: int, held: dict[str, float]
) -> dict[str, float]:
    """For each role, how surely ``seat`` has its Character's power and bound cards: 1 if
    it is active, else LOCKED_SHARE of the share of an activation that its credits and
    HORIZON turns of its credit income pay for."""
    funds = state.credits[seat] + HORIZON * credit_income(rules, state, seat, held)
    later = LOCKED_SHARE * min(1.0, funds / ACTIVATION)
    return {r: 1.0 if rules.role_active(state, seat, r) else later for r in TRACKS}


def deck_pace(rules: PoliticsMediaRules, deck: str, sure: dict[str, float]) -> float:
    """The mean track steps one card drawn from ``deck`` gives a side whose roles are
    ``sure`` (prospects): a card bound to a role counts that share of its steps."""
    content = rules.content
    ids = content.politics_deck if deck == "politics" else content.media_deck
    steps = 0.0
    for card_id in ids:
        card = content.cards[card_id]
        if card.effect is Effect.track:
            steps += card.value * (1.0 if card.bound is None else sure[card.bound.value])
    return steps / len(ids) if ids else 0.0


def _playing_now(state: PMState, seat: int) -> bool:
    """Whether ``seat`` is in its own turn before its cards are done (what it holds is
    played now, not some turn later)."""
    return state.active == seat and state.phase in (PURCHASE, CARDS)


def hand_steps(
    rules: PoliticsMediaRules, state: PMState, seat: int, sure: dict[str, float] | None = None
) -> dict[str, float]:
    """The steps ``seat``'s track cards in hand would move each track its way: the playable
    ones; with ``sure`` (prospects) also that share of the bound ones it cannot play yet."""
    content = rules.content
    out = {"politics": 0.0, "media": 0.0}
    for card_id in state.hands[seat]:
        card = content.cards.get(card_id)
        if card is None or card.effect is not Effect.track or card.track is None:
            continue
        if card.bound is None or rules.role_active(state, seat, card.bound.value):
            out[card.track.value] += card.value
        elif sure is not None:
            out[card.track.value] += card.value * sure[card.bound.value]
    return out


def track_outlook(
    rules: PoliticsMediaRules, state: PMState, seat: int, held: dict[str, float]
) -> dict[str, float]:
    """The steps ``seat`` may expect to move each track its way: its track cards in hand
    (all their steps in its own turn before its cards are done, else HAND_SHARE) and
    HORIZON turns of its income: a step for every district it holds, and the cards its
    buildings and Characters draw (an inactive one's by its prospect), each worth the mean
    steps of its deck (deck_pace)."""
    sure = prospects(rules, state, seat, held)
    share = 1.0 if _playing_now(state, seat) else HAND_SHARE
    out = {k: share * v for k, v in hand_steps(rules, state, seat, sure).items()}
    draws = {"politics": 0.0, "media": 0.0}
    for c in rules.content.characters.values():
        if c.side == SIDE[seat] and c.power in CARD_POWERS:
            active = c.id in state.characters[seat]
            draws[CARD_POWERS[c.power]] += c.value * (1.0 if active else sure[c.role.value])
    board = rules.board(state)
    for b, kept in held.items():
        deck = DECK_OF.get(board.spaces[b].colour)
        if deck is not None:
            draws[deck] += kept
    for deck, n in draws.items():
        if n:
            out[deck] += HORIZON * n * deck_pace(rules, deck, sure)
    for area in board.area_ids:
        inside = board.buildings_of(area)
        if all(b in held for b in inside):
            kind = board.spaces[board.street_of(area)].district or "politics"
            out[kind] += HORIZON * min(held[b] for b in inside)
    return out


def wins_now(rules: PoliticsMediaRules, state: PMState, seat: int) -> bool:
    """Whether ``seat``, in its turn before its cards are done, holds the track cards that
    take a marker to its end (it only has to play them)."""
    if not _playing_now(state, seat):
        return False
    sign = _toward(seat)
    steps = hand_steps(rules, state, seat)
    return any(sign * state.tracks[k] + steps[k] >= TRACK_END for k in steps)


def position_value(rules: PoliticsMediaRules, state: PMState, seat: int) -> float:
    """Track pressure for ``seat`` in (-1, 1) (the game is not over): the markers as they
    stand, and as they may stand in a turn or two (track_outlook of both sides)."""
    for side in (seat, 1 - seat):
        if wins_now(rules, state, side):
            return SURE if side == seat else -SURE
    sign = _toward(seat)
    t = state.tracks
    own = [sign * t["politics"], sign * t["media"]]
    # the race to 5 on either track: each side's nearer end counts, more as it gets close
    race = _near(max(own)) - _near(max(-v for v in own))
    held = held_shares(rules, state, seat)
    other = held_shares(rules, state, 1 - seat)
    mine = track_outlook(rules, state, seat, held)
    theirs = track_outlook(rules, state, 1 - seat, other)
    ahead = [
        max(-TRACK_END, min(TRACK_END, v + mine[k] - theirs[k]))
        for v, k in zip(own, TRACKS, strict=True)
    ]
    outlook = _near(max(ahead)) - _near(max(-v for v in ahead))
    tracks = 0.2 * sum(own) / TRACK_END + 0.3 * race + PROJECTED * outlook
    value = tracks + side_score(rules, state, seat, held, other)
    value -= side_score(rules, state, 1 - seat, other, held)
    return max(-0.99, min(0.99, value))


def defender_answer(rules: PoliticsMediaRules, state: PMState) -> None:
    """Commit for the defender of ``state``'s combat, which has not answered yet, what it
    would: the fewest of its strongest RIOT and Instant cards that win the combat, else that
    tie it, else none (a combat judged before the defender answers is not won for free)."""
    cb = state.combat
    assert cb is not None
    seat = cb.defender
    att, dfd = rules.totals(state)
    if dfd >= att:
        return
    cards = rules.content.cards
    pool = [(riot_value(c), c, True) for c in state.riot_hands[seat] if c.startswith("riot")]
    pool += [
        (cards[c].value, c, False)
        for c in state.hands[seat]
        if c in cards and cards[c].instant and rules._playable(state, seat, c)
    ]
    pool.sort(key=lambda p: -p[0])
    sums = [0]
    for value, _card, _riot in pool:
        sums.append(sums[-1] + value)
    need = next((k for k, total in enumerate(sums) if dfd + total > att), None)
    if need is None:
        need = next((k for k, total in enumerate(sums) if dfd + total == att), 0)
    for value, card, riot in pool[:need]:
        if riot:
            state.riot_hands[seat].remove(card)
            cb.riot[1].append(card)
        else:
            state.hands[seat].remove(card)
            state.discard.append(card)
            cb.instant[1] += value


_WEIGHTS = {
    "buy": 6,
    "buy_riot": 3,
    "activate": 2,
    "end_purchase": 1,
    "play": 6,
    "end_cards": 1,
    "end_move": 2,
    "attack": 6,
    "end_turn": 2,
    "commit": 6,
    "confirm": 2,
    "riot": 3,
    "instant": 3,
    "done": 2,
    "deactivate": 2,
    "place": 2,
}
_MOVE_WEIGHTS = {"enter": 12, "walk": 3, "leave": 1}


def _move_class(rules: PoliticsMediaRules, state: PMState, action: Action) -> str:
    kinds = rules.board(state).kind_of
    unit = state.units.get(action.get("unit"))
    if unit is not None and kinds.get(unit.space) == bd.BUILDING:
        return "leave"
    return "enter" if kinds.get(action.get("to")) == bd.BUILDING else "walk"


def rollout_action(
    rules: PoliticsMediaRules, state: PMState, legal: list[Action], rng: Rng
) -> Action:
    """One weighted step of a purposeful playout (draws only from ``rng``)."""
    if len(legal) == 1:
        return legal[0]
    classes: dict[str, list[Action]] = {}
    for a in legal:
        k = _move_class(rules, state, a) if a.kind == "move" else a.kind
        classes.setdefault(k, []).append(a)
    names = list(classes)
    weights = [_MOVE_WEIGHTS.get(n) or _WEIGHTS.get(n, 2) for n in names]
    return weighted_pick(classes, weights, rng)


def turn_key(rules: PoliticsMediaRules, state: PMState) -> Any:
    """The round and the side whose turn runs (the other side's combat cards are not it)."""
    return ("turn", state.round, state.active)
