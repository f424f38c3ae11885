"""The Quodd action menu and refusal reasons (issue 14): every legal action once, the closed
ones greyed with the rules' reason, and refused actions that say which rule stops them."""

from __future__ import annotations

import pytest

from riotsim.core.contract import Action, IllegalAction
from riotsim.games.quodd import RULESET
from tests.quodd.helpers import do, position

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
OPEN = ["." * 9] * 9


def hero(at, hand=(), **kw):
    return {"hero": "rok", "at": list(at), "skills": dict(SK), "hand": list(hand), **kw}


def entries(state):
    return {e.label: e for e in RULESET.action_menu(state)}


def refusal(state, text):
    return RULESET.refusal(state, Action.parse(text))


def test_natural_tumble_menu_greys_the_walled_direction():
    """A turn, Movement step 1: the natural tumble goes to an orthogonal square a wall does
    not block; the blocked direction stays in the menu, greyed with the wall as reason."""
    s = position([".....", "..W..", "..P..", ".....", "....."], [hero((2, 2))])
    menu = entries(s)
    assert menu["Tumble north"].action is None
    assert menu["Tumble north"].reason.startswith("a wall blocks the tumble north")
    assert menu["Tumble east"].action == Action.parse("tumble dir=E")
    assert menu["Tumble east"].group == "Natural tumble"


def test_tumble_off_the_board_is_greyed_and_refused_with_the_rule():
    """Movement: a hero never leaves the board; the refusal names the rule section."""
    s = position([".....", ".....", "....."], [hero((2, 2))])
    assert entries(s)["Tumble south"].reason == "the tumble south would go off the board"
    with pytest.raises(IllegalAction) as err:
        do(s, "tumble dir=S")
    assert err.value.rule == "A turn"


def test_a_jump_over_too_many_squares_names_the_distance():
    """Skills, Jump: a hero jumps over at most its movement in squares."""
    s = position(OPEN, [hero((4, 4))])
    do(s, "tumble dir=N")  # back up: jump, 1 movement
    assert s.turn.skill == "jump"
    reason = refusal(s, "jump dir=N over=3")
    assert reason == f"{s.current.name} can jump over at most 1 square; that is 3"
    with pytest.raises(IllegalAction) as err:
        do(s, "jump dir=N over=3")
    assert err.value.rule == "Skills"


def test_powerup_menu_lists_cards_and_greys_the_ones_not_playable_now():
    """Cards: movement boosts are played in Power-Up; in Recovery they wait (greyed, why)."""
    s = position(OPEN, [hero((4, 4), ["honey_bun"])], phase="recovery")
    menu = entries(s)
    assert menu["Play Honey Bun"].action is None
    assert "play it in Power-Up" in menu["Play Honey Bun"].reason
    assert menu["Play a card"].reason == "no card in hand can be played now"
    assert menu["Explore"].action == Action.parse("explore")
    assert "play it in Power-Up" in refusal(s, "play card=honey_bun")


def test_cards_are_refused_in_movement_with_the_cards_section():
    """Cards are never used during the Movement phase."""
    s = position(OPEN, [hero((4, 4), ["honey_bun"])])
    with pytest.raises(IllegalAction, match="never used during the Movement") as err:
        do(s, "play card=honey_bun")
    assert err.value.rule == "Cards"


def test_lineup_card_refused_once_exploring_is_spent():
    """A turn, Exploration: outside the Exploration step no lineup card may be taken."""
    s = position(OPEN, [hero((4, 4))], phase="recovery", lineup=["honey_bun"])
    assert refusal(s, "draw src=lineup i=0") == "explore first: end Recovery with Explore"
    s = position(OPEN, [hero((4, 4))], phase="powerup", lineup=["honey_bun"])
    assert "Exploration phase" in refusal(s, "draw src=lineup i=0")


def test_explore_menu_offers_the_lineup_and_greys_an_empty_deck():
    """Exploration: take a lineup card or the deck's top card; an empty deck is greyed."""
    s = position(OPEN, [hero((4, 4))], phase="recovery", lineup=["honey_bun"], deck=[])
    do(s, "explore")
    menu = entries(s)
    assert menu["Explore Honey Bun"].action == Action.parse("draw src=lineup i=0")
    assert menu["Explore the top of the deck"].reason == "the deck and the discard pile are empty"


def test_menu_offers_every_legal_action_once():
    """The menu is the legal actions (the conformance check, on a skill with many moves)."""
    s = position(OPEN, [hero((4, 4), ["honey_bun", "crystal_extract"])], phase="powerup")
    for state_text in ("", "move", "tumble dir=S"):
        if state_text:
            do(s, state_text)
        offered = [str(e.action) for e in RULESET.action_menu(s) if e.action is not None]
        assert sorted(offered) == sorted(str(a) for a in RULESET.legal_actions(s))
        assert all(e.reason for e in RULESET.action_menu(s) if e.action is None)


def test_diagonal_tumble_and_a_wrong_skill_direction_are_explained():
    """Movement step 1: the natural tumble is orthogonal; Slide keeps to its straight lines."""
    s = position(OPEN, [hero((4, 4))])
    assert (
        refusal(s, "tumble dir=NE") == "a tumble goes north, east, south or west, never diagonally"
    )
    do(s, "tumble dir=S")  # front up: slide
    assert refusal(s, "step dir=NE") == "the slide skill does not move north-east"
