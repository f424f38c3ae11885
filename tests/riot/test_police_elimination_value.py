"""The Police's second road to a win in the bots' standings (bots.elimination, issue 16).

How to win gives the Police the game when the last Public Opinion card is turned, and Unit
Specials says a clash with a Mediactivist moves no card at all. But the publisher's ruling
lets a protester team be knocked out of the game once it has no units left (never the
Police), and with every protester team out the game is the Police's (data/riot/reference.md,
"Teams and winning"; ``RiotRules.check_eliminations``). A protester team lives off the
credits of the buildings it holds (1) Count), so a held building taken and the last units
worn down are progress for the Police even where no card can be had: these tests hold the
bots to that, on the round-limit stall traced in docs/riot-balance.md (sessions 8-9).
"""

from __future__ import annotations

import pytest

from riotsim.ai import get_bot
from riotsim.games.riot import bots
from riotsim.games.riot.state import OVER, RiotState
from tests.riot.helpers import R, act, attack, position

HELD = ("n_b1", "nw_b1", "sw_b1")  # three more buildings, one Mediactivist in each


def _stall(target_stack: int = 1, officers: int = 4, cards: int = 3, **fields) -> RiotState:
    """The Police's clashes with ``officers`` in the South-East street under a building of
    ``target_stack`` Mediactivists; every other Autonomen unit a lone Mediactivist in a
    building of its own, ``cards`` Public Opinion cards turned."""
    units = [(1, "mediactivist", "se_b1")] * target_stack
    units += [(1, "mediactivist", b) for b in HELD]
    units += [(0, "officer", "se_street")] * officers
    s = position(2, units=units, active=0, area_points=[0, 2], **fields)
    s.po_revealed, s.po_deck = s.po_deck[:cards], s.po_deck[cards:]
    return s


def _fight_out(s: RiotState) -> None:
    """Press the declared clash on to its end (no cards in hand on either side)."""
    for _step in range(8):
        if s.clash is None and not (s.pending and s.pending[-1].kind == "continue"):
            return
        act(s, "press_on")
    raise AssertionError("the clash did not end")


def _play_turn(s: RiotState, bot_name: str) -> list[str]:
    """The Police's turn played out by one bot (it also answers for the defender)."""
    key = R.turn_key(s)
    bot = get_bot(bot_name, 7)
    played = []
    for _step in range(80):
        seat = R.to_move(s)
        if seat is None or R.turn_key(s) != key:
            return played
        action = bot.choose(R, R.view(s, seat), R.legal_actions(s), budget_s=60.0)
        played.append(str(action))
        R.apply(s, action)
    raise AssertionError("the turn did not end")


def _mediactivist_ids(s: RiotState, space: str) -> list[int]:
    return [u.id for u in s.units.values() if u.seat == 1 and u.space == space]


def test_taking_a_mediactivist_held_building_raises_the_police_value():
    """Four Officers beat a lone Mediactivist in its building (3 with the building's +1): no
    card is drawn (Unit Specials), two Officers fall to its Force (Losses and wounded) and the
    Autonomen draw a card, yet the Police stand better and the Autonomen worse, since the
    Autonomen lost a unit and a building's credits on their way to elimination."""
    s = _stall()
    before = bots.standings(R, s)
    police = [u.id for u in s.units.values() if u.seat == 0]
    attack(s, "se_b1", 1, police)
    _fight_out(s)
    assert _mediactivist_ids(s, "se_b1") == []
    assert not s.po_drawn and len(s.po_revealed) == 3  # no card: the gain is elimination
    assert sum(u.seat == 0 for u in s.units.values()) == 2 and len(s.hands[1]) == 1
    after = bots.standings(R, s)
    assert after[0] > before[0] + 0.05
    assert after[1] < before[1]
    assert R.evaluate(s, 0) > R.evaluate(_stall(), 0)
    assert R.evaluate(s, 1) < R.evaluate(_stall(), 1)


