"""Widgets: keyboard focus, text input, choices, sliders, lists, scroll panels."""

from __future__ import annotations

import pygame

from riotsim.ui.widgets import Button, Choice, FocusGroup, ListView, Slider, TextInput, Toggle
from riotsim.ui.widgets.listview import Row
from riotsim.ui.widgets.scrollpanel import ScrollPanel, markdown_blocks


def test_focus_moves_with_tab_and_skips_disabled_buttons():
    pressed = []
    a = Button("A", lambda: pressed.append("a"))
    b = Button("B", lambda: pressed.append("b"), enabled=False)
    c = Button("C", lambda: pressed.append("c"))
    group = FocusGroup([a, b, c])
    group.key("tab")
    assert group.current is a and a.focused
    group.key("tab")
    assert group.current is c
    group.key("return")
    group.key("shift+tab")
    group.key("space")
    assert pressed == ["c", "a"]


def test_click_focuses_and_activates():
    pressed = []
    a = Button("A", lambda: pressed.append("a"))
    a.rect = pygame.Rect(10, 10, 100, 40)
    group = FocusGroup([a])
    assert group.click((20, 20))
    assert pressed == ["a"] and group.current is a
    assert not group.click((500, 500))


def test_text_input_takes_typed_text_and_backspace():
    seen = []
    field = TextInput("Ro", seen.append, max_len=5)
    field.focused = True
    field.text("sa!!")
    assert field.value == "Rosa!"  # cut at max_len
    field.key("backspace")
    assert field.value == "Rosa" and seen[-1] == "Rosa"
    assert field.key("q")  # letters are swallowed as keys (they arrive as text)


def test_choice_cycles_with_arrows_and_clicks():
    seen = []
    choice = Choice(["a", "b", "c"], "b", seen.append)
    choice.rect = pygame.Rect(0, 0, 200, 40)
    choice.key("right")
    choice.key("right")
    assert choice.value == "a"
    choice.click((5, 20))  # left arrow
    assert choice.value == "c" and seen == ["c", "a", "c"]


def test_slider_snaps_and_clamps():
    slider = Slider("x", 0.5, 3.0, 1.0, 0.25)
    slider.key("left")
    slider.key("left")
    slider.key("left")
    assert slider.value == 0.5
    slider.rect = pygame.Rect(0, 0, 500, 40)
    slider.click((slider._track().right, 20))
    assert slider.value == 3.0


def test_toggle_and_list():
    toggle = Toggle("Sound", True)
    toggle.activate()
    assert toggle.value is False
    picked = []
    listing = ListView([Row("one"), Row("two"), Row("three")], on_activate=picked.append)
    listing.key("down")
    listing.key("down")
    listing.key("down")
    assert listing.current.title == "three"
    listing.activate()
    assert picked[0].title == "three"


def test_markdown_blocks_and_scrolling(app):
    blocks = markdown_blocks("# Title\n\nSome **bold** text\nwrapped.\n\n## Part\n- one\n- two\n")
    assert blocks == [
        ("h1", "Title"),
        ("p", "Some bold text wrapped."),
        ("h2", "Part"),
        ("li", "one"),
        ("li", "two"),
    ]
    panel = ScrollPanel(blocks * 30)
    panel.rect = pygame.Rect(0, 0, 400, 200)
    panel.draw(app.screen, app.theme)
    panel.key("end")
    panel.draw(app.screen, app.theme)
    assert panel.offset == panel.content_height(app.theme) - (200 - 2 * app.theme.px(18))
    panel.key("home")
    panel.draw(app.screen, app.theme)
    assert panel.offset == 0


def test_a_suggested_text_is_replaced_by_typing_and_kept_by_arrows():
    from riotsim.ui.widgets import TextInput

    field = TextInput("Riot Quest 2026-11-30 09-00")
    field.focused = True
    field.select_all()
    field.text("Final")
    assert field.value == "Final"
    field.select_all()
    field.key("backspace")
    assert field.value == ""
    keep = TextInput("Autosave")
    keep.focused = True
    keep.select_all()
    keep.key("end")
    keep.text(" 2")
    assert keep.value == "Autosave 2"


def test_save_prompt_suggests_a_readable_name(app):
    from ui_helpers import start_toy

    from riotsim.ui.widgets.dialog import PromptDialog

    game = start_toy(app)
    game.pause()
    app.stack.top.save()
    prompt = app.stack.top
    assert isinstance(prompt, PromptDialog)
    assert prompt.input.value.startswith("Card Sprint ")
    prompt.text("Before the finish")
    prompt.key("return")
    assert "Before the finish" in app.stack.top.message


def test_markdown_lists_join_wrapped_lines_nest_and_number():
    text = (
        "- **Decks and arena.** Either agree on the decks\n"
        "  or roll a d6 each.\n"
        "  - *Vanilla*: 5-10 heroes.\n"
        "1. **Priority Roll**: six dice each,\n"
        "   most strikes wins.\n"
        "2. `Go Time`.\n"
        "\n"
        "| action | cost |\n"
        "|---|---|\n"
        "| Run | 1 die |\n"
    )
    assert markdown_blocks(text) == [
        ("li", "Decks and arena. Either agree on the decks or roll a d6 each."),
        ("li2", "Vanilla: 5-10 heroes."),
        ("ol", "1.  Priority Roll: six dice each, most strikes wins."),
        ("ol", "2.  Go Time."),
        ("dim", "action  |  cost"),
        ("li", "Run  |  1 die"),
    ]


def test_every_rules_reference_reads_without_markdown_markers():
    from riotsim.paths import data_dir

    for path in sorted(data_dir().glob("*/reference.md")):
        for _style, text in markdown_blocks(path.read_text(encoding="utf-8")):
            assert "**" not in text, f"{path}: {text[:60]}"
            assert not text.startswith(("- ", "* ")), f"{path}: {text[:60]}"
