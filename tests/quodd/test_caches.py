"""Actions the rules build once and hand out again (actions are immutable): a pending choice
still offers exactly its own options, whatever was offered before."""

from __future__ import annotations

from riotsim.core.contract import Action
from riotsim.games.quodd import RULESET, actions, engine
from tests.quodd.helpers import position

OPEN = ["." * 9] * 9


def hero(at):
    return {"hero": "rok", "at": list(at)}


def test_a_choice_offers_its_own_options_each_time():
    """Board elements and effects ask a choice as a list of options, each one ``choose``
    action with the option's fields (cells as (x, y))."""
    s = position(OPEN, [hero((4, 4))])
    engine.decide(s, "break_wall", 0, [{"at": [1, 2]}, {"at": [3, 4]}])
    first = RULESET.legal_actions(s)
    assert first == [Action("choose", (("at", (1, 2)),)), Action("choose", (("at", (3, 4)),))]
    s.pending.pop()
    engine.decide(s, "break_wall", 0, [{"at": [3, 4]}, {"at": [5, 6]}])  # the state changed
    second = RULESET.legal_actions(s)
    assert second == [Action("choose", (("at", (3, 4)),)), Action("choose", (("at", (5, 6)),))]
    assert second[0] is first[1]  # the same option: the same action, built once


def test_unhashable_option_values_still_make_actions():
    """An option the rules never build (a value that cannot be a cache key) is still offered."""
    action = actions.option_action({"at": [1, 2], "extra": {"odd": 1}})
    assert action.kind == "choose" and action.args[0] == ("at", (1, 2))


def test_upgrade_and_q_power_actions_name_what_they_offer():
    """End-of-Round upgrades and Q-Powers: one action per tile and side, per power."""
    made = actions._made("upgrade", "rok_pick", "b")
    assert made == Action("upgrade", (("tile", "rok_pick"), ("side", "b")))
    assert actions._made("upgrade", "rok_pick", "a") != made
    assert actions._made("upgrade", "rok_pick", "b") is made
    assert actions._made("qpower", "earthquake") == Action("qpower", (("power", "earthquake"),))
