"""What the bots know about RIOT Politics & Media (reached only through the Ruleset hooks).

* :func:`position_value` - track pressure: the markers (the nearer track to 5 counts most), the
  districts each side controls (each moves a track a step at the start of its turn), districts
  nearly taken, the buildings' yields (credits, Politics and Media cards), Strength on the board,
  cards in hand, active Characters (worth what their power yields every turn) and credits kept
  towards an inactive one; zero-sum between the two sides.
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

if TYPE_CHECKING:
    from riotsim.games.riot.pm_rules import PoliticsMediaRules
    from riotsim.games.riot.pm_state import PMState

TRACK_END = 5
YIELD_VALUE = {"yellow": 0.03, "orange": 0.03, "green": 0.03}
YIELD_PER_TURN = 0.03  # a credit or a card every turn (a building's yield)
ACTIVATION = 2  # credits to activate a Character
SAVE_SHARE = 0.5  # of an inactive Character's worth, for the activation's credits in hand
SIDE = ("police", "protesters")  # seat -> side in the content


def _toward(seat: int) -> int:
    return 1 if seat == 1 else -1


def _near(x: int) -> float:
    """0 at the far end of a track, 1 at one's own end, growing faster near it."""
    return ((x + TRACK_END) / (2 * TRACK_END)) ** 2


def side_score(rules: PoliticsMediaRules, state: PMState, seat: int) -> float:
    """What ``seat`` holds besides the track markers: districts, buildings, Strength, cards."""
    board = rules.board(state)
    holders = rules.holders(state)
    score = 0.0
    for area in board.area_ids:
        inside = board.buildings_of(area)
        mine = sum(1 for b in inside if holders.get(b) == seat)
        theirs = sum(1 for b in inside if holders.get(b) == 1 - seat)
        if mine == len(inside):
            score += 0.14  # a track step every turn it is kept
        elif mine and not theirs:
            score += 0.03 * mine
        else:
            score += 0.015 * mine
    for b, s in holders.items():
        if s == seat:
            score += YIELD_VALUE.get(board.spaces[b].colour, 0.0)
    strength = sum(rules.unit_type(u).strength for u in state.units.values() if u.seat == seat)
    score += 0.02 * strength
    score += 0.012 * len(state.riot_hands[seat]) + 0.02 * len(state.hands[seat])
    chars = rules.content.characters
    # a Character's power gives every turn what a building gives (credits, cards)
    score += sum(0.03 + YIELD_PER_TURN * chars[c].value for c in state.characters[seat])
    score += 0.006 * min(state.credits[seat], 8)
    return score + _saving(rules, state, seat)


def _saving(rules: PoliticsMediaRules, state: PMState, seat: int) -> float:
    """Credits kept towards a Character (activation 2 credits; credits stay from turn to
    turn): a part of what the best one still inactive would give every turn (its power's
    ``value`` in credits or cards, as many buildings' yields). The Police's 1 credit a turn
    then waits for the Prefect rather than buying a Cadet each turn."""
    side = SIDE[seat]
    idle = [
        c.value
        for c in rules.content.characters.values()
        if c.side == side and c.id not in state.characters[seat]
    ]
    if not idle:
        return 0.0
    worth = 0.03 + YIELD_PER_TURN * max(idle)
    return SAVE_SHARE * worth * min(state.credits[seat], ACTIVATION) / ACTIVATION


def position_value(rules: PoliticsMediaRules, state: PMState, seat: int) -> float:
    """Track pressure for ``seat`` in (-1, 1) (the game is not over)."""
    sign = _toward(seat)
    t = state.tracks
    own = [sign * t["politics"], sign * t["media"]]
    # the race to 5 on either track: each side's nearer end counts, more as it gets close
    race = _near(max(own)) - _near(max(-v for v in own))
    tracks = 0.2 * sum(own) / TRACK_END + 0.3 * race
    value = tracks + side_score(rules, state, seat) - side_score(rules, state, 1 - seat)
    return max(-0.99, min(0.99, value))


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
