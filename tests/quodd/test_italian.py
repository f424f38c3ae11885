"""Quodd in Italian (issue 17, L1/L2): the rules' texts come out in Italian, the rules do not.

The catalog spoken here is the shipped Italian one, so these tests read the translations a
player reads (tests/test_italian_terms.py checks every entry's placeholders).
"""

from __future__ import annotations

import re
import string

import pytest

import riotsim.i18n as i18n
from riotsim.core.contract import Action, GameSetup, PlayerSpec, digest
from riotsim.core.rng import Rng
from riotsim.games.quodd import RULESET, catalog
from riotsim.i18n import catalogs
from tests.quodd.helpers import position

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}


def _plurals() -> dict[str, str]:
    """singular msgid -> plural msgid of every ngettext in the Quodd code."""
    out = {}
    for where, _line, message, _context in catalogs.code_messages():
        if "games/quodd" in where and isinstance(message, tuple):
            out[message[0]] = message[1]
    return out


@pytest.fixture
def speak():
    """``speak(lang)`` switches the language (the shipped catalog); English comes back after
    the test."""
    try:
        yield i18n.set_language
    finally:
        i18n.set_language("en")


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def _playout(seed: int, steps: int) -> list[tuple[str, list[str], list[str]]]:
    """A seeded random game: (state digest, legal actions, labels) after every action."""
    players = (PlayerSpec("A"), PlayerSpec("B"))
    scenario = sorted(catalog.scenarios())[0]
    state = RULESET.new_state(GameSetup(players, seed=seed, scenario=scenario))
    chooser = Rng(seed)
    out = []
    for _ in range(steps):
        if state.phase == "over":
            break
        legal = RULESET.legal_actions(state)
        labels = [e.label + e.reason + e.group for e in RULESET.action_menu(state)]
        out.append((digest(state.to_json()), [str(a) for a in legal], labels))
        RULESET.apply(state, chooser.choice(legal))
    return out


def test_a_seeded_playout_is_the_same_game_in_italian(speak):
    """The rules never depend on the language: the same seed gives the same states and the
    same legal actions in both languages, while the menu's words differ."""
    english = _playout(seed=7, steps=250)
    speak("it")
    italian = _playout(seed=7, steps=250)
    assert [(d, legal) for d, legal, _labels in italian] == [
        (d, legal) for d, legal, _labels in english
    ]
    assert [labels for *_rest, labels in italian] != [labels for *_rest, labels in english]


def test_the_movement_menu_and_its_refusals_speak_italian(speak):
    """A turn, Movement step 1 (natural tumble), in Italian: the blocked tumble is greyed
    with the wall as its reason, the open one labelled, the heading translated."""
    s = position(
        [".....", "..W..", "..P..", ".....", "....."],
        [{"hero": "rok", "at": [2, 2], "skills": dict(SK)}],
    )
    speak("it")
    menu = {e.label: e for e in RULESET.action_menu(s)}
    assert menu["Capriola verso nord"].action is None
    assert menu["Capriola verso nord"].reason.startswith("un muro blocca la capriola verso nord")
    assert menu["Capriola verso est"].action == Action.parse("tumble dir=E")
    assert menu["Capriola verso est"].group == "Capriola naturale"
    assert RULESET.describe(s, Action.parse("tumble dir=W")) == "Capriola verso ovest"
    refused = RULESET.refusal(s, Action.parse("tumble dir=N"))
    assert refused is not None and "un muro blocca la capriola verso nord" in str(refused)


def test_a_card_refusal_and_the_power_up_menu_speak_italian(speak):
    """Reference "Cards": cards are played in Power-Up and Recovery. In the Movement phase a
    card is refused in Italian; the Power-Up menu names the hand's cards by their Italian
    names under the Italian heading, and "Start moving" too."""
    moving = position(
        [".....", ".....", "..P..", ".....", "....."],
        [{"hero": "rok", "at": [2, 2], "skills": dict(SK)}],
    )
    powerup = position(
        ["....."] * 5,
        [{"hero": "rok", "at": [2, 2], "skills": dict(SK), "hand": ["anchor_boots"]}],
        phase="powerup",
    )
    speak("it")
    refused = RULESET.refusal(moving, Action.parse("play card=anchor_boots"))
    assert refused == "carte e migliorie non si usano mai nella fase di Movimento"
    menu = {e.label: e for e in RULESET.action_menu(powerup)}
    boots = i18n._("Anchor Boots")
    assert boots != "Anchor Boots"  # the content name has its Italian
    assert menu[f"Gioca {boots}"].group == "Carte"
    assert menu["Inizia a muovere"].group == "Potenziamento"
    assert not any(re.match(r"(Play|Tumble|Start) ", label) for label in menu)
