"""The language layer: switching while running, plurals, numbers, the catalogs' build."""

from __future__ import annotations

import json

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

import riotsim.i18n as i18n
from riotsim.i18n import catalogs


@pytest.fixture
def italian(tmp_path, monkeypatch):
    """A small Italian catalog in a temporary locale folder, spoken for the test."""
    catalog = Catalog(locale="it", domain=i18n.DOMAIN)
    catalog.add("Undo", "Annulla")
    catalog.add(("{n} round", "{n} rounds"), ("{n} round", "{n} round", "{n} round"))
    catalog.add("Play", "Gioca")
    catalog.add("Play", "Opera", context="card")
    folder = tmp_path / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{i18n.DOMAIN}.mo").open("wb") as handle:
        write_mo(handle, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n._catalog.cache_clear()
    yield
    i18n.set_language("en")
    i18n._catalog.cache_clear()


def test_switching_language_while_running_changes_every_lookup(italian):
    heard: list[str] = []
    stop = i18n.on_change(heard.append)
    assert i18n.set_language("it") == "it"
    assert (i18n._("Undo"), i18n._("Not translated yet")) == ("Annulla", "Not translated yet")
    assert i18n.pgettext("card", "Play") == "Opera" and i18n._("Play") == "Gioca"
    i18n.set_language("en")
    assert i18n._("Undo") == "Undo"
    stop()
    i18n.set_language("it")
    assert heard == ["it", "en"]  # told of each change until it stopped listening


def test_plural_forms_follow_the_language(italian):
    i18n.set_language("it")
    assert i18n.ngettext("{n} round", "{n} rounds", 1) == "{n} round"
    assert i18n.ngettext("{n} round", "{n} rounds", 5) == "{n} round"
    i18n.set_language("en")
    assert i18n.ngettext("{n} round", "{n} rounds", 1) == "{n} round"
    assert i18n.ngettext("{n} round", "{n} rounds", 5) == "{n} rounds"


def test_numbers_and_dates_are_written_the_languages_way(italian):
    from datetime import date

    i18n.set_language("it")
    assert i18n.format_number(1234.5) == "1.234,5"
    assert i18n.format_percent(0.25) == "25%"
    assert i18n.format_when(date(2026, 12, 1)) == "1 dic 2026"
    i18n.set_language("en")
    assert i18n.format_number(1234.5) == "1,234.5"
    assert i18n.format_when(date(2026, 12, 1)) == "1 Dec 2026"


def test_language_settings_resolve_and_bad_ones_are_named():
    assert i18n.system_language({"LANGUAGE": "it:en", "LANG": "C"}) == "it"
    assert i18n.system_language({"LANG": "C.UTF-8"}) == "en"
    assert i18n.resolve("it") == "it"
    with pytest.raises(ValueError, match="unknown language 'fr'; riotsim speaks: en, it"):
        i18n.set_language("fr")


def test_a_missing_catalog_speaks_english(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n._catalog.cache_clear()
    try:
        i18n.set_language("it")
        assert i18n._("Undo") == "Undo"
    finally:
        i18n.set_language("en")
        i18n._catalog.cache_clear()


def test_content_texts_are_in_the_template():
    """Card names and texts come from the YAML into the catalog: content stays in one place."""
    texts = {text for _file, text in catalogs.content_messages()}
    from riotsim.games.riotquest.content import load_content

    gear = next(iter(load_content().gear.values()))
    assert gear.name in texts and gear.text in texts


def test_the_shipped_compiled_catalogs_match_their_sources():
    for lang in i18n.LANGUAGES:
        if lang == i18n.SOURCE:
            continue
        assert catalogs.mo_path(lang).read_bytes() == catalogs.compiled(lang), (
            f"{catalogs.mo_path(lang)} is stale: run python -m riotsim.i18n.catalogs compile"
        )


def test_the_command_line_speaks_the_language_asked_for(monkeypatch):
    from riotsim.cli import main

    monkeypatch.setenv("RIOTSIM_LANG", "it")
    try:
        assert main(["check-data"]) == 0
        assert i18n.language() == "it"  # the system's (here RIOTSIM_LANG) without --lang
        assert main(["--lang", "en", "check-data"]) == 0
        assert i18n.language() == "en"
    finally:
        i18n.set_language("en")
    assert main(["--lang", "fr", "check-data"]) == 2


def test_every_marked_string_and_content_text_has_its_italian():
    """Issue 17: a string shown to players and missing from a catalog fails here. After
    marking a string, run `python -m riotsim.i18n.catalogs update`, translate, `compile`."""
    assert catalogs.problems("it") == []


def test_the_real_italian_catalog_speaks_on_the_command_line(capsys):
    from riotsim.cli import main

    try:
        assert main(["--lang", "it", "check-data"]) == 0
        assert capsys.readouterr().out.strip() == "OK: contenuti inclusi, nessun problema"
        assert main(["--lang", "it", "simulate", "riot-pm", "--games", "1", "--quiet"]) == 0
        out = capsys.readouterr().out
        assert "senza vincitore" in out and "azioni/s" in out
    finally:
        i18n.set_language("en")


def test_list_fields_of_content_are_extracted_item_by_item():
    """Issue 17, L2: a Quodd scenario's round-by-round hints (a list under ``hints``) are
    catalog entries like every other content text."""
    texts = {text for _file, text in catalogs.content_messages()}
    from riotsim.games.quodd import catalog

    hints = [hint for spec in catalog.scenarios().values() for hint in spec.hints]
    assert hints and all(hint in texts for hint in hints)


# -- the rules never depend on the language ------------------------------------------------

PLAYOUT_ACTIONS = 250


def _playout_case(game: str) -> dict:
    from golden_playouts import CASES

    found = next((c for c in CASES if c["game"] == game and c["bots"] == "random"), None)
    return found or {"game": game, "seats": 2, "bots": "random", "seed": 7, "scenario": None}


def _playout(case: dict, lang: str) -> tuple[dict, list[str]]:
    """A seeded random game spoken in ``lang``: its digests (every legal-action list, action,
    event and the final hash) and the actions played. Each action is also described and the
    seat's menu built, so the translated texts are made on the way."""
    from riotsim.ai import get_bot
    from riotsim.core import registry
    from riotsim.core.contract import GameSetup, PlayerSpec, canonical_json, digest

    i18n.set_language(lang)
    assert (i18n._("Undo") == "Annulla") == (lang == "it")  # the real catalog is spoken
    rules = registry.get(case["game"])
    players = tuple(PlayerSpec(f"P{i + 1}", bot="random") for i in range(case["seats"]))
    setup = GameSetup(players, seed=case["seed"], scenario=case["scenario"])
    state = rules.new_state(setup)
    bots = [get_bot("random", case["seed"] * 10 + i) for i in range(case["seats"])]
    legal_texts: list[str] = []
    played: list[str] = []
    events: list[str] = []
    while len(played) < PLAYOUT_ACTIONS and (seat := rules.to_move(state)) is not None:
        legal = rules.legal_actions(state)
        legal_texts.append(";".join(str(a) for a in legal))
        seen = rules.view(state, seat) if rules.hidden_information else state
        action = bots[seat].choose(rules, seen, legal, 1.0)
        assert rules.describe(state, action)
        rules.action_menu(state)
        played.append(str(action))
        events.extend(canonical_json(e.to_json()) for e in rules.apply(state, action))
    digests = {
        "legal": digest(legal_texts),
        "actions": digest(played),
        "events": digest(events),
        "final_hash": rules.state_hash(state),
    }
    return digests, played


def _game_ids() -> list[str]:
    from riotsim.core import registry

    return list(registry.ids())


@pytest.mark.parametrize("game", _game_ids())
def test_a_game_played_in_italian_is_the_game_played_in_english(game):
    """Issue 17, L1: "no rule depends on the language". A seeded random playout of every
    registered game gives the same legal actions, actions, events and final hash under Italian
    (the real catalog) as under English."""
    case = _playout_case(game)
    try:
        italian, played = _playout(case, "it")
        english, _played = _playout(case, "en")
    finally:
        i18n.set_language("en")
    assert played, f"{game}: the playout made no move"
    assert italian == english


@pytest.mark.parametrize("game", _game_ids())
def test_a_save_written_in_italian_loads_in_english_identically(game, tmp_path):
    """Issue 17, L1: a save holds data, never words of the language spoken: one written under
    Italian loads under English to the same state and log, and holds what the same game saved
    under English holds."""
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.core.match import Match

    case = _playout_case(game)
    players = tuple(PlayerSpec(f"P{i + 1}", bot="random") for i in range(case["seats"]))
    setup = GameSetup(players, seed=case["seed"], scenario=case["scenario"])
    _digests, played = _playout(case, "en")
    saved = {}
    try:
        for lang in ("it", "en"):
            i18n.set_language(lang)
            match = Match.new(game, setup)
            for text in played:
                match.apply(text)
            match.save(tmp_path / f"{lang}.json")
            saved[lang] = match
        i18n.set_language("en")
        loaded = Match.load(tmp_path / "it.json")
    finally:
        i18n.set_language("en")
    assert loaded.state_hash() == saved["it"].state_hash() == saved["en"].state_hash()
    assert [str(a) for a in loaded.log] == played
    files = {}
    for lang in ("it", "en"):
        raw = json.loads((tmp_path / f"{lang}.json").read_text(encoding="utf-8"))
        raw.pop("saved_at")
        files[lang] = raw
    assert files["it"] == files["en"]
