"""The actions of both RIOT rule sets, each kind declared once with its arguments.

Units are named by their id (a number), spaces, unit kinds, cards and characters by their id (a
name); a seat is a number. ``Ruleset.parse_action`` refuses a text that matches none of these,
and the conformance suite checks every legal action against them.
"""

from __future__ import annotations

from riotsim.core.actions import NUMBER, WORD, ActionKind, ActionKinds, optional

# -- what both rule sets name alike -------------------------------------------------------------
_SHARED = (
    ActionKind("buy", unit=WORD, at=WORD),
    ActionKind("end_purchase"),
    ActionKind("end_move"),
    ActionKind("end_turn"),
    ActionKind("move", unit=NUMBER, to=WORD),
    ActionKind("commit", unit=NUMBER),
    ActionKind("confirm"),
)

RIOT_ACTIONS = ActionKinds(
    *_SHARED,
    ActionKind("place", at=WORD),
    ActionKind("buy_card"),
    # a card of the turn (for a unit, at an entry point, or alone), a distance card at an
    # enemy unit (target), or a Blitz card
    ActionKind(
        "play", card=WORD, unit=optional(NUMBER), at=optional(WORD), target=optional(NUMBER)
    ),
    ActionKind("attack", target=WORD, seat=NUMBER),
    ActionKind("next", seat=NUMBER),
    ActionKind("obstruct"),
    ActionKind("let_pass"),
    ActionKind("street_fight"),
    ActionKind("give_up"),
    ActionKind("pass"),
    ActionKind("press_on"),
    ActionKind("withdraw"),
)
"""RIOT: Cast the First Stone."""

PM_ACTIONS = ActionKinds(
    *_SHARED,
    ActionKind("place", unit=WORD, at=WORD),
    ActionKind("buy_riot"),
    ActionKind("activate", character=WORD),
    ActionKind("play", card=WORD, unit=optional(NUMBER), character=optional(WORD)),
    ActionKind("end_cards"),
    ActionKind("attack", target=WORD),
    ActionKind("riot", card=WORD),
    ActionKind("instant", card=WORD),
    ActionKind("done"),
    ActionKind("deactivate", character=WORD),
)
"""RIOT Politics & Media."""