def test_elimination_progress_counts_units_and_held_buildings():
    """The less Force and building credits the protesters keep, the nearer the Police are to
    their elimination: 0 for a team as big as ``ELIM_SCALE``, rising as units and buildings
    go, on the same 0..1 scale as the cards."""

    def progress(units) -> float:
        s = position(2, units=[*units, (0, "officer", "hq")])
        return bots.elimination(s, bots._Census(R, s))

    four = [(1, "mediactivist", b) for b in ("se_b1", *HELD)]
    three = four[1:]
    left_in_street = [(1, "mediactivist", "se_street"), *three]
    assert 0 < progress(four) < progress(left_in_street) < progress(three) < 1
    assert progress([(1, "mediactivist", "n_b1")] * 12) == 0
    assert progress([(1, "mediactivist", "n_street")]) > 0.9


def test_the_road_weighs_more_where_no_card_can_be_had():
    """Unit Specials: a clash with a Mediactivist turns no Public Opinion card, so where the
    protesters stand in such groups the elimination is the Police's only road and counts in
    full; Activists of the same Force leave the cards open and it counts for less."""
    media = position(2, units=[(1, "mediactivist", b) for b in HELD] + [(0, "officer", "hq")])
    basic = position(
        2, units=[(1, "activist", b) for b in HELD for _two in (1, 2)] + [(0, "officer", "hq")]
    )
    assert bots._Census(R, media).force[1] == bots._Census(R, basic).force[1]
    closed = bots.elimination(media, bots._Census(R, media))
    open_ = bots.elimination(basic, bots._Census(R, basic))
    assert closed == pytest.approx(open_ / bots.ELIM_OPEN)


def test_every_protester_team_must_go():
    """With three players both protester teams must be eliminated: a second team still on the
    board keeps the Police further from that win, however few units the first team has left."""
    one = position(3, units=[(1, "activist", "n_street"), (0, "officer", "hq")])
    both = position(
        3,
        units=[(1, "activist", "n_street"), (2, "black_bloc", "s_b1"), (0, "officer", "hq")],
    )
    one_value = bots.elimination(one, bots._Census(R, one))
    both_value = bots.elimination(both, bots._Census(R, both))
    assert both_value < one_value


def test_an_attack_that_takes_the_last_protester_units_is_judged_the_win():
    """Every protester team out: the Police win, so a declared attack on the Autonomen's last
    building is worth the win before it is fought."""
    s = position(
        2, units=[(1, "mediactivist", "se_b1")] * 2 + [(0, "officer", "se_street")] * 6, active=0
    )
    act(s, "attack target=se_b1 seat=1")
    assert R.evaluate(s, 0) == 1.0
    for u in (3, 4, 5, 6, 7, 8):
        act(s, f"commit unit={u}")
    act(s, "confirm")
    _fight_out(s)
    assert s.phase == OVER and s.winners == [0]


@pytest.mark.parametrize("bot_name", ["greedy", "planner"])
def test_the_police_bots_attack_a_mediactivist_held_building(bot_name):
    """The stall of the traced games: the Police's bots take the Mediactivist's building
    with their four Officers rather than end a turn that can turn no card (before the
    elimination road both kept the Officers and ended the turn)."""
    s = _stall()
    played = _play_turn(s, bot_name)
    assert played[0] == "attack target=se_b1 seat=1"
    assert _mediactivist_ids(s, "se_b1") == []


@pytest.mark.parametrize("bot_name", ["greedy", "planner"])
def test_the_police_bots_trade_officers_for_a_stack_of_mediactivists(bot_name):
    """Eight Officers against three Mediactivists in a building (7 with the +1): six
    Officers fall to their Force, but the Autonomen lose half theirs and a 2-credit
    building."""
    s = _stall(target_stack=3, officers=8)
    before = bots.standings(R, s)[0]
    _play_turn(s, bot_name)
    assert _mediactivist_ids(s, "se_b1") == []
    assert bots.standings(R, s)[0] > before
