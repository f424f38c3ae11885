"""Quodd log in words (issue 14): names and squares, a hero's chained moves on one line,
private cards hidden, the side log and the full log (L) alike, the dice in the tray."""

from __future__ import annotations

import pygame

from riotsim.core.contract import Action
from riotsim.games.quodd import RULESET
from riotsim.games.quodd.events import HeroRolled
from riotsim.ui.views import quodd_log
from tests.quodd.helpers import position
from tests.ui.test_quodd_view import make_view, ready_to_tumble

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}


def words(state):
    return quodd_log.Words(state, lambda seat: ["Rosa", "Kim"][seat])


def test_a_current_ride_is_one_line_with_names_and_squares():
    """'Example: Moving and Interacting with the Board': a tumble onto a current carries the
    hero on; the log tells the tumble and the ride in one line, squares as letters and rows."""
    s = position(
        [".........", ".>@>@WW..", "........."], [{"hero": "rok", "at": [0, 1], "skills": SK}]
    )
    events = RULESET.apply(s, Action.parse("tumble dir=E"))
    lines = quodd_log.action_lines(words(s), events, 0, False)
    assert lines == ["Rosa tumbles east to B2, then is carried by a current to C2"]


def test_a_skill_coming_up_joins_the_tumble_line():
    s = position(["." * 9] * 9, [{"hero": "rok", "at": [4, 4], "skills": SK}])
    events = RULESET.apply(s, Action.parse("tumble dir=N"))
    lines = quodd_log.action_lines(words(s), events, 0, False)
    assert lines == ["Rosa tumbles north to E4: Jump comes up (1 movement)"]
    assert not any("{" in line or "[" in line or "hero 0" in line for line in lines)


def test_a_card_from_the_deck_is_private():
    """Exploration: the card taken from the deck is seen only by its owner."""
    s = position(
        ["." * 9] * 9,
        [{"hero": "rok", "at": [4, 4], "skills": SK}],
        phase="recovery",
        deck=["honey_bun"],
        lineup=[],
    )
    RULESET.apply(s, Action.parse("explore"))
    events = RULESET.apply(s, Action.parse("draw src=deck"))
    mine = quodd_log.action_lines(words(s), events, 0, False)
    theirs = quodd_log.action_lines(words(s), events, 1, False)
    assert "Rosa explores Honey Bun from the deck" in mine
    assert "Rosa explores a card from the deck" in theirs
    assert not any("Honey Bun" in line for line in theirs)


def test_side_log_and_full_log_say_the_same():
    host, view = make_view()
    ready_to_tumble(host)
    host.submit(next(a for a in host.match.legal_actions() if a.kind == "tumble"))
    side = view.side_log()
    blocks = view.log_blocks(0, False)
    last_head = max(i for i, (kind, _) in enumerate(blocks) if kind == "h2")
    assert side and [text for _, text in blocks[last_head + 1 :]][-len(side) :] == side
    assert side[0].startswith("Rosa tumbles ")


def test_direction_die_rolls_show_in_the_dice_tray():
    """The direction die's roll stays in the tray, its face named, until the next action."""
    host, view = make_view()
    ready_to_tumble(host)
    view.on_events([HeroRolled.of(die="direction", faces=["NE"], hero=0, reveals=True)])
    lines = view.tray.lines()
    assert any(line.startswith("Direction x1: NE") for line in lines), lines
    assert lines[-1] == "Direction: north-east"
    view.fast_forward()
    surface = pygame.Surface((1280, 800))
    view.draw(surface)
    assert view.tray.rect.w > 0 and view.board_rect.contains(view.tray.rect)
    host.submit(next(a for a in host.match.legal_actions() if a.kind == "tumble"))
    assert view.tray.roll is None


def test_issue_13_events_read_as_sentences():
    """The events of co-op trading, the Overlord deck, buddies, the B-side, Re-roll, Timely
    Removal, Protected Food, treasure cards and the time tracker read as sentences with the
    players' names, never as a kind with its raw fields."""
    from riotsim.games.quodd import events as ev

    s = position(["." * 9] * 9, [{"hero": "rok", "at": [4, 4], "skills": SK}])
    made = [
        ev.CardTraded.of(fields={"from": 1, "to": 0, "card": "hopberry"}),
        ev.OverlordExplored.of(fields={"seat": 1, "card": "blast_rune"}),
        ev.BuddyJoined.of(hero=2, buddy="forest", by=0, at=[3, 4]),
        ev.SlotFilled.of(hero=0, tile="rok_stride", side="a", face="feet", label="+1 movement"),
        ev.TreasureTaken.of(hero=0, card="gold_idol", gems=2),
        ev.TimeMoved.of(timer=4, by=-1, why="round"),
        ev.DieRerolled.of(hero=0, die="quodd_direction", before=["N"], faces=["E"]),
        ev.EquipmentRemoved.of(by=0, hero=1, card="ferret"),
        ev.FoodProtected.of(hero=1, card="honey_bun"),
    ]
    lines = quodd_log.action_lines(words(s), made, 0, True)
    assert lines == [
        "Kim passes Hopberry to Rosa",
        f"Kim explores {quodd_log.card('blast_rune')} from the Overlord deck",
        "Forest joins Rosa as a buddy at D5",
        "Rosa puts the upgrade +1 movement beside the feet face",
        "Rosa takes a treasure card: gold idol (2 gems)",
        "The time tracker drops 1 to 4",
        "Rosa re-rolls the direction die: east",
        f"Rosa discards Kim's {quodd_log.card('ferret')} (Timely Removal)",
        f"Kim's {quodd_log.card('honey_bun')} is protected food and stays",
    ]
