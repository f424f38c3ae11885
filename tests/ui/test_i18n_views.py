"""Issue 17, L1 and L2 in the game views: a view drawn in Italian shows the translation of its
own marked strings and of the content texts it shows (card names come from content YAML)."""

from __future__ import annotations

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

import riotsim.i18n as i18n


@pytest.fixture
def speak(tmp_path, monkeypatch):
    """Speak Italian from a small temporary catalog: ``speak({"English": "Italiano"})``."""

    def go(entries: dict[str, str]) -> None:
        catalog = Catalog(locale="it", domain=i18n.DOMAIN)
        for english, italian in entries.items():
            catalog.add(english, italian)
        folder = tmp_path / "it" / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / f"{i18n.DOMAIN}.mo").open("wb") as handle:
            write_mo(handle, catalog)
        monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
        i18n._catalog.cache_clear()
        i18n.set_language("it")

    yield go
    i18n.set_language("en")
    i18n._catalog.cache_clear()


def test_riotquest_view_in_italian_shows_translated_marks_and_card_names(speak, drawn):
    from riotsim.games.riotquest.content import content
    from tests.ui.test_riotquest_view import make_view

    gear = content().gear["bang_rounds"].name
    speak({"GAME LOG": "REGISTRO", gear: "Colpi Bang", "Bench": "Panchina"})
    _host, view = make_view(viewer=0)
    view.draw(pygame.Surface((1280, 800)))
    assert "REGISTRO" in drawn and "GAME LOG" not in drawn
    assert "Colpi Bang" in drawn and gear not in drawn  # the hand's gear chip
    assert "Panchina" in drawn


def _riot_scene(app, game: str, players: int):
    from tests.ui.test_riot_view import reveal, start

    scene = start(app, game, players)
    reveal(app, scene)
    return scene


def test_riot_view_in_italian_shows_translated_tracks_and_team_names(app, speak, drawn):
    from riotsim.games.riot.content import content

    team = content().teams["police"].label  # a content text: the team's name
    scene = _riot_scene(app, "riot", 3)
    speak({"PUBLIC OPINION": "OPINIONE PUBBLICA", team: "Polizia"})
    drawn.clear()  # only what is drawn in Italian
    scene.draw(pygame.Surface(app.screen.get_size()))
    assert "OPINIONE PUBBLICA" in drawn and "PUBLIC OPINION" not in drawn
    assert any("Polizia" in s for s in drawn) and not any(team in s for s in drawn)


def test_riot_pm_view_in_italian_shows_translated_track_legend(app, speak, drawn):
    scene = _riot_scene(app, "riot-pm", 2)
    speak({"first to 5 on either track wins": "vince chi arriva a 5", "Police": "Polizia"})
    drawn.clear()
    scene.draw(pygame.Surface(app.screen.get_size()))
    assert "vince chi arriva a 5" in drawn and "first to 5 on either track wins" not in drawn
    assert any("Polizia" in s for s in drawn)


def test_quodd_view_in_italian_shows_translated_panel_and_scenario_name(speak, drawn):
    from riotsim.games.quodd import catalog
    from tests.ui.test_quodd_view import make_view

    title = catalog.scenarios()["tutorial_1"].name  # a content text: the scenario's name
    speak({title: "Tutorial 1 in italiano", "Round {n} of {limit}": "Round {n} di {limit}"})
    _host, view = make_view()
    view.draw(pygame.Surface((1280, 800)))
    assert "TUTORIAL 1 IN ITALIANO" in drawn  # the panel's title, in capitals
    assert title.upper() not in drawn
    assert "Round 1 di 8" in drawn and "Round 1 of 8" not in drawn


def test_generic_view_in_italian_shows_translated_panels(app, speak, drawn):
    from ui_helpers import frames, start_toy

    scene = start_toy(app)
    frames(app, 1)
    if scene.covered:
        scene.reveal()
    speak({"What happened": "Cos'è successo", "{name}, your move": "{name}, tocca a te"})
    drawn.clear()
    scene.draw(pygame.Surface(app.screen.get_size()))
    assert "COS'È SUCCESSO" in drawn and "WHAT HAPPENED" not in drawn
    assert "Rosa, tocca a te" in drawn
