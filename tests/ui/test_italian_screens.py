"""Issue 17, L4: every screen, drawn in Italian at 1024x640, shows Italian and nothing cut off.

Each case builds a real scene headless with Italian spoken and records every text the screen
hands to the text renderer (whole texts before wrapping, and each drawn line). A case fails on
- a text that is an English catalog entry whose Italian exists (shown without ``_()``),
- a text with English words in it (a string never marked, or an English part pasted in),
- a text shortened with "..." because its Italian did not fit its box.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.pofile import read_po

import riotsim.i18n as i18n
from riotsim.i18n import catalogs
from riotsim.ui import draw

SIZE = (1024, 640)

# Words that are English and never Italian (short Italian words such as "a", "e", "in", "da",
# "non", "per", "con" are left out on purpose, and so are words Italian shares: "dice", "says").
ENGLISH_WORDS = frozenset(
    """the and of to your you with from this that these those is are was has have cannot can
    click pick take takes play plays move moves choose chooses when then each every its it for
    on at by an or be may must here there none until after before into onto who which what
    will would should their they them his her our we us not yet no-one nobody something
    anything left right up down back next last first turn turns card cards hand hands deck
    roll rolls rolled die hero heroes enemy enemies wins win won lost draw draws drawn
    game games player players move moved moving ends end ended start starts started over
    more less most least only also again still without""".split()  # noqa: SIM905
)
NAME_LIKE = re.compile(r"[A-Za-z][A-Za-z']*")


@cache
def _catalog() -> tuple[frozenset[str], tuple[str, ...], tuple[str, ...]]:
    """(English texts with a different Italian, the long ones among them, names kept as they
    are in Italian - proper names, identical entries)."""
    with catalogs.po_path("it").open("rb") as handle:
        po = read_po(handle, locale="it", domain=i18n.DOMAIN)
    english: set[str] = set()
    kept: set[str] = set()
    for message in po:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for msgid in ids:
            if "{" in msgid:  # a pattern: its filled-in form is what is drawn
                continue
            if any(s and s != msgid for s in strings):
                english.add(msgid)
            else:
                kept.add(msgid)
    long = tuple(sorted((m for m in english if len(m) >= 24), key=len, reverse=True))
    names = tuple(sorted(kept, key=len, reverse=True))
    return frozenset(english), long, names


@cache
def _ellipsis_texts() -> frozenset[str]:
    """Catalog texts that end in "..." themselves ("More...", "Hint: thinking..."), in both
    languages, patterns filled in or not: drawn as they are, they are not cut."""
    with catalogs.po_path("it").open("rb") as handle:
        po = read_po(handle, locale="it", domain=i18n.DOMAIN)
    out: set[str] = set()
    for message in po:
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        out.update(t for t in (*ids, *strings) if t and t.endswith("..."))
    return frozenset(out)


def _is_own_ellipsis(text: str) -> bool:
    """Whether ``text`` ends in "..." because its catalog entry does (a pattern's tail)."""
    return any(p.fullmatch(text) for p in _ellipsis_patterns())


@cache
def _ellipsis_patterns() -> tuple[re.Pattern[str], ...]:
    """Each catalog text ending in "..." as a pattern of the drawn text: its fields filled
    in, anything before it (a name and a dash, as the status line puts it)."""
    out = []
    for t in _ellipsis_texts():
        parts = re.split(r"\{[^{}]*\}", t)
        if not re.search(r"[^\W\d_]", "".join(parts)):
            continue  # "{name}...": it would pass any cut text
        body = ".+".join(re.escape(part) for part in parts)
        out.append(re.compile(body if "{" in t else f"(?:.*\\s)?{body}", re.S))
    # the status line's bot "thinking" with its 1 to 3 dots going round (the game scene)
    thinking = re.escape(i18n._("  - thinking").strip())
    out.append(re.compile(f".*{thinking}\\.{{1,3}}", re.S))
    return tuple(out)


class Recorder:
    """What one screen drew: every text and the texts that were cut with '...'."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.cut: list[str] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        render, wrap, fit = draw.render_text, draw.wrap, draw.fit

        def rendering(font, s, colour):
            self.texts.append(s)
            if s in fitted:  # a shortened text drawn (not only measured)
                self.cut.append(fitted[s])
            elif s.endswith("...") and not _is_own_ellipsis(s.strip()):
                self.cut.append(s)  # shortened word by word before it was drawn
            return render(font, s, colour)

        def wrapping(text, font, width):
            self.texts.append(text)
            return wrap(text, font, width)

        fitted: dict[str, str] = {}

        def fitting(text, font, width):
            shown = fit(text, font, width)
            if shown != text:
                fitted[shown] = text
            return shown

        monkeypatch.setattr(draw, "render_text", rendering)
        monkeypatch.setattr(draw, "wrap", wrapping)
        monkeypatch.setattr(draw, "fit", fitting)

    def problems(self, extra_names: tuple[str, ...] = ()) -> list[str]:
        english, long, names = _catalog()
        found: list[str] = []
        for text in dict.fromkeys(t.strip() for t in self.texts):
            if not text:
                continue
            if text in english:
                found.append(f"English shown: {text!r}")
                continue
            part = next((m for m in long if m in text), None)
            if part is not None:
                found.append(f"English part {part!r} in {text!r}")
                continue
            words = _english_words(text, names + extra_names)
            if words:
                found.append(f"English words {sorted(words)} in {text!r}")
        found += [f"cut off: {t!r}" for t in dict.fromkeys(self.cut)]
        return found


def _english_words(text: str, names: tuple[str, ...]) -> set[str]:
    for name in names:
        for form in (name, name.upper()):  # a title in capitals is still the title
            if len(form) > 2 and form in text:
                # whole words only: "bot" (a kept entry) is not taken out of "Giubbotto"
                # to leave an English-looking "to" behind
                whole = rf"(?<![^\W\d_]){re.escape(form)}(?![^\W\d_])"
                text = re.sub(whole, " ", text)
    return {w.lower() for w in NAME_LIKE.findall(text)} & ENGLISH_WORDS


@pytest.fixture
def italian_app(tmp_path, monkeypatch) -> Iterator[tuple[object, Recorder]]:
    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path / "home"))
    from riotsim.ui.app import App
    from riotsim.ui.settings import Settings

    i18n.set_language("it")
    draw.clear_text_caches()
    recorder = Recorder()
    recorder.install(monkeypatch)
    app = App(
        size=SIZE, settings=Settings(width=SIZE[0], height=SIZE[1], sound=False), headless=True
    )
    try:
        app.open_menu()
        yield app, recorder
    finally:
        for scene in list(app.stack.scenes):
            scene.leave()
        i18n.set_language("en")
        draw.clear_text_caches()


def _settle(app) -> None:
    app.tick(0.0)
    for _frame in range(600):
        view = getattr(app.stack.top, "view", None)
        if view is None or not view.animating():
            break
        app.tick(1 / 30)
    app.tick(0.0)


def _names(app) -> tuple[str, ...]:
    """Names never translated: the games' titles (products) and the players' own names."""
    from riotsim.core import registry

    titles = tuple(registry.get(game).name for game in registry.ids())
    match = getattr(app.stack.top, "match", None)
    setup = getattr(match, "setup", None)
    return titles + tuple(getattr(setup, "names", ()) or ())


def _check(app, recorder: Recorder) -> None:
    recorder.texts.clear()
    recorder.cut.clear()
    _settle(app)
    problems = recorder.problems(_names(app))
    assert not problems, "\n".join(problems)


GAMES = ("riotquest", "riot", "riot-pm", "quodd")


def test_the_menu_in_italian(italian_app):
    app, recorder = italian_app
    catalog = getattr(app.stack.top, "catalog", None)
    if catalog is not None:
        catalog.wait()
    _check(app, recorder)


@pytest.mark.parametrize("scene", ["settings", "lessons", "load"])
def test_the_app_screens_in_italian(italian_app, scene):
    app, recorder = italian_app
    app.stack.push(scene)
    _check(app, recorder)


@pytest.mark.parametrize("text_size", [1.0, 1.5])
def test_the_settings_notes_in_italian(italian_app, monkeypatch, text_size):
    """Both notes under the Settings panel (a UI scale larger than the window fits, a sound
    device that failed) are Italian and wrapped whole, between the panel and the buttons; at
    the largest text size too, where the panel starts lower under the heading and the slider
    labels take the room their words need."""
    from riotsim.ui import sound
    from riotsim.ui.scenes.common import heading_bottom

    app, recorder = italian_app
    monkeypatch.setattr(
        sound, "_state", {"ok": False, "on": True, "sounds": {}, "why": "", "detail": ""}
    )
    scene = app.stack.push("settings")
    scene.text_size.set(text_size)  # applied live: the screen is built again
    scene = app.stack.top
    sound._failed("the sound device did not open ({problem})", "ALSA -19")
    sound.configure(True)
    scene.sound.value = True
    scene.scale.value = 2.0
    _check(app, recorder)
    shown = " ".join(recorder.texts)
    assert "93%" in shown and "il dispositivo audio non si è aperto" in shown
    assert heading_bottom(app.theme) <= scene.panel.top
    assert scene.panel.bottom < scene.notes_bottom <= scene.back_button.rect.top


@pytest.mark.parametrize("lang", ["it", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
@pytest.mark.parametrize("ui_scale", ["auto", 2.0])
def test_the_settings_screen_at_each_ui_scale(tmp_path, monkeypatch, lang, size, ui_scale):
    """Settings in both languages on the smallest and a large window, with Auto and 200%: in
    its language, nothing cut, the widgets inside the window and apart, the UI scale's value
    (the scale really used) whole and clear of its track, and the held note exactly when the
    window holds 200% back (at 1024x640)."""
    import itertools

    import pygame

    from riotsim.ui.app import App
    from riotsim.ui.settings import Settings

    monkeypatch.setenv("RIOTSIM_HOME", str(tmp_path / "home"))
    i18n.set_language(lang)
    draw.clear_text_caches()
    recorder = Recorder()
    recorder.install(monkeypatch)
    app = App(size=size, settings=Settings(*size, ui_scale=ui_scale, sound=False), headless=True)
    try:
        app.open_menu()
        scene = app.stack.push("settings")
        recorder.texts.clear()
        recorder.cut.clear()
        _settle(app)
        if lang == "it":
            problems = recorder.problems(_names(app))
        else:
            problems = [f"cut off: {t!r}" for t in dict.fromkeys(recorder.cut)]
        assert not problems, "\n".join(problems)
        screen = pygame.Rect((0, 0), size)
        rects = [(w, w.rect) for w in scene.widgets if w.visible and w.rect.w > 0]
        for widget, rect in rects:
            assert screen.contains(rect), widget
        for (a, ra), (b, rb) in itertools.combinations(rects, 2):
            assert not ra.colliderect(rb), (a, b)
        slider = scene.scale
        shown = slider.fmt(slider.value)
        assert shown in recorder.texts
        value_w = draw.text_size(app.theme.fonts.get(16, "Medium"), shown)[0]
        assert slider.rect.right - value_w > slider._track().right  # clear of the track
        held = size == (1024, 640) and ui_scale == 2.0
        assert ("(93%)" in shown) == held
        assert any("93%" in t for t in recorder.texts if t != shown) == held  # the note
        assert scene.panel.bottom < scene.notes_bottom <= scene.back_button.rect.top
    finally:
        for s in list(app.stack.scenes):
            s.leave()
        i18n.set_language("en")
        draw.clear_text_caches()


@pytest.mark.parametrize("game", GAMES)
def test_the_setup_screen_in_italian(italian_app, game):
    app, recorder = italian_app
    app.stack.push("setup", game)
    _check(app, recorder)


def _play(app, game: str, actions: int, scenario: str | None = None, players=None) -> None:
    from riotsim.ui.screenshot import _build_game

    _build_game(app, game, 1, actions, False, scenario, None, players)


@pytest.mark.parametrize("actions", [0, 12, 40])
@pytest.mark.parametrize("game", GAMES)
def test_a_game_in_italian(italian_app, game, actions):
    app, recorder = italian_app
    _play(app, game, actions)
    _check(app, recorder)


@pytest.mark.parametrize(
    ("scenario", "players"),
    [
        ("tutorial_1", None),
        ("solo_bomb_alley", None),
        ("coop_crystal_relay", 2),
        ("teams_crystal_clash", 4),
        ("overlord_vault", 3),
        ("coop_buddy_rally", 2),
        ("solo_time_trial", None),
    ],
)
def test_quodd_modes_in_italian(italian_app, scenario, players):
    app, recorder = italian_app
    _play(app, "quodd", 8, scenario, players)
    _check(app, recorder)


@pytest.mark.parametrize("game", GAMES)
def test_the_pause_menu_and_the_log_in_italian(italian_app, game):
    app, recorder = italian_app
    _play(app, game, 10)
    game_scene = app.stack.top
    app.stack.push("pause", game_scene)
    _check(app, recorder)
    app.stack.pop()
    app.stack.push("log", game_scene)
    _check(app, recorder)


@pytest.mark.parametrize("game", GAMES)
def test_the_summary_in_italian(italian_app, game):
    from riotsim.ui.screenshot import _build_game

    app, recorder = italian_app
    _build_game(app, game, 1, 0, True)
    assert app.stack.top.__class__.__name__ == "SummaryScene"
    _check(app, recorder)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_reference_and_the_hand_off_in_italian(italian_app, game):
    app, recorder = italian_app
    _play(app, game, 6)
    game_scene = app.stack.top
    game_scene.covered, game_scene.viewer_seat = True, None  # the hand-off screen up
    _check(app, recorder)
    game_scene.covered = False
    game_scene.open_reference()
    _check(app, recorder)


# Quodd teaches through its tutorial scenarios (the modes cases above), not lessons
@pytest.mark.parametrize("game", ("riotquest", "riot", "riot-pm"))
def test_a_lesson_card_in_italian(italian_app, game):
    from riotsim.core.lessons import load_lessons
    from riotsim.ui.scenes.opening import start_lesson

    app, recorder = italian_app
    lessons = load_lessons(game)
    assert lessons, f"{game} has no lesson"
    start_lesson(app, lessons[0])
    while app.stack.top.__class__.__name__ != "GameScene":  # the intro message over it
        app.stack.pop()
    _check(app, recorder)


def test_a_replay_in_italian(italian_app):
    from riotsim.core import registry

    app, recorder = italian_app
    _play(app, "riot", 12)
    match = app.stack.top.match
    replay = app.make_scene(
        "replay", registry.get("riot"), match.setup, list(match.log), "riot", None
    )
    app.stack.push(replay)
    _check(app, recorder)


def test_the_quodd_modes_screen_and_deck_editor_in_italian(italian_app):
    app, recorder = italian_app
    app.stack.push("setup", "quodd")
    setup_scene = app.stack.top
    app.stack.push("quodd_setup", setup_scene)
    _check(app, recorder)
    app.stack.push("quodd_deck", app.stack.top)
    _check(app, recorder)


def test_the_open_map_screen_in_italian(italian_app):
    from riotsim.paths import maps_dir

    app, recorder = italian_app
    app.stack.push("open_map", lambda path: None, maps_dir() / "quodd")
    _check(app, recorder)


def test_the_map_lab_in_italian(italian_app):
    from riotsim.paths import maps_dir
    from riotsim.ui.scenes.lab import MapLabScene

    app, recorder = italian_app
    lab = MapLabScene(
        app, maps_dir() / "riot" / sorted(p.name for p in (maps_dir() / "riot").glob("*.tmx"))[0]
    )
    app.stack.push(lab)
    lab.wait()
    _check(app, recorder)
