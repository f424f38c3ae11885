"""Quodd in Italian (issue 17, L1/L2): the rules' texts come out in Italian, the rules do not.

The catalog spoken here is the real Italian one (``riotsim.po``) plus the Quodd table of
translations not merged into it yet, compiled into a temporary folder, so these tests read the
translations a player would read.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import riotsim.i18n as i18n
from riotsim.core.contract import Action, GameSetup, PlayerSpec, digest
from riotsim.core.rng import Rng
from riotsim.games.quodd import RULESET, catalog
from riotsim.i18n import catalogs
from tests.quodd.helpers import position

# the Quodd translations written before the lead merges them into riotsim.po (may be gone)
TABLE = Path("/work/wt/it-tables/l1-quodd.json")
SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}


def _table() -> dict[str, str | list[str]]:
    return json.loads(TABLE.read_text(encoding="utf-8")) if TABLE.is_file() else {}


def _plurals() -> dict[str, str]:
    """singular msgid -> plural msgid of every ngettext in the Quodd code."""
    out = {}
    for where, _line, message, _context in catalogs.code_messages():
        if "games/quodd" in where and isinstance(message, tuple):
            out[message[0]] = message[1]
    return out


@pytest.fixture(scope="module")
def italian_catalog(tmp_path_factory):
    """The real Italian catalog with the Quodd table added, compiled to a temporary folder."""
    with catalogs.po_path("it").open("rb") as handle:
        po = read_po(handle, locale="it", domain=i18n.DOMAIN)
    plurals = _plurals()
    for key, text in _table().items():
        context, _sep, msgid = key.rpartition("\x04")
        if isinstance(text, list):
            po.add((msgid, plurals.get(msgid, msgid)), tuple(text), context=context or None)
        else:
            po.add(msgid, text, context=context or None)
    root = tmp_path_factory.mktemp("locale")
    folder = root / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{i18n.DOMAIN}.mo").open("wb") as handle:
        write_mo(handle, po)
    return root


@pytest.fixture
def speak(italian_catalog, monkeypatch):
    """``speak(lang)`` switches the language; English is restored after the test."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", italian_catalog)
    i18n._catalog.cache_clear()
    try:
        yield i18n.set_language
    finally:
        i18n.set_language("en")
        i18n._catalog.cache_clear()


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_every_quodd_translation_keeps_the_placeholders_of_its_english():
    """A translation that renames or drops a ``{placeholder}`` would fail when formatted."""
    plurals = _plurals()
    for key, text in _table().items():
        msgid = key.rpartition("\x04")[2]
        english = _fields(msgid) | _fields(plurals.get(msgid, ""))
        for form in text if isinstance(text, list) else [text]:
            assert _fields(form) <= english | {"n"}, (key, form)
            assert _fields(form) >= _fields(msgid) - {"n"}, (key, form)


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
