"""Issue 17, L2 (docs/i18n-and-access.md): each game's rules reference has an Italian twin,
``data/<game>/reference.it.md``, read when Italian is spoken. The twin keeps the English
structure (headings, lists, tables, link targets, "our ruling" marks) so the reference scene's
contents, its search and the way in from a refused move work the same in both languages."""

from __future__ import annotations

import re

import pytest

from riotsim import i18n
from riotsim.core import registry
from riotsim.paths import data_dir
from riotsim.ui.scenes import reference
from riotsim.ui.widgets.scrollpanel import markdown_blocks

GAMES = ["riotquest", "riot", "riot-pm", "quodd"]
LINK = re.compile(r"\]\(([^)]*)\)")


def texts(game: str) -> tuple[str, str]:
    folder = data_dir() / game
    english = (folder / "reference.md").read_text(encoding="utf-8")
    return english, (folder / "reference.it.md").read_text(encoding="utf-8")


def headings(text: str) -> list[int]:
    """The level of every Markdown heading, in order."""
    return [len(line) - len(line.lstrip("#")) for line in text.splitlines() if line[:1] == "#"]


@pytest.mark.parametrize("game", GAMES)
def test_the_italian_reference_has_the_english_headings(game):
    english, italian = texts(game)
    assert headings(italian) == headings(english)
    assert headings(english).count(2) >= 5  # a real reference, not an empty one


@pytest.mark.parametrize("game", GAMES)
def test_the_italian_reference_has_the_english_blocks_links_and_ruling_marks(game):
    """Same lists, numbered steps, table rows and paragraphs in the same order; the same link
    targets; as many rulings marked (riotsim's "(riotsim)", Quodd's "our ruling")."""
    english, italian = texts(game)
    assert [s for s, _ in markdown_blocks(italian)] == [s for s, _ in markdown_blocks(english)]
    assert LINK.findall(italian) == LINK.findall(english)
    assert italian.count("(riotsim)") == english.count("(riotsim)")
    ours = len(re.findall(r"our ruling", english, re.IGNORECASE))
    assert len(re.findall(r"nostr[ae] decision[ei]", italian, re.IGNORECASE)) == ours


@pytest.fixture
def app(tmp_path, monkeypatch):
    """An App at 1024x640 on the dummy video driver, speaking English until asked."""
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path / "home"))
    from riotsim.ui.app import App
    from riotsim.ui.settings import Settings

    application = App(size=(1024, 640), settings=Settings(anim_speed=3.0), headless=True)
    application.open_menu()
    yield application
    i18n.set_language("en")
    for scene in list(application.stack.scenes):
        scene.leave()


def shown_lines(scene) -> list[str]:
    """The lines of the reference text the panel has drawn."""
    layout = scene.content._layout_lines(scene.theme, max(10, scene.content._inner(scene.theme).w))
    return [layout.lines[i][1] for i in sorted(layout.images)]


def h2s(text: str) -> list[str]:
    return [t for s, t in markdown_blocks(text) if s == "h2"]


@pytest.mark.parametrize("game", GAMES)
def test_with_italian_spoken_the_reference_scene_shows_the_italian_text(app, drawn, game):
    english, italian = texts(game)
    i18n.set_language("it")
    scene = app.stack.push("reference", game, registry.get(game))
    app.tick(1 / 30)
    assert reference.reference_path(game).name == "reference.it.md"
    labels = [b.label for _, b in scene.contents]
    assert labels == [h.split(" (")[0] for h in h2s(italian)]
    lines = shown_lines(scene)
    title = markdown_blocks(italian)[0][1]
    assert title in lines and markdown_blocks(english)[0][1] not in lines
    assert any(line.startswith(labels[0]) for line in lines)  # the first section is on screen
    assert any("riferimento alle regole" in s for s in drawn)  # the scene's title, translated
    assert "Chiudi" in drawn
    i18n.set_language("en")  # switched back: the open reference reads English again
    assert [b.label for _, b in scene.contents] == [h.split(" (")[0] for h in h2s(english)]


@pytest.mark.parametrize(
    "topic, section",
    [
        ("A turn", "Un turno"),
        ("Skills", "Abilità"),
        ("Cards", "Carte"),
        ("Board elements", "Elementi del tabellone"),
        ("Co-op, teams and overlord", "Cooperativo, squadre e Dominatore"),
    ],
)
def test_a_refusal_opens_the_italian_reference_at_its_rule(app, topic, section):
    """Quodd's refusals name an English section (quodd/refusals.py): in Italian the reference
    opens at the Italian section in the same place, not at a search for English words."""
    from riotsim.games.quodd import refusals

    named = (refusals.TURN, refusals.SKILLS, refusals.CARDS, refusals.ELEMENTS, refusals.SHARING)
    assert topic in named
    i18n.set_language("it")
    scene = app.stack.push("reference", "quodd", registry.get("quodd"), topic)
    assert scene.query.value == ""
    top = scene.content.blocks[scene.content.first_visible_block(app.theme)]
    assert top == ("h2", section)


def test_a_refusal_naming_a_move_opens_the_italian_reference_where_english_mentions_it(app):
    """Riot Quest and RIOT refusals name their move ("raid"): in Italian the reference opens
    at the section in the place of the first English section that mentions it."""
    english, italian = texts("riotquest")
    assert reference.english_section("riotquest", "raid") is None  # English: nothing to map
    i18n.set_language("it")
    nth = reference.english_section("riotquest", "raid")
    assert nth is not None
    heading, body = [s for s in reference.sections(markdown_blocks(english)) if s[0]][nth]
    assert any("raid" in text.lower() for _, text in body)
    assert not any("raid" in text.lower() for _, text in markdown_blocks(italian))
    scene = app.stack.push("reference", "riotquest", registry.get("riotquest"), "raid")
    top = scene.content.blocks[scene.content.first_visible_block(app.theme)]
    assert top == ("h2", h2s(italian)[nth])


@pytest.mark.parametrize("game", GAMES)
def test_the_italian_reference_reads_without_markdown_markers(game):
    """As test_ui_widgets checks for the English ones: no ``**`` or bullet left in a block."""
    _english, italian = texts(game)
    for _style, text in markdown_blocks(italian):
        assert "**" not in text and not text.startswith(("- ", "* ")), text[:60]


@pytest.mark.parametrize("game", GAMES)
def test_the_italian_contents_fit_their_buttons_at_1024x640(app, game):
    """Italian runs longer: every section name in the contents column fits its button (the
    button's smaller font, its padding) in the smallest window the issue names."""
    i18n.set_language("it")
    scene = app.stack.push("reference", game, registry.get(game))
    app.tick(1 / 30)
    theme = scene.theme
    for _index, button in scene.contents:
        font = theme.fonts.get(button.size * 0.85, "Medium")
        room = button.rect.w - 2 * theme.px(10)
        assert font.size(button.label)[0] <= room, button.label


@pytest.mark.parametrize("game", GAMES)
def test_every_line_of_the_italian_reference_fits_the_panel_at_1024x640(app, game):
    """No line runs past the panel's right edge, the later lines of a numbered step included
    (they sit under the step's text, so they wrap narrower)."""
    i18n.set_language("it")
    scene = app.stack.push("reference", game, registry.get(game))
    app.tick(1 / 30)
    theme, panel = scene.theme, scene.content
    inner = panel._inner(theme)
    layout = panel._layout_lines(theme, inner.w)
    for index, (_style, text, _y, indent, _bullet) in enumerate(layout.lines):
        width = panel._line_image(theme, layout, index).get_width()
        assert indent + width <= inner.w, text
