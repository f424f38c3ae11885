"""The rules reference (F1): table of contents, search, wrapping, and the way in from a
refused move (issue 14, "Teach each game")."""

from __future__ import annotations

import pytest
from ui_helpers import frames, start_toy

from riotsim.core import registry
from riotsim.core.contract import Action
from riotsim.ui.scenes import reference
from riotsim.ui.scenes.reference import ReferenceScene

DETAILS = "".join(
    f"- Winning detail {i}: a long line so that the text scrolls.\n" for i in range(40)
)
TEXT = f"""# Card Sprint

Race to the end of the track.

## Turn
- Roll the die and move, or play a card.

## Cards
- A card moves you its value; you must hold it.
- Cards are dealt at the start.

## Winning
- The first runner to reach the end wins.
{DETAILS}"""


@pytest.fixture
def ref(tmp_path, monkeypatch):
    path = tmp_path / "reference.md"
    path.write_text(TEXT, encoding="utf-8")
    monkeypatch.setattr(reference, "reference_path", lambda game_id: path)
    return path


def open_reference(app, topic: str = "") -> ReferenceScene:
    scene = app.stack.push("reference", "uitoy", registry.get("uitoy-open"), topic)
    frames(app, 1)
    return scene


def test_the_contents_list_every_section_and_jump_to_it(app, ref):
    scene = open_reference(app)
    assert [b.label for _, b in scene.contents] == ["Turn", "Cards", "Winning"]
    index, cards = scene.contents[1]
    cards.activate()
    frames(app, 1)
    assert scene.content.first_visible_block(app.theme) == index
    assert cards.selected and not scene.contents[0][1].selected  # the section being read


def test_typing_searches_the_sections(app, ref):
    scene = open_reference(app)
    for ch in "hold":
        scene.text(ch)
    assert scene.content.blocks == [
        ("h2", "Cards"),
        ("li", "A card moves you its value; you must hold it."),
    ]
    assert scene.matches() == 1
    scene.key("escape")  # first Escape clears the search
    assert scene.query.value == "" and scene.matches() == 3
    assert app.stack.top is scene
    for ch in "zebra":
        scene.text(ch)
    assert scene.content.blocks == []
    frames(app, 1)  # draws "No rule mentions ..."


def test_a_refused_move_opens_the_reference_at_its_rule(app, ref):
    game = start_toy(app, game="uitoy-open")
    assert not game.submit(Action.make("play", card=9))
    assert "F1: the rule" in game.notices[-1][0]
    game.key("f1")
    scene = app.stack.top
    assert isinstance(scene, ReferenceScene)
    cards = next(i for i, b in scene.contents if b.label == "Cards")
    assert scene.content.first_visible_block(app.theme) == cards


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440), (800, 500)])
def test_the_reference_fits_the_window(app, ref, size):
    import pygame

    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    scene = open_reference(app)
    window = pygame.Rect(0, 0, *app.size)
    assert window.contains(scene.panel)
    for rect in [scene.query.rect, scene.content.rect, scene.close.rect]:
        assert scene.panel.contains(rect)
    assert not scene.content.rect.colliderect(scene.toc_rect) or scene.toc_rect.w == 0


def test_a_refusal_naming_no_rule_opens_the_reference_searching_its_move(app, ref):
    game = start_toy(app, game="uitoy-open")
    assert not game.submit(Action.make("draw"))  # not a move of this game here: no rule named
    game.key("f1")
    scene = app.stack.top
    assert isinstance(scene, ReferenceScene) and scene.query.value == "draw"
