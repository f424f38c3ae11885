"""Issue 17, L1 and L2 in the game views: a view drawn in Italian shows the translation of its
own marked strings and of the content texts it shows (card names come from content YAML)."""

from __future__ import annotations

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

import riotsim.i18n as i18n
from riotsim.ui import draw as D


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


@pytest.fixture
def drawn(monkeypatch):
    """Every string the views render through riotsim.ui.draw, in order."""
    seen: list[str] = []
    real = D.render_text

    def record(font, s, colour):
        seen.append(s)
        return real(font, s, colour)

    monkeypatch.setattr(D, "render_text", record)
    return seen


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
