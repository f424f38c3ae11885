"""Test set-up: headless SDL and a throw-away user folder, before anything imports pygame."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["RIOTSIM_HOME"] = tempfile.mkdtemp(prefix="riotsim-test-home-")
os.environ["RIOTSIM_LANG"] = "en"  # tests read English; Italian is tested by asking for it


# -- Italian from a few entries (the core tests of broken saves and maps) ------------------
import pytest  # noqa: E402 - after the environment above, before any test imports pygame
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402

import riotsim.i18n as i18n  # noqa: E402


@pytest.fixture
def speak_italian(tmp_path, monkeypatch):
    """``speak_italian({msgid: italian, ...})``: speak Italian from a catalog of just those
    entries (a key ``"context\\x04msgid"`` has a context) until the test ends; with
    ``now=False`` the catalog is only put in place, for the test to switch to."""

    def speak(entries: dict[str, str], now: bool = True) -> None:
        catalog = Catalog(locale="it", domain=i18n.DOMAIN)
        for key, text in entries.items():
            context, _sep, message = key.rpartition("\x04")
            catalog.add(message, text, context=context or None)
        folder = tmp_path / "locale" / "it" / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / f"{i18n.DOMAIN}.mo").open("wb") as handle:
            write_mo(handle, catalog)
        monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
        i18n._catalog.cache_clear()
        if now:  # else the test switches when it is ready
            i18n.set_language("it")

    yield speak
    i18n.set_language("en")
    i18n._catalog.cache_clear()


@pytest.fixture
def drawn(monkeypatch):
    """Every string drawn through riotsim.ui.draw's text renderer (titles, buttons), in order."""
    from riotsim.ui import draw

    seen: list[str] = []
    real = draw.render_text

    def record(font, s, colour):
        seen.append(s)
        return real(font, s, colour)

    monkeypatch.setattr(draw, "render_text", record)
    return seen
