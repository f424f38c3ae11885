"""Issue 11, one way to write a game: each RIOT rule set declares its action kinds (with their
arguments' types) and its event kinds once; a malformed action text is refused when parsed,
naming what is wrong, before the rules see it."""

from __future__ import annotations

import pytest

from riotsim.core.actions import MalformedAction
from riotsim.games.riot import RULESET_PM
from riotsim.games.riot.events import Moved

from .helpers import R, act, position


@pytest.mark.parametrize(
    ("ruleset", "text", "problem"),
    [
        (R, "move unit=dez to=nw_b1", "unit=dez is not a number"),
        (R, "attack target=nw_street", "missing argument seat"),
        (R, "fly unit=1", "unknown action 'fly'"),
        (RULESET_PM, "buy_card", "unknown action 'buy_card'"),  # riot's, not P&M's
        (RULESET_PM, "play card=riot2 at=nw_b1", "no argument 'at'"),
    ],
)
def test_malformed_action_texts_are_refused_when_parsed(ruleset, text, problem):
    with pytest.raises(MalformedAction) as err:
        ruleset.parse_action(text)
    assert problem in str(err.value)


def test_a_move_reports_a_typed_event():
    """Movement: a step is reported as a Moved event, its data read by field."""
    s = position(2, units=[(1, "activist", "nw_street")], active=1, phase="move")
    events = act(s, "move unit=1 to=nw_b1")
    moved = [e for e in events if isinstance(e, Moved)]
    assert [(e.unit, e.start, e.to) for e in moved] == [(1, "nw_street", "nw_b1")]
